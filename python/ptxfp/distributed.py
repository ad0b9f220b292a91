"""A sharded sweep on Ray: ``python -m ptxfp.distributed sweep FORM ...``.

One Ray task per shard; each task calls :func:`ptxfp.sweep_shard` (the
Rust shard sweep, GIL released, on ``--cpus-per-task`` threads), which
writes the shard's self-describing record into ``--out`` atomically, and
returns it: the driver writes it into ``--out`` on its own machine too
where that is not a file system the worker shares. The driver skips the shards whose records are already there and valid (a
re-run resumes), lets Ray retry failed tasks (a worker killed mid-way
included), shows progress on stderr, and at the end merges the records
with :func:`ptxfp.sweep_merge` (the command line's ``ptxfp sweep merge``)
and prints its digest lines, the same as ``ptxfp sweep FORM --exhaustive``.

Exit codes as the command line's: 0 the sweep is complete (and equals
``--expect``), 1 shards missing or mismatched or a digest other than
``--expect``, 2 a usage error (or Ray not installed).

Ray is optional: ``pip install 'ptxfp[ray]'``. ``import ptxfp`` never
imports it. docs/DISTRIBUTED.md shows a local run and a cluster's.
"""

import argparse
import json
import os
import signal
import socket
import sys
import time

import ptxfp

#: The test hook (python/tests/test_distributed.py): ``SHARD:MARKER`` makes
#: the task of shard SHARD kill its own worker process (SIGKILL) the first
#: time it runs, that is while the file MARKER does not exist yet. The
#: driver reads it from its environment and hands it to the tasks as an
#: argument, so it reaches workers on any node.
TEST_KILL_ENV = "PTXFP_DISTRIBUTED_TEST_KILL"

RAY_MISSING = (
    "ptxfp.distributed needs Ray, an optional extra of the package: "
    "pip install 'ptxfp[ray]' (from a checkout: pip install './python[ray]')"
)


class _Exit(Exception):
    """Ends the command with ``code`` and the message on stderr."""

    def __init__(self, code, text):
        super().__init__(text)
        self.code = code


def _import_ray():
    try:
        import ray
    except ImportError as e:
        raise _Exit(2, "%s (%s)" % (RAY_MISSING, e)) from None
    return ray


def _parser():
    p = argparse.ArgumentParser(
        prog="python -m ptxfp.distributed",
        description="Sharded ptxfp sweeps on Ray (docs/DISTRIBUTED.md).",
    )
    sub = p.add_subparsers(dest="command", required=True)
    s = sub.add_parser(
        "sweep",
        help="a sweep in shards, one Ray task each, merged at the end",
        description="Sweeps FORM in --shards shards, one Ray task per shard, each writing "
        "its record into --out; shards already there and valid are skipped (a re-run "
        "resumes); at the end the records are merged and the digest printed as "
        "`ptxfp sweep FORM` prints it.",
    )
    s.add_argument("form", metavar="FORM", help="the form, e.g. add.rn.f16 or fma.rn.bf16")
    ops = s.add_mutually_exclusive_group(required=True)
    ops.add_argument("--exhaustive", action="store_true", help="the whole operand space")
    ops.add_argument("--random", type=int, metavar="N", help="N results from the seeded generator")
    s.add_argument("--seed", type=int, metavar="S", help="seed of --random [default: 1]")
    s.add_argument("--shards", type=int, required=True, metavar="N", help="number of shards")
    s.add_argument("--out", required=True, metavar="DIR", help="the shard records' directory")
    s.add_argument(
        "--address",
        metavar="ADDR",
        help="a Ray cluster to join (host:port of `ray start --head`, or 'auto'); "
        "without it a local Ray instance on this machine's cores",
    )
    s.add_argument(
        "--max-retries", type=int, default=3, metavar="R",
        help="retries of a failed or lost shard task [default: 3]",
    )
    s.add_argument(
        "--cpus-per-task", type=int, metavar="C",
        help="CPUs each shard task reserves and runs threads on "
        "[default: the smallest node's CPU count: one task fills a node]",
    )
    s.add_argument("--expect", metavar="HEX", help="the digest the merge must find (exit 1 otherwise)")
    s.add_argument("--target", help="the code's .target [default: as ptxfp sweep]")
    s.add_argument("--device", help="the device that runs the code [default: the target]")
    s.add_argument("--ptx", help="the module's .version [default: as ptxfp sweep]")
    s.add_argument(
        "--num-cpus", type=int, metavar="N",
        help="without --address: CPUs of the local Ray instance [default: all]",
    )
    return p


