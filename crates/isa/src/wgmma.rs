//! The warpgroup-level matrix instructions of sm_90a, decoded once:
//! `wgmma.fence`, `wgmma.commit_group`, `wgmma.wait_group` and
//! `wgmma.mma_async` (PTX ISA 9.7.15, "Asynchronous Warpgroup Level
//! Matrix Multiply-Accumulate Instructions"). Each family of
//! `wgmma.mma_async` forms is a row of data here ([`ROWS`]) with its
//! shapes, types and operand list; the PTX ISA version and target are
//! checked through `Op::validate`. The engine runs them in
//! crates/interp/src/wgmma.rs (docs/ENGINE.md "Tensor cores: wgmma").

use crate::diag::Diagnostic;
use crate::target::{PtxVersion, Target, Variant};

/// A warpgroup-level matrix instruction.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Wgmma {
    /// `wgmma.fence.sync.aligned;`
    Fence,
    /// `wgmma.commit_group.sync.aligned;`
    Commit,
    /// `wgmma.wait_group.sync.aligned N;`
    Wait,
    /// `wgmma.mma_async.sync.aligned.shape.dtype.atype.btype ...`.
    Mma(Mma),
}

/// The element types of `wgmma.mma_async`'s matrices.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum WgType {
    /// `.f16`.
    F16,
    /// `.bf16`.
    Bf16,
    /// `.tf32`.
    Tf32,
    /// `.e4m3`.
    E4m3,
    /// `.e5m2`.
    E5m2,
    /// `.s8`.
    S8,
    /// `.u8`.
    U8,
    /// `.b1`.
    B1,
    /// `.f32`.
    F32,
    /// `.s32`.
    S32,
}

impl WgType {
    /// The type of a suffix (`"e4m3"`), if `wgmma` has it.
    pub fn parse(s: &str) -> Option<WgType> {
        Some(match s {
            "f16" => WgType::F16,
            "bf16" => WgType::Bf16,
            "tf32" => WgType::Tf32,
            "e4m3" => WgType::E4m3,
            "e5m2" => WgType::E5m2,
            "s8" => WgType::S8,
            "u8" => WgType::U8,
            "b1" => WgType::B1,
            "f32" => WgType::F32,
            "s32" => WgType::S32,
            _ => return None,
        })
    }

    /// Bits of one element (`.tf32`: the 32 bits of its register).
    pub fn bits(self) -> u32 {
        match self {
            WgType::F16 | WgType::Bf16 => 16,
            WgType::Tf32 | WgType::F32 | WgType::S32 => 32,
            WgType::E4m3 | WgType::E5m2 | WgType::S8 | WgType::U8 => 8,
            WgType::B1 => 1,
        }
    }

    /// The name without the dot.
    pub fn name(self) -> &'static str {
        match self {
            WgType::F16 => "f16",
            WgType::Bf16 => "bf16",
            WgType::Tf32 => "tf32",
            WgType::E4m3 => "e4m3",
            WgType::E5m2 => "e5m2",
            WgType::S8 => "s8",
            WgType::U8 => "u8",
            WgType::B1 => "b1",
            WgType::F32 => "f32",
            WgType::S32 => "s32",
        }
    }
}

/// The N a family of shapes admits.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Ns {
    /// `.m64n8kK` to `.m64n256kK` in steps of 8 (the floating-point forms).
    Every8,
    /// The integer and single-bit forms: 8, 16, 24, then 32 to 256 in
    /// steps of 16. The dense integer syntax block lists ".m64n8k32, ...,
    /// .m64n208k32, .m64n224k32" only, but its sparse twin goes on to
    /// ".m64n240k64, .m64n256k64", the single-bit one to ".m64n240k256,
    /// .m64n256k256", and NVIDIA's own code compiles `.m64n256k32.s32.s8.s8`
    /// (CUTLASS's `include/cute/arch/mma_sm90_gmma.hpp` integer atoms,
    /// TensorRT-LLM's fmha_v2 `utils_igmma.h`): taken up to 256.
    Sixteens,
}

