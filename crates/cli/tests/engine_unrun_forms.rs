//! Valid PTX the engine does not run is refused where a thread reaches it
//! (a warning before the run), so a kernel whose untaken branch holds it
//! runs, as on a GPU; a spelling outside the syntax lines is an error of
//! `check` and `run` at its line. The `mma.sync` `.kind` forms (PTX ISA
//! 8.7, sm_120a) and the `tcgen05.mma` families (9.7.16.10.9) against their
//! syntax lines and Table 56, with ptxas 13.0's verdicts on the probes of
//! hibouwu/PTX_To_SASS (`01_tcgen05/tcgen05.mma/thor_ptx90/results/negative-probes`).

mod common;
use common::{check_src as check, run_src, text};

/// An sm_120a kernel whose `mma.sync` line is `line`, reached where `p` is
/// 12345.
fn mma_kernel(line: &str) -> String {
    format!(
        ".version 8.7
.target sm_120a
.address_size 64
.visible .entry k(.param .u32 p)
{{
    .reg .b32 %a<4>, %b<2>, %sa, %sb;
    .reg .f32 %c<4>, %d<4>;
    .reg .pred %q;
    ld.param.u32 %sa, [p];
    setp.ne.u32 %q, %sa, 12345;
    @%q bra DONE;
    {line}
DONE:
    ret;
}}
"
    )
}

const F8F6F4: &str = "mma.sync.aligned.m16n8k32.row.col.kind::f8f6f4.f32.e2m1.e2m1.f32 {%d0, %d1, %d2, %d3}, {%a0, %a1, %a2, %a3}, {%b0, %b1}, {%c0, %c1, %c2, %c3};";

#[test]
fn an_unrun_form_stops_the_run_only_where_reached() {
    let src = mma_kernel(F8F6F4);
    // Not reached: the run ends, with a warning naming the line.
    let o = run_src("kind.ptx", &src, &["--set", "p=0"]);
    let (out, err) = text(&o);
    assert_eq!(o.status.code(), Some(0), "{out}{err}");
    assert!(
        err.contains("kind.ptx:12:5: warning: `mma.sync.aligned.m16n8k32.row.col.kind::f8f6f4.f32.e2m1.e2m1.f32` is not supported by the interpreter: the run stops with an error if it reaches this line"),
        "{err}"
    );
    // Reached: an error at the line, saying why.
    let o = run_src("kind.ptx", &src, &["--set", "p=12345"]);
    let (out, err) = text(&o);
    assert_eq!(o.status.code(), Some(2), "{out}{err}");
    assert!(
        err.contains("kind.ptx:12:5: error: `mma.sync.aligned.m16n8k32.row.col.kind::f8f6f4.f32.e2m1.e2m1.f32`: `mma.sync` with `.kind::f8f6f4` (the sm_120a FP8/FP6/FP4 forms) is not run by the engine"),
        "{err}"
    );
    // `check` passes it: valid PTX.
    assert_eq!(check("kind.ptx", &src).0, 0);
}

