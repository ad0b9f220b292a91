//! `.b128` registers (docs/ENGINE.md "`.b128` registers"): `.reg .b128`,
//! `mov.b128` packing and unpacking, `ld`/`st` `.b128`, and
//! `clusterlaunchcontrol.query_cancel` on the response `try_cancel` writes,
//! through the binary. Expected bytes come from Rust `u128` arithmetic in
//! the test: a `.b128` value in memory is its 16 bytes little-endian.

mod common;
use common::{mem, ptxfp, run_src, text};

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
    let (_, stderr) = text(&o);
    assert_eq!(o.status.code(), Some(2), "{stderr}");
    assert!(
        stderr.contains("mis.ptx:9:19: error: misaligned access")
            && stderr.contains("16 bytes at 0x1008"),
        "{stderr}"
    );
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
    let o = run_src("q.ptx", &src, &["--set", "out=0x1000"]);
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
