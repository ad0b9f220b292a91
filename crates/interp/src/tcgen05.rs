//! `tcgen05` on sm_100a: the Tensor Memory of a CTA and the 5th-generation
//! tensor-core instructions that use it (PTX ISA 9.7.16, decoded in
//! crates/isa/src/tcgen05.rs; docs/ENGINE.md "Tensor cores: tcgen05").
//!
//! 9.7.16.1: the Tensor Memory is 128 lanes of 512 columns of 32-bit cells
//! per CTA; "Tensor Memory addresses are 32-bit wide ... Lane index" in
//! bits 31–16, "Column index" in bits 15–0 (9.7.16.1.1). It lives in the
//! CTA's [`Tmem`] (with the mbarriers: reset when a CTA starts).
//!
//! Timing: every asynchronous `tcgen05` operation (`ld`, `st`, `mma`) is
//! complete when it is issued, as `wgmma.mma_async` is in the engine; so
//! `tcgen05.wait::ld/st` have nothing to wait for, `tcgen05.commit`'s
//! arrive-on happens at once, and the `tcgen05.fence::*` orderings hold
//! by construction in the sequential engine (they are no-ops).

use super::mma::{gpu_of, whole_partial_warp, whole_warp};
use super::wgmma::Desc;
use super::Flow;
use crate::{err, Machine, RunError, WARP_SIZE};
use ptxfp_front::module::{Instr, Operand, OperandKind};
use ptxfp_isa::diag::Diagnostic;
use ptxfp_isa::space::Space;
use ptxfp_isa::tcgen05::{Kind, Move, Shape, Tcgen05};
use ptxfp_isa::types::PtxType;
use ptxfp_tc::{Arith, Gemm, InFormat, Instruction, OutFormat};

/// Lanes of the Tensor Memory.
pub(crate) const LANES: u32 = 128;
/// Columns of the Tensor Memory.
pub(crate) const COLUMNS: u32 = 512;

/// One `tcgen05.alloc`: its first column, its columns, and the statement.
#[derive(Clone, Copy, Debug)]
struct Alloc {
    col: u32,
    ncols: u32,
    at: usize,
}

/// The Tensor Memory of a CTA and its allocations.
#[derive(Clone, Debug, Default)]
pub(crate) struct Tmem {
    /// `LANES × COLUMNS` cells, lane-major (empty until the first alloc),
    /// and which were written.
    cells: Vec<u32>,
    written: Vec<bool>,
    allocs: Vec<Alloc>,
    /// A thread ran `tcgen05.relinquish_alloc_permit`.
    relinquished: bool,
}

impl Tmem {
    fn index(lane: u32, col: u32) -> usize {
        (lane * COLUMNS + col) as usize
    }

    /// True if column `col` is in an allocation.
    fn allocated(&self, col: u32) -> bool {
        self.allocs
            .iter()
            .any(|a| col >= a.col && col < a.col + a.ncols)
    }
}

/// Where register `i` of thread `t` (0..32) of a `.shape` access sits:
/// `(lane offset, column offset)` from `taddr`, the column in 32-bit
/// units. The ISA gives these as Figures 183–187 (9.7.16.2.3.1, "Matrix
/// fragments for shape ..."), images; in words (and as CUTLASS's SM100
/// TMEM copy traits lay them out):
///
/// - `.32x32b` (Figure 183): thread `t` holds lane `t`, register `i` its
///   column `i`;
/// - `.16x64b` (Figure 184): thread `t` holds lane `t/4 + 8·(t%2)`, column
///   `(t/2)%2` of each 64-bit (two-column) repeat, register `i` the repeat;
/// - `.16x128b` (Figure 185): lane `t/4` (registers `2j`) and `t/4 + 8`
///   (`2j + 1`), column `t%4` of repeat `j` (4 columns each);
/// - `.16x256b` (Figure 186): `mma.sync`'s 16×8 accumulator per repeat
///   `j` of 8 columns: registers `4j, 4j+1` lane `t/4`, `4j+2, 4j+3` lane
///   `t/4 + 8`, columns `2·(t%4)` and `2·(t%4) + 1`;
/// - `.16x32bx2` (Figure 187): thread `t` holds lane `t%16`, register `i`
///   column `i`, threads 16–31 at `taddr + immHalfSplitoff`.
pub(crate) fn fragment(shape: Shape, t: u32, i: u32) -> (u32, u32) {
    match shape {
        Shape::S32x32b => (t, i),
        Shape::S16x64b => (t / 4 + 8 * (t % 2), (t / 2) % 2 + 2 * i),
        Shape::S16x128b => (t / 4 + 8 * (i % 2), t % 4 + 4 * (i / 2)),
        Shape::S16x256b => (t / 4 + 8 * ((i / 2) % 2), 2 * (t % 4) + i % 2 + 8 * (i / 4)),
        Shape::S16x32bx2 => (t % 16, i),
    }
}

/// A shared memory descriptor of `tcgen05.mma` (9.7.16.4.1, Table 40):
/// "0-13: matrix-descriptor-encode (Matrix start address); 16-29: ...
/// (Leading dimension byte offset relative) OR ... (Leading dimension
/// byte address absolute); 32-45: ... (Stride dimension byte offset);
/// 46-48: Fixed constant value of 0b001; 49-51: Matrix base offset; 52:
/// Leading dimension stride mode: 0: byte offset relative, 1: byte
/// address absolute; 53-60: Fixed constant value of 0; 61-63: ... the
/// swizzling mode: 0. No swizzling 1. 128-Byte with 32B atomic swizzling
/// 2. 128-Byte swizzling 4. 64-Byte swizzling 6. 32-Byte swizzling; Note:
/// Values 3, 5 and 7 are invalid". Unlike Hopper's (crates/interp/src/
/// wgmma.rs `Desc::of`), the version bits 46–48, the mode bit 52 and a
/// three-bit swizzle field at 61–63. The canonical layouts (9.7.16.3.3)
/// are Hopper's, so the fields go to the same [`Desc`].
pub(crate) fn blackwell_desc(d: u64) -> Result<Desc, String> {
    if (d >> 46) & 7 != 1 {
        return Err(format!(
            "bits 46–48 are {:#05b}, not the fixed constant 0b001 of a tcgen05 shared memory descriptor (a Hopper wgmma descriptor?)",
            (d >> 46) & 7
        ));
    }
    if (d >> 52) & 1 == 1 {
        return Err("bit 52 = 1 (leading dimension byte address absolute, sm_103a only: \"The byte address mode for the leading dimension stride is supported on sm_103a\") is not run by the engine".into());
    }
    if (d >> 53) & 0xff != 0 {
        return Err("bits 53–60 must hold the fixed constant 0".into());
    }
    let swizzle = match d >> 61 {
        0 => 0,
        2 => 128,
        4 => 64,
        6 => 32,
        1 => return Err(
            "swizzle mode 1 (128-byte swizzling with 32-byte atomicity) is not run by the engine"
                .into(),
        ),
        m => {
            return Err(format!(
                "swizzle mode {m} (bits 61–63): \"Values 3, 5 and 7 are invalid\""
            ))
        }
    };
    let field = |lo: u32| ((d >> lo) & 0x3fff) << 4;
    Ok(Desc {
        start: field(0),
        lbo: field(16),
        sbo: field(32),
        base: (d >> 49) & 7,
        swizzle,
    })
}

