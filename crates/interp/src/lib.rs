//! The PTX snippet interpreter: runs straight-line PTX (a snippet or an
//! nvcc entry function) on registers and a byte-addressed memory, every
//! arithmetic instruction through [`Form::eval`].
//!
//! Executing PTX means executing what is written (docs/NVIDIA.md "Contraction");
//! [`Options::contract`] additionally reports where the assembler's
//! mul+add → fma fusion would change a result.

// Every step of the engine returns a `Result` carrying a `RunError`, kept
// at 128 bytes on purpose: what made it larger is boxed where measured to
// matter (tests/engine_gaps.rs `run_error_stays_small`, docs/ENGINE.md
// "Speed"). Clippy's `result_large_err` (128 bytes and more, in Rust 1.95)
// would box the rest, a change to measure first, not to make for a lint.
#![allow(clippy::result_large_err)]

mod engine;
pub mod memory;
pub mod options;
mod printf;
mod set;
mod stack;
mod surface;
mod texture;
mod video;

use engine::{Engine, Region};
pub use engine::{
    Launch, DEFAULT_HEAP_SIZE, DEFAULT_MAX_MEMORY, DEFAULT_MAX_STEPS, HEAP_BASE, MAX_CALL_DEPTH,
    MAX_CTA_THREADS, MAX_HEAP_SIZE, MAX_KEPT_TRACE, MAX_PRINTF_KEPT, NSMID, WARP_SIZE,
};

use crate::memory::Memory;
use ptxfp_front::module::{self, Instr, Module, Operand, OperandKind, Space, Span, Stmt};
use ptxfp_isa::control::Mem;
use ptxfp_isa::diag::Diagnostic;
use ptxfp_isa::form::{Clamp, Form, Mods, Opcode};
use ptxfp_isa::int::IntOpcode;
use ptxfp_isa::literal::{hex as show_hex, show_lanes};
use ptxfp_isa::op::{decode, Decoded, Op};
use ptxfp_isa::setp::BoolOp;
use ptxfp_isa::target::PtxVersion;
use ptxfp_isa::target::Target;
use ptxfp_isa::types::PtxType;
use ptxfp_model::batch::{OnePlan, Plan};
use ptxfp_model::{Eval, EvalInt, Exec};
use set::{set_value, set_value_warned, SetError};
use std::collections::{BTreeMap, HashMap};

/// How to run.
#[derive(Clone, Debug, Default)]
pub struct Options {
    /// The device that runs the code (`--device`); `None`: the code's own
    /// target, as `ptxfp eval` does. A device that cannot run code for the
    /// code's target (an older one, or another architecture for an `a`
    /// target) is an error.
    pub device: Option<Target>,
    /// Overrides `.target` (`--target`).
    pub target: Option<Target>,
    /// Overrides `.version` (`--ptx`).
    pub version: Option<PtxVersion>,
    /// Declare registers on first use and read unwritten ones as zero, and
    /// repair a misplaced or repeated modifier (docs/NVIDIA.md "Errata"), with
    /// warnings. The validation of every instruction against the version
    /// and target is the same as in strict mode.
    pub lenient: bool,
    /// Record each executed instruction: in [`Outcome::trace`], or handed
    /// to [`run_streaming`]'s callback as it runs.
    pub trace: bool,
    /// Report where mul+add contraction to fma changes a result.
    pub contract: bool,
    /// The `.entry` function to run (`--entry`); may be left out when the
    /// module has one entry, or none (a snippet runs as a whole). In a
    /// module without an `.entry`, a `.func` with a body: needed when it
    /// has several.
    pub entry: Option<String>,
    /// The grid and CTA shape (`--grid`, `--block`, `--dynamic-shared`);
    /// the default is one CTA of one thread.
    pub launch: Launch,
    /// The block was not given (`--block` left out): the entry's
    /// `.reqntid`, where it has one, is the block instead of
    /// `launch.block` (PTX ISA 11.4.3: the kernel "must be launched" with
    /// it).
    pub block_from_entry: bool,
    /// The grid was not given (`--grid` left out): the cluster shape
    /// (`launch.cluster`, else the entry's `.reqnctapercluster`), where
    /// there is one, is the grid instead of `launch.grid`: one cluster.
    pub grid_from_entry: bool,
    /// Stop after this many thread-instructions (`--max-steps`; `None`:
    /// [`DEFAULT_MAX_STEPS`]): an endless loop ends with an error naming
    /// the thread and the line.
    pub max_steps: Option<u64>,
    /// In a launch of several threads, the thread whose registers the
    /// outcome reports, `(%ctaid, %tid)` (`--thread`); `None`: none.
    pub thread: Option<([u32; 3], [u32; 3])>,
    /// Report a load of memory never given or written, or a misaligned
    /// access, as a warning naming the thread, the line and the address,
    /// and go on (a load reads zeros); without it, such an access is an
    /// error that stops the run. With it, a store to global memory that
    /// no region, variable or `malloc` block holds is reported too (a GPU
    /// faults there; without it the bytes are written silently).
    pub check_memory: bool,
    /// The size in bytes of the device heap that `malloc` allocates from
    /// (CUDA's `cudaLimitMallocHeapSize`; `None`: [`DEFAULT_HEAP_SIZE`],
    /// CUDA's default of 8 MiB). At most [`MAX_HEAP_SIZE`].
    pub heap_size: Option<u64>,
    /// The most bytes the run may hold (`--max-memory`; `None`:
    /// [`DEFAULT_MAX_MEMORY`]): the pages of its memories, given or
    /// written, and its CTA's register file (16 bytes a register a
    /// thread). Past it the run stops with an error, not the host's
    /// memory.
    pub max_memory: Option<u64>,
    /// Asked every [`POLL_STEPS`] thread-instructions whether to stop
    /// (Python's `ptxfp.run` asks whether Ctrl-C was pressed); when it
    /// answers true, the run ends with a [`RunError::Runtime`] that says
    /// it was interrupted, with what ran before. `None`: never asked.
    pub interrupt: Option<Interrupt>,
}

/// The thread-instructions between two questions to [`Options::interrupt`]:
/// from about 10 to 100 ms of one core (docs/ENGINE.md "Speed").
pub const POLL_STEPS: u64 = 1 << 20;

/// A question a run asks now and then: stop here? ([`Options::interrupt`]).
#[derive(Clone)]
pub struct Interrupt(pub std::sync::Arc<dyn Fn() -> bool + Send + Sync>);

impl std::fmt::Debug for Interrupt {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str("Interrupt(..)")
    }
}

/// Initial state given from outside the program.
#[derive(Clone, Debug, Default)]
pub struct Inputs {
    /// `--set NAME=VALUE`: a register or a `.param` variable. Where blocks
    /// declare the name more than once, `NAME@LINE` or `NAME@LINE:COL`
    /// names the declaration (with [`run`], which knows the text).
    pub sets: Vec<(String, String)>,
    /// `--mem ADDR=HEX`: ADDR is a number or a variable name with an
    /// optional `+offset`, and the bytes in memory order. Bytes given by a
    /// variable's name must fit in the variable.
    pub mems: Vec<(String, Vec<u8>)>,
    /// `--mem-file ADDR=PATH`: as [`Inputs::mems`], the bytes read from a
    /// file; no more than fit in the variable, or [`MAX_MEM_FILE`] at an
    /// address.
    pub mem_files: Vec<(String, std::path::PathBuf)>,
    /// `--surface NAME=W[xH[xD]]:FORMAT@ADDR[:layers=N][:pitch=BYTES]`:
    /// binds a `.surfref` variable, or a bindless handle value, to an image
    /// in global memory (docs/ENGINE.md "Surfaces"; [`SURFACE_SYNTAX`]).
    pub surfaces: Vec<String>,
    /// `--texture NAME=W[xH[xD]]:FORMAT@ADDR[:...]`: binds a `.texref`, or
    /// a bindless handle value, to an image in global memory and a sampler
    /// (docs/ENGINE.md "Textures"; [`TEXTURE_SYNTAX`]).
    pub textures: Vec<String>,
    /// `--tensor-map NAME=TYPE:SIZES@ADDR:box=...`: a tensor map's 128
    /// bytes at NAME (a variable or an address), for the tensor copies
    /// (docs/ENGINE.md "Tensor copies"; [`TENSOR_MAP_SYNTAX`]).
    pub tensor_maps: Vec<String>,
}

pub use engine::tensor_map::{tensor_map_spec, TensorMapSpec, TENSOR_MAP_SYNTAX};

/// The bits `--set NAME=TEXT` gives a register or variable of type `ty`
/// (the rules of [`Inputs::sets`]), for a harness that builds a kernel's
/// parameters itself (`ptxfp hw run`); the error says why the text does
/// not fit the type.
pub fn set_bits(text: &str, ty: PtxType) -> Result<u64, String> {
    set::set_value(text, ty).map_err(|e| match e {
        set::SetError::Bad(m) => m,
        set::SetError::Untyped => format!(
            "`{text}` for a .{} parameter: write TYPE:VALUE (u64:{text}) or hex bits",
            ty.name()
        ),
        set::SetError::Mismatch(t, v) => {
            format!("`{t}:{v}` does not fit a .{} parameter", ty.name())
        }
    })
}
pub use surface::SURFACE_SYNTAX;
pub use texture::TEXTURE_SYNTAX;

/// Why a run failed.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum RunError {
    /// A problem in the program, with its place, found before anything ran.
    #[error("{0}")]
    Program(Diagnostic),
    /// A problem in the program found while running it (a load of memory
    /// never given, a backward branch, ...): what had run until then.
    #[error("{error}")]
    Runtime {
        /// The error, at the instruction that failed.
        error: Diagnostic,
        /// What the run did before it. Boxed: every `Result` of the
        /// engine's hot path carries a `RunError`, which stays small
        /// enough (at most 128 bytes) to be moved without a `memcpy` call
        /// (an unboxed `Vec` of input warnings here added 1.2% to the
        /// instructions of the fma-chain benchmark, counted with
        /// callgrind).
        before: Box<Partial>,
    },
    /// Several problems found before running (all of them, in source order).
    #[error("{} errors, the first: {}", .0.len(), .0.first().map_or(String::new(), |d| d.to_string()))]
    Diagnostics(Vec<Diagnostic>),
    /// A problem with `--set`/`--mem` input, or a limit reached (more
    /// than [`module::MAX_DIAGNOSTICS`] errors and warnings).
    #[error("{0}")]
    Input(String),
    /// A `--device` that cannot load the code's target (its sm is below
    /// the target's): the C API's `PTXFP_ERR_DEVICE`, as its parse gives
    /// for the same target and device. Nothing ran. Where the module's
    /// `.target` names the target, the error is at that directive
    /// (`at_target`), and front ends show it as a program's error; where
    /// `--target` did, its span says nothing, and the message (the text
    /// of this error: the message, then its help) is an input error.
    #[error("{}", unloadable_text(.error, *.at_target))]
    Unloadable {
        /// What cannot run where, and how to fix it.
        error: Diagnostic,
        /// Whether `error.span` is the `.target` directive.
        at_target: bool,
    },
}

/// The warning of a run that kept the first [`MAX_PRINTF_KEPT`] bytes of
/// `printf` output ([`PrintfLine::kept_cost`]) and not the `dropped`
/// calls after them (the library's outcome, and `run --json`, which keeps
/// the output for its field).
pub fn printf_not_kept(dropped: u64) -> Diagnostic {
    Diagnostic::warning(
        0..0,
        format!(
            "{dropped} printf call(s) not kept: the run keeps the first {MAX_PRINTF_KEPT} bytes of printf output (a GPU's printf buffer is a 1 MiB ring whose older output is overwritten)"
        ),
    )
}

impl RunError {
    /// Whether this is the error of a `--device` that cannot load the
    /// code's target.
    pub fn is_unloadable(&self) -> bool {
        matches!(self, RunError::Unloadable { .. })
    }
}

/// The text of [`RunError::Unloadable`]: the diagnostic's, or, without a
/// place in the module, its message and then its help on a line of its own.
fn unloadable_text(error: &Diagnostic, at_target: bool) -> String {
    match &error.help {
        _ if at_target => error.to_string(),
        Some(help) => format!("{}\n  help: {help}", error.message),
        None => error.message.clone(),
    }
}

/// One register's final state.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct RegValue {
    /// Name as declared.
    pub name: String,
    /// Declared type.
    pub declared: PtxType,
    /// How the bits are decoded: the type of the instruction that last
    /// wrote the register, unless that is a bit type (`mov.b32`, `ld.b16`),
    /// which says nothing about the meaning: then the declared type. A
    /// `.f32` register written by `mov.b32` shows as `f32 1.0`; a `.b16`
    /// register written by `fma.rn.f16` as `f16 ...`, by `mov.b16` as bits.
    pub shown_as: PtxType,
    /// The bits.
    pub bits: u64,
    /// Written by the program (not only given or unset).
    pub written: bool,
    /// Where it was declared (for --lenient, its first use; `None` for a
    /// special register given by --set). Two registers of one name (an
    /// inner block's shadowing an outer one) differ here.
    pub declared_at: Option<Span>,
}

impl RegValue {
    /// `NAME = 0xHEX  TYPE lanes`.
    pub fn line(&self) -> String {
        format!("{} = {}", self.name, self.value_text())
    }

    /// `0xHEX  TYPE lanes`.
    pub fn value_text(&self) -> String {
        format!(
            "{}  {}",
            show_hex(self.bits, self.declared),
            show_lanes(self.bits, self.shown_as)
        )
    }
}

/// A place where fusing a mul and a dependent add/sub into fma changes the result.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Contraction {
    /// The mul's span.
    pub mul: Span,
    /// The add/sub's span.
    pub add: Span,
    /// The add/sub's opcode root: `add` or `sub`.
    pub op: &'static str,
    /// The fused form that was evaluated (`fma.rn.f16`).
    pub fused_form: String,
    /// a, b (the mul's sources) and c (the add's other source), as fma operands.
    pub inputs: [u64; 3],
    /// The type of the values.
    pub ty: PtxType,
    /// The result as written (mul then add).
    pub unfused: u64,
    /// The fma result.
    pub fused: u64,
}

/// One instruction of a trace ([`Options::trace`]): executed, or skipped
/// by a false guard.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct TraceStep {
    /// The statement, guard to `;`.
    pub span: Span,
    /// The opcode as written (`add.rn.f16`).
    pub opcode: String,
    /// The statement in canonical spelling: `@!p add.rn.f16 d, a, b`.
    pub instruction: String,
    /// The values it read, in operand order, each with the type it was
    /// read as (for `ld`/`st`, the address).
    pub inputs: Vec<(u64, PtxType)>,
    /// The value it wrote and its type, where it wrote one register (a
    /// `setp`'s predicate, not its complement).
    pub result: Option<(u64, PtxType)>,
    /// For `ld`/`st`: the values loaded or stored, in memory order.
    pub access: Option<Access>,
    /// Not executed: its guard was false.
    pub skipped: bool,
    /// The thread that ran it, `(%ctaid, %tid)`, in a launch of more than
    /// one thread (`None` in a launch of one).
    pub thread: Option<([u32; 3], [u32; 3])>,
    /// The result is an `.approx` instruction's: within the PTX ISA's
    /// error bound, not necessarily the GPU's bits (docs/NVIDIA.md
    /// ".approx").
    pub approx: bool,
}

/// The memory side of a traced `ld` or `st`.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Access {
    /// `st` (else `ld`).
    pub store: bool,
    /// The element type.
    pub ty: PtxType,
    /// The values, one per vector element.
    pub values: Vec<u64>,
}

impl TraceStep {
    /// The line `ptxfp run --trace` prints after the location:
    /// `mul.f16 d, a, a  [0x3c00, 0x3c00] -> 0x3c00  f16 1`, with
    /// ` loaded 0x...`/` stored 0x...` for memory, or the statement and
    /// `(skipped: guard false)`.
    pub fn text(&self) -> String {
        let who = match self.thread {
            Some((c, t)) => format!(
                "[cta {},{},{} tid {},{},{}] ",
                c[0], c[1], c[2], t[0], t[1], t[2]
            ),
            None => String::new(),
        };
        if self.skipped {
            return format!("{who}{}  (skipped: guard false)", self.instruction);
        }
        let inputs = self
            .inputs
            .iter()
            .map(|(v, t)| show_hex(*v, *t))
            .collect::<Vec<_>>()
            .join(", ");
        let mut out = format!("{who}{}  [{inputs}]", self.instruction);
        if let Some((v, t)) = self.result {
            out += &format!(" -> {}  {}", show_hex(v, t), show_lanes(v, t));
            if self.approx {
                out += "  (approx)";
            }
        }
        if let Some(a) = &self.access {
            out += &format!(
                " {} {}",
                if a.store { "stored" } else { "loaded" },
                a.values
                    .iter()
                    .map(|v| show_hex(*v, a.ty))
                    .collect::<Vec<_>>()
                    .join(", ")
            );
        }
        out
    }
}

/// What a run produced.
#[derive(Clone, Debug)]
pub struct Outcome {
    /// The launch that ran: `Options::launch` with a shape not given taken
    /// from the entry's directives (`Options::block_from_entry`).
    pub launch: Launch,
    /// Registers that hold a value (given or written), in declaration order;
    /// [`RegValue::written`] tells which the program wrote.
    pub regs: Vec<RegValue>,
    /// Memory written, as contiguous runs.
    pub memory: Vec<(u64, Vec<u8>)>,
    /// The instructions run and skipped, in order (with [`Options::trace`]).
    pub trace: Vec<TraceStep>,
    /// Warnings (lenient declarations, unread inputs).
    pub warnings: Vec<Diagnostic>,
    /// Warnings about the inputs themselves, which have no place in the
    /// program: a `--set` value that overflowed to Inf or underflowed to 0
    /// in its register's type (`--set x=1e999: `1e999` overflows .f32 and
    /// is +Inf`).
    pub input_warnings: Vec<String>,
    /// Contractions that change a result (with [`Options::contract`]).
    pub contractions: Vec<Contraction>,
    /// The code target used (`--target`, else `.target`, else `--device`,
    /// else sm_100, `Target::DEFAULT`).
    pub code_target: Target,
    /// The device that ran it (`--device`, else the code target).
    pub device: Target,
    /// The function that ran: an `.entry`, or in a module without one a
    /// `.func` (`None`: a snippet, run as a whole).
    pub entry: Option<String>,
    /// The PTX version used.
    pub version: PtxVersion,
    /// What the kernel printed with `printf` (calls of the CUDA runtime's
    /// `vprintf`), one entry per call, in the order the engine ran them;
    /// empty where a [`Sink`] took them ([`run_with`]).
    pub printf: Vec<PrintfLine>,
    /// The failed `assert()`s (calls of `__assertfail`) that stopped the
    /// run: the threads of the warp that called it, in lane order. Empty
    /// for a run that ended.
    pub assertions: Vec<Assertion>,
}

/// What a run did before a run-time error stopped it
/// ([`RunError::Runtime`]): what a kernel author debugging the failure
/// wants besides the error.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Partial {
    /// The instructions run (with [`Options::trace`], and not streamed;
    /// empty without).
    pub trace: Vec<TraceStep>,
    /// The warnings until the error.
    pub warnings: Vec<Diagnostic>,
    /// The warnings about the inputs ([`Outcome::input_warnings`]: a
    /// `--set` value that overflowed or underflowed), which were given
    /// before the run started and hold whatever stopped it.
    pub input_warnings: Vec<String>,
    /// The memory written until the error, as [`Outcome::memory`] gives
    /// it (for a launch of several threads, the global memory).
    pub memory: Vec<(u64, Vec<u8>)>,
    /// What the kernel printed until the error, as [`Outcome::printf`]
    /// (empty where [`run_with`]'s sink took each line as it was printed).
    pub printf: Vec<PrintfLine>,
}

/// What one call of `vprintf` (device `printf`) printed.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct PrintfLine {
    /// The `call` statement.
    pub span: Span,
    /// The thread that called it: `(%ctaid, %tid)`.
    pub thread: ([u32; 3], [u32; 3]),
    /// The bytes printed, as the host's C library would print them (not
    /// necessarily one line, nor UTF-8).
    pub bytes: Vec<u8>,
}

impl PrintfLine {
    /// The bytes as text (invalid UTF-8 replaced).
    pub fn text(&self) -> String {
        String::from_utf8_lossy(&self.bytes).into_owned()
    }

    /// What keeping the call counts against [`MAX_PRINTF_KEPT`]: its bytes
    /// and its record. Counting the bytes alone let a kernel of empty
    /// `printf("")` calls keep records without bound (found by review).
    pub fn kept_cost(&self) -> u64 {
        self.bytes.len() as u64 + std::mem::size_of::<PrintfLine>() as u64
    }
}

/// The `printf` output a run has kept, against [`MAX_PRINTF_KEPT`]: one
/// rule for the library's outcome and `run --json`'s field.
#[derive(Clone, Copy, Debug, Default)]
pub struct PrintfBudget {
    used: u64,
}

impl PrintfBudget {
    /// Whether `line` is kept; its [`PrintfLine::kept_cost`] is counted if
    /// it is.
    pub fn admit(&mut self, line: &PrintfLine) -> bool {
        let more = line.kept_cost();
        let fits = self.used.saturating_add(more) <= MAX_PRINTF_KEPT;
        if fits {
            self.used += more;
        }
        fits
    }
}

