//! The functions of the CUDA device runtime that nvcc's PTX calls, declared
//! `.extern .func` in the module and run here in place of a body:
//!
//! - `vprintf(format, args)`: device `printf` (src/printf.rs formats it);
//! - `malloc(size)` and `free(ptr)`: the device heap, in global memory;
//! - `__assertfail(message, file, line, function, charSize)`: a failed
//!   `assert()`, which stops the run;
//! - `cudaCGGetIntrinsicHandle(scope)`, `cudaCGSynchronize(handle,
//!   flags)` and `cudaCGSynchronizeGrid(handle, flags)`: cooperative
//!   groups' grid (the workspace of CUDA 11's inline `grid.sync()`, and
//!   the grid-wide barrier that Numba's `grid.sync()` and CUDA 9/10's
//!   call);
//! - `cudaCGGetSize(numThreads, numGrids, handle)` and
//!   `cudaCGGetRank(threadRank, gridRank, handle)`: the size and rank of
//!   cooperative groups' multi-grid group, whose one grid is the launch;
//! - the device runtime API of `cuda_device_runtime_api.h` ([`TABLE`]):
//!   dynamic parallelism's launches (`cudaGetParameterBufferV2(func,
//!   grid, block, sharedMem)` and `cudaLaunchDeviceV2(buffer, stream)`,
//!   the older `cudaGetParameterBuffer(alignment, size)` and
//!   `cudaLaunchDevice(func, buffer, grid, block, sharedMem, stream)`),
//!   whose child grids run after their parent grid (`crate::run_queued`);
//!   CDP1's `cudaDeviceSynchronize`, which runs them at the call; the last
//!   error, error names, device queries, streams, events, `cudaMalloc`,
//!   `cudaFree`, and the asynchronous copies and sets. CUDA 12 (CDP2)
//!   calls each by a `__cudaCDP2` name (`__cudaCDP2LaunchDeviceV2`), and
//!   the per-thread default stream by a `_ptsz` one; both run too.
//!
//! Any other function without a body stays an error at its `call`
//! (docs/ENGINE.md "The CUDA device runtime").

use super::*;
use crate::printf;
use std::collections::BTreeSet;

/// Where the device heap starts: past every variable (from 0x1000_0000)
/// and below the `.local` frames of recursive calls ([`FRAME_BASE`]), in
/// the global space (`isspacep.global` is true there).
pub const HEAP_BASE: u64 = 0x2000_0000_0000_0000;

/// CUDA's default heap size: the CUDA C++ Programming Guide, "Heap Memory
/// Allocation": "If any program uses malloc() ... without explicitly
/// specifying the heap size, a default heap of eight megabytes is
/// allocated" (`cudaDeviceGetLimit(cudaLimitMallocHeapSize)` gives
/// 8388608).
pub const DEFAULT_HEAP_SIZE: u64 = 8 << 20;

/// The largest heap `--malloc-heap-size` gives: 1 TiB (memory is only
/// used where the kernel writes).
pub const MAX_HEAP_SIZE: u64 = 1 << 40;

/// The grid workspace `cudaCGGetIntrinsicHandle` gives, in global memory
/// just below the heap: CUDA's `struct grid_workspace { unsigned int
/// wsSize; unsigned int barrier; }` (cooperative_groups/details), which
/// CUDA 11's `grid.sync()` counts CTAs in with atomics on `barrier`.
pub const CG_WORKSPACE: u64 = HEAP_BASE - 0x100;

/// Where dynamic parallelism's parameter buffers are, in global memory
/// below the grid workspace: one of [`PARAM_BUFFER_SIZE`] bytes per
/// `cudaGetParameterBuffer(V2)` call of the run.
pub const PARAM_BUFFERS: u64 = HEAP_BASE - 0x1_0000_0000;

/// The bytes of one parameter buffer: the CUDA C++ Programming Guide,
/// "Parameter Buffer Layout": "The maximum size of the parameter buffer
/// is 4KB."
pub const PARAM_BUFFER_SIZE: u64 = 4096;

/// Launches a run may have waiting: CUDA's default
/// `cudaLimitDevRuntimePendingLaunchCount`, 2048 ("Launch Pool Storage":
/// past it a launch fails with `cudaErrorLaunchPendingCountExceeded`).
pub const MAX_PENDING_LAUNCHES: usize = 2048;

/// The thread-instructions a child grid's start counts against
/// `--max-steps`: about what setting up a grid costs the engine (tens of
/// microseconds), so that a run that launches grids without end stops at
/// the limit in about the time its steps would take.
pub const GRID_START_STEPS: u64 = 4096;

/// The `printf` output a run keeps for its outcome (`Outcome::printf`,
/// the C API's and Python's runs), over all its grids: 16 MiB, sixteen
/// times CUDA's default printf buffer ("circular and if more output is
/// produced during kernel execution than can fit in the buffer, older
/// output is overwritten", the CUDA guide). A kernel that printed a
/// megabyte a thousand times held a gigabyte, outside `--max-memory`.
/// Each call counts its bytes and its record (`PrintfLine::kept_cost`).
/// Output streamed to a sink (`run_with`, the command line) is not kept.
pub const MAX_PRINTF_KEPT: u64 = 16 << 20;

/// How deep child grids may nest: the guide's "Nesting Depth": "the
/// maximum nesting depth ... is limited in hardware to 24".
pub const MAX_LAUNCH_DEPTH: u32 = 24;

/// `cudaError_t` codes the device runtime returns (driver_types.h's
/// `enum cudaError`).
const CUDA_SUCCESS: u32 = 0;
const CUDA_ERROR_INVALID_VALUE: u32 = 1;
const CUDA_ERROR_MEMORY_ALLOCATION: u32 = 2;
const CUDA_ERROR_INVALID_CONFIGURATION: u32 = 9;
const CUDA_ERROR_INVALID_PITCH_VALUE: u32 = 12;
const CUDA_ERROR_INVALID_MEMCPY_DIRECTION: u32 = 21;
const CUDA_ERROR_LAUNCH_PENDING_COUNT_EXCEEDED: u32 = 69;
const CUDA_ERROR_INVALID_DEVICE_FUNCTION: u32 = 98;
const CUDA_ERROR_INVALID_DEVICE: u32 = 101;
const CUDA_ERROR_INVALID_RESOURCE_HANDLE: u32 = 400;

/// The names of the `cudaError_t` codes (`cudaGetErrorName`), and the
/// text `cudaGetErrorString` gives where ptxfp has CUDA's (`None`: it
/// has not, and the call is an error that says so).
#[rustfmt::skip]
const ERROR_NAMES: &[(u32, &str, Option<&str>)] = &[
    (0, "cudaSuccess", Some("no error")),
    (1, "cudaErrorInvalidValue", Some("invalid argument")),
    (2, "cudaErrorMemoryAllocation", Some("out of memory")),
    (3, "cudaErrorInitializationError", Some("initialization error")),
    (9, "cudaErrorInvalidConfiguration", Some("invalid configuration argument")),
    (12, "cudaErrorInvalidPitchValue", Some("invalid pitch argument")),
    (21, "cudaErrorInvalidMemcpyDirection", None),
    (65, "cudaErrorLaunchMaxDepthExceeded", None),
    (68, "cudaErrorSyncDepthExceeded", None),
    (69, "cudaErrorLaunchPendingCountExceeded", None),
    (98, "cudaErrorInvalidDeviceFunction", Some("invalid device function")),
    (101, "cudaErrorInvalidDevice", Some("invalid device ordinal")),
    (400, "cudaErrorInvalidResourceHandle", Some("invalid resource handle")),
    (801, "cudaErrorNotSupported", Some("operation not supported")),
    (999, "cudaErrorUnknown", Some("unknown error")),
];

/// Where `cudaGetErrorName` and `cudaGetErrorString` keep their strings,
/// in global memory below the parameter buffers: [`ERROR_NAMES`]' entry
/// `k` at `ERROR_STRINGS + 128 k` (the name) and `+ 64` (the text),
/// given at the first call of either.
pub const ERROR_STRINGS: u64 = PARAM_BUFFERS - 0x1_0000;

/// `cudaStreamTailLaunch` (cuda_device_runtime_api.h, CDP2: "(cudaStream_t)0x3"):
/// a grid launched into it runs after its parent grid and all the
/// parent's other work.
const STREAM_TAIL_LAUNCH: u64 = 3;

/// The handles of the streams and events the kernels create: opaque
/// values from here up, one per creation in the run.
const HANDLES: u64 = 0x5000_0000;

/// The most streams, and the most events, alive at once: a kernel that
/// creates them in a loop without destroying them gets
/// `cudaErrorMemoryAllocation` past it, so that the run's memory stays
/// bounded.
const MAX_HANDLES: usize = 65536;

/// A child grid one thread asked for (dynamic parallelism).
#[derive(Clone, Debug)]
pub(crate) struct Child {
    /// The kernel: an `.entry`'s address (`mov.u64 d, kernel`).
    pub(crate) func: u64,
    pub(crate) grid: [u32; 3],
    pub(crate) block: [u32; 3],
    /// Dynamic shared memory, in bytes.
    pub(crate) shared: u32,
    /// Its parameter buffer, in global memory.
    pub(crate) buffer: u64,
    /// How deep it nests: 1 for a child of the host's grid.
    pub(crate) depth: u32,
    /// Launched into `cudaStreamTailLaunch`.
    pub(crate) tail: bool,
    /// The `call` that launched it.
    pub(crate) at: Span,
}

/// Work a kernel gave the device runtime, run after the grid that gave
/// it (or at its `cudaDeviceSynchronize`).
#[derive(Clone, Debug)]
pub(crate) enum Work {
    Grid(Child),
    Copy(Copy),
}

impl Work {
    /// A tail launch: it runs after the rest of its parent's work.
    pub(crate) fn is_tail(&self) -> bool {
        matches!(self, Work::Grid(c) if c.tail)
    }
}

/// A `cudaMemcpy(2D/3D)Async` or `cudaMemset(2D/3D)Async`: `depth`
/// slices of `height` rows of `width` bytes, row `r` of slice `z` at
/// `dst.at(z, r)`, from `src.at(z, r)` or set to `value`.
#[derive(Clone, Debug)]
pub(crate) struct Copy {
    dst: Pitched,
    src: Option<Pitched>,
    value: u8,
    width: u64,
    height: u64,
    depth: u64,
    /// The call that asked for it, and the function's name.
    span: Span,
    name: String,
}

/// Pitched linear memory: row `r` of slice `z` starts at `base + z slice
/// + r pitch` (a `cudaPitchedPtr` with its `cudaPos` folded into `base`;
/// `slice` is `pitch * ysize`).
#[derive(Clone, Copy, Debug)]
struct Pitched {
    base: u64,
    pitch: u64,
    slice: u64,
}

