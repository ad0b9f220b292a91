//! `mma.sync.aligned` for a warp: the fragments of A, B and C gathered
//! from the 32 threads' registers by the PTX ISA's layouts, each element
//! of `D = A·B + C` computed by the tensor-core model of the device
//! (crates/tc, docs/TENSOR_CORES.md), and D scattered back.
//!
//! PTX ISA 9.7.14.5.14 `mma`: "Perform a MxNxK matrix multiply and
//! accumulate operation, D = A*B+C, where the A matrix is MxK, the B matrix
//! is KxN, and the C and D matrices are MxN." "The registers in each thread
//! hold a fragment of matrix" (9.7.14.5.6 to 9.7.14.5.10, quoted at
//! [`a_at`], [`b_at`] and [`c_at`]); `.f64` is a chain of fused
//! multiply-adds (`Machine::mma_f64`). docs/ENGINE.md "Tensor cores:
//! mma.sync" says which model each device gets and what is refused.

use crate::{err, Machine, RunError, WARP_SIZE};
use ptxfp_front::module::{Instr, Operand, OperandKind};
use ptxfp_isa::control::{Mma, MmaBitOp, MmaType};
use ptxfp_isa::diag::Diagnostic;
use ptxfp_isa::form::Form;
use ptxfp_isa::target::Target;
use ptxfp_isa::types::PtxType;
use ptxfp_model::Eval;
use ptxfp_tc::{f16_to_f32_bits, Gemm, Gpu, InFormat, Model, OutFormat, SyncFp8};

/// Where element `i` of a thread's fragment of A sits in A, `(row, col)`,
/// for elements of `per` to a 32-bit register (2 for .f16/.bf16, 1 for
/// .tf32, 4 for 8-bit types). With `groupID = %laneid >> 2` and
/// `threadID_in_group = %laneid % 4`, the PTX ISA gives, per shape:
///
/// - m16n8k16 .f16/.bf16 (9.7.14.5.8): "row = groupID for ai where
///   0 <= i < 2 || 4 <= i < 6, groupID + 8 Otherwise; col =
///   (threadID_in_group * 2) + (i & 0x1) for ai where i < 4,
///   (threadID_in_group * 2) + (i & 0x1) + 8 for ai where i >= 4";
/// - m16n8k8 .f16/.bf16 (9.7.14.5.7): "row = groupID for a0 and a1,
///   groupID + 8 for a2 and a3; col = threadID_in_group * 2 + (i & 0x1)";
/// - m16n8k8 .tf32: "row = groupID for a0 and a2, groupID + 8 for a1 and
///   a3; col = threadID_in_group for a0 and a1, threadID_in_group + 4 for
///   a2 and a3";
/// - m16n8k4 .tf32 (9.7.14.5.6): "row = groupID for a0, groupID + 8 for
///   a1; col = threadID_in_group";
/// - m16n8k32 8-bit (9.7.14.5.10): "row = groupID for ai where
///   0 <= i < 4 || 8 <= i < 12, groupID + 8 otherwise; col =
///   (threadID_in_group * 4) + (i & 0x3) for ai where i < 8,
///   (threadID_in_group * 4) + (i & 0x3) + 16 for ai where i >= 8".
///
/// All are one rule in the register `r = i / per` and the place in it
/// `i % per`: registers alternate rows `groupID` and `groupID + 8`
/// (`r & 1`), each pair of registers covers the next `4 * per` columns,
/// of which thread `threadID_in_group` holds `per` adjacent ones. The
/// tests check this rule against each quoted formula.
pub(crate) fn a_at(per: usize, lane: usize, i: usize) -> (usize, usize) {
    let (g, t) = (lane >> 2, lane % 4);
    let (r, lo) = (i / per, i % per);
    (g + 8 * (r & 1), 4 * per * (r >> 1) + t * per + lo)
}

/// Where element `i` of a thread's fragment of B sits in B, `(row, col)`:
///
/// - m16n8k16 .f16/.bf16: "row = (threadID_in_group * 2) + (i & 0x1) for
///   bi where i < 2, (threadID_in_group * 2) + (i & 0x1) + 8 for bi where
///   i >= 2; col = groupID";
/// - m16n8k8 .f16/.bf16: "row = (threadID_in_group * 2) + i for bi where
///   i = {0, 1}; col = groupID";
/// - m16n8k8 .tf32: "row = threadID_in_group for b0, threadID_in_group + 4
///   for b1; col = groupID";
/// - m16n8k4 .tf32: "row = threadID_in_group; col = groupID";
/// - m16n8k32 8-bit: "row = (threadID_in_group * 4) + (i & 0x3) for bi
///   where i < 4, (threadID_in_group * 4) + (i & 0x3) + 16 for bi where
///   i >= 4; col = groupID".
///
/// One rule: register `r` covers rows `4 * per * r ..`, of which thread
/// `threadID_in_group` holds `per` adjacent ones, in column `groupID`.
pub(crate) fn b_at(per: usize, lane: usize, i: usize) -> (usize, usize) {
    let (g, t) = (lane >> 2, lane % 4);
    let (r, lo) = (i / per, i % per);
    (4 * per * r + t * per + lo, g)
}

/// Where element `i` of a thread's fragment of C (and D) sits, the same
/// for every shape here and for .f32, .f16 and .s32: "row = groupID for
/// ci where i < 2, groupID + 8 for ci where i >= 2; col =
/// (threadID_in_group * 2) + (i & 0x1) for ci where i = {0,..,3}".
pub(crate) fn c_at(lane: usize, i: usize) -> (usize, usize) {
    let (g, t) = (lane >> 2, lane % 4);
    (g + 8 * (i >> 1), 2 * t + (i & 1))
}

/// The tensor-core model's input format of an mma multiplicand type.
fn in_format(t: MmaType) -> Option<InFormat> {
    Some(match t {
        MmaType::F16 => InFormat::F16,
        MmaType::Bf16 => InFormat::Bf16,
        MmaType::Tf32 => InFormat::Tf32,
        MmaType::E4m3 => InFormat::E4m3,
        MmaType::E5m2 => InFormat::E5m2,
        _ => return None,
    })
}

