//! `ptxfp._ptxfp`: the Rust half of the Python package. It binds the
//! library's one entry for an instruction (`ptxfp::Instruction`: parse,
//! check, evaluate on scalars and on columns), the forms listing
//! (`ptxfp::forms`), `ptxfp::check`, `ptxfp::interp`, `ptxfp::gen` and
//! `ptxfp::sweep` (whole sweeps, and shards and their merge:
//! `ptxfp::sweep::shard`). Registers cross the boundary as unsigned bits (Python
//! ints, or 1-D contiguous numpy arrays of the register's width); the
//! dtype rules, broadcasting and shapes live in `ptxfp/__init__.py`.
//!
//! Every entry catches panics: a bug raises `ptxfp.InternalError`, never
//! brings the interpreter down. The batch kernels run with the GIL
//! released.

use std::panic::{catch_unwind, AssertUnwindSafe};

mod mma;

use numpy::{PyArray1, PyArrayDescr, PyArrayMethods, PyReadonlyArray1, PY_ARRAY_API};
use ptxfp::batch::{Plan, Slice, SliceMut};
use ptxfp::{Diagnostic, Exec, Finding, Instruction, PtxType, PtxVersion, Setup, Target};
use pyo3::prelude::*;
use pyo3::types::{PyDict, PyList, PyTuple, PyType};

/// An exception of `ptxfp._errors` (`FormError`, `DtypeError`, ...) with
/// `args`.
fn error<'py, A>(py: Python<'py>, kind: &str, args: A) -> PyErr
where
    A: pyo3::call::PyCallArgs<'py>,
{
    let made = py
        .import("ptxfp._errors")
        .and_then(|m| m.getattr(kind))
        .and_then(|c| c.call1(args));
    match made {
        Ok(v) => PyErr::from_value(v),
        Err(e) => e,
    }
}

/// A string argument `name` as Rust text: a `DtypeError` saying what
/// was expected (`want`) for another type, a `FormError` for a `str` that
/// is not valid Unicode (a lone surrogate cannot be encoded as UTF-8).
fn text_arg(py: Python<'_>, name: &str, want: &str, v: &Bound<'_, PyAny>) -> PyResult<String> {
    match v.downcast::<pyo3::types::PyString>() {
        Ok(s) => s.to_cow().map(|c| c.into_owned()).map_err(|e| {
            let why = e.value(py).to_string();
            error(py, "FormError", (format!("{name}: {why}"),))
        }),
        Err(_) => {
            let t = v
                .get_type()
                .name()
                .map(|n| n.to_string())
                .unwrap_or_default();
            // The value where it is short (`target=90`), else its type alone.
            let shown = v
                .repr()
                .map(|r| r.to_string())
                .ok()
                .filter(|r| r.chars().count() <= 40)
                .map_or(String::new(), |r| format!(" {r}"));
            error_result(py, "DtypeError", format!("{name}: {want}, not {t}{shown}"))
        }
    }
}

/// `OperandError` for the first value of `cols` (source columns) that
/// its operand does not take (`Instruction::source_error`: `lop3`'s
/// immLut above 255). Only the columns that have such a rule are read.
fn operand_values(py: Python<'_>, ins: &Instruction, cols: &[&[u64]]) -> PyResult<()> {
    let names = ins.source_names();
    for (k, col) in cols.iter().enumerate() {
        if ins.op.source_limit(k).is_none() {
            continue;
        }
        if let Some((i, why)) = col
            .iter()
            .enumerate()
            .find_map(|(i, &v)| ins.source_error(k, v).map(|w| (i, w)))
        {
            let at = if col.len() > 1 { format!(" (element {i})") } else { String::new() };
            let name = names.get(k).map_or("?", String::as_str);
            return error_result(py, "OperandError", format!("operand {name}{at}: {why}"));
        }
    }
    Ok(())
}

fn error_result<T>(py: Python<'_>, kind: &str, msg: String) -> PyResult<T> {
    Err(error(py, kind, (msg,)))
}

/// Runs `f`, turning a panic into `ptxfp.InternalError`.
fn guarded<T>(py: Python<'_>, f: impl FnOnce() -> PyResult<T>) -> PyResult<T> {
    match catch_unwind(AssertUnwindSafe(f)) {
        Ok(r) => r,
        Err(p) => Err(internal(py, &p)),
    }
}

/// Runs `work` with the GIL released, on a thread of its own, while this
/// thread asks Python every 50 ms whether a signal is pending. What a
/// signal's handler raises (Ctrl-C's KeyboardInterrupt) sets the flag
/// `work` is given, which a sweep's progress callback reads to stop, and
/// is raised once `work` has ended. A panic in `work` is an
/// InternalError.
pub(crate) fn interruptible<R: Send>(
    py: Python<'_>,
    work: impl FnOnce(&std::sync::atomic::AtomicBool) -> R + Send,
) -> PyResult<R> {
    use std::sync::atomic::{AtomicBool, Ordering};
    use std::sync::mpsc;
    let stop = AtomicBool::new(false);
    let mut raised = None;
    let r = py.allow_threads(|| {
        std::thread::scope(|s| {
            let (done, ended) = mpsc::channel();
            let stop = &stop;
            let h = s.spawn(move || {
                let r = catch_unwind(AssertUnwindSafe(|| work(stop)));
                let _ = done.send(());
                r
            });
            while let Err(mpsc::RecvTimeoutError::Timeout) =
                ended.recv_timeout(std::time::Duration::from_millis(50))
            {
                if raised.is_none() {
                    if let Err(e) = Python::with_gil(|py| py.check_signals()) {
                        raised = Some(e);
                        stop.store(true, Ordering::Relaxed);
                    }
                }
            }
            h.join().unwrap_or_else(Err)
        })
    });
    if let Some(e) = raised {
        return Err(e);
    }
    r.map_err(|p| internal(py, &p))
}

/// `ptxfp.InternalError` for a caught panic.
fn internal(py: Python<'_>, p: &Box<dyn std::any::Any + Send>) -> PyErr {
    let what = p
        .downcast_ref::<&str>()
        .map(|s| s.to_string())
        .or_else(|| p.downcast_ref::<String>().cloned())
        .unwrap_or_else(|| "unknown panic".into());
    error(
        py,
        "InternalError",
        (format!(
            "internal error in ptxfp (a bug; please report it with the call that caused it): {what}"
        ),),
    )
}

fn parse_target(py: Python<'_>, key: &str, s: Option<&str>) -> PyResult<Option<Target>> {
    s.map(|s| {
        s.parse::<Target>()
            .map_err(|e| error(py, "FormError", (format!("{key}={s:?}: {e}"),)))
    })
    .transpose()
}

fn parse_ptx(py: Python<'_>, s: Option<&str>) -> PyResult<Option<PtxVersion>> {
    s.map(|s| {
        s.parse::<PtxVersion>()
            .map_err(|e| error(py, "FormError", (format!("ptx={s:?}: {e}"),)))
    })
    .transpose()
}

/// The setup of `target=`, `device=`, `ptx=` (the command line's defaults).
fn setup_of(
    py: Python<'_>,
    target: Option<&str>,
    device: Option<&str>,
    ptx: Option<&str>,
) -> PyResult<Setup> {
    let d = Setup::default();
    Ok(Setup {
        target: parse_target(py, "target", target)?.unwrap_or(d.target),
        device: parse_target(py, "device", device)?,
        ptx: parse_ptx(py, ptx)?.unwrap_or(d.ptx),
    })
}

