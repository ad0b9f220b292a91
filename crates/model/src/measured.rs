//! The GPU's own bits where the PTX ISA gives only an error bound and a
//! GPU has been measured over every input: `ex2.approx` and `tanh.approx`
//! on `.f16`/`.bf16` (and so on each lane of `.f16x2`/`.bf16x2`).
//!
//! 9.7.4.9 (`tanh`) and 9.7.4.10 (`ex2`) bound the error ("The maximum
//! absolute error for `.f16` type is 2^-10.987", "The maximum relative
//! error for `.f16` type is 2^-9.9", ...) and do not say which value within
//! it a GPU returns. A 16-bit source has 65,536 values, so an H200 (sm_90,
//! driver 13.0) computed every one (`ptxfp hw check FORM --exhaustive`,
//! 2026-11-26), and its results are the records
//! `testdata/hw/nvidia-h200/<form>.check.exhaustive.json`, field `table`:
//! four hex digits per result, source value 0 first. ptxfp reads those
//! records themselves, so there is one copy of the GPU's data.
//!
//! The table is the whole instruction: `.ftz`, the specials the ISA lists
//! and the NaN results are the GPU's as measured, not recomputed. Results
//! stay flagged approximate (`Form::is_approx`): other GPUs have not been
//! measured, and the ISA promises only the bound (which
//! crates/model/tests/approx_bounds.rs checks these tables against).

use std::sync::OnceLock;

use ptxfp_isa::form::{Form, FormType, Opcode};

/// One measured form: its canonical text and its record's text.
struct Source {
    form: &'static str,
    record: &'static str,
}

/// The four forms, in [`slot`]'s order.
const SOURCES: [Source; 4] = [
    Source {
        form: "ex2.approx.f16",
        record: include_str!(
            "../../../testdata/hw/nvidia-h200/ex2.approx.f16.check.exhaustive.json"
        ),
    },
    Source {
        form: "ex2.approx.ftz.bf16",
        record: include_str!(
            "../../../testdata/hw/nvidia-h200/ex2.approx.ftz.bf16.check.exhaustive.json"
        ),
    },
    Source {
        form: "tanh.approx.f16",
        record: include_str!(
            "../../../testdata/hw/nvidia-h200/tanh.approx.f16.check.exhaustive.json"
        ),
    },
    Source {
        form: "tanh.approx.bf16",
        record: include_str!(
            "../../../testdata/hw/nvidia-h200/tanh.approx.bf16.check.exhaustive.json"
        ),
    },
];

/// Where the GPU was measured, for messages and docs.
pub const MEASURED_ON: &str = "NVIDIA H200 (sm_90, driver 13.0)";

/// Which of [`SOURCES`] computes `form`'s lanes: the opcode and the lane
/// type (`.f16x2` lanes are `.f16` results). The ISA has no other 16-bit
/// forms of these opcodes: `ex2.approx.atype` with `.atype = { .f16,
/// .f16x2 }`, `ex2.approx.ftz.btype` with `.btype = { .bf16, .bf16x2 }`
/// (9.7.4.10), `tanh.approx.type` with `.type = { .f32, .f16, .f16x2,
/// .bf16, .bf16x2 }` (9.7.4.9).
fn slot(form: &Form) -> Option<usize> {
    let bf = match form.ty() {
        FormType::F16 | FormType::F16x2 => false,
        FormType::BF16 | FormType::BF16x2 => true,
        _ => return None,
    };
    match form.op() {
        Opcode::Ex2 => Some(usize::from(bf)),
        Opcode::Tanh => Some(2 + usize::from(bf)),
        _ => None,
    }
}

/// The decoded tables, each 65,536 results indexed by the source's bits.
fn tables() -> &'static [Box<[u16]>; 4] {
    static T: OnceLock<[Box<[u16]>; 4]> = OnceLock::new();
    T.get_or_init(|| SOURCES.map(|s| decode(&s).unwrap_or_else(|e| panic!("{e}"))))
}

