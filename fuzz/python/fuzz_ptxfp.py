"""Fuzz target for the Python entry points of ptxfp (issue: hardening).

Every public call of ``import ptxfp`` gets arguments built from the fuzzer's
bytes: form, target, device and PTX-version text, numpy operands of every
dtype and shape (0-d, empty, strided, mismatched), ``out=`` arrays, PTX
modules for ``check`` and ``run`` (with grids, parameters, memory and a step
limit), ``gen``, ``forms`` and the tensor-core ``mma_dot``/``matmul``.

What counts as a finding: any exception other than ptxfp's own errors (a
``PtxfpError`` that is not ``InternalError``) and the ``TypeError``,
``ValueError`` and ``OverflowError`` that numpy or Python raise for a
malformed argument; in particular ``InternalError`` (a caught Rust panic)
and pyo3's ``PanicException``; and any crash or hang of the process.

Run it (docs/TESTING.md "Fuzzing"):

    target/venv/bin/pip install atheris
    target/venv/bin/python fuzz/python/fuzz_ptxfp.py -runs=10000000 \
        -max_len=1024 fuzz/python/corpus

Without atheris, ``python fuzz/python/fuzz_ptxfp.py FILE...`` replays inputs
(python/tests/test_fuzz_corpus.py replays the corpus in CI). The bytes are
read by the small provider below, not atheris's, so a replay means the same
calls with or without atheris.
"""

import sys
import warnings

import numpy as np

import ptxfp

ALLOWED = (TypeError, ValueError, OverflowError)

# Pieces that the fuzzer combines into form, target and module text: every
# opcode root, modifier and type the instruction table knows, and some that
# it does not, so that both the legal and the malformed paths are reached.
OPCODES = [
    "add", "sub", "mul", "fma", "mad", "div", "rcp", "sqrt", "rsqrt", "min",
    "max", "abs", "neg", "copysign", "cvt", "setp", "set", "selp", "slct",
    "testp", "ex2", "lg2", "sin", "cos", "tanh", "and", "or", "xor", "not",
    "cnot", "lop3", "shl", "shr", "shf", "prmt", "bfe", "bfi", "bfind",
    "brev", "popc", "clz", "fns", "mul24", "mad24", "sad", "dp4a", "dp2a",
    "addc", "subc", "madc", "rem", "mov", "szext", "bmsk", "fam", "",
]
MODS = [
    "rn", "rz", "rm", "rp", "rni", "rzi", "rmi", "rpi", "rna", "rs", "ftz",
    "sat", "satfinite", "relu", "approx", "full", "NaN", "xorsign", "abs",
    "oob", "lo", "hi", "wide", "cc", "eq", "ne", "lt", "le", "gt", "ge",
    "equ", "neu", "ltu", "leu", "gtu", "geu", "num", "nan", "lo", "ls",
    "hs", "and", "or", "xor", "l", "r", "clamp", "wrap", "f4e", "b4e",
    "rc8", "ecl", "ecr", "rc16", "shiftamt", "finite", "infinite", "number",
    "notanumber", "normal", "subnormal", "pack", "sync", "x",
]
TYPES = [
    "f16", "f16x2", "bf16", "bf16x2", "f32", "f32x2", "f64", "tf32", "e4m3x2",
    "e5m2x2", "e2m1x2", "e2m3x2", "e3m2x2", "ue8m0x2", "u8", "s8", "u16",
    "s16", "u32", "s32", "u64", "s64", "b8", "b16", "b32", "b64", "b128",
    "pred", "f8", "u128", "s128",
]
TARGETS = ["sm_50", "sm_53", "sm_70", "sm_80", "sm_86", "sm_89", "sm_90",
           "sm_90a", "sm_100", "sm_100a", "sm_120f", "sm_999", "compute_90",
           "", "sm_", "sm_-1"]
DEVICES = ["sm_70", "sm_80", "sm_90", "sm_100", "h100", "H200", "", "x"]
PTXS = ["1.0", "4.3", "6.0", "7.0", "7.8", "8.0", "8.6", "8.8", "9.0", "9.9",
        "", "x.y", "99999999999.1"]
DTYPES = [np.uint8, np.int8, np.uint16, np.int16, np.uint32, np.int32,
          np.uint64, np.int64, np.float16, np.float32, np.float64, np.bool_,
          np.complex64, ptxfp.bfloat16, object]
GPUS = ["V100", "A100", "A2", "A30", "Ada", "L40S", "H100", "H200", "B200",
        "RTX PRO 6000", "", "h100", "B300"]
