#!/usr/bin/env python3
"""Random, well-defined LLVM 14 IR programs for differential testing of
`ptxfp run` against LLVM (llc's NVPTX backend for the kernel, lli on the
host for the expected bytes).

Every program has one internal function

    define internal void @body(i32 %tid, i8* %in, i8* %out)

that reads inputs from the shared input buffer and writes NOUT 8-byte
output slots at out + (tid * NOUT + j) * 8.  The same text of @body (and
of its helper functions and tables) goes into two modules:

  * the kernel module (nvptx64-nvidia-cuda): an `.entry` that computes
    tid = ctaid.x * ntid.x + tid.x and calls @body;
  * the host module (x86-64, for lli): @main fills nothing (the input is
    an initialized global), calls @body for every tid, and prints the
    output buffer as hex.

The IR is free of undefined behaviour and poison: divisors are guarded
against zero and INT_MIN / -1, shift amounts are masked, float to int
conversions are the saturating intrinsics, memory is written before it
is read, no nsw/nuw/exact flags.  Where the value of a float may be a NaN
computed by an operation (LLVM does not define its payload or sign), it
is never bitcast to an integer nor used as copysign's sign; such outputs
are marked `f32`/`f64` in the layout, and the comparison accepts any NaN
where the host's result is a NaN.

Families:
  int    integer ops, intrinsics, i128 multiplies
  float  f32/f64 arithmetic, conversions, comparisons
  ctrl   loops with phis, branches, switch, calls, recursion
  mem    allocas indexed dynamically (.local), global / addrspace(4) tables
  mix    all of the above
  vec    vector types (and f16x2), vector / byval struct parameters,
         struct returns, vector loads
  nvvm   NVVM intrinsics whose host side is emulated exactly (nvvm_ops.py)
  shared addrspace(3) shared memory and barrier0 in phases (per-CTA),
         shfl.sync / vote.sync between phases, shared and global atomics
         with order-independent results

half (f16) is used only where the host computes it exactly: lli promotes
it to float, and add/sub/mul/div/sqrt and conversions from float or
i8/i16 are then one rounding to half.

Usage: gen.py SEED [FAMILY [DIR]] (DIR: write kernel.ll, host.ll, meta.json).
"""

import json
import os
import random
import struct
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import nvvm_ops  # noqa: E402

INT_TYPES = ["i8", "i16", "i32", "i64"]
FLT_TYPES = ["float", "double"]
# half: lli promotes it to float, so add/sub/mul/div/sqrt are one rounding
# to half (float has more than 2*11+2 bits), as are conversions from float
# and from i8/i16; fma, and conversions from double or wider integers, are not
# (two roundings on the host), so they are not generated for half.
ALL_FLT = FLT_TYPES + ["half"]
SFX = {"float": "f32", "double": "f64", "half": "f16"}
ITYPE_OF = {"float": "i32", "double": "i64", "half": "i16"}
BITS = {"i1": 1, "i8": 8, "i16": 16, "i32": 32, "i64": 64, "i128": 128}
SIZE = {"i8": 1, "i16": 2, "i32": 4, "i64": 8, "float": 4, "double": 8, "half": 2}

NSLOT_IN = 128  # input buffer: 128 slots of 8 bytes
NOUT = 8  # output slots per thread

FAMILIES = ["int", "float", "ctrl", "mem", "mix", "shared", "vec", "nvvm"]
VEC_TYPES = [("i32", 2), ("i16", 4), ("i8", 4), ("i64", 2), ("i32", 4), ("float", 2),
             ("float", 4), ("double", 2), ("half", 2), ("half", 4), ("i16", 2), ("i8", 8)]
STRUCTS = ["{i32, i64}", "{i64, i32}", "{i16, i8, i32}", "{float, i32}", "{double, i16}",
           "{i8, i64, i16}", "{i32, i32, i32}"]


def vt_str(e, n):
    return "<%d x %s>" % (n, e)


def struct_fields(st):
    return [x.strip() for x in st.strip("{}").split(",")]


def is_int(t):
    return t in BITS


def is_flt(t):
    return t in ALL_FLT


def int_min(t):
    return -(1 << (BITS[t] - 1))


def fconst(ty, x):
    """An LLVM float constant of value x (exact in ty), as hex."""
    if ty == "half":
        try:
            return "0xH%04X" % struct.unpack("<H", struct.pack("<e", x))[0]
        except OverflowError:
            return "0xH7C00" if x > 0 else "0xHFC00"
    if ty == "float":
        try:
            x = struct.unpack("<f", struct.pack("<f", x))[0]
        except OverflowError:
            x = float("inf") if x > 0 else float("-inf")
    return "0x%016X" % struct.unpack("<Q", struct.pack("<d", x))[0]


INT_CONSTS = [0, 1, 2, 3, 7, 8, 15, 16, 31, 32, 63, 64, 100, 127, 128, 255, 256,
              1000, 65535, 65536, 0x7FFF, 0x8000, 0x7FFFFFFF, 0x80000000,
              0xFFFFFFFF, 0x7FFFFFFFFFFFFFFF, 0x8000000000000000,
              0xFFFFFFFFFFFFFFFF, 0x123456789ABCDEF0, 0xDEADBEEF, 12345, -1, -2,
              -3, -7, -8, -100, -128, -32768]

FLT_CONSTS = [0.0, -0.0, 1.0, -1.0, 0.5, 2.0, 3.0, 0.1, -2.5, 1e10, -1e-10, 1e30,
              1e-30, 65504.0, 3.4028234663852886e38, 1.401298464324817e-45,
              1.1754943508222875e-38, 2.0 ** 23, 2.0 ** 24 + 2, 2.0 ** 52, 0.49999997,
              1.5, 2.5, -0.5, 1e300, 5e-324, 2.2250738585072014e-308,
              float("inf"), float("-inf"), 4294967296.0, 9.2233720368547758e18]


def wrap(v, t):
    b = BITS[t]
    v &= (1 << b) - 1
    if t == "i1":
        return "true" if v else "false"
    if v >= 1 << (b - 1):
        v -= 1 << b
    return str(v)


class Val:
    __slots__ = ("name", "ty", "q")

    def __init__(self, name, ty, q="int"):
        self.name = name
        self.ty = ty
        # q for floats: "nonnan" (never NaN), "clean" (deterministic bits,
        # maybe NaN), "dirty" (maybe a computed NaN of unknown payload)
        self.q = q


class Module:
    """Shared state of one program: declarations, globals, helpers."""

    def __init__(self, rng, family, nthreads, block):
        self.rng = rng
        self.family = family
        self.nthreads = nthreads
        self.block = block
        self.decls = set()
        self.globals = []  # IR text lines
        self.funcs = []  # IR text of helper functions (in order)
        self.helpers = []  # (name, ret ty, [param tys])
        self.nglob = 0
        self.features = set()
        self.half = family in ("float", "mix", "vec") and rng.random() < 0.6
        self.nstruct = 0
        self.tops = set()  # nvvm target operations used (@t_NAME)

    def declare(self, text):
        self.decls.add(text)