impl Pitched {
    /// `height` rows at `base`, `pitch` bytes apart, in one slice.
    fn rows(base: u64, pitch: u64) -> Pitched {
        Pitched {
            base,
            pitch,
            slice: 0,
        }
    }

    fn at(self, z: u64, r: u64) -> u64 {
        self.base
            .wrapping_add(z.wrapping_mul(self.slice))
            .wrapping_add(r.wrapping_mul(self.pitch))
    }
}

impl Copy {
    /// A set of `value` 0 into `dst`, `[width, height, depth]`, asked for
    /// by `call name` at `span`.
    fn new(name: &str, span: &Span, dst: Pitched, [width, height, depth]: [u64; 3]) -> Copy {
        Copy {
            dst,
            src: None,
            value: 0,
            width,
            height,
            depth,
            span: span.clone(),
            name: name.to_string(),
        }
    }

    /// Does it on the global memory `mem`: reading a byte never given nor
    /// written is an error at the call. Each byte it writes is a step of
    /// the run (`steps`, at most `max_steps`), so that copies too stop at
    /// `--max-steps`; and the run's memory stays within `max_memory`.
    pub(crate) fn run(
        &self,
        mem: &mut Memory,
        steps: &mut u64,
        max_steps: u64,
        max_memory: u64,
    ) -> Result<(), Diagnostic> {
        let rows = self.height.saturating_mul(self.depth);
        *steps = steps.saturating_add(self.width.saturating_mul(rows));
        if *steps > max_steps {
            return Err(Diagnostic::error(
                self.span.clone(),
                format!("the run reached --max-steps {max_steps} thread-instructions in `{}` ({} of {} bytes; each byte a copy or set writes is one step)", self.name, self.shape(), self.width),
            )
            .with_help("raise the limit with --max-steps N"));
        }
        // Byte by byte (a copy between overlapping ranges is undefined in
        // CUDA too), with the run's memory checked as the pages grow.
        for z in 0..self.depth {
            for r in 0..self.height {
                let to = self.dst.at(z, r);
                let from = self.src.map(|s| s.at(z, r));
                for k in 0..self.width {
                    let b = match from {
                        Some(from) => mem.read(from.wrapping_add(k), 1).map_err(|bad| {
                            let row = if self.depth > 1 { format!("slice {z}, row {r}") } else { format!("row {r}") };
                            Diagnostic::error(
                                self.span.clone(),
                                format!("`{}`, run after the grid that called it: the source byte at {bad:#x} was never given or written ({row}, byte {k})", self.name),
                            )
                        })?,
                        None => u64::from(self.value),
                    };
                    mem.write(to.wrapping_add(k), 1, b);
                    if k % 4096 == 4095 {
                        self.within(max_memory)?;
                    }
                }
                self.within(max_memory)?;
            }
        }
        Ok(())
    }

    /// "3 rows", or "2 slices of 3 rows".
    fn shape(&self) -> String {
        if self.depth > 1 {
            format!("{} slices of {} rows", self.depth, self.height)
        } else {
            format!("{} rows", self.height)
        }
    }

    /// The run's memory within `max_memory`, else the error at the call.
    fn within(&self, max_memory: u64) -> Result<(), Diagnostic> {
        if crate::memory::live_bytes() <= max_memory {
            return Ok(());
        }
        Err(Diagnostic::error(
            self.span.clone(),
            format!("the run's memory reached --max-memory {max_memory} bytes in `{}`, run after the grid that called it", self.name),
        )
        .with_help("raise the limit with --max-memory BYTES"))
    }
}

/// Dynamic parallelism's state in a run.
#[derive(Debug, Default)]
pub(crate) struct Cdp {
    /// Parameter buffers given out and not launched yet, by address: the
    /// launch each describes (V2: kernel and shape; V1: none until
    /// `cudaLaunchDevice` says).
    pub(crate) buffers: BTreeMap<u64, Option<Child>>,
    /// Buffers given out in the run.
    pub(crate) given: u64,
    /// Work given and not run yet, in the order given.
    pub(crate) queue: std::collections::VecDeque<Work>,
    /// The `printf` output the run keeps so far, over every grid.
    pub(crate) printf_kept: crate::PrintfBudget,
    /// The depth of the grid that runs (0: the host's launch).
    pub(crate) depth: u32,
    /// `%gridid` of the grid that runs: how many grids started before it.
    pub(crate) grid_id: u64,
    /// Grids started in the run after the host's.
    pub(crate) grids: u64,
    /// Streams and events created and not destroyed.
    pub(crate) streams: BTreeSet<u64>,
    pub(crate) events: BTreeSet<u64>,
    /// Handles given in the run.
    pub(crate) handles: u64,
}

/// The alignment of each block: the guide: "The returned pointer is
/// guaranteed to be aligned to a 16-byte boundary."
const ALIGN: u64 = 16;

/// The runtime functions the engine runs.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Runtime {
    Vprintf,
    Malloc,
    AlignedMalloc,
    Free,
    AssertFail,
    CgGetIntrinsicHandle,
    CgSynchronize,
    CgSynchronizeGrid,
    CgGetSize,
    CgGetRank,
    GetParameterBufferV2,
    LaunchDeviceV2,
    GetParameterBuffer,
    LaunchDevice,
    DeviceSynchronize,
    GetLastError,
    PeekAtLastError,
    GetErrorName,
    GetErrorString,
    GetDeviceCount,
    GetDevice,
    DeviceGetAttribute,
    DeviceGetLimit,
    DeviceGetCacheConfig,
    DeviceGetSharedMemConfig,
    StreamCreateWithFlags,
    StreamDestroy,
    StreamWaitEvent,
    EventCreateWithFlags,
    EventRecord,
    EventRecordWithFlags,
    EventDestroy,
    CudaMalloc,
    CudaFree,
    MemcpyAsync,
    Memcpy2DAsync,
    MemsetAsync,
    Memset2DAsync,
    Memcpy3DAsync,
    Memset3DAsync,
    GetRuntimeVersion,
    // Functions the engine refuses with a reason: `Runtime::not_run`.
    FuncGetAttributes,
    OccupancyMaxActiveBlocksPerMultiprocessor,
    OccupancyMaxActiveBlocksPerMultiprocessorWithFlags,
    GraphLaunch,
}

/// What a runtime function returns.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Ret {
    Nothing,
    /// A value (a pointer, a count, a handle, or the last error).
    Value,
    /// A `cudaError_t`: one other than `cudaSuccess` becomes the calling
    /// thread's last error (`cudaGetLastError`).
    Error,
}

/// One function of the runtime, as nvcc declares it: its name, its
/// parameters' types (a pointer, `size_t` or stream a `.b64`; an `int`,
/// `unsigned` or enum a `.b32`; a struct passed by value a `.param
/// .align A .b8 [N]`, at the indexes `structs` with its N: a `dim3` 12
/// bytes, a `cudaPitchedPtr` 32, a `cudaExtent` 24), what it returns, and whether CUDA 12's CDP2
/// calls it `__cudaCDP2…` (cuda_device_runtime_api.h maps
/// `cudaMalloc` to `__cudaCDP2Malloc`, and so on) and has a `…_ptsz`
/// twin (the per-thread default stream, `--default-stream per-thread`).
struct Entry {
    f: Runtime,
    name: &'static str,
    params: &'static [PtxType],
    ret: Ret,
    structs: &'static [(usize, usize)],
    cdp2: bool,
    ptsz: bool,
}

