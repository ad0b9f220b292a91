"""The Python API: dtype rules, shapes, views, out=, errors (their classes
and the command line's messages), threads, check, run, gen and sweep."""

import concurrent.futures
import pickle
import struct
import warnings

import ml_dtypes
import numpy as np
import pytest

import ptxfp
from conftest import REPO

BF16 = ml_dtypes.bfloat16


def bits(x):
    a = np.asarray(x)
    return a.view("uint%d" % (8 * a.dtype.itemsize))


# ---------------------------------------------------------------- dtypes


def test_typed_in_typed_out():
    a = np.array([1.5, 2.0, -3.0], dtype=np.float16)
    r = ptxfp.eval("add.rn.f16", a, a)
    assert r.dtype == np.float16 and r.tolist() == [3.0, 4.0, -6.0]
    b = a.astype(BF16)
    r = ptxfp.eval("fma.rn.bf16", b, b, b)
    assert r.dtype == BF16
    assert ptxfp.eval("add.rn.f32", np.float32(1), np.float32(2)).dtype == np.float32
    assert ptxfp.eval("add.rn.f64", np.float64(1), np.float64(2)) == 3.0


def test_bits_in_bits_out():
    r = ptxfp.eval("add.rn.f16", np.array([0x3C00], dtype=np.uint16), np.uint16(0x3C00))
    assert r.dtype == np.uint16 and r[0] == 0x4000
    s = ptxfp.eval("add.rn.f16", np.uint16(0x3C00), np.uint16(0x3C00))
    assert type(s) is np.uint16 and s == 0x4000
    r = ptxfp.eval("fma.rn.bf16", np.uint16(0x3FE0), np.uint16(0x3F14), np.uint16(0x8D80))
    assert r == 0x3F81  # docs/NVIDIA.md "Rounding": no double rounding
    assert ptxfp.eval("add.rn.f64", np.uint64(0x3FF0000000000000), np.uint64(0)) == 0x3FF0000000000000


def test_fma_bf16_is_fused_single_rounding():
    a, b, c = (np.uint16(x).view(BF16) for x in (0x3FE0, 0x3F14, 0x8D80))
    got = ptxfp.eval("fma.rn.bf16", a, b, c)
    assert bits(got) == 0x3F81
    # ml_dtypes' a*b+c rounds twice and lands elsewhere.
    assert bits(a * b + c) == 0x3F82


def test_mixed_forms_take_each_operand_in_its_type():
    a = np.array([1.5, 2.0], dtype=BF16)
    c = np.array([0.25, 1.0], dtype=np.float32)
    r = ptxfp.eval("fma.rn.f32.bf16", a, a, c)
    assert r.dtype == np.float32 and r.tolist() == [2.5, 5.0]
    with pytest.raises(ptxfp.DtypeError):
        ptxfp.eval("fma.rn.f32.bf16", a, a, a)
    r = ptxfp.eval("add.f32.f16", np.float16(1), np.float32(2))
    assert r == 3.0 and r.dtype == np.float32


def test_x2_typed_has_lane_axis():
    a = np.array([[1, 2], [3, 4]], dtype=np.float16)
    r = ptxfp.eval("mul.rn.f16x2", a, a)
    assert r.dtype == np.float16 and r.shape == (2, 2) and r.tolist() == [[1, 4], [9, 16]]
    packed = a.view(np.uint32)[:, 0]
    p = ptxfp.eval("mul.rn.f16x2", packed, packed)
    assert p.dtype == np.uint32 and np.array_equal(p, r.view(np.uint32)[:, 0])
    # lane 0 is the low half
    assert int(p[0]) & 0xFFFF == 0x3C00 and int(p[0]) >> 16 == 0x4400
    with pytest.raises(ptxfp.ShapeError):
        ptxfp.eval("mul.rn.f16x2", np.zeros(3, np.float16), np.zeros(3, np.float16))
    b = np.ones((3, 2), dtype=BF16)
    assert ptxfp.eval("fma.rn.bf16x2", b, b, b).shape == (3, 2)


def test_python_float_rounds_once():
    # 1 + 2^-11 + 2^-40 is above the tie between 1 and 1 + 2^-10 in f16;
    # through float32 first it would become the tie and round to 1.
    x = 1 + 2.0**-11 + 2.0**-40
    assert np.float16(np.float32(x)) == 1.0
    r = ptxfp.eval("add.rn.f16", x, np.float16(0))
    assert bits(r) == 0x3C01
    assert bits(ptxfp.eval("add.rn.f16", 0.1, np.float16(0))) == 0x2E66
    assert bits(ptxfp.eval("add.rn.bf16", 0.1, np.uint16(0).view(BF16))) == 0x3DCD
    # floats with bits: bits out
    assert ptxfp.eval("add.rn.f16", 1.0, np.uint16(0x3C00)) == 0x4000
    assert ptxfp.eval("add.rn.f16", 1.0, 2.0) == 3.0
    # x2: both lanes
    r = ptxfp.eval("add.rn.f16x2", 1.0, np.array([[1, 2]], dtype=np.float16))
    assert r.tolist() == [[2, 3]]
    with pytest.warns(ptxfp.PtxfpWarning, match="infinite|overflow|inf"):
        ptxfp.eval("add.rn.f16", 1e6, np.float16(0))


@pytest.mark.parametrize("form,zero", [
    ("add.rn.f16", np.float16(-0.0)), ("add.rn.bf16", np.uint16(0x8000).view(BF16)),
    ("add.rn.f32", np.float32(-0.0)), ("add.rn.f64", np.float64(-0.0)),
])
def test_python_floats_scalar_and_array_paths_agree(form, zero):
    # Scalars with Python floats stay in Rust; next to an array they take
    # the Python path: the same rounding, once.
    rng = np.random.default_rng(5)
    xs = [0.1, -0.0, 1e-300, 5e-324, 2.0**-24, 2.0**-25, 2.0**-25 * 1.5, 65504.0, 65520.0 - 2**-30,
          1 + 2.0**-11 + 2.0**-40, float("inf"), float("-inf"), float("nan")]
    xs += list(rng.standard_normal(50) * 10.0 ** rng.integers(-40, 40, 50))
    arr = np.array([zero])
    with warnings.catch_warnings():
        warnings.simplefilter("ignore", ptxfp.PtxfpWarning)
        for x in xs:
            one = ptxfp.eval(form, x, zero)
            many = ptxfp.eval(form, x, arr)
            assert bits(one) == bits(many)[0], (form, x)


def test_bare_int_refused_with_hint():
    with pytest.raises(ptxfp.DtypeError, match=r"numpy\.uint16\(0x3c00\)"):
        ptxfp.eval("add.rn.f16", 0x3C00, np.float16(1))
    with pytest.raises(TypeError):
        ptxfp.eval("add.rn.f32", 1, 2)


@pytest.mark.parametrize(
    "form,arg",
    [
        ("add.rn.bf16", np.zeros(3, np.float16)),  # the mix-up the rule is for
        ("add.rn.f16", np.zeros(3, BF16)),
        ("add.rn.f16", np.zeros(3, np.float32)),
        ("add.rn.f32", np.zeros(3, np.float64)),
        ("add.rn.f16", np.zeros(3, np.int16)),
        ("add.rn.f16", np.zeros(3, np.uint32)),
        ("add.rn.f64", np.zeros(3, np.uint32)),
        ("add.rn.f16", np.array(["a"])),
        ("add.rn.f16", np.zeros(3, object)),
        ("add.rn.f16", None),
        ("add.rn.f16", "one"),  # a str is read as `ptxfp eval` reads it
        ("add.s32", np.zeros(3, np.int64)),
        ("add.s32", 1.5),
    ],
)
def test_wrong_dtype_is_a_type_error(form, arg):
    f = ptxfp.Form(form)
    other = np.zeros(3, dtype=f.register_dtypes[1])
    with pytest.raises(ptxfp.DtypeError) as e:
        f(arg, other)
    assert isinstance(e.value, TypeError) and isinstance(e.value, ptxfp.PtxfpError)


