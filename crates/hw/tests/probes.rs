//! Probe inputs: each group contains the cases its docs/NVIDIA.md question needs,
//! checked with integer arithmetic independent of ptxfp.

use ptxfp_hw::probe;

/// Exact product of two positive normal values of a format with `frac`
/// fraction bits, as (significand product, power of two), and the smallest
/// normal as the same kind of pair: value = m × 2^e.
fn product(a: u64, b: u64, frac: u32, bias: i64) -> (u128, i64) {
    // Sign bits are cleared by the caller: the rest above the fraction is the exponent field.
    let field = |x: u64| (x >> frac) as i64;
    let sig = |x: u64| u128::from((x & ((1 << frac) - 1)) | (1 << frac));
    (
        sig(a) * sig(b),
        field(a) + field(b) - 2 * bias - 2 * frac as i64,
    )
}

/// Count of (a, b) with the exact |a × b| strictly between the largest
/// subnormal and the smallest normal: below 2^emin, but within half an ulp
/// (round to nearest goes up to the normal).
fn rounds_up_to_min_normal(cases: &[Vec<u64>], frac: u32, bias: i64, sign: u64) -> usize {
    let emin = 1 - bias;
    cases
        .iter()
        .filter(|c| {
            let (m, e) = product(c[0] & !sign, c[1] & !sign, frac, bias);
            // value = m × 2^e; smallest normal = 2^emin; subnormal ulp = 2^(emin - frac).
            let shift = emin - e; // value < 2^emin  <=>  m < 2^shift
            shift > 0
                && shift < 127
                && m < 1u128 << shift
                && m >= (1u128 << shift) - (1u128 << (shift - frac as i64 - 1).max(0))
        })
        .count()
}

#[test]
fn ftz_boundary_has_products_that_round_up_to_the_smallest_normal() {
    let g = probe::ftz_boundary();
    for run in &g.runs {
        let (frac, bias, sign) = if run.form.ends_with("f32") {
            (23, 127, 0x8000_0000)
        } else if run.form.ends_with("f16x2") {
            continue;
        } else {
            (10, 15, 0x8000)
        };
        let n = rounds_up_to_min_normal(&run.cases, frac, bias, sign);
        assert!(n >= 8, "{}: only {n} boundary cases", run.form);
        // And both signs of the product.
        assert!(run.cases.iter().any(|c| c[0] & sign != 0));
    }
}

#[test]
fn oob_covers_every_value_in_every_position() {
    let g = probe::oob();
    assert_eq!(g.runs.len(), 4);
    for run in &g.runs {
        for pos in 0..3 {
            let mut seen = vec![false; 65536];
            for c in &run.cases {
                let others_one = (0..3)
                    .filter(|&k| k != pos)
                    .all(|k| c[k] == c[(pos + 1) % 3] && c[k] != 0);
                if others_one {
                    seen[c[pos] as usize] = true;
                }
            }
            assert!(seen.iter().all(|s| *s), "{} position {pos}", run.form);
        }
        // Both OOB-NaN encodings docs/NVIDIA.md names are in a and in b.
        for oob in [0x7ff7u64, 0xfff7] {
            assert!(run.cases.iter().any(|c| c[0] == oob));
            assert!(run.cases.iter().any(|c| c[1] == oob));
        }
    }
}

#[test]
fn nan_probes_cover_signs_payloads_and_invalid_operations() {
    let g = probe::nan16();
    for run in &g.runs {
        let (exp, quiet) = if run.form.ends_with("bf16") {
            (0x7f80, 0x40)
        } else {
            (0x7c00, 0x200)
        };
        let nan = |x: u64| x & exp == exp && x & (exp ^ 0x7fff) != 0;
        let nans: Vec<u64> = run
            .cases
            .iter()
            .flatten()
            .copied()
            .filter(|x| nan(*x))
            .collect();
        assert!(
            nans.iter().any(|x| x & 0x8000 != 0),
            "{}: negative NaN",
            run.form
        );
        assert!(
            nans.iter().any(|x| x & 0x8000 == 0),
            "{}: positive NaN",
            run.form
        );
        assert!(
            nans.iter().any(|x| x & quiet == 0),
            "{}: signalling NaN",
            run.form
        );
        let payloads: std::collections::BTreeSet<u64> =
            nans.iter().map(|x| x & (exp ^ 0x7fff)).collect();
        assert!(payloads.len() >= 5, "{}", run.form);
        // An invalid operation with no NaN input.
        assert!(
            run.cases.iter().any(|c| c.iter().all(|x| !nan(*x))),
            "{}",
            run.form
        );
    }
    let f64 = probe::nan64();
    let cases = &f64.runs[0].cases;
    // Every pair of NaN positions, with different payloads.
    for (i, j) in [(0, 1), (0, 2), (1, 2)] {
        assert!(cases
            .iter()
            .any(|c| c[i] >> 52 & 0x7ff == 0x7ff && c[j] >> 52 & 0x7ff == 0x7ff && c[i] != c[j]));
    }
}

#[test]
fn sat_relu_probes_produce_negative_zero_exactly() {
    // -1 × 0 + -0 = -0 and -0 × 1 + -0 = -0 exactly (IEEE 754 §6.3): the
    // first two cases of each three-operand f16 run.
    let g = probe::sat_relu();
    let fma16 = g.runs.iter().find(|r| r.form == "fma.rn.sat.f16").unwrap();
    assert_eq!(fma16.cases[0], vec![0xbc00, 0, 0x8000]);
    assert_eq!(fma16.cases[1], vec![0x8000, 0x3c00, 0x8000]);
    assert!(g.runs.iter().any(|r| r.form.contains("relu")));
    assert!(g.runs.iter().any(|r| r.form.ends_with("f32")));
}

#[test]
fn lanes_vary_each_lane_alone() {
    let g = probe::lanes();
    for run in &g.runs {
        let lo_only = run
            .cases
            .iter()
            .any(|c| c[0] >> 16 == c[0] & 0xffff && c[0] != c[1]);
        let split = run.cases.iter().any(|c| c[0] >> 16 != c[0] & 0xffff);
        assert!(lo_only || split, "{}", run.form);
        assert!(split, "{}", run.form);
    }
}

#[test]
fn every_probe_form_resolves() {
    for g in probe::all() {
        for run in &g.runs {
            let f = ptxfp_hw::adapter::instr_form(run.form).unwrap();
            assert_eq!(f.srcs.len(), run.cases[0].len(), "{}", run.form);
            // ptxfp's side of the comparison works today for every probe.
            let cols: Vec<Vec<u64>> = (0..f.srcs.len())
                .map(|k| run.cases.iter().map(|c| c[k]).collect())
                .collect();
            let ours = ptxfp_hw::adapter::eval(&f, &cols).unwrap();
            assert_eq!(ours.len(), run.cases.len());
        }
    }
}
