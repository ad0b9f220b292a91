//! The 5th-generation tensor-core instructions of sm_100a, decoded once
//! (PTX ISA 9.7.16, "TensorCore 5th Generation Family Instructions"):
//! `tcgen05.alloc`, `tcgen05.dealloc`, `tcgen05.relinquish_alloc_permit`
//! (9.7.16.7.1), `tcgen05.ld`, `tcgen05.st`, `tcgen05.wait` (9.7.16.8),
//! `tcgen05.mma` (9.7.16.10.9.1), `tcgen05.fence` (9.7.16.11.1) and
//! `tcgen05.commit` (9.7.16.12.1). The engine runs them in
//! crates/interp/src/tcgen05.rs (docs/ENGINE.md "Tensor cores: tcgen05").
//!
//! Valid PTX the engine does not run (`.cta_group::2`, `.ws`, `.sp`, the
//! block-scaled kinds, `.collector_usage`, `.ashift`, `tcgen05.ld.red`,
//! `tcgen05.cp`, `tcgen05.shift`) decodes as
//! [`Refused::Unsupported`]: an error where a thread reaches it.

use crate::diag::Diagnostic;
use crate::target::{PtxVersion, Target, Variant};

/// A `tcgen05` instruction the engine runs.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Tcgen05 {
    /// `tcgen05.alloc.cta_group::1.sync.aligned{.shared::cta}.b32 [dst], nCols;`
    Alloc,
    /// `tcgen05.dealloc.cta_group::1.sync.aligned.b32 taddr, nCols;`
    Dealloc,
    /// `tcgen05.relinquish_alloc_permit.cta_group::1.sync.aligned;`
    Relinquish,
    /// `tcgen05.fence::before_thread_sync;` (false) or
    /// `tcgen05.fence::after_thread_sync;` (true).
    Fence(bool),
    /// `tcgen05.wait::ld.sync.aligned;` (false) or `tcgen05.wait::st...`
    /// (true).
    Wait(bool),
    /// `tcgen05.ld.sync.aligned.shape.num{.pack::16b}.b32`.
    Ld(Move),
    /// `tcgen05.st.sync.aligned.shape.num{.unpack::16b}.b32`.
    St(Move),
    /// `tcgen05.mma.cta_group::1.kind`.
    Mma(Kind),
    /// `tcgen05.commit.cta_group::1.mbarrier::arrive::one{.shared::cluster}
    /// {.multicast::cluster{::16b, ::32b}}.b64 [mbar]{, ctaMask};`
    Commit {
        /// The width of `ctaMask`: 0 (no `.multicast::cluster`), 16 or 32.
        mask: u8,
        /// A PTX ISA 9.4 qualifier written: `::16b`, `::32b`,
        /// `.sync_restrict::shared::read::mma::a`.
        v94: bool,
    },
}

impl Tcgen05 {
    /// True for the `.sync.aligned` instructions, which the whole warp
    /// runs together ("all threads in the warp must execute the same
    /// instruction"); `tcgen05.mma`, `.commit` and `.fence` are run by
    /// each thread that reaches them ("single thread semantics").
    pub fn is_warp(self) -> bool {
        matches!(
            self,
            Tcgen05::Alloc
                | Tcgen05::Dealloc
                | Tcgen05::Relinquish
                | Tcgen05::Wait(_)
                | Tcgen05::Ld(_)
                | Tcgen05::St(_)
        )
    }
}

/// The data movement shapes of `tcgen05.ld`/`tcgen05.st` (9.7.16.2.3).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Shape {
    /// `.32x32b`: 32 lanes, 32 bits each, per `.num`.
    S32x32b,
    /// `.16x64b`.
    S16x64b,
    /// `.16x128b`.
    S16x128b,
    /// `.16x256b`.
    S16x256b,
    /// `.16x32bx2`: two `.16x32b` accesses, the second at
    /// `taddr + immHalfSplitoff`.
    S16x32bx2,
}

impl Shape {
    /// The shape of a qualifier.
    pub fn parse(s: &str) -> Option<Shape> {
        Some(match s {
            "32x32b" => Shape::S32x32b,
            "16x64b" => Shape::S16x64b,
            "16x128b" => Shape::S16x128b,
            "16x256b" => Shape::S16x256b,
            "16x32bx2" => Shape::S16x32bx2,
            _ => return None,
        })
    }

    /// The name without the dot.
    pub fn name(self) -> &'static str {
        match self {
            Shape::S32x32b => "32x32b",
            Shape::S16x64b => "16x64b",
            Shape::S16x128b => "16x128b",
            Shape::S16x256b => "16x256b",
            Shape::S16x32bx2 => "16x32bx2",
        }
    }

    /// Registers per thread at `.x1` (Table 49: ".16x32bx2 / .16x64b /
    /// .32x32b" 1, ".16x128b" 2, ".16x256b" 4).
    pub fn regs(self) -> usize {
        match self {
            Shape::S16x128b => 2,
            Shape::S16x256b => 4,
            _ => 1,
        }
    }

    /// Lanes of the Tensor Memory one access covers.
    pub fn lanes(self) -> u32 {
        match self {
            Shape::S32x32b => 32,
            _ => 16,
        }
    }
}

/// `.shape.num{.pack::16b}` of `tcgen05.ld` (`.unpack::16b` of `st`).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Move {
    /// The base shape.
    pub shape: Shape,
    /// `.num`: the repeat factor, 1 to 128.
    pub num: u16,
    /// `.pack::16b` / `.unpack::16b`.
    pub pack: bool,
}

impl Move {
    /// The registers in the vector `r` (Table 49 / Table 50).
    pub fn regs(&self) -> usize {
        self.shape.regs() * usize::from(self.num)
    }

    /// The error of `tcgen05.ld` (`load`) or `tcgen05.st`'s `r` where it
    /// holds `given` registers (a single register is one), not Table
    /// 49/50's count; `check` and the engine both say it.
    pub fn registers_error(&self, opcode: &str, load: bool, given: usize) -> Option<String> {
        (given != self.regs()).then(|| {
            format!(
                "`{opcode}`: r is a vector of {} .b32 registers (Table {}: .{} .x{}); {given} given",
                self.regs(),
                if load { 49 } else { 50 },
                self.shape.name(),
                self.num
            )
        })
    }

