"""ptxfp: a bit-exact model of NVIDIA PTX arithmetic, on numpy arrays.

``ptxfp.eval("fma.rn.bf16", a, b, c)`` computes what the GPU's instruction
computes, bit for bit, elementwise. See docs/PYTHON.md in the repository.
"""

import json as _json
import os as _os
import sys as _sys
import threading as _threading
import warnings as _warnings
from typing import NamedTuple as _NamedTuple

import ml_dtypes as _ml_dtypes
import numpy as _np

from . import _ptxfp as _ext
from ._errors import (
    ArityError,
    DtypeError,
    FormError,
    InternalError,
    KernelAssertionError,
    OperandError,
    PtxfpError,
    PtxfpWarning,
    RunError,
    ShapeError,
)
from ._mma import matmul, mma_dot

__version__ = _ext.__version__

__all__ = [
    "eval",
    "Form",
    "forms",
    "FormInfo",
    "check",
    "run",
    "gen",
    "Vectors",
    "Sweep",
    "sweep_shard",
    "sweep_merge",
    "sweep_present",
    "Diagnostic",
    "CheckReport",
    "RunResult",
    "Register",
    "PtxfpError",
    "FormError",
    "DtypeError",
    "ShapeError",
    "ArityError",
    "OperandError",
    "RunError",
    "KernelAssertionError",
    "InternalError",
    "PtxfpWarning",
    "bfloat16",
    "mma_dot",
    "matmul",
    "kernel_path",
]

bfloat16 = _np.dtype(_ml_dtypes.bfloat16)
_F16 = _np.dtype(_np.float16)
_F32 = _np.dtype(_np.float32)
_F64 = _np.dtype(_np.float64)
_U8 = _np.dtype(_np.uint8)
_U16 = _np.dtype(_np.uint16)
_U32 = _np.dtype(_np.uint32)
_U64 = _np.dtype(_np.uint64)
_BOOL = _np.dtype(_np.bool_)

# PTX type -> (register dtype, typed dtype or None, lanes).
_FLOAT = {
    "f16": (_U16, _F16, 1),
    "bf16": (_U16, bfloat16, 1),
    "f16x2": (_U32, _F16, 2),
    "bf16x2": (_U32, bfloat16, 2),
    "f32": (_U32, _F32, 1),
    "f32x2": (_U64, _F32, 2),
    "tf32": (_U32, _F32, 1),
    "f64": (_U64, _F64, 1),
    # Packed 8/6/4-bit floats: bits only.
    "e4m3x2": (_U16, None, 1),
    "e5m2x2": (_U16, None, 1),
    "e2m3x2": (_U16, None, 1),
    "e3m2x2": (_U16, None, 1),
    "e2m1x2": (_U8, None, 1),
    # The x4 packings of `cvt.rs` and the UE8M0 scale pairs: bits only.
    "e4m3x4": (_U32, None, 1),
    "e5m2x4": (_U32, None, 1),
    "e2m3x4": (_U32, None, 1),
    "e3m2x4": (_U32, None, 1),
    "e2m1x4": (_U16, None, 1),
    "ue8m0x2": (_U16, None, 1),
    # PTX ISA 9.4's unsigned UE5M3 pairs: bits only.
    "ue5m3x2": (_U16, None, 1),
    # The fixed-point pair of PTX ISA 9.1: bits only.
    "s2f6x2": (_U16, None, 1),
}
_INT_WIDTH = {"8": 8, "16": 16, "32": 32, "64": 64}


_PKG_DIR = _os.path.dirname(_os.path.abspath(__file__))


def _warn(message):
    """A PtxfpWarning at the caller's line: the first frame outside this
    package, however deep in it the warning arose (``eval`` -> ``Form``
    -> an operand)."""
    f, level = _sys._getframe(1), 2
    while f is not None and _os.path.dirname(_os.path.abspath(f.f_code.co_filename)) == _PKG_DIR:
        f, level = f.f_back, level + 1
    _warnings.warn(message, PtxfpWarning, stacklevel=level)


def _int_dtypes(ty):
    """(unsigned dtype, natural dtype) of an integer or bit type."""
    w = int(ty[1:])
    u = _np.dtype("uint%d" % w)
    return u, (_np.dtype("int%d" % w) if ty[0] == "s" else u)


def _result_dtype(ty, typed):
    if ty == "pred":
        return _BOOL, 1
    if ty in _FLOAT:
        reg, t, lanes = _FLOAT[ty]
        if typed and t is not None:
            return t, lanes
        return reg, 1
    u, nat = _int_dtypes(ty)
    return (nat if typed else u), 1


def _reg_dtype(ty):
    if ty == "pred":
        return _U8
    if ty in _FLOAT:
        return _FLOAT[ty][0]
    return _int_dtypes(ty)[0]


def _kind(dt):
    if dt == bfloat16:
        return "ml_dtypes.bfloat16"
    if dt.kind in "US":
        return "an array of str (one str operand is read as `ptxfp eval` reads it)"
    if not dt.isnative:
        return "numpy.%s (%s-endian)" % (dt.name, "big" if dt.byteorder == ">" else "little")
    return "numpy.%s" % dt.name


class _Op:
    """One operand, converted: bits (numpy array of the register dtype, or
    a Python int for a scalar), its shape, and how it was given."""

    __slots__ = ("bits", "shape", "scalar", "typed")

    def __init__(self, bits, shape, scalar, typed):
        self.bits = bits
        self.shape = shape
        self.scalar = scalar
        self.typed = typed  # True/False for float types; None: no say


