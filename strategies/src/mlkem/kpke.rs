//! K-PKE, the CPA-secure encryption scheme under ML-KEM (FIPS 203, §5): KeyGen,
//! Encrypt and Decrypt (Algorithms 13, 14, 15), written over the strategy's
//! components. Each function holds the stores of the components it uses as locals
//! (zeroized when secret) and is kept out of line, so that decapsulation's
//! decryption and re-encryption never share a frame.

use super::strategy::{Accumulate, CiphertextSink, MatrixA, SecretVector, Strategy};
use pqfit_core::ct;
use pqfit_core::hash::sha3_512_with;
use pqfit_core::mlkem::compress::{compress, decompress};
use pqfit_core::mlkem::encode::{
    add_message, byte_decode, byte_encode8, message_from, poly_decode12, poly_encode12,
};
use pqfit_core::mlkem::field::reduce_once;
use pqfit_core::mlkem::sample::sample_poly_cbd;
use pqfit_core::mlkem::{MlKemParams, Poly, N, POLY_BYTES};
use zeroize::{Zeroize, Zeroizing};

type Matrix<P, S> = <S as Strategy<P>>::Matrix;
type Secret<P, S> = <S as Strategy<P>>::Secret;
type Acc<P, S> = <S as Strategy<P>>::Accumulate;
type Kec<P, S> = <S as Strategy<P>>::Keccak;

/// The largest d of a compressed polynomial (du = 11): eight coefficients are d bytes.
const MAX_D: usize = 11;

/// ByteEncode_d(Compress_d(p)) (Algorithm 14, lines 22 and 23) handed to `sink` eight
/// coefficients (d bytes) at a time from `offset`: the ciphertext never needs a
/// 32·d-byte buffer, which is most of what decapsulation's re-encryption would
/// otherwise add to the smallest stack.
#[inline(always)]
fn write_compressed<W: CiphertextSink + ?Sized>(d: u32, p: &Poly, sink: &mut W, offset: usize) {
    let mut chunk = Zeroizing::new([0u8; MAX_D]);
    let len = d as usize;
    for g in 0..N / 8 {
        byte_encode8(d, &mut chunk[..], |i| compress(d, p.canonical(8 * g + i)));
        sink.write(offset + len * g, &chunk[..len]);
    }
}

/// The bytes of polynomial `i` of an encoded vector (ByteEncode_12, 384 bytes each).
fn poly_bytes(v: &[u8], i: usize) -> &[u8] {
    &v[POLY_BYTES * i..POLY_BYTES * (i + 1)]
}

/// FIPS 203, Algorithm 13: K-PKE.KeyGen(d). Writes ek_PKE = ByteEncode_12(t-hat) || rho
/// into `ek` and dk_PKE = ByteEncode_12(s-hat) into `dk_pke`.
///
/// s-hat is encoded into `dk_pke` first and the strategy's [`SecretVector`] reads it
/// back from there (decoded once, or at every use); e-hat\[i\] is sampled where row i
/// of t-hat needs it.
#[inline(never)]
pub(crate) fn key_gen<P: MlKemParams, S: Strategy<P>>(
    d: &[u8; 32],
    ek: &mut [u8],
    dk_pke: &mut [u8],
) {
    // Line 1: (rho, sigma) = G(d || k).
    let mut g = Zeroizing::new([0u8; 64]);
    sha3_512_with::<Kec<P, S>>(&[d, &[P::K as u8]], &mut g);
    let mut rho = [0u8; 32];
    rho.copy_from_slice(&g[..32]);
    // rho is published in ek (line 19): SampleNTT may reject on it.
    ct::declassify_bytes(&mut rho);
    let mut sigma = Zeroizing::new([0u8; 32]);
    sigma.copy_from_slice(&g[32..]);

    let mut out = Zeroizing::new(Poly::default());
    let mut scratch = Zeroizing::new(Poly::default());
    // Lines 8–11 and 16, 20: s[i] = SamplePolyCBD_eta1(PRF(sigma, i)), s-hat = NTT(s),
    // dk_PKE = ByteEncode_12(s-hat).
    for i in 0..P::K {
        sample_poly_cbd::<Kec<P, S>>(P::ETA1, &sigma, i as u8, &mut out, false);
        out.ntt();
        poly_encode12(&out, &mut dk_pke[POLY_BYTES * i..POLY_BYTES * (i + 1)]);
    }

    // Lines 3–7: A-hat.
    let mut a = <Matrix<P, S> as MatrixA<P>>::Store::default();
    Matrix::<P, S>::expand::<Kec<P, S>>(&mut a, &rho);
    let mut s_hat = Zeroizing::new(<Secret<P, S> as SecretVector<P>>::Store::default());
    let dk_pke: &[u8] = dk_pke;
    let decode = |j: usize, p: &mut Poly| poly_decode12(poly_bytes(dk_pke, j), p);
    Secret::<P, S>::fill(&mut s_hat, decode);

    // Line 18: t-hat = A-hat ∘ s-hat + e-hat, one row at a time; line 19: encoded as
    // each row is complete.
    let mut acc = Zeroizing::new(<Acc<P, S> as Accumulate>::Acc::default());
    for i in 0..P::K {
        Acc::<P, S>::clear(&mut acc);
        for j in 0..P::K {
            let s_j = Secret::<P, S>::get(&s_hat, j, &mut scratch, decode);
            Matrix::<P, S>::mul_acc::<Kec<P, S>, Acc<P, S>>(&a, &rho, i, j, s_j, &mut acc);
        }
        Acc::<P, S>::finish(&acc, &mut out);
        out.to_mont();
        // Lines 12–15, 17: e[i] = SamplePolyCBD_eta1(PRF(sigma, k + i)), NTT.
        sample_poly_cbd::<Kec<P, S>>(P::ETA1, &sigma, (P::K + i) as u8, &mut scratch, false);
        scratch.ntt();
        out.add_assign(&scratch);
        poly_encode12(&out, &mut ek[POLY_BYTES * i..POLY_BYTES * (i + 1)]);
    }
    ek[POLY_BYTES * P::K..POLY_BYTES * P::K + 32].copy_from_slice(&rho);
    g.zeroize();
}

