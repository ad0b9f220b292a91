#!/usr/bin/env python3
"""warpmodel: an independent model of PTX's warp-level and atomic instructions.

Written from the PTX ISA text alone (PTX ISA 8.x/9.x, docs.nvidia.com/cuda/
parallel-thread-execution), never from ptxfp's sources.  Standard library only,
Python 3.9 or later.  gen_warp.py uses it to compute, for whole kernels run by
`ptxfp run`, the bytes each kernel must write.

Sections (numbering of PTX ISA 8.5-9.1; PTX ISA 9.2+ renumbers the
synchronization chapter to 9.7.15.x and older releases to 9.7.12.x):

  9.7.9.6   shfl.sync                      shfl_sync()
  9.7.13.9  vote.sync                      vote_sync()
  9.7.13.10 match.sync                     match_sync()
  9.7.13.11 activemask                     activemask()
  9.7.13.12 redux.sync                     redux_sync()
  9.7.13.1  bar / barrier (.red)           bar_red()
  9.7.13.5  atom                           atom()
  9.7.13.6  red                            red()  (= atom without the old value)
  10.3, 10.18-10.22  %laneid, %lanemask_*  laneid(), lanemask()
  9.7.13.2  bar.warp.sync, and who meets   meet_warp(), collective_result()
            whom when members are at different statements (branches,
            calls, loops): see "meeting" below

Where the ISA leaves a value undefined the model says so (returns None) and
the generator does not test that value: a shuffle that sources an inactive
lane or one outside membermask, a ballot bit of an exited lane named in
membermask.

Things the ISA does not say and the model assumes (docstrings repeat them):
  * `redux.sync ... .f32` does not flush subnormals (the text names no .ftz);
    its canonical NaN is 0x7fffffff (the PTX ISA's "canonical NaN", as in
    docs/NVIDIA.md for min/max).
  * NaN results of atom/red .add follow docs/NVIDIA.md "NaN results" (the ISA
    leaves .f32 NaNs unspecified): .f32 0x7fffffff, .f16/.bf16 0x7fff, .f64
    invalid 0xfff8000000000000; .f64 NaN inputs are not tested.
  * the old value `d` an `atom.global.add.f32` returns is the memory value as
    it was (`d = *a` in the Semantics), not flushed; only the inputs of the
    addition and its result are flushed.
"""

from fractions import Fraction

WARP = 32
M32 = 0xFFFFFFFF
M64 = 0xFFFFFFFFFFFFFFFF


def popcount(x):
    return bin(x).count("1")


# ---------------------------------------------------------------- lanes
def laneid(linear_tid):
    """%laneid (10.3): "the thread's lane within the warp"; threads are
    placed in warps by their linear thread number (x fastest), 32 a warp."""
    return linear_tid % WARP


def lanemask(kind, lane):
    """10.18-10.22: "%lanemask_eq: a 32-bit mask with a bit set in the
    position equal to the thread's lane number in the warp"; _le "bits set
    in positions less than or equal to"; _lt "less than"; _ge "greater than
    or equal to"; _gt "greater than"."""
    bits = 0
    for i in range(WARP):
        if ((kind == "eq" and i == lane) or (kind == "le" and i <= lane)
                or (kind == "lt" and i < lane) or (kind == "ge" and i >= lane)
                or (kind == "gt" and i > lane)):
            bits |= 1 << i
    return bits


def activemask(active_lanes):
    """9.7.13.11: "activemask queries predicated-on active threads from the
    executing warp ... An active thread will contribute 1 for its entry in
    the result and exited or inactive or predicated-off thread will
    contribute 0 for its entry in the result."  active_lanes: the lanes that
    execute the instruction with a true guard."""
    m = 0
    for l in active_lanes:
        m |= 1 << l
    return m


