//! `ptxfp run [FILE|-]`: a thin layer over `ptxfp::interp`.

use crate::Outcome;
use ptxfp::interp::{self, Inputs, Options, PrintfLine, RunError, TraceStep};
use ptxfp::literal::hex as show_hex;
use ptxfp::{PtxVersion, Target};
use serde_json::json;

use crate::common::{message_json, pretty_at, write_json_array, write_json_object, JsonField};

/// Arguments of `ptxfp run`.
#[derive(clap::Args)]
pub struct Args {
    /// A .ptx file, or `-` (the default) for standard input.
    #[arg(default_value = "-")]
    file: String,
    /// Give a register (or a `.param`) a value, once. By its declared type:
    /// float registers take hex bits (`0x3c00`, `0f3F800000`) or a literal
    /// (`1.5`, `-0.0`, `inf`; x2: `1.5,2`); integer registers a decimal
    /// integer in range or hex bits; bit-typed ones (`.b16`, `.b32`, ...)
    /// hex bits or the value with its type (`f16:1.5`, `s32:-1`); any
    /// register TYPE:VALUE of its type or a bit type of its size
    /// (`b32:0x3f800000`). Where an inner `{ }` block declares the name
    /// again, NAME@LINE[:COL] names the declaration.
    #[arg(long = "set", value_name = "NAME=VALUE")]
    sets: Vec<String>,
    /// The function to run: an `.entry`, or in a module without one a
    /// `.func` with a body; needed when there are several.
    #[arg(long, value_name = "NAME")]
    entry: Option<String>,
    /// Give memory bytes, in memory order: `0x1000=003c0040` or `buf+4=ff`.
    #[arg(long = "mem", value_name = "ADDR=HEXBYTES")]
    mems: Vec<String>,
    /// Give memory bytes from a file: at most what fits in the variable
    /// ADDR names, or 16 MiB at a numeric address.
    #[arg(long = "mem-file", value_name = "ADDR=PATH")]
    mem_files: Vec<String>,
    /// Bind a surface to an image in global memory (filled by --mem or
    /// --mem-file): NAME=W[xH[xD]]:FORMAT@ADDR[:layers=N][:pitch=BYTES],
    /// NAME a `.surfref` variable or a bindless handle value (`0x10`, which
    /// a `.u64` parameter holds), FORMAT u8|s8|u16|s16|u32|s32|f16|f32 with
    /// an optional x2|x4, ADDR 16-byte aligned (docs/ENGINE.md "Surfaces").
    #[arg(long = "surface", value_name = "NAME=WxH:FORMAT@ADDR")]
    surfaces: Vec<String>,
    /// Bind a texture to an image in global memory and a sampler:
    /// NAME=W[xH[xD]]:FORMAT@ADDR[:layers=N][:pitch=BYTES][:normalized]
    /// [:address=wrap|mirror|clamp|border[,...]][:filter=nearest], NAME a
    /// `.texref` or a bindless handle value (docs/ENGINE.md "Textures").
    #[arg(long = "texture", value_name = "NAME=WxH:FORMAT@ADDR[:...]")]
    textures: Vec<String>,
    /// Give a tensor map for cp.async.bulk.tensor (what the host's
    /// cuTensorMapEncodeTiled describes):
    /// NAME=TYPE:D0[xD1...]@ADDR:box=B0[xB1...][:strides=S1[,S2...]]
    /// [:elementstrides=E0[xE1...]][:swizzle=none|32|64|128][:fill=zero|nan],
    /// NAME the kernel's 128-byte map parameter (or a variable, or an
    /// address), sizes innermost first (docs/ENGINE.md "Tensor copies").
    #[arg(long = "tensor-map", value_name = "NAME=TYPE:SIZES@ADDR:box=...")]
    tensor_maps: Vec<String>,
    /// The device that runs the code (default: the code's target, --target
    /// or the module's `.target`, as for `eval`). Matters for `mad.f32`
    /// without rounding written for sm_1x; a device that cannot run the
    /// code's target is an error.
    #[arg(long)]
    device: Option<Target>,
    /// Override the code's `.target`.
    #[arg(long)]
    target: Option<Target>,
    /// Override the code's `.version`.
    #[arg(long)]
    ptx: Option<PtxVersion>,
    /// Declare registers on first use and read unwritten ones as zero, and
    /// run a form with a misplaced or repeated modifier (the spec's errata),
    /// each with a warning. Every instruction is still checked against the
    /// .version and .target before anything runs.
    #[arg(long)]
    lenient: bool,
    /// Print every register that holds a value, not only those written.
    #[arg(long)]
    all: bool,
    /// Print each executed instruction with its inputs and result (and
    /// those skipped by a false guard); on a run-time error, those before it.
    #[arg(long)]
    trace: bool,
    /// Report where fusing mul+add into fma (as ptxas may) changes a result.
    #[arg(long)]
    contract: bool,
    /// The grid: CTAs per dimension, `X[,Y[,Z]]` (default: one cluster of
    /// the cluster shape, `--cluster` or the kernel's
    /// `.reqnctapercluster`, else 1).
    #[arg(long, value_name = "X[,Y[,Z]]", value_parser = parse_dim)]
    grid: Option<[u32; 3]>,
    /// Threads per CTA, `X[,Y[,Z]]` (default: the kernel's `.reqntid`, else
    /// 1; at most 1024 in all).
    #[arg(long, value_name = "X[,Y[,Z]]", value_parser = parse_dim)]
    block: Option<[u32; 3]>,
    /// CTAs per thread-block cluster (sm_90), `X[,Y[,Z]]`: each dimension
    /// divides the grid's; the CTAs of a cluster share their shared memory
    /// and `barrier.cluster` (default: the kernel's `.reqnctapercluster`,
    /// else clusters of one CTA).
    #[arg(long, value_name = "X[,Y[,Z]]", value_parser = parse_dim)]
    cluster: Option<[u32; 3]>,
    /// A cooperative launch (CUDA's cudaLaunchCooperativeKernel): every CTA
    /// is resident at once and they take turns, so that a CTA may wait for
    /// another, as a grid-wide barrier (cooperative groups' grid.sync())
    /// does; at most 270,336 threads.
    #[arg(long)]
    cooperative: bool,
    /// Bytes of dynamic shared memory: the size of `.extern .shared`
    /// arrays, and `%dynamic_smem_size`.
    #[arg(long, value_name = "BYTES", default_value_t = 0)]
    dynamic_shared: u64,
    /// In a launch of several threads, print the registers of this thread
    /// as it ended: its %tid, and after `@` its %ctaid (default 0,0,0),
    /// each `X[,Y[,Z]]` (`--thread 5`, `--thread 3,1@2`).
    #[arg(long, value_name = "TID[@CTAID]", value_parser = parse_thread)]
    thread: Option<([u32; 3], [u32; 3])>,
    /// Report each load of memory never given or written, and each
    /// misaligned access, as a warning (thread, line, address) and go on,
    /// loads reading zeros; without it the first one stops the run. Also
    /// reports each store to global memory no region, variable or malloc
    /// block holds (a GPU faults there; without it, written silently).
    #[arg(long)]
    check_memory: bool,
    /// Stop with an error after this many thread-instructions (an endless
    /// loop names its thread and line).
    #[arg(long, value_name = "N", default_value_t = interp::DEFAULT_MAX_STEPS)]
    max_steps: u64,
    /// The size of the device heap that a kernel's `malloc` allocates
    /// from, in bytes (CUDA's cudaLimitMallocHeapSize; its default is
    /// CUDA's, 8 MiB).
    #[arg(long, value_name = "BYTES", default_value_t = interp::DEFAULT_HEAP_SIZE)]
    malloc_heap_size: u64,
    /// Stop with an error when the run holds more than this many bytes:
    /// the memory given or written (in 64-byte pages, each counted at
    /// what it costs the host, 356 bytes) and the CTA's register file
    /// (16 bytes a register a thread).
    #[arg(long, value_name = "BYTES", default_value_t = interp::DEFAULT_MAX_MEMORY)]
    max_memory: u64,
    /// Machine-readable output on stdout. On any error (exit 2) it is
    /// `{file, errors: [{location, severity, message, help}], warnings,
    /// trace}`, with a null location where the error has no place
    /// (docs/schemas/run.schema.json, error.schema.json).
    #[arg(long)]
    json: bool,
}

