//! `ptxfp_run_ptx` and `ptxfp_run_kernel`: the interpreter (`ptxfp run`)
//! on a PTX module or snippet, or a whole kernel over a grid, its
//! diagnostics, final registers and written memory returned as data.

use std::ffi::{c_char, CString};
use std::panic::{catch_unwind, AssertUnwindSafe};

use ptxfp::interp::{self, Inputs, Launch, Options, RunError};
use ptxfp::{Diagnostic, SourceMap};

use crate::ptxfp_status::{self, *};

/// The outcome of `ptxfp_run_ptx` or `ptxfp_run_kernel`: owned by the
/// caller, freed with `ptxfp_run_free`. Immutable: any number of threads
/// may read one at once.
pub struct ptxfp_run {
    diags: Vec<Diag>,
    regs: Vec<Reg>,
    /// The memory written, as contiguous runs in address order.
    memory: Vec<(u64, Vec<u8>)>,
    /// What each device `printf` call printed, NUL-terminated (the bytes
    /// may hold a NUL of their own: the length is kept apart).
    printf: Vec<(Vec<u8>, usize)>,
    /// CUDA's line for each failed `assert()`.
    assertions: Vec<CString>,
}

struct Diag {
    is_error: bool,
    line: u32,
    column: u32,
    message: CString,
    help: Option<CString>,
}

struct Reg {
    name: CString,
    bits: u64,
    width: u32,
    written: bool,
}

/// One diagnostic of a run: an error or a warning, with its place in the
/// text (line and column from 1; 0 where it has no place, e.g. a bad
/// `NAME=VALUE` setting). The strings belong to the `ptxfp_run` and live
/// until `ptxfp_run_free`.
#[repr(C)]
pub struct ptxfp_diagnostic {
    /// An error (else a warning).
    pub is_error: bool,
    /// Line, from 1 (0: no place).
    pub line: u32,
    /// Column in characters, from 1 (0: no place).
    pub column: u32,
    /// What is wrong.
    pub message: *const c_char,
    /// How to fix it; NULL where there is no help.
    pub help: *const c_char,
}

/// One register after a run: its name as declared, its bits (in the low
/// `width` bits: the declared type's width, 1 for a predicate) and whether
/// the program wrote it. `name` lives until `ptxfp_run_free`.
#[repr(C)]
pub struct ptxfp_register {
    /// The name as declared (`"%f1"`, `"d"`).
    pub name: *const c_char,
    /// The bits.
    pub bits: u64,
    /// The declared type's width in bits.
    pub width: u32,
    /// Written by the program (not only given with a setting).
    pub written: bool,
}

fn cstring(s: &str) -> CString {
    CString::new(s.replace('\0', " ")).unwrap_or_default()
}

/// A diagnostic's message or help as C text: pieces longer than 256
/// characters cut (`ptxfp::clip_long`), as the command line renders them:
/// a 10 MB name made a 20 MB message.
fn said(s: &str) -> CString {
    cstring(&ptxfp::clip_long(s))
}

fn diag(d: &Diagnostic, map: &SourceMap) -> Diag {
    let (line, column) = map.line_col(d.span.start);
    Diag {
        is_error: d.is_error(),
        line: line as u32,
        column: column as u32,
        message: said(&d.message),
        help: in_c(&d.message, d.help.as_deref()),
    }
}

/// A diagnostic's help, and where the message or the help names `ptxfp
/// run`'s flags, their names in C after it (`interp::options`): "in C:
/// --max-steps is ptxfp_launch.max_steps".
fn in_c(message: &str, help: Option<&str>) -> Option<CString> {
    use interp::options::{note, Face};
    let note = note(&format!("{message}\n{}", help.unwrap_or("")), Face::C);
    match (help, note) {
        (Some(h), Some(n)) => Some(said(&format!("{h}; {n}"))),
        (None, Some(n)) => Some(said(&n)),
        (h, None) => h.map(said),
    }
}

/// A diagnostic without a place (line 0): an input's error or warning.
fn placeless(message: &str, is_error: bool) -> Diag {
    let (m, h) = match message.split_once("\n  help: ") {
        Some((m, h)) => (m, Some(h)),
        None => (message, None),
    };
    Diag {
        is_error,
        line: 0,
        column: 0,
        message: said(m),
        help: in_c(m, h),
    }
}

/// Bytes given to memory before a run, as `ptxfp run --mem AT=HEX` gives
/// them: `len` bytes from `bytes`, in memory order, placed at `at`. The
/// library copies them during the call and keeps no pointer. (This struct
/// is fixed: it never grows.)
#[repr(C)]
#[derive(Clone, Copy, Debug)]
pub struct ptxfp_mem {
    /// Where, NUL-terminated: a numeric address (`"0x1000"`, `"4096"`), or
    /// a variable's name with an optional byte offset (`"table"`,
    /// `"table+4"`), whose bytes must then fit in the variable. A
    /// `.shared` variable's bytes are where every CTA starts from.
    pub at: *const c_char,
    /// The bytes; may be NULL only where `len` is 0.
    pub bytes: *const u8,
    /// How many bytes; 0 gives nothing (`at` must still be a string, but
    /// is not looked up).
    pub len: usize,
}

/// One contiguous range of the memory a run wrote. `bytes` belongs to the
/// `ptxfp_run` and lives until `ptxfp_run_free`.
#[repr(C)]
#[derive(Clone, Copy, Debug)]
pub struct ptxfp_mem_range {
    /// The address of the first byte.
    pub address: u64,
    /// The `len` bytes written, in memory order.
    pub bytes: *const u8,
    /// How many bytes.
    pub len: usize,
}

