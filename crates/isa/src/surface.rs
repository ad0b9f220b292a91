//! The surface instructions (PTX ISA 9.7.11 "Surface Instructions"):
//! `suld.b`, `sust.b`, `sured.b` and `suq`, decoded once from the opcode
//! text into a [`Surface`]; the engine's crates/interp/src/surface.rs runs
//! them on an image the host binds (docs/ENGINE.md "Surfaces").
//!
//! The forms, as the ISA writes them:
//!
//! ```text
//! suld.b.geom{.cop}.vec.dtype.clamp  d, [a, b];
//! sust.b.{1d,2d,3d}{.cop}.vec.ctype.clamp  [a, b], c;
//! sust.b.{a1d,a2d}{.cop}.vec.ctype.clamp   [a, b], c;
//! sured.b.op.geom.ctype.clamp  [a,b],c;
//! suq.query.b32   d, [a];
//! .geom  = { .1d, .2d, .3d, .a1d, .a2d };
//! .cop   = { .ca, .cg, .cs, .cv };  (sust: { .wb, .cg, .cs, .wt })
//! .vec   = { none, .v2, .v4 };
//! .dtype = { .b8 , .b16, .b32, .b64 };
//! .clamp = { .trap, .clamp, .zero };
//! ```

use crate::diag::Diagnostic;
use crate::target::{PtxVersion, Target};
use crate::types::PtxType;

/// The surface's shape: ".geom = { .1d, .2d, .3d, .a1d, .a2d }".
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Geom {
    /// `.1d`: "Operand b is a scalar or singleton tuple for 1d surfaces".
    D1,
    /// `.2d`: "a two-element vector for 2d surfaces".
    D2,
    /// `.3d`: "a four-element vector for 3d surfaces, where the fourth
    /// element is ignored".
    D3,
    /// `.a1d`: "For 1d surface arrays, operand b has type .v2.b32".
    A1,
    /// `.a2d`: "For 2d surface arrays, operand b has type .v4.b32 ... The
    /// fourth element is ignored."
    A2,
}

impl Geom {
    fn parse(s: &str) -> Option<Geom> {
        Some(match s {
            "1d" => Geom::D1,
            "2d" => Geom::D2,
            "3d" => Geom::D3,
            "a1d" => Geom::A1,
            "a2d" => Geom::A2,
            _ => return None,
        })
    }

    /// The suffix, without the dot.
    pub fn name(self) -> &'static str {
        match self {
            Geom::D1 => "1d",
            Geom::D2 => "2d",
            Geom::D3 => "3d",
            Geom::A1 => "a1d",
            Geom::A2 => "a2d",
        }
    }

    /// The elements operand `b` has: 1, 2, 4 (3d and a2d), 2 (a1d).
    pub fn coords(self) -> usize {
        match self {
            Geom::D1 => 1,
            Geom::D2 | Geom::A1 => 2,
            Geom::D3 | Geom::A2 => 4,
        }
    }

    /// True for the arrays (`.a1d`, `.a2d`): `b`'s first element is the
    /// layer index.
    pub fn array(self) -> bool {
        matches!(self, Geom::A1 | Geom::A2)
    }

    /// The dimensions within one surface (layer): 1, 2 or 3.
    pub fn dims(self) -> usize {
        match self {
            Geom::D1 | Geom::A1 => 1,
            Geom::D2 | Geom::A2 => 2,
            Geom::D3 => 3,
        }
    }
}

/// ".clamp = { .trap, .clamp, .zero }": "how to handle out-of-bounds
/// addresses".
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Bound {
    /// "causes an execution trap on out-of-bounds addresses".
    Trap,
    /// `suld`: "loads data at the nearest surface location (sized
    /// appropriately)"; `sust`/`sured`: "stores data at the nearest surface
    /// location (sized appropriately)".
    Clamp,
    /// `suld`: "loads zero for out-of-bounds addresses"; `sust`/`sured`:
    /// "drops stores to out-of-bounds addresses".
    Zero,
}

/// `sured`'s ".op = { .add, .min, .max, .and, .or }".
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum RedOp {
    /// `.add`.
    Add,
    /// `.min`.
    Min,
    /// `.max`.
    Max,
    /// `.and`.
    And,
    /// `.or`.
    Or,
}