/// A failed device `assert()`: a call of the CUDA runtime's
/// `__assertfail(message, file, line, function, charSize)`.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Assertion {
    /// The `call` statement.
    pub span: Span,
    /// The thread that called it: `(%ctaid, %tid)`.
    pub thread: ([u32; 3], [u32; 3]),
    /// The expression that was false, as `assert` quotes it.
    pub message: String,
    /// The CUDA source file and line, and the function.
    pub file: String,
    pub line: u32,
    pub function: String,
}

impl Assertion {
    /// The line CUDA prints for it on the host's stderr: `FILE:LINE:
    /// FUNCTION: block: [X,Y,Z], thread: [X,Y,Z] Assertion `MESSAGE`
    /// failed.` (the CUDA C++ Programming Guide's example: "test.cu:19:
    /// void testAssert(): block: [0,0,0], thread: [0,0,0] Assertion
    /// `should_be_one` failed.").
    pub fn text(&self) -> String {
        let ([cx, cy, cz], [tx, ty, tz]) = self.thread;
        format!(
            "{}:{}: {}: block: [{cx},{cy},{cz}], thread: [{tx},{ty},{tz}] Assertion `{}` failed.",
            self.file, self.line, self.function, self.message
        )
    }
}

/// Where a run hands what it produces as it happens ([`run_with`]).
pub trait Sink {
    /// A trace step (with [`Options::trace`]).
    fn step(&mut self, step: TraceStep);
    /// What one `vprintf` call printed.
    fn printf(&mut self, line: PrintfLine);
}

/// A sink lent to one grid of a run (each grid's machine holds it for
/// its own life).
struct Lent<'a, 'b>(&'a mut (dyn Sink + 'b));

/// The sink of a run, if any, lent to one grid.
fn lend<'a, 'b>(sink: &'a mut Option<&mut (dyn Sink + 'b)>) -> Option<Lent<'a, 'b>> {
    sink.as_mut().map(|s| Lent(&mut **s))
}

impl Sink for Lent<'_, '_> {
    fn step(&mut self, step: TraceStep) {
        self.0.step(step)
    }
    fn printf(&mut self, line: PrintfLine) {
        self.0.printf(line)
    }
}

#[derive(Clone, Debug)]
struct Reg {
    name: String,
    /// Where it was declared (its first use, for --lenient; `None` for a
    /// special register given by --set).
    span: Option<Span>,
    ty: PtxType,
    /// Its value in each thread of the CTA that runs (a column: thread
    /// `i`'s at `i`; `None`: not written).
    vals: Vec<Option<u64>>,
    /// The value `--set` gave it: every thread starts with it.
    given: Option<u64>,
    /// The function body it belongs to (0: module level).
    scope: usize,
    shown: PtxType,
    written: bool,
    /// Declared by `--lenient` on first use: later uses may give it any
    /// type of the same size.
    lenient: bool,
    /// Where its declaration is in the module (`RegRef::id`, and the
    /// number in a range): registers are reported in this order, those
    /// the module does not declare last.
    order: (usize, u32),
}

/// What to do after an instruction.
enum Flow {
    Next,
    /// `ret`: back to the caller, or the thread ends.
    Stop,
    /// `exit`: the thread ends.
    Exit,
    Jump(String),
    /// `call`: the engine binds the arguments and enters the callee.
    Call,
    /// Wait at barrier `id` for `count` threads (`None`: the CTA's).
    Barrier {
        id: u32,
        count: Option<u32>,
    },
    /// Wait for a phase of the mbarrier at `addr` (`park`: a failed
    /// `test_wait`, which goes on; docs/ENGINE.md "mbarrier").
    MbarWait {
        addr: u64,
        parity: bool,
        park: bool,
        /// The conditional phase (`.phase_type::conditional`).
        cond: bool,
    },
}

/// The mul whose result a register holds (for `--contract`).
#[derive(Clone, Debug)]
struct Product {
    span: Span,
    form: Form,
    a: u64,
    b: u64,
    bits: u64,
}

/// The most bytes one `--mem-file` gives at an address outside the
/// variables (16 MiB, far more than straight-line code can read): a file
/// such as `/dev/zero` has no end. In a variable, its size is the limit.
pub const MAX_MEM_FILE: u64 = 16 << 20;

/// Where a `--mem` ADDR points.
struct InputPlace {
    addr: u64,
    /// When ADDR names a variable: the variable and the offset in it.
    var: Option<VarPlace>,
}

struct VarPlace {
    name: String,
    /// Its size in bytes (0: unknown, as for `.extern .shared .b8 s[]`).
    size: u64,
    offset: u64,
}

impl InputPlace {
    /// `len` bytes given here (`flag`, for messages) must stay inside the
    /// variable ADDR names: past its end they would land in memory the
    /// program does not know as that variable's.
    fn check_fits(&self, flag: &str, len: u64) -> Result<(), RunError> {
        let Some(v) = self.var.as_ref().filter(|v| v.size > 0) else {
            return Ok(());
        };
        if v.offset >= v.size {
            return Err(RunError::Input(format!(
                "{flag}: offset {} is past the end of `{}` ({} bytes: offsets 0 to {})",
                v.offset,
                v.name,
                v.size,
                v.size - 1
            )));
        }
        let end = v.offset.saturating_add(len);
        if end > v.size {
            return Err(RunError::Input(format!(
                "{flag}: {len} bytes at offset {} reach offset {end}, past the end of `{}` ({} bytes: offsets 0 to {}); {} fit there",
                v.offset,
                v.name,
                v.size,
                v.size - 1,
                v.size - v.offset
            )));
        }
        Ok(())
    }
}

/// The most bytes of static `.shared` data ptxas lets an entry have from
/// sm_20 on: "uses too much shared data (0xc300 bytes, 0xc000 max)" (its
/// message, quoted in public build logs for sm_60 to sm_75 and CUDA 10 to
/// 13); the CUDA C++ Programming Guide: allocations over 48 KB per block
/// "must use dynamic shared memory (rather than statically sized arrays)".
pub const STATIC_SHARED_BYTES: u64 = 0xc000;

/// The same for sm_1x: "(0x4010 bytes + 0x10 bytes system, 0x4000 max)"
/// (ptxas of CUDA 4.2 for a Tesla C1060, sm_13). The 16 system bytes and
/// the kernel's parameters, which sm_1x keeps in shared memory, also count
/// there; only the variables are counted here.
pub const SM1X_STATIC_SHARED_BYTES: u64 = 0x4000;

/// The most bytes of shared memory a CTA may have: 227 KiB, the most any
/// GPU gives one (compute capability 9.0 and 10.0: "Maximum amount of
/// shared memory per thread block" 227 KB, CUDA C++ Programming Guide,
/// "Features and Technical Specifications").
pub const MAX_SHARED_BYTES: u64 = 227 * 1024;

/// Where a store lands outside memory ([`Machine::store_outside`]).
pub(crate) enum Outside {
    /// In `.shared` memory, outside every `.shared` variable of the CTA.
    Shared,
    /// In global memory: the first byte nothing holds.
    Global(u64),
}

/// The most warnings a run keeps of those raised as the program runs
/// (then it counts them).
pub const MAX_RUN_WARNINGS: u64 = 1000;

/// The most contractions that change a result `--contract` lists; the
/// rest are counted (a loop of a mul and an add kept one a trip: about 30
/// bytes a step, 2.5 GB before the hostile-input survey's loop aborted).
pub const MAX_CONTRACTIONS: u64 = 1000;

/// The most memory problems `--check-memory` reports (then it counts them).
pub const MAX_MEMORY_REPORTS: u64 = 1000;

/// Base address of the first variable; variables follow, 256-byte aligned.
const VAR_BASE: u64 = 0x1000_0000;

/// Where the variables' addresses end: the runtime's parameter buffers,
/// heap, per-CTA memory and call frames lie above.
const VAR_END: u64 = engine::PARAM_BUFFERS;

struct Machine<'a, 's> {
    opts: &'a Options,
    /// The program (for the hints of `--set` errors).
    module: &'a Module<'a>,
    /// Its text, where known: `--set` errors and `name@LINE` name places
    /// by line and column.
    src: Option<&'a str>,
    exec: Exec,
    version: PtxVersion,
    /// Registers in scope, in declaration order; a name may occur once
    /// per block (an inner block's declaration shadows an outer one).
    regs: Vec<Reg>,
    /// Per name, the registers of that name: (block, index in `regs`).
    by_name: rustc_hash::FxHashMap<String, ptxfp_front::module::Shadows>,
    /// The module's declarations, by name and block (`%r<N>` ranges
    /// included).
    scopes: ptxfp_front::module::RegScopes<'a>,
    /// The block of the instruction being run: names resolve from it outward.
    block: usize,
    /// Variables by name: per function scope that declares the name (0:
    /// the module), its address, size, state space and element type.
    vars: BTreeMap<String, Vec<(usize, VarInfo)>>,
    mem: Memory,
    out: Outcome,
    /// Per register (index in `regs`), the mul whose result it holds.
    products: BTreeMap<usize, Product>,
    /// `--set` values for registers that --lenient declares on first use:
    /// parsed in the type that use implies.
    pending: BTreeMap<String, String>,
    /// Each distinct opcode text of the module, decoded (once, before
    /// anything runs): decoding depends on the text alone.
    decoded: std::rc::Rc<Vec<Decoded>>,
    /// Per statement of the module, its instruction's index in `decoded`
    /// (`NOT_AN_INSTR` for a label): 4 bytes a statement, where a decoding
    /// of its own took 96.
    op_of: Vec<u32>,
    /// Where each label is, by function and name: statement index.
    /// Each function's labels by name, each in its block (a label is local
    /// to its `{ }` block): see [`Machine::label`].
    labels: rustc_hash::FxHashMap<(usize, String), ptxfp_front::module::Shadows>,
    /// Per entry of `decoded`, the evaluation plan of its arithmetic form,
    /// built once with the decoding (`None`: no form, or one without a fast
    /// plan, which `Eval::eval` serves).
    plans: Vec<Option<OnePlan>>,
    /// Per entry of `decoded`, the batch plan of its arithmetic form: the
    /// engine's fast path runs it once over a warp's active lanes
    /// (`None` as for `plans`).
    batch: Vec<Option<Plan>>,
    /// The kernel implementation batch plans run on, detected once.
    path: ptxfp_model::batch::Path,
    /// Where trace steps and `printf` output go as they happen
    /// ([`run_with`]); `None`: into [`Outcome::trace`] and
    /// [`Outcome::printf`].
    sink: Option<&'s mut dyn Sink>,
    /// Threads, warps, calls, barriers and memory spaces (engine.rs).
    eng: Engine,
    /// The thread that runs: its index in the CTA (and in every
    /// register's column).
    lane: usize,
    /// Threads per CTA: the length of the register columns.
    nlanes: usize,
    /// Registers declared before the run get their columns only once
    /// all are declared and the register file is known to fit
    /// ([`Self::allocate_registers`]): a file past --max-memory is
    /// refused before any of it is allocated.
    defer_columns: bool,
    /// The function scope of the instruction being run: variables
    /// resolve there first, then at module level.
    scope: usize,
    /// The bound surfaces, by handle: a `.surfref`'s address, or a
    /// bindless handle's value (`--surface`, surface.rs).
    surfaces: HashMap<u64, surface::Image>,
    /// The bound textures, by handle, with their samplers (`--texture`,
    /// texture.rs).
    textures: HashMap<u64, (surface::Image, texture::Sampler)>,
    /// Per function called, what its calls save and pass (worked out at
    /// its first call).
    frame_layouts: rustc_hash::FxHashMap<usize, std::rc::Rc<engine::FrameLayout>>,
    /// Each `.branchtargets` list `brx.idx` used, by its label's
    /// statement: read from the text once (a 100,000-label list read at
    /// each execution took 0.17 s a warp).
    branch_lists: rustc_hash::FxHashMap<usize, std::rc::Rc<[String]>>,
    /// Per backward `bra` taken, whether a thread that takes it never
    /// leaves (`engine::loops_forever`), worked out at its first taking.
    endless: rustc_hash::FxHashMap<usize, bool>,
    /// Per backward `bra`, where its loop is register arithmetic whose
    /// guard the loop computes only from values it does not change: after
    /// how many trips in a row a thread that takes it never leaves
    /// (`engine::settles_after`).
    settles: rustc_hash::FxHashMap<usize, Option<engine::Settles>>,
}

/// A variable: address, size in bytes, state space, element type.
type VarInfo = (u64, u64, Space, PtxType);

/// That `ins` has `n` operands, else an error at its opcode naming the
/// form (`form`) it takes.
fn operand_count(ins: &Instr, n: usize, form: &str) -> Result<(), RunError> {
    if ins.operands.len() == n {
        Ok(())
    } else {
        Err(err(
            ins.opcode_span.clone(),
            format!("`{}` takes {n} operands: `{form}`", ins.opcode),
        ))
    }
}

/// A value `v` of type `ty` in a register of the wider type `wide` (a
/// `cvt` destination, a load under the relaxed rules): sign-extended
/// where `ty` is a signed integer ("The result of conversion is
/// sign-extended to the destination register width for signed
/// integers"; `ld`: "if the corresponding instruction type is signed
/// integer, the data is sign-extended"), else as it is.
pub(crate) fn widened(v: u64, ty: PtxType, wide: PtxType) -> u64 {
    if ty.is_signed() && wide.bits() > ty.bits() {
        let sh = 64 - ty.bits();
        (((v << sh) as i64) >> sh) as u64 & mask(wide.bits())
    } else {
        v
    }
}

fn err(span: Span, msg: impl Into<String>) -> RunError {
    RunError::Program(Diagnostic::error(span, msg))
}

/// An error at `span` with a fix.
fn err_help(span: Span, msg: impl Into<String>, help: &str) -> RunError {
    RunError::Program(Diagnostic::error(span, msg).with_help(help))
}

use ptxfp_isa::types::mask;

/// Runs `src` (a module or snippet). Never panics on bad input.
///
/// Nothing runs until the whole program has been validated: in strict mode
/// the module is checked as `ptxfp check` would (with the target in force),
/// and in both modes every instruction the interpreter knows is checked
/// against the `.version` and the `.target`, whether or not it
/// would execute (a line predicated off or jumped over included). All the
/// errors found are returned, in source order.
pub fn run(src: &str, inputs: &Inputs, opts: &Options) -> Result<Outcome, RunError> {
    run_inner(src, inputs, opts, None)
}

/// [`run`], handing each trace step ([`Options::trace`]) to `on_step` as
/// it happens instead of keeping it: [`Outcome::trace`] and the trace of
/// [`RunError::Runtime`] stay empty, and memory stays bounded however many
/// steps run (a kept step costs about a kilobyte once printed as JSON).
pub fn run_streaming(
    src: &str,
    inputs: &Inputs,
    opts: &Options,
    on_step: &mut dyn FnMut(TraceStep),
) -> Result<Outcome, RunError> {
    /// Steps to the callback, `printf` output into the outcome.
    struct Steps<'f> {
        on_step: &'f mut dyn FnMut(TraceStep),
        printf: Vec<PrintfLine>,
    }
    impl Sink for Steps<'_> {
        fn step(&mut self, step: TraceStep) {
            (self.on_step)(step)
        }
        fn printf(&mut self, line: PrintfLine) {
            self.printf.push(line)
        }
    }
    let mut steps = Steps {
        on_step,
        printf: Vec::new(),
    };
    match run_inner(src, inputs, opts, Some(&mut steps)) {
        Ok(out) => Ok(Outcome {
            printf: steps.printf,
            ..out
        }),
        Err(RunError::Runtime { error, mut before }) => {
            before.printf = steps.printf;
            Err(RunError::Runtime { error, before })
        }
        Err(e) => Err(e),
    }
}

/// [`run`], handing each trace step ([`Options::trace`]) and what each
/// `printf` of the kernel printed to `sink` as it happens, in the order
/// they happen ([`Outcome::trace`] and [`Outcome::printf`] stay empty):
/// what a kernel printed before a run-time error is given too.
pub fn run_with(
    src: &str,
    inputs: &Inputs,
    opts: &Options,
    sink: &mut dyn Sink,
) -> Result<Outcome, RunError> {
    run_inner(src, inputs, opts, Some(sink))
}

fn run_inner(
    src: &str,
    inputs: &Inputs,
    opts: &Options,
    sink: Option<&mut dyn Sink>,
) -> Result<Outcome, RunError> {
    let m = module::parse(src);
    let mut found = None;
    if !opts.lenient {
        let check = ptxfp_front::check::check_module(
            &m,
            ptxfp_front::check::CheckOptions {
                // The module's `.target` stays the directive (its fixes then
                // say `.target`, not `--target`).
                target: opts
                    .target
                    .or(m.target.is_none().then(|| code_target(&m, opts))),
                version: opts.version,
                // A snippet's target is its device's, which nobody wrote.
                target_implied: opts.target.is_none() && m.target.is_none(),
            },
        );
        if let Some(at) = check.truncated {
            return Err(too_many(Some(src), at));
        }
        found = Some(
            check
                .diagnostics
                .into_iter()
                .filter(Diagnostic::is_error)
                .collect(),
        );
    }
    execute(&m, inputs, opts, found, Some(src), sink)
}

/// The error for a module with more than [`module::MAX_DIAGNOSTICS`]
/// errors and warnings, where finding them stopped (byte `at`): memory
/// stays bounded, and the first ones are what to fix.
fn too_many(src: Option<&str>, at: usize) -> RunError {
    let place = match src {
        Some(src) => {
            let (l, c) = ptxfp_isa::diag::SourceMap::new(src).line_col(at);
            format!(" at {l}:{c}")
        }
        None => String::new(),
    };
    RunError::Input(format!(
        "more than {} errors and warnings: ptxfp stopped reading the module{place}\n  help: fix the first ones (`ptxfp check` lists them), or split the file",
        module::MAX_DIAGNOSTICS
    ))
}

/// The code's target: `--target`, else `.target`, else the device, else
/// [`Target::DEFAULT`] (`ptxfp check`'s default too).
fn code_target(m: &Module, opts: &Options) -> Target {
    opts.target
        .or(m.target.as_ref().map(|t| t.0))
        .or(opts.device)
        .unwrap_or(Target::DEFAULT)
}

/// Runs a parsed module: validates every instruction first (see [`run`];
/// without `ptxfp check`'s register checks), then executes.
pub fn run_module(m: &Module, inputs: &Inputs, opts: &Options) -> Result<Outcome, RunError> {
    execute(m, inputs, opts, None, None, None)
}

/// Fails with the errors in `checked` (`ptxfp check`'s, which include the
/// module's parse errors; `None`: no check ran, and the parse errors join
/// here) and those of the static validation of every instruction in
/// scope, all together; else runs.
fn execute(
    m: &Module,
    inputs: &Inputs,
    opts: &Options,
    checked: Option<Vec<Diagnostic>>,
    src: Option<&str>,
    mut sink: Option<&mut dyn Sink>,
) -> Result<Outcome, RunError> {
    let mut lent = lend(&mut sink);
    let (mut out, mut c) = execute_grid(
        m,
        inputs,
        opts,
        checked,
        src,
        lent.as_mut().map(|l| l as &mut dyn Sink),
        None,
    )?;
    // Dynamic parallelism: the work the kernel launched runs after it
    // (docs/ENGINE.md "Dynamic parallelism").
    if !c.stopped && !c.cdp.queue.is_empty() {
        c = run_queued(m, opts, src, sink, c, &mut out)?;
        out.memory = c.mem.written_runs();
    }
    Ok(out)
}

/// What a grid leaves to the work that runs after it (dynamic
/// parallelism): global memory, the device heap, the steps run, the
/// runtime's state with the work waiting, and whether a failed
/// `assert()` stopped the run.
pub(crate) struct Carry {
    pub(crate) mem: Memory,
    pub(crate) heap: engine::Heap,
    pub(crate) steps: u64,
    pub(crate) cdp: engine::Cdp,
    pub(crate) stopped: bool,
}

