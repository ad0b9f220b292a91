"""Every line of the repository's vector files (testdata/vectors/*.txt:
expected values from the independent rustc_apfloat reference), evaluated
through the Python package: once per form as uint arrays (the batch
kernels), once as typed arrays where the types have dtypes, and every
line as scalars. Bits are compared, never values."""

import collections
import shlex

import numpy as np
import pytest

import ptxfp
from conftest import VECTORS


def _setup(line):
    args = shlex.split(line.split(":", 1)[1])
    opts = {}
    for i in range(0, len(args), 2):
        opts[args[i].lstrip("-")] = args[i + 1]
    return opts


def _load():
    groups = collections.OrderedDict()
    for path in sorted(VECTORS.glob("*.txt")):
        setup = {}
        for n, line in enumerate(path.read_text().splitlines(), 1):
            line = line.strip()
            if line.startswith("# run:"):
                setup = _setup(line)
                continue
            if not line or line.startswith("#"):
                continue
            form, *ops = line.split()
            # The operand count is part of the form (`min.f32 a b c` is
            # the three-input min, PTX ISA 9.7.3.11).
            key = (path.name, form, len(ops) - 1, tuple(sorted(setup.items())))
            groups.setdefault(key, []).append([int(x, 16) for x in ops])
    return groups


GROUPS = _load()


def test_files_are_there():
    assert len(GROUPS) > 300
    assert sum(len(v) for v in GROUPS.values()) > 30000


@pytest.mark.parametrize("key", list(GROUPS), ids=lambda k: "%s:%s" % (k[0], k[1]))
def test_vector_file(key):
    name, form, nsrc, setup = key
    rows = GROUPS[key]
    f = ptxfp.Form(form, **dict(setup))
    if len(f.register_dtypes) != nsrc:
        # The form named with its operands: `min.f32 d, a, b, c`.
        f = ptxfp.Form("%s d, %s" % (form, ", ".join("abcdefgh"[:nsrc])), **dict(setup))
    assert len(f.register_dtypes) == nsrc, (form, nsrc)
    cols = list(zip(*rows))
    srcs = [np.array(c, dtype=dt) for c, dt in zip(cols[:-1], f.register_dtypes)]
    expected = np.array(cols[-1], dtype=np.uint64)
    got = f(*srcs)
    assert got.dtype.kind == "u"
    bad = np.nonzero(got.astype(np.uint64) != expected)[0]
    assert bad.size == 0, "%s: %s %s gives %#x, expected %#x" % (
        name, form, " ".join("%x" % s[bad[0]] for s in srcs), int(got[bad[0]]),
        int(expected[bad[0]]))
    # Scalars (numpy unsigned scalars): the scalar path.
    for r in rows[:: max(1, len(rows) // 40)]:
        ops = [dt.type(x) for x, dt in zip(r[:-1], f.register_dtypes)]
        assert int(f(*ops)) == r[-1], (form, r)
    # Typed arrays: the same bits, as views.
    if all(t in ("f16", "bf16", "f32", "f64") for t in f.operand_types + f.result_types):
        typed = [s.view(dt) for s, dt in zip(srcs, f.operand_dtypes)]
        got = f(*typed)
        assert got.dtype == f.result_dtype
        reg = {2: np.uint16, 4: np.uint32, 8: np.uint64}[got.dtype.itemsize]
        assert np.array_equal(got.view(reg).astype(np.uint64), expected)
        # Typed numpy scalars (the call that stays in Rust).
        for i in range(0, len(rows), max(1, len(rows) // 40)):
            one = f(*[t[i] for t in typed])
            assert type(one) is f.result_dtype.type
            assert int(np.asarray(one).view(reg)) == rows[i][-1], (form, rows[i])