impl RedOp {
    /// The suffix, without the dot.
    pub fn name(self) -> &'static str {
        match self {
            RedOp::Add => "add",
            RedOp::Min => "min",
            RedOp::Max => "max",
            RedOp::And => "and",
            RedOp::Or => "or",
        }
    }
}

/// `suq`'s ".query = { .width, .height, .depth, .channel_data_type,
/// .channel_order, .array_size, .memory_layout }".
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Query {
    /// `.width`: "value in elements".
    Width,
    /// `.height`: "value in elements".
    Height,
    /// `.depth`: "value in elements".
    Depth,
    /// `.channel_data_type`: "Unsigned integer corresponding to source
    /// language's channel data type enumeration".
    ChannelDataType,
    /// `.channel_order`: "Unsigned integer corresponding to source
    /// language's channel order enumeration".
    ChannelOrder,
    /// `.array_size`: "For a surface array, number of surfaces in array, 0
    /// otherwise."
    ArraySize,
    /// `.memory_layout`: "1 for surface with linear memory layout; 0
    /// otherwise".
    MemoryLayout,
}

impl Query {
    fn parse(s: &str) -> Option<Query> {
        Some(match s {
            "width" => Query::Width,
            "height" => Query::Height,
            "depth" => Query::Depth,
            "channel_data_type" => Query::ChannelDataType,
            "channel_order" => Query::ChannelOrder,
            "array_size" => Query::ArraySize,
            "memory_layout" => Query::MemoryLayout,
            _ => return None,
        })
    }
}

/// What a surface instruction does.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum SurfOp {
    /// `suld.b`: `d, [a, b]`.
    Load,
    /// `sust.b`: `[a, b], c`.
    Store,
    /// `sured.b`: `[a, b], c`.
    Red(RedOp),
    /// `suq`: `d, [a]`.
    Query(Query),
}

/// A decoded surface instruction.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Surface {
    /// What it does.
    pub op: SurfOp,
    /// The shape (`.1d` for `suq`, which has none).
    pub geom: Geom,
    /// Registers per access: 1, or `.v2`/`.v4` (1 for `sured`, `suq`).
    pub lanes: u8,
    /// The data type: `.b8`..`.b64` (`suld`/`sust`), `sured`'s `.ctype`,
    /// `.b32` for `suq`.
    pub ty: PtxType,
    /// Out-of-bounds handling (`.trap` for `suq`, which has none).
    pub bound: Bound,
    /// A cache operation was written (`.ca`, `.cg`, ...): a hint.
    pub cop: bool,
}

/// Why a surface or texture opcode is not run: valid PTX outside the
/// engine (`sust.p`, `sured.p`, the mipmap and multi-sample texture forms), a
/// warning before the run and an error where a thread reaches it; or
/// malformed, an error at its line.
#[derive(Clone, Debug)]
pub enum Refused {
    /// Valid PTX the engine does not run, with why.
    Unsupported(&'static str),
    /// Not a valid form.
    Invalid(Diagnostic),
}

impl Surface {
    /// Decodes `suld`/`sust`/`sured`/`suq` opcode text; `None` for other
    /// instructions.
    pub fn decode(opcode: &str) -> Option<Result<Surface, Refused>> {
        let mut parts = opcode.split('.');
        let root = parts.next()?;
        if !matches!(root, "suld" | "sust" | "sured" | "suq") {
            return None;
        }
        let rest: Vec<&str> = parts.collect();
        let invalid = |want: &str| {
            Refused::Invalid(
                Diagnostic::error(
                    0..opcode.len(),
                    format!("`{opcode}` is not a form of `{root}`"),
                )
                .with_help(format!("PTX ISA 9.7.11: {want}")),
            )
        };
        Some(match root {
            "suq" => match rest.as_slice() {
                [q, "b32"] => Query::parse(q)
                    .map(|q| Surface {
                        op: SurfOp::Query(q),
                        geom: Geom::D1,
                        lanes: 1,
                        ty: PtxType::B32,
                        bound: Bound::Trap,
                        cop: false,
                    })
                    .ok_or_else(|| invalid(SUQ)),
                _ => Err(invalid(SUQ)),
            },
            "sured" => Self::decode_red(opcode, &rest).map_err(|e| match e {
                Refused::Invalid(_) => invalid(SURED),
                unsupported => unsupported,
            }),
            _ => {
                let load = root == "suld";
                let want = if load { SULD } else { SUST };
                match rest.first() {
                    Some(&"p") if !load => {
                        return Some(Err(Refused::Unsupported(
                            "the engine runs the unformatted `sust.b`; `sust.p` converts to the surface's sample format, which a binding does not describe (docs/ENGINE.md \"Surfaces\"): store the converted bytes with `sust.b`",
                        )))
                    }
                    // PTX ISA 2.x's formatted load: gone from the ISA,
                    // which gives `suld.b` alone (9.7.11).
                    Some(&"p") => {
                        return Some(Err(Refused::Invalid(
                            Diagnostic::error(
                                0..opcode.len(),
                                format!("`{opcode}`: the formatted `suld.p` of PTX ISA 2.x is not in the PTX ISA any more; `suld` is `suld.b`, an unformatted load"),
                            )
                            .with_help(format!(
                                "load the bytes with `suld.b` and convert them (PTX ISA 9.7.11: {want})"
                            )),
                        )))
                    }
                    Some(&"b") => {}
                    _ => return Some(Err(invalid(want))),
                }
                Self::decode_ldst(load, &rest[1..]).ok_or_else(|| invalid(want))
            }
        })
    }