/// The `.kind` spellings real code writes (Triton's MMAv2 lowering, the
/// CUTLASS and Mojo FP4 kernels) pass `check`; the others are errors.
#[test]
fn mma_kind_spellings() {
    for line in [
        F8F6F4,
        "mma.sync.aligned.m16n8k32.row.col.kind::f8f6f4.f16.e3m2.e2m3.f16 {%d0, %d1}, {%a0, %a1, %a2, %a3}, {%b0, %b1}, {%c0, %c1};",
        "mma.sync.aligned.m16n8k32.row.col.kind::mxf8f6f4.block_scale.scale_vec::1X.f32.e4m3.e4m3.f32.ue8m0 {%d0, %d1, %d2, %d3}, {%a0, %a1, %a2, %a3}, {%b0, %b1}, {%c0, %c1, %c2, %c3}, %sa, {0, 0}, %sb, {0, 0};",
        "mma.sync.aligned.m16n8k64.row.col.kind::mxf4nvf4.block_scale.scale_vec::4X.f32.e2m1.e2m1.f32.ue4m3 {%d0, %d1, %d2, %d3}, {%a0, %a1, %a2, %a3}, {%b0, %b1}, {%c0, %c1, %c2, %c3}, %sa, {0, 0}, %sb, {0, 0};",
        "mma.sync.aligned.m16n8k64.row.col.kind::mxf4nvf4.block_scale.scale_vec::2X.f32.e2m1.e2m1.f32.ue8m0 {%d0, %d1, %d2, %d3}, {%a0, %a1, %a2, %a3}, {%b0, %b1}, {%c0, %c1, %c2, %c3}, %sa, {0, 0}, %sb, {0, 0};",
        "mma.sync.aligned.m16n8k64.row.col.kind::mxf4.block_scale.f32.e2m1.e2m1.f32.ue8m0 {%d0, %d1, %d2, %d3}, {%a0, %a1, %a2, %a3}, {%b0, %b1}, {%c0, %c1, %c2, %c3}, %sa, {0, 0}, %sb, {0, 0};",
        // The sparse forms, twice the K (PTX ISA 9.7.14.6.3's own
        // examples; CUTLASS's SM120 sparse atoms write `.sp::` after the
        // kind). They are refused where reached, not at `check`.
        "mma.sp::ordered_metadata.sync.aligned.m16n8k64.row.col.kind::f8f6f4.f32.e3m2.e2m3.f32 {%d0, %d1, %d2, %d3}, {%a0, %a1, %a2, %a3}, {%a0, %a1, %a2, %a3}, {%c0, %c1, %c2, %c3}, %sa, 0;",
        "mma.sync.aligned.kind::f8f6f4.sp::ordered_metadata.m16n8k64.row.col.f32.e4m3.e4m3.f32 {%d0, %d1, %d2, %d3}, {%a0, %a1, %a2, %a3}, {%a0, %a1, %a2, %a3}, {%c0, %c1, %c2, %c3}, %sa, 0;",
        "mma.sp::ordered_metadata.sync.aligned.m16n8k64.row.col.kind::mxf8f6f4.block_scale.scale_vec::1X.f32.e4m3.e4m3.f32.ue8m0 {%d0, %d1, %d2, %d3}, {%a0, %a1, %a2, %a3}, {%a0, %a1, %a2, %a3}, {%c0, %c1, %c2, %c3}, %sa, 0, %sa, {0, 0}, %sb, {0, 0};",
        "mma.sp::ordered_metadata.sync.aligned.m16n8k128.row.col.kind::mxf4.block_scale.f32.e2m1.e2m1.f32.ue8m0 {%d0, %d1, %d2, %d3}, {%a0, %a1, %a2, %a3}, {%a0, %a1, %a2, %a3}, {%c0, %c1, %c2, %c3}, %sa, 0, %sa, {2, 1}, %sb, {2, 3};",
        "mma.sp::ordered_metadata.sync.aligned.m16n8k128.row.col.kind::mxf4nvf4.block_scale.scale_vec::4X.f32.e2m1.e2m1.f32.ue4m3 {%d0, %d1, %d2, %d3}, {%a0, %a1, %a2, %a3}, {%a0, %a1, %a2, %a3}, {%c0, %c1, %c2, %c3}, %sa, 0, %sa, {0, 0}, %sb, {0, 0};",
    ] {
        let (code, out) = check("ok.ptx", &mma_kernel(line));
        assert_eq!(code, 0, "{line}: {out}");
    }
    for (kind, want) in [
        (
            "m16n8k32.row.col.kind::f8f6f4.block_scale.f32.e2m1.e2m1.f32",
            "takes no `.block_scale`",
        ),
        (
            "m16n8k32.row.col.kind::mxf8f6f4.f32.e4m3.e4m3.f32.ue8m0",
            "is followed by `.block_scale`",
        ),
        (
            "m16n8k64.row.col.kind::mxf4nvf4.block_scale.f32.e2m1.e2m1.f32.ue4m3",
            "takes `.scale_vec::2X` or `.scale_vec::4X`",
        ),
        (
            "m16n8k32.row.col.kind::mxf8f6f4.block_scale.scale_vec::2X.f32.e4m3.e4m3.f32.ue8m0",
            "is not a vector size of `.kind::mxf8f6f4`",
        ),
        (
            "m16n8k16.row.col.kind::f8f6f4.f32.e2m1.e2m1.f32",
            "takes the shape `.m16n8k32`",
        ),
        (
            "m16n8k32.row.col.kind::f4.f32.e2m1.e2m1.f32",
            "is not an `mma` kind",
        ),
        (
            "sp::ordered_metadata.sync.aligned.m16n8k32.row.col.kind::f8f6f4.f32.e3m2.e2m3.f32",
            "sparse `.kind::f8f6f4` takes the shape `.m16n8k64`",
        ),
        (
            "sp::ordered_metadata.sync.aligned.m16n8k64.row.col.kind::mxf4.block_scale.f32.e2m1.e2m1.f32.ue8m0",
            "sparse `.kind::mxf4` takes the shape `.m16n8k128`",
        ),
    ] {
        // A sparse form names its own `.sync.aligned`.
        let opcode = if kind.starts_with("sp::") {
            format!("mma.{kind}")
        } else {
            format!("mma.sync.aligned.{kind}")
        };
        let line = format!("{opcode} {{%d0, %d1, %d2, %d3}}, {{%a0, %a1, %a2, %a3}}, {{%b0, %b1}}, {{%c0, %c1, %c2, %c3}};");
        let (code, out) = check("bad.ptx", &mma_kernel(&line));
        assert_eq!(code, 1, "{line}: {out}");
        assert!(out.contains(want), "{line}: want {want:?} in {out}");
    }
}

