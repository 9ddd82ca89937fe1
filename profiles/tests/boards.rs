//! Boards on hand-assembled kernels: the flash wait states, prefetch and caches charged
//! exactly as docs/boards.md says, counted by hand below; the reference profiles unchanged;
//! and two kernels whose order wait states reverse on real shipped boards.

use pqfit_profiles::board::Board;
use pqfit_profiles::elf::Image;
use pqfit_profiles::emu::{Machine, Run, StackRegion};
use pqfit_profiles::Profile;

fn bytes(halfwords: &[u16]) -> Vec<u8> {
    halfwords.iter().flat_map(|h| h.to_le_bytes()).collect()
}

/// Runs `code` (at the start of flash) on `profile`.
fn run_on(p: &Profile, code: &[u8]) -> Run {
    let image = Image::from_code(p.memory.flash_origin, code);
    let top = p.memory.ram_origin + 0x10_1000;
    let stack = StackRegion {
        bottom: top - 0x1000,
        top,
    };
    let mut m = Machine::new(p, &image, stack).unwrap();
    m.call(p.memory.flash_origin, 100_000).unwrap()
}

/// A test board for `target` with this `[flash]` table.
fn board(target: &str, flash: &str) -> Profile {
    let text = format!(
        "target = \"{target}\"\npart = \"test\"\nclock_mhz = 100\nflash_bytes = 65536\n\
         ram_bytes = 65536\nsource = \"test\"\ncode = \"flash\"\n[flash]\n{flash}\n"
    );
    Board::from_toml("test", &text).unwrap().profile().unwrap()
}

// movs r0,#0; movs r1,#10; 4 x nop; loop (offset 12): adds r0,#1; subs r1,#1; bne loop;
// bx lr. The loop body straddles the 16-byte flash lines 0 (12..16) and 1 (16..18).
const STRADDLING_LOOP: [u16; 10] = [
    0x2000, 0x210a, 0xbf00, 0xbf00, 0xbf00, 0xbf00, 0x3001, 0x3901, 0xd1fc, 0x4770,
];

#[test]
fn a_loop_across_two_lines_with_and_without_prefetch_and_cache() {
    let code = bytes(&STRADDLING_LOOP);
    // Reference M4: first block 9 (6 ALU, adds, subs, bne); 9 taken BNE into the 3-cycle
    // loop block (+2 each); BX 1 + 2.
    let reference = run_on(&Profile::load("m4").unwrap(), &code);
    assert_eq!((reference.cycles, reference.ret), (9 + 9 * 5 + 3, 10));
    assert_eq!(reference.wait_cycles, 0);

    // 3 wait states, nothing to hide them: the first block reads lines 0 and 1; each of
    // the 9 loop passes reads line 0 (branched to) and line 1 again; BX is in line 1.
    let r = run_on(&board("m4", "wait_states = 3\nline_bytes = 16"), &code);
    assert_eq!(r.wait_cycles, 3 * (2 + 9 * 2));
    assert_eq!(r.cycles, reference.cycles + r.wait_cycles);

    // Prefetch: entering line 1 from line 0 is free; the branch back to line 0 is not.
    let r = run_on(
        &board("m4", "wait_states = 3\nline_bytes = 16\nprefetch = true"),
        &code,
    );
    assert_eq!(r.wait_cycles, 3 * (1 + 9));

    // Prefetch and an instruction cache: only the very first read of line 0 waits.
    let r = run_on(
        &board(
            "m4",
            "wait_states = 3\nline_bytes = 16\nprefetch = true\nicache = { lines = 4, ways = 4 }",
        ),
        &code,
    );
    assert_eq!((r.wait_cycles, r.cycles), (3, reference.cycles + 3));

    // A cache without prefetch: lines 0 and 1 miss once each, every later read hits.
    let r = run_on(
        &board(
            "m4",
            "wait_states = 3\nline_bytes = 16\nicache = { lines = 2, ways = 2 }",
        ),
        &code,
    );
    assert_eq!(r.wait_cycles, 3 * 2);
}

// ldr r0,[pc,#4]; ldr r1,[pc,#4] (both the literal at 8); adds r0,r0,r1; bx lr; .word 21
const LITERALS: [u16; 6] = [0x4801, 0x4901, 0x1840, 0x4770, 21, 0];

#[test]
fn loads_from_flash_wait_unless_the_data_cache_holds_the_line() {
    let code = bytes(&LITERALS);
    let reference = run_on(&Profile::load("m4").unwrap(), &code);
    // LDR 2, pipelined LDR 1, ADDS 1, BX 1 + 2.
    assert_eq!((reference.cycles, reference.ret), (7, 42));
    // No data cache: one line of code read (2) and both loads read flash (2 each).
    let r = run_on(&board("m4", "wait_states = 2\nline_bytes = 16"), &code);
    assert_eq!((r.wait_cycles, r.cycles), (2 + 2 * 2, 7 + 6));
    // A one-line data buffer: the second load hits.
    let r = run_on(
        &board(
            "m4",
            "wait_states = 2\nline_bytes = 16\ndcache = { lines = 1, ways = 1 }",
        ),
        &code,
    );
    assert_eq!(r.wait_cycles, 2 + 2);
    // One cache for code and data: the literal's line is the code's, already cached.
    let r = run_on(
        &board(
            "m4",
            "wait_states = 2\nline_bytes = 16\nicache = { lines = 1, ways = 1 }\nunified = true",
        ),
        &code,
    );
    assert_eq!(r.wait_cycles, 2);
}

