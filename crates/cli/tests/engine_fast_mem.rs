//! The warp-wide path for `ld`/`st` (docs/ENGINE.md "Speed") against the
//! general way, lane by lane (forced by `--contract`), and against values
//! worked out here: every width, the relaxed register types with sign
//! extension, vectors, guards, stored constants, each state space and a
//! generic address; and the same error, naming the same thread, where one
//! lane of a warp makes a misaligned access or reads memory never given.

mod common;
use common::{hex, run_src, text};
use std::process::Output;

const KERNEL: &str = r#"
.version 8.0
.target sm_80
.address_size 64
.const .align 4 .b32 tab[4] = {11, 22, 33, 44};
.entry k(.param .u64 in, .param .u64 out, .param .u32 bad)
{
    .reg .pred %p<3>;
    .reg .b32 %r<20>;
    .reg .s32 %s<3>;
    .reg .b64 %rd<24>;
    .reg .b16 %h<2>;
    .shared .align 16 .b8 sh[1024];
    .local .align 16 .b8 loc[32];
    ld.param.u64 %rd1, [in];
    ld.param.u64 %rd2, [out];
    ld.param.u32 %r19, [bad];
    mov.u32 %r1, %tid.x;
    // One lane may be sent 2 bytes off (`bad` = 32 + its %tid).
    setp.eq.u32 %p2, %r19, %r1;
    selp.u32 %r18, 2, 0, %p2;
    cvt.u64.u32 %rd20, %r18;
    mul.wide.u32 %rd3, %r1, 16;
    add.s64 %rd4, %rd1, %rd3;
    add.s64 %rd21, %rd4, %rd20;
    ld.global.u32 %r17, [%rd21];
    ld.global.v4.u32 {%r2, %r3, %r4, %r5}, [%rd4];
    ld.global.s8 %s1, [%rd4+1];
    ld.global.u8 %r6, [%rd4+2];
    ld.global.s16 %rd5, [%rd4+2];
    ld.global.b16 %h1, [%rd4+4];
    ld.global.v2.u64 {%rd6, %rd7}, [%rd4];
    ld.const.u32 %r7, [tab+8];
    ld.global.u64 %rd4, [%rd4+8];
    setp.lt.u32 %p1, %r1, 40;
    mul.wide.u32 %rd8, %r1, 8;
    mov.u64 %rd9, sh;
    add.s64 %rd9, %rd9, %rd8;
    st.shared.v2.u32 [%rd9], {%r2, %r3};
    @%p1 st.shared.u32 [%rd9], 7;
    bar.sync 0;
    xor.b32 %r8, %r1, 1;
    mul.wide.u32 %rd10, %r8, 8;
    mov.u64 %rd11, sh;
    add.s64 %rd11, %rd11, %rd10;
    ld.shared.v2.u32 {%r9, %r10}, [%rd11];
    ld.shared.u32 %r11, [sh+12];
    mov.u64 %rd12, loc;
    st.local.u32 [%rd12+4], %r1;
    ld.local.u32 %r12, [%rd12+4];
    cvta.shared.u64 %rd13, %rd11;
    ld.u32 %r13, [%rd13];
    @!%p1 ld.global.u32 %r13, [%rd1];
    mul.wide.u32 %rd14, %r1, 64;
    add.s64 %rd15, %rd2, %rd14;
    st.global.v4.u32 [%rd15], {%r9, %r10, %r11, %r12};
    st.global.s32 [%rd15+16], %s1;
    st.global.u32 [%rd15+20], %r6;
    st.global.u64 [%rd15+24], %rd5;
    st.global.b16 [%rd15+32], %h1;
    st.global.u8 [%rd15+34], %r1;
    st.global.u8 [%rd15+35], 0x1ff;
    st.global.u32 [%rd15+36], %r7;
    st.global.u32 [%rd15+40], %r13;
    st.global.u32 [%rd15+44], %r17;
    st.global.v2.u64 [%rd15+48], {%rd6, %rd4};
}
"#;

const THREADS: usize = 64;
const IN: u64 = 0x10000;
const OUT: u64 = 0x20000;

/// Bytes of the input: thread t's 16 at `IN + 16 t`, not a ramp.
fn input() -> Vec<u8> {
    common::words(&common::lcg(THREADS * 4, 7))
}

