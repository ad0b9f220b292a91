//! The warp collectives that take a membermask (`vote.sync`, `shfl.sync`,
//! `match.sync`, `redux.sync`, `elect.sync`; `vote` and `shfl` without
//! `.sync`) and `bar.warp.sync`, and where their members meet (docs/ENGINE.md "Warp
//! operations").
//!
//! PTX ISA 9.7.13.9: "vote.sync will cause executing thread to wait until
//! all non-exited threads corresponding to membermask have executed
//! vote.sync with the same qualifiers and same membermask value before
//! resuming execution" (`shfl.sync`, `match.sync` and `redux.sync` say the
//! same; `bar.warp.sync`: "until all threads corresponding to membermask
//! have executed a bar.warp.sync with the same membermask value";
//! `elect.sync`: "wait until all threads in the membermask execute the elect
//! instruction"). Only
//! "For .target sm_6x or below, all threads in membermask must execute the
//! same vote.sync instruction in convergence". So on sm_70 and later the
//! members need not be at one statement: `if (c) b = __ballot_sync(~0, x);
//! else b = __ballot_sync(~0, y);` is one ballot of the whole warp. A
//! thread whose membermask names threads that have not exited and are at
//! other statements waits there ([`State::Meet`]); when the last member
//! arrives (or the missing ones exit), they run the collective together,
//! each with the operands of its own statement ([`Machine::try_meet`]).

use super::State;
use crate::{dest_pair, Machine, RunError, WARP_SIZE};
use ptxfp_front::module::{Instr, OperandKind, Stmt};
use ptxfp_isa::control::{Combine, Control, ShflMode, VoteMode};
use ptxfp_isa::diag::Diagnostic;
use ptxfp_isa::op::Op;
use ptxfp_isa::types::PtxType;
use ptxfp_model::{EvalInt, EvalSetp};

/// One thread's part in a collective: its lane, and the statement it runs
/// (the same for all, except where members meet from several statements).
#[derive(Clone, Copy)]
pub(crate) struct Site<'s, 'm> {
    pub(crate) lane: usize,
    pub(crate) pc: usize,
    pub(crate) ins: &'s Instr<'m>,
}

/// The operand that holds the membermask of `ctl`, where it has one and
/// its members meet across statements on sm_70 and later.
fn mask_operand(ctl: Control) -> Option<usize> {
    match ctl {
        Control::Vote { sync: true, .. } => Some(2),
        Control::Shfl { sync: true, .. } => Some(4),
        Control::Match { .. } | Control::Redux(_) => Some(2),
        Control::Elect => Some(1),
        Control::WarpSync => Some(0),
        _ => None,
    }
}

/// Lanes as runs: `0-15, 17, 20-21`.
fn lane_list(lanes: &[usize]) -> String {
    let mut runs: Vec<(usize, usize)> = Vec::new();
    for &l in lanes {
        match runs.last_mut() {
            Some(r) if r.1 + 1 == l => r.1 = l,
            _ => runs.push((l, l)),
        }
    }
    let runs: Vec<String> = runs
        .iter()
        .map(|&(a, b)| {
            if a == b {
                a.to_string()
            } else {
                format!("{a}-{b}")
            }
        })
        .collect();
    runs.join(", ")
}

const fn bit(lane: usize) -> u64 {
    1u64 << (lane % WARP_SIZE)
}

impl Machine<'_, '_> {
    /// Runs names and writes as thread `s.lane` at its statement.
    fn at_site(&mut self, s: &Site) {
        self.lane = s.lane;
        self.eng.stmt = s.pc;
        self.scope = s.ins.scope;
        self.block = s.ins.block;
    }

    /// Whether the members of `ctl` meet at any statement of its kind:
    /// a collective with a membermask, in code for sm_70 or later.
    pub(super) fn meets(&self, ctl: Control) -> bool {
        self.exec.code_target.sm >= 70 && mask_operand(ctl).is_some()
    }

