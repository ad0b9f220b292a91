"""Every form of `ptxfp forms` (the floating-point table) against the
independent exact Python model scripts/xcheck/ptxmodel.py (fractions,
written from the PTX ISA without ptxfp's code): the forms listed are the
same, and on edge-weighted and random operands (`ptxfp.gen` and uniform
bits) the batch path, the scalar path and gen's expected values all give
the model's bits. The .approx/.full forms have no bit-level definition
and are left out."""

import numpy as np
import pytest

import ptxfp

SETUPS = [
    {"target": "sm_100", "ptx": "8.8"},
    {"target": "sm_13", "ptx": "1.3"},
    {"target": "sm_13", "ptx": "1.3", "device": "sm_90"},
    {"target": "sm_20", "ptx": "3.0"},
]


def test_forms_are_the_models(ptxmodel):
    ours = {(f.form, f.min_ptx, f.min_target) for f in ptxfp.forms()}
    theirs = {(f, p, t) for f, p, t, _ in ptxmodel.legal_forms()}
    assert ours == theirs


def test_forms_filter():
    all_ = {f.form for f in ptxfp.forms()}
    sm80 = {f.form for f in ptxfp.forms(target="sm_80")}
    assert "fma.rn.bf16" in sm80 and "add.bf16" not in sm80
    assert sm80 < all_
    assert {f.form for f in ptxfp.forms(ptx="7.0", target="sm_100")} < all_
    fam = {f.form for f in ptxfp.forms(family="all")}
    assert all_ < fam
    assert "add.s32" in {f.form for f in ptxfp.forms(family="int")}
    with pytest.raises(ptxfp.FormError):
        ptxfp.forms(family="floats")
    assert str(ptxfp.forms()[0]).startswith("add.f16 4.2 sm_53")


def _cases():
    import ptxmodel

    out = []
    for form, _, _, _ in ptxmodel.legal_forms():
        if ptxmodel.is_approx(form):
            continue
        for s in SETUPS:
            setup = ptxmodel.Setup(s["target"], s["ptx"], s.get("device"))
            if ptxmodel.is_legal(form, setup):
                out.append((form, s))
                if not ptxmodel.is_mad_without_rounding(form):
                    break
    return out


CASES = _cases()


def test_every_exact_form_is_covered(ptxmodel):
    covered = {f for f, _ in CASES}
    exact = {f.form for f in ptxfp.forms() if not ptxmodel.is_approx(f.form)}
    assert covered == exact
    assert len(covered) >= 380


@pytest.mark.parametrize(
    "form,setup", CASES, ids=["%s@%s" % (f, "-".join(s.values())) for f, s in CASES]
)
def test_form_against_model(form, setup, ptxmodel):
    f = ptxfp.Form(form, **setup)
    model = ptxmodel.Form(form, ptxmodel.Setup(setup["target"], setup["ptx"], setup.get("device")))
    vec = f.gen(160, seed=7)
    rng = np.random.default_rng(abs(hash(form)) % (1 << 32))
    srcs = [
        np.concatenate([s, rng.integers(0, np.iinfo(s.dtype).max, 48, dtype=s.dtype, endpoint=True)])
        for s in vec.sources
    ]
    got = f(*srcs)
    n = len(got)
    for i in range(n):
        ops = [int(s[i]) for s in srcs]
        want = model.evaluate(ops)
        assert int(got[i]) == want, "%s %s: ptxfp %#x, model %#x" % (
            form, " ".join("%x" % x for x in ops), int(got[i]), want)
        if i < len(vec.expected):
            assert int(vec.expected[i]) == want
    # The scalar path on a few of them.
    for i in range(0, n, 17):
        ops = [s[i] for s in srcs]
        assert int(f(*ops)) == int(got[i])
