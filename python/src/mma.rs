//! Tensor-core inner products for `ptxfp.mma_dot` and `ptxfp.matmul`: the
//! block-FMA models of `ptxfp-tc` (docs/TENSOR_CORES.md) over 2-D arrays
//! of bits. Inputs cross as the f32 bit patterns of values exact in the
//! input format, `c` and `d` as accumulator bits (f16 in the low half); the
//! dtype rules live in `ptxfp/_mma.py`. The work runs with the GIL
//! released, rows spread over rayon's pool.

use numpy::{
    PyArray1, PyArray2, PyArrayMethods, PyReadonlyArray1, PyReadonlyArray2, PyUntypedArrayMethods,
};
use ptxfp_tc::{Arith, Gpu, InFormat, Instruction, OutFormat};
use pyo3::prelude::*;
use rayon::prelude::*;

use crate::error;

/// The arithmetic, or a `FormError` naming what was expected.
fn model(
    py: Python<'_>,
    gpu: &str,
    a_format: &str,
    b_format: Option<&str>,
    d_format: &str,
    instruction: &str,
) -> PyResult<Arith> {
    let form = |m: String| error(py, "FormError", (m,));
    let g = Gpu::parse(gpu).ok_or_else(|| {
        let names: Vec<&str> = Gpu::ALL.iter().map(|g| g.name()).collect();
        form(format!(
            "unknown GPU {gpu:?}: expected one of {} (any case), or an sm target: sm_70, sm_80, sm_86, sm_89, sm_90, sm_100, sm_120",
            names.join(", ")
        ))
    })?;
    let i = InFormat::parse(a_format).ok_or_else(|| {
        form(format!(
            "unknown a_format {a_format:?}: expected \"f16\", \"bf16\", \"tf32\", \"e4m3\" or \"e5m2\""
        ))
    })?;
    let bi = match b_format {
        None => i,
        Some(b) => InFormat::parse(b).ok_or_else(|| {
            form(format!(
                "unknown b_format {b:?}: expected \"f16\", \"bf16\", \"tf32\", \"e4m3\" or \"e5m2\""
            ))
        })?,
    };
    let o = OutFormat::parse(d_format).ok_or_else(|| {
        form(format!(
            "unknown d_format {d_format:?}: expected \"f32\" or \"f16\""
        ))
    })?;
    let instr = Instruction::parse(instruction).ok_or_else(|| {
        form(format!(
            "unknown instruction {instruction:?}: expected \"published\" or \"mma.sync\""
        ))
    })?;
    Arith::mixed(g, i, bi, o, instr).map_err(|e| form(e.to_string()))
}

/// The first element of a row-major `rows × cols` array not exact in the
/// input format, as a `ValueError` naming it.
fn check_exact(fmt: InFormat, name: &str, x: &[u32], cols: usize) -> PyResult<()> {
    match x.iter().position(|&v| fmt.from_f32_bits(v).is_none()) {
        None => Ok(()),
        Some(p) => {
            let v = f32::from_bits(x[p]);
            Err(pyo3::exceptions::PyValueError::new_err(format!(
                "{name}[{}, {}] = {v:?} (f32 bits {:#010x}) is not exactly representable in {}: tensor-core inputs are never rounded; round them first (e.g. astype(ml_dtypes.{}))",
                p / cols.max(1),
                p % cols.max(1),
                x[p],
                fmt.name(),
                match fmt {
                    InFormat::F16 => "float16 or numpy.float16",
                    InFormat::Bf16 => "bfloat16",
                    InFormat::Tf32 => "float32 with the low 13 bits cleared",
                    InFormat::E4m3 => "float8_e4m3fn",
                    InFormat::E5m2 => "float8_e5m2",
                }
            )))
        }
    }
}

fn contiguous<'a>(
    py: Python<'_>,
    name: &str,
    a: &'a PyReadonlyArray2<'_, u32>,
) -> PyResult<&'a [u32]> {
    a.as_slice()
        .map_err(|e| error(py, "ShapeError", (format!("{name}: {e}"),)))
}