    /// `.shape.num{.pack}.b32`, the qualifiers after `.sync.aligned`.
    fn decode(q: &[&str], pack: &str) -> Result<Move, String> {
        let (shape, num, rest) = match q {
            [s, n, rest @ ..] => (s, n, rest),
            _ => {
                return Err(format!(
                    "expected `.shape.num{{.{pack}}}.b32` after `.sync.aligned`"
                ))
            }
        };
        let Some(shape) = Shape::parse(shape) else {
            return Err(format!(
                "`.{shape}` is not a shape of tcgen05.ld/st (.32x32b, .16x64b, .16x128b, .16x256b, .16x32bx2)"
            ));
        };
        let num = num
            .strip_prefix('x')
            .and_then(|n| n.parse::<u16>().ok())
            .filter(|n| n.is_power_of_two() && *n <= 128);
        let Some(num) = num else {
            return Err(format!(
                "`.{}` is not a `.num` (.x1, .x2, .x4, ..., .x128)",
                q[1]
            ));
        };
        // Table 49: ".x64" is NA for .16x256b, ".x128" for .16x128b and
        // .16x256b (the vector would pass 128 registers).
        if shape.regs() * usize::from(num) > 128 {
            return Err(format!(
                "`.{}.x{num}` is not in Table 49 (at most 128 registers: .16x128b up to .x64, .16x256b up to .x32)",
                shape.name()
            ));
        }
        let (pack_q, rest) = match rest {
            [p, r @ ..] if *p == pack => (true, r),
            r => (false, r),
        };
        match rest {
            ["b32"] => Ok(Move {
                shape,
                num,
                pack: pack_q,
            }),
            _ => Err(format!(
                "expected `{{.{pack}}}.b32` after `.{}.x{num}`, found `.{}`",
                shape.name(),
                rest.join(".")
            )),
        }
    }
}

/// `.kind` of `tcgen05.mma` without block scaling.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Kind {
    /// `.kind::tf32`.
    Tf32,
    /// `.kind::f16` (`.f16` or `.bf16` A and B).
    F16,
    /// `.kind::f8f6f4`.
    F8f6f4,
    /// `.kind::i8`.
    I8,
}

impl Kind {
    /// The name after `.kind::`.
    pub fn name(self) -> &'static str {
        match self {
            Kind::Tf32 => "tf32",
            Kind::F16 => "f16",
            Kind::F8f6f4 => "f8f6f4",
            Kind::I8 => "i8",
        }
    }

    /// K, "implicitly determined by the MMA-kind and the sparsity" (Table
    /// 39, dense): tf32 8, f16 16, f8f6f4 and i8 32.
    pub fn k(self) -> u32 {
        match self {
            Kind::Tf32 => 8,
            Kind::F16 => 16,
            Kind::F8f6f4 | Kind::I8 => 32,
        }
    }
}

/// Why a `tcgen05` opcode is not run: as for `wgmma`.
pub use crate::wgmma::Refused;

/// The help of a `tcgen05` that is malformed or not run.
const HELP: &str = "the engine runs tcgen05.alloc/dealloc/relinquish_alloc_permit, tcgen05.ld/st (.32x32b, .16x64b, .16x128b, .16x256b, .16x32bx2), tcgen05.wait, tcgen05.fence, tcgen05.mma (.kind::tf32/f16/f8f6f4/i8) and tcgen05.commit, all .cta_group::1 (docs/ENGINE.md \"Tensor cores: tcgen05\")";

