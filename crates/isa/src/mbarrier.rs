//! The asynchronous-barrier, bulk-copy and cluster instructions of sm_80 and
//! sm_90 as data: `mbarrier.*`, `cp.async.mbarrier.arrive`,
//! `cp.async.bulk*`, `cp.reduce.async.bulk`, `barrier.cluster`, `mapa`,
//! `getctarank`, `st.async`, `red.async`. One [`Row`] per syntax line of the PTX ISA (its qualifier
//! slots, the PTX ISA version and sm target it needs); [`AsyncOp::decode`]
//! matches an opcode against the rows and gives the typed instruction, and
//! [`AsyncOp::requires`] the version and target, which `Op::validate`
//! checks before a run. The engine's semantics are
//! crates/interp/src/async_copy.rs (docs/ENGINE.md "mbarrier").

use crate::atomic::Atomic;
use crate::diag::Diagnostic;
use crate::target::{PtxVersion, Suffix, Target};
use crate::types::PtxType;

/// An instruction of this module, decoded.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct AsyncOp {
    /// What it does.
    pub kind: AsyncKind,
    /// The address operand names a `.shared::cluster` object (`mbarrier`
    /// with `.shared::cluster`, `mapa.shared::cluster`).
    pub cluster_space: bool,
    /// `.L2::cache_hint`: a last operand, `cache-policy`, follows.
    pub cache_hint: bool,
    /// `.multicast::cluster`: a `ctaMask` operand follows `[mbar]`.
    pub multicast: bool,
    /// `.multicast::cluster::32b` (PTX ISA 9.4): the `ctaMask` is 32 bits
    /// wide; false: 16 (`.multicast::cluster`, `.multicast::cluster::16b`).
    pub mask32: bool,
    /// The `.report_mechanism` of a bulk or tensor copy into shared memory
    /// (PTX ISA 9.4, 9.7.10.28.1.3); `None` where none is written.
    pub report: Option<Report>,
    /// The target suffix the form needs beyond its sm (the `sm_107f`
    /// family for `.multicast::cluster::32b` and `.report_mechanism`).
    pub suffix: Suffix,
    /// A tensor copy's `.override::global_address` (PTX ISA 9.4,
    /// 9.7.10.28.5.2.1): `[tensorMap, gAddrToOverride, tensorCoords]`,
    /// "the global memory address present in the opaque tensorMap object
    /// is ignored and instead the address specified by the explicit 64-bit
    /// operand gAddrToOverride is used".
    pub gaddr: bool,
    /// `cp.async.bulk`'s `.ignore_oob`: `ignoreBytesLeft, ignoreBytesRight`
    /// follow `size`.
    pub ignore_oob: bool,
    /// `cp.async.bulk`'s `.cp_mask`: a last operand, `byteMask`, follows.
    pub cp_mask: bool,
    /// The PTX ISA version and sm target the form needs: its row's, raised
    /// by the qualifiers that came later ([`WORDS`]).
    pub min: (PtxVersion, u16),
    /// The instruction type, for `mapa` and `getctarank` (`.u32`/`.u64`)
    /// and `st.async`/`red.async` (`.b64` for `st.async`'s `.b128`, with
    /// `lanes` 2: a `.b128` register's halves).
    pub ty: Option<PtxType>,
    /// `st.async`'s `.v2`/`.v4`: the values stored; 1 otherwise.
    pub lanes: u8,
}

/// The instructions of [`AsyncOp`].
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum AsyncKind {
    /// `mbarrier.init{.layout}.b64 [addr], count`.
    Init {
        /// `.layout::v1` (PTX ISA 9.3): an object with a payload report and
        /// a conditional phase of its own; false: `.layout::v0`, the
        /// default.
        v1: bool,
    },
    /// `mbarrier.check_layout.layout{.shared::cta}.b64 p, [addr]` (PTX ISA
    /// 9.3): "sets the predicate operand p to True if the layout of the
    /// mbarrier object exactly matches the .layout qualifier".
    CheckLayout {
        /// The qualifier is `.layout::v1`.
        v1: bool,
    },
    /// `mbarrier.inval.b64 [addr]`.
    Inval,
    /// `mbarrier.arrive{.noComplete|.expect_tx}` and `mbarrier.arrive_drop...`:
    /// `state, [addr]{, count | txCount}`.
    Arrive {
        /// `arrive_drop`: the expected arrival count drops too.
        drop: bool,
        /// `.noComplete`: the arrival must not complete the phase.
        no_complete: bool,
        /// `.expect_tx`: the operand is a tx-count, added first.
        expect_tx: bool,
    },
    /// `mbarrier.expect_tx.b64 [addr], txCount`.
    ExpectTx,
    /// `mbarrier.complete_tx.b64 [addr], txCount`.
    CompleteTx,
    /// `mbarrier.test_wait` (`test: true`) or `mbarrier.try_wait`, with
    /// `.parity` or a state operand.
    Wait {
        /// `test_wait` (non-blocking) rather than `try_wait`.
        test: bool,
        /// `.parity`: the operand is a phase parity, not a state.
        parity: bool,
        /// `.phase_type::*` (PTX ISA 9.3).
        phase: PhaseType,
    },
    /// `mbarrier.pending_count.b64 count, state`.
    PendingCount,
    /// `cp.async.mbarrier.arrive{.noinc}.b64 [addr]`.
    CpAsyncArrive {
        /// `.noinc`: the pending count is not incremented first.
        noinc: bool,
    },
    /// `cp.async.bulk` / `cp.reduce.async.bulk`: `[dst], [src], size{, [mbar]}`.
    Bulk {
        /// Where the bytes go and come from.
        dir: BulkDir,
        /// `cp.reduce.async.bulk`: the atomic operation combining each
        /// element into the destination.
        reduce: Option<Atomic>,
    },
    /// `cp.async.bulk.prefetch.L2.global [src], size`.
    Prefetch,
    /// `cp.async.bulk.commit_group`.
    Commit,
    /// `cp.async.bulk.wait_group{.read} N`.
    WaitGroup,
    /// `cp.async.bulk.tensor` / `cp.reduce.async.bulk.tensor` in `.tile`
    /// mode: a box of a tensor map (`--tensor-map`) between global and
    /// shared memory.
    Tensor(TensorCopy),
    /// `cp.async.bulk.prefetch.tensor.dim.L2.global{.load_mode}
    /// {.L2::cache_hint} [tensorMap, tensorCoords]{, im2colInfo}{,
    /// cache-policy}`: brings nothing (a hint).
    TensorPrefetch,
    /// `barrier.cluster.arrive{.release|.relaxed}{.aligned}`.
    ClusterArrive,
    /// `barrier.cluster.wait{.acquire}{.aligned}`.
    ClusterWait,
    /// `mapa{.shared::cluster}.u32/.u64 d, a, rank`.
    Mapa,
    /// `getctarank{.shared::cluster}.u32/.u64 d, a`.
    Getctarank,
    /// A valid form the engine does not run yet, with why: decoded (so
    /// `check` passes it), a warning before a run, an error where reached.
    Unrun(&'static str),
    /// `clusterlaunchcontrol.try_cancel.async...b128 [addr], [mbar]`
    /// (`multicast`: `.multicast::cluster::all`).
    TryCancel,
    /// `clusterlaunchcontrol.query_cancel.*.b128 d, response`.
    QueryCancel {
        /// `.get_first_ctaid{.v4,::x,::y,::z}.b32`; false:
        /// `.is_canceled.pred`.
        first_ctaid: bool,
    },
    /// `st.async` (`red: None`) and `red.async`: `[a], b{, [mbar]}`.
    Store {
        /// `red.async`: the atomic that combines `b` into the destination.
        red: Option<Atomic>,
        /// The `.mbarrier::complete_tx::bytes` forms (a `[mbar]` operand
        /// follows, a remote CTA's shared memory); false: the `.release`
        /// forms of sm_100, into global memory.
        mbar: bool,
    },
}

/// `mbarrier.test_wait`/`try_wait`'s `.phase_type::*` (PTX ISA 9.3,
/// 9.7.15.16.19): ".phase_type::* is unspecified: checks completion of the
/// primary phase"; "`.phase_type::primary` checks completion of the
/// primary phase and sets the reportPredicate and reportValue";
/// "`.phase_type::conditional` requires .parity qualifier and checks for
/// completion of the conditional phase".
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum PhaseType {
    /// No `.phase_type`: the primary phase, no report operands.
    Unspecified,
    /// `.phase_type::primary`: the primary phase, with the report operands
    /// `waitComplete|reportPredicate{, reportValue}` allowed.
    Primary,
    /// `.phase_type::conditional` (with `.parity`).
    Conditional,
}

/// A bulk or tensor copy's `.report_mechanism` (PTX ISA 9.4,
/// 9.7.10.28.1.3, Table 33 "Report mechanisms for asynchronous copy
/// operations"): "the copy operation inspects the data being copied and
/// signals a report-on operation on the mbarrier if the data matches the
/// pattern as specified in the qualifier".
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Report {
    /// `.mbarrier::report::disabled`: "No inspection".
    Disabled,
    /// `.mbarrier::report::validity::per_16bytes::{80000000, 8000, 80, 8}`:
    /// "A sampled element from the aligned 16 byte chunk of the source
    /// global memory is matched with the Matching bit-pattern", -0 of an
    /// element of this many bits (FP32, FP16, FP8, FP4).
    Per16Bytes {
        /// The element's width: 32, 16, 8 or 4.
        bits: u8,
    },
    /// `.mbarrier::report::validity::per_element::ff`: "Each element is
    /// matched with the Matching bit-pattern", a byte of all ones (an
    /// 8-bit NaN, or two 4-bit 0xF).
    PerElementFf,
}

impl Report {
    /// The mechanism a qualifier names (`None`: no report qualifier).
    pub fn parse(word: &str) -> Option<Report> {
        Some(match word {
            "mbarrier::report::disabled" => Report::Disabled,
            "mbarrier::report::validity::per_16bytes::80000000" => Report::Per16Bytes { bits: 32 },
            "mbarrier::report::validity::per_16bytes::8000" => Report::Per16Bytes { bits: 16 },
            "mbarrier::report::validity::per_16bytes::80" => Report::Per16Bytes { bits: 8 },
            "mbarrier::report::validity::per_16bytes::8" => Report::Per16Bytes { bits: 4 },
            "mbarrier::report::validity::per_element::ff" => Report::PerElementFf,
            _ => return None,
        })
    }

    /// True where the copied bytes `data` (from 16-byte aligned global
    /// memory) make this mechanism signal a report-on. `per_16bytes`: the
    /// sampled element of each 16-byte chunk is its first (lowest
    /// addressed; the low nibble of the first byte for FP4): the ISA does
    /// not say which element is sampled (docs/NVIDIA.md "Copy reports").
    pub fn matches(&self, data: &[u8]) -> bool {
        match *self {
            Report::Disabled => false,
            Report::PerElementFf => data.contains(&0xff),
            Report::Per16Bytes { bits } => data.chunks(16).any(|c| match bits {
                32 => c.len() >= 4 && c[..4] == [0, 0, 0, 0x80],
                16 => c.len() >= 2 && c[..2] == [0, 0x80],
                8 => c[0] == 0x80,
                _ => c[0] & 0xf == 0x8,
            }),
        }
    }
}

/// A `.tile` tensor copy (PTX ISA 9.7.9.25.5.2 `cp.async.bulk.tensor`,
/// 9.7.9.25.5.3 `cp.reduce.async.bulk.tensor`).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct TensorCopy {
    /// `.1d` to `.5d`.
    pub dims: u8,
    /// `.shared::cluster.global` / `.shared::cta.global` (with an
    /// mbarrier); false: `.global.shared::cta.bulk_group`.
    pub load: bool,
    /// `cp.reduce.async.bulk.tensor`'s `.redOp` (one of [`TENSOR_RED_OPS`]).
    pub reduce: Option<&'static str>,
    /// `.tile::gather4` (a load) or `.tile::scatter4` (a store): four rows
    /// of a 2-d tensor, `{col, row0, row1, row2, row3}`.
    pub four: bool,
    /// `.im2col` (a load, with `im2colInfo`'s offsets) or `.im2col_no_offs`
    /// (a store or reduction): pixels of a 3-d to 5-d NWC/NHWC/NDHWC
    /// tensor unrolled into one column (PTX ISA 5.5.4), through a map made
    /// by `cuTensorMapEncodeIm2col`.
    pub im2col: bool,
}

