#!/usr/bin/env python3
"""gen_warp: whole-kernel vectors for the warp-level and atomic instructions.

Writes PTX kernels (shfl.sync, vote.sync, match.sync, redux.sync,
activemask, %laneid/%lanemask_*, bar.red/barrier.red/bar.sync, atom and
red on .global/.shared/generic addresses) together with the bytes each must
leave in memory, computed by warpmodel.py from the PTX ISA text alone, and
optionally runs them with `ptxfp run` and compares byte for byte.

    python3 scripts/xcheck/gen_warp.py --seed 1 --count 800 --run [--avoid-known]
    python3 scripts/xcheck/gen_warp.py --seed 1 --sample --avoid-known --out DIR

--avoid-known leaves out the cases where ptxfp is known to disagree with the
ISA (collectives split over two branches, which ptxfp computes per branch
and warns about; match.all with exited lanes in membermask was fixed on
2026-11-29), so that the rest is checked.

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


KINDS = [("shfl", k_shfl, 6), ("vote", k_vote, 4), ("match", k_match, 3), ("redux", k_redux, 4),
         ("active", k_active, 2), ("bar", k_bar, 3), ("atomu", k_atom_unique, 7),
         ("atomc", k_atom_contended, 5), ("ticket", k_ticket, 1), ("b128", k_atom_b128, 1), ("loop", k_loop, 2), ("edges", k_edges, 2), ("split", k_split, 2)]


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
                                                               ("bf16x2", "shared"), ("f64", "global"))])


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
    pool = [(n, f, wt) for n, f, wt in KINDS if (not kinds or n in kinds)
            and not (AVOID_KNOWN and n == "split" and not kinds)]
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


def run_kernel(ptxfp, K, path):
    with open(path, "w") as f:
        f.write(K.text())
    cmd = ["nice", "-n", "10", ptxfp, "run", path, "--json"] + K.launch_args()
    p = subprocess.run(cmd, capture_output=True, text=True)
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
shfl.sync; 9.7.13.1 bar/barrier; 9.7.13.5 atom; 9.7.13.6 red; 9.7.13.9
vote.sync; 9.7.13.10 match.sync; 9.7.13.11 activemask; 9.7.13.12 redux.sync;
10.18-10.22 %lanemask_*).

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
    ap.add_argument("--avoid-known", action="store_true",
                    help="leave out the cases of the known disagreement (match.all with exited lanes in membermask)")
    a = ap.parse_args()
    global AVOID_KNOWN, MAX_THREADS
    AVOID_KNOWN = a.avoid_known
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
    for K in ks:
        path = os.path.join(a.out, K.name + ".ptx")
        mem, err = run_kernel(a.ptxfp, K, path)
        if err:
            nbad += 1
            print(f"ERROR {K.name}: {K.note}\n  {err}")
            continue
        bad = compare(K, mem)
        if bad:
            nbad += 1
            print(f"MISMATCH {K.name}: {K.note}  ({len(bad)} bytes)\n" + "\n".join(word_diffs(K, mem)))
    print(f"{len(ks)} kernels, {nthreads} threads, {nbad} failing")
    return 1 if nbad else 0


if __name__ == "__main__":
    sys.exit(main())
