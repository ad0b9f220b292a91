//! Issue 18's gaps of the engine, closed: constants wider than their
//! operand, `reg+imm` operands, vector-register parameters, `cp.async`,
//! `.v8` accesses, indirect calls and per-frame `.local`. Every expected
//! value is derived in the test from the kernel's meaning (comments), and
//! compared exactly.

use ptxfp_interp::{run, Inputs, Launch, Options, RunError};

fn head(version: &str, target: &str) -> String {
    format!(".version {version}\n.target {target}\n.address_size 64\n")
}

fn inputs(sets: &[(&str, &str)], mems: &[(&str, Vec<u8>)]) -> Inputs {
    Inputs {
        sets: sets
            .iter()
            .map(|(n, v)| (n.to_string(), v.to_string()))
            .collect(),
        mems: mems
            .iter()
            .map(|(a, b)| (a.to_string(), b.clone()))
            .collect(),
        ..Inputs::default()
    }
}

fn le32(words: &[u32]) -> Vec<u8> {
    words.iter().flat_map(|w| w.to_le_bytes()).collect()
}

/// The bytes written at `addr..addr+n`, from the runs of memory written.
fn bytes_at(memory: &[(u64, Vec<u8>)], addr: u64, n: usize) -> Vec<u8> {
    let mut out = vec![None; n];
    for (a, b) in memory {
        for (i, x) in b.iter().enumerate() {
            let at = a + i as u64;
            if at >= addr && at < addr + n as u64 {
                out[(at - addr) as usize] = Some(*x);
            }
        }
    }
    out.into_iter()
        .enumerate()
        .map(|(i, b)| b.unwrap_or_else(|| panic!("byte {i} at {addr:#x} not written: {memory:?}")))
        .collect()
}

fn words_at(memory: &[(u64, Vec<u8>)], addr: u64, n: usize) -> Vec<u32> {
    bytes_at(memory, addr, 4 * n)
        .chunks(4)
        .map(|c| u32::from_le_bytes(c.try_into().unwrap()))
        .collect()
}

fn runtime_error(r: Result<ptxfp_interp::Outcome, RunError>) -> String {
    match r {
        Err(RunError::Runtime { error, .. }) => error.message,
        Err(RunError::Program(d)) => d.message,
        Err(RunError::Diagnostics(ds)) => ds[0].message.clone(),
        other => panic!("expected an error: {other:?}"),
    }
}

/// PTX ISA §4.5.1: an integer constant is 64 bits and "converted to the
/// appropriate size based on the data or instruction type at its use".
/// `0xffffffffffffffffU` as a `.u32` is 0xffffffff; plus 1 that is 2^32:
/// 0 with a carry out of 1, which `addc.u32 c, 0, 0` reads back. A
/// constant of 2^32 + 5 as a `.u16` keeps its low 16 bits, 5. Each
/// truncation is a warning naming it.
#[test]
fn a_wide_constant_is_truncated_to_its_operand() {
    let src = format!(
        "{}.entry k(.param .u64 out)
{{
.reg .u64 %o;
.reg .u32 s, c;
.reg .u16 h;
ld.param.u64 %o, [out];
add.cc.u32 s, 0xffffffffffffffffU, 1;
addc.u32 c, 0, 0;
add.u16 h, 0x100000005, 0;
st.global.u32 [%o], s;
st.global.u32 [%o+4], c;
st.global.u16 [%o+8], h;
}}
",
        head("7.0", "sm_70")
    );
    let o = run(
        &src,
        &inputs(&[("out", "0x1000")], &[]),
        &Options::default(),
    )
    .unwrap();
    assert_eq!(
        bytes_at(&o.memory, 0x1000, 10),
        [0, 0, 0, 0, 1, 0, 0, 0, 5, 0]
    );
    let warned: Vec<&str> = o.warnings.iter().map(|w| w.message.as_str()).collect();
    assert_eq!(warned.len(), 2, "{warned:?}");
    assert!(warned[0].starts_with(
        "the 64-bit constant `0xffffffffffffffffU` is truncated to the 32 bits of `.u32`: 0xffffffff"
    ));
    assert!(warned[1].starts_with(
        "the 64-bit constant `0x100000005` is truncated to the 16 bits of `.u16`: 0x0005"
    ));
    // A float operand takes no such conversion: an error.
    let bad = format!(
        "{}.entry k()\n{{\n.reg .f32 f;\nadd.f32 f, 0x1ffffffff, 0f00000000;\n}}\n",
        head("7.0", "sm_70")
    );
    let msg = runtime_error(run(&bad, &Inputs::default(), &Options::default()));
    assert!(
        msg.contains("a `.f32` operand takes a floating-point constant"),
        "{msg}"
    );
}

