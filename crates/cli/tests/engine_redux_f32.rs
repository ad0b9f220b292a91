//! `redux.sync.{min,max}{.abs}{.NaN}.f32` (PTX ISA 8.6, sm_100a) through
//! the engine: one warp reduces values of its lanes, and each result is
//! checked against an independent reduction (the standard library's
//! `f32::total_cmp` over the non-NaN values, which orders -0.0 below +0.0
//! as the ISA asks), never against ptxfp's own output.

mod common;
use common::{fails_with, hex, mem, run_src};

const FORMS: [(&str, bool, bool, bool); 8] = [
    ("min", false, false, false),
    ("max", true, false, false),
    ("min.abs", false, true, false),
    ("max.abs", true, true, false),
    ("min.NaN", false, false, true),
    ("max.NaN", true, false, true),
    ("min.abs.NaN", false, true, true),
    ("max.abs.NaN", true, true, true),
];

/// A kernel of one warp: lane `l` loads `in[l]`, and the lanes of
/// `mask` (the others skip the instructions) reduce it with each form of
/// `FORMS`, lane `l` storing form `k`'s result at `out[32k + l]`.
fn kernel(target: &str, version: &str, mask: u32) -> String {
    let mut body = String::new();
    for (k, (op, ..)) in FORMS.iter().enumerate() {
        body += &format!(
            "    @%p redux.sync.{op}.f32 %f1, %f0, {mask:#x};\n    @%p st.global.f32 [%o+{}], %f1;\n",
            128 * k
        );
    }
    format!(
        ".version {version}\n.target {target}\n.address_size 64\n.visible .entry k(.param .u64 in, .param .u64 out)\n{{\n    .reg .pred %p;\n    .reg .b32 %l, %m;\n    .reg .f32 %f<2>;\n    .reg .b64 %i, %o, %w;\n    mov.u32 %l, %laneid;\n    shl.b32 %m, 1, %l;\n    and.b32 %m, %m, {mask:#x};\n    setp.ne.u32 %p, %m, 0;\n    ld.param.u64 %i, [in];\n    ld.param.u64 %o, [out];\n    mul.wide.u32 %w, %l, 4;\n    add.u64 %i, %i, %w;\n    add.u64 %o, %o, %w;\n    ld.global.f32 %f0, [%i];\n{body}    ret;\n}}\n"
    )
}

/// The reduction the ISA describes, by the standard library.
fn oracle(vals: &[u32], max: bool, abs: bool, nan: bool) -> u32 {
    let xs: Vec<f32> = vals
        .iter()
        .map(|&b| {
            let x = f32::from_bits(b);
            if abs {
                x.abs()
            } else {
                x
            }
        })
        .collect();
    if nan && xs.iter().any(|x| x.is_nan()) {
        return 0x7fff_ffff;
    }
    let numbers = xs.iter().copied().filter(|x| !x.is_nan());
    let picked = if max {
        numbers.max_by(f32::total_cmp)
    } else {
        numbers.min_by(f32::total_cmp)
    };
    picked.map_or(0x7fff_ffff, f32::to_bits)
}

fn run(name: &str, vals: &[u32; 32], mask: u32) -> std::process::Output {
    let bytes: Vec<u8> = vals.iter().flat_map(|v| v.to_le_bytes()).collect();
    run_src(
        name,
        &kernel("sm_100a", "8.6", mask),
        &[
            "--block",
            "32",
            "--set",
            "in=0x100000",
            "--mem",
            &format!("0x100000={}", hex(&bytes)),
            "--set",
            "out=0x200000",
        ],
    )
}

/// Every form over the whole warp and over its lanes 0 to 15, on warps
/// with signed zeros, NaNs of both signs and several payloads,
/// infinities and subnormals; a lane outside the mask runs nothing and
/// writes nothing.
#[test]
fn float_redux_reduces_as_the_isa_says() {
    let mut warps: Vec<[u32; 32]> = Vec::new();
    // Zeros of both signs only: min is -0.0, max +0.0, abs makes both +0.
    warps.push(std::array::from_fn(|l| {
        if l % 2 == 0 {
            0x8000_0000
        } else {
            0
        }
    }));
    // A NaN among numbers (in lane 20: inside the full mask only).
    warps.push(std::array::from_fn(|l| match l {
        20 => 0xffc0_1234,
        l => (l as f32 - 9.5).to_bits(),
    }));
    // NaNs only, with payloads.
    warps.push(std::array::from_fn(|l| 0x7f80_0001 + l as u32));
    // Infinities, subnormals and extremes.
    warps.push(std::array::from_fn(|l| {
        [
            0xff80_0000,
            0x0000_0001,
            0x8000_0001,
            0x7f7f_ffff,
            0xff7f_ffff,
            0x7f80_0000,
            0x807f_ffff,
            0x3f80_0000,
        ][l % 8]
    }));
    for (w, vals) in warps.iter().enumerate() {
        for (mask, lanes) in [(0xffff_ffffu32, 32usize), (0x0000_ffff, 16)] {
            let o = run(&format!("redux-f32-{w}-{mask:x}.ptx"), vals, mask);
            let want_all: Vec<u32> = FORMS
                .iter()
                .map(|(_, max, abs, nan)| oracle(&vals[..lanes], *max, *abs, *nan))
                .collect();
            for (k, (op, ..)) in FORMS.iter().enumerate() {
                let at = 0x200000 + 128 * k as u64;
                let got = mem(&o, at, 4 * lanes);
                let want: Vec<u8> = (0..lanes).flat_map(|_| want_all[k].to_le_bytes()).collect();
                assert_eq!(got, want, "warp {w} mask {mask:#x} {op}");
                // Lanes 16 to 31 outside the mask wrote nothing.
                if lanes == 16 {
                    let (stdout, _) = common::text(&o);
                    assert!(
                        stdout.contains(&format!("mem[{at:#x}..{:#x}] =", at + 64)),
                        "{stdout}"
                    );
                }
            }
        }
    }
}

/// `.f32` needs PTX ISA 8.6 and sm_100a (from 8.8 the sm_100f family).
#[test]
fn float_redux_needs_sm_100a() {
    for (target, version) in [
        ("sm_100", "8.6"),
        ("sm_100f", "8.6"),
        ("sm_90a", "8.6"),
        ("sm_100a", "8.5"),
    ] {
        let o = run_src(
            &format!("redux-f32-{target}-{version}.ptx"),
            &kernel(target, version, 0xffff_ffff),
            &[
                "--block",
                "32",
                "--set",
                "in=0x100000",
                "--set",
                "out=0x200000",
            ],
        );
        fails_with(&o, |e| e.contains("redux.sync.min.f32"));
    }
}