def _operand(x, ty, name, form):
    where = "operand %s of %s (.%s)" % (name, form, ty)
    if isinstance(x, bool) or isinstance(x, _np.bool_):
        if ty != "pred":
            raise DtypeError(
                "%s: a bool is a predicate; give the register's bits or value" % where
            )
        return _Op(int(bool(x)), (), True, None)
    if isinstance(x, int):
        if ty in _FLOAT:
            reg = _FLOAT[ty][0]
            raise DtypeError(
                "%s: a bare Python int is ambiguous (bits or value?): write bits as a "
                "numpy unsigned scalar, numpy.%s(%#x), or a value as a float, %r"
                % (where, reg.name, x & ((1 << (8 * reg.itemsize)) - 1), float(x))
            )
        if ty == "pred":
            return _Op(int(x != 0), (), True, None)
        w = int(ty[1:])
        lo = -(1 << (w - 1)) if ty[0] == "s" else 0
        hi = (1 << w) - 1 if ty[0] != "s" else (1 << (w - 1)) - 1
        if not (lo <= x <= hi or (ty[0] == "s" and 0 <= x < (1 << w))):
            raise DtypeError(
                "%s: %d is out of range for .%s (%d to %d)" % (where, x, ty, lo, hi)
            )
        return _Op(x & ((1 << w) - 1), (), True, None)
    if isinstance(x, str):
        # As the command line writes an operand (`ptxfp eval`): bits
        # "0x3c00", a value "1.5" rounded once from its decimal digits,
        # "nan:0x1", "-inf", x2 lanes "1,2", an integer "-5".
        try:
            bits, notes = _ext.parse_operand(x, ty)
        except DtypeError as e:
            raise DtypeError("%s: %s" % (where, e)) from None
        for n in notes:
            _warn("%s: %s" % (where, n))
        return _Op(bits, (), True, None)
    if isinstance(x, float):
        if ty not in _FLOAT or _FLOAT[ty][1] is None:
            raise DtypeError(
                "%s: a float for a .%s operand: give an integer (numpy integer scalar or array)"
                % (where, ty)
            )
        bits, notes = _ext.round_float(x, ty)
        for n in notes:
            _warn("%s: %s" % (where, n))
        return _Op(bits, (), True, True)
    try:
        a = _np.asarray(x)
    except ValueError as e:
        # A ragged list: numpy's message names no operand.
        raise ShapeError("%s: not an array: %s" % (where, e)) from None
    # A numpy scalar or a 0-d array-like broadcasts as a scalar; a list, a
    # tuple or a memoryview is an array like an ndarray.
    scalar = not isinstance(x, _np.ndarray) and a.ndim == 0
    if not a.dtype.isnative:
        # Big-endian data on a little-endian host (or the reverse): the
        # same values in the register's byte order.
        a = a.astype(a.dtype.newbyteorder("="))
    dt = a.dtype
    if ty in _FLOAT:
        reg, typed_dt, lanes = _FLOAT[ty]
        if dt == reg:
            return _Op(a, a.shape, scalar, False)
        if typed_dt is not None and dt == typed_dt:
            if lanes == 2:
                if a.ndim == 0 or a.shape[-1] != 2:
                    raise ShapeError(
                        "%s: a typed .%s operand has a last axis of 2 (lane 0 first), "
                        "got shape %s; or give packed registers as %s"
                        % (where, ty, a.shape, _kind(reg))
                    )
                a = _np.ascontiguousarray(a).view(reg)[..., 0]
                return _Op(a, a.shape, False, True)
            return _Op(a.view(reg), a.shape, scalar, True)
        want = "%s bits" % _kind(reg)
        if typed_dt is not None:
            want = "%s values (last axis of 2 lanes)" % _kind(typed_dt) if lanes == 2 else (
                "%s values" % _kind(typed_dt)
            )
            want += " or %s bits" % _kind(reg)
        hint = ""
        if dt.kind == "f" or dt == bfloat16:
            hint = "; convert explicitly (x.astype(...)) if a rounding is meant"
        raise DtypeError("%s takes %s, not %s%s" % (where, want, _kind(dt), hint))
    if ty == "pred":
        if dt == _BOOL or dt.kind in "ui":
            return _Op((a != 0).view(_np.uint8), a.shape, scalar, None)
        raise DtypeError("%s takes bool (or integer) values, not %s" % (where, _kind(dt)))
    w = int(ty[1:])
    if dt.kind in "ui" and dt.itemsize * 8 == w:
        # A signed type's value as a signed integer: typed; its register
        # as unsigned bits: bits back.
        vote = (dt.kind == "i") if ty[0] == "s" else None
        return _Op(a, a.shape, scalar, vote)
    raise DtypeError(
        "%s takes %d-bit integers (numpy.int%d or numpy.uint%d), not %s"
        % (where, w, w, w, _kind(dt))
    )


def _scalar_bits(o):
    """A scalar operand's bits as a Python int (Rust masks them to the width)."""
    if isinstance(o.bits, int):
        return o.bits
    return int(o.bits.astype(_U64) if o.bits.dtype != _U64 else o.bits)


def _to_result(bits_u64, ty, typed):
    """A numpy scalar of the destination from its bits."""
    dt, lanes = _result_dtype(ty, typed)
    if ty == "pred":
        return _np.bool_(bits_u64 & 1)
    reg = _reg_dtype(ty)
    r = _np.array(bits_u64, dtype=_U64).astype(reg)
    if lanes == 2:
        return r.reshape(1).view(dt)
    return r.view(dt)[()]


