"""Speed of the Python package beside numpy and ml_dtypes, in one run.

    python python/bench.py [--n 4194304] [--repeat 7]

Prints M results/s (best of --repeat) for 4M-element arrays:
ptxfp.eval("add.rn.f16") beside numpy's float16 add, and
ptxfp.eval("fma.rn.bf16") beside ml_dtypes' bfloat16 a*b+c (unfused: two
roundings, not the GPU's result), each with a new result array and with
out=; then the overhead of one call on numpy scalars. Goals (issue 20):
add.rn.f16 at least 5x numpy's float16 add, fma.rn.bf16 at least 2x
ml_dtypes' bfloat16 add, at most 2 us per scalar call.
"""

import argparse
import os
import platform
import time
import timeit

import ml_dtypes
import numpy as np

import ptxfp


def best(f, repeat):
    f()  # warm up (page faults, thread pool)
    ts = []
    for _ in range(repeat):
        t = time.perf_counter()
        f()
        ts.append(time.perf_counter() - t)
    return min(ts)


def main():
    p = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    p.add_argument("--n", type=int, default=1 << 22)
    p.add_argument("--repeat", type=int, default=7)
    a = p.parse_args()
    n = a.n
    rng = np.random.default_rng(1)
    # Finite normal operands of moderate size: numpy's float16 add has no
    # fast path to skip, and none overflow.
    h = [rng.uniform(-4, 4, n).astype(np.float16) for _ in range(3)]
    b = [x.astype(ml_dtypes.bfloat16) for x in h]
    oh = np.empty(n, np.float16)
    ob = np.empty(n, ml_dtypes.bfloat16)
    add = ptxfp.Form("add.rn.f16")
    fma = ptxfp.Form("fma.rn.bf16")
    rows = [
        ("ptxfp add.rn.f16", lambda: add(h[0], h[1])),
        ("ptxfp add.rn.f16, out=", lambda: add(h[0], h[1], out=oh)),
        ("numpy float16 a+b", lambda: h[0] + h[1]),
        ("numpy float16 add, out=", lambda: np.add(h[0], h[1], out=oh)),
        ("ptxfp fma.rn.bf16", lambda: fma(b[0], b[1], b[2])),
        ("ptxfp fma.rn.bf16, out=", lambda: fma(b[0], b[1], b[2], out=ob)),
        ("ml_dtypes bfloat16 a+b", lambda: b[0] + b[1]),
        ("ml_dtypes bfloat16 a*b+c", lambda: b[0] * b[1] + b[2]),
    ]
    print("ptxfp %s, numpy %s, ml_dtypes %s, Python %s" % (
        ptxfp.__version__, np.__version__, ml_dtypes.__version__, platform.python_version()))
    print("%d cores, batch kernels: %s; n = %d, best of %d" % (
        os.cpu_count(), ptxfp.kernel_path(), n, a.repeat))
    rate = {}
    for name, f in rows:
        t = best(f, a.repeat)
        rate[name] = n / t / 1e6
        print("%-28s %9.1f M results/s  (%.2f ms)" % (name, rate[name], t * 1e3))
    print()
    r1 = rate["ptxfp add.rn.f16"] / rate["numpy float16 a+b"]
    r2 = rate["ptxfp fma.rn.bf16"] / rate["ml_dtypes bfloat16 a+b"]
    print("add.rn.f16 / numpy float16 add:       %5.1fx (goal 5x)" % r1)
    print("fma.rn.bf16 / ml_dtypes bfloat16 add: %5.1fx (goal 2x)" % r2)
    x16 = np.float16(1.5)
    xb = ml_dtypes.bfloat16(1.5)
    u = np.uint16(0x3C00)
    h2 = h[0][:2].copy()
    calls = [
        ("Form('add.rn.f16')(f16, f16)", lambda: add(x16, x16)),
        ("eval('add.rn.f16', f16, f16)", lambda: ptxfp.eval("add.rn.f16", x16, x16)),
        ("Form('fma.rn.bf16')(bf16 x3)", lambda: fma(xb, xb, xb)),
        ("Form('add.rn.f16')(uint16 x2)", lambda: add(u, u)),
        ("Form('add.rn.f16')(1.5, 2.0)", lambda: add(1.5, 2.0)),
        ("Form('add.rn.f16')(f16[2], f16[2])", lambda: add(h2, h2)),
        ("numpy float16 scalar a+b", lambda: x16 + x16),
    ]
    for name, f in calls:
        k = 200_000
        t = min(timeit.repeat(f, number=k, repeat=5)) / k
        print("%-30s %6.2f us per call" % (name, t * 1e6))


if __name__ == "__main__":
    main()
