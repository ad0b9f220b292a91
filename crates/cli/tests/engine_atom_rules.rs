//! `atom` and `red` held to their syntax lines, Table 41 "Atom Scalar
//! Type Operations", Table 42 "Red Scalar Type Operations" and their "PTX
//! ISA Notes"/"Target ISA Notes" (PTX ISA 9.4, 9.7.13.5/6), as ptxas 13.0
//! holds them ("Operation .and requires .b32 or .b64 type for instruction
//! 'atom'"); and the packed `.f16x2`/`.bf16x2` scalar adds and the
//! `.noftz` `.f32` adds run. Expected bytes are worked by hand in the
//! comments.

mod common;
use common::{check_src as check, mem, run_src};

/// Table 41 (`atom`) and Table 42 (`red`), transcribed here on their own:
/// the operations each scalar type takes.
fn table(red: bool, ty: &str) -> &'static [&'static str] {
    match ty {
        "u32" => &["add", "inc", "dec", "min", "max"],
        "s32" | "u64" => &["add", "min", "max"],
        "s64" => &["min", "max"],
        "f32" | "f64" | "f16" | "f16x2" | "bf16" | "bf16x2" => &["add"],
        "b32" | "b64" if red => &["and", "or", "xor"],
        "b32" | "b64" => &["and", "or", "xor", "exch", "cas"],
        "b16" if !red => &["cas"],
        "b128" if !red => &["exch", "cas"],
        _ => &[],
    }
}

fn module(version: &str, target: &str, body: &str) -> String {
    format!(
        ".version {version}\n.target {target}\n.address_size 64\n.visible .entry k(.param .u64 p)\n{{\n.reg .b64 %rd<3>;\n.reg .b32 %r<4>;\nld.param.u64 %rd1, [p];\n{body}ret;\n}}\n"
    )
}

/// Every operation on every type, for `atom` and `red`: `check` reports an
/// error on exactly the lines the tables do not admit, each naming the
/// table, and passes the others.
#[test]
fn every_operation_and_type_against_tables_41_and_42() {
    let ops = [
        "and", "or", "xor", "cas", "exch", "add", "inc", "dec", "min", "max",
    ];
    let types = [
        "b16", "b32", "b64", "b128", "u32", "s32", "u64", "s64", "f32", "f64", "f16", "f16x2",
        "bf16", "bf16x2",
    ];
    let mut body = String::new();
    let mut bad = Vec::new();
    // The module's first instruction line is 9 (after 8 header lines).
    let mut line = 9;
    for red in [false, true] {
        for op in ops {
            for ty in types {
                let root = if red { "red" } else { "atom" };
                let half = matches!(ty, "f16" | "f16x2" | "bf16" | "bf16x2");
                let nf = if half { ".noftz" } else { "" };
                let dst = if red { "" } else { "%r1, " };
                let c = if op == "cas" { ", %r3" } else { "" };
                body += &format!("{root}.global.{op}{nf}.{ty} {dst}[%rd1], %r2{c};\n");
                if !table(red, ty).contains(&op) {
                    bad.push(line);
                }
                line += 1;
            }
        }
    }
    let (code, out) = check("table.ptx", &module("8.4", "sm_90", &body));
    assert_eq!(code, 1, "{out}");
    let mut lines: Vec<usize> = out
        .lines()
        .filter(|l| l.contains(": error: "))
        .map(|l| l.split(':').nth(1).unwrap().parse().unwrap())
        .collect();
    lines.dedup();
    assert_eq!(lines, bad, "{out}");
    assert!(
        out.contains("Table 41 \"Atom Scalar Type Operations\""),
        "{out}"
    );
    assert!(
        out.contains("Table 42 \"Red Scalar Type Operations\""),
        "{out}"
    );
    // 2 x 10 x 14 lines, of which 32 (atom) + 25 (red) are PTX.
    assert_eq!(bad.len(), 280 - 32 - 25);
}