# ---------------------------------------------------------------- shfl.sync
def shfl_sync(mode, a, b, c, executing):
    """9.7.9.6 shfl.sync, the Semantics block verbatim:

        lane[4:0]  = [Thread].laneid;
        bval[4:0] = b[4:0];            // source lane or lane offset (0..31)
        cval[4:0] = c[4:0];            // clamp value
        segmask[4:0] = c[12:8];
        maxLane = (lane[4:0] & segmask[4:0]) | (cval[4:0] & ~segmask[4:0]);
        minLane = (lane[4:0] & segmask[4:0]);
        case .up:    j = lane - bval; pval = (j >= maxLane); break;
        case .down:  j = lane + bval; pval = (j <= maxLane); break;
        case .bfly:  j = lane ^ bval; pval = (j <= maxLane); break;
        case .idx:   j = minLane  | (bval[4:0] & ~segmask[4:0]);
                                      pval = (j <= maxLane); break;
        if (!pval) j = lane;  // copy from own lane
        d = SourceA[j];
        if (dest predicate selected) p = pval;

    "Note that results are undefined if a thread sources a register from an
    inactive thread or a thread that is not in membermask."

    a, b, c: dicts lane -> 32-bit value, for the executing lanes (active,
    guard true, all in membermask).  Returns lane -> (d or None, p): d is
    None where it is undefined.
    """
    out = {}
    for lane in executing:
        bval = b[lane] & 0x1F
        cval = c[lane] & 0x1F
        seg = (c[lane] >> 8) & 0x1F
        maxlane = (lane & seg) | (cval & ~seg & 0x1F)
        minlane = lane & seg
        if mode == "up":
            j = lane - bval
            pval = j >= maxlane
        elif mode == "down":
            j = lane + bval
            pval = j <= maxlane
        elif mode == "bfly":
            j = lane ^ bval
            pval = j <= maxlane
        elif mode == "idx":
            j = minlane | (bval & ~seg & 0x1F)
            pval = j <= maxlane
        else:
            raise ValueError(mode)
        if not pval:
            j = lane
        d = a[j] if j in executing else None
        out[lane] = (d, pval)
    return out


# ---------------------------------------------------------------- vote.sync
def vote_sync(mode, preds, members, nonexited):
    """9.7.13.9 vote.sync.  preds: lane -> bool (after any `!`: "{!}a"),
    for the lanes that execute; members: the membermask's lanes; nonexited:
    the lanes of the warp not exited.

    ".all: True if source predicate is True for all non-exited threads in
    membermask." ".any: True if source predicate is True for some thread in
    membermask." ".uni: True if source predicate has the same value in all
    non-exited threads in membermask."  "In the ballot form ...
    vote.sync.ballot.b32 simply copies the predicate from each thread in
    membermask into the corresponding bit position ... A thread not
    specified in membermask will contribute a 0."

    Returns (value, undefined_bits): for the ballot, the bits of exited lanes
    named in membermask are not defined by the text (such a thread has no
    predicate) and are returned in undefined_bits.
    """
    part = [l for l in members if l in nonexited]
    vals = [bool(preds[l]) for l in part]
    if mode == "all":
        return int(all(vals)), 0
    if mode == "any":
        return int(any(vals)), 0
    if mode == "uni":
        return int(all(vals) or not any(vals)), 0
    if mode == "ballot":
        m = 0
        for l in part:
            if preds[l]:
                m |= 1 << l
        und = 0
        for l in members:
            if l not in nonexited:
                und |= 1 << l
        return m, und
    raise ValueError(mode)


# ---------------------------------------------------------------- match.sync
def match_sync(mode, a, lane, members, nonexited):
    """9.7.13.10 match.sync, for the thread at `lane`.
    ".all: d is set to mask corresponding to non-exited threads in membermask
    if all non-exited threads in membermask have same value of operand a;
    otherwise d is set to 0. Optionally predicate p is set to true if all
    non-exited threads in membermask have same value of operand a; otherwise
    p is set to false."
    ".any: d is set to mask of non-exited threads in membermask that have
    same value of operand a."  (The same value as the executing thread's.)
    Returns (d, p); p is None for .any (it has no predicate)."""
    part = [l for l in members if l in nonexited]
    if mode == "any":
        m = 0
        for l in part:
            if a[l] == a[lane]:
                m |= 1 << l
        return m, None
    same = len(set(a[l] for l in part)) <= 1
    m = 0
    for l in part:
        m |= 1 << l
    return (m if same else 0), int(same)