def _validate(a):
    """Usage errors the command line also rejects, before Ray starts."""
    if a.shards < 1:
        raise _Exit(2, "--shards: 1 or more")
    if a.seed is not None and a.exhaustive:
        raise _Exit(2, "--seed applies to --random; --exhaustive has no randomness")
    if a.random is not None and a.random < 1:
        raise _Exit(2, "--random: 1 or more results")
    if a.max_retries < 0:
        raise _Exit(2, "--max-retries: 0 or more")
    if a.cpus_per_task is not None and not 1 <= a.cpus_per_task <= 1024:
        raise _Exit(2, "--cpus-per-task: 1 to 1024")
    if a.expect is not None:
        try:
            int(a.expect, 16)
        except ValueError:
            raise _Exit(2, "--expect %r is not a hexadecimal digest" % a.expect) from None
    try:
        ptxfp.Form(a.form, target=a.target, device=a.device, ptx=a.ptx)
    except ptxfp.PtxfpError as e:
        raise _Exit(2, str(e)) from None


def _spec(a):
    """The keyword arguments of :func:`ptxfp.sweep_shard` but the shard's."""
    return dict(
        exhaustive=a.exhaustive,
        random=a.random,
        seed=a.seed,
        target=a.target,
        device=a.device,
        ptx=a.ptx,
    )


def _test_hook(hook, shard):
    """The test hook of :data:`TEST_KILL_ENV`: on the first try of its
    shard, the worker process dies as a node's would (no exception, no
    record)."""
    if not hook:
        return
    want, marker = hook.split(":", 1)
    if int(want) != shard or os.path.exists(marker):
        return
    with open(marker, "w") as f:
        f.write("%d\n" % os.getpid())
    os.kill(os.getpid(), signal.SIGKILL)


def _run_shard(form, shard, shards, out, spec, threads, hook):
    """One shard, in a Ray worker: it writes its record into ``out`` (as
    seen from the worker's node) and returns it, so that the driver has it
    even where ``out`` is not a shared file system."""
    _test_hook(hook, shard)
    rec = ptxfp.sweep_shard(form, shard, shards, out, threads=threads, **spec)
    file = rec.pop("file")
    return {
        "shard": shard,
        "seconds": rec["seconds"],
        "host": socket.gethostname(),
        "pid": os.getpid(),
        "name": os.path.basename(file),
        "record": rec,
    }


def _keep(out, done):
    """Makes sure the record a task returned is in ``out`` on the driver's
    machine: where ``out`` is shared with the worker it is there already
    (the same record); elsewhere the driver writes it, atomically (a
    temporary file in ``out``, flushed, renamed over the name)."""
    path = os.path.join(out, done["name"])
    try:
        with open(path) as f:
            if json.load(f) == done["record"]:
                return
    except (OSError, ValueError):
        pass
    tmp = os.path.join(out, ".%s.tmp.%d.driver" % (done["name"], os.getpid()))
    with open(tmp, "w") as f:
        json.dump(done["record"], f, indent=2)
        f.write("\n")
        f.flush()
        os.fsync(f.fileno())
    os.replace(tmp, path)


def _ranges(ks):
    """``[0, 1, 2, 5]`` as ``0-2 5``."""
    out = []
    for k in ks:
        if out and out[-1][1] == k - 1:
            out[-1][1] = k
        else:
            out.append([k, k])
    return " ".join(str(a) if a == b else "%d-%d" % (a, b) for a, b in out)