/// A help about the version or target, said for Python's keywords
/// ("use .version 7.8 or later": "use ptx='7.8' or later").
fn help_for_keywords(mut d: Diagnostic) -> Diagnostic {
    if let Some(h) = &d.help {
        let said = |rest: &str| {
            let (v, tail) = rest.split_once(' ').unwrap_or((rest, ""));
            let tail = if tail.is_empty() {
                String::new()
            } else {
                format!(" {tail}")
            };
            (v.to_string(), tail)
        };
        if let Some(rest) = h.strip_prefix("use .version ") {
            let (v, tail) = said(rest);
            d.help = Some(format!("use ptx='{v}'{tail}"));
        } else if let Some(rest) = h.strip_prefix("use .target ") {
            let (v, tail) = said(rest);
            d.help = Some(format!("use target='{v}'{tail}"));
        }
    }
    d
}

/// One finding of `Instruction::check`, worded for Python: the text (as
/// the command line renders it, with the setup as keywords), the message
/// and the help.
fn finding_text(f: &Finding, text: &str, setup: &Setup) -> (String, String, Option<String>) {
    match f {
        Finding::Text(d) => {
            let d = help_for_keywords(d.clone());
            (
                d.render("<form>", text).trim_end().to_string(),
                d.message.clone(),
                d.help.clone(),
            )
        }
        Finding::Device { needs, .. } => {
            let help = format!("use device='{needs}' or higher");
            let d = Diagnostic::error(0..text.len(), f.message(text)).with_help(help.clone());
            (
                d.render("<form>", text).trim_end().to_string(),
                f.message(text),
                Some(help),
            )
        }
        Finding::Header(d) => {
            let d = help_for_keywords(d.clone());
            let message = format!(
                "target='{}' ptx='{}': {}",
                setup.target, setup.ptx, d.message
            );
            let shown = match &d.help {
                Some(h) => format!("{message}\n  help: {h}"),
                None => message.clone(),
            };
            (shown, message, d.help.clone())
        }
        Finding::Unloadable {
            target,
            device,
            why,
        } => {
            let message = format!("target='{target}' device='{device}': {why}");
            let help = "give a device that can load the target's code (without device=, the device is the target)".to_string();
            (format!("{message}\n  help: {help}"), message, Some(help))
        }
    }
}

/// Register width in bits of a type (pred: 1, stored as a byte).
fn width(t: PtxType) -> u32 {
    t.bits()
}

fn mask(t: PtxType) -> u64 {
    match width(t) {
        64 => u64::MAX,
        w => (1u64 << w) - 1,
    }
}

/// The numpy scalar classes of a register: bits, and typed where there is one.
type Classes = (Py<PyType>, Option<Py<PyType>>);

/// The scalar fast path of an instruction whose operands and destination
/// are float registers: for each operand, the numpy scalar classes it
/// takes (bits, typed), and the destination's dtypes.
struct Fast {
    types: Vec<Classes>,
    /// Per operand: its typed class is a user dtype (ml_dtypes.bfloat16),
    /// for which numpy's `PyArray_ScalarAsCtype` gives a pointer to the
    /// value rather than the value.
    by_pointer: Vec<bool>,
    out_bits: Py<PyArrayDescr>,
    out_typed: Option<Py<PyArrayDescr>>,
}

/// The numpy scalar classes of a float register type: bits, typed.
fn scalar_types(py: Python<'_>, t: PtxType) -> PyResult<Option<Classes>> {
    let np = py.import("numpy")?;
    let ty = |m: &Bound<'_, PyModule>, n: &str| -> PyResult<Py<PyType>> {
        Ok(m.getattr(n)?.downcast_into::<PyType>()?.unbind())
    };
    Ok(Some(match t {
        PtxType::F16 => (ty(&np, "uint16")?, Some(ty(&np, "float16")?)),
        PtxType::BF16 => (
            ty(&np, "uint16")?,
            Some(ty(&py.import("ml_dtypes")?, "bfloat16")?),
        ),
        PtxType::F16x2 | PtxType::BF16x2 => (ty(&np, "uint32")?, None),
        PtxType::F32x2 => (ty(&np, "uint64")?, None),
        PtxType::F32 => (ty(&np, "uint32")?, Some(ty(&np, "float32")?)),
        PtxType::F64 => (ty(&np, "uint64")?, Some(ty(&np, "float64")?)),
        _ => return Ok(None),
    }))
}

impl Fast {
    fn of(py: Python<'_>, ins: &Instruction) -> PyResult<Option<Fast>> {
        if ins.dsts.len() != 1 || ins.srcs.is_empty() || ins.srcs.len() > 3 {
            return Ok(None);
        }
        let mut types = Vec::new();
        let by_pointer = ins.srcs.iter().map(|t| *t == PtxType::BF16).collect();
        for t in &ins.srcs {
            match scalar_types(py, *t)? {
                Some(p) => types.push(p),
                None => return Ok(None),
            }
        }
        let Some((bits, typed)) = scalar_types(py, ins.dsts[0])? else {
            return Ok(None);
        };
        let descr = |t: &Py<PyType>| PyArrayDescr::new(py, t.bind(py)).map(Bound::unbind);
        Ok(Some(Fast {
            types,
            by_pointer,
            out_bits: descr(&bits)?,
            out_typed: typed.as_ref().map(descr).transpose()?,
        }))
    }
}

/// One instruction, parsed and checked against its setup once.
#[pyclass(frozen, subclass, module = "ptxfp._ptxfp")]
struct Instr {
    ins: Instruction,
    setup: Setup,
    exec: Exec,
    plan: Option<Plan>,
    masks: [u64; 3],
    fast: Option<Fast>,
    /// The warnings of the check (text as rendered).
    #[pyo3(get, name = "_warnings")]
    warnings: Vec<String>,
}

