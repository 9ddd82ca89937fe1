//! Where a run can stop: not inside a Thumb IT block. Unicorn treats an IT block as one
//! instruction: a stop asked for by a hook inside one (our positioning hook, or its own
//! instruction count) is dropped (`revert_uc_emu_stop`), and the run goes on past the
//! block. So neither a fault site nor a checkpoint may be an instruction inside an IT
//! block; the IT instruction itself is one (skipping it makes the block unconditional).
//! A condition-failed instruction of a block runs no hook, so it is in no trace.

use crate::elf::Image;
use crate::profile::Isa;

/// The mask (low four bits) of the IT instruction at `addr`, if there is one.
fn it_mask(image: &Image, addr: u32) -> Option<u16> {
    let b = image.read(u64::from(addr), 2)?;
    let hw = u16::from_le_bytes([b[0], b[1]]);
    (hw & 0xff00 == 0xbf00 && hw & 0xf != 0).then_some(hw & 0xf)
}

/// The length of the Thumb instruction at `addr` (2 when it cannot be read).
fn length(image: &Image, addr: u32) -> u32 {
    image.read(u64::from(addr), 2).map_or(2, |b| {
        let top = u16::from_le_bytes([b[0], b[1]]) >> 11;
        if matches!(top, 0b11101..=0b11111) {
            4
        } else {
            2
        }
    })
}

/// Whether a run can stop just before dynamic instruction `k` of `trace`: false when
/// it lies inside the IT block of one of the four instructions before it.
pub fn stoppable(image: &Image, isa: Isa, trace: &[u32], k: usize) -> bool {
    if isa != Isa::Thumb {
        return true;
    }
    let Some(&pc) = trace.get(k) else {
        return false;
    };
    for &it in &trace[k.saturating_sub(4)..k] {
        if let Some(mask) = it_mask(image, it) {
            let mut a = it + 2;
            for _ in 0..4 - mask.trailing_zeros() {
                if a == pc {
                    return false;
                }
                a += length(image, a);
            }
        }
    }
    true
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::elf::{Flash, Segment};

    fn image(code: &[u16]) -> Image {
        let data: Vec<u8> = code.iter().flat_map(|h| h.to_le_bytes()).collect();
        Image {
            segments: vec![Segment {
                vaddr: 0x100,
                mem_size: data.len() as u64,
                data,
                exec: true,
            }],
            flash: Flash::default(),
            static_ram: 0,
            symbols: Vec::new(),
            text: Vec::new(),
            machine: 40,
            class64: false,
        }
    }

    #[test]
    fn the_instructions_of_an_it_block_are_not_stoppable() {
        // 0x100 cmp r4, lr; 0x102 ittt cc; 0x104 cmp.w (32-bit); 0x108 str; 0x10a adds;
        // 0x10c lsls (after the block).
        let img = image(&[0x4574, 0xbf3e, 0xf5b6, 0x7f80, 0x6008, 0x3601, 0x021c]);
        let trace = [0x100, 0x102, 0x104, 0x108, 0x10a, 0x10c];
        let at: Vec<bool> = (0..trace.len())
            .map(|k| stoppable(&img, Isa::Thumb, &trace, k))
            .collect();
        assert_eq!(at, [true, true, false, false, false, true]);
        // A condition-failed instruction leaves no trace: the others are still inside.
        let trace = [0x100, 0x102, 0x108, 0x10c];
        let at: Vec<bool> = (0..trace.len())
            .map(|k| stoppable(&img, Isa::Thumb, &trace, k))
            .collect();
        assert_eq!(at, [true, true, false, true]);
        // RISC-V has no IT blocks.
        assert!(stoppable(&img, Isa::Rv32, &trace, 2));
    }
}