/// Runs the work waiting in `c` (grids the kernels launched, and their
/// asynchronous copies and sets) until none waits or an `assert()`
/// stops the run: each grid on the global memory and heap the work
/// before it left, and the work it launched right after it, before what
/// waited already (depth first: a grid is complete only when its
/// children are), its tail launches last. What each grid printed and
/// warned joins `out`; an error comes with all of `out` before it.
pub(crate) fn run_queued(
    m: &Module,
    opts: &Options,
    src: Option<&str>,
    mut sink: Option<&mut dyn Sink>,
    mut c: Carry,
    out: &mut Outcome,
) -> Result<Carry, RunError> {
    let max_steps = opts.max_steps.unwrap_or(DEFAULT_MAX_STEPS);
    let max_memory = opts.max_memory.unwrap_or(DEFAULT_MAX_MEMORY);
    while !c.stopped {
        let Some(work) = c.cdp.queue.pop_front() else {
            break;
        };
        let child = match work {
            engine::Work::Grid(child) => child,
            engine::Work::Copy(copy) => {
                if let Err(error) = copy.run(&mut c.mem, &mut c.steps, max_steps, max_memory) {
                    return Err(stopped_between_grids(error, out, &c.mem));
                }
                continue;
            }
        };
        // An `.entry` (`launch_device` queued no other).
        let Some((_, f)) = engine::function_at(m, child.func) else {
            continue;
        };
        // Its parameters, from the buffer: "each parameter must be placed
        // at the n-th byte in the parameter buffer, where n is the
        // smallest multiple of the parameter size that is greater than the
        // offset of the last byte taken by the preceding parameter" (the
        // guide, "Parameter Buffer Layout"; an array's `.align` is its
        // alignment). Bytes the parent never wrote are zeros.
        let mut mems = Vec::new();
        let mut off = 0u64;
        for p in &f.params {
            let Some(v) = m
                .vars
                .iter()
                .find(|v| v.scope == f.scope && v.space == Space::Param && v.name == *p)
            else {
                continue;
            };
            let align = if v.align > 0 {
                v.align
            } else {
                v.size.clamp(1, 8)
            };
            off = off.div_ceil(align) * align;
            let bytes: Vec<u8> = (0..v.size)
                .map(|k| c.mem.read(child.buffer + off + k, 1).unwrap_or(0) as u8)
                .collect();
            off += v.size;
            mems.push((p.clone(), bytes));
        }
        let child_inputs = Inputs {
            mems,
            ..Inputs::default()
        };
        let child_opts = Options {
            entry: Some(f.name.clone()),
            launch: Launch {
                grid: child.grid,
                block: child.block,
                dynamic_shared: u64::from(child.shared),
                cluster: None,
                cooperative: false,
            },
            // The parent gave the child's shape.
            block_from_entry: false,
            grid_from_entry: false,
            thread: None,
            ..opts.clone()
        };
        // Each grid's start is a cost of its own (GRID_START_STEPS).
        c.steps = c.steps.saturating_add(engine::GRID_START_STEPS);
        if c.steps > max_steps {
            let error = Diagnostic::error(
                child.at.clone(),
                format!("the run reached --max-steps {max_steps} thread-instructions starting a child grid of `{}` launched here (each grid's start counts {} thread-instructions)", f.name, engine::GRID_START_STEPS),
            )
            .with_help("raise the limit with --max-steps N, or launch fewer grids");
            return Err(stopped_between_grids(error, out, &c.mem));
        }
        // Every thread counts (`run_launch`); said here, at the launch
        // that asked for the grid.
        let threads =
            u128::from(child_opts.launch.cta_threads()) * u128::from(child_opts.launch.ctas());
        let left = max_steps.saturating_sub(c.steps);
        if threads > u128::from(left) {
            let show = engine::dims;
            let error = Diagnostic::error(
                child.at.clone(),
                format!("the child grid of `{}` launched here has {threads} threads (grid {} of blocks {}), more than the {left} thread-instructions --max-steps {max_steps} has left", f.name, show(child.grid), show(child.block)),
            )
            .with_help("raise the limit with --max-steps N, or launch fewer threads");
            return Err(stopped_between_grids(error, out, &c.mem));
        }
        c.cdp.depth = child.depth;
        c.cdp.grids += 1;
        c.cdp.grid_id = c.cdp.grids;
        // What waited runs after this grid's own work.
        let waiting = std::mem::take(&mut c.cdp.queue);
        let mut lent = lend(&mut sink);
        let r = execute_grid(
            m,
            &child_inputs,
            &child_opts,
            Some(Vec::new()),
            src,
            lent.as_mut().map(|l| l as &mut dyn Sink),
            Some(c),
        );
        let (o, next) = match r {
            Ok(r) => r,
            // What the grids before printed and warned comes first.
            Err(RunError::Runtime { error, mut before }) => {
                prepend(out, &mut before);
                return Err(RunError::Runtime { error, before });
            }
            Err(e) => return Err(e),
        };
        out.warnings.extend(o.warnings);
        out.trace.extend(o.trace);
        out.printf.extend(o.printf);
        out.contractions.extend(o.contractions);
        out.assertions.extend(o.assertions);
        c = next;
        c.cdp.queue.extend(waiting);
    }
    Ok(c)
}

/// The run-time error `error` of work between grids (a copy, a grid's
/// start), with what the grids before it did (`out`) and the global
/// memory `mem`.
fn stopped_between_grids(error: Diagnostic, out: &mut Outcome, mem: &Memory) -> RunError {
    RunError::Runtime {
        error,
        before: Box::new(Partial {
            trace: std::mem::take(&mut out.trace),
            warnings: std::mem::take(&mut out.warnings),
            input_warnings: Vec::new(),
            memory: mem.written_runs(),
            printf: std::mem::take(&mut out.printf),
        }),
    }
}

/// Puts what `out` holds (the grids that ran before) ahead of what a
/// grid that failed did (`before`).
pub(crate) fn prepend(out: &mut Outcome, before: &mut Partial) {
    let mut printf = std::mem::take(&mut out.printf);
    printf.append(&mut before.printf);
    before.printf = printf;
    let mut warnings = std::mem::take(&mut out.warnings);
    warnings.append(&mut before.warnings);
    before.warnings = warnings;
    let mut trace = std::mem::take(&mut out.trace);
    trace.append(&mut before.trace);
    before.trace = trace;
}

/// Runs one grid: the host's launch (`carry` `None`: validated here), or
/// a child grid on what the grids before it left (`carry`). Gives what
/// the next grids need where it launched any.
fn execute_grid(
    m: &Module,
    inputs: &Inputs,
    opts: &Options,
    checked: Option<Vec<Diagnostic>>,
    src: Option<&str>,
    sink: Option<&mut dyn Sink>,
    carry: Option<Carry>,
) -> Result<(Outcome, Carry), RunError> {
    let carried = carry.is_some();
    let check_ran = checked.is_some();
    let mut found = checked.unwrap_or_default();
    let code_target = code_target(m, opts);
    let device = opts.device.unwrap_or(code_target);
    let version = opts
        .version
        .or(m.version.as_ref().map(|v| v.0))
        .unwrap_or(PtxVersion::LATEST);
    let mut mc = Machine {
        opts,
        module: m,
        src,
        exec: Exec {
            code_target,
            device,
            ptx: version,
            ..Exec::default()
        },
        version,
        regs: Vec::new(),
        by_name: Default::default(),
        scopes: ptxfp_front::module::RegScopes::new(m),
        block: 0,
        vars: BTreeMap::new(),
        mem: Memory::default(),
        out: Outcome {
            regs: Vec::new(),
            memory: Vec::new(),
            trace: Vec::new(),
            warnings: Vec::new(),
            input_warnings: Vec::new(),
            contractions: Vec::new(),
            code_target,
            device,
            entry: None,
            launch: opts.launch,
            version,
            printf: Vec::new(),
            assertions: Vec::new(),
        },
        products: BTreeMap::new(),
        pending: BTreeMap::new(),
        decoded: std::rc::Rc::new(Vec::new()),
        op_of: Vec::new(),
        labels: m
            .label_index()
            .into_iter()
            .map(|((scope, l), at)| ((scope, l.to_string()), at))
            .collect(),
        plans: Vec::new(),
        batch: Vec::new(),
        path: ptxfp_model::batch::Path::detect(),
        sink,
        eng: Engine::default(),
        lane: 0,
        nlanes: 1,
        defer_columns: false,
        scope: 0,
        surfaces: HashMap::new(),
        textures: HashMap::new(),
        frame_layouts: Default::default(),
        branch_lists: Default::default(),
        endless: Default::default(),
        settles: Default::default(),
    };
    // Decode once: every instruction of the module, before anything runs,
    // each distinct opcode text once.
    let mut seen: HashMap<&str, u32> = HashMap::new();
    let mut decoded = Vec::new();
    mc.op_of = (0..m.stmt_count())
        .map(|i| match m.opcode(i) {
            Some(text) => *seen.entry(text).or_insert_with(|| {
                decoded.push(decode(text, opts.lenient));
                (decoded.len() - 1) as u32
            }),
            None => NOT_AN_INSTR,
        })
        .collect();
    drop(seen);
    mc.decoded = std::rc::Rc::new(decoded);
    let exec = mc.exec;
    mc.batch = mc
        .decoded
        .iter()
        .map(|d| {
            let form = d.op.form()?;
            Plan::of(&form, &exec)
        })
        .collect();
    mc.plans = mc.batch.iter().map(|p| p.map(|p| p.one())).collect();
    let header = m.target.as_ref().map_or(0..0, |t| t.1.clone());
    // Where a flag set the version or target, fixes name the flag. Strict
    // mode gives `ptxfp check` the code target as a flag where the module
    // has no `.target` (see `run`), so it counts as one here too.
    let version_flag = opts.version.is_some();
    let target_flag = opts.target.is_some() || m.target.is_none();
    // ptxas rejects a `.version` older than the `.target` (strict mode has
    // this error from `ptxfp check` already).
    // Only a written target (`.target` or --target) can be too new.
    if opts.lenient && (m.target.is_some() || opts.target.is_some()) {
        found.extend(
            ptxfp_isa::syntax::header_error(version, code_target, header.clone())
                .map(|d| ptxfp_isa::syntax::help_for_flags(d, version_flag, target_flag)),
        );
    }
    if let Some(why) = code_target.unloadable_on(device) {
        // Only a --device given can differ from the code's target. A device
        // that can load the code runs every instruction its target allows
        // (its sm is at least the target's), so this one check stands for
        // all of them.
        let msg = format!("--device {device} cannot run this code: {why}");
        let help = format!(
            "leave out --device (it defaults to the code's target, {code_target}), or give one that runs {code_target} code"
        );
        // Nothing else is worth saying: no instruction could run.
        let (error, at_target) = match (&m.target, opts.target) {
            (Some((_, span)), None) => (Diagnostic::error(span.clone(), msg), true),
            _ => (
                Diagnostic::error(
                    0..0,
                    format!("{msg} (the target is --target {code_target})"),
                ),
                false,
            ),
        };
        return Err(RunError::Unloadable {
            error: error.with_help(help),
            at_target,
        });
    }
    // Validation of every instruction before any runs: control flow
    // decides what executes, not what is checked (--lenient relaxes
    // register declarations and initialization only). Every function is
    // checked, as ptxas assembles the module as a whole.
    if let Some(at) = m.truncated {
        return Err(too_many(src, at));
    }
    if !check_ran {
        found.extend(m.diagnostics.iter().filter(|d| d.is_error()).cloned());
    }
    // The module's own warnings (an initializer constant that overflowed
    // to Inf, an unknown directive skipped), said as `check` says them.
    // A child grid's module was checked with its parent's.
    if !carried {
        mc.out
            .warnings
            .extend(m.diagnostics.iter().filter(|d| !d.is_error()).cloned());
    }
    let mut warned: std::collections::HashSet<Diagnostic> =
        mc.out.warnings.iter().cloned().collect();
    for (i, s) in m.stmts().enumerate().filter(|_| !carried) {
        if let (Stmt::Instr(ins), Some(dec)) = (&s, mc.decoded_at(i)) {
            if found.len() + mc.out.warnings.len() >= module::MAX_DIAGNOSTICS {
                return Err(too_many(src, ins.span.start));
            }
            for d in mc.validate(ins, dec) {
                // The fix names the flag where one set the version or
                // target, as `ptxfp check`'s does (the same error from
                // both is then one).
                let d = ptxfp_isa::syntax::help_for_flags(d, version_flag, target_flag);
                if d.is_error() {
                    found.push(d);
                } else if warned.insert(d.clone()) {
                    mc.out.warnings.push(d);
                }
            }
        }
    }
    if !found.is_empty() {
        // `ptxfp check` and `validate` may find the same error: the first
        // of each is kept (a set, so 100,000 errors stay linear; of
        // references, so that they are not held twice).
        let first: Vec<bool> = {
            let mut seen = std::collections::HashSet::new();
            found.iter().map(|d| seen.insert(d)).collect()
        };
        let mut first = first.into_iter();
        found.retain(|_| first.next().unwrap_or(false));
        found.sort_by_key(|d| d.span.start);
        return Err(if found.len() == 1 {
            RunError::Program(found.remove(0))
        } else {
            RunError::Diagnostics(found)
        });
    }
    // A module runs one function (see `choose_entry`); a snippet without
    // one runs everything. Registers, variables and instructions of other
    // functions are out of scope. Chosen after the static errors: a
    // module with errors (a function defined twice) has nothing to choose.
    let entry = choose_entry(m, opts.entry.as_deref())?;
    let scope = entry.map(|f| f.scope);
    mc.out.entry = entry.map(|f| f.name.clone());
    // The entry's statements, its registers and variables, and those of
    // every `.func` it may call; other entries are out of scope.
    let funcs: std::collections::HashSet<usize> = m
        .functions
        .iter()
        .filter(|f| !f.entry && !f.name.is_empty())
        .map(|f| f.scope)
        .collect();
    let in_scope = |s: usize| scope.is_none_or(|e| s == 0 || s == e || funcs.contains(&s));
    let mut launch = opts.launch;
    // Shapes not given come from the entry's directives where it has them:
    // the block from `.reqntid`, the grid one cluster. A shape no launch
    // can have (a `.reqntid` of more than 1024 threads) is not taken: it is
    // left to the directive's own error, below.
    if let Some(f) = entry {
        let valid_or =
            |asked: Launch, kept: Launch| if asked.check().is_ok() { asked } else { kept };
        if let (true, Some((d, _))) = (opts.block_from_entry, &f.reqntid) {
            launch = valid_or(
                Launch {
                    block: *d,
                    ..launch
                },
                launch,
            );
        }
        let cluster = launch.cluster.or(f.cluster.as_ref().map(|(d, _)| *d));
        if let (true, Some(c)) = (opts.grid_from_entry, cluster) {
            launch = valid_or(Launch { grid: c, ..launch }, launch);
        }
    }
    launch.check().map_err(RunError::Input)?;
    mc.out.launch = launch;
    if let Some(t) = opts.thread {
        launch.check_thread(t).map_err(RunError::Input)?;
    }
    mc.eng.cluster.configure(entry, &launch)?;
    if let Some(f) = entry {
        if let Some(w) = check_block_bounds(f, launch.block)? {
            mc.out.warnings.push(w);
        }
    }
    // PTX ISA §10.35: the slice's size is "guaranteed to be a multiple of
    // 1024 bytes" and "greater or equal than the size specified by
    // `.minperctamemory`": the smallest such.
    mc.eng.per_cta = entry
        .and_then(|f| f.min_per_cta_memory)
        .map(|n| u64::from(n).div_ceil(1024) * 1024);
    mc.eng.launch = launch;
    mc.nlanes = launch.cta_threads() as usize;
    mc.eng.multi = launch.cta_threads().saturating_mul(launch.ctas()) > 1;
    mc.eng.max_steps = opts.max_steps.unwrap_or(DEFAULT_MAX_STEPS);
    // Asked at the first instruction, then every POLL_STEPS.
    mc.eng.interrupt = opts.interrupt.clone();
    mc.eng.step_limit = if opts.interrupt.is_some() {
        0
    } else {
        mc.eng.max_steps
    };
    mc.eng.turn_ends = u64::MAX;
    mc.eng.max_memory = opts.max_memory.unwrap_or(DEFAULT_MAX_MEMORY);
    mc.eng.memory_before = memory::live_bytes();
    let heap = opts.heap_size.unwrap_or(DEFAULT_HEAP_SIZE);
    if heap > MAX_HEAP_SIZE {
        return Err(RunError::Input(format!(
            "--malloc-heap-size {heap}: the device heap is at most {MAX_HEAP_SIZE} bytes (1 TiB)"
        )));
    }
    mc.eng.heap = engine::Heap::new(heap);
    if let Some(c) = carry {
        mc.mem = c.mem;
        mc.eng.heap = c.heap;
        mc.eng.steps = c.steps;
        mc.eng.cdp = c.cdp;
    }
    mc.eng.fast_ok = !(opts.trace || opts.contract || opts.lenient);
    if mc.eng.fast_ok {
        mc.eng.fast = vec![None; engine::FAST_SLOTS];
    }
    // Where each function's statements are (each body is contiguous).
    for (i, s) in m.stmts().enumerate() {
        let sc = match &s {
            Stmt::Instr(ins) => ins.scope,
            Stmt::Label(_, _, sc) => *sc,
        };
        let e = mc.eng.bodies.entry(sc).or_insert((i, i + 1));
        e.1 = i + 1;
    }
    mc.eng.range = match scope {
        Some(e) => mc.eng.bodies.get(&e).copied().unwrap_or((0, 0)),
        // A snippet runs as a whole.
        None => (0, m.stmt_count()),
    };
    // A nested block (nvcc's inline asm) may declare a name again, with
    // any type: a new register, visible only inside that block, which
    // shadows the outer one (see `module::RegScopes`).
    // A `%r<N>` range's registers are declared as the program names them
    // (`declare_range_reg`, from `resolve_all`).
    mc.defer_columns = true;
    for (id, r) in m.regs.iter().enumerate() {
        if in_scope(r.scope) && r.range.is_none() {
            let r = ptxfp_front::module::RegRef {
                decl: r,
                id,
                index: None,
            };
            mc.declare_ref(&r.decl.name, r);
        }
    }
    // Kernel parameters are the launch's, one copy for all threads; the
    // parameters of a `.func` and those declared in a body (a call's
    // arguments) are each thread's.
    let kernel_params: std::collections::HashSet<(usize, &str)> = entry
        .map(|f| f.params.iter().map(|p| (f.scope, p.as_str())).collect())
        .unwrap_or_default();
    // A call's `.param` arguments may be declared again in each `{ }`
    // block of a call with the same name: one variable, as large as the
    // largest.
    let mut largest: HashMap<(usize, &str), u64> = HashMap::new();
    for v in m
        .vars
        .iter()
        .filter(|v| in_scope(v.scope) && v.space == Space::Param)
    {
        let e = largest.entry((v.scope, v.name.as_str())).or_insert(0);
        *e = (*e).max(v.size);
    }
    // A module that launches grids from the device lays out the variables
    // of every entry, so that each grid finds the global variables where
    // the grids before it left them.
    // (Declarations without a body are not functions of the module: the
    // text names the runtime's launch.)
    let launches = m.source().contains("LaunchDevice");
    let entries: std::collections::HashSet<usize> = m
        .functions
        .iter()
        .filter(|f| f.entry)
        .map(|f| f.scope)
        .collect();
    let in_layout = |s: usize| in_scope(s) || (launches && entries.contains(&s));
    // `.extern .shared .b8 s[];`, an array without a size: the launch's
    // dynamic shared memory. Every such array is that one memory: "All
    // variables declared in this fashion, start at the same address in
    // memory" (CUDA C++ Programming Guide, `__shared__`: the `extern
    // __shared__` arrays nvcc writes as these), at the largest alignment
    // any of them asks for.
    let dynamic = |v: &&ptxfp_front::module::VarDecl| {
        v.space == Space::Shared
            && v.init.is_none()
            && m.source()
                .get(v.span.end..)
                .is_some_and(|rest| rest.trim_start().starts_with("[]"))
    };
    let dynamic_align = m
        .vars
        .iter()
        .filter(|v| in_layout(v.scope))
        .filter(dynamic)
        .map(|v| v.align)
        .max()
        .unwrap_or(1);
    let mut dynamic_at = None;
    let mut shared_total = 0u64;
    // The entry's own static `.shared` variables, and the first one past
    // what ptxas allows an entry (below).
    let mut entry_static_shared = 0u64;
    let mut past_static_limit = None;
    let static_limit = if code_target.is_sm1x() {
        SM1X_STATIC_SHARED_BYTES
    } else {
        STATIC_SHARED_BYTES
    };
    let mut next = VAR_BASE;
    // Only a module with an `.extern` variable needs the set (it was
    // built at each launch, whatever the module).
    let defined: std::collections::HashSet<(usize, &str)> = if m.vars.iter().any(|v| v.external) {
        m.vars
            .iter()
            .filter(|v| !v.external)
            .map(|v| (v.scope, v.name.as_str()))
            .collect()
    } else {
        Default::default()
    };
    for v in m.vars.iter().filter(|v| in_layout(v.scope)) {
        let same = mc
            .vars
            .get(&v.name)
            .is_some_and(|all| all.iter().any(|(s, _)| *s == v.scope));
        if same && v.space == Space::Param {
            continue;
        }
        // An `.extern` declaration of a variable this module defines (or
        // declared before) is that variable.
        if v.external && (same || defined.contains(&(v.scope, v.name.as_str()))) {
            continue;
        }
        if same {
            return Err(err(
                v.span.clone(),
                format!("variable `{}` declared twice", v.name),
            ));
        }
        let mut size = v.size;
        if v.space == Space::Param {
            size = largest
                .get(&(v.scope, v.name.as_str()))
                .copied()
                .unwrap_or(size);
        }
        // A dynamic shared array: its size is the launch's dynamic shared
        // memory (--dynamic-shared), its address the first one's.
        let is_dynamic = dynamic(&v);
        if is_dynamic && launch.dynamic_shared > 0 {
            size = launch.dynamic_shared;
        }
        if v.space == Space::Shared && in_scope(v.scope) && !is_dynamic {
            mc.eng.static_shared = true;
            if Some(v.scope) == scope {
                entry_static_shared = entry_static_shared.saturating_add(size);
                if entry_static_shared > static_limit && past_static_limit.is_none() {
                    past_static_limit = Some((v.span.clone(), v.name.clone()));
                }
            }
        }
        // A CTA's shared memory is bounded on every GPU; past the bound
        // a launch fails (and a 16 MiB `.shared` array cost the engine
        // seconds per `st.bulk`).
        if v.space == Space::Shared && in_scope(v.scope) && !(is_dynamic && dynamic_at.is_some()) {
            shared_total = shared_total.saturating_add(size);
            if shared_total > MAX_SHARED_BYTES {
                let with = if is_dynamic {
                    format!(
                        " (the dynamic shared memory, --dynamic-shared {})",
                        launch.dynamic_shared
                    )
                } else {
                    String::new()
                };
                return Err(err(
                    v.span.clone(),
                    format!("the CTA's `.shared` variables take {shared_total} bytes with `{}`{with}: more than the {MAX_SHARED_BYTES} bytes (227 KiB) of shared memory any GPU gives a CTA", v.name),
                ));
            }
        }
        if is_dynamic {
            if let Some(at) = dynamic_at {
                mc.vars
                    .entry(v.name.clone())
                    .or_default()
                    .push((v.scope, (at, size, v.space, v.ty)));
                continue;
            }
            if dynamic_align > 256 {
                next = next.div_ceil(dynamic_align).saturating_mul(dynamic_align);
            }
            dynamic_at = Some(next);
        }
        // Variables start 256-aligned; a larger `.align` is kept (a
        // `.shared .align 1024` buffer of swizzled matrices: the swizzle
        // is a function of the address, docs/ENGINE.md "Tensor cores: wgmma").
        if v.align > 256 {
            next = next.div_ceil(v.align).saturating_mul(v.align);
        }
        // Every variable has addresses of its own, below the runtime's
        // (past 2^64 a later variable sat at 0xffffffffffffffff, and its
        // first use failed far from the cause).
        if next
            .checked_add(size.max(1))
            .is_none_or(|end| end > VAR_END)
        {
            let takes = if size == u64::MAX {
                "2^64 bytes or more".to_string()
            } else {
                format!("{size} bytes")
            };
            return Err(err(
                v.span.clone(),
                format!("`{}` takes {takes}: with it the module's variables do not fit below {VAR_END:#x}, where the engine's runtime memory begins (no GPU has that much memory)", v.name),
            ));
        }
        mc.vars
            .entry(v.name.clone())
            .or_default()
            .push((v.scope, (next, size, v.space, v.ty)));
        let region = match v.space {
            Space::Shared => Some(Region::Shared),
            Space::Local => Some(Region::Local),
            Space::Param
                if !kernel_params.contains(&(v.scope, v.name.as_str())) && v.scope != 0 =>
            {
                Some(Region::Param)
            }
            _ => None,
        };
        if let Some(r) = region {
            mc.eng
                .regions
                .push((next, next.saturating_add(size.max(1)), r));
        }
        // PTX ISA §5.4.4: .global and .const variables are zero-initialized
        // unless an initializer is given; .shared/.local/.param are not.
        let given = match region {
            Some(Region::Shared) => &mut mc.eng.shared_given,
            Some(_) => &mut mc.eng.private_given,
            // A child grid's global variables hold what the grids before
            // it wrote.
            None if carried => {
                next = next
                    .saturating_add(size.max(1))
                    .div_ceil(256)
                    .saturating_mul(256);
                continue;
            }
            None => &mut mc.mem,
        };
        match (&v.init, v.space) {
            (Some(init), _) => {
                // The values given; the rest of the variable is zero.
                given.give(next, init);
                let n = init.len() as u64;
                given.give_zeros(next.wrapping_add(n), size.saturating_sub(n));
            }
            // An `.extern` variable's contents are its defining module's:
            // unknown here, not zero (a read says to give them).
            (None, Space::Global | Space::Const) if !v.external => given.give_zeros(next, size),
            _ => {}
        }
        next = next
            .saturating_add(size.max(1))
            .div_ceil(256)
            .saturating_mul(256);
    }
    if let Some((span, name)) = past_static_limit {
        mc.out.warnings.push(
            Diagnostic::warning(
                span,
                format!(
                    "the entry's static `.shared` variables take {entry_static_shared} bytes, past {static_limit} ({static_limit:#x}) from `{name}` on: ptxas refuses more for {code_target} (\"uses too much shared data ({entry_static_shared:#x} bytes, {static_limit:#x} max)\"); the engine runs it",
                ),
            )
            .with_help(if code_target.is_sm1x() {
                "sm_1x gives a CTA 16 KiB of shared memory in all (its kernel parameters included): declare less"
            } else {
                "above 48 KiB, shared memory must be dynamic: an `.extern .shared .b8 buf[];` array sized by the launch (--dynamic-shared)"
            }),
        );
    }
    mc.eng.regions.sort_unstable_by_key(|r| r.0);
    mc.eng.cluster.check_windows(&mc.eng.regions, next)?;
    mc.fill_addresses(&in_layout, carried)?;
    // What the interpreter cannot execute, listed before the run (it stops
    // only if it reaches one, so an unsupported error path does not keep a
    // kernel from running): one warning per instruction.
    for (i, s) in m.stmts().enumerate().filter(|_| !carried) {
        let (Stmt::Instr(ins), Some(dec)) = (&s, mc.decoded_at(i)) else {
            continue;
        };
        let runs = dec.op.runs();
        if in_scope(ins.scope) && !runs {
            if mc.out.warnings.len() >= module::MAX_DIAGNOSTICS {
                return Err(too_many(src, ins.span.start));
            }
            mc.out.warnings.push(
                Diagnostic::warning(
                    ins.opcode_span.clone(),
                    format!(
                        "`{}` is not supported by the interpreter: the run stops with an error if it reaches this line{}",
                        ins.opcode,
                        dec.op.refusal().map_or(String::new(), |r| format!(" ({})", r.trim_start_matches(&format!("`{}`: ", ins.opcode))))
                    ),
                )
                .with_help("docs/ENGINE.md lists what the interpreter runs: every instruction `ptxfp forms --family all` lists, memory and control flow, barriers, warp operations, atomics and hints"),
            );
        }
    }
    mc.resolve_all(&in_scope);
    // `--set %r7=...` of a `%r<N>` range's register the code does not
    // name: declared now (each declaration of that name in the run).
    for (name, _) in &inputs.sets {
        let base = name
            .split_once('@')
            .map_or(name.as_str(), |(b, _)| b.trim());
        for r in mc.scopes.all_named(base) {
            if r.index.is_some() && in_scope(r.scope) {
                mc.declare_ref(base, r);
            }
        }
    }
    mc.scope = scope.unwrap_or(0);
    if let Some(e) = mc.register_file_over() {
        return Err(RunError::Input(e));
    }
    mc.allocate_registers();
    mc.apply_inputs(inputs)?;
    // After every declaration before the run (`--set` of a special
    // register declares one).
    if let Some(e) = mc.register_file_over() {
        return Err(RunError::Input(e));
    }
    // An error while running comes with what ran before it.
    if let Err(e) = mc.run_launch() {
        return Err(match e {
            RunError::Program(error) => RunError::Runtime {
                error,
                before: Box::new(partial(&mut mc)),
            },
            e => e,
        });
    }
    if let Some(name) = mc.pending.keys().next() {
        return Err(RunError::Input(format!(
            "--set {name}: no register or parameter `{name}` is declared or used"
        )));
    }
    // An undefined value computed (`Machine::read_maybe`): a snippet run
    // as one thread, whose registers are its output, fails with the first
    // read that made one; a kernel, whose output is the memory it wrote,
    // warns once.
    if let Some((d, who, _)) = mc.eng.undefined_read.take() {
        if !mc.eng.multi && mc.out.entry.is_none() && !mc.eng.stored_undefined {
            return Err(RunError::Runtime {
                error: d,
                before: Box::new(partial(&mut mc)),
            });
        }
        mc.out.warnings.push(Diagnostic::warning(
            d.span,
            format!(
                "{} ({who}): the results computed from it have no value (PTX gives an unwritten register none: Triton's cross-warp reductions shuffle registers that only some threads loaded, and LLVM leaves the registers of unused values unwritten)",
                d.message
            ),
        ));
    }
    // What was counted past the warnings kept.
    let counted = [
        (
            mc.eng.run_warnings,
            MAX_RUN_WARNINGS,
            "",
            "warnings as the program ran",
        ),
        (
            mc.eng.memory_reports,
            MAX_MEMORY_REPORTS,
            "--check-memory: ",
            "memory problems in all",
        ),
        (
            mc.eng.contraction_reports,
            MAX_CONTRACTIONS,
            "--contract: ",
            "contractions changed a result",
        ),
    ];
    for (n, kept, lead, what) in counted.into_iter().filter(|c| c.0 > c.1) {
        mc.out.warnings.push(Diagnostic::warning(
            0..0,
            format!("{lead}{n} {what}; the first {kept} are listed"),
        ));
    }
    if mc.eng.printf_dropped > 0 {
        mc.out.warnings.push(printf_not_kept(mc.eng.printf_dropped));
    }
    let mut out = mc.out;
    // Registers are reported for a launch of one thread (of many, the
    // memory they wrote is the result).
    let one = !mc.eng.multi;
    let shown = mc.eng.shown.take();
    // In the module's declaration order (range registers were declared
    // as first used).
    let mut order: Vec<usize> = (0..mc.regs.len()).collect();
    order.sort_by_key(|&i| mc.regs[i].order);
    let mut regs: Vec<Option<Reg>> = mc.regs.into_iter().map(Some).collect();
    for i in order {
        let Some(r) = regs[i].take() else { continue };
        let value = match &shown {
            // --thread: that thread's registers.
            Some(vals) => vals.get(i).copied().flatten(),
            None => r.vals.first().copied().flatten().filter(|_| one),
        };
        if let Some(bits) = value {
            out.regs.push(RegValue {
                name: r.name,
                declared: r.ty,
                shown_as: r.shown,
                bits,
                written: r.written,
                declared_at: r.span,
            });
        }
    }
    out.memory = written_memory(&mc.mem, &mc.eng);
    // The work it launched runs next, its grids before their tail
    // launches, unless an `assert()` stopped the run.
    let mut cdp = std::mem::take(&mut mc.eng.cdp);
    let (mut queue, tails): (std::collections::VecDeque<_>, std::collections::VecDeque<_>) =
        cdp.queue.drain(..).partition(|w| !w.is_tail());
    queue.extend(tails);
    cdp.queue = queue;
    let carry = Carry {
        mem: mc.mem,
        heap: std::mem::take(&mut mc.eng.heap),
        steps: mc.eng.steps,
        cdp,
        stopped: mc.eng.stopped,
    };
    Ok((out, carry))
}

