//! Decode once: what an instruction's opcode text means, as a typed [`Op`].
//!
//! `check` and the interpreter both call [`decode`] (one time per
//! instruction) and then match the closed [`Op`] enum; nothing else looks at
//! an opcode's root string to decide what an instruction is. A new
//! instruction is table rows (`crate::syntax`) or a new variant here: the
//! compiler then names every `match` that must learn it.

use crate::alt::Alt;
use crate::control::{Control, Mem};
use crate::cvt::{Cvt, CvtError};
use crate::diag::Diagnostic;
use crate::form::{Form, Opcode};
use crate::int::IntOp;
use crate::mixed::Mixed;
use crate::setp::{CmpInstr, Select, SetSimd, Setp, Testp};
use crate::target::{PtxVersion, Target};
use crate::types::PtxType;

/// A decoded instruction (its opcode; operands stay in the AST).
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Op {
    /// A form of the instruction table: float add, sub, mul, fma, mad, min, max.
    Form(Form),
    /// An integer or bit instruction of the integer table
    /// (`crate::int::INT_SYNTAX`): `add.cc.u32`, `mad.hi.sat.s32`,
    /// `prmt.b32.f4e`, `and.pred`...
    Int(IntOp),
    /// A `cvt` (every form of `crate::cvt::ROWS`).
    Cvt(Cvt),
    /// An alternate floating-point `add`/`sub`/`mul`/`fma` on packed FP8,
    /// FP6, FP4 or UE8M0 lanes (`crate::alt`, PTX ISA 9.7.6).
    Alt(Alt),
    /// A packed mixed-precision `add`/`sub`/`mul`/`fma` of PTX ISA 9.4
    /// (`crate::mixed`: `.f32x2` with `.f16x2`/`.bf16x2`).
    Mixed(Mixed),
    /// `setp` or `set` on any type, with its comparison, `.ftz` and
    /// `.and`/`.or`/`.xor`.
    Setp(Setp),
    /// `set` on packed integers (`set.lt.s16x2`, PTX ISA 9.4).
    SetSimd(SetSimd),
    /// `selp` or `slct`.
    Select(Select),
    /// `testp`.
    Testp(Testp),
    /// `mov`, with the instruction type (its last type suffix).
    Mov(Option<PtxType>),
    /// `ld`, with its qualifiers.
    Ld(Mem),
    /// `st`, with its qualifiers.
    St(Mem),
    /// `cvta`, with its type.
    Cvta(Option<PtxType>),
    /// `bra` (or `bra.uni`).
    Bra,
    /// `ret` or `exit`.
    Ret,
    /// A control, barrier, warp-level or atomic instruction the engine
    /// runs (`call`, `exit`, `bar.sync`, `shfl.sync`, `atom`, ...).
    Control(Control),
    /// A PTX instruction ptxfp does not model or run (`call`, `bar`,
    /// `min.s32`, `cvt.rmi.f32.f32`, ...), with why, where a more precise
    /// reason than "not supported" exists.
    Unsupported(Option<Diagnostic>),
    /// Not a PTX instruction at all.
    NotPtx,
}

/// What a computing op reads and writes: the register operands, in
/// order, destinations first (`Op::signature`).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Signature {
    /// The destinations' types, in operand order.
    pub dsts: Vec<PtxType>,
    /// A second destination the operand may name after `|`, which gets
    /// the complement of the first (`setp p|q, ...`: "q = !p").
    pub complement: Option<PtxType>,
    /// The sources' types, in operand order.
    pub srcs: Vec<PtxType>,
    /// How the op uses the condition code's carry flag.
    pub carry: Carry,
}

/// The carry flag (`CC.CF`) an integer op reads and writes (PTX ISA
/// 9.7.2 "Extended-Precision Integer Arithmetic Instructions").
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Carry {
    /// Reads the carry-in (`addc`, `subc`, `madc`).
    pub reads: bool,
    /// Writes the carry-out (`.cc`).
    pub writes: bool,
}

/// A source's values, where the ISA limits them below its type's range
/// ([`Op::source_limit`]).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct SourceLimit {
    /// The largest value.
    pub max: u64,
    /// The rule, as messages quote it.
    pub rule: &'static str,
}

