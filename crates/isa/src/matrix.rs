//! The warp-level matrix instructions beside `mma.sync`, decoded once:
//! `ldmatrix`, `stmatrix`, `movmatrix` (PTX ISA 9.7.14.5.15 to
//! 9.7.14.5.17) and `wmma.load`, `wmma.store`, `wmma.mma` (9.7.14.4).
//! Each form is a row of data here ([`WMMA_ROWS`], [`Matrix::requires`])
//! with the PTX ISA version and target its notes give, checked through
//! `Op::validate`. The engine runs them in crates/interp/src/matrix.rs
//! (docs/ENGINE.md "Tensor cores: ldmatrix, stmatrix, movmatrix" and
//! "Tensor cores: wmma").

use crate::diag::Diagnostic;
use crate::space::Space;
use crate::target::{PtxVersion, Target};
use crate::wgmma::Refused;

/// A warp-level matrix instruction the engine runs.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Matrix {
    /// `ldmatrix.sync.aligned.m8n8.num{.trans}{.ss}.b16 r, [p]`.
    Ld(LdSt),
    /// `stmatrix.sync.aligned.m8n8.num{.trans}{.ss}.b16 [p], r`.
    St(LdSt),
    /// `movmatrix.sync.aligned.m8n8.trans.b16 d, a`.
    Mov,
    /// `wmma.load.{a,b,c}.sync{.aligned}.layout.shape{.ss}.type r, [p]{, stride}`.
    WmmaLoad(WmmaMem),
    /// `wmma.store.d.sync{.aligned}.layout.shape{.ss}.type [p], r{, stride}`.
    WmmaStore(WmmaMem),
    /// `wmma.mma{.op.popc}.sync{.aligned}.alayout.blayout.shape{.rnd}.dtype{.atype.btype}.ctype{.satfinite} d, a, b, c`.
    WmmaMma(WmmaMma),
}

/// `ldmatrix`/`stmatrix` `.m8n8` `.b16`: how many 8×8 matrices, and how.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct LdSt {
    /// `.x1`, `.x2`, `.x4`: 1, 2 or 4 matrices (one register each).
    pub num: u8,
    /// `.trans`: "the matrix is loaded in column-major format".
    pub trans: bool,
    /// `.shared` / `.shared::cta` given (else a generic address).
    pub shared: bool,
    /// `::cta` written (PTX ISA 7.8).
    pub cta: bool,
}

/// A WMMA matrix: which operand of `D = A*B + C`.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Which {
    /// A (M×K).
    A,
    /// B (K×N).
    B,
    /// C (M×N), loaded.
    C,
    /// D (M×N), stored.
    D,
}

/// `.row` or `.col`.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Layout {
    /// Row-major: "consecutive elements of each row are stored in
    /// contiguous memory locations".
    Row,
    /// Column-major.
    Col,
}

/// The element types of WMMA matrices.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum WType {
    /// `.f16`.
    F16,
    /// `.bf16`.
    Bf16,
    /// `.tf32`.
    Tf32,
    /// `.f32`.
    F32,
    /// `.f64`.
    F64,
    /// `.s8`.
    S8,
    /// `.u8`.
    U8,
    /// `.s4`.
    S4,
    /// `.u4`.
    U4,
    /// `.b1`.
    B1,
    /// `.s32`.
    S32,
}

impl WType {
    /// The type of a suffix, if WMMA has it.
    pub fn parse(s: &str) -> Option<WType> {
        Some(match s {
            "f16" => WType::F16,
            "bf16" => WType::Bf16,
            "tf32" => WType::Tf32,
            "f32" => WType::F32,
            "f64" => WType::F64,
            "s8" => WType::S8,
            "u8" => WType::U8,
            "s4" => WType::S4,
            "u4" => WType::U4,
            "b1" => WType::B1,
            "s32" => WType::S32,
            _ => return None,
        })
    }

    /// Bits of one element in memory and in a register (`.tf32`: the 32
    /// bits of its `.b32`/`.f32` word).
    pub fn bits(self) -> u32 {
        match self {
            WType::F16 | WType::Bf16 => 16,
            WType::Tf32 | WType::F32 | WType::S32 => 32,
            WType::F64 => 64,
            WType::S8 | WType::U8 => 8,
            WType::S4 | WType::U4 => 4,
            WType::B1 => 1,
        }
    }

    /// The name without the dot.
    pub fn name(self) -> &'static str {
        match self {
            WType::F16 => "f16",
            WType::Bf16 => "bf16",
            WType::Tf32 => "tf32",
            WType::F32 => "f32",
            WType::F64 => "f64",
            WType::S8 => "s8",
            WType::U8 => "u8",
            WType::S4 => "s4",
            WType::U4 => "u4",
            WType::B1 => "b1",
            WType::S32 => "s32",
        }
    }
}