/// `st.u64 [x], temp + 1;` stores the register's value plus 1 (ZLUDA's
/// reg_local: 12 gives 13); `reg - imm` subtracts; the sum wraps at the
/// operand's width (0xffffffff + 2 as a `.u32` is 1); `avar+imm` as
/// `mov`'s source is the variable's address plus the constant, so a load
/// from it reads the element there.
#[test]
fn a_register_plus_a_constant_is_a_value() {
    let src = format!(
        "{}.global .u32 tab[4] = {{10, 20, 30, 40}};
.entry k(.param .u64 out)
{{
.local .align 8 .b8 x[8];
.reg .u64 %o, t, p;
.reg .u32 w, v;
ld.param.u64 %o, [out];
mov.u64 t, 12;
st.local.u64 [x], t + 1;
ld.local.u64 t, [x];
st.global.u64 [%o], t;
mov.u32 w, 0xffffffff;
add.u32 v, w + 2, 0;
st.global.u32 [%o+8], v;
st.global.u32 [%o+12], w - 5;
mov.u64 p, tab+8;
ld.global.u32 v, [p];
st.global.u32 [%o+16], v;
}}
",
        head("7.0", "sm_70")
    );
    let o = run(
        &src,
        &inputs(&[("out", "0x1000")], &[]),
        &Options::default(),
    )
    .unwrap();
    assert_eq!(bytes_at(&o.memory, 0x1000, 8), 13u64.to_le_bytes());
    assert_eq!(words_at(&o.memory, 0x1008, 3), [1, 0xffff_ffff - 5, 30]);
    // A sum is a source, not a destination, and not a float.
    let bad = format!(
        "{}.entry k()\n{{\n.reg .f32 f;\n.reg .u32 r;\nmov.u32 r, 1;\nmov.f32 f, r + 1;\n}}\n",
        head("7.0", "sm_70")
    );
    let msg = runtime_error(run(&bad, &Inputs::default(), &Options::default()));
    assert!(msg.contains("integer sum"), "{msg}");
}

/// A `.func` taking and returning vector registers (`.reg .v4 .u16`,
/// `.reg .v2 .u32`): its parameter is the caller's vector, element by
/// element, and its return value lands in the caller's vector register.
/// rev({1, 2, 3, 4}) = {4, 3, 2, 1}; sum2({7, 9}) = {16, 16} (ZLUDA's
/// vector.ptx: {1, 2} gives {3, 3}).
#[test]
fn vector_registers_as_parameters() {
    let src = format!(
        "{}.func (.reg .v4 .u16 r) rev(.reg .v4 .u16 a)
{{
mov.v4.u16 r, {{a.w, a.z, a.y, a.x}};
ret;
}}
.func (.reg .v2 .u32 r) sum2(.reg .v2 .u32 a)
{{
.reg .u32 s;
add.u32 s, a.x, a.y;
mov.v2.u32 r, {{s, s}};
ret;
}}
.entry k(.param .u64 out)
{{
.reg .u64 %o;
.reg .v4 .u16 v;
.reg .v2 .u32 w;
ld.param.u64 %o, [out];
mov.v4.u16 v, {{1, 2, 3, 4}};
call (v), rev, (v);
st.global.v4.u16 [%o], v;
mov.v2.u32 w, {{7, 9}};
call (w), sum2, (w);
st.global.v2.u32 [%o+8], w;
}}
",
        head("7.0", "sm_70")
    );
    let o = run(
        &src,
        &inputs(&[("out", "0x1000")], &[]),
        &Options::default(),
    )
    .unwrap();
    let h: Vec<u16> = bytes_at(&o.memory, 0x1000, 8)
        .chunks(2)
        .map(|c| u16::from_le_bytes([c[0], c[1]]))
        .collect();
    assert_eq!(h, [4, 3, 2, 1]);
    assert_eq!(words_at(&o.memory, 0x1008, 2), [16, 16]);
}

