//! `ptxfp run`, through the real binary. Expected values are derived by
//! hand in the comments, not copied from ptxfp's output.

use std::io::Write;
use std::process::{Command, Output, Stdio};

fn root() -> String {
    format!("{}/../..", env!("CARGO_MANIFEST_DIR"))
}

fn ptxfp(args: &[&str], stdin: Option<&str>) -> Output {
    let mut c = Command::new(env!("CARGO_BIN_EXE_ptxfp"));
    c.current_dir(root()).args(args);
    c.stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped());
    let mut child = c.spawn().expect("spawn ptxfp");
    if let Some(s) = stdin {
        child.stdin.take().unwrap().write_all(s.as_bytes()).unwrap();
    } else {
        drop(child.stdin.take());
    }
    child.wait_with_output().unwrap()
}

fn text(o: &Output) -> (String, String) {
    (
        String::from_utf8_lossy(&o.stdout).into_owned(),
        String::from_utf8_lossy(&o.stderr).into_owned(),
    )
}

#[test]
fn readme_main_job_runs() {
    let o = ptxfp(&["run", "examples/spec-9.7.4.4-fma.ptx"], None);
    let (out, err) = text(&o);
    assert_eq!(o.status.code(), Some(0), "{err}");
    // -1.5 × 2.0 + 0.25 = -2.75 = -1.375 × 2^1: sign, exponent 16, fraction 0x180.
    assert!(out.contains("d0 = 0xc180  f16 -2.75"), "{out}");
    // Lane 0 OOB → +0, lane 1 -2·2 + 2 = -2 → relu → +0.
    assert!(out.contains("f2 = 0x00000000  bf16x2 {0, 0}"), "{out}");
}

#[test]
fn every_example_runs() {
    for f in std::fs::read_dir(format!("{}/examples", root())).unwrap() {
        let p = f.unwrap().path();
        let name = p.file_name().unwrap().to_string_lossy().into_owned();
        if !name.starts_with("spec-") {
            continue;
        }
        // No --device: it defaults to each file's `.target` (sm_100 for
        // the mixed-precision ones).
        let o = ptxfp(&["run", &format!("examples/{name}")], None);
        assert_eq!(o.status.code(), Some(0), "{name}: {}", text(&o).1);
    }
}

#[test]
fn stdin_set_and_lanes() {
    // 1.5 + 0.25 = 1.75 = 0x3f00 (f16: 1.11b × 2^0).
    let src = ".reg .f16 a, b, d;\nadd.rn.f16 d, a, b;\n";
    let o = ptxfp(
        &["run", "--set", "a=1.5", "--set", "b=0x3400", "-"],
        Some(src),
    );
    let (out, err) = text(&o);
    assert_eq!(o.status.code(), Some(0), "{err}");
    assert_eq!(out.trim(), "d = 0x3f00  f16 1.75");
    // --all also shows the inputs.
    let o = ptxfp(
        &["run", "--all", "--set", "a=1.5", "--set", "b=0x3400"],
        Some(src),
    );
    assert_eq!(text(&o).0.lines().count(), 3);
}

#[test]
fn dump_decodes_by_the_declared_type() {
    // A register written by a bit-typed instruction (mov.bN) shows the value
    // its declared type gives the bits; a .bN register has no such meaning
    // and shows bits only, unless a float instruction wrote it (then that
    // instruction's type). 0x3c00 is f16 1, 0x3f80 bf16 1, 0x3f800000
    // f32 1, 0x3ff0000000000000 f64 1; f16 1 + 1 = 2 = 0x4000.
    let src = ".reg .f32 a;\n.reg .f16 h;\n.reg .bf16 g;\n.reg .f64 d;\n\
               .reg .b16 x, z;\n.reg .b32 y;\n.reg .u32 u;\n.reg .s32 s;\n\
               mov.b32 a, 0x3f800000;\nmov.b16 h, 0x3c00;\nmov.b16 g, 0x3f80;\n\
               mov.b64 d, 0x3ff0000000000000;\nmov.b16 x, 0x3c00;\nmov.b32 y, 0x3f800000;\n\
               mov.b32 u, 7;\nmov.b32 s, 0xfffffffe;\nadd.rn.f16 z, x, x;\n";
    let o = ptxfp(&["run", "--target", "sm_90"], Some(src));
    let (out, err) = text(&o);
    assert_eq!(o.status.code(), Some(0), "{err}");
    assert_eq!(
        out,
        "a = 0x3f800000  f32 1\n\
         h = 0x3c00  f16 1\n\
         g = 0x3f80  bf16 1\n\
         d = 0x3ff0000000000000  f64 1\n\
         x = 0x3c00  b16\n\
         z = 0x4000  f16 2\n\
         y = 0x3f800000  b32\n\
         u = 0x00000007  u32 7\n\
         s = 0xfffffffe  s32 -2\n"
    );
}

#[test]
fn set_needs_a_type_for_bit_registers() {
    let src = ".reg .b16 a, d;\nadd.rn.f16 d, a, a;\n";
    // `1` for a .b16 register used to be the bits 0x0001 (an f16 subnormal).
    let o = ptxfp(&["run", "--set", "a=1"], Some(src));
    assert_eq!(o.status.code(), Some(2));
    assert_eq!(
        text(&o),
        (
            String::new(),
            "ptxfp: --set a=1: `a` is a `.b16` register, and a number does not say which bits it holds: give the bits in hex, or the value with its type (the program uses `a` as `.f16` by `add.rn.f16`), e.g. a=f16:1 (= 0x3c00)\n".into()
        )
    );
    // Either spelling it suggests runs: 1 + 1 = 2 = 0x4000.
    for set in ["a=f16:1", "a=0x3c00"] {
        let o = ptxfp(&["run", "--set", set], Some(src));
        assert_eq!(text(&o).0, "d = 0x4000  f16 2\n", "{set}: {:?}", text(&o));
    }
    // Integer registers take decimal integers in their range.
    let isrc = ".reg .u32 u, v;\n.reg .s32 s, t;\nadd.u32 v, u, u;\nadd.s32 t, s, s;\n";
    let o = ptxfp(&["run", "--set", "u=21", "--set", "s=-3"], Some(isrc));
    assert_eq!(
        text(&o).0,
        "v = 0x0000002a  u32 42\nt = 0xfffffffa  s32 -6\n"
    );
    let o = ptxfp(&["run", "--set", "u=-1", "--set", "s=1"], Some(isrc));
    assert_eq!(o.status.code(), Some(2));
    assert!(
        text(&o)
            .1
            .starts_with("ptxfp: --set u=-1: `-1` is out of range for `.u32` (0..=4294967295)"),
        "{:?}",
        text(&o)
    );
    // The same name twice is an error, not "the last one wins".
    let o = ptxfp(
        &["run", "--set", "a=0x3c00", "--set", "a=0x4000"],
        Some(src),
    );
    assert_eq!(o.status.code(), Some(2));
    assert_eq!(
        text(&o).1,
        "ptxfp: --set a is given twice (a=0x3c00 and a=0x4000): give each name one value\n"
    );
    // --lenient: a register whose first use is `mov.b16` is bit-typed too.
    let o = ptxfp(
        &["run", "--lenient", "--set", "a=1"],
        Some("mov.b16 d, a;\n"),
    );
    assert_eq!(o.status.code(), Some(2));
    assert!(
        text(&o).1.contains("`a` is a `.b16` register by its first use, and a number does not say which bits it holds"),
        "{:?}",
        text(&o)
    );
}

