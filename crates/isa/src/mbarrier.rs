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
use crate::target::{PtxVersion, Target};
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
    /// `mbarrier.init.b64 [addr], count`.
    Init,
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
    for &w in words {
        match w {
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
    let kind = match mode {
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
        syntax: "mbarrier.init{.shared{::cta}}.b64 [addr], count;",
        slots: &[req(&["init"]), CTA_SPACE, B64],
        kind: AsyncKind::Init,
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
        syntax: "mbarrier.arrive{.sem}{.scope}{.space}.b64 state, [addr]{, count};",
        slots: &[req(&["arrive"]), SEM_REL, SCOPE, ANY_SPACE, B64],
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
        syntax: "mbarrier.arrive.expect_tx{.sem}{.scope}{.space}.b64 state, [addr], txCount;",
        slots: &[req(&["arrive"]), req(&["expect_tx"]), SEM_REL, SCOPE, ANY_SPACE, B64],
        kind: AsyncKind::Arrive {
            drop: false,
            no_complete: false,
            expect_tx: true,
        },
        version: (8, 0),
        sm: 90,
    },
    Row {
        syntax: "mbarrier.arrive_drop{.sem}{.scope}{.space}.b64 state, [addr]{, count};",
        slots: &[req(&["arrive_drop"]), SEM_REL, SCOPE, ANY_SPACE, B64],
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
        syntax: "mbarrier.arrive_drop.expect_tx{.sem}{.scope}{.space}.b64 state, [addr], txCount;",
        slots: &[req(&["arrive_drop"]), req(&["expect_tx"]), SEM_REL, SCOPE, ANY_SPACE, B64],
        kind: AsyncKind::Arrive {
            drop: true,
            no_complete: false,
            expect_tx: true,
        },
        version: (8, 0),
        sm: 90,
    },
    Row {
        syntax: "mbarrier.expect_tx{.sem}{.scope}{.space}.b64 [addr], txCount;",
        slots: &[req(&["expect_tx"]), opt(&["relaxed"]), SCOPE, ANY_SPACE, B64],
        kind: AsyncKind::ExpectTx,
        version: (8, 0),
        sm: 90,
    },
    Row {
        syntax: "mbarrier.complete_tx{.sem}{.scope}{.space}.b64 [addr], txCount;",
        slots: &[req(&["complete_tx"]), opt(&["relaxed"]), SCOPE, ANY_SPACE, B64],
        kind: AsyncKind::CompleteTx,
        version: (8, 0),
        sm: 90,
    },
    Row {
        syntax: "mbarrier.test_wait{.sem}{.scope}{.shared{::cta}}.b64 waitComplete, [addr], state;",
        slots: &[req(&["test_wait"]), SEM_ACQ, SCOPE, CTA_SPACE, B64],
        kind: AsyncKind::Wait {
            test: true,
            parity: false,
        },
        version: (7, 0),
        sm: 80,
    },
    Row {
        syntax: "mbarrier.test_wait.parity{.sem}{.scope}{.shared{::cta}}.b64 waitComplete, [addr], phaseParity;",
        slots: &[req(&["test_wait"]), req(&["parity"]), SEM_ACQ, SCOPE, CTA_SPACE, B64],
        kind: AsyncKind::Wait {
            test: true,
            parity: true,
        },
        version: (7, 1),
        sm: 80,
    },
    Row {
        syntax: "mbarrier.try_wait{.sem}{.scope}{.shared{::cta}}.b64 waitComplete, [addr], state{, suspendTimeHint};",
        slots: &[req(&["try_wait"]), SEM_ACQ, SCOPE, CTA_SPACE, B64],
        kind: AsyncKind::Wait {
            test: false,
            parity: false,
        },
        version: (7, 8),
        sm: 90,
    },
    Row {
        syntax: "mbarrier.try_wait.parity{.sem}{.scope}{.shared{::cta}}.b64 waitComplete, [addr], phaseParity{, suspendTimeHint};",
        slots: &[req(&["try_wait"]), req(&["parity"]), SEM_ACQ, SCOPE, CTA_SPACE, B64],
        kind: AsyncKind::Wait {
            test: false,
            parity: true,
        },
        version: (7, 8),
        sm: 90,
    },
    Row {
        syntax: "mbarrier.pending_count.b64 count, state;",
        slots: &[req(&["pending_count"]), B64],
        kind: AsyncKind::PendingCount,
        version: (7, 0),
        sm: 80,
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
        syntax: "cp.async.bulk{.weak}.shared::cluster.global.mbarrier::complete_tx::bytes{.multicast::cluster}{.L2::cache_hint} [dstMem], [srcMem], size, [mbar]{, ctaMask}{, cache-policy};",
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
    // version 9.4" (a hint; its target rule taken as the instruction's).
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
        sm: 90,
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
                return Some(Ok(AsyncOp {
                    kind: AsyncKind::TensorPrefetch,
                    cluster_space: false,
                    cache_hint: opcode.contains("L2::cache_hint"),
                    multicast: false,
                    min: (PtxVersion::new(8, 0), 90),
                    ty: None,
                    lanes: 1,
                    ignore_oob: false,
                    cp_mask: false,
                }))
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
            // and type on the destination's memory.
            let text = format!("red.{space}.{}", op.join("."));
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
        for row in ROWS.iter().filter(|r| r.syntax.starts_with(family)) {
            let Some(matched) = match_slots(row.slots, &words) else {
                continue;
            };
            let mut op = AsyncOp {
                kind: row.kind,
                cluster_space: matched.contains(&"shared::cluster"),
                cache_hint: matched.contains(&"L2::cache_hint"),
                multicast: matched.contains(&"multicast::cluster")
                    || matched.contains(&"multicast::cluster::all"),
                ignore_oob: matched.contains(&"ignore_oob"),
                cp_mask: matched.contains(&"cp_mask"),
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
        let rows = || ROWS.iter().filter(|r| r.syntax.starts_with(family));
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

#[cfg(test)]
mod tests {
    use super::*;

    fn ok(t: &str) -> AsyncOp {
        match AsyncOp::decode(t) {
            Some(Ok(a)) => a,
            other => panic!("{t}: {other:?}"),
        }
    }

    #[test]
    fn every_row_decodes_and_carries_its_requirement() {
        let a = ok("mbarrier.init.shared.b64");
        assert_eq!(
            (a.kind, a.requires()),
            (AsyncKind::Init, (PtxVersion::new(7, 0), Target::sm(80)))
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
                parity: true
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
}
