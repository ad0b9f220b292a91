import os
from typing import Any, Dict, Iterable, List, Mapping, NamedTuple, Optional, Sequence, Tuple, Union

import numpy as np
import numpy.typing as npt

from ._errors import (
    ArityError as ArityError,
    DtypeError as DtypeError,
    FormError as FormError,
    InternalError as InternalError,
    PtxfpError as PtxfpError,
    PtxfpWarning as PtxfpWarning,
    RunError as RunError,
    ShapeError as ShapeError,
)

__version__: str
bfloat16: np.dtype[Any]

Operand = Union[npt.ArrayLike, np.generic, float, str]
Result = Union[np.ndarray, np.generic, Tuple[Any, ...]]

class Form:
    def __init__(
        self,
        form: str,
        target: Optional[str] = ...,
        device: Optional[str] = ...,
        ptx: Optional[str] = ...,
    ) -> None: ...
    def __call__(self, *operands: Operand, out: Optional[Union[np.ndarray, Tuple[np.ndarray, ...]]] = ...) -> Result: ...
    @property
    def text(self) -> str: ...
    @property
    def arity(self) -> int: ...
    @property
    def operand_types(self) -> Tuple[str, ...]: ...
    @property
    def result_types(self) -> Tuple[str, ...]: ...
    @property
    def operand_names(self) -> Tuple[str, ...]: ...
    @property
    def operand_dtypes(self) -> Tuple[np.dtype[Any], ...]: ...
    @property
    def register_dtypes(self) -> Tuple[np.dtype[Any], ...]: ...
    @property
    def result_dtype(self) -> np.dtype[Any]: ...
    @property
    def result_dtypes(self) -> Tuple[np.dtype[Any], ...]: ...
    @property
    def min_ptx(self) -> Optional[str]: ...
    @property
    def min_target(self) -> Optional[str]: ...
    @property
    def approx(self) -> bool: ...
    @property
    def target(self) -> str: ...
    @property
    def device(self) -> str: ...
    @property
    def ptx(self) -> str: ...
    def gen(self, count: int = ..., seed: int = ..., typed: bool = ...) -> Vectors: ...
    def sweep(
        self,
        exhaustive: bool = ...,
        random: Optional[int] = ...,
        seed: Optional[int] = ...,
        threads: Optional[int] = ...,
    ) -> Sweep: ...

def eval(
    form: Union[str, Form],
    *operands: Operand,
    target: Optional[str] = ...,
    device: Optional[str] = ...,
    ptx: Optional[str] = ...,
    out: Optional[Union[np.ndarray, Tuple[np.ndarray, ...]]] = ...,
) -> Result: ...

class Vectors(NamedTuple):
    sources: Tuple[np.ndarray, ...]
    expected: Union[np.ndarray, Tuple[np.ndarray, ...]]

def gen(
    form: Union[str, Form],
    count: int = ...,
    seed: int = ...,
    target: Optional[str] = ...,
    device: Optional[str] = ...,
    ptx: Optional[str] = ...,
    typed: bool = ...,
) -> Vectors: ...

class Sweep(NamedTuple):
    form: str
    setup: Tuple[str, str, str]
    exhaustive: bool
    seed: Optional[int]
    results: int
    digest: int
    chunks: Tuple[int, ...]
    seconds: float
    threads: int
    path: Optional[str]
    @property
    def digest_hex(self) -> str: ...

PathLike = Union[str, "os.PathLike[str]"]

def sweep_shard(
    form: Union[str, Form],
    shard: int,
    shards: int,
    out: PathLike,
    *,
    exhaustive: bool = ...,
    random: Optional[int] = ...,
    seed: Optional[int] = ...,
    target: Optional[str] = ...,
    device: Optional[str] = ...,
    ptx: Optional[str] = ...,
    threads: Optional[int] = ...,
) -> Dict[str, Any]: ...
def sweep_present(
    form: Union[str, Form],
    shards: int,
    out: PathLike,
    *,
    exhaustive: bool = ...,
    random: Optional[int] = ...,
    seed: Optional[int] = ...,
    target: Optional[str] = ...,
    device: Optional[str] = ...,
    ptx: Optional[str] = ...,
) -> List[int]: ...
def sweep_merge(dir: PathLike, *, expect: Optional[Union[int, str]] = ...) -> Dict[str, Any]: ...

class FormInfo(NamedTuple):
    form: str
    min_ptx: str
    min_target: str
    note: Optional[str]

def forms(target: Optional[str] = ..., ptx: Optional[str] = ..., family: str = ...) -> List[FormInfo]: ...

class Diagnostic(NamedTuple):
    line: int
    column: int
    severity: str
    message: str
    help: Optional[str]
    text: str

class CheckReport(List[Diagnostic]):
    checked: int
    skipped: Dict[str, int]
    ptx: str
    ptx_from: str
    target: str
    target_from: str
    truncated: Optional[Tuple[int, int]]
    @property
    def errors(self) -> List[Diagnostic]: ...
    @property
    def warnings(self) -> List[Diagnostic]: ...
    @property
    def ok(self) -> bool: ...

def check(ptx_text: str, target: Optional[str] = ..., ptx: Optional[str] = ...) -> CheckReport: ...

class Register(NamedTuple):
    name: str
    type: str
    shown_as: str
    bits: int
    written: bool
    text: str
    @property
    def value(self) -> Any: ...

class RunResult:
    registers: Dict[str, Register]
    memory: Dict[int, bytes]
    warnings: List[Diagnostic]
    contractions: List[Dict[str, Any]]
    trace: List[Dict[str, Any]]
    entry: Optional[str]
    target: str
    device: str
    ptx: str
    def __getitem__(self, name: str) -> Any: ...

Dims = Union[int, Sequence[int]]

def run(
    ptx_text: str,
    set: Optional[Mapping[str, Any]] = ...,
    mem: Optional[Mapping[Union[int, str], Any]] = ...,
    *,
    entry: Optional[str] = ...,
    target: Optional[str] = ...,
    device: Optional[str] = ...,
    ptx: Optional[str] = ...,
    lenient: bool = ...,
    trace: bool = ...,
    contract: bool = ...,
    grid: Optional[Dims] = ...,
    block: Optional[Dims] = ...,
    dynamic_shared: int = ...,
    thread: Optional[Dims] = ...,
    cta: Optional[Dims] = ...,
    check_memory: bool = ...,
    max_steps: Optional[int] = ...,
    all: bool = ...,
    cluster: Optional[Dims] = ...,
    tensor_map: Optional[Dict[str, str]] = ...,
    max_memory: Optional[int] = ...,
    cooperative: bool = ...,
    surface: Optional[Dict[str, str]] = ...,
    texture: Optional[Dict[str, str]] = ...,
    malloc_heap_size: Optional[int] = ...,
) -> RunResult: ...

def kernel_path() -> str: ...

# Tensor-core inner products (ptxfp/_mma.py, docs/TENSOR_CORES.md).
def mma_dot(
    a: npt.ArrayLike,
    b: npt.ArrayLike,
    c: Optional[npt.ArrayLike] = ...,
    *,
    gpu: str,
    a_format: str,
    d_format: str,
    instruction: str = ...,
    b_format: Optional[str] = ...,
) -> np.ndarray: ...
def matmul(
    A: npt.ArrayLike,
    B: npt.ArrayLike,
    C: Optional[npt.ArrayLike] = ...,
    *,
    gpu: str,
    a_format: str,
    d_format: str,
    instruction: str = ...,
    b_format: Optional[str] = ...,
) -> np.ndarray: ...
