//! Memory bounds of `check` and `run`, through the real binary under an
//! address-space limit (docs/LIMITS.md has the measured figures).

use std::process::Command;

/// Runs `ptxfp ARGS FILE` under `ulimit -v KIB` (Linux `sh`): exit code,
/// stdout, stderr.
#[cfg(target_os = "linux")]
fn limited(kib: u64, args: &str, file: &std::path::Path) -> (Option<i32>, String, String) {
    let cmd = format!("ulimit -v {kib} && exec \"$0\" {args} \"$1\"");
    let o = Command::new("sh")
        .args([
            "-c",
            &cmd,
            env!("CARGO_BIN_EXE_ptxfp"),
            file.to_str().unwrap(),
        ])
        .output()
        .unwrap();
    (
        o.status.code(),
        String::from_utf8_lossy(&o.stdout).into_owned(),
        String::from_utf8_lossy(&o.stderr).into_owned(),
    )
}

/// `check` and `run` of a 26 MB module of a million instructions fit in
/// 260 MB of address space (ten times the file; they use about 4.6 times
/// it resident). They once took 26 times the file: 690 MB here, and a
/// 156 MB module aborted under `ulimit -v 4000000`.
#[cfg(target_os = "linux")]
#[test]
fn check_and_run_take_a_small_multiple_of_the_file() {
    let dir = tempfile::tempdir().unwrap();
    let f = dir.path().join("m.ptx");
    let n = 1_000_000;
    let mut src =
        String::from(".version 8.1\n.target sm_90\n.reg .b16 %h<3>;\nmov.b16 %h1, 0x3c00;\n");
    src += &"add.rn.f16 %h2, %h1, %h1;\n".repeat(n);
    std::fs::write(&f, &src).unwrap();
    let kib = 10 * src.len() as u64 / 1024;
    let (code, out, err) = limited(kib, "check", &f);
    assert_eq!(code, Some(0), "{err}");
    assert!(
        out.contains(&format!("{n} instruction(s) checked, 0 error(s)")),
        "{out}"
    );
    let (code, out, err) = limited(kib, "run", &f);
    assert_eq!(code, Some(0), "{err}");
    assert_eq!(out, "%h1 = 0x3c00  b16\n%h2 = 0x4000  f16 2\n");
    let (code, out, err) = limited(kib, "run --json", &f);
    assert_eq!(code, Some(0), "{err}");
    assert!(out.contains("\"text\": \"%h2 = 0x4000  f16 2\""), "{out}");
}

/// `check --json` and `run --json` write their reports as they make them,
/// a diagnostic at a time, as serde_json prints the whole: 200,000 errors
/// fit in 200 MB of address space. They once built every diagnostic as a
/// JSON value first (about 2 KB each: 2.3 GB for a million).
#[cfg(target_os = "linux")]
#[test]
fn json_reports_of_many_errors_are_written_as_made() {
    let dir = tempfile::tempdir().unwrap();
    let f = dir.path().join("e.ptx");
    let n = 200_000;
    let mut src = String::from(".version 8.1\n.target sm_90\n.reg .b16 a;\n");
    src += &"add.rn.f16 a, a, q;\n".repeat(n);
    std::fs::write(&f, &src).unwrap();
    for (args, code) in [("check --json", 1), ("run --json", 2)] {
        let (got, out, err) = limited(200_000, args, &f);
        assert_eq!(got, Some(code), "{args}: {err}");
        assert_eq!(
            out.matches("\"message\": \"register `q` is not declared\"")
                .count(),
            n,
            "{args}"
        );
        assert!(out.ends_with("\n}\n"), "{args}");
        let last = format!("e.ptx:{}:18\",", n + 3);
        assert!(out.contains(&last), "{args}: no {last}");
    }
}

