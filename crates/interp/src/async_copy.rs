//! `mbarrier`, `cp.async.mbarrier.arrive`, the bulk copies
//! (`cp.async.bulk`, `cp.reduce.async.bulk`) and the cluster instructions
//! (`barrier.cluster`, `mapa`, `getctarank`), decoded by
//! `ptxfp_isa::mbarrier` (docs/ENGINE.md "mbarrier", "cp.async.bulk",
//! "Clusters").
//!
//! An mbarrier object is kept by the engine, by its shared-memory address
//! ([`AsyncState::mbars`]), and mirrored into its 8 bytes of shared memory
//! in the encoding of [`Mbar::bits`]. A `try_wait` whose phase is not
//! complete suspends its thread ([`State::MbarWait`]) until the phase
//! completes; a `test_wait` that finds it incomplete returns false and
//! parks its thread until the object changes. Both let the other warps
//! run; when nothing can run and nothing can change, the run stops with a
//! deadlock error that names the waiting threads and their lines.

use super::*;
use ptxfp_isa::mbarrier::{AsyncKind, AsyncOp, BulkDir, PhaseType, Report};

/// The address [`State::MbarWait`] names for a wait at
/// `barrier.cluster.wait` (no mbarrier lives there).
const CLUSTER_BARRIER: u64 = u64::MAX;

/// The largest count and tx-count (PTX ISA `mbarrier`, "Contents of the
/// mbarrier object": "Expected arrival count ... range [1, 2^20 - 1]",
/// "tx-count ... range [-(2^20 - 1), 2^20 - 1]").
const MAX_COUNT: u64 = (1 << 20) - 1;

/// One mbarrier object (PTX ISA `mbarrier`, "Contents of the mbarrier
/// object": "Current phase of the mbarrier object", "Count of pending
/// arrivals for the current phase", "Count of expected arrivals for the
/// next phase", "Count of pending asynchronous memory operations
/// (tx-count)").
#[derive(Clone, Copy, Debug)]
pub(crate) struct Mbar {
    /// Primary phases completed since `init`.
    phase: u64,
    expected: u32,
    pending: u32,
    tx: i64,
    /// `.layout::v1` (PTX ISA 9.3, "Layouts of the mbarrier object").
    v1: bool,
    /// Conditional phases completed since `init` ("The primary and
    /// conditional phases are initialized to zero"); with `.layout::v0`
    /// always `phase` ("both phases advancing in unison").
    cphase: u64,
    /// The payload report of the current primary phase: its report
    /// predicate ("the report predicate is modified to non-zero value;
    /// whereas report value is altered in an idempotent way (atomically
    /// OR'ed with 0)", so the report value stays 0).
    report: bool,
    /// The payload report of the primary phase completed last, which a
    /// wait with `.phase_type::primary` on it reads.
    last_report: bool,
}

impl Mbar {
    /// A new object: "The primary and conditional phases are initialized
    /// to zero. The expected arrival and pending arrival counts are
    /// initialized to count. The initial transaction count tx-count is
    /// initialized to zero. For an mbarrier object with .layout::v1, the
    /// payload report corresponding to the primary phase is initialized to
    /// zero."
    fn new(count: u32, v1: bool) -> Mbar {
        Mbar {
            phase: 0,
            expected: count,
            pending: count,
            tx: 0,
            v1,
            cphase: 0,
            report: false,
            last_report: false,
        }
    }

    /// The parity of the current primary phase.
    fn parity(&self) -> bool {
        self.phase & 1 == 1
    }

    /// The largest expected and pending arrival count (Table 43): "[1, …,
    /// 2^20 - 1] for mbarrier with .layout::v0", "[1, …, 2^9 - 1] for
    /// mbarrier with .layout::v1".
    fn max_count(v1: bool) -> u64 {
        if v1 {
            (1 << 9) - 1
        } else {
            MAX_COUNT
        }
    }

    /// The object's 64 bits in shared memory (the ISA keeps them opaque;
    /// this is the engine's encoding, docs/ENGINE.md "mbarrier"): bits
    /// 0-19 the pending arrival count, 20-39 the expected arrival count,
    /// 40-60 the tx-count (21-bit two's complement), bit 61 set for
    /// `.layout::v1`, bit 62 set (an initialized object), bit 63 the
    /// current phase's parity.
    fn bits(&self) -> u64 {
        u64::from(self.pending)
            | u64::from(self.expected) << 20
            | ((self.tx as u64) & ((1 << 21) - 1)) << 40
            | u64::from(self.v1) << 61
            | 1 << 62
            | u64::from(self.parity()) << 63
    }

    /// The state token `mbarrier.arrive` returns: bit 63 the parity of the
    /// phase the arrival was in, bits 0-19 the pending count it left
    /// (`mbarrier.pending_count` reads them), bits 20-39 the expected count.
    fn token(&self, parity: bool) -> u64 {
        u64::from(self.pending) | u64::from(self.expected) << 20 | u64::from(parity) << 63
    }
}

/// The engine's state for this module, per CTA.
#[derive(Default)]
pub(crate) struct AsyncState {
    /// The initialized mbarrier objects, by address.
    mbars: BTreeMap<u64, Mbar>,
    /// Threads whose `try_wait` phase completed while they were suspended:
    /// the `try_wait` they run again gives true.
    woken: std::collections::BTreeSet<usize>,
    /// Changes to mbarrier objects and the cluster barrier so far.
    epoch: u64,
    /// The CTA's Tensor Memory (src/tcgen05.rs).
    pub(crate) tmem: super::tcgen05::Tmem,
    /// The `epoch` when parked threads were last let go because nothing
    /// else could run.
    released_at: Option<u64>,
}

impl AsyncState {
    /// A new CTA's state: no objects, no waiters.
    pub(crate) fn reset(&mut self) {
        *self = AsyncState::default();
    }
}