#[test]
fn several_entries_need_entry() {
    let src = ".version 8.6\n.target sm_90\n\
               .visible .entry a()\n{\n.reg .f32 x;\nmov.f32 x, 0f3F800000;\nret;\n}\n\
               .visible .entry b()\n{\n.reg .f32 y;\nmov.f32 y, 0f40000000;\nret;\n}\n";
    // It used to run `a` silently.
    let o = ptxfp(&["run"], Some(src));
    assert_eq!(o.status.code(), Some(2));
    assert_eq!(
        text(&o),
        (
            String::new(),
            "ptxfp: the module has 2 entry functions (a, b); choose the one to run with --entry NAME, e.g. --entry a\n".into()
        )
    );
    let o = ptxfp(&["run", "--entry", "b"], Some(src));
    assert_eq!(text(&o), ("y = 0x40000000  f32 2\n".into(), String::new()));
    let o = ptxfp(&["run", "--entry", "B"], Some(src));
    assert_eq!(o.status.code(), Some(2));
    assert_eq!(
        text(&o).1,
        "ptxfp: --entry B: no .entry `B`; the module's entry functions are a, b (did you mean --entry b?)\n"
    );
    let o = ptxfp(&["run", "--entry", "a", "--json"], Some(src));
    let v: serde_json::Value = serde_json::from_str(&text(&o).0).unwrap();
    assert_eq!(v["entry"], "a");
}

#[test]
fn shadowed_registers_are_told_apart() {
    // The inner block's t is its own register (it used to be the outer one:
    // u read 2). Both are listed, each with the place of its declaration.
    let src =
        ".reg .b16 t, u;\nmov.b16 t, 1;\n{\n  .reg .b16 t;\n  mov.b16 t, 2;\n}\nmov.b16 u, t;\n";
    let o = ptxfp(&["run"], Some(src));
    assert_eq!(
        text(&o),
        (
            "t (declared at 1:11) = 0x0001  b16\n\
             u = 0x0001  b16\n\
             t (declared at 4:13) = 0x0002  b16\n"
                .into(),
            String::new()
        )
    );
    let o = ptxfp(&["run", "--json"], Some(src));
    let v: serde_json::Value = serde_json::from_str(&text(&o).0).unwrap();
    assert_eq!(v["registers"][2]["declared_at"], "<stdin>:4:13");
    assert_eq!(v["registers"][1]["text"], "u = 0x0001  b16");
}

#[test]
fn packing_order_and_mem() {
    // mov.b32 {lo, hi}: lo in bits 0..15; cvt packs a in the upper half.
    let src = ".reg .b16 lo, hi;\n.reg .b32 p, q;\n.reg .f32 a, b;\n.reg .b64 ad;\n\
               mov.b32 p, {lo, hi};\ncvt.rn.f16x2.f32 q, a, b;\nmov.u64 ad, 0x100;\nst.global.b32 [ad+4], q;\n";
    let o = ptxfp(
        &[
            "run",
            "--set",
            "lo=0x3c00",
            "--set",
            "hi=0x4000",
            "--set",
            "a=1",
            "--set",
            "b=2",
            "--json",
        ],
        Some(src),
    );
    let (out, err) = text(&o);
    assert_eq!(o.status.code(), Some(0), "{err}");
    let v: serde_json::Value = serde_json::from_str(&out).unwrap();
    let reg = |n: &str| {
        v["registers"]
            .as_array()
            .unwrap()
            .iter()
            .find(|r| r["name"] == n)
            .unwrap()["bits"]
            .clone()
    };
    assert_eq!(reg("p"), "0x40003c00");
    assert_eq!(reg("q"), "0x3c004000"); // a = 1.0 → 0x3c00 upper, b = 2.0 → 0x4000 lower
    assert_eq!(v["memory"][0]["address"], "0x104");
    assert_eq!(v["memory"][0]["bytes"], "0040003c"); // 0x3c004000, least significant byte first
}

#[test]
fn errors_have_locations_and_exit_2() {
    let cases: &[(&str, &[&str], &str)] = &[
        (
            "add.f16 x, y, z;\n",
            &[],
            "<stdin>:1:12: error: register `y` is not declared",
        ),
        (
            ".reg .f16 x;\n.reg .f32 y;\nadd.f16 x, y, y;\n",
            &["--set", "y=1"],
            "<stdin>:3:12: error: operand `y` is a `.f32` register; `add.f16` needs `.f16` here",
        ),
        (
            ".reg .b32 x;\n.reg .b64 a;\nmov.u64 a, 16;\nld.global.b32 x, [a];\n",
            &[],
            "<stdin>:4:18: error: `ld.global.b32` reads 4 bytes at 0x10",
        ),
        (".reg .f32 x;\nmov.f32 x, 1.5.5;\n", &[], "<stdin>:2:"),
        // mov, then 333 trips of add, setp and bra: the add of the next
        // would be step 1001.
        (
            ".reg .u32 r;\n.reg .pred p;\nmov.u32 r, 0;\n$L1:\nadd.u32 r, r, 1;\nsetp.ne.u32 p, r, 0;\n@p bra $L1;\n",
            &["--max-steps", "1000"],
            "<stdin>:5:1: error: the run reached --max-steps 1000 thread-instructions: thread (0,0,0) of CTA (0,0,0) was about to run this line",
        ),
        (
            ".reg .u32 r;\nmov.u32 r, 0;\n$L1:\nadd.u32 r, r, 1;\nbra $L1;\n",
            &[],
            "<stdin>:5:1: error: an endless loop: this `bra` has no guard",
        ),
        (
            "bra $L2;\n",
            &[],
            "<stdin>:1:5: error: `bra $L2`: no label `$L2` is defined",
        ),
        (
            "call f, (x);\n",
            &[],
            "<stdin>:1:6: error: `call f`: no .func `f` with a body in this module",
        ),
        (
            ".reg .u64 y;\n.reg .u32 x;\nmultimem.st.relaxed.sys.global.u32 [y], x;\n",
            &["--set", "y=0x1000", "--set", "x=1"],
            "<stdin>:3:1: error: `multimem.st.relaxed.sys.global.u32` is not run: a multimem address",
        ),
        (
            ".reg .f16 x, y;\nadd.f16 x, y, y;\n",
            &[],
            "<stdin>:2:12: error: register `y` is read before it is written",
        ),
        (
            ".target sm_100\n.reg .f32 d, c;\n.reg .b16 a;\nadd.rn.f32.f16 d, a, c;\n",
            &["--set", "a=0", "--set", "c=0", "--device", "sm_90"],
            "<stdin>:1:9: error: --device sm_90 cannot run this code: code for sm_100 cannot run on an sm_90 device",
        ),
    ];
    for (src, args, want) in cases {
        let mut a = vec!["run"];
        a.extend_from_slice(args);
        let o = ptxfp(&a, Some(src));
        let (_, err) = text(&o);
        assert_eq!(o.status.code(), Some(2), "{src}: {err}");
        assert!(err.contains(want), "{src}\nwant {want}\ngot {err}");
        assert!(!err.contains("panicked"), "{err}");
    }
    let o = ptxfp(&["run", "no/such/file.ptx"], None);
    assert_eq!(o.status.code(), Some(2));
    let o = ptxfp(&["run", "--mem", "0x10=abc"], Some(""));
    assert_eq!(o.status.code(), Some(2));
}