impl Tcgen05 {
    /// Decodes `tcgen05.*`: none where `opcode` is not one or is the bare
    /// root; an error saying what is wrong or what the engine does not run.
    pub fn decode(opcode: &str) -> Option<Result<Tcgen05, Refused>> {
        let mut parts = opcode.split('.');
        if parts.next()? != "tcgen05" {
            return None;
        }
        let rest: Vec<&str> = parts.collect();
        if rest.is_empty() {
            return None;
        }
        let bad = |why: String| {
            Refused::Invalid(
                Diagnostic::error(0..opcode.len(), format!("`{opcode}`: {why}")).with_help(HELP),
            )
        };
        let unsupported = |why: &str| {
            Refused::Unsupported(
                Diagnostic::error(
                    0..opcode.len(),
                    format!("`{opcode}`: {why} is not run by the engine"),
                )
                .with_help(HELP),
            )
        };
        let (what, q) = rest.split_first()?;
        // ".cta_group = { .cta_group::1, .cta_group::2 }": the engine runs
        // one CTA's Tensor Memory (the peer-CTA forms are refused).
        let cta = |q: &[&str]| -> Result<(), Refused> {
            match q.first() {
                Some(&"cta_group::1") => Ok(()),
                Some(&"cta_group::2") => Err(unsupported(
                    "`.cta_group::2` (a CTA pair's Tensor Memory, 9.7.16.5.1)",
                )),
                _ => Err(bad(format!(
                    "expected `.cta_group::1` or `.cta_group::2` after `tcgen05.{what}`"
                ))),
            }
        };
        let sync_aligned =
            |q: &[&str]| -> bool { q.len() >= 2 && q[0] == "sync" && q[1] == "aligned" };
        Some(match (*what, q) {
            // PTX ISA 9.4 adds `.exclusive` to `tcgen05.alloc` and
            // `tcgen05.dealloc` (its release notes; the section's text
            // could not be read here): valid, refused where reached.
            ("alloc" | "dealloc", q) if q.contains(&"exclusive") => Err(unsupported(
                "`.exclusive` (PTX ISA 9.4's exclusive Tensor Memory allocation, whose rules ptxfp has not read)",
            )),
            ("alloc" | "dealloc" | "relinquish_alloc_permit", q) => (|| {
                cta(q)?;
                let q = &q[1..];
                if !sync_aligned(q) {
                    return Err(bad(format!(
                        "expected `tcgen05.{what}.cta_group::1.sync.aligned` (`.sync` and `.aligned` are mandatory)"
                    )));
                }
                let q = &q[2..];
                match (*what, q) {
                    ("alloc", ["shared::cta", "b32"] | ["b32"]) => Ok(Tcgen05::Alloc),
                    ("dealloc", ["b32"]) => Ok(Tcgen05::Dealloc),
                    ("relinquish_alloc_permit", []) => Ok(Tcgen05::Relinquish),
                    ("alloc", _) => Err(bad("expected `{.shared::cta}.b32` after `.sync.aligned`".into())),
                    ("dealloc", _) => Err(bad("expected `.b32` after `.sync.aligned`".into())),
                    _ => Err(bad("takes no qualifier after `.sync.aligned`".into())),
                }
            })(),
            ("fence::before_thread_sync", []) => Ok(Tcgen05::Fence(false)),
            ("fence::after_thread_sync", []) => Ok(Tcgen05::Fence(true)),
            ("wait::ld" | "wait::st", ["sync", "aligned"]) => Ok(Tcgen05::Wait(*what == "wait::st")),
            ("wait::ld" | "wait::st", _) => Err(bad(
                "expected `.sync.aligned` (mandatory) and nothing after it".into(),
            )),
            ("ld", ["red", ..]) => Err(unsupported("`tcgen05.ld.red` (a load with a reduction, sm_101a/sm_103f)")),
            // PTX ISA 9.4 (sm_107a): `tcgen05.ld{.red}...spcompress`, a load
            // through the sparse compression of `spcompress`.
            ("ld", q) if q.contains(&"spcompress") => Err(unsupported(
                "`.spcompress` (PTX ISA 9.4's load through sparse compression, whose ties are implementation-specific)",
            )),
            ("ld" | "st", q) => {
                if !sync_aligned(q) {
                    Err(bad(format!(
                        "expected `tcgen05.{what}.sync.aligned...` (`.sync` and `.aligned` are mandatory)"
                    )))
                } else {
                    let pack = if *what == "ld" { "pack::16b" } else { "unpack::16b" };
                    Move::decode(&q[2..], pack)
                        .map(|m| if *what == "ld" { Tcgen05::Ld(m) } else { Tcgen05::St(m) })
                        .map_err(bad)
                }
            }
            ("mma", q) => (|| {
                // The syntax lines first, for the forms run and refused
                // alike: a spelling in none of them is an error at its
                // line (ptxas rejects it), not valid PTX refused.
                mma_grammar(q).map_err(bad)?;
                // ".ws" and ".sp" come before `.cta_group`.
                match q.first() {
                    Some(&"ws") => {
                        return Err(unsupported("`tcgen05.mma.ws` (the weight-stationary forms)"))
                    }
                    Some(&"sp") => {
                        return Err(unsupported(
                            "`tcgen05.mma.sp` (sparse A: its metadata is not modelled)",
                        ))
                    }
                    _ => {}
                }
                cta(q)?;
                // PTX ISA 9.4 (sm_107): `.kind::ti16` (S1Z4M11 operands) and
                // `.decompress::lut::b` (a looked-up B).
                if q.get(1) == Some(&"kind::ti16") {
                    return Err(unsupported("`.kind::ti16` (PTX ISA 9.4's S1Z4M11 operands, sm_107)"));
                }
                if q.contains(&"decompress::lut::b") {
                    return Err(unsupported("`.decompress::lut::b` (PTX ISA 9.4's decompression of B through a look-up table, sm_107)"));
                }
                let kind = match q.get(1).and_then(|k| k.strip_prefix("kind::")) {
                    Some("tf32") => Kind::Tf32,
                    Some("f16") => Kind::F16,
                    Some("f8f6f4") => Kind::F8f6f4,
                    Some("i8") => Kind::I8,
                    Some("mxf8f6f4" | "mxf4" | "mxf4nvf4") => {
                        return Err(unsupported(
                            "a block-scaled kind (`.kind::mxf8f6f4`, `.kind::mxf4`, `.kind::mxf4nvf4`)",
                        ))
                    }
                    _ => {
                        return Err(bad(
                            "expected `.kind::tf32`, `.kind::f16`, `.kind::f8f6f4`, `.kind::i8`, `.kind::mxf8f6f4`, `.kind::mxf4` or `.kind::mxf4nvf4` after `.cta_group`"
                                .into(),
                        ))
                    }
                };
                match &q[2..] {
                    [] => Ok(Tcgen05::Mma(kind)),
                    [x, ..] if x.starts_with("collector::") || *x == "ashift" => Err(unsupported(
                        "`.collector::a::*` / `.ashift` (the collector buffer and the shifted A of convolutions)",
                    )),
                    [x, ..] if x.starts_with("block_scale") => Err(bad(format!(
                        "`.block_scale` belongs to the kinds mxf8f6f4, mxf4 and mxf4nvf4, not `.kind::{}`",
                        kind.name()
                    ))),
                    [x, ..] => Err(bad(format!("unknown qualifier `.{x}`"))),
                }
            })(),
            ("commit", q) => (|| {
                cta(q)?;
                // "The optional qualifier .multicast::cluster allows
                // signaling on the mbarrier objects of multiple CTAs in the
                // cluster"; PTX ISA 9.4 adds `::16b` and `::32b`, the
                // width of ctaMask (16 by default).
                let mc = |w: &str| match w {
                    "multicast::cluster" => Some((16, false)),
                    "multicast::cluster::16b" => Some((16, true)),
                    "multicast::cluster::32b" => Some((32, true)),
                    _ => None,
                };
                // PTX ISA 9.4: `.sync_restrict::shared::read::mma::a` after
                // `.mbarrier::arrive::one`, a restriction of the ordering the
                // commit gives (nothing to do where every operation is
                // complete when issued).
                let restricted: Vec<&str> = q[1..]
                    .iter()
                    .copied()
                    .filter(|w| *w != "sync_restrict::shared::read::mma::a")
                    .collect();
                let restrict = restricted.len() + 1 != q.len();
                let width_or = |c: Tcgen05| match c {
                    Tcgen05::Commit { mask, v94 } => Tcgen05::Commit { mask, v94: v94 || restrict },
                    c => c,
                };
                match restricted.as_slice() {
                    ["mbarrier::arrive::one", "b64"]
                    | ["mbarrier::arrive::one", "shared::cluster", "b64"] => Ok(Tcgen05::Commit { mask: 0, v94: false }),
                    ["mbarrier::arrive::one", m, "b64"]
                    | ["mbarrier::arrive::one", "shared::cluster", m, "b64"] if mc(m).is_some() => {
                        let (mask, v94) = mc(m).unwrap_or((16, false));
                        Ok(Tcgen05::Commit { mask, v94 })
                    }
                    _ => Err(bad(
                        "expected `.mbarrier::arrive::one{.sync_restrict::shared::read::mma::a}{.shared::cluster}{.multicast::cluster{::16b, ::32b}}.b64` after `.cta_group`".into(),
                    )),
                }
                .map(width_or)
            })(),
            ("cp", _) => Err(unsupported("`tcgen05.cp` (shared memory to Tensor Memory copies)")),
            ("shift", _) => Err(unsupported("`tcgen05.shift`")),
            (other, _) => Err(bad(format!(
                "`.{other}`: expected `tcgen05.alloc`, `.dealloc`, `.relinquish_alloc_permit`, `.ld`, `.st`, `.wait::ld`, `.wait::st`, `.mma`, `.commit`, `.fence::before_thread_sync`, `.fence::after_thread_sync`, `.cp` or `.shift`"
            ))),
        })
    }