/// "`.redOp` = { .add, .min, .max, .inc, .dec, .and, .or, .xor}".
pub const TENSOR_RED_OPS: [&str; 8] = ["add", "min", "max", "inc", "dec", "and", "or", "xor"];

/// Decodes the qualifiers after `cp{.reduce}.async.bulk.tensor` (`words`,
/// in any order, as compilers write them): 9.7.9.25.5.2 "global ->
/// shared::cta", "global -> shared::cluster" and "shared::cta -> global",
/// 9.7.9.25.5.3 "shared::cta -> global" with `.redOp`. The `.load_mode`s
/// other than `.tile` are valid and not run (why, in [`AsyncKind::Unrun`]).
fn tensor_copy(words: &[&str], reduce: bool) -> Result<AsyncOp, String> {
    let mut dims = None;
    let (mut dst, mut src) = (None, None);
    let (mut mbar, mut group, mut multicast, mut hint, mut cta_group) =
        (false, false, false, false, false);
    let mut red = None;
    let mut mode = "tile";
    let (mut width, mut mask32, mut report) = (false, false, None);
    let (mut gaddr, mut attribute) = (false, false);
    for &w in words {
        if let Some(r) = Report::parse(w) {
            if report.replace(r).is_some() {
                return Err("two `.report_mechanism` qualifiers".into());
            }
            continue;
        }
        match w {
            "multicast::cluster::16b" | "multicast::cluster::32b" => {
                (multicast, width, mask32) = (true, true, w.ends_with("32b"));
            }
            "override::global_address" => gaddr = true,
            "override::global_dim" | "override::global_dim_stride" => attribute = true,
            "1d" | "2d" | "3d" | "4d" | "5d" if dims.is_none() => dims = Some(w.as_bytes()[0] - b'0'),
            "global" | "shared::cta" | "shared::cluster" if dst.is_none() => dst = Some(w),
            "global" | "shared::cta" | "shared::cluster" if src.is_none() => src = Some(w),
            "mbarrier::complete_tx::bytes" => mbar = true,
            "bulk_group" => group = true,
            "multicast::cluster" => multicast = true,
            "L2::cache_hint" => hint = true,
            "cta_group::1" | "cta_group::2" => cta_group = true,
            "tile" | "tile::gather4" | "tile::scatter4" | "im2col" | "im2col::w"
            | "im2col::w::128" | "im2col_no_offs" | "im2col_no_offs::w" => mode = w,
            w if reduce && red.is_none() => match TENSOR_RED_OPS.iter().find(|r| **r == w) {
                Some(r) => red = Some(*r),
                None => return Err(format!("`.{w}` is not a qualifier of cp.reduce.async.bulk.tensor (.redOp is one of .add, .min, .max, .inc, .dec, .and, .or, .xor)")),
            },
            w => return Err(format!("`.{w}` is not a qualifier of this tensor copy")),
        }
    }
    let dims = dims.ok_or("no `.dim` (`.1d` to `.5d`)")?;
    let load = match (dst, src) {
        // The ISA's own example `cp.async.bulk.tensor.1d.shared::cluster
        // .global.tile.cta_group::2` names no completion mechanism; a load
        // has only `.mbarrier::complete_tx::bytes`.
        (Some("shared::cluster" | "shared::cta"), Some("global")) if !reduce && !group => true,
        (Some("global"), Some("shared::cta")) if group && !mbar && !multicast && !cta_group => {
            false
        }
        _ => {
            return Err(if reduce {
                "expected `.dim.global.shared::cta.redOp{.load_mode}.bulk_group{.L2::cache_hint}`"
                    .into()
            } else {
                "expected `.dim.shared::cluster.global{.load_mode}.mbarrier::complete_tx::bytes{.multicast::cluster}{.cta_group}{.L2::cache_hint}`, `.dim.shared::cta.global...` or `.dim.global.shared::cta{.load_mode}.bulk_group{.L2::cache_hint}`".into()
            })
        }
    };
    if reduce && red.is_none() {
        return Err("no `.redOp`".into());
    }
    // "Introduced in PTX ISA version 8.0", "Requires sm_90 or higher";
    // "Support for `.shared::cta` as destination state space is introduced
    // in PTX ISA version 8.6"; "Support for qualifier `.cta_group`
    // introduced in PTX ISA version 8.6" (sm_100a and its family).
    let mut min = (PtxVersion::new(8, 0), 90);
    if (load && dst == Some("shared::cta")) || cta_group {
        min.0 = PtxVersion::new(8, 6);
    }
    if cta_group {
        min.1 = 100;
    }
    // "Support for qualifiers .tile::gather4 and .tile::scatter4
    // introduced in PTX ISA version 8.6"; gather4 needs "sm_100 or higher
    // when destination state space is .shared::cta" (sm_100a for
    // .shared::cluster), scatter4 sm_100a; "these modes work only on 2D
    // tensor data"; gather4 is a load and scatter4 a store.
    let four = matches!(mode, "tile::gather4" | "tile::scatter4");
    if four {
        let gather = mode == "tile::gather4";
        if dims != 2 || gather != load || red.is_some() {
            return Err(format!(
                "`.{mode}` is a 2d {}",
                if gather {
                    "load (global to shared memory)"
                } else {
                    "store (shared to global memory)"
                }
            ));
        }
        min = (PtxVersion::new(8, 6), 100);
    }
    // "In each of these modes, the tensor has to be at least
    // 3-dimensional"; the loads take `.im2col`, `.im2col::w` and
    // `.im2col::w::128`, the stores and reductions `.im2col_no_offs` and
    // `.im2col_no_offs::w` (the syntax's `.load_mode` sets). "Support for
    // qualifiers .im2col::w and .im2col::w::128 introduced in PTX ISA
    // version 8.6" (sm_100, as `.tile::gather4`); ".im2col_no_offs::w
    // introduced in PTX ISA version 9.4" (sm_107f).
    if let Some(w) = mode.strip_prefix("im2col") {
        let store_mode = w.starts_with("_no_offs");
        if dims < 3 || store_mode == load {
            return Err(format!(
                "`.{mode}` is a {} of a 3d to 5d tensor",
                if store_mode {
                    "store or reduction (shared to global memory)"
                } else {
                    "load (global to shared memory)"
                }
            ));
        }
        match w {
            "::w" | "::w::128" => min = (PtxVersion::new(8, 6), 100),
            "_no_offs::w" => min = (PtxVersion::new(9, 4), 107),
            _ => {}
        }
    }
    // PTX ISA 9.4: "Support for .multicast::cluster::16b and
    // .multicast::cluster::32b qualifiers introduced in PTX ISA version
    // 9.4"; the report mechanisms and `::32b` are "supported on following
    // family-specific architectures: sm_107f or higher in the same family";
    // "Asynchronous copy operations with copy-direction from .global to
    // .shared::cta or .shared::cluster support reporting data validity".
    let mut suffix = Suffix::None;
    // "Qualifiers .override::global_address and .override_attribute": PTX
    // ISA 9.4, sm_107f; "while using .override_attribute qualifier, it is
    // mandatory to also specify .override::global_address qualifier".
    if attribute && !gaddr {
        return Err("`.override::global_dim{_stride}` needs `.override::global_address` too (\"it is mandatory to also specify .override::global_address qualifier\")".into());
    }
    if gaddr {
        min = (min.0.max(PtxVersion::new(9, 4)), min.1.max(107));
        suffix = Suffix::Family;
    }
    if width {
        min.0 = min.0.max(PtxVersion::new(9, 4));
    }
    if mask32 || report.is_some() {
        if report.is_some() && !load {
            return Err(
                "`.report_mechanism` belongs to the loads (global to shared memory)".into(),
            );
        }
        min = (min.0.max(PtxVersion::new(9, 4)), min.1.max(107));
        suffix = Suffix::Family;
    }
    let kind = match mode {
        _ if attribute => AsyncKind::Unrun("`.override::global_dim` and `.override::global_dim_stride` are not run yet: PTX ISA 9.7.10.28.5.2.2 gives each new dimension as an 8-bit value (\"comprising .dim many elements of type .b8 or .b16 ... the value must reside within the lower 8-bits\") without saying how 8 bits encode a dimension of up to 2^32 elements"),
        "tile" | "tile::gather4" | "tile::scatter4" | "im2col" | "im2col_no_offs" => {
            AsyncKind::Tensor(TensorCopy {
                dims,
                load,
                reduce: red,
                four,
                im2col: mode.starts_with("im2col"),
            })
        }
        _ => AsyncKind::Unrun("the `.im2col::w`, `.im2col::w::128` and `.im2col_no_offs::w` modes are not run yet: PTX ISA 5.5.5 gives their halo and offset rules by figures only, and no GPU record shows them (the engine runs `.tile`, `.tile::gather4`, `.tile::scatter4`, `.im2col` and `.im2col_no_offs`)"),
    };
    Ok(AsyncOp {
        kind,
        cluster_space: dst == Some("shared::cluster"),
        cache_hint: hint,
        multicast,
        min,
        ty: None,
        lanes: 1,
        ignore_oob: false,
        cp_mask: false,
        mask32,
        report,
        suffix,
        gaddr,
    })
}

/// The memories of a bulk copy.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum BulkDir {
    /// `.shared::cluster.global` (or `.shared::cta.global`) with an mbarrier.
    GlobalToShared,
    /// `.shared::cluster.shared::cta` with an mbarrier.
    SharedToShared,
    /// `.global.shared::cta.bulk_group`.
    SharedToGlobal,
}

/// One qualifier slot of a row: the words it admits, and whether it may
/// be left out.
#[derive(Clone, Copy, Debug)]
struct Slot {
    words: &'static [&'static str],
    optional: bool,
}

const fn req(words: &'static [&'static str]) -> Slot {
    Slot {
        words,
        optional: false,
    }
}

const fn opt(words: &'static [&'static str]) -> Slot {
    Slot {
        words,
        optional: true,
    }
}

/// One syntax line of the PTX ISA.
struct Row {
    /// The line as the ISA writes it.
    syntax: &'static str,
    /// The qualifiers after the root, in order.
    slots: &'static [Slot],
    /// The instruction (a [`AsyncKind::Bulk`]'s `reduce` is filled in
    /// from the opcode's `.redOp.type`).
    kind: AsyncKind,
    /// PTX ISA version and sm target.
    version: (u8, u8),
    sm: u16,
}

const SEM_REL: Slot = opt(&["release", "relaxed"]);
const SEM_ACQ: Slot = opt(&["acquire", "relaxed"]);
const SCOPE: Slot = opt(&["cta", "cluster"]);
const CTA_SPACE: Slot = opt(&["shared", "shared::cta"]);
const ANY_SPACE: Slot = opt(&["shared", "shared::cta", "shared::cluster"]);
const B64: Slot = req(&["b64"]);
const HINT: Slot = opt(&["L2::cache_hint"]);
const COMPLETE_TX: Slot = req(&["mbarrier::complete_tx::bytes"]);
const LAYOUT: Slot = opt(&["layout::v0", "layout::v1"]);
const PHASE_TYPE: Slot = opt(&["phase_type::primary", "phase_type::conditional"]);
/// PTX ISA 9.4: "The optional qualifier .multicast::cluster::32b allows
/// performing [the operation] on an mbarrier object from shared memory of
/// multiple CTAs in the cluster" (`arrive`, `arrive_drop`, their
/// `.expect_tx`, `expect_tx`, `complete_tx`).
const MULTICAST32: Slot = opt(&["multicast::cluster::32b"]);

