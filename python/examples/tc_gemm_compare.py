"""One bf16 GEMM on four GPUs' tensor-core models, against an exact reference.

docs/TENSOR_CORES.md ("A worked example: one GEMM, four GPUs") shows this
script's output. It draws A (M x K) and B (K x N) from a normal
distribution rounded to bf16, computes D = A.B (C = 0, fp32 accumulation)
with ``ptxfp.matmul`` on the V100, A100, H100 and B200 models, and compares:

- each GPU's D with every other's, element by element (bits);
- each D with the exact product: every element's exact sum (each bf16
  product is exact in binary64, ``math.fsum`` adds them with one final
  rounding to binary64, far below an fp32 ulp), as the error in units of
  the fp32 ulp of the exact value, signed so that negative is toward
  zero, and how many elements are the correctly rounded (to nearest)
  fp32 result.

The V100 has no bf16 tensor cores (its model, like the GPU, takes fp16
only). The inputs are kept exact in fp16 too (bf16 values of at least
2^-14 in magnitude are, since bf16's 7 fraction bits fit in fp16's 10;
smaller draws are set to zero), so the V100 multiplies the same values as
fp16. Everything else is the bf16 GEMM of the other three.

    python python/examples/tc_gemm_compare.py [--m 256 --n 256 --k 256]
        [--seed 25] [--json out.json] [--plot docs/tc_gemm_errors.png]

Needs numpy, ml_dtypes and the ptxfp package; matplotlib only for --plot
(otherwise a text histogram is printed).
"""

import argparse
import json
import math
import sys

import ml_dtypes
import numpy as np

import ptxfp

GPUS = ("V100", "A100", "H100", "B200")


def inputs(m, n, k, seed):
    """A (m x k) and B (k x n): normal draws rounded to bf16, values below
    2^-14 in magnitude set to zero (so that every value is exact in fp16
    as well), as float32 arrays."""
    rng = np.random.default_rng(seed)

    def draw(shape):
        x = rng.standard_normal(shape).astype(ml_dtypes.bfloat16).astype(np.float32)
        x[np.abs(x) < 2.0**-14] = 0.0
        assert np.array_equal(x.astype(np.float16).astype(np.float32), x), "exact in fp16"
        return x

    return draw((m, k)), draw((k, n))


def exact_product(A, B):
    """Every element of A.B as math.fsum of its exactly computed products
    (binary64: a bf16 times a bf16 has at most 16 significant bits)."""
    A64, B64 = A.astype(np.float64), B.astype(np.float64)
    m, n = A.shape[0], B.shape[1]
    out = np.empty((m, n), dtype=np.float64)
    Bt = B64.T.copy()
    for i in range(m):
        row = A64[i]
        for j in range(n):
            out[i, j] = math.fsum(row * Bt[j])
    return out


def ulp32(x):
    """The fp32 ulp at each value of x (binary64): 2^(e - 23) for x in
    [2^e, 2^(e+1)), the subnormal spacing 2^-149 below 2^-126."""
    ax = np.abs(x)
    e = np.floor(np.log2(np.where(ax > 0, ax, 1.0)))
    e = np.maximum(e, -126.0)
    return np.where(ax > 0, np.exp2(e - 23.0), 2.0**-149)


def compare(m, n, k, seed):
    """The GEMM on every GPU and the counts: a dict (JSON-ready)."""
    A, B = inputs(m, n, k, seed)
    ref = exact_product(A, B)
    rn = ref.astype(np.float32)  # correctly rounded (nearest even)
    results = {}
    for gpu in GPUS:
        fmt = "f16" if gpu == "V100" else "bf16"
        results[gpu] = ptxfp.matmul(A, B, gpu=gpu, a_format=fmt, d_format="f32")
    bits = {g: d.view(np.uint32) for g, d in results.items()}
    differ = {}
    for i, g in enumerate(GPUS):
        for h in GPUS[i + 1 :]:
            differ[f"{g} vs {h}"] = int(np.count_nonzero(bits[g] != bits[h]))
    ulp = ulp32(ref)
    per_gpu = {}
    errors = {}
    for g in GPUS:
        d = results[g].astype(np.float64)
        # In fp32 ulps of the exact value, signed by it: negative is toward
        # zero (|D| < |exact| when the signs agree), positive away.
        err = np.sign(ref) * (d - ref) / ulp
        errors[g] = err
        per_gpu[g] = {
            "correctly_rounded": int(np.count_nonzero(bits[g] == rn.view(np.uint32))),
            "within_1_ulp": int(np.count_nonzero(np.abs(err) < 1.0)),
            "beyond_8_ulps": int(np.count_nonzero(np.abs(err) > 8.0)),
            "median_error_ulps": float(np.median(err)),
            "toward_zero": int(np.count_nonzero(np.abs(d) < np.abs(ref))),
            "away_from_zero": int(np.count_nonzero(np.abs(d) > np.abs(ref))),
        }
    summary = {
        "m": m,
        "n": n,
        "k": k,
        "seed": seed,
        "elements": m * n,
        "differ": differ,
        "gpus": per_gpu,
    }
    return summary, errors