/// The GPU whose tensor cores a device has: the crates/tc table's own
/// lookup by sm target (`Gpu::parse`: sm_70 V100, sm_80 A100, sm_86 A2,
/// sm_89 Ada, sm_90 H100, sm_100 B200, sm_120 RTX PRO 6000; the `a`/`f`
/// variants as their base target).
pub(crate) fn gpu_of(device: Target) -> Result<Gpu, String> {
    Gpu::parse(&format!("sm_{}", device.sm)).ok_or_else(|| {
        format!(
            "no tensor-core model for an {device} device: the models are of sm_70 (V100), sm_80 (A100), sm_86 (A2), sm_89 (Ada), sm_90 (H100), sm_100 (B200) and sm_120 (RTX PRO 6000) parts{}",
            // A later device runs the code: the next model up, whose
            // results are that GPU's.
            [80u16, 86, 89, 90, 100, 120]
                .into_iter()
                .find(|&sm| sm > device.sm)
                .map_or(String::new(), |sm| format!(
                    "; `--device sm_{sm}` runs the code on the next one, with that GPU's results"
                ))
        )
    })
}

/// A and B's elements as the tensor-core model takes them, the f32 bits of
/// each value (`fa`, `fb` their formats). The register of a .tf32 element
/// holds its 19 bits at the top of an f32 (InFormat::width); the ISA does
/// not say what the low 13 bits do. Where the GPU is measured to ignore
/// them (GpuRow::tf32_ignores_low_bits: Hopper) they are cleared;
/// elsewhere an element with any of them set is refused. One rule for
/// `mma.sync`, `wmma`, `wgmma` and `tcgen05.mma`.
pub(crate) fn model_inputs(
    ins: &Instr,
    gpu: Gpu,
    (fa, fb): (InFormat, InFormat),
    a: &[u32],
    b: &[u32],
) -> Result<(Vec<u32>, Vec<u32>), RunError> {
    let low = |f: InFormat, x: u32| f == InFormat::Tf32 && x & 0x1fff != 0;
    if !gpu.row().tf32_ignores_low_bits {
        let bad = a.iter().map(|&x| (fa, x)).chain(b.iter().map(|&x| (fb, x)));
        if let Some((_, x)) = bad.into_iter().find(|&(f, x)| low(f, x)) {
            return Err(RunError::Program(
                Diagnostic::error(
                    ins.opcode_span.clone(),
                    format!(
                        "`{}`: the .tf32 element {x:#010x} has nonzero low 13 bits (a .tf32 value is the top 19 bits of the register; only sm_90 is measured to ignore them)",
                        ins.opcode
                    ),
                )
                .with_help("convert with cvt.rna.tf32.f32 first"),
            ));
        }
    }
    let conv = |f: InFormat, x: u32| match f {
        InFormat::Tf32 => f.to_f32_bits(x >> 13),
        _ => f.to_f32_bits(x),
    };
    Ok((
        a.iter().map(|&x| conv(fa, x)).collect(),
        b.iter().map(|&x| conv(fb, x)).collect(),
    ))
}

/// `D = A·B + C` by a tensor-core model: `gemm` ([`Model::gemm`],
/// [`SyncFp8::gemm`]) of the operands, its error (an element not exact in
/// its format) the instruction's, with the command that runs one element
/// alone. One rule for `mma.sync` and `wmma`.
pub(crate) fn model_gemm(
    ins: &Instr,
    dims: (usize, usize, usize),
    (a, b, c): (&[u32], &[u32], &[u32]),
    gemm: impl FnOnce(Gemm) -> Result<Vec<u32>, ptxfp_tc::TcError>,
) -> Result<Vec<u32>, RunError> {
    Gemm::new(dims, a, b, c).and_then(gemm).map_err(|e| {
        RunError::Program(
            Diagnostic::error(ins.opcode_span.clone(), format!("`{}`: {e}", ins.opcode))
                .with_help("`ptxfp mma dot` runs one row and column alone"),
        )
    })
}

/// The register types of an operand's elements: A and B any 32-bit
/// register (`.b32`, `.f16x2`, ...), C and D their accumulator's.
fn reg_type(t: MmaType) -> PtxType {
    match t {
        MmaType::F32 => PtxType::F32,
        MmaType::F16 => PtxType::F16x2,
        MmaType::S32 => PtxType::S32,
        _ => PtxType::B32,
    }
}

/// How D is computed from rows of A and columns of B.
enum Arith {
    /// The tensor-core model (floating point), with the formats of A and B.
    Float(Model, InFormat, InFormat),
    /// FP8 where the GPU's `mma.sync` does not take its FP8 path
    /// (`ptxfp_tc::SyncFp8`: Hopper, measured on an H200).
    SyncFp8(SyncFp8),
    /// The exact integer dot product (`.s8`/`.u8`), wrapped or clamped.
    Int,
}