/// The rows (PTX ISA 9.7.13.15 "mbarrier", 9.7.9.25 "cp.async.bulk",
/// 9.7.9.26 "cp.reduce.async.bulk", 9.7.13.4 "barrier.cluster",
/// 9.7.9.27 "mapa", 9.7.9.28 "getctarank", 9.7.9.12 "st.async", 9.7.13.7
/// "red.async", 9.7.13.17/18 "clusterlaunchcontrol": "Introduced in PTX
/// ISA version 8.6", "Requires sm_100 or higher"). `st.async` and `red.async`: "Introduced in PTX ISA
/// version 8.1", "Requires sm_90 or higher"; "Support for .mmio
/// qualifier, .release semantics, .global state space, and .scope
/// qualifier introduced in PTX ISA version 8.7", which "require sm_100
/// or higher".
const ROWS: &[Row] = &[
    Row {
        syntax: "mbarrier.init{.layout}{.shared{::cta}}.b64 [addr], count;",
        slots: &[req(&["init"]), LAYOUT, CTA_SPACE, B64],
        kind: AsyncKind::Init { v1: false },
        version: (7, 0),
        sm: 80,
    },
    Row {
        syntax: "mbarrier.inval{.shared{::cta}}.b64 [addr];",
        slots: &[req(&["inval"]), CTA_SPACE, B64],
        kind: AsyncKind::Inval,
        version: (7, 0),
        sm: 80,
    },
    Row {
        syntax: "mbarrier.arrive{.sem}{.scope}{.space}{.multicast::cluster::32b}.b64 state, [addr]{, count}{, ctaMask};",
        slots: &[req(&["arrive"]), SEM_REL, SCOPE, ANY_SPACE, MULTICAST32, B64],
        kind: AsyncKind::Arrive {
            drop: false,
            no_complete: false,
            expect_tx: false,
        },
        version: (7, 0),
        sm: 80,
    },
    Row {
        syntax: "mbarrier.arrive.noComplete{.release}{.cta}{.shared{::cta}}.b64 state, [addr], count;",
        slots: &[req(&["arrive"]), req(&["noComplete"]), SEM_REL, SCOPE, CTA_SPACE, B64],
        kind: AsyncKind::Arrive {
            drop: false,
            no_complete: true,
            expect_tx: false,
        },
        version: (7, 0),
        sm: 80,
    },
    Row {
        syntax: "mbarrier.arrive.expect_tx{.sem}{.scope}{.space}{.multicast::cluster::32b}.b64 state, [addr], txCount{, ctaMask};",
        slots: &[req(&["arrive"]), req(&["expect_tx"]), SEM_REL, SCOPE, ANY_SPACE, MULTICAST32, B64],
        kind: AsyncKind::Arrive {
            drop: false,
            no_complete: false,
            expect_tx: true,
        },
        version: (8, 0),
        sm: 90,
    },
    Row {
        syntax: "mbarrier.arrive_drop{.sem}{.scope}{.space}{.multicast::cluster::32b}.b64 state, [addr]{, count}{, ctaMask};",
        slots: &[req(&["arrive_drop"]), SEM_REL, SCOPE, ANY_SPACE, MULTICAST32, B64],
        kind: AsyncKind::Arrive {
            drop: true,
            no_complete: false,
            expect_tx: false,
        },
        version: (7, 0),
        sm: 80,
    },
    Row {
        syntax: "mbarrier.arrive_drop.noComplete{.release}{.cta}{.shared{::cta}}.b64 state, [addr], count;",
        slots: &[req(&["arrive_drop"]), req(&["noComplete"]), SEM_REL, SCOPE, CTA_SPACE, B64],
        kind: AsyncKind::Arrive {
            drop: true,
            no_complete: true,
            expect_tx: false,
        },
        version: (7, 0),
        sm: 80,
    },
    Row {
        syntax: "mbarrier.arrive_drop.expect_tx{.sem}{.scope}{.space}{.multicast::cluster::32b}.b64 state, [addr], txCount{, ctaMask};",
        slots: &[req(&["arrive_drop"]), req(&["expect_tx"]), SEM_REL, SCOPE, ANY_SPACE, MULTICAST32, B64],
        kind: AsyncKind::Arrive {
            drop: true,
            no_complete: false,
            expect_tx: true,
        },
        version: (8, 0),
        sm: 90,
    },
    Row {
        syntax: "mbarrier.expect_tx{.sem}{.scope}{.space}{.multicast::cluster::32b}.b64 [addr], txCount{, ctaMask};",
        slots: &[req(&["expect_tx"]), opt(&["relaxed"]), SCOPE, ANY_SPACE, MULTICAST32, B64],
        kind: AsyncKind::ExpectTx,
        version: (8, 0),
        sm: 90,
    },
    Row {
        syntax: "mbarrier.complete_tx{.sem}{.scope}{.space}{.multicast::cluster::32b}.b64 [addr], txCount{, ctaMask};",
        slots: &[req(&["complete_tx"]), opt(&["relaxed"]), SCOPE, ANY_SPACE, MULTICAST32, B64],
        kind: AsyncKind::CompleteTx,
        version: (8, 0),
        sm: 90,
    },
    Row {
        syntax: "mbarrier.test_wait{.phase_type::primary}{.sem}{.scope}{.shared{::cta}}.b64 waitComplete{|reportPredicate{, reportValue}}, [addr], state;",
        slots: &[req(&["test_wait"]), PHASE_TYPE, SEM_ACQ, SCOPE, CTA_SPACE, B64],
        kind: AsyncKind::Wait {
            test: true,
            parity: false,
            phase: PhaseType::Unspecified,
        },
        version: (7, 0),
        sm: 80,
    },
    Row {
        syntax: "mbarrier.test_wait.parity{.phase_type}{.sem}{.scope}{.shared{::cta}}.b64 waitComplete{|reportPredicate{, reportValue}}, [addr], phaseParity;",
        slots: &[req(&["test_wait"]), req(&["parity"]), PHASE_TYPE, SEM_ACQ, SCOPE, CTA_SPACE, B64],
        kind: AsyncKind::Wait {
            test: true,
            parity: true,
            phase: PhaseType::Unspecified,
        },
        version: (7, 1),
        sm: 80,
    },
    Row {
        syntax: "mbarrier.try_wait{.phase_type::primary}{.sem}{.scope}{.shared{::cta}}.b64 waitComplete{|reportPredicate{, reportValue}}, [addr], state{, suspendTimeHint};",
        slots: &[req(&["try_wait"]), PHASE_TYPE, SEM_ACQ, SCOPE, CTA_SPACE, B64],
        kind: AsyncKind::Wait {
            test: false,
            parity: false,
            phase: PhaseType::Unspecified,
        },
        version: (7, 8),
        sm: 90,
    },
    Row {
        syntax: "mbarrier.try_wait.parity{.phase_type}{.sem}{.scope}{.shared{::cta}}.b64 waitComplete{|reportPredicate{, reportValue}}, [addr], phaseParity{, suspendTimeHint};",
        slots: &[req(&["try_wait"]), req(&["parity"]), PHASE_TYPE, SEM_ACQ, SCOPE, CTA_SPACE, B64],
        kind: AsyncKind::Wait {
            test: false,
            parity: true,
            phase: PhaseType::Unspecified,
        },
        version: (7, 8),
        sm: 90,
    },
    Row {
        syntax: "mbarrier.pending_count{.layout::v0}.b64 count, state;",
        slots: &[req(&["pending_count"]), opt(&["layout::v0"]), B64],
        kind: AsyncKind::PendingCount,
        version: (7, 0),
        sm: 80,
    },
    Row {
        syntax: "mbarrier.check_layout.layout{.shared::cta}.b64 p, [addr];",
        slots: &[req(&["check_layout"]), req(&["layout::v0", "layout::v1"]), opt(&["shared::cta"]), B64],
        kind: AsyncKind::CheckLayout { v1: false },
        version: (9, 3),
        sm: 90,
    },
    Row {
        syntax: "cp.async.mbarrier.arrive{.noinc}{.shared{::cta}}.b64 [addr];",
        slots: &[
            req(&["async"]),
            req(&["mbarrier"]),
            req(&["arrive"]),
            opt(&["noinc"]),
            CTA_SPACE,
            B64,
        ],
        kind: AsyncKind::CpAsyncArrive { noinc: false },
        version: (7, 0),
        sm: 80,
    },
    Row {
        syntax: "cp.async.bulk{.sem}.shared::cluster.global.mbarrier::complete_tx::bytes{.report_mechanism}{.multicast::cluster{::16b, ::32b}}{.L2::cache_hint} [dstMem], [srcMem], size, [mbar]{, ctaMask}{, cache-policy};",
        slots: &[
            req(&["async"]),
            req(&["bulk"]),
            opt(&["weak"]),
            req(&["shared::cluster", "shared::cta"]),
            req(&["global"]),
            COMPLETE_TX,
            opt(&["multicast::cluster"]),
            HINT,
        ],
        kind: AsyncKind::Bulk {
            dir: BulkDir::GlobalToShared,
            reduce: None,
        },
        version: (8, 0),
        sm: 90,
    },
    // "The qualifier .ignore_oob is only available for the global to
    // .shared::cta copy direction."
    Row {
        syntax: "cp.async.bulk{.weak}.shared::cta.global.mbarrier::complete_tx::bytes{.L2::cache_hint}.ignore_oob [dstMem], [srcMem], size, ignoreBytesLeft, ignoreBytesRight, [mbar]{, cache-policy};",
        slots: &[
            req(&["async"]),
            req(&["bulk"]),
            opt(&["weak"]),
            req(&["shared::cta"]),
            req(&["global"]),
            COMPLETE_TX,
            HINT,
            req(&["ignore_oob"]),
        ],
        kind: AsyncKind::Bulk {
            dir: BulkDir::GlobalToShared,
            reduce: None,
        },
        version: (9, 2),
        sm: 90,
    },
    Row {
        syntax: "cp.async.bulk{.weak}.shared::cluster.shared::cta.mbarrier::complete_tx::bytes [dstMem], [srcMem], size, [mbar];",
        slots: &[
            req(&["async"]),
            req(&["bulk"]),
            opt(&["weak"]),
            req(&["shared::cluster"]),
            req(&["shared::cta"]),
            COMPLETE_TX,
        ],
        kind: AsyncKind::Bulk {
            dir: BulkDir::SharedToShared,
            reduce: None,
        },
        version: (8, 0),
        sm: 90,
    },
    Row {
        syntax: "cp.async.bulk{.weak}.global.shared::cta.bulk_group{.L2::cache_hint}{.cp_mask} [dstMem], [srcMem], size{, cache-policy}{, byteMask};",
        slots: &[
            req(&["async"]),
            req(&["bulk"]),
            opt(&["weak"]),
            req(&["global"]),
            req(&["shared::cta"]),
            req(&["bulk_group"]),
            HINT,
            opt(&["cp_mask"]),
        ],
        kind: AsyncKind::Bulk {
            dir: BulkDir::SharedToGlobal,
            reduce: None,
        },
        version: (8, 0),
        sm: 90,
    },
    Row {
        syntax: "cp.reduce.async.bulk.shared::cluster.shared::cta.mbarrier::complete_tx::bytes.redOp.type [dstMem], [srcMem], size, [mbar];",
        slots: &[
            req(&["reduce"]),
            req(&["async"]),
            req(&["bulk"]),
            req(&["shared::cluster"]),
            req(&["shared::cta"]),
            COMPLETE_TX,
        ],
        kind: AsyncKind::Bulk {
            dir: BulkDir::SharedToShared,
            reduce: None,
        },
        version: (8, 0),
        sm: 90,
    },
    Row {
        syntax: "cp.reduce.async.bulk.global.shared::cta.bulk_group{.L2::cache_hint}.redOp{.noftz}.type [dstMem], [srcMem], size{, cache-policy};",
        slots: &[
            req(&["reduce"]),
            req(&["async"]),
            req(&["bulk"]),
            req(&["global"]),
            req(&["shared::cta"]),
            req(&["bulk_group"]),
            HINT,
        ],
        kind: AsyncKind::Bulk {
            dir: BulkDir::SharedToGlobal,
            reduce: None,
        },
        version: (8, 0),
        sm: 90,
    },
    Row {
        syntax: "cp.async.bulk.prefetch.L2.global{.L2::cache_hint} [srcMem], size{, cache-policy};",
        slots: &[
            req(&["async"]),
            req(&["bulk"]),
            req(&["prefetch"]),
            req(&["L2"]),
            req(&["global"]),
            HINT,
        ],
        kind: AsyncKind::Prefetch,
        version: (8, 0),
        sm: 90,
    },
    // PTX ISA 9.4: "cp.async.bulk.prefetch.L2.src{.level::eviction_priority}
    // [srcMem], size; .level::eviction_priority = { .L2::evict_last }":
    // "Support for .level::eviction_priority qualifier introduced in PTX ISA
    // version 9.4"; "Qualifier .level::eviction_priority is supported on the
    // following family-specific architectures: sm_107f or higher in the
    // same family" (the suffix: `AsyncOp::decode`).
    Row {
        syntax: "cp.async.bulk.prefetch.L2.global.L2::evict_last [srcMem], size;",
        slots: &[
            req(&["async"]),
            req(&["bulk"]),
            req(&["prefetch"]),
            req(&["L2"]),
            req(&["global"]),
            req(&["L2::evict_last"]),
        ],
        kind: AsyncKind::Prefetch,
        version: (9, 4),
        sm: 107,
    },
    Row {
        syntax: "cp.async.bulk.commit_group;",
        slots: &[req(&["async"]), req(&["bulk"]), req(&["commit_group"])],
        kind: AsyncKind::Commit,
        version: (8, 0),
        sm: 90,
    },
    Row {
        syntax: "cp.async.bulk.wait_group{.read} N;",
        slots: &[
            req(&["async"]),
            req(&["bulk"]),
            req(&["wait_group"]),
            opt(&["read"]),
        ],
        kind: AsyncKind::WaitGroup,
        version: (8, 0),
        sm: 90,
    },
    Row {
        syntax: "barrier.cluster.arrive{.sem}{.aligned};",
        slots: &[
            req(&["cluster"]),
            req(&["arrive"]),
            opt(&["release", "relaxed"]),
            opt(&["aligned"]),
        ],
        kind: AsyncKind::ClusterArrive,
        version: (7, 8),
        sm: 90,
    },
    Row {
        syntax: "barrier.cluster.wait{.acquire}{.aligned};",
        slots: &[
            req(&["cluster"]),
            req(&["wait"]),
            opt(&["acquire"]),
            opt(&["aligned"]),
        ],
        kind: AsyncKind::ClusterWait,
        version: (7, 8),
        sm: 90,
    },
    Row {
        syntax: "mapa{.space}.type d, a, b;",
        slots: &[opt(&["shared::cluster"]), req(&["u32", "u64"])],
        kind: AsyncKind::Mapa,
        version: (7, 8),
        sm: 90,
    },
    Row {
        syntax: "getctarank{.space}.type d, a;",
        slots: &[opt(&["shared::cluster"]), req(&["u32", "u64"])],
        kind: AsyncKind::Getctarank,
        version: (7, 8),
        sm: 90,
    },
    Row {
        syntax: "st.async{.weak}{.scope}{.shared::cluster}.mbarrier::complete_tx::bytes{.v2}.type [a], b, [mbar];",
        slots: &[
            req(&["async"]),
            opt(&["weak"]),
            opt(&["cluster"]),
            opt(&["shared::cluster"]),
            COMPLETE_TX,
            opt(&["v2"]),
            req(&["b32", "b64", "u32", "u64", "s32", "s64", "f32", "f64"]),
        ],
        kind: AsyncKind::Store {
            red: None,
            mbar: true,
        },
        version: (8, 1),
        sm: 90,
    },
    // ".v4 qualifier is supported with .b32, .s32, .u32 and .f32 types."
    Row {
        syntax: "st.async{.weak}{.scope}{.shared::cluster}.mbarrier::complete_tx::bytes.v4.type [a], b, [mbar];",
        slots: &[
            req(&["async"]),
            opt(&["weak"]),
            opt(&["cluster"]),
            opt(&["shared::cluster"]),
            COMPLETE_TX,
            req(&["v4"]),
            req(&["b32", "u32", "s32", "f32"]),
        ],
        kind: AsyncKind::Store {
            red: None,
            mbar: true,
        },
        version: (8, 1),
        sm: 90,
    },
    // "Support for .b128 type introduced in PTX ISA version 9.2" (no
    // `.vec` lists it).
    Row {
        syntax: "st.async{.weak}{.scope}{.shared::cluster}.mbarrier::complete_tx::bytes.b128 [a], b, [mbar];",
        slots: &[
            req(&["async"]),
            opt(&["weak"]),
            opt(&["cluster"]),
            opt(&["shared::cluster"]),
            COMPLETE_TX,
            req(&["b128"]),
        ],
        kind: AsyncKind::Store {
            red: None,
            mbar: true,
        },
        version: (9, 2),
        sm: 90,
    },
    Row {
        syntax: "st.async{.mmio}.release.scope{.global}.type [a], b;",
        slots: &[
            req(&["async"]),
            opt(&["mmio"]),
            req(&["release"]),
            req(&["gpu", "sys"]),
            opt(&["global"]),
            req(&[
                "b8", "b16", "b32", "b64", "u8", "u16", "u32", "u64", "s8", "s16", "s32", "s64",
                "f32", "f64",
            ]),
        ],
        kind: AsyncKind::Store {
            red: None,
            mbar: false,
        },
        version: (8, 7),
        sm: 100,
    },
    // The ISA's own example writes the scope first:
    // "st.async.sys.release.global.u32 [addr], b;".
    Row {
        syntax: "st.async{.mmio}.scope.release{.global}.type [a], b;",
        slots: &[
            req(&["async"]),
            opt(&["mmio"]),
            req(&["gpu", "sys"]),
            req(&["release"]),
            opt(&["global"]),
            req(&[
                "b8", "b16", "b32", "b64", "u8", "u16", "u32", "u64", "s8", "s16", "s32", "s64",
                "f32", "f64",
            ]),
        ],
        kind: AsyncKind::Store {
            red: None,
            mbar: false,
        },
        version: (8, 7),
        sm: 100,
    },
    Row {
        syntax: "red.async.relaxed.cluster{.shared::cluster}{.mbarrier::complete_tx::bytes}.op.u32 [a], b, [mbar]; .op = { .inc, .dec }",
        slots: &[
            req(&["async"]),
            req(&["relaxed"]),
            req(&["cluster"]),
            opt(&["shared::cluster"]),
            opt(&["mbarrier::complete_tx::bytes"]),
            req(&["inc", "dec"]),
            req(&["u32"]),
        ],
        kind: AsyncKind::Store {
            red: None,
            mbar: true,
        },
        version: (8, 1),
        sm: 90,
    },
    Row {
        syntax: "red.async.relaxed.cluster{.shared::cluster}{.mbarrier::complete_tx::bytes}.op.type [a], b, [mbar]; .op = { .min, .max }, .type = { .u32, .s32 }",
        slots: &[
            req(&["async"]),
            req(&["relaxed"]),
            req(&["cluster"]),
            opt(&["shared::cluster"]),
            opt(&["mbarrier::complete_tx::bytes"]),
            req(&["min", "max"]),
            req(&["u32", "s32"]),
        ],
        kind: AsyncKind::Store {
            red: None,
            mbar: true,
        },
        version: (8, 1),
        sm: 90,
    },
    Row {
        syntax: "red.async.relaxed.cluster{.shared::cluster}{.mbarrier::complete_tx::bytes}.op.b32 [a], b, [mbar]; .op = { .and, .or, .xor }",
        slots: &[
            req(&["async"]),
            req(&["relaxed"]),
            req(&["cluster"]),
            opt(&["shared::cluster"]),
            opt(&["mbarrier::complete_tx::bytes"]),
            req(&["and", "or", "xor"]),
            req(&["b32"]),
        ],
        kind: AsyncKind::Store {
            red: None,
            mbar: true,
        },
        version: (8, 1),
        sm: 90,
    },
    Row {
        syntax: "red.async.relaxed.cluster{.shared::cluster}{.mbarrier::complete_tx::bytes}.add.type [a], b, [mbar]; .type = { .u32, .s32, .u64 }",
        slots: &[
            req(&["async"]),
            req(&["relaxed"]),
            req(&["cluster"]),
            opt(&["shared::cluster"]),
            opt(&["mbarrier::complete_tx::bytes"]),
            req(&["add"]),
            req(&["u32", "s32", "u64"]),
        ],
        kind: AsyncKind::Store {
            red: None,
            mbar: true,
        },
        version: (8, 1),
        sm: 90,
    },
    Row {
        syntax: "red.async{.mmio}.release.scope{.global}.add.type [a], b; .scope = { .gpu, .sys }, .type = { .u32, .s32, .u64, .s64 }",
        slots: &[
            req(&["async"]),
            opt(&["mmio"]),
            req(&["release"]),
            req(&["gpu", "sys"]),
            opt(&["global"]),
            req(&["add"]),
            req(&["u32", "s32", "u64", "s64"]),
        ],
        kind: AsyncKind::Store {
            red: None,
            mbar: false,
        },
        version: (8, 7),
        sm: 100,
    },
    Row {
        syntax: "clusterlaunchcontrol.try_cancel.async{.shared::cta}.mbarrier::complete_tx::bytes{.multicast::cluster::all}.b128 [addr], [mbar];",
        slots: &[
            req(&["try_cancel"]),
            req(&["async"]),
            opt(&["shared::cta"]),
            COMPLETE_TX,
            opt(&["multicast::cluster::all"]),
            req(&["b128"]),
        ],
        kind: AsyncKind::TryCancel,
        version: (8, 6),
        sm: 100,
    },
    Row {
        syntax: "clusterlaunchcontrol.query_cancel.is_canceled.pred.b128 pred, try_cancel_response;",
        slots: &[
            req(&["query_cancel"]),
            req(&["is_canceled"]),
            req(&["pred"]),
            req(&["b128"]),
        ],
        kind: AsyncKind::QueryCancel { first_ctaid: false },
        version: (8, 6),
        sm: 100,
    },
    Row {
        syntax: "clusterlaunchcontrol.query_cancel.get_first_ctaid.v4.b32.b128 {xdim, ydim, zdim, _}, try_cancel_response;",
        slots: &[
            req(&["query_cancel"]),
            req(&["get_first_ctaid"]),
            req(&["v4"]),
            req(&["b32"]),
            req(&["b128"]),
        ],
        kind: AsyncKind::QueryCancel { first_ctaid: true },
        version: (8, 6),
        sm: 100,
    },
    Row {
        syntax: "clusterlaunchcontrol.query_cancel.get_first_ctaid{::dimension}.b32.b128 reg, try_cancel_response;",
        slots: &[
            req(&["query_cancel"]),
            req(&[
                "get_first_ctaid::x",
                "get_first_ctaid::y",
                "get_first_ctaid::z",
            ]),
            req(&["b32"]),
            req(&["b128"]),
        ],
        kind: AsyncKind::QueryCancel { first_ctaid: true },
        version: (8, 6),
        sm: 100,
    },
];