/// `cp.async` from 4 threads: thread t copies 16 bytes (`.cg`) from
/// `in + 16t` to its slice of a shared array with src-size 4t, so its
/// first t words come from `in` and the rest are zeros; then 8 bytes
/// (`.ca`) to a second array, ignored (zeros) where t is odd. After
/// `commit_group`, `wait_group 0` and a barrier, each thread stores its
/// slices. The input words are 1, 2, ..., 16.
#[test]
fn cp_async_copies_and_zero_fills() {
    let src = format!(
        "{}.entry k(.param .u64 in, .param .u64 out)
{{
.shared .align 16 .b8 buf[64];
.shared .align 8 .b8 small[32];
.reg .u32 %t, %n, %w, %a, %b, %c, %d;
.reg .u64 %i, %o, %x, %s, %e, %g;
.reg .pred %odd;
ld.param.u64 %i, [in];
ld.param.u64 %o, [out];
mov.u32 %t, %tid.x;
mul.wide.u32 %x, %t, 16;
add.u64 %i, %i, %x;
mov.u64 %s, buf;
add.u64 %s, %s, %x;
shl.b32 %n, %t, 2;
cp.async.cg.shared.global [%s], [%i], 16, %n;
and.b32 %w, %t, 1;
setp.ne.u32 %odd, %w, 0;
mul.wide.u32 %e, %t, 8;
mov.u64 %g, small;
add.u64 %g, %g, %e;
cp.async.ca.shared::cta.global [%g], [%i], 8, %odd;
cp.async.commit_group;
cp.async.wait_group 0;
bar.sync 0;
ld.shared.v4.u32 {{%a, %b, %c, %d}}, [%s];
add.u64 %x, %o, %x;
st.global.v4.u32 [%x], {{%a, %b, %c, %d}};
ld.shared.v2.u32 {{%a, %b}}, [%g];
add.u64 %e, %o, %e;
st.global.v2.u32 [%e+64], {{%a, %b}};
cp.async.wait_all;
}}
",
        head("7.0", "sm_80")
    );
    let input: Vec<u32> = (1..=16).collect();
    let opts = Options {
        launch: Launch {
            grid: [1, 1, 1],
            block: [4, 1, 1],
            dynamic_shared: 0,
            cluster: None,
            cooperative: false,
        },
        ..Options::default()
    };
    let o = run(
        &src,
        &inputs(
            &[("in", "0x1000"), ("out", "0x2000")],
            &[("0x1000", le32(&input))],
        ),
        &opts,
    )
    .unwrap();
    let mut want = Vec::new();
    for t in 0..4usize {
        for k in 0..4 {
            want.push(if k < t { input[4 * t + k] } else { 0 });
        }
    }
    for t in 0..4usize {
        for k in 0..2 {
            want.push(if t % 2 == 1 { 0 } else { input[4 * t + k] });
        }
    }
    assert_eq!(words_at(&o.memory, 0x2000, 24), want);
}

/// What cp.async refuses: a cp-size other than 4, 8, 16 (and other than
/// 16 with `.cg`), a src-size above cp-size (undefined in the PTX ISA),
/// and code for a target before sm_80.
#[test]
fn cp_async_errors_say_why() {
    let body = |target: &str, ins: &str| {
        format!(
            "{}.entry k(.param .u64 in)
{{
.shared .align 16 .b8 buf[16];
.reg .u64 %i;
ld.param.u64 %i, [in];
{ins}
}}
",
            head("7.0", target)
        )
    };
    let given = inputs(&[("in", "0x1000")], &[("0x1000", vec![0; 16])]);
    for (target, ins, want) in [
        (
            "sm_80",
            "cp.async.ca.shared.global [buf], [%i], 12;",
            "cp-size 12: `cp.async.ca.shared.global` copies 4, 8 or 16 bytes",
        ),
        (
            "sm_80",
            "cp.async.cg.shared.global [buf], [%i], 8;",
            "cp-size 8: `cp.async.cg.shared.global` copies 16 bytes (`.cg`)",
        ),
        (
            "sm_80",
            "cp.async.ca.shared.global [buf], [%i], 8, 9;",
            "src-size 9 is larger than cp-size 8",
        ),
        (
            "sm_75",
            "cp.async.ca.shared.global [buf], [%i], 8;",
            "needs PTX ISA 7.0 and sm_80 or higher",
        ),
    ] {
        let msg = runtime_error(run(&body(target, ins), &given, &Options::default()));
        assert!(msg.contains(want), "{ins}: {msg}");
    }
}