/// The rules besides the tables: `.noftz` where the ISA requires or admits
/// it, one qualifier of each class, `red`'s `.sem` set, the cache hint on
/// `.global` only, the vector syntax lines.
#[test]
fn spellings_outside_the_syntax_lines_are_errors() {
    for (line, want) in [
        (
            "atom.global.add.f16 %r1, [%rd1], %r2;",
            "require the .noftz qualifier",
        ),
        (
            "red.global.add.bf16x2 [%rd1], %r2;",
            "require the .noftz qualifier",
        ),
        (
            "atom.global.add.noftz.u32 %r1, [%rd1], %r2;",
            "`.noftz` is a qualifier of `.add`",
        ),
        (
            "atom.global.add.noftz.f64 %r1, [%rd1], %r2;",
            "`.noftz` is a qualifier of `.add`",
        ),
        (
            "atom.global.gpu.sys.add.u32 %r1, [%rd1], %r2;",
            "one .scope qualifier is allowed",
        ),
        (
            "atom.acquire.release.global.add.u32 %r1, [%rd1], %r2;",
            "one .sem qualifier is allowed",
        ),
        (
            "atom.global.shared.add.u32 %r1, [%rd1], %r2;",
            "one .space qualifier is allowed",
        ),
        (
            "atom.global.add.min.u32 %r1, [%rd1], %r2;",
            "one .op qualifier is allowed",
        ),
        (
            "atom.global.add.u32.s32 %r1, [%rd1], %r2;",
            "one type qualifier is allowed",
        ),
        (
            "atom.global.add.noftz.noftz.f16 %r1, [%rd1], %r2;",
            "`.noftz` is given twice",
        ),
        (
            "red.global.acquire.add.u32 [%rd1], %r2;",
            "is not a `.sem` of `red`",
        ),
        (
            "red.acq_rel.global.add.u32 [%rd1], %r2;",
            "is not a `.sem` of `red`",
        ),
        (
            "atom.shared.add.L2::cache_hint.u32 %r1, [%rd1], %r2, %rd2;",
            "only supported for `.global`",
        ),
        (
            "atom.global.v2.f32.add.noftz {%r1, %r2}, [%rd1], {%r1, %r2};",
            "is not a vector atom",
        ),
        (
            "atom.global.v8.f16x2.add.noftz {%r1, %r2}, [%rd1], {%r1, %r2};",
            "is not a vector atom",
        ),
        (
            "atom.global.v2.f32.min {%r1, %r2}, [%rd1], {%r1, %r2};",
            "is not a vector atom",
        ),
        (
            "atom.global.add {%r1}, [%rd1], %r2;",
            "expected an operation",
        ),
    ] {
        let (code, out) = check("spell.ptx", &module("9.4", "sm_90", &format!("{line}\n")));
        assert_eq!(code, 1, "{line}: {out}");
        assert!(out.contains(want), "{line}: want {want:?} in {out}");
    }
    // What the syntax lines admit passes.
    for line in [
        "atom.relaxed.gpu.global.add.u32 %r1, [%rd1], %r2;",
        "atom.acq_rel.sys.shared::cta.cas.b32 %r1, [%rd1], %r2, %r3;",
        "red.release.cluster.shared::cluster.add.u32 [%rd1], %r2;",
        "atom.global.add.L2::cache_hint.u32 %r1, [%rd1], %r2, %rd2;",
        "atom.add.noftz.f32 %r1, [%rd1], %r2;",
        "red.global.v2.f32.add.noftz [%rd1], {%r1, %r2};",
        "atom.global.v8.bf16.max.noftz {%r1, %r2, %r1, %r2, %r1, %r2, %r1, %r2}, [%rd1], {%r1, %r2, %r1, %r2, %r1, %r2, %r1, %r2};",
        // Qualifiers in another order than the syntax line's, as nvcc and
        // Numba write them (`atom.add.relaxed.cta.f64`): ptxas takes them.
        "atom.add.relaxed.cta.u64 %rd2, [%rd1], %rd2;",
    ] {
        let (code, out) = check("ok.ptx", &module("9.4", "sm_90", &format!("{line}\n")));
        assert_eq!(code, 0, "{line}: {out}");
    }
}