/// The run of `name` (a file of its own: the tests run at once) without
/// and with `--contract`.
fn launch(name: &str, bad: u32, given: usize, extra: &[&str]) -> (Output, Output) {
    let mem = format!("{IN:#x}={}", hex(&input()[..given]));
    let (inp, out, bad) = (
        format!("in={IN:#x}"),
        format!("out={OUT:#x}"),
        format!("bad={bad}"),
    );
    let mut args = vec![
        "--block", "64", "--set", &inp, "--set", &out, "--set", &bad, "--mem", &mem,
    ];
    args.extend_from_slice(extra);
    let fast = run_src(name, KERNEL, &args);
    args.push("--contract");
    let general = run_src(name, KERNEL, &args);
    (fast, general)
}

/// The memory lines of a run, and its errors and warnings.
fn outcome(o: &Output) -> (Option<i32>, Vec<String>, String) {
    let (stdout, stderr) = text(o);
    let mem = stdout
        .lines()
        .filter(|l| l.starts_with("mem["))
        .map(String::from)
        .collect();
    (o.status.code(), mem, stderr)
}

#[test]
fn warp_loads_and_stores_equal_the_general_way_and_the_values() {
    let (fast, general) = launch("values.ptx", 999, THREADS * 16, &[]);
    assert_eq!(outcome(&fast), outcome(&general));
    let got = common::mem(&fast, OUT, THREADS * 64);
    let inp = input();
    let w = |b: &[u8], at: usize| u32::from_le_bytes(b[at..at + 4].try_into().unwrap());
    let q = |b: &[u8], at: usize| u64::from_le_bytes(b[at..at + 8].try_into().unwrap());
    for t in 0..THREADS {
        let (i, o) = (&inp[16 * t..16 * t + 16], &got[64 * t..64 * t + 64]);
        let nb = &inp[16 * (t ^ 1)..16 * (t ^ 1) + 16];
        // The neighbour's shared words: 7 and its second input word, or
        // its first two input words from thread 40 on.
        let (n0, n1) = if t ^ 1 < 40 {
            (7, w(nb, 4))
        } else {
            (w(nb, 0), w(nb, 4))
        };
        assert_eq!((w(o, 0), w(o, 4)), (n0, n1), "thread {t}");
        // `[sh+12]`: thread 1's second word.
        assert_eq!(w(o, 8), w(&inp[16..32], 4), "thread {t}");
        assert_eq!(w(o, 12), t as u32, "thread {t}");
        // `.s8` into `.s32` and `.s16` into `.b64` sign-extend; `.u8` not.
        assert_eq!(w(o, 16), i[1] as i8 as i32 as u32, "thread {t}");
        assert_eq!(w(o, 20), u32::from(i[2]), "thread {t}");
        let s16 = i16::from_le_bytes([i[2], i[3]]) as i64 as u64;
        assert_eq!(q(o, 24), s16, "thread {t}");
        assert_eq!(&o[32..34], &i[4..6], "thread {t}");
        // A `.u8` store keeps the low byte, of a register or a constant.
        assert_eq!((o[34], o[35]), (t as u8, 0xff), "thread {t}");
        assert_eq!(w(o, 36), 33, "thread {t}");
        // The base register loaded over itself: the second doubleword.
        assert_eq!((q(o, 48), q(o, 56)), (q(i, 0), q(i, 8)), "thread {t}");
        // A generic load of the neighbour's shared word; threads from 40
        // on load again, guarded, thread 0's first input word.
        let gen = if t < 40 { n0 } else { w(&inp, 0) };
        assert_eq!(w(o, 40), gen, "thread {t}");
        assert_eq!(w(o, 44), w(i, 0), "thread {t}");
    }
}

/// One lane of the second warp misaligned: both ways stop at the same
/// line with the same message, naming thread 37.
#[test]
fn a_misaligned_lane_is_the_general_ways_error() {
    let (fast, general) = launch("misaligned.ptx", 37, THREADS * 16, &[]);
    let (code, _, stderr) = outcome(&fast);
    assert_eq!(code, Some(2), "{stderr}");
    assert!(stderr.contains("misaligned access"), "{stderr}");
    assert!(stderr.contains("37"), "{stderr}");
    assert_eq!(outcome(&fast), outcome(&general));
    // --check-memory: reported, and the run goes on.
    let (fast, general) = launch("misaligned.ptx", 37, THREADS * 16, &["--check-memory"]);
    let (code, _, stderr) = outcome(&fast);
    assert_eq!(code, Some(0), "{stderr}");
    assert!(stderr.contains("misaligned access"), "{stderr}");
    assert_eq!(outcome(&fast), outcome(&general));
}