    fn decode_ldst(load: bool, rest: &[&str]) -> Option<Surface> {
        let (geom, mut rest) = rest.split_first()?;
        let geom = Geom::parse(geom)?;
        let mut cop = false;
        let cops: &[&str] = if load {
            &["ca", "cg", "cs", "cv"]
        } else {
            &["wb", "cg", "cs", "wt"]
        };
        if let Some((c, r)) = rest.split_first() {
            if cops.contains(c) {
                cop = true;
                rest = r;
            }
        }
        let mut lanes = 1;
        if let Some((v, r)) = rest.split_first() {
            if let Some(n) = match *v {
                "v2" => Some(2),
                "v4" => Some(4),
                _ => None,
            } {
                lanes = n;
                rest = r;
            }
        }
        let [ty, bound] = rest else { return None };
        let ty = match *ty {
            "b8" => PtxType::B8,
            "b16" => PtxType::B16,
            "b32" => PtxType::B32,
            "b64" => PtxType::B64,
            _ => return None,
        };
        Some(Surface {
            op: if load { SurfOp::Load } else { SurfOp::Store },
            geom,
            lanes,
            ty,
            bound: parse_bound(bound)?,
            cop,
        })
    }

    fn decode_red(opcode: &str, rest: &[&str]) -> Result<Surface, Refused> {
        let bad = || Refused::Invalid(Diagnostic::error(0..opcode.len(), ""));
        match rest.first() {
            Some(&"p") => {
                return Err(Refused::Unsupported(
                    "the engine runs the byte-addressed `sured.b`; `sured.p` reads its data type from the surface's sample format (UINT or SINT), which a binding does not describe (docs/ENGINE.md \"Surfaces\"): use `sured.b` at the element's byte offset",
                ))
            }
            Some(&"b") => {}
            _ => return Err(bad()),
        }
        let [op, geom, ty, bound] = &rest[1..] else {
            return Err(bad());
        };
        let op = match *op {
            "add" => RedOp::Add,
            "min" => RedOp::Min,
            "max" => RedOp::Max,
            "and" => RedOp::And,
            "or" => RedOp::Or,
            _ => return Err(bad()),
        };
        // ".geom = { .1d, .2d, .3d }".
        let geom = match Geom::parse(geom) {
            Some(g) if !g.array() => g,
            _ => return Err(bad()),
        };
        let ty = PtxType::parse(ty).ok_or_else(bad)?;
        // "Operation add applies to .u32, .u64, and .s32 types; min and max
        // apply to .u32, .s32, .u64 and .s64 types; operations and and or
        // apply to .b32 type."
        use PtxType::*;
        let fits = match op {
            RedOp::Add => matches!(ty, U32 | U64 | S32),
            RedOp::Min | RedOp::Max => matches!(ty, U32 | S32 | U64 | S64),
            RedOp::And | RedOp::Or => ty == B32,
        };
        if !fits {
            return Err(bad());
        }
        Ok(Surface {
            op: SurfOp::Red(op),
            geom,
            lanes: 1,
            ty,
            bound: parse_bound(bound).ok_or_else(bad)?,
            cop: false,
        })
    }