/// `X[,Y[,Z]]`: one to three dimensions, each at least 1; those left out are 1.
pub(crate) fn parse_dim(s: &str) -> Result<[u32; 3], String> {
    let parts: Vec<&str> = s.split(',').map(str::trim).collect();
    if parts.len() > 3 {
        return Err(format!("`{s}`: at most three dimensions, X,Y,Z"));
    }
    let mut d = [1u32; 3];
    for (i, p) in parts.iter().enumerate() {
        d[i] = match p.parse::<u32>() {
            Ok(v) if v >= 1 => v,
            _ => {
                return Err(format!(
                    "`{p}`: each dimension is a whole number of at least 1"
                ))
            }
        };
    }
    Ok(d)
}

/// `TID[@CTAID]`: the thread's `%tid`, then its `%ctaid` (default 0,0,0);
/// returned as `(ctaid, tid)`. Dimensions left out are 0.
fn parse_thread(s: &str) -> Result<([u32; 3], [u32; 3]), String> {
    let xyz = |p: &str| -> Result<[u32; 3], String> {
        let parts: Vec<&str> = p.split(',').map(str::trim).collect();
        if parts.len() > 3 {
            return Err(format!("`{p}`: at most three coordinates, X,Y,Z"));
        }
        let mut v = [0u32; 3];
        for (i, q) in parts.iter().enumerate() {
            v[i] = q
                .parse()
                .map_err(|_| format!("`{q}`: a coordinate is a whole number (0, 1, ...)"))?;
        }
        Ok(v)
    };
    let (t, c) = s.split_once('@').unwrap_or((s, "0"));
    Ok((xyz(c)?, xyz(t)?))
}