/// How to launch a kernel (`ptxfp run`'s launch flags), for
/// `ptxfp_run_kernel`. Every field but `struct_size` is the default at
/// zero, so a launch starts as `ptxfp_launch l = {0}; l.struct_size = sizeof l;` (or, in C99,
/// `ptxfp_launch l = {.struct_size = sizeof(ptxfp_launch), .grid = {4},
/// .block = {64}};`), and NULL in place of a launch is one CTA of one
/// thread, as `ptxfp_run_ptx` runs.
///
/// `struct_size` makes the struct extensible without breaking the ABI:
/// set it to `sizeof(ptxfp_launch)` of the header the program was built
/// with. A later API version may add fields at the end only; the library
/// then reads only the fields the caller's size covers (the older fields
/// keep their meaning). A size smaller than this version's struct, or
/// over 4096, is `PTXFP_ERR_STRUCT_SIZE`; so is a larger one (a newer
/// header on an older library) whose bytes past the end the library knows
/// are not all zero: the program asks for something this library cannot
/// do, where zeros, the defaults, would be ignored safely.
#[repr(C)]
#[derive(Clone, Copy, Debug)]
pub struct ptxfp_launch {
    /// `sizeof(ptxfp_launch)`, as the caller's header declares it.
    pub struct_size: usize,
    /// The `.entry` to run (`--entry`), NUL-terminated; NULL: the
    /// module's only entry (in a module without an `.entry`, its only
    /// `.func` with a body; a snippet runs as a whole).
    pub entry: *const c_char,
    /// CTAs per dimension, x, y, z (`--grid`, `%nctaid`); 0 counts as 1,
    /// an absent dimension. At most 2^31 - 1 in x and 65535 in y and z.
    pub grid: [u32; 3],
    /// Threads per CTA per dimension (`--block`, `%ntid`); 0 counts as 1.
    /// At most 1024 threads in all.
    pub block: [u32; 3],
    /// CTAs per cluster per dimension (`--cluster`, sm_90): all 0 for
    /// none given (the entry's `.reqnctapercluster`, else clusters of one
    /// CTA); otherwise a 0 counts as 1. Each divides the grid's.
    pub cluster: [u32; 3],
    /// With `report_thread`: the `%tid` of the thread whose registers the
    /// run reports (`--thread TID@CTAID`).
    pub thread: [u32; 3],
    /// With `report_thread`: that thread's `%ctaid`.
    pub cta: [u32; 3],
    /// Declare registers on first use and read unwritten ones as zero,
    /// and repair a misplaced or repeated modifier, each with a warning
    /// (`--lenient`); the validation against the version and target is
    /// the same.
    pub lenient: bool,
    /// A load of memory never given nor written, or a misaligned access,
    /// is a warning (naming the thread, line and address) and the run goes
    /// on, the load reading zeros (`--check-memory`); without it, the first
    /// one is an error that stops the run.
    pub check_memory: bool,
    /// Report the registers of the thread `thread`/`cta` as it ended
    /// (`--thread`). Without it a launch of several threads reports no
    /// registers, only memory; a launch of one thread reports its
    /// registers either way.
    pub report_thread: bool,
    /// Bytes of dynamic shared memory: the size of the `.extern .shared`
    /// arrays and `%dynamic_smem_size` (`--dynamic-shared`).
    pub dynamic_shared: u64,
    /// Stop with an error (naming the thread and the line) after this many
    /// thread-instructions (`--max-steps`); 0: the default, 10^9.
    pub max_steps: u64,
    /// Stop with an error when the run holds more than this many bytes
    /// of memory and registers (`--max-memory`); 0: the default, 2 GiB.
    pub max_memory: u64,
    /// A cooperative launch (`--cooperative`, API 1.5): every CTA resident
    /// at once, taking turns, so that a CTA may wait for another (a
    /// grid-wide barrier); at most 270,336 threads. A caller built with
    /// the 1.4 header, whose `struct_size` ends before this field, gets
    /// `false`.
    pub cooperative: bool,
    /// Tensor maps (`--tensor-map`, API 1.7): `n_tensor_maps`
    /// NUL-terminated `"NAME=SPEC"` strings, as `ptxfp run --tensor-map`
    /// takes them (`"tmap=f16:64x8@0x10000:box=64x8:swizzle=128"`, or an
    /// im2col map's `pixels=`/`channels=`); NULL if `n_tensor_maps` is 0.
    pub tensor_maps: *const *const c_char,
    /// The number of `tensor_maps`.
    pub n_tensor_maps: usize,
    /// Surfaces (`--surface`, API 1.7): `"NAME=W[xH[xD]]:FORMAT@ADDR..."`
    /// strings; NULL if `n_surfaces` is 0.
    pub surfaces: *const *const c_char,
    /// The number of `surfaces`.
    pub n_surfaces: usize,
    /// Textures (`--texture`, API 1.7): `"NAME=W[xH[xD]]:FORMAT@ADDR..."`
    /// strings; NULL if `n_textures` is 0.
    pub textures: *const *const c_char,
    /// The number of `textures`.
    pub n_textures: usize,
    /// A flag that stops the run (API 1.9), or NULL: the run reads it
    /// every 2^20 thread-instructions, and once it is nonzero ends with
    /// `PTXFP_ERR_PROGRAM` and a diagnostic that names the thread and the
    /// line it was about to run, keeping what ran before (as a run-time
    /// error does). Set it from a SIGINT handler (a `volatile
    /// sig_atomic_t`, cast) or from another thread (an `atomic_int`); it
    /// must stay valid until the call returns; a pointer not aligned for
    /// an `int32_t` is `PTXFP_ERR_OPERANDS`. A caller built with an older
    /// header, whose `struct_size` ends before this field, has none.
    pub stop: *const i32,
    /// The device heap's bytes, for `malloc` in the kernel
    /// (`--malloc-heap-size`, API 1.10); 0: the default, 8 MiB
    /// (`cudaLimitMallocHeapSize`'s), at most 1 TiB. A caller built with
    /// an older header has the default.
    pub malloc_heap_size: u64,
}

