//! `ptxfp verify FILE...`: check vector files against the model.

use std::path::PathBuf;

use ptxfp::literal;

use crate::common::{parse_form, validate, Env};
use crate::{emit, outln, Outcome};

/// Arguments of `verify`.
#[derive(clap::Args)]
pub struct Args {
    /// Files of lines `FORM OPERAND... EXPECTED` (hex without 0x; `#` starts a comment).
    #[arg(required = true)]
    files: Vec<PathBuf>,
    #[command(flatten)]
    env: Env,
}

fn parse_hex(tok: &str, ty: ptxfp::PtxType) -> Result<u64, String> {
    let v = u64::from_str_radix(tok, 16)
        .map_err(|_| format!("`{tok}` is not a hex bit pattern (write hex digits without 0x)"))?;
    if ty.bits() < 64 && v >> ty.bits() != 0 {
        return Err(format!("`{tok}` is too wide for {ty}"));
    }
    Ok(v)
}

/// Prints each mismatch, then `N passed, M failed`.
pub fn run(a: Args) -> Result<Outcome, String> {
    let mut out = String::new();
    let exec = a.env.exec();
    let (mut passed, mut failed) = (0u64, 0u64);
    for path in &a.files {
        let shown = path.display().to_string();
        let text = std::fs::read_to_string(path).map_err(|e| format!("{shown}: {e}"))?;
        for (n, line) in text.lines().enumerate() {
            let at = format!("{shown}:{}", n + 1);
            let line = line.split('#').next().unwrap_or("").trim();
            if line.is_empty() {
                continue;
            }
            let toks: Vec<&str> = line.split_whitespace().collect();
            let form = parse_form(toks[0], &at)?;
            validate(&form, &a.env, &at)?;
            let types = form.source_types();
            if toks.len() != types.len() + 2 {
                return Err(format!(
                    "{at}: {form} needs {} operands and the expected result; got {} fields",
                    types.len(),
                    toks.len() - 1
                ));
            }
            let mut srcs = Vec::new();
            for (t, ty) in toks[1..].iter().zip(&types) {
                srcs.push(parse_hex(t, *ty).map_err(|e| format!("{at}: {e}"))?);
            }
            let dt = form.dest_type();
            let want = parse_hex(toks[toks.len() - 1], dt).map_err(|e| format!("{at}: {e}"))?;
            let got = form.eval(&srcs, &exec);
            if got == want {
                passed += 1;
                continue;
            }
            failed += 1;
            outln!(out, "{at}: MISMATCH {form}");
            for (i, (x, ty)) in srcs.iter().zip(&types).enumerate() {
                outln!(
                    out,
                    "  src{i}     {} = {}",
                    literal::hex(*x, *ty),
                    literal::decode(*x, *ty)
                );
            }
            outln!(
                out,
                "  expected {} = {}",
                literal::hex(want, dt),
                literal::decode(want, dt)
            );
            outln!(
                out,
                "  got      {} = {}",
                literal::hex(got, dt),
                literal::decode(got, dt)
            );
        }
    }
    outln!(out, "{passed} passed, {failed} failed");
    emit(&out);
    Ok(if failed == 0 {
        Outcome::Ok
    } else {
        Outcome::Failed
    })
}