fn tcgen05_kernel(line: &str) -> String {
    format!(
        ".version 8.8\n.target sm_100a\n.address_size 64\n.visible .entry k()\n{{\n.reg .b32 %d, %idesc;\n.reg .b64 %da, %db;\n.reg .pred %en;\n{line}\nret;\n}}\n"
    )
}

/// `tcgen05.mma{.ws}{.sp}` qualifiers: what the syntax lines admit passes
/// `check` (and is refused where reached where the engine does not run
/// it); the spellings ptxas 13.0 rejects are errors, each saying why.
#[test]
fn tcgen05_mma_spellings() {
    // Each with the operands of its syntax line (`.sp`: the metadata's
    // `[sp-meta-tmem]`; `.block_scale`: the two scale addresses; `.ashift`:
    // A in Tensor Memory).
    let plain = "[%d], %da, %db, %idesc, %en";
    for (q, ops) in [
        ("cta_group::1.kind::f16", plain),
        ("ws.cta_group::1.kind::i8.collector::b2::lastuse", plain),
        (
            "ws.sp.cta_group::1.kind::tf32",
            "[%d], %da, %db, [%d], %idesc, %en",
        ),
        (
            "sp.cta_group::2.kind::f8f6f4",
            "[%d], %da, %db, [%d], %idesc, %en",
        ),
        (
            "cta_group::1.kind::tf32.ashift.collector::a::lastuse",
            "[%d], [%d], %db, %idesc, %en",
        ),
        (
            "cta_group::2.kind::mxf4nvf4.block_scale.block16",
            "[%d], %da, %db, %idesc, [%d], [%d], %en",
        ),
        (
            "cta_group::1.kind::mxf8f6f4.block_scale.scale_vec::1X.collector::a::fill",
            "[%d], %da, %db, %idesc, [%d], [%d], %en",
        ),
        (
            "cta_group::1.kind::mxf4.block_scale",
            "[%d], %da, %db, %idesc, [%d], [%d], %en",
        ),
    ] {
        let line = format!("tcgen05.mma.{q} {ops};");
        let (code, out) = check("ok.ptx", &tcgen05_kernel(&line));
        assert_eq!(code, 0, "{line}: {out}");
    }
    for (q, want) in [
        // probe_004: "Illegal modifier '.cta_group::2' for instruction 'tcgen05.mma.ws'"
        (
            "ws.cta_group::2.kind::f16",
            "is not a qualifier of `tcgen05.mma.ws`",
        ),
        // probe_016: "Unknown modifier '.collector::b4::fill'"
        (
            "ws.cta_group::1.kind::f16.collector::b4::fill",
            "is not a `.collector_usage`",
        ),
        (
            "ws.cta_group::1.kind::f16.collector::a::fill",
            "is not a `.collector_usage`",
        ),
        (
            "cta_group::1.kind::f16.collector::a::reuse",
            "is not a `.collector_usage`",
        ),
        // probe_022: "Unknown modifier '.scale_vec::8X'"
        (
            "cta_group::1.kind::mxf4.block_scale.scale_vec::8X",
            "is not a `.scale_vectorsize`",
        ),
        // probe_002: "Illegal modifier '.ashift'"
        (
            "cta_group::1.kind::mxf8f6f4.block_scale.scale_vec::1X.ashift",
            "`.ashift` is not a qualifier",
        ),
        // probe_007: "requires modifier '.scale_vectorsize'"
        (
            "cta_group::1.kind::mxf4nvf4.block_scale",
            "must be explicitly specified",
        ),
        // probes 008, 009, 020, 021: Table 56.
        (
            "cta_group::1.kind::mxf8f6f4.block_scale.scale_vec::2X",
            "Table 56",
        ),
        (
            "cta_group::1.kind::mxf4.block_scale.scale_vec::1X",
            "Table 56",
        ),
        (
            "cta_group::1.kind::mxf4nvf4.block_scale.scale_vec::1X",
            "Table 56",
        ),
        (
            "cta_group::1.kind::mxf8f6f4.block_scale.block16",
            "Table 56",
        ),
        (
            "cta_group::1.kind::mxf8f6f4",
            "is followed by `.block_scale`",
        ),
        (
            "ws.cta_group::1.kind::mxf4.block_scale",
            "is not a kind of `tcgen05.mma.ws`",
        ),
        (
            "cta_group::1.kind::f16.ashift.collector::a::fill",
            "It is illegal to specify",
        ),
        (
            "ws.totally.bogus",
            "expected `.cta_group::1` or `.cta_group::2`",
        ),
        ("sp.nonsense", "expected `.cta_group::1` or `.cta_group::2`"),
        ("cta_group::1", "expected a `.kind`"),
    ] {
        let line = format!("tcgen05.mma.{q} [%d], %da, %db, %idesc, %en;");
        let (code, out) = check("bad.ptx", &tcgen05_kernel(&line));
        assert_eq!(code, 1, "{line}: {out}");
        assert!(out.contains(want), "{line}: want {want:?} in {out}");
    }
}