/// `sizeof(ptxfp_launch)` in API 1.4, before `cooperative`: the smallest
/// `struct_size` accepted.
const LAUNCH_SIZE_1_4: usize = std::mem::offset_of!(ptxfp_launch, cooperative);

/// `sizeof(ptxfp_launch)` in API 1.5 and 1.6, before `tensor_maps`.
const LAUNCH_SIZE_1_6: usize = std::mem::offset_of!(ptxfp_launch, tensor_maps);

/// `sizeof(ptxfp_launch)` in API 1.7 and 1.8, before `stop`.
const LAUNCH_SIZE_1_8: usize = std::mem::offset_of!(ptxfp_launch, stop);

/// `sizeof(ptxfp_launch)` in API 1.9, before `malloc_heap_size`.
const LAUNCH_SIZE_1_9: usize = std::mem::offset_of!(ptxfp_launch, malloc_heap_size);

/// The largest `struct_size` accepted: a bound on what the library reads
/// past the struct it knows.
const MAX_STRUCT_SIZE: usize = 4096;

/// Whether an array of `n` elements of `size` bytes at `p` is one an array
/// can be: at most `isize::MAX` bytes, not past the end of the address
/// space.
fn fits(p: *const u8, n: usize, size: usize) -> bool {
    n.checked_mul(size)
        .is_some_and(|b| b <= isize::MAX as usize && (p as usize).checked_add(b).is_some())
}

/// The caller's launch as `Options`' fields, after its `struct_size` is
/// checked (`PTXFP_ERR_STRUCT_SIZE`); the entry's text is read later.
///
/// # Safety
/// `l` is readable for its `struct_size` bytes.
unsafe fn read_launch(l: *const ptxfp_launch) -> Result<LaunchIn, ptxfp_status> {
    // SAFETY: the first field is readable, by the caller's contract.
    let size = unsafe { std::ptr::addr_of!((*l).struct_size).read_unaligned() };
    let ours = std::mem::size_of::<ptxfp_launch>();
    // A size some header had (1.4's, 1.5's and 1.6's, 1.7's and 1.8's,
    // 1.9's, ours), or a later one (its tail checked below). Another size
    // between them is no header's: one byte short of 1.9's dropped the
    // 1.7 bindings.
    let known = size == LAUNCH_SIZE_1_4
        || size == LAUNCH_SIZE_1_6
        || size == LAUNCH_SIZE_1_8
        || size == LAUNCH_SIZE_1_9
        || size >= ours;
    if !known || size > MAX_STRUCT_SIZE || !fits(l.cast(), 1, size) {
        return Err(PTXFP_ERR_STRUCT_SIZE);
    }
    // SAFETY: `size` bytes are readable; those past ours are fields of a
    // later version, which must be left at zero.
    let tail = unsafe {
        std::slice::from_raw_parts(
            l.cast::<u8>().add(ours.min(size)),
            size.saturating_sub(ours),
        )
    };
    if tail.iter().any(|&b| b != 0) {
        return Err(PTXFP_ERR_STRUCT_SIZE);
    }
    // Each field is read on its own, through a raw pointer: no reference
    // to the caller's struct is made, and the flags are read as bytes (a
    // C `bool` is 0 or 1, but a byte of another value must not be
    // undefined behaviour here).
    // SAFETY (each read): readable, by the caller's contract.
    use std::ptr::addr_of;
    let flag = |f: *const bool| unsafe { f.cast::<u8>().read() } != 0;
    let (entry, grid, block, cluster, thread, cta, dynamic_shared, max_steps, max_memory) = unsafe {
        (
            addr_of!((*l).entry).read(),
            addr_of!((*l).grid).read(),
            addr_of!((*l).block).read(),
            addr_of!((*l).cluster).read(),
            addr_of!((*l).thread).read(),
            addr_of!((*l).cta).read(),
            addr_of!((*l).dynamic_shared).read(),
            addr_of!((*l).max_steps).read(),
            addr_of!((*l).max_memory).read(),
        )
    };
    // SAFETY: as above.
    let (lenient, check_memory, report_thread) = unsafe {
        (
            flag(addr_of!((*l).lenient)),
            flag(addr_of!((*l).check_memory)),
            flag(addr_of!((*l).report_thread)),
        )
    };
    // SAFETY: as above, where the caller's struct has the field (1.5 on).
    let cooperative = size > LAUNCH_SIZE_1_4 && flag(unsafe { addr_of!((*l).cooperative) });
    // The stop flag (1.9 on), an aligned `int32_t` (read as one).
    // SAFETY: as above, where the caller's struct has the field.
    let stop = if size >= LAUNCH_SIZE_1_9 {
        unsafe { addr_of!((*l).stop).read() }
    } else {
        std::ptr::null()
    };
    // The heap's size (1.10 on); 0: the default.
    // SAFETY: as above, where the caller's struct has the field.
    let heap_size = if size >= ours {
        unsafe { addr_of!((*l).malloc_heap_size).read() }
    } else {
        0
    };
    if !stop.is_aligned() {
        return Err(PTXFP_ERR_OPERANDS);
    }
    // The bindings (1.7 on): read where the caller's struct holds them all.
    let bindings = if size >= LAUNCH_SIZE_1_8 {
        // SAFETY: as above.
        unsafe {
            [
                (
                    addr_of!((*l).tensor_maps).read(),
                    addr_of!((*l).n_tensor_maps).read(),
                ),
                (
                    addr_of!((*l).surfaces).read(),
                    addr_of!((*l).n_surfaces).read(),
                ),
                (
                    addr_of!((*l).textures).read(),
                    addr_of!((*l).n_textures).read(),
                ),
            ]
        }
    } else {
        // A 1.4 to 1.6 struct, which ends before them: none.
        [(std::ptr::null(), 0); 3]
    };
    for (p, n) in bindings {
        if p.is_null() && n > 0 {
            return Err(PTXFP_ERR_NULL);
        }
        if !fits(p.cast(), n, std::mem::size_of::<*const c_char>()) {
            return Err(PTXFP_ERR_OPERANDS);
        }
    }
    let ones = |d: [u32; 3]| d.map(|x| x.max(1));
    Ok(LaunchIn {
        entry,
        launch: Launch {
            grid: ones(grid),
            block: ones(block),
            dynamic_shared,
            cluster: (cluster != [0; 3]).then(|| ones(cluster)),
            cooperative,
        },
        max_steps: (max_steps != 0).then_some(max_steps),
        max_memory: (max_memory != 0).then_some(max_memory),
        lenient,
        check_memory,
        thread: report_thread.then_some((cta, thread)),
        bindings,
        stop,
        heap_size: (heap_size != 0).then_some(heap_size),
    })
}

