//! The video instructions (PTX ISA 9.7.18) through the engine: 256
//! threads each run every form below on their own `a, b, c` (edge values
//! and random words), and each result is checked against an oracle
//! written here from other descriptions than the ISA pseudocode that
//! ptxfp-model follows: the SIMD forms from the CUDA Math API's SIMD
//! intrinsics that compile to them (`__vaddus4` "performs per-byte
//! unsigned addition with saturation", `__vsads4` "computes per-byte sum
//! of absolute difference of signed", ...), lane by lane on byte and
//! half-word arrays; the scalar forms from the ISA's prose ("Extract and
//! sign- or zero-extend ... Perform a scalar arithmetic operation ...
//! Optionally clamp the result to the range of the destination type ...
//! apply a second operation ... or ... merge"), and `vmad` from its
//! description ("(a*b) + c, with optional operand negates, plus one
//! mode, and scaling") in exact arithmetic.

mod common;
use common::{fails_with, hex, lcg, mem, run_src};

const THREADS: usize = 256;

/// The byte lanes of `x`.
fn bytes(x: u32) -> [u8; 4] {
    x.to_le_bytes()
}

fn from_bytes(b: [i64; 4]) -> u32 {
    u32::from_le_bytes(b.map(|v| v as u8))
}

/// The half-word lanes of `x`.
fn halves(x: u32) -> [u16; 2] {
    [x as u16, (x >> 16) as u16]
}

fn from_halves(h: [i64; 2]) -> u32 {
    (h[0] as u16 as u32) | ((h[1] as u16 as u32) << 16)
}

/// Per byte, `f` of the unsigned (`signed` false) or signed bytes.
fn per_byte(a: u32, b: u32, signed: bool, f: impl Fn(i64, i64) -> i64) -> u32 {
    let v = |x: u8| {
        if signed {
            i64::from(x as i8)
        } else {
            i64::from(x)
        }
    };
    let (a, b) = (bytes(a), bytes(b));
    from_bytes(std::array::from_fn(|i| f(v(a[i]), v(b[i]))))
}

fn per_half(a: u32, b: u32, signed: bool, f: impl Fn(i64, i64) -> i64) -> u32 {
    let v = |x: u16| {
        if signed {
            i64::from(x as i16)
        } else {
            i64::from(x)
        }
    };
    let (a, b) = (halves(a), halves(b));
    from_halves(std::array::from_fn(|i| f(v(a[i]), v(b[i]))))
}

/// The value of a byte (`.bK`), half-word (`.hK`) or word of `x`.
fn field(x: u32, sel: &str, signed: bool) -> i64 {
    let (v, bits) = match sel.as_bytes() {
        [b'b', k] => ((x >> (8 * u32::from(k - b'0'))) & 0xff, 8),
        [b'h', k] => ((x >> (16 * u32::from(k - b'0'))) & 0xffff, 16),
        _ => (x, 32),
    };
    let v = i64::from(v);
    if signed && v >= 1 << (bits - 1) {
        v - (1 << bits)
    } else {
        v
    }
}

fn clamp(v: i64, bits: u32, signed: bool) -> i64 {
    if signed {
        v.clamp(-(1 << (bits - 1)), (1 << (bits - 1)) - 1)
    } else {
        v.clamp(0, (1 << bits) - 1)
    }
}

/// One form: the instruction (operands `d`, `a`, `b`, `c` with their
/// selectors) and what it computes from the thread's `a, b, c`.
struct Case {
    text: &'static str,
    want: fn(u32, u32, u32) -> u32,
}