/// Diagnostics are kept up to a million (each costs 150 to 250 bytes, the
/// text that causes one as little as two): past that, check and run stop
/// with exit 2 and say where, instead of growing until memory runs out.
#[test]
fn a_million_diagnostics_is_the_most_kept() {
    let dir = tempfile::tempdir().unwrap();
    let f = dir.path().join("b.ptx");
    // Each `}` is an error: "`}` without a matching `{`".
    std::fs::write(&f, "} ".repeat(1_000_100)).unwrap();
    let run = |args: &[&str]| {
        let o = Command::new(env!("CARGO_BIN_EXE_ptxfp"))
            .args(args)
            .arg(&f)
            .output()
            .unwrap();
        (
            o.status.code(),
            String::from_utf8_lossy(&o.stderr).into_owned(),
        )
    };
    let (code, err) = run(&["check", "-q"]);
    assert_eq!(code, Some(2), "{err}");
    assert!(err.ends_with("b.ptx: more than 1000000 errors and warnings: checking stopped at 1:2000001; fix the first ones, or split the file\n"), "{}", &err[err.len().saturating_sub(300)..]);
    assert!(
        err.contains("b.ptx: 999901 more diagnostic(s) not shown"),
        "{}",
        &err[err.len() - 300..]
    );
    for args in [&["run"][..], &["run", "--lenient"]] {
        let (code, err) = run(args);
        assert_eq!(code, Some(2), "{args:?}");
        assert_eq!(err, "ptxfp: more than 1000000 errors and warnings: ptxfp stopped reading the module at 1:2000001\n  help: fix the first ones (`ptxfp check` lists them), or split the file\n", "{args:?}");
    }
    // Parsed cleanly, a million branches to no label: check's own errors
    // reach the bound (and run's, which runs check first).
    std::fs::write(&f, "bra x;\n".repeat(1_000_100)).unwrap();
    let (code, err) = run(&["check", "-q"]);
    assert_eq!(code, Some(2), "{err}");
    assert!(
        err.ends_with("checking stopped at 1000001:1; fix the first ones, or split the file\n"),
        "{}",
        &err[err.len().saturating_sub(300)..]
    );
    let (code, err) = run(&["run"]);
    assert_eq!(code, Some(2), "{err}");
    assert!(
        err.contains("stopped reading the module at 1000001:1"),
        "{err}"
    );
}

/// Memory that a program declares or touches costs about what it holds:
/// a zero-initialized megabyte variable (or one initialized by a single
/// value) is a range, not a megabyte, and a store far from every other is
/// a 64-byte page, not a 4 KiB one. A 27 KB module of a thousand such
/// variables once took 1.2 GB, and 300,000 scattered stores 1.6 GB.
#[cfg(target_os = "linux")]
#[test]
fn declared_and_scattered_memory_costs_what_it_holds() {
    let dir = tempfile::tempdir().unwrap();
    let vars = dir.path().join("vars.ptx");
    let mut src = String::new();
    for i in 0..1000 {
        src += &format!(".global .b8 z{i}[1048576];\n.global .b8 g{i}[1048576] = {{1}};\n");
    }
    src += ".reg .b32 r;\nld.global.b32 r, [g999+1048572];\n";
    std::fs::write(&vars, src).unwrap();
    let (code, out, err) = limited(200_000, "run", &vars);
    assert_eq!(code, Some(0), "{err}");
    assert_eq!(out, "r = 0x00000000  b32\n");
    let stores = dir.path().join("st.ptx");
    let mut src = String::from(".reg .b32 r;\nmov.b32 r, 0x3f800000;\n");
    for k in 0..100_000u64 {
        src += &format!("st.global.b32 [{:#x}], r;\n", 0x1_0000_0000 + k * 4096);
    }
    std::fs::write(&stores, src).unwrap();
    let (code, out, err) = limited(200_000, "run", &stores);
    assert_eq!(code, Some(0), "{err}");
    assert_eq!(out.lines().count(), 1 + 100_000, "{err}");
    assert!(out.ends_with(&format!(
        "mem[{:#x}..{:#x}] = 00 00 80 3f\n",
        0x1_0000_0000u64 + 99_999 * 4096,
        0x1_0000_0000u64 + 99_999 * 4096 + 4
    )));
}

