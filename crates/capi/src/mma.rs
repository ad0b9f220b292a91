//! Tensor-core inner products (`ptxfp_mma_dot`, `ptxfp_mma_dot_rows`):
//! the block-FMA models of `ptxfp-tc` (docs/TENSOR_CORES.md) over C arrays.

use std::ffi::c_char;
use std::panic::{catch_unwind, AssertUnwindSafe};

use ptxfp_tc::{Arith, Gpu, InFormat, Instruction, OutFormat, TcError};

use crate::ptxfp_status::{self, *};

/// Rows up to this count run on the calling thread.
const SERIAL_ROWS: usize = 1 << 12;

/// The arithmetic named by the C strings (`instruction` NULL: the
/// published model), or the status that says why not.
unsafe fn model(
    gpu: *const c_char,
    in_format: *const c_char,
    out_format: *const c_char,
    instruction: *const c_char,
) -> Result<Arith, ptxfp_status> {
    let name = |p: *const c_char| -> Result<&str, ptxfp_status> {
        // SAFETY: the caller gives a NUL-terminated string (or NULL).
        match unsafe { crate::c_str(p, "") } {
            Ok(Some(s)) => Ok(s),
            Ok(None) => Err(PTXFP_ERR_NULL),
            Err(_) => Err(PTXFP_ERR_ENCODING),
        }
    };
    let g = Gpu::parse(name(gpu)?).ok_or(PTXFP_ERR_MMA_MODEL)?;
    let i = InFormat::parse(name(in_format)?).ok_or(PTXFP_ERR_MMA_MODEL)?;
    let o = OutFormat::parse(name(out_format)?).ok_or(PTXFP_ERR_MMA_MODEL)?;
    let instr = if instruction.is_null() {
        Instruction::Published
    } else {
        Instruction::parse(name(instruction)?).ok_or(PTXFP_ERR_MMA_MODEL)?
    };
    Arith::new(g, i, o, instr).map_err(|_| PTXFP_ERR_MMA_MODEL)
}

fn status_of(e: TcError) -> ptxfp_status {
    match e {
        TcError::Inexact { .. } => PTXFP_ERR_INEXACT,
        TcError::Unsupported { .. } => PTXFP_ERR_MMA_MODEL,
        TcError::Length { .. } | TcError::BlockTooLong { .. } | TcError::Shape { .. } => {
            PTXFP_ERR_OPERANDS
        }
    }
}

/// The `n` elements at `p`, or an empty slice where `n` is 0 (`p` may then
/// be NULL); `PTXFP_ERR_OPERANDS` for a length no array has.
unsafe fn slice<'a>(p: *const u32, n: usize) -> Result<&'a [u32], ptxfp_status> {
    if n == 0 {
        return Ok(&[]);
    }
    if p.is_null() {
        return Err(PTXFP_ERR_NULL);
    }
    crate::array_bytes(p as usize, n, 32).ok_or(PTXFP_ERR_OPERANDS)?;
    // SAFETY: the caller gives `n` readable elements at `p`.
    Ok(unsafe { std::slice::from_raw_parts(p, n) })
}

/// One tensor-core inner product `d = a·b + c` as `gpu` computes it
/// (docs/TENSOR_CORES.md): blocks of the GPU's block size, each aligned,
/// truncated and rounded as its model says, chained through the
/// accumulator; a short last block is padded with zeros.
///
/// - `gpu`: a name (`"V100"`, `"A100"`, `"A2"`, `"A30"`, `"Ada"`,
///   `"L40S"`, `"H100"`, `"H200"`, `"B200"`, `"RTXPRO6000"`; any case) or
///   an sm target (`"sm_70"`, `"sm_80"`, `"sm_86"`, `"sm_89"`, `"sm_90"`,
///   `"sm_100"`, `"sm_120"`).
/// - `in_format`: `"f16"`, `"bf16"`, `"tf32"`, `"e4m3"` or `"e5m2"`;
///   `out_format`: `"f32"` or `"f16"`.
/// - `a`, `b`: `k` inputs each, as the f32 bit patterns of values exact in
///   the input format (as the published measurements store them); NULL
///   only where `k` is 0.
/// - `c`: the addend in the accumulator format (f16 bits in the low 16
///   bits for `"f16"`); `d` receives the result the same way. Required.
///
/// Returns `PTXFP_OK`, `PTXFP_ERR_NULL`, `PTXFP_ERR_ENCODING`,
/// `PTXFP_ERR_MMA_MODEL` (an unknown GPU or format, or a pair the GPU has
/// no model for: `ptxfp mma gpus` lists them) or `PTXFP_ERR_INEXACT` (an
/// input is not exact in the input format); `*d` is written only on
/// success. Thread-safe; allocates nothing.
///
/// # Safety
/// The strings are NUL-terminated (or NULL); `a` and `b` have `k` readable
/// elements; `d` is NULL or writable.
#[no_mangle]
pub unsafe extern "C" fn ptxfp_mma_dot(
    gpu: *const c_char,
    in_format: *const c_char,
    out_format: *const c_char,
    a: *const u32,
    b: *const u32,
    k: usize,
    c: u32,
    d: *mut u32,
) -> ptxfp_status {
    let r = catch_unwind(AssertUnwindSafe(|| {
        if d.is_null() {
            return PTXFP_ERR_NULL;
        }
        // SAFETY: the caller's contract.
        let run = || unsafe {
            let m = model(gpu, in_format, out_format, std::ptr::null())?;
            let (a, b) = (slice(a, k)?, slice(b, k)?);
            m.dot(a, b, c).map_err(status_of)
        };
        match run() {
            Ok(x) => {
                // SAFETY: `d` is writable.
                unsafe { *d = x };
                PTXFP_OK
            }
            Err(s) => s,
        }
    }));
    r.unwrap_or(PTXFP_ERR_INTERNAL)
}

