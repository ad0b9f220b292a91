"""The examples of docs/PYTHON.md run and say what the text says."""

import ml_dtypes
import numpy as np

import ptxfp
from conftest import REPO


def test_first_steps():
    a = np.array([1.75, 2.0], dtype=ml_dtypes.bfloat16)
    b = np.array([0.578125, 3.0], dtype=ml_dtypes.bfloat16)
    c = np.array([-(2.0**-100), 1.0], dtype=ml_dtypes.bfloat16)
    r = ptxfp.eval("fma.rn.bf16", a, b, c)
    assert r.view(np.uint16).tolist() == [0x3F81, 0x40E0]
    assert (a * b + c).view(np.uint16).tolist() == [0x3F82, 0x40E0]
    fma = ptxfp.Form("fma.rn.ftz.relu.f16")
    z = fma(np.float16(-1.5), np.float16(2), np.float16(0.5))
    assert z == 0 and z.view(np.uint16) == 0


def test_gemm_accumulation_order():
    rng = np.random.default_rng(0)
    M, K, N = 16, 64, 16
    A = rng.standard_normal((M, K)).astype(ml_dtypes.bfloat16)
    B = rng.standard_normal((K, N)).astype(ml_dtypes.bfloat16)
    fma = ptxfp.Form("fma.rn.f32.bf16")
    acc = np.zeros((M, N), np.float32)
    for k in range(K):
        fma(A[:, k:k + 1], B[k:k + 1, :], acc, out=acc)
    # the same sum, one element at a time, in float64 steps rounded to f32
    # each time (bf16 products are exact in f32, so fma = one rounding)
    want = np.zeros((M, N), np.float32)
    for k in range(K):
        p = A[:, k:k + 1].astype(np.float64) * B[k:k + 1, :].astype(np.float64)
        want = (p + want.astype(np.float64)).astype(np.float32)
    assert np.array_equal(acc.view(np.uint32), want.view(np.uint32))
    accb = np.zeros((M, N), ml_dtypes.bfloat16)
    for k in range(K):
        ptxfp.eval("fma.rn.bf16", A[:, k:k + 1], B[k:k + 1, :], accb, out=accb)
    assert accb.dtype == ml_dtypes.bfloat16


def test_kernel_example():
    src = (REPO / "examples" / "nvcc-kernel.ptx").read_text()
    a = np.array([1, 2, 3, 4], np.float16)
    b = np.array([5, 6, 7, 8], np.float16)
    d = np.array([0.5, 0.25, 1, 2], np.float16)
    r = ptxfp.run(src, block=4,
                  set={"k_param_0": np.uint64(0x1000), "k_param_1": np.uint64(0x2000),
                       "k_param_2": np.uint64(0x3000), "k_param_3": 4},
                  mem={0x1000: d, 0x2000: a, 0x3000: b})
    assert np.frombuffer(r.memory[0x1000], np.float16).tolist() == [5.5, 12.25, 22, 34]


def test_sweep_shard_example(tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    recs = [ptxfp.sweep_shard("add.rn.f16", k, 8, "shards", exhaustive=True) for k in range(8)]
    assert (recs[7]["chunks"], recs[7]["file"]) == (
        {"first": 224, "end": 256, "total": 256}, "shards/add.rn.f16.exhaustive2.7-of-8.json")
    assert ptxfp.sweep_merge("shards")["digest_hex"] == "0x0fc1cd6525d8d1e4"