const CASES: &[Case] = &[
    // __vaddus4, __vaddss4, __vsubus4, __vsubss4.
    Case {
        text: "vadd4.u32.u32.u32.sat d, a, b, c",
        want: |a, b, _| per_byte(a, b, false, |x, y| (x + y).min(255)),
    },
    Case {
        text: "vadd4.s32.s32.s32.sat d, a, b, c",
        want: |a, b, _| per_byte(a, b, true, |x, y| (x + y).clamp(-128, 127)),
    },
    Case {
        text: "vsub4.u32.u32.u32.sat d, a, b, c",
        want: |a, b, _| per_byte(a, b, false, |x, y| (x - y).max(0)),
    },
    Case {
        text: "vsub4.s32.s32.s32.sat d, a, b, c",
        want: |a, b, _| per_byte(a, b, true, |x, y| (x - y).clamp(-128, 127)),
    },
    // __vadd4 (wrapping), __vabsdiffu4, __vabsdiffs4 (the difference's
    // magnitude, unsigned), __vavgu4 ("rounded average": (a + b + 1) / 2).
    Case {
        text: "vadd4.u32.u32.u32 d, a, b, c",
        want: |a, b, _| per_byte(a, b, false, |x, y| x + y),
    },
    Case {
        text: "vabsdiff4.u32.u32.u32 d, a, b, c",
        want: |a, b, _| per_byte(a, b, false, |x, y| (x - y).abs()),
    },
    Case {
        text: "vabsdiff4.s32.s32.s32 d, a, b, c",
        want: |a, b, _| per_byte(a, b, true, |x, y| (x - y).abs()),
    },
    Case {
        text: "vavrg4.u32.u32.u32 d, a, b, c",
        want: |a, b, _| per_byte(a, b, false, |x, y| (x + y + 1) / 2),
    },
    // __vavgs4/__vavgs2, as NVIDIA's device_functions.hpp comments its
    // emulation: "avgs (a + b) = ((a + b) < 0) ? ((a + b) >> 1) : ((a + b
    // + 1) >> 1)".
    Case {
        text: "vavrg4.s32.s32.s32 d, a, b, c",
        want: |a, b, _| {
            per_byte(a, b, true, |x, y| {
                if x + y < 0 {
                    (x + y) >> 1
                } else {
                    (x + y + 1) >> 1
                }
            })
        },
    },
    Case {
        text: "vavrg2.s32.s32.s32 d, a, b, c",
        want: |a, b, _| {
            per_half(a, b, true, |x, y| {
                if x + y < 0 {
                    (x + y) >> 1
                } else {
                    (x + y + 1) >> 1
                }
            })
        },
    },
    // __vsadu4 and __vsads4 ("sum of absolute difference") plus c.
    Case {
        text: "vabsdiff4.u32.u32.u32.add d, a, b, c",
        want: |a, b, c| {
            let (a, b) = (bytes(a), bytes(b));
            (0..4).fold(c, |s, i| s.wrapping_add(u32::from(a[i].abs_diff(b[i]))))
        },
    },
    Case {
        text: "vabsdiff4.s32.s32.s32.add d, a, b, c",
        want: |a, b, c| {
            let (a, b) = (bytes(a), bytes(b));
            (0..4).fold(c, |s, i| {
                s.wrapping_add(u32::from((a[i] as i8).abs_diff(b[i] as i8)))
            })
        },
    },
    // __vmins4, __vmaxu4; __vcmpgeu4 gives 0xff per true byte, vset4 1.
    Case {
        text: "vmin4.s32.s32.s32 d, a, b, c",
        want: |a, b, _| per_byte(a, b, true, |x, y| x.min(y)),
    },
    Case {
        text: "vmax4.u32.u32.u32 d, a, b, c",
        want: |a, b, _| per_byte(a, b, false, |x, y| x.max(y)),
    },
    Case {
        text: "vset4.u32.u32.ge d, a, b, c",
        want: |a, b, _| per_byte(a, b, false, |x, y| i64::from(x >= y)),
    },
    Case {
        text: "vset4.s32.s32.lt.add d, a, b, c",
        want: |a, b, c| {
            c.wrapping_add(
                per_byte(a, b, true, |x, y| i64::from(x < y))
                    .to_le_bytes()
                    .iter()
                    .map(|&v| u32::from(v))
                    .sum::<u32>(),
            )
        },
    },
    // The half-word forms: __vaddss2, __vsubus2, __vabsdiffs2, __vmaxs2,
    // __vcmpne2 (1 per lane here), __vsads2 plus c.
    Case {
        text: "vadd2.s32.s32.s32.sat d, a, b, c",
        want: |a, b, _| per_half(a, b, true, |x, y| (x + y).clamp(-32768, 32767)),
    },
    Case {
        text: "vsub2.u32.u32.u32.sat d, a, b, c",
        want: |a, b, _| per_half(a, b, false, |x, y| (x - y).max(0)),
    },
    Case {
        text: "vabsdiff2.s32.s32.s32 d, a, b, c",
        want: |a, b, _| per_half(a, b, true, |x, y| (x - y).abs()),
    },
    Case {
        text: "vmax2.s32.s32.s32 d, a, b, c",
        want: |a, b, _| per_half(a, b, true, |x, y| x.max(y)),
    },
    Case {
        text: "vset2.s32.s32.ne d, a, b, c",
        want: |a, b, _| per_half(a, b, true, |x, y| i64::from(x != y)),
    },
    Case {
        text: "vabsdiff2.s32.s32.s32.add d, a, b, c",
        want: |a, b, c| {
            let (a, b) = (halves(a), halves(b));
            (0..2).fold(c, |s, i| {
                s.wrapping_add(u32::from((a[i] as i16).abs_diff(b[i] as i16)))
            })
        },
    },
    // Selectors and masks: lane i of `.b4321` is byte i + 1 of {b, a};
    // `.b0077` gives lanes 0 and 1 b's byte 3 (7), lanes 2 and 3 a's byte
    // 0; `d.b20` takes lanes 2 and 0, c's bytes the others.
    Case {
        text: "vmin4.s32.u32.s32 d.b20, a.b4321, b.b0077, c",
        want: |a, b, c| {
            let pair = (u64::from(b) << 32) | u64::from(a);
            let byte = |k: u32| (pair >> (8 * k)) as u8;
            let va = [1, 2, 3, 4].map(|k| i64::from(byte(k)));
            let vb = [7, 7, 0, 0].map(|k| i64::from(byte(k) as i8));
            let cb = bytes(c);
            from_bytes(std::array::from_fn(|i| {
                if i % 2 == 0 {
                    va[i].min(vb[i])
                } else {
                    i64::from(cb[i])
                }
            }))
        },
    },
    // `.h21` and `.h03`; mask `.h1`.
    Case {
        text: "vadd2.u32.u32.u32.sat d.h1, a.h21, b.h03, c",
        want: |a, b, c| {
            let pair = (u64::from(b) << 32) | u64::from(a);
            let half = |k: u32| i64::from((pair >> (16 * k)) as u16);
            let t1 = (half(2) + half(0)).min(65535);
            ((t1 as u32) << 16) | (c & 0xffff)
        },
    },
    // The scalar forms: stages 1 to 4 of the ISA's prose.
    Case {
        text: "vadd.s32.u32.s32.sat d, a.b1, b.h1",
        want: |a, b, _| clamp(field(a, "b1", false) + field(b, "h1", true), 32, true) as u32,
    },
    Case {
        text: "vadd.u32.u32.u32 d, a, b",
        want: |a, b, _| a.wrapping_add(b),
    },
    Case {
        // On a GPU a negative difference saturates a byte high: the byte
        // clamps the difference's 64-bit unsigned image (an H200,
        // testdata/hw/nvidia-h200/kernels/; docs/NVIDIA.md "Video
        // instructions on a GPU"); the ISA's CLAMP would give 0.
        text: "vsub.u32.s32.s32.sat d.b2, a.h0, b.b3, c",
        want: |a, b, c| {
            let t = ((field(a, "h0", true) - field(b, "b3", true)) as u64).min(255) as u32;
            (c & 0xff00_ffff) | (t << 16)
        },
    },
    Case {
        text: "vmax.s32.s32.s32.min d, a, b, c",
        want: |a, b, c| (a as i32).max(b as i32).min(c as i32) as u32,
    },
    Case {
        text: "vmin.u32.s32.u32.sat.max d, a, b, c",
        want: |a, b, c| {
            clamp(i64::from(a as i32).min(i64::from(b)), 32, false).max(i64::from(c)) as u32
        },
    },
    Case {
        text: "vabsdiff.u32.u32.u32.add d, a, b, c",
        want: |a, b, c| a.abs_diff(b).wrapping_add(c),
    },
    Case {
        // A GPU merges the saturated value's own high half into `.h1`
        // (0 for every non-negative one), where the ISA shifts its low
        // half up (an H200; docs/NVIDIA.md).
        text: "vabsdiff.s32.s32.s32.sat d.h1, a, b, c",
        want: |a, b, c| {
            let t = clamp((i64::from(a as i32) - i64::from(b as i32)).abs(), 16, true) as u32;
            (t & 0xffff_0000) | (c & 0xffff)
        },
    },
    // Shifts by b's low byte: `.clamp` stops at 32, `.wrap` takes it
    // modulo 32.
    Case {
        text: "vshl.u32.u32.u32.clamp d, a, b.b0",
        want: |a, b, _| {
            let n = (b & 0xff).min(32);
            (u64::from(a) << n) as u32
        },
    },
    Case {
        // A GPU shifts by n - 2 in 32 bits and saturates that word times
        // 4 (an H200; docs/NVIDIA.md), where the ISA saturates the whole
        // shifted value.
        text: "vshl.s32.s32.u32.sat.clamp d, a, b.b0",
        want: |a, b, _| {
            let n = (b & 0xff).min(32);
            let v = if n < 2 {
                i64::from(a as i32) << n
            } else {
                i64::from((a << (n - 2)) as i32) * 4
            };
            clamp(v, 32, true) as u32
        },
    },
    Case {
        text: "vshr.s32.s32.u32.wrap d, a, b.b0",
        want: |a, b, _| ((a as i32) >> (b & 31)) as u32,
    },
    Case {
        text: "vshr.u32.u32.u32.clamp.add d, a, b.b0, c",
        want: |a, b, c| ((u64::from(a) >> (b & 0xff).min(32)) as u32).wrapping_add(c),
    },
    Case {
        text: "vset.u32.s32.le.max d, a.h1, b.b2, c",
        want: |a, b, c| u32::from(field(a, "h1", false) <= field(b, "b2", true)).max(c),
    },
    Case {
        text: "vset.s32.s32.ne d.b3, a, b, c",
        want: |a, b, c| (c & 0x00ff_ffff) | (u32::from(a != b) << 24),
    },
    // vmad: "(a*b) + c, with optional operand negates, plus one mode, and
    // scaling", in exact arithmetic: -c and a signed final result (s32 a).
    Case {
        text: "vmad.s32.s32.u32.sat d, a.h0, b.h1, -c",
        want: |a, b, c| {
            let v = field(a, "h0", true) * field(b, "h1", false) - i64::from(c as i32);
            clamp(v, 32, true) as u32
        },
    },
    // ... u32 sources, plus one, scaled by 2^-7: a GPU reads `c` as
    // signed even here, where the ISA zero-extends it (an H200;
    // docs/NVIDIA.md), and the shift is arithmetic.
    Case {
        text: "vmad.u32.u32.u32.po.shr7 d, a.h1, b.h0, c",
        want: |a, b, c| {
            ((field(a, "h1", false) * field(b, "h0", false) + i64::from(c as i32) + 1) >> 7) as u32
        },
    },
    // -(u32 * u32) + c is signed; saturated.
    Case {
        text: "vmad.u32.u32.u32.sat d, -a.b0, b.b1, c",
        want: |a, b, c| {
            clamp(
                -(field(a, "b0", false) * field(b, "b1", false)) + i64::from(c as i32),
                32,
                true,
            ) as u32
        },
    },
];