    /// The threads `sites` (those of `lanes`, all at one statement, whose
    /// guard holds) reached a collective whose members meet
    /// ([`Self::meets`]). Threads with one membermask
    /// value are one collective ("the same qualifiers and same membermask
    /// value"), so a warp may hold several at one statement (a tile of
    /// sixteen lanes: `0x0000ffff` and `0xffff0000`). Where all have one
    /// membermask and every member that has not exited is here, they run
    /// it now: their membermasks ([`Self::masks`]). Otherwise
    /// they wait ([`State::Meet`]; the caller moves them past the statement
    /// and then calls [`Self::try_meet`], which runs the groups that are
    /// complete): `None`. A member here whose guard is false is not waited for
    /// (the ISA does not say; a converged warp's predicated instruction).
    pub(super) fn arrive(
        &mut self,
        ctl: Control,
        lanes: &[usize],
        sites: &[Site],
    ) -> Result<Option<Vec<u32>>, RunError> {
        let masks = self.masks(ctl, sites)?;
        // (No thread runs it, or the operand is missing: the collective
        // runs at once, and says what is missing.)
        let (Some(first), true) = (sites.first(), masks.len() == sites.len()) else {
            return Ok(Some(masks));
        };
        let first = first.lane;
        let here: u64 = lanes.iter().map(|&l| bit(l)).sum();
        let running: u64 = sites.iter().map(|s| bit(s.lane)).sum();
        let excused = (here & !running) as u32;
        let base = first - first % WARP_SIZE;
        let warp = base..(base + WARP_SIZE).min(self.nlanes);
        if masks.iter().all(|&m| m == masks[0]) {
            let missing = warp.clone().any(|t| {
                u64::from(masks[0]) & bit(t) != 0
                    && (running | u64::from(excused)) & bit(t) == 0
                    && self.eng.threads[t].state != State::Done
            });
            if !missing {
                return Ok(Some(masks));
            }
        }
        for (s, &mask) in sites.iter().zip(&masks) {
            let at = s.pc;
            self.eng.threads[s.lane].state = State::Meet { at, mask, excused };
        }
        self.eng.meeting += sites.len();
        Ok(None)
    }

    /// The control instruction at statement `pc`.
    fn control_at(&self, pc: usize) -> Option<Control> {
        let k = *self.op_of.get(pc)? as usize;
        match &self.decoded.get(k)?.op {
            Op::Control(c) => Some(*c),
            _ => None,
        }
    }

    /// The members of warp `w` waiting at a collective
    /// ([`State::Meet`]): each group of the same instruction kind and
    /// qualifiers and the same membermask (the decoded control and the
    /// mask) whose other members have all exited runs it together, each
    /// thread with the operands of its own statement, and goes on. True
    /// when one did.
    pub(super) fn try_meet(&mut self, w: usize) -> Result<bool, RunError> {
        let lanes = w * WARP_SIZE..((w + 1) * WARP_SIZE).min(self.nlanes);
        let mut met = false;
        loop {
            let waiting: Vec<(usize, usize, u32, u32, Option<Control>)> = lanes
                .clone()
                .filter_map(|l| match self.eng.threads[l].state {
                    State::Meet { at, mask, excused } => {
                        Some((l, at, mask, excused, self.control_at(at)))
                    }
                    _ => None,
                })
                .collect();
            let ready = waiting.iter().find_map(|&(_, _, mask, _, ctl)| {
                let group: Vec<(usize, usize)> = waiting
                    .iter()
                    .filter(|w| w.2 == mask && w.4 == ctl)
                    .map(|w| (w.0, w.1))
                    .collect();
                let mut held: u64 = group.iter().map(|g| bit(g.0)).sum();
                for w in waiting.iter().filter(|w| w.2 == mask && w.4 == ctl) {
                    held |= u64::from(w.3);
                }
                let all = lanes.clone().all(|t| {
                    u64::from(mask) & bit(t) == 0
                        || held & bit(t) != 0
                        || self.eng.threads[t].state == State::Done
                });
                all.then_some((ctl?, mask, group))
            });
            let Some((ctl, mask, group)) = ready else {
                return Ok(met);
            };
            self.meet(ctl, mask, &group)?;
            met = true;
        }
    }

    /// After the threads `lanes` of one warp ran a statement: where some
    /// of them exited while threads wait at a collective, the members
    /// still missing may all have exited now ("all non-exited threads
    /// corresponding to membermask"), so the waiting ones may go on.
    pub(super) fn exited_members(&mut self, lanes: &[usize]) -> Result<(), RunError> {
        if self.eng.meeting == 0 {
            return Ok(());
        }
        if let Some(&l) = lanes
            .iter()
            .find(|&&l| self.eng.threads[l].state == State::Done)
        {
            self.try_meet(l / WARP_SIZE)?;
        }
        Ok(())
    }