impl Machine<'_, '_> {
    /// Runs one instruction of `ptxfp_isa::mbarrier` for the running thread.
    pub(crate) fn async_op(&mut self, ins: &Instr, a: AsyncOp) -> Result<Flow, RunError> {
        let ops = &ins.operands;
        let count = |n: usize, form: &str| -> Result<(), RunError> {
            if ops.len() == n {
                Ok(())
            } else {
                Err(err(
                    ins.opcode_span.clone(),
                    format!(
                        "`{}` takes {n} operand(s): `{} {form};`",
                        ins.opcode, ins.opcode
                    ),
                ))
            }
        };
        match a.kind {
            AsyncKind::Init { v1 } => {
                count(2, "[addr], count")?;
                let (addr, aty) = self.mbar_addr(ins, &ops[0])?;
                let n = self.read(&ops[1], PtxType::U32)?;
                // mbarrier.init: "The valid range of values for the
                // operand count varies depending upon .layout": "[1, …,
                // 2^20 - 1] for mbarrier with .layout::v0", "[1, …, 2^9 -
                // 1] for mbarrier with .layout::v1".
                let max = Mbar::max_count(v1);
                if !(1..=max).contains(&n) {
                    return Err(err(
                        ops[1].span.clone(),
                        format!(
                            "mbarrier count {n}: the expected arrival count of a .layout::{} object is 1 to {}",
                            if v1 { "v1" } else { "v0" },
                            if v1 { "2^9 - 1 (511)" } else { "2^20 - 1 (1048575)" }
                        ),
                    ));
                }
                // Not while threads wait on the object: their phase would
                // vanish (the PTX ISA leaves that undefined).
                let here = self.shared_target(addr);
                let waiting = self.eng.threads.iter().filter(|t| {
                    here.0.is_none()
                        && matches!(t.state, State::MbarWait { addr: a, .. } if a == here.1)
                });
                let n_waiting = waiting.count();
                if n_waiting > 0 {
                    return Err(err(
                        ops[0].span.clone(),
                        format!("`{}` initializes the mbarrier at {addr:#x} again while {n_waiting} thread(s) wait on it", ins.opcode),
                    ));
                }
                self.mbar_put(addr, Some(Mbar::new(n as u32, v1)));
                self.trace(ins, &[(addr, aty), (n, PtxType::U32)], None);
                Ok(Flow::Next)
            }
            AsyncKind::CheckLayout { v1 } => {
                count(2, "p, [addr]")?;
                let (addr, aty) = self.mbar_addr(ins, &ops[1])?;
                let m = self.mbar_get(ins, &ops[1], addr)?;
                // check_layout: "sets the predicate operand p to True if the
                // layout of the mbarrier object exactly matches the .layout
                // qualifier".
                let p = u64::from(m.v1 == v1);
                self.write(&ops[0], PtxType::Pred, p)?;
                self.trace(ins, &[(addr, aty)], Some((p, PtxType::Pred)));
                Ok(Flow::Next)
            }
            AsyncKind::Inval => {
                count(1, "[addr]")?;
                let (addr, aty) = self.mbar_addr(ins, &ops[0])?;
                // mbarrier.inval: "invalidates the mbarrier object"; any
                // later operation but init on it is undefined (an error).
                self.mbar_get(ins, &ops[0], addr)?;
                self.mbar_put(addr, None);
                self.trace(ins, &[(addr, aty)], None);
                Ok(Flow::Next)
            }
            AsyncKind::Arrive {
                drop,
                no_complete,
                expect_tx,
            } => {
                // `state, [addr]{, count | txCount}{, ctaMask}`: the
                // multicast forms end with the 32-bit ctaMask.
                let mc = usize::from(a.multicast);
                let n_ops = ops.len();
                if !(2 + mc..=3 + mc).contains(&n_ops)
                    || (no_complete || expect_tx) && n_ops != 3 + mc
                {
                    return Err(err(
                        ins.opcode_span.clone(),
                        format!(
                            "`{}` takes `state, [addr]{}{}`",
                            ins.opcode,
                            match (no_complete, expect_tx) {
                                (_, true) => ", txCount",
                                (true, _) => ", count",
                                _ => "{, count}",
                            },
                            if a.multicast { ", ctaMask" } else { "" }
                        ),
                    ));
                }
                let (addr, aty) = self.mbar_addr(ins, &ops[1])?;
                let mut srcs = vec![(addr, aty)];
                let val = match ops.get(2).filter(|_| n_ops == 3 + mc) {
                    Some(o) => {
                        let v = self.read(o, PtxType::U32)?;
                        srcs.push((v, PtxType::U32));
                        Some((o, v))
                    }
                    None => None,
                };
                if let (Some((o, _)), false, false) = (val, expect_tx, no_complete) {
                    // "Support for count argument without the modifier
                    // .noComplete introduced in PTX ISA version 7.8"
                    // (sm_90).
                    if !(self.version >= PtxVersion::new(7, 8)
                        && self.exec.code_target.at_least(90))
                    {
                        return Err(err(
                            o.span.clone(),
                            format!("`{}` with a count needs PTX ISA 7.8 and sm_90 (or `.noComplete`); this code is PTX {} for {}", ins.opcode, self.version, self.exec.code_target),
                        ));
                    }
                }
                let targets = self.mbar_targets(ins, a, &ops[1], addr, &mut srcs)?;
                // "mbarrier.arrive operation on an mbarrier object located
                // in .shared::cluster but not in .shared::cta cannot return
                // a value. Sink symbol '_' is mandatory".
                let sink = matches!(ops[0].kind, OperandKind::Name("_"));
                if !sink && self.shared_target(addr).0.is_some() {
                    return Err(err_help(
                        ops[0].span.clone(),
                        format!("`{}` arrives at the mbarrier of another CTA: \"mbarrier.arrive operation on an mbarrier object located in .shared::cluster but not in .shared::cta cannot return a value\"", ins.opcode),
                        "write the sink `_` as the destination",
                    ));
                }
                if a.multicast && !sink {
                    return Err(err_help(
                        ops[0].span.clone(),
                        format!(
                            "`{}` arrives at the mbarriers of other CTAs and returns no state",
                            ins.opcode
                        ),
                        "write the sink `_` as the destination",
                    ));
                }
                let mut token = 0;
                for t in targets {
                    token = self.arrive_on(ins, &ops[1], t, val, drop, no_complete, expect_tx)?;
                }
                if !sink {
                    self.write(&ops[0], PtxType::B64, token)?;
                }
                self.trace(ins, &srcs, Some((token, PtxType::B64)));
                Ok(Flow::Next)
            }
            AsyncKind::ExpectTx | AsyncKind::CompleteTx => {
                let mc = usize::from(a.multicast);
                count(
                    2 + mc,
                    if a.multicast {
                        "[addr], txCount, ctaMask"
                    } else {
                        "[addr], txCount"
                    },
                )?;
                let (addr, aty) = self.mbar_addr(ins, &ops[0])?;
                let v = self.read(&ops[1], PtxType::U32)?;
                let mut srcs = vec![(addr, aty), (v, PtxType::U32)];
                // expect_tx: "increases the tx-count of the mbarrier object
                // by the value specified by txCount"; complete_tx:
                // "decrements the tx-count ... by completeCount". With
                // `.multicast::cluster::32b`: "multicast to the same
                // CTA-relative offset as addr in the shared memory of each
                // target CTA".
                let d = if a.kind == AsyncKind::ExpectTx {
                    v as i64
                } else {
                    -(v as i64)
                };
                for t in self.mbar_targets(ins, a, &ops[0], addr, &mut srcs)? {
                    let mut m = self.mbar_get(ins, &ops[0], t)?;
                    m.tx = self.tx_add(ins, &ops[1], m.tx, d)?;
                    self.mbar_update(t, m);
                }
                self.trace(ins, &srcs, None);
                Ok(Flow::Next)
            }
            AsyncKind::Wait {
                test,
                parity,
                phase,
            } => {
                // `waitComplete{|reportPredicate{, reportValue}}, [addr],
                // state | phaseParity{, timeHint}`: the report operands
                // only with `.phase_type::primary` (PTX ISA 9.3 syntax).
                let pair = matches!(&ops.first().map(|o| &o.kind), Some(OperandKind::Other(t)) if t.contains('|'));
                let value =
                    pair && ops.len() > 1 && !matches!(ops[1].kind, OperandKind::Address { .. });
                let at = 1 + usize::from(value);
                let hint = usize::from(!test);
                let form = format!(
                    "waitComplete{}, [addr], {}{}",
                    if phase == PhaseType::Primary {
                        "{|reportPredicate{, reportValue}}"
                    } else {
                        ""
                    },
                    if parity { "phaseParity" } else { "state" },
                    if test { "" } else { "{, suspendTimeHint}" }
                );
                if !(at + 2..=at + 2 + hint).contains(&ops.len())
                    || pair && phase != PhaseType::Primary
                {
                    return Err(err(
                        ins.opcode_span.clone(),
                        format!("`{}` takes `{form}`", ins.opcode),
                    ));
                }
                let (addr, aty) = self.mbar_addr(ins, &ops[at])?;
                let m = self.mbar_get(ins, &ops[at], addr)?;
                let mut srcs = vec![(addr, aty)];
                // test_wait/try_wait: ".shared{::cta}" only: a thread waits
                // on an mbarrier of its own CTA.
                let (remote, addr) = self.shared_target(addr);
                if let Some(r) = remote {
                    return Err(err(
                        ops[at].span.clone(),
                        format!("`{}` waits on the mbarrier of the CTA of rank {r}; a thread waits only on an mbarrier in its own CTA's shared memory (.shared::cta)", ins.opcode),
                    ));
                }
                // ".parity variant of the instructions test for the
                // completion of the phase indicated by the operand
                // phaseParity, which is the integer parity of either the
                // current phase or the immediately preceding phase";
                // otherwise "the phase indicated by state", the token an
                // arrive returned (its bit 63 is that phase's parity).
                let want = if parity {
                    let p = self.read(&ops[at + 1], PtxType::U32)?;
                    srcs.push((p, PtxType::U32));
                    if p > 1 {
                        return Err(err(
                            ops[at + 1].span.clone(),
                            format!("phaseParity {p}: the valid values are 0 and 1"),
                        ));
                    }
                    p == 1
                } else {
                    let s = self.read(&ops[at + 1], PtxType::B64)?;
                    srcs.push((s, PtxType::B64));
                    s >> 63 == 1
                };
                if let Some(o) = ops.get(at + 2) {
                    // suspendTimeHint: "the time limit, in nanoseconds";
                    // read, unused (a suspended thread waits for the phase).
                    srcs.push((self.read(o, PtxType::U32)?, PtxType::U32));
                }
                // ".phase_type::conditional ... checks for completion of the
                // conditional phase, which may complete independently from
                // the primary phase"; otherwise the primary phase. The phase
                // of parity `want` is complete when the current phase has
                // the other parity (it is the preceding one).
                let cond = phase == PhaseType::Conditional;
                let current = if cond { m.cphase } else { m.phase };
                let woken = self.eng.asyncs.woken.remove(&self.lane);
                let done = woken || (current & 1 == 1) != want;
                if done || test {
                    // test_wait: "a non-blocking instruction which tests for
                    // the completion of the phase"; waitComplete "true" when
                    // the phase is complete. ".phase_type::primary ... sets
                    // the reportPredicate and reportValue. Note that the
                    // reportPredicate and reportValue operands are undefined
                    // when waitComplete is False. For .layout::v0,
                    // reportPredicate and reportValue are always zero": the
                    // completed phase's report (the engine writes 0 where
                    // the phase is not complete); the report value is
                    // always 0 (every report-on ORs 0 into it).
                    let report = done && m.v1 && m.last_report;
                    if pair {
                        let (c, r) = dest_pair(&ops[0])?;
                        self.write_name(c, &ops[0].span, PtxType::Pred, u64::from(done))?;
                        if let Some(r) = r {
                            self.write_name(r, &ops[0].span, PtxType::Pred, u64::from(report))?;
                        }
                        if value {
                            self.write(&ops[1], PtxType::B8, 0)?;
                        }
                    } else {
                        self.write(&ops[0], PtxType::Pred, u64::from(done))?;
                    }
                    self.trace(ins, &srcs, Some((u64::from(done), PtxType::Pred)));
                    if done {
                        return Ok(Flow::Next);
                    }
                } else {
                    self.trace(ins, &srcs, None);
                }
                // try_wait: "a potentially blocking instruction ... If the
                // phase is not complete, the executing thread may be
                // suspended. Suspended thread resumes execution when the
                // specified phase completes": the engine suspends it (and
                // runs the try_wait again then, which gives true). A failed
                // test_wait goes on, and its thread yields.
                Ok(Flow::MbarWait {
                    addr,
                    parity: want,
                    park: test,
                    cond,
                })
            }
            AsyncKind::PendingCount => {
                count(2, "count, state")?;
                let s = self.read(&ops[1], PtxType::B64)?;
                // pending_count: "the pending arrival count" of the phase
                // the state token captured (its bits 0-19 here).
                let n = s & MAX_COUNT;
                self.write(&ops[0], PtxType::U32, n)?;
                self.trace(ins, &[(s, PtxType::B64)], Some((n, PtxType::U32)));
                Ok(Flow::Next)
            }
            AsyncKind::CpAsyncArrive { noinc } => {
                count(1, "[addr]")?;
                let (addr, aty) = self.mbar_addr(ins, &ops[0])?;
                let mut m = self.mbar_get(ins, &ops[0], addr)?;
                // "Makes the mbarrier object track all prior cp.async
                // operations initiated by the executing thread"; "The
                // arrive-on operation is triggered after the completion of
                // all prior cp.async operations": every cp.async completes
                // when issued here, so it is triggered at once. Without
                // .noinc "the pending count of the mbarrier object is
                // incremented by 1 prior to the asynchronous arrive-on
                // operation", a net change of zero.
                if noinc {
                    if m.pending == 0 {
                        return Err(err(
                            ops[0].span.clone(),
                            format!("`{}` arrives at the mbarrier at {addr:#x}, but no arrival is pending in this phase", ins.opcode),
                        ));
                    }
                    m.pending -= 1;
                    self.mbar_update(addr, m);
                }
                self.trace(ins, &[(addr, aty)], None);
                Ok(Flow::Next)
            }
            AsyncKind::Bulk { dir, reduce } => {
                self.bulk(ins, &a, dir, reduce)?;
                Ok(Flow::Next)
            }
            AsyncKind::Store { red, mbar } => {
                self.store_async(ins, &a, red, mbar)?;
                Ok(Flow::Next)
            }
            AsyncKind::Prefetch => {
                let want = 2 + usize::from(a.cache_hint);
                count(
                    want,
                    if a.cache_hint {
                        "[srcMem], size, cache-policy"
                    } else {
                        "[srcMem], size"
                    },
                )?;
                let (src, sty) = self.address(&ops[0])?;
                let size = self.read(&ops[1], PtxType::U32)?;
                // prefetch: "brings data into the L2 cache": no result here.
                self.bulk_checks(ins, &[(&ops[0], src)], &ops[1], size)?;
                self.trace(ins, &[(src, sty), (size, PtxType::U32)], None);
                Ok(Flow::Next)
            }
            AsyncKind::Commit | AsyncKind::WaitGroup => {
                // commit_group: "creates a new per-thread bulk async-group
                // and batches all prior cp{.reduce}.async.bulk.{.prefetch}
                // instructions satisfying the following conditions into
                // the new bulk async-group"; wait_group: "wait till only N
                // or fewer of the most recent bulk async-groups are
                // pending". Every bulk copy completes when issued here, so
                // no group is ever pending.
                let wait = a.kind == AsyncKind::WaitGroup;
                count(usize::from(wait), if wait { "N" } else { "" })?;
                self.group_done(ins, ops.first(), "cp.async.bulk.wait_group")
            }
            AsyncKind::Tensor(t) => {
                self.tensor_copy(ins, &a, t)?;
                Ok(Flow::Next)
            }
            AsyncKind::TensorPrefetch => {
                // "cp.async.bulk.prefetch.tensor ... brings the tensor data
                // ... into the L2 cache": nothing to compute here; the map
                // and coordinates are read and checked as a copy would.
                let dims = ins
                    .opcode
                    .split('.')
                    .find_map(|w| w.strip_suffix('d').and_then(|d| d.parse::<usize>().ok()))
                    .unwrap_or(0);
                let srcs = self.tensor_prefetch(ins, dims, a.gaddr)?;
                self.trace(ins, &srcs, None);
                Ok(Flow::Next)
            }
            AsyncKind::Unrun(why) => Err(err(
                ins.opcode_span.clone(),
                format!("`{}` is not run: {why}", ins.opcode),
            )),
            AsyncKind::QueryCancel { first_ctaid } => {
                count(2, "d, try_cancel_response")?;
                self.query_cancel(ins, first_ctaid)?;
                Ok(Flow::Next)
            }
            AsyncKind::TryCancel => {
                count(2, "[addr], [mbar]")?;
                self.try_cancel(ins, &a)?;
                Ok(Flow::Next)
            }
            AsyncKind::ClusterArrive => {
                count(0, "")?;
                // barrier.cluster.arrive: "marks the arrival of the executing
                // thread at the cluster barrier"; a second arrive before the
                // wait is undefined (an error).
                let me = (self.eng.cluster.rank, self.lane);
                let phase = self.eng.cluster.phase;
                if self.eng.cluster.arrived.get(&me) == Some(&phase) {
                    return Err(err(
                        ins.opcode_span.clone(),
                        "`barrier.cluster.arrive` twice before `barrier.cluster.wait`: each thread arrives once per phase",
                    ));
                }
                self.eng.cluster.arrived.insert(me, phase);
                self.trace(ins, &[], None);
                self.cluster_complete();
                Ok(Flow::Next)
            }
            AsyncKind::ClusterWait => {
                count(0, "")?;
                // barrier.cluster.wait: "causes the executing thread to wait
                // for all non-exited threads of the cluster to perform
                // barrier.cluster.arrive".
                let me = (self.eng.cluster.rank, self.lane);
                let Some(&p) = self.eng.cluster.arrived.get(&me) else {
                    return Err(err(
                        ins.opcode_span.clone(),
                        "`barrier.cluster.wait` without a `barrier.cluster.arrive` before it: the PTX ISA leaves that undefined",
                    ));
                };
                self.trace(ins, &[], None);
                if self.eng.cluster.phase > p {
                    self.eng.cluster.arrived.remove(&me);
                    return Ok(Flow::Next);
                }
                Ok(Flow::MbarWait {
                    addr: CLUSTER_BARRIER,
                    parity: p & 1 == 1,
                    park: false,
                    cond: false,
                })
            }
            AsyncKind::Mapa | AsyncKind::Getctarank => {
                let mapa = a.kind == AsyncKind::Mapa;
                count(2 + usize::from(mapa), if mapa { "d, a, b" } else { "d, a" })?;
                let ty = a.ty.unwrap_or(PtxType::U64);
                let addr = self.read(&ops[1], ty)?;
                // mapa: "Map the address of the shared variable in the
                // target CTA"; getctarank: "Generate the CTA rank of the
                // address". The address is this CTA's (a shared variable)
                // or one of a cluster window (docs/ENGINE.md "Clusters").
                let (rank, local) = match self.eng.cluster.window(addr) {
                    Some(w) => w,
                    None if self.region(addr) == Some(Region::Shared) => {
                        (self.eng.cluster.rank, addr)
                    }
                    None => {
                        return Err(err(
                            ops[1].span.clone(),
                            format!("`{}`: {addr:#x} is not a shared-memory address of a CTA of the cluster", ins.opcode),
                        ))
                    }
                };
                let mut srcs = vec![(addr, ty)];
                let v = if mapa {
                    let r = self.read(&ops[2], PtxType::U32)?;
                    srcs.push((r, PtxType::U32));
                    // mapa: "b specifies the rank of target CTA"; a rank
                    // outside the cluster has no shared memory.
                    let n = self.eng.cluster.size();
                    if r >= n as u64 {
                        return Err(err(
                            ops[2].span.clone(),
                            format!("CTA rank {r}: the cluster has {n} CTA(s), ranks 0 to {} (%cluster_nctarank is {n})", n - 1),
                        ));
                    }
                    self.eng.cluster.cluster_address(r as usize, local)
                } else {
                    rank as u64
                };
                self.write(&ops[0], ty, v)?;
                self.trace(ins, &srcs, Some((v, ty)));
                Ok(Flow::Next)
            }
        }
    }

