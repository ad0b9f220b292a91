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
//! - `cudaGetParameterBufferV2(func, grid, block, sharedMem)` and
//!   `cudaLaunchDeviceV2(buffer, stream)`, and the older
//!   `cudaGetParameterBuffer(alignment, size)` and `cudaLaunchDevice(func,
//!   buffer, grid, block, sharedMem, stream)`: dynamic parallelism, a
//!   kernel launching child grids, which run after their parent grid
//!   (`crate::run`'s loop over `Cdp::queue`).
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

/// How deep child grids may nest: the guide's "Nesting Depth": "the
/// maximum nesting depth ... is limited in hardware to 24".
pub const MAX_LAUNCH_DEPTH: u32 = 24;

/// `cudaError_t` codes the device runtime's launch returns.
const CUDA_ERROR_INVALID_CONFIGURATION: u32 = 9;
const CUDA_ERROR_LAUNCH_PENDING_COUNT_EXCEEDED: u32 = 69;
const CUDA_ERROR_INVALID_DEVICE_FUNCTION: u32 = 98;

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
    /// Child grids launched and not run yet, in launch order.
    pub(crate) queue: std::collections::VecDeque<Child>,
    /// The depth of the grid that runs (0: the host's launch).
    pub(crate) depth: u32,
    /// `%gridid` of the grid that runs: how many grids ran before it.
    pub(crate) grid_id: u64,
}

/// The alignment of each block: the guide: "The returned pointer is
/// guaranteed to be aligned to a 16-byte boundary."
const ALIGN: u64 = 16;

/// The runtime functions the engine runs.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Runtime {
    Vprintf,
    Malloc,
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
}

impl Runtime {
    pub(crate) fn of(name: &str) -> Option<Runtime> {
        Some(match name {
            "vprintf" => Runtime::Vprintf,
            "malloc" => Runtime::Malloc,
            "free" => Runtime::Free,
            "__assertfail" => Runtime::AssertFail,
            "cudaCGGetIntrinsicHandle" => Runtime::CgGetIntrinsicHandle,
            "cudaCGSynchronize" => Runtime::CgSynchronize,
            "cudaCGSynchronizeGrid" => Runtime::CgSynchronizeGrid,
            "cudaCGGetSize" => Runtime::CgGetSize,
            "cudaCGGetRank" => Runtime::CgGetRank,
            "cudaGetParameterBufferV2" => Runtime::GetParameterBufferV2,
            "cudaLaunchDeviceV2" => Runtime::LaunchDeviceV2,
            "cudaGetParameterBuffer" => Runtime::GetParameterBuffer,
            "cudaLaunchDevice" => Runtime::LaunchDevice,
            _ => return None,
        })
    }