def test_integer_operands():
    a = np.array([1, -2], dtype=np.int32)
    assert ptxfp.eval("add.s32", a, a).dtype == np.int32
    # unsigned registers for a signed type: bits back
    r = ptxfp.eval("add.s32", a.view(np.uint32), a.view(np.uint32))
    assert r.dtype == np.uint32 and r.view(np.int32).tolist() == [2, -4]
    with pytest.raises(ptxfp.DtypeError, match="out of range"):
        ptxfp.eval("add.s32", 2**40, 1)


# ---------------------------------------------------------------- shapes


def test_broadcasting():
    a = np.arange(3, dtype=np.float16).reshape(3, 1)
    b = np.arange(4, dtype=np.float16).reshape(1, 4)
    r = ptxfp.eval("add.rn.f16", a, b)
    assert r.shape == (3, 4) and np.array_equal(r, a + b)
    r = ptxfp.eval("fma.rn.f16", a, np.float16(2), 1.0)
    assert r.shape == (3, 1) and r[:, 0].tolist() == [1, 3, 5]
    with pytest.raises(ptxfp.ShapeError) as e:
        ptxfp.eval("add.rn.f16", np.zeros(3, np.float16), np.zeros(4, np.float16))
    assert isinstance(e.value, ValueError)
    # A ragged list: numpy's message named no operand.
    with pytest.raises(ptxfp.ShapeError, match=r"operand b of add.rn.f16 \(.f16\): not an array: setting an array element with a sequence"):
        ptxfp.eval("add.rn.f16", 1.0, [[1.0, 2.0], [3.0]])


def test_non_contiguous_views():
    rng = np.random.default_rng(1)
    x = rng.integers(0, 1 << 16, size=(64, 48), dtype=np.uint16)
    y = rng.integers(0, 1 << 16, size=(64, 48), dtype=np.uint16)
    want = ptxfp.eval("mul.rn.bf16", np.ascontiguousarray(x[::2, 1::3]), np.ascontiguousarray(y.T[1::3, ::2].T))
    got = ptxfp.eval("mul.rn.bf16", x[::2, 1::3], y.T[1::3, ::2].T)
    assert np.array_equal(got, want)
    f = np.asfortranarray(x)
    assert np.array_equal(ptxfp.eval("mul.rn.bf16", f, y), ptxfp.eval("mul.rn.bf16", x, y))
    # typed non-contiguous
    xt = x.view(BF16)[:, ::5]
    assert np.array_equal(bits(ptxfp.eval("mul.rn.bf16", xt, xt)),
                          ptxfp.eval("mul.rn.bf16", x[:, ::5], x[:, ::5]))


def test_empty_and_zero_d():
    e = np.zeros((0,), np.float16)
    r = ptxfp.eval("add.rn.f16", e, e)
    assert r.shape == (0,) and r.dtype == np.float16
    assert ptxfp.eval("add.rn.f16", np.zeros((0, 3), np.uint16), np.uint16(1)).shape == (0, 3)
    assert ptxfp.eval("add.s32", np.zeros(0, np.int32), np.int32(1)).shape == (0,)
    z = ptxfp.eval("add.rn.f16", np.array(1, np.float16), np.array(2, np.float16))
    assert np.ndim(z) == 0 and z == 3


def test_out_in_place():
    a = np.arange(10, dtype=np.float16)
    out = np.empty_like(a)
    r = ptxfp.eval("add.rn.f16", a, a, out=out)
    assert r is out and np.array_equal(out, a + a)
    # out aliasing an input
    b = a.copy()
    ptxfp.eval("fma.rn.f16", b, b, b, out=b)
    assert np.array_equal(b, a * a + a)
    # non-contiguous out
    big = np.zeros(20, np.float16)
    ptxfp.eval("add.rn.f16", a, a, out=big[::2])
    assert np.array_equal(big[::2], a + a) and not big[1::2].any()
    # bits out for bits in
    u = np.zeros(10, np.uint16)
    ptxfp.eval("add.rn.f16", a.view(np.uint16), a.view(np.uint16), out=u)
    assert np.array_equal(u.view(np.float16), a + a)
    # other instructions
    o = np.zeros(3, np.int32)
    ptxfp.eval("add.s32", np.arange(3, dtype=np.int32), np.int32(1), out=o)
    assert o.tolist() == [1, 2, 3]
    with pytest.raises(ptxfp.DtypeError):
        ptxfp.eval("add.rn.f16", a, a, out=np.empty(10, np.float32))
    with pytest.raises(ptxfp.ShapeError):
        ptxfp.eval("add.rn.f16", a, a, out=np.empty(9, np.float16))


def test_nan_payloads_kept():
    # f16 NaN payloads go through typed arrays untouched (views, no casts).
    x = np.array([0x7E01, 0xFD55, 0x7C01], dtype=np.uint16)
    for form in ("add.rn.f16", "fma.rn.f16", "max.NaN.f16"):
        f = ptxfp.Form(form)
        ops = [x] * f.arity
        assert np.array_equal(bits(f(*[o.view(np.float16) for o in ops])), f(*ops))


def test_threads_at_once():
    rng = np.random.default_rng(2)
    arrays = [rng.integers(0, 1 << 16, size=(3, 50_000), dtype=np.uint16) for _ in range(16)]
    forms = ["fma.rn.bf16", "fma.rn.f16", "fma.rn.ftz.relu.f16", "fma.rn.oob.bf16"]
    want = [ptxfp.eval(forms[i % 4], *a) for i, a in enumerate(arrays)]
    with concurrent.futures.ThreadPoolExecutor(8) as ex:
        got = list(ex.map(lambda ia: ptxfp.eval(forms[ia[0] % 4], *ia[1]), enumerate(arrays)))
        scal = list(ex.map(lambda ia: ptxfp.eval(forms[ia[0] % 4], *ia[1][:, 7]), enumerate(arrays)))
    for w, g, s in zip(want, got, scal):
        assert np.array_equal(w, g) and s == w[7]


# ---------------------------------------------------------------- errors


def test_form_errors_are_value_errors_with_cli_messages():
    with pytest.raises(ptxfp.FormError) as e:
        ptxfp.eval("mul.bf16", np.uint16(0), np.uint16(0), target="sm_80")
    assert isinstance(e.value, ValueError)
    assert "mul.bf16 requires sm_90 or higher; the target is sm_80" in str(e.value)
    assert e.value.message == "mul.bf16 requires sm_90 or higher; the target is sm_80"
    assert e.value.help == "use target='sm_90' or higher"
    with pytest.raises(ptxfp.FormError, match="requires PTX ISA 7.8"):
        ptxfp.Form("mul.bf16", ptx="7.0")
    with pytest.raises(ptxfp.FormError, match="did you mean"):
        ptxfp.Form("fam.rn.f16")
    with pytest.raises(ptxfp.FormError, match="sm_9"):
        ptxfp.Form("add.rn.f16", target="sm_9")
    with pytest.raises(ptxfp.FormError):
        ptxfp.Form("add.rn.f16", ptx="eight")
    with pytest.raises(ptxfp.FormError, match="the device is sm_80"):
        ptxfp.Form("mul.bf16", target="sm_90", device="sm_80")
    with pytest.raises(ptxfp.FormError, match="does not compute"):
        ptxfp.Form("ld.global.f32")
    with pytest.raises(ptxfp.ArityError):
        ptxfp.eval("add.rn.f16", np.float16(1))
    with pytest.raises(ptxfp.DtypeError):
        ptxfp.Form(3)