#[pymethods]
impl Instr {
    /// Parses `form` and checks it against the setup; a `FormError` with
    /// the command line's message(s) where it is not legal.
    #[new]
    #[pyo3(signature = (form, target=None, device=None, ptx=None))]
    fn new(
        py: Python<'_>,
        form: &Bound<'_, PyAny>,
        target: Option<&Bound<'_, PyAny>>,
        device: Option<&Bound<'_, PyAny>>,
        ptx: Option<&Bound<'_, PyAny>>,
    ) -> PyResult<Instr> {
        let text: &str = &text_arg(py, "form", "a string such as 'fma.rn.f16'", form)?;
        let key = |name: &str, v: Option<&Bound<'_, PyAny>>| -> PyResult<Option<String>> {
            v.filter(|v| !v.is_none())
                .map(|v| text_arg(py, name, "a string such as 'sm_90' or '8.6'", v))
                .transpose()
        };
        let (target, device, ptx) = (
            key("target", target)?,
            key("device", device)?,
            key("ptx", ptx)?,
        );
        let (target, device, ptx) = (target.as_deref(), device.as_deref(), ptx.as_deref());
        guarded(py, || {
            let setup = setup_of(py, target, device, ptx)?;
            let ins = Instruction::parse(text).map_err(|d| {
                let shown = d.render("<form>", text.trim()).trim_end().to_string();
                error(py, "FormError", (shown, d.message.clone(), d.help.clone()))
            })?;
            let mut errors = Vec::new();
            let mut warnings = Vec::new();
            for f in ins.check(&setup) {
                let (shown, message, help) = finding_text(&f, &ins.text, &setup);
                if f.is_error() {
                    errors.push((shown, message, help));
                } else {
                    warnings.push(shown);
                }
            }
            if let Some((_, message, help)) = errors.first().cloned() {
                let shown: Vec<String> = errors.into_iter().map(|e| e.0).collect();
                return Err(error(py, "FormError", (shown.join("\n"), message, help)));
            }
            let exec = setup.exec();
            let plan = ins.plan(&exec);
            let mut masks = [0u64; 3];
            for (m, t) in masks.iter_mut().zip(&ins.srcs) {
                *m = mask(*t);
            }
            let fast = Fast::of(py, &ins)?;
            Ok(Instr {
                ins,
                setup,
                exec,
                plan,
                masks,
                fast,
                warnings,
            })
        })
    }

    /// Evaluates on numpy scalars of the operands' own classes (all
    /// typed or all bits) without leaving Rust; anything else goes to the
    /// Python class's `_call`.
    #[pyo3(signature = (*args, **kwargs))]
    fn __call__(
        slf: &Bound<'_, Self>,
        args: &Bound<'_, PyTuple>,
        kwargs: Option<&Bound<'_, PyDict>>,
    ) -> PyResult<PyObject> {
        let py = slf.py();
        let me = slf.get();
        if let (Some(f), true) = (&me.fast, kwargs.is_none_or(|k| k.is_empty())) {
            if let Some(r) = guarded(py, || me.fast_call(py, f, args))? {
                return Ok(r);
            }
        }
        Ok(slf.call_method("_call", args, kwargs)?.unbind())
    }

    /// The instruction's text (canonical for a form of the table).
    #[getter(_text)]
    fn text(&self) -> &str {
        &self.ins.text
    }

    /// The source operands' types (`f16`, `bf16x2`, `s32`, `pred`, ...).
    #[getter(_srcs_)]
    fn srcs(&self) -> Vec<&'static str> {
        self.ins.srcs.iter().map(|t| t.name()).collect()
    }

    /// The destinations' types.
    #[getter(_dsts_)]
    fn dsts(&self) -> Vec<&'static str> {
        self.ins.dsts.iter().map(|t| t.name()).collect()
    }

    /// The operand names (`a`, `b`, `c`; `cc` for a carry-in).
    #[getter(_source_names)]
    fn source_names(&self) -> Vec<String> {
        self.ins.source_names()
    }

    /// `(min_ptx, min_target)`, where known.
    #[getter(_requires)]
    fn requires(&self) -> Option<(String, String)> {
        self.ins
            .requires()
            .map(|(v, t)| (v.to_string(), t.to_string()))
    }

    /// Whether the results are `.approx`.
    #[getter(_approx)]
    fn approx(&self) -> bool {
        self.ins.is_approx()
    }

    /// Whether it is a form of the floating-point table (batch columns).
    #[getter(_is_form)]
    fn is_form(&self) -> bool {
        self.ins.form().is_some()
    }

    /// `(target, device, ptx)` as evaluated.
    #[getter(_setup)]
    fn setup(&self) -> (String, String, String) {
        (
            self.setup.target.to_string(),
            self.exec.device.to_string(),
            self.setup.ptx.to_string(),
        )
    }

    /// `(target, device or None, ptx)` as given (after parsing): what
    /// `Form.__reduce__` makes the same setup from.
    #[getter(_given)]
    fn given(&self) -> (String, Option<String>, String) {
        (
            self.setup.target.to_string(),
            self.setup.device.map(|d| d.to_string()),
            self.setup.ptx.to_string(),
        )
    }

    /// The destinations' bits from the sources' (Python ints, each
    /// masked to its width).
    #[pyo3(name = "_eval")]
    fn eval(&self, py: Python<'_>, srcs: Vec<u64>) -> PyResult<Vec<u64>> {
        if srcs.len() != self.ins.srcs.len() {
            return Err(error(
                py,
                "ArityError",
                (format!(
                    "{} takes {} source operands, got {}",
                    self.ins.text,
                    self.ins.srcs.len(),
                    srcs.len()
                ),),
            ));
        }
        guarded(py, || {
            let srcs: Vec<u64> = srcs
                .iter()
                .zip(&self.ins.srcs)
                .map(|(x, t)| x & mask(*t))
                .collect();
            operand_values(py, &self.ins, &srcs.iter().map(std::slice::from_ref).collect::<Vec<_>>())?;
            if let (Some(p), 1..=3) = (&self.plan, srcs.len()) {
                let mut ops = [0u64; 3];
                ops[..srcs.len()].copy_from_slice(&srcs);
                return Ok(vec![p.one().eval(ops)]);
            }
            Ok(self.ins.eval(&srcs, &self.exec).0)
        })
    }

    /// One destination from up to three sources: the scalar fast path.
    #[pyo3(signature = (a=0, b=0, c=0))]
    #[pyo3(name = "_eval1")]
    fn eval1(&self, py: Python<'_>, a: u64, b: u64, c: u64) -> PyResult<u64> {
        guarded(py, || {
            let ops = [a & self.masks[0], b & self.masks[1], c & self.masks[2]];
            if let Some(p) = &self.plan {
                return Ok(p.one().eval(ops));
            }
            let n = self.ins.srcs.len().min(3);
            Ok(self.ins.eval(&ops[..n], &self.exec).0[0])
        })
    }

    /// A form of the table over 1-D contiguous register columns (uint16,
    /// uint32 or uint64 by operand) into `out`, with the GIL released.
    #[pyo3(name = "_eval_columns")]
    fn eval_columns(
        &self,
        py: Python<'_>,
        srcs: Vec<Bound<'_, PyAny>>,
        out: Bound<'_, PyAny>,
    ) -> PyResult<()> {
        guarded(py, || {
            let mut ro16 = Vec::new();
            let mut ro32 = Vec::new();
            let mut ro64 = Vec::new();
            // Which borrow each operand is: (width, index).
            let mut which = Vec::new();
            for s in &srcs {
                if let Ok(a) = s.downcast::<PyArray1<u16>>() {
                    which.push((16, ro16.len()));
                    ro16.push(a.try_readonly().map_err(|e| bad(py, e))?);
                } else if let Ok(a) = s.downcast::<PyArray1<u32>>() {
                    which.push((32, ro32.len()));
                    ro32.push(a.try_readonly().map_err(|e| bad(py, e))?);
                } else if let Ok(a) = s.downcast::<PyArray1<u64>>() {
                    which.push((64, ro64.len()));
                    ro64.push(a.try_readonly().map_err(|e| bad(py, e))?);
                } else {
                    return Err(error(
                        py,
                        "InternalError",
                        ("eval_columns: a source is no 1-D uint16/32/64 array",),
                    ));
                }
            }
            let slice_err = |_| {
                error(
                    py,
                    "InternalError",
                    ("eval_columns: an array is not contiguous",),
                )
            };
            let mut slices = Vec::new();
            for (w, i) in &which {
                slices.push(match w {
                    16 => Slice::B16(ro16[*i].as_slice().map_err(slice_err)?),
                    32 => Slice::B32(ro32[*i].as_slice().map_err(slice_err)?),
                    _ => Slice::B64(ro64[*i].as_slice().map_err(slice_err)?),
                });
            }
            let run = |o: SliceMut| -> PyResult<()> {
                let r = py.allow_threads(|| {
                    catch_unwind(AssertUnwindSafe(|| {
                        self.ins.eval_columns(&self.exec, &slices, o)
                    }))
                });
                match r {
                    Ok(Ok(())) => Ok(()),
                    Ok(Err(e)) => Err(error(py, "ShapeError", (e.to_string(),))),
                    Err(p) => Err(internal(py, &p)),
                }
            };
            if let Ok(a) = out.downcast::<PyArray1<u16>>() {
                let mut w = a.try_readwrite().map_err(|e| bad(py, e))?;
                run(SliceMut::B16(w.as_slice_mut().map_err(slice_err)?))
            } else if let Ok(a) = out.downcast::<PyArray1<u32>>() {
                let mut w = a.try_readwrite().map_err(|e| bad(py, e))?;
                run(SliceMut::B32(w.as_slice_mut().map_err(slice_err)?))
            } else if let Ok(a) = out.downcast::<PyArray1<u64>>() {
                let mut w = a.try_readwrite().map_err(|e| bad(py, e))?;
                run(SliceMut::B64(w.as_slice_mut().map_err(slice_err)?))
            } else {
                Err(error(
                    py,
                    "InternalError",
                    ("eval_columns: out is no 1-D uint16/32/64 array",),
                ))
            }
        })
    }

    /// Any instruction over 1-D contiguous uint64 columns (each source
    /// masked to its width), one output column per destination, with the
    /// GIL released.
    #[pyo3(name = "_eval_u64")]
    fn eval_u64(
        &self,
        py: Python<'_>,
        srcs: Vec<PyReadonlyArray1<'_, u64>>,
        outs: Vec<Bound<'_, PyArray1<u64>>>,
    ) -> PyResult<()> {
        guarded(py, || {
            let cols: Vec<&[u64]> = srcs
                .iter()
                .map(|s| s.as_slice())
                .collect::<Result<_, _>>()
                .map_err(|_| error(py, "InternalError", ("eval_u64: not contiguous",)))?;
            let mut ws = Vec::new();
            for o in &outs {
                ws.push(o.try_readwrite().map_err(|e| bad(py, e))?);
            }
            let mut outs: Vec<&mut [u64]> = ws
                .iter_mut()
                .map(|w| w.as_slice_mut())
                .collect::<Result<_, _>>()
                .map_err(|_| error(py, "InternalError", ("eval_u64: not contiguous",)))?;
            let n = outs.first().map_or(0, |o| o.len());
            if cols.len() != self.ins.srcs.len()
                || outs.len() != self.ins.dsts.len()
                || cols.iter().any(|c| c.len() != n)
                || outs.iter().any(|o| o.len() != n)
            {
                return Err(error(
                    py,
                    "InternalError",
                    ("eval_u64: operand count or length",),
                ));
            }
            let ins = &self.ins;
            let exec = &self.exec;
            operand_values(py, ins, &cols)?;
            let r = py.allow_threads(|| {
                catch_unwind(AssertUnwindSafe(|| {
                    if outs.len() == 1 && ins.eval_u64_columns(exec, &cols, outs[0]) {
                        return;
                    }
                    // Several destinations or a carry: one at a time.
                    let mut srcs = vec![0u64; cols.len()];
                    for i in 0..n {
                        for (s, c) in srcs.iter_mut().zip(&cols) {
                            *s = c[i];
                        }
                        for (s, t) in srcs.iter_mut().zip(&ins.srcs) {
                            *s &= mask(*t);
                        }
                        let (d, _) = ins.eval(&srcs, exec);
                        for (o, v) in outs.iter_mut().zip(d) {
                            o[i] = v;
                        }
                    }
                }))
            });
            r.map_err(|p| internal(py, &p))
        })
    }

    /// `count` edge-weighted vectors from `seed` (`ptxfp gen`): the
    /// sources' columns and the destinations' columns, as uint64.
    #[pyo3(name = "_gen")]
    fn gen<'py>(
        &self,
        py: Python<'py>,
        count: usize,
        seed: u64,
    ) -> PyResult<(Columns<'py>, Columns<'py>)> {
        guarded(py, || {
            let mut srcs = vec![Vec::with_capacity(count); self.ins.srcs.len()];
            let mut dsts = vec![Vec::with_capacity(count); self.ins.dsts.len()];
            let mut push = |s: Vec<u64>, d: Vec<u64>| {
                for (col, x) in srcs.iter_mut().zip(s) {
                    col.push(x);
                }
                for (col, x) in dsts.iter_mut().zip(d) {
                    col.push(x);
                }
            };
            match self.ins.form() {
                Some(f) => {
                    for v in ptxfp::gen::vectors(&f, seed, &self.exec).take(count) {
                        push(v.srcs, vec![v.expected]);
                    }
                }
                None => {
                    for v in ptxfp::gen::op_vectors(&self.ins.op, seed, &self.exec).take(count) {
                        push(v.srcs, v.dsts);
                    }
                }
            }
            Ok((
                srcs.into_iter()
                    .map(|c| PyArray1::from_vec(py, c))
                    .collect(),
                dsts.into_iter()
                    .map(|c| PyArray1::from_vec(py, c))
                    .collect(),
            ))
        })
    }

    /// A sweep (`ptxfp sweep`): exhaustive, or `random` results from
    /// `seed`; `(results, digest, chunk digests, seconds, threads, path)`.
    #[pyo3(signature = (exhaustive, random, seed, threads=None))]
    #[pyo3(name = "_sweep")]
    fn sweep(
        &self,
        py: Python<'_>,
        exhaustive: bool,
        random: Option<u64>,
        seed: u64,
        threads: Option<usize>,
    ) -> PyResult<SweepRow> {
        guarded(py, || {
            let (form, ops) = self.sweep_of(py, exhaustive, random, seed)?;
            let pool = rayon::ThreadPoolBuilder::new()
                .num_threads(threads.unwrap_or(0))
                .build()
                .map_err(|e| {
                    error(
                        py,
                        "PtxfpError",
                        (format!("cannot start worker threads: {e}"),),
                    )
                })?;
            let path = ptxfp::batch::Path::detect();
            let exec = self.exec;
            let t = std::time::Instant::now();
            let r = interruptible(py, |stop| {
                let go_on = |_| !stop.load(std::sync::atomic::Ordering::Relaxed);
                pool.install(|| ptxfp::sweep::run_form(&form, &exec, path, ops, &go_on))
            })?;
            let secs = t.elapsed().as_secs_f64();
            let res = r.map_err(|e| error(py, "FormError", (e.to_string(),)))?;
            let served = Plan::of(&form, &exec).map(|p| p.served_by(path).to_string());
            Ok((
                res.results,
                res.digest,
                res.chunks,
                secs,
                pool.current_num_threads(),
                served,
            ))
        })
    }
    /// Shard `shard` of `shards` of a sweep (`ptxfp sweep ... --shard K/N
    /// --out DIR`): computed on `threads` threads with the GIL released,
    /// its record written into `out` atomically. `(record as JSON, file)`.
    #[pyo3(signature = (shard, shards, out, exhaustive, random, seed, threads=None))]
    #[pyo3(name = "_sweep_shard")]
    #[allow(clippy::too_many_arguments)]
    fn sweep_shard(
        &self,
        py: Python<'_>,
        shard: u64,
        shards: u64,
        out: std::path::PathBuf,
        exhaustive: bool,
        random: Option<u64>,
        seed: u64,
        threads: Option<usize>,
    ) -> PyResult<(String, String)> {
        use ptxfp::sweep::shard::{self as sh, ShardError};
        guarded(py, || {
            let spec = self.shard_spec(py, shard, shards, exhaustive, random, seed)?;
            let pool = rayon::ThreadPoolBuilder::new()
                .num_threads(threads.unwrap_or(0))
                .build()
                .map_err(|e| {
                    error(
                        py,
                        "PtxfpError",
                        (format!("cannot start worker threads: {e}"),),
                    )
                })?;
            let path = ptxfp::batch::Path::detect();
            let r = interruptible(py, |stop| {
                let go_on = |_| !stop.load(std::sync::atomic::Ordering::Relaxed);
                pool.install(|| sh::run_shard(&spec, path, &out, &go_on))
            })?;
            let record = match r {
                Ok(rec) => rec,
                Err(ShardError::Sweep(e)) => return Err(error(py, "FormError", (e.to_string(),))),
                Err(ShardError::Shard(e)) => {
                    return Err(pyo3::exceptions::PyValueError::new_err(e))
                }
                Err(e) => return Err(error(py, "PtxfpError", (e.to_string(),))),
            };
            let file = out.join(record.file_name());
            let json = serde_json::to_string(&record)
                .map_err(|e| error(py, "InternalError", (e.to_string(),)))?;
            Ok((json, file.display().to_string()))
        })
    }

    /// The shards `K` of `shards` whose records in `out` are there and
    /// valid for this sweep: the form, setup, ptxfp version, hardware
    /// profile, operands and `K/N` this sweep's record would have, one
    /// digest per chunk, and a partial digest that is their fold. A
    /// missing, torn, corrupt or foreign record is not listed.
    #[pyo3(signature = (shards, out, exhaustive, random, seed))]
    #[pyo3(name = "_sweep_present")]
    fn sweep_present(
        &self,
        py: Python<'_>,
        shards: u64,
        out: std::path::PathBuf,
        exhaustive: bool,
        random: Option<u64>,
        seed: u64,
    ) -> PyResult<Vec<u64>> {
        use ptxfp::sweep::shard as sh;
        guarded(py, || {
            let mut present = Vec::new();
            for k in 0..shards {
                let spec = self.shard_spec(py, k, shards, exhaustive, random, seed)?;
                let total = ptxfp::sweep::chunks_of(
                    ptxfp::sweep::form_results(&spec.form, spec.operands)
                        .map_err(|e| error(py, "FormError", (e.to_string(),)))?,
                );
                let range = sh::shard_chunks(total, k, shards);
                let zeros = vec![0u64; (range.end - range.start) as usize];
                // What this shard's record holds but its digests and times.
                let want = sh::record_of(&spec, &zeros, "cpu", "", 0.0)
                    .map_err(|e| pyo3::exceptions::PyValueError::new_err(e.to_string()))?;
                let Ok(r) = sh::read_record(&out.join(want.file_name())) else {
                    continue;
                };
                let ok = r.form == want.form
                    && r.setup == want.setup
                    && r.ptxfp_version == want.ptxfp_version
                    && r.profile_hash == want.profile_hash
                    && r.operands == want.operands
                    && r.shard == want.shard
                    && r.chunks == want.chunks
                    && r.results == want.results
                    && r.digests().is_some_and(|d| {
                        d.len() == zeros.len()
                            && sh::parse_hex64(&r.partial_digest) == Some(ptxfp::sweep::combine(&d))
                    });
                if ok {
                    present.push(k);
                }
            }
            Ok(present)
        })
    }
}