    /// The address of an mbarrier operand: in this CTA's shared memory,
    /// 8-byte aligned ("An mbarrier object is an opaque object in shared
    /// memory ... 64-bit ... 8-byte aligned").
    pub(crate) fn mbar_addr(
        &mut self,
        ins: &Instr,
        o: &Operand,
    ) -> Result<(u64, PtxType), RunError> {
        let (addr, ty) = self.address(o)?;
        if self.region(addr) != Some(Region::Shared) {
            return Err(err(
                o.span.clone(),
                format!(
                    "`{}`: {addr:#x} is not in shared memory; an mbarrier object is a .shared .b64",
                    ins.opcode
                ),
            ));
        }
        if !addr.is_multiple_of(8) {
            return Err(err(
                o.span.clone(),
                format!(
                    "`{}`: the mbarrier object at {addr:#x} is not 8-byte aligned",
                    ins.opcode
                ),
            ));
        }
        Ok((addr, ty))
    }

    /// The mbarrier object at `addr`, which must have been initialized.
    /// (An address in the window of another CTA of the cluster names that
    /// CTA's object: `.shared::cluster`.)
    pub(crate) fn mbar_get(&self, ins: &Instr, o: &Operand, addr: u64) -> Result<Mbar, RunError> {
        let (r, a) = self.shared_target(addr);
        let mbars = match r {
            Some(r) => &self.eng.cluster.parked[r].asyncs.mbars,
            None => &self.eng.asyncs.mbars,
        };
        mbars.get(&a).copied().ok_or_else(|| {
            RunError::Program(
                Diagnostic::error(
                    o.span.clone(),
                    format!("`{}`: no mbarrier object is initialized at {addr:#x}", ins.opcode),
                )
                .with_help("initialize it with `mbarrier.init.shared.b64 [addr], count;` (and a barrier before other threads use it); an `mbarrier.inval` ends it"),
            )
        })
    }

