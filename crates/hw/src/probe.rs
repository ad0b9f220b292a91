//! The probes of docs/NVIDIA.md ("Probes to run on a GPU"): for each open
//! decision, the forms and operands whose GPU results settle it.
//!
//! This module only chooses operands; running them and comparing with
//! ptxfp's choice is the caller's.

/// One form's cases within a probe group.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ProbeRun {
    /// Canonical form text (`fma.rn.oob.relu.bf16x2`).
    pub form: &'static str,
    /// Operand tuples: `cases[i]` is `[a, b]` or `[a, b, c]`.
    pub cases: Vec<Vec<u64>>,
}

/// A probe group: one docs/NVIDIA.md question.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ProbeGroup {
    /// Short name, used in the file name (`nan`, `oob`).
    pub name: &'static str,
    /// The docs/NVIDIA.md decision it tests, in a sentence.
    pub question: &'static str,
    /// The forms and operands.
    pub runs: Vec<ProbeRun>,
}

const F16_ONE: u64 = 0x3c00;
const BF16_ONE: u64 = 0x3f80;

/// NaN encodings of a 16-bit format with `quiet` its quiet bit: both signs,
/// quiet and signalling, several payloads.
fn nans16(exp_mask: u64, quiet: u64) -> Vec<u64> {
    let frac = quiet * 2 - 1; // all fraction bits
    let mut v = Vec::new();
    for sign in [0, 0x8000] {
        for payload in [
            quiet,
            quiet | 1,
            frac,
            1,
            quiet >> 1,
            (frac & 0x5555) | quiet,
        ] {
            v.push(sign | exp_mask | payload);
        }
    }
    v
}

/// Probe 1: NaN results of f16/bf16 add/mul/fma for NaN inputs and invalid
/// operations.
pub fn nan16() -> ProbeGroup {
    let mut runs = Vec::new();
    for (suffix, exp, quiet, one) in [
        ("f16", 0x7c00, 0x200, F16_ONE),
        ("bf16", 0x7f80, 0x40, BF16_ONE),
    ] {
        let nans = nans16(exp, quiet);
        let inf = exp;
        let ninf = 0x8000 | exp;
        let mut pairs: Vec<Vec<u64>> = Vec::new();
        for &n in &nans {
            pairs.push(vec![n, one]);
            pairs.push(vec![one, n]);
        }
        for &n in &nans {
            for &m in &nans {
                if n != m {
                    pairs.push(vec![n, m]);
                }
            }
        }
        let mut add = pairs.clone();
        add.extend([vec![inf, ninf], vec![ninf, inf]]);
        let mut mul = pairs.clone();
        mul.extend([vec![0, inf], vec![0x8000, inf], vec![inf, 0x8000]]);
        let mut fma: Vec<Vec<u64>> = Vec::new();
        for &n in &nans {
            fma.push(vec![n, one, one]);
            fma.push(vec![one, n, one]);
            fma.push(vec![one, one, n]);
            fma.push(vec![0, inf, n]);
        }
        fma.extend([
            vec![0, inf, one],
            vec![ninf, 0, one],
            vec![inf, one, ninf],
            vec![ninf, one, inf],
        ]);
        runs.push(ProbeRun {
            form: leak(format!("add.rn.{suffix}")),
            cases: add.clone(),
        });
        runs.push(ProbeRun {
            form: leak(format!("sub.rn.{suffix}")),
            cases: add,
        });
        runs.push(ProbeRun {
            form: leak(format!("mul.rn.{suffix}")),
            cases: mul,
        });
        runs.push(ProbeRun {
            form: leak(format!("fma.rn.{suffix}")),
            cases: fma,
        });
    }
    ProbeGroup {
        name: "nan",
        question: "every f16/bf16 NaN result is 0x7fff, whatever the inputs' sign or payload (docs/NVIDIA.md \"NaN results\", open)",
        runs,
    }
}