/// What a `ptxfp_launch` asks for (`Launch::default()` etc. for NULL).
struct LaunchIn {
    entry: *const c_char,
    launch: Launch,
    max_steps: Option<u64>,
    max_memory: Option<u64>,
    lenient: bool,
    check_memory: bool,
    thread: Option<([u32; 3], [u32; 3])>,
    /// Tensor maps, surfaces and textures: the caller's string arrays.
    bindings: [(*const *const c_char, usize); 3],
    /// The caller's stop flag, or NULL.
    stop: *const i32,
    /// The device heap's bytes; `None`: the default.
    heap_size: Option<u64>,
}

/// The caller's stop flag, as [`interp::Interrupt`] asks it.
struct StopFlag(*const i32);

// SAFETY: the flag is only read, and stays valid for the call that reads
// it (the caller's contract); a run asks from the thread that called.
unsafe impl Send for StopFlag {}
// SAFETY: as above.
unsafe impl Sync for StopFlag {}

impl StopFlag {
    fn set(&self) -> bool {
        // SAFETY: readable and aligned for the call, by the caller's
        // contract. Volatile: another thread or a signal handler writes
        // it, which the compiler cannot see.
        unsafe { self.0.read_volatile() != 0 }
    }
}

impl Default for LaunchIn {
    fn default() -> LaunchIn {
        LaunchIn {
            entry: std::ptr::null(),
            launch: Launch::default(),
            max_steps: None,
            max_memory: None,
            lenient: false,
            check_memory: false,
            thread: None,
            bindings: [(std::ptr::null(), 0); 3],
            stop: std::ptr::null(),
            heap_size: None,
        }
    }
}

/// Runs a PTX module, or a snippet of instructions with its `.reg`
/// declarations, as `ptxfp run` does: every instruction is validated
/// against the version and target before anything runs. One thread, with
/// `NAME=VALUE` settings only: `ptxfp_run_kernel` with no memory and a
/// NULL launch.
///
/// - `ptx`: the text (NUL-terminated). Required.
/// - `sets`, `n_sets`: `"NAME=VALUE"` settings of registers and `.param`s,
///   as `ptxfp run --set` takes them (`"a=0x3c00"`, `"x=1.5"`); NULL if
///   `n_sets` is 0.
/// - `target`, `device`: override the module's `.target` / the device
///   (NULL: the module's, as `--target`/`--device`).
/// - `ptx_version`: override the module's `.version` (88 = 8.8; 0: the
///   module's).
/// - `out`: receives the run (also on `PTXFP_ERR_PROGRAM`, with the
///   diagnostics, and on `PTXFP_ERR_TARGET`, `PTXFP_ERR_DEVICE` and
///   `PTXFP_ERR_PTX_VERSION`, with one diagnostic without a place that
///   says what was wrong: API 1.8; NULL on the other failures). Free it
///   with `ptxfp_run_free`.
///
/// Returns `PTXFP_OK` when the program ran (its warnings are diagnostics
/// too; one about a setting, a value that overflowed its type, has no
/// place), `PTXFP_ERR_ASSERTION` when a device `assert()` failed and
/// stopped it (`ptxfp_run_assertion`; the registers and `printf` output
/// until then are in the run), `PTXFP_ERR_PROGRAM` when it has errors or
/// failed while running (the diagnostics say where), `PTXFP_ERR_TARGET` /
/// `PTXFP_ERR_PTX_VERSION` for a bad `target`, `device` or `ptx_version`,
/// `PTXFP_ERR_DEVICE` for a `device` that cannot load the code's target
/// (as `ptxfp_op_parse_on` says; it was `PTXFP_ERR_PROGRAM` before 1.8),
/// `PTXFP_ERR_OPERANDS` for an `n_sets` no array can have.
///
/// # Safety
/// `ptx` is a NUL-terminated string; `sets` has `n_sets` NUL-terminated
/// strings; `target` and `device` are NULL or NUL-terminated; `out` is
/// writable.
#[no_mangle]
pub unsafe extern "C" fn ptxfp_run_ptx(
    ptx: *const c_char,
    sets: *const *const c_char,
    n_sets: usize,
    target: *const c_char,
    device: *const c_char,
    ptx_version: u32,
    out: *mut *mut ptxfp_run,
) -> ptxfp_status {
    // SAFETY: the caller's contract, which is `ptxfp_run_kernel`'s.
    unsafe {
        ptxfp_run_kernel(
            ptx,
            sets,
            n_sets,
            std::ptr::null(),
            0,
            std::ptr::null(),
            target,
            device,
            ptx_version,
            out,
        )
    }
}

