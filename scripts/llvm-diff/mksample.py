#!/usr/bin/env python3
"""Make the regression sample testdata/llvm-diff/ (run from the repository root):

    python3 scripts/llvm-diff/mksample.py COUNT SEED         # regenerate the passing cases
    python3 scripts/llvm-diff/mksample.py --gap FINDING_DIR NAME NOTE
                                                             # add a minimized finding as known-gap

Each case: the kernel module (.ll, from gen.py), the PTX llc made of it,
the launch (ptxfp run arguments), and the bytes lli computed on the host
(`expected`, the output buffer).  Only the regions the layout names are
compared; `nan` lists the offsets whose expected float is a NaN (LLVM IR
leaves NaN payloads undefined: any NaN passes there).  Cases are kept
only when ptxfp (PTXFP, default /tmp/ptxfp-diff) passes them today, and
when the PTX is small.  Needs LLVM 14 (llc, lli, opt); the test that reads
the sample does not.
"""

import json
import os
import random
import shutil
import subprocess
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import gen  # noqa: E402
import run  # noqa: E402

OUT = "testdata/llvm-diff"
CONFIGS = [
    {"opt": None, "llc": "-O2", "cpu": "sm_80", "mattr": None},
    {"opt": "-O2", "llc": "-O2", "cpu": "sm_70", "mattr": None},
    {"opt": None, "llc": "-O0", "cpu": "sm_52", "mattr": None},
    {"opt": "-O3", "llc": "-O3", "cpu": "sm_86", "mattr": None},
    {"opt": "-O1", "llc": "-O2", "cpu": "sm_35", "mattr": None},
    {"opt": None, "llc": "-O3", "cpu": "sm_60", "mattr": "+ptx64"},
    {"opt": "-O2", "llc": "-O0", "cpu": "sm_75", "mattr": None},
]
MAX_PTX = 20000
MAX_LL = 20000


def compile_cmd(c):
    s = ""
    if c["opt"]:
        s = "opt %s kernel.ll -o opt.bc && " % c["opt"]
    s += "llc -march=nvptx64 -mcpu=%s %s%s %s -o kernel.ptx" % (
        c["cpu"], c["llc"], (" -mattr=" + c["mattr"]) if c["mattr"] else "",
        "opt.bc" if c["opt"] else "kernel.ll")
    return s


def nan_offsets(prog, exp):
    out = []
    for off, ty, _, _ in run.regions(prog):
        if ty in ("f16", "f32", "f64") and run.is_nan(exp[off:off + run.TSIZE[ty]], ty):
            out.append(off)
    return out


def load_manifest():
    p = os.path.join(OUT, "manifest.json")
    if os.path.exists(p):
        return json.load(open(p))
    v = subprocess.run(["llc", "--version"], capture_output=True, text=True).stdout
    return {
        "about": "Differential cases: LLVM IR from scripts/llvm-diff/gen.py, PTX from llc, "
                 "expected bytes from lli on x86-64. See README.md.",
        "llc_version": next((" ".join(x.split()) for x in v.split("\n") if "LLVM version" in x), "?"),
        "in_addr": "0x%x" % run.IN_ADDR,
        "out_addr": "0x%x" % run.OUT_ADDR,
        "cases": [],
    }


def save_manifest(man):
    with open(os.path.join(OUT, "manifest.json"), "w") as f:
        json.dump(man, f, indent=1)
        f.write("\n")


def launch_args(prog):
    cmd = run.ptxfp_cmd("X", prog)
    # drop the binary, `run`, the file and the trailing --json
    return cmd[3:-1]