/// `wmma.load` / `wmma.store`.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct WmmaMem {
    /// `.a`, `.b`, `.c` (load) or `.d` (store).
    pub which: Which,
    /// How the matrix is stored in memory.
    pub layout: Layout,
    /// `(M, N, K)` of the `wmma` computation.
    pub shape: (u8, u8, u8),
    /// The element type.
    pub ty: WType,
    /// `.global` or `.shared{::cta}`; none: a generic address.
    pub space: Option<Space>,
    /// `::cta` written (PTX ISA 7.8).
    pub cta: bool,
    /// `.aligned` written ("required from PTX ISA version 6.3 onwards,
    /// and considered implicit in PTX ISA versions less than 6.3").
    pub aligned: bool,
    /// The row of [`WMMA_ROWS`] the form belongs to.
    pub row: u8,
}

/// `wmma.mma`.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct WmmaMma {
    /// `.alayout`, `.blayout`.
    pub layouts: (Layout, Layout),
    /// `(M, N, K)`.
    pub shape: (u8, u8, u8),
    /// `.dtype`, `.atype`, `.btype`, `.ctype`.
    pub d: WType,
    /// A's type (`.f16` where the form names none).
    pub a: WType,
    /// B's type.
    pub b: WType,
    /// C's type.
    pub c: WType,
    /// `.satfinite` (integer forms).
    pub satfinite: bool,
    /// `.rn`/`.rz`/`.rm`/`.rp` of `.f64` (`"rn"` by default).
    pub rnd: &'static str,
    /// `.xor.popc` (false) or `.and.popc` (true) of `.b1`.
    pub and: bool,
    /// `.aligned` written.
    pub aligned: bool,
    /// The row of [`WMMA_ROWS`].
    pub row: u8,
}

/// One family of WMMA forms (PTX ISA 9.7.14.4.3 to 9.7.14.4.5): its
/// multiplicand types, shapes, accumulator types, and the "PTX ISA Notes"
/// and "Target ISA Notes" it falls under.
pub struct WmmaRow {
    /// `.atype`/`.btype`.
    pub ab: &'static [WType],
    /// The shapes `(M, N, K)`.
    pub shapes: &'static [(u8, u8, u8)],
    /// `.ctype`/`.dtype`.
    pub acc: &'static [WType],
    /// Introduced in this PTX ISA version.
    pub ptx: PtxVersion,
    /// Requires this sm target or higher.
    pub sm: u16,
}

const M16N16K16: (u8, u8, u8) = (16, 16, 16);
const M8N32K16: (u8, u8, u8) = (8, 32, 16);
const M32N8K16: (u8, u8, u8) = (32, 8, 16);

/// The WMMA forms. "Introduced in PTX ISA version 6.0. `.m8n32k16` and
/// `.m32n8k16` introduced in PTX ISA version 6.1. Integer, sub-byte
/// integer and single-bit `wmma` introduced in PTX ISA version 6.3.
/// `.m8n8k4` and `.m16n16k8` on `wmma` introduced in PTX ISA version 7.0.
/// Double precision and alternate floating point precision `wmma`
/// introduced in PTX ISA version 7.0." "Floating point `wmma` requires
/// `sm_70` or higher. Integer `wmma` requires `sm_72` or higher. Sub-byte
/// and single-bit `wmma` requires `sm_75` or higher. Double precision and
/// alternate floating point precision `wmma` requires `sm_80` or higher."
/// The first row that has a `wmma.load.c`/`wmma.store.d` form gives its
/// requirement (an `.f32` accumulator of `.m16n16k16` is the `.f16` row's).
pub const WMMA_ROWS: &[WmmaRow] = {
    use WType::*;
    &[
        WmmaRow {
            ab: &[F16],
            shapes: &[M16N16K16],
            acc: &[F16, F32],
            ptx: PtxVersion::new(6, 0),
            sm: 70,
        },
        WmmaRow {
            ab: &[F16],
            shapes: &[M8N32K16, M32N8K16],
            acc: &[F16, F32],
            ptx: PtxVersion::new(6, 1),
            sm: 70,
        },
        WmmaRow {
            ab: &[S8, U8],
            shapes: &[M16N16K16, M8N32K16, M32N8K16],
            acc: &[S32],
            ptx: PtxVersion::new(6, 3),
            sm: 72,
        },
        WmmaRow {
            ab: &[S4, U4],
            shapes: &[(8, 8, 32)],
            acc: &[S32],
            ptx: PtxVersion::new(6, 3),
            sm: 75,
        },
        WmmaRow {
            ab: &[B1],
            shapes: &[(8, 8, 128)],
            acc: &[S32],
            ptx: PtxVersion::new(6, 3),
            sm: 75,
        },
        WmmaRow {
            ab: &[Bf16],
            shapes: &[M16N16K16, M8N32K16, M32N8K16],
            acc: &[F32],
            ptx: PtxVersion::new(7, 0),
            sm: 80,
        },
        WmmaRow {
            ab: &[Tf32],
            shapes: &[(16, 16, 8)],
            acc: &[F32],
            ptx: PtxVersion::new(7, 0),
            sm: 80,
        },
        WmmaRow {
            ab: &[F64],
            shapes: &[(8, 8, 4)],
            acc: &[F64],
            ptx: PtxVersion::new(7, 0),
            sm: 80,
        },
    ]
};