/// The decoding of one opcode.
#[derive(Clone, Debug)]
pub struct Decoded {
    /// What it is.
    pub op: Op,
    /// Errors (a malformed form of a modelled family: then `op` is
    /// [`Op::Unsupported`]) and warnings (a `lenient` repair), with spans
    /// relative to the opcode text.
    pub diags: Vec<Diagnostic>,
}

pub use crate::types::last_type;

/// Decodes `opcode` (`fma.rn.ftz.f16`, `ld.global.v2.f32`, ...). A
/// modifier after the types, or modifiers out of their syntax line's
/// order, are accepted with a warning that says how to write the form:
/// ptxas takes them (CUDA's own headers write `rcp.approx.f32.ftz`,
/// `lg2.approx.f32.ftz` and `cvt.f32.f64.rn` in inline asm;
/// docs/NVIDIA.md "Modifier order"). `lenient` also accepts a repeated
/// modifier, with a warning (docs/NVIDIA.md "Errata"). Never fails: what
/// is not an instruction ptxfp knows is [`Op::Unsupported`] or
/// [`Op::NotPtx`].
pub fn decode(opcode: &str, lenient: bool) -> Decoded {
    let ok = |op| Decoded {
        op,
        diags: Vec::new(),
    };
    let bad = |d: Diagnostic| Decoded {
        op: Op::Unsupported(None),
        diags: vec![d],
    };
    let root = opcode.split('.').next().unwrap_or("");
    if !crate::opcodes::is_instruction(root) {
        return ok(Op::NotPtx);
    }
    // A repair that reorders only (no modifier written twice: a type may
    // be, `cvt.rni.f32.f32`) is taken without `lenient`.
    let pieces: Vec<&str> = opcode.split('.').skip(1).collect();
    let repeated = pieces
        .iter()
        .enumerate()
        .any(|(i, p)| PtxType::parse(p).is_none() && pieces[..i].contains(p));
    let reorder = lenient || !repeated;
    // The alternate floating-point forms (crate::alt): `add`, `sub`, `mul`,
    // `fma` with a packed FP8/FP6/FP4/UE8M0 type.
    if let Some(a) = Alt::decode(opcode, reorder) {
        return match a {
            Ok((a, warnings)) => Decoded {
                op: Op::Alt(a),
                diags: warnings,
            },
            Err(d) => bad(d),
        };
    }
    // `set` on packed integers (PTX ISA 9.4).
    if let Some(s) = SetSimd::decode(opcode) {
        return match s {
            Ok(s) => ok(Op::SetSimd(s)),
            Err(d) => bad(d),
        };
    }
    // The packed mixed-precision forms (crate::mixed).
    if let Some(m) = Mixed::decode(opcode, reorder) {
        return match m {
            Ok((m, warnings)) => Decoded {
                op: Op::Mixed(m),
                diags: warnings,
            },
            Err(d) => bad(d),
        };
    }
    if IntOp::claims(opcode) {
        return match IntOp::parse(opcode) {
            Ok(i) => ok(Op::Int(i)),
            Err(d) => match IntOp::parse_lenient(opcode) {
                Ok((i, warnings)) if reorder => Decoded {
                    op: Op::Int(i),
                    diags: warnings,
                },
                _ => bad(d),
            },
        };
    }
    if crate::syntax::in_family(opcode) {
        return match Form::parse(opcode) {
            Ok(f) => ok(Op::Form(f)),
            Err(d) => match Form::parse_lenient(opcode) {
                Ok((f, warnings)) if reorder => Decoded {
                    op: Op::Form(f),
                    diags: warnings,
                },
                _ => bad(d),
            },
        };
    }
    // mbarrier, bulk copies, cluster barriers (crate::mbarrier's rows): a
    // form no row admits is malformed, an error at its line.
    if let Some(a) = crate::mbarrier::AsyncOp::decode(opcode) {
        return match a {
            Ok(a) => ok(Op::Control(Control::Async(a))),
            Err(d) => bad(d),
        };
    }
    // The video instructions (crate::video): a malformed form is an error
    // at its line, in `check` as in `run`.
    if let Some(v) = crate::video::Video::decode(opcode) {
        return match v {
            Ok(v) => ok(Op::Control(Control::Video(v))),
            Err(d) => bad(d),
        };
    }
    // A warp-wide instruction's qualifiers in another order than its
    // syntax line's (`vote`, `shfl`, `match`, `movmatrix`,
    // `tcgen05.ld`/`st`): a warning, and it runs as the canonical form (as
    // a modifier after the types does, docs/NVIDIA.md "Modifier order").
    if let Some(canonical) = crate::control::warp_in_order(opcode).filter(|c| c != opcode) {
        let d = decode(&canonical, lenient);
        let fine = !matches!(d.op, Op::Unsupported(None) | Op::NotPtx)
            && d.diags.iter().all(|x| !x.is_error());
        // `tcgen05.mma` whose only trouble left is another rule (`.ashift`
        // with `.collector::a::fill`): that rule's error, not "`.ashift`
        // is not a qualifier here" of the order as written.
        if !fine && opcode.starts_with("tcgen05.mma.") {
            return d;
        }
        if fine {
            let mut diags = vec![Diagnostic::warning(
                0..opcode.len(),
                format!("`{opcode}`: its qualifiers are out of the order of the syntax line (ran as `{canonical}`)"),
            )
            .with_help(format!("write {canonical}"))];
            diags.extend(d.diags);
            return Decoded { op: d.op, diags };
        }
    }
    // wgmma (crate::wgmma's rows): a form no row admits is an error at
    // its line; the sparse forms are valid PTX the engine refuses.
    if let Some(w) = crate::wgmma::Wgmma::decode(opcode) {
        return match w {
            Ok(w) => ok(Op::Control(Control::Wgmma(w))),
            Err(crate::wgmma::Refused::Unsupported(d)) => ok(Op::Unsupported(Some(d))),
            Err(crate::wgmma::Refused::Invalid(d)) => bad(d),
        };
    }
    // tcgen05 (crate::tcgen05): a malformed form is an error at its line;
    // the forms the engine does not run are refused where reached.
    if let Some(t) = crate::tcgen05::Tcgen05::decode(opcode) {
        return match t {
            Ok(t) => ok(Op::Control(Control::Tcgen05(t))),
            Err(crate::tcgen05::Refused::Unsupported(d)) => ok(Op::Unsupported(Some(d))),
            Err(crate::tcgen05::Refused::Invalid(d)) => bad(d),
        };
    }
    // Surfaces (crate::surface): a form the ISA's syntax does not admit is
    // an error at its line; `sust.p`/`sured.p` are valid PTX the engine
    // refuses where a thread reaches them (a warning before the run).
    if let Some(s) = crate::surface::Surface::decode(opcode) {
        return match s {
            Ok(s) => ok(Op::Control(Control::Surface(s))),
            Err(crate::surface::Refused::Unsupported(why)) => ok(Op::Control(Control::Refused(
                crate::control::Refused::Image(why),
            ))),
            Err(crate::surface::Refused::Invalid(d)) => bad(d),
        };
    }
    // Textures (crate::texture): likewise.
    if let Some(t) = crate::texture::Texture::decode(opcode) {
        return match t {
            Ok(t) => ok(Op::Control(Control::Texture(t))),
            Err(crate::surface::Refused::Unsupported(why)) => ok(Op::Control(Control::Refused(
                crate::control::Refused::Image(why),
            ))),
            Err(crate::surface::Refused::Invalid(d)) => bad(d),
        };
    }
    // Control, barriers, warp-level instructions, atomics: their typed
    // decoding, or why the engine does not run them.
    match crate::control::Control::decode(opcode) {
        Some(Ok(c)) => return ok(Op::Control(c)),
        Some(Err(crate::control::ControlError::Refused(why))) => {
            return ok(Op::Unsupported(Some(why)))
        }
        Some(Err(crate::control::ControlError::Malformed(d))) => return bad(d),
        None => {}
    }
    // What falls through to the lenient decodings below (`ld`, `st`,
    // `mov`, the branches): a qualifier in none of the root's syntax lines
    // is an error at its line (crate::qualifiers).
    if let Some(why) = crate::qualifiers::unknown(opcode) {
        return bad(Diagnostic::error(
            0..opcode.len(),
            format!("`{opcode}`: {why}"),
        ));
    }
    let op = match root {
        "cvt" => {
            return match Cvt::decode(opcode, reorder) {
                Ok((c, warnings)) => Decoded {
                    op: Op::Cvt(c),
                    diags: warnings,
                },
                // Valid PTX outside the model (`cvt.rs`, `.e2m1x2`): run
                // stops at it and says why; `check` counts it.
                Err(CvtError::Unsupported(d)) => ok(Op::Unsupported(Some(d))),
                Err(CvtError::Invalid(d)) => bad(d),
            };
        }
        "setp" | "set" => match Setp::parse(opcode) {
            Ok(c) => Op::Setp(c),
            Err(d) => return bad(d),
        },
        "selp" | "slct" => match Select::parse(opcode) {
            Ok(c) => Op::Select(c),
            Err(d) => return bad(d),
        },
        "testp" => match Testp::parse(opcode) {
            Ok(c) => Op::Testp(c),
            Err(d) => return bad(d),
        },
        // `mov.b128`: between a `.b128` register and its two `.b64` halves
        // (crate::control::is_b128).
        "mov" if crate::control::is_b128(opcode) => Op::Mov(Some(PtxType::B64)),
        "mov" => Op::Mov(last_type(opcode)),
        // ldu: "Load read-only data from an address that is common across
        // threads in the warp" (PTX ISA 9.7.9.9): a load, whose value the
        // sequential engine reads like `ld`'s.
        "ld" | "ldu" => Op::Ld(Mem::decode(opcode)),
        "st" => Op::St(Mem::decode(opcode)),
        "cvta" => Op::Cvta(last_type(opcode)),
        "bra" if opcode.split('.').skip(1).all(|s| s == "uni") => Op::Bra,
        "ret" => Op::Ret,
        "bra" | "brx" | "call" | "bar" | "barrier" => Op::Unsupported(Some(
            Diagnostic::error(
                0..opcode.len(),
                format!("`{opcode}` is not supported by the engine"),
            )
            .with_help("the engine runs bra, bra.uni, brx.idx, call, call.uni, ret, exit, bar.sync, bar.arrive, bar.red and barrier.sync"),
        )),
        // A root of the arithmetic tables whose types no table has
        // (`fma.rn.u32`, `sqrt.rn.s32`): the integer table did not claim it
        // and the float family has no such type, so no syntax line admits it.
        _ if Opcode::parse(root).is_some() => {
            return bad(Diagnostic::error(
                0..opcode.len(),
                format!("`{opcode}`: no syntax line of `{root}` takes these types"),
            )
            .with_help(format!("`ptxfp forms --family all` lists the forms of `{root}`")))
        }
        _ => Op::Unsupported(None),
    };
    ok(op)
}