/// The element types of the instruction descriptor (Table 42).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Elem {
    Float(InFormat),
    U8,
    S8,
}

impl Elem {
    fn bits(self) -> u32 {
        match self {
            Elem::Float(InFormat::F16 | InFormat::Bf16) => 16,
            Elem::Float(InFormat::Tf32) => 32,
            _ => 8,
        }
    }
}

/// The instruction descriptor's fields (9.7.16.4.2, Table 42).
#[derive(Clone, Copy, Debug)]
pub(crate) struct Idesc {
    m: u32,
    n: u32,
    a: Elem,
    b: Elem,
    /// D: `.f16` (false) or 32-bit (`.f32`, `.s32`).
    d16: bool,
    saturate: bool,
    neg: (bool, bool),
    trans: (bool, bool),
}

/// Decodes a 32-bit instruction descriptor for `kind` (Table 42
/// "Instruction descriptor format for .kind::tf32, .kind::f16,
/// .kind::f8f6f4 and .kind::i8"), with Table 39's shapes for `.cta_group::1`
/// without `.ws`, dense.
pub(crate) fn idesc(kind: Kind, v: u32) -> Result<Idesc, String> {
    let bits = |lo: u32, n: u32| (v >> lo) & ((1 << n) - 1);
    // "0-1 Sparsity selector, if Sparsity is enabled"; "2 Sparsity: Dense
    // = 0 Sparse = 1".
    if bits(2, 1) == 1 {
        return Err("bit 2 (Sparsity) is 1: a sparse descriptor belongs to tcgen05.mma.sp, which the engine does not run".into());
    }
    if bits(0, 2) != 0 {
        return Err("bits 0–1 (the sparsity selector) must be 0 for a dense MMA".into());
    }
    // "6 Reserved 0", "23 Reserved 0", "29 Reserved 0"; "30-31 Maximum
    // shift while attempting B matrix reuse in .ws".
    for (b, what) in [(6, "6"), (23, "23"), (29, "29")] {
        if bits(b, 1) != 0 {
            return Err(format!("bit {what} is reserved (0)"));
        }
    }
    if bits(30, 2) != 0 {
        return Err("bits 30–31 (the maximum shift of B reuse) belong to tcgen05.mma.ws; they must be 0 here".into());
    }
    // "3 Saturate for integer types: 0 (NA) ... No Saturate = 0 Saturate = 1".
    let saturate = bits(3, 1) == 1;
    if saturate && kind != Kind::I8 {
        return Err("bit 3 (Saturate) is for .kind::i8 only".into());
    }
    // "4-5 dtype: .kind::tf32 F32 = 1; .kind::f16 F16 = 0 F32 = 1;
    // .kind::f8f6f4 (the same); .kind::i8 S32 = 2".
    let dtype = bits(4, 2);
    let d16 = match (kind, dtype) {
        (Kind::Tf32, 1) | (Kind::F16 | Kind::F8f6f4, 1) | (Kind::I8, 2) => false,
        (Kind::F16 | Kind::F8f6f4, 0) => true,
        _ => {
            return Err(format!(
                "dtype (bits 4–5) {dtype} is not one of .kind::{}: {}",
                kind.name(),
                match kind {
                    Kind::Tf32 => "F32 = 1",
                    Kind::F16 | Kind::F8f6f4 => "F16 = 0, F32 = 1",
                    Kind::I8 => "S32 = 2",
                }
            ))
        }
    };
    // "7-9 atype, 10-12 btype: .kind::tf32 TF32 = 2; .kind::f16 F16 = 0
    // BF16 = 1; .kind::f8f6f4 E4M3 = 0 E5M2 = 1 E2M3 = 3 E3M2 = 4 E2M1 =
    // 5; .kind::i8 Unsigned 8b = 0 Signed 8b = 1".
    let ty = |t: u32, which: &str| -> Result<Elem, String> {
        Ok(match (kind, t) {
            (Kind::Tf32, 2) => Elem::Float(InFormat::Tf32),
            (Kind::F16, 0) => Elem::Float(InFormat::F16),
            (Kind::F16, 1) => Elem::Float(InFormat::Bf16),
            (Kind::F8f6f4, 0) => Elem::Float(InFormat::E4m3),
            (Kind::F8f6f4, 1) => Elem::Float(InFormat::E5m2),
            (Kind::F8f6f4, 3..=5) => {
                return Err(format!(
                    "{which} {t} ({}) is valid but not run by the engine: the 6- and 4-bit types' packing formats (9.7.16.10.4.2) are not modelled; the engine runs E4M3 = 0 and E5M2 = 1",
                    ["E2M3", "E3M2", "E2M1"][t as usize - 3]
                ))
            }
            (Kind::I8, 0) => Elem::U8,
            (Kind::I8, 1) => Elem::S8,
            _ => {
                return Err(format!(
                    "{which} {t} is not one of .kind::{}: {}",
                    kind.name(),
                    match kind {
                        Kind::Tf32 => "TF32 = 2",
                        Kind::F16 => "F16 = 0, BF16 = 1",
                        Kind::F8f6f4 => "E4M3 = 0, E5M2 = 1, E2M3 = 3, E3M2 = 4, E2M1 = 5",
                        Kind::I8 => "Unsigned 8b = 0, Signed 8b = 1",
                    }
                ))
            }
        })
    };
    let a = ty(bits(7, 3), "atype (bits 7–9)")?;
    let b = ty(bits(10, 3), "btype (bits 10–12)")?;
    // Table 39: .kind::f16 takes ".f16" D with ".f16" A/B only.
    if kind == Kind::F16 && (a != b || (d16 && a != Elem::Float(InFormat::F16))) {
        return Err("`.kind::f16` takes A and B of one type, and an .f16 D only with .f16 A and B (Table 39)".into());
    }
    // "13 Negate A Matrix, 14 Negate B Matrix: ... .kind::i8 No Negate = 0".
    let neg = (bits(13, 1) == 1, bits(14, 1) == 1);
    if kind == Kind::I8 && (neg.0 || neg.1) {
        return Err(
            "bits 13–14 (Negate A/B) must be 0 for .kind::i8 (Table 51: Negate is not supported)"
                .into(),
        );
    }
    let trans = (bits(15, 1) == 1, bits(16, 1) == 1);
    // "For .kind::tf32, the transpose operations on matrices A and B are
    // supported only with 128B swizzling mode with 32B swizzle-atomicity",
    // a mode the engine does not run.
    if kind == Kind::Tf32 && (trans.0 || trans.1) {
        return Err("a transposed .tf32 matrix needs 128-byte swizzling with 32-byte atomicity (9.7.16.10.1), which the engine does not run".into());
    }
    // "17-22 N >> 3", "24-28 M >> 4".
    let n = bits(17, 6) << 3;
    let m = bits(24, 5) << 4;
    if m != 64 && m != 128 {
        return Err(format!(
            "M (bits 24–28, M >> 4) is {m}: .cta_group::1 without .ws takes M = 64 or 128 (Table 39)"
        ));
    }
    // N: "{8, 16, 24, … 256} steps of 8"; .kind::i8 "{8, 16, 24, 32, 48,
    // … 256} steps of 16 after N > 32".
    let n_ok = match kind {
        Kind::I8 => {
            matches!(n, 8 | 16 | 24 | 32) || (n.is_multiple_of(16) && (32..=256).contains(&n))
        }
        _ => (8..=256).contains(&n),
    };
    if !n_ok {
        return Err(format!(
            "N (bits 17–22, N >> 3) is {n}: .kind::{} takes N = {} (Table 39)",
            kind.name(),
            if kind == Kind::I8 {
                "8, 16, 24, 32, 48, ..., 256"
            } else {
                "8, 16, ..., 256"
            }
        ));
    }
    // Table 52: 8-bit transpose B: ".cta_group 1: 16 <= N <= 256, step 16".
    if trans.1 && b.bits() == 8 && !n.is_multiple_of(16) {
        return Err(format!(
            "an 8-bit transposed B takes N a multiple of 16 (Table 52), not {n}"
        ));
    }
    Ok(Idesc {
        m,
        n,
        a,
        b,
        d16,
        saturate,
        neg,
        trans,
    })
}