    /// Sets (or, `None`, invalidates) the object at `addr`: its bits in
    /// shared memory, and the threads parked on it go on.
    fn mbar_put(&mut self, addr: u64, m: Option<Mbar>) {
        self.in_cta_of(addr, |me, a| me.mbar_put_here(a, m));
    }

    /// Runs `f` with the CTA whose shared memory holds `addr` running, and
    /// the CTA-local address (`addr` in another CTA's cluster window
    /// reaches that CTA: `.shared::cluster`).
    fn in_cta_of(&mut self, addr: u64, f: impl FnOnce(&mut Self, u64)) {
        match self.shared_target(addr) {
            (Some(r), a) => {
                let back = self.eng.cluster.rank;
                self.enter(r);
                f(self, a);
                self.enter(back);
            }
            (None, a) => f(self, a),
        }
    }

    /// [`Self::mbar_put`] in this CTA.
    fn mbar_put_here(&mut self, addr: u64, m: Option<Mbar>) {
        let bits = match m {
            Some(m) => {
                self.eng.asyncs.mbars.insert(addr, m);
                m.bits()
            }
            None => {
                self.eng.asyncs.mbars.remove(&addr);
                0
            }
        };
        self.mem_in_mut(Some(Space::Shared), addr)
            .write(addr, 8, bits);
        self.eng.asyncs.epoch += 1;
        for t in &mut self.eng.threads {
            if matches!(t.state, State::MbarWait { addr: a, park: true, .. } if a == addr) {
                t.state = State::Ready;
            }
        }
    }

    /// Stores `m` at `addr`, first completing its phase where it is
    /// complete. PTX ISA `mbarrier`, "Phase Completion of the mbarrier
    /// object": "The current phase is completed when the pending arrival
    /// count reaches zero and the tx-count reaches zero"; then "the
    /// mbarrier object transitions to the next phase": "the pending
    /// arrival count is reinitialized to the expected arrival count". The
    /// threads suspended on the completed phase resume.
    fn mbar_update(&mut self, addr: u64, m: Mbar) {
        self.in_cta_of(addr, |me, a| me.mbar_update_here(a, m));
    }

    /// [`Self::mbar_update`] in this CTA.
    fn mbar_update_here(&mut self, addr: u64, mut m: Mbar) {
        if m.pending == 0 && m.tx == 0 {
            // "When an mbarrier object with .layout::v0 completes the
            // current phase": "The mbarrier object transitions to the next
            // primary and conditional phases". With .layout::v1: "If the
            // payload report associated with the current primary phase of
            // the mbarrier is zero, then the conditional phase advances";
            // "The mbarrier object transitions to the next primary phase";
            // "The payload report corresponding to the next primary phase
            // is reinitialized to zero"; then (both) "The pending arrival
            // count is reinitialized to the expected arrival count".
            let done = m.parity();
            let cdone = m.cphase & 1 == 1;
            let advance = !(m.v1 && m.report);
            if advance {
                m.cphase += 1;
            }
            m.phase += 1;
            m.last_report = m.report;
            m.report = false;
            m.pending = m.expected;
            for (lane, t) in self.eng.threads.iter_mut().enumerate() {
                let wake = match t.state {
                    State::MbarWait {
                        addr: a,
                        parity,
                        park: false,
                        cond,
                        ..
                    } if a == addr => {
                        if cond {
                            advance && parity == cdone
                        } else {
                            parity == done
                        }
                    }
                    _ => false,
                };
                if wake {
                    t.state = State::Ready;
                    self.eng.asyncs.woken.insert(lane);
                }
            }
        }
        self.mbar_put_here(addr, Some(m));
    }

    /// The report-on operation (PTX ISA 9.7.15.16.10) of a copy's report
    /// mechanism on the (initialized) mbarrier at `addr`: "the report
    /// predicate is modified to non-zero value". "when the
    /// .report_mechanism is specified for data inspection, the associated
    /// mbarrier operand must have been initialized with the layout
    /// .layout::v1, otherwise the behavior is undefined" (an error here).
    pub(crate) fn report_on(
        &mut self,
        ins: &Instr,
        o: &Operand,
        addr: u64,
        hit: bool,
    ) -> Result<(), RunError> {
        let mut m = self.mbar_get(ins, o, addr)?;
        if !m.v1 {
            return Err(err_help(
                o.span.clone(),
                format!("`{}` reports on the mbarrier at {addr:#x}, which is a .layout::v0 object: the PTX ISA leaves that undefined", ins.opcode),
                "initialize it with `mbarrier.init.layout::v1`",
            ));
        }
        if hit {
            m.report = true;
            self.mbar_update(addr, m);
        }
        Ok(())
    }

    /// The objects an mbarrier instruction at `addr` (operand `o`) acts on:
    /// `addr`, or with `.multicast::cluster::32b` "the same CTA-relative
    /// offset as addr in the shared memory of each target CTA" named by
    /// the last operand, the 32-bit ctaMask (pushed to `srcs`).
    fn mbar_targets(
        &mut self,
        ins: &Instr,
        a: AsyncOp,
        o: &Operand,
        addr: u64,
        srcs: &mut Vec<(u64, PtxType)>,
    ) -> Result<Vec<u64>, RunError> {
        if !a.multicast {
            return Ok(vec![addr]);
        }
        let mask_op = &ins.operands[ins.operands.len() - 1];
        let mask = self.read(mask_op, PtxType::B32)?;
        srcs.push((mask, PtxType::B32));
        let t = self.multicast_targets(ins, mask_op, mask, addr, Some(addr), o)?;
        Ok(t.into_iter().filter_map(|(_, m)| m).collect())
    }

    /// One arrive-on (with `.expect_tx`, an expect-tx first; with `drop`,
    /// the expected count lowered too) on the mbarrier at `addr`; `val`:
    /// the count or txCount operand and its value. Gives the state token.
    #[allow(clippy::too_many_arguments)]
    fn arrive_on(
        &mut self,
        ins: &Instr,
        o: &Operand,
        addr: u64,
        val: Option<(&Operand, u64)>,
        drop: bool,
        no_complete: bool,
        expect_tx: bool,
    ) -> Result<u64, RunError> {
        let mut m = self.mbar_get(ins, o, addr)?;
        let mut n = 1;
        if let Some((vo, v)) = val {
            if expect_tx {
                // arrive.expect_tx: "performs an expect-tx operation prior
                // to the arrive-on operation"; "the count argument of the
                // arrive-on operation is assumed to be 1".
                m.tx = self.tx_add(ins, vo, m.tx, v as i64)?;
            } else {
                // "The value of the operand count must be in the range as
                // specified in Contents of the mbarrier object".
                let max = Mbar::max_count(m.v1);
                if !(1..=max).contains(&v) {
                    return Err(err(
                        vo.span.clone(),
                        format!(
                            "arrival count {v}: the count of a .layout::{} object is 1 to {}",
                            if m.v1 { "v1" } else { "v0" },
                            if m.v1 {
                                "2^9 - 1 (511)"
                            } else {
                                "2^20 - 1 (1048575)"
                            }
                        ),
                    ));
                }
                n = v as u32;
            }
        }
        // arrive: "decrements the pending arrival count by count";
        // arrive_drop: "decrements the expected arrival count of the
        // mbarrier object by the amount specified by count and then
        // performs an arrive-on operation".
        if n > m.pending || drop && n > m.expected {
            return Err(err(
                o.span.clone(),
                format!(
                    "`{}` arrives {n} time(s) at the mbarrier at {addr:#x}, but only {} of its {} arrivals are pending in this phase: the PTX ISA leaves that undefined",
                    ins.opcode, m.pending, m.expected
                ),
            ));
        }
        let parity = m.parity();
        m.pending -= n;
        if drop {
            m.expected -= n;
        }
        // .noComplete: "the arrive-on operation ... must not cause the
        // mbarrier to complete its current phase, otherwise the behavior
        // is undefined" (an error here).
        if no_complete && m.pending == 0 && m.tx == 0 {
            return Err(err(
                ins.opcode_span.clone(),
                format!("`{}` completes the current phase of the mbarrier at {addr:#x}, which `.noComplete` must not do", ins.opcode),
            ));
        }
        // "mbarrier.arrive ... returns an opaque 64-bit register capturing
        // the phase of the mbarrier object prior to the arrive-on operation
        // in the destination operand state."
        let token = m.token(parity);
        self.mbar_update(addr, m);
        Ok(token)
    }