pub(crate) fn hex_bytes(s: &str) -> Option<Vec<u8>> {
    let s: String = s
        .chars()
        .filter(|c| !c.is_whitespace() && *c != '_')
        .collect();
    let s = s.strip_prefix("0x").unwrap_or(&s);
    if !s.len().is_multiple_of(2) {
        return None;
    }
    (0..s.len())
        .step_by(2)
        .map(|i| s.get(i..i + 2).and_then(|b| u8::from_str_radix(b, 16).ok()))
        .collect()
}

/// Why `run` failed, to be reported as text (stderr) or, with --json, also
/// as the JSON error object (stdout).
enum Failure {
    /// A problem with the command line or the file as a whole (it cannot
    /// be read, a --set does not fit): the message, maybe with a
    /// `\n  help: ...` line, and the place in the file where there is one.
    Input {
        at: Option<(usize, usize)>,
        message: String,
    },
    /// The program's errors, with what ran before a run-time error.
    Program {
        errors: Vec<ptxfp::Diagnostic>,
        trace: Vec<TraceStep>,
        warnings: Vec<ptxfp::Diagnostic>,
        /// Warnings about the inputs (`--set x=1e999`), printed before the
        /// error as a run that ends prints them.
        input_warnings: Vec<String>,
        /// The memory written before a run-time error (`--json` gives it).
        memory: Vec<(u64, Vec<u8>)>,
    },
}

impl From<String> for Failure {
    fn from(message: String) -> Failure {
        Failure::Input { at: None, message }
    }
}

/// Set by the first Ctrl-C during a run ([`on_ctrl_c`]).
static INTERRUPTED: std::sync::atomic::AtomicBool = std::sync::atomic::AtomicBool::new(false);

/// Whether Ctrl-C stopped the run (its exit status is then 130, a shell's
/// for SIGINT, after the error that says where each thread was).
pub fn interrupted() -> bool {
    INTERRUPTED.load(std::sync::atomic::Ordering::Relaxed)
}

/// The run's [`interp::Interrupt`]: the first Ctrl-C stops it at its next
/// question (every [`interp::POLL_STEPS`] thread-instructions), so that a
/// kernel that hangs says where; a second one ends the process at once.
fn on_ctrl_c() -> interp::Interrupt {
    use signal_hook::{consts::SIGINT, flag};
    use std::sync::atomic::{AtomicBool, Ordering};
    use std::sync::Arc;
    let hit = Arc::new(AtomicBool::new(false));
    // In this order: a Ctrl-C with the flag already set exits (130), then
    // the flag is set. Where the handlers cannot be installed, Ctrl-C
    // ends the process as it did.
    let _ = flag::register_conditional_shutdown(SIGINT, 130, Arc::clone(&hit))
        .and_then(|_| flag::register(SIGINT, Arc::clone(&hit)));
    interp::Interrupt(Arc::new(move || {
        let stop = hit.load(Ordering::Relaxed);
        if stop {
            INTERRUPTED.store(true, Ordering::Relaxed);
        }
        stop
    }))
}