/// Runs a kernel over a whole grid, as `ptxfp run` with `--grid`,
/// `--block`, `--mem` and the other launch flags does: its diagnostics,
/// the memory it wrote (`ptxfp_run_memory`) and, for one thread or the
/// thread `launch->report_thread` names, its registers. API 1.4.
///
/// - `ptx`, `sets`, `n_sets`, `target`, `device`, `ptx_version`, `out`: as
///   for `ptxfp_run_ptx`. A kernel's parameters are `sets` (`"out=0x2000"`
///   for a `.param .u64 out`): every thread sees the same.
/// - `mems`, `n_mems`: the memory given before the run (`--mem`), in
///   order (a later range overwrites an earlier one); NULL if `n_mems` is
///   0.
/// - `launch`: the grid, block, entry and limits (`ptxfp_launch`); NULL
///   for one CTA of one thread and the defaults.
///
/// With one thread the memory is everything written (global, shared and
/// local); with several, global memory only (each CTA's shared memory is
/// its own). Errors found while running (a load of memory never given, a
/// `max_steps` or `max_memory` reached, a deadlock)
/// are `PTXFP_ERR_PROGRAM` with a diagnostic at the instruction that names
/// the thread; such a run holds no registers, but the memory written and
/// the `printf` output until the error (what the kernel did before it
/// failed; API 1.6). A launch the
/// engine refuses (too many threads, a `thread` outside the launch, a
/// cluster that does not divide the grid) and a bad `mems` entry (an
/// unknown variable, bytes past its end) are `PTXFP_ERR_PROGRAM` with one
/// diagnostic without a place (line 0): the engine's message, which names
/// the command-line flag (`--block` for `launch->block`, `--mem` for a
/// `mems` entry).
///
/// Returns the statuses of `ptxfp_run_ptx`, and `PTXFP_ERR_NULL` for
/// `mems` NULL with an `n_mems`, a NULL `mems[i].at`, or `mems[i].bytes`
/// NULL with a `len`; `PTXFP_ERR_OPERANDS` for an `n_sets`, `n_mems` or
/// `len` no array can have (over `PTRDIFF_MAX` bytes, or past the end of
/// the address space) or bytes the host cannot copy;
/// `PTXFP_ERR_STRUCT_SIZE` for a bad `launch->struct_size`;
/// `PTXFP_ERR_ENCODING` for a string (`ptx`, a setting, an `at`, the
/// entry) that is not UTF-8. On these `*out` is NULL: nothing ran.
///
/// # Safety
/// As for `ptxfp_run_ptx`; `mems` has `n_mems` entries, each `at` NULL or
/// NUL-terminated and each `bytes` NULL or `len` readable bytes; `launch`
/// is NULL or readable for `launch->struct_size` bytes, its `entry` NULL
/// or NUL-terminated.
#[no_mangle]
pub unsafe extern "C" fn ptxfp_run_kernel(
    ptx: *const c_char,
    sets: *const *const c_char,
    n_sets: usize,
    mems: *const ptxfp_mem,
    n_mems: usize,
    launch: *const ptxfp_launch,
    target: *const c_char,
    device: *const c_char,
    ptx_version: u32,
    out: *mut *mut ptxfp_run,
) -> ptxfp_status {
    if out.is_null() {
        return PTXFP_ERR_NULL;
    }
    // SAFETY: `out` is writable.
    unsafe { *out = std::ptr::null_mut() };
    if ptx.is_null() || (sets.is_null() && n_sets > 0) || (mems.is_null() && n_mems > 0) {
        return PTXFP_ERR_NULL;
    }
    if !fits(sets.cast(), n_sets, std::mem::size_of::<*const c_char>())
        || !fits(mems.cast(), n_mems, std::mem::size_of::<ptxfp_mem>())
    {
        return PTXFP_ERR_OPERANDS;
    }
    let r = catch_unwind(AssertUnwindSafe(|| {
        let launch = match launch.is_null() {
            true => LaunchIn::default(),
            // SAFETY: the caller's contract.
            false => unsafe { read_launch(launch) }?,
        };
        let args = Args {
            ptx,
            sets,
            n_sets,
            mems,
            n_mems,
            launch,
            target,
            device,
            ptx_version,
        };
        // SAFETY: the caller's contract.
        unsafe { run(args) }
    }));
    match r {
        Ok(Ok((status, run))) => {
            // SAFETY: `out` is writable.
            unsafe { *out = Box::into_raw(Box::new(run)) };
            status
        }
        Ok(Err(status)) => status,
        Err(_) => PTXFP_ERR_INTERNAL,
    }
}