/// The kernel: thread t loads `a, b, c` from `abc + 12t` and stores form
/// k's `d` at `out + 4 (k THREADS + t)`.
fn kernel() -> String {
    let mut body = String::new();
    for (k, case) in CASES.iter().enumerate() {
        // `d.b20, -a.h1, b, c`: each operand a register `%d`, `%a` ...
        let (opcode, operands) = case.text.split_once(' ').unwrap();
        let operands: Vec<String> = operands
            .split(", ")
            .map(|o| match o.strip_prefix('-') {
                Some(o) => format!("-%{o}"),
                None => format!("%{o}"),
            })
            .collect();
        let text = format!("{opcode} {}", operands.join(", "));
        body += &format!(
            "    mov.b32 %d, %c;\n    {text};\n    st.global.b32 [%o+{}], %d;\n",
            4 * k * THREADS
        );
    }
    format!(
        ".version 8.0\n.target sm_80\n.address_size 64\n.visible .entry k(.param .u64 abc, .param .u64 out)\n{{\n    .reg .b32 %a, %b, %c, %d, %t;\n    .reg .b64 %i, %o, %w;\n    mov.u32 %t, %tid.x;\n    ld.param.u64 %i, [abc];\n    ld.param.u64 %o, [out];\n    mul.wide.u32 %w, %t, 12;\n    add.u64 %i, %i, %w;\n    mul.wide.u32 %w, %t, 4;\n    add.u64 %o, %o, %w;\n    ld.global.b32 %a, [%i];\n    ld.global.b32 %b, [%i+4];\n    ld.global.b32 %c, [%i+8];\n{body}    ret;\n}}\n"
    )
}

