//! THE instruction table: one row per syntax line of the PTX ISA, with the
//! modifier values the line admits, its types, its minimum PTX ISA version
//! and target, and its section. Everything else about which forms exist is
//! derived from these rows: legality and its error messages
//! ([`legality`]), the list of forms ([`Form::all`]), the version and target
//! requirements ([`Form::requires`]) and the family of opcodes the form
//! parser answers for ([`super::in_family`]).
//!
//! A row admits every combination of its slots' values (a slot listing
//! `[false, true]` is an optional modifier, `[true]` a required one). Rows
//! never overlap: every legal form falls under exactly one row, whose
//! requirement is the form's. Where the spec gives one line whose modifiers
//! carry their own requirements (`min{.NaN}{.xorsign.abs}`), the line is
//! split into one row per requirement, as TableGen's `Requires<[...]>` is
//! per definition. `sub` on the half types follows `add` (docs/NVIDIA.md
//! "Forms, PTX ISA versions and targets").

use super::Illegal;
use super::Part;
use crate::form::{Approx, Clamp, Form, FormType, Mods, Opcode};
use crate::target::{PtxVersion, Target};
use ptxfp_float::Round;

/// One syntax line of the spec (or the part of one that has its own
/// requirement).
#[derive(Clone, Copy, Debug)]
pub struct Row {
    /// The opcode.
    pub op: Opcode,
    /// The instruction types the line takes.
    pub types: &'static [FormType],
    /// `.approx`/`.full` admitted (`Approx::None`: neither).
    pub approx: &'static [Approx],
    /// The rounding modifiers admitted (`None`: the modifier left out).
    pub rnd: &'static [Option<Round>],
    /// `.ftz` absent and/or present.
    pub ftz: &'static [bool],
    /// `.oob` absent and/or present.
    pub oob: &'static [bool],
    /// The clamps admitted.
    pub clamp: &'static [Clamp],
    /// `.NaN` absent and/or present.
    pub nan: &'static [bool],
    /// `.xorsign.abs` absent and/or present.
    pub xorsign_abs: &'static [bool],
    /// `.abs` (alone) absent and/or present.
    pub abs: &'static [bool],
    /// "Introduced in PTX ISA version ...".
    pub ptx: PtxVersion,
    /// "Requires sm_... or higher".
    pub sm: u16,
    /// The PTX ISA section.
    pub section: &'static str,
    /// The spec's syntax line (types spelled out where it says `.type`).
    pub syntax: &'static str,
    /// What a user of the line should know (`ptxfp forms` prints it).
    pub note: Option<&'static str>,
}

const NE: Option<Round> = Some(Round::NearestEven);
const RZ: Option<Round> = Some(Round::TowardZero);
const RM: Option<Round> = Some(Round::TowardNegative);
const RP: Option<Round> = Some(Round::TowardPositive);
/// No rounding modifier in the syntax line.
const NO_RND: &[Option<Round>] = &[None];
/// `.rnd = { .rn }`, required.
const RN: &[Option<Round>] = &[NE];
/// `{.rnd}` with `.rnd = { .rn }`.
const OPT_RN: &[Option<Round>] = &[None, NE];
/// `.rnd = { .rn, .rz, .rm, .rp }`, required.
const RND: &[Option<Round>] = &[NE, RZ, RM, RP];
/// `{.rnd}` with `.rnd = { .rn, .rz, .rm, .rp }`.
const OPT_RND: &[Option<Round>] = &[None, NE, RZ, RM, RP];
const NO_APPROX: &[Approx] = &[Approx::None];
/// `.approx`, required.
const APPROX: &[Approx] = &[Approx::Approx];
/// `.full`, required.
const FULL: &[Approx] = &[Approx::Full];
const NO: &[bool] = &[false];
const OPT: &[bool] = &[false, true];
const YES: &[bool] = &[true];
const NO_CLAMP: &[Clamp] = &[Clamp::None];
const OPT_SAT: &[Clamp] = &[Clamp::None, Clamp::Sat];
const RELU: &[Clamp] = &[Clamp::Relu];
const OPT_RELU: &[Clamp] = &[Clamp::None, Clamp::Relu];

use FormType::{BF16x2, F16x2, F32x2, BF16, F16, F32, F32BF16, F32F16, F64};
const F16S: &[FormType] = &[F16, F16x2];
const BF16S: &[FormType] = &[BF16, BF16x2];
const HALVES: &[FormType] = &[F16, F16x2, BF16, BF16x2];
const MIXED: &[FormType] = &[F32F16, F32BF16];

const fn v(major: u8, minor: u8) -> PtxVersion {
    PtxVersion::new(major, minor)
}

/// A row with every modifier slot absent.
const fn row(
    op: Opcode,
    types: &'static [FormType],
    (ptx, sm): (PtxVersion, u16),
    section: &'static str,
    syntax: &'static str,
) -> Row {
    Row {
        op,
        types,
        approx: NO_APPROX,
        rnd: NO_RND,
        ftz: NO,
        oob: NO,
        clamp: NO_CLAMP,
        nan: NO,
        xorsign_abs: NO,
        abs: NO,
        ptx,
        sm,
        section,
        syntax,
        note: None,
    }
}

use Opcode::{
    Abs, Add, Copysign, Cos, Div, Ex2, Fma, Lg2, Mad, Max, Max3, Min, Min3, Mul, Neg, Rcp, Rsqrt,
    Sin, Sqrt, Sub, Tanh,
};

/// 9.7.4: "Introduced in PTX ISA version 4.2", "Requires sm_53 or higher".
const HALF: (PtxVersion, u16) = (v(4, 2), 53);
/// 9.7.4.1/9.7.4.3: "`add{.rnd}.bf16` [...] introduced in PTX ISA version
/// 7.8", "requires sm_90 or higher".
const BF16_ARITH: (PtxVersion, u16) = (v(7, 8), 90);
/// 9.7.4.4: "`fma.relu.{f16, f16x2}` and `fma{.relu}.{bf16, bf16x2}`
/// introduced in PTX ISA version 7.0" / "require sm_80 or higher".
const FMA_RELU_BF16: (PtxVersion, u16) = (v(7, 0), 80);
/// 9.7.4.4: "Support for modifier `.oob` introduced in PTX ISA version 8.1";
/// "`fma{.oob}.{f16, f16x2, bf16, bf16x2}` requires sm_90 or higher".
const FMA_OOB: (PtxVersion, u16) = (v(8, 1), 90);
/// 9.7.5: "introduced in PTX ISA version 8.6", "requires sm_100 or higher".
const MIXED_PREC: (PtxVersion, u16) = (v(8, 6), 100);
/// 9.7.4.7/9.7.4.8: "`min`/`max` [...] introduced in PTX ISA version
/// 7.0", "requires sm_80 or higher" (f16, f16x2, bf16, bf16x2).
const HALF_MINMAX: (PtxVersion, u16) = (v(7, 0), 80);
/// 9.7.4.7/9.7.4.8 and 9.7.3.11/9.7.3.12: "`.xorsign.abs` introduced in
/// PTX ISA version 7.2", "requires sm_86 or higher".
const XORSIGN: (PtxVersion, u16) = (v(7, 2), 86);
/// 9.7.3.11/9.7.3.12: "`min.NaN`/`max.NaN` introduced in PTX ISA version
/// 7.0", "requires sm_80 or higher".
const F32_NAN: (PtxVersion, u16) = (v(7, 0), 80);
/// 9.7.3.11/9.7.3.12: "`min` with three input arguments introduced in PTX
/// ISA version 8.8", "`min` with three input arguments requires `sm_100` or
/// higher" (`max` alike).
const MINMAX3: (PtxVersion, u16) = (v(8, 8), 100);
/// 9.7.3.11/9.7.3.12: "Introduced in PTX ISA version 1.0"; "`min.f64`
/// requires sm_13 or higher" (`.f32`: all targets).
const F32_ALL: (PtxVersion, u16) = (v(1, 0), 10);
const F64_ALL: (PtxVersion, u16) = (v(1, 0), 13);
/// 9.7.3.7: ".rn, .rz, .rm, .rp for mad.f32, requires sm_20 or higher";
/// PTX ISA 2.0.
const MAD_RND: (PtxVersion, u16) = (v(2, 0), 20);
/// 9.7.3.6: "`fma.f32` introduced in PTX ISA version 2.0", "`fma.f32`
/// requires `sm_20` or higher".
const FMA_F32: (PtxVersion, u16) = (v(2, 0), 20);
/// 9.7.3.6: "`fma.f64` introduced in PTX ISA version 1.4", "`fma.f64`
/// requires `sm_13` or higher".
const FMA_F64: (PtxVersion, u16) = (v(1, 4), 13);

