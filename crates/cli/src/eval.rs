//! `ptxfp eval FORM A B [C]`: compute one instruction.

use ptxfp::literal;
use ptxfp::prelude::*;

use crate::common::{
    parse_form, print_json, shown_value, validate, value_json, Env, Failure, Origin, Problem,
};
use crate::{emit, outln, Outcome};

/// Arguments of `eval`.
#[derive(clap::Args)]
pub struct Args {
    /// The form, e.g. fma.rn.relu.bf16x2.
    form: String,
    /// The source operands: hex bits (0x3c00) or literals (1.5, -0.0, inf,
    /// nan, 1e-7; x2 types: LANE0,LANE1).
    #[arg(required = true)]
    operands: Vec<String>,
    #[command(flatten)]
    env: Env,
    /// Machine-readable output on stdout: one JSON object with the form,
    /// the setup, the result and the operands (`{type, bits, value}`) and
    /// the warnings (docs/schemas/eval.schema.json); an error is the JSON
    /// error object (docs/schemas/error.schema.json).
    #[arg(long)]
    json: bool,
}

/// Prints `0xRESULT = VALUE` (per lane), then the operands decoded.
pub fn run(a: Args) -> Result<Outcome, Failure> {
    let mut out = String::new();
    let form = parse_form(&a.form, Origin::Arg)?;
    let mut warnings = validate(&form, &a.env, Origin::Arg)?;
    // An error after warnings: the JSON error object has both.
    let fail = |warnings: &[Problem], message: String| Failure {
        warnings: warnings.to_vec(),
        ..Failure::from(message)
    };
    let types = form.source_types();
    if a.operands.len() != types.len() {
        return Err(fail(
            &warnings,
            format!(
                "{form} takes {} source operands, got {}",
                types.len(),
                a.operands.len()
            ),
        ));
    }
    let mut srcs = Vec::new();
    let mut names = Vec::new();
    for (i, (text, ty)) in a.operands.iter().zip(&types).enumerate() {
        let name = ["a", "b", "c"][i.min(2)];
        let name = if form.op().arity() == 2 && form.ty().is_mixed() && i == 1 {
            "c"
        } else {
            name
        };
        let v = literal::parse_operand(text, *ty)
            .map_err(|e| fail(&warnings, format!("operand {name}: {e}")))?;
        for note in rounding_notes(text, v, *ty) {
            eprintln!("warning: operand {name}: {note}");
            warnings.push(Problem {
                severity: "warning",
                ..Problem::message(format!("operand {name}: {note}"))
            });
        }
        srcs.push(v);
        names.push(name);
    }
    let d = form.eval(&srcs, &a.env.exec());
    let dt = form.dest_type();
    if a.json {
        print_json(&serde_json::json!({
            "form": form.to_string(),
            "setup": crate::common::setup_json(&a.env),
            "result": value_json(d, dt),
            "sources": srcs.iter().zip(&types).zip(&names).map(|((x, ty), name)| {
                let mut v = value_json(*x, *ty);
                v["name"] = (*name).into();
                v
            }).collect::<Vec<_>>(),
            "warnings": warnings.iter().map(Problem::json).collect::<Vec<_>>(),
        }));
        return Ok(Outcome::Ok);
    }
    outln!(out, "{}", shown_value(d, dt));
    for (i, (x, ty)) in srcs.iter().zip(&types).enumerate() {
        outln!(out, "  src{i} {}", shown_value(*x, *ty));
    }
    emit(&out);
    Ok(Outcome::Ok)
}

/// Decimal literals that overflow to infinity or underflow to zero in the
/// operand's type: worth a word, since the result then looks surprising.
fn rounding_notes(text: &str, bits: u64, ty: ptxfp::PtxType) -> Vec<String> {
    let text = text.trim();
    if text.starts_with("0x") || text.starts_with("0X") {
        return Vec::new();
    }
    let shown = literal::decode(bits, ty);
    text.split(',')
        .zip(shown.split(','))
        .filter_map(|(lit, val)| {
            let lit = lit.trim();
            let lower = lit.to_ascii_lowercase();
            let named = lower.contains("inf") || lower.contains("nan");
            let nonzero = lit
                .split(['e', 'E'])
                .next()
                .is_some_and(|m| m.bytes().any(|c| (b'1'..=b'9').contains(&c)));
            let val = val.trim();
            if !named && val.ends_with("Inf") {
                Some(format!("`{lit}` overflows {ty} and is {val}"))
            } else if nonzero && (val == "0" || val == "-0") {
                Some(format!("`{lit}` underflows {ty} and is {val}"))
            } else {
                None
            }
        })
        .collect()
}
