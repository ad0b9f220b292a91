//! The warp-level matrix instructions beside `mma.sync`: `ldmatrix`,
//! `stmatrix`, `movmatrix` (PTX ISA 9.7.14.5.15 to 9.7.14.5.17) and
//! `wmma.load`, `wmma.store`, `wmma.mma` (9.7.14.4), run for a whole warp
//! (decoded in crates/isa/src/matrix.rs; docs/ENGINE.md "Tensor cores:
//! ldmatrix, stmatrix, movmatrix" and "Tensor cores: wmma").
//!
//! WMMA fragments: "The distribution of fragments loaded by the threads in
//! a warp is unspecified and is target architecture dependent". The
//! engine's choice, awaiting GPU data, is the layout the `mma.sync`
//! fragments give on sm_80 and later ([`wmma_at`]): A in tiles of 16 rows
//! (or one of 8) each the m16n8k* A fragment ([`a_at`]), B in tiles of 8
//! columns each the B fragment ([`b_at`]), C and D in 16×8 (or 8×8) tiles
//! of the C fragment ([`c_at`]), tiles in row-major order. The `.f16`
//! A and B fragments, eight `.f16x2` registers whatever the shape, repeat
//! the distinct registers cyclically.

use super::mma::{a_at, b_at, c_at, fma_chain_gemm, gpu_of, whole_warp};
use super::Region;
use crate::{err, unread, Machine, RunError, WARP_SIZE};
use ptxfp_front::module::{Instr, Operand, OperandKind};
use ptxfp_isa::diag::Diagnostic;
use ptxfp_isa::form::Form;
use ptxfp_isa::matrix::{Layout, LdSt, Matrix, WType, Which, WmmaMem, WmmaMma};
use ptxfp_isa::space::Space;
use ptxfp_isa::types::PtxType;
use ptxfp_tc::{f16_to_f32_bits, InFormat, Model, OutFormat};

/// How a WMMA fragment sits in its registers.
#[derive(Clone, Copy, Debug)]
pub(crate) struct Frag {
    /// Rows and columns of the matrix.
    pub rows: usize,
    pub cols: usize,
    /// Registers in the operand's vector.
    pub regs: usize,
    /// Registers that hold distinct elements (the others repeat them).
    pub distinct: usize,
    /// Elements per register.
    pub per: usize,
    /// Bits per element.
    pub bits: u32,
}

/// The fragment of matrix `which` of type `ty` in a `wmma` of `shape`
/// (PTX ISA 9.7.14.4.1 "Matrix Fragments for WMMA": ".f16 A or B: A
/// vector expression of eight .f16x2 registers"; ".f16 C or D: four
/// .f16x2 registers"; ".f32: eight .f32 registers"; ".bf16 .m16n16k16 A:
/// four .b32 registers, with each register containing two elements";
/// ".u8 or .s8 .m8n32k16 A: a single .b32 register containing four
/// elements"; ".f64 .m8n8k4 A or B: a single .f64 register"; ".u4 or
/// .s4 .m8n8k32: a single .b32 register, containing eight elements";
/// ".b1 .m8n8k128: ... 32 elements"; ".s32: eight .s32 registers" (two for
/// .m8n8k32 and .m8n8k128). Every count but `.f16` A/B is the matrix's
/// elements over 32 threads; the `.f64` accumulator, written "a single
/// .f64 register" in the table, is two in the ISA's own example `{c0,
/// c1}` and in 64 elements over 32 threads.
pub(crate) fn frag(which: Which, shape: (u8, u8, u8), ty: WType) -> Frag {
    let (m, n, k) = (shape.0 as usize, shape.1 as usize, shape.2 as usize);
    let (rows, cols) = match which {
        Which::A => (m, k),
        Which::B => (k, n),
        Which::C | Which::D => (m, n),
    };
    let bits = ty.bits();
    let per = if bits >= 32 { 1 } else { (32 / bits) as usize };
    let distinct = rows * cols / WARP_SIZE / per;
    let regs = match (which, ty) {
        (Which::A | Which::B, WType::F16) => 8,
        _ => distinct,
    };
    Frag {
        rows,
        cols,
        regs,
        distinct,
        per,
        bits,
    }
}

/// Where element `e` of distinct register `r` of lane `lane`'s fragment of
/// matrix `which` sits, `(row, col)`: the engine's layout (module doc).
pub(crate) fn wmma_at(which: Which, f: &Frag, lane: usize, r: usize, e: usize) -> (usize, usize) {
    let per = f.per;
    match which {
        Which::A => {
            if f.rows == 8 {
                // The rows `groupID` of the A fragment: its even registers.
                let (row, col) = a_at(per, lane, 2 * r * per + e);
                (row, col)
            } else {
                let tile_regs = 2 * f.cols / (4 * per);
                let (row, col) = a_at(per, lane, (r % tile_regs) * per + e);
                (16 * (r / tile_regs) + row, col)
            }
        }
        Which::B => {
            let tile_regs = f.rows / (4 * per);
            let (row, col) = b_at(per, lane, (r % tile_regs) * per + e);
            (row, 8 * (r / tile_regs) + col)
        }
        Which::C | Which::D => {
            // Element i of the accumulator fragment.
            let i = r * per + e;
            if f.rows == 8 {
                let (row, col) = c_at(lane, i % 2);
                (row, 8 * (i / 2) + col)
            } else {
                let tile = i / 4;
                let across = f.cols / 8;
                let (row, col) = c_at(lane, i % 4);
                (16 * (tile / across) + row, 8 * (tile % across) + col)
            }
        }
    }
}

