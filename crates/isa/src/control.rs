//! The instructions the kernel engine runs beyond the computing ops:
//! memory access (`ld`, `st`), control flow (`call`, `exit`, `brx.idx`),
//! barriers, fences, warp-level instructions, atomics and `cp.async`, decoded once
//! into typed values ([`Control`], [`Mem`]) by `crate::op::decode`. The
//! engine matches them; it never reads an opcode's text to decide what an
//! instruction does.

use crate::diag::Diagnostic;
use crate::int::IntOp;
use crate::setp::Setp;
use crate::space::Space;
use crate::target::{PtxVersion, Target};
use crate::types::PtxType;

/// `ld` and `st`: `ld{.weak,.volatile,.relaxed.scope,...}{.space}{.cop}{.vec}.type`.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Mem {
    /// The access type (the opcode's last type suffix); none: the engine
    /// says the instruction needs one.
    pub ty: Option<PtxType>,
    /// Registers per access: 1, or `.v2`/`.v4`/`.v8`.
    pub lanes: u8,
    /// The state space; none: a generic address.
    pub space: Option<Space>,
}

impl Mem {
    /// The qualifiers of `ld`/`st` opcode text (its suffixes after the root).
    pub fn decode(opcode: &str) -> Mem {
        let mut m = Mem {
            ty: crate::types::last_type(opcode),
            lanes: 1,
            space: None,
        };
        let mut b128 = false;
        for s in opcode.split('.').skip(1) {
            match s {
                "b128" => b128 = true,
                "v2" => m.lanes = 2,
                "v4" => m.lanes = 4,
                "v8" => m.lanes = 8,
                _ => m.space = m.space.or_else(|| Space::parse(s)),
            }
        }
        // `ld.b128`/`st.b128`: 16 bytes, the `.b128` register's two `.b64`
        // halves in memory order (low half at the lower address), one
        // 16-byte-aligned access as `.v2.b64` is. `.b128` takes no `.vec`
        // (PTX ISA `ld`: ".type = { .b8, .b16, .b32, .b64, .b128, ...}" and
        // ".vec = { .v2, .v4, .v8 }" of the other types): no type then.
        if b128 {
            (m.ty, m.lanes) = if m.lanes == 1 {
                (Some(PtxType::B64), 2)
            } else {
                (None, m.lanes)
            };
        }
        m
    }
}

/// True for an opcode with a `.b128` type suffix (`ld.global.b128`,
/// `mov.b128`, `atom.cas.b128`).
pub fn is_b128(opcode: &str) -> bool {
    opcode.split('.').skip(1).any(|s| s == "b128")
}

/// `ld`, `st` and `mov` `.b128`: PTX ISA 8.3 and sm_70 ("Support for .b128
/// type introduced in PTX ISA version 8.3", "Support for .b128 type requires
/// sm_70 or higher", Target ISA Notes of `ld` and `st`).
pub const B128_REQUIRES: (PtxVersion, Target) = (PtxVersion::new(8, 3), Target::sm(70));

/// A control, barrier, warp-level or atomic instruction.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Control {
    /// `call` / `call.uni`.
    Call,
    /// A scalar or SIMD video instruction (`vadd`, `vabsdiff4`, `vset2`,
    /// ...: crate::video).
    Video(crate::video::Video),
    /// `exit`.
    Exit,
    /// `bar.sync`, `bar.cta.sync`, `barrier.sync`, `barrier.cta.sync` (`.aligned`).
    BarSync,
    /// `bar.arrive`, `barrier.arrive`.
    BarArrive,
    /// `bar.red.popc.u32`, `bar.red.and.pred`, `bar.red.or.pred` (and
    /// `barrier.red`).
    BarRed(BarRed),
    /// `bar.warp.sync membermask`: the threads of membermask meet (on
    /// sm_70 and later at any `bar.warp.sync` with the same membermask).
    WarpSync,
    /// `membar.*`, `fence.*`: no-ops (the engine performs each access when
    /// its instruction runs, in order), each checked against its syntax
    /// line (crates/isa/src/fence.rs).
    Fence(crate::fence::Fence),
    /// `activemask.b32 d`.
    Activemask,
    /// `elect.sync d|p, membermask` (PTX ISA 8.0, sm_90).
    Elect,
    /// Performance hints with no effect on results in a sequential model:
    /// `prefetch`, `prefetchu`, `applypriority`, `discard`, `nanosleep`,
    /// `pmevent`, `setmaxnreg`, `griddepcontrol`, `brkpt`, each checked
    /// against its syntax line (crates/isa/src/hint.rs).
    Hint(crate::hint::Hint),
    /// `createpolicy.*.b64 d, ...`: an opaque cache policy for the
    /// `.L2::cache_hint` loads and stores, which the engine ignores.
    CreatePolicy,
    /// `trap`: aborts the kernel.
    Trap,
    /// `vote{.sync}.MODE`.
    Vote {
        /// The mode.
        mode: VoteMode,
        /// `.sync`: a membermask operand follows.
        sync: bool,
    },
    /// `shfl{.sync}.MODE.b32`.
    Shfl {
        /// The mode.
        mode: ShflMode,
        /// `.sync`: a membermask operand follows (`shfl` without it, PTX
        /// ISA 3.0 to 6.3 on sm_70 and later, takes the warp's active
        /// threads).
        sync: bool,
    },
    /// `atom` or `red`.
    Atom(Atomic),
    /// `redux.sync.OP.TYPE`.
    Redux(Redux),
    /// `isspacep.SPACE p, a`; true for `.shared::cluster` (the window of
    /// every CTA of the cluster, not only the executing CTA's).
    IsSpace(Space, bool),
    /// `istypep.TYPE p, a` (`.texref`, `.samplerref`, `.surfref`): "Write
    /// predicate register p with 1 if register a points to an opaque
    /// variable of the specified type, and with 0 otherwise."
    IsType(crate::space::Opaque),
    /// `brx.idx{.uni} index, tlist`.
    Brx,
    /// `cp.async.{ca,cg}.shared{::cta}.global{.L2::cache_hint}{.L2::NB}
    /// [dst], [src], cp-size{, src-size | ignore-src}{, cache-policy}`.
    CpAsync(CpAsync),
    /// `cp.async.commit_group`: the copies issued so far form a group.
    CpAsyncCommit,
    /// `cp.async.wait_group N` (`all: false`) or `cp.async.wait_all`.
    CpAsyncWait {
        /// `.wait_all`: no operand.
        all: bool,
    },
    /// `match.any.sync.TYPE` (`all: false`) or `match.all.sync.TYPE`.
    Match {
        /// `.all`.
        all: bool,
        /// `.b32` or `.b64`.
        ty: PtxType,
    },
    /// `mma.sync.aligned.SHAPE.ALAYOUT.BLAYOUT{.satfinite}.DTYPE.ATYPE.BTYPE.CTYPE d, a, b, c`:
    /// a warp's matrix multiply-accumulate (the engine's crates/interp/src/mma.rs).
    Mma(Mma),
    /// `mbarrier.*`, `cp.async.mbarrier.arrive`, `cp.async.bulk*`,
    /// `cp.reduce.async.bulk`, `barrier.cluster`, `mapa`, `getctarank`
    /// (crate::mbarrier; the engine's crates/interp/src/async_copy.rs).
    Async(crate::mbarrier::AsyncOp),
    /// `ldmatrix`, `stmatrix`, `movmatrix`, `wmma.*` (crate::matrix; the
    /// engine's crates/interp/src/matrix.rs).
    Matrix(crate::matrix::Matrix),
    /// `multimem.*`: refused where reached, with why.
    Refused(Refused),
    /// `tensormap.replace`, `tensormap.cp_fenceproxy` (PTX ISA 9.7.9.26,
    /// 9.7.13.16), on the tensor maps a run is given (the engine's
    /// crates/interp/src/tensor_map.rs).
    Tensormap(Tensormap),
    /// `st.bulk{.weak}{.shared::cta} [a], size, initval` (PTX ISA 9.7.9.13:
    /// "Introduced in PTX ISA version 8.6", "Requires sm_100 or higher").
    StBulk,
    /// `stacksave.type d`, `stackrestore.type a`, `alloca.type ptr,
    /// size{, immAlign}` (PTX ISA 9.7.17, "Introduced in PTX ISA version
    /// 7.3", "requires sm_52 or higher"; the engine's
    /// crates/interp/src/stack.rs).
    Stack {
        /// Which of the three.
        op: StackOp,
        /// `.u32` or `.u64`: "Destination operand d has the same type as
        /// the instruction type" (`alloca`: "Both ptr and size").
        ty: PtxType,
    },
    /// `wgmma.fence`, `wgmma.commit_group`, `wgmma.wait_group`,
    /// `wgmma.mma_async` (crate::wgmma; the engine's
    /// crates/interp/src/wgmma.rs).
    Wgmma(crate::wgmma::Wgmma),
    /// The `tcgen05` family of sm_100a (crate::tcgen05; the engine's
    /// crates/interp/src/tcgen05.rs).
    Tcgen05(crate::tcgen05::Tcgen05),
    /// `suld.b`, `sust.b`, `sured.b`, `suq` (crate::surface; the engine's
    /// crates/interp/src/surface.rs).
    Surface(crate::surface::Surface),
    /// `tex`, `txq` (crate::texture; the engine's
    /// crates/interp/src/texture.rs).
    Texture(crate::texture::Texture),
}

/// Valid PTX that needs what a run of one device cannot have: decoded,
/// a warning before the run, an error where a thread reaches it.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Refused {
    /// `multimem.*` (PTX ISA 9.7.9.14): "Multimem addresses can be
    /// accessed only by multimem.* operations"; "Refer to CUDA programming
    /// guide for creation and management of the multimem addresses".
    Multimem,
    /// A surface or texture form outside what a binding describes
    /// (`sust.p`, `sured.p`, mipmaps, multi-sample textures, ...; crate::surface,
    /// crate::texture), with why.
    Image(&'static str),
    /// `fabric.*` (PTX ISA 9.4, 9.7.11 "Fabric Instructions"): operations
    /// on memory of other nodes through CFT handles.
    Fabric,
    /// `spcompress`, `spdecompress` (PTX ISA 9.4, sm_107a).
    Sparse,
}

impl Refused {
    /// Why the engine does not run it.
    pub fn why(self) -> &'static str {
        match self {
            Refused::Multimem => "a multimem address names the same memory on several GPUs (a CUDA multicast object the host creates, cuMulticastCreate); a run has one device and no such address",
            Refused::Image(why) => why,
            Refused::Fabric => "fabric operations reach memory of other nodes through handles the host's fabric set-up creates; a run has one device and no fabric",
            Refused::Sparse => "which elements of a group spcompress keeps when values tie is \"implementation-specific\", and the metadata layout is given only by a figure (PTX ISA 9.4, 9.7.10.30-31); no GPU record shows them",
        }
    }
}

/// A field `tensormap.replace` writes (9.7.9.26: ".field1 = {
/// .global_address, .rank }", ".field2 = { .box_dim, .global_dim,
/// .global_stride, .element_stride }", ".field3 = { .elemtype,
/// .interleave_layout, .swizzle_mode, .swizzle_atomicity, .fill_mode }").
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum TensormapField {
    /// `.global_address` (`.b64`).
    GlobalAddress,
    /// `.rank`: "ones less than the desired tensor rank".
    Rank,
    /// `.box_dim`, by ordinal.
    BoxDim,
    /// `.global_dim`, by ordinal.
    GlobalDim,
    /// `.global_stride` (`.b64`), by ordinal.
    GlobalStride,
    /// `.element_stride`, by ordinal.
    ElementStride,
    /// `.elemtype`: Table 33's numbers.
    Elemtype,
    /// `.interleave_layout`.
    InterleaveLayout,
    /// `.swizzle_mode`.
    SwizzleMode,
    /// `.swizzle_atomicity`.
    SwizzleAtomicity,
    /// `.fill_mode`.
    FillMode,
}

impl TensormapField {
    /// Each field and its qualifier word, in the ISA's order.
    const WORDS: [(TensormapField, &'static str); 11] = {
        use TensormapField::*;
        [
            (GlobalAddress, "global_address"),
            (Rank, "rank"),
            (BoxDim, "box_dim"),
            (GlobalDim, "global_dim"),
            (GlobalStride, "global_stride"),
            (ElementStride, "element_stride"),
            (Elemtype, "elemtype"),
            (InterleaveLayout, "interleave_layout"),
            (SwizzleMode, "swizzle_mode"),
            (SwizzleAtomicity, "swizzle_atomicity"),
            (FillMode, "fill_mode"),
        ]
    };

    /// The field's qualifier word.
    pub fn word(self) -> &'static str {
        Self::WORDS
            .iter()
            .find(|(f, _)| *f == self)
            .map_or("", |(_, w)| w)
    }