# ---------------------------------------------------------------- floats
class Fmt:
    def __init__(self, name, ebits, mbits):
        self.name, self.ebits, self.mbits = name, ebits, mbits
        self.width = 1 + ebits + mbits
        self.bias = (1 << (ebits - 1)) - 1
        self.emax_field = (1 << ebits) - 1


F16 = Fmt("f16", 5, 10)
BF16 = Fmt("bf16", 8, 7)
F32 = Fmt("f32", 8, 23)
F64 = Fmt("f64", 11, 52)


def fdecode(fmt, bits):
    """bits -> ('nan', None) | ('inf', sign) | ('num', Fraction, sign)."""
    sign = (bits >> (fmt.width - 1)) & 1
    e = (bits >> fmt.mbits) & fmt.emax_field
    m = bits & ((1 << fmt.mbits) - 1)
    if e == fmt.emax_field:
        return ("nan", None) if m else ("inf", sign)
    if e == 0:
        v = Fraction(m, 1 << (fmt.mbits + fmt.bias - 1))
    else:
        v = Fraction((1 << fmt.mbits) | m, 1) * Fraction(2) ** (e - fmt.bias - fmt.mbits)
    return ("num", -v if sign else v, sign)


def is_subnormal(fmt, bits):
    e = (bits >> fmt.mbits) & fmt.emax_field
    m = bits & ((1 << fmt.mbits) - 1)
    return e == 0 and m != 0


def fencode_rn(fmt, v, zero_sign):
    """Round the exact rational v to fmt, round-to-nearest-even (IEEE 754
    roundTiesToEven), with subnormals and overflow to infinity; a zero result
    takes zero_sign."""
    if v == 0:
        return zero_sign << (fmt.width - 1)
    sign = 1 if v < 0 else 0
    a = -v if v < 0 else v
    # scale: find e with 2^e <= a < 2^(e+1)
    e = a.numerator.bit_length() - a.denominator.bit_length()
    if Fraction(2) ** e > a:
        e -= 1
    emin = 1 - fmt.bias
    if e < emin:
        e = emin
    q = a / Fraction(2) ** (e - fmt.mbits)  # significand scaled to an integer
    n = q.numerator // q.denominator
    rem = q - n
    if rem > Fraction(1, 2) or (rem == Fraction(1, 2) and n & 1):
        n += 1
    if n == (1 << (fmt.mbits + 1)):
        n >>= 1
        e += 1
    if n < (1 << fmt.mbits):  # subnormal (e == emin)
        field = 0
    else:
        field = e + fmt.bias
    if field >= fmt.emax_field:
        return (sign << (fmt.width - 1)) | (fmt.emax_field << fmt.mbits)
    return (sign << (fmt.width - 1)) | (field << fmt.mbits) | (n & ((1 << fmt.mbits) - 1))


def fadd_rn(fmt, x, y, ftz=False):
    """IEEE addition, rounded to nearest even ("The floating-point operation
    .add operation rounds to nearest even", 9.7.13.5).  With ftz, "flushes
    subnormal inputs and results to sign-preserving zero".  NaN results
    follow docs/NVIDIA.md (see below)."""
    if ftz:
        if is_subnormal(fmt, x):
            x &= 1 << (fmt.width - 1)
        if is_subnormal(fmt, y):
            y &= 1 << (fmt.width - 1)
    dx, dy = fdecode(fmt, x), fdecode(fmt, y)
    invalid = dx[0] == "inf" and dy[0] == "inf" and dx[1] != dy[1]
    if dx[0] == "nan" or dy[0] == "nan" or invalid:
        # The ISA: "NaN payloads are supported for double-precision
        # instructions ... Single-precision instructions return an
        # unspecified NaN" (9.7.3).  Followed here: docs/NVIDIA.md "NaN
        # results": every .f32 NaN result is 0x7fffffff, every .f16/.bf16
        # one 0x7fff, an .f64 invalid operation without NaN input
        # 0xfff8000000000000.  An .f64 NaN input is not modelled (which of
        # *a and b is "first" for atom is not recorded).
        if fmt is F32:
            return 0x7FFFFFFF
        if fmt is F16 or fmt is BF16:
            return 0x7FFF
        if invalid and dx[0] != "nan" and dy[0] != "nan":
            return 0xFFF8000000000000
        raise ValueError("f64 NaN operand not modelled")
    if dx[0] == "inf" or dy[0] == "inf":
        s = dx[1] if dx[0] == "inf" else dy[1]
        return (s << (fmt.width - 1)) | (fmt.emax_field << fmt.mbits)
    v = dx[1] + dy[1]
    if v == 0:
        # IEEE 754 6.3: an exact zero sum of operands of opposite sign is +0
        # in roundTiesToEven; of two zeros of the same sign, that sign.
        zs = 1 if (dx[2] == 1 and dy[2] == 1) else 0
        return zs << (fmt.width - 1)
    r = fencode_rn(fmt, v, 0)
    if ftz and is_subnormal(fmt, r):
        r &= 1 << (fmt.width - 1)
    return r


