//! `wgmma` on sm_90a: the warpgroup-level matrix multiply-accumulate
//! (PTX ISA 9.7.15, decoded in crates/isa/src/wgmma.rs; docs/ENGINE.md
//! "Tensor cores: wgmma").
//!
//! 9.7.15.1: "A warpgroup is a set of four contiguous warps such that the
//! warp-rank of the first warp is a multiple of 4." `wgmma.mma_async` is
//! collective: each warp that reaches it waits (a rendezvous like a
//! barrier of the warpgroup's 128 threads) until the four warps of its
//! warpgroup have all issued the same instruction; the last one to issue
//! it gathers A (from the threads' registers or from shared memory
//! through a matrix descriptor), B (shared memory) and the accumulators
//! of all 128 threads, computes `D = A·B + D` (or `A·B`) with the
//! tensor-core model of the device (crates/tc; H100 for sm_90, the
//! published model, which is `wgmma`'s), writes D back and lets the
//! other warps go on. The operation is then complete: `wgmma.commit_group`
//! and `wgmma.wait_group` have nothing left to wait for, and reading the
//! accumulators before `wait_group` (undefined in PTX) sees the result.

use super::mma::{a_at, c_at, gpu_of, whole_warp};
use super::{Region, State};
use crate::{err, Machine, RunError, WARP_SIZE};
use ptxfp_front::module::{Instr, Operand, OperandKind};
use ptxfp_isa::diag::Diagnostic;
use ptxfp_isa::space::Space;
use ptxfp_isa::types::PtxType;
use ptxfp_isa::wgmma::{Mma, WgType, Wgmma};
use ptxfp_tc::{Arith, Gemm, InFormat, Instruction, OutFormat};

/// The barrier ids of the warpgroup rendezvous: `WGMMA_BARRIER + g` for
/// warpgroup `g` (far from the 16 ids of `bar.sync`).
pub(crate) const WGMMA_BARRIER: u32 = 0xffff_0000;

/// Threads in a warpgroup.
const WARPGROUP: usize = 4 * WARP_SIZE;

/// M of every `wgmma.mma_async` shape.
const M: usize = 64;

/// A matrix descriptor (PTX ISA 9.7.15.5.1.2.2 "Matrix Descriptor
/// Format"): "13–0: matrix-descriptor-encode(Matrix start address);
/// 29–16: matrix-descriptor-encode(Leading dimension byte offset); 45–32:
/// matrix-descriptor-encode(Stride dimension byte offset); 51–49: Matrix
/// base offset ...; 63–62: the swizzling mode: 0: No swizzle, 1: 128-Byte
/// swizzle, 2: 64-Byte swizzle, 3: 32-Byte swizzle", where
/// "matrix-descriptor-encode(x) = (x & 0x3FFFF) >> 4".
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) struct Desc {
    /// The start address in the shared window (18 bits, 16-byte aligned).
    pub start: u64,
    /// The leading dimension byte offset.
    pub lbo: u64,
    /// The stride dimension byte offset.
    pub sbo: u64,
    /// The base offset.
    pub base: u64,
    /// The swizzle width in bytes: 0 (none), 32, 64 or 128.
    pub swizzle: u64,
}

impl Desc {
    /// The fields of a descriptor's 64 bits.
    pub(crate) fn of(d: u64) -> Desc {
        let field = |lo: u32| ((d >> lo) & 0x3fff) << 4;
        Desc {
            start: field(0),
            lbo: field(16),
            sbo: field(32),
            base: (d >> 49) & 7,
            swizzle: [0, 128, 64, 32][(d >> 62) as usize],
        }
    }

