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