    /// `.field2`: the instruction takes the ordinal `ord` before `new_val`.
    pub fn has_ordinal(self) -> bool {
        use TensormapField::*;
        matches!(self, BoxDim | GlobalDim | GlobalStride | ElementStride)
    }
}

/// `tensormap.replace` and `tensormap.cp_fenceproxy`.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Tensormap {
    /// `tensormap.replace.tile.field{.ss}.b1024.type [addr], {ord,}
    /// new_val`; `shared`: `.shared::cta` (else `.global` or generic).
    Replace {
        /// The field.
        field: TensormapField,
        /// `.shared::cta`.
        shared: bool,
    },
    /// `tensormap.cp_fenceproxy.global.shared::cta.tensormap::generic
    /// .release.scope.sync.aligned [dst], [src], size`.
    CpFenceproxy,
    /// `tensormap.query.is_large.u32 outPred, tensorSize` (PTX ISA 9.4;
    /// CCCL's `tensormap_query_is_large`: "PTX ISA 94, SM_90a, SM_100a,
    /// SM_100f, ..."): decoded, and refused where reached, as what makes a
    /// tensor size large is not in the PTX ISA text found here.
    Query,
}

impl Tensormap {
    /// Decodes the words after `tensormap`.
    fn decode(rest: &[&str]) -> Result<Tensormap, String> {
        match rest {
            ["replace", "tile", field, tail @ ..] => {
                let field = TensormapField::WORDS
                    .iter()
                    .find(|(_, w)| w == field)
                    .map(|(f, _)| *f)
                    .ok_or_else(|| format!("`.{field}` is not a field of tensormap.replace (.global_address, .rank, .box_dim, .global_dim, .global_stride, .element_stride, .elemtype, .interleave_layout, .swizzle_mode, .swizzle_atomicity, .fill_mode)"))?;
                let (shared, tail) = match tail {
                    ["global", t @ ..] => (false, t),
                    ["shared::cta", t @ ..] => (true, t),
                    t => (false, t),
                };
                // "When .field is specified as .global_address or
                // .global_stride, .type must be .b64. Otherwise, .type must
                // be .b32."
                let ty = if matches!(field, TensormapField::GlobalAddress | TensormapField::GlobalStride) {
                    "b64"
                } else {
                    "b32"
                };
                if tail != ["b1024", ty] {
                    return Err(format!("expected `.b1024.{ty}` after the field and the optional `.global`/`.shared::cta` (\"When .field is specified as .global_address or .global_stride, .type must be .b64. Otherwise, .type must be .b32.\")"));
                }
                Ok(Tensormap::Replace { field, shared })
            }
            // (The caller drops `.aligned` and `.cta`, which change nothing
            // here.)
            ["cp_fenceproxy", "global", "shared::cta", "tensormap::generic", "release", "sync"]
            | ["cp_fenceproxy", "global", "shared::cta", "tensormap::generic", "release", "cluster" | "gpu" | "sys", "sync"] => {
                Ok(Tensormap::CpFenceproxy)
            }
            ["query", "is_large", "u32"] => Ok(Tensormap::Query),
            ["query", ..] => Err("expected `tensormap.query.is_large.u32 outPred, tensorSize`".into()),
            ["cp_fenceproxy", ..] => Err("expected `tensormap.cp_fenceproxy.global.shared::cta.tensormap::generic.release.{cta,cluster,gpu,sys}.sync.aligned`".into()),
            _ => Err("expected `tensormap.replace.tile.FIELD{.global,.shared::cta}.b1024.TYPE`, `tensormap.cp_fenceproxy...` or `tensormap.query.is_large.u32`".into()),
        }
    }

    /// "Introduced in PTX ISA version 8.3"; `replace` on sm_90a and later
    /// (the engine takes sm_90), `cp_fenceproxy` "Requires sm_90 or
    /// higher"; "Qualifier .swizzle_atomicity introduced in PTX ISA version
    /// 8.6" (sm_100a).
    pub fn requires(self) -> (PtxVersion, Target) {
        match self {
            Tensormap::Replace {
                field: TensormapField::SwizzleAtomicity,
                ..
            } => (PtxVersion::new(8, 6), Target::sm(100)),
            Tensormap::Query => (PtxVersion::new(9, 4), Target::sm(90)),
            _ => (PtxVersion::new(8, 3), Target::sm(90)),
        }
    }

    /// Why `target` lacks this form though its sm is high enough: the
    /// query is for `a` targets, and from PTX ISA 8.8 on family ones.
    pub fn suffix_error(self, version: PtxVersion, target: Target) -> Option<String> {
        match self {
            Tensormap::Query => crate::target::Suffix::ArchOrFamilyFrom88.error(version, target),
            _ => None,
        }
    }

    /// Why the engine refuses this form where a thread reaches it.
    pub fn refusal(self) -> Option<&'static str> {
        (self == Tensormap::Query).then_some("`tensormap.query.is_large` (PTX ISA 9.4) is not run: what makes a tensor size large is not in the PTX ISA text ptxfp was built from")
    }
}

/// The stack manipulation instructions (PTX ISA 9.7.17).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum StackOp {
    /// `stacksave`: "d = stackptr".
    Save,
    /// `stackrestore`: "stackptr = a".
    Restore,
    /// `alloca`: "Dynamically allocate memory on stack".
    Alloca,
}

impl StackOp {
    /// The PTX ISA version and target of every form: "Introduced in PTX
    /// ISA version 7.3"; "requires sm_52 or higher".
    pub fn requires(self) -> (PtxVersion, Target) {
        (
            crate::target::PtxVersion::new(7, 3),
            crate::target::Target::sm(52),
        )
    }
}

/// `mma.sync.aligned...` as the engine runs it: the shapes and types of
/// [`Mma::decode`]'s table, each with its layouts `.row.col`.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Mma {
    /// M, N and K: `.m16n8k16` is `(16, 8, 16)`.
    pub shape: (u16, u16, u16),
    /// `.alayout`: A is row-major (`.row`) or column-major (`.col`).
    pub a_layout: MmaLayout,
    /// `.blayout`.
    pub b_layout: MmaLayout,
    /// `.satfinite` (integer: clamp to the s32 range instead of wrapping).
    pub satfinite: bool,
    /// The single-bit forms' `.bitOp.popc` (`.b1` only).
    pub bit_op: Option<MmaBitOp>,
    /// `.dtype`, the type of D's elements.
    pub d: MmaType,
    /// `.atype`.
    pub a: MmaType,
    /// `.btype`.
    pub b: MmaType,
    /// `.ctype`.
    pub c: MmaType,
    /// The first sm target with this shape and types (PTX ISA `mma`,
    /// "Target ISA Notes").
    pub min_sm: u16,
    /// The first PTX ISA version with this shape and types ("PTX ISA
    /// Notes").
    pub min_ptx: PtxVersion,
}

impl Mma {
    /// The PTX ISA version and target this shape and these types need.
    pub fn requires(&self) -> (PtxVersion, Target) {
        (self.min_ptx, Target::sm(self.min_sm))
    }
}

/// The `.bitOp` of single-bit `mma` ("`.bitOp = {.xor, .and}`"):
/// "`mma.xor.popc` and `mma.and.popc` computes the XOR, AND respectively
/// of a k-bit row of A with a k-bit column of B, then counts the number of
/// set bits in the result (`popc`). This result is added to the
/// corresponding element of C and written into D."
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum MmaBitOp {
    /// `.and.popc`.
    And,
    /// `.xor.popc`.
    Xor,
}

/// `mma`'s `.row`/`.col`.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum MmaLayout {
    /// `.row`: row-major.
    Row,
    /// `.col`: column-major.
    Col,
}

/// The element types of `mma`'s matrices.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum MmaType {
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
    /// `.f32`.
    F32,
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
    /// `.f64`.
    F64,
}

impl MmaType {
    /// The type of a suffix (`"e4m3"`), if `mma` has it.
    pub fn parse(s: &str) -> Option<MmaType> {
        Some(match s {
            "f16" => MmaType::F16,
            "bf16" => MmaType::Bf16,
            "tf32" => MmaType::Tf32,
            "e4m3" => MmaType::E4m3,
            "e5m2" => MmaType::E5m2,
            "f32" => MmaType::F32,
            "s8" => MmaType::S8,
            "u8" => MmaType::U8,
            "s4" => MmaType::S4,
            "u4" => MmaType::U4,
            "b1" => MmaType::B1,
            "s32" => MmaType::S32,
            "f64" => MmaType::F64,
            _ => return None,
        })
    }

    /// The width of one element in bits (a register holds `32 / bits` of
    /// them, the lowest index in the lowest bits).
    pub const fn bits(self) -> u32 {
        match self {
            MmaType::F16 | MmaType::Bf16 => 16,
            MmaType::Tf32 | MmaType::F32 | MmaType::S32 => 32,
            MmaType::E4m3 | MmaType::E5m2 | MmaType::S8 | MmaType::U8 => 8,
            MmaType::S4 | MmaType::U4 => 4,
            MmaType::B1 => 1,
            MmaType::F64 => 64,
        }
    }

    /// The suffix as written (`"e4m3"`).
    pub const fn name(self) -> &'static str {
        match self {
            MmaType::F16 => "f16",
            MmaType::Bf16 => "bf16",
            MmaType::Tf32 => "tf32",
            MmaType::E4m3 => "e4m3",
            MmaType::E5m2 => "e5m2",
            MmaType::F32 => "f32",
            MmaType::S8 => "s8",
            MmaType::U8 => "u8",
            MmaType::S4 => "s4",
            MmaType::U4 => "u4",
            MmaType::B1 => "b1",
            MmaType::S32 => "s32",
            MmaType::F64 => "f64",
        }
    }
}

/// The `mma.sync` forms the engine runs, one row each: shape, the
/// multiplicand types A and B (`atype == btype` unless the row says
/// `mixed`), the accumulator types (C and D the same), and the first sm
/// target (PTX ISA `mma`, "Target ISA Notes").
struct MmaRow {
    shape: (u16, u16, u16),
    ab: &'static [MmaType],
    /// `.atype` and `.btype` may differ (the FP8 and integer forms).
    mixed: bool,
    acc: &'static [MmaType],
    min_sm: u16,
    /// "... introduced in PTX ISA version X.Y" (9.7.14.5.14, PTX ISA Notes).
    ptx: (u8, u8),
}