impl Machine<'_, '_> {
    /// `mma.sync.aligned` for the threads `on` of one warp.
    pub(crate) fn mma(&mut self, ins: &Instr, mma: Mma, on: &[usize]) -> Result<(), RunError> {
        let at = ins.opcode_span.clone();
        let refuse = |msg: String, help: &str| {
            RunError::Program(Diagnostic::error(at.clone(), msg).with_help(help))
        };
        let device = self.exec.device;
        whole_warp(ins, on)?;
        let (m, n, k) = (
            mma.shape.0 as usize,
            mma.shape.1 as usize,
            mma.shape.2 as usize,
        );
        // PTX ISA `mma`, "Target ISA Notes" (the row's target in
        // crates/isa/src/control.rs).
        if !device.at_least(mma.min_sm) {
            return Err(refuse(
                format!(
                    "`{}` requires sm_{} or higher; the device is {device}",
                    ins.opcode, mma.min_sm
                ),
                "run with --device sm_80 or newer (sm_89 or newer for .e4m3/.e5m2)",
            ));
        }
        if mma.a == MmaType::F64 {
            return self.mma_f64(ins, mma, on);
        }
        if mma.shape == (8, 8, 4) {
            return self.mma_884(ins, mma, on);
        }
        // `.atype` and `.btype` differ only for the FP8 (and integer)
        // forms: "mma.sync.aligned.shape.row.col.dtype.f8type.f8type.ctype".
        let arith = match (in_format(mma.a), in_format(mma.b)) {
            (Some(input), Some(b_input)) => {
                let gpu = gpu_of(device).map_err(|e| {
                    refuse(
                        format!("`{}`: {e}", ins.opcode),
                        "run with --device sm_80, sm_86, sm_89, sm_90 or sm_100",
                    )
                })?;
                let out = match mma.c {
                    MmaType::F16 => OutFormat::F16,
                    _ => OutFormat::F32,
                };
                let unsupported = |e: ptxfp_tc::TcError| {
                    refuse(
                        format!("`{}` on an {device} device: {e}", ins.opcode),
                        "`ptxfp mma gpus` lists the format pairs each GPU's model has",
                    )
                };
                match SyncFp8::mixed(gpu, input, b_input, out).map_err(unsupported)? {
                    Some(sync) => Arith::SyncFp8(sync),
                    None => Arith::Float(
                        Model::mixed(gpu, input, b_input, out).map_err(unsupported)?,
                        input,
                        b_input,
                    ),
                }
            }
            _ => Arith::Int,
        };
        let ops = &ins.operands;
        if ops.len() != 4 {
            return Err(err(
                at.clone(),
                format!("`{}` takes 4 operands: `d, a, b, c`", ins.opcode),
            ));
        }
        // Elements per 32-bit register of A and B, and of C and D.
        let per_ab = (32 / mma.a.bits()) as usize;
        let per_c = (32 / mma.c.bits()) as usize;
        let counts = [
            m * n / WARP_SIZE / per_c,
            m * k / WARP_SIZE / per_ab,
            k * n / WARP_SIZE / per_ab,
            m * n / WARP_SIZE / per_c,
        ];
        let mut vecs: Vec<&[Operand]> = Vec::with_capacity(4);
        for (i, (op, &want)) in ops.iter().zip(&counts).enumerate() {
            match &op.kind {
                OperandKind::Vector(v) if v.len() == want => vecs.push(v),
                _ => {
                    let name = ["d", "a", "b", "c"][i];
                    return Err(err(
                        op.span.clone(),
                        format!(
                            "`{}`: operand {name} is a vector of {want} registers `{{{name}0, ...}}`",
                            ins.opcode
                        ),
                    ));
                }
            }
        }
        let (ta, tc) = (reg_type(mma.a), reg_type(mma.c));
        // Each thread's registers, then the matrices they hold.
        let mut a = vec![0u32; m * k];
        let mut b = vec![0u32; k * n];
        let mut c = vec![0u32; m * n];
        for &lane in on {
            self.lane = lane;
            let l = lane % WARP_SIZE;
            for (r, op) in vecs[1].iter().enumerate() {
                let v = self.read(op, ta)?;
                for e in 0..per_ab {
                    let (i, j) = a_at(per_ab, l, r * per_ab + e);
                    a[i * k + j] = field(v, e, mma.a.bits());
                }
            }
            for (r, op) in vecs[2].iter().enumerate() {
                let v = self.read(op, ta)?;
                for e in 0..per_ab {
                    let (i, j) = b_at(per_ab, l, r * per_ab + e);
                    b[i * n + j] = field(v, e, mma.b.bits());
                }
            }
            for (r, op) in vecs[3].iter().enumerate() {
                let v = self.read(op, tc)?;
                for e in 0..per_c {
                    let (i, j) = c_at(l, r * per_c + e);
                    c[i * n + j] = field(v, e, mma.c.bits());
                }
            }
        }
        let d = match arith {
            Arith::Float(model, input, b_input) => {
                // The model takes each input as the f32 bits of its value
                // (.tf32 is never mixed: `b_input == input` there).
                let (a, b) = model_inputs(ins, model.gpu, (input, b_input), &a, &b)?;
                // Each element one chained inner product of a row of A and
                // a column of B with its element of C (Model::gemm).
                model_gemm(ins, (m, n, k), (&a, &b, &c), |g| model.gemm(g))?
            }
            Arith::SyncFp8(sync) => {
                let a: Vec<u32> = a.into_iter().map(|x| sync.input.to_f32_bits(x)).collect();
                let b: Vec<u32> = b.into_iter().map(|x| sync.b_input.to_f32_bits(x)).collect();
                model_gemm(ins, (m, n, k), (&a, &b, &c), |g| sync.gemm(g))?
            }
            Arith::Int => int_gemm(&mma, m, n, k, &a, &b, &c),
        };
        for &lane in on {
            self.lane = lane;
            let l = lane % WARP_SIZE;
            let mut first = 0;
            for (r, op) in vecs[0].iter().enumerate() {
                let mut v = 0u64;
                for e in 0..per_c {
                    let (i, j) = c_at(l, r * per_c + e);
                    v |= u64::from(d[i * n + j]) << (e as u32 * mma.c.bits());
                }
                self.write(op, tc, v)?;
                if r == 0 {
                    first = v;
                }
            }
            // The trace shows each thread's d0.
            self.trace(ins, &[], Some((first, tc)));
        }
        Ok(())
    }
}

/// "The mandatory .aligned qualifier indicates that all threads in the
/// warp must execute the same mma instruction"; "The behavior of mma
/// instruction is undefined if ... any thread in the warp has exited."
pub(crate) fn whole_warp(ins: &Instr, on: &[usize]) -> Result<(), RunError> {
    whole_warp_of(ins, on, WARP_SIZE)
}

/// [`whole_warp`] for the instructions that hand no data of one lane to
/// another (`tcgen05.alloc`, `.dealloc`, `.relinquish_alloc_permit`,
/// `.wait`): in a warp that is partial because the CTA ends (a CTA of 40
/// threads: its second warp has 8), "all threads in the warp" are the
/// ones it has, as for the warp collectives. `cta` is the CTA's thread
/// count.
pub(crate) fn whole_partial_warp(ins: &Instr, on: &[usize], cta: usize) -> Result<(), RunError> {
    let base = on.first().map_or(0, |l| l - l % WARP_SIZE);
    whole_warp_of(ins, on, cta.saturating_sub(base).min(WARP_SIZE))
}

/// Whether `on` is the `have` threads of its warp from its first lane on,
/// each once in order; the error of [`whole_warp`] where not.
fn whole_warp_of(ins: &Instr, on: &[usize], have: usize) -> Result<(), RunError> {
    let base = on.first().map_or(0, |l| l - l % WARP_SIZE);
    let full =
        !on.is_empty() && on.len() == have && on.iter().enumerate().all(|(i, &l)| l == base + i);
    if full {
        return Ok(());
    }
    Err(RunError::Program(
        Diagnostic::error(
            ins.opcode_span.clone(),
            format!(
                "`{}` needs all 32 threads of the warp; {} of them run it here",
                ins.opcode,
                on.len()
            ),
        )
        .with_help("launch whole warps (--block a multiple of 32) and run warp matrix instructions (mma.sync, ldmatrix, wmma, ...) outside divergent code and guards"),
    ))
}