/// The runtime functions: the libc ones and `__assertfail` as nvcc
/// declares them (`.extern .func (.param .b32 func_retval0) vprintf
/// (.param .b64, .param .b64)`, `(.param .b64 func_retval0) malloc(.param
/// .b64)`, `free(.param .b64)`, `__assertfail(.param .b64, .param .b64,
/// .param .b32, .param .b64, .param .b64)`); cudadevrt's cooperative
/// groups as Numba declares them (`i64 (i32)`, `i32 (i64, i32)`, and
/// `cudaCGGetSize(unsigned int *numThreads, unsigned int *numGrids,
/// unsigned long long handle)`, `cudaCGGetRank` alike); the launch
/// functions as the CUDA C++ Programming Guide's "Device-side Launch from
/// PTX" declares them; and the rest of cuda_device_runtime_api.h's device
/// API, parameter for parameter.
#[rustfmt::skip]
const TABLE: &[Entry] = {
    use PtxType::{B32, B64};
    use Ret::{Error, Nothing, Value};
    use Runtime as R;
    const fn e(f: Runtime, name: &'static str, params: &'static [PtxType], ret: Ret, cdp2: bool, ptsz: bool) -> Entry {
        Entry { f, name, params, ret, structs: &[], cdp2, ptsz }
    }
    // function, name, parameters, returns, __cudaCDP2 name, _ptsz name
    &[
        e(R::Vprintf, "vprintf", &[B64, B64], Value, false, false),
        e(R::Malloc, "malloc", &[B64], Value, false, false),
        // void *__nv_aligned_device_malloc(size_t size, size_t align)
        e(R::AlignedMalloc, "__nv_aligned_device_malloc", &[B64, B64], Value, false, false),
        e(R::Free, "free", &[B64], Nothing, false, false),
        e(R::AssertFail, "__assertfail", &[B64, B64, B32, B64, B64], Nothing, false, false),
        e(R::CgGetIntrinsicHandle, "cudaCGGetIntrinsicHandle", &[B32], Value, false, false),
        e(R::CgSynchronize, "cudaCGSynchronize", &[B64, B32], Error, false, false),
        e(R::CgSynchronizeGrid, "cudaCGSynchronizeGrid", &[B64, B32], Error, false, false),
        e(R::CgGetSize, "cudaCGGetSize", &[B64, B64, B64], Error, false, false),
        e(R::CgGetRank, "cudaCGGetRank", &[B64, B64, B64], Error, false, false),
        // void *cudaGetParameterBufferV2(void *func, dim3 gridDimension,
        // dim3 blockDimension, unsigned int sharedMemSize)
        Entry { structs: &[(1, 12), (2, 12)], ..e(R::GetParameterBufferV2, "cudaGetParameterBufferV2", &[B64, B32, B32, B32], Value, true, false) },
        // cudaError_t cudaLaunchDeviceV2(void *parameterBuffer, cudaStream_t stream)
        e(R::LaunchDeviceV2, "cudaLaunchDeviceV2", &[B64, B64], Error, true, true),
        // void *cudaGetParameterBuffer(size_t alignment, size_t size)
        e(R::GetParameterBuffer, "cudaGetParameterBuffer", &[B64, B64], Value, true, false),
        // cudaError_t cudaLaunchDevice(void *func, void *parameterBuffer,
        // dim3 gridDimension, dim3 blockDimension, unsigned int
        // sharedMemSize, cudaStream_t stream)
        Entry { structs: &[(2, 12), (3, 12)], ..e(R::LaunchDevice, "cudaLaunchDevice", &[B64, B64, B32, B32, B32, B64], Error, true, true) },
        // cudaError_t cudaDeviceSynchronize(void): CDP1 only.
        e(R::DeviceSynchronize, "cudaDeviceSynchronize", &[], Error, false, false),
        // cudaError_t cudaGetLastError(void), cudaPeekAtLastError(void)
        e(R::GetLastError, "cudaGetLastError", &[], Value, true, false),
        e(R::PeekAtLastError, "cudaPeekAtLastError", &[], Value, true, false),
        // const char *cudaGetErrorName(cudaError_t error), cudaGetErrorString
        e(R::GetErrorName, "cudaGetErrorName", &[B32], Value, true, false),
        e(R::GetErrorString, "cudaGetErrorString", &[B32], Value, true, false),
        // cudaError_t cudaGetDeviceCount(int *count), cudaGetDevice(int *device)
        e(R::GetDeviceCount, "cudaGetDeviceCount", &[B64], Error, true, false),
        e(R::GetDevice, "cudaGetDevice", &[B64], Error, true, false),
        // cudaError_t cudaDeviceGetAttribute(int *value, enum cudaDeviceAttr attr, int device)
        e(R::DeviceGetAttribute, "cudaDeviceGetAttribute", &[B64, B32, B32], Error, true, false),
        // cudaError_t cudaDeviceGetLimit(size_t *pValue, enum cudaLimit limit)
        e(R::DeviceGetLimit, "cudaDeviceGetLimit", &[B64, B32], Error, true, false),
        // cudaError_t cudaDeviceGetCacheConfig(enum cudaFuncCache *),
        // cudaDeviceGetSharedMemConfig(enum cudaSharedMemConfig *)
        e(R::DeviceGetCacheConfig, "cudaDeviceGetCacheConfig", &[B64], Error, true, false),
        e(R::DeviceGetSharedMemConfig, "cudaDeviceGetSharedMemConfig", &[B64], Error, true, false),
        // cudaError_t cudaStreamCreateWithFlags(cudaStream_t *pStream, unsigned int flags),
        // cudaStreamDestroy(cudaStream_t stream),
        // cudaStreamWaitEvent(cudaStream_t stream, cudaEvent_t event, unsigned int flags)
        e(R::StreamCreateWithFlags, "cudaStreamCreateWithFlags", &[B64, B32], Error, true, false),
        e(R::StreamDestroy, "cudaStreamDestroy", &[B64], Error, true, false),
        e(R::StreamWaitEvent, "cudaStreamWaitEvent", &[B64, B64, B32], Error, true, true),
        // cudaError_t cudaEventCreateWithFlags(cudaEvent_t *event, unsigned int flags),
        // cudaEventRecord(cudaEvent_t event, cudaStream_t stream),
        // cudaEventRecordWithFlags(..., unsigned int flags), cudaEventDestroy(cudaEvent_t event)
        e(R::EventCreateWithFlags, "cudaEventCreateWithFlags", &[B64, B32], Error, true, false),
        e(R::EventRecord, "cudaEventRecord", &[B64, B64], Error, true, true),
        e(R::EventRecordWithFlags, "cudaEventRecordWithFlags", &[B64, B64, B32], Error, true, true),
        e(R::EventDestroy, "cudaEventDestroy", &[B64], Error, true, false),
        // cudaError_t cudaMalloc(void **devPtr, size_t size), cudaFree(void *devPtr)
        e(R::CudaMalloc, "cudaMalloc", &[B64, B64], Error, true, false),
        e(R::CudaFree, "cudaFree", &[B64], Error, true, false),
        // cudaError_t cudaMemcpyAsync(void *dst, const void *src, size_t count,
        // enum cudaMemcpyKind kind, cudaStream_t stream)
        e(R::MemcpyAsync, "cudaMemcpyAsync", &[B64, B64, B64, B32, B64], Error, true, true),
        // cudaError_t cudaMemcpy2DAsync(void *dst, size_t dpitch, const void *src, size_t spitch,
        // size_t width, size_t height, enum cudaMemcpyKind kind, cudaStream_t stream)
        e(R::Memcpy2DAsync, "cudaMemcpy2DAsync", &[B64, B64, B64, B64, B64, B64, B32, B64], Error, true, true),
        // cudaError_t cudaMemsetAsync(void *devPtr, int value, size_t count, cudaStream_t stream)
        e(R::MemsetAsync, "cudaMemsetAsync", &[B64, B32, B64, B64], Error, true, true),
        // cudaError_t cudaMemset2DAsync(void *devPtr, size_t pitch, int value, size_t width,
        // size_t height, cudaStream_t stream)
        e(R::Memset2DAsync, "cudaMemset2DAsync", &[B64, B64, B32, B64, B64, B64], Error, true, true),
        // cudaError_t cudaMemcpy3DAsync(const struct cudaMemcpy3DParms *p, cudaStream_t stream)
        e(R::Memcpy3DAsync, "cudaMemcpy3DAsync", &[B64, B64], Error, true, true),
        // cudaError_t cudaMemset3DAsync(struct cudaPitchedPtr pitchedDevPtr, int value,
        // struct cudaExtent extent, cudaStream_t stream)
        Entry { structs: &[(0, 32), (2, 24)], ..e(R::Memset3DAsync, "cudaMemset3DAsync", &[B64, B32, B64, B64], Error, true, true) },
        // cudaError_t cudaRuntimeGetVersion(int *runtimeVersion)
        e(R::GetRuntimeVersion, "cudaRuntimeGetVersion", &[B64], Error, true, false),
        // cudaError_t cudaFuncGetAttributes(struct cudaFuncAttributes *attr, const void *func)
        e(R::FuncGetAttributes, "cudaFuncGetAttributes", &[B64, B64], Error, true, false),
        // cudaError_t cudaOccupancyMaxActiveBlocksPerMultiprocessor(int *numBlocks,
        // const void *func, int blockSize, size_t dynamicSmemSize), and ...WithFlags(...,
        // unsigned int flags)
        e(R::OccupancyMaxActiveBlocksPerMultiprocessor, "cudaOccupancyMaxActiveBlocksPerMultiprocessor", &[B64, B64, B32, B64], Error, true, false),
        e(R::OccupancyMaxActiveBlocksPerMultiprocessorWithFlags, "cudaOccupancyMaxActiveBlocksPerMultiprocessorWithFlags", &[B64, B64, B32, B64, B32], Error, true, false),
        // cudaError_t cudaGraphLaunch(cudaGraphExec_t graphExec, cudaStream_t stream)
        // (its `_ptsz` is an inline wrapper of it)
        e(R::GraphLaunch, "cudaGraphLaunch", &[B64, B64], Error, false, false),
    ]
};

impl Runtime {
    /// The function `name` calls, if the runtime has it: its own name,
    /// CDP2's `__cudaCDP2` name, a `_ptsz` name, or CUDA 11.6+'s
    /// `__cudaDeviceSynchronizeDeprecationAvoidance` (which device-side
    /// `cudaDeviceSynchronize` became).
    pub(crate) fn of(name: &str) -> Option<Runtime> {
        if name == "__cudaDeviceSynchronizeDeprecationAvoidance" {
            return Some(Runtime::DeviceSynchronize);
        }
        let (base, ptsz) = name
            .strip_suffix("_ptsz")
            .map_or((name, false), |b| (b, true));
        let (rest, cdp2) = match base.strip_prefix("__cudaCDP2") {
            Some(rest) => (rest, true),
            None => (base, false),
        };
        TABLE
            .iter()
            .find(|e| {
                let named = if cdp2 {
                    e.name.strip_prefix("cuda") == Some(rest)
                } else {
                    e.name == rest
                };
                named && (e.cdp2 || !cdp2) && (e.ptsz || !ptsz)
            })
            .map(|e| e.f)
    }

    /// Why the engine does not run `self`, for the functions whose
    /// results it cannot know.
    fn not_run(self) -> Option<&'static str> {
        Some(match self {
            Runtime::FuncGetAttributes
            | Runtime::OccupancyMaxActiveBlocksPerMultiprocessor
            | Runtime::OccupancyMaxActiveBlocksPerMultiprocessorWithFlags => {
                "its answer depends on how ptxas compiles the kernel (cudaFuncAttributes' numRegs and localSizeBytes, and the occupancy they limit), which the PTX does not say"
            }
            Runtime::GraphLaunch => {
                "a kernel launches only a graph the host instantiated and uploaded (cudaGraphInstantiateFlagDeviceLaunch), and a run of ptxfp has no host to make one"
            }
            _ => return None,
        })
    }

    fn entry(self) -> &'static Entry {
        TABLE
            .iter()
            .find(|e| e.f == self)
            .expect("every runtime function is in TABLE")
    }
}

/// The device heap: `[HEAP_BASE, HEAP_BASE + size)`, blocks of multiples
/// of 16 bytes, given first fit (the lowest free range large enough), so
/// that a run's addresses depend on nothing but the order of the calls.
#[derive(Debug, Default)]
pub(crate) struct Heap {
    /// Free ranges, start to length, apart (neighbours are joined).
    free: BTreeMap<u64, u64>,
    /// Blocks given out, start to length.
    used: BTreeMap<u64, u64>,
    /// Blocks freed and not given again (a second `free` is an error that
    /// says so).
    freed: BTreeSet<u64>,
}

/// Why `free(ptr)` failed.
enum FreeError {
    Twice,
    NotGiven,
}

impl Heap {
    pub(crate) fn new(size: u64) -> Heap {
        let mut h = Heap::default();
        let size = size / ALIGN * ALIGN;
        if size > 0 {
            h.free.insert(HEAP_BASE, size);
        }
        h
    }

    /// A block of at least `n` bytes, or 0 when none is free. `malloc(0)`
    /// gives 0 (C11 7.22.3: "If the size of the space requested is zero,
    /// the behavior is implementation-defined: either a null pointer is
    /// returned, or ...").
    fn malloc(&mut self, n: u64) -> u64 {
        self.malloc_aligned(n, ALIGN)
    }