/// The table of [`MmaRow`]s. Syntax (PTX ISA 9.7.14.5.14):
/// "mma.sync.aligned.m16n8k8.row.col.dtype.f16.f16.ctype",
/// "mma.sync.aligned.m16n8k16.row.col.dtype.f16.f16.ctype",
/// "mma.sync.aligned.m16n8k4.row.col.f32.tf32.tf32.f32",
/// "mma.sync.aligned.m16n8k8.row.col.f32.atype.btype.f32" (.atype = {.bf16, .tf32}),
/// "mma.sync.aligned.m16n8k16.row.col.f32.bf16.bf16.f32",
/// "mma.sync.aligned.shape.row.col.dtype.f8type.f8type.ctype" (shape m16n8k32 here),
/// "mma.sync.aligned.shape.row.col{.satfinite}.s32.atype.btype.s32"
/// (".shape = {.m8n8k16, .m16n8k16, .m16n8k32}", ".atype = {.u8, .s8}";
/// ".shape = {.m8n8k32, .m16n8k32, .m16n8k64}", ".atype = {.u4, .s4}"),
/// "mma.sync.aligned.shape.row.col.s32.b1.b1.s32.bitOp.popc" (".shape =
/// {.m8n8k128, .m16n8k128, .m16n8k256}"),
/// "mma.sync.aligned.shape.row.col.f64.f64.f64.f64" (".shape = {.m8n84 [sic: .m8n8k4],
/// .m16n8k4, .m16n8k8, .m16n8k16}").
///
/// Their PTX ISA versions (PTX ISA Notes): ".f16 floating point type mma
/// operation with .m16n8k8 shape introduced in PTX ISA version 6.5"; ".f16
/// ... with .m16n8k16 shape", ".bf16 ... with .m16n8k8 and .m16n8k16
/// shapes", ".tf32 ... with .m16n8k4 and .m16n8k8 shapes", ".u8/.s8 ...
/// with .m16n8k16 and .m16n8k32 shapes" and ".f64 ... with .m8n8k4 shape
/// introduced in PTX ISA version 7.0"; FP8 at its row.
const MMA_ROWS: &[MmaRow] = {
    use MmaType::*;
    &[
        // "mma.sync.aligned.m8n8k4.alayout.blayout.dtype.f16.f16.ctype"
        // (".ctype = {.f16, .f32}", ".dtype = {.f16, .f32}", C and D may
        // differ): "Requires sm_70 or higher"; "Introduced in PTX ISA
        // version 6.4".
        MmaRow {
            shape: (8, 8, 4),
            ab: &[F16],
            mixed: false,
            acc: &[F16, F32],
            min_sm: 70,
            ptx: (6, 4),
        },
        // ".f16 floating point type mma operation with .m16n8k8 shape
        // requires sm_75 or higher."
        MmaRow {
            shape: (16, 8, 8),
            ab: &[F16],
            mixed: false,
            acc: &[F16, F32],
            min_sm: 75,
            ptx: (6, 5),
        },
        // ".bf16 alternate floating point type mma operation with .m16n8k8
        // and .m16n8k16 shapes requires sm_80 or higher." ".tf32 ... with
        // .m16n8k4 and .m16n8k8 shapes requires sm_80 or higher."
        MmaRow {
            shape: (16, 8, 8),
            ab: &[Bf16, Tf32],
            mixed: false,
            acc: &[F32],
            min_sm: 80,
            ptx: (7, 0),
        },
        MmaRow {
            shape: (16, 8, 4),
            ab: &[Tf32],
            mixed: false,
            acc: &[F32],
            min_sm: 80,
            ptx: (7, 0),
        },
        // ".f16 floating point type mma operation with .m16n8k16 shape
        // requires sm_80 or higher."
        MmaRow {
            shape: (16, 8, 16),
            ab: &[F16],
            mixed: false,
            acc: &[F16, F32],
            min_sm: 80,
            ptx: (7, 0),
        },
        MmaRow {
            shape: (16, 8, 16),
            ab: &[Bf16],
            mixed: false,
            acc: &[F32],
            min_sm: 80,
            ptx: (7, 0),
        },
        // ".e4m3 and .e5m2 alternate floating point type mma operation
        // requires sm_89 or higher." The syntax names each of A and B
        // `.f8type` (".f8type = {.e4m3, .e5m2}"): they may differ.
        // "Support for .e4m3 and .e5m2 alternate floating point type mma
        // operation introduced in PTX ISA version 8.4." "Support for shape
        // .m16n8k16 and .f16 dtype/ctype with .e4m3/.e5m2 alternate floating
        // point type mma operation introduced in PTX ISA version 8.7."
        MmaRow {
            shape: (16, 8, 32),
            ab: &[E4m3, E5m2],
            mixed: true,
            acc: &[F32],
            min_sm: 89,
            ptx: (8, 4),
        },
        MmaRow {
            shape: (16, 8, 32),
            ab: &[E4m3, E5m2],
            mixed: true,
            acc: &[F16],
            min_sm: 89,
            ptx: (8, 7),
        },
        // ".u8/.s8 integer type mma operation with .m8n8k16 shape requires
        // sm_75 or higher"; "... introduced in PTX ISA version 6.5".
        MmaRow {
            shape: (8, 8, 16),
            ab: &[S8, U8],
            mixed: true,
            acc: &[S32],
            min_sm: 75,
            ptx: (6, 5),
        },
        // ".u8/.s8 integer type mma operation with .m16n8k16 and .m16n8k32
        // shapes requires sm_80 or higher."
        MmaRow {
            shape: (16, 8, 16),
            ab: &[S8, U8],
            mixed: true,
            acc: &[S32],
            min_sm: 80,
            ptx: (7, 0),
        },
        MmaRow {
            shape: (16, 8, 32),
            ab: &[S8, U8],
            mixed: true,
            acc: &[S32],
            min_sm: 80,
            ptx: (7, 0),
        },
        // ".u4/.s4 integer type mma operation with .m8n8k32 shape sm_75 or
        // higher" (PTX ISA 6.5); "... with .m16n8k32 and .m16n8k64 shapes
        // requires sm_80 or higher" (7.0).
        MmaRow {
            shape: (8, 8, 32),
            ab: &[S4, U4],
            mixed: true,
            acc: &[S32],
            min_sm: 75,
            ptx: (6, 5),
        },
        MmaRow {
            shape: (16, 8, 32),
            ab: &[S4, U4],
            mixed: true,
            acc: &[S32],
            min_sm: 80,
            ptx: (7, 0),
        },
        MmaRow {
            shape: (16, 8, 64),
            ab: &[S4, U4],
            mixed: true,
            acc: &[S32],
            min_sm: 80,
            ptx: (7, 0),
        },
        // ".b1 single-bit integer type mma operation with .m8n8k128 shape
        // sm_75 or higher"; "... with .m16n8k128 and .m16n8k256 shapes
        // requires sm_80 or higher" (all "introduced in PTX ISA version
        // 7.0"). ".and operation in single-bit mma requires sm_80 or
        // higher" ("introduced in PTX ISA version 7.1"): `Mma::decode`.
        MmaRow {
            shape: (8, 8, 128),
            ab: &[B1],
            mixed: false,
            acc: &[S32],
            min_sm: 75,
            ptx: (7, 0),
        },
        MmaRow {
            shape: (16, 8, 128),
            ab: &[B1],
            mixed: false,
            acc: &[S32],
            min_sm: 80,
            ptx: (7, 0),
        },
        MmaRow {
            shape: (16, 8, 256),
            ab: &[B1],
            mixed: false,
            acc: &[S32],
            min_sm: 80,
            ptx: (7, 0),
        },
        // ".f64 floating point type mma operation with .m8n8k4 shape
        // requires sm_80 or higher."
        MmaRow {
            shape: (8, 8, 4),
            ab: &[F64],
            mixed: false,
            acc: &[F64],
            min_sm: 80,
            ptx: (7, 0),
        },
        // ".f64 floating point type mma operation with .m16n8k4, .m16n8k8,
        // and .m16n8k16 shapes require sm_90 or higher"; "... introduced in
        // PTX ISA version 7.8".
        MmaRow {
            shape: (16, 8, 4),
            ab: &[F64],
            mixed: false,
            acc: &[F64],
            min_sm: 90,
            ptx: (7, 8),
        },
        MmaRow {
            shape: (16, 8, 8),
            ab: &[F64],
            mixed: false,
            acc: &[F64],
            min_sm: 90,
            ptx: (7, 8),
        },
        MmaRow {
            shape: (16, 8, 16),
            ab: &[F64],
            mixed: false,
            acc: &[F64],
            min_sm: 90,
            ptx: (7, 8),
        },
    ]
};

/// Why an `mma.sync` `.kind::` spelling is in none of the syntax lines of
/// PTX ISA 9.7.14.5.14 (`mma` with `.kind`): ".kind = { .kind::f8f6f4 }"
/// (no `.block_scale`), ".kind::mxf8f6f4.block_scale{.scale_vec::1X}",
/// ".kind::mxf4.block_scale{.scale_vec::2X}", ".kind::mxf4nvf4.block_scale.scale_vec::{2X, 4X}"
/// (the vector size mandatory), shape `.m16n8k32` (`.m16n8k64` for the
/// FP4 block-scaled kinds). The sparse forms (9.7.14.6.3, `mma.sp` with
/// `.kind`) have twice the K: "mma.sp::ordered_metadata.sync.aligned.m16n8k64
/// .row.col.kind.dtype.f8f6f4type.f8f6f4type.ctype", `.m16n8k128` for
/// `.kind::mxf4` and `.kind::mxf4nvf4`. CUTLASS's SM120 sparse atoms write
/// `.sp::ordered_metadata` after the kind; either place is read as sparse.
fn mma_kind_error(rest: &[&str]) -> Option<String> {
    let at = rest.iter().position(|q| q.starts_with("kind::"))?;
    let kind = &rest[at]["kind::".len()..];
    let shape = rest
        .iter()
        .find(|q| q.starts_with('m'))
        .copied()
        .unwrap_or("");
    let after = &rest[at + 1..];
    let scale = after.get(1).copied().filter(|q| q.starts_with("scale_vec"));
    let sparse = mma_is_sparse(rest);
    let (dense, sparse_shape) = ("m16n8k32", "m16n8k64");
    let (fp4, fp4_sparse) = ("m16n8k64", "m16n8k128");
    let pick = |d: &'static str, s: &'static str| if sparse { s } else { d };
    let (shape_ok, scales): (&str, &[&str]) = match kind {
        "f8f6f4" => (pick(dense, sparse_shape), &[]),
        "mxf8f6f4" => (pick(dense, sparse_shape), &["scale_vec::1X"]),
        "mxf4" => (pick(fp4, fp4_sparse), &["scale_vec::2X"]),
        "mxf4nvf4" => (pick(fp4, fp4_sparse), &["scale_vec::2X", "scale_vec::4X"]),
        _ => {
            return Some(format!(
                "`.kind::{kind}` is not an `mma` kind (\".kind::f8f6f4\", \".kind::mxf8f6f4\", \".kind::mxf4\", \".kind::mxf4nvf4\")"
            ))
        }
    };
    if shape != shape_ok {
        let form = if sparse { "sparse " } else { "" };
        return Some(format!(
            "{form}`.kind::{kind}` takes the shape `.{shape_ok}`, not `.{shape}`"
        ));
    }
    let block = after.first() == Some(&"block_scale");
    if kind == "f8f6f4" && block {
        return Some("`.kind::f8f6f4` takes no `.block_scale` (the block-scaled kinds are `.kind::mxf8f6f4`, `.kind::mxf4`, `.kind::mxf4nvf4`)".into());
    }
    if kind != "f8f6f4" && !block {
        return Some(format!("`.kind::{kind}` is followed by `.block_scale`"));
    }
    match scale {
        Some(v) if !scales.contains(&v) => Some(format!(
            "`.{v}` is not a vector size of `.kind::{kind}` ({})",
            scales
                .iter()
                .map(|s| format!(".{s}"))
                .collect::<Vec<_>>()
                .join(", ")
        )),
        // `.block16`/`.block32` (the aliases of PTX ISA 8.8's
        // `tcgen05.mma`) pass: the decoder refuses the form after.
        None if kind == "mxf4nvf4" && !matches!(after.get(1), Some(&("block16" | "block32"))) => {
            Some("`.kind::mxf4nvf4.block_scale` takes `.scale_vec::2X` or `.scale_vec::4X`".into())
        }
        _ => None,
    }
}

/// Whether an `mma`'s qualifiers name the sparse form, `.sp` or
/// `.sp::ordered_metadata`: first, as the ISA writes it, or after the
/// kind, as CUTLASS's SM120 sparse atoms do.
fn mma_is_sparse(rest: &[&str]) -> bool {
    rest.iter().any(|q| *q == "sp" || q.starts_with("sp::"))
}

/// The help of an `mma` the engine does not run.
const MMA_HELP: &str = "the engine runs mma.sync.aligned .m8n8k4 .f16 (any layouts; .f16/.f32 C and D), .m16n8k16 and .m16n8k8 (.f16 -> .f16/.f32, .bf16 -> .f32), .m16n8k8 and .m16n8k4 .tf32 -> .f32, .m16n8k32 .e4m3/.e5m2 -> .f32/.f16, .m8n8k16/.m16n8k16/.m16n8k32 .s8/.u8 and .m8n8k32/.m16n8k32/.m16n8k64 .s4/.u4 -> .s32, .m8n8k128/.m16n8k128/.m16n8k256 .b1 .and/.xor.popc, .m8n8k4 .f64 (and .m16n8k4/k8/k16 on sm_90), all .row.col (docs/ENGINE.md \"Tensor cores: mma.sync\")";

impl Mma {
    /// Decodes `mma.sync.aligned.SHAPE.ALAYOUT.BLAYOUT{.satfinite}.DTYPE.ATYPE.BTYPE.CTYPE`
    /// (`.aligned` already removed by [`Control::decode`]). An error says
    /// what the engine does not run.
    pub fn decode(opcode: &str, rest: &[&str]) -> Result<Mma, Diagnostic> {
        Mma::decode_why(opcode, rest).map_err(|e| match e {
            ControlError::Refused(d) | ControlError::Malformed(d) => d,
        })
    }

