//! The buffers every KEM firmware shares with the harness's KEM runner: the random bytes
//! it fills (and how many a call used), the keys, the ciphertext and the shared secret.
//! Each KEM family's module includes this one (`#[path]`), so only the family built has it.

use core::mem::MaybeUninit;

use pqfit::kem::{Ciphertext, Params, PublicKey, SecretKey, SharedSecret};

use crate::selected::P;

// The harness writes and reads these statics as bytes: the types must be nothing but
// their encodings.
const _: () = assert!(core::mem::size_of::<PublicKey<P>>() == <P as Params>::PK_BYTES);
const _: () = assert!(core::mem::size_of::<SecretKey<P>>() == <P as Params>::SK_BYTES);
const _: () = assert!(core::mem::size_of::<Ciphertext<P>>() == <P as Params>::CT_BYTES);
const _: () = assert!(core::mem::size_of::<SharedSecret>() == SharedSecret::BYTES);

/// Random bytes for one call: enough for NTRU Prime's key generation (4 bytes per
/// coefficient of g and f, again when g is not invertible, and the 191 bytes of rho).
pub const RAND_BYTES: usize = 16 * 1024;

/// Random bytes (input) and how many were used (output).
#[no_mangle]
pub static mut PQFIT_RAND: [u8; RAND_BYTES] = [0; RAND_BYTES];
#[no_mangle]
pub static mut PQFIT_RAND_USED: u32 = 0;
/// Public (encapsulation) key: output of keygen, input of encaps.
#[no_mangle]
pub static mut PQFIT_PK: MaybeUninit<PublicKey<P>> = MaybeUninit::zeroed();
/// Secret (decapsulation) key: output of keygen, input of decaps.
#[no_mangle]
pub static mut PQFIT_SK: MaybeUninit<SecretKey<P>> = MaybeUninit::zeroed();
/// Ciphertext: output of encaps, input of decaps.
#[no_mangle]
pub static mut PQFIT_CT: MaybeUninit<Ciphertext<P>> = MaybeUninit::zeroed();
/// Shared secret: output of encaps and of decaps.
#[no_mangle]
pub static mut PQFIT_SS: MaybeUninit<SharedSecret> = MaybeUninit::zeroed();