    /// [`Self::try_meet`] for every warp of the CTA.
    pub(super) fn meet_all(&mut self) -> Result<bool, RunError> {
        let mut met = false;
        for w in 0..self.nlanes.div_ceil(WARP_SIZE) {
            met |= self.try_meet(w)?;
        }
        Ok(met)
    }

    /// Runs collective `ctl` of membermask `mask` for the waiting threads
    /// `group` (each lane and the statement it waits at), which then go on.
    fn meet(&mut self, ctl: Control, mask: u32, group: &[(usize, usize)]) -> Result<(), RunError> {
        let m = self.module;
        let mut stmts: Vec<(usize, Instr)> = Vec::new();
        for &(_, at) in group {
            if stmts.iter().all(|s| s.0 != at) {
                let Some(Stmt::Instr(ins)) = m.stmt(at) else {
                    return Err(RunError::Input("internal: a collective at a label".into()));
                };
                stmts.push((at, ins));
            }
        }
        let mut sites = Vec::with_capacity(group.len());
        self.eng.meeting = self.eng.meeting.saturating_sub(group.len());
        for &(lane, at) in group {
            self.eng.threads[lane].state = State::Ready;
            let ins = stmts.iter().find(|s| s.0 == at).map(|s| &s.1);
            if let Some(ins) = ins {
                sites.push(Site { lane, pc: at, ins });
            }
        }
        if let Some(s) = sites.first() {
            self.at_site(s);
        }
        let masks = vec![mask; sites.len()];
        self.collective(ctl, &sites, &masks)
            .map_err(|e| self.in_thread(e))?;
        for &(lane, _) in group {
            self.lane = lane;
            self.settle(lane).map_err(|e| self.in_thread(e))?;
        }
        Ok(())
    }

    /// The deadlock of threads waiting at a collective for members that
    /// never reach one of its kind, if there is one (nothing else runs).
    pub(super) fn meet_stuck(&mut self) -> Option<RunError> {
        let (lane, at, mask) =
            self.eng
                .threads
                .iter()
                .enumerate()
                .find_map(|(l, t)| match t.state {
                    State::Meet { at, mask, .. } => Some((l, at, mask)),
                    _ => None,
                })?;
        let base = lane - lane % WARP_SIZE;
        let ctl = self.control_at(at);
        // The lanes the group does not wait for (a false guard beside it).
        let excused = self.eng.threads[base..(base + WARP_SIZE).min(self.nlanes)]
            .iter()
            .fold(0u64, |x, t| match t.state {
                State::Meet {
                    at: a,
                    mask: m,
                    excused,
                } if m == mask && self.control_at(a) == ctl => x | u64::from(excused),
                _ => x,
            });
        let mut waiting = Vec::new();
        // Where the missing members are, each place with its lanes.
        let mut missing: Vec<(String, Vec<usize>)> = Vec::new();
        for t in base..(base + WARP_SIZE).min(self.nlanes) {
            let state = self.eng.threads[t].state.clone();
            let place = |a: usize| {
                let (line, col) = self.line_col(Some(&self.stmt_span(a)));
                format!("{line}:{col}")
            };
            let why = match state {
                State::Meet { at: a, mask: m, .. } if m == mask && self.control_at(a) == ctl => {
                    waiting.push(t % WARP_SIZE);
                    continue;
                }
                _ if u64::from(mask) & bit(t) == 0 || excused & bit(t) != 0 => continue,
                State::Done => continue,
                State::Meet { at: a, mask: m, .. } => {
                    let what = match self.module.stmt(a) {
                        Some(Stmt::Instr(i)) => i.opcode,
                        _ => "?",
                    };
                    format!("wait at `{what}` ({}) with membermask {m:#x}", place(a))
                }
                State::Barrier { id, at: a, .. } => format!("wait at barrier {id} ({})", place(a)),
                State::MbarWait { at: a, .. } | State::GridSync { at: a, .. } => {
                    format!("wait at {}", place(a))
                }
                _ => "do not reach one".to_string(),
            };
            match missing.iter_mut().find(|m| m.0 == why) {
                Some(m) => m.1.push(t % WARP_SIZE),
                None => missing.push((why, vec![t % WARP_SIZE])),
            }
        }
        self.lane = lane;
        let opcode = match self.module.stmt(at) {
            Some(Stmt::Instr(i)) => i.opcode,
            _ => "?",
        };
        let missing: Vec<String> = missing
            .iter()
            .map(|(why, lanes)| format!("lane(s) {} {why}", lane_list(lanes)))
            .collect();
        Some(RunError::Program(
            Diagnostic::error(
                self.stmt_span(at),
                format!(
                    "deadlock: lane(s) {} of a warp wait at this `{opcode}` for the other members of membermask {mask:#x}, which never reach an instruction of its kind with the same qualifiers and membermask: {} ({} is one that waits)",
                    lane_list(&waiting),
                    missing.join("; "),
                    self.who()
                ),
            )
            .with_help("on sm_70 and later the members of a `.sync` collective or `bar.warp.sync` meet at any instruction of that kind with the same qualifiers and membermask (PTX ISA 9.7.13.9); name in membermask only the threads that reach one, or let them all reach it"),
        ))
    }

