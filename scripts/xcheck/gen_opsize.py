#!/usr/bin/env python3
"""Kernels for PTX ISA 9.4/9.4.1 (operand types, operands wider than the
instruction type), with expected bytes from opsizemodel.py; runs them with
`ptxfp run` and `ptxfp check` and reports disagreements.

Every kernel runs as one thread or one warp (`--block 32`). Each test is a
slot: its source registers are loaded whole (ld.global.bW of the register's
own width, a '-' cell of Table 27/28) from per-lane input bytes whose upper
bits are junk; a destination register is first loaded with junk; the
instruction under test runs; then every destination register is stored
whole (st.global.bW) into the slot's 16 bytes of `out`, prefilled with
0xa5. The expected file lists, per slot and lane, the 16 bytes of `out`.

Usage:
  gen_opsize.py run [--out DIR] [--quick]     generate, run, report
  gen_opsize.py sample --out DIR [--seed N]   a deterministic sample (45
                                              kernels, one `// ptxfp run`
                                              line each, FILE.expected beside)
  gen_opsize.py verify DIR                    run a sample's kernels, compare
  gen_opsize.py invalid [--out DIR]           the forbidden combinations:
                                              check and run must refuse
"""

import argparse
import json
import os
import random
import re
import subprocess
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import opsizemodel as M  # noqa: E402

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.dirname(os.path.dirname(HERE))
PTXFP = os.environ.get("PTXFP", os.path.join(ROOT, "target", "release", "ptxfp"))
PAT = 0xA5
SLOT = 16
HEADER = ".version 8.8\n.target sm_90\n.address_size 64\n"


def bw(t):
    """The bit-size type of a register's own width (for whole loads/stores)."""
    return "b%d" % M.WIDTH[t]


# --------------------------------------------------------------------------
# Slots
# --------------------------------------------------------------------------

class Slot:
    """One test. regs: [(name, type)]; inputs: [(name, type, kind)] with kind
    'reg' (loaded whole before the body) or 'mem' (bytes the body reads at
    {m_name}); body: lines with {name} / {m_name} fields; outputs: [(name,
    type)] stored whole; compute(vals) -> {output: bits}; gen(rng) ->
    {input: bits}."""

    def __init__(self, desc, regs, inputs, body, outputs, compute, gen):
        self.desc, self.regs, self.inputs = desc, regs, inputs
        self.body, self.outputs = body, outputs
        self.compute, self.gen = compute, gen
        self.cells = []


def edge_narrow(rng, w, signed_hint=None):
    c = rng.randrange(8)
    top = 1 << (w - 1)
    if c == 0:
        v = 0
    elif c == 1:
        v = 1
    elif c == 2:
        v = M.mask(w)
    elif c == 3:
        v = top
    elif c == 4:
        v = top - 1
    else:
        v = rng.getrandbits(w)
    if signed_hint is not None:
        v = (v | top) if signed_hint else (v & ~top & M.mask(w))
    return v


def junk_wide(rng, rw, nw, neg=None):
    """rw-bit register value whose low nw bits are an edge value and whose
    upper bits are junk (never all zero or all sign copies)."""
    low = edge_narrow(rng, nw, neg)
    if rw == nw:
        return low
    hi_w = rw - nw
    while True:
        hi = rng.getrandbits(hi_w)
        if hi not in (0, M.mask(hi_w)):
            break
    return (hi << nw) | low


def rand_bits(rng, w):
    return rng.getrandbits(w)


# ---- ld ------------------------------------------------------------------

def _space_prefix(space):
    return {"global": ".global", "generic": "", "local": ".local", "shared": ".shared"}[space]