/// The form texts are a fixed small set; `'static` keeps [`ProbeRun`] plain.
fn leak(s: String) -> &'static str {
    Box::leak(s.into_boxed_str())
}

/// Probe 2: f64 NaN operand priority and the invalid-operation NaN, with
/// `mad.rn.f64`.
pub fn nan64() -> ProbeGroup {
    const ONE: u64 = 0x3ff0_0000_0000_0000;
    const INF: u64 = 0x7ff0_0000_0000_0000;
    const NEG: u64 = 1 << 63;
    let qa = 0x7ff8_0000_0000_000a;
    let qb = 0xfff8_0000_0000_000b;
    let qc = 0x7ff8_0000_0000_000c;
    let sa = 0x7ff0_0000_0000_001a;
    let sb = 0xfff0_0000_0000_001b;
    let sc = 0x7ff0_0000_0000_001c;
    let mut cases = Vec::new();
    for (x, y, z) in [(qa, qb, qc), (sa, sb, sc), (qa, sb, qc), (sa, qb, sc)] {
        cases.extend([
            vec![x, ONE, ONE],
            vec![ONE, y, ONE],
            vec![ONE, ONE, z],
            vec![x, y, ONE],
            vec![x, ONE, z],
            vec![ONE, y, z],
            vec![x, y, z],
        ]);
    }
    cases.extend([
        vec![0, INF, ONE],
        vec![INF, NEG, ONE],
        vec![INF, ONE, NEG | INF],
        vec![NEG | INF, ONE, INF],
        vec![0, INF, qc],
        vec![0, INF, sc],
    ]);
    ProbeGroup {
        name: "nan-f64",
        question: "f64: the result is the first NaN among a, b, c, quieted; an invalid operation gives 0xfff8000000000000 (docs/NVIDIA.md \"NaN results\", priority open)",
        runs: vec![ProbeRun { form: "mad.rn.f64", cases }],
    }
}

/// Operand pairs whose exact product lies just below and just above the
/// smallest normal of a format with `frac` fraction bits and minimum normal
/// exponent field 1: `a` a few ulps below 1.0 (both signs), `b` the smallest
/// normal and a few ulps above it.
fn near_min_normal(one: u64, frac: u32, sign: u64) -> Vec<(u64, u64)> {
    let min_normal = 1u64 << frac;
    let mut v = Vec::new();
    for k in 1..=16 {
        for j in 0..8 {
            v.push((one - k, min_normal + j));
            v.push((sign | (one - k), min_normal + j));
        }
    }
    v
}

/// Probe 3: the `.ftz` boundary: exact results just below the smallest
/// normal that round up to it (f16 `fma`/`mul`, and `mad.f32` in all four
/// roundings), with the forms without `.ftz` beside them.
pub fn ftz_boundary() -> ProbeGroup {
    let f16 = near_min_normal(F16_ONE, 10, 0x8000);
    let f32 = near_min_normal(0x3f80_0000, 23, 0x8000_0000);
    let two = |p: &[(u64, u64)]| p.iter().map(|(a, b)| vec![*a, *b]).collect::<Vec<_>>();
    let three = |p: &[(u64, u64)], neg0: u64| {
        p.iter()
            .flat_map(|(a, b)| [vec![*a, *b, 0], vec![*a, *b, neg0]])
            .collect::<Vec<_>>()
    };
    let mut runs = vec![
        ProbeRun {
            form: "mul.rn.ftz.f16",
            cases: two(&f16),
        },
        ProbeRun {
            form: "mul.rn.f16",
            cases: two(&f16),
        },
        ProbeRun {
            form: "fma.rn.ftz.f16",
            cases: three(&f16, 0x8000),
        },
        ProbeRun {
            form: "fma.rn.f16",
            cases: three(&f16, 0x8000),
        },
        ProbeRun {
            form: "mul.rn.ftz.f16x2",
            cases: two(&f16)
                .into_iter()
                .map(|c| c.into_iter().map(|x| x | x << 16).collect())
                .collect(),
        },
    ];
    for form in [
        "mad.rn.ftz.f32",
        "mad.rz.ftz.f32",
        "mad.rm.ftz.f32",
        "mad.rp.ftz.f32",
        "mad.rn.f32",
    ] {
        runs.push(ProbeRun {
            form,
            cases: three(&f32, 0x8000_0000),
        });
    }
    ProbeGroup {
        name: "ftz",
        question: ".ftz flushes a result that is subnormal AFTER rounding; one that rounds up to the smallest normal is kept (docs/NVIDIA.md \".ftz\", open)",
        runs,
    }
}