    /// A `.sync` collective whose membermask names threads of the warp
    /// that have not exited and are not at this statement, in code for
    /// sm_6x or below: "For .target sm_6x or below, all threads in
    /// membermask must execute the same vote.sync instruction in
    /// convergence" (9.7.13.9), so the result is undefined. The engine
    /// computes over the threads here, and says so, once per statement
    /// (`masks`: those of the threads `sites`; empty where the form has none).
    /// (On sm_70 and later the members meet: [`Self::arrive`].)
    pub(super) fn split_collective(
        &mut self,
        ins: &Instr,
        lanes: &[usize],
        sites: &[Site],
        masks: &[u32],
    ) -> Result<(), RunError> {
        let Some(first) = sites.first().map(|s| s.lane) else {
            return Ok(());
        };
        if masks.is_empty() || self.eng.split_warned.contains(&self.eng.stmt) {
            return Ok(());
        }
        let mask = masks.iter().fold(0u64, |m, &x| m | u64::from(x));
        let base = first - first % WARP_SIZE;
        let here: u64 = lanes.iter().map(|&l| bit(l)).sum();
        let elsewhere: Vec<usize> = (base..(base + WARP_SIZE).min(self.nlanes))
            .filter(|&t| mask & bit(t) != 0 && here & bit(t) == 0)
            .filter(|&t| self.eng.threads[t].state != State::Done)
            .collect();
        if elsewhere.is_empty() {
            return Ok(());
        }
        self.eng.split_warned.insert(self.eng.stmt);
        let lanes: Vec<String> = elsewhere
            .iter()
            .take(8)
            .map(|t| (t % WARP_SIZE).to_string())
            .collect();
        let more = if elsewhere.len() > 8 { ", ..." } else { "" };
        self.run_warning(
            Diagnostic::warning(
                ins.opcode_span.clone(),
                format!(
                    "`{}`'s membermask {mask:#x} names lane(s) {}{more} of this warp, which have not exited and are not at this instruction (they branched elsewhere): for sm_6x and below the PTX ISA asks that all members \"execute the same {} instruction in convergence\"; ptxfp computes over the lanes here only",
                    ins.opcode,
                    lanes.join(", "),
                    ins.opcode.split('.').next().unwrap_or(ins.opcode),
                ),
            )
            .with_help("let the members reach one instruction (move it after the branches join), name only the lanes here in membermask, or compile for sm_70 or later, where the members meet at any instruction of the kind"),
        );
        Ok(())
    }

    /// `vote`, `shfl`, `redux.sync`, `match.sync` and `bar.warp.sync` for
    /// the threads `sites` (whose guards hold), each reading the operands
    /// of its own statement. The threads of one membermask value are one
    /// collective ("with the same qualifiers and same membermask value",
    /// 9.7.13.9: a warp's tiles of sixteen lanes run two), each run apart
    /// ([`Self::collective_one`]).
    pub(super) fn collective(
        &mut self,
        ctl: Control,
        sites: &[Site],
        masks: &[u32],
    ) -> Result<(), RunError> {
        match masks.first() {
            // No membermask (`vote`, `shfl`), no thread, or the operand is
            // missing: one collective (which says what is missing).
            Some(&m) if masks.len() == sites.len() => {
                if masks.iter().all(|&x| x == m) {
                    return self.collective_one(ctl, sites, m);
                }
            }
            _ => return self.collective_one(ctl, sites, 0xffff_ffff),
        }
        let mut done = vec![false; sites.len()];
        for i in 0..sites.len() {
            if done[i] {
                continue;
            }
            let group: Vec<Site> = (i..sites.len())
                .filter(|&j| masks[j] == masks[i])
                .map(|j| {
                    done[j] = true;
                    sites[j]
                })
                .collect();
            self.collective_one(ctl, &group, masks[i])?;
        }
        Ok(())
    }

