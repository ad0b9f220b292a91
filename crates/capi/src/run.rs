//! `ptxfp_run_ptx`: the interpreter (`ptxfp run`) on a PTX module or
//! snippet, its diagnostics and final registers returned as data.

use std::ffi::{c_char, CString};
use std::panic::{catch_unwind, AssertUnwindSafe};

use ptxfp::interp::{self, Inputs, Options, RunError};
use ptxfp::{Diagnostic, PtxVersion, SourceMap, Target};

use crate::ptxfp_status::{self, *};

/// The outcome of `ptxfp_run_ptx`: owned by the caller, freed with
/// `ptxfp_run_free`. Immutable: any number of threads may read one at once.
pub struct ptxfp_run {
    diags: Vec<Diag>,
    regs: Vec<Reg>,
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

fn diag(d: &Diagnostic, map: &SourceMap) -> Diag {
    let (line, column) = map.line_col(d.span.start);
    Diag {
        is_error: d.is_error(),
        line: line as u32,
        column: column as u32,
        message: cstring(&d.message),
        help: d.help.as_deref().map(cstring),
    }
}

fn placeless(message: &str) -> Diag {
    let (m, h) = match message.split_once("\n  help: ") {
        Some((m, h)) => (m, Some(h)),
        None => (message, None),
    };
    Diag {
        is_error: true,
        line: 0,
        column: 0,
        message: cstring(m),
        help: h.map(cstring),
    }
}

/// Runs a PTX module, or a snippet of instructions with its `.reg`
/// declarations, as `ptxfp run` does: every instruction is validated
/// against the version and target before anything runs.
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
///   diagnostics; NULL on the other failures). Free it with
///   `ptxfp_run_free`.
///
/// Returns `PTXFP_OK` when the program ran (its warnings are diagnostics
/// too), `PTXFP_ERR_ASSERTION` when a device `assert()` failed and
/// stopped it (`ptxfp_run_assertion`; the registers and `printf` output
/// until then are in the run), `PTXFP_ERR_PROGRAM` when it has errors or
/// failed while running (the diagnostics say where), `PTXFP_ERR_TARGET` /
/// `PTXFP_ERR_PTX_VERSION` for a bad `target`, `device` or `ptx_version`.
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
    if out.is_null() {
        return PTXFP_ERR_NULL;
    }
    // SAFETY: `out` is writable.
    unsafe { *out = std::ptr::null_mut() };
    if ptx.is_null() || (sets.is_null() && n_sets > 0) {
        return PTXFP_ERR_NULL;
    }
    let r = catch_unwind(AssertUnwindSafe(|| {
        // SAFETY: the caller's contract.
        unsafe { run(ptx, sets, n_sets, target, device, ptx_version) }
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

unsafe fn run(
    ptx: *const c_char,
    sets: *const *const c_char,
    n_sets: usize,
    target: *const c_char,
    device: *const c_char,
    ptx_version: u32,
) -> Result<(ptxfp_status, ptxfp_run), ptxfp_status> {
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
    let src = text(ptx)?.unwrap_or_default();
    let mut inputs = Inputs::default();
    for k in 0..n_sets {
        // SAFETY: `sets` has `n_sets` entries.
        let s = text(unsafe { *sets.add(k) })?.ok_or(PTXFP_ERR_NULL)?;
        let (name, value) = s.split_once('=').unwrap_or((&s, ""));
        inputs
            .sets
            .push((name.trim().to_string(), value.trim().to_string()));
    }
    let parse_target = |t: Option<String>| -> Result<Option<Target>, ptxfp_status> {
        t.map(|t| t.parse::<Target>().map_err(|_| PTXFP_ERR_TARGET))
            .transpose()
    };
    let opts = Options {
        target: parse_target(text(target)?)?,
        device: parse_target(text(device)?)?,
        version: match ptx_version {
            0 => None,
            v => Some(
                format!("{}.{}", v / 10, v % 10)
                    .parse::<PtxVersion>()
                    .map_err(|_| PTXFP_ERR_PTX_VERSION)?,
            ),
        },
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
                printf: o
                    .printf
                    .iter()
                    .map(|p| {
                        let mut b = p.bytes.clone();
                        b.push(0);
                        (b, p.bytes.len())
                    })
                    .collect(),
                assertions: o.assertions.iter().map(|a| cstring(&a.text())).collect(),
                diags: o.warnings.iter().map(|d| diag(d, &map)).collect(),
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
            },
        ),
        Err(e) => {
            let diags = match &e {
                RunError::Program(d) => vec![diag(d, &map)],
                RunError::Runtime {
                    error, warnings, ..
                } => warnings
                    .iter()
                    .chain(std::iter::once(error))
                    .map(|d| diag(d, &map))
                    .collect(),
                RunError::Diagnostics(ds) => ds.iter().map(|d| diag(d, &map)).collect(),
                RunError::Input(m) => vec![placeless(m)],
            };
            (
                PTXFP_ERR_PROGRAM,
                ptxfp_run {
                    diags,
                    regs: Vec::new(),
                    printf: Vec::new(),
                    assertions: Vec::new(),
                },
            )
        }
    })
}

/// Frees a run (NULL: nothing). Its strings become invalid.
///
/// # Safety
/// `run` is NULL or a run from `ptxfp_run_ptx`, not freed before.
#[no_mangle]
pub unsafe extern "C" fn ptxfp_run_free(run: *mut ptxfp_run) {
    if !run.is_null() {
        // SAFETY: made by Box::into_raw in ptxfp_run_ptx.
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
/// `run` is NULL or a live run from `ptxfp_run_ptx`.
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
/// `run` is NULL or a live run from `ptxfp_run_ptx`; `len` is NULL or
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
/// `run` is NULL or a live run from `ptxfp_run_ptx`.
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
/// `run` is NULL or a live run from `ptxfp_run_ptx`.
#[no_mangle]
pub unsafe extern "C" fn ptxfp_run_assertion(run: *const ptxfp_run, i: usize) -> *const c_char {
    // SAFETY: the caller's contract.
    unsafe { run.as_ref() }
        .and_then(|r| r.assertions.get(i))
        .map_or(std::ptr::null(), |s| s.as_ptr())
}
