"""The integer, conversion, comparison, alternate floating-point and
packed mixed-precision families (`ptxfp forms --family
int/cvt/compare/alt/mixed`): every instruction listed evaluates through the Python
package, as arrays (uint64 columns on all cores) and as scalars, to the
destinations `ptxfp.gen` expects (the library's scalar evaluation, the
one `ptxfp gen` writes); plus values checked by hand."""

import warnings

import numpy as np
import pytest

import ptxfp

FAMILIES = {fam: ptxfp.forms(family=fam) for fam in ("int", "cvt", "compare", "alt", "mixed")}


def _form(info):
    with warnings.catch_warnings():
        warnings.simplefilter("ignore", ptxfp.PtxfpWarning)
        # The lowest target listed, with the `a` or `f` suffix the form
        # needs; the latest PTX ISA version, else the lowest listed.
        try:
            return ptxfp.Form(info.form, target=info.min_target)
        except ptxfp.FormError:
            return ptxfp.Form(info.form, target=info.min_target, ptx=info.min_ptx)


def _bits(x):
    """Register bits as uint64, whatever the dtype (bool: 0/1)."""
    a = np.asarray(x)
    if a.dtype == np.bool_:
        return a.astype(np.uint64)
    return a.view("uint%d" % (8 * a.dtype.itemsize)).astype(np.uint64)


@pytest.mark.parametrize("family", list(FAMILIES))
def test_family(family):
    listed = FAMILIES[family]
    assert len(listed) >= 36
    checked = 0
    for info in listed:
        f = _form(info)
        vec = f.gen(24, seed=3)
        got = f(*vec.sources)
        exp = vec.expected
        if len(f.result_types) == 1:
            got, exp = (got,), (exp,)
        for g, e in zip(got, exp):
            assert g.shape == e.shape == (24,), info.form
            assert np.array_equal(_bits(g), _bits(e)), "%s: %s != %s" % (info.form, g, e)
        # Scalars: numpy scalars of the register dtypes.
        for i in (0, 5, 23):
            one = f(*[s[i] for s in vec.sources])
            one = one if isinstance(one, tuple) else (one,)
            for o, e in zip(one, exp):
                assert np.ndim(o) == 0
                assert int(_bits(o)) == int(_bits(e)[i]), info.form
        checked += 1
    assert checked == len(listed)


def test_integers_by_hand():
    a = np.array([1, -2, 2**31 - 1], dtype=np.int32)
    r = ptxfp.eval("add.s32", a, np.int32(1))
    assert r.dtype == np.int32
    assert r.tolist() == [2, -1, -(2**31)]
    r = ptxfp.eval("add.sat.s32", a, np.int32(1))
    assert r.tolist() == [2, -1, 2**31 - 1]
    assert ptxfp.eval("mul.hi.u32", np.uint32(0x80000000), np.uint32(4)) == 2
    assert ptxfp.eval("add.s32", -5, 3) == -2  # Python ints for integer operands


def test_conversions_by_hand():
    # 0.1 as f32 then cvt.rn.f16: 0x2e66.
    r = ptxfp.eval("cvt.rn.f16.f32", np.float32(0.1))
    assert r.dtype == np.float16 and r.view(np.uint16) == 0x2E66
    r = ptxfp.eval("cvt.rzi.s32.f32", np.array([1.5, -1.5, 3e9], dtype=np.float32))
    assert r.dtype == np.int32 and r.tolist() == [1, -1, 2**31 - 1]
    # Bits in, bits out.
    r = ptxfp.eval("cvt.f32.f16", np.array([0x3C00], dtype=np.uint16))
    assert r.dtype == np.uint32 and r[0] == 0x3F800000


def test_comparisons_by_hand():
    a = np.array([1, 2, np.nan], dtype=np.float32)
    r = ptxfp.eval("setp.lt.f32", a, np.float32(2))
    assert r.dtype == np.bool_ and r.tolist() == [True, False, False]
    r = ptxfp.eval("setp.ltu.f32", a, np.float32(2))
    assert r.tolist() == [True, False, True]
    r = ptxfp.eval("selp.b32", np.uint32(7), np.uint32(9), np.array([True, False]))
    assert r.tolist() == [7, 9]