/// FIPS 203, Algorithm 14: K-PKE.Encrypt(ek_PKE, m, r), each piece of the ciphertext
/// (ByteEncode_du(Compress_du(u\[i\])) for each i, then ByteEncode_dv(Compress_dv(v)))
/// handed to `sink` as it is complete.
///
/// t-hat is read from `ek` pair by pair (ByteDecode_12 of three bytes) where the product
/// t-hat^T ∘ y-hat needs it; y-hat\[j\] is SamplePolyCBD_eta1(PRF(r, j)) in the NTT domain,
/// kept or sampled again per use by the strategy's [`SecretVector`]; e1\[i\] and e2 are
/// added into u\[i\] and v as they are sampled.
#[inline(never)]
pub(crate) fn encrypt<P: MlKemParams, S: Strategy<P>, W: CiphertextSink + ?Sized>(
    ek: &[u8],
    m: &[u8; 32],
    r: &[u8; 32],
    sink: &mut W,
) {
    // Lines 2–3: t-hat stays encoded in ek; rho.
    let t_hat = &ek[..POLY_BYTES * P::K];
    let mut rho = [0u8; 32];
    rho.copy_from_slice(&ek[POLY_BYTES * P::K..POLY_BYTES * P::K + 32]);
    // rho is part of ek, public (also when decapsulation reads ek from dk).
    ct::declassify_bytes(&mut rho);
    // Lines 4–8: A-hat.
    let mut a = <Matrix<P, S> as MatrixA<P>>::Store::default();
    Matrix::<P, S>::expand::<Kec<P, S>>(&mut a, &rho);
    // Lines 9–12, 18: y-hat[j] = NTT(SamplePolyCBD_eta1(PRF(r, j))).
    let sample_y = |j: usize, p: &mut Poly| {
        sample_poly_cbd::<Kec<P, S>>(P::ETA1, r, j as u8, p, false);
        p.ntt();
    };
    let mut y_hat = Zeroizing::new(<Secret<P, S> as SecretVector<P>>::Store::default());
    Secret::<P, S>::fill(&mut y_hat, sample_y);

    let mut acc = Zeroizing::new(<Acc<P, S> as Accumulate>::Acc::default());
    let mut out = Zeroizing::new(Poly::default());
    let mut scratch = Zeroizing::new(Poly::default());
    // Line 19: u = NTT^-1(A-hat^T ∘ y-hat) + e1, row by row; line 22: c1.
    for i in 0..P::K {
        Acc::<P, S>::clear(&mut acc);
        for j in 0..P::K {
            let y_j = Secret::<P, S>::get(&y_hat, j, &mut scratch, sample_y);
            Matrix::<P, S>::mul_acc::<Kec<P, S>, Acc<P, S>>(&a, &rho, j, i, y_j, &mut acc);
        }
        Acc::<P, S>::finish(&acc, &mut out);
        out.inv_ntt_tomont();
        // Lines 13–16: e1[i] = SamplePolyCBD_eta2(PRF(r, k + i)).
        sample_poly_cbd::<Kec<P, S>>(P::ETA2, r, (P::K + i) as u8, &mut out, true);
        write_compressed(P::DU, &out, sink, P::POLY_U_BYTES * i);
    }
    // Line 21: v = NTT^-1(t-hat^T ∘ y-hat) + e2 + mu.
    Acc::<P, S>::clear(&mut acc);
    for j in 0..P::K {
        let y_j = Secret::<P, S>::get(&y_hat, j, &mut scratch, sample_y);
        let t_j = poly_bytes(t_hat, j);
        for (p, t) in t_j.chunks_exact(3).enumerate() {
            let t0 = reduce_once(t[0] as u16 | ((t[1] as u16 & 0x0f) << 8)) as i16;
            let t1 = reduce_once((t[1] as u16 >> 4) | ((t[2] as u16) << 4)) as i16;
            let y = [y_j.coeffs[2 * p], y_j.coeffs[2 * p + 1]];
            Acc::<P, S>::add_pair(&mut acc, p, [t0, t1], y);
        }
    }
    Acc::<P, S>::finish(&acc, &mut out);
    out.inv_ntt_tomont();
    // Line 17: e2 = SamplePolyCBD_eta2(PRF(r, 2k)); line 20: mu = Decompress_1(ByteDecode_1(m)).
    sample_poly_cbd::<Kec<P, S>>(P::ETA2, r, (2 * P::K) as u8, &mut out, true);
    add_message(m, &mut out);
    // Line 23: c2.
    write_compressed(P::DV, &out, sink, P::C1_BYTES);
}

