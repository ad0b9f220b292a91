#!/usr/bin/env python3
"""Differential runner: `run.py N SEED [--family F] [--configs K]`.

For each of N programs (gen.py, seeds SEED*1000003 + i): lli runs the host
module for the expected output bytes; for K compile settings (an optional
`opt -O1/-O2/-O3`, `llc -O0/-O2/-O3`, `-mcpu` sm_35..sm_86, sometimes an
explicit `-mattr=+ptxNN`) llc makes PTX and `ptxfp run` runs the whole grid.
Any difference (NaN rule: where the expected float is a NaN, any NaN),
any exit status but 0, a panic, or a run over 10 s is a finding, saved
under $LLVMDIFF_DIR/findings/ID/ (default /tmp/llvmdiff).

Environment: PTXFP (the binary, default /tmp/ptxfp-diff), LLVMDIFF_DIR.
"""

import argparse
import json
import os
import random
import shlex
import struct
import subprocess
import sys
import time

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import gen  # noqa: E402

PTXFP = os.environ.get("PTXFP", "/tmp/ptxfp-diff")
ROOT = os.environ.get("LLVMDIFF_DIR", "/tmp/llvmdiff")
IN_ADDR = 0x100000
OUT_ADDR = 0x200000
# no sm_30: llc 14 lowers its 32-bit rotates to unmasked shifts (README)
CPUS = ["sm_35", "sm_52", "sm_70", "sm_80", "sm_86", "sm_60", "sm_75"]
OPTS = [None, None, "-O1", "-O2", "-O3"]
LLCO = ["-O0", "-O2", "-O3", "-O2"]
PTXV = {"sm_30": [], "sm_35": ["+ptx60", "+ptx43"], "sm_52": ["+ptx63"], "sm_60": ["+ptx64"],
        "sm_70": ["+ptx65", "+ptx75"], "sm_75": ["+ptx70"], "sm_80": ["+ptx71", "+ptx75"],
        "sm_86": ["+ptx72"]}


def sh(cmd, timeout, inp=None):
    t0 = time.time()
    try:
        p = subprocess.run(cmd, capture_output=True, timeout=timeout, input=inp)
        return p.returncode, p.stdout, p.stderr, time.time() - t0
    except subprocess.TimeoutExpired as e:
        return "timeout", e.stdout or b"", e.stderr or b"", time.time() - t0


def pick_configs(r, k):
    out = []
    for _ in range(k):
        cpu = r.choice(CPUS)
        mattr = r.choice(PTXV[cpu]) if PTXV[cpu] and r.random() < 0.3 else None
        out.append({"opt": r.choice(OPTS), "llc": r.choice(LLCO), "cpu": cpu, "mattr": mattr})
    return out


def cfg_name(c):
    return "%s_llc%s_%s%s" % ((c["opt"] or "noopt").lstrip("-"), c["llc"], c["cpu"],
                              ("_" + c["mattr"].lstrip("+")) if c["mattr"] else "")


def compile_ptx(kernel_ll, c, wd):
    src = os.path.join(wd, "kernel.ll")
    with open(src, "w") as f:
        f.write(kernel_ll)
    cur = src
    cmds = []
    if c["opt"]:
        o = os.path.join(wd, "opt.bc")
        cmd = ["opt", c["opt"], cur, "-o", o]
        rc, so, se, _ = sh(cmd, 60)
        if rc != 0:
            return None, "opt failed: %s" % se.decode(errors="replace")[-2000:], cmds
        cmds.append(cmd)
        cur = o
    ptx = os.path.join(wd, "kernel.ptx")
    cmd = ["llc", "-march=nvptx64", "-mcpu=" + c["cpu"], c["llc"]] + (
        ["-mattr=" + c["mattr"]] if c["mattr"] else []) + [cur, "-o", ptx]
    rc, so, se, _ = sh(cmd, 120)
    cmds.append(cmd)
    if rc != 0:
        return None, "llc failed: %s" % se.decode(errors="replace")[-2000:], cmds
    return ptx, None, cmds


def host_expected(host_ll, wd):
    path = os.path.join(wd, "host.ll")
    with open(path, "w") as f:
        f.write(host_ll)
    rc, so, se, _ = sh(["lli", path], 120)
    if rc != 0:
        return None, "lli failed (%s): %s" % (rc, se.decode(errors="replace")[-2000:])
    return bytes.fromhex(so.decode().strip()), None


def ptxfp_cmd(ptx, prog):
    cmd = [PTXFP, "run", ptx, "--entry", "kern", "--grid", prog.get("grid_shape") or str(prog["grid"]),
           "--block", prog.get("block_shape") or str(prog["block"]),
           "--set", "kern_param_0=0x%x" % IN_ADDR, "--set", "kern_param_1=0x%x" % OUT_ADDR,
           "--mem", "0x%x=%s" % (IN_ADDR, prog["input"])]
    if prog.get("out_init"):
        cmd += ["--mem", "0x%x=%s" % (OUT_ADDR, prog["out_init"])]
    # --check-memory: llc may hoist a load of a local array above the
    # stores that fill it (its value unused on that path); a GPU reads
    # garbage there, ptxfp stops without this flag.
    cmd += ["--check-memory", "--json"]
    return cmd


