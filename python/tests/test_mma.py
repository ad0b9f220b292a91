"""ptxfp.mma_dot and ptxfp.matmul on the published GPU measurements of
testdata/tc (see its README): every expected d is a GPU's bit pattern."""

import ml_dtypes
import numpy as np
import pytest

import ptxfp
from conftest import REPO

TC = REPO / "testdata" / "tc"


def _hex_rows(p):
    return np.array(
        [[int(t, 16) for t in line.split()] for line in p.read_text().splitlines() if line.strip()],
        dtype=np.uint32,
    )


def _bin(p):
    return np.array(
        [int(line.strip(), 2) for line in p.read_text().splitlines() if line.strip()],
        dtype=np.uint32,
    )


def measured(gpu, folder, acc):
    d = TC / gpu / folder
    a = _hex_rows(d / f"a_{gpu}_{folder}.txt").view(np.float32)
    b = _hex_rows(d / f"b_{gpu}_{folder}.txt").view(np.float32)
    c = _bin(d / f"c_{gpu}_fp32.txt").view(np.float32)
    want = _bin(d / f"d_{gpu}_{acc}.txt").view(np.float32)
    return a, b, c, want


# (GPU, folder, a_format, accumulator file)
SETS = [
    ("V100", "fp16", "f16", "fp16"),
    ("V100", "fp16", "f16", "fp32"),
    ("A100", "bf16", "bf16", "fp32"),
    ("A2", "tf32", "tf32", "fp32"),
    ("Ada", "E4M3", "e4m3", "fp16"),
    ("L40S", "E5M2", "e5m2", "fp32"),
    ("H100", "bf16", "bf16", "fp32"),
    ("H100", "E4M3", "e4m3", "fp32"),
    ("H200", "fp16", "f16", "fp16"),
    ("B200", "E5M2", "e5m2", "fp32"),
    ("B200", "tf32", "tf32", "fp32"),
    # FP8 -> fp16 on Hopper and Blackwell: the two-pass fp16 rule.
    ("H200", "E5M2", "e5m2", "fp16"),
    ("B200", "E4M3", "e4m3", "fp16"),
]


@pytest.mark.parametrize("gpu,folder,a_format,acc", SETS)
def test_mma_dot_matches_the_gpu(gpu, folder, a_format, acc):
    a, b, c, want = measured(gpu, folder, acc)
    if gpu in ("H100", "H200") and folder.startswith("E") and acc == "fp32":
        c = np.zeros_like(c)  # measured with wgmma and D = 0
    if acc == "fp16":
        c = c.astype(np.float16)  # the CUDA harness rounded C to nearest
        want = want.astype(np.float16)  # exact: the f32 value of an f16 d
        d_format = "f16"
    else:
        d_format = "f32"
    d = ptxfp.mma_dot(a, b, c, gpu=gpu, a_format=a_format, d_format=d_format)
    assert d.dtype == want.dtype and d.shape == want.shape
    ubits = np.uint16 if acc == "fp16" else np.uint32
    bad = np.flatnonzero(d.view(ubits) != want.view(ubits))
    assert bad.size == 0, f"{gpu} {folder} {acc}: lines {bad[:5] + 1} differ"


def test_typed_arrays_and_sm_targets():
    a, b, c, want = measured("H100", "bf16", "fp32")
    d = ptxfp.mma_dot(
        a.astype(ml_dtypes.bfloat16), b.astype(ml_dtypes.bfloat16), c,
        gpu="sm_90", a_format="BF16", d_format="f32",
    )
    assert np.array_equal(d.view(np.uint32), want.view(np.uint32))
    a, b, c, want = measured("B200", "E4M3", "fp32")
    d = ptxfp.mma_dot(
        a.astype(ml_dtypes.float8_e4m3fn), b.astype(ml_dtypes.float8_e4m3fn), c,
        gpu="b200", a_format="e4m3", d_format="f32",
    )
    assert np.array_equal(d.view(np.uint32), want.view(np.uint32))


def test_matmul_diagonal_is_measured_and_agrees_with_mma_dot():
    a, b, c, want = measured("A100", "bf16", "fp32")
    n = 6
    A = a[:n]  # (M, K): measured rows
    B = b[:n].T.copy()  # (K, N): column j is measured line j's b
    C = np.full((n, n), 0.25, dtype=np.float32)
    C[np.arange(n), np.arange(n)] = c[:n]
    D = ptxfp.matmul(A, B, C, gpu="A100", a_format="bf16", d_format="f32")
    assert D.shape == (n, n) and D.dtype == np.float32
    diag = np.diagonal(D).view(np.uint32)
    assert np.array_equal(diag, want[:n].view(np.uint32))
    # Every element is the inner product of its row and column.
    rows = np.repeat(A, n, axis=0)
    cols = np.tile(B.T, (n, 1))
    d = ptxfp.mma_dot(rows, cols, C.reshape(-1), gpu="A100", a_format="bf16", d_format="f32")
    assert np.array_equal(D.reshape(-1).view(np.uint32), d.view(np.uint32))


