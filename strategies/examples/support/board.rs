//! What an example needs from its board: a console and a random number generator,
//! and the entry point. On the host (`cargo run -p pqfit --example ...`): standard
//! output and the operating system's RNG. On a Cortex-M4 board (`--target
//! thumbv7em-none-eabi`): cortex-m-rt's reset handler, semihosting output through
//! the debugger, and the STM32F4 family's RNG peripheral.
//!
//! Each example defines `fn run(console, rng) -> Result<(), pqfit::Error>`; on the
//! board this module's entry point calls it, on the host the example's `main`.

#![allow(dead_code)]

#[cfg(not(target_os = "none"))]
mod imp {
    /// Standard output as a `core::fmt::Write`.
    pub struct Console;

    impl core::fmt::Write for Console {
        fn write_str(&mut self, s: &str) -> core::fmt::Result {
            use std::io::Write;
            std::io::stdout()
                .write_all(s.as_bytes())
                .map_err(|_| core::fmt::Error)
        }
    }

    /// The operating system's RNG.
    pub fn rng() -> getrandom::SysRng {
        getrandom::SysRng
    }
}

// The peripheral registers are memory-mapped: the one place of the examples that needs
// `unsafe`, which the workspace's lints deny everywhere else.
#[cfg(target_os = "none")]
#[allow(unsafe_code)]
mod imp {
    use core::ptr::{read_volatile, write_volatile};

    /// Output through the debugger (ARM semihosting).
    pub struct Console(Option<cortex_m_semihosting::hio::HostStream>);

    impl core::fmt::Write for Console {
        fn write_str(&mut self, s: &str) -> core::fmt::Result {
            match &mut self.0 {
                Some(out) => out.write_str(s).map_err(|_| core::fmt::Error),
                None => Ok(()),
            }
        }
    }

    /// The STM32F4 RNG peripheral (reference manual RM0090, section 24): a true RNG
    /// whose 32-bit words pass the crypto-RNG contract once its seed- and clock-error
    /// flags are clear.
    pub struct Stm32Rng;

    const RCC_AHB2ENR: *mut u32 = 0x4002_3834 as *mut u32;
    const RNG_CR: *mut u32 = 0x5006_0800 as *mut u32;
    const RNG_SR: *const u32 = 0x5006_0804 as *const u32;
    const RNG_DR: *const u32 = 0x5006_0808 as *const u32;
    const SR_DRDY: u32 = 1;
    const SR_CECS: u32 = 1 << 1;
    const SR_SECS: u32 = 1 << 2;

    /// Why the RNG gave no word: a clock or seed error (RM0090, 24.3.2).
    #[derive(Debug)]
    pub struct RngError;

    impl core::fmt::Display for RngError {
        fn fmt(&self, f: &mut core::fmt::Formatter<'_>) -> core::fmt::Result {
            f.write_str("RNG clock or seed error")
        }
    }

    impl core::error::Error for RngError {}

    impl Stm32Rng {
        /// Clocks and enables the peripheral.
        pub fn new() -> Self {
            // SAFETY: the documented RCC and RNG registers of the STM32F4; the example
            // is the only code touching them.
            unsafe {
                write_volatile(RCC_AHB2ENR, read_volatile(RCC_AHB2ENR) | 1 << 6);
                write_volatile(RNG_CR, 1 << 2);
            }
            Self
        }
    }

    impl rand_core::TryRng for Stm32Rng {
        type Error = RngError;

        fn try_next_u32(&mut self) -> Result<u32, RngError> {
            loop {
                // SAFETY: as in `new`; reading DR after DRDY is the documented protocol.
                let sr = unsafe { read_volatile(RNG_SR) };
                if sr & (SR_CECS | SR_SECS) != 0 {
                    return Err(RngError);
                }
                if sr & SR_DRDY != 0 {
                    return Ok(unsafe { read_volatile(RNG_DR) });
                }
            }
        }

        fn try_next_u64(&mut self) -> Result<u64, RngError> {
            Ok(u64::from(self.try_next_u32()?) | u64::from(self.try_next_u32()?) << 32)
        }

        fn try_fill_bytes(&mut self, dst: &mut [u8]) -> Result<(), RngError> {
            for chunk in dst.chunks_mut(4) {
                let word = self.try_next_u32()?.to_le_bytes();
                chunk.copy_from_slice(&word[..chunk.len()]);
            }
            Ok(())
        }
    }

    impl rand_core::TryCryptoRng for Stm32Rng {}

    #[cortex_m_rt::entry]
    fn main() -> ! {
        let mut console = Console(cortex_m_semihosting::hio::hstdout().ok());
        let result = crate::run(&mut console, &mut Stm32Rng::new());
        if let Err(e) = result {
            let _ = core::fmt::Write::write_fmt(&mut console, format_args!("error: {e}\n"));
        }
        loop {
            cortex_m::asm::wfi();
        }
    }

    #[panic_handler]
    fn panic(_: &core::panic::PanicInfo) -> ! {
        // A permanently undefined instruction: the debugger stops here.
        cortex_m::asm::udf()
    }
}

#[allow(unused_imports)]
pub use imp::*;