    /// [`Mma::decode`], telling valid PTX the engine does not run
    /// ([`ControlError::Refused`]: the sparse, `.kind` and unaligned
    /// forms) from text no syntax line of `mma` admits
    /// ([`ControlError::Malformed`]: a shape that no form has, where the
    /// layouts and four types around it parse). The rest stays refused:
    /// real code writes qualifiers in other orders (CUTLASS's
    /// `mma.sync.aligned.kind::f8f6f4.m16n8k32...`, `.satfinite` after the
    /// types), and the table may lack a newer form (`.m16n8k16` with
    /// `.e4m3`, PTX ISA 8.7).
    pub fn decode_why(opcode: &str, rest: &[&str]) -> Result<Mma, ControlError> {
        let diag = |why: String| {
            Diagnostic::error(0..opcode.len(), format!("`{opcode}`: {why}")).with_help(MMA_HELP)
        };
        let unsupported = |why: String| ControlError::Refused(diag(why));
        let malformed = |why: String| ControlError::Malformed(diag(why));
        // "mma.sp{::ordered_metadata}.sync.aligned...": sparse A, with
        // metadata and a sparsity selector.
        if mma_is_sparse(rest) {
            return Err(unsupported(
                "the sparse `mma.sp` forms are not run by the engine (their metadata and sparsity selector are not modelled); write the dense form".into(),
            ));
        }
        let (sync, rest) = match rest.split_first() {
            Some((&"sync", r)) => (true, r),
            _ => (false, rest),
        };
        if !sync || !opcode.split('.').any(|s| s == "aligned") {
            return Err(unsupported(
                "the engine runs `mma.sync.aligned` (`.sync` and `.aligned` are mandatory)".into(),
            ));
        }
        let (shape, alay, blay, rest) = match rest {
            [s, a, b, r @ ..] => (*s, *a, *b, r),
            _ => {
                return Err(unsupported(
                    "expected .SHAPE.ALAYOUT.BLAYOUT and four types".into(),
                ))
            }
        };
        let layout = |l: &str| match l {
            "row" => Some(MmaLayout::Row),
            "col" => Some(MmaLayout::Col),
            _ => None,
        };
        let (Some(a_layout), Some(b_layout)) = (layout(alay), layout(blay)) else {
            return Err(unsupported(format!(
                "expected the layouts `.row.col` after the shape, found `.{alay}.{blay}`"
            )));
        };
        // "mma.sync.aligned.m16n8k32.row.col.kind::f8f6f4.dtype.f8f6f4type.f8f6f4type.ctype"
        // and the block-scaled ".kind::mxf8f6f4.block_scale{.scale_vec_size}",
        // ".kind::mxf4.block_scale{...}", ".kind::mxf4nvf4.block_scale.scale_vec_size"
        // (PTX ISA 8.7, sm_120a): FP6/FP4 elements in 8-bit containers and
        // per-block scale factors the model does not hold.
        if let Some(kind) = rest.first().and_then(|k| k.strip_prefix("kind::")) {
            return Err(unsupported(format!(
                "`mma.sync` with `.kind::{kind}` (the sm_120a FP8/FP6/FP4{} forms) is not run by the engine; the `.e4m3`/`.e5m2` forms without `.kind` are",
                if kind == "f8f6f4" { "" } else { " block-scaled" }
            )));
        }
        let (satfinite, rest) = match rest.split_first() {
            Some((&"satfinite", r)) => (true, r),
            _ => (false, rest),
        };
        let (types, tail) = rest.split_at(rest.len().min(4));
        let types: Vec<Option<MmaType>> = types.iter().map(|t| MmaType::parse(t)).collect();
        let [Some(d), Some(a), Some(b), Some(c)] = types[..] else {
            return Err(unsupported(format!(
                "expected four types .DTYPE.ATYPE.BTYPE.CTYPE, found `.{}`",
                rest.join(".")
            )));
        };
        // "mma.sync.aligned.shape.row.col.s32.b1.b1.s32.bitOp.popc": the
        // single-bit forms end in `.bitOp.popc`, the others after the types.
        let bit_op = match (a, tail) {
            (MmaType::B1, ["and", "popc"]) => Some(MmaBitOp::And),
            (MmaType::B1, ["xor", "popc"]) => Some(MmaBitOp::Xor),
            (MmaType::B1, _) => {
                return Err(unsupported(format!(
                "single-bit `mma` ends in `.and.popc` or `.xor.popc` after its types, found `{}`",
                if tail.is_empty() {
                    "nothing".to_string()
                } else {
                    format!(".{}", tail.join("."))
                }
            )))
            }
            (_, []) => None,
            (_, _) => {
                return Err(unsupported(format!(
                    "unexpected `.{}` after the four types",
                    tail.join(".")
                )))
            }
        };
        let dims = shape
            .strip_prefix('m')
            .and_then(|s| s.split_once('n'))
            .and_then(|(m, s)| Some((m, s.split_once('k')?)))
            .and_then(|(m, (n, k))| {
                Some((
                    m.parse::<u16>().ok()?,
                    n.parse::<u16>().ok()?,
                    k.parse::<u16>().ok()?,
                ))
            });
        let Some(dims) = dims else {
            return Err(unsupported(format!("`.{shape}` is not an mma shape")));
        };
        // "mma.sync.aligned.m8n8k4.alayout.blayout.dtype.f16.f16.ctype"
        // (".alayout = {.row, .col}; .blayout = {.row, .col}"); the other
        // forms are all "mma.sync.aligned.SHAPE.row.col...".
        let volta = dims == (8, 8, 4) && a == MmaType::F16;
        if !volta && (a_layout, b_layout) != (MmaLayout::Row, MmaLayout::Col) {
            return Err(unsupported(format!(
                "`.{shape}` takes `.row.col` (A row-major, B column-major), not `.{alay}.{blay}`"
            )));
        }
        let row = MMA_ROWS.iter().find(|r| {
            r.shape == dims
                && r.ab.contains(&a)
                && r.ab.contains(&b)
                && (r.mixed || a == b)
                && r.acc.contains(&c)
                && (d == c || (volta && r.acc.contains(&d)))
        });
        // A shape no form has is malformed; a shape the table has, with
        // types it does not (`.m16n8k16` with `.e4m3`, PTX ISA 8.7), is
        // left to the run, which says it does not run it.
        if row.is_none() && !MMA_ROWS.iter().any(|r| r.shape == dims) {
            return Err(malformed(format!("`.{shape}` is not a shape of `mma`")));
        }
        let Some(row) = row else {
            return Err(unsupported(format!(
                "the engine does not run `.{shape}` with .dtype .{}, .atype .{}, .btype .{}, .ctype .{}",
                d.name(),
                a.name(),
                b.name(),
                c.name()
            )));
        };
        // ".satfinite" belongs to the integer forms ("mma.sync.aligned.shape.row.col{.satfinite}.s32..."),
        // not the single-bit ones ("mma.sync.aligned.shape.row.col.s32.b1.b1.s32.bitOp.popc").
        if satfinite && (c != MmaType::S32 || a == MmaType::B1) {
            return Err(unsupported(
                ".satfinite belongs to the .s8/.u8/.s4/.u4 integer forms".into(),
            ));
        }
        // "Support for .and operation in single-bit mma introduced in PTX
        // ISA version 7.1"; ".and operation in single-bit mma requires
        // sm_80 or higher".
        let (min_sm, min_ptx) = match bit_op {
            Some(MmaBitOp::And) => (row.min_sm.max(80), PtxVersion::new(7, 1)),
            _ => (row.min_sm, PtxVersion::new(row.ptx.0, row.ptx.1)),
        };
        Ok(Mma {
            shape: dims,
            a_layout,
            b_layout,
            satfinite,
            bit_op,
            d,
            a,
            b,
            c,
            min_sm,
            min_ptx,
        })
    }
}

/// A non-bulk `cp.async` (PTX ISA `cp.async`, PTX ISA 7.0, sm_80): a
/// copy of `cp-size` bytes from `.global` to `.shared` memory.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct CpAsync {
    /// `.cg` (caches at the L2 only; `cp-size` must be 16) rather than `.ca`.
    pub cg: bool,
    /// `.L2::cache_hint`: a last operand, `cache-policy`, follows.
    pub cache_hint: bool,
}

impl CpAsync {
    /// Decodes the qualifiers after `cp.async` (`rest`, without dots).
    fn decode(opcode: &str, rest: &[&str]) -> Result<CpAsync, Diagnostic> {
        let bad = |why: &str| {
            Diagnostic::error(0..opcode.len(), format!("`{opcode}`: {why}")).with_help(
                "the engine runs cp.async.ca/.cg.shared{::cta}.global [dst], [src], cp-size{, src-size | ignore-src}{, cache-policy}, cp.async.commit_group, cp.async.wait_group N and cp.async.wait_all",
            )
        };
        let (cg, rest) = match rest {
            ["ca", rest @ ..] => (false, rest),
            ["cg", rest @ ..] => (true, rest),
            _ => return Err(bad("expected `.ca` or `.cg` after `cp.async`")),
        };
        let ["shared" | "shared::cta", "global", hints @ ..] = rest else {
            return Err(bad(
                "a non-bulk cp.async copies `.shared{::cta}.global`: from global to shared memory",
            ));
        };
        let mut cache_hint = false;
        for h in hints {
            match *h {
                "L2::cache_hint" => cache_hint = true,
                "L2::64B" | "L2::128B" | "L2::256B" => {}
                _ => return Err(bad(&format!("unknown qualifier `.{h}`"))),
            }
        }
        Ok(CpAsync { cg, cache_hint })
    }
}

/// `bar.red`'s reductions.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum BarRed {
    /// `.popc.u32`: the number of threads whose predicate is true.
    Popc,
    /// `.and.pred`.
    And,
    /// `.or.pred`.
    Or,
}

/// `vote`'s modes.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum VoteMode {
    /// `.all.pred`.
    All,
    /// `.any.pred`.
    Any,
    /// `.uni.pred`.
    Uni,
    /// `.ballot.b32`.
    Ballot,
}

/// `shfl`'s modes.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum ShflMode {
    /// `.up`.
    Up,
    /// `.down`.
    Down,
    /// `.bfly`.
    Bfly,
    /// `.idx`.
    Idx,
}

use crate::atomic::{cmp, int};
pub use crate::atomic::{AtomOp, Atomic, Update};

/// `redux.sync.OP.TYPE d, a, membermask`.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Redux {
    /// The type: `.u32`/`.s32` for add, min, max; `.b32` for and, or, xor;
    /// `.f32` for min and max.
    pub ty: PtxType,
    /// How two values combine.
    pub combine: Combine,
}

/// How `redux` combines two values.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Combine {
    /// `add`, `and`, `or`, `xor`: `op(acc, v)`.
    Int(IntOp),
    /// `min` (`cmp` "lt") or `max` ("gt"): v where `cmp(v, acc)`.
    Pick(Setp),
    /// `min{.abs}{.NaN}.f32` or `max...` (ptxfp-model's `redux_f32`).
    Float {
        /// `max` (else `min`).
        max: bool,
        /// `.abs`.
        abs: bool,
        /// `.NaN`.
        nan: bool,
    },
}

impl Redux {
    /// Decodes `redux.sync.OP.TYPE`. redux.sync: ".add, .min, .max on
    /// .u32/.s32; .and, .or, .xor on .b32".
    pub fn decode(opcode: &str) -> Result<Redux, Diagnostic> {
        let parts: Vec<&str> = opcode.split('.').skip(1).collect();
        // "redux.sync.op{.abs.}{.NaN}.f32 dst, src, membermask; .op = {
        // .min, .max }".
        if let ["sync", op @ ("min" | "max"), quals @ .., "f32"] = parts.as_slice() {
            let (abs, nan) = match quals {
                [] => (false, false),
                ["abs"] => (true, false),
                ["NaN"] => (false, true),
                ["abs", "NaN"] => (true, true),
                _ => {
                    return Err(Diagnostic::error(
                        0..opcode.len(),
                        format!("`{opcode}`: redux.sync on .f32 takes `.min` or `.max`, then `.abs`, then `.NaN`, each at most once (`redux.sync.min.abs.NaN.f32`)"),
                    ))
                }
            };
            return Ok(Redux {
                ty: PtxType::F32,
                combine: Combine::Float {
                    max: *op == "max",
                    abs,
                    nan,
                },
            });
        }
        let (op, ty) = match parts.as_slice() {
            ["sync", op, t] => (*op, PtxType::parse(t)),
            _ => ("", None),
        };
        let combine = match (op, ty) {
            ("add", Some(t @ (PtxType::U32 | PtxType::S32))) => int("add", t).map(Combine::Int),
            ("min", Some(t @ (PtxType::U32 | PtxType::S32))) => cmp("lt", t).map(Combine::Pick),
            ("max", Some(t @ (PtxType::U32 | PtxType::S32))) => cmp("gt", t).map(Combine::Pick),
            ("and" | "or" | "xor", Some(PtxType::B32)) => int(op, PtxType::B32).map(Combine::Int),
            _ => None,
        };
        match (combine, ty) {
            (Some(combine), Some(ty)) => Ok(Redux { ty, combine }),
            _ => Err(Diagnostic::error(
                0..opcode.len(),
                format!("`{opcode}`: redux.sync takes .add/.min/.max with .u32/.s32, .and/.or/.xor with .b32, or .min/.max{{.abs}}{{.NaN}} with .f32"),
            )),
        }
    }

    /// The PTX ISA version and target: "redux.sync ... Introduced in PTX
    /// ISA version 7.0"; "Support for .f32 type is introduced in PTX ISA
    /// version 8.6"; "Requires sm_80 or higher"; ".f32 type requires
    /// sm_100a" (the family rule: [`Redux::validate`]).
    pub fn requires(&self) -> (PtxVersion, Target) {
        if self.ty == PtxType::F32 {
            (PtxVersion::new(8, 6), Target::sm(100))
        } else {
            (PtxVersion::new(7, 0), Target::sm(80))
        }
    }