/// The register type an operand of `ty` elements is read and written as.
fn reg_type(ty: WType, which: Which) -> PtxType {
    match (ty, which) {
        (WType::F64, _) => PtxType::F64,
        (WType::F32, _) => PtxType::F32,
        (WType::S32, _) => PtxType::S32,
        (WType::F16, Which::C | Which::D) => PtxType::F16x2,
        _ => PtxType::B32,
    }
}

fn field(v: u64, e: usize, bits: u32) -> u64 {
    if bits == 64 {
        v
    } else {
        (v >> (e as u32 * bits)) & ((1u64 << bits) - 1)
    }
}

impl Machine<'_, '_> {
    /// A matrix instruction for the threads `on` of one warp.
    pub(crate) fn matrix(&mut self, ins: &Instr, m: Matrix, on: &[usize]) -> Result<(), RunError> {
        whole_warp(ins, on)?;
        let device = self.exec.device;
        let need = m.requires().1;
        if !device.at_least(need.sm) {
            return Err(RunError::Program(
                Diagnostic::error(
                    ins.opcode_span.clone(),
                    format!(
                        "`{}` requires {need} or higher; the device is {device}",
                        ins.opcode
                    ),
                )
                .with_help(format!("run with --device {need} or newer")),
            ));
        }
        match m {
            Matrix::Ld(l) => self.ldmatrix(ins, l, on, false),
            Matrix::St(l) => self.ldmatrix(ins, l, on, true),
            Matrix::Mov => self.movmatrix(ins, on),
            Matrix::WmmaLoad(w) => self.wmma_mem(ins, w, on, false),
            Matrix::WmmaStore(w) => self.wmma_mem(ins, w, on, true),
            Matrix::WmmaMma(w) => self.wmma_mma(ins, w, on),
        }
    }

