#!/usr/bin/env python3
"""gen_warp: whole-kernel vectors for the warp-level and atomic instructions.

Writes PTX kernels (shfl.sync, vote.sync, match.sync, redux.sync,
activemask, %laneid/%lanemask_*, bar.red/barrier.red/bar.sync, atom and
red on .global/.shared/generic addresses) together with the bytes each must
leave in memory, computed by warpmodel.py from the PTX ISA text alone, and
optionally runs them with `ptxfp run` and compares byte for byte.

    python3 scripts/xcheck/gen_warp.py --seed 1 --count 800 --run [--avoid-known]
    python3 scripts/xcheck/gen_warp.py --seed 1 --sample --avoid-known --out DIR

--avoid-known left out the cases where ptxfp was known to disagree with the
ISA; none is left (match.all with exited lanes in membermask, collectives
split over branches and several membermasks at one statement were all fixed
on 2026-11-29), so it now leaves out nothing and is kept for old commands.

The meet* kinds (see "meeting collectives" below) put copies of one
collective, or of bar.warp.sync, at different statements: 3-4 branches
(meet), exits and late exits (meetx), sequences paired in order, reordered
and shorter branches (meetseq), loops against straight-line copies
(meetloop), bar.warp.sync with memory (meetbw; meetbwx ASSUMES exited lanes
named in its membermask are not waited for), copies in .func functions
(meetfn) and deadlocks that ptxfp must report (meetdl: a non-zero exit and
an error naming "deadlock"; --timeout catches a hang).  warpmodel.meet_warp
decides who meets whom.  --meet-one-mask keeps one membermask value per
statement and warp (groups made of whole branches); without it, lanes at
one statement may belong to several membermasks (tiled partitions), which
ptxfp merged into one collective on 2026-11-29 (the note says "statements
with several membermasks").  Failing kernels are written, with their
expected bytes, under OUT/fail/.

    python3 scripts/xcheck/gen_warp.py --seed 101 --count 400 --run \
        --kinds meet,meetx,meetseq,meetloop,meetbw,meetbwx,meetfn,meetdl

Each kernel is one `.visible .entry k(.param .u64 out, .param .u64 buf)`.
Per-thread inputs are initialized `.global` arrays in the module, indexed by
the thread's global number gid = ctaid_linear * nthreads + tid_linear
(tid_linear = x + ntid.x * (y + ntid.y * z); warp w holds tid_linear 32w to
32w+31).  Every thread first fills its record (REC 32-bit words at
out + gid*REC*4) with 0xEEEEEEEE, so a thread that exits early leaves that;
the others overwrite their whole record.  Values the ISA leaves undefined are
masked out in the kernel (a KEEP word per thread, and-ed in before the
store), so the record is deterministic.

Sample layout (--sample --out DIR, the fixed list SAMPLE): NAME.ptx whose first line is
`// ptxfp run NAME.ptx ARGS` (its launch), and NAME.hex with one line
`0xADDR HEX` per memory range the run must end with: the final memory is the
bytes given by the launch's --mem options overlaid by the memory the run
prints as written (`--json`'s "memory"); each listed range must equal HEX.
"""

import argparse
import json
import os
import random
import subprocess
import sys

sys.dont_write_bytecode = True
sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import warpmodel as wm  # noqa: E402

AVOID_KNOWN = False
OUT = 0x40000000
BUF = 0x50000000
SENT = 0xEEEEEEEE
PRE = 0xCAFEF00D
TAG_RUN = 0x11
TAG_SKIP = 0x22