/// Initializers of any size (issue 18: "Initializers of any size"; 1 MiB
/// was the most once) cost a small multiple of their text, a zero-filled
/// `.global` reads as zeros however far into it (only its first MiB did),
/// and a `.v4` variable's element is four values (PTX ISA §5.4.2).
#[cfg(target_os = "linux")]
#[test]
fn initializers_of_any_size_and_vector_variables() {
    let dir = tempfile::tempdir().unwrap();
    let f = dir.path().join("init.ptx");
    let n: u64 = 3_000_000;
    // Value i is i mod 251, so the last is (n - 1) mod 251 = 47 = 0x2f,
    // and vv's eighth value, at byte 28, is 8.
    let vals: Vec<String> = (0..n).map(|i| (i % 251).to_string()).collect();
    let src = format!(
        ".version 8.0\n.target sm_90\n.address_size 64\n\
         .global .align 4 .u32 tab[{n}] = {{{}}};\n\
         .global .align 16 .v4 .u32 vv[2] = {{1, 2, 3, 4, 5, 6, 7, 8}};\n\
         .global .align 4 .b32 zeros[4194304];\n\
         .reg .b32 a, b, c;\n\
         ld.global.u32 a, [tab+{}];\n\
         ld.global.u32 b, [vv+28];\n\
         ld.global.u32 c, [zeros+16000000];\n",
        vals.join(","),
        4 * (n - 1)
    );
    std::fs::write(&f, &src).unwrap();
    let kib = 10 * src.len() as u64 / 1024 + 20_000;
    let (code, out, err) = limited(kib, "run", &f);
    assert_eq!(code, Some(0), "{err}");
    assert_eq!(
        out,
        "a = 0x0000002f  u32 47\nb = 0x00000008  u32 8\nc = 0x00000000  u32 0\n"
    );
    // Nine values do not fit in two .v4 elements.
    let g = dir.path().join("over.ptx");
    std::fs::write(
        &g,
        ".global .v4 .u32 vv[2] = {1, 2, 3, 4, 5, 6, 7, 8, 9};\n",
    )
    .unwrap();
    let (code, out, err) = limited(200_000, "check", &g);
    assert_eq!(code, Some(1), "{out}{err}");
    assert!(
        err.contains("1:18: error: 9 initializers for `vv`, which has 8 value(s)"),
        "{err}"
    );
}

/// Register lookup does not walk every enclosing block, nor scan every
/// same-named declaration: 20,000 nested blocks around 20,000 instructions
/// once took 8 s to check and 11 s to run (release), and 50,000 sibling
/// blocks each declaring `t` took 45 s to run. Both are now a fraction of
/// a second in release; the bound here leaves room for a debug build.
#[test]
fn deep_and_sibling_blocks_resolve_registers_in_linear_time() {
    let dir = tempfile::tempdir().unwrap();
    let n = 20_000;
    let deep = dir.path().join("deep.ptx");
    let mut src = String::from(".entry k()\n{\n.reg .b32 r;\nmov.b32 r, 1;\n");
    src += &"{\nadd.s32 r, r, 1;\n".repeat(n);
    src += &"}\n".repeat(n);
    src += "ret;\n}\n";
    std::fs::write(&deep, src).unwrap();
    let sib = dir.path().join("sib.ptx");
    let mut src = String::from(".entry k()\n{\n.reg .b32 r, t;\nmov.b32 r, 1;\nmov.b32 t, 5;\n");
    src += &"{\n.reg .b32 t;\nmov.b32 t, 2;\nadd.s32 r, r, t;\n}\nadd.s32 r, r, t;\n".repeat(n);
    src += "{\nadd.s32 r, r, t;\n}\nret;\n}\n";
    std::fs::write(&sib, src).unwrap();
    let start = std::time::Instant::now();
    for (file, r) in [(&deep, 1 + n as u64), (&sib, 1 + 7 * n as u64 + 5)] {
        for cmd in ["check", "run"] {
            let o = Command::new(env!("CARGO_BIN_EXE_ptxfp"))
                .args([cmd, file.to_str().unwrap()])
                .output()
                .unwrap();
            let out = String::from_utf8_lossy(&o.stdout);
            assert_eq!(o.status.code(), Some(0), "{cmd}: {out}");
            if cmd == "run" {
                // The function's `r`: each block adds 1 (deep), or 2 inside
                // and the outer `t` = 5 after (siblings), then 5 once more.
                assert!(
                    out.starts_with(&format!("r = {:#010x}", r)),
                    "{}",
                    &out[..out.len().min(300)]
                );
            }
        }
    }
    let took = start.elapsed();
    assert!(took.as_secs() < 60, "took {took:?}");
}