    /// Operand `i`, a `{...}` vector of `want` registers.
    fn vector<'o>(
        &self,
        ins: &'o Instr,
        i: usize,
        want: usize,
        what: &str,
    ) -> Result<&'o [Operand<'o>], RunError> {
        match ins.operands.get(i).map(|o| &o.kind) {
            Some(OperandKind::Vector(v)) if v.len() == want => Ok(v),
            _ => Err(err(
                ins.operands
                    .get(i)
                    .map_or(ins.opcode_span.clone(), |o| o.span.clone()),
                format!(
                    "`{}`: operand {} is {what}, a vector of {want} register{} `{{r0{}}}`",
                    ins.opcode,
                    i + 1,
                    if want == 1 { "" } else { "s" },
                    if want == 1 { "" } else { ", ..." }
                ),
            )),
        }
    }

    fn operand_count(&self, ins: &Instr, n: &[usize], form: &str) -> Result<(), RunError> {
        if n.contains(&ins.operands.len()) {
            return Ok(());
        }
        Err(err(
            ins.opcode_span.clone(),
            format!(
                "`{}` takes {} operands: `{form}`",
                ins.opcode,
                n.iter()
                    .map(|x| x.to_string())
                    .collect::<Vec<_>>()
                    .join(" or ")
            ),
        ))
    }

    /// `n` bytes at `a` (a load that was never given or written: the
    /// error, or with --check-memory a warning and zeros).
    fn matrix_read(
        &mut self,
        ins: &Instr,
        at: &Operand,
        space: Option<Space>,
        a: u64,
        n: u32,
    ) -> Result<u64, RunError> {
        self.read_given(space, a, n, |bad| {
            unread(
                &at.span,
                ins.opcode,
                &format!("{n} bytes at {a:#x}"),
                bad,
                a,
            )
            .with_help(format!(
                "give it with --mem {a:#x}=HEXBYTES, or write it first"
            ))
        })
    }

    /// `ldmatrix` (`store` false) or `stmatrix` `.m8n8` `.b16`.
    ///
    /// PTX ISA 9.7.14.5.15/16: "The eight addresses required for each
    /// matrix are provided by eight threads, depending upon the value of
    /// .num ... Each address corresponds to the start of a matrix row.
    /// Addresses addr0–addr7 correspond to the rows of the first matrix,
    /// addresses addr8–addr15 correspond to the rows of the second matrix,
    /// and so on" (.x1: threads 0–7; .x2: 0–15; .x4: 0–31). "Each thread
    /// in a warp loads fragments of a row, with thread 0 receiving the
    /// first fragment in its register r, and so on. A group of four
    /// threads loads an entire row of the matrix": thread `l` holds, of
    /// matrix `q`, row `l / 4`, columns `2 * (l % 4)` and `+ 1` (the low
    /// half first), in register `r[q]`. "Optional qualifier .trans
    /// indicates that the matrix is loaded in column-major format": the
    /// address of row `i` is then the start of column `i`, and thread `l`
    /// holds elements `(l / 4, 2 * (l % 4) + j)` of the matrix whose
    /// column `c` is at address `addr[c]`. stmatrix stores the same
    /// elements from its registers.
    fn ldmatrix(
        &mut self,
        ins: &Instr,
        l: LdSt,
        on: &[usize],
        store: bool,
    ) -> Result<(), RunError> {
        let (name, form) = if store {
            (
                "stmatrix",
                "stmatrix.sync.aligned.m8n8.NUM.b16 [p], {r0, ...};",
            )
        } else {
            (
                "ldmatrix",
                "ldmatrix.sync.aligned.m8n8.NUM.b16 {r0, ...}, [p];",
            )
        };
        self.operand_count(ins, &[2], form)?;
        let num = usize::from(l.num);
        let (ri, pi) = if store { (1, 0) } else { (0, 1) };
        let regs = self.vector(ins, ri, num, "the registers of the matrices")?;
        let addr_op = &ins.operands[pi];
        // Each row's address, from the threads that provide them.
        let mut addrs = [0u64; 32];
        for (i, a) in addrs.iter_mut().enumerate().take(8 * num) {
            self.lane = on[i];
            let (addr, _) = self.address(addr_op)?;
            // "a group of four consecutive threads loads 16 bytes. The
            // matrix addresses must be naturally aligned accordingly."
            if addr % 16 != 0 {
                self.memory_problem(
                    Diagnostic::error(
                        addr_op.span.clone(),
                        format!("misaligned access: `{}` row address {addr:#x} of thread {i} is not a multiple of 16 (a row of 8 .b16 elements)", ins.opcode),
                    ),
                    ", accessing the bytes at that address",
                )?;
            }
            // "from .shared state space ... If the generic address doesn't
            // fall in .shared state space, then the behavior is undefined."
            let shared = self.region(addr) == Some(Region::Shared)
                && self.region(addr.wrapping_add(15)) == Some(Region::Shared);
            if !shared {
                return Err(RunError::Program(
                    Diagnostic::error(
                        addr_op.span.clone(),
                        format!("`{}`: row address {addr:#x} of thread {i} is not in a .shared variable ({name} reaches .shared memory only)", ins.opcode),
                    )
                    .with_help("address a .shared array (cvta.to.shared or the variable itself)"),
                ));
            }
            *a = addr;
        }
        // The matrices' rows as memory has them: rows[q][i][c].
        let mut rows = vec![[[0u16; 8]; 8]; num];
        let at_row = |lane: usize, j: usize| -> (usize, usize) { (lane / 4, 2 * (lane % 4) + j) };
        if !store {
            for q in 0..num {
                for i in 0..8 {
                    let a = addrs[8 * q + i];
                    let lo = self.matrix_read(ins, addr_op, Some(Space::Shared), a, 8)?;
                    let hi = self.matrix_read(ins, addr_op, Some(Space::Shared), a + 8, 8)?;
                    for (c, e) in rows[q][i].iter_mut().enumerate() {
                        let w = if c < 4 { lo } else { hi };
                        *e = (w >> (16 * (c % 4))) as u16;
                    }
                }
            }
            for &lane in on {
                self.lane = lane;
                let l_ = lane % WARP_SIZE;
                let mut first = 0;
                for (q, r) in regs.iter().enumerate() {
                    let mut v = 0u64;
                    for j in 0..2 {
                        let (i, c) = at_row(l_, j);
                        let e = if l.trans {
                            rows[q][c][i]
                        } else {
                            rows[q][i][c]
                        };
                        v |= u64::from(e) << (16 * j);
                    }
                    self.write(r, PtxType::B32, v)?;
                    if q == 0 {
                        first = v;
                    }
                }
                self.trace(
                    ins,
                    &[(addrs[l_ % (8 * num)], PtxType::B64)],
                    Some((first, PtxType::B32)),
                );
            }
        } else {
            for &lane in on {
                self.lane = lane;
                let l_ = lane % WARP_SIZE;
                for (q, r) in regs.iter().enumerate() {
                    let v = self.read(r, PtxType::B32)?;
                    for j in 0..2 {
                        let (i, c) = at_row(l_, j);
                        let e = (v >> (16 * j)) as u16;
                        if l.trans {
                            rows[q][c][i] = e;
                        } else {
                            rows[q][i][c] = e;
                        }
                    }
                }
                self.trace(ins, &[], None);
            }
            for q in 0..num {
                for i in 0..8 {
                    let a = addrs[8 * q + i];
                    for (c, e) in rows[q][i].iter().enumerate() {
                        let b = a + 2 * c as u64;
                        self.mem_in_mut(Some(Space::Shared), b)
                            .write(b, 2, u64::from(*e));
                    }
                }
            }
        }
        Ok(())
    }

    /// `movmatrix.sync.aligned.m8n8.trans.b16 d, a` (9.7.14.5.17): "Each
    /// thread in a warp holds a fragment of a row of the input matrix,
    /// with thread 0 holding the first fragment in register a, and so on.
    /// A group of four threads holds an entire row of the input matrix";
    /// "Each thread in a warp holds a fragment of a column of the result
    /// matrix, with thread 0 holding the first fragment in register d, and
    /// so on. A group of four threads holds an entire column": thread `l`'s
    /// `a` holds M[l / 4][2 * (l % 4) + j], its `d` the transpose's
    /// elements at the same places, M[2 * (l % 4) + j][l / 4].
    fn movmatrix(&mut self, ins: &Instr, on: &[usize]) -> Result<(), RunError> {
        self.operand_count(ins, &[2], "movmatrix.sync.aligned.m8n8.trans.b16 d, a;")?;
        let mut m = [[0u16; 8]; 8];
        let mut srcs = [0u64; 32];
        for &lane in on {
            self.lane = lane;
            let l = lane % WARP_SIZE;
            let v = self.read(&ins.operands[1], PtxType::B32)?;
            srcs[l] = v;
            for j in 0..2 {
                m[l / 4][2 * (l % 4) + j] = (v >> (16 * j)) as u16;
            }
        }
        for &lane in on {
            self.lane = lane;
            let l = lane % WARP_SIZE;
            let v = (0..2).fold(0u64, |v, j| {
                v | u64::from(m[2 * (l % 4) + j][l / 4]) << (16 * j)
            });
            self.write(&ins.operands[0], PtxType::B32, v)?;
            self.trace(ins, &[(srcs[l], PtxType::B32)], Some((v, PtxType::B32)));
        }
        Ok(())
    }

    /// `wmma.load` (`store` false) and `wmma.store` (9.7.14.4.3/4): the
    /// matrix at `p`, row `r` column `c` at element `r * stride + c`
    /// (`.row`) or `c * stride + r` (`.col`) ("stride ... provides an
    /// offset in terms of matrix elements between the start of consecutive
    /// instances of the leading dimension"; "The default value of the
    /// stride is the size of the leading dimension of the matrix"),
    /// element `x` at bits `x * bits` of little-endian memory.
    fn wmma_mem(
        &mut self,
        ins: &Instr,
        w: WmmaMem,
        on: &[usize],
        store: bool,
    ) -> Result<(), RunError> {
        let form = if store {
            "wmma.store.d.sync.aligned.LAYOUT.SHAPE.TYPE [p], {r0, ...}{, stride};"
        } else {
            "wmma.load.X.sync.aligned.LAYOUT.SHAPE.TYPE {r0, ...}, [p]{, stride};"
        };
        self.operand_count(ins, &[2, 3], form)?;
        let f = frag(w.which, w.shape, w.ty);
        let (ri, pi) = if store { (1, 0) } else { (0, 1) };
        let regs = self.vector(ins, ri, f.regs, "the fragment")?;
        let addr_op = &ins.operands[pi];
        let lead = match w.layout {
            Layout::Row => f.cols,
            Layout::Col => f.rows,
        };
        // "The behavior of wmma.load is undefined if all threads do not use
        // the same qualifiers and the same values of p and stride".
        let mut pv: Option<(u64, u64)> = None;
        for &lane in on {
            self.lane = lane;
            let (p, _) = self.address(addr_op)?;
            let stride = match ins.operands.get(2) {
                Some(s) => self.read(s, PtxType::U32)?,
                None => lead as u64,
            };
            match pv {
                None => pv = Some((p, stride)),
                Some(v) if v == (p, stride) => {}
                Some((p0, s0)) => {
                    return Err(err(
                        addr_op.span.clone(),
                        format!("`{}`: the threads of the warp give different addresses or strides ({p0:#x}, {s0} in the first, {p:#x}, {stride} in lane {}); all must give the same", ins.opcode, lane % WARP_SIZE),
                    ))
                }
            }
        }
        let (p, stride) = pv.unwrap_or((0, lead as u64));
        // "Specifying a value lower than the default value results in
        // undefined behavior."
        if stride < lead as u64 {
            return Err(err(
                ins.operands
                    .get(2)
                    .map_or(addr_op.span.clone(), |s| s.span.clone()),
                format!(
                    "`{}`: stride {stride} is below the leading dimension {lead} of the matrix",
                    ins.opcode
                ),
            ));
        }
        // "The starting address of each instance of the leading dimension
        // (row or column) must be aligned with the size of the
        // corresponding fragment in bytes." Taken literally this rejects
        // the default stride of some forms (`.m8n32k16` A `.col`: 8 `.f16`,
        // 16 bytes a column, in a 32-byte fragment), so the engine asks
        // for the smaller of the fragment's size and the default leading
        // dimension's size in bytes (docs/ENGINE.md "Tensor cores: wmma").
        let reg_bytes = if f.bits == 64 { 8 } else { 4 };
        let lead_bytes = (lead as u64 * u64::from(f.bits)).div_ceil(8);
        let frag_bytes = ((f.regs * reg_bytes) as u64).min(lead_bytes);
        let stride_bits = stride * u64::from(f.bits);
        if p % frag_bytes != 0 || stride_bits % (8 * frag_bytes) != 0 {
            self.memory_problem(
                Diagnostic::error(
                    addr_op.span.clone(),
                    format!("misaligned access: `{}` needs the address ({p:#x}) and the stride in bytes ({stride} elements of {} bits) to be multiples of {frag_bytes} bytes (the fragment's size, or a row or column of the default stride where that is smaller)", ins.opcode, f.bits),
                ),
                ", accessing the bytes at that address",
            )?;
        }
        // "wmma.load operation may be used only with .global and .shared
        // spaces and with generic addressing, where the address points to
        // .global or .shared space."
        let outer = match w.layout {
            Layout::Row => f.rows,
            Layout::Col => f.cols,
        } as u64;
        let span_bits = ((outer - 1) * stride + lead as u64) * u64::from(f.bits);
        let last = p.wrapping_add(span_bits.div_ceil(8).saturating_sub(1));
        for a in [p, last] {
            let region = self.region(a);
            let ok = match w.space {
                Some(Space::Shared) => region == Some(Region::Shared),
                Some(_) => region.is_none(),
                None => region.is_none() || region == Some(Region::Shared),
            };
            if !ok {
                return Err(err(
                    addr_op.span.clone(),
                    format!(
                        "`{}`: address {a:#x} is not in {} memory",
                        ins.opcode,
                        match w.space {
                            Some(Space::Shared) => ".shared",
                            Some(_) => ".global",
                            None => ".global or .shared",
                        }
                    ),
                ));
            }
        }
        let place = |r: usize, c: usize| -> (u64, u32) {
            let x = match w.layout {
                Layout::Row => r as u64 * stride + c as u64,
                Layout::Col => c as u64 * stride + r as u64,
            } * u64::from(f.bits);
            (p.wrapping_add(x / 8), (x % 8) as u32)
        };
        let rty = reg_type(w.ty, w.which);
        let mut mat = vec![0u64; f.rows * f.cols];
        if !store {
            for r in 0..f.rows {
                for c in 0..f.cols {
                    let (a, sh) = place(r, c);
                    let v = self.matrix_read(ins, addr_op, w.space, a, f.bits.div_ceil(8))?;
                    mat[r * f.cols + c] = field(v >> sh, 0, f.bits);
                }
            }
            for &lane in on {
                self.lane = lane;
                let l = lane % WARP_SIZE;
                let mut first = 0;
                for (ri, op) in regs.iter().enumerate() {
                    let mut v = 0u64;
                    for e in 0..f.per {
                        let (r, c) = wmma_at(w.which, &f, l, ri % f.distinct, e);
                        v |= mat[r * f.cols + c] << (e as u32 * f.bits);
                    }
                    self.write(op, rty, v)?;
                    if ri == 0 {
                        first = v;
                    }
                }
                self.trace(ins, &[(p, PtxType::B64)], Some((first, rty)));
            }
        } else {
            for &lane in on {
                self.lane = lane;
                let l = lane % WARP_SIZE;
                for (ri, op) in regs.iter().enumerate().take(f.distinct) {
                    let v = self.read(op, rty)?;
                    for e in 0..f.per {
                        let (r, c) = wmma_at(w.which, &f, l, ri, e);
                        mat[r * f.cols + c] = field(v, e, f.bits);
                    }
                }
                self.trace(ins, &[(p, PtxType::B64)], None);
            }
            let n = f.bits / 8;
            // --check-memory: the first element outside memory reported.
            let mut reported = false;
            for r in 0..f.rows {
                for c in 0..f.cols {
                    let (a, _) = place(r, c);
                    if !reported {
                        reported =
                            self.check_store(w.space, a, n.into(), ins.opcode, &addr_op.span)?;
                    }
                    self.mem_in_mut(w.space, a).write(a, n, mat[r * f.cols + c]);
                }
            }
        }
        Ok(())
    }

    /// `wmma.mma` (9.7.14.4.5): "Perform a warp-level matrix
    /// multiply-and-accumulate computation D = A * B + C". Each element of
    /// D is computed as `mma.sync` computes one (crates/interp/src/mma.rs):
    /// the device's tensor-core model's inner product of a row of A and a
    /// column of B (all K in one call: K = 16 as `mma.sync` m16n8k16, K = 8
    /// as m16n8k8 `.tf32`) with its element of C; the integer forms exact,
    /// wrapped or clamped; `.f64` a chain of `fma.RND.f64` over k = 0..3 as
    /// `mma.sync` m8n8k4 `.f64`; `.b1` the popcount of `.and`/`.xor`.
    fn wmma_mma(&mut self, ins: &Instr, w: WmmaMma, on: &[usize]) -> Result<(), RunError> {
        self.operand_count(
            ins,
            &[4],
            "wmma.mma.sync.aligned.ALAYOUT.BLAYOUT.SHAPE.DTYPE.CTYPE d, a, b, c;",
        )?;
        let at = ins.opcode_span.clone();
        let refuse = |msg: String, help: &str| {
            RunError::Program(Diagnostic::error(at.clone(), msg).with_help(help))
        };
        // The `.f16` forms' `.satfinite` (PTX ISA 6.0 to 6.4): valid
        // there, but which finite value an infinity or a NaN becomes is
        // not written in any text ptxfp has.
        if w.satfinite && w.a == WType::F16 {
            return Err(refuse(
                format!("`{}`: ptxfp does not run `.satfinite` on floating-point `wmma.mma` (PTX ISA 6.0 to 6.4): what it makes of an infinity or a NaN is not documented", ins.opcode),
                "leave `.satfinite` out (PTX ISA 6.5 removed it)",
            ));
        }
        let (m, n, k) = (w.shape.0 as usize, w.shape.1 as usize, w.shape.2 as usize);
        let fd = frag(Which::D, w.shape, w.d);
        let fa = frag(Which::A, w.shape, w.a);
        let fb = frag(Which::B, w.shape, w.b);
        let fc = frag(Which::C, w.shape, w.c);
        let dv = self.vector(ins, 0, fd.regs, "D's fragment")?;
        let av = self.vector(ins, 1, fa.regs, "A's fragment")?;
        let bv = self.vector(ins, 2, fb.regs, "B's fragment")?;
        let cv = self.vector(ins, 3, fc.regs, "C's fragment")?;
        // The matrices from the threads' distinct registers.
        let mut mats = [vec![0u64; m * k], vec![0u64; k * n], vec![0u64; m * n]];
        for &lane in on {
            self.lane = lane;
            let l = lane % WARP_SIZE;
            for (which, f, ops, mat, ty) in [
                (Which::A, &fa, av, 0, w.a),
                (Which::B, &fb, bv, 1, w.b),
                (Which::C, &fc, cv, 2, w.c),
            ] {
                for (ri, op) in ops.iter().enumerate().take(f.distinct) {
                    let v = self.read(op, reg_type(ty, which))?;
                    for e in 0..f.per {
                        let (r, c) = wmma_at(which, f, l, ri, e);
                        mats[mat][r * f.cols + c] = field(v, e, f.bits);
                    }
                }
            }
        }
        let [a, b, c] = mats;
        let d: Vec<u64> = match w.a {
            WType::F16 | WType::Bf16 | WType::Tf32 => {
                let input = match w.a {
                    WType::F16 => InFormat::F16,
                    WType::Bf16 => InFormat::Bf16,
                    _ => InFormat::Tf32,
                };
                let device = self.exec.device;
                let gpu = gpu_of(device).map_err(|e| {
                    refuse(
                        format!("`{}`: {e}", ins.opcode),
                        "run with --device sm_70, sm_80, sm_86, sm_89, sm_90 or sm_100",
                    )
                })?;
                // C in the model's format: an `.f16` C of an `.f32` D is
                // widened exactly; an `.f32` C of an `.f16` D has no model.
                let (out, c): (OutFormat, Vec<u32>) = match (w.d, w.c) {
                    (WType::F16, WType::F16) => (OutFormat::F16, c.iter().map(|&x| x as u32).collect()),
                    (WType::F32, WType::F32) => (OutFormat::F32, c.iter().map(|&x| x as u32).collect()),
                    (WType::F32, _) => (OutFormat::F32, c.iter().map(|&x| f16_to_f32_bits(x as u16)).collect()),
                    _ => {
                        return Err(refuse(
                            format!("`{}`: an .f16 D from an .f32 C is not in the tensor-core model (it rounds C to .f16 somewhere the PTX ISA does not say)", ins.opcode),
                            "use .f32.f32 or .f16.f16 accumulators",
                        ))
                    }
                };
                let model = Model::new(gpu, input, out).map_err(|e| {
                    refuse(
                        format!("`{}` on an {device} device: {e}", ins.opcode),
                        "`ptxfp mma gpus` lists the format pairs each GPU's model has",
                    )
                })?;
                // .tf32: as mma.sync (mma::model_inputs).
                let (a32, b32): (Vec<u32>, Vec<u32>) = (
                    a.iter().map(|&x| x as u32).collect(),
                    b.iter().map(|&x| x as u32).collect(),
                );
                let (a, b) = super::mma::model_inputs(ins, model.gpu, (input, input), &a32, &b32)?;
                super::mma::model_gemm(ins, (m, n, k), (&a, &b, &c), |g| model.gemm(g))?
                    .into_iter()
                    .map(u64::from)
                    .collect()
            }
            WType::F64 => {
                let fma = Form::parse(&format!("fma.{}.f64", w.rnd)).map_err(RunError::Program)?;
                fma_chain_gemm(&fma, (m, n, k), (&a, &b, &c), &self.exec)
            }
            _ => int_gemm(&w, m, n, k, &a, &b, &c),
        };
        let rd = reg_type(w.d, Which::D);
        for &lane in on {
            self.lane = lane;
            let l = lane % WARP_SIZE;
            let mut first = 0;
            for (ri, op) in dv.iter().enumerate() {
                let mut v = 0u64;
                for e in 0..fd.per {
                    let (r, c) = wmma_at(Which::D, &fd, l, ri, e);
                    v |= d[r * n + c] << (e as u32 * fd.bits);
                }
                self.write(op, rd, v)?;
                if ri == 0 {
                    first = v;
                }
            }
            self.trace(ins, &[], Some((first, rd)));
        }
        Ok(())
    }
}

