//! The execution engine: a grid of CTAs, each of warps of 32 threads run in
//! lock step, with control flow (loops, calls, `exit`), barriers and the
//! special registers (docs/ENGINE.md says why it is built this way).
//!
//! CTAs run one after the other, in `%ctaid` order (x fastest); the CTAs
//! of a cluster of several run interleaved (src/cluster.rs). In a CTA,
//! each warp runs until all its threads have exited or wait at a barrier;
//! then the next warp runs; when none can go on, the barriers whose threads
//! have all arrived open, or the run stops with a deadlock error. In a
//! warp, the threads at the lowest statement index run the instruction
//! together: threads that branched apart meet again at the first
//! statement both reach (docs/ENGINE.md "Why this model: lock step with min-PC reconvergence").

use super::*;
use crate::memory::Memory;
use ptxfp_isa::control::{Atomic, BarRed, Control, CpAsync, Mem, Update};
use ptxfp_isa::hint::HintOperands;
use ptxfp_isa::sreg::{Special, Sreg};
use ptxfp_model::EvalSetp;

// `mma.sync` (src/mma.rs): a warp instruction of its own file.
#[path = "mma.rs"]
mod mma;

// mbarrier, bulk copies and cluster barriers (src/async_copy.rs).
#[path = "async_copy.rs"]
mod async_copy;
// Tensor copies through a tensor map (src/tensor_map.rs).
#[path = "tensor_map.rs"]
pub(crate) mod tensor_map;
// The warp collectives with a membermask, and where their members meet
// (src/collective.rs).
#[path = "collective.rs"]
mod collective;
// ldmatrix, stmatrix, movmatrix and wmma (src/matrix.rs).
#[path = "matrix.rs"]
mod matrix;
// wgmma on sm_90a (src/wgmma.rs).
#[path = "wgmma.rs"]
mod wgmma;
// tcgen05 on sm_100a: Tensor Memory and the 5th-generation tensor cores
// (src/tcgen05.rs).
#[path = "tcgen05.rs"]
mod tcgen05;

// Clusters of several CTAs: interleaved CTAs, distributed shared memory
// (src/cluster.rs).
#[path = "cluster.rs"]
mod cluster;
use cluster::{Progress, View, ViewMut};

// The CUDA device runtime's `vprintf`, `malloc`, `free` and `__assertfail`
// (src/externs.rs), which nvcc's PTX calls.
#[path = "externs.rs"]
mod externs;
pub(crate) use externs::{Cdp, Heap, Work, PARAM_BUFFERS};
pub use externs::{DEFAULT_HEAP_SIZE, GRID_START_STEPS, HEAP_BASE, MAX_HEAP_SIZE, MAX_PRINTF_KEPT};

/// Threads per warp (PTX ISA §10.3: "%laneid ... a value in the range
/// [0, WARP_SZ-1]"; `WARP_SZ` is 32 on every NVIDIA GPU).
pub const WARP_SIZE: usize = 32;

/// The most threads of one CTA (PTX ISA §10.2, `%ntid`: "the maximum
/// number of threads per CTA is 1024", every target since sm_20).
pub const MAX_CTA_THREADS: u64 = 1024;

/// The default of [`Options::max_steps`]: a billion thread-instructions,
/// from about 15 s to a few minutes of one core at the speeds measured in
/// docs/ENGINE.md "Speed".
pub const DEFAULT_MAX_STEPS: u64 = 1_000_000_000;

/// The default of [`Options::max_memory`]: 2 GiB of the simulated
/// memory's pages (given or written, each page about 1.5 times its bytes
/// in the host's memory) and of the CTA's register file.
pub const DEFAULT_MAX_MEMORY: u64 = 2 << 30;

/// The most trace steps a run keeps in memory ([`Outcome::trace`]): each
/// is a few hundred bytes, so this bounds the trace to a few hundred MB.
/// A streamed trace (`run_with`, `ptxfp run --trace`) has no bound.
pub const MAX_KEPT_TRACE: usize = 1_000_000;

/// The deepest nesting of `call`s in one thread: past it the run stops
/// with an error (an endless recursion would otherwise run until
/// `--max-steps`, growing its frames).
pub const MAX_CALL_DEPTH: usize = 1024;

/// The most threads of a cooperative launch: an H100 SXM's 132
/// multiprocessors of 2,048 resident threads each. CUDA refuses a larger
/// cooperative grid than the device holds at once
/// (`cudaErrorCooperativeLaunchTooLarge`); this bounds the registers the
/// resident CTAs keep.
pub const MAX_COOPERATIVE_THREADS: u64 = 132 * 2048;

/// A CTA's turn in a cooperative launch, in thread-instructions per thread
/// of the CTA: it then lets the next resident CTA run (docs/ENGINE.md
/// "Cooperative launches"). A CTA that spins at a grid barrier spends its
/// turn spinning, so a barrier costs about this many instructions per
/// thread of the grid.
pub const CTA_SLICE: u64 = 64;

/// The fixed value of `%nsmid` (the engine models one multiprocessor,
/// `%smid` 0, which runs every CTA).
pub const NSMID: u64 = 1;

/// The shape of a launch: `--grid`, `--block`, `--dynamic-shared`.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Launch {
    /// CTAs per dimension (`%nctaid`).
    pub grid: [u32; 3],
    /// Threads per CTA per dimension (`%ntid`).
    pub block: [u32; 3],
    /// Bytes of the `.extern .shared` arrays (`%dynamic_smem_size`).
    pub dynamic_shared: u64,
    /// CTAs per cluster per dimension (`--cluster`; `%cluster_nctaid`):
    /// `None` takes the entry's `.reqnctapercluster`, or clusters of one
    /// CTA (docs/ENGINE.md "Clusters").
    pub cluster: Option<[u32; 3]>,
    /// A cooperative launch (`--cooperative`; CUDA's
    /// `cudaLaunchCooperativeKernel`): every CTA of the grid is resident at
    /// once and they take turns, so that a CTA may wait for any other (a
    /// grid-wide barrier). At most [`MAX_COOPERATIVE_THREADS`] threads
    /// (docs/ENGINE.md "Cooperative launches").
    pub cooperative: bool,
}

impl Default for Launch {
    /// One CTA of one thread, no dynamic shared memory.
    fn default() -> Launch {
        Launch {
            grid: [1, 1, 1],
            block: [1, 1, 1],
            dynamic_shared: 0,
            cluster: None,
            cooperative: false,
        }
    }
}

impl Launch {
    /// Threads per CTA.
    pub fn cta_threads(&self) -> u64 {
        self.block.iter().map(|&d| u64::from(d)).product()
    }
    /// CTAs in the grid.
    pub fn ctas(&self) -> u64 {
        self.grid.iter().map(|&d| u64::from(d)).product()
    }
    /// The error for a launch a GPU would refuse, if any.
    pub fn check(&self) -> Result<(), String> {
        self.check_dims()
    }

    /// That a thread `(ctaid, tid)` is in the launch.
    pub fn check_thread(&self, (c, t): ([u32; 3], [u32; 3])) -> Result<(), String> {
        let within = |v: [u32; 3], d: [u32; 3]| v.iter().zip(&d).all(|(a, b)| a < b);
        if within(c, self.grid) && within(t, self.block) {
            return Ok(());
        }
        Err(format!(
            "--thread {},{},{}@{},{},{}: the launch has %tid below ({},{},{}) and %ctaid below ({},{},{})",
            t[0], t[1], t[2], c[0], c[1], c[2],
            self.block[0], self.block[1], self.block[2],
            self.grid[0], self.grid[1], self.grid[2]
        ))
    }

    fn check_dims(&self) -> Result<(), String> {
        if let Some(d) = self.block.iter().chain(&self.grid).find(|d| **d == 0) {
            return Err(format!(
                "--grid/--block: a dimension is {d}: every dimension is at least 1"
            ));
        }
        if self.cta_threads() > MAX_CTA_THREADS {
            return Err(format!(
                "--block {},{},{} has {} threads: a CTA has at most {MAX_CTA_THREADS} (PTX ISA §10.2 %ntid)",
                self.block[0],
                self.block[1],
                self.block[2],
                self.cta_threads()
            ));
        }
        // PTX ISA §10.7 %nctaid: x up to 2^31-1, y and z up to 65535.
        if self.grid[1] > 65535 || self.grid[2] > 65535 || self.grid[0] > i32::MAX as u32 {
            return Err(
                "--grid: x is at most 2147483647, y and z at most 65535 (PTX ISA §10.7 %nctaid)"
                    .into(),
            );
        }
        // No GPU gives a CTA more than MAX_SHARED_BYTES ("Maximum amount
        // of shared memory per thread block", CUDA C++ Programming Guide,
        // "Features and Technical Specifications"): a launch that asks for
        // more dynamic shared memory fails, whether or not the kernel
        // declares an `.extern .shared` array to hold it.
        if self.dynamic_shared > crate::MAX_SHARED_BYTES {
            return Err(format!(
                "--dynamic-shared {}: more than the {} bytes (227 KiB) of shared memory any GPU gives a CTA; CUDA refuses such a launch",
                self.dynamic_shared,
                crate::MAX_SHARED_BYTES
            ));
        }
        let threads = self.cta_threads().saturating_mul(self.ctas());
        if self.cooperative && threads > MAX_COOPERATIVE_THREADS {
            return Err(format!(
                "--cooperative: the grid has {threads} threads, more than the {MAX_COOPERATIVE_THREADS} a GPU holds at once (132 multiprocessors of 2048 threads); CUDA refuses such a cooperative launch (cudaErrorCooperativeLaunchTooLarge): launch fewer CTAs"
            ));
        }
        Ok(())
    }
}

/// Where a thread is.
#[derive(Clone, Debug, PartialEq, Eq)]
pub(crate) enum State {
    /// Runs when its warp reaches its statement.
    Ready,
    /// Waits at barrier `id` (executed at statement `at`) for `count`
    /// threads (`None`: all those of the CTA that have not exited).
    Barrier {
        id: u32,
        count: Option<u32>,
        at: usize,
    },
    /// Exited (`exit`, or `ret` from the entry function).
    Done,
    /// Waits for the phase of parity `parity` of the mbarrier at `addr`
    /// to complete (`try_wait`, statement `at`), or (`park`) polled it with
    /// `test_wait` in vain and runs again when it changes
    /// (src/async_copy.rs; docs/ENGINE.md "mbarrier").
    MbarWait {
        addr: u64,
        parity: bool,
        at: usize,
        park: bool,
        /// The conditional phase (`.phase_type::conditional`).
        cond: bool,
    },
    /// Waits at a warp collective with membermask `mask` (statement `at`;
    /// its `pc` is past it) for the other members that have not exited,
    /// on sm_70 and later; the lanes `excused` were at the statement with
    /// a false guard and are not waited for (src/collective.rs).
    Meet { at: usize, mask: u32, excused: u32 },
    /// Waits at a grid-wide barrier (`cudaCGSynchronize`, statement `at`)
    /// until every thread of the grid has arrived in its generation `gen`
    /// (src/externs.rs; docs/ENGINE.md "Cooperative launches").
    GridSync { gen: u64, at: usize },
}

/// A call in progress: what `ret` restores.
#[derive(Clone, Debug)]
pub(crate) struct Frame {
    /// The statement after the `call`.
    ret_pc: usize,
    /// The caller's function end (statement index).
    end: usize,
    /// The caller's scope and the `call`'s block (names resolve there).
    scope: usize,
    block: usize,
    /// The callee (index in `Module::functions`).
    callee: usize,
    /// Where the return values go: the caller's operands, in order.
    rets: Vec<String>,
    /// The callee's registers as they were before the call, for this thread.
    saved_regs: Vec<(usize, Option<u64>)>,
    /// The callee's `.param` and `.local` variables as they were before
    /// the call: each variable's address and size, and the runs of bytes
    /// it held (`Memory::known_runs`).
    saved_mem: Vec<SavedVar>,
    /// The `call`'s statement (for errors at `ret`).
    at: usize,
    /// The caller's [`Thread::depth`].
    depth: usize,
    /// The caller's stack pointer: `ret` frees what the callee allocated
    /// (PTX ISA `alloca`: "automatically deallocated when the function
    /// exits").
    sp: u64,
}

/// The `.local` address ranges beside the variables' regions, `[start,
/// end)`: the frames of calls below the first ([`frame_address`]) and the
/// threads' stacks (`alloca`, crate::stack). [`Machine::region`] and
/// [`Machine::region_run`] read them here.
const LOCAL_WINDOWS: [(u64, u64); 2] = [
    (
        FRAME_BASE,
        FRAME_BASE + MAX_CALL_DEPTH as u64 * FRAME_STRIDE,
    ),
    (
        crate::stack::STACK_TOP - crate::stack::STACK_SIZE,
        crate::stack::STACK_TOP,
    ),
];

/// A variable of a call's frame as it was before the call: its address,
/// its size and the runs of bytes it held.
type SavedVar = (u64, u64, Vec<(u64, Vec<u8>)>);

/// What a call of a function saves and passes ([`Machine::frame_layout`]).
pub(crate) struct FrameLayout {
    /// Its parameters' types, in order.
    param_types: Vec<PtxType>,
    /// Its `.param` variables (parameters and return values) and `.local`
    /// ones: address, size, and whether it is `.local` (whose address is
    /// where the first call has it: `frame_address` moves it per depth).
    vars: Vec<(u64, u64, bool)>,
}

/// Where the `.local` variables of calls below the first of a function
/// live: past every other address the engine gives out (variables start at
/// 0x1000_0000), one window of [`FRAME_STRIDE`] bytes per depth.
/// Where grid `grid_id`'s per-CTA global memory starts (`.minperctamemory`,
/// `%perctamemoryoffset`): past the device heap and below the `.local`
/// frames, 2^40 bytes (1 TiB) a grid.
pub(crate) fn per_cta_base(grid_id: u64) -> u64 {
    PER_CTA_BASE + (grid_id << 40)
}

/// The first grid's per-CTA global memory.
pub const PER_CTA_BASE: u64 = 0x3000_0000_0000_0000;

pub(crate) const FRAME_BASE: u64 = 0x4000_0000_0000_0000;

/// The address of the first function of the module (`mov.u64 r, f;`):
/// function `i` (in `Module::functions`) is at
/// `FUNC_BASE + FUNC_STRIDE * i`, below the variables (from 0x1000_0000)
/// and in 32 bits (PTX ISA `mov`: `mov.u32 d, fname;` too). Nothing is
/// stored there: an address of a function is only called.
pub(crate) const FUNC_BASE: u64 = 0x0800_0000;

/// The distance between two functions' addresses.
pub(crate) const FUNC_STRIDE: u64 = 16;

/// The function (its index and itself) whose address is `addr`, if any.
pub(crate) fn function_at<'m>(m: &'m Module, addr: u64) -> Option<(usize, &'m module::Function)> {
    let i = addr
        .checked_sub(FUNC_BASE)
        .filter(|o| o % FUNC_STRIDE == 0)
        .map(|o| (o / FUNC_STRIDE) as usize)?;
    m.functions.get(i).map(|f| (i, f))
}

/// The most bytes one `.param` of a `.func` may take: 512 KiB, the local
/// memory a GPU gives a thread (CUDA C++ Programming Guide, "Features and
/// Technical Specifications": "Maximum amount of local memory per
/// thread", 512 KB), where such arguments live.
pub(crate) const MAX_PARAM_BYTES: u64 = 512 * 1024;

/// The size of one depth's window (variables take far less).
pub(crate) const FRAME_STRIDE: u64 = 1 << 40;

/// The address of a `.local` variable at `addr` (its address in the first
/// call of its function) in the call `depth` calls of that function deep.
/// PTX ISA §5.1.5, Local State Space: "When compiling to use the
/// Application Binary Interface (ABI), `.local` state-space variables must
/// be declared within function scope and are allocated on the stack": each
/// call has its own copy, at its own address, so a pointer a recursive
/// function passes to its own `.local` array reaches that copy, not the
/// callee's.
pub(crate) fn frame_address(addr: u64, depth: usize) -> u64 {
    match depth {
        0 => addr,
        d => FRAME_BASE + (d as u64 - 1) * FRAME_STRIDE + (addr - VAR_BASE),
    }
}

/// One thread of the CTA being run.
#[derive(Clone, Debug)]
pub(crate) struct Thread {
    /// The next statement.
    pub(crate) pc: usize,
    /// The end of the function it is in (one past its last statement).
    end: usize,
    pub(crate) state: State,
    frames: Vec<Frame>,
    /// `%tid`.
    pub(crate) tid: [u32; 3],
    /// Instructions it ran (`%clock`).
    steps: u64,
    /// Its predicate at a `bar.red` it waits at.
    red: Option<bool>,
    /// The condition code's carry flag (`add.cc` writes it, `addc` reads
    /// it: PTX ISA 9.7.2).
    pub(crate) cc: bool,
    /// How many calls of the function it runs are below this one on its
    /// call stack (0: the first): where that function's `.local`
    /// variables are ([`frame_address`]).
    pub(crate) depth: usize,
    /// Its stack pointer (`alloca`, `stacksave`; crate::stack).
    pub(crate) sp: u64,
    /// The last error of its calls of the CUDA device runtime
    /// (`cudaGetLastError`; src/externs.rs), 0 for none.
    pub(crate) last_error: u32,
    /// The backward branch it took last, how many times in a row, and its
    /// `steps` then (`Machine::count_trip`).
    trips: (usize, u32, u64),
}

/// A loop whose guard settles (`Machine::settles_after`): after how many
/// trips in a row a thread that takes its branch never leaves, and how
/// many instructions a trip runs besides the branch.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) struct Settles {
    trips: u32,
    body: u64,
}

impl Thread {
    /// The stack pointer when its current function began.
    pub(crate) fn frame_sp(&self) -> u64 {
        self.frames.last().map_or(crate::stack::STACK_TOP, |f| f.sp)
    }
}

/// Statements whose [`FastOp`] is kept (a direct-mapped cache by
/// statement index: loops find theirs, and memory stays bounded however
/// long the program).
pub(crate) const FAST_SLOTS: usize = 4096;

/// The instructions a warp runs before the next warp of its CTA gets its
/// turn (`Machine::run_warps`).
const WARP_SLICE: u32 = 4096;

/// On sm_70 and later, the instructions a warp's lowest-statement threads
/// run in a row, while others of the warp wait further on, before those
/// others get a turn of as many (`Machine::run_ahead`).
const ITS_SLICE: u32 = 32;

/// Fewer active lanes than this evaluate a form with a plan lane by lane
/// ([`OnePlan::eval`]): a batch [`Plan`] call costs a few allocations to
/// start, which a warp of one thread (a launch of one-thread CTAs) would
/// pay for each instruction.
const BATCH_MIN: usize = 8;

/// The buffers of one warp instruction on the fast path
/// (`Machine::fast_run`), kept between instructions.
#[derive(Debug, Default)]
pub(crate) struct Scratch {
    /// Per lane (index in the lanes that run): whether its guard lets it run.
    on: [bool; WARP_SIZE],
    /// The active lanes (thread indices in the CTA), in lane order.
    act: [usize; WARP_SIZE],
    /// Per source, the active lanes' values, compacted in their order.
    src: [[u64; WARP_SIZE]; 3],
    /// The active lanes' results.
    out: [u64; WARP_SIZE],
    /// A memory access's addresses, and its values per element
    /// ([`FastMem`]).
    addr: [u64; WARP_SIZE],
    vals: [[u64; WARP_SIZE]; 4],
}

/// A source of a [`FastOp`]: a register column, or a constant.
#[derive(Clone, Copy, Debug)]
pub(crate) enum Src {
    Reg(usize),
    Imm(u64),
}