/// `tcgen05.mma`'s operands against its syntax lines, for the forms run
/// and refused alike: the operand shapes of hibouwu/PTX_To_SASS's
/// negative probes (ptxas 13.0 rejects each) are errors of `check` at the
/// operand (they passed, and the forms the engine does not run were
/// refused for another reason).
#[test]
fn tcgen05_mma_operands() {
    let k = |target: &str, line: &str| {
        tcgen05_kernel(line)
            .replace(".target sm_100a", target)
            .replace(".reg .b32 %d, %idesc;", ".reg .b32 %d, %idesc, %m<8>;")
    };
    for (target, line, want) in [
        // probe_001: scale-input-d on sm_110a.
        (".target sm_110a", "tcgen05.mma.cta_group::1.kind::f16 [%d], %da, %db, %idesc, {%m0, %m1, %m2, %m3}, %en, 0;", "scale-input-d is supported on sm_100a, sm_100f, sm_103a and sm_103f only"),
        // probe_003: `.ashift` with an A descriptor.
        (".target sm_100a", "tcgen05.mma.cta_group::1.kind::tf32.ashift [%d], %da, %db, %idesc, {%m0, %m1, %m2, %m3}, %en;", "A is `[a-tmem]`, not a descriptor"),
        // probe_024: no idesc.
        (".target sm_100a", "tcgen05.mma.cta_group::1.kind::f16 [%d], %da, %db, {%m0, %m1, %m2, %m3}, %en;", "operand 4 is idesc"),
        // probe_025: no enable-input-d.
        (".target sm_100a", "tcgen05.mma.cta_group::1.kind::f16 [%d], %da, %db, %idesc, {%m0, %m1, %m2, %m3};", "5 operand(s) given"),
        // probe_026: three lanes' masks.
        (".target sm_100a", "tcgen05.mma.cta_group::1.kind::f16 [%d], %da, %db, %idesc, {%m0, %m1, %m2}, %en;", "this one has 3"),
        // probe_027: four with .cta_group::2.
        (".target sm_100a", "tcgen05.mma.cta_group::2.kind::f16 [%d], %da, %db, %idesc, {%m0, %m1, %m2, %m3}, %en;", "a vector of 8 .b32 registers"),
        // probe_028: a register as scale-input-d.
        (".target sm_100a", "tcgen05.mma.cta_group::1.kind::f16 [%d], %da, %db, %idesc, {%m0, %m1, %m2, %m3}, %en, %idesc;", "scale-input-d is an integer constant in [0, 15]"),
        // probe_029: .sp without its metadata.
        (".target sm_100a", "tcgen05.mma.sp.cta_group::1.kind::f16 [%d], %da, %db, %idesc, {%m0, %m1, %m2, %m3}, %en;", "operand 4 is [sp-meta-tmem]"),
        // probe_030: one scale address.
        (".target sm_100a", "tcgen05.mma.cta_group::1.kind::mxf4.block_scale.scale_vec::2X [%d], %da, %db, %idesc, [%d], %en;", "6 operand(s) given"),
    ] {
        let (code, out) = check("operands_bad.ptx", &k(target, line));
        assert_eq!(code, 1, "{line}: {out}");
        assert!(out.contains(want), "{line}: want {want:?} in {out}");
    }
    // The same lines with their operands right pass.
    for line in [
        "tcgen05.mma.cta_group::1.kind::f16 [%d], %da, %db, %idesc, {%m0, %m1, %m2, %m3}, %en, 0;",
        "tcgen05.mma.cta_group::1.kind::tf32.ashift [%d], [%d], %db, %idesc, {%m0, %m1, %m2, %m3}, %en;",
        "tcgen05.mma.cta_group::2.kind::f16 [%d], %da, %db, %idesc, {%m0, %m1, %m2, %m3, %m4, %m5, %m6, %m7}, %en;",
        "tcgen05.mma.sp.cta_group::1.kind::f16 [%d], %da, %db, [%d], %idesc, {%m0, %m1, %m2, %m3}, %en;",
    ] {
        let (code, out) = check("operands_ok.ptx", &k(".target sm_100a", line));
        assert_eq!(code, 0, "{line}: {out}");
    }
}