    /// The membermask of each of `sites`, read once per thread (none
    /// where `ctl` has no membermask or a statement lacks the operand).
    pub(super) fn masks(&mut self, ctl: Control, sites: &[Site]) -> Result<Vec<u32>, RunError> {
        let Some(k) = mask_operand(ctl) else {
            return Ok(Vec::new());
        };
        let mut masks = Vec::with_capacity(sites.len());
        for s in sites {
            let Some(op) = s.ins.operands.get(k) else {
                return Ok(Vec::new());
            };
            self.at_site(s);
            masks.push(self.read(op, PtxType::B32)? as u32);
        }
        Ok(masks)
    }

    /// One collective of [`Self::collective`]: its threads have the
    /// membermask `member` (all lanes for `vote` and `shfl` without
    /// `.sync`, which have none). Each reads its operands, then each gets
    /// its result, so that every thread sees the others' values from
    /// before.
    fn collective_one(
        &mut self,
        ctl: Control,
        sites: &[Site],
        member: u32,
    ) -> Result<(), RunError> {
        let member = u64::from(member);
        let need = |n: usize, form: &str| -> Result<(), RunError> {
            for s in sites {
                crate::operand_count(s.ins, n, form)?;
            }
            Ok(())
        };
        match ctl {
            Control::WarpSync => {
                need(1, "bar.warp.sync membermask;")?;
                for s in sites {
                    self.at_site(s);
                    self.trace(s.ins, &[(member, PtxType::B32)], None);
                }
            }
            Control::Elect => {
                need(2, "elect.sync d|p, membermask;")?;
                // elect.sync: "elects one predicated active leader thread
                // from among a set of threads specified by membermask.
                // laneid of the elected thread is returned in the 32-bit
                // destination operand d ... The predicate destination p is
                // set to True for the leader thread, and False for all
                // other threads." "Election of a leader thread happens
                // deterministically": the engine elects the lowest active
                // lane in membermask (docs/NVIDIA.md, awaiting GPU data).
                let leader = sites
                    .iter()
                    .map(|s| s.lane)
                    .filter(|&l| member & bit(l) != 0)
                    .min();
                let id = leader.map_or(0, |l| (l % WARP_SIZE) as u64);
                for s in sites {
                    self.at_site(s);
                    let ops = &s.ins.operands;
                    let (d, p) = dest_pair(&ops[0])?;
                    let Some(p) = p else {
                        return Err(crate::err(
                            ops[0].span.clone(),
                            "`elect.sync` writes `d|p`: the leader's %laneid and whether this thread is it (`_` for d)",
                        ));
                    };
                    if d != "_" {
                        self.write_name(d, &ops[0].span, PtxType::B32, id)?;
                    }
                    let me = u64::from(leader == Some(s.lane));
                    self.write_name(p, &ops[0].span, PtxType::Pred, me)?;
                    self.trace(s.ins, &[(member, PtxType::B32)], Some((id, PtxType::B32)));
                }
            }
            Control::Vote { mode, sync } => {
                if sync {
                    need(3, "vote.sync.MODE d, {!}a, membermask;")?;
                } else {
                    need(2, "vote.MODE d, {!}a;")?;
                }
                let mut preds = Vec::with_capacity(sites.len());
                for s in sites {
                    self.at_site(s);
                    preds.push(self.pred_operand(&s.ins.operands[1])?);
                }
                // vote.sync: "performs a reduction of the source predicate
                // across all non-exited threads in membermask".
                let voters: Vec<bool> = sites
                    .iter()
                    .zip(&preds)
                    .filter(|(s, _)| member & bit(s.lane) != 0)
                    .map(|(_, p)| *p)
                    .collect();
                let ballot: u64 = sites
                    .iter()
                    .zip(&preds)
                    .filter(|(s, p)| **p && member & bit(s.lane) != 0)
                    .map(|(s, _)| bit(s.lane))
                    .sum();
                let (v, ty) = match mode {
                    VoteMode::All => (u64::from(voters.iter().all(|p| *p)), PtxType::Pred),
                    VoteMode::Any => (u64::from(voters.iter().any(|p| *p)), PtxType::Pred),
                    VoteMode::Uni => (
                        u64::from(voters.iter().all(|p| *p) || voters.iter().all(|p| !*p)),
                        PtxType::Pred,
                    ),
                    VoteMode::Ballot => (ballot, PtxType::B32),
                };
                for (s, &p) in sites.iter().zip(&preds) {
                    self.at_site(s);
                    self.write(&s.ins.operands[0], ty, v)?;
                    self.trace(s.ins, &[(u64::from(p), PtxType::Pred)], Some((v, ty)));
                }
            }
            Control::Shfl { mode, sync } => {
                if sync {
                    need(5, "shfl.sync.MODE.b32 d[|p], a, b, c, membermask;")?;
                } else {
                    need(4, "shfl.MODE.b32 d[|p], a, b, c;")?;
                }
                // `shfl` without `.sync` has no membermask: "Each thread
                // in the currently executing warp will compute a source
                // lane index j", reading "SourceA[lane] = a" of each
                // active thread whose guard is true, as `shfl.sync` does
                // of the threads that run it.
                let mut srcs = Vec::with_capacity(sites.len());
                for s in sites {
                    self.at_site(s);
                    let ops = &s.ins.operands;
                    // `a` may have no value in a thread
                    // (`Machine::read_maybe`): nor has what a thread reads
                    // from it.
                    let a = self.read_maybe(&ops[1], PtxType::B32)?;
                    let b = self.read(&ops[2], PtxType::B32)?;
                    let c = self.read(&ops[3], PtxType::B32)?;
                    srcs.push((a, b, c));
                }
                // Each thread's `a`, by lane, for the source reads: `Some(None)`
                // where it has no value.
                let mut by_lane = [None::<Option<u64>>; WARP_SIZE];
                for (s, src) in sites.iter().zip(&srcs) {
                    by_lane[s.lane % WARP_SIZE] = Some(src.0);
                }
                for (s, &(a, b, c)) in sites.iter().zip(&srcs) {
                    self.at_site(s);
                    let ops = &s.ins.operands;
                    let (d, p) = dest_pair(&ops[0])?;
                    let lane = s.lane;
                    // PTX ISA shfl.sync, its pseudocode:
                    // "maxLane = (lane[4:0] & segmask[4:0]) | (cval[4:0] & ~segmask[4:0]);
                    //  minLane = (lane[4:0] & segmask[4:0]);"
                    let l = (lane % WARP_SIZE) as i64;
                    let bval = (b & 0x1f) as i64;
                    let cval = (c & 0x1f) as i64;
                    let seg = ((c >> 8) & 0x1f) as i64;
                    let max_lane = (l & seg) | (cval & !seg);
                    let min_lane = l & seg;
                    let (j, pval) = match mode {
                        // "case .up: j = lane - bval; pval = (j >= maxLane);"
                        ShflMode::Up => (l - bval, l - bval >= max_lane),
                        // "case .down: j = lane + bval; pval = (j <= maxLane);"
                        ShflMode::Down => (l + bval, l + bval <= max_lane),
                        // "case .bfly: j = lane ^ bval; pval = (j <= maxLane);"
                        ShflMode::Bfly => (l ^ bval, (l ^ bval) <= max_lane),
                        // "case .idx: j = minLane | (bval[4:0] & ~segmask[4:0]); pval = (j <= maxLane);"
                        ShflMode::Idx => {
                            let j = min_lane | (bval & !seg);
                            (j, j <= max_lane)
                        }
                    };
                    // "if (!pval) j = lane; // copy from own lane"
                    let j = if pval { j } else { l };
                    // A source thread that is not active: undefined in PTX;
                    // here its register's value if it has one, else 0
                    // (docs/ENGINE.md "Warp operations").
                    let v = match by_lane.get(j as usize).copied().flatten() {
                        Some(Some(v)) => v,
                        Some(None) => {
                            self.write_undefined_name(d, &ops[0].span, PtxType::B32)?;
                            if let Some(p) = p {
                                self.write_name(p, &ops[0].span, PtxType::Pred, u64::from(pval))?;
                            }
                            continue;
                        }
                        None => {
                            let src = lane - lane % WARP_SIZE + j as usize;
                            let dop = &ops[1];
                            match (&dop.kind, src < self.nlanes) {
                                (OperandKind::Name(n), true) => self
                                    .find(n)
                                    .and_then(|i| self.regs[i].vals[src])
                                    .unwrap_or(0),
                                _ => 0,
                            }
                        }
                    };
                    self.write_name(d, &ops[0].span, PtxType::B32, v)?;
                    if let Some(p) = p {
                        self.write_name(p, &ops[0].span, PtxType::Pred, u64::from(pval))?;
                    }
                    self.trace(
                        s.ins,
                        &[
                            (a.unwrap_or(0), PtxType::B32),
                            (b, PtxType::B32),
                            (c, PtxType::B32),
                        ],
                        Some((v, PtxType::B32)),
                    );
                }
            }
            Control::Redux(redux) => {
                need(3, "redux.sync.OP.TYPE d, a, membermask;")?;
                // redux.sync: ".add, .min, .max on .u32/.s32; .and, .or,
                // .xor on .b32", and .min/.max on .f32 (ptxfp-model's `redux_f32`),
                // over "all non-exited threads in membermask".
                let ty = redux.ty;
                let mut vals = Vec::with_capacity(sites.len());
                for s in sites {
                    self.at_site(s);
                    vals.push(self.read(&s.ins.operands[1], ty)? & 0xffff_ffff);
                }
                let members: Vec<u64> = sites
                    .iter()
                    .zip(&vals)
                    .filter(|(s, _)| member & bit(s.lane) != 0)
                    .map(|(_, v)| *v)
                    .collect();
                let acc = match redux.combine {
                    Combine::Float { max, abs, nan } => {
                        let bits: Vec<u32> = members.iter().map(|&v| v as u32).collect();
                        Some(u64::from(ptxfp_model::eval::redux_f32(
                            &bits, max, abs, nan,
                        )))
                    }
                    Combine::Pick(c) => {
                        members
                            .iter()
                            .copied()
                            .reduce(|a, v| if c.eval(v, a) { v } else { a })
                    }
                    Combine::Int(o) => members
                        .iter()
                        .copied()
                        .reduce(|a, v| o.eval(&[a, v]) & 0xffff_ffff),
                };
                let r = acc.unwrap_or(0);
                for (s, &v) in sites.iter().zip(&vals) {
                    self.at_site(s);
                    self.write(&s.ins.operands[0], ty, r)?;
                    self.trace(s.ins, &[(v, ty)], Some((r, ty)));
                }
            }
            Control::Match { all, ty } => {
                need(3, "match.{any,all}.sync.TYPE d[|p], a, membermask;")?;
                let mut vals = Vec::with_capacity(sites.len());
                for s in sites {
                    self.at_site(s);
                    vals.push(self.read(&s.ins.operands[1], ty)?);
                }
                let members: Vec<(usize, u64)> = sites
                    .iter()
                    .zip(&vals)
                    .filter(|(s, _)| member & bit(s.lane) != 0)
                    .map(|(s, v)| (s.lane, *v))
                    .collect();
                let same = members.windows(2).all(|w| w[0].1 == w[1].1);
                // 9.7.13.10: ".all: d is set to mask corresponding to
                // non-exited threads in membermask if all non-exited
                // threads in membermask have same value of operand a":
                // the members that run it, not lanes that exited or that a
                // partial warp lacks (it was `membermask`: an independent
                // model of the warp instructions, 2026-11-29).
                let running: u64 = members.iter().map(|(l, _)| bit(*l)).sum();
                for (s, &v) in sites.iter().zip(&vals) {
                    self.at_site(s);
                    let ops = &s.ins.operands;
                    let (d, p) = dest_pair(&ops[0])?;
                    // match.any: "the mask of threads that have the same value
                    // of operand a"; match.all: the running members "if all
                    // non-exited threads in membermask have same value of
                    // operand a", else 0.
                    let r = if all {
                        if same {
                            running
                        } else {
                            0
                        }
                    } else {
                        members
                            .iter()
                            .filter(|(_, w)| *w == v)
                            .map(|(l, _)| bit(*l))
                            .sum()
                    };
                    // "The sink symbol '_' may be used in place of any one
                    // of the destination operands" (9.7.13.10).
                    if d != "_" {
                        self.write_name(d, &ops[0].span, PtxType::B32, r)?;
                    }
                    if let Some(p) = p.filter(|p| *p != "_") {
                        self.write_name(p, &ops[0].span, PtxType::Pred, u64::from(same))?;
                    }
                    self.trace(s.ins, &[(v, ty)], Some((r, PtxType::B32)));
                }
            }
            _ => return Err(RunError::Input("internal: not a collective".into())),
        }
        Ok(())
    }
}