/// The help of a matrix instruction the engine does not run or that is
/// malformed.
const HELP: &str = "the engine runs ldmatrix.sync.aligned.m8n8.{x1,x2,x4}{.trans}{.shared{::cta}}.b16, stmatrix.sync.aligned.m8n8.{x1,x2,x4}{.trans}{.shared{::cta}}.b16, movmatrix.sync.aligned.m8n8.trans.b16 and wmma.load/.store/.mma (docs/ENGINE.md \"Tensor cores: wmma\")";

fn shape_of(s: &str) -> Option<(u8, u8, u8)> {
    let (m, rest) = s.strip_prefix('m')?.split_once('n')?;
    let (n, k) = rest.split_once('k')?;
    Some((m.parse().ok()?, n.parse().ok()?, k.parse().ok()?))
}

impl Matrix {
    /// Decodes `ldmatrix`, `stmatrix`, `movmatrix` and `wmma.*`: none where
    /// `opcode` is none of them or a bare root; an error saying what is
    /// wrong (`Refused::Invalid`) or what the engine does not run
    /// (`Refused::Unsupported`).
    pub fn decode(opcode: &str) -> Option<Result<Matrix, Refused>> {
        let mut parts = opcode.split('.');
        let root = parts.next()?;
        let rest: Vec<&str> = parts.collect();
        // A bare root (`wmma;`) is an instruction the engine does not run
        // as written (a warning until reached), not a malformed form.
        if rest.is_empty() {
            return None;
        }
        let diag = |why: String| {
            Diagnostic::error(0..opcode.len(), format!("`{opcode}`: {why}")).with_help(HELP)
        };
        let bad = |why: String| Refused::Invalid(diag(why));
        let ldst = |w: Why| match w {
            Why::Malformed(why) => bad(why),
            Why::Unrun(why) => Refused::Unsupported(diag(why)),
        };
        Some(match root {
            "ldmatrix" => LdSt::decode(&rest, false).map(Matrix::Ld).map_err(ldst),
            "stmatrix" => LdSt::decode(&rest, true).map(Matrix::St).map_err(ldst),
            "movmatrix" => match rest.as_slice() {
                // "movmatrix.sync.aligned.shape.trans.type d, a; .shape =
                // {.m8n8}; .type = {.b16}"
                ["sync", "aligned", "m8n8", "trans", "b16"] => Ok(Matrix::Mov),
                _ => Err(bad(
                    "expected `movmatrix.sync.aligned.m8n8.trans.b16` (the only form)".into(),
                )),
            },
            "wmma" => match rest.split_first() {
                Some((&"load", r)) => WmmaMem::decode(r, false).map(Matrix::WmmaLoad).map_err(bad),
                Some((&"store", r)) => WmmaMem::decode(r, true).map(Matrix::WmmaStore).map_err(bad),
                Some((&"mma", r)) => WmmaMma::decode(r).map(Matrix::WmmaMma).map_err(bad),
                _ => Err(bad(
                    "expected `wmma.load`, `wmma.store` or `wmma.mma`".into()
                )),
            },
            _ => return None,
        })
    }

    /// The PTX ISA version and target the form needs.
    pub fn requires(&self) -> (PtxVersion, Target) {
        let cta = |c: bool, v: PtxVersion| {
            // "Support for `::cta` sub-qualifier introduced in PTX ISA version 7.8."
            if c {
                v.max(PtxVersion::new(7, 8))
            } else {
                v
            }
        };
        match self {
            // ldmatrix: "Introduced in PTX ISA version 6.5." "Requires
            // `sm_75` or higher."
            Matrix::Ld(l) => (cta(l.cta, PtxVersion::new(6, 5)), Target::sm(75)),
            // stmatrix: "Introduced in PTX ISA version 7.8." "Requires
            // `sm_90` or higher."
            Matrix::St(_) => (PtxVersion::new(7, 8), Target::sm(90)),
            // movmatrix: "Introduced in PTX ISA version 7.8." "Requires
            // `sm_75` or higher."
            Matrix::Mov => (PtxVersion::new(7, 8), Target::sm(75)),
            Matrix::WmmaLoad(w) | Matrix::WmmaStore(w) => {
                let row = &WMMA_ROWS[w.row as usize];
                (cta(w.cta, row.ptx), Target::sm(row.sm))
            }
            Matrix::WmmaMma(w) => {
                let row = &WMMA_ROWS[w.row as usize];
                // "Support for `.and` operation in single-bit `wmma`
                // introduced in PTX ISA version 7.1." "`.and` operation in
                // single-bit `wmma` requires `sm_80` or higher."
                if w.and {
                    (PtxVersion::new(7, 1), Target::sm(80))
                } else {
                    (row.ptx, Target::sm(row.sm))
                }
            }
        }
    }

