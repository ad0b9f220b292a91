"""Tensor-core inner products: ``mma_dot`` and ``matmul`` (docs/TENSOR_CORES.md).

The arithmetic is the Rust block-FMA models (``ptxfp._ptxfp._mma_rows`` and
``_mma_gemm``); this module only turns arrays into bits and back. Inputs
are never rounded: a value that is not exact in ``a_format`` is a
``ValueError`` naming it.
"""

import ml_dtypes
import numpy as np

from . import _ptxfp as _ext
from ._errors import DtypeError, ShapeError

__all__ = ["mma_dot", "matmul"]

# The typed dtype of each input format (tf32 has none: float32 with the low
# 13 bits zero).
_TYPED = {
    "f16": np.dtype(np.float16),
    "bf16": np.dtype(ml_dtypes.bfloat16),
    "e4m3": np.dtype(ml_dtypes.float8_e4m3fn),
    "e5m2": np.dtype(ml_dtypes.float8_e5m2),
}
_ALIASES = {
    "fp16": "f16",
    "half": "f16",
    "bfloat16": "bf16",
    "fp8-e4m3": "e4m3",
    "f8e4m3": "e4m3",
    "fp8-e5m2": "e5m2",
    "f8e5m2": "e5m2",
    "fp32": "f32",
    "single": "f32",
}


def _fmt(name):
    if not isinstance(name, str):
        raise TypeError(f"a format is a string such as 'bf16', not {type(name).__name__}")
    low = name.lower()
    return _ALIASES.get(low, low)


def _inputs(x, name, a_format, ndim):
    """``x`` as a C-contiguous uint32 array of f32 bit patterns."""
    x = np.asarray(x)
    if x.ndim != ndim:
        shape = "(S, K)" if ndim == 2 and name in ("a", "b") else "2-D"
        raise ShapeError(f"{name} has shape {x.shape}: expected a {shape} array")
    typed = _TYPED.get(a_format)
    if x.dtype == np.float32:
        f = x
    elif typed is not None and x.dtype == typed:
        # Every value of the input format is exact in float32.
        f = x.astype(np.float32)
    elif x.dtype == np.float64 or (x.dtype.kind in "iu" and x.dtype.itemsize <= 8):
        f = x.astype(np.float32)
        same = f.astype(x.dtype) == x
        if x.dtype.kind == "f":
            same |= np.isnan(x)  # a NaN stays a NaN
        if not same.all():
            bad = np.argwhere(~same)[0]
            raise ValueError(
                f"{name}[{', '.join(map(str, bad))}] = {x[tuple(bad)]!r} is not exact in "
                f"float32, so not in {a_format}: tensor-core inputs are never rounded"
            )
    else:
        want = "float32" + (f" or {typed}" if typed is not None else "")
        which = "b_format" if name in ("b", "B") else "a_format"
        raise DtypeError(f"{name} has dtype {x.dtype}: for {which}={a_format!r} expected {want}")
    return np.ascontiguousarray(f).view(np.uint32)


def _acc(x, name, d_format, shape):
    """``x`` (None: zeros) as accumulator bits, uint32, broadcast to ``shape``."""
    if x is None:
        return np.zeros(shape, dtype=np.uint32)
    x = np.asarray(x)
    want = np.float32 if d_format == "f32" else np.float16
    if x.dtype != want:
        if x.dtype.kind not in "fiu":
            raise DtypeError(f"{name} has dtype {x.dtype}: expected {np.dtype(want)}")
        y = x.astype(want)
        if not np.array_equal(y.astype(x.dtype), x, equal_nan=x.dtype.kind == "f"):
            raise ValueError(
                f"{name} holds values not exact in {np.dtype(want)} (the accumulator "
                f"d_format={d_format!r}); convert it first"
            )
        x = y
    try:
        x = np.broadcast_to(x, shape)
    except ValueError:
        raise ShapeError(f"{name} has shape {x.shape}: expected {shape}") from None
    bits = np.ascontiguousarray(x).view(np.uint32 if d_format == "f32" else np.uint16)
    return bits.astype(np.uint32)