/// Qualifiers that need more than their row: (the opcodes it applies to,
/// by prefix; word; PTX ISA version; sm).
/// mbarrier: "Support for sub-qualifier ::cta on .shared introduced in PTX
/// ISA version 7.8"; "Support for .sem and .scope qualifiers introduced in
/// PTX ISA version 8.0" (sm_90); ".relaxed ... introduced in PTX ISA
/// version 8.6"; "Support for .shared::cluster ... introduced in PTX ISA
/// version 8.0"; cp.async.bulk: ".shared::cta as destination state space
/// is introduced in PTX ISA version 8.6", "Support for .cp_mask qualifier
/// introduced in PTX ISA version 8.6" (".cp_mask qualifier requires sm_100
/// or higher"), "Support for .weak and .relaxed semantics ... introduced
/// in PTX ISA version 9.3"; barrier.cluster: "Support for
/// .relaxed qualifier on barrier.cluster.arrive introduced in PTX ISA
/// version 8.0".
const WORDS: &[(&str, &str, (u8, u8), u16)] = &[
    ("mbarrier", "shared::cta", (7, 8), 0),
    ("mbarrier", "release", (8, 0), 90),
    ("mbarrier", "acquire", (8, 0), 90),
    ("mbarrier", "cta", (8, 0), 90),
    ("mbarrier", "cluster", (8, 0), 90),
    ("mbarrier.arrive", "relaxed", (8, 6), 90),
    ("mbarrier.test_wait", "relaxed", (8, 6), 90),
    ("mbarrier.try_wait", "relaxed", (8, 6), 90),
    ("mbarrier", "shared::cluster", (8, 0), 90),
    ("cp.async.mbarrier", "shared::cta", (7, 8), 0),
    ("cp.async.bulk", "shared::cta.global", (8, 6), 90),
    ("cp.async.bulk", "cp_mask", (8, 6), 100),
    ("cp.async.bulk", "weak", (9, 3), 90),
    ("barrier", "relaxed", (8, 0), 90),
    ("st.async", "cluster", (8, 7), 100),
    ("mbarrier", "layout::v0", (9, 3), 90),
    ("mbarrier", "layout::v1", (9, 3), 90),
    ("mbarrier", "phase_type::primary", (9, 3), 90),
    ("mbarrier", "phase_type::conditional", (9, 3), 90),
    ("mbarrier", "multicast::cluster::32b", (9, 4), 107),
];