impl Op {
    /// The registers the op reads and writes, for the ops that compute
    /// destination bits from source bits (`ptxfp_model::compute`); `None`
    /// for the others (memory, control flow, `mov`, unsupported).
    pub fn signature(&self) -> Option<Signature> {
        let plain = |dst: PtxType, srcs: Vec<PtxType>| Signature {
            dsts: vec![dst],
            complement: None,
            srcs,
            carry: Carry::default(),
        };
        Some(match self {
            Op::Form(f) => plain(f.dest_type(), f.source_types()),
            // 9.7.8.6: "lop3.BoolOp.b32 d|p, a, b, c, immLut, q;": `d`,
            // then the predicate `p`.
            Op::Int(i) if i.bool_op().is_some() => Signature {
                dsts: vec![i.dest_type(), PtxType::Pred],
                ..plain(i.dest_type(), i.source_types())
            },
            // The carry flag: `.cc` writes it, `addc`/`subc`/`madc` read it.
            Op::Int(i) => Signature {
                carry: Carry {
                    reads: i.reads_carry(),
                    writes: i.cc(),
                },
                ..plain(i.dest_type(), i.source_types())
            },
            Op::Cvt(c) => plain(c.dst, c.source_types()),
            // "Operand `d` must be of type `.b32`" (9.7.6).
            Op::Alt(a) => plain(PtxType::B32, a.source_types()),
            Op::Mixed(m) => plain(m.dest_type(), m.source_types()),
            // "In this case, all operands must be of type `.b32`."
            Op::SetSimd(_) => plain(PtxType::B32, vec![PtxType::B32; 2]),
            // `setp.CmpOp.type p[|q], a, b;` and, with a BoolOp, `..., {!}c`
            // (9.7.8.2); `.f16x2`/`.bf16x2`: `p|q` are the two lanes' results.
            // `set.CmpOp.dtype.stype d, a, b{, {!}c}` (9.7.8.1).
            Op::Setp(c) => {
                let mut srcs = vec![c.ty, c.ty];
                if c.bool_op.is_some() {
                    srcs.push(PtxType::Pred);
                }
                match (c.instr, c.packed()) {
                    (CmpInstr::Set, _) => plain(c.dtype.unwrap_or(PtxType::U32), srcs),
                    (CmpInstr::Setp, true) => Signature {
                        dsts: vec![PtxType::Pred, PtxType::Pred],
                        ..plain(PtxType::Pred, srcs)
                    },
                    (CmpInstr::Setp, false) => Signature {
                        complement: Some(PtxType::Pred),
                        ..plain(PtxType::Pred, srcs)
                    },
                }
            }
            // `selp.type d, a, b, c` (c a predicate); `slct.dtype.ctype d, a, b, c`.
            Op::Select(c) => plain(c.ty, vec![c.ty, c.ty, c.ctype.unwrap_or(PtxType::Pred)]),
            // `testp.op.type p, a`.
            Op::Testp(c) => plain(PtxType::Pred, vec![c.ty]),
            _ => return None,
        })
    }