/// Probe 4: `.sat` and `.relu` on -0.0 results (and on tiny negative
/// results and NaNs beside them).
pub fn sat_relu() -> ProbeGroup {
    // f16: -1, 0, -0, a tiny negative subnormal, NaN, 2.0.
    let (m1, z, nz, tiny, nan, two) = (0xbc00u64, 0u64, 0x8000u64, 0x8001u64, 0x7e00u64, 0x4000u64);
    let f16_3 = vec![
        vec![m1, z, nz],
        vec![nz, F16_ONE, nz],
        vec![m1, tiny, z],
        vec![tiny, F16_ONE, nz],
        vec![F16_ONE, F16_ONE, m1],
        vec![nan, F16_ONE, z],
        vec![two, two, z],
    ];
    let f16_2 = vec![
        vec![nz, nz],
        vec![m1, z],
        vec![tiny, nz],
        vec![nan, z],
        vec![two, two],
    ];
    let bf16_3: Vec<Vec<u64>> = vec![
        vec![0xbf80, 0, 0x8000],
        vec![0x8000, BF16_ONE, 0x8000],
        vec![0xbf80, 0x8001, 0],
        vec![0x7fc0, BF16_ONE, 0],
    ];
    let f32_3 = vec![
        vec![0xbf80_0000, 0, 0x8000_0000],
        vec![0x8000_0000, 0x3f80_0000, 0x8000_0000],
        vec![0xbf80_0000, 0x8000_0001, 0],
        vec![0x7fc0_0000, 0x3f80_0000, 0],
    ];
    ProbeGroup {
        name: "sat-relu",
        question:
            ".sat and .relu turn a -0.0 result into +0.0 (docs/NVIDIA.md \".sat\", \".relu\", open)",
        runs: vec![
            ProbeRun {
                form: "fma.rn.sat.f16",
                cases: f16_3.clone(),
            },
            ProbeRun {
                form: "fma.rn.ftz.sat.f16",
                cases: f16_3.clone(),
            },
            ProbeRun {
                form: "add.rn.sat.f16",
                cases: f16_2.clone(),
            },
            ProbeRun {
                form: "mul.rn.sat.f16",
                cases: f16_2,
            },
            ProbeRun {
                form: "fma.rn.relu.f16",
                cases: f16_3.clone(),
            },
            ProbeRun {
                form: "fma.rn.ftz.relu.f16",
                cases: f16_3,
            },
            ProbeRun {
                form: "fma.rn.relu.bf16",
                cases: bf16_3,
            },
            ProbeRun {
                form: "mad.rn.sat.f32",
                cases: f32_3.clone(),
            },
            ProbeRun {
                form: "mad.rn.ftz.sat.f32",
                cases: f32_3,
            },
        ],
    }
}

/// Every 16-bit value in position `pos` of a triple whose other operands are
/// `fill`.
fn sweep_position(pos: usize, fill: [u64; 3]) -> Vec<Vec<u64>> {
    (0..=0xffffu64)
        .map(|v| {
            let mut c = fill.to_vec();
            c[pos] = v;
            c
        })
        .collect()
}