    /// The errors of this form in code of `version` for `target`: the
    /// version and sm of [`Redux::requires`], and for `.f32` (and its
    /// `.abs`, `.NaN`) the target suffix: "requires sm_100a and is
    /// supported on sm_100f from PTX ISA version 8.8" ("or higher in the
    /// same family": sm_103f, and sm_103a, which has its family's
    /// features).
    pub fn validate(&self, opcode: &str, version: PtxVersion, target: Target) -> Vec<Diagnostic> {
        use crate::target::Variant;
        let mut d = crate::syntax::requirement(
            &format!("`{opcode}`"),
            self.requires(),
            version,
            target,
            0..opcode.len(),
        );
        if self.ty != PtxType::F32 || !d.is_empty() {
            return d;
        }
        let ok = match target.variant {
            Variant::Arch if target.sm == 100 => true,
            Variant::Arch | Variant::Family => {
                matches!(target.sm, 100 | 103) && version >= PtxVersion::new(8, 8)
            }
            Variant::Plain => false,
        };
        if !ok {
            d.push(
                Diagnostic::error(
                    0..opcode.len(),
                    format!("`{opcode}` requires sm_100a, or from PTX ISA 8.8 a target of the sm_100f family (sm_100f, sm_103f, sm_103a); the code is PTX {version} for {target}"),
                )
                .with_help("use .target sm_100a"),
            );
        }
        d
    }
}

/// Why [`Control::decode`] gives no control.
#[derive(Clone, Debug, PartialEq)]
pub enum ControlError {
    /// Valid PTX the engine does not run, or a form it cannot tell from
    /// such: refused where a thread reaches it, with why.
    Refused(Diagnostic),
    /// A spelling outside its family's syntax lines: an error at its line
    /// for `check` and `run` alike.
    Malformed(Diagnostic),
}

/// The canonical spelling of a `vote`, `shfl`, `match`, `movmatrix` or
/// `tcgen05.ld`/`st` whose qualifiers are those of one of its syntax
/// lines, each once, in another order (`match.sync.any.b32`:
/// `match.any.sync.b32`), and of a `tcgen05.mma` whose `.ashift` follows
/// its collector usage; `None` for any other opcode. ptxas takes such
/// orders: hibouwu/PTX_To_SASS's W13 probe assembles `match.sync.any.b32`
/// for sm_100a to `MATCH.ANY` (docs/NVIDIA.md "Modifier order").
pub fn warp_in_order(opcode: &str) -> Option<String> {
    let mut words = opcode.split('.');
    let root = words.next()?;
    let words: Vec<&str> = words.collect();
    // "tcgen05.mma...kind{.ashift}{.collector_usage}": LLVM's NVPTX back
    // end writes `.collector::a::discard.ashift` (its tcgen05-mma.ll test,
    // which ptxas 12.8 verifies for sm_100a).
    if root == "tcgen05" && words.first() == Some(&"mma") {
        let a = words.iter().position(|w| *w == "ashift")?;
        let c = words.iter().position(|w| w.starts_with("collector::"))?;
        if c > a {
            return None;
        }
        let mut w = words.clone();
        let ashift = w.remove(a);
        w.insert(c, ashift);
        return Some(std::iter::once(root).chain(w).collect::<Vec<_>>().join("."));
    }
    let (groups, required): (&[&[&str]], &[bool]) = match root {
        "vote" => (
            &[
                &["sync"],
                &["all", "any", "uni", "ballot"],
                &["pred", "b32"],
            ],
            &[false, true, true],
        ),
        "shfl" => (
            &[&["sync"], &["up", "down", "bfly", "idx"], &["b32"]],
            &[false, true, true],
        ),
        "match" => (
            &[&["any", "all"], &["sync"], &["b32", "b64"]],
            &[true, true, true],
        ),
        // "movmatrix.sync.aligned.shape.trans.type": tiny-cuda-nn's
        // NVRTC code writes `movmatrix.sync.trans.aligned.m8n8.b16`.
        "movmatrix" => (
            &[&["sync"], &["aligned"], &["m8n8"], &["trans"], &["b16"]],
            &[true, true, true, true, true],
        ),
        // "tcgen05.ld.sync.aligned.shape1.num{.pack}.b32" (`.st` with
        // `{.unpack}`): TileLang's sm_100 copies write the pack before the
        // num (`tcgen05.ld.sync.aligned.32x32b.pack::16b.x2.b32`). The
        // decoder refuses a pack on the wrong one.
        // The instruction word stays first (`tcgen05.sync.ld...` is no
        // order any code writes).
        "tcgen05" if !matches!(words.first(), Some(&("ld" | "st"))) => return None,
        "tcgen05" => (
            &[
                &["ld", "st"],
                &["sync"],
                &["aligned"],
                &["16x64b", "16x128b", "16x256b", "32x32b", "16x32bx2"],
                &["x1", "x2", "x4", "x8", "x16", "x32", "x64", "x128"],
                &["pack::16b", "unpack::16b"],
                &["b32"],
            ],
            &[true, true, true, true, true, false, true],
        ),
        _ => return None,
    };
    let mut picked: Vec<Option<&str>> = vec![None; groups.len()];
    for w in &words {
        let g = groups.iter().position(|g| g.contains(w))?;
        if picked[g].replace(w).is_some() {
            return None;
        }
    }
    if picked.iter().zip(required).any(|(p, r)| *r && p.is_none()) {
        return None;
    }
    Some(
        std::iter::once(root)
            .chain(picked.into_iter().flatten())
            .collect::<Vec<_>>()
            .join("."),
    )
}

/// The error of a warp collective whose qualifiers are each in its
/// syntax lines but missing, repeated or not of one line (`shfl.sync.b32`,
/// `vote.any.b32`; [`warp_in_order`] takes the ones merely out of order):
/// not a form the engine leaves out, but none the PTX ISA writes.
fn warp_malformed(opcode: &str, root: &str) -> ControlError {
    let forms = match root {
        "vote" => "vote{.sync}.{all,any,uni}.pred and vote{.sync}.ballot.b32",
        "shfl" => "shfl{.sync}.{up,down,bfly,idx}.b32",
        "match" => "match.{any,all}.sync.{b32,b64}",
        "activemask" => "activemask.b32",
        _ => "elect.sync",
    };
    ControlError::Malformed(
        Diagnostic::error(
            0..opcode.len(),
            format!("`{opcode}` is not a form of {root}: its syntax lines are {forms}"),
        )
        .with_help("write one of those spellings, each qualifier once"),
    )
}

impl Control {
    /// Decodes a control, barrier, warp-level or atomic instruction: none
    /// where `opcode` is not one; an error where it is one the engine does
    /// not run, saying why, or where it matches none of its family's
    /// syntax lines.
    pub fn decode(opcode: &str) -> Option<Result<Control, ControlError>> {
        let mut parts = opcode.split('.');
        let root = parts.next().unwrap_or("");
        let rest: Vec<&str> = parts.filter(|s| !matches!(*s, "aligned" | "cta")).collect();
        // The roots whose typed decodings below take only what they need
        // (`redux`, `createpolicy`, `atom`, `red`, `cp.async`): a word in
        // none of their syntax lines is an error (crate::qualifiers).
        let bulk = rest
            .iter()
            .any(|w| matches!(*w, "bulk" | "mbarrier" | "reduce"));
        if matches!(root, "redux" | "createpolicy" | "atom" | "red") || (root == "cp" && !bulk) {
            if let Some(why) = crate::qualifiers::unknown(opcode) {
                return Some(Err(ControlError::Malformed(Diagnostic::error(
                    0..opcode.len(),
                    format!("`{opcode}`: {why}"),
                ))));
            }
        }
        let c = match (root, rest.as_slice()) {
            ("call", [] | ["uni"]) => Control::Call,
            ("exit", []) => Control::Exit,
            ("bar" | "barrier", ["sync"]) => Control::BarSync,
            ("bar" | "barrier", ["arrive"]) => Control::BarArrive,
            ("bar" | "barrier", ["red", "popc", "u32"]) => Control::BarRed(BarRed::Popc),
            ("bar" | "barrier", ["red", "and", "pred"]) => Control::BarRed(BarRed::And),
            ("bar" | "barrier", ["red", "or", "pred"]) => Control::BarRed(BarRed::Or),
            ("bar", ["warp", "sync"]) => Control::WarpSync,
            ("membar" | "fence", _) => {
                let words: Vec<&str> = opcode.split('.').skip(1).collect();
                match crate::fence::Fence::decode(root, &words) {
                    Ok(f) => Control::Fence(f),
                    Err(why) => {
                        return Some(Err(ControlError::Malformed(
                            Diagnostic::error(0..opcode.len(), format!("`{opcode}`: {why}"))
                                .with_help("PTX ISA 9.7.15.4 lists the forms of membar and fence"),
                        )))
                    }
                }
            }
            ("activemask", ["b32"]) => Control::Activemask,
            ("elect", ["sync"]) => Control::Elect,
            (
                "prefetch" | "prefetchu" | "applypriority" | "discard" | "pmevent" | "setmaxnreg"
                | "griddepcontrol" | "nanosleep" | "brkpt",
                _,
            ) => {
                let words: Vec<&str> = opcode.split('.').skip(1).collect();
                match crate::hint::Hint::decode(root, &words)? {
                    Ok(h) => Control::Hint(h),
                    Err(why) => {
                        return Some(Err(ControlError::Malformed(Diagnostic::error(
                            0..opcode.len(),
                            format!("`{opcode}`: {why}"),
                        ))))
                    }
                }
            }
            ("createpolicy", [.., "b64"]) => Control::CreatePolicy,
            ("trap", []) => Control::Trap,
            // Valid PTX the engine cannot run, with why.
            ("multimem", _) => Control::Refused(Refused::Multimem),
            ("fabric", _) => Control::Refused(Refused::Fabric),
            ("spcompress" | "spdecompress", _) => Control::Refused(Refused::Sparse),
            ("tensormap", rest) => {
                match Tensormap::decode(rest) {
                    Ok(t) => Control::Tensormap(t),
                    Err(why) => return Some(Err(ControlError::Malformed(
                        Diagnostic::error(0..opcode.len(), format!("`{opcode}`: {why}")).with_help(
                            "PTX ISA 9.7.9.26 tensormap.replace, 9.7.13.16 tensormap.cp_fenceproxy",
                        ),
                    ))),
                }
            }
            // "st.bulk{.weak}{.shared::cta} [a], size, initval".
            ("st", ["bulk", rest @ ..]) => match rest {
                [] | ["weak"] | ["shared::cta"] | ["weak", "shared::cta"] => Control::StBulk,
                _ => {
                    return Some(Err(ControlError::Malformed(Diagnostic::error(
                        0..opcode.len(),
                        format!("`{opcode}`: expected `st.bulk{{.weak}}{{.shared::cta}}`"),
                    ))))
                }
            },
            // ".type = { .u32, .u64 }" (stacksave, stackrestore, alloca).
            (r @ ("stacksave" | "stackrestore" | "alloca"), rest) => {
                let op = match r {
                    "stacksave" => StackOp::Save,
                    "stackrestore" => StackOp::Restore,
                    _ => StackOp::Alloca,
                };
                return Some(match rest {
                    [t @ ("u32" | "u64")] => Ok(Control::Stack {
                        op,
                        ty: PtxType::parse(t)?,
                    }),
                    _ => Err(ControlError::Malformed(Diagnostic::error(
                        0..opcode.len(),
                        format!("`{opcode}`: expected `{r}.u32` or `{r}.u64`"),
                    ))),
                });
            }
            (r @ ("atom" | "red"), [_, ..]) => {
                // A spelling outside the syntax lines and Tables 41/42 is
                // not PTX: an error at its line for `check` and `run`.
                // Here, not in `Atomic::decode`: crate::mbarrier builds the
                // reductions of `red.async` and `cp.reduce.async.bulk`
                // through it, whose type sets differ (`red.async...add.s64`).
                if let Some((why, help)) = crate::atomic::spelling_error(opcode, r == "red") {
                    return Some(Err(ControlError::Malformed(
                        Diagnostic::error(0..opcode.len(), format!("`{opcode}`: {why}"))
                            .with_help(help),
                    )));
                }
                return Some(
                    Atomic::decode(opcode, r == "red")
                        .map(Control::Atom)
                        .map_err(ControlError::Refused),
                );
            }
            // Every form the syntax lines admit runs: a form `Redux::decode`
            // refuses is not PTX (`redux.sync.add.f32`), an error at its line.
            ("redux", [..]) => {
                return Some(
                    Redux::decode(opcode)
                        .map(Control::Redux)
                        .map_err(ControlError::Malformed),
                )
            }
            ("brx", ["idx"] | ["idx", "uni"]) => Control::Brx,
            ("cp", ["async", "commit_group"]) => Control::CpAsyncCommit,
            ("cp", ["async", "wait_group"]) => Control::CpAsyncWait { all: false },
            ("cp", ["async", "wait_all"]) => Control::CpAsyncWait { all: true },
            // `cp.async.bulk*` and `cp.async.mbarrier.arrive` are
            // crate::mbarrier's rows (`op::decode` asks them first).
            ("cp", ["async", "bulk" | "mbarrier", ..]) => return None,
            ("cp", ["async", rest @ ..]) => {
                return Some(
                    CpAsync::decode(opcode, rest)
                        .map(Control::CpAsync)
                        .map_err(ControlError::Refused),
                )
            }
            ("istypep", [t]) => Control::IsType(crate::space::Opaque::parse(t)?),
            ("isspacep", [sp]) => Control::IsSpace(
                Space::parse(sp.split("::").next()?)?,
                *sp == "shared::cluster",
            ),
            ("match", [m @ ("any" | "all"), "sync", t @ ("b32" | "b64")]) => Control::Match {
                all: *m == "all",
                ty: PtxType::parse(t)?,
            },
            ("vote", rest) => {
                let sync = rest.first() == Some(&"sync");
                let mode = match rest.strip_prefix(&["sync"]).unwrap_or(rest) {
                    ["all", "pred"] => VoteMode::All,
                    ["any", "pred"] => VoteMode::Any,
                    ["uni", "pred"] => VoteMode::Uni,
                    ["ballot", "b32"] => VoteMode::Ballot,
                    _ => return Some(Err(warp_malformed(opcode, root))),
                };
                Control::Vote { mode, sync }
            }
            // A bare `mma` is an instruction the engine does not run (a
            // warning until it is reached), not a malformed `mma.sync`.
            ("mma", rest) if !rest.is_empty() => {
                if let Some(why) = mma_kind_error(rest) {
                    return Some(Err(ControlError::Malformed(Diagnostic::error(
                        0..opcode.len(),
                        format!("`{opcode}`: {why}"),
                    ))));
                }
                return Some(Mma::decode_why(opcode, rest).map(Control::Mma));
            }
            ("ldmatrix" | "stmatrix" | "movmatrix" | "wmma", _) => {
                return crate::matrix::Matrix::decode(opcode).map(|r| {
                    r.map(Control::Matrix).map_err(|e| match e {
                        crate::wgmma::Refused::Invalid(d) => ControlError::Malformed(d),
                        crate::wgmma::Refused::Unsupported(d) => ControlError::Refused(d),
                    })
                });
            }
            // `wgmma.*` is `op::decode`'s (crate::wgmma: a malformed form
            // is an error, `.sp` is refused where reached).
            ("shfl", rest) => {
                let sync = rest.first() == Some(&"sync");
                let mode = match rest.strip_prefix(&["sync"]).unwrap_or(rest) {
                    ["up", "b32"] => ShflMode::Up,
                    ["down", "b32"] => ShflMode::Down,
                    ["bfly", "b32"] => ShflMode::Bfly,
                    ["idx", "b32"] => ShflMode::Idx,
                    _ => return Some(Err(warp_malformed(opcode, root))),
                };
                Control::Shfl { mode, sync }
            }
            ("match" | "activemask" | "elect", _) => {
                return Some(Err(warp_malformed(opcode, root)))
            }
            _ => return None,
        };
        Some(Ok(c))
    }

