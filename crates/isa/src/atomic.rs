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
use crate::target::PtxVersion;
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
                // "red...add{.noftz}...vec_32_bit.f32" (PTX ISA 9.4).
                F32 => op == AtomOp::Add && (red || !noftz) && vec <= 4,
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
                AtomOp::Add if ty == F32 && noftz => ("fma.rn.f32", Some(0x3f80_0000)),
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
        // `.f16x2`/`.bf16x2` are float types of Table 41, packed.
        let float = ty.is_float() || matches!(ty, PtxType::F16x2 | PtxType::BF16x2);
        let update = match (op, float) {
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

/// An `atom`/`red` opcode's words sorted into the classes of its syntax
/// lines (PTX ISA 9.4, 9.7.13.5 `atom`, 9.7.13.6 `red`), each at most
/// once; the words themselves are crate::qualifiers' row.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
struct Spelling<'a> {
    sem: Option<&'a str>,
    scope: Option<&'a str>,
    space: Option<&'a str>,
    op: Option<&'a str>,
    ty: Option<&'a str>,
    vec: Option<&'a str>,
    noftz: bool,
    hint: bool,
}

impl<'a> Spelling<'a> {
    /// Sorts the words; an error names a class given twice.
    fn parse(opcode: &'a str) -> Result<Spelling<'a>, String> {
        let mut s = Spelling::default();
        for w in opcode.split('.').skip(1) {
            let (slot, class) = match w {
                "relaxed" | "acquire" | "release" | "acq_rel" => (&mut s.sem, ".sem"),
                "cta" | "cluster" | "gpu" | "sys" => (&mut s.scope, ".scope"),
                "global" | "shared" | "shared::cta" | "shared::cluster" | "local" | "const"
                | "param" => (&mut s.space, ".space"),
                "and" | "or" | "xor" | "cas" | "exch" | "add" | "inc" | "dec" | "min" | "max" => {
                    (&mut s.op, ".op")
                }
                "v2" | "v4" | "v8" => (&mut s.vec, "vector"),
                "noftz" if !s.noftz => {
                    s.noftz = true;
                    continue;
                }
                "L2::cache_hint" if !s.hint => {
                    s.hint = true;
                    continue;
                }
                "noftz" | "L2::cache_hint" => return Err(format!("`.{w}` is given twice")),
                _ => (&mut s.ty, "type"),
            };
            if let Some(first) = slot.replace(w) {
                return Err(format!(
                    "one {class} qualifier is allowed; `.{first}` and `.{w}` are both given"
                ));
            }
        }
        Ok(s)
    }
}

/// PTX ISA Table 41 "Atom Scalar Type Operations" and Table 42 "Red
/// Scalar Type Operations": the operations each scalar type takes (`red`
/// has no `.cas`/`.exch` and no `.b16`/`.b128`).
fn scalar_ops(ty: &str, red: bool) -> &'static [&'static str] {
    match (ty, red) {
        // ".u32: .add, .inc, .dec, .min, .max"
        ("u32", _) => &["add", "inc", "dec", "min", "max"],
        // ".s32, .u64: .add, .min, .max"
        ("s32" | "u64", _) => &["add", "min", "max"],
        // ".s64: .min, .max"
        ("s64", _) => &["min", "max"],
        // ".f32: .add{.noftz}", ".f64: .add (noftz by default)", ".f16,
        // .f16x2, .bf16, .bf16x2: .add (requires .noftz)"
        ("f32" | "f64" | "f16" | "f16x2" | "bf16" | "bf16x2", _) => &["add"],
        // ".b32, .b64: .and, .or, .xor, .exch, .cas" (atom), ".and, .or,
        // .xor" (red)
        ("b32" | "b64", false) => &["and", "or", "xor", "exch", "cas"],
        ("b32" | "b64", true) => &["and", "or", "xor"],
        // ".b16: .cas", ".b128: .exch, .cas"
        ("b16", false) => &["cas"],
        ("b128", false) => &["exch", "cas"],
        _ => &[],
    }
}

