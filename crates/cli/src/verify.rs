//! `ptxfp verify FILE...`: check vector files against the model.

use crate::common::{parse_form, shown_value, validate, Env, Origin};
use crate::{emit, outln, Outcome};

/// Arguments of `verify`.
#[derive(clap::Args)]
pub struct Args {
    /// Files of lines `FORM OPERAND... EXPECTED` (hex without 0x; `#` starts a comment); `-`: standard input.
    #[arg(required = true)]
    files: Vec<String>,
    #[command(flatten)]
    env: Env,
}

fn parse_hex(tok: &str, ty: ptxfp::PtxType) -> Result<u64, String> {
    if tok.is_empty() || !tok.bytes().all(|c| c.is_ascii_hexdigit()) || tok.len() > 16 {
        return Err(format!(
            "`{tok}` is not a hex bit pattern (write up to {} hex digits without 0x)",
            ty.bits().div_ceil(4)
        ));
    }
    let v = u64::from_str_radix(tok, 16)
        .map_err(|_| format!("`{tok}` is not a hex bit pattern (write hex digits without 0x)"))?;
    if ty.bits() < 64 && v >> ty.bits() != 0 {
        return Err(format!("`{tok}` is too wide for {ty}"));
    }
    Ok(v)
}

/// Prints each mismatch, then `N passed, M failed`. A malformed line
/// stops the run with exit code 2, after the report of the lines before it.
pub fn run(a: Args) -> Result<Outcome, String> {
    let mut out = String::new();
    let (mut passed, mut failed) = (0u64, 0u64);
    let mut forms = Forms::default();
    let result = a.files.iter().try_for_each(|path| {
        let (shown, text) = crate::common::read_text(path)?;
        verify_text(
            &a,
            &shown,
            &text,
            &mut forms,
            &mut out,
            &mut passed,
            &mut failed,
        )
    });
    forms.report_repeats();
    if let Err(e) = result {
        emit(&out);
        return Err(e);
    }
    outln!(out, "{passed} passed, {failed} failed");
    emit(&out);
    Ok(if failed == 0 {
        Outcome::Ok
    } else {
        Outcome::Failed
    })
}

/// The forms met so far, each parsed and validated once (a vector file
/// repeats its form on every line): its text, the form, where it was first
/// seen and how many more lines used it, for the forms that had warnings.
#[derive(Default)]
struct Forms {
    seen: std::collections::HashMap<String, Seen>,
}

struct Seen {
    form: ptxfp::Form,
    warned: Option<(String, u64)>,
}

impl Forms {
    /// The form written `text` at `at`: parsed and validated (its warnings
    /// printed) the first time, looked up after that.
    fn get(&mut self, text: &str, a: &Args, at: &str) -> Result<&ptxfp::Form, String> {
        if !self.seen.contains_key(text) {
            let form = parse_form(text, Origin::Line(at))?;
            let warned = validate(&form, &a.env, Origin::Line(at))?;
            let warned = warned.then(|| (at.to_string(), 0));
            self.seen.insert(text.to_string(), Seen { form, warned });
        }
        let seen = self.seen.get_mut(text).expect("inserted above");
        if let Some((_, n)) = &mut seen.warned {
            *n += 1;
        }
        Ok(&seen.form)
    }

    /// One line per form whose warning was shown once for many lines.
    fn report_repeats(&self) {
        let mut repeats: Vec<_> = self
            .seen
            .iter()
            .filter_map(|(t, s)| s.warned.as_ref().map(|(at, n)| (at, t, n - 1)))
            .filter(|&(_, _, n)| n > 0)
            .collect();
        repeats.sort();
        for (at, text, n) in repeats {
            eprintln!("{at}: note: the same warning applies to {n} more line(s) of {text}");
        }
    }
}

fn verify_text(
    a: &Args,
    shown: &str,
    text: &str,
    forms: &mut Forms,
    out: &mut String,
    passed: &mut u64,
    failed: &mut u64,
) -> Result<(), String> {
    let exec = a.env.exec();
    for (n, raw) in text.lines().enumerate() {
        let line = raw.split('#').next().unwrap_or("");
        // The fields with their 1-based columns.
        let toks: Vec<(usize, &str)> = line
            .split_whitespace()
            .map(|t| (t.as_ptr() as usize - line.as_ptr() as usize + 1, t))
            .collect();
        let Some(&(_, first)) = toks.first() else {
            continue;
        };
        let at = |col: usize| format!("{shown}:{}:{col}", n + 1);
        let form = forms.get(first, a, &at(toks[0].0))?;
        let types = form.source_types();
        if toks.len() != types.len() + 2 {
            return Err(format!(
                "{}: {form} needs {} operands and the expected result; got {} fields",
                at(toks[0].0),
                types.len(),
                toks.len() - 1
            ));
        }
        let mut srcs = Vec::new();
        for (&(col, t), ty) in toks[1..].iter().zip(&types) {
            srcs.push(parse_hex(t, *ty).map_err(|e| format!("{}: {e}", at(col)))?);
        }
        let dt = form.dest_type();
        let (col, last) = toks[toks.len() - 1];
        let want = parse_hex(last, dt).map_err(|e| format!("{}: {e}", at(col)))?;
        let got = form.eval(&srcs, &exec);
        if got == want {
            *passed += 1;
            continue;
        }
        *failed += 1;
        outln!(out, "{shown}:{}: MISMATCH {form}", n + 1);
        for (i, (x, ty)) in srcs.iter().zip(&types).enumerate() {
            outln!(out, "  src{i}     {}", shown_value(*x, *ty));
        }
        outln!(out, "  expected {}", shown_value(want, dt));
        outln!(out, "  got      {}", shown_value(got, dt));
    }
    Ok(())
}