def f32_is_nan(bits):
    return (bits & 0x7F800000) == 0x7F800000 and (bits & 0x7FFFFF) != 0


def f32_key(bits):
    """Total order of non-NaN f32 values with +0.0 > -0.0 (9.7.13.12: "For
    .f32 instruction type, if the input value is 0.0 then +0.0 > -0.0")."""
    if bits & 0x80000000:
        return -(bits & 0x7FFFFFFF) - 1
    return bits


CANONICAL_NAN = 0x7FFFFFFF


# ---------------------------------------------------------------- redux.sync
def redux_sync(op, typ, vals, absq=False, nanq=False):
    """9.7.13.12 redux.sync over the 32-bit values of the non-exited threads
    in membermask (vals, a list).
    "redux.sync performs a reduction operation .op of the 32 bit source
    register src across all non-exited threads in the membermask."
    "For the .add operation result is truncated to 32 bits."
    .min/.max compare as .u32 or .s32 by the type; .and/.or/.xor are on bits.
    .f32: "+0.0 > -0.0"; "If .abs qualifier is specified, then the absolute
    value of the input is considered for the reduction operation."; "If the
    .NaN qualifier is specified, then the result of the reduction operation
    is canonical NaN if the input to the reduction operation from any
    participating thread is NaN."; "In the absence of .NaN qualifier, only
    non-NaN values are considered for the reduction operation and the result
    will be canonical NaN when all inputs are NaNs."
    Assumed: no flushing of subnormals (no .ftz in the syntax)."""
    if typ == "f32":
        xs = [(v & 0x7FFFFFFF) if absq else v for v in vals]
        nans = [x for x in xs if f32_is_nan(x)]
        if nanq and nans:
            return CANONICAL_NAN
        xs = [x for x in xs if not f32_is_nan(x)]
        if not xs:
            return CANONICAL_NAN
        pick = min if op == "min" else max
        return pick(xs, key=f32_key)
    if op == "add":
        return sum(vals) & M32
    if op in ("min", "max"):
        if typ == "s32":
            key = lambda v: v - (1 << 32) if v & 0x80000000 else v
        else:
            key = lambda v: v
        return (min if op == "min" else max)(vals, key=key)
    acc = {"and": M32, "or": 0, "xor": 0}[op]
    for v in vals:
        if op == "and":
            acc &= v
        elif op == "or":
            acc |= v
        else:
            acc ^= v
    return acc


# ---------------------------------------------------------------- bar.red
def bar_red(op, preds):
    """9.7.13.1 barrier{.cta}.red / bar.red: "The c predicate (or its
    complement) from all threads in the CTA are combined using the specified
    reduction operator ... The result of .popc is the number of threads with
    a True predicate, while .and and .or indicate if all the threads had a
    True predicate or if any of the threads had a True predicate."
    preds: the (possibly complemented) predicates of the participating,
    non-exited threads ("causes executing thread to wait for all non-exited
    threads from its warp")."""
    if op == "popc":
        return sum(1 for p in preds if p)
    if op == "and":
        return int(all(preds))
    if op == "or":
        return int(any(preds))
    raise ValueError(op)


# ---------------------------------------------------------------- atom / red
INT_TYPES = {"u32": (32, False), "s32": (32, True), "u64": (64, False), "s64": (64, True),
             "b32": (32, False), "b64": (64, False), "b16": (16, False), "b128": (128, False)}