/// Why an `atom`/`red` opcode as written is outside the PTX ISA's syntax
/// lines and its Tables 41/42 (ptxas 13.0 rejects these: "Operation .and
/// requires .b32 or .b64 type for instruction 'atom'"), with the valid
/// spelling nearest to it where there is one; None where it is PTX.
pub fn spelling_error(opcode: &str, red: bool) -> Option<(String, String)> {
    let root = if red { "red" } else { "atom" };
    let s = match Spelling::parse(opcode) {
        Ok(s) => s,
        Err(why) => return Some((why, format!("write each of `{root}`'s qualifiers once"))),
    };
    let (Some(op), Some(ty)) = (s.op, s.ty) else {
        return Some((
            "expected an operation (.add, .min, .cas, ...) and a type".into(),
            format!("e.g. `{root}.global.add.u32`"),
        ));
    };
    // "red{.sem}...: .sem = { .relaxed, .release }" (the section's example
    // `red.global.acquire.sys.add.u32` contradicts its own syntax line;
    // ptxas follows the syntax line).
    if let (true, Some(sem @ ("acquire" | "acq_rel"))) = (red, s.sem) {
        return Some((
            format!("`.{sem}` is not a `.sem` of `red` (\".sem = {{ .relaxed, .release }}\")"),
            "use `atom` for an acquire; `red` is `.relaxed` or `.release`".into(),
        ));
    }
    // "The qualifier .level::cache_hint is only supported for .global
    // state space and for generic addressing".
    if s.hint && s.space.is_some_and(|sp| sp != "global") {
        return Some((
            "`.L2::cache_hint` is only supported for `.global` and generic addressing".into(),
            "drop `.L2::cache_hint`, or address `.global` memory".into(),
        ));
    }
    if let Some(v) = s.vec {
        // "atom{.sem}{.scope}{.global}.add{.level::cache_hint}.vec_32_bit.f32",
        // "red{.sem}{.scope}{.global}.add{.noftz}{.level::cache_hint}.vec_32_bit.f32",
        // "...op.noftz{.level::cache_hint}.vec_16_bit.half_word_type",
        // "...op.noftz{.level::cache_hint}.vec_32_bit.packed_type"; ".op =
        // { .add, .min, .max }", ".vec_16_bit = { .v2, .v4, .v8 }",
        // ".vec_32_bit = { .v2, .v4 }".
        let ok = match ty {
            "f32" => op == "add" && v != "v8" && (red || !s.noftz),
            "f16" | "bf16" => matches!(op, "add" | "min" | "max") && s.noftz,
            "f16x2" | "bf16x2" => matches!(op, "add" | "min" | "max") && s.noftz && v != "v8",
            _ => false,
        };
        if !ok {
            return Some((
                format!("`.{v}.{ty}` with `.{op}`{} is not a vector {root} (PTX ISA: \".add\" on \".v2/.v4 .f32\"; \".add, .min, .max\" with \".noftz\" on \".v2/.v4/.v8 .f16/.bf16\" and \".v2/.v4 .f16x2/.bf16x2\")", if s.noftz { " and `.noftz`" } else { "" }),
                format!("e.g. `{root}.global.v4.f32.add` or `{root}.global.v8.f16.add.noftz`"),
            ));
        }
        if s.space.is_some_and(|sp| sp != "global") {
            return Some((
                format!("\"{root} with vector type may be used only with .global space\""),
                "use `.global` or a generic address".into(),
            ));
        }
        return None;
    }
    let ops = scalar_ops(ty, red);
    if !ops.contains(&op) {
        let takes: Vec<&str> = [
            "b16", "b32", "b64", "b128", "u32", "s32", "u64", "s64", "f32", "f64", "f16", "f16x2",
            "bf16", "bf16x2",
        ]
        .into_iter()
        .filter(|t| scalar_ops(t, red).contains(&op))
        .collect();
        let table = if red {
            "Table 42 \"Red Scalar Type Operations\""
        } else {
            "Table 41 \"Atom Scalar Type Operations\""
        };
        let why = if ops.is_empty() {
            format!("`.{ty}` is not a scalar type of `{root}` (PTX ISA {table})")
        } else {
            format!(
                "`.{op}` does not take `.{ty}` (PTX ISA {table}: `.{ty}` takes {})",
                ops.iter()
                    .map(|o| format!(".{o}"))
                    .collect::<Vec<_>>()
                    .join(", ")
            )
        };
        let help = match takes.as_slice() {
            [] if red && matches!(op, "cas" | "exch") => {
                "`red` has no `.cas` or `.exch`; use `atom`, which returns the old value"
                    .to_string()
            }
            [] => format!("`{root}` has no `.{op}` on a scalar type"),
            t => format!(
                "`.{op}` takes {}",
                t.iter()
                    .map(|t| format!(".{t}"))
                    .collect::<Vec<_>>()
                    .join(", ")
            ),
        };
        return Some((why, help));
    }
    // ".f16, .f16x2, .bf16, .bf16x2: .add (requires .noftz)"; ".add{.noftz}"
    // only on `.f32` besides them.
    let half = matches!(ty, "f16" | "f16x2" | "bf16" | "bf16x2");
    if half && !s.noftz {
        return Some((
            format!("\"{root}.add.f16, {root}.add.f16x2, {root}.add.bf16 and {root}.add.bf16x2 operations require the .noftz qualifier\""),
            format!("write `{root}.add.noftz.{ty}`"),
        ));
    }
    if s.noftz && !half && ty != "f32" {
        return Some((
            format!("`.noftz` is a qualifier of `.add` on `.f16`, `.f16x2`, `.bf16`, `.bf16x2` and `.f32`, not of `.{ty}`"),
            "drop `.noftz`".into(),
        ));
    }
    None
}