    /// The errors of this instruction against a module's `.version` and
    /// `.target`, spanning the opcode. Each section's notes: "Introduced in
    /// PTX ISA version 8.6"; "Supported on following architectures:
    /// sm_100a, sm_101a (Renamed to sm_110a from PTX ISA version 9.0), And
    /// is supported on following family-specific architectures from PTX
    /// ISA version 8.8: sm_100f or higher in the same family, sm_101f or
    /// higher in the same family ..., sm_110f or higher in the same
    /// family"; for `tcgen05.mma`: "... from PTX ISA version 8.8 except
    /// .kind::i8" ("Qualifier .kind::i8 is supported on ... sm_100a,
    /// sm_101a ..., sm_110a").
    pub fn validate(&self, opcode: &str, version: PtxVersion, target: Target) -> Vec<Diagnostic> {
        let mut d = crate::syntax::requirement(
            &format!("`{opcode}`"),
            (PtxVersion::new(8, 6), Target::sm(0)),
            version,
            target,
            0..opcode.len(),
        );
        // `.multicast::cluster::16b`/`::32b` and
        // `.sync_restrict::shared::read::mma::a`: PTX ISA 9.4; `::32b` "is
        // supported on following family-specific architectures: sm_107f or
        // higher in the same family".
        if let Tcgen05::Commit { mask, v94: true } = self {
            if version < PtxVersion::new(9, 4) {
                d.push(Diagnostic::error(
                    0..opcode.len(),
                    format!("`{opcode}`: `::16b`, `::32b` after `.multicast::cluster` and `.sync_restrict::shared::read::mma::a` need PTX ISA 9.4; the module is {version}"),
                ));
            }
            if *mask == 32 {
                if let Some(why) = crate::target::Suffix::Family.error(version, target).or_else(|| {
                    (target.sm < 107).then(|| format!("needs sm_107f or higher in the same family; the target is {target}"))
                }) {
                    d.push(Diagnostic::error(0..opcode.len(), format!("`{opcode}` {why}")));
                }
                return d;
            }
        }
        let arch = target.variant == Variant::Arch && matches!(target.sm, 100 | 101 | 110);
        // The family-specific targets: sm_100f and sm_103f (the sm_100
        // family), sm_101f/sm_110f; an `a` target has its family's features.
        let family = target.variant != Variant::Plain && matches!(target.sm, 100 | 101 | 103 | 110);
        let i8 = matches!(self, Tcgen05::Mma(Kind::I8));
        if arch {
            return d;
        }
        if family && !i8 {
            if version < PtxVersion::new(8, 8) {
                d.push(
                    Diagnostic::error(
                        0..opcode.len(),
                        format!("`{opcode}` on the family-specific target {target} requires PTX ISA 8.8 or later; the module is {version}"),
                    )
                    .with_help("use .version 8.8 or later, or .target sm_100a"),
                );
            }
            return d;
        }
        d.push(
            Diagnostic::error(
                0..opcode.len(),
                if i8 {
                    format!("`{opcode}` requires sm_100a, sm_101a or sm_110a (.kind::i8 is not a family feature); the target is {target}")
                } else {
                    format!("`{opcode}` requires sm_100a, sm_101a or sm_110a, or (PTX ISA 8.8) a family-specific sm_100f/sm_103f/sm_110f target; the target is {target}")
                },
            )
            .with_help("use .target sm_100a"),
        );
        d
    }
}