/// The lane of row `r` of an M×N matrix at lane `base` of the Tensor
/// Memory (9.7.16.10.5): "Layout D (M = 128 + cta-group::1)", 4×1: row
/// `r` in lane `r`; "Layout F (M = 64 + non .ws mode)", "4x1 (1/2
/// datapath utilized)", lane alignment 0 or 16: rows `16w..16w+16` in the
/// lanes `32w + base ..` of warp `w`'s quarter.
fn row_lane(m: u32, base: u32, r: u32) -> u32 {
    if m == 128 {
        r
    } else {
        32 * (r / 16) + base + r % 16
    }
}

impl Machine<'_, '_> {
    /// The device rule: "Supported on ... sm_100a, sm_101a (sm_110a) and
    /// the family-specific targets": the code runs on sm_100, sm_101,
    /// sm_103 and sm_110 devices.
    fn tcgen05_device(&self, ins: &Instr) -> Result<(), RunError> {
        let device = self.exec.device;
        if matches!(device.sm, 100 | 101 | 103 | 110) {
            return Ok(());
        }
        Err(RunError::Program(
            Diagnostic::error(
                ins.opcode_span.clone(),
                format!(
                    "`{}` runs on sm_100/sm_101/sm_103/sm_110 devices (sm_100a code); the device is {device}",
                    ins.opcode
                ),
            )
            .with_help("run with --device sm_100"),
        ))
    }

    /// One operand's value, the same in all threads `on`: "All the threads
    /// in the warp must specify the same value of taddr" (and of `nCols`).
    fn warp_uniform(
        &mut self,
        ins: &Instr,
        on: &[usize],
        what: &str,
        f: impl Fn(&mut Self) -> Result<u64, RunError>,
        span: &Operand,
    ) -> Result<u64, RunError> {
        self.lane = on[0];
        let v = f(self)?;
        for &lane in &on[1..] {
            self.lane = lane;
            let x = f(self)?;
            if x != v {
                return Err(err(
                    span.span.clone(),
                    format!(
                        "`{}`: {what} is {x:#x} in this thread but {v:#x} in the warp's first thread; \"The behavior ... is undefined if all the threads in the warp do not use the same values\"",
                        ins.opcode
                    ),
                ));
            }
        }
        self.lane = on[0];
        Ok(v)
    }

    /// The `tcgen05` instructions a whole warp runs together.
    pub(crate) fn tcgen05_warp(
        &mut self,
        ins: &Instr,
        t: Tcgen05,
        on: &[usize],
    ) -> Result<(), RunError> {
        // ".sync ... .aligned: all threads in the warp must execute the
        // same instruction"; "undefined ... if any thread in the warp has
        // exited". Those that move no data between lanes run in a warp
        // that is partial because the CTA ends.
        if matches!(
            t,
            Tcgen05::Alloc | Tcgen05::Dealloc | Tcgen05::Relinquish | Tcgen05::Wait(_)
        ) {
            whole_partial_warp(ins, on, self.eng.launch.cta_threads() as usize)?;
        } else {
            whole_warp(ins, on)?;
        }
        self.tcgen05_device(ins)?;
        let count = |n: usize, form: &str| crate::operand_count(ins, n, form);
        match t {
            Tcgen05::Alloc => {
                count(2, "[dst], nCols")?;
                self.tmem_alloc(ins, on)?;
            }
            Tcgen05::Dealloc => {
                count(2, "taddr, nCols")?;
                self.tmem_dealloc(ins, on)?;
            }
            Tcgen05::Relinquish => {
                count(0, "")?;
                // "it is illegal for a CTA to perform tcgen05.alloc after
                // any of its constituent threads execute
                // tcgen05.relinquish_alloc_permit".
                self.eng.asyncs.tmem.relinquished = true;
                self.trace_all(ins, on);
            }
            // "tcgen05.wait::st causes the executing thread to block until
            // all prior tcgen05.st operations issued by the executing
            // thread have completed" (::ld likewise): they completed when
            // issued.
            Tcgen05::Wait(_) => {
                count(0, "")?;
                self.trace_all(ins, on);
            }
            Tcgen05::Ld(m) => self.tmem_move(ins, m, true, on)?,
            Tcgen05::St(m) => self.tmem_move(ins, m, false, on)?,
            _ => {
                return Err(err(
                    ins.opcode_span.clone(),
                    "internal: not a warp instruction",
                ))
            }
        }
        Ok(())
    }