    /// The op an instruction with `n` source operands means: where its
    /// opcode text names forms of two arities (9.7.3.11/9.7.3.12: `min.f32
    /// d, a, b` and `min.f32 d, a, b, c`), the one with `n`; otherwise the
    /// op itself, whose operand count is then checked as usual.
    pub fn with_sources(&self, n: usize) -> Op {
        match self {
            Op::Form(f) => Op::Form(f.with_sources(n).unwrap_or(*f)),
            other => other.clone(),
        }
    }

    /// The minimum PTX ISA version and target of the op, where ptxfp knows
    /// them (the table row's, for a form).
    pub fn requires(&self) -> Option<(PtxVersion, Target)> {
        match self {
            Op::Form(f) => Some(f.requires()),
            Op::Cvt(c) => Some(c.requires()),
            Op::Alt(a) => Some(a.requires()),
            Op::Mixed(m) => Some(m.requires()),
            Op::SetSimd(s) => Some(s.requires()),
            Op::Setp(c) => Some(c.requires()),
            Op::Select(c) => Some(c.requires()),
            Op::Testp(c) => Some(c.requires()),
            Op::Int(i) => Some(i.requires()),
            Op::Control(Control::Async(a)) => Some(a.requires()),
            Op::Control(Control::Fence(f)) => Some(f.requires()),
            Op::Control(Control::Hint(h)) => Some(h.requires()),
            Op::Control(Control::Stack { op, .. }) => Some(op.requires()),
            Op::Control(Control::StBulk) => Some((PtxVersion::new(8, 6), Target::sm(100))),
            Op::Control(Control::Tensormap(t)) => Some(t.requires()),
            Op::Control(Control::Surface(s)) => Some(s.requires()),
            Op::Control(Control::Texture(t)) => Some(t.requires()),
            Op::Control(Control::Mma(m)) => Some(m.requires()),
            Op::Control(Control::Redux(r)) => Some(r.requires()),
            Op::Control(Control::Video(v)) => Some(v.requires()),
            Op::Control(c) => c.warp_requires(),
            _ => None,
        }
    }