def test_lop3_immlut_is_eight_bits():
    # 9.7.8.6: "immLut is an integer constant that can take values from 0 to
    # 255"; 1 ^ 2 ^ 3 = 0 under 0x96 (a ^ b ^ c), every element.
    a, b, c = (np.full(5, v, np.uint32) for v in (1, 2, 3))
    assert list(ptxfp.eval("lop3.b32", a, b, c, np.full(5, 0x96, np.uint32))) == [0] * 5
    lut = np.array([0x96, 0x96, 0x196, 0x96, 0x96], np.uint32)
    with pytest.raises(ptxfp.OperandError, match=r"operand d \(element 2\): `immLut` is an integer constant from 0 to 255"):
        ptxfp.eval("lop3.b32", a, b, c, lut)
    with pytest.raises(ValueError, match="0x1ff is 511"):
        ptxfp.eval("lop3.b32", np.uint32(1), np.uint32(2), np.uint32(3), np.uint32(0x1FF))


def test_a_panic_is_an_internal_error():
    for in_pool in (False, True):
        with pytest.raises(ptxfp.InternalError, match="on purpose"):
            ptxfp._ext._panic_for_tests(in_pool)
    assert ptxfp.eval("add.rn.f16", np.float16(1), np.float16(1)) == 2


def test_warnings():
    with pytest.warns(ptxfp.PtxfpWarning, match="approx"):
        ptxfp.Form("rcp.approx.f32")


# ---------------------------------------------------------------- Form


def test_form_object():
    f = ptxfp.Form("fma.rn.f32.bf16")
    assert str(f) == "fma.rn.f32.bf16" and f.arity == 3
    assert f.operand_types == ("bf16", "bf16", "f32") and f.result_types == ("f32",)
    assert f.operand_dtypes == (np.dtype(BF16), np.dtype(BF16), np.dtype(np.float32))
    assert f.result_dtype == np.float32
    assert (f.min_ptx, f.min_target) == ("8.6", "sm_100")
    assert "fma.rn.f32.bf16" in repr(f)
    assert ptxfp.Form("fma.rn.bf16", target="sm_90").target == "sm_90"
    g = ptxfp.Form("fma.rn.f16", target="sm_80", ptx="7.0")
    x = np.float16(2)
    assert g(x, x, x) == 6 and ptxfp.eval(g, x, x, x) == 6


def test_gen():
    v = ptxfp.gen("fma.rn.bf16", 50, seed=3)
    assert len(v.sources) == 3 and v.sources[0].dtype == np.uint16 and v.expected.shape == (50,)
    assert np.array_equal(ptxfp.eval("fma.rn.bf16", *v.sources), v.expected)
    w = ptxfp.gen("fma.rn.bf16", 50, seed=3)
    assert all(np.array_equal(a, b) for a, b in zip(v.sources, w.sources))
    t = ptxfp.gen("add.rn.f16x2", 10, typed=True)
    assert t.sources[0].shape == (10, 2) and t.expected.dtype == np.float16
    assert ptxfp.gen("add.rn.f16", 0).expected.shape == (0,)


def test_sweep_digests_are_the_clis():
    # `ptxfp sweep add.rn.f16 --random 100000 --seed 5` and friends.
    assert ptxfp.Form("add.rn.f16").sweep(random=100_000, seed=5).digest == 0xDAB828641B698CA7
    s = ptxfp.Form("fma.rn.bf16").sweep(random=100_000)
    assert s.digest_hex == "0xc2e0ba9eaa37f066" and s.results == 100_000
    assert "digest    0xc2e0ba9eaa37f066" in str(s)
    m = ptxfp.Form("mad.f32", target="sm_13", ptx="1.3").sweep(random=1000)
    assert m.digest == 0xB63A08FBB030EDF9
    with pytest.raises(ValueError):
        ptxfp.Form("add.rn.f16").sweep()
    with pytest.raises(ptxfp.FormError):
        ptxfp.Form("fma.rn.f16").sweep(exhaustive=True)


def test_sweep_exhaustive():
    # docs/GPU.md: `ptxfp sweep add.rn.f16 --exhaustive`, on every path.
    s = ptxfp.Form("add.rn.f16").sweep(exhaustive=True)
    assert s.results == 1 << 32 and s.digest == 0x0FC1CD6525D8D1E4


# ---------------------------------------------------------------- check, run


def test_check():
    r = ptxfp.check(".version 8.0\n.target sm_80\n.reg .b16 %h<3>;\nmul.bf16 %h1, %h2, %h0;\n")
    assert len(r.errors) == 1
    d = r.errors[0]
    assert (d.line, d.column, d.severity) == (4, 1, "error")
    assert d.message == "mul.bf16 requires sm_90 or higher; the target is sm_80"
    assert r.target == "sm_80" and r.ptx == "8.0" and r.checked == 1
    ok = ptxfp.check(".version 8.0\n.target sm_90\n.reg .b16 %h<3>;\nmul.bf16 %h1, %h2, %h0;\n")
    assert ok.ok and list(ok) == []
    # an override, as --target does
    assert ptxfp.check(".version 8.0\n.target sm_80\n.reg .b16 %h<3>;\nmul.bf16 %h1, %h2, %h0;\n",
                       target="sm_90").ok


def test_run_registers():
    r = ptxfp.run(
        ".version 8.6\n.target sm_90\n.reg .f16 %h<3>;\nfma.rn.f16 %h2, %h0, %h1, %h1;\n",
        set={"%h0": 1.5, "%h1": np.float16(2)},
    )
    assert r["%h2"] == 5.0 and type(r["%h2"]) is np.float16
    assert r.registers["%h2"].bits == 0x4500
    assert list(r.registers) == ["%h2"]
    with pytest.raises(ptxfp.RunError) as e:
        ptxfp.run("foo;")
    assert e.value.errors[0].line == 1 and "not a PTX instruction" in e.value.errors[0].message


def test_run_device_printf_and_assert():
    # printf (vprintf): each call's text, in CTA, warp, lane order; the
    # expected text is C's printf as Python's %-formatting gives it (the
    # same conversions; %#x of the unsigned bits, as C prints an int).
    src = (REPO / "examples" / "kernels" / "printf.ptx").read_text()
    v = [-3, 10, 7, 1000]
    r = ptxfp.run(
        src,
        set={"_Z4showPKiPi_param_0": np.uint64(0x1000), "_Z4showPKiPi_param_1": np.uint64(0x2000)},
        mem={0x1000: np.array(v, dtype=np.int32)},
        grid=2,
        block=2,
    )
    want = []
    for cta in range(2):
        for t in range(2):
            i = cta * 2 + t
            f = v[i] * 0.25
            want.append(((cta, 0, 0), (t, 0, 0),
                         "b%d t%d v=%d x=%#x f=%f g=%g e=%.3e s=%s c=%c l=%d %%\n"
                         % (cta, t, v[i], v[i] & 0xFFFFFFFF, f, f, f, "xyz", chr(65 + i), v[i] * 1000000000)))
        want.append(((cta, 0, 0), (0, 0, 0), "-- end of CTA\n"))
    assert r.printf == want
    assert r.assertions == []
    # assert(): CUDA's line for each failing thread, and the run raises.
    src = (REPO / "examples" / "kernels" / "assert.ptx").read_text()
    with pytest.raises(ptxfp.KernelAssertionError) as e:
        ptxfp.run(
            src,
            set={"_Z5checkPKiPi_param_0": np.uint64(0x1000), "_Z5checkPKiPi_param_1": np.uint64(0x2000)},
            mem={0x1000: np.array([1, -1, 2, -5], dtype=np.int32)},
            block=4,
        )
    lines = ["check.cu:7: void check(const int *, int *): block: [0,0,0], thread: [%d,0,0] "
             "Assertion `v[i] > 0` failed." % t for t in (1, 3)]
    assert str(e.value) == "\n".join(lines)
    assert e.value.result.assertions == lines
    assert isinstance(e.value, AssertionError)
    assert [p[2] for p in e.value.result.printf] == ["thread %d checks %d\n" % (t, x) for t, x in enumerate([1, -1, 2, -5])]