/// Each call of a recursive `.func` has its own `.local` array, at its
/// own address. f(n, p): x = n; for n > 0, v = f(n - 1, &x), else v = 0;
/// w = x; if p != 0, *p += 100 (the caller's x, through the pointer);
/// return v + w. With a frame per call each level k > 0 reads back
/// x = k + 100 (its callee added 100), level 0 reads 0, so
/// f(3, 0) = 101 + 102 + 103 = 306. (With one copy shared by the calls,
/// the pointer would reach the callee's x instead.)
#[test]
fn local_variables_are_per_call_frame() {
    let src = format!(
        "{}.func (.reg .u32 r) f(.reg .u32 n, .reg .u64 p)
{{
.local .align 4 .b8 x[4];
.reg .u64 a;
.reg .u32 v, w, t, m;
.reg .pred q, z;
st.local.u32 [x], n;
mov.u32 v, 0;
setp.eq.u32 q, n, 0;
@q bra BASE;
sub.u32 m, n, 1;
mov.u64 a, x;
call (v), f, (m, a);
BASE:
ld.local.u32 w, [x];
setp.eq.u64 z, p, 0;
@z bra DONE;
ld.u32 t, [p];
add.u32 t, t, 100;
st.u32 [p], t;
DONE:
add.u32 r, v, w;
ret;
}}
.entry k(.param .u64 out)
{{
.reg .u64 %o;
.reg .u32 %r;
ld.param.u64 %o, [out];
call (%r), f, (3, 0);
st.global.u32 [%o], %r;
}}
",
        head("7.0", "sm_70")
    );
    let o = run(
        &src,
        &inputs(&[("out", "0x1000")], &[]),
        &Options::default(),
    )
    .unwrap();
    assert_eq!(words_at(&o.memory, 0x1000, 1), [101 + 102 + 103]);
    // The same in 32 threads of a warp, each with its own frames.
    let mut opts = Options::default();
    opts.launch.block = [32, 1, 1];
    let o = run(&src, &inputs(&[("out", "0x1000")], &[]), &opts).unwrap();
    assert_eq!(words_at(&o.memory, 0x1000, 1), [306]);
}

/// Before PTX ISA 3.0, nvopencc wrote the sink `_` in any `ld`/`st`
/// vector (the CUDA SDK 2.2's Mandelbrot_sm10.ptx: `ld.global.v4.u8
/// {%r1,%r2,%r3,_}` for a `uchar4`): the sink's element is not read (its
/// register, were there one, keeps its value) and a stored sink's bytes are
/// not written. PTX ISA 3.0 on keeps the ISA's `.v8`/`.v4.b64` rule.
#[test]
fn old_ptx_takes_a_sink_in_any_vector() {
    let body = ".entry k(.param .u64 in, .param .u64 out)
{
.reg .u64 %i, %o;
.reg .u32 %r<5>;
.reg .f32 %f<3>;
ld.param.u64 %i, [in];
ld.param.u64 %o, [out];
mov.u32 %r4, 99;
ld.global.v4.u8 {%r1, %r2, %r3, _}, [%i];
ld.global.v2.f32 {_, %f1}, [%i+8];
st.global.v4.u32 [%o], {%r1, _, %r3, %r4};
st.global.v2.f32 [%o+16], {_, %f1};
exit;
}
";
    let given = inputs(
        &[("in", "0x1000"), ("out", "0x2000")],
        &[
            (
                "0x1000",
                vec![11, 22, 33, 44, 0, 0, 0, 0, 1, 2, 3, 4, 0, 0, 0x80, 0x3f],
            ),
            ("0x2000", vec![0xee; 24]),
        ],
    );
    // `.address_size` came in PTX ISA 2.3: the 1.4 module has none.
    for head in [".version 1.4\n.target sm_13\n", &head("2.3", "sm_20")] {
        let version = &head[9..12];
        let src = format!("{head}{body}");
        let o = run(&src, &given, &Options::default()).unwrap();
        // Only the stores' other elements were written.
        assert_eq!(words_at(&o.memory, 0x2000, 1), [11]);
        assert_eq!(words_at(&o.memory, 0x2008, 2), [33, 99]);
        assert_eq!(words_at(&o.memory, 0x2014, 1), [0x3f80_0000]);
        for gap in [0x2004..0x2008, 0x2010..0x2014] {
            assert!(
                o.memory
                    .iter()
                    .all(|(a, b)| *a + b.len() as u64 <= gap.start || *a >= gap.end),
                "{version}: {gap:x?} written"
            );
        }
    }
    let src = format!("{}{body}", head("3.0", "sm_20"));
    let e = runtime_error(run(&src, &given, &Options::default()));
    assert!(e.contains("`_` is allowed in the vector of a `.v8`"), "{e}");
}