FORMATS = ["f16", "bf16", "tf32", "e4m3", "e5m2", "f32", "f64", "", "e2m1"]
LINES = [
    ".reg .b16 %h<4>;", ".reg .b32 %r<4>;", ".reg .b64 %rd<4>;",
    ".reg .pred %p<3>;", ".reg .f32 %f<4>;", ".shared .align 4 .b8 s[64];",
    ".global .u32 g[4] = {1, 2, 3, 4};", "mov.b16 %h1, 0x3c00;",
    "add.rn.f16 %h2, %h1, %h1;", "fma.rn.f16 %h3, %h1, %h2, %h1;",
    "mov.u32 %r1, %tid.x;", "setp.lt.u32 %p1, %r1, 3;",
    "@%p1 bra L1;", "L1:", "bra L1;", "ld.param.u64 %rd1, [p];",
    "st.global.u32 [%rd1], %r1;", "ld.global.u32 %r2, [%rd1+4];",
    "bar.sync 0;", "shfl.sync.bfly.b32 %r2, %r1, 1, 31, -1;",
    "atom.global.add.u32 %r3, [%rd1], 1;", "ret;", "exit;", "{", "}",
    "cvt.rn.f32.f16 %f1, %h1;", "div.rn.f32 %f2, %f1, %f1;",
    "vote.sync.ballot.b32 %r2, %p1, -1;", "call f, (%r1);",
    "mma.sync.aligned.m16n8k16.row.col.f32.f16.f16.f32 {%f1,%f2,%f3,%f1}, {%r1,%r2,%r3,%r1}, {%r1,%r2}, {%f1,%f2,%f3,%f1};",
    "ld.shared.u32 %r1, [s];", "st.shared.u32 [s+60], %r1;",
    "mul.wide.u32 %rd2, %r1, 4;", "add.s64 %rd3, %rd1, %rd2;",
    "cvta.to.global.u64 %rd1, %rd1;", "trap;", "membar.gl;",
    "mov.b32 %r1, 0f3F800000;", "mov.b64 %rd1, 0d3FF0000000000000;",
    ".global .u64 tbl[2] = { generic(g), 0xff00(g) };", "barrier.cluster.arrive;",
    "barrier.cluster.wait;", "mov.u32 %r2, %cluster_ctarank;",
    ".shared .align 8 .b64 mb;", "mbarrier.init.shared.b64 [mb], 1;",
    "mbarrier.arrive.shared.b64 %rd2, [mb];", "mbarrier.try_wait.shared.b64 %p1, [mb], %rd2;",
    "ldmatrix.sync.aligned.m8n8.x1.shared.b16 {%r1}, [s];",
]