/// A record's `table`, checked to be the form's and complete.
fn decode(s: &Source) -> Result<Box<[u16]>, String> {
    let what = |m: &str| format!("the embedded H200 record of {}: {m}", s.form);
    let form_field = format!("\"form\": \"{}\"", s.form);
    if !s.record.contains(&form_field) {
        return Err(what("it is another form's record"));
    }
    let key = "\"table\": \"";
    let at = s.record.find(key).ok_or_else(|| what("no table"))? + key.len();
    let hex = s.record[at..]
        .split('"')
        .next()
        .ok_or_else(|| what("an unterminated table"))?;
    if hex.len() != 4 << 16 {
        return Err(what(&format!("{} hex digits, not 4 x 65536", hex.len())));
    }
    hex.as_bytes()
        .chunks(4)
        .map(|d| {
            std::str::from_utf8(d)
                .ok()
                .and_then(|d| u16::from_str_radix(d, 16).ok())
                .ok_or_else(|| what("a result that is not 4 hex digits"))
        })
        .collect()
}

/// The measured table of `form`'s lanes, or `None` where no GPU table
/// covers the form.
pub fn half_table(form: &Form) -> Option<&'static [u16]> {
    slot(form).map(|i| &*tables()[i])
}

/// The GPU's result for one 16-bit lane `x` of `form`, where a table
/// covers the form.
#[inline]
pub fn half_lane(form: &Form, x: u64) -> Option<u64> {
    half_table(form).map(|t| u64::from(t[(x & 0xffff) as usize]))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_table_decodes_and_names_its_form() {
        for (i, s) in SOURCES.iter().enumerate() {
            let f = Form::parse(s.form).unwrap();
            assert_eq!(slot(&f), Some(i), "{}", s.form);
            assert_eq!(decode(s).unwrap().len(), 1 << 16);
        }
        // The lanes of the x2 forms read the same tables; f32 has none.
        for (x2, one) in [
            ("ex2.approx.f16x2", "ex2.approx.f16"),
            ("ex2.approx.ftz.bf16x2", "ex2.approx.ftz.bf16"),
            ("tanh.approx.f16x2", "tanh.approx.f16"),
            ("tanh.approx.bf16x2", "tanh.approx.bf16"),
        ] {
            let (a, b) = (Form::parse(x2).unwrap(), Form::parse(one).unwrap());
            assert_eq!(slot(&a), slot(&b), "{x2}");
        }
        for f in ["tanh.approx.f32", "ex2.approx.ftz.f32", "ex2.approx.f32"] {
            assert_eq!(half_table(&Form::parse(f).unwrap()), None, "{f}");
        }
        // A record of another form, or a short table, is refused.
        let wrong = Source {
            form: "tanh.approx.f16",
            record: SOURCES[0].record,
        };
        assert!(decode(&wrong).unwrap_err().contains("another form"));
        let short = Source {
            form: "ex2.approx.f16",
            record: "{\"form\": \"ex2.approx.f16\", \"table\": \"3c00\"}",
        };
        assert!(decode(&short).unwrap_err().contains("4 hex digits"));
    }

    /// Values the ISA's tables fix (9.7.4.10 `ex2.approx.f16`: "-Inf →
    /// +0.0, -0.0 → +1.0, +0.0 → +1.0, +Inf → +Inf"; 9.7.4.9 `tanh`:
    /// "-Inf → -1.0, -0.0 → -0.0, +0.0 → +0.0, +Inf → 1.0"), read from
    /// the GPU's tables: the tables are indexed by the source bits.
    #[test]
    fn the_isa_specials_sit_where_the_source_bits_say() {
        let ex2 = half_table(&Form::parse("ex2.approx.f16").unwrap()).unwrap();
        assert_eq!(
            [ex2[0xfc00], ex2[0x8000], ex2[0x0000], ex2[0x7c00]],
            [0, 0x3c00, 0x3c00, 0x7c00]
        );
        let tanh = half_table(&Form::parse("tanh.approx.bf16").unwrap()).unwrap();
        assert_eq!(
            [tanh[0xff80], tanh[0x8000], tanh[0x0000], tanh[0x7f80]],
            [0xbf80, 0x8000, 0x0000, 0x3f80]
        );
        // 2^1 = 2 and 2^-1 = 0.5 are exact in f16 and the GPU gives them.
        assert_eq!([ex2[0x3c00], ex2[0xbc00]], [0x4000, 0x3800]);
    }
}