/// A computing instruction with its operands resolved and checked
/// (`Machine::fast_op`).
#[derive(Clone, Copy, Debug)]
pub(crate) struct FastOp {
    /// Its entry in `Machine::decoded`.
    k: usize,
    dest: usize,
    dty: PtxType,
    /// The destination's bits kept (as `Machine::write` keeps them).
    keep: u64,
    /// Sources and their types.
    n: usize,
    srcs: [Src; 3],
    tys: [PtxType; 3],
    /// The guard's register, and `@!`.
    guard: Option<(usize, bool)>,
    /// For `bra`: the label's statement (then nothing is computed).
    target: Option<usize>,
    /// For a form with a batch plan: the register widths in bits of its
    /// sources and, last, of its destination ([`Plan::widths`], kept here
    /// because that function allocates); zeros otherwise.
    widths: [u8; 4],
    /// For `ld`/`st`: the access (then nothing is computed).
    mem: Option<FastMem>,
}

impl FastOp {
    /// Statement `k` that computes nothing into a register (`bra`,
    /// `ld`/`st`: `target` or `mem` says what it does), under `guard`.
    fn bare(k: usize, guard: Option<(usize, bool)>) -> FastOp {
        FastOp {
            k,
            dest: 0,
            dty: PtxType::B32,
            keep: 0,
            n: 0,
            srcs: [Src::Imm(0); 3],
            tys: [PtxType::B32; 3],
            guard,
            target: None,
            widths: [0; 4],
            mem: None,
        }
    }
}

/// A plain `ld`/`st` (`Machine::fast_mem_op`): one to four elements of
/// one type between registers (or constants, for `st`) and memory at
/// `[reg+imm]`, `[var+imm]` or `[imm]`, with its operands resolved and
/// checked once. Every access is made as the general way makes it
/// (`Machine::ldst`: the same memory, the same relaxed register types);
/// the warp falls back to the general way, before anything is written,
/// where that way would report something (a misaligned address, a byte
/// never given, a register without a value).
#[derive(Clone, Copy, Debug)]
pub(crate) struct FastMem {
    is_ld: bool,
    space: Option<Space>,
    /// The access type and its bytes per element; the elements.
    ty: PtxType,
    bytes: u32,
    count: usize,
    /// The address: the base register's value (none: 0) plus `disp` (the
    /// offset, and a variable's address).
    base: Option<usize>,
    disp: u64,
    /// Per element: its register (or, for `st`, constant) and the type it
    /// moves through (PTX ISA §6.4.2, relaxed to a wider register).
    data: [Src; 4],
    wty: [PtxType; 4],
}

/// What running a statement for a warp's threads did (`Machine::run_warp`).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Ran {
    /// The fast path did not run it (the general way must).
    No,
    /// It ran, and every one of the threads is now ready at this statement
    /// (none changed state or left its function): the scheduler may run
    /// them next without looking at the warp again.
    To(usize),
    /// It ran; the threads went on in other ways.
    Spread,
}

/// Which memory an address belongs to.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Region {
    /// `.shared`: one copy per CTA.
    Shared,
    /// `.local`: one copy per thread.
    Local,
    /// `.param` of a `.func` or of a call site: one copy per thread.
    Param,
}

/// The engine's state beside the registers.
#[derive(Default)]
pub(crate) struct Engine {
    pub(crate) launch: Launch,
    /// Statements `first..end` of the function that runs.
    pub(crate) range: (usize, usize),
    /// More than one thread in the launch.
    pub(crate) multi: bool,
    /// Per decoded op, its control meaning.
    pub(crate) threads: Vec<Thread>,
    /// The CTA that runs (`%ctaid`).
    pub(crate) ctaid: [u32; 3],
    /// Memory problems found with `--check-memory`.
    pub(crate) memory_reports: u64,
    /// Warnings raised as the program ran (`Machine::run_warning`).
    pub(crate) run_warnings: u64,
    /// `printf` calls of this grid whose output was not kept (past
    /// [`crate::engine::MAX_PRINTF_KEPT`]).
    pub(crate) printf_dropped: u64,
    /// Contractions that change a result, found with `--contract` (the
    /// first [`crate::MAX_CONTRACTIONS`] are kept).
    pub(crate) contraction_reports: u64,
    /// The registers of the thread [`Options::thread`] names, when its CTA
    /// ended (indexed as `Machine::regs`).
    pub(crate) shown: Option<Vec<Option<u64>>>,
    /// Thread-instructions run (guards false included), and the limit.
    pub(crate) steps: u64,
    pub(crate) max_steps: u64,
    /// [`crate::Options::interrupt`], and the steps past which the hot
    /// paths look up from their work: `max_steps`, or sooner, where the
    /// interrupt's next question is due (`count_step`).
    pub(crate) interrupt: Option<crate::Interrupt>,
    pub(crate) step_limit: u64,
    /// In a cooperative launch, the steps at which the running CTA's turn
    /// ends (`u64::MAX` otherwise).
    pub(crate) turn_ends: u64,
    /// The grid-wide barrier of `cudaCGSynchronize`: its completed
    /// generations, and the threads arrived in the current one.
    pub(crate) grid_gen: u64,
    pub(crate) grid_arrived: u64,
    /// The warp of the CTA that runs first in its next turn: the one after
    /// the warp whose instruction ended its last turn (so that every warp
    /// runs, turn after turn, however short its CTA's turns are; 0
    /// outside cooperative launches).
    pub(crate) first_warp: usize,
    /// The bytes the run's memories and register file may hold
    /// ([`Options::max_memory`]); those the thread's memories held before
    /// the run (not the run's).
    pub(crate) max_memory: u64,
    pub(crate) memory_before: u64,
    /// The first read of a register without a value that computed an
    /// undefined result (`Machine::read_maybe`), the thread, and the
    /// register as `--set` names it.
    pub(crate) undefined_read: Option<(Diagnostic, String, String)>,
    /// A register without a value was stored (as zeros), and warned of
    /// (`Machine::read_stored`).
    pub(crate) stored_undefined: bool,
    /// `.shared` of the CTA that runs; each CTA starts from `shared_given`.
    pub(crate) shared: Memory,
    pub(crate) shared_given: Memory,
    /// The launch's code declares `.shared` variables of a fixed size (not
    /// only `.extern .shared` arrays): `%total_smem_size` then depends on
    /// how ptxas packs them.
    pub(crate) static_shared: bool,
    /// The bytes of each CTA's slice of per-CTA global memory: the entry's
    /// `.minperctamemory`, rounded up to a multiple of 1024 (`None`: the
    /// entry has no such directive).
    pub(crate) per_cta: Option<u64>,
    /// `.local` and per-thread `.param` of each thread of the CTA; each
    /// starts from `private_given`.
    pub(crate) private: Vec<Memory>,
    pub(crate) private_given: Memory,
    /// Address ranges `[start, end)` of the shared and per-thread
    /// variables, sorted.
    pub(crate) regions: Vec<(u64, u64, Region)>,
    /// Per function scope: its statements `first..end`.
    pub(crate) bodies: rustc_hash::FxHashMap<usize, (usize, usize)>,
    /// Per function scope: its registers (indices in `Machine::regs`).
    pub(crate) scope_regs: rustc_hash::FxHashMap<usize, Vec<usize>>,
    /// Per barrier, the threads that arrived with `bar.arrive` since it
    /// last opened.
    pub(crate) arrivals: BTreeMap<u32, usize>,
    /// The registers the names of each statement mean, resolved once
    /// before the run: `(offset of the name in the text, register)`,
    /// statement `i`'s at `resolved_at[i]..resolved_at[i + 1]`.
    pub(crate) resolved: Vec<(u32, u32)>,
    pub(crate) resolved_at: Vec<u32>,
    /// The statement being run (its names resolve through `resolved`).
    pub(crate) stmt: usize,
    /// The fast path may run (no trace, `--contract` or `--lenient`).
    pub(crate) fast_ok: bool,
    /// Per statement index modulo [`FAST_SLOTS`]: the statement and its
    /// fast form (`None`: it has none).
    pub(crate) fast: Vec<Option<(usize, Option<FastOp>)>>,
    /// The fast path's buffers, between its instructions.
    pub(crate) scratch: Option<Box<Scratch>>,
    /// The constants truncated to their operand's width so far, by where
    /// they are in the text (each is warned about once).
    pub(crate) truncated: std::collections::HashSet<usize>,
    /// The warp collectives warned about running without members that
    /// are elsewhere ([`Machine::split_collective`]), by statement.
    pub(crate) split_warned: std::collections::HashSet<usize>,
    /// Threads waiting at a warp collective ([`State::Meet`]): while there
    /// are any, a thread that exits may complete their collective.
    pub(crate) meeting: usize,
    /// The device heap `malloc` and `free` manage (one for the run).
    pub(crate) heap: externs::Heap,
    /// Dynamic parallelism: parameter buffers and child grids waiting.
    pub(crate) cdp: externs::Cdp,
    /// A failed `assert()` stopped the run: no thread runs any more.
    pub(crate) stopped: bool,
    /// The CTA's mbarrier objects and waiters.
    pub(crate) asyncs: async_copy::AsyncState,
    /// The cluster that runs: its shape, its other CTAs, its barrier.
    pub(crate) cluster: cluster::Cluster,
}

/// `(x, y, z)`.
fn xyz(v: [u32; 3]) -> String {
    format!("({})", dims(v))
}

/// `x,y,z`, as `--grid`, `--block` and `--cluster` are written.
pub(crate) fn dims(v: [u32; 3]) -> String {
    format!("{},{},{}", v[0], v[1], v[2])
}

impl Machine<'_, '_> {
    /// The memory that holds `addr` for the thread that runs.
    pub(crate) fn mem_at(&mut self, addr: u64) -> &mut Memory {
        match self.region(addr) {
            Some(Region::Shared) => &mut self.eng.shared,
            Some(Region::Local | Region::Param) => &mut self.eng.private[self.lane],
            None => &mut self.mem,
        }
    }

    /// [`Self::mem_at`] for reading.
    pub(crate) fn mem_ref(&self, addr: u64) -> &Memory {
        match self.region(addr) {
            Some(Region::Shared) => &self.eng.shared,
            Some(Region::Local | Region::Param) => &self.eng.private[self.lane],
            None => &self.mem,
        }
    }