class Form(_ext.Instr):
    """An instruction parsed and validated once: ``Form("fma.rn.bf16")``.
    Callable like :func:`eval`; ``.arity``, ``.operand_types``,
    ``.result_types``, ``.operand_dtypes``, ``.result_dtypes``,
    ``.min_ptx``, ``.min_target``, ``str()``.

    Parsing and the check against the setup happen in ``__new__`` (Rust),
    which raises :class:`FormError` with the command line's message. A
    call on numpy scalars of the operands' own classes stays in Rust; any
    other call goes to :meth:`_call`."""

    def __init__(self, form, target=None, device=None, ptx=None):
        self._attrs()
        for w in self._warnings:
            _warn(w)
        if self._approx:
            _warn(
                "%s is an .approx instruction: NVIDIA publishes no bit-level definition; "
                "its results are within the PTX ISA's error bound, not necessarily the GPU's bits"
                % self._text
            )

    def _attrs(self):
        self._srcs = tuple(self._srcs_)
        self._dsts = tuple(self._dsts_)
        self._names = tuple(self._source_names)

    def __reduce__(self):
        # Pickled as its text and setup, parsed again when unpickled
        # (without the construction's warnings, said once already).
        t, d, p = self._given
        return (_unpickle_form, (type(self), self._text, t, d, p))

    def __str__(self):
        return self._text

    # Equal where the canonical text and the setup are: the same results
    # for the same operands (a dict keyed by forms, a set of them).
    def __eq__(self, other):
        if not isinstance(other, Form):
            return NotImplemented
        return (self._text, self._setup) == (other._text, other._setup)

    def __hash__(self):
        return hash((self._text, self._setup))

    def __repr__(self):
        t, d, p = self._setup
        return "ptxfp.Form(%r, target=%r, device=%r, ptx=%r)" % (self._text, t, d, p)

    @property
    def text(self):
        """The canonical text."""
        return self._text

    @property
    def arity(self):
        """The number of source operands."""
        return len(self._srcs)

    @property
    def operand_types(self):
        """The source operands' PTX types (``('bf16', 'bf16', 'f32')``)."""
        return self._srcs

    @property
    def result_types(self):
        """The destinations' PTX types (one for most instructions)."""
        return self._dsts

    @property
    def operand_names(self):
        """The operands' names (``a``, ``b``, ``c``; ``cc`` for a carry-in)."""
        return self._names

    @property
    def operand_dtypes(self):
        """Each operand's typed dtype (None where only bits are taken)."""
        return tuple(
            None if t in _FLOAT and _FLOAT[t][1] is None else _result_dtype(t, True)[0]
            for t in self._srcs
        )

    @property
    def register_dtypes(self):
        """Each operand's register (bits) dtype."""
        return tuple(_reg_dtype(t) if t != "pred" else _BOOL for t in self._srcs)

    @property
    def result_dtype(self):
        """The (first) destination's typed dtype."""
        return _result_dtype(self._dsts[0], True)[0]

    @property
    def result_dtypes(self):
        """Every destination's typed dtype."""
        return tuple(_result_dtype(t, True)[0] for t in self._dsts)

    @property
    def min_ptx(self):
        """The first PTX ISA version that has the instruction (``'7.8'``)."""
        r = self._requires
        return r[0] if r else None

    @property
    def min_target(self):
        """The first target that has the instruction (``'sm_90'``)."""
        r = self._requires
        return r[1] if r else None

    @property
    def approx(self):
        """Whether its results are .approx (not correctly rounded)."""
        return self._approx

    @property
    def target(self):
        return self._setup[0]

    @property
    def device(self):
        return self._setup[1]

    @property
    def ptx(self):
        return self._setup[2]

    def _call(self, *operands, out=None):
        srcs = self._srcs
        if len(operands) != len(srcs):
            raise ArityError(
                "%s takes %d source operands, got %d" % (self._text, len(srcs), len(operands))
            )
        ops = [_operand(x, t, n, self._text) for x, t, n in zip(operands, srcs, self._names)]
        votes = [o.typed for o in ops if o.typed is not None]
        typed = all(votes)
        if all(o.scalar for o in ops) and out is None:
            bits = self._eval([_scalar_bits(o) for o in ops])
            res = tuple(_to_result(b, t, typed) for b, t in zip(bits, self._dsts))
            return res[0] if len(res) == 1 else res
        try:
            shape = _np.broadcast_shapes(*(o.shape for o in ops))
        except ValueError:
            raise ShapeError(
                "%s: the operands' shapes %s do not broadcast"
                % (self._text, ", ".join(str(o.shape) for o in ops))
            ) from None
        return self._arrays(ops, shape, typed, out)

    def _arrays(self, ops, shape, typed, out):
        srcs = self._srcs
        n = 1
        for s in shape:
            n *= s
        results = [_result_dtype(t, typed) for t in self._dsts]
        full_shapes = [shape + ((2,) if lanes == 2 else ()) for _, lanes in results]
        if self._is_form:
            cols = []
            for o, t in zip(ops, srcs):
                reg = _reg_dtype(t)
                if isinstance(o.bits, int):
                    c = _np.full(n, o.bits, dtype=reg)
                else:
                    c = o.bits
                    if c.shape != shape:
                        c = _np.broadcast_to(c, shape)
                    c = _np.ascontiguousarray(c).reshape(-1)
                cols.append(c)
            t = self._dsts[0]
            reg = _reg_dtype(t)
            dt, _ = results[0]
            dest, direct = self._out(out, 0, full_shapes[0], dt, reg, n, cols)
            if n:
                self._eval_columns(cols, dest)
            if out is None:
                return dest.view(dt).reshape(full_shapes[0])
            if not direct:
                out_arr = out[0] if isinstance(out, tuple) else out
                out_arr[...] = dest.view(dt).reshape(full_shapes[0])
            return out
        # Any other instruction: uint64 columns.
        cols = []
        for o, t in zip(ops, srcs):
            if isinstance(o.bits, int):
                c = _np.full(n, o.bits, dtype=_U64)
            else:
                c = o.bits
                if c.shape != shape:
                    c = _np.broadcast_to(c, shape)
                c = _np.ascontiguousarray(c.reshape(-1) if c.flags.c_contiguous else c.ravel())
                c = c.astype(_U64, copy=False) if c.dtype.kind == "u" else c.astype(_np.int64).view(_U64)
                c = _np.ascontiguousarray(c).reshape(-1)
            cols.append(c)
        dests = [_np.empty(n, dtype=_U64) for _ in self._dsts]
        if n:
            self._eval_u64(cols, dests)
        res = []
        for d, t, (dt, lanes), fs in zip(dests, self._dsts, results, full_shapes):
            if t == "pred":
                r = (d & 1).astype(_BOOL)
            else:
                r = d.astype(_reg_dtype(t)).view(dt)
            res.append(r.reshape(fs))
        if out is not None:
            outs = out if isinstance(out, tuple) else (out,)
            if len(outs) != len(res):
                raise ShapeError("out: %d arrays for %d destinations" % (len(outs), len(res)))
            for o, r in zip(outs, res):
                self._check_out(o, r.shape, r.dtype)
                o[...] = r
            return out
        return res[0] if len(res) == 1 else tuple(res)

    def _check_out(self, o, shape, dt):
        if not isinstance(o, _np.ndarray):
            raise DtypeError("out: a numpy array, not %s" % type(o).__name__)
        if o.dtype != dt and o.dtype.newbyteorder("=") != dt:
            raise DtypeError("out: %s for %s's result, not %s" % (_kind(dt), self._text, _kind(o.dtype)))
        if o.shape != shape:
            raise ShapeError("out: shape %s for a result of shape %s" % (o.shape, shape))
        if not o.flags.writeable:
            raise ValueError("out: the array is read-only")

    def _out(self, out, k, full_shape, dt, reg, n, cols):
        """The register column the kernel writes, and whether it is `out`'s
        own memory."""
        if out is None:
            return _np.empty(n, dtype=reg), False
        outs = out if isinstance(out, tuple) else (out,)
        if len(outs) != len(self._dsts):
            raise ShapeError("out: %d arrays for %d destinations" % (len(outs), len(self._dsts)))
        o = outs[k]
        self._check_out(o, full_shape, dt)
        if (o.flags.c_contiguous and o.dtype.isnative
                and not any(_np.may_share_memory(o, c) for c in cols)):
            return o.view(reg).reshape(-1), True
        return _np.empty(n, dtype=reg), False

    def gen(self, count=100, seed=1, typed=False):
        """``count`` edge-weighted operand vectors from ``seed`` with the
        expected results (``ptxfp gen``): a :class:`Vectors`."""
        if (isinstance(count, bool) or not isinstance(count, (int, _np.integer))
                or not 0 <= count <= 10_000_000):
            raise ValueError("count: 0 to 10,000,000 vectors, not %r" % (count,))
        s, d = self._gen(int(count), _seed("gen", seed))

        def conv(col, t):
            if t == "pred":
                return (col & 1).astype(_BOOL)
            reg = _reg_dtype(t)
            c = col.astype(reg)
            if typed:
                dt, lanes = _result_dtype(t, True)
                if lanes == 2:
                    return c.view(dt).reshape(-1, 2)
                return c.view(dt)
            return c

        srcs = tuple(conv(c, t) for c, t in zip(s, self._srcs))
        dsts = tuple(conv(c, t) for c, t in zip(d, self._dsts))
        return Vectors(srcs, dsts[0] if len(dsts) == 1 else dsts)

    def sweep(self, exhaustive=False, random=None, seed=None, threads=None):
        """A sweep summarized by its digest, as ``ptxfp sweep`` prints it:
        ``exhaustive=True`` (all 2^32 pairs of a two-operand 16-bit-lane
        form), or ``random=N`` results from ``seed`` (default 1)."""
        random, seed = _sweep_args("sweep", exhaustive, random, seed, threads)
        res, digest, chunks, secs, nthreads, path = self._sweep(
            bool(exhaustive), random, seed, None if threads is None else int(threads)
        )
        return Sweep(
            form=self._text,
            setup=self._setup,
            exhaustive=bool(exhaustive),
            seed=None if exhaustive else seed,
            results=res,
            digest=digest,
            chunks=tuple(chunks),
            seconds=secs,
            threads=nthreads,
            path=path,
        )