def _out(bits, d_format):
    if d_format == "f32":
        return bits.view(np.float32)
    return bits.astype(np.uint16).view(np.float16)


def _formats(a_format, d_format, b_format=None):
    a_format, d_format = _fmt(a_format), _fmt(d_format)
    b_format = a_format if b_format is None else _fmt(b_format)
    if d_format not in ("f32", "f16"):
        from ._errors import FormError

        raise FormError(f"unknown d_format {d_format!r}: expected 'f32' or 'f16'")
    return a_format, b_format, d_format


def mma_dot(a, b, c=None, *, gpu, a_format, d_format, instruction="published", b_format=None):
    """Inner products as a GPU's tensor cores compute them.

    ``a`` and ``b`` are (S, K) arrays: float32 holding values exact in
    ``a_format`` ("f16", "bf16", "tf32", "e4m3", "e5m2"), or the typed
    arrays (numpy.float16, ml_dtypes.bfloat16, float8_e4m3fn,
    float8_e5m2). ``c`` is (S,) (or a scalar, or None for zeros) in the
    accumulator type, ``d_format`` "f32" or "f16". ``gpu`` is a name
    ("H100", "b200", any case) or an sm target ("sm_90").

    Returns d (S,), float32 or float16: for each row, one tensor-core inner
    product of length K plus c. K need not be the GPU's block: blocks chain
    through the accumulator as the instruction does (a short last block is
    padded with zeros). A value not exact in ``a_format`` raises
    ValueError; the GIL is released and long batches use all cores.

    ``instruction`` is "published" (the GPU's published model) or
    "mma.sync" (the PTX instruction where the GPU's ``mma.sync`` was
    measured to differ: FP8 inputs with f32 results on H100/H200, where K
    runs as chained instructions of K = 32; docs/TENSOR_CORES.md). FP8
    inputs with f16 results on H100/H200/B200 take the same two-pass rule
    under both (fitted on the published measurements).

    ``b_format`` is ``b``'s format where it differs from ``a_format``:
    mixed FP8, "e4m3" with "e5m2" either way (as PTX ``mma`` allows);
    None means ``a_format``.
    """
    a_format, b_format, d_format = _formats(a_format, d_format, b_format)
    a_bits = _inputs(a, "a", a_format, 2)
    b_bits = _inputs(b, "b", b_format, 2)
    if a_bits.shape != b_bits.shape:
        raise ShapeError(f"a has shape {a_bits.shape} and b {b_bits.shape}: both are (S, K)")
    c_bits = _acc(c, "c", d_format, (a_bits.shape[0],))
    d = _ext._mma_rows(gpu, a_format, d_format, a_bits, b_bits, c_bits, instruction, b_format)
    return _out(d, d_format)


def matmul(A, B, C=None, *, gpu, a_format, d_format, instruction="published", b_format=None):
    """D = A·B + C as a GPU's tensor cores compute it.

    ``A`` is (M, K), ``B`` (K, N), ``C`` (M, N) (or anything that broadcasts
    to it; None: zeros), with the dtype rules of :func:`mma_dot`. Each
    element of D is one chained inner product (:func:`mma_dot`) of a row of
    A and a column of B: K accumulates block by block in order, as the
    models' GEMM does. The GIL is released and the rows of D are spread over
    all cores. ``instruction`` and ``b_format`` (B's format, mixed FP8)
    are as for :func:`mma_dot`.
    """
    a_format, b_format, d_format = _formats(a_format, d_format, b_format)
    a_bits = _inputs(A, "A", a_format, 2)
    b_bits = _inputs(B, "B", b_format, 2)
    if a_bits.shape[1] != b_bits.shape[0]:
        raise ShapeError(
            f"A has shape {a_bits.shape} and B {b_bits.shape}: A is (M, K) and B (K, N)"
        )
    shape = (a_bits.shape[0], b_bits.shape[1])
    c_bits = _acc(C, "C", d_format, shape)
    d = _ext._mma_gemm(gpu, a_format, d_format, a_bits, b_bits, c_bits, instruction, b_format)
    return _out(d, d_format)
