"""ptxfp against Berkeley TestFloat: the cases `testfloat_gen` writes, and
the few rules by which PTX's results differ from SoftFloat's.

TestFloat (http://www.jhauser.us/arithmetic/TestFloat.html, BSD-3-Clause)
generates operands weighted towards every IEEE 754 corner and computes
each result with SoftFloat, an implementation that shares no code with
ptxfp's exact core (crates/float) or with rustc_apfloat. Where IEEE 754
leaves the result to the implementation, PTX and SoftFloat's x86
specialization differ, and `ptx_expected` says what the GPU returns
instead, from docs/NVIDIA.md; every other result is compared as
TestFloat gives it, bit for bit.

Used by `run` (this directory: every case of a TestFloat level against
the package) and by python/tests/test_testfloat.py (a sample of level 1
committed in testdata/vectors-testfloat).
"""

import gzip
import re
from dataclasses import dataclass

import numpy as np

# TestFloat's rounding options, by the PTX rounding modifier they give.
MODES = {"rn": "-rnear_even", "rz": "-rminMag", "rm": "-rmin", "rp": "-rmax"}
# How TestFloat names the PTX types, and the hex digits it writes for each.
FLOATS = {"f16": "f16", "f32": "f32", "f64": "f64"}
INTS = {"i32": "s32", "ui32": "u32", "i64": "s64", "ui64": "u64"}
DIGITS = {"f16": 4, "f32": 8, "f64": 16, "s32": 8, "u32": 8, "s64": 16, "u64": 16, "pred": 1}
# A TestFloat flag: the invalid exception (softfloat_flag_invalid).
INVALID = 0x10
# docs/NVIDIA.md "NaN results": the canonical NaNs of the half and single
# types, and the .f64 NaN of an invalid operation without a NaN input.
HALF_NAN = 0x7FFF
F32_NAN = 0x7FFFFFFF
F64_INVALID_NAN = 0xFFF8000000000000


@dataclass(frozen=True)
class Job:
    """One TestFloat function in one rounding mode, and the PTX form that
    computes it."""

    function: str  # testfloat_gen's name: f32_mulAdd
    mode: str  # the rounding modifier: rn, rz, rm, rp
    form: str  # the PTX instruction: fma.rz.f32
    sources: tuple  # the PTX types of the operands, in order
    result: str  # the PTX type of the result

    def command(self, level=1, cases=None):
        """The testfloat_gen arguments that write this job's cases: the
        level's, then more to `cases` in all, where given."""
        n = ["-n", str(cases)] if cases else []
        return ["-level", str(level), *n, MODES[self.mode], self.function]


def jobs():
    """Every TestFloat function that a PTX instruction computes exactly, in
    each rounding mode PTX gives it. The .f16 arithmetic of PTX rounds to
    nearest only (`add{.rnd}.f16`: ".rnd = { .rn }"); TestFloat has no
    bfloat16 arithmetic and no flush-to-zero, so `.bf16` and `.ftz` forms
    are checked by the other oracles (docs/TESTING.md)."""
    out = []
    for t in FLOATS:
        modes = ["rn"] if t == "f16" else list(MODES)
        ops = [("add", "add", 2), ("sub", "sub", 2), ("mul", "mul", 2), ("mulAdd", "fma", 3)]
        if t != "f16":
            ops += [("div", "div", 2), ("sqrt", "sqrt", 1)]
        for name, op, n in ops:
            for m in modes:
                out.append(Job(f"{t}_{name}", m, f"{op}.{m}.{t}", (t,) * n, t))
        # The quiet and signalling comparisons differ only in their flags.
        for name in ["eq", "lt", "le"]:
            out.append(Job(f"{t}_{name}", "rn", f"setp.{name}.{t}", (t, t), "pred"))
        for m in MODES:
            out.append(Job(f"{t}_roundToInt", m, f"cvt.{m}i.{t}.{t}", (t,), t))
            for i, p in INTS.items():
                out.append(Job(f"{t}_to_{i}", m, f"cvt.{m}i.{p}.{t}", (t,), p))
                out.append(Job(f"{i}_to_{t}", m, f"cvt.{m}.{t}.{p}", (p,), t))
        for u in FLOATS:
            if DIGITS[u] > DIGITS[t]:
                # Widening is exact: PTX takes no rounding modifier.
                out.append(Job(f"{t}_to_{u}", "rn", f"cvt.{u}.{t}", (t,), u))
            elif DIGITS[u] < DIGITS[t]:
                for m in MODES:
                    out.append(Job(f"{t}_to_{u}", m, f"cvt.{m}.{u}.{t}", (t,), u))
    return out


def parse(data, job, block=1 << 20):
    """TestFloat's lines for `job` (`OPERAND... RESULT FLAGS`, upper-case
    hex of fixed widths) as unsigned arrays: the operands, the result and
    the flags. Errors name the first line that is not of the job's shape.
    Reads `block` lines at a time, so a level-2 function of 40 million
    lines takes its arrays and little more."""
    widths = [DIGITS[t] for t in job.sources] + [DIGITS[job.result], 2]
    line = sum(widths) + len(widths)
    if len(data) % line:
        raise ValueError(f"{job.function}: {len(data)} bytes are not whole lines of {line}")
    all_rows = np.frombuffer(data, dtype=np.uint8).reshape(-1, line)
    nib = np.full(256, 255, dtype=np.uint8)
    for i, c in enumerate(b"0123456789ABCDEF"):
        nib[c] = i
    cols = [np.zeros(len(all_rows), dtype=np.uint64) for _ in widths]
    for first in range(0, len(all_rows), block):
        rows = all_rows[first : first + block]
        at = 0
        for w, col in zip(widths, cols):
            digits = nib[rows[:, at : at + w]]
            sep = rows[:, at + w]
            bad = np.flatnonzero((digits == 255).any(axis=1) | (sep != (10 if at + w + 1 == line else 32)))
            if bad.size:
                shape = " ".join("X" * w for w in widths)
                raise ValueError(f"{job.function}: line {first + bad[0] + 1} is not `{shape}`")
            v = col[first : first + block]
            for k in range(w):
                v <<= np.uint64(4)
                v |= digits[:, k]
            at += w + 1
    return cols[:-2], cols[-2], cols[-1]