/// A `%r<N>` range is one declaration: `.reg .b32 %r<1000000>;` (23
/// bytes) fits `check` and `run` in 100 MB of address space, with a
/// register named, one given by `--set`, and the range's last one. Each
/// register of a range was once a declaration of its own: 370 MB in
/// `check` and 580 MB in `run`.
#[cfg(target_os = "linux")]
#[test]
fn a_register_range_costs_its_text_not_its_count() {
    let dir = tempfile::tempdir().unwrap();
    let f = dir.path().join("r.ptx");
    std::fs::write(
        &f,
        ".version 8.1\n.target sm_90\n.visible .entry k()\n{\n.reg .b32 %r<1000000>;\n\
         mov.b32 %r999999, 1;\nadd.s32 %r2, %r999999, %r777;\nret;\n}\n",
    )
    .unwrap();
    let (code, out, err) = limited(100_000, "check", &f);
    assert_eq!(code, Some(0), "{err}");
    assert!(out.contains("0 error(s)"), "{out}");
    let (code, out, err) = limited(100_000, "run --all --set %r777=0x29", &f);
    assert_eq!(code, Some(0), "{err}");
    // In declaration order (the range's numbers), not first use.
    assert_eq!(
        out,
        "%r2 = 0x0000002a  s32 42\n%r777 = 0x00000029  b32\n%r999999 = 0x00000001  b32\n"
    );
    // One past the range is not declared.
    std::fs::write(
        &f,
        ".version 8.1\n.target sm_90\n.visible .entry k()\n{\n.reg .b32 %r<10>;\n\
         add.s32 %r10, %r1, %r9;\nret;\n}\n",
    )
    .unwrap();
    let (code, out, err) = limited(100_000, "check", &f);
    assert_eq!(code, Some(1), "{out}");
    assert!(err.contains("`%r10`"), "{err}");
}

/// A range count too large even for 32 bits is the same one error as any
/// count past the bound, and its registers' uses add none (it was "expected
/// `<N>`", then "not declared" at each use).
#[cfg(target_os = "linux")]
#[test]
fn a_range_count_past_32_bits_is_one_error() {
    let dir = tempfile::tempdir().unwrap();
    let f = dir.path().join("q.ptx");
    std::fs::write(
        &f,
        ".version 8.1\n.target sm_90\n.visible .entry k()\n{\n\
         .reg .b32 %q<99999999999999999999999>;\nadd.s32 %q1, %q2, %q3;\nret;\n}\n",
    )
    .unwrap();
    let (code, out, err) = limited(100_000, "check", &f);
    assert_eq!(code, Some(1), "{out}");
    assert_eq!(err.matches("error:").count(), 1, "{err}");
    assert!(
        err.contains("5:11: error: more than 1048576 registers declared in the module"),
        "{err}"
    );
}

/// A register file past --max-memory is refused before any of it is
/// allocated: 150,000 registers for 1024 threads need 2.46 GB, refused
/// within 400 MB of address space (the columns of the registers declared
/// before the limit were allocated first: 2 GB at the default limit).
#[cfg(target_os = "linux")]
#[test]
fn a_register_file_over_the_limit_is_refused_before_it_is_allocated() {
    let dir = tempfile::tempdir().unwrap();
    let f = dir.path().join("regs.ptx");
    let mut src = String::from(".version 8.0\n.target sm_90\n.visible .entry k()\n{\n");
    src += &"{ .reg .u32 %t; mov.u32 %t, 1; }\n".repeat(150_000);
    src += "ret;\n}\n";
    std::fs::write(&f, &src).unwrap();
    let (code, _, err) = limited(400_000, "run --block 1024", &f);
    assert_eq!(code, Some(2), "{err}");
    assert!(
        err.contains("the register file needs 2457600000 bytes (150000 registers for each of the CTA's 1024 threads"),
        "{err}"
    );
}

