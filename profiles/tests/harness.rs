//! The harness on hand-assembled kernels whose cycle counts the cost tables predict
//! exactly, stack painting on a known frame, flash on a known ELF, and the error paths
//! (fault, trap, stack overrun, instruction limit). No cross toolchain is needed.

use std::path::Path;

use pqfit_profiles::elf::{Flash, Image, Symbol};
use pqfit_profiles::emu::{Machine, StackRegion};
use pqfit_profiles::{measure_elf, measure_elf_reading, ElfRead, Error, Profile};

fn thumb(halfwords: &[u16]) -> Vec<u8> {
    halfwords.iter().flat_map(|h| h.to_le_bytes()).collect()
}

/// A machine for `target` with `code` at the start of flash and a 4 KiB stack 1 MiB into RAM.
fn machine(target: &str, code: &[u8]) -> (Machine, Profile) {
    let p = Profile::load(target).unwrap();
    let image = Image::from_code(p.memory.flash_origin, code);
    let top = p.memory.ram_origin + 0x10_1000;
    let m = Machine::new(
        &p,
        &image,
        StackRegion {
            bottom: top - 0x1000,
            top,
        },
    )
    .unwrap();
    (m, p)
}

/// Runs `code` from its first byte on `target`: (cycles, instructions, stack, r0).
fn run(target: &str, code: &[u8]) -> (u64, u64, u64, u32) {
    let (mut m, p) = machine(target, code);
    let r = m.call(p.memory.flash_origin, 1_000_000).unwrap();
    (r.cycles, r.instructions, r.stack_bytes, r.ret)
}

// movs r0,#1; adds r0,#2; movs r1,#3; adds r0,r0,r1; bx lr
const ALU: [u16; 5] = [0x2001, 0x3002, 0x2103, 0x1840, 0x4770];

#[test]
fn straight_line_alu() {
    // 4 ALU + BX (1) + its refill (2): the return is a taken branch.
    assert_eq!(run("m4", &thumb(&ALU)), (7, 5, 0, 6));
    assert_eq!(run("m3", &thumb(&ALU)), (7, 5, 0, 6));
    assert_eq!(run("m0", &thumb(&ALU)), (7, 5, 0, 6));
}

#[test]
fn counted_loop_charges_taken_branches_only() {
    // movs r0,#0; movs r1,#10; loop: adds r0,#1; subs r1,#1; bne loop; bx lr
    let code = thumb(&[0x2000, 0x210a, 0x3001, 0x3901, 0xd1fc, 0x4770]);
    // First block 5; 9 taken BNE (2 each) into the 3-cycle loop block; the last BNE falls
    // through; BX 1 + 2.
    assert_eq!(
        run("m4", &code),
        (5 + 9 * (2 + 3) + 3, 5 + 9 * 3 + 1, 0, 10)
    );
}

#[test]
fn loads_pipeline_on_m3_m4_but_not_m0() {
    // movs r0,#1; lsls r0,r0,#29 (RAM origin); ldr r1,[r0]; ldr r2,[r0,#4]; ldr r3,[r0,#8];
    // adds r1,r1,r2; adds r0,r1,r3; bx lr
    let code = thumb(&[
        0x2001, 0x0740, 0x6801, 0x6842, 0x6883, 0x1889, 0x18c8, 0x4770,
    ]);
    for (target, expect) in [
        ("m4", 1 + 1 + (2 + 1) + 1 + 1 + 1 + 1 + 3),
        ("m0", 1 + 1 + 2 + 2 + 2 + 1 + 1 + 3),
    ] {
        let (mut m, p) = machine(target, &code);
        let words: Vec<u8> = [10u32, 20, 30]
            .iter()
            .flat_map(|w| w.to_le_bytes())
            .collect();
        m.write(p.memory.ram_origin, &words).unwrap();
        let r = m.call(p.memory.flash_origin, 1000).unwrap();
        assert_eq!((r.cycles, r.ret), (expect, 60), "{target}");
    }
}

#[test]
fn dependent_load_is_not_pipelined() {
    // movs r0,#1; lsls r0,r0,#29; ldr r1,[r0]; ldr r0,[r1]; bx lr
    let code = thumb(&[0x2001, 0x0740, 0x6801, 0x6808, 0x4770]);
    let (mut m, p) = machine("m4", &code);
    let ram = p.memory.ram_origin;
    m.write(ram, &((ram + 16) as u32).to_le_bytes()).unwrap();
    m.write(ram + 16, &42u32.to_le_bytes()).unwrap();
    let r = m.call(p.memory.flash_origin, 1000).unwrap();
    // The first load waits for r0 (+1); the second uses the first's result: 2 + 1.
    assert_eq!((r.cycles, r.ret), (1 + 1 + 3 + 3 + 3, 42));
}