    /// The errors of this form against a module's `.version` and
    /// `.target`, spanning the opcode.
    pub fn validate(&self, opcode: &str, version: PtxVersion, target: Target) -> Vec<Diagnostic> {
        let mut d = crate::syntax::requirement(
            &format!("`{opcode}`"),
            self.requires(),
            version,
            target,
            0..opcode.len(),
        );
        let aligned = match self {
            Matrix::WmmaLoad(w) | Matrix::WmmaStore(w) => w.aligned,
            Matrix::WmmaMma(w) => w.aligned,
            _ => true,
        };
        // "Support for .satfinite on floating point wmma.mma is deprecated
        // in PTX ISA version 6.4 and is removed from PTX ISA version 6.5."
        if let Matrix::WmmaMma(w) = self {
            if w.satfinite && w.a == WType::F16 {
                if version >= PtxVersion::new(6, 5) {
                    d.push(
                        Diagnostic::error(
                            0..opcode.len(),
                            format!("`{opcode}`: `.satfinite` on floating-point `wmma.mma` was removed in PTX ISA 6.5; the module is {version}"),
                        )
                        .with_help("leave `.satfinite` out, or declare .version 6.4 or earlier"),
                    );
                } else if version >= PtxVersion::new(6, 4) {
                    d.push(
                        Diagnostic::warning(
                            0..opcode.len(),
                            format!("`{opcode}`: `.satfinite` on floating-point `wmma.mma` is deprecated in PTX ISA 6.4 and removed in 6.5"),
                        )
                        .with_help("leave `.satfinite` out"),
                    );
                }
            }
        }
        // wmma: "Modifier `.aligned` is required from PTX ISA version 6.3
        // onwards, and considered implicit in PTX ISA versions less than 6.3."
        if !aligned && version >= PtxVersion::new(6, 3) {
            d.push(
                Diagnostic::error(
                    0..opcode.len(),
                    format!("`{opcode}`: `.aligned` is required from PTX ISA 6.3 on; the module is {version}"),
                )
                .with_help("write `.sync.aligned`"),
            );
        }
        d
    }
}

/// Why `ldmatrix`/`stmatrix` text is not a form the engine runs.
#[derive(Debug)]
enum Why {
    /// In no syntax line.
    Malformed(String),
    /// Valid PTX the engine does not run.
    Unrun(String),
}

impl From<String> for Why {
    fn from(why: String) -> Why {
        Why::Malformed(why)
    }
}

impl LdSt {
    /// `.sync.aligned.shape.num{.trans}{.ss}.type` (after the root).
    fn decode(rest: &[&str], st: bool) -> Result<LdSt, Why> {
        let name = if st { "stmatrix" } else { "ldmatrix" };
        let ["sync", "aligned", q @ ..] = rest else {
            return Err(format!(
                "expected `{name}.sync.aligned.SHAPE.NUM{{.trans}}{{.shared}}.TYPE` (`.sync` and `.aligned` are mandatory)"
            ).into());
        };
        // The qualifiers after `.sync.aligned`, in any order: the syntax
        // writes `.m8n8.x4`, CUTLASS's PTX `.x4.m8n8` (and `.x4.trans.m8n8`),
        // which ptxas takes alike.
        let (mut shape, mut num, mut trans, mut shared, mut cta) =
            (None, None, false, false, false);
        let mut types = Vec::new();
        for s in q {
            match *s {
                "x1" => num = Some(1),
                "x2" => num = Some(2),
                "x4" => num = Some(4),
                "trans" => trans = true,
                "shared" => shared = true,
                "shared::cta" => (shared, cta) = (true, true),
                "m8n8" | "m16n16" | "m8n16" | "m16n8" => shape = Some(*s),
                "b16" | "b8" | "b8x16" | "b6x16_p32" | "b4x16_p64" | "s8" | "s4" => types.push(*s),
                other => return Err(format!("unknown qualifier `.{other}`").into()),
            }
        }
        let (Some(shape), Some(num)) = (shape, num) else {
            return Err(Why::Malformed(
                "expected a shape (`.m8n8`) and a .num (`.x1`, `.x2` or `.x4`)".into(),
            ));
        };
        // The sm_100a forms: ldmatrix `.m16n16`/`.m8n16` (`.b8`,
        // `.b8x16.b6x16_p32`, `.b8x16.b4x16_p64`, and from PTX ISA 9.4
        // `.m8n16.s8.s4`, 4-bit values sign-extended to 8) and stmatrix
        // `.m16n8` `.b8`, whose thread layouts the PTX ISA gives only as
        // figures.
        if shape != "m8n8" || types != ["b16"] {
            let known = if st {
                shape == "m16n8" && types == ["b8"]
            } else {
                (matches!(shape, "m16n16" | "m8n16")
                    && matches!(types[..], ["b8"] | ["b8x16", "b6x16_p32" | "b4x16_p64"]))
                    || (shape == "m8n16" && types == ["s8", "s4"])
            };
            return Err(if known {
                Why::Unrun(format!("the engine does not run `.{shape}` (sm_100a): the PTX ISA gives its thread layout as a figure only, not yet transcribed"))
            } else if shape != "m8n8" {
                Why::Malformed(format!(
                    "`.{shape}` is not an {name} shape; expected `.m8n8`"
                ))
            } else {
                Why::Malformed(format!(
                    "`.m8n8` takes the type `.b16`, found `.{}`",
                    types.join(".")
                ))
            });
        }
        Ok(LdSt {
            num,
            trans,
            shared,
            cta,
        })
    }
}