def test_run_error_keeps_what_ran_before():
    # v[2] never given: CTA 1 stops at its load. The error holds what CTA 0
    # wrote (printf's count of arguments, 10, per thread; 0 for the second
    # call) and printed; a program refused before it runs holds neither.
    src = (REPO / "examples" / "kernels" / "printf.ptx").read_text()
    with pytest.raises(ptxfp.RunError) as e:
        ptxfp.run(
            src,
            set={"_Z4showPKiPi_param_0": np.uint64(0x1000), "_Z4showPKiPi_param_1": np.uint64(0x2000)},
            mem={0x1000: np.array([-3, 10], dtype=np.int32)},
            grid=2,
            block=2,
        )
    assert "never given or written" in e.value.errors[0].message
    assert e.value.memory == {0x2000: bytes([10, 0, 0, 0, 10, 0, 0, 0]), 0x2010: bytes(4)}
    assert [(c, t) for c, t, _ in e.value.printf] == [((0, 0, 0), (0, 0, 0)), ((0, 0, 0), (1, 0, 0)),
                                                     ((0, 0, 0), (0, 0, 0))]
    assert e.value.printf[2][2] == "-- end of CTA\n"
    assert pickle.loads(pickle.dumps(e.value)).memory == e.value.memory
    with pytest.raises(ptxfp.RunError) as e:
        ptxfp.run("foo;")
    assert e.value.memory == {} and e.value.printf == []


def test_run_kernel_grid_and_memory():
    src = (REPO / "examples" / "nvcc-kernel.ptx").read_text()
    a = np.array([1, 2, 3, 4], dtype=np.float16)
    b = np.array([5, 6, 7, 8], dtype=np.float16)
    d = np.array([0.5, 0.25, 1, 2], dtype=np.float16)
    r = ptxfp.run(
        src,
        set={"k_param_0": np.uint64(0x1000), "k_param_1": np.uint64(0x2000),
             "k_param_2": np.uint64(0x3000), "k_param_3": np.int32(4)},
        mem={0x1000: d, 0x2000: a, 0x3000: b},
        block=4,
    )
    out = np.frombuffer(r.memory[0x1000], dtype=np.float16)
    assert np.array_equal(bits(out), bits(ptxfp.eval("fma.rn.f16", a, b, d)))


def test_run_takes_a_shape_left_out_from_the_kernel():
    # .reqntid 64 and .reqnctapercluster 2: without grid= and block= the
    # launch is one cluster of two CTAs of 64 threads (it was one thread,
    # and the cluster shape refused the grid of 1); given ones are kept.
    src = (
        ".version 8.0\n.target sm_90\n.address_size 64\n"
        ".visible .entry k(.param .u64 out)\n.reqntid 64\n.reqnctapercluster 2\n{\n"
        ".reg .b32 %r<3>;\n.reg .b64 %rd1;\nld.param.u64 %rd1, [out];\n"
        "mov.u32 %r1, %ntid.x;\nmov.u32 %r2, %nctaid.x;\n"
        "st.global.v2.u32 [%rd1], {%r1, %r2};\nret;\n}\n"
    )
    r = ptxfp.run(src, set={"out": np.uint64(0x1000)})
    assert bytes(r.memory[0x1000]) == bytes([64, 0, 0, 0, 2, 0, 0, 0])
    r = ptxfp.run(src, set={"out": np.uint64(0x1000)}, block=32, grid=4)
    assert bytes(r.memory[0x1000]) == bytes([32, 0, 0, 0, 4, 0, 0, 0])


def test_run_max_memory_bounds_a_run():
    # A loop that stores to a new address each time stops at max_memory,
    # naming its line, instead of taking the host's memory.
    src = (
        ".version 8.0\n.target sm_90\n.address_size 64\n.entry k()\n{\n"
        ".reg .b64 %a;\nmov.b64 %a, 0x100000;\nL:\nst.global.u8 [%a], 1;\n"
        "add.u64 %a, %a, 64;\nbra L;\n}\n"
    )
    with pytest.raises(ptxfp.RunError) as e:
        ptxfp.run(src, max_memory=100000)
    assert "the run's memory reached --max-memory 100000 bytes" in str(e.value)


def _ctrl_c_stops(call):
    """Ctrl-C half a second into `call` raises KeyboardInterrupt within
    seconds (the call held the signal until it ended: hours here)."""
    import os
    import signal
    import threading
    import time

    timer = threading.Timer(0.5, os.kill, (os.getpid(), signal.SIGINT))
    start = time.monotonic()
    timer.start()
    try:
        with pytest.raises(KeyboardInterrupt):
            call()
    finally:
        timer.cancel()
    assert time.monotonic() - start < 30


def test_ctrl_c_stops_a_run():
    # A loop of 2^32 trips in 64 threads: about 8 * 10^11 steps.
    src = (
        ".version 8.0\n.target sm_90\n.entry k()\n{\n.reg .pred %p;\n.reg .b32 %r;\n"
        "mov.u32 %r, 0;\nL:\nadd.u32 %r, %r, 1;\nsetp.ne.u32 %p, %r, 0;\n@%p bra L;\nret;\n}\n"
    )
    _ctrl_c_stops(lambda: ptxfp.run(src, block=64, max_steps=10**13))


def test_ctrl_c_stops_a_sweep_and_a_shard(tmp_path):
    # 2^40 random results, and a shard of 2^38 (fma.rn.f16 in 1024
    # shards); the stopped shard writes no record.
    _ctrl_c_stops(lambda: ptxfp.Form("div.rn.f32").sweep(random=1 << 40, seed=1))
    _ctrl_c_stops(lambda: ptxfp.sweep_shard("fma.rn.f16", 0, 1024, tmp_path, exhaustive=True))
    assert list(tmp_path.iterdir()) == []


def test_ctrl_c_stops_a_matmul():
    # 4096^3 bf16 products: about half a minute on two cores.
    a = np.ones((4096, 4096), np.float32)
    _ctrl_c_stops(lambda: ptxfp.matmul(a, a, gpu="H100", a_format="bf16", d_format="f32"))


def test_text_that_is_not_unicode_says_where():
    # bytes.decode(errors="surrogateescape") of a file that is not UTF-8:
    # the error named a character position only.
    text = b".version 8.0\n.target sm_90\n// caf\xe9\n".decode(errors="surrogateescape")
    for call in (ptxfp.check, ptxfp.run):
        with pytest.raises(UnicodeEncodeError, match=r"<ptx>:3:7: a lone surrogate, which is no text: .*errors='replace'"):
            call(text)


def test_run_mem_address_out_of_range_is_a_value_error():
    # A negative address wrapped to the top of memory before.
    src = ".version 8.0\n.target sm_90\n.address_size 64\n.entry k()\n{\nret;\n}\n"
    for at in (-0x1000, 1 << 64):
        with pytest.raises(ValueError, match="run: mem address .*: addresses are 0 to 2\\*\\*64 - 1"):
            ptxfp.run(src, mem={at: b"\x01"})