    /// The limit the ISA puts on source `k` (in [`Op::signature`]'s order)
    /// below its type's range: `lop3`'s `immLut`, "an integer constant
    /// that can take values from 0 to 255" (9.7.8.6), a `.b32` source.
    /// `None` for the others.
    pub fn source_limit(&self, k: usize) -> Option<SourceLimit> {
        let lop3 = matches!(self, Op::Int(i) if i.op() == crate::int::IntOpcode::Lop3);
        (lop3 && k == 3).then_some(SourceLimit {
            max: 0xff,
            rule: "`immLut` is an integer constant from 0 to 255 (PTX ISA 9.7.8.6)",
        })
    }

    /// The errors and warnings of this op against a module's `.version` and
    /// `.target`, spanning the opcode (`0..` its length).
    pub fn validate(&self, opcode: &str, version: PtxVersion, target: Target) -> Vec<Diagnostic> {
        let rule = format!("`{opcode}`");
        let needs = |min| crate::syntax::requirement(&rule, min, version, target, 0..opcode.len());
        let needs_suffixed = |min, suffix: Option<String>| {
            let mut d = needs(min);
            d.extend(suffix.map(|why| Diagnostic::error(0..opcode.len(), format!("{rule} {why}"))));
            d
        };
        match self {
            Op::Form(f) => f.validate(version, target),
            Op::Cvt(c) => {
                // `cvt.ftz.f32.bf16`: "`.ftz` qualifier for `cvt.f32.bf16`
                // introduced in PTX ISA version 7.8", "requires `sm_90`",
                // but ptxas takes it where `cvt.f32.bf16` is (7.1, sm_80):
                // LLVM writes it for sm_80 code that flushes f32
                // subnormals, and its bf16-instructions.ll test has
                // ptxas 11.8 verify that code under PTX 7.1. A warning
                // there (docs/NVIDIA.md "What ptxas takes beyond the ISA").
                if c.ftz
                    && c.dst == PtxType::F32
                    && c.src == PtxType::BF16
                    && !needs(c.requires_on(target)).is_empty()
                    && needs((PtxVersion::new(7, 1), Target::sm(80))).is_empty()
                {
                    return vec![Diagnostic::warning(
                        0..opcode.len(),
                        format!("{rule} before PTX ISA 7.8 or sm_90, where the ISA introduces its `.ftz`: ptxas takes it from PTX ISA 7.1 on sm_80 (run as on sm_90: subnormal inputs flushed)"),
                    )
                    .with_help("use .version 7.8 and .target sm_90, or write cvt.f32.bf16 (no flush)")];
                }
                let mut d = needs(c.requires_on(target));
                if let Some(why) = c.suffix_error(version, target) {
                    d.push(Diagnostic::error(0..opcode.len(), format!("{rule} {why}")));
                }
                d
            }
            // The PTX ISA 9.4 forms: their version and sm, and the target
            // suffix they need (`sm_100a`/`sm_103a`, the `sm_107f` family).
            Op::Alt(a) => needs_suffixed(a.requires(), a.suffix_error(version, target)),
            Op::Mixed(m) => needs_suffixed(m.requires(), m.suffix_error(version, target)),
            Op::SetSimd(s) => needs_suffixed(s.requires(), s.suffix_error(version, target)),
            Op::Setp(c) => needs(c.requires()),
            Op::Select(c) => needs(c.requires()),
            Op::Testp(c) => needs(c.requires()),
            Op::Int(i) => needs_suffixed(i.requires(), i.suffix_error(version, target)),
            Op::Control(Control::Async(a)) => {
                needs_suffixed(a.requires(), a.suffix_error(version, target))
            }
            Op::Control(Control::Fence(f)) => needs(f.requires()),
            Op::Control(Control::Hint(h)) => {
                needs_suffixed(h.requires(), h.suffix_error(version, target))
            }
            Op::Control(Control::Stack { op, .. }) => needs(op.requires()),
            Op::Control(Control::StBulk) => needs((PtxVersion::new(8, 6), Target::sm(100))),
            Op::Control(Control::Tensormap(t)) => {
                needs_suffixed(t.requires(), t.suffix_error(version, target))
            }
            Op::Control(Control::Surface(s)) => needs(s.requires()),
            Op::Control(Control::Texture(t)) => needs(t.requires()),
            Op::Control(Control::Mma(m)) => needs(m.requires()),
            // `ld`, `st`, `mov`: "Support for .b128 type introduced in PTX ISA
            // version 8.3", "Support for .b128 type requires sm_70 or higher".
            Op::Mov(_) | Op::Ld(_) | Op::St(_) if crate::control::is_b128(opcode) => {
                needs(crate::control::B128_REQUIRES)
            }
            // `atom`/`red`: each "PTX ISA Notes" and "Target ISA Notes"
            // line the spelling meets (crate::atomic::requirements): the
            // newest version and the highest target, each named.
            Op::Control(Control::Atom(a)) => {
                let notes = crate::atomic::requirements(opcode, a.red);
                let mut d = Vec::new();
                if let Some(&(min, _, why)) =
                    notes.iter().filter(|n| n.0 > version).max_by_key(|n| n.0)
                {
                    d.extend(crate::syntax::requirement(
                        &format!("{rule} ({why})"),
                        (min, Target::sm(0)),
                        version,
                        target,
                        0..opcode.len(),
                    ));
                }
                if let Some(&(_, sm, why)) = notes
                    .iter()
                    .filter(|n| !target.at_least(n.1))
                    .max_by_key(|n| n.1)
                {
                    d.extend(crate::syntax::requirement(
                        &format!("{rule} ({why})"),
                        (PtxVersion::new(1, 0), Target::sm(sm)),
                        version,
                        target,
                        0..opcode.len(),
                    ));
                }
                d
            }
            Op::Control(Control::Matrix(m)) => m.validate(opcode, version, target),
            Op::Control(Control::Wgmma(w)) => w.validate(opcode, version, target),
            Op::Control(Control::Tcgen05(t)) => t.validate(opcode, version, target),
            Op::Control(Control::Redux(r)) => r.validate(opcode, version, target),
            Op::Control(Control::Video(v)) => needs(v.requires()),
            Op::Control(c) => {
                let mut d = c.warp_requires().map(needs).unwrap_or_default();
                d.extend(c.removed_error(opcode, version, target));
                d
            }
            _ => Vec::new(),
        }
    }

