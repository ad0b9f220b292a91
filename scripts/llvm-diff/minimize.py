#!/usr/bin/env python3
"""Shrink a finding of run.py: `minimize.py FINDING_DIR [--no-reduce]`.

1. One thread: the kernel's tid becomes the constant T of the first
   mismatching thread, launched as --grid 1 --block 1.
2. One output: the stores of the other output slots are deleted.
3. `llvm-reduce` (passes that delete instructions, blocks and operands)
   with an interestingness test that keeps the program well-defined: the
   reduced module has no `undef`/`poison`, lli's JIT and lli's interpreter
   (-force-interpreter, which traps on division by zero) agree, and ptxfp
   writes the slot with bytes other than the host's (NaN rule as run.py).

Writes FINDING_DIR/min/: kernel.ll, host.ll, kernel.ptx, cmd.sh, expected
and actual bytes of the slot.  Not for the shared family (a block is its
smallest unit).
"""

import json
import os
import re
import shlex
import subprocess
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import run  # noqa: E402

TSIZE = run.TSIZE


def strip_other_stores(kernel_ll, keep_slot):
    """Delete the output stores of @body but slot keep_slot."""
    lines = kernel_ll.split("\n")
    out = []
    i = 0
    while i < len(lines):
        ln = lines[i]
        m = re.match(r"\s*(%\w+) = getelementptr i8, i8\* %out, i64 %\w+$", ln)
        if m and i + 3 < len(lines):
            m2 = re.match(r"\s*%\w+ = getelementptr i8, i8\* " + re.escape(m.group(1)) + r", i64 (\d+)$", lines[i + 1])
            if m2 and "bitcast" in lines[i + 2] and lines[i + 3].strip().startswith("store"):
                if int(m2.group(1)) != keep_slot * 8:
                    i += 4
                    continue
        out.append(ln)
        i += 1
    return "\n".join(out)


def one_thread(kernel_ll, t):
    return kernel_ll.replace("  %tid = add i32 %cn, %t\n", "  %%tid = add i32 0, %d\n" % t)


def host_from_kernel(kernel_ll, host_tail):
    """A host module of a (reduced) kernel module: drop the target, the
    kernel and its metadata, add the host's buffers and main."""
    text = re.sub(r"^target (datalayout|triple) = .*$", "", kernel_ll, flags=re.M)
    text = re.sub(r"^define (dso_local )?void @kern\(.*?^}\n", "", text, flags=re.M | re.S)
    text = re.sub(r"^declare .*@llvm\.nvvm\..*$", "", text, flags=re.M)
    text = re.sub(r"^!.*$", "", text, flags=re.M)
    text = re.sub(r"^attributes #\d+ = .*$", "", text, flags=re.M)
    text = re.sub(r"#\d+", "", text)
    return text + "\n" + host_tail


def host_tail_of(host_ll):
    i = host_ll.index("@inbuf = global")
    tail = host_ll[i:]
    tail = re.sub(r"^attributes #\d+ = .*$", "", tail, flags=re.M)
    return tail


def slot_bytes(mem, addr, n):
    if any(addr + i not in mem for i in range(n)):
        return None
    return bytes(mem[addr + i] for i in range(n))


def check(kernel_ll, meta, cfg, t, j, wd, host_tail, strict=True):
    """(interesting, info). Host expected via lli (JIT and interpreter)."""
    ty = meta["layout"][j]
    n = TSIZE[ty]
    off = (t * meta["nout"] + j) * 8
    if strict and re.search(r"\b(undef|poison)\b", kernel_ll):
        return False, "undef"
    host = host_from_kernel(kernel_ll, host_tail)
    hp = os.path.join(wd, "host.ll")
    with open(hp, "w") as f:
        f.write(host)
    rc, so, se, _ = run.sh(["lli", hp], 60)
    if rc != 0:
        return False, "lli: " + se.decode(errors="replace")[-300:]
    exp = bytes.fromhex(so.decode().strip())[off:off + n]
    if strict:
        rc2, so2, se2, _ = run.sh(["lli", "-force-interpreter", hp], 120)
        if rc2 != 0 or bytes.fromhex(so2.decode().strip())[off:off + n] != exp:
            return False, "interpreter disagrees"
    ptx, err, _ = run.compile_ptx(kernel_ll, cfg, wd)
    if ptx is None:
        return False, err
    prog = dict(meta, grid=1, block=1, grid_shape=None, block_shape=None)
    cmd = run.ptxfp_cmd(ptx, prog)
    rc, so, se, _ = run.sh(cmd, 30)
    if rc == "timeout":
        return True, {"why": "timeout", "cmd": cmd, "expected": exp.hex(), "ptx": ptx}
    if rc != 0:
        if rc == 2 and b"is read before it is written" in se:
            cmd = cmd[:-1] + ["--lenient", "--json"]
            rc, so, se, _ = run.sh(cmd, 30)
        if rc != 0:
            return True, {"why": "exit %s" % rc, "cmd": cmd, "expected": exp.hex(), "ptx": ptx,
                          "stderr": se.decode(errors="replace")[-1000:]}
    mem = run.parse_memory(json.loads(so))
    act = slot_bytes(mem, run.OUT_ADDR + off, n)
    if act is None:
        return False, "slot not written"
    if act == exp or (run.is_nan(exp, ty) and run.is_nan(act, ty)):
        return False, "equal"
    return True, {"why": "mismatch", "cmd": cmd, "expected": exp.hex(), "actual": act.hex(), "ptx": ptx}


