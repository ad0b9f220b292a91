//! `cvt` (PTX ISA 9.7.9.21), as one table of rows: every conversion ptxfp
//! models, between the integer types, `.f16`, `.bf16`, `.f32`, `.f64`,
//! `.tf32`, the packed `.f16x2`, `.bf16x2`, `.e4m3x2`, `.e5m2x2`, the
//! FP4/FP6 pairs, the `.rs` (stochastic rounding) quads `.e4m3x4` ...
//! `.e2m1x4` and the `.ue8m0x2` scale factors; and `cvt.pack` (9.7.9.22),
//! two `.s32` saturated to `.u2` ... `.s16` and packed.
//!
//! Each [`CvtRow`] is one syntax line of the spec (or the part of one that
//! has its own requirement), with the modifier values it admits, its
//! destination and source types, its minimum PTX ISA version and target,
//! and its section. Parsing ([`Cvt::parse`]), legality and its messages,
//! the requirements ([`Cvt::requires_on`]), the canonical spelling
//! (`Display`) and the list of forms ([`Cvt::all`]) are derived from
//! [`ROWS`]; the rows never overlap (a test holds every form to exactly
//! one row).

use crate::diag::Diagnostic;
use crate::syntax::or_list;
use crate::target::{PtxVersion, Target};
use crate::types::PtxType;
use core::fmt;
use ptxfp_float::Round;

/// The rounding modifier of a `cvt`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum CvtRound {
    /// No rounding modifier.
    None,
    /// `.rn .rz .rm .rp` (9.7.9.21 "Floating Point Notes").
    Float(Round),
    /// `.rni .rzi .rmi .rpi`: "round to nearest integer, choosing even
    /// integer if source is equidistant", "... in the direction of zero",
    /// "... of negative infinity", "... of positive infinity" (9.7.9.21
    /// "Integer Notes").
    Int(Round),
    /// `.rna`: "rounding to nearest, with ties away from zero" (`.tf32` only).
    NearestAway,
    /// `.rs`: "Stochastic rounding is achieved through the use of the
    /// supplied random bits. Operation's result is rounded in the direction
    /// toward zero or away from zero based on the carry out of the integer
    /// addition of the supplied random bits (`rbits`) to the truncated off
    /// (discarded) bits of mantissa from the input" (9.7.9.21 "Floating
    /// Point Notes").
    Stochastic,
}

impl CvtRound {
    /// The modifier as written (`".rni"`), empty for [`CvtRound::None`].
    pub fn name(self) -> &'static str {
        let i = |r: Round| Round::ALL.iter().position(|&x| x == r).unwrap_or(0);
        match self {
            CvtRound::None => "",
            CvtRound::Float(r) => [".rn", ".rz", ".rm", ".rp"][i(r)],
            CvtRound::Int(r) => [".rni", ".rzi", ".rmi", ".rpi"][i(r)],
            CvtRound::NearestAway => ".rna",
            CvtRound::Stochastic => ".rs",
        }
    }

    fn parse(word: &str) -> Option<CvtRound> {
        [FRND, IRND, RNA, RS]
            .iter()
            .flat_map(|s| s.iter())
            .copied()
            .find(|r| &r.name()[1..] == word)
    }
}

/// The `.convertType` of `cvt.pack` (9.7.9.22): `.convertType = { .u16,
/// .s16 }` (two sources) and `{ .u2, .s2, .u4, .s4, .u8, .s8 }` (with `c`).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum PackTo {
    /// `.u2`
    U2,
    /// `.s2`
    S2,
    /// `.u4`
    U4,
    /// `.s4`
    S4,
    /// `.u8`
    U8,
    /// `.s8`
    S8,
    /// `.u16`
    U16,
    /// `.s16`
    S16,
}

impl PackTo {
    const ALL: [(PackTo, &'static str); 8] = [
        (PackTo::U2, "u2"),
        (PackTo::S2, "s2"),
        (PackTo::U4, "u4"),
        (PackTo::S4, "s4"),
        (PackTo::U8, "u8"),
        (PackTo::S8, "s8"),
        (PackTo::U16, "u16"),
        (PackTo::S16, "s16"),
    ];

    /// The name without the dot (`"u4"`).
    pub fn name(self) -> &'static str {
        PackTo::ALL
            .iter()
            .find(|(p, _)| *p == self)
            .map_or("?", |(_, n)| n)
    }

    fn parse(word: &str) -> Option<PackTo> {
        PackTo::ALL
            .iter()
            .find(|(_, n)| *n == word)
            .map(|(p, _)| *p)
    }

    /// `sizeInBits(convertType)`.
    pub fn bits(self) -> u32 {
        match self {
            PackTo::U2 | PackTo::S2 => 2,
            PackTo::U4 | PackTo::S4 => 4,
            PackTo::U8 | PackTo::S8 => 8,
            PackTo::U16 | PackTo::S16 => 16,
        }
    }

    /// `MIN(convertType)` and `MAX(convertType)`.
    pub fn range(self) -> (i64, i64) {
        let w = self.bits();
        match self {
            PackTo::S2 | PackTo::S4 | PackTo::S8 | PackTo::S16 => {
                (-(1 << (w - 1)), (1 << (w - 1)) - 1)
            }
            _ => (0, (1 << w) - 1),
        }
    }

    /// True for the forms with the operand `c` (`.cType = { .b32 }`):
    /// every convertType but `.u16` and `.s16`.
    pub fn takes_c(self) -> bool {
        self.bits() < 16
    }
}

/// A `cvt` form: its rounding, modifiers and types. Only [`Cvt::parse`]
/// and [`Cvt::all`] build one, so every `Cvt` is a form of a row.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Cvt {
    /// The rounding modifier.
    pub rnd: CvtRound,
    /// `.ftz`: `.f32` subnormal inputs and results become signed zeros.
    pub ftz: bool,
    /// `.sat`: an integer result clamps to its range; a float result to
    /// [0.0, 1.0], NaN to +0.0.
    pub sat: bool,
    /// `.relu`: negative results become +0.0, NaN the canonical NaN.
    pub relu: bool,
    /// `.satfinite`: a result beyond the largest finite value becomes it.
    pub satfinite: bool,
    /// The destination type.
    pub dst: PtxType,
    /// The source type.
    pub src: PtxType,
    /// `cvt.pack` (9.7.9.22) and its `.convertType`; the form's `dst` is
    /// then `.u32` ("Destination d is an unsigned 32-bit integer") and its
    /// `src` `.s32` (`.abType`).
    pub pack: Option<PackTo>,
    /// `.scaled::n2::ue8m0`: "the instruction uses packed scale-factor with
    /// 2 scale values of `ue8m0` type. Operand `scale-factor` and qualifier
    /// `.scaled::n2::ue8m0` must be used together" (the `.s2f6x2` forms, and from PTX ISA 9.2 `.bf16x2` from the
    /// fp8/fp6/fp4 pairs).
    pub scaled: bool,
    /// `.pzo` (PTX ISA 9.4): "it enforces the generation of positive zeros
    /// only in the output. In other words, if the result of the conversion
    /// produces `-0.0`, it will be forced to `+0.0`".
    pub pzo: bool,
    /// `.scaled::n1::ue8m0` (PTX ISA 9.4): one `.b8` scale factor for both
    /// inputs, "`d[15:8] = convert(a / scale-factor[7:0])`", with
    /// "subnormal values for inputs `a` and `b` [...] flushed to zero
    /// before conversion".
    pub scaled_n1: bool,
}

/// How a row's destination and source types combine.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Pair {
    /// Every destination with every source.
    Any,
    /// Integer types where the destination's range does not hold the
    /// source's: "The saturation modifier is allowed only in cases where
    /// the destination type's value range is not a superset of the source
    /// type's value range".
    Narrowing,
    /// Integer types where it does (`.sat` is illegal).
    Widening,
}

/// One syntax line of the spec (or the part of one with its own requirement).
#[derive(Clone, Copy, Debug)]
pub struct CvtRow {
    /// The spec's syntax line, types spelled out.
    pub syntax: &'static str,
    /// The rounding modifiers admitted ([`CvtRound::None`]: left out).
    pub rnd: &'static [CvtRound],
    /// `.ftz` absent and/or present.
    pub ftz: &'static [bool],
    /// `.sat` absent and/or present.
    pub sat: &'static [bool],
    /// `.relu` absent and/or present.
    pub relu: &'static [bool],
    /// `.satfinite` absent and/or present.
    pub satfinite: &'static [bool],
    /// `.scaled::n2::ue8m0` (with its `scale-factor` operand) absent and/or present.
    pub scaled: &'static [bool],
    /// `.pzo` absent and/or present.
    pub pzo: &'static [bool],
    /// `.scaled::n1::ue8m0` (with its `.b8` `scale-factor`) absent and/or
    /// present.
    pub scaled_n1: &'static [bool],
    /// Destination types.
    pub dst: &'static [PtxType],
    /// Source types.
    pub src: &'static [PtxType],
    /// How they combine.
    pub pair: Pair,
    /// "Introduced in PTX ISA version ...".
    pub ptx: PtxVersion,
    /// "Requires sm_... or higher".
    pub sm: u16,
    /// A lower version that a higher target allows (`cvt` with `.e4m3x2`:
    /// "for sm_90 or higher introduced in PTX ISA version 7.8", "for sm_89
    /// introduced in PTX ISA version 8.1").
    pub alt: Option<(PtxVersion, u16)>,
    /// The PTX ISA section.
    pub section: &'static str,
    /// The `a`/`f` target suffix the line needs, beyond the sm number.
    pub suffix: Suffix,
    /// `cvt.pack`'s `.convertType` values (`[None]`: not a `cvt.pack` line).
    pub pack: &'static [Option<PackTo>],
}