impl Instr {
    /// The form a sweep of this instruction runs, and its operands
    /// (`exhaustive`, or `random` results from `seed`); a `FormError` for
    /// an instruction outside the floating-point table.
    fn sweep_of(
        &self,
        py: Python<'_>,
        exhaustive: bool,
        random: Option<u64>,
        seed: u64,
    ) -> PyResult<(ptxfp::Form, ptxfp::sweep::Operands)> {
        use ptxfp::sweep::Operands;
        let Some(form) = self.ins.form() else {
            return Err(error(
                py,
                "FormError",
                (format!(
                    "{}: sweep takes a form of the floating-point table (`ptxfp.forms()`)",
                    self.ins.text
                ),),
            ));
        };
        let ops = if exhaustive {
            Operands::Exhaustive
        } else {
            Operands::Random {
                n: random.unwrap_or(0),
                seed,
            }
        };
        Ok((form, ops))
    }

    /// The [`ShardSpec`] of shard `k` of `n` of this form's sweep; a
    /// `FormError` for a form with no such sweep, a `ValueError` for a
    /// `K/N` that names no shard of it.
    fn shard_spec(
        &self,
        py: Python<'_>,
        k: u64,
        n: u64,
        exhaustive: bool,
        random: Option<u64>,
        seed: u64,
    ) -> PyResult<ptxfp::sweep::shard::ShardSpec> {
        let (form, operands) = self.sweep_of(py, exhaustive, random, seed)?;
        let results = ptxfp::sweep::form_results(&form, operands)
            .map_err(|e| error(py, "FormError", (e.to_string(),)))?;
        ptxfp::sweep::shard::check_shard(k, n, ptxfp::sweep::chunks_of(results)).map_err(|e| {
            pyo3::exceptions::PyValueError::new_err(e.replace("--shard ", "shard "))
        })?;
        Ok(ptxfp::sweep::shard::ShardSpec {
            form,
            exec: self.exec,
            ptx: self.setup.ptx,
            operands,
            shard: k,
            shards: n,
        })
    }
}