    /// The shared-window byte address of element `(mn, k)` of an
    /// MN×K matrix of `bits`-bit elements, K-major or MN-major, and the
    /// bit in that byte (for `.b1`). The canonical layouts (CUTLASS's
    /// `make_gmma_desc`, the ISA's swizzle atoms of Table "Various
    /// combinations of swizzling mode, leading dimension and swizzle-atom
    /// layout"), with `T = 128 / bits` elements in a 16-byte row of a core
    /// matrix and `W` the swizzle width, in elements `((rows), (cols))`:
    ///
    /// - K-major, no swizzle: `((8,m),(T,2k)):((1T,SBO),(1,LBO))`;
    /// - K-major, W-byte swizzle: `((8,m),(T,2k)):((W/16·T,SBO),(1,T))`;
    /// - MN-major, no swizzle: `((T,1,m),(8,k)):((1,T,SBO),(1T,LBO))`;
    /// - MN-major, W-byte swizzle: `((T,W/16,m),(8,k)):((1,T,LBO),(W/16·T,SBO))`;
    ///
    /// each followed by the swizzle of the address: "Swizzle<B,4,3>" with
    /// B = 1, 2, 3 for 32, 64, 128 bytes (bits 4.. of the byte address
    /// XORed with bits 7..). The base offset (only 0 here) makes the
    /// repeating pattern start "at 1024/512/256-Byte boundary".
    pub(crate) fn at(&self, bits: u32, k_major: bool, mn: u64, k: u64) -> (u64, u32) {
        let t = 128 / u64::from(bits);
        let w = self.swizzle;
        // The offset in bits of the element in its 16-byte row, and the
        // row's byte offset.
        let (inner, row) = if k_major {
            let (r, i) = (mn % 8, mn / 8);
            let (c, j) = (k % t, k / t);
            let row = if w == 0 {
                r * 16 + i * self.sbo + j * self.lbo
            } else {
                r * w + i * self.sbo + j * 16
            };
            (c * u64::from(bits), row)
        } else {
            let (r, j) = (k % 8, k / 8);
            let c = mn % t;
            let row = if w == 0 {
                (mn / t) * self.sbo + r * 16 + j * self.lbo
            } else {
                let p = w / 16;
                let (q, i) = ((mn / t) % p, mn / t / p);
                q * 16 + i * self.lbo + r * w + j * self.sbo
            };
            (c * u64::from(bits), row)
        };
        let a = self.start + row + inner / 8;
        (swizzle(a, w), (inner % 8) as u32)
    }
}

/// "Swizzle<B,4,3>": the 16-byte chunk bits `4..4+B` of a byte address
/// XORed with bits `7..7+B` (B = 1, 2, 3 for 32, 64, 128-byte swizzle).
pub(crate) fn swizzle(a: u64, width: u64) -> u64 {
    let mask = match width {
        32 => 1,
        64 => 3,
        128 => 7,
        _ => 0,
    };
    a ^ (((a >> 7) & mask) << 4)
}

/// Where element `i` of thread `t`'s (0..128 in the warpgroup) fragment of
/// D sits, `(row, col)`: PTX ISA 9.7.15.5.1.1 "WGMMA .m64nNk16 register
/// fragment layout for accumulator matrix D" (Figures 149 and the like
/// for k8, k32, k256): warp `w` of the warpgroup holds rows `16w..16w+16`,
/// in 8-column tiles each the 16×8 fragment of `mma.sync`'s C
/// (`row = groupID` for c0, c1, `groupID + 8` for c2, c3; `col =
/// threadID_in_group * 2 + (i & 1)`), tile `i / 4` for element `i`.
pub(crate) fn d_at(t: usize, i: usize) -> (usize, usize) {
    let (w, lane) = (t / WARP_SIZE, t % WARP_SIZE);
    let (r, c) = c_at(lane, i % 4);
    (16 * w + r, 8 * (i / 4) + c)
}

/// Where element `i` of thread `t`'s fragment of A in registers sits,
/// `(row, col)`, for `per` elements to a 32-bit register: Figure 148 and
/// the like, warp `w` holding rows `16w..16w+16` as `mma.sync`'s m16n8kK
/// fragment of A (k16 `.f16`/`.bf16`, k8 `.tf32`, k32 8-bit).
pub(crate) fn a_reg_at(per: usize, t: usize, i: usize) -> (usize, usize) {
    let (w, lane) = (t / WARP_SIZE, t % WARP_SIZE);
    let (r, c) = a_at(per, lane, i);
    (16 * w + r, c)
}

/// The tensor-core model's format of a multiplicand type.
fn in_format(t: WgType) -> Option<InFormat> {
    Some(match t {
        WgType::F16 => InFormat::F16,
        WgType::Bf16 => InFormat::Bf16,
        WgType::Tf32 => InFormat::Tf32,
        WgType::E4m3 => InFormat::E4m3,
        WgType::E5m2 => InFormat::E5m2,
        _ => return None,
    })
}

/// The register type of D's elements.
fn d_type(t: WgType) -> PtxType {
    match t {
        WgType::F16 => PtxType::F16x2,
        WgType::S32 => PtxType::S32,
        _ => PtxType::F32,
    }
}

