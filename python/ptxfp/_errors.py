"""The exceptions and warnings of ptxfp. Messages are the command line's."""

__all__ = [
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
]


class PtxfpError(Exception):
    """Base class of every error ptxfp raises."""

    def __init__(self, text, message=None, help=None):
        super().__init__(text)
        #: What is wrong, without the rendered place.
        self.message = message if message is not None else text
        #: How to fix it, where known.
        self.help = help


class FormError(PtxfpError, ValueError):
    """A form, target, device or PTX version that is not legal (also a ValueError)."""


class DtypeError(PtxfpError, TypeError):
    """An operand of the wrong dtype for its operand type (also a TypeError)."""


class ShapeError(PtxfpError, ValueError):
    """Operands whose shapes do not broadcast, or a wrong ``out=`` (also a ValueError)."""


class ArityError(PtxfpError, TypeError):
    """The wrong number of operands (also a TypeError)."""


class OperandError(PtxfpError, ValueError):
    """An operand value the instruction does not take, such as ``lop3``'s
    immLut above 255 (also a ValueError)."""


class RunError(PtxfpError):
    """``ptxfp.run``: the program did not run. ``errors`` and ``warnings``
    hold the diagnostics (line, column, severity, message, help, text).
    Where it failed while running, ``memory`` (address -> bytes) and
    ``printf`` (``(ctaid, tid, text)`` per call) hold what the kernel wrote
    and printed until then, as :class:`RunResult` has them; both are empty
    for a program refused before it ran."""

    def __init__(self, text, errors=(), warnings=(), memory=(), printf=()):
        super().__init__(text)
        from . import Diagnostic

        self.errors = [Diagnostic(*d) for d in errors]
        self.warnings = [Diagnostic(*d) for d in warnings]
        #: The memory written before a run-time error: address -> bytes.
        self.memory = {a: b for a, b in memory}
        #: What the kernel printed before a run-time error.
        self.printf = [(tuple(c), tuple(t), text) for c, t, text in printf]


class KernelAssertionError(PtxfpError, AssertionError):
    """``ptxfp.run``: a device ``assert()`` failed (a call of CUDA's
    ``__assertfail``) and stopped the kernel, as ``ptxfp run`` exits 1
    for. The message holds CUDA's lines; ``result`` is the
    :class:`RunResult` up to the stop (its ``printf`` output, memory and
    registers). Also an AssertionError."""

    def __init__(self, text, result=None):
        # result=None: as unpickled, whose state then restores it.
        super().__init__(text)
        #: What ran until the assertion stopped it.
        self.result = result


class InternalError(PtxfpError):
    """A bug in ptxfp (a Rust panic, caught): please report it."""


class PtxfpWarning(UserWarning):
    """A warning of the check (a legacy form, an .approx result, a literal
    that overflowed its type)."""
