//! Entry points on static buffers for the Keccak-f\[1600\] backends, run by the
//! harness's emulator (`pqfit_profiles::emu::Machine`):
//!
//! - `kc_check`: the `STATES` (written by the host) each loaded into a fresh state of
//!   `DefaultKeccak`, permuted `ROUNDS_OF` times (1, 2 or 3: index mod 3 plus one),
//!   read back into place through the byte interface;
//! - `kc_one_<backend>` and `kc_two_<backend>`: one and two permutations of a static
//!   state; the difference of their cycles is one permutation (docs/measurement.md).

#![no_std]
#![no_main]

use core::ptr::addr_of_mut;
use pqfit_core::keccak::{
    DefaultKeccak, Interleaved32, Interleaved32Compact, Keccak, Sha3Crate, STATE_BYTES,
};

/// States checked per call of `kc_check`.
const CHECKED: usize = 24;

/// The states of `kc_check`, in and out (FIPS 202 byte order).
#[no_mangle]
static mut KC_STATES: [u8; CHECKED * STATE_BYTES] = [0; CHECKED * STATE_BYTES];

/// The backend `kc_check` ran, as its `Keccak::NAME` (NUL-terminated).
#[no_mangle]
#[used]
static KC_BACKEND: [u8; 32] = {
    let name = DefaultKeccak::NAME.as_bytes();
    let mut out = [0u8; 32];
    let mut i = 0;
    while i < name.len() {
        out[i] = name[i];
        i += 1;
    }
    out
};

#[no_mangle]
pub extern "C" fn kc_check() -> u32 {
    // SAFETY: the emulator runs one entry at a time on one core; nothing else
    // references the buffer.
    let states = unsafe { &mut *addr_of_mut!(KC_STATES) };
    for (i, bytes) in states.chunks_exact_mut(STATE_BYTES).enumerate() {
        let mut s = <DefaultKeccak as Keccak>::State::default();
        DefaultKeccak::xor_bytes(&mut s, 0, bytes);
        for _ in 0..1 + i % 3 {
            DefaultKeccak::permute(&mut s);
        }
        DefaultKeccak::extract_bytes(&s, 0, bytes);
    }
    CHECKED as u32
}

/// `n` permutations of a state of `K` kept between calls (in `.bss`).
fn bench<K: Keccak>(state: &mut Option<K::State>, n: usize) -> u32 {
    let s = state.get_or_insert_with(Default::default);
    for _ in 0..n {
        K::permute(s);
    }
    let mut out = [0u8; 4];
    K::extract_bytes(s, 0, &mut out);
    u32::from_le_bytes(out)
}

macro_rules! bench_entries {
    ($one:ident, $two:ident, $k:ty) => {
        #[no_mangle]
        pub extern "C" fn $one() -> u32 {
            static mut S: Option<<$k as Keccak>::State> = None;
            // SAFETY: as in `kc_check`: one entry at a time, one core.
            bench::<$k>(unsafe { &mut *addr_of_mut!(S) }, 1)
        }
        #[no_mangle]
        pub extern "C" fn $two() -> u32 {
            static mut S: Option<<$k as Keccak>::State> = None;
            // SAFETY: as in `kc_check`.
            bench::<$k>(unsafe { &mut *addr_of_mut!(S) }, 2)
        }
    };
}

bench_entries!(kc_one_interleaved32, kc_two_interleaved32, Interleaved32);
bench_entries!(kc_one_compact, kc_two_compact, Interleaved32Compact);
bench_entries!(kc_one_sha3crate, kc_two_sha3crate, Sha3Crate);
#[cfg(all(target_arch = "arm", target_has_atomic = "32"))]
bench_entries!(
    kc_one_thumb2,
    kc_two_thumb2,
    pqfit_core::keccak::Interleaved32Thumb2
);

#[panic_handler]
fn panic(_: &core::panic::PanicInfo) -> ! {
    loop {}
}