    fn name(self) -> &'static str {
        match self {
            Runtime::Vprintf => "vprintf",
            Runtime::Malloc => "malloc",
            Runtime::Free => "free",
            Runtime::AssertFail => "__assertfail",
            Runtime::CgGetIntrinsicHandle => "cudaCGGetIntrinsicHandle",
            Runtime::CgSynchronize => "cudaCGSynchronize",
            Runtime::CgSynchronizeGrid => "cudaCGSynchronizeGrid",
            Runtime::CgGetSize => "cudaCGGetSize",
            Runtime::CgGetRank => "cudaCGGetRank",
            Runtime::GetParameterBufferV2 => "cudaGetParameterBufferV2",
            Runtime::LaunchDeviceV2 => "cudaLaunchDeviceV2",
            Runtime::GetParameterBuffer => "cudaGetParameterBuffer",
            Runtime::LaunchDevice => "cudaLaunchDevice",
        }
    }

    /// Its parameters' types and how many values it returns, as nvcc
    /// declares it: `.extern .func (.param .b32 func_retval0) vprintf
    /// (.param .b64 vprintf_param_0, .param .b64 vprintf_param_1)`,
    /// `(.param .b64 func_retval0) malloc(.param .b64 malloc_param_0)`,
    /// `free(.param .b64 free_param_0)`, `__assertfail(.param .b64,
    /// .param .b64, .param .b32, .param .b64, .param .b64)`; cudadevrt's
    /// `unsigned long long cudaCGGetIntrinsicHandle(cudaCGScope scope)` and
    /// `cudaError_t cudaCGSynchronize(unsigned long long handle, unsigned
    /// flags)` (and `cudaCGSynchronizeGrid`), as Numba declares them:
    /// `i64 (i32)` and `i32 (i64, i32)`; `cudaError_t cudaCGGetSize(unsigned
    /// int *numThreads, unsigned int *numGrids, unsigned long long handle)`
    /// and `cudaCGGetRank(unsigned int *threadRank, unsigned int *gridRank,
    /// unsigned long long handle)` (cuda_device_runtime_api.h), two
    /// pointers and the handle; and the launch functions as the CUDA C++
    /// Programming Guide's "Device-side Launch from PTX" declares them:
    /// `(.param .b64 func_retval0) cudaGetParameterBufferV2(.param .b64
    /// func, .param .align 4 .b8 grid_dimension[12], .param .align 4 .b8
    /// block_dimension[12], .param .b32 shared_mem_size)`, `(.param .b32
    /// func_retval0) cudaLaunchDeviceV2(.param .b64 parameter_buffer,
    /// .param .b64 stream)`, `(.param .b64 func_retval0)
    /// cudaGetParameterBuffer(.param .b64 alignment, .param .b64 size)`,
    /// `(.param .b32 func_retval0) cudaLaunchDevice(.param .b64 func,
    /// .param .b64 parameter_buffer, .param .align 4 .b8
    /// grid_dimension[12], .param .align 4 .b8 block_dimension[12], .param
    /// .b32 shared_mem_size, .param .b64 stream)`. A `dim3` is given as
    /// [`DIM3`]: 12 bytes.
    fn signature(self) -> (&'static [PtxType], usize) {
        use PtxType::{B32, B64};
        match self {
            Runtime::Vprintf => (&[B64, B64], 1),
            Runtime::Malloc => (&[B64], 1),
            Runtime::Free => (&[B64], 0),
            Runtime::AssertFail => (&[B64, B64, B32, B64, B64], 0),
            Runtime::CgGetIntrinsicHandle => (&[B32], 1),
            Runtime::CgSynchronize | Runtime::CgSynchronizeGrid => (&[B64, B32], 1),
            Runtime::CgGetSize | Runtime::CgGetRank => (&[B64, B64, B64], 1),
            Runtime::GetParameterBufferV2 => (&[B64, B32, B32, B32], 1),
            Runtime::LaunchDeviceV2 | Runtime::GetParameterBuffer => (&[B64, B64], 1),
            Runtime::LaunchDevice => (&[B64, B64, B32, B32, B32, B64], 1),
        }
    }

    /// The arguments that are a `dim3` (`.param .align 4 .b8 d[12]`: 12
    /// bytes, x, y, z), by index.
    fn dim3_args(self) -> &'static [usize] {
        match self {
            Runtime::GetParameterBufferV2 => &[1, 2],
            Runtime::LaunchDevice => &[2, 3],
            _ => &[],
        }
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
        let Some(len) = n.checked_add(ALIGN - 1).map(|v| v / ALIGN * ALIGN) else {
            return 0;
        };
        if len == 0 {
            return 0;
        }
        let Some((&at, &have)) = self.free.iter().find(|(_, &l)| l >= len) else {
            return 0;
        };
        self.free.remove(&at);
        if have > len {
            self.free.insert(at + len, have - len);
        }
        self.used.insert(at, len);
        self.freed.remove(&at);
        at
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
        rets: &[&str],
        args: &[&str],
        at: &Span,
    ) -> Result<(), RunError> {
        let name = f.name();
        let (params, returns) = f.signature();
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
        let mut vals = Vec::with_capacity(args.len());
        let mut dims = Vec::new();
        for (i, (a, ty)) in args.iter().zip(params).enumerate() {
            let dim3 = f.dim3_args().contains(&i);
            let bytes = self.value_of(a, *ty, at)?;
            let n = if dim3 { 12 } else { ty.bits() as usize / 8 };
            if bytes.len() < n {
                return Err(err(
                    at.clone(),
                    format!("`call {name}`: its argument `{a}` has {} bytes; the CUDA runtime's `{name}` takes a `dim3` of 12 there (`.param .align 4 .b8 d[12]`)", bytes.len()),
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
            if dim3 {
                let d = |k: usize| u32::from_le_bytes([raw[k], raw[k + 1], raw[k + 2], raw[k + 3]]);
                dims.push([d(0), d(4), d(8)]);
                vals.push(0);
                continue;
            }
            vals.push(raw.iter().rev().fold(0u64, |v, b| v << 8 | u64::from(*b)));
        }
        let span = ins.span.clone();
        let ret: Option<Vec<u8>> = match f {
            Runtime::Vprintf => Some(
                self.vprintf(&span, vals[0], vals[1])?
                    .to_le_bytes()
                    .to_vec(),
            ),
            Runtime::Malloc => Some(self.eng.heap.malloc(vals[0]).to_le_bytes().to_vec()),
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
            Runtime::GetParameterBufferV2
            | Runtime::GetParameterBuffer
            | Runtime::LaunchDeviceV2
            | Runtime::LaunchDevice => None,
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
        };
        let ret = match f {
            Runtime::GetParameterBufferV2 | Runtime::GetParameterBuffer => {
                let child = (f == Runtime::GetParameterBufferV2).then(|| Child {
                    func: vals[0],
                    grid: dims[0],
                    block: dims[1],
                    shared: vals[3] as u32,
                    buffer: 0,
                    depth: self.eng.cdp.depth + 1,
                });
                Some(self.parameter_buffer(child).to_le_bytes().to_vec())
            }
            Runtime::LaunchDeviceV2 => {
                let child = self.eng.cdp.buffers.get(&vals[0]).cloned().flatten();
                Some(
                    self.launch_device(vals[0], child, &span)?
                        .to_le_bytes()
                        .to_vec(),
                )
            }
            Runtime::LaunchDevice => {
                let child = Child {
                    func: vals[0],
                    grid: dims[0],
                    block: dims[1],
                    shared: vals[4] as u32,
                    buffer: vals[1],
                    depth: self.eng.cdp.depth + 1,
                };
                let known = self.eng.cdp.buffers.contains_key(&vals[1]);
                let child = known.then_some(child);
                Some(
                    self.launch_device(vals[1], child, &span)?
                        .to_le_bytes()
                        .to_vec(),
                )
            }
            _ => ret,
        };
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
        buffer: u64,
        child: Option<Child>,
        at: &Span,
    ) -> Result<u32, RunError> {
        let refuse = |mc: &mut Self, code: u32, why: String| {
            mc.out.warnings.push(Diagnostic::warning(
                at.clone(),
                format!("device-side launch refused, returning cudaError {code}: {why}"),
            ));
            Ok(code)
        };
        let Some(child) = child else {
            return refuse(self, CUDA_ERROR_INVALID_CONFIGURATION, format!("{buffer:#x} is not a parameter buffer from cudaGetParameterBuffer(V2) waiting for its launch"));
        };
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
        self.eng.cdp.queue.push_back(Child { buffer, ..child });
        Ok(0)
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
        if !ptr.is_multiple_of(4) {
            self.memory_problem(
                Diagnostic::error(
                    span.clone(),
                    format!("`call {f}`: misaligned access: `{what}` points to {ptr:#x}, which is not a multiple of 4 (an `unsigned int`)"),
                ),
                ", writing the bytes at that address",
            )?;
        }
        self.mem_in_mut(None, ptr).write(ptr, 4, u64::from(v));
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
            None => self.out.printf.push(line),
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
        match self.eng.heap.free(p) {
            Ok(len) => {
                self.mem_at(p).forget(p, len);
                Ok(())
            }
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