/// FIPS 203, Algorithm 15: K-PKE.Decrypt(dk_PKE, c) into `m`.
///
/// u'\[j\] is decompressed and transformed one polynomial at a time and multiplied by
/// s-hat\[j\] (kept or decoded per use by the strategy's [`SecretVector`]); v' is
/// decompressed coefficient by coefficient as w = v' - NTT^-1(s-hat^T ∘ NTT(u')) is
/// formed.
#[inline(never)]
pub(crate) fn decrypt<P: MlKemParams, S: Strategy<P>>(dk_pke: &[u8], c: &[u8], m: &mut [u8; 32]) {
    let decode = |j: usize, p: &mut Poly| poly_decode12(poly_bytes(dk_pke, j), p);
    let mut s_hat = Zeroizing::new(<Secret<P, S> as SecretVector<P>>::Store::default());
    Secret::<P, S>::fill(&mut s_hat, decode);
    let mut acc = Zeroizing::new(<Acc<P, S> as Accumulate>::Acc::default());
    let mut u = Zeroizing::new(Poly::default());
    let mut scratch = Zeroizing::new(Poly::default());
    Acc::<P, S>::clear(&mut acc);
    for j in 0..P::K {
        // Line 3: u'[j] = Decompress_du(ByteDecode_du(c1[j])), then NTT.
        let c1_j = &c[P::POLY_U_BYTES * j..P::POLY_U_BYTES * (j + 1)];
        byte_decode(P::DU, c1_j, |i, y| {
            u.coeffs[i] = decompress(P::DU, y) as i16
        });
        u.ntt();
        let s_j = Secret::<P, S>::get(&s_hat, j, &mut scratch, decode);
        Acc::<P, S>::add_product(&mut acc, s_j, &u);
    }
    Acc::<P, S>::finish(&acc, &mut u);
    u.inv_ntt_tomont();
    // Lines 4, 6: w = v' - NTT^-1(s-hat^T ∘ NTT(u')), v' = Decompress_dv(ByteDecode_dv(c2)).
    let c2 = &c[P::C1_BYTES..P::C_BYTES];
    byte_decode(P::DV, c2, |i, y| {
        u.coeffs[i] = decompress(P::DV, y) as i16 - u.coeffs[i];
    });
    // Line 7: m = ByteEncode_1(Compress_1(w)).
    message_from(&u, m);
}