/// The arguments of `ptxfp_run_kernel`, checked for NULL and length.
struct Args {
    ptx: *const c_char,
    sets: *const *const c_char,
    n_sets: usize,
    mems: *const ptxfp_mem,
    n_mems: usize,
    launch: LaunchIn,
    target: *const c_char,
    device: *const c_char,
    ptx_version: u32,
}

unsafe fn run(a: Args) -> Result<(ptxfp_status, ptxfp_run), ptxfp_status> {
    let text = |p: *const c_char| -> Result<Option<String>, ptxfp_status> {
        if p.is_null() {
            return Ok(None);
        }
        // SAFETY: NUL-terminated, by the caller's contract.
        let s = unsafe { std::ffi::CStr::from_ptr(p) };
        s.to_str()
            .map(|s| Some(s.to_string()))
            .map_err(|_| PTXFP_ERR_ENCODING)
    };
    let src = text(a.ptx)?.unwrap_or_default();
    let mut inputs = Inputs::default();
    for k in 0..a.n_sets {
        // SAFETY: `sets` has `n_sets` entries.
        let s = text(unsafe { *a.sets.add(k) })?.ok_or(PTXFP_ERR_NULL)?;
        let (name, value) = s.split_once('=').unwrap_or((&s, ""));
        inputs
            .sets
            .push((name.trim().to_string(), value.trim().to_string()));
    }
    for k in 0..a.n_mems {
        // SAFETY: `mems` has `n_mems` entries.
        let m = unsafe { &*a.mems.add(k) };
        let at = text(m.at)?.ok_or(PTXFP_ERR_NULL)?;
        let bytes: &[u8] = match (m.bytes.is_null(), m.len) {
            // No bytes: nothing given (`--mem` refuses an empty range, but
            // an empty array in C is just no input).
            (_, 0) => continue,
            (true, _) => return Err(PTXFP_ERR_NULL),
            (false, n) if !fits(m.bytes, n, 1) => return Err(PTXFP_ERR_OPERANDS),
            // SAFETY: `len` readable bytes, by the caller's contract.
            (false, n) => unsafe { std::slice::from_raw_parts(m.bytes, n) },
        };
        let bytes = crate::try_copy(bytes).ok_or(PTXFP_ERR_OPERANDS)?;
        inputs.mems.push((at.trim().to_string(), bytes));
    }
    // A bad target, device or PTX version: its status, and a run with the
    // message `ptxfp_op_parse` gives (a bare status did not say which of
    // them was wrong, or why).
    let (target, device) = (text(a.target)?, text(a.device)?);
    let setup = crate::setup_of(target.as_deref(), device.as_deref(), a.ptx_version);
    let (target, device, version) = match setup {
        Ok(s) => s,
        Err((status, m)) => {
            let mut run = empty_run();
            run.diags.push(placeless(&m, true));
            return Ok((status, run));
        }
    };
    let l = a.launch;
    for (k, (p, n)) in l.bindings.iter().enumerate() {
        for i in 0..*n {
            // SAFETY: `n` entries, by the caller's contract (checked to fit).
            let s = text(unsafe { *p.add(i) })?.ok_or(PTXFP_ERR_NULL)?;
            match k {
                0 => inputs.tensor_maps.push(s),
                1 => inputs.surfaces.push(s),
                _ => inputs.textures.push(s),
            }
        }
    }
    let opts = Options {
        target,
        device,
        version,
        entry: text(l.entry)?,
        launch: l.launch,
        max_steps: l.max_steps,
        max_memory: l.max_memory,
        lenient: l.lenient,
        check_memory: l.check_memory,
        thread: l.thread,
        heap_size: l.heap_size,
        interrupt: (!l.stop.is_null()).then(|| {
            let flag = StopFlag(l.stop);
            interp::Interrupt(std::sync::Arc::new(move || flag.set()))
        }),
        ..Options::default()
    };
    let map = SourceMap::new(&src);
    Ok(match interp::run(&src, &inputs, &opts) {
        Ok(o) => (
            if o.assertions.is_empty() {
                PTXFP_OK
            } else {
                PTXFP_ERR_ASSERTION
            },
            ptxfp_run {
                printf: printf_lines(&o.printf),
                assertions: o.assertions.iter().map(|a| cstring(&a.text())).collect(),
                diags: o
                    .input_warnings
                    .iter()
                    .map(|w| placeless(w, false))
                    .chain(o.warnings.iter().map(|d| diag(d, &map)))
                    .collect(),
                regs: o
                    .regs
                    .iter()
                    .map(|r| Reg {
                        name: cstring(&r.name),
                        bits: r.bits,
                        width: r.declared.bits(),
                        written: r.written,
                    })
                    .collect(),
                memory: o.memory,
            },
        ),
        Err(e) => {
            // A device that cannot load the code: the status a parse of
            // the same target and device gives.
            let status = if e.is_unloadable() {
                PTXFP_ERR_DEVICE
            } else {
                PTXFP_ERR_PROGRAM
            };
            let mut run = empty_run();
            run.diags = match e {
                RunError::Program(d)
                | RunError::Unloadable {
                    error: d,
                    at_target: true,
                } => vec![diag(&d, &map)],
                // What ran before the error: its warnings, the memory it
                // wrote and what it printed, as a run that ends has them.
                RunError::Runtime { error, before } => {
                    let before = *before;
                    run.memory = before.memory;
                    run.printf = printf_lines(&before.printf);
                    before
                        .input_warnings
                        .iter()
                        .map(|w| placeless(w, false))
                        .chain(
                            before
                                .warnings
                                .iter()
                                .chain(std::iter::once(&error))
                                .map(|d| diag(d, &map)),
                        )
                        .collect()
                }
                RunError::Diagnostics(ds) => ds.iter().map(|d| diag(d, &map)).collect(),
                RunError::Input(m) => vec![placeless(&m, true)],
                e @ RunError::Unloadable { .. } => vec![placeless(&e.to_string(), true)],
            };
            (status, run)
        }
    })
}