pub use crate::target::Suffix;

const fn v(major: u8, minor: u8) -> PtxVersion {
    PtxVersion::new(major, minor)
}

const RN: CvtRound = CvtRound::Float(Round::NearestEven);
const RZ: CvtRound = CvtRound::Float(Round::TowardZero);
const RM: CvtRound = CvtRound::Float(Round::TowardNegative);
const RP: CvtRound = CvtRound::Float(Round::TowardPositive);
const NONE: &[CvtRound] = &[CvtRound::None];
/// `.irnd = { .rni, .rzi, .rmi, .rpi }`.
const IRND: &[CvtRound] = &[
    CvtRound::Int(Round::NearestEven),
    CvtRound::Int(Round::TowardZero),
    CvtRound::Int(Round::TowardNegative),
    CvtRound::Int(Round::TowardPositive),
];
/// `.frnd = { .rn, .rz, .rm, .rp }`.
const FRND: &[CvtRound] = &[RN, RZ, RM, RP];
/// `.frnd2 = { .rn, .rz }`.
const FRND2: &[CvtRound] = &[RN, RZ];
/// `.frnd3 = { .rz, .rp }`.
const FRND3: &[CvtRound] = &[RZ, RP];
/// `.frnd4 = { .rn, .rz, .rp }` (PTX ISA 9.4, `.ue5m3x2`).
const FRND4: &[CvtRound] = &[RN, RZ, RP];
const RS: &[CvtRound] = &[CvtRound::Stochastic];
const ONLY_RN: &[CvtRound] = &[RN];
const ONLY_RZ: &[CvtRound] = &[RZ];
const RNA: &[CvtRound] = &[CvtRound::NearestAway];
const NO: &[bool] = &[false];
const OPT: &[bool] = &[false, true];
const YES: &[bool] = &[true];

use PtxType::{
    BF16x2, E2m1x2, E2m1x4, E2m3x2, E2m3x4, E3m2x2, E3m2x4, E4m3x2, E4m3x4, E5m2x2, E5m2x4, F16x2,
    S2f6x2, Tf32, Ue5m3x2, Ue8m0x2, B32, BF16, F16, F32, F64, S16, S32, S64, S8, U16, U32, U64, U8,
};
const INTS: &[PtxType] = &[U8, U16, U32, U64, S8, S16, S32, S64];
const F8X2: &[PtxType] = &[E4m3x2, E5m2x2];
/// `.f8x2type`, `.f6x2type` and `.f4x2type`.
const NARROW_X2: &[PtxType] = &[E4m3x2, E5m2x2, E2m3x2, E3m2x2, E2m1x2];
/// `.f4x2type` and `.f6x2type`.
const F4F6X2: &[PtxType] = &[E2m1x2, E2m3x2, E3m2x2];
/// `.f8x4type`, `.f6x4type` and `.f4x4type`.
const X4: &[PtxType] = &[E4m3x4, E5m2x4, E2m3x4, E3m2x4, E2m1x4];
const SECTION: &str = "9.7.9.21";

/// A row with every modifier absent.
const fn row(
    syntax: &'static str,
    dst: &'static [PtxType],
    src: &'static [PtxType],
    (ptx, sm): (PtxVersion, u16),
) -> CvtRow {
    CvtRow {
        syntax,
        rnd: NONE,
        ftz: NO,
        sat: NO,
        relu: NO,
        satfinite: NO,
        scaled: NO,
        pzo: NO,
        scaled_n1: NO,
        dst,
        src,
        pair: Pair::Any,
        ptx,
        sm,
        alt: None,
        section: SECTION,
        suffix: Suffix::None,
        pack: &[None],
    }
}

/// "Introduced in PTX ISA version 1.0."
const BASE: (PtxVersion, u16) = (v(1, 0), 10);
/// "`cvt` to or from `.f64` requires `sm_13` or higher."
const F64_SM: (PtxVersion, u16) = (v(1, 0), 13);
/// "`cvt.bf16.{u8/s8/u16/s16/u32/s32/u64/s64/f16/f64/bf16}`,
/// `cvt.{u8/s8/u16/s16/u32/s32/u64/s64/f16/f64}.bf16`, and
/// `cvt.tf32.f32.{relu}.{rn/rz}` introduced in PTX ISA version 7.8",
/// "require `sm_90` or higher"; also `.ftz` for `cvt.f32.bf16`.
const BF16_78: (PtxVersion, u16) = (v(7, 8), 90);
/// "`.relu` modifier and {`.f16x2`, `.bf16`, `.bf16x2`, `.tf32`}
/// destination formats introduced in PTX ISA version 7.0", "require
/// `sm_80` or higher".
const RELU_70: (PtxVersion, u16) = (v(7, 0), 80);
/// "`cvt.satfinite.{f16, bf16, f16x2, bf16x2, tf32}.f32` introduced in PTX
/// ISA version 8.1" (sm_80 as the destination formats).
const SATFINITE_81: (PtxVersion, u16) = (v(8, 1), 80);
/// "`cvt` with `.e4m3x2`/`.e5m2x2` for `sm_89` introduced in PTX ISA
/// version 8.1"; "for `sm_90` or higher introduced in PTX ISA version 7.8".
const F8_81: (PtxVersion, u16) = (v(8, 1), 89);
/// "`cvt.rn.satfinite{.relu}.{e2m1x2/e2m3x2/e3m2x2/ue8m0x2}.f32` introduced
/// in PTX ISA version 8.6", "`cvt.rn{.relu}.f16x2.{e2m1x2/e2m3x2/e3m2x2}`
/// introduced in PTX ISA version 8.6": on sm_100a, sm_101a, sm_120a, and
/// from 8.8 the family targets sm_100f, sm_101f, sm_120f and up.
const F4F6_86: (PtxVersion, u16) = (v(8, 6), 100);
/// "`cvt.rn.satfinite{.relu}{.e5m2x2/.e4m3x2}{.bf16x2}` introduced in PTX
/// ISA version 9.1", "`cvt.rn.satfinite{.relu}{.e2m3x2/.e3m2x2/.e2m1x2}
/// {.f16x2/.bf16x2}` introduced in PTX ISA version 9.1": on sm_100f,
/// sm_110f, sm_120f and higher in their families.
const PACKED_91: (PtxVersion, u16) = (v(9, 1), 100);
/// The family members are not told apart: any `a`/`f` target from sm_100
/// on counts (docs/NVIDIA.md "cvt: integers, integral values, tf32 and fp8").
const ARCH_NOTE: Suffix = Suffix::ArchOrFamilyFrom88;
const FAMILY_NOTE: Suffix = Suffix::Family;
/// "`.rs` rounding mode introduced in PTX ISA version 8.7",
/// "`cvt.rs{.e2m1x4/.e4m3x4/.e5m2x4/.e3m2x4/.e2m3x4}.f32` introduced in PTX
/// ISA version 8.7"; both "supported on following architectures: sm_100a,
/// sm_103a, sm_107a" (PTX ISA 9.4's list; 8.7's stopped at sm_103a).
const RS_87: (PtxVersion, u16) = (v(8, 7), 100);
const RS_NOTE: Suffix = Suffix::ArchIn(&[100, 103, 107]);
/// "`cvt` with `.s2f6x2` instruction type introduced in PTX ISA version
/// 9.1"; "`cvt` with `.s2f6x2` instruction type is supported on following
/// architectures: `sm_100a`, `sm_103a`, `sm_107a`, `sm_110a`, `sm_120a`,
/// `sm_121a`" (PTX ISA 9.4's list; 9.1's had no `sm_107a`).
const S2F6_91: (PtxVersion, u16) = (v(9, 1), 100);
/// "`.rz` rounding mode on `cvt.{e4m3x2, e5m2x2, e2m3x2, e3m2x2,
/// e2m1x2}.{f32/f16x2/bf16x2}` introduced in PTX ISA version 9.4", "`.pzo`
/// qualifier is introduced in PTX ISA version 9.4"; each "is supported on
/// following family-specific architectures: `sm_107f` or higher in the
/// same family".
const SM107F_94: (PtxVersion, u16) = (v(9, 4), 107);
const S2F6_NOTE: Suffix = Suffix::ArchIn(&[100, 103, 107, 110, 120, 121]);
/// `cvt.rn{.relu}{.satfinite}{.scaled::n2::ue8m0}.bf16x2.{f8x2type,
/// f6x2type,f4x2type}`: PTX ISA 9.2 (CUDA 13.2). The syntax line is
/// transcribed from a quotation of the ISA's `cvt` syntax block
/// (`cvt.rn{.relu}{.satfinite}{.scaled::n2::ue8m0}.bf16x2.f4x2type d, a{,
/// scale-factor};`) and from PTX written for it ("requires PTX 9.2 (CUDA
/// 13.2)", on `sm_100f`/`sm_110f` family targets); the ISA's own Target
/// ISA Notes text was not at hand, so the targets are those of the 9.1
/// packed lines beside it (`sm_100f`, `sm_110f`, `sm_120f` and up in their
/// families), docs/NVIDIA.md "cvt: scaled bf16x2 from fp8/fp6/fp4".
const BF16X2_92: (PtxVersion, u16) = (v(9, 2), 100);
/// `cvt.pack` (9.7.9.22): "Introduced in PTX ISA version 6.5", "Requires
/// sm_72 or higher".
const PACK_65: (PtxVersion, u16) = (v(6, 5), 72);
/// "Sub byte types (`.u4`/`.s4` and `.u2`/`.s2`) requires sm_75 or higher."
const PACK_SUB_BYTE: (PtxVersion, u16) = (v(6, 5), 75);

