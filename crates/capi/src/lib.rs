//! The C and C++ API of ptxfp (`include/ptxfp.h`, generated from this
//! file by cbindgen; docs/C_API.md).
//!
//! A simulator parses an instruction once, when it decodes it
//! (`ptxfp_op_parse`), into a 16-byte plain-data handle, then evaluates
//! it per thread (`ptxfp_op_eval`, which cannot fail) or over arrays
//! (`ptxfp_op_run`). The handle indexes an immutable table of every op the
//! model computes, built once on first use: no mutable global state, no
//! allocation per call, and every function may be called from any thread.
//! No panic crosses the boundary: each entry catches it and returns
//! `ptxfp_status::PTXFP_ERR_INTERNAL` (or 0 where it returns a value).
#![allow(non_camel_case_types)]
#![warn(missing_docs)]

mod mma;
mod run;
mod table;

pub use mma::*;
pub use run::*;

use std::ffi::{c_char, c_int, c_void, CStr};
use std::panic::{catch_unwind, AssertUnwindSafe};

use ptxfp::batch::{self, Path, Slice, SliceMut};
use ptxfp::{Diagnostic, Finding, Instruction, PtxVersion, Setup, Target};
use table::{Entry, Handle, MAX_DSTS, MAX_SRCS};

/// The major version of the C API. A program built against one major
/// version runs with any library of the same major version whose minor
/// version is at least the header's.
pub const PTXFP_API_MAJOR: u32 = 1;
/// The minor version of the C API: functions added, none changed.
/// 1: `ptxfp_mma_dot`, `ptxfp_mma_dot_rows` and their two status codes.
/// 2: `ptxfp_run_printf_count`, `ptxfp_run_printf`,
/// `ptxfp_run_assertion_count`, `ptxfp_run_assertion` and
/// `PTXFP_ERR_ASSERTION` (the CUDA device runtime in `ptxfp_run_ptx`).
/// 3: `ptxfp_mma_dot_rows_instruction` (Hopper `mma.sync`'s FP8 rule).
/// 4: `ptxfp_run_kernel` (`ptxfp_launch`, `ptxfp_mem`),
/// `ptxfp_run_memory_count`, `ptxfp_run_memory`, `ptxfp_run_memory_read`
/// and `PTXFP_ERR_STRUCT_SIZE`.
/// 5: `ptxfp_launch.cooperative` (a 1.4 `struct_size` is still taken).
/// 6: a run stopped by a run-time error keeps the memory it wrote and what
/// it printed until then (`ptxfp_run_memory*`, `ptxfp_run_printf*`).
/// 7: `ptxfp_launch.tensor_maps`, `.surfaces`, `.textures` (a 1.4 to 1.6
/// `struct_size` is still taken, with none).
/// 8: a run refused for its `target`, `device` or `ptx_version` is given
/// to the caller with a diagnostic that says why; a `device` that cannot
/// load the code is `PTXFP_ERR_DEVICE` in a run as in a parse.
/// 9: `ptxfp_launch.stop`, a flag that ends a run (a 1.7 or 1.8
/// `struct_size` is still taken, with none).
/// 10: `ptxfp_launch.malloc_heap_size` (a 1.4 to 1.9 `struct_size` is
/// still taken, with the default heap); a run's diagnostic that names
/// `ptxfp run`'s flags gives their C names in its help ("in C:
/// --max-steps is ptxfp_launch.max_steps").
pub const PTXFP_API_MINOR: u32 = 10;

// (ptxfp_run_ptx, ptxfp_run_kernel and their accessors: src/run.rs.)

/// A parsed instruction under a setup (target, device, PTX ISA version):
/// plain data, 16 bytes, copyable, nothing to free. Valid for the life of
/// the process in any thread. Only `ptxfp_op_parse` makes one; a zeroed
/// handle is invalid (evaluates to 0; the others say
/// `PTXFP_ERR_HANDLE`).
#[repr(C)]
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct ptxfp_op {
    /// Opaque: not to be read or written by the caller.
    pub opaque: [u64; 2],
}

/// What went wrong. `PTXFP_OK` is 0; each failure has its own code, stable
/// across versions (new codes are only ever added at the end).
#[repr(C)]
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum ptxfp_status {
    /// Success.
    PTXFP_OK = 0,
    /// A pointer the function needs is NULL.
    PTXFP_ERR_NULL = 1,
    /// A string is not UTF-8.
    PTXFP_ERR_ENCODING = 2,
    /// The text is not an instruction ptxfp computes (a syntax error, an
    /// unknown modifier, memory or control flow).
    PTXFP_ERR_SYNTAX = 3,
    /// The target or device string names no target (`sm_90`, `sm_90a`,
    /// `sm_100f`, ...).
    PTXFP_ERR_TARGET = 4,
    /// `ptx_version` names no PTX ISA version, or one older than the
    /// target.
    PTXFP_ERR_PTX_VERSION = 5,
    /// The instruction needs a newer PTX ISA version, target or device.
    PTXFP_ERR_UNAVAILABLE = 6,
    /// The device cannot load code of the target.
    PTXFP_ERR_DEVICE = 7,
    /// The handle was not made by `ptxfp_op_parse` (zeroed, corrupted).
    PTXFP_ERR_HANDLE = 8,
    /// Operand counts, or an array's alignment, do not fit the op, or `n`
    /// is more elements than an array can hold (over `PTRDIFF_MAX` bytes,
    /// or running past the end of the address space).
    PTXFP_ERR_OPERANDS = 9,
    /// Worker threads could not be started, or more than 1024 were asked
    /// for.
    PTXFP_ERR_THREADS = 10,
    /// An internal error of ptxfp was caught (a bug: please report it).
    PTXFP_ERR_INTERNAL = 11,
    /// `ptxfp_run_ptx`, `ptxfp_run_kernel`: the program has errors, or
    /// failed while running, or its inputs or launch were refused (its
    /// diagnostics say where).
    PTXFP_ERR_PROGRAM = 12,
    /// `ptxfp_mma_dot`: no such GPU or format, or the GPU has no
    /// tensor-core model for the (input, accumulator) pair.
    PTXFP_ERR_MMA_MODEL = 13,
    /// `ptxfp_mma_dot`: an input is not exactly representable in the
    /// input format (inputs are never rounded).
    PTXFP_ERR_INEXACT = 14,
    /// `ptxfp_run_ptx`, `ptxfp_run_kernel`: a device `assert()` failed (a
    /// call of CUDA's `__assertfail`) and stopped the kernel;
    /// `ptxfp_run_assertion` gives CUDA's lines.
    PTXFP_ERR_ASSERTION = 15,
    /// `ptxfp_run_kernel`: the launch's `struct_size` is not
    /// `sizeof(ptxfp_launch)` of this or a later header (smaller, over
    /// 4096, or larger with fields this library does not know set).
    PTXFP_ERR_STRUCT_SIZE = 16,
}