/// `rows` inner products at once: row `i` is `ptxfp_mma_dot` of
/// `a[i*k .. i*k+k]`, `b[i*k .. i*k+k]` and `c[i]` (0 for every row where
/// `c` is NULL), written to `d[i]`. Each row is independent (`rows`
/// inner products of length `k`, laid out row-major); for a GEMM, lay out
/// each output element's row and column.
///
/// `threads`: 0 uses all cores (one shared pool), 1 the calling thread
/// only, 1 < k <= 1024 a pool of k threads made for the call, no more
/// than the host's cores (more is
/// `PTXFP_ERR_THREADS`); up to 4096 rows always run on the calling thread.
///
/// Returns as `ptxfp_mma_dot` (or `PTXFP_ERR_THREADS`). On an error
/// nothing useful is in `d`: an inexact input anywhere fails the whole
/// call with `PTXFP_ERR_INEXACT`, whatever rows were computed before it
/// was met. The rows run through the batched kernel (the same bits as
/// `ptxfp_mma_dot` row by row).
///
/// # Safety
/// `a` and `b` have `rows * k` readable elements, `c` (unless NULL) `rows`,
/// `d` `rows` writable ones not overlapping the others.
#[no_mangle]
pub unsafe extern "C" fn ptxfp_mma_dot_rows(
    gpu: *const c_char,
    in_format: *const c_char,
    out_format: *const c_char,
    a: *const u32,
    b: *const u32,
    k: usize,
    c: *const u32,
    d: *mut u32,
    rows: usize,
    threads: u32,
) -> ptxfp_status {
    // SAFETY: the caller's contract, passed on.
    unsafe {
        ptxfp_mma_dot_rows_instruction(
            gpu,
            in_format,
            out_format,
            std::ptr::null(),
            a,
            b,
            k,
            c,
            d,
            rows,
            threads,
        )
    }
}

/// `ptxfp_mma_dot_rows` for one instruction's numerics: `instruction` is
/// `"published"` (the GPU's published model; also NULL) or `"mma.sync"`
/// (the PTX instruction, where the GPU's `mma.sync` was measured to differ
/// from the published model: FP8 inputs with fp32 results on H100/H200,
/// where K runs as chained instructions of K = 32; docs/TENSOR_CORES.md).
/// Another name is `PTXFP_ERR_MMA_MODEL`, as is a pair the GPU has no
/// model for.
/// Added in API 1.3.
///
/// # Safety
/// As `ptxfp_mma_dot_rows`; `instruction` is NULL or NUL-terminated.
#[no_mangle]
#[allow(clippy::too_many_arguments)]
pub unsafe extern "C" fn ptxfp_mma_dot_rows_instruction(
    gpu: *const c_char,
    in_format: *const c_char,
    out_format: *const c_char,
    instruction: *const c_char,
    a: *const u32,
    b: *const u32,
    k: usize,
    c: *const u32,
    d: *mut u32,
    rows: usize,
    threads: u32,
) -> ptxfp_status {
    let r = catch_unwind(AssertUnwindSafe(|| {
        // SAFETY: the caller's contract.
        let setup = || unsafe {
            let m = model(gpu, in_format, out_format, instruction)?;
            let n = rows.checked_mul(k).ok_or(PTXFP_ERR_OPERANDS)?;
            let (a, b) = (slice(a, n)?, slice(b, n)?);
            let c = if c.is_null() {
                None
            } else {
                Some(slice(c, rows)?)
            };
            if rows > 0 && d.is_null() {
                return Err(PTXFP_ERR_NULL);
            }
            if rows > 0 {
                crate::array_bytes(d as usize, rows, 32).ok_or(PTXFP_ERR_OPERANDS)?;
            }
            if threads > crate::MAX_THREADS {
                return Err(PTXFP_ERR_THREADS);
            }
            let d: &mut [u32] = if rows == 0 {
                &mut []
            } else {
                std::slice::from_raw_parts_mut(d, rows)
            };
            Ok((m, a, b, c, d))
        };
        let (m, a, b, c, d) = match setup() {
            Ok(x) => x,
            Err(s) => return s,
        };
        let mut zeros = Vec::new();
        let c = match c {
            Some(c) => c,
            None => {
                // Where the host cannot hold them, a status, not an abort.
                if zeros.try_reserve_exact(rows).is_err() {
                    return PTXFP_ERR_OPERANDS;
                }
                zeros.resize(rows, 0);
                &zeros[..]
            }
        };
        // Rows lo..lo + d.len() through the batched kernel
        // (`Model::dot_rows`: the same bits as `Model::dot` row by row, a
        // SIMD path where the CPU has one).
        let rows_at = |lo: usize, d: &mut [u32]| -> Result<(), ptxfp_status> {
            let hi = lo + d.len();
            m.dot_rows(k, &a[lo * k..hi * k], &b[lo * k..hi * k], &c[lo..hi], d)
                .map_err(status_of)
        };
        let work = |d: &mut [u32]| -> Result<(), ptxfp_status> {
            use rayon::prelude::*;
            if threads == 1 || rows <= SERIAL_ROWS {
                rows_at(0, d)
            } else {
                d.par_chunks_mut(SERIAL_ROWS / 4)
                    .enumerate()
                    .try_for_each(|(j, d)| rows_at(j * (SERIAL_ROWS / 4), d))
            }
        };
        let r = if threads <= 1 || rows <= SERIAL_ROWS {
            work(d)
        } else {
            crate::in_pool(threads, || work(d)).and_then(|r| r)
        };
        match r {
            Ok(()) => PTXFP_OK,
            Err(s) => s,
        }
    }));
    r.unwrap_or(PTXFP_ERR_INTERNAL)
}