def _fmt_time(s):
    if s is None or s != s or s == float("inf"):
        return "?"
    s = int(round(s))
    return "%d:%02d:%02d" % (s // 3600, s // 60 % 60, s % 60)


class _Progress:
    """Tasks done/total, rate and ETA on stderr: a line rewritten in place
    on a terminal, a line every few seconds elsewhere."""

    def __init__(self, total, skipped, stream=sys.stderr):
        self.total = total
        self.skipped = skipped
        self.done = 0
        self.failed = 0
        self.start = time.monotonic()
        self.stream = stream
        self.tty = stream.isatty()
        self.last = 0.0

    def text(self):
        el = time.monotonic() - self.start
        rate = self.done / el if el > 0 else 0.0
        left = self.total - self.done - self.failed
        eta = left / rate if rate > 0 else None
        t = "shards %d/%d done" % (self.done + self.skipped, self.total + self.skipped)
        if self.skipped:
            t += " (%d already there)" % self.skipped
        if self.failed:
            t += ", %d failed" % self.failed
        return t + ", %.2f shards/s, elapsed %s, ETA %s" % (rate, _fmt_time(el), _fmt_time(eta))

    def show(self, force=False):
        now = time.monotonic()
        if self.tty:
            if force or now - self.last >= 0.2:
                self.stream.write("\r\x1b[K" + self.text())
                self.stream.flush()
                self.last = now
        elif force or now - self.last >= 5.0:
            self.stream.write(self.text() + "\n")
            self.stream.flush()
            self.last = now

    def close(self):
        self.show(force=True)
        if self.tty:
            self.stream.write("\n")
            self.stream.flush()


def _run_on_ray(ray, a, out, spec, todo, present, summary, stream):
    """Starts or joins Ray, runs the shards ``todo`` as tasks, and records
    in ``summary`` what each did ("computed") or why it failed ("failed")."""
    try:
        if a.address:
            ray.init(address=a.address, log_to_driver=False)
        else:
            # "local": a new instance even where a cluster runs on this machine.
            ray.init(address="local", num_cpus=a.num_cpus, include_dashboard=False,
                     log_to_driver=False)
    except Exception as e:  # noqa: BLE001 - ConnectionError, RuntimeError, ...
        where = "the Ray cluster at %s" % a.address if a.address else "a local Ray instance"
        hint = ""
        if a.address:
            hint = (
                "; is `ray start --head` running there, and does this machine see it? A "
                "cluster with token authentication (Ray 2.59 and later turn it on) needs "
                "RAY_AUTH_MODE=token here too, and the same token (`ray get-auth-token`) "
                "in ~/.ray/auth_token or RAY_AUTH_TOKEN"
            )
        raise _Exit(2, "cannot start or join %s: %s%s" % (where, e, hint)) from None
    try:
        cpus = a.cpus_per_task
        if cpus is None:
            per_node = [
                int(n["Resources"].get("CPU", 0))
                for n in ray.nodes()
                if n.get("Alive") and n["Resources"].get("CPU", 0) >= 1
            ]
            cpus = max(1, min(per_node)) if per_node else 1
        task = ray.remote(_run_shard).options(
            num_cpus=cpus, max_retries=a.max_retries, retry_exceptions=True
        )
        hook = os.environ.get(TEST_KILL_ENV)
        stream.write(
            "%s: %d shards, %d already in %s, %d to run (%d CPUs each)\n"
            % (a.form, a.shards, len(present), out, len(todo), cpus)
        )
        prog = _Progress(len(todo), len(present), stream)
        pending = {
            task.remote(a.form, k, a.shards, out, spec, cpus, hook): k for k in todo
        }
        prog.show(force=True)
        while pending:
            ready, _ = ray.wait(list(pending), num_returns=1, timeout=1.0)
            for r in ready:
                k = pending.pop(r)
                try:
                    s = ray.get(r)
                    _keep(out, s)
                    del s["record"]
                    summary["computed"].append(s)
                    prog.done += 1
                except Exception as e:  # noqa: BLE001 - Ray wraps the cause
                    summary["failed"][k] = "%s: %s" % (type(e).__name__, str(e).splitlines()[0] if str(e) else "")
                    prog.failed += 1
            prog.show()
        prog.close()
    finally:
        ray.shutdown()


def sweep(a, stream=sys.stderr):
    """Runs ``python -m ptxfp.distributed sweep``; returns (exit code,
    merge dict, summary dict)."""
    _validate(a)
    try:
        os.makedirs(a.out, exist_ok=True)
    except OSError as e:
        # "File exists" for a file at the path, with a traceback.
        what = "not a directory" if os.path.exists(a.out) else e.strerror
        raise _Exit(2, "--out %s: %s; the records go into a directory (made if missing)"
                    % (a.out, what)) from None
    out = os.path.abspath(a.out)
    spec = _spec(a)
    # A truncated, corrupt or foreign record is not present: its shard runs again.
    try:
        present = set(ptxfp.sweep_present(a.form, a.shards, out, **spec))
    except (ValueError, ptxfp.PtxfpError) as e:  # a K/N the sweep has not, ...
        raise _Exit(2, str(e)) from None
    todo = [k for k in range(a.shards) if k not in present]

    summary = {"computed": [], "skipped": sorted(present), "failed": {}}
    # Ray only for shards to compute: the shard count is checked, and a
    # complete directory merged, without it.
    if todo:
        _run_on_ray(_import_ray(), a, out, spec, todo, present, summary, stream)
    else:
        stream.write(
            "%s: %d shards, all already in %s: nothing to run\n" % (a.form, a.shards, out)
        )
    ran = sorted(summary["computed"], key=lambda s: s["shard"])
    if ran:
        hosts = sorted({s["host"] for s in ran})
        stream.write(
            "ran %d shard(s) (%s) on %s, %.3f s of shard time\n"
            % (len(ran), _ranges([s["shard"] for s in ran]), ", ".join(hosts),
               sum(s["seconds"] for s in ran))
        )
    for k, why in sorted(summary["failed"].items()):
        stream.write("shard %d/%d failed after %d retries: %s\n" % (k, a.shards, a.max_retries, why))
    try:
        m = ptxfp.sweep_merge(out, expect=a.expect)
    except ptxfp.PtxfpError as e:
        stream.write("error: merge: %s\n" % e)
        return 1, None, summary
    sys.stdout.write(m["text"])
    if not m["text"].endswith("\n"):
        sys.stdout.write("\n")
    sys.stdout.flush()
    return (0 if m["ok"] else 1), m, summary


def main(argv=None):
    p = _parser()
    a = p.parse_args(argv)  # argparse exits 2 on a usage error
    try:
        code, _, _ = sweep(a)
    except _Exit as e:
        sys.stderr.write("error: %s\n" % e)
        return e.code
    return code


if __name__ == "__main__":
    # The functions Ray ships to workers by reference: those of the
    # importable module, not of __main__.
    from ptxfp.distributed import main as _main

    sys.exit(_main())