/// Runs a load or store of `op` (a 16-bit LDR/LDRH/STR/STRH of r1 through r0) at RAM +
/// `offset` on the M4, unaligned accesses charged: its cycles.
fn access_at(offset: u16, op: u16) -> u64 {
    // movs r0,#1; lsls r0,r0,#29 (RAM origin); adds r0,#offset; nop; <op>; movs r0,#0;
    // bx lr
    let code = thumb(&[0x2001, 0x0740, 0x3000 | offset, 0xbf00, op, 0x2000, 0x4770]);
    let (mut m, p) = machine("m4", &code);
    m.charge_unaligned().unwrap();
    m.write(
        p.memory.ram_origin,
        &[0x11, 0x22, 0x33, 0x44, 0x55, 0x66, 0x77, 0x88],
    )
    .unwrap();
    m.call(p.memory.flash_origin, 1000).unwrap().cycles
}

#[test]
fn unaligned_accesses_pay_their_extra_transfers() {
    // 1 + 1 + 1 + 1 (nop) + the access + 1 + BX 3.
    let base = 8;
    let ldr = 0x6801; // ldr r1, [r0]
    let ldrh = 0x8801; // ldrh r1, [r0]
    let str = 0x6001; // str r1, [r0]
    assert_eq!(access_at(0, ldr), base + 2);
    assert_eq!(access_at(4, ldr), base + 2);
    // A halfword-aligned word: two halfword transfers; a byte-aligned one: three.
    assert_eq!(access_at(2, ldr), base + 2 + 1);
    assert_eq!(access_at(1, ldr), base + 2 + 2);
    assert_eq!(access_at(3, ldr), base + 2 + 2);
    assert_eq!(access_at(2, ldrh), base + 2);
    assert_eq!(access_at(1, ldrh), base + 2 + 1);
    assert_eq!(access_at(2, str), base + 1 + 1);
    // Without the hook (pqfit's firmware runs), an unaligned word costs as an aligned one.
    let code = thumb(&[0x2001, 0x0740, 0x3002, 0xbf00, ldr, 0x2000, 0x4770]);
    let (mut m, p) = machine("m4", &code);
    assert_eq!(
        m.call(p.memory.flash_origin, 1000).unwrap().cycles,
        base + 2
    );
}

#[test]
fn vfp_loads_stores_and_moves_on_the_m4() {
    // movs r0,#1; lsls r0,r0,#29; vmov s0,r0; vmov r1,s0; ldr r2,[r1]; vldr s1,[r0];
    // vpush {s16,s17}; vpop {s16,s17}; movs r0,#0; bx lr
    let code = thumb(&[
        0x2001, 0x0740, 0xee00, 0x0a10, 0xee10, 0x1a10, 0x680a, 0xedd0, 0x0a00, 0xed2d, 0x8a02,
        0xecbd, 0x8a02, 0x2000, 0x4770,
    ]);
    let (mut m, p) = machine("m4", &code);
    let r = m.call(p.memory.flash_origin, 1000).unwrap();
    // The LDR's address comes from the VMOV just before it: 2 + 1. VLDR 2, VPUSH and
    // VPOP 1 + 2 words each, VPOP + 1 as VPUSH wrote SP (as after PUSH).
    assert_eq!(r.cycles, 1 + 1 + 1 + 1 + (2 + 1) + 2 + 3 + (3 + 1) + 1 + 3);
    assert_eq!(r.stack_bytes, 8);
}

#[test]
fn call_and_return_through_the_stack() {
    // push {r4,lr}; bl f; pop {r4,pc}; f: movs r0,#7; bx lr   (bl +2 = 0xf000 0xf801)
    let code = thumb(&[0xb510, 0xf000, 0xf801, 0xbd10, 0x2007, 0x4770]);
    // PUSH 1+2, BL 1+2, MOVS 1, BX 1+2, POP {r4,pc} 1+2+3.
    assert_eq!(run("m4", &code), (3 + 3 + 1 + 3 + 6, 5, 8, 7));
    // M0: BL 4, BX 3, POP {pc} 4+N.
    assert_eq!(run("m0", &code), (3 + 4 + 1 + 3 + 6, 5, 8, 7));
}

