"""ptxfp against Berkeley TestFloat 3e: a seeded sample of testfloat_gen's
level-1 cases for every PTX form that computes a TestFloat function
(testdata/vectors-testfloat, written by scripts/testfloat/run
--write-sample). Results compare bit for bit, after the rules by which
PTX's NaNs and invalid conversions differ from SoftFloat's
(scripts/testfloat/testfloat.py, `ptx_expected`)."""

import gzip
import sys

import numpy as np
import pytest

import ptxfp
from conftest import REPO

sys.path.insert(0, str(REPO / "scripts" / "testfloat"))
import testfloat as tf  # noqa: E402

SAMPLE = REPO / "testdata" / "vectors-testfloat" / "level1-sample.txt.gz"
SECTIONS = tf.read_sample(SAMPLE)


def test_the_sample_has_every_job_once():
    forms = [job.form for job, _ in SECTIONS]
    assert sorted(forms) == sorted(j.form for j in tf.jobs())
    assert len(set(forms)) == len(forms)


@pytest.mark.parametrize("job,data", SECTIONS, ids=[j.form for j, _ in SECTIONS])
def test_testfloat_cases(job, data):
    ops, result, flags = tf.parse(data, job)
    assert len(result) >= 300
    want = tf.ptx_expected(job, ops, result, flags)
    bad, got = tf.compare(ptxfp, job, ops, want)
    shown = [
        f"{' '.join(f'{int(o[i]):x}' for o in ops)}: TestFloat {int(result[i]):x}, "
        f"expected {int(want[i]):x}, got {int(got[i]):x}"
        for i in bad[:10]
    ]
    assert not len(bad), f"{job.form}: {len(bad)} of {len(result)} differ:\n" + "\n".join(shown)


def test_ptx_rules_change_only_what_ieee_leaves_open():
    """The rules touch NaN results and invalid conversions, nothing else:
    every case they change is one where TestFloat's result is a NaN or its
    invalid flag is set."""
    changed = 0
    for job, data in SECTIONS:
        ops, result, flags = tf.parse(data, job)
        want = tf.ptx_expected(job, ops, result, flags)
        moved = want != result
        if job.result in tf.FLOATS:
            assert tf._is_nan(result[moved], job.result).all(), job.form
        else:
            assert ((flags[moved] & np.uint64(tf.INVALID)) != 0).all(), job.form
        changed += int(moved.sum())
    assert changed > 1000


def test_a_wrong_bit_is_found():
    """The comparison can fail: one flipped bit of one expected result is
    reported at its line."""
    job, data = next((j, d) for j, d in SECTIONS if j.form == "fma.rn.f16")
    ops, result, flags = tf.parse(data, job)
    want = tf.ptx_expected(job, ops, result, flags)
    want[7] ^= np.uint64(1)
    bad, _ = tf.compare(ptxfp, job, ops, want)
    assert bad.tolist() == [7]


def test_parse_names_a_line_of_the_wrong_shape():
    job = next(j for j in tf.jobs() if j.form == "add.rn.f32")
    with pytest.raises(ValueError, match="line 2 is not"):
        tf.parse(b"3F800000 3F800000 40000000 00\n3F80000G 3F800000 40000000 00\n", job)
    with pytest.raises(ValueError, match="not whole lines"):
        tf.parse(b"3F800000 3F800000 40000000 0\n", job)


def test_sample_header_names_its_generator():
    with gzip.open(SAMPLE, "rt") as f:
        head = f.readline()
    assert "testfloat_gen" in head