/// Every `cvt` form ptxfp models (PTX ISA 9.7.9.21, and `cvt.pack`, 9.7.9.22).
///
/// Roundings: "Integer rounding is required for float-to-integer
/// conversions, and for same-size float-to-float conversions where the
/// value is rounded to an integer. Integer rounding is illegal in all
/// other instances." "Floating-point rounding is required for
/// float-to-float conversions that result in loss of precision, and for
/// integer-to-float conversions. Floating-point rounding is illegal in all
/// other instances." (The spec's example `cvt.f32.s32 f,i;` contradicts the
/// second sentence and its list "Rounding modifier is mandatory in [...]
/// All int-to-float conversions"; the rows follow the normative text.)
/// `.ftz`: "can only be specified when either `.dtype` or `.atype` is
/// `.f32`". `.sat` on a float result: "Applies to `.f16`, `.f32`, and
/// `.f64` types".
#[rustfmt::skip]
pub const ROWS: &[CvtRow] = &[
    // float -> integer: `cvt.irnd{.ftz}{.sat}.dtype.atype d, a;`
    CvtRow { rnd: IRND, ftz: OPT, sat: OPT, ..row("cvt.irnd{.ftz}{.sat}.{u8,u16,u32,u64,s8,s16,s32,s64}.f32 d, a;", INTS, &[F32], BASE) },
    CvtRow { rnd: IRND, sat: OPT, ..row("cvt.irnd{.sat}.{u8,u16,u32,u64,s8,s16,s32,s64}.f16 d, a;", INTS, &[F16], BASE) },
    CvtRow { rnd: IRND, sat: OPT, ..row("cvt.irnd{.sat}.{u8,u16,u32,u64,s8,s16,s32,s64}.f64 d, a;", INTS, &[F64], F64_SM) },
    // No `.sat` with a `.bf16` source, here and in the rows below: the H200's
    // JIT (driver 13.0) refuses every such form, "Illegal modifier '.sat'
    // for instruction 'cvt'" (testdata/hw/nvidia-h200/session-2026-11-26.log;
    // docs/NVIDIA.md "What the JIT refuses").
    CvtRow { rnd: IRND, ..row("cvt.irnd.{u8,u16,u32,u64,s8,s16,s32,s64}.bf16 d, a;", INTS, &[BF16], BF16_78) },
    // integer -> float: `cvt.frnd{.ftz}{.sat}.dtype.atype d, a;`
    CvtRow { rnd: FRND, ftz: OPT, sat: OPT, ..row("cvt.frnd{.ftz}{.sat}.f32.{u8,u16,u32,u64,s8,s16,s32,s64} d, a;", &[F32], INTS, BASE) },
    CvtRow { rnd: FRND, sat: OPT, ..row("cvt.frnd{.sat}.f16.{u8,u16,u32,u64,s8,s16,s32,s64} d, a;", &[F16], INTS, BASE) },
    CvtRow { rnd: FRND, sat: OPT, ..row("cvt.frnd{.sat}.f64.{u8,u16,u32,u64,s8,s16,s32,s64} d, a;", &[F64], INTS, F64_SM) },
    CvtRow { rnd: FRND, ..row("cvt.frnd.bf16.{u8,u16,u32,u64,s8,s16,s32,s64} d, a;", &[BF16], INTS, BF16_78) },
    // integer -> integer: `cvt{.sat}.dtype.atype d, a;`
    CvtRow { sat: OPT, pair: Pair::Narrowing, ..row("cvt{.sat}.dtype.atype d, a; // the destination's range does not hold the source's", INTS, INTS, BASE) },
    CvtRow { pair: Pair::Widening, ..row("cvt.dtype.atype d, a; // the destination's range holds the source's: no .sat", INTS, INTS, BASE) },
    // float -> the same float type, rounded to an integral value
    CvtRow { rnd: IRND, ftz: OPT, sat: OPT, ..row("cvt.irnd{.ftz}{.sat}.f32.f32 d, a;", &[F32], &[F32], BASE) },
    CvtRow { rnd: IRND, sat: OPT, ..row("cvt.irnd{.sat}.f16.f16 d, a;", &[F16], &[F16], BASE) },
    CvtRow { rnd: IRND, sat: OPT, ..row("cvt.irnd{.sat}.f64.f64 d, a;", &[F64], &[F64], F64_SM) },
    CvtRow { rnd: IRND, ..row("cvt.irnd.bf16.bf16 d, a;", &[BF16], &[BF16], BF16_78) },
    // float -> float without loss of precision: no rounding modifier
    CvtRow { ftz: OPT, sat: OPT, ..row("cvt{.ftz}{.sat}.f32.f32 d, a;", &[F32], &[F32], BASE) },
    CvtRow { sat: OPT, ..row("cvt{.sat}.f16.f16 d, a;", &[F16], &[F16], BASE) },
    CvtRow { sat: OPT, ..row("cvt{.sat}.f64.f64 d, a;", &[F64], &[F64], F64_SM) },
    row("cvt.bf16.bf16 d, a;", &[BF16], &[BF16], BF16_78),
    CvtRow { ftz: OPT, sat: OPT, ..row("cvt{.ftz}{.sat}.f32.f16 d, a;", &[F32], &[F16], BASE) },
    CvtRow { ftz: OPT, sat: OPT, ..row("cvt{.ftz}{.sat}.f64.f32 d, a;", &[F64], &[F32], F64_SM) },
    CvtRow { sat: OPT, ..row("cvt{.sat}.f64.f16 d, a;", &[F64], &[F16], F64_SM) },
    // "`cvt.f32.bf16` introduced in PTX ISA version 7.1", "requires `sm_80`".
    row("cvt.f32.bf16 d, a;", &[F32], &[BF16], (v(7, 1), 80)),
    // "`.ftz` qualifier for `cvt.f32.bf16` introduced in PTX ISA version 7.8", "requires `sm_90`".
    CvtRow { ftz: YES, ..row("cvt.ftz.f32.bf16 d, a;", &[F32], &[BF16], BF16_78) },
    row("cvt.f64.bf16 d, a;", &[F64], &[BF16], BF16_78),
    // float -> float with loss of precision: `cvt.frnd...`
    CvtRow { rnd: FRND, ftz: OPT, sat: OPT, ..row("cvt.frnd{.ftz}{.sat}.f16.f32 d, a;", &[F16], &[F32], BASE) },
    CvtRow { rnd: FRND2, relu: YES, ..row("cvt.frnd2.relu.f16.f32 d, a;", &[F16], &[F32], RELU_70) },
    CvtRow { rnd: FRND2, relu: OPT, satfinite: YES, ..row("cvt.frnd2{.relu}.satfinite.f16.f32 d, a;", &[F16], &[F32], SATFINITE_81) },
    CvtRow { rnd: FRND, ftz: OPT, sat: OPT, ..row("cvt.frnd{.ftz}{.sat}.f32.f64 d, a;", &[F32], &[F64], F64_SM) },
    CvtRow { rnd: FRND, sat: OPT, ..row("cvt.frnd{.sat}.f16.f64 d, a;", &[F16], &[F64], F64_SM) },
    CvtRow { rnd: FRND2, relu: OPT, ..row("cvt.frnd2{.relu}.bf16.f32 d, a;", &[BF16], &[F32], RELU_70) },
    CvtRow { rnd: FRND2, relu: OPT, satfinite: YES, ..row("cvt.frnd2{.relu}.satfinite.bf16.f32 d, a;", &[BF16], &[F32], SATFINITE_81) },
    // The generic line's `.frnd{.ftz}` on `.bf16.f32`: `.rm`/`.rp`, and
    // `.ftz`, came with the other `.bf16` conversions (CUDA's
    // `__float2bfloat16_rd` uses `cvt.rm.bf16.f32` from sm_90 on).
    CvtRow { rnd: &[RM, RP], ftz: OPT, ..row("cvt.{rm,rp}{.ftz}.bf16.f32 d, a;", &[BF16], &[F32], BF16_78) },
    CvtRow { rnd: FRND2, ftz: YES, ..row("cvt.frnd2.ftz.bf16.f32 d, a;", &[BF16], &[F32], BF16_78) },
    CvtRow { rnd: FRND, ..row("cvt.frnd.bf16.{f16,f64} d, a;", &[BF16], &[F16, F64], BF16_78) },
    CvtRow { rnd: FRND, ..row("cvt.frnd.f16.bf16 d, a;", &[F16], &[BF16], BF16_78) },
    // `.tf32`
    CvtRow { rnd: RNA, ..row("cvt.rna.tf32.f32 d, a;", &[Tf32], &[F32], RELU_70) },
    CvtRow { rnd: RNA, satfinite: YES, ..row("cvt.rna.satfinite.tf32.f32 d, a;", &[Tf32], &[F32], SATFINITE_81) },
    CvtRow { rnd: FRND2, relu: OPT, ..row("cvt.frnd2{.relu}.tf32.f32 d, a;", &[Tf32], &[F32], BF16_78) },
    // "`cvt.{rn/rz}.satfinite.tf32.f32` introduced in PTX ISA version 8.6", "requires `sm_100`".
    CvtRow { rnd: FRND2, relu: OPT, satfinite: YES, ..row("cvt.frnd2.satfinite{.relu}.tf32.f32 d, a;", &[Tf32], &[F32], (v(8, 6), 100)) },
    // packed halves: "two inputs `a` and `b` of `.f32` type are converted
    // into `.f16` or `.bf16` type and the converted values are packed"
    CvtRow { rnd: FRND2, relu: OPT, ..row("cvt.frnd2{.relu}.{f16x2,bf16x2}.f32 d, a, b;", &[F16x2, BF16x2], &[F32], RELU_70) },
    CvtRow { rnd: FRND2, relu: OPT, satfinite: YES, ..row("cvt.frnd2{.relu}.satfinite.{f16x2,bf16x2}.f32 d, a, b;", &[F16x2, BF16x2], &[F32], SATFINITE_81) },
    // OFP8: "`.satfinite` modifier is mandatory for such conversions".
    CvtRow { rnd: ONLY_RN, relu: OPT, satfinite: YES, alt: Some((v(7, 8), 90)), ..row("cvt.rn.satfinite{.relu}.{e4m3x2,e5m2x2}.f32 d, a, b;", F8X2, &[F32], F8_81) },
    CvtRow { rnd: ONLY_RN, relu: OPT, satfinite: YES, alt: Some((v(7, 8), 90)), ..row("cvt.rn.satfinite{.relu}.{e4m3x2,e5m2x2}.f16x2 d, a;", F8X2, &[F16x2], F8_81) },
    CvtRow { rnd: ONLY_RN, relu: OPT, alt: Some((v(7, 8), 90)), ..row("cvt.rn{.relu}.f16x2.{e4m3x2,e5m2x2} d, a;", &[F16x2], F8X2, F8_81) },
    CvtRow { rnd: ONLY_RN, relu: OPT, satfinite: YES, suffix: FAMILY_NOTE, ..row("cvt.rn.satfinite{.relu}.{e4m3x2,e5m2x2}.bf16x2 d, a;", F8X2, &[BF16x2], PACKED_91) },
    // FP4 and FP6: `.satfinite` "is mandatory for such conversions".
    CvtRow { rnd: ONLY_RN, relu: OPT, satfinite: YES, suffix: ARCH_NOTE, ..row("cvt.rn.satfinite{.relu}.{e2m1x2,e2m3x2,e3m2x2}.f32 d, a, b;", F4F6X2, &[F32], F4F6_86) },
    CvtRow { rnd: ONLY_RN, relu: OPT, suffix: ARCH_NOTE, ..row("cvt.rn{.relu}.f16x2.{e2m1x2,e2m3x2,e3m2x2} d, a;", &[F16x2], F4F6X2, F4F6_86) },
    CvtRow { rnd: ONLY_RN, relu: OPT, satfinite: YES, suffix: FAMILY_NOTE, ..row("cvt.rn.satfinite{.relu}.{e2m1x2,e2m3x2,e3m2x2}.{f16x2,bf16x2} d, a;", F4F6X2, &[F16x2, BF16x2], PACKED_91) },
    // PTX ISA 9.4: `.frnd2 = { .rn, .rz }` for the fp8/fp6/fp4 pairs
    // ("`cvt.frnd2.satfinite{.relu}{.pzo}{.scaled::n1::ue8m0}.f8x2type
    // .f32`"); `.rz` "rounding toward zero" (`.pzo` and `.scaled::n1`
    // have rows of their own below).
    CvtRow { rnd: ONLY_RZ, relu: OPT, satfinite: YES, suffix: FAMILY_NOTE, ..row("cvt.rz.satfinite{.relu}.{e4m3x2,e5m2x2,e2m3x2,e3m2x2,e2m1x2}.f32 d, a, b;", NARROW_X2, &[F32], SM107F_94) },
    CvtRow { rnd: ONLY_RZ, relu: OPT, satfinite: YES, suffix: FAMILY_NOTE, ..row("cvt.rz.satfinite{.relu}.{e4m3x2,e5m2x2,e2m3x2,e3m2x2,e2m1x2}.{f16x2,bf16x2} d, a;", NARROW_X2, &[F16x2, BF16x2], SM107F_94) },
    // `.pzo` (PTX ISA 9.4, sm_107f): "only supported for float-to-float
    // conversions where the destination type is strictly smaller than the
    // source type", on the syntax lines that write `{.pzo}`.
    CvtRow { rnd: FRND2, relu: OPT, satfinite: OPT, pzo: YES, suffix: FAMILY_NOTE, ..row("cvt.frnd2{.relu}{.satfinite}.pzo.{f16,bf16}.f32 d, a;", &[F16, BF16], &[F32], SM107F_94) },
    CvtRow { rnd: FRND2, relu: OPT, satfinite: OPT, pzo: YES, suffix: FAMILY_NOTE, ..row("cvt.frnd2{.relu}{.satfinite}.pzo.{f16x2,bf16x2}.f32 d, a, b;", &[F16x2, BF16x2], &[F32], SM107F_94) },
    CvtRow { rnd: FRND2, relu: OPT, satfinite: OPT, pzo: YES, suffix: FAMILY_NOTE, ..row("cvt.frnd2{.satfinite}{.relu}.pzo.tf32.f32 d, a;", &[Tf32], &[F32], SM107F_94) },
    CvtRow { rnd: FRND2, relu: OPT, satfinite: YES, pzo: YES, suffix: FAMILY_NOTE, ..row("cvt.frnd2.satfinite{.relu}.pzo.{e4m3x2,e5m2x2,e2m3x2,e3m2x2,e2m1x2}.f32 d, a, b;", NARROW_X2, &[F32], SM107F_94) },
    CvtRow { rnd: FRND2, relu: OPT, satfinite: YES, pzo: YES, suffix: FAMILY_NOTE, ..row("cvt.frnd2.satfinite{.relu}.pzo.{e4m3x2,e5m2x2,e2m3x2,e3m2x2,e2m1x2}.{f16x2,bf16x2} d, a;", NARROW_X2, &[F16x2, BF16x2], SM107F_94) },
    // `.scaled::n1::ue8m0` (PTX ISA 9.4, sm_107f): "`.frnd2.satfinite
    // {.relu}{.pzo}{.scaled::n1::ue8m0}`" into the fp8/fp6/fp4 pairs, one
    // `.b8` scale for both inputs. ptxfp takes the qualifier and the operand
    // together, as for `.scaled::n2::ue8m0`.
    CvtRow { rnd: FRND2, relu: OPT, satfinite: YES, pzo: OPT, scaled_n1: YES, suffix: FAMILY_NOTE, ..row("cvt.frnd2.satfinite{.relu}{.pzo}.scaled::n1::ue8m0.{e4m3x2,e5m2x2,e2m3x2,e3m2x2,e2m1x2}.f32 d, a, b, scale-factor;", NARROW_X2, &[F32], SM107F_94) },
    CvtRow { rnd: FRND2, relu: OPT, satfinite: YES, pzo: OPT, scaled_n1: YES, suffix: FAMILY_NOTE, ..row("cvt.frnd2.satfinite{.relu}{.pzo}.scaled::n1::ue8m0.{e4m3x2,e5m2x2,e2m3x2,e3m2x2,e2m1x2}.{f16x2,bf16x2} d, a, scale-factor;", NARROW_X2, &[F16x2, BF16x2], SM107F_94) },
    // Stochastic rounding: `rbits` "is a `.b32` type register operand used
    // for providing random bits for `.rs` rounding mode".
    CvtRow { rnd: RS, relu: OPT, satfinite: OPT, suffix: RS_NOTE, ..row("cvt.rs{.relu}{.satfinite}.{f16x2,bf16x2}.f32 d, a, b, rbits;", &[F16x2, BF16x2], &[F32], RS_87) },
    CvtRow { rnd: RS, relu: OPT, satfinite: YES, suffix: RS_NOTE, ..row("cvt.rs{.relu}.satfinite.{e4m3x4,e5m2x4,e2m3x4,e3m2x4,e2m1x4}.f32 d, {a, b, e, f}, rbits;", X4, &[F32], RS_87) },
    // UE8M0: `.frnd3 = { .rz, .rp }`. "`cvt.{rz/rp}.satfinite.ue8m0x2.f32`
    // introduced in PTX ISA version 8.6", "`cvt.{rp/rz}{.satfinite}{.relu}
    // .ue8m0x2.bf16x2` introduced in PTX ISA version 8.6", "`cvt.rn.bf16x2
    // .ue8m0x2` introduced in PTX ISA version 8.6", each on the targets of
    // the FP4/FP6 lines. The rows follow the syntax lines (`{.satfinite}`
    // optional, no `.relu`: the `.relu` paragraph does not list `.ue8m0x2`).
    CvtRow { rnd: FRND3, satfinite: OPT, suffix: ARCH_NOTE, ..row("cvt.frnd3{.satfinite}.ue8m0x2.f32 d, a, b;", &[Ue8m0x2], &[F32], F4F6_86) },
    CvtRow { rnd: FRND3, satfinite: OPT, suffix: ARCH_NOTE, ..row("cvt.frnd3{.satfinite}.ue8m0x2.bf16x2 d, a;", &[Ue8m0x2], &[BF16x2], F4F6_86) },
    CvtRow { rnd: ONLY_RN, suffix: ARCH_NOTE, ..row("cvt.rn.bf16x2.ue8m0x2 d, a;", &[BF16x2], &[Ue8m0x2], F4F6_86) },
    // UE5M3 (PTX ISA 9.4, sm_107f): "an 8-bit unsigned floating-point format
    // with 5 bits for exponent and 3 bits for mantissa", "does not support
    // infinity", "`NaN` value is limited to `0xff`"; `.frnd4 = { .rn, .rz,
    // .rp }`, and `.frnd2` with `.scaled::n1::ue8m0` (its scale mandatory
    // on these lines).
    CvtRow { rnd: FRND4, satfinite: OPT, suffix: FAMILY_NOTE, ..row("cvt.frnd4{.satfinite}.ue5m3x2.f32 d, a, b;", &[Ue5m3x2], &[F32], SM107F_94) },
    CvtRow { rnd: FRND2, satfinite: OPT, scaled_n1: YES, suffix: FAMILY_NOTE, ..row("cvt.frnd2{.satfinite}.scaled::n1::ue8m0.ue5m3x2.f32 d, a, b, scale-factor;", &[Ue5m3x2], &[F32], SM107F_94) },
    CvtRow { rnd: FRND4, satfinite: OPT, suffix: FAMILY_NOTE, ..row("cvt.frnd4{.satfinite}.ue5m3x2.{f16x2,bf16x2} d, a;", &[Ue5m3x2], &[F16x2, BF16x2], SM107F_94) },
    CvtRow { rnd: FRND2, satfinite: OPT, scaled_n1: YES, suffix: FAMILY_NOTE, ..row("cvt.frnd2{.satfinite}.scaled::n1::ue8m0.ue5m3x2.{f16x2,bf16x2} d, a, scale-factor;", &[Ue5m3x2], &[F16x2, BF16x2], SM107F_94) },
    CvtRow { rnd: ONLY_RN, suffix: FAMILY_NOTE, ..row("cvt.rn.f16x2.ue5m3x2 d, a;", &[F16x2], &[Ue5m3x2], SM107F_94) },
    CvtRow { rnd: ONLY_RN, satfinite: OPT, scaled: OPT, suffix: FAMILY_NOTE, ..row("cvt.rn{.satfinite}{.scaled::n2::ue8m0}.bf16x2.ue5m3x2 d, a{, scale-factor};", &[BF16x2], &[Ue5m3x2], SM107F_94) },
    // `.s2f6x2` (PTX ISA 9.1): "`.satfinite` modifier is mandatory for such
    // conversions" (to `.s2f6x2`); the `scale-factor` operand comes with
    // `.scaled::n2::ue8m0`.
    CvtRow { rnd: ONLY_RN, satfinite: YES, relu: OPT, scaled: OPT, suffix: S2F6_NOTE, ..row("cvt.rn.satfinite{.relu}{.scaled::n2::ue8m0}.s2f6x2.f32 d, a, b{, scale-factor};", &[S2f6x2], &[F32], S2F6_91) },
    CvtRow { rnd: ONLY_RN, satfinite: YES, relu: OPT, scaled: OPT, suffix: S2F6_NOTE, ..row("cvt.rn.satfinite{.relu}{.scaled::n2::ue8m0}.s2f6x2.bf16x2 d, a{, scale-factor};", &[S2f6x2], &[BF16x2], S2F6_91) },
    CvtRow { rnd: ONLY_RN, satfinite: OPT, relu: OPT, scaled: OPT, suffix: S2F6_NOTE, ..row("cvt.rn{.satfinite}{.relu}{.scaled::n2::ue8m0}.bf16x2.s2f6x2 d, a{, scale-factor};", &[BF16x2], &[S2f6x2], S2F6_91) },
    // PTX ISA 9.2: the fp8/fp6/fp4 pairs up to `.bf16x2`, optionally
    // scaled: "For up-conversion, inputs are converted to destination type
    // and then multiplied by `scale-factor`"; without the qualifier the
    // `scale-factor` "will be assumed to be `0x7f7f`".
    CvtRow { rnd: ONLY_RN, relu: OPT, satfinite: OPT, scaled: OPT, suffix: FAMILY_NOTE, ..row("cvt.rn{.relu}{.satfinite}{.scaled::n2::ue8m0}.bf16x2.{e4m3x2,e5m2x2,e2m3x2,e3m2x2,e2m1x2} d, a{, scale-factor};", &[BF16x2], NARROW_X2, BF16X2_92) },
    // `cvt.pack` (9.7.9.22): "The inputs a and b are converted to values of
    // type specified by `.convertType` with saturation".
    CvtRow { sat: YES, pack: &[Some(PackTo::U16), Some(PackTo::S16)], section: "9.7.9.22", ..row("cvt.pack.sat.{u16,s16}.s32 d, a, b;", &[U32], &[S32], PACK_65) },
    CvtRow { sat: YES, pack: &[Some(PackTo::U8), Some(PackTo::S8)], section: "9.7.9.22", ..row("cvt.pack.sat.{u8,s8}.s32.b32 d, a, b, c;", &[U32], &[S32], PACK_65) },
    CvtRow { sat: YES, pack: &[Some(PackTo::U2), Some(PackTo::S2), Some(PackTo::U4), Some(PackTo::S4)], section: "9.7.9.22", ..row("cvt.pack.sat.{u2,s2,u4,s4}.s32.b32 d, a, b, c;", &[U32], &[S32], PACK_SUB_BYTE) },
];