/// An element's bits with its sign flipped (`imm-scale = -1`).
fn negate(t: WgType, x: u32) -> u32 {
    x ^ (1 << (t.bits() - 1))
}

/// The operands of one `wgmma.mma_async`, resolved.
struct Operands<'o> {
    d: &'o [Operand<'o>],
    /// A's registers, or its descriptor operand.
    a: Result<&'o [Operand<'o>], &'o Operand<'o>>,
    b: &'o Operand<'o>,
    scale_d: &'o Operand<'o>,
    /// `imm-scale-a`, `imm-scale-b`: -1 negates.
    neg: (bool, bool),
    /// `imm-trans-a`, `imm-trans-b`: MN-major.
    trans: (bool, bool),
}

impl Machine<'_, '_> {
    /// A `wgmma` instruction for the threads `on` of one warp.
    pub(crate) fn wgmma(&mut self, ins: &Instr, w: Wgmma, on: &[usize]) -> Result<(), RunError> {
        whole_warp(ins, on)?;
        let device = self.exec.device;
        // "Requires sm_90a": code for sm_90a runs on sm_90 devices only.
        if device.sm != 90 {
            return Err(RunError::Program(
                Diagnostic::error(
                    ins.opcode_span.clone(),
                    format!(
                        "`{}` runs on sm_90 devices (sm_90a code); the device is {device}",
                        ins.opcode
                    ),
                )
                .with_help("run with --device sm_90"),
            ));
        }
        let ops = &ins.operands;
        match w {
            // 9.7.15.6 `wgmma.fence`: orders the register accesses before
            // it and the `wgmma.mma_async` after it; 9.7.15.7
            // `wgmma.commit_group`: "Commits all prior uncommitted
            // wgmma.mma_async operations into a wgmma-group". The engine's
            // operations are complete when issued (module doc): both are
            // no-ops.
            Wgmma::Fence | Wgmma::Commit => {
                if !ops.is_empty() {
                    return Err(err(
                        ins.opcode_span.clone(),
                        format!("`{}` takes no operands", ins.opcode),
                    ));
                }
            }
            // 9.7.15.8 `wgmma.wait_group N`: "wait till N or fewer of the
            // most recent wgmma-groups are pending and all the prior
            // wgmma-groups committed by the executing threads are
            // complete". None is pending.
            Wgmma::Wait => match ops.as_slice() {
                [Operand {
                    kind: OperandKind::Imm(_),
                    ..
                }] => {}
                _ => {
                    return Err(err(
                        ops.first().map_or(ins.opcode_span.clone(), |o| o.span.clone()),
                        format!(
                            "`{}` takes one operand, an integer constant N: `wgmma.wait_group.sync.aligned 0;`",
                            ins.opcode
                        ),
                    ))
                }
            },
            Wgmma::Mma(m) => return self.wgmma_mma(ins, m, on),
        }
        for &lane in on {
            self.lane = lane;
            self.trace(ins, &[], None);
        }
        Ok(())
    }