def slot_ld(T, R, neg, space="global"):
    """ld.T into a register of type R; the data first copied into `space`
    (generic: the global address without a space)."""
    wT, wR = M.WIDTH[T], M.WIDTH[R]

    def gen(rng):
        return {"d": rand_bits(rng, wR), "m": edge_narrow(rng, wT, neg)}

    def compute(v):
        return {"d": M.ld(v["m"].to_bytes(wT // 8, "little"), T, R)}
    regs = [("d", R)]
    if space in ("global", "generic"):
        body = [f"ld{_space_prefix(space)}.{T} {{d}}, [{{m_m}}];"]
    else:
        regs.append(("t", "b%d" % wT))
        base = "{loc}" if space == "local" else "{sh}"
        body = [f"ld.global.b{wT} {{t}}, [{{m_m}}];",
                f"st{_space_prefix(space)}.b{wT} [{base}], {{t}};",
                f"ld{_space_prefix(space)}.{T} {{d}}, [{base}];"]
    s = Slot(f"ld{_space_prefix(space)}.{T} into .{R} ({'sign set' if neg else 'sign clear'})",
             regs, [("d", R, "reg"), ("m", "b%d" % wT, "mem")], body, [("d", R)], compute, gen)
    s.cells = [("T28", T, R, "ld")]
    return s


# ---- st ------------------------------------------------------------------

def slot_st(T, R, neg, space="global"):
    wT, wR = M.WIDTH[T], M.WIDTH[R]

    def gen(rng):
        return {"a": junk_wide(rng, wR, wT, neg)}

    def compute(v):
        return {"@mem": M.st(v["a"], R, T)}
    regs = [("a", R)]
    if space in ("global", "generic"):
        body = ["st%s.%s [{out}], {a};" % (_space_prefix(space), T)]
    else:
        regs.append(("t", "b%d" % wT))
        base = "{loc}" if space == "local" else "{sh}"
        body = [f"st{_space_prefix(space)}.{T} [{base}], {{a}};",
                f"ld{_space_prefix(space)}.b{wT} {{t}}, [{base}];",
                f"st.global.b{wT} [{{out}}], {{t}};"]
    s = Slot(f"st{_space_prefix(space)}.{T} from .{R}", regs, [("a", R, "reg")], body, [],
             compute, gen)
    s.cells = [("T27", T, R, "st")]
    return s


def slot_ldv(T, R, n, space="global"):
    """ld.vN.T into N registers of type R (5.4.2/9.7.10.8; each element as a
    scalar ld into a wider register: Table 28)."""
    wT, wR = M.WIDTH[T], M.WIDTH[R]
    names = [f"d{i}" for i in range(n)]

    def gen(rng):
        v = {x: rand_bits(rng, wR) for x in names}
        m = 0
        for i in range(n):
            m |= edge_narrow(rng, wT, rng.random() < 0.5) << (i * wT)
        v["m"] = m
        return v

    def compute(v):
        mb = v["m"].to_bytes(n * wT // 8, "little")
        k = wT // 8
        return {x: M.ld(mb[i * k:(i + 1) * k], T, R) for i, x in enumerate(names)}
    vec = "{{" + ", ".join("{%s}" % x for x in names) + "}}"
    s = Slot(f"ld{_space_prefix(space)}.v{n}.{T} into .{R}", [(x, R) for x in names],
             [(x, R, "reg") for x in names] + [("m", "b%d" % (n * wT), "mem")],
             [f"ld{_space_prefix(space)}.v{n}.{T} {vec}, [{{m_m}}];"],
             [(x, R) for x in names], compute, gen)
    s.cells = [("T28", T, R, "ld.v")]
    return s


def slot_stv(T, R, n, space="global"):
    wT, wR = M.WIDTH[T], M.WIDTH[R]
    names = [f"a{i}" for i in range(n)]

    def gen(rng):
        return {x: junk_wide(rng, wR, wT, rng.random() < 0.5) for x in names}

    def compute(v):
        return {"@mem": b"".join(M.st(v[x], R, T) for x in names)}
    vec = "{{" + ", ".join("{%s}" % x for x in names) + "}}"
    s = Slot(f"st{_space_prefix(space)}.v{n}.{T} from .{R}", [(x, R) for x in names],
             [(x, R, "reg") for x in names],
             [f"st{_space_prefix(space)}.v{n}.{T} [{{out}}], {vec};"], [], compute, gen)
    s.cells = [("T27", T, R, "st.v")]
    return s


# ---- cvt -----------------------------------------------------------------

def slot_cvt_int(D, A, S, R, sat=False):
    wA, wS, wR = M.WIDTH[A], M.WIDTH[S], M.WIDTH[R]
    mod = ".sat" if sat else ""

    def gen(rng):
        return {"a": junk_wide(rng, wS, wA, rng.random() < 0.5),
                "d": rand_bits(rng, wR)}

    def compute(v):
        return {"d": M.cvt_int(D, A, v["a"], S, R, sat)}
    s = Slot(f"cvt{mod}.{D}.{A} .{R} <- .{S}", [("d", R), ("a", S)],
             [("a", S, "reg"), ("d", R, "reg")],
             [f"cvt{mod}.{D}.{A} {{d}}, {{a}};"], [("d", R)], compute, gen)
    s.cells = [("T27", A, S, "cvt"), ("T28", D, R, "cvt")]
    return s


def float_values(t):
    """Values exact in every format they pass through here."""
    base = [0.0, -0.0, 1.0, -1.0, 1.5, -2.5, 3.0, 0.5, -0.25, 100.0, -7.0,
            1024.0, 2.0 ** -14, -(2.0 ** -10), 96.0, 127.0, -128.0, 255.0]
    return base


def int_float_values(A):
    w = M.WIDTH[A]
    if M.KIND[A] == "s":
        return [0, 1, -1, 5, -100, 127, -128, (1 << min(w, 11)) - 1, -(1 << min(w - 1, 11))]
    return [0, 1, 5, 100, 255, (1 << min(w, 11)) - 1]


def slot_cvt_float(mods, D, A, S, R, kind):
    """kind: 'ff' float->float, 'fi' float->int, 'if' int->float."""
    wA, wS, wR = M.WIDTH[A], M.WIDTH[S], M.WIDTH[R]

    def gen(rng):
        if kind in ("ff", "fi"):
            vals = [x for x in float_values(A)]
            if kind == "fi":
                lo, hi = ((-(1 << (M.WIDTH[D] - 1)), (1 << (M.WIDTH[D] - 1)) - 1)
                          if M.KIND[D] == "s" else (0, (1 << M.WIDTH[D]) - 1))
                vals = [x for x in vals if x == int(x) and lo <= x <= hi]
                vals = [x for x in vals if not (x == 0 and str(x)[0] == "-")]
            x = rng.choice(vals)
            low = M.fencode(x, A)
        else:
            vals = []
            for x in int_float_values(A):
                try:
                    M.fencode(float(x), D)
                    vals.append(x)
                except AssertionError:
                    pass
            x = rng.choice(vals)
            low = x & M.mask(wA)
        hi = 0
        if wS > wA:
            hi = rng.getrandbits(wS - wA) | 1
        return {"a": (hi << wA) | low, "d": rand_bits(rng, wR)}

    def compute(v):
        return {"d": M.cvt_float(D, A, v["a"], S, R)}
    s = Slot(f"cvt{mods}.{D}.{A} .{R} <- .{S}", [("d", R), ("a", S)],
             [("a", S, "reg"), ("d", R, "reg")],
             [f"cvt{mods}.{D}.{A} {{d}}, {{a}};"], [("d", R)], compute, gen)
    s.cells = [("T27", A, S, "cvt"), ("T28", D, R, "cvt")] if A in M.FMT or D in M.FMT else []
    if A == "bf16" or D == "bf16":
        s.cells = []
    return s


# ---- same-size operations (Table 26) ---------------------------------------

def slot_binop(op, T, rd, ra, rb):
    w = M.WIDTH[T]

    def gen(rng):
        while True:
            a, b = edge_narrow(rng, w), edge_narrow(rng, w)
            if op in ("div", "rem"):
                if b == 0:
                    continue
                if M.KIND[T] == "s" and M.sext(a, w) == -(1 << (w - 1)) and M.sext(b, w) == -1:
                    continue
            return {"a": a, "b": b, "d": rand_bits(rng, M.WIDTH[rd])}

    def compute(v):
        a = M.as_itype(v["a"], ra, T)
        b = M.as_itype(v["b"], rb, T)
        r = M.intop(op, T, [a, b])
        return {"d": r}
    return Slot(f"{op}.{T} .{rd} <- .{ra}, .{rb}", [("d", rd), ("a", ra), ("b", rb)],
                [("a", ra, "reg"), ("b", rb, "reg"), ("d", rd, "reg")],
                [f"{op}.{T} {{d}}, {{a}}, {{b}};"], [("d", rd)], compute, gen)


def slot_unop(op, T, rd, ra, dtype=None):
    w = M.WIDTH[T]

    def gen(rng):
        while True:
            a = edge_narrow(rng, w)
            if op in ("abs", "neg") and M.KIND[T] == "s" and a == 1 << (w - 1):
                continue  # |MIN|, -MIN: docs/NVIDIA.md's choice, not this subject
            return {"a": a, "d": rand_bits(rng, M.WIDTH[rd])}

    def compute(v):
        a = M.as_itype(v["a"], ra, T)
        return {"d": M.intop(op, T, [a])}
    return Slot(f"{op}.{T} .{rd} <- .{ra}", [("d", rd), ("a", ra)],
                [("a", ra, "reg"), ("d", rd, "reg")],
                [f"{op}.{T} {{d}}, {{a}};"], [("d", rd)], compute, gen)


def slot_shift(op, T, rd, ra, rn):
    w = M.WIDTH[T]

    def gen(rng):
        n = rng.choice([0, 1, w - 1, w, w + 1, 0xFFFFFFFF, 0x80000000, rng.randrange(w)])
        return {"a": edge_narrow(rng, w), "n": n, "d": rand_bits(rng, M.WIDTH[rd])}

    def compute(v):
        a = M.as_itype(v["a"], ra, T)
        n = M.as_itype(v["n"], rn, "u32")  # "the shift amount ... always has type .u32"
        return {"d": M.intop(op, T, [a, n])}
    return Slot(f"{op}.{T} .{rd} <- .{ra}, amount .{rn}",
                [("d", rd), ("a", ra), ("n", rn)],
                [("a", ra, "reg"), ("n", rn, "reg"), ("d", rd, "reg")],
                [f"{op}.{T} {{d}}, {{a}}, {{n}};"], [("d", rd)], compute, gen)


def slot_mulwide(T, rd, ra, rb):
    w = M.WIDTH[T]

    def gen(rng):
        return {"a": edge_narrow(rng, w), "b": edge_narrow(rng, w), "d": rand_bits(rng, 2 * w)}

    def compute(v):
        a, b = M.as_itype(v["a"], ra, T), M.as_itype(v["b"], rb, T)
        return {"d": M.intop("mul.wide", T, [a, b])}
    return Slot(f"mul.wide.{T} .{rd} <- .{ra}, .{rb}", [("d", rd), ("a", ra), ("b", rb)],
                [("a", ra, "reg"), ("b", rb, "reg"), ("d", rd, "reg")],
                [f"mul.wide.{T} {{d}}, {{a}}, {{b}};"], [("d", rd)], compute, gen)


def slot_setp(cmp, T, ra, rb):
    w = M.WIDTH[T]

    def gen(rng):
        if M.KIND[T] == "f":
            vals = float_values(T)
            return {"a": M.fencode(rng.choice(vals), T), "b": M.fencode(rng.choice(vals), T)}
        a = edge_narrow(rng, w)
        b = a if rng.random() < 0.2 else edge_narrow(rng, w)
        return {"a": a, "b": b}

    def compute(v):
        if M.KIND[T] == "f":
            a, b = v["a"], v["b"]
        else:
            a, b = M.as_itype(v["a"], ra, T), M.as_itype(v["b"], rb, T)
        return {"p": M.setp(cmp, T, a, b)}
    return Slot(f"setp.{cmp}.{T} <- .{ra}, .{rb}", [("p", "pred"), ("a", ra), ("b", rb)],
                [("a", ra, "reg"), ("b", rb, "reg")],
                [f"setp.{cmp}.{T} {{p}}, {{a}}, {{b}};"], [("p", "pred")], compute, gen)


def slot_selp(T, rd, ra, rb):
    w = M.WIDTH[T]

    def gen(rng):
        return {"a": rand_bits(rng, w), "b": rand_bits(rng, w), "c": rng.randrange(2),
                "d": rand_bits(rng, M.WIDTH[rd])}

    def compute(v):
        return {"d": v["a"] if v["c"] else v["b"]}
    return Slot(f"selp.{T} .{rd} <- .{ra}, .{rb}",
                [("d", rd), ("a", ra), ("b", rb), ("c", "b32"), ("p", "pred")],
                [("a", ra, "reg"), ("b", rb, "reg"), ("c", "b32", "reg"), ("d", rd, "reg")],
                ["setp.ne.b32 {p}, {c}, 0;", f"selp.{T} {{d}}, {{a}}, {{b}}, {{p}};"],
                [("d", rd)], compute, gen)


def slot_mov(T, rd, ra):
    w = M.WIDTH[T]

    def gen(rng):
        return {"a": rand_bits(rng, w), "d": rand_bits(rng, M.WIDTH[rd])}

    def compute(v):
        return {"d": v["a"]}
    return Slot(f"mov.{T} .{rd} <- .{ra}", [("d", rd), ("a", ra)],
                [("a", ra, "reg"), ("d", rd, "reg")],
                [f"mov.{T} {{d}}, {{a}};"], [("d", rd)], compute, gen)


def slot_fop(op, T, rd, ra, rb=None):
    def compute(v):
        args = [v["a"]] if rb is None else [v["a"], v["b"]]
        return {"d": M.fop(op, T, args)}

    def gen(rng):
        vals = [x for x in float_values(T)]
        while True:
            v = {"a": M.fencode(rng.choice(vals), T), "b": M.fencode(rng.choice(vals), T),
                 "d": rand_bits(rng, M.WIDTH[rd])}
            try:
                compute(v)  # exact results only
                return v
            except AssertionError:
                pass
    rnd = ".rn" if op in ("add", "sub", "mul") else ""
    if rb is None:
        return Slot(f"{op}.{T} .{rd} <- .{ra}", [("d", rd), ("a", ra)],
                    [("a", ra, "reg"), ("d", rd, "reg")],
                    [f"{op}.{T} {{d}}, {{a}};"], [("d", rd)], compute, gen)
    return Slot(f"{op}{rnd}.{T} .{rd} <- .{ra}, .{rb}", [("d", rd), ("a", ra), ("b", rb)],
                [("a", ra, "reg"), ("b", rb, "reg"), ("d", rd, "reg")],
                [f"{op}{rnd}.{T} {{d}}, {{a}}, {{b}};"], [("d", rd)], compute, gen)


def slot_pack(T, elem_types, unpack):
    """mov.bN pack/unpack (9.7.10.4): "Both the overall size of the vector
    and the size of the scalar must match the size of the instruction
    type"; d = a.x | (a.y << k) ...; { d.x, d.y } = { a[0..k-1], ... }."""
    w = M.WIDTH[T]
    n = len(elem_types)
    k = w // n
    names = [f"e{i}" for i in range(n)]
    regs = [("s", T)] + list(zip(names, elem_types))
    vec = "{{" + ", ".join("{%s}" % x for x in names) + "}}"

    def gen(rng):
        v = {"s": rand_bits(rng, w)}
        for x in names:
            v[x] = rand_bits(rng, k)
        return v

    if unpack:
        def compute(v):
            return {x: (v["s"] >> (k * i)) & M.mask(k) for i, x in enumerate(names)}
        return Slot(f"mov.{T} {{{','.join('.' + t for t in elem_types)}}} <- .{T}", regs,
                    [("s", T, "reg")] + [(x, t, "reg") for x, t in zip(names, elem_types)],
                    [f"mov.{T} {vec}, {{s}};"], [(x, t) for x, t in zip(names, elem_types)],
                    compute, gen)

    def compute(v):
        r = 0
        for i, x in enumerate(names):
            r |= v[x] << (k * i)
        return {"s": r}
    return Slot(f"mov.{T} .{T} <- {{{','.join('.' + t for t in elem_types)}}}", regs,
                [(x, t, "reg") for x, t in zip(names, elem_types)] + [("s", T, "reg")],
                [f"mov.{T} {{s}}, {vec};"], [("s", T)], compute, gen)


def slot_imm(desc, T, rd, body, compute_fn, ra=None):
    """An instruction with an immediate; 4.5.1: "each integer constant is
    converted to the appropriate size based on the data or instruction type
    at its use"; 4.5.2: "Each 64-bit floating-point constant is converted
    to the appropriate floating-point size", 0f constants "retain their
    exact 32-bit single-precision value"."""
    regs = [("d", rd)] + ([("a", ra)] if ra else [])
    inputs = [("d", rd, "reg")] + ([("a", ra, "reg")] if ra else [])

    def gen(rng):
        v = {"d": rand_bits(rng, M.WIDTH[rd])}
        if ra:
            v["a"] = edge_narrow(rng, M.WIDTH[ra])
        return v
    return Slot(desc, regs, inputs, body, [("d", rd)], compute_fn, gen)


# --------------------------------------------------------------------------
# Families
# --------------------------------------------------------------------------

def fam_ld():
    out = []
    for T in M.LDST_TYPES:
        for R in M.REG_TYPES:
            if M.allowed("ld", T, R, "dst"):
                out.append(slot_ld(T, R, True))
                out.append(slot_ld(T, R, False))
    return out


def fam_st():
    out = []
    for T in M.LDST_TYPES:
        for R in M.REG_TYPES:
            if M.allowed("st", T, R, "src"):
                out.append(slot_st(T, R, True))
                out.append(slot_st(T, R, False))
    return out


def fam_spaces():
    """Every allowed ld/st cell again, through a generic address, .local or
    .shared memory (in turn)."""
    out = []
    spaces = ["generic", "local", "shared"]
    i = 0
    for T in M.LDST_TYPES:
        for R in M.REG_TYPES:
            if M.allowed("ld", T, R, "dst"):
                out.append(slot_ld(T, R, i % 2 == 0, spaces[i % 3]))
                i += 1
            if M.allowed("st", T, R, "src"):
                out.append(slot_st(T, R, i % 2 == 0, spaces[i % 3]))
                i += 1
    return out


def fam_vec():
    """ld/st .v2/.v4 of every type but .b128 into/out of every allowed wider
    register type (at most 16 bytes of registers a slot)."""
    out = []
    i = 0
    for T in M.LDST_TYPES:
        if T == "b128":
            continue
        for R in M.REG_TYPES:
            for n in (2, 4):
                if n * M.WIDTH[R] > 128 or (n == 4 and M.WIDTH[T] == 64):
                    continue
                if M.allowed("ld", T, R, "dst"):
                    out.append(slot_ldv(T, R, n, ["global", "generic"][i % 2]))
                if M.allowed("st", T, R, "src"):
                    out.append(slot_stv(T, R, n, ["global", "generic"][i % 2]))
                i += 1
    return out


def fam_cvt_int(quick=False):
    out = []
    for D in M.CVT_INT:
        for A in M.CVT_INT:
            srcs = [S for S in M.REG_TYPES if M.allowed("cvt", A, S, "src")]
            dsts = [R for R in M.REG_TYPES if M.allowed("cvt", D, R, "dst")]
            if quick:
                srcs, dsts = srcs[::3], dsts[::3]
            for i, S in enumerate(srcs):
                out.append(slot_cvt_int(D, A, S, dsts[i % len(dsts)]))
            for i, R in enumerate(dsts):
                out.append(slot_cvt_int(D, A, srcs[(i + 1) % len(srcs)], R))
            # .sat where saturation is possible (the destination range is
            # not a superset of the source's)
            wA, wD = M.WIDTH[A], M.WIDTH[D]
            sA, sD = M.KIND[A] == "s", M.KIND[D] == "s"
            superset = (wD > wA and (sD or not sA)) or (wD == wA and sD == sA)
            if not superset:
                out.append(slot_cvt_int(D, A, srcs[-1], dsts[-1], sat=True))
    return out


def fam_cvt_float():
    out = []
    spec = [
        # (mods, D, A, kind)
        ("", "f32", "f16", "ff"), ("", "f64", "f16", "ff"), ("", "f64", "f32", "ff"),
        (".rn", "f16", "f32", "ff"), (".rn", "f32", "f64", "ff"), (".rn", "f16", "f64", "ff"),
        (".rzi", "s16", "f32", "fi"), (".rzi", "u8", "f32", "fi"), (".rzi", "s8", "f16", "fi"),
        (".rzi", "s64", "f64", "fi"), (".rzi", "u32", "f16", "fi"), (".rzi", "s32", "f64", "fi"),
        (".rn", "f32", "s16", "if"), (".rn", "f16", "u8", "if"), (".rn", "f64", "s32", "if"),
        (".rn", "f32", "s8", "if"), (".rn", "f16", "s64", "if"), (".rn", "f64", "u16", "if"),
    ]
    for mods, D, A, kind in spec:
        srcs = [S for S in M.REG_TYPES if M.allowed("cvt", A, S, "src")]
        dsts = [R for R in M.REG_TYPES if M.allowed("cvt", D, R, "dst")]
        for i, S in enumerate(srcs):
            out.append(slot_cvt_float(mods, D, A, S, dsts[i % len(dsts)], kind))
        for i, R in enumerate(dsts):
            out.append(slot_cvt_float(mods, D, A, srcs[(i + 1) % len(srcs)], R, kind))
    # .bf16: only .b16 registers (9.7.10.24)
    out.append(slot_cvt_float("", "f32", "bf16", "b16", "f32", "ff"))
    out.append(slot_cvt_float("", "f32", "bf16", "b16", "b32", "ff"))
    out.append(slot_cvt_float("", "f32", "bf16", "b16", "b64", "ff"))
    out.append(slot_cvt_float(".rn", "bf16", "f32", "f32", "b16", "ff"))
    out.append(slot_cvt_float(".rn", "bf16", "f32", "b32", "b16", "ff"))
    out.append(slot_cvt_float(".rn", "bf16", "f32", "b64", "b16", "ff"))
    out.append(slot_cvt_float(".rn", "bf16", "s16", "s32", "b16", "if"))
    return out


INT_T = ["s16", "u16", "s32", "u32", "s64", "u64"]


def same_size_regs(T, with_float=False):
    w = M.WIDTH[T]
    r = [f"b{w}", f"s{w}", f"u{w}"]
    if with_float:
        r.append(f"f{w}")
    return r


def fam_general(quick=False):
    out = []
    rng = random.Random(12345)
    ops = ["add", "sub", "mul.lo", "mul.hi", "min", "max", "div", "rem"]
    for op in ops:
        for T in INT_T:
            regs = same_size_regs(T)
            combos = [(d, a, b) for d in regs for a in regs for b in regs]
            rng.shuffle(combos)
            for c in combos[: (4 if quick else 9)]:
                out.append(slot_binop(op, T, *c))
    for op in ["and", "or", "xor"]:
        for w in (16, 32, 64):
            T = f"b{w}"
            regs = same_size_regs(T, with_float=True)
            combos = [(d, a, b) for d in regs for a in regs for b in regs]
            rng.shuffle(combos)
            for c in combos[: (4 if quick else 10)]:
                out.append(slot_binop(op, T, *c))
    for op in ["abs", "neg"]:
        for T in ["s16", "s32", "s64"]:
            for ra in same_size_regs(T):
                out.append(slot_unop(op, T, rng.choice(same_size_regs(T)), ra))
    for op in ["not", "brev"]:
        for w in (16, 32, 64):
            if op == "brev" and w == 16:
                continue
            T = f"b{w}"
            for ra in same_size_regs(T, with_float=True):
                out.append(slot_unop(op, T, rng.choice(same_size_regs(T, True)), ra))
    for op in ["popc", "clz"]:
        for w in (32, 64):
            T = f"b{w}"
            for ra in same_size_regs(T, with_float=True):
                out.append(slot_unop(op, T, rng.choice(["u32", "b32", "s32"]), ra))
    for w in (16, 32, 64):
        for k in "bsu":
            T = f"{k}{w}"
            op = "shl" if k == "b" else "shr"
            for ra in same_size_regs(T):
                for rn in ["b32", "s32", "u32"]:
                    out.append(slot_shift(op, T, rng.choice(same_size_regs(T)), ra, rn))
            if k == "b":
                for ra in same_size_regs(T):
                    out.append(slot_shift("shr", T, ra, ra, rng.choice(["b32", "s32", "u32"])))
    for T in ["s16", "u16", "s32", "u32"]:
        w = M.WIDTH[T]
        for ra in same_size_regs(T):
            for rd in [f"b{2 * w}", f"s{2 * w}", f"u{2 * w}"]:
                out.append(slot_mulwide(T, rd, ra, rng.choice(same_size_regs(T))))
    for T in INT_T:
        cmps = ["eq", "ne", "lt", "le", "gt", "ge"] + (["lo", "ls", "hi", "hs"] if T[0] == "u" else [])
        for cmp in cmps:
            regs = same_size_regs(T)
            for _ in range(2 if quick else 4):
                out.append(slot_setp(cmp, T, rng.choice(regs), rng.choice(regs)))
    for w in (16, 32, 64):
        T = f"b{w}"
        for cmp in ["eq", "ne"]:
            for ra in same_size_regs(T, True):
                out.append(slot_setp(cmp, T, ra, rng.choice(same_size_regs(T, True))))
    for T in ["f32", "f64"]:
        w = M.WIDTH[T]
        for cmp in ["eq", "ne", "lt", "le", "gt", "ge"]:
            out.append(slot_setp(cmp, T, f"b{w}", f"f{w}"))
            out.append(slot_setp(cmp, T, f"f{w}", f"b{w}"))
    for cmp in ["lt", "eq"]:
        out.append(slot_setp(cmp, "f16", "b16", "f16"))
        out.append(slot_setp(cmp, "f16", "f16", "b16"))
    for w in (16, 32, 64):
        for k in "bsuf":
            if k == "f" and w == 16:
                continue
            T = f"{k}{w}"
            regs = [r for r in same_size_regs(f"b{w}", True) if M.table26(T, r)]
            for rd in regs:
                out.append(slot_selp(T, rd, rng.choice(regs), rng.choice(regs)))
            if k != "f" or w != 16:
                for ra in regs:
                    out.append(slot_mov(T, rng.choice(regs), ra))
    for T in ["f32", "f64"]:
        w = M.WIDTH[T]
        regs = [f"b{w}", f"f{w}"]
        for op in ["add", "sub", "mul"]:
            for rd in regs:
                for ra in regs:
                    out.append(slot_fop(op, T, rd, ra, rng.choice(regs)))
        for op in ["abs", "neg"]:
            for rd in regs:
                out.append(slot_fop(op, T, rd, rng.choice(regs)))
    for op in ["add", "mul"]:
        for rd in ["b16", "f16"]:
            out.append(slot_fop(op, "f16", rd, "b16", "f16"))
    # pack / unpack (9.7.10.4)
    out.append(slot_pack("b32", ["u16", "s16"], False))
    out.append(slot_pack("b32", ["f16", "b16"], False))
    out.append(slot_pack("b32", ["u16", "f16"], True))
    out.append(slot_pack("b64", ["f32", "u32"], False))
    out.append(slot_pack("b64", ["f32", "s32"], True))
    out.append(slot_pack("b64", ["u16", "s16", "f16", "b16"], True))
    out.append(slot_pack("b32", ["u8", "s8", "b8", "u8"], True))
    out.append(slot_pack("b32", ["b8", "u8", "s8", "b8"], False))
    out.append(slot_pack("b16", ["u8", "s8"], True))
    out.append(slot_pack("b16", ["b8", "u8"], False))
    out.append(slot_pack("b128", ["b64", "u64"], False))
    out.append(slot_pack("b128", ["f64", "s64"], True))
    out.append(slot_pack("b128", ["u32", "f32", "s32", "b32"], True))
    out.extend(fam_imm())
    return out


def fam_imm():
    out = []

    def c_add16(v, k):
        return {"d": (M.as_itype(v["a"], "u16", "u16") + k) & 0xFFFF}
    out.append(slot_imm("add.u16 with immediate 0x12345 (kept: 0x2345)", "u16", "u16",
                        ["add.u16 {d}, {a}, 0x12345;"], lambda v: c_add16(v, 0x2345), ra="u16"))
    out.append(slot_imm("add.s16 with immediate -1", "s16", "s16",
                        ["add.s16 {d}, {a}, -1;"], lambda v: c_add16(v, 0xFFFF), ra="s16"))
    out.append(slot_imm("and.b32 with immediate 0x1fffff0f0", "b32", "b32",
                        ["and.b32 {d}, {a}, 0x1fffff0f0;"],
                        lambda v: {"d": v["a"] & 0xFFFFF0F0}, ra="b32"))
    out.append(slot_imm("mov.u16 with immediate 0x1fffe", "u16", "u16",
                        ["mov.u16 {d}, 0x1fffe;"], lambda v: {"d": 0xFFFE}))
    out.append(slot_imm("mov.s32 with immediate -2", "s32", "u32",
                        ["mov.s32 {d}, -2;"], lambda v: {"d": 0xFFFFFFFE}))
    out.append(slot_imm("mov.u64 with immediate -1", "u64", "b64",
                        ["mov.u64 {d}, -1;"], lambda v: {"d": M.mask(64)}))
    out.append(slot_imm("selp.u16 with immediates 0x12345, 7", "u16", "u16",
                        ["selp.u16 {d}, 0x12345, 7, 1;"], lambda v: {"d": 0x2345}))
    out.append(slot_imm("mov.f32 with 0d3ff8000000000000 (1.5)", "f32", "f32",
                        ["mov.f32 {d}, 0d3FF8000000000000;"], lambda v: {"d": 0x3FC00000}))
    out.append(slot_imm("mov.f64 with 0f3fc00000 (1.5)", "f64", "f64",
                        ["mov.f64 {d}, 0f3FC00000;"], lambda v: {"d": 0x3FF8000000000000}))
    out.append(slot_imm("mov.f32 with 1.5", "f32", "b32",
                        ["mov.f32 {d}, 1.5;"], lambda v: {"d": 0x3FC00000}))
    out.append(slot_imm("add.f32 with 0d4004000000000000 (2.5)", "f32", "f32",
                        ["add.rn.f32 {d}, {d}, 0d4004000000000000;"],
                        lambda v: {"d": 0x40200000}))
    out[-1].inputs = [("d", "f32", "reg")]
    out[-1].gen = lambda rng: {"d": 0}
    out.append(slot_imm("mov.b32 with 0f3f800000", "b32", "b32",
                        ["mov.b32 {d}, 0f3F800000;"], lambda v: {"d": 0x3F800000}))
    out.append(slot_imm("setp.eq.s16 against 0x18000 (-32768)", "s16", "u32",
                        ["{{ .reg .pred %q; setp.eq.s16 %q, {a}, 0x18000; selp.u32 {d}, 1, 0, %q; }}"],
                        lambda v: {"d": int(v["a"] == 0x8000)}, ra="s16"))
    out.append(slot_imm("setp.eq.u16 against 0x1ffff (0xffff)", "u16", "u32",
                        ["{{ .reg .pred %q; setp.eq.u16 %q, {a}, 0x1ffff; selp.u32 {d}, 1, 0, %q; }}"],
                        lambda v: {"d": int(v["a"] == 0xffff)}, ra="u16"))
    out.append(slot_imm("selp.s32 with immediates -1, 0x1_0000_0005", "s32", "b32",
                        ["{{ .reg .pred %q; setp.ne.s16 %q, {a}, 0; selp.s32 {d}, -1, 0x100000005, %q; }}"],
                        lambda v: {"d": 0xFFFFFFFF if v["a"] else 5}, ra="s16"))
    out.append(slot_imm("shl.b64 by immediate 70 (clamped: 0)", "b64", "b64",
                        ["shl.b64 {d}, {a}, 70;"], lambda v: {"d": 0}, ra="b64"))
    return out


FAMILIES = {
    "ld": fam_ld, "st": fam_st, "spaces": fam_spaces, "vec": fam_vec, "cvtint": fam_cvt_int, "cvtfloat": fam_cvt_float,
    "general": fam_general,
}


# --------------------------------------------------------------------------
# Kernels
# --------------------------------------------------------------------------

def ptx_bytes(data):
    return ", ".join("0x%02x" % b for b in data)


def build_kernel(slots, lanes, seed, name):
    """Returns (ptx text, expected bytes per lane, line -> slot index)."""
    rng = random.Random(seed)
    decl, code, lines_of = [], [], {}
    lane_vals = []  # per slot, per lane: {input: bits}
    layout = []     # per slot: {input: offset}
    off = 0
    for si, s in enumerate(slots):
        lay = {}
        for (n, t, kind) in s.inputs:
            w = max(M.WIDTH[t] // 8, 1)
            al = min(max(w, 1), 16)
            off = (off + al - 1) // al * al
            lay[n] = off
            off += w
        layout.append(lay)
        lane_vals.append([s.gen(random.Random(rng.getrandbits(64))) for _ in range(lanes)])
    in_stride = (off + 15) // 16 * 16 or 16
    out_stride = SLOT * len(slots)
    inp = bytearray(in_stride * lanes)
    for si, s in enumerate(slots):
        for lane in range(lanes):
            for (n, t, kind) in s.inputs:
                w = max(M.WIDTH[t] // 8, 1)
                v = lane_vals[si][lane][n]
                base = lane * in_stride + layout[si][n]
                inp[base:base + w] = v.to_bytes(w, "little")
    head = [HEADER,
            f".global .align 16 .b8 inp[{len(inp)}] = {{{ptx_bytes(inp)}}};",
            f".global .align 16 .b8 out[{out_stride * lanes}];",
            f".visible .entry {name}()", "{",
            "  .reg .u64 %pin, %pout, %toff, %pat, %ploc, %psh;", "  .reg .u32 %tid;", "  .reg .b32 %ptmp;",
            f"  .local .align 16 .b8 loc[{out_stride}];"]
    head.insert(3, f".shared .align 16 .b8 sh[{out_stride * lanes}];")
    for si, s in enumerate(slots):
        for (n, t) in s.regs:
            head.append(f"  .reg .{t} %s{si}_{n};")
    code.append("  mov.u32 %tid, %tid.x;")
    code.append(f"  mul.wide.u32 %toff, %tid, {in_stride};")
    code.append("  mov.u64 %pin, inp;")
    code.append("  add.u64 %pin, %pin, %toff;")
    code.append(f"  mul.wide.u32 %toff, %tid, {out_stride};")
    code.append("  mov.u64 %pout, out;")
    code.append("  add.u64 %pout, %pout, %toff;")
    code.append("  mov.b64 %%pat, 0x%s;" % (("%02x" % PAT) * 8))
    code.append("  mov.u64 %ploc, loc;")
    code.append("  mov.u64 %psh, sh;")
    code.append("  add.u64 %psh, %psh, %toff;")
    for si in range(len(slots)):
        code.append(f"  st.global.b64 [%pout+{si * SLOT}], %pat;")
        code.append(f"  st.global.b64 [%pout+{si * SLOT + 8}], %pat;")
    expected = [bytearray(out_stride) for _ in range(lanes)]
    for lane in range(lanes):
        for si in range(len(slots)):
            expected[lane][si * SLOT:(si + 1) * SLOT] = bytes([PAT]) * SLOT
    nhead = len("\n".join(head).split("\n"))
    for si, s in enumerate(slots):
        fields = {n: f"%s{si}_{n}" for (n, t) in s.regs}
        fields.update({f"m_{n}": f"%pin+{layout[si][n]}" for (n, t, k) in s.inputs})
        fields["out"] = f"%pout+{si * SLOT}"
        fields["loc"] = f"%ploc+{si * SLOT}"
        fields["sh"] = f"%psh+{si * SLOT}"
        start = len(code)
        code.append(f"  // slot {si}: {s.desc}")
        for (n, t, kind) in s.inputs:
            if kind == "reg":
                code.append(f"  ld.global.{bw(t)} %s{si}_{n}, [%pin+{layout[si][n]}];")
        for b in s.body:
            code.append("  " + b.format(**fields))
        o = si * SLOT
        for (n, t) in s.outputs:
            if t == "pred":
                code.append(f"  selp.b32 %ptmp, 1, 0, %s{si}_{n};")
                code.append(f"  st.global.b32 [%pout+{o}], %ptmp;")
                o += 4
            else:
                code.append(f"  st.global.{bw(t)} [%pout+{o}], %s{si}_{n};")
                o += max(M.WIDTH[t] // 8, 1)
        for li in range(start, len(code)):
            lines_of[nhead + 1 + li] = si
        for lane in range(lanes):
            res = s.compute(lane_vals[si][lane])
            o = si * SLOT
            if "@mem" in res:
                bts = res["@mem"]
                expected[lane][o:o + len(bts)] = bts
            for (n, t) in s.outputs:
                w = 4 if t == "pred" else max(M.WIDTH[t] // 8, 1)
                expected[lane][o:o + w] = res[n].to_bytes(w, "little")
                o += w
    code.append("  ret;")
    code.append("}")
    text = "\n".join(head) + "\n" + "\n".join(code) + "\n"
    return text, b"".join(bytes(e) for e in expected), lines_of, out_stride


def run_ptxfp(path, lanes):
    cmd = [PTXFP, "run", "--json", path]
    if lanes > 1:
        cmd += ["--block", str(lanes)]
    p = subprocess.run(["nice", "-n", "10"] + cmd, capture_output=True, text=True)
    try:
        j = json.loads(p.stdout)
    except Exception:
        j = {"errors": [{"location": None, "message": p.stderr.strip() or p.stdout.strip()}]}
    return p.returncode, j


def memory_image(j):
    mem = {}
    for e in j.get("memory", []):
        a = int(e["address"], 16)
        for i in range(0, len(e["bytes"]), 2):
            mem[a + i // 2] = int(e["bytes"][i:i + 2], 16)
    return mem


def write_expected(path, exp, desc, out_stride, lanes, args):
    with open(path, "w") as f:
        f.write(f"# expected bytes of `out` after `ptxfp run {os.path.basename(path)[:-9]}.ptx{args}`\n")
        f.write("# (opsizemodel.py, PTX ISA 9.4/9.4.1); one line per slot and lane: OFFSET HEX  # what\n")
        for lane in range(lanes):
            for si in range(out_stride // SLOT):
                o = lane * out_stride + si * SLOT
                f.write(f"{o:06x} {exp[o:o + SLOT].hex()}  # lane {lane}: {desc[si]}\n")


def run_family(slots, lanes, seed, name, outdir, log, emit=True):
    """Generate, run, drop the slots ptxfp refuses (recording them), rerun;
    compare the bytes. Returns (ok count, mismatches, refusals)."""
    refusals, mismatches = [], []
    slots = list(slots)
    for _attempt in range(40):
        text, exp, lines_of, ostride = build_kernel(slots, lanes, seed, name)
        path = os.path.join(outdir, name + ".ptx")
        with open(path, "w") as f:
            f.write(text)
        rc, j = run_ptxfp(path, lanes)
        if rc == 0:
            break
        bad = set()
        for e in j.get("errors", []):
            loc = e.get("location") or ""
            m = re.search(r":(\d+):\d+", loc)
            if m and int(m.group(1)) in lines_of:
                si = lines_of[int(m.group(1))]
                if si not in bad:
                    refusals.append((slots[si], e.get("message", ""), text.split("\n")[int(m.group(1)) - 1].strip()))
                bad.add(si)
        if not bad:
            log.write(f"{name}: run failed without a slot: {json.dumps(j.get('errors'))[:2000]}\n")
            run_family.last = []
            return 0, [], refusals + [(None, json.dumps(j.get("errors"))[:500], "")]
        slots = [s for i, s in enumerate(slots) if i not in bad]
        if not slots:
            run_family.last = []
            return 0, [], refusals
    mem = memory_image(j)
    base = min(mem) if mem else 0
    got = bytes(mem.get(base + i, 0x100 % 256) for i in range(len(exp)))
    missing = [i for i in range(len(exp)) if base + i not in mem]
    ok = 0
    for lane in range(lanes):
        for si, s in enumerate(slots):
            o = lane * ostride + si * SLOT
            if got[o:o + SLOT] != exp[o:o + SLOT] or any(o <= x < o + SLOT for x in missing):
                mismatches.append((s, lane, exp[o:o + SLOT].hex(), got[o:o + SLOT].hex()))
            else:
                ok += 1
    bad_slots = {id(m[0]) for m in mismatches}
    run_family.last = [s for s in slots if id(s) not in bad_slots]
    if emit:
        args = "" if lanes == 1 else f" --block {lanes}"
        write_expected(os.path.join(outdir, name + ".expected"), exp,
                       [s.desc for s in slots], ostride, lanes, args)
    return ok, mismatches, refusals


def chunks(lst, n):
    for i in range(0, len(lst), n):
        yield lst[i:i + n]


def cmd_run(args):
    os.makedirs(args.out, exist_ok=True)
    log = open(os.path.join(args.out, "report.txt"), "w")
    total_ok, all_mis, all_ref = 0, [], []
    cells_ok, cells_ref, cells_mis, kinds = {}, {}, {}, {}
    for fam, fn in FAMILIES.items():
        slots = fn(args.quick) if fam in ("cvtint", "general") else fn()
        for lanes in (1, 32):
            if lanes == 32 and fam not in ("ld", "st", "spaces", "vec", "cvtint") and not args.warp_all:
                continue
            for ci, ch in enumerate(chunks(slots, 60 if lanes == 32 else 150)):
                name = f"{fam}_{'warp' if lanes > 1 else 'thread'}_{ci}"
                ok, mis, ref = run_family(ch, lanes, hash_seed(name, args.seed), name, args.out, log)
                total_ok += ok
                for sl in run_family.last:
                    for c in sl.cells:
                        cells_ok.setdefault(c[:3], set()).add(c[3])
                    kinds[sl.desc.split(" ")[0].split(".")[0]] = kinds.get(sl.desc.split(" ")[0].split(".")[0], 0) + 1
                for r in ref:
                    if r[0] is not None:
                        for c in r[0].cells:
                            cells_ref.setdefault(c[:3], set()).add(c[3])
                for m in mis:
                    for c in m[0].cells:
                        cells_mis.setdefault(c[:3], set()).add(c[3])
                all_mis += [(name,) + m for m in mis]
                if lanes == 1:
                    all_ref += [(name,) + r for r in ref]
                print(f"{name}: {len(ch)} slots, {ok} lane-slots agree, {len(mis)} differ, {len(ref)} refused",
                      file=sys.stderr)
    log.write(f"agree: {total_ok} lane-slots\n")
    log.write("instruction kinds (agreeing slots): " + ", ".join(f"{k} {n}" for k, n in sorted(kinds.items())) + "\n")
    for tname, table in (("T27", M.T27), ("T28", M.T28)):
        allowed = [k for k, v in table.items() if v != "inv"]
        got = [k for k in allowed if (tname,) + k in cells_ok]
        ref = sorted({k for k in allowed if (tname,) + k in cells_ref and (tname,) + k not in cells_ok})
        miss = [k for k in allowed if (tname,) + k not in cells_ok and (tname,) + k not in cells_ref]
        log.write(f"{tname}: {len(allowed)} allowed cells; {len(got)} agree; "
                  f"{len(ref)} only refused: {' '.join(r + '/' + c for r, c in ref)}; "
                  f"{len(miss)} not exercised: {' '.join(r + '/' + c for r, c in miss)}\n")
        for k in sorted(allowed):
            ops = sorted(cells_ok.get((tname,) + k, set()))
            rops = sorted(cells_ref.get((tname,) + k, set()))
            log.write(f"   {tname} {k[0]:>4}/{k[1]:<4} {table[k]:>4}: agree {','.join(ops) or '-'}"
                      f"{'; refused ' + ','.join(rops) if rops else ''}\n")
    log.write("\nREFUSED by ptxfp run (the model allows them):\n")
    seen = set()
    for name, s, msg, line in all_ref:
        key = (s.desc if s else None, msg)
        if key in seen:
            continue
        seen.add(key)
        log.write(f"  [{name}] {s.desc if s else '?'}\n      {line}\n      ptxfp: {msg}\n")
    log.write("\nMISMATCHES (slot, lane, expected, ptxfp):\n")
    for name, s, lane, e, g in all_mis:
        log.write(f"  [{name}] {s.desc} lane {lane}\n      model {e}\n      ptxfp {g}\n")
    log.close()
    print(f"agree {total_ok}, refused {len(all_ref)}, mismatches {len(all_mis)}; "
          f"report: {os.path.join(args.out, 'report.txt')}")


def hash_seed(name, seed):
    h = seed
    for ch in name:
        h = (h * 131 + ord(ch)) % (1 << 61)
    return h


# --------------------------------------------------------------------------
# Forbidden combinations
# --------------------------------------------------------------------------

def invalid_cases():
    """(description, declarations, instruction) of forms whose operand types
    the ISA forbids: Table 27/28 'inv' cells for ld/st/cvt, Table 26 for the
    rest."""
    cases = []
    for T in M.LDST_TYPES:
        for R in M.REG_TYPES:
            if not M.allowed("ld", T, R, "dst"):
                cases.append((f"ld.{T} into .{R} (Table 28 {T}/{R}: inv)", [("d", R)],
                              f"ld.global.{T} %d, [buf];"))
            if not M.allowed("st", T, R, "src"):
                cases.append((f"st.{T} from .{R} (Table 27 {T}/{R}: inv)", [("a", R)],
                              f"st.global.{T} [buf], %a;"))
    for D, A, mods in [("u32", "u16", ""), ("s64", "s8", ""), ("f32", "f16", ""),
                       ("f64", "f32", ""), ("s32", "f32", ".rzi"), ("f32", "s32", ".rn"),
                       ("f16", "f32", ".rn"), ("u8", "f64", ".rzi")]:
        for S in M.REG_TYPES:
            if not M.allowed("cvt", A, S, "src"):
                okd = next(R for R in [D, "b%d" % M.WIDTH[D]] if M.allowed("cvt", D, R, "dst"))
                cases.append((f"cvt{mods}.{D}.{A} source .{S} (Table 27 {A}/{S}: inv)",
                              [("d", okd), ("a", S)], f"cvt{mods}.{D}.{A} %d, %a;"))
        for R in M.REG_TYPES:
            if not M.allowed("cvt", D, R, "dst"):
                oks = next(S for S in [A, "b%d" % M.WIDTH[A]] if M.allowed("cvt", A, S, "src"))
                cases.append((f"cvt{mods}.{D}.{A} destination .{R} (Table 28 {D}/{R}: inv)",
                              [("d", R), ("a", oks)], f"cvt{mods}.{D}.{A} %d, %a;"))
    cases += [
        ("cvt.f32.bf16 source .b32 (cvt: no wider .bf16 source)", [("d", "f32"), ("a", "b32")], "cvt.f32.bf16 %d, %a;"),
        ("cvt.rn.bf16.f32 destination .b32 (cvt: no wider .bf16 destination)", [("d", "b32"), ("a", "f32")], "cvt.rn.bf16.f32 %d, %a;"),
        ("cvt.rna.tf32.f32 destination .b64 (cvt: no wider .tf32 destination)", [("d", "b64"), ("a", "f32")], "cvt.rna.tf32.f32 %d, %a;"),
    ]
    # Table 26: no relaxation outside ld/st/cvt
    t26 = [
        ("add.u16", "u16", [("d", "u32"), ("a", "u16"), ("b", "u16")], "add.u16 %d, %a, %b;"),
        ("add.u16", "u16", [("d", "u16"), ("a", "u32"), ("b", "u16")], "add.u16 %d, %a, %b;"),
        ("add.s32", "s32", [("d", "s32"), ("a", "s64"), ("b", "s32")], "add.s32 %d, %a, %b;"),
        ("add.s32", "s32", [("d", "s32"), ("a", "f32"), ("b", "s32")], "add.s32 %d, %a, %b;"),
        ("add.f32", "f32", [("d", "f32"), ("a", "u32"), ("b", "f32")], "add.f32 %d, %a, %b;"),
        ("add.f32", "f32", [("d", "s32"), ("a", "f32"), ("b", "f32")], "add.f32 %d, %a, %b;"),
        ("add.f64", "f64", [("d", "f64"), ("a", "f32"), ("b", "f64")], "add.f64 %d, %a, %b;"),
        ("and.b32", "b32", [("d", "b32"), ("a", "b16"), ("b", "b32")], "and.b32 %d, %a, %b;"),
        ("and.b32", "b32", [("d", "b64"), ("a", "b32"), ("b", "b32")], "and.b32 %d, %a, %b;"),
        ("not.b16", "b16", [("d", "b16"), ("a", "f32")], "not.b16 %d, %a;"),
        ("mul.lo.u32", "u32", [("d", "u64"), ("a", "u32"), ("b", "u32")], "mul.lo.u32 %d, %a, %b;"),
        ("mul.wide.u16", "u16", [("d", "u64"), ("a", "u16"), ("b", "u16")], "mul.wide.u16 %d, %a, %b;"),
        ("mul.wide.s32", "s32", [("d", "s64"), ("a", "s64"), ("b", "s32")], "mul.wide.s32 %d, %a, %b;"),
        ("shl.b32", "b32", [("d", "b32"), ("a", "b32"), ("b", "u64")], "shl.b32 %d, %a, %b;"),
        ("shl.b32", "b32", [("d", "b32"), ("a", "b32"), ("b", "u16")], "shl.b32 %d, %a, %b;"),
        ("shr.s64", "s64", [("d", "s64"), ("a", "s64"), ("b", "f32")], "shr.s64 %d, %a, %b;"),
        ("popc.b32", "b32", [("d", "u64"), ("a", "b32")], "popc.b32 %d, %a;"),
        ("setp.eq.u16", "u16", [("p", "pred"), ("a", "u32"), ("b", "u16")], "setp.eq.u16 %p, %a, %b;"),
        ("setp.lt.s32", "s32", [("p", "pred"), ("a", "f32"), ("b", "s32")], "setp.lt.s32 %p, %a, %b;"),
        ("setp.lt.f32", "f32", [("p", "pred"), ("a", "u32"), ("b", "f32")], "setp.lt.f32 %p, %a, %b;"),
        ("setp.eq.f64", "f64", [("p", "pred"), ("a", "s64"), ("b", "f64")], "setp.eq.f64 %p, %a, %b;"),
        ("setp.eq.b16", "b16", [("p", "pred"), ("a", "b32"), ("b", "b16")], "setp.eq.b16 %p, %a, %b;"),
        ("selp.u32", "u32", [("d", "u64"), ("a", "u32"), ("b", "u32"), ("p", "pred")], "selp.u32 %d, %a, %b, %p;"),
        ("selp.u32", "u32", [("d", "u32"), ("a", "f32"), ("b", "u32"), ("p", "pred")], "selp.u32 %d, %a, %b, %p;"),
        ("selp.f32", "f32", [("d", "f32"), ("a", "u32"), ("b", "f32"), ("p", "pred")], "selp.f32 %d, %a, %b, %p;"),
        ("mov.b16", "b16", [("d", "b16"), ("a", "b32")], "mov.b16 %d, %a;"),
        ("mov.b16", "b16", [("d", "b32"), ("a", "b16")], "mov.b16 %d, %a;"),
        ("mov.u32", "u32", [("d", "u32"), ("a", "u64")], "mov.u32 %d, %a;"),
        ("mov.u32", "u32", [("d", "u32"), ("a", "f32")], "mov.u32 %d, %a;"),
        ("mov.f32", "f32", [("d", "f32"), ("a", "u32")], "mov.f32 %d, %a;"),
        ("mov.f64", "f64", [("d", "u64"), ("a", "f64")], "mov.f64 %d, %a;"),
        ("mov.b32 pack of two .u32", "b32", [("d", "b32"), ("a", "u32"), ("b", "u32")], "mov.b32 %d, {%a, %b};"),
        ("mov.b64 unpack into two .u16", "b64", [("d", "u16"), ("a", "b64"), ("b", "u16")], "mov.b64 {%d, %b}, %a;"),
        ("abs.f32", "f32", [("d", "f32"), ("a", "s32")], "abs.f32 %d, %a;"),
        ("neg.s16", "s16", [("d", "s16"), ("a", "f16")], "neg.s16 %d, %a;"),
        ("add.f16", "f16", [("d", "f16"), ("a", "u16"), ("b", "f16")], "add.f16 %d, %a, %b;"),
        ("add.f16", "f16", [("d", "f32"), ("a", "f16"), ("b", "f16")], "add.f16 %d, %a, %b;"),
    ]
    for what, _T, regs, ins in t26:
        desc = what + " " + ", ".join(f"{n}:.{t}" for n, t in regs) + " (Table 26)"
        cases.append((desc, regs, ins))
    return cases


def invalid_kernel(regs, ins):
    decl = "\n".join(f"  .reg .{t} %{n};" for n, t in regs)
    return (HEADER + ".global .align 16 .b8 buf[16];\n.visible .entry k()\n{\n" + decl +
            "\n  " + ins + "\n  ret;\n}\n")


def cmd_invalid(args):
    os.makedirs(args.out, exist_ok=True)
    rows = []
    for i, (desc, regs, ins) in enumerate(invalid_cases()):
        path = os.path.join(args.out, f"inv{i:03d}.ptx")
        with open(path, "w") as f:
            f.write(invalid_kernel(regs, ins))
        line = 4 + len(regs) + 3
        pc = subprocess.run(["nice", "-n", "10", PTXFP, "check", "--json", path], capture_output=True, text=True)
        try:
            cj = json.loads(pc.stdout)
            cdiag = [d for fl in cj.get("files", []) for d in fl.get("diagnostics", [])]
        except Exception:
            cdiag = []
        cmsg = "; ".join(d.get("message", "") for d in cdiag if d.get("severity") == "error")
        pr = subprocess.run(["nice", "-n", "10", PTXFP, "run", "--json", path], capture_output=True, text=True)
        try:
            rj = json.loads(pr.stdout)
        except Exception:
            rj = {}
        rerr = rj.get("errors") or []
        rmsg = "; ".join(e.get("message", "") for e in rerr)
        at_line = any(re.search(rf":{line}:\d+", e.get("location") or "") for e in rerr)
        rows.append((i, desc, ins, pc.returncode, cmsg, pr.returncode, rmsg, at_line))
    with open(os.path.join(args.out, "invalid.txt"), "w") as f:
        for (i, desc, ins, crc, cmsg, rrc, rmsg, at_line) in rows:
            verdict = ("refused" if rrc == 2 and at_line else "ACCEPTED by run" if rrc == 0
                       else f"run rc {rrc}")
            f.write(f"inv{i:03d} {desc}\n    {ins}\n    check rc={crc}: {cmsg or '-'}\n"
                    f"    run rc={rrc} [{verdict}]: {rmsg or '-'}\n")
    acc = [r for r in rows if r[5] == 0]
    nochk = [r for r in rows if r[3] == 0]
    print(f"{len(rows)} forbidden forms: run accepted {len(acc)}, check passed {len(nochk)}; "
          f"details: {os.path.join(args.out, 'invalid.txt')}")


# --------------------------------------------------------------------------
# Sample
# --------------------------------------------------------------------------

# Cells of Tables 27/28 the ISA allows and ptxfp refuses: a `.b128`
# register with `cvt` (docs/ENGINE.md "`.b128` registers"). Left out of the
# sample unless --all, so that the sample holds what ptxfp runs. (The
# bit-size `ld`/`st` on float registers and `ld`/`st` on `.b128` registers,
# refused when this was written, run since 2026-11-29.)
def refused_today(cell):
    return cell[3] == "cvt" and cell[2] == "b128"


def cmd_sample(args):
    """About 45 small kernels over every family, one thread or one warp,
    each with its `// ptxfp run` line and FILE.expected beside it. Needs no
    ptxfp; `verify DIR` runs them."""
    os.makedirs(args.out, exist_ok=True)
    rng = random.Random(args.seed)
    plan = []
    fam = {k: (fn(True) if k in ("cvtint", "general") else fn()) for k, fn in FAMILIES.items()}
    for k, n_k, per, lanes in [("ld", 6, 8, 1), ("ld", 3, 6, 32), ("st", 5, 8, 1), ("st", 3, 6, 32),
                               ("spaces", 2, 8, 1), ("spaces", 1, 6, 32), ("vec", 2, 8, 1), ("vec", 1, 6, 32),
                               ("cvtint", 5, 8, 1), ("cvtint", 2, 6, 32), ("cvtfloat", 4, 8, 1),
                               ("general", 9, 10, 1), ("general", 2, 8, 32)]:
        pool = [sl for sl in fam[k] if args.all or not any(refused_today(c) for c in sl.cells)]
        rng.shuffle(pool)
        for i in range(n_k):
            plan.append((f"{k}_{'warp' if lanes > 1 else 'thread'}_{i:02d}", pool[i * per:(i + 1) * per], lanes))
    for name, slots, lanes in plan:
        text, exp, lines_of, ostride = build_kernel(slots, lanes, hash_seed(name, args.seed), name)
        args_s = "" if lanes == 1 else f" --block {lanes}"
        with open(os.path.join(args.out, name + ".ptx"), "w") as f:
            f.write(f"// ptxfp run {name}.ptx{args_s}\n"
                    f"// expected: the bytes of `out` in {name}.expected (written by\n"
                    f"// scripts/xcheck/gen_opsize.py from opsizemodel.py, PTX ISA 9.4/9.4.1)\n" + text)
        write_expected(os.path.join(args.out, name + ".expected"), exp,
                       [sl.desc for sl in slots], ostride, lanes, args_s)
    print(f"{len(plan)} kernels in {args.out}")


def cmd_verify(args):
    """Run every kernel of DIR as its first line says; compare `out`."""
    bad = 0
    n = 0
    for fn in sorted(os.listdir(args.dir)):
        if not fn.endswith(".ptx"):
            continue
        path = os.path.join(args.dir, fn)
        with open(path) as f:
            first = f.readline()
        m = re.match(r"// ptxfp run (\S+)(.*)$", first.strip())
        extra = m.group(2).split() if m else []
        exp = {}
        with open(path[:-4] + ".expected") as f:
            for line in f:
                if line.startswith("#") or not line.strip():
                    continue
                off, hx = line.split()[:2]
                exp[int(off, 16)] = bytes.fromhex(hx)
        p = subprocess.run(["nice", "-n", "10", PTXFP, "run", "--json", path] + extra,
                           capture_output=True, text=True)
        n += 1
        try:
            j = json.loads(p.stdout)
        except Exception:
            j = {}
        if p.returncode != 0:
            print(f"{fn}: ptxfp rc {p.returncode}: {json.dumps(j.get('errors'))[:300]}")
            bad += 1
            continue
        mem = memory_image(j)
        base = min(mem)
        diffs = []
        for o, b in exp.items():
            got = [mem.get(base + o + i) for i in range(len(b))]
            if got != list(b):
                diffs.append(o)
        if diffs:
            bad += 1
            print(f"{fn}: {len(diffs)} slots differ, first at out+{min(diffs):#x}")
    print(f"{n} kernels, {n - bad} agree")
    return 0 if bad == 0 else 1


def main():
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    sub = ap.add_subparsers(dest="cmd", required=True)
    r = sub.add_parser("run")
    r.add_argument("--out", default="/tmp/s33/opsize/run")
    r.add_argument("--seed", type=int, default=1)
    r.add_argument("--quick", action="store_true")
    r.add_argument("--warp-all", action="store_true")
    s = sub.add_parser("sample")
    s.add_argument("--out", required=True)
    s.add_argument("--seed", type=int, default=1)
    s.add_argument("--all", action="store_true", help="keep the cells ptxfp refused when written")
    c = sub.add_parser("verify")
    c.add_argument("dir")
    v = sub.add_parser("invalid")
    v.add_argument("--out", default="/tmp/s33/opsize/invalid")
    a = ap.parse_args()
    sys.exit({"run": cmd_run, "sample": cmd_sample, "invalid": cmd_invalid,
              "verify": cmd_verify}[a.cmd](a) or 0)


if __name__ == "__main__":
    main()