#[test]
fn umull_is_data_dependent_on_the_m3_only() {
    // movs r0,#0; mvns r0,r0 (0xffffffff); movs r1,#7; umull r2,r3,r0,r1; bx lr
    let big = thumb(&[0x2000, 0x43c0, 0x2107, 0xfba0, 0x2301, 0x4770]);
    // movs r0,#5; movs r0,#5 (pad); movs r1,#7; umull r2,r3,r0,r1; bx lr
    let small = thumb(&[0x2005, 0x2005, 0x2107, 0xfba0, 0x2301, 0x4770]);
    assert_eq!(run("m4", &big).0, 3 + 1 + 3);
    assert_eq!(run("m3", &small).0, 3 + 3 + 3); // both operands < 2^16: 3
    assert_eq!(run("m3", &big).0, 3 + 4 + 3); // one large operand: 4
                                              // The same machine twice: the second call is costed by the installed hook alone.
    let (mut m, p) = machine("m3", &big);
    let a = m.call(p.memory.flash_origin, 1000).unwrap();
    let b = m.call(p.memory.flash_origin, 1000).unwrap();
    assert_eq!((a.cycles, b.cycles), (10, 10));
}

#[test]
fn a_long_multiply_the_scan_missed_is_still_costed() {
    // The function symbol covers only the first instruction, so the pre-scan finds no
    // long multiply; the block hook meets it, and the call is run again with the hook.
    let p = Profile::load("m3").unwrap();
    let code = thumb(&[0x2000, 0x43c0, 0x2107, 0xfba0, 0x2301, 0x4770]);
    let mut image = Image::from_code(p.memory.flash_origin, &code);
    image.symbols.push(Symbol {
        name: "f".into(),
        addr: p.memory.flash_origin,
        size: 2,
        kind: "text",
        krate: None,
    });
    let top = p.memory.ram_origin + 0x10_1000;
    let mut m = Machine::new(
        &p,
        &image,
        StackRegion {
            bottom: top - 0x1000,
            top,
        },
    )
    .unwrap();
    let a = m.call(p.memory.flash_origin, 1000).unwrap();
    let b = m.call(p.memory.flash_origin, 1000).unwrap();
    assert_eq!((a.cycles, b.cycles), (10, 10));
}

#[test]
fn udiv_is_data_dependent() {
    // movs r0,#100; movs r1,#7; udiv r2,r0,r1; movs r0,r2 (lsls r0,r2,#0); bx lr
    let code = thumb(&[0x2064, 0x2107, 0xfbb0, 0xf2f1, 0x0010, 0x4770]);
    // 100/7: 5 quotient bits -> 2 + ceil(5/3) = 4 cycles.
    assert_eq!(run("m4", &code), (1 + 1 + 4 + 1 + 3, 5, 0, 14));
}

#[test]
fn stack_high_water_of_a_known_frame() {
    // sub sp,#256; movs r0,#0; str r0,[sp]; add sp,#256; bx lr
    let code = thumb(&[0xb0c0, 0x2000, 0x9000, 0xb040, 0x4770]);
    assert_eq!(run("m4", &code).2, 256);
}

#[test]
fn faults_are_errors_with_a_reason() {
    // movs r0,#1; lsls r0,r0,#30 (0x40000000, unmapped); ldr r1,[r0]; bx lr
    let (mut m, p) = machine("m4", &thumb(&[0x2001, 0x0780, 0x6801, 0x4770]));
    match m.call(p.memory.flash_origin, 1000) {
        Err(Error::Fault { reason, pc, .. }) => {
            assert!(reason.contains("UNMAPPED"), "{reason}");
            assert_eq!(pc, p.memory.flash_origin + 4);
        }
        other => panic!("expected a fault, got {other:?}"),
    }
    // udf #0
    let (mut m, p) = machine("m4", &thumb(&[0xde00, 0x4770]));
    assert!(matches!(
        m.call(p.memory.flash_origin, 1000),
        Err(Error::Fault { .. })
    ));
}

#[test]
fn an_endless_loop_hits_the_instruction_limit() {
    // b .
    let (mut m, p) = machine("m4", &thumb(&[0xe7fe]));
    match m.call(p.memory.flash_origin, 100_000) {
        Err(Error::InstructionLimit { limit, pc }) => {
            assert_eq!((limit, pc), (100_000, p.memory.flash_origin))
        }
        other => panic!("expected the instruction limit, got {other:?}"),
    }
}