impl Machine<'_, '_> {
    /// `mma.sync.aligned.m8n8k4.alayout.blayout.dtype.f16.f16.ctype d, a,
    /// b, c`: "A warp executing mma.m8n8k4 with .f16 floating point type
    /// will compute 4 MMA operations of shape .m8n8k4", computation q on
    /// "Threads with %laneid 4q to 4q+3 (low group) and 16+4q to 16+4q+3
    /// (high group)", each its own A (8×4), B (4×8), C and D (8×8), placed
    /// by [`at_884`]. Each element of D is the V100's tensor-core model
    /// over K = 4 on sm_70, and [`Emulated884`]'s `.f32` arithmetic on
    /// later devices, as an H200 measures. An `.f16` C with an `.f32` D
    /// is widened exactly; an `.f32` C with an `.f16` D is refused: the
    /// ISA does not say where C is rounded.
    fn mma_884(&mut self, ins: &Instr, mma: Mma, on: &[usize]) -> Result<(), RunError> {
        let at = ins.opcode_span.clone();
        let refuse = |msg: String, help: &str| {
            RunError::Program(Diagnostic::error(at.clone(), msg).with_help(help))
        };
        let device = self.exec.device;
        let gpu = gpu_of(device).map_err(|e| {
            refuse(
                format!("`{}`: {e}", ins.opcode),
                "run with --device sm_70 (the form's own target), sm_80, sm_89, sm_90 or sm_100",
            )
        })?;
        if mma.c == MmaType::F32 && mma.d == MmaType::F16 {
            return Err(refuse(
                format!("`{}`: an .f32 C with an .f16 D is not run: the PTX ISA does not say where C is rounded", ins.opcode),
                "use .f32 D with .f32 C, or .f16 C",
            ));
        }
        let out = if mma.d == MmaType::F32 {
            OutFormat::F32
        } else {
            OutFormat::F16
        };
        // The V100's tensor-core model; later devices' arithmetic
        // (`Emulated884`) needs none.
        let model = if gpu == Gpu::V100 {
            Some(Model::new(gpu, InFormat::F16, out).map_err(|e| {
                refuse(
                    format!("`{}` on an {device} device: {e}", ins.opcode),
                    "`ptxfp mma gpus` lists the format pairs each GPU's model has",
                )
            })?)
        } else {
            None
        };
        let ops = &ins.operands;
        if ops.len() != 4 {
            return Err(err(
                at.clone(),
                format!("`{}` takes 4 operands: `d, a, b, c`", ins.opcode),
            ));
        }
        // A and B two .f16x2 registers; C and D four .f16x2 or eight .f32.
        let regs = |t: MmaType| if t == MmaType::F16 { 4 } else { 8 };
        let want = [regs(mma.d), 2, 2, regs(mma.c)];
        let mut vecs: Vec<&[Operand]> = Vec::with_capacity(4);
        for (i, (op, &n)) in ops.iter().zip(&want).enumerate() {
            match &op.kind {
                OperandKind::Vector(v) if v.len() == n => vecs.push(v),
                _ => {
                    let name = ["d", "a", "b", "c"][i];
                    return Err(err(
                        op.span.clone(),
                        format!(
                            "`{}`: operand {name} is a vector of {n} registers `{{{name}0, ...}}`",
                            ins.opcode
                        ),
                    ));
                }
            }
        }
        let (a_row, b_row) = (
            mma.a_layout == ptxfp_isa::control::MmaLayout::Row,
            mma.b_layout == ptxfp_isa::control::MmaLayout::Row,
        );
        // Per computation q: A, B, C.
        let mut a = [[0u32; 32]; 4];
        let mut b = [[0u32; 32]; 4];
        let mut c = [[0u32; 64]; 4];
        for &lane in on {
            self.lane = lane;
            let l = lane % WARP_SIZE;
            let q = (l % 16) / 4;
            for (r, op) in vecs[1].iter().enumerate() {
                let v = self.read(op, PtxType::F16x2)?;
                for e in 0..2 {
                    let (i, j) = at_884(0, a_row, l, 2 * r + e);
                    a[q][i * 4 + j] = field(v, e, 16);
                }
            }
            for (r, op) in vecs[2].iter().enumerate() {
                let v = self.read(op, PtxType::F16x2)?;
                for e in 0..2 {
                    let (i, j) = at_884(1, b_row, l, 2 * r + e);
                    b[q][i * 8 + j] = field(v, e, 16);
                }
            }
            for (r, op) in vecs[3].iter().enumerate() {
                if mma.c == MmaType::F16 {
                    let v = self.read(op, PtxType::F16x2)?;
                    for e in 0..2 {
                        let (i, j) = at_884(2, true, l, 2 * r + e);
                        let h = field(v, e, 16);
                        // An .f16 C of an .f32 D, widened exactly.
                        c[q][i * 8 + j] = if out == OutFormat::F32 {
                            f16_to_f32_bits(h as u16)
                        } else {
                            h
                        };
                    }
                } else {
                    let (i, j) = at_884(2, false, l, r);
                    c[q][i * 8 + j] = self.read(op, PtxType::F32)? as u32;
                }
            }
        }
        let mut d = [[0u32; 64]; 4];
        let emulated = model.is_none().then(Emulated884::new).transpose()?;
        for q in 0..4 {
            let Some(model) = &model else {
                if let Some(e) = &emulated {
                    d[q] = e.gemm(&a[q], &b[q], &c[q], out == OutFormat::F16, &self.exec);
                }
                continue;
            };
            let (fa, fb) = model_inputs(ins, gpu, (InFormat::F16, InFormat::F16), &a[q], &b[q])?;
            let r = model_gemm(ins, (8, 8, 4), (&fa, &fb, &c[q]), |g| model.gemm(g))?;
            d[q].copy_from_slice(&r);
        }
        for &lane in on {
            self.lane = lane;
            let l = lane % WARP_SIZE;
            let q = (l % 16) / 4;
            let mut first = None;
            for (r, op) in vecs[0].iter().enumerate() {
                let (v, ty) = if mma.d == MmaType::F16 {
                    let lo = at_884(2, true, l, 2 * r);
                    let hi = at_884(2, true, l, 2 * r + 1);
                    (
                        u64::from(d[q][lo.0 * 8 + lo.1]) | u64::from(d[q][hi.0 * 8 + hi.1]) << 16,
                        PtxType::F16x2,
                    )
                } else {
                    let (i, j) = at_884(2, false, l, r);
                    (u64::from(d[q][i * 8 + j]), PtxType::F32)
                };
                self.write(op, ty, v)?;
                first.get_or_insert((v, ty));
            }
            self.trace(ins, &[], first);
        }
        Ok(())
    }