    /// The minimum PTX ISA version and target, from the PTX ISA Notes and
    /// Target ISA Notes of each instruction.
    pub fn requires(&self) -> (PtxVersion, Target) {
        let mut v = PtxVersion::new(1, 5);
        let mut sm = 10;
        let mut need = |ver: PtxVersion, t: u16| {
            v = v.max(ver);
            sm = sm.max(t);
        };
        match self.op {
            SurfOp::Load | SurfOp::Store => {
                // "suld.b.trap introduced in PTX ISA version 1.5";
                // "Additional clamp modifiers and cache operations
                // introduced in PTX ISA version 2.0"; "sm_1x targets support
                // only the .trap clamping modifier"; "Cache operations
                // require sm_20 or higher".
                if self.bound != Bound::Trap || self.cop {
                    need(PtxVersion::new(2, 0), 20);
                }
                // "suld.b.3d and suld.b.{a1d,a2d} introduced in PTX ISA
                // version 3.0"; "suld.3d and suld.{a1d,a2d} require sm_20
                // or higher" (sust alike).
                if matches!(self.geom, Geom::D3 | Geom::A1 | Geom::A2) {
                    need(PtxVersion::new(3, 0), 20);
                }
            }
            SurfOp::Red(op) => {
                // "Introduced in PTX ISA version 2.0"; "sured requires
                // sm_20 or higher"; ".u64/.s64/.b64 types with .min/.max
                // operations introduced in PTX ISA version 8.1", "requires
                // sm_50 or higher".
                need(PtxVersion::new(2, 0), 20);
                if matches!(op, RedOp::Min | RedOp::Max) && self.ty.bits() == 64 {
                    need(PtxVersion::new(8, 1), 50);
                }
            }
            SurfOp::Query(q) => {
                // "Introduced in PTX ISA version 1.5"; "Channel data type
                // and channel order queries added in PTX ISA version 2.1";
                // "The .array_size query was added in PTX ISA version 4.1";
                // "The .memory_layout query was added in PTX ISA version
                // 4.2"; "Supported on all target architectures."
                match q {
                    Query::ChannelDataType | Query::ChannelOrder => need(PtxVersion::new(2, 1), 10),
                    Query::ArraySize => need(PtxVersion::new(4, 1), 10),
                    Query::MemoryLayout => need(PtxVersion::new(4, 2), 10),
                    _ => {}
                }
            }
        }
        (v, Target::sm(sm))
    }

    /// The bytes one access moves: the data type's size times the lanes.
    pub fn size(&self) -> u64 {
        u64::from(self.ty.bits() / 8) * u64::from(self.lanes)
    }
}

/// "Indirect surface access introduced in PTX ISA version 3.1"; "Indirect
/// surface access requires sm_20 or higher": operand `a` a `.u64` register.
pub const INDIRECT_REQUIRES: (PtxVersion, Target) = (PtxVersion::new(3, 1), Target::sm(20));

fn parse_bound(s: &str) -> Option<Bound> {
    Some(match s {
        "trap" => Bound::Trap,
        "clamp" => Bound::Clamp,
        "zero" => Bound::Zero,
        _ => return None,
    })
}

const SULD: &str = "suld.b.geom{.cop}.vec.dtype.clamp with .geom = { .1d, .2d, .3d, .a1d, .a2d }, .cop = { .ca, .cg, .cs, .cv }, .vec = { none, .v2, .v4 }, .dtype = { .b8, .b16, .b32, .b64 }, .clamp = { .trap, .clamp, .zero }";
const SUST: &str = "sust.b.geom{.cop}.vec.ctype.clamp with .geom = { .1d, .2d, .3d, .a1d, .a2d }, .cop = { .wb, .cg, .cs, .wt }, .vec = { none, .v2, .v4 }, .ctype = { .b8, .b16, .b32, .b64 }, .clamp = { .trap, .clamp, .zero }";
const SURED: &str = "sured.b.op.geom.ctype.clamp with .op = { .add, .min, .max, .and, .or }, .geom = { .1d, .2d, .3d }; add takes .u32, .u64, .s32; min and max .u32, .s32, .u64, .s64; and and or .b32; .clamp = { .trap, .clamp, .zero }";
const SUQ: &str = "suq.query.b32 with .query = { .width, .height, .depth, .channel_data_type, .channel_order, .array_size, .memory_layout }";

#[cfg(test)]
mod tests {
    use super::*;