impl CvtRow {
    fn types_match(&self, dst: PtxType, src: PtxType) -> bool {
        self.dst.contains(&dst)
            && self.src.contains(&src)
            && match self.pair {
                Pair::Any => true,
                Pair::Narrowing => !range_holds(dst, src),
                Pair::Widening => range_holds(dst, src),
            }
    }

    fn admits(&self, c: &Cvt) -> bool {
        self.pack.contains(&c.pack)
            && self.types_match(c.dst, c.src)
            && self.rnd.contains(&c.rnd)
            && self.ftz.contains(&c.ftz)
            && self.sat.contains(&c.sat)
            && self.relu.contains(&c.relu)
            && self.satfinite.contains(&c.satfinite)
            && self.scaled.contains(&c.scaled)
            && self.pzo.contains(&c.pzo)
            && self.scaled_n1.contains(&c.scaled_n1)
    }

    /// The forms of this row.
    fn forms(&self) -> impl Iterator<Item = Cvt> + '_ {
        let types = self
            .dst
            .iter()
            .flat_map(move |&d| self.src.iter().map(move |&s| (d, s)))
            .filter(|&(d, s)| self.types_match(d, s));
        let types = types.flat_map(move |t| self.pack.iter().map(move |&p| (t, p)));
        types.flat_map(move |((dst, src), pack)| {
            self.rnd.iter().flat_map(move |&rnd| {
                self.ftz.iter().flat_map(move |&ftz| {
                    self.sat.iter().flat_map(move |&sat| {
                        self.relu.iter().flat_map(move |&relu| {
                            self.satfinite.iter().flat_map(move |&satfinite| {
                                self.scaled.iter().flat_map(move |&scaled| {
                                    self.pzo.iter().flat_map(move |&pzo| {
                                        self.scaled_n1.iter().map(move |&scaled_n1| Cvt {
                                            rnd,
                                            ftz,
                                            sat,
                                            relu,
                                            satfinite,
                                            dst,
                                            src,
                                            pack,
                                            scaled,
                                            pzo,
                                            scaled_n1,
                                        })
                                    })
                                })
                            })
                        })
                    })
                })
            })
        })
    }
}