FLOAT_TYPES = {"f32": F32, "f64": F64, "f16": F16, "bf16": BF16}
PACKED = {"f16x2": F16, "bf16x2": BF16}


def type_bits(typ):
    if typ in INT_TYPES:
        return INT_TYPES[typ][0]
    if typ in FLOAT_TYPES:
        return FLOAT_TYPES[typ].width
    if typ in PACKED:
        return 32
    if typ == "b128":
        return 128
    raise ValueError(typ)


def _signed(v, w):
    return v - (1 << w) if v >> (w - 1) else v


def atom_op(op, typ, r, b, c=None, space="global"):
    """9.7.13.5 atom, the Semantics block:

        atomic {
            d = *a;
            *a = (operation == cas) ? operation(*a, b, c)
                                    : operation(*a, b);
        }
        where
            inc(r, s)  = (r >= s) ? 0 : r+1;
            dec(r, s)  = (r==0 || r > s)  ? s : r-1;
            exch(r, s) =  s;
            cas(r,s,t) = (r == s) ? t : r;

    "The bit-size operations are .and, .or, .xor, .cas (compare-and-swap),
    and .exch (exchange).  The integer operations are .add, .inc, .dec,
    .min, .max.  The .inc and .dec operations return a result in the range
    [0..b]."  .min/.max compare signed for .s32/.s64, unsigned otherwise;
    .add wraps modulo 2^width.
    "The floating-point operation .add operation rounds to nearest even.
    Current implementation of atom.add.f32 on global memory flushes
    subnormal inputs and results to sign-preserving zero; whereas
    atom.add.f32 on shared memory supports subnormal inputs and results and
    doesn't flush them to zero."  "atom.add.f16, atom.add.f16x2,
    atom.add.bf16 and atom.add.bf16x2 operation requires the .noftz
    qualifier; it preserves subnormal inputs and results".  The packed
    forms add each half on its own ("the atomicity is guaranteed separately
    for each of the individual scalar elements").
    Returns (old, new): old is d, new the value stored at a.
    """
    w = type_bits(typ)
    mask = (1 << w) - 1
    r &= mask
    b &= mask
    if typ in FLOAT_TYPES:
        assert op == "add"
        fmt = FLOAT_TYPES[typ]
        ftz = typ == "f32" and space == "global"
        return r, fadd_rn(fmt, r, b, ftz=ftz)
    if typ in PACKED:
        assert op == "add"
        fmt = PACKED[typ]
        lo = fadd_rn(fmt, r & 0xFFFF, b & 0xFFFF)
        hi = fadd_rn(fmt, r >> 16, b >> 16)
        return r, (hi << 16) | lo
    signed = INT_TYPES.get(typ, (w, False))[1]
    if op == "add":
        new = (r + b) & mask
    elif op == "and":
        new = r & b
    elif op == "or":
        new = r | b
    elif op == "xor":
        new = r ^ b
    elif op == "exch":
        new = b
    elif op == "cas":
        new = (c & mask) if r == b else r
    elif op in ("min", "max"):
        kr = _signed(r, w) if signed else r
        kb = _signed(b, w) if signed else b
        pick = kr if ((kr <= kb) if op == "min" else (kr >= kb)) else kb
        new = pick & mask
    elif op == "inc":
        new = 0 if r >= b else r + 1
    elif op == "dec":
        new = b if (r == 0 or r > b) else r - 1
    else:
        raise ValueError(op)
    return r, new


def red(op, typ, r, b, space="global"):
    """9.7.13.6 red: "*a = operation(*a, b);" with the same operations and
    the same sentences on .add.f32 flushing and .noftz as atom."""
    return atom_op(op, typ, r, b, space=space)[1]