class Fn:
    """Generates the body of one function."""

    def __init__(self, mod, name, is_body, depth_budget):
        self.m = mod
        self.rng = mod.rng
        self.name = name
        self.is_body = is_body
        self.lines = []
        self.allocas = []
        self.n = 0
        self.pool = {}
        self.cur = "entry"
        self.depth = 0
        self.max_depth = depth_budget
        self.in_ptr = None
        self.out_ptr = None
        self.tid = None
        self.stmt_budget = 0

    # ---- emission helpers -------------------------------------------
    def fresh(self, p="v"):
        self.n += 1
        return "%%%s%d" % (p, self.n)

    def label(self, p="b"):
        self.n += 1
        return "%s%d" % (p, self.n)

    def emit(self, s):
        self.lines.append("  " + s)

    def start_block(self, lab):
        self.lines.append(lab + ":")
        self.cur = lab

    def add(self, v):
        self.pool.setdefault(v.ty, []).append(v)
        return v

    def inst(self, ty, text, q="int", p="v"):
        n = self.fresh(p)
        self.emit("%s = %s" % (n, text))
        return self.add(Val(n, ty, q))

    def snapshot(self):
        return {k: list(v) for k, v in self.pool.items()}

    # ---- operands ------------------------------------------------------
    def const(self, ty):
        r = self.rng
        if ty == "i1":
            return Val(r.choice(["true", "false"]), "i1")
        if is_int(ty):
            if r.random() < 0.7:
                c = r.choice(INT_CONSTS)
            else:
                c = r.getrandbits(BITS[ty])
            return Val(wrap(c, ty), ty)
        return Val(fconst(ty, r.choice(FLT_CONSTS)), ty, "nonnan")

    def pick(self, ty, cpr=0.15, need_clean=False):
        r = self.rng
        cands = self.pool.get(ty, [])
        if need_clean:
            cands = [v for v in cands if v.q in ("clean", "nonnan")]
        if cands and r.random() > cpr:
            # prefer recent values, so that computations chain
            if r.random() < 0.6:
                return cands[-1 - int(r.random() ** 2 * min(len(cands), 6))]
            return r.choice(cands)
        if r.random() < 0.5 or (self.in_ptr is None and not cands):
            if self.in_ptr is not None and r.random() < 0.7:
                return self.load_input(ty)
            return self.const(ty)
        # derive from another type
        return self.derive(ty)

    def derive(self, ty):
        r = self.rng
        if ty == "i1":
            a = self.pick("i32", 0.3)
            b = self.pick("i32", 0.5)
            return self.inst("i1", "icmp %s i32 %s, %s" % (r.choice(
                ["eq", "ne", "ult", "slt", "ugt", "sge", "ule", "sle"]), a.name, b.name))
        if is_int(ty):
            src = r.choice([t for t in INT_TYPES if t != ty] + ["i1"])
            v = self.pick(src, 0.2)
            return self.conv_int(v, ty)
        # float
        src = r.choice(INT_TYPES if ty != "half" else ["i8", "i16"])
        v = self.pick(src, 0.2)
        return self.inst(ty, "%s %s %s to %s" % (r.choice(["sitofp", "uitofp"]), src,
                                                 v.name, ty), "nonnan")

    def conv_int(self, v, ty):
        r = self.rng
        a, b = BITS[v.ty], BITS[ty]
        if a == b:
            return v
        if a > b:
            return self.inst(ty, "trunc %s %s to %s" % (v.ty, v.name, ty))
        op = "zext" if v.ty == "i1" else r.choice(["zext", "sext"])
        return self.inst(ty, "%s %s %s to %s" % (op, v.ty, v.name, ty))

    def load_input(self, ty, idx=None):
        """Load a value of ty from an input slot (8-byte aligned)."""
        r = self.rng
        if ty == "i1":
            v = self.load_input("i8")
            return self.inst("i1", "trunc i8 %s to i1" % v.name)
        if ty == "i128":
            lo = self.load_input("i64")
            hi = self.load_input("i64")
            return self.make_i128(lo, hi)
        if idx is None:
            if r.random() < 0.75 or not self.pool.get("i32"):
                t = self.fresh()
                self.emit("%s = mul i32 %s, %d" % (t, self.tid, r.choice([1, 3, 5, 7, 11, 13, 17, 37])))
                t2 = self.fresh()
                self.emit("%s = add i32 %s, %d" % (t2, t, r.randrange(NSLOT_IN)))
            else:
                t2 = r.choice(self.pool["i32"]).name
            idx = t2
        t3 = self.fresh()
        self.emit("%s = and i32 %s, %d" % (t3, idx, NSLOT_IN - 1))
        t4 = self.fresh()
        self.emit("%s = shl i32 %s, 3" % (t4, t3))
        t5 = self.fresh()
        self.emit("%s = zext i32 %s to i64" % (t5, t4))
        p = self.fresh()
        self.emit("%s = getelementptr i8, i8* %s, i64 %s" % (p, self.in_ptr, t5))
        align = SIZE[ty]
        if SIZE[ty] > 1 and r.random() < 0.1:
            # a misaligned load (align 1): llc splits it into byte loads
            k = r.randrange(1, 8)
            p2 = self.fresh()
            self.emit("%s = getelementptr i8, i8* %s, i64 %d" % (p2, p, k))
            p = p2
            align = 1
            self.m.features.add("load.align1")
        pc = self.fresh()
        self.emit("%s = bitcast i8* %s to %s*" % (pc, p, ty))
        return self.inst(ty, "load %s, %s* %s, align %d" % (ty, ty, pc, align),
                         "clean" if is_flt(ty) else "int")

    def load_vec(self, e, n):
        """A vector load from the input at a multiple of its size."""
        r = self.rng
        size = n * SIZE[e]
        vt = vt_str(e, n)
        t = self.fresh()
        self.emit("%s = mul i32 %s, %d" % (t, self.tid, r.choice([1, 3, 5, 7])))
        t2 = self.fresh()
        self.emit("%s = add i32 %s, %d" % (t2, t, r.randrange(64)))
        t3 = self.fresh()
        self.emit("%s = and i32 %s, %d" % (t3, t2, NSLOT_IN * 8 // size - 1))
        t4 = self.fresh()
        self.emit("%s = mul i32 %s, %d" % (t4, t3, size))
        t5 = self.fresh()
        self.emit("%s = zext i32 %s to i64" % (t5, t4))
        p = self.fresh()
        self.emit("%s = getelementptr i8, i8* %s, i64 %s" % (p, self.in_ptr, t5))
        pc = self.fresh()
        self.emit("%s = bitcast i8* %s to %s*" % (pc, p, vt))
        self.m.features.add("load.vec")
        return Val(self.inst(vt, "load %s, %s* %s, align %d" % (vt, vt, pc, size)).name, vt,
                   "clean" if is_flt(e) else "int")

    def make_vec(self, e, n):
        vt = vt_str(e, n)
        cur = "zeroinitializer"
        q = "nonnan"
        for k in range(n):
            x = self.pick(e)
            if is_flt(e) and x.q != "nonnan":
                q = "dirty" if x.q == "dirty" or q == "dirty" else "clean"
            v = self.fresh()
            self.emit("%s = insertelement %s %s, %s %s, i32 %d" % (v, vt, cur, e, x.name, k))
            cur = v
        return Val(cur, vt, q if is_flt(e) else "int")

    def vec_operand(self, e, n):
        vt = vt_str(e, n)
        cands = self.pool.get(vt, [])
        if cands and self.rng.random() < 0.5:
            return self.rng.choice(cands)
        if self.in_ptr and self.rng.random() < 0.4:
            return self.load_vec(e, n)
        return self.make_vec(e, n)

    def extract_all(self, v, e, n, k=None):
        r = self.rng
        idx = list(range(n))
        if k is not None:
            idx = r.sample(idx, min(k, n))
        for i in idx:
            self.inst(e, "extractelement %s %s, i32 %d" % (vt_str(e, n), v.name, i),
                      ("dirty" if v.q == "dirty" else "clean") if is_flt(e) else "int")

    def stmt_nvvm(self):
        r = self.rng
        name = r.choice(sorted(nvvm_ops.OPS))
        rt, ps = nvvm_ops.OPS[name]
        args = ", ".join("%s %s" % (t, self.pick(t).name) for t in ps)
        self.m.tops.add(name)
        self.m.features.add("nvvm." + name)
        return self.inst(rt, "call %s @t_%s(%s)" % (rt, name, args), "dirty" if is_flt(rt) else "int")

    def stmt_vec(self):
        r = self.rng
        m = self.m
        choices = [x for x in VEC_TYPES if x[0] != "half" or m.half]
        e, n = r.choice(choices)
        vt = vt_str(e, n)
        m.features.add("vec." + vt)
        cur = self.vec_operand(e, n)
        for _ in range(r.randint(1, 3)):
            b = self.vec_operand(e, n)
            k = r.random()
            if k < 0.15:
                mask = ", ".join("i32 %d" % r.randrange(2 * n) for _ in range(n))
                cur = self.inst(vt, "shufflevector %s %s, %s %s, <%d x i32> <%s>" % (
                    vt, cur.name, vt, b.name, n, mask), "dirty" if is_flt(e) else "int")
                m.features.add("shufflevector")
            elif k < 0.3:
                if is_int(e):
                    c = self.inst(vt_str("i1", n), "icmp %s %s %s, %s" % (r.choice(
                        ["eq", "ne", "ult", "sgt", "sle"]), vt, cur.name, b.name))
                else:
                    c = self.inst(vt_str("i1", n), "fcmp %s %s %s, %s" % (r.choice(
                        ["olt", "ugt", "oeq", "une", "ord"]), vt, cur.name, b.name))
                cur = self.inst(vt, "select %s %s, %s %s, %s %s" % (
                    vt_str("i1", n), c.name, vt, cur.name, vt, b.name), "dirty" if is_flt(e) else "int")
                m.features.add("vec.select")
            elif is_int(e):
                op = r.choice(["add", "sub", "mul", "and", "or", "xor", "shl", "lshr", "ashr", "udiv", "srem"])
                if op in ("shl", "lshr", "ashr"):
                    b = Val("<%s>" % ", ".join("%s %d" % (e, r.randrange(BITS[e])) for _ in range(n)), vt)
                elif op in ("udiv", "srem"):
                    b = Val("<%s>" % ", ".join("%s %d" % (e, r.choice([1, 3, 7, 10, 127])) for _ in range(n)), vt)
                cur = self.inst(vt, "%s %s %s, %s" % (op, vt, cur.name, b.name))
            else:
                op = r.choice(["fadd", "fsub", "fmul", "fdiv", "fneg"])
                if op == "fneg":
                    cur = self.inst(vt, "fneg %s %s" % (vt, cur.name), "dirty")
                else:
                    cur = self.inst(vt, "%s %s %s, %s" % (op, vt, cur.name, b.name), "dirty")
                m.features.add("vec." + op + "." + e)
        self.add(Val(cur.name, vt, cur.q))
        self.extract_all(cur, e, n, r.randint(1, n))

    def make_i128(self, lo, hi):
        a = self.inst("i128", "zext i64 %s to i128" % lo.name)
        b = self.inst("i128", "zext i64 %s to i128" % hi.name)
        c = self.inst("i128", "shl i128 %s, 64" % b.name)
        return self.inst("i128", "or i128 %s, %s" % (a.name, c.name))

    # ---- integer statements -------------------------------------------
    def int_type(self):
        return self.rng.choice(["i8", "i16", "i32", "i32", "i64", "i64"])

    def nonzero(self, b):
        t = b.ty
        z = self.inst("i1", "icmp eq %s %s, 0" % (t, b.name))
        return self.inst(t, "select i1 %s, %s %s, %s %s" % (z.name, t,
                         self.rng.choice(["1", "3", "-1", "7"]) if t != "i1" else "1", t, b.name))

    def sdiv_guard(self, a, b):
        t = b.ty
        z = self.inst("i1", "icmp eq %s %s, 0" % (t, b.name))
        m1 = self.inst("i1", "icmp eq %s %s, -1" % (t, b.name))
        mn = self.inst("i1", "icmp eq %s %s, %d" % (t, a.name, int_min(t)))
        ov = self.inst("i1", "and i1 %s, %s" % (m1.name, mn.name))
        bad = self.inst("i1", "or i1 %s, %s" % (z.name, ov.name))
        return self.inst(t, "select i1 %s, %s %s, %s %s" % (bad.name, t,
                         self.rng.choice(["1", "5", "-3"]), t, b.name))

    def shamt(self, b):
        t = b.ty
        if self.rng.random() < 0.3:
            return Val(str(self.rng.randrange(BITS[t])), t)
        return self.inst(t, "and %s %s, %d" % (t, b.name, BITS[t] - 1))

    def int_binop(self, ty):
        r = self.rng
        op = r.choice(["add", "sub", "mul", "and", "or", "xor", "add", "mul",
                       "udiv", "sdiv", "urem", "srem", "shl", "lshr", "ashr"])
        a = self.pick(ty)
        b = self.pick(ty)
        if op in ("udiv", "urem"):
            b = self.nonzero(b)
        elif op in ("sdiv", "srem"):
            b = self.sdiv_guard(a, b)
        elif op in ("shl", "lshr", "ashr"):
            b = self.shamt(b)
        return self.inst(ty, "%s %s %s, %s" % (op, ty, a.name, b.name))

    def int_intrinsic(self, ty):
        r = self.rng
        n = ty[1:]
        k = r.choice(["ctpop", "ctlz", "cttz", "bswap", "bitreverse", "fshl", "fshr",
                      "abs", "smin", "smax", "umin", "umax", "sadd.sat", "ssub.sat",
                      "uadd.sat", "usub.sat", "sshl.sat", "ushl.sat", "ovf"])
        if k == "bswap" and ty == "i8":
            k = "bitreverse"
        self.m.features.add("intr." + k)
        a = self.pick(ty)
        if k in ("ctpop", "bswap", "bitreverse"):
            self.m.declare("declare %s @llvm.%s.%s(%s)" % (ty, k, ty, ty))
            return self.inst(ty, "call %s @llvm.%s.%s(%s %s)" % (ty, k, ty, ty, a.name))
        if k in ("ctlz", "cttz", "abs"):
            self.m.declare("declare %s @llvm.%s.%s(%s, i1)" % (ty, k, ty, ty))
            return self.inst(ty, "call %s @llvm.%s.%s(%s %s, i1 false)" % (ty, k, ty, ty, a.name))
        if k in ("fshl", "fshr"):
            b = self.pick(ty)
            # the amount is modulo the width in IR; LLVM 14's NVPTX rotate
            # (fshl/fshr with a == b) shifts by the unmasked amount (an llc
            # bug, see README), so mask it here: same IR semantics
            # llc 14 lowers a 64-bit rotate (sm_35..sm_86) and a 32-bit one
            # (sm_30, no shf) to shl/shr by the unmasked amount and drops an
            # `and` mask; only constant amounts are safe there
            if ty == "i64":
                c = Val(str(r.randrange(1, 64)), ty)
            else:
                c = self.shamt(self.pick(ty, 0.3))
            self.m.declare("declare %s @llvm.%s.%s(%s, %s, %s)" % (ty, k, ty, ty, ty, ty))
            return self.inst(ty, "call %s @llvm.%s.%s(%s %s, %s %s, %s %s)" % (
                ty, k, ty, ty, a.name, ty, b.name, ty, c.name))
        if k in ("sshl.sat", "ushl.sat"):
            b = self.shamt(self.pick(ty))
            self.m.declare("declare %s @llvm.%s.%s(%s, %s)" % (ty, k, ty, ty, ty))
            return self.inst(ty, "call %s @llvm.%s.%s(%s %s, %s %s)" % (ty, k, ty, ty, a.name, ty, b.name))
        if k == "ovf":
            kk = r.choice(["umul", "smul", "uadd", "sadd", "usub", "ssub"])
            if kk == "smul" and ty == "i64":
                kk = "umul"
            self.m.features.add("intr.%s.with.overflow" % kk)
            b = self.pick(ty)
            self.m.declare("declare {%s, i1} @llvm.%s.with.overflow.%s(%s, %s)" % (ty, kk, ty, ty, ty))
            s = self.fresh()
            self.emit("%s = call {%s, i1} @llvm.%s.with.overflow.%s(%s %s, %s %s)" % (
                s, ty, kk, ty, ty, a.name, ty, b.name))
            self.inst("i1", "extractvalue {%s, i1} %s, 1" % (ty, s))
            return self.inst(ty, "extractvalue {%s, i1} %s, 0" % (ty, s))
        b = self.pick(ty)
        self.m.declare("declare %s @llvm.%s.%s(%s, %s)" % (ty, k, ty, ty, ty))
        return self.inst(ty, "call %s @llvm.%s.%s(%s %s, %s %s)" % (ty, k, ty, ty, a.name, ty, b.name))

    def int_select(self, ty):
        r = self.rng
        if r.random() < 0.7:
            ct = r.choice(INT_TYPES)
            a = self.pick(ct)
            b = self.pick(ct)
            c = self.inst("i1", "icmp %s %s %s, %s" % (r.choice(
                ["eq", "ne", "ugt", "uge", "ult", "ule", "sgt", "sge", "slt", "sle"]),
                ct, a.name, b.name))
        else:
            c = self.pick("i1")
        x = self.pick(ty)
        y = self.pick(ty)
        return self.inst(ty, "select i1 %s, %s %s, %s %s" % (c.name, ty, x.name, ty, y.name))

    def i128_stmt(self):
        r = self.rng
        self.m.features.add("i128")
        k = r.random()
        if k < 0.5:
            a = self.conv_int(self.pick("i64"), "i128") if r.random() < 0.7 else self.pick("i128")
            b = self.conv_int(self.pick("i64"), "i128") if r.random() < 0.7 else self.pick("i128")
            p = self.inst("i128", "mul i128 %s, %s" % (a.name, b.name))
        elif k < 0.8:
            a = self.pick("i128")
            b = self.pick("i128")
            op = r.choice(["add", "sub", "xor", "and", "or", "mul"])
            p = self.inst("i128", "%s i128 %s, %s" % (op, a.name, b.name))
        else:
            a = self.pick("i128")
            b = self.shamt(self.pick("i128", 0.5)) if r.random() < 0.5 else Val(str(r.choice([1, 32, 63, 64, 65, 100, 127])), "i128")
            p = self.inst("i128", "%s i128 %s, %s" % (r.choice(["shl", "lshr", "ashr"]), a.name, b.name))
        if r.random() < 0.5:
            h = self.inst("i128", "lshr i128 %s, 64" % p.name)
            return self.inst("i64", "trunc i128 %s to i64" % h.name)
        return self.inst("i64", "trunc i128 %s to i64" % p.name)

    def int_stmt(self, ty=None):
        ty = ty or self.int_type()
        v = self.int_stmt1(ty)
        return self.conv_int(v, ty) if v.ty != ty else v

    def int_stmt1(self, ty):
        r = self.rng
        k = r.random()
        if k < 0.45:
            return self.int_binop(ty)
        if k < 0.65:
            return self.int_intrinsic(ty)
        if k < 0.8:
            return self.int_select(ty)
        if k < 0.9:
            return self.conv_int(self.pick(r.choice(INT_TYPES + ["i1"])), ty)
        return self.i128_stmt()

    # ---- float statements ---------------------------------------------
    def flt_types(self):
        return ALL_FLT if self.m.half else FLT_TYPES

    def flt_stmt(self, ty=None):
        r = self.rng
        ty = ty or r.choice(self.flt_types())
        k = r.random()
        m = self.m
        if ty == "half" and 0.45 <= k < 0.52:
            k = 0.2  # no fma in half (two roundings on the host)
        if k < 0.3:
            op = r.choice(["fadd", "fsub", "fmul", "fdiv"])
            m.features.add(op + "." + ty)
            a = self.pick(ty)
            b = self.pick(ty)
            return self.inst(ty, "%s %s %s, %s" % (op, ty, a.name, b.name), "dirty")
        if k < 0.45:
            f = r.choice(["sqrt", "fabs", "floor", "ceil", "trunc", "rint", "nearbyint",
                          "round", "fneg", "sqrt", "fabs"])
            m.features.add(f + "." + ty)
            a = self.pick(ty)
            q = "nonnan" if a.q == "nonnan" and f not in ("sqrt",) else "dirty"
            if f == "fneg":
                return self.inst(ty, "fneg %s %s" % (ty, a.name), q)
            sfx = SFX[ty]
            m.declare("declare %s @llvm.%s.%s(%s)" % (ty, f, sfx, ty))
            return self.inst(ty, "call %s @llvm.%s.%s(%s %s)" % (ty, f, sfx, ty, a.name), q)
        if k < 0.52:
            m.features.add("fma." + ty)
            sfx = SFX[ty]
            m.declare("declare %s @llvm.fma.%s(%s, %s, %s)" % (ty, sfx, ty, ty, ty))
            a, b, c = self.pick(ty), self.pick(ty), self.pick(ty)
            return self.inst(ty, "call %s @llvm.fma.%s(%s %s, %s %s, %s %s)" % (
                ty, sfx, ty, a.name, ty, b.name, ty, c.name), "dirty")
        if k < 0.57:
            m.features.add("copysign." + ty)
            sfx = SFX[ty]
            m.declare("declare %s @llvm.copysign.%s(%s, %s)" % (ty, sfx, ty, ty))
            a = self.pick(ty)
            b = self.pick(ty, need_clean=True)
            if b.q not in ("clean", "nonnan"):
                b = self.load_input(ty) if self.in_ptr else self.const(ty)
            q = "nonnan" if a.q == "nonnan" else "dirty"
            return self.inst(ty, "call %s @llvm.copysign.%s(%s %s, %s %s)" % (
                ty, sfx, ty, a.name, ty, b.name), q)
        if k < 0.64:
            f = r.choice(["minnum", "maxnum"])
            m.features.add(f + "." + ty)
            sfx = SFX[ty]
            m.declare("declare %s @llvm.%s.%s(%s, %s)" % (ty, f, sfx, ty, ty))
            a, b = self.pick(ty), self.pick(ty)
            mm = self.fresh()
            self.emit("%s = call %s @llvm.%s.%s(%s %s, %s %s)" % (mm, ty, f, sfx, ty, a.name, ty, b.name))
            # LLVM leaves min(+0,-0) either operand: make zeros +0
            return self.inst(ty, "fadd %s %s, 0.0" % (ty, mm), "dirty")
        if k < 0.74:
            # fcmp + select
            ct = r.choice(self.flt_types())
            pred = r.choice(["false", "oeq", "ogt", "oge", "olt", "ole", "one", "ord",
                             "ueq", "ugt", "uge", "ult", "ule", "une", "uno", "true"])
            m.features.add("fcmp." + pred)
            a, b = self.pick(ct), self.pick(ct)
            c = self.inst("i1", "fcmp %s %s %s, %s" % (pred, ct, a.name, b.name))
            x, y = self.pick(ty), self.pick(ty)
            q = "nonnan" if x.q == y.q == "nonnan" else ("clean" if x.q != "dirty" and y.q != "dirty" else "dirty")
            return self.inst(ty, "select i1 %s, %s %s, %s %s" % (c.name, ty, x.name, ty, y.name), q)
        if k < 0.84:
            src = r.choice(INT_TYPES if ty != "half" else ["i8", "i16"])
            op = r.choice(["sitofp", "uitofp"])
            m.features.add("%s.%s.%s" % (op, src, ty))
            a = self.pick(src)
            return self.inst(ty, "%s %s %s to %s" % (op, src, a.name, ty), "nonnan")
        if k < 0.9:
            if ty == "half":
                other = "float"
            elif ty == "float":
                other = r.choice(["double", "half"] if m.half else ["double"])
            else:
                other = r.choice(["float", "half"] if m.half else ["float"])
            a = self.pick(other)
            op = "fpext" if SIZE[ty] > SIZE[other] else "fptrunc"
            m.features.add(op)
            q = "nonnan" if a.q == "nonnan" else "dirty"
            return self.inst(ty, "%s %s %s to %s" % (op, other, a.name, ty), q)
        # bitcast from an integer
        it = ITYPE_OF[ty]
        a = self.pick(it)
        m.features.add("bitcast." + ty)
        return self.inst(ty, "bitcast %s %s to %s" % (it, a.name, ty), "clean")

    def flt_to_int(self, ty=None):
        """An integer from floats: fptosi.sat / fptoui.sat, fcmp, bitcast of a clean value."""
        r = self.rng
        ty = ty or self.int_type()
        ft = r.choice(self.flt_types())
        k = r.random()
        m = self.m
        if k < 0.6:
            op = r.choice(["fptosi", "fptoui"])
            m.features.add("%s.sat.%s.%s" % (op, ty, ft))
            sfx = SFX[ft]
            m.declare("declare %s @llvm.%s.sat.%s.%s(%s)" % (ty, op, ty, sfx, ft))
            a = self.pick(ft)
            return self.inst(ty, "call %s @llvm.%s.sat.%s.%s(%s %s)" % (ty, op, ty, sfx, ft, a.name))
        if k < 0.8:
            it = ITYPE_OF[ft]
            cands = [v for v in self.pool.get(ft, []) if v.q in ("clean", "nonnan")]
            if not cands:
                return self.flt_stmt(ft) and self.int_stmt(ty)
            a = r.choice(cands)
            m.features.add("bitcast.to.int")
            v = self.inst(it, "bitcast %s %s to %s" % (ft, a.name, it))
            return self.conv_int(v, ty)
        pred = r.choice(["oeq", "ogt", "oge", "olt", "ole", "one", "ord", "ueq", "ugt",
                         "uge", "ult", "ule", "une", "uno"])
        m.features.add("fcmp." + pred)
        a, b = self.pick(ft), self.pick(ft)
        c = self.inst("i1", "fcmp %s %s %s, %s" % (pred, ft, a.name, b.name))
        return self.conv_int(c, ty)

    # ---- control flow -------------------------------------------------
    def merge_phis(self, ends, pools, ntypes):
        """At a merge block: one phi per chosen type, one value from each pred."""
        r = self.rng
        common = None
        for p in pools:
            ks = set(t for t, vs in p.items() if vs)
            common = ks if common is None else common & ks
        common = sorted(common or [])
        r.shuffle(common)
        for t in common[:ntypes]:
            inc = []
            qs = []
            for lab, p in zip(ends, pools):
                v = r.choice(p[t][-4:])
                inc.append("[ %s, %%%s ]" % (v.name, lab))
                qs.append(v.q)
            q = "int"
            if is_flt(t):
                q = "nonnan" if all(x == "nonnan" for x in qs) else (
                    "dirty" if "dirty" in qs else "clean")
            n = self.fresh("phi")
            self.emit("%s = phi %s %s" % (n, t, ", ".join(inc)))
            self.add(Val(n, t, q))

    def cond(self):
        r = self.rng
        if r.random() < 0.8 or not self.pool.get("float"):
            t = r.choice(INT_TYPES)
            a, b = self.pick(t, 0.05), self.pick(t, 0.4)
            return self.inst("i1", "icmp %s %s %s, %s" % (r.choice(
                ["eq", "ne", "ugt", "ult", "sgt", "slt", "sge", "ule"]), t, a.name, b.name))
        t = r.choice(FLT_TYPES)
        a, b = self.pick(t), self.pick(t)
        return self.inst("i1", "fcmp %s %s %s, %s" % (r.choice(["olt", "ugt", "oeq", "une", "uno"]),
                                                      t, a.name, b.name))

    def stmt_if(self):
        self.m.features.add("if")
        c = self.cond()
        lt, lf, lm = self.label("then"), self.label("else"), self.label("join")
        self.emit("br i1 %s, label %%%s, label %%%s" % (c.name, lt, lf))
        base = self.snapshot()
        self.start_block(lt)
        self.depth += 1
        self.stmts(self.rng.randint(1, 4))
        self.emit("br label %%%s" % lm)
        end_t, pool_t = self.cur, self.pool
        self.pool = {k: list(v) for k, v in base.items()}
        self.start_block(lf)
        if self.rng.random() < 0.7:
            self.stmts(self.rng.randint(1, 4))
        self.emit("br label %%%s" % lm)
        end_f, pool_f = self.cur, self.pool
        self.depth -= 1
        self.pool = base
        self.start_block(lm)
        self.merge_phis([end_t, end_f], [pool_t, pool_f], self.rng.randint(1, 4))

    def stmt_switch(self):
        r = self.rng
        self.m.features.add("switch")
        t = r.choice(["i32", "i32", "i64", "i16", "i8"])
        v = self.pick(t, 0.0)
        if r.random() < 0.7:
            v = self.inst(t, "and %s %s, %d" % (t, v.name, r.choice([3, 7, 15, 31])))
        ntgt = r.randint(2, 6)
        tg = [self.label("case") for _ in range(ntgt)]
        dflt = self.label("dflt")
        lm = self.label("sjoin")
        vals = r.sample(range(0, 32), r.randint(ntgt, min(31, ntgt * 3)))
        cases = ["%s %d, label %%%s" % (t, x, tg[i % ntgt]) for i, x in enumerate(vals)]
        if r.random() < 0.2:
            cases.append("%s %s, label %%%s" % (t, wrap(-5, t), tg[0]))
        self.emit("switch %s %s, label %%%s [ %s ]" % (t, v.name, dflt, " ".join(cases)))
        base = self.snapshot()
        ends, pools = [], []
        self.depth += 1
        for lab in tg + [dflt]:
            self.pool = {k: list(x) for k, x in base.items()}
            self.start_block(lab)
            self.stmts(r.randint(1, 3))
            self.emit("br label %%%s" % lm)
            ends.append(self.cur)
            pools.append(self.pool)
        self.depth -= 1
        self.pool = base
        self.start_block(lm)
        self.merge_phis(ends, pools, r.randint(1, 4))

    def stmt_loop(self):
        r = self.rng
        self.m.features.add("loop")
        # trip count: a constant or data dependent, bounded
        if r.random() < 0.3:
            n = Val(str(r.randint(0, 12)), "i32")
        else:
            x = self.pick("i32", 0.0)
            n = self.inst("i32", "and i32 %s, %d" % (x.name, r.choice([3, 7, 15])))
        pre = self.cur
        lh, lb, lx = self.label("head"), self.label("body"), self.label("exit")
        # accumulators
        accs = []
        for _ in range(r.randint(1, 3)):
            t = r.choice(INT_TYPES + ["i64", "i32"] + (self.flt_types() if self.m.family in ("float", "mix", "vec") else []))
            accs.append((t, self.pick(t)))
        self.emit("br label %%%s" % lh)
        self.start_block(lh)
        iv = self.fresh("i")
        ivn = self.fresh("inext")
        phis = []
        accn = []
        for t, init in accs:
            pn = self.fresh("acc")
            nn = self.fresh("accnext")
            phis.append((pn, t, init, nn))
            accn.append(nn)
        # placeholders: latch label is known only after the body
        hdr_idx = len(self.lines)
        self.lines.append(None)
        for _ in phis:
            self.lines.append(None)
        c = self.fresh()
        self.emit("%s = icmp ult i32 %s, %s" % (c, iv, n.name))
        self.emit("br i1 %s, label %%%s, label %%%s" % (c, lb, lx))
        base = self.snapshot()
        hdr_vals = [Val(iv, "i32")]
        for pn, t, init, _ in phis:
            q = "dirty" if is_flt(t) else "int"
            hdr_vals.append(Val(pn, t, q))
        for v in hdr_vals:
            self.add(v)
        after = self.snapshot()
        self.start_block(lb)
        self.depth += 1
        self.stmts(r.randint(1, 4))
        # a data-dependent early exit
        if r.random() < 0.3:
            cc = self.cond()
            lc = self.label("cont")
            self.emit("br i1 %s, label %%%s, label %%%s" % (cc.name, lx, lc))
            self.start_block(lc)
            self.m.features.add("loop.break")
            self.stmts(r.randint(0, 2))
        # update accumulators
        for (pn, t, init, nn) in phis:
            other = self.pick(t)
            if is_int(t):
                op = r.choice(["add", "xor", "mul", "sub", "or"])
                self.emit("%s = %s %s %s, %s" % (nn, op, t, pn, other.name))
            else:
                op = r.choice(["fadd", "fmul", "fsub"])
                self.emit("%s = %s %s %s, %s" % (nn, op, t, pn, other.name))
        self.emit("%s = add i32 %s, 1" % (ivn, iv))
        self.emit("br label %%%s" % lh)
        latch = self.cur
        self.depth -= 1
        self.lines[hdr_idx] = "  %s = phi i32 [ 0, %%%s ], [ %s, %%%s ]" % (iv, pre, ivn, latch)
        for i, (pn, t, init, nn) in enumerate(phis):
            self.lines[hdr_idx + 1 + i] = "  %s = phi %s [ %s, %%%s ], [ %s, %%%s ]" % (
                pn, t, init.name, pre, nn, latch)
        self.pool = after
        self.start_block(lx)

    def stmt_call(self):
        """Call a helper (generate one when there are few)."""
        r = self.rng
        m = self.m
        if not m.helpers or (len(m.helpers) < 4 and r.random() < 0.5):
            self.new_helper()
        name, rt, pts = r.choice(m.helpers)
        args = []
        for t in pts:
            if t.endswith("*"):
                args.append("%s %s" % (t, self.scratch_array(t[:-1])))
            elif t.startswith("<"):
                n, e = int(t[1:].split(" x ")[0]), t.split(" x ")[1].rstrip(">")
                args.append("%s %s" % (t, self.vec_operand(e, n).name))
            elif t.startswith("byval:"):
                st = t[6:]
                a = self.fresh("st")
                self.allocas.append("  %s = alloca %s, align 8" % (a, st))
                for k, ft in enumerate(struct_fields(st)):
                    p = self.fresh()
                    self.emit("%s = getelementptr %s, %s* %s, i32 0, i32 %d" % (p, st, st, a, k))
                    self.emit("store %s %s, %s* %s" % (ft, self.pick(ft).name, ft, p))
                args.append("%s* byval(%s) %s" % (st, st, a))
            else:
                args.append("%s %s" % (t, self.pick(t).name))
        m.features.add("call")
        if rt.startswith("<"):
            n, e = int(rt[1:].split(" x ")[0]), rt.split(" x ")[1].rstrip(">")
            v = self.inst(rt, "call %s %s(%s)" % (rt, name, ", ".join(args)), "dirty" if is_flt(e) else "int")
            self.extract_all(v, e, n)
            return v
        if rt.startswith("{"):
            v = self.fresh()
            self.emit("%s = call %s %s(%s)" % (v, rt, name, ", ".join(args)))
            for k, ft in enumerate(struct_fields(rt)):
                self.inst(ft, "extractvalue %s %s, %d" % (rt, v, k), "dirty" if is_flt(ft) else "int")
            return None
        q = "dirty" if is_flt(rt) else "int"
        return self.inst(rt, "call %s %s(%s)" % (rt, name, ", ".join(args)), q)

    def scratch_array(self, t):
        """An alloca array of 8 t, filled, and its first element's pointer."""
        a = self.fresh("arr")
        self.allocas.append("  %s = alloca [8 x %s], align 8" % (a, t))
        for i in range(8):
            p = self.fresh()
            self.emit("%s = getelementptr [8 x %s], [8 x %s]* %s, i32 0, i32 %d" % (p, t, t, a, i))
            self.emit("store %s %s, %s* %s" % (t, self.pick(t, 0.3).name, t, p))
        p = self.fresh()
        self.emit("%s = getelementptr [8 x %s], [8 x %s]* %s, i32 0, i32 0" % (p, t, t, a))
        self.m.features.add("local.ptrarg")
        return p

    def new_helper(self):
        r = self.rng
        m = self.m
        idx = len(m.helpers)
        name = "@helper%d" % idx
        fams = m.family
        tys = INT_TYPES + (ALL_FLT if fams in ("float", "mix", "vec") and m.half else FLT_TYPES if fams in ("float", "mix", "vec") else [])
        rt = r.choice(tys)
        pts = [r.choice(tys) for _ in range(r.randint(1, 4))]
        if fams in ("vec", "mix"):
            vts = [x for x in VEC_TYPES if x[0] != "half" or m.half]
            for _ in range(r.randint(0, 3)):
                k = r.random()
                if k < 0.5:
                    pts.insert(r.randrange(len(pts) + 1), vt_str(*r.choice(vts)))
                elif k < 0.8:
                    pts.insert(r.randrange(len(pts) + 1), "byval:" + r.choice(STRUCTS))
            k = r.random()
            if k < 0.3:
                rt = vt_str(*r.choice(vts))
            elif k < 0.55:
                rt = r.choice(STRUCTS)
        if fams in ("mem", "mix") and r.random() < 0.4:
            pts.append(r.choice(["i32", "i64"]) + "*")
        f = Fn(m, name, False, 2)
        params = []
        for i, t in enumerate(pts):
            pn = "%%p%d" % i
            if t.startswith("byval:"):
                st = t[6:]
                params.append("%s* byval(%s) %s" % (st, st, pn))
            else:
                params.append("%s %s" % (t, pn))
            if not t.endswith("*") and not t.startswith("<") and not t.startswith("byval:"):
                f.add(Val(pn, t, "dirty" if is_flt(t) else "int"))
        f.start_block("entry")
        f.body_lines_start = len(f.lines)
        for i, t in enumerate(pts):
            if t.startswith("<"):
                n, e = int(t[1:].split(" x ")[0]), t.split(" x ")[1].rstrip(">")
                f.extract_all(Val("%%p%d" % i, t, "dirty"), e, n)
                m.features.add("param.vec")
            elif t.startswith("byval:"):
                st = t[6:]
                for k, ft in enumerate(struct_fields(st)):
                    p = f.fresh()
                    f.emit("%s = getelementptr %s, %s* %%p%d, i32 0, i32 %d" % (p, st, st, i, k))
                    f.inst(ft, "load %s, %s* %s" % (ft, ft, p), "dirty" if is_flt(ft) else "int")
                m.features.add("param.byval")
            if t.endswith("*"):
                et = t[:-1]
                for _ in range(2):
                    x = f.pick("i32", 0.0)
                    j = f.inst("i32", "and i32 %s, 7" % x.name)
                    p = f.fresh()
                    f.emit("%s = getelementptr %s, %s %%p%d, i32 %s" % (p, et, t, i, j.name))
                    f.inst(et, "load %s, %s %s" % (et, t, p))
                # write one element back (the caller's array)
                x = f.pick("i32", 0.0)
                j = f.inst("i32", "and i32 %s, 7" % x.name)
                p = f.fresh()
                f.emit("%s = getelementptr %s, %s %%p%d, i32 %s" % (p, et, t, i, j.name))
                f.emit("store %s %s, %s %s" % (et, f.pick(et).name, t, p))
        f.stmts(r.randint(2, 8))
        if rt.startswith("<"):
            n, e = int(rt[1:].split(" x ")[0]), rt.split(" x ")[1].rstrip(">")
            ret = f.make_vec(e, n)
            m.features.add("ret.vec")
        elif rt.startswith("{"):
            cur = "zeroinitializer"
            for k, ft in enumerate(struct_fields(rt)):
                v = f.fresh()
                f.emit("%s = insertvalue %s %s, %s %s, %d" % (v, rt, cur, ft, f.pick(ft, 0.0).name, k))
                cur = v
            ret = Val(cur, rt)
            m.features.add("ret.struct")
        else:
            ret = f.pick(rt, 0.0)
        f.emit("ret %s %s" % (rt, ret.name))
        text = ["define internal %s %s(%s) #0 {" % (rt, name, ", ".join(params))]
        text += [f.lines[0]] + f.allocas + f.lines[1:]
        text.append("}")
        m.funcs.append("\n".join(text))
        m.helpers.append((name, rt, pts))

    def stmt_recursion(self):
        r = self.rng
        m = self.m
        idx = len(m.funcs)
        name = "@rec%d" % idx
        t = r.choice(["i32", "i64"])
        f = Fn(m, name, False, 1)
        f.add(Val("%x", t))
        f.add(Val("%d", "i32"))
        f.start_block("entry")
        z = f.fresh()
        f.emit("%s = icmp eq i32 %%d, 0" % z)
        f.emit("br i1 %s, label %%base, label %%recur" % z)
        f.start_block("base")
        saved = f.snapshot()
        f.stmts(r.randint(1, 3))
        f.emit("ret %s %s" % (t, f.pick(t, 0.0).name))
        f.pool = saved
        f.start_block("recur")
        d1 = f.inst("i32", "sub i32 %d, 1")
        use_local = r.random() < 0.6
        if use_local:
            a = f.fresh("arr")
            f.allocas.append("  %s = alloca [4 x %s], align 8" % (a, t))
            for i in range(4):
                p = f.fresh()
                f.emit("%s = getelementptr [4 x %s], [4 x %s]* %s, i32 0, i32 %d" % (p, t, t, a, i))
                f.emit("store %s %s, %s* %s" % (t, f.int_stmt(t).name, t, p))
            m.features.add("rec.local")
        x1 = f.int_stmt(t)
        rv = f.inst(t, "call %s %s(%s %s, i32 %s)" % (t, name, t, x1.name, d1.name))
        if use_local:
            j = f.inst(t, "and %s %s, 3" % (t, rv.name))
            p = f.fresh()
            f.emit("%s = getelementptr [4 x %s], [4 x %s]* %s, i32 0, %s %s" % (p, t, t, a, t, j.name))
            f.inst(t, "load %s, %s* %s" % (t, t, p))
        f.stmts(r.randint(1, 3))
        f.emit("ret %s %s" % (t, f.pick(t, 0.0).name))
        text = ["define internal %s %s(%s %%x, i32 %%d) #0 {" % (t, name, t)]
        text += [f.lines[0]] + f.allocas + f.lines[1:]
        text.append("}")
        m.funcs.append("\n".join(text))
        dv = self.pick("i32", 0.0)
        d = self.inst("i32", "and i32 %s, %d" % (dv.name, r.choice([3, 7, 11])))
        x = self.pick(t)
        m.features.add("recursion")
        return self.inst(t, "call %s %s(%s %s, i32 %s)" % (t, name, t, x.name, d.name))

    # ---- memory -------------------------------------------------------
    def stmt_alloca(self):
        r = self.rng
        t = r.choice(INT_TYPES + (self.flt_types() if self.m.family in ("float", "mix", "vec") else []))
        n = r.choice([4, 8, 16, 32])
        a = self.fresh("arr")
        self.allocas.append("  %s = alloca [%d x %s], align 8" % (a, n, t))
        self.m.features.add("alloca")
        # fill with a loop: a[i] = f(i, seed)
        pre = self.cur
        lh, lx = self.label("fill"), self.label("filled")
        seed = self.pick(t)
        self.emit("br label %%%s" % lh)
        self.start_block(lh)
        i = self.fresh("i")
        inx = self.fresh("inext")
        self.emit("%s = phi i32 [ 0, %%%s ], [ %s, %%%s ]" % (i, pre, inx, lh))
        if is_int(t):
            ic = self.fresh()
            self.emit("%s = %s i32 %s to %s" % (ic, "trunc" if BITS[t] < 32 else ("zext" if BITS[t] > 32 else "add"), i, t) if t != "i32" else "%s = add i32 %s, 0" % (ic, i))
            mul = self.fresh()
            self.emit("%s = mul %s %s, %s" % (mul, t, ic, r.choice(["3", "-7", "131", "1"])))
            val = self.fresh()
            self.emit("%s = xor %s %s, %s" % (val, t, mul, seed.name))
        else:
            ic = self.fresh()
            self.emit("%s = sitofp i32 %s to %s" % (ic, i, t))
            val = self.fresh()
            self.emit("%s = fmul %s %s, %s" % (val, t, ic, seed.name))
        p = self.fresh()
        self.emit("%s = getelementptr [%d x %s], [%d x %s]* %s, i32 0, i32 %s" % (p, n, t, n, t, a, i))
        self.emit("store %s %s, %s* %s" % (t, val, t, p))
        self.emit("%s = add i32 %s, 1" % (inx, i))
        c = self.fresh()
        self.emit("%s = icmp ult i32 %s, %d" % (c, inx, n))
        self.emit("br i1 %s, label %%%s, label %%%s" % (c, lh, lx))
        self.start_block(lx)
        # dynamic reads and writes
        for _ in range(r.randint(2, 6)):
            x = self.pick("i32", 0.0)
            j = self.inst("i32", "and i32 %s, %d" % (x.name, n - 1))
            p = self.fresh()
            self.emit("%s = getelementptr [%d x %s], [%d x %s]* %s, i32 0, i32 %s" % (p, n, t, n, t, a, j.name))
            if r.random() < 0.4:
                self.emit("store %s %s, %s* %s" % (t, self.pick(t).name, t, p))
            else:
                self.inst(t, "load %s, %s* %s" % (t, t, p), "dirty" if is_flt(t) else "int")

    def stmt_table(self):
        r = self.rng
        m = self.m
        t = r.choice(["i8", "i16", "i32", "i64", "i32", "i64"] + (FLT_TYPES if m.family in ("float", "mix", "vec") else []))
        n = r.choice([4, 8, 16, 64])
        space = r.choice(["", "addrspace(4) ", "addrspace(1) "])
        if space == "addrspace(1) ":
            space = ""  # a generic global: llc puts it in .global anyway
        name = "@tab%d" % m.nglob
        m.nglob += 1
        if is_int(t):
            vals = ", ".join("%s %s" % (t, wrap(r.choice(INT_CONSTS) if r.random() < 0.3 else r.getrandbits(BITS[t]), t)) for _ in range(n))
        else:
            vals = ", ".join("%s %s" % (t, fconst(t, r.choice(FLT_CONSTS) if r.random() < 0.5 else r.uniform(-1e6, 1e6))) for _ in range(n))
        const = "constant" if (space or r.random() < 0.7) else "global"
        m.globals.append("%s = internal %s%s [%d x %s] [%s], align 8" % (name, space, const, n, t, vals))
        m.features.add("table." + (space.strip() or "generic") + "." + const)
        for _ in range(r.randint(1, 3)):
            x = self.pick("i32", 0.0)
            j = self.inst("i32", "and i32 %s, %d" % (x.name, n - 1))
            p = self.fresh()
            self.emit("%s = getelementptr [%d x %s], [%d x %s]%s* %s, i32 0, i32 %s" % (
                p, n, t, n, t, " " + space.strip() if space else "", name, j.name))
            self.inst(t, "load %s, %s %s* %s" % (t, t, space.strip(), p) if space else
                      "load %s, %s* %s" % (t, t, p), "clean" if is_flt(t) else "int")

    # ---- statements ---------------------------------------------------
    def weights(self):
        f = self.m.family
        deep = self.depth < self.max_depth
        w = {"int": 5, "flt": 0, "f2i": 0, "if": 0, "loop": 0, "switch": 0, "call": 0,
             "rec": 0, "alloca": 0, "table": 0}
        if f == "int":
            w.update(int=10)
        elif f == "float":
            w.update(int=2, flt=10, f2i=3, **({"if": 1, "loop": 1} if deep else {}))
        elif f == "ctrl":
            w.update(int=6, **({"if": 3, "loop": 3, "switch": 2} if deep else {}),
                     call=2 if self.is_body else 0, rec=1 if self.is_body else 0)
        elif f == "mem":
            w.update(int=5, alloca=3 if self.in_ptr else 0, table=3,
                     call=1 if self.is_body else 0, **({"loop": 1} if deep else {}))
        elif f == "nvvm":
            w.update(int=2, flt=2, f2i=1, nvvm=8, **({"if": 1, "loop": 1} if deep else {}))
        elif f == "vec":
            w.update(int=3, flt=2, f2i=1, vec=6, call=3 if self.is_body else 0,
                     **({"if": 1, "loop": 1} if deep else {}))
        else:  # mix
            w.update(int=6, flt=5, f2i=2, table=1, vec=1, alloca=1 if self.in_ptr else 0,
                     **({"if": 2, "loop": 2, "switch": 1} if deep else {}),
                     call=1 if self.is_body else 0, rec=1 if self.is_body else 0)
        if not self.in_ptr:
            w["alloca"] = 0
        return w

    def stmts(self, k):
        r = self.rng
        for _ in range(k):
            w = self.weights()
            keys = [x for x in w if w[x] > 0]
            s = r.choices(keys, [w[x] for x in keys])[0]
            if s == "int":
                self.int_stmt()
            elif s == "flt":
                self.flt_stmt()
            elif s == "vec":
                self.stmt_vec()
            elif s == "nvvm":
                self.stmt_nvvm()
            elif s == "f2i":
                self.flt_to_int()
            elif s == "if":
                self.stmt_if()
            elif s == "loop":
                self.stmt_loop()
            elif s == "switch":
                self.stmt_switch()
            elif s == "call":
                self.stmt_call()
            elif s == "rec":
                self.stmt_recursion()
            elif s == "alloca":
                self.stmt_alloca()
            elif s == "table":
                self.stmt_table()


def gen_body(m, nstmts):
    r = m.rng
    f = Fn(m, "@body", True, 2 if m.family != "ctrl" else 3)
    f.in_ptr = "%in"
    f.out_ptr = "%out"
    f.tid = "%tid"
    f.start_block("entry")
    f.add(Val("%tid", "i32"))
    # a few inputs up front
    for t in r.sample(INT_TYPES + FLT_TYPES + ["i32", "i64", "half"], 4):
        if is_int(t) or (m.family in ("float", "mix", "vec") and (t != "half" or m.half)):
            f.load_input(t)
    f.stmts(nstmts)
    # outputs: NOUT slots of 8 bytes
    layout = []
    base = f.fresh()
    f.emit("%s = mul i32 %%tid, %d" % (base, NOUT * 8))
    base64 = f.fresh()
    f.emit("%s = zext i32 %s to i64" % (base64, base))
    allv = [v for vs in f.pool.values() for v in vs if v.ty != "i1" and not v.ty.startswith("<")
            and not v.name.startswith("%tid")]
    # prefer values defined late (they depend on more)
    allv.sort(key=lambda v: int("".join(c for c in v.name if c.isdigit()) or 0))
    for j in range(NOUT):
        if allv and r.random() < 0.85:
            v = allv[-1 - int(r.random() ** 2 * len(allv))]
        else:
            v = f.pick(r.choice(INT_TYPES + ["i1"]), 0.0)
        if v.ty == "i1":
            v = f.conv_int(v, "i8")
        if v.ty == "i128":
            v = f.inst("i64", "trunc i128 %s to i64" % v.name)
        t = v.ty
        p = f.fresh()
        f.emit("%s = getelementptr i8, i8* %%out, i64 %s" % (p, base64))
        p2 = f.fresh()
        f.emit("%s = getelementptr i8, i8* %s, i64 %d" % (p2, p, j * 8))
        pc = f.fresh()
        f.emit("%s = bitcast i8* %s to %s*" % (pc, p2, t))
        f.emit("store %s %s, %s* %s, align %d" % (t, v.name, t, pc, SIZE[t]))
        layout.append({"float": "f32", "double": "f64", "half": "f16"}.get(t, t))
    f.emit("ret void")
    text = ["define internal void @body(i32 %%tid, i8* %%in, i8* %%out) #%d {" % r.choice([0, 1])]
    text += [f.lines[0]] + f.allocas + f.lines[1:]
    text.append("}")
    return "\n".join(text), layout


# ---- the shared-memory / barrier / atomics family ----------------------
def gen_shared(m):
    """Phases over addrspace(3) ping-pong arrays with barrier0 between them.

    Each phase is a function @phaseK(i32 %ltid, i32 %gtid, i8* %in, i8* %out,
    [S x i32] addrspace(3)* ...) that reads array A[g(tid)] (written in the
    previous phase by a permutation of threads) and writes B[perm(tid)].
    The kernel calls the phases with barrier0 between them; the host runs
    each phase for all threads of a CTA before the next.  At the end, atomics
    (add/max/min/and/or/xor, xchg of one common value) on the output's tail.
    """
    r = m.rng
    B = m.block
    K = r.choice([1, 2])  # words per thread
    S = B * K
    nph = r.randint(2, 5)
    lines = []
    m.globals.append("@shA = internal addrspace(3) global [%d x i32] undef, align 4" % S)
    m.globals.append("@shB = internal addrspace(3) global [%d x i32] undef, align 4" % S)
    funcs = []
    layout = []
    # shared counters updated by atomics in phases >= 1, flushed at the end
    shc_ops = [r.choice(["add", "or", "xor", "umax", "and", "umin", "max", "min"])
               for _ in range(4)] if r.random() < 0.6 else []
    shc_init = {"add": 0, "or": 0, "xor": 0, "umax": 0, "and": -1, "umin": -1,
                "max": -(1 << 31), "min": (1 << 31) - 1}
    if shc_ops:
        m.globals.append("@shC = internal addrspace(3) global [4 x i32] undef, align 4")
        m.features.add("shared.atomics")
    # each phase writes one output slot (its own read value mix)
    for ph in range(nph):
        f = Fn(m, "@phase%d" % ph, False, 1)
        f.in_ptr = "%in"
        f.tid = "%gtid"
        f.start_block("entry")
        f.add(Val("%ltid", "i32"))
        f.add(Val("%gtid", "i32"))
        f.add(Val("%w", "i32"))
        if ph == 0 and shc_ops:
            z = f.inst("i1", "icmp eq i32 %ltid, 0")
            f.emit("br i1 %s, label %%zinit, label %%zdone" % z.name)
            f.start_block("zinit")
            for k, op in enumerate(shc_ops):
                p = f.fresh()
                f.emit("%s = getelementptr [4 x i32], [4 x i32] addrspace(3)* @shC, i32 0, i32 %d" % (p, k))
                f.emit("store i32 %d, i32 addrspace(3)* %s, align 4" % (shc_init[op], p))
            f.emit("br label %zdone")
            f.start_block("zdone")
            f.pool = {"i32": [Val("%ltid", "i32"), Val("%gtid", "i32"), Val("%w", "i32")]}
        src = "@shA" if ph % 2 == 1 else "@shB"
        dst = "@shB" if ph % 2 == 1 else "@shA"
        if ph > 0:
            for _ in range(r.randint(1, 3)):
                # read src[g(ltid)] for some g, in range
                kind = r.random()
                if kind < 0.4:
                    g = f.inst("i32", "add i32 %%ltid, %d" % r.randrange(1, S))
                    g = f.inst("i32", "urem i32 %s, %d" % (g.name, S))
                elif kind < 0.7:
                    g = f.inst("i32", "xor i32 %%ltid, %d" % (1 << r.randrange(max(1, (B - 1).bit_length()))))
                    g = f.inst("i32", "urem i32 %s, %d" % (g.name, S))
                else:
                    x = f.pick("i32", 0.0)
                    g = f.inst("i32", "urem i32 %s, %d" % (x.name, S))
                p = f.fresh()
                f.emit("%s = getelementptr [%d x i32], [%d x i32] addrspace(3)* %s, i32 0, i32 %s" % (p, S, S, src, g.name))
                f.inst("i32", "load i32, i32 addrspace(3)* %s, align 4" % p)
        f.stmts(r.randint(2, 5))
        if ph > 0 and shc_ops and r.random() < 0.7:
            for k, op in enumerate(shc_ops):
                if r.random() < 0.6:
                    p = f.fresh()
                    f.emit("%s = getelementptr [4 x i32], [4 x i32] addrspace(3)* @shC, i32 0, i32 %d" % (p, k))
                    v = f.int_stmt("i32")
                    f.inst("i32", "atomicrmw %s i32 addrspace(3)* %s, i32 %s monotonic" % (op, p, v.name))
                    f.pool["i32"].pop()  # its old value depends on the order
                    m.features.add("shared.atomic." + op)
        # write dst[perm(ltid)*K + k]: perm = (ltid * odd + c) mod B (B a power of 2)
        odd = r.choice([1, 3, 5, 7, 9, 33])
        c = r.randrange(B)
        pm = f.inst("i32", "mul i32 %%ltid, %d" % odd)
        pm = f.inst("i32", "add i32 %s, %d" % (pm.name, c))
        pm = f.inst("i32", "and i32 %s, %d" % (pm.name, B - 1))
        for k in range(K):
            ix = f.inst("i32", "mul i32 %s, %d" % (pm.name, K))
            ix = f.inst("i32", "add i32 %s, %d" % (ix.name, k))
            p = f.fresh()
            f.emit("%s = getelementptr [%d x i32], [%d x i32] addrspace(3)* %s, i32 0, i32 %s" % (p, S, S, dst, ix.name))
            v = f.int_stmt("i32")
            f.emit("store i32 %s, i32 addrspace(3)* %s, align 4" % (v.name, p))
        # output slot ph
        v = f.pool["i32"][-1]
        o = f.inst("i32", "mul i32 %%gtid, %d" % (NOUT * 8))
        o = f.inst("i32", "add i32 %s, %d" % (o.name, ph * 8))
        o64 = f.inst("i64", "zext i32 %s to i64" % o.name)
        p = f.fresh()
        f.emit("%s = getelementptr i8, i8* %%out, i64 %s" % (p, o64.name))
        pc = f.fresh()
        f.emit("%s = bitcast i8* %s to i32*" % (pc, p))
        f.emit("store i32 %s, i32* %s, align 4" % (v.name, pc))
        layout.append("i32")
        f.emit("ret i32 %s" % f.int_stmt("i32").name)
        text = ["define internal i32 @phase%d(i32 %%ltid, i32 %%gtid, i8* %%in, i8* %%out, i32 %%w) #0 {" % ph]
        text += [f.lines[0]] + f.allocas + f.lines[1:]
        text.append("}")
        funcs.append("\n".join(text))
    while len(layout) < NOUT:
        layout.append(None)
    # atomics on the tail of the output buffer: ATOM words of 8 bytes
    atoms = []
    na = r.randint(0, 4)
    f = Fn(m, "@atomics", False, 1)
    f.in_ptr = "%in"
    f.tid = "%gtid"
    f.start_block("entry")
    f.add(Val("%gtid", "i32"))
    f.stmts(2)
    xchg_val = f.const("i32")
    for a in range(na):
        op = r.choice(["add", "max", "min", "umax", "umin", "and", "or", "xor", "xchg", "add"])
        t = r.choice(["i32", "i64"])
        v = f.int_stmt(t) if op != "xchg" else Val(xchg_val.name if t == "i32" else wrap(int(xchg_val.name), "i64"), t)
        off = m.nthreads * NOUT * 8 + a * 8
        p = f.fresh()
        f.emit("%s = getelementptr i8, i8* %%out, i64 %d" % (p, off))
        pc = f.fresh()
        f.emit("%s = bitcast i8* %s to %s*" % (pc, p, t))
        f.inst(t, "atomicrmw %s %s* %s, %s %s monotonic" % (op, t, pc, t, v.name))
        f.pool[t].pop()  # its old value depends on the order the threads ran
        atoms.append(t)
        m.features.add("atomic." + op)
    f.emit("ret void")
    funcs.append("define internal void @atomics(i32 %gtid, i8* %in, i8* %out) #0 {\n" +
                 "\n".join([f.lines[0]] + f.allocas + f.lines[1:]) + "\n}")
    # flush the shared counters: thread 0 of each CTA, after the last barrier
    fl = ["define internal void @flush(i32 %ltid, i32 %cta, i8* %out) #0 {", "entry:"]
    if shc_ops:
        base = m.nthreads * NOUT * 8 + na * 8
        fl += ["  %z = icmp eq i32 %ltid, 0", "  br i1 %z, label %w, label %done", "w:",
               "  %cb = mul i32 %cta, 32", "  %cb64 = zext i32 %cb to i64"]
        for k in range(4):
            fl += ["  %%p%d = getelementptr [4 x i32], [4 x i32] addrspace(3)* @shC, i32 0, i32 %d" % (k, k),
                   "  %%v%d = load i32, i32 addrspace(3)* %%p%d, align 4" % (k, k),
                   "  %%o%d = getelementptr i8, i8* %%out, i64 %%cb64" % k,
                   "  %%q%d = getelementptr i8, i8* %%o%d, i64 %d" % (k, k, base + k * 8),
                   "  %%c%d = bitcast i8* %%q%d to i32*" % (k, k),
                   "  store i32 %%v%d, i32* %%c%d, align 4" % (k, k)]
        fl += ["  br label %done", "done:"]
        atoms = atoms + ["i32"] * (4 * (m.nthreads // m.block))
    fl += ["  ret void", "}"]
    funcs.append("\n".join(fl))
    # warp operations between phases (the kernel's; the host emulates them)
    warps = []
    for ph in range(nph - 1):
        k = r.random()
        if k < 0.45:
            warps.append(None)
            continue
        kind = r.choice(["idx", "bfly", "up", "down", "ballot", "any", "all", "idx"])
        if kind == "idx":
            prm = (r.choice([1, 3, 5, 7, 31, 0]), r.randrange(32))
        elif kind == "bfly":
            prm = (r.choice([1, 2, 4, 8, 16, 31, 5]),)
        elif kind in ("up", "down"):
            prm = (r.choice([1, 2, 3, 8, 16, 31]),)
        else:
            prm = (1 << r.randrange(32),)
        warps.append((kind, prm))
        m.features.add("warp." + kind)
    m.funcs.extend(funcs)
    m.features.add("shared")
    return nph, layout, atoms, warps


def warp_kernel(p, kind, prm):
    """Kernel IR: %w{p+1} from %v{p} (lane = %lane)."""
    v, w = "%%v%d" % p, "%%w%d" % (p + 1)
    if kind == "idx":
        return ["  %%s%da = mul i32 %%lane, %d" % (p, prm[0]), "  %%s%db = add i32 %%s%da, %d" % (p, p, prm[1]),
                "  %%s%dc = and i32 %%s%db, 31" % (p, p),
                "  %s = call i32 @llvm.nvvm.shfl.sync.idx.i32(i32 -1, i32 %s, i32 %%s%dc, i32 31)" % (w, v, p)]
    if kind in ("bfly", "down"):
        return ["  %s = call i32 @llvm.nvvm.shfl.sync.%s.i32(i32 -1, i32 %s, i32 %d, i32 31)" % (w, kind, v, prm[0])]
    if kind == "up":
        return ["  %s = call i32 @llvm.nvvm.shfl.sync.up.i32(i32 -1, i32 %s, i32 %d, i32 0)" % (w, v, prm[0])]
    pre = ["  %%b%da = and i32 %s, %d" % (p, v, prm[0]), "  %%b%db = icmp ne i32 %%b%da, 0" % (p, p)]
    if kind == "ballot":
        return pre + ["  %s = call i32 @llvm.nvvm.vote.ballot.sync(i32 -1, i1 %%b%db)" % (w, p)]
    return pre + ["  %%b%dc = call i1 @llvm.nvvm.vote.%s.sync(i32 -1, i1 %%b%db)" % (p, kind, p),
                  "  %s = zext i1 %%b%dc to i32" % (w, p)]


def warp_host(p, op, block):
    """Host IR: @hwarp{p}(ltid, V) emulating the warp op over V[0..block)."""
    L = ["define internal i32 @hwarp%d(i32 %%ltid, i32* %%V) {" % p, "entry:",
         "  %lane = and i32 %ltid, 31", "  %base = sub i32 %ltid, %lane"]
    if op is None:
        L += ["  %pv = getelementptr i32, i32* %V, i32 %ltid", "  %r = load i32, i32* %pv", "  ret i32 %r", "}"]
        return "\n".join(L)
    kind, prm = op
    if kind in ("idx", "bfly", "up", "down"):
        if kind == "idx":
            L += ["  %%a = mul i32 %%lane, %d" % prm[0], "  %%b = add i32 %%a, %d" % prm[1], "  %s = and i32 %b, 31"]
        elif kind == "bfly":
            L += ["  %%s = xor i32 %%lane, %d" % prm[0]]
        elif kind == "up":
            L += ["  %%a = sub i32 %%lane, %d" % prm[0], "  %%ok = icmp uge i32 %%lane, %d" % prm[0],
                  "  %s = select i1 %ok, i32 %a, i32 %lane"]
        else:
            L += ["  %%a = add i32 %%lane, %d" % prm[0], "  %ok = icmp ule i32 %a, 31",
                  "  %s = select i1 %ok, i32 %a, i32 %lane"]
        L += ["  %i = add i32 %base, %s", "  %pv = getelementptr i32, i32* %V, i32 %i",
              "  %r = load i32, i32* %pv", "  ret i32 %r", "}"]
        return "\n".join(L)
    L += ["  br label %loop", "loop:",
          "  %j = phi i32 [ 0, %entry ], [ %jn, %loop ]",
          "  %acc = phi i32 [ 0, %entry ], [ %accn, %loop ]",
          "  %i = add i32 %base, %j", "  %pv = getelementptr i32, i32* %V, i32 %i",
          "  %v = load i32, i32* %pv", "  %%b = and i32 %%v, %d" % prm[0], "  %bb = icmp ne i32 %b, 0",
          "  %bz = zext i1 %bb to i32", "  %bs = shl i32 %bz, %j", "  %accn = or i32 %acc, %bs",
          "  %jn = add i32 %j, 1", "  %d = icmp ult i32 %jn, 32", "  br i1 %d, label %loop, label %end", "end:"]
    if kind == "ballot":
        L += ["  ret i32 %accn", "}"]
    else:
        L += ["  %%c = icmp %s i32 %%accn, %s" % ("ne" if kind == "any" else "eq", "0" if kind == "any" else "-1"),
              "  %r = zext i1 %c to i32", "  ret i32 %r", "}"]
    return "\n".join(L)


def special_words(r):
    """Interesting 8-byte input words."""
    c = [0, 1, 2, 0xFFFFFFFFFFFFFFFF, 0x8000000000000000, 0x7FFFFFFFFFFFFFFF,
         0x80000000, 0x7FFFFFFF, 0xFFFFFFFF, 0x3FF0000000000000, 0xBFF0000000000000,
         0x7FF0000000000000, 0xFFF0000000000000, 0x7FF8000000000000, 0x0000000000000001,
         0x000FFFFFFFFFFFFF, 0x3F800000, 0xBF800000, 0x7F800000, 0xFF800000, 0x7FC00000,
         0x00000001, 0x007FFFFF, 0x80000001, 0x4B000000, 0x4F000000, 0x5F000000,
         0x3F000000, 0x3FE0000000000000, 0x4330000000000000, 0x43E0000000000000,
         0x7F7FFFFF, 0x7FA00000, 0x7FF4000000000000, 0x000000FF, 0x0000FF80, 0x8000,
         0x7FFF, 0xFFFF, 0x80, 0x7F, 0x3FFFFFFF3F7FFFFF]
    x = r.choice(c)
    if r.random() < 0.3:
        x = (x << 32 | r.choice(c)) & 0xFFFFFFFFFFFFFFFF
    return x


def random_input(r):
    out = bytearray()
    for _ in range(NSLOT_IN):
        k = r.random()
        if k < 0.35:
            w = special_words(r)
        elif k < 0.55:
            w = r.randrange(-300, 300) & 0xFFFFFFFFFFFFFFFF
        elif k < 0.75:
            # a float / double of moderate magnitude
            if r.random() < 0.5:
                w = struct.unpack("<I", struct.pack("<f", r.uniform(-1000, 1000)))[0] | (
                    struct.unpack("<I", struct.pack("<f", r.uniform(-4, 4)))[0] << 32)
            else:
                w = struct.unpack("<Q", struct.pack("<d", r.choice([r.uniform(-1e6, 1e6), r.uniform(-2, 2), float(r.randrange(-100, 100)) + 0.5])))[0]
        else:
            w = r.getrandbits(64)
        out += struct.pack("<Q", w)
    # 16 more bytes: a misaligned 8-byte load at the last slot stays inside
    out += bytes(r.getrandbits(8) for _ in range(16))
    return bytes(out)


def dedupe_decls(text):
    seen = set()
    out = []
    for ln in text.split("\n"):
        if ln.startswith("declare "):
            if ln in seen:
                continue
            seen.add(ln)
        out.append(ln)
    return "\n".join(out)


KERNEL_IDS_1D = """  %t = call i32 @llvm.nvvm.read.ptx.sreg.tid.x()
  %c = call i32 @llvm.nvvm.read.ptx.sreg.ctaid.x()
  %n = call i32 @llvm.nvvm.read.ptx.sreg.ntid.x()
  %cn = mul i32 %c, %n
  %tid = add i32 %cn, %t
"""
SREG_DECLS_1D = """declare i32 @llvm.nvvm.read.ptx.sreg.tid.x()
declare i32 @llvm.nvvm.read.ptx.sreg.ctaid.x()
declare i32 @llvm.nvvm.read.ptx.sreg.ntid.x()
"""
# linear ids of a 3D launch: a warp is 32 consecutive linear thread ids
KERNEL_IDS_3D = "".join("  %%%s%s = call i32 @llvm.nvvm.read.ptx.sreg.%s.%s()\n" % (v, d, r, d)
                        for v, r in (("t", "tid"), ("n", "ntid"), ("k", "ctaid"), ("g", "nctaid"))
                        for d in "xyz") + """  %a1 = mul i32 %ny, %tz
  %a2 = add i32 %a1, %ty
  %a3 = mul i32 %a2, %nx
  %t = add i32 %a3, %tx
  %b1 = mul i32 %gy, %kz
  %b2 = add i32 %b1, %ky
  %b3 = mul i32 %b2, %gx
  %c = add i32 %b3, %kx
  %nxy = mul i32 %nx, %ny
  %n = mul i32 %nxy, %nz
  %cn = mul i32 %c, %n
  %tid = add i32 %cn, %t
"""
SREG_DECLS_3D = "".join("declare i32 @llvm.nvvm.read.ptx.sreg.%s.%s()\n" % (r, d)
                        for r in ("tid", "ntid", "ctaid", "nctaid") for d in "xyz")

HEADER_NV = """target datalayout = "e-i64:64-i128:128-v16:16-v32:32-n16:32:64"
target triple = "nvptx64-nvidia-cuda"
"""


def generate(seed, family=None, block=None, grid=None, small=False):
    r = random.Random(seed)
    family = family or r.choice(FAMILIES)
    # the runner's programs (no block given) sometimes get 2D/3D shapes and
    # noalias kernel pointers; the sample's keep the 1D text they were made with
    fancy = block is None
    block = block or r.choice([32, 64, 128, 96, 33] if family != "shared" else [32, 64, 128])
    grid = grid or r.choice([1, 2, 3, 4])
    nthreads = block * grid
    bshape = gshape = None
    noalias = False
    if fancy and r.random() < 0.4:
        bshape = r.choice({32: [(8, 4, 1), (4, 4, 2), (32, 1, 1)], 64: [(16, 4, 1), (8, 4, 2), (32, 2, 1)],
                           128: [(32, 2, 2), (8, 8, 2), (64, 2, 1)], 96: [(32, 3, 1), (16, 2, 3)],
                           33: [(11, 3, 1), (3, 1, 11)]}[block])
        gshape = r.choice({1: [(1, 1, 1)], 2: [(1, 2, 1), (1, 1, 2)], 3: [(1, 3, 1), (3, 1, 1)],
                           4: [(2, 2, 1), (1, 2, 2), (2, 1, 2)]}[grid])
    if fancy and r.random() < 0.5:
        noalias = True
    m = Module(r, family, nthreads, block)
    inp = random_input(r)
    atoms = []
    warps = []
    if family == "shared":
        nph, layout, atoms, warps = gen_shared(m)
        body_text = ""
    else:
        body_text, layout = gen_body(m, r.randint(4, 10) if small else r.randint(6, 25))
    out_size = nthreads * NOUT * 8 + len(atoms) * 8
    out_init = bytes(out_size) if not atoms else bytes(nthreads * NOUT * 8) + bytes(
        r.getrandbits(8) for _ in range(len(atoms) * 8))
    decls = "\n".join(sorted(m.decls))
    common = "\n".join(m.globals) + "\n\n" + "\n\n".join(m.funcs) + "\n\n" + body_text + "\n\n" + decls + "\n"
    attrs = "attributes #0 = { noinline nounwind }\nattributes #1 = { nounwind }\n"

    # the kernel
    if family == "shared":
        calls = ["  %lane = and i32 %t, 31"]
        for ph in range(nph):
            calls.append("  %%v%d = call i32 @phase%d(i32 %%t, i32 %%tid, i8* %%in, i8* %%out, i32 %s)" % (
                ph, ph, "%%w%d" % ph if ph else "0"))
            calls.append("  call void @llvm.nvvm.barrier0()")
            if ph < nph - 1:
                if warps[ph] is None:
                    calls.append("  %%w%d = add i32 %%v%d, 0" % (ph + 1, ph))
                else:
                    calls += warp_kernel(ph, *warps[ph])
        calls.append("  call void @atomics(i32 %tid, i8* %in, i8* %out)")
        calls.append("  call void @flush(i32 %t, i32 %c, i8* %out)")
        kcall = "\n".join(calls)
        kdecl = """declare void @llvm.nvvm.barrier0()
declare i32 @llvm.nvvm.shfl.sync.idx.i32(i32, i32, i32, i32)
declare i32 @llvm.nvvm.shfl.sync.bfly.i32(i32, i32, i32, i32)
declare i32 @llvm.nvvm.shfl.sync.up.i32(i32, i32, i32, i32)
declare i32 @llvm.nvvm.shfl.sync.down.i32(i32, i32, i32, i32)
declare i32 @llvm.nvvm.vote.ballot.sync(i32, i1)
declare i1 @llvm.nvvm.vote.any.sync(i32, i1)
declare i1 @llvm.nvvm.vote.all.sync(i32, i1)
"""
    else:
        kcall = "  call void @body(i32 %tid, i8* %in, i8* %out)"
        kdecl = ""
    ktops = "".join(nvvm_ops.kernel_def(n) for n in sorted(m.tops))
    kernel = HEADER_NV + common + ktops + kdecl + """
define void @kern(""" + ("i8* noalias readonly %in, i8* noalias %out" if noalias else "i8* %in, i8* %out") + """) {
""" + (KERNEL_IDS_3D if bshape else KERNEL_IDS_1D) + kcall + """
  ret void
}
""" + (SREG_DECLS_3D if bshape else SREG_DECLS_1D) + attrs + """
!nvvm.annotations = !{!0}
!0 = !{void (i8*, i8*)* @kern, !"kernel", i32 1}
"""
    # the host
    inhex = "".join("\\%02X" % b for b in inp)
    outhex = "".join("\\%02X" % b for b in out_init)
    if family == "shared":
        hl = []
        hl.append("  br label %cta")
        hl.append("cta:")
        hl.append("  %c = phi i32 [ 0, %entry ], [ %cn, %ctaend ]")
        hl.append("  %cbase = mul i32 %c, " + str(block))
        prev = "cta"
        hV = "getelementptr ([%d x i32], [%d x i32]* @hostV, i32 0, i32 0)" % (block, block)
        for ph in range(nph):
            hl.append("  br label %%ph%d" % ph)
            hl.append("ph%d:" % ph)
            hl.append("  %%t%d = phi i32 [ 0, %%%s ], [ %%tn%d, %%ph%d ]" % (ph, prev, ph, ph))
            hl.append("  %%g%d = add i32 %%cbase, %%t%d" % (ph, ph))
            hl.append("  %%pw%d = getelementptr [%d x i32], [%d x i32]* @hostW, i32 0, i32 %%t%d" % (ph, block, block, ph))
            hl.append("  %%wv%d = load i32, i32* %%pw%d" % (ph, ph))
            hl.append("  %%x%d = select i1 %s, i32 0, i32 %%wv%d" % (ph, "true" if ph == 0 else "false", ph))
            hl.append("  %%v%d = call i32 @phase%d(i32 %%t%d, i32 %%g%d, i8* %%in, i8* %%out, i32 %%x%d)" % (ph, ph, ph, ph, ph))
            hl.append("  %%pv%d = getelementptr [%d x i32], [%d x i32]* @hostV, i32 0, i32 %%t%d" % (ph, block, block, ph))
            hl.append("  store i32 %%v%d, i32* %%pv%d" % (ph, ph))
            hl.append("  %%tn%d = add i32 %%t%d, 1" % (ph, ph))
            hl.append("  %%d%d = icmp ult i32 %%tn%d, %d" % (ph, ph, block))
            hl.append("  br i1 %%d%d, label %%ph%d, label %%ph%dend" % (ph, ph, ph))
            hl.append("ph%dend:" % ph)
            prev = "ph%dend" % ph
            if ph < nph - 1:
                # the warp operation: W[t] = hwarp(t, V) for every thread of the CTA
                hl.append("  br label %%wp%d" % ph)
                hl.append("wp%d:" % ph)
                hl.append("  %%u%d = phi i32 [ 0, %%%s ], [ %%un%d, %%wp%d ]" % (ph, prev, ph, ph))
                hl.append("  %%r%d = call i32 @hwarp%d(i32 %%u%d, i32* %s)" % (ph, ph, ph, hV))
                hl.append("  %%pr%d = getelementptr [%d x i32], [%d x i32]* @hostW, i32 0, i32 %%u%d" % (ph, block, block, ph))
                hl.append("  store i32 %%r%d, i32* %%pr%d" % (ph, ph))
                hl.append("  %%un%d = add i32 %%u%d, 1" % (ph, ph))
                hl.append("  %%e%d = icmp ult i32 %%un%d, %d" % (ph, ph, block))
                hl.append("  br i1 %%e%d, label %%wp%d, label %%wp%dend" % (ph, ph, ph))
                hl.append("wp%dend:" % ph)
                prev = "wp%dend" % ph
        hl.append("  br label %tal")
        hl.append("tal:")
        hl.append("  %%ta = phi i32 [ 0, %%%s ], [ %%tan, %%tal ]" % prev)
        hl.append("  %ga = add i32 %cbase, %ta")
        hl.append("  call void @atomics(i32 %ga, i8* %in, i8* %out)")
        hl.append("  %tan = add i32 %ta, 1")
        hl.append("  %da = icmp ult i32 %tan, " + str(block))
        hl.append("  br i1 %da, label %tal, label %flend")
        hl.append("flend:")
        hl.append("  call void @flush(i32 0, i32 %c, i8* %out)")
        hl.append("  br label %ctaend")
        hl.append("ctaend:")
        hl.append("  %cn = add i32 %c, 1")
        hl.append("  %cd = icmp ult i32 %cn, " + str(grid))
        hl.append("  br i1 %cd, label %cta, label %done")
        loop = "\n".join(hl)
        # the host's shared arrays are plain globals: same text works on x86
    else:
        loop = """  br label %loop
loop:
  %t = phi i32 [ 0, %entry ], [ %tn, %loop ]
  call void @body(i32 %t, i8* %in, i8* %out)
  %tn = add i32 %t, 1
  %d = icmp ult i32 %tn, """ + str(nthreads) + """
  br i1 %d, label %loop, label %done"""
    if family == "shared":
        common += "\n".join(warp_host(p, warps[p], block) for p in range(nph - 1)) + "\n"
        common += "@hostV = internal global [%d x i32] zeroinitializer\n" % block
        common += "@hostW = internal global [%d x i32] zeroinitializer\n" % block
    if m.tops:
        common += nvvm_ops.HOST_LIB + "".join(nvvm_ops.host_def(n) for n in sorted(m.tops))
    host = common + """
@inbuf = global [%d x i8] c"%s", align 16
@outbuf = global [%d x i8] c"%s", align 16
@fmt = private constant [5 x i8] c"%%02x\\00"
declare i32 @printf(i8*, ...)
declare i32 @putchar(i32)
define i32 @main() {
entry:
  %%in = getelementptr [%d x i8], [%d x i8]* @inbuf, i32 0, i32 0
  %%out = getelementptr [%d x i8], [%d x i8]* @outbuf, i32 0, i32 0
  %%f = getelementptr [5 x i8], [5 x i8]* @fmt, i32 0, i32 0
%s
done:
  br label %%pl
pl:
  %%i = phi i32 [ 0, %%done ], [ %%in2, %%pl ]
  %%pi = getelementptr i8, i8* %%out, i32 %%i
  %%b = load i8, i8* %%pi
  %%bz = zext i8 %%b to i32
  call i32 (i8*, ...) @printf(i8* %%f, i32 %%bz)
  %%in2 = add i32 %%i, 1
  %%pd = icmp ult i32 %%in2, %d
  br i1 %%pd, label %%pl, label %%end
end:
  call i32 @putchar(i32 10)
  ret i32 0
}
""" % (len(inp), inhex, out_size, outhex, len(inp), len(inp), out_size, out_size, loop, out_size) + attrs
    kernel, host = dedupe_decls(kernel), dedupe_decls(host)
    return {
        "seed": seed,
        "family": family,
        "grid": grid,
        "block": block,
        "grid_shape": ",".join(map(str, gshape)) if gshape else None,
        "block_shape": ",".join(map(str, bshape)) if bshape else None,
        "nout": NOUT,
        "layout": layout,
        "atomics": atoms,
        "input": inp.hex(),
        "out_init": out_init.hex() if atoms else None,
        "out_size": out_size,
        "kernel_ll": kernel,
        "host_ll": host,
        "features": sorted(m.features),
    }


if __name__ == "__main__":
    seed = int(sys.argv[1]) if len(sys.argv) > 1 else 1
    fam = sys.argv[2] if len(sys.argv) > 2 else None
    p = generate(seed, fam)
    if len(sys.argv) > 3:
        d = sys.argv[3]
        open(d + "/kernel.ll", "w").write(p["kernel_ll"])
        open(d + "/host.ll", "w").write(p["host_ll"])
        meta = {k: v for k, v in p.items() if k not in ("kernel_ll", "host_ll")}
        json.dump(meta, open(d + "/meta.json", "w"), indent=1)
    else:
        print(p["kernel_ll"])