/// `redux.sync`: ".add, .min, .max" with ".u32, .s32"; ".and, .or, .xor"
/// with ".b32"; ".min, .max{.abs}{.NaN}" with ".f32". The engine runs all
/// of them, so any other spelling is not PTX: an error of `check` (it
/// passed) as of `run`. hibouwu/PTX_To_SASS W07_redux_add_f32.ptx is such
/// a negative test ("PTX ISA 9.3 permits .add only with .u32/.s32").
#[test]
fn redux_spellings_outside_the_syntax_lines() {
    let module = |line: &str| {
        format!(".version 8.8\n.target sm_100a\n.address_size 64\n.visible .entry k()\n{{\n.reg .b32 %r<3>;\n.reg .f32 %f<3>;\n{line}\nret;\n}}\n")
    };
    for line in [
        "redux.sync.add.f32 %f1, %f2, 0xffffffff;",
        "redux.sync.add.b32 %r1, %r2, 0xffffffff;",
        "redux.sync.and.u32 %r1, %r2, 0xffffffff;",
        "redux.sync.max.NaN.abs.f32 %f1, %f2, 0xffffffff;",
        "redux.sync.min.s64 %r1, %r2, 0xffffffff;",
    ] {
        let (code, out) = check("redux.ptx", &module(line));
        assert_eq!(code, 1, "{line}: {out}");
        assert!(out.contains("redux.ptx:8:1: error:"), "{line}: {out}");
    }
    for line in [
        "redux.sync.add.s32 %r1, %r2, 0xffffffff;",
        "redux.sync.xor.b32 %r1, %r2, 0xffffffff;",
        "redux.sync.max.abs.NaN.f32 %f1, %f2, 0xffffffff;",
    ] {
        let (code, out) = check("redux.ptx", &module(line));
        assert_eq!(code, 0, "{line}: {out}");
    }
}