def main():
    d = sys.argv[1].rstrip("/")
    reduce_ = "--no-reduce" not in sys.argv
    meta = json.load(open(os.path.join(d, "meta.json")))
    cfg = meta["config"]
    kernel = open(os.path.join(d, "kernel.ll")).read()
    host_tail = host_tail_of(open(os.path.join(d, "host.ll")).read())
    mm = meta["mismatches"]
    if meta["family"] == "shared" or not mm:
        print("nothing to minimize here (shared family or no mismatch)")
        return
    t, j = mm[0]["thread"], mm[0]["slot"]
    wd = os.path.join(d, "min")
    os.makedirs(wd, exist_ok=True)
    k1 = strip_other_stores(one_thread(kernel, t), j)
    ok, info = check(k1, meta, cfg, t, j, wd, host_tail)
    if not ok:
        print("one thread / one slot no longer fails:", info)
        k1 = one_thread(kernel, t)
        ok, info = check(k1, meta, cfg, t, j, wd, host_tail)
        if not ok:
            print("one thread no longer fails either:", info)
            return
    with open(os.path.join(wd, "step1.ll"), "w") as f:
        f.write(k1)
    best = k1
    if reduce_:
        # the interestingness test for llvm-reduce
        test = os.path.join(wd, "interesting.sh")
        state = {"meta": meta, "cfg": cfg, "t": t, "j": j, "host_tail": host_tail}
        with open(os.path.join(wd, "state.json"), "w") as f:
            json.dump(state, f)
        with open(test, "w") as f:
            f.write("#!/bin/sh\nexec python3 %s --test %s \"$1\"\n" % (
                shlex.quote(os.path.abspath(__file__)), shlex.quote(wd)))
        os.chmod(test, 0o755)
        red = os.path.join(wd, "reduced.ll")
        passes = "basic-blocks,instructions,operands-one,operands-zero,simplify-instructions,global-variables,functions,function-bodies,arguments"
        rc, so, se, _ = run.sh(["llvm-reduce", "--delta-passes=" + passes, "--test", test,
                                os.path.join(wd, "step1.ll"), "-o", red], 1800)
        if rc == 0 and os.path.exists(red):
            r = open(red).read()
            ok, info2 = check(r, meta, cfg, t, j, wd, host_tail)
            if ok:
                best, info = r, info2
        else:
            print("llvm-reduce:", rc, se.decode(errors="replace")[-500:])
    ok, info = check(best, meta, cfg, t, j, wd, host_tail)
    with open(os.path.join(wd, "kernel.ll"), "w") as f:
        f.write(best)
    cmd = [x if x != info["ptx"] else "kernel.ptx" for x in info["cmd"]]
    with open(os.path.join(wd, "cmd.sh"), "w") as f:
        f.write(" ".join(shlex.quote(x) for x in cmd) + "\n")
    info["thread"], info["slot"], info["type"] = t, j, meta["layout"][j]
    info["cmd"] = cmd
    with open(os.path.join(wd, "result.json"), "w") as f:
        json.dump(info, f, indent=1)
    print(json.dumps(info))
    print(open(os.path.join(wd, "kernel.ptx")).read())


def test_mode():
    wd, path = sys.argv[2], sys.argv[3]
    st = json.load(open(os.path.join(wd, "state.json")))
    tw = os.path.join(wd, "t%d" % os.getpid())
    os.makedirs(tw, exist_ok=True)
    try:
        ok, _ = check(open(path).read(), st["meta"], st["cfg"], st["t"], st["j"], tw, st["host_tail"])
    except Exception:
        ok = False
    subprocess.run(["rm", "-rf", tw])
    sys.exit(0 if ok else 1)


if __name__ == "__main__":
    if len(sys.argv) > 1 and sys.argv[1] == "--test":
        test_mode()
    else:
        main()