/// True if every value of integer type `src` is a value of `dst`.
fn range_holds(dst: PtxType, src: PtxType) -> bool {
    let (dl, dh) = dst.int_range();
    let (sl, sh) = src.int_range();
    dl <= sl && sh <= dh
}

/// Why a `cvt` opcode was not taken.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum CvtError {
    /// Not a valid `cvt` (`cvt.rn.s32.f32`, `cvt.f16.f32`): the message
    /// says what the spec requires.
    Invalid(Diagnostic),
    /// A valid PTX `cvt` ptxfp does not model (`.rs`, `.e2m1x4`, ...).
    Unsupported(Diagnostic),
}

impl CvtError {
    /// The diagnostic, whichever kind.
    pub fn diagnostic(&self) -> &Diagnostic {
        match self {
            CvtError::Invalid(d) | CvtError::Unsupported(d) => d,
        }
    }
}

/// The qualifier of the two-scale `scale-factor` operand (9.7.9.22).
const SCALED: &str = "scaled::n2::ue8m0";
/// The qualifier of the one-scale `scale-factor` operand (PTX ISA 9.4).
const SCALED_N1: &str = "scaled::n1::ue8m0";

impl Cvt {
    /// Parses the opcode text `cvt.rn.relu.f16x2.f32`. The span of an error
    /// is relative to `text`.
    pub fn parse(text: &str) -> Result<Cvt, Diagnostic> {
        Cvt::decode(text, false)
            .map(|(c, _)| c)
            .map_err(|e| e.diagnostic().clone())
    }