/// Takes `.sync` and `.aligned`: `(aligned, the rest)`, or an error.
fn sync_aligned<'a>(q: &[&'a str]) -> Result<(bool, Vec<&'a str>), String> {
    if !q.contains(&"sync") {
        return Err("`.sync` is mandatory".into());
    }
    let aligned = q.contains(&"aligned");
    Ok((
        aligned,
        q.iter()
            .copied()
            .filter(|s| !matches!(*s, "sync" | "aligned"))
            .collect(),
    ))
}

fn layout_of(s: &str) -> Option<Layout> {
    match s {
        "row" => Some(Layout::Row),
        "col" => Some(Layout::Col),
        _ => None,
    }
}

/// The row of [`WMMA_ROWS`] with multiplicand type `ab` and `shape`.
fn row_of_ab(ab: WType, shape: (u8, u8, u8)) -> Option<usize> {
    WMMA_ROWS
        .iter()
        .position(|r| r.ab.contains(&ab) && r.shapes.contains(&shape))
}

/// The first row of [`WMMA_ROWS`] with accumulator type `acc` and `shape`.
fn row_of_acc(acc: WType, shape: (u8, u8, u8)) -> Option<usize> {
    WMMA_ROWS
        .iter()
        .position(|r| r.acc.contains(&acc) && r.shapes.contains(&shape))
}

fn shape_name(s: (u8, u8, u8)) -> String {
    format!(".m{}n{}k{}", s.0, s.1, s.2)
}

impl WmmaMem {
    /// `.{a,b,c}.sync.aligned.layout.shape{.ss}.type` (load) or
    /// `.d.sync.aligned.layout.shape{.ss}.type` (store), after the root
    /// and `.load`/`.store`. The layout, shape and space may come in any
    /// order: the PTX ISA's syntax writes `.layout.shape`, its examples
    /// `.m16n16k16.global.row`.
    fn decode(rest: &[&str], store: bool) -> Result<WmmaMem, String> {
        let (which, q) = match (rest.split_first(), store) {
            (Some((&"a", q)), false) => (Which::A, q),
            (Some((&"b", q)), false) => (Which::B, q),
            (Some((&"c", q)), false) => (Which::C, q),
            (Some((&"d", q)), true) => (Which::D, q),
            (_, false) => return Err("expected `.a`, `.b` or `.c` after `wmma.load`".into()),
            (_, true) => return Err("expected `.d` after `wmma.store`".into()),
        };
        let (aligned, q) = sync_aligned(q)?;
        let (mut layout, mut shape, mut space, mut cta, mut ty) = (None, None, None, false, None);
        for s in q {
            if let Some(l) = layout_of(s) {
                layout = Some(l);
            } else if let Some(sh) = shape_of(s) {
                shape = Some(sh);
            } else if s == "global" {
                space = Some(Space::Global);
            } else if s == "shared" || s == "shared::cta" {
                space = Some(Space::Shared);
                cta = s == "shared::cta";
            } else if let Some(t) = WType::parse(s) {
                ty = Some(t);
            } else {
                return Err(format!("unknown qualifier `.{s}`"));
            }
        }
        let (Some(layout), Some(shape), Some(ty)) = (layout, shape, ty) else {
            return Err(
                "expected a layout (`.row`/`.col`), a shape (`.m16n16k16`, ...) and a type".into(),
            );
        };
        let row = match which {
            Which::A | Which::B => row_of_ab(ty, shape),
            Which::C | Which::D => row_of_acc(ty, shape),
        };
        let Some(row) = row else {
            return Err(format!(
                "no `wmma` form has matrix {which:?} of `.{}` with shape `{}`",
                ty.name(),
                shape_name(shape)
            ));
        };
        // Sub-byte and single-bit loads: "wmma.load.a.sync.aligned.row...",
        // "wmma.load.b.sync.aligned.col...".
        let sub = matches!(ty, WType::S4 | WType::U4 | WType::B1);
        if sub
            && ((which == Which::A && layout != Layout::Row)
                || (which == Which::B && layout != Layout::Col))
        {
            return Err(format!(
                "sub-byte and single-bit A is `.row` and B is `.col`, not `.{}`",
                if layout == Layout::Row { "row" } else { "col" }
            ));
        }
        Ok(WmmaMem {
            which,
            layout,
            shape,
            ty,
            space,
            cta,
            aligned,
            row: row as u8,
        })
    }
}