/// 9.7.3.3-5 add/sub/mul: "`add.f32` supported on all target
/// architectures", "`add.f64` requires `sm_13` or higher"; "`.rn`, `.rz`
/// available for all targets"; "`.rm`, `.rp` for `add.f32`, requires
/// `sm_20` or higher" (PTX ISA 2.0; for `.f64`: `sm_13`, as `.f64` itself).
const F32_RM_RP: (PtxVersion, u16) = (v(2, 0), 20);
/// 9.7.3.3-6: "`add.f32x2` introduced in PTX ISA version 8.6", "`add.f32x2`
/// requires `sm_100` or higher" (`sub`, `mul`, `fma` alike).
const F32X2: (PtxVersion, u16) = (v(8, 6), 100);
/// `.rn`/`.rz`: every target (as no rounding modifier).
const F32_NEAR_RND: &[Option<Round>] = &[NE, RZ];
/// 9.7.3.3: "An add instruction with no rounding modifier defaults to
/// round-to-nearest-even and may be optimized aggressively by the code
/// optimizer. In particular, mul/add sequences with no rounding modifiers
/// may be optimized to use fused-multiply-add instructions".
const CONTRACTED: Option<&str> =
    Some("without a rounding modifier: .rn, and a mul/add pair may be contracted to fma");
const F32_DIRECTED: &[Option<Round>] = &[RM, RP];
/// 9.7.3.8 div: "`div.approx.f32` and `div.full.f32` supported on all
/// target architectures", explicit `.approx`/`.full`/`.ftz` "introduced in
/// PTX ISA version 1.4", and from 1.4 on one of them or `.rnd` is required.
const DIV_APPROX: (PtxVersion, u16) = (v(1, 4), 10);
/// 9.7.3.8: "`div.rnd.f32` requires `sm_20` or higher" (PTX ISA 2.0).
const DIV_RND_F32: (PtxVersion, u16) = (v(2, 0), 20);
/// 9.7.3.8: "`div.rn.f64` requires `sm_13` or higher" (PTX ISA 1.4).
const DIV_RN_F64: (PtxVersion, u16) = (v(1, 4), 13);
/// 9.7.3.8: "`div.{rz,rm,rp}.f64` requires `sm_20` or higher".
const DIV_DIRECTED_F64: (PtxVersion, u16) = (v(2, 0), 20);
const RZ_RM_RP: &[Option<Round>] = &[RZ, RM, RP];
/// 9.7.3.8/9.7.3.13/9.7.3.15 PTX ISA Notes: "For PTX ISA versions 1.0
/// through 1.3, `div.f32` defaults to `div.approx.ftz.f32`, and `div.f64`
/// defaults to `div.rn.f64`" (`rcp`, `sqrt` alike); from 1.4 on the
/// modifier is required (`Form::validate`).
const LEGACY_F32: Option<&str> =
    Some("approximate: up to PTX ISA 1.3, the .approx.ftz form; within the ISA's error bound, not the GPU's bits");
const LEGACY_F64: Option<&str> = Some("up to PTX ISA 1.3: the .rn form");
/// `rsqrt.f64` up to PTX ISA 1.3: `rsqrt.approx.f64`.
const LEGACY_APPROX_F64: Option<&str> =
    Some("approximate: up to PTX ISA 1.3, the .approx form; within the ISA's error bound, not the GPU's bits");
/// 9.7.3.14: "`rcp.approx.ftz.f64` introduced in PTX ISA version 2.1",
/// "requires `sm_20` or higher".
const RCP_APPROX_F64: (PtxVersion, u16) = (v(2, 1), 20);
/// 9.7.3.16: "`rsqrt.f64` requires `sm_13` or higher"; 9.7.3.17
/// "`rsqrt.approx.ftz.f64` introduced in PTX ISA version 4.0", "requires
/// `sm_20` or higher".
const RSQRT_F64: (PtxVersion, u16) = (v(1, 4), 13);
const RSQRT_FTZ_F64: (PtxVersion, u16) = (v(4, 0), 20);
/// 9.7.3.2 copysign: "Introduced in PTX ISA version 2.0", "Requires `sm_20`
/// or higher".
const COPYSIGN: (PtxVersion, u16) = (v(2, 0), 20);
/// The note of the 16-bit `tanh.approx`/`ex2.approx` rows: NVIDIA's
/// profile gives an H200's result for every source value (ptxfp_model's
/// `measured` tables, docs/NVIDIA.md ".approx").
const MEASURED_HALF_APPROX: &str =
    "approximate: an H200's measured bits for every source value; other GPUs are not measured";

/// 9.7.3.22 tanh: "Introduced in PTX ISA version 7.0", "Requires `sm_75` or
/// higher" (and 9.7.4.9/9.7.4.10 `tanh`/`ex2.approx` on `.f16`/`.f16x2`).
const TANH: (PtxVersion, u16) = (v(7, 0), 75);
/// 9.7.4.9/9.7.4.10: "`tanh.approx.{bf16/bf16x2}`", "`ex2.approx.ftz.{bf16/bf16x2}`
/// introduced in PTX ISA version 7.8", "require `sm_90` or higher".
const HALF_APPROX_BF16: (PtxVersion, u16) = (v(7, 8), 90);
/// 9.7.4.5 neg: "`neg{.ftz}.{f16,f16x2}` introduced in PTX ISA version
/// 6.0", "requires `sm_53` or higher"; 9.7.4.6 abs: "Introduced in PTX ISA
/// version 6.5", "requires `sm_53` or higher"; both: "`.bf16`, `.bf16x2`
/// introduced in PTX ISA version 7.0", "require `sm_80` or higher".
const HALF_NEG: (PtxVersion, u16) = (v(6, 0), 53);
const HALF_ABS: (PtxVersion, u16) = (v(6, 5), 53);
const BF16_NEG_ABS: (PtxVersion, u16) = (v(7, 0), 80);