def test_long_k_chains_blocks_over_many_rows():
    # K = 3 blocks of the H100's 16: each row is the measured first block,
    # then two blocks of zeros, so d is the measured d (zeros add nothing to
    # a nonzero accumulator and the chain rounds an exact value again to
    # itself). Enough rows to take the parallel path.
    a, b, c, want = measured("H100", "bf16", "fp32")
    z = np.zeros((a.shape[0], 32), dtype=np.float32)
    reps = 50
    A = np.tile(np.hstack([a, z]), (reps, 1))
    B = np.tile(np.hstack([b, z]), (reps, 1))
    d = ptxfp.mma_dot(A, B, np.tile(c, reps), gpu="H100", a_format="bf16", d_format="f32")
    assert np.array_equal(d.view(np.uint32), np.tile(want, reps).view(np.uint32))


def test_errors_say_what_was_expected():
    one = np.ones((1, 4), dtype=np.float32)
    with pytest.raises(ptxfp.FormError, match='unknown GPU "T4"'):
        ptxfp.mma_dot(one, one, gpu="T4", a_format="f16", d_format="f32")
    with pytest.raises(ptxfp.FormError, match="no tensor-core model for e4m3 inputs with fp32"):
        ptxfp.mma_dot(one, one, gpu="A100", a_format="e4m3", d_format="f32")
    with pytest.raises(ptxfp.FormError, match="unknown a_format"):
        ptxfp.mma_dot(one, one, gpu="H100", a_format="fp64", d_format="f32")
    x = one.copy()
    x[0, 2] = 0.1
    with pytest.raises(ValueError, match=r"a\[0, 2\] .* not exactly representable in bf16"):
        ptxfp.mma_dot(x, one, gpu="H100", a_format="bf16", d_format="f32")
    # A long batch (the parallel path) names the first inexact element too,
    # and so does matmul, in A or in B.
    many = np.ones((5000, 4), dtype=np.float32)
    many[4321, 3] = 0.1
    with pytest.raises(ValueError, match=r"a\[4321, 3\] .* not exactly representable in bf16"):
        ptxfp.mma_dot(many, np.ones_like(many), gpu="H100", a_format="bf16", d_format="f32")
    sq = np.ones((64, 64), dtype=np.float32)
    bad = sq.copy()
    bad[5, 7] = 0.1
    with pytest.raises(ValueError, match=r"B\[5, 7\] .* not exactly representable in bf16"):
        ptxfp.matmul(sq, bad, gpu="H100", a_format="bf16", d_format="f32")
    with pytest.raises(ValueError, match=r"A\[5, 7\] .* not exactly representable in bf16"):
        ptxfp.matmul(bad, sq, gpu="H100", a_format="bf16", d_format="f32")
    with pytest.raises(ptxfp.ShapeError):
        ptxfp.mma_dot(one, np.ones((1, 3), dtype=np.float32), gpu="H100", a_format="bf16", d_format="f32")
    with pytest.raises(ptxfp.ShapeError):
        ptxfp.matmul(one, one, gpu="H100", a_format="bf16", d_format="f32")
    with pytest.raises(ptxfp.DtypeError):
        ptxfp.mma_dot(one.astype(np.float16), one, gpu="H100", a_format="bf16", d_format="f32")


def test_the_docs_example():
    # docs/PYTHON.md: 1.5 + 2 - 0.25 + 0.5, exact in every step.
    a = np.array([[1.5, 2, -0.25]], dtype=ml_dtypes.bfloat16)
    d = ptxfp.mma_dot(a, np.ones((1, 3), np.float32), [0.5], gpu="H100", a_format="bf16", d_format="f32")
    assert d.dtype == np.float32 and d.view(np.uint32).tolist() == [0x40700000]


