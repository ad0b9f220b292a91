//! The kernel for EVERY form of `Form::all()` is well-formed: its header is
//! one `Form::validate` accepts without a diagnostic, every register it
//! uses is declared with a type the operand accepts, the form's canonical
//! text runs exactly once with its operands, and the text is balanced. (The
//! project's module parser, crates/front/src/module.rs, is on another branch;
//! once merged, parsing these kernels with it belongs here too.)

use std::collections::BTreeMap;

use ptxfp::{Form, FormType, PtxType, Target};
use ptxfp_hw::adapter::{accepts, from_form};
use ptxfp_hw::kernel::{self, choose_header, Lanes};

/// Declared registers: name → type (`%r<6>` declares `%r0` .. `%r5`).
fn registers(text: &str) -> BTreeMap<String, PtxType> {
    let mut regs = BTreeMap::new();
    for line in text.lines() {
        let Some(rest) = line.trim().strip_prefix(".reg ") else {
            continue;
        };
        let mut parts = rest.trim_end_matches(';').split_whitespace();
        let ty = PtxType::parse(parts.next().unwrap()).unwrap();
        let name = parts.next().unwrap();
        if let Some((stem, n)) = name.split_once('<') {
            let n: usize = n.trim_end_matches('>').parse().unwrap();
            for i in 0..n {
                regs.insert(format!("{stem}{i}"), ty);
            }
        } else {
            assert!(
                regs.insert(name.to_string(), ty).is_none(),
                "{name} declared twice"
            );
        }
    }
    regs
}

fn well_formed(form: &Form, text: &str, body_op: &str, device: Target) {
    let f = from_form(form);
    assert_eq!(
        text.matches('{').count(),
        text.matches('}').count(),
        "{form}"
    );
    let version = text
        .lines()
        .find_map(|l| l.strip_prefix(".version "))
        .unwrap();
    let target: Target = text
        .lines()
        .find_map(|l| l.strip_prefix(".target "))
        .unwrap()
        .parse()
        .unwrap();
    assert!(
        target.sm <= device.sm,
        "{form}: target {target} above the device"
    );
    let regs = registers(text);
    let mut runs = 0;
    let body: Vec<&str> = text.lines().skip_while(|l| !l.starts_with('{')).collect();
    for line in body {
        let line = line.trim();
        if line.is_empty()
            || line.starts_with('.')
            || line.ends_with(':')
            || line == "{"
            || line == "}"
        {
            continue;
        }
        assert!(line.ends_with(';'), "{form}: `{line}`");
        for tok in
            line.split(|c: char| !(c.is_ascii_alphanumeric() || c == '%' || c == '_' || c == '.'))
        {
            if let Some(name) = tok.strip_prefix('%') {
                if matches!(name, "ctaid.x" | "ntid.x" | "tid.x") {
                    continue;
                }
                assert!(
                    regs.contains_key(tok),
                    "{form}: `{tok}` not declared in `{line}`"
                );
            }
        }
        let op = line.split_whitespace().next().unwrap();
        if op == body_op {
            runs += 1;
            let operands: Vec<&str> = line[op.len()..]
                .trim()
                .trim_end_matches(';')
                .split(", ")
                .map(str::trim)
                .collect();
            assert_eq!(operands.len(), 1 + f.srcs.len(), "{form}: `{line}`");
            if body_op == f.text() {
                // The operand registers' types are ones the instruction accepts.
                for (reg, ty) in operands.iter().zip(std::iter::once(&f.dest).chain(&f.srcs)) {
                    assert!(
                        ty.accepts_register(regs[*reg]),
                        "{form}: {reg} is {:?}",
                        regs[*reg]
                    );
                }
            }
        }
    }
    assert_eq!(runs, 1, "{form}: `{body_op}` should run exactly once");
    if body_op == f.text() {
        let h = (version.parse().unwrap(), target);
        assert!(
            form.validate(h.0, h.1).is_empty(),
            "{form}: {:?}",
            form.validate(h.0, h.1)
        );
    }
}

#[test]
fn every_form_has_a_well_formed_kernel_on_sm_90_and_sm_100() {
    let forms = Form::all();
    assert!(forms.len() > 100);
    let mut counts = [0usize; 3];
    for form in &forms {
        let f = from_form(form);
        for device in [Target::sm(90), Target::sm(100)] {
            match choose_header(&f, device, |v, t| accepts(&f, v, t)) {
                Some(h) => {
                    well_formed(form, &kernel::buffer_kernel(&f, h), &f.text(), device);
                    counts[0] += 1;
                }
                None => {
                    // Only the mixed-precision, .f32x2 and three-input
                    // min/max forms need more than sm_90; the mixed ones
                    // run as their .f32 equivalent there, the others not
                    // at all.
                    let three = matches!(form.op(), ptxfp::Opcode::Min3 | ptxfp::Opcode::Max3);
                    assert!(
                        (form.ty().is_mixed() || form.ty() == FormType::F32x2 || three)
                            && device.sm < 100,
                        "{form} on {device}"
                    );
                    if !form.ty().is_mixed() {
                        continue;
                    }
                    let eq = kernel::mixed_equivalent(&f).unwrap();
                    let h = kernel::Header {
                        version: ptxfp::PtxVersion::new(7, 8),
                        target: device,
                    };
                    well_formed(
                        form,
                        &kernel::mixed_equivalence_kernel(&f, h).unwrap(),
                        &eq,
                        device,
                    );
                    counts[1] += 1;
                }
            }
        }
        if f.srcs.len() == 2 && f.srcs.iter().all(|t| t.bits() <= 32 && *t != PtxType::F32) {
            let lanes = if f.dest.bits() == 32 {
                Lanes::Swapped
            } else {
                Lanes::Scalar
            };
            let h = choose_header(&f, Target::sm(90), |v, t| accepts(&f, v, t)).unwrap();
            well_formed(
                form,
                &kernel::index_kernel(&f, h, lanes),
                &f.text(),
                Target::sm(90),
            );
            counts[2] += 1;
        }
    }
    eprintln!(
        "{} forms: {} buffer kernels, {} mixed equivalence kernels, {} sweep kernels",
        forms.len(),
        counts[0],
        counts[1],
        counts[2]
    );
    assert!(counts[1] > 0 && counts[2] > 0);
}