/// The qualifiers after `tcgen05.mma` against its syntax lines (PTX ISA
/// 9.7.16.10.9, `tcgen05.mma`, `.sp`, `.ws`, `.ws.sp`):
/// "tcgen05.mma{.ws}{.sp}.cta_group.kind" then, for ".kind = { .kind::f16,
/// .kind::tf32, .kind::f8f6f4, .kind::i8 }", "{.ashift}{.collector_usage}"
/// (".ws": "{.collector_usage}" with "::buffer = { ::b0, ::b1, ::b2, ::b3
/// }" and no `.ashift`); for ".kind = { .kind::mxf8f6f4, .kind::mxf4,
/// .kind::mxf4nvf4 }", ".block_scale{.scale_vectorsize}{.collector_usage}"
/// ("For .kind::mxf4nvf4, the qualifier .scale_vectorsize must be
/// explicitly specified"); ".cta_group = { .cta_group::1, .cta_group::2 }"
/// (`.ws`: `::1` only); "::op = { ::fill, ::use, ::lastuse, ::discard }";
/// "It is illegal to specify either of .collector::a::use or
/// .collector::a::fill along with .ashift". PTX ISA 9.4's `.kind::ti16`
/// and `.decompress::lut::b` pass (refused after).
fn mma_grammar(q: &[&str]) -> Result<(), String> {
    let mut i = 0;
    let ws = q.first() == Some(&"ws");
    i += usize::from(ws);
    i += usize::from(q.get(i) == Some(&"sp"));
    match q.get(i) {
        Some(&"cta_group::1") => {}
        Some(&"cta_group::2") if !ws => {}
        Some(&"cta_group::2") => {
            return Err("`.cta_group::2` is not a qualifier of `tcgen05.mma.ws` (\"tcgen05.mma.ws.cta_group::1\")".into())
        }
        Some(x) => {
            return Err(format!(
                "expected `.cta_group::1` or `.cta_group::2`, found `.{x}`"
            ))
        }
        None => return Err("expected `.cta_group::1` or `.cta_group::2` and a `.kind`".into()),
    }
    i += 1;
    let Some(kind) = q.get(i).and_then(|k| k.strip_prefix("kind::")) else {
        return Err(format!(
            "expected a `.kind` after `.{}` (`.kind::f16`, `.kind::tf32`, `.kind::f8f6f4`, `.kind::i8`, `.kind::mxf8f6f4`, `.kind::mxf4`, `.kind::mxf4nvf4`)",
            q[i - 1]
        ));
    };
    i += 1;
    let scaled = matches!(kind, "mxf8f6f4" | "mxf4" | "mxf4nvf4");
    if ws && !matches!(kind, "f16" | "tf32" | "f8f6f4" | "i8") {
        return Err(format!(
            "`.kind::{kind}` is not a kind of `tcgen05.mma.ws` (\".kind = {{ .kind::f16, .kind::tf32, .kind::f8f6f4, .kind::i8 }}\")"
        ));
    }
    let mut rest = &q[i..];
    if scaled {
        match rest.first() {
            Some(&"block_scale") => rest = &rest[1..],
            _ => {
                return Err(format!(
                    "`.kind::{kind}` is followed by `.block_scale` (\"tcgen05.mma.cta_group.kind.block_scale{{.scale_vectorsize}}\")"
                ))
            }
        }
        match rest.first() {
            // Table 56, the valid combinations of MMA-kind and
            // `.scale_vectorsize` (with the aliases: ".block32 is aliased
            // with .scale_vec::1X when .kind = .kind::mxf8f6f4",
            // "...with .scale_vec::2X when .kind = .kind::mxf4 or
            // .kind::mxf4nvf4", ".block16 is aliased with .scale_vec::4X
            // when .kind = .kind::mxf4nvf4"); ptxas 13.0 rejects the others.
            Some(v @ &("scale_vec::1X" | "scale_vec::2X" | "scale_vec::4X" | "block16" | "block32")) => {
                let valid: &[&str] = match kind {
                    "mxf8f6f4" => &["scale_vec::1X", "block32"],
                    "mxf4" => &["scale_vec::2X", "block32"],
                    _ => &["scale_vec::2X", "scale_vec::4X", "block16", "block32"],
                };
                if !valid.contains(v) {
                    return Err(format!(
                        "`.{v}` is not a vector size of `.kind::{kind}` (Table 56: {})",
                        valid.iter().map(|v| format!(".{v}")).collect::<Vec<_>>().join(", ")
                    ));
                }
                rest = &rest[1..]
            }
            Some(v) if v.starts_with("scale_vec") || v.starts_with("block") => {
                return Err(format!(
                    "`.{v}` is not a `.scale_vectorsize` (\".scale_vec::1X, .scale_vec::2X, .scale_vec::4X, .block16, .block32\")"
                ))
            }
            _ if kind == "mxf4nvf4" => {
                return Err("\"For .kind::mxf4nvf4, the qualifier .scale_vectorsize must be explicitly specified\"".into())
            }
            _ => {}
        }
    }
    let ashift = rest.first() == Some(&"ashift");
    if ashift {
        if ws || scaled {
            return Err(format!(
                "`.ashift` is not a qualifier of {} (it shifts `A` in Tensor Memory in the convolution forms without block scaling)",
                if ws { "`tcgen05.mma.ws`".to_string() } else { format!("`.kind::{kind}.block_scale`") }
            ));
        }
        rest = &rest[1..];
    }
    if let Some(c) = rest.first().and_then(|c| c.strip_prefix("collector::")) {
        let (buffer, op) = c.split_once("::").unwrap_or((c, ""));
        let buffers: &[&str] = if ws {
            &["b0", "b1", "b2", "b3"]
        } else {
            &["a", "b"]
        };
        if !buffers.contains(&buffer) || !matches!(op, "fill" | "use" | "lastuse" | "discard") {
            return Err(format!(
                "`.collector::{c}` is not a `.collector_usage` (\".collector::buffer::op\", \"::buffer = {{ {} }}\", \"::op = {{ ::fill, ::use, ::lastuse, ::discard }}\")",
                buffers.iter().map(|b| format!("::{b}")).collect::<Vec<_>>().join(", ")
            ));
        }
        if ashift && buffer == "a" && matches!(op, "use" | "fill") {
            return Err(format!(
                "\"It is illegal to specify either of .collector::a::use or .collector::a::fill along with .ashift\" (`.collector::a::{op}`)"
            ));
        }
        rest = &rest[1..];
    }
    match rest {
        [] | ["decompress::lut::b"] => Ok(()),
        // `.block_scale` after a kind without scaling: the decoder's
        // message names the kinds that take it.
        [b, ..] if b.starts_with("block_scale") && !scaled => Ok(()),
        [x, ..] => Err(format!("`.{x}` is not a qualifier of `tcgen05.mma` here (its syntax lines: `{{.ws}}{{.sp}}.cta_group.kind`, then `.block_scale{{.scale_vectorsize}}` for the block-scaled kinds or `{{.ashift}}` for the others, then `{{.collector_usage}}`)")),
    }
}

/// An operand of `tcgen05.mma` as its syntax lines tell operands apart.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Arg {
    /// `[taddr]`: a Tensor Memory address.
    Address,
    /// `{r0, r1, ...}` of this many elements.
    Vector(usize),
    /// An integer constant, its value where it is one.
    Imm(Option<u64>),
    /// A register (or another name).
    Reg,
}

