//! What a survey of 258 real PTX files from 59 public repositories found
//! `check` or `run` refusing in valid PTX (each a reduced reproducer; the
//! expected values are derived by hand in the comments).

use std::process::Command;

fn ptxfp(cmd: &str, src: &str, args: &[&str]) -> (Option<i32>, String, String) {
    let dir = tempfile::tempdir().unwrap();
    let f = dir.path().join("k.ptx");
    std::fs::write(&f, src).unwrap();
    let o = Command::new(env!("CARGO_BIN_EXE_ptxfp"))
        .arg(cmd)
        .arg(&f)
        .args(args)
        .output()
        .unwrap();
    (
        o.status.code(),
        String::from_utf8_lossy(&o.stdout).into_owned(),
        String::from_utf8_lossy(&o.stderr).into_owned(),
    )
}

/// `check` passes with no error and no warning; `run` (with `args`) ends.
fn clean(src: &str, args: &[&str]) -> String {
    let (code, out, err) = ptxfp("check", src, &[]);
    assert_eq!(code, Some(0), "{out}{err}");
    assert!(out.contains(" 0 error(s), 0 warning(s)"), "{out}{err}");
    let (code, out, err) = ptxfp("run", src, args);
    assert_eq!(code, Some(0), "{out}{err}");
    out
}

/// Labels are local to their `{ }` block (nvcc 12.6's `$continue:`,
/// CUTLASS's `LAB_WAIT:` in each inline-asm block): two sibling blocks
/// each loop on their own `L`, a branch from a block reaches the
/// function's `DONE`, and the function's own `L` is not the blocks'. The
/// first loop counts r1 to 3; the second adds 10 to r2 up to 50 and
/// leaves before `mov.u32 %r2, 999`.
#[test]
fn labels_are_local_to_their_block() {
    let src = ".version 8.0\n.target sm_90\n.address_size 64\n\
        .visible .entry k(.param .u64 out)\n{\n\
        .reg .b32 %r<3>;\n.reg .b64 %rd<2>;\n\
        ld.param.u64 %rd1, [out];\nmov.u32 %r1, 0;\nmov.u32 %r2, 0;\n\
        {\n.reg .pred P;\nL:\nadd.u32 %r1, %r1, 1;\nsetp.lt.u32 P, %r1, 3;\n@P bra.uni L;\n}\n\
        {\n.reg .pred P;\nL:\nadd.u32 %r2, %r2, 10;\nsetp.lt.u32 P, %r2, 50;\n@P bra.uni L;\nbra.uni DONE;\n}\n\
        mov.u32 %r2, 999;\nDONE:\nst.global.u32 [%rd1], %r1;\nst.global.u32 [%rd1+4], %r2;\nret;\nL:\nret;\n}\n";
    let out = clean(src, &["--set", "out=0x100"]);
    assert!(
        out.contains("mem[0x100..0x108] = 03 00 00 00 32 00 00 00"),
        "{out}"
    );
    // Twice in one block is still an error.
    let twice = ".entry k()\n{\nL:\nret;\nL:\nret;\n}\n";
    let (code, _, err) = ptxfp("check", twice, &[]);
    assert_eq!(code, Some(1));
    assert!(
        err.contains("5:1: error: label `L` is defined twice"),
        "{err}"
    );
}

/// nvcc 13.1 declared `%r<108752>`: a range may be as long as the module's
/// register bound allows. Past that bound the declaration is one error,
/// and its registers' uses add none.
#[test]
fn long_register_ranges_and_one_error_past_the_bound() {
    let src = ".version 8.0\n.target sm_80\n.entry k()\n{\n.reg .b32 %r<70000>;\n\
        mov.u32 %r69999, 1;\nadd.u32 %r1, %r69999, 2;\nret;\n}\n";
    let out = clean(src, &[]);
    assert!(out.contains("%r1 = 0x00000003"), "{out}");
    let over = src.replace("70000", "2000000").replace("69999", "1999999");
    let (code, out, err) = ptxfp("check", &over, &[]);
    assert_eq!(code, Some(1));
    assert!(out.contains(" 1 error(s)"), "{out}{err}");
    assert!(
        err.contains("more than 1048576 registers declared in the module"),
        "{err}"
    );
}

/// `.global .attribute(.managed)` (nvcc's `__managed__`), a DWARF
/// `.section` whose `{` ends its line (nvcc 10.2 `-G`), `membar.cta`
/// (`__threadfence_block()`), `ldu.global` (old nvcc), and 16-bit integer
/// constants (`add.s16 %rs2, %rs1, 1`, which nvcc writes all the time and
/// which draw no warning). The value flows 7 → buf → ldu → +1 = 8 → 16-bit
/// add 8 + 1 = 9.
#[test]
fn nvcc_declarations_sections_and_loads() {
    let src = ".version 7.5\n.target sm_75, debug\n.address_size 64\n\
        .global .attribute(.managed) .align 4 .b8 buf[16];\n\
        .visible .entry k()\n{\n.reg .b32 %r<3>;\n.reg .b16 %rs<3>;\n.reg .b64 %rd<2>;\n\
        mov.u64 %rd1, buf;\nmov.u32 %r1, 7;\nst.global.u32 [%rd1], %r1;\nmembar.cta;\n\
        ldu.global.u32 %r2, [%rd1];\nadd.u32 %r2, %r2, 1;\ncvt.u16.u32 %rs1, %r2;\n\
        add.s16 %rs2, %rs1, 1;\nret;\n}\n\
        .section .debug_info {\n .b32 16\n .b8 2\n .b32 .debug_abbrev\n}\n\
        .section .debug_abbrev {\n .b8 1\n .b8 0\n}\n";
    let out = clean(src, &[]);
    assert!(out.contains("%rs2 = 0x0009"), "{out}");
}

/// Valid sm_90 PTX the engine does not run (`cp.async.bulk.tensor`, whose
/// tensor map the host builds) does not refuse the whole module: a line no
/// thread reaches is a warning; reached, it stops the run at its line (exit
/// 2). `barrier.cluster` and `cp.async.bulk.commit_group`, refused the same
/// way before, now run (a cluster of one CTA; docs/ENGINE.md "Clusters").
#[test]
fn unreached_cluster_and_bulk_instructions_do_not_refuse_the_module() {
    let body = |guard: &str| {
        format!(
            ".version 8.0\n.target sm_90\n.address_size 64\n.visible .entry k()\n{{\n\
             .reg .b32 %r<2>; .reg .b64 %rd<2>;\n.reg .pred %p<2>;\nmov.u32 %r1, 1;\nsetp.eq.u32 %p1, %r1, {guard};\n\
             @%p1 bra DONE;\nbarrier.cluster.arrive.release.aligned;\nbarrier.cluster.wait.acquire.aligned;\n\
             cp.async.bulk.commit_group;\n\
             cp.async.bulk.tensor.1d.shared::cluster.global.mbarrier::complete_tx::bytes [%r1], [%rd1, {{%r1}}], [%r1];\nDONE:\nret;\n}}\n"
        )
    };
    let (code, out, err) = ptxfp("run", &body("1"), &[]);
    assert_eq!(code, Some(0), "{out}{err}");
    // Tensor copies run (docs/ENGINE.md "Tensor copies"): no warning.
    assert!(!err.contains("warning"), "{err}");
    let (code, out, err) = ptxfp("run", &body("2"), &[]);
    assert_eq!(code, Some(2), "{out}{err}");
    // Reached: its map's address register was never written.
    assert!(err.contains("14:") && err.contains("%rd1"), "{err}");
}