/// Each "PTX ISA Notes" and "Target ISA Notes" line, one below its
/// version and one below its target.
#[test]
fn versions_and_targets_from_the_notes() {
    for (line, version, target, want) in [
        (
            "atom.global.add.noftz.f16x2 %r1, [%rd1], %r2;",
            "6.1",
            "sm_60",
            "requires PTX ISA 6.2",
        ),
        (
            "atom.global.add.noftz.f16x2 %r1, [%rd1], %r2;",
            "6.2",
            "sm_53",
            "requires sm_60",
        ),
        (
            "atom.global.add.noftz.f16 %r1, [%rd1], %r2;",
            "6.2",
            "sm_70",
            "requires PTX ISA 6.3",
        ),
        (
            "red.global.add.noftz.f16 [%rd1], %r2;",
            "6.3",
            "sm_61",
            "requires sm_70",
        ),
        (
            "atom.global.cas.b16 %r1, [%rd1], %r2, %r3;",
            "6.2",
            "sm_70",
            "requires PTX ISA 6.3",
        ),
        (
            "atom.global.cas.b16 %r1, [%rd1], %r2, %r3;",
            "6.3",
            "sm_61",
            "requires sm_70",
        ),
        (
            "atom.global.add.noftz.bf16 %r1, [%rd1], %r2;",
            "7.0",
            "sm_90",
            "requires PTX ISA 7.8",
        ),
        (
            "red.global.add.noftz.bf16x2 [%rd1], %r2;",
            "7.8",
            "sm_80",
            "requires sm_90",
        ),
        (
            "atom.global.add.f64 %rd2, [%rd1], %rd2;",
            "4.3",
            "sm_60",
            "requires PTX ISA 5.0",
        ),
        (
            "atom.global.add.f64 %rd2, [%rd1], %rd2;",
            "5.0",
            "sm_52",
            "requires sm_60",
        ),
        (
            "atom.global.max.u64 %rd2, [%rd1], %rd2;",
            "3.0",
            "sm_30",
            "requires PTX ISA 3.1",
        ),
        (
            "atom.global.max.u64 %rd2, [%rd1], %rd2;",
            "3.1",
            "sm_30",
            "requires sm_32",
        ),
        (
            "atom.acquire.global.add.u32 %r1, [%rd1], %r2;",
            "5.0",
            "sm_70",
            "requires PTX ISA 6.0",
        ),
        (
            "atom.acquire.global.add.u32 %r1, [%rd1], %r2;",
            "6.0",
            "sm_62",
            "requires sm_70",
        ),
        (
            "atom.gpu.global.add.u32 %r1, [%rd1], %r2;",
            "4.3",
            "sm_60",
            "requires PTX ISA 5.0",
        ),
        (
            "atom.gpu.global.add.u32 %r1, [%rd1], %r2;",
            "5.0",
            "sm_52",
            "requires sm_60",
        ),
        (
            "atom.cluster.global.add.u32 %r1, [%rd1], %r2;",
            "7.7",
            "sm_90",
            "requires PTX ISA 7.8",
        ),
        (
            "atom.cluster.global.add.u32 %r1, [%rd1], %r2;",
            "7.8",
            "sm_80",
            "requires sm_90",
        ),
        (
            "atom.shared::cluster.add.u32 %r1, [%rd1], %r2;",
            "7.8",
            "sm_86",
            "requires sm_90",
        ),
        (
            "atom.shared::cta.add.u32 %r1, [%rd1], %r2;",
            "7.7",
            "sm_80",
            "requires PTX ISA 7.8",
        ),
        (
            "atom.global.add.L2::cache_hint.u32 %r1, [%rd1], %r2, %rd2;",
            "7.3",
            "sm_80",
            "requires PTX ISA 7.4",
        ),
        (
            "atom.global.add.L2::cache_hint.u32 %r1, [%rd1], %r2, %rd2;",
            "7.4",
            "sm_75",
            "requires sm_80",
        ),
        (
            "atom.global.add.noftz.f32 %r1, [%rd1], %r2;",
            "9.3",
            "sm_90",
            "requires PTX ISA 9.4",
        ),
        (
            "red.global.add.noftz.f32 [%rd1], %r2;",
            "9.4",
            "sm_89",
            "requires sm_90",
        ),
        (
            "atom.add.f32 %r1, [%rd1], %r2;",
            "8.0",
            "sm_13",
            "requires sm_20",
        ),
    ] {
        let (code, out) = check("notes.ptx", &module(version, target, &format!("{line}\n")));
        assert_eq!(code, 1, "{line} at {version}/{target}: {out}");
        assert!(out.contains(want), "{line}: want {want:?} in {out}");
        // At the version and target the notes give, it passes.
    }
    for (line, version, target) in [
        (
            "atom.global.add.noftz.f16x2 %r1, [%rd1], %r2;",
            "6.2",
            "sm_60",
        ),
        (
            "atom.global.add.noftz.f16 %r1, [%rd1], %r2;",
            "6.3",
            "sm_70",
        ),
        (
            "atom.global.add.noftz.bf16 %r1, [%rd1], %r2;",
            "7.8",
            "sm_90",
        ),
        ("atom.global.max.u64 %rd2, [%rd1], %rd2;", "4.0", "sm_32"),
        (
            "atom.acquire.gpu.global.add.u32 %r1, [%rd1], %r2;",
            "6.0",
            "sm_70",
        ),
        (
            "atom.global.add.noftz.f32 %r1, [%rd1], %r2;",
            "9.4",
            "sm_90",
        ),
    ] {
        let (code, out) = check("notes.ptx", &module(version, target, &format!("{line}\n")));
        assert_eq!(code, 0, "{line} at {version}/{target}: {out}");
    }
}