/// 256-bit accesses (PTX ISA 8.8, sm_100): `ld.global.v8.u32` reads 8
/// words in memory order, `st.v8.b32` with a sink `_` writes the other 7
/// and does not write the sink's word, and a generic `ld.v4.u64` that
/// points to global memory reads 4 doublewords. Input words 1..8 at 0x1000
/// (as doublewords: 2^32 * 2 + 1, 2^32 * 4 + 3, ...).
#[test]
fn v8_and_wide_v4_accesses() {
    let src = format!(
        "{}.entry k(.param .u64 in, .param .u64 out)
{{
.reg .u64 %i, %o, q<4>;
.reg .b32 w<8>;
ld.param.u64 %i, [in];
ld.param.u64 %o, [out];
ld.global.v8.u32 {{w0, w1, w2, w3, w4, w5, w6, w7}}, [%i];
st.global.v8.b32 [%o], {{w7, w6, w5, w4, w3, _, w1, w0}};
ld.v4.u64 {{q0, q1, _, q3}}, [%i];
st.global.v4.u64 [%o+32], {{q3, q1, q0, q0}};
}}
",
        head("8.8", "sm_100")
    );
    let given = inputs(
        &[("in", "0x1000"), ("out", "0x2000")],
        &[
            ("0x1000", le32(&[1, 2, 3, 4, 5, 6, 7, 8])),
            ("0x2000", vec![0xee; 64]),
        ],
    );
    let o = run(&src, &given, &Options::default()).unwrap();
    assert_eq!(words_at(&o.memory, 0x2000, 5), [8, 7, 6, 5, 4]);
    assert_eq!(words_at(&o.memory, 0x2018, 2), [2, 1]);
    // The sink's word was not written.
    assert!(o
        .memory
        .iter()
        .all(|(a, b)| *a + b.len() as u64 <= 0x2014 || *a >= 0x2018));
    let dw = |lo: u64| (lo + 1) << 32 | lo;
    let q: Vec<u64> = bytes_at(&o.memory, 0x2020, 32)
        .chunks(8)
        .map(|c| u64::from_le_bytes(c.try_into().unwrap()))
        .collect();
    assert_eq!(q, [dw(7), dw(3), dw(1), dw(1)]);

    // What the PTX ISA does not allow.
    let one = |version: &str, target: &str, ins: &str| {
        let src = format!(
            "{}.entry k(.param .u64 in)
{{
.shared .align 32 .b8 s[32];
.reg .u64 %i;
.reg .b32 w<8>;
.reg .b16 h<8>;
.reg .u32 a, b;
ld.param.u64 %i, [in];
{ins}
}}
",
            head(version, target)
        );
        runtime_error(run(
            &src,
            &inputs(&[("in", "0x1000")], &[("0x1000", vec![0; 32])]),
            &Options::default(),
        ))
    };
    for (version, target, ins, want) in [
        (
            "8.8",
            "sm_100",
            "ld.shared.v8.u32 {w0, w1, w2, w3, w4, w5, w6, w7}, [s];",
            "reaches `.global` memory only",
        ),
        (
            "8.8",
            "sm_100",
            "ld.v8.u32 {w0, w1, w2, w3, w4, w5, w6, w7}, [s];",
            "reaches `.global` memory only",
        ),
        (
            "8.8",
            "sm_100",
            "ld.global.v8.b16 {h0, h1, h2, h3, h4, h5, h6, h7}, [%i];",
            "`.v8` takes .b32, .s32, .u32 or .f32",
        ),
        (
            "8.7",
            "sm_100",
            "ld.global.v8.u32 {w0, w1, w2, w3, w4, w5, w6, w7}, [%i];",
            "needs PTX ISA 8.8 and sm_100",
        ),
        (
            "8.8",
            "sm_90",
            "ld.global.v8.u32 {w0, w1, w2, w3, w4, w5, w6, w7}, [%i];",
            "needs PTX ISA 8.8 and sm_100",
        ),
        (
            "8.8",
            "sm_100",
            "ld.global.v2.u32 {a, _}, [%i];",
            "`_` is allowed in the vector of a `.v8`",
        ),
    ] {
        let msg = one(version, target, ins);
        assert!(msg.contains(want), "{ins}: {msg}");
    }
}