    /// Parses `text`; with `lenient`, a modifier after the types
    /// (`cvt.f64.bf16.rp`, as some of the spec's examples write it) is
    /// taken with a warning instead of an error. Returns the form and the
    /// warnings.
    pub fn decode(text: &str, lenient: bool) -> Result<(Cvt, Vec<Diagnostic>), CvtError> {
        let invalid = |span, msg: String| Err(CvtError::Invalid(Diagnostic::error(span, msg)));
        let mut rnd = CvtRound::None;
        let (mut ftz, mut sat, mut relu, mut satfinite) = (false, false, false, false);
        let (mut scaled, mut pzo, mut scaled_n1) = (false, false, false);
        let mut types = Vec::new();
        let mut warnings = Vec::new();
        let mut off = 0;
        // `cvt.pack` and its `.convertType` (9.7.9.22).
        let (mut pack_word, mut conv) = (false, None);
        for part in text.split('.') {
            let span = off..off + part.len();
            off += part.len() + 1;
            if span.start == 0 {
                continue; // "cvt"
            }
            if part == "pack" {
                if pack_word {
                    return invalid(span, "`.pack` given twice".into());
                }
                pack_word = true;
                continue;
            }
            if pack_word && conv.is_none() && types.is_empty() {
                if let Some(p) = PackTo::parse(part) {
                    conv = Some(p);
                    continue;
                }
            }
            if let Some(t) = PtxType::parse(part) {
                types.push((t, span));
                continue;
            }
            if !types.is_empty() {
                let msg =
                    format!("`.{part}` after the types: modifiers come before `.dtype.atype`");
                if !lenient {
                    return invalid(span, msg);
                }
                warnings.push(Diagnostic::warning(span.clone(), msg));
            }
            let flag = match part {
                "ftz" => &mut ftz,
                "sat" => &mut sat,
                "relu" => &mut relu,
                "satfinite" => &mut satfinite,
                SCALED => &mut scaled,
                SCALED_N1 => &mut scaled_n1,
                "pzo" => &mut pzo,
                _ => match CvtRound::parse(part) {
                    Some(r) if rnd == CvtRound::None => {
                        rnd = r;
                        continue;
                    }
                    Some(_) => return invalid(span, "two rounding modifiers".into()),
                    None => return invalid(span, format!("unknown `cvt` modifier `.{part}`")),
                },
            };
            if *flag {
                return invalid(span, format!("`.{part}` given twice"));
            }
            *flag = true;
        }
        let whole = 0..text.len();
        if pack_word {
            let Some(p) = conv else {
                return invalid(
                    whole,
                    "`cvt.pack` needs a `.convertType`: .u2, .s2, .u4, .s4, .u8, .s8, .u16 or .s16"
                        .into(),
                );
            };
            let given: Vec<PtxType> = types.iter().map(|(t, _)| *t).collect();
            let want: &[PtxType] = if p.takes_c() { &[S32, B32] } else { &[S32] };
            if given != want {
                let w: String = want.iter().map(|t| t.to_string()).collect();
                return invalid(
                    whole,
                    format!(
                        "`cvt.pack.sat.{}` takes `{w}` after `.{}`",
                        p.name(),
                        p.name()
                    ),
                );
            }
            let c = Cvt {
                rnd,
                ftz,
                sat,
                relu,
                satfinite,
                dst: U32,
                src: S32,
                pack: Some(p),
                scaled,
                pzo,
                scaled_n1,
            };
            if ROWS.iter().any(|r| r.admits(&c)) {
                return Ok((c, warnings));
            }
            return Err(c.why_not(whole.clone(), whole));
        }
        let [(dst, _), (src, sspan)] = <[(PtxType, core::ops::Range<usize>); 2]>::try_from(types)
            .map_err(|_| {
            CvtError::Invalid(Diagnostic::error(
                whole.clone(),
                "`cvt` needs exactly two types, `.dtype.atype`",
            ))
        })?;
        // `cvt.bf16.f16` and `cvt.f16.bf16` without a rounding modifier:
        // "Rounding modifier is mandatory in all of the following cases:
        // float-to-float conversions, when destination type is smaller
        // than source type" does not name two types of one size, and
        // ptxas takes them (Triton's sm_90 FP8-to-BF16 conversions write
        // `cvt.bf16.f16` on every Hopper build). Read as `.rn`, the float
        // instructions' default, with a warning (docs/NVIDIA.md "cvt:
        // f16 and bf16 without a rounding modifier").
        if rnd == CvtRound::None
            && matches!((dst, src), (BF16, F16) | (F16, BF16))
            && !(ftz || sat || relu || satfinite || scaled || pzo || scaled_n1)
        {
            rnd = RN;
            warnings.push(
                Diagnostic::warning(
                    whole.clone(),
                    format!(
                        "`cvt{dst}{src}` has no rounding modifier: a module's text reads it as `.rn` (ptxas takes it; the PTX ISA names no default here)"
                    ),
                )
                .with_help(format!("write `cvt.rn{dst}{src}`")),
            );
        }
        let c = Cvt {
            rnd,
            ftz,
            sat,
            relu,
            satfinite,
            dst,
            src,
            pack: None,
            scaled,
            pzo,
            scaled_n1,
        };
        if ROWS.iter().any(|r| r.admits(&c)) {
            for w in warnings.iter_mut().filter(|w| w.help.is_none()) {
                *w = w.clone().with_help(format!("write `{c}`"));
            }
            return Ok((c, warnings));
        }
        Err(c.why_not(whole, sspan))
    }

    /// The error of a form no row admits, derived from the rows of its types.
    fn why_not(&self, whole: core::ops::Range<usize>, sspan: core::ops::Range<usize>) -> CvtError {
        let (dst, src) = (self.dst, self.src);
        let name = match self.pack {
            Some(p) => format!("`cvt.pack.{}{src}`", p.name()),
            None => format!("`cvt{dst}{src}`"),
        };
        let rows: Vec<&CvtRow> = ROWS
            .iter()
            .filter(|r| r.types_match(dst, src) && r.pack.contains(&self.pack))
            .collect();
        let err = |msg: String| CvtError::Invalid(Diagnostic::error(whole.clone(), msg));
        if rows.is_empty() {
            let packed = |t: PtxType| {
                matches!(
                    t,
                    F16x2
                        | BF16x2
                        | Tf32
                        | E4m3x2
                        | E5m2x2
                        | E2m1x2
                        | E2m3x2
                        | E3m2x2
                        | Ue8m0x2
                        | S2f6x2
                ) || X4.contains(&t)
            };
            let from: Vec<String> = ROWS
                .iter()
                .filter(|r| r.dst.contains(&dst))
                .flat_map(|r| r.src.iter().map(|t| t.to_string()))
                .fold(Vec::new(), |mut v, t| {
                    if !v.contains(&t) {
                        v.push(t);
                    }
                    v
                });
            let d = Diagnostic::error(
                sspan,
                format!("ptxfp knows no `cvt` from `{src}` to `{dst}`"),
            )
            .with_help(format!("`cvt{dst}` converts from {}", from.join(", ")));
            // A pair of packed or narrow types may be a form of the spec
            // that has no row yet; between the scalar types every pair
            // has rows.
            return if packed(dst) || packed(src) {
                CvtError::Unsupported(d)
            } else {
                CvtError::Invalid(d)
            };
        }
        let any = |f: &dyn Fn(&CvtRow) -> bool| rows.iter().any(|r| f(r));
        if !any(&|r| r.rnd.contains(&self.rnd)) {
            let mut admitted: Vec<CvtRound> = Vec::new();
            for r in &rows {
                for x in r.rnd {
                    if !admitted.contains(x) {
                        admitted.push(*x);
                    }
                }
            }
            let named: Vec<&str> = admitted
                .iter()
                .filter(|r| **r != CvtRound::None)
                .map(|r| r.name())
                .collect();
            let list = or_list(&named);
            return err(if named.is_empty() {
                format!("{name} is exact and takes no rounding modifier")
            } else if admitted.contains(&CvtRound::None) {
                format!("{name} takes {list} or no rounding modifier")
            } else if self.rnd == CvtRound::None {
                format!("{name} requires a rounding modifier: {list}")
            } else {
                format!("{name} takes {list}, not `{}`", self.rnd.name())
            });
        }
        for (word, given, slot) in [
            (
                "ftz",
                self.ftz,
                (|r: &CvtRow| r.ftz) as fn(&CvtRow) -> &'static [bool],
            ),
            ("sat", self.sat, |r: &CvtRow| r.sat),
            ("relu", self.relu, |r: &CvtRow| r.relu),
            ("satfinite", self.satfinite, |r: &CvtRow| r.satfinite),
            (SCALED, self.scaled, |r: &CvtRow| r.scaled),
            (SCALED_N1, self.scaled_n1, |r: &CvtRow| r.scaled_n1),
            ("pzo", self.pzo, |r: &CvtRow| r.pzo),
        ] {
            if !any(&|r| slot(r).contains(&given)) {
                return err(if given {
                    format!("{name} does not take `.{word}`")
                } else {
                    format!("{name} requires `.{word}`")
                });
            }
        }
        let lines: Vec<&str> = rows.iter().map(|r| r.syntax).collect();
        CvtError::Invalid(
            Diagnostic::error(
                whole.clone(),
                format!("no form of {name} takes these modifiers together"),
            )
            .with_help(format!("its forms: {}", lines.join("  "))),
        )
    }