impl Ns {
    /// True if `n` is one of them.
    pub fn admits(self, n: u16) -> bool {
        match self {
            Ns::Every8 => n.is_multiple_of(8) && (8..=256).contains(&n),
            Ns::Sixteens => {
                matches!(n, 8 | 16 | 24) || (n.is_multiple_of(16) && (32..=256).contains(&n))
            }
        }
    }

    /// The list, for messages.
    pub fn describe(self) -> &'static str {
        match self {
            Ns::Every8 => "8, 16, ..., 256 (multiples of 8)",
            Ns::Sixteens => "8, 16, 24, 32, 48, 64, ..., 256 (multiples of 16 from 32)",
        }
    }
}

/// One syntax family of `wgmma.mma_async` (PTX ISA 9.7.15.5.2): its
/// multiplicand types, K, the N it admits, the accumulator types and the
/// operands after `d, a, b-desc, scale-d`.
#[derive(Debug)]
pub struct Row {
    /// `.atype`/`.btype`.
    pub ab: &'static [WgType],
    /// `.atype` and `.btype` may differ.
    pub mixed: bool,
    /// K of `.m64nNkK`.
    pub k: u16,
    /// The N.
    pub ns: Ns,
    /// `.dtype`.
    pub d: &'static [WgType],
    /// `imm-scale-a, imm-scale-b` follow `scale-d`.
    pub scale_ab: bool,
    /// `imm-trans-a, imm-trans-b` (A from a descriptor) or `imm-trans-b`
    /// (A from registers) follow them.
    pub trans: bool,
    /// `.satfinite` may be written.
    pub satfinite: bool,
    /// `.and.popc` is required (`.op = {.and}`).
    pub popc: bool,
    /// The syntax lines, for messages.
    pub syntax: &'static str,
}