impl Instr {
    /// [`Instr::__call__`]'s fast path: `None` where it does not apply.
    fn fast_call(
        &self,
        py: Python<'_>,
        f: &Fast,
        args: &Bound<'_, PyTuple>,
    ) -> PyResult<Option<PyObject>> {
        if args.len() != f.types.len() {
            return Ok(None);
        }
        let mut typed = None;
        let mut ops = [0u64; 3];
        for (k, (bits, tt)) in f.types.iter().enumerate() {
            let a = args.get_borrowed_item(k)?;
            if a.is_exact_instance_of::<pyo3::types::PyFloat>() {
                // A value, rounded once into the operand's type; one that
                // draws a warning (overflow, underflow) takes the Python
                // path, which warns.
                if tt.is_none() || typed == Some(false) {
                    return Ok(None);
                }
                let x: f64 = a.extract()?;
                match ptxfp::literal::Literal::operand(&exact_text(x), self.ins.srcs[k]) {
                    Ok(l) if l.warnings.is_empty() => ops[k] = l.bits,
                    _ => return Ok(None),
                }
                typed = Some(true);
                continue;
            }
            let t = a.get_type();
            let is_typed = if t.is(bits) {
                false
            } else if tt.as_ref().is_some_and(|tt| t.is(tt)) {
                true
            } else {
                return Ok(None);
            };
            if typed.is_some_and(|x| x != is_typed) {
                return Ok(None);
            }
            typed = Some(is_typed);
            let mut buf = [0u8; 8];
            // SAFETY: `a` is a numpy scalar of a class checked above (a
            // 2-, 4- or 8-byte register), copied into 8 bytes.
            unsafe {
                PY_ARRAY_API.PyArray_ScalarAsCtype(py, a.as_ptr(), buf.as_mut_ptr().cast());
            }
            let word = u64::from_le_bytes(buf);
            ops[k] = if is_typed && f.by_pointer[k] {
                // SAFETY: numpy wrote a pointer to the scalar's 2-byte
                // value inside `a`, which is alive (borrowed from args).
                u64::from(unsafe { std::ptr::read_unaligned(word as usize as *const u16) })
            } else {
                word & self.masks[k]
            };
        }
        let descr = if typed == Some(true) {
            match &f.out_typed {
                Some(d) => d,
                None => return Ok(None),
            }
        } else {
            &f.out_bits
        };
        let r = match &self.plan {
            Some(p) => p.one().eval(ops),
            None => self.ins.eval(&ops[..f.types.len()], &self.exec).0[0],
        };
        let mut bytes = r.to_le_bytes();
        // SAFETY: `descr` is a 2-, 4- or 8-byte dtype; the data is copied.
        let obj = unsafe {
            PY_ARRAY_API.PyArray_Scalar(
                py,
                bytes.as_mut_ptr().cast(),
                descr.as_ptr().cast(),
                std::ptr::null_mut(),
            )
        };
        // SAFETY: a new reference, or null with the error set.
        Ok(Some(
            unsafe { Bound::from_owned_ptr_or_err(py, obj) }?.unbind(),
        ))
    }
}