    fn trace_all(&mut self, ins: &Instr, on: &[usize]) {
        for &lane in on {
            self.lane = lane;
            self.trace(ins, &[], None);
        }
    }

    /// The `tcgen05` instructions each thread runs on its own.
    pub(crate) fn tcgen05(&mut self, ins: &Instr, t: Tcgen05) -> Result<Flow, RunError> {
        self.tcgen05_device(ins)?;
        match t {
            // 9.7.16.11.1: "orders all the prior asynchronous tcgen05
            // operations with respect to the subsequent tcgen05 and the
            // execution ordering operations" (after_thread_sync: the
            // subsequent ones): the engine's operations are complete when
            // issued, in program order.
            Tcgen05::Fence(_) => {
                if !ins.operands.is_empty() {
                    return Err(err(
                        ins.opcode_span.clone(),
                        format!("`{}` takes no operands", ins.opcode),
                    ));
                }
                self.trace(ins, &[], None);
            }
            Tcgen05::Commit { mask, .. } => self.tcgen05_commit(ins, mask)?,
            Tcgen05::Mma(k) => self.tcgen05_mma(ins, k)?,
            _ => return Err(err(ins.opcode_span.clone(), "internal: a warp instruction")),
        }
        Ok(Flow::Next)
    }

    /// `tcgen05.alloc [dst], nCols` for the warp `on`.
    fn tmem_alloc(&mut self, ins: &Instr, on: &[usize]) -> Result<(), RunError> {
        let ops = &ins.operands;
        let n = self.warp_uniform(
            ins,
            on,
            "nCols",
            |me| me.read(&ops[1], PtxType::U32),
            &ops[1],
        )? as u32;
        // "The operand nCols must be within the range [32, 512]"; "The
        // number of columns must be a power of 2".
        if !(32..=COLUMNS).contains(&n) || !n.is_power_of_two() {
            return Err(err(
                ops[1].span.clone(),
                format!(
                    "`{}`: nCols is {n}; it must be a power of 2 within [32, 512] (\"The unit of allocation ... is 32 columns\")",
                    ins.opcode
                ),
            ));
        }
        if self.eng.asyncs.tmem.relinquished {
            return Err(err(
                ins.opcode_span.clone(),
                format!("`{}` after tcgen05.relinquish_alloc_permit: \"it is illegal for a CTA to perform tcgen05.alloc after any of its constituent threads execute tcgen05.relinquish_alloc_permit\"", ins.opcode),
            ));
        }
        let dst = self.warp_uniform(
            ins,
            on,
            "dst",
            |me| me.address(&ops[0]).map(|a| a.0),
            &ops[0],
        )?;
        // "If the address specified by dst does not fall within the
        // address window of .shared::cta state space then the behavior is
        // undefined."
        if self.region(dst) != Some(super::Region::Shared) || !dst.is_multiple_of(4) {
            return Err(err(
                ops[0].span.clone(),
                format!(
                    "`{}`: dst {dst:#x} is not a 4-byte aligned address in this CTA's shared memory (the allocated address is written there)",
                    ins.opcode
                ),
            ));
        }
        // The engine's choice of columns: the lowest free run of nCols
        // columns starting at a multiple of nCols. "The tcgen05.alloc
        // blocks if the requested amount of Tensor Memory is not
        // available": the sequential engine stops instead.
        let tm = &mut self.eng.asyncs.tmem;
        let col = (0..COLUMNS / n)
            .map(|i| i * n)
            .find(|&c| (c..c + n).all(|x| !tm.allocated(x)));
        let Some(col) = col else {
            return Err(RunError::Program(
                Diagnostic::error(
                    ins.opcode_span.clone(),
                    format!("`{}`: no {n} free columns of Tensor Memory (the GPU would block until a tcgen05.dealloc frees them; the engine, running warps in turn, stops)", ins.opcode),
                )
                .with_help("deallocate before allocating again, or allocate fewer columns"),
            ));
        };
        if tm.cells.is_empty() {
            tm.cells = vec![0; (LANES * COLUMNS) as usize];
            tm.written = vec![false; (LANES * COLUMNS) as usize];
        }
        tm.allocs.push(Alloc {
            col,
            ncols: n,
            at: self.eng.stmt,
        });
        // "writes the address of the allocated Tensor Memory into shared
        // memory at the location specified by address operand dst": lane
        // 0, the first column.
        let addr = u64::from(col);
        self.mem_in_mut(Some(Space::Shared), dst)
            .write(dst, 4, addr);
        for &lane in on {
            self.lane = lane;
            self.trace(
                ins,
                &[(dst, PtxType::B32), (u64::from(n), PtxType::U32)],
                Some((addr, PtxType::B32)),
            );
        }
        Ok(())
    }

    /// `tcgen05.dealloc taddr, nCols` for the warp `on`.
    fn tmem_dealloc(&mut self, ins: &Instr, on: &[usize]) -> Result<(), RunError> {
        let ops = &ins.operands;
        let taddr = self.warp_uniform(
            ins,
            on,
            "taddr",
            |me| me.read(&ops[0], PtxType::B32),
            &ops[0],
        )? as u32;
        let n = self.warp_uniform(
            ins,
            on,
            "nCols",
            |me| me.read(&ops[1], PtxType::U32),
            &ops[1],
        )? as u32;
        // "The operand taddr must point to a previous Tensor Memory
        // allocation"; nCols "the number of columns to be ... de-allocated".
        let tm = &mut self.eng.asyncs.tmem;
        let found = tm
            .allocs
            .iter()
            .position(|a| taddr == a.col && a.ncols == n);
        let Some(i) = found else {
            let have: Vec<String> = tm
                .allocs
                .iter()
                .map(|a| format!("{:#x} ({} columns)", a.col, a.ncols))
                .collect();
            return Err(err(
                ops[0].span.clone(),
                format!(
                    "`{}`: taddr {taddr:#x} with nCols {n} is not a previous allocation (\"taddr must point to a previous Tensor Memory allocation\"); allocated: {}",
                    ins.opcode,
                    if have.is_empty() { "none".to_string() } else { have.join(", ") }
                ),
            ));
        };
        tm.allocs.remove(i);
        for &lane in on {
            self.lane = lane;
            self.trace(
                ins,
                &[
                    (u64::from(taddr), PtxType::B32),
                    (u64::from(n), PtxType::U32),
                ],
                None,
            );
        }
        Ok(())
    }

