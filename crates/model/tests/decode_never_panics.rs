//! Hostile spellings: every root of the families ptxfp decodes (integer,
//! cvt, comparison, selection, the float table) with every sequence of up
//! to two modifier words and one or two type words decodes without a
//! panic, into an op or a refusal with a message; and every op that
//! decodes computes on edge-weighted and random register bits without a
//! panic, its destinations within their types' widths. PTX ISA 9.4's packed
//! families get a test of their own: roots, modifiers and type words
//! mixed in every order.

use ptxfp_isa::op::{decode, Op};
use ptxfp_isa::types::PtxType;
use ptxfp_model::{compute_explicit, explicit_operands, Exec};

const ROOTS: [&str; 24] = [
    "add", "sub", "mul", "mad", "fma", "div", "rem", "min", "max", "abs", "neg", "cvt", "setp",
    "set", "selp", "slct", "testp", "shl", "shr", "prmt", "lop3", "bfe", "sqrt", "addc",
];
const MODS: [&str; 34] = [
    "rn",
    "rz",
    "rm",
    "rp",
    "rni",
    "rzi",
    "rmi",
    "rpi",
    "rna",
    "ftz",
    "sat",
    "relu",
    "satfinite",
    "approx",
    "full",
    "lo",
    "hi",
    "wide",
    "cc",
    "lt",
    "ge",
    "ltu",
    "nan",
    "hs",
    "and",
    "xor",
    "finite",
    "f4e",
    "rc16",
    "clamp",
    "wrap",
    "l",
    "NaN",
    "oob",
];
const TYPES: [&str; 16] = [
    "u8", "s8", "u16", "s16", "u32", "s32", "u64", "s64", "b32", "pred", "f16", "f16x2", "bf16",
    "f32", "f64", "e4m3x2",
];

fn rng(s: &mut u64) -> u64 {
    *s = s.wrapping_add(0x9e37_79b9_7f4a_7c15);
    let mut z = *s;
    z = (z ^ (z >> 30)).wrapping_mul(0xbf58_476d_1ce4_e5b9);
    z = (z ^ (z >> 27)).wrapping_mul(0x94d0_49bb_1331_11eb);
    z ^ (z >> 31)
}

/// `op` computes on `srcs`, each destination within its type's width.
fn computes_within_widths(op: &Op, srcs: &[u64], dsts_t: &[PtxType], text: &str, exec: &Exec) {
    let (dsts, _) = compute_explicit(op, srcs, exec)
        .unwrap_or_else(|| panic!("{text} decoded but did not compute"));
    for (v, t) in dsts.iter().zip(dsts_t) {
        let width = if *t == PtxType::Pred { 1 } else { t.bits() };
        assert!(
            width == 64 || v >> width == 0,
            "{text} {srcs:x?}: {v:#x} wider than {t}"
        );
    }
}

#[test]
fn every_short_spelling_decodes_or_is_refused() {
    let exec = Exec::default();
    let mut seen_ops = 0usize;
    let mut s = 5u64;
    let mut seqs: Vec<Vec<&str>> = vec![vec![]];
    for m in MODS {
        seqs.push(vec![m]);
        for n in MODS {
            seqs.push(vec![m, n]);
        }
    }
    let mut tys: Vec<String> = TYPES.iter().map(|t| t.to_string()).collect();
    for a in ["u32", "s32", "f32", "f16x2"] {
        for b in TYPES {
            tys.push(format!("{a}.{b}"));
        }
    }
    for root in ROOTS {
        for seq in &seqs {
            for ty in &tys {
                let mut text = root.to_string();
                for m in seq {
                    text.push('.');
                    text.push_str(m);
                }
                text.push('.');
                text.push_str(ty);
                let d = decode(&text, false);
                for diag in &d.diags {
                    assert!(!diag.message.is_empty(), "{text}");
                    assert!(diag.span.end <= text.len(), "{text}: {:?}", diag.span);
                }
                let Some(sig) = d.op.signature() else {
                    // Refused (with its diagnostics, checked above) or not
                    // a computing op.
                    assert!(
                        !matches!(d.op, Op::Form(_) | Op::Int(_) | Op::Cvt(_)),
                        "{text}"
                    );
                    continue;
                };
                seen_ops += 1;
                let (srcs_t, dsts_t) = explicit_operands(&sig);
                for k in 0..3 {
                    let srcs: Vec<u64> = srcs_t
                        .iter()
                        .map(|t| match k {
                            0 => 0,
                            1 => t.mask(),
                            _ => rng(&mut s) & t.mask(),
                        })
                        .collect();
                    computes_within_widths(&d.op, &srcs, &dsts_t, &text, &exec);
                }
            }
        }
    }
    assert!(seen_ops > 1_500, "{seen_ops} ops decoded");
}

