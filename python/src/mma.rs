//! Tensor-core inner products for `ptxfp.mma_dot` and `ptxfp.matmul`: the
//! block-FMA models of `ptxfp-tc` (docs/TENSOR_CORES.md) over 2-D arrays
//! of bits. Inputs cross as the f32 bit patterns of values exact in the
//! input format, `c` and `d` as accumulator bits (f16 in the low half); the
//! dtype rules live in `ptxfp/_mma.py`. The work runs with the GIL
//! released, rows spread over rayon's pool.

use std::panic::{catch_unwind, AssertUnwindSafe};

use numpy::{
    PyArray1, PyArray2, PyArrayMethods, PyReadonlyArray1, PyReadonlyArray2, PyUntypedArrayMethods,
};
use ptxfp_tc::{Gpu, InFormat, Model, OutFormat};
use pyo3::prelude::*;
use rayon::prelude::*;

use crate::{error, internal};

/// The model, or a `FormError` naming what was expected.
fn model(py: Python<'_>, gpu: &str, a_format: &str, d_format: &str) -> PyResult<Model> {
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
    let o = OutFormat::parse(d_format).ok_or_else(|| {
        form(format!(
            "unknown d_format {d_format:?}: expected \"f32\" or \"f16\""
        ))
    })?;
    Model::new(g, i, o).map_err(|e| form(e.to_string()))
}

/// The first element of a row-major `rows × cols` array not exact in the
/// input format, as a `ValueError` naming it.
fn check_exact(m: &Model, name: &str, x: &[u32], cols: usize) -> PyResult<()> {
    let fmt = m.params.input;
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
pub fn _mma_rows<'py>(
    py: Python<'py>,
    gpu: &str,
    a_format: &str,
    d_format: &str,
    a: PyReadonlyArray2<'py, u32>,
    b: PyReadonlyArray2<'py, u32>,
    c: PyReadonlyArray1<'py, u32>,
) -> PyResult<Bound<'py, PyArray1<u32>>> {
    let m = model(py, gpu, a_format, d_format)?;
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
    check_exact(&m, "a", av, k)?;
    check_exact(&m, "b", bv, k)?;
    let r = py.allow_threads(|| {
        catch_unwind(AssertUnwindSafe(|| {
            let mut d = vec![0u32; s];
            let row = |i: usize| {
                // Cannot fail: the model exists, the lengths are equal and
                // every input was checked exact above.
                m.dot(&av[i * k..(i + 1) * k], &bv[i * k..(i + 1) * k], cv[i])
                    .unwrap_or(ptxfp_tc::F32_NAN)
            };
            if s * k.max(1) < 1 << 14 {
                d.iter_mut().enumerate().for_each(|(i, o)| *o = row(i));
            } else {
                d.par_iter_mut().enumerate().for_each(|(i, o)| *o = row(i));
            }
            d
        }))
    });
    match r {
        Ok(d) => Ok(PyArray1::from_vec(py, d)),
        Err(p) => Err(internal(py, &p)),
    }
}

/// `D = A·B + C` for `A` (M, K), `B` (K, N), `C` (M, N).
#[pyfunction]
pub fn _mma_gemm<'py>(
    py: Python<'py>,
    gpu: &str,
    a_format: &str,
    d_format: &str,
    a: PyReadonlyArray2<'py, u32>,
    b: PyReadonlyArray2<'py, u32>,
    c: PyReadonlyArray2<'py, u32>,
) -> PyResult<Bound<'py, PyArray2<u32>>> {
    let m = model(py, gpu, a_format, d_format)?;
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
    check_exact(&m, "A", av, k)?;
    check_exact(&m, "B", bv, n)?;
    let r = py.allow_threads(|| {
        catch_unwind(AssertUnwindSafe(|| {
            // B's columns, contiguous: each element of D is one chained
            // inner product of a row of A and a column of B.
            let mut bt = vec![0u32; n * k];
            for t in 0..k {
                for j in 0..n {
                    bt[j * k + t] = bv[t * n + j];
                }
            }
            let mut d = vec![0u32; rows * n];
            let fill = |(i, drow): (usize, &mut [u32])| {
                let arow = &av[i * k..(i + 1) * k];
                for (j, o) in drow.iter_mut().enumerate() {
                    *o = m
                        .dot(arow, &bt[j * k..(j + 1) * k], cv[i * n + j])
                        .unwrap_or(ptxfp_tc::F32_NAN);
                }
            };
            if n > 0 {
                if rows * n * k.max(1) < 1 << 14 {
                    d.chunks_mut(n).enumerate().for_each(fill);
                } else {
                    d.par_chunks_mut(n).enumerate().for_each(fill);
                }
            }
            d
        }))
    });
    match r {
        Ok(d) => PyArray1::from_vec(py, d)
            .reshape([rows, n])
            .map_err(|e| error(py, "ShapeError", (e.to_string(),))),
        Err(p) => Err(internal(py, &p)),
    }
}
