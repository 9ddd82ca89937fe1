//! The per-round vectors of CROSS's identification protocol, expanded from a round
//! seed: e'-bar (and e'_G-bar), u', v-bar (and v_G-bar), the commitment cmt_0 and
//! the response y (spec Algorithm 2 "Sign", lines on the round loop; reference
//! `CROSS_sign`). Nothing here is kept across rounds.

use crate::cross::strategy::Matrices;
use generic_array::GenericArray;
use pqfit_core::cross::arith::{fz_sub, reduce_p_product, restr_to_val, y_coordinate};
use pqfit_core::cross::csprng::{csprng, dsc_round, dsc_round_hash, fz_sampler, hash};
use pqfit_core::cross::packing::{pack, unpack_unchecked};
use pqfit_core::cross::{CrossParams, MAX_HASH_BYTES, MAX_PACKED_SYN_BYTES, MAX_SEED_BYTES};
use pqfit_core::keccak::Keccak;
use zeroize::Zeroize;

/// A vector of n elements of F_p.
pub(crate) type FpVec<P> = GenericArray<u16, <P as CrossParams>::NLen>;
/// A vector of n elements of F_z (restricted vectors, as exponents of g).
pub(crate) type FzVec<P> = GenericArray<u8, <P as CrossParams>::NLen>;
/// A syndrome: n - k elements of F_p.
pub(crate) type Syndrome<P> = GenericArray<u16, <P as CrossParams>::NkLen>;

/// The expanded secret key: e-bar (and e_G-bar for R-SDP(G)). Zeroized on drop.
pub(crate) struct Secret<P: CrossParams> {
    pub e_bar: FzVec<P>,
    pub e_g_bar: GenericArray<u8, P::MLen>,
}

impl<P: CrossParams> Default for Secret<P> {
    fn default() -> Self {
        Self {
            e_bar: GenericArray::default(),
            e_g_bar: GenericArray::default(),
        }
    }
}

impl<P: CrossParams> Drop for Secret<P> {
    fn drop(&mut self) {
        self.e_bar.as_mut_slice().zeroize();
        self.e_g_bar.as_mut_slice().zeroize();
    }
}

/// Expands seed_e into e-bar (R-SDP: `csprng_fz_vec`; R-SDP(G): `csprng_fz_inf_w`
/// then e-bar = e_G-bar \[W | I\]).
pub(crate) fn expand_e<P: CrossParams, K: Keccak, M: Matrices<P>>(
    matrices: &M::Store,
    seed_pk: &[u8],
    xof_input: &[&[u8]],
    dsc: u16,
    out: &mut Secret<P>,
    u_prime: Option<&mut FpVec<P>>,
) {
    let xof = csprng::<P, K>(xof_input, dsc);
    let mut s = fz_sampler::<P, K>(xof, P::BITS_FZ_CT_RNG);
    if P::RSDPG {
        let e_g = &mut out.e_g_bar[..P::M];
        s.fill(P::M, |j, v| e_g[j] = v as u8);
        M::expand_g::<K>(matrices, seed_pk, &out.e_g_bar, &mut out.e_bar);
    } else {
        let e_bar = &mut out.e_bar[..P::N];
        s.fill(P::N, |j, v| e_bar[j] = v as u8);
    }
    if let Some(u) = u_prime {
        s.reshape(P::BITS_N_FP_CT_RNG, P::BITS_P, P::P as u32, 0);
        let u = &mut u[..P::N];
        s.fill(P::N, |j, v| u[j] = v);
    }
}

/// One round's secret vectors. Zeroized on drop.
pub(crate) struct Round<P: CrossParams> {
    /// e'-bar and e'_G-bar.
    pub e_prime: Secret<P>,
    /// u'.
    pub u_prime: FpVec<P>,
}

impl<P: CrossParams> Default for Round<P> {
    fn default() -> Self {
        Self {
            e_prime: Secret::default(),
            u_prime: GenericArray::default(),
        }
    }
}

impl<P: CrossParams> Drop for Round<P> {
    fn drop(&mut self) {
        self.u_prime.as_mut_slice().zeroize();
    }
}

impl<P: CrossParams> Round<P> {
    /// Expands round `i`'s seed: CSPRNG(seed || salt, i + 2t - 1) -> e'-bar
    /// (through e'_G-bar for R-SDP(G)), then u'.
    pub fn expand<K: Keccak, M: Matrices<P>>(
        &mut self,
        matrices: &M::Store,
        seed_pk: &[u8],
        seed: &[u8],
        salt: &[u8],
        i: usize,
    ) {
        expand_e::<P, K, M>(
            matrices,
            seed_pk,
            &[&seed[..P::SEED_BYTES], &salt[..P::SALT_BYTES]],
            dsc_round::<P>(i),
            &mut self.e_prime,
            Some(&mut self.u_prime),
        );
    }

    /// Packs u' (as a vector of F_p, `PACKED_Y_BYTES`) and the restricted e'
    /// (e'-bar, or e'_G-bar for R-SDP(G): `PACKED_V_BYTES`), for keeping the round
    /// between signing's passes instead of expanding its seed again.
    pub fn pack_expanded(&self, packed_u: &mut [u8], packed_e: &mut [u8]) {
        pack(
            &mut packed_u[..P::PACKED_Y_BYTES],
            self.u_prime[..P::N].iter().copied(),
            P::BITS_P,
        );
        let e = if P::RSDPG {
            &self.e_prime.e_g_bar[..P::M]
        } else {
            &self.e_prime.e_bar[..P::N]
        };
        pack(
            &mut packed_e[..P::PACKED_V_BYTES],
            e.iter().map(|&x| x as u16),
            P::BITS_Z,
        );
    }

