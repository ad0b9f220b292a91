//! `ptxfp check`, through the real binary.

use std::process::Command;

fn check(args: &[&str]) -> (Option<i32>, String, String) {
    let o = Command::new(env!("CARGO_BIN_EXE_ptxfp"))
        .current_dir(format!("{}/../..", env!("CARGO_MANIFEST_DIR")))
        .arg("check")
        .args(args)
        .output()
        .unwrap();
    (
        o.status.code(),
        String::from_utf8_lossy(&o.stdout).into_owned(),
        String::from_utf8_lossy(&o.stderr).into_owned(),
    )
}

#[test]
fn spec_examples_are_clean() {
    for f in [
        "examples/spec-9.7.4.1-add.ptx",
        "examples/spec-9.7.4.3-mul.ptx",
        "examples/spec-9.7.4.4-fma.ptx",
        "examples/spec-9.7.3.7-mad.ptx",
        "examples/spec-9.7.5.1-add.ptx",
        "examples/spec-9.7.5.2-sub.ptx",
        "examples/spec-9.7.5.3-fma.ptx",
        "examples/contract.ptx",
    ] {
        let (code, out, err) = check(&[f]);
        assert_eq!(code, Some(0), "{f}: {err}");
        assert!(out.contains("0 error(s)"), "{out}");
    }
}

#[test]
fn errata_point_at_the_modifier() {
    let (code, _, err) = check(&["examples/errata-9.7.5.1-add.ptx"]);
    assert_eq!(code, Some(1));
    // `.sat` after the types, column 16 of line 11 (a warning: ptxas takes
    // it, docs/NVIDIA.md "Modifier order"), and `fa` undeclared at 27.
    assert!(
        err.contains(
            "examples/errata-9.7.5.1-add.ptx:11:16: warning: .sat must come before the types"
        ),
        "{err}"
    );
    assert!(err.contains("help: write add.rz.sat.f32.bf16"), "{err}");
    assert!(
        err.contains("examples/errata-9.7.5.1-add.ptx:11:27: error: register `fa` is not declared"),
        "{err}"
    );
    assert!(
        err.contains("11 | add.rz.f32.bf16.sat   fd, fa, fc;"),
        "{err}"
    );
    let (code, _, err) = check(&["examples/errata-9.7.5.3-fma.ptx"]);
    assert_eq!(code, Some(1));
    assert!(
        err.contains("examples/errata-9.7.5.3-fma.ptx:9:19: error:"),
        "{err}"
    );
    let (code, _, err) = check(&["examples/errata-9.7.5.2-sub.ptx"]);
    assert_eq!(code, Some(0), "{err}");
    assert!(
        err.contains(
            "examples/errata-9.7.5.2-sub.ptx:11:15: warning: .sat must come before the types"
        ),
        "{err}"
    );
}

