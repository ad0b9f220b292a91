"""PTX ISA 9.4's alternate floating-point instructions (`ptxfp forms
--family alt`: `add`, `sub`, `mul`, `fma` on packed FP8/FP6/FP4/UE8M0
lanes) on numpy arrays, against ml_dtypes: each lane's code decoded by
ml_dtypes' own MX types (float8_e5m2, float8_e4m3fn, float6_e3m2fn,
float6_e2m3fn, float4_e2m1fn, float8_e8m0fnu), the operation in float64
(exact for every product and for the sums of these tests' operands), and
the one rounding by a search over every FP8 value for the nearest, ties to
the even code (see `rounded` for why not ml_dtypes' cast), then the ISA's
`.satfinite` and NVIDIA's FP8 NaN 0x7f
(docs/NVIDIA.md "Alternate floating-point instructions")."""

import numpy as np
import ml_dtypes
import pytest

import ptxfp

ML = {
    "e5m2": ml_dtypes.float8_e5m2,
    "e4m3": ml_dtypes.float8_e4m3fn,
    "e3m2": ml_dtypes.float6_e3m2fn,
    "e2m3": ml_dtypes.float6_e2m3fn,
    "e2m1": ml_dtypes.float4_e2m1fn,
    "e2m1p4": ml_dtypes.float4_e2m1fn,
    "ue8m0": ml_dtypes.float8_e8m0fnu,
}
WIDTH = {"e5m2": 8, "e4m3": 8, "ue8m0": 8, "e3m2": 6, "e2m3": 6, "e2m1": 4, "e2m1p4": 4}
TARGET = dict(target="sm_100a", ptx="9.4")


def values(ty, codes):
    """float64 values of lane codes (uint8 arrays of the low bits)."""
    return np.asarray(codes, dtype=np.uint8).view(ML[ty]).astype(np.float64)


def rounded(dst, satfinite, v):
    """The destination codes of exact values `v` (float64): the nearest of
    every finite code's value (ml_dtypes' decoding) and the next value past
    the largest (E4M3's 480, with an odd mantissa; E5M2's 2^16, even),
    ties to the even code. Not ml_dtypes' own float64 -> float8 cast: it
    rounds through float32 first (-30720 + 1.5 * 2^-14 becomes -30720, a
    tie, and then E5M2 -32768 where the nearest is -28672)."""
    max_code, beyond, beyond_even = (0x7E, 480.0, False) if dst == "e4m3" else (0x7B, 65536.0, True)
    codes = np.arange(max_code + 1, dtype=np.uint8)
    table = np.append(codes.view(ML[dst]).astype(np.float64), beyond)
    even = np.append(codes % 2 == 0, beyond_even)
    mag = np.abs(np.where(np.isnan(v), 0.0, v))
    with np.errstate(invalid="ignore"):
        d = np.abs(table[None, :] - mag[:, None])
    d = np.where(np.isnan(d), np.inf, d)  # |inf - inf|: only "beyond" is nearest
    d[np.isinf(mag), -1] = 0.0
    best = d.min(axis=1, keepdims=True)
    tie_even = (d == best) & even[None, :]
    pick = np.where(tie_even.any(axis=1), tie_even.argmax(axis=1), (d == best).argmax(axis=1))
    sign = np.where(np.signbit(v), 0x80, 0).astype(np.uint32)
    over = pick == max_code + 1
    if satfinite:
        over_code = sign | max_code
    elif dst == "e4m3":
        over_code = np.full(v.shape, 0x7F, dtype=np.uint32)
    else:
        over_code = sign | 0x7C
    r = np.where(over, over_code, sign | pick.astype(np.uint32))
    return np.where(np.isnan(v), 0x7F, r).astype(np.uint32)


def pack(ty, codes):
    """Four lane codes per row into a register (uint16 for .e2m1x4)."""
    codes = np.asarray(codes, dtype=np.uint64).reshape(-1, 4)
    step = 4 if ty == "e2m1" else 8
    x = sum(codes[:, i] << np.uint64(step * i) for i in range(4))
    return x.astype(np.uint16 if ty == "e2m1" else np.uint32)