/// The table, in the spec's section order.
pub static SYNTAX: &[Row] = &[
    // 9.7.3.2 copysign: "copysign.type d, a, b;", ".type = { .f32, .f64 }".
    row(Copysign, &[F32, F64], COPYSIGN, "9.7.3.2", "copysign.type"),
    // 9.7.3.3 add, 9.7.3.4 sub, 9.7.3.5 mul: "add{.rnd}{.ftz}{.sat}.f32",
    // "add{.rnd}.f64", ".rnd = { .rn, .rz, .rm, .rp }"; split by the
    // targets the rounding modifiers need.
    Row {
        ftz: OPT,
        clamp: OPT_SAT,
        note: CONTRACTED,
        ..row(Add, &[F32], F32_ALL, "9.7.3.3", "add{.rnd}{.ftz}{.sat}.f32")
    },
    Row {
        rnd: F32_NEAR_RND,
        ftz: OPT,
        clamp: OPT_SAT,
        ..row(Add, &[F32], F32_ALL, "9.7.3.3", "add{.rnd}{.ftz}{.sat}.f32")
    },
    Row {
        rnd: F32_DIRECTED,
        ftz: OPT,
        clamp: OPT_SAT,
        ..row(
            Add,
            &[F32],
            F32_RM_RP,
            "9.7.3.3",
            "add{.rnd}{.ftz}{.sat}.f32",
        )
    },
    // "add{.rnd}{.ftz}.f32x2 d, a, b;": no .sat.
    Row {
        ftz: OPT,
        note: CONTRACTED,
        ..row(Add, &[F32x2], F32X2, "9.7.3.3", "add{.rnd}{.ftz}.f32x2")
    },
    Row {
        rnd: RND,
        ftz: OPT,
        ..row(Add, &[F32x2], F32X2, "9.7.3.3", "add{.rnd}{.ftz}.f32x2")
    },
    Row {
        note: CONTRACTED,
        ..row(Add, &[F64], F64_ALL, "9.7.3.3", "add{.rnd}.f64")
    },
    Row {
        rnd: RND,
        ..row(Add, &[F64], F64_ALL, "9.7.3.3", "add{.rnd}.f64")
    },
    Row {
        ftz: OPT,
        clamp: OPT_SAT,
        note: CONTRACTED,
        ..row(Sub, &[F32], F32_ALL, "9.7.3.4", "sub{.rnd}{.ftz}{.sat}.f32")
    },
    Row {
        rnd: F32_NEAR_RND,
        ftz: OPT,
        clamp: OPT_SAT,
        ..row(Sub, &[F32], F32_ALL, "9.7.3.4", "sub{.rnd}{.ftz}{.sat}.f32")
    },
    Row {
        rnd: F32_DIRECTED,
        ftz: OPT,
        clamp: OPT_SAT,
        ..row(
            Sub,
            &[F32],
            F32_RM_RP,
            "9.7.3.4",
            "sub{.rnd}{.ftz}{.sat}.f32",
        )
    },
    // "sub{.rnd}{.ftz}.f32x2 d, a, b;": no .sat.
    Row {
        ftz: OPT,
        note: CONTRACTED,
        ..row(Sub, &[F32x2], F32X2, "9.7.3.4", "sub{.rnd}{.ftz}.f32x2")
    },
    Row {
        rnd: RND,
        ftz: OPT,
        ..row(Sub, &[F32x2], F32X2, "9.7.3.4", "sub{.rnd}{.ftz}.f32x2")
    },
    Row {
        note: CONTRACTED,
        ..row(Sub, &[F64], F64_ALL, "9.7.3.4", "sub{.rnd}.f64")
    },
    Row {
        rnd: RND,
        ..row(Sub, &[F64], F64_ALL, "9.7.3.4", "sub{.rnd}.f64")
    },
    Row {
        ftz: OPT,
        clamp: OPT_SAT,
        note: CONTRACTED,
        ..row(Mul, &[F32], F32_ALL, "9.7.3.5", "mul{.rnd}{.ftz}{.sat}.f32")
    },
    Row {
        rnd: F32_NEAR_RND,
        ftz: OPT,
        clamp: OPT_SAT,
        ..row(Mul, &[F32], F32_ALL, "9.7.3.5", "mul{.rnd}{.ftz}{.sat}.f32")
    },
    Row {
        rnd: F32_DIRECTED,
        ftz: OPT,
        clamp: OPT_SAT,
        ..row(
            Mul,
            &[F32],
            F32_RM_RP,
            "9.7.3.5",
            "mul{.rnd}{.ftz}{.sat}.f32",
        )
    },
    // "mul{.rnd}{.ftz}.f32x2 d, a, b;": no .sat.
    Row {
        ftz: OPT,
        note: CONTRACTED,
        ..row(Mul, &[F32x2], F32X2, "9.7.3.5", "mul{.rnd}{.ftz}.f32x2")
    },
    Row {
        rnd: RND,
        ftz: OPT,
        ..row(Mul, &[F32x2], F32X2, "9.7.3.5", "mul{.rnd}{.ftz}.f32x2")
    },
    Row {
        note: CONTRACTED,
        ..row(Mul, &[F64], F64_ALL, "9.7.3.5", "mul{.rnd}.f64")
    },
    Row {
        rnd: RND,
        ..row(Mul, &[F64], F64_ALL, "9.7.3.5", "mul{.rnd}.f64")
    },
    // 9.7.3.6 fma: "fma.rnd{.ftz}{.sat}.f32 d, a, b, c;", "fma.rnd.f64 d, a,
    // b, c;", ".rnd = { .rn, .rz, .rm, .rp }" ("Rounding modifiers (no
    // default)"). 9.7.3.7: "mad.{f32,f64} is the same as fma.{f32,f64}" for
    // sm_20 and higher, the only targets fma.f32 exists on.
    Row {
        rnd: RND,
        ftz: OPT,
        clamp: OPT_SAT,
        ..row(Fma, &[F32], FMA_F32, "9.7.3.6", "fma.rnd{.ftz}{.sat}.f32")
    },
    // "fma.rnd{.ftz}.f32x2 d, a, b, c;": no .sat.
    Row {
        rnd: RND,
        ftz: OPT,
        ..row(Fma, &[F32x2], F32X2, "9.7.3.6", "fma.rnd{.ftz}.f32x2")
    },
    Row {
        rnd: RND,
        ..row(Fma, &[F64], FMA_F64, "9.7.3.6", "fma.rnd.f64")
    },
    // 9.7.3.7 mad: "mad{.ftz}{.sat}.f32 d, a, b, c; // .target sm_1x",
    // "mad.rnd{.ftz}{.sat}.f32 d, a, b, c; // .target sm_20", "mad.rnd.f64".
    Row {
        ftz: OPT,
        clamp: OPT_SAT,
        note: Some("sm_1x: truncated product; sm_20 and up: PTX ISA 3.1 and earlier, as .rn"),
        ..row(Mad, &[F32], F32_ALL, "9.7.3.7", "mad{.ftz}{.sat}.f32")
    },
    Row {
        rnd: RND,
        ftz: OPT,
        clamp: OPT_SAT,
        ..row(Mad, &[F32], MAD_RND, "9.7.3.7", "mad.rnd{.ftz}{.sat}.f32")
    },
    Row {
        rnd: RND,
        ..row(Mad, &[F64], F64_ALL, "9.7.3.7", "mad.rnd.f64")
    },
    // 9.7.3.7 PTX ISA Notes: "In PTX ISA versions 1.4 and later, a rounding
    // modifier is required for mad.f64"; before, `mad.f64` is `mad.rn.f64`
    // (Form::validate refuses it from 1.4 on).
    Row {
        note: Some("up to PTX ISA 1.3"),
        ..row(
            Mad,
            &[F64],
            F64_ALL,
            "9.7.3.7",
            "mad.f64 (PTX ISA 1.0 to 1.3)",
        )
    },
    // 9.7.3.11 min, 9.7.3.12 max: "min{.ftz}{.NaN}{.xorsign.abs}.f32",
    // "min.f64".
    Row {
        ftz: OPT,
        ..row(Min, &[F32], F32_ALL, "9.7.3.11", "min{.ftz}.f32")
    },
    Row {
        ftz: OPT,
        nan: YES,
        ..row(Min, &[F32], F32_NAN, "9.7.3.11", "min{.ftz}.NaN.f32")
    },
    Row {
        ftz: OPT,
        nan: OPT,
        xorsign_abs: YES,
        ..row(
            Min,
            &[F32],
            XORSIGN,
            "9.7.3.11",
            "min{.ftz}{.NaN}.xorsign.abs.f32",
        )
    },
    row(Min, &[F64], F64_ALL, "9.7.3.11", "min.f64"),
    // "min{.ftz}{.NaN}{.abs}.f32 d, a, b, c;": its own line, "The `.xorsign`
    // qualifier cannot be specified for three inputs operation".
    Row {
        ftz: OPT,
        nan: OPT,
        abs: OPT,
        note: Some("three inputs"),
        ..row(
            Min3,
            &[F32],
            MINMAX3,
            "9.7.3.11",
            "min{.ftz}{.NaN}{.abs}.f32 d, a, b, c",
        )
    },
    Row {
        ftz: OPT,
        ..row(Max, &[F32], F32_ALL, "9.7.3.12", "max{.ftz}.f32")
    },
    Row {
        ftz: OPT,
        nan: YES,
        ..row(Max, &[F32], F32_NAN, "9.7.3.12", "max{.ftz}.NaN.f32")
    },
    Row {
        ftz: OPT,
        nan: OPT,
        xorsign_abs: YES,
        ..row(
            Max,
            &[F32],
            XORSIGN,
            "9.7.3.12",
            "max{.ftz}{.NaN}.xorsign.abs.f32",
        )
    },
    row(Max, &[F64], F64_ALL, "9.7.3.12", "max.f64"),
    Row {
        ftz: OPT,
        nan: OPT,
        abs: OPT,
        note: Some("three inputs"),
        ..row(
            Max3,
            &[F32],
            MINMAX3,
            "9.7.3.12",
            "max{.ftz}{.NaN}{.abs}.f32 d, a, b, c",
        )
    },
    // 9.7.3.8 div: "div.approx{.ftz}.f32", "div.full{.ftz}.f32",
    // "div.rnd{.ftz}.f32", "div.rnd.f64".
    Row {
        approx: APPROX,
        ftz: OPT,
        note: Some("approximate: within the ISA's error bound, not the GPU's bits"),
        ..row(Div, &[F32], DIV_APPROX, "9.7.3.8", "div.approx{.ftz}.f32")
    },
    Row {
        approx: FULL,
        ftz: OPT,
        note: Some("approximate: within the ISA's error bound, not the GPU's bits"),
        ..row(Div, &[F32], DIV_APPROX, "9.7.3.8", "div.full{.ftz}.f32")
    },
    Row {
        rnd: RND,
        ftz: OPT,
        ..row(Div, &[F32], DIV_RND_F32, "9.7.3.8", "div.rnd{.ftz}.f32")
    },
    Row {
        rnd: RN,
        ..row(Div, &[F64], DIV_RN_F64, "9.7.3.8", "div.rnd.f64")
    },
    Row {
        rnd: RZ_RM_RP,
        ..row(Div, &[F64], DIV_DIRECTED_F64, "9.7.3.8", "div.rnd.f64")
    },
    Row {
        note: LEGACY_F32,
        ..row(
            Div,
            &[F32],
            F32_ALL,
            "9.7.3.8",
            "div.f32 (PTX ISA 1.0 to 1.3)",
        )
    },
    Row {
        note: LEGACY_F64,
        ..row(
            Div,
            &[F64],
            F64_ALL,
            "9.7.3.8",
            "div.f64 (PTX ISA 1.0 to 1.3)",
        )
    },
    // 9.7.3.9 abs: "abs{.ftz}.f32", "abs.f64"; 9.7.3.10 neg: the same.
    Row {
        ftz: OPT,
        ..row(Abs, &[F32], F32_ALL, "9.7.3.9", "abs{.ftz}.f32")
    },
    row(Abs, &[F64], F64_ALL, "9.7.3.9", "abs.f64"),
    Row {
        ftz: OPT,
        ..row(Neg, &[F32], F32_ALL, "9.7.3.10", "neg{.ftz}.f32")
    },
    row(Neg, &[F64], F64_ALL, "9.7.3.10", "neg.f64"),
    // 9.7.3.13 rcp: "rcp.approx{.ftz}.f32", "rcp.rnd{.ftz}.f32",
    // "rcp.rnd.f64"; 9.7.3.14: "rcp.approx.ftz.f64".
    Row {
        approx: APPROX,
        ftz: OPT,
        note: Some("approximate: within the ISA's error bound, not the GPU's bits"),
        ..row(Rcp, &[F32], DIV_APPROX, "9.7.3.13", "rcp.approx{.ftz}.f32")
    },
    Row {
        rnd: RND,
        ftz: OPT,
        ..row(Rcp, &[F32], DIV_RND_F32, "9.7.3.13", "rcp.rnd{.ftz}.f32")
    },
    Row {
        rnd: RN,
        ..row(Rcp, &[F64], DIV_RN_F64, "9.7.3.13", "rcp.rnd.f64")
    },
    Row {
        rnd: RZ_RM_RP,
        ..row(Rcp, &[F64], DIV_DIRECTED_F64, "9.7.3.13", "rcp.rnd.f64")
    },
    Row {
        approx: APPROX,
        ftz: YES,
        note: Some("approximate: within the ISA's error bound, not the GPU's bits"),
        ..row(
            Rcp,
            &[F64],
            RCP_APPROX_F64,
            "9.7.3.14",
            "rcp.approx.ftz.f64",
        )
    },
    Row {
        note: LEGACY_F32,
        ..row(
            Rcp,
            &[F32],
            F32_ALL,
            "9.7.3.13",
            "rcp.f32 (PTX ISA 1.0 to 1.3)",
        )
    },
    Row {
        note: LEGACY_F64,
        ..row(
            Rcp,
            &[F64],
            F64_ALL,
            "9.7.3.13",
            "rcp.f64 (PTX ISA 1.0 to 1.3)",
        )
    },
    // 9.7.3.15 sqrt: "sqrt.approx{.ftz}.f32", "sqrt.rnd{.ftz}.f32",
    // "sqrt.rnd.f64".
    Row {
        approx: APPROX,
        ftz: OPT,
        note: Some("approximate: within the ISA's error bound, not the GPU's bits"),
        ..row(
            Sqrt,
            &[F32],
            DIV_APPROX,
            "9.7.3.15",
            "sqrt.approx{.ftz}.f32",
        )
    },
    Row {
        rnd: RND,
        ftz: OPT,
        ..row(Sqrt, &[F32], DIV_RND_F32, "9.7.3.15", "sqrt.rnd{.ftz}.f32")
    },
    Row {
        rnd: RN,
        ..row(Sqrt, &[F64], DIV_RN_F64, "9.7.3.15", "sqrt.rnd.f64")
    },
    Row {
        rnd: RZ_RM_RP,
        ..row(Sqrt, &[F64], DIV_DIRECTED_F64, "9.7.3.15", "sqrt.rnd.f64")
    },
    Row {
        note: LEGACY_F32,
        ..row(
            Sqrt,
            &[F32],
            F32_ALL,
            "9.7.3.15",
            "sqrt.f32 (PTX ISA 1.0 to 1.3)",
        )
    },
    Row {
        note: LEGACY_F64,
        ..row(
            Sqrt,
            &[F64],
            F64_ALL,
            "9.7.3.15",
            "sqrt.f64 (PTX ISA 1.0 to 1.3)",
        )
    },
    // 9.7.3.16 rsqrt: "rsqrt.approx{.ftz}.f32", "rsqrt.approx.f64";
    // 9.7.3.17: "rsqrt.approx.ftz.f64".
    Row {
        approx: APPROX,
        ftz: OPT,
        note: Some("approximate: within the ISA's error bound, not the GPU's bits"),
        ..row(
            Rsqrt,
            &[F32],
            DIV_APPROX,
            "9.7.3.16",
            "rsqrt.approx{.ftz}.f32",
        )
    },
    Row {
        approx: APPROX,
        note: Some("approximate: within the ISA's error bound, not the GPU's bits"),
        ..row(Rsqrt, &[F64], RSQRT_F64, "9.7.3.16", "rsqrt.approx.f64")
    },
    Row {
        approx: APPROX,
        ftz: YES,
        note: Some("approximate: within the ISA's error bound, not the GPU's bits"),
        ..row(
            Rsqrt,
            &[F64],
            RSQRT_FTZ_F64,
            "9.7.3.17",
            "rsqrt.approx.ftz.f64",
        )
    },
    // 9.7.3.18 sin, 9.7.3.19 cos, 9.7.3.20 lg2, 9.7.3.21 ex2:
    // "sin.approx{.ftz}.f32" (and the others alike).
    Row {
        approx: APPROX,
        ftz: OPT,
        note: Some("approximate: within the ISA's error bound, not the GPU's bits"),
        ..row(Sin, &[F32], DIV_APPROX, "9.7.3.18", "sin.approx{.ftz}.f32")
    },
    Row {
        approx: APPROX,
        ftz: OPT,
        note: Some("approximate: within the ISA's error bound, not the GPU's bits"),
        ..row(Cos, &[F32], DIV_APPROX, "9.7.3.19", "cos.approx{.ftz}.f32")
    },
    Row {
        approx: APPROX,
        ftz: OPT,
        note: Some("approximate: within the ISA's error bound, not the GPU's bits"),
        ..row(Lg2, &[F32], DIV_APPROX, "9.7.3.20", "lg2.approx{.ftz}.f32")
    },
    Row {
        approx: APPROX,
        ftz: OPT,
        note: Some("approximate: within the ISA's error bound, not the GPU's bits"),
        ..row(Ex2, &[F32], DIV_APPROX, "9.7.3.21", "ex2.approx{.ftz}.f32")
    },
    // 9.7.3.16-21 PTX ISA Notes: "For PTX ISA versions 1.0 through 1.3,
    // `rsqrt.f32` defaults to `rsqrt.approx.ftz.f32`, and `rsqrt.f64`
    // defaults to `rsqrt.approx.f64`"; "`sin.f32` defaults to
    // `sin.approx.ftz.f32`" (cos, lg2, ex2 alike).
    Row {
        note: LEGACY_F32,
        ..row(
            Rsqrt,
            &[F32],
            F32_ALL,
            "9.7.3.16",
            "rsqrt.f32 (PTX ISA 1.0 to 1.3)",
        )
    },
    Row {
        note: LEGACY_APPROX_F64,
        ..row(
            Rsqrt,
            &[F64],
            F64_ALL,
            "9.7.3.16",
            "rsqrt.f64 (PTX ISA 1.0 to 1.3)",
        )
    },
    Row {
        note: LEGACY_F32,
        ..row(
            Sin,
            &[F32],
            F32_ALL,
            "9.7.3.18",
            "sin.f32 (PTX ISA 1.0 to 1.3)",
        )
    },
    Row {
        note: LEGACY_F32,
        ..row(
            Cos,
            &[F32],
            F32_ALL,
            "9.7.3.19",
            "cos.f32 (PTX ISA 1.0 to 1.3)",
        )
    },
    Row {
        note: LEGACY_F32,
        ..row(
            Lg2,
            &[F32],
            F32_ALL,
            "9.7.3.20",
            "lg2.f32 (PTX ISA 1.0 to 1.3)",
        )
    },
    Row {
        note: LEGACY_F32,
        ..row(
            Ex2,
            &[F32],
            F32_ALL,
            "9.7.3.21",
            "ex2.f32 (PTX ISA 1.0 to 1.3)",
        )
    },
    // 9.7.3.22 tanh: "tanh.approx.type", ".type = { .f32 }".
    Row {
        approx: APPROX,
        note: Some("approximate: within the ISA's error bound, not the GPU's bits"),
        ..row(Tanh, &[F32], TANH, "9.7.3.22", "tanh.approx.f32")
    },
    // 9.7.4.1 add: "add{.rnd}{.ftz}{.sat}.f16", "add{.rnd}.bf16", ".rnd = { .rn }".
    Row {
        rnd: OPT_RN,
        ftz: OPT,
        clamp: OPT_SAT,
        ..row(Add, F16S, HALF, "9.7.4.1", "add{.rnd}{.ftz}{.sat}.f16")
    },
    Row {
        rnd: OPT_RN,
        ..row(Add, BF16S, BF16_ARITH, "9.7.4.1", "add{.rnd}.bf16")
    },
    // 9.7.4.2 sub: as add.
    Row {
        rnd: OPT_RN,
        ftz: OPT,
        clamp: OPT_SAT,
        ..row(Sub, F16S, HALF, "9.7.4.2", "sub{.rnd}{.ftz}{.sat}.f16")
    },
    Row {
        rnd: OPT_RN,
        ..row(Sub, BF16S, BF16_ARITH, "9.7.4.2", "sub{.rnd}.bf16")
    },
    // 9.7.4.3 mul: "mul{.rnd}{.ftz}{.sat}.f16", "mul{.rnd}.bf16".
    Row {
        rnd: OPT_RN,
        ftz: OPT,
        clamp: OPT_SAT,
        ..row(Mul, F16S, HALF, "9.7.4.3", "mul{.rnd}{.ftz}{.sat}.f16")
    },
    Row {
        rnd: OPT_RN,
        ..row(Mul, BF16S, BF16_ARITH, "9.7.4.3", "mul{.rnd}.bf16")
    },
    // 9.7.4.4 fma: "fma.rnd{.ftz}{.sat}.f16", "fma.rnd{.ftz}.relu.f16",
    // "fma.rnd{.relu}.bf16", "fma.rnd.oob{.relu}.type".
    Row {
        rnd: RN,
        ftz: OPT,
        clamp: OPT_SAT,
        ..row(Fma, F16S, HALF, "9.7.4.4", "fma.rnd{.ftz}{.sat}.f16")
    },
    Row {
        rnd: RN,
        ftz: OPT,
        clamp: RELU,
        ..row(
            Fma,
            F16S,
            FMA_RELU_BF16,
            "9.7.4.4",
            "fma.rnd{.ftz}.relu.f16",
        )
    },
    Row {
        rnd: RN,
        clamp: OPT_RELU,
        ..row(Fma, BF16S, FMA_RELU_BF16, "9.7.4.4", "fma.rnd{.relu}.bf16")
    },
    Row {
        rnd: RN,
        oob: YES,
        clamp: OPT_RELU,
        ..row(Fma, HALVES, FMA_OOB, "9.7.4.4", "fma.rnd.oob{.relu}.type")
    },
    // 9.7.4.7 min, 9.7.4.8 max: "min{.ftz}{.NaN}{.xorsign.abs}.f16",
    // "min{.NaN}{.xorsign.abs}.bf16".
    Row {
        ftz: OPT,
        nan: OPT,
        ..row(Min, F16S, HALF_MINMAX, "9.7.4.7", "min{.ftz}{.NaN}.f16")
    },
    Row {
        ftz: OPT,
        nan: OPT,
        xorsign_abs: YES,
        ..row(
            Min,
            F16S,
            XORSIGN,
            "9.7.4.7",
            "min{.ftz}{.NaN}.xorsign.abs.f16",
        )
    },
    Row {
        nan: OPT,
        ..row(Min, BF16S, HALF_MINMAX, "9.7.4.7", "min{.NaN}.bf16")
    },
    Row {
        nan: OPT,
        xorsign_abs: YES,
        ..row(Min, BF16S, XORSIGN, "9.7.4.7", "min{.NaN}.xorsign.abs.bf16")
    },
    Row {
        ftz: OPT,
        nan: OPT,
        ..row(Max, F16S, HALF_MINMAX, "9.7.4.8", "max{.ftz}{.NaN}.f16")
    },
    Row {
        ftz: OPT,
        nan: OPT,
        xorsign_abs: YES,
        ..row(
            Max,
            F16S,
            XORSIGN,
            "9.7.4.8",
            "max{.ftz}{.NaN}.xorsign.abs.f16",
        )
    },
    Row {
        nan: OPT,
        ..row(Max, BF16S, HALF_MINMAX, "9.7.4.8", "max{.NaN}.bf16")
    },
    Row {
        nan: OPT,
        xorsign_abs: YES,
        ..row(Max, BF16S, XORSIGN, "9.7.4.8", "max{.NaN}.xorsign.abs.bf16")
    },
    // 9.7.4.5 neg: "neg{.ftz}.{f16,f16x2}", "neg.{bf16,bf16x2}"; 9.7.4.6
    // abs: the same.
    Row {
        ftz: OPT,
        ..row(Neg, F16S, HALF_NEG, "9.7.4.5", "neg{.ftz}.f16")
    },
    row(Neg, BF16S, BF16_NEG_ABS, "9.7.4.5", "neg.bf16"),
    Row {
        ftz: OPT,
        ..row(Abs, F16S, HALF_ABS, "9.7.4.6", "abs{.ftz}.f16")
    },
    row(Abs, BF16S, BF16_NEG_ABS, "9.7.4.6", "abs.bf16"),
    // 9.7.4.9 tanh: "tanh.approx.type", ".type = { .f16, .f16x2, .bf16,
    // .bf16x2 }"; 9.7.4.10 ex2: "ex2.approx.atype" (.f16, .f16x2),
    // "ex2.approx.ftz.btype" (.bf16, .bf16x2).
    Row {
        approx: APPROX,
        note: Some(MEASURED_HALF_APPROX),
        ..row(Tanh, F16S, TANH, "9.7.4.9", "tanh.approx.f16")
    },
    Row {
        approx: APPROX,
        note: Some(MEASURED_HALF_APPROX),
        ..row(Tanh, BF16S, HALF_APPROX_BF16, "9.7.4.9", "tanh.approx.bf16")
    },
    Row {
        approx: APPROX,
        note: Some(MEASURED_HALF_APPROX),
        ..row(Ex2, F16S, TANH, "9.7.4.10", "ex2.approx.f16")
    },
    Row {
        approx: APPROX,
        ftz: YES,
        note: Some(MEASURED_HALF_APPROX),
        ..row(
            Ex2,
            BF16S,
            HALF_APPROX_BF16,
            "9.7.4.10",
            "ex2.approx.ftz.bf16",
        )
    },
    // 9.7.5.1 add, 9.7.5.2 sub: "add{.rnd}{.sat}.f32.atype d, a, c;",
    // 9.7.5.3 fma: "fma.rnd{.sat}.f32.abtype d, a, b, c;".
    Row {
        rnd: OPT_RND,
        clamp: OPT_SAT,
        ..row(
            Add,
            MIXED,
            MIXED_PREC,
            "9.7.5.1",
            "add{.rnd}{.sat}.f32.atype",
        )
    },
    Row {
        rnd: OPT_RND,
        clamp: OPT_SAT,
        ..row(
            Sub,
            MIXED,
            MIXED_PREC,
            "9.7.5.2",
            "sub{.rnd}{.sat}.f32.atype",
        )
    },
    Row {
        rnd: RND,
        clamp: OPT_SAT,
        ..row(
            Fma,
            MIXED,
            MIXED_PREC,
            "9.7.5.3",
            "fma.rnd{.sat}.f32.abtype",
        )
    },
];