    /// The inverse of [`Round::pack_expanded`]: u' (when given) and e'-bar (through
    /// e'_G-bar and W for R-SDP(G)), as [`Round::expand`] would give them.
    pub fn unpack_expanded<K: Keccak, M: Matrices<P>>(
        &mut self,
        matrices: &M::Store,
        seed_pk: &[u8],
        packed_u: Option<&[u8]>,
        packed_e: &[u8],
    ) {
        if let Some(packed_u) = packed_u {
            let u = &mut self.u_prime;
            unpack_unchecked(packed_u, P::N, P::BITS_P, |j, v| u[j] = v);
        }
        let e = &mut self.e_prime;
        if P::RSDPG {
            let e_g = &mut e.e_g_bar;
            unpack_unchecked(packed_e, P::M, P::BITS_Z, |j, v| e_g[j] = v as u8);
            M::expand_g::<K>(matrices, seed_pk, &e.e_g_bar, &mut e.e_bar);
        } else {
            let e_bar = &mut e.e_bar;
            unpack_unchecked(packed_e, P::N, P::BITS_Z, |j, v| e_bar[j] = v as u8);
        }
    }

    /// The packed response v: v-bar = e-bar - e'-bar (R-SDP) or v_G-bar = e_G-bar -
    /// e'_G-bar (R-SDP(G)), written into `out`; `v_bar` receives v-bar.
    pub fn v(&self, e: &Secret<P>, v_bar: &mut FzVec<P>, out: &mut [u8]) {
        for ((v, &a), &b) in v_bar
            .iter_mut()
            .zip(&e.e_bar[..P::N])
            .zip(&self.e_prime.e_bar)
        {
            *v = fz_sub::<P>(a, b);
        }
        let len = P::RESTRICTED_LEN;
        if P::RSDPG {
            let v_g = (0..len).map(|j| fz_sub::<P>(e.e_g_bar[j], self.e_prime.e_g_bar[j]) as u16);
            pack(&mut out[..P::PACKED_V_BYTES], v_g, P::BITS_Z);
        } else {
            pack(
                &mut out[..P::PACKED_V_BYTES],
                v_bar[..len].iter().map(|&x| x as u16),
                P::BITS_Z,
            );
        }
    }

    /// The inputs of cmt_0 (`restr_by_fp_vec_pointwise`): the packed v into
    /// `packed_v`, and x = g^v-bar * u' into `x`, whose syndrome is s' = x H^T.
    pub fn commitment_input(&self, e: &Secret<P>, packed_v: &mut [u8], x: &mut FpVec<P>) {
        let mut v_bar = FzVec::<P>::default();
        self.v(e, &mut v_bar, packed_v);
        for j in 0..P::N {
            x[j] =
                reduce_p_product::<P>(restr_to_val::<P>(v_bar[j]) as u32 * self.u_prime[j] as u32);
        }
        v_bar.as_mut_slice().zeroize();
    }

    /// The packed response y = u' + chall_1 g^e'-bar.
    pub fn y(&self, chall_1: u16, out: &mut [u8]) {
        let y =
            (0..P::N).map(|j| y_coordinate::<P>(self.u_prime[j], chall_1, self.e_prime.e_bar[j]));
        pack(&mut out[..P::PACKED_Y_BYTES], y, P::BITS_P);
    }
}

/// cmt_0 = Hash(pack(s') || packed v || salt, 2^15 + i + 2t - 1).
pub(crate) fn commitment_0<P: CrossParams, K: Keccak>(
    s_prime: &[u16],
    packed_v: &[u8],
    salt: &[u8],
    i: usize,
    out: &mut [u8],
) {
    let mut syn = [0u8; MAX_PACKED_SYN_BYTES];
    pack(
        &mut syn[..P::PACKED_SYN_BYTES],
        s_prime[..P::N - P::K].iter().copied(),
        P::BITS_P,
    );
    hash::<P, K>(
        &[
            &syn[..P::PACKED_SYN_BYTES],
            packed_v,
            &salt[..P::SALT_BYTES],
        ],
        dsc_round_hash::<P>(i),
        out,
    );
    syn.zeroize();
}

/// cmt_1 = Hash(seed || salt, 2^15 + i + 2t - 1).
pub(crate) fn commitment_1<P: CrossParams, K: Keccak>(
    seed: &[u8],
    salt: &[u8],
    i: usize,
    out: &mut [u8],
) {
    hash::<P, K>(
        &[&seed[..P::SEED_BYTES], &salt[..P::SALT_BYTES]],
        dsc_round_hash::<P>(i),
        out,
    );
}

/// A seed buffer of the largest size, zeroized on drop.
pub(crate) struct SeedBuf(pub [u8; MAX_SEED_BYTES]);

impl Default for SeedBuf {
    fn default() -> Self {
        Self([0; MAX_SEED_BYTES])
    }
}

impl Drop for SeedBuf {
    fn drop(&mut self) {
        self.0.zeroize();
    }
}

/// A digest buffer of the largest size.
pub(crate) type Digest = [u8; MAX_HASH_BYTES];