/// The PTX ISA version and target an `atom`/`red` opcode needs, each with
/// the note of the section that says so (its "PTX ISA Notes" and "Target
/// ISA Notes").
pub fn requirements(opcode: &str, red: bool) -> Vec<(PtxVersion, u16, &'static str)> {
    let Ok(s) = Spelling::parse(opcode) else {
        return Vec::new();
    };
    let v = PtxVersion::new;
    let ty = s.ty.unwrap_or("");
    let op = s.op.unwrap_or("");
    let wide = matches!(ty, "b64" | "u64" | "s64");
    let mut out = vec![match s.space {
        Some("global") => (v(1, if red { 2 } else { 1 }), 11, "atom.global/red.global"),
        Some(_) => (v(1, 2), 12, "atom.shared/red.shared"),
        None => (
            v(1, 0),
            20,
            "\"Use of generic addressing requires sm_20 or higher\"",
        ),
    }];
    if wide {
        let shared = s.space.is_some_and(|sp| sp != "global");
        out.push(match op {
            "and" | "or" | "xor" | "min" | "max" => (v(3, 1), 32, "64-bit .and/.or/.xor/.min/.max"),
            _ if shared => (v(2, 0), 20, "64-bit .shared .add/.cas/.exch"),
            _ => (v(1, 2), 12, "64-bit .global .add/.cas/.exch"),
        });
    }
    out.extend(match (ty, s.vec.is_some()) {
        (_, true) => Some((v(8, 1), 90, "vector types")),
        ("f32", _) if s.noftz => Some((v(9, 4), 90, "\"Qualifier .noftz with .f32 type\"")),
        ("f32", _) => Some((v(2, 0), 20, ".add.f32")),
        ("f64", _) => Some((v(5, 0), 60, ".add.f64")),
        ("f16x2", _) => Some((v(6, 2), 60, ".add.noftz.f16x2")),
        ("f16", _) => Some((v(6, 3), 70, ".add.noftz.f16")),
        ("b16", _) => Some((v(6, 3), 70, "atom.cas.b16")),
        ("bf16" | "bf16x2", _) => Some((v(7, 8), 90, ".add.noftz.bf16/.bf16x2")),
        ("b128", _) if s.scope == Some("sys") => {
            Some((v(8, 4), 90, "\".sys scope with .b128 type\""))
        }
        ("b128", _) => Some((v(8, 3), 90, ".b128")),
        _ => None,
    });
    if s.scope.is_some() {
        out.push((v(5, 0), 60, "the .scope qualifier"));
    }
    if s.scope == Some("cluster") {
        out.push((v(7, 8), 90, "the .cluster scope"));
    }
    if s.sem.is_some() {
        out.push((v(6, 0), 70, "the .sem qualifier"));
    }
    if s.hint {
        out.push((v(7, 4), 80, ".level::cache_hint"));
    }
    match s.space {
        Some("shared::cta") => out.push((v(7, 8), 30, "the ::cta sub-qualifier")),
        Some("shared::cluster") => out.push((v(7, 8), 90, "the ::cluster sub-qualifier")),
        _ => {}
    }
    out
}