    fn ok(s: &str) -> Surface {
        match Surface::decode(s) {
            Some(Ok(x)) => x,
            other => panic!("{s}: {other:?}"),
        }
    }

    fn invalid(s: &str) -> bool {
        matches!(Surface::decode(s), Some(Err(Refused::Invalid(_))))
    }

    #[test]
    fn the_isa_examples_decode() {
        // PTX ISA 9.7.11's examples (the forms with a .clamp).
        let s = ok("suld.b.1d.v4.b32.trap");
        assert_eq!(
            (s.op, s.geom, s.lanes, s.ty, s.bound),
            (SurfOp::Load, Geom::D1, 4, PtxType::B32, Bound::Trap)
        );
        let s = ok("suld.b.3d.v2.b64.trap");
        assert_eq!(
            (s.geom, s.lanes, s.ty, s.size()),
            (Geom::D3, 2, PtxType::B64, 16)
        );
        let s = ok("sust.b.3d.v2.b64.trap");
        assert_eq!(s.op, SurfOp::Store);
        let s = ok("sured.b.add.2d.u32.trap");
        assert_eq!((s.op, s.ty), (SurfOp::Red(RedOp::Add), PtxType::U32));
        ok("sured.b.max.1d.u64.trap");
        let s = ok("suq.width.b32");
        assert_eq!(s.op, SurfOp::Query(Query::Width));
        let s = ok("suld.b.a2d.cg.b8.zero");
        assert_eq!((s.geom, s.cop, s.bound), (Geom::A2, true, Bound::Zero));
    }

    #[test]
    fn malformed_forms_are_errors_and_the_p_forms_are_refused() {
        for s in [
            "suld.b.1d.b32",           // no .clamp
            "suld.b.4d.b32.trap",      // no such geometry
            "suld.b.1d.v8.b32.trap",   // no .v8
            "suld.b.1d.u32.trap",      // .dtype is a bit type
            "suld.b.1d.wb.b32.trap",   // a store's cache operation
            "sured.b.add.1d.b32.trap", // add takes no .b32
            "sured.b.and.1d.u32.trap", // and takes .b32 only
            "sured.b.add.a1d.u32.trap",
            "suq.size.b32",
            "suq.width.u32",
        ] {
            assert!(invalid(s), "{s}");
        }
        for s in ["sust.p.1d.v4.b32.trap", "sured.p.min.1d.u32.trap"] {
            assert!(
                matches!(Surface::decode(s), Some(Err(Refused::Unsupported(_)))),
                "{s}"
            );
        }
        assert!(Surface::decode("ld.global.b32").is_none());
        // PTX 2.x's formatted load says what became of it.
        match Surface::decode("suld.p.1d.v4.f32.trap") {
            Some(Err(Refused::Invalid(d))) => {
                assert!(d.message.contains("PTX ISA 2.x"), "{}", d.message)
            }
            other => panic!("{other:?}"),
        }
    }

    #[test]
    fn requirements_follow_the_isa_notes() {
        let r = |s: &str| ok(s).requires();
        assert_eq!(
            r("suld.b.1d.b32.trap"),
            (PtxVersion::new(1, 5), Target::sm(10))
        );
        assert_eq!(
            r("suld.b.1d.b32.zero"),
            (PtxVersion::new(2, 0), Target::sm(20))
        );
        assert_eq!(
            r("sust.b.a1d.b32.trap"),
            (PtxVersion::new(3, 0), Target::sm(20))
        );
        assert_eq!(
            r("sured.b.min.1d.s64.trap"),
            (PtxVersion::new(8, 1), Target::sm(50))
        );
        assert_eq!(
            r("sured.b.add.1d.u64.trap"),
            (PtxVersion::new(2, 0), Target::sm(20))
        );
        assert_eq!(
            r("suq.memory_layout.b32"),
            (PtxVersion::new(4, 2), Target::sm(10))
        );
    }
}