    /// The memory an `ld`/`st` of state space `space` (`None`: generic)
    /// reaches at `addr`: in a launch of several threads, `.shared` is the
    /// CTA's and `.local` the thread's whatever the address; a generic
    /// address goes where it points ([`Self::mem_at`]).
    /// An address in the `.shared::cluster` window of a CTA of the
    /// cluster reaches that CTA's shared memory (docs/ENGINE.md
    /// "Clusters").
    pub(crate) fn mem_in(&self, space: Option<Space>, addr: u64) -> View<'_> {
        if let Some((r, a)) = self.window_of(space, addr) {
            let r = (r != self.eng.cluster.rank).then_some(r);
            return View {
                mem: self.shared_of(r),
                shift: addr - a,
            };
        }
        let mem = match (space, self.eng.multi) {
            (Some(Space::Shared), true) => &self.eng.shared,
            (Some(Space::Local), true) => &self.eng.private[self.lane],
            (Some(Space::Global), true) => &self.mem,
            _ => self.mem_ref(addr),
        };
        View { mem, shift: 0 }
    }

    /// [`Self::mem_in`] for writing.
    pub(crate) fn mem_in_mut(&mut self, space: Option<Space>, addr: u64) -> ViewMut<'_> {
        if let Some((r, a)) = self.window_of(space, addr) {
            let r = (r != self.eng.cluster.rank).then_some(r);
            return ViewMut {
                mem: self.shared_of_mut(r),
                shift: addr - a,
            };
        }
        let mem = match (space, self.eng.multi) {
            (Some(Space::Shared), true) => &mut self.eng.shared,
            (Some(Space::Local), true) => &mut self.eng.private[self.lane],
            (Some(Space::Global), true) => &mut self.mem,
            _ => self.mem_at(addr),
        };
        ViewMut { mem, shift: 0 }
    }

    /// The memory given before the run for `addr` (every CTA or thread
    /// starts from it).
    pub(crate) fn given_at(&mut self, addr: u64) -> &mut Memory {
        match self.region(addr) {
            Some(Region::Shared) => &mut self.eng.shared_given,
            Some(Region::Local | Region::Param) => &mut self.eng.private_given,
            None => &mut self.mem,
        }
    }

    /// How many bytes from `addr` on lie in its [`Self::region`] (at
    /// least 1; up to the next address where a region starts or ends,
    /// or the end of the address space).
    pub(crate) fn region_run(&self, addr: u64) -> u64 {
        // The first boundary past `addr`: the end of a range it is in, or
        // the start of one above it.
        let mut next = u64::MAX;
        let mut bound = |(s, e): (u64, u64)| {
            if s > addr {
                next = next.min(s);
            } else if addr < e {
                next = next.min(e);
            }
        };
        LOCAL_WINDOWS.into_iter().for_each(&mut bound);
        if let Some(w) = self.eng.cluster.windows() {
            bound(w);
        }
        let r = &self.eng.regions;
        let i = r.partition_point(|(s, _, _)| *s <= addr);
        if let Some(k) = i.checked_sub(1) {
            bound((r[k].0, r[k].1));
        }
        if let Some(&(s, e, _)) = r.get(i) {
            bound((s, e));
        }
        if next == u64::MAX {
            (u64::MAX - addr).saturating_add(1)
        } else {
            next - addr
        }
    }

    pub(crate) fn region(&self, addr: u64) -> Option<Region> {
        if LOCAL_WINDOWS.iter().any(|&(s, e)| (s..e).contains(&addr)) {
            return Some(Region::Local);
        }
        if self.eng.cluster.window(addr).is_some() {
            return Some(Region::Shared);
        }
        let r = &self.eng.regions;
        let i = r.partition_point(|(s, _, _)| *s <= addr);
        let (s, e, k) = *r.get(i.checked_sub(1)?)?;
        (addr >= s && addr < e).then_some(k)
    }

    /// Where the thread that runs is, for messages: `thread (x,y,z) of
    /// CTA (x,y,z)`.
    pub(crate) fn who(&self) -> String {
        let t = self.eng.threads.get(self.lane).map_or([0; 3], |t| t.tid);
        let grid = match (self.eng.cdp.depth, &self.out.entry) {
            (0, _) => String::new(),
            (d, Some(e)) => format!(" of a child grid of `{e}` (nested {d} deep)"),
            (d, None) => format!(" of a child grid (nested {d} deep)"),
        };
        format!("thread {} of CTA {}{grid}", xyz(t), xyz(self.eng.ctaid))
    }

    /// The special register `name` is (PTX ISA §10, `ptxfp_isa::sreg`),
    /// if it is one.
    pub(crate) fn special(&self, name: &str) -> Option<Special> {
        ptxfp_isa::sreg::special(name, self.version)
    }

    /// The value of special register `name` (`s`, [`Self::special`]) for
    /// the thread that runs, or why the model has none: an error at `at`
    /// that says to give it with `--set`.
    pub(crate) fn special_value(&self, name: &str, s: Special, at: &Span) -> Result<u64, RunError> {
        let i = s.dim;
        let l = &self.eng.launch;
        let t = self.eng.threads.get(self.lane);
        let tid = t.map_or([0; 3], |t| t.tid);
        let linear = self.lane as u64;
        let lane = linear % WARP_SIZE as u64;
        let nthreads = l.cta_threads();
        let clock64 = t.map_or(0, |t| t.steps);
        Ok(match s.reg {
            // §10.1 %tid: "A predefined, read-only, per-thread special register
            // initialized with the thread identifier within the CTA."
            Sreg::Tid => u64::from(tid[i]),
            // §10.2 %ntid: "the number of thread IDs in each CTA dimension".
            Sreg::Ntid => u64::from(l.block[i]),
            // §10.6 %ctaid: "the CTA identifier within a CTA grid".
            Sreg::Ctaid => u64::from(self.eng.ctaid[i]),
            // §10.7 %nctaid: "the number of CTA ids per grid dimension".
            Sreg::Nctaid => u64::from(l.grid[i]),
            // §10.3 %laneid: "the thread's lane within the warp".
            Sreg::Laneid => lane,
            // §10.4 %warpid: "the warp identifier"; here the warp's number in
            // the CTA (threads numbered x fastest, 32 to a warp).
            Sreg::Warpid => linear / WARP_SIZE as u64,
            // §10.5 %nwarpid: "the maximum number of warp identifiers"; here
            // the warps of the CTA.
            Sreg::Nwarpid => nthreads.div_ceil(WARP_SIZE as u64),
            Sreg::Smid => 0,
            Sreg::Nsmid => NSMID,
            // %gridid: "a temporal grid identifier": the grids that ran
            // before this one (0 for the host's launch; dynamic
            // parallelism's child grids count on).
            Sreg::Gridid => self.eng.cdp.grid_id,
            // %clock, %clock_hi, %clock64: "a predefined, read-only 32-bit
            // unsigned cycle counter"; here the instructions the thread ran.
            Sreg::Clock => clock64 & 0xffff_ffff,
            Sreg::ClockHi => clock64 >> 32,
            Sreg::Clock64 => clock64,
            // %globaltimer: "a 64-bit global nanosecond timer"; here
            // the thread-instructions of the whole run so far.
            Sreg::Globaltimer => self.eng.steps,
            Sreg::GlobaltimerLo => self.eng.steps & 0xffff_ffff,
            Sreg::GlobaltimerHi => self.eng.steps >> 32,
            // %lanemask_*: "a 32-bit mask with bits set in
            // positions equal to / less than ... the thread's lane number".
            Sreg::LanemaskEq => 1 << lane,
            Sreg::LanemaskLe => (2u64 << lane) - 1,
            Sreg::LanemaskLt => (1u64 << lane) - 1,
            Sreg::LanemaskGe => 0xffff_ffff & !((1u64 << lane) - 1),
            Sreg::LanemaskGt => 0xffff_ffff & !((2u64 << lane) - 1),
            Sreg::DynamicSmemSize => l.dynamic_shared,
            // docs/ENGINE.md "Clusters" (a cluster register read whole,
            // not by component, is not run).
            Sreg::Cluster => {
                let base = name.rsplit_once('.').map_or(name, |(b, _)| b);
                if s.whole {
                    return Err(RunError::Program(
                        Diagnostic::error(
                            at.clone(),
                            format!("`{name}` read whole (a `.v4 .u32`) is not run by the engine"),
                        )
                        .with_help(format!(
                            "read its components: `{name}.x`, `{name}.y`, `{name}.z`"
                        )),
                    ));
                }
                self.eng.cluster.register(base, i, self.eng.ctaid, l.grid)
            }
            // §10.34/§10.35 (PTX ISA 9.4): "Usage of this special register
            // is valid only inside entry functions that also specify
            // directive `.minperctamemory`". The slices lie one after the
            // other, "the pitch between consecutive CTA regions", in a
            // region of each grid's own (docs/ENGINE.md "Per-CTA global
            // memory").
            Sreg::PerCtaMemoryOffset | Sreg::PerCtaMemorySize => {
                let Some(size) = self.eng.per_cta else {
                    return Err(RunError::Program(
                        Diagnostic::error(
                            at.clone(),
                            format!("`{name}` is valid only in an entry function that specifies `.minperctamemory` (PTX ISA 10.34, 10.35)"),
                        )
                        .with_help("declare the per-CTA memory the kernel needs: `.entry k(...) .minperctamemory 4096 { ... }`"),
                    ));
                };
                if s.reg == Sreg::PerCtaMemorySize {
                    size
                } else {
                    let [x, y, _] = l.grid.map(u64::from);
                    let [cx, cy, cz] = self.eng.ctaid.map(u64::from);
                    let cta = cx + x * (cy + y * cz);
                    per_cta_base(self.eng.cdp.grid_id) + cta * size
                }
            }
            // The performance counters (their behavior undefined) and the
            // driver's environment registers read 0 (docs/ENGINE.md
            // "Special registers"); the engine runs no CUDA graph.
            Sreg::Pm(_) | Sreg::Pm64(_) | Sreg::Envreg(_) | Sreg::CurrentGraphExec => 0,
            // §10.30 %total_smem_size: "total size of shared memory
            // allocated (statically and dynamically, excluding the shared
            // memory reserved for the NVIDIA system software use)", "in
            // multiples of shared memory allocation unit size": 128 bytes
            // on sm_2x, 256 on sm_3x to sm_7x, 128 from sm_8x. Known where
            // the code has no static `.shared` variables (how ptxas packs
            // those is its own).
            Sreg::TotalSmemSize if !self.eng.static_shared => {
                let unit = if (30..80).contains(&self.exec.device.sm) {
                    256
                } else {
                    128
                };
                l.dynamic_shared.div_ceil(unit) * unit
            }
            // The driver's shared-memory bookkeeping: not modelled.
            Sreg::ReservedSmem | Sreg::TotalSmemSize | Sreg::AggrSmemSize => {
                return Err(RunError::Program(
                    Diagnostic::error(
                        at.clone(),
                        format!("`{name}` has no value in ptxfp's model: it is the driver's shared-memory allocation (the region NVIDIA's system software reserves, and how ptxas packs static `.shared` variables), which the engine does not model"),
                    )
                    .with_help(format!("give it with --set {name}=VALUE")),
                ));
            }
        })
    }

    /// Runs the launch: every CTA of the grid, one after the other, or
    /// with clusters of several CTAs every cluster, one after the other
    /// (src/cluster.rs).
    pub(crate) fn run_launch(&mut self) -> Result<(), RunError> {
        let l = self.eng.launch;
        // Every thread counts: a grid of billions of threads that run no
        // instruction must end too.
        let threads = u128::from(l.cta_threads()) * u128::from(l.ctas());
        if threads > u128::from(self.eng.max_steps) {
            return Err(RunError::Input(format!(
                "the launch has {threads} threads, more than --max-steps {} thread-instructions allow; raise --max-steps or launch fewer threads",
                self.eng.max_steps
            )));
        }
        let s = self.eng.cluster.shape;
        if l.cooperative {
            return self.run_cooperative();
        }
        if s != [1, 1, 1] {
            for z in (0..l.grid[2]).step_by(s[2] as usize) {
                for y in (0..l.grid[1]).step_by(s[1] as usize) {
                    for x in (0..l.grid[0]).step_by(s[0] as usize) {
                        self.run_cluster([x, y, z])?;
                        if self.eng.stopped {
                            return Ok(());
                        }
                    }
                }
            }
            return Ok(());
        }
        for z in 0..l.grid[2] {
            for y in 0..l.grid[1] {
                for x in 0..l.grid[0] {
                    self.eng.ctaid = [x, y, z];
                    self.begin_cluster(1);
                    self.run_cta()?;
                    if self.eng.stopped {
                        return Ok(());
                    }
                }
            }
        }
        Ok(())
    }

    /// Starts the CTA `self.eng.ctaid`: fresh registers (those given by
    /// `--set` keep their value), shared and local memory, threads at the
    /// function's first statement.
    fn start_cta(&mut self) {
        let n = self.nlanes;
        for r in &mut self.regs {
            r.vals.clear();
            r.vals.resize(n, r.given);
        }
        self.eng.shared = self.eng.shared_given.clone();
        self.eng.first_warp = 0;
        self.eng.arrivals.clear();
        self.eng.asyncs.reset();
        self.eng.private = vec![self.eng.private_given.clone(); n];
        let b = self.eng.launch.block;
        let (first, end) = self.eng.range;
        self.eng.threads = (0..n as u32)
            .map(|i| Thread {
                pc: first,
                end,
                state: State::Ready,
                frames: Vec::new(),
                tid: [i % b[0], i / b[0] % b[1], i / (b[0] * b[1])],
                steps: 0,
                red: None,
                cc: false,
                depth: 0,
                sp: crate::stack::STACK_TOP,
                last_error: 0,
                trips: (usize::MAX, 0, 0),
            })
            .collect();
        for lane in 0..n {
            // At the start, no thread is in a call: nothing can fail.
            let _ = self.settle(lane);
        }
    }

    /// Runs a cooperative launch: every cluster of the grid started (a
    /// CTA, in a launch without clusters), then each CTA in turn, cluster
    /// by cluster in `%ctaid` order (x fastest) and in a cluster by rank,
    /// for at most [`CTA_SLICE`] thread-instructions per thread or until
    /// none of its threads can run, round after round, until all have
    /// exited. A round in which no CTA ran an instruction or opened a
    /// barrier is a deadlock, reported for the first CTA that has not
    /// exited.
    fn run_cooperative(&mut self) -> Result<(), RunError> {
        let g = self.eng.launch.grid;
        let s = self.eng.cluster.shape;
        let size = self.eng.cluster.size();
        let mut units: Vec<cluster::Unit> = Vec::new();
        for z in (0..g[2]).step_by(s[2] as usize) {
            for y in (0..g[1]).step_by(s[1] as usize) {
                for x in (0..g[0]).step_by(s[0] as usize) {
                    self.begin_cluster(size);
                    for r in 0..size {
                        self.enter(r);
                        let r = r as u32;
                        self.eng.ctaid = [x + r % s[0], y + r / s[0] % s[1], z + r / (s[0] * s[1])];
                        self.start_cta();
                    }
                    let mut u = cluster::Unit::new(&self.eng.cluster, size);
                    self.swap_unit(&mut u);
                    units.push(u);
                }
            }
        }
        loop {
            let before = self.eng.steps;
            let mut moved = false;
            for u in units.iter_mut().filter(|u| !u.finished()) {
                self.swap_unit(u);
                for r in 0..size {
                    if u.done[r] {
                        continue;
                    }
                    self.enter(r);
                    self.eng.turn_ends = self
                        .eng
                        .steps
                        .saturating_add(CTA_SLICE * self.nlanes as u64);
                    let p = self.run_warps().and_then(|()| {
                        if self.eng.stopped {
                            return Ok(Progress::Done);
                        }
                        self.open_barriers(false)
                    });
                    self.eng.turn_ends = u64::MAX;
                    match p? {
                        Progress::Done => {
                            u.done[r] = true;
                            self.keep_shown();
                            if self.eng.stopped {
                                return Ok(());
                            }
                            if let Some(e) = self.tmem_leaked() {
                                return Err(e);
                            }
                        }
                        Progress::Run => moved = true,
                        Progress::Stuck => {}
                    }
                }
                self.swap_unit(u);
            }
            let Some(u) = units.iter_mut().find(|u| !u.finished()) else {
                return Ok(());
            };
            if !moved && self.eng.steps == before {
                self.swap_unit(u);
                let r = u.done.iter().position(|d| !d).unwrap_or(0);
                self.enter(r);
                self.open_barriers(true)?;
                return Err(RunError::Input(
                    "internal: a cooperative grid neither runs nor deadlocks".into(),
                ));
            }
        }
    }

    /// Runs one CTA to its end.
    fn run_cta(&mut self) -> Result<(), RunError> {
        self.start_cta();
        loop {
            self.run_warps()?;
            if self.eng.stopped {
                self.keep_shown();
                return Ok(());
            }
            if self.open_barriers(true)? == Progress::Done {
                self.keep_shown();
                if let Some(e) = self.tmem_leaked() {
                    return Err(e);
                }
                return Ok(());
            }
        }
    }

    /// Runs the warps of the CTA in turns until none of their threads can
    /// run (or a failed `assert()` stopped the run): each warp in turn
    /// for at most [`WARP_SLICE`] instructions, round after round, so that
    /// a warp that spins on a flag another warp sets lets that warp run
    /// (docs/ENGINE.md "Scheduling between warps and CTAs").
    fn run_warps(&mut self) -> Result<(), RunError> {
        let warps = self.nlanes.div_ceil(WARP_SIZE);
        // sm_70 and later: independent thread scheduling (docs/ENGINE.md
        // "Forward progress in a warp").
        let its = self.exec.code_target.sm >= 70;
        loop {
            let mut ran = false;
            let first = self.eng.first_warp;
            for w in (first..warps).chain(0..first) {
                let mut lanes = [0usize; WARP_SIZE];
                let mut left = WARP_SLICE;
                let mut apart = 0u32;
                let mut next = self.pick(w, &mut lanes);
                while let Some((pc, n, all)) = next {
                    ran = true;
                    self.memory_budget(pc, lanes[0])?;
                    let r = self.run_warp(pc, &lanes[..n])?;
                    self.exited_members(&lanes[..n])?;
                    // A failed `assert()` (a call, never `Ran::To`) stops
                    // every thread; a cooperative CTA's turn ends, the
                    // next warp first in its next turn.
                    if self.eng.stopped || self.eng.steps >= self.eng.turn_ends {
                        self.eng.first_warp = (w + 1) % warps;
                        return Ok(());
                    }
                    if warps > 1 {
                        left -= 1;
                        if left == 0 {
                            break;
                        }
                    }
                    apart = if all || !its { 0 } else { apart + 1 };
                    if apart >= ITS_SLICE {
                        apart = 0;
                        if self.run_ahead(w)? {
                            return Ok(());
                        }
                        next = self.pick(w, &mut lanes);
                        continue;
                    }
                    next = match r {
                        // The warp's ready threads all ran and all went on
                        // to `to`, none changed state: they are the next
                        // pick, without looking at the warp again.
                        Ran::To(to) if all => Some((to, n, true)),
                        _ => self.pick(w, &mut lanes),
                    };
                }
            }
            if !ran || warps == 1 {
                return Ok(());
            }
        }
    }

    /// Independent thread scheduling (sm_70 on): after [`ITS_SLICE`]
    /// instructions in a row of warp `w`'s lowest-statement threads while
    /// others of the warp wait further on, the first group
    /// further on that is not at a warp-synchronous instruction runs, for
    /// at most [`ITS_SLICE`] instructions, or until it reaches one (which
    /// the warp's threads must reach together) or can run no more. True
    /// when a failed `assert()` stopped the run.
    fn run_ahead(&mut self, w: usize) -> Result<bool, RunError> {
        let lanes = w * WARP_SIZE..((w + 1) * WARP_SIZE).min(self.nlanes);
        let ready = self.eng.threads[lanes.clone()]
            .iter()
            .filter(|t| t.state == State::Ready);
        let Some(low) = ready.clone().map(|t| t.pc).min() else {
            return Ok(false);
        };
        let mut pcs: Vec<usize> = ready.map(|t| t.pc).filter(|&pc| pc > low).collect();
        pcs.sort_unstable();
        pcs.dedup();
        let Some(&from) = pcs.iter().find(|&&pc| !self.warp_synchronous(pc)) else {
            return Ok(false);
        };
        let mut group = 0u32;
        for (i, t) in lanes.clone().zip(&self.eng.threads[lanes.clone()]) {
            if t.state == State::Ready && t.pc == from {
                group |= 1 << (i % WARP_SIZE);
            }
        }
        let mut at = [0usize; WARP_SIZE];
        for _ in 0..ITS_SLICE {
            // The group's threads at their lowest statement.
            let ready = |i: usize| {
                let t = &self.eng.threads[i];
                group & (1 << (i % WARP_SIZE)) != 0 && t.state == State::Ready
            };
            let Some(pc) = lanes
                .clone()
                .filter(|&i| ready(i))
                .map(|i| self.eng.threads[i].pc)
                .min()
            else {
                break;
            };
            if self.warp_synchronous(pc) {
                break;
            }
            let mut n = 0;
            for i in lanes.clone() {
                if ready(i) && self.eng.threads[i].pc == pc {
                    at[n] = i;
                    n += 1;
                }
            }
            self.memory_budget(pc, at[0])?;
            self.run_warp(pc, &at[..n])?;
            self.exited_members(&at[..n])?;
            if self.eng.stopped {
                return Ok(true);
            }
        }
        Ok(false)
    }

    /// Whether statement `pc` is one the threads of a warp run together
    /// (PTX ISA: `.sync` and `.aligned` instructions, barriers, the warp
    /// collectives): a group of the warp that runs ahead stops before it.
    fn warp_synchronous(&self, pc: usize) -> bool {
        let Some(Stmt::Instr(ins)) = self.module.stmt(pc) else {
            return true;
        };
        let k = self.op_of[pc];
        if k == NOT_AN_INSTR {
            return true;
        }
        let warp_op = matches!(&self.decoded[k as usize].op, Op::Control(c) if c.is_warp());
        warp_op
            || ins.opcode.starts_with("bar")
            || ins.opcode.split('.').any(|m| m == "sync" || m == "aligned")
    }

    /// The run's memory within [`Options::max_memory`] before thread
    /// `lane` runs statement `pc`; past it, the error that names them (a
    /// loop that stores to ever new addresses would otherwise take the
    /// host's memory).
    fn memory_budget(&mut self, pc: usize, lane: usize) -> Result<(), RunError> {
        let held = crate::memory::live_bytes().saturating_sub(self.eng.memory_before);
        if held <= self.eng.max_memory {
            return Ok(());
        }
        self.lane = lane;
        Err(RunError::Program(
            Diagnostic::error(
                self.stmt_span(pc),
                format!(
                    "the run's memory reached --max-memory {} bytes ({held} bytes of the host's for the bytes given or written: {} bytes a {}-byte page, {} in a range of {} or more given at once): {} was about to run this line",
                    self.eng.max_memory,
                    crate::memory::PAGE_COST,
                    crate::memory::PAGE,
                    crate::memory::BLOCK_PAGE_COST,
                    crate::memory::BLOCK_MIN,
                    self.who()
                ),
            )
            .with_help("raise the limit with --max-memory BYTES, or look for a loop that stores to ever new addresses"),
        ))
    }

    /// The registers of the thread `--thread` chose, as its CTA ended.
    fn keep_shown(&mut self) {
        if let Some((c, t)) = self.opts.thread {
            let b = self.eng.launch.block;
            let lane = (t[0] + b[0] * (t[1] + b[1] * t[2])) as usize;
            if c == self.eng.ctaid && lane < self.nlanes {
                self.eng.shown = Some(self.regs.iter().map(|r| r.vals[lane]).collect());
            }
        }
    }

    /// The threads of warp `w` that run next: those ready at the lowest
    /// statement (docs/ENGINE.md "Why this model: lock step with min-PC
    /// reconvergence").
    /// (Into `at`, without allocating: the statement, how many threads, and
    /// whether they are all the warp's ready threads.)
    fn pick(&self, w: usize, at: &mut [usize; WARP_SIZE]) -> Option<(usize, usize, bool)> {
        let lanes = w * WARP_SIZE..((w + 1) * WARP_SIZE).min(self.nlanes);
        let threads = &self.eng.threads[lanes.clone()];
        let pc = threads
            .iter()
            .filter(|t| t.state == State::Ready)
            .map(|t| t.pc)
            .min()?;
        let mut n = 0;
        let mut ready = 0;
        for (i, t) in lanes.zip(threads) {
            if t.state == State::Ready {
                ready += 1;
                if t.pc == pc {
                    at[n] = i;
                    n += 1;
                }
            }
        }
        Some((pc, n, n == ready))
    }

    /// When no thread can run: opens the barriers every participant has
    /// reached (`Run`: some did, run on), or finds the CTA done, or fails
    /// with a deadlock (`report`; otherwise `Stuck`: in a cluster, another
    /// CTA may still release it).
    fn open_barriers(&mut self, report: bool) -> Result<Progress, RunError> {
        let live = self
            .eng
            .threads
            .iter()
            .filter(|t| t.state != State::Done)
            .count();
        if live == 0 {
            return Ok(Progress::Done);
        }
        // Threads an mbarrier woke run on.
        if self.eng.threads.iter().any(|t| t.state == State::Ready) {
            return Ok(Progress::Run);
        }
        // Members of a warp collective whose missing members exited.
        if self.meet_all()? {
            return Ok(Progress::Run);
        }
        // A grid-wide barrier that completed releases its threads.
        let gen = self.eng.grid_gen;
        let woke: Vec<usize> = (0..self.eng.threads.len())
            .filter(
                |&l| matches!(self.eng.threads[l].state, State::GridSync { gen: g, .. } if g < gen),
            )
            .collect();
        for &lane in &woke {
            self.eng.threads[lane].state = State::Ready;
            self.lane = lane;
            self.settle(lane).map_err(|e| self.in_thread(e))?;
        }
        if !woke.is_empty() {
            return Ok(Progress::Run);
        }
        // Per barrier id: the threads waiting, and the count they wait for.
        let mut waiting: BTreeMap<u32, (usize, Option<u32>, usize)> = BTreeMap::new();
        for t in &self.eng.threads {
            if let State::Barrier { id, count, at } = t.state {
                let e = waiting.entry(id).or_insert((0, count, at));
                e.0 += 1;
            }
        }
        let mut opened = false;
        for (&id, &(n, count, _)) in &waiting {
            // barrier{.cta}: "If no thread count is specified, all threads in
            // the CTA participate in the barrier"; exit: "If the exiting
            // threads are holding up the barrier, the barrier is released."
            let need = count.map_or(live, |c| c as usize);
            if n + self.eng.arrivals.get(&id).copied().unwrap_or(0) >= need {
                opened = true;
                self.eng.arrivals.remove(&id);
                let mut reds = Vec::new();
                let mut released = Vec::new();
                for (lane, t) in self.eng.threads.iter_mut().enumerate() {
                    if let State::Barrier { id: i, at, .. } = t.state {
                        if i == id {
                            t.state = State::Ready;
                            released.push(lane);
                            if let Some(p) = t.red.take() {
                                reds.push((lane, at, p));
                            }
                        }
                    }
                }
                if !reds.is_empty() {
                    self.reduce(&reds)?;
                }
                for lane in released {
                    self.lane = lane;
                    self.settle(lane).map_err(|e| self.in_thread(e))?;
                }
            }
        }
        if opened || self.async_idle(report)? {
            return Ok(Progress::Run);
        }
        if !report {
            return Ok(Progress::Stuck);
        }
        // Nothing runs and no barrier opens: a deadlock.
        if let Some(e) = self.wgmma_stuck() {
            return Err(e);
        }
        if let Some(e) = self.grid_sync_stuck() {
            return Err(e);
        }
        if let Some(e) = self.meet_stuck() {
            return Err(e);
        }
        let (&id, &(n, count, at)) = waiting.iter().next().ok_or_else(|| {
            RunError::Input("internal: threads neither run, wait nor exited".into())
        })?;
        let need = count.map_or(live, |c| c as usize);
        let n = n + self.eng.arrivals.get(&id).copied().unwrap_or(0);
        let lane = self
            .eng
            .threads
            .iter()
            .position(|t| matches!(t.state, State::Barrier { id: i, .. } if i == id))
            .unwrap_or(0);
        self.lane = lane;
        let span = self.stmt_span(at);
        let elsewhere: Vec<String> = waiting
            .iter()
            .filter(|(i, _)| **i != id)
            .map(|(i, (k, _, a))| {
                let (l, c) = self.line_col(Some(&self.stmt_span(*a)));
                format!("{k} thread(s) wait at barrier {i} ({l}:{c})")
            })
            .collect();
        let others = if elsewhere.is_empty() {
            String::new()
        } else {
            format!("; {}", elsewhere.join("; "))
        };
        Err(RunError::Program(
            Diagnostic::error(
                span,
                format!(
                    "deadlock: barrier {id} waits for {need} threads but only {n} of the CTA's {live} running threads reach it ({} is one){others}",
                    self.who()
                ),
            )
            .with_help("every thread of the CTA (or the count given to `bar.sync`) must reach the same barrier; a barrier in a branch some threads skip never completes"),
        ))
    }

    /// The labels of `name: .branchtargets L0, L1, ...;` in the function
    /// of `scope` (the parser keeps the label; the list is read from the
    /// text after it).
    fn branch_targets(
        &mut self,
        scope: usize,
        name: &str,
        block: usize,
    ) -> Option<std::rc::Rc<[String]>> {
        let at = self.label(scope, name, block)?;
        if let Some(l) = self.branch_lists.get(&at) {
            return Some(l.clone());
        }
        let list = self.label_directive(scope, name, block, ".branchtargets")?;
        let names: std::rc::Rc<[String]> = list.split(',').map(|l| l.trim().to_string()).collect();
        if names.iter().any(|n| n.is_empty()) {
            return None;
        }
        self.branch_lists.insert(at, names.clone());
        Some(names)
    }

    /// The text between `directive` and its `;` where the label `name` of
    /// the function of `scope` (the one `block` sees) is followed by it
    /// (`name: .calltargets f, g;`): the parser keeps the label, the engine
    /// reads what follows.
    fn label_directive(
        &self,
        scope: usize,
        name: &str,
        block: usize,
        directive: &str,
    ) -> Option<&str> {
        let at = self.label(scope, name, block)?;
        let Some(Stmt::Label(_, span, _)) = self.module.stmt(at) else {
            return None;
        };
        let rest = self.module.source().get(span.end..)?;
        let rest = rest.trim_start().strip_prefix(':')?.trim_start();
        let list = rest.strip_prefix(directive)?;
        Some(&list[..list.find(';')?])
    }

    /// The function an indirect call `call (r), fptr, (a), flist;` reaches.
    /// PTX ISA `call`: "for indirect calls, the called location `fptr` must
    /// be an address of a function held in a register" (here one `mov.u64
    /// r, f;` took); "Indirect calls require an additional operand, `flist`
    /// or `fproto`": for a `.calltargets` label, "the fptr register holds
    /// the address of a function listed in the call table or `.calltargets`
    /// list" (another is an error); for a `.callprototype` label, "If a
    /// function that doesn't match the prototype is called, the behavior is
    /// undefined" (an error where the parameter counts differ). A call
    /// table (an array of function names as `flist`) is not supported.
    fn indirect_callee(
        &mut self,
        ins: &Instr,
        fop: &Operand,
        list: Option<&Operand>,
        counts: (usize, usize),
    ) -> Result<usize, RunError> {
        let OperandKind::Name(fptr) = fop.kind else {
            return Err(err(
                fop.span.clone(),
                "expected the called function or a register",
            ));
        };
        let ty = self.find(fptr).map_or(PtxType::U64, |i| self.regs[i].ty);
        let v = self.read(fop, ty)?;
        let m = self.module;
        let callee = function_at(m, v).filter(|(_, f)| !f.entry).map(|(i, _)| i);
        let Some(callee) = callee else {
            return Err(RunError::Program(
                Diagnostic::error(
                    fop.span.clone(),
                    format!("`call {fptr}`: `{fptr}` holds {v:#x}, which is not the address of a .func with a body"),
                )
                .with_help("take a function's address with `mov.u64 r, f;`"),
            ));
        };
        let fname = &m.functions[callee].name;
        let Some(Operand {
            kind: OperandKind::Name(l),
            span,
        }) = list
        else {
            return Err(err(
                ins.span.clone(),
                format!("an indirect `call` through `{fptr}` ends with a `.callprototype` or `.calltargets` label: `call (r), {fptr}, (a), proto;`"),
            ));
        };
        if let Some(targets) = self.label_directive(ins.scope, l, ins.block, ".calltargets") {
            if !targets.split(',').any(|t| t.trim() == fname) {
                return Err(err(
                    span.clone(),
                    format!("`call {fptr}`: `{fptr}` holds the address of `{fname}`, which `{l}: .calltargets{targets};` does not list"),
                ));
            }
        } else if let Some(proto) = self.label_directive(ins.scope, l, ins.block, ".callprototype")
        {
            // `.callprototype {(ret-params)} _ {(params)}`: the counts of
            // each list must be those of the function called.
            let (rets, params) = proto.split_once(" _").unwrap_or(("", proto));
            let count = |t: &str| t.matches(".param").count() + t.matches(".reg").count();
            let f = &m.functions[callee];
            if (count(rets), count(params)) != (f.returns.len(), f.params.len())
                || counts != (f.returns.len(), f.params.len())
            {
                return Err(err(
                    span.clone(),
                    format!(
                        "`call {fptr}`: `{fname}` returns {} and takes {}; the prototype `{l}` says {} and {}, the call passes {} and {}",
                        f.returns.len(),
                        f.params.len(),
                        count(rets),
                        count(params),
                        counts.0,
                        counts.1
                    ),
                ));
            }
        } else if let Some((addr, size, _, ety)) = self.var(l) {
            // A call table: PTX ISA `call`: "flist [...] the fptr register
            // holds the address of a function listed in the call table";
            // an array initialized with function names (§5.4.4: "this can
            // be used to initialize a table of function pointers to be used
            // with indirect calls").
            let w = u64::from(ety.bits().max(8) / 8).clamp(1, 8);
            let entries = size / w;
            let listed = (0..entries.min(1 << 20)).any(|k| {
                let b = self.bytes(addr + k * w, w);
                bytes_value(&b, (w * 8) as u32) == Some(v & mask((w * 8) as u32))
            });
            if !listed {
                return Err(err(
                    span.clone(),
                    format!("`call {fptr}`: `{fptr}` holds the address of `{fname}`, which the call table `{l}` does not list"),
                ));
            }
        } else {
            return Err(err(
                span.clone(),
                format!("`{l}` is not a `{l}: .callprototype ...;` or `{l}: .calltargets ...;` label of this function, nor a call table (an array of function names)"),
            ));
        }
        Ok(callee)
    }

    /// `bar.red` opened: each waiting thread (`lane`, its `bar.red`
    /// statement, its predicate) gets the reduction over all of them.
    /// PTX ISA `barrier`: "bar.red performs a reduction operation across
    /// threads": ".popc" counts the threads whose predicate is true,
    /// ".and"/".or" combine the predicates.
    fn reduce(&mut self, reds: &[(usize, usize, bool)]) -> Result<(), RunError> {
        let ones = reds.iter().filter(|r| r.2).count() as u64;
        let all = ones == reds.len() as u64;
        for &(lane, at, _) in reds {
            let Some(Stmt::Instr(ins)) = self.module.stmt(at) else {
                continue;
            };
            let Op::Control(Control::BarRed(op)) = self.decoded[self.op_of[at] as usize].op else {
                continue;
            };
            let (v, ty) = match op {
                BarRed::Popc => (ones, PtxType::U32),
                BarRed::And => (u64::from(all), PtxType::Pred),
                BarRed::Or => (u64::from(ones > 0), PtxType::Pred),
            };
            self.lane = lane;
            self.eng.stmt = at;
            self.block = ins.block;
            self.scope = ins.scope;
            if let Some(d) = ins.operands.first() {
                self.write(d, ty, v).map_err(|e| self.in_thread(e))?;
            }
        }
        Ok(())
    }

    /// Statement `i`'s span.
    pub(crate) fn stmt_span(&self, i: usize) -> Span {
        self.module.stmt(i).map_or(0..0, |s| match s {
            Stmt::Instr(i) => i.span,
            Stmt::Label(_, sp, _) => sp,
        })
    }

    /// Moves thread `lane` past labels to its next instruction; at the end
    /// of its function, returns from it (the entry's end: the thread exits).
    fn settle(&mut self, lane: usize) -> Result<(), RunError> {
        loop {
            let t = &mut self.eng.threads[lane];
            // A thread at a barrier moves on when it opens.
            if t.state != State::Ready {
                return Ok(());
            }
            while t.pc < t.end && self.op_of.get(t.pc) == Some(&NOT_AN_INSTR) {
                t.pc += 1;
            }
            if t.pc < t.end {
                return Ok(());
            }
            // The end of a function without `ret`: it returns.
            if t.frames.is_empty() {
                t.state = State::Done;
                return Ok(());
            }
            self.lane = lane;
            self.ret(lane)?;
        }
    }

    /// Runs statement `pc` for the threads `lanes` of one warp.
    fn run_warp(&mut self, pc: usize, lanes: &[usize]) -> Result<Ran, RunError> {
        // A statement run before: its fast form, without building its view.
        // The table is lent out while its op runs (a FastOp is a few
        // hundred bytes: copying it out cost a twentieth of a run of
        // one-thread CTAs); nothing on the fast path reads the table.
        let table = std::mem::take(&mut self.eng.fast);
        let ran = match table.get(pc % FAST_SLOTS) {
            Some(Some((tag, Some(f)))) if *tag == pc => self.fast_run(pc, f, lanes),
            _ => Ok(Ran::No),
        };
        self.eng.fast = table;
        if ran.as_ref().map_or(true, |r| *r != Ran::No) {
            return ran;
        }
        let m = self.module;
        let Some(Stmt::Instr(ins)) = m.stmt(pc) else {
            return Err(RunError::Input("internal: a thread at a label".into()));
        };
        let k = self.op_of[pc] as usize;
        let decoded = std::rc::Rc::clone(&self.decoded);
        let op = &decoded[k].op;
        let plan = self.plans[k];
        let ctl = match op {
            Op::Control(c) => Some(*c),
            _ => None,
        };
        self.scope = ins.scope;
        self.eng.stmt = pc;
        self.block = ins.block;
        if self.eng.fast_ok && ctl.is_none() {
            let f = self.fast_op(&ins, op, k);
            let slot = pc % FAST_SLOTS;
            self.eng.fast[slot] = Some((pc, f));
            if let Some(f) = f {
                let ran = self.fast_run(pc, &f, lanes)?;
                if ran != Ran::No {
                    return Ok(ran);
                }
            }
        }
        // The warp instructions, and `bar.warp.sync`, whose members meet
        // on sm_70 and later (src/collective.rs).
        if let Some(ctl) = ctl.filter(|c| c.is_warp() || *c == Control::WarpSync) {
            for &lane in lanes {
                self.lane = lane;
                self.count_step(&ins)?;
            }
            self.scope = ins.scope;
            self.eng.stmt = pc;
            self.block = ins.block;
            self.lane = lanes[0];
            self.warp_op(&ins, ctl, lanes)
                .map_err(|e| self.in_thread(e))?;
            let mut waits = false;
            for &lane in lanes {
                self.eng.threads[lane].pc = pc + 1;
                waits |= matches!(self.eng.threads[lane].state, State::Meet { .. });
                self.settle(lane).map_err(|e| self.in_thread(e))?;
            }
            if waits {
                self.try_meet(lanes[0] / WARP_SIZE)?;
            }
            return Ok(Ran::Spread);
        }
        for &lane in lanes {
            self.lane = lane;
            self.scope = ins.scope;
            self.eng.stmt = pc;
            self.count_step(&ins)?;
            let flow = self.step(&ins, op, plan).map_err(|e| self.in_thread(e))?;
            self.apply(lane, pc, &ins, flow)
                .map_err(|e| self.in_thread(e))?;
            self.settle(lane).map_err(|e| self.in_thread(e))?;
        }
        Ok(Ran::Spread)
    }

    /// The common case at warp speed: an instruction that computes (an
    /// arithmetic form, integer op, `cvt`, `setp` into one predicate,
    /// `mov`) from registers and constants into one register, with no
    /// trace, `--contract` or `--lenient`: its operands resolved and
    /// checked once ([`FastOp`], kept per statement, with its batch
    /// plan's register widths), then [`Self::fast_run`] runs it for a
    /// warp's active lanes in one model call. `None`: the general way runs
    /// it (the same bits, and the errors).
    fn fast_op(&self, ins: &Instr, op: &Op, k: usize) -> Option<FastOp> {
        let guard = match &ins.guard {
            Some(g) => match self.find(g.reg) {
                Some(i) if PtxType::Pred.accepts_register(self.regs[i].ty) => Some((i, g.negated)),
                _ => return None,
            },
            None => None,
        };
        if *op == Op::Bra {
            // `bra L`, its label resolved once.
            let [Operand {
                kind: OperandKind::Name(l),
                ..
            }] = &ins.operands[..]
            else {
                return None;
            };
            let target = self.label(ins.scope, l, ins.block)?;
            return Some(FastOp {
                target: Some(target),
                ..FastOp::bare(k, guard)
            });
        }
        if let Op::Ld(m) | Op::St(m) = op {
            let mem = self.fast_mem_op(ins, m, matches!(op, Op::Ld(_)))?;
            return Some(FastOp {
                mem: Some(mem),
                ..FastOp::bare(k, guard)
            });
        }
        // Every op with one destination that computes through the model
        // (not the carry chain, whose flag the general way keeps).
        let computes = matches!(op, Op::Form(_) | Op::Mov(Some(_)))
            || op
                .signature()
                .is_some_and(|s| s.dsts.len() == 1 && !s.carry.reads && !s.carry.writes);
        let types = op.operand_types().filter(|_| computes)?;
        if ins.operands.len() != types.len() || types.len() > 4 {
            return None;
        }
        let reg_of = |o: &Operand, ty: PtxType| match &o.kind {
            OperandKind::Name(n) => self
                .find(n)
                .filter(|&i| ty.accepts_register(self.regs[i].ty))
                .map(Src::Reg),
            OperandKind::Imm(t) => ptxfp_isa::literal::parse_imm(t, ty).ok().map(Src::Imm),
            _ => None,
        };
        let Some(Src::Reg(dest)) = reg_of(&ins.operands[0], types[0]) else {
            return None;
        };
        let mut srcs = [Src::Imm(0); 3];
        let mut tys = [PtxType::B32; 3];
        for (n, (o, ty)) in ins.operands[1..].iter().zip(&types[1..]).enumerate() {
            srcs[n] = reg_of(o, *ty)?;
            tys[n] = *ty;
        }
        let dty = types[0];
        let mut widths = [0u8; 4];
        if let Some(p) = self.batch[k] {
            let (ws, wd) = p.widths();
            if ws.len() != types.len() - 1 {
                // Not the operands the plan reads: the per-lane way.
                return None;
            }
            for (w, b) in widths.iter_mut().zip(ws) {
                *w = b as u8;
            }
            widths[3] = wd as u8;
        }
        Some(FastOp {
            k,
            dest,
            dty,
            keep: mask(self.regs[dest].ty.bits().max(dty.bits())),
            n: types.len() - 1,
            srcs,
            tys,
            guard,
            target: None,
            widths,
            mem: None,
        })
    }

    /// The running thread's carry flag.
    pub(crate) fn carry(&self) -> bool {
        self.eng.threads.get(self.lane).is_some_and(|t| t.cc)
    }

    /// Sets the running thread's carry flag.
    pub(crate) fn set_carry(&mut self, cc: bool) {
        if let Some(t) = self.eng.threads.get_mut(self.lane) {
            t.cc = cc;
        }
    }

    /// Runs `f` (statement `pc`) for the threads `lanes` of one warp, as
    /// one batch: the guard and the sources of every lane are read first
    /// (the active lanes' values gathered into contiguous buffers), the
    /// model computes them all in one call (a form's batch [`Plan`], else
    /// [`ptxfp_model::batch::compute_columns`]), and the results are
    /// scattered back into the destination column. False, with nothing
    /// run, where a value it reads is missing in a thread, or where the
    /// step limit falls inside the warp: the general way then runs it (and
    /// says which thread, with the same bits where it runs).
    fn fast_run(&mut self, pc: usize, f: &FastOp, lanes: &[usize]) -> Result<Ran, RunError> {
        // The buffers are kept between calls: clearing them for every
        // instruction cost a third of a run of one-thread CTAs.
        let mut sc = self.eng.scratch.take().unwrap_or_default();
        let ran = self.fast_run_in(pc, f, lanes, &mut sc);
        self.eng.scratch = Some(sc);
        ran
    }

    /// [`Self::fast_run`] with its buffers.
    fn fast_run_in(
        &mut self,
        pc: usize,
        f: &FastOp,
        lanes: &[usize],
        sc: &mut Scratch,
    ) -> Result<Ran, RunError> {
        // The whole warp's steps are counted at once; a limit that falls
        // inside it is the general way's to report, lane by lane.
        if self.eng.steps + lanes.len() as u64 > self.eng.step_limit {
            return Ok(Ran::No);
        }
        if let Some(m) = &f.mem {
            return self.fast_mem(pc, f.guard, m, lanes, sc);
        }
        let Scratch {
            on, act, src, out, ..
        } = sc;
        let mut na = 0;
        for (i, &lane) in lanes.iter().enumerate() {
            let run = match f.guard {
                Some((g, negated)) => match self.regs[g].vals[lane] {
                    Some(v) => (v & 1 == 1) != negated,
                    None => return Ok(Ran::No),
                },
                None => true,
            };
            // Every lane's sources must hold a value, guarded off or not
            // (as the general way requires).
            for (k, s) in f.srcs[..f.n].iter().enumerate() {
                src[k][na] = match *s {
                    Src::Reg(r) => match self.regs[r].vals[lane] {
                        Some(v) => v,
                        None => return Ok(Ran::No),
                    },
                    Src::Imm(v) => v,
                };
            }
            on[i] = run;
            if run {
                act[na] = lane;
                na += 1;
            }
        }
        // Each thread's own count (`%clock`) is added as it moves on
        // (`go_all`, or below), in the same pass over the threads.
        self.eng.steps += lanes.len() as u64;
        if let Some(target) = f.target {
            // PTX ISA `bra`: "Continue execution at the target"; a false
            // guard goes on to the next instruction.
            if na > 0 && self.loops_forever(target, pc) {
                return Err(self.endless(target, pc));
            }
            if let Some(s) = self.settles_after(target, pc) {
                for &lane in &act[..na] {
                    self.count_trip(lane, pc, s)?;
                }
            }
            if na == lanes.len() {
                return self.go_all(lanes, target + 1);
            }
            if na == 0 {
                return self.go_all(lanes, pc + 1);
            }
            for (i, &lane) in lanes.iter().enumerate() {
                self.eng.threads[lane].steps += 1;
                self.go(lane, if on[i] { target + 1 } else { pc + 1 })?;
            }
            return Ok(Ran::Spread);
        }
        if na > 0 {
            self.fast_eval(f, src, &mut out[..na]);
            let d = &mut self.regs[f.dest];
            for (&lane, r) in act[..na].iter().zip(out.iter()) {
                d.vals[lane] = Some(r & f.keep);
            }
            d.shown = if f.dty.is_bits() { d.ty } else { f.dty };
            d.written = true;
        }
        self.go_all(lanes, pc + 1)
    }

    /// The [`FastMem`] of `ld`/`st` `ins` (PTX ISA 9.7.9.8 and 9.7.9.10),
    /// or `None` where the general way ([`Machine::ldst`]) runs it: a
    /// 256-bit or `.b128` access, a cache-policy operand, a `_` sink, a
    /// `.local` variable of a function (its address depends on the call),
    /// an operand the general way would refuse (a variable of another
    /// space, a register of a type it does not accept), a constant that
    /// does not fit.
    fn fast_mem_op(&self, ins: &Instr, m: &Mem, is_ld: bool) -> Option<FastMem> {
        let ty = m.ty?;
        let count = usize::from(m.lanes);
        if ptxfp_isa::control::is_b128(ins.opcode)
            || ty == PtxType::Pred
            || ins.operands.len() != 2
            || !matches!(count, 1 | 2 | 4)
            || (count == 4 && ty.bits() == 64)
            || (!is_ld && m.space == Some(Space::Const))
        {
            return None;
        }
        let (data, addr) = if is_ld {
            (&ins.operands[0], &ins.operands[1])
        } else {
            (&ins.operands[1], &ins.operands[0])
        };
        let OperandKind::Address { base, offset, .. } = &addr.kind else {
            return None;
        };
        let offset = *offset as u64;
        let (base, disp) = match base {
            None => (None, offset),
            Some(n) => match self.find(n) {
                // `Machine::address`: a 32-bit register read as `.b32`,
                // any other as `.b64`.
                Some(i) => {
                    let rty = self.regs[i].ty;
                    let as_ty = if rty.bits() == 32 {
                        PtxType::B32
                    } else {
                        PtxType::B64
                    };
                    as_ty.accepts_register(rty).then_some((Some(i), offset))?
                }
                None => {
                    let (at, _, vsp, _) = self.var(n)?;
                    if vsp == Space::Local || m.space.is_some_and(|sp| sp != vsp) {
                        return None;
                    }
                    (None, at.wrapping_add(offset))
                }
            },
        };
        let elems = match (&data.kind, count) {
            (OperandKind::Vector(v), c) if v.len() == c => &v[..],
            (_, 1) => std::slice::from_ref(data),
            _ => return None,
        };
        let mut out = FastMem {
            is_ld,
            space: m.space,
            ty,
            bytes: ty.bits().div_ceil(8),
            count,
            base,
            disp,
            data: [Src::Imm(0); 4],
            wty: [ty; 4],
        };
        for (e, o) in elems.iter().enumerate() {
            match &o.kind {
                OperandKind::Name(n) if *n != "_" => {
                    let i = self.find(n)?;
                    let wty = self.relaxed(o, ty);
                    if !wty.accepts_register(self.regs[i].ty) {
                        return None;
                    }
                    out.data[e] = Src::Reg(i);
                    out.wty[e] = wty;
                }
                OperandKind::Imm(t) if !is_ld => {
                    out.data[e] = Src::Imm(ptxfp_isa::literal::parse_imm(t, ty).ok()?);
                }
                _ => return None,
            }
        }
        Some(out)
    }

    /// Runs the access `m` (statement `pc`, guarded by `guard`) for the
    /// threads `lanes` of one warp, in lane order as the general way runs
    /// them: every active lane's address (and, for `st`, values) first,
    /// then for `ld` every read, and only then the writes. [`Ran::No`],
    /// with nothing changed, where a lane meets what the general way
    /// reports.
    fn fast_mem(
        &mut self,
        pc: usize,
        guard: Option<(usize, bool)>,
        m: &FastMem,
        lanes: &[usize],
        sc: &mut Scratch,
    ) -> Result<Ran, RunError> {
        let Scratch {
            act, addr, vals, ..
        } = sc;
        let n = m.bytes;
        let size = u64::from(n) * m.count as u64;
        let mut na = 0;
        for &lane in lanes {
            if let Some((g, negated)) = guard {
                match self.regs[g].vals[lane] {
                    Some(v) if (v & 1 == 1) == negated => continue,
                    Some(_) => {}
                    None => return Ok(Ran::No),
                }
            }
            let b = match m.base {
                Some(r) => match self.regs[r].vals[lane] {
                    Some(v) => v,
                    None => return Ok(Ran::No),
                },
                None => 0,
            };
            let a = b.wrapping_add(m.disp);
            // PTX ISA `ld`/`st`: "The address must be naturally aligned
            // to a multiple of the access size" (the general way reports
            // it, and an access past the end of the address space).
            if a.checked_add(size).is_none() || (size.is_power_of_two() && a % size != 0) {
                return Ok(Ran::No);
            }
            if !m.is_ld {
                for (col, data) in vals.iter_mut().zip(&m.data).take(m.count) {
                    col[na] = match *data {
                        Src::Reg(r) => match self.regs[r].vals[lane] {
                            Some(v) => v & mask(m.ty.bits()),
                            None => return Ok(Ran::No),
                        },
                        Src::Imm(v) => v & mask(m.ty.bits()),
                    };
                }
            }
            act[na] = lane;
            addr[na] = a;
            na += 1;
        }
        if m.is_ld {
            for i in 0..na {
                self.lane = act[i];
                for (e, col) in vals.iter_mut().enumerate().take(m.count) {
                    let a = addr[i].wrapping_add(u64::from(n) * e as u64);
                    match self.mem_in(m.space, a).read(a, n) {
                        Ok(v) => col[i] = v,
                        Err(_) => return Ok(Ran::No),
                    }
                }
            }
            for (e, col) in vals.iter().enumerate().take(m.count).filter(|_| na > 0) {
                let Src::Reg(d) = m.data[e] else { continue };
                let wty = m.wty[e];
                // "if the corresponding instruction type is signed
                // integer, the data is sign-extended" to the wider
                // register (`Machine::ldst`), which keeps its own width
                // (`Machine::write`).
                let r = &mut self.regs[d];
                let keep = mask(r.ty.bits().max(wty.bits()));
                for (&lane, &v) in act[..na].iter().zip(&col[..na]) {
                    r.vals[lane] = Some(widened(v, m.ty, wty) & keep);
                }
                r.shown = if wty.is_bits() { r.ty } else { wty };
                r.written = true;
            }
        } else {
            // With --check-memory, a store that lands outside memory
            // takes the general way, which reports it
            // (`Machine::check_store`).
            if self.opts.check_memory {
                for i in 0..na {
                    self.lane = act[i];
                    for e in 0..m.count {
                        let a = addr[i].wrapping_add(u64::from(n) * e as u64);
                        if self.store_outside(m.space, a, n.into()).is_some() {
                            return Ok(Ran::No);
                        }
                    }
                }
            }
            for i in 0..na {
                self.lane = act[i];
                for (e, col) in vals.iter().enumerate().take(m.count) {
                    let a = addr[i].wrapping_add(u64::from(n) * e as u64);
                    self.mem_in_mut(m.space, a).write(a, n, col[i]);
                }
            }
        }
        self.eng.steps += lanes.len() as u64;
        self.go_all(lanes, pc + 1)
    }

    /// The results of `f` for the active lanes whose sources are
    /// `src[k][..out.len()]`, into `out`: the per-op functions' reading
    /// and writing, value for value (`arith`, `int`, `cvt`, `setp`,
    /// `setp_int`, `mov`), with the model evaluating the whole warp in one
    /// call (docs/ARCHITECTURE.md: every computing op through the model).
    fn fast_eval(&self, f: &FastOp, src: &mut [[u64; WARP_SIZE]; 3], out: &mut [u64]) {
        let na = out.len();
        let n = f.n;
        let op = &self.decoded[f.k].op;
        if let Op::Mov(_) = op {
            out.copy_from_slice(&src[0][..na]);
            return;
        }
        let is_form = matches!(op, Op::Form(_));
        if is_form && na >= BATCH_MIN {
            if let Some(p) = self.batch[f.k] {
                if self.run_plan(&p, f, src, out) {
                    return;
                }
            }
        }
        for (col, ty) in src[..n].iter_mut().zip(&f.tys) {
            let m = mask(ty.bits());
            col[..na].iter_mut().for_each(|v| *v &= m);
        }
        if is_form && na < BATCH_MIN {
            if let Some(p) = self.plans[f.k] {
                // A few lanes: the plan prepared for one register, which
                // costs nothing to start (the same bits as the batch plan).
                let m = mask(f.dty.bits());
                for (i, o) in out.iter_mut().enumerate() {
                    *o = p.eval([src[0][i], src[1][i], src[2][i]]) & m;
                }
                return;
            }
        }
        let cols: [&[u64]; 3] = [&src[0][..na], &src[1][..na], &src[2][..na]];
        // The op's signature was checked once, by `fast_op`.
        if !ptxfp_model::batch::compute_columns_checked(op, &cols[..n], &self.exec, out) {
            // Not an op the model computes (`compute` is `None`): zeros,
            // as the general way writes.
            out.fill(0);
        }
        if is_form {
            let m = mask(f.dty.bits());
            out.iter_mut().for_each(|v| *v &= m);
        }
    }

    /// Runs the batch plan `p` of `f`'s form over the active lanes'
    /// sources `src[k][..out.len()]`, narrowed to the plan's register
    /// widths, into `out`. False where the plan refuses the operands (the
    /// caller then evaluates lane by lane).
    fn run_plan(&self, p: &Plan, f: &FastOp, src: &[[u64; WARP_SIZE]; 3], out: &mut [u64]) -> bool {
        use ptxfp_model::batch::{Slice, SliceMut};
        let na = out.len();
        let n = f.n;
        let mut b16 = [[0u16; WARP_SIZE]; 3];
        let mut b32 = [[0u32; WARP_SIZE]; 3];
        for k in 0..n {
            match f.widths[k] {
                16 => (0..na).for_each(|i| b16[k][i] = src[k][i] as u16),
                32 => (0..na).for_each(|i| b32[k][i] = src[k][i] as u32),
                _ => {}
            }
        }
        let slice = |k: usize| match f.widths[k] {
            16 => Slice::B16(&b16[k][..na]),
            32 => Slice::B32(&b32[k][..na]),
            _ => Slice::B64(&src[k][..na]),
        };
        let slices = [slice(0), slice(1), slice(2)];
        let ok = match f.widths[3] {
            16 => {
                let mut o = [0u16; WARP_SIZE];
                let ok = p.run_here(self.path, &slices[..n], SliceMut::B16(&mut o[..na]));
                out.iter_mut().zip(o).for_each(|(d, v)| *d = u64::from(v));
                ok
            }
            32 => {
                let mut o = [0u32; WARP_SIZE];
                let ok = p.run_here(self.path, &slices[..n], SliceMut::B32(&mut o[..na]));
                out.iter_mut().zip(o).for_each(|(d, v)| *d = u64::from(v));
                ok
            }
            _ => p.run_here(self.path, &slices[..n], SliceMut::B64(out)),
        };
        ok.is_ok()
    }

    /// Every thread of `lanes`, which has run one more instruction (its
    /// `%clock` count goes up), goes on at statement `next` ([`Self::go`],
    /// with the test whether `next` is an instruction made once):
    /// [`Ran::To`] where each is at `next` after it, [`Ran::Spread`] where
    /// some moved on (past labels, out of a function).
    fn go_all(&mut self, lanes: &[usize], next: usize) -> Result<Ran, RunError> {
        let instr = self.op_of.get(next).is_some_and(|k| *k != NOT_AN_INSTR);
        let mut ran = Ran::To(next);
        for &lane in lanes {
            let t = &mut self.eng.threads[lane];
            t.steps += 1;
            t.pc = next;
            if !(instr && next < t.end) {
                self.lane = lane;
                self.settle(lane).map_err(|e| self.in_thread(e))?;
                ran = Ran::Spread;
            }
        }
        Ok(ran)
    }

    /// Thread `lane` goes on at statement `next`: at once where it is an
    /// instruction of its function, else through [`Self::settle`].
    fn go(&mut self, lane: usize, next: usize) -> Result<(), RunError> {
        let t = &mut self.eng.threads[lane];
        t.pc = next;
        if next < t.end && self.op_of.get(next).is_some_and(|k| *k != NOT_AN_INSTR) {
            return Ok(());
        }
        self.lane = lane;
        self.settle(lane).map_err(|e| self.in_thread(e))
    }

    /// Counts the work of an instruction that moves `bytes` (a bulk copy,
    /// `st.bulk`, a tensor copy) as one step a byte more, as for the
    /// device runtime's copies, so that `--max-steps` bounds time: one
    /// step for a 16 MiB `st.bulk` let an endless loop of them run for
    /// years under the default limit.
    pub(crate) fn charge_bytes(&mut self, bytes: u64) {
        self.eng.steps = self.eng.steps.saturating_add(bytes);
    }

    /// Counts one thread-instruction of the running thread: past
    /// `--max-steps`, the error that names it and the line; where the
    /// interrupt's question is due, that ([`Self::past_step_limit`]).
    fn count_step(&mut self, ins: &Instr) -> Result<(), RunError> {
        {
            self.eng.steps += 1;
            self.eng.threads[self.lane].steps += 1;
            // A trace kept in memory (no sink: the library's `run`,
            // Python's `run(trace=True)`) is bounded; `ptxfp run --trace`
            // and `run_with` stream it instead.
            if self.sink.is_none() && self.out.trace.len() >= MAX_KEPT_TRACE {
                return Err(RunError::Program(
                    Diagnostic::error(
                        ins.span.clone(),
                        format!(
                            "the trace kept in memory reached {MAX_KEPT_TRACE} steps: {} was about to run this line",
                            self.who()
                        ),
                    )
                    .with_help("stream the trace instead (`ptxfp run --trace`, or `run_with` in Rust), trace fewer steps (--max-steps), or look for a loop whose exit condition never holds"),
                ));
            }
            if self.eng.steps > self.eng.step_limit {
                return self.past_step_limit(ins);
            }
        }
        Ok(())
    }

    /// [`Self::count_step`] past [`Engine::step_limit`]: the question to
    /// [`crate::Options::interrupt`] that is due (every
    /// [`crate::POLL_STEPS`]), then, past `--max-steps`, the error that
    /// names the thread and the line. Out of line: the hot paths keep one
    /// comparison, as they had for `--max-steps` alone.
    #[cold]
    #[inline(never)]
    fn past_step_limit(&mut self, ins: &Instr) -> Result<(), RunError> {
        if let Some(stop) = &self.eng.interrupt {
            if (stop.0)() {
                return Err(RunError::Program(Diagnostic::error(
                    ins.span.clone(),
                    format!(
                        "the run was interrupted after {} thread-instructions: {} was about to run this line",
                        self.eng.steps,
                        self.who()
                    ),
                )));
            }
            self.eng.step_limit = self
                .eng
                .steps
                .saturating_add(crate::POLL_STEPS)
                .min(self.eng.max_steps);
        }
        if self.eng.steps > self.eng.max_steps {
            let l = self.eng.launch;
            let help = if l.ctas() > 1 && !l.cooperative {
                "raise the limit with --max-steps N, or look for a loop whose exit condition never holds; CTAs run one after another, so a CTA that waits for a later one (a grid-wide barrier, as cooperative groups' grid.sync()) waits for ever: launch such a kernel with --cooperative"
            } else {
                "raise the limit with --max-steps N, or look for a loop whose exit condition never holds"
            };
            return Err(RunError::Program(
                Diagnostic::error(
                    ins.span.clone(),
                    format!(
                        "the run reached --max-steps {} thread-instructions: {} was about to run this line",
                        self.eng.max_steps,
                        self.who()
                    ),
                )
                .with_help(help),
            ));
        }
        Ok(())
    }

    /// A warp-level instruction for the threads `lanes` of one warp (all at
    /// the same statement): each reads its operands, then each gets its
    /// result, so that every thread sees the others' values from before.
    fn warp_op(&mut self, ins: &Instr, ctl: Control, lanes: &[usize]) -> Result<(), RunError> {
        // The threads whose guard holds.
        let mut on = Vec::with_capacity(lanes.len());
        for &lane in lanes {
            self.lane = lane;
            if let Some(g) = &ins.guard {
                let gop = Operand {
                    kind: OperandKind::Name(g.reg),
                    span: g.span.clone(),
                };
                if (self.read(&gop, PtxType::Pred)? & 1 == 1) == g.negated {
                    self.trace_with(ins, &[], None, |step| step.skipped = true);
                    continue;
                }
            }
            on.push(lane);
        }
        let bit = |lane: usize| 1u64 << (lane % WARP_SIZE);
        let active: u64 = on.iter().map(|&l| bit(l)).sum();
        let ops = &ins.operands;
        let need = |n: usize, form: &str| crate::operand_count(ins, n, form);
        match ctl {
            Control::Activemask => {
                need(1, "activemask.b32 d;")?;
                // activemask: "the 32-bit mask of all the threads in the warp
                // that are currently active".
                for &lane in &on {
                    self.lane = lane;
                    self.write(&ops[0], PtxType::B32, active)?;
                    self.trace(ins, &[], Some((active, PtxType::B32)));
                }
            }
            Control::Vote { .. }
            | Control::Shfl { .. }
            | Control::Redux(_)
            | Control::Match { .. }
            | Control::Elect
            | Control::WarpSync => {
                let pc = self.eng.stmt;
                let sites: Vec<collective::Site> = on
                    .iter()
                    .map(|&lane| collective::Site { lane, pc, ins })
                    .collect();
                // sm_70 on: members elsewhere are waited for
                // (src/collective.rs); sm_6x: a split is warned about.
                let masks = if self.meets(ctl) {
                    match self.arrive(ctl, lanes, &sites)? {
                        Some(masks) => masks,
                        None => return Ok(()),
                    }
                } else {
                    let masks = self.masks(ctl, &sites)?;
                    self.split_collective(ins, lanes, &sites, &masks)?;
                    masks
                };
                self.collective(ctl, &sites, &masks)?;
            }
            // `mma` (9.7.14.5.14, and so `ldmatrix`, `wgmma`, `tcgen05`):
            // "In conditionally executed code, a `mma` instruction should
            // only be used if it is known that all threads in the warp
            // evaluate the condition identically": a warp whose guard is
            // false in every thread
            // (Triton's `@%p tcgen05.alloc` with %p = %tid < 32, in the
            // other warps) does not run it at all.
            Control::Mma(_) | Control::Matrix(_) | Control::Wgmma(_) | Control::Tcgen05(_)
                if on.is_empty() => {}
            Control::Mma(mma) => self.mma(ins, mma, &on)?,
            Control::Matrix(m) => self.matrix(ins, m, &on)?,
            Control::Wgmma(w) => self.wgmma(ins, w, &on)?,
            Control::Tcgen05(t) => self.tcgen05_warp(ins, t, &on)?,
            _ => {
                return Err(err(
                    ins.opcode_span.clone(),
                    "internal: not a warp instruction",
                ))
            }
        }
        Ok(())
    }

    /// `atom{.sem}{.scope}{.space}.op.type d, [a], b{, c};` and
    /// `red{.sem}{.scope}{.space}.op.type [a], b;` for the running thread.
    /// PTX ISA `atom`: "The atomic operation ... performs a memory load of
    /// the specified address, computes a new value from the loaded value
    /// and the operands, stores the new value, and returns the original
    /// value in d". Threads run one at a time, so every read-modify-write
    /// is indivisible; the new value comes from the model's `IntOp`,
    /// `SetpInt` and `Form`.
    fn atom(&mut self, ins: &Instr, atomic: &Atomic) -> Result<(), RunError> {
        let Atomic {
            red,
            op,
            ty,
            space,
            update,
            b128,
            shared_update,
            vec,
        } = *atomic;
        let cas = op == ptxfp_isa::control::AtomOp::Cas;
        let ops = &ins.operands;
        let (dst, addr_op, srcs) = match (red, cas) {
            (true, _) if ops.len() == 2 => (None, &ops[0], &ops[1..]),
            (false, true) if ops.len() == 4 => (Some(&ops[0]), &ops[1], &ops[2..]),
            (false, false) if ops.len() == 3 => (Some(&ops[0]), &ops[1], &ops[2..]),
            _ => {
                return Err(err(
                    ins.opcode_span.clone(),
                    format!(
                        "`{}` takes {}",
                        ins.opcode,
                        match (red, cas) {
                            (true, _) => "`[a], b`",
                            (false, true) => "`d, [a], b, c`",
                            _ => "`d, [a], b`",
                        }
                    ),
                ))
            }
        };
        // The bit bucket: "Simple reductions may be specified by using the
        // bit bucket destination operand `_`" (9.7.13.5, `atom`'s Notes):
        // the old value is not written (it was "register `_` is not
        // declared": an independent model of the warp and atomic
        // instructions, 2026-11-29).
        let dst = dst.filter(|d| !matches!(d.kind, OperandKind::Name("_")));
        if b128 {
            return self.atom_b128(ins, atomic, dst, addr_op, srcs);
        }
        if vec > 1 {
            return self.atom_vector(ins, atomic, dst, addr_op, &srcs[0]);
        }
        let bits = ty.bits();
        let n = bits.div_ceil(8);
        let (addr, addr_ty) = self.address(addr_op)?;
        if addr % u64::from(n) != 0 {
            self.memory_problem(Diagnostic::error(
                addr_op.span.clone(),
                format!("misaligned atomic: `{}` accesses {n} bytes at {addr:#x}, which is not a multiple of {n}", ins.opcode),
            ), ", accessing the bytes at that address")?;
        }
        let mut vals = Vec::new();
        for s in srcs {
            vals.push(self.read(s, ty)? & mask(bits));
        }
        let old = self.read_given(space, addr, n, |bad| {
            unread(
                &addr_op.span,
                ins.opcode,
                &format!("{n} bytes at {addr:#x}"),
                bad,
                addr,
            )
        })?;
        // `atom.add.f32` keeps subnormals in shared memory (PTX ISA 9.4;
        // a generic address by the window it falls in).
        let shared = match space {
            Some(s) => s == Space::Shared,
            None => self.region(addr) == Some(Region::Shared),
        };
        let update = shared_update.filter(|_| shared).unwrap_or(update);
        let new = self.atom_update(update, old, &vals, bits);
        self.mem_in_mut(space, addr).write(addr, n, new);
        if let Some(d) = dst {
            self.write(d, ty, old)?;
        }
        let mut inputs = vec![(addr, addr_ty)];
        inputs.extend(vals.iter().map(|v| (*v, ty)));
        self.trace_with(ins, &inputs, dst.map(|_| (old, ty)), |step| {
            step.access = Some(Access {
                store: true,
                ty,
                values: vec![new],
            })
        });
        Ok(())
    }

    /// "Atomic operation with vector type" (PTX ISA 8.1, sm_90):
    /// `atom.global.v4.f32.add {d0, ..}, [a], {b0, ..}` and `red` without
    /// `d`. "atom instruction on packed type or vector type, accesses
    /// adjacent scalar elements in memory. In such cases, the atomicity is
    /// guaranteed separately for each of the individual scalar elements":
    /// element `i` is the scalar update at `a + i × size`, its old value
    /// going to `d[i]`. The address "may be used only with .global space
    /// and with generic addressing where the address points to .global
    /// space", aligned to the whole vector.
    fn atom_vector(
        &mut self,
        ins: &Instr,
        atomic: &Atomic,
        dst: Option<&Operand>,
        addr_op: &Operand,
        src: &Operand,
    ) -> Result<(), RunError> {
        let (ty, vec) = (atomic.ty, usize::from(atomic.vec));
        fn elements<'a, 'm>(
            o: &'a Operand<'m>,
            what: &str,
            vec: usize,
            ins: &Instr,
            ty: PtxType,
        ) -> Result<&'a [Operand<'m>], RunError> {
            match &o.kind {
                OperandKind::Vector(v) if v.len() == vec => Ok(v),
                _ => {
                    Err(err(
                        o.span.clone(),
                        format!(
                        "`{}`: {what} is a vector of {vec} `{ty}` registers in braces, `{{{}}}`",
                        ins.opcode,
                        (0..vec).map(|i| format!("%r{i}")).collect::<Vec<_>>().join(", ")
                    ),
                    ))
                }
            }
        }
        let bs = elements(src, "b", vec, ins, ty)?;
        let ds = dst.map(|d| elements(d, "d", vec, ins, ty)).transpose()?;
        let bits = ty.bits();
        let n = bits.div_ceil(8);
        let (addr, addr_ty) = self.address(addr_op)?;
        // `.global` (the decoder refuses other spaces), or a generic
        // address in none of the other windows.
        let region = match atomic.space {
            Some(_) => None,
            None => self.region(addr),
        };
        if let Some(r) = region {
            let name = match r {
                Region::Shared => "shared",
                Region::Local => "local",
                Region::Param => "param",
            };
            return Err(err(
                addr_op.span.clone(),
                format!("`{}`: the generic address {addr:#x} is in {name} memory; \"atom with vector type may be used only with .global space and with generic addressing where the address points to .global space\"", ins.opcode),
            ));
        }
        let whole = n * vec as u32;
        if addr % u64::from(whole) != 0 {
            self.memory_problem(Diagnostic::error(
                addr_op.span.clone(),
                format!("misaligned atomic: `{}` accesses {whole} bytes at {addr:#x}, which is not a multiple of {whole}", ins.opcode),
            ), ", accessing the bytes at that address")?;
        }
        let mut vals = Vec::with_capacity(vec);
        for b in bs {
            vals.push(self.read(b, ty)? & mask(bits));
        }
        let mut olds = Vec::with_capacity(vec);
        let mut news = Vec::with_capacity(vec);
        for (i, b) in vals.iter().enumerate() {
            let at = addr + (i as u64) * u64::from(n);
            let old = self.read_given(atomic.space, at, n, |bad| {
                unread(
                    &addr_op.span,
                    ins.opcode,
                    &format!("{n} bytes at {at:#x}"),
                    bad,
                    at,
                )
            })?;
            let new = self.atom_update(atomic.update, old, &[*b], bits);
            self.mem_in_mut(atomic.space, at).write(at, n, new);
            olds.push(old);
            news.push(new);
        }
        if let Some(ds) = ds {
            for (d, old) in ds.iter().zip(&olds) {
                self.write(d, ty, *old)?;
            }
        }
        let mut inputs = vec![(addr, addr_ty)];
        inputs.extend(vals.iter().map(|v| (*v, ty)));
        self.trace_with(ins, &inputs, None, |step| {
            step.access = Some(Access {
                store: true,
                ty,
                values: news,
            })
        });
        Ok(())
    }

    /// `atom{.sem}{.scope}{.space}.cas.b128 d, [a], b, c` and
    /// `atom...exch.b128 d, [a], b` (PTX ISA 8.3, sm_90): one 16-byte
    /// read-modify-write, each operand a `.b128` register's `{lo, hi}`
    /// (docs/ENGINE.md "`.b128` registers"). `cas`: "(*a == b) ? c : *a"
    /// on all 128 bits; `exch`: b. `d` gets the old 128 bits.
    fn atom_b128(
        &mut self,
        ins: &Instr,
        atomic: &Atomic,
        dst: Option<&Operand>,
        addr_op: &Operand,
        srcs: &[Operand],
    ) -> Result<(), RunError> {
        fn halves<'a>(opcode: &str, o: &Operand<'a>) -> Result<[Operand<'a>; 2], RunError> {
            match &o.kind {
                OperandKind::Vector(v) if v.len() == 2 => Ok([v[0].clone(), v[1].clone()]),
                _ => Err(err(
                    o.span.clone(),
                    format!("`{opcode}` takes `.b128` registers (`.reg .b128`)"),
                )),
            }
        }
        let halves = |o| halves(ins.opcode, o);
        let mut vals = Vec::new();
        for s in srcs {
            let [lo, hi] = halves(s)?;
            vals.push(
                u128::from(self.read(&hi, PtxType::B64)?) << 64
                    | u128::from(self.read(&lo, PtxType::B64)?),
            );
        }
        let d = dst.map(halves).transpose()?;
        let (addr, addr_ty) = self.address(addr_op)?;
        if addr % 16 != 0 {
            self.memory_problem(Diagnostic::error(
                addr_op.span.clone(),
                format!("misaligned atomic: `{}` accesses 16 bytes at {addr:#x}, which is not a multiple of 16", ins.opcode),
            ), ", accessing the bytes at that address")?;
        }
        let space = atomic.space;
        let mut old = 0u128;
        for k in 0..2u64 {
            let a = addr + 8 * k;
            let half = self.read_given(space, a, 8, |bad| {
                unread(
                    &addr_op.span,
                    ins.opcode,
                    &format!("16 bytes at {addr:#x}"),
                    bad,
                    addr,
                )
            })?;
            old |= u128::from(half) << (64 * k);
        }
        let new = match atomic.op {
            ptxfp_isa::control::AtomOp::Cas if old != vals[0] => old,
            ptxfp_isa::control::AtomOp::Cas => vals[1],
            _ => vals[0],
        };
        for k in 0..2u64 {
            let a = addr + 8 * k;
            self.mem_in_mut(space, a)
                .write(a, 8, (new >> (64 * k)) as u64);
        }
        if let Some([lo, hi]) = &d {
            self.write(lo, PtxType::B64, old as u64)?;
            self.write(hi, PtxType::B64, (old >> 64) as u64)?;
        }
        let mut inputs = vec![(addr, addr_ty)];
        for v in &vals {
            inputs.push((*v as u64, PtxType::B64));
            inputs.push(((*v >> 64) as u64, PtxType::B64));
        }
        self.trace(ins, &inputs, d.map(|_| (old as u64, PtxType::B64)));
        Ok(())
    }

    /// The value an atomic `update` stores over `old` with the operands
    /// `vals` (`b`, and `c` of `cas`), in `bits`-bit elements: the model's
    /// `IntOp`, `SetpInt` or `Form` (shared by `atom`/`red` and
    /// `cp.reduce.async.bulk`).
    pub(crate) fn atom_update(&self, update: Update, old: u64, vals: &[u64], bits: u32) -> u64 {
        let b = vals[0];
        match update {
            Update::Exch => b,
            Update::Cas(eq) => {
                if eq.eval(old, b) {
                    vals[1]
                } else {
                    old
                }
            }
            Update::Int(o) => o.eval(&[old, b]),
            Update::Pick(c) => {
                if c.eval(b, old) {
                    b
                } else {
                    old
                }
            }
            Update::Inc(hs, add) => {
                if hs.eval(old, b) {
                    0
                } else {
                    add.eval(&[old, 1])
                }
            }
            Update::Dec(hi, sub) => {
                if old == 0 || hi.eval(old, b) {
                    b
                } else {
                    sub.eval(&[old, 1])
                }
            }
            Update::Float(f, one) => {
                let srcs = match one {
                    Some(one) => vec![old, one, b],
                    None => vec![old, b],
                };
                f.eval(&srcs, &self.exec) & mask(bits)
            }
        }
    }

    /// `cp.async.{ca,cg}.shared.global [dst], [src], cp-size{, src-size |
    /// ignore-src}{, cache-policy}` (PTX ISA `cp.async`, PTX ISA 7.0,
    /// sm_80): "initiates an asynchronous copy operation of data from the
    /// location specified by source address operand src to the location
    /// specified by destination address operand dst". In this sequential
    /// engine the copy completes at issue: the ISA lets it complete at any
    /// time up to the `cp.async.wait_group`/`wait_all` that waits for it,
    /// so completing at once is one order a GPU may show (docs/ENGINE.md
    /// "cp.async").
    fn cp_async(&mut self, ins: &Instr, c: CpAsync) -> Result<(), RunError> {
        let ops = &ins.operands;
        let hint = usize::from(c.cache_hint);
        if !(3 + hint..=4 + hint).contains(&ops.len()) {
            return Err(err(
                ins.opcode_span.clone(),
                format!(
                    "`{}` takes `[dst], [src], cp-size{{, src-size | ignore-src}}{}`",
                    ins.opcode,
                    if c.cache_hint { ", cache-policy" } else { "" }
                ),
            ));
        }
        if !(self.exec.code_target.at_least(80) && self.version >= PtxVersion::new(7, 0)) {
            return Err(err(
                ins.opcode_span.clone(),
                format!(
                    "`{}` needs PTX ISA 7.0 and sm_80 or higher; this code is PTX {} for {}",
                    ins.opcode, self.version, self.exec.code_target
                ),
            ));
        }
        // "Operand src specifies a location in the global state space and
        // dst specifies a location in the shared state space."
        for (o, want) in [(&ops[0], Space::Shared), (&ops[1], Space::Global)] {
            if let OperandKind::Address { base: Some(b), .. } = &o.kind {
                if let (None, Some((_, _, sp, _))) = (self.find(b), self.var(b)) {
                    if sp != want {
                        return Err(err(
                            o.span.clone(),
                            format!(
                                "`{b}` is a `.{}` variable; this operand of `{}` addresses `.{}` memory",
                                sp.name(),
                                ins.opcode,
                                want.name()
                            ),
                        ));
                    }
                }
            }
        }
        let (dst, dty) = self.address(&ops[0])?;
        let (src, sty) = self.address(&ops[1])?;
        // "Operand cp-size is an integer constant which specifies the size
        // of data in bytes to be copied to the destination dst. cp-size can
        // only be 4, 8 and 16"; `.cg` takes 16 only (its syntax line).
        if !matches!(ops[2].kind, OperandKind::Imm(_)) {
            return Err(err(
                ops[2].span.clone(),
                "cp-size is an integer constant: 4, 8 or 16",
            ));
        }
        let size = self.read(&ops[2], PtxType::U32)?;
        if !matches!(size, 4 | 8 | 16) || (c.cg && size != 16) {
            return Err(err(
                ops[2].span.clone(),
                format!(
                    "cp-size {size}: `{}` copies {}",
                    ins.opcode,
                    if c.cg {
                        "16 bytes (`.cg`)"
                    } else {
                        "4, 8 or 16 bytes"
                    }
                ),
            ));
        }
        // The fourth operand: a predicate is ignore-src ("whether the data
        // from the source location src should be ignored completely. If
        // the source data is ignored then zeros will be copied"), else the
        // 32-bit src-size: "the size of the data in bytes to be copied from
        // src to dst ... remaining bytes in destination dst are filled with
        // zeros. Specifying src-size larger than cp-size results in
        // undefined behavior" (an error here).
        let mut from_src = size;
        let mut srcs = vec![(dst, dty), (src, sty), (size, PtxType::U32)];
        if let Some(o) = ops.get(3).filter(|_| ops.len() == 4 + hint) {
            let is_pred = match &o.kind {
                OperandKind::Other(t) => t.starts_with('!'),
                OperandKind::Name(n) => self
                    .find(n)
                    .is_some_and(|i| self.regs[i].ty == PtxType::Pred),
                _ => false,
            };
            if is_pred {
                let ignore = self.pred_operand(o)?;
                srcs.push((u64::from(ignore), PtxType::Pred));
                if ignore {
                    from_src = 0;
                }
            } else {
                let n = self.read(o, PtxType::U32)?;
                srcs.push((n, PtxType::U32));
                if n > size {
                    return Err(err(
                        o.span.clone(),
                        format!("src-size {n} is larger than cp-size {size}: the PTX ISA leaves that undefined"),
                    ));
                }
                from_src = n;
            }
        }
        if c.cache_hint {
            // "cache-policy is a hint to the cache subsystem": read, unused.
            let o = &ops[ops.len() - 1];
            srcs.push((self.read(o, PtxType::B64)?, PtxType::B64));
        }
        // Addresses as Operands: an access is naturally aligned to its size.
        for (o, a) in [(&ops[0], dst), (&ops[1], src)] {
            if a % size != 0 {
                self.memory_problem(
                    Diagnostic::error(
                        o.span.clone(),
                        format!("misaligned access: `{}` copies {size} bytes at {a:#x}, which is not a multiple of {size}", ins.opcode),
                    ),
                    ", accessing the bytes at that address",
                )?;
            }
        }
        self.check_store(Some(Space::Shared), dst, size, ins.opcode, &ops[0].span)?;
        for i in 0..size {
            let b = if i < from_src {
                let a = src.wrapping_add(i);
                self.read_given(Some(Space::Global), a, 1, |bad| {
                    unread(
                        &ops[1].span,
                        ins.opcode,
                        &format!("{from_src} bytes at {src:#x}"),
                        bad,
                        a,
                    )
                })?
            } else {
                0
            };
            let a = dst.wrapping_add(i);
            self.mem_in_mut(Some(Space::Shared), a).write(a, 1, b);
        }
        self.trace(ins, &srcs, None);
        Ok(())
    }

    /// A predicate operand `p` or `!p`.
    fn pred_operand(&mut self, op: &Operand) -> Result<bool, RunError> {
        if let OperandKind::Other(t) = &op.kind {
            if let Some(n) = t.strip_prefix('!') {
                let o = Operand {
                    kind: OperandKind::Name(n.trim()),
                    span: op.span.clone(),
                };
                return Ok(self.read(&o, PtxType::Pred)? & 1 == 0);
            }
        }
        Ok(self.read(op, PtxType::Pred)? & 1 == 1)
    }

    /// A run-time error of a launch of several threads, or of a child
    /// grid, names the thread (and the grid).
    fn in_thread(&self, e: RunError) -> RunError {
        match e {
            RunError::Program(d) if self.eng.multi || self.eng.cdp.depth > 0 => {
                RunError::Program(Diagnostic {
                    message: format!("{} ({})", d.message, self.who()),
                    ..d
                })
            }
            e => e,
        }
    }

    /// Whether a thread that takes the branch at statement `pc` back to
    /// the label at statement `label` can never leave: only labels lie
    /// between them (`L: bra L;`: its guard, a register only the thread
    /// writes, stays true), or what lies between only computes on
    /// registers (`L: add.u32 %i, %i, 1; bra L;`: no branch, call,
    /// return, memory access or barrier, which could leave the loop, stop
    /// the thread or fault) and the branch has no guard, or a guard that
    /// nothing between names (`@%p bra L;` with `%p` set before the
    /// loop). Worked out once per branch.
    fn loops_forever(&mut self, label: usize, pc: usize) -> bool {
        if label >= pc {
            return false;
        }
        if let Some(&known) = self.endless.get(&pc) {
            return known;
        }
        let answer = self.only_labels_between(label, pc) || {
            let guard = self.guard_of(pc);
            self.register_only_between(label, pc)
                && guard.is_none_or(|g| {
                    (label + 1..pc).all(|i| match self.module.stmt(i) {
                        Some(Stmt::Instr(ins)) => {
                            ins.guard.as_ref().is_none_or(|h| h.reg != g)
                                && !ins.operands.iter().any(|o| names(o, &g))
                        }
                        _ => true,
                    })
                })
        };
        self.endless.insert(pc, answer);
        answer
    }

    /// A backward branch whose loop (statements `label`..`pc`) is register
    /// arithmetic only, as [`Self::loops_forever`] asks, and whose guard
    /// the loop writes, but only from values it does not change: a
    /// register written in the loop is settled when every instruction that
    /// writes it reads (and is guarded by) settled registers, registers the
    /// loop does not write, and constants, never a clock (`%clock`,
    /// `%globaltimer`, `%pm`) or the carry flag the loop writes. Once every
    /// settled register has its final value, which takes at most one trip
    /// per settling step, each trip computes the same guard, and a thread
    /// that takes the branch then never leaves
    /// (`setp.lt.u32 %p, %n, 1000; @%p bra L` where the loop adds to `%i`,
    /// not `%n`). The bound in trips, and the loop's instruction count;
    /// `None` for the other branches. Worked out once per branch.
    fn settles_after(&mut self, label: usize, pc: usize) -> Option<Settles> {
        if label >= pc {
            return None;
        }
        if let Some(&known) = self.settles.get(&pc) {
            return known;
        }
        let guard = self
            .guard_of(pc)
            .filter(|_| self.register_only_between(label, pc));
        let answer = guard.and_then(|g| {
            // Each instruction's written registers and what it reads.
            let mut writes: Vec<(Vec<String>, Vec<String>)> = Vec::new();
            for i in label + 1..pc {
                let (Some(d), Some(Stmt::Instr(ins))) = (self.decoded_at(i), self.module.stmt(i))
                else {
                    continue;
                };
                let carry = d.op.signature().map(|s| s.carry).unwrap_or_default();
                let mut dst: Vec<String> = Vec::new();
                let mut src: Vec<String> = Vec::new();
                for (k, o) in ins.operands.iter().enumerate() {
                    let mut out = Vec::new();
                    operand_registers(o, &mut out);
                    if k == 0 {
                        dst.extend(out);
                    } else {
                        src.extend(out);
                    }
                }
                src.extend(ins.guard.map(|h| h.reg.to_string()));
                if carry.writes {
                    dst.push("CC".into());
                }
                if carry.reads {
                    src.push("CC".into());
                }
                writes.push((dst, src));
            }
            let written: std::collections::HashSet<&String> =
                writes.iter().flat_map(|w| &w.0).collect();
            let volatile = |r: &str| {
                ["%clock", "%globaltimer", "%pm"]
                    .iter()
                    .any(|v| r.starts_with(v))
            };
            let mut settled: std::collections::HashSet<&String> = Default::default();
            loop {
                let before = settled.len();
                for r in &written {
                    if settled.contains(*r) {
                        continue;
                    }
                    let ok = writes.iter().filter(|w| w.0.contains(*r)).all(|w| {
                        w.1.iter()
                            .all(|s| !volatile(s) && (!written.contains(s) || settled.contains(s)))
                    });
                    if ok {
                        settled.insert(*r);
                    }
                }
                if settled.len() == before {
                    break;
                }
            }
            settled.contains(&g).then(|| Settles {
                trips: writes.len() as u32 + 2,
                body: writes.len() as u64,
            })
        });
        self.settles.insert(pc, answer);
        answer
    }

    /// Whether everything between statements `label` and `pc` computes on
    /// registers only: the computation tables, `mov`, `cvta` (no branch,
    /// call, return, memory access or barrier, which could leave a loop,
    /// stop the thread or fault).
    fn register_only_between(&self, label: usize, pc: usize) -> bool {
        (label + 1..pc).all(|i| {
            self.decoded_at(i)
                .is_none_or(|d| d.op.is_computation() || matches!(d.op, Op::Mov(_) | Op::Cvta(_)))
        })
    }

    /// Thread `lane` took the branch at `pc` back to `label`: an error
    /// once it has taken it more times in a row than its loop needs to
    /// settle ([`Self::settles_after`]). "In a row": no more instructions
    /// between two takings than the loop has, so a loop that a thread
    /// leaves and enters again starts its count again.
    fn count_trip(&mut self, lane: usize, pc: usize, s: Settles) -> Result<(), RunError> {
        let t = &mut self.eng.threads[lane];
        let (at, count, steps) = t.trips;
        let count = if at == pc && t.steps.saturating_sub(steps) <= s.body + 1 {
            count + 1
        } else {
            1
        };
        t.trips = (pc, count, t.steps);
        if count <= s.trips {
            return Ok(());
        }
        let g = self.guard_of(pc).unwrap_or_default();
        Err(RunError::Program(
            Diagnostic::error(
                self.stmt_span(pc),
                format!("an endless loop: this `bra`'s guard `{g}` is computed in the loop only from values the loop does not change, and nothing there can leave the loop (only register arithmetic), so it is the same on every trip: this thread took it {count} times in a row and never leaves (a GPU hangs here)"),
            )
            .with_help("compute the guard from what the loop changes (the counter it adds to), or branch out of the loop"),
        ))
    }

    /// Whether only labels lie between statements `label` and `pc`.
    fn only_labels_between(&self, label: usize, pc: usize) -> bool {
        (label + 1..pc).all(|i| self.decoded_at(i).is_none())
    }

    /// The guard's register of the instruction at statement `pc`, if it
    /// has one.
    fn guard_of(&self, pc: usize) -> Option<String> {
        match self.module.stmt(pc) {
            Some(Stmt::Instr(ins)) => ins.guard.map(|g| g.reg.to_string()),
            _ => None,
        }
    }

    /// The error of a thread that took a branch it can never leave
    /// ([`Self::loops_forever`]); on a GPU the kernel hangs. Said at once,
    /// not after --max-steps (30 s at the default, minutes where the loop
    /// computes on registers never written).
    fn endless(&self, label: usize, pc: usize) -> RunError {
        let (message, help) = match (self.only_labels_between(label, pc), self.guard_of(pc)) {
            (true, _) => (
                "an endless loop: this `bra` branches to itself, and a thread that takes it never leaves (a GPU hangs here)".to_string(),
                "branch to where the loop's work is, or guard the branch with a predicate that the loop changes",
            ),
            (false, None) => (
                "an endless loop: this `bra` has no guard, and nothing between its label and it can leave the loop (only register arithmetic), so a thread that takes it never leaves (a GPU hangs here)".to_string(),
                "guard the branch with a predicate that the loop changes (`setp` then `@%p bra`), or branch out of the loop",
            ),
            (false, Some(g)) => (
                format!("an endless loop: this `bra`'s guard `{g}` is not written between its label and it, and nothing there can leave the loop (only register arithmetic), so a thread that takes it never leaves (a GPU hangs here)"),
                "compute the guard inside the loop (`setp` before the `bra`), or branch out of the loop",
            ),
        };
        RunError::Program(Diagnostic::error(self.stmt_span(pc), message).with_help(help))
    }

    /// Moves thread `lane` on after statement `pc` did `flow`.
    fn apply(&mut self, lane: usize, pc: usize, ins: &Instr, flow: Flow) -> Result<(), RunError> {
        match flow {
            Flow::Next => self.eng.threads[lane].pc = pc + 1,
            Flow::Exit => self.eng.threads[lane].state = State::Done,
            Flow::Stop => {
                if self.eng.threads[lane].frames.is_empty() {
                    self.eng.threads[lane].state = State::Done;
                } else {
                    self.ret(lane)?;
                }
            }
            Flow::Jump(label) => match self.label(ins.scope, &label, ins.block) {
                Some(at) if self.loops_forever(at, pc) => return Err(self.endless(at, pc)),
                Some(at) => {
                    if let Some(s) = self.settles_after(at, pc) {
                        self.count_trip(lane, pc, s)?;
                    }
                    self.eng.threads[lane].pc = at + 1
                }
                None => {
                    let at = ins
                        .operands
                        .first()
                        .map_or(ins.span.clone(), |o| o.span.clone());
                    return Err(err(
                        at,
                        format!("`bra {label}`: no label `{label}` is defined in this function"),
                    ));
                }
            },
            Flow::Call => self.call(lane, pc, ins)?,
            Flow::Barrier { id, count } => {
                let t = &mut self.eng.threads[lane];
                t.pc = pc + 1;
                t.state = State::Barrier { id, count, at: pc };
            }
            Flow::MbarWait {
                addr,
                parity,
                park,
                cond,
            } => {
                let t = &mut self.eng.threads[lane];
                // try_wait runs again when woken; test_wait went on.
                t.pc = if park { pc + 1 } else { pc };
                t.state = State::MbarWait {
                    addr,
                    parity,
                    at: pc,
                    park,
                    cond,
                };
            }
        }
        Ok(())
    }

    /// `call (rets), f, (args);`: binds the arguments to `f`'s parameters
    /// and enters it (PTX ISA `call`: "The call instruction stores
    /// the address of the next instruction, so execution can resume at that
    /// point after executing a ret instruction"; "Input arguments and return
    /// values are passed by value").
    fn call(&mut self, lane: usize, pc: usize, ins: &Instr) -> Result<(), RunError> {
        let ops = &ins.operands;
        // `call (rets), f, (args){, flist};` or `call f, (args){, flist};`.
        let (rets, fop, mut args, mut list) = match ops.first().map(|o| &o.kind) {
            Some(OperandKind::Other(_)) => (
                module::call_list(&ops[0]).unwrap_or_default(),
                ops.get(1),
                ops.get(2),
                ops.get(3),
            ),
            _ => (Vec::new(), ops.first(), ops.get(1), ops.get(2)),
        };
        // `call fptr, flist;`: no parameter list, the label next.
        if let Some(
            a @ Operand {
                kind: OperandKind::Name(_),
                ..
            },
        ) = args
        {
            (args, list) = (None, Some(a));
        }
        let args = match args {
            Some(a) => module::call_list(a).ok_or_else(|| {
                err(
                    a.span.clone(),
                    "expected the arguments as a `(a, b, ...)` list",
                )
            })?,
            None => Vec::new(),
        };
        let Some(fop) = fop else {
            return Err(err(ins.span.clone(), "`call` needs a function name"));
        };
        let OperandKind::Name(fname) = fop.kind else {
            return Err(err(fop.span.clone(), "expected the called function's name"));
        };
        let m = self.module;
        let named = m.aliased(fname);
        let direct = m.functions.iter().position(|f| f.name == named && !f.entry);
        let callee = match direct {
            // A register: an indirect call.
            None if self.find(fname).is_some() => {
                Some(self.indirect_callee(ins, fop, list, (rets.len(), args.len()))?)
            }
            d => d,
        };
        let Some(callee) = callee else {
            // A function of the CUDA device runtime, declared `.extern`
            // (src/externs.rs).
            if let Some(rt) = externs::Runtime::of(fname) {
                if !m.functions.iter().any(|f| f.name == fname) {
                    return self.runtime_call(lane, pc, ins, rt, fname, &rets, &args, &fop.span);
                }
            }
            let why = if m.functions.iter().any(|f| f.name == fname) {
                format!("`call {fname}`: `{fname}` is an .entry; only a .func can be called")
            } else {
                format!("`call {fname}`: no .func `{fname}` with a body in this module")
            };
            return Err(RunError::Program(
                Diagnostic::error(fop.span.clone(), why)
                    .with_help("define the function in the module (`.func name(...) { ... }`); a declaration alone has no code to run"),
            ));
        };
        let f = &m.functions[callee];
        if let Some(why) = f.call_mismatch(args.len(), rets.len()) {
            return Err(err(ins.span.clone(), why));
        }
        if self.eng.threads[lane].frames.len() >= MAX_CALL_DEPTH {
            return Err(RunError::Program(
                Diagnostic::error(
                    ins.span.clone(),
                    format!("`call {fname}`: more than {MAX_CALL_DEPTH} calls are nested (an endless recursion?)"),
                )
                .with_help("the engine allows calls nested up to this depth; check the recursion's base case"),
            ));
        }
        let layout = self.frame_layout(callee);
        // Parameters are copied by value, byte by byte: one larger than a
        // thread's whole local memory on a GPU cannot be passed there.
        if let Some(&(_, size, _)) = layout.vars.iter().find(|v| !v.2 && v.1 > MAX_PARAM_BYTES) {
            return Err(RunError::Program(
                Diagnostic::error(
                    ins.span.clone(),
                    format!("`call {fname}`: a parameter or return value of `{fname}` takes {size} bytes, more than the {MAX_PARAM_BYTES} bytes of local memory a GPU gives a thread"),
                )
                .with_help("pass a pointer to the data instead of the data"),
            ));
        }
        // The arguments, read in the caller.
        let mut vals = Vec::with_capacity(args.len());
        for (a, ty) in args.iter().zip(&layout.param_types) {
            vals.push(self.value_of(a, *ty, &fop.span)?);
        }
        // The callee's registers and parameters are its own for this call.
        let mut saved_regs = Vec::new();
        if let Some(regs) = self.eng.scope_regs.get(&f.scope) {
            for &r in regs {
                saved_regs.push((r, self.regs[r].vals[lane].take()));
            }
        }
        let mut saved_mem = Vec::new();
        // Its `.local` variables too: each call has a frame of its own, at
        // its own addresses (`frame_address`: the first call of a function
        // has them where they were declared, a recursive call deeper). What
        // a frame held before (an earlier call at that depth) is saved and
        // forgotten: the callee starts with its locals unwritten.
        let depth = self.eng.threads[lane]
            .frames
            .iter()
            .filter(|fr| fr.callee == callee)
            .count();
        for &(addr, size, local) in &layout.vars {
            let addr = if local {
                frame_address(addr, depth)
            } else {
                addr
            };
            let mem = self.mem_at(addr);
            saved_mem.push((addr, size, mem.known_runs(addr, size)));
            mem.forget(addr, size);
        }
        let end = self.eng.threads[lane].end;
        let caller_depth = std::mem::replace(&mut self.eng.threads[lane].depth, depth);
        let sp = self.eng.threads[lane].sp;
        self.eng.threads[lane].frames.push(Frame {
            ret_pc: pc + 1,
            end,
            scope: ins.scope,
            block: ins.block,
            callee,
            rets: rets.iter().map(|s| s.to_string()).collect(),
            saved_regs,
            saved_mem,
            at: pc,
            depth: caller_depth,
            sp,
        });
        let (first, end) = self.eng.bodies.get(&f.scope).copied().unwrap_or((pc, pc));
        self.scope = f.scope;
        for (p, v) in f.params.iter().zip(vals) {
            self.store_value(f.scope, p, v);
        }
        let t = &mut self.eng.threads[lane];
        t.pc = first;
        t.end = end;
        Ok(())
    }

    /// What a call of function `callee` saves and passes, worked out at
    /// its first call: its parameters' types, and its `.param` and
    /// `.local` variables.
    fn frame_layout(&mut self, callee: usize) -> std::rc::Rc<FrameLayout> {
        if let Some(l) = self.frame_layouts.get(&callee) {
            return l.clone();
        }
        let f = &self.module.functions[callee];
        let param_types = f
            .params
            .iter()
            .map(|p| self.param_type(f.scope, p))
            .collect();
        let params = f
            .params
            .iter()
            .chain(&f.returns)
            .filter_map(|p| self.var_in(f.scope, p))
            .map(|(a, n)| (a, n, false));
        let locals = self
            .vars
            .values()
            .flatten()
            .filter(|(s, v)| *s == f.scope && v.2 == Space::Local)
            .map(|(_, v)| (v.0, v.1, true));
        let layout = std::rc::Rc::new(FrameLayout {
            param_types,
            vars: params.chain(locals).collect(),
        });
        self.frame_layouts.insert(callee, layout.clone());
        layout
    }

    /// Returns from the innermost call of thread `lane`: the return values
    /// to the caller's operands, the callee's registers as they were.
    fn ret(&mut self, lane: usize) -> Result<(), RunError> {
        let Some(fr) = self.eng.threads[lane].frames.pop() else {
            self.eng.threads[lane].state = State::Done;
            return Ok(());
        };
        let m = self.module;
        let f = &m.functions[fr.callee];
        // Read the return values in the callee, before its state goes.
        let mut vals = Vec::with_capacity(f.returns.len());
        for r in &f.returns {
            vals.push(self.callee_value(f.scope, r));
        }
        for (r, v) in fr.saved_regs {
            self.regs[r].vals[lane] = v;
        }
        for (addr, size, runs) in fr.saved_mem {
            let mem = self.mem_at(addr);
            mem.forget(addr, size);
            for (at, bytes) in runs {
                mem.give(at, &bytes);
            }
        }
        self.eng.threads[lane].depth = fr.depth;
        let lane_now = std::mem::replace(&mut self.lane, lane);
        self.stack_release(fr.sp);
        self.lane = lane_now;
        self.scope = fr.scope;
        let (block, scope) = (fr.block, fr.scope);
        for (target, v) in fr.rets.iter().zip(vals) {
            self.bind_return(scope, block, target, v, fr.at)?;
        }
        let t = &mut self.eng.threads[lane];
        t.pc = fr.ret_pc;
        t.end = fr.end;
        Ok(())
    }

    /// The element registers of vector register `name` (`name.x`,
    /// `name.y`, ...; PTX ISA §5.4.2): of the function of `scope`, or
    /// (`None`) as the running statement names them. Empty: `name` is not
    /// a vector register.
    fn vector_elems(&self, scope: Option<usize>, name: &str) -> Vec<usize> {
        let mut out = Vec::new();
        for c in ["x", "y", "z", "w"] {
            let n = format!("{name}.{c}");
            let r = match scope {
                Some(s) => self.reg_in(s, &n),
                None => self.find(&n),
            };
            match r {
                Some(i) => out.push(i),
                None => break,
            }
        }
        out
    }

    /// The running thread's values of registers `regs`, as the bytes of
    /// one value: each register's, little-endian, one after the other
    /// (a vector's elements in memory order, as `ld.v2` lays them).
    fn regs_bytes(&self, regs: &[usize]) -> Vec<Option<u8>> {
        let mut out = Vec::new();
        for &i in regs {
            let v = self.regs[i].vals[self.lane];
            let w = u64::from(self.regs[i].ty.bits().div_ceil(8)).max(1);
            out.extend((0..w).map(|k| v.map(|v| (v >> (8 * k)) as u8)));
        }
        out
    }

    /// Registers `regs` of the running thread take `v` ([`Self::regs_bytes`]
    /// backwards); `written` marks them written by the program.
    fn give_regs_bytes(&mut self, regs: &[usize], v: &[Option<u8>], written: bool) {
        let mut at = 0;
        for &i in regs {
            let bits = self.regs[i].ty.bits();
            let w = bits.div_ceil(8).max(1) as usize;
            let part = v.get(at..).unwrap_or(&[]);
            self.regs[i].vals[self.lane] = bytes_value(&part[..w.min(part.len())], bits);
            self.regs[i].written |= written;
            at += w;
        }
    }

    /// The type of parameter `name` of the function of `scope`.
    fn param_type(&self, scope: usize, name: &str) -> PtxType {
        if let Some(i) = self.reg_in(scope, name) {
            return self.regs[i].ty;
        }
        self.vars
            .get(name)
            .and_then(|all| all.iter().find(|(s, _)| *s == scope))
            .map_or(PtxType::B64, |(_, v)| v.3)
    }

    /// The register `name` of the function of `scope`.
    fn reg_in(&self, scope: usize, name: &str) -> Option<usize> {
        self.by_name
            .get(name)?
            .all()
            .iter()
            .map(|&(_, i)| i)
            .find(|&i| self.regs[i].scope == scope)
    }

    /// The variable `name` of `scope`: address and size.
    fn var_in(&self, scope: usize, name: &str) -> Option<(u64, u64)> {
        if self.reg_in(scope, name).is_some() {
            return None;
        }
        self.vars
            .get(name)?
            .iter()
            .find(|(s, _)| *s == scope)
            .map(|(_, v)| (v.0, v.1))
    }

    /// Bytes `addr..addr+n` of the running thread's memory (`None`: unknown).
    fn bytes(&self, addr: u64, n: u64) -> Vec<Option<u8>> {
        let mut out = Vec::with_capacity(n.min(1 << 16) as usize);
        let mut done = 0;
        // A run of bytes in one region at a time: one memory serves it.
        while done < n {
            let a = addr.wrapping_add(done);
            let len = self.region_run(a).min(n - done);
            self.mem_ref(a).known_bytes(a, len, &mut out);
            done += len;
        }
        out
    }

    /// Gives bytes (unknown ones forgotten).
    fn put_bytes(&mut self, addr: u64, bytes: &[Option<u8>]) {
        let mut done = 0;
        while done < bytes.len() {
            let a = addr.wrapping_add(done as u64);
            let len = self.region_run(a).min((bytes.len() - done) as u64) as usize;
            let mem = self.mem_at(a);
            // Runs of known bytes given, of unknown ones forgotten.
            let mut at = a;
            for run in bytes[done..done + len].chunk_by(|x, y| x.is_some() == y.is_some()) {
                if run[0].is_some() {
                    let known: Vec<u8> = run.iter().flatten().copied().collect();
                    mem.give(at, &known);
                } else {
                    mem.forget(at, run.len() as u64);
                }
                at = at.wrapping_add(run.len() as u64);
            }
            done += len;
        }
    }

    /// An argument's value in the caller: a register, a `.param` variable's
    /// bytes, or a constant of the parameter's type.
    fn value_of(&mut self, arg: &str, ty: PtxType, at: &Span) -> Result<Vec<Option<u8>>, RunError> {
        let n = u64::from(ty.bits().div_ceil(8)).max(1);
        if let Some(i) = self.find(arg) {
            let v = self.regs[i].vals[self.lane];
            let w = u64::from(self.regs[i].ty.bits().div_ceil(8)).max(1);
            return Ok((0..w).map(|k| v.map(|v| (v >> (8 * k)) as u8)).collect());
        }
        if let Some((addr, size, ..)) = self.var(arg) {
            return Ok(self.bytes(addr, size));
        }
        let elems = self.vector_elems(None, arg);
        if !elems.is_empty() {
            return Ok(self.regs_bytes(&elems));
        }
        // A constant (one wider than the parameter truncated, as for any
        // operand: `Machine::imm`).
        match self.imm(arg, ty, at) {
            Ok(v) => Ok((0..n).map(|k| Some((v >> (8 * k)) as u8)).collect()),
            Err(_) => Err(err(
                at.clone(),
                format!("call argument `{arg}`: not a register, a `.param` variable or a constant"),
            )),
        }
    }

    /// Parameter `name` of the function of `scope` (a register or a
    /// `.param` variable) takes `v`.
    fn store_value(&mut self, scope: usize, name: &str, v: Vec<Option<u8>>) {
        if let Some(i) = self.reg_in(scope, name) {
            let bits = self.regs[i].ty.bits();
            let val = bytes_value(&v, bits);
            self.regs[i].vals[self.lane] = val;
            return;
        }
        if let Some((addr, size)) = self.var_in(scope, name) {
            let mut v = v;
            v.resize(size as usize, None);
            self.put_bytes(addr, &v);
            return;
        }
        let elems = self.vector_elems(Some(scope), name);
        self.give_regs_bytes(&elems, &v, false);
    }

    /// The value of the callee's return parameter `name`.
    fn callee_value(&self, scope: usize, name: &str) -> Vec<Option<u8>> {
        if let Some(i) = self.reg_in(scope, name) {
            let v = self.regs[i].vals[self.lane];
            let w = u64::from(self.regs[i].ty.bits().div_ceil(8)).max(1);
            return (0..w).map(|k| v.map(|v| (v >> (8 * k)) as u8)).collect();
        }
        match self.var_in(scope, name) {
            Some((addr, size)) => self.bytes(addr, size),
            None => self.regs_bytes(&self.vector_elems(Some(scope), name)),
        }
    }

    /// The caller's return operand `target` (a register or a `.param`
    /// variable, named in `block` of `scope`) takes `v`.
    fn bind_return(
        &mut self,
        scope: usize,
        block: usize,
        target: &str,
        v: Vec<Option<u8>>,
        at: usize,
    ) -> Result<(), RunError> {
        let saved = (self.block, self.scope);
        self.block = block;
        self.scope = scope;
        let r = (|| {
            if let Some(i) = self.find(target) {
                let bits = self.regs[i].ty.bits();
                self.regs[i].vals[self.lane] = bytes_value(&v, bits);
                self.regs[i].written = true;
                return Ok(());
            }
            if let Some((addr, size, ..)) = self.var(target) {
                let mut v = v;
                v.resize(size as usize, None);
                self.put_bytes(addr, &v);
                return Ok(());
            }
            let elems = self.vector_elems(None, target);
            if !elems.is_empty() {
                self.give_regs_bytes(&elems, &v, true);
                return Ok(());
            }
            Err(err(
                self.stmt_span(at),
                format!("call return `{target}`: not a register or a `.param` variable"),
            ))
        })();
        (self.block, self.scope) = saved;
        r
    }

    /// Warp-level and control instructions `Op` does not run: their flow.
    /// The end of a `commit_group`/`wait_group` of `cp.async` or of the
    /// bulk copies, whose copies are all done when issued here: the
    /// operand `N` of `wait_group` ("Operand N is an integer constant")
    /// checked and traced.
    pub(crate) fn group_done(
        &mut self,
        ins: &Instr,
        n: Option<&Operand>,
        what: &str,
    ) -> Result<Flow, RunError> {
        let mut srcs = Vec::new();
        if let Some(n) = n {
            if !matches!(n.kind, OperandKind::Imm(_)) {
                return Err(err(
                    n.span.clone(),
                    format!("`{what}`'s operand is an integer constant"),
                ));
            }
            srcs.push((self.read(n, PtxType::U32)?, PtxType::U32));
        }
        self.trace(ins, &srcs, None);
        Ok(Flow::Next)
    }

    pub(crate) fn control(&mut self, ins: &Instr, ctl: Control) -> Result<Flow, RunError> {
        match ctl {
            Control::Activemask
            | Control::Elect
            | Control::Vote { .. }
            | Control::Shfl { .. }
            | Control::Redux(_)
            | Control::Match { .. }
            | Control::Mma(_)
            | Control::Matrix(_)
            | Control::Wgmma(_) => Err(err(
                ins.opcode_span.clone(),
                "internal: not a control instruction",
            )),
            Control::Tcgen05(t) => self.tcgen05(ins, t),
            Control::Video(v) => self.video(ins, v),
            Control::Call => {
                self.trace(ins, &[], None);
                Ok(Flow::Call)
            }
            Control::Exit => {
                self.trace(ins, &[], None);
                Ok(Flow::Exit)
            }
            Control::Atom(a) => {
                self.atom(ins, &a)?;
                Ok(Flow::Next)
            }
            Control::Async(a) => self.async_op(ins, a),
            Control::Stack { op, ty } => self.stack_op(ins, op, ty),
            Control::StBulk => self.st_bulk(ins),
            Control::Surface(s) => self.surface(ins, s),
            Control::Texture(t) => self.texture(ins, t),
            Control::Tensormap(t) => self.tensormap(ins, t),
            Control::Refused(r) => Err(RunError::Program(
                Diagnostic::error(
                    ins.opcode_span.clone(),
                    format!("`{}` is not run: {}", ins.opcode, r.why()),
                )
                .with_help("docs/ENGINE.md \"Instructions the engine does not run\""),
            )),
            Control::Brx => {
                let ops = &ins.operands;
                let (Some(index), Some(OperandKind::Name(list))) =
                    (ops.first(), ops.get(1).map(|o| &o.kind))
                else {
                    return Err(err(
                        ins.opcode_span.clone(),
                        format!(
                            "`{}` takes `index, tlist` (a `.branchtargets` label)",
                            ins.opcode
                        ),
                    ));
                };
                let i = self.read(index, PtxType::U32)?;
                let targets = self.branch_targets(ins.scope, list, ins.block).ok_or_else(|| {
                    err(
                        ops[1].span.clone(),
                        format!("`{list}` is not a `{list}: .branchtargets L0, L1, ...;` list of this function"),
                    )
                })?;
                // brx.idx: "the index operand ... selects the target label";
                // "the behavior is undefined if index is out of range".
                let Some(target) = targets.get(i as usize) else {
                    return Err(err(
                        index.span.clone(),
                        format!(
                            "`{}`: index {i} is past the end of `{list}` ({} labels)",
                            ins.opcode,
                            targets.len()
                        ),
                    ));
                };
                self.trace(ins, &[(i, PtxType::U32)], None);
                Ok(Flow::Jump(target.clone()))
            }
            Control::IsType(kind) => {
                let ops = &ins.operands;
                if ops.len() != 2 {
                    return Err(err(
                        ins.opcode_span.clone(),
                        format!("`{}` takes `p, a`", ins.opcode),
                    ));
                }
                // "the source address operand must be of type .u64".
                let a = self.read(&ops[1], PtxType::U64)?;
                let m = self.module;
                let yes = m.vars.iter().filter(|v| v.opaque == Some(kind)).any(|v| {
                    self.vars
                        .get(&v.name)
                        .is_some_and(|all| all.iter().any(|(s, info)| *s == v.scope && info.0 == a))
                });
                self.write(&ops[0], PtxType::Pred, u64::from(yes))?;
                self.trace(
                    ins,
                    &[(a, PtxType::U64)],
                    Some((u64::from(yes), PtxType::Pred)),
                );
                Ok(Flow::Next)
            }
            Control::IsSpace(space, cluster) => {
                let ops = &ins.operands;
                if ops.len() != 2 {
                    return Err(err(
                        ins.opcode_span.clone(),
                        format!("`{}` takes `p, a`", ins.opcode),
                    ));
                }
                // The address in the type of its register (`.u32` or `.u64`).
                let ty = match &ops[1].kind {
                    OperandKind::Name(n) => self
                        .find(n)
                        .map(|i| self.regs[i].ty)
                        .filter(|t| t.bits() == 32)
                        .map_or(PtxType::U64, |_| PtxType::U32),
                    _ => PtxType::U64,
                };
                let a = self.read(&ops[1], ty)?;
                // isspacep: "Write predicate register p with 1 if generic
                // address a falls within the specified state space window".
                let region = self.region(a);
                let in_var = |sp: Space| {
                    self.vars
                        .values()
                        .flatten()
                        .any(|(_, v)| v.2 == sp && a >= v.0 && a < v.0.saturating_add(v.1.max(1)))
                };
                let yes = match space {
                    // ".shared::cta" (the default) is this CTA's window:
                    // another CTA's cluster window is in ".shared::cluster"
                    // only (docs/ENGINE.md "Clusters").
                    Space::Shared => {
                        region == Some(Region::Shared)
                            && (cluster || self.shared_target(a).0.is_none())
                    }
                    Space::Local => region == Some(Region::Local),
                    Space::Param => region == Some(Region::Param) || in_var(Space::Param),
                    Space::Const => in_var(Space::Const),
                    Space::Global => region.is_none() && !in_var(Space::Param),
                };
                self.write(&ops[0], PtxType::Pred, u64::from(yes))?;
                self.trace(ins, &[(a, ty)], Some((u64::from(yes), PtxType::Pred)));
                Ok(Flow::Next)
            }
            // membar/fence: "guarantees that prior memory accesses requested
            // by this thread are performed" before later ones; the engine
            // performs every access when its instruction runs, in order.
            Control::CpAsync(c) => {
                self.cp_async(ins, c)?;
                Ok(Flow::Next)
            }
            // cp.async.commit_group: "creates a new cp.async-group per
            // thread and batches all prior cp.async instructions initiated
            // by the executing thread but not committed to any
            // cp.async-group into the new cp.async-group"; wait_group N: "wait till only N or fewer of the most
            // recent cp.async-groups are pending and all the prior
            // cp.async-groups committed by the executing threads are
            // complete". Every copy completes when it is issued here
            // (`Self::cp_async`), so no group is ever pending: both go on.
            Control::CpAsyncCommit | Control::CpAsyncWait { .. } => {
                let want = usize::from(ctl == Control::CpAsyncWait { all: false });
                if ins.operands.len() != want {
                    return Err(err(
                        ins.opcode_span.clone(),
                        format!(
                            "`{}` takes {}",
                            ins.opcode,
                            if want == 1 {
                                "one operand, the number of groups that may stay pending: `cp.async.wait_group 0;`"
                            } else {
                                "no operands"
                            }
                        ),
                    ));
                }
                self.group_done(ins, ins.operands.first(), "cp.async.wait_group")
            }
            Control::Fence(f) if ins.operands.len() != usize::from(f.operands) => Err(err(
                ins.opcode_span.clone(),
                if f.operands == 2 {
                    format!("`{}` takes `[addr], size` (size 128)", ins.opcode)
                } else {
                    format!("`{}` takes no operands", ins.opcode)
                },
            )),
            // "The only supported value for the size operand is 128, which
            // must be a constant integer literal."
            Control::Fence(f)
                if f.operands == 2
                    && !matches!(ins.operands[1].kind, OperandKind::Imm(t) if ptxfp_isa::literal::parse_int(t) == Some(128)) =>
            {
                Err(err(
                    ins.operands[1].span.clone(),
                    format!("`{}`: \"The only supported value for the size operand is 128, which must be a constant integer literal\"", ins.opcode),
                ))
            }
            // (`bar.warp.sync` runs as a warp instruction: src/collective.rs.)
            Control::Fence(_) | Control::WarpSync => {
                self.trace(ins, &[], None);
                Ok(Flow::Next)
            }
            // prefetch, applypriority, discard, nanosleep, pmevent,
            // setmaxnreg, griddepcontrol, brkpt: hints to the caches, the
            // scheduler or a debugger, with no result (docs/ENGINE.md
            // "Hints"); their operands are checked against the syntax line.
            Control::Hint(h) => {
                hint_operands(ins, h.operands)?;
                self.trace(ins, &[], None);
                Ok(Flow::Next)
            }
            // createpolicy: "creates a cache eviction policy ... as an
            // opaque 64-bit value"; the loads and stores that take it as
            // a `.L2::cache_hint` operand ignore it, so the engine gives 0.
            Control::CreatePolicy => {
                let Some(d) = ins.operands.first() else {
                    return Err(err(
                        ins.opcode_span.clone(),
                        "`createpolicy` writes a .b64 register first",
                    ));
                };
                self.write(d, PtxType::B64, 0)?;
                self.trace(ins, &[], Some((0, PtxType::B64)));
                Ok(Flow::Next)
            }
            // trap: "Abort execution and generate an interrupt to the host
            // CPU."
            Control::Trap => Err(err(
                ins.opcode_span.clone(),
                "`trap`: the kernel aborted here",
            )),
            Control::BarSync | Control::BarArrive | Control::BarRed(_) => {
                let red = matches!(ctl, Control::BarRed(_));
                let ops = if red {
                    // `bar.red.op d, a{, b}, {!}c`: the barrier operands are
                    // between the destination and the predicate.
                    if !(3..=4).contains(&ins.operands.len()) {
                        return Err(err(
                            ins.opcode_span.clone(),
                            format!("`{}` takes `d, a, {{!}}c` or `d, a, b, {{!}}c`", ins.opcode),
                        ));
                    }
                    let c = &ins.operands[ins.operands.len() - 1];
                    let p = self.pred_operand(c)?;
                    self.eng.threads[self.lane].red = Some(p);
                    &ins.operands[1..ins.operands.len() - 1]
                } else {
                    &ins.operands[..]
                };
                if ops.is_empty() || ops.len() > 2 {
                    return Err(err(
                        ins.opcode_span.clone(),
                        format!("`{}` takes a barrier number and, optionally, a thread count: `{} 0;` or `{} 1, 64;`", ins.opcode, ins.opcode, ins.opcode),
                    ));
                }
                let id = self.read(&ops[0], PtxType::U32)?;
                // "Source operand a specifies a logical barrier resource as an
                // immediate constant or register with value 0 through 15."
                if id > 15 {
                    return Err(err(
                        ops[0].span.clone(),
                        format!("barrier number {id}: a CTA has barriers 0 to 15"),
                    ));
                }
                let count = match ops.get(1) {
                    Some(o) => {
                        let c = self.read(o, PtxType::U32)?;
                        // "When specifying a thread count, the value must be a
                        // multiple of the warp size."
                        if c == 0 || c % WARP_SIZE as u64 != 0 {
                            return Err(err(
                                o.span.clone(),
                                format!("thread count {c}: a barrier's count is a nonzero multiple of the warp size (32)"),
                            ));
                        }
                        Some(c as u32)
                    }
                    None if ctl == Control::BarArrive => {
                        // "Note that a non-zero thread count is required for
                        // barrier{.cta}.arrive."
                        return Err(err(
                            ins.opcode_span.clone(),
                            format!(
                                "`{}` needs a thread count: `{} 1, 64;`",
                                ins.opcode, ins.opcode
                            ),
                        ));
                    }
                    None => None,
                };
                self.trace(ins, &[(id, PtxType::U32)], None);
                if ctl == Control::BarArrive {
                    // "barrier{.cta}.arrive does not cause any waiting by the
                    // executing threads": counted as arrived, it runs on.
                    *self.eng.arrivals.entry(id as u32).or_insert(0) += 1;
                    return Ok(Flow::Next);
                }
                Ok(Flow::Barrier {
                    id: id as u32,
                    count,
                })
            }
        }
    }
}