def _sweep_args(what, exhaustive, random, seed, threads):
    """The operands of a sweep as ``Form.sweep`` checks them: (random, seed)."""
    if exhaustive and random is not None:
        raise ValueError("%s: exhaustive=True or random=N, not both" % what)
    if exhaustive and seed is not None:
        raise ValueError("%s: seed applies to random=N; exhaustive has no randomness" % what)
    if not exhaustive:
        if random is None:
            raise ValueError("%s: say which operands: exhaustive=True or random=N" % what)
        if (isinstance(random, bool) or not isinstance(random, (int, _np.integer))
                or not 1 <= random <= 1 << 40):
            raise ValueError("%s: random=N takes 1 to 2^40 results" % what)
    if threads is not None and (
        isinstance(threads, bool) or not isinstance(threads, (int, _np.integer))
        or not 1 <= threads <= 1024
    ):
        raise ValueError("%s: threads from 1 to 1024" % what)
    return (None if random is None else int(random)), (1 if seed is None else _seed(what, seed))


def _seed(what, seed):
    """A seed as the command line's ``--seed`` takes it: 0 to 2^64 - 1."""
    if (isinstance(seed, bool) or not isinstance(seed, (int, _np.integer))
            or not 0 <= seed < 1 << 64):
        raise ValueError("%s: seed is an integer from 0 to 2^64 - 1, not %r" % (what, seed))
    return int(seed)