/// Exit 0 on success, 1 where a device `assert()` failed, 2 on any error
/// (130 where Ctrl-C stopped it).
pub fn run(a: Args) -> Result<Outcome, String> {
    if a.file == "-" && std::io::IsTerminal::is_terminal(&std::io::stdin()) {
        eprintln!("ptxfp run: reading PTX from standard input (end with Ctrl-D; give a FILE to run a file)");
    }
    let (path, src) = match crate::common::read_text_at(&a.file) {
        Ok(t) => t,
        Err(e) => {
            let failure = Failure::Input {
                at: e.at,
                message: e.message,
            };
            let map = ptxfp::SourceMap::new("");
            let mut trace = TraceOut::new(&a, &e.shown, &map);
            return report(&a, &e.shown, &map, failure, &mut trace);
        }
    };
    let map = ptxfp::SourceMap::new(&src);
    let mut trace = TraceOut::new(&a, &path, &map);
    let result = run_source(&a, &path, &src, &map, &mut trace);
    trace.flush();
    match result {
        Ok(o) => Ok(o),
        Err(f) => report(&a, &path, &map, f, &mut trace),
    }
}

/// Standard output of `run`, written as the run goes. `--trace` writes
/// each step at once, so that memory stays bounded however many steps run:
/// its `trace` line, or with `--json` a step of the object's `trace` array.
/// The JSON object then starts with `file` and `trace`, and its other keys
/// follow the run (the run's report, or the error object's `errors` and
/// `warnings`); without a step written it is printed whole, as without
/// `--trace`. Long arrays (warnings, errors) are written element by element.
struct TraceOut<'m> {
    json: bool,
    path: &'m str,
    map: &'m ptxfp::SourceMap<'m>,
    out: crate::common::Stdout,
    /// Steps written.
    steps: usize,
    /// With `--json`, what the kernel printed (without, it is written as
    /// it comes, in its place among the trace lines).
    printf: Vec<PrintfLine>,
    /// `printf` calls written (without `--json`).
    printed: usize,
    /// With `--json`, the `printf` output kept, as the library keeps it,
    /// and the calls past it (a kernel that printed a megabyte a thousand
    /// times held a gigabyte here).
    printf_kept: interp::PrintfBudget,
    printf_dropped: u64,
}

impl<'m> TraceOut<'m> {
    fn new(a: &Args, path: &'m str, map: &'m ptxfp::SourceMap<'m>) -> TraceOut<'m> {
        TraceOut {
            json: a.json,
            path,
            map,
            out: crate::common::Stdout::new(),
            steps: 0,
            printf: Vec::new(),
            printed: 0,
            printf_kept: Default::default(),
            printf_dropped: 0,
        }
    }

    /// The warning that `printf` calls were not kept, if any were not.
    fn printf_warning(&self) -> Option<ptxfp::Diagnostic> {
        (self.printf_dropped > 0).then(|| interp::printf_not_kept(self.printf_dropped))
    }

    /// Writes one step.
    fn step(&mut self, t: &TraceStep) {
        let (path, first) = (self.path, self.steps == 0);
        if self.json {
            let step = pretty_at(&trace_json(path, self.map, t), 4);
            self.out.write(|w| {
                if first {
                    write!(
                        w,
                        "{{\n  \"file\": {},\n  \"trace\": [\n",
                        serde_json::Value::from(path)
                    )?;
                } else {
                    w.write_all(b",\n")?;
                }
                write!(w, "    {step}")
            });
        } else {
            let (l, c) = self.map.line_col(t.span.start);
            let text = t.text();
            self.out
                .write(|w| writeln!(w, "trace {path}:{l}:{c}: {text}"));
        }
        self.steps += 1;
    }

    /// Writes the JSON object of `fields` (sorted by key, as serde_json
    /// prints them) and a line end: whole, or where steps began it, the
    /// fields other than `file` and `trace`, which it has.
    fn object(&mut self, fields: Vec<(&str, JsonField)>) {
        if self.json && self.steps > 0 {
            self.out.write(|w| {
                w.write_all(b"\n  ]")?;
                for (key, field) in fields {
                    if key == "file" || key == "trace" {
                        continue;
                    }
                    write!(w, ",\n  {}: ", serde_json::Value::from(key))?;
                    match field {
                        JsonField::Value(v) => w.write_all(pretty_at(&v, 2).as_bytes())?,
                        JsonField::Array(items) => write_json_array(w, 2, items)?,
                    }
                }
                w.write_all(b"\n}\n")
            });
        } else {
            self.out.write(|w| {
                write_json_object(w, 0, fields)?;
                w.write_all(b"\n")
            });
        }
        self.flush();
    }

    fn flush(&mut self) {
        self.out.flush();
    }
}

impl interp::Sink for TraceOut<'_> {
    fn step(&mut self, step: TraceStep) {
        TraceOut::step(self, &step)
    }