/// What the run did until a run-time error: its trace, warnings, memory
/// written and `printf` lines, taken from `mc`.
fn partial(mc: &mut Machine) -> Partial {
    Partial {
        trace: std::mem::take(&mut mc.out.trace),
        warnings: std::mem::take(&mut mc.out.warnings),
        input_warnings: std::mem::take(&mut mc.out.input_warnings),
        memory: written_memory(&mc.mem, &mc.eng),
        printf: std::mem::take(&mut mc.out.printf),
    }
}

/// The memory written: the global memory `mem`, and for a launch of one
/// thread its shared and local memory as well (not the parameters of its
/// calls), as contiguous runs in address order.
fn written_memory(mem: &Memory, eng: &engine::Engine) -> Vec<(u64, Vec<u8>)> {
    let mut runs = mem.written_runs();
    if !eng.multi {
        runs.extend(eng.shared.written_runs());
        if let Some(p) = eng.private.first() {
            let regions = &eng.regions;
            runs.extend(p.written_runs().into_iter().filter(|(a, _)| {
                !regions
                    .iter()
                    .any(|(s, e, k)| *k == Region::Param && a >= s && a < e)
            }));
        }
        runs.sort_by_key(|r| r.0);
        let mut joined: Vec<(u64, Vec<u8>)> = Vec::new();
        for (a, b) in runs {
            match joined.last_mut() {
                Some((s, v)) if s.wrapping_add(v.len() as u64) == a => v.extend(b),
                _ => joined.push((a, b)),
            }
        }
        runs = joined;
    }
    runs
}

/// The launch's block against the entry's `.maxntid` and `.reqntid`
/// (PTX ISA 11.4.1, 11.4.3): a block of more threads than they allow is
/// refused, as a GPU refuses the launch ("Exceeding the maximum number of
/// threads results in a runtime error or kernel launch failure"), at the
/// directive; a block of another shape than `.reqntid`'s, of no more
/// threads, is a warning (the code was compiled for that shape).
fn check_block_bounds(
    f: &ptxfp_front::module::Function,
    block: [u32; 3],
) -> Result<Option<Diagnostic>, RunError> {
    let count = |d: [u32; 3]| d.iter().map(|&x| u64::from(x)).product::<u64>();
    let show = engine::dims;
    let threads = count(block);
    for (name, bound) in [(".maxntid", &f.maxntid), (".reqntid", &f.reqntid)] {
        let Some((dims, span)) = bound else { continue };
        if threads > count(*dims) {
            return Err(RunError::Program(
                Diagnostic::error(
                    span.clone(),
                    format!(
                        "--block {} has {threads} threads, more than `{}`'s `{name} {}` allows ({}): a GPU refuses this launch",
                        show(block),
                        f.name,
                        show(*dims),
                        count(*dims)
                    ),
                )
                .with_help(format!("launch with --block {}", show(*dims))),
            ));
        }
    }
    Ok(f.reqntid.as_ref().filter(|(d, _)| *d != block).map(|(d, span)| {
        Diagnostic::warning(
            span.clone(),
            format!(
                "--block {} is not `{}`'s `.reqntid {}`: the code was compiled for exactly that block",
                show(block),
                f.name,
                show(*d)
            ),
        )
    }))
}

/// The function to run: `name` (`--entry`), else the module's only
/// `.entry`; `None` for a snippet (no function, no `--entry`). A module
/// without an `.entry` (a library of `.func`s) runs one of its `.func`
/// bodies the same way: the one it has, or the one `--entry` names.
fn choose_entry<'m>(
    m: &'m Module,
    name: Option<&str>,
) -> Result<Option<&'m module::Function>, RunError> {
    let entries: Vec<&module::Function> = m.functions.iter().filter(|f| f.entry).collect();
    // A `{ }` block outside any function (in a snippet) has no name.
    let funcs: Vec<&module::Function> = m
        .functions
        .iter()
        .filter(|f| !f.entry && !f.name.is_empty())
        .collect();
    let (choices, kind) = if entries.is_empty() {
        (funcs, ".func")
    } else {
        (entries, ".entry")
    };
    let names = choices
        .iter()
        .map(|f| f.name.as_str())
        .collect::<Vec<_>>()
        .join(", ");
    let Some(name) = name else {
        return match choices.as_slice() {
            [] => Ok(None),
            [one] => Ok(Some(one)),
            [first, ..] if kind == ".entry" => Err(RunError::Input(format!(
                "the module has {} entry functions ({names}); choose the one to run with --entry NAME, e.g. --entry {}",
                choices.len(),
                first.name
            ))),
            [first, ..] => Err(RunError::Input(format!(
                "the module has no .entry function and {} .func functions ({names}); choose the one to run with --entry NAME, e.g. --entry {}",
                choices.len(),
                first.name
            ))),
        };
    };
    if let Some(f) = choices.iter().find(|f| f.name == name) {
        return Ok(Some(f));
    }
    let what = if kind == ".entry" && m.functions.iter().any(|f| f.name == name) {
        format!("`{name}` is a .func, not an .entry")
    } else if kind == ".entry" || choices.is_empty() {
        format!("no .entry `{name}`")
    } else {
        format!("no .entry or .func `{name}`")
    };
    // The closest name, ignoring case first. Names past HINT_CHARS are
    // not measured (the distance table is their lengths' product: two
    // 20,000-character names took 3 GB), and rank last.
    const HINT_CHARS: usize = 64;
    let near = |a: &str, b: &str| {
        if a.len() > HINT_CHARS || b.len() > HINT_CHARS {
            usize::MAX
        } else {
            ptxfp_isa::opcodes::edits(a, b)
        }
    };
    let lower = name.to_lowercase();
    let closest = choices
        .iter()
        .min_by_key(|f| (near(&f.name.to_lowercase(), &lower), near(&f.name, name)));
    Err(RunError::Input(match closest {
        None => format!("--entry {name}: {what}, and the module has no .entry function: leave out --entry to run it as a snippet"),
        Some(close) if kind == ".entry" => format!(
            "--entry {name}: {what}; the module's entry functions are {names} (did you mean --entry {}?)",
            close.name
        ),
        Some(close) => format!(
            "--entry {name}: {what}; the module has no .entry function, and its .func functions are {names} (did you mean --entry {}?)",
            close.name
        ),
    }))
}

/// A destination operand `d` or `d|p` (`setp`'s `p|q`, `shfl`'s and
/// `match`'s `d|p`): the names, the second where given.
fn dest_pair<'o>(o: &Operand<'o>) -> Result<(&'o str, Option<&'o str>), RunError> {
    match &o.kind {
        OperandKind::Other(t) if t.contains('|') => {
            let (d, p) = t.split_once('|').unwrap_or((t, ""));
            Ok((d.trim(), Some(p.trim())))
        }
        OperandKind::Name(n) => Ok((n, None)),
        _ => Err(err(o.span.clone(), "expected `d` or `d|p`")),
    }
}

/// `Machine::op_of` of a statement that is no instruction.
const NOT_AN_INSTR: u32 = u32::MAX;

impl Machine<'_, '_> {
    /// The statement of label `name` that a branch in `block` of the
    /// function of `scope` reaches: the one defined in the innermost block
    /// around it.
    fn label(&self, scope: usize, name: &str, block: usize) -> Option<usize> {
        self.labels
            .get(&(scope, name.to_string()))?
            .lookup(self.module, block)
    }

    /// Statement `i`'s instruction, decoded (`None` for a label).
    fn decoded_at(&self, i: usize) -> Option<&Decoded> {
        let k = *self.op_of.get(i).filter(|k| **k != NOT_AN_INSTR)?;
        self.decoded.get(k as usize)
    }

    /// The variable `name` means in the function being run (or, for
    /// `--set`/`--mem`, the entry): its own, else the module's.
    fn var(&self, name: &str) -> Option<VarInfo> {
        let all = self.vars.get(name)?;
        let (s, mut v) = all
            .iter()
            .find(|(s, _)| *s == self.scope)
            .or_else(|| all.iter().find(|(s, _)| *s == 0))
            .or_else(|| all.first().filter(|_| self.scope == 0))
            .copied()?;
        // A function's `.local` variable, in a call of it below the first:
        // that call's own copy (engine.rs, `frame_address`).
        if v.2 == Space::Local && s != 0 && s == self.scope {
            if let Some(t) = self.eng.threads.get(self.lane).filter(|t| t.depth > 0) {
                v.0 = engine::frame_address(v.0, t.depth);
            }
        }
        Some(v)
    }

    /// Register `i` takes `v` from outside (`--set`): in every thread.
    fn give_reg(&mut self, i: usize, v: u64) {
        let r = &mut self.regs[i];
        r.given = Some(v);
        r.vals.iter_mut().for_each(|x| *x = Some(v));
    }