def _unpickle_form(cls, text, target, device, ptx):
    """A pickled :class:`Form` again: parsed and checked as it was made."""
    f = cls.__new__(cls, text, target, device, ptx)
    f._attrs()
    return f


def _shard_args(shard, shards):
    for name, v, lo in (("shard", shard, 0), ("shards", shards, 1)):
        if isinstance(v, bool) or not isinstance(v, (int, _np.integer)) or not lo <= v < 1 << 64:
            raise ValueError(
                "sweep_shard: %s is an integer from %d to 2^64 - 1, not %r" % (name, lo, v)
            )
    if shard >= shards:
        raise ValueError(
            "sweep_shard: shard %d of %d: shards count from 0, so it must be below %d"
            % (shard, shards, shards)
        )
    return int(shard), int(shards)


def sweep_shard(form, shard, shards, out, *, exhaustive=False, random=None, seed=None,
                target=None, device=None, ptx=None, threads=None):
    """Shard ``shard`` of ``shards`` of a sweep, as ``ptxfp sweep FORM
    --exhaustive --shard K/N --out DIR`` computes it: its chunks on
    ``threads`` threads (default: all cores) with the GIL released, its
    self-describing record written into the directory ``out`` atomically
    (created if missing; a record already there for the shard is
    replaced). Returns the record as a dict (``form``, ``setup``,
    ``operands``, ``shard``, ``chunks``, ``results``, ``chunk_digests``,
    ``seconds``, ``host``, ...) with ``file``, its path.
    :func:`sweep_merge` puts the shards back together."""
    shard, shards = _shard_args(shard, shards)
    random, seed = _sweep_args("sweep_shard", exhaustive, random, seed, threads)
    f = _form(form, target, device, ptx)
    text, path = f._sweep_shard(
        shard, shards, _os.fsdecode(out), bool(exhaustive), random, seed,
        None if threads is None else int(threads),
    )
    rec = _json.loads(text)
    rec["file"] = path
    return rec


def sweep_present(form, shards, out, *, exhaustive=False, random=None, seed=None,
                  target=None, device=None, ptx=None):
    """The shards (a sorted list of K) of this sweep in ``shards`` shards
    whose records are in ``out`` and valid: the record
    :func:`sweep_shard` would write for them, of this ptxfp version and
    hardware profile, with one digest per chunk. A missing, torn or
    foreign record's shard is not listed (it is to be computed again)."""
    _, shards = _shard_args(0, shards)
    random, seed = _sweep_args("sweep_present", exhaustive, random, seed, None)
    if not _os.path.isdir(out):
        return []
    f = _form(form, target, device, ptx)
    return list(f._sweep_present(shards, _os.fsdecode(out), bool(exhaustive), random, seed))


def sweep_merge(dir, *, expect=None):
    """Merges the shard records of the directory ``dir`` as ``ptxfp sweep
    merge DIR [--expect HEX]`` does: a dict with ``complete`` (every shard
    there once), ``ok`` (complete, nothing refused, and equal to
    ``expect`` if given), ``digest`` (an int, None while incomplete),
    ``digest_hex``, ``missing`` (the shards K with no record), ``rerun``
    (the command that computes each missing one), ``refused`` (records of
    another sweep, torn, inconsistent or duplicated: ``file`` and ``why``),
    ``form``, ``setup``, ``operands``, ``shards``, ``results``,
    ``records``, ``seconds`` and ``text``: what the command prints, whose
    first lines are an unsharded ``ptxfp sweep``'s. A directory without
    any record raises :class:`PtxfpError`."""
    if expect is not None:
        if isinstance(expect, str):
            try:
                expect = int(expect, 16)
            except ValueError:
                raise ValueError("sweep_merge: expect=%r is not a hexadecimal digest" % expect) from None
        if isinstance(expect, bool) or not isinstance(expect, (int, _np.integer)) or not 0 <= expect < 1 << 64:
            raise ValueError("sweep_merge: expect is a 64-bit digest (an int or a hex string)")
        expect = int(expect)
    return _ext.sweep_merge(_os.fsdecode(dir), expect)


class Vectors(_NamedTuple):
    """Operand vectors and their expected results (``ptxfp gen``)."""

    sources: tuple
    expected: object