/// The families, one per syntax block of PTX ISA 9.7.15.5.2:
///
/// - "wgmma.mma_async.sync.aligned.shape.dtype.f16.f16 d, a-desc, b-desc,
///   scale-d, imm-scale-a, imm-scale-b, imm-trans-a, imm-trans-b;" and "d,
///   a, b-desc, scale-d, imm-scale-a, imm-scale-b, imm-trans-b;" with
///   ".shape = {.m64n8k16, ..., .m64n256k16}; .dtype = {.f16, .f32}";
/// - the same for ".bf16" with ".dtype = {.f32}";
/// - ".tf32": "d, a-desc, b-desc, scale-d, imm-scale-a, imm-scale-b;"
///   (shapes .m64nNk8, ".dtype = {.f32}");
/// - FP8: ".shape.dtype.atype.btype d, a-desc, b-desc, scale-d,
///   imm-scale-a, imm-scale-b;" (.m64nNk32, ".dtype = {.f16, .f32};
///   .atype = {.e4m3, .e5m2}; .btype = {.e4m3, .e5m2}");
/// - integer: ".shape{.satfinite}.s32.atype.btype d, a-desc, b-desc,
///   scale-d;" (.m64nNk32 up to N = 224 there, 256 here: [`Ns::Sixteens`]; ".atype = {.s8, .u8}; .btype =
///   {.s8, .u8}");
/// - single bit: ".shape.s32.b1.b1.op.popc d, a-desc, b-desc, scale-d;"
///   (.m64nNk256 up to N = 256, ".op = {.and}").
pub const ROWS: &[Row] = {
    use WgType::*;
    &[
        Row {
            ab: &[F16],
            mixed: false,
            k: 16,
            ns: Ns::Every8,
            d: &[F16, F32],
            scale_ab: true,
            trans: true,
            satfinite: false,
            popc: false,
            syntax: "d, a-desc, b-desc, scale-d, imm-scale-a, imm-scale-b, imm-trans-a, imm-trans-b` or `d, a, b-desc, scale-d, imm-scale-a, imm-scale-b, imm-trans-b",
        },
        Row {
            ab: &[Bf16],
            mixed: false,
            k: 16,
            ns: Ns::Every8,
            d: &[F32],
            scale_ab: true,
            trans: true,
            satfinite: false,
            popc: false,
            syntax: "d, a-desc, b-desc, scale-d, imm-scale-a, imm-scale-b, imm-trans-a, imm-trans-b` or `d, a, b-desc, scale-d, imm-scale-a, imm-scale-b, imm-trans-b",
        },
        Row {
            ab: &[Tf32],
            mixed: false,
            k: 8,
            ns: Ns::Every8,
            d: &[F32],
            scale_ab: true,
            trans: false,
            satfinite: false,
            popc: false,
            syntax: "d, a-desc, b-desc, scale-d, imm-scale-a, imm-scale-b` or `d, a, b-desc, scale-d, imm-scale-a, imm-scale-b",
        },
        Row {
            ab: &[E4m3, E5m2],
            mixed: true,
            k: 32,
            ns: Ns::Every8,
            d: &[F16, F32],
            scale_ab: true,
            trans: false,
            satfinite: false,
            popc: false,
            syntax: "d, a-desc, b-desc, scale-d, imm-scale-a, imm-scale-b` or `d, a, b-desc, scale-d, imm-scale-a, imm-scale-b",
        },
        Row {
            ab: &[S8, U8],
            mixed: true,
            k: 32,
            ns: Ns::Sixteens,
            d: &[S32],
            scale_ab: false,
            trans: false,
            satfinite: true,
            popc: false,
            syntax: "d, a-desc, b-desc, scale-d` or `d, a, b-desc, scale-d",
        },
        Row {
            ab: &[B1],
            mixed: false,
            k: 256,
            ns: Ns::Sixteens,
            d: &[S32],
            scale_ab: false,
            trans: false,
            satfinite: false,
            popc: true,
            syntax: "d, a-desc, b-desc, scale-d` or `d, a, b-desc, scale-d",
        },
    ]
};

/// `wgmma.mma_async.sync.aligned.m64nNkK{.satfinite}.dtype.atype.btype{.and.popc}`.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Mma {
    /// N of `.m64nNkK` (M is 64).
    pub n: u16,
    /// K.
    pub k: u16,
    /// `.dtype`.
    pub d: WgType,
    /// `.atype`.
    pub a: WgType,
    /// `.btype`.
    pub b: WgType,
    /// `.satfinite` (integer forms).
    pub satfinite: bool,
    /// The row of [`ROWS`].
    pub row: u8,
}

impl Mma {
    /// The family the form belongs to.
    pub fn row(&self) -> &'static Row {
        &ROWS[self.row as usize]
    }

    /// The operand counts: with A from a descriptor, and with A in
    /// registers. "d, a-desc, b-desc, scale-d" plus `imm-scale-a,
    /// imm-scale-b` where the row has them, plus `imm-trans-a, imm-trans-b`
    /// (descriptor) or `imm-trans-b` (registers) for `.f16`/`.bf16`.
    pub fn operand_counts(&self) -> (usize, usize) {
        let r = self.row();
        let base = 4 + if r.scale_ab { 2 } else { 0 };
        if r.trans {
            (base + 2, base + 1)
        } else {
            (base, base)
        }
    }
}

impl Mma {
    /// Registers in the `d` vector: "N/2 .f32" (or `.s32`) registers, "N/4
    /// .f16x2 registers" for an `.f16` D (64·N elements over 128 threads).
    pub fn d_regs(&self) -> usize {
        64 * usize::from(self.n) / 128 / (32 / self.d.bits()) as usize
    }

    /// Registers in the `a` vector when A is in registers: 64·K elements
    /// over 128 threads, `32 / bits` to a register (four for every form).
    pub fn a_regs(&self) -> usize {
        64 * usize::from(self.k) / 128 / (32 / self.a.bits()) as usize
    }