/// Each thread's `a, b, c`: edge words (0, 1, the byte and half-word
/// extremes, all ones) in every combination for the first threads, then
/// random words.
fn inputs() -> Vec<[u32; 3]> {
    const EDGES: [u32; 8] = [
        0,
        1,
        0x7f7f_7f7f,
        0x8080_8080,
        0xffff_ffff,
        0x7fff_8000,
        0x0080_ff01,
        0x8000_0001,
    ];
    let random = lcg(3 * THREADS, 0x5eed_1dea);
    (0..THREADS)
        .map(|t| {
            if t < 128 {
                [EDGES[t % 8], EDGES[(t / 8) % 8], EDGES[(t / 64 + t) % 8]]
            } else {
                [random[3 * t], random[3 * t + 1], random[3 * t + 2]]
            }
        })
        .collect()
}

#[test]
fn video_instructions_agree_with_the_simd_intrinsics_the_isa_prose_and_a_gpu() {
    let src = kernel();
    let input = inputs();
    let bytes: Vec<u8> = input
        .iter()
        .flatten()
        .flat_map(|v| v.to_le_bytes())
        .collect();
    let o = run_src(
        "video.ptx",
        &src,
        &[
            "--block",
            &THREADS.to_string(),
            "--set",
            "abc=0x100000",
            "--mem",
            &format!("0x100000={}", hex(&bytes)),
            "--set",
            "out=0x200000",
        ],
    );
    let out = mem(&o, 0x200000, 4 * THREADS * CASES.len());
    for (k, case) in CASES.iter().enumerate() {
        for (t, &[a, b, c]) in input.iter().enumerate() {
            let at = 4 * (k * THREADS + t);
            let got = u32::from_le_bytes(out[at..at + 4].try_into().unwrap());
            let want = (case.want)(a, b, c);
            assert_eq!(
                got, want,
                "`{}` with a={a:#010x} b={b:#010x} c={c:#010x}: got {got:#010x}, want {want:#010x}",
                case.text
            );
        }
    }
}

