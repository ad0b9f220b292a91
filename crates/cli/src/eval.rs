//! `ptxfp eval FORM A B [C]`: compute one instruction.

use ptxfp::literal;
use ptxfp::prelude::*;

use crate::common::{
    parse_form, print_json, shown_value_as, validate, value_json_as, Env, Failure, Origin, Problem,
};
use crate::{emit, outln, Outcome};

/// Arguments of `eval`.
#[derive(clap::Args)]
pub struct Args {
    /// The form, e.g. fma.rn.relu.bf16x2.
    form: String,
    /// The source operands, each one of: hex bits (0x3c00); a decimal
    /// (1.5, -0.0, 1e-7) or a hex float (0x1.8p-3, -0x1p+0), rounded once
    /// to the operand's type, to nearest even; PTX's bit literals
    /// 0f3F800000 (an .f32's bits, for .f32, and .f64 widened exactly) and
    /// 0d3FF8000000000000 (an .f64's bits); inf, -inf; nan (the type's
    /// default quiet NaN), snan (signalling, payload 1), nan:0xP and
    /// snan:0xP (payload P: the fraction bits below the quiet bit),
    /// NaN(0x7e01) (exactly those bits). x2 types: LANE0,LANE1, lane 0 in
    /// bits 0..15. A literal that becomes infinite or zero in its type
    /// draws a warning.
    #[arg(required = true)]
    operands: Vec<String>,
    /// Print each value as its exact decimal expansion, every digit
    /// (0.1 as bf16: 0.10009765625), instead of the shortest decimal that
    /// reads back as the same bits (0.1).
    #[arg(long, conflicts_with = "hex")]
    exact: bool,
    /// Print each value as a hex float, exact (1.5: 0x1.8p+0; subnormals
    /// normalized: 0x1p-24), instead of the shortest decimal.
    #[arg(long)]
    hex: bool,
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
        let lit = literal::Literal::operand(text, *ty)
            .map_err(|e| fail(&warnings, format!("operand {name}: {e}")))?;
        // A literal that overflowed or underflowed its type: worth a word,
        // since the result then looks surprising.
        for note in &lit.warnings {
            eprintln!("warning: operand {name}: {note}");
            warnings.push(Problem {
                severity: "warning",
                ..Problem::message(format!("operand {name}: {note}"))
            });
        }
        let v = lit.bits;
        srcs.push(v);
        names.push(name);
    }
    let d = form.eval(&srcs, &a.env.exec());
    let style = if a.exact {
        literal::Style::Exact
    } else if a.hex {
        literal::Style::Hex
    } else {
        literal::Style::Shortest
    };
    let dt = form.dest_type();
    if a.json {
        print_json(&serde_json::json!({
            "form": form.to_string(),
            "setup": crate::common::setup_json(&a.env),
            "result": value_json_as(d, dt, style),
            "sources": srcs.iter().zip(&types).zip(&names).map(|((x, ty), name)| {
                let mut v = value_json_as(*x, *ty, style);
                v["name"] = (*name).into();
                v
            }).collect::<Vec<_>>(),
            "warnings": warnings.iter().map(Problem::json).collect::<Vec<_>>(),
        }));
        return Ok(Outcome::Ok);
    }
    outln!(out, "{}", shown_value_as(d, dt, style));
    for (i, (x, ty)) in srcs.iter().zip(&types).enumerate() {
        outln!(out, "  src{i} {}", shown_value_as(*x, *ty, style));
    }
    emit(&out);
    Ok(Outcome::Ok)
}