    /// `mma.sync.aligned.SHAPE.row.col.f64.f64.f64.f64 d, a, b, c`, one
    /// `.f64` element a register, placed by the one-element-a-register
    /// rule of [`a_at`], [`b_at`] and [`c_at`]:
    /// - m8n8k4 (9.7.14.5.2): A "row = %laneid >> 2, col = %laneid % 4", B
    ///   "row = %laneid % 4, col = %laneid >> 2", C and D "row = groupID,
    ///   col = (threadID_in_group * 2) + (i & 0x1) for ci where i = {0, 1}";
    /// - m16n8k4: A "row = groupID for a0, groupID + 8 for a1; col =
    ///   threadID_in_group", B "row = threadID_in_group";
    /// - m16n8k8: A "row = groupID for a0 and a2, groupID + 8 for a1 and
    ///   a3; col = threadID_in_group for a0 and a1, threadID_in_group + 4
    ///   for a2 and a3", B "row = threadID_in_group for b0,
    ///   threadID_in_group + 4 for b1";
    /// - m16n8k16: A "row = groupID for ai where i % 2 = 0, groupID + 8
    ///   Otherwise; col = (i * 2) + threadID_in_group for ai where i % 2 =
    ///   0, (i * 2) - 2 + threadID_in_group Otherwise", B "row =
    ///   threadID_in_group + (i * 4)";
    /// - C and D of the m16n8 shapes as [`c_at`] (9.7.14.5.6 to 9.7.14.5.8).
    ///
    /// "Precision of the element-wise multiplication and addition operation
    /// is identical to that of .f64 precision fused multiply-add": each
    /// element is a chain of `fma.rn.f64` (the model's), starting from C
    /// and taking k = 0, 1, ..., K - 1 in order. The ISA does not give the
    /// order; for m8n8k4 it is measured: an H200 (sm_90, driver 13.0)
    /// agrees on all 524,288 D registers of record
    /// testdata/hw/nvidia-h200/mma.sync.aligned.m8n8k4.row.col.f64.f64.f64.f64.mma.json
    /// (docs/ENGINE.md), and so do the m16n8k4/k8/k16 shapes (sm_90): all
    /// 1,048,576 D registers of each one's record.
    fn mma_f64(&mut self, ins: &Instr, mma: Mma, on: &[usize]) -> Result<(), RunError> {
        let ops = &ins.operands;
        let (m, n, k) = (
            mma.shape.0 as usize,
            mma.shape.1 as usize,
            mma.shape.2 as usize,
        );
        let want = [
            m * n / WARP_SIZE,
            m * k / WARP_SIZE,
            k * n / WARP_SIZE,
            m * n / WARP_SIZE,
        ];
        if ops.len() != 4 {
            return Err(err(
                ins.opcode_span.clone(),
                format!("`{}` takes 4 operands: `d, a, b, c`", ins.opcode),
            ));
        }
        let mut vecs: Vec<&[Operand]> = Vec::with_capacity(4);
        for (i, op) in ops.iter().enumerate() {
            match &op.kind {
                OperandKind::Vector(v) if v.len() == want[i] => vecs.push(v),
                _ => {
                    let name = ["d", "a", "b", "c"][i];
                    return Err(err(
                        op.span.clone(),
                        format!(
                            "`{}`: operand {name} is a vector of {} `.f64` registers",
                            ins.opcode, want[i]
                        ),
                    ));
                }
            }
        }
        let (mut a, mut b, mut c) = (vec![0u64; m * k], vec![0u64; k * n], vec![0u64; m * n]);
        for &lane in on {
            self.lane = lane;
            let l = lane % WARP_SIZE;
            for (r, op) in vecs[1].iter().enumerate() {
                let (i, j) = a_at(1, l, r);
                a[i * k + j] = self.read(op, PtxType::F64)?;
            }
            for (r, op) in vecs[2].iter().enumerate() {
                let (i, j) = b_at(1, l, r);
                b[i * n + j] = self.read(op, PtxType::F64)?;
            }
            for (r, op) in vecs[3].iter().enumerate() {
                let (i, j) = c_at(l, r);
                c[i * n + j] = self.read(op, PtxType::F64)?;
            }
        }
        let fma = Form::parse("fma.rn.f64").map_err(RunError::Program)?;
        let d = fma_chain_gemm(&fma, (m, n, k), (&a, &b, &c), &self.exec);
        for &lane in on {
            self.lane = lane;
            let l = lane % WARP_SIZE;
            for (r, op) in vecs[0].iter().enumerate() {
                let (i, j) = c_at(l, r);
                self.write(op, PtxType::F64, d[i * n + j])?;
            }
            let (i, j) = c_at(l, 0);
            self.trace(ins, &[], Some((d[i * n + j], PtxType::F64)));
        }
        Ok(())
    }
}

/// Where element `i` of lane `lane`'s fragment sits in the 8×4 A, 4×8 B
/// or 8×8 C/D of its computation, for `mma.m8n8k4` `.f16` (9.7.14.5.1),
/// "row" and "col" as printed there:
/// - A row-major: "row = %laneid % 4 if %laneid < 16, (%laneid % 4) + 4
///   otherwise; col = i for ai where i = {0,..,3}"; column-major: "row =
///   i % 4 ... if %laneid < 16, (i % 4) + 4 ... otherwise; col = %laneid % 4";
/// - B row-major: "row = %laneid % 4; col = i for bi where i = {0,..,3}
///   if %laneid < 16, i+4 ... otherwise"; column-major: "row = i; col =
///   %laneid % 4 if %laneid < 16, (%laneid % 4) + 4 otherwise";
/// - C/D `.f16`: "row = %laneid % 4 if %laneid < 16, (%laneid % 4) + 4
///   otherwise; col = i for ci where i = {0,..,7}"; `.f32`: "row = X if
///   %laneid < 16, X + 4 otherwise, where X = (%laneid & 0b1) + (i &
///   0b10); col = (i & 0b100) + (%laneid & 0b10) + (i & 0b1)".
fn at_884(which: usize, row_major_or_f16: bool, lane: usize, i: usize) -> (usize, usize) {
    let hi = if lane < 16 { 0 } else { 4 };
    match (which, row_major_or_f16) {
        (0, true) => (lane % 4 + hi, i),
        (0, false) => (i % 4 + hi, lane % 4),
        (1, true) => (lane % 4, i + hi),
        (1, false) => (i, lane % 4 + hi),
        (_, true) => (lane % 4 + hi, i),
        (_, false) => ((lane & 1) + (i & 2) + hi, (i & 4) + (lane & 2) + (i & 1)),
    }
}