use ptxfp_status::*;

/// The library's version, `MAJOR.MINOR.PATCH` (a static NUL-terminated
/// string: never free it).
#[no_mangle]
pub extern "C" fn ptxfp_version() -> *const c_char {
    concat!(env!("CARGO_PKG_VERSION"), "\0").as_ptr().cast()
}

/// The C API version of the library: `PTXFP_API_MAJOR * 1000 +
/// PTXFP_API_MINOR`. Compare it with the header's constants to detect a
/// mismatched library at run time.
#[no_mangle]
pub extern "C" fn ptxfp_api_version() -> u32 {
    PTXFP_API_MAJOR * 1000 + PTXFP_API_MINOR
}

/// A static NUL-terminated description of a status code (never free it);
/// "unknown status" for a value that is none.
#[no_mangle]
pub extern "C" fn ptxfp_status_message(status: c_int) -> *const c_char {
    let s: &'static str = match status {
        0 => "success\0",
        1 => "a required pointer is NULL\0",
        2 => "a string is not UTF-8\0",
        3 => "not an instruction ptxfp computes\0",
        4 => "no such target or device\0",
        5 => "no such PTX ISA version, or one older than the target\0",
        6 => "the instruction needs a newer PTX ISA version, target or device\0",
        7 => "the device cannot load the target's code\0",
        8 => "not a handle made by ptxfp_op_parse\0",
        9 => "the operands do not fit the instruction\0",
        10 => "worker threads could not be started\0",
        11 => "internal error in ptxfp (please report it)\0",
        12 => "the program has errors or failed while running\0",
        13 => "no tensor-core model for that GPU and format pair\0",
        14 => "an input is not exact in the tensor core's input format\0",
        15 => "a device assert() failed and stopped the kernel\0",
        16 => "the struct's struct_size is not one this library knows\0",
        _ => "unknown status\0",
    };
    s.as_ptr().cast()
}

/// Writes `msg` NUL-terminated into `err[..len]`, cut at a character
/// boundary where it does not fit; nothing where `err` is NULL or `len` 0.
unsafe fn write_str(err: *mut c_char, len: usize, msg: &str) {
    if err.is_null() || len == 0 {
        return;
    }
    let mut n = msg.len().min(len - 1);
    while !msg.is_char_boundary(n) {
        n -= 1;
    }
    // SAFETY: the caller gives `len` writable bytes at `err`.
    unsafe {
        std::ptr::copy_nonoverlapping(msg.as_ptr(), err.cast::<u8>(), n);
        *err.add(n) = 0;
    }
}

/// A C string argument: `None` where NULL.
unsafe fn c_str<'a>(
    p: *const c_char,
    what: &str,
) -> Result<Option<&'a str>, (ptxfp_status, String)> {
    if p.is_null() {
        return Ok(None);
    }
    // SAFETY: the caller gives a NUL-terminated string.
    let s = unsafe { CStr::from_ptr(p) };
    s.to_str()
        .map(Some)
        .map_err(|_| (PTXFP_ERR_ENCODING, format!("{what} is not UTF-8")))
}

/// Parses an instruction under a setup: the same validation and messages
/// as the `ptxfp` command line (`ptxfp eval FORM --target T --ptx V`),
/// the help naming this function's parameters instead of the flags.
///
/// - `form`: the instruction, e.g. `"fma.rn.ftz.f16"`, `"add.cc.u32"`,
///   `"cvt.rn.f16.f32"`, `"setp.lt.f32"` (`ptxfp forms --family all` lists
///   them). Required.
/// - `target`: the code's `.target`, e.g. `"sm_90"`; NULL: `sm_100`.
/// - `ptx_version`: the module's `.version` times ten (88 = PTX ISA 8.8);
///   0: the newest the library knows.
/// - `out`: receives the handle; on failure it is set to the zero handle.
///   Required.
/// - `err`, `err_len`: on failure, the message (every error, one per
///   line, with its help); on success, the warnings (empty when none).
///   NUL-terminated and cut to `err_len - 1` bytes at a character
///   boundary; nothing is written where `err` is NULL or `err_len` is 0.
///
/// Thread-safe; the handle needs no freeing.
///
/// # Safety
/// `form` and `target` are NULL or NUL-terminated strings; `out` is NULL or
/// writable; `err` is NULL or has `err_len` writable bytes.
#[no_mangle]
pub unsafe extern "C" fn ptxfp_op_parse(
    form: *const c_char,
    target: *const c_char,
    ptx_version: u32,
    out: *mut ptxfp_op,
    err: *mut c_char,
    err_len: usize,
) -> ptxfp_status {
    // SAFETY: forwarded under the same contract.
    unsafe {
        ptxfp_op_parse_on(
            form,
            target,
            std::ptr::null(),
            ptx_version,
            out,
            err,
            err_len,
        )
    }
}