    /// The instruction types of the operands, destination first, where the
    /// op fixes them (`None` where it does not, or the count varies).
    pub fn operand_types(&self) -> Option<Vec<PtxType>> {
        if let Op::Mov(Some(ty)) = self {
            return Some(vec![*ty; 2]);
        }
        // The computing ops: what their signature says, the first
        // destination written before the sources.
        let s = self.signature()?;
        Some([vec![s.dsts[0]], s.srcs].concat())
    }

    /// True for the ops the interpreter executes (the others stop a run
    /// that reaches them).
    pub fn runs(&self) -> bool {
        !matches!(self, Op::Unsupported(_) | Op::NotPtx) && self.refusal().is_none()
    }

    /// Why a decoded op is refused where a thread reaches it:
    /// `cp.async.bulk.tensor` (its tensor map is built on the host,
    /// docs/ENGINE.md "cp.async.bulk"), `clusterlaunchcontrol.query_cancel`
    /// (a `.b128` operand), and the reason an [`Op::Unsupported`] carries.
    pub fn refusal(&self) -> Option<String> {
        match self {
            Op::Control(Control::Async(a)) => a.refusal().map(str::to_string),
            Op::Control(Control::Refused(r)) => Some(r.why().to_string()),
            Op::Control(Control::Tensormap(t)) => t.refusal().map(str::to_string),
            Op::Unsupported(Some(d)) => Some(d.message.clone()),
            _ => None,
        }
    }