/// Volta's `mma.sync.aligned.m8n8k4` `.f16` on a later GPU: "`mma.sync.m8n8k4`
/// is optimized for target architecture `sm_70` and may have substantially
/// reduced performance on other target architectures" (PTX ISA 9.7.14.5.14).
/// Measured on an H200 (sm_90, driver 13.0), it is not the tensor-core
/// model's block sum but `.f32` arithmetic rounded at every step, each
/// product `a_k * b_k` exact in `.f32` (11 by 11 bits):
/// - an `.f32` D is `C + (((p0 + p1) + p2) + p3)`: all 1,048,576 D
///   registers of testdata/hw/nvidia-h200/mma.sync.aligned.m8n8k4.row.col.f32.f16.f16.f32.mma.json;
/// - an `.f16` D is `cvt.rn.f16.f32((C + (p0 + p1)) + (p2 + p3))`: all
///   524,288 of testdata/hw/nvidia-h200/mma.sync.aligned.m8n8k4.row.col.f16.f16.f16.f16.mma.json.
///
/// Each is the only one of the 105 ways of adding five terms in pairs that
/// gives the GPU's digest (docs/TENSOR_CORES.md "Volta's m8n8k4 on later
/// GPUs"). Every `+` is `add.rn.f32` and every `.f16` C widened exactly,
/// so NaN results are the canonical `0x7fffffff` / `0x7fff` of those
/// instructions. The rule for an `.f32` D is used whatever C's type; other
/// GPUs than sm_90 take the same rule, not measured.
struct Emulated884 {
    add: Form,
    mul: Form,
    cvt: ptxfp_isa::cvt::Cvt,
}

impl Emulated884 {
    fn new() -> Result<Emulated884, RunError> {
        Ok(Emulated884 {
            add: Form::parse("add.rn.f32").map_err(RunError::Program)?,
            mul: Form::parse("mul.rn.f32").map_err(RunError::Program)?,
            cvt: ptxfp_isa::cvt::Cvt::parse("cvt.rn.f16.f32").map_err(RunError::Program)?,
        })
    }

    /// One 8x8x4 product: A (8×4, `.f16` bits, row-major), B (4×8), C
    /// (8×8: `.f32` bits for an `.f32` D, else `.f16`), D as C.
    fn gemm(
        &self,
        a: &[u32; 32],
        b: &[u32; 32],
        c: &[u32; 64],
        f16_out: bool,
        exec: &ptxfp_model::Exec,
    ) -> [u32; 64] {
        let add = |x: u64, y: u64| self.add.eval(&[x, y], exec);
        let wide = |h: u32| u64::from(f16_to_f32_bits(h as u16));
        let mut d = [0u32; 64];
        for i in 0..8 {
            for j in 0..8 {
                let p: [u64; 4] = std::array::from_fn(|k| {
                    self.mul
                        .eval(&[wide(a[i * 4 + k]), wide(b[k * 8 + j])], exec)
                });
                let cij = c[i * 8 + j];
                d[i * 8 + j] = if f16_out {
                    let s = add(add(wide(cij), add(p[0], p[1])), add(p[2], p[3]));
                    ptxfp_model::EvalCvt::eval_in(&self.cvt, &[s], exec) as u32
                } else {
                    add(u64::from(cij), add(add(add(p[0], p[1]), p[2]), p[3])) as u32
                };
            }
        }
        d
    }
}

/// `D = A·B + C` on `.f64` elements (row-major A m×k, B k×n, C and D
/// m×n), each element a chain of `fma` (`fma.RND.f64`) from C over k = 0,
/// 1, ..., K - 1 in order (`mma.sync` and `wmma` `.f64` both).
pub(super) fn fma_chain_gemm(
    fma: &Form,
    (m, n, k): (usize, usize, usize),
    (a, b, c): (&[u64], &[u64], &[u64]),
    exec: &ptxfp_model::Exec,
) -> Vec<u64> {
    let mut d = vec![0u64; m * n];
    for i in 0..m {
        for j in 0..n {
            let mut acc = c[i * n + j];
            for t in 0..k {
                acc = fma.eval(&[a[i * k + t], b[t * n + j], acc], exec);
            }
            d[i * n + j] = acc;
        }
    }
    d
}

/// Element `e` of `bits` bits of a register (the lowest index in the low
/// bits: "with each register containing two .f16 / .bf16 elements",
/// elements listed "low to high").
fn field(v: u64, e: usize, bits: u32) -> u32 {
    ((v >> (e as u32 * bits)) & ((1u64 << bits) - 1)) as u32
}

/// `D = A·B + C` on `.s8`/`.u8`/`.s4`/`.u4` elements with `.s32`
/// accumulators: "The integer mma operation is performed with .s32
/// accumulators. The .satfinite qualifier indicates that on overflow, the
/// accumulated value is limited to the range MIN_INT32..MAX_INT32 ... If
/// .satfinite is not specified, the accumulated value is wrapped
/// instead." The sum is exact (at most 64 products of 8-bit or 4-bit
/// values), then wrapped or clamped. On `.b1` elements, "multiplication
/// is replaced by a sequence of logical operations; specifically,
/// mma.xor.popc and mma.and.popc computes the XOR, AND respectively of a
/// k-bit row of A with a k-bit column of B, then counts the number of set
/// bits in the result (popc). This result is added to the corresponding
/// element of C": the popc is the sum of the one-bit products, wrapped.
fn int_gemm(mma: &Mma, m: usize, n: usize, k: usize, a: &[u32], b: &[u32], c: &[u32]) -> Vec<u32> {
    let val = |t: MmaType, x: u32| -> i64 {
        match t {
            MmaType::S8 => i64::from(x as u8 as i8),
            MmaType::U8 => i64::from(x as u8),
            // A 4-bit element, sign-extended from its bit 3.
            MmaType::S4 => i64::from(((x as u8) << 4) as i8 >> 4),
            MmaType::U4 => i64::from(x & 0xf),
            _ => i64::from(x & 1),
        }
    };
    match mma.bit_op {
        Some(op) => int_gemm_by(m, n, k, (a, b, c), false, |x, y| {
            i64::from(match op {
                MmaBitOp::And => x & y & 1,
                MmaBitOp::Xor => (x ^ y) & 1,
            })
        }),
        None => int_gemm_by(m, n, k, (a, b, c), mma.satfinite, |x, y| {
            val(mma.a, x) * val(mma.b, y)
        }),
    }
}