/// `ptxfp_op_parse` with the device that runs the code (`"sm_90"`;
/// NULL: the target), as the command line's `--device`: an instruction
/// the device lacks, or code the device cannot load, is refused.
///
/// # Safety
/// As `ptxfp_op_parse`; `device` is NULL or a NUL-terminated string.
#[no_mangle]
pub unsafe extern "C" fn ptxfp_op_parse_on(
    form: *const c_char,
    target: *const c_char,
    device: *const c_char,
    ptx_version: u32,
    out: *mut ptxfp_op,
    err: *mut c_char,
    err_len: usize,
) -> ptxfp_status {
    if !out.is_null() {
        // SAFETY: `out` is writable.
        unsafe { *out = ptxfp_op::default() };
    }
    let r = catch_unwind(AssertUnwindSafe(|| {
        // SAFETY: the caller's contract.
        unsafe { parse(form, target, device, ptx_version) }
    }));
    let (status, msg) = match r {
        Ok(Ok((op, warnings))) => {
            if out.is_null() {
                (PTXFP_ERR_NULL, "out is NULL".to_string())
            } else {
                // SAFETY: `out` is writable.
                unsafe { *out = op };
                (PTXFP_OK, warnings)
            }
        }
        Ok(Err(e)) => e,
        Err(_) => (
            PTXFP_ERR_INTERNAL,
            "internal error in ptxfp_op_parse".to_string(),
        ),
    };
    // SAFETY: `err` has `err_len` writable bytes.
    unsafe { write_str(err, err_len, &msg) };
    status
}

/// The help of a diagnostic reworded for this API's parameters.
fn c_help(mut d: Diagnostic) -> Diagnostic {
    if let Some(h) = &d.help {
        if let Some(rest) = h.strip_prefix("use .version ") {
            // "8.6 or later" -> "86 or later"
            let (v, tail) = rest.split_once(' ').unwrap_or((rest, ""));
            let v = v.parse::<PtxVersion>().map_or_else(
                |_| v.to_string(),
                |p| format!("{}", u32::from(p.major) * 10 + u32::from(p.minor)),
            );
            d.help = Some(format!("use ptx_version {v} {tail}").trim_end().to_string());
        } else if let Some(rest) = h.strip_prefix("use .target ") {
            d.help = Some(format!("use target {rest}"));
        }
    }
    d
}

type Parsed = Result<(ptxfp_op, String), (ptxfp_status, String)>;

/// A target, a device and a PTX ISA version, each `None` where not given.
pub(crate) type SetupArgs = (Option<Target>, Option<Target>, Option<PtxVersion>);

/// The `target`, `device` and `ptx_version` arguments (`None`: not given,
/// 0 for the version), or the status and message of the first one that
/// names none: one reading for the parse and the run functions.
pub(crate) fn setup_of(
    target: Option<&str>,
    device: Option<&str>,
    ptx_version: u32,
) -> Result<SetupArgs, (ptxfp_status, String)> {
    let target_of = |s: &str, what: &str| {
        s.parse::<Target>()
            .map_err(|e| (PTXFP_ERR_TARGET, format!("{what}: {e}")))
    };
    let target = target.map(|t| target_of(t, "target")).transpose()?;
    let device = device.map(|d| target_of(d, "device")).transpose()?;
    let version = match ptx_version {
        0 => None,
        v => Some(
            format!("{}.{}", v / 10, v % 10)
                .parse::<PtxVersion>()
                .map_err(|e| (PTXFP_ERR_PTX_VERSION, format!("ptx_version {v}: {e}")))?,
        ),
    };
    Ok((target, device, version))
}

