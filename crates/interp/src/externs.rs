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
//!   cooperative groups' multi-grid group, whose one grid is the launch.
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
    /// pointers and the handle.
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
        for (a, ty) in args.iter().zip(params) {
            let bytes = self.value_of(a, *ty, at)?;
            let n = ty.bits() as usize / 8;
            let mut v = 0u64;
            for (k, b) in bytes.iter().take(n).enumerate() {
                let Some(b) = b else {
                    return Err(err(
                        at.clone(),
                        format!("`call {name}`: its argument `{a}` holds bytes never written"),
                    ));
                };
                v |= u64::from(*b) << (8 * k);
            }
            vals.push(v);
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