class Sweep(_NamedTuple):
    """A sweep's summary; ``str()`` is what ``ptxfp sweep`` prints."""

    form: str
    setup: tuple
    exhaustive: bool
    seed: object
    results: int
    digest: int
    chunks: tuple
    seconds: float
    threads: int
    path: object

    @property
    def digest_hex(self):
        return "%#018x" % self.digest

    def __str__(self):
        t, d, p = self.setup
        ops = (
            "exhaustive: result i = (a << 16) | b"
            if self.exhaustive
            else "random, seed %d" % self.seed
        )
        served = (
            "path %s" % self.path if self.path else "no batch kernel: Form::eval per result"
        )
        rate = self.results / self.seconds / 1e6 if self.seconds > 0 else float("inf")
        return (
            "form      %s\nsetup     --target %s --device %s --ptx %s\noperands  %s\n"
            "results   %d\ndigest    %s\ntime      %.3f s (%.0f M results/s, %d threads, %s)"
            % (self.form, t, d, p, ops, self.results, self.digest_hex, self.seconds, rate,
               self.threads, served)
        )


_cache = {}
_cache_lock = _threading.Lock()


def _form(form, target, device, ptx):
    if isinstance(form, Form):
        if target is not None or device is not None or ptx is not None:
            raise ValueError("eval: a Form has its setup; give target=/device=/ptx= to Form()")
        return form
    if not isinstance(form, str):
        raise DtypeError(
            "form: a string such as 'fma.rn.f16' or a ptxfp.Form, not %s" % type(form).__name__
        )
    if not all(v is None or isinstance(v, str) for v in (target, device, ptx)):
        return Form(form, target, device, ptx)  # raises DtypeError: not cached
    key = (form, target, device, ptx)
    f = _cache.get(key)
    if f is None:
        f = Form(form, target, device, ptx)
        with _cache_lock:
            if len(_cache) > 1024:
                _cache.clear()
            _cache[key] = f
    return f


def eval(form, *operands, target=None, device=None, ptx=None, out=None):
    """Evaluates ``form`` elementwise on the operands, bit-exact.

    Unsigned arrays are register bits (uint16 for .f16/.bf16, uint32 for
    .f16x2/.bf16x2/.f32, uint64 for .f64) and give bits back; typed arrays
    (numpy.float16, ml_dtypes.bfloat16, float32, float64; x2 types with a
    last axis of 2 lanes) give typed arrays back. A Python float is rounded
    once into the operand's type. Scalars broadcast."""
    f = _form(form, target, device, ptx)
    return f(*operands) if out is None else f(*operands, out=out)


def gen(form, count=100, seed=1, target=None, device=None, ptx=None, typed=False):
    """Edge-weighted operand arrays with the expected results (``ptxfp gen``)."""
    return _form(form, target, device, ptx).gen(count, seed, typed)


class FormInfo(_NamedTuple):
    """One line of ``ptxfp forms``."""

    form: str
    min_ptx: str
    min_target: str
    note: object

    def __str__(self):
        note = " (%s)" % self.note if self.note else ""
        return "%s %s %s%s" % (self.form, self.min_ptx, self.min_target, note)


def forms(target=None, ptx=None, family="float"):
    """The legal forms (``ptxfp forms``): with ``target``/``ptx``, only
    those legal there. ``family``: float, int, cvt, compare, alt, mixed or all."""
    return [FormInfo(*f) for f in _ext.forms(family, target, ptx)]


class Diagnostic(_NamedTuple):
    """An error or warning: 1-based line and column, severity, message,
    help (or None), and the text as the command line renders it."""

    line: int
    column: int
    severity: str
    message: str
    help: object
    text: str

    def __str__(self):
        return self.text


class CheckReport(list):
    """``ptxfp.check``'s diagnostics (a list), with the summary:
    ``checked``, ``skipped``, ``ptx``, ``target`` (and where each came from:
    ``ptx_from``, ``target_from``), ``errors``, ``warnings``."""

    def __init__(self, diags, summary):
        super().__init__(diags)
        for k, v in summary.items():
            setattr(self, k, v)

    @property
    def errors(self):
        return [d for d in self if d.severity == "error"]

    @property
    def warnings(self):
        return [d for d in self if d.severity != "error"]

    @property
    def ok(self):
        return not self.errors


def _not_unicode(e, text):
    """The UnicodeEncodeError of PTX text that holds a lone surrogate, with
    its line and column and a fix (Python's named a character position)."""
    line = text.count("\n", 0, e.start) + 1
    column = e.start - (text.rfind("\n", 0, e.start) + 1) + 1
    return UnicodeEncodeError(
        e.encoding, e.object, e.start, e.end,
        "<ptx>:%d:%d: a lone surrogate, which is no text: errors='surrogateescape' makes "
        "one of each byte that is not UTF-8; decode the file with errors='replace', or "
        "fix its encoding" % (line, column),
    )


def check(ptx_text, target=None, ptx=None):
    """Checks a PTX module's text (``ptxfp check``): its diagnostics."""
    if not isinstance(ptx_text, str):
        raise DtypeError("check: PTX text as a str, not %s" % type(ptx_text).__name__)
    try:
        diags, summary = _ext.check(ptx_text, target, ptx)
    except UnicodeEncodeError as e:
        raise _not_unicode(e, ptx_text) from None
    return CheckReport([Diagnostic(*d) for d in diags], summary)