/// The value of little-endian `bytes` in a `bits`-wide register (`None`
/// if a byte is unknown).
fn bytes_value(bytes: &[Option<u8>], bits: u32) -> Option<u64> {
    let n = bits.div_ceil(8).max(1) as usize;
    let mut v = 0u64;
    for k in 0..n.min(8) {
        v |= u64::from(bytes.get(k).copied().unwrap_or(Some(0))?) << (8 * k);
    }
    Some(v & mask(bits.max(1)))
}

/// A hint's operands against its syntax line (crates/isa/src/hint.rs):
/// the count, `applypriority`'s and `discard`'s "The only supported value
/// for the size operand is 128", and `setmaxnreg`'s "imm-reg-count must be
/// in the range 24 to 256 (both inclusive)" and "a multiple of 8".
fn hint_operands(ins: &Instr, operands: HintOperands) -> Result<(), RunError> {
    let want = match operands {
        HintOperands::Nothing => "no operands",
        HintOperands::Address => "one address, `[a]`",
        HintOperands::Address128 => "`[a], 128`",
        HintOperands::AddressSize => "`[a], size`",
        HintOperands::TensorCoords => "`[tensorMap, tensorCoords]`",
        HintOperands::Value => "one operand",
        HintOperands::RegCount => {
            "one immediate register count, `setmaxnreg.inc.sync.aligned.u32 240;`"
        }
    };
    let ops = &ins.operands;
    let is_address = |o: &Operand| matches!(o.kind, OperandKind::Address { .. });
    let shape_ok = match operands {
        HintOperands::Nothing => ops.is_empty(),
        HintOperands::Address => ops.len() == 1 && is_address(&ops[0]),
        HintOperands::Address128 | HintOperands::AddressSize => {
            ops.len() == 2 && is_address(&ops[0])
        }
        HintOperands::TensorCoords => !ops.is_empty(),
        HintOperands::Value | HintOperands::RegCount => ops.len() == 1,
    };
    if !shape_ok {
        return Err(err(
            ins.opcode_span.clone(),
            format!("`{}` takes {want}", ins.opcode),
        ));
    }
    let imm = |o: &Operand| match o.kind {
        OperandKind::Imm(t) => ptxfp_isa::literal::parse_int(t),
        _ => None,
    };
    match operands {
        HintOperands::Address128 if imm(&ops[1]) != Some(128) => Err(err(
            ops[1].span.clone(),
            format!("`{}`: \"The only supported value for the size operand is 128, which must be a constant integer literal\"", ins.opcode),
        )),
        HintOperands::RegCount => match imm(&ops[0]) {
            Some(n) if (24..=256).contains(&n) && n % 8 == 0 => Ok(()),
            _ => Err(err(
                ops[0].span.clone(),
                format!("`{}`: \"The range of imm-reg-count is 24 to 256 (both inclusive)\" and it \"must be in multiples of 8\": an immediate such as 240", ins.opcode),
            )),
        },
        _ => Ok(()),
    }
}

/// The register names operand `o` reads or writes: a name, a vector's
/// elements, an address's or sum's base, each half of `p|q` (and a
/// negated `!p`).
fn operand_registers(o: &Operand, out: &mut Vec<String>) {
    match &o.kind {
        OperandKind::Name(n) => out.push(n.to_string()),
        OperandKind::Vector(v) => v.iter().for_each(|e| operand_registers(e, out)),
        OperandKind::Address { base: Some(b), .. } => out.push(b.to_string()),
        OperandKind::Sum { base, .. } => out.push(base.to_string()),
        OperandKind::Other(t) => out.extend(
            t.split(|c: char| !(c.is_alphanumeric() || matches!(c, '_' | '$' | '%' | '.')))
                .filter(|w| !w.is_empty())
                .map(str::to_string),
        ),
        _ => {}
    }
}

/// Whether the operand `o` names the register `reg` ([`operand_registers`]:
/// the endless-loop test, a guard a loop may write).
fn names(o: &Operand, reg: &str) -> bool {
    let mut all = Vec::new();
    operand_registers(o, &mut all);
    all.iter().any(|n| n == reg)
}