/// Operands the forms do not take are errors that say what the form
/// takes.
#[test]
fn malformed_video_operands_are_errors() {
    let run = |name: &str, line: &str| {
        let src = format!(
            ".version 8.0\n.target sm_80\n.address_size 64\n.visible .entry k()\n{{\n    .reg .b32 %r<5>;\n    mov.b32 %r1, 1;\n    mov.b32 %r2, 2;\n    mov.b32 %r3, 3;\n    {line}\n    ret;\n}}\n"
        );
        run_src(&format!("{name}.ptx"), &src, &[])
    };
    for (name, line, says) in [
        (
            "v-neg",
            "vadd.u32.u32.u32 %r4, -%r1, %r2;",
            "only vmad's sources may be negated",
        ),
        (
            "v-po-neg",
            "vmad.u32.u32.u32.po %r4, %r1, %r2, -%r3;",
            "may not be negated in .po mode",
        ),
        (
            "v-both",
            "vmad.s32.s32.s32 %r4, -%r1, %r2, -%r3;",
            "negates the product (a*b) or c, not both",
        ),
        (
            "v-sel",
            "vadd.u32.u32.u32 %r4, %r1.b4, %r2;",
            "`.b4` is not a selector",
        ),
        (
            "v-c",
            "vadd.u32.u32.u32 %r4, %r1, %r2, %r3;",
            "c goes with a secondary operation",
        ),
        (
            "v-merge-op",
            "vadd.u32.u32.u32.add %r4.h0, %r1, %r2, %r3;",
            "exactly one of them",
        ),
        (
            "v-mask",
            "vadd4.u32.u32.u32 %r4.b01, %r1, %r2, %r3;",
            "`.b01` is not a mask",
        ),
        (
            "v-lsel",
            "vadd2.u32.u32.u32 %r4, %r1.h4, %r2, %r3;",
            "`.h4` is not a source selector",
        ),
        (
            "v-simd3",
            "vadd2.u32.u32.u32 %r4, %r1, %r2;",
            "takes `d{.mask}, a{.asel}, b{.bsel}, c`",
        ),
        (
            "v-sat-add",
            "vadd4.u32.u32.u32.sat.add %r4, %r1, %r2, %r3;",
            "Saturation cannot be used",
        ),
    ] {
        let o = run(name, line);
        fails_with(&o, |e| e.contains(says));
    }
}