/// A run with nothing in it yet.
fn empty_run() -> ptxfp_run {
    ptxfp_run {
        diags: Vec::new(),
        regs: Vec::new(),
        memory: Vec::new(),
        printf: Vec::new(),
        assertions: Vec::new(),
    }
}

/// Each `printf` line's bytes, NUL-terminated, with their length.
fn printf_lines(lines: &[interp::PrintfLine]) -> Vec<(Vec<u8>, usize)> {
    lines
        .iter()
        .map(|p| {
            let mut b = p.bytes.clone();
            b.push(0);
            (b, p.bytes.len())
        })
        .collect()
}

/// Frees a run (NULL: nothing). Its strings become invalid.
///
/// # Safety
/// `run` is NULL or a run from `ptxfp_run_ptx` or `ptxfp_run_kernel`,
/// not freed before.
#[no_mangle]
pub unsafe extern "C" fn ptxfp_run_free(run: *mut ptxfp_run) {
    if !run.is_null() {
        // SAFETY: made by Box::into_raw in ptxfp_run_kernel.
        drop(unsafe { Box::from_raw(run) });
    }
}

/// The number of diagnostics (errors and warnings) of a run; 0 for NULL.
///
/// # Safety
/// `run` is NULL or a live run.
#[no_mangle]
pub unsafe extern "C" fn ptxfp_run_diagnostic_count(run: *const ptxfp_run) -> usize {
    // SAFETY: the caller's contract.
    unsafe { run.as_ref() }.map_or(0, |r| r.diags.len())
}

/// Diagnostic `i` of a run into `*out`; false (nothing written) where there
/// is none.
///
/// # Safety
/// `run` is NULL or a live run; `out` is NULL or writable.
#[no_mangle]
pub unsafe extern "C" fn ptxfp_run_diagnostic(
    run: *const ptxfp_run,
    i: usize,
    out: *mut ptxfp_diagnostic,
) -> bool {
    // SAFETY: the caller's contract.
    let (Some(r), Some(out)) = (unsafe { run.as_ref() }, unsafe { out.as_mut() }) else {
        return false;
    };
    let Some(d) = r.diags.get(i) else {
        return false;
    };
    *out = ptxfp_diagnostic {
        is_error: d.is_error,
        line: d.line,
        column: d.column,
        message: d.message.as_ptr(),
        help: d.help.as_ref().map_or(std::ptr::null(), |h| h.as_ptr()),
    };
    true
}

/// The number of registers that hold a value after a run (given or
/// written), in declaration order; 0 for NULL.
///
/// # Safety
/// `run` is NULL or a live run.
#[no_mangle]
pub unsafe extern "C" fn ptxfp_run_register_count(run: *const ptxfp_run) -> usize {
    // SAFETY: the caller's contract.
    unsafe { run.as_ref() }.map_or(0, |r| r.regs.len())
}

/// Register `i` of a run into `*out`; false (nothing written) where there
/// is none.
///
/// # Safety
/// `run` is NULL or a live run; `out` is NULL or writable.
#[no_mangle]
pub unsafe extern "C" fn ptxfp_run_register(
    run: *const ptxfp_run,
    i: usize,
    out: *mut ptxfp_register,
) -> bool {
    // SAFETY: the caller's contract.
    let (Some(r), Some(out)) = (unsafe { run.as_ref() }, unsafe { out.as_mut() }) else {
        return false;
    };
    let Some(g) = r.regs.get(i) else {
        return false;
    };
    *out = ptxfp_register {
        name: g.name.as_ptr(),
        bits: g.bits,
        width: g.width,
        written: g.written,
    };
    true
}

/// The bits of the register named `name` after a run into `*bits`; false
/// where no register of that name holds a value.
///
/// # Safety
/// `run` is NULL or a live run; `name` is NULL or NUL-terminated; `bits`
/// is NULL or writable.
#[no_mangle]
pub unsafe extern "C" fn ptxfp_run_find(
    run: *const ptxfp_run,
    name: *const c_char,
    bits: *mut u64,
) -> bool {
    // SAFETY: the caller's contract.
    let (Some(r), Some(bits)) = (unsafe { run.as_ref() }, unsafe { bits.as_mut() }) else {
        return false;
    };
    if name.is_null() {
        return false;
    }
    // SAFETY: NUL-terminated.
    let name = unsafe { std::ffi::CStr::from_ptr(name) };
    match r.regs.iter().find(|g| g.name.as_c_str() == name) {
        Some(g) => {
            *bits = g.bits;
            true
        }
        None => false,
    }
}

