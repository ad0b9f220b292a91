"""Shared paths: the repository root, its vector files and the independent
Python model scripts/xcheck/ptxmodel.py (written from the PTX ISA alone,
without ptxfp's code)."""

import pathlib
import sys

import pytest

REPO = pathlib.Path(__file__).resolve().parents[2]
VECTORS = REPO / "testdata" / "vectors"
XCHECK = REPO / "scripts" / "xcheck"


def pytest_configure(config):
    if str(XCHECK) not in sys.path:
        sys.path.insert(0, str(XCHECK))


@pytest.fixture(scope="session")
def ptxmodel():
    import ptxmodel as m

    return m
