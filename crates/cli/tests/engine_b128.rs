//! `.b128` registers (docs/ENGINE.md "`.b128` registers"): `.reg .b128`,
//! `mov.b128` packing and unpacking, `ld`/`st`/`st.async` `.b128`, `atom.cas`/`.exch` `.b128`, and
//! `clusterlaunchcontrol.query_cancel` on the response `try_cancel` writes,
//! through the binary. Expected bytes come from Rust `u128` arithmetic in
//! the test: a `.b128` value in memory is its 16 bytes little-endian.

mod common;
use common::{fails_with, mem, ptxfp, run_src, text};

const HEAD: &str = ".version 8.3\n.target sm_90\n.address_size 64\n";

/// Packs two `.b64` into a `.b128` and stores it; loads a `.b128` and
/// unpacks it, storing its halves swapped.
#[test]
fn pack_store_load_unpack() {
    let src = format!(
        "{HEAD}.visible .entry k(.param .u64 p)
{{
.reg .b64 %rd<8>;
.reg .b128 q, w;
ld.param.u64 %rd1, [p];
mov.b64 %rd2, 0x0123456789abcdef;
mov.b64 %rd3, 0xfedcba9876543210;
mov.b128 q, {{%rd2, %rd3}};
st.global.b128 [%rd1+16], q;
ld.global.b128 w, [%rd1];
mov.b128 {{%rd4, %rd5}}, w;
st.global.v2.b64 [%rd1+32], {{%rd5, %rd4}};
ret;
}}
"
    );
    let input: u128 = 0x8899aabbccddeeff_0011223344556677;
    let o = run_src(
        "b128.ptx",
        &src,
        &[
            "--set",
            "p=0x1000",
            "--mem",
            &format!("0x1000={}", common::hex(&input.to_le_bytes())),
        ],
    );
    // mov.b128 d, {a, b}: a is the low 64 bits.
    let packed: u128 = (0xfedcba9876543210u128 << 64) | 0x0123456789abcdef;
    assert_eq!(mem(&o, 0x1010, 16), packed.to_le_bytes());
    // {lo, hi} of the loaded value, stored as {hi, lo}.
    let (lo, hi) = (input as u64, (input >> 64) as u64);
    let swapped = [hi.to_le_bytes(), lo.to_le_bytes()].concat();
    assert_eq!(mem(&o, 0x1020, 16), swapped);
    // Not the same bytes as the input: the swap is visible.
    assert_ne!(swapped, input.to_le_bytes());
}

/// PTX ISA `mov`: "pack four 32-bit elements into .b128: d = a.x | (a.y
/// << 32) | (a.z << 64) | (a.w << 96)", and the unpack, with the sink `_`
/// dropping quarters (accel-sim's gpu-app-collection datatype case
/// `instruction_mov_b128_unpack_v4_sink_allowed.ptx` unpacks `{%r0, _,
/// %r2, _}`): four words packed and stored, a loaded value unpacked and
/// its quarters stored in reverse, and two of them through sinks.
#[test]
fn pack_and_unpack_four_quarters() {
    let src = format!(
        "{HEAD}.visible .entry k(.param .u64 p)
{{
.reg .b64 %rd<2>;
.reg .b32 %r<8>;
.reg .b128 q, w;
ld.param.u64 %rd1, [p];
mov.b32 %r0, 0x03020100;
mov.b32 %r1, 0x07060504;
mov.b32 %r2, 0x0b0a0908;
mov.b32 %r3, 0x0f0e0d0c;
mov.b128 q, {{%r0, %r1, %r2, %r3}};
st.global.b128 [%rd1+16], q;
ld.global.b128 w, [%rd1];
mov.b128 {{%r4, %r5, %r6, %r7}}, w;
st.global.v4.b32 [%rd1+32], {{%r7, %r6, %r5, %r4}};
mov.b32 %r4, 0;
mov.b32 %r6, 0;
mov.b128 {{_, %r4, _, %r6}}, w;
st.global.v2.b32 [%rd1+48], {{%r4, %r6}};
ret;
}}
"
    );
    let input: u128 = 0x8899aabbccddeeff_0011223344556677;
    let o = run_src(
        "b128-quarters.ptx",
        &src,
        &[
            "--set",
            "p=0x1000",
            "--mem",
            &format!("0x1000={}", common::hex(&input.to_le_bytes())),
        ],
    );
    let bytes: Vec<u8> = (0..16).collect();
    assert_eq!(mem(&o, 0x1010, 16), bytes);
    let q: Vec<u32> = (0..4).map(|i| (input >> (32 * i)) as u32).collect();
    let reversed: Vec<u8> = q.iter().rev().flat_map(|w| w.to_le_bytes()).collect();
    assert_eq!(mem(&o, 0x1020, 16), reversed);
    let odd: Vec<u8> = [q[1], q[3]].iter().flat_map(|w| w.to_le_bytes()).collect();
    assert_eq!(mem(&o, 0x1030, 8), odd);
}