/// PTX ISA 9.4's packed families (the alternate floating-point types, the
/// packed mixed-precision lines, `set` on packed integers): `add`, `sub`,
/// `mul`, `fma`, `set` with up to two modifiers, before or after the
/// types, and every sequence of one to three of 16 type words, decode
/// into an op or a placed message, and every op computes within its
/// destination's width.
#[test]
fn packed_9_4_spellings_decode_or_are_refused() {
    const ROOTS94: [&str; 5] = ["add", "sub", "mul", "fma", "set"];
    const MODS94: [&str; 9] = [
        "rn",
        "rz",
        "satfinite",
        "ftz",
        "relu",
        "sat",
        "ge",
        "lo",
        "NaN",
    ];
    const TYPES94: [&str; 16] = [
        "e4m3x4", "e5m2x4", "e3m2x4", "e2m3x4", "e2m1x4", "e2m1p4x4", "ue8m0x4", "f32x2", "f16x2",
        "bf16x2", "u8x4", "s8x4", "u16x2", "s16x2", "f32", "e4m3x2",
    ];
    let exec = Exec::default();
    let mut s = 94u64;
    let (mut ops, mut refused) = (0usize, 0usize);
    let mut kinds = [0usize; 3];
    let mut mods: Vec<Vec<&str>> = vec![vec![]];
    for m in MODS94 {
        mods.push(vec![m]);
        for n in MODS94 {
            mods.push(vec![m, n]);
        }
    }
    let mut tys: Vec<Vec<&str>> = Vec::new();
    for a in TYPES94 {
        tys.push(vec![a]);
        for b in TYPES94 {
            tys.push(vec![a, b]);
            for c in TYPES94 {
                tys.push(vec![a, b, c]);
            }
        }
    }
    for root in ROOTS94 {
        for m in &mods {
            for (i, t) in tys.iter().enumerate() {
                // Modifiers before the types, or (every other time) after.
                let words: Vec<&str> = if i % 2 == 0 {
                    m.iter().chain(t).copied().collect()
                } else {
                    t.iter().chain(m).copied().collect()
                };
                let text = format!("{root}.{}", words.join("."));
                let d = decode(&text, i % 3 == 0);
                for diag in &d.diags {
                    assert!(!diag.message.is_empty(), "{text}");
                    assert!(diag.span.end <= text.len(), "{text}: {:?}", diag.span);
                }
                let Some(sig) = d.op.signature() else {
                    refused += 1;
                    continue;
                };
                ops += 1;
                match d.op {
                    Op::Alt(_) => kinds[0] += 1,
                    Op::Mixed(_) => kinds[1] += 1,
                    Op::SetSimd(_) => kinds[2] += 1,
                    _ => {}
                }
                let (srcs_t, dsts_t) = explicit_operands(&sig);
                let srcs: Vec<u64> = srcs_t.iter().map(|t| rng(&mut s) & t.mask()).collect();
                computes_within_widths(&d.op, &srcs, &dsts_t, &text, &exec);
            }
        }
    }
    // The new forms are among them: alt, mixed and packed set.
    assert!(
        ops > 1_000 && refused > 1_000_000,
        "{ops} ops, {refused} refused"
    );
    assert!(
        kinds[0] > 500 && kinds[1] > 10 && kinds[2] > 3,
        "{kinds:?} (alt, mixed, set)"
    );
}