    /// What a kernel's `printf` printed: on stdout as it comes, as the
    /// GPU's host prints it, or with `--json` kept for the `printf` field.
    fn printf(&mut self, line: PrintfLine) {
        if self.json {
            if self.printf_kept.admit(&line) {
                self.printf.push(line);
            } else {
                self.printf_dropped += 1;
            }
        } else {
            self.out.write(|w| w.write_all(&line.bytes));
            self.printed += 1;
        }
    }
}

fn run_source(
    a: &Args,
    path: &str,
    src: &str,
    map: &ptxfp::SourceMap,
    trace: &mut TraceOut,
) -> Result<Outcome, Failure> {
    let mut inputs = Inputs::default();
    for s in &a.sets {
        match s.split_once('=') {
            Some((n, v)) => inputs
                .sets
                .push((n.trim().to_string(), v.trim().to_string())),
            None => return Err(format!("--set `{s}`: expected NAME=VALUE").into()),
        }
    }
    for m in &a.mems {
        match m.split_once('=').map(|(at, h)| (at, hex_bytes(h))) {
            Some((at, Some(bytes))) => inputs.mems.push((at.to_string(), bytes)),
            _ => {
                return Err(format!(
                    "--mem `{m}`: expected ADDR=HEXBYTES (an even number of hex digits)"
                )
                .into())
            }
        }
    }
    for m in &a.mem_files {
        let Some((at, p)) = m.split_once('=') else {
            return Err(format!("--mem-file `{m}`: expected ADDR=PATH").into());
        };
        // Read by the interpreter, which knows how much fits at ADDR.
        inputs.mem_files.push((at.to_string(), p.into()));
    }
    // Parsed by the interpreter, which knows the variables and addresses.
    inputs.surfaces = a.surfaces.clone();
    inputs.textures = a.textures.clone();
    inputs.tensor_maps = a.tensor_maps.clone();
    let opts = Options {
        device: a.device,
        target: a.target,
        version: a.ptx,
        lenient: a.lenient,
        trace: a.trace,
        contract: a.contract,
        entry: a.entry.clone(),
        launch: interp::Launch {
            grid: a.grid.unwrap_or([1, 1, 1]),
            block: a.block.unwrap_or([1, 1, 1]),
            dynamic_shared: a.dynamic_shared,
            cluster: a.cluster,
            cooperative: a.cooperative,
        },
        block_from_entry: a.block.is_none(),
        grid_from_entry: a.grid.is_none(),
        max_steps: Some(a.max_steps),
        thread: a.thread,
        check_memory: a.check_memory,
        heap_size: Some(a.malloc_heap_size),
        max_memory: Some(a.max_memory),
        interrupt: Some(on_ctrl_c()),
    };
    let result = interp::run_with(src, &inputs, &opts, trace);
    trace.flush();
    let out = match result {
        Ok(o) => o,
        Err(
            RunError::Program(d)
            | RunError::Unloadable {
                error: d,
                at_target: true,
            },
        ) => {
            return Err(Failure::Program {
                errors: vec![d],
                trace: Vec::new(),
                warnings: Vec::new(),
                input_warnings: Vec::new(),
                memory: Vec::new(),
            })
        }
        Err(RunError::Diagnostics(errors)) => {
            return Err(Failure::Program {
                errors,
                trace: Vec::new(),
                warnings: Vec::new(),
                input_warnings: Vec::new(),
                memory: Vec::new(),
            })
        }
        Err(RunError::Runtime { error, before }) => {
            let before = *before;
            return Err(Failure::Program {
                errors: vec![error],
                trace: before.trace,
                warnings: before.warnings,
                input_warnings: before.input_warnings,
                memory: before.memory,
            });
        }
        Err(e @ (RunError::Input(_) | RunError::Unloadable { .. })) => {
            return Err(e.to_string().into())
        }
    };
    for w in &out.warnings {
        eprint!("{}", w.render_in(path, map));
    }
    for w in &out.input_warnings {
        eprintln!("ptxfp: warning: {w}");
    }
    let loc = |span: &std::ops::Range<usize>| {
        let (l, c) = map.line_col(span.start);
        format!("{path}:{l}:{c}")
    };
    let regs: Vec<_> = out.regs.iter().filter(|r| a.all || r.written).collect();
    // An inner block's register that shadows an outer one of the same name
    // is another register: such names get the place of their declaration
    // (as `--set NAME@LINE:COL` takes it), shown or not.
    let mut named: std::collections::HashMap<&str, usize> = std::collections::HashMap::new();
    for r in &out.regs {
        *named.entry(r.name.as_str()).or_default() += 1;
    }
    let label = |r: &ptxfp::interp::RegValue| match &r.declared_at {
        Some(at) if named.get(r.name.as_str()).is_some_and(|n| *n > 1) => {
            let (l, c) = map.line_col(at.start);
            format!("{} (declared at {l}:{c})", r.name)
        }
        _ => r.name.clone(),
    };
    if a.json {
        let value = JsonField::Value;
        let registers = regs.iter().map(|r| {
            json!({
                "name": r.name,
                "type": r.declared.name(),
                "shown_as": r.shown_as.name(),
                "bits": show_hex(r.bits, r.declared),
                "text": format!("{} = {}", label(r), r.value_text()),
                "declared_at": r.declared_at.as_ref().map(loc),
                "written": r.written,
            })
        });
        let memory = memory_json(&out.memory);
        let contractions = out.contractions.iter().map(|c| {
            json!({
                "mul": loc(&c.mul),
                "add": loc(&c.add),
                "op": c.op,
                "fused_form": c.fused_form,
                "inputs": c.inputs.iter().map(|x| show_hex(*x, c.ty)).collect::<Vec<_>>(),
                "unfused": show_hex(c.unfused, c.ty),
                "fused": show_hex(c.fused, c.ty),
            })
        });
        let assertions = out.assertions.iter().map(|x| {
            json!({
                "location": loc(&x.span),
                "ctaid": x.thread.0,
                "tid": x.thread.1,
                "message": x.message,
                "file": x.file,
                "line": x.line,
                "function": x.function,
                "text": x.text(),
            })
        });
        let printf = std::mem::take(&mut trace.printf);
        let printf = printf_json(path, map, &printf);
        let not_kept = trace.printf_warning();
        // In serde_json's order: sorted by key.
        trace.object(vec![
            ("assertions", JsonField::Array(Box::new(assertions))),
            ("code_target", value(out_target(out.code_target).into())),
            ("contractions", JsonField::Array(Box::new(contractions))),
            ("device", value(out_target(out.device).into())),
            ("entry", value(out.entry.clone().into())),
            ("file", value(path.into())),
            ("memory", JsonField::Value(memory)),
            ("printf", value(printf)),
            ("ptx", value(out.version.to_string().into())),
            ("registers", JsonField::Array(Box::new(registers))),
            (
                "trace",
                JsonField::Array(Box::new(out.trace.iter().map(|t| trace_json(path, map, t)))),
            ),
            (
                "warnings",
                JsonField::Array(Box::new(
                    out.warnings
                        .iter()
                        .chain(&not_kept)
                        .map(|w| diag_json(path, map, w))
                        .chain(out.input_warnings.iter().map(|w| input_warning_json(w))),
                )),
            ),
        ]);
        return Ok(asserted(&out));
    }
    print_trace(path, map, &out.trace);
    for r in &regs {
        println!("{} = {}", label(r), r.value_text());
    }
    if regs.is_empty()
        && out.memory.is_empty()
        && out.trace.is_empty()
        && trace.steps == 0
        && trace.printed == 0
        && out.assertions.is_empty()
    {
        let threads = out.launch.cta_threads() * out.launch.ctas();
        if threads > 1 && a.thread.is_none() {
            // A launch of several threads prints the memory it wrote, and
            // registers only for --thread.
            eprintln!("ptxfp run: {path}: no memory was written (a launch of {threads} threads prints the memory it wrote; --thread TID[@CTAID] prints one thread's registers)");
        } else {
            eprintln!("ptxfp run: {path}: nothing was written (no instruction ran, or none wrote a register or memory)");
        }
    }
    print_memory(&out.memory);
    for c in &out.contractions {
        println!(
            "contract: {} mul + {} {}: {} {:#x}, {:#x}, {:#x} = {}  ({}), but as written = {}  ({})",
            loc(&c.mul),
            loc(&c.add),
            c.op,
            c.fused_form,
            c.inputs[0],
            c.inputs[1],
            c.inputs[2],
            show_hex(c.fused, c.ty),
            ptxfp::literal::show_lanes(c.fused, c.ty),
            show_hex(c.unfused, c.ty),
            ptxfp::literal::show_lanes(c.unfused, c.ty),
        );
    }
    if opts.contract && out.contractions.is_empty() {
        println!("contract: no mul+add pair whose fusion changes a result");
    }
    Ok(asserted(&out))
}