# ---------------------------------------------------------------- meeting
# Collectives whose members are at different statements (branches, calls).
#
# 9.7.13.9 vote.sync (9.7.9.6 shfl.sync, 9.7.13.10 match.sync and 9.7.13.12
# redux.sync say the same): "vote.sync will cause executing thread to wait
# until all non-exited threads corresponding to membermask have executed
# vote.sync with the same qualifiers and same membermask value before
# resuming execution."  Note: "For .target sm_6x or below, all threads in
# membermask must execute the same vote.sync instruction in convergence";
# no such requirement is stated for sm_70 and later, so there the copies
# of one collective at different statements, with the same qualifiers and
# the same membermask value, are one collective over their members.
#
# 9.7.13.2 bar.warp.sync: "bar.warp.sync will cause executing thread to wait
# until all threads corresponding to membermask have executed a
# bar.warp.sync with the same membermask value before resuming execution."
# ("all threads", not "all non-exited threads": strict=True waits for an
# exited thread forever; strict=False follows ptxfp's reading and CUDA's
# __syncwarp, "all non-exited threads named in mask must execute a
# corresponding __syncwarp()").  "bar.warp.sync also guarantee memory
# ordering among threads participating in barrier. Thus, threads within
# warp that wish to communicate via memory can store to memory, execute
# bar.warp.sync, and then safely read values stored by other threads in
# warp."
#
# 9.7.13.1 barrier{.cta}: "barrier{.cta} instruction causes executing thread
# to wait for all non-exited threads from its warp and marks warps' arrival
# at barrier."  (Modelled within the warp only: the kernels that use it
# are the deadlock kernels.)


def meet_warp(progs, lanes, strict_bws=True):
    """Run the programs of one warp's lanes under the wait rules above.

    progs: lane -> list of ops.  An op is {'kind': 'exit'} or
    {'kind': 'coll', 'key': qualifier string (the instruction with all its
    qualifiers: "vote.sync.any.pred", "bar.warp.sync", ...), 'mask': int,
    'spec': dict, 'info': dict, 'slot': any} or {'kind': 'ctabar', 'slot':
    ...}.  A lane whose program ends exits (ret from the entry).

    A pending collective completes when every thread it must wait for (the
    non-exited lanes of membermask; for a strict bar.warp.sync every lane of
    membermask) is pending at an op with the same key and the same
    membermask value; its members are those lanes.  Returns (results,
    stuck): results lane -> {slot: (d, p, keep)} as collective_result
    gives; stuck None, or lane -> the op it waits at forever (a deadlock).
    The outcome does not depend on which completable group runs first: a
    group's wait set only shrinks (exits) or fills (arrivals)."""
    lanes = sorted(lanes)
    exist = set(lanes)
    pc = {l: 0 for l in lanes}
    exited = set()
    res = {l: {} for l in lanes}
    while True:
        pend = {}
        for l in lanes:
            if l in exited:
                continue
            while pc[l] < len(progs[l]) and progs[l][pc[l]]["kind"] == "exit":
                pc[l] = len(progs[l]) + 1
            if pc[l] >= len(progs[l]):
                exited.add(l)
            else:
                pend[l] = progs[l][pc[l]]
        if not pend:
            return res, None
        done = False
        for l in sorted(pend):
            op = pend[l]
            if op["kind"] == "ctabar":
                need = [m for m in lanes if m not in exited]
                if all(m in pend and pend[m]["kind"] == "ctabar" for m in need):
                    for m in need:
                        res[m][pend[m]["slot"]] = (None, None, 0)
                        pc[m] += 1
                    done = True
                    break
                continue
            mask = op["mask"]
            assert mask >> l & 1, ("a thread not in its own membermask", l)
            named = [m for m in range(WARP) if mask >> m & 1 and m in exist]
            strict = strict_bws and op["key"] == "bar.warp.sync"
            need = [m for m in named if strict or m not in exited]
            ok = all(m in pend and pend[m]["kind"] == "coll" and pend[m]["key"] == op["key"]
                     and pend[m]["mask"] == mask for m in need)
            if not ok:
                continue
            group = sorted(need)
            out = collective_result(op["key"], op["spec"], {m: pend[m]["info"] for m in group},
                                    named, set(group))
            for m in group:
                res[m][pend[m]["slot"]] = out[m]
                pc[m] += 1
            done = True
            break
        if not done:
            return res, pend