unsafe fn parse(
    form: *const c_char,
    target: *const c_char,
    device: *const c_char,
    ptx_version: u32,
) -> Parsed {
    // SAFETY: the caller's contract.
    let (text, target, device) = unsafe {
        (
            c_str(form, "form")?,
            c_str(target, "target")?,
            c_str(device, "device")?,
        )
    };
    let Some(text) = text else {
        return Err((PTXFP_ERR_NULL, "form is NULL".into()));
    };
    let (target, device, ptx) = setup_of(target, device, ptx_version)?;
    let setup = Setup {
        target: target.unwrap_or(Target::DEFAULT),
        device,
        ptx: ptx.unwrap_or(PtxVersion::LATEST),
    };
    let trimmed = text.trim();
    let ins = Instruction::parse(text).map_err(|d| {
        (
            PTXFP_ERR_SYNTAX,
            d.render("<form>", trimmed).trim_end().to_string(),
        )
    })?;
    let mut errors: Vec<(ptxfp_status, String)> = Vec::new();
    let mut warnings = Vec::new();
    let shown = &ins.text;
    for f in ins.check(&setup) {
        let (status, msg) = match &f {
            Finding::Text(d) => (
                PTXFP_ERR_UNAVAILABLE,
                c_help(d.clone()).render("<form>", shown).trim_end().to_string(),
            ),
            Finding::Device { needs, .. } => (
                PTXFP_ERR_UNAVAILABLE,
                Diagnostic::error(0..shown.len(), f.message(shown))
                    .with_help(format!("use a device of {needs} or higher"))
                    .render("<form>", shown)
                    .trim_end()
                    .to_string(),
            ),
            Finding::Header(d) => {
                let d = c_help(d.clone());
                let v = u32::from(setup.ptx.major) * 10 + u32::from(setup.ptx.minor);
                let mut m = format!("target {}, ptx_version {v}: {}", setup.target, d.message);
                if let Some(h) = d.help {
                    m.push_str(&format!("\n  help: {h}"));
                }
                (PTXFP_ERR_PTX_VERSION, m)
            }
            Finding::Unloadable {
                target,
                device,
                why,
            } => (
                PTXFP_ERR_DEVICE,
                format!(
                    "target {target}, device {device}: {why}\n  help: give a device that can load the target's code (NULL: the target)"
                ),
            ),
        };
        if f.is_error() {
            errors.push((status, msg));
        } else {
            warnings.push(msg);
        }
    }
    if let Some((status, _)) = errors.first() {
        let msg = errors
            .iter()
            .map(|e| e.1.as_str())
            .collect::<Vec<_>>()
            .join("\n");
        return Err((*status, msg));
    }
    if ins.srcs.len() > MAX_SRCS {
        // The C API's arrays hold every form's sources (`lop3.or.b32 d|p,
        // a, b, c, immLut, q` and the x4 `cvt.rs` read five): a guard.
        return Err((
            PTXFP_ERR_SYNTAX,
            format!(
                "`{shown}` reads {} source operands; the C API takes at most {MAX_SRCS} (ptxfp eval and the Python package take it)",
                ins.srcs.len()
            ),
        ));
    }
    let Some(op) = table::encode(&ins, &setup) else {
        return Err((
            PTXFP_ERR_SYNTAX,
            format!("`{shown}` computes, but the C API has no handle for it (please report it)"),
        ));
    };
    Ok((ptxfp_op { opaque: op }, warnings.join("\n")))
}

/// The op and setup of a handle.
fn handle(op: ptxfp_op) -> Option<Handle> {
    table::decode(op.opaque)
}

/// The number of source operands: 2 or 3 for the float forms (mixed
/// `add`/`sub`: `a, c`), 1 for `cvt`, `rcp`, `testp`, ...; an op that reads
/// the carry flag (`addc`, `madc`) takes it as one more source, 0 or 1,
/// after the others. 0 for an invalid handle.
#[no_mangle]
pub extern "C" fn ptxfp_op_arity(op: ptxfp_op) -> u32 {
    catch_unwind(|| handle(op).map_or(0, |h| h.entry.ins.srcs.len() as u32)).unwrap_or(0)
}

/// The element width in bits of the first destination: 16, 32 or 64 for
/// the float forms; 8 for a predicate (`setp`, `testp`: 0 or 1 in a
/// `uint8_t`) and the 8-bit types. 0 for an invalid handle.
#[no_mangle]
pub extern "C" fn ptxfp_op_dst_bits(op: ptxfp_op) -> u32 {
    ptxfp_op_dst_bits_at(op, 0)
}

/// The element width in bits (8, 16, 32, 64) of source `k` (0 = `a`), as
/// `ptxfp_op_run` reads it; 0 where there is no such source or the handle
/// is invalid. Mixed forms differ per operand: `fma.rn.f32.f16` reads 16,
/// 16, 32.
#[no_mangle]
pub extern "C" fn ptxfp_op_src_bits(op: ptxfp_op, k: u32) -> u32 {
    catch_unwind(|| {
        handle(op).map_or(0, |h| {
            h.entry.src_bits.get(k as usize).copied().unwrap_or(0)
        })
    })
    .unwrap_or(0)
}

/// The number of destinations: 1, or 2 for a packed `setp` (`p|q`, one per
/// lane), or one more for the carry-out of a `.cc` op (last). 0 for an
/// invalid handle.
#[no_mangle]
pub extern "C" fn ptxfp_op_dst_count(op: ptxfp_op) -> u32 {
    catch_unwind(|| handle(op).map_or(0, |h| h.entry.ins.dsts.len() as u32)).unwrap_or(0)
}

/// The element width in bits of destination `k`; 0 where there is none.
#[no_mangle]
pub extern "C" fn ptxfp_op_dst_bits_at(op: ptxfp_op, k: u32) -> u32 {
    catch_unwind(|| {
        handle(op).map_or(0, |h| {
            h.entry.dst_bits.get(k as usize).copied().unwrap_or(0)
        })
    })
    .unwrap_or(0)
}

/// Whether the op's results are `.approx` (not correctly rounded: the
/// model's reading of an approximation NVIDIA does not specify bit for
/// bit, e.g. `rcp.approx.f32`, `ex2.approx.f16`). False for an invalid
/// handle.
#[no_mangle]
pub extern "C" fn ptxfp_op_is_approx(op: ptxfp_op) -> bool {
    catch_unwind(|| handle(op).is_some_and(|h| h.entry.ins.is_approx())).unwrap_or(false)
}

/// Writes the op's canonical text (`"fma.rn.f16"`) NUL-terminated into
/// `buf` (cut to `len - 1` bytes; nothing where `buf` is NULL or `len` 0)
/// and returns its full length without the NUL, as `snprintf` does; 0 for
/// an invalid handle.
///
/// # Safety
/// `buf` is NULL or has `len` writable bytes.
#[no_mangle]
pub unsafe extern "C" fn ptxfp_op_text(op: ptxfp_op, buf: *mut c_char, len: usize) -> usize {
    let text = catch_unwind(|| handle(op).map(|h| h.entry.ins.text.clone()))
        .ok()
        .flatten()
        .unwrap_or_default();
    // SAFETY: `buf` has `len` writable bytes.
    unsafe { write_str(buf, len, &text) };
    text.len()
}