    /// Resolves every register name of the statements that may run, once:
    /// [`Self::find`] then looks an operand up by where its name is in the
    /// text, not by the name.
    fn resolve_all(&mut self, in_scope: &dyn Fn(usize) -> bool) {
        let m = self.module;
        let base = m.source().as_ptr() as usize;
        let mut starts = Vec::with_capacity(m.stmt_count() + 1);
        let mut found: Vec<(u32, u32)> = Vec::new();
        for s in m.stmts() {
            starts.push(found.len() as u32);
            let Stmt::Instr(ins) = s else { continue };
            if !in_scope(ins.scope) {
                continue;
            }
            self.block = ins.block;
            let mut names: Vec<&str> = Vec::new();
            if let Some(g) = &ins.guard {
                names.push(g.reg);
            }
            fn walk<'t>(o: &Operand<'t>, out: &mut Vec<&'t str>) {
                match &o.kind {
                    OperandKind::Name(n) => out.push(n),
                    OperandKind::Address { base: Some(b), .. } => out.push(b),
                    OperandKind::Sum { base, .. } => out.push(base),
                    OperandKind::Vector(v) => v.iter().for_each(|e| walk(e, out)),
                    OperandKind::Other(t) => {
                        // `p|q`, `!p`, a call's `(a, b)`, `{d0, d1}|p`.
                        for part in t.split(['|', '!', '(', ')', ',', '{', '}']) {
                            let part = part.trim();
                            if !part.is_empty() {
                                out.push(part);
                            }
                        }
                    }
                    _ => {}
                }
            }
            for o in &ins.operands {
                walk(o, &mut names);
            }
            // A video instruction's operands carry a selector and (vmad's)
            // a sign, `-%r3.b0`: the register is the name inside
            // (crate::video).
            if ptxfp_isa::video::Video::decode(ins.opcode).is_some() {
                for n in &mut names {
                    *n = video::split(n, |t| self.is_register_name(t)).0;
                }
            }
            for n in names {
                // A vector register's element (`v.x`, made by the parser)
                // is not a slice of the source: it is looked up by name.
                let Some(at) = (n.as_ptr() as usize)
                    .checked_sub(base)
                    .filter(|a| *a < m.source().len())
                else {
                    continue;
                };
                self.declare_range_reg(n);
                if let Some(i) = self.find(n) {
                    found.push((at as u32, i as u32));
                }
            }
        }
        starts.push(found.len() as u32);
        self.block = 0;
        self.eng.resolved = found;
        self.eng.resolved_at = starts;
    }

    /// The register `name` (a slice of the program's text in the
    /// statement being run) was resolved to before the run.
    fn resolved(&self, name: &str) -> Option<usize> {
        let src = self.module.source();
        let at = (name.as_ptr() as usize).checked_sub(src.as_ptr() as usize)?;
        if at >= src.len() {
            return None;
        }
        let s = self.eng.stmt;
        let (a, b) = (
            *self.eng.resolved_at.get(s)? as usize,
            *self.eng.resolved_at.get(s + 1)? as usize,
        );
        self.eng.resolved[a..b]
            .iter()
            .find(|(o, _)| *o as usize == at)
            .map(|(_, i)| *i as usize)
    }

    /// Declares register `name` in `block`; returns its index. A second
    /// declaration in the same block (a parse error) is the first one.
    fn declare(&mut self, name: &str, ty: PtxType, block: usize, span: Option<Span>) -> usize {
        let same = self.by_name.entry(name.to_string()).or_default();
        let i = same.add(block, self.regs.len());
        if i < self.regs.len() {
            return i;
        }
        // The register file within --max-memory, or nothing allocated and
        // the run refused ([`Self::register_file_over`]) before the
        // register is used.
        let lanes = if self.defer_columns
            || self.register_file(self.regs.len() + 1) > self.eng.max_memory
        {
            0
        } else {
            self.nlanes
        };
        self.regs.push(Reg {
            name: name.to_string(),
            span,
            ty,
            vals: vec![None; lanes],
            given: None,
            scope: 0,
            shown: ty,
            written: false,
            lenient: false,
            order: (usize::MAX, 0),
        });
        self.regs.len() - 1
    }

    /// Gives the registers declared so far their columns, the register
    /// file checked to fit ([`Self::defer_columns`]); later declarations
    /// get theirs at once.
    fn allocate_registers(&mut self) {
        self.defer_columns = false;
        for r in &mut self.regs {
            r.vals = vec![None; self.nlanes];
        }
    }

    /// The bytes of a register file of `regs` registers: 16 a thread of
    /// the CTA, in each CTA of the cluster (each keeps its registers while
    /// another runs).
    fn register_file(&self, regs: usize) -> u64 {
        regs as u64 * self.nlanes as u64 * 16 * self.eng.cluster.size().max(1) as u64
    }

    /// Why the register file is over --max-memory, where it is: then the
    /// registers declared past the limit hold nothing ([`Self::declare`]),
    /// and the run must not go on.
    fn register_file_over(&self) -> Option<String> {
        let bytes = self.register_file(self.regs.len());
        if bytes <= self.eng.max_memory {
            return None;
        }
        let ctas = self.eng.cluster.size().max(1);
        let cluster = if ctas > 1 {
            format!(", in each of the cluster's {ctas} CTAs")
        } else {
            String::new()
        };
        Some(format!(
            "the register file needs {bytes} bytes ({} registers for each of the CTA's {} threads, 16 bytes each{cluster}), over --max-memory {}: launch fewer threads a CTA, or raise the limit",
            self.regs.len(),
            self.nlanes,
            self.eng.max_memory
        ))
    }

    /// Writes the addresses of the initializers (`AddrInit`) into their
    /// variables, now that every variable has one. PTX ISA §5.4.4:
    /// "Variable names appearing in initializers represent the address of
    /// the variable [...] By default, the resulting address is the offset
    /// in the variable's state space [...] An operator, `generic()`, is
    /// provided to create a generic address" (the same number here:
    /// docs/ENGINE.md "Memory spaces"); "Only variables in `.global` or
    /// `.const` state spaces may be used in initializers"; "Device function
    /// names appearing in initializers represent the address of the first
    /// instruction in the function" (as `mov.u64 r, f;` gives it); "The
    /// `mask()` operator extracts n consecutive bits from the expression
    /// [...] and inserts these bits at the lowest position".
    /// (`carried`: a child grid, whose global variables keep what the
    /// grids before it wrote.)
    fn fill_addresses(
        &mut self,
        in_scope: &dyn Fn(usize) -> bool,
        carried: bool,
    ) -> Result<(), RunError> {
        let m = self.module;
        for v in m
            .vars
            .iter()
            .filter(|v| in_scope(v.scope) && !v.addrs.is_empty())
        {
            let Some(base) = self.vars.get(&v.name).and_then(|all| {
                all.iter()
                    .find(|(s, _)| *s == v.scope)
                    .map(|(_, info)| info.0)
            }) else {
                continue;
            };
            for a in &v.addrs {
                let var = self.vars.get(&a.name).and_then(|all| {
                    all.iter()
                        .find(|(s, _)| *s == v.scope)
                        .or_else(|| all.iter().find(|(s, _)| *s == 0))
                        .map(|(_, info)| *info)
                });
                let addr = match var {
                    Some((addr, _, Space::Global | Space::Const, _)) => addr,
                    Some((_, _, space, _)) => {
                        return Err(err(
                            a.span.clone(),
                            format!("`{}` is a .{} variable: only .global and .const variables (and functions) may be used in initializers (PTX ISA §5.4.4)", a.name, space.name()),
                        ));
                    }
                    None => match m.function_index(&a.name) {
                        Some(i) => engine::FUNC_BASE + engine::FUNC_STRIDE * i as u64,
                        None => {
                            return Err(RunError::Program(
                                Diagnostic::error(
                                    a.span.clone(),
                                    format!("`{}` in the initializer of `{}` is no variable or function of the module", a.name, v.name),
                                )
                                .with_help("an initializer may name a .global or .const variable (`buf`, `buf+4`, `generic(buf)`) or a function"),
                            ));
                        }
                    },
                };
                let mut value = addr.wrapping_add(a.offset as u64);
                if let Some(mask) = a.mask {
                    value = (value & mask) >> mask.trailing_zeros();
                }
                let at = base.wrapping_add(a.at);
                if carried && self.region(at).is_none() {
                    continue;
                }
                let bytes = value.to_le_bytes();
                self.given_at(at)
                    .give(at, &bytes[..usize::from(a.width).min(8)]);
            }
        }
        Ok(())
    }

    /// Declares, on its first use, the register of a `%name<N>` range
    /// that `name` means in the current block. A range is one declaration
    /// in the module (`RegDecl::range`); only the registers the program
    /// names take memory here (docs/LIMITS.md).
    fn declare_range_reg(&mut self, name: &str) {
        let Some(r) = self.scopes.lookup(name, self.block) else {
            return;
        };
        if r.index.is_some() {
            self.declare_ref(name, r);
        }
    }

    /// Declares the register `r` (of the module's declarations), named
    /// `name`, once.
    fn declare_ref(&mut self, name: &str, r: ptxfp_front::module::RegRef<'_>) -> usize {
        let before = self.regs.len();
        let i = self.declare(name, r.ty, r.block, Some(r.span.clone()));
        if i == before {
            self.regs[i].scope = r.scope;
            self.regs[i].order = (r.id, r.index.unwrap_or(0));
            self.eng.scope_regs.entry(r.scope).or_default().push(i);
        }
        i
    }

    /// The register `name` means in the current block: the one declared
    /// in the innermost block around it.
    fn find(&self, name: &str) -> Option<usize> {
        // A name of the statement being run: resolved before the run.
        if let Some(i) = self.resolved(name) {
            return Some(i);
        }
        self.by_name.get(name)?.lookup(self.module, self.block)
    }

    /// The register `--set name=...` gives a value to: the only one of that
    /// name. Where blocks declare the name again (an inner block's `t`
    /// shadowing the function's), `name@LINE` or `name@LINE:COL` says
    /// which: the one declared there; a bare name is an error listing them.
    fn find_for_set(&self, name: &str) -> Result<Option<usize>, RunError> {
        let (base, at) = match name.split_once('@') {
            Some((b, at)) => (b.trim(), Some(at.trim())),
            None => (name, None),
        };
        let Some(same) = self.by_name.get(base) else {
            return Ok(None);
        };
        if let ([(_, one)], None) = (same.all(), at) {
            return Ok(Some(*one));
        }
        let places: Vec<(usize, (usize, usize))> = same
            .all()
            .iter()
            .map(|&(_, i)| (i, self.line_col(self.regs[i].span.as_ref())))
            .collect();
        let list = places
            .iter()
            .map(|(_, (l, c))| format!("{l}:{c}"))
            .collect::<Vec<_>>();
        if let Some(at) = at {
            let (line, col) = match at.split_once(':') {
                Some((l, c)) => (l.parse::<usize>().ok(), c.parse::<usize>().ok().map(Some)),
                None => (at.parse::<usize>().ok(), Some(None)),
            };
            let (Some(line), Some(col)) = (line, col) else {
                return Err(RunError::Input(format!(
                    "--set {name}: after `@` give the line (and column) of the declaration, e.g. {base}@{}",
                    list.first().map_or("1", String::as_str)
                )));
            };
            let hits: Vec<usize> = places
                .iter()
                .filter(|(_, (l, c))| *l == line && col.is_none_or(|col| col == *c))
                .map(|(i, _)| *i)
                .collect();
            return match hits.as_slice() {
                [one] => Ok(Some(*one)),
                [] => Err(RunError::Input(format!(
                    "--set {name}: no register `{base}` is declared at {at}; it is declared at {}",
                    list.join(", ")
                ))),
                _ => Err(RunError::Input(format!(
                    "--set {name}: line {line} declares several registers `{base}` (at {}): add the column, e.g. {base}@{}",
                    list.iter().filter(|p| p.starts_with(&format!("{line}:"))).cloned().collect::<Vec<_>>().join(", "),
                    list.iter().find(|p| p.starts_with(&format!("{line}:"))).map_or("", String::as_str)
                ))),
            };
        }
        match places.as_slice() {
            [] => Ok(None),
            [(one, _)] => Ok(Some(*one)),
            _ => Err(RunError::Input(format!(
                "--set {name}: {} registers are named `{name}`, declared at {} (a `{{ }}` block's declaration shadows the name inside that block); say which with {}",
                places.len(),
                list.join(" and "),
                list.iter()
                    .map(|p| format!("--set {name}@{p}=VALUE"))
                    .collect::<Vec<_>>()
                    .join(" or ")
            ))),
        }
    }

    /// The name `--set` takes for the register `name` means here: the
    /// name, or `name@LINE:COL` where several registers have it.
    fn set_name(&self, name: &str) -> String {
        match (self.find(name), self.by_name.get(name)) {
            (Some(i), Some(same)) if same.all().len() > 1 => {
                let (l, c) = self.line_col(self.regs[i].span.as_ref());
                format!("{name}@{l}:{c}")
            }
            _ => name.to_string(),
        }
    }

    /// The error of a read of register `n`, which has no value, where a
    /// value is needed (an address, a guard, a branch condition, ...). A
    /// register computed from one without a value has none either
    /// (docs/ENGINE.md "Undefined values"): where the run made such a
    /// result, the help names the first register read without a value,
    /// which is where to look, not `n`.
    fn no_value(&self, n: &str, span: Span) -> Diagnostic {
        let Some((first, who, name)) = &self.eng.undefined_read else {
            return Diagnostic::error(span, format!("register `{n}` is read before it is written"))
                .with_help(format!(
                    "give it a value with --set {}=VALUE, or run with --lenient",
                    self.set_name(n)
                ));
        };
        let (l, c) = self.line_col(Some(&first.span));
        let at = if l == 0 {
            format!("byte {c}")
        } else {
            format!("{l}:{c}")
        };
        Diagnostic::error(
            span,
            format!(
                "register `{n}` has no value: it was never written, or was computed from a register without one"
            ),
        )
        .with_help(format!(
            "the first register read without a value was `{name}` at {at} ({who}), and what was computed from it has none; give it a value with --set {name}=VALUE, or run with --lenient"
        ))
    }

    /// The line and column of `span`'s start in the source (`(0, byte
    /// offset)` where the source is not known, as for [`run_module`]).
    fn line_col(&self, span: Option<&Span>) -> (usize, usize) {
        match (self.src, span) {
            (Some(src), Some(s)) => ptxfp_isa::diag::SourceMap::new(src).line_col(s.start),
            (None, Some(s)) => (0, s.start),
            (_, None) => (0, 0),
        }
    }

    /// The error for `--set name=text` refused for type `ty` (of a
    /// register or, `what`, a parameter).
    fn set_error(&self, name: &str, text: &str, ty: PtxType, what: &str, e: SetError) -> RunError {
        RunError::Input(match e {
            SetError::Bad(m) => format!("--set {name}={text}: {m} (`{name}` is a `{ty}` {what})"),
            SetError::Untyped => {
                let base = name.split('@').next().unwrap_or(name);
                set::untyped(name, what, text, ty, &set::uses(self.module, base))
            }
            SetError::Mismatch(given, value) => set::mismatch(name, what, text, given, &value, ty),
        })
    }

    /// The warnings of a `--set` value (1e999 for a `.f32` is +Inf): said,
    /// as `eval` says them of its operands.
    fn warn_range(&mut self, name: &str, text: &str, warned: Vec<String>) {
        for w in warned {
            self.out
                .input_warnings
                .push(format!("--set {name}={text}: {w}"));
        }
    }

    /// The error for `--set name=...` where `name` is no register or
    /// variable: a `.b128` register and a vector register are held as
    /// their parts (`%q.lo`/`%q.hi`, `%v.x` ...), which are set one by one.
    fn not_settable(&self, name: &str) -> String {
        let has = |part: &str| self.by_name.contains_key(format!("{name}.{part}").as_str());
        if has("lo") && has("hi") {
            return format!("--set {name}: `{name}` is a .b128 register, held as two 64-bit halves: set them, --set {name}.lo=0x... --set {name}.hi=0x...");
        }
        let parts: Vec<&str> = ["x", "y", "z", "w"]
            .into_iter()
            .take_while(|p| has(p))
            .collect();
        if !parts.is_empty() {
            let list = parts
                .iter()
                .map(|p| format!("--set {name}.{p}=..."))
                .collect::<Vec<_>>()
                .join(" ");
            return format!(
                "--set {name}: `{name}` is a vector register of {} elements: set each, {list}",
                parts.len()
            );
        }
        format!("--set {name}: no register or parameter `{name}` is declared")
    }

    fn apply_inputs(&mut self, inputs: &Inputs) -> Result<(), RunError> {
        // One value per name: a second --set for it is a mistake, not an update.
        for (i, (name, text)) in inputs.sets.iter().enumerate() {
            if let Some((_, first)) = inputs.sets[..i].iter().find(|(n, _)| n == name) {
                return Err(RunError::Input(format!(
                    "--set {name} is given twice ({name}={first} and {name}={text}): give each name one value"
                )));
            }
        }
        let mut set_regs: HashMap<usize, &str> = HashMap::new();
        for (name, text) in &inputs.sets {
            if let Some(i) = self.find_for_set(name)? {
                if let Some(first) = set_regs.insert(i, name) {
                    return Err(RunError::Input(format!(
                        "--set {first} and --set {name} are the same register: give it one value"
                    )));
                }
                let ty = self.regs[i].ty;
                let mut warned = Vec::new();
                let v = set_value_warned(text, ty, &mut warned)
                    .map_err(|e| self.set_error(name, text, ty, "register", e))?;
                self.warn_range(name, text, warned);
                self.give_reg(i, v);
            } else if let Some((addr, size, _, ty)) = self.var(name) {
                // A `.param` (or any variable): its first element, in its type.
                let mut warned = Vec::new();
                let v = set_value_warned(text, ty, &mut warned).map_err(|e| {
                    let e = self.set_error(name, text, ty, "variable", e);
                    match e {
                        RunError::Input(m) if size > u64::from(ty.bits().div_ceil(8)) => {
                            RunError::Input(m + &array_help(name, text, ty, size))
                        }
                        e => e,
                    }
                })?;
                self.warn_range(name, text, warned);
                let n = size.min(u64::from(ty.bits().div_ceil(8)));
                self.given_at(addr)
                    .give(addr, &v.to_le_bytes()[..n as usize]);
            } else if let Some(s) = self.special(name) {
                // In its own width (`%gridid` and `%clock64` are 64 bits),
                // as an unsigned number (`%envreg3=2`, though `.b32`).
                let ty = match s.ty {
                    PtxType::U64 => PtxType::U64,
                    PtxType::Pred => PtxType::Pred,
                    _ => PtxType::U32,
                };
                let v = set_value(text, ty)
                    .map_err(|e| self.set_error(name, text, ty, "special register", e))?;
                let i = self.declare(name, ty, 0, None);
                self.give_reg(i, v);
            } else if self.opts.lenient {
                // Declared (and typed) by its first use; see `reg`.
                self.pending.insert(name.clone(), text.clone());
            } else {
                return Err(RunError::Input(self.not_settable(name)));
            }
        }
        // Each byte is given once: two --mem ranges that overlap would
        // leave one of them silently overwritten.
        let mut given: Vec<(u64, u64, String)> = Vec::new();
        enum Source<'a> {
            Bytes(&'a [u8]),
            File(&'a std::path::Path),
            // A tensor map's 128 bytes, and the option that gave them.
            Map(&'a [u8], &'a str),
        }
        let maps = Self::tensor_map_mems(&inputs.tensor_maps)?;
        let mems = inputs.mems.iter().map(|(at, b)| (at, Source::Bytes(b)));
        let maps = maps
            .iter()
            .zip(&inputs.tensor_maps)
            .map(|((at, b), spec)| (at, Source::Map(b, spec)));
        let files = inputs.mem_files.iter().map(|(at, p)| (at, Source::File(p)));
        for (at, source) in mems.chain(maps).chain(files) {
            let (flag, place, bytes, is_file) = match source {
                Source::Bytes(b) => {
                    let flag = format!("--mem {at}");
                    let place = self.resolve_input_addr(&flag, at)?;
                    (flag, place, std::borrow::Cow::Borrowed(b), false)
                }
                Source::Map(b, spec) => {
                    let flag = format!("--tensor-map {spec}");
                    let place = self.resolve_input_addr(&flag, at)?;
                    (flag, place, std::borrow::Cow::Borrowed(b), false)
                }
                Source::File(p) => {
                    let flag = format!("--mem-file {at}={}", p.display());
                    let place = self.resolve_input_addr(&flag, at)?;
                    let read = self.read_mem_file(&flag, &place, p)?;
                    (flag, place, std::borrow::Cow::Owned(read), true)
                }
            };
            let addr = place.addr;
            if bytes.is_empty() {
                return Err(RunError::Input(if is_file {
                    format!("{flag}: the file is empty: it gives no bytes")
                } else {
                    format!("{flag}=: no bytes given: write them in hex after `=`, e.g. {at}=00")
                }));
            }
            let Some(end) = addr.checked_add(bytes.len() as u64) else {
                return Err(RunError::Input(format!(
                    "{flag}: {} bytes at {addr:#x} run past the end of the address space",
                    bytes.len()
                )));
            };
            place.check_fits(&flag, bytes.len() as u64)?;
            // A parameter is given by its name (--set, or --mem NAME for a
            // byte array); a numeric address must not write over one.
            if place.var.is_none() {
                if let Some((name, (at, size, ..))) = self
                    .vars
                    .iter()
                    .flat_map(|(n, all)| all.iter().map(move |(_, v)| (n, v)))
                    .find(|(_, (at, size, space, _))| {
                        *space == Space::Param && addr < at.saturating_add(*size) && *at < end
                    })
                {
                    return Err(RunError::Input(format!(
                        "{flag} ({addr:#x}..{end:#x}) overlaps the parameter `{name}` ({at:#x}..{:#x}): give a parameter by its name, --set {name}=VALUE (or --mem {name}=HEXBYTES)",
                        at.saturating_add(*size)
                    )));
                }
            }
            if let Some((s, e, other)) = given.iter().find(|(s, e, _)| addr < *e && *s < end) {
                return Err(RunError::Input(format!(
                    "{flag} ({addr:#x}..{end:#x}) overlaps {other} ({s:#x}..{e:#x}): give each byte once"
                )));
            }
            // Refused before it is stored: 700 MB given under a 1 MB
            // limit took 3.6 GB before the first instruction said so.
            let cost = memory::give_cost(addr, bytes.len() as u64);
            let held = memory::live_bytes().saturating_sub(self.eng.memory_before);
            if held.saturating_add(cost) > self.eng.max_memory {
                return Err(RunError::Input(format!(
                    "{flag}: the {} bytes given take up to {cost} bytes of the host's memory, and with the {held} bytes given before that is past --max-memory {}: raise the limit with --max-memory BYTES, or give fewer bytes",
                    bytes.len(),
                    self.eng.max_memory
                )));
            }
            self.given_at(addr).give(addr, &bytes);
            given.push((addr, end, flag));
        }
        self.bind_surfaces(&inputs.surfaces)?;
        self.bind_textures(&inputs.textures)
    }

    /// Reads a `--mem-file` (`flag`, for messages): no more than fits in
    /// the variable it names, or than [`MAX_MEM_FILE`] at an address
    /// outside variables, so that `/dev/zero` ends with an error.
    fn read_mem_file(
        &self,
        flag: &str,
        place: &InputPlace,
        path: &std::path::Path,
    ) -> Result<Vec<u8>, RunError> {
        use std::io::Read as _;
        let room = match &place.var {
            Some(v) if v.size > 0 => {
                place.check_fits(flag, 1)?;
                v.size - v.offset
            }
            _ => MAX_MEM_FILE,
        };
        let mut bytes = Vec::new();
        std::fs::File::open(path)
            .and_then(|f| f.take(room + 1).read_to_end(&mut bytes))
            .map_err(|e| RunError::Input(format!("{flag}: cannot read the file: {e}")))?;
        if bytes.len() as u64 > room {
            return Err(RunError::Input(match &place.var {
                Some(v) if v.size > 0 => format!(
                    "{flag}: the file has more than the {room} bytes that fit in `{}` from offset {} (`{}` has {} bytes)",
                    v.name, v.offset, v.name, v.size
                ),
                _ => format!(
                    "{flag}: the file is larger than {} MiB, the most a --mem-file gives",
                    MAX_MEM_FILE >> 20
                ),
            }));
        }
        Ok(bytes)
    }

    /// Where a `--mem`/`--mem-file` ADDR (a number, or a variable with an
    /// optional `+offset`) points; `flag` is the option, for messages.
    fn resolve_input_addr(&self, flag: &str, at: &str) -> Result<InputPlace, RunError> {
        let (base, off) = match at.split_once('+') {
            Some((b, o)) => (b.trim(), Some(o.trim())),
            None => (at.trim(), None),
        };
        // An address, or a count of bytes past one: never negative (a
        // PTX literal may be, and would wrap to the top of memory).
        let unsigned = |t: &str, what: &str| {
            if t.starts_with('-') {
                return Err(RunError::Input(format!(
                    "{flag}: the {what} `{t}` is negative: addresses are 0 to 0xffffffffffffffff, and an offset counts bytes on from ADDR"
                )));
            }
            Ok(ptxfp_isa::literal::parse_int(t).map(|v| v as u64))
        };
        let off = match off {
            Some(o) => unsigned(o, "offset")?
                .ok_or_else(|| RunError::Input(format!("{flag}: bad offset `{o}`")))?,
            None => 0,
        };
        let past_the_end = |addr: u64| {
            RunError::Input(format!(
                "{flag}: {addr:#x} + {off:#x} is past the end of the 64-bit address space"
            ))
        };
        if let Some(v) = unsigned(base, "address")? {
            return Ok(InputPlace {
                addr: v.checked_add(off).ok_or_else(|| past_the_end(v))?,
                var: None,
            });
        }
        let Some((addr, size, _, _)) = self.var(base) else {
            return Err(RunError::Input(format!(
                "{flag}: `{base}` is neither an address nor a declared variable"
            )));
        };
        Ok(InputPlace {
            addr: addr.checked_add(off).ok_or_else(|| past_the_end(addr))?,
            var: Some(VarPlace {
                name: base.to_string(),
                size,
                offset: off,
            }),
        })
    }

    /// Looks a register up, declaring it in lenient mode.
    fn reg(&mut self, name: &str, ty: PtxType, span: &Span) -> Result<&mut Reg, RunError> {
        let found = self.find(name);
        let i = if let Some(i) = found {
            i
        } else {
            if !self.opts.lenient {
                return Err(RunError::Program(
                    Diagnostic::error(span.clone(), format!("register `{name}` is not declared"))
                        .with_help(format!(
                            "declare it, e.g. `.reg {ty} {name};`, or run with --lenient"
                        )),
                ));
            }
            self.run_warning(Diagnostic::warning(
                span.clone(),
                format!("`{name}` declared on first use as `{ty}` (--lenient)"),
            ));
            // Declared at the function's level, so that later uses in
            // other blocks of the function see it.
            let body = self.module.body_of(self.block);
            let i = self.declare(name, ty, body, Some(span.clone()));
            if let Some(e) = self.register_file_over() {
                return Err(err(span.clone(), e));
            }
            // The spec's examples use one register as `.f16` and `.bf16`:
            // later uses may take any type of the same size, as if the
            // register were `.bN` (PTX ISA §6.4.1).
            self.regs[i].lenient = true;
            if let Some(text) = self.pending.remove(name) {
                let v = set_value(&text, ty)
                    .map_err(|e| self.set_error(name, &text, ty, "register by its first use", e))?;
                self.give_reg(i, v);
            }
            i
        };
        let r = &mut self.regs[i];
        let same_size =
            r.lenient && ty != PtxType::Pred && r.ty != PtxType::Pred && ty.bits() == r.ty.bits();
        if !same_size && !ty.accepts_register(r.ty) {
            return Err(err(
                span.clone(),
                format!(
                    "register `{name}` is declared `{}`; this operand is `{ty}`",
                    r.ty
                ),
            ));
        }
        Ok(r)
    }

    fn read(&mut self, op: &Operand, ty: PtxType) -> Result<u64, RunError> {
        match &op.kind {
            OperandKind::Imm(t) => self.imm(t, ty, &op.span),
            // PTX ISA §5.1.4, predefined identifiers: `WARP_SZ`, "the number
            // of threads in a warp", is a run-time constant (ZLUDA's warp_sz.ptx:
            // `st.u8 [a], WARP_SZ;`).
            OperandKind::Name("WARP_SZ") if self.find("WARP_SZ").is_none() => {
                Ok(WARP_SIZE as u64 & mask(ty.bits()))
            }
            OperandKind::Name(n) if self.find(n).is_none() && self.special(n).is_some() => {
                // The running thread's (engine.rs), unless --set gave a value.
                let Some(s) = self.special(n) else {
                    return Ok(0);
                };
                Ok(self.special_value(n, s, &op.span)? & mask(ty.bits()))
            }
            OperandKind::Name(n) if self.find(n).is_none() && self.var(n).is_some() => {
                // A variable's name as an operand is its address (PTX ISA §6.4.2).
                Ok(self.var(n).map_or(0, |v| v.0) & mask(ty.bits()))
            }
            // A function's name is its address (PTX ISA `mov`: "mov.u64 d,
            // fname; // get address of device function"), for an indirect
            // `call` (engine.rs, `FUNC_BASE`).
            OperandKind::Name(n)
                if self.find(n).is_none() && self.module.function_index(n).is_some() =>
            {
                let i = self.module.function_index(n).unwrap_or(0);
                Ok((engine::FUNC_BASE + engine::FUNC_STRIDE * i as u64) & mask(ty.bits()))
            }
            // `avar+imm` (PTX ISA `mov`: "Operand a may be a register,
            // special register, variable with optional offset in an
            // addressable memory space, or function name"), and `reg+imm`,
            // a register's value plus a constant, which ptxas takes as a
            // source too (ZLUDA's reg_local.ptx: `st.u64 [x], temp + 1;`,
            // checked on NVIDIA GPUs): the sum wraps at the operand's width.
            OperandKind::Sum { base, offset } => {
                if ty.is_float() || ty == PtxType::Pred {
                    return Err(err(
                        op.span.clone(),
                        format!("`{base}{offset:+}` is an integer sum; this operand is `{ty}`"),
                    ));
                }
                let b = Operand {
                    kind: OperandKind::Name(base),
                    span: op.span.clone(),
                };
                let v = self.read(&b, ty)?;
                Ok(v.wrapping_add(*offset as u64) & mask(ty.bits()))
            }
            // An array element as a value: its address (PTX ISA §6.4.2,
            // "mov.u32 s, a[1]; // move address of a[1] into s"; tinygrad
            // writes `mov.u64 %rd0, local0[0];`).
            OperandKind::Address {
                base: Some(base),
                offset,
                element: true,
            } => {
                let sum = Operand {
                    kind: OperandKind::Sum {
                        base,
                        offset: *offset,
                    },
                    span: op.span.clone(),
                };
                self.read(&sum, ty)
            }
            OperandKind::Name(n) => {
                let lenient = self.opts.lenient;
                let span = op.span.clone();
                let lane = self.lane;
                let r = self.reg(n, ty, &span)?;
                match r.vals[lane] {
                    Some(v) => Ok(v),
                    None if lenient => {
                        r.vals[lane] = Some(0);
                        self.run_warning(Diagnostic::warning(
                            span,
                            format!("`{n}` read before it was written: reads as 0 (--lenient)"),
                        ));
                        Ok(0)
                    }
                    None => Err(RunError::Program(self.no_value(n, span))),
                }
            }
            _ => Err(err(
                op.span.clone(),
                format!("expected a register or an immediate of type `{ty}`"),
            )),
        }
    }

    /// The constant `t` as an operand of type `ty`: an integer constant
    /// wider than an integer or bit-size operand is truncated to the
    /// operand's width, as ptxas does (PTX ISA §4.5.1;
    /// `ptxfp_front::check::truncated_constant`), with a warning once per
    /// operand; every other constant that does not fit is an error.
    pub(crate) fn imm(&mut self, t: &str, ty: PtxType, span: &Span) -> Result<u64, RunError> {
        let e = match ptxfp_isa::literal::parse_imm(t, ty) {
            Ok(v) => return Ok(v),
            Err(e) => e,
        };
        let Some((v, why)) = ptxfp_front::check::truncated_constant(t, ty) else {
            return Err(err(span.clone(), e));
        };
        if self.eng.truncated.insert(span.start) {
            self.out
                .warnings
                .push(Diagnostic::warning(span.clone(), why));
        }
        Ok(v)
    }

    fn write(&mut self, op: &Operand, ty: PtxType, v: u64) -> Result<(), RunError> {
        match &op.kind {
            OperandKind::Name(n) => {
                let lane = self.lane;
                let r = self.reg(n, ty, &op.span)?;
                let bits = r.ty.bits().max(ty.bits());
                r.vals[lane] = Some(v & mask(bits));
                r.shown = if ty.is_bits() { r.ty } else { ty };
                r.written = true;
                Ok(())
            }
            _ => Err(err(op.span.clone(), "the destination must be a register")),
        }
    }

    fn operands<'i, 'm>(
        &self,
        ins: &'i Instr<'m>,
        n: usize,
    ) -> Result<&'i [Operand<'m>], RunError> {
        if ins.operands.len() != n {
            return Err(err(
                ins.opcode_span.clone(),
                format!(
                    "`{}` takes {n} operands; {} given",
                    ins.opcode,
                    ins.operands.len()
                ),
            ));
        }
        Ok(&ins.operands)
    }

    /// Records `ins` with the values it read and the one it wrote (with
    /// [`Options::trace`]).
    fn trace(&mut self, ins: &Instr, srcs: &[(u64, PtxType)], dst: Option<(u64, PtxType)>) {
        self.trace_with(ins, srcs, dst, |_| {});
    }

    /// [`Self::trace`], with `finish` completing the step (a skip, a memory
    /// access) before it goes to the sink or into the outcome.
    fn trace_with(
        &mut self,
        ins: &Instr,
        srcs: &[(u64, PtxType)],
        dst: Option<(u64, PtxType)>,
        finish: impl FnOnce(&mut TraceStep),
    ) {
        if !self.opts.trace {
            return;
        }
        let thread = self.eng.multi.then(|| {
            let t = self.eng.threads.get(self.lane).map_or([0; 3], |t| t.tid);
            (self.eng.ctaid, t)
        });
        let mut step = TraceStep {
            span: ins.span.clone(),
            opcode: ins.opcode.to_string(),
            instruction: statement_text(ins),
            inputs: srcs.to_vec(),
            result: dst,
            access: None,
            skipped: false,
            thread,
            approx: false,
        };
        finish(&mut step);
        match &mut self.sink {
            Some(sink) => sink.step(step),
            None => self.out.trace.push(step),
        }
    }

    /// Executes one instruction.
    fn step(&mut self, ins: &Instr, op: &Op, plan: Option<OnePlan>) -> Result<Flow, RunError> {
        self.block = ins.block;
        if let Some(g) = &ins.guard {
            let op = Operand {
                kind: OperandKind::Name(g.reg),
                span: g.span.clone(),
            };
            let p = self.read(&op, PtxType::Pred)? & 1 == 1;
            if p == g.negated {
                self.trace_with(ins, &[], None, |step| step.skipped = true);
                return Ok(Flow::Next);
            }
        }
        match op {
            Op::Ret => {
                self.trace(ins, &[], None);
                return Ok(Flow::Stop);
            }
            Op::Bra => {
                if let [Operand {
                    kind: OperandKind::Name(l),
                    ..
                }] = &ins.operands[..]
                {
                    self.trace(ins, &[], None);
                    return Ok(Flow::Jump(l.to_string()));
                }
                return Err(err(ins.span.clone(), "`bra` takes one label"));
            }
            Op::Mov(ty) => self.mov(ins, *ty)?,
            Op::Cvt(_) | Op::Alt(_) | Op::Mixed(_) => self.compute_op(ins, op)?,
            Op::Setp(_) | Op::SetSimd(_) | Op::Select(_) | Op::Testp(_) => {
                self.compute_op(ins, op)?
            }
            Op::Ld(m) => self.ldst(ins, m, true)?,
            Op::St(m) => self.ldst(ins, m, false)?,
            Op::Control(c) => return self.control(ins, *c),
            Op::Cvta(ty) => {
                let ops = self.operands(ins, 2)?;
                let ty = ty.unwrap_or(PtxType::U64);
                let v = self.read(&ops[1], ty)?;
                self.write(&ops[0], ty, v)?;
                self.trace(ins, &[(v, ty)], Some((v, ty)));
            }
            Op::Int(_) => self.compute_op(ins, op)?,
            Op::Form(_) => {
                let Some(form) = op.form() else {
                    return Err(err(ins.opcode_span.clone(), "internal: no form"));
                };
                // 9.7.3.11: `min.f32 d, a, b, c` is the three-input form
                // (the decoding is per opcode text, which both share).
                match form.with_sources(ins.operands.len().saturating_sub(1)) {
                    Some(f) if f != form => self.arith(ins, f, None)?,
                    _ => self.arith(ins, form, plan)?,
                }
            }
            Op::Unsupported(Some(why)) => {
                return Err(RunError::Program(
                    why.clone().shifted(ins.opcode_span.start),
                ))
            }
            Op::Unsupported(None) | Op::NotPtx => {
                return Err(err(
                    ins.opcode_span.clone(),
                    format!("unsupported instruction `{}`", ins.opcode),
                ));
            }
        }
        Ok(Flow::Next)
    }

    /// The static errors and warnings of one instruction, as run before
    /// anything executes: its decoding (a malformed form, a `--lenient`
    /// repair), its form against the `.version` and the `.target` (and so
    /// the device, which runs what the target allows; see `execute`), for
    /// the instructions whose form the interpreter knows (float arithmetic,
    /// float `cvt` and `setp`). Instructions it does not know are reported
    /// when they execute.
    fn validate(&self, ins: &Instr, dec: &Decoded) -> Vec<Diagnostic> {
        let at = ins.opcode_span.start;
        let mut diags = Vec::new();
        for d in &dec.diags {
            let d = d.clone().shifted(at);
            match &dec.op {
                // docs/NVIDIA.md "Modifier order" and "Errata": a
                // misplaced modifier (with --lenient, also a repeated one)
                // is repaired, with a warning.
                Op::Form(f) if !d.is_error() => diags.push(Diagnostic {
                    message: format!("{} (ran as `{f}`)", d.message),
                    ..d
                }),
                _ => diags.push(d),
            }
        }
        // 9.7.3.11: `min.f32 d, a, b, c` is the three-input form.
        let op = dec.op.with_sources(ins.operands.len().saturating_sub(1));
        // Valid PTX the engine does not run (`Op::Unsupported`: a `cvt`
        // outside the model, `mma.sp`, the `tcgen05.mma.ws` forms...) has
        // no rule here: the warning of `execute_grid` lists it, and a
        // thread that reaches it stops the run (`step`), so a kernel whose
        // unreached branches hold it runs, as on a GPU.
        diags.extend(
            op.validate(ins.opcode, self.version, self.exec.code_target)
                .into_iter()
                .map(|d| d.shifted(at)),
        );
        // A float constant that overflowed to Inf or underflowed to 0, as
        // `ptxfp check` and `eval` say it.
        if let Some(types) = op.operand_types() {
            for (o, ty) in ins.operands.iter().zip(types).skip(1) {
                if let OperandKind::Imm(t) = o.kind {
                    if let Ok(lit) = ptxfp_isa::literal::Literal::imm(t, ty) {
                        diags.extend(
                            lit.warnings
                                .iter()
                                .map(|w| Diagnostic::warning(o.span.clone(), w.to_string())),
                        );
                    }
                }
            }
        }
        if dec.op.is_legacy_mad_f32()
            && self.exec.code_target.is_sm1x()
            && !self.exec.device.is_sm1x()
        {
            // 9.7.3.7: "When JIT-compiled for SM 2.0 devices, mad.f32 is
            // implemented as a fused multiply-add (i.e., fma.rn.ftz.f32)".
            diags.push(
                Diagnostic::warning(
                    ins.opcode_span.clone(),
                    format!(
                        "`{}` of {} code runs as fma.rn.ftz.f32 on the {} device (9.7.3.7)",
                        ins.opcode, self.exec.code_target, self.exec.device
                    ),
                )
                .with_help(
                    "run with --device sm_13 for sm_1x hardware (product truncated to 24 bits)",
                ),
            );
        }
        diags
    }

    /// Float arithmetic: `form` on the operands, through its plan where it
    /// has one (the same bits as `Eval::eval`; its errors and warnings were
    /// found before the run, `validate`).
    fn arith(&mut self, ins: &Instr, form: Form, plan: Option<OnePlan>) -> Result<(), RunError> {
        let types = form.source_types();
        let ops = self.operands(ins, 1 + types.len())?;
        let mut srcs = Vec::with_capacity(types.len());
        let mut undefined = false;
        for (op, ty) in ops[1..].iter().zip(&types) {
            let v = self.read_maybe(op, *ty)?;
            undefined |= v.is_none();
            srcs.push(v.unwrap_or(0) & mask(ty.bits()));
        }
        let dty = form.dest_type();
        if undefined {
            return self.write_undefined(&ops[0], dty);
        }
        let typed: Vec<(u64, PtxType)> = srcs.iter().copied().zip(types.iter().copied()).collect();
        let r = match plan {
            Some(p) => p.eval([0, 1, 2].map(|i| srcs.get(i).copied().unwrap_or(0))),
            None => form.eval(&srcs, &self.exec),
        } & mask(dty.bits());
        self.write(&ops[0], dty, r)?;
        if self.opts.contract {
            self.contraction(ins, form, &srcs, r);
        }
        self.trace_with(ins, &typed, Some((r, dty)), |s| s.approx = form.is_approx());
        Ok(())
    }

    /// docs/NVIDIA.md "Contraction": an add/sub/mul with no rounding modifier may be
    /// fused (mul followed by add/sub becomes fma). Records the mul's result
    /// per destination register, and at a dependent add/sub compares the
    /// written result with `fma.rn` of the same modifiers.
    fn contraction(&mut self, ins: &Instr, form: Form, srcs: &[u64], r: u64) {
        let dty = form.dest_type();
        // Registers, not names: an inline-asm block's `t` is not the
        // function's `t` (called after the write, so the destination exists).
        // Per register and thread: each thread's mul feeds its own add.
        let lane = self.lane;
        let key = move |i: usize| i * MAX_CTA_THREADS as usize + lane;
        let dest = match ins.operands.first().map(|o| &o.kind) {
            Some(OperandKind::Name(n)) => match self.find(n) {
                Some(i) => key(i),
                None => return,
            },
            _ => return,
        };
        let rounding = form.rnd().is_some();
        if form.op() == Opcode::Mul && !rounding && srcs.len() == 2 {
            self.products.insert(
                dest,
                Product {
                    span: ins.span.clone(),
                    form,
                    a: srcs[0],
                    b: srcs[1],
                    bits: r,
                },
            );
            return;
        }
        let sub = form.op() == Opcode::Sub;
        if matches!(form.op(), Opcode::Add | Opcode::Sub)
            && !rounding
            && srcs.len() == 2
            && ins.operands.len() == 3
        {
            let name_of = |i: usize| match &ins.operands[i].kind {
                OperandKind::Name(n) => self.find(n).map(key),
                _ => None,
            };
            let sign = match dty {
                PtxType::F16x2 | PtxType::BF16x2 => 0x8000_8000u64,
                t => 1u64 << (t.bits() - 1),
            };
            for (pos, other) in [(1usize, 1usize), (2, 0)] {
                let Some(n) = name_of(pos) else { continue };
                let Some(p) = self.products.get(&n) else {
                    continue;
                };
                if p.bits != srcs[pos - 1] {
                    continue;
                }
                // The mul must carry the add's modifiers (maybe less `.sat`).
                let add_nosat = Mods {
                    clamp: if form.clamp() == Clamp::Sat {
                        Clamp::None
                    } else {
                        form.clamp()
                    },
                    ..form.mods()
                };
                let same = p.form.ty() == form.ty()
                    && (p.form.mods() == form.mods() || p.form.mods() == add_nosat);
                if !same {
                    continue;
                }
                let fused = Mods {
                    rnd: Some(ptxfp_float::Round::NearestEven),
                    ..form.mods()
                };
                let Ok(f) = Form::new(Opcode::Fma, fused, form.ty()) else {
                    continue;
                };
                if f.validate(self.version, self.exec.code_target)
                    .iter()
                    .any(|d| d.is_error())
                {
                    continue;
                }
                let c = srcs[other];
                let (a, c) = match (sub, pos) {
                    (true, 1) => (p.a, c ^ sign), // m - c = a*b + (-c)
                    (true, _) => (p.a ^ sign, c), // c - m = (-a)*b + c
                    _ => (p.a, c),
                };
                let fr = f.eval(&[a, p.b, c], &self.exec) & mask(dty.bits());
                if fr != r {
                    self.eng.contraction_reports += 1;
                }
                if fr != r && self.eng.contraction_reports <= MAX_CONTRACTIONS {
                    self.out.contractions.push(Contraction {
                        mul: p.span.clone(),
                        add: ins.span.clone(),
                        op: if sub { "sub" } else { "add" },
                        fused_form: f.to_string(),
                        inputs: [a, p.b, c],
                        ty: dty,
                        unfused: r,
                        fused: fr,
                    });
                }
                break;
            }
        }
        self.products.remove(&dest);
    }

    /// `mov.b128 q, {a, b, c, d}` and `mov.b128 {a, b, c, d}, q`: a
    /// `.b128` register (its halves `{q.lo, q.hi}`) from or to four `.b32`
    /// registers, PTX ISA `mov`: "pack four 32-bit elements into .b128: d
    /// = a.x | (a.y << 32) | (a.z << 64) | (a.w << 96)", and its reverse;
    /// `_` drops a quarter. A quarter without a value packs as zeros
    /// beside those that have one.
    fn mov_b128_quarters(&mut self, ins: &Instr, d: &Operand, s: &Operand) -> Result<(), RunError> {
        let (OperandKind::Vector(dv), OperandKind::Vector(sv)) = (&d.kind, &s.kind) else {
            return Ok(());
        };
        if sv.len() == 4 {
            let mut half = [0u64; 2];
            let mut ins_vals = Vec::new();
            let mut defined = false;
            for (i, e) in sv.iter().enumerate() {
                let x = self.read_maybe(e, PtxType::B32)?;
                defined |= x.is_some();
                let x = x.unwrap_or(0) & 0xffff_ffff;
                ins_vals.push((x, PtxType::B32));
                half[i / 2] |= x << (32 * (i % 2));
            }
            for (e, h) in dv.iter().zip(half) {
                if defined {
                    self.write(e, PtxType::B64, h)?;
                } else {
                    self.write_undefined(e, PtxType::B64)?;
                }
            }
            self.trace(ins, &ins_vals, None);
        } else {
            let mut shown = Vec::new();
            let mut halves = [None; 2];
            for (h, e) in halves.iter_mut().zip(sv) {
                *h = self.read_maybe(e, PtxType::B64)?;
                shown.push((h.unwrap_or(0), PtxType::B64));
            }
            for (i, e) in dv.iter().enumerate() {
                if matches!(&e.kind, OperandKind::Name(n) if *n == "_") {
                    continue;
                }
                match halves[i / 2] {
                    Some(h) => self.write(e, PtxType::B32, (h >> (32 * (i % 2))) & 0xffff_ffff)?,
                    None => self.write_undefined(e, PtxType::B32)?,
                }
            }
            self.trace(ins, &shown, None);
        }
        Ok(())
    }

    fn mov(&mut self, ins: &Instr, ty: Option<PtxType>) -> Result<(), RunError> {
        let ops = self.operands(ins, 2)?;
        let ty = ty.ok_or_else(|| {
            err(
                ins.opcode_span.clone(),
                format!("`{}` needs a type", ins.opcode),
            )
        })?;
        if ptxfp_isa::control::is_b128(ins.opcode) {
            // PTX ISA `mov`: "mov.b128 d, {a, b}" packs, and its reverse
            // unpacks, two `.b64` halves, and `{a, b, c, d}` four `.b32`
            // quarters; the engine's `.b128` register is its two halves
            // (docs/ENGINE.md "`.b128` registers").
            let lens = ops[..2].iter().map(|o| match &o.kind {
                OperandKind::Vector(v) => v.len(),
                _ => 0,
            });
            let lens: Vec<usize> = lens.collect();
            for (o, n) in ops[..2].iter().zip(&lens) {
                if *n != 2 && *n != 4 || lens == [4, 4] {
                    return Err(RunError::Program(
                        Diagnostic::error(
                            o.span.clone(),
                            format!(
                                "`{}` takes a `.b128` register, `{{lo, hi}}` (two `.b64` registers) or `{{a, b, c, d}}` (four `.b32` registers)",
                                ins.opcode
                            ),
                        )
                        .with_help("mov.b128 q, {lo, hi}; mov.b128 q, {a, b, c, d}; or the reverse, with .reg .b128 q"),
                    ));
                }
            }
            if lens.contains(&4) {
                return self.mov_b128_quarters(ins, &ops[0], &ops[1]);
            }
        }
        // A vector special register read whole: `mov.v4.u32 %rx,
        // %nclusterid;` (PTX ISA §10.13's example; ".sreg .v4 .u32
        // %nclusterid"), its components x, y and z, and a fourth that is
        // unused and reads zero (§10.1: "The fourth element is unused and
        // always returns zero").
        if let (OperandKind::Vector(d), OperandKind::Name(n)) = (&ops[0].kind, &ops[1].kind) {
            if d.len() == 4
                && ins.opcode.contains(".v4")
                && self.find(n).is_none()
                && self.special(n).is_some_and(|s| s.whole)
            {
                let mut vals = [0u64; 4];
                for (v, c) in vals.iter_mut().zip(["x", "y", "z"]) {
                    let name = format!("{n}.{c}");
                    let part = Operand {
                        kind: OperandKind::Name(&name),
                        span: ops[1].span.clone(),
                    };
                    *v = self.read(&part, ty)?;
                }
                for (e, x) in d.iter().zip(vals) {
                    if !matches!(&e.kind, OperandKind::Name(n) if *n == "_") {
                        self.write(e, ty, x)?;
                    }
                }
                let shown: Vec<(u64, PtxType)> = vals.iter().map(|v| (*v, ty)).collect();
                self.trace(ins, &shown, None);
                return Ok(());
            }
        }
        match (&ops[0].kind, &ops[1].kind) {
            (OperandKind::Vector(d), OperandKind::Vector(s))
                if d.len() == s.len()
                    && (ins.opcode.contains(".v2")
                        || ins.opcode.contains(".v4")
                        || ptxfp_isa::control::is_b128(ins.opcode)) =>
            {
                // `mov.b128 q, {lo, hi}` / `mov.b128 {lo, hi}, q`: a `.b128`
                // register is its two `.b64` halves (ptxfp_front's
                // `B128_HALVES`), so packing is a move of each half.
                // `mov.v4.u16 {a, b, c, d}, {e, f, g, h}` (PTX ISA mov: a
                // vector of the type, element by element), also with vector
                // registers (`mov.v2.u32 h, v;`); every element is read
                // before any is written, so a permutation moves the old values.
                let mut vals = Vec::with_capacity(s.len());
                for e in s.iter() {
                    vals.push(self.read_maybe(e, ty)?);
                }
                for (e, x) in d.iter().zip(&vals) {
                    match x {
                        _ if matches!(&e.kind, OperandKind::Name(n) if *n == "_") => {}
                        Some(x) => self.write(e, ty, *x)?,
                        None => self.write_undefined(e, ty)?,
                    }
                }
                let shown: Vec<(u64, PtxType)> =
                    vals.iter().map(|v| (v.unwrap_or(0), ty)).collect();
                self.trace(ins, &shown, None);
            }
            (_, OperandKind::Vector(elems)) => {
                // `mov.b32 d, {h0, h1}`: docs/NVIDIA.md "Registers and lanes": h0 in bits 0..15.
                let (ety, w) = self.element(ins, ty, elems.len())?;
                let mut v = 0u64;
                let mut ins_vals = Vec::new();
                let mut defined = false;
                for (i, e) in elems.iter().enumerate() {
                    let x = self.read_maybe(e, ety)?;
                    defined |= x.is_some();
                    let x = x.unwrap_or(0) & mask(w);
                    ins_vals.push((x, ety));
                    v |= x << (w as usize * i);
                }
                // A part without a value packs as zeros, beside the parts
                // that have one: LLVM packs an unwritten register (an
                // `undef` lane) beside the lane it computes, then uses
                // that lane alone (docs/ENGINE.md "Undefined values").
                if !defined {
                    return self.write_undefined(&ops[0], ty);
                }
                self.write(&ops[0], ty, v)?;
                self.trace(ins, &ins_vals, Some((v, ty)));
            }
            (OperandKind::Vector(elems), _) => {
                let (ety, w) = self.element(ins, ty, elems.len())?;
                let Some(v) = self.read_maybe(&ops[1], ty)? else {
                    return self.write_undefined(&ops[0], ety);
                };
                for (i, e) in elems.iter().enumerate() {
                    let x = (v >> (w as usize * i)) & mask(w);
                    // `_` is the PTX sink: the lane is dropped.
                    if matches!(&e.kind, OperandKind::Name(n) if *n == "_") {
                        continue;
                    }
                    self.write(e, ety, x)?;
                }
                self.trace(ins, &[(v, ty)], None);
            }
            _ => {
                let Some(v) = self.read_maybe(&ops[1], ty)? else {
                    return self.write_undefined(&ops[0], ty);
                };
                self.write(&ops[0], ty, v)?;
                self.trace(ins, &[(v, ty)], Some((v, ty)));
            }
        }
        Ok(())
    }

    fn element(&self, ins: &Instr, ty: PtxType, n: usize) -> Result<(PtxType, u32), RunError> {
        let w = if n == 0 { 0 } else { ty.bits() / n as u32 };
        let ety = match (n, w) {
            (2 | 4, 8 | 16 | 32) if ty.is_bits() => PtxType::parse(&format!("b{w}")),
            _ => None,
        };
        match ety {
            Some(e) => Ok((e, w)),
            None => Err(err(
                ins.opcode_span.clone(),
                format!(
                    "`{}` cannot pack/unpack {n} elements: use .b32 with 2, .b64 with 2 or 4",
                    ins.opcode
                ),
            )),
        }
    }

    /// Writes `v` as type `ty` into the register `name` (one half of a
    /// `d|p` destination), placing errors at `span`.
    fn write_name(&mut self, name: &str, span: &Span, ty: PtxType, v: u64) -> Result<(), RunError> {
        let o = Operand {
            kind: OperandKind::Name(name),
            span: span.clone(),
        };
        self.write(&o, ty, v)
    }

    /// [`Self::read`] for an instruction that computes into registers,
    /// where an undefined value flows on: `None` for a register that has
    /// no value in the running thread (never written, or written with an
    /// undefined value), after the same declaration and type checks. PTX
    /// gives a register no value until it is written, and does not make
    /// reading it an error: Triton's cross-warp reductions shuffle and add
    /// a register that only some threads loaded (`@%p ld.shared.b32 %r36`,
    /// then `shfl.sync.bfly.b32 %r98, %r36, ...` in every thread), and
    /// store only the threads whose values are defined. Every other use
    /// of such a value (an address, a stored value, a guard, a branch
    /// condition, a call's argument) is [`Self::read`]'s error. With
    /// `--lenient` it reads as 0, with its warning, as before.
    ///
    /// The first such read is kept ([`Engine::undefined_read`]): a snippet,
    /// whose registers are its output, ends with it as [`Self::read`]'s
    /// error; a kernel, whose output is memory, with a warning.
    fn read_maybe(&mut self, o: &Operand, ty: PtxType) -> Result<Option<u64>, RunError> {
        if let OperandKind::Name(n) = &o.kind {
            if !self.opts.lenient && self.find(n).is_some() {
                let lane = self.lane;
                let v = self.reg(n, ty, &o.span)?.vals[lane];
                if v.is_none() && self.eng.undefined_read.is_none() {
                    // None recorded: the plain "read before it is written".
                    let d = self.no_value(n, o.span.clone());
                    self.eng.undefined_read = Some((d, self.who(), self.set_name(n)));
                }
                return Ok(v);
            }
        }
        self.read(o, ty).map(Some)
    }

    /// The value `st` stores from `o`: [`Self::read`], except that a
    /// register without a value in the running thread stores zeros, with
    /// a warning (the first in the run). A GPU stores whatever the
    /// register holds; LLVM stores registers it never wrote (the fields of
    /// a struct that no later load reads, an `undef` lane), and the bytes
    /// are then never used (docs/ENGINE.md "Undefined values").
    fn read_stored(&mut self, o: &Operand, ty: PtxType) -> Result<u64, RunError> {
        match self.read_maybe(o, ty)? {
            Some(v) => Ok(v),
            None => {
                if !self.eng.stored_undefined {
                    self.eng.stored_undefined = true;
                    let name = match &o.kind {
                        OperandKind::Name(n) => *n,
                        _ => "",
                    };
                    self.run_warning(Diagnostic::warning(
                        o.span.clone(),
                        format!(
                            "{} stores register `{name}`, which has no value: zeros are written where a GPU writes whatever the register holds (the first such store of the run)",
                            self.who()
                        ),
                    ));
                }
                Ok(0)
            }
        }
    }

    /// Gives the register `o` (of type `ty`, checked as [`Self::write`]
    /// checks it) an undefined value in the running thread: the result of
    /// an instruction that read one ([`Self::read_maybe`]). `_` is
    /// skipped.
    fn write_undefined(&mut self, o: &Operand, ty: PtxType) -> Result<(), RunError> {
        match &o.kind {
            OperandKind::Name("_") => Ok(()),
            OperandKind::Name(n) => {
                let lane = self.lane;
                self.reg(n, ty, &o.span)?.vals[lane] = None;
                Ok(())
            }
            OperandKind::Vector(v) => {
                for e in v {
                    self.write_undefined(e, ty)?;
                }
                Ok(())
            }
            _ => Err(err(o.span.clone(), "the destination must be a register")),
        }
    }

    /// [`Self::write_undefined`] of the register `name` (one half of a
    /// `d|p` destination), placing errors at `span`, as
    /// [`Self::write_name`] writes a value.
    fn write_undefined_name(
        &mut self,
        name: &str,
        span: &Span,
        ty: PtxType,
    ) -> Result<(), RunError> {
        let o = Operand {
            kind: OperandKind::Name(name),
            span: span.clone(),
        };
        self.write_undefined(&o, ty)
    }

    /// The type a `cvt` operand of type `ty` is read or written as: the
    /// register's own, where it is a wider register `cvt` may use
    /// (`PtxType::accepts_conversion_register`), else `ty`.
    fn conversion_register(&self, o: &Operand, ty: PtxType) -> PtxType {
        let OperandKind::Name(n) = &o.kind else {
            return ty;
        };
        match self.find(n).map(|i| self.regs[i].ty) {
            Some(rt) if !ty.accepts_register(rt) && ty.accepts_conversion_register(rt) => rt,
            _ => ty,
        }
    }

    /// Any op with a signature, the one way: read the sources by the
    /// signature's types (`!c`: the predicate negated), compute
    /// (`ptxfp_model::compute`), write the destinations (`p|q`: the second
    /// destination, or the complement of the first).
    fn compute_op(&mut self, ins: &Instr, op: &Op) -> Result<(), RunError> {
        let Some(sig) = op.signature() else {
            return Err(err(ins.opcode_span.clone(), "internal: no signature"));
        };
        // A `cvt`'s vector source (`cvt.rs...e4m3x4.f32 d, {a, b, e, f},
        // rbits`) is its elements, one source each.
        let flat: Vec<Operand> = if matches!(op, Op::Cvt(_)) {
            ins.operands
                .iter()
                .flat_map(|o| match &o.kind {
                    OperandKind::Vector(v) => v.clone(),
                    _ => vec![o.clone()],
                })
                .collect()
        } else {
            Vec::new()
        };
        let ops = if flat.len() == 1 + sig.srcs.len() && flat.len() != ins.operands.len() {
            &flat[..]
        } else {
            self.operands(ins, 1 + sig.srcs.len())?
        };
        let mut srcs = Vec::new();
        // Per source, whether it has no value.
        let mut missing = Vec::new();
        // Whether a read without a value was already recorded (the
        // first one is reported; a result that does not depend on it
        // leaves none recorded).
        let recorded = self.eng.undefined_read.is_some();
        for (o, t) in ops[1..].iter().zip(&sig.srcs) {
            let v = match &o.kind {
                OperandKind::Other(text) if text.starts_with('!') && *t == PtxType::Pred => {
                    let p = Operand {
                        kind: OperandKind::Name(text[1..].trim()),
                        span: o.span.clone(),
                    };
                    self.read_maybe(&p, PtxType::Pred)?
                        .map(|v| u64::from(v & 1 == 0))
                }
                // 9.7.9.21 "Notes": a `cvt` source or destination may be a
                // wider register than its type.
                _ if matches!(op, Op::Cvt(_)) => {
                    let rt = self.conversion_register(o, *t);
                    self.read_maybe(o, rt)?.map(|v| v & mask(t.bits()))
                }
                _ => self.read_maybe(o, *t)?.map(|v| v & mask(t.bits())),
            };
            srcs.push((v.unwrap_or(0), *t));
            missing.push(v.is_none());
        }
        let mut undefined = missing.contains(&true);
        // `selp`/`slct` pick one of `a` and `b`: the one not picked may
        // have no value (`@%p ld.global.u32 %r1, [..]; selp.u32 %r2, %r1,
        // 0, %p;`). The result is the one picked's whatever the missing
        // values are: the same for missing values 0 and all ones. Which
        // one is picked must be known: a condition (`c`) without a value
        // leaves the result without one.
        // `setp`/`set` with `.and` and a false `c`, or `.or` and a true
        // one: "the result of the comparison is combined with the
        // predicate source operand c using the Boolean operator" (9.7.8.1,
        // 9.7.8.2), so `c` decides the result (and `q`'s) whatever `a` and
        // `b` hold.
        if undefined && missing.get(2) == Some(&false) {
            if let Op::Setp(c) = op {
                let decides = match c.bool_op {
                    Some(BoolOp::And) => srcs[2].0 & 1 == 0,
                    Some(BoolOp::Or) => srcs[2].0 & 1 == 1,
                    _ => false,
                };
                undefined = !decides;
            }
        }
        let picks = matches!(op, Op::Select(_)) && missing.get(2) == Some(&false);
        // `and` and `or` (of predicates or bits) are monotone in every
        // bit, so a result that is the same for missing values 0 and all
        // ones is the same for every value between: `and.pred %p3, %p1,
        // %p2` with %p2 false is false whatever %p1 holds (ISPC masks
        // LLVM's `undef` lanes so). `xor` is not: `xor %r3, %r1, %r2` of
        // two missing values would look constant.
        let monotone = matches!(op, Op::Int(i) if matches!(i.op(), IntOpcode::And | IntOpcode::Or));
        if undefined && (picks || monotone) {
            let with = |fill: bool| -> Option<u64> {
                let v: Vec<u64> = srcs
                    .iter()
                    .zip(&missing)
                    .map(|(&(v, t), &m)| if m && fill { mask(t.bits()) } else { v })
                    .collect();
                ptxfp_model::compute(op, &v, false, &self.exec).map(|r| r.dst[0])
            };
            let zero = with(false);
            undefined = zero.is_none() || zero != with(true);
        }
        if !undefined && !recorded {
            self.eng.undefined_read = None;
        }
        // A source without a value: so are the results (the carry flag
        // keeps what the op computes on 0).
        if undefined {
            let d = &ops[0];
            if let OperandKind::Other(t) = &d.kind {
                if t.contains('|') {
                    let (a, b) = dest_pair(d)?;
                    self.write_undefined_name(a, &d.span, sig.dsts[0])?;
                    if let Some(b) = b {
                        let t = sig.dsts.get(1).copied().unwrap_or(sig.dsts[0]);
                        self.write_undefined_name(b, &d.span, t)?;
                    }
                    return Ok(());
                }
            }
            let t = if matches!(op, Op::Cvt(_)) {
                self.conversion_register(d, sig.dsts[0])
            } else {
                sig.dsts[0]
            };
            return self.write_undefined(d, t);
        }
        let values: Vec<u64> = srcs.iter().map(|s| s.0).collect();
        // The carry flag is the thread's (9.7.2: "the condition code
        // register CC.CF").
        let carry_in = sig.carry.reads && self.carry();
        let Some(r) = ptxfp_model::compute(op, &values, carry_in, &self.exec) else {
            return Err(err(
                ins.opcode_span.clone(),
                "internal: the op did not compute",
            ));
        };
        if sig.carry.writes {
            self.set_carry(r.carry);
        }
        let d = ops[0].clone();
        match (&d.kind, sig.dsts.len(), sig.complement) {
            (OperandKind::Other(t), _, _) if t.contains('|') => {
                let (a, b) = dest_pair(&d)?;
                // 9.7.8.6 lop3.BoolOp: "The sink symbol `_` may be used in
                // place of the destination operand d".
                if !(a == "_" && matches!(op, Op::Int(i) if i.bool_op().is_some())) {
                    self.write_name(a, &d.span, sig.dsts[0], r.dst[0])?;
                }
                if let Some(b) = b {
                    let t = sig.dsts.get(1).copied().unwrap_or(sig.dsts[0]);
                    self.write_name(b, &d.span, t, r.dst[1])?;
                }
            }
            (_, 2, _) => {
                let what = if sig.dsts[0] == sig.dsts[1] {
                    "two predicates: write them `p|q`"
                } else {
                    "a register and a predicate: write them `d|p`"
                };
                return Err(err(
                    d.span.clone(),
                    format!("`{}` writes {what}", ins.opcode),
                ));
            }
            // 9.7.9.21 "Notes": "The result of conversion is sign-extended
            // to the destination register width for signed integers, and is
            // zero-extended to the destination register width for unsigned,
            // bit-size, and floating-point types."
            _ if matches!(op, Op::Cvt(_)) => {
                let (dt, rt) = (sig.dsts[0], self.conversion_register(&d, sig.dsts[0]));
                self.write(&d, rt, widened(r.dst[0], dt, rt))?
            }
            _ => self.write(&d, sig.dsts[0], r.dst[0])?,
        }
        let approx = r.approx;
        self.trace_with(ins, &srcs, Some((r.dst[0], sig.dsts[0])), |s| {
            s.approx = approx
        });
        Ok(())
    }

    /// An address operand's value, and the type it is shown as (`.b32`
    /// for a 32-bit register base, else `.b64`).
    fn address(&mut self, op: &Operand) -> Result<(u64, PtxType), RunError> {
        let OperandKind::Address { base, offset, .. } = &op.kind else {
            return Err(err(
                op.span.clone(),
                "expected an address `[reg]`, `[reg+imm]`, `[var]` or `[var+imm]`",
            ));
        };
        let mut ty = PtxType::B64;
        let b = match base {
            None => 0,
            Some(n) if self.find(n).is_none() && self.var(n).is_some() => {
                self.var(n).map_or(0, |v| v.0)
            }
            Some(n) => {
                let rop = Operand {
                    kind: OperandKind::Name(n),
                    span: op.span.clone(),
                };
                if self.find(n).map(|i| self.regs[i].ty.bits()) == Some(32) {
                    ty = PtxType::B32;
                }
                self.read(&rop, ty)?
            }
        };
        Ok((b.wrapping_add(*offset as u64), ty))
    }

    fn ldst(&mut self, ins: &Instr, mem: &Mem, is_ld: bool) -> Result<(), RunError> {
        let ty = mem.ty.ok_or_else(|| {
            err(
                ins.opcode_span.clone(),
                format!("`{}` needs a type", ins.opcode),
            )
        })?;
        let lanes = usize::from(mem.lanes);
        let n = ty.bits().div_ceil(8);
        // `.L2::cache_hint` adds a last operand, the 64-bit policy of
        // `createpolicy`: a hint, which the engine ignores.
        let hint = ins.opcode.contains(".L2::cache_hint");
        let ops = self.operands(ins, 2 + usize::from(hint))?;
        let (data, addr_op) = if is_ld {
            (&ops[0], &ops[1])
        } else {
            (&ops[1], &ops[0])
        };
        // A `.b128` register (the pair `{q.lo, q.hi}`) with a narrower
        // type: §9.4.1's Tables 27/28 give its column chop (a store reads
        // the low bits) and zext/sext (a load fills all 128 bits), so the
        // access is the low half's, and a load then fills the high half.
        let mut b128_hi = None;
        let elems: Vec<Operand> = match (&data.kind, lanes) {
            // A scalar access may write its register in braces, `{ %r1 }`,
            // as Triton writes every scalar load and store (ptxas takes it).
            (OperandKind::Vector(v), l) if v.len() == l => v.clone(),
            (OperandKind::Vector(v), 1) if ptxfp_front::module::b128_register(data).is_some() => {
                b128_hi = Some(v[1].clone());
                vec![v[0].clone()]
            }
            (_, 1) => vec![data.clone()],
            _ if ptxfp_isa::control::is_b128(ins.opcode) => {
                return Err(err(
                    data.span.clone(),
                    format!("`{}` needs a `.b128` register (`.reg .b128`)", ins.opcode),
                ))
            }
            _ => {
                return Err(err(
                    data.span.clone(),
                    format!(
                        "`{}` needs a {{...}} vector of {lanes} registers",
                        ins.opcode
                    ),
                ))
            }
        };
        let space = mem.space;
        if !is_ld && space == Some(Space::Const) {
            return Err(err(
                ins.opcode_span.clone(),
                format!(
                    "`{}`: `.const` memory is read-only; `st` cannot write it",
                    ins.opcode
                ),
            ));
        }
        if let (Some(sp), OperandKind::Address { base: Some(b), .. }) = (space, &addr_op.kind) {
            if let (None, Some((_, _, vsp, _))) = (self.find(b), self.var(b)) {
                if vsp != sp {
                    return Err(err(
                        addr_op.span.clone(),
                        format!(
                            "`{b}` is a `.{}` variable; `{}` addresses `.{}` memory",
                            vsp.name(),
                            ins.opcode,
                            sp.name()
                        ),
                    ));
                }
            }
        }
        let (addr, addr_ty) = self.address(addr_op)?;
        // PTX ISA `ld`/`st`: "The `.v8` (`.vec`) qualifier is supported if
        // `.type` is `.b32`, `.s32`, `.u32`, or `.f32` AND State space is
        // `.global` or with generic addressing where address points to
        // `.global` state space. The `.v4` (`.vec`) qualifier with type
        // `.b64` or `.s64` or `.u64` or `.f64` is supported if State space
        // is `.global` or with generic addressing where address points to
        // `.global` state space"; "Support for ... `.v8.b32`/`.v4.b64`
        // introduced in PTX ISA version 8.8", "require sm_100 or higher".
        let wide = match (lanes, ty.bits()) {
            (8, 32) if !matches!(ty, PtxType::F16x2 | PtxType::BF16x2) => true,
            (8, _) => {
                return Err(err(
                    ins.opcode_span.clone(),
                    format!(
                        "`{}`: `.v8` takes .b32, .s32, .u32 or .f32 (a 256-bit access of 8 words)",
                        ins.opcode
                    ),
                ))
            }
            (4, 64) => true,
            _ => false,
        };
        if wide {
            if !(self.exec.code_target.at_least(100) && self.version >= PtxVersion::new(8, 8)) {
                return Err(err(
                    ins.opcode_span.clone(),
                    format!(
                        "`{}` (a 256-bit access) needs PTX ISA 8.8 and sm_100 or higher; this code is PTX {} for {}",
                        ins.opcode, self.version, self.exec.code_target
                    ),
                ));
            }
            let global = match space {
                Some(sp) => sp == Space::Global,
                // Generic: the address is in none of the shared, local and
                // parameter windows, nor a `.const` variable.
                None => {
                    self.region(addr).is_none()
                        && !matches!(self.var_at(addr), Some((_, Space::Param | Space::Const, _)))
                }
            };
            if !global {
                return Err(err(
                    addr_op.span.clone(),
                    format!(
                        "`{}` (a 256-bit access) reaches `.global` memory only; {addr:#x} is not global",
                        ins.opcode
                    ),
                ));
            }
        }
        // PTX ISA, `ld`/`st`: "The address must be naturally aligned to a
        // multiple of the access size"; a GPU faults on a misaligned access.
        let size = u64::from(n) * elems.len() as u64;
        if addr.checked_add(size).is_none() {
            return Err(err(
                addr_op.span.clone(),
                format!(
                    "`{}` accesses {size} bytes at {addr:#x}: past the end of the address space",
                    ins.opcode
                ),
            ));
        }
        if size.is_power_of_two() && addr % size != 0 {
            self.memory_problem(Diagnostic::error(
                addr_op.span.clone(),
                format!("misaligned access: `{}` accesses {size} bytes at {addr:#x}, which is not a multiple of {size}", ins.opcode),
            ), ", accessing the bytes at that address")?;
        }
        // A store's bytes, checked once for the whole access (each
        // element on its own where `_` leaves some unwritten).
        let sinks = elems
            .iter()
            .any(|e| matches!(e.kind, OperandKind::Name("_")));
        if !is_ld && !sinks {
            self.check_store(space, addr, size, ins.opcode, &addr_op.span)?;
        }
        let mut vals = Vec::new();
        for (i, e) in elems.iter().enumerate() {
            let a = addr.wrapping_add(u64::from(n) * i as u64);
            // "Optionally, sink symbol `_` can be used in vector expression
            // d when `.vec` is `.v8` ... OR `.vec` is `.v4` and `.type` is
            // `.b64` ..., which indicates that data from corresponding
            // memory location is not read" (for `st`: "no data is being
            // written at the corresponding destination address").
            // Before PTX ISA 3.0, nvopencc (CUDA 2.x to 4.0) wrote `_` in
            // any vector (`ld.global.v4.u8 {%r1,%r2,%r3,_}` for a `uchar4`
            // of which three bytes are used; the CUDA SDK's Mandelbrot,
            // dxtc and volumeRender kernels), which the JIT runs: the same
            // meaning.
            if matches!(e.kind, OperandKind::Name("_")) {
                if !wide && self.version >= PtxVersion::new(3, 0) {
                    return Err(err(
                        e.span.clone(),
                        format!("`_` is allowed in the vector of a `.v8` (32-bit) or `.v4` (64-bit) access only; `{}` is neither", ins.opcode),
                    ));
                }
                vals.push(0);
                continue;
            }
            if is_ld {
                let read = self.mem_in(space, a).read(a, n);
                let read = match read {
                    Err(_) if self.memory_report_skipped() => Ok(0),
                    r => r,
                };
                let read = read.map_err(|bad| {
                    let help = match self.var_at(bad) {
                        Some((name, Space::Param, _)) => format!("give the parameter a value with --set {name}=VALUE"),
                        Some((name, _, off)) => format!("give it with --mem {name}+{off}=HEXBYTES (or --mem {a:#x}=HEXBYTES)"),
                        None if (HEAP_BASE..HEAP_BASE + MAX_HEAP_SIZE).contains(&bad) => "the device heap holds no value until it is written: `malloc` leaves a block uninitialised (as CUDA does), and `free` forgets what it held".to_string(),
                        None => format!("give it with --mem {a:#x}=HEXBYTES"),
                    };
                    RunError::Program(
                        Diagnostic::error(
                            addr_op.span.clone(),
                            format!("`{}` reads {n} bytes at {a:#x}, but memory at {bad:#x} was never given or written", ins.opcode),
                        )
                        .with_help(help),
                    )
                });
                let v = match read {
                    Ok(v) => v,
                    // --check-memory: reported, and read as zeros.
                    Err(RunError::Program(d)) => {
                        self.memory_problem(d, ", reading zeros")?;
                        0
                    }
                    Err(e) => return Err(e),
                };
                // Loads of integer types may target a wider register (PTX ISA §6.4.1 relaxed rules);
                // "if the corresponding instruction type is signed integer, the data is sign-extended".
                let wty = self.relaxed(e, ty);
                let v = widened(v, ty, wty);
                self.write(e, wty, v)?;
                vals.push(v);
            } else {
                let rty = self.relaxed(e, ty);
                let v = self.read_stored(e, rty)? & mask(ty.bits());
                if sinks {
                    self.check_store(space, a, n.into(), ins.opcode, &addr_op.span)?;
                }
                self.mem_in_mut(space, a).write(a, n, v);
                vals.push(v);
            }
        }
        if let (true, Some(hi), Some(&lo)) = (is_ld, &b128_hi, vals.first()) {
            // The low half holds the value extended to 64 bits.
            let fill = if ty.is_signed() && lo >> 63 == 1 {
                u64::MAX
            } else {
                0
            };
            self.write(hi, PtxType::B64, fill)?;
        }
        self.trace_with(ins, &[(addr, addr_ty)], None, |step| {
            step.access = Some(Access {
                store: !is_ld,
                ty,
                values: vals,
            })
        });
        Ok(())
    }

    /// A warning raised as the program runs (a runtime call refused, a
    /// `--lenient` reading): the first [`MAX_RUN_WARNINGS`] kept, the rest
    /// counted. A loop that draws one each trip kept them all (300 bytes
    /// each: 3.7 GB before the hostile-input survey's loop aborted).
    pub(crate) fn run_warning(&mut self, d: Diagnostic) {
        self.eng.run_warnings += 1;
        if self.eng.run_warnings <= MAX_RUN_WARNINGS {
            self.out.warnings.push(d);
        }
    }

    /// With `--check-memory` once [`MAX_MEMORY_REPORTS`] are kept: counts
    /// one more and says so, for a caller to skip making its diagnostic (a
    /// loop that polls memory never given made one per load, 7 times the
    /// run's time; the old-PTX survey of 2026-11-29).
    fn memory_report_skipped(&mut self) -> bool {
        let skip = self.opts.check_memory && self.eng.memory_reports >= MAX_MEMORY_REPORTS;
        if skip {
            self.eng.memory_reports += 1;
        }
        skip
    }

    /// A memory access error: with `--check-memory` a warning (naming the
    /// thread, and `then`, what happens instead), and the run goes on (at most [`MAX_MEMORY_REPORTS`] are
    /// kept); else the error.
    fn memory_problem(&mut self, d: Diagnostic, then: &str) -> Result<(), RunError> {
        if !self.opts.check_memory {
            return Err(RunError::Program(d));
        }
        self.eng.memory_reports += 1;
        if self.eng.memory_reports <= MAX_MEMORY_REPORTS {
            let who = if self.eng.multi {
                format!(" ({})", self.who())
            } else {
                String::new()
            };
            self.out.warnings.push(Diagnostic {
                severity: ptxfp_isa::diag::Severity::Warning,
                message: format!("{}{who}; --check-memory goes on{then}", d.message),
                ..d
            });
        }
        Ok(())
    }

    /// `n` bytes at `at` in `space` (`None`: where the address points),
    /// or zeros after the memory problem `problem(bad)` (an error unless
    /// `--check-memory`) when the byte at `bad` was never given or
    /// written. The diagnostic is made only then.
    fn read_given(
        &mut self,
        space: Option<Space>,
        at: u64,
        n: u32,
        problem: impl FnOnce(u64) -> Diagnostic,
    ) -> Result<u64, RunError> {
        match self.mem_in(space, at).read(at, n) {
            Ok(v) => Ok(v),
            Err(_) if self.memory_report_skipped() => Ok(0),
            Err(bad) => {
                self.memory_problem(problem(bad), ", reading zeros")?;
                Ok(0)
            }
        }
    }

    /// With `--check-memory`, a store (`opcode`, its address operand at
    /// `at`) of `len` bytes at `a` in `space` (`None`: generic) that lands
    /// outside memory ([`Self::store_outside`]): reported once (at the
    /// first such byte), and the bytes are written; whether it was
    /// reported. A GPU faults on a store outside every allocation (CUDA
    /// SDK 2.2's `matrixMul` run without its output region did,
    /// docs/GPU.md), where the engine would write anywhere.
    pub(crate) fn check_store(
        &mut self,
        space: Option<Space>,
        a: u64,
        len: u64,
        opcode: &str,
        at: &Span,
    ) -> Result<bool, RunError> {
        if !self.opts.check_memory {
            return Ok(false);
        }
        let d = match self.store_outside(space, a, len) {
            None => return Ok(false),
            Some(Outside::Shared) => {
                let dynamic = self.eng.launch.dynamic_shared;
                Diagnostic::error(
                    at.clone(),
                    format!("`{opcode}` writes {len} bytes at {a:#x}, outside every .shared variable of the CTA: on a GPU a store past the CTA's shared memory faults, and one between variables overwrites another"),
                )
                .with_help(format!("check the index arithmetic; an `.extern .shared` array without a size holds the --dynamic-shared bytes ({dynamic} in this launch)"))
            }
            Some(Outside::Global(bad)) => {
                // Bytes given or written just below: a region given too short.
                let help = match self.mem.read(bad.wrapping_sub(1), 1) {
                    Ok(_) => format!("the bytes below {bad:#x} are given: give the region its whole length (--mem or --mem-file), or check the kernel's index arithmetic"),
                    Err(_) => format!("give the whole region the kernel writes, as zeros for an output: --mem {a:#x}=0000... (as many bytes as the region holds) or --mem-file"),
                };
                Diagnostic::error(
                    at.clone(),
                    format!("`{opcode}` writes {len} bytes at {a:#x}, but memory at {bad:#x} is in no --mem region, variable or malloc block, nor written before: on a GPU a store outside every allocation faults"),
                )
                .with_help(help)
            }
        };
        self.memory_problem(d, ", writing the bytes")?;
        Ok(true)
    }

    /// Where a store of `len` bytes at `a` in `space` (`None`: generic)
    /// lands outside memory, if it does: `.shared` bytes outside every
    /// `.shared` variable of the CTA (and its dynamic shared memory; past
    /// the CTA's shared memory a GPU faults, and between two variables
    /// the store overwrites one, where the engine keeps the bytes apart),
    /// or the first global byte no `--mem` region, variable, live
    /// `malloc` block or earlier store holds. The `.shared::cluster`
    /// window of another CTA is not judged. The warp-wide `st` leaves a
    /// store for which this is `Some` to the general way.
    pub(crate) fn store_outside(&self, space: Option<Space>, a: u64, len: u64) -> Option<Outside> {
        if self.window_of(space, a).is_some() {
            return None;
        }
        let in_shared = self.region(a) == Some(Region::Shared);
        if space == Some(Space::Shared) || in_shared {
            let inside = in_shared && self.region_run(a) >= len;
            return (!inside).then_some(Outside::Shared);
        }
        let view = self.mem_in(space, a);
        if !std::ptr::eq(view.mem, &self.mem) {
            return None;
        }
        let mut k = 0;
        while k < len {
            let n = (len - k).min(8) as u32;
            if let Err(bad) = view.read(a.wrapping_add(k), n) {
                return (!self.eng.heap.holds(a, len)).then_some(Outside::Global(bad));
            }
            k += u64::from(n);
        }
        None
    }

    /// The variable holding `addr`: its name, space and the offset in it.
    fn var_at(&self, addr: u64) -> Option<(String, Space, u64)> {
        self.vars
            .iter()
            .flat_map(|(n, all)| all.iter().map(move |(_, v)| (n, v)))
            .find(|(_, (base, size, _, _))| addr >= *base && addr - base < (*size).max(1))
            .map(|(n, (base, _, sp, _))| (n.clone(), *sp, addr - base))
    }

    /// The register type `ld`/`st` moves `ty` through: a wider register
    /// where PTX relaxes the size rule, else `ty`.
    fn relaxed(&self, e: &Operand, ty: PtxType) -> PtxType {
        if let OperandKind::Name(n) = &e.kind {
            if let Some(r) = self.find(n).map(|i| &self.regs[i]) {
                // PTX ISA §6.4.2: "The operand type checking rules are
                // relaxed for bit-size and integer (signed and unsigned)
                // instruction types; floating-point instruction types still
                // require that the operand type-size matches exactly,
                // unless the operand is of bit-size type" (so
                // `ld.global.f32` into a `.b64` register is legal); and
                // §9.4.1's note 4: "Floating-point source registers can
                // only be used with bit-size or floating-point instruction
                // types. When used with a narrower bit-size instruction
                // type, the data are truncated" ("zero-extended" for a
                // destination): `ld.b16` into an `.f32` register is its
                // Tables 27/28's chop and zext (found by an independent
                // model of §9.4.1, 2026-11-29; it was refused).
                let relaxes = if ty.is_float() {
                    r.ty.is_bits()
                } else {
                    ty.is_bits() || !r.ty.is_float()
                };
                if ty != PtxType::Pred
                    && r.ty != PtxType::Pred
                    && r.ty.bits() > ty.bits()
                    && relaxes
                {
                    return r.ty;
                }
            }
        }
        ty
    }
}