impl WmmaMma {
    /// `{.op.popc}.sync.aligned.alayout.blayout.shape{.rnd}.dtype{.atype.btype}.ctype{.satfinite}`
    /// after `wmma.mma`.
    fn decode(rest: &[&str]) -> Result<WmmaMma, String> {
        let (and, rest) = match rest {
            ["xor", "popc", r @ ..] => (Some(false), r),
            ["and", "popc", r @ ..] => (Some(true), r),
            r => (None, r),
        };
        let (aligned, q) = sync_aligned(rest)?;
        let (mut layouts, mut shape, mut types, mut satfinite, mut rnd) =
            (Vec::new(), None, Vec::new(), false, None);
        for s in q {
            if let Some(l) = layout_of(s) {
                layouts.push(l);
            } else if let Some(sh) = shape_of(s) {
                shape = Some(sh);
            } else if let Some(t) = WType::parse(s) {
                types.push(t);
            } else if s == "satfinite" {
                satfinite = true;
            } else if let Some(r) = ["rn", "rz", "rm", "rp"].into_iter().find(|r| *r == s) {
                rnd = Some(r);
            } else {
                return Err(format!("unknown qualifier `.{s}`"));
            }
        }
        let (&[a_layout, b_layout], Some(shape)) = (layouts.as_slice(), shape) else {
            return Err("expected `.alayout.blayout` (`.row`/`.col` each) and a shape".into());
        };
        // "For wmma.mma without explicit .atype and .btype: .atype and
        // .btype are implicitly set to .f16."
        let (d, a, b, c) = match types[..] {
            [d, c] => (d, WType::F16, WType::F16, c),
            [d, a, b, c] => (d, a, b, c),
            _ => {
                return Err("expected the types `.dtype.ctype` (.f16 multiplicands) or `.dtype.atype.btype.ctype`".into())
            }
        };
        let Some(row) = row_of_ab(a, shape) else {
            return Err(format!(
                "no `wmma.mma` has `.{}` multiplicands with shape `{}`",
                a.name(),
                shape_name(shape)
            ));
        };
        let r = &WMMA_ROWS[row];
        // "the values for .atype and .btype must be the same"
        if b != a {
            return Err(format!(
                ".atype and .btype must be the same, not `.{}` and `.{}`",
                a.name(),
                b.name()
            ));
        }
        // .f16: ".dtype = {.f16, .f32}; .ctype = {.f16, .f32}"; the
        // others: "wmma.mma...shape.s32.atype.btype.s32",
        // "...shape.f32.atype.btype.f32", "...f64.f64.f64.f64".
        if !r.acc.contains(&c) || !r.acc.contains(&d) || (a != WType::F16 && d != c) {
            return Err(format!(
                "`.{}` multiplicands take the accumulator types {}, not .dtype `.{}` and .ctype `.{}`",
                a.name(),
                r.acc.iter().map(|t| format!(".{}", t.name())).collect::<Vec<_>>().join("/"),
                d.name(),
                c.name()
            ));
        }
        let int = matches!(a, WType::S8 | WType::U8 | WType::S4 | WType::U4);
        // "Support for .satfinite on floating point wmma.mma is deprecated
        // in PTX ISA version 6.4 and is removed from PTX ISA version 6.5":
        // the `.f16` forms (the only floating-point ones before 7.0) take
        // it before 6.5 ([`Matrix::validate`] holds the version; LLVM's
        // wmma tests have ptxas verify it under PTX 6.0 to 6.4).
        if satfinite && !int && a != WType::F16 {
            return Err("`.satfinite` belongs to the integer forms (.s8/.u8/.s4/.u4), and to the `.f16` ones before PTX ISA 6.5".into());
        }
        if rnd.is_some() && a != WType::F64 {
            return Err("a rounding modifier belongs to the `.f64` form".into());
        }
        if and.is_some() != (a == WType::B1) {
            return Err(
                "`.xor.popc`/`.and.popc` belong to, and are required by, the `.b1` form".into(),
            );
        }
        // "wmma.mma.sync.aligned.row.col.shape.s32.atype.btype.s32" (sub-byte)
        let sub = matches!(a, WType::S4 | WType::U4 | WType::B1);
        if sub && (a_layout, b_layout) != (Layout::Row, Layout::Col) {
            return Err("sub-byte and single-bit `wmma.mma` is `.row.col`".into());
        }
        Ok(WmmaMma {
            layouts: (a_layout, b_layout),
            shape,
            d,
            a,
            b,
            c,
            satfinite,
            rnd: rnd.unwrap_or("rn"),
            and: and == Some(true),
            aligned,
            row: row as u8,
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn dec(s: &str) -> Result<Matrix, String> {
        match Matrix::decode(s) {
            Some(Ok(m)) => Ok(m),
            Some(Err(Refused::Invalid(d) | Refused::Unsupported(d))) => Err(d.message),
            None => Err("none".into()),
        }
    }

    /// `.satfinite` on the `.f16` `wmma.mma` forms: "deprecated in PTX ISA
    /// version 6.4 and is removed from PTX ISA version 6.5" (LLVM's wmma
    /// tests have ptxas 10.0 verify it under PTX 6.0 to 6.4); the later
    /// floating-point forms never had it.
    #[test]
    fn f16_wmma_mma_satfinite_lives_until_6_4() {
        let text = "wmma.mma.sync.aligned.row.col.m16n16k16.f32.f16.satfinite";
        let m = dec(text).unwrap();
        let at = |v: (u8, u8)| m.validate(text, PtxVersion::new(v.0, v.1), Target::sm(70));
        assert!(at((6, 0)).is_empty(), "{:?}", at((6, 0)));
        let w = at((6, 4));
        assert!(
            w.len() == 1 && !w[0].is_error() && w[0].message.contains("deprecated in PTX ISA 6.4"),
            "{w:?}"
        );
        let e = at((6, 5));
        assert!(
            e.len() == 1 && e[0].is_error() && e[0].message.contains("removed in PTX ISA 6.5"),
            "{e:?}"
        );
        for bad in [
            "wmma.mma.sync.aligned.row.col.m16n16k16.f32.bf16.bf16.f32.satfinite",
            "wmma.mma.sync.aligned.row.col.m16n16k8.f32.tf32.tf32.f32.satfinite",
        ] {
            assert!(
                dec(bad)
                    .unwrap_err()
                    .contains("belongs to the integer forms"),
                "{bad}"
            );
        }
    }

    #[test]
    fn ldmatrix_stmatrix_movmatrix() {
        assert_eq!(
            dec("ldmatrix.sync.aligned.m8n8.x4.trans.shared.b16"),
            Ok(Matrix::Ld(LdSt {
                num: 4,
                trans: true,
                shared: true,
                cta: false
            }))
        );
        assert_eq!(
            dec("ldmatrix.sync.aligned.m8n8.x1.b16"),
            Ok(Matrix::Ld(LdSt {
                num: 1,
                trans: false,
                shared: false,
                cta: false
            }))
        );
        let st = dec("stmatrix.sync.aligned.m8n8.x2.shared::cta.b16").unwrap();
        assert_eq!(
            st,
            Matrix::St(LdSt {
                num: 2,
                trans: false,
                shared: true,
                cta: true
            })
        );
        assert_eq!(st.requires(), (PtxVersion::new(7, 8), Target::sm(90)));
        // CUTLASS's order (cute/arch/copy_sm75.hpp, copy_sm90.hpp):
        // `.x4.trans.m8n8`, `.x4.m8n8`.
        assert_eq!(
            dec("ldmatrix.sync.aligned.x4.trans.m8n8.shared.b16"),
            dec("ldmatrix.sync.aligned.m8n8.x4.trans.shared.b16")
        );
        // and `.x4.m8n8.shared.trans` (seen in public kernels' inline asm).
        assert_eq!(
            dec("ldmatrix.sync.aligned.x4.m8n8.shared.trans.b16"),
            dec("ldmatrix.sync.aligned.m8n8.x4.trans.shared.b16")
        );
        assert_eq!(
            dec("stmatrix.sync.aligned.x2.m8n8.shared.b16"),
            dec("stmatrix.sync.aligned.m8n8.x2.shared.b16")
        );
        assert_eq!(
            dec("movmatrix.sync.aligned.m8n8.trans.b16"),
            Ok(Matrix::Mov)
        );
        let ld = dec("ldmatrix.sync.aligned.m8n8.x2.shared::cta.b16").unwrap();
        assert_eq!(ld.requires(), (PtxVersion::new(7, 8), Target::sm(75)));
        for (bad, why) in [
            ("ldmatrix.sync.m8n8.x4.b16", "mandatory"),
            ("ldmatrix.sync.aligned.m8n8.x3.b16", "`.x3`"),
            ("ldmatrix.sync.aligned.m8n8.x4.global.b16", "`.global`"),
            ("ldmatrix.sync.aligned.m16n16.x1.trans.shared.b8", "figure"),
            ("ldmatrix.sync.aligned.m8n16.x1.s8.s4", "figure"),
            (
                "ldmatrix.sync.aligned.m8n16.x1.s4.s8",
                "not an ldmatrix shape",
            ),
            ("stmatrix.sync.aligned.m16n8.x1.trans.shared.b8", "figure"),
            ("ldmatrix.sync.aligned.m8n8.x4.b32", "`.b32`"),
            ("ldmatrix.sync.aligned.m8n8.b16", ".num"),
            ("movmatrix.sync.aligned.m8n8.b16", "only form"),
        ] {
            let e = dec(bad).unwrap_err();
            assert!(e.contains(why), "{bad}: {e}");
        }
        assert_eq!(Matrix::decode("ld.global.f32"), None);
        assert_eq!(Matrix::decode("wmma"), None);
    }

    #[test]
    fn wmma_forms_and_their_requirements() {
        let Ok(Matrix::WmmaLoad(l)) = dec("wmma.load.a.sync.aligned.row.m16n16k16.f16") else {
            panic!()
        };
        assert_eq!(
            (l.which, l.layout, l.shape, l.ty, l.space),
            (Which::A, Layout::Row, (16, 16, 16), WType::F16, None)
        );
        // The PTX ISA's example order: shape, space, layout.
        let Ok(Matrix::WmmaStore(s)) = dec("wmma.store.d.sync.aligned.m16n16k16.global.col.f32")
        else {
            panic!()
        };
        assert_eq!(
            (s.which, s.layout, s.space),
            (Which::D, Layout::Col, Some(Space::Global))
        );
        let req = |t: &str| dec(t).unwrap().requires();
        let v = PtxVersion::new;
        assert_eq!(
            req("wmma.load.c.sync.aligned.row.m16n16k16.f32"),
            (v(6, 0), Target::sm(70))
        );
        assert_eq!(
            req("wmma.load.b.sync.aligned.col.m32n8k16.f16"),
            (v(6, 1), Target::sm(70))
        );
        assert_eq!(
            req("wmma.load.a.sync.aligned.row.m8n32k16.s8"),
            (v(6, 3), Target::sm(72))
        );
        assert_eq!(
            req("wmma.load.c.sync.aligned.row.m16n16k16.s32"),
            (v(6, 3), Target::sm(72))
        );
        assert_eq!(
            req("wmma.load.a.sync.aligned.row.m16n16k8.tf32"),
            (v(7, 0), Target::sm(80))
        );
        assert_eq!(
            req("wmma.load.c.sync.aligned.row.m16n16k8.f32"),
            (v(7, 0), Target::sm(80))
        );
        assert_eq!(
            req("wmma.mma.sync.aligned.row.col.m8n8k4.f64.f64.f64.f64"),
            (v(7, 0), Target::sm(80))
        );
        assert_eq!(
            req("wmma.mma.sync.aligned.row.col.m16n16k16.f32.bf16.bf16.f32"),
            (v(7, 0), Target::sm(80))
        );
        assert_eq!(
            req("wmma.mma.xor.popc.sync.aligned.row.col.m8n8k128.s32.b1.b1.s32"),
            (v(6, 3), Target::sm(75))
        );
        assert_eq!(
            req("wmma.mma.and.popc.sync.aligned.row.col.m8n8k128.s32.b1.b1.s32"),
            (v(7, 1), Target::sm(80))
        );
        assert_eq!(
            req("wmma.load.a.sync.aligned.row.m16n16k16.shared::cta.f16"),
            (v(7, 8), Target::sm(70))
        );
        let Ok(Matrix::WmmaMma(m)) = dec("wmma.mma.sync.aligned.col.row.m32n8k16.f16.f32") else {
            panic!()
        };
        assert_eq!(
            (m.layouts, m.d, m.a, m.b, m.c),
            (
                (Layout::Col, Layout::Row),
                WType::F16,
                WType::F16,
                WType::F16,
                WType::F32
            )
        );
        let Ok(Matrix::WmmaMma(m)) = dec("wmma.mma.sync.aligned.row.col.m8n8k4.rz.f64.f64.f64.f64")
        else {
            panic!()
        };
        assert_eq!(m.rnd, "rz");
        // `.aligned` is implicit before PTX ISA 6.3, required from it on.
        let old = dec("wmma.mma.sync.row.col.m16n16k16.f32.f32").unwrap();
        assert!(old.validate("x", v(6, 0), Target::sm(70)).is_empty());
        let e = old.validate("x", v(6, 3), Target::sm(70));
        assert!(e[0].message.contains(".aligned"), "{:?}", e);
        // Version and target errors.
        let e = dec("ldmatrix.sync.aligned.m8n8.x4.b16").unwrap().validate(
            "x",
            v(6, 4),
            Target::sm(70),
        );
        assert_eq!(e.len(), 2, "{e:?}");
        for (bad, why) in [
            (
                "wmma.load.a.sync.aligned.row.m16n16k8.f16",
                "no `wmma` form",
            ),
            ("wmma.load.a.sync.aligned.col.m8n8k32.s4", "`.row`"),
            ("wmma.load.a.sync.aligned.m16n16k16.f16", "layout"),
            (
                "wmma.load.d.sync.aligned.row.m16n16k16.f32",
                "`.a`, `.b` or `.c`",
            ),
            (
                "wmma.mma.sync.aligned.row.col.m16n16k16.s32.s8.u8.s32",
                "the same",
            ),
            (
                "wmma.mma.sync.aligned.row.col.m16n16k16.f32.bf16.bf16.f16",
                "accumulator",
            ),
            // `.f16` takes it before PTX ISA 6.5 (a version rule of
            // `validate`); `.bf16` never did.
            (
                "wmma.mma.sync.aligned.row.col.m16n16k16.f32.bf16.bf16.f32.satfinite",
                "integer",
            ),
            (
                "wmma.mma.sync.aligned.row.col.m8n8k128.s32.b1.b1.s32",
                "popc",
            ),
            (
                "wmma.mma.sync.aligned.row.row.m8n8k32.s32.s4.s4.s32",
                ".row.col",
            ),
            ("wmma.mma.aligned.row.col.m16n16k16.f32.f32", ".sync"),
            (
                "wmma.mma.sync.aligned.row.col.m16n16k16.f32.f32.xyz",
                "`.xyz`",
            ),
        ] {
            let e = dec(bad).unwrap_err();
            assert!(e.contains(why), "{bad}: {e}");
        }
    }
}