def parse_memory(js):
    mem = {}
    for ent in js.get("memory", []):
        a = int(ent["address"], 16)
        b = bytes.fromhex(ent["bytes"])
        for i, x in enumerate(b):
            mem[a + i] = x
    return mem


def is_nan(b, ty):
    if ty == "f16":
        x = struct.unpack("<H", b)[0]
        return (x & 0x7C00) == 0x7C00 and (x & 0x3FF) != 0
    if ty == "f32":
        x = struct.unpack("<I", b)[0]
        return (x & 0x7F800000) == 0x7F800000 and (x & 0x7FFFFF) != 0
    if ty == "f64":
        x = struct.unpack("<Q", b)[0]
        return (x >> 52 & 0x7FF) == 0x7FF and (x & ((1 << 52) - 1)) != 0
    return False


TSIZE = {"i8": 1, "i16": 2, "i32": 4, "i64": 8, "f32": 4, "f64": 8, "f16": 2}


def regions(prog):
    """(offset, type, thread, slot) of every output byte range compared."""
    nt = prog["grid"] * prog["block"]
    out = []
    for t in range(nt):
        for j, ty in enumerate(prog["layout"]):
            if ty is None:
                continue
            out.append(((t * prog["nout"] + j) * 8, ty, t, j))
    base = nt * prog["nout"] * 8
    for a, ty in enumerate(prog.get("atomics") or []):
        out.append((base + a * 8, ty, "atomic", a))
    return out


def compare(prog, exp, mem):
    bad = []
    nan_slots = 0
    for off, ty, t, j in regions(prog):
        n = TSIZE[ty]
        e = exp[off:off + n]
        init = bytes.fromhex(prog["out_init"]) if prog.get("out_init") else None
        if init is not None:
            # given but never written memory is not printed: it keeps its bytes
            a = bytes(mem.get(OUT_ADDR + off + i, init[off + i]) for i in range(n))
            missing = False
        else:
            a = bytes(mem.get(OUT_ADDR + off + i, 0) for i in range(n))
            missing = any((OUT_ADDR + off + i) not in mem for i in range(n))
        if is_nan(e, ty):
            nan_slots += 1
            if not missing and is_nan(a, ty):
                continue
        elif not missing and a == e:
            continue
        bad.append({"thread": t, "slot": j, "type": ty, "expected": e.hex(),
                    "actual": None if missing else a.hex()})
    return bad, nan_slots


def save_finding(fid, prog, c, ptx, cmd, exp, res, why, bad, wd):
    d = os.path.join(ROOT, "findings", fid)
    os.makedirs(d, exist_ok=True)
    with open(os.path.join(d, "kernel.ll"), "w") as f:
        f.write(prog["kernel_ll"])
    with open(os.path.join(d, "host.ll"), "w") as f:
        f.write(prog["host_ll"])
    if ptx:
        with open(ptx) as s, open(os.path.join(d, "kernel.ptx"), "w") as f:
            f.write(s.read())
    cmd2 = [x if x != ptx else "kernel.ptx" for x in cmd]
    with open(os.path.join(d, "cmd.sh"), "w") as f:
        f.write(" ".join(shlex.quote(x) for x in cmd2) + "\n")
    meta = {k: v for k, v in prog.items() if k not in ("kernel_ll", "host_ll")}
    meta["config"] = c
    meta["why"] = why
    meta["mismatches"] = bad[:50]
    meta["n_mismatches"] = len(bad)
    with open(os.path.join(d, "meta.json"), "w") as f:
        json.dump(meta, f, indent=1)
    with open(os.path.join(d, "expected.hex"), "w") as f:
        f.write(exp.hex() + "\n")
    rc, so, se, el = res
    with open(os.path.join(d, "actual.json"), "wb") as f:
        f.write(so)
    with open(os.path.join(d, "stderr.txt"), "wb") as f:
        f.write(se)
    return d


