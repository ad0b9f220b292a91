//! `ptxfp eval FORM A B [C]`: compute one instruction.

use ptxfp::literal;

use crate::common::{parse_form, validate, Env};
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
}

/// Prints `0xRESULT = VALUE` (per lane), then the operands decoded.
pub fn run(a: Args) -> Result<Outcome, String> {
    let mut out = String::new();
    let form = parse_form(&a.form, "<form>")?;
    validate(&form, &a.env, "<form>")?;
    let types = form.source_types();
    if a.operands.len() != types.len() {
        return Err(format!(
            "{form} takes {} source operands, got {}",
            types.len(),
            a.operands.len()
        ));
    }
    let mut srcs = Vec::new();
    for (i, (text, ty)) in a.operands.iter().zip(&types).enumerate() {
        let name = ["a", "b", "c"][i.min(2)];
        let name = if form.op().arity() == 2 && form.ty().is_mixed() && i == 1 {
            "c"
        } else {
            name
        };
        srcs.push(literal::parse_operand(text, *ty).map_err(|e| format!("operand {name}: {e}"))?);
    }
    let d = form.eval(&srcs, &a.env.exec());
    let dt = form.dest_type();
    outln!(out, "{} = {}", literal::hex(d, dt), literal::decode(d, dt));
    for (i, (x, ty)) in srcs.iter().zip(&types).enumerate() {
        outln!(
            out,
            "  src{i} {} = {}",
            literal::hex(*x, *ty),
            literal::decode(*x, *ty)
        );
    }
    emit(&out);
    Ok(Outcome::Ok)
}
