//! `atom` and `red` (and the reductions of `cp.reduce.async.bulk`,
//! crate::mbarrier): the read-modify-write decoded once into an
//! [`Atomic`], with the model's ops that compute the new value. Apart
//! from crate::control (which re-exports it) so that crate::mbarrier can
//! use it without a cycle.

use crate::diag::Diagnostic;
use crate::form::Form;
use crate::int::IntOp;
use crate::setp::Setp;
use crate::space::Space;
use crate::types::PtxType;

/// `atom{.sem}{.scope}{.space}.op.type` or `red...`: the read-modify-write,
/// with the model's ops that compute the new value decoded with it.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Atomic {
    /// `red` (no destination) rather than `atom`.
    pub red: bool,
    /// The operation.
    pub op: AtomOp,
    /// The type.
    pub ty: PtxType,
    /// `.global` or `.shared`; none: a generic address.
    pub space: Option<Space>,
    /// How the new value is computed from the old one (`old`) and the
    /// operands (`b`, `c`).
    pub update: Update,
    /// `.b128` (`.exch`/`.cas` only): 16 bytes, each operand a `.b128`
    /// register's two `.b64` halves; `ty` is `.b64` and `update` is per
    /// 128-bit value (docs/ENGINE.md "`.b128` registers").
    pub b128: bool,
    /// The update where the address is in `.shared` memory, where it
    /// differs from [`Atomic::update`]: `atom.add.f32` without `.noftz`
    /// "flushes subnormal inputs and results to sign-preserving zero on
    /// global memory but supports subnormal inputs and results and doesn't
    /// flush them to zero on shared memory" (PTX ISA 9.4).
    pub shared_update: Option<Update>,
    /// The vector length: 1 for a scalar, 2, 4 or 8 for "Atomic operation
    /// with vector type" (PTX ISA 8.1, sm_90): `d` and `b` are
    /// brace-enclosed vectors of `vec` elements of `ty`, at adjacent
    /// addresses, "the atomicity is guaranteed separately for each of the
    /// individual scalar elements".
    pub vec: u8,
}

/// An atomic operation.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum AtomOp {
    /// `.add`.
    Add,
    /// `.and`.
    And,
    /// `.or`.
    Or,
    /// `.xor`.
    Xor,
    /// `.cas`: `d, [a], b, c`.
    Cas,
    /// `.exch`.
    Exch,
    /// `.inc`.
    Inc,
    /// `.dec`.
    Dec,
    /// `.min`.
    Min,
    /// `.max`.
    Max,
}

/// The new value of an atomic (PTX ISA `atom`: "computes a new value from
/// the loaded value and the operands").
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Update {
    /// `exch`: b.
    Exch,
    /// `cas`: "(*a == b) ? c : *a", `cmp` the equality.
    Cas(Setp),
    /// `add`, `and`, `or`, `xor` on integers: `op(old, b)`.
    Int(IntOp),
    /// `min` (`cmp` "lt") or `max` ("gt"): b where `cmp(b, old)`, else old.
    Pick(Setp),
    /// `inc`: "(*a >= b) ? 0 : *a + 1" (`cmp` "hs", `add` the increment).
    Inc(Setp, IntOp),
    /// `dec`: "((*a == 0) || (*a > b)) ? b : *a - 1" (`cmp` "hi", `sub`).
    Dec(Setp, IntOp),
    /// `add` on a float type: the form, and `one` where it is an fma
    /// (old × 1.0 + b: the product is exact, so the sum is rounded once, as
    /// add rounds it; -0 + -0 stays -0).
    Float(Form, Option<u64>),
}

/// The integer op `root.TYPE` (`add.u32`), from the tables.
pub(crate) fn int(root: &str, ty: PtxType) -> Option<IntOp> {
    IntOp::parse(&format!("{root}.{}", ty.name().trim_start_matches('.'))).ok()
}

/// The comparison `setp.CMP.TYPE`, from the tables.
pub(crate) fn cmp(c: &str, ty: PtxType) -> Option<Setp> {
    Setp::parse(&format!("setp.{c}.{}", ty.name().trim_start_matches('.'))).ok()
}

/// The help of an atomic the engine does not run.
const ATOM_HELP: &str = "the engine runs atom/red .add/.min/.max/.inc/.dec/.and/.or/.xor/.exch/.cas on .b32/.b64/.u32/.u64/.s32/.s64, .add on .f32/.f64 (and .noftz.f16/.bf16/.f16x2/.bf16x2) in .global or .shared memory, .cas/.exch on .b128, and the vector forms (.v2/.v4 .f32 .add; .noftz .add/.min/.max on .v2/.v4/.v8 .f16/.bf16 and .v2/.v4 .f16x2/.bf16x2) in .global memory";