    /// The row this form falls under.
    pub fn row(&self) -> &'static CvtRow {
        ROWS.iter().find(|r| r.admits(self)).unwrap_or(&ROWS[0])
    }

    /// Every form of every row.
    pub fn all() -> Vec<Cvt> {
        ROWS.iter().flat_map(|r| r.forms()).collect()
    }

    /// Number of source operands: 2 for the forms that pack two `.f32`
    /// (`cvt.rn.f16x2.f32 d, a, b`), 3 with `rbits` (`cvt.rs.f16x2.f32 d,
    /// a, b, rbits`), 5 for the quads (`d, {a, b, e, f}, rbits`: the vector's
    /// elements count one each), 2 or 3 for `cvt.pack` (`d, a, b{, c}`), one
    /// more for a `scale-factor` (`.scaled::n2::ue8m0`), 1 otherwise.
    pub fn sources(&self) -> usize {
        self.source_types().len()
    }

    /// The types of the source operands, in order (a vector's elements one
    /// by one): `rbits` and `cvt.pack`'s `c` are `.b32`; `scale-factor`
    /// "has type `.b16` when used with qualifier `.scaled::n2::ue8m0`" and
    /// "type `.b8` when used with qualifier `.scaled::n1::ue8m0`".
    pub fn source_types(&self) -> Vec<PtxType> {
        let mut t = self.value_source_types();
        if self.scaled {
            t.push(PtxType::B16);
        }
        if self.scaled_n1 {
            t.push(PtxType::B8);
        }
        t
    }

    fn value_source_types(&self) -> Vec<PtxType> {
        if let Some(p) = self.pack {
            return if p.takes_c() {
                vec![S32, S32, B32]
            } else {
                vec![S32, S32]
            };
        }
        let pair = self.src == F32
            && matches!(
                self.dst,
                F16x2
                    | BF16x2
                    | E4m3x2
                    | E5m2x2
                    | E2m1x2
                    | E2m3x2
                    | E3m2x2
                    | Ue8m0x2
                    | Ue5m3x2
                    | S2f6x2
            );
        match (self.rnd, pair) {
            (CvtRound::Stochastic, true) => vec![F32, F32, B32],
            (CvtRound::Stochastic, false) => vec![F32, F32, F32, F32, B32],
            (_, true) => vec![F32, F32],
            _ => vec![self.src],
        }
    }

    /// The minimum PTX ISA version and target of this form, on the lowest
    /// target its row allows: its row's "PTX ISA Notes" and "Target ISA Notes".
    pub fn requires(&self) -> (PtxVersion, Target) {
        let r = self.row();
        (r.ptx, Target::sm(r.sm))
    }

    /// The error of a form whose row needs an `a`/`f` target, for code of
    /// `version` that targets `target` (`None` when the target has the
    /// suffix the row needs).
    pub fn suffix_error(&self, version: PtxVersion, target: Target) -> Option<String> {
        self.row().suffix.error(version, target)
    }

    /// The minimum PTX ISA version and target of this form for code that
    /// targets `target` (`cvt.rn.satfinite.e4m3x2.f32` needs 8.1 on sm_89,
    /// 7.8 on sm_90 and higher).
    pub fn requires_on(&self, target: Target) -> (PtxVersion, Target) {
        let r = self.row();
        match r.alt {
            Some((ptx, sm)) if target.at_least(sm) => (ptx, Target::sm(sm)),
            _ => (r.ptx, Target::sm(r.sm)),
        }
    }
}