/// Exit 1 where a device `assert()` failed (each failed assertion's line
/// on stderr, as CUDA prints it), else 0.
fn asserted(out: &interp::Outcome) -> Outcome {
    if out.assertions.is_empty() {
        return Outcome::Ok;
    }
    for x in &out.assertions {
        eprintln!("{}", x.text());
    }
    Outcome::Failed
}

/// The `printf` field: each call's output, with its place and thread.
fn printf_json(path: &str, map: &ptxfp::SourceMap, lines: &[PrintfLine]) -> serde_json::Value {
    lines
        .iter()
        .map(|p| {
            let (l, c) = map.line_col(p.span.start);
            json!({
                "location": format!("{path}:{l}:{c}"),
                "ctaid": p.thread.0,
                "tid": p.thread.1,
                "text": p.text(),
            })
        })
        .collect()
}

/// `trace FILE:LINE:COL: TEXT`, one line per step.
fn print_trace(path: &str, map: &ptxfp::SourceMap, trace: &[TraceStep]) {
    for t in trace {
        let (l, c) = map.line_col(t.span.start);
        println!("trace {path}:{l}:{c}: {}", t.text());
    }
}

/// One trace step as JSON: its place, the instruction, the bits it read
/// and wrote (each with its type), and the text `--trace` prints.
fn trace_json(path: &str, map: &ptxfp::SourceMap, t: &TraceStep) -> serde_json::Value {
    let (l, c) = map.line_col(t.span.start);
    let typed =
        |(v, ty): (u64, ptxfp::PtxType)| json!({"bits": show_hex(v, ty), "type": ty.name()});
    let mut v = json!({
        "location": format!("{path}:{l}:{c}"),
        "opcode": t.opcode,
        "instruction": t.instruction,
        "skipped": t.skipped,
        "inputs": t.inputs.iter().map(|x| typed(*x)).collect::<Vec<_>>(),
        "result": t.result.map(typed),
        "memory": t.access.as_ref().map(|m| json!({
            "access": if m.store { "store" } else { "load" },
            "type": m.ty.name(),
            "values": m.values.iter().map(|v| show_hex(*v, m.ty)).collect::<Vec<_>>(),
        })),
        "text": t.text(),
    });
    // An approximate result says so (docs/NVIDIA.md ".approx").
    if let (true, Some(o)) = (t.approx, v.as_object_mut()) {
        o.insert("approx".into(), json!(true));
    }
    // In a launch of several threads, the thread that ran the step.
    if let (Some((c, tid)), Some(o)) = (t.thread, v.as_object_mut()) {
        o.insert("ctaid".into(), json!(c));
        o.insert("tid".into(), json!(tid));
    }
    v
}