/// The input given only up to thread 45's words: lane 13 of the second
/// warp reads memory never given; the same error or, with
/// `--check-memory`, the same warnings and zeros.
#[test]
fn a_lane_reading_memory_never_given_is_the_general_ways_error() {
    let (fast, general) = launch("never_given.ptx", 999, 45 * 16 + 4, &[]);
    let (code, _, stderr) = outcome(&fast);
    assert_eq!(code, Some(2), "{stderr}");
    assert!(stderr.contains("never given or written"), "{stderr}");
    assert_eq!(outcome(&fast), outcome(&general));
    let (fast, general) = launch("never_given.ptx", 999, 45 * 16 + 4, &["--check-memory"]);
    let (code, _, stderr) = outcome(&fast);
    assert_eq!(code, Some(0), "{stderr}");
    assert_eq!(outcome(&fast), outcome(&general));
}

/// The output given for threads 0 to 49 only: with `--check-memory` each
/// store of threads 50 to 63 lands in memory nothing holds and is
/// reported once (thread, line, the first byte outside); the first of
/// them says the bytes below are given (a region too short). The bytes
/// are still written, as without the option, which reports nothing.
#[test]
fn stores_past_the_given_output_are_reported_with_check_memory() {
    let given = 50 * 64;
    let zeros = format!("{OUT:#x}={}", "00".repeat(given));
    let extra = ["--mem", zeros.as_str(), "--check-memory"];
    let (fast, general) = launch("store_outside.ptx", 999, THREADS * 16, &extra);
    assert_eq!(outcome(&fast), outcome(&general));
    let (code, mem, stderr) = outcome(&fast);
    assert_eq!(code, Some(0), "{stderr}");
    let stores = KERNEL
        .lines()
        .filter(|l| l.trim_start().starts_with("st.global"))
        .count();
    let warnings: Vec<&str> = stderr
        .lines()
        .filter(|l| l.contains("is in no --mem region, variable or malloc block"))
        .collect();
    assert_eq!(warnings.len(), (THREADS - 50) * stores, "{stderr}");
    let first = OUT + given as u64;
    assert!(
        warnings[0].contains(&format!(
            "`st.global.v4.u32` writes 16 bytes at {first:#x}, but memory at {first:#x}"
        )) && warnings[0].contains("thread (50,0,0)"),
        "{}",
        warnings[0]
    );
    assert!(
        stderr.contains(&format!("the bytes below {first:#x} are given")),
        "{stderr}"
    );
    // The same bytes as a run that gives the whole output, which
    // reports nothing.
    let zeros = format!("{OUT:#x}={}", "00".repeat(THREADS * 64));
    let extra = ["--mem", zeros.as_str(), "--check-memory"];
    let (whole, _) = launch("store_inside.ptx", 999, THREADS * 16, &extra);
    let (code, whole_mem, stderr) = outcome(&whole);
    assert_eq!(code, Some(0), "{stderr}");
    assert!(!stderr.contains("is in no --mem region"), "{stderr}");
    assert_eq!(mem, whole_mem);
    // Without --check-memory: written silently.
    let (plain, _) = launch("store_plain.ptx", 999, THREADS * 16, &extra[..2]);
    let (code, plain_mem, stderr) = outcome(&plain);
    assert_eq!(code, Some(0), "{stderr}");
    assert!(!stderr.contains("is in no --mem region"), "{stderr}");
    assert_eq!(plain_mem, whole_mem);
}

/// One thread: a store inside a `.global` variable, a `malloc` block and
/// a given region is not reported; one a word past the variable and a
/// `.b128` store past the region are, each once, and the bytes written.
#[test]
fn stores_to_variables_and_malloc_blocks_are_held() {
    const SRC: &str = r#"
.version 8.3
.target sm_90
.address_size 64
.extern .func (.param .b64 r) malloc(.param .b64 n);
.global .align 4 .u32 g[4];
.visible .entry k(.param .u64 out)
{
    .reg .u64 %rd<4>;
    .reg .b128 %q;
    ld.param.u64 %rd1, [out];
    st.global.u32 [g+12], 7;
    st.global.u32 [g+16], 8;
    {
    .param .b64 a;
    .param .b64 r;
    st.param.b64 [a], 64;
    call.uni (r), malloc, (a);
    ld.param.b64 %rd2, [r];
    }
    st.u32 [%rd2+60], 5;
    mov.b128 %q, {%rd1, %rd2};
    st.global.b128 [%rd1], %q;
    st.global.b128 [%rd1+16], %q;
    ret;
}
"#;
    let args = [
        "--set",
        "out=0x1000",
        "--mem",
        "0x1000=00000000000000000000000000000000",
    ];
    let plain = run_src("held.ptx", SRC, &args);
    let mut checked = args.to_vec();
    checked.push("--check-memory");
    let o = run_src("held.ptx", SRC, &checked);
    let (code, mem, stderr) = outcome(&o);
    assert_eq!(code, Some(0), "{stderr}");
    assert_eq!(mem, outcome(&plain).1);
    let warned: Vec<&str> = stderr
        .lines()
        .filter(|l| l.contains("is in no --mem region"))
        .collect();
    assert_eq!(warned.len(), 2, "{stderr}");
    assert!(
        warned[0].contains(":13:") && warned[0].contains("`st.global.u32` writes 4 bytes"),
        "{stderr}"
    );
    assert!(
        warned[1].contains(":24:")
            && warned[1].contains("`st.global.b128` writes 16 bytes at 0x1010"),
        "{stderr}"
    );
    assert!(common::mem(&o, 0x1010, 16).iter().any(|&b| b != 0));
}