    /// An instruction of the computation tables (float and integer
    /// arithmetic, `cvt`, the packed forms, `setp`/`set`, `selp`/`slct`,
    /// `testp`): it reads registers and writes registers, nothing else.
    /// `check` models these; the engine's endless-loop test counts them
    /// (with `mov` and `cvta`) as unable to leave a loop.
    pub fn is_computation(&self) -> bool {
        matches!(
            self,
            Op::Form(_)
                | Op::Int(_)
                | Op::Cvt(_)
                | Op::Alt(_)
                | Op::Mixed(_)
                | Op::SetSimd(_)
                | Op::Setp(_)
                | Op::Select(_)
                | Op::Testp(_)
        )
    }

    /// The form the op computes, for the arithmetic ops.
    pub fn form(&self) -> Option<Form> {
        match self {
            Op::Form(f) => Some(*f),
            _ => None,
        }
    }

    /// True for `mad.f32` without a rounding modifier (its meaning depends on
    /// the code's target and the device: docs/NVIDIA.md "mad.f32 without a
    /// rounding modifier").
    pub fn is_legacy_mad_f32(&self) -> bool {
        matches!(self, Op::Form(f) if f.op() == Opcode::Mad
            && f.ty() == crate::form::FormType::F32
            && f.rnd().is_none())
    }
}