/// `.b128` accesses are 16 bytes: an address that is a multiple of 8 but
/// not of 16 is the engine's misaligned-access error.
#[test]
fn misaligned_b128_is_an_error() {
    let src = format!(
        "{HEAD}.visible .entry k(.param .u64 p)
{{
.reg .b64 %rd<2>;
.reg .b128 q;
ld.param.u64 %rd1, [p];
ld.global.b128 q, [%rd1+8];
ret;
}}
"
    );
    let o = run_src(
        "mis.ptx",
        &src,
        &["--set", "p=0x1000", "--mem", "0x1000=00"],
    );
    fails_with(&o, |stderr| {
        stderr.contains("mis.ptx:9:19: error: misaligned access")
            && stderr.contains("16 bytes at 0x1008")
    });
}

fn clc(query: &str, fill: &str) -> String {
    format!(
        ".version 8.6\n.target sm_100\n.address_size 64\n.visible .entry k(.param .u64 out)
{{
.reg .b64 %rd<4>;
.reg .b32 %r<4>;
.reg .b128 resp;
.reg .pred %p<3>;
.shared .align 16 .b8 r[16];
.shared .align 8 .b64 m;
ld.param.u64 %rd1, [out];
mbarrier.init.shared.b64 [m], 1;
st.shared.b64 [r], -1;
st.shared.b64 [r+8], -1;
clusterlaunchcontrol.try_cancel.async.shared::cta.mbarrier::complete_tx::bytes.b128 [r], [m];
{fill}
{query}
selp.b32 %r1, 1, 2, %p1;
st.global.u32 [%rd1], %r1;
ret;
}}
"
    )
}

/// try_cancel (which fails in the engine and writes its response over the
/// 0xff bytes), then `ld.shared.b128` of the response and
/// `query_cancel.is_canceled`: false (selp gives 2); the guarded
/// `get_first_ctaid` does not run.
#[test]
fn query_cancel_after_try_cancel_is_false() {
    let src = clc(
        "clusterlaunchcontrol.query_cancel.is_canceled.pred.b128 %p1, resp;\n\
         @%p1 clusterlaunchcontrol.query_cancel.get_first_ctaid.v4.b32.b128 {%r1, %r2, %r3, _}, resp;",
        "ld.shared.b128 resp, [r];",
    );
    let o = run_src("qa.ptx", &src, &["--set", "out=0x1000"]);
    assert_eq!(mem(&o, 0x1000, 4), 2u32.to_le_bytes());
    let (stdout, _) = text(&o);
    assert!(stdout.contains("%p1 = 0x0  pred false"), "{stdout}");
    assert!(stdout.contains("resp.lo = 0x0000000000000000"), "{stdout}");
}

/// A response try_cancel did not write, and `get_first_ctaid` of a failed
/// request (PTX ISA: "If the request fails the behavior of
/// clusterlaunchcontrol.query_cancel.get_first_ctaid is undefined"): errors
/// at the line.
#[test]
fn query_cancel_errors() {
    for (query, fill, want) in [
        (
            "clusterlaunchcontrol.query_cancel.is_canceled.pred.b128 %p1, resp;",
            "mov.b64 %rd2, 1;\nmov.b128 resp, {%rd2, %rd2};",
            "q.ptx:19:62: error: `clusterlaunchcontrol.query_cancel.is_canceled.pred.b128`: the response 00000000000000010000000000000001 is not one",
        ),
        (
            "clusterlaunchcontrol.query_cancel.get_first_ctaid::y.b32.b128 %r1, resp;",
            "ld.shared.b128 resp, [r];",
            "q.ptx:18:1: error: `clusterlaunchcontrol.query_cancel.get_first_ctaid::y.b32.b128` on a failed request",
        ),
        (
            "clusterlaunchcontrol.query_cancel.is_canceled.pred.b128 %p1, %rd1;",
            "ld.shared.b128 resp, [r];",
            "the response operand must be a `.b128` register",
        ),
    ] {
        let o = run_src("q.ptx", &clc(query, fill), &["--set", "out=0x1000"]);
        let (_, stderr) = text(&o);
        assert_eq!(o.status.code(), Some(2), "{stderr}");
        assert!(stderr.contains(want), "{want}\n{stderr}");
    }
}