/// What to add to a `--set` error for an array variable `name` of `ty`
/// elements, `size` bytes: `--mem` gives arrays; for hex bits that fit,
/// the bytes in memory order (PTX is little-endian: the least significant
/// byte first).
fn array_help(name: &str, text: &str, ty: PtxType, size: u64) -> String {
    let mut help = format!(
        "\n  help: `{name}` is an array ({size} bytes of `{ty}`): --set gives only its first element; give its bytes in memory order with --mem {name}=HEXBYTES"
    );
    let digits = text.trim().strip_prefix("0x").filter(|h| {
        !h.is_empty()
            && h.len() as u64 <= 2 * size.min(8)
            && h.bytes().all(|c| c.is_ascii_hexdigit())
    });
    if let Some(v) = digits.and_then(|h| u64::from_str_radix(h, 16).ok()) {
        let bytes: String = (0..size.min(8))
            .map(|i| format!("{:02x}", (v >> (8 * i)) as u8))
            .collect();
        help += &format!(
            " (for the {}-bit value {}: --mem {name}={bytes})",
            8 * size.min(8),
            text.trim()
        );
    }
    help
}

/// The statement as `--trace` shows it: `@!p add.rn.f16 d, a, b`.
fn statement_text(ins: &Instr) -> String {
    format!(
        "{}{} {}",
        ins.guard.as_ref().map_or(String::new(), |g| format!(
            "@{}{} ",
            if g.negated { "!" } else { "" },
            g.reg
        )),
        ins.opcode,
        ins.operands
            .iter()
            .map(op_text)
            .collect::<Vec<_>>()
            .join(", ")
    )
}

fn op_text(o: &Operand) -> String {
    match &o.kind {
        OperandKind::Name(n) | OperandKind::Imm(n) | OperandKind::Other(n) => n.to_string(),
        OperandKind::Vector(v) => format!(
            "{{{}}}",
            v.iter().map(op_text).collect::<Vec<_>>().join(", ")
        ),
        OperandKind::Address { base, offset, .. } => match (base, offset) {
            (Some(b), 0) => format!("[{b}]"),
            (Some(b), o) => format!("[{b}{o:+}]"),
            (None, o) => format!("[{o:#x}]"),
        },
        OperandKind::Sum { base, offset } => format!("{base}{offset:+}"),
    }
}

/// The memory problem of `opcode` reading `what` ("4 bytes at 0x1000")
/// where the byte at `bad` was never given or written, with the `--mem`
/// option that gives the bytes from `at`.
fn unread(span: &Span, opcode: &str, what: &str, bad: u64, at: u64) -> Diagnostic {
    Diagnostic::error(
        span.clone(),
        format!("`{opcode}` reads {what}, but memory at {bad:#x} was never given or written"),
    )
    .with_help(format!("give it with --mem {at:#x}=HEXBYTES"))
}