    /// The error of a CTA that ended with Tensor Memory allocated: "All of
    /// the Tensor Memory that was allocated using tcgen05.alloc instruction
    /// in a kernel, must be explicitly deallocated using tcgen05.dealloc
    /// before the kernel exits."
    pub(crate) fn tmem_leaked(&self) -> Option<RunError> {
        let a = self.eng.asyncs.tmem.allocs.first()?;
        Some(RunError::Program(
            Diagnostic::error(
                self.stmt_span(a.at),
                format!(
                    "the CTA ended with the {} columns of Tensor Memory at {:#x} this tcgen05.alloc allocated never deallocated: \"All of the Tensor Memory that was allocated ... must be explicitly deallocated using tcgen05.dealloc before the kernel exits\"",
                    a.ncols, a.col
                ),
            )
            .with_help("run tcgen05.dealloc with the same address and nCols before the threads exit"),
        ))
    }

    /// `tcgen05.ld` (`load`) or `tcgen05.st` for the warp `on`.
    fn tmem_move(
        &mut self,
        ins: &Instr,
        m: Move,
        load: bool,
        on: &[usize],
    ) -> Result<(), RunError> {
        let ops = &ins.operands;
        let split = m.shape == Shape::S16x32bx2;
        // "tcgen05.ld... r, [taddr]{, immHalfSplitoff}",
        // "tcgen05.st... [taddr]{, immHalfSplitoff}, r".
        let want = 2 + usize::from(split);
        let form = match (load, split) {
            (true, false) => "r, [taddr]",
            (true, true) => "r, [taddr], immHalfSplitoff",
            (false, false) => "[taddr], r",
            (false, true) => "[taddr], immHalfSplitoff, r",
        };
        if ops.len() != want {
            return Err(err(
                ins.opcode_span.clone(),
                format!("`{}` takes {want} operands: `{form}`", ins.opcode),
            ));
        }
        let (r, a) = if load {
            (&ops[0], &ops[1])
        } else {
            (&ops[want - 1], &ops[0])
        };
        // `r`: a vector, or for one register the register itself (as
        // `check` takes it).
        let regs: &[Operand] = match &r.kind {
            OperandKind::Vector(v) => v,
            OperandKind::Name(_) => std::slice::from_ref(r),
            _ => &[],
        };
        if let Some(why) = m.registers_error(ins.opcode, load, regs.len()) {
            return Err(err(r.span.clone(), why));
        }
        let split_off = if split {
            let o = &ops[if load { 2 } else { 1 }];
            match &o.kind {
                OperandKind::Imm(t) => t.parse::<u32>().ok().ok_or_else(|| {
                    err(
                        o.span.clone(),
                        format!(
                            "`{}`: immHalfSplitoff is a non-negative integer constant",
                            ins.opcode
                        ),
                    )
                })?,
                _ => {
                    return Err(err(
                        o.span.clone(),
                        format!("`{}`: immHalfSplitoff is an immediate argument", ins.opcode),
                    ))
                }
            }
        } else {
            0
        };
        let taddr = self.warp_uniform(ins, on, "taddr", |me| me.address(a).map(|x| x.0), a)? as u32;
        let (lane0, col0) = (taddr >> 16, taddr & 0xffff);
        // 9.7.16.8.1 "Access restrictions": "ID of the warp within the
        // warpgroup 0: 0-31, 1: 32-63, 2: 64-95, 3: 96-127".
        let wq = (on[0] / WARP_SIZE % 4) as u32;
        let lanes = m.shape.lanes();
        if lane0 < 32 * wq || lane0 + lanes > 32 * wq + 32 {
            return Err(RunError::Program(
                Diagnostic::error(
                    a.span.clone(),
                    format!(
                        "`{}`: taddr {taddr:#x} reaches lanes {lane0}..{} of the Tensor Memory, but warp {wq} of its warpgroup accesses lanes {}-{} only (9.7.16.8.1 \"Access restrictions\")",
                        ins.opcode,
                        lane0 + lanes - 1,
                        32 * wq,
                        32 * wq + 31
                    ),
                )
                .with_help("put the warp's lane quarter in bits 31–16 of taddr: (32 * (warp % 4)) << 16"),
            ));
        }
        let per = if m.pack { 2 } else { 1 };
        for (t, &lane) in on.iter().enumerate() {
            self.lane = lane;
            let t = t as u32;
            let mut first = None;
            for (i, op) in regs.iter().enumerate() {
                let (dl, dc) = fragment(m.shape, t, i as u32);
                let half = if split && t >= 16 { split_off } else { 0 };
                let l = lane0 + dl;
                let c = col0 + half + per * dc;
                for x in c..c + per {
                    if x >= COLUMNS || !self.eng.asyncs.tmem.allocated(x) {
                        return Err(RunError::Program(
                            Diagnostic::error(
                                a.span.clone(),
                                format!(
                                    "`{}`: register {i} of thread {t} is at lane {l}, column {x} of the Tensor Memory, which is not allocated (taddr {taddr:#x})",
                                    ins.opcode
                                ),
                            )
                            .with_help("allocate the columns with tcgen05.alloc and use the address it wrote"),
                        ));
                    }
                }
                if load {
                    let mut v = 0u64;
                    for (j, x) in (c..c + per).enumerate() {
                        let idx = Tmem::index(l, x);
                        if !self.eng.asyncs.tmem.written[idx] {
                            let e = Diagnostic::error(
                                a.span.clone(),
                                format!("`{}` reads lane {l}, column {x} of the Tensor Memory, which was never written", ins.opcode),
                            )
                            .with_help("write it with tcgen05.st or tcgen05.mma first");
                            self.memory_problem(e, ", reading zeros")?;
                        }
                        let cell = u64::from(self.eng.asyncs.tmem.cells[idx]);
                        // ".pack::16b can be used to pack two 16-bit
                        // elements from adjacent columns into a single
                        // 32-bit element": the lower column in the low half.
                        v |= if m.pack {
                            (cell & 0xffff) << (16 * j)
                        } else {
                            cell
                        };
                    }
                    self.write(op, PtxType::B32, v)?;
                    first.get_or_insert(v);
                } else {
                    let v = self.read(op, PtxType::B32)?;
                    first.get_or_insert(v);
                    for (j, x) in (c..c + per).enumerate() {
                        let idx = Tmem::index(l, x);
                        // ".unpack::16b can be used to unpack a 32-bit
                        // element in the register into two 16-bit elements
                        // and store them in adjacent columns" (each in the
                        // low half of its cell; the engine zeros the high
                        // half).
                        let cell = if m.pack { (v >> (16 * j)) & 0xffff } else { v };
                        self.eng.asyncs.tmem.cells[idx] = cell as u32;
                        self.eng.asyncs.tmem.written[idx] = true;
                    }
                }
            }
            let r0 = first.map(|v| (v, PtxType::B32));
            if load {
                self.trace(ins, &[(u64::from(taddr), PtxType::B32)], r0);
            } else {
                self.trace(ins, &[(u64::from(taddr), PtxType::B32)], None);
            }
        }
        Ok(())
    }