def make(count, seed):
    os.makedirs(os.path.join(OUT, "cases"), exist_ok=True)
    man = load_manifest()
    man["cases"] = [c for c in man["cases"] if c["status"] != "pass"]
    r = random.Random(seed)
    made = 0
    i = 0
    wd = "/tmp/llvmdiff-sample"
    while made < count and i < count * 40:
        i += 1
        fam = gen.FAMILIES[made % len(gen.FAMILIES)]
        s = seed * 7919 + i
        # two CTAs (ctaid), few threads (small expected bytes); warp
        # operations need whole warps
        prog = gen.generate(s, fam, block=32 if fam == "shared" else 16, grid=2, small=True)
        if len(prog["kernel_ll"]) > MAX_LL:
            continue
        cfg = CONFIGS[made % len(CONFIGS)]
        shutil.rmtree(wd, ignore_errors=True)
        os.makedirs(wd)
        exp, err = run.host_expected(prog["host_ll"], wd)
        if exp is None:
            continue
        ptx, err, _ = run.compile_ptx(prog["kernel_ll"], cfg, wd)
        if ptx is None:
            continue
        text = open(ptx).read()
        if len(text) > MAX_PTX:
            continue
        args = launch_args(prog)
        rc, so, se, _ = run.sh([run.PTXFP, "run", ptx] + args + ["--json"], 10)
        if rc == 2 and b"is read before it is written" in se:
            args.append("--lenient")
            rc, so, se, _ = run.sh([run.PTXFP, "run", ptx] + args + ["--json"], 10)
        if rc != 0:
            continue
        bad, _ = run.compare(prog, exp, run.parse_memory(json.loads(so)))
        if bad:
            continue
        name = "%s_%d" % (fam, s)
        with open(os.path.join(OUT, "cases", name + ".ll"), "w") as f:
            f.write(prog["kernel_ll"])
        with open(os.path.join(OUT, "cases", name + ".ptx"), "w") as f:
            f.write(text)
        man["cases"].append({
            "name": name,
            "status": "pass",
            "family": fam,
            "seed": s,
            "features": prog["features"],
            "ll": "cases/%s.ll" % name,
            "ptx": "cases/%s.ptx" % name,
            "compile": compile_cmd(cfg),
            "args": args,
            "threads": prog["grid"] * prog["block"],
            "nout": prog["nout"],
            "layout": prog["layout"],
            "atomics": prog["atomics"],
            "out_init": prog["out_init"],
            "expected": exp.hex(),
            "nan": nan_offsets(prog, exp),
        })
        made += 1
        print(name, cfg, len(text), flush=True)
    save_manifest(man)


def add_gap(d, name, note):
    """A minimized finding (minimize.py's FINDING_DIR/min) as a known-gap case."""
    man = load_manifest()
    meta = json.load(open(os.path.join(d, "meta.json")))
    res = json.load(open(os.path.join(d, "min", "result.json")))
    os.makedirs(os.path.join(OUT, "cases"), exist_ok=True)
    shutil.copy(os.path.join(d, "min", "kernel.ll"), os.path.join(OUT, "cases", name + ".ll"))
    shutil.copy(os.path.join(d, "min", "kernel.ptx"), os.path.join(OUT, "cases", name + ".ptx"))
    t, j, ty = res["thread"], res["slot"], res["type"]
    off = (t * meta["nout"] + j) * 8
    args = res["cmd"][3:]
    if args[-1] == "--json":
        args = args[:-1]
    exp = bytes(off) + bytes.fromhex(res["expected"])
    man["cases"] = [c for c in man["cases"] if c["name"] != name]
    man["cases"].append({
        "name": name,
        "status": "known-gap: " + note,
        "family": meta["family"],
        "seed": meta["seed"],
        "features": meta["features"],
        "ll": "cases/%s.ll" % name,
        "ptx": "cases/%s.ptx" % name,
        "compile": compile_cmd(meta["config"]),
        "args": args,
        "threads": 1,
        "nout": meta["nout"],
        "layout": meta["layout"],
        "only": [[off, ty]],
        "atomics": [],
        "out_init": None,
        "expected": exp.hex(),
        "actual_now": res.get("actual"),
        "nan": [off] if run.is_nan(bytes.fromhex(res["expected"]), ty) else [],
    })
    save_manifest(man)


def add_manual(spec_path):
    """Known-gap cases written by hand from llc output: a JSON list of
    {name, ll, ptx, compile, args, expected, only: [[offset, type]], note, family}."""
    man = load_manifest()
    os.makedirs(os.path.join(OUT, "cases"), exist_ok=True)
    for c in json.load(open(spec_path)):
        name = c["name"]
        shutil.copy(c["ll"], os.path.join(OUT, "cases", name + ".ll"))
        shutil.copy(c["ptx"], os.path.join(OUT, "cases", name + ".ptx"))
        man["cases"] = [x for x in man["cases"] if x["name"] != name]
        man["cases"].append({
            "name": name,
            "status": "known-gap: " + c["note"],
            "family": c["family"],
            "seed": None,
            "features": c.get("features", []),
            "ll": "cases/%s.ll" % name,
            "ptx": "cases/%s.ptx" % name,
            "compile": c["compile"],
            "args": c["args"],
            "threads": c["threads"],
            "nout": 1,
            "layout": [],
            "only": c["only"],
            "atomics": [],
            "out_init": None,
            "expected": c["expected"],
            "actual_now": c.get("actual_now"),
            "nan": [],
        })
    save_manifest(man)


if __name__ == "__main__":
    if sys.argv[1] == "--manual":
        add_manual(sys.argv[2])
    elif sys.argv[1] == "--gap":
        add_gap(sys.argv[2], sys.argv[3], sys.argv[4])
    else:
        make(int(sys.argv[1]), int(sys.argv[2]))
