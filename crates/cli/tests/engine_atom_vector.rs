//! `atom`/`red` with vector types (PTX ISA 8.1, sm_90; 9.7.13.5/6):
//! "atom{.sem}{.scope}{.global}.add{.level::cache_hint}.vec_32_bit.f32",
//! ".op.noftz...vec_16_bit.half_word_type" and ".vec_32_bit.packed_type",
//! ".op = { .add, .min, .max }". Each element is the scalar update of its
//! own address ("the atomicity is guaranteed separately for each of the
//! individual scalar elements"). Expected bytes are worked by hand in the
//! comments.

mod common;
use common::{fails_with, mem, run_src};

const KERNEL: &str = "\
.version 8.1
.target sm_90
.address_size 64
.visible .entry k(.param .u64 p)
{
    .reg .f32 %f<12>;
    .reg .b16 %h<20>;
    .reg .b32 %r<8>;
    .reg .b64 %rd<4>;
    ld.param.u64 %rd1, [p];
    mov.f32 %f5, 0f3F000000;
    mov.f32 %f6, 0f40000000;
    mov.f32 %f7, 0f00000000;
    mov.f32 %f8, 0fC0400000;
    atom.global.v4.f32.add {%f1, %f2, %f3, %f4}, [%rd1], {%f5, %f6, %f7, %f8};
    st.global.v4.f32 [%rd1+0x100], {%f1, %f2, %f3, %f4};
    mov.b16 %h9, 0x4000;
    mov.b16 %h10, 0x3c00;
    mov.b16 %h11, 0x0000;
    mov.b16 %h12, 0x0002;
    mov.b16 %h13, 0x7e00;
    mov.b16 %h14, 0xbc00;
    mov.b16 %h15, 0x3c00;
    mov.b16 %h16, 0x3555;
    atom.global.v8.f16.max.noftz {%h1, %h2, %h3, %h4, %h5, %h6, %h7, %h8}, [%rd1+0x20], {%h9, %h10, %h11, %h12, %h13, %h14, %h15, %h16};
    st.global.v4.b16 [%rd1+0x120], {%h1, %h2, %h3, %h4};
    st.global.v4.b16 [%rd1+0x128], {%h5, %h6, %h7, %h8};
    mov.b32 %r3, 0x3f803f80;
    mov.b32 %r4, 0x00010001;
    atom.global.v2.bf16x2.add.noftz {%r1, %r2}, [%rd1+0x40], {%r3, %r4};
    st.global.v2.b32 [%rd1+0x140], {%r1, %r2};
    red.global.add.v2.f32 [%rd1+0x50], {%f5, %f6};
    cvta.global.u64 %rd2, %rd1;
    atom.v2.bf16.min.noftz {%h1, %h2}, [%rd2+0x60], {%h9, %h10};
    st.global.v2.b16 [%rd1+0x160], {%h1, %h2};
    ret;
}
";

/// The initial bytes, one region of 0x180 so that a GPU run
/// (testdata/kernels-gpu) holds every address the kernel touches: f32
/// [1.0, -2.0, 0x00000001, 3.0] at 0; f16 [1.0, NaN, -0.0, 0x0001, 2.0,
/// -inf, inf, 0x3555] at 0x20; bf16x2 words 0x3f804000 and 0x00018001 at
/// 0x40; f32 [1.0, 1.0] at 0x50; bf16 [3.0 (0x4040), 0.5 (0x3f00)] at
/// 0x60; zeros elsewhere (the old values go to 0x100 on).
fn memory() -> Vec<u8> {
    let mut m = vec![0u8; 0x180];
    let mut put = |at: usize, hex: &str| {
        for (i, b) in (0..hex.len()).step_by(2).enumerate() {
            m[at + i] = u8::from_str_radix(&hex[b..b + 2], 16).unwrap();
        }
    };
    put(0x00, "0000803f000000c00100000000004040");
    put(0x20, "003c007e00800100004000fc007c5535");
    put(0x40, "0040803f01800100");
    put(0x50, "0000803f0000803f");
    put(0x60, "4040003f");
    m
}