def test_float64_and_int_inputs_are_taken_when_exact():
    a, b, c, want = measured("V100", "fp16", "fp32")
    d = ptxfp.mma_dot(a.astype(np.float64), b.astype(np.float64), c.astype(np.float64),
                      gpu="V100", a_format="f16", d_format="f32")
    assert np.array_equal(d.view(np.uint32), want.view(np.uint32))
    x = np.array([[1.0, 2.0**-30 + 1.0]])  # exact in float64, not in float32
    with pytest.raises(ValueError, match=r"a\[0, 1\] .* not exact in float32"):
        ptxfp.mma_dot(x, x, gpu="V100", a_format="f16", d_format="f32")
    d = ptxfp.mma_dot([[1, 2]], [[3, -4]], [0.5], gpu="V100", a_format="f16", d_format="f32")
    assert d.view(np.uint32).tolist() == [np.float32(-4.5).view(np.uint32)]


def test_mma_sync_is_its_own_fp8_rule_on_hopper():
    # By hand (docs/TENSOR_CORES.md, Hopper mma.sync with FP8 inputs,
    # measured on an H200): products 1, 2^-14 and 1.5. mma.sync adds the
    # k % 4 in {0, 1} products in one fp16-path pass (1 + 2^-14, exact),
    # then k = 2 (2.5 + 2^-14 = 0x40200100), then c = 2^-30 by one fp32
    # RNE addition, below half an ulp. The published model keeps 13 bits
    # below the largest product: 2^-14 is lost, 2.5 (0x40200000).
    a = np.array([[1.0, 2.0**-7, 3.0]], dtype=np.float32)
    b = np.array([[1.0, 2.0**-7, 0.5]], dtype=np.float32)
    c = np.array([2.0**-30], dtype=np.float32)
    kw = dict(gpu="H200", a_format="e4m3", d_format="f32")
    sync = ptxfp.mma_dot(a, b, c, instruction="mma.sync", **kw)
    pub = ptxfp.mma_dot(a, b, c, **kw)
    assert sync.view(np.uint32)[0] == 0x40200100
    assert pub.view(np.uint32)[0] == 0x40200000
    assert ptxfp.mma_dot(a, b, c, instruction="published", **kw).view(np.uint32)[0] == 0x40200000
    # Typed float8 arrays take the same path; matmul's elements are the
    # rows' dots; K = 64 is two chained mma.sync of K = 32.
    rng = np.random.default_rng(7)
    vals = np.array([0.0, 1.0, -0.5, 2.0**-7, 2.0**-9, 3.0, -448.0, 0.75], dtype=np.float32)
    A = rng.choice(vals, size=(3, 64)).astype(ml_dtypes.float8_e4m3fn)
    B = rng.choice(vals, size=(64, 2)).astype(ml_dtypes.float8_e4m3fn)
    C = rng.choice(vals, size=(3, 2)).astype(np.float32)
    D = ptxfp.matmul(A, B, C, instruction="mma.sync", **kw)
    for i in range(3):
        for j in range(2):
            row = ptxfp.mma_dot(A[i : i + 1], B[:, j][None, :], C[i, j : j + 1], instruction="mma.sync", **kw)
            assert row.view(np.uint32)[0] == D.view(np.uint32)[i, j]
            first = ptxfp.mma_dot(A[i : i + 1, :32], B[:32, j][None, :], C[i, j : j + 1], instruction="mma.sync", **kw)
            second = ptxfp.mma_dot(A[i : i + 1, 32:], B[32:, j][None, :], first, instruction="mma.sync", **kw)
            assert second.view(np.uint32)[0] == D.view(np.uint32)[i, j]
    # Non-FP8 inputs: the same bits either way.
    x = np.array([[1.5, 2.0]], dtype=np.float32)
    y = np.array([[2.0, 0.25]], dtype=np.float32)
    for instr in ("published", "mma.sync"):
        d = ptxfp.mma_dot(x, y, np.float32(0.5), gpu="H100", a_format="bf16", d_format="f32", instruction=instr)
        assert d.view(np.uint32)[0] == 0x40800000
    with pytest.raises(ptxfp.FormError, match='unknown instruction "wmma"'):
        ptxfp.mma_dot(a, b, c, instruction="wmma", **kw)
    # FP8 -> f16: the same two-pass rule under both instructions (see
    # test_fp8_to_f16_under_mma_sync).
    kw16 = dict(gpu="H200", a_format="e4m3", d_format="f16")
    assert np.array_equal(
        ptxfp.mma_dot(a, b, **kw16).view(np.uint16), ptxfp.mma_dot(a, b, instruction="mma.sync", **kw16).view(np.uint16)
    )