/// The scalar packed adds ("atom.add.noftz.f16x2", ".bf16x2", lane by
/// lane, subnormals kept) and the `.noftz` `.f32` adds (PTX ISA 9.4: kept;
/// without `.noftz`, flushed on global memory).
#[test]
fn packed_and_noftz_adds_compute() {
    let src = ".version 9.4
.target sm_90
.address_size 64
.visible .entry k(.param .u64 p)
{
    .reg .b32 %r<8>;
    .reg .f32 %f<4>;
    .reg .b64 %rd<3>;
    ld.param.u64 %rd1, [p];
    mov.b32 %r1, 0x00013800;
    atom.global.add.noftz.f16x2 %r2, [%rd1], %r1;
    st.global.b32 [%rd1+0x40], %r2;
    mov.b32 %r3, 0x00013f00;
    red.global.add.noftz.bf16x2 [%rd1+4], %r3;
    mov.b32 %f1, 0x00000001;
    red.global.v2.f32.add.noftz [%rd1+8], {%f1, %f1};
    red.global.add.f32 [%rd1+0x10], %f1;
    atom.global.add.noftz.f32 %f2, [%rd1+0x18], %f1;
    ret;
}
";
    // 0x00: f16x2 (1.0 low, 0x0001 high); 0x04: bf16x2 (1.0, -0x0001);
    // 0x08, 0x0c, 0x10, 0x18: f32 0x00000001.
    let region = "0x1000=003c0100803f01800100000001000000010000000000000001000000";
    let o = run_src("packed.ptx", src, &["--set", "p=0x1000", "--mem", region]);
    // f16x2: 1.0 + 0.5 = 1.5 (0x3e00); 0x0001 + 0x0001 = 0x0002 (kept);
    // the old word returned.
    assert_eq!(mem(&o, 0x1000, 4), [0x00, 0x3e, 0x02, 0x00]);
    assert_eq!(mem(&o, 0x1040, 4), [0x00, 0x3c, 0x01, 0x00]);
    // bf16x2: 1.0 + 0.5 = 1.5 (0x3fc0); -0x0001 + 0x0001 = +0 (round to
    // nearest: an exact zero sum is +0).
    assert_eq!(mem(&o, 0x1004, 4), [0xc0, 0x3f, 0x00, 0x00]);
    // .noftz: 2^-149 + 2^-149 = 2^-148 (0x00000002), in both lanes and in
    // the scalar atom; without it, on global memory, both flushed: +0.
    assert_eq!(mem(&o, 0x1008, 8), [2, 0, 0, 0, 2, 0, 0, 0]);
    assert_eq!(mem(&o, 0x1010, 4), [0, 0, 0, 0]);
    assert_eq!(mem(&o, 0x1018, 4), [2, 0, 0, 0]);
}
