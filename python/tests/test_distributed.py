"""Sharded sweeps: ``ptxfp.sweep_shard``/``ptxfp.sweep_merge`` (the Rust
shard API, no Ray), and the Ray driver ``python -m ptxfp.distributed``
run as a command on a local Ray instance of 2 CPUs: the digest of 8
shards is the unsharded one, a worker killed mid-way is retried, a re-run
recomputes only what is missing or corrupt. The Ray tests are skipped
where Ray is not installed (``pip install './python[ray]'``; scripts/test
installs it)."""

import json
import os
import pathlib
import shutil
import subprocess
import sys

import pytest

import ptxfp

ADD_F16 = 0x0FC1CD6525D8D1E4  # `ptxfp sweep add.rn.f16 --exhaustive` (and an H200's)
CHUNK = 1 << 24  # results per digest chunk; a shard holds at least one

try:
    import ray  # noqa: F401

    HAVE_RAY = True
except ImportError:
    HAVE_RAY = False

needs_ray = pytest.mark.skipif(not HAVE_RAY, reason="Ray is not installed (pip install 'ptxfp[ray]')")


def records(d):
    """shard index -> (path, record dict) of the records in ``d``."""
    out = {}
    for p in sorted(pathlib.Path(d).glob("*.json")):
        r = json.loads(p.read_text())
        out[r["shard"]["k"]] = (p, r)
    return out


def driver(*args, env=None, timeout=300):
    """``python -m ptxfp.distributed ARGS`` on a local Ray of 2 CPUs:
    (exit code, stdout, stderr)."""
    e = dict(os.environ)
    e.update(env or {})
    e.setdefault("RAY_DEDUP_LOGS", "0")
    e.setdefault("RAY_USAGE_STATS_ENABLED", "0")  # no report to Ray's server from tests
    p = subprocess.run(
        [sys.executable, "-m", "ptxfp.distributed", *map(str, args), "--num-cpus", "2"],
        capture_output=True, text=True, env=e, timeout=timeout,
    )
    return p.returncode, p.stdout, p.stderr


def digest_of(stdout):
    for line in stdout.splitlines():
        if line.startswith("digest "):
            return int(line.split()[1], 16)
    raise AssertionError("no digest line in:\n" + stdout)


# ---------------------------------------------------------------- the binding, no Ray


def test_shards_merge_to_the_unsharded_random_digest(tmp_path):
    # A shard is at least one chunk (2^24 results): 3 shards of 3 chunks,
    # the last one partial.
    n = 2 * CHUNK + 12345
    whole = ptxfp.Form("fma.rn.bf16").sweep(random=n, seed=9)
    recs = [
        ptxfp.sweep_shard("fma.rn.bf16", k, 3, tmp_path, random=n, seed=9, threads=1)
        for k in range(3)
    ]
    assert [r["shard"] for r in recs] == [{"k": k, "n": 3} for k in range(3)]
    assert all(os.path.isfile(r["file"]) for r in recs)
    assert sum(r["results"] for r in recs) == n
    m = ptxfp.sweep_merge(tmp_path)
    assert m["complete"] and m["ok"] and m["missing"] == [] and m["refused"] == []
    assert m["digest"] == whole.digest and m["results"] == whole.results
    assert "digest    %#018x" % whole.digest in m["text"]
    assert ptxfp.sweep_merge(tmp_path, expect=whole.digest)["ok"]
    bad = ptxfp.sweep_merge(tmp_path, expect="0x1234")
    assert bad["complete"] and not bad["ok"]
    assert "expected  0x0000000000001234: DIFFERENT" in bad["text"]
    # A torn record is refused and named; the shards are still complete.
    (tmp_path / "torn.json").write_text('{"kind": "ptxfp-sweep-sh')
    m = ptxfp.sweep_merge(tmp_path)
    assert m["complete"] and not m["ok"]
    assert [os.path.basename(r["file"]) for r in m["refused"]] == ["torn.json"]
    assert "refused   %s" % (tmp_path / "torn.json") in m["text"]


def test_merge_names_the_missing_shard(tmp_path):
    for k in (0, 2, 3):
        ptxfp.sweep_shard("add.rn.f16", k, 4, tmp_path, random=4 * CHUNK)
    m = ptxfp.sweep_merge(tmp_path)
    assert not m["complete"] and not m["ok"] and m["missing"] == [1]
    assert m["digest"] is None and "digest " not in m["text"]
    assert m["rerun"] == [
        "ptxfp sweep add.rn.f16 --random %d --seed 1 --target sm_100 --device sm_100 "
        "--ptx 8.8 --shard 1/4 --out %s" % (4 * CHUNK, tmp_path)
    ]
    assert "missing   1 of 4 shards: 1/4" in m["text"]
    assert ptxfp.sweep_present("add.rn.f16", 4, tmp_path, random=4 * CHUNK) == [0, 2, 3]
    assert ptxfp.sweep_present("add.rn.f16", 4, tmp_path, random=4 * CHUNK, seed=2) == []