def test_mixed_fp8_formats():
    # By hand (crates/tc/tests/mixed.rs has the derivation): E4M3 15 times
    # E5M2 1.75 * 2^-3 is 3.28125 at exponent 0; E4M3 2^-6 times E5M2
    # 1.25 * 2^-8 is 1.25 * 2^-14. H100 keeps 13 fraction bits below 2^0
    # (the small product is lost: 0x40520000); the B200 keeps 25
    # (0x40520140).
    a = np.array([[15.0, 2.0**-6]], dtype=ml_dtypes.float8_e4m3fn)
    b = np.array([[0.21875, 1.25 * 2.0**-8]], dtype=ml_dtypes.float8_e5m2)
    for gpu, want in (("H100", 0x40520000), ("sm_89", 0x40520000), ("B200", 0x40520140)):
        d = ptxfp.mma_dot(a, b, gpu=gpu, a_format="e4m3", b_format="e5m2", d_format="f32")
        assert d.view(np.uint32).tolist() == [want], gpu
        d = ptxfp.mma_dot(b, a, gpu=gpu, a_format="e5m2", b_format="e4m3", d_format="f32")
        assert d.view(np.uint32).tolist() == [want], gpu
    # mma.sync on Hopper keeps the small product (fp16 passes).
    d = ptxfp.mma_dot(a, b, gpu="H100", a_format="e4m3", b_format="e5m2", d_format="f32", instruction="mma.sync")
    assert d.view(np.uint32).tolist() == [0x40520140]
    # matmul reads B in b_format: A (1x2) times B (2x1).
    D = ptxfp.matmul(a, b.T, gpu="B200", a_format="e4m3", b_format="e5m2", d_format="f32")
    assert D.view(np.uint32).tolist() == [[0x40520140]]
    # Each side in its own format: 57344 is E5M2, not E4M3; typed arrays
    # of the other format are refused by dtype.
    one = np.array([[1.0]], dtype=np.float32)
    big = np.array([[57344.0]], dtype=np.float32)
    kw = dict(gpu="H100", a_format="e4m3", b_format="e5m2", d_format="f32")
    assert ptxfp.mma_dot(one, big, **kw).tolist() == [57344.0]
    with pytest.raises(ValueError, match=r"a\[0, 0\] = 57344.0"):
        ptxfp.mma_dot(big, one, **kw)
    with pytest.raises(ptxfp.DtypeError, match="b_format='e5m2'"):
        ptxfp.mma_dot(one, a[:, :1], **kw)
    with pytest.raises(ptxfp.FormError, match="only e4m3 and e5m2 mix"):
        ptxfp.mma_dot(one, one, gpu="H100", a_format="bf16", b_format="f16", d_format="f32")
    with pytest.raises(ptxfp.FormError, match="unknown b_format"):
        ptxfp.mma_dot(one, one, gpu="H100", a_format="e4m3", b_format="e6m1", d_format="f32")


def test_fp8_to_f16_under_mma_sync():
    # FP8 -> f16 on Hopper (found on the published measurements, which
    # test_mma_dot_matches_the_gpu runs): two passes of the
    # fp16 -> fp16 block FMA (k % 4 in {0, 1}, then the rest), each rounded
    # to nearest fp16, then c by one fp16 addition. By hand: products 1,
    # 2^-11, 2^-12, 2^-13: pass 1 gives the tie 1 + 2^-11 -> 1, pass 2
    # 1 + 2^-12 + 2^-13 -> 1 (one rounding of the exact sum would give
    # 1 + 2^-10).
    a = np.array([[1.0, 2.0**-9, 2.0**-9, 2.0**-9]], dtype=ml_dtypes.float8_e4m3fn)
    b = np.array([[1.0, 0.25, 0.125, 0.0625]], dtype=ml_dtypes.float8_e5m2)
    for a_format, b_format, bb in (("e4m3", "e4m3", b.astype(ml_dtypes.float8_e4m3fn)), ("e4m3", "e5m2", b)):
        d = ptxfp.mma_dot(
            a, bb, gpu="H200", a_format=a_format, b_format=b_format, d_format="f16", instruction="mma.sync"
        )
        assert d.dtype == np.float16
        assert d.view(np.uint16).tolist() == [0x3C00]
    # c = 2^-11 (f16) on products 1 and 2^-11: the passes give 1, then the
    # fp16 addition 1 + 2^-11 is a tie: 1.
    d = ptxfp.mma_dot(
        a[:, :2], b[:, :2], np.float16(2.0**-11), gpu="H100", a_format="e4m3", b_format="e5m2",
        d_format="f16", instruction="mma.sync",
    )
    assert d.view(np.uint16).tolist() == [0x3C00]