def test_run_tensor_copy_with_a_tensor_map():
    # A 1-d box of 16 .f32 at element 8 of a 20-element tensor
    # (docs/ENGINE.md "Tensor copies"): elements 8..19, then zeros past the
    # end ("Elements in the Bounding Box which fall outside of the tensor
    # boundary are set to 0"); the kernel copies the tile to out.
    src = """.version 8.0
.target sm_90
.address_size 64
.visible .entry k(.param .align 64 .b8 tmap[128], .param .u64 out)
{
    .reg .b64 %tm;
    mov.b64 %tm, tmap;
    cvta.param.u64 %tm, %tm;
.shared .align 8 .b64 bar;
.shared .align 128 .b32 tile[16];
.reg .pred %p<2>;
.reg .b32 %r<8>;
.reg .b64 %rd<4>;
ld.param.u64 %rd1, [out];
mov.u32 %r1, bar;
mov.u32 %r2, tile;
mov.u32 %r3, 8;
mbarrier.init.shared::cta.b64 [%r1], 1;
mbarrier.arrive.expect_tx.shared::cta.b64 %rd2, [%r1], 64;
cp.async.bulk.tensor.1d.shared::cluster.global.mbarrier::complete_tx::bytes.tile [%r2], [%tm, {%r3}], [%r1];
W:
mbarrier.try_wait.parity.shared::cta.b64 %p1, [%r1], 0;
@!%p1 bra W;
ld.shared.v4.u32 {%r4, %r5, %r6, %r7}, [%r2+32];
st.global.v4.u32 [%rd1], {%r4, %r5, %r6, %r7};
ld.shared.v4.u32 {%r4, %r5, %r6, %r7}, [%r2+48];
st.global.v4.u32 [%rd1+16], {%r4, %r5, %r6, %r7};
ret;
}
"""
    t = np.arange(20, dtype=np.float32) + 0.5
    r = ptxfp.run(src, set={"out": np.uint64(0x2000)}, mem={0x1000: t},
                  tensor_map={"tmap": "f32:20@0x1000:box=16"})
    got = np.frombuffer(r.memory[0x2000], dtype=np.float32)
    # Box elements 8..15 are tensor elements 16..19, then 4 zeros.
    assert np.array_equal(bits(got), bits(np.array([16.5, 17.5, 18.5, 19.5, 0, 0, 0, 0], dtype=np.float32)))
    with pytest.raises(ptxfp.RunError, match="no tensor map"):
        ptxfp.run(src, set={"out": np.uint64(0x2000)}, mem={0x1000: t})


def test_run_im2col_load_of_a_convolution_tap():
    # One tap of a 3x3 convolution with padding 1 over a 1x3x4x8 NHWC
    # float16 image (docs/ENGINE.md "im2col mode"): an im2col load of the
    # 12 output pixels at filter offset (r, s) = (2, 0) holds, row by row,
    # the padded image's pixels (oh + r, ow + s), as numpy's own slicing
    # of np.pad gives them.
    src = """.version 8.0
.target sm_90
.address_size 64
.visible .entry k(.param .align 64 .b8 tmap[128], .param .u64 out)
{
    .reg .b64 %tm;
    mov.b64 %tm, tmap;
    cvta.param.u64 %tm, %tm;
.shared .align 8 .b64 bar;
.shared .align 128 .b8 tile[192];
.reg .pred %p<2>;
.reg .b32 %r<10>;
.reg .b16 %h<2>;
.reg .b64 %rd<4>;
ld.param.u64 %rd1, [out];
mov.u32 %r1, bar;
mov.u32 %r2, tile;
mov.u32 %r3, 0;
mov.u32 %r4, -1;
mov.u16 %h0, 0;
mov.u16 %h1, 2;
mbarrier.init.shared::cta.b64 [%r1], 1;
mbarrier.arrive.expect_tx.shared::cta.b64 %rd2, [%r1], 192;
cp.async.bulk.tensor.4d.shared::cluster.global.im2col.mbarrier::complete_tx::bytes [%r2], [%tm, {%r3, %r4, %r4, %r3}], [%r1], {%h0, %h1};
W:
mbarrier.try_wait.parity.shared::cta.b64 %p1, [%r1], 0;
@!%p1 bra W;
mov.u32 %r5, 0;
L:
add.u32 %r6, %r2, %r5;
ld.shared.v4.u32 {%r7, %r8, %r9, %r0}, [%r6];
cvt.u64.u32 %rd3, %r5;
add.u64 %rd3, %rd1, %rd3;
st.global.v4.u32 [%rd3], {%r7, %r8, %r9, %r0};
add.u32 %r5, %r5, 16;
setp.lt.u32 %p1, %r5, 192;
@%p1 bra L;
ret;
}
"""
    x = (np.arange(1 * 3 * 4 * 8, dtype=np.float16) / 8).reshape(1, 3, 4, 8)
    padded = np.pad(x, ((0, 0), (1, 1), (1, 1), (0, 0)))
    r, s = 2, 0
    want = padded[0, r:r + 3, s:s + 4, :].reshape(12, 8)
    got = ptxfp.run(
        src, set={"out": np.uint64(0x4000)}, mem={0x1000: x},
        tensor_map={"tmap": "f16:8x4x3x1@0x1000:pixels=12:channels=8:lower=-1x-1:upper=-1x-1"})
    tile = np.frombuffer(got.memory[0x4000], dtype=np.float16).reshape(12, 8)
    assert np.array_equal(bits(tile), bits(want))
    with pytest.raises(ptxfp.RunError, match="the map is a tiled one"):
        ptxfp.run(src, set={"out": np.uint64(0x4000)}, mem={0x1000: x},
                  tensor_map={"tmap": "f16:8x4x3x1@0x1000:box=8x4x3x1"})


def test_run_cluster_registers():
    # A 4x1 grid of one-thread CTAs in clusters of 2 (PTX ISA §10: the
    # rank in the cluster and the cluster's index): CTA x has rank x % 2
    # and %clusterid.x x // 2. Written to out[4 * x] and out[16 + 4 * x].
    src = """.version 8.0
.target sm_90
.address_size 64
.visible .entry k(.param .u64 out)
{
.reg .b32 %r<4>;
.reg .b64 %rd<4>;
ld.param.u64 %rd1, [out];
mov.u32 %r1, %ctaid.x;
mov.u32 %r2, %cluster_ctarank;
mov.u32 %r3, %clusterid.x;
mul.wide.u32 %rd2, %r1, 4;
add.s64 %rd3, %rd1, %rd2;
st.global.u32 [%rd3], %r2;
st.global.u32 [%rd3+16], %r3;
ret;
}
"""
    r = ptxfp.run(src, set={"out": np.uint64(0x1000)}, grid=4, cluster=2)
    got = np.frombuffer(r.memory[0x1000], dtype=np.uint32).tolist()
    assert got == [0, 1, 0, 1, 0, 0, 1, 1]
    with pytest.raises(ptxfp.RunError, match="multiple"):
        ptxfp.run(src, set={"out": np.uint64(0x1000)}, grid=3, cluster=2)


def test_run_cooperative_grid_barrier():
    # examples/kernels/grid-sync.ptx: a grid-wide barrier, which only a
    # cooperative launch completes (every CTA resident at once).
    src = (REPO / "examples" / "kernels" / "grid-sync.ptx").read_text()
    args = dict(set={"out": np.uint64(0x1000), "bar": np.uint64(0x2000)},
                mem={0x1000: bytes(64), 0x2000: bytes(4)}, grid=8, block=64)
    r = ptxfp.run(src, cooperative=True, **args)
    got = np.frombuffer(r.memory[0x1000], dtype=np.uint32).tolist()
    assert got == list(range(1, 9)) + [36] * 8
    with pytest.raises(ptxfp.RunError, match="--cooperative"):
        ptxfp.run(src, max_steps=100000, **args)
    with pytest.raises(ptxfp.RunError, match="CooperativeLaunchTooLarge"):
        ptxfp.run(src, cooperative=True, **dict(args, grid=265, block=1024))


def test_run_errors_name_the_keywords_of_the_flags_they_name():
    # The engine's messages name ptxfp run's flags; a last line gives their
    # keywords here (ptxfp_interp::options, one table for Python and C).
    src = (REPO / "examples" / "kernels" / "grid-sync.ptx").read_text()
    args = dict(set={"out": np.uint64(0x1000), "bar": np.uint64(0x2000)},
                mem={0x1000: bytes(64), 0x2000: bytes(4)}, grid=8, block=64)
    with pytest.raises(ptxfp.RunError) as e:
        ptxfp.run(src, max_steps=100000, **args)
    last = str(e.value).splitlines()[-1]
    assert last == ("note: in Python (ptxfp.run): --max-steps is max_steps=; "
                    "--cooperative is cooperative=True")
    # A placeless error (the engine's input check) has the note too.
    with pytest.raises(ptxfp.RunError) as e:
        ptxfp.run(src, malloc_heap_size=(1 << 40) + 1, **args)
    assert str(e.value).endswith(
        "note: in Python (ptxfp.run): --malloc-heap-size is malloc_heap_size=")
    # An error that names no flag has none.
    with pytest.raises(ptxfp.RunError) as e:
        ptxfp.run(".reg .f32 x;\nadd.f32 x, x, q;\n")
    assert "note: in Python" not in str(e.value)