/// The integer `wmma.mma`: `.s8`/`.u8`/`.s4`/`.u4` products summed exactly
/// with C, then "The output is clamped to the minimum or maximum 32-bit
/// signed integer value" with `.satfinite, "Otherwise, if the
/// accumulation would overflow, the value wraps"; `.b1`: "wmma.xor.popc and
/// wmma.and.popc computes the XOR, AND respectively of a 128-bit row of A
/// with a 128-bit column of B, then counts the number of set bits in the
/// result (popc). This result is added to the corresponding element of C".
fn int_gemm(
    w: &WmmaMma,
    m: usize,
    n: usize,
    k: usize,
    a: &[u64],
    b: &[u64],
    c: &[u64],
) -> Vec<u64> {
    let val = |t: WType, x: u64| -> i64 {
        match t {
            WType::S8 => i64::from(x as u8 as i8),
            WType::S4 => ((x as i64) << 60) >> 60,
            _ => x as i64,
        }
    };
    let mut d = vec![0u64; m * n];
    for i in 0..m {
        for j in 0..n {
            let mut s = i64::from(c[i * n + j] as u32 as i32);
            for t in 0..k {
                let (x, y) = (a[i * k + t], b[t * n + j]);
                s += match w.a {
                    WType::B1 if w.and => (x & y) as i64,
                    WType::B1 => (x ^ y) as i64,
                    _ => val(w.a, x) * val(w.b, y),
                };
            }
            d[i * n + j] = if w.satfinite {
                s.clamp(i64::from(i32::MIN), i64::from(i32::MAX)) as i32 as u32 as u64
            } else {
                s as u32 as u64
            };
        }
    }
    d
}