/// `D = A·B + C` over `.s32` accumulators (row-major A m×k, B k×n, C and D
/// m×n), each product given by `product`: summed exactly, then wrapped,
/// or clamped to MIN_INT32..MAX_INT32 with `satfinite` (`mma.sync` and
/// `wgmma` both).
pub(super) fn int_gemm_by(
    m: usize,
    n: usize,
    k: usize,
    (a, b, c): (&[u32], &[u32], &[u32]),
    satfinite: bool,
    product: impl Fn(u32, u32) -> i64,
) -> Vec<u32> {
    let mut d = vec![0u32; m * n];
    for i in 0..m {
        for j in 0..n {
            let mut s = i64::from(c[i * n + j] as i32);
            for t in 0..k {
                s += product(a[i * k + t], b[t * n + j]);
            }
            d[i * n + j] = if satfinite {
                s.clamp(i64::from(i32::MIN), i64::from(i32::MAX)) as i32 as u32
            } else {
                s as u32
            };
        }
    }
    d
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The spec's formulas for A, transcribed one shape at a time (the
    /// quotes at [`a_at`]): `(shape k, per, lane, i) -> (row, col)`.
    fn a_spec(k: usize, per: usize, lane: usize, i: usize) -> (usize, usize) {
        let (g, t) = (lane >> 2, lane % 4);
        match (k, per) {
            (16, 2) => (
                if i < 2 || (4..6).contains(&i) {
                    g
                } else {
                    g + 8
                },
                if i < 4 {
                    t * 2 + (i & 1)
                } else {
                    t * 2 + (i & 1) + 8
                },
            ),
            (8, 2) => (if i < 2 { g } else { g + 8 }, t * 2 + (i & 1)),
            (8, 1) => (
                if i == 0 || i == 2 { g } else { g + 8 },
                if i < 2 { t } else { t + 4 },
            ),
            (4, 1) => (if i == 0 { g } else { g + 8 }, t),
            (32, 4) => (
                if i < 4 || (8..12).contains(&i) {
                    g
                } else {
                    g + 8
                },
                if i < 8 {
                    t * 4 + (i & 3)
                } else {
                    t * 4 + (i & 3) + 16
                },
            ),
            // m16n8k16 .u8/.s8 (9.7.14.5.9): "row = groupID for ai where
            // i < 4, groupID + 8 for ai where i >= 4; col =
            // (threadID_in_group * 4) + (i & 0x3) for ai where i = {0,..,7}".
            (16, 4) => (if i < 4 { g } else { g + 8 }, t * 4 + (i & 3)),
            // m16n8k32 .s4/.u4 (9.7.14.5.10): "row = groupID for ai where
            // i < 8, groupID + 8 for ai where i >= 8; col =
            // (threadID_in_group * 8) + (i & 0x7) for ai where i = {0,..,15}".
            (32, 8) => (if i < 8 { g } else { g + 8 }, t * 8 + (i & 7)),
            // m16n8k64 .s4/.u4 (9.7.14.5.11): "row = groupID for ai where
            // 0 <= i < 8 || 16 <= i < 24, groupID + 8 otherwise; col =
            // (threadID_in_group * 8) + (i & 0x7) for ai where i < 16,
            // (threadID_in_group * 8) + (i & 0x7) + 32 for ai where i >= 16".
            (64, 8) => (
                if i < 8 || (16..24).contains(&i) {
                    g
                } else {
                    g + 8
                },
                if i < 16 {
                    t * 8 + (i & 7)
                } else {
                    t * 8 + (i & 7) + 32
                },
            ),
            // m16n8k128 .b1 (9.7.14.5.12): "row = groupID for ai where
            // i < 32, groupID + 8 for ai where i >= 32; col =
            // (threadID_in_group * 32) + (i & 0x1F) for ai where i = {0, ...,63}".
            (128, 32) => (if i < 32 { g } else { g + 8 }, t * 32 + (i & 31)),
            // m16n8k256 .b1 (9.7.14.5.13): "row = groupID for ai where
            // 0 <= i < 32 || 64 <= i < 96, groupID + 8 otherwise; col =
            // (threadID_in_group * 32) + i for ai where i < 64,
            // (threadID_in_group * 32) + (i & 0x1F) + 128 for ai where
            // i >= 64". Read literally, "+ i" puts a32..a63 of thread 3 at
            // columns 128..159, the columns of a64..a95; m16n8k128's
            // formula and the second half's both take `i & 0x1F`, as here.
            (256, 32) => (
                if i < 32 || (64..96).contains(&i) {
                    g
                } else {
                    g + 8
                },
                if i < 64 {
                    t * 32 + (i & 31)
                } else {
                    t * 32 + (i & 31) + 128
                },
            ),
            _ => unreachable!(),
        }
    }

    fn b_spec(k: usize, per: usize, lane: usize, i: usize) -> (usize, usize) {
        let (g, t) = (lane >> 2, lane % 4);
        let row = match (k, per) {
            (16, 2) => {
                if i < 2 {
                    t * 2 + (i & 1)
                } else {
                    t * 2 + (i & 1) + 8
                }
            }
            (8, 2) => t * 2 + i,
            (8, 1) => {
                if i == 0 {
                    t
                } else {
                    t + 4
                }
            }
            (4, 1) => t,
            (32, 4) => {
                if i < 4 {
                    t * 4 + (i & 3)
                } else {
                    t * 4 + (i & 3) + 16
                }
            }
            // m16n8k16 .u8/.s8: "row = (threadID_in_group * 4) + i for bi
            // where i = {0,..,3}".
            (16, 4) => t * 4 + i,
            // m16n8k32 .s4/.u4: "row = (threadID_in_group * 8) + (i & 0x7)
            // for bi where i = {0,..,7}".
            (32, 8) => t * 8 + (i & 7),
            // m16n8k64 .s4/.u4: "row = (threadID_in_group * 8) + (i & 0x7)
            // for bi where i < 8, (threadID_in_group * 8) + (i & 0x7) + 32
            // for bi where i >= 8".
            (64, 8) => {
                if i < 8 {
                    t * 8 + (i & 7)
                } else {
                    t * 8 + (i & 7) + 32
                }
            }
            // m16n8k128 .b1: "row = (threadID_in_group * 32) + i for bi
            // where i = {0,...,31}".
            (128, 32) => t * 32 + i,
            // m16n8k256 .b1: "row = (threadID_in_group * 32) + (i & 0x1F)
            // for bi where i < 32, (threadID_in_group * 32) + (i & 0x1F) +
            // 128 for bi where i >= 32".
            (256, 32) => {
                if i < 32 {
                    t * 32 + (i & 31)
                } else {
                    t * 32 + (i & 31) + 128
                }
            }
            _ => unreachable!(),
        };
        (row, g)
    }

    const SHAPES: [(usize, usize); 10] = [
        (16, 2),
        (8, 2),
        (8, 1),
        (4, 1),
        (32, 4),
        (16, 4),
        (32, 8),
        (64, 8),
        (128, 32),
        (256, 32),
    ];

    /// The m8n8 integer shapes (9.7.14.5.3 to .5): one register each of A
    /// and B, two of C. m8n8k16 .s8/.u8: A "row = groupID, col =
    /// (threadID_in_group * 4) + i for ai where i = {0,..,3}", B "row =
    /// (threadID_in_group * 4) + i ... col = groupID"; m8n8k32 .s4/.u4 the
    /// same with `* 8` and i = {0,..,7}; m8n8k128 .b1 with `* 32` and
    /// i = {0,..,31}; C "row = groupID, col = (threadID_in_group * 2) + i
    /// for ci where i = {0, 1}".
    #[test]
    fn m8n8_integer_layouts_are_the_specs_formulas() {
        for (k, per) in [(16, 4), (32, 8), (128, 32)] {
            let (mut seen_a, mut seen_b) = (vec![0; 8 * k], vec![0; k * 8]);
            for lane in 0..32 {
                let (g, t) = (lane >> 2, lane % 4);
                for i in 0..per {
                    assert_eq!(a_at(per, lane, i), (g, t * per + i), "A k{k}");
                    assert_eq!(b_at(per, lane, i), (t * per + i, g), "B k{k}");
                    seen_a[g * k + t * per + i] += 1;
                    seen_b[(t * per + i) * 8 + g] += 1;
                }
                for i in 0..2 {
                    assert_eq!(c_at(lane, i), (g, t * 2 + i));
                }
            }
            assert!(seen_a.iter().chain(&seen_b).all(|&x| x == 1), "k{k}");
        }
    }

    #[test]
    fn layouts_are_the_specs_formulas() {
        for (k, per) in SHAPES {
            let (na, nb) = (16 * k / 32, k * 8 / 32);
            for lane in 0..32 {
                for i in 0..na {
                    assert_eq!(
                        a_at(per, lane, i),
                        a_spec(k, per, lane, i),
                        "A k{k} lane {lane} a{i}"
                    );
                }
                for i in 0..nb {
                    assert_eq!(
                        b_at(per, lane, i),
                        b_spec(k, per, lane, i),
                        "B k{k} lane {lane} b{i}"
                    );
                }
            }
        }
    }

    #[test]
    fn each_element_is_held_once() {
        for (k, per) in SHAPES {
            let mut seen_a = vec![0; 16 * k];
            let mut seen_b = vec![0; k * 8];
            for lane in 0..32 {
                for i in 0..16 * k / 32 {
                    let (r, c) = a_at(per, lane, i);
                    seen_a[r * k + c] += 1;
                }
                for i in 0..k * 8 / 32 {
                    let (r, c) = b_at(per, lane, i);
                    seen_b[r * 8 + c] += 1;
                }
            }
            assert!(seen_a.iter().all(|&x| x == 1), "A k{k}");
            assert!(seen_b.iter().all(|&x| x == 1), "B k{k}");
        }
        let mut seen_c = [0; 128];
        for lane in 0..32 {
            for i in 0..4 {
                let (r, c) = c_at(lane, i);
                seen_c[r * 8 + c] += 1;
            }
        }
        assert!(seen_c.iter().all(|&x| x == 1));
    }

    #[test]
    fn devices_and_their_models() {
        let t = |s: &str| s.parse::<Target>().unwrap();
        assert_eq!(gpu_of(t("sm_80")), Ok(Gpu::A100));
        assert_eq!(gpu_of(t("sm_86")), Ok(Gpu::A2));
        assert_eq!(gpu_of(t("sm_89")), Ok(Gpu::Ada));
        assert_eq!(gpu_of(t("sm_90a")), Ok(Gpu::H100));
        assert_eq!(gpu_of(t("sm_100a")), Ok(Gpu::B200));
        assert_eq!(gpu_of(t("sm_70")), Ok(Gpu::V100));
        assert!(gpu_of(t("sm_75"))
            .unwrap_err()
            .contains("no tensor-core model"));
        assert!(gpu_of(t("sm_87")).is_err());
    }

    #[test]
    fn integer_products_wrap_or_saturate() {
        // One row of k = 1 in a 1x1 product, by Rust's own integer ops.
        let mut mma = Mma::decode(
            "mma.sync.aligned.m16n8k32.row.col.s32.s8.u8.s32",
            &["sync", "m16n8k32", "row", "col", "s32", "s8", "u8", "s32"],
        )
        .unwrap();
        let d = int_gemm(&mma, 1, 1, 2, &[0x80, 0x7f], &[0xff, 2], &[5]);
        assert_eq!(d[0] as i32, -128 * 255 + 127 * 2 + 5);
        let d = int_gemm(&mma, 1, 1, 1, &[0x7f], &[0xff], &[i32::MAX as u32]);
        assert_eq!(d[0] as i32, i32::MAX.wrapping_add(127 * 255));
        mma.satfinite = true;
        let d = int_gemm(&mma, 1, 1, 1, &[0x7f], &[0xff], &[i32::MAX as u32]);
        assert_eq!(d[0] as i32, i32::MAX);
        let d = int_gemm(&mma, 1, 1, 1, &[0x80], &[0xff], &[i32::MIN as u32]);
        assert_eq!(d[0] as i32, i32::MIN);
    }

    #[test]
    fn four_bit_and_single_bit_products() {
        let mma = |t: &str| {
            let rest: Vec<&str> = t.split('.').skip(1).filter(|q| *q != "aligned").collect();
            Mma::decode(t, &rest).unwrap()
        };
        // .s4 0x8 is -8, 0x7 is 7, 0xf is -1; .u4 0xf is 15.
        let m = mma("mma.sync.aligned.m16n8k32.row.col.s32.s4.u4.s32");
        let d = int_gemm(&m, 1, 1, 3, &[0x8, 0x7, 0xf], &[0xf, 0xf, 0x2], &[100]);
        assert_eq!(d[0] as i32, -8 * 15 + 7 * 15 - 2 + 100);
        let m = mma("mma.sync.aligned.m16n8k32.row.col.s32.u4.s4.s32");
        let d = int_gemm(&m, 1, 1, 2, &[0x8, 0xf], &[0x8, 0xf], &[0]);
        assert_eq!(d[0] as i32, 8 * -8 - 15);
        // A row 1,1,0,0 against a column 1,0,1,0: AND has one set bit,
        // XOR two; the count is added to C and wraps.
        let (a, b) = ([1, 1, 0, 0], [1, 0, 1, 0]);
        let and = mma("mma.sync.aligned.m16n8k128.row.col.s32.b1.b1.s32.and.popc");
        let xor = mma("mma.sync.aligned.m16n8k128.row.col.s32.b1.b1.s32.xor.popc");
        assert_eq!(int_gemm(&and, 1, 1, 4, &a, &b, &[7])[0], 8);
        assert_eq!(int_gemm(&xor, 1, 1, 4, &a, &b, &[7])[0], 9);
        assert_eq!(
            int_gemm(&xor, 1, 1, 4, &a, &b, &[i32::MAX as u32])[0] as i32,
            i32::MAX.wrapping_add(2)
        );
    }
}