def test_shard_errors(tmp_path):
    with pytest.raises(ptxfp.FormError):
        ptxfp.sweep_shard("add.rn.f17", 0, 2, tmp_path, random=10)
    with pytest.raises(ptxfp.FormError):
        ptxfp.sweep_shard("mul.bf16", 0, 2, tmp_path, random=10, target="sm_80")
    with pytest.raises(ValueError):
        ptxfp.sweep_shard("add.rn.f16", 2, 2, tmp_path, random=10)
    with pytest.raises(ValueError, match="at most 1 shards"):
        ptxfp.sweep_shard("add.rn.f16", 0, 2, tmp_path, random=10)
    with pytest.raises(ptxfp.FormError, match="exhaustive"):
        ptxfp.sweep_shard("fma.rn.f32.f16", 0, 2, tmp_path, exhaustive=True)
    with pytest.raises(ValueError):
        ptxfp.sweep_shard("add.rn.f16", 0, 2, tmp_path)
    with pytest.raises(ValueError):
        ptxfp.sweep_shard("add.rn.f16", 0, 2, tmp_path, exhaustive=True, random=10)
    with pytest.raises(ptxfp.PtxfpError):
        ptxfp.sweep_merge(tmp_path / "nothing-here")


def test_driver_keeps_a_record_a_worker_wrote_elsewhere(tmp_path):
    # A worker whose --out is not the driver's (no shared file system):
    # the driver writes the record the task returned, and merge takes it.
    from ptxfp import distributed

    worker, mine = tmp_path / "worker", tmp_path / "driver"
    mine.mkdir()
    done = distributed._run_shard("add.rn.f16", 0, 1, str(worker), {"random": 1000}, 1, None)
    distributed._keep(str(mine), done)
    distributed._keep(str(mine), done)  # already there: left as it is
    assert [p.name for p in mine.iterdir()] == [done["name"]]
    m = ptxfp.sweep_merge(mine)
    assert m["ok"] and m["digest"] == ptxfp.Form("add.rn.f16").sweep(random=1000).digest


def _cli():
    """The `ptxfp` command built here (`cargo test --workspace` builds
    target/debug/ptxfp before scripts/test runs pytest), or $PTXFP_CLI."""
    from conftest import REPO

    for c in (os.environ.get("PTXFP_CLI"), REPO / "target" / "debug" / "ptxfp",
              REPO / "target" / "release" / "ptxfp"):
        if c and os.path.isfile(c) and os.access(c, os.X_OK):
            return str(c)
    pytest.skip("no ptxfp command built (cargo build -p ptxfp-cli, or PTXFP_CLI=...)")


def test_merge_is_the_clis_and_mixes_with_its_records(tmp_path):
    # Shard 0 from Python, shard 1 (the last chunk's 100 results) from the
    # command line: one sweep; sweep_merge's text is `ptxfp sweep merge`'s.
    cli = _cli()
    n = CHUNK + 100
    ptxfp.sweep_shard("mul.rn.bf16", 0, 2, tmp_path, random=n, seed=4)
    subprocess.run(
        [cli, "sweep", "mul.rn.bf16", "--random", str(n), "--seed", "4", "--shard", "1/2",
         "--out", str(tmp_path)], check=True, capture_output=True,
    )
    p = subprocess.run([cli, "sweep", "merge", str(tmp_path)], capture_output=True, text=True)
    m = ptxfp.sweep_merge(tmp_path)
    assert p.returncode == 0 and m["ok"]
    assert m["text"] == p.stdout
    assert m["digest"] == ptxfp.Form("mul.rn.bf16").sweep(random=n, seed=4).digest
    os.remove(m["records"][1])
    p = subprocess.run([cli, "sweep", "merge", str(tmp_path), "--expect", "0x12"],
                       capture_output=True, text=True)
    m = ptxfp.sweep_merge(tmp_path, expect=0x12)
    assert p.returncode == 1 and not m["ok"]
    assert m["text"] == p.stdout


def test_import_ptxfp_does_not_import_ray():
    code = "import sys, ptxfp; assert 'ray' not in sys.modules, 'ray imported'"
    subprocess.run([sys.executable, "-c", code], check=True)


def test_driver_without_ray_says_how_to_install_it(tmp_path):
    # Ray hidden (a None in sys.modules makes `import ray` fail).
    code = (
        "import sys; sys.modules['ray'] = None\n"
        "from ptxfp.distributed import main\n"
        "sys.exit(main(['sweep', 'add.rn.f16', '--exhaustive', '--shards', '2', '--out', %r]))"
        % str(tmp_path)
    )
    p = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True)
    assert p.returncode == 2
    assert "pip install 'ptxfp[ray]'" in p.stderr