/// `.shared .u32 s[4]` indexed by %tid in a CTA of 8: with
/// `--check-memory` the stores of threads 4 to 7 land outside every
/// `.shared` variable and are reported (a GPU faults past the CTA's
/// shared memory); each thread still reads back its own word.
#[test]
fn shared_stores_past_their_variable_are_reported() {
    const SRC: &str = r#"
.version 7.0
.target sm_70
.address_size 64
.visible .entry k(.param .u64 out)
{
    .reg .u64 %rd<4>;
    .reg .u32 %r<4>;
    .shared .align 4 .u32 s[4];
    mov.u32 %r1, %tid.x;
    mul.wide.u32 %rd2, %r1, 4;
    mov.u64 %rd1, s;
    add.u64 %rd3, %rd1, %rd2;
    st.shared.u32 [%rd3], %r1;
    ld.shared.u32 %r2, [%rd3];
    ld.param.u64 %rd1, [out];
    add.u64 %rd3, %rd1, %rd2;
    st.global.u32 [%rd3], %r2;
    ret;
}
"#;
    let zeros = format!("0x1000={}", "00".repeat(32));
    let mut args = vec!["--block", "8", "--set", "out=0x1000", "--mem", &zeros];
    let plain = run_src("shared_past.ptx", SRC, &args);
    args.push("--check-memory");
    let o = run_src("shared_past.ptx", SRC, &args);
    let (code, mem, stderr) = outcome(&o);
    assert_eq!(code, Some(0), "{stderr}");
    assert_eq!(mem, outcome(&plain).1);
    assert!(!outcome(&plain).2.contains("outside every .shared"));
    let warned: Vec<&str> = stderr
        .lines()
        .filter(|l| l.contains("outside every .shared variable of the CTA"))
        .collect();
    assert_eq!(warned.len(), 4, "{stderr}");
    for (w, t) in warned.iter().zip(4..) {
        assert!(
            w.contains(":14:") && w.contains(&format!("thread ({t},0,0)")),
            "{w}"
        );
    }
    let want: Vec<u32> = (0..8).collect();
    assert_eq!(common::mem(&o, 0x1000, 32), common::words(&want));
}

/// `cp.async` into `.shared`: inside its variable nothing is reported,
/// 16 bytes past it once (`--check-memory`).
#[test]
fn cp_async_past_its_shared_variable_is_reported() {
    const SRC: &str = r#"
.version 7.0
.target sm_80
.address_size 64
.visible .entry k(.param .u64 in)
{
    .reg .u64 %rd<2>;
    .shared .align 16 .b8 buf[16];
    ld.param.u64 %rd1, [in];
    cp.async.ca.shared.global [buf], [%rd1], 16;
    cp.async.ca.shared.global [buf+16], [%rd1], 16;
    cp.async.wait_all;
    ret;
}
"#;
    let input = format!("0x1000={}", "ab".repeat(16));
    let args = ["--set", "in=0x1000", "--mem", &input, "--check-memory"];
    let o = run_src("cp_async_past.ptx", SRC, &args);
    let (code, _, stderr) = outcome(&o);
    assert_eq!(code, Some(0), "{stderr}");
    let warned: Vec<&str> = stderr
        .lines()
        .filter(|l| l.contains("outside every .shared variable"))
        .collect();
    assert_eq!(warned.len(), 1, "{stderr}");
    assert!(
        warned[0].contains(":11:") && warned[0].contains("writes 16 bytes"),
        "{stderr}"
    );
}
