"""python/examples/tc_gemm_compare.py (docs/TENSOR_CORES.md, "A worked
example: one GEMM, four GPUs") runs, its counts hold together, and the
doc shows what it prints."""

import importlib.util
import json
import math
import subprocess
import sys

import numpy as np

import ptxfp
from conftest import REPO

SCRIPT = REPO / "python" / "examples" / "tc_gemm_compare.py"


def run(*args):
    r = subprocess.run(
        [sys.executable, str(SCRIPT), *args], capture_output=True, text=True, timeout=600
    )
    assert r.returncode == 0, r.stderr
    return r.stdout


def load():
    spec = importlib.util.spec_from_file_location("tc_gemm_compare", SCRIPT)
    m = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(m)
    return m


def test_small_run_counts_hold_together(tmp_path):
    out = tmp_path / "s.json"
    text = run("--m", "12", "--n", "20", "--k", "70", "--seed", "3", "--json", str(out))
    s = json.loads(out.read_text())
    assert s["elements"] == 240 and "below -8" in text  # the text histogram
    # The counts against an independent recomputation: D element by element
    # through mma_dot (the row path, not matmul's GEMM), the exact sums by
    # math.fsum over the products one by one (each exact in float64), the
    # correctly rounded value by numpy's float64 -> float32 conversion.
    m = load()
    A, B = m.inputs(12, 20, 70, 3)
    for g in m.GPUS:
        fmt = "f16" if g == "V100" else "bf16"
        rows_a = np.repeat(A, 20, axis=0)
        rows_b = np.tile(B.T, (12, 1))
        d = ptxfp.mma_dot(rows_a, rows_b, gpu=g, a_format=fmt, d_format="f32").reshape(12, 20)
        exact = np.array(
            [[math.fsum(float(x) * float(y) for x, y in zip(A[i], B[:, j])) for j in range(20)] for i in range(12)]
        )
        rn = exact.astype(np.float32)
        gs = s["gpus"][g]
        assert gs["correctly_rounded"] == int(np.count_nonzero(d.view(np.uint32) == rn.view(np.uint32)))
        assert gs["toward_zero"] == int(np.count_nonzero(np.abs(d) < np.abs(exact)))
        assert gs["away_from_zero"] == int(np.count_nonzero(np.abs(d) > np.abs(exact)))
        # A correctly rounded result is within half an ulp of the exact one.
        assert gs["within_1_ulp"] >= gs["correctly_rounded"]
        assert gs["toward_zero"] + gs["away_from_zero"] <= 240
    # The H100 and B200 rows have the same bf16 parameters (block 16, two
    # extra bits, round toward zero): no element may differ.
    assert s["differ"]["H100 vs B200"] == 0
    assert set(s["differ"]) == {f"{g} vs {h}" for i, g in enumerate(m.GPUS) for h in m.GPUS[i + 1 :]}


def test_plot_is_written(tmp_path):
    import matplotlib  # noqa: F401  (the test extra installs it)
    png = tmp_path / "e.png"
    run("--m", "8", "--n", "8", "--k", "40", "--plot", str(png))
    assert png.read_bytes()[:8] == b"\x89PNG\r\n\x1a\n"


def test_the_doc_shows_the_output():
    # The doc's block is the script's output at its defaults, verbatim.
    out = run()
    doc = (REPO / "docs" / "TENSOR_CORES.md").read_text()
    head = out.split("V100: error of D")[0].rstrip("\n")
    assert head in doc, head