/// Probe 5a: `.oob`: all 65536 values in each of `a`, `b`, `c`, for f16 and
/// bf16, with and without `.relu`. The others are 1.0, 1.0, 1.0 (a normal
/// result is 2.0, never +0.0, so an OOB result stands out).
pub fn oob() -> ProbeGroup {
    let mut runs = Vec::new();
    for (suffix, one) in [("f16", F16_ONE), ("bf16", BF16_ONE)] {
        let mut cases = Vec::new();
        for pos in 0..3 {
            cases.extend(sweep_position(pos, [one; 3]));
        }
        runs.push(ProbeRun {
            form: leak(format!("fma.rn.oob.{suffix}")),
            cases: cases.clone(),
        });
        runs.push(ProbeRun {
            form: leak(format!("fma.rn.oob.relu.{suffix}")),
            cases,
        });
    }
    ProbeGroup {
        name: "oob",
        question: ".oob: a or b whose low 15 bits are 0x7ff7 gives +0.0; any other NaN, and any NaN in c, gives the canonical NaN (docs/NVIDIA.md \".oob\", open)",
        runs,
    }
}

/// Probe 5b: lane independence in `.f16x2`/`.bf16x2`: every pair of
/// special lane values in `a` (ordinary, NaN, OOB-NaN, subnormal, -0, inf,
/// tiny-product) against ordinary `b`, `c`, and the same in `b`.
pub fn lanes() -> ProbeGroup {
    let specials =
        |one: u64, nan: u64, inf: u64| [one, nan, 0x7ff7, 0xfff7, 0x0001, 0x8000, inf, 0x8001];
    let mut runs = Vec::new();
    for (suffix, one, nan, inf) in [
        ("f16x2", F16_ONE, 0x7e00u64, 0x7c00u64),
        ("bf16x2", BF16_ONE, 0x7fc0, 0x7f80),
    ] {
        let s = specials(one, nan, inf);
        let pack = |lo: u64, hi: u64| lo | hi << 16;
        let ones = pack(one, one);
        let mut three = Vec::new();
        let mut two = Vec::new();
        for &lo in &s {
            for &hi in &s {
                three.push(vec![pack(lo, hi), ones, ones]);
                three.push(vec![ones, pack(lo, hi), ones]);
                three.push(vec![ones, ones, pack(lo, hi)]);
                two.push(vec![pack(lo, hi), ones]);
                two.push(vec![ones, pack(lo, hi)]);
            }
        }
        for form in ["fma.rn.oob", "fma.rn.oob.relu", "fma.rn", "fma.rn.relu"] {
            runs.push(ProbeRun {
                form: leak(format!("{form}.{suffix}")),
                cases: three.clone(),
            });
        }
        for form in ["add.rn", "mul.rn"] {
            runs.push(ProbeRun {
                form: leak(format!("{form}.{suffix}")),
                cases: two.clone(),
            });
        }
        if suffix == "f16x2" {
            runs.push(ProbeRun {
                form: "fma.rn.ftz.f16x2",
                cases: three.clone(),
            });
            runs.push(ProbeRun {
                form: "fma.rn.sat.f16x2",
                cases: three.clone(),
            });
            runs.push(ProbeRun {
                form: "add.rn.ftz.f16x2",
                cases: two.clone(),
            });
        }
    }
    ProbeGroup {
        name: "lanes",
        question: "lanes of .f16x2/.bf16x2 are computed independently, .oob per lane (docs/NVIDIA.md \"Registers and lanes\", \".oob\")",
        runs,
    }
}

/// Every probe group, in docs/NVIDIA.md order.
pub fn all() -> Vec<ProbeGroup> {
    vec![nan16(), nan64(), ftz_boundary(), sat_relu(), oob(), lanes()]
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_run_has_cases_of_one_arity() {
        for g in all() {
            for r in &g.runs {
                let arity = if r.form.starts_with("fma") || r.form.starts_with("mad") {
                    3
                } else {
                    2
                };
                assert!(!r.cases.is_empty(), "{}", r.form);
                assert!(r.cases.iter().all(|c| c.len() == arity), "{}", r.form);
            }
        }
    }
}