/// examples/kernels/sad-vabsdiff4.ptx: eight threads' sums of absolute
/// differences, each worked out here byte by byte.
#[test]
fn the_sad_example_sums_absolute_byte_differences() {
    let src = include_str!("../../../examples/kernels/sad-vabsdiff4.ptx");
    let reference: Vec<u8> = (0..16u32).map(|j| (j * 37 + 11) as u8).collect();
    let line: Vec<u8> = (0..44u32).map(|k| (k * k * 13 + 200) as u8).collect();
    let o = run_src(
        "sad.ptx",
        src,
        &[
            "--block",
            "8",
            "--set",
            "ref=0x1000",
            "--set",
            "line=0x2000",
            "--set",
            "out=0x3000",
            "--mem",
            &format!("0x1000={}", hex(&reference)),
            "--mem",
            &format!("0x2000={}", hex(&line)),
        ],
    );
    let want: Vec<u8> = (0..8)
        .flat_map(|t| {
            let s: u32 = (0..16)
                .map(|j| u32::from(reference[j].abs_diff(line[4 * t + j])))
                .sum();
            s.to_le_bytes()
        })
        .collect();
    assert_eq!(mem(&o, 0x3000, 32), want);
}

/// A vector register's element (`%v.x`), like a special register
/// (`%tid.x`), is a register, with or without a selector after it (`%v.y.b1`, `%v.x.h1`). By hand: v.x = 0x01020304,
/// v.y = 0x10203040; vadd4 adds bytes (0x11223344); vadd takes v.y's byte
/// 1 (0x30) plus v.x; vabsdiff's |v.x - v.y| = 0x0f1e2d3c, its high half
/// merged into v.x's half 1 (as a GPU merges `.h1`; docs/NVIDIA.md
/// "Video instructions on a GPU").
#[test]
fn vector_register_elements_take_selectors() {
    let src = ".version 8.0\n.target sm_80\n.address_size 64\n.visible .entry k()\n{\n.reg .v2 .b32 %v;\n.reg .b32 %r<4>;\nmov.b32 %v.x, 0x01020304;\nmov.b32 %v.y, 0x10203040;\nmov.b32 %r1, 0;\nvadd4.u32.u32.u32 %r1, %v.x, %v.y, %r1;\nvadd.u32.u32.u32 %r2, %v.y.b1, %v.x;\nvabsdiff.u32.u32.u32 %v.x.h1, %v.x, %v.y, %v.x;\nvadd.u32.u32.u32 %r3, %tid.x, %ntid.x;\nret;\n}\n";
    let o = run_src("video-vec.ptx", src, &["--block", "1"]);
    let (out, err) = common::text(&o);
    assert_eq!(o.status.code(), Some(0), "{err}");
    assert_eq!(
        out,
        "%v.x = 0x0f1e0304  b32\n%v.y = 0x10203040  b32\n%r1 = 0x11223344  b32\n%r2 = 0x01020334  b32\n%r3 = 0x00000001  b32\n"
    );
}

/// The kernel and inputs of the test above, committed for a GPU:
/// scripts/gpu-kernels runs testdata/kernels-gpu/video-forms.ptx on one
/// with `ptxfp hw run` (docs/GPU.md "Whole kernels"), so the files must be
/// this test's. `PTXFP_BLESS=1` rewrites them.
#[test]
fn the_gpu_copy_of_the_video_kernel_is_current() {
    let dir = concat!(env!("CARGO_MANIFEST_DIR"), "/../../testdata/kernels-gpu/");
    let bytes: Vec<u8> = inputs()
        .iter()
        .flatten()
        .flat_map(|v| v.to_le_bytes())
        .collect();
    let files = [
        ("video-forms.ptx", kernel()),
        ("video-forms.abc.hex", format!("{}\n", hex(&bytes))),
    ];
    for (name, text) in files {
        let path = format!("{dir}{name}");
        if std::env::var_os("PTXFP_BLESS").is_some() {
            std::fs::create_dir_all(dir).unwrap();
            std::fs::write(&path, &text).unwrap();
        }
        let have = std::fs::read_to_string(&path).unwrap_or_default();
        assert!(
            have == text,
            "{path} is not this test's; PTXFP_BLESS=1 rewrites it"
        );
    }
}

/// testdata/kernels-gpu/video-sweep-*.ptx are what scripts/video-sweep
/// writes (their GPU records are re-derived by
/// `cargo test -p ptxfp-hw --test kernel_records`).
#[test]
fn the_video_sweep_kernels_are_current() {
    let root = concat!(env!("CARGO_MANIFEST_DIR"), "/../..");
    let o = std::process::Command::new("python3")
        .arg(format!("{root}/scripts/video-sweep"))
        .arg("--check")
        .output()
        .expect("python3 runs scripts/video-sweep");
    assert!(o.status.success(), "{}", String::from_utf8_lossy(&o.stderr));
}