    /// The PTX ISA version and target of the warp collectives (their "PTX
    /// ISA Notes" and "Target ISA Notes", PTX ISA 9.7.9.6 and 9.7.13):
    /// `vote` "Introduced in PTX ISA version 1.2", "requires sm_12 or
    /// higher", "vote.ballot.b32 requires sm_20 or higher" (the ballot
    /// form is PTX ISA 2.0's); `shfl` "Introduced in PTX ISA version
    /// 3.0", "requires sm_30 or higher"; `vote.sync` and `shfl.sync`
    /// "Introduced in PTX ISA version 6.0", "Requires sm_30 or higher";
    /// `match.sync` 6.0, "Requires sm_70 or higher"; `activemask` 6.2,
    /// sm_30; `elect.sync` 8.0, sm_90. `None` for the other instructions.
    pub fn warp_requires(self) -> Option<(PtxVersion, Target)> {
        let (v, sm) = match self {
            Control::Vote { sync: true, .. } | Control::Shfl { sync: true, .. } => ((6, 0), 30),
            Control::Vote {
                mode: VoteMode::Ballot,
                sync: false,
            } => ((2, 0), 20),
            Control::Vote { sync: false, .. } => ((1, 2), 12),
            Control::Shfl { sync: false, .. } => ((3, 0), 30),
            Control::Match { .. } => ((6, 0), 70),
            Control::Activemask => ((6, 2), 30),
            Control::Elect => ((8, 0), 90),
            _ => return None,
        };
        Some((PtxVersion::new(v.0, v.1), Target::sm(sm)))
    }

    /// Why `vote` or `shfl` without `.sync` is not in code of `version`
    /// for `target`: "Support for vote instruction without a .sync
    /// qualifier is removed in PTX ISA version 6.4 for .target sm_70 or
    /// higher"; "shfl is not supported on sm_70 or higher starting PTX ISA
    /// version 6.4". The help writes the `.sync` form with every lane in
    /// its membermask.
    pub fn removed_error(
        self,
        opcode: &str,
        version: PtxVersion,
        target: Target,
    ) -> Option<Diagnostic> {
        let operands = match self {
            Control::Vote { sync: false, .. } => "d, {!}a, 0xffffffff",
            Control::Shfl { sync: false, .. } => "d[|p], a, b, c, 0xffffffff",
            _ => return None,
        };
        if version < PtxVersion::new(6, 4) || !target.at_least(70) {
            return None;
        }
        // The form as written, in its syntax line's order, with `.sync`
        // after the root.
        let form = warp_in_order(opcode)
            .unwrap_or_else(|| opcode.to_string())
            .replacen('.', ".sync.", 1);
        Some(
            Diagnostic::error(
                0..opcode.len(),
                format!("`{opcode}` (without .sync) is not supported on sm_70 or higher from PTX ISA 6.4; the module is {version} for {target}"),
            )
            .with_help(format!(
                "write `{form} {operands}` (every thread of the membermask must run it), or declare .version 6.3 or earlier (--ptx 6.3 overrides the file's)"
            )),
        )
    }