/// The first destination of the op for source registers `a`, `b`, `c`
/// (each in the low bits, at its width: `ptxfp_op_src_bits`; higher bits
/// and sources the op does not have are ignored; a fourth source, `bfi`'s
/// length or `madc`'s carry-in, reads 0: use `ptxfp_op_eval_all`). Never fails: an
/// invalid handle gives 0. No allocation, no locks: the one-register plan
/// of the fast float forms (`fma.rn.f16`, `mad.rn.f32`, ...) is chosen at
/// parse time.
#[no_mangle]
pub extern "C" fn ptxfp_op_eval(op: ptxfp_op, a: u64, b: u64, c: u64) -> u64 {
    // catch_unwind costs nothing until something panics (a landing pad).
    catch_unwind(|| match table::fast_plan(op.opaque) {
        Some(f) => f.eval([a, b, c]),
        None => eval_general(op, &[a, b, c, 0, 0]).map_or(0, |d| d.0[0]),
    })
    .unwrap_or(0)
}

/// Every destination of `op` for the sources `src[0..n]` (masked to their
/// widths), and whether the result is `.approx`.
fn eval_general(op: ptxfp_op, srcs: &[u64; MAX_SRCS]) -> Option<([u64; MAX_DSTS], bool)> {
    let h = handle(op)?;
    let e = h.entry;
    let n = e.ins.srcs.len();
    let mut s = [0u64; MAX_SRCS];
    for k in 0..n {
        s[k] = srcs[k] & e.src_mask[k];
    }
    let (d, approx) = e.ins.eval(&s[..n], &h.exec());
    let mut out = [0u64; MAX_DSTS];
    for (o, v) in out.iter_mut().zip(d) {
        *o = v;
    }
    Some((out, approx))
}

/// Every destination of the op: `srcs[0..n_srcs]` are the sources
/// (`n_srcs` = `ptxfp_op_arity`, the carry-in last where the op reads
/// one), `dsts[0..n_dsts]` receive the destinations (`n_dsts` at least
/// `ptxfp_op_dst_count`; the carry-out last where the op writes one).
/// `approx`, where not NULL, receives whether the result is `.approx`.
///
/// # Safety
/// `srcs` has `n_srcs` readable and `dsts` `n_dsts` writable values;
/// `approx` is NULL or writable.
#[no_mangle]
pub unsafe extern "C" fn ptxfp_op_eval_all(
    op: ptxfp_op,
    srcs: *const u64,
    n_srcs: usize,
    dsts: *mut u64,
    n_dsts: usize,
    approx: *mut bool,
) -> ptxfp_status {
    let Some(h) = handle(op) else {
        return PTXFP_ERR_HANDLE;
    };
    let (ns, nd) = (h.entry.ins.srcs.len(), h.entry.ins.dsts.len());
    if (srcs.is_null() && ns > 0) || dsts.is_null() {
        return PTXFP_ERR_NULL;
    }
    if n_srcs != ns || n_dsts < nd {
        return PTXFP_ERR_OPERANDS;
    }
    let mut s = [0u64; MAX_SRCS];
    if ns > 0 {
        // SAFETY: `srcs` has `n_srcs` readable values.
        s[..ns].copy_from_slice(unsafe { std::slice::from_raw_parts(srcs, ns) });
    }
    match catch_unwind(|| eval_general(op, &s)) {
        Ok(Some((d, a))) => {
            // SAFETY: `dsts` has `n_dsts` >= nd writable values.
            unsafe { std::slice::from_raw_parts_mut(dsts, nd) }.copy_from_slice(&d[..nd]);
            if !approx.is_null() {
                // SAFETY: `approx` is writable.
                unsafe { *approx = a };
            }
            PTXFP_OK
        }
        Ok(None) => PTXFP_ERR_HANDLE,
        Err(_) => PTXFP_ERR_INTERNAL,
    }
}

/// Evaluates the op over arrays: for each `i < n`, `d[i]` = the first
/// destination for `a[i]`, `b[i]`, `c[i]`. Each array holds registers of
/// its operand's width (`ptxfp_op_src_bits`, `ptxfp_op_dst_bits`):
/// `uint16_t` for `.f16`/`.bf16`, `uint32_t` for the x2 types and `.f32`,
/// `uint64_t` for `.f64`, `uint8_t` for predicates; mixed forms take each
/// operand at its own width. An operand the op does not have is ignored
/// (may be NULL); a fourth source (`bfi`'s length, `madc`'s carry-in)
/// reads 0: `ptxfp_op_run_all` takes every operand. `d` may be
/// one of the sources (evaluated in place).
///
/// `threads`: 0 uses all cores (one shared pool), 1 the calling thread
/// only, 1 < k <= 1024 a pool of k threads made for the call, no more
/// than the host's cores (more is
/// `PTXFP_ERR_THREADS`). Short arrays (up to 16384 values) always run on
/// the calling thread. Same bits as
/// `ptxfp_op_eval` on every element, on the fastest kernel the CPU has.
///
/// # Safety
/// Each array the op reads has `n` readable registers of its width, `d`
/// `n` writable ones, each aligned to its width.
#[no_mangle]
pub unsafe extern "C" fn ptxfp_op_run(
    op: ptxfp_op,
    a: *const c_void,
    b: *const c_void,
    c: *const c_void,
    d: *mut c_void,
    n: usize,
    threads: u32,
) -> ptxfp_status {
    let srcs = [a, b, c, std::ptr::null(), std::ptr::null()];
    let mut dsts = [d, std::ptr::null_mut(), std::ptr::null_mut()];
    let Some(h) = handle(op) else {
        return PTXFP_ERR_HANDLE;
    };
    if d.is_null() {
        return PTXFP_ERR_NULL;
    }
    let nd = h.entry.ins.dsts.len();
    // SAFETY: the caller's contract; a missing fourth source reads 0.
    unsafe { run(&h, &srcs, &mut dsts[..nd], n, threads, true) }
}