def test_driver_usage_errors(tmp_path):
    def run(*a):
        return subprocess.run(
            [sys.executable, "-m", "ptxfp.distributed", *a], capture_output=True, text=True
        )

    p = run("sweep", "add.rn.f16", "--shards", "2", "--out", str(tmp_path))
    assert p.returncode == 2  # neither --exhaustive nor --random
    p = run("sweep", "add.rn.f17", "--random", "5", "--shards", "2", "--out", str(tmp_path))
    assert p.returncode == 2 and "add.rn.f17" in p.stderr
    p = run("sweep", "add.rn.f16", "--exhaustive", "--seed", "3", "--shards", "2", "--out", str(tmp_path))
    assert p.returncode == 2 and "--seed" in p.stderr
    p = run("sweep", "add.rn.f16", "--random", "1000", "--shards", "2", "--out", str(tmp_path))
    assert p.returncode == 2 and "at most 1 shards" in p.stderr
    # A file where the directory goes was a FileExistsError's traceback.
    f = tmp_path / "file"
    f.write_text("")
    p = run("sweep", "add.rn.f16", "--exhaustive", "--shards", "2", "--out", str(f))
    assert p.returncode == 2 and "--out %s: not a directory" % f in p.stderr, p.stderr
    assert "Traceback" not in p.stderr


# ---------------------------------------------------------------- Ray


@pytest.fixture(scope="module")
def add_f16_shards(tmp_path_factory):
    """add.rn.f16, exhaustive, in 8 shards through a local Ray: the run's
    output and its records' directory."""
    if not HAVE_RAY:
        pytest.skip("Ray is not installed (pip install 'ptxfp[ray]')")
    out = tmp_path_factory.mktemp("add_f16")
    rc, so, se = driver("sweep", "add.rn.f16", "--exhaustive", "--shards", 8, "--out", out)
    return rc, so, se, out


@needs_ray
def test_ray_8_shards_give_the_unsharded_digest(add_f16_shards):
    rc, so, se, out = add_f16_shards
    assert rc == 0, se
    assert digest_of(so) == ADD_F16
    assert "digest    0x0fc1cd6525d8d1e4" in so.splitlines()
    assert "form      add.rn.f16" in so
    assert sorted(records(out)) == list(range(8))
    assert "shards 8/8 done" in se
    # The package's own unsharded sweep agrees.
    assert ptxfp.Form("add.rn.f16").sweep(exhaustive=True).digest == ADD_F16


@needs_ray
def test_ray_rerun_recomputes_only_the_deleted_shard(add_f16_shards, tmp_path):
    rc, _, _, out = add_f16_shards
    assert rc == 0
    d = tmp_path / "copy"
    shutil.copytree(out, d)
    before = records(d)
    before[5][0].unlink()
    rc, so, se = driver("sweep", "add.rn.f16", "--exhaustive", "--shards", 8, "--out", d)
    assert rc == 0, se
    assert digest_of(so) == ADD_F16
    assert "7 already in" in se and "1 to run" in se
    after = records(d)
    assert sorted(after) == list(range(8))
    assert "ran 1 shard(s) (5)" in se
    for k in range(8):
        if k != 5:  # the same record, not written again (a new one has other seconds)
            assert after[k][0].read_bytes() == before[k][0].read_bytes()
    assert after[5][1]["chunk_digests"] == before[5][1]["chunk_digests"]


@needs_ray
def test_ray_resume_recomputes_a_truncated_record(add_f16_shards, tmp_path):
    rc, _, _, out = add_f16_shards
    assert rc == 0
    d = tmp_path / "copy"
    shutil.copytree(out, d)
    p = records(d)[2][0]
    text = p.read_bytes()
    p.write_bytes(text[: len(text) // 2])  # a torn write (not what ptxfp leaves)
    rc, so, se = driver("sweep", "add.rn.f16", "--exhaustive", "--shards", 8, "--out", d)
    assert rc == 0, se
    assert "1 to run" in se and "ran 1 shard(s) (2)" in se
    assert digest_of(so) == ADD_F16
    assert json.loads(p.read_text())["chunk_digests"] == json.loads(text)["chunk_digests"]


@needs_ray
def test_ray_killed_worker_is_retried(tmp_path):
    marker = tmp_path / "killed-once"
    out = tmp_path / "out"
    rc, so, se = driver(
        "sweep", "add.rn.f16", "--exhaustive", "--shards", 8, "--out", out,
        env={"PTXFP_DISTRIBUTED_TEST_KILL": "3:%s" % marker},
    )
    assert marker.exists()  # shard 3's first worker died
    assert rc == 0, se
    assert digest_of(so) == ADD_F16
    assert sorted(records(out)) == list(range(8))


@needs_ray
def test_ray_random_sweep_equals_the_unsharded_one(tmp_path):
    n, seed = 4 * CHUNK + 777, 7  # 5 chunks, the last partial
    whole = ptxfp.Form("mul.rn.bf16").sweep(random=n, seed=seed)
    rc, so, se = driver(
        "sweep", "mul.rn.bf16", "--random", n, "--seed", seed, "--shards", 5, "--out", tmp_path,
        "--expect", whole.digest_hex,
    )
    assert rc == 0, se
    assert digest_of(so) == whole.digest
    rc, so, se = driver(
        "sweep", "mul.rn.bf16", "--random", n, "--seed", seed, "--shards", 5, "--out", tmp_path,
        "--expect", "0x0123",
    )
    assert rc == 1  # all 5 already there; the digest is not the expected one
    assert "all already in" in se and "nothing to run" in se