/// The help of a malformed form.
const HELP: &str = "docs/ENGINE.md \"mbarrier\", \"cp.async.bulk\", \"st.async and red.async\" and \"Clusters\" list the forms the engine runs";

impl AsyncOp {
    /// Decodes `opcode` if it is one of this module's instructions: `None`
    /// where it is not; an error where its qualifiers match no row.
    pub fn decode(opcode: &str) -> Option<Result<AsyncOp, Diagnostic>> {
        let mut parts = opcode.split('.');
        let root = parts.next()?;
        let rest: Vec<&str> = parts.collect();
        let family = match (root, rest.as_slice()) {
            ("mbarrier", _) => "mbarrier",
            ("cp", ["async", "mbarrier", ..]) => "cp.async.mbarrier",
            ("cp", ["async", "bulk", "tensor", words @ ..])
            | ("cp", ["reduce", "async", "bulk", "tensor", words @ ..]) => {
                let reduce = rest[0] == "reduce";
                return Some(tensor_copy(words, reduce).map_err(|why| {
                    Diagnostic::error(0..opcode.len(), format!("`{opcode}`: {why}"))
                        .with_help("docs/ENGINE.md \"Tensor copies\" lists the forms")
                }));
            }
            // "cp.async.bulk.prefetch.tensor.dim.L2.src{.load_mode}
            // {.level::cache_hint}": "Introduced in PTX ISA version 8.0",
            // "Requires sm_90 or higher".
            ("cp", ["async", "bulk", "prefetch", "tensor", ..]) => {
                // PTX ISA 9.4: `{.override::global_address}
                // {.override_attribute}` on the prefetch too (sm_107f).
                let gaddr = rest.contains(&"override::global_address");
                let attribute = rest.iter().any(|w| w.starts_with("override::global_dim"));
                // `.level::eviction_priority` (`.L2::evict_last`): 9.4, the
                // sm_107f family, as for `cp.async.bulk.prefetch`.
                let v94 = gaddr || attribute || rest.contains(&"L2::evict_last");
                return Some(Ok(AsyncOp {
                    kind: if attribute {
                        AsyncKind::Unrun("`.override::global_dim` and `.override::global_dim_stride` are not run yet: PTX ISA 9.7.10.28.5.2.2 gives each new dimension as an 8-bit value without saying how it encodes the dimension")
                    } else {
                        AsyncKind::TensorPrefetch
                    },
                    cluster_space: false,
                    cache_hint: opcode.contains("L2::cache_hint"),
                    multicast: false,
                    min: if v94 {
                        (PtxVersion::new(9, 4), 107)
                    } else {
                        (PtxVersion::new(8, 0), 90)
                    },
                    ty: None,
                    lanes: 1,
                    ignore_oob: false,
                    cp_mask: false,
                    mask32: false,
                    report: None,
                    suffix: if v94 { Suffix::Family } else { Suffix::None },
                    gaddr,
                }));
            }
            ("cp", ["async", "bulk", ..]) => "cp.async.bulk",
            ("cp", ["reduce", "async", "bulk", ..]) => "cp.reduce.async.bulk",
            ("barrier", ["cluster", ..]) => "barrier",
            ("mapa" | "getctarank", _) => root,
            ("st", ["async", ..]) => "st.async",
            ("red", ["async", ..]) => "red.async",
            ("clusterlaunchcontrol", _) => "clusterlaunchcontrol",
            _ => return None,
        };
        let bad = |why: String| {
            Diagnostic::error(0..opcode.len(), format!("`{opcode}`: {why}")).with_help(HELP)
        };
        // cp.reduce.async.bulk: `.redOp{.noftz}.type` ends the opcode; the
        // rows hold the rest, the atomics' table the operation.
        let (words, reduce) = if family == "cp.reduce.async.bulk" {
            let n = rest.len();
            let tail = if n >= 2 && rest[n - 2] == "noftz" {
                3
            } else {
                2
            };
            if n < tail + 4 {
                return Some(Err(bad("expected `.dst.src.completion.redOp.type`".into())));
            }
            let (head, op) = rest.split_at(n - tail);
            if !matches!(
                op[0],
                "and" | "or" | "xor" | "add" | "inc" | "dec" | "min" | "max"
            ) {
                return Some(Err(bad(format!(
                    "`.{}` is not a .redOp of cp.reduce.async.bulk (.and, .or, .xor, .add, .inc, .dec, .min, .max)",
                    op[0]
                ))));
            }
            let space = if head.contains(&"global") {
                "global"
            } else {
                "shared"
            };
            // "cp.reduce.async.bulk ... .redOp = { .and, .or, .xor, .add,
            // .inc, .dec, .min, .max }": the atomic of the same operation
            // and type on the destination's memory. "The default behavior
            // for cp.reduce.async.bulk.add.f32 is equivalent to specifying
            // optional .noftz qualifier which preserves input and result
            // subnormals, and does not flush them to zero" (unlike
            // `red.global.add.f32`, which flushes).
            let text = if op == ["add", "f32"] {
                format!("red.{space}.add.noftz.f32")
            } else {
                format!("red.{space}.{}", op.join("."))
            };
            // ".min, .max" on ".f16, .bf16" (global destination): valid,
            // not run until the NaN and signed-zero rule of a
            // floating-point min/max reduction is known.
            if matches!(op, ["min" | "max", "f16" | "bf16"]) && space == "global" {
                return Some(Ok(AsyncOp {
                    kind: AsyncKind::Unrun("a .min/.max reduction of .f16/.bf16 is not run yet: the PTX ISA does not say how it treats NaNs and signed zeros, and no GPU record shows it"),
                    cluster_space: false,
                    cache_hint: head.contains(&"L2::cache_hint"),
                    multicast: false,
                    min: (PtxVersion::new(8, 0), 90),
                    ty: None,
                    lanes: 1,
                    ignore_oob: false,
                    cp_mask: false,
                    mask32: false,
                    report: None,
                    suffix: Suffix::None,
                    gaddr: false,
                }));
            }
            match Atomic::decode(&text, true) {
                Ok(a) => (head.to_vec(), Some(a)),
                Err(d) => {
                    return Some(Err(bad(format!(
                        "`.{}` is not a reduction cp.reduce.async.bulk runs ({})",
                        op.join("."),
                        d.message
                    ))))
                }
            }
        } else {
            (rest.clone(), None)
        };
        // cp.async.bulk's PTX ISA 9.3/9.4 qualifiers, taken out before the
        // rows match (compilers write them in more than one order).
        let (words, extra) = if matches!(family, "cp.async.bulk" | "cp.reduce.async.bulk") {
            match bulk_extras(&words) {
                Ok(x) => x,
                Err(why) => return Some(Err(bad(why))),
            }
        } else {
            (words, Extras::default())
        };
        // The rows in the ISA's order first; then, if none matches, in any
        // order of the qualifiers between the first word and the type:
        // nvcc compiles CUTLASS's `mbarrier.complete_tx.shared::cluster
        // .relaxed.cluster.b64` (`include/cutlass/arch/barrier.h`) and
        // TensorRT-LLM's `red.async.release.global.gpu.add.u32`
        // (FlashInfer's `trtllm_mnnvl_allreduce.cuh`), whose syntax lines
        // are `mbarrier.complete_tx{.sem}{.scope}{.space}.b64` and
        // `red.async.sem.scope{.ss}.add.type`.
        let rows = || ROWS.iter().filter(|r| r.syntax.starts_with(family));
        let found = rows()
            .find_map(|row| Some((row, match_slots(row.slots, &words)?)))
            .or_else(|| {
                rows().find_map(|row| Some((row, match_slots_any_order(row.slots, &words)?)))
            });
        if let Some((row, matched)) = found {
            let mut op = AsyncOp {
                kind: row.kind,
                cluster_space: matched.contains(&"shared::cluster"),
                cache_hint: matched.contains(&"L2::cache_hint"),
                multicast: matched.contains(&"multicast::cluster")
                    || matched.contains(&"multicast::cluster::all")
                    || matched.contains(&"multicast::cluster::32b"),
                ignore_oob: matched.contains(&"ignore_oob"),
                cp_mask: matched.contains(&"cp_mask"),
                mask32: matched.contains(&"multicast::cluster::32b") || extra.mask32,
                report: extra.report,
                suffix: Suffix::None,
                gaddr: false,
                min: (PtxVersion::new(row.version.0, row.version.1), row.sm),
                ty: crate::types::last_type(opcode),
                lanes: if matched.contains(&"v4") {
                    4
                } else if matched.contains(&"v2") {
                    2
                } else {
                    1
                },
            };
            // `st.async ... .b128`: "Support for .b128 type introduced in
            // PTX ISA version 9.2"; a `.b128` register is two `.b64`
            // (docs/ENGINE.md "`.b128` registers"), stored as `.v2.b64` is.
            if matches!(op.kind, AsyncKind::Store { red: None, .. }) && matched.contains(&"b128") {
                (op.ty, op.lanes) = (Some(PtxType::B64), 2);
            }
            match &mut op.kind {
                AsyncKind::CpAsyncArrive { noinc } => *noinc = matched.contains(&"noinc"),
                AsyncKind::Bulk { reduce: r, dir } => {
                    *r = reduce;
                    if *dir != BulkDir::GlobalToShared {
                        op.cluster_space = false;
                    }
                }
                // red.async: ".op specifies the reduction operation" on
                // the destination, with operand b: the atomic of the same
                // operation and type (its model ops).
                AsyncKind::Store { red, mbar } if root == "red" => {
                    let space = if *mbar { "shared" } else { "global" };
                    let text = format!("red.{space}.{}", words[words.len() - 2..].join("."));
                    match Atomic::decode(&text, true) {
                        Ok(r) => *red = Some(r),
                        Err(d) => return Some(Err(bad(d.message))),
                    }
                }
                _ => {}
            }
            match &mut op.kind {
                AsyncKind::Init { v1 } | AsyncKind::CheckLayout { v1 } => {
                    *v1 = matched.contains(&"layout::v1")
                }
                AsyncKind::Wait { parity, phase, .. } => {
                    *phase = if matched.contains(&"phase_type::conditional") {
                        // ".phase_type::conditional requires .parity qualifier".
                        if !*parity {
                            return Some(Err(bad(
                                "`.phase_type::conditional` requires `.parity` (the conditional phase is waited on by its parity)".into(),
                            )));
                        }
                        PhaseType::Conditional
                    } else if matched.contains(&"phase_type::primary") {
                        PhaseType::Primary
                    } else {
                        PhaseType::Unspecified
                    }
                }
                _ => {}
            }
            // `.multicast::cluster::32b` on an mbarrier: "`{.shared::cluster}
            // {.multicast}`" (the objects of other CTAs).
            if root == "mbarrier"
                && op.mask32
                && matched
                    .iter()
                    .any(|w| matches!(*w, "shared" | "shared::cta"))
            {
                return Some(Err(bad(
                    "`.multicast::cluster::32b` reaches the mbarriers of the cluster's CTAs: its space is `.shared::cluster` (or none)".into(),
                )));
            }
            if let Err(why) = extra.check(&op, &matched) {
                return Some(Err(bad(why)));
            }
            extra.raise(&mut op);
            if op.kind == AsyncKind::Prefetch && matched.contains(&"L2::evict_last") {
                op.suffix = Suffix::Family;
            }
            // "Qualifier .noftz with .f32 type introduced in PTX ISA version
            // 9.4" (cp.reduce.async.bulk).
            if family == "cp.reduce.async.bulk" && opcode.ends_with(".add.noftz.f32") {
                op.min.0 = op.min.0.max(PtxVersion::new(9, 4));
            }
            let joined = words.join(".");
            for (fam, w, v, sm) in WORDS {
                let hit = if w.contains('.') {
                    joined.contains(w)
                } else {
                    matched.contains(w)
                };
                if opcode.starts_with(fam) && hit {
                    op.min.0 = op.min.0.max(PtxVersion::new(v.0, v.1));
                    op.min.1 = op.min.1.max(*sm);
                }
            }
            return Some(Ok(op));
        }
        // The rows of the same instruction (`mbarrier.arrive...`), else the
        // family's instructions.
        let same: Vec<&str> = rows()
            .filter(|r| words.first().is_some_and(|w| r.slots[0].words.contains(w)))
            .map(|r| r.syntax)
            .collect();
        let expect = if same.is_empty() {
            let mut names: Vec<&str> = rows()
                .map(|r| r.syntax.split(['{', ' ', ';']).next().unwrap_or(r.syntax))
                .collect();
            names.dedup();
            names.join(", ")
        } else {
            same.join(" | ")
        };
        Some(Err(bad(format!(
            "matches no form of `{family}`; expected {expect}"
        ))))
    }