fn bad(py: Python<'_>, e: impl std::fmt::Display) -> PyErr {
    error(py, "PtxfpError", (format!("array: {e}"),))
}

/// The bits of `value` (a double) rounded once into `ty`, to nearest
/// even, as the command line reads a literal; with its warnings.
#[pyfunction]
fn round_float(py: Python<'_>, value: f64, ty: &str) -> PyResult<(u64, Vec<String>)> {
    read_operand(py, ty, |t| {
        let one = exact_text(value);
        match t {
            PtxType::F16x2 | PtxType::BF16x2 | PtxType::F32x2 => format!("{one},{one}"),
            _ => one,
        }
    })
}

/// The bits of an operand written as the command line writes it (`eval`'s
/// grammar: `0x3c00` bits, `1.5` rounded once exactly, `nan:0x1`,
/// `0f3F800000`, `1,2` for x2 types, integers for integer types); with
/// its warnings.
#[pyfunction]
fn parse_operand(py: Python<'_>, text: &str, ty: &str) -> PyResult<(u64, Vec<String>)> {
    read_operand(py, ty, |_| text.to_string())
}

/// `text` (made for the type `ty` names) read as `ptxfp eval` reads an
/// operand of that type: its bits and its warnings, or a DtypeError.
fn read_operand(
    py: Python<'_>,
    ty: &str,
    text: impl FnOnce(PtxType) -> String,
) -> PyResult<(u64, Vec<String>)> {
    guarded(py, || {
        let t = PtxType::parse(ty)
            .ok_or_else(|| error(py, "DtypeError", (format!("`{ty}` is not a type"),)))?;
        ptxfp::literal::Literal::operand(&text(t), t)
            .map(|l| (l.bits, l.warnings.iter().map(|w| w.to_string()).collect()))
            .map_err(|e| error(py, "DtypeError", (e,)))
    })
}

/// A double as an exact hex float (`0x1.8p+0`), or `inf`, `-inf`, `nan`.
fn exact_text(x: f64) -> String {
    if x.is_nan() {
        return "nan".into();
    }
    let sign = if x.is_sign_negative() { "-" } else { "" };
    if x.is_infinite() {
        return format!("{sign}inf");
    }
    let b = x.to_bits();
    let exp = ((b >> 52) & 0x7ff) as i64;
    let frac = b & ((1u64 << 52) - 1);
    if exp == 0 {
        format!("{sign}0x0.{frac:013x}p-1022")
    } else {
        format!("{sign}0x1.{frac:013x}p{:+}", exp - 1023)
    }
}

/// `ptxfp forms`: `(form, min_ptx, min_target, note)` of a family, only
/// those legal for `target`/`ptx` where one is given.
#[pyfunction]
#[pyo3(signature = (family="float", target=None, ptx=None))]
fn forms(
    py: Python<'_>,
    family: &str,
    target: Option<&str>,
    ptx: Option<&str>,
) -> PyResult<Vec<FormRow>> {
    guarded(py, || {
        let fam = family
            .parse::<ptxfp::forms::Family>()
            .map_err(|e| error(py, "FormError", (format!("family={family:?}: {e}"),)))?;
        let target = parse_target(py, "target", target)?;
        let ptx = parse_ptx(py, ptx)?;
        Ok(ptxfp::forms::list(fam, target, ptx)
            .into_iter()
            .map(|l| {
                (
                    l.text,
                    l.min_ptx.to_string(),
                    l.min_target.to_string(),
                    l.note,
                )
            })
            .collect())
    })
}

type DiagRow = (usize, usize, String, String, Option<String>, String);
/// Columns of uint64, one per operand.
type Columns<'py> = Vec<Bound<'py, PyArray1<u64>>>;
/// A sweep's `(results, digest, chunks, seconds, threads, path)`.
type SweepRow = (u64, u64, Vec<u64>, f64, usize, Option<String>);
/// `(form, min_ptx, min_target, note)`.
type FormRow = (String, String, String, Option<&'static str>);
/// `(%ctaid, %tid)`.
type Xyz = (u32, u32, u32);

fn diag_rows(src: &str, diags: &[Diagnostic], file: &str) -> Vec<DiagRow> {
    let map = ptxfp::SourceMap::new(src);
    diags
        .iter()
        .map(|d| {
            let (l, c) = map.line_col(d.span.start);
            (
                l,
                c,
                d.severity.to_string(),
                d.message.clone(),
                d.help.clone(),
                d.render_in(file, &map).trim_end().to_string(),
            )
        })
        .collect()
}

/// `ptxfp check` of one module's text: its diagnostics (line, column,
/// severity, message, help, rendered) and a summary dict.
#[pyfunction]
#[pyo3(signature = (text, target=None, ptx=None, file="<ptx>"))]
fn check<'py>(
    py: Python<'py>,
    text: &str,
    target: Option<&str>,
    ptx: Option<&str>,
    file: &str,
) -> PyResult<(Vec<DiagRow>, Bound<'py, PyDict>)> {
    guarded(py, || {
        use ptxfp::check::{CheckOptions, Origin};
        let opts = CheckOptions {
            target: parse_target(py, "target", target)?,
            version: parse_ptx(py, ptx)?,
            target_implied: false,
        };
        let r =
            py.allow_threads(|| catch_unwind(AssertUnwindSafe(|| ptxfp::check::check(text, opts))));
        let r = r.map_err(|p| internal(py, &p))?;
        let origin = |o: Origin| match o {
            Origin::Flag => "argument",
            Origin::Directive => "directive",
            Origin::Default => "default",
        };
        let summary = PyDict::new(py);
        summary.set_item("checked", r.checked)?;
        summary.set_item("skipped", r.skipped.clone())?;
        summary.set_item("ptx", r.version.0.to_string())?;
        summary.set_item("ptx_from", origin(r.version.1))?;
        summary.set_item("target", r.target.0.to_string())?;
        summary.set_item("target_from", origin(r.target.1))?;
        summary.set_item(
            "truncated",
            r.truncated
                .map(|at| ptxfp::SourceMap::new(text).line_col(at)),
        )?;
        Ok((diag_rows(text, &r.diagnostics, file), summary))
    })
}

/// `ptxfp run` of a module's text. `sets` and `mems` as `--set` and
/// `--mem` take them; the options as the command line's. A dict:
/// registers, memory, warnings, entry, target, device, ptx,
/// contractions, trace.
#[pyfunction]
#[pyo3(signature = (text, sets, mems, entry=None, target=None, device=None, ptx=None,
    lenient=false, trace=false, contract=false, grid=None, block=None,
    dynamic_shared=0, thread=None, check_memory=false, max_steps=None, file="<ptx>", cluster=None,
    tensor_maps=Vec::new(), max_memory=None, cooperative=false, surfaces=Vec::new(),
    textures=Vec::new(), heap_size=None))]