    /// What is wrong with an instruction of `n` operands whose `a`
    /// operand is a vector (`a_vector`), with vectors of `d_len` and
    /// `a_len` registers (`None`: not a vector): the message, naming the
    /// count and the form expected.
    pub fn operands_error(
        &self,
        n: usize,
        a_vector: bool,
        d_len: Option<usize>,
        a_len: Option<usize>,
    ) -> Option<String> {
        let (with_desc, with_regs) = self.operand_counts();
        let want = if a_vector { with_regs } else { with_desc };
        if n != want {
            return Some(format!(
                "takes {want} operands with A {}, not {n}: `{}`",
                if a_vector {
                    "in registers"
                } else {
                    "from a descriptor"
                },
                self.row().syntax
            ));
        }
        if d_len != Some(self.d_regs()) {
            return Some(format!(
                "operand d is a vector of {} registers `{{d0, ...}}` (.m64n{}k{} .{})",
                self.d_regs(),
                self.n,
                self.k,
                self.d.name()
            ));
        }
        if a_vector && a_len != Some(self.a_regs()) {
            return Some(format!(
                "operand a is a vector of {} registers `{{a0, ...}}`",
                self.a_regs()
            ));
        }
        None
    }
}

/// Why a `wgmma` (or `tcgen05`) opcode is not run.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Refused {
    /// Not a form of the PTX ISA (a wrong shape, type or qualifier): an
    /// error wherever it is.
    Invalid(Diagnostic),
    /// Valid PTX the engine does not run (the sparse `.sp` forms, ...):
    /// an error only where a thread reaches it.
    Unsupported(Diagnostic),
}

impl Refused {
    /// The diagnostic.
    pub fn diagnostic(&self) -> &Diagnostic {
        match self {
            Refused::Invalid(d) | Refused::Unsupported(d) => d,
        }
    }
}

/// The help of a `wgmma` that is malformed or that the engine does not run.
const HELP: &str = "the engine runs wgmma.fence.sync.aligned, wgmma.commit_group.sync.aligned, wgmma.wait_group.sync.aligned N and wgmma.mma_async.sync.aligned.m64nNkK.dtype.atype.btype (.f16/.bf16 k16, .tf32 k8, .e4m3/.e5m2 k32, .s8/.u8 k32 {.satfinite}, .b1 k256 .and.popc) (docs/ENGINE.md \"Tensor cores: wgmma\")";