def test_run_options_table_names_keywords_of_run():
    import inspect

    params = inspect.signature(ptxfp.run).parameters
    table = ptxfp._ptxfp.run_options()
    assert len(table) > 20
    for cli, py, c in table:
        for part in py.split(" and "):
            key = part.split("=")[0]
            assert key in params, (cli, py)


def test_run_malloc_heap_size():
    # examples/kernels/heap.ptx (its header gives the heap's rules): four
    # threads take the first four 16-byte blocks of the heap, which starts
    # at 0x2000000000000000; thread 0 frees its own and malloc(20) gets the
    # block after the four. In a heap of 64 bytes the four fill it: NULL.
    src = (REPO / "examples" / "kernels" / "heap.ptx").read_text()
    args = dict(set={"_Z4heapPy_param_0": np.uint64(0x1000)}, block=4)

    def out4(**kw):
        r = ptxfp.run(src, **args, **kw)
        return struct.unpack_from("<Q", r.memory[0x1000], 32)[0]

    assert out4() == 0x2000000000000040
    assert out4(malloc_heap_size=64) == 0
    with pytest.raises(ValueError, match="malloc_heap_size"):
        ptxfp.run(src, malloc_heap_size=-1, **args)


def test_run_surface_and_texture_bindings():
    # A 2d surface of u32 elements, 8 wide and 4 high, with a row pitch of
    # 48 bytes, and a texture of u32x4 texels over the same memory viewed
    # as 2 x 4 texels of 16 bytes (pitch 48). Thread (x, y) loads element
    # (x, y) with suld.b.2d.b32 ("the lowest dimension coordinate
    # represents a byte offset": 4x) and texel (x / 4, y) with
    # tex.2d.v4.u32.s32 (texel coordinates, nearest): each is the bytes at
    # base + y * pitch + its offset in the row, worked out here.
    w, h, pitch, base, out = 8, 4, 48, 0x10000, 0x40000
    img = (np.arange(pitch * h // 4, dtype=np.uint32) * 2654435761 + 12345).astype(np.uint32)
    src = """.version 8.0
.target sm_80
.address_size 64
.global .surfref s;
.global .texref t;
.visible .entry k()
{
    .reg .b32 %r<12>;
    .reg .b64 %rd<4>;
    mov.u32 %r1, %tid.x;
    mov.u32 %r2, %tid.y;
    shl.b32 %r3, %r1, 2;
    suld.b.2d.b32.trap {%r4}, [s, {%r3, %r2}];
    shr.u32 %r5, %r1, 2;
    tex.2d.v4.u32.s32 {%r6, %r7, %r8, %r9}, [t, {%r5, %r2}];
    mad.lo.u32 %r10, %r2, 8, %r1;
    mul.wide.u32 %rd1, %r10, 32;
    add.s64 %rd2, %rd1, 0x40000;
    st.global.v4.b32 [%rd2], {%r4, %r4, %r4, %r4};
    st.global.v4.b32 [%rd2+16], {%r6, %r7, %r8, %r9};
    ret;
}
"""
    r = ptxfp.run(src, mem={base: img}, block=(w, h),
                  surface={"s": "%dx%d:u32@%#x:pitch=%d" % (w, h, base, pitch)},
                  texture={"t": "%dx%d:u32x4@%#x:pitch=%d" % (w // 4, h, base, pitch)})
    got = np.frombuffer(r.memory[out], dtype=np.uint32).reshape(h, w, 8)
    rows = img.reshape(h, pitch // 4)
    for y in range(h):
        for x in range(w):
            assert got[y, x, :4].tolist() == [rows[y, x]] * 4
            assert got[y, x, 4:].tolist() == rows[y, 4 * (x // 4):4 * (x // 4) + 4].tolist()
    with pytest.raises(ptxfp.RunError, match="not bound"):
        ptxfp.run(src, mem={base: img}, block=(w, h),
                  texture={"t": "%dx%d:u32x4@%#x:pitch=%d" % (w // 4, h, base, pitch)})


def test_run_device_runtime_cdp2_and_cdp1():
    # examples/kernels/cdp-runtime.ptx: CUDA 12's __cudaCDP2 names (its
    # header works out the words); cdp1-sync.ptx: CDP1's device-side
    # cudaDeviceSynchronize, out[200 + d] = 4 - d.
    src = (REPO / "examples" / "kernels" / "cdp-runtime.ptx").read_text()
    r = ptxfp.run(src, entry="runtime", set={"runtime_param_0": np.uint64(0x1000)})
    words = np.frombuffer(r.memory[0x1000][:40], dtype=np.uint32).tolist()
    assert words == [0, 1, 0, 0, 32, 8, 1, 1, 1, 0]
    tail = np.frombuffer(r.memory[0x10a0], dtype=np.uint32).tolist()
    assert tail == [77, 5, 78]
    assert any("attribute 9999" in str(w) for w in r.warnings)
    sync = (REPO / "examples" / "kernels" / "cdp1-sync.ptx").read_text()
    r = ptxfp.run(sync, entry="deep", set={"deep_param_0": np.uint64(0x1000), "deep_param_1": np.uint32(0)})
    assert np.frombuffer(r.memory[0x1320], dtype=np.uint32).tolist() == [4, 3, 2, 1]
    with pytest.raises(ptxfp.RunError, match="does not run on sm_90"):
        ptxfp.run(sync, entry="deep", device="sm_90",
                  set={"deep_param_0": np.uint64(0x1000), "deep_param_1": np.uint32(0)})


def test_run_video_instructions_on_numpy_bytes():
    # examples/kernels/sad-vabsdiff4.ptx (vabsdiff4.u32.u32.u32.add): thread
    # t's sum of |ref[j] - line[4t + j]| over j < 16, worked out in numpy.
    src = (REPO / "examples" / "kernels" / "sad-vabsdiff4.ptx").read_text()
    ref = (np.arange(16) * 37 + 11).astype(np.uint8)
    line = (np.arange(44) ** 2 * 13 + 200).astype(np.uint8)
    r = ptxfp.run(
        src,
        set={"ref": np.uint64(0x1000), "line": np.uint64(0x2000), "out": np.uint64(0x3000)},
        mem={0x1000: ref, 0x2000: line},
        block=8,
    )
    want = [int(np.abs(ref.astype(np.int64) - line[4 * t:4 * t + 16].astype(np.int64)).sum()) for t in range(8)]
    assert np.frombuffer(r.memory[0x3000], dtype=np.uint32).tolist() == want


# ---------------------------------------------------------------- misuse
# Hostile and mistaken arguments: each a clear exception that says what
# was expected, never a wrong result, a crash or an unbounded allocation.


def test_lists_and_memoryviews_are_arrays_not_scalars():
    # Were taken as scalars and failed in int() ("only 0-dimensional
    # arrays can be converted to Python scalars").
    r = ptxfp.eval("add.rn.f64", [1.0, 2.0], [3.0, 4.0])
    assert r.dtype == np.float64 and r.tolist() == [4.0, 6.0]
    r = ptxfp.eval("add.rn.f64", [1.0], 3.0)
    assert isinstance(r, np.ndarray) and r.tolist() == [4.0]
    m = ptxfp.eval("add.rn.f32", memoryview(np.ones(3, np.float32)), np.float32(1))
    assert m.dtype == np.float32 and m.tolist() == [2.0, 2.0, 2.0]
    u = ptxfp.eval("add.rn.f16", np.uint16(0x3C00), [np.uint16(0x3C00), np.uint16(0)])
    assert u.dtype == np.uint16 and u.tolist() == [0x4000, 0x3C00]
    assert ptxfp.eval("add.s64", [1, 2], 3).tolist() == [4, 5]
    with pytest.raises(ptxfp.DtypeError, match=r"not numpy\.float64"):
        ptxfp.eval("add.rn.f16", [1.0, 2.0], np.float16(1))


def test_non_native_byte_order_is_taken_as_its_values():
    # A big-endian float16 array was refused as "not numpy.float16".
    x = np.array([1.5, -2.0, 65504.0], dtype=">f2")
    r = ptxfp.eval("add.rn.f16", x, np.float16(1))
    assert r.dtype == np.float16 and bits(r).tolist() == [0x4100, 0xBC00, 0x7BFF]
    b = np.array([0x3C00, 0x4000], dtype=">u2")
    assert ptxfp.eval("add.rn.f16", b, b).tolist() == [0x4000, 0x4400]
    out = np.zeros(3, dtype=">f2")
    assert ptxfp.eval("add.rn.f16", x, x, out=out) is out
    assert out.astype(np.float16).tolist() == [3.0, -4.0, np.inf]
    o = np.zeros(2, dtype=">i4")
    ptxfp.eval("add.s32", np.array([1, -2], np.int32), np.int32(1), out=o)
    assert o.tolist() == [2, -1]
    with pytest.raises(ptxfp.DtypeError, match=r"takes numpy\.float16 values or numpy\.uint16 bits, not numpy\.float32;"):
        ptxfp.eval("add.rn.f16", np.ones(2, ">f4"), np.float16(1))
    with pytest.raises(ptxfp.DtypeError, match=r"out: numpy\.float16 for add\.rn\.f16's result, not numpy\.float32 \(big-endian\)"):
        ptxfp.eval("add.rn.f16", x, x, out=np.zeros(3, ">f4"))


def test_form_argument_misuse():
    # The keyword is the documented one (was `text` in Rust).
    assert ptxfp.Form(form="add.rn.f16").text == "add.rn.f16"
    # A str that is not valid Unicode: was "a string ..., not str".
    with pytest.raises(ptxfp.FormError, match="form: .*surrogates not allowed"):
        ptxfp.Form("add.rn.f16\ud800")
    with pytest.raises(ptxfp.FormError, match="target: .*surrogates not allowed"):
        ptxfp.Form("add.rn.f16", target="sm_90\udc80")
    with pytest.raises(ptxfp.DtypeError, match="target: a string such as 'sm_90' or '8.6', not int 90"):
        ptxfp.Form("add.rn.f16", target=90)
    # Unhashable: was "unhashable type: 'list'" from the form cache.
    with pytest.raises(ptxfp.DtypeError, match="form: a string such as 'fma.rn.f16' or a ptxfp.Form, not list"):
        ptxfp.eval(["add.rn.f16"], np.float16(1), np.float16(2))
    with pytest.raises(ptxfp.DtypeError, match="target: a string such as 'sm_90' or '8.6', not list"):
        ptxfp.eval("add.rn.f16", np.float16(1), np.float16(2), target=["sm_90"])


def test_pickling():
    import pickle

    f = ptxfp.Form("mad.f32", target="sm_13", device="sm_20", ptx="1.3")
    g = pickle.loads(pickle.dumps(f))
    assert type(g) is ptxfp.Form and repr(g) == repr(f) and g.operand_types == f.operand_types
    # Equal by canonical text and setup (was by identity): a dict key.
    assert g == f and hash(g) == hash(f) and {f: 1}[g] == 1
    assert f != ptxfp.Form("mad.f32", target="sm_13", ptx="1.3")  # another device
    assert ptxfp.Form(" add.rn.f16") == ptxfp.Form("add.rn.f16") != "add.rn.f16"
    x = np.float32(1.0 + 2.0**-20)
    assert bits(g(x, x, np.float32(-1))) == bits(f(x, x, np.float32(-1)))
    h = pickle.loads(pickle.dumps(ptxfp.Form("fma.rn.bf16")))
    assert h.device == "sm_100" and h(BF16(1), BF16(2), BF16(3)) == 5
    # KernelAssertionError failed to unpickle (its `result` was required).
    e = pickle.loads(pickle.dumps(ptxfp.KernelAssertionError("a:1: f: failed", "r")))
    assert str(e) == "a:1: f: failed" and e.result == "r"
    e = pickle.loads(pickle.dumps(ptxfp.FormError("shown", "message", "help")))
    assert (str(e), e.message, e.help) == ("shown", "message", "help")


def test_gen_and_sweep_argument_misuse():
    # Seeds out of range were an OverflowError ("can't convert negative
    # int to unsigned"); True was taken as 1; a str thread count failed
    # comparing.
    with pytest.raises(ValueError, match=r"gen: seed is an integer from 0 to 2\^64 - 1, not -1"):
        ptxfp.gen("add.rn.f16", 3, -1)
    with pytest.raises(ValueError, match=r"seed is an integer from 0 to 2\^64 - 1"):
        ptxfp.gen("add.rn.f16", 3, 1 << 64)
    with pytest.raises(ValueError, match="count: 0 to 10,000,000 vectors, not True"):
        ptxfp.gen("add.rn.f16", True)
    f = ptxfp.Form("add.rn.f16")
    with pytest.raises(ValueError, match=r"sweep: random=N takes 1 to 2\^40 results"):
        f.sweep(random=True)
    with pytest.raises(ValueError, match="sweep: threads from 1 to 1024"):
        f.sweep(random=5, threads="2")
    with pytest.raises(ValueError, match="sweep: threads from 1 to 1024"):
        f.sweep(random=5, threads=True)
    with pytest.raises(ValueError, match=r"sweep: seed is an integer from 0 to 2\^64 - 1, not -1"):
        f.sweep(random=5, seed=-1)
    assert f.sweep(random=100_000, seed=np.uint64(5)).digest == 0xDAB828641B698CA7


def test_sweep_shard_takes_bytes_paths(tmp_path):
    # A bytes path (os.PathLike's other kind) was a pyo3 TypeError.
    rec = ptxfp.sweep_shard("add.rn.f16", 0, 1, bytes(tmp_path), random=1000)
    assert rec["results"] == 1000
    assert ptxfp.sweep_present("add.rn.f16", 1, bytes(tmp_path), random=1000) == [0]
    assert ptxfp.sweep_merge(bytes(tmp_path))["complete"]


RUN_SRC = (
    ".version 8.0\n.target sm_90\n.address_size 64\n.entry k(.param .u64 p)\n{\n"
    ".reg .u64 %rd<2>;\n.reg .u32 %r<2>;\nld.param.u64 %rd1, [p];\n"
    "ld.global.u32 %r1, [%rd1];\nst.global.u32 [%rd1+4], %r1;\nret;\n}\n"
)


def test_run_argument_misuse():
    ok = ptxfp.run(RUN_SRC, {"p": np.uint64(0x1000)}, mem={0x1000: [1, 2, 3, 4]})
    assert ok.memory == {0x1004: b"\x01\x02\x03\x04"}
    # Another object with the buffer protocol: its bytes.
    import array

    ok = ptxfp.run(RUN_SRC, {"p": np.uint64(0x1000)}, mem={0x1000: array.array("I", [0x04030201])})
    assert ok.memory == {0x1004: b"\x01\x02\x03\x04"}
    p = {"p": np.uint64(0x1000)}
    # An int was bytes(int): that many zero bytes, silently (and
    # mem={0: 10**15} tried to allocate a petabyte).
    with pytest.raises(ptxfp.DtypeError, match=r"mem\[0x1000\]: bytes, a bytearray, a memoryview, a list of byte values or a numpy array; not int"):
        ptxfp.run(RUN_SRC, p, mem={0x1000: 10**15})
    with pytest.raises(ptxfp.DtypeError, match=r"mem\[0x1000\]: .*; not str"):
        ptxfp.run(RUN_SRC, p, mem={0x1000: "abcd"})
    # A list holds byte values; numpy's "bytes must be in range(0, 256)"
    # named no entry.
    with pytest.raises(ptxfp.DtypeError, match=r"mem\[0x1000\]: a list or tuple gives byte values \(0 to 255\)"):
        ptxfp.run(RUN_SRC, p, mem={0x1000: [1, 256]})
    # An object array's bytes are pointers.
    with pytest.raises(ptxfp.DtypeError, match=r"mem\['p'\]: an array of Python objects has no bytes"):
        ptxfp.run(RUN_SRC, p, mem={"p": np.array([1, "a"], dtype=object)})
    # Nothing to give: the error said `--mem 0x1000=: no bytes given`.
    for empty in (b"", [], np.zeros(0, np.float32)):
        with pytest.raises(ValueError, match=r"mem\[0x1000\]: no bytes \(an empty \w+\): give at least one byte, or leave the entry out"):
            ptxfp.run(RUN_SRC, p, mem={0x1000: empty})
    # A broadcast view of 2^40 bytes was copied whole first (numpy's
    # MemoryError); it is measured against max_memory before any copy.
    huge = np.broadcast_to(np.zeros(1, np.uint8), (1 << 40,))
    with pytest.raises(ptxfp.RunError, match=r"mem\[0x1000\]: 1099511627776 bytes, more than the 2147483648 the run may still hold \(max_memory\)"):
        ptxfp.run(RUN_SRC, p, mem={0x1000: huge})
    with pytest.raises(ptxfp.RunError, match=r"mem\[0x2000\]: 8 bytes, more than the 4 the run may still hold"):
        ptxfp.run(RUN_SRC, p, mem={0x1000: b"1234", 0x2000: np.zeros(1, np.float64)}, max_memory=8)
    with pytest.raises(ptxfp.RunError, match=r"mem\[0x1000\]: 9 bytes, more than the 8 the run may still hold"):
        ptxfp.run(RUN_SRC, p, mem={0x1000: memoryview(bytes(9))}, max_memory=8)
    # More dynamic shared memory than any GPU gives a CTA was taken where
    # the kernel declares no `.extern .shared` array.
    with pytest.raises(ptxfp.RunError, match=r"--dynamic-shared 232449: more than the 232448 bytes \(227 KiB\)"):
        ptxfp.run(RUN_SRC, p, mem={0x1000: b"\0\0\0\0"}, dynamic_shared=232449)
    with pytest.raises(ptxfp.DtypeError, match="run: set is a dict"):
        ptxfp.run(RUN_SRC, [("p", 1)])
    with pytest.raises(ptxfp.DtypeError, match="run: tensor_map is a dict"):
        ptxfp.run(RUN_SRC, p, tensor_map=["t"])
    # Launch shapes: a str was iterated ("12" a grid of 1x2), a float
    # failed as "not iterable", a large int was an OverflowError.
    dims = "an int or one to three ints, each from 1 to 4294967295"
    for bad in ("12", 1.5, 1 << 40, 0, True, (1, 1, 1, 1), (1, 2.0)):
        with pytest.raises(ValueError, match="grid: " + dims):
            ptxfp.run(RUN_SRC, p, grid=bad)
    with pytest.raises(ValueError, match="block: " + dims):
        ptxfp.run(RUN_SRC, p, block=-1)
    for bad in (-1, (0, 0, 0, 0), 1 << 32):
        with pytest.raises(ValueError, match="thread: an int or one to three ints, each from 0 to 4294967295"):
            ptxfp.run(RUN_SRC, p, thread=bad)
    with pytest.raises(ValueError, match="cta: an int or one to three ints, each from 0"):
        ptxfp.run(RUN_SRC, p, cta=-1)
    # Counts: negative ones were an OverflowError, a float truncated.
    for key in ("dynamic_shared", "max_steps", "max_memory"):
        for bad in (-1, 1.9, 1 << 64):
            with pytest.raises(ValueError, match=key + r": .*an integer from 0 to 2\^64 - 1; not "):
                ptxfp.run(RUN_SRC, p, mem={0x1000: b"\0\0\0\0"}, **{key: bad})
    r = ptxfp.run(RUN_SRC, p, mem={0x1000: np.zeros(1, np.uint32)}, grid=np.int64(1),
                  block=[1, 1], thread=0, cta=(0,), max_steps=np.uint64(100))
    assert r.memory == {0x1004: b"\0\0\0\0"}


def test_the_public_names_are_the_api():
    # `dir(ptxfp)` shows what `__all__` lists and nothing more: numpy,
    # ml_dtypes and the helpers the package uses are private names.
    public = {n for n in dir(ptxfp) if not n.startswith("_")}
    # Submodules appear once imported (`python -m ptxfp.distributed`).
    public -= {"distributed"}
    assert public == set(ptxfp.__all__)


def test_str_operands_read_as_the_command_line_reads_them():
    f16 = lambda r: int(np.asarray(r).view(np.uint16))  # noqa: E731
    # A value: rounded once from its digits, and typed back.
    r = ptxfp.eval("add.rn.f16", "0.1", "0")
    assert r.dtype == np.float16 and f16(r) == 0x2E66
    # 1 + 2^-11 is the tie between 0x3c00 and 0x3c01; the digits after it
    # put this decimal above the tie, which a Python float (exactly the
    # tie) would lose: the str rounds up, the float to even.
    above = "1.00048828125000000000000000001"
    assert float(above) == 1 + 2.0**-11
    assert f16(ptxfp.eval("add.rn.f16", above, "0")) == 0x3C01
    assert f16(ptxfp.eval("add.rn.f16", float(above), "0")) == 0x3C00
    # Bits; beside bits, bits come back.
    assert ptxfp.eval("add.rn.f16", "0x3c00", np.uint16(0x3C00)) == 0x4000
    # A NaN with a payload is those bits: the same result as the bits given.
    for form, s, b in [("add.rn.f16", "nan:0x1", 0x7E01), ("max.f16", "snan:0x5", 0x7C05),
                       ("add.rn.f32", "0f7FC00001", 0x7FC00001)]:
        t = ptxfp.Form(form).operand_dtypes[0]
        zero = np.zeros((), dtype=t)[()]
        reg = np.uint16 if t.itemsize == 2 else np.uint32
        got = np.asarray(ptxfp.eval(form, s, zero)).view(reg)
        want = np.asarray(ptxfp.eval(form, reg(b).view(t), zero)).view(reg)
        assert got == want, form
    # x2 lanes, integers, predicates' results.
    assert ptxfp.eval("add.rn.f16x2", "1,2", "0.5,0.5").tolist() == [1.5, 2.5]
    assert ptxfp.eval("add.s32", "-5", "0xff") == 250
    assert ptxfp.eval("setp.lt.f32", "1", "nan") == False  # noqa: E712
    # Strings broadcast as scalars.
    a = np.array([1, 2, 3], dtype=np.float16)
    assert ptxfp.eval("mul.rn.f16", a, "2").tolist() == [2, 4, 6]
    with pytest.raises(ptxfp.DtypeError, match=r"operand a of add.rn.f16 \(.f16\): `zz` is not a number"):
        ptxfp.eval("add.rn.f16", "zz", "1")
    with pytest.raises(ptxfp.DtypeError, match="takes two lanes"):
        ptxfp.eval("add.rn.f16x2", "0.5", "0.5,0.5")
    with pytest.raises(ptxfp.DtypeError, match="an array of str"):
        ptxfp.eval("add.rn.f16", np.array(["1", "2"]), "1")


def test_warnings_point_at_the_callers_line():
    # However deep in the package a warning arises (eval -> Form -> an
    # operand), it is reported at the line that called ptxfp.
    for call in [lambda: ptxfp.eval("add.rn.f16", "1e-8", "0"),
                 lambda: ptxfp.eval("add.rn.f16", 1e-8, np.float16(0)),
                 lambda: ptxfp.Form("add.rn.f16")("1e999", "0"),
                 lambda: ptxfp.eval("sin.approx.ftz.f32", np.float32(1), target="sm_89")]:
        with warnings.catch_warnings(record=True) as w:
            warnings.simplefilter("always")
            call()
        assert w and all(x.filename == __file__ for x in w), [(x.filename, str(x.message)) for x in w]