def lane_codes(ty, n, rng):
    """n codes: every code first, then random ones."""
    every = np.arange(1 << WIDTH[ty], dtype=np.uint32)
    return np.concatenate([every, rng.integers(0, 1 << WIDTH[ty], n, dtype=np.uint32)])[:n]


def run(form, regs):
    out = ptxfp.eval(form, *regs, **TARGET)
    assert out.dtype == np.uint32
    return np.stack([(out >> np.uint32(8 * i)) & np.uint32(0xFF) for i in range(4)], axis=1).ravel()


@pytest.mark.parametrize("satfinite", [False, True])
@pytest.mark.parametrize(
    "op,dst,types",
    [
        ("mul", "e4m3", ("e2m1", "e4m3")),  # NVFP4's QMUL4
        ("mul", "e5m2", ("e2m3", "ue8m0")),
        ("mul", "e4m3", ("e3m2", "e2m1p4")),
        ("add", "e4m3", ("e5m2", "e4m3")),
        ("sub", "e5m2", ("e2m1p4", "e5m2")),
        ("fma", "e4m3", ("ue8m0", "e2m1", "e4m3")),
        ("fma", "e5m2", ("e4m3", "e5m2", "e5m2")),
    ],
)
def test_against_ml_dtypes(op, dst, types, satfinite):
    rng = np.random.default_rng(976)
    n = 4096
    codes = [lane_codes(t, n, rng) for t in types]
    if "ue8m0" in types:
        # float64 stays exact for the fma sums: scales within 2^+-20.
        k = types.index("ue8m0")
        codes[k] = 107 + codes[k] % 41
    # Shuffle the pairing so every code meets many others.
    codes = [rng.permutation(c) for c in codes]
    v = [values(t, c) for t, c in zip(types, codes)]
    with np.errstate(invalid="ignore", over="ignore"):
        exact = {
            "add": lambda: v[0] + v[1],
            "sub": lambda: v[0] - v[1],
            "mul": lambda: v[0] * v[1],
            "fma": lambda: v[0] * v[1] + v[2],
        }[op]()
    want = rounded(dst, satfinite, exact)
    sat = ".satfinite" if satfinite else ""
    if op in ("add", "sub"):
        form = f"{op}.rn{sat}.{dst}x4.{types[0]}x4"
    else:
        form = f"{op}.rn{sat}.{dst}x4.{types[0]}x4.{types[1]}x4"
    got = run(form, [pack(t, c) for t, c in zip(types, codes)])
    bad = np.nonzero(got != want)[0]
    assert bad.size == 0, "%s: lane %d codes %s gave %#x, ml_dtypes %#x" % (
        form,
        bad[0],
        [int(c[bad[0]]) for c in codes],
        got[bad[0]],
        want[bad[0]],
    )


def test_qmul4_by_hand():
    # E2M1 {1.0, 6.0, -0.5, 0} (nibbles 2, 7, 9, 0) times E4M3 2.0 (0x40):
    # {2.0, 12.0, -1.0, 0} = {0x40, 0x54, 0xb8, 0x00}.
    r = ptxfp.eval(
        "mul.rn.satfinite.e4m3x4.e2m1x4.e4m3x4", np.uint16(0x0972), np.uint32(0x40404040), **TARGET
    )
    assert r == 0x00B85440
    # The family lists 896 forms, each needing PTX ISA 9.4 and sm_100a/sm_103a
    # (listed as sm_100a, the first target that takes them).
    alt = ptxfp.forms(family="alt")
    assert len(alt) == 896 and {(f.min_ptx, f.min_target) for f in alt} == {("9.4", "sm_100a")}
    with pytest.raises(ptxfp.FormError, match="sm_100a, sm_103a"):
        ptxfp.eval("mul.e4m3x4.e2m1x4.e4m3x4", np.uint16(0), np.uint32(0), target="sm_100", ptx="9.4")