impl Wgmma {
    /// Decodes `wgmma.*`: none where `opcode` is not one or is the bare
    /// root; an error saying what is wrong or what the engine does not run.
    pub fn decode(opcode: &str) -> Option<Result<Wgmma, Refused>> {
        let mut parts = opcode.split('.');
        if parts.next()? != "wgmma" {
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
        let (what, q) = rest.split_first()?;
        // "wgmma.mma_async.sp.sync.aligned...": sparse A, with metadata and
        // a sparsity selector.
        if *what == "mma_async" && q.first() == Some(&"sp") {
            return Some(Err(Refused::Unsupported(
                Diagnostic::error(
                    0..opcode.len(),
                    format!("`{opcode}`: the sparse `.sp` forms are not run by the engine (their metadata and sparsity selector are not modelled); write the dense form"),
                )
                .with_help(HELP),
            )));
        }
        // All four are ".sync.aligned": "The mandatory .sync qualifier ...
        // The mandatory .aligned qualifier indicates that all threads in
        // the warpgroup must execute the same wgmma... instruction".
        let q = match q {
            ["sync", "aligned", q @ ..] => q,
            _ => {
                return Some(Err(bad(format!(
                    "expected `wgmma.{what}.sync.aligned...` (`.sync` and `.aligned` are mandatory)"
                ))))
            }
        };
        Some(match (*what, q) {
            ("fence", []) => Ok(Wgmma::Fence),
            ("commit_group", []) => Ok(Wgmma::Commit),
            ("wait_group", []) => Ok(Wgmma::Wait),
            ("fence" | "commit_group" | "wait_group", [x, ..]) => {
                Err(bad(format!("unknown qualifier `.{x}`")))
            }
            ("mma_async", q) => Mma::decode(q).map(Wgmma::Mma).map_err(bad),
            (other, _) => Err(bad(format!(
                "`.{other}`: expected `wgmma.fence`, `wgmma.commit_group`, `wgmma.wait_group` or `wgmma.mma_async`"
            ))),
        })
    }

    /// The PTX ISA version and target the instruction needs: "Introduced
    /// in PTX ISA version 8.0." "Requires sm_90a." (each of 9.7.15.6 to
    /// 9.7.15.8 and 9.7.15.5.2).
    pub fn requires(&self) -> (PtxVersion, Target) {
        (
            PtxVersion::new(8, 0),
            Target {
                sm: 90,
                variant: Variant::Arch,
            },
        )
    }

    /// The errors of this instruction against a module's `.version` and
    /// `.target`, spanning the opcode: the version, and a target that is
    /// not `sm_90a` (an architecture-specific feature: not on sm_90, nor
    /// on later targets).
    pub fn validate(&self, opcode: &str, version: PtxVersion, target: Target) -> Vec<Diagnostic> {
        let (v, t) = self.requires();
        let mut d = crate::syntax::requirement(
            &format!("`{opcode}`"),
            (v, Target::sm(0)),
            version,
            target,
            0..opcode.len(),
        );
        if target != t {
            d.push(
                Diagnostic::error(
                    0..opcode.len(),
                    format!("`{opcode}` requires {t} (an architecture-specific feature of sm_90); the target is {target}"),
                )
                .with_help("use .target sm_90a"),
            );
        }
        d
    }
}

impl Mma {
    /// `.shape{.satfinite}.dtype.atype.btype{.and.popc}`, after
    /// `wgmma.mma_async.sync.aligned`.
    fn decode(q: &[&str]) -> Result<Mma, String> {
        let Some((shape, q)) = q.split_first() else {
            return Err("expected a shape `.m64nNkK` and the types".into());
        };
        let dims = shape
            .strip_prefix("m64n")
            .and_then(|s| s.split_once('k'))
            .and_then(|(n, k)| Some((n.parse::<u16>().ok()?, k.parse::<u16>().ok()?)));
        let Some((n, k)) = dims else {
            return Err(format!(
                "`.{shape}` is not a wgmma shape (`.m64nNkK`: M is 64)"
            ));
        };
        let (satfinite, q) = match q.split_first() {
            Some((&"satfinite", r)) => (true, r),
            _ => (false, q),
        };
        let (types, popc) = match q {
            [t @ .., "and", "popc"] => (t, true),
            t => (t, false),
        };
        // `.s32.s8.s8.satfinite`: the order of CUTLASS's integer GMMA atoms
        // (`include/cute/arch/mma_sm90_gmma.hpp`), which nvcc compiles; the
        // ISA writes `.shape{.satfinite}.s32.atype.btype`.
        let (satfinite, types) = match types {
            [t @ .., "satfinite"] if !satfinite => (true, t),
            t => (satfinite, t),
        };
        let parsed: Vec<Option<WgType>> = types.iter().map(|t| WgType::parse(t)).collect();
        let [Some(d), Some(a), Some(b)] = parsed[..] else {
            return Err(format!(
                "expected three types `.dtype.atype.btype`, found `.{}`",
                types.join(".")
            ));
        };
        let Some((i, row)) = ROWS.iter().enumerate().find(|(_, r)| r.ab.contains(&a)) else {
            return Err(format!("`.{}` is not a wgmma multiplicand type (.f16, .bf16, .tf32, .e4m3, .e5m2, .s8, .u8, .b1)", a.name()));
        };
        if !row.ab.contains(&b) || (!row.mixed && a != b) {
            return Err(format!(
                "`.atype` `.{}` takes `.btype` {}, not `.{}`",
                a.name(),
                if row.mixed {
                    row.ab
                        .iter()
                        .map(|t| format!(".{}", t.name()))
                        .collect::<Vec<_>>()
                        .join("/")
                } else {
                    format!(".{}", a.name())
                },
                b.name()
            ));
        }
        if k != row.k || !row.ns.admits(n) {
            let ns = row.ns.describe();
            return Err(format!(
                "`.{}` multiplicands take the shapes `.m64nNk{}` with N = {ns}, not `.{shape}`",
                a.name(),
                row.k
            ));
        }
        if !row.d.contains(&d) {
            return Err(format!(
                "`.{}` multiplicands take `.dtype` {}, not `.{}`",
                a.name(),
                row.d
                    .iter()
                    .map(|t| format!(".{}", t.name()))
                    .collect::<Vec<_>>()
                    .join("/"),
                d.name()
            ));
        }
        if satfinite && !row.satfinite {
            return Err("`.satfinite` belongs to the integer (.s8/.u8) forms".into());
        }
        if popc != row.popc {
            return Err(if row.popc {
                "the `.b1` form is `.s32.b1.b1.and.popc` (`.op = {.and}`)".into()
            } else {
                "`.and.popc` belongs to the `.b1` form".into()
            });
        }
        Ok(Mma {
            n,
            k,
            d,
            a,
            b,
            satfinite,
            row: i as u8,
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn dec(s: &str) -> Result<Wgmma, String> {
        match Wgmma::decode(s) {
            Some(Ok(w)) => Ok(w),
            Some(Err(d)) => Err(d.diagnostic().message.clone()),
            None => Err("none".into()),
        }
    }

    fn mma(s: &str) -> Mma {
        match dec(s) {
            Ok(Wgmma::Mma(m)) => m,
            other => panic!("{s}: {other:?}"),
        }
    }

    #[test]
    fn every_listed_shape_and_type_decodes() {
        // Each family's shapes: the floating-point ones every multiple of
        // 8 up to 256, the integer ones the ISA's list, written out here.
        let int_ns = [
            8, 16, 24, 32, 48, 64, 80, 96, 112, 128, 144, 160, 176, 192, 208, 224, 240, 256,
        ];
        let bit_ns = int_ns;
        let mut count = 0;
        for n in (1..=264u16).filter(|n| n % 8 == 0) {
            for (types, k) in [
                ("f16.f16.f16", 16),
                ("f32.f16.f16", 16),
                ("f32.bf16.bf16", 16),
                ("f32.tf32.tf32", 8),
                ("f32.e4m3.e5m2", 32),
                ("f16.e5m2.e5m2", 32),
            ] {
                let ok = dec(&format!("wgmma.mma_async.sync.aligned.m64n{n}k{k}.{types}"));
                assert_eq!(ok.is_ok(), n <= 256, "n{n} {types}: {ok:?}");
                count += usize::from(ok.is_ok());
            }
            for types in [
                "s32.s8.s8",
                "satfinite.s32.u8.s8",
                "s32.u8.u8.satfinite",
                "s32.b1.b1.and.popc",
            ] {
                let (k, ns) = if types.contains("b1") {
                    (256, &bit_ns[..])
                } else {
                    (32, &int_ns[..])
                };
                let ok = dec(&format!("wgmma.mma_async.sync.aligned.m64n{n}k{k}.{types}"));
                assert_eq!(ok.is_ok(), ns.contains(&n), "n{n} {types}: {ok:?}");
                count += usize::from(ok.is_ok());
            }
        }
        assert_eq!(count, 6 * 32 + 3 * 18 + 18);
        let m = mma("wgmma.mma_async.sync.aligned.m64n256k16.f32.bf16.bf16");
        assert_eq!((m.n, m.k, m.d, m.a), (256, 16, WgType::F32, WgType::Bf16));
        assert_eq!(m.operand_counts(), (8, 7));
        let m = mma("wgmma.mma_async.sync.aligned.m64n8k8.f32.tf32.tf32");
        assert_eq!(m.operand_counts(), (6, 6));
        let m = mma("wgmma.mma_async.sync.aligned.m64n24k32.satfinite.s32.s8.u8");
        assert!(m.satfinite);
        assert_eq!(m.operand_counts(), (4, 4));
    }

    #[test]
    fn the_others_and_what_is_refused() {
        assert_eq!(dec("wgmma.fence.sync.aligned"), Ok(Wgmma::Fence));
        assert_eq!(dec("wgmma.commit_group.sync.aligned"), Ok(Wgmma::Commit));
        assert_eq!(dec("wgmma.wait_group.sync.aligned"), Ok(Wgmma::Wait));
        assert_eq!(dec("wgmma"), Err("none".into()));
        // A malformed form is invalid PTX; `.sp` is valid PTX refused.
        let refused = |s: &str| Wgmma::decode(s).unwrap().unwrap_err();
        assert!(matches!(
            refused("wgmma.mma_async.sync.aligned.m64n12k16.f32.f16.f16"),
            Refused::Invalid(_)
        ));
        assert!(matches!(
            refused("wgmma.mma_async.sp.sync.aligned.m64n8k32.f32.f16.f16"),
            Refused::Unsupported(_)
        ));
        for (bad, why) in [
            ("wgmma.fence.sync", "mandatory"),
            ("wgmma.fence.sync.aligned.x", "`.x`"),
            (
                "wgmma.mma_async.sync.aligned.m64n8k16.f32.bf16.f16",
                ".btype",
            ),
            (
                "wgmma.mma_async.sync.aligned.m64n8k16.f16.bf16.bf16",
                ".dtype",
            ),
            (
                "wgmma.mma_async.sync.aligned.m64n8k32.f32.f16.f16",
                "shapes",
            ),
            ("wgmma.mma_async.sync.aligned.m64n40k32.s32.s8.s8", "shapes"),
            ("wgmma.mma_async.sync.aligned.m64n264k32.s32.s8.s8", "256"),
            (
                "wgmma.mma_async.sync.aligned.m64n8k32.satfinite.s32.s8.s8.satfinite",
                "three types",
            ),
            (
                "wgmma.mma_async.sync.aligned.m32n8k16.f32.f16.f16",
                "M is 64",
            ),
            (
                "wgmma.mma_async.sync.aligned.m64n8k16.satfinite.f32.f16.f16",
                "integer",
            ),
            (
                "wgmma.mma_async.sync.aligned.m64n8k256.s32.b1.b1",
                "and.popc",
            ),
            (
                "wgmma.mma_async.sync.aligned.m64n8k16.f32.f16",
                "three types",
            ),
            (
                "wgmma.mma_async.sp.sync.aligned.m64n8k32.f32.f16.f16",
                "sparse",
            ),
            ("wgmma.mma.sync.aligned", "expected `wgmma.fence`"),
        ] {
            let e = dec(bad).unwrap_err();
            assert!(e.contains(why), "{bad}: {e}");
        }
    }

    #[test]
    fn sm_90a_only() {
        let w = dec("wgmma.fence.sync.aligned").unwrap();
        let t = |s: &str| s.parse::<Target>().unwrap();
        let v = PtxVersion::new;
        assert!(w.validate("x", v(8, 0), t("sm_90a")).is_empty());
        let e = w.validate("x", v(7, 8), t("sm_90a"));
        assert!(e[0].message.contains("PTX ISA 8.0"), "{e:?}");
        for bad in ["sm_90", "sm_100a", "sm_89"] {
            let e = w.validate("x", v(8, 8), t(bad));
            assert_eq!(e.len(), 1, "{bad}: {e:?}");
            assert!(e[0].message.contains("requires sm_90a"), "{e:?}");
        }
    }
}