#[cfg(test)]
mod tests {
    use super::*;

    const SHAPES: [((u8, u8, u8), WType, WType); 10] = [
        ((16, 16, 16), WType::F16, WType::F32),
        ((32, 8, 16), WType::F16, WType::F16),
        ((8, 32, 16), WType::F16, WType::F32),
        ((16, 16, 16), WType::S8, WType::S32),
        ((32, 8, 16), WType::U8, WType::S32),
        ((8, 32, 16), WType::Bf16, WType::F32),
        ((16, 16, 8), WType::Tf32, WType::F32),
        ((8, 8, 4), WType::F64, WType::F64),
        ((8, 8, 32), WType::S4, WType::S32),
        ((8, 8, 128), WType::B1, WType::S32),
    ];

    /// Every element of every fragment is held by exactly `regs /
    /// distinct` registers over the warp, and the counts are the PTX ISA's.
    #[test]
    fn each_element_once_per_copy() {
        for (shape, ab, acc) in SHAPES {
            for (which, ty) in [(Which::A, ab), (Which::B, ab), (Which::C, acc)] {
                let f = frag(which, shape, ty);
                let mut seen = vec![0; f.rows * f.cols];
                for lane in 0..32 {
                    for r in 0..f.distinct {
                        for e in 0..f.per {
                            let (i, j) = wmma_at(which, &f, lane, r, e);
                            seen[i * f.cols + j] += 1;
                        }
                    }
                }
                assert!(seen.iter().all(|&x| x == 1), "{shape:?} {which:?} {ty:?}");
            }
        }
        // "A vector expression of eight .f16x2 registers" (A or B), "four
        // .f16x2" (C), "eight .f32"; ".bf16 .m8n32k16 A: two .b32"; ".s8
        // .m8n32k16 A: a single .b32", "B: four"; ".tf32 .m16n16k8 A: four";
        // ".f64 A: a single .f64"; ".s4 .m8n8k32: a single .b32", C two .s32.
        let regs = |w, s, t| frag(w, s, t).regs;
        assert_eq!(regs(Which::A, (8, 32, 16), WType::F16), 8);
        assert_eq!(regs(Which::C, (16, 16, 16), WType::F16), 4);
        assert_eq!(regs(Which::C, (8, 32, 16), WType::F32), 8);
        assert_eq!(regs(Which::A, (8, 32, 16), WType::Bf16), 2);
        assert_eq!(regs(Which::B, (8, 32, 16), WType::Bf16), 8);
        assert_eq!(regs(Which::A, (8, 32, 16), WType::S8), 1);
        assert_eq!(regs(Which::B, (8, 32, 16), WType::U8), 4);
        assert_eq!(regs(Which::A, (16, 16, 8), WType::Tf32), 4);
        assert_eq!(regs(Which::A, (8, 8, 4), WType::F64), 1);
        assert_eq!(regs(Which::C, (8, 8, 4), WType::F64), 2);
        assert_eq!(regs(Which::A, (8, 8, 32), WType::S4), 1);
        assert_eq!(regs(Which::C, (8, 8, 128), WType::S32), 2);
    }