#[test]
fn a_stack_overrun_is_an_error() {
    // loop: sub sp,#508; str r0,[sp]; b loop  -- with the stack at the bottom of RAM
    let p = Profile::load("m4").unwrap();
    let code = thumb(&[0xb0ff, 0x9000, 0xe7fc]);
    let image = Image::from_code(p.memory.flash_origin, &code);
    let bottom = p.memory.ram_origin;
    let mut m = Machine::new(
        &p,
        &image,
        StackRegion {
            bottom,
            top: bottom + 0x1000,
        },
    )
    .unwrap();
    match m.call(p.memory.flash_origin, 1_000_000) {
        Err(Error::StackOverrun { stack_bytes }) => assert_eq!(stack_bytes, 0x1000),
        other => panic!("expected a stack overrun, got {other:?}"),
    }
}

#[test]
fn rv32_scoreboard_kernels() {
    // c.li a0,1; c.addi a0,2; ret
    assert_eq!(run("rv32", &thumb(&[0x4505, 0x0509, 0x8082])), (3, 3, 0, 3));
    // c.li a0,3; c.li a1,5; mul a0,a0,a1; c.addi a0,1; ret: the add waits for the product.
    let code = thumb(&[0x450d, 0x4595, 0x0533, 0x02b5, 0x0505, 0x8082]);
    assert_eq!(run("rv32", &code), (2 + 5 + 1 + 1, 5, 0, 16));
    // lui a0,0x80000; c.lw a1,0(a0); c.addi a1,1; ret: load-use stall of one cycle.
    let code = thumb(&[0x0537, 0x8000, 0x410c, 0x0585, 0x8082]);
    assert_eq!(run("rv32", &code).0, 5);
    // c.li a1,3; loop: c.addi a1,-1; c.bnez a1,loop; ret: backward branches predicted
    // taken, so only the final fall-through pays the 3-cycle mispredict.
    let code = thumb(&[0x458d, 0x15fd, 0xfdfd, 0x8082]);
    assert_eq!(run("rv32", &code), (3 + 2 + 2 + 3 + 1, 8, 0, 0));
}

#[test]
fn rv64_dual_issue_kernels() {
    // c.li a0,1; c.addi a0,2; ret: the add waits for a0 (cycle 1) and ret pairs with it.
    assert_eq!(run("rv64", &thumb(&[0x4505, 0x0509, 0x8082])), (2, 3, 0, 3));
    // c.li a0,3; c.li a1,5 (paired, cycle 0); mulw a0,a0,a1 (1); c.addiw a0,1 takes the
    // product in the late ALU (2); ret pairs with it. c.addiw is c.jal on RV32.
    let code = thumb(&[0x450d, 0x4595, 0x053b, 0x02b5, 0x2505, 0x8082]);
    assert_eq!(run("rv64", &code), (3, 5, 0, 16));
    // c.addi sp,-16 + c.li a0,7 (0); c.sdsp a0,8(sp) (1); c.ldsp a1,8(sp): pipe A again (2);
    // c.addw a0,a1 (late ALU, 3) + c.addi sp,16 (3); ret (4). 64-bit store and load on the
    // painted stack: 8 bytes touched.
    let code = thumb(&[0x1141, 0x451d, 0xe42a, 0x65a2, 0x9d2d, 0x0141, 0x8082]);
    assert_eq!(run("rv64", &code), (5, 7, 8, 14));
    // c.li a1,3; loop: c.addi a1,-1; c.bnez a1,loop; ret: as on RV32, only the final
    // fall-through of the backward branch pays the 3-cycle mispredict.
    let code = thumb(&[0x458d, 0x15fd, 0xfdfd, 0x8082]);
    assert_eq!(run("rv64", &code), (3 + 2 + 2 + 3 + 1, 8, 0, 0));
}

fn known_elf() -> std::path::PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/fixtures/known.elf")
}