class Register(_NamedTuple):
    """A register's final state: name, declared type, the type its value is
    shown as, bits, whether the program wrote it, and the command line's text."""

    name: str
    type: str
    shown_as: str
    bits: int
    written: bool
    text: str

    @property
    def value(self):
        """The value as a numpy scalar of the type it is shown as (bits for
        a bit type)."""
        t = self.shown_as
        if t in _FLOAT and _FLOAT[t][1] is not None:
            return _to_result(self.bits, t, True)
        if t == "pred":
            return _np.bool_(self.bits & 1)
        if t[0] in "bus" and t[1:] in _INT_WIDTH:
            u, nat = _int_dtypes(t)
            return _np.array(self.bits, dtype=_U64).astype(u).view(nat)[()]
        return self.bits


class RunResult:
    """What ``ptxfp.run`` produced: ``registers`` (name -> Register; the
    written ones, or all with ``all=True``), ``memory`` (address -> bytes),
    ``warnings``, ``contractions``, ``trace``, ``entry``, ``target``,
    ``device``, ``ptx``, ``printf`` (what device printf printed, per call)
    and ``assertions``. ``result["%f1"]`` is a register's value."""

    def __init__(self, d, all_regs):
        self.registers = {}
        for r in d["registers"]:
            if all_regs or r["written"]:
                self.registers[r["name"]] = Register(
                    r["name"], r["type"], r["shown_as"], r["bits"], r["written"],
                    "%s = %s" % (r["name"], r["text"]),
                )
        self.memory = {a: b for a, b in d["memory"]}
        self.warnings = [Diagnostic(*w) for w in d["warnings"]]
        self.contractions = d["contractions"]
        self.trace = d["trace"]
        self.entry = d["entry"]
        self.target = d["target"]
        self.device = d["device"]
        self.ptx = d["ptx"]
        #: Device printf output, one entry per call in the engine's order
        #: (CTA, warp, lane): ``(ctaid, tid, text)``.
        self.printf = [(tuple(c), tuple(t), text) for c, t, text in d["printf"]]
        #: The failed assert()s' lines (CUDA's); a run with any raises
        #: :class:`KernelAssertionError` carrying this result.
        self.assertions = list(d["assertions"])

    def __getitem__(self, name):
        return self.registers[name].value

    def __str__(self):
        lines = [r.text for r in self.registers.values()]
        for a, b in self.memory.items():
            lines.append(
                "mem[%#x..%#x] = %s" % (a, a + len(b), " ".join("%02x" % x for x in b))
            )
        return "\n".join(lines)

    def __repr__(self):
        return "<ptxfp.RunResult %d registers, %d memory runs>" % (
            len(self.registers), len(self.memory))


def _set_text(name, v):
    if isinstance(v, str):
        return v
    if isinstance(v, (bool, _np.bool_)):
        return "1" if v else "0"
    if isinstance(v, int):
        return str(v)
    if isinstance(v, float):
        return v.hex() if v == v and abs(v) != float("inf") else repr(v).replace("nan", "nan")
    if isinstance(v, _np.generic):
        dt = v.dtype
        if dt.kind == "u":
            return "%#x" % int(v)
        if dt.kind == "i":
            return str(int(v))
        if dt.kind == "f" or dt == bfloat16:
            w = dt.itemsize * 8
            return "b%d:%#x" % (w, int(v.view("uint%d" % w)))
    raise DtypeError(
        "set[%r]: a str (as --set takes it), a Python int or float, or a numpy scalar; not %s"
        % (name, type(v).__name__)
    )


def _is_int(x):
    return isinstance(x, (int, _np.integer)) and not isinstance(x, (bool, _np.bool_))


def _xyz(key, v, lo):
    """An int or one to three ints, each from ``lo`` to 2^32 - 1, as (x, y, z)."""
    what = "%s: an int or one to three ints, each from %d to 4294967295" % (key, lo)
    if _is_int(v):
        v = (v,)
    elif isinstance(v, (str, bytes)) or not isinstance(v, (tuple, list, _np.ndarray)):
        raise ValueError("%s; not %r" % (what, v))
    v = tuple(v)
    if not 1 <= len(v) <= 3:
        raise ValueError("%s; not %d dimensions" % (what, len(v)))
    for x in v:
        if not _is_int(x) or not lo <= x <= 0xFFFFFFFF:
            raise ValueError("%s; not %r" % (what, x))
    return tuple(int(x) for x in v) + (lo,) * (3 - len(v))


def _dims(key, v):
    if v is None:
        return (1, 1, 1)
    return _xyz(key, v, 1)


def _count(key, v, what):
    """A non-negative 64-bit integer argument (None stays None)."""
    if v is None:
        return None
    if not _is_int(v) or not 0 <= v < 1 << 64:
        raise ValueError("%s: %s, an integer from 0 to 2^64 - 1; not %r" % (key, what, v))
    return int(v)


def _mapping(key, v):
    """The items of a dict-like argument (None: none)."""
    if v is None:
        return []
    if not hasattr(v, "items"):
        raise DtypeError("run: %s is a dict (a mapping), not %s" % (key, type(v).__name__))
    return list(v.items())