    /// The choice: a wmma `.m16n16k16` fragment is the `mma.sync`
    /// m16n8k16 fragments, transcribed here from the PTX ISA (9.7.14.5.8):
    /// A "row = groupID for ai where 0 <= i < 2 || 4 <= i < 6, groupID + 8
    /// Otherwise; col = (threadID_in_group * 2) + (i & 0x1) for ai where
    /// i < 4, ... + 8 for ai where i >= 4"; B "row = (threadID_in_group *
    /// 2) + (i & 0x1) for bi where i < 2, ... + 8 for bi where i >= 2; col =
    /// groupID", the second 8 columns in registers 2 and 3; C the two 16×8
    /// tiles in registers 0–3 and 4–7.
    #[test]
    fn m16n16k16_is_two_m16n8k16_fragments() {
        let f16 = |w| frag(w, (16, 16, 16), WType::F16);
        let f32c = frag(Which::C, (16, 16, 16), WType::F32);
        for lane in 0..32 {
            let (g, t) = (lane >> 2, lane % 4);
            for i in 0..8 {
                let row = if i < 2 || (4..6).contains(&i) {
                    g
                } else {
                    g + 8
                };
                let col = t * 2 + (i & 1) + if i >= 4 { 8 } else { 0 };
                assert_eq!(
                    wmma_at(Which::A, &f16(Which::A), lane, i / 2, i % 2),
                    (row, col)
                );
                let brow = t * 2 + (i & 1) + if i % 4 >= 2 { 8 } else { 0 };
                let bcol = g + if i >= 4 { 8 } else { 0 };
                assert_eq!(
                    wmma_at(Which::B, &f16(Which::B), lane, i / 2, i % 2),
                    (brow, bcol)
                );
                let crow = if i % 4 < 2 { g } else { g + 8 };
                let ccol = t * 2 + (i & 1) + if i >= 4 { 8 } else { 0 };
                assert_eq!(wmma_at(Which::C, &f32c, lane, i, 0), (crow, ccol));
            }
        }
    }