def one(seed, family, k, stats, log):
    r = random.Random(seed ^ 0x5EED)
    prog = gen.generate(seed, family)
    fam = prog["family"]
    wd = os.path.join(ROOT, "work", str(seed))
    os.makedirs(wd, exist_ok=True)
    exp, err = host_expected(prog["host_ll"], wd)
    st = stats.setdefault(fam, {"programs": 0, "runs": 0, "gen_errors": 0, "llc_errors": 0,
                                "findings": 0, "nan_slots": 0, "configs": {}})
    st["programs"] += 1
    if exp is None:
        st["gen_errors"] += 1
        log.write("seed %d (%s): host: %s\n" % (seed, fam, err[:300]))
        return []
    found = []
    for c in pick_configs(r, k):
        if any(f in prog["features"] for f in ("warp.ballot", "warp.any", "warp.all")) and \
                c["cpu"] in ("sm_35", "sm_52", "sm_60"):
            # llc 14 selects vote.sync only from sm_70
            c["cpu"], c["mattr"] = r.choice(["sm_70", "sm_75", "sm_80", "sm_86"]), None
        if any(f in prog["features"] for f in ("warp.idx", "warp.bfly", "warp.down", "warp.up")) and \
                c["cpu"] in ("sm_35", "sm_52", "sm_60") and c["mattr"] in (None, "+ptx43"):
            # llc 14 writes shfl.sync under the target's default .version
            # (3.2, 4.1, 5.0), which ptxas refuses: shfl.sync needs PTX ISA 6.0
            c["mattr"] = "+ptx60"
        name = cfg_name(c)
        cwd = os.path.join(wd, name)
        os.makedirs(cwd, exist_ok=True)
        ptx, err, _ = compile_ptx(prog["kernel_ll"], c, cwd)
        if ptx is None:
            st["llc_errors"] += 1
            log.write("seed %d (%s) %s: %s\n" % (seed, fam, name, err[:300]))
            continue
        cmd = ptxfp_cmd(ptx, prog)
        res = sh(cmd, 10)
        rc, so, se, el = res
        st["runs"] += 1
        key = "%s/%s/%s" % (c["cpu"], c["llc"], c["opt"] or "noopt")
        st["configs"][key] = st["configs"].get(key, 0) + 1
        why = None
        bad = []
        if rc == 2 and b"is read before it is written" in se:
            # llc stores an implicit-def register (a value no result depends
            # on); ptxfp refuses an undefined stored value. Record it (once a
            # program) and compare the run with --lenient.
            st["strict_undef"] = st.get("strict_undef", 0) + 1
            if not any("strict" in f[1] for f in found):
                fid = "strict_s%d_%s" % (seed, name)
                d = save_finding(fid, prog, c, ptx, cmd, exp, res, "strict: undefined register stored", [], cwd)
                found.append((d, "strict: undefined register stored", [], se.decode(errors="replace")[:300]))
            cmd = cmd[:-1] + ["--lenient", "--json"]
            res = sh(cmd, 10)
            rc, so, se, el = res
        if rc == "timeout":
            why = "timeout (>10 s)"
        elif rc != 0:
            why = "exit %s" % rc
        else:
            try:
                js = json.loads(so)
            except ValueError:
                why = "bad json"
            else:
                bad, nans = compare(prog, exp, parse_memory(js))
                st["nan_slots"] += nans
                if bad:
                    why = "%d mismatching slots" % len(bad)
        if b"panick" in se:
            why = (why or "") + " panic"
        if why:
            fid = "s%d_%s" % (seed, name)
            d = save_finding(fid, prog, c, ptx, cmd, exp, res, why, bad, cwd)
            st["findings"] += 1
            found.append((d, why, bad[:3], se.decode(errors="replace")[-400:]))
    # keep the work dir small: remove it when nothing was found
    if not found:
        subprocess.run(["rm", "-rf", wd])
    return found


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("n", type=int)
    ap.add_argument("seed", type=int)
    ap.add_argument("--family", default=None)
    ap.add_argument("--configs", type=int, default=3)
    a = ap.parse_args()
    os.makedirs(os.path.join(ROOT, "findings"), exist_ok=True)
    stats = {}
    logp = os.path.join(ROOT, "log-%d-%s.txt" % (a.seed, a.family or "any"))
    t0 = time.time()
    with open(logp, "a") as log:
        for i in range(a.n):
            seed = a.seed * 1000003 + i
            fam = a.family or gen.FAMILIES[i % len(gen.FAMILIES)]
            try:
                found = one(seed, fam, a.configs, stats, log)
            except Exception as e:  # a generator bug: log and go on
                log.write("seed %d: exception %r\n" % (seed, e))
                import traceback
                traceback.print_exc()
                continue
            for d, why, bad, se in found:
                print("FINDING %s: %s %s %s" % (d, why, json.dumps(bad), se.strip()[-200:]), flush=True)
            log.flush()
    stats["elapsed_s"] = round(time.time() - t0, 1)
    with open(os.path.join(ROOT, "stats-%d-%s.json" % (a.seed, a.family or "any")), "w") as f:
        json.dump(stats, f, indent=1)
    print(json.dumps({k: ({kk: vv for kk, vv in v.items() if kk != "configs"} if isinstance(v, dict) else v)
                      for k, v in stats.items()}))


if __name__ == "__main__":
    main()