/// `ptxfp_op_run` for every operand: `srcs[k]` is source `k`'s array
/// (`ptxfp_op_arity` of them, each of `ptxfp_op_src_bits(op, k)` bits),
/// `dsts[k]` destination `k`'s (`ptxfp_op_dst_count` of them; a NULL entry
/// is not written; two entries may be the same array, which then holds the
/// later destination's values). `n_srcs` and `n_dsts` are the lengths of
/// `srcs` and `dsts` and must equal the op's counts.
///
/// # Safety
/// `srcs` has `n_srcs` and `dsts` `n_dsts` entries; each array as in
/// `ptxfp_op_run`.
#[no_mangle]
pub unsafe extern "C" fn ptxfp_op_run_all(
    op: ptxfp_op,
    srcs: *const *const c_void,
    n_srcs: usize,
    dsts: *const *mut c_void,
    n_dsts: usize,
    n: usize,
    threads: u32,
) -> ptxfp_status {
    let Some(h) = handle(op) else {
        return PTXFP_ERR_HANDLE;
    };
    let (ns, nd) = (h.entry.ins.srcs.len(), h.entry.ins.dsts.len());
    if (srcs.is_null() && ns > 0) || dsts.is_null() {
        return PTXFP_ERR_NULL;
    }
    if n_srcs != ns || n_dsts != nd {
        return PTXFP_ERR_OPERANDS;
    }
    let mut s = [std::ptr::null(); MAX_SRCS];
    let mut o = [std::ptr::null_mut(); MAX_DSTS];
    // SAFETY: the caller gives `n_srcs` and `n_dsts` entries.
    unsafe {
        if ns > 0 {
            s[..ns].copy_from_slice(std::slice::from_raw_parts(srcs, ns));
        }
        o[..nd].copy_from_slice(std::slice::from_raw_parts(dsts, nd));
    }
    // SAFETY: the caller's contract.
    unsafe { run(&h, &s, &mut o[..nd], n, threads, false) }
}

/// Arrays up to this length run on the calling thread: a hand-off to a
/// pool costs more than the work.
const SERIAL_MAX: usize = 1 << 14;

/// The most worker threads a call makes a pool of (as the Python
/// package's `threads`): a larger count is `PTXFP_ERR_THREADS` at once,
/// where making the pool would take minutes and the host's memory.
pub(crate) const MAX_THREADS: u32 = 1024;

/// The ops off the batch kernels run over blocks of this many elements
/// (their u64 columns and results are per block: memory bounded whatever
/// `n`), spread over the pool within a block where the call is parallel.
const BLOCK: usize = 1 << 16;