/// Indirect calls: `mov.u64 r, f;` takes a function's address, and
/// `call (r), fptr, (a), proto;` calls the function it holds, checked
/// against a `.callprototype` or a `.calltargets` list. Thread t picks
/// `twice` for even t and `inc` for odd t (`selp` between the two
/// addresses), so it computes 2 * (t + 10) or t + 11; it then calls
/// through the `.calltargets` list with `.reg` parameters, `sq`: the
/// square of that.
#[test]
fn indirect_calls_through_a_register() {
    let src = format!(
        "{}.func (.param .b32 r) twice(.param .b32 a)
{{
.reg .b32 x;
ld.param.b32 x, [a];
add.u32 x, x, x;
st.param.b32 [r], x;
ret;
}}
.func (.param .b32 r) inc(.param .b32 a)
{{
.reg .b32 x;
ld.param.b32 x, [a];
add.u32 x, x, 1;
st.param.b32 [r], x;
ret;
}}
.func (.reg .u32 r) sq(.reg .u32 a)
{{
mul.lo.u32 r, a, a;
ret;
}}
.entry k(.param .u64 out)
{{
.reg .u64 %o, %fp, %f2, %g, %x;
.reg .u32 %t, %a, %v, %w;
.reg .pred %odd;
ld.param.u64 %o, [out];
mov.u32 %t, %tid.x;
and.b32 %a, %t, 1;
setp.ne.u32 %odd, %a, 0;
mov.u64 %fp, twice;
mov.u64 %f2, inc;
selp.b64 %fp, %f2, %fp, %odd;
add.u32 %a, %t, 10;
proto: .callprototype (.param .b32 _) _ (.param .b32 _);
{{
.param .b32 pa;
.param .b32 pr;
st.param.b32 [pa], %a;
call (pr), %fp, (pa), proto;
ld.param.b32 %v, [pr];
}}
targets: .calltargets sq, inc;
mov.u64 %g, sq;
call (%w), %g, (%v), targets;
mul.wide.u32 %x, %t, 8;
add.u64 %x, %o, %x;
st.global.v2.u32 [%x], {{%v, %w}};
}}
",
        head("7.0", "sm_70")
    );
    let mut opts = Options::default();
    opts.launch.block = [8, 1, 1];
    let o = run(&src, &inputs(&[("out", "0x1000")], &[]), &opts).unwrap();
    let want: Vec<u32> = (0..8u32)
        .flat_map(|t| {
            let v = if t % 2 == 0 { 2 * (t + 10) } else { t + 11 };
            [v, v * v]
        })
        .collect();
    assert_eq!(words_at(&o.memory, 0x1000, 16), want);

    // A register that holds no function's address, a `.calltargets` list
    // that does not name the function, a prototype of other counts, and
    // no list at all.
    let one = |setup: &str, call: &str| {
        let src = format!(
            "{}.func (.reg .u32 r) sq(.reg .u32 a)
{{
mul.lo.u32 r, a, a;
ret;
}}
.func (.reg .u32 r) neg(.reg .u32 a)
{{
neg.s32 r, a;
ret;
}}
.entry k()
{{
.reg .u64 %g;
.reg .u32 %w;
only: .calltargets neg;
two: .callprototype (.reg .u32 _) _ (.reg .u32 _, .reg .u32 _);
{setup}
{call}
}}
",
            head("7.0", "sm_70")
        );
        runtime_error(run(&src, &Inputs::default(), &Options::default()))
    };
    for (setup, call, want) in [
        (
            "mov.u64 %g, 0x1234;",
            "call (%w), %g, (3), only;",
            "`%g` holds 0x1234, which is not the address of a .func with a body",
        ),
        (
            "mov.u64 %g, sq;",
            "call (%w), %g, (3), only;",
            "holds the address of `sq`, which `only: .calltargets neg;` does not list",
        ),
        (
            "mov.u64 %g, sq;",
            "call (%w), %g, (3), two;",
            "`sq` returns 1 and takes 1; the prototype `two` says 1 and 2",
        ),
        (
            "mov.u64 %g, sq;",
            "call (%w), %g, (3);",
            "ends with a `.callprototype` or `.calltargets` label",
        ),
    ] {
        let msg = one(setup, call);
        assert!(msg.contains(want), "{call}: {msg}");
    }
}