fn hex(b: &[u8]) -> String {
    b.iter().map(|x| format!("{x:02x}")).collect()
}

#[test]
fn vector_atomics_update_each_element() {
    let region = format!("0x1000={}", hex(&memory()));
    let o = run_src("vec.ptx", KERNEL, &["--set", "p=0x1000", "--mem", &region]);
    // f32 .add, as the scalar `atom.add.f32` on global memory, flushes
    // subnormal inputs: 1.0 + 0.5 = 1.5 (0x3fc00000), -2.0 + 2.0 = +0.0,
    // 0x00000001 (flushed to +0) + 0 = +0.0, 3.0 + -3.0 = +0.0; `d` gets
    // the old words as they were.
    assert_eq!(
        mem(&o, 0x1000, 16),
        [0, 0, 0xc0, 0x3f, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0]
    );
    assert_eq!(
        mem(&o, 0x1100, 16),
        [0, 0, 0x80, 0x3f, 0, 0, 0, 0xc0, 1, 0, 0, 0, 0, 0, 0x40, 0x40]
    );
    // f16 .max: max(1, 2) = 2 (0x4000); max(NaN, 1) = 1; max(-0, +0) = +0
    // ("+0.0 > -0.0"); max(0x0001, 0x0002) = 0x0002 (subnormals kept:
    // .noftz); max(2, NaN) = 2; max(-inf, -1) = -1 (0xbc00); max(inf, 1)
    // = inf; max(x, x) = x.
    let h = |v: &[u16]| v.iter().flat_map(|x| x.to_le_bytes()).collect::<Vec<u8>>();
    assert_eq!(
        mem(&o, 0x1020, 16),
        h(&[0x4000, 0x3c00, 0x0000, 0x0002, 0x4000, 0xbc00, 0x7c00, 0x3555])
    );
    assert_eq!(
        mem(&o, 0x1120, 16),
        h(&[0x3c00, 0x7e00, 0x8000, 0x0001, 0x4000, 0xfc00, 0x7c00, 0x3555])
    );
    // bf16x2 .add lane by lane, low lane first: 2.0 + 1.0 = 3.0 (0x4040),
    // 1.0 + 1.0 = 2.0 (0x4000); -0x0001 + 0x0001 = +0.0, 0x0001 + 0x0001 =
    // 0x0002 (kept).
    assert_eq!(
        mem(&o, 0x1040, 8),
        [0x40, 0x40, 0x00, 0x40, 0x00, 0x00, 0x02, 0x00]
    );
    assert_eq!(
        mem(&o, 0x1140, 8),
        [0x00, 0x40, 0x80, 0x3f, 0x01, 0x80, 0x01, 0x00]
    );
    // red f32: 1.0 + 0.5 = 1.5, 1.0 + 2.0 = 3.0.
    assert_eq!(mem(&o, 0x1050, 8), [0, 0, 0xc0, 0x3f, 0, 0, 0x40, 0x40]);
    // A generic address in global memory; bf16 .min: min(3.0, 2.0 as
    // bf16 0x4000) = 0x4000, min(0.5, 0x3c00 = 2^-7) = 0x3c00.
    assert_eq!(mem(&o, 0x1060, 4), [0x00, 0x40, 0x00, 0x3c]);
    assert_eq!(mem(&o, 0x1160, 4), [0x40, 0x40, 0x00, 0x3f]);
}