/// `mma gemm` of a 1×4,000,000 A and a 4,000,000×1 B keeps the values
/// flat and computes a narrow B element by element: it fits in 400 MB of
/// address space (a vector a row, and B padded to a tile of 16 columns
/// decoded at 12 bytes a value, took about 1.1 GB). 4,000,000 products of
/// 1 sum exactly in f32 (every partial sum is an integer below 2^24).
#[cfg(target_os = "linux")]
#[test]
fn a_narrow_gemm_takes_a_small_multiple_of_its_input() {
    let dir = tempfile::tempdir().unwrap();
    let (a, b) = (dir.path().join("a.txt"), dir.path().join("b.txt"));
    std::fs::write(&a, "1 ".repeat(4_000_000) + "\n").unwrap();
    std::fs::write(&b, "1\n".repeat(4_000_000)).unwrap();
    let args = format!(
        "mma gemm --gpu H100 --in bf16 --out f32 --a-file {} --b-file",
        a.display()
    );
    let (code, out, err) = limited(400_000, &args, &b);
    assert_eq!(code, Some(0), "{err}");
    assert_eq!(out.trim(), "4000000");
}

/// A 192 MiB `--mem-file` into a variable is kept in one block of pages
/// at 1.25 bytes a byte: the run fits in 700 MB of address space (pages
/// of the hash map cost 5.6 bytes a byte, and the old binary aborts
/// there). Under a `--max-memory` it does not fit, it is refused before it
/// is stored, naming the option (it was an error at the first line, after
/// the bytes were stored).
#[cfg(target_os = "linux")]
#[test]
fn a_large_memory_input_costs_a_quarter_more_than_its_size() {
    let dir = tempfile::tempdir().unwrap();
    let n = 192usize << 20;
    let mut bytes = vec![0u8; n];
    bytes[n - 4..].copy_from_slice(&41u32.to_le_bytes());
    let bin = dir.path().join("big.bin");
    std::fs::write(&bin, &bytes).unwrap();
    drop(bytes);
    let f = dir.path().join("big.ptx");
    std::fs::write(
        &f,
        format!(
            ".version 8.0\n.target sm_80\n.global .b8 input[{n}];\n.reg .b32 r;\n\
             ld.global.b32 r, [input+{}];\nadd.u32 r, r, 1;\nst.global.b32 [input+4], r;\n",
            n - 4
        ),
    )
    .unwrap();
    let arg = format!("run --mem-file input={}", bin.display());
    let (code, out, err) = limited(700_000, &arg, &f);
    assert_eq!(code, Some(0), "{err}");
    assert_eq!(
        out, "r = 0x0000002a  u32 42\nmem[0x10000004..0x10000008] = 2a 00 00 00\n",
        "{err}"
    );
    let (code, _, err) = limited(700_000, &format!("{arg} --max-memory 100000000"), &f);
    assert_eq!(code, Some(2), "{err}");
    assert!(
        err.contains(&format!(
            "--mem-file input={}: the {n} bytes given take up to",
            bin.display()
        )) && err.contains("past --max-memory 100000000"),
        "{err}"
    );
}

/// `run --json` keeps the first 16 MiB of `printf` output for its field,
/// as the library does, and warns of the calls past them: 300 calls of a
/// megabyte run in 600 MB of address space (the old binary kept every
/// call and aborted there).
#[cfg(target_os = "linux")]
#[test]
fn run_json_keeps_a_bounded_printf_field() {
    let dir = tempfile::tempdir().unwrap();
    let f = dir.path().join("pf.ptx");
    std::fs::write(
        &f,
        ".version 8.0\n.target sm_80\n\
         .extern .func (.param .b32 r) vprintf(.param .b64 f, .param .b64 a);\n\
         .global .align 1 .b8 fmt[10] = {37, 49, 48, 48, 48, 48, 48, 48, 100, 0};\n\
         .visible .entry k()\n{\n.reg .b32 %i;\n.reg .b64 %f, %a;\n.reg .pred %p;\n\
         .local .align 4 .b32 arg;\nst.local.u32 [arg], 7;\ncvta.global.u64 %f, fmt;\n\
         mov.u64 %a, arg;\ncvta.local.u64 %a, %a;\nmov.u32 %i, 0;\nL:\n\
         { .param .b64 p0; st.param.b64 [p0], %f; .param .b64 p1; st.param.b64 [p1], %a;\n\
         .param .b32 r0; call.uni (r0), vprintf, (p0, p1); }\n\
         add.u32 %i, %i, 1;\nsetp.lt.u32 %p, %i, 300;\n@%p bra L;\nret;\n}\n",
    )
    .unwrap();
    let (code, out, err) = limited(600_000, "run --json", &f);
    assert_eq!(code, Some(0), "{err}");
    let v: serde_json::Value = serde_json::from_str(&out).unwrap();
    let printf = v["printf"].as_array().unwrap();
    assert_eq!(printf.len(), 16);
    let mut want = " ".repeat(999_999);
    want.push('7');
    assert!(printf.iter().all(|p| p["text"] == want.as_str()));
    let warnings: Vec<&str> = v["warnings"]
        .as_array()
        .unwrap()
        .iter()
        .map(|w| w["message"].as_str().unwrap())
        .collect();
    assert!(
        warnings.iter().any(|w| w.starts_with(
            "284 printf call(s) not kept: the run keeps the first 16777216 bytes of printf output"
        )),
        "{warnings:?}"
    );
}

