//! The NIST PQC KAT `randombytes()`: AES-256 CTR_DRBG (SP 800-90A) without a derivation
//! function and without prediction resistance, behaving exactly like `rng.c` from the
//! NIST submission package (`randombytes_init` / `randombytes`).

use aes::cipher::{Array, BlockCipherEncrypt, KeyInit};
use aes::Aes256;

/// State of the DRBG: the AES-256 key and the 128-bit counter V.
pub struct NistDrbg {
    key: [u8; 32],
    v: [u8; 16],
}

impl NistDrbg {
    /// `randombytes_init(entropy_input, NULL, 256)`: key = 0, V = 0, then
    /// `Update(entropy_input)`. No personalization string is used.
    pub fn new(entropy_input: &[u8; 48]) -> Self {
        let mut drbg = NistDrbg {
            key: [0; 32],
            v: [0; 16],
        };
        drbg.update(Some(entropy_input));
        drbg
    }

    /// V = V + 1 as a 128-bit big-endian integer (wrapping).
    fn increment_v(&mut self) {
        for byte in self.v.iter_mut().rev() {
            if *byte == 0xff {
                *byte = 0;
            } else {
                *byte += 1;
                break;
            }
        }
    }

    /// Increments V and returns AES-256_key(V).
    fn next_block(&mut self, cipher: &Aes256) -> [u8; 16] {
        self.increment_v();
        let mut block = Array::from(self.v);
        cipher.encrypt_block(&mut block);
        block.into()
    }

    /// `AES256_CTR_DRBG_Update(provided_data, Key, V)`.
    fn update(&mut self, provided_data: Option<&[u8; 48]>) {
        let cipher = Aes256::new(&Array::from(self.key));
        let mut temp = [0u8; 48];
        for chunk in temp.chunks_exact_mut(16) {
            chunk.copy_from_slice(&self.next_block(&cipher));
        }
        if let Some(data) = provided_data {
            for (t, d) in temp.iter_mut().zip(data) {
                *t ^= d;
            }
        }
        self.key.copy_from_slice(&temp[..32]);
        self.v.copy_from_slice(&temp[32..]);
    }

    /// `randombytes(out, out.len())`: output blocks AES(++V), truncating the last one,
    /// then `Update(NULL)`. (rng.c also counts reseeds but never acts on the count.)
    pub fn randombytes(&mut self, out: &mut [u8]) {
        let cipher = Aes256::new(&Array::from(self.key));
        for chunk in out.chunks_mut(16) {
            let block = self.next_block(&cipher);
            chunk.copy_from_slice(&block[..chunk.len()]);
        }
        self.update(None);
    }

    /// One `randombytes` call of `N` bytes.
    pub fn array<const N: usize>(&mut self) -> [u8; N] {
        let mut out = [0u8; N];
        self.randombytes(&mut out);
        out
    }

    /// One `randombytes` call of `len` bytes.
    pub fn vec(&mut self, len: usize) -> Vec<u8> {
        let mut out = vec![0u8; len];
        self.randombytes(&mut out);
        out
    }
}

/// The entropy input used by `PQCgenKAT_sign.c`: bytes 00 01 02 .. 2F.
pub fn kat_entropy() -> [u8; 48] {
    core::array::from_fn(|i| i as u8)
}