def _mem_bytes(at, b, room):
    """The bytes of a ``mem=`` value: a numpy array (its memory order), or
    bytes, a bytearray, a memoryview (or another object with the buffer
    protocol) or a list of byte values. ``room``: the bytes the run may
    still hold, checked before anything is copied (a broadcast array of
    2^40 elements would take its whole size)."""
    where = "mem[%s]" % ("%#x" % at if _is_int(at) else repr(at))
    kind = type(b).__name__
    if isinstance(b, _np.ndarray) and b.dtype.hasobject:
        raise DtypeError("%s: an array of Python objects has no bytes: give a numeric dtype" % where)
    if not isinstance(b, (_np.ndarray, bytes, bytearray, memoryview, list, tuple)):
        try:
            if isinstance(b, (str, int, float, _np.generic)) or b is None:
                raise TypeError
            b = memoryview(b)
        except TypeError:
            raise DtypeError(
                "%s: bytes, a bytearray, a memoryview, a list of byte values or a numpy array; not %s"
                % (where, kind)
            ) from None
    size = b.nbytes if isinstance(b, (_np.ndarray, memoryview)) else len(b)
    if size > room:
        raise RunError(
            "%s: %d bytes, more than the %d the run may still hold "
            "(max_memory): raise max_memory, or give fewer bytes" % (where, size, room)
        )
    if isinstance(b, _np.ndarray):
        out = _np.ascontiguousarray(b).tobytes()
    else:
        try:
            out = bytes(b)
        except (TypeError, ValueError) as e:
            raise DtypeError("%s: a list or tuple gives byte values (0 to 255): %s" % (where, e)) from None
    if not out:
        raise ValueError("%s: no bytes (an empty %s): give at least one byte, or leave the entry out"
                         % (where, kind))
    return out


def run(ptx_text, set=None, mem=None, *, entry=None, target=None, device=None, ptx=None,
        lenient=False, trace=False, contract=False, grid=None, block=None,
        dynamic_shared=0, thread=None, cta=None, check_memory=False, max_steps=None,
        all=False, cluster=None, tensor_map=None, max_memory=None, cooperative=False,
        surface=None, texture=None, malloc_heap_size=None):
    """Runs PTX (``ptxfp run``): ``set={"%f1": 1.5, "%h2": numpy.float16(2)}``
    gives registers or .params (strings as ``--set`` takes them),
    ``mem={0x1000: b"..."}`` memory bytes; ``cluster=(2, 1, 1)`` the CTAs
    per thread-block cluster (``--cluster``); ``tensor_map={"tmap":
    "f16:64x64@0x10000:box=64x8:swizzle=128"}`` the tensor maps of
    ``cp.async.bulk.tensor`` (``--tensor-map``, docs/ENGINE.md "Tensor
    copies"); ``max_memory`` the bytes the run may hold (``--max-memory``,
    default 2 GiB); ``cooperative=True`` a cooperative launch, every CTA
    resident at once so that one may wait for another (``--cooperative``,
    docs/ENGINE.md "Cooperative launches"); ``surface={"surf":
    "64x64:f32@0x10000"}`` and ``texture={"tex": "64x64:f32@0x10000"}``
    bind ``.surfref``/``.texref`` variables or handles to images in memory
    (``--surface``, ``--texture``, docs/ENGINE.md "Surfaces" and
    "Textures"); ``malloc_heap_size`` the device heap's bytes
    (``--malloc-heap-size``, default 8 MiB). Errors that name a flag end
    with a note giving its keyword here. Returns a :class:`RunResult`;
    a :class:`RunError` with the diagnostics where the program does not run,
    a :class:`KernelAssertionError` where a device ``assert()`` failed."""
    if not isinstance(ptx_text, str):
        raise DtypeError("run: PTX text as a str, not %s" % type(ptx_text).__name__)
    sets = [(str(k), _set_text(k, v)) for k, v in _mapping("set", set)]
    mems = []
    max_memory = _count("max_memory", max_memory, "the most bytes the run may hold")
    room = _ext._DEFAULT_MAX_MEMORY if max_memory is None else max_memory
    for at, b in _mapping("mem", mem):
        if _is_int(at) and not 0 <= at < 1 << 64:
            raise ValueError("run: mem address %#x: addresses are 0 to 2**64 - 1" % at)
        b = _mem_bytes(at, b, room)
        room -= len(b)
        at = "%#x" % at if _is_int(at) else str(at)
        mems.append((at, b))
    th = None
    if thread is not None or cta is not None:
        th = (_xyz("cta", 0 if cta is None else cta, 0),
              _xyz("thread", 0 if thread is None else thread, 0))
    try:
        d = _ext.run(
            ptx_text, sets, mems, entry, target, device, ptx, lenient, trace, contract,
            None if grid is None else _dims("grid", grid),
            None if block is None else _dims("block", block),
            _count("dynamic_shared", dynamic_shared, "the bytes of dynamic shared memory") or 0, th,
            check_memory, _count("max_steps", max_steps, "the most thread-instructions"),
            cluster=None if cluster is None else _dims("cluster", cluster),
            tensor_maps=["%s=%s" % (k, v) for k, v in _mapping("tensor_map", tensor_map)],
            max_memory=max_memory,
            cooperative=cooperative,
            surfaces=["%s=%s" % (k, v) for k, v in _mapping("surface", surface)],
            textures=["%s=%s" % (k, v) for k, v in _mapping("texture", texture)],
            heap_size=_count("malloc_heap_size", malloc_heap_size, "the device heap's bytes"),
        )
    except UnicodeEncodeError as e:
        if e.object is not ptx_text:
            raise
        raise _not_unicode(e, ptx_text) from None
    result = RunResult(d, all)
    if result.assertions:
        raise KernelAssertionError("\n".join(result.assertions), result)
    return result


def kernel_path():
    """The batch kernels' implementation on this CPU (``avx2``, ...)."""
    return _ext.kernel_path()