/// `d[s] = dot(a[s, :], b[s, :], c[s])` for every row `s`.
#[pyfunction]
#[pyo3(signature = (gpu, a_format, d_format, a, b, c, instruction = "published", b_format = None))]
#[allow(clippy::too_many_arguments)]
pub fn _mma_rows<'py>(
    py: Python<'py>,
    gpu: &str,
    a_format: &str,
    d_format: &str,
    a: PyReadonlyArray2<'py, u32>,
    b: PyReadonlyArray2<'py, u32>,
    c: PyReadonlyArray1<'py, u32>,
    instruction: &str,
    b_format: Option<&str>,
) -> PyResult<Bound<'py, PyArray1<u32>>> {
    let m = model(py, gpu, a_format, b_format, d_format, instruction)?;
    let (s, k) = (a.shape()[0], a.shape()[1]);
    let (av, bv) = (contiguous(py, "a", &a)?, contiguous(py, "b", &b)?);
    let cv = c
        .as_slice()
        .map_err(|e| error(py, "ShapeError", (format!("c: {e}"),)))?;
    if b.shape() != a.shape() || cv.len() != s {
        return Err(error(
            py,
            "ShapeError",
            (format!(
                "a is {:?}, b {:?} and c {:?}: a and b must be (S, K) and c (S,)",
                a.shape(),
                b.shape(),
                c.shape()
            ),),
        ));
    }
    // Ctrl-C: the rows left are skipped, and the result (discarded) is
    // KeyboardInterrupt.
    let r = crate::interruptible(py, |stop| {
        let stopped = || stop.load(std::sync::atomic::Ordering::Relaxed);
        let mut d = vec![0u32; s];
        // Rows lo.. through the batched kernel (`Model::dot_rows`: the
        // same bits as `Model::dot` row by row). The model exists and
        // the lengths are equal, so the one error is an input not
        // exact in the format, named below.
        let rows_at = |lo: usize, d: &mut [u32]| {
            let hi = lo + d.len();
            m.dot_rows(k, &av[lo * k..hi * k], &bv[lo * k..hi * k], &cv[lo..hi], d)
                .is_ok()
        };
        const CHUNK: usize = 1 << 10;
        let ok = if s * k.max(1) < 1 << 14 {
            rows_at(0, &mut d)
        } else {
            d.par_chunks_mut(CHUNK)
                .enumerate()
                .map(|(j, d)| stopped() || rows_at(j * CHUNK, d))
                .reduce(|| true, |x, y| x && y)
        };
        ok.then_some(d)
    })?;
    match r {
        Some(d) => Ok(PyArray1::from_vec(py, d)),
        None => {
            check_exact(m.input(), "a", av, k)?;
            check_exact(m.b_input(), "b", bv, k)?;
            Err(error(
                py,
                "InternalError",
                ("dot_rows failed on exact inputs".to_string(),),
            ))
        }
    }
}

/// `D = A·B + C` for `A` (M, K), `B` (K, N), `C` (M, N).
#[pyfunction]
#[pyo3(signature = (gpu, a_format, d_format, a, b, c, instruction = "published", b_format = None))]
#[allow(clippy::too_many_arguments)]
pub fn _mma_gemm<'py>(
    py: Python<'py>,
    gpu: &str,
    a_format: &str,
    d_format: &str,
    a: PyReadonlyArray2<'py, u32>,
    b: PyReadonlyArray2<'py, u32>,
    c: PyReadonlyArray2<'py, u32>,
    instruction: &str,
    b_format: Option<&str>,
) -> PyResult<Bound<'py, PyArray2<u32>>> {
    let m = model(py, gpu, a_format, b_format, d_format, instruction)?;
    let (rows, k) = (a.shape()[0], a.shape()[1]);
    let n = b.shape()[1];
    if b.shape()[0] != k || c.shape() != [rows, n] {
        return Err(error(
            py,
            "ShapeError",
            (format!(
                "A is {:?}, B {:?} and C {:?}: A must be (M, K), B (K, N) and C (M, N)",
                a.shape(),
                b.shape(),
                c.shape()
            ),),
        ));
    }
    let (av, bv, cv) = (
        contiguous(py, "A", &a)?,
        contiguous(py, "B", &b)?,
        contiguous(py, "C", &c)?,
    );
    // Ctrl-C: the GEMM stops between blocks of rows (its result, None,
    // is discarded for the KeyboardInterrupt).
    let r = crate::interruptible(py, |stop| {
        // The batched GEMM (`Model::gemm_threads`: A and B decoded once,
        // each element of D one chained inner product as
        // `Model::gemm` gives it, on rayon's threads).
        let threads = if rows * n * k.max(1) < 1 << 14 {
            1
        } else {
            rayon::current_num_threads()
        };
        let stopped = || stop.load(std::sync::atomic::Ordering::Relaxed);
        ptxfp_tc::Gemm::new((rows, n, k), av, bv, cv)
            .and_then(|g| m.gemm_threads_until(threads, g, &stopped))
            .ok()
            .flatten()
    })?;
    match r {
        Some(d) => PyArray1::from_vec(py, d)
            .reshape([rows, n])
            .map_err(|e| error(py, "ShapeError", (e.to_string(),))),
        // The one error with fitting shapes: an input not exact in the
        // format, named here.
        None => {
            check_exact(m.input(), "A", av, k)?;
            check_exact(m.b_input(), "B", bv, n)?;
            Err(error(
                py,
                "InternalError",
                ("gemm failed on exact inputs".to_string(),),
            ))
        }
    }
}