/// The asynchronous and ordering instructions of PTX ISA 9.3 and 9.4
/// (mbarrier layouts, phase types and multicast, the bulk copies' report
/// mechanisms, `.relaxed` scopes and mask widths, tensor-map overrides,
/// `fence`/`membar` by syntax line, `tcgen05` commits and allocations):
/// every sequence of up to four of 24 qualifier words after each root
/// decodes without a panic into an op or a placed message, and every op
/// validates against four targets without a panic. The ISA's own examples
/// are among the ops.
#[test]
fn async_9_4_spellings_decode_or_are_refused() {
    use ptxfp_isa::target::{PtxVersion, Target};
    const ROOTS: [&str; 9] = [
        "mbarrier",
        "cp.async.bulk",
        "cp.async.bulk.tensor.1d",
        "cp.reduce.async.bulk",
        "fence",
        "membar",
        "tcgen05.commit.cta_group::1",
        "tcgen05.alloc.cta_group::1",
        "fence.proxy",
    ];
    const WORDS: [&str; 24] = [
        "init",
        "arrive",
        "try_wait",
        "parity",
        "layout::v1",
        "phase_type::conditional",
        "check_layout",
        "shared::cta",
        "shared::cluster",
        "global",
        "multicast::cluster::32b",
        "multicast::cluster::16b",
        "mbarrier::complete_tx::bytes",
        "mbarrier::report::validity::per_element::ff",
        "relaxed",
        "cluster",
        "b128",
        "b64",
        "alias",
        "release",
        "sys",
        "override::global_address",
        "mbarrier::arrive::one",
        "exclusive",
    ];
    let targets = [
        Target::sm(90),
        "sm_100a".parse::<Target>().unwrap(),
        "sm_107f".parse::<Target>().unwrap(),
        Target::sm(80),
    ];
    let (mut ops, mut refused) = (0usize, 0usize);
    let mut seqs: Vec<Vec<&str>> = vec![vec![]];
    for a in WORDS {
        seqs.push(vec![a]);
        for b in WORDS {
            seqs.push(vec![a, b]);
            for c in WORDS {
                seqs.push(vec![a, b, c]);
            }
        }
    }
    // Four words: a thinned sample (every 7th of the 24^4).
    let mut i = 0usize;
    for a in WORDS {
        for b in WORDS {
            for c in WORDS {
                for d in WORDS {
                    i += 1;
                    if i.is_multiple_of(7) {
                        seqs.push(vec![a, b, c, d]);
                    }
                }
            }
        }
    }
    for root in ROOTS {
        for (k, w) in seqs.iter().enumerate() {
            let text = if w.is_empty() {
                root.to_string()
            } else {
                format!("{root}.{}", w.join("."))
            };
            let d = decode(&text, k % 2 == 0);
            for diag in &d.diags {
                assert!(!diag.message.is_empty(), "{text}");
                assert!(diag.span.end <= text.len(), "{text}: {:?}", diag.span);
            }
            if matches!(d.op, Op::Control(_)) {
                ops += 1;
                for t in targets {
                    for v in [PtxVersion::new(8, 0), PtxVersion::new(9, 4)] {
                        for diag in d.op.validate(&text, v, t) {
                            assert!(diag.span.end <= text.len(), "{text}");
                        }
                    }
                }
            } else {
                refused += 1;
            }
        }
    }
    assert!(
        ops > 50 && refused > 100_000,
        "{ops} ops, {refused} refused"
    );
    // The ISA's examples decode.
    for t in [
        "mbarrier.init.layout::v1.shared::cta.b64",
        "mbarrier.check_layout.layout::v1.shared::cta.b64",
        "mbarrier.try_wait.parity.phase_type::conditional.relaxed.cluster.shared::cta.b64",
        "mbarrier.test_wait.phase_type::primary.shared::cta.b64",
        "mbarrier.arrive.release.cta.shared::cluster.multicast::cluster::32b.b64",
        "mbarrier.arrive_drop.shared::cluster.multicast::cluster::32b.b64",
        "mbarrier.expect_tx.relaxed.cta.shared::cluster.multicast::cluster::32b.b64",
        "mbarrier.complete_tx.relaxed.cta.shared::cluster.multicast::cluster::32b.b64",
        "cp.async.bulk.shared::cluster.global.mbarrier::complete_tx::bytes.multicast::cluster::32b",
        "cp.async.bulk.shared::cluster.global.mbarrier::complete_tx::bytes.mbarrier::report::validity::per_16bytes::8000",
        "cp.async.bulk.relaxed.shared::cta.global.mbarrier::complete_tx::bytes.L2::cache_hint.b128",
        "cp.reduce.async.bulk.relaxed.cta.global.shared::cta.bulk_group.add.u64",
        "cp.async.bulk.tensor.1d.shared::cluster.global.mbarrier::complete_tx::bytes.mbarrier::report::validity::per_16bytes::8",
        "cp.reduce.async.bulk.tensor.global.shared::cta.bulk_group.2d.tile.min.override::global_address",
        "fence.proxy.alias.release.sys",
        "fence.proxy.async::generic.release.sync_restrict::shared::cluster::read.cluster",
        "fence.proxy.generic::fabric.alias.release.sys",
        "membar.proxy.alias",
        "clmad.hi.u64",
    ] {
        let d = decode(t, false);
        assert!(d.op.signature().is_some() || matches!(d.op, Op::Control(_)), "{t}: {:?}", d.diags);
        assert!(d.diags.is_empty(), "{t}: {:?}", d.diags);
    }
}