    /// An arrive-on operation with the count 1 on the object at `addr`
    /// (`tcgen05.commit`'s `.mbarrier::arrive::one`).
    pub(crate) fn mbar_arrive_one(
        &mut self,
        ins: &Instr,
        o: &Operand,
        addr: u64,
    ) -> Result<(), RunError> {
        let mut m = self.mbar_get(ins, o, addr)?;
        if m.pending == 0 {
            return Err(err(
                o.span.clone(),
                format!("`{}` arrives at the mbarrier at {addr:#x}, but no arrival is pending in this phase", ins.opcode),
            ));
        }
        m.pending -= 1;
        self.mbar_update(addr, m);
        Ok(())
    }

    /// `tx + d`, which must stay in the tx-count's range.
    fn tx_add(&self, ins: &Instr, o: &Operand, tx: i64, d: i64) -> Result<i64, RunError> {
        let t = tx + d;
        if t.unsigned_abs() > MAX_COUNT {
            return Err(err(
                o.span.clone(),
                format!("`{}` takes the tx-count to {t}, outside -(2^20 - 1)..2^20 - 1: the PTX ISA leaves that undefined", ins.opcode),
            ));
        }
        Ok(t)
    }

    /// The complete-tx of `bytes` on the (initialized) mbarrier at `m`
    /// ("the mbarrier complete-tx operation, with completeCount argument
    /// equal to amount of data copied in bytes"); `ops`: the mbarrier's
    /// operand and the one to blame for a tx-count out of range.
    pub(crate) fn complete_tx(
        &mut self,
        ins: &Instr,
        ops: (&Operand, &Operand),
        m: u64,
        bytes: u64,
    ) -> Result<(), RunError> {
        let mut o = self.mbar_get(ins, ops.0, m)?;
        o.tx = self.tx_add(ins, ops.1, o.tx, -(bytes as i64))?;
        self.mbar_update(m, o);
        Ok(())
    }

    /// The rules of a bulk copy's operands (PTX ISA `cp.async.bulk`):
    /// "The size operand ... must be a multiple of 16"; "The addresses
    /// ... must be aligned to 16 bytes".
    fn bulk_checks(
        &self,
        ins: &Instr,
        addrs: &[(&Operand, u64)],
        size_op: &Operand,
        size: u64,
    ) -> Result<(), RunError> {
        if !size.is_multiple_of(16) {
            return Err(err_help(
                size_op.span.clone(),
                format!(
                    "size {size}: `{}` copies a multiple of 16 bytes",
                    ins.opcode
                ),
                "round the size up to a multiple of 16 (PTX ISA cp.async.bulk)",
            ));
        }
        for (o, a) in addrs {
            if !a.is_multiple_of(16) {
                return Err(err_help(
                    o.span.clone(),
                    format!("misaligned bulk copy: `{}` needs 16-byte aligned addresses, and {a:#x} is not", ins.opcode),
                "align the buffers to 16 bytes (`.align 16`)"));
            }
        }
        Ok(())
    }

    /// `cp.async.bulk` and `cp.reduce.async.bulk`: the copy (or the
    /// reduction, element by element through the atomic's update) is
    /// performed when the instruction runs, and for the mbarrier forms
    /// the complete-tx of its bytes follows at once ("the mbarrier
    /// complete-tx operation, with completeCount argument equal to amount
    /// of data copied in bytes, is performed on the mbarrier object").
    fn bulk(
        &mut self,
        ins: &Instr,
        a: &AsyncOp,
        dir: BulkDir,
        reduce: Option<ptxfp_isa::control::Atomic>,
    ) -> Result<(), RunError> {
        let ops = &ins.operands;
        let mbar = dir != BulkDir::SharedToGlobal;
        // `.ignore_oob`: `ignoreBytesLeft, ignoreBytesRight` after `size`;
        // `.cp_mask`: `byteMask` last.
        let oob = if a.ignore_oob { 2 } else { 0 };
        let want = 3
            + oob
            + usize::from(mbar)
            + usize::from(a.multicast)
            + usize::from(a.cache_hint)
            + usize::from(a.cp_mask);
        if ops.len() != want {
            return Err(err(
                ins.opcode_span.clone(),
                format!(
                    "`{}` takes `[dstMem], [srcMem], size{}{}{}{}{}`",
                    ins.opcode,
                    if a.ignore_oob {
                        ", ignoreBytesLeft, ignoreBytesRight"
                    } else {
                        ""
                    },
                    if mbar { ", [mbar]" } else { "" },
                    if a.multicast { ", ctaMask" } else { "" },
                    if a.cache_hint { ", cache-policy" } else { "" },
                    if a.cp_mask { ", byteMask" } else { "" }
                ),
            ));
        }
        let mbar_i = 3 + oob;
        let policy_i = ops.len() - 1 - usize::from(a.cp_mask);
        let (dst, dty) = self.address(&ops[0])?;
        let (src, sty) = self.address(&ops[1])?;
        let size = self.read(&ops[2], PtxType::U32)?;
        self.bulk_checks(ins, &[(&ops[0], dst), (&ops[1], src)], &ops[2], size)?;
        // ".ignore_oob specifies that up to 15 bytes at the beginning or
        // ending of [srcMem .. srcMem+size) may be out-of-bounds of a global
        // memory allocation, and the value of the corresponding bytes in
        // destination shared memory [dstMem .. dstMem+size) is
        // indeterminate"; "The only valid values for ignoreBytesLeft and
        // ignoreBytesRight are [0..15]". The engine reads none of those
        // source bytes and leaves those destination bytes as they were
        // (docs/ENGINE.md "cp.async.bulk").
        let (left, right) = if a.ignore_oob {
            let mut lr = [0; 2];
            for (k, o) in ops[3..5].iter().enumerate() {
                let v = self.read(o, PtxType::U32)?;
                if v > 15 {
                    return Err(err(
                        o.span.clone(),
                        format!(
                            "{} {v}: `{}` ignores 0 to 15 bytes at each end",
                            ["ignoreBytesLeft", "ignoreBytesRight"][k],
                            ins.opcode
                        ),
                    ));
                }
                lr[k] = v;
            }
            (lr[0], lr[1])
        } else {
            (0, 0)
        };
        // ".cp_mask ... The i-th bit in the 16-bit wide byteMask operand
        // specifies whether the i-th byte of each 16-byte wide chunk of
        // source data is copied to the destination."
        let byte_mask = if a.cp_mask {
            Some(self.read(&ops[ops.len() - 1], PtxType::B16)?)
        } else {
            None
        };
        let (from, to) = match dir {
            BulkDir::GlobalToShared => (Space::Global, Space::Shared),
            BulkDir::SharedToShared => (Space::Shared, Space::Shared),
            BulkDir::SharedToGlobal => (Space::Shared, Space::Global),
        };
        for (o, addr, sp) in [(&ops[0], dst, to), (&ops[1], src, from)] {
            let shared = self.region(addr) == Some(Region::Shared);
            if shared != (sp == Space::Shared) {
                return Err(err(
                    o.span.clone(),
                    format!("`{}`: {addr:#x} is {} a shared-memory address; this operand addresses .{} memory", ins.opcode, if shared { "" } else { "not" }, sp.name()),
                ));
            }
        }
        let mut srcs = vec![(dst, dty), (src, sty), (size, PtxType::U32)];
        let mbar_at = if mbar {
            let (m, mty) = self.mbar_addr(ins, &ops[mbar_i])?;
            self.mbar_get(ins, &ops[mbar_i], m)?;
            srcs.push((m, mty));
            Some(m)
        } else {
            None
        };
        // Where the data goes, and the mbarrier each destination signals.
        let mut targets = vec![(dst, mbar_at)];
        if a.multicast {
            // "each bit position in the 16-bit or otherwise 32-bit ctaMask
            // operand corresponds to the %cluster_ctarank of the
            // destination CTA"; "By default, ctaMask is assumed to be of
            // 16-bit width".
            let mty = if a.mask32 { PtxType::B32 } else { PtxType::B16 };
            let mask = self.read(&ops[mbar_i + 1], mty)?;
            srcs.push((mask, mty));
            targets =
                self.multicast_targets(ins, &ops[mbar_i + 1], mask, dst, mbar_at, &ops[mbar_i])?;
        }
        if a.cache_hint {
            srcs.push((self.read(&ops[policy_i], PtxType::B64)?, PtxType::B64));
        }
        // Element by element: bytes for a copy, the reduction's type for
        // cp.reduce ("each data element ... is combined with the element at
        // the destination by the .redOp operation").
        // The report mechanism: "the copy operation inspects the data being
        // copied and signals a report-on operation on the mbarrier if the
        // data matches the pattern" (PTX ISA 9.7.10.28.1.3), before the
        // complete-tx that may end the phase.
        let report = match a.report.filter(|r| *r != Report::Disabled) {
            Some(r) => {
                let mut data = Vec::with_capacity(size as usize);
                for i in 0..size {
                    let s = src.wrapping_add(i);
                    data.push(self.read_given(Some(from), s, 1, |bad| {
                        unread(
                            &ops[1].span,
                            ins.opcode,
                            &format!("{size} bytes at {src:#x}"),
                            bad,
                            s,
                        )
                    })? as u8);
                }
                Some(r.matches(&data))
            }
            None => None,
        };
        let n = reduce.map_or(1, |r| r.ty.bits().div_ceil(8));
        for &(dst, mbar_at) in &targets {
            self.charge_bytes(size);
            if reduce.is_none() {
                self.check_store(Some(to), dst, size, ins.opcode, &ops[0].span)?;
            }
            let mut i = 0;
            while i < size {
                let skipped = i < left
                    || i + right >= size
                    || byte_mask.is_some_and(|m| m >> (i % 16) & 1 == 0);
                if skipped {
                    i += u64::from(n);
                    continue;
                }
                let s = src.wrapping_add(i);
                let v = self.read_given(Some(from), s, n, |bad| {
                    unread(
                        &ops[1].span,
                        ins.opcode,
                        &format!("{size} bytes at {src:#x}"),
                        bad,
                        s,
                    )
                })?;
                let d = dst.wrapping_add(i);
                let new = match reduce {
                    None => v,
                    Some(r) => {
                        let old = self.read_given(Some(to), d, n, |bad| {
                            Diagnostic::error(
                                ops[0].span.clone(),
                                format!("`{}` combines into {size} bytes at {dst:#x}, but memory at {bad:#x} was never given or written", ins.opcode),
                            )
                            .with_help(format!("give it with --mem {d:#x}=HEXBYTES"))
                        })?;
                        self.atom_update(r.update, old, &[v], r.ty.bits())
                    }
                };
                self.mem_in_mut(Some(to), d).write(d, n, new);
                i += u64::from(n);
            }
            if let Some(m) = mbar_at {
                if let Some(hit) = report {
                    self.report_on(ins, &ops[mbar_i], m, hit)?;
                }
                self.complete_tx(ins, (&ops[mbar_i], &ops[2]), m, size)?;
            }
        }
        self.trace(ins, &srcs, None);
        Ok(())
    }