/// Every step of the engine's hot path returns a `Result` carrying a
/// `RunError`: past 128 bytes it is moved by a `memcpy` call per
/// instruction (measured: 1.2% more instructions on the fma-chain
/// benchmark), so what a runtime error carries besides its diagnostic
/// (`Partial`: the trace, warnings, memory and `printf` until then) is
/// boxed.
#[test]
fn run_error_stays_small() {
    assert!(std::mem::size_of::<RunError>() <= 128);
}

/// `call fptr, flist;` (no parameter list): the PTX ISA's third form of
/// an indirect call. `bump` adds 1 to a `.global` counter; called twice
/// through a register, the counter goes from 40 to 42.
#[test]
fn an_indirect_call_without_parameters() {
    let src = format!(
        "{}.global .u32 n = 40;
.func bump()
{{
.reg .u32 v;
ld.global.u32 v, [n];
add.u32 v, v, 1;
st.global.u32 [n], v;
ret;
}}
.entry k()
{{
.reg .u64 %f;
mov.u64 %f, bump;
t: .calltargets bump;
call %f, t;
call.uni %f, t;
}}
",
        head("7.0", "sm_70")
    );
    let o = run(&src, &Inputs::default(), &Options::default()).unwrap();
    assert_eq!(o.memory.len(), 1, "{:?}", o.memory);
    assert_eq!(o.memory[0].1, 42u32.to_le_bytes());
}

/// A run-time error carries what ran before it (`RunError::Runtime`'s
/// `Partial`): the memory written, as a finished run reports it (for one
/// thread, its shared and local memory too), and what it printed, from
/// `run` and from `run_streaming` (whose steps go to the callback).
#[test]
fn a_runtime_error_keeps_the_memory_written_and_the_printf_output() {
    let src = format!(
        "{}.extern .func (.param .b32 r) vprintf(.param .b64 f, .param .b64 a);
.global .align 1 .b8 msg[3] = {{104, 105, 0}};
.visible .entry k()
{{
.reg .b32 %r;
.reg .b64 %f;
.shared .align 4 .b32 sh;
.local .align 4 .b32 lo;
st.global.u32 [0x1000], 0x11223344;
st.shared.u32 [sh], 5;
st.local.u32 [lo], 6;
cvta.global.u64 %f, msg;
{{ .param .b64 p0; st.param.b64 [p0], %f; .param .b64 p1; st.param.b64 [p1], 0;
.param .b32 r0; call.uni (r0), vprintf, (p0, p1); }}
ld.global.u32 %r, [0x2000];
}}
",
        head("8.0", "sm_80")
    );
    let opts = Options {
        trace: true,
        ..Options::default()
    };
    let check = |r: Result<ptxfp_interp::Outcome, RunError>, streamed: bool| {
        let Err(RunError::Runtime { error, before }) = r else {
            panic!("expected a run-time error, got {r:?}")
        };
        assert!(error.message.contains("0x2000"), "{}", error.message);
        assert_eq!(
            bytes_at(&before.memory, 0x1000, 4),
            [0x44, 0x33, 0x22, 0x11]
        );
        // The shared and local words: 5 and 6, wherever the engine put them.
        let mut words: Vec<Vec<u8>> = before
            .memory
            .iter()
            .filter(|(a, _)| *a != 0x1000)
            .map(|(_, b)| b.clone())
            .collect();
        words.sort();
        assert_eq!(words, [vec![5, 0, 0, 0], vec![6, 0, 0, 0]]);
        let printed: Vec<&[u8]> = before.printf.iter().map(|p| &p.bytes[..]).collect();
        assert_eq!(printed, [&b"hi"[..]]);
        // The trace went to the callback when streamed.
        assert_eq!(before.trace.is_empty(), streamed);
    };
    check(run(&src, &Inputs::default(), &opts), false);
    let mut steps = 0;
    let r = ptxfp_interp::run_streaming(&src, &Inputs::default(), &opts, &mut |_| steps += 1);
    check(r, true);
    assert!(steps > 0);
}