#[allow(clippy::too_many_arguments)]
fn run<'py>(
    py: Python<'py>,
    text: &str,
    sets: Vec<(String, String)>,
    mems: Vec<(String, Vec<u8>)>,
    entry: Option<String>,
    target: Option<&str>,
    device: Option<&str>,
    ptx: Option<&str>,
    lenient: bool,
    trace: bool,
    contract: bool,
    grid: Option<Xyz>,
    block: Option<Xyz>,
    dynamic_shared: u64,
    thread: Option<(Xyz, Xyz)>,
    check_memory: bool,
    max_steps: Option<u64>,
    file: &str,
    cluster: Option<Xyz>,
    tensor_maps: Vec<String>,
    max_memory: Option<u64>,
    cooperative: bool,
    surfaces: Vec<String>,
    textures: Vec<String>,
    heap_size: Option<u64>,
) -> PyResult<Bound<'py, PyDict>> {
    use ptxfp::interp::{self, Inputs, Options, RunError};
    use std::sync::{Arc, Mutex};
    guarded(py, || {
        let arr = |t: Xyz| [t.0, t.1, t.2];
        // Ctrl-C: the run asks every POLL_STEPS thread-instructions
        // whether a signal is pending; what its handler raised (a
        // KeyboardInterrupt) stops the run and is raised here.
        let raised: Arc<Mutex<Option<PyErr>>> = Arc::default();
        let interrupt = {
            let raised = Arc::clone(&raised);
            interp::Interrupt(Arc::new(move || {
                Python::with_gil(|py| match py.check_signals() {
                    Ok(()) => false,
                    Err(e) => {
                        if let Ok(mut r) = raised.lock() {
                            *r = Some(e);
                        }
                        true
                    }
                })
            }))
        };
        let opts = Options {
            device: parse_target(py, "device", device)?,
            target: parse_target(py, "target", target)?,
            version: parse_ptx(py, ptx)?,
            lenient,
            trace,
            contract,
            entry,
            launch: interp::Launch {
                grid: grid.map_or([1, 1, 1], arr),
                block: block.map_or([1, 1, 1], arr),
                dynamic_shared,
                cluster: cluster.map(arr),
                cooperative,
            },
            block_from_entry: block.is_none(),
            grid_from_entry: grid.is_none(),
            max_steps: Some(max_steps.unwrap_or(interp::DEFAULT_MAX_STEPS)),
            thread: thread.map(|(c, t)| (arr(c), arr(t))),
            check_memory,
            heap_size,
            max_memory,
            interrupt: Some(interrupt),
        };
        let inputs = Inputs {
            sets,
            mems,
            mem_files: Vec::new(),
            surfaces,
            textures,
            tensor_maps,
        };
        // The error boxed: RunError is large (clippy::result_large_err).
        let r = py.allow_threads(|| {
            catch_unwind(AssertUnwindSafe(|| {
                interp::run(text, &inputs, &opts).map_err(Box::new)
            }))
        });
        let r = r.map_err(|p| internal(py, &p))?;
        if let Some(e) = raised.lock().ok().and_then(|mut r| r.take()) {
            return Err(e);
        }
        let map = ptxfp::SourceMap::new(text);
        let loc = |span: &std::ops::Range<usize>| map.line_col(span.start);
        let fail = |errors: Vec<Diagnostic>, warnings: Vec<Diagnostic>| {
            let rows = diag_rows(text, &errors, file);
            let shown: Vec<String> = rows.iter().map(|r| r.5.clone()).collect();
            error(
                py,
                "RunError",
                (
                    in_python(shown.join("\n")),
                    rows,
                    diag_rows(text, &warnings, file),
                ),
            )
        };
        let out = match r.map_err(|e| *e) {
            Ok(o) => o,
            Err(
                RunError::Program(d)
                | RunError::Unloadable {
                    error: d,
                    at_target: true,
                },
            ) => return Err(fail(vec![d], Vec::new())),
            Err(RunError::Diagnostics(ds)) => return Err(fail(ds, Vec::new())),
            // What ran before a run-time error: the memory written and
            // what the kernel printed, on the exception.
            Err(RunError::Runtime { error: e, before }) => {
                let before = *before;
                let rows = diag_rows(text, &[e], file);
                let shown: Vec<String> = rows.iter().map(|r| r.5.clone()).collect();
                let memory = PyList::new(
                    py,
                    before
                        .memory
                        .iter()
                        .map(|(a, b)| (*a, pyo3::types::PyBytes::new(py, b))),
                )?;
                let printf = PyList::empty(py);
                for p in &before.printf {
                    printf.append((p.thread.0.to_vec(), p.thread.1.to_vec(), p.text()))?;
                }
                return Err(error(
                    py,
                    "RunError",
                    (
                        in_python(shown.join("\n")),
                        rows,
                        diag_rows(text, &before.warnings, file),
                        memory,
                        printf,
                    ),
                ));
            }
            Err(e @ (RunError::Input(_) | RunError::Unloadable { .. })) => {
                return Err(error(
                    py,
                    "RunError",
                    (
                        in_python(e.to_string()),
                        Vec::<DiagRow>::new(),
                        Vec::<DiagRow>::new(),
                    ),
                ))
            }
        };
        let regs = PyList::empty(py);
        for r in &out.regs {
            let d = PyDict::new(py);
            d.set_item("name", &r.name)?;
            d.set_item("type", r.declared.name())?;
            d.set_item("shown_as", r.shown_as.name())?;
            d.set_item("bits", r.bits)?;
            d.set_item("text", r.value_text())?;
            d.set_item("written", r.written)?;
            d.set_item("declared_at", r.declared_at.as_ref().map(loc))?;
            regs.append(d)?;
        }
        let memory: Vec<(u64, Vec<u8>)> = out.memory.clone();
        let memory = PyList::new(
            py,
            memory
                .into_iter()
                .map(|(a, b)| (a, pyo3::types::PyBytes::new(py, &b))),
        )?;
        let contractions = PyList::empty(py);
        for c in &out.contractions {
            let d = PyDict::new(py);
            d.set_item("mul", loc(&c.mul))?;
            d.set_item("add", loc(&c.add))?;
            d.set_item("op", c.op.to_string())?;
            d.set_item("fused_form", c.fused_form.to_string())?;
            d.set_item("inputs", c.inputs.to_vec())?;
            d.set_item("type", c.ty.name())?;
            d.set_item("unfused", c.unfused)?;
            d.set_item("fused", c.fused)?;
            contractions.append(d)?;
        }
        let steps = PyList::empty(py);
        for t in &out.trace {
            let d = PyDict::new(py);
            d.set_item("at", loc(&t.span))?;
            d.set_item("text", t.text())?;
            d.set_item("skipped", t.skipped)?;
            steps.append(d)?;
        }
        let d = PyDict::new(py);
        d.set_item("registers", regs)?;
        d.set_item("memory", memory)?;
        d.set_item("warnings", diag_rows(text, &out.warnings, file))?;
        d.set_item("contractions", contractions)?;
        d.set_item("trace", steps)?;
        d.set_item("entry", out.entry.clone())?;
        d.set_item("target", out.code_target.to_string())?;
        d.set_item("device", out.device.to_string())?;
        d.set_item("ptx", out.version.to_string())?;
        // Device printf, one entry per call: (ctaid, tid, text).
        let printf = PyList::empty(py);
        for p in &out.printf {
            printf.append((p.thread.0.to_vec(), p.thread.1.to_vec(), p.text()))?;
        }
        d.set_item("printf", printf)?;
        // Failed assert()s that stopped the run: CUDA's lines.
        let assertions: Vec<String> = out.assertions.iter().map(|a| a.text()).collect();
        d.set_item("assertions", assertions)?;
        Ok(d)
    })
}

/// A run's error text with, where it names `ptxfp run`'s flags, a last
/// line that gives their names in `ptxfp.run` (`interp::options`): "note:
/// in Python (ptxfp.run): --max-steps is max_steps=".
fn in_python(text: String) -> String {
    match ptxfp::interp::options::note(&text, ptxfp::interp::options::Face::Python) {
        Some(n) => format!("{text}\nnote: {n}"),
        None => text,
    }
}