impl Atomic {
    /// Decodes `atom...`/`red...` (`red`: the root is `red`). An error
    /// names what the engine does not run.
    pub fn decode(opcode: &str, red: bool) -> Result<Atomic, Diagnostic> {
        let mut op = None;
        let mut ty = None;
        let mut space = None;
        let mut noftz = false;
        let mut b128 = false;
        let mut vec = 1u8;
        for sfx in opcode.split('.').skip(1) {
            let o = match sfx {
                "b128" => {
                    (b128, ty) = (true, Some(PtxType::B64));
                    continue;
                }
                "v2" | "v4" | "v8" => {
                    vec = sfx[1..].parse().unwrap_or(1);
                    continue;
                }
                "add" => AtomOp::Add,
                "and" => AtomOp::And,
                "or" => AtomOp::Or,
                "xor" => AtomOp::Xor,
                "cas" => AtomOp::Cas,
                "exch" => AtomOp::Exch,
                "inc" => AtomOp::Inc,
                "dec" => AtomOp::Dec,
                "min" => AtomOp::Min,
                "max" => AtomOp::Max,
                "noftz" => {
                    noftz = true;
                    continue;
                }
                _ => {
                    if let Some(t) = PtxType::parse(sfx) {
                        ty = Some(t);
                    } else if let Some(sp) = Space::parse(sfx) {
                        space = Some(sp);
                    }
                    continue;
                }
            };
            op = Some(o);
        }
        let unsupported = |why: &str| {
            Diagnostic::error(0..opcode.len(), format!("`{opcode}`: {why}")).with_help(ATOM_HELP)
        };
        let (Some(op), Some(ty)) = (op, ty) else {
            return Err(unsupported(
                "expected an operation (.add, .min, .cas, ...) and a type",
            ));
        };
        if space.is_some_and(|s| !matches!(s, Space::Global | Space::Shared)) {
            return Err(unsupported("atomics address .global or .shared memory"));
        }
        // PTX ISA `red`: ".op = { .and, .or, .xor, .add, .inc, .dec,
        // .min, .max }": no `.cas` (it takes a third operand `red` does
        // not have) and no `.exch`. `red.cas` ran into a missing operand.
        if red && matches!(op, AtomOp::Cas | AtomOp::Exch) {
            return Err(Diagnostic::error(
                0..opcode.len(),
                format!("`{opcode}`: `red` has no `.cas` or `.exch` (PTX ISA red: \".op = {{ .and, .or, .xor, .add, .inc, .dec, .min, .max }}\")"),
            )
            .with_help("use `atom`, which returns the old value: `atom.cas.b32 d, [a], b, c;`"));
        }
        // PTX ISA `atom` syntax: "atom{.sem}{.scope}{.space}.cas.b128 d,
        // [a], b, c;", "atom{.sem}{.scope}{.space}.exch{.level::cache_hint}.b128
        // d, [a], b {, cache-policy};": no other op takes `.b128`, and
        // `red` has none.
        if b128 && (red || !matches!(op, AtomOp::Exch | AtomOp::Cas)) {
            return Err(unsupported(
                "`.b128` is an atom type of `.exch` and `.cas` only",
            ));
        }
        // "Atomic operation with vector type:
        // atom{.sem}{.scope}{.global}.add{.level::cache_hint}.vec_32_bit.f32
        // d, [a], b{, cache-policy};
        // atom{.sem}{.scope}{.global}.op.noftz{.level::cache_hint}.vec_16_bit.half_word_type ...;
        // atom{.sem}{.scope}{.global}.op.noftz{.level::cache_hint}.vec_32_bit.packed_type ...;
        // .op = { .add, .min, .max }; .half_word_type = { .f16, .bf16 };
        // .packed_type = { .f16x2, .bf16x2 }; .vec_16_bit = { .v2, .v4, .v8 }
        // .vec_32_bit = { .v2, .v4 }" (`red` likewise); "atom with vector
        // type may be used only with .global space and with generic
        // addressing where the address points to .global space".
        if vec > 1 {
            use PtxType::*;
            let half = matches!(ty, F16 | BF16);
            let fits = match ty {
                F32 => op == AtomOp::Add && !noftz && vec <= 4,
                F16 | BF16 | F16x2 | BF16x2 => {
                    matches!(op, AtomOp::Add | AtomOp::Min | AtomOp::Max)
                        && noftz
                        && (vec <= 4 || half)
                }
                _ => false,
            };
            if !fits || b128 {
                return Err(unsupported("a vector atom/red is `.add.{v2,v4}.f32`, or `.{add,min,max}.noftz` on `.{v2,v4,v8}.{f16,bf16}` or `.{v2,v4}.{f16x2,bf16x2}`"));
            }
            if space.is_some_and(|s| s != Space::Global) {
                return Err(unsupported(
                    "\"atom with vector type may be used only with .global space\"",
                ));
            }
            let name = ty.name().trim_start_matches('.');
            let update = match op {
                // As the scalar `.add.f32` on global memory: subnormals
                // flushed; `.noftz` ones kept.
                AtomOp::Add if ty == F32 => ("fma.rn.ftz.f32", Some(0x3f80_0000)),
                AtomOp::Add => ("add.rn", None),
                AtomOp::Min => ("min", None),
                _ => ("max", None),
            };
            let text = if ty == F32 {
                update.0.to_string()
            } else {
                format!("{}.{name}", update.0)
            };
            let Ok(form) = Form::parse(&text) else {
                return Err(unsupported(
                    "this vector atom is not supported by the engine",
                ));
            };
            return Ok(Atomic {
                red,
                op,
                ty,
                space,
                update: Update::Float(form, update.1),
                b128: false,
                shared_update: None,
                vec,
            });
        }
        let as_int = match ty {
            PtxType::B32 => PtxType::U32,
            PtxType::B64 => PtxType::U64,
            t => t,
        };
        // and, or, xor are bit operations: the tables spell them `.b32`/`.b64`.
        let as_bits = match ty {
            PtxType::U32 | PtxType::S32 => PtxType::B32,
            PtxType::U64 | PtxType::S64 => PtxType::B64,
            t => t,
        };
        let update = match (op, ty.is_float()) {
            (AtomOp::Exch, _) => Some(Update::Exch),
            (AtomOp::Cas, false) => cmp("eq", as_int).map(Update::Cas),
            (AtomOp::Add, false) => int("add", as_int).map(Update::Int),
            (AtomOp::And, false) => int("and", as_bits).map(Update::Int),
            (AtomOp::Or, false) => int("or", as_bits).map(Update::Int),
            (AtomOp::Xor, false) => int("xor", as_bits).map(Update::Int),
            (AtomOp::Min, false) => cmp("lt", as_int).map(Update::Pick),
            (AtomOp::Max, false) => cmp("gt", as_int).map(Update::Pick),
            // inc and dec are unsigned .u32 only.
            (AtomOp::Inc, false) if as_int == PtxType::U32 => cmp("hs", as_int)
                .zip(int("add", as_int))
                .map(|(c, a)| Update::Inc(c, a)),
            (AtomOp::Dec, false) if as_int == PtxType::U32 => cmp("hi", as_int)
                .zip(int("sub", as_int))
                .map(|(c, s)| Update::Dec(c, s)),
            // "The .add operation rounds to nearest even"; "The atom.add.f32
            // operation without .noftz, flushes subnormal inputs and
            // results to sign-preserving zero on global memory" (on shared
            // memory: `shared_update` below); .noftz.f16/.bf16 "preserves
            // subnormal inputs and results".
            (AtomOp::Add, true) => {
                let form = match (ty, noftz) {
                    // "Qualifier .noftz with .f32 type introduced in PTX
                    // ISA version 9.4": subnormals kept everywhere.
                    (PtxType::F32, true) => Some(("fma.rn.f32", Some(0x3f80_0000))),
                    (PtxType::F32, false) => Some(("fma.rn.ftz.f32", Some(0x3f80_0000))),
                    (PtxType::F64, _) => Some(("fma.rn.f64", Some(0x3ff0_0000_0000_0000))),
                    (PtxType::F16, true) => Some(("add.rn.f16", None)),
                    (PtxType::BF16, true) => Some(("add.rn.bf16", None)),
                    (PtxType::F16x2, true) => Some(("add.rn.f16x2", None)),
                    (PtxType::BF16x2, true) => Some(("add.rn.bf16x2", None)),
                    _ => None,
                };
                form.and_then(|(f, one)| Some(Update::Float(Form::parse(f).ok()?, one)))
            }
            _ => None,
        };
        let Some(update) = update else {
            return Err(unsupported(
                "this operation and type are not supported by the engine",
            ));
        };
        let shared_update = (op == AtomOp::Add && ty == PtxType::F32 && !noftz)
            .then(|| {
                Form::parse("fma.rn.f32")
                    .ok()
                    .map(|f| Update::Float(f, Some(0x3f80_0000)))
            })
            .flatten();
        Ok(Atomic {
            red,
            op,
            ty,
            space,
            update,
            b128,
            shared_update,
            vec: 1,
        })
    }
}