    /// The PTX ISA version and target this form needs.
    pub fn requires(&self) -> (PtxVersion, Target) {
        (self.min.0, Target::sm(self.min.1))
    }

    /// Why `target` lacks this form though its sm is high enough (the
    /// `sm_107f` family of `.multicast::cluster::32b` and
    /// `.report_mechanism`, the `a`/`f` targets of `.relaxed`).
    pub fn suffix_error(&self, version: PtxVersion, target: Target) -> Option<String> {
        self.suffix.error(version, target)
    }

    /// Why the engine refuses this form where a thread reaches it; `None`
    /// for the forms it runs.
    pub fn refusal(&self) -> Option<&'static str> {
        match self.kind {
            AsyncKind::Unrun(why) => Some(why),
            _ => None,
        }
    }

    /// True for the instructions that complete a phase of an mbarrier or
    /// wait for one (the engine's scheduler must know them).
    pub fn is_mbarrier(&self) -> bool {
        !matches!(
            self.kind,
            AsyncKind::Mapa
                | AsyncKind::Getctarank
                | AsyncKind::Prefetch
                | AsyncKind::TensorPrefetch
                | AsyncKind::Unrun(_)
        )
    }
}

/// The PTX ISA 9.3 and 9.4 qualifiers of `cp.async.bulk` that
/// [`bulk_extras`] takes out of an opcode before its rows match.
#[derive(Clone, Copy, Debug, Default)]
struct Extras {
    /// `.relaxed` (9.3): "the data copy accesses memory with
    /// naturally-aligned strong memory operations with element-wise
    /// atomic size specified by .type and thread scope specified by
    /// .scope".
    relaxed: bool,
    /// `.scope`: 0 `.cta`, 1 `.cluster`, 2 `.gpu`, 3 `.sys`.
    scope: Option<u8>,
    /// `.b128`, the `.type` of the `.relaxed` forms.
    b128: bool,
    /// `::16b` or `::32b` after `.multicast::cluster` (9.4).
    width: bool,
    /// `::32b`.
    mask32: bool,
    /// `.report_mechanism` (9.4).
    report: Option<Report>,
}

/// `words` without the qualifiers of [`Extras`], `.multicast::cluster::16b`
/// and `::32b` written as `.multicast::cluster` (the rows' word), and what
/// was taken out.
fn bulk_extras<'w>(words: &[&'w str]) -> Result<(Vec<&'w str>, Extras), String> {
    let mut x = Extras::default();
    let mut kept = Vec::with_capacity(words.len());
    for &w in words {
        let twice = |what: &str| Err(format!("two {what} qualifiers (`.{w}` is the second)"));
        match w {
            "relaxed" => x.relaxed = true,
            "cta" | "cluster" | "gpu" | "sys" => {
                if x.scope.is_some() {
                    return twice(".scope");
                }
                x.scope = ["cta", "cluster", "gpu", "sys"]
                    .iter()
                    .position(|s| *s == w)
                    .map(|i| i as u8);
            }
            "b128" => x.b128 = true,
            "multicast::cluster::16b" | "multicast::cluster::32b" => {
                x.width = true;
                x.mask32 = w.ends_with("32b");
                kept.push("multicast::cluster");
            }
            w => match Report::parse(w) {
                Some(r) => {
                    if x.report.is_some() {
                        return twice(".report_mechanism");
                    }
                    x.report = Some(r);
                }
                None => kept.push(w),
            },
        }
    }
    Ok((kept, x))
}

impl Extras {
    /// The rules of the PTX ISA 9.3/9.4 `cp.async.bulk` syntax lines on
    /// the qualifiers taken out, for the op the rest matched.
    fn check(&self, op: &AsyncOp, matched: &[&str]) -> Result<(), String> {
        // cp.reduce.async.bulk{.sem.scope} (PTX ISA 9.3): ".sem = { .relaxed
        // }", ".scope = { .cta, .cluster }" into shared::cluster, "{ .cta,
        // .cluster, .gpu, .sys }" into global; no `.type` qualifier.
        if let AsyncKind::Bulk {
            dir,
            reduce: Some(_),
        } = op.kind
        {
            if self.b128 || self.report.is_some() || self.width {
                return Err("`.b128`, `.report_mechanism` and `.multicast` do not belong to cp.reduce.async.bulk".into());
            }
            if self.relaxed != self.scope.is_some() {
                return Err("cp.reduce.async.bulk's `.relaxed` and `.scope` come together (\"{.sem.scope}\")".into());
            }
            if dir == BulkDir::SharedToShared && self.scope.is_some_and(|s| s > 1) {
                return Err(
                    "a reduction into .shared::cluster has the scope `.cta` or `.cluster`".into(),
                );
            }
            return Ok(());
        }
        let dir = match op.kind {
            AsyncKind::Bulk { dir, reduce: None } => Some(dir),
            _ => None,
        };
        let any = self.relaxed || self.scope.is_some() || self.b128;
        if any && dir.is_none() || self.report.is_some() && dir.is_none() {
            return Err("`.relaxed`, `.scope`, `.b128` and `.report_mechanism` belong to the copies of cp.async.bulk".into());
        }
        // "cp.async.bulk.sem.scope.dst.src.completion_mechanism...type":
        // ".sem = { .relaxed }", ".type = { .b128 }"; "{.sem}" with ".sem =
        // { .weak }" on the other lines.
        if self.relaxed && matched.contains(&"weak") {
            return Err("`.weak` and `.relaxed` are both memory semantics: write one".into());
        }
        // The syntax lines write `.sem.scope`, the ISA's own examples
        // `cp.async.bulk.relaxed.shared::cta.global...b128` without a scope
        // (docs/NVIDIA.md "Errata"): the scope may be left out.
        if any && !(self.relaxed && self.b128) {
            return Err("the `.relaxed` copies are `cp.async.bulk.relaxed{.scope}.dst.src...b128`: `.relaxed` and `.b128` come together, with a `.scope` (`.cta`, `.cluster`, `.gpu`, `.sys`) or none".into());
        }
        // shared::cta -> shared::cluster: ".scope = { .cta, .cluster }".
        if dir == Some(BulkDir::SharedToShared) && self.scope.is_some_and(|s| s > 1) {
            return Err(
                "a shared-to-shared `.relaxed` copy has the scope `.cta` or `.cluster`".into(),
            );
        }
        if let Some(r) = self.report {
            // "Asynchronous copy operations with copy-direction from
            // .global to .shared::cta or .shared::cluster support reporting
            // data validity"; "In presence of .ignore_oob, the qualifier
            // .report_mechanism, if specified, must be set to
            // .mbarrier::report::disabled".
            if dir != Some(BulkDir::GlobalToShared) {
                return Err(
                    "`.report_mechanism` belongs to the copies from global into shared memory"
                        .into(),
                );
            }
            if op.ignore_oob && r != Report::Disabled {
                return Err(
                    "with `.ignore_oob` the report mechanism must be `.mbarrier::report::disabled`"
                        .into(),
                );
            }
        }
        Ok(())
    }

    /// Raises `op`'s version, sm and suffix for the qualifiers taken out.
    /// "Support for .weak and .relaxed semantics, .scope and .type
    /// qualifiers are introduced in PTX ISA version 9.3" ("sm_90a, sm_100f
    /// or higher in the same family, sm_110f or higher in the same
    /// family"); "Support for .multicast::cluster::16b and
    /// .multicast::cluster::32b qualifiers introduced in PTX ISA version
    /// 9.4"; "Support for .report_mechanism qualifier introduced in PTX
    /// ISA version 9.4"; ".multicast::cluster::32b" and
    /// ".report_mechanism" are "supported on following family-specific
    /// architectures: sm_107f or higher in the same family".
    fn raise(&self, op: &mut AsyncOp) {
        fn up(op: &mut AsyncOp, v: (u8, u8), sm: u16, family: bool) {
            op.min.0 = op.min.0.max(PtxVersion::new(v.0, v.1));
            op.min.1 = op.min.1.max(sm);
            if family {
                op.suffix = Suffix::Family;
            }
        }
        if self.relaxed {
            // cp.reduce.async.bulk: "Support for .sem.scope qualifier is
            // introduced in PTX ISA version 9.3", "Requires sm_90 or higher"
            // (no target suffix).
            let reduce = matches!(
                op.kind,
                AsyncKind::Bulk {
                    reduce: Some(_),
                    ..
                }
            );
            up(op, (9, 3), 90, !reduce);
        }
        if self.width {
            up(op, (9, 4), 0, false);
        }
        if op.mask32 || self.report.is_some() {
            up(op, (9, 4), 107, true);
        }
    }
}

/// The words of `words` matched slot by slot (each optional slot may be
/// skipped); `None` where they do not fit the slots.
fn match_slots(slots: &[Slot], words: &[&str]) -> Option<Vec<&'static str>> {
    fn go(slots: &[Slot], words: &[&str], out: &mut Vec<&'static str>) -> bool {
        let Some((s, rest)) = slots.split_first() else {
            return words.is_empty();
        };
        if let Some(w) = words.first().and_then(|w| s.words.iter().find(|x| *x == w)) {
            out.push(w);
            if go(rest, &words[1..], out) {
                return true;
            }
            out.pop();
        }
        s.optional && go(rest, words, out)
    }
    let mut out = Vec::new();
    go(slots, words, &mut out).then_some(out)
}