    /// The operands of `wgmma.mma_async` checked against its form.
    fn wgmma_operands<'o>(&self, ins: &'o Instr, m: &Mma) -> Result<Operands<'o>, RunError> {
        let ops = &ins.operands;
        let row = m.row();
        let a_regs = matches!(ops.get(1).map(|o| &o.kind), Some(OperandKind::Vector(_)));
        let len = |i: usize| match ops.get(i).map(|o| &o.kind) {
            Some(OperandKind::Vector(v)) => Some(v.len()),
            _ => None,
        };
        // The counts of "d, a-desc, b-desc, scale-d, ..." and of the
        // vectors (crate ptxfp_isa::wgmma, shared with `check`).
        if let Some(why) = m.operands_error(ops.len(), a_regs, len(0), len(1)) {
            let (with_desc, with_regs) = m.operand_counts();
            let want = if a_regs { with_regs } else { with_desc };
            // At the instruction for a count, else at the vector.
            let at = if ops.len() != want {
                ins.opcode_span.clone()
            } else if len(0) != Some(m.d_regs()) {
                ops[0].span.clone()
            } else {
                ops[1].span.clone()
            };
            return Err(err(at, format!("`{}` {why}", ins.opcode)));
        }
        let vector = |i: usize| -> &'o [Operand<'o>] {
            match &ops[i].kind {
                OperandKind::Vector(v) => v,
                _ => &[],
            }
        };
        let d = vector(0);
        let a = if a_regs { Ok(vector(1)) } else { Err(&ops[1]) };
        let imm = |i: usize, allowed: &[i64], what: &str| -> Result<i64, RunError> {
            let v = match &ops[i].kind {
                OperandKind::Imm(t) => t.parse::<i64>().ok(),
                _ => None,
            };
            v.filter(|v| allowed.contains(v)).ok_or_else(|| {
                err(
                    ops[i].span.clone(),
                    format!(
                        "`{}`: {what} is an integer constant, {}",
                        ins.opcode,
                        allowed
                            .iter()
                            .map(|v| v.to_string())
                            .collect::<Vec<_>>()
                            .join(" or ")
                    ),
                )
            })
        };
        // "The valid values of imm-scale-a and imm-scale-b are -1 and 1";
        // "The valid values of imm-trans-a and imm-trans-b are 0 and 1".
        let neg = if row.scale_ab {
            (
                imm(4, &[1, -1], "imm-scale-a")? == -1,
                imm(5, &[1, -1], "imm-scale-b")? == -1,
            )
        } else {
            (false, false)
        };
        let trans = match (row.trans, a_regs) {
            (true, false) => (
                imm(6, &[0, 1], "imm-trans-a")? == 1,
                imm(7, &[0, 1], "imm-trans-b")? == 1,
            ),
            (true, true) => (false, imm(6, &[0, 1], "imm-trans-b")? == 1),
            _ => (false, false),
        };
        Ok(Operands {
            d,
            a,
            b: &ops[2],
            scale_d: &ops[3],
            neg,
            trans,
        })
    }

    /// `wgmma.mma_async` for one warp: wait for the warpgroup, or, as the
    /// last of its four warps, run it for all of them.
    fn wgmma_mma(&mut self, ins: &Instr, m: Mma, on: &[usize]) -> Result<(), RunError> {
        let o = self.wgmma_operands(ins, &m)?;
        let pc = self.eng.stmt;
        let warp = on[0] / WARP_SIZE;
        let g = warp / 4;
        let first = g * WARPGROUP;
        if first + WARPGROUP > self.nlanes {
            return Err(RunError::Program(
                Diagnostic::error(
                    ins.opcode_span.clone(),
                    format!(
                        "`{}` is run by the 128 threads of a warpgroup (4 contiguous warps); warpgroup {g} of this CTA has {} threads",
                        ins.opcode,
                        self.nlanes - first
                    ),
                )
                .with_help("launch CTAs of a multiple of 128 threads (--block 128, 256, ...)"),
            ));
        }
        let id = WGMMA_BARRIER + g as u32;
        let mut arrived = 0;
        for w in (4 * g..4 * g + 4).filter(|&w| w != warp) {
            let ts = &self.eng.threads[w * WARP_SIZE..(w + 1) * WARP_SIZE];
            let waiting =
                |t: &super::Thread| matches!(t.state, State::Barrier { id: i, .. } if i == id);
            if ts.iter().any(|t| t.state == State::Done) {
                return Err(RunError::Program(
                    Diagnostic::error(
                        ins.opcode_span.clone(),
                        format!(
                            "`{}`: warp {} of warpgroup {g} has exited threads; all 128 threads of the warpgroup must run it",
                            ins.opcode,
                            w % 4
                        ),
                    )
                    .with_help("run wgmma outside code that some threads of the warpgroup skip or leave"),
                ));
            }
            if let Some(State::Barrier { at, .. }) =
                ts.iter().find(|t| waiting(t)).map(|t| &t.state)
            {
                if *at != pc {
                    let (l, c) = self.line_col(Some(&self.stmt_span(*at)));
                    return Err(RunError::Program(
                        Diagnostic::error(
                            ins.opcode_span.clone(),
                            format!(
                                "`{}`: warp {} of warpgroup {g} waits at another wgmma.mma_async ({l}:{c}); the `.aligned` instruction must be the same for the warpgroup",
                                ins.opcode,
                                w % 4
                            ),
                        ),
                    ));
                }
            }
            if ts.iter().all(waiting) {
                arrived += 1;
            }
        }
        if arrived < 3 {
            // Wait for the others (run_warp moves the threads past the
            // statement; they run on when the last warp releases them).
            for &lane in on {
                self.eng.threads[lane].state = State::Barrier {
                    id,
                    count: Some(WARPGROUP as u32),
                    at: pc,
                };
            }
            return Ok(());
        }
        self.wgmma_run(ins, &m, &o, first)?;
        // Release the waiting warps.
        for lane in first..first + WARPGROUP {
            if matches!(self.eng.threads[lane].state, State::Barrier { id: i, .. } if i == id) {
                self.eng.threads[lane].state = State::Ready;
                self.lane = lane;
                self.settle(lane).map_err(|e| self.in_thread(e))?;
            }
        }
        Ok(())
    }

    /// The deadlock of a warpgroup some of whose warps wait at a
    /// `wgmma.mma_async` the others never reach, if there is one.
    pub(crate) fn wgmma_stuck(&mut self) -> Option<RunError> {
        let (lane, id, at) =
            self.eng
                .threads
                .iter()
                .enumerate()
                .find_map(|(l, t)| match t.state {
                    State::Barrier { id, at, .. } if id >= WGMMA_BARRIER => Some((l, id, at)),
                    _ => None,
                })?;
        let g = (id - WGMMA_BARRIER) as usize;
        let mut waiting = Vec::new();
        let mut others = Vec::new();
        for w in 4 * g..4 * g + 4 {
            let ts = &self.eng.threads[w * WARP_SIZE..(w + 1) * WARP_SIZE];
            if ts
                .iter()
                .all(|t| matches!(t.state, State::Barrier { id: i, .. } if i == id))
            {
                waiting.push((w % 4).to_string());
                continue;
            }
            let why = match ts
                .iter()
                .map(|t| &t.state)
                .find(|s| !matches!(s, State::Barrier { id: i, .. } if *i == id))
            {
                Some(State::Done) => "has exited threads".to_string(),
                Some(State::Barrier { id: b, at: a, .. }) => {
                    let (l, c) = self.line_col(Some(&self.stmt_span(*a)));
                    format!("waits at barrier {b} ({l}:{c})")
                }
                Some(State::MbarWait { at: a, .. }) => {
                    let (l, c) = self.line_col(Some(&self.stmt_span(*a)));
                    format!("waits on an mbarrier ({l}:{c})")
                }
                Some(State::Meet { at: a, .. }) => {
                    let (l, c) = self.line_col(Some(&self.stmt_span(*a)));
                    format!("waits at a warp collective ({l}:{c})")
                }
                _ => "does not reach it".to_string(),
            };
            others.push(format!("warp {} {why}", w % 4));
        }
        self.lane = lane;
        Some(RunError::Program(
            Diagnostic::error(
                self.stmt_span(at),
                format!(
                    "deadlock: warp(s) {} of warpgroup {g} wait at this wgmma.mma_async for the rest of the warpgroup; {} ({} is one)",
                    waiting.join(", "),
                    others.join("; "),
                    self.who()
                ),
            )
            .with_help("all 128 threads of a warpgroup must run the same wgmma.mma_async (outside branches some of them skip)"),
        ))
    }

    /// One operand's value, the same in every thread of the warpgroup:
    /// 9.7.15.5.2 "The contents of a matrix descriptor must be same across
    /// all the warps in the warpgroup" (and the engine reads one `scale-d`).
    fn uniform(
        &mut self,
        ins: &Instr,
        op: &Operand,
        ty: PtxType,
        first: usize,
        what: &str,
    ) -> Result<u64, RunError> {
        self.lane = first;
        let v = self.read(op, ty)?;
        for lane in first + 1..first + WARPGROUP {
            self.lane = lane;
            let x = self.read(op, ty)?;
            if x != v {
                return Err(err(
                    op.span.clone(),
                    format!(
                        "`{}`: {what} is {x:#x} in this thread but {v:#x} in the warpgroup's first thread; the engine takes one value per warpgroup",
                        ins.opcode
                    ),
                ));
            }
        }
        Ok(v)
    }

    /// The engine address of shared-window address `s` (a descriptor's
    /// 18 bits): the address in a `.shared` variable whose low 18 bits
    /// are `s` (the engine's variables start at 0x1000_0000, a multiple of
    /// 2^18, so a variable's offsets keep their swizzle phase).
    fn shared_address(
        &self,
        ins: &Instr,
        op: &Operand,
        s: u64,
        what: &str,
    ) -> Result<u64, RunError> {
        let mut found = None;
        for &(lo, hi, kind) in &self.eng.regions {
            if kind != Region::Shared {
                continue;
            }
            let e = lo + (s.wrapping_sub(lo) & 0x3ffff);
            if e < hi {
                if found.is_some_and(|f| f != e) {
                    return Err(err(
                        op.span.clone(),
                        format!("`{}`: the {what} start address {s:#x} (18 bits) is ambiguous: two .shared variables hold such an address", ins.opcode),
                    ));
                }
                found = Some(e);
            }
        }
        found.ok_or_else(|| {
            RunError::Program(
                Diagnostic::error(
                    op.span.clone(),
                    format!("`{}`: the {what} start address {s:#x} (bits 13–0 of the descriptor, times 16) is in no .shared variable", ins.opcode),
                )
                .with_help("encode the shared address of the matrix: ((addr & 0x3FFFF) >> 4) in bits 13–0"),
            )
        })
    }

    /// An MN×K matrix of `bits`-bit elements read through descriptor
    /// `d`, row-major `[mn][k]` (also `tcgen05.mma`'s, src/tcgen05.rs).
    #[allow(clippy::too_many_arguments)]
    pub(crate) fn smem_matrix(
        &mut self,
        ins: &Instr,
        op: &Operand,
        d: Desc,
        bits: u32,
        k_major: bool,
        (rows, cols): (usize, usize),
        what: &str,
    ) -> Result<Vec<u32>, RunError> {
        if d.swizzle != 0 && d.base != 0 {
            return Err(RunError::Program(
                Diagnostic::error(
                    op.span.clone(),
                    format!("`{}`: the {what} descriptor has base offset {} (bits 51–49); the engine runs base offset 0, a swizzle pattern that starts at its boundary", ins.opcode, d.base),
                )
                .with_help("align the swizzled matrix's repeating pattern (1024 bytes for 128-byte swizzle) and use base offset 0"),
            ));
        }
        let engine = self.shared_address(ins, op, d.start, what)?;
        let shift = engine - d.start;
        let bytes = bits.div_ceil(8);
        let mut out = vec![0u32; rows * cols];
        for i in 0..rows {
            for j in 0..cols {
                let (a, bit) = d.at(bits, k_major, i as u64, j as u64);
                let a = a + shift;
                if self.region(a) != Some(Region::Shared)
                    || self.region(a + u64::from(bytes) - 1) != Some(Region::Shared)
                {
                    return Err(RunError::Program(
                        Diagnostic::error(
                            op.span.clone(),
                            format!(
                                "`{}`: element ({i}, {j}) of the {what} matrix is at {a:#x}, outside every .shared variable (descriptor start {:#x}, LBO {}, SBO {}, swizzle {})",
                                ins.opcode, d.start, d.lbo, d.sbo,
                                if d.swizzle == 0 { "none".to_string() } else { format!("{} bytes", d.swizzle) }
                            ),
                        )
                        .with_help("the descriptor's offsets reach past the shared array: check LBO/SBO (bits 29–16, 45–32) against the layout"),
                    ));
                }
                let v = match self.mem_in(Some(Space::Shared), a).read(a, bytes) {
                    Ok(v) => v,
                    Err(bad) => {
                        let e = Diagnostic::error(
                            op.span.clone(),
                            format!("`{}` reads element ({i}, {j}) of the {what} matrix at {a:#x}, but shared memory at {bad:#x} was never written", ins.opcode),
                        )
                        .with_help("write the matrix to shared memory before the wgmma or tcgen05.mma (and fence.proxy.async)");
                        self.memory_problem(e, ", reading zeros")?;
                        0
                    }
                };
                out[i * cols + j] = if bits == 1 {
                    ((v >> bit) & 1) as u32
                } else {
                    v as u32
                };
            }
        }
        Ok(out)
    }

    /// Runs `wgmma.mma_async` for warpgroup threads `first..first + 128`.
    fn wgmma_run(
        &mut self,
        ins: &Instr,
        m: &Mma,
        o: &Operands,
        first: usize,
    ) -> Result<(), RunError> {
        let (n, k) = (usize::from(m.n), usize::from(m.k));
        let refuse = |msg: String, help: &str| {
            RunError::Program(Diagnostic::error(ins.opcode_span.clone(), msg).with_help(help))
        };
        // A: M×K, [row][k].
        let a = match o.a {
            Ok(regs) => {
                let per = (32 / m.a.bits()) as usize;
                let mut a = vec![0u32; M * k];
                for t in 0..WARPGROUP {
                    self.lane = first + t;
                    for (r, op) in regs.iter().enumerate() {
                        let v = self.read(op, PtxType::B32)?;
                        for e in 0..per {
                            let (i, j) = a_reg_at(per, t, r * per + e);
                            let b = m.a.bits();
                            a[i * k + j] = if b == 32 {
                                v as u32
                            } else {
                                ((v >> (e as u32 * b)) & ((1 << b) - 1)) as u32
                            };
                        }
                    }
                }
                a
            }
            Err(op) => {
                let desc = self.uniform(ins, op, PtxType::B64, first, "a-desc")?;
                self.smem_matrix(ins, op, Desc::of(desc), m.a.bits(), !o.trans.0, (M, k), "A")?
            }
        };
        // B: K×N, read as N×K (its "MN" is N), then [k][n].
        let desc = self.uniform(ins, o.b, PtxType::B64, first, "b-desc")?;
        let bt = self.smem_matrix(
            ins,
            o.b,
            Desc::of(desc),
            m.b.bits(),
            !o.trans.1,
            (n, k),
            "B",
        )?;
        let mut b = vec![0u32; k * n];
        for j in 0..n {
            for t in 0..k {
                b[t * n + j] = bt[j * k + t];
            }
        }
        // "The operation of the form D = A*B is issued when the input
        // predicate argument scale-d is false."
        let scale_d = match o.scale_d.kind {
            OperandKind::Imm(_) => {
                self.uniform(ins, o.scale_d, PtxType::U32, first, "scale-d")? != 0
            }
            _ => self.uniform(ins, o.scale_d, PtxType::Pred, first, "scale-d")? & 1 == 1,
        };
        let dty = d_type(m.d);
        let per_d = (32 / m.d.bits()) as usize;
        let mut c = vec![0u32; M * n];
        if scale_d {
            for t in 0..WARPGROUP {
                self.lane = first + t;
                for (r, op) in o.d.iter().enumerate() {
                    let v = self.read(op, dty)?;
                    for e in 0..per_d {
                        let (i, j) = d_at(t, r * per_d + e);
                        c[i * n + j] = (v >> (e as u32 * m.d.bits())) as u32
                            & (u64::MAX >> (64 - m.d.bits())) as u32;
                    }
                }
            }
        }
        let d = match (in_format(m.a), in_format(m.b)) {
            (Some(fa), Some(fb)) => {
                // "each element of the input matrices A and B can be negated
                // by specifying the value -1 for operands imm-scale-a and
                // imm-scale-b respectively".
                let na: Vec<u32> = a
                    .iter()
                    .map(|&x| if o.neg.0 { negate(m.a, x) } else { x })
                    .collect();
                let nb: Vec<u32> = b
                    .iter()
                    .map(|&x| if o.neg.1 { negate(m.b, x) } else { x })
                    .collect();
                self.wgmma_float(ins, m, (fa, fb), (&na, &nb, &c), refuse)?
            }
            _ => int_gemm(m, n, k, &a, &b, &c),
        };
        for t in 0..WARPGROUP {
            self.lane = first + t;
            let mut d0 = 0;
            for (r, op) in o.d.iter().enumerate() {
                let mut v = 0u64;
                for e in 0..per_d {
                    let (i, j) = d_at(t, r * per_d + e);
                    v |= u64::from(d[i * n + j]) << (e as u32 * m.d.bits());
                }
                self.write(op, dty, v)?;
                if r == 0 {
                    d0 = v;
                }
            }
            // The trace shows each thread's d0.
            self.trace(ins, &[], Some((d0, dty)));
        }
        Ok(())
    }

    /// `D = A·B + C` by the tensor-core model of the device.
    fn wgmma_float(
        &self,
        ins: &Instr,
        m: &Mma,
        (fa, fb): (InFormat, InFormat),
        (a, b, c): (&[u32], &[u32], &[u32]),
        refuse: impl Fn(String, &str) -> RunError,
    ) -> Result<Vec<u32>, RunError> {
        let (n, k) = (usize::from(m.n), usize::from(m.k));
        let device = self.exec.device;
        let gpu = gpu_of(device)
            .map_err(|e| refuse(format!("`{}`: {e}", ins.opcode), "run with --device sm_90"))?;
        let out = match m.d {
            WgType::F16 => OutFormat::F16,
            _ => OutFormat::F32,
        };
        // A .tf32 element is the top 19 bits of its 32: as for mma.sync.
        let (a, b) = super::mma::model_inputs(ins, gpu, (fa, fb), a, b)?;
        // The published model ("wgmma" in crates/tc), A and B each in its
        // own format (mixed .e4m3/.e5m2: Arith::mixed), FP8 with an .f16 D
        // by the two-pass rule fitted on the published measurements
        // (docs/TENSOR_CORES.md).
        let r = Arith::mixed(gpu, fa, fb, out, Instruction::Published)
            .and_then(|arith| arith.gemm_threads(1, Gemm::new((M, n, k), &a, &b, c)?));
        r.map_err(|e| {
            refuse(
                format!("`{}` on an {device} device: {e}", ins.opcode),
                "`ptxfp mma gpus` lists the format pairs each GPU's model has",
            )
        })
    }
}