def collective_result(key, spec, info, members, group):
    """The results of one completed collective.  info: member lane -> its
    own operands (from its own statement); members: the lanes membermask
    names; group: the non-exited ones, every one of which executed.
    Returns lane -> (d, p, keep): d None where undefined, keep the bits of d
    the ISA defines."""
    inst = spec["inst"]
    out = {}
    if inst == "vote":
        preds = {l: info[l]["pred"] for l in group}
        val, und = vote_sync(spec["mode"], preds, members, group)
        for l in group:
            out[l] = (val & ~und & M32, None, ~und & M32)
    elif inst == "shfl":
        a = {l: info[l]["a"] for l in group}
        b = {l: info[l]["b"] for l in group}
        c = {l: info[l]["c"] for l in group}
        r = shfl_sync(spec["mode"], a, b, c, group)
        for l in group:
            d, p = r[l]
            out[l] = (d, int(p), M32 if d is not None else 0)
    elif inst == "match":
        a = {l: info[l]["a"] for l in group}
        for l in group:
            d, p = match_sync(spec["mode"], a, l, members, group)
            out[l] = (d, p, M32)
    elif inst == "redux":
        r = redux_sync(spec["op"], spec["typ"], [info[l]["a"] for l in sorted(group)],
                       spec.get("abs", False), spec.get("nan", False))
        for l in group:
            out[l] = (r, None, M32)
    elif inst == "bws":
        # each member stored its 'write' value (or nothing) before the
        # barrier; a reader loads the value of lane 'src' after it.
        for l in group:
            src = info[l].get("src")
            v = None
            if info[l].get("read") and src in group and info[src].get("write") is not None:
                v = info[src]["write"]
            out[l] = (v, None, M32)
    else:
        raise ValueError(inst)
    return out


