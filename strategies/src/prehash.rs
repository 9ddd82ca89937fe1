//! The pre-hash functions of HashML-DSA (FIPS 204, Section 5.4) with their OIDs.

use pqfit_core::hash;
use sha2::Digest;

/// A hash function approved for HashML-DSA. The message representative is
/// `OID || PH(M)` (FIPS 204, Algorithm 4).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum PreHash {
    /// SHA-224.
    Sha2_224,
    /// SHA-256.
    Sha2_256,
    /// SHA-384.
    Sha2_384,
    /// SHA-512.
    Sha2_512,
    /// SHA-512/224.
    Sha2_512_224,
    /// SHA-512/256.
    Sha2_512_256,
    /// SHA3-224.
    Sha3_224,
    /// SHA3-256.
    Sha3_256,
    /// SHA3-384.
    Sha3_384,
    /// SHA3-512.
    Sha3_512,
    /// SHAKE128 with 256 bits of output.
    Shake128,
    /// SHAKE256 with 512 bits of output.
    Shake256,
}

/// The longest pre-hash output (64 bytes).
pub const MAX_PREHASH_BYTES: usize = 64;

/// The DER encoding of the NIST hash-algorithm arc 2.16.840.1.101.3.4.2, whose last
/// arc names the function.
const OID_PREFIX: [u8; 10] = [0x06, 0x09, 0x60, 0x86, 0x48, 0x01, 0x65, 0x03, 0x04, 0x02];

impl PreHash {
    /// Every supported function.
    pub const ALL: [PreHash; 12] = [
        PreHash::Sha2_224,
        PreHash::Sha2_256,
        PreHash::Sha2_384,
        PreHash::Sha2_512,
        PreHash::Sha2_512_224,
        PreHash::Sha2_512_256,
        PreHash::Sha3_224,
        PreHash::Sha3_256,
        PreHash::Sha3_384,
        PreHash::Sha3_512,
        PreHash::Shake128,
        PreHash::Shake256,
    ];

    /// The function for an ACVP `hashAlg` name such as `SHA2-512/256` or `SHAKE-128`.
    pub fn from_acvp_name(name: &str) -> Option<PreHash> {
        Self::ALL.into_iter().find(|h| h.acvp_name() == name)
    }

    /// The ACVP name of the function.
    pub fn acvp_name(self) -> &'static str {
        match self {
            PreHash::Sha2_224 => "SHA2-224",
            PreHash::Sha2_256 => "SHA2-256",
            PreHash::Sha2_384 => "SHA2-384",
            PreHash::Sha2_512 => "SHA2-512",
            PreHash::Sha2_512_224 => "SHA2-512/224",
            PreHash::Sha2_512_256 => "SHA2-512/256",
            PreHash::Sha3_224 => "SHA3-224",
            PreHash::Sha3_256 => "SHA3-256",
            PreHash::Sha3_384 => "SHA3-384",
            PreHash::Sha3_512 => "SHA3-512",
            PreHash::Shake128 => "SHAKE-128",
            PreHash::Shake256 => "SHAKE-256",
        }
    }

    /// The DER-encoded OID (11 bytes).
    pub fn oid(self) -> [u8; 11] {
        let last = match self {
            PreHash::Sha2_256 => 0x01,
            PreHash::Sha2_384 => 0x02,
            PreHash::Sha2_512 => 0x03,
            PreHash::Sha2_224 => 0x04,
            PreHash::Sha2_512_224 => 0x05,
            PreHash::Sha2_512_256 => 0x06,
            PreHash::Sha3_224 => 0x07,
            PreHash::Sha3_256 => 0x08,
            PreHash::Sha3_384 => 0x09,
            PreHash::Sha3_512 => 0x0a,
            PreHash::Shake128 => 0x0b,
            PreHash::Shake256 => 0x0c,
        };
        let mut oid = [0u8; 11];
        oid[..10].copy_from_slice(&OID_PREFIX);
        oid[10] = last;
        oid
    }

    /// PH(M) into `out`; returns the number of bytes written.
    pub fn digest(self, msg: &[u8], out: &mut [u8; MAX_PREHASH_BYTES]) -> usize {
        fn put(out: &mut [u8], d: &[u8]) -> usize {
            out[..d.len()].copy_from_slice(d);
            d.len()
        }
        match self {
            PreHash::Sha2_224 => put(out, &sha2::Sha224::digest(msg)),
            PreHash::Sha2_256 => put(out, &sha2::Sha256::digest(msg)),
            PreHash::Sha2_384 => put(out, &sha2::Sha384::digest(msg)),
            PreHash::Sha2_512 => put(out, &sha2::Sha512::digest(msg)),
            PreHash::Sha2_512_224 => put(out, &sha2::Sha512_224::digest(msg)),
            PreHash::Sha2_512_256 => put(out, &sha2::Sha512_256::digest(msg)),
            PreHash::Sha3_224 => {
                hash::sha3_224(&[msg], out[..28].as_mut().try_into().expect("28 bytes"));
                28
            }
            PreHash::Sha3_256 => {
                hash::sha3_256(&[msg], out[..32].as_mut().try_into().expect("32 bytes"));
                32
            }
            PreHash::Sha3_384 => {
                hash::sha3_384(&[msg], out[..48].as_mut().try_into().expect("48 bytes"));
                48
            }
            PreHash::Sha3_512 => {
                hash::sha3_512(&[msg], out);
                64
            }
            PreHash::Shake128 => {
                hash::shake128(&[msg], &mut out[..32]);
                32
            }
            PreHash::Shake256 => {
                hash::shake256(&[msg], &mut out[..64]);
                64
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn names_round_trip_and_oids_differ() {
        for h in PreHash::ALL {
            assert_eq!(PreHash::from_acvp_name(h.acvp_name()), Some(h));
            for g in PreHash::ALL {
                assert_eq!(h == g, h.oid() == g.oid());
            }
        }
        assert_eq!(PreHash::from_acvp_name("MD5"), None);
        // SHA-256 is 2.16.840.1.101.3.4.2.1.
        assert_eq!(PreHash::Sha2_256.oid()[10], 1);
    }

    #[test]
    fn digest_lengths() {
        let mut out = [0u8; MAX_PREHASH_BYTES];
        let want = [28, 32, 48, 64, 28, 32, 28, 32, 48, 64, 32, 64];
        for (h, n) in PreHash::ALL.into_iter().zip(want) {
            assert_eq!(h.digest(b"abc", &mut out), n, "{h:?}");
        }
        // SHA-256("abc") starts ba7816bf.
        PreHash::Sha2_256.digest(b"abc", &mut out);
        assert_eq!(&out[..4], &[0xba, 0x78, 0x16, 0xbf]);
    }
}