/// A modifier slot, in the order the syntax lines write them.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord)]
pub(crate) enum Slot {
    Approx,
    Rnd,
    Ftz,
    Oob,
    Clamp,
    Nan,
    Xorsign,
    Abs,
}

impl Slot {
    pub(crate) const ALL: [Slot; 8] = [
        Slot::Approx,
        Slot::Rnd,
        Slot::Ftz,
        Slot::Oob,
        Slot::Clamp,
        Slot::Nan,
        Slot::Xorsign,
        Slot::Abs,
    ];
    /// Whether `m`'s value in this slot is the slot left out.
    fn absent(self, m: &Mods) -> bool {
        match self {
            Slot::Approx => m.approx == Approx::None,
            Slot::Rnd => m.rnd.is_none(),
            Slot::Ftz => !m.ftz,
            Slot::Oob => !m.oob,
            Slot::Clamp => m.clamp == Clamp::None,
            Slot::Nan => !m.nan,
            Slot::Xorsign => !m.xorsign_abs,
            Slot::Abs => !m.abs,
        }
    }
    /// `m`'s value in this slot as written (`.rz`, `.relu`), "" if absent.
    pub(crate) fn text(self, m: &Mods) -> &'static str {
        match self {
            Slot::Approx => match m.approx {
                Approx::None => "",
                Approx::Approx => ".approx",
                Approx::Full => ".full",
            },
            Slot::Rnd => m.rnd.map_or("", crate::form::round_suffix),
            Slot::Ftz if m.ftz => ".ftz",
            Slot::Oob if m.oob => ".oob",
            Slot::Clamp => match m.clamp {
                Clamp::None => "",
                Clamp::Sat => ".sat",
                Clamp::Relu => ".relu",
            },
            Slot::Nan if m.nan => ".NaN",
            Slot::Xorsign if m.xorsign_abs => ".xorsign.abs",
            Slot::Abs if m.abs => ".abs",
            _ => "",
        }
    }
    fn part(self) -> Part {
        Part::Slot(self)
    }
}