    /// `tcgen05.commit.cta_group::1.mbarrier::arrive::one.b64 [mbar]`:
    /// "Upon the completion of the tracked asynchronous tcgen05
    /// operations", "an arrive-on operation, with the count argument of 1,
    /// is signaled on the mbarrier object". They are complete: the
    /// arrive-on happens now.
    fn tcgen05_commit(&mut self, ins: &Instr, mask: u8) -> Result<(), RunError> {
        let ops = &ins.operands;
        let want = 1 + usize::from(mask != 0);
        if ops.len() != want {
            return Err(err(
                ins.opcode_span.clone(),
                format!(
                    "`{}` takes {}",
                    ins.opcode,
                    if mask != 0 {
                        "two operands: `[mbar], ctaMask`"
                    } else {
                        "one operand: `[mbar]` (the `ctaMask` form is .multicast::cluster's)"
                    }
                ),
            ));
        }
        let (addr, aty) = self.mbar_addr(ins, &ops[0])?;
        let mut srcs = vec![(addr, aty)];
        // ".multicast::cluster allows signaling on the mbarrier objects of
        // multiple CTAs in the cluster. Operand ctaMask specifies the
        // destination CTAs in the cluster such that each bit position in
        // the 16-bit ctaMask operand corresponds to the %cluster_ctarank
        // of the destination CTA. The mbarrier signal is multicast to the
        // same offset as mbar in the shared memory of each destination
        // CTA" (`::32b`: a 32-bit ctaMask, PTX ISA 9.4).
        let targets = if mask != 0 {
            let ty = if mask == 32 {
                PtxType::B32
            } else {
                PtxType::B16
            };
            let m = self.read(&ops[1], ty)?;
            srcs.push((m, ty));
            self.multicast_targets(ins, &ops[1], m, addr, Some(addr), &ops[0])?
                .into_iter()
                .filter_map(|(_, b)| b)
                .collect()
        } else {
            vec![addr]
        };
        for t in targets {
            self.mbar_arrive_one(ins, &ops[0], t)?;
        }
        self.trace(ins, &srcs, None);
        Ok(())
    }

    /// An operand that is a `[taddr]` Tensor Memory address: its value.
    fn taddr_of(&mut self, op: &Operand) -> Result<u32, RunError> {
        Ok(self.address(op)?.0 as u32)
    }