    /// A block of at least `n` bytes at a multiple of `align` (a power of
    /// 2; at least 16), or 0 when no free range holds one: the lowest
    /// such address. The bytes a free range has below it stay free.
    fn malloc_aligned(&mut self, n: u64, align: u64) -> u64 {
        let align = align.max(ALIGN);
        let Some(len) = n.checked_add(ALIGN - 1).map(|v| v / ALIGN * ALIGN) else {
            return 0;
        };
        if len == 0 {
            return 0;
        }
        let fits = |(&start, &have): (&u64, &u64)| {
            let at = start.checked_next_multiple_of(align)?;
            let end = at.checked_add(len)?;
            (end <= start + have).then_some((start, have, at))
        };
        let Some((start, have, at)) = self.free.iter().find_map(fits) else {
            return 0;
        };
        self.free.remove(&start);
        if at > start {
            self.free.insert(start, at - start);
        }
        if start + have > at + len {
            self.free.insert(at + len, start + have - (at + len));
        }
        self.used.insert(at, len);
        self.freed.remove(&at);
        at
    }

    /// Whether a block given out and not freed holds the `n` bytes from
    /// `a` on.
    pub(crate) fn holds(&self, a: u64, n: u64) -> bool {
        self.used
            .range(..=a)
            .next_back()
            .is_some_and(|(&at, &len)| a.checked_add(n).is_some_and(|end| end <= at + len))
    }

    /// Frees the block at `p`: its length.
    fn free(&mut self, p: u64) -> Result<u64, FreeError> {
        let Some(len) = self.used.remove(&p) else {
            return Err(if self.freed.contains(&p) {
                FreeError::Twice
            } else {
                FreeError::NotGiven
            });
        };
        self.freed.insert(p);
        let (mut start, mut len2) = (p, len);
        if let Some((&next, &l)) = self.free.range(p + len..).next() {
            if next == p + len {
                self.free.remove(&next);
                len2 += l;
            }
        }
        if let Some((&prev, &l)) = self.free.range(..p).next_back() {
            if prev + l == p {
                self.free.remove(&prev);
                start = prev;
                len2 += l;
            }
        }
        self.free.insert(start, len2);
        Ok(len)
    }
}

/// The arguments of a `vprintf` call: the thread's memory from `base`.
struct Buffer<'m, 'a, 's> {
    mc: &'m mut Machine<'a, 's>,
    base: u64,
    at: u64,
    span: Span,
}

impl printf::Args for Buffer<'_, '_, '_> {
    type Err = RunError;

    fn next(&mut self, size: u32, spec: &str) -> Result<u64, RunError> {
        let size = u64::from(size);
        if self.base == 0 {
            return Err(err(
                self.span.clone(),
                format!("`call vprintf`: `{spec}` needs an argument, but the argument buffer is a null pointer (the call passed none)"),
            ));
        }
        let off = self.at.div_ceil(size) * size;
        self.at = off + size;
        let addr = self.base.wrapping_add(off);
        let what = format!(
            "the argument of `{spec}` ({size} bytes at offset {off} of the argument buffer)"
        );
        let mut v = 0u64;
        for k in 0..size {
            v |= u64::from(self.mc.runtime_byte(
                addr.wrapping_add(k),
                &self.span,
                "vprintf",
                &what,
            )?) << (8 * k);
        }
        Ok(v)
    }

    fn string(&mut self, addr: u64, max: Option<usize>, spec: &str) -> Result<Vec<u8>, RunError> {
        self.mc.c_string(
            addr,
            max,
            &self.span,
            "vprintf",
            &format!("the string of `{spec}`"),
        )
    }
}

impl Machine<'_, '_> {
    /// Runs `call` of the runtime function `f` for thread `lane` at
    /// statement `pc`: its arguments `args`, its return value into
    /// `rets`. The thread goes on after the call (or, for
    /// `__assertfail`, stops with the run).
    #[allow(clippy::too_many_arguments)]
    pub(super) fn runtime_call(
        &mut self,
        lane: usize,
        pc: usize,
        ins: &Instr,
        f: Runtime,
        name: &str,
        rets: &[&str],
        args: &[&str],
        at: &Span,
    ) -> Result<(), RunError> {
        let e = f.entry();
        let (params, returns) = (e.params, usize::from(e.ret != Ret::Nothing));
        if args.len() != params.len() || rets.len() > returns {
            return Err(err(
                ins.span.clone(),
                format!(
                    "`call {name}` passes {} argument(s) and {} return value(s); the CUDA runtime's `{name}` takes {} and returns {}",
                    args.len(),
                    rets.len(),
                    params.len(),
                    returns
                ),
            ));
        }
        // Each argument's value (0 for a struct), and the structs' bytes.
        let mut vals = Vec::with_capacity(args.len());
        let mut structs: Vec<Vec<u8>> = Vec::new();
        for (i, (a, ty)) in args.iter().zip(params).enumerate() {
            let size = e.structs.iter().find(|(k, _)| *k == i).map(|(_, n)| *n);
            let bytes = self.value_of(a, *ty, at)?;
            let n = size.unwrap_or(ty.bits() as usize / 8);
            if bytes.len() < n {
                let what = match n {
                    12 => "a `dim3`",
                    24 => "a `cudaExtent`",
                    32 => "a `cudaPitchedPtr`",
                    _ => "a value",
                };
                let align = if n == 12 { 4 } else { 8 };
                return Err(err(
                    at.clone(),
                    format!("`call {name}`: its argument `{a}` has {} bytes; the CUDA runtime's `{name}` takes {what} of {n} bytes there (`.param .align {align} .b8 p[{n}]`)", bytes.len()),
                ));
            }
            let mut raw = Vec::with_capacity(n);
            for b in bytes.iter().take(n) {
                let Some(b) = b else {
                    return Err(err(
                        at.clone(),
                        format!("`call {name}`: its argument `{a}` holds bytes never written"),
                    ));
                };
                raw.push(*b);
            }
            if size.is_some() {
                structs.push(raw);
                vals.push(0);
                continue;
            }
            vals.push(raw.iter().rev().fold(0u64, |v, b| v << 8 | u64::from(*b)));
        }
        if let Some(why) = f.not_run() {
            return Err(RunError::Program(
                Diagnostic::error(ins.span.clone(), format!("`call {name}`: ptxfp does not run this CUDA runtime function: {why}"))
                    .with_help("take the call out of the kernel, or pass what it would give as a kernel parameter (--set)"),
            ));
        }
        // A `dim3`'s x, y and z.
        let dims: Vec<[u32; 3]> = structs
            .iter()
            .map(|b| {
                std::array::from_fn(|k| {
                    u32::from_le_bytes([b[4 * k], b[4 * k + 1], b[4 * k + 2], b[4 * k + 3]])
                })
            })
            .collect();
        let span = ins.span.clone();
        let ret: Option<Vec<u8>> = match f {
            Runtime::Vprintf => Some(
                self.vprintf(&span, vals[0], vals[1])?
                    .to_le_bytes()
                    .to_vec(),
            ),
            Runtime::Malloc => Some(self.eng.heap.malloc(vals[0]).to_le_bytes().to_vec()),
            // The guide: "The address of the allocated memory will be a
            // multiple of align. align must be a non-zero power of 2."
            Runtime::AlignedMalloc => {
                if !vals[1].is_power_of_two() {
                    return Err(err(span, format!("`call {name}`: its alignment {} is not a power of 2 (the CUDA C++ Programming Guide: \"align must be a non-zero power of 2\")", vals[1])));
                }
                Some(
                    self.eng
                        .heap
                        .malloc_aligned(vals[0], vals[1])
                        .to_le_bytes()
                        .to_vec(),
                )
            }
            Runtime::Free => {
                self.free(&span, vals[0])?;
                None
            }
            Runtime::AssertFail => {
                self.assert_fail(&span, &vals)?;
                self.eng.threads[lane].state = State::Done;
                self.eng.stopped = true;
                return Ok(());
            }
            // The handle of the grid (scope 1) or of the multi-grid (2,
            // this one grid): the workspace's address, its barrier from 0
            // at the first call of the run.
            Runtime::CgGetIntrinsicHandle => {
                if self.mem.read(CG_WORKSPACE, 8).is_err() {
                    self.mem.give(CG_WORKSPACE, &[8, 0, 0, 0, 0, 0, 0, 0]);
                }
                Some(CG_WORKSPACE.to_le_bytes().to_vec())
            }
            // A grid-wide barrier: the thread waits until every thread of
            // the grid has arrived; the last one to arrive releases the
            // others and goes on. cudaSuccess (0).
            Runtime::CgSynchronize | Runtime::CgSynchronizeGrid => {
                let l = self.eng.launch;
                self.eng.grid_arrived += 1;
                if self.eng.grid_arrived >= l.cta_threads() * l.ctas() {
                    self.eng.grid_gen += 1;
                    self.eng.grid_arrived = 0;
                } else {
                    self.eng.threads[lane].state = State::GridSync {
                        gen: self.eng.grid_gen,
                        at: pc,
                    };
                }
                Some(0u32.to_le_bytes().to_vec())
            }
            // The multi-grid group of a launch of one device (the engine
            // runs one grid): its threads are the grid's, in one grid; a
            // thread's rank is its rank in the grid (CTAs in x-fastest
            // order, each CTA's threads in x-fastest order), in grid 0.
            // Each count is an `unsigned int`: the low 32 bits. A null
            // pointer is not written (cooperative groups asks for one of
            // the two at a time). cudaSuccess (0).
            // Dynamic parallelism: below, after the other functions.
            Runtime::CgGetSize | Runtime::CgGetRank => {
                let l = self.eng.launch;
                let (first, second) = if f == Runtime::CgGetSize {
                    (l.cta_threads().wrapping_mul(l.ctas()), 1)
                } else {
                    let [x, y, z] = self.eng.ctaid.map(u64::from);
                    let [gx, gy, _] = l.grid.map(u64::from);
                    let cta = x + gx * (y + gy * z);
                    (cta * l.cta_threads() + lane as u64, 0)
                };
                let out = if f == Runtime::CgGetSize {
                    ["numThreads", "numGrids"]
                } else {
                    ["threadRank", "gridRank"]
                };
                for ((ptr, v), what) in vals.iter().zip([first, second]).zip(out) {
                    self.runtime_store_u32(&span, name, what, *ptr, v as u32)?;
                }
                Some(0u32.to_le_bytes().to_vec())
            }
            // The device runtime's API: below.
            _ => None,
        };
        let code = |c: u32| Some(c.to_le_bytes().to_vec());
        let ret = match f {
            Runtime::GetParameterBufferV2 | Runtime::GetParameterBuffer => {
                let child = (f == Runtime::GetParameterBufferV2).then(|| Child {
                    func: vals[0],
                    grid: dims[0],
                    block: dims[1],
                    shared: vals[3] as u32,
                    buffer: 0,
                    depth: self.eng.cdp.depth + 1,
                    tail: false,
                    at: span.clone(),
                });
                Some(self.parameter_buffer(child).to_le_bytes().to_vec())
            }
            Runtime::LaunchDeviceV2 => {
                let child = self.eng.cdp.buffers.get(&vals[0]).cloned().flatten();
                code(self.launch_device(name, vals[0], child, vals[1], &span)?)
            }
            Runtime::LaunchDevice => {
                let child = Child {
                    func: vals[0],
                    grid: dims[0],
                    block: dims[1],
                    shared: vals[4] as u32,
                    buffer: vals[1],
                    depth: self.eng.cdp.depth + 1,
                    tail: false,
                    at: span.clone(),
                };
                let known = self.eng.cdp.buffers.contains_key(&vals[1]);
                let child = known.then_some(child);
                code(self.launch_device(name, vals[1], child, vals[5], &span)?)
            }
            Runtime::DeviceSynchronize => {
                let c = self.device_synchronize(name, &span)?;
                if self.eng.stopped {
                    self.eng.threads[lane].state = State::Done;
                    return Ok(());
                }
                code(c)
            }
            Runtime::GetLastError | Runtime::PeekAtLastError => {
                let t = &mut self.eng.threads[lane];
                let c = t.last_error;
                if f == Runtime::GetLastError {
                    t.last_error = CUDA_SUCCESS;
                }
                code(c)
            }
            Runtime::GetErrorName | Runtime::GetErrorString => Some(
                self.error_string(name, f == Runtime::GetErrorString, vals[0] as u32, &span)?
                    .to_le_bytes()
                    .to_vec(),
            ),
            Runtime::Memset3DAsync => code(self.memset_3d(
                name,
                &structs[0],
                vals[1] as u8,
                &structs[1],
                vals[3],
                &span,
            )?),
            _ if e.ret == Ret::Error && ret.is_none() => {
                code(self.device_api(f, name, &vals, &span)?)
            }
            _ => ret,
        };
        // The guide's "Error Handling" for the device runtime: errors are
        // recorded per thread. A call that fails sets the thread's last
        // error.
        if e.ret == Ret::Error {
            if let Some(c) = ret.as_ref().and_then(|v| v.get(..4)) {
                let c = u32::from_le_bytes([c[0], c[1], c[2], c[3]]);
                if c != CUDA_SUCCESS {
                    self.eng.threads[lane].last_error = c;
                }
            }
        }
        if let (Some(v), Some(target)) = (ret, rets.first()) {
            let v = v.into_iter().map(Some).collect();
            self.bind_return(ins.scope, ins.block, target, v, pc)?;
        }
        self.eng.threads[lane].pc = pc + 1;
        Ok(())
    }