/// The operands of `tcgen05.mma{.ws}{.sp}...` `opcode` (qualifiers
/// already checked, `mma_grammar`) against its syntax lines (PTX ISA
/// 9.7.16.10.9):
///
/// - without block scaling: "[d-tmem], a-desc, b-desc, idesc {,
///   disable-output-lane }, enable-input-d {, scale-input-d}" (`a-desc`
///   or "[a-tmem]"), ".sp" with "[sp-meta-tmem]" after `b-desc`;
/// - with it: "[d-tmem], a-desc, b-desc, idesc, [scale-A-tmem],
///   [scale-B-tmem], enable-input-d";
/// - ".ws": "[d-tmem], a-desc, b-desc, idesc, enable-input-d {,
///   zero-column-mask-desc}".
///
/// And their rules: disable-output-lane has 4 elements with
/// `.cta_group::1` and 8 with `::2`; "The argument scale-input-d is only
/// valid for .kind::tf32 and .kind::f16", "[0, 15]", an immediate, on
/// sm_100a/sm_100f/sm_103a/sm_103f only (ptxas 13.0 rejects it on
/// sm_110a); `.ashift` shifts A in Tensor Memory, so it takes `[a-tmem]`.
/// The error: the operand it is about (`None`: the count) and why.
pub fn mma_operands_error(
    opcode: &str,
    args: &[Arg],
    target: Target,
) -> Option<(Option<usize>, String)> {
    let q: Vec<&str> = opcode.split('.').skip(2).collect();
    let has = |w: &str| q.contains(&w);
    let (ws, sp, cta2, ashift) = (has("ws"), has("sp"), has("cta_group::2"), has("ashift"));
    let block = q.iter().any(|w| w.starts_with("block_scale"));
    let kind = q
        .iter()
        .find_map(|w| w.strip_prefix("kind::"))
        .unwrap_or("");
    let meta = if sp { "[sp-meta-tmem], " } else { "" };
    let form = if ws {
        format!("[d-tmem], a-desc or [a-tmem], b-desc, {meta}idesc, enable-input-d{{, zero-column-mask-desc}}")
    } else if block {
        format!("[d-tmem], a-desc or [a-tmem], b-desc, {meta}idesc, [scale-A-tmem], [scale-B-tmem], enable-input-d")
    } else {
        format!("[d-tmem], a-desc or [a-tmem], b-desc, {meta}idesc{{, disable-output-lane}}, enable-input-d{{, scale-input-d}}")
    };
    let count = || {
        Some((
            None,
            format!("`{opcode}` takes `{form}`: {} operand(s) given", args.len()),
        ))
    };
    let value = |a: Arg| matches!(a, Arg::Reg | Arg::Imm(_));
    // The operands every form starts with, and what each is.
    /// An operand's name, and which shapes it takes.
    type Slot = (&'static str, fn(Arg) -> bool);
    let mut head: Vec<Slot> = vec![
        ("d-tmem, a Tensor Memory address `[taddr]`", |a| {
            a == Arg::Address
        }),
        ("a-desc or [a-tmem]", |a| {
            matches!(a, Arg::Address | Arg::Reg)
        }),
        ("b-desc, a 64-bit descriptor", |a| a == Arg::Reg),
    ];
    if sp {
        head.push((
            "[sp-meta-tmem], the metadata's Tensor Memory address",
            |a| a == Arg::Address,
        ));
    }
    head.push(("idesc, the 32-bit instruction descriptor", |a| {
        matches!(a, Arg::Reg | Arg::Imm(_))
    }));
    if block {
        head.push(("[scale-A-tmem], a Tensor Memory address", |a| {
            a == Arg::Address
        }));
        head.push(("[scale-B-tmem], a Tensor Memory address", |a| {
            a == Arg::Address
        }));
    }
    if args.len() < head.len() + 1 {
        return count();
    }
    for (i, (what, ok)) in head.iter().enumerate() {
        if !ok(args[i]) {
            return Some((
                Some(i),
                format!("`{opcode}`: operand {} is {what} (`{form}`)", i + 1),
            ));
        }
    }
    if ashift && args[1] != Arg::Address {
        return Some((Some(1), format!("`{opcode}`: `.ashift` shifts the rows of A in Tensor Memory: A is `[a-tmem]`, not a descriptor")));
    }
    let mut at = head.len();
    let rest = &args[at..];
    if ws || block {
        let most = if ws { 2 } else { 1 };
        if rest.len() > most {
            return count();
        }
        if !value(rest[0]) {
            return Some((
                Some(at),
                format!(
                    "`{opcode}`: operand {} is enable-input-d, a predicate (`{form}`)",
                    at + 1
                ),
            ));
        }
        if let Some(&z) = rest.get(1) {
            if !value(z) {
                return Some((Some(at + 1), format!("`{opcode}`: operand {} is zero-column-mask-desc, a 64-bit value (`{form}`)", at + 2)));
            }
        }
        return None;
    }
    let mut rest = rest;
    if let Arg::Vector(n) = rest[0] {
        let want = if cta2 { 8 } else { 4 };
        if n != want {
            return Some((Some(at), format!("`{opcode}`: disable-output-lane is a vector of {want} .b32 registers with `.cta_group::{}`; this one has {n}", if cta2 { 2 } else { 1 })));
        }
        rest = &rest[1..];
        at += 1;
    }
    match rest {
        [e] | [e, _] if !value(*e) => Some((
            Some(at),
            format!(
                "`{opcode}`: operand {} is enable-input-d, a predicate (`{form}`)",
                at + 1
            ),
        )),
        [_] => None,
        [_, s] => {
            let at = at + 1;
            match s {
                Arg::Imm(Some(v)) if *v <= 15 => {}
                _ => {
                    return Some((
                        Some(at),
                        format!(
                        "`{opcode}`: scale-input-d is an integer constant in [0, 15] (`{form}`)"
                    ),
                    ))
                }
            }
            if !matches!(kind, "f16" | "tf32") {
                return Some((Some(at), format!("`{opcode}`: \"The argument scale-input-d is only valid for .kind::tf32 and .kind::f16\"")));
            }
            if !(matches!(target.sm, 100 | 103) && target.variant != Variant::Plain) {
                return Some((Some(at), format!("`{opcode}`: scale-input-d is supported on sm_100a, sm_100f, sm_103a and sm_103f only; the target is {target}")));
            }
            None
        }
        _ => count(),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The operands the syntax lines admit pass, and each rule's
    /// breach is an error about the operand that breaks it (the shapes of
    /// hibouwu/PTX_To_SASS's negative probes, which ptxas 13.0 rejects).
    #[test]
    fn mma_operands_follow_the_syntax_lines() {
        use Arg::{Address as A, Imm, Reg as R, Vector as V};
        let sm100a = Target {
            sm: 100,
            variant: Variant::Arch,
        };
        let sm110a = Target {
            sm: 110,
            variant: Variant::Arch,
        };
        let f16 = "tcgen05.mma.cta_group::1.kind::f16";
        let at = |op: &str, args: &[Arg], t: Target| mma_operands_error(op, args, t).map(|e| e.0);
        let msg = |op: &str, args: &[Arg], t: Target| {
            mma_operands_error(op, args, t)
                .map(|e| e.1)
                .unwrap_or_default()
        };
        // Accepted: with and without disable-output-lane and scale-input-d,
        // A in shared memory or in Tensor Memory.
        for args in [
            &[A, R, R, R, R][..],
            &[A, A, R, R, R],
            &[A, R, R, R, V(4), R],
            &[A, R, R, Imm(Some(7)), V(4), R, Imm(Some(15))],
            &[A, R, R, R, R, Imm(Some(0))],
        ] {
            assert_eq!(at(f16, args, sm100a), None, "{args:?}");
        }
        assert_eq!(
            at(
                "tcgen05.mma.cta_group::2.kind::tf32",
                &[A, R, R, R, V(8), R],
                sm100a
            ),
            None
        );
        assert_eq!(
            at(
                "tcgen05.mma.sp.cta_group::1.kind::f16",
                &[A, R, R, A, R, V(4), R],
                sm100a
            ),
            None
        );
        assert_eq!(
            at(
                "tcgen05.mma.cta_group::1.kind::mxf4.block_scale.scale_vec::2X",
                &[A, R, R, R, A, A, R],
                sm100a
            ),
            None
        );
        assert_eq!(
            at(
                "tcgen05.mma.ws.cta_group::1.kind::f16",
                &[A, R, R, R, R, R],
                sm100a
            ),
            None
        );
        assert_eq!(
            at(
                "tcgen05.mma.cta_group::1.kind::f16.ashift",
                &[A, A, R, R, R],
                sm100a
            ),
            None
        );
        // Refused, each at its operand (None: the count).
        assert_eq!(
            at(f16, &[A, R, R, R, V(4), R, Imm(Some(0))], sm110a),
            Some(Some(6))
        );
        assert!(msg(f16, &[A, R, R, R, R, Imm(Some(0))], sm110a)
            .contains("sm_100a, sm_100f, sm_103a and sm_103f only; the target is sm_110a"));
        assert_eq!(
            at(
                "tcgen05.mma.cta_group::1.kind::tf32.ashift",
                &[A, R, R, R, V(4), R],
                sm100a
            ),
            Some(Some(1))
        );
        assert_eq!(at(f16, &[A, R, R, V(4), R], sm100a), Some(Some(3)));
        assert_eq!(at(f16, &[A, R, R, R, V(4)], sm100a), Some(None));
        assert!(msg(f16, &[A, R, R, R, V(3), R], sm100a)
            .contains("a vector of 4 .b32 registers with `.cta_group::1`; this one has 3"));
        assert!(msg(
            "tcgen05.mma.cta_group::2.kind::f16",
            &[A, R, R, R, V(4), R],
            sm100a
        )
        .contains("a vector of 8"));
        assert_eq!(at(f16, &[A, R, R, R, V(4), R, R], sm100a), Some(Some(6)));
        assert_eq!(
            at(f16, &[A, R, R, R, V(4), R, Imm(Some(16))], sm100a),
            Some(Some(6))
        );
        assert!(msg(
            "tcgen05.mma.cta_group::1.kind::i8",
            &[A, R, R, R, R, Imm(Some(1))],
            sm100a
        )
        .contains("only valid for .kind::tf32 and .kind::f16"));
        assert_eq!(
            at(
                "tcgen05.mma.sp.cta_group::1.kind::f16",
                &[A, R, R, R, V(4), R],
                sm100a
            ),
            Some(Some(3))
        );
        assert_eq!(
            at(
                "tcgen05.mma.cta_group::1.kind::mxf4.block_scale.scale_vec::2X",
                &[A, R, R, R, A, R],
                sm100a
            ),
            Some(None)
        );
        assert_eq!(
            at(
                "tcgen05.mma.ws.cta_group::1.kind::f16",
                &[A, R, R, R, V(4), R],
                sm100a
            ),
            Some(Some(4))
        );
        assert_eq!(at(f16, &[R, R, R, R, R], sm100a), Some(Some(0)));
        assert_eq!(at(f16, &[A, R, R, R], sm100a), Some(None));
        assert_eq!(
            at(f16, &[A, R, R, R, V(4), R, Imm(Some(0)), R], sm100a),
            Some(None)
        );
    }

    fn dec(s: &str) -> Result<Tcgen05, String> {
        match Tcgen05::decode(s) {
            Some(Ok(w)) => Ok(w),
            Some(Err(d)) => Err(d.diagnostic().message.clone()),
            None => Err("none".into()),
        }
    }

    #[test]
    fn the_forms_decode() {
        assert_eq!(
            dec("tcgen05.alloc.cta_group::1.sync.aligned.shared::cta.b32"),
            Ok(Tcgen05::Alloc)
        );
        assert_eq!(
            dec("tcgen05.alloc.cta_group::1.sync.aligned.b32"),
            Ok(Tcgen05::Alloc)
        );
        assert_eq!(
            dec("tcgen05.dealloc.cta_group::1.sync.aligned.b32"),
            Ok(Tcgen05::Dealloc)
        );
        assert_eq!(
            dec("tcgen05.relinquish_alloc_permit.cta_group::1.sync.aligned"),
            Ok(Tcgen05::Relinquish)
        );
        assert_eq!(
            dec("tcgen05.fence::before_thread_sync"),
            Ok(Tcgen05::Fence(false))
        );
        assert_eq!(
            dec("tcgen05.fence::after_thread_sync"),
            Ok(Tcgen05::Fence(true))
        );
        assert_eq!(
            dec("tcgen05.wait::ld.sync.aligned"),
            Ok(Tcgen05::Wait(false))
        );
        assert_eq!(
            dec("tcgen05.wait::st.sync.aligned"),
            Ok(Tcgen05::Wait(true))
        );
        assert_eq!(
            dec("tcgen05.ld.sync.aligned.16x128b.x4.b32"),
            Ok(Tcgen05::Ld(Move {
                shape: Shape::S16x128b,
                num: 4,
                pack: false
            }))
        );
        assert_eq!(
            dec("tcgen05.st.sync.aligned.16x32bx2.x128.unpack::16b.b32"),
            Ok(Tcgen05::St(Move {
                shape: Shape::S16x32bx2,
                num: 128,
                pack: true
            }))
        );
        assert_eq!(
            dec("tcgen05.mma.cta_group::1.kind::tf32"),
            Ok(Tcgen05::Mma(Kind::Tf32))
        );
        assert_eq!(
            dec("tcgen05.mma.cta_group::1.kind::i8"),
            Ok(Tcgen05::Mma(Kind::I8))
        );
        assert_eq!(
            dec("tcgen05.commit.cta_group::1.mbarrier::arrive::one.shared::cluster.b64"),
            Ok(Tcgen05::Commit {
                mask: 0,
                v94: false
            })
        );
        assert_eq!(
            dec("tcgen05.commit.cta_group::1.mbarrier::arrive::one.shared::cluster.multicast::cluster.b64"),
            Ok(Tcgen05::Commit { mask: 16, v94: false })
        );
        assert_eq!(
            dec("tcgen05.commit.cta_group::1.mbarrier::arrive::one.sync_restrict::shared::read::mma::a.shared::cluster.b64"),
            Ok(Tcgen05::Commit { mask: 0, v94: true })
        );
        assert_eq!(
            dec("tcgen05.commit.cta_group::1.mbarrier::arrive::one.multicast::cluster::32b.b64"),
            Ok(Tcgen05::Commit {
                mask: 32,
                v94: true
            })
        );
        assert_eq!(dec("tcgen05"), Err("none".into()));
        // Table 49's register counts.
        for (shape, x1) in [
            ("32x32b", 1),
            ("16x64b", 1),
            ("16x32bx2", 1),
            ("16x128b", 2),
            ("16x256b", 4),
        ] {
            for num in [1u16, 2, 4, 8, 16, 32, 64, 128] {
                let r = dec(&format!("tcgen05.ld.sync.aligned.{shape}.x{num}.b32"));
                let regs = x1 * usize::from(num);
                match r {
                    Ok(Tcgen05::Ld(m)) => assert_eq!(m.regs(), regs),
                    _ => assert!(regs > 128, "{shape} x{num}: {r:?}"),
                }
            }
        }
    }

    #[test]
    fn malformed_and_refused() {
        let refused = |s: &str| Tcgen05::decode(s).unwrap().unwrap_err();
        for s in [
            "tcgen05.alloc.cta_group::2.sync.aligned.shared::cta.b32",
            "tcgen05.mma.cta_group::2.kind::f16",
            "tcgen05.mma.ws.cta_group::1.kind::f16",
            "tcgen05.mma.sp.cta_group::1.kind::f16",
            "tcgen05.mma.cta_group::1.kind::mxf8f6f4.block_scale",
            "tcgen05.mma.cta_group::1.kind::f16.collector::a::fill",
            "tcgen05.cp.cta_group::1.128x256b",
            "tcgen05.shift.cta_group::1.down",
            "tcgen05.ld.red.sync.aligned.32x32b.x2.min.f32",
            "tcgen05.alloc.cta_group::1.sync.aligned.exclusive.shared::cta.b32",
            "tcgen05.dealloc.cta_group::1.exclusive.sync.aligned.b32",
            "tcgen05.mma.cta_group::1.kind::ti16",
            "tcgen05.mma.cta_group::1.kind::f16.decompress::lut::b",
            "tcgen05.mma.cta_group::1.kind::f16.collector::b::fill",
            "tcgen05.ld.sync.aligned.32x32b.x2.spcompress.b32",
        ] {
            assert!(matches!(refused(s), Refused::Unsupported(_)), "{s}");
        }
        for (s, why) in [
            ("tcgen05.alloc.cta_group::1.b32", "mandatory"),
            ("tcgen05.alloc.sync.aligned.b32", "cta_group"),
            ("tcgen05.ld.sync.aligned.16x256b.x64.b32", "Table 49"),
            ("tcgen05.ld.sync.aligned.16x128b.x128.b32", "Table 49"),
            ("tcgen05.ld.sync.aligned.16x64b.x3.b32", ".num"),
            ("tcgen05.ld.sync.aligned.8x64b.x1.b32", "shape"),
            ("tcgen05.ld.sync.aligned.32x32b.x1.unpack::16b.b32", ".b32"),
            ("tcgen05.st.sync.aligned.32x32b.x1.pack::16b.b32", ".b32"),
            ("tcgen05.mma.cta_group::1.kind::f32", "kind"),
            (
                "tcgen05.mma.cta_group::1.kind::f16.block_scale",
                "block_scale",
            ),
            ("tcgen05.wait::ld", "sync"),
            ("tcgen05.commit.cta_group::1.b64", "mbarrier"),
            (
                "tcgen05.commit.cta_group::1.mbarrier::arrive::one.multicast::cluster::64b.b64",
                "::32b",
            ),
            ("tcgen05.load.x", "expected"),
        ] {
            let r = refused(s);
            assert!(matches!(r, Refused::Invalid(_)), "{s}: {r:?}");
            let m = &r.diagnostic().message;
            assert!(m.contains(why), "{s}: {m}");
        }
    }

    #[test]
    fn targets_and_versions() {
        let t = |s: &str| s.parse::<Target>().unwrap();
        let v = PtxVersion::new;
        let fence = dec("tcgen05.fence::before_thread_sync").unwrap();
        let i8 = dec("tcgen05.mma.cta_group::1.kind::i8").unwrap();
        for ok in ["sm_100a", "sm_101a"] {
            assert!(fence.validate("x", v(8, 6), t(ok)).is_empty(), "{ok}");
            assert!(i8.validate("x", v(8, 6), t(ok)).is_empty(), "{ok}");
        }
        assert!(fence.validate("x", v(8, 5), t("sm_100a"))[0]
            .message
            .contains("PTX ISA 8.6"));
        // Family targets from 8.8, and not for .kind::i8.
        assert!(fence.validate("x", v(8, 8), t("sm_100f")).is_empty());
        assert!(fence.validate("x", v(8, 8), t("sm_103f")).is_empty());
        assert!(fence.validate("x", v(8, 7), t("sm_100f"))[0]
            .message
            .contains("8.8"));
        assert!(i8.validate("x", v(8, 8), t("sm_100f"))[0]
            .message
            .contains("not a family feature"));
        for bad in ["sm_100", "sm_90a", "sm_120a", "sm_89"] {
            let e = fence.validate("x", v(8, 8), t(bad));
            assert_eq!(e.len(), 1, "{bad}: {e:?}");
            assert!(e[0].message.contains("requires sm_100a"), "{e:?}");
        }
    }
}
