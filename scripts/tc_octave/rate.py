#!/usr/bin/env python3
"""The published MATLAB model's rate beside ptxfp's, on the same inner
products (see rate.sh). Reads the rows gen.py wrote and the results
crosscheck.m wrote, evaluates the rows with ptxfp (Python `mma_dot`, and the
batched `matmul` over the same rows), checks that every result equals the
Octave model's value, and prints the rates in inner products per CPU
second.

Usage: rate.py DIR GPU FMT ACC OCTAVE_ROWS OCTAVE_CPU_SECONDS
"""
import os
import sys
import time

import numpy as np

import ptxfp

NAME = {"fp16": "f16", "bf16": "bf16", "tf32": "tf32", "e4m3": "e4m3", "e5m2": "e5m2", "fp32": "f32"}


def read_hex(path):
    with open(path) as f:
        rows = [[int(w, 16) for w in line.split()] for line in f if line.strip()]
    return np.array(rows, dtype=np.uint32).view(np.float32)


def read_bin(path):
    with open(path) as f:
        return np.array([int(line, 2) for line in f if line.strip()], dtype=np.uint32)


def main():
    d, gpu, fmt, acc, n_oct, t_oct = sys.argv[1:7]
    n_oct, t_oct = int(n_oct), float(t_oct)
    here = os.path.join(d, gpu, fmt)
    a = read_hex(os.path.join(here, f"a_{gpu}_{fmt}_{acc}.txt"))
    b = read_hex(os.path.join(here, f"b_{gpu}_{fmt}_{acc}.txt"))
    c = read_bin(os.path.join(here, f"c_{gpu}_{acc}.txt")).view(np.float32)
    oct_d = read_bin(os.path.join(here, f"d_{gpu}_{fmt}_{acc}.txt")).view(np.float32)
    kw = dict(gpu=gpu, a_format=NAME[fmt], d_format=NAME[acc])
    # Repeat the rows so that ptxfp's time is measurable.
    reps = max(1, 2_000_000 // len(a))
    aa, bb, cc = np.tile(a, (reps, 1)), np.tile(b, (reps, 1)), np.tile(c, reps)
    t0 = time.process_time()
    dd = ptxfp.mma_dot(aa, bb, cc, **kw)
    t_dot = time.process_time() - t0
    # The same values, compared as values: the MATLAB models do not track
    # the sign of a zero (docs/TENSOR_CORES.md).
    mine = dd[: len(a)].astype(np.float64)
    theirs = oct_d.astype(np.float64)
    same = (mine == theirs) | (np.isnan(mine) & np.isnan(theirs))
    if not same.all():
        i = int(np.argmin(same))
        sys.exit(f"row {i}: ptxfp {mine[i]!r}, Octave model {theirs[i]!r}")
    r_oct = n_oct / t_oct
    r_dot = len(aa) / t_dot
    print(f"{gpu} {fmt} -> {acc}, K = {a.shape[1]}: {len(a)} rows agree with the Octave model")
    print(f"Octave model ({n_oct} rows): {r_oct:,.0f} inner products per CPU second")
    print(f"ptxfp.mma_dot ({len(aa)} rows): {r_dot:,.0f} per CPU second, {r_dot / r_oct:,.0f}x")


main()