/// CUDA's own headers write modifiers after the types in inline asm
/// (`__internal_fast_rcp`: `cvt.f32.f64.rn`, `rcp.approx.f32.ftz`; cuRAND's
/// `__cr_log`: `lg2.approx.f32.ftz`), so ptxas takes them: `check` warns
/// with the canonical spelling, `run` runs that form, a repeated modifier
/// is still an error, and a form's name given to `eval` must be canonical.
#[test]
fn modifiers_after_the_types_are_warnings() {
    let src = ".version 3.1\n.target sm_30\n.address_size 64\n\
        .visible .entry k(.param .u64 out)\n{\n\
        .reg .f32 %f<4>;\n.reg .f64 %fd<3>;\n.reg .b64 %rd<2>;\n\
        ld.param.u64 %rd1, [out];\n\
        mov.f64 %fd1, 0d4000000000000000;\n\
        cvt.f32.f64.rn %f1, %fd1;\n\
        rcp.approx.f32.ftz %f2, %f1;\n\
        lg2.approx.f32.ftz %f3, %f1;\n\
        st.global.f32 [%rd1], %f1;\n\
        ret;\n}\n";
    let dir = std::env::temp_dir().join(format!("ptxfp-check-order-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let path = dir.join("order.ptx");
    std::fs::write(&path, src).unwrap();
    let p = path.to_str().unwrap();
    let (code, _, err) = check(&[p]);
    assert_eq!(code, Some(0), "{err}");
    for (at, says) in [
        (
            "11:13",
            "warning: `.rn` after the types: modifiers come before `.dtype.atype`",
        ),
        ("12:15", "warning: .ftz must come before the types"),
        ("13:15", "warning: .ftz must come before the types"),
    ] {
        assert!(
            err.contains(&format!("order.ptx:{at}: {says}")),
            "{at}: {err}"
        );
    }
    assert!(err.contains("help: write `cvt.rn.f32.f64`"), "{err}");
    assert!(err.contains("help: write rcp.approx.ftz.f32"), "{err}");
    assert!(err.contains("help: write lg2.approx.ftz.f32"), "{err}");
    // Run: the conversion of 2.0 is exact under any rounding (0x40000000);
    // the .approx results are not asserted (docs/NVIDIA.md ".approx").
    let o = Command::new(env!("CARGO_BIN_EXE_ptxfp"))
        .args(["run", p, "--set", "out=0x1000"])
        .output()
        .unwrap();
    let (out, err) = (
        String::from_utf8_lossy(&o.stdout),
        String::from_utf8_lossy(&o.stderr),
    );
    assert_eq!(o.status.code(), Some(0), "{err}");
    assert!(out.contains("mem[0x1000..0x1004] = 00 00 00 40"), "{out}");
    assert!(err.contains("(ran as `rcp.approx.ftz.f32`)"), "{err}");
    // A modifier written twice stays an error.
    std::fs::write(
        &path,
        src.replace("rcp.approx.f32.ftz", "rcp.approx.ftz.f32.ftz"),
    )
    .unwrap();
    let (code, _, err) = check(&[p]);
    assert_eq!(code, Some(1), "{err}");
    assert!(err.contains("order.ptx:12:"), "{err}");
    // A form's name is canonical.
    let o = Command::new(env!("CARGO_BIN_EXE_ptxfp"))
        .args(["eval", "cvt.f32.f64.rn", "0x4000000000000000"])
        .output()
        .unwrap();
    assert_eq!(o.status.code(), Some(2));
    assert!(String::from_utf8_lossy(&o.stderr).contains("error: `.rn` after the types"));
}

#[test]
fn targets_versions_and_defaults() {
    // bf16 add needs sm_90: the file says sm_90, the flag overrides it.
    let (code, _, err) = check(&["--target", "sm_80", "examples/spec-9.7.4.1-add.ptx"]);
    assert_eq!(code, Some(1), "{err}");
    assert!(err.contains("sm_90"), "{err}");
    // Mixed precision on sm_90.
    let (code, _, _) = check(&["--target", "sm_90", "examples/spec-9.7.5.2-sub.ptx"]);
    assert_eq!(code, Some(1));
    let dir = std::env::temp_dir().join(format!("ptxfp-check-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let p = dir.join("plain.ptx");
    std::fs::write(&p, ".reg .b16 a, b;\nadd.f16 a, b, b;\nbar.sync 0;\n").unwrap();
    let (code, out, err) = check(&[p.to_str().unwrap()]);
    assert_eq!(code, Some(0), "{err}");
    assert!(out.contains("PTX 8.8 (default"), "{out}");
    assert!(out.contains("sm_100 (default"), "{out}");
    assert!(
        out.contains("1 other instruction(s) skipped (bar 1)"),
        "{out}"
    );
    let (code, _, err) = check(&["no/such.ptx"]);
    assert_eq!(code, Some(2), "{err}");
    let _ = std::fs::remove_dir_all(dir);
}

#[test]
fn short_flags_stdin_and_untyped_opcodes() {
    let src = ".version 8.1\n.target sm_90\n.reg .b32 %r<4>;\n\
               fma.rn.oob.relu.type %r0, %r1, %r2, %r3;\n\
               add.rn.fp16 %r0, %r1, %r2;\n\
               add.f16 %r0 %r1 %r2;\n\
               add.f16 %r0, %r1, %r2,;\n\
               mov.b32 %r0, {%r1 %r2};\n";
    let mut child = Command::new(env!("CARGO_BIN_EXE_ptxfp"))
        .args(["check", "-q", "-"])
        .stdin(std::process::Stdio::piped())
        .stdout(std::process::Stdio::piped())
        .stderr(std::process::Stdio::piped())
        .spawn()
        .unwrap();
    std::io::Write::write_all(&mut child.stdin.take().unwrap(), src.as_bytes()).unwrap();
    let o = child.wait_with_output().unwrap();
    let (out, err) = (
        String::from_utf8_lossy(&o.stdout).into_owned(),
        String::from_utf8_lossy(&o.stderr).into_owned(),
    );
    assert_eq!(o.status.code(), Some(1), "{err}");
    assert!(out.is_empty(), "-q prints no summary: {out}");
    for want in [
        "<stdin>:4:16: error: `.type` is a placeholder",
        "<stdin>:5:7: error: unknown modifier or type `.fp16`",
        "<stdin>:6:13: error: `add.f16`: expected `,` or `;` after operand `%r0`",
        "<stdin>:7:23: error: `add.f16`: an operand is missing after the last `,`",
        "<stdin>:8:19: error: expected `,` or `}` in a `{...}` vector operand",
    ] {
        assert!(err.contains(want), "want {want}\n{err}");
    }
    assert_eq!(err.matches("error:").count(), 5, "{err}");
}

fn tmp(name: &str, bytes: &[u8]) -> String {
    let dir = std::env::temp_dir().join(format!("ptxfp-cli-test-check-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let p = dir.join(name);
    std::fs::write(&p, bytes).unwrap();
    p.to_str().unwrap().to_string()
}

/// Hostile input gets bounded output: a 40 KB line of 20,000 errors once
/// wrote 1.2 GB (each error reprinted the whole line).
#[test]
fn diagnostics_are_bounded() {
    let long = tmp("long.ptx", "} ".repeat(20_000).as_bytes());
    let (code, out, err) = check(&[&long]);
    assert_eq!(code, Some(1));
    assert!(err.len() < 40_000, "{} bytes", err.len());
    assert!(
        err.contains("19900 more diagnostic(s) not shown"),
        "{}",
        &err[err.len() - 300..]
    );
    assert!(out.contains("20000 error(s)"), "{out}");
    // --max-diagnostics 0 shows them all, each line cut to a window.
    let (_, _, all) = check(&[&long, "--max-diagnostics", "0"]);
    assert_eq!(all.matches(": error: ").count(), 20_000);
    assert!(all.len() < 20_000 * 400, "{} bytes", all.len());
    let (_, _, three) = check(&[&long, "--max-diagnostics", "3", "-q"]);
    assert_eq!(three.matches(": error: ").count(), 3, "{three}");
}

/// Placing a diagnostic costs the same on a long line as on a short one:
/// `check --json`, `run --json` and `--max-diagnostics 0` once counted
/// each one's column from the line's start (and walked the whole line for
/// its excerpt), so 100,000 errors on one line took 5.7 s and 200,000 took
/// 27 s. Now 200,000 take under 2 s each; the bound leaves a slow machine
/// five times that.
#[test]
fn many_diagnostics_on_one_line_take_linear_time() {
    let n = 200_000;
    let mut src = String::from(".version 8.1\n.target sm_90\n.reg .b16 a;\n");
    // One error each (`q` is not declared), on one 4 MB line, with a
    // non-ASCII comment first so that columns count characters, not bytes.
    src += "/* \u{e9} */ ";
    src += &"add.rn.f16 a, a, q; ".repeat(n);
    src += "\n";
    let f = tmp("one-line.ptx", src.as_bytes());
    for args in [
        vec!["check", "--json", f.as_str()],
        vec!["run", "--json", f.as_str()],
        vec!["check", "-q", "--max-diagnostics", "0", f.as_str()],
    ] {
        let t = std::time::Instant::now();
        let o = Command::new(env!("CARGO_BIN_EXE_ptxfp"))
            .args(&args)
            .output()
            .unwrap();
        let took = t.elapsed();
        assert!(took.as_secs_f64() < 10.0, "{args:?}: {took:?}");
        let text = String::from_utf8_lossy(if args.contains(&"--json") {
            &o.stdout
        } else {
            &o.stderr
        });
        // The last error's column: 8 characters of comment (9 bytes),
        // then 20 per instruction, `q` the 18th of its own.
        let last = format!("one-line.ptx:4:{}", 8 + 20 * (n - 1) + 18);
        assert!(text.contains(&last), "{args:?}: no {last}");
        assert_eq!(
            text.matches("register `q` is not declared").count(),
            n,
            "{args:?}"
        );
    }
}

/// Binary and non-UTF-8 input is refused with exit 2 and the place of the
/// first bad byte; a UTF-8 byte-order mark is not an error.
#[test]
fn binary_input_is_refused() {
    let bin = tmp("bin.ptx", b".version 8.6\nab\0cd");
    let (code, _, err) = check(&[&bin]);
    assert_eq!(code, Some(2));
    assert!(
        err.contains("bin.ptx:2:3: a NUL byte: this is not a text file"),
        "{err}"
    );
    // NUL bytes at the very end are a C string's terminator (nvrtcGetPTX's
    // buffer written out whole): dropped. Past 64 of them, or with text
    // after them, the file is binary.
    let cstr = tmp(
        "cstr.ptx",
        b".version 8.6\n.target sm_90\n.reg .b16 a;\nadd.rn.f16 a, a, a;\n\0\0",
    );
    let (code, out, err) = check(&[&cstr]);
    assert_eq!(code, Some(0), "{out}{err}");
    assert!(out.contains("1 instruction(s) checked"), "{out}");
    let mut padded = b".version 8.6\n".to_vec();
    padded.extend([0u8; 65]);
    let (code, _, err) = check(&[&tmp("padded.ptx", &padded)]);
    assert_eq!(code, Some(2));
    assert!(err.contains("padded.ptx:2:1: a NUL byte"), "{err}");
    let inner = tmp("inner.ptx", b".version 8.6\n\0\0.target sm_90\n");
    let (code, _, err) = check(&[&inner]);
    assert_eq!(code, Some(2));
    assert!(err.contains("inner.ptx:2:1: a NUL byte"), "{err}");
    let latin1 = tmp("latin1.ptx", b"// caf\xe9\n");
    let (code, _, err) = check(&[&latin1]);
    assert_eq!(code, Some(2));
    assert!(err.contains("latin1.ptx:1:7: not UTF-8 text"), "{err}");
    #[cfg(unix)]
    {
        let (code, _, err) = check(&["/dev/zero"]);
        assert_eq!(code, Some(2));
        assert!(err.contains("/dev/zero:1:1: a NUL byte"), "{err}");
    }
    let bom = tmp(
        "bom.ptx",
        b"\xef\xbb\xbf.version 8.6\n.target sm_90\n.reg .b16 a;\nadd.rn.f16 a, a, a;\n",
    );
    let (code, out, err) = check(&[&bom]);
    assert_eq!(code, Some(0), "{err}");
    assert!(
        out.contains("1 instruction(s) checked, 0 error(s)"),
        "{out}"
    );
}

/// `-` named twice would read standard input once and then an empty file.
#[test]
fn stdin_is_read_once() {
    let (code, _, err) = check(&["-", "-"]);
    assert_eq!(code, Some(2));
    assert!(
        err.contains("`-` (standard input) is named twice: it can be read once"),
        "{err}"
    );
}

/// `check --json`: every diagnostic with line and column, the setup and
/// counts per file, an unreadable file as an entry; nothing on stderr.
#[test]
fn json_report() {
    let f = tmp(
        "j.ptx",
        b".version 8.6\n.target sm_90\n.reg .b16 a;\nadd.rn.f16 a, a;\nfam.rn.f16 a, a, a;\nret;\n",
    );
    let (code, out, err) = check(&["--json", &f, "/nonexistent.ptx"]);
    assert_eq!(code, Some(2), "an unreadable file is exit 2");
    assert_eq!(err, "");
    let v: serde_json::Value = serde_json::from_str(&out).unwrap();
    let file = &v["files"][0];
    assert_eq!(file["ptx"]["version"], "8.6");
    assert_eq!(file["target"]["from"], "directive");
    assert_eq!(file["checked"], 2);
    assert_eq!(file["skipped"]["ret"], 1);
    assert_eq!(file["errors"], 2);
    let d = &file["diagnostics"];
    assert_eq!(d[0]["line"], 4);
    assert_eq!(d[0]["column"], 1);
    assert_eq!(
        d[0]["message"],
        "`add.rn.f16` takes 3 operands (d, a, b); 2 given"
    );
    assert_eq!(d[1]["location"], format!("{f}:5:1"));
    assert_eq!(d[1]["help"], "did you mean `fma`?");
    assert!(v["files"][1]["error"]
        .as_str()
        .unwrap()
        .starts_with("cannot read `/nonexistent.ptx`"));
}

/// An empty input is not silently "clean": check warns (exit 0 still:
/// nothing in it is wrong), and run says nothing was written.
#[test]
fn empty_inputs_are_noted() {
    let f = tmp("empty.ptx", b"");
    let (code, _, err) = check(&[&f]);
    assert_eq!(code, Some(0));
    assert!(
        err.contains("warning: no instructions: nothing was checked"),
        "{err}"
    );
    let o = Command::new(env!("CARGO_BIN_EXE_ptxfp"))
        .args(["run", &f])
        .output()
        .unwrap();
    assert_eq!(o.status.code(), Some(0));
    assert!(String::from_utf8_lossy(&o.stderr).contains("nothing was written"));
}

/// A `0d` constant with the wrong digit count gets the precise message a
/// `0f` one gets (it got the generic "not a floating-point constant").
#[test]
fn bit_literals_with_a_wrong_digit_count_are_named_alike() {
    let dir = std::env::temp_dir().join(format!("ptxfp-check-lit-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let file = dir.join("lit.ptx");
    std::fs::write(
        &file,
        ".version 8.6\n.target sm_90\n.reg .f64 d;\n.reg .f32 f;\nmad.rn.f64 d, d, d, 0d3FF8;\nmad.rn.f32 f, f, f, 0f3F80;\n",
    )
    .unwrap();
    let (code, _, err) = check(&[file.to_str().unwrap()]);
    assert_eq!(code, Some(1));
    assert!(
        err.contains(":5:21: error: `0d3FF8`: a `0d` literal has exactly 16 hex digits (the bits of an .f64); this one has 4"),
        "{err}"
    );
    assert!(
        err.contains(":6:21: error: `0f3F80`: a `0f` literal has exactly 8 hex digits (the bits of an .f32); this one has 4"),
        "{err}"
    );
}

/// The video instructions in `check`: a malformed form and a target
/// before a form's (the SIMD ones "require sm_30 or higher") are errors at
/// their lines; a well-formed one on its target is clean.
#[test]
fn video_forms_and_their_targets() {
    let p = tmp(
        "video.ptx",
        b".version 3.0\n.target sm_20\n.address_size 64\n.visible .entry k()\n{\n.reg .b32 %r<4>;\nvadd.s32.u32 %r1, %r2, %r3;\nvadd2.u32.u32.u32 %r1, %r2, %r3, %r1;\nvadd.u32.u32.u32 %r1, %r2, %r3;\nret;\n}\n",
    );
    let (code, _, err) = check(&[&p]);
    assert_eq!(code, Some(1), "{err}");
    assert!(
        err.contains("video.ptx:7:1: error: `vadd.s32.u32`: expected `.dtype.atype.btype`"),
        "{err}"
    );
    assert!(err.contains("video.ptx:8:1: error: `vadd2.u32.u32.u32` requires sm_30 or higher; the target is sm_20"), "{err}");
    assert!(!err.contains(":9:"), "{err}");
}

/// A qualifier in none of an instruction's syntax lines is an error at its
/// line (crates/isa/src/qualifiers.rs, the atom/red, hint and fence
/// decoders); these used to be dropped, so `check` passed them and `run`
/// ran them as if the word were not there. So is an arithmetic root with
/// types no table has (`fma.rn.u32`), which `check` took as valid PTX
/// outside the model.
#[test]
fn unknown_qualifiers_are_errors_at_their_line() {
    let lines = [
        "ld.global.frob.u32 %r1, [%rd1];",
        "st.global.v16.u32 [%rd1], %r1;",
        "mov.frob.u32 %r1, %r2;",
        "cvta.to.generic.u64 %rd1, %rd1;",
        "bar.frob.sync 0;",
        "barrier.sync.frob 0;",
        "shfl.sync.bfly.frob.b32 %r1, %r2, 1, 31, -1;",
        "vote.sync.most.pred %p1, %p2, -1;",
        "match.any.sync.frob.b32 %r1, %r2, -1;",
        "redux.sync.add.frob.u32 %r1, %r2, -1;",
        "activemask.frob.b32 %r1;",
        "bra.frob L;",
        "ret.frob;",
        "exit.frob;",
        "isspacep.frob %p1, %rd1;",
        "ldu.global.frob.u32 %r1, [%rd1];",
        "createpolicy.frob.b64 %rd1, 0.5;",
        "cp.async.ca.shared.global.frob [%rd1], [%rd1], 4;",
        "trap.frob;",
        "atom.global.frob.add.u32 %r1, [%rd1], 1;",
        "red.const.add.u32 [%rd1], 1;",
        "membar.frob;",
        "prefetch.global.L3 [%rd1];",
        "ldmatrix.sync.aligned.frob.m8n8.x1.b16 {%r1}, [%rd1];",
        "fma.rn.u32 %r1, %r2, %r3, %r3;",
        "sqrt.rn.s32 %r1, %r2;",
        "wmma.load.a.sync.aligned.frob.row.m16n16k16.f16 {%r1, %r1, %r1, %r1, %r1, %r1, %r1, %r1}, [%rd1];",
    ];
    let dir = std::env::temp_dir().join(format!("ptxfp-cli-test-junk-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    for line in lines {
        let src = format!(".version 8.6\n.target sm_100a\n.address_size 64\n.visible .entry k()\n{{\n.reg .b32 %r<4>;\n.reg .b64 %rd<4>;\n.reg .pred %p<4>;\nL:\n{line}\nret;\n}}\n");
        let path = dir.join("junk.ptx");
        std::fs::write(&path, src).unwrap();
        let (code, out, err) = check(&[path.to_str().unwrap()]);
        assert_eq!(code, Some(1), "{line}: {out}{err}");
        assert!(err.contains("junk.ptx:10:1: error:"), "{line}: {err}");
    }
}

/// Warp-wide instructions whose qualifiers real code writes in another
/// order than the syntax line (tiny-cuda-nn's
/// `movmatrix.sync.trans.aligned.m8n8.b16`, TileLang's
/// `tcgen05.ld.sync.aligned.32x32b.pack::16b.x2.b32`, ptxas's own
/// `match.sync.any.b32`): a warning of `check` with the canonical
/// spelling (docs/NVIDIA.md "Modifier order"), not an error; `check`
/// showed no warning for the warp collectives before, and refused the
/// other two.
#[test]
fn warp_wide_qualifiers_out_of_order_are_warnings() {
    for (target, line, canonical) in [
        (
            "sm_75",
            "movmatrix.sync.trans.aligned.m8n8.b16 %r1, %r2;",
            "movmatrix.sync.aligned.m8n8.trans.b16",
        ),
        (
            "sm_100a",
            "tcgen05.ld.sync.aligned.32x32b.pack::16b.x2.b32 {%r1, %r2}, [%r3];",
            "tcgen05.ld.sync.aligned.32x32b.x2.pack::16b.b32",
        ),
        (
            "sm_100a",
            "tcgen05.st.sync.aligned.32x32b.unpack::16b.x2.b32 [%r3], {%r1, %r2};",
            "tcgen05.st.sync.aligned.32x32b.x2.unpack::16b.b32",
        ),
        (
            "sm_80",
            "match.sync.any.b32 %r1, %r2, 0xffffffff;",
            "match.any.sync.b32",
        ),
    ] {
        let src = format!(
            ".version 8.7\n.target {target}\n.address_size 64\n.visible .entry k()\n{{\n.reg .b32 %r<4>;\n{line}\nret;\n}}\n"
        );
        let dir = tempfile::tempdir().unwrap();
        let path = dir.path().join("w.ptx");
        std::fs::write(&path, src).unwrap();
        let (code, _, err) = check(&[path.to_str().unwrap()]);
        assert_eq!(code, Some(0), "{line}: {err}");
        assert!(
            err.contains("w.ptx:7:1: warning:")
                && err.contains(&format!("(ran as `{canonical}`)"))
                && err.contains(&format!("help: write {canonical}")),
            "{line}: {err}"
        );
    }
}