#[test]
fn an_rv32_loop_fetching_two_words() {
    // c.li a1,3; loop: c.addi a1,-1; c.bnez a1,loop; ret
    let code = bytes(&[0x458d, 0x15fd, 0xfdfd, 0x8082]);
    let reference = run_on(&Profile::load("rv32").unwrap(), &code);
    assert_eq!(reference.cycles, 3 + 2 + 2 + 3 + 1);
    // 4-byte lines, 2 wait states, no prefetch: the first block (0..6) reads lines 0 and
    // 1, each of the 2 taken passes (2..6) both again; the return is in line 1.
    let r = run_on(&board("rv32", "wait_states = 2\nline_bytes = 4"), &code);
    assert_eq!(r.wait_cycles, 2 * (2 + 2 * 2));
    assert_eq!(r.cycles, reference.cycles + r.wait_cycles);
}

#[test]
fn zero_wait_boards_and_reference_profiles_give_the_reference_cycles() {
    let thumb = bytes(&STRADDLING_LOOP);
    let rv = bytes(&[0x458d, 0x15fd, 0xfdfd, 0x8082]);
    for (name, code) in [("rp2040", &thumb), ("gd32vf103", &rv)] {
        let b = Board::load(name).unwrap();
        let reference = run_on(&Profile::load(&b.target).unwrap(), code);
        let on_board = run_on(&b.profile().unwrap(), code);
        assert_eq!(
            Run {
                wall: reference.wall,
                ..on_board
            },
            reference,
            "{name}"
        );
        assert_eq!(on_board.cycles, reference.cycles, "{name}");
        assert_eq!(on_board.wait_cycles, 0, "{name}");
    }
}

// The same sum two ways: over a table in flash (fast with zero wait states), or computing
// each term, v(i) = ((i << 3) ^ i) + 5 + i for i = 8..1 (no loads).
fn term(i: u32) -> u32 {
    ((i << 3) ^ i) + 5 + i
}

/// adr r3,table; movs r0,#0; movs r1,#8; loop: ldr r2,[r3]; adds r3,#4; adds r0,r0,r2;
/// subs r1,#1; bne loop; bx lr; nop; table (offset 20): v(8), v(7), ..., v(1).
fn table_kernel() -> Vec<u8> {
    let mut code = bytes(&[
        0xa304, 0x2000, 0x2108, 0x681a, 0x3304, 0x1880, 0x3901, 0xd1fa, 0x4770, 0xbf00,
    ]);
    for i in (1..=8).rev() {
        code.extend(term(i).to_le_bytes());
    }
    code
}

/// movs r0,#0; movs r1,#8; loop: lsls r2,r1,#3; eors r2,r1; adds r2,#5; adds r2,r2,r1;
/// adds r0,r0,r2; subs r1,#1; bne loop; bx lr.
fn compute_kernel() -> Vec<u8> {
    bytes(&[
        0x2000, 0x2108, 0x00ca, 0x404a, 0x3205, 0x1852, 0x1880, 0x3901, 0xd1f8, 0x4770,
    ])
}

#[test]
fn wait_states_reverse_the_order_of_a_table_and_a_computation() {
    let sum: u32 = (1..=8).map(term).sum();
    let (table, compute) = (table_kernel(), compute_kernel());
    let m3 = Profile::load("m3").unwrap();
    let (t0, c0) = (run_on(&m3, &table), run_on(&m3, &compute));
    assert_eq!((t0.ret, c0.ret), (sum, sum));
    // Zero wait states: table 9 + 7 x (6 + 2) + 3, computation 9 + 7 x (7 + 2) + 3.
    assert_eq!((t0.cycles, c0.cycles), (68, 75));

    // STM32F103 at 72 MHz: 2 wait states, 8-byte lines, prefetch, no cache.
    let f103 = Board::load("stm32f103").unwrap().profile().unwrap();
    let (t, c) = (run_on(&f103, &table), run_on(&f103, &compute));
    // Table: line 0 once, the branch back into line 0 on each of 7 passes, and 8 loads
    // from flash; computation: line 0 once and on each of 7 passes.
    assert_eq!(t.wait_cycles, 2 * (1 + 7 + 8));
    assert_eq!(c.wait_cycles, 2 * (1 + 7));
    assert_eq!((t.cycles, c.cycles), (100, 91));
    assert!(t0.cycles < c0.cycles && c.cycles < t.cycles);

    // STM32F407 at 168 MHz: the ART's caches hide the loops, but the table's three lines
    // each miss the data cache once (5 wait states), more than the computation's one
    // instruction line.
    let m4 = Profile::load("m4").unwrap();
    let (t0, c0) = (run_on(&m4, &table), run_on(&m4, &compute));
    assert!(t0.cycles < c0.cycles);
    let f407 = Board::load("stm32f407").unwrap().profile().unwrap();
    let (t, c) = (run_on(&f407, &table), run_on(&f407, &compute));
    assert_eq!((t.wait_cycles, c.wait_cycles), (5 + 3 * 5, 5));
    assert!(c.cycles < t.cycles, "{} vs {}", c.cycles, t.cycles);
}