/// A kernel that calls `vprintf` `times` times with the format whose
/// bytes are `fmt` (a PTX initializer) and one argument, the u32 7.
fn printf_loop(fmt: &str, times: u32) -> String {
    let n = fmt.split(',').count();
    format!(
        "{}.extern .func (.param .b32 r) vprintf(.param .b64 f, .param .b64 a);
.global .align 1 .b8 fmt[{n}] = {fmt};
.visible .entry k()
{{
.reg .b32 %i;
.reg .b64 %f, %a;
.reg .pred %p;
.local .align 4 .b32 arg;
st.local.u32 [arg], 7;
cvta.global.u64 %f, fmt;
mov.u64 %a, arg;
cvta.local.u64 %a, %a;
mov.u32 %i, 0;
L:
{{ .param .b64 p0; st.param.b64 [p0], %f; .param .b64 p1; st.param.b64 [p1], %a;
.param .b32 r0; call.uni (r0), vprintf, (p0, p1); }}
add.u32 %i, %i, 1;
setp.lt.u32 %p, %i, {times};
@%p bra L;
ret;
}}
",
        head("8.0", "sm_80")
    )
}

/// The `printf` output a run keeps is bounded (`MAX_PRINTF_KEPT`, 16 MiB):
/// twenty calls that each print a megabyte keep the first sixteen, and a
/// warning counts the four not kept. The kernel is 20 lines; it held 20 MB
/// before, and 1000 such calls a gigabyte, outside `--max-memory`.
#[test]
fn printf_output_kept_is_bounded() {
    // "%1000000d" of the u32 7 at a local `arg`.
    let src = printf_loop("{37, 49, 48, 48, 48, 48, 48, 48, 100, 0}", 20);
    let out = run(&src, &Inputs::default(), &Options::default()).expect("runs");
    assert_eq!(ptxfp_interp::MAX_PRINTF_KEPT, 16 << 20);
    assert_eq!(out.printf.len(), 16);
    let mut want = vec![b' '; 999_999];
    want.push(b'7');
    assert!(out.printf.iter().all(|p| p.bytes == want));
    assert!(
        out.warnings.iter().any(|w| w.message.starts_with(
            "4 printf call(s) not kept: the run keeps the first 16777216 bytes of printf output"
        )),
        "{:?}",
        out.warnings
    );
}

/// Empty `printf("")` calls count their records against the bound: a
/// kernel of 300,000 of them keeps as many as 16 MiB of records hold
/// (counting bytes alone, it kept every one, without bound).
#[test]
fn empty_printf_calls_count_their_records() {
    let src = printf_loop("{0}", 300_000);
    let out = run(&src, &Inputs::default(), &Options::default()).expect("runs");
    let record = std::mem::size_of::<ptxfp_interp::PrintfLine>();
    let kept = (16usize << 20) / record;
    assert_eq!(out.printf.len(), kept);
    assert!(out.printf.iter().all(|p| p.bytes.is_empty()));
    let warning = format!("{} printf call(s) not kept", 300_000 - kept);
    assert!(
        out.warnings.iter().any(|w| w.message.starts_with(&warning)),
        "{:?}",
        out.warnings
    );
}