/// A range of vector registers declares each element as a name of its
/// own, so it is bounded apart: 65,536 elements and 16 MiB of names in a
/// module. Found by fuzzing (`launch`): a 1.7 KB module with `.reg .v4.u16
/// NAME<608600>;`, NAME 62 characters long, took 4.7 s and 1.1 GB in
/// `check`. A vector's elements count toward the bound of all registers
/// too (`%v<300000>` of `.v4` is 1.2 million; it passed as 300,000).
#[cfg(target_os = "linux")]
#[test]
fn ranges_of_vector_registers_are_bounded() {
    let dir = tempfile::tempdir().unwrap();
    let name = format!("%{}", "c0000b0".repeat(9));
    for (decl, want) in [
        (
            format!(".reg .v4.u16 {name}<250000>;"),
            format!("5:14: error: ranges of vector registers declare more than 65536 elements (or 16 MiB of their names) in the module: each element of `{name}<250000>` is a register of its own"),
        ),
        (
            format!(".reg .v2.u32 %{}<300>;", "a".repeat(40000)),
            "ranges of vector registers declare more than 65536 elements (or 16 MiB of their names)".to_string(),
        ),
        (
            ".reg .v4.b32 %v<300000>;".to_string(),
            "5:14: error: more than 1048576 registers declared in the module".to_string(),
        ),
    ] {
        let f = dir.path().join("v.ptx");
        std::fs::write(
            &f,
            format!(".version 8.1\n.target sm_90\n.visible .entry k()\n{{\n{decl}\nret;\n}}\n"),
        )
        .unwrap();
        for cmd in ["check", "run"] {
            let (code, out, err) = limited(200_000, cmd, &f);
            assert_eq!(code, Some(if cmd == "check" { 1 } else { 2 }), "{cmd} {decl:.40}: {out}{err}");
            assert!(err.contains(&want), "{cmd}: {err}");
        }
    }
    // A refused range is one error: its elements' uses add none (they
    // were "not declared" at each use).
    let f = dir.path().join("uses.ptx");
    std::fs::write(
        &f,
        ".version 8.1\n.target sm_90\n.visible .entry k()\n{\n\
         .reg .v4 .f32 %v<20000>;\nmov.f32 %v1.x, 1.0;\nadd.f32 %v2.y, %v1.x, %v1.z;\nret;\n}\n",
    )
    .unwrap();
    let (code, out, err) = limited(200_000, "check", &f);
    assert_eq!(code, Some(1), "{out}{err}");
    assert_eq!(err.matches("error:").count(), 1, "{err}");
    // Below the bounds a range of vectors is its elements, as before.
    let f = dir.path().join("ok.ptx");
    std::fs::write(
        &f,
        ".version 8.1\n.target sm_90\n.visible .entry k()\n{\n\
         .reg .v4.u32 %v<16384>;\nmov.u32 %v16383.w, 7;\nmov.u32 %v0.x, %v16383.w;\nret;\n}\n",
    )
    .unwrap();
    let (code, out, err) = limited(200_000, "check", &f);
    assert_eq!(code, Some(0), "{out}{err}");
}