    #[test]
    fn integer_and_bit_products() {
        let dec = |s: &str| match Matrix::decode(s) {
            Some(Ok(Matrix::WmmaMma(w))) => w,
            other => panic!("{other:?}"),
        };
        let w = dec("wmma.mma.sync.aligned.row.col.m8n8k32.s32.s4.s4.s32");
        // -8 * 7 + 7 * -1 + 5 = -58, by Rust's integers.
        let d = int_gemm(&w, 1, 1, 2, &[0x8, 0x7], &[0x7, 0xf], &[5]);
        assert_eq!(d[0] as u32 as i32, -8 * 7 - 7 + 5);
        let mut w = dec("wmma.mma.sync.aligned.row.col.m16n16k16.s32.s8.s8.s32.satfinite");
        let d = int_gemm(&w, 1, 1, 1, &[0x7f], &[0x7f], &[i32::MAX as u32 as u64]);
        assert_eq!(d[0] as u32 as i32, i32::MAX);
        w.satfinite = false;
        let d = int_gemm(&w, 1, 1, 1, &[0x7f], &[0x7f], &[i32::MAX as u32 as u64]);
        assert_eq!(d[0] as u32 as i32, i32::MAX.wrapping_add(127 * 127));
        let w = dec("wmma.mma.and.popc.sync.aligned.row.col.m8n8k128.s32.b1.b1.s32");
        let d = int_gemm(&w, 1, 1, 4, &[1, 1, 0, 1], &[1, 0, 1, 1], &[3]);
        assert_eq!(d[0], 3 + 2);
        let w = dec("wmma.mma.xor.popc.sync.aligned.row.col.m8n8k128.s32.b1.b1.s32");
        let d = int_gemm(&w, 1, 1, 4, &[1, 1, 0, 1], &[1, 0, 1, 1], &[3]);
        assert_eq!(d[0], 3 + 2);
    }
}