def _is_nan(bits, t):
    frac = {"f16": 10, "f32": 23, "f64": 52}[t]
    exp = np.uint64((1 << (DIGITS[t] * 4 - 1 - frac)) - 1)
    return ((bits >> np.uint64(frac)) & exp == exp) & (bits & np.uint64((1 << frac) - 1) != 0)


def _quiet(bits, t):
    return bits | np.uint64(1 << ({"f16": 9, "f32": 22, "f64": 51}[t]))


def ptx_expected(job, ops, result, flags):
    """TestFloat's results with PTX's rules where IEEE 754 leaves the result
    to the implementation and SoftFloat's x86 choice is not the GPU's:

    - a float-to-integer conversion that is invalid (NaN, or out of the
      range). PTX ISA §9.7.9.21 `cvt`: "the result is clamped to the
      destination range by default", and for a NaN source: "Zero if source
      is not `.f64` and destination is not `.s64`, `.u64`. Otherwise 1 <<
      (BitWidth(dst) - 1)" (docs/NVIDIA.md "cvt: integers"). SoftFloat
      gives 0x7fffffff and its kin.
    - a NaN result of `.f16` and `.f32` arithmetic and of `cvt` from a
      `.f16` or `.f32` source: the canonical NaN, 0x7fff or 0x7fffffff,
      whatever the inputs (docs/NVIDIA.md "NaN results" and "cvt: NaNs,
      moves and .ftz"; `cvt.f32.f16` too). SoftFloat propagates the input's
      payload.
    - a NaN result of `.f64` arithmetic: the first NaN input in the order
      b, c, a (`div`, `sqrt`: a, b), quieted, or 0xfff8000000000000 where
      no input is a NaN (docs/NVIDIA.md "NaN results").

    The rest stand as TestFloat gives them, NaNs included: `cvt` from
    `.f64` and to `.f64` keeps a NaN's sign and payload, quieted, as IEEE
    754 §6.2.3 asks and SoftFloat does (docs/NVIDIA.md
    `cvt_f64_narrowing_keeps_nan`)."""
    want = result.copy()
    src, dst = job.sources[0], job.result
    if dst in INTS.values():
        bad = (flags & np.uint64(INVALID)) != 0
        bits = DIGITS[dst] * 4
        neg = (ops[0] >> np.uint64(DIGITS[src] * 4 - 1)) != 0
        lo = 1 << (bits - 1) if dst[0] == "s" else 0
        hi = (1 << (bits - 1)) - 1 if dst[0] == "s" else (1 << bits) - 1
        clamp = np.where(neg, np.uint64(lo), np.uint64(hi))
        nan = np.uint64(1 << (bits - 1) if src == "f64" or bits == 64 else 0)
        want = np.where(bad, np.where(_is_nan(ops[0], src), nan, clamp), want)
        return want
    if dst not in FLOATS:
        return want
    nan = _is_nan(result, dst)
    if not nan.any():
        return want
    op = job.form.split(".")[0]
    if dst == "f64" and op != "cvt":
        order = [0, 1] if op in ("div", "sqrt") else [1, 2, 0]
        pick = np.full(len(result), np.uint64(F64_INVALID_NAN))
        for i in reversed([i for i in order if i < len(ops)]):
            pick = np.where(_is_nan(ops[i], "f64"), _quiet(ops[i], "f64"), pick)
        return np.where(nan, pick, want)
    if dst in ("f16", "f32") and src != "f64":
        return np.where(nan, np.uint64(HALF_NAN if dst == "f16" else F32_NAN), want)
    return want


def compare(ptxfp, job, ops, want):
    """The lines where the package's result differs from `want`: their
    indices and what it gave."""
    dtype = {4: np.uint16, 8: np.uint32, 16: np.uint64}
    args = [o.astype(dtype[DIGITS[t]]) for o, t in zip(ops, job.sources)]
    got = np.asarray(ptxfp.eval(job.form, *args))
    if got.dtype == np.bool_:
        got = got.astype(np.uint64)
    else:
        got = got.view(dtype[got.dtype.itemsize * 2]).astype(np.uint64)
    bad = np.flatnonzero(got != want)
    return bad, got


SECTION = re.compile(r"^# form (\S+) <- testfloat_gen (.*)$")


def read_sample(path):
    """The sections of a committed sample (`# form FORM <- testfloat_gen
    ARGS`, then its lines) as (Job, bytes of its lines)."""
    by_form = {j.form: j for j in jobs()}
    out, job, lines = [], None, []
    with gzip.open(path, "rb") as f:
        for raw in f:
            m = SECTION.match(raw.decode())
            if m:
                if job:
                    out.append((job, b"".join(lines)))
                job, lines = by_form[m.group(1)], []
                if m.group(2).split()[-2:] != job.command()[-2:]:
                    raise ValueError(f"{path}: `{raw.decode().strip()}` is not {job.command()}")
            elif not raw.startswith(b"#"):
                lines.append(raw)
    if job:
        out.append((job, b"".join(lines)))
    return out