    /// True for the instructions that read other threads' registers: the
    /// engine runs them for the warp's threads together.
    pub fn is_warp(self) -> bool {
        matches!(
            self,
            Control::Activemask
                | Control::Elect
                | Control::Vote { .. }
                | Control::Shfl { .. }
                | Control::Redux(_)
                | Control::Match { .. }
                | Control::Mma(_)
                | Control::Matrix(_)
                | Control::Wgmma(_)
        ) || matches!(self, Control::Tcgen05(t) if t.is_warp())
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::op::{decode, Op};

    fn op(t: &str) -> Op {
        decode(t, false).op
    }

    /// Refused (valid PTX the engine does not run) or malformed (an error
    /// at the line).
    fn rejected(t: &str) -> bool {
        let d = decode(t, false);
        matches!(d.op, Op::Unsupported(Some(_)))
            || (d.op == Op::Unsupported(None) && d.diags.iter().any(|d| d.is_error()))
    }

    #[test]
    fn memory_qualifiers_are_decoded_once() {
        assert_eq!(
            op("ld.global.nc.v4.f32"),
            Op::Ld(Mem {
                ty: Some(PtxType::F32),
                lanes: 4,
                space: Some(Space::Global)
            })
        );
        assert_eq!(
            op("st.volatile.shared.u16"),
            Op::St(Mem {
                ty: Some(PtxType::U16),
                lanes: 1,
                space: Some(Space::Shared)
            })
        );
        assert_eq!(
            op("ld.v2"),
            Op::Ld(Mem {
                ty: None,
                lanes: 2,
                space: None
            })
        );
    }

    /// Each mma row's PTX ISA version and target, as 9.7.14.5.14's notes
    /// give them: FP8 with `.f16` accumulators came with 8.7, after FP8
    /// with `.f32` ones (8.4); the H200's JIT refused the former under 8.4.
    #[test]
    fn mma_rows_carry_their_isa_notes() {
        use crate::target::{PtxVersion, Target};
        for (t, ptx, sm) in [
            (
                "mma.sync.aligned.m16n8k8.row.col.f16.f16.f16.f16",
                (6, 5),
                75,
            ),
            (
                "mma.sync.aligned.m16n8k16.row.col.f32.f16.f16.f32",
                (7, 0),
                80,
            ),
            (
                "mma.sync.aligned.m16n8k8.row.col.f32.tf32.tf32.f32",
                (7, 0),
                80,
            ),
            (
                "mma.sync.aligned.m16n8k16.row.col.f32.bf16.bf16.f32",
                (7, 0),
                80,
            ),
            (
                "mma.sync.aligned.m16n8k32.row.col.s32.s8.u8.s32",
                (7, 0),
                80,
            ),
            (
                "mma.sync.aligned.m8n8k4.row.col.f64.f64.f64.f64",
                (7, 0),
                80,
            ),
            (
                "mma.sync.aligned.m16n8k16.row.col.f64.f64.f64.f64",
                (7, 8),
                90,
            ),
            (
                "mma.sync.aligned.m8n8k4.col.row.f32.f16.f16.f16",
                (6, 4),
                70,
            ),
            ("mma.sync.aligned.m8n8k16.row.col.s32.u8.s8.s32", (6, 5), 75),
            (
                "mma.sync.aligned.m16n8k16.row.col.satfinite.s32.s8.u8.s32",
                (7, 0),
                80,
            ),
            ("mma.sync.aligned.m8n8k32.row.col.s32.s4.s4.s32", (6, 5), 75),
            (
                "mma.sync.aligned.m16n8k32.row.col.s32.u4.s4.s32",
                (7, 0),
                80,
            ),
            (
                "mma.sync.aligned.m16n8k64.row.col.satfinite.s32.u4.u4.s32",
                (7, 0),
                80,
            ),
            (
                "mma.sync.aligned.m8n8k128.row.col.s32.b1.b1.s32.xor.popc",
                (7, 0),
                75,
            ),
            (
                "mma.sync.aligned.m8n8k128.row.col.s32.b1.b1.s32.and.popc",
                (7, 1),
                80,
            ),
            (
                "mma.sync.aligned.m16n8k256.row.col.s32.b1.b1.s32.xor.popc",
                (7, 0),
                80,
            ),
            (
                "mma.sync.aligned.m16n8k32.row.col.f32.e4m3.e5m2.f32",
                (8, 4),
                89,
            ),
            (
                "mma.sync.aligned.m16n8k32.row.col.f16.e5m2.e5m2.f16",
                (8, 7),
                89,
            ),
        ] {
            assert_eq!(
                op(t).requires(),
                Some((PtxVersion::new(ptx.0, ptx.1), Target::sm(sm))),
                "{t}"
            );
        }
        let d = op("mma.sync.aligned.m16n8k32.row.col.f16.e4m3.e4m3.f16").validate(
            "mma.sync.aligned.m16n8k32.row.col.f16.e4m3.e4m3.f16",
            PtxVersion::new(8, 4),
            Target::sm(90),
        );
        assert!(
            d.iter().any(|d| d.is_error() && d.message.contains("8.7")),
            "{d:?}"
        );
    }

    /// The single-bit forms take `.and.popc`/`.xor.popc` after their
    /// types and no `.satfinite`; no other form takes a `.bitOp`.
    #[test]
    fn single_bit_mma_takes_its_bit_op() {
        let mma = |t: &str| {
            let rest: Vec<&str> = t.split('.').skip(1).filter(|q| *q != "aligned").collect();
            Mma::decode(t, &rest)
        };
        let m = mma("mma.sync.aligned.m16n8k128.row.col.s32.b1.b1.s32.and.popc").unwrap();
        assert_eq!(
            (m.bit_op, m.a, m.shape),
            (Some(MmaBitOp::And), MmaType::B1, (16, 8, 128))
        );
        for (bad, why) in [
            (
                "mma.sync.aligned.m8n8k128.row.col.s32.b1.b1.s32",
                "ends in `.and.popc`",
            ),
            (
                "mma.sync.aligned.m8n8k128.row.col.s32.b1.b1.s32.or.popc",
                "`.or.popc`",
            ),
            (
                "mma.sync.aligned.m8n8k128.row.col.satfinite.s32.b1.b1.s32.xor.popc",
                ".satfinite",
            ),
            (
                "mma.sync.aligned.m16n8k16.row.col.s32.s8.s8.s32.and.popc",
                "unexpected `.and.popc`",
            ),
            (
                "mma.sync.aligned.m16n8k16.row.col.s32.s4.s4.s32",
                "does not run `.m16n8k16`",
            ),
            (
                "mma.sync.aligned.m8n8k32.row.col.s32.s4.s8.s32",
                "does not run `.m8n8k32`",
            ),
        ] {
            let e = mma(bad).unwrap_err();
            assert!(e.message.contains(why), "{bad}: {}", e.message);
        }
    }

    #[test]
    fn stack_bulk_and_refused_instructions() {
        use crate::target::{PtxVersion, Target};
        assert_eq!(
            op("alloca.u32"),
            Op::Control(Control::Stack {
                op: StackOp::Alloca,
                ty: PtxType::U32
            })
        );
        assert_eq!(
            op("stackrestore.u64").requires(),
            Some((PtxVersion::new(7, 3), Target::sm(52)))
        );
        // Malformed: an error for `check` and `run` alike (`Decoded::diags`).
        let malformed = |t: &str| {
            let d = decode(t, false);
            d.op == Op::Unsupported(None) && d.diags.iter().any(|d| d.is_error())
        };
        assert!(malformed("stacksave.b32"));
        assert_eq!(op("st.bulk.weak.shared::cta"), Op::Control(Control::StBulk));
        assert_eq!(
            op("st.bulk").requires(),
            Some((PtxVersion::new(8, 6), Target::sm(100)))
        );
        assert!(malformed("st.bulk.shared::cluster"));
        assert!(malformed("fence.bogus"));
        assert!(malformed("prefetch.L3"));
        assert!(malformed("tensormap.replace.tile.width.global.b1024.b32"));
        // Valid PTX the engine refuses: no error until a thread reaches it.
        let q = decode("tensormap.query.is_large.u32", false);
        assert!(q.diags.is_empty(), "{:?}", q.diags);
        assert_eq!(q.op, Op::Control(Control::Tensormap(Tensormap::Query)));
        assert!(!q.op.runs() && q.op.refusal().is_some_and(|r| r.contains("is_large")));
        assert_eq!(
            q.op.requires(),
            Some((PtxVersion::new(9, 4), Target::sm(90)))
        );
        let mma = decode(
            "mma.sp.sync.aligned.m16n8k32.row.col.f32.f16.f16.f32",
            false,
        );
        assert!(mma.diags.is_empty() && mma.op.refusal().is_some());
        let o = op("multimem.st.relaxed.gpu.b32");
        assert!(!o.runs() && o.refusal().is_some_and(|r| r.contains("several GPUs")));
    }

    /// 9.7.9.26's syntax: each field with its `.type`, the optional state
    /// space; 9.7.13.16's one form.
    #[test]
    fn tensormap_forms_decode() {
        assert_eq!(
            op("tensormap.replace.tile.global_address.shared::cta.b1024.b64"),
            Op::Control(Control::Tensormap(Tensormap::Replace {
                field: TensormapField::GlobalAddress,
                shared: true
            }))
        );
        assert_eq!(
            op("tensormap.replace.tile.box_dim.b1024.b32"),
            Op::Control(Control::Tensormap(Tensormap::Replace {
                field: TensormapField::BoxDim,
                shared: false
            }))
        );
        assert_eq!(
            op("tensormap.cp_fenceproxy.global.shared::cta.tensormap::generic.release.gpu.sync.aligned"),
            Op::Control(Control::Tensormap(Tensormap::CpFenceproxy))
        );
        for bad in [
            "tensormap.replace.tile.global_stride.global.b1024.b32",
            "tensormap.replace.tile.rank.global.b1024.b64",
            "tensormap.replace.tile.width.global.b1024.b32",
            "tensormap.replace.im2col.rank.global.b1024.b32",
            "tensormap.cp_fenceproxy.global.shared::cta.tensormap::generic.release.gpu",
        ] {
            assert!(
                !matches!(op(bad), Op::Control(Control::Tensormap(_))),
                "{bad}"
            );
        }
    }

    #[test]
    fn control_and_warp_instructions() {
        assert_eq!(op("exit"), Op::Control(Control::Exit));
        assert_eq!(op("ret"), Op::Ret);
        assert_eq!(op("bar.sync"), Op::Control(Control::BarSync));
        assert_eq!(
            op("barrier.cta.sync.aligned"),
            Op::Control(Control::BarSync)
        );
        assert_eq!(
            op("bar.red.popc.u32"),
            Op::Control(Control::BarRed(BarRed::Popc))
        );
        assert_eq!(
            op("vote.sync.ballot.b32"),
            Op::Control(Control::Vote {
                mode: VoteMode::Ballot,
                sync: true
            })
        );
        assert_eq!(
            op("vote.any.pred"),
            Op::Control(Control::Vote {
                mode: VoteMode::Any,
                sync: false
            })
        );
        assert_eq!(
            op("shfl.sync.bfly.b32"),
            Op::Control(Control::Shfl {
                mode: ShflMode::Bfly,
                sync: true
            })
        );
        assert_eq!(
            op("shfl.up.b32"),
            Op::Control(Control::Shfl {
                mode: ShflMode::Up,
                sync: false
            })
        );
        assert_eq!(
            op("match.all.sync.b64"),
            Op::Control(Control::Match {
                all: true,
                ty: PtxType::B64
            })
        );
        assert_eq!(
            op("isspacep.shared::cta"),
            Op::Control(Control::IsSpace(Space::Shared, false))
        );
        assert_eq!(
            op("isspacep.shared::cluster"),
            Op::Control(Control::IsSpace(Space::Shared, true))
        );
        assert_eq!(
            op("cp.async.ca.shared.global"),
            Op::Control(Control::CpAsync(CpAsync {
                cg: false,
                cache_hint: false
            }))
        );
        assert_eq!(
            op("cp.async.cg.shared::cta.global.L2::cache_hint.L2::128B"),
            Op::Control(Control::CpAsync(CpAsync {
                cg: true,
                cache_hint: true
            }))
        );
        assert_eq!(
            op("cp.async.commit_group"),
            Op::Control(Control::CpAsyncCommit)
        );
        assert_eq!(
            op("cp.async.wait_group"),
            Op::Control(Control::CpAsyncWait { all: false })
        );
        assert_eq!(
            op("cp.async.wait_all"),
            Op::Control(Control::CpAsyncWait { all: true })
        );
        for bad in [
            "cp.async.ca.global.shared",
            "cp.async.ca.shared.global.L2::evict_first",
        ] {
            assert!(rejected(bad), "{bad}");
        }
        // The bulk copies and cluster barriers are crate::mbarrier's.
        for valid in [
            "cp.async.bulk.shared::cluster.global.mbarrier::complete_tx::bytes",
            "barrier.cluster.arrive.release.aligned",
        ] {
            assert!(
                matches!(op(valid), Op::Control(Control::Async(_))),
                "{valid}"
            );
        }
        assert!(Control::decode("shfl.sync.bfly.b32")
            .unwrap()
            .unwrap()
            .is_warp());
        assert!(!Control::decode("bar.sync").unwrap().unwrap().is_warp());
        // Control flow outside the engine: why, not a bare "unsupported".
        let Op::Unsupported(Some(why)) = op("bar.warp.arrive") else {
            panic!("{:?}", op("bar.warp.arrive"));
        };
        assert!(
            why.message.contains("not supported by the engine"),
            "{}",
            why.message
        );
    }

    #[test]
    fn atomics_carry_their_update() {
        let Op::Control(Control::Atom(a)) = op("atom.global.cas.b32") else {
            panic!()
        };
        assert_eq!(
            (a.red, a.op, a.ty, a.space),
            (false, AtomOp::Cas, PtxType::B32, Some(Space::Global))
        );
        assert!(matches!(a.update, Update::Cas(_)));
        let Op::Control(Control::Atom(a)) = op("red.shared.add.noftz.bf16") else {
            panic!()
        };
        assert!(a.red);
        assert!(matches!(a.update, Update::Float(f, None) if f.to_string() == "add.rn.bf16"));
        let Op::Control(Control::Atom(a)) = op("atom.add.f32") else {
            panic!()
        };
        assert!(
            matches!(a.update, Update::Float(f, Some(0x3f80_0000)) if f.to_string() == "fma.rn.ftz.f32")
        );
        // and/or/xor on .b32/.b64 (the CUDA SDK 2.2 simpleAtomicIntrinsics
        // sample's `atom.global.and.b32`): the bit ops of the tables.
        for (good, root) in [
            ("atom.global.and.b32", "and.b32"),
            ("atom.or.b64", "or.b64"),
            ("red.shared.xor.b32", "xor.b32"),
        ] {
            let Op::Control(Control::Atom(a)) = op(good) else {
                panic!("{good}")
            };
            assert!(
                matches!(a.update, Update::Int(i) if i.to_string() == root),
                "{good}: {:?}",
                a.update
            );
        }
        // Outside Table 41 or the syntax lines: not PTX, an error at its
        // line (crate::atomic::spelling_error).
        for (bad, why) in [
            ("atom.global.inc.u64", "`.inc` does not take `.u64`"),
            ("atom.add.f16", "require the .noftz qualifier"),
            ("atom.global", "expected an operation"),
        ] {
            let d = decode(bad, false);
            assert!(
                d.op == Op::Unsupported(None) && d.diags[0].message.contains(why),
                "{bad}: {:?}",
                d.diags
            );
        }
        // A qualifier in no set of the syntax lines: an error for `check`.
        for bad in [
            "atom.const.add.u32",
            "atom.global.frob.add.u32",
            "red.v16.f32.add",
        ] {
            let d = decode(bad, false);
            assert!(
                d.op == Op::Unsupported(None) && d.diags[0].message.contains("is not a qualifier"),
                "{bad}: {:?}",
                d.diags
            );
        }
        // The vector forms (PTX ISA 8.1).
        let Op::Control(Control::Atom(a)) = op("atom.global.v8.bf16.max.noftz") else {
            panic!()
        };
        assert_eq!((a.vec, a.ty), (8, PtxType::BF16));
        assert!(matches!(a.update, Update::Float(f, None) if f.to_string() == "max.bf16"));
        let Op::Control(Control::Atom(a)) = op("red.global.add.v4.f32") else {
            panic!()
        };
        assert!(matches!(a.update, Update::Float(f, Some(_)) if f.to_string() == "fma.rn.ftz.f32"));
        let Op::Control(Control::Redux(r)) = op("redux.sync.min.s32") else {
            panic!()
        };
        assert_eq!(r.ty, PtxType::S32);
        assert!(matches!(r.combine, Combine::Pick(_)));
        let d = decode("redux.sync.add.b32", false);
        assert!(
            d.op == Op::Unsupported(None) && d.diags[0].message.contains("redux.sync takes"),
            "{:?}",
            d.diags
        );
        for sp in [
            "mma.sp.sync.aligned.m16n8k16.row.col.f32.f16.f16.f32",
            "mma.sp::ordered_metadata.sync.aligned.m16n8k32.row.col.f32.bf16.bf16.f32",
        ] {
            let Op::Unsupported(Some(d)) = op(sp) else {
                panic!("{sp}")
            };
            assert!(
                d.message.contains("the sparse `mma.sp` forms are not run"),
                "{}",
                d.message
            );
        }
        let Op::Control(Control::Redux(r)) = op("redux.sync.max.abs.NaN.f32") else {
            panic!()
        };
        assert_eq!(r.ty, PtxType::F32);
        assert_eq!(
            r.combine,
            Combine::Float {
                max: true,
                abs: true,
                nan: true
            }
        );
        for bad in [
            "redux.sync.add.f32",
            "redux.sync.min.NaN.abs.f32",
            "redux.sync.min.abs.abs.f32",
            "redux.sync.max.abs.u32",
            "redux.sync.min.f64",
        ] {
            assert!(rejected(bad), "{bad}");
        }
    }

    /// redux.sync's PTX ISA and target notes: the integer forms from 7.0
    /// on sm_80; `.f32` from 8.6 on sm_100a, and from 8.8 on the sm_100f
    /// family.
    #[test]
    fn redux_requires_its_isa_notes() {
        let errors = |form: &str, v: (u8, u8), t: &str| {
            let Op::Control(Control::Redux(r)) = op(form) else {
                panic!("{form}")
            };
            r.validate(form, PtxVersion::new(v.0, v.1), t.parse().unwrap())
                .len()
        };
        assert_eq!(errors("redux.sync.add.u32", (7, 0), "sm_80"), 0);
        assert_eq!(errors("redux.sync.add.u32", (6, 5), "sm_80"), 1);
        assert_eq!(errors("redux.sync.add.u32", (7, 0), "sm_75"), 1);
        let f = "redux.sync.min.abs.NaN.f32";
        assert_eq!(errors(f, (8, 6), "sm_100a"), 0);
        assert_eq!(errors(f, (8, 5), "sm_100a"), 1);
        assert_eq!(errors(f, (8, 6), "sm_100"), 1);
        assert_eq!(errors(f, (8, 6), "sm_100f"), 1);
        assert_eq!(errors(f, (8, 8), "sm_100f"), 0);
        assert_eq!(errors(f, (8, 8), "sm_103f"), 0);
        assert_eq!(errors(f, (8, 8), "sm_103a"), 0);
        assert_eq!(errors(f, (8, 8), "sm_120f"), 1);
        assert_eq!(errors(f, (8, 8), "sm_90a"), 1);
    }

    /// The warp collectives' PTX ISA and target notes, each at its edge:
    /// one version or sm below is an error, the first one is not; `vote`
    /// and `shfl` without `.sync` are errors on sm_70 from PTX ISA 6.4.
    #[test]
    fn warp_collectives_require_their_isa_notes() {
        let errors = |form: &str, v: (u8, u8), t: &str| -> Vec<String> {
            op(form)
                .validate(form, PtxVersion::new(v.0, v.1), t.parse().unwrap())
                .into_iter()
                .map(|d| d.message)
                .collect()
        };
        // Each form, its first version and the version before it, its
        // first target and the target before it.
        for (form, first, before, sm, below) in [
            ("vote.any.pred", (1, 2), (1, 1), "sm_12", "sm_11"),
            ("vote.uni.pred", (1, 2), (1, 1), "sm_12", "sm_11"),
            ("vote.ballot.b32", (2, 0), (1, 5), "sm_20", "sm_13"),
            ("vote.sync.all.pred", (6, 0), (5, 0), "sm_30", "sm_21"),
            ("vote.sync.ballot.b32", (6, 0), (5, 0), "sm_30", "sm_21"),
            ("shfl.up.b32", (3, 0), (2, 3), "sm_30", "sm_21"),
            ("shfl.idx.b32", (3, 0), (2, 3), "sm_30", "sm_21"),
            ("shfl.sync.bfly.b32", (6, 0), (5, 0), "sm_30", "sm_21"),
            ("match.any.sync.b32", (6, 0), (5, 0), "sm_70", "sm_62"),
            ("match.all.sync.b64", (6, 0), (5, 0), "sm_70", "sm_62"),
            ("activemask.b32", (6, 2), (6, 1), "sm_30", "sm_21"),
            ("elect.sync", (8, 0), (7, 8), "sm_90", "sm_89"),
        ] {
            assert_eq!(errors(form, first, sm), Vec::<String>::new(), "{form}");
            let e = errors(form, before, sm);
            assert!(
                e.len() == 1 && e[0].contains(&format!("requires PTX ISA {}.{}", first.0, first.1)),
                "{form}: {e:?}"
            );
            let e = errors(form, first, below);
            assert!(
                e.len() == 1 && e[0].contains(&format!("requires {sm} or higher")),
                "{form} on {below}: {e:?}"
            );
        }
        for form in ["vote.all.pred", "vote.ballot.b32", "shfl.down.b32"] {
            assert_eq!(
                errors(form, (6, 3), "sm_90"),
                Vec::<String>::new(),
                "{form}"
            );
            assert_eq!(
                errors(form, (8, 0), "sm_62"),
                Vec::<String>::new(),
                "{form}"
            );
            let e = errors(form, (6, 4), "sm_70");
            assert!(
                e.len() == 1
                    && e[0].contains(
                        "(without .sync) is not supported on sm_70 or higher from PTX ISA 6.4"
                    ),
                "{form}: {e:?}"
            );
        }
        let d = op("shfl.bfly.b32")
            .validate("shfl.bfly.b32", PtxVersion::new(7, 0), Target::sm(80))
            .remove(0);
        assert_eq!(
            d.help.as_deref(),
            Some("write `shfl.sync.bfly.b32 d[|p], a, b, c, 0xffffffff` (every thread of the membermask must run it), or declare .version 6.3 or earlier (--ptx 6.3 overrides the file's)")
        );
        for form in ["vote.sync.any.pred", "shfl.sync.up.b32"] {
            assert_eq!(
                errors(form, (9, 0), "sm_100"),
                Vec::<String>::new(),
                "{form}"
            );
        }
        // Their words in another order: a warning, and the canonical form
        // runs (ptxas assembles `match.sync.any.b32`, docs/NVIDIA.md
        // "Modifier order").
        for (written, canonical) in [
            ("shfl.bfly.sync.b32", "shfl.sync.bfly.b32"),
            ("shfl.b32.down", "shfl.down.b32"),
            ("vote.ballot.sync.b32", "vote.sync.ballot.b32"),
            ("vote.pred.any", "vote.any.pred"),
            ("match.sync.any.b32", "match.any.sync.b32"),
            ("match.b64.sync.all", "match.all.sync.b64"),
            // tiny-cuda-nn's `mma.h`, TileLang's sm_100 copies.
            (
                "movmatrix.sync.trans.aligned.m8n8.b16",
                "movmatrix.sync.aligned.m8n8.trans.b16",
            ),
            (
                "tcgen05.ld.sync.aligned.32x32b.pack::16b.x2.b32",
                "tcgen05.ld.sync.aligned.32x32b.x2.pack::16b.b32",
            ),
            (
                "tcgen05.st.sync.aligned.16x32bx2.unpack::16b.x4.b32",
                "tcgen05.st.sync.aligned.16x32bx2.x4.unpack::16b.b32",
            ),
            // LLVM's, which ptxas 12.8 takes.
            (
                "tcgen05.mma.cta_group::1.kind::f16.collector::a::discard.ashift",
                "tcgen05.mma.cta_group::1.kind::f16.ashift.collector::a::discard",
            ),
        ] {
            let d = decode(written, false);
            assert_eq!(d.op, op(canonical), "{written}");
            assert!(
                d.diags.len() == 1
                    && !d.diags[0].is_error()
                    && d.diags[0].message
                        == format!("`{written}`: its qualifiers are out of the order of the syntax line (ran as `{canonical}`)")
                    && d.diags[0].help.as_deref() == Some(&*format!("write {canonical}")),
                "{written}: {:?}",
                d.diags
            );
        }
        // `mma.sync` with a shape no form has: an error of `check`, where
        // forms written in other orders, or with types of a shape the
        // table lacks, stay valid PTX the run refuses (CUTLASS writes
        // `.kind::f8f6f4` before the shape and `.satfinite` after the
        // types; PTX ISA 8.7 has `.m16n8k16` with `.e4m3`).
        let d = decode("mma.sync.aligned.m99n8k16.row.col.f32.f16.f16.f32", false);
        assert!(
            matches!(d.op, Op::Unsupported(None))
                && d.diags
                    .iter()
                    .any(|x| x.is_error() && x.message.contains("is not a shape of `mma`")),
            "{d:?}"
        );
        for refused in [
            "mma.sync.aligned.kind::f8f6f4.m16n8k32.row.col.f16.e2m1.e2m3.f16",
            "mma.sync.aligned.m8n8k16.row.col.s32.u8.u8.s32.satfinite",
            "mma.sync.aligned.m16n8k16.row.col.f32.e4m3.e4m3.f32",
        ] {
            let d = decode(refused, false);
            assert!(
                matches!(d.op, Op::Unsupported(Some(_))) && d.diags.is_empty(),
                "{refused}: {d:?}"
            );
        }
        // An unpack on a load is no matter of order, nor is the
        // instruction word after `.sync`: the decoder's errors.
        for bad in [
            "tcgen05.ld.sync.aligned.32x32b.unpack::16b.x2.b32",
            "tcgen05.sync.ld.aligned.32x32b.x2.b32",
        ] {
            let d = decode(bad, false);
            assert!(d.diags.iter().any(|d| d.is_error()), "{bad}: {:?}", d.diags);
        }
        // `.ashift` after a collector usage it may not go with: the rule's
        // own error, as for the canonical order.
        let d = decode(
            "tcgen05.mma.cta_group::1.kind::tf32.collector::a::fill.ashift",
            false,
        );
        assert!(
            d.diags
                .iter()
                .any(|d| d.is_error() && d.message.contains("It is illegal to specify")),
            "{:?}",
            d.diags
        );
        // Words missing, repeated or in no syntax line together: an error
        // at the line naming the syntax lines, not an instruction the
        // engine leaves out.
        for (bad, forms) in [
            ("shfl.sync.b32", "shfl{.sync}.{up,down,bfly,idx}.b32"),
            ("shfl.up.up.b32", "shfl{.sync}.{up,down,bfly,idx}.b32"),
            ("vote.sync.ballot.pred", "vote"),
            ("vote.any.b32", "vote"),
            ("vote.sync.sync.any.pred", "vote"),
            ("match.any.b32", "match.{any,all}.sync.{b32,b64}"),
            ("match.any.all.sync.b32", "match.{any,all}.sync.{b32,b64}"),
            ("activemask", "activemask.b32"),
            ("elect", "elect.sync"),
        ] {
            let forms = if forms == "vote" {
                "vote{.sync}.{all,any,uni}.pred and vote{.sync}.ballot.b32"
            } else {
                forms
            };
            let d = decode(bad, false);
            assert_eq!(d.op, Op::Unsupported(None), "{bad}");
            assert!(
                d.diags.len() == 1
                    && d.diags[0].is_error()
                    && d.diags[0].message
                        == format!(
                            "`{bad}` is not a form of {}: its syntax lines are {forms}",
                            bad.split('.').next().unwrap(),
                        ),
                "{bad}: {:?}",
                d.diags
            );
        }
    }

    #[test]
    fn mma_forms_accepted_and_refused() {
        let Op::Control(Control::Mma(m)) =
            op("mma.sync.aligned.m16n8k16.row.col.f32.bf16.bf16.f32")
        else {
            panic!()
        };
        assert_eq!(
            (
                m.shape,
                m.a_layout,
                m.b_layout,
                m.d,
                m.a,
                m.b,
                m.c,
                m.satfinite,
                m.min_sm
            ),
            (
                (16, 8, 16),
                MmaLayout::Row,
                MmaLayout::Col,
                MmaType::F32,
                MmaType::Bf16,
                MmaType::Bf16,
                MmaType::F32,
                false,
                80
            )
        );
        assert!(Control::Mma(m).is_warp());
        for good in [
            "mma.sync.aligned.m16n8k16.row.col.f16.f16.f16.f16",
            "mma.sync.aligned.m16n8k8.row.col.f32.f16.f16.f32",
            "mma.sync.aligned.m16n8k8.row.col.f32.tf32.tf32.f32",
            "mma.sync.aligned.m16n8k4.row.col.f32.tf32.tf32.f32",
            "mma.sync.aligned.m16n8k32.row.col.f32.e5m2.e5m2.f32",
            "mma.sync.aligned.m16n8k32.row.col.f32.e4m3.e5m2.f32",
            "mma.sync.aligned.m16n8k32.row.col.f16.e5m2.e4m3.f16",
            "mma.sync.aligned.m16n8k32.row.col.satfinite.s32.s8.u8.s32",
            "mma.sync.aligned.m8n8k4.row.col.f64.f64.f64.f64",
            "mma.sync.aligned.m8n8k4.row.col.f32.f16.f16.f32",
            "mma.sync.aligned.m8n8k4.col.row.f16.f16.f16.f32",
        ] {
            assert!(matches!(op(good), Op::Control(Control::Mma(_))), "{good}");
        }
        // Valid PTX the engine does not run, and malformed text: why.
        for (bad, why) in [
            (
                "mma.sync.aligned.m8n8k4.row.col.f32.bf16.bf16.f32",
                "does not run",
            ),
            (
                "mma.sync.aligned.m16n8k16.row.row.f32.f16.f16.f32",
                ".row.col",
            ),
            (
                "mma.sync.aligned.m16n8k16.row.col.f16.f16.f16.f32",
                "does not run",
            ),
            (
                "mma.sync.aligned.m16n8k32.row.col.f32.e4m3.s8.f32",
                "does not run",
            ),
            (
                "mma.sync.aligned.m16n8k16.row.col.satfinite.f32.f16.f16.f32",
                ".satfinite",
            ),
            ("mma.sync.m16n8k16.row.col.f32.f16.f16.f32", "mandatory"),
            (
                "mma.sync.aligned.m16n8k16.row.col.f32.f16.f16",
                "four types",
            ),
            (
                "mma.sync.aligned.q16.row.col.f32.f16.f16.f32",
                "not an mma shape",
            ),
        ] {
            let Op::Unsupported(Some(d)) = op(bad) else {
                panic!("{bad}: {:?}", op(bad))
            };
            assert!(d.message.contains(why), "{bad}: {}", d.message);
        }
    }
}