    /// The deadlock of a CTA whose threads wait at `cudaCGSynchronize`
    /// while no thread of the grid that could still arrive runs (`None`:
    /// none waits there).
    pub(crate) fn grid_sync_stuck(&mut self) -> Option<RunError> {
        let (lane, at) = self
            .eng
            .threads
            .iter()
            .enumerate()
            .find_map(|(l, t)| match t.state {
                State::GridSync { at, .. } => Some((l, at)),
                _ => None,
            })?;
        self.lane = lane;
        let span = self.stmt_span(at);
        let l = self.eng.launch;
        let waiting = self
            .eng
            .threads
            .iter()
            .filter(|t| matches!(t.state, State::GridSync { .. }))
            .count();
        let help = if l.ctas() > 1 && !l.cooperative {
            "CTAs run one after another unless the launch is cooperative, so a CTA never sees a later one arrive: launch with --cooperative (every CTA resident at once, as cudaLaunchCooperativeKernel)"
        } else {
            "every thread of the grid must call it: one that exited, or waits at another barrier, never arrives"
        };
        Some(RunError::Program(
            Diagnostic::error(
                span,
                format!(
                    "deadlock: {waiting} thread(s) of this CTA ({} is one) wait at a grid-wide barrier (`cudaCGSynchronize`) for all {} threads of the grid; {} have arrived",
                    self.who(),
                    l.cta_threads() * l.ctas(),
                    self.eng.grid_arrived
                ),
            )
            .with_help(help),
        ))
    }

    /// One byte of the running thread's memory for a runtime function:
    /// memory never given nor written is an error (with `--check-memory`
    /// a warning, and the byte reads 0).
    /// A new parameter buffer (its address in global memory, given as
    /// zeros), for the launch `child` describes (`None`: the V1 call,
    /// whose launch says it later); 0 (NULL) once a run has given out as
    /// many as fit below the grid workspace.
    fn parameter_buffer(&mut self, child: Option<Child>) -> u64 {
        let cdp = &mut self.eng.cdp;
        if cdp.given >= (CG_WORKSPACE - PARAM_BUFFERS) / PARAM_BUFFER_SIZE {
            return 0;
        }
        let at = PARAM_BUFFERS + cdp.given * PARAM_BUFFER_SIZE;
        cdp.given += 1;
        cdp.buffers
            .insert(at, child.map(|c| Child { buffer: at, ..c }));
        at
    }

    /// `cudaLaunchDevice(V2)` of the parameter buffer at `buffer`, whose
    /// launch is `child` (`None`: not a buffer the runtime gave, or given
    /// and launched before): queued to run after this grid, and 0
    /// (`cudaSuccess`); a launch CUDA would refuse returns its error code
    /// with a warning at the call, and runs nothing.
    fn launch_device(
        &mut self,
        name: &str,
        buffer: u64,
        child: Option<Child>,
        stream: u64,
        at: &Span,
    ) -> Result<u32, RunError> {
        let refuse = |mc: &mut Self, code: u32, why: String| {
            Ok(mc.refuse(at, name, code, format!("the launch is refused: {why}")))
        };
        let Some(child) = child else {
            return refuse(self, CUDA_ERROR_INVALID_CONFIGURATION, format!("{buffer:#x} is not a parameter buffer from cudaGetParameterBuffer(V2) waiting for its launch"));
        };
        if !self.stream_ok(stream) {
            return refuse(self, CUDA_ERROR_INVALID_RESOURCE_HANDLE, bad_stream(stream));
        }
        if !engine::function_at(self.module, child.func).is_some_and(|(_, f)| f.entry) {
            return refuse(self, CUDA_ERROR_INVALID_DEVICE_FUNCTION, format!("the kernel {:#x} is not the address of an `.entry` of this module (`mov.u64 d, kernel;`)", child.func));
        }
        let shape = Launch {
            grid: child.grid,
            block: child.block,
            dynamic_shared: u64::from(child.shared),
            ..Launch::default()
        };
        if let Err(why) = shape.check() {
            return refuse(self, CUDA_ERROR_INVALID_CONFIGURATION, why);
        }
        if self.eng.cdp.queue.len() >= MAX_PENDING_LAUNCHES {
            return refuse(self, CUDA_ERROR_LAUNCH_PENDING_COUNT_EXCEEDED, format!("{MAX_PENDING_LAUNCHES} launches are waiting to run (CUDA's default cudaLimitDevRuntimePendingLaunchCount)"));
        }
        if child.depth > MAX_LAUNCH_DEPTH {
            return Err(err(
                at.clone(),
                format!("a grid nested {} deep launches another: CUDA nests grids at most {MAX_LAUNCH_DEPTH} deep (\"limited in hardware to 24\")", child.depth - 1),
            ));
        }
        self.eng.cdp.buffers.remove(&buffer);
        self.eng.cdp.queue.push_back(Work::Grid(Child {
            buffer,
            tail: stream == STREAM_TAIL_LAUNCH,
            at: at.clone(),
            ..child
        }));
        Ok(CUDA_SUCCESS)
    }

    /// A stream a launch, copy or event may name: the NULL stream (0),
    /// `cudaStreamLegacy` (1), `cudaStreamPerThread` (2),
    /// `cudaStreamTailLaunch` (3), `cudaStreamFireAndForget` (4), or one
    /// the kernels created and did not destroy.
    fn stream_ok(&self, stream: u64) -> bool {
        stream <= 4 || self.eng.cdp.streams.contains(&stream)
    }

    /// A refusal the call returns as `code`, with a warning at `at`.
    fn refuse(&mut self, at: &Span, name: &str, code: u32, why: String) -> u32 {
        let err = ERROR_NAMES
            .iter()
            .find(|(c, ..)| *c == code)
            .map_or(String::new(), |(_, n, _)| format!(" ({n})"));
        self.run_warning(Diagnostic::warning(
            at.clone(),
            format!("`call {name}` returns cudaError {code}{err}: {why}"),
        ));
        code
    }

    /// Writes the `bytes`-byte value `v` where the out-parameter `what`
    /// of runtime function `name` points (a generic address); a null
    /// pointer is `cudaErrorInvalidValue`, returned.
    fn runtime_out(
        &mut self,
        span: &Span,
        name: &str,
        what: &str,
        ptr: u64,
        bytes: u32,
        v: u64,
    ) -> Result<u32, RunError> {
        if ptr == 0 {
            return Ok(self.refuse(
                span,
                name,
                CUDA_ERROR_INVALID_VALUE,
                format!("`{what}` is a null pointer"),
            ));
        }
        self.store_through(span, name, what, ptr, bytes, "", v)?;
        Ok(CUDA_SUCCESS)
    }

    /// A new handle for a stream or event.
    fn new_handle(&mut self) -> u64 {
        let cdp = &mut self.eng.cdp;
        cdp.handles += 1;
        HANDLES + 16 * cdp.handles
    }