    /// `tcgen05.mma.cta_group::1.kind [d-tmem], a-desc|[a-tmem], b-desc,
    /// idesc, {disable-output-lane}, enable-input-d{, scale-input-d}` for
    /// the running thread: "The instruction tcgen05.mma has single thread
    /// semantics ... a single thread issuing the tcgen05.mma will result
    /// in the initiation of the whole matrix multiply and accumulate
    /// operation."
    fn tcgen05_mma(&mut self, ins: &Instr, kind: Kind) -> Result<(), RunError> {
        let ops = &ins.operands;
        let form = "[d-tmem], a-desc or [a-tmem], b-desc, idesc, {disable-output-lane}, enable-input-d{, scale-input-d}";
        let mask_at = matches!(ops.get(4).map(|o| &o.kind), Some(OperandKind::Vector(_)));
        let rest = if mask_at { 5 } else { 4 };
        if ops.len() < rest + 1 || ops.len() > rest + 2 {
            return Err(err(
                ins.opcode_span.clone(),
                format!("`{}` takes `{form}`: {} operands", ins.opcode, ops.len()),
            ));
        }
        if !matches!(ops[0].kind, OperandKind::Address { .. }) {
            return Err(err(
                ops[0].span.clone(),
                format!(
                    "`{}`: d-tmem is a Tensor Memory address `[taddr]`",
                    ins.opcode
                ),
            ));
        }
        // "The argument scale-input-d is only valid for .kind::tf32 and
        // .kind::f16"; "The valid range of values ... is [0, 15]".
        if let Some(s) = ops.get(rest + 1) {
            let v = match &s.kind {
                OperandKind::Imm(t) => t.parse::<u32>().ok().filter(|v| *v <= 15),
                _ => None,
            };
            let Some(v) = v else {
                return Err(err(
                    s.span.clone(),
                    format!(
                        "`{}`: scale-input-d is an integer constant in [0, 15]",
                        ins.opcode
                    ),
                ));
            };
            if !matches!(kind, Kind::Tf32 | Kind::F16) {
                return Err(err(s.span.clone(), format!("`{}`: \"The argument scale-input-d is only valid for .kind::tf32 and .kind::f16\"", ins.opcode)));
            }
            if v != 0 {
                return Err(RunError::Program(
                    Diagnostic::error(
                        s.span.clone(),
                        format!("`{}`: scale-input-d {v} (D = A*B + D * 2^-{v}) is not run by the engine: where that scaling rounds is not documented", ins.opcode),
                    )
                    .with_help("scale D separately, or use scale-input-d 0"),
                ));
            }
        }
        let idesc_v = self.read(&ops[3], PtxType::B32)? as u32;
        let id = idesc(kind, idesc_v).map_err(|why| {
            RunError::Program(
                Diagnostic::error(
                    ops[3].span.clone(),
                    format!(
                        "`{}`: the instruction descriptor {idesc_v:#010x}: {why}",
                        ins.opcode
                    ),
                )
                .with_help("9.7.16.4.2 \"Instruction descriptor\", Table 42"),
            )
        })?;
        let (m, n, k) = (id.m, id.n, kind.k());
        let d_addr = self.taddr_of(&ops[0])?;
        let (d_lane, d_col) = (d_addr >> 16, d_addr & 0xffff);
        // Layout D: lane alignment 0; Layout F: "0 or 16".
        let lanes_ok = if m == 128 {
            d_lane == 0
        } else {
            d_lane == 0 || d_lane == 16
        };
        if !lanes_ok {
            return Err(err(
                ops[0].span.clone(),
                format!(
                    "`{}`: d-tmem {d_addr:#x} has lane {d_lane}; M = {m} takes lane {} (9.7.16.10.5 \"Data Path Layout Organization\")",
                    ins.opcode,
                    if m == 128 { "0" } else { "0 or 16" }
                ),
            ));
        }
        let check_cols = |me: &Self,
                          op: &Operand,
                          c0: u32,
                          cols: u32,
                          what: &str|
         -> Result<(), RunError> {
            match (c0..c0 + cols).find(|&x| x >= COLUMNS || !me.eng.asyncs.tmem.allocated(x)) {
                None => Ok(()),
                Some(x) => Err(RunError::Program(
                    Diagnostic::error(
                        op.span.clone(),
                        format!("`{}`: {what} reaches column {x} of the Tensor Memory, which is not allocated", ins.opcode),
                    )
                    .with_help("allocate the columns with tcgen05.alloc (D takes N columns of 32 bits)"),
                )),
            }
        };
        check_cols(self, &ops[0], d_col, n, "D")?;
        let (mu, nu, ku) = (m as usize, n as usize, k as usize);
        // A: M×K, [row][k].
        let a_bits = id.a.bits();
        let a: Vec<u32> = if let OperandKind::Address { .. } = ops[1].kind {
            // A in the Tensor Memory: rows in D's lanes ("must use the same
            // Tensor Memory lane alignment across matrices A, D"), "Row-
            // Major" (Table 53), elements packed in 32-bit cells from the
            // low bits (as 9.7.16.10.4.3 says for 8-bit containers).
            if id.trans.0 {
                return Err(err(ops[3].span.clone(), format!("`{}`: Transpose A with A in the Tensor Memory (row-major there, Table 53) is not run by the engine", ins.opcode)));
            }
            let a_addr = self.taddr_of(&ops[1])?;
            let (a_lane, a_col) = (a_addr >> 16, a_addr & 0xffff);
            if a_lane != d_lane {
                return Err(err(
                    ops[1].span.clone(),
                    format!("`{}`: a-tmem {a_addr:#x} has lane {a_lane} but d-tmem lane {d_lane}: A and D use the same lane alignment", ins.opcode),
                ));
            }
            check_cols(self, &ops[1], a_col, k * a_bits / 32, "A")?;
            let mut a = vec![0u32; mu * ku];
            for r in 0..m {
                for kk in 0..k {
                    let l = row_lane(m, a_lane, r);
                    let bit = kk * a_bits;
                    let idx = Tmem::index(l, a_col + bit / 32);
                    if !self.eng.asyncs.tmem.written[idx] {
                        let e = Diagnostic::error(ops[1].span.clone(), format!("`{}` reads A at lane {l}, column {} of the Tensor Memory, which was never written", ins.opcode, a_col + bit / 32));
                        self.memory_problem(e, ", reading zeros")?;
                    }
                    let cell = self.eng.asyncs.tmem.cells[idx];
                    a[(r * k + kk) as usize] = if a_bits == 32 {
                        cell
                    } else {
                        (cell >> (bit % 32)) & ((1 << a_bits) - 1)
                    };
                }
            }
            a
        } else {
            let desc = self.read(&ops[1], PtxType::B64)?;
            let d = self.desc_of(ins, &ops[1], desc, "a-desc")?;
            self.smem_matrix(ins, &ops[1], d, a_bits, !id.trans.0, (mu, ku), "A")?
        };
        // B: K×N, read as N×K, then [k][n].
        let desc = self.read(&ops[2], PtxType::B64)?;
        let d = self.desc_of(ins, &ops[2], desc, "b-desc")?;
        let bt = self.smem_matrix(ins, &ops[2], d, id.b.bits(), !id.trans.1, (nu, ku), "B")?;
        let mut b = vec![0u32; ku * nu];
        for j in 0..nu {
            for t in 0..ku {
                b[t * nu + j] = bt[j * ku + t];
            }
        }
        // "disable-output-lane ... forms a mask where each bit corresponds
        // to a lane of the Tensor Memory, with least significant bit of the
        // first element of the vector ... corresponding to the lane 0";
        // ".cta_group ::1: Size of the vector 4".
        let mut mask = 0u128;
        if mask_at {
            let OperandKind::Vector(v) = &ops[4].kind else {
                unreachable!()
            };
            if v.len() != 4 {
                return Err(err(ops[4].span.clone(), format!("`{}`: disable-output-lane is a vector of 4 .b32 registers with .cta_group::1", ins.opcode)));
            }
            for (i, o) in v.iter().enumerate() {
                mask |= u128::from(self.read(o, PtxType::B32)? as u32) << (32 * i);
            }
        }
        // "D = A*B is issued when the input predicate argument
        // enable-input-d is false."
        let en = &ops[rest];
        let enable = match en.kind {
            OperandKind::Imm(_) => self.read(en, PtxType::U32)? != 0,
            _ => self.read(en, PtxType::Pred)? & 1 == 1,
        };
        let dmask: u32 = if id.d16 { 0xffff } else { u32::MAX };
        let mut c = vec![0u32; mu * nu];
        if enable {
            for r in 0..m {
                let l = row_lane(m, d_lane, r);
                for j in 0..n {
                    let idx = Tmem::index(l, d_col + j);
                    if !self.eng.asyncs.tmem.written[idx] {
                        let e = Diagnostic::error(ops[0].span.clone(), format!("`{}` accumulates into lane {l}, column {} of the Tensor Memory, which was never written (enable-input-d is true)", ins.opcode, d_col + j));
                        self.memory_problem(e, ", reading zeros")?;
                    }
                    // "if the type of elements of the matrix D is 16 bits
                    // then a Tensor Memory word would contain a single
                    // 16-bit element in its lower 16 bits".
                    c[(r * n + j) as usize] = self.eng.asyncs.tmem.cells[idx] & dmask;
                }
            }
        }
        let out = match (id.a, id.b) {
            (Elem::Float(fa), Elem::Float(fb)) => {
                let neg = |x: u32, bits: u32, on: bool| if on { x ^ (1 << (bits - 1)) } else { x };
                let na: Vec<u32> = a.iter().map(|&x| neg(x, a_bits, id.neg.0)).collect();
                let nb: Vec<u32> = b.iter().map(|&x| neg(x, id.b.bits(), id.neg.1)).collect();
                self.tcgen05_float(ins, &id, k, (fa, fb), (&na, &nb, &c))?
            }
            (ea, eb) => {
                let val = |e: Elem, x: u32| -> i64 {
                    if e == Elem::S8 {
                        i64::from(x as u8 as i8)
                    } else {
                        i64::from(x as u8)
                    }
                };
                // "Saturate for integer types": clamped to the s32 range.
                super::mma::int_gemm_by(mu, nu, ku, (&a, &b, &c), id.saturate, |x, y| {
                    val(ea, x) * val(eb, y)
                })
            }
        };
        for r in 0..m {
            let l = row_lane(m, d_lane, r);
            if (mask >> l) & 1 == 1 {
                continue;
            }
            for j in 0..n {
                let idx = Tmem::index(l, d_col + j);
                self.eng.asyncs.tmem.cells[idx] = out[(r * n + j) as usize] & dmask;
                self.eng.asyncs.tmem.written[idx] = true;
            }
        }
        self.trace(
            ins,
            &[
                (u64::from(d_addr), PtxType::B32),
                (u64::from(idesc_v), PtxType::B32),
            ],
            None,
        );
        Ok(())
    }