# ---------------------------------------------------------------- self-check
def _selfcheck():
    import struct
    import random
    rng = random.Random(5)
    # f64 addition against Python's own float addition (IEEE RNE).
    for _ in range(20000):
        x = rng.getrandbits(64)
        y = rng.getrandbits(64)
        if rng.random() < 0.5:
            y = (x & ~((1 << 20) - 1)) ^ (1 << 63) | rng.getrandbits(20)
        fx = struct.unpack("<d", struct.pack("<Q", x))[0]
        fy = struct.unpack("<d", struct.pack("<Q", y))[0]
        if fx != fx or fy != fy:
            continue
        if fx in (float("inf"), float("-inf")) and fy in (float("inf"), float("-inf")) and fx != fy:
            continue
        want = struct.unpack("<Q", struct.pack("<d", fx + fy))[0]
        got = fadd_rn(F64, x, y)
        assert got == want, (hex(x), hex(y), hex(got), hex(want))
    # f32 addition against double then a single rounding (exact: the double
    # sum of two floats is exact or rounds once; use struct's RNE to f32 of
    # the exact Fraction via a second formulation: float() of a Fraction is
    # correctly rounded to double, and f32 = 24 bits < 53, so double rounding
    # is innocuous for a sum of two f32 values (Figueroa)).
    for _ in range(20000):
        x = rng.getrandbits(32)
        y = rng.getrandbits(32)
        if rng.random() < 0.3:
            x &= 0x807FFFFF  # subnormals
        if f32_is_nan(x) or f32_is_nan(y):
            continue
        fx = struct.unpack("<f", struct.pack("<I", x))[0]
        fy = struct.unpack("<f", struct.pack("<I", y))[0]
        if abs(fx) == float("inf") and abs(fy) == float("inf") and fx != fy:
            continue
        s = fx + fy
        try:
            want = struct.unpack("<I", struct.pack("<f", s))[0]
        except OverflowError:
            want = 0x7F800000 if s > 0 else 0xFF800000
        if s == 0:
            want = struct.unpack("<I", struct.pack("<f", s))[0]
        got = fadd_rn(F32, x, y)
        assert got == want, (hex(x), hex(y), hex(got), hex(want))
    # shuffle: the CUDA width-w forms agree with the textbook description.
    a = {l: 100 + l for l in range(32)}
    ex = set(range(32))
    for w in (1, 2, 4, 8, 16, 32):
        for delta in range(0, 33):
            r = shfl_sync("down", a, {l: delta for l in ex}, {l: ((32 - w) << 8) | 0x1F for l in ex}, ex)
            for l in ex:
                src = l + delta if (l % w) + delta < w else l
                assert r[l][0] == a[src], (w, delta, l)
                if delta < 32:
                    assert r[l][1] == (src != l or delta == 0), (w, delta, l)
            r = shfl_sync("up", a, {l: delta for l in ex}, {l: (32 - w) << 8 for l in ex}, ex)
            for l in ex:
                src = l - delta if (l % w) >= delta else l
                assert r[l][0] == a[src], (w, delta, l)
        for lm in range(32):
            r = shfl_sync("bfly", a, {l: lm for l in ex}, {l: ((32 - w) << 8) | 0x1F for l in ex}, ex)
            for l in ex:
                src = l ^ lm if ((l ^ lm) // w) <= (l // w) else l  # CUDA: same or lower segment
                assert r[l][0] == a[src], (w, lm, l)
            r = shfl_sync("idx", a, {l: lm for l in ex}, {l: ((32 - w) << 8) | 0x1F for l in ex}, ex)
            for l in ex:
                src = (l // w) * w + (lm % w)
                assert r[l][0] == a[src], (w, lm, l)
    # inc/dec: the counter wraps in [0..b].
    v = 0
    for i in range(20):
        v = atom_op("inc", "u32", v, 4)[1]
        assert v == (i + 1) % 5
    v = 0
    for i in range(20):
        v = atom_op("dec", "u32", v, 4)[1]
        assert v == (-(i + 1)) % 5
    assert atom_op("dec", "u32", 9, 4)[1] == 4 and atom_op("inc", "u32", 9, 4)[1] == 0
    assert atom_op("min", "s32", 0xFFFFFFFF, 1)[1] == 0xFFFFFFFF
    assert atom_op("min", "u32", 0xFFFFFFFF, 1)[1] == 1
    assert redux_sync("max", "f32", [0x80000000, 0x00000000]) == 0
    assert redux_sync("min", "f32", [0x80000000, 0x00000000]) == 0x80000000
    assert redux_sync("min", "f32", [0x7FC00000, 0x3F800000]) == 0x3F800000
    assert redux_sync("min", "f32", [0x7FC00000, 0x3F800000], nanq=True) == CANONICAL_NAN
    assert redux_sync("max", "f32", [0xBF800000, 0x3F000000], absq=True) == 0x3F800000
    # meeting: two branches, one ballot each, full mask: one collective.
    full = (1 << 32) - 1
    spec = {"inst": "vote", "mode": "ballot"}
    progs = {l: [{"kind": "coll", "key": "vote.sync.ballot.b32", "mask": full, "spec": spec,
                  "info": {"pred": l % 3 == 0}, "slot": 0}] for l in range(32)}
    r, stuck = meet_warp(progs, range(32))
    assert stuck is None and r[5][0][0] == sum(1 << l for l in range(0, 32, 3))
    # any against all: a deadlock
    for l in range(16):
        progs[l] = [dict(progs[l][0], key="vote.sync.any.pred", spec={"inst": "vote", "mode": "any"})]
    r, stuck = meet_warp(progs, range(32))
    assert stuck is not None and len(stuck) == 32
    # an exited member: the others complete without it (its bit undefined)
    progs = {l: [{"kind": "coll", "key": "vote.sync.ballot.b32", "mask": full, "spec": spec,
                  "info": {"pred": True}, "slot": 0}] for l in range(32)}
    progs[7] = [{"kind": "exit"}]
    r, stuck = meet_warp(progs, range(32))
    assert stuck is None and r[0][0] == (full & ~(1 << 7), None, full & ~(1 << 7))
    # bar.warp.sync naming an exited lane: strict waits forever
    bw = {"inst": "bws"}
    progs = {l: [{"kind": "coll", "key": "bar.warp.sync", "mask": full, "spec": bw,
                  "info": {"write": l, "read": True, "src": (l + 1) % 32}, "slot": 0}] for l in range(32)}
    r, stuck = meet_warp(progs, range(32))
    assert stuck is None and r[3][0][0] == 4 and r[31][0][0] == 0
    progs[7] = [{"kind": "exit"}]
    assert meet_warp(progs, range(32))[1] is not None
    r, stuck = meet_warp(progs, range(32), strict_bws=False)
    assert stuck is None and r[6][0][0] is None and r[8][0][0] == 9
    print("warpmodel self-check: ok")


if __name__ == "__main__":
    _selfcheck()