    /// The device runtime's API functions that return a `cudaError_t`
    /// and are not launches: device queries, streams and events,
    /// `cudaMalloc` and `cudaFree`, and the asynchronous copies and sets,
    /// with the arguments `v`.
    fn device_api(
        &mut self,
        f: Runtime,
        name: &str,
        v: &[u64],
        span: &Span,
    ) -> Result<u32, RunError> {
        use Runtime as R;
        Ok(match f {
            // One device, device 0 (the engine runs the launch on one).
            R::GetDeviceCount => self.runtime_out(span, name, "count", v[0], 4, 1)?,
            R::GetDevice => self.runtime_out(span, name, "device", v[0], 4, 0)?,
            R::DeviceGetAttribute => {
                let (attr, dev) = (v[1] as u32, v[2] as u32 as i32);
                if dev != 0 {
                    return Ok(self.refuse(
                        span,
                        name,
                        CUDA_ERROR_INVALID_DEVICE,
                        format!("device {dev}: the engine runs one device, device 0"),
                    ));
                }
                match device_attribute(self.exec.device, attr) {
                    Some(a) => self.runtime_out(span, name, "value", v[0], 4, u64::from(a as u32))?,
                    None => self.refuse(span, name, CUDA_ERROR_INVALID_VALUE, format!("attribute {attr} is not one ptxfp models (docs/ENGINE.md \"The CUDA device runtime\" lists those it does)")),
                }
            }
            R::DeviceGetLimit => {
                let heap = self.opts.heap_size.unwrap_or(DEFAULT_HEAP_SIZE);
                match device_limit(v[1] as u32, heap) {
                    Some(l) => self.runtime_out(span, name, "pValue", v[0], 8, l)?,
                    None => self.refuse(span, name, CUDA_ERROR_INVALID_VALUE, format!("limit {} is not one ptxfp models (cudaLimitStackSize 0 to cudaLimitDevRuntimePendingLaunchCount 4 are)", v[1] as u32)),
                }
            }
            // cudaFuncCachePreferNone (0); cudaSharedMemBankSizeFourByte (1).
            R::DeviceGetCacheConfig => self.runtime_out(span, name, "pCacheConfig", v[0], 4, 0)?,
            R::DeviceGetSharedMemConfig => self.runtime_out(span, name, "pConfig", v[0], 4, 1)?,
            R::StreamCreateWithFlags | R::EventCreateWithFlags => {
                let stream = f == R::StreamCreateWithFlags;
                let cdp = &self.eng.cdp;
                let live = if stream {
                    cdp.streams.len()
                } else {
                    cdp.events.len()
                };
                if live >= MAX_HANDLES {
                    let what = if stream { "streams" } else { "events" };
                    return Ok(self.refuse(span, name, CUDA_ERROR_MEMORY_ALLOCATION, format!("{MAX_HANDLES} {what} are alive (ptxfp's bound: destroy those no longer used)")));
                }
                let h = self.new_handle();
                let c = self.runtime_out(
                    span,
                    name,
                    if stream { "pStream" } else { "event" },
                    v[0],
                    8,
                    h,
                )?;
                if c == CUDA_SUCCESS {
                    if stream {
                        // The guide's "Streams" for the device runtime: a
                        // stream created on the device must be
                        // non-blocking (cudaStreamNonBlocking, 1).
                        if v[1] as u32 & 1 == 0 {
                            self.run_warning(Diagnostic::warning(
                                span.clone(),
                                format!("`call {name}` without cudaStreamNonBlocking (flags {}): a stream created on the device must be non-blocking (the CUDA C++ Programming Guide, \"Streams\"); the engine creates it anyway", v[1] as u32),
                            ));
                        }
                        self.eng.cdp.streams.insert(h);
                    } else {
                        self.eng.cdp.events.insert(h);
                    }
                }
                c
            }
            R::StreamDestroy | R::EventDestroy => {
                let (live, what) = if f == R::StreamDestroy {
                    (&mut self.eng.cdp.streams, "a stream")
                } else {
                    (&mut self.eng.cdp.events, "an event")
                };
                if live.remove(&v[0]) {
                    CUDA_SUCCESS
                } else {
                    self.refuse(
                        span,
                        name,
                        CUDA_ERROR_INVALID_RESOURCE_HANDLE,
                        format!(
                            "{:#x} is not {what} the kernels created and did not destroy",
                            v[0]
                        ),
                    )
                }
            }
            // The engine runs the work of every stream in the order it was
            // given (a schedule every event and wait allows).
            R::StreamWaitEvent | R::EventRecord | R::EventRecordWithFlags => {
                let (stream, event) = if f == R::StreamWaitEvent {
                    (v[0], v[1])
                } else {
                    (v[1], v[0])
                };
                if !self.stream_ok(stream) {
                    self.refuse(
                        span,
                        name,
                        CUDA_ERROR_INVALID_RESOURCE_HANDLE,
                        bad_stream(stream),
                    )
                } else if !self.eng.cdp.events.contains(&event) {
                    self.refuse(
                        span,
                        name,
                        CUDA_ERROR_INVALID_RESOURCE_HANDLE,
                        format!(
                            "{event:#x} is not an event the kernels created and did not destroy"
                        ),
                    )
                } else {
                    CUDA_SUCCESS
                }
            }
            // The guide: "When invoked from the device runtime these
            // functions map to device-side malloc() and free()".
            R::CudaMalloc => {
                let p = self.eng.heap.malloc(v[1]);
                if p == 0 && v[1] > 0 {
                    self.refuse(
                        span,
                        name,
                        CUDA_ERROR_MEMORY_ALLOCATION,
                        format!(
                            "no free block of {} bytes in the device heap (--malloc-heap-size)",
                            v[1]
                        ),
                    )
                } else {
                    self.runtime_out(span, name, "devPtr", v[0], 8, p)?
                }
            }
            R::CudaFree => {
                if v[0] == 0 {
                    return Ok(CUDA_SUCCESS);
                }
                match self.heap_free(v[0]) {
                    Ok(()) => CUDA_SUCCESS,
                    Err(FreeError::Twice) => self.refuse(
                        span,
                        name,
                        CUDA_ERROR_INVALID_VALUE,
                        format!("{:#x} is freed twice", v[0]),
                    ),
                    Err(FreeError::NotGiven) => self.refuse(
                        span,
                        name,
                        CUDA_ERROR_INVALID_VALUE,
                        format!(
                            "{:#x} is not the address of a block cudaMalloc or malloc gave",
                            v[0]
                        ),
                    ),
                }
            }
            // The CUDA release that first wrote the module's `.version`
            // (docs/ENGINE.md "The CUDA device runtime").
            R::GetRuntimeVersion => {
                let ptx = self
                    .module
                    .version
                    .as_ref()
                    .map_or(PtxVersion::LATEST, |(v, _)| *v);
                let Some(version) = ptx.cuda_release() else {
                    return Err(err(span.clone(), format!("`call {name}`: PTX ISA {ptx} is in no CUDA release of the PTX ISA's release history, so ptxfp has no runtime version for it")));
                };
                self.runtime_out(span, name, "runtimeVersion", v[0], 4, u64::from(version))?
            }
            // One row: its pitch is its width.
            R::MemcpyAsync => {
                let copy = Copy::new(name, span, Pitched::rows(v[0], v[2]), [v[2], 1, 1]);
                let src = Pitched::rows(v[1], v[2]);
                self.queue_copy(
                    Copy {
                        src: Some(src),
                        ..copy
                    },
                    Some(v[3] as u32),
                    v[4],
                )?
            }
            R::Memcpy2DAsync => {
                let copy = Copy::new(name, span, Pitched::rows(v[0], v[1]), [v[4], v[5], 1]);
                let src = Pitched::rows(v[2], v[3]);
                self.queue_copy(
                    Copy {
                        src: Some(src),
                        ..copy
                    },
                    Some(v[6] as u32),
                    v[7],
                )?
            }
            R::Memcpy3DAsync => self.memcpy_3d(name, v[0], v[1], span)?,
            R::MemsetAsync => {
                let copy = Copy::new(name, span, Pitched::rows(v[0], v[2]), [v[2], 1, 1]);
                self.queue_copy(
                    Copy {
                        value: v[1] as u8,
                        ..copy
                    },
                    None,
                    v[3],
                )?
            }
            R::Memset2DAsync => {
                let copy = Copy::new(name, span, Pitched::rows(v[0], v[1]), [v[3], v[4], 1]);
                self.queue_copy(
                    Copy {
                        value: v[2] as u8,
                        ..copy
                    },
                    None,
                    v[5],
                )?
            }
            _ => CUDA_SUCCESS,
        })
    }

    /// `cudaMemcpy3DAsync(p, stream)`: the `cudaMemcpy3DParms` at `p`
    /// (`srcArray` at byte 0, `srcPos` 8, `srcPtr` 32, `dstArray` 64,
    /// `dstPos` 72, `dstPtr` 96, `extent` 128, `kind` 152), between
    /// linear memory: "width in bytes", and `x` "in bytes" too (the
    /// runtime API's cudaMemcpy3D).
    fn memcpy_3d(&mut self, name: &str, p: u64, stream: u64, span: &Span) -> Result<u32, RunError> {
        if p == 0 {
            return Ok(self.refuse(
                span,
                name,
                CUDA_ERROR_INVALID_VALUE,
                "`p` is a null pointer".to_string(),
            ));
        }
        let mut w = [0u64; 20];
        for (k, w) in w.iter_mut().enumerate() {
            let what = format!("the cudaMemcpy3DParms at {p:#x}");
            for b in 0..8 {
                let a = p.wrapping_add(8 * k as u64 + b);
                *w |= u64::from(self.runtime_byte(a, span, name, &what)?) << (8 * b);
            }
        }
        for (array, which) in [(w[0], "srcArray"), (w[8], "dstArray")] {
            if array != 0 {
                return Err(err(span.clone(), format!("`call {name}`: `{which}` is {array:#x}: ptxfp models no CUDA arrays, so it copies between linear memory (`srcPtr`, `dstPtr`) only")));
            }
        }
        // A cudaPitchedPtr `ptr, pitch, xsize, ysize` at word `k`, with
        // the cudaPos `x, y, z` at word `k - 3` folded into its base.
        let pitched = |k: usize| {
            let (pitch, slice) = (w[k + 1], w[k + 1].wrapping_mul(w[k + 3]));
            let base = w[k]
                .wrapping_add(w[k - 3])
                .wrapping_add(w[k - 2].wrapping_mul(pitch))
                .wrapping_add(w[k - 1].wrapping_mul(slice));
            Pitched { base, pitch, slice }
        };
        let copy = Copy::new(name, span, pitched(12), [w[16], w[17], w[18]]);
        self.queue_copy(
            Copy {
                src: Some(pitched(4)),
                ..copy
            },
            Some(w[19] as u32),
            stream,
        )
    }

    /// `cudaMemset3DAsync(pitchedDevPtr, value, extent, stream)`: the
    /// `cudaPitchedPtr` `ptr, pitch, xsize, ysize` and the `cudaExtent`
    /// `width` (bytes), `height`, `depth` as bytes.
    fn memset_3d(
        &mut self,
        name: &str,
        ptr: &[u8],
        value: u8,
        extent: &[u8],
        stream: u64,
        span: &Span,
    ) -> Result<u32, RunError> {
        let word = |b: &[u8], k: usize| u64::from_le_bytes(std::array::from_fn(|i| b[8 * k + i]));
        let (pitch, ysize) = (word(ptr, 1), word(ptr, 3));
        let dst = Pitched {
            base: word(ptr, 0),
            pitch,
            slice: pitch.wrapping_mul(ysize),
        };
        let copy = Copy::new(name, span, dst, [0, 1, 2].map(|k| word(extent, k)));
        self.queue_copy(Copy { value, ..copy }, None, stream)
    }