    /// The destinations of a `.multicast::cluster` copy to `dst` (with
    /// the mbarrier at `mbar_at`): "copied to the same CTA-relative offset
    /// as dstMem in the shared memory of each destination CTA" named by
    /// the 16-bit ctaMask, "each bit position ... the %ctaid of the
    /// destination CTA" (its %cluster_ctarank); "The mbarrier signal is
    /// also multicast to the same CTA-relative offset as mbar in the
    /// shared memory of the destination CTA". Each mbarrier must be
    /// initialized.
    pub(crate) fn multicast_targets(
        &self,
        ins: &Instr,
        mask_op: &Operand,
        mask: u64,
        dst: u64,
        mbar_at: Option<u64>,
        mbar_op: &Operand,
    ) -> Result<Vec<(u64, Option<u64>)>, RunError> {
        let n = self.eng.cluster.size();
        if mask >> n != 0 {
            return Err(err(
                mask_op.span.clone(),
                format!("ctaMask {mask:#06x} names CTA ranks past the cluster's {n} CTA(s) (ranks 0 to {}; docs/ENGINE.md \"Clusters\")", n - 1),
            ));
        }
        let d = self.shared_target(dst).1;
        let m = mbar_at.map(|m| self.shared_target(m).1);
        let targets: Vec<(u64, Option<u64>)> = (0..n)
            .filter(|r| mask >> r & 1 == 1)
            .map(|r| {
                (
                    self.eng.cluster.cluster_address(r, d),
                    m.map(|m| self.eng.cluster.cluster_address(r, m)),
                )
            })
            .collect();
        for (_, m) in &targets {
            if let Some(m) = m {
                self.mbar_get(ins, mbar_op, *m)?;
            }
        }
        Ok(targets)
    }

    /// `st.async` and `red.async` (PTX ISA 9.7.9.12, 9.7.13.7): "a
    /// non-blocking instruction which initiates an asynchronous store
    /// operation that stores the value specified by source operand b to the
    /// destination memory location specified by operand a" (`red.async`:
    /// "an asynchronous reduction operation specified by .op, with the
    /// operand b and the value at the destination"). The engine performs
    /// the store (or the atomic's read-modify-write) when the instruction
    /// runs, and for the `.mbarrier::complete_tx::bytes` forms, "upon
    /// completion of the asynchronous operation, a complete-tx operation
    /// will be performed on the mbarrier object specified by the operand
    /// mbar, with completeCount argument equal to the amount of data stored
    /// in bytes", at once after it: one of the orders a GPU may show.
    fn store_async(
        &mut self,
        ins: &Instr,
        a: &AsyncOp,
        red: Option<ptxfp_isa::control::Atomic>,
        mbar: bool,
    ) -> Result<(), RunError> {
        let ops = &ins.operands;
        let form = if mbar { "[a], b, [mbar]" } else { "[a], b" };
        if ops.len() != 2 + usize::from(mbar) {
            return Err(err(
                ins.opcode_span.clone(),
                format!("`{}` takes `{form}`", ins.opcode),
            ));
        }
        let Some(ty) = a.ty else {
            return Err(err_help(
                ins.opcode_span.clone(),
                format!("`{}` needs a type", ins.opcode),
                "add the type of the value stored (`.b32`, `.v2.b64`, `.b128`, ...)",
            ));
        };
        let elems: Vec<&Operand> = match (&ops[1].kind, usize::from(a.lanes)) {
            (OperandKind::Vector(v), l) if v.len() == l && l > 1 => v.iter().collect(),
            (_, 1) => vec![&ops[1]],
            (_, l) => {
                return Err(err(
                    ops[1].span.clone(),
                    format!("`{}` needs a {{...}} vector of {l} registers", ins.opcode),
                ))
            }
        };
        let (addr, aty) = self.address(&ops[0])?;
        let bits = ty.bits();
        let n = bits.div_ceil(8);
        let size = u64::from(n) * elems.len() as u64;
        let mut srcs = vec![(addr, aty)];
        let space = if mbar {
            // "The number of CTAs within the cluster is strictly greater
            // than one; %cluster_nctarank > 1 is true. Otherwise, the
            // behavior is undefined" (st.async; red.async asks for a CTA
            // other than the executing one's, which needs two as well).
            let n_ctas = self.eng.cluster.size();
            if n_ctas < 2 {
                return Err(err_help(
                    ins.opcode_span.clone(),
                    format!("`{}` needs a cluster of more than one CTA (%cluster_nctarank is {n_ctas}): the PTX ISA leaves it undefined otherwise", ins.opcode),
                    "launch clusters with --cluster N (N > 1), or .reqnctapercluster",
                ));
            }
            // "The shared memory addresses of destination operand a and
            // the mbarrier object mbar belong to the same CTA" within the
            // executing thread's cluster: addresses in the cluster's
            // shared windows (docs/ENGINE.md "Clusters").
            if self.region(addr) != Some(Region::Shared) {
                return Err(err(
                    ops[0].span.clone(),
                    format!("`{}`: {addr:#x} is not a shared-memory address of a CTA of the cluster (.shared::cluster)", ins.opcode),
                ));
            }
            let (m, mty) = self.mbar_addr(ins, &ops[2])?;
            self.mbar_get(ins, &ops[2], m)?;
            let me = self.eng.cluster.rank;
            let rank = |x: u64| self.shared_target(x).0.unwrap_or(me);
            let (ra, rm) = (rank(addr), rank(m));
            if ra != rm {
                return Err(err(
                    ops[2].span.clone(),
                    format!("`{}` stores into the CTA of rank {ra} but signals the mbarrier at {m:#x} in the CTA of rank {rm}: a and mbar must belong to the same CTA", ins.opcode),
                ));
            }
            // red.async: "The CTA to which they belong is different from
            // the CTA of the executing thread, but must be within the same
            // cluster. Otherwise, the behavior is undefined."
            if red.is_some() && ra == me {
                return Err(err_help(
                    ops[0].span.clone(),
                    format!("`{}` reduces into the executing thread's own CTA (rank {me}): red.async's destination must be in another CTA of the cluster", ins.opcode),
                    "map the address to a peer CTA with `mapa`, or use red.shared for the CTA's own memory",
                ));
            }
            srcs.push((m, mty));
            Some(Space::Shared)
        } else {
            // The `.release` forms: "If the generic address specified does
            // not fall within the address window of .global state space,
            // the behavior is undefined."
            if self.region(addr).is_some() {
                return Err(err(
                    ops[0].span.clone(),
                    format!("`{}`: {addr:#x} is not a global-memory address; this form stores to .global memory", ins.opcode),
                ));
            }
            Some(Space::Global)
        };
        // cccl's st_async: "Alignment of addr must be a multiple of vector
        // size"; red.async, as atom, the size of its type.
        if !addr.is_multiple_of(size) {
            self.memory_problem(
                Diagnostic::error(
                    ops[0].span.clone(),
                    format!("misaligned access: `{}` stores {size} bytes at {addr:#x}, which is not a multiple of {size}", ins.opcode),
                ),
                ", accessing the bytes at that address",
            )?;
        }
        let mut stored = Vec::new();
        for (i, e) in elems.iter().enumerate() {
            let v = self.read(e, ty)? & mask(bits);
            srcs.push((v, ty));
            let at = addr.wrapping_add(u64::from(n) * i as u64);
            let new = match red {
                None => v,
                Some(r) => {
                    let old = self.read_given(space, at, n, |bad| {
                        unread(&ops[0].span, ins.opcode, &format!("{n} bytes at {at:#x}"), bad, at)
                            .with_help("write the destination (in its own CTA) before other CTAs reduce into it")
                    })?;
                    self.atom_update(r.update, old, &[v], bits)
                }
            };
            self.mem_in_mut(space, at).write(at, n, new);
            stored.push(new);
        }
        if mbar {
            let (m, _) = self.address(&ops[2])?;
            let mut o = self.mbar_get(ins, &ops[2], m)?;
            o.tx = self.tx_add(ins, &ops[2], o.tx, -(size as i64))?;
            self.mbar_update(m, o);
        }
        self.trace_with(ins, &srcs, None, |step| {
            step.access = Some(Access {
                store: true,
                ty,
                values: stored,
            })
        });
        Ok(())
    }