# ------------------------------------------------------------------ launch
class Launch:
    def __init__(self, grid, block):
        self.grid = tuple(grid) + (1,) * (3 - len(grid))
        self.block = tuple(block) + (1,) * (3 - len(block))
        self.nthreads = self.block[0] * self.block[1] * self.block[2]
        self.nctas = self.grid[0] * self.grid[1] * self.grid[2]
        self.total = self.nthreads * self.nctas

    def args(self):
        def f(t):
            while len(t) > 1 and t[-1] == 1:
                t = t[:-1]
            return ",".join(str(x) for x in t)
        return ["--grid", f(self.grid), "--block", f(self.block)]

    def warps(self):
        """[(cta, warp index, [lanes that exist])]"""
        res = []
        for cta in range(self.nctas):
            for w in range((self.nthreads + 31) // 32):
                n = min(32, self.nthreads - 32 * w)
                res.append((cta, w, list(range(n))))
        return res

    def gid(self, cta, w, lane):
        return cta * self.nthreads + 32 * w + lane


SHAPES = [((1,), (32,)), ((1,), (40,)), ((1,), (7,)), ((2,), (64,)), ((3,), (96,)),
          ((1,), (16, 4)), ((2, 2), (8, 3, 2)), ((1,), (70,)), ((2,), (33,)),
          ((1,), (128,)), ((1,), (5, 13)), ((4,), (32,)), ((1,), (256,))]


MAX_THREADS = 10 ** 9


def pick_shape(rng, full_warps=False, max_threads=300):
    max_threads = min(max_threads, MAX_THREADS)
    while True:
        g, b = rng.choice(SHAPES)
        L = Launch(g, b)
        if L.total > max_threads:
            continue
        if full_warps and L.nthreads % 32:
            continue
        return L


# ------------------------------------------------------------------ kernel
class Kernel:
    def __init__(self, name, target, ptx, launch, rec):
        self.name, self.target, self.ptx, self.L, self.rec = name, target, ptx, launch, rec
        self.arrays = []
        self.shared = []
        self.body = []
        self.mem = []
        self.expect = {}          # gid -> list of rec words
        self.extra = []           # (addr, bytes) further ranges to check
        self.note = ""
        self.fill = True

    def array(self, name, ctype, values):
        self.arrays.append((name, ctype, list(values)))
        return name

    def e(self, *lines):
        self.body.extend(lines)

    def ld_in(self, arr, dst, width=32):
        """load arr[gid] into dst"""
        off = {16: "%rd7", 32: "%rd5", 64: "%rd6"}[width]
        t = {16: "u16", 32: "u32", 64: "u64"}[width]
        self.e(f"mov.u64 %rd9, {arr};", f"add.u64 %rd9, %rd9, {off};", f"ld.global.{t} {dst}, [%rd9];")

    def st_rec(self, k, reg):
        self.e(f"st.global.u32 [%rd4+{4 * k}], {reg};")

    def text(self):
        out = [f"// {self.note}" if self.note else "// gen_warp kernel",
               f".version {self.ptx}", f".target {self.target}", ".address_size 64", ""]
        for name, ctype, vals in self.arrays:
            al = {".u16": 2, ".u32": 4, ".u64": 8}[ctype]
            items = ", ".join(str(v) for v in vals)
            out.append(f".global .align {al} {ctype} {name}[{len(vals)}] = {{{items}}};")
        out += ["", ".visible .entry k(.param .u64 out, .param .u64 buf)", "{",
                "  .reg .pred %p<24>;", "  .reg .b32 %r<96>;", "  .reg .b64 %rd<48>;", "  .reg .b16 %h<24>;"]
        for s in self.shared:
            out.append("  " + s)
        pro = [
            "mov.u32 %r1, %tid.x;", "mov.u32 %r2, %tid.y;", "mov.u32 %r3, %tid.z;",
            "mov.u32 %r4, %ntid.x;", "mov.u32 %r5, %ntid.y;", "mov.u32 %r6, %ntid.z;",
            "mad.lo.u32 %r7, %r3, %r5, %r2;", "mad.lo.u32 %r10, %r7, %r4, %r1;",
            "mov.u32 %r1, %ctaid.x;", "mov.u32 %r2, %ctaid.y;", "mov.u32 %r3, %ctaid.z;",
            "mov.u32 %r8, %nctaid.x;", "mov.u32 %r9, %nctaid.y;",
            "mad.lo.u32 %r7, %r3, %r9, %r2;", "mad.lo.u32 %r11, %r7, %r8, %r1;",
            "mul.lo.u32 %r13, %r4, %r5;", "mul.lo.u32 %r13, %r13, %r6;",
            "mad.lo.u32 %r12, %r11, %r13, %r10;",
            "ld.param.u64 %rd1, [out];", "ld.param.u64 %rd2, [buf];",
            f"mul.wide.u32 %rd3, %r12, {4 * self.rec};", "add.u64 %rd4, %rd1, %rd3;",
            "mul.wide.u32 %rd5, %r12, 4;", "mul.wide.u32 %rd6, %r12, 8;", "mul.wide.u32 %rd7, %r12, 2;",
            f"mov.u32 %r14, {SENT:#x};",
        ] + [f"st.global.u32 [%rd4+{4 * k}], %r14;" for k in range(self.rec) if self.fill]
        for l in pro + self.body:
            out.append(l if l.endswith(":") else "  " + l)
        out += ["  ret;", "}", ""]
        return "\n".join(out)

    def launch_args(self):
        a = self.L.args() + ["--set", f"out={OUT:#x}", "--set", f"buf={BUF:#x}"]
        for addr, data in self.mem:
            a += ["--mem", f"{addr:#x}={data.hex()}"]
        return a

    def expected_ranges(self):
        words = []
        for g in range(self.L.total):
            rec = self.expect.get(g, [SENT] * self.rec)
            assert len(rec) == self.rec, (self.name, g, rec)
            words += rec
        b = b"".join((w & 0xFFFFFFFF).to_bytes(4, "little") for w in words)
        return [(OUT, b)] + list(self.extra)


def le(v, n):
    return (v & ((1 << (8 * n)) - 1)).to_bytes(n, "little")


# ------------------------------------------------------------------ patterns
def warp_pattern(rng, lanes, exits=True, guard=False):
    """flags per lane (bit0 exit, bit1 take the branch, bit2 guard) and the
    membermask; returns (flags dict, executing set, exited set, M)."""
    pe = rng.choice([0, 0, 0.15, 0.4]) if exits else 0
    E = {l for l in lanes if rng.random() < pe}
    rest = [l for l in lanes if l not in E]
    style = rng.choice(["all", "all", "rand", "range", "even", "one", "none", "sparse"])
    if style == "all":
        P = set(rest)
    elif style == "rand":
        P = {l for l in rest if rng.random() < 0.6}
    elif style == "range":
        lo = rng.randrange(32)
        hi = rng.randrange(lo, 33)
        P = {l for l in rest if lo <= l < hi}
    elif style == "even":
        P = {l for l in rest if l % 2 == rng.randrange(2)}
    elif style == "one":
        P = {rng.choice(rest)} if rest else set()
    elif style == "sparse":
        P = {l for l in rest if rng.random() < 0.2}
    else:
        P = set()
    G = {l for l in P if rng.random() < 0.7} if guard else set(P)
    X = G
    M = 0
    for l in X:
        M |= 1 << l
    for l in E:
        if rng.random() < 0.5:
            M |= 1 << l
    flags = {}
    for l in lanes:
        flags[l] = (1 if l in E else 0) | (2 if l in P else 0) | (4 if l in G else 0)
    return flags, X, E, M


def common_patterns(rng, K, exits=True, guard=False, uniform=False):
    """per-warp patterns; uniform: the same lane pattern in every warp (so
    an immediate membermask can serve) where the warp has those lanes."""
    L = K.L
    pats = {}
    first = None
    for cta, w, lanes in L.warps():
        if uniform and first is not None and len(lanes) == 32:
            pats[(cta, w)] = first
            continue
        p = warp_pattern(rng, lanes, exits, guard)
        if uniform and first is None and len(lanes) == 32:
            first = p
        pats[(cta, w)] = p
    return pats


def flags_array(K, pats):
    fl = [0] * K.L.total
    mm = [0] * K.L.total
    for (cta, w), (flags, X, E, M) in pats.items():
        for l, f in flags.items():
            g = K.L.gid(cta, w, l)
            fl[g] = f
            mm[g] = M
    return fl, mm


def imm_mask_ok(pats):
    ms = {p[3] for p in pats.values()}
    return len(ms) == 1


def prologue_flags(K, fl, mm):
    K.array("FL", ".u32", fl)
    K.array("MM", ".u32", mm)
    K.ld_in("FL", "%r20")
    K.e("and.b32 %r21, %r20, 1;", "setp.ne.u32 %p1, %r21, 0;", "@%p1 exit;")
    K.ld_in("MM", "%r26")
    K.e("and.b32 %r21, %r20, 2;", "setp.eq.u32 %p2, %r21, 0;",
        "and.b32 %r21, %r20, 4;", "setp.ne.u32 %p3, %r21, 0;")


def rand32(rng):
    r = rng.random()
    if r < 0.3:
        return rng.choice([0, 1, 2, 0x7FFFFFFF, 0x80000000, 0xFFFFFFFF, 0xFFFFFFFE, 0x80000001,
                           0x10000, 0xFFFF, 31, 32, 33])
    return rng.getrandbits(32)


def mask_operand(K, rng, pats, force_reg=False):
    if not force_reg and imm_mask_ok(pats) and rng.random() < 0.5:
        return f"{next(iter(pats.values()))[3]:#010x}"
    return "%r26"


TARGETS_SYNC = [("sm_70", "6.4"), ("sm_80", "7.0"), ("sm_90", "8.0"), ("sm_100a", "8.6"), ("sm_120", "8.7")]


# ------------------------------------------------------------------ shfl.sync
def k_shfl(rng, name, mode=None):
    mode = mode or rng.choice(["up", "down", "bfly", "idx"])
    L = pick_shape(rng)
    tgt, ver = rng.choice(TARGETS_SYNC)
    K = Kernel(name, tgt, ver, L, 3)
    guard = rng.random() < 0.25
    withp = rng.random() < 0.7
    pats = common_patterns(rng, K, exits=True, guard=guard, uniform=rng.random() < 0.5)
    fl, mm = flags_array(K, pats)
    A = [rand32(rng) for _ in range(L.total)]
    # b: immediate or per-thread register
    if rng.random() < 0.4:
        bi = rng.choice([0, 1, 2, 3, 5, 8, 16, 31, rng.randrange(32), 32 + rng.randrange(32), 0xFFFFFFE1])
        B = [bi] * L.total
        bop = str(bi) if bi < 0x80000000 else f"{bi:#x}"
    else:
        B = [rng.randrange(32) if rng.random() < 0.8 else rng.getrandbits(32) for _ in range(L.total)]
        bop = "%r24"
    def rand_c():
        w = rng.choice([1, 2, 4, 8, 16, 32])
        r = rng.random()
        if r < 0.4:
            return (((32 - w) << 8) | (0 if mode == "up" else 0x1F))
        if r < 0.7:
            return (rng.randrange(32) << 8) | rng.randrange(32)
        return rng.getrandbits(32)
    if rng.random() < 0.4:
        ci = rand_c()
        C = [ci] * L.total
        cop = f"{ci:#x}"
    else:
        C = [rand_c() for _ in range(L.total)]
        cop = "%r25"
    mop = mask_operand(K, rng, pats)
    # the model
    keep = [0xFFFFFFFF] * L.total
    exp = {}
    for (cta, w), (flags, X, E, M) in pats.items():
        g0 = L.gid(cta, w, 0)
        a = {l: A[g0 + l] for l in X}
        b = {l: B[g0 + l] for l in X}
        c = {l: C[g0 + l] for l in X}
        res = wm.shfl_sync(mode, a, b, c, X)
        for l, f in flags.items():
            g = g0 + l
            if f & 1:
                continue
            if not f & 2:
                exp[g] = [PRE, 7, TAG_SKIP]
                continue
            if l not in X:
                exp[g] = [PRE, 7, TAG_RUN]
                continue
            d, p = res[l]
            if d is None:
                keep[g] = 0
                d = 0
            exp[g] = [d, int(p) if withp else 7, TAG_RUN]
    K.expect = exp
    K.array("A", ".u32", A)
    K.array("B", ".u32", B)
    K.array("C", ".u32", C)
    K.array("KEEP", ".u32", keep)
    prologue_flags(K, fl, mm)
    K.ld_in("A", "%r22")
    K.ld_in("KEEP", "%r23")
    K.ld_in("B", "%r24")
    K.ld_in("C", "%r25")
    K.e(f"mov.u32 %r30, {PRE:#x};", "mov.u32 %r31, 7;", f"mov.u32 %r32, {TAG_SKIP};",
        "@%p2 bra SKIP;")
    g = "@%p3 " if guard else ""
    dst = "%r30|%p4" if withp else "%r30"
    K.e(f"{g}shfl.sync.{mode}.b32 {dst}, %r22, {bop}, {cop}, {mop};")
    if withp:
        K.e(f"{g}selp.u32 %r31, 1, 0, %p4;")
    K.e("and.b32 %r30, %r30, %r23;", f"mov.u32 %r32, {TAG_RUN};", "SKIP:")
    K.st_rec(0, "%r30"); K.st_rec(1, "%r31"); K.st_rec(2, "%r32")
    K.note = f"shfl.sync.{mode} b={bop} c={cop} mask={mop} guard={guard} p={withp}"
    return K


# ------------------------------------------------------------------ vote.sync
def k_vote(rng, name, mode=None):
    mode = mode or rng.choice(["all", "any", "uni", "ballot"])
    neg = rng.random() < 0.4
    L = pick_shape(rng)
    tgt, ver = rng.choice(TARGETS_SYNC)
    K = Kernel(name, tgt, ver, L, 3)
    guard = rng.random() < 0.25
    pats = common_patterns(rng, K, exits=True, guard=guard, uniform=rng.random() < 0.5)
    fl, mm = flags_array(K, pats)
    bias = rng.choice([0.0, 0.1, 0.5, 0.9, 1.0])
    A = [rng.getrandbits(31) << 1 | (1 if rng.random() < bias else 0) for _ in range(L.total)]
    mop = mask_operand(K, rng, pats)
    keep = [0xFFFFFFFF] * L.total
    exp = {}
    for (cta, w), (flags, X, E, M) in pats.items():
        g0 = L.gid(cta, w, 0)
        lanes = list(flags)
        nonexited = {l for l in lanes if not flags[l] & 1}
        members = [l for l in range(32) if M >> l & 1]
        preds = {l: bool(A[g0 + l] & 1) != neg for l in X}
        if X:
            val, und = wm.vote_sync(mode, preds, members, nonexited)
        for l, f in flags.items():
            g = g0 + l
            if f & 1:
                continue
            if not f & 2:
                exp[g] = [PRE, 7, TAG_SKIP]
            elif l not in X:
                exp[g] = [PRE, 7, TAG_RUN]
            else:
                keep[g] = (~und) & 0xFFFFFFFF
                exp[g] = [val & keep[g], 7, TAG_RUN]
    K.expect = exp
    K.array("A", ".u32", A)
    K.array("KEEP", ".u32", keep)
    prologue_flags(K, fl, mm)
    K.ld_in("A", "%r22")
    K.ld_in("KEEP", "%r23")
    K.e("and.b32 %r21, %r22, 1;", "setp.ne.u32 %p5, %r21, 0;",
        f"mov.u32 %r30, {PRE:#x};", "mov.u32 %r31, 7;", f"mov.u32 %r32, {TAG_SKIP};", "@%p2 bra SKIP;")
    g = "@%p3 " if guard else ""
    src = "!%p5" if neg else "%p5"
    if mode == "ballot":
        K.e(f"{g}vote.sync.ballot.b32 %r30, {src}, {mop};")
    else:
        K.e(f"{g}vote.sync.{mode}.pred %p6, {src}, {mop};", f"{g}selp.u32 %r30, 1, 0, %p6;")
    K.e("and.b32 %r30, %r30, %r23;", f"mov.u32 %r32, {TAG_RUN};", "SKIP:")
    K.st_rec(0, "%r30"); K.st_rec(1, "%r31"); K.st_rec(2, "%r32")
    K.note = f"vote.sync.{mode} neg={neg} mask={mop} guard={guard}"
    return K


# ------------------------------------------------------------------ match.sync
def k_match(rng, name, sink=None, mode=None, typ=None):
    mode = mode or rng.choice(["any", "all"])
    typ = typ or rng.choice(["b32", "b64"])
    L = pick_shape(rng)
    tgt, ver = rng.choice(TARGETS_SYNC)
    K = Kernel(name, tgt, ver, L, 3)
    guard = rng.random() < 0.25
    withp = mode == "all" and rng.random() < 0.7
    if sink:
        mode, withp = "all", True
    pats = common_patterns(rng, K, exits=True, guard=guard, uniform=rng.random() < 0.5)
    if False and AVOID_KNOWN and mode == "all":
        # Was ptxfp's known disagreement (match.all's d named exited lanes of
        # membermask), fixed on 2026-11-29: no longer avoided.
        for key, (flags, X, E, M) in list(pats.items()):
            for l in E:
                M &= ~(1 << l)
            pats[key] = (flags, X, E, M)
    fl, mm = flags_array(K, pats)
    nd = rng.choice([1, 1, 2, 3, 8])
    pool = [rng.getrandbits(64) for _ in range(nd)]
    if typ == "b64" and nd > 1 and rng.random() < 0.5:
        pool = [(pool[0] & 0xFFFFFFFF) | (rng.getrandbits(32) << 32) for _ in range(nd)]  # same low half
    if typ == "b32" and nd > 1 and rng.random() < 0.3:
        pool = [(pool[0] & 0xFFFFFFFF) | (rng.getrandbits(32) << 32) for _ in range(nd)]  # same low half, b32 sees one value
    V = [rng.choice(pool) for _ in range(L.total)]
    # sometimes make whole warps agree
    if rng.random() < 0.3:
        V = [pool[0]] * L.total
    mop = mask_operand(K, rng, pats)
    exp = {}
    wmask = 0xFFFFFFFF if typ == "b32" else wm.M64
    for (cta, w), (flags, X, E, M) in pats.items():
        g0 = L.gid(cta, w, 0)
        nonexited = {l for l in flags if not flags[l] & 1}
        members = [l for l in range(32) if M >> l & 1]
        a = {l: V[g0 + l] & wmask for l in flags if not flags[l] & 1}
        for l, f in flags.items():
            g = g0 + l
            if f & 1:
                continue
            if not f & 2:
                exp[g] = [PRE, 7, TAG_SKIP]
            elif l not in X:
                exp[g] = [PRE, 7, TAG_RUN]
            else:
                # the lanes that take part are those executing: nonexited members
                d, p = wm.match_sync(mode, a, l, members, nonexited)
                if sink == "d":
                    d = PRE
                exp[g] = [d, (p if (withp and sink != "p") else 7), TAG_RUN]
    K.expect = exp
    K.array("VLO", ".u32", [v & 0xFFFFFFFF for v in V])
    K.array("VHI", ".u32", [v >> 32 for v in V])
    prologue_flags(K, fl, mm)
    K.ld_in("VLO", "%r22")
    K.ld_in("VHI", "%r27")
    K.e("mov.b64 %rd10, {%r22, %r27};",
        f"mov.u32 %r30, {PRE:#x};", "mov.u32 %r31, 7;", f"mov.u32 %r32, {TAG_SKIP};", "@%p2 bra SKIP;")
    g = "@%p3 " if guard else ""
    src = "%r22" if typ == "b32" else "%rd10"
    if mode == "any":
        K.e(f"{g}match.any.sync.{typ} %r30, {src}, {mop};")
    elif not withp:
        K.e(f"{g}match.all.sync.{typ} %r30, {src}, {mop};")
    else:
        d = "_" if sink == "d" else "%r30"
        p = "_" if sink == "p" else "%p6"
        K.e(f"{g}match.all.sync.{typ} {d}|{p}, {src}, {mop};")
        if sink != "p":
            K.e(f"{g}selp.u32 %r31, 1, 0, %p6;")
    K.e(f"mov.u32 %r32, {TAG_RUN};", "SKIP:")
    K.st_rec(0, "%r30"); K.st_rec(1, "%r31"); K.st_rec(2, "%r32")
    K.note = f"match.{mode}.sync.{typ} p={withp} sink={sink} mask={mop} guard={guard}"
    return K


# ------------------------------------------------------------------ redux.sync
F32_EDGE = [0x00000000, 0x80000000, 0x3F800000, 0xBF800000, 0x7F800000, 0xFF800000,
            0x7FC00000, 0xFFC00000, 0x7F800001, 0x7FBFFFFF, 0xFFFFFFFF, 0x7FFFFFFF,
            0x00000001, 0x80000001, 0x007FFFFF, 0x807FFFFF, 0x00800000, 0x80800000,
            0x7F7FFFFF, 0xFF7FFFFF, 0x40490FDB, 0xC0490FDB]


def k_redux(rng, name, spec=None):
    """spec: None, or (op, type, abs, NaN)"""
    f32 = (spec[1] == "f32") if spec else rng.random() < 0.35
    if f32:
        op = rng.choice(["min", "max"])
        typ = "f32"
        absq = rng.random() < 0.5
        nanq = rng.random() < 0.5
        if spec:
            op, typ, absq, nanq = spec
        tgt, ver = rng.choice([("sm_100a", "8.6"), ("sm_100f", "8.8"), ("sm_103a", "8.8")])
    else:
        op, typ = rng.choice([("add", "u32"), ("add", "s32"), ("min", "u32"), ("min", "s32"),
                              ("max", "u32"), ("max", "s32"), ("and", "b32"), ("or", "b32"), ("xor", "b32")])
        absq = nanq = False
        if spec:
            op, typ = spec[0], spec[1]
        tgt, ver = rng.choice([("sm_80", "7.0"), ("sm_90", "8.0"), ("sm_100a", "8.6"), ("sm_120", "8.7")])
    L = pick_shape(rng)
    K = Kernel(name, tgt, ver, L, 3)
    guard = rng.random() < 0.25
    pats = common_patterns(rng, K, exits=True, guard=guard, uniform=rng.random() < 0.5)
    fl, mm = flags_array(K, pats)
    if f32:
        pnan = rng.choice([0, 0.05, 0.3, 1.0])
        def fv():
            if rng.random() < pnan:
                return rng.choice([0x7FC00000, 0xFFC00000, 0x7F800001, 0xFFFFFFFF, 0x7FA00000 | rng.getrandbits(20)])
            if rng.random() < 0.5:
                return rng.choice(F32_EDGE[:6] + F32_EDGE[12:])
            return rng.getrandbits(32) & ~(0 if rng.random() < 0.5 else 0x7F000000)
        A = [fv() for _ in range(L.total)]
        A = [a if not (wm.f32_is_nan(a) and pnan == 0) else 0 for a in A]
    else:
        A = [rand32(rng) for _ in range(L.total)]
    mop = mask_operand(K, rng, pats)
    exp = {}
    for (cta, w), (flags, X, E, M) in pats.items():
        g0 = L.gid(cta, w, 0)
        vals = [A[g0 + l] for l in sorted(X)]
        if X:
            r = wm.redux_sync(op, typ, vals, absq, nanq)
        for l, f in flags.items():
            g = g0 + l
            if f & 1:
                continue
            if not f & 2:
                exp[g] = [PRE, 7, TAG_SKIP]
            elif l not in X:
                exp[g] = [PRE, 7, TAG_RUN]
            else:
                exp[g] = [r, 7, TAG_RUN]
    K.expect = exp
    K.array("A", ".u32", A)
    prologue_flags(K, fl, mm)
    K.ld_in("A", "%r22")
    K.e(f"mov.u32 %r30, {PRE:#x};", "mov.u32 %r31, 7;", f"mov.u32 %r32, {TAG_SKIP};", "@%p2 bra SKIP;")
    g = "@%p3 " if guard else ""
    q = (".abs" if absq else "") + (".NaN" if nanq else "")
    K.e(f"{g}redux.sync.{op}{q}.{typ} %r30, %r22, {mop};", f"mov.u32 %r32, {TAG_RUN};", "SKIP:")
    K.st_rec(0, "%r30"); K.st_rec(1, "%r31"); K.st_rec(2, "%r32")
    K.note = f"redux.sync.{op}{q}.{typ} mask={mop} guard={guard}"
    return K


# ------------------------------------------------------------------ activemask, lanes
def k_active(rng, name):
    L = pick_shape(rng)
    tgt, ver = rng.choice(TARGETS_SYNC)
    K = Kernel(name, tgt, ver, L, 10)
    pats = common_patterns(rng, K, exits=True, guard=True)
    fl, mm = flags_array(K, pats)
    exp = {}
    for (cta, w), (flags, X, E, M) in pats.items():
        g0 = L.gid(cta, w, 0)
        nonexited = [l for l in flags if not flags[l] & 1]
        P = [l for l in flags if flags[l] & 2]
        G = [l for l in flags if flags[l] & 4]
        act0 = wm.activemask(nonexited)
        act1 = wm.activemask(P)
        act2 = wm.activemask(G)
        for l, f in flags.items():
            g = g0 + l
            if f & 1:
                continue
            lanes = [wm.laneid(32 * w + l)] + [wm.lanemask(k, l) for k in ("eq", "le", "lt", "ge", "gt")]
            if f & 2:
                exp[g] = [act0] + lanes + [act1, act2 if f & 4 else PRE, TAG_RUN]
            else:
                exp[g] = [act0] + lanes + [PRE, PRE, TAG_SKIP]
    K.expect = exp
    prologue_flags(K, fl, mm)
    K.e("activemask.b32 %r40;", "mov.u32 %r41, %laneid;", "mov.u32 %r42, %lanemask_eq;",
        "mov.u32 %r43, %lanemask_le;", "mov.u32 %r44, %lanemask_lt;", "mov.u32 %r45, %lanemask_ge;",
        "mov.u32 %r46, %lanemask_gt;", f"mov.u32 %r47, {PRE:#x};", f"mov.u32 %r48, {PRE:#x};",
        f"mov.u32 %r49, {TAG_SKIP};", "@%p2 bra SKIP;", "activemask.b32 %r47;",
        "@%p3 activemask.b32 %r48;", f"mov.u32 %r49, {TAG_RUN};", "SKIP:")
    for k in range(10):
        K.st_rec(k, f"%r{40 + k}")
    K.note = "activemask, %laneid, %lanemask_*"
    return K


# ------------------------------------------------------------------ bar.red / bar.sync
def k_bar(rng, name, exits=None, groups=None):
    L = pick_shape(rng, max_threads=400)
    while groups and (L.nthreads % 32 or L.nthreads < 64):
        L = pick_shape(rng, max_threads=400)
    form = rng.choice(["bar", "barrier", "barrier.aligned", "bar.cta", "barrier.cta"])
    tgt, ver = rng.choice([("sm_70", "6.4"), ("sm_90", "8.0"), ("sm_100a", "8.6")])
    if ".cta" in form or form.startswith("bar.cta"):
        tgt, ver = rng.choice([("sm_90", "8.0"), ("sm_100a", "8.6")])
    K = Kernel(name, tgt, ver, L, 6)
    want_groups = groups
    exits = (rng.random() < 0.3) if exits is None else exits
    nw = (L.nthreads + 31) // 32
    groups = (not exits) and L.nthreads % 32 == 0 and nw >= 2 and (rng.random() < 0.6 if want_groups is None else want_groups)
    neg = [rng.random() < 0.4 for _ in range(3)]
    bias = rng.choice([0.0, 0.5, 0.95, 1.0])
    A = [rng.getrandbits(31) << 1 | (1 if rng.random() < bias else 0) for _ in range(L.total)]
    fl = [0] * L.total
    if exits:
        wexit = rng.choice(["lanes", "warp"])
        for cta in range(L.nctas):
            for t in range(L.nthreads):
                if wexit == "lanes" and rng.random() < 0.3:
                    fl[cta * L.nthreads + t] = 1
                if wexit == "warp" and nw >= 2 and t // 32 == nw - 1:
                    fl[cta * L.nthreads + t] = 1
            if all(fl[cta * L.nthreads + t] for t in range(L.nthreads)):
                fl[cta * L.nthreads] = 0
    # group split: warps [0, k) use barrier 4 with 32k threads, the rest 5
    ksplit = rng.randrange(1, nw) if groups else nw
    BID = [0] * L.total
    BCNT = [0] * L.total
    SRC = [0] * L.total
    exp = {}
    for cta in range(L.nctas):
        base = cta * L.nthreads
        alive = [t for t in range(L.nthreads) if not fl[base + t]]
        def pr(t, i):
            return bool(A[base + t] & 1) != neg[i]
        popc = wm.bar_red("popc", [pr(t, 0) for t in alive])
        band = wm.bar_red("and", [pr(t, 1) for t in alive])
        bor = wm.bar_red("or", [pr(t, 2) for t in alive])
        for t in range(L.nthreads):
            g = base + t
            SRC[g] = rng.choice(alive)
            if groups:
                grp = [u for u in range(L.nthreads) if (u // 32 < ksplit) == (t // 32 < ksplit)]
                BID[g] = 4 if t // 32 < ksplit else 5
                BCNT[g] = 32 * ksplit if t // 32 < ksplit else 32 * (nw - ksplit)
                gp = wm.bar_red("popc", [bool(A[base + u] & 2) for u in grp])
            else:
                gp = 7
            if fl[g]:
                continue
            exp[g] = [popc, band, bor, A[base + SRC[g]], gp, TAG_RUN]
    K.expect = exp
    K.array("FL", ".u32", fl)
    K.array("A", ".u32", A)
    K.array("SRC", ".u32", SRC)
    K.array("BID", ".u32", BID)
    K.array("BCNT", ".u32", BCNT)
    K.shared.append(f".shared .align 4 .b8 sh[{4 * L.nthreads}];")
    K.ld_in("FL", "%r20")
    K.e("setp.ne.u32 %p1, %r20, 0;", "@%p1 exit;")
    K.ld_in("A", "%r22")
    K.ld_in("SRC", "%r24")
    K.ld_in("BID", "%r27")
    K.ld_in("BCNT", "%r28")
    K.e("and.b32 %r21, %r22, 1;", "setp.ne.u32 %p5, %r21, 0;",
        "and.b32 %r21, %r22, 2;", "setp.ne.u32 %p9, %r21, 0;")
    c = ["!%p5" if n else "%p5" for n in neg]
    if form == "bar":
        red, sync = "bar.red", "bar.sync"
        al = ""
    elif form == "bar.cta":
        red, sync, al = "bar.cta.red", "bar.cta.sync", ""
    elif form == "barrier":
        red, sync, al = "barrier.red", "barrier.sync", ""
    elif form == "barrier.cta":
        red, sync, al = "barrier.cta.red", "barrier.cta.sync", ".aligned"
    else:
        red, sync, al = "barrier.red", "barrier.sync.aligned", ".aligned"
    K.e(f"{red}.popc{al}.u32 %r30, 1, {c[0]};",
        f"{red}.and{al}.pred %p6, 2, {c[1]};", "selp.u32 %r31, 1, 0, %p6;",
        f"{red}.or{al}.pred %p7, 3, {c[2]};", "selp.u32 %r32, 1, 0, %p7;",
        "mov.u64 %rd10, sh;", "mul.wide.u32 %rd11, %r10, 4;", "add.u64 %rd12, %rd10, %rd11;",
        "st.shared.u32 [%rd12], %r22;", f"{sync} 0;",
        "mul.wide.u32 %rd11, %r24, 4;", "add.u64 %rd12, %rd10, %rd11;", "ld.shared.u32 %r33, [%rd12];",
        "mov.u32 %r34, 7;")
    if groups:
        K.e(f"{red}.popc{al}.u32 %r34, %r27, %r28, %p9;")
    K.e(f"mov.u32 %r35, {TAG_RUN};")
    for k in range(6):
        K.st_rec(k, f"%r{30 + k}")
    K.note = f"{red}.popc/.and/.or neg={neg} + {sync}; exits={exits} groups={groups}"
    return K


# ------------------------------------------------------------------ split branches
def k_split(rng, name):
    """The lanes of a warp take two different branches, and each branch runs
    its own copy of one collective with the same qualifiers and the same
    membermask, which names the lanes of both branches.  9.7.13.9 (and
    9.7.9.6, 9.7.13.10, 9.7.13.12 alike): "vote.sync will cause executing
    thread to wait until all non-exited threads corresponding to membermask
    have executed vote.sync with the same qualifiers and same membermask
    value before resuming execution", and the result is computed "across
    all non-exited threads in membermask"; the Note limits the requirement to
    execute "the same ... instruction in convergence" to sm_6x and below, so
    on sm_70+ the two copies form one collective."""
    op = rng.choice(["ballot", "all", "any", "uni", "redux", "match.any", "match.all", "shfl"])
    L = pick_shape(rng, max_threads=160)
    tgt, ver = rng.choice([("sm_70", "6.4"), ("sm_80", "7.0"), ("sm_90", "8.0")])
    if op == "redux" and tgt == "sm_70":
        tgt, ver = "sm_80", "7.0"      # redux.sync: PTX ISA 7.0, sm_80
    K = Kernel(name, tgt, ver, L, 3)
    BR = [rng.randrange(2) for _ in range(L.total)]
    style = rng.choice(["half", "rand", "even"])
    for g in range(L.total):
        l = (g % L.nthreads) % 32
        BR[g] = {"half": int(l >= 16), "even": l % 2, "rand": BR[g]}[style]
    A = [rand32(rng) if op not in ("match.any", "match.all") else rng.choice([5, 6, 7]) for _ in range(L.total)]
    if op == "match.all" and rng.random() < 0.5:
        A = [5] * L.total
    Bv = [rng.randrange(min(32, L.nthreads - 32 * ((g % L.nthreads) // 32))) for g in range(L.total)]
    exp = {}
    MM = [0] * L.total
    for cta, w, lanes in L.warps():
        g0 = L.gid(cta, w, 0)
        X = set(lanes)
        M = sum(1 << l for l in lanes)
        for l in lanes:
            MM[g0 + l] = M
        # each branch's operand: branch 0 uses a, branch 1 a transform of it
        if op in ("ballot", "all", "any", "uni"):
            val = {l: bool(A[g0 + l] & 1) != bool(BR[g0 + l]) for l in X}   # branch 1 negates
        elif op == "shfl":
            val = {l: (A[g0 + l] + 1000 * (1 + BR[g0 + l])) & wm.M32 for l in X}
        else:
            val = {l: A[g0 + l] for l in X}
        members = sorted(X)
        for l in lanes:
            g = g0 + l
            if op in ("ballot", "all", "any", "uni"):
                d, _ = wm.vote_sync(op, val, members, X)
                p = 7
            elif op == "redux":
                d, p = wm.redux_sync("add", "u32", [val[m] for m in members]), 7
            elif op.startswith("match"):
                d, p = wm.match_sync(op[6:], val, l, members, X)
                p = 7 if p is None else p
            else:
                res = wm.shfl_sync("idx", val, {m: Bv[g0 + m] for m in X}, {m: 0x1F for m in X}, X)
                d, p = res[l][0], int(res[l][1])
            exp[g] = [d, p, 0x30 + BR[g]]
    K.expect = exp
    K.array("A", ".u32", A)
    K.array("BR", ".u32", BR)
    K.array("MM", ".u32", MM)
    K.array("BV", ".u32", Bv)
    K.ld_in("A", "%r22")
    K.ld_in("BR", "%r23")
    K.ld_in("MM", "%r26")
    K.ld_in("BV", "%r24")
    K.e("and.b32 %r21, %r22, 1;", "setp.ne.u32 %p5, %r21, 0;", "mov.u32 %r31, 7;",
        "setp.ne.u32 %p2, %r23, 0;", "@%p2 bra BR1;")
    for br in (0, 1):
        if br == 1:
            K.e("BR1:")
        if op in ("ballot", "all", "any", "uni"):
            src = "!%p5" if br else "%p5"
            if op == "ballot":
                K.e(f"vote.sync.ballot.b32 %r30, {src}, %r26;")
            else:
                K.e(f"vote.sync.{op}.pred %p6, {src}, %r26;", "selp.u32 %r30, 1, 0, %p6;")
        elif op == "redux":
            K.e("redux.sync.add.u32 %r30, %r22, %r26;")
        elif op == "match.any":
            K.e("match.any.sync.b32 %r30, %r22, %r26;")
        elif op == "match.all":
            K.e("match.all.sync.b32 %r30|%p6, %r22, %r26;", "selp.u32 %r31, 1, 0, %p6;")
        else:
            K.e(f"add.u32 %r25, %r22, {1000 * (1 + br)};",
                "shfl.sync.idx.b32 %r30|%p6, %r25, %r24, 0x1f, %r26;", "selp.u32 %r31, 1, 0, %p6;")
        K.e(f"mov.u32 %r32, {0x30 + br};")
        if br == 0:
            K.e("bra J;")
    K.e("J:")
    K.st_rec(0, "%r30"); K.st_rec(1, "%r31"); K.st_rec(2, "%r32")
    K.note = f"split branches ({style}), each running {op} with one membermask"
    return K


# ------------------------------------------------------------------ loops
def k_loop(rng, name):
    """warp collectives in a loop whose trip count differs per thread: the
    membermask of iteration i names the lanes still in the loop (and, at
    random, lanes that have exited); some threads exit instead of leaving
    the loop.  Per iteration: redux.sync.add.u32, vote.sync.ballot.b32 and
    shfl.sync.idx from a lane still in the loop."""
    L = pick_shape(rng)
    tgt, ver = rng.choice([("sm_80", "7.0"), ("sm_90", "8.0"), ("sm_100a", "8.6")])
    NIT = 4
    K = Kernel(name, tgt, ver, L, 4)
    N = [rng.randrange(NIT + 1) for _ in range(L.total)]
    XT = [1 if rng.random() < 0.3 else 0 for _ in range(L.total)]  # exit after the loop
    A = [rand32(rng) for _ in range(L.total)]
    MK = [[0] * L.total for _ in range(NIT)]
    KB = [[0] * L.total for _ in range(NIT)]
    SR = [[0] * L.total for _ in range(NIT)]
    exp = {}
    for cta, w, lanes in L.warps():
        g0 = L.gid(cta, w, 0)
        acc = {l: 0 for l in lanes}
        exited = set()
        for i in range(NIT):
            inloop = [l for l in lanes if N[g0 + l] > i]
            # lanes whose loop ended before i and that exit: exited by now
            gone = [l for l in lanes if N[g0 + l] <= i and XT[g0 + l]]
            m = 0
            for l in inloop:
                m |= 1 << l
            for l in gone:
                if rng.random() < 0.5:
                    m |= 1 << l
            und = sum(1 << l for l in gone if m >> l & 1)
            src = rng.choice(inloop) if inloop else 0
            for l in lanes:
                MK[i][g0 + l] = m
                KB[i][g0 + l] = (~und) & 0xFFFFFFFF
                SR[i][g0 + l] = src
            if not inloop:
                continue
            members = [l for l in range(32) if m >> l & 1]
            nonexited = set(lanes) - set(gone)
            r = wm.redux_sync("add", "u32", [(A[g0 + l] + i) & wm.M32 for l in inloop])
            bal, _ = wm.vote_sync("ballot", {l: bool(A[g0 + l] >> i & 1) for l in inloop}, members, nonexited)
            sh = wm.shfl_sync("idx", {l: A[g0 + l] ^ i for l in inloop}, {l: src for l in inloop},
                              {l: 0x1F for l in inloop}, set(inloop))
            for l in inloop:
                d = sh[l][0]
                acc[l] = (acc[l] * 31 + r + (bal & ~und & wm.M32) * 7 + d) & wm.M32
        for l in lanes:
            g = g0 + l
            if XT[g]:
                continue
            exp[g] = [acc[l], N[g], A[g], TAG_RUN]
    K.expect = exp
    K.array("N", ".u32", N)
    K.array("XT", ".u32", XT)
    K.array("A", ".u32", A)
    for i in range(NIT):
        K.array(f"MK{i}", ".u32", MK[i])
        K.array(f"KB{i}", ".u32", KB[i])
        K.array(f"SR{i}", ".u32", SR[i])
    K.ld_in("N", "%r20")
    K.ld_in("XT", "%r21")
    K.ld_in("A", "%r22")
    K.e("mov.u32 %r30, 0;", "mov.u32 %r31, 0;")
    K.e("LOOP:", "setp.ge.u32 %p1, %r31, %r20;", "@%p1 bra END;")
    # the per-iteration inputs: arrays MKi/KBi/SRi picked by i
    for i in range(NIT):
        K.e(f"setp.eq.u32 %p2, %r31, {i};")
        for nm, reg in (("MK", "%r26"), ("KB", "%r27"), ("SR", "%r28")):
            K.e(f"mov.u64 %rd9, {nm}{i};", "add.u64 %rd9, %rd9, %rd5;", f"@%p2 ld.global.u32 {reg}, [%rd9];")
    K.e("add.u32 %r33, %r22, %r31;", "redux.sync.add.u32 %r34, %r33, %r26;",
        "shr.b32 %r35, %r22, %r31;", "and.b32 %r35, %r35, 1;", "setp.ne.u32 %p3, %r35, 0;",
        "vote.sync.ballot.b32 %r36, %p3, %r26;", "and.b32 %r36, %r36, %r27;",
        "xor.b32 %r37, %r22, %r31;", "shfl.sync.idx.b32 %r38, %r37, %r28, 0x1f, %r26;",
        "mul.lo.u32 %r30, %r30, 31;", "add.u32 %r30, %r30, %r34;", "mad.lo.u32 %r30, %r36, 7, %r30;",
        "add.u32 %r30, %r30, %r38;", "add.u32 %r31, %r31, 1;", "bra LOOP;", "END:",
        "setp.ne.u32 %p4, %r21, 0;", "@%p4 exit;", f"mov.u32 %r39, {TAG_RUN};")
    K.st_rec(0, "%r30"); K.st_rec(1, "%r31"); K.st_rec(2, "%r22"); K.st_rec(3, "%r39")
    K.note = "loop: redux/ballot/shfl.idx with a shrinking membermask, exits after the loop"
    return K


# ------------------------------------------------------------------ atom / red
ATOM_OPS = {  # PTX ISA "Atom Scalar Type Operations": which op takes which type
    "b32": ["and", "or", "xor", "exch", "cas"], "b64": ["and", "or", "xor", "exch", "cas"],
    "u32": ["add", "inc", "dec", "min", "max"], "s32": ["add", "min", "max"],
    "u64": ["add", "min", "max"], "s64": ["min", "max"],
    "f32": ["add"], "f64": ["add"], "f16": ["add"], "bf16": ["add"], "f16x2": ["add"], "bf16x2": ["add"],
    "b16": ["cas"],
}
REG = {16: "%h", 32: "%r5", 64: "%rd3"}  # %r51.., %rd31..: clear of the prologue's registers


def int_edge(rng, w):
    m = (1 << w) - 1
    r = rng.random()
    if r < 0.4:
        return rng.choice([0, 1, 2, m, m - 1, 1 << (w - 1), (1 << (w - 1)) - 1, (1 << (w - 1)) + 1,
                           3, 4, 5, 7, 0x10, 0xFF, 1 << (w // 2)]) & m
    if r < 0.6:
        return rng.randrange(8)
    return rng.getrandbits(w)


F16_EDGE = [0x7E00, 0xFD01, 0x0000, 0x8000, 0x0001, 0x8001, 0x03FF, 0x83FF, 0x0400, 0x8400, 0x3C00, 0xBC00,
            0x7BFF, 0xFBFF, 0x7C00, 0xFC00, 0x3555, 0x0200, 0x7BFE]
BF16_EDGE = [0x7E00, 0xFD01, 0x0000, 0x8000, 0x0001, 0x8001, 0x007F, 0x807F, 0x0080, 0x8080, 0x3F80, 0xBF80,
             0x7F7F, 0xFF7F, 0x7F80, 0xFF80, 0x3EAB, 0x0040]
F32_AEDGE = [0x7FC00000, 0xFFA00001, 0x00000000, 0x80000000, 0x00000001, 0x80000001, 0x007FFFFF, 0x807FFFFF, 0x00800000,
             0x80800000, 0x00800001, 0x3F800000, 0xBF800000, 0x7F7FFFFF, 0xFF7FFFFF, 0x7F800000,
             0xFF800000, 0x33800000, 0x3F800001, 0x4B000000, 0x00400000]
F64_AEDGE = [0, 1 << 63, 1, (1 << 63) | 1, 0x000FFFFFFFFFFFFF, 0x0010000000000000, 0x3FF0000000000000,
             0xBFF0000000000000, 0x7FEFFFFFFFFFFFFF, 0x7FF0000000000000, 0xFFF0000000000000,
             0x3CA0000000000000, 0x3FF0000000000001]


def float_val(rng, typ):
    if typ in ("f16", "bf16"):
        edge = F16_EDGE if typ == "f16" else BF16_EDGE
        fmt = wm.F16 if typ == "f16" else wm.BF16
        while True:
            v = rng.choice(edge) if rng.random() < 0.5 else rng.getrandbits(16)
            if rng.random() < 0.25:
                v &= 0x803F  # subnormal range
            if not (v & 0x7FFF) > (0x7C00 if typ == "f16" else 0x7F80) or rng.random() < 0.1:
                return v
    if typ in ("f16x2", "bf16x2"):
        t = typ[:-2]
        return float_val(rng, t) | (float_val(rng, t) << 16)
    if typ == "f32":
        while True:
            v = rng.choice(F32_AEDGE) if rng.random() < 0.5 else rng.getrandbits(32)
            if rng.random() < 0.3:
                v &= 0x807FFFFF
            if not wm.f32_is_nan(v) or rng.random() < 0.1:
                return v
    while True:
        v = rng.choice(F64_AEDGE) if rng.random() < 0.5 else rng.getrandbits(64)
        if rng.random() < 0.3:
            v &= 0x800FFFFFFFFFFFFF
        if not ((v >> 52) & 0x7FF == 0x7FF and v & ((1 << 52) - 1)):
            return v


def near(rng, typ, r):
    """a b that makes interesting sums with r: its negation, the same, a nudge"""
    w = wm.type_bits(typ)
    if typ in ("f16x2", "bf16x2"):
        return near(rng, typ[:-2], r & 0xFFFF) | (near(rng, typ[:-2], r >> 16) << 16)
    c = rng.random()
    if c < 0.3:
        return r ^ (1 << (w - 1))
    if c < 0.45:
        return r
    if c < 0.6:
        return ((r ^ (1 << (w - 1))) + rng.choice([1, -1])) & ((1 << w) - 1) if (r & ((1 << (w - 1)) - 1)) else r
    return float_val(rng, typ)


def atom_space_args(space, typ):
    return {"global": ".global", "shared": ".shared", "shared::cta": ".shared::cta",
            "generic_global": "", "generic_shared": ""}[space]


SEMS_ATOM = ["", "", ".relaxed.gpu", ".acq_rel.gpu", ".relaxed.cta", ".acquire.sys", ".release.cluster", ".gpu", ".cta"]
SEMS_RED = ["", "", ".relaxed.gpu", ".release.gpu", ".relaxed.cta", ".sys", ".cta"]


def atom_target(typ, sem):
    if typ in ("bf16", "bf16x2") or "cluster" in sem:
        return rng_choice_tv([("sm_90", "8.0"), ("sm_100a", "8.6")])
    if typ in ("f16", "b16"):
        return rng_choice_tv([("sm_70", "6.4"), ("sm_90", "8.0"), ("sm_100a", "8.6")])
    return rng_choice_tv([("sm_70", "6.4"), ("sm_80", "7.0"), ("sm_90", "8.0"), ("sm_100a", "8.6")])


_TV_RNG = random.Random(0)


def rng_choice_tv(lst):
    return _TV_RNG.choice(lst)


def k_atom_unique(rng, name):
    """each thread applies 1-3 atom/red operations to its own address"""
    typ = rng.choice(list(ATOM_OPS))
    space = rng.choice(["global", "global", "shared", "shared", "shared::cta", "generic_global", "generic_shared"])
    L = pick_shape(rng, max_threads=250)
    nops = rng.choice([1, 1, 2, 3])
    w = wm.type_bits(typ)
    ops = []
    for _ in range(nops):
        op = rng.choice(ATOM_OPS[typ])
        kind = "atom" if op in ("cas", "exch") or rng.random() < 0.7 else "red"
        sem = rng.choice(SEMS_ATOM if kind == "atom" else SEMS_RED)
        ops.append((kind, op, sem))
    guard = rng.random() < 0.25
    tgt, ver = atom_target(typ, "".join(o[2] for o in ops) + (".cluster" if "::" in space else ""))
    rec = 4 * nops + 3
    K = Kernel(name, tgt, ver, L, rec)
    isfloat = typ in wm.FLOAT_TYPES or typ in wm.PACKED
    mem_space = "global" if space in ("global", "generic_global") else "shared"
    # inputs, thread by thread (a thread whose sequence would add inf and -inf, or
    # meet a NaN, draws again: the model does not cover NaN results)
    INIT = []
    Bs = [[] for _ in ops]
    Cs = [[] for _ in ops]
    for g in range(L.total):
        while True:
            init = float_val(rng, typ) if isfloat else int_edge(rng, w)
            cur = init
            bs, cs = [], []
            ok = True
            for kind, op, sem in ops:
                if isfloat:
                    b = near(rng, typ, cur)
                elif op == "cas":
                    b = cur if rng.random() < 0.5 else int_edge(rng, w)
                elif op in ("inc", "dec"):
                    rr = rng.random()
                    b = cur if rr < 0.2 else (cur + rng.choice([1, -1])) & 0xFFFFFFFF if rr < 0.45 else int_edge(rng, w)
                else:
                    b = int_edge(rng, w)
                c = int_edge(rng, w)
                try:
                    cur = wm.atom_op(op, typ, cur, b, c, mem_space)[1]
                except ValueError:
                    ok = False
                    break
                bs.append(b)
                cs.append(c)
            if ok:
                break
        INIT.append(init)
        for i in range(len(ops)):
            Bs[i].append(bs[i])
            Cs[i].append(cs[i])
    G = [1 if (not guard or rng.random() < 0.7) else 0 for _ in range(L.total)]
    exp = {}
    for g in range(L.total):
        r = INIT[g]
        words = []
        for i, (kind, op, sem) in enumerate(ops):
            if G[g]:
                old, new = wm.atom_op(op, typ, r, Bs[i][g], Cs[i][g], mem_space)
                r = new
            else:
                old = None
            if kind == "red":
                d = 0xD0D0D0D0D0D0D0D0
            elif old is None:
                d = {16: 0xF00D, 32: PRE, 64: PRE | (PRE << 32)}[w]
            else:
                d = old
            words += [d & 0xFFFFFFFF, (d >> 32) & 0xFFFFFFFF]
            words += [r & 0xFFFFFFFF, (r >> 32) & 0xFFFFFFFF]
        words += [r & 0xFFFFFFFF, (r >> 32) & 0xFFFFFFFF, TAG_RUN]
        exp[g] = words
    K.expect = exp
    ct = {16: ".u16", 32: ".u32", 64: ".u64"}[w]
    K.array("INIT", ct, INIT)
    for i in range(nops):
        K.array(f"B{i}", ct, Bs[i])
        K.array(f"C{i}", ct, Cs[i])
    K.array("GD", ".u32", G)
    R = REG[w]
    t = {16: "b16", 32: "b32", 64: "b64"}[w]
    # address of the own slot (8 bytes a thread)
    if mem_space == "shared":
        K.shared.append(f".shared .align 8 .b8 sh[{8 * L.nthreads}];")
        K.e("mov.u64 %rd10, sh;", "mul.wide.u32 %rd11, %r10, 8;", "add.u64 %rd12, %rd10, %rd11;")
        if space == "generic_shared":
            K.e("cvta.shared.u64 %rd13, %rd12;")
        else:
            K.e("mov.u64 %rd13, %rd12;")
        st_sp = ".shared"
    else:
        K.e("add.u64 %rd12, %rd2, %rd6;")
        if space == "generic_global":
            K.e("cvta.global.u64 %rd13, %rd12;")
        else:
            K.e("mov.u64 %rd13, %rd12;")
        st_sp = ".global"
    K.ld_in("INIT", f"{R}1", w)
    K.e(f"st{st_sp}.{t} [%rd12], {R}1;")
    K.ld_in("GD", "%r20")
    K.e("setp.ne.u32 %p3, %r20, 0;")
    sp = atom_space_args(space, typ)
    for i, (kind, op, sem) in enumerate(ops):
        K.ld_in(f"B{i}", f"{R}2", w)
        K.ld_in(f"C{i}", f"{R}3", w)
        g = "@%p3 " if guard else ""
        tsuf = typ
        opq = op + (".noftz" if typ in ("f16", "bf16", "f16x2", "bf16x2") else "")
        dreg = f"{R}4"
        pre = {16: "0xF00D", 32: f"{PRE:#x}", 64: f"{PRE | (PRE << 32):#x}"}[w]
        K.e(f"mov.b{w} {dreg}, {pre};")
        semq = sem
        if kind == "atom":
            extra = f", {R}3" if op == "cas" else ""
            K.e(f"{g}atom{semq}{sp}.{opq}.{tsuf} {dreg}, [%rd13], {R}2{extra};")
        else:
            K.e(f"{g}red{semq}{sp}.{opq}.{tsuf} [%rd13], {R}2;")
            K.e("mov.b32 %r40, 0xD0D0D0D0;", "mov.b32 %r41, 0xD0D0D0D0;")
        if kind == "atom":
            store_wide(K, w, dreg)
        K.st_rec(4 * i, "%r40"); K.st_rec(4 * i + 1, "%r41")
        K.e(f"ld{st_sp}.{t} {R}5, [%rd12];")
        store_wide(K, w, f"{R}5")
        K.st_rec(4 * i + 2, "%r40"); K.st_rec(4 * i + 3, "%r41")
    K.e(f"ld{st_sp}.{t} {R}5, [%rd12];")
    store_wide(K, w, f"{R}5")
    K.st_rec(4 * nops, "%r40"); K.st_rec(4 * nops + 1, "%r41")
    K.e(f"mov.u32 %r42, {TAG_RUN};")
    K.st_rec(4 * nops + 2, "%r42")
    K.note = f"unique-address {space} {typ}: " + "; ".join(f"{k}{s}.{o}" for k, o, s in ops) + f" guard={guard}"
    return K


def k_atom_b128(rng, name, op=None):
    """atom.cas.b128 / atom.exch.b128 on each thread's own 16-byte slot"""
    space = rng.choice(["global", "shared", "generic_global", "generic_shared"])
    mem_space = "global" if "global" in space else "shared"
    op = op or rng.choice(["cas", "exch"])
    sem = rng.choice(["", ".relaxed.gpu", ".acq_rel.cta", ".cta"])
    L = pick_shape(rng, max_threads=200)
    tgt, ver = rng.choice([("sm_90", "8.3"), ("sm_100a", "8.6")])
    K = Kernel(name, tgt, ver, L, 9)
    def v128():
        r = rng.random()
        if r < 0.3:
            return rng.choice([0, (1 << 128) - 1, 1, 1 << 64, (1 << 64) - 1, 1 << 127])
        return rng.getrandbits(128)
    INIT = [v128() for _ in range(L.total)]
    B = [INIT[g] if (op == "cas" and rng.random() < 0.5) else
         (INIT[g] ^ (1 << rng.randrange(128)) if rng.random() < 0.3 else v128()) for g in range(L.total)]
    C = [v128() for _ in range(L.total)]
    exp = {}
    for g in range(L.total):
        old, new = wm.atom_op(op, "b128", INIT[g], B[g], C[g], mem_space)
        exp[g] = [(old >> (32 * i)) & 0xFFFFFFFF for i in range(4)] + \
                 [(new >> (32 * i)) & 0xFFFFFFFF for i in range(4)] + [TAG_RUN]
    K.expect = exp
    for nm, arr in (("I", INIT), ("B", B), ("C", C)):
        K.array(nm + "LO", ".u64", [v & wm.M64 for v in arr])
        K.array(nm + "HI", ".u64", [v >> 64 for v in arr])
    K.shared.append(".reg .b128 %q<8>;")
    for i, nm in enumerate(("I", "B", "C")):
        K.ld_in(nm + "LO", f"%rd{31 + 2 * i}", 64)
        K.ld_in(nm + "HI", f"%rd{32 + 2 * i}", 64)
        K.e(f"mov.b128 %q{i + 1}, {{%rd{31 + 2 * i}, %rd{32 + 2 * i}}};")
    if mem_space == "shared":
        K.shared.append(f".shared .align 16 .b8 sh[{16 * L.nthreads}];")
        K.e("mov.u64 %rd10, sh;", "mul.wide.u32 %rd11, %r10, 16;", "add.u64 %rd12, %rd10, %rd11;")
        K.e("cvta.shared.u64 %rd13, %rd12;" if space == "generic_shared" else "mov.u64 %rd13, %rd12;")
        K.e("st.shared.v2.u64 [%rd12], {%rd31, %rd32};")
        sp = "" if space == "generic_shared" else ".shared"
        ldst = ".shared"
    else:
        K.e("mul.wide.u32 %rd11, %r12, 16;", "add.u64 %rd12, %rd2, %rd11;")
        K.e("cvta.global.u64 %rd13, %rd12;" if space == "generic_global" else "mov.u64 %rd13, %rd12;")
        K.e("st.global.v2.u64 [%rd12], {%rd31, %rd32};")
        sp = "" if space == "generic_global" else ".global"
        ldst = ".global"
    extra = ", %q3" if op == "cas" else ""
    K.e(f"atom{sem}{sp}.{op}.b128 %q4, [%rd13], %q2{extra};",
        "mov.b128 {%rd37, %rd38}, %q4;", "mov.b64 {%r60, %r61}, %rd37;", "mov.b64 {%r62, %r63}, %rd38;",
        f"ld{ldst}.v2.u64 {{%rd39, %rd40}}, [%rd12];", "mov.b64 {%r64, %r65}, %rd39;", "mov.b64 {%r66, %r67}, %rd40;",
        f"mov.u32 %r68, {TAG_RUN};")
    for k in range(9):
        K.st_rec(k, f"%r{60 + k}")
    K.note = f"{space} atom{sem}.{op}.b128"
    return K


INCDEC_EDGE = [0, 1, 2, 3, 7, 0x7FFFFFFF, 0x80000000, 0xFFFFFFFE, 0xFFFFFFFF]


def k_edges(rng, name, what=None, space=None):
    """the cross of an operand table, one pair a thread, each on its own
    address: inc/dec on .u32, or add on a floating type (subnormals, signed
    zeros, infinities, the largest finite values)"""
    what = what or rng.choice(["inc", "dec", "f32", "f32", "f16", "bf16", "f64", "f16x2", "bf16x2"])
    space = space or rng.choice(["global", "shared", "generic_global", "generic_shared"])
    mem_space = "global" if "global" in space else "shared"
    kind = rng.choice(["atom", "red"])
    if what in ("inc", "dec"):
        typ, op, table = "u32", what, INCDEC_EDGE
    else:
        typ, op = what, "add"
        table = {"f32": F32_AEDGE, "f16": F16_EDGE, "bf16": BF16_EDGE, "f64": F64_AEDGE,
                 "f16x2": [a | (b << 16) for a, b in zip(F16_EDGE, F16_EDGE[3:] + F16_EDGE[:3])],
                 "bf16x2": [a | (b << 16) for a, b in zip(BF16_EDGE, BF16_EDGE[5:] + BF16_EDGE[:5])]}[typ]
    pairs = []
    for r in table:
        for b in table:
            try:
                wm.atom_op(op, typ, r, b, None, mem_space)
            except ValueError:
                continue  # inf + -inf: NaN, not modelled
            pairs.append((r, b))
    if len(pairs) > 2 * MAX_THREADS:
        pairs = rng.sample(pairs, 2 * MAX_THREADS)
    n = len(pairs)
    bs = min(n, rng.choice([64, 96, 128, 256]), MAX_THREADS)
    L = Launch(((n + bs - 1) // bs,), (bs,))
    w = wm.type_bits(typ)
    tgt, ver = atom_target(typ, "")
    K = Kernel(name, tgt, ver, L, 5)
    INIT = [pairs[g % n][0] for g in range(L.total)]
    B = [pairs[g % n][1] for g in range(L.total)]
    exp = {}
    for g in range(L.total):
        old, new = wm.atom_op(op, typ, INIT[g], B[g], None, mem_space)
        d = old if kind == "atom" else 0xD0D0D0D0D0D0D0D0
        exp[g] = [d & wm.M32, (d >> 32) & wm.M32, new & wm.M32, (new >> 32) & wm.M32, TAG_RUN]
    K.expect = exp
    ct = {16: ".u16", 32: ".u32", 64: ".u64"}[w]
    K.array("INIT", ct, INIT)
    K.array("B", ct, B)
    R = REG[w]
    t = {16: "b16", 32: "b32", 64: "b64"}[w]
    if mem_space == "shared":
        K.shared.append(f".shared .align 8 .b8 sh[{8 * L.nthreads}];")
        K.e("mov.u64 %rd10, sh;", "mul.wide.u32 %rd11, %r10, 8;", "add.u64 %rd12, %rd10, %rd11;")
        K.e("cvta.shared.u64 %rd13, %rd12;" if space == "generic_shared" else "mov.u64 %rd13, %rd12;")
        ldst = ".shared"
    else:
        K.e("add.u64 %rd12, %rd2, %rd6;")
        K.e("cvta.global.u64 %rd13, %rd12;" if space == "generic_global" else "mov.u64 %rd13, %rd12;")
        ldst = ".global"
    sp = atom_space_args(space, typ)
    K.ld_in("INIT", f"{R}1", w)
    K.ld_in("B", f"{R}2", w)
    K.e(f"st{ldst}.{t} [%rd12], {R}1;")
    opq = op + (".noftz" if typ in ("f16", "bf16", "f16x2", "bf16x2") else "")
    if kind == "atom":
        K.e(f"atom{sp}.{opq}.{typ} {R}4, [%rd13], {R}2;")
        store_wide(K, w, f"{R}4")
    else:
        K.e(f"red{sp}.{opq}.{typ} [%rd13], {R}2;", "mov.b32 %r40, 0xD0D0D0D0;", "mov.b32 %r41, 0xD0D0D0D0;")
    K.st_rec(0, "%r40"); K.st_rec(1, "%r41")
    K.e(f"ld{ldst}.{t} {R}5, [%rd12];")
    store_wide(K, w, f"{R}5")
    K.st_rec(2, "%r40"); K.st_rec(3, "%r41")
    K.e(f"mov.u32 %r42, {TAG_RUN};")
    K.st_rec(4, "%r42")
    K.note = f"operand table: {space} {kind}.{opq}.{typ}, {n} pairs"
    return K


def store_wide(K, w, reg):
    """split reg into %r40 (low 32 bits) and %r41 (high, or 0)"""
    if w == 16:
        K.e(f"cvt.u32.u16 %r40, {reg};", "mov.u32 %r41, 0;")
    elif w == 32:
        K.e(f"mov.b32 %r40, {reg};", "mov.u32 %r41, 0;")
    else:
        K.e(f"mov.b64 {{%r40, %r41}}, {reg};")


CONTENDED = {"u32": ["add", "min", "max", "inc", "dec"], "s32": ["add", "min", "max"],
             "u64": ["add", "min", "max"], "s64": ["min", "max"],
             "b32": ["and", "or", "xor"], "b64": ["and", "or", "xor"],
             "f32": ["add"], "f64": ["add"], "f16": ["add"], "bf16": ["add"], "f16x2": ["add"], "bf16x2": ["add"]}


def exact_val(rng, typ):
    """values whose every partial sum is exact in the type, in any order"""
    if typ in ("f16x2", "bf16x2"):
        return exact_val(rng, typ[:-2]) | (exact_val(rng, typ[:-2]) << 16)
    fmt = wm.FLOAT_TYPES[typ]
    k = rng.randrange(-3, 4)
    v = wm.Fraction(k) * wm.Fraction(2) ** rng.choice([0, -1, -2, 2])
    return wm.fencode_rn(fmt, v, 0 if rng.random() < 0.5 else 1)


def k_atom_contended(rng, name):
    """many threads on a few addresses with order-independent operations:
    the final memory is deterministic"""
    typ = rng.choice(list(CONTENDED))
    op = rng.choice(CONTENDED[typ])
    space = rng.choice(["global", "shared", "generic_global", "generic_shared"])
    mem_space = "global" if "global" in space else "shared"
    L = pick_shape(rng, max_threads=300 if mem_space == "global" else 400)
    w = wm.type_bits(typ)
    nb = max(1, w // 8)
    Kn = rng.choice([1, 2, 3, 5, 8])
    if mem_space == "shared":
        Kn = min(Kn, L.nthreads)  # thread tid < Kn initializes slot tid
    kind = rng.choice(["atom", "red"])
    sem = rng.choice(SEMS_ATOM if kind == "atom" else SEMS_RED)
    tgt, ver = atom_target(typ, sem)
    isfloat = typ in wm.FLOAT_TYPES or typ in wm.PACKED
    rec = 3
    K = Kernel(name, tgt, ver, L, rec)
    IDX = [rng.randrange(Kn) for _ in range(L.total)]
    # inc/dec: every thread on an address uses the same b, so the order does not matter
    ib = [int_edge(rng, 32) if rng.random() < 0.3 else rng.randrange(1, 40) for _ in range(Kn)]
    if op in ("inc", "dec"):
        B = [ib[IDX[g]] for g in range(L.total)]
    elif isfloat:
        B = [exact_val(rng, typ) for _ in range(L.total)]
    else:
        B = [int_edge(rng, w) for _ in range(L.total)]
    if isfloat:
        INIT = [exact_val(rng, typ) for _ in range(Kn)]
    else:
        INIT = [int_edge(rng, w) for _ in range(Kn)]
    G = [1 if rng.random() < 0.85 else 0 for _ in range(L.total)]
    nctas_mem = L.nctas if mem_space == "shared" else 1
    final = {}
    for c in range(nctas_mem):
        vals = list(INIT)
        for g in range(L.total):
            if mem_space == "shared" and g // L.nthreads != c:
                continue
            if G[g]:
                vals[IDX[g]] = wm.atom_op(op, typ, vals[IDX[g]], B[g], None, mem_space)[1]
        final[c] = vals
    ct = {16: ".u16", 32: ".u32", 64: ".u64"}[w]
    K.array("INIT", ct, INIT + [0] * (L.total - Kn) if L.total >= Kn else INIT)
    K.array("IDX", ".u32", IDX)
    K.array("B", ct, B)
    K.array("GD", ".u32", G)
    R = REG[w]
    t = {16: "b16", 32: "b32", 64: "b64"}[w]
    slot = 8
    exp = {}
    if mem_space == "global":
        K.mem.append((BUF, b"".join(le(v, slot) for v in INIT)))
        K.extra.append((BUF, b"".join(le(v, slot) for v in final[0])))
        for g in range(L.total):
            exp[g] = [TAG_RUN, 0, 0]
    else:
        for g in range(L.total):
            c, tid = divmod(g, L.nthreads)
            if tid < Kn:
                v = final[c][tid]
                exp[g] = [TAG_RUN, v & 0xFFFFFFFF, (v >> 32) & 0xFFFFFFFF]
            else:
                exp[g] = [TAG_RUN, SENT, SENT]
    K.expect = exp
    if mem_space == "shared":
        K.shared.append(f".shared .align 8 .b8 sh[{8 * Kn}];")
        K.e("mov.u64 %rd10, sh;")
        # threads tid < Kn initialize slot tid
        K.e(f"setp.lt.u32 %p8, %r10, {Kn};", "mul.wide.u32 %rd11, %r10, 8;", "add.u64 %rd14, %rd10, %rd11;",
            "@!%p8 bra NOINIT;")
        K.e(f"mov.u64 %rd9, INIT;", f"mul.wide.u32 %rd15, %r10, {w // 8};", "add.u64 %rd9, %rd9, %rd15;",
            f"ld.global.{ {16: 'u16', 32: 'u32', 64: 'u64'}[w] } {R}1, [%rd9];",
            f"st.shared.{t} [%rd14], {R}1;", "NOINIT:", "bar.sync 0;")
    else:
        K.e("mov.u64 %rd10, %rd2;")
    K.ld_in("IDX", "%r24")
    K.e("mul.wide.u32 %rd11, %r24, 8;", "add.u64 %rd12, %rd10, %rd11;")
    if space == "generic_shared":
        K.e("cvta.shared.u64 %rd12, %rd12;")
    elif space == "generic_global":
        K.e("cvta.global.u64 %rd12, %rd12;")
    K.ld_in("B", f"{R}2", w)
    K.ld_in("GD", "%r20")
    K.e("setp.ne.u32 %p3, %r20, 0;")
    sp = atom_space_args(space, typ)
    opq = op + (".noftz" if typ in ("f16", "bf16", "f16x2", "bf16x2") else "")
    if kind == "atom":
        K.e(f"@%p3 atom{sem}{sp}.{opq}.{typ} {R}4, [%rd12], {R}2;")
    else:
        K.e(f"@%p3 red{sem}{sp}.{opq}.{typ} [%rd12], {R}2;")
    K.e(f"mov.u32 %r42, {TAG_RUN};")
    K.st_rec(0, "%r42")
    if mem_space == "shared":
        K.e("bar.sync 0;", "@!%p8 bra DONE;", f"ld.shared.{t} {R}5, [%rd14];")
        store_wide(K, w, f"{R}5")
        K.st_rec(1, "%r40"); K.st_rec(2, "%r41")
        K.e("DONE:")
    else:
        K.e("mov.u32 %r40, 0;")
        K.st_rec(1, "%r40"); K.st_rec(2, "%r40")
    K.note = f"contended {space} {kind}{sem}.{opq}.{typ} on {Kn} addresses"
    return K


def k_ticket(rng, name, space=None):
    """atom.add.u32 [ctr], 1 (or .inc with a large b): the old values are a
    permutation of 0..n-1, so seen[old] = 1 marks each exactly once."""
    space = space or rng.choice(["global", "shared"])
    L = pick_shape(rng, max_threads=300)
    op = rng.choice(["add", "inc"])
    tgt, ver = rng.choice([("sm_70", "6.4"), ("sm_90", "8.0")])
    K = Kernel(name, tgt, ver, L, 1)
    K.fill = False  # another thread writes this thread's slot
    n = L.total if space == "global" else L.nthreads
    exp = {}
    for g in range(L.total):
        exp[g] = [1]
    K.expect = exp
    bval = "1" if op == "add" else "0xFFFFFFFF"
    if space == "global":
        K.mem.append((BUF, le(0, 4)))
        K.extra.append((BUF, le(n, 4)))
        K.e(f"atom.global.{op}.u32 %r30, [%rd2], {bval};",
            "mul.wide.u32 %rd11, %r30, 4;", "add.u64 %rd12, %rd1, %rd11;",
            "mov.u32 %r31, 1;", "st.global.u32 [%rd12], %r31;")
    else:
        K.shared.append(".shared .align 4 .u32 ctr;")
        K.e("setp.eq.u32 %p8, %r10, 0;", "mov.u32 %r31, 0;", "@%p8 st.shared.u32 [ctr], %r31;", "bar.sync 0;",
            f"atom.shared.{op}.u32 %r30, [ctr], {bval};",
            "mad.lo.u32 %r30, %r11, %r13, %r30;",
            "mul.wide.u32 %rd11, %r30, 4;", "add.u64 %rd12, %rd1, %rd11;",
            "mov.u32 %r31, 1;", "st.global.u32 [%rd12], %r31;")
    K.note = f"ticket {space} atom.{op}.u32"
    return K


# ------------------------------------------------------------------ meeting collectives
# Copies of one collective at different statements.  On sm_70 and later a
# `.sync` collective (9.7.9.6 shfl.sync, 9.7.13.9 vote.sync, 9.7.13.10
# match.sync, 9.7.13.12 redux.sync) waits "until all non-exited threads
# corresponding to membermask have executed vote.sync with the same
# qualifiers and same membermask value"; the Note's "must execute the same
# vote.sync instruction in convergence" is for "sm_6x or below" only.  So the
# copies in several branches (or in functions called from them) with the
# same qualifiers and membermask form one collective, each member bringing
# the operands of its own statement.  bar.warp.sync (9.7.13.2): "wait until
# all threads corresponding to membermask have executed a bar.warp.sync
# with the same membermask value", and "threads within warp that wish to
# communicate via memory can store to memory, execute bar.warp.sync, and
# then safely read values stored by other threads in warp".  Which threads
# meet, and when a warp deadlocks, is decided by warpmodel.meet_warp; the
# generator only lays out programs.
#
# Kinds: meet (3-4 branches, one copy each), meetx (exits before the copies,
# masks naming lanes that exit later), meetseq (several collectives in
# sequence, code order against lane order, branches with fewer copies),
# meetbw (bar.warp.sync with shared/global memory), meetbwx (the same with
# exited members in membermask: ASSUMES ptxfp's reading that exited lanes
# are not waited for, see warpmodel), meetfn (copies inside .func
# functions), meetdl (deadlocks: ptxfp must stop with "deadlock").

class MKernel(Kernel):
    """a Kernel with .func definitions ahead of the entry"""
    def __init__(self, *a, **kw):
        Kernel.__init__(self, *a, **kw)
        self.funcs = []
        self.deadlock = False

    def text(self):
        t = Kernel.text(self)
        if not self.funcs:
            return t
        i = t.index(".visible .entry")
        return t[:i] + "\n".join(self.funcs) + "\n" + t[i:]


def _xf_apply(xf, v, w):
    m = (1 << w) - 1
    if xf[0] == "xor":
        return (v ^ xf[1]) & m
    if xf[0] == "add":
        return (v + xf[1]) & m
    if xf[0] == "not":
        return ~v & m
    return v & m


def _xf_inverse(xf, v, w):
    m = (1 << w) - 1
    if xf[0] == "xor":
        return (v ^ xf[1]) & m
    if xf[0] == "add":
        return (v - xf[1]) & m
    if xf[0] == "not":
        return ~v & m
    return v & m


def _xf_ptx(xf, dst, src, w):
    if xf[0] == "xor":
        return f"xor.b{w} {dst}, {src}, {xf[1]:#x};"
    if xf[0] == "add":
        return f"add.u{w} {dst}, {src}, {xf[1]:#x};"
    if xf[0] == "not":
        return f"not.b{w} {dst}, {src};"
    return f"mov.b{w} {dst}, {src};"


def _rand_xf(rng, w):
    r = rng.random()
    if r < 0.25:
        return ("id",)
    if r < 0.55:
        return ("xor", rng.getrandbits(w) if rng.random() < 0.7 else 1 << rng.randrange(w))
    if r < 0.85:
        return ("add", rng.getrandbits(w) if rng.random() < 0.5 else rng.randrange(1, 100))
    return ("not",)


def _base_spec(rng, inst=None, allow=("vote", "shfl", "match", "redux")):
    inst = inst or rng.choice(list(allow))
    if inst == "vote":
        mode = rng.choice(["all", "any", "uni", "ballot"])
        key = "vote.sync.ballot.b32" if mode == "ballot" else f"vote.sync.{mode}.pred"
        return {"inst": "vote", "mode": mode, "key": key}
    if inst == "shfl":
        mode = rng.choice(["up", "down", "bfly", "idx"])
        return {"inst": "shfl", "mode": mode, "key": f"shfl.sync.{mode}.b32"}
    if inst == "match":
        mode = rng.choice(["any", "all"])
        typ = rng.choice(["b32", "b64"])
        return {"inst": "match", "mode": mode, "typ": typ, "key": f"match.{mode}.sync.{typ}"}
    if inst == "redux":
        if rng.random() < 0.3:
            op = rng.choice(["min", "max"])
            absq, nanq = rng.random() < 0.5, rng.random() < 0.5
            q = (".abs" if absq else "") + (".NaN" if nanq else "")
            return {"inst": "redux", "op": op, "typ": "f32", "abs": absq, "nan": nanq,
                    "key": f"redux.sync.{op}{q}.f32"}
        op, typ = rng.choice([("add", "u32"), ("add", "s32"), ("min", "u32"), ("min", "s32"),
                              ("max", "u32"), ("max", "s32"), ("and", "b32"), ("or", "b32"), ("xor", "b32")])
        return {"inst": "redux", "op": op, "typ": typ, "key": f"redux.sync.{op}.{typ}"}
    if inst == "bws":
        return {"inst": "bws", "key": "bar.warp.sync"}
    if inst == "ctabar":
        return {"inst": "ctabar", "key": "barrier.sync"}
    raise ValueError(inst)


def _branch_detail(rng, spec, b):
    """the per-branch choices that leave the qualifiers alone: the source
    register and its transform, a negated predicate, d|p or d alone, sinks,
    immediate or register b/c"""
    d = dict(spec)
    w = 64 if spec.get("typ") == "b64" else 32
    d["xf"] = _rand_xf(rng, w)
    d["neg"] = rng.random() < 0.4
    d["withp"] = rng.random() < 0.6
    d["sink"] = rng.choice([None, None, None, "d", "p"]) if spec["inst"] == "match" and spec["mode"] == "all" else None
    d["bimm"] = None
    d["cimm"] = None
    d["fn"] = "inline"
    return d


MEET_ONE_MASK_PER_STMT = False   # --meet-one-mask: groups made of whole branches only


def _groups(rng, lanes, style, brof=None, bgroup=None):
    """partition lanes into groups (each one membermask); bybranch: lanes
    grouped by bgroup[their branch], so each statement has one membermask"""
    lanes = sorted(lanes)
    if not lanes:
        return []
    if style == "one":
        return [lanes]
    if style == "bybranch":
        ids = sorted(set(bgroup.values()))
        gs = [[l for l in lanes if bgroup[brof[l]] == i] for i in ids]
        return [g for g in gs if g]
    if style == "mod":
        k = rng.choice([2, 2, 3, 4])
        gs = [[l for l in lanes if l % k == i] for i in range(k)]
    elif style == "half":
        cut = rng.choice([8, 16, 16, 24, rng.randrange(1, 32)])
        gs = [[l for l in lanes if l < cut], [l for l in lanes if l >= cut]]
    elif style == "ranges":
        cuts = sorted(rng.sample(range(1, 32), rng.choice([1, 2, 3])))
        bounds = [0] + cuts + [32]
        gs = [[l for l in lanes if bounds[i] <= l < bounds[i + 1]] for i in range(len(bounds) - 1)]
    else:
        k = rng.choice([2, 3])
        lab = {l: rng.randrange(k) for l in lanes}
        gs = [[l for l in lanes if lab[l] == i] for i in range(k)]
    return [g for g in gs if g]


def _branch_of(rng, L, nb, style):
    perm = list(range(nb))
    rng.shuffle(perm)
    cuts = sorted(rng.sample(range(1, 32), nb - 1)) if nb <= 32 else []
    BR = []
    for g in range(L.total):
        l = (g % L.nthreads) % 32
        if style == "mod":
            v = l % nb
        elif style == "mod2":
            v = (l // 2) % nb
        elif style == "range":
            v = sum(1 for c in cuts if l >= c)
        else:
            v = rng.randrange(nb)
        BR.append(perm[v])
    return BR


def _f32_val(rng, pnan):
    if rng.random() < pnan:
        return rng.choice([0x7FC00000, 0xFFC00000, 0x7F800001, 0xFFFFFFFF, 0x7FA00000 | rng.getrandbits(20)])
    if rng.random() < 0.5:
        return rng.choice(F32_EDGE[:6] + F32_EDGE[12:])
    return rng.getrandbits(32) & ~(0 if rng.random() < 0.5 else 0x7F000000)


def _target_for(specs):
    insts = [d for row in specs for d in row]
    if any(d["inst"] == "redux" and d["typ"] == "f32" for d in insts):
        return [("sm_100a", "8.6"), ("sm_100f", "8.8"), ("sm_103a", "8.8")]
    if any(d["inst"] == "redux" for d in insts):
        return [("sm_80", "7.0"), ("sm_90", "8.0"), ("sm_100a", "8.6"), ("sm_120", "8.7")]
    return TARGETS_SYNC


def build_meet(rng, name, nb=(3, 4), nslots=(1, 1), allow=("vote", "shfl", "match", "redux"),
               pexit=0.0, exit_start=0.5, tail=False, pfn=0.0, pbws=0.0, strict_bws=True,
               order="rand", pskip=0.0, late=0.0, perturb=None, max_threads=200, tries=60, loop=False,
               reorder=0.0):
    """one kernel: nb branches (lanes by lane % k, by ranges, at random), each
    with its own copies of nslots collectives; see the section comment."""
    for _ in range(tries):
        K = _build_meet_once(rng, name, rng.choice(nb) if isinstance(nb, tuple) else nb,
                             rng.randint(*nslots), allow, pexit, exit_start, tail, pfn, pbws,
                             strict_bws, order, pskip, late, perturb, max_threads, loop, reorder)
        if K is not None:
            return K
    raise RuntimeError(f"{name}: no kernel after {tries} tries")


def _build_meet_once(rng, name, nb, ns, allow, pexit, exit_start, tail, pfn, pbws, strict_bws,
                     order, pskip, late, perturb, max_threads, loop=False, reorder=0.0):
    L = pick_shape(rng, max_threads=max_threads)
    rec = 2 * ns + 1
    bstyle = rng.choice(["mod", "mod2", "range", "rand"])
    BR = _branch_of(rng, L, nb, bstyle)
    # slots per branch
    nsb = [ns] * nb
    if tail and ns > 1:
        nsb = [rng.randint(1, ns) for _ in range(nb)]
        nsb[rng.randrange(nb)] = ns
    # specs: specs[s][b]
    specs = []
    if loop:
        # every slot the same instruction; a loop branch runs one copy nsb[b] times
        lbase = _base_spec(rng, "bws" if rng.random() < pbws else None, allow)
        isloop = [rng.random() < 0.5 for _ in range(nb)]
        isloop[rng.randrange(nb)] = True
        ldet = [_branch_detail(rng, lbase, b) for b in range(nb)]
        lroles = [rng.choice(["w", "r", "wr"]) for _ in range(nb)]
        if nb >= 2:
            wb, rb = rng.sample(range(nb), 2)
            lroles[wb] = "w" if lroles[wb] == "r" else lroles[wb]
            lroles[rb] = "r" if lroles[rb] == "w" else lroles[rb]
        lspace = rng.choice(["shared", "global"])
    for s in range(ns):
        inst = "bws" if rng.random() < pbws else None
        base = _base_spec(rng, inst, allow)
        row = [_branch_detail(rng, base, b) for b in range(nb)]
        if loop:
            row = [dict(ldet[b], loop=True) if isloop[b] else _branch_detail(rng, lbase, b) for b in range(nb)]
            if lbase["inst"] == "bws":
                for b in range(nb):
                    row[b]["role"], row[b]["space"] = lroles[b], lspace
            specs.append(row)
            continue
        if base["inst"] == "bws":
            roles = [rng.choice(["w", "r", "wr"]) for _ in range(nb)]
            if nb >= 2:
                wb, rb = rng.sample(range(nb), 2)
                roles[wb] = "w" if roles[wb] == "r" else roles[wb]
                roles[rb] = "r" if roles[rb] == "w" else roles[rb]
            for b in range(nb):
                row[b]["role"] = roles[b]
            row[0]["space"] = rng.choice(["shared", "shared", "global"])
            for b in range(1, nb):
                row[b]["space"] = row[0]["space"]
        elif pfn and rng.random() < pfn:
            shared_d = None
            for b in range(nb):
                f = rng.choice(["inline", "own", "shared", "shared"])
                row[b]["fn"] = f
                row[b]["fname"] = f"f{s}_{b}" if f == "own" else f"f{s}"
                if f == "shared":
                    if shared_d is None:
                        shared_d = {k: row[b][k] for k in ("neg", "withp", "sink")}
                    row[b].update(shared_d)
        specs.append(row)
    # exits: XK 99 = at the start, k = before slot k in the branch, 1000 = never
    XK = [1000] * L.total
    for g in range(L.total):
        if rng.random() < pexit:
            b = BR[g]
            XK[g] = 99 if rng.random() < exit_start else rng.randrange(nsb[b])
    # the perturbation of a deadlock kernel (applied to the specs first)
    ptag = None
    if reorder and not perturb and rng.random() < reorder:
        # one branch runs two of its copies in the other order; kept only
        # where the model finds no deadlock (e.g. one of them meets only
        # lanes of its own branch)
        ptag = _perturb_specs(rng, specs, nsb, nb, "order")
    if perturb:
        ptag = _perturb_specs(rng, specs, nsb, nb, perturb)
        if ptag is None:
            return None
    tv = rng.choice(_target_for(specs))
    K = MKernel(name, tv[0], tv[1], L, rec)
    # per slot, per warp: masks, skips, operands
    MASK = [[0] * L.total for _ in range(ns)]
    SKIP = [[0] * L.total for _ in range(ns)]
    RAW = [[0] * L.total for _ in range(ns)]
    BOP = [[0] * L.total for _ in range(ns)]
    COP = [[0] * L.total for _ in range(ns)]
    RDF = [[0] * L.total for _ in range(ns)]
    INFO = [dict() for _ in range(ns)]       # gid -> info
    intended = [dict() for _ in range(ns)]   # gid -> its group (lanes)
    warps = L.warps()
    gstyles = []
    for s in range(ns):
        gstyle = rng.choice(["one", "one", "mod", "half", "ranges", "rand", "bybranch"])
        if MEET_ONE_MASK_PER_STMT:
            gstyle = "one" if any(specs[s][b]["fn"] == "shared" for b in range(nb)) else rng.choice(["one", "bybranch"])
        bgroup = {b: rng.randrange(2 if nb < 4 else 3) for b in range(nb)}
        gstyles.append(gstyle)
        pool64 = [rng.getrandbits(64) for _ in range(rng.choice([1, 2, 3, 6]))]
        if rng.random() < 0.4:
            pool64 = [(pool64[0] & M32_) | (rng.getrandbits(32) << 32) for _ in pool64]
        pnan = rng.choice([0, 0.05, 0.3, 1.0])
        vbias = rng.choice([0.0, 0.1, 0.5, 0.9, 1.0])
        for cta, w, lanes in warps:
            g0 = L.gid(cta, w, 0)
            live = [l for l in lanes if XK[g0 + l] != 99 and XK[g0 + l] > s and nsb[BR[g0 + l]] > s]
            gone = [l for l in lanes if l not in live]
            for l in live:
                if rng.random() < pskip:
                    SKIP[s][g0 + l] = 1
            ex = [l for l in live if not SKIP[s][g0 + l]]
            groups = _groups(rng, ex, gstyle, {l: BR[g0 + l] for l in ex}, bgroup)
            for G in groups:
                m = sum(1 << l for l in G)
                bw_inst = specs[s][0]["inst"] == "bws"
                if not (bw_inst and strict_bws):
                    for l in gone:
                        if rng.random() < 0.5:
                            m |= 1 << l
                if late and rng.random() < late:
                    others = [l for l in ex if l not in G]
                    if others:
                        m |= 1 << rng.choice(others)
                for l in G:
                    MASK[s][g0 + l] = m
                    intended[s][g0 + l] = G
        # operands, lane by lane, from its own branch's statement
        for cta, w, lanes in warps:
            g0 = L.gid(cta, w, 0)
            for l in lanes:
                g = g0 + l
                d = specs[s][BR[g]]
                G = intended[s].get(g, [l])
                inst = d["inst"]
                wdt = 64 if d.get("typ") == "b64" else 32
                info = {}
                if inst == "vote":
                    pred = rng.random() < vbias
                    bit = int(pred) ^ int(d["neg"])
                    t = (rng.getrandbits(31) << 1) | bit
                    RAW[s][g] = _xf_inverse(d["xf"], t, 32)
                    info["pred"] = pred
                elif inst == "shfl":
                    a = rand32(rng)
                    RAW[s][g] = _xf_inverse(d["xf"], a, 32)
                    info["a"] = a
                    mode = d["mode"]
                    if mode == "idx":
                        src = rng.choice(G) if rng.random() < 0.85 else rng.randrange(32)
                        bv = src | (rng.getrandbits(27) << 5 if rng.random() < 0.2 else 0)
                        cw = rng.choice([32, 32, 32, 16, 8])
                        cv = (((32 - cw) << 8) | 0x1F) if rng.random() < 0.8 else rng.getrandbits(32)
                    else:
                        bv = rng.choice([0, 1, 1, 2, 3, 4, 8, 16]) if rng.random() < 0.85 else rng.getrandbits(32)
                        cw = rng.choice([1, 2, 4, 8, 16, 32, 32])
                        r = rng.random()
                        if r < 0.6:
                            cv = ((32 - cw) << 8) | (0 if mode == "up" else 0x1F)
                        elif r < 0.85:
                            cv = (rng.randrange(32) << 8) | rng.randrange(32)
                        else:
                            cv = rng.getrandbits(32)
                    BOP[s][g], COP[s][g] = bv, cv
                    info["b"], info["c"] = bv, cv
                elif inst == "match":
                    v = rng.choice(pool64)
                    if wdt == 32:
                        v &= M32_
                    RAW[s][g] = _xf_inverse(d["xf"], v, wdt)
                    info["a"] = v
                elif inst == "redux":
                    v = _f32_val(rng, pnan) if d["typ"] == "f32" else rand32(rng)
                    RAW[s][g] = _xf_inverse(d["xf"], v, 32)
                    info["a"] = v
                elif inst == "bws":
                    v = rand32(rng)
                    RAW[s][g] = _xf_inverse(d["xf"], v, 32)
                    if "w" in d["role"]:
                        info["write"] = v
                INFO[s][g] = info
        # bar.warp.sync readers: a source among the writers of the intended group
        if specs[s][0]["inst"] == "bws":
            for g, G in intended[s].items():
                d = specs[s][BR[g]]
                if "r" not in d.get("role", ""):
                    continue
                g0 = g - (g % L.nthreads) % 32
                wr = [m for m in G if "w" in specs[s][BR[g0 + m]].get("role", "")]
                if wr:
                    src = rng.choice(wr)
                    INFO[s][g]["read"] = True
                    INFO[s][g]["src"] = src
                    RDF[s][g] = 1
                    tid0 = (g % L.nthreads) - (g % L.nthreads) % 32
                    BOP[s][g] = (tid0 + src) if d["space"] == "shared" else (g0 + src)
    if ptag and not perturb and _LAST_ORDER:
        # the reordered branch b runs Y at position s and X at s2, the others
        # X at s and Y at s2: b's Y meets only b's lanes, b's X the others' X
        # (b's lanes take the membermask of their slot-s group at s2), and the
        # others' Y names no lane of b
        rb, rs, rs2 = _LAST_ORDER
        for cta, w, lanes in warps:
            g0 = L.gid(cta, w, 0)
            bl = sum(1 << l for l in lanes if BR[g0 + l] == rb)
            at_s = [l for l in lanes if BR[g0 + l] == rb and (g0 + l) in intended[rs]]
            orig = {l: MASK[rs][g0 + l] for l in at_s}
            if any(BR[g0 + l] == rb and (g0 + l) in intended[rs2] and l not in orig for l in lanes) or \
                    (MEET_ONE_MASK_PER_STMT and len(set(orig.values())) > 1):
                return None
            for l in at_s:
                MASK[rs][g0 + l] = sum(1 << m for m in at_s)
            for l in lanes:
                g = g0 + l
                if g not in intended[rs2]:
                    continue
                if BR[g] == rb:
                    MASK[rs2][g] = orig.get(l, 1 << l)
                else:
                    MASK[rs2][g] &= ~bl
    # shfl immediates b/c where every lane of the branch has the same value
    for s in range(ns):
        for b in range(nb):
            d = specs[s][b]
            if d["inst"] != "shfl" or d["fn"] != "inline" or d.get("loop"):
                continue
            gs = [g for g in range(L.total) if BR[g] == b]
            for key, arr in (("bimm", BOP[s]), ("cimm", COP[s])):
                if gs and rng.random() < 0.3:
                    v = arr[gs[0]]
                    for g in gs:
                        arr[g] = v
                        INFO[s][g]["b" if key == "bimm" else "c"] = v
                    d[key] = v
    # membermask immediates: where every lane that executes the copy has one value
    for s in range(ns):
        for b in range(nb):
            d = specs[s][b]
            vals = {MASK[s][g] for g in range(L.total) if BR[g] == b and g in intended[s]}
            d["mimm"] = vals.pop() if (len(vals) == 1 and d["fn"] == "inline" and not d.get("loop")
                                       and rng.random() < 0.5) else None
    if perturb:
        ptag2 = _perturb_masks(rng, perturb, specs, MASK, intended, BR, L, ns, nb, XK, nsb)
        if ptag2 is False:
            return None
        if ptag2:
            ptag = ptag2
            for s in range(ns):
                for b in range(nb):
                    specs[s][b]["mimm"] = None
    # the model: per warp, each lane's program
    exp = {}
    KEEP = [[M32_] * L.total for _ in range(ns)]
    stuck_any = False
    for cta, w, lanes in warps:
        g0 = L.gid(cta, w, 0)
        progs = {}
        for l in lanes:
            g = g0 + l
            b = BR[g]
            prog = []
            if XK[g] == 99:
                prog.append({"kind": "exit"})
            else:
                for s in range(nsb[b]):
                    if XK[g] == s:
                        prog.append({"kind": "exit"})
                        break
                    if SKIP[s][g]:
                        continue
                    d = specs[s][b]
                    if d["inst"] == "ctabar":
                        prog.append({"kind": "ctabar", "slot": s})
                    else:
                        prog.append({"kind": "coll", "key": d["key"], "mask": MASK[s][g], "spec": d,
                                     "info": INFO[s][g], "slot": s})
            progs[l] = prog
        res, stuck = wm.meet_warp(progs, lanes, strict_bws=strict_bws)
        if stuck:
            if not stuck_any:
                byk = {}
                for l, op in stuck.items():
                    byk.setdefault((op.get("key", "barrier.sync"), op.get("mask")), []).append(l)
                K.stuck = f"CTA {cta} warp {w}: " + ", ".join(
                    f"lanes {v} at {k[0]} mask {k[1] if k[1] is None else hex(k[1])}" for k, v in sorted(byk.items(), key=str))
            stuck_any = True
            if not perturb:
                return None     # not meant to deadlock: draw again
            continue
        for l in lanes:
            g = g0 + l
            b = BR[g]
            if XK[g] == 99:
                continue
            words = [SENT] * rec
            ended = XK[g] >= nsb[b]
            for s in range(nsb[b]):
                if XK[g] == s:
                    break
                d = specs[s][b]
                if SKIP[s][g] or d["inst"] == "ctabar":
                    words[2 * s:2 * s + 2] = [PRE, 7]
                    continue
                dv, pv, keep = res[l][s]
                inst = d["inst"]
                if inst == "vote":
                    w0, w1 = dv, 7
                elif inst == "shfl":
                    w0, w1 = (dv if dv is not None else 0), (pv if d["withp"] else 7)
                elif inst == "match":
                    if d["mode"] == "any":
                        w0, w1 = dv, 7
                    elif d["sink"] == "d":
                        w0, w1 = PRE, pv
                    elif d["sink"] == "p":
                        w0, w1 = dv, 7
                    else:
                        w0, w1 = dv, (pv if d["withp"] else 7)
                elif inst == "redux":
                    w0, w1 = dv, 7
                else:
                    assert (dv is not None) == bool(RDF[s][g]), (name, g, s)
                    w0, w1 = (dv if dv is not None else PRE), 7
                KEEP[s][g] = keep
                words[2 * s:2 * s + 2] = [w0 & keep, w1]
            if ended:
                words[2 * ns] = 0x40 + b
            exp[g] = words
    if perturb and not stuck_any:
        return None
    K.deadlock = bool(perturb)
    K.expect = exp
    # bar.warp.sync in global memory: the final contents of each slot's region
    bw_global = [s for s in range(ns) if specs[s][0]["inst"] == "bws" and specs[s][0]["space"] == "global"]
    for s in bw_global:
        base = BUF + s * 4 * L.total
        fill = [0xABABABAB] * L.total
        for g in range(L.total):
            i = INFO[s][g]
            if "write" in i and (XK[g] == 1000 or (XK[g] != 99 and XK[g] > s)) and not SKIP[s][g] \
                    and nsb[BR[g]] > s:
                fill[g] = i["write"]
        K.mem.append((base, b"".join(le(0xABABABAB, 4) for _ in range(L.total))))
        K.extra.append((base, b"".join(le(v, 4) for v in fill)))
    _emit_meet(K, rng, specs, nb, ns, nsb, order, BR, XK, MASK, SKIP, RAW, BOP, COP, RDF, KEEP, L)
    multi = set()     # (warp, statement) with several membermask values among its executing lanes
    for s in range(ns):
        for cta, w, lanes in warps:
            g0 = L.gid(cta, w, 0)
            seen = {}
            for l in lanes:
                g = g0 + l
                if g not in intended[s]:
                    continue
                d = specs[s][BR[g]]
                stmt = d["fname"] if d["fn"] == "shared" else (s, BR[g])
                seen.setdefault(stmt, set()).add(MASK[s][g])
            multi |= {(cta, w, str(k)) for k, v in seen.items() if len(v) > 1}
    K.multimask = bool(multi)
    K.meta = dict(specs=specs, BR=BR, XK=XK, MASK=MASK, SKIP=SKIP, nsb=nsb, intended=intended, INFO=INFO,
                  KEEP=KEEP, RDF=RDF, ns=ns, nb=nb)
    desc = []
    for s in range(ns):
        keys = sorted({specs[s][b]["key"] for b in range(nb) if nsb[b] > s})
        fns = sorted({specs[s][b]["fn"] for b in range(nb)})
        desc.append("/".join(keys) + ("" if fns == ["inline"] else "[" + ",".join(fns) + "]"))
    K.note = (f"meet: {nb} branches ({bstyle}), slots per branch {nsb}, groups {gstyles}: " + "; ".join(desc)
              + (f"; exits {pexit}" if pexit else "") + (f"; {len(multi)} statements with several membermasks in a warp" if multi else "")
              + ("" if strict_bws or perturb else "; ASSUMES exited lanes not waited for at bar.warp.sync")
              + (f"; deadlock: {ptag}; model: {K.stuck}" if perturb else (f"; {ptag}" if ptag else "")))
    return K


M32_ = 0xFFFFFFFF


_LAST_ORDER = None


def _perturb_specs(rng, specs, nsb, nb, kind):
    """deadlock kernels: make one branch's copy different.  Returns a tag,
    or None when this kind does not apply."""
    ns = len(specs)
    if kind in ("mask", "maskx", "circ"):
        return kind            # applied to the masks later
    s = rng.randrange(min(nsb))   # a slot every branch runs
    b = rng.randrange(nb)
    d = specs[s][b]
    if d["inst"] in ("bws", "ctabar"):
        return None
    if kind == "qual":
        inst = d["inst"]
        for _ in range(20):
            nd = _base_spec(rng, inst if rng.random() < 0.7 else None)
            type_only = nd["inst"] == inst and nd.get("mode") == d.get("mode") and nd.get("op") == d.get("op")
            if nd["key"] != d["key"] and not type_only:
                break
        else:
            return None
        specs[s][b] = _branch_detail(rng, nd, b)
        return f"slot {s} branch {b}: {d['key']} -> {nd['key']}"
    if kind == "type":
        if d["inst"] == "match":
            nd = dict(d, typ="b64" if d["typ"] == "b32" else "b32")
            nd["key"] = f"match.{nd['mode']}.sync.{nd['typ']}"
        elif d["inst"] == "redux" and d["typ"] in ("u32", "s32"):
            nd = dict(d, typ="s32" if d["typ"] == "u32" else "u32")
            nd["key"] = f"redux.sync.{nd['op']}.{nd['typ']}"
        else:
            return None
        nd["xf"] = _rand_xf(rng, 64 if nd["typ"] == "b64" else 32)
        nd["fn"], nd["fname"] = "inline", None
        specs[s][b] = nd
        return f"slot {s} branch {b}: {d['key']} -> {nd['key']} (type only)"
    if kind == "order":
        if min(nsb) < 2:
            return None
        s2 = rng.randrange(min(nsb))
        if s2 == s or specs[s][b]["key"] == specs[s2][b]["key"]:
            return None
        specs[s][b], specs[s2][b] = specs[s2][b], specs[s][b]
        global _LAST_ORDER
        _LAST_ORDER = (b, s, s2)
        return f"branch {b} runs slots {s} and {s2} in the other order"
    if kind in ("ctabar", "bws"):
        nd = _branch_detail(rng, _base_spec(rng, kind), b)
        if kind == "bws":
            nd["role"] = "n"
            nd["space"] = "shared"
        specs[s][b] = nd
        return f"slot {s} branch {b}: {d['key']} -> {nd['key']}"
    raise ValueError(kind)


def _perturb_masks(rng, kind, specs, MASK, intended, BR, L, ns, nb, XK, nsb):
    """mask: the copies of one branch name a lane of another group;
    maskx: one branch's copies name, besides the others' lanes, a lane that
    has exited (the same live members, another membermask value);
    circ: branch b's lanes name branch b+1's.  Returns a tag, None (not a
    mask kind) or False (does not apply)."""
    if kind not in ("mask", "maskx", "circ"):
        return None
    s = rng.randrange(ns)
    if specs[s][0]["inst"] == "bws" or any(specs[s][b]["inst"] == "ctabar" for b in range(nb)):
        return False
    b = rng.randrange(nb)
    changed = False
    for cta, w, lanes in L.warps():
        g0 = L.gid(cta, w, 0)
        ing = [l for l in lanes if (g0 + l) in intended[s]]
        if kind == "mask":
            extra = {}     # one added lane per group: one membermask per statement stays one
            for l in ing:
                if BR[g0 + l] != b:
                    continue
                key = MASK[s][g0 + l]
                if key not in extra:
                    others = [m for m in ing if m not in intended[s][g0 + l]]
                    extra[key] = (1 << rng.choice(others)) if others else 0
                if extra[key]:
                    MASK[s][g0 + l] |= extra[key]
                    changed = True
        elif kind == "maskx":
            gone = [l for l in lanes if (XK[g0 + l] == 99 or XK[g0 + l] <= s or nsb[BR[g0 + l]] <= s)
                    and not (MASK[s][g0 + ing[0]] >> l & 1)] if ing else []
            if not gone:
                continue
            x = rng.choice(gone)
            for l in ing:
                if BR[g0 + l] == b and not (MASK[s][g0 + l] >> x & 1):
                    MASK[s][g0 + l] |= 1 << x
                    changed = True
        else:
            if nb < 3:
                return False
            byb = {c: [l for l in ing if BR[g0 + l] == c] for c in range(nb)}
            if sum(1 for c in byb if byb[c]) < 3:
                continue
            for c in range(nb):
                m = sum(1 << l for l in byb[c]) | sum(1 << l for l in byb[(c + 1) % nb])
                for l in byb[c]:
                    MASK[s][g0 + l] = m
            changed = True
    if not changed:
        return False
    return {"mask": f"slot {s}: branch {b}'s copies name a lane of another group",
            "maskx": f"slot {s}: branch {b}'s membermask adds an exited lane (same live members, another value)",
            "circ": f"slot {s}: branch c's membermask names branches c and c+1"}[kind]


def _emit_meet(K, rng, specs, nb, ns, nsb, order, BR, XK, MASK, SKIP, RAW, BOP, COP, RDF, KEEP, L):
    K.array("BR", ".u32", BR)
    K.array("XK", ".u32", XK)
    need64 = set()
    for s in range(ns):
        K.array(f"S{s}A", ".u32", [v & M32_ for v in RAW[s]])
        if any(specs[s][b].get("typ") == "b64" for b in range(nb)):
            K.array(f"S{s}H", ".u32", [v >> 32 for v in RAW[s]])
            need64.add(s)
        K.array(f"S{s}B", ".u32", BOP[s])
        K.array(f"S{s}C", ".u32", COP[s])
        K.array(f"S{s}M", ".u32", MASK[s])
        K.array(f"S{s}K", ".u32", KEEP[s])
        K.array(f"S{s}G", ".u32", SKIP[s])
        K.array(f"S{s}R", ".u32", RDF[s])
        if specs[s][0]["inst"] == "bws" and specs[s][0].get("space") == "shared":
            K.shared.append(f".shared .align 4 .b32 bw{s}[{L.nthreads}];")
        for b in range(nb):
            if specs[s][b]["inst"] == "bws" and specs[s][b].get("space") == "shared" and \
                    f".shared .align 4 .b32 bw{s}[{L.nthreads}];" not in K.shared:
                K.shared.append(f".shared .align 4 .b32 bw{s}[{L.nthreads}];")
    K.ld_in("BR", "%r20")
    K.ld_in("XK", "%r21")
    K.e("setp.eq.u32 %p9, %r21, 99;", "@%p9 exit;")
    if order == "rev":
        text_order = list(range(nb))[::-1]
    elif order == "fwd":
        text_order = list(range(nb))
    else:
        text_order = list(range(nb))
        rng.shuffle(text_order)
    K.text_order = text_order
    for b in text_order[1:]:
        K.e(f"setp.eq.u32 %p2, %r20, {b};", f"@%p2 bra LBR{b};")
    funcs_done = set()
    for i, b in enumerate(text_order):
        K.e(f"LBR{b}:")
        lanes_b = [g for g in range(L.total) if BR[g] == b]
        if specs[0][b].get("loop"):
            # one copy in a loop, run nsb[b] times: it meets the others' copies in order
            K.e("mov.u32 %r33, 0;", f"LOOP{b}:", f"setp.ge.u32 %p14, %r33, {nsb[b]};", f"@%p14 bra LEND{b};",
                "setp.eq.u32 %p9, %r21, %r33;", "@%p9 exit;")
            _emit_slot(K, specs[0][b], 0, b, 0 in need64, any(SKIP[s][g] for g in lanes_b for s in range(ns)),
                       funcs_done, nloop=ns)
            K.e("add.u32 %r33, %r33, 1;", f"bra LOOP{b};", f"LEND{b}:")
            nloop_b = True
        else:
            nloop_b = False
        for s in range(nsb[b] if not nloop_b else 0):
            if any(XK[g] == s for g in lanes_b):
                K.e(f"setp.eq.u32 %p9, %r21, {s};", "@%p9 exit;")
            _emit_slot(K, specs[s][b], s, b, s in need64, any(SKIP[s][g] for g in lanes_b), funcs_done)
        K.e(f"mov.u32 %r32, {0x40 + b};")
        if i < nb - 1:
            K.e("bra LJ;")
    K.e("LJ:")
    K.st_rec(2 * ns, "%r32")


def _coll_lines(d, a, a64, bop, cop, mop, g, pred_reg, tmp, dst="%r30", pdst="%r31", preg="%p6"):
    """the collective of spec d reading a (32-bit reg) / a64 (64-bit reg)"""
    inst = d["inst"]
    out = []
    if inst == "vote":
        out += [f"and.b32 {tmp}, {a}, 1;", f"setp.ne.u32 {pred_reg}, {tmp}, 0;"]
        src = ("!" if d["neg"] else "") + pred_reg
        if d["mode"] == "ballot":
            out.append(f"{g}vote.sync.ballot.b32 {dst}, {src}, {mop};")
        else:
            out += [f"{g}vote.sync.{d['mode']}.pred {preg}, {src}, {mop};", f"{g}selp.u32 {dst}, 1, 0, {preg};"]
    elif inst == "shfl":
        if d["withp"]:
            out += [f"{g}shfl.sync.{d['mode']}.b32 {dst}|{preg}, {a}, {bop}, {cop}, {mop};",
                    f"{g}selp.u32 {pdst}, 1, 0, {preg};"]
        else:
            out.append(f"{g}shfl.sync.{d['mode']}.b32 {dst}, {a}, {bop}, {cop}, {mop};")
    elif inst == "match":
        src = a64 if d["typ"] == "b64" else a
        if d["mode"] == "any":
            out.append(f"{g}match.any.sync.{d['typ']} {dst}, {src}, {mop};")
        elif d["sink"] == "d":
            out += [f"{g}match.all.sync.{d['typ']} _|{preg}, {src}, {mop};", f"{g}selp.u32 {pdst}, 1, 0, {preg};"]
        elif d["sink"] == "p":
            out.append(f"{g}match.all.sync.{d['typ']} {dst}|_, {src}, {mop};")
        elif d["withp"]:
            out += [f"{g}match.all.sync.{d['typ']} {dst}|{preg}, {src}, {mop};", f"{g}selp.u32 {pdst}, 1, 0, {preg};"]
        else:
            out.append(f"{g}match.all.sync.{d['typ']} {dst}, {src}, {mop};")
    elif inst == "redux":
        q = (".abs" if d.get("abs") else "") + (".NaN" if d.get("nan") else "")
        out.append(f"{g}redux.sync.{d['op']}{q}.{d['typ']} {dst}, {a}, {mop};")
    elif inst == "ctabar":
        out.append(f"{g}barrier.sync 0;")
    else:
        raise ValueError(inst)
    return out


def _emit_slot(K, d, s, b, has64, skip, funcs_done, nloop=0):
    """one copy; nloop > 0: the body of a loop over slots 0..nloop-1, the
    slot in %r33, each slot's arrays picked by it"""
    inst = d["inst"]
    K.e(f"mov.u32 %r30, {PRE:#x};", "mov.u32 %r31, 7;")

    def ld(field, reg):
        if not nloop:
            K.ld_in(f"S{s}{field}", reg)
            return
        K.e(f"mov.u64 %rd9, S0{field};")
        for i in range(1, nloop):
            K.e(f"setp.eq.u32 %p15, %r33, {i};", f"@%p15 mov.u64 %rd9, S{i}{field};")
        K.e("add.u64 %rd9, %rd9, %rd5;", f"ld.global.u32 {reg}, [%rd9];")
    ra, rb, rc, rt, rm = (f"%r{40 + 5 * b + i}" for i in range(5))
    r64, x64 = f"%rd{20 + b}", f"%rd{24 + b}"
    wide = d.get("typ") == "b64"
    ld("A", "%r22")
    if has64:
        ld("H", "%r23")
    ld("K", "%r27")
    g = ""
    if skip:
        ld("G", "%r28")
        K.e("setp.ne.u32 %p8, %r28, 0;")
        g = "@!%p8 "
    else:
        K.e("mov.u32 %r28, 0;")
    if d.get("mimm") is not None:
        mop = f"{d['mimm']:#010x}"
    else:
        ld("M", rm)
        mop = rm
    if inst == "bws":
        K.e(_xf_ptx(d["xf"], ra, "%r22", 32))
        if d["space"] == "shared":
            K.e(f"mov.u64 %rd30, bw{s if not nloop else 0};", "mul.wide.u32 %rd31, %r10, 4;")
            for i in range(1, nloop):
                K.e(f"setp.eq.u32 %p15, %r33, {i};", f"@%p15 mov.u64 %rd30, bw{i};")
            sp = "shared"
        else:
            if nloop:
                K.e(f"mul.wide.u32 %rd34, %r33, {4 * K.L.total};", "add.u64 %rd30, %rd2, %rd34;",
                    "mul.wide.u32 %rd31, %r12, 4;")
            else:
                K.e(f"add.u64 %rd30, %rd2, {s * 4 * K.L.total};", "mul.wide.u32 %rd31, %r12, 4;")
            sp = "global"
        K.e("add.u64 %rd32, %rd30, %rd31;")
        if "w" in d["role"]:
            K.e(f"{g}st.{sp}.u32 [%rd32], {ra};")
        K.e(f"{g}bar.warp.sync {mop};")
        if "r" in d["role"]:
            ld("B", rb)
            ld("R", "%r29")
            K.e("setp.ne.u32 %p7, %r29, 0;", f"mul.wide.u32 %rd31, {rb}, 4;", "add.u64 %rd33, %rd30, %rd31;",
                f"@%p7 ld.{sp}.u32 %r30, [%rd33];")
    elif d["fn"] == "inline":
        if wide:
            K.e(f"mov.b64 {r64}, {{%r22, %r23}};", _xf_ptx(d["xf"], x64, r64, 64))
        else:
            K.e(_xf_ptx(d["xf"], ra, "%r22", 32))
        bop = cop = None
        if inst == "shfl":
            if d["bimm"] is not None:
                bop = str(d["bimm"]) if d["bimm"] < 0x80000000 else f"{d['bimm']:#x}"
            else:
                ld("B", rb)
                bop = rb
            if d["cimm"] is not None:
                cop = f"{d['cimm']:#x}"
            else:
                ld("C", rc)
                cop = rc
        K.e(*_coll_lines(d, ra, x64, bop, cop, mop, g, f"%p{10 + b}", rt))
    else:
        # a call: own function (transform inside) or one shared by the branches (transform here)
        fname = d["fname"]
        if d["fn"] == "shared":
            if wide:
                K.e(f"mov.b64 {r64}, {{%r22, %r23}};", _xf_ptx(d["xf"], x64, r64, 64),
                    f"mov.b64 {{{ra}, {rt}}}, {x64};")
            else:
                K.e(_xf_ptx(d["xf"], ra, "%r22", 32), f"mov.u32 {rt}, 0;")
            pa, ph = ra, rt
        else:
            pa, ph = "%r22", ("%r23" if has64 else "%r22")
        if inst == "shfl":
            ld("B", rb)
            ld("C", rc)
        else:
            K.e(f"mov.u32 {rb}, 0;", f"mov.u32 {rc}, 0;")
        K.e("{", ".param .b32 pa;", ".param .b32 ph;", ".param .b32 pb;", ".param .b32 pc;", ".param .b32 pm;",
            ".param .b32 pg;", ".param .b64 pr;",
            f"st.param.b32 [pa], {pa};", f"st.param.b32 [ph], {ph};", f"st.param.b32 [pb], {rb};",
            f"st.param.b32 [pc], {rc};", f"st.param.b32 [pm], {mop};", "st.param.b32 [pg], %r28;",
            f"call (pr), {fname}, (pa, ph, pb, pc, pm, pg);", "ld.param.b64 %rd40, [pr];", "}",
            "mov.b64 {%r30, %r31}, %rd40;")
        if fname not in funcs_done:
            funcs_done.add(fname)
            body = ["ld.param.b32 %t1, [fa];", "ld.param.b32 %t2, [fh];", "ld.param.b32 %t3, [fb];",
                    "ld.param.b32 %t4, [fc];", "ld.param.b32 %t5, [fm];", "ld.param.b32 %t6, [fg];",
                    "setp.ne.u32 %q1, %t6, 0;", f"mov.u32 %t10, {PRE:#x};", "mov.u32 %t11, 7;",
                    "mov.b64 %u1, {%t1, %t2};"]
            xf = d["xf"] if d["fn"] == "own" else ("id",)
            if wide:
                body += ["mov.b32 %t7, %t1;", _xf_ptx(xf, "%u2", "%u1", 64)]
            else:
                body += [_xf_ptx(xf, "%t7", "%t1", 32), "mov.b64 %u2, %u1;"]
            body += _coll_lines(d, "%t7", "%u2", "%t3", "%t4", "%t5", "@!%q1 ", "%q2", "%t8",
                                dst="%t10", pdst="%t11", preg="%q3")
            body += ["mov.b64 %u3, {%t10, %t11};", "st.param.b64 [fr], %u3;", "ret;"]
            K.funcs.append(
                f".func (.param .b64 fr) {fname}(.param .b32 fa, .param .b32 fh, .param .b32 fb, "
                ".param .b32 fc, .param .b32 fm, .param .b32 fg)\n{\n"
                "  .reg .b32 %t<16>;\n  .reg .b64 %u<8>;\n  .reg .pred %q<8>;\n"
                + "".join("  " + x + "\n" for x in body) + "}\n")
    K.e("and.b32 %r30, %r30, %r27;")
    if nloop:
        K.e("mul.wide.u32 %rd36, %r33, 8;", "add.u64 %rd37, %rd4, %rd36;",
            "st.global.u32 [%rd37], %r30;", "st.global.u32 [%rd37+4], %r31;")
    else:
        K.st_rec(2 * s, "%r30")
        K.st_rec(2 * s + 1, "%r31")


def k_meet(rng, name):
    """1. three or four branches, each with its own copy of one collective"""
    return build_meet(rng, name, nb=(3, 4), nslots=(1, 1), pexit=rng.choice([0, 0, 0.1]),
                      pskip=rng.choice([0, 0, 0, 0.1]))


def k_meetx(rng, name):
    """2. members that exit (at the start, or in their branch before a copy)
    and membermasks naming them, or naming live lanes of another group that
    exit later (the collective waits for them to exit)"""
    return build_meet(rng, name, nb=(2, 3, 4), nslots=(1, 3), pexit=rng.choice([0.1, 0.3, 0.6]),
                      exit_start=rng.choice([0.0, 0.3, 0.7]), late=rng.choice([0, 0.3]))


def k_meetseq(rng, name):
    """3. several collectives in sequence in each branch, paired in order;
    code order against lane order; branches with fewer copies (the extra
    copies complete once the others have exited)"""
    return build_meet(rng, name, nb=(2, 3, 4), nslots=(2, 4), order=rng.choice(["rev", "rand", "fwd"]),
                      tail=rng.random() < 0.4, pexit=rng.choice([0, 0, 0.1]), pbws=0.15, reorder=0.3)


def k_meetbw(rng, name):
    """4. bar.warp.sync across branches, writers storing before it and
    readers loading after it, in either code order; membermasks name no
    exited lane (9.7.13.2 "all threads corresponding to membermask")"""
    return build_meet(rng, name, nb=(2, 3, 4), nslots=(1, 3), pbws=0.7, order=rng.choice(["rev", "fwd", "rand"]),
                      pexit=rng.choice([0, 0.1, 0.3]), exit_start=0.5, tail=rng.random() < 0.3)


def k_meetbwx(rng, name):
    """4'. as meetbw, with exited lanes named in bar.warp.sync's membermask:
    ASSUMES (ptxfp's reading, CUDA's __syncwarp) that exited threads are
    not waited for"""
    return build_meet(rng, name, nb=(2, 3, 4), nslots=(1, 3), pbws=0.8, order=rng.choice(["rev", "fwd", "rand"]),
                      pexit=rng.choice([0.2, 0.4]), exit_start=0.5, tail=rng.random() < 0.4, strict_bws=False)


def k_meetfn(rng, name):
    """5. copies inside .func functions: a function of each branch's own,
    or one function called from several call sites, or inline"""
    return build_meet(rng, name, nb=(2, 3, 4), nslots=(1, 3), pfn=1.0, pexit=rng.choice([0, 0.15]),
                      pskip=rng.choice([0, 0, 0.1]))


def k_meetloop(rng, name):
    """3'. one branch runs its copy in a loop, the others run straight-line
    copies (or loops of their own): the executions pair up in order"""
    return build_meet(rng, name, nb=(2, 3, 4), nslots=(2, 4), loop=True, pbws=0.25,
                      tail=rng.random() < 0.4, pexit=rng.choice([0, 0, 0.1]), pskip=rng.choice([0, 0, 0.1]),
                      order=rng.choice(["rev", "rand"]))


DL_KINDS = ["qual", "qual", "type", "order", "ctabar", "bws", "mask", "circ", "maskx"]


def k_meetdl(rng, name, kind=None):
    """6. deadlocks: members never reach an instruction of the same kind
    with the same qualifiers and membermask.  ptxfp must stop with an error
    naming a deadlock."""
    for _ in range(20):
        k = kind or rng.choice(DL_KINDS)
        ns = (2, 3) if k == "order" else (1, 3)
        # decided with exited lanes not waited for at bar.warp.sync: more
        # waiting frees nothing, so these deadlock under the strict reading too
        try:
            return build_meet(rng, name, nb=(2, 3, 4) if k != "circ" else (3, 4), nslots=ns,
                              pexit=rng.choice([0, 0.1]), pfn=rng.choice([0, 0.3]), perturb=k,
                              max_threads=130, strict_bws=False, tries=25)
        except RuntimeError:
            continue
    raise RuntimeError(f"{name}: no deadlock kernel")


KINDS = [("shfl", k_shfl, 6), ("vote", k_vote, 4), ("match", k_match, 3), ("redux", k_redux, 4),
         ("active", k_active, 2), ("bar", k_bar, 3), ("atomu", k_atom_unique, 7),
         ("atomc", k_atom_contended, 5), ("ticket", k_ticket, 1), ("b128", k_atom_b128, 1), ("loop", k_loop, 2), ("edges", k_edges, 2), ("split", k_split, 2),
         ("meet", k_meet, 3), ("meetx", k_meetx, 3), ("meetseq", k_meetseq, 3), ("meetbw", k_meetbw, 2),
         ("meetbwx", k_meetbwx, 1), ("meetfn", k_meetfn, 2), ("meetdl", k_meetdl, 2),
         ("meetloop", k_meetloop, 2)]


SAMPLE = ([("shfl", dict(mode=m)) for m in ("up", "down", "bfly", "idx", "idx", "bfly")]
          + [("vote", dict(mode=m)) for m in ("all", "any", "uni", "ballot")]
          + [("match", dict(mode="any", typ="b32")), ("match", dict(mode="all", typ="b64")),
             ("match", dict(mode="any", typ="b64"))]
          + [("redux", dict(spec=s)) for s in (("add", "u32"), ("min", "s32"), ("max", "u32"), ("xor", "b32"),
                                              ("min", "f32", True, True), ("max", "f32", False, False),
                                              ("max", "f32", False, True), ("min", "f32", True, False))]
          + [("active", {}), ("active", {})]
          + [("bar", dict(exits=False, groups=False)), ("bar", dict(exits=True)), ("bar", dict(exits=False, groups=True))]
          + [("atomu", {})] * 7 + [("atomc", {})] * 6
          + [("ticket", dict(space="global")), ("ticket", dict(space="shared"))]
          + [("b128", dict(op="cas")), ("b128", dict(op="exch"))]
          + [("loop", {})] * 2
          + [("edges", dict(what=w, space=sp)) for w, sp in (("inc", "global"), ("dec", "shared"), ("f32", "global"),
                                                               ("f32", "shared"), ("f16", "generic_global"),
                                                               ("bf16x2", "shared"), ("f64", "global"))]
          # Members at several statements (appended 2026-11-29; the
          # deadlock kind is checked by `--run`, not in the sample).
          + [("split", {})] * 2 + [("meet", {})] * 2
          + [("meetx", {}), ("meetseq", {}), ("meetloop", {}), ("meetbw", {}), ("meetbwx", {}), ("meetfn", {})])


def make_sample(seed):
    """the committed sample: a fixed number of kernels of each kind"""
    rng = random.Random(seed)
    _TV_RNG.seed(seed * 7919 + 1)
    fn = {n: f for n, f, _ in KINDS}
    res = []
    count = {}
    for n, kw in SAMPLE:
        i = count.get(n, 0)
        count[n] = i + 1
        res.append(fn[n](rng, f"{n}_{i:02d}", **kw))
    return res


def make_kernels(seed, count, kinds=None):
    rng = random.Random(seed)
    _TV_RNG.seed(seed * 7919 + 1)
    pool = [(n, f, wt) for n, f, wt in KINDS if (not kinds or n in kinds)]
    res = []
    # round-robin over the kinds first so every kind appears, then weighted
    i = 0
    while len(res) < count:
        if i < len(pool):
            n, f, _ = pool[i]
        else:
            n, f, _ = rng.choices(pool, weights=[p[2] for p in pool])[0]
        name = f"{n}_{len(res):03d}"
        res.append(f(rng, name))
        i += 1
    return res


# ------------------------------------------------------------------ running
def final_memory(K, printed):
    mem = {}
    for addr, data in K.mem:
        for i, b in enumerate(data):
            mem[addr + i] = b
    for region in printed:
        a = int(region["address"], 16)
        data = bytes.fromhex(region["bytes"])
        for i, b in enumerate(data):
            mem[a + i] = b
    return mem


def run_kernel(ptxfp, K, path, timeout=None):
    with open(path, "w") as f:
        f.write(K.text())
    cmd = ["nice", "-n", "10", ptxfp, "run", path, "--json"] + K.launch_args()
    try:
        p = subprocess.run(cmd, capture_output=True, text=True, timeout=timeout)
    except subprocess.TimeoutExpired:
        return None, f"timeout after {timeout} s (a hang?)"
    if getattr(K, "deadlock", False):
        # an expected deadlock: a non-zero exit and an error naming it
        try:
            msgs = "; ".join(e.get("message", "") for e in json.loads(p.stdout).get("errors", []))
        except Exception:
            msgs = p.stderr
        if p.returncode != 0 and "deadlock" in msgs:
            return {}, None
        return None, f"expected a deadlock error: rc={p.returncode} errors={msgs[:500]!r}"
    try:
        js = json.loads(p.stdout)
    except Exception:
        return None, f"rc={p.returncode} stderr={p.stderr.strip()[:400]}"
    if "errors" in js and js.get("errors"):
        return None, "errors: " + "; ".join(e.get("message", "") for e in js["errors"])[:600]
    return final_memory(K, js.get("memory", [])), None


def compare(K, mem):
    bad = []
    for addr, want in K.expected_ranges():
        for i, b in enumerate(want):
            got = mem.get(addr + i)
            if got != b:
                bad.append((addr + i, got, b))
    return bad


def word_diffs(K, mem, limit=8):
    out = []
    for addr, want in K.expected_ranges():
        n = len(want) // 4
        for k in range(n):
            wv = int.from_bytes(want[4 * k:4 * k + 4], "little")
            gb = [mem.get(addr + 4 * k + i) for i in range(4)]
            gv = None if None in gb else int.from_bytes(bytes(gb), "little")
            if gv != wv:
                if addr == OUT:
                    g, wd = divmod(k, K.rec)
                    out.append(f"  gid {g} (tid {g % K.L.nthreads}, lane {(g % K.L.nthreads) % 32}) word {wd}: "
                               f"ptxfp {('%#010x' % gv) if gv is not None else 'unwritten'} model {wv:#010x}")
                else:
                    out.append(f"  {addr + 4 * k:#x}: ptxfp {('%#010x' % gv) if gv is not None else 'unwritten'} model {wv:#010x}")
                if len(out) >= limit:
                    return out
    return out


def write_sample(K, d):
    path = os.path.join(d, K.name + ".ptx")
    args = " ".join(K.launch_args())
    with open(path, "w") as f:
        f.write(f"// ptxfp run {K.name}.ptx {args}\n")
        f.write("// expected memory: " + K.name + ".hex (warpmodel.py, PTX ISA 9.7.9.6, 9.7.13.1, 9.7.13.5-6, 9.7.13.9-12, 10.18-10.22)\n")
        f.write(K.text())
    with open(os.path.join(d, K.name + ".hex"), "w") as f:
        for addr, data in K.expected_ranges():
            f.write(f"{addr:#x} {data.hex()}\n")


README = """Whole-kernel vectors for the warp-level and atomic instructions.

Generated by scripts/xcheck/gen_warp.py from scripts/xcheck/warpmodel.py, an
independent model written from the PTX ISA text alone (sections 9.7.9.6
shfl.sync; 9.7.13.1 bar/barrier; 9.7.13.2 bar.warp.sync; 9.7.13.5 atom;
9.7.13.6 red; 9.7.13.9 vote.sync; 9.7.13.10 match.sync; 9.7.13.11
activemask; 9.7.13.12 redux.sync; 10.18-10.22 %lanemask_*).  The split_*
and meet* kernels put the members of one collective (or bar.warp.sync) at
several statements, which meet on sm_70 and later.

NAME.ptx: its first line is `// ptxfp run NAME.ptx ARGS`, the launch.
NAME.hex: one line `0xADDR HEX` per memory range the run must end with.  The
final memory is the bytes the launch gives with --mem, overlaid by the memory
the run prints as written (--json "memory"); each range must equal HEX.
Values the ISA leaves undefined are masked out inside the kernel.
"""


def main():
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--count", type=int, default=200)
    ap.add_argument("--kinds", default="", help="comma list: " + ",".join(k[0] for k in KINDS))
    ap.add_argument("--out", default="/tmp/gen_warp")
    ap.add_argument("--run", action="store_true", help="run each kernel with ptxfp and compare")
    ap.add_argument("--sample", action="store_true", help="write the committed sample (SAMPLE_QUOTA kernels) into --out")
    ap.add_argument("--ptxfp", default=os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "..", "target", "release", "ptxfp"))
    ap.add_argument("--timeout", type=float, default=120, help="seconds a run may take (a hang fails)")
    ap.add_argument("--meet-one-mask", action="store_true",
                    help="meet* kinds: one membermask per statement (groups of whole branches)")
    ap.add_argument("--avoid-known", action="store_true",
                    help="leave out the cases of the known disagreement (match.all with exited lanes in membermask)")
    a = ap.parse_args()
    global AVOID_KNOWN, MAX_THREADS, MEET_ONE_MASK_PER_STMT
    AVOID_KNOWN = a.avoid_known
    MEET_ONE_MASK_PER_STMT = a.meet_one_mask
    if a.sample:
        MAX_THREADS = 128  # keep the committed kernels small
    kinds = [k for k in a.kinds.split(",") if k]
    os.makedirs(a.out, exist_ok=True)
    if a.sample:
        ks = make_sample(a.seed)
        for K in ks:
            write_sample(K, a.out)
        with open(os.path.join(a.out, "README"), "w") as f:
            f.write(README)
        print(f"wrote {len(ks)} kernels to {a.out}")
        return 0
    ks = make_kernels(a.seed, a.count, kinds)
    nthreads = sum(K.L.total for K in ks)
    if not a.run:
        for K in ks:
            with open(os.path.join(a.out, K.name + ".ptx"), "w") as f:
                f.write(K.text())
        print(f"wrote {len(ks)} kernels ({nthreads} threads) to {a.out}")
        return 0
    nbad = 0
    faildir = os.path.join(a.out, "fail")
    ndl = sum(1 for K in ks if getattr(K, "deadlock", False))
    for K in ks:
        path = os.path.join(a.out, K.name + ".ptx")
        mem, err = run_kernel(a.ptxfp, K, path, timeout=a.timeout)
        if err:
            nbad += 1
            print(f"ERROR {K.name}: {K.note}\n  {err}")
            os.makedirs(faildir, exist_ok=True)
            write_sample(K, faildir)
            continue
        if getattr(K, "deadlock", False):
            continue
        bad = compare(K, mem)
        if bad:
            os.makedirs(faildir, exist_ok=True)
            write_sample(K, faildir)
            nbad += 1
            print(f"MISMATCH {K.name}: {K.note}  ({len(bad)} bytes)\n" + "\n".join(word_diffs(K, mem)))
    print(f"{len(ks)} kernels, {nthreads} threads, {nbad} failing")
    if ndl:
        print(f"  ({ndl} of them expected to deadlock: a non-zero exit and an error naming \"deadlock\")")
    return 1 if nbad else 0


if __name__ == "__main__":
    sys.exit(main())