    /// Queues `copy` (a copy when it has a source, of `kind`; else a set)
    /// into `stream`: it runs after this grid, in order with the grids the
    /// kernels launched.
    fn queue_copy(&mut self, copy: Copy, kind: Option<u32>, stream: u64) -> Result<u32, RunError> {
        let (name, span) = (copy.name.as_str(), &copy.span);
        if !self.stream_ok(stream) {
            return Ok(self.refuse(
                span,
                name,
                CUDA_ERROR_INVALID_RESOURCE_HANDLE,
                bad_stream(stream),
            ));
        }
        // From the device only device-to-device copies run (kind
        // cudaMemcpyDeviceToDevice 3, or cudaMemcpyDefault 4): the device
        // reaches no host memory.
        if let Some(k) = kind.filter(|k| !matches!(k, 3 | 4)) {
            return Ok(self.refuse(span, name, CUDA_ERROR_INVALID_MEMCPY_DIRECTION, format!("kind {k}: from the device only cudaMemcpyDeviceToDevice (3) and cudaMemcpyDefault (4) copy")));
        }
        let width = copy.width;
        if width > copy.dst.pitch || copy.src.is_some_and(|s| width > s.pitch) {
            return Ok(self.refuse(
                span,
                name,
                CUDA_ERROR_INVALID_PITCH_VALUE,
                format!("a row of {width} bytes is wider than its pitch"),
            ));
        }
        let rows = copy.height.checked_mul(copy.depth);
        if width == 0 || rows == Some(0) {
            return Ok(CUDA_SUCCESS);
        }
        let pointers = [(copy.dst.base, "the destination")]
            .into_iter()
            .chain(copy.src.map(|s| (s.base, "the source")));
        for (p, what) in pointers {
            if self.region(p).is_some() {
                return Ok(self.refuse(span, name, CUDA_ERROR_INVALID_VALUE, format!("{what} {p:#x} is shared, local or parameter memory: the device runtime copies global memory only")));
            }
        }
        if rows
            .and_then(|r| r.checked_mul(width))
            .is_none_or(|b| b > self.eng.max_memory)
        {
            return Err(err(
                span.clone(),
                format!(
                    "`call {name}`: {} of {width} bytes are more than --max-memory ({} bytes)",
                    copy.shape(),
                    self.eng.max_memory
                ),
            ));
        }
        // The last byte of each side below 2^64: `st`/`ld` refuse an
        // access past the end of the address space, and a copy must not
        // wrap around to address 0.
        let sides = [(copy.dst, "the destination")]
            .into_iter()
            .chain(copy.src.map(|s| (s, "the source")));
        for (p, what) in sides {
            let end = (copy.depth - 1)
                .checked_mul(p.slice)
                .and_then(|a| {
                    (copy.height - 1)
                        .checked_mul(p.pitch)
                        .and_then(|b| a.checked_add(b))
                })
                .and_then(|a| a.checked_add(width))
                .and_then(|a| p.base.checked_add(a));
            if end.is_none() {
                return Ok(self.refuse(
                    span,
                    name,
                    CUDA_ERROR_INVALID_VALUE,
                    format!(
                        "{what} at {:#x} runs past the end of the address space",
                        p.base
                    ),
                ));
            }
        }
        if self.eng.cdp.queue.len() >= MAX_PENDING_LAUNCHES {
            return Ok(self.refuse(
                span,
                name,
                CUDA_ERROR_LAUNCH_PENDING_COUNT_EXCEEDED,
                format!("{MAX_PENDING_LAUNCHES} launches and copies are waiting to run"),
            ));
        }
        self.eng.cdp.queue.push_back(Work::Copy(copy));
        Ok(CUDA_SUCCESS)
    }

    /// CDP1's device-side `cudaDeviceSynchronize`: the work the grid gave
    /// so far runs now, as it would after the grid (docs/ENGINE.md
    /// "Dynamic parallelism"), and the thread goes on after it.
    fn device_synchronize(&mut self, name: &str, span: &Span) -> Result<u32, RunError> {
        if self.exec.device.at_least(90) {
            return Err(RunError::Program(
                Diagnostic::error(
                    span.clone(),
                    format!("`call {name}`: device-side cudaDeviceSynchronize does not run on {} (CUDA removed it for sm_90 and later: \"such use will cause this module to fail to load on sm_90+ devices\")", self.exec.device),
                )
                .with_help("run it as an older device (--device sm_80), or let the child grids run after the kernel: a parent grid is complete only when its children are"),
            ));
        }
        let mut cdp = std::mem::take(&mut self.eng.cdp);
        let (depth, grid_id) = (cdp.depth, cdp.grid_id);
        let (now, later): (std::collections::VecDeque<_>, std::collections::VecDeque<_>) =
            cdp.queue.drain(..).partition(|w| !w.is_tail());
        cdp.queue = now;
        let c = crate::Carry {
            mem: std::mem::take(&mut self.mem),
            heap: std::mem::take(&mut self.eng.heap),
            steps: self.eng.steps,
            cdp,
            stopped: false,
        };
        let mut lent = crate::lend(&mut self.sink);
        let mut c = crate::run_queued(
            self.module,
            self.opts,
            self.src,
            lent.as_mut().map(|l| l as &mut dyn Sink),
            c,
            &mut self.out,
        )?;
        self.mem = c.mem;
        self.eng.heap = c.heap;
        self.eng.steps = c.steps;
        c.cdp.depth = depth;
        c.cdp.grid_id = grid_id;
        c.cdp.queue.extend(later);
        self.eng.cdp = c.cdp;
        self.eng.stopped |= c.stopped;
        Ok(CUDA_SUCCESS)
    }

    /// `cudaGetErrorName(code)` (`text` false) or `cudaGetErrorString`:
    /// the address of the string, in global memory.
    fn error_string(
        &mut self,
        name: &str,
        text: bool,
        code: u32,
        span: &Span,
    ) -> Result<u64, RunError> {
        let Some(k) = ERROR_NAMES.iter().position(|(c, ..)| *c == code) else {
            return Err(err(
                span.clone(),
                format!("`call {name}`: ptxfp does not know the cudaError_t code {code} (it knows the codes the engine returns: {})", ERROR_NAMES.iter().map(|(c, ..)| c.to_string()).collect::<Vec<_>>().join(", ")),
            ));
        };
        let (_, n, t) = ERROR_NAMES[k];
        if text && t.is_none() {
            return Err(err(
                span.clone(),
                format!("`call {name}`: ptxfp does not have CUDA's text for {n} ({code}); cudaGetErrorName gives its name"),
            ));
        }
        if self.mem.read(ERROR_STRINGS, 1).is_err() {
            for (i, (_, n, t)) in ERROR_NAMES.iter().enumerate() {
                let at = ERROR_STRINGS + 128 * i as u64;
                self.mem.give(at, &[n.as_bytes(), &[0]].concat());
                if let Some(t) = t {
                    self.mem.give(at + 64, &[t.as_bytes(), &[0]].concat());
                }
            }
        }
        Ok(ERROR_STRINGS + 128 * k as u64 + if text { 64 } else { 0 })
    }

    /// Writes `v` to the `unsigned int` that `ptr` (a generic address)
    /// points to for runtime function `f`'s out-parameter `what`; a null
    /// `ptr` writes nothing.
    fn runtime_store_u32(
        &mut self,
        span: &Span,
        f: &str,
        what: &str,
        ptr: u64,
        v: u32,
    ) -> Result<(), RunError> {
        if ptr == 0 {
            return Ok(());
        }
        self.store_through(span, f, what, ptr, 4, " (an `unsigned int`)", u64::from(v))
    }

    /// Writes the `bytes`-byte value `v` where the out-parameter `what` of
    /// runtime function `f` points (`ptr`, generic, not null); a
    /// misaligned `ptr` is a memory problem (`unit` says what is
    /// written there).
    #[allow(clippy::too_many_arguments)]
    fn store_through(
        &mut self,
        span: &Span,
        f: &str,
        what: &str,
        ptr: u64,
        bytes: u32,
        unit: &str,
        v: u64,
    ) -> Result<(), RunError> {
        if !ptr.is_multiple_of(u64::from(bytes)) {
            self.memory_problem(
                Diagnostic::error(
                    span.clone(),
                    format!("`call {f}`: misaligned access: `{what}` points to {ptr:#x}, which is not a multiple of {bytes}{unit}"),
                ),
                ", writing the bytes at that address",
            )?;
        }
        self.check_store(None, ptr, bytes.into(), &format!("call {f}"), span)?;
        self.mem_in_mut(None, ptr).write(ptr, bytes, v);
        Ok(())
    }

    fn runtime_byte(&mut self, a: u64, span: &Span, f: &str, what: &str) -> Result<u8, RunError> {
        match self.mem_ref(a).read(a, 1) {
            Ok(b) => Ok(b as u8),
            Err(bad) => {
                let d = Diagnostic::error(
                    span.clone(),
                    format!("`call {f}`: {what}: memory at {bad:#x} was never given or written"),
                );
                self.memory_problem(d, ", reading zeros")?;
                Ok(0)
            }
        }
    }

    /// The NUL-terminated string at `addr` (not null): its bytes up to
    /// the NUL, at most `max` of them; without a `max`, a string of
    /// [`printf::MAX_BYTES`] bytes and no NUL is an error.
    fn c_string(
        &mut self,
        addr: u64,
        max: Option<usize>,
        span: &Span,
        f: &str,
        what: &str,
    ) -> Result<Vec<u8>, RunError> {
        let limit = max.unwrap_or(printf::MAX_BYTES);
        let mut out = Vec::new();
        while out.len() < limit {
            let a = addr.wrapping_add(out.len() as u64);
            match self.runtime_byte(a, span, f, &format!("{what} at {addr:#x}"))? {
                0 => return Ok(out),
                b => out.push(b),
            }
        }
        if max.is_some() {
            return Ok(out);
        }
        Err(err(
            span.clone(),
            format!(
                "`call {f}`: {what} at {addr:#x} has no NUL byte in its first {} bytes",
                printf::MAX_BYTES
            ),
        ))
    }