/// `check`: `ld`, `st` and `mov` `.b128` need PTX ISA 8.3 and sm_70 ("Support
/// for .b128 type introduced in PTX ISA version 8.3", "Support for .b128
/// type requires sm_70 or higher"); the same code passes at 8.3 / sm_70.
#[test]
fn check_version_and_target() {
    let body = ".visible .entry k(.param .u64 p)
{
.reg .b64 %rd<4>;
.reg .b128 q;
ld.param.u64 %rd1, [p];
ld.global.b128 q, [%rd1];
st.global.b128 [%rd1], q;
mov.b128 {%rd2, %rd3}, q;
ret;
}
";
    let dir = std::env::temp_dir().join(format!("ptxfp-b128-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    for (version, target, errors) in [
        ("8.3", "sm_70", vec![]),
        (
            "8.2",
            "sm_70",
            vec![
                "c.ptx:9:1: error: `ld.global.b128` requires PTX ISA 8.3 or later; the module is 8.2",
                "c.ptx:10:1: error: `st.global.b128` requires PTX ISA 8.3 or later; the module is 8.2",
                "c.ptx:11:1: error: `mov.b128` requires PTX ISA 8.3 or later; the module is 8.2",
            ],
        ),
        (
            "8.3",
            "sm_61",
            vec![
                "c.ptx:9:1: error: `ld.global.b128` requires sm_70 or higher; the target is sm_61",
                "c.ptx:10:1: error: `st.global.b128` requires sm_70 or higher; the target is sm_61",
                "c.ptx:11:1: error: `mov.b128` requires sm_70 or higher; the target is sm_61",
            ],
        ),
    ] {
        let path = dir.join("c.ptx");
        std::fs::write(
            &path,
            format!(".version {version}\n.target {target}\n.address_size 64\n{body}"),
        )
        .unwrap();
        let o = ptxfp(&["check", path.to_str().unwrap()]);
        let (stdout, stderr) = text(&o);
        let got: Vec<&str> = stdout
            .lines()
            .chain(stderr.lines())
            .filter(|l| l.contains(": error: "))
            .map(|l| l.rsplit_once("/").map_or(l, |(_, f)| f))
            .collect();
        assert_eq!(got, errors, "{version} {target}: {stdout}{stderr}");
        assert_eq!(o.status.code(), Some(if errors.is_empty() { 0 } else { 1 }), "{stderr}");
    }
}

/// `atom.cas.b128` (equal: swaps; unequal: keeps) and `atom.exch.b128`
/// (the ISA's example spelling `atom.global.b128.exch`): memory and `d`
/// from `u128` arithmetic on the given bytes.
#[test]
fn atom_cas_and_exch() {
    let src = format!(
        "{HEAD}.visible .entry k(.param .u64 p)
{{
.reg .b64 %rd<8>;
.reg .b128 b, c, d0, d1, d2;
ld.param.u64 %rd1, [p];
ld.global.b128 b, [%rd1+48];
ld.global.b128 c, [%rd1+64];
atom.global.cas.b128 d0, [%rd1], b, c;
atom.cas.b128 d1, [%rd1+16], b, c;
atom.global.b128.exch d2, [%rd1+32], c;
st.global.b128 [%rd1+80], d0;
st.global.b128 [%rd1+96], d1;
st.global.b128 [%rd1+112], d2;
ret;
}}
"
    );
    let b: u128 = 0x0123_4567_89ab_cdef_fedc_ba98_7654_3210;
    let c: u128 = 0xdead_beef_0000_0001_8000_0000_0000_0002;
    // [0]: equal to b; [16]: b with only its top bit flipped (unequal in
    // the high half); [32]: anything.
    let m0 = b;
    let m1 = b ^ (1 << 127);
    let m2: u128 = 0x1111_2222_3333_4444_5555_6666_7777_8888;
    let bytes: Vec<u8> = [m0, m1, m2, b, c]
        .iter()
        .flat_map(|v| v.to_le_bytes())
        .collect();
    let o = run_src(
        "atom.ptx",
        &src,
        &[
            "--set",
            "p=0x1000",
            "--mem",
            &format!("0x1000={}", common::hex(&bytes)),
        ],
    );
    let at = |a: u64| u128::from_le_bytes(mem(&o, a, 16).try_into().unwrap());
    // cas: "(*a == b) ? c : *a"; d gets the old value.
    assert_eq!(at(0x1000), c);
    assert_eq!(at(0x1010), m1);
    // exch: b's value (here c) replaces the old one.
    assert_eq!(at(0x1020), c);
    assert_eq!((at(0x1050), at(0x1060), at(0x1070)), (m0, m1, m2));
}

/// `.b128` with another operation: `run` stops at the line with why.
#[test]
fn atom_b128_add_is_refused() {
    let src = format!(
        "{HEAD}.visible .entry k()\n{{\n.reg .b64 %rd1;\n.reg .b128 d;\natom.global.add.b128 d, [%rd1], d;\nret;\n}}\n"
    );
    let o = run_src("add.ptx", &src, &[]);
    fails_with(&o, |stderr| {
        stderr.contains(
            "add.ptx:8:1: error: `atom.global.add.b128`: `.add` does not take `.b128` (PTX ISA Table 41 \"Atom Scalar Type Operations\": `.b128` takes .exch, .cas)"
        )
    });
}

/// `atom` `.b128`: PTX ISA 8.3 and sm_90 ("Support for .b128 type requires
/// sm_90 or higher"), 8.4 with `.sys` ("Support for .sys scope with .b128
/// type introduced in PTX ISA version 8.4"); `.exch`/`.cas` only.
#[test]
fn atom_b128_check() {
    let dir = std::env::temp_dir().join(format!("ptxfp-b128-atom-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    for (version, target, line, want) in [
        (
            "8.3",
            "sm_90",
            "atom.global.cas.b128 d, [%rd1], d, d;",
            None,
        ),
        (
            "8.3",
            "sm_90",
            "atom.global.sys.exch.b128 d, [%rd1], d;",
            Some("`atom.global.sys.exch.b128` (\".sys scope with .b128 type\") requires PTX ISA 8.4 or later; the module is 8.3"),
        ),
        (
            "8.4",
            "sm_90",
            "atom.global.sys.exch.b128 d, [%rd1], d;",
            None,
        ),
        (
            "8.3",
            "sm_80",
            "atom.shared.b128.cas d, [%rd1], d, d;",
            Some("`atom.shared.b128.cas` (.b128) requires sm_90 or higher; the target is sm_80"),
        ),
        (
            "8.2",
            "sm_90",
            "atom.cas.b128 d, [%rd1], d, d;",
            Some("`atom.cas.b128` (.b128) requires PTX ISA 8.3 or later; the module is 8.2"),
        ),
    ] {
        let path = dir.join("a.ptx");
        std::fs::write(
            &path,
            format!(
                ".version {version}\n.target {target}\n.address_size 64\n.visible .entry k()\n{{\n.reg .b64 %rd1;\n.reg .b128 d;\n{line}\nret;\n}}\n"
            ),
        )
        .unwrap();
        let o = ptxfp(&["check", path.to_str().unwrap()]);
        let (stdout, stderr) = text(&o);
        let errors: Vec<&str> = stdout
            .lines()
            .chain(stderr.lines())
            .filter(|l| l.contains(": error: "))
            .collect();
        match want {
            None => assert!(errors.is_empty(), "{line}: {stdout}{stderr}"),
            Some(w) => {
                assert_eq!(errors.len(), 1, "{line}: {stdout}{stderr}");
                assert!(
                    errors[0].ends_with(&format!("a.ptx:8:1: error: {w}")),
                    "{}",
                    errors[0]
                );
            }
        }
    }
}

/// `st.async ... .b128` (PTX ISA 9.2, sm_90) between the two CTAs of a
/// cluster: CTA `r` stores `{lo, hi} = {0x1111_1111_1111_1111 (r + 1),
/// !lo}` into its peer's `buf`, signalling the peer's mbarrier, which
/// expects exactly 16 bytes (a wrong count leaves the phase incomplete: the
/// run stops with a deadlock); each CTA then copies its `buf` out.
#[test]
fn st_async_b128_between_ctas() {
    let src = ".version 9.2
.target sm_90
.address_size 64
.visible .entry k(.param .u64 out)
.explicitcluster
.reqnctapercluster 2, 1, 1
{
    .shared .align 8 .b64 bar;
    .shared .align 16 .b8 buf[16];
    .reg .pred %p<2>;
    .reg .b32 %r<8>;
    .reg .b64 %rd<12>;
    .reg .b128 v, w;
    ld.param.u64 %rd1, [out];
    mov.u32 %r1, %cluster_ctarank;
    mov.u64 %rd2, bar;
    mov.u64 %rd3, buf;
    mbarrier.init.shared::cta.b64 [%rd2], 1;
    mbarrier.arrive.expect_tx.release.cta.shared::cta.b64 _, [%rd2], 16;
    barrier.cluster.arrive.release.aligned;
    barrier.cluster.wait.acquire.aligned;
    xor.b32 %r2, %r1, 1;
    mapa.shared::cluster.u64 %rd4, %rd2, %r2;
    mapa.shared::cluster.u64 %rd5, %rd3, %r2;
    add.u32 %r3, %r1, 1;
    cvt.u64.u32 %rd6, %r3;
    mul.lo.u64 %rd7, %rd6, 0x1111111111111111;
    not.b64 %rd8, %rd7;
    mov.b128 v, {%rd7, %rd8};
    st.async.shared::cluster.mbarrier::complete_tx::bytes.b128 [%rd5], v, [%rd4];
    mov.u32 %r4, 0;
$L__wait:
    mbarrier.try_wait.parity.acquire.cta.shared::cta.b64 %p1, [%rd2], %r4, 1000000;
    @!%p1 bra $L__wait;
    ld.shared.b128 w, [%rd3];
    mul.wide.u32 %rd9, %r1, 16;
    add.s64 %rd10, %rd1, %rd9;
    st.global.b128 [%rd10], w;
    barrier.cluster.arrive.release.aligned;
    barrier.cluster.wait.acquire.aligned;
    ret;
}
";
    let o = run_src("sa.ptx", src, &["--grid", "2", "--set", "out=0x1000"]);
    for r in 0..2u64 {
        // CTA r received its peer's value.
        let lo = 0x1111_1111_1111_1111u64 * (2 - r);
        let want = (u128::from(!lo) << 64) | u128::from(lo);
        let got = u128::from_le_bytes(mem(&o, 0x1000 + 16 * r, 16).try_into().unwrap());
        assert_eq!(got, want, "CTA {r}");
    }
}

/// A `.b128` instruction given other operands: an error at the operand
/// that says what it takes.
#[test]
fn b128_operand_errors() {
    for (k, (line, col, want)) in [
        (
            "mov.b128 %rd1, {%rd2, %rd2};",
            10,
            "`mov.b128` takes a `.b128` register, `{lo, hi}` (two `.b64` registers) or `{a, b, c, d}` (four `.b32` registers)",
        ),
        (
            "mov.b128 q, %rd2;",
            13,
            "`mov.b128` takes a `.b128` register, `{lo, hi}` (two `.b64` registers) or `{a, b, c, d}` (four `.b32` registers)",
        ),
        (
            // Four quarters are `.b32` registers.
            "mov.b128 q, {%rd2, %rd2, %rd2, %rd2};",
            14,
            "register `%rd2` is declared `.b64`; this operand is `.b32`",
        ),
        (
            "ld.global.b128 %rd1, [%rd2];",
            16,
            "`ld.global.b128` needs a `.b128` register (`.reg .b128`)",
        ),
        (
            "atom.global.exch.b128 q, [%rd2], %rd1;",
            34,
            "`atom.global.exch.b128` takes `.b128` registers",
        ),
    ]
    .into_iter()
    .enumerate()
    {
        let src = format!(
            "{HEAD}.visible .entry k()\n{{\n.reg .b64 %rd<4>;\n.reg .b128 q;\n{line}\nret;\n}}\n"
        );
        let name = format!("op{k}.ptx");
        let o = run_src(&name, &src, &["--set", "%rd2=0x1000", "--mem", "0x1000=00"]);
        let (_, stderr) = text(&o);
        assert_eq!(o.status.code(), Some(2), "{line}: {stderr}");
        assert!(
            stderr.contains(&format!("{name}:8:{col}: error: {want}")),
            "{line}: {stderr}"
        );
    }
}