/// One diagnostic as JSON: `file:line:col`, severity, message, help.
fn diag_json(path: &str, map: &ptxfp::SourceMap, d: &ptxfp::Diagnostic) -> serde_json::Value {
    let (l, c) = map.line_col(d.span.start);
    json!({
        "location": format!("{path}:{l}:{c}"),
        "severity": d.severity.to_string(),
        "message": d.message,
        "help": d.help,
    })
}

/// Prints a failure (text on stderr, and with --json the JSON error object
/// on stdout) and fails with exit code 2: an input error's message is
/// returned for `main` to print as `ptxfp: ...`.
fn report(
    a: &Args,
    path: &str,
    map: &ptxfp::SourceMap,
    f: Failure,
    streamed: &mut TraceOut,
) -> Result<Outcome, String> {
    match f {
        Failure::Input { at, message } => {
            if a.json {
                // Where steps were written, the error object ends them.
                let location = at.map(|(l, c)| format!("{path}:{l}:{c}"));
                streamed.object(error_fields(
                    path,
                    JsonField::Value(json!([message_json(location, &message)])),
                    JsonField::Value(json!([])),
                    JsonField::Value(json!([])),
                ));
            }
            // The text names the place as `path:line:col: ` in front.
            Err(match at {
                Some((l, c)) => format!("{path}:{l}:{c}: {message}"),
                None => message,
            })
        }
        Failure::Program {
            errors,
            trace,
            warnings,
            input_warnings,
            memory,
        } => {
            for w in &warnings {
                eprint!("{}", w.render_in(path, map));
            }
            for w in &input_warnings {
                eprintln!("ptxfp: warning: {w}");
            }
            // What ran (written as it ran, with --trace), then where it failed.
            if !a.json {
                print_trace(path, map, &trace);
            }
            // As `ptxfp check`: the first 100, then a count.
            const SHOWN: usize = 100;
            for d in errors.iter().take(SHOWN) {
                eprint!("{}", d.render_in(path, map));
            }
            if errors.len() > SHOWN {
                eprintln!(
                    "{path}: {} more error(s) not shown (`ptxfp check --max-diagnostics 0` shows all)",
                    errors.len() - SHOWN
                );
            }
            if a.json {
                // What the kernel printed before the error, if anything.
                let printf = std::mem::take(&mut streamed.printf);
                let not_kept = streamed.printf_warning();
                let mut fields = error_fields(
                    path,
                    JsonField::Array(Box::new(errors.iter().map(|d| diag_json(path, map, d)))),
                    JsonField::Array(Box::new(trace.iter().map(|t| trace_json(path, map, t)))),
                    JsonField::Array(Box::new(
                        warnings
                            .iter()
                            .chain(&not_kept)
                            .map(|d| diag_json(path, map, d))
                            .chain(input_warnings.iter().map(|w| input_warning_json(w))),
                    )),
                );
                // What it wrote and printed before the error, if anything:
                // between `file` and `trace`, in serde_json's order.
                if !printf.is_empty() {
                    fields.insert(
                        2,
                        ("printf", JsonField::Value(printf_json(path, map, &printf))),
                    );
                }
                if !memory.is_empty() {
                    fields.insert(2, ("memory", JsonField::Value(memory_json(&memory))));
                }
                // Where steps were written, the error object ends them.
                streamed.object(fields);
            }
            Err(String::new())
        }
    }
}