    /// A descriptor operand's fields, or the error naming what is wrong.
    fn desc_of(&self, ins: &Instr, op: &Operand, v: u64, what: &str) -> Result<Desc, RunError> {
        blackwell_desc(v).map_err(|why| {
            RunError::Program(
                Diagnostic::error(
                    op.span.clone(),
                    format!("`{}`: the {what} {v:#018x}: {why}", ins.opcode),
                )
                .with_help("9.7.16.4.1 \"Shared memory descriptor\", Table 40"),
            )
        })
    }

    /// `D = A·B + C` by the tensor-core model of the device (B200 for
    /// sm_100), the published model, as `wgmma` and `mma.sync` use.
    fn tcgen05_float(
        &self,
        ins: &Instr,
        id: &Idesc,
        k: u32,
        (fa, fb): (InFormat, InFormat),
        (a, b, c): (&[u32], &[u32], &[u32]),
    ) -> Result<Vec<u32>, RunError> {
        let device = self.exec.device;
        let refuse = |msg: String, help: &str| {
            RunError::Program(Diagnostic::error(ins.opcode_span.clone(), msg).with_help(help))
        };
        let gpu = gpu_of(device)
            .map_err(|e| refuse(format!("`{}`: {e}", ins.opcode), "run with --device sm_100"))?;
        let out = if id.d16 {
            OutFormat::F16
        } else {
            OutFormat::F32
        };
        // A .tf32 element is the top 19 bits of its 32: as for mma.sync.
        let (a, b) = super::mma::model_inputs(ins, gpu, (fa, fb), a, b)?;
        let (m, n) = (id.m as usize, id.n as usize);
        Arith::mixed(gpu, fa, fb, out, Instruction::Published)
            .and_then(|arith| arith.gemm_threads(1, Gemm::new((m, n, k as usize), &a, &b, c)?))
            .map_err(|e| {
                refuse(
                    format!("`{}` on an {device} device: {e}", ins.opcode),
                    "`ptxfp mma gpus` lists the format pairs each GPU's model has",
                )
            })
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn fragments_cover_each_cell_once() {
        // Per .x1 access, 32 threads × regs cover lanes × (bits / 32)
        // columns exactly once.
        for (shape, regs, cols) in [
            (Shape::S32x32b, 1, 1),
            (Shape::S16x64b, 1, 2),
            (Shape::S16x128b, 2, 4),
            (Shape::S16x256b, 4, 8),
        ] {
            let lanes = shape.lanes();
            let mut seen = vec![0; (lanes * cols) as usize];
            for t in 0..32 {
                for i in 0..regs {
                    let (l, c) = fragment(shape, t, i);
                    assert!(l < lanes && c < cols, "{shape:?} t{t} r{i}");
                    seen[(l * cols + c) as usize] += 1;
                }
            }
            assert!(seen.iter().all(|&s| s == 1), "{shape:?}");
        }
    }

    #[test]
    fn descriptors() {
        let d = 1u64 << 46 | (0x400 >> 4) | (1 << 16) | ((1024u64 >> 4) << 32) | (2 << 61);
        assert_eq!(
            blackwell_desc(d),
            Ok(Desc {
                start: 0x400,
                lbo: 16,
                sbo: 1024,
                base: 0,
                swizzle: 128
            })
        );
        assert_eq!(blackwell_desc(1 << 46 | 4 << 61).unwrap().swizzle, 64);
        assert_eq!(blackwell_desc(1 << 46 | 6 << 61).unwrap().swizzle, 32);
        assert!(blackwell_desc(0).unwrap_err().contains("0b001"));
        assert!(blackwell_desc(1 << 46 | 3 << 61)
            .unwrap_err()
            .contains("invalid"));
        assert!(blackwell_desc(1 << 46 | 1 << 61)
            .unwrap_err()
            .contains("atomicity"));
        assert!(blackwell_desc(1 << 46 | 1 << 52)
            .unwrap_err()
            .contains("sm_103a"));
    }

    #[test]
    fn instruction_descriptors() {
        // f16 x f16 -> f32, M 128, N 256.
        let v = 1 << 4 | (256 >> 3) << 17 | (128 >> 4) << 24;
        let d = idesc(Kind::F16, v).unwrap();
        assert_eq!((d.m, d.n, d.d16), (128, 256, false));
        assert_eq!(d.a, Elem::Float(InFormat::F16));
        assert!(idesc(Kind::F16, v | 1 << 2)
            .unwrap_err()
            .contains("Sparsity"));
        assert!(idesc(Kind::F16, v | 1 << 23)
            .unwrap_err()
            .contains("reserved"));
        assert!(idesc(Kind::Tf32, v).unwrap_err().contains("atype"));
        assert!(idesc(Kind::F16, (v & !(0x1f << 24)) | 2 << 24)
            .unwrap_err()
            .contains("M"));
        assert!(idesc(Kind::I8, 2 << 4 | 1 << 13 | 1 << 17 | 8 << 24)
            .unwrap_err()
            .contains("Negate"));
        assert!(idesc(Kind::I8, 2 << 4 | 5 << 17 | 8 << 24)
            .unwrap_err()
            .contains("N"));
        assert!(idesc(Kind::I8, 2 << 4 | 6 << 17 | 8 << 24).is_ok());
        assert!(idesc(Kind::F8f6f4, 1 << 4 | 3 << 7 | 1 << 17 | 8 << 24)
            .unwrap_err()
            .contains("E2M3"));
    }
}