#[test]
fn fma_f32_without_rounding_says_how_to_write_it() {
    let src = ".reg .f32 a, d;\nfma.f32 d, a, a, a;\n";
    let o = ptxfp(&["run", "--set", "a=1"], Some(src));
    assert_eq!(o.status.code(), Some(2));
    assert_eq!(
        text(&o).1,
        "<stdin>:2:1: error: fma.f32 requires a rounding modifier (9.7.3.6: .rnd has no default)\n\
         \x20 |\n\
         2 | fma.f32 d, a, a, a;\n\
         \x20 | ^^^\n\
         \x20 = help: write fma.rn.f32 (or .rz, .rm, .rp)\n"
    );
}

#[test]
fn lenient_declares_and_warns() {
    let o = ptxfp(&["run", "--lenient"], Some("add.f16 x, y, z;\n"));
    let (out, err) = text(&o);
    assert_eq!(o.status.code(), Some(0), "{err}");
    assert!(
        err.contains("warning: `x` declared on first use as `.f16`"),
        "{err}"
    );
    assert!(
        err.contains("`y` read before it was written: reads as 0"),
        "{err}"
    );
    assert_eq!(out.trim(), "x = 0x0000  f16 0"); // +0 + +0 = +0
}

#[test]
fn lenient_set_takes_the_type_of_first_use() {
    // y = 1.5 and z = 1.0 (0x3c00) as f16: 2.5 = 1.25 × 2^1 is 0x4100.
    let args = ["run", "--lenient", "--set", "y=1.5", "--set", "z=0x3c00"];
    let o = ptxfp(&args, Some("add.f16 x, y, z;\n"));
    let (out, err) = text(&o);
    assert_eq!(o.status.code(), Some(0), "{err}");
    assert!(out.contains("x = 0x4100"), "{out}");
    // A --set that no instruction uses is a typo, not something to ignore.
    let o = ptxfp(
        &["run", "--lenient", "--set", "w=1"],
        Some("add.f16 x, y, z;\n"),
    );
    assert_eq!(o.status.code(), Some(2));
    assert!(text(&o).1.contains("--set w"), "{:?}", text(&o));
    // The value must fit the type its first use implies.
    let o = ptxfp(
        &["run", "--lenient", "--set", "y=0x12345"],
        Some("add.f16 x, y, z;\n"),
    );
    assert_eq!(o.status.code(), Some(2));
}

#[test]
fn mad_device_model() {
    // examples/spec-9.7.3.7-mad.ptx derives both values in its header.
    // The device defaults to the code's `.target sm_13`: the sm_1x mad.
    let f = "examples/spec-9.7.3.7-mad.ptx";
    let o = ptxfp(&["run", f], None);
    assert!(text(&o).0.contains("d = 0x3a000000"), "{:?}", text(&o));
    assert_eq!(text(&o).1, "");
    let o = ptxfp(&["run", "--device", "sm_90", f], None);
    assert!(text(&o).0.contains("d = 0x3a000400"), "{:?}", text(&o));
    assert!(
        text(&o)
            .1
            .contains("runs as fma.rn.ftz.f32 on the sm_90 device"),
        "{:?}",
        text(&o)
    );
    // --json names both.
    let o = ptxfp(&["run", "--json", f], None);
    let v: serde_json::Value = serde_json::from_str(&text(&o).0).unwrap();
    assert_eq!(
        (&v["device"], &v["code_target"]),
        (&"sm_13".into(), &"sm_13".into())
    );
    // A device that cannot run the code's target is an error, not a warning.
    let o = ptxfp(
        &["run", "--device", "sm_80", "examples/spec-9.7.4.4-fma.ptx"],
        None,
    );
    assert_eq!(o.status.code(), Some(2));
    assert_eq!(
        text(&o).1,
        "examples/spec-9.7.4.4-fma.ptx:16:9: error: --device sm_80 cannot run this code: code for sm_90 cannot run on an sm_80 device (a device runs code for its own target and older ones)\n\
         \x20  |\n\
         16 | .target sm_90\n\
         \x20  |         ^^^^^\n\
         \x20  = help: leave out --device (it defaults to the code's target, sm_90), or give one that runs sm_90 code\n"
    );
}

#[test]
fn contract_reports_the_difference() {
    // examples/contract.ptx derives 0x1c00 (as written) and 0x1c01 (fused).
    let o = ptxfp(
        &[
            "run",
            "--contract",
            "examples/contract.ptx",
            "--set",
            "k_param_0=0x1000",
            "--set",
            "k_param_1=0x2000",
            "--mem",
            "0x1000=013c033c00bc",
        ],
        None,
    );
    let (out, err) = text(&o);
    assert_eq!(o.status.code(), Some(0), "{err}");
    assert!(out.contains("mem[0x2000..0x2002] = 00 1c"), "{out}");
    let line = out.lines().find(|l| l.starts_with("contract:")).unwrap();
    assert!(line.contains("examples/contract.ptx:29:5 mul"), "{line}");
    assert!(line.contains("examples/contract.ptx:30:5 add"), "{line}");
    assert!(
        line.contains("= 0x1c01") && line.contains("as written = 0x1c00"),
        "{line}"
    );
    // With a rounding modifier there is nothing to fuse.
    let src = std::fs::read_to_string(format!("{}/examples/contract.ptx", root()))
        .unwrap()
        .replace("add.f16", "add.rn.f16");
    let o = ptxfp(
        &[
            "run",
            "--contract",
            "--set",
            "k_param_0=0x1000",
            "--set",
            "k_param_1=0x2000",
            "--mem",
            "0x1000=013c033c00bc",
        ],
        Some(&src),
    );
    assert!(
        text(&o).0.contains("contract: no mul+add pair"),
        "{:?}",
        text(&o)
    );
}

#[test]
fn trace_shows_inputs_and_results() {
    let o = ptxfp(
        &["run", "--trace", "--set", "a=0x3c00"],
        Some(".reg .f16 a, d;\nmul.f16 d, a, a;\n"),
    );
    let (out, _) = text(&o);
    assert!(
        out.contains("trace <stdin>:2:1: mul.f16 d, a, a  [0x3c00, 0x3c00] -> 0x3c00  f16 1"),
        "{out}"
    );
}

#[test]
fn nvcc_kernel_one_thread() {
    // examples/nvcc-kernel.ptx: thread 1 computes d[1] = fma(a[1], b[1], d[1])
    // = 3 × 5 + 1 = 16 = 2^4 → f16 exponent 15 + 4 = 19 → 0x4c00, stored at
    // d + 2 little-endian.
    let base = [
        "run",
        "examples/nvcc-kernel.ptx",
        "--set",
        "k_param_0=0x1000",
        "--set",
        "k_param_1=0x2000",
        "--set",
        "k_param_2=0x3000",
        "--set",
        "%tid.x=1",
        "--mem",
        "0x1000=0000003c00000000",
        "--mem",
        "0x2000=00000042",
        "--mem",
        "0x3000=00000045",
    ];
    let mut args = base.to_vec();
    args.extend(["--set", "k_param_3=4"]);
    let o = ptxfp(&args, None);
    let (out, err) = text(&o);
    assert_eq!(o.status.code(), Some(0), "{err}");
    assert!(out.contains("mem[0x1002..0x1004] = 00 4c"), "{out}");
    // n = 1: i = 1 >= n, the guarded branch skips the store.
    let mut args = base.to_vec();
    args.extend(["--set", "k_param_3=1"]);
    let o = ptxfp(&args, None);
    let (out, err) = text(&o);
    assert_eq!(o.status.code(), Some(0), "{err}");
    assert!(!out.contains("mem["), "{out}");
}