    /// `clusterlaunchcontrol.try_cancel.async{.shared::cta}
    /// .mbarrier::complete_tx::bytes{.multicast::cluster::all}.b128 [addr],
    /// [mbar]` (PTX ISA 8.6, sm_100): "requests atomically cancelling the
    /// launch of a cluster that has not started running yet. It
    /// asynchronously writes an opaque response to shared memory
    /// indicating whether the operation succeeded or failed". The engine's
    /// request always fails (docs/ENGINE.md "Cluster launch control"): its
    /// response is 16 zero bytes, written when the instruction runs, then
    /// "complete-tx operation, with completeCount argument equal to amount
    /// of data stored in bytes" (16) on `mbar`; with
    /// `.multicast::cluster::all` "to the corresponding local shared memory
    /// addr of each CTA in the requesting cluster", each signalled "via a
    /// complete-tx operation to the mbarrier object on the shared memory of
    /// that CTA".
    fn try_cancel(&mut self, ins: &Instr, a: &AsyncOp) -> Result<(), RunError> {
        let ops = &ins.operands;
        let (addr, aty) = self.address(&ops[0])?;
        // "Operand addr specifies the naturally aligned address of the
        // 16-byte wide shared memory location"; "The result is undefined if
        // any of address operands do not fall within the address window
        // of .shared::cta."
        if self.region(addr) != Some(Region::Shared) || self.shared_target(addr).0.is_some() {
            return Err(err(
                ops[0].span.clone(),
                format!(
                    "`{}`: {addr:#x} is not in this CTA's shared memory (.shared::cta)",
                    ins.opcode
                ),
            ));
        }
        if !addr.is_multiple_of(16) {
            return Err(err(
                ops[0].span.clone(),
                format!(
                    "`{}`: the response at {addr:#x} is not 16-byte aligned",
                    ins.opcode
                ),
            ));
        }
        let (m, mty) = self.mbar_addr(ins, &ops[1])?;
        if self.shared_target(m).0.is_some() {
            return Err(err(
                ops[1].span.clone(),
                format!("`{}`: the mbarrier at {m:#x} is not in this CTA's shared memory (.shared::cta)", ins.opcode),
            ));
        }
        let (addr, m) = (self.shared_target(addr).1, self.shared_target(m).1);
        let targets: Vec<(u64, u64)> = if a.multicast {
            (0..self.eng.cluster.size())
                .map(|r| {
                    (
                        self.eng.cluster.cluster_address(r, addr),
                        self.eng.cluster.cluster_address(r, m),
                    )
                })
                .collect()
        } else {
            vec![(addr, m)]
        };
        for &(_, m) in &targets {
            self.mbar_get(ins, &ops[1], m)?;
        }
        for (d, m) in targets {
            let sp = Some(Space::Shared);
            self.mem_in_mut(sp, d).write(d, 8, 0);
            self.mem_in_mut(sp, d + 8).write(d + 8, 8, 0);
            let mut o = self.mbar_get(ins, &ops[1], m)?;
            o.tx = self.tx_add(ins, &ops[1], o.tx, -16)?;
            self.mbar_update(m, o);
        }
        self.trace(ins, &[(addr, aty), (m, mty)], None);
        Ok(())
    }

    /// `clusterlaunchcontrol.query_cancel.{is_canceled.pred,
    /// get_first_ctaid...b32}.b128 d, response`, on a `.b128` register (its
    /// two `.b64` halves). PTX ISA: "Instruction
    /// clusterlaunchcontrol.query_cancel can be used to decode opaque
    /// response written by instruction clusterlaunchcontrol.try_cancel". The
    /// engine's try_cancel always fails and writes 16 zero bytes
    /// (`try_cancel`), so zero is the only response it can decode: any other
    /// value was never written by a try_cancel, an error.
    fn query_cancel(&mut self, ins: &Instr, first_ctaid: bool) -> Result<(), RunError> {
        let ops = &ins.operands;
        let halves = match &ops[1].kind {
            OperandKind::Vector(h) if h.len() == 2 => h.clone(),
            _ => {
                return Err(err(
                    ops[1].span.clone(),
                    format!(
                        "`{}`: the response operand must be a `.b128` register (`.reg .b128`)",
                        ins.opcode
                    ),
                ))
            }
        };
        let lo = self.read(&halves[0], PtxType::B64)?;
        let hi = self.read(&halves[1], PtxType::B64)?;
        if lo != 0 || hi != 0 {
            return Err(err_help(
                ops[1].span.clone(),
                format!(
                    "`{}`: the response {hi:016x}{lo:016x} is not one the engine's try_cancel writes (16 zero bytes: the request failed)",
                    ins.opcode
                ),
                "docs/ENGINE.md \"Cluster launch control\": load the 16 bytes try_cancel wrote (ld.shared.b128) after its mbarrier completes",
            ));
        }
        if first_ctaid {
            // "If the request fails the behavior of
            // clusterlaunchcontrol.query_cancel.get_first_ctaid is undefined."
            return Err(err_help(
                ins.opcode_span.clone(),
                format!(
                    "`{}` on a failed request: PTX ISA \"If the request fails the behavior of clusterlaunchcontrol.query_cancel.get_first_ctaid is undefined\" (the engine's try_cancel requests always fail)",
                    ins.opcode
                ),
                "guard it with the predicate of query_cancel.is_canceled (`@p`)",
            ));
        }
        // is_canceled: "If the cluster is canceled successfully, predicate p
        // is set to true; otherwise, it is set to false."
        self.write(&ops[0], PtxType::Pred, 0)?;
        self.trace(
            ins,
            &[(lo, PtxType::B64), (hi, PtxType::B64)],
            Some((0, PtxType::Pred)),
        );
        Ok(())
    }