impl fmt::Display for Cvt {
    /// The canonical spelling: rounding, `.ftz`, `.sat`, then `.relu` and
    /// `.satfinite` in the order of the row's syntax line, then the types.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        if let Some(p) = self.pack {
            let c = if p.takes_c() { ".b32" } else { "" };
            return write!(f, "cvt.pack.sat.{}{}{c}", p.name(), self.src);
        }
        write!(f, "cvt{}", self.rnd.name())?;
        if self.ftz {
            f.write_str(".ftz")?;
        }
        if self.sat {
            f.write_str(".sat")?;
        }
        let syntax = self.row().syntax;
        let satfinite_first = matches!(
            (syntax.find("satfinite"), syntax.find("relu")),
            (Some(s), Some(r)) if s < r
        );
        let (relu, satfinite) = (
            self.relu.then_some(".relu"),
            self.satfinite.then_some(".satfinite"),
        );
        let order = if satfinite_first {
            [satfinite, relu]
        } else {
            [relu, satfinite]
        };
        for w in order.into_iter().flatten() {
            f.write_str(w)?;
        }
        if self.pzo {
            f.write_str(".pzo")?;
        }
        if self.scaled {
            write!(f, ".{SCALED}")?;
        }
        if self.scaled_n1 {
            write!(f, ".{SCALED_N1}")?;
        }
        write!(f, "{}{}", self.dst, self.src)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Every form falls under exactly one row, prints canonically and
    /// parses back to itself.
    #[test]
    fn rows_do_not_overlap_and_forms_round_trip() {
        let all = Cvt::all();
        assert!(all.len() > 500, "{}", all.len());
        for c in &all {
            let n = ROWS.iter().filter(|r| r.admits(c)).count();
            assert_eq!(n, 1, "{c} is admitted by {n} rows");
            let text = c.to_string();
            assert_eq!(Cvt::parse(&text), Ok(*c), "{text}");
            // `d, a, b;`: as many sources as the row's line has commas, the
            // optional `{, scale-factor}` counting with `.scaled::n2::ue8m0`.
            let operands = c.row().syntax.split_once(' ').map_or("", |(_, o)| o);
            let line = operands.split(';').next().unwrap_or("");
            let optional = line.matches("{,").count();
            let commas =
                line.matches(',').count() - if c.scaled || c.scaled_n1 { 0 } else { optional };
            assert_eq!(c.sources(), commas, "{text}: {line}");
        }
    }

    #[test]
    fn the_corpus_forms_parse() {
        for ok in [
            "cvt.rzi.s32.f32",
            "cvt.rni.s64.f64",
            "cvt.rn.f32.s32",
            "cvt.rn.f64.u64",
            "cvt.rzi.ftz.s32.f32",
            "cvt.rmi.f32.f32",
            "cvt.rni.f64.f64",
            "cvt.u32.u8",
            "cvt.s64.s32",
            "cvt.u16.u32",
            "cvt.sat.u8.s32",
            "cvt.rna.tf32.f32",
            "cvt.rn.satfinite.e4m3x2.f32",
            "cvt.rn.relu.satfinite.e5m2x2.f16x2",
            "cvt.rn.f16x2.e4m3x2",
            "cvt.rn.f16.f32",
            "cvt.rn.relu.satfinite.f16x2.f32",
            "cvt.rz.satfinite.bf16x2.f32",
            "cvt.f32.bf16",
            "cvt.rpi.s8.bf16",
            "cvt.rn.satfinite.relu.tf32.f32",
            "cvt.rn.satfinite.e2m1x2.f32",
            "cvt.rn.relu.f16x2.e3m2x2",
            "cvt.rn.satfinite.relu.e2m3x2.bf16x2",
            "cvt.rn.satfinite.e4m3x2.bf16x2",
            "cvt.pack.sat.u8.s32.b32",
            "cvt.pack.sat.s16.s32",
            "cvt.pack.sat.s2.s32.b32",
            "cvt.rs.relu.satfinite.f16x2.f32",
            "cvt.rs.bf16x2.f32",
            "cvt.rs.satfinite.e4m3x4.f32",
            "cvt.rs.relu.satfinite.e2m1x4.f32",
            "cvt.rz.satfinite.ue8m0x2.f32",
            "cvt.rp.ue8m0x2.bf16x2",
            "cvt.rn.bf16x2.ue8m0x2",
            "cvt.rn.satfinite.s2f6x2.f32",
            "cvt.rn.satfinite.relu.scaled::n2::ue8m0.s2f6x2.bf16x2",
            "cvt.rn.scaled::n2::ue8m0.bf16x2.s2f6x2",
            "cvt.rn.satfinite.relu.bf16x2.s2f6x2",
        ] {
            assert!(Cvt::parse(ok).is_ok(), "{ok}: {:?}", Cvt::parse(ok));
        }
    }

    /// `cvt.bf16.f16` and `cvt.f16.bf16` without a rounding modifier (two
    /// types of one size, which the ISA's list of mandatory cases does not
    /// name; Triton writes the first for sm_90): `.rn` with a warning that
    /// gives the spelling (`ptxfp eval`, which takes canonical names only,
    /// makes it an error). A smaller destination still requires one.
    #[test]
    fn f16_and_bf16_without_a_rounding_modifier_are_rn() {
        for (text, canonical) in [
            ("cvt.bf16.f16", "cvt.rn.bf16.f16"),
            ("cvt.f16.bf16", "cvt.rn.f16.bf16"),
        ] {
            let (c, w) = Cvt::decode(text, false).unwrap();
            assert_eq!(c.to_string(), canonical);
            assert!(
                w.len() == 1
                    && !w[0].is_error()
                    && w[0].message.contains("reads it as `.rn`")
                    && w[0].help.as_deref() == Some(&*format!("write `{canonical}`")),
                "{w:?}"
            );
            assert_eq!(Cvt::parse(text).unwrap().to_string(), canonical);
        }
        for text in [
            "cvt.bf16.f32",
            "cvt.f16.f64",
            "cvt.bf16.f64",
            "cvt.relu.bf16.f16",
        ] {
            assert!(Cvt::decode(text, false).is_err(), "{text}");
        }
    }

    /// The messages are derived from the rows of the types.
    #[test]
    fn errors_say_what_the_rows_admit() {
        let msg = |t: &str| Cvt::parse(t).unwrap_err().message;
        assert_eq!(
            msg("cvt.s32.f32"),
            "`cvt.s32.f32` requires a rounding modifier: .rni, .rzi, .rmi or .rpi"
        );
        assert_eq!(
            msg("cvt.rn.s32.f32"),
            "`cvt.s32.f32` takes .rni, .rzi, .rmi or .rpi, not `.rn`"
        );
        assert_eq!(
            msg("cvt.rn.f32.f16"),
            "`cvt.f32.f16` is exact and takes no rounding modifier"
        );
        assert_eq!(
            msg("cvt.f16.f32"),
            "`cvt.f16.f32` requires a rounding modifier: .rn, .rz, .rm or .rp"
        );
        assert_eq!(msg("cvt.sat.s32.s16"), "`cvt.s32.s16` does not take `.sat`");
        assert_eq!(msg("cvt.ftz.s32.s16"), "`cvt.s32.s16` does not take `.ftz`");
        assert_eq!(
            msg("cvt.rn.e4m3x2.f32"),
            "`cvt.e4m3x2.f32` requires `.satfinite`"
        );
        assert_eq!(
            msg("cvt.rn.relu.sat.f16.f32"),
            "no form of `cvt.f16.f32` takes these modifiers together"
        );
        assert_eq!(
            msg("cvt.rn.f16.f32.sat"),
            "`.sat` after the types: modifiers come before `.dtype.atype`"
        );
        assert_eq!(msg("cvt.rn.sat.sat.f16.f32"), "`.sat` given twice");
        assert_eq!(
            msg("cvt.f32"),
            "`cvt` needs exactly two types, `.dtype.atype`"
        );
        // PTX ISA 9.2's conversions from the fp8/fp6/fp4 pairs to
        // `.bf16x2` are rows: `.rn` only.
        assert_eq!(
            msg("cvt.rz.scaled::n2::ue8m0.bf16x2.e5m2x2"),
            "`cvt.bf16x2.e5m2x2` takes .rn, not `.rz`"
        );
        assert_eq!(
            msg("cvt.rn.s2f6x2.f32"),
            "`cvt.s2f6x2.f32` requires `.satfinite`"
        );
        assert_eq!(
            msg("cvt.rz.satfinite.s2f6x2.f32"),
            "`cvt.s2f6x2.f32` takes .rn, not `.rz`"
        );
        assert_eq!(
            msg("cvt.rn.satfinite.scaled::n2::ue8m0.f16x2.f32"),
            "`cvt.f16x2.f32` does not take `.scaled::n2::ue8m0`"
        );
        assert_eq!(
            msg("cvt.rn.satfinite.e2m1x4.f32"),
            "`cvt.e2m1x4.f32` takes .rs, not `.rn`"
        );
        assert_eq!(
            msg("cvt.rs.e4m3x4.f32"),
            "`cvt.e4m3x4.f32` requires `.satfinite`"
        );
        assert_eq!(
            msg("cvt.rn.ue8m0x2.f32"),
            "`cvt.ue8m0x2.f32` takes .rz or .rp, not `.rn`"
        );
        assert_eq!(
            msg("cvt.pack.u8.s32.b32"),
            "`cvt.pack.u8.s32` requires `.sat`"
        );
        assert_eq!(
            msg("cvt.pack.sat.u8.s32"),
            "`cvt.pack.sat.u8` takes `.s32.b32` after `.u8`"
        );
        assert_eq!(
            msg("cvt.pack.sat.s16.s32.b32"),
            "`cvt.pack.sat.s16` takes `.s32` after `.s16`"
        );
        assert_eq!(
            msg("cvt.pack.sat.s32.s32"),
            "`cvt.pack` needs a `.convertType`: .u2, .s2, .u4, .s4, .u8, .s8, .u16 or .s16"
        );
        assert!(matches!(
            Cvt::decode("cvt.rn.satfinite.e4m3x2.f16", false),
            Err(CvtError::Unsupported(_))
        ));
        assert!(matches!(
            Cvt::decode("cvt.rn.s32.f32", false),
            Err(CvtError::Invalid(_))
        ));
        // Lenient: the spec's own example `cvt.f64.bf16.rp` (read as written).
        let (c, w) = Cvt::decode("cvt.s8.bf16.rpi", true).unwrap();
        assert_eq!(c.to_string(), "cvt.rpi.s8.bf16");
        assert_eq!(w.len(), 1);
    }

    #[test]
    fn requirements_come_from_the_rows() {
        let req = |t: &str| {
            let (v, sm) = Cvt::parse(t).unwrap().requires();
            format!("{v} {sm}")
        };
        assert_eq!(req("cvt.rzi.s32.f32"), "1.0 sm_10");
        assert_eq!(req("cvt.rn.f32.f64"), "1.0 sm_13");
        assert_eq!(req("cvt.rn.bf16x2.f32"), "7.0 sm_80");
        assert_eq!(req("cvt.rn.relu.satfinite.f16.f32"), "8.1 sm_80");
        assert_eq!(req("cvt.f32.bf16"), "7.1 sm_80");
        assert_eq!(req("cvt.ftz.f32.bf16"), "7.8 sm_90");
        assert_eq!(req("cvt.rzi.s32.bf16"), "7.8 sm_90");
        assert_eq!(req("cvt.rn.satfinite.tf32.f32"), "8.6 sm_100");
        let f4 = Cvt::parse("cvt.rn.satfinite.e2m1x2.f32").unwrap();
        let t = |s: &str| s.parse::<Target>().unwrap();
        assert_eq!(f4.suffix_error(v(8, 6), t("sm_100a")), None);
        assert_eq!(f4.suffix_error(v(8, 8), t("sm_120f")), None);
        assert_eq!(
            f4.suffix_error(v(8, 6), t("sm_100f")).unwrap(),
            "needs an architecture-specific target (sm_100a) or, from PTX ISA 8.8, a family target (sm_100f); the target is sm_100f"
        );
        assert!(f4.suffix_error(v(8, 8), t("sm_100")).is_some());
        let bf = Cvt::parse("cvt.rn.satfinite.e4m3x2.bf16x2").unwrap();
        assert!(bf.suffix_error(v(9, 1), t("sm_100")).is_some());
        assert_eq!(bf.suffix_error(v(9, 1), t("sm_100a")), None);
        assert_eq!(req("cvt.pack.sat.u8.s32.b32"), "6.5 sm_72");
        assert_eq!(req("cvt.pack.sat.u4.s32.b32"), "6.5 sm_75");
        assert_eq!(req("cvt.rs.satfinite.e4m3x4.f32"), "8.7 sm_100");
        assert_eq!(req("cvt.rz.ue8m0x2.bf16x2"), "8.6 sm_100");
        assert_eq!(
            req("cvt.rn.satfinite.scaled::n2::ue8m0.s2f6x2.f32"),
            "9.1 sm_100"
        );
        // PTX ISA 9.2: `.satfinite` and `.relu` optional, family targets.
        assert_eq!(req("cvt.rn.scaled::n2::ue8m0.bf16x2.e4m3x2"), "9.2 sm_100");
        assert_eq!(req("cvt.rn.relu.satfinite.bf16x2.e2m1x2"), "9.2 sm_100");
        let up = Cvt::parse("cvt.rn.scaled::n2::ue8m0.bf16x2.e2m3x2").unwrap();
        assert_eq!(up.sources(), 2);
        assert_eq!(up.suffix_error(v(9, 2), t("sm_110f")), None);
        assert!(up.suffix_error(v(9, 2), t("sm_100")).is_some());
        let rs = Cvt::parse("cvt.rs.f16x2.f32").unwrap();
        assert_eq!(rs.suffix_error(v(8, 7), t("sm_103a")), None);
        assert_eq!(rs.suffix_error(v(9, 4), t("sm_107a")), None);
        assert_eq!(
            rs.suffix_error(v(8, 8), t("sm_120a")).unwrap(),
            "is supported only on sm_100a, sm_103a, sm_107a; the target is sm_120a"
        );
        assert!(rs.suffix_error(v(8, 8), t("sm_100f")).is_some());
        let s2 = Cvt::parse("cvt.rn.bf16x2.s2f6x2").unwrap();
        for ok in [
            "sm_100a", "sm_103a", "sm_107a", "sm_110a", "sm_120a", "sm_121a",
        ] {
            assert_eq!(s2.suffix_error(v(9, 1), t(ok)), None, "{ok}");
        }
        assert_eq!(
            s2.suffix_error(v(9, 1), t("sm_101a")).unwrap(),
            "is supported only on sm_100a, sm_103a, sm_107a, sm_110a, sm_120a, sm_121a; the target is sm_101a"
        );
        assert!(s2.suffix_error(v(9, 1), t("sm_100f")).is_some());
        let f8 = Cvt::parse("cvt.rn.satfinite.e4m3x2.f32").unwrap();
        assert_eq!(f8.requires_on(Target::sm(89)), (v(8, 1), Target::sm(89)));
        assert_eq!(f8.requires_on(Target::sm(90)), (v(7, 8), Target::sm(90)));
    }
}