class Provider:
    """Reads values off the input bytes, front to back (zeros once spent)."""

    def __init__(self, data):
        self.data = bytes(data)
        self.at = 0

    def byte(self):
        if self.at >= len(self.data):
            return 0
        b = self.data[self.at]
        self.at += 1
        return b

    def int_in(self, lo, hi):
        """An integer in [lo, hi]."""
        span = hi - lo + 1
        v = 0
        for _ in range((span.bit_length() + 7) // 8):
            v = (v << 8) | self.byte()
        return lo + v % span

    def pick(self, values):
        return values[self.int_in(0, len(values) - 1)]

    def raw(self, n):
        n = min(n, max(0, len(self.data) - self.at))
        out = self.data[self.at:self.at + n]
        self.at += n
        return out

    def text(self, limit=40):
        """Mostly table words joined by dots; sometimes raw bytes."""
        if self.int_in(0, 7) == 0:
            return self.raw(self.int_in(0, limit)).decode("utf-8", "replace")
        parts = [self.pick(OPCODES)]
        for _ in range(self.int_in(0, 5)):
            parts.append(self.pick(MODS) if self.int_in(0, 1) else self.pick(TYPES))
        return ".".join(parts)

    def maybe(self, values):
        return None if self.int_in(0, 3) == 0 else self.pick(values)


def array(p):
    """An operand: a scalar, a list, or an array of any dtype and shape."""
    kind = p.int_in(0, 5)
    if kind == 0:
        return p.pick([0, 1, -1, 2**64, -(2**63), 1.5, float("nan"), True, "x", None, 3 + 1j])
    if kind == 1:
        return [p.int_in(0, 2**16) for _ in range(p.int_in(0, 4))]
    dtype = p.pick(DTYPES)
    ndim = p.int_in(0, 3)
    shape = tuple(p.int_in(0, 4) for _ in range(ndim))
    n = int(np.prod(shape)) if shape else 1
    if dtype is object:
        a = np.array([p.int_in(0, 9) for _ in range(n)], dtype=object).reshape(shape)
    else:
        itemsize = np.dtype(dtype).itemsize
        raw = p.raw(n * itemsize).ljust(n * itemsize, b"\x00")
        a = np.frombuffer(raw, dtype=dtype).reshape(shape).copy()
    if kind == 5 and a.ndim >= 1 and a.shape[0] > 1:
        a = a[::2]  # a strided view
    if kind == 4 and a.ndim >= 2:
        a = a.T  # a Fortran-ordered view
    return a


def call(p):
    what = p.int_in(0, 9)
    if what == 0:
        f = ptxfp.Form(p.text(), target=p.maybe(TARGETS), device=p.maybe(DEVICES), ptx=p.maybe(PTXS))
        _ = (f.text, f.arity, f.operand_types, f.result_types, f.operand_dtypes,
             f.register_dtypes, f.result_dtypes, f.min_ptx, f.min_target, f.approx)
        ops = [array(p) for _ in range(p.int_in(0, 5))]
        out = array(p) if p.int_in(0, 5) == 0 else None
        f(*ops, out=out) if out is not None else f(*ops)
    elif what == 1:
        ops = [array(p) for _ in range(p.int_in(0, 5))]
        ptxfp.eval(p.text(), *ops, target=p.maybe(TARGETS), device=p.maybe(DEVICES), ptx=p.maybe(PTXS))
    elif what == 2:
        ptxfp.gen(p.text(), count=p.int_in(0, 64), seed=p.int_in(0, 2**64 - 1),
                  target=p.maybe(TARGETS), typed=bool(p.int_in(0, 1)))
    elif what == 3:
        ptxfp.forms(target=p.maybe(TARGETS), ptx=p.maybe(PTXS),
                    family=p.pick(["all", "float", "int", "cvt", "compare", "", "x"]))
    elif what in (4, 5):
        text = module(p)
        if what == 4:
            r = ptxfp.check(text, target=p.maybe(TARGETS), ptx=p.maybe(PTXS))
            _ = (r.ok, r.errors, r.warnings)
        else:
            r = ptxfp.run(
                text,
                set={"p": p.int_in(0, 2**64 - 1)} if p.int_in(0, 1) else None,
                mem={p.int_in(0, 2**16): p.raw(p.int_in(0, 16))} if p.int_in(0, 1) else None,
                entry=p.maybe(["k", "f", ""]),
                grid=p.int_in(0, 3) if p.int_in(0, 1) else None,
                block=p.int_in(0, 40) if p.int_in(0, 1) else None,
                cluster=p.int_in(0, 3) if p.int_in(0, 3) == 0 else None,
                dynamic_shared=p.int_in(0, 256),
                trace=bool(p.int_in(0, 1)),
                lenient=bool(p.int_in(0, 1)),
                check_memory=bool(p.int_in(0, 1)),
                max_steps=p.int_in(1, 20000),
                all=bool(p.int_in(0, 1)),
            )
            for name in list(r.registers)[:4]:
                _ = r[name]
    elif what in (6, 7):
        s = p.int_in(0, 4)
        k = p.int_in(0, 40)
        a = array(p) if p.int_in(0, 3) == 0 else np.zeros((s, k), np.float32)
        b = array(p) if p.int_in(0, 3) == 0 else np.ones((s, k), np.float32)
        c = array(p) if p.int_in(0, 1) else None
        fn = ptxfp.mma_dot if what == 6 else ptxfp.matmul
        fn(a, b, c, gpu=p.pick(GPUS), a_format=p.pick(FORMATS), d_format=p.pick(FORMATS))
    else:
        f = ptxfp.Form(p.text(), target=p.maybe(TARGETS))
        f.gen(count=p.int_in(0, 32), seed=p.int_in(0, 99), typed=bool(p.int_in(0, 1)))


def module(p):
    lines = [".version " + p.pick(PTXS), ".target " + p.pick(TARGETS), ".address_size 64"]
    lines.append(".visible .entry k(.param .u64 p)")
    lines.append("{")
    for _ in range(p.int_in(0, 12)):
        if p.int_in(0, 5) == 0:
            lines.append(p.text(60) + " %r1, %r2;")
        else:
            lines.append(p.pick(LINES))
    lines.append("}")
    if p.int_in(0, 3) == 0:
        lines.insert(p.int_in(0, len(lines)), p.raw(p.int_in(0, 32)).decode("utf-8", "replace"))
    return "\n".join(lines) + "\n"


def one_input(data):
    p = Provider(data)
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        try:
            call(p)
        except ptxfp.InternalError:
            raise
        except ptxfp.PtxfpError:
            pass
        except ALLOWED:
            pass


def main():
    try:
        import atheris
    except ImportError:
        for path in sys.argv[1:]:
            with open(path, "rb") as f:
                one_input(f.read())
        return
    # Coverage: every Python function loaded (this target's choices and
    # ptxfp's Python layer); the extension's Rust code is not instrumented.
    atheris.instrument_all()
    atheris.Setup(sys.argv, one_input)
    atheris.Fuzz()


if __name__ == "__main__":
    main()