/// [`match_slots`] with the words between the first and the last in any
/// order: each taken by one slot that lists it (the first free one), every
/// required slot taken, the first and last words in the first and last
/// slots. The words are given back in the slots' order.
fn match_slots_any_order(slots: &[Slot], words: &[&str]) -> Option<Vec<&'static str>> {
    let ([first_slot, mid_slots @ .., last_slot], [first, mid @ .., last]) = (slots, words) else {
        return None;
    };
    let take = |s: &Slot, w: &str| s.words.iter().find(|x| **x == w).copied();
    let head = take(first_slot, first)?;
    let tail = take(last_slot, last)?;
    let mut got: Vec<Option<&'static str>> = vec![None; mid_slots.len()];
    for w in mid {
        let i =
            (0..mid_slots.len()).find(|&i| got[i].is_none() && take(&mid_slots[i], w).is_some())?;
        got[i] = take(&mid_slots[i], w);
    }
    if mid_slots
        .iter()
        .zip(&got)
        .any(|(s, g)| !s.optional && g.is_none())
    {
        return None;
    }
    let mut out = vec![head];
    out.extend(got.into_iter().flatten());
    out.push(tail);
    Some(out)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn ok(t: &str) -> AsyncOp {
        match AsyncOp::decode(t) {
            Some(Ok(a)) => a,
            other => panic!("{t}: {other:?}"),
        }
    }

    /// Qualifiers between the first word and the type in another order
    /// than the syntax line's decode to the same op (CUTLASS's
    /// `mbarrier.complete_tx.shared::cluster.relaxed.cluster.b64`,
    /// TensorRT-LLM's `red.async.release.global.gpu.add.u32`); a word
    /// twice, a required word missing or the type moved is still refused.
    #[test]
    fn qualifiers_in_another_order_decode_the_same() {
        for (isa, other) in [
            (
                "mbarrier.complete_tx.relaxed.cluster.shared::cluster.b64",
                "mbarrier.complete_tx.shared::cluster.relaxed.cluster.b64",
            ),
            (
                "red.async.release.gpu.global.add.u32",
                "red.async.release.global.gpu.add.u32",
            ),
            (
                "mbarrier.arrive.release.cta.shared::cta.b64",
                "mbarrier.arrive.shared::cta.release.cta.b64",
            ),
        ] {
            assert_eq!(ok(isa), ok(other), "{other}");
        }
        for bad in [
            "mbarrier.complete_tx.relaxed.relaxed.cluster.b64",
            "mbarrier.complete_tx.b64.relaxed.cluster",
            "red.async.gpu.global.add.u32",
        ] {
            assert!(
                matches!(AsyncOp::decode(bad), Some(Err(_))),
                "{bad}: {:?}",
                AsyncOp::decode(bad)
            );
        }
    }

    #[test]
    fn every_row_decodes_and_carries_its_requirement() {
        let a = ok("mbarrier.init.shared.b64");
        assert_eq!(
            (a.kind, a.requires()),
            (
                AsyncKind::Init { v1: false },
                (PtxVersion::new(7, 0), Target::sm(80))
            )
        );
        // `.shared::cta` needs PTX ISA 7.8; `.release.cluster` 8.0 and sm_90.
        assert_eq!(
            ok("mbarrier.init.shared::cta.b64").min,
            (PtxVersion::new(7, 8), 80)
        );
        let a = ok("mbarrier.arrive.release.cluster.shared::cta.b64");
        assert_eq!(a.min, (PtxVersion::new(8, 0), 90));
        assert_eq!(
            ok("mbarrier.arrive.relaxed.cta.shared::cta.b64").min.0,
            PtxVersion::new(8, 6)
        );
        // expect_tx/complete_tx came (8.0) with `.relaxed` as their `.sem`.
        assert_eq!(
            ok("mbarrier.expect_tx.relaxed.cta.shared::cta.b64").min,
            (PtxVersion::new(8, 0), 90)
        );
        assert!(ok("mbarrier.arrive.release.cluster.shared::cluster.b64").cluster_space);
        assert_eq!(
            ok("mbarrier.arrive.noComplete.shared.b64").kind,
            AsyncKind::Arrive {
                drop: false,
                no_complete: true,
                expect_tx: false
            }
        );
        assert_eq!(
            ok("mbarrier.arrive_drop.expect_tx.shared::cta.b64").kind,
            AsyncKind::Arrive {
                drop: true,
                no_complete: false,
                expect_tx: true
            }
        );
        assert_eq!(
            ok("mbarrier.try_wait.parity.acquire.cta.shared::cta.b64").kind,
            AsyncKind::Wait {
                test: false,
                parity: true,
                phase: PhaseType::Unspecified
            }
        );
        assert_eq!(
            ok("mbarrier.test_wait.parity.shared.b64").min.0,
            PtxVersion::new(7, 1)
        );
        assert_eq!(
            ok("mbarrier.pending_count.b64").kind,
            AsyncKind::PendingCount
        );
        assert_eq!(
            ok("cp.async.mbarrier.arrive.noinc.shared.b64").kind,
            AsyncKind::CpAsyncArrive { noinc: true }
        );
        let b = ok("cp.async.bulk.shared::cluster.global.mbarrier::complete_tx::bytes");
        assert_eq!(
            b.kind,
            AsyncKind::Bulk {
                dir: BulkDir::GlobalToShared,
                reduce: None
            }
        );
        assert_eq!(
            ok("cp.async.bulk.shared::cta.global.mbarrier::complete_tx::bytes")
                .min
                .0,
            PtxVersion::new(8, 6)
        );
        assert!(ok("cp.async.bulk.global.shared::cta.bulk_group.L2::cache_hint").cache_hint);
        let m = ok("cp.async.bulk.shared::cluster.global.mbarrier::complete_tx::bytes.multicast::cluster.L2::cache_hint");
        assert!(m.multicast && m.cache_hint);
        let r = ok("cp.reduce.async.bulk.global.shared::cta.bulk_group.add.u32");
        assert!(matches!(
            r.kind,
            AsyncKind::Bulk {
                dir: BulkDir::SharedToGlobal,
                reduce: Some(_)
            }
        ));
        let r = ok(
            "cp.reduce.async.bulk.shared::cluster.shared::cta.mbarrier::complete_tx::bytes.min.s32",
        );
        assert!(matches!(
            r.kind,
            AsyncKind::Bulk {
                dir: BulkDir::SharedToShared,
                reduce: Some(_)
            }
        ));
        assert_eq!(
            ok("cp.async.bulk.wait_group.read").kind,
            AsyncKind::WaitGroup
        );
        assert_eq!(ok("cp.async.bulk.commit_group").kind, AsyncKind::Commit);
        assert_eq!(
            ok("cp.async.bulk.prefetch.L2.global").kind,
            AsyncKind::Prefetch
        );
        assert_eq!(
            ok("cp.async.bulk.tensor.2d.shared::cluster.global.mbarrier::complete_tx::bytes.tile")
                .kind,
            AsyncKind::Tensor(TensorCopy {
                dims: 2,
                load: true,
                reduce: None,
                four: false,
                im2col: false
            })
        );
        // The ISA's examples, qualifiers in their order.
        let t = ok("cp.async.bulk.tensor.1d.global.shared::cta.bulk_group");
        assert_eq!(
            t.kind,
            AsyncKind::Tensor(TensorCopy {
                dims: 1,
                load: false,
                reduce: None,
                four: false,
                im2col: false
            })
        );
        let t =
            ok("cp.reduce.async.bulk.tensor.2d.global.shared::cta.and.bulk_group.L2::cache_hint");
        assert_eq!(
            t.kind,
            AsyncKind::Tensor(TensorCopy {
                dims: 2,
                load: false,
                reduce: Some("and"),
                four: false,
                im2col: false
            })
        );
        assert!(t.cache_hint);
        let t = ok("cp.async.bulk.tensor.2d.shared::cluster.global.mbarrier::complete_tx::bytes.multicast::cluster");
        assert!(t.multicast && t.cluster_space);
        // The ISA's example writes no completion mechanism here; a load
        // has only the mbarrier one.
        let t = ok("cp.async.bulk.tensor.1d.shared::cluster.global.tile.cta_group::2");
        assert_eq!(t.requires(), (PtxVersion::new(8, 6), Target::sm(100)));
        assert!(AsyncOp::decode(
            "cp.async.bulk.tensor.2d.global.shared::cta.mbarrier::complete_tx::bytes"
        )
        .unwrap()
        .is_err());
        assert!(AsyncOp::decode(
            "cp.async.bulk.tensor.shared::cluster.global.mbarrier::complete_tx::bytes"
        )
        .unwrap()
        .is_err());
        // The ISA's im2col examples: loads in `.im2col`, stores and
        // reductions in `.im2col_no_offs`; the `::w` modes decode and are
        // not run.
        let t = ok("cp.async.bulk.tensor.3d.im2col.shared::cluster.global.mbarrier::complete_tx::bytes.L2::cache_hint");
        assert_eq!(
            t.kind,
            AsyncKind::Tensor(TensorCopy {
                dims: 3,
                load: true,
                reduce: None,
                four: false,
                im2col: true
            })
        );
        assert!(t.cache_hint);
        assert!(matches!(
            ok("cp.async.bulk.tensor.5d.shared::cta.global.im2col.mbarrier::complete_tx::bytes")
                .kind,
            AsyncKind::Tensor(TensorCopy {
                dims: 5,
                load: true,
                im2col: true,
                ..
            })
        ));
        assert!(matches!(
            ok("cp.async.bulk.tensor.4d.global.shared::cta.bulk_group.im2col_no_offs").kind,
            AsyncKind::Tensor(TensorCopy {
                dims: 4,
                load: false,
                reduce: None,
                im2col: true,
                ..
            })
        ));
        assert!(matches!(
            ok("cp.reduce.async.bulk.tensor.3d.global.shared::cta.add.im2col_no_offs.bulk_group")
                .kind,
            AsyncKind::Tensor(TensorCopy {
                dims: 3,
                load: false,
                reduce: Some("add"),
                im2col: true,
                ..
            })
        ));
        let w = ok(
            "cp.async.bulk.tensor.3d.im2col::w.shared::cluster.global.mbarrier::complete_tx::bytes",
        );
        assert!(matches!(w.kind, AsyncKind::Unrun(_)));
        assert_eq!(w.requires(), (PtxVersion::new(8, 6), Target::sm(100)));
        let w = ok("cp.async.bulk.tensor.3d.global.shared::cta.bulk_group.im2col_no_offs::w");
        assert!(matches!(w.kind, AsyncKind::Unrun(_)));
        assert_eq!(w.requires(), (PtxVersion::new(9, 4), Target::sm(107)));
        for bad in [
            // Fewer than 3 dimensions; a load mode on a store and back.
            "cp.async.bulk.tensor.2d.shared::cluster.global.im2col.mbarrier::complete_tx::bytes",
            "cp.async.bulk.tensor.3d.global.shared::cta.bulk_group.im2col",
            "cp.async.bulk.tensor.3d.shared::cluster.global.im2col_no_offs.mbarrier::complete_tx::bytes",
            "cp.reduce.async.bulk.tensor.3d.global.shared::cta.add.im2col.bulk_group",
        ] {
            let e = AsyncOp::decode(bad).unwrap().unwrap_err();
            assert!(e.message.contains("3d to 5d tensor"), "{bad}: {}", e.message);
        }
        assert_eq!(
            ok("cp.async.bulk.prefetch.tensor.2d.L2.global.tile").kind,
            AsyncKind::TensorPrefetch
        );
        // The ISA's gather4 example; scatter4 is a store; both 2d.
        let t = ok("cp.async.bulk.tensor.2d.tile::gather4.shared::cluster.global.mbarrier::complete_tx::bytes");
        assert_eq!(
            t.kind,
            AsyncKind::Tensor(TensorCopy {
                dims: 2,
                load: true,
                reduce: None,
                four: true,
                im2col: false
            })
        );
        assert_eq!(t.requires(), (PtxVersion::new(8, 6), Target::sm(100)));
        assert!(matches!(
            ok("cp.async.bulk.tensor.2d.global.shared::cta.tile::scatter4.bulk_group").kind,
            AsyncKind::Tensor(TensorCopy {
                four: true,
                load: false,
                ..
            })
        ));
        for bad in [
            "cp.async.bulk.tensor.3d.tile::gather4.shared::cluster.global.mbarrier::complete_tx::bytes",
            "cp.async.bulk.tensor.2d.global.shared::cta.tile::gather4.bulk_group",
            "cp.async.bulk.tensor.2d.tile::scatter4.shared::cluster.global.mbarrier::complete_tx::bytes",
        ] {
            assert!(AsyncOp::decode(bad).unwrap().is_err(), "{bad}");
        }
        assert_eq!(
            ok("barrier.cluster.arrive.release.aligned").kind,
            AsyncKind::ClusterArrive
        );
        assert_eq!(
            ok("barrier.cluster.arrive.relaxed").min.0,
            PtxVersion::new(8, 0)
        );
        assert_eq!(
            ok("barrier.cluster.wait.acquire.aligned").kind,
            AsyncKind::ClusterWait
        );
        assert_eq!(ok("mapa.shared::cluster.u32").kind, AsyncKind::Mapa);
        assert_eq!(ok("getctarank.u64").kind, AsyncKind::Getctarank);
    }

    #[test]
    fn malformed_forms_say_why() {
        for bad in [
            "mbarrier.init.b32",
            "mbarrier.arrive.shared.b64.b64",
            "mbarrier.wait.shared.b64",
            "mbarrier.test_wait.release.shared.b64",
            "mbarrier.arrive.noComplete.shared::cluster.b64",
            "cp.async.bulk.global.global",
            "cp.reduce.async.bulk.global.shared::cta.bulk_group.mul.u32",
            "cp.reduce.async.bulk.global.shared::cta.bulk_group.exch.b32",
            "barrier.cluster.sync",
            "mapa.shared::cta.u32",
        ] {
            let Some(Err(d)) = AsyncOp::decode(bad) else {
                panic!("{bad}: {:?}", AsyncOp::decode(bad))
            };
            assert!(d.message.contains(bad), "{bad}: {}", d.message);
        }
        assert!(AsyncOp::decode("bar.sync").is_none());
        assert!(AsyncOp::decode("cp.async.ca.shared.global").is_none());
    }
    #[test]
    fn st_async_and_red_async_rows() {
        let s = ok("st.async.shared::cluster.mbarrier::complete_tx::bytes.u32");
        assert_eq!(
            (s.kind, s.lanes, s.ty, s.requires()),
            (
                AsyncKind::Store {
                    red: None,
                    mbar: true
                },
                1,
                Some(PtxType::U32),
                (PtxVersion::new(8, 1), Target::sm(90))
            )
        );
        assert_eq!(
            ok("st.async.weak.shared::cluster.mbarrier::complete_tx::bytes.v4.f32").lanes,
            4
        );
        assert_eq!(ok("st.async.mbarrier::complete_tx::bytes.v2.b64").lanes, 2);
        // `.b128` (9.2): the two `.b64` halves of a `.b128` register.
        let b = ok("st.async.shared::cluster.mbarrier::complete_tx::bytes.b128");
        assert_eq!(
            (b.ty, b.lanes, b.min.0),
            (Some(PtxType::B64), 2, PtxVersion::new(9, 2))
        );
        // `.scope` on the mbarrier form, and the `.release` forms: 8.7, sm_100.
        assert_eq!(
            ok("st.async.cluster.shared::cluster.mbarrier::complete_tx::bytes.u32").min,
            (PtxVersion::new(8, 7), 100)
        );
        for t in [
            "st.async.release.gpu.global.u8",
            "st.async.sys.release.global.u32",
            "st.async.mmio.release.sys.f64",
        ] {
            let a = ok(t);
            assert_eq!(
                (a.kind, a.min),
                (
                    AsyncKind::Store {
                        red: None,
                        mbar: false
                    },
                    (PtxVersion::new(8, 7), 100)
                ),
                "{t}"
            );
        }
        // red.async: every .op and .type of the ISA's syntax lines.
        for (t, bits) in [
            ("inc.u32", 32),
            ("dec.u32", 32),
            ("min.u32", 32),
            ("min.s32", 32),
            ("max.u32", 32),
            ("max.s32", 32),
            ("and.b32", 32),
            ("or.b32", 32),
            ("xor.b32", 32),
            ("add.u32", 32),
            ("add.s32", 32),
            ("add.u64", 64),
        ] {
            let r = ok(&format!(
                "red.async.relaxed.cluster.shared::cluster.mbarrier::complete_tx::bytes.{t}"
            ));
            let AsyncKind::Store {
                red: Some(a),
                mbar: true,
            } = r.kind
            else {
                panic!("{t}: {r:?}")
            };
            assert_eq!((a.ty.bits(), r.min.1), (bits, 90), "{t}");
        }
        // "If .completion_mechanism is not specified, it defaults to
        // .mbarrier::complete_tx::bytes."
        assert!(matches!(
            ok("red.async.relaxed.cluster.add.u32").kind,
            AsyncKind::Store {
                red: Some(_),
                mbar: true
            }
        ));
        let g = ok("red.async.release.sys.global.add.s64");
        assert!(matches!(
            g.kind,
            AsyncKind::Store {
                red: Some(_),
                mbar: false
            }
        ));
        assert_eq!(g.min, (PtxVersion::new(8, 7), 100));
        for bad in [
            "st.async.shared::cluster.mbarrier::complete_tx::bytes.v4.b64",
            "st.async.shared::cluster.mbarrier::complete_tx::bytes.u16",
            "st.async.shared::cluster.u32",
            "st.async.release.cta.global.u32",
            "red.async.relaxed.cluster.shared::cluster.mbarrier::complete_tx::bytes.add.s64",
            "red.async.relaxed.cluster.shared::cluster.mbarrier::complete_tx::bytes.inc.s32",
            "red.async.relaxed.cluster.shared::cluster.mbarrier::complete_tx::bytes.add.f32",
            "red.async.shared::cluster.mbarrier::complete_tx::bytes.add.u32",
            "red.async.release.gpu.global.min.u32",
        ] {
            let Some(Err(d)) = AsyncOp::decode(bad) else {
                panic!("{bad}: {:?}", AsyncOp::decode(bad))
            };
            assert!(d.message.contains(bad), "{bad}: {}", d.message);
        }
    }

    /// PTX ISA 9.3's mbarrier qualifiers and 9.4's cluster multicast and
    /// copy reports: their kinds, versions, targets and suffixes, and the
    /// rules of their syntax lines.
    #[test]
    fn the_9_3_and_9_4_qualifiers() {
        let bad = |t: &str| match AsyncOp::decode(t) {
            Some(Err(d)) => d.message,
            other => panic!("{t}: {other:?}"),
        };
        let a = ok("mbarrier.init.layout::v1.shared::cta.b64");
        assert_eq!(
            (a.kind, a.min),
            (AsyncKind::Init { v1: true }, (PtxVersion::new(9, 3), 90))
        );
        let a = ok("mbarrier.check_layout.layout::v0.shared::cta.b64");
        assert_eq!(
            (a.kind, a.min),
            (
                AsyncKind::CheckLayout { v1: false },
                (PtxVersion::new(9, 3), 90)
            )
        );
        assert_eq!(
            ok("mbarrier.pending_count.layout::v0.b64").kind,
            AsyncKind::PendingCount
        );
        let a =
            ok("mbarrier.try_wait.parity.phase_type::conditional.relaxed.cluster.shared::cta.b64");
        assert_eq!(
            a.kind,
            AsyncKind::Wait {
                test: false,
                parity: true,
                phase: PhaseType::Conditional
            }
        );
        assert_eq!(a.min, (PtxVersion::new(9, 3), 90));
        assert!(
            bad("mbarrier.test_wait.phase_type::conditional.shared::cta.b64")
                .contains("requires `.parity`")
        );
        // "mbarrier.arrive{.sem.scope}{.shared::cluster}{.multicast}.b64":
        // PTX ISA 9.4 on the sm_107f family.
        let a = ok("mbarrier.arrive.release.cta.shared::cluster.multicast::cluster::32b.b64");
        assert!(a.multicast && a.mask32);
        assert_eq!(
            (a.min, a.suffix),
            ((PtxVersion::new(9, 4), 107), Suffix::Family)
        );
        for k in [
            "arrive_drop",
            "arrive.expect_tx",
            "arrive_drop.expect_tx",
            "expect_tx.relaxed.cta",
            "complete_tx.relaxed.cluster",
        ] {
            assert!(
                ok(&format!(
                    "mbarrier.{k}.shared::cluster.multicast::cluster::32b.b64"
                ))
                .mask32,
                "{k}"
            );
        }
        assert!(
            bad("mbarrier.arrive.shared::cta.multicast::cluster::32b.b64")
                .contains(".shared::cluster")
        );
        // cp.async.bulk: "{.multicast::cluster{::16b, ::32b}}", the report
        // mechanisms, and 9.3's ".relaxed.scope ... .b128".
        let a = ok("cp.async.bulk.shared::cluster.global.mbarrier::complete_tx::bytes.multicast::cluster::16b");
        assert!(a.multicast && !a.mask32);
        assert_eq!(
            (a.min, a.suffix),
            ((PtxVersion::new(9, 4), 90), Suffix::None)
        );
        let a = ok("cp.async.bulk.shared::cluster.global.mbarrier::complete_tx::bytes.multicast::cluster::32b.mbarrier::report::validity::per_16bytes::8");
        assert!(a.mask32);
        assert_eq!(a.report, Some(Report::Per16Bytes { bits: 4 }));
        assert_eq!(
            (a.min, a.suffix),
            ((PtxVersion::new(9, 4), 107), Suffix::Family)
        );
        // The ISA's grammar puts the report right after the completion
        // mechanism; CCCL writes it after the multicast: both decode.
        let b = ok("cp.async.bulk.shared::cluster.global.mbarrier::complete_tx::bytes.mbarrier::report::validity::per_16bytes::8.multicast::cluster::32b");
        assert_eq!((a.kind, a.report, a.mask32), (b.kind, b.report, b.mask32));
        let a = ok("cp.async.bulk.relaxed.cta.shared::cta.global.mbarrier::complete_tx::bytes.L2::cache_hint.b128");
        assert_eq!(
            (a.min, a.suffix),
            ((PtxVersion::new(9, 3), 90), Suffix::Family)
        );
        // The ISA's examples leave the scope out; `.b128` is needed.
        assert_eq!(
            ok("cp.async.bulk.relaxed.shared::cta.global.mbarrier::complete_tx::bytes.b128").min,
            (PtxVersion::new(9, 3), 90)
        );
        assert!(
            bad("cp.async.bulk.relaxed.cta.shared::cta.global.mbarrier::complete_tx::bytes")
                .contains("come together")
        );
        assert!(bad(
            "cp.async.bulk.weak.relaxed.gpu.shared::cta.global.mbarrier::complete_tx::bytes.b128"
        )
        .contains("write one"));
        assert!(bad("cp.async.bulk.relaxed.gpu.shared::cluster.shared::cta.mbarrier::complete_tx::bytes.b128").contains("`.cta` or `.cluster`"));
        assert!(
            bad("cp.async.bulk.global.shared::cta.bulk_group.mbarrier::report::disabled")
                .contains("global into shared")
        );
        assert!(bad("cp.async.bulk.shared::cta.global.mbarrier::complete_tx::bytes.ignore_oob.mbarrier::report::validity::per_element::ff").contains("must be `.mbarrier::report::disabled`"));
        assert!(ok("cp.async.bulk.shared::cta.global.mbarrier::complete_tx::bytes.ignore_oob.mbarrier::report::disabled").ignore_oob);
        // Tensor copies: the same qualifiers, loads only for reports.
        let a = ok("cp.async.bulk.tensor.1d.shared::cluster.global.tile.mbarrier::complete_tx::bytes.cta_group::1.multicast::cluster::32b.mbarrier::report::disabled");
        assert!(a.mask32 && a.report == Some(Report::Disabled));
        assert_eq!(a.suffix, Suffix::Family);
        assert!(bad(
            "cp.async.bulk.tensor.1d.global.shared::cta.tile.bulk_group.mbarrier::report::disabled"
        )
        .contains("loads"));
    }

    /// Table 33's matching: the sampled (first) element of each 16-byte
    /// chunk is -0 of the width, or any byte is 0xff.
    #[test]
    fn report_patterns_match() {
        let mut d = [0u8; 32];
        assert!(!Report::Per16Bytes { bits: 32 }.matches(&d));
        d[16..20].copy_from_slice(&0x8000_0000u32.to_le_bytes());
        assert!(Report::Per16Bytes { bits: 32 }.matches(&d));
        assert!(!Report::Per16Bytes { bits: 16 }.matches(&d));
        let mut h = [0u8; 16];
        h[1] = 0x80;
        assert!(Report::Per16Bytes { bits: 16 }.matches(&h));
        assert!(!Report::Per16Bytes { bits: 8 }.matches(&h));
        h[0] = 0x80;
        assert!(Report::Per16Bytes { bits: 8 }.matches(&h));
        assert!(!Report::Per16Bytes { bits: 4 }.matches(&h));
        h[0] = 0x38;
        assert!(Report::Per16Bytes { bits: 4 }.matches(&h));
        assert!(!Report::PerElementFf.matches(&h));
        h[15] = 0xff;
        assert!(Report::PerElementFf.matches(&h));
        assert!(!Report::Disabled.matches(&h));
    }
}