/// A source column: borrowed from the caller, copied where it overlaps
/// a destination, or zeros (a missing fourth source).
enum Col<'a> {
    B8(std::borrow::Cow<'a, [u8]>),
    B16(std::borrow::Cow<'a, [u16]>),
    B32(std::borrow::Cow<'a, [u32]>),
    B64(std::borrow::Cow<'a, [u64]>),
    Zero,
}

impl Col<'_> {
    fn get(&self, i: usize) -> u64 {
        match self {
            Col::B8(s) => u64::from(s[i]),
            Col::B16(s) => u64::from(s[i]),
            Col::B32(s) => u64::from(s[i]),
            Col::B64(s) => s[i],
            Col::Zero => 0,
        }
    }
    fn slice(&self) -> Option<Slice<'_>> {
        Some(match self {
            Col::B8(_) | Col::Zero => return None,
            Col::B16(s) => Slice::B16(s),
            Col::B32(s) => Slice::B32(s),
            Col::B64(s) => Slice::B64(s),
        })
    }
}

/// A destination column: the caller's `n` registers at a raw pointer.
/// Raw, not `&mut [T]`: two destinations of `ptxfp_op_run_all` may be the
/// same array (the later one's values win), which two `&mut` slices
/// could not be.
#[derive(Clone, Copy)]
enum Out {
    B8(*mut u8),
    B16(*mut u16),
    B32(*mut u32),
    B64(*mut u64),
}

// SAFETY: the pointers are the caller's arrays, written only by the call
// that was given them, from one thread at a time (`run_columns` writes
// them outside its parallel loops, and the pool's work returns before
// the call does).
unsafe impl Send for Out {}
// SAFETY: as for Send: a shared `Out` is only read (copied).
unsafe impl Sync for Out {}

impl Out {
    /// Writes register `i` (`i < n`).
    ///
    /// # Safety
    /// `i` is below the `n` the destination was made with.
    unsafe fn set(self, i: usize, v: u64) {
        // SAFETY: `n` writable aligned registers, by `run`'s checks and
        // the caller's contract.
        unsafe {
            match self {
                Out::B8(p) => p.add(i).write(v as u8),
                Out::B16(p) => p.add(i).write(v as u16),
                Out::B32(p) => p.add(i).write(v as u32),
                Out::B64(p) => p.add(i).write(v),
            }
        }
    }
    /// The column as one slice, for the batch kernels.
    ///
    /// # Safety
    /// No other reference to the `n` registers lives while it does.
    unsafe fn slice_mut<'a>(self, n: usize) -> Option<SliceMut<'a>> {
        // SAFETY: the caller's contract.
        unsafe {
            Some(match self {
                Out::B8(_) => return None,
                Out::B16(p) => SliceMut::B16(std::slice::from_raw_parts_mut(p, n)),
                Out::B32(p) => SliceMut::B32(std::slice::from_raw_parts_mut(p, n)),
                Out::B64(p) => SliceMut::B64(std::slice::from_raw_parts_mut(p, n)),
            })
        }
    }
}

/// Whether `[p, p + bytes)` and `[q, q + qbytes)` overlap.
fn overlaps(p: usize, bytes: usize, q: usize, qbytes: usize) -> bool {
    p < q + qbytes && q < p + bytes
}

/// The bytes of `n` registers of `bits` at address `p`, where an array
/// can have them: at most `isize::MAX` bytes, not past the end of the
/// address space. `None` for a length no array has (a wrong `n`).
fn array_bytes(p: usize, n: usize, bits: u32) -> Option<usize> {
    let b = n.checked_mul(bits as usize / 8)?;
    (b <= isize::MAX as usize && p.checked_add(b).is_some()).then_some(b)
}

/// A copy of `s`, or `None` where the host cannot allocate it.
fn try_copy<T: Copy>(s: &[T]) -> Option<Vec<T>> {
    let mut v = Vec::new();
    v.try_reserve_exact(s.len()).ok()?;
    v.extend_from_slice(s);
    Some(v)
}

/// The body of the run functions: checks, columns, then the batch kernel
/// (float forms), the column evaluator (other single-destination ops) or
/// the general evaluator, on the threads asked for.
unsafe fn run(
    h: &Handle,
    srcs: &[*const c_void; MAX_SRCS],
    dsts: &mut [*mut c_void],
    n: usize,
    threads: u32,
    zero_missing: bool,
) -> ptxfp_status {
    let e = h.entry;
    let ns = e.ins.srcs.len();
    // "more is PTXFP_ERR_THREADS, whatever n" (docs/C_API.md): before the
    // empty run's return.
    if threads > MAX_THREADS {
        return PTXFP_ERR_THREADS;
    }
    if n == 0 {
        return PTXFP_OK;
    }
    // Checks: sources present, aligned and of a length an array can have
    // (a missing fourth source reads zeros), destinations the same.
    let mut src_ptrs = [std::ptr::null::<c_void>(); MAX_SRCS];
    let mut zero = [false; MAX_SRCS];
    for k in 0..ns {
        let p = srcs[k];
        if p.is_null() {
            if zero_missing && k == 3 {
                zero[k] = true;
                continue;
            }
            return PTXFP_ERR_NULL;
        }
        if !(p as usize).is_multiple_of(e.src_bits[k] as usize / 8)
            || array_bytes(p as usize, n, e.src_bits[k]).is_none()
        {
            return PTXFP_ERR_OPERANDS;
        }
        src_ptrs[k] = p;
    }
    for (k, p) in dsts.iter().enumerate() {
        if !p.is_null()
            && (!(*p as usize).is_multiple_of(e.dst_bits[k] as usize / 8)
                || array_bytes(*p as usize, n, e.dst_bits[k]).is_none())
        {
            return PTXFP_ERR_OPERANDS;
        }
    }
    // Sources overlapping a destination are copied first (where the host
    // can hold the copy: else PTXFP_ERR_OPERANDS, never an abort).
    let mut cols = Vec::with_capacity(ns);
    for k in 0..ns {
        if zero[k] {
            cols.push(Col::Zero);
            continue;
        }
        let p = src_ptrs[k];
        let w = e.src_bits[k] as usize / 8;
        let shared = dsts.iter().enumerate().any(|(j, q)| {
            !q.is_null()
                && overlaps(
                    p as usize,
                    n * w,
                    *q as usize,
                    // As `array_bytes` checked it (bits / 8 first: n * bits
                    // may overflow where n * bytes does not).
                    n * (e.dst_bits[j] as usize / 8),
                )
        });
        // SAFETY: `p` has `n` readable aligned registers of width `w`.
        let col = unsafe {
            macro_rules! col {
                ($v:ident, $t:ty) => {{
                    let s = std::slice::from_raw_parts(p.cast::<$t>(), n);
                    Col::$v(if shared {
                        match try_copy(s) {
                            Some(v) => std::borrow::Cow::Owned(v),
                            None => return PTXFP_ERR_OPERANDS,
                        }
                    } else {
                        std::borrow::Cow::Borrowed(s)
                    })
                }};
            }
            match w {
                1 => col!(B8, u8),
                2 => col!(B16, u16),
                4 => col!(B32, u32),
                _ => col!(B64, u64),
            }
        };
        cols.push(col);
    }
    let outs: Vec<Option<Out>> = dsts
        .iter()
        .enumerate()
        .map(|(k, p)| {
            (!p.is_null()).then(|| match e.dst_bits[k] {
                8 => Out::B8(p.cast()),
                16 => Out::B16(p.cast()),
                32 => Out::B32(p.cast()),
                _ => Out::B64(p.cast()),
            })
        })
        .collect();
    let exec = h.exec();
    let serial = threads == 1 || n <= SERIAL_MAX;
    // SAFETY: each destination has `n` writable registers, not
    // overlapping a borrowed source (overlapping ones were copied).
    let work = || unsafe { run_columns(e, &exec, &cols, &outs, n, serial) };
    let r = if serial || threads == 0 {
        catch_unwind(AssertUnwindSafe(work)).map_err(|_| PTXFP_ERR_INTERNAL)
    } else {
        in_pool(threads, work)
    };
    r.unwrap_or_else(|status| status)
}

/// The workers of one pool: every call that asks `k` threads
/// (1 < k <= 1024) gets a pool of its own of no more than the host's
/// cores (more would only share them). Sixteen callers asking 1024 each
/// built 16,384 threads of 2 MiB stacks, and under an address-space
/// limit rayon aborted while it made them.
fn pool_threads(threads: u32) -> usize {
    let cores = std::thread::available_parallelism().map_or(1, usize::from);
    (threads as usize).min(cores)
}

/// Runs `work` on a pool of `threads` (1 < threads <= 1024) made for the
/// call, no more than the host's cores ([`pool_threads`]), on the calling
/// thread where that is one; a panic is `PTXFP_ERR_INTERNAL`, and a pool
/// the host cannot start `PTXFP_ERR_THREADS`.
pub(crate) fn in_pool<R: Send>(
    threads: u32,
    work: impl FnOnce() -> R + Send,
) -> Result<R, ptxfp_status> {
    let n = pool_threads(threads);
    let r = if n <= 1 {
        catch_unwind(AssertUnwindSafe(work))
    } else {
        let pool = rayon::ThreadPoolBuilder::new()
            .num_threads(n)
            .build()
            .map_err(|_| PTXFP_ERR_THREADS)?;
        catch_unwind(AssertUnwindSafe(|| pool.install(work)))
    };
    r.map_err(|_| PTXFP_ERR_INTERNAL)
}

/// Evaluates the `n`-element columns (on the calling thread where
/// `serial`, else on the current rayon pool).
///
/// # Safety
/// Each destination has `n` writable registers that no source column
/// borrows.
unsafe fn run_columns(
    e: &Entry,
    exec: &ptxfp::Exec,
    cols: &[Col],
    outs: &[Option<Out>],
    n: usize,
    serial: bool,
) -> ptxfp_status {
    use rayon::prelude::*;
    let ins = &e.ins;
    // The float forms: the batch kernels.
    if let (Some(form), [Some(out)]) = (ins.form(), outs) {
        let slices: Option<Vec<Slice>> = cols.iter().map(Col::slice).collect();
        // SAFETY: the one destination, borrowed by nothing else.
        if let (Some(slices), Some(o)) = (slices, unsafe { out.slice_mut(n) }) {
            let r = if serial {
                match ins.plan(exec) {
                    Some(plan) => plan.run_here(Path::detect(), &slices, o),
                    None => {
                        let mut o = o;
                        let mut x = [0u64; MAX_SRCS];
                        for i in 0..n {
                            for (k, c) in cols.iter().enumerate() {
                                x[k] = c.get(i);
                            }
                            let v = ptxfp::Eval::eval(&form, &x[..cols.len()], exec);
                            match &mut o {
                                SliceMut::B16(s) => s[i] = v as u16,
                                SliceMut::B32(s) => s[i] = v as u32,
                                SliceMut::B64(s) => s[i] = v,
                            }
                        }
                        Ok(())
                    }
                }
            } else {
                batch::eval(&form, exec, &slices, o)
            };
            return if r.is_ok() {
                PTXFP_OK
            } else {
                PTXFP_ERR_OPERANDS
            };
        }
    }
    // The other ops, a block at a time: each source masked to its width
    // (a predicate to a bit), in u64 columns.
    let single = ins.dsts.len() == 1
        && ins
            .op
            .signature()
            .is_some_and(|s| !s.carry.reads && !s.carry.writes);
    let nd = ins.dsts.len();
    let mut lo = 0;
    while lo < n {
        let hi = n.min(lo + BLOCK);
        let ucols: Vec<Vec<u64>> = cols
            .iter()
            .enumerate()
            .map(|(k, c)| (lo..hi).map(|i| c.get(i) & e.src_mask[k]).collect())
            .collect();
        let refs: Vec<&[u64]> = ucols.iter().map(|v| &v[..]).collect();
        if single {
            let mut d = vec![0u64; hi - lo];
            let ok = if serial {
                batch::compute_columns(&ins.op, &refs, exec, &mut d)
            } else {
                ins.eval_u64_columns(exec, &refs, &mut d)
            };
            // (False for four sources, `bfi`: the general evaluator below.)
            if ok {
                if let Some(o) = outs[0] {
                    for (i, v) in d.into_iter().enumerate() {
                        // SAFETY: lo + i < n.
                        unsafe { o.set(lo + i, v) };
                    }
                }
                lo = hi;
                continue;
            }
        }
        // Several destinations or a carry: the general evaluator per element.
        let eval = |i: usize| -> [u64; MAX_DSTS] {
            let x: Vec<u64> = refs.iter().map(|c| c[i]).collect();
            let (d, _) = ins.eval(&x, exec);
            let mut r = [0u64; MAX_DSTS];
            for (r, v) in r.iter_mut().zip(d) {
                *r = v;
            }
            r
        };
        let res: Vec<[u64; MAX_DSTS]> = if serial {
            (0..hi - lo).map(eval).collect()
        } else {
            (0..hi - lo).into_par_iter().map(eval).collect()
        };
        for (k, o) in outs.iter().enumerate().take(nd) {
            if let Some(o) = *o {
                for (i, r) in res.iter().enumerate() {
                    // SAFETY: lo + i < n.
                    unsafe { o.set(lo + i, r[k]) };
                }
            }
        }
        lo = hi;
    }
    PTXFP_OK
}