    /// `st.bulk{.weak}{.shared::cta} [a], size, initval` (PTX ISA 8.6,
    /// sm_100): "initializes a region of shared memory starting from the
    /// location specified by destination address operand a". "size must
    /// be a multiple of 8. If the value is not a multiple of 8, then the
    /// behavior is undefined. The maximum value of size operand can be
    /// 16777216"; "The only numeric value allowed for operand initval is
    /// 0"; "If the address specified by a does not fall within the address
    /// window of .shared state space then the behavior is undefined" (each
    /// an error here). "Support for size operand with 32-bit length is
    /// introduced in PTX ISA version 9.0": a 32-bit register before that
    /// is an error.
    pub(crate) fn st_bulk(&mut self, ins: &Instr) -> Result<Flow, RunError> {
        let ops = &ins.operands;
        if ops.len() != 3 {
            return Err(err(
                ins.opcode_span.clone(),
                format!("`{}` takes `[a], size, initval`", ins.opcode),
            ));
        }
        let (addr, aty) = self.address(&ops[0])?;
        let size_ty = match &ops[1].kind {
            OperandKind::Name(n) => self
                .find(n)
                .map(|i| self.regs[i].ty)
                .filter(|t| t.bits() == 32)
                .map_or(PtxType::U64, |_| PtxType::U32),
            _ => PtxType::U64,
        };
        if size_ty == PtxType::U32 && self.version < PtxVersion::new(9, 0) {
            return Err(err(
                ops[1].span.clone(),
                format!(
                    "a 32-bit size for `{}` needs PTX ISA 9.0; this code is PTX {}",
                    ins.opcode, self.version
                ),
            ));
        }
        let size = self.read(&ops[1], size_ty)?;
        if !size.is_multiple_of(8) || size > 16_777_216 {
            return Err(err(
                ops[1].span.clone(),
                format!(
                    "size {size}: `{}` initializes a multiple of 8 bytes, at most 16777216",
                    ins.opcode
                ),
            ));
        }
        if !matches!(ops[2].kind, OperandKind::Imm(_)) || self.read(&ops[2], PtxType::U64)? != 0 {
            return Err(err(
                ops[2].span.clone(),
                format!("`{}`: initval must be the constant 0 (\"The only numeric value allowed for operand initval is 0\")", ins.opcode),
            ));
        }
        if self.region(addr) != Some(Region::Shared) || self.shared_target(addr).0.is_some() {
            return Err(err(
                ops[0].span.clone(),
                format!(
                    "`{}`: {addr:#x} is not in this CTA's shared memory",
                    ins.opcode
                ),
            ));
        }
        let sp = Some(Space::Shared);
        self.charge_bytes(size);
        for i in (0..size).step_by(8) {
            let at = addr.wrapping_add(i);
            self.mem_in_mut(sp, at).write(at, 8, 0);
        }
        self.trace(ins, &[(addr, aty), (size, size_ty)], None);
        Ok(Flow::Next)
    }

    /// Completes the phase of `barrier.cluster` where every thread of the
    /// cluster (of each of its CTAs) that has not exited arrived in it;
    /// the threads that wait at `barrier.cluster.wait` then run on.
    fn cluster_complete(&mut self) -> bool {
        let phase = self.eng.cluster.phase;
        let arrived = &self.eng.cluster.arrived;
        let all = self.cluster_threads().into_iter().all(|(r, threads)| {
            threads
                .iter()
                .enumerate()
                .filter(|(_, t)| t.state != State::Done)
                .all(|(lane, _)| arrived.get(&(r, lane)) == Some(&phase))
        });
        if !all || arrived.is_empty() {
            return false;
        }
        self.eng.cluster.phase += 1;
        let cur = self.eng.cluster.rank;
        let wake = |threads: &mut [Thread], asyncs: &mut AsyncState| {
            asyncs.epoch += 1;
            for t in threads {
                if matches!(
                    t.state,
                    State::MbarWait {
                        addr: CLUSTER_BARRIER,
                        ..
                    }
                ) {
                    t.state = State::Ready;
                }
            }
        };
        wake(&mut self.eng.threads, &mut self.eng.asyncs);
        for (r, p) in self.eng.cluster.parked.iter_mut().enumerate() {
            if r != cur {
                wake(&mut p.threads, &mut p.asyncs);
            }
        }
        true
    }

    /// Nothing can run and no barrier opens: completes the cluster
    /// barrier where the threads that exited held it up, lets threads
    /// parked by a failed `test_wait` poll again where something changed
    /// since they last did (true: run on), or stops with a deadlock error
    /// where threads wait on an mbarrier or the cluster barrier.
    /// (`report` false: no error, `Ok(false)`; in a cluster another CTA
    /// may still arrive.)
    pub(crate) fn async_idle(&mut self, report: bool) -> Result<bool, RunError> {
        if self.cluster_complete() {
            return Ok(true);
        }
        let epoch = self.eng.asyncs.epoch;
        let parked = self
            .eng
            .threads
            .iter()
            .any(|t| matches!(t.state, State::MbarWait { park: true, .. }));
        if parked && self.eng.asyncs.released_at != Some(epoch) {
            self.eng.asyncs.released_at = Some(epoch);
            for t in &mut self.eng.threads {
                if matches!(t.state, State::MbarWait { park: true, .. }) {
                    t.state = State::Ready;
                }
            }
            return Ok(true);
        }
        // A deadlock: the waits, grouped by object and statement, in
        // thread order.
        let mut groups: Vec<(u64, bool, usize, bool, usize, usize)> = Vec::new();
        for (lane, t) in self.eng.threads.iter().enumerate() {
            if let State::MbarWait {
                addr,
                parity,
                at,
                park,
                ..
            } = t.state
            {
                match groups
                    .iter_mut()
                    .find(|g| (g.0, g.1, g.2, g.3) == (addr, parity, at, park))
                {
                    Some(g) => g.4 += 1,
                    None => groups.push((addr, parity, at, park, 1, lane)),
                }
            }
        }
        let Some(&(addr, parity, at, _, _, lane)) = groups.first() else {
            return Ok(false);
        };
        if !report {
            return Ok(false);
        }
        let live: usize = self
            .cluster_threads()
            .into_iter()
            .map(|(_, t)| t.iter().filter(|t| t.state != State::Done).count())
            .sum();
        let describe = |me: &Self, g: &(u64, bool, usize, bool, usize, usize)| {
            let (l, c) = me.line_col(Some(&me.stmt_span(g.2)));
            let what = if g.0 == CLUSTER_BARRIER {
                let arrived = me
                    .eng
                    .cluster
                    .arrived
                    .values()
                    .filter(|p| **p == me.eng.cluster.phase)
                    .count();
                let whose = if me.eng.cluster.size() > 1 {
                    "cluster's"
                } else {
                    "CTA's"
                };
                format!("at barrier.cluster.wait, which {arrived} of the {whose} {live} running threads reached")
            } else {
                let m = me.eng.asyncs.mbars.get(&g.0);
                let state = m.map_or("no longer initialized".to_string(), |m| {
                    format!(
                        "{} of {} arrivals pending, tx-count {}{}",
                        m.pending,
                        m.expected,
                        m.tx,
                        if m.v1 && m.last_report {
                            "; its last primary phase completed with a report, so its conditional phase did not advance"
                        } else {
                            ""
                        }
                    )
                });
                format!(
                    "{} phase parity {} of the mbarrier at {:#x} ({state})",
                    if g.3 { "poll (test_wait)" } else { "wait for" },
                    u8::from(g.1),
                    g.0
                )
            };
            format!("{} thread(s) {what} at {l}:{c}", g.4)
        };
        let others: Vec<String> = groups[1..].iter().map(|g| describe(self, g)).collect();
        let bars = self
            .eng
            .threads
            .iter()
            .filter(|t| matches!(t.state, State::Barrier { .. }))
            .count();
        let mut msg = format!("deadlock: {}", describe(self, &groups[0]));
        let _ = (addr, parity);
        self.lane = lane;
        msg.push_str(&format!(" ({} is one)", self.who()));
        if !others.is_empty() {
            msg.push_str(&format!("; {}", others.join("; ")));
        }
        if bars > 0 {
            msg.push_str(&format!("; {bars} thread(s) wait at bar.sync barriers"));
        }
        // Members of a warp collective waiting for the others
        // (docs/ENGINE.md "Warp operations"), the first one's place named.
        let meets: Vec<usize> = self
            .eng
            .threads
            .iter()
            .filter_map(|t| match t.state {
                State::Meet { at, .. } => Some(at),
                _ => None,
            })
            .collect();
        if let Some(&a) = meets.first() {
            let (l, c) = self.line_col(Some(&self.stmt_span(a)));
            msg.push_str(&format!(
                "; {} thread(s) wait at warp collectives (the first at {l}:{c})",
                meets.len()
            ));
        }
        let cur = self.eng.cluster.rank;
        let elsewhere: Vec<String> = self
            .cluster_threads()
            .into_iter()
            .filter(|(r, _)| *r != cur)
            .filter_map(|(r, t)| {
                let n = t.iter().filter(|t| t.state != State::Done).count();
                (n > 0).then(|| format!("{n} in the CTA of rank {r}"))
            })
            .collect();
        if !elsewhere.is_empty() {
            msg.push_str(&format!(
                "; threads of the cluster's other CTAs wait too ({})",
                elsewhere.join(", ")
            ));
        }
        msg.push_str("; no running thread is left to arrive");
        Err(RunError::Program(
            Diagnostic::error(self.stmt_span(at), msg).with_help(
                "every arrival a phase expects (the count given to mbarrier.init) and every byte of its tx-count must come before the wait can end; check the counts, and that the arriving threads reach their arrive",
            ),
        ))
    }
}