#[test]
fn mem_file_gives_bytes() {
    let dir = std::env::temp_dir().join(format!("ptxfp-run-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let f = dir.join("bytes.bin");
    std::fs::write(&f, [0x00, 0x3c, 0x00, 0xc0]).unwrap(); // f16 1, -2.0
    let src = ".global .b16 v[2];\n.reg .b16 x, y, z;\nld.global.b16 x, [v];\nld.global.b16 y, [v+2];\nadd.f16 z, x, y;\n";
    let arg = format!("v={}", f.display());
    let o = ptxfp(&["run", "--mem-file", &arg], Some(src));
    let (out, err) = text(&o);
    assert_eq!(o.status.code(), Some(0), "{err}");
    assert!(out.contains("z = 0xbc00  f16 -1"), "{out}"); // 1 + -2 = -1
    let _ = std::fs::remove_dir_all(dir);
}

#[test]
fn lenient_repairs_the_errata() {
    // fma.rz.sat.f32.f16.sat run as fma.rz.sat.f32.f16: 1 × 1 + 0.5 = 1.5 → .sat → 1.0.
    let o = ptxfp(
        &[
            "run",
            "--lenient",
            "--set",
            "fc=0.5",
            "--set",
            "ha=0x3c00",
            "--set",
            "hb=0x3c00",
            "examples/errata-9.7.5.3-fma.ptx",
        ],
        None,
    );
    let (out, err) = text(&o);
    assert_eq!(o.status.code(), Some(0), "{err}");
    assert!(
        err.contains("warning: duplicate .sat (ran as `fma.rz.sat.f32.f16`)"),
        "{err}"
    );
    assert_eq!(out.trim(), "fd = 0x3f800000  f32 1");
    // Strict mode refuses it.
    let o = ptxfp(&["run", "examples/errata-9.7.5.3-fma.ptx"], None);
    assert_eq!(o.status.code(), Some(2));
}

/// `run` shows values as `eval` does: the shortest decimal that reads
/// back as the value in its own format, signed infinities, NaNs with their
/// bits.
#[test]
fn run_shows_values_as_eval_does() {
    let o = ptxfp(
        &["run"],
        Some(".reg .f16 a, b, c, d;\nmov.b16 a, 0x7c00;\nmov.b16 b, 0xfe01;\nmov.b16 c, 0x3c04;\nmov.b16 d, 0x0001;\n"),
    );
    // 0x3c04 = 1 + 4·2^-10 = 1.00390625: 1.004 is within half an ulp
    // (2^-11) of it, 1.00 is not; 0x0001 = 2^-24 = 5.96046...E-8, and 6E-8
    // is within 2^-25 of it.
    assert_eq!(
        text(&o).0,
        "a = 0x7c00  f16 +Inf\nb = 0xfe01  f16 NaN(0xfe01)\nc = 0x3c04  f16 1.004\nd = 0x0001  f16 6.0E-8\n"
    );
    for (bits, shown) in [
        ("0x7c00", "+Inf"),
        ("0xfe01", "NaN(0xfe01)"),
        ("0x3c04", "1.004"),
        ("0x0001", "6.0E-8"),
    ] {
        let o = ptxfp(&["eval", "add.f16", bits, "-0.0"], None);
        // The operand as eval echoes it (a NaN result would be 0x7fff).
        assert!(
            text(&o).0.contains(&format!("\n  src0 {bits} = {shown}\n")),
            "{:?}",
            text(&o)
        );
    }
}

/// The contraction report names the second instruction as written: a
/// mul followed by a sub is "mul + sub". a = 1 + 2^-10, b = 1 + 3·2^-10:
/// a·b = 1 + 2^-8 + 3·2^-20 rounds to 1 + 2^-8 (0x3c04), minus 1 is 2^-8
/// (0x1c00); fused, 2^-8 + 3·2^-20 rounds to 2^-8·(1 + 2^-10) (0x1c01).
#[test]
fn contract_names_sub() {
    let o = ptxfp(
        &["run", "--contract"],
        Some(".reg .b16 a, b, c, m, d;\nmov.b16 a, 0x3c01;\nmov.b16 b, 0x3c03;\nmov.b16 c, 0x3c00;\nmul.f16 m, a, b;\nsub.f16 d, m, c;\n"),
    );
    let (out, err) = text(&o);
    assert_eq!(o.status.code(), Some(0), "{err}");
    assert!(
        out.contains("contract: <stdin>:5:1 mul + <stdin>:6:1 sub: fma.rn.f16 0x3c01, 0x3c03, 0xbc00 = 0x1c01"),
        "{out}"
    );
    assert!(out.contains("but as written = 0x1c00"), "{out}");
}

/// Hostile input: a binary file is refused (exit 2) with the place of its
/// first NUL byte; 60,000 errors print the first 100 and a count.
#[test]
fn run_bounds_its_errors_and_refuses_binary_input() {
    let o = ptxfp(&["run", "-"], Some(".reg .b16 a;\nmov.b16 a, 1\0;\n"));
    assert_eq!(o.status.code(), Some(2));
    assert!(
        text(&o)
            .1
            .contains("<stdin>:2:13: a NUL byte: this is not a text file"),
        "{:?}",
        text(&o)
    );
    let o = ptxfp(&["run", "-"], Some(&"add.rn.f16 a, b;\n".repeat(20_000)));
    let (_, err) = text(&o);
    assert_eq!(o.status.code(), Some(2));
    // Each line: two operands instead of three, a and b undeclared.
    assert_eq!(err.matches(": error: ").count(), 100, "{}", &err[..500]);
    assert!(
        err.contains("<stdin>: 59900 more error(s) not shown"),
        "{}",
        &err[err.len() - 300..]
    );
}

/// Two --mem ranges that share a byte are an error, not last-wins;
/// adjacent ones are fine (bytes in memory order: 00 11 → 0x1100).
#[test]
fn overlapping_mem_is_an_error() {
    let src = ".global .b8 buf[8];\n.reg .b16 a;\nld.global.b16 a, [buf];\n";
    let o = ptxfp(
        &["run", "--mem", "buf=0011", "--mem", "buf+1=22", "-"],
        Some(src),
    );
    assert_eq!(o.status.code(), Some(2));
    assert!(
        text(&o).1.contains("--mem buf+1 (0x10000001..0x10000002) overlaps --mem buf (0x10000000..0x10000002): give each byte once"),
        "{:?}",
        text(&o)
    );
    let o = ptxfp(
        &["run", "--mem", "buf=0011", "--mem", "buf+2=22", "-"],
        Some(src),
    );
    assert_eq!(text(&o).0, "a = 0x1100  b16\n", "{:?}", text(&o));
}

/// Without an `.entry`, the `.func` bodies are what there is to run:
/// several need --entry (it used to run the first silently), one runs
/// without it. 0f3F800000 is f32 1, 0f40000000 f32 2 (exponent 128).
#[test]
fn funcs_without_entry_are_chosen_like_entries() {
    let src = ".version 8.6\n.target sm_90\n\
               .func f()\n{\n.reg .f32 x;\nmov.f32 x, 0f3F800000;\nret;\n}\n\
               .func g()\n{\n.reg .f32 y;\nmov.f32 y, 0f40000000;\nret;\n}\n";
    let o = ptxfp(&["run"], Some(src));
    assert_eq!(o.status.code(), Some(2));
    assert_eq!(
        text(&o),
        (
            String::new(),
            "ptxfp: the module has no .entry function and 2 .func functions (f, g); choose the one to run with --entry NAME, e.g. --entry f\n".into()
        )
    );
    let o = ptxfp(&["run", "--entry", "g"], Some(src));
    assert_eq!(text(&o), ("y = 0x40000000  f32 2\n".into(), String::new()));
    let o = ptxfp(&["run", "--entry", "G"], Some(src));
    assert_eq!(o.status.code(), Some(2));
    assert_eq!(
        text(&o).1,
        "ptxfp: --entry G: no .entry or .func `G`; the module has no .entry function, and its .func functions are f, g (did you mean --entry g?)\n"
    );
    // One .func runs without --entry, and --json names it.
    let one = ".version 8.6\n.target sm_90\n.func f()\n{\n.reg .f32 x;\nmov.f32 x, 0f3F800000;\nret;\n}\n";
    let o = ptxfp(&["run"], Some(one));
    assert_eq!(text(&o), ("x = 0x3f800000  f32 1\n".into(), String::new()));
    let o = ptxfp(&["run", "--json"], Some(one));
    let v: serde_json::Value = serde_json::from_str(&text(&o).0).unwrap();
    assert_eq!(v["entry"], "f");
}

/// A function defined twice is the module's error, reported before any
/// entry is chosen (it said "2 entry functions (a, a); choose --entry a").
#[test]
fn static_errors_come_before_entry_selection() {
    let src = ".version 8.6\n.target sm_90\n\
               .visible .entry a()\n{\nret;\n}\n\
               .visible .entry a()\n{\nret;\n}\n";
    let o = ptxfp(&["run"], Some(src));
    assert_eq!(o.status.code(), Some(2));
    assert_eq!(
        text(&o),
        (
            String::new(),
            "<stdin>:7:17: error: `a` is defined twice: a second function body with this name\n\
             \x20 |\n\
             7 | .visible .entry a()\n\
             \x20 |                 ^\n"
                .into()
        )
    );
}

/// With --target (or --ptx) the interpreter's own checks name the flag as
/// `ptxfp check` does: one error, not the same one twice with `.target`
/// and `--target` fixes.
#[test]
fn flag_errors_are_reported_once() {
    let src =
        ".version 8.6\n.target sm_90\n.reg .b16 a, d;\nmov.b16 a, 0x3f80;\nadd.bf16 d, a, a;\n";
    let o = ptxfp(&["run", "--target", "sm_80"], Some(src));
    assert_eq!(o.status.code(), Some(2));
    assert_eq!(
        text(&o).1,
        "<stdin>:5:1: error: add.bf16 requires sm_90 or higher; the target is sm_80\n\
         \x20 |\n\
         5 | add.bf16 d, a, a;\n\
         \x20 | ^^^^^^^^\n\
         \x20 = help: use --target sm_90 or higher\n"
    );
    let o = ptxfp(&["run", "--target", "sm_80", "--json"], Some(src));
    let v: serde_json::Value = serde_json::from_str(&text(&o).0).unwrap();
    assert_eq!(v["errors"].as_array().unwrap().len(), 1, "{v}");
    // PTX 7.7 is older than sm_90 needs (7.8) and than add.bf16 needs (7.8):
    // two errors, each once, both fixed by --ptx; strict and lenient alike.
    for lenient in [false, true] {
        let mut args = vec!["run", "--ptx", "7.7"];
        if lenient {
            args.push("--lenient");
        }
        let o = ptxfp(&args, Some(src));
        let err = text(&o).1;
        assert_eq!(err.matches(": error: ").count(), 2, "{err}");
        assert_eq!(
            err.matches("help: use --ptx 7.8 or later").count(),
            2,
            "{err}"
        );
        assert!(!err.contains(".version 7.8"), "{err}");
    }
}

/// A --mem-file is read no further than fits: in a variable, its size
/// from the offset; at an address, 16 MiB. /dev/zero used to hang.
#[cfg(unix)]
#[test]
fn mem_file_reads_what_fits() {
    let src = ".global .b8 buf[16];\n.reg .b32 x;\nld.global.b32 x, [buf+4];\n";
    let o = ptxfp(&["run", "--mem-file", "buf+4=/dev/zero", "-"], Some(src));
    assert_eq!(o.status.code(), Some(2));
    assert_eq!(
        text(&o).1,
        "ptxfp: --mem-file buf+4=/dev/zero: the file has more than the 12 bytes that fit in `buf` from offset 4 (`buf` has 16 bytes)\n"
    );
    let o = ptxfp(&["run", "--mem-file", "0x100=/dev/zero", "-"], Some(src));
    assert_eq!(o.status.code(), Some(2));
    assert_eq!(
        text(&o).1,
        "ptxfp: --mem-file 0x100=/dev/zero: the file is larger than 16 MiB, the most a --mem-file gives\n"
    );
    // Exactly the 12 bytes that fit: 01 00 00 00 first, so x = 1.
    let dir = std::env::temp_dir().join(format!("ptxfp-run-fits-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let f = dir.join("twelve.bin");
    std::fs::write(&f, [1, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0]).unwrap();
    let arg = format!("buf+4={}", f.display());
    let o = ptxfp(&["run", "--mem-file", &arg, "-"], Some(src));
    assert_eq!(text(&o), ("x = 0x00000001  b32\n".into(), String::new()));
    let _ = std::fs::remove_dir_all(dir);
}

/// Bytes given by a variable's name stay in the variable, and a --mem
/// gives at least one byte.
#[test]
fn mem_stays_in_its_variable() {
    let src = ".global .b8 buf[16];\n.reg .b32 x;\nld.global.b32 x, [buf+12];\n";
    let o = ptxfp(&["run", "--mem", "buf+14=aabbccdd", "-"], Some(src));
    assert_eq!(o.status.code(), Some(2));
    assert_eq!(
        text(&o).1,
        "ptxfp: --mem buf+14: 4 bytes at offset 14 reach offset 18, past the end of `buf` (16 bytes: offsets 0 to 15); 2 fit there\n"
    );
    let o = ptxfp(&["run", "--mem", "buf+16=00", "-"], Some(src));
    assert_eq!(o.status.code(), Some(2));
    assert_eq!(
        text(&o).1,
        "ptxfp: --mem buf+16: offset 16 is past the end of `buf` (16 bytes: offsets 0 to 15)\n"
    );
    let o = ptxfp(&["run", "--mem", "buf+4=", "-"], Some(src));
    assert_eq!(o.status.code(), Some(2));
    assert_eq!(
        text(&o).1,
        "ptxfp: --mem buf+4=: no bytes given: write them in hex after `=`, e.g. buf+4=00\n"
    );
    // The last four bytes fit: aa bb cc dd is 0xddccbbaa little-endian.
    let o = ptxfp(&["run", "--mem", "buf+12=aabbccdd", "-"], Some(src));
    assert_eq!(text(&o), ("x = 0xddccbbaa  b32\n".into(), String::new()));
}

/// TYPE:VALUE takes a bit type of the register's size (PTX ISA §6.4.1:
/// bit-size types are compatible with any type of the same size), and a
/// typed value of another kind says what to give. -1.0 in f32 is sign 1,
/// exponent 127: 0xbf800000; the s32 -1 is all ones.
#[test]
fn set_typed_values_of_another_kind() {
    let src = ".reg .f32 s, d;\nmov.f32 d, s;\n";
    let o = ptxfp(&["run", "--set", "s=b32:0x3f800000"], Some(src));
    assert_eq!(text(&o), ("d = 0x3f800000  f32 1\n".into(), String::new()));
    let o = ptxfp(&["run", "--set", "s=s32:-1"], Some(src));
    assert_eq!(o.status.code(), Some(2));
    assert_eq!(
        text(&o).1,
        "ptxfp: --set s=s32:-1: `s32:-1` is a 32-bit integer; `s` is a `.f32` register: give f32:VALUE or its 32 bits in hex, e.g. s=f32:-1 (= 0xbf800000) or s=0xffffffff (the bits of s32:-1)\n"
    );
}

/// An array parameter takes its bytes by --mem; --set says so, with the
/// bytes of the value given in memory order (least significant first).
#[test]
fn set_on_an_array_points_to_mem() {
    let src =
        ".entry k(.param .align 8 .b8 parr[8])\n{\n.reg .b64 x;\nld.param.b64 x, [parr];\n}\n";
    let o = ptxfp(&["run", "--set", "parr=0x0011223344556677"], Some(src));
    assert_eq!(o.status.code(), Some(2));
    assert_eq!(
        text(&o).1,
        "ptxfp: --set parr=0x0011223344556677: `0x0011223344556677` is too wide for .b8: 16 hex digits, at most 2 (`parr` is a `.b8` variable)\n\
         \x20 help: `parr` is an array (8 bytes of `.b8`): --set gives only its first element; give its bytes in memory order with --mem parr=HEXBYTES (for the 64-bit value 0x0011223344556677: --mem parr=7766554433221100)\n"
    );
    // The suggestion loads the value.
    let o = ptxfp(&["run", "--mem", "parr=7766554433221100"], Some(src));
    assert_eq!(
        text(&o),
        ("x = 0x0011223344556677  b64\n".into(), String::new())
    );
}

/// A name declared in a block and again in an inner one: a bare --set is
/// an error naming both places (it set the outer one silently); NAME@LINE
/// chooses. The outer t is at 1:11 (".reg .b32 " is 10 characters), the
/// inner one at 4:13 (two more of indentation).
#[test]
fn set_on_a_shadowed_name_says_which() {
    let src = ".reg .b32 t, a;\nmov.b32 a, t;\n{\n  .reg .b32 t;\n  mov.b32 t, 2;\n}\n";
    let o = ptxfp(&["run", "--set", "t=0x1"], Some(src));
    assert_eq!(o.status.code(), Some(2));
    assert_eq!(
        text(&o).1,
        "ptxfp: --set t: 2 registers are named `t`, declared at 1:11 and 4:13 (a `{ }` block's declaration shadows the name inside that block); say which with --set t@1:11=VALUE or --set t@4:13=VALUE\n"
    );
    let o = ptxfp(&["run", "--set", "t@1=0x1"], Some(src));
    assert_eq!(
        text(&o),
        (
            "a = 0x00000001  b32\nt (declared at 4:13) = 0x00000002  b32\n".into(),
            String::new()
        )
    );
}

/// A run-time error keeps the trace of what ran before it: text first,
/// then the error; with --json in the error object. 1 < 1 is false, so
/// the guarded add is skipped (shown whole, guard and operands).
#[test]
fn trace_survives_a_run_time_error() {
    let src = ".reg .f16 a, b;\n.reg .b32 x;\n.reg .b64 p;\n.reg .pred q;\n\
               mov.b16 a, 0x3c00;\nsetp.lt.f16 q, a, a;\n@q add.f16 b, a, a;\n\
               mov.u64 p, 0x100;\nld.global.b32 x, [p];\n";
    let o = ptxfp(&["run", "--trace"], Some(src));
    assert_eq!(o.status.code(), Some(2));
    assert_eq!(
        text(&o),
        (
            "trace <stdin>:5:1: mov.b16 a, 0x3c00  [0x3c00] -> 0x3c00  b16\n\
             trace <stdin>:6:1: setp.lt.f16 q, a, a  [0x3c00, 0x3c00] -> 0x0  pred false\n\
             trace <stdin>:7:1: @q add.f16 b, a, a  (skipped: guard false)\n\
             trace <stdin>:8:1: mov.u64 p, 0x100  [0x0000000000000100] -> 0x0000000000000100  u64 256\n"
                .into(),
            "<stdin>:9:18: error: `ld.global.b32` reads 4 bytes at 0x100, but memory at 0x100 was never given or written\n\
             \x20 |\n\
             9 | ld.global.b32 x, [p];\n\
             \x20 |                  ^^^\n\
             \x20 = help: give it with --mem 0x100=HEXBYTES\n"
                .into()
        )
    );
    let o = ptxfp(&["run", "--trace", "--json"], Some(src));
    assert_eq!(o.status.code(), Some(2));
    let v: serde_json::Value = serde_json::from_str(&text(&o).0).unwrap();
    assert_eq!(v["errors"][0]["location"], "<stdin>:9:18");
    let trace = v["trace"].as_array().unwrap();
    assert_eq!(trace.len(), 4);
    assert_eq!(
        trace[1],
        serde_json::json!({
            "location": "<stdin>:6:1",
            "opcode": "setp.lt.f16",
            "instruction": "setp.lt.f16 q, a, a",
            "skipped": false,
            "inputs": [{"bits": "0x3c00", "type": "f16"}, {"bits": "0x3c00", "type": "f16"}],
            "result": {"bits": "0x0", "type": "pred"},
            "memory": null,
            "text": "setp.lt.f16 q, a, a  [0x3c00, 0x3c00] -> 0x0  pred false",
        })
    );
    assert_eq!(trace[2]["skipped"], true);
    assert_eq!(trace[2]["instruction"], "@q add.f16 b, a, a");
    assert_eq!(trace[2]["result"], serde_json::Value::Null);
}

/// A trace is written as the run goes: memory stays bounded however many
/// steps run. `run --json --trace` once kept every step as a JSON value
/// until the end (about 7 KB a step: a million steps took 7 GB and
/// aborted under a memory limit); 150,000 steps now run under a 400 MB
/// address-space limit the old build needed over 1 GB for. The streamed
/// object starts with `file` and `trace`; its other keys follow the run.
#[cfg(target_os = "linux")]
#[test]
fn a_long_trace_streams_in_bounded_memory() {
    use std::io::BufRead as _;
    let n = 150_000;
    let dir = std::env::temp_dir().join(format!("ptxfp-run-trace-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let f = dir.join("long.ptx");
    let mut src =
        String::from(".version 8.1\n.target sm_90\n.reg .b16 %h<3>;\nmov.b16 %h1, 0x3c00;\n");
    src += &"add.rn.f16 %h2, %h1, %h1;\n".repeat(n);
    std::fs::write(&f, src).unwrap();
    for json in [true, false] {
        let cmd = format!(
            "ulimit -v 400000 && exec \"$0\" run {} --trace \"$1\"",
            if json { "--json" } else { "" }
        );
        let mut child = Command::new("sh")
            .args(["-c", &cmd, env!("CARGO_BIN_EXE_ptxfp"), f.to_str().unwrap()])
            .stdout(Stdio::piped())
            .stderr(Stdio::piped())
            .spawn()
            .unwrap();
        // Read as it comes: the test keeps no more than the binary should.
        let (mut steps, mut first, mut tail) = (0, Vec::new(), Vec::new());
        for line in std::io::BufReader::new(child.stdout.take().unwrap()).lines() {
            let line = line.unwrap();
            if line.contains("add.rn.f16 %h2, %h1, %h1  [0x3c00, 0x3c00] -> 0x4000  f16 2") {
                steps += 1;
            }
            if first.len() < 3 {
                first.push(line.clone());
            }
            tail.push(line);
            if tail.len() > 40 {
                tail.remove(0);
            }
        }
        let o = child.wait_with_output().unwrap();
        let err = String::from_utf8_lossy(&o.stderr);
        assert_eq!(o.status.code(), Some(0), "json {json}: {err}");
        assert_eq!(steps, n, "json {json}");
        let tail = tail.join("\n");
        if json {
            assert_eq!(
                first,
                [
                    "{",
                    &format!("  \"file\": {:?},", f.to_str().unwrap()),
                    "  \"trace\": ["
                ]
            );
            assert!(
                tail.contains("\"text\": \"%h2 = 0x4000  f16 2\","),
                "{tail}"
            );
            assert!(tail.ends_with("  \"warnings\": []\n}"), "{tail}");
        } else {
            assert!(first[0].starts_with("trace "), "{first:?}");
            assert!(
                tail.ends_with("%h1 = 0x3c00  b16\n%h2 = 0x4000  f16 2"),
                "{tail}"
            );
        }
    }
    std::fs::remove_dir_all(&dir).unwrap();
}

/// A traced store: the address read and the value stored, with its type.
#[test]
fn trace_json_has_the_memory_access() {
    let src =
        ".global .b8 buf[4];\n.reg .b32 x;\nmov.b32 x, 0x3f800000;\nst.global.b32 [buf], x;\n";
    let o = ptxfp(&["run", "--trace", "--json"], Some(src));
    let (out, err) = text(&o);
    assert_eq!(o.status.code(), Some(0), "{err}");
    let v: serde_json::Value = serde_json::from_str(&out).unwrap();
    // buf is the first variable: 0x10000000 (interp's VAR_BASE).
    assert_eq!(
        v["trace"][1],
        serde_json::json!({
            "location": "<stdin>:4:1",
            "opcode": "st.global.b32",
            "instruction": "st.global.b32 [buf], x",
            "skipped": false,
            "inputs": [{"bits": "0x0000000010000000", "type": "b64"}],
            "result": null,
            "memory": {"access": "store", "type": "b32", "values": ["0x3f800000"]},
            "text": "st.global.b32 [buf], x  [0x0000000010000000] stored 0x3f800000",
        })
    );
    // Registers' bits have the register's width: 8 hex digits for .b32.
    assert_eq!(v["registers"][0]["bits"], "0x3f800000");
    let o = ptxfp(&["run", "--json"], Some(".reg .b32 r;\nmov.b32 r, 1;\n"));
    let v: serde_json::Value = serde_json::from_str(&text(&o).0).unwrap();
    assert_eq!(v["registers"][0]["bits"], "0x00000001");
}

/// Every failing `run --json` prints the one JSON error object: file,
/// errors (location, severity, message, help), warnings, trace.
#[test]
fn json_errors_have_one_schema() {
    let obj = |o: &Output| -> serde_json::Value {
        assert_eq!(o.status.code(), Some(2), "{:?}", text(o));
        serde_json::from_str(&text(o).0).unwrap_or_else(|e| panic!("{e}: {:?}", text(o)))
    };
    let error = |file: serde_json::Value, location: serde_json::Value, message: &str| {
        serde_json::json!({
            "file": file,
            "errors": [{"location": location, "severity": "error", "message": message, "help": null}],
            "warnings": [],
            "trace": [],
        })
    };
    let v = obj(&ptxfp(&["run", "--json", "no/such/file.ptx"], None));
    assert_eq!(
        v,
        error(
            "no/such/file.ptx".into(),
            serde_json::Value::Null,
            "cannot read `no/such/file.ptx`: No such file or directory (os error 2)"
        )
    );
    // NUL at line 2, column 3 (after "ab").
    let v = obj(&ptxfp(&["run", "--json", "-"], Some("mov;\nab\0c\n")));
    assert_eq!(
        v,
        error(
            "<stdin>".into(),
            "<stdin>:2:3".into(),
            "a NUL byte: this is not a text file"
        )
    );
    let v = obj(&ptxfp(
        &["run", "--json", "--set", "x", "-"],
        Some("ret;\n"),
    ));
    assert_eq!(
        v,
        error(
            "<stdin>".into(),
            serde_json::Value::Null,
            "--set `x`: expected NAME=VALUE"
        )
    );
    // A flag clap refuses.
    let v = obj(&ptxfp(&["run", "--json", "--entry"], None));
    assert_eq!(v["file"], serde_json::Value::Null);
    assert!(
        v["errors"][0]["message"]
            .as_str()
            .unwrap()
            .starts_with("a value is required for '--entry <NAME>'"),
        "{v}"
    );
    // A message's help line becomes the help field.
    let src = ".global .b8 parr[8];\n.reg .b64 x;\nld.global.b64 x, [parr];\n";
    let v = obj(&ptxfp(
        &["run", "--json", "--set", "parr=0x1234", "-"],
        Some(src),
    ));
    assert!(
        v["errors"][0]["help"]
            .as_str()
            .unwrap()
            .starts_with("`parr` is an array"),
        "{v}"
    );
    // The text names the file as the other commands do.
    let o = ptxfp(&["run", "no/such/file.ptx"], None);
    assert_eq!(
        text(&o).1,
        "ptxfp: cannot read `no/such/file.ptx`: No such file or directory (os error 2)\n"
    );
}

/// A `bra` cannot leave its function: the label `L` of kernel b is not a
/// target for kernel a (run used to find it later in the module and end
/// the run with exit 0).
#[test]
fn bra_stays_in_its_function() {
    let src =
        ".version 8.6\n.target sm_90\n.entry a()\n{\nbra L;\nret;\n}\n.entry b()\n{\nL:\nret;\n}\n";
    let o = ptxfp(&["run", "--entry", "a", "-"], Some(src));
    assert_eq!(o.status.code(), Some(2));
    assert!(
        text(&o)
            .1
            .contains("<stdin>:5:5: error: `bra L`: no label `L` is defined in this function"),
        "{:?}",
        text(&o)
    );
}

/// Every instruction the interpreter cannot execute is listed before the
/// run (a kernel author fixes them in one pass, not one per run); the run
/// still goes as far as it can, and stops at the first one it reaches.
#[test]
fn unsupported_instructions_are_listed_up_front() {
    let src = ".reg .b64 a;\n.reg .b32 b;\n.reg .pred p;\nmov.b64 a, 0x1000;\nmov.b32 b, 1;\n@p multimem.st.relaxed.sys.global.u32 [a], b;\nmultimem.red.relaxed.sys.global.add.u32 [a], b;\nret;\n";
    let o = ptxfp(&["run", "--set", "p=0", "-"], Some(src));
    let (_, err) = text(&o);
    assert_eq!(o.status.code(), Some(2));
    let sel = err
        .find("<stdin>:6:4: warning: `multimem.st.relaxed.sys.global.u32` is not supported by the interpreter")
        .unwrap();
    let min = err
        .find("<stdin>:7:1: warning: `multimem.red.relaxed.sys.global.add.u32` is not supported by the interpreter")
        .unwrap();
    // The guard is false: the first is skipped, the second reached.
    let stop = err
        .find("<stdin>:7:1: error: `multimem.red.relaxed.sys.global.add.u32` is not run")
        .unwrap();
    assert!(sel < min && min < stop, "{err}");
    assert!(
        !err.contains("error: `multimem.st.relaxed.sys.global.u32` is not run"),
        "{err}"
    );
}

/// A numeric --mem address must not write over a kernel parameter (a
/// pointer given with --set was silently replaced by the bytes).
#[test]
fn mem_does_not_overwrite_parameters() {
    let src = ".entry k(.param .u64 p)\n{\n.reg .b64 a;\nld.param.u64 a, [p];\nret;\n}\n";
    let o = ptxfp(
        &[
            "run",
            "--set",
            "p=0x10",
            "--mem",
            "0x10000000=0000003c00000000",
            "-",
        ],
        Some(src),
    );
    assert_eq!(o.status.code(), Some(2));
    assert!(
        text(&o).1.contains("--mem 0x10000000 (0x10000000..0x10000008) overlaps the parameter `p` (0x10000000..0x10000008): give a parameter by its name, --set p=VALUE"),
        "{:?}",
        text(&o)
    );
}

/// 0 is all zero bits under every type: a bit register takes it as is.
#[test]
fn zero_is_not_ambiguous() {
    let o = ptxfp(
        &["run", "--set", "r=0", "-"],
        Some(".reg .b32 r, s;\nmov.b32 s, r;\n"),
    );
    assert_eq!(text(&o).0, "s = 0x00000000  b32\n", "{:?}", text(&o));
    let o = ptxfp(
        &["run", "--set", "r=1", "-"],
        Some(".reg .b32 r, s;\nmov.b32 s, r;\n"),
    );
    assert_eq!(o.status.code(), Some(2), "1 is still ambiguous");
}

/// A snippet without `.target` runs on its device: no target was written,
/// so none is too new for its `.version` (run refused `.version 7.0`
/// snippets as if sm_90 had been written); a written one still is.
#[test]
fn a_snippets_implied_target_is_not_checked_against_its_version() {
    let snippet = ".version 7.0\n.reg .b16 a;\nmov.b16 a, 1;\n";
    for args in [&["run", "-"][..], &["run", "--lenient", "-"]] {
        let o = ptxfp(args, Some(snippet));
        assert_eq!(o.status.code(), Some(0), "{args:?}: {:?}", text(&o));
    }
    let o = ptxfp(
        &["run", "-"],
        Some(".version 7.0\n.target sm_90\n.reg .b16 a;\nmov.b16 a, 1;\n"),
    );
    assert_eq!(o.status.code(), Some(2));
    assert!(text(&o)
        .1
        .contains("`.target sm_90` needs PTX ISA 7.8 or later, but the module is 7.0"));
}

/// An `.approx` result is marked in the trace and in `--json`; an exact
/// one is not (docs/NVIDIA.md ".approx").
#[test]
fn approximate_results_are_marked_in_traces() {
    let src = ".reg .f32 a, d, e;\nmov.f32 a, 1.0;\nsin.approx.f32 d, a;\nsqrt.rn.f32 e, a;\n";
    let o = ptxfp(&["run", "--trace", "-"], Some(src));
    let (out, err) = text(&o);
    assert_eq!(o.status.code(), Some(0), "{err}");
    let sin = out.lines().find(|l| l.contains("sin.approx")).unwrap();
    assert!(sin.ends_with("(approx)"), "{out}");
    let sqrt = out.lines().find(|l| l.contains("sqrt.rn")).unwrap();
    assert!(!sqrt.contains("approx"), "{out}");
    let o = ptxfp(&["run", "--json", "--trace", "-"], Some(src));
    let v: serde_json::Value = serde_json::from_str(&text(&o).0).unwrap();
    let steps = v["trace"].as_array().unwrap();
    assert_eq!(steps[1]["approx"], serde_json::json!(true));
    assert!(steps[2].get("approx").is_none());
}

/// A `--set` value that overflows or underflows its register's type is
/// said, as `eval` says it (issue: `1e999999` in `--set` became Inf
/// silently), in the text and in the JSON warnings (no place in the file).
#[test]
fn set_values_out_of_range_warn() {
    let src = ".reg .f32 %f<3>;\n.reg .f64 %fd1;\nadd.rn.f32 %f2, %f1, %f1;\n";
    let o = ptxfp(
        &["run", "--set", "%f1=1e999999", "--set", "%fd1=-1e-400", "-"],
        Some(src),
    );
    let (out, err) = text(&o);
    assert_eq!(o.status.code(), Some(0), "{err}");
    assert!(out.contains("+Inf"), "{out}");
    assert!(
        err.contains("ptxfp: warning: --set %f1=1e999999: `1e999999` overflows .f32 and is +Inf"),
        "{err}"
    );
    assert!(
        err.contains("ptxfp: warning: --set %fd1=-1e-400: `-1e-400` underflows .f64 and is -0"),
        "{err}"
    );
    // In range, or typed bits: nothing to say.
    let o = ptxfp(
        &[
            "run",
            "--set",
            "%f1=1.5",
            "--set",
            "%fd1=0d7FF0000000000000",
            "-",
        ],
        Some(src),
    );
    assert!(!text(&o).1.contains("warning"), "{}", text(&o).1);
    let o = ptxfp(&["run", "--json", "--set", "%f1=f32:1e-60", "-"], Some(src));
    let v: serde_json::Value = serde_json::from_str(&text(&o).0).unwrap();
    let w = &v["warnings"][0];
    assert_eq!(w["location"], serde_json::Value::Null);
    assert_eq!(
        w["message"],
        "--set %f1=f32:1e-60: `1e-60` underflows .f32 and is 0"
    );
}

/// An initializer constant out of its type's range warns in `check` and
/// `run`, at its place, as an instruction's immediate does.
#[test]
fn initializer_constants_out_of_range_warn() {
    let src = ".version 8.1\n.target sm_90\n.global .f32 g[2] = {1e999, 0f3F800000};\n.global .f16 h = 1e-9;\n.entry k()\n{\n  .reg .f32 %f<2>;\n  ld.global.f32 %f1, [g];\n  ret;\n}\n";
    for cmd in ["run", "check"] {
        let o = ptxfp(&[cmd, "-"], Some(src));
        let (_, err) = text(&o);
        assert!(
            err.contains("<stdin>:3:22: warning: `1e999` overflows .f32 and is +Inf"),
            "{cmd}: {err}"
        );
        assert!(err.contains("underflows .f16 and is 0"), "{cmd}: {err}");
    }
}

/// `istypep`: "Write predicate register p with 1 if register a points to
/// an opaque variable of the specified type, and with 0 otherwise": the
/// address of each `.texref`, `.samplerref` and `.surfref` variable is its
/// own type's only; an address 8 bytes into one points to no variable.
#[test]
fn istypep_tells_the_opaque_variables_apart() {
    let src = ".global .texref t;\n.global .samplerref s;\n.global .surfref u;\n.reg .b64 a, b, c, e;\n.reg .pred p<7>;\nmov.u64 a, t;\nmov.u64 b, s;\nmov.u64 c, u;\nadd.u64 e, a, 8;\nistypep.texref p1, a;\nistypep.samplerref p2, a;\nistypep.samplerref p3, b;\nistypep.surfref p4, c;\nistypep.texref p5, c;\nistypep.texref p6, e;\n";
    let o = ptxfp(&["run", "-"], Some(src));
    let (out, err) = text(&o);
    assert_eq!(o.status.code(), Some(0), "{err}");
    for (p, v) in [
        ("p1", 1),
        ("p2", 0),
        ("p3", 1),
        ("p4", 1),
        ("p5", 0),
        ("p6", 0),
    ] {
        let want = if v == 1 {
            "0x1  pred true"
        } else {
            "0x0  pred false"
        };
        assert!(out.contains(&format!("{p} = {want}\n")), "{p}: {out}");
    }
}