    /// `vprintf(format, args)`: prints and returns what CUDA's `printf`
    /// returns. The guide: "CUDA's printf() returns the number of
    /// arguments parsed. If no arguments follow the format string, 0 is
    /// returned. If the format string is NULL, -1 is returned."
    fn vprintf(&mut self, span: &Span, format: u64, buffer: u64) -> Result<i32, RunError> {
        if format == 0 {
            return Ok(-1);
        }
        let fmt = self.c_string(format, None, span, "vprintf", "the format string")?;
        let mut args = Buffer {
            mc: self,
            base: buffer,
            at: 0,
            span: span.clone(),
        };
        let (bytes, n) = match printf::format(&fmt, &mut args) {
            Ok(r) => r,
            Err(printf::Error::Format(m)) => {
                return Err(err(span.clone(), format!("`call vprintf`: {m}")))
            }
            Err(printf::Error::Args(e)) => return Err(e),
        };
        let tid = self.eng.threads.get(self.lane).map_or([0; 3], |t| t.tid);
        let line = PrintfLine {
            span: span.clone(),
            thread: (self.eng.ctaid, tid),
            bytes,
        };
        match &mut self.sink {
            Some(sink) => sink.printf(line),
            // Kept in the outcome: the first MAX_PRINTF_KEPT bytes, the
            // calls past them counted (`Engine::printf_dropped`).
            None => {
                if self.eng.cdp.printf_kept.admit(&line) {
                    self.out.printf.push(line);
                } else {
                    self.eng.printf_dropped += 1;
                }
            }
        }
        Ok(n as i32)
    }

    /// `free(ptr)`: the guide: "If ptr is NULL, the call to free() is
    /// ignored. Repeated calls to free() with the same ptr has undefined
    /// behavior" (an error here, as is a pointer `malloc` did not give).
    /// The block's bytes are forgotten: a load from freed memory is the
    /// error of a load of memory never written.
    fn free(&mut self, span: &Span, p: u64) -> Result<(), RunError> {
        if p == 0 {
            return Ok(());
        }
        match self.heap_free(p) {
            Ok(()) => Ok(()),
            Err(FreeError::Twice) => Err(err(
                span.clone(),
                format!("`call free`: {p:#x} is freed twice (a double free: the CUDA C++ Programming Guide leaves it undefined)"),
            )),
            Err(FreeError::NotGiven) => Err(err(
                span.clone(),
                format!("`call free`: {p:#x} is not the address of a block `malloc` gave"),
            )),
        }
    }

    /// Frees the heap block at `p` (not null) and forgets its bytes, for
    /// `free` and `cudaFree`.
    fn heap_free(&mut self, p: u64) -> Result<(), FreeError> {
        let len = self.eng.heap.free(p)?;
        self.mem_at(p).forget(p, len);
        Ok(())
    }

    /// `__assertfail(message, file, line, function, charSize)`: the failed
    /// `assert()` of the thread that runs, recorded for the run to report.
    fn assert_fail(&mut self, span: &Span, v: &[u64]) -> Result<(), RunError> {
        let f = "__assertfail";
        if v[4] != 1 {
            return Err(err(
                span.clone(),
                format!("`call __assertfail`: a character size of {} (only 1, `char` strings, is supported)", v[4]),
            ));
        }
        let mut text = |addr: u64, what: &str| -> Result<String, RunError> {
            if addr == 0 {
                return Ok(String::new());
            }
            let b = self.c_string(addr, None, span, f, what)?;
            Ok(String::from_utf8_lossy(&b).into_owned())
        };
        let message = text(v[0], "the message")?;
        let file = text(v[1], "the file name")?;
        let function = text(v[3], "the function name")?;
        let tid = self.eng.threads.get(self.lane).map_or([0; 3], |t| t.tid);
        self.out.assertions.push(Assertion {
            span: span.clone(),
            thread: (self.eng.ctaid, tid),
            message,
            file,
            line: v[2] as u32,
            function,
        });
        Ok(())
    }
}

/// Why `stream` is not a stream a call may name.
fn bad_stream(stream: u64) -> String {
    format!("the stream {stream:#x} is not 0, cudaStreamLegacy (1), cudaStreamPerThread (2), cudaStreamTailLaunch (3), cudaStreamFireAndForget (4), nor one the kernels created (cudaStreamCreateWithFlags) and did not destroy")
}

/// `cudaDeviceGetAttribute(value, attr, 0)` on `device` (driver_types.h's
/// `enum cudaDeviceAttr`), from the CUDA C++ Programming Guide's
/// "Technical Specifications per Compute Capability" and the engine's
/// own model (one multiprocessor, [`crate::engine::NSMID`]); `None` for
/// an attribute ptxfp does not model.
fn device_attribute(device: Target, attr: u32) -> Option<i64> {
    let old = device.sm < 30;
    Some(match attr {
        // cudaDevAttrMaxThreadsPerBlock; MaxBlockDimX, Y ("1024"), Z ("64").
        1 => 1024,
        2 | 3 => 1024,
        4 => 64,
        // cudaDevAttrMaxGridDimX: "2^31-1" (65535 before compute 3.0);
        // Y and Z: 65535 (the engine's --grid bounds, PTX ISA %nctaid).
        5 if old => 65535,
        5 => i64::from(i32::MAX),
        6 | 7 => 65535,
        // cudaDevAttrMaxSharedMemoryPerBlock: "48 KB"; TotalConstantMemory:
        // "64 KB"; WarpSize: 32.
        8 => 48 * 1024,
        9 => 64 * 1024,
        10 => 32,
        // cudaDevAttrMultiProcessorCount: the engine's one (%nsmid).
        16 => crate::engine::NSMID as i64,
        // cudaDevAttrComputeCapabilityMajor, Minor.
        75 => i64::from(device.sm / 10),
        76 => i64::from(device.sm % 10),
        _ => return None,
    })
}

/// `cudaDeviceGetLimit(pValue, limit)` (driver_types.h's `enum
/// cudaLimit`) for a heap of `heap` bytes; `None` for a limit ptxfp does
/// not model.
fn device_limit(limit: u32, heap: u64) -> Option<u64> {
    Some(match limit {
        // cudaLimitStackSize: CUDA's default, 1 KiB per thread.
        0 => 1024,
        // cudaLimitPrintfFifoSize: the default 1 MiB (the guide,
        // "Formatted Output": "a fixed-size buffer"; the engine keeps every
        // line).
        1 => 1 << 20,
        // cudaLimitMallocHeapSize: --malloc-heap-size.
        2 => heap,
        // cudaLimitDevRuntimeSyncDepth: the engine synchronizes at any
        // depth a launch reaches (as if the host raised the limit to it).
        3 => u64::from(MAX_LAUNCH_DEPTH),
        // cudaLimitDevRuntimePendingLaunchCount.
        4 => MAX_PENDING_LAUNCHES as u64,
        _ => return None,
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    /// `__nv_aligned_device_malloc`'s blocks start at multiples of their
    /// alignment, first fit; the bytes skipped below one stay free for
    /// later blocks, and freeing joins the ranges again.
    #[test]
    fn aligned_blocks_leave_the_gap_below_them_free() {
        let mut h = Heap::new(4096);
        assert_eq!(h.malloc(16), HEAP_BASE);
        // The first multiple of 256 with 16 bytes free: 256.
        assert_eq!(h.malloc_aligned(10, 256), HEAP_BASE + 256);
        // 16..256 is free: 240 bytes fit there, 241 do not.
        assert_eq!(h.malloc(240), HEAP_BASE + 16);
        assert_eq!(h.malloc(1), HEAP_BASE + 272);
        // An alignment below 16 is 16's; one past the heap gives none.
        assert_eq!(h.malloc_aligned(1, 4), HEAP_BASE + 288);
        assert_eq!(h.malloc_aligned(16, 4096), 0);
        assert_eq!(h.malloc_aligned(16, 1 << 63), 0);
        assert_eq!(h.malloc_aligned(u64::MAX, 16), 0);
        // Freeing everything joins the heap into one range again.
        for p in [0, 256, 16, 272, 288] {
            assert!(h.free(HEAP_BASE + p).is_ok(), "{p}");
        }
        assert_eq!(h.free.iter().collect::<Vec<_>>(), [(&HEAP_BASE, &4096)]);
        assert!(h.used.is_empty());
    }

    /// Every function is in the table once, and each of its names (CDP2's
    /// and `_ptsz` where CUDA has them, no others) calls it.
    #[test]
    fn names_resolve_to_their_functions() {
        for e in TABLE {
            assert_eq!(TABLE.iter().filter(|o| o.f == e.f).count(), 1, "{}", e.name);
            assert_eq!(Runtime::of(e.name), Some(e.f));
            let rest = e.name.strip_prefix("cuda");
            let cdp2 = rest.map(|r| format!("__cudaCDP2{r}"));
            if let Some(n) = &cdp2 {
                assert_eq!(Runtime::of(n), e.cdp2.then_some(e.f), "{n}");
                let both = format!("{n}_ptsz");
                assert_eq!(
                    Runtime::of(&both),
                    (e.cdp2 && e.ptsz).then_some(e.f),
                    "{both}"
                );
            }
            let ptsz = format!("{}_ptsz", e.name);
            assert_eq!(Runtime::of(&ptsz), e.ptsz.then_some(e.f), "{ptsz}");
        }
        assert_eq!(
            Runtime::of("__cudaDeviceSynchronizeDeprecationAvoidance"),
            Some(Runtime::DeviceSynchronize)
        );
        // The names cuda_device_runtime_api.h declares for CUDA 12.
        for (name, f) in [
            ("__cudaCDP2LaunchDeviceV2", Runtime::LaunchDeviceV2),
            (
                "__cudaCDP2GetParameterBufferV2",
                Runtime::GetParameterBufferV2,
            ),
            ("__cudaCDP2Malloc", Runtime::CudaMalloc),
            ("__cudaCDP2MemcpyAsync_ptsz", Runtime::MemcpyAsync),
            ("__cudaCDP2StreamWaitEvent_ptsz", Runtime::StreamWaitEvent),
            ("cudaEventRecord_ptsz", Runtime::EventRecord),
        ] {
            assert_eq!(Runtime::of(name), Some(f), "{name}");
        }
        for name in [
            "__cudaCDP2vprintf",
            "__cudaCDP2DeviceSynchronize",
            "__cudaCDP2CGSynchronize",
            "cudaMalloc_ptsz",
            "cudaLaunchDeviceV2_ptsz_ptsz",
            "__cudaCDP2",
            "cuda",
            "",
        ] {
            assert_eq!(Runtime::of(name), None, "{name}");
        }
    }

    /// Names and texts fit their slots of [`ERROR_STRINGS`] with the NUL.
    #[test]
    fn error_strings_fit_their_slots() {
        for (_, n, t) in ERROR_NAMES {
            assert!(n.len() < 64, "{n}");
            assert!(t.is_none_or(|t| t.len() < 64), "{n}");
        }
    }
}