# The histograms' range: errors in fp32 ulps of the exact value. Beyond it
# lie the elements whose exact value is tiny beside its terms
# (cancellation: an error of a few ulps of the largest partial sum is
# thousands of ulps of the result); they are counted at the ends.
LIMIT = 8


def text_histogram(errors, width=40):
    """A text histogram of each GPU's signed error in fp32 ulps: bins of
    half an ulp in [-LIMIT, LIMIT], the rest counted at the ends."""
    edges = np.arange(-LIMIT, LIMIT + 0.25, 0.5)
    lines = []
    for g, e in errors.items():
        e = e.ravel()
        counts, _ = np.histogram(np.clip(e, -LIMIT, LIMIT), bins=edges)
        counts[0] -= int(np.count_nonzero(e < -LIMIT))
        counts[-1] -= int(np.count_nonzero(e > LIMIT))
        top = max(counts.max(), 1)
        lines.append(f"{g}: error of D in fp32 ulps of the exact value (negative: toward zero)")
        lines.append(f"  below {-LIMIT:+d}      {np.count_nonzero(e < -LIMIT):7d}")
        for c, a, b in zip(counts, edges[:-1], edges[1:]):
            if c:
                lines.append(f"  [{a:+5.1f}, {b:+5.1f})  {c:7d}  {'#' * max(1, round(width * c / top))}")
        lines.append(f"  above {LIMIT:+d}      {np.count_nonzero(e > LIMIT):7d}")
    return "\n".join(lines)


def plot(errors, summary, path):
    import matplotlib

    matplotlib.use("Agg")
    import matplotlib.pyplot as plt

    fig, axes = plt.subplots(len(errors), 1, figsize=(7, 7), sharex=True)
    edges = np.arange(-LIMIT, LIMIT + 0.125, 0.25)
    for ax, (g, e) in zip(axes, errors.items()):
        # Beyond the range: counted in the end bins (and in the title).
        ax.hist(np.clip(e.ravel(), -LIMIT, LIMIT), bins=edges, color="#4477aa")
        s = summary["gpus"][g]
        fmt = "fp16 inputs" if g == "V100" else "bf16"
        ax.set_title(
            f"{g} ({fmt}): {s['correctly_rounded']} correctly rounded, "
            f"{s['within_1_ulp']} within 1 ulp, {s['beyond_8_ulps']} beyond ±{LIMIT} (end bins)",
            fontsize=9,
        )
        ax.set_ylabel("elements")
        ax.axvline(0.0, color="black", linewidth=0.6)
    axes[-1].set_xlabel("error of D in fp32 ulps of the exact value (negative: toward zero)")
    fig.suptitle(
        f"D = A·B, {summary['m']}×{summary['k']} by {summary['k']}×{summary['n']}, "
        "fp32 accumulation, tensor-core models (ptxfp)",
        fontsize=10,
    )
    fig.tight_layout()
    # No timestamp or software metadata: the same input gives the same file.
    fig.savefig(path, dpi=80, metadata={"Software": None})
    plt.close(fig)


def main(argv=None):
    p = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    p.add_argument("--m", type=int, default=256)
    p.add_argument("--n", type=int, default=256)
    p.add_argument("--k", type=int, default=256)
    p.add_argument("--seed", type=int, default=25)
    p.add_argument("--json", help="write the counts as JSON here")
    p.add_argument("--plot", help="write a PNG histogram here (needs matplotlib)")
    args = p.parse_args(argv)
    summary, errors = compare(args.m, args.n, args.k, args.seed)
    print(f"D = A.B: A {args.m}x{args.k}, B {args.k}x{args.n}, bf16 (V100: the same values as fp16), fp32 accumulation, C = 0, seed {args.seed}")
    print(f"{summary['elements']} elements; elements whose bits differ:")
    for pair, count in summary["differ"].items():
        print(f"  {pair}: {count}")
    print("against the exact product (errors in fp32 ulps of the exact value, negative toward zero):")
    print(f"  {'GPU':<5} {'correctly rounded':>18} {'within 1 ulp':>13} {'beyond 8':>9} {'toward zero':>12} {'away':>6} {'median':>7}")
    for g, s in summary["gpus"].items():
        print(
            f"  {g:<5} {s['correctly_rounded']:>18} {s['within_1_ulp']:>13} {s['beyond_8_ulps']:>9} "
            f"{s['toward_zero']:>12} {s['away_from_zero']:>6} {s['median_error_ulps']:>+7.3f}"
        )
    if args.json:
        with open(args.json, "w") as f:
            json.dump(summary, f, indent=1, sort_keys=True)
            f.write("\n")
    if args.plot:
        plot(errors, summary, args.plot)
    else:
        print(text_histogram(errors))
    return 0


if __name__ == "__main__":
    sys.exit(main())