impl Row {
    /// Whether the row admits `m`'s value in `slot`.
    fn admits(&self, slot: Slot, m: &Mods) -> bool {
        match slot {
            Slot::Approx => self.approx.contains(&m.approx),
            Slot::Rnd => self.rnd.contains(&m.rnd),
            Slot::Ftz => self.ftz.contains(&m.ftz),
            Slot::Oob => self.oob.contains(&m.oob),
            Slot::Clamp => self.clamp.contains(&m.clamp),
            Slot::Nan => self.nan.contains(&m.nan),
            Slot::Xorsign => self.xorsign_abs.contains(&m.xorsign_abs),
            Slot::Abs => self.abs.contains(&m.abs),
        }
    }
    /// Whether the row admits the slot left out.
    fn admits_absent(&self, slot: Slot) -> bool {
        self.admits(slot, &Mods::default())
    }
    /// Whether the row is `op` on `ty` with the modifiers `m`.
    pub fn admits_form(&self, op: Opcode, m: &Mods, ty: FormType) -> bool {
        self.op == op && self.types.contains(&ty) && Slot::ALL.iter().all(|&s| self.admits(s, m))
    }
    /// Every form of the row.
    fn forms(&self) -> impl Iterator<Item = Form> + '_ {
        let mods = self.approx.iter().flat_map(move |&approx| {
            self.rnd.iter().flat_map(move |&rnd| {
                self.ftz.iter().flat_map(move |&ftz| {
                    self.oob.iter().flat_map(move |&oob| {
                        self.clamp.iter().flat_map(move |&clamp| {
                            self.nan.iter().flat_map(move |&nan| {
                                self.xorsign_abs.iter().flat_map(move |&xorsign_abs| {
                                    self.abs.iter().map(move |&abs| Mods {
                                        approx,
                                        rnd,
                                        ftz,
                                        oob,
                                        clamp,
                                        nan,
                                        xorsign_abs,
                                        abs,
                                    })
                                })
                            })
                        })
                    })
                })
            })
        });
        mods.flat_map(move |m| {
            self.types
                .iter()
                .map(move |&ty| Form::checked(self.op, m, ty))
        })
    }
}