/// The syntax lines and rules: vector atomics are `.global` (or generic)
/// only, `.f32` takes `.add` on `.v2`/`.v4`, half-word types need
/// `.noftz`, packed types stop at `.v4`; PTX ISA 8.1 and sm_90; the
/// vector is aligned as a whole; `d` and `b` are braced vectors of the
/// vector's length; an unknown qualifier is an error for `check` too.
#[test]
fn vector_atomic_rules() {
    let body = |line: &str| {
        format!(".version 8.1\n.target sm_90\n.address_size 64\n.visible .entry k(.param .u64 p)\n{{\n.reg .f32 %f<9>;\n.reg .b16 %h<9>;\n.reg .b32 %r<4>;\n.reg .b64 %rd<3>;\nld.param.u64 %rd1, [p];\n{line}\nret;\n}}\n")
    };
    let args = [
        "--set",
        "p=0x1000",
        "--mem",
        "0x1000=00000000000000000000000000000000",
    ];
    for (line, want) in [
        ("atom.shared.v2.f32.add {%f1, %f2}, [%rd1], {%f3, %f4};", "may be used only with .global space"),
        ("atom.global.v2.f16.add {%h1, %h2}, [%rd1], {%h3, %h4};", "is not a vector atom"),
        ("atom.global.v8.f32.add {%f1, %f2, %f3, %f4, %f5, %f6, %f7, %f8}, [%rd1], {%f1, %f2, %f3, %f4, %f5, %f6, %f7, %f8};", "is not a vector atom"),
        ("atom.global.v8.f16x2.add.noftz {%r1, %r2, %r3, %r1, %r2, %r3, %r1, %r2}, [%rd1], {%r1, %r2, %r3, %r1, %r2, %r3, %r1, %r2};", "is not a vector atom"),
        ("atom.global.v2.f32.max {%f1, %f2}, [%rd1], {%f3, %f4};", "is not a vector atom"),
        ("atom.global.v2.u32.add {%r1, %r2}, [%rd1], {%r1, %r2};", "is not a vector atom"),
        ("atom.global.v2.f32.add {%f1, %f2}, [%rd1+4], {%f3, %f4};", "misaligned atomic"),
        ("atom.global.v4.f32.add {%f1, %f2}, [%rd1], {%f3, %f4, %f5, %f6};", "d is a vector of 4"),
        ("red.global.add.v2.f32 [%rd1], %f3;", "b is a vector of 2"),
        ("atom.global.v2.f32.add.nonsense {%f1, %f2}, [%rd1], {%f3, %f4};", "`.nonsense` is not a qualifier of `atom`"),
    ] {
        fails_with(&run_src("rule.ptx", &body(line), &args), |e| e.contains(want));
    }
    let old = body("atom.global.v2.f32.add {%f1, %f2}, [%rd1], {%f3, %f4};")
        .replace(".version 8.1", ".version 8.0");
    fails_with(&run_src("v80.ptx", &old, &args), |e| {
        e.contains("requires PTX ISA 8.1")
    });
    let sm80 =
        body("atom.global.v2.f32.add {%f1, %f2}, [%rd1], {%f3, %f4};").replace("sm_90", "sm_80");
    fails_with(&run_src("sm80.ptx", &sm80, &args), |e| e.contains("sm_90"));
}

/// The kernel and memory of `vector_atomics_update_each_element`,
/// committed for a GPU: scripts/gpu-kernels runs
/// testdata/kernels-gpu/atom-vector.ptx with `ptxfp hw run` (docs/GPU.md
/// "Whole kernels"), which answers docs/NVIDIA.md "Vector atomics".
/// `PTXFP_BLESS=1` rewrites the files.
#[test]
fn the_gpu_copy_of_the_vector_atomics_kernel_is_current() {
    let dir = concat!(env!("CARGO_MANIFEST_DIR"), "/../../testdata/kernels-gpu/");
    let files = [
        ("atom-vector.ptx", KERNEL.to_string()),
        ("atom-vector.mem.hex", format!("{}\n", hex(&memory()))),
    ];
    for (name, text) in files {
        let path = format!("{dir}{name}");
        if std::env::var_os("PTXFP_BLESS").is_some() {
            std::fs::write(&path, &text).unwrap();
        }
        let have = std::fs::read_to_string(&path).unwrap_or_default();
        assert!(
            have == text,
            "{path} is not this test's; PTXFP_BLESS=1 rewrites it"
        );
    }
}