#[test]
fn flash_and_static_ram_of_a_known_elf() {
    let image = Image::parse(&std::fs::read(known_elf()).unwrap()).unwrap();
    // .text 16, .rodata 24, .data 8 (its flash copy); PT_LOAD file sizes 0x28 + 8.
    assert_eq!(
        image.flash,
        Flash {
            text: 16,
            rodata: 24,
            data: 8,
            total: 48,
            // No Rust symbols: everything is scaffold.
            split: pqfit_profiles::elf::FlashSplit {
                scheme: 0,
                keccak: 0,
                scaffold: 48
            }
        }
    );
    // .data 8 + .bss 64
    assert_eq!(image.static_ram, 72);
    let sizes: Vec<(&str, u64, &str)> = image
        .symbols
        .iter()
        .map(|s| (s.name.as_str(), s.size, s.kind))
        .collect();
    assert!(sizes.contains(&("buffer", 64, "bss")));
    assert!(sizes.contains(&("table", 24, "rodata")));
    assert!(sizes.contains(&("func_b", 8, "text")));
}

fn known64_elf() -> std::path::PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/fixtures/known64.elf")
}

#[test]
fn an_elf64_parses_and_runs_on_rv64() {
    let image = Image::parse(&std::fs::read(known64_elf()).unwrap()).unwrap();
    assert!(image.class64);
    // .text 20 (li, c.ret; c.addi, c.sdsp, jal, c.ldsp, c.addi, c.ret), .rodata 24 after 4
    // bytes of alignment, .data 8: PT_LOAD file sizes 0x30 + 8.
    assert_eq!(
        (image.flash.text, image.flash.rodata, image.flash.data),
        (20, 24, 8)
    );
    assert_eq!(image.flash.total, 56);
    assert_eq!(image.static_ram, 72);
    assert!(image
        .symbols
        .iter()
        .any(|s| (s.name.as_str(), s.addr, s.size, s.kind) == ("func_b", 0x2000_0006, 14, "text")));
    let names = vec!["func_a".to_string(), "func_b".to_string()];
    let m = measure_elf("rv64", &known64_elf(), &names, 10_000).unwrap();
    let got: Vec<(u64, u64, u64)> = m
        .ops
        .iter()
        .map(|o| (o.cycles.avg, o.instructions, o.stack_bytes))
        .collect();
    // func_a: li + ret paired, 1 cycle. func_b: addi (0); sd needs sp early (1), jal pairs
    // with it; func_a 1; ld + addi paired (0), ret needs ra early: 0 + 3, so 4. The sd
    // leaves 8 bytes of the painted stack touched.
    assert_eq!(got, vec![(1, 2, 0), (2 + 1 + 4, 8, 8)]);
    // The 32-bit parser still takes the Thumb fixture.
    assert!(
        !Image::parse(&std::fs::read(known_elf()).unwrap())
            .unwrap()
            .class64
    );
}

#[test]
fn entry_points_of_a_known_elf() {
    let names = vec!["func_a".to_string(), "func_b".to_string()];
    let m = measure_elf("m4", &known_elf(), &names, 10_000).unwrap();
    let got: Vec<(u64, u64, u64)> = m
        .ops
        .iter()
        .map(|o| (o.cycles.avg, o.instructions, o.stack_bytes))
        .collect();
    // func_a: MOVS 1, BX 1+2. func_b: PUSH 3, BL 1+2, func_a 2+2, POP {r4,pc} 3+3.
    assert_eq!(got, vec![(4, 2, 0), (16, 5, 8)]);
    assert_eq!(m.ops[1].flash_bytes.total, 48);
}

#[test]
fn an_elf_entry_returning_non_zero_is_an_error() {
    // func_c returns 3.
    let names = vec!["func_a".to_string(), "func_c".to_string()];
    match measure_elf("m4", &known_elf(), &names, 10_000) {
        Err(Error::Status { entry, status }) => assert_eq!((entry.as_str(), status), ("func_c", 3)),
        other => panic!("expected a status error, got {other:?}"),
    }
}

#[test]
fn an_elf_symbol_is_read_back_after_its_entries() {
    let p = Profile::load("m4").unwrap();
    let reads = [
        ElfRead {
            symbol: "counter".into(),
            len: None,
        },
        ElfRead {
            symbol: "table".into(),
            len: Some(8),
        },
    ];
    let (_, out) =
        measure_elf_reading(&p, &known_elf(), &["func_a".to_string()], 10_000, &reads).unwrap();
    assert_eq!(out[0], [7, 0, 0, 0, 8, 0, 0, 0]);
    assert_eq!(out[1], [1, 0, 0, 0, 2, 0, 0, 0]);
    let missing = [ElfRead {
        symbol: "nothing".into(),
        len: None,
    }];
    assert!(measure_elf_reading(&p, &known_elf(), &[], 10_000, &missing).is_err());
}