/// The row a form falls under.
pub fn row_of(op: Opcode, m: &Mods, ty: FormType) -> Option<&'static Row> {
    SYNTAX.iter().find(|r| r.admits_form(op, m, ty))
}

/// "a, b CONJ c".
fn list<T: AsRef<str>>(xs: &[T], conj: &str) -> String {
    match xs {
        [] => String::new(),
        [x] => x.as_ref().to_string(),
        [init @ .., last] => format!(
            "{} {conj} {}",
            init.iter()
                .map(AsRef::as_ref)
                .collect::<Vec<_>>()
                .join(", "),
            last.as_ref()
        ),
    }
}

/// "a, b and c".
fn and_list<T: AsRef<str>>(xs: &[T]) -> String {
    list(xs, "and")
}

/// "a, b or c".
pub(crate) fn or_list<T: AsRef<str>>(xs: &[T]) -> String {
    list(xs, "or")
}

/// The opcodes, in [`Opcode::ALL`] order, of the rows that `keep` selects.
fn ops_where(keep: impl Fn(&Row) -> bool) -> Vec<&'static str> {
    Opcode::ALL
        .into_iter()
        .filter(|&o| SYNTAX.iter().any(|r| r.op == o && keep(r)))
        .map(Opcode::name)
        .collect()
}