/// Each option of a run: its flag, its `ptxfp.run` keyword and its C name
/// (`interp::options::RUN_OPTIONS`), for the tests that hold the three
/// faces to the table.
#[pyfunction]
fn run_options() -> Vec<(&'static str, &'static str, &'static str)> {
    ptxfp::interp::options::RUN_OPTIONS
        .iter()
        .map(|o| (o.cli, o.python, o.c))
        .collect()
}

/// The values of `bits` of type `ty` as the command line shows them
/// (`literal::decode_as`, shortest), one string per element.
#[pyfunction]
fn show(py: Python<'_>, bits: Vec<u64>, ty: &str) -> PyResult<Vec<String>> {
    guarded(py, || {
        let t = PtxType::parse(ty)
            .ok_or_else(|| error(py, "DtypeError", (format!("`{ty}` is not a type"),)))?;
        Ok(bits
            .iter()
            .map(|b| {
                format!(
                    "{} = {}",
                    ptxfp::literal::hex(*b, t),
                    ptxfp::literal::decode_as(*b, t, ptxfp::literal::Style::Shortest)
                )
            })
            .collect())
    })
}

/// Panics on purpose, on the calling thread or (`in_pool`) inside rayon's
/// workers with the GIL released: the tests' proof that a panic becomes
/// `ptxfp.InternalError` and the interpreter goes on.
#[pyfunction]
fn _panic_for_tests(py: Python<'_>, in_pool: bool) -> PyResult<()> {
    guarded(py, || {
        if !in_pool {
            panic!("a panic on purpose (ptxfp._ptxfp._panic_for_tests)");
        }
        let r = py.allow_threads(|| {
            catch_unwind(|| {
                use rayon::prelude::*;
                (0..64u32).into_par_iter().for_each(|i| {
                    if i == 37 {
                        panic!("a panic on purpose in a worker");
                    }
                });
            })
        });
        r.map_err(|p| internal(py, &p))
    })
}

/// What `ptxfp sweep merge DIR [--expect HEX]` prints for `m`: the
/// library's report (`Merged::report`, which the command prints too), then
/// the comparison with `expect`.
fn merge_text(m: &ptxfp::sweep::shard::Merged) -> String {
    use std::fmt::Write as _;
    let mut out = m.report();
    match (m.expect, m.digest) {
        (Some(e), Some(d)) if e == d => {
            let _ = writeln!(out, "expected  {e:#018x}: equal");
        }
        (Some(e), Some(_)) => {
            let _ = writeln!(out, "expected  {e:#018x}: DIFFERENT");
            let _ = writeln!(
                out,
                "  help: a digest alone cannot say which chunk differs: give --expect the `ptxfp sweep {} {} --chunks --json` output of the other side, or compare shard sets with --against DIR2",
                m.form,
                m.operands.flags()
            );
        }
        (Some(_), None) => {
            let _ = writeln!(out, "expected  incomplete: no digest to compare");
        }
        _ => {}
    }
    out
}

/// `ptxfp sweep merge DIR [--expect HEX]` as a dict (see `ptxfp.sweep_merge`).
#[pyfunction]
#[pyo3(signature = (dir, expect=None))]
fn sweep_merge<'py>(
    py: Python<'py>,
    dir: std::path::PathBuf,
    expect: Option<u64>,
) -> PyResult<Bound<'py, PyDict>> {
    use ptxfp::sweep::shard::{self as sh, Space};
    guarded(py, || {
        let r = py.allow_threads(|| catch_unwind(AssertUnwindSafe(|| sh::merge(&dir, expect))));
        let m = match r {
            Ok(Ok(m)) => m,
            Ok(Err(e)) => return Err(error(py, "PtxfpError", (e.to_string(),))),
            Err(p) => return Err(internal(py, &p)),
        };
        let d = PyDict::new(py);
        d.set_item("dir", m.dir.display().to_string())?;
        d.set_item("form", &m.form)?;
        d.set_item("setup", (&m.setup.target, &m.setup.device, &m.setup.ptx))?;
        d.set_item("ptxfp_version", &m.ptxfp_version)?;
        d.set_item("profile_hash", &m.profile_hash)?;
        let ops = PyDict::new(py);
        match m.operands {
            Space::Exhaustive2 => ops.set_item("kind", "exhaustive2")?,
            Space::Exhaustive3 => ops.set_item("kind", "exhaustive3")?,
            Space::Random { n, seed } => {
                ops.set_item("kind", "random")?;
                ops.set_item("n", n)?;
                ops.set_item("seed", seed)?;
            }
        }
        d.set_item("operands", ops)?;
        d.set_item("shards", m.shards)?;
        d.set_item("total_chunks", m.total_chunks)?;
        d.set_item("results", m.results)?;
        d.set_item("digest", m.digest)?;
        d.set_item("digest_hex", m.digest.map(sh::hex64))?;
        d.set_item("expect", m.expect)?;
        d.set_item("complete", m.missing.is_empty() && m.digest.is_some())?;
        d.set_item("ok", m.ok())?;
        d.set_item("missing", m.missing.clone())?;
        d.set_item(
            "rerun",
            m.missing.iter().map(|&k| m.rerun(k)).collect::<Vec<_>>(),
        )?;
        let refused = PyList::empty(py);
        for r in &m.refused {
            let x = PyDict::new(py);
            x.set_item("file", r.file.display().to_string())?;
            x.set_item("why", &r.why)?;
            refused.append(x)?;
        }
        d.set_item("refused", refused)?;
        d.set_item(
            "records",
            m.records
                .iter()
                .map(|p| p.display().to_string())
                .collect::<Vec<_>>(),
        )?;
        d.set_item(
            "temp_files",
            m.temp_files
                .iter()
                .map(|p| p.display().to_string())
                .collect::<Vec<_>>(),
        )?;
        d.set_item("seconds", m.seconds)?;
        d.set_item("paths", m.paths.clone())?;
        d.set_item("text", merge_text(&m))?;
        Ok(d)
    })
}

/// The kernel path the batch evaluation uses on this CPU.
#[pyfunction]
fn kernel_path() -> String {
    ptxfp::batch::Path::detect().to_string()
}

#[pymodule]
fn _ptxfp(m: &Bound<'_, PyModule>) -> PyResult<()> {
    m.add_class::<Instr>()?;
    m.add_function(wrap_pyfunction!(round_float, m)?)?;
    m.add_function(wrap_pyfunction!(parse_operand, m)?)?;
    m.add_function(wrap_pyfunction!(forms, m)?)?;
    m.add_function(wrap_pyfunction!(check, m)?)?;
    m.add_function(wrap_pyfunction!(run, m)?)?;
    m.add_function(wrap_pyfunction!(run_options, m)?)?;
    m.add_function(wrap_pyfunction!(show, m)?)?;
    m.add_function(wrap_pyfunction!(kernel_path, m)?)?;
    m.add_function(wrap_pyfunction!(sweep_merge, m)?)?;
    m.add_function(wrap_pyfunction!(_panic_for_tests, m)?)?;
    m.add_function(wrap_pyfunction!(mma::_mma_rows, m)?)?;
    m.add_function(wrap_pyfunction!(mma::_mma_gemm, m)?)?;
    m.add("__version__", env!("CARGO_PKG_VERSION"))?;
    // What `run(max_memory=None)` may hold; Python checks a `mem=` array
    // against it before copying the array.
    m.add("_DEFAULT_MAX_MEMORY", ptxfp::interp::DEFAULT_MAX_MEMORY)?;
    Ok(())
}