/// How many device `printf` calls the run made (0 for NULL).
///
/// # Safety
/// `run` is NULL or a live run.
#[no_mangle]
pub unsafe extern "C" fn ptxfp_run_printf_count(run: *const ptxfp_run) -> usize {
    // SAFETY: the caller's contract.
    unsafe { run.as_ref() }.map_or(0, |r| r.printf.len())
}

/// What `printf` call `i` printed, in the engine's order (CTA, warp,
/// lane): NUL-terminated, its length in bytes (a `%c` of 0 may put a NUL
/// inside) written to `len` where that is not NULL. NULL where `run` is
/// NULL or `i` is out of range. Lives until `ptxfp_run_free`.
///
/// # Safety
/// `run` is NULL or a live run; `len` is NULL or
/// writable.
#[no_mangle]
pub unsafe extern "C" fn ptxfp_run_printf(
    run: *const ptxfp_run,
    i: usize,
    len: *mut usize,
) -> *const c_char {
    // SAFETY: the caller's contract.
    let Some((bytes, n)) = unsafe { run.as_ref() }.and_then(|r| r.printf.get(i)) else {
        return std::ptr::null();
    };
    if !len.is_null() {
        // SAFETY: writable, by the caller's contract.
        unsafe { *len = *n };
    }
    bytes.as_ptr().cast()
}

/// How many threads' failed `assert()`s stopped the run (0 for NULL).
///
/// # Safety
/// `run` is NULL or a live run.
#[no_mangle]
pub unsafe extern "C" fn ptxfp_run_assertion_count(run: *const ptxfp_run) -> usize {
    // SAFETY: the caller's contract.
    unsafe { run.as_ref() }.map_or(0, |r| r.assertions.len())
}

/// CUDA's line for failed assertion `i` (`file:line: function: block:
/// [x,y,z], thread: [x,y,z] Assertion `expr` failed.`), NUL-terminated;
/// NULL where `run` is NULL or `i` is out of range. Lives until
/// `ptxfp_run_free`.
///
/// # Safety
/// `run` is NULL or a live run.
#[no_mangle]
pub unsafe extern "C" fn ptxfp_run_assertion(run: *const ptxfp_run, i: usize) -> *const c_char {
    // SAFETY: the caller's contract.
    unsafe { run.as_ref() }
        .and_then(|r| r.assertions.get(i))
        .map_or(std::ptr::null(), |s| s.as_ptr())
}

/// How many contiguous ranges of memory the run wrote (0 for NULL, and
/// for a program refused before it ran). With one thread: global, shared
/// and local memory; with several: global memory. A run that stopped with
/// a run-time error holds what was written until then (API 1.6; before,
/// none).
///
/// # Safety
/// `run` is NULL or a live run.
#[no_mangle]
pub unsafe extern "C" fn ptxfp_run_memory_count(run: *const ptxfp_run) -> usize {
    // SAFETY: the caller's contract.
    unsafe { run.as_ref() }.map_or(0, |r| r.memory.len())
}

/// Range `i` of the memory the run wrote, in address order, into `*out`
/// (its bytes live until `ptxfp_run_free`); false (nothing written) where
/// there is none. Ranges do not touch: two written ranges with no byte
/// between them are one.
///
/// # Safety
/// `run` is NULL or a live run; `out` is NULL or writable.
#[no_mangle]
pub unsafe extern "C" fn ptxfp_run_memory(
    run: *const ptxfp_run,
    i: usize,
    out: *mut ptxfp_mem_range,
) -> bool {
    // SAFETY: the caller's contract.
    let (Some(r), Some(out)) = (unsafe { run.as_ref() }, unsafe { out.as_mut() }) else {
        return false;
    };
    let Some((address, bytes)) = r.memory.get(i) else {
        return false;
    };
    *out = ptxfp_mem_range {
        address: *address,
        bytes: bytes.as_ptr(),
        len: bytes.len(),
    };
    true
}

/// Copies the bytes the run wrote in `[address, address + len)` to
/// `buf[0..len]` (`buf[k]` holds the byte at `address + k`; a byte the run
/// did not write is left as it was) and returns how many bytes of the
/// range the run wrote: `len` when it wrote them all. 0 where `run` or
/// `buf` is NULL. An output array of a kernel reads back in one call,
/// whatever ranges its writes made.
///
/// # Safety
/// `run` is NULL or a live run; `buf` is NULL or `len` writable bytes.
#[no_mangle]
pub unsafe extern "C" fn ptxfp_run_memory_read(
    run: *const ptxfp_run,
    address: u64,
    buf: *mut u8,
    len: usize,
) -> usize {
    // SAFETY: the caller's contract.
    let Some(r) = (unsafe { run.as_ref() }) else {
        return 0;
    };
    if buf.is_null() || len == 0 {
        return 0;
    }
    // The range asked for, clipped at the end of the address space.
    let end = address.saturating_add(len as u64);
    let mut found = 0;
    for (a, bytes) in &r.memory {
        let (lo, hi) = (
            *a.max(&address),
            a.saturating_add(bytes.len() as u64).min(end),
        );
        if lo >= hi {
            continue;
        }
        let n = (hi - lo) as usize;
        // SAFETY: `lo - address + n <= len` bytes of `buf` are writable;
        // `lo - a + n <= bytes.len()`.
        unsafe {
            std::ptr::copy_nonoverlapping(
                bytes.as_ptr().add((lo - a) as usize),
                buf.add((lo - address) as usize),
                n,
            )
        };
        found += n;
    }
    found
}