/// The values `slot` takes in the forms of `rows`, each once, in order.
fn slot_values(rows: &[&Row], slot: Slot) -> Vec<&'static str> {
    let mut v: Vec<&'static str> = Vec::new();
    for r in rows {
        for x in r.forms() {
            let s = slot.text(&x.mods());
            if !s.is_empty() && !v.contains(&s) {
                v.push(s);
            }
        }
    }
    v
}

fn illegal(part: Part, message: String, help: impl Into<String>) -> Result<(), Illegal> {
    Err(Illegal {
        part,
        message,
        help: help.into(),
    })
}

/// Is `op` on `ty` with the modifiers `m` a form of the table? If not, which
/// part is at fault, why, and how to fix it — all read from the rows.
pub(crate) fn legality(op: Opcode, m: &Mods, ty: FormType) -> Result<(), Illegal> {
    if row_of(op, m, ty).is_some() {
        return Ok(());
    }
    let (o, t) = (op.name(), ty.suffix());
    let rows: Vec<&Row> = SYNTAX
        .iter()
        .filter(|r| r.op == op && r.types.contains(&ty))
        .collect();
    if rows.is_empty() {
        return no_such_pair(op, m, ty);
    }
    // Walk the slots in order, keeping the rows that admit every value so
    // far: the first value none of them admits is at fault.
    let mut fit = rows.clone();
    for (k, &slot) in Slot::ALL.iter().enumerate() {
        let next: Vec<&Row> = fit.iter().copied().filter(|r| r.admits(slot, m)).collect();
        if !next.is_empty() {
            fit = next;
            continue;
        }
        let value = slot.text(m);
        if slot.absent(m) && slot == Slot::Approx {
            // `sin.f32`: the opcode exists only as `.approx`.
            let r = rows[0];
            return illegal(
                Part::Op,
                format!(
                    "{o}{t} requires .approx ({}: {}): PTX defines only an approximation",
                    r.section, r.syntax
                ),
                format!("write {o}.approx{t}"),
            );
        }
        if slot.absent(m) && slot != Slot::Rnd {
            // A modifier the remaining lines all require: `.ftz` of
            // `rcp.approx.ftz.f64`.
            let wanted = slot_values(&fit, slot);
            if let (Some(&first), Some(&r)) = (wanted.first(), fit.first()) {
                let given: String = Slot::ALL[..k].iter().map(|e| e.text(m)).collect();
                return illegal(
                    Part::Op,
                    format!(
                        "{o}{given}{t} requires {} ({}: {})",
                        or_list(&wanted),
                        r.section,
                        r.syntax
                    ),
                    format!("write {o}{given}{first}{t}"),
                );
            }
        }
        if slot.absent(m) {
            // The rounding modifier, required (or `.approx`/`.full` instead).
            let r = rows
                .iter()
                .copied()
                .find(|r| r.rnd.iter().any(Option::is_some))
                .unwrap_or(rows[0]);
            let approx: Vec<&str> = rows
                .iter()
                .flat_map(|r| r.approx.iter())
                .filter_map(|a| match a {
                    Approx::None => None,
                    Approx::Approx => Some(".approx"),
                    Approx::Full => Some(".full"),
                })
                .collect::<std::collections::BTreeSet<_>>()
                .into_iter()
                .collect();
            if !approx.is_empty() {
                // The approximate spelling to suggest, with `.ftz` where
                // its row admits no other (`rcp.approx.ftz.f64`).
                let ftz = rows
                    .iter()
                    .find(|r| r.approx.iter().any(|a| *a != Approx::None))
                    .is_some_and(|r| r.ftz == [true]);
                let ftz = if ftz { ".ftz" } else { "" };
                return illegal(
                    Part::Op,
                    format!(
                        "{o}{t} requires a rounding modifier or {} ({}: one of them is required from PTX ISA 1.4 on)",
                        or_list(&approx),
                        r.section
                    ),
                    format!("write {o}.rn{t} (correctly rounded) or {o}{}{ftz}{t}", approx[0]),
                );
            }
            let mut modes = r
                .rnd
                .iter()
                .flatten()
                .map(|&rm| crate::form::round_suffix(rm));
            let first = modes.next().unwrap_or(".rn");
            let others: Vec<&str> = modes.collect();
            let also = if others.is_empty() {
                String::new()
            } else {
                format!(" (or {})", others.join(", "))
            };
            return illegal(
                Part::Op,
                format!(
                    "{o}{t} requires a rounding modifier ({}: .rnd has no default)",
                    r.section
                ),
                format!("write {o}{first}{t}{also}"),
            );
        }
        // Rows of this opcode and type that admit the value: then it clashes
        // with an earlier modifier.
        let others: Vec<&Row> = rows.iter().copied().filter(|r| r.admits(slot, m)).collect();
        if let Some(&r) = others.first() {
            let earlier = Slot::ALL[..k]
                .iter()
                .copied()
                .find(|&e| !e.absent(m) && !r.admits(e, m));
            // No written modifier clashes: the other line needs one that is
            // missing (`rcp.ftz.f64`: `.ftz` only with `.approx`).
            let missing = Slot::ALL[..k]
                .iter()
                .copied()
                .find(|&e| e.absent(m) && !r.admits(e, m));
            if let (None, Some(e)) = (earlier, missing) {
                let needs = slot_values(&[r], e);
                return illegal(
                    slot.part(),
                    format!(
                        "{value} of {o}{t} needs {} ({}: {})",
                        or_list(&needs),
                        r.section,
                        r.syntax
                    ),
                    format!("add {} or remove {value}", or_list(&needs)),
                );
            }
            let earlier = earlier.unwrap_or(slot);
            // Blame the modifier that the other line can do without: when
            // this value defines its line (`.oob`), the earlier one.
            let defining = !others.iter().any(|r| r.admits_absent(slot));
            let (blamed, other) = if defining {
                (earlier, slot)
            } else {
                (slot, earlier)
            };
            return illegal(
                blamed.part(),
                format!(
                    "{} cannot be combined with {} ({}: {})",
                    blamed.text(m),
                    other.text(m),
                    r.section,
                    r.syntax
                ),
                format!("remove {}", blamed.text(m)),
            );
        }
        // No line of this opcode and type has it: another opcode's may.
        // (Among the lines of the same kind: `.ftz` of `ex2.approx.ftz.bf16`
        // says nothing to `add.ftz.bf16`.)
        let elsewhere =
            ops_where(|r| r.types.contains(&ty) && r.admits(slot, m) && r.admits(Slot::Approx, m));
        if !elsewhere.is_empty() {
            return illegal(
                slot.part(),
                format!(
                    "{value} is only defined for {}, not {o}{t}",
                    or_list(&elsewhere)
                ),
                format!("remove {value}"),
            );
        }
        let admitted = slot_values(&rows, slot);
        let family = ty.family();
        let (why, help) = match slot {
            Slot::Rnd if admitted.is_empty() => (
                format!("{family} forms take no rounding modifier"),
                "remove it".to_string(),
            ),
            Slot::Rnd => (
                format!("{family} forms take only {}", or_list(&admitted)),
                if rows.iter().any(|r| r.admits_absent(Slot::Rnd)) {
                    format!("use {} or no rounding modifier", or_list(&admitted))
                } else {
                    format!("use {}", or_list(&admitted))
                },
            ),
            _ if admitted.is_empty() => (
                format!("{family} forms take no {value}"),
                format!("remove {value}"),
            ),
            _ => (
                format!("{o}{t} takes {}", or_list(&admitted)),
                format!("remove {value} ({o}{t} accepts {})", or_list(&admitted)),
            ),
        };
        return illegal(
            slot.part(),
            format!("{value} is not allowed for {o}{t}: {why}"),
            help,
        );
    }
    unreachable!("a value every slot admits is a form of some row")
}

