//! The ciphertexts decapsulation is checked with besides valid ones: tampered, and (NTRU
//! Prime) of the right weight with a wrong confirmation hash.

/// The name of the decapsulation check on ciphertexts of the right weight whose
/// confirmation hash is wrong (NTRU Prime).
pub const WRONG_HASH: &str = "decaps (wrong hash)";

/// `ct` with the first byte of its confirmation hash (its last `confirm` bytes)
/// changed: the rounded part still decrypts to a vector of the right weight.
pub fn wrong_confirmation(ct: &[u8], confirm: usize) -> Vec<u8> {
    let mut t = ct.to_vec();
    let at = t.len() - confirm;
    t[at] ^= 0x80;
    t
}

/// The name of the decapsulation check on a tampered ciphertext.
pub const TAMPERED: &str = "decaps (tampered)";

/// `ct` with the lowest bit of its last byte flipped: in ML-KEM the low bit of a
/// compressed coefficient of v (decryption most likely still gives m, so the
/// re-encryption differs from the input in this byte only), in NTRU Prime the
/// confirmation hash (the same: only the hash differs).
pub(super) fn tamper(ct: &[u8]) -> Vec<u8> {
    let mut t = ct.to_vec();
    if let Some(last) = t.last_mut() {
        *last ^= 1;
    }
    t
}
