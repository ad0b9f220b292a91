"""Replays the Python fuzz target's corpus (fuzz/python/corpus) through the
target itself (fuzz/python/fuzz_ptxfp.py): every input must end in ptxfp's
own errors or the TypeError/ValueError/OverflowError of a malformed argument,
never an InternalError (a caught Rust panic), a PanicException or a crash.
The corpus is what atheris found to reach new code (docs/TESTING.md
"Fuzzing"); atheris itself is not needed here."""

import importlib.util

import pytest

from conftest import REPO

TARGET = REPO / "fuzz" / "python" / "fuzz_ptxfp.py"
CORPUS = REPO / "fuzz" / "python" / "corpus"


@pytest.fixture(scope="module")
def target():
    spec = importlib.util.spec_from_file_location("fuzz_ptxfp", TARGET)
    mod = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(mod)
    return mod


def test_the_corpus_is_there():
    assert len(list(CORPUS.iterdir())) >= 50


def test_every_corpus_input_ends_cleanly(target):
    for path in sorted(CORPUS.iterdir()):
        try:
            target.one_input(path.read_bytes())
        except BaseException as e:  # noqa: BLE001 - any escape is a finding
            pytest.fail(f"{path.name}: {type(e).__name__}: {e}")


def test_a_panic_is_a_finding(target, monkeypatch):
    # The target must not swallow InternalError: a fake one escapes.
    import ptxfp

    def boom(*a, **k):
        raise ptxfp.InternalError("panicked")

    monkeypatch.setattr(ptxfp, "forms", boom)
    # what == 3 (`forms`): the first byte picks the call.
    with pytest.raises(ptxfp.InternalError):
        target.one_input(bytes([3]) + bytes(16))