/// The error for an opcode that takes no form of type `ty` at all.
fn no_such_pair(op: Opcode, m: &Mods, ty: FormType) -> Result<(), Illegal> {
    let (o, t) = (op.name(), ty.suffix());
    let ops = ops_where(|r| r.types.contains(&ty));
    // The same modifiers under the opcodes that do take the type, those of
    // the same arity if there are any (`mad.rn.f16`: `fma.rn.f16`;
    // `add.rn.f32`: `fma.rn.f32 or mad.rn.f32`).
    let siblings = |same: bool| -> Vec<String> {
        Opcode::ALL
            .into_iter()
            .filter(|s| *s != op && (s.arity() == op.arity()) == same)
            .filter(|&s| row_of(s, m, ty).is_some())
            .map(|s| Form::checked(s, *m, ty).to_string())
            .collect()
    };
    let mut sibling = siblings(true);
    if sibling.is_empty() {
        sibling = siblings(false);
    }
    let help = if sibling.is_empty() {
        format!("use {}", or_list(&ops))
    } else {
        format!("use {}", sibling.join(" or "))
    };
    let types: Vec<&str> = FormType::ALL
        .into_iter()
        .filter(|&x| SYNTAX.iter().any(|r| r.op == op && r.types.contains(&x)))
        .map(FormType::suffix)
        .collect();
    let family = match ty {
        FormType::F32 => ".f32",
        FormType::F64 => ".f64",
        _ if ty.is_mixed() => "mixed precision",
        _ => "half precision",
    };
    illegal(
        Part::Op,
        format!(
            "{o} does not take {t}; {o} takes {}: {family} has only {}",
            or_list(&types),
            and_list(&ops)
        ),
        help,
    )
}

impl Form {
    /// Builds a form, or says why that combination is not one of the spec's
    /// syntax lines (the message, then the fix in parentheses).
    pub fn new(op: Opcode, mods: Mods, ty: FormType) -> Result<Form, String> {
        legality(op, &mods, ty).map_err(|e| format!("{} ({})", e.message, e.help))?;
        Ok(Form::checked(op, mods, ty))
    }

    /// The same form with another rounding modifier, if that is legal.
    pub fn with_rnd(&self, rnd: Option<Round>) -> Option<Form> {
        Form::new(self.op(), Mods { rnd, ..self.mods() }, self.ty()).ok()
    }

    /// Every legal form: every combination each row of the table admits,
    /// ordered by type, opcode, rounding modifier (none, `.rn`, `.rz`, `.rm`,
    /// `.rp`), `.ftz`, `.oob`, clamp (none, `.sat`, `.relu`), `.NaN`,
    /// `.xorsign.abs`, `.abs`.
    pub fn all() -> Vec<Form> {
        let mut out: Vec<Form> = SYNTAX.iter().flat_map(Row::forms).collect();
        let rnd_rank = |r: Option<Round>| OPT_RND.iter().position(|&x| x == r);
        out.sort_by_key(|f| {
            let m = f.mods();
            (
                FormType::ALL.iter().position(|&t| t == f.ty()),
                f.op(),
                m.approx,
                rnd_rank(m.rnd),
                m.ftz,
                m.oob,
                m.clamp,
                m.nan,
                m.xorsign_abs,
                m.abs,
            )
        });
        out
    }

    /// The table row this form falls under.
    pub fn row(&self) -> &'static Row {
        row_of(self.op(), &self.mods(), self.ty()).expect("a Form is a form of the table")
    }

    /// Minimum PTX ISA version and target of this form: its row's.
    pub fn requires(&self) -> (PtxVersion, Target) {
        let r = self.row();
        (r.ptx, Target::sm(r.sm))
    }
}
