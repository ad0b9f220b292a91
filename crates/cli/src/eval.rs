//! `ptxfp eval FORM A B [C]`: compute one instruction.

use ptxfp::literal;

use crate::common::{
    parse_instruction, print_json, shown_value_as, validate_instruction, value_json_as, Env,
    Failure, Origin, Problem,
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

/// Prints `0xRESULT = VALUE` (per lane; one line per destination), then
/// the operands decoded.
pub fn run(a: Args) -> Result<Outcome, Failure> {
    let mut out = String::new();
    // The operand count picks the arity where the text names two (9.7.3.11:
    // `min.f32 A B` and `min.f32 A B C`).
    let ins = parse_instruction(&a.form, Origin::Arg)?.with_sources(a.operands.len());
    let mut warnings = validate_instruction(&ins, &a.env, Origin::Arg)?;
    // An error after warnings: the JSON error object has both.
    let fail = |warnings: &[Problem], message: String| Failure {
        warnings: warnings.to_vec(),
        ..Failure::from(message)
    };
    if a.operands.len() != ins.srcs.len() {
        // `min.xorsign.abs.f32 A B C`: why no form takes that many (9.7.3.11).
        let hint = ins
            .form()
            .and_then(|f| f.arity_hint(a.operands.len()))
            .map(|h| format!(": {h}"))
            .unwrap_or_default();
        return Err(fail(
            &warnings,
            format!(
                "{ins} takes {} source operands, got {}{hint}",
                ins.srcs.len(),
                a.operands.len()
            ),
        ));
    }
    let names = ins.source_names();
    let mut srcs = Vec::new();
    for ((text, ty), name) in a.operands.iter().zip(&ins.srcs).zip(&names) {
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
        if let Some(why) = ins.source_error(srcs.len(), lit.bits) {
            return Err(fail(&warnings, format!("operand {name}: {why}")));
        }
        srcs.push(lit.bits);
    }
    let exec = a.env.exec();
    let (dsts, approx) = ins.eval(&srcs, &exec);
    if approx {
        let measured = exec.hw.half_approx_measured
            && ins
                .form()
                .is_some_and(|f| ptxfp::measured::half_table(&f).is_some());
        let note = if measured {
            format!(
                "{ins} is an .approx instruction: NVIDIA publishes no bit-level definition; this result is what an {} gives, measured for every source value; other GPUs are not measured",
                ptxfp::measured::MEASURED_ON
            )
        } else {
            format!(
                "{ins} is an .approx instruction: NVIDIA publishes no bit-level definition; this result is within the PTX ISA's error bound, not necessarily the GPU's bits"
            )
        };
        eprintln!("warning: {note}");
        warnings.push(Problem {
            severity: "warning",
            ..Problem::message(note)
        });
    }
    let style = if a.exact {
        literal::Style::Exact
    } else if a.hex {
        literal::Style::Hex
    } else {
        literal::Style::Shortest
    };
    if a.json {
        let results: Vec<_> = dsts
            .iter()
            .zip(&ins.dsts)
            .map(|(d, ty)| value_json_as(*d, *ty, style))
            .collect();
        print_json(&serde_json::json!({
            "form": ins.text,
            "setup": crate::common::setup_json(&a.env),
            "result": results[0],
            "results": results,
            "approx": approx,
            "sources": srcs.iter().zip(&ins.srcs).zip(&names).map(|((x, ty), name)| {
                let mut v = value_json_as(*x, *ty, style);
                v["name"] = name.as_str().into();
                v
            }).collect::<Vec<_>>(),
            "warnings": warnings.iter().map(Problem::json).collect::<Vec<_>>(),
        }));
        return Ok(Outcome::Ok);
    }
    for (d, ty) in dsts.iter().zip(&ins.dsts) {
        let approx = if approx { "  (approx)" } else { "" };
        outln!(out, "{}{approx}", shown_value_as(*d, *ty, style));
    }
    for (i, (x, ty)) in srcs.iter().zip(&ins.srcs).enumerate() {
        outln!(out, "  src{i} {}", shown_value_as(*x, *ty, style));
    }
    emit(&out);
    Ok(Outcome::Ok)
}