/// The error object's fields (docs/schemas/error.schema.json), in
/// serde_json's order, as `common::error_json` prints them.
fn error_fields<'a>(
    path: &'a str,
    errors: JsonField<'a>,
    trace: JsonField<'a>,
    warnings: JsonField<'a>,
) -> Vec<(&'static str, JsonField<'a>)> {
    vec![
        ("errors", errors),
        ("file", JsonField::Value(path.into())),
        ("trace", trace),
        ("warnings", warnings),
    ]
}

/// Memory written, in `--json`: `[{"address": "0x1000", "bytes": "hex"}]`.
fn memory_json(memory: &[(u64, Vec<u8>)]) -> serde_json::Value {
    memory
        .iter()
        .map(|(addr, b)| {
            json!({
                "address": format!("{addr:#x}"),
                "bytes": b.iter().map(|x| format!("{x:02x}")).collect::<String>(),
            })
        })
        .collect()
}

/// A warning about the inputs in `--json` (it has no place in the file).
fn input_warning_json(w: &str) -> serde_json::Value {
    json!({
        "location": null,
        "severity": "warning",
        "message": w,
        "help": null,
    })
}

fn out_target(t: Target) -> String {
    t.to_string()
}

/// The memory written, one `mem[A..B] = xx xx ..` line per run of bytes,
/// straight to stdout (no string per byte: a kernel that wrote megabytes
/// prints in about the memory of its bytes).
fn print_memory(memory: &[(u64, Vec<u8>)]) {
    use std::io::Write;
    const HEX: &[u8; 16] = b"0123456789abcdef";
    let stdout = std::io::stdout();
    let mut w = std::io::BufWriter::new(stdout.lock());
    let mut line = Vec::new();
    for (addr, bytes) in memory {
        line.clear();
        line.extend_from_slice(
            format!("mem[{addr:#x}..{:#x}] =", addr + bytes.len() as u64).as_bytes(),
        );
        for b in bytes {
            line.extend_from_slice(&[b' ', HEX[usize::from(b >> 4)], HEX[usize::from(b & 15)]]);
        }
        line.push(b'\n');
        // A closed pipe (`| head`) ends the printing, as println! would
        // not: the rest has nowhere to go.
        if w.write_all(&line).is_err() {
            return;
        }
    }
    let _ = w.flush();
}
