//! Peers: other implementations of the standards pqfit implements, behind the entry points
//! and static buffers of the pqfit firmware, so that the harness measures them exactly as
//! it measures pqfit and checks their outputs against its host computation, byte for byte:
//! ML-DSA-65 (`dsa`: key generation, signing, verification) and ML-KEM-768 (`kem`: key
//! generation, encapsulation, decapsulation).
//!
//! One peer per firmware, chosen by a `peer-*` feature; its module (`imp`) has the
//! functions the scheme's entry-point module calls, each calling its library the way the
//! library documents its deterministic operations.

mod sizes;

// The scheme's entry points (build.rs sets the scheme of the peer's feature).
#[cfg(any(
    pqfit_fw_peer_scheme = "ml-dsa-44",
    pqfit_fw_peer_scheme = "ml-dsa-65",
    pqfit_fw_peer_scheme = "ml-dsa-87"
))]
mod dsa;
#[cfg(any(
    pqfit_fw_peer_scheme = "ml-kem-512",
    pqfit_fw_peer_scheme = "ml-kem-768",
    pqfit_fw_peer_scheme = "ml-kem-1024"
))]
mod kem;

// A pqm4-layout implementation (build_pqm4.rs): its randombytes, and either the scheme's
// entry points above over `pqm4` (schemes pqfit implements: outputs checked byte for byte)
// or entry points of its own for a round trip.
#[cfg(all(
    feature = "peer-pqm4",
    not(any(pqfit_fw_peer_scheme = "pqm4-sign", pqfit_fw_peer_scheme = "pqm4-kem"))
))]
mod pqm4;
#[cfg(feature = "peer-pqm4")]
mod pqm4_glue;
#[cfg(feature = "peer-pqm4")]
mod pqm4_rand;
#[cfg(any(pqfit_fw_peer_scheme = "pqm4-sign", pqfit_fw_peer_scheme = "pqm4-kem"))]
mod pqm4_roundtrip;

// What PQClean's C needs from its environment (a heap for SHAKE states, `exit`).
#[cfg(any(feature = "peer-pqclean-ml-dsa", feature = "peer-pqclean-ml-kem"))]
mod pqclean_env;

#[cfg(feature = "peer-fips203")]
mod fips203;
#[cfg(feature = "peer-fips204")]
mod fips204;
#[cfg(feature = "peer-libcrux-ml-dsa")]
mod libcrux;
#[cfg(feature = "peer-libcrux-ml-kem")]
mod libcrux_mlkem;
#[cfg(feature = "peer-pqclean-ml-dsa")]
mod pqclean;
#[cfg(feature = "peer-pqclean-ml-kem")]
mod pqclean_mlkem;
#[cfg(feature = "peer-rustcrypto-ml-dsa")]
mod rustcrypto;
#[cfg(feature = "peer-rustcrypto-ml-kem")]
mod rustcrypto_mlkem;

#[cfg(feature = "peer-fips203")]
use fips203 as imp;
#[cfg(feature = "peer-fips204")]
use fips204 as imp;
#[cfg(feature = "peer-libcrux-ml-dsa")]
use libcrux as imp;
#[cfg(feature = "peer-libcrux-ml-kem")]
use libcrux_mlkem as imp;
#[cfg(feature = "peer-pqclean-ml-dsa")]
use pqclean as imp;
#[cfg(feature = "peer-pqclean-ml-kem")]
use pqclean_mlkem as imp;
#[cfg(all(
    feature = "peer-pqm4",
    not(any(pqfit_fw_peer_scheme = "pqm4-sign", pqfit_fw_peer_scheme = "pqm4-kem"))
))]
use pqm4 as imp;
#[cfg(feature = "peer-rustcrypto-ml-dsa")]
use rustcrypto as imp;
#[cfg(feature = "peer-rustcrypto-ml-kem")]
use rustcrypto_mlkem as imp;