/// `D = A·B + C` on `.s8`/`.u8` (exact, then wrapped or, with
/// `.satfinite`, clamped: "on overflow, the accumulated value is limited
/// to the range MIN_INT32..MAX_INT32") and `.b1` with `.and.popc` (each
/// product `a AND b`, the sum their population count, wrapped).
fn int_gemm(m: &Mma, n: usize, k: usize, a: &[u32], b: &[u32], c: &[u32]) -> Vec<u32> {
    let val = |t: WgType, x: u32| -> i64 {
        match t {
            WgType::S8 => i64::from(x as u8 as i8),
            WgType::B1 => i64::from(x & 1),
            _ => i64::from(x as u8),
        }
    };
    super::mma::int_gemm_by(M, n, k, (a, b, c), m.satfinite, |x, y| {
        val(m.a, x) * val(m.b, y)
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn descriptor_fields() {
        // start 0x400, LBO 16, SBO 1024, 128-byte swizzle.
        let d = (0x400 >> 4) | (1 << 16) | ((1024u64 >> 4) << 32) | (1 << 62);
        assert_eq!(
            Desc::of(d),
            Desc {
                start: 0x400,
                lbo: 16,
                sbo: 1024,
                base: 0,
                swizzle: 128
            }
        );
        assert_eq!(Desc::of(3 << 62).swizzle, 32);
        assert_eq!(Desc::of(2 << 62).swizzle, 64);
        assert_eq!(Desc::of(5 << 49).base, 5);
    }

    #[test]
    fn fragments_hold_each_element_once() {
        for n in [8usize, 24, 256] {
            let mut seen = vec![0; M * n];
            for t in 0..WARPGROUP {
                for i in 0..n / 2 {
                    let (r, c) = d_at(t, i);
                    seen[r * n + c] += 1;
                }
            }
            assert!(seen.iter().all(|&x| x == 1), "D n{n}");
        }
        for (per, k) in [(2, 16), (1, 8), (4, 32), (32, 256)] {
            let mut seen = vec![0; M * k];
            for t in 0..WARPGROUP {
                for i in 0..M * k / WARPGROUP {
                    let (r, c) = a_reg_at(per, t, i);
                    seen[r * k + c] += 1;
                }
            }
            assert!(seen.iter().all(|&x| x == 1), "A k{k}");
        }
    }

    #[test]
    fn layouts_are_one_to_one() {
        // Every canonical layout, with offsets that pack a 64×K tile,
        // maps it to 64·K distinct addresses.
        for bits in [16u32, 8, 32] {
            let k = u64::from(256 / bits);
            for k_major in [true, false] {
                if !k_major && bits != 16 {
                    continue;
                }
                for mode in 0..4u64 {
                    let w = [0, 128, 64, 32][mode as usize];
                    let (lbo, sbo) = match (k_major, w) {
                        (true, 0) => (1024u64, 128u64),
                        (true, w) => (0, 8 * w),
                        (false, 0) => (1024, 128),
                        (false, w) => (8 * w, 1024),
                    };
                    let desc = Desc::of(((lbo >> 4) << 16) | ((sbo >> 4) << 32) | (mode << 62));
                    let mut seen = std::collections::HashSet::new();
                    for mn in 0..64 {
                        for kk in 0..k {
                            let (a, bit) = desc.at(bits, k_major, mn, kk);
                            assert_eq!(bit, 0);
                            assert_eq!(a % u64::from(bits / 8), 0);
                            seen.insert(a);
                        }
                    }
                    assert_eq!(
                        seen.len(),
                        64 * k as usize,
                        "bits {bits} k_major {k_major} swizzle {w}"
                    );
                }
            }
        }
    }
}
