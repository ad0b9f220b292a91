//! Tensor copies in im2col mode (PTX ISA 5.5.4; docs/ENGINE.md "Tensor
//! copies"): `cp.async.bulk.tensor ... .im2col` loads with their im2col
//! offsets, `.im2col_no_offs` stores and reductions, the prefetch, and the
//! errors, through `--tensor-map NAME=TYPE:SIZES@ADDR:pixels=P:channels=C
//! :lower=..:upper=..`.
//!
//! The expected bytes come from outside the engine:
//! - Triton's tutorial `python/tutorials/gluon/13-tma-im2col.py` (commit
//!   54850f6), whose five examples assert, on a Hopper GPU, the value each
//!   of 16 loaded pixels holds; they are transcribed here as written there;
//! - the definition of a convolution's im2col matrix, A[m][(tap, c)] =
//!   x[n, o * stride - pad + tap * dilation, c] (0 outside the image),
//!   loaded through the maps that GPU-tested convolutions build for it:
//!   Triton's launcher (lower corner -pad, upper corner
//!   (out - 1) * stride + 1 - size - pad, traversal strides = the
//!   convolution's stride) and CUTLASS's (`cutlass/conv/collective/detail.hpp`,
//!   `compute_lower_corner_whd` -pad and `compute_upper_corner_whd` pad -
//!   (filter - 1) * dilation, im2col offsets tap * dilation), in 1, 2 and
//!   3 spatial dimensions;
//! - for the stores, the NHWC layout itself: a full box visits the pixels
//!   in memory order, so pixel p of the tile lands at pixel start + p.

mod common;
use common::{fails_with, hex, mem, run_src, text};

/// A kernel in which thread 0 issues one `.im2col` load per tap of `taps`
/// (its im2col offsets, W first) at `coords` (`{c, w, h, d, n}` innermost
/// first) into a 1024-byte aligned tile of `bytes`, waits on the
/// mbarrier's phase, and copies the tile to `out + k * bytes`.
fn load_kernel(rank: usize, coords: &[i64], taps: &[Vec<u16>], bytes: usize) -> String {
    let c: Vec<String> = (0..rank).map(|i| format!("%c{i}")).collect();
    let mut body = String::new();
    for (i, v) in coords.iter().enumerate() {
        body += &format!("    mov.s32 %c{i}, {v};\n");
    }
    for (k, tap) in taps.iter().enumerate() {
        let offs: Vec<String> = (0..tap.len()).map(|i| format!("%h{i}")).collect();
        for (i, v) in tap.iter().enumerate() {
            body += &format!("    mov.u16 %h{i}, {v};\n");
        }
        body += &format!(
            r#"    mbarrier.arrive.expect_tx.shared::cta.b64 %rd4, [%r1], {bytes};
    cp.async.bulk.tensor.{rank}d.shared::cluster.global.im2col.mbarrier::complete_tx::bytes [%r2], [%tm, {{{c}}}], [%r1], {{{offs}}};
WAIT{k}:
    mbarrier.try_wait.parity.shared::cta.b64 %p1, [%r1], {parity};
    @!%p1 bra WAIT{k};
    mov.u32 %r3, 0;
COPY{k}:
    add.u32 %r4, %r2, %r3;
    ld.shared.u32 %r7, [%r4];
    cvt.u64.u32 %rd5, %r3;
    add.u64 %rd6, %rd2, %rd5;
    st.global.u32 [%rd6], %r7;
    add.u32 %r3, %r3, 4;
    setp.lt.u32 %p2, %r3, {bytes};
    @%p2 bra COPY{k};
    add.u64 %rd2, %rd2, {bytes};
"#,
            c = c.join(", "),
            offs = offs.join(", "),
            parity = k % 2
        );
    }
    format!(
        r#".version 8.0
.target sm_90
.address_size 64
.visible .entry i2c(.param .align 64 .b8 tmap[128], .param .u64 out)
{{
    .reg .b64 %tm;
    mov.b64 %tm, tmap;
    cvta.param.u64 %tm, %tm;
    .shared .align 8 .b64 bar;
    .shared .align 1024 .b8 tile[{bytes}];
    .reg .pred %p<4>;
    .reg .b32 %r<12>;
    .reg .s32 %c<6>;
    .reg .u16 %h<4>;
    .reg .b64 %rd<12>;
    ld.param.u64 %rd2, [out];
    mov.u32 %r1, bar;
    mov.u32 %r2, tile;
    mbarrier.init.shared::cta.b64 [%r1], 1;
{body}    ret;
}}
"#
    )
}

/// Runs `src` with the map `spec` at `tmap`, the tensor `t` at 0x10000
/// and `out` bytes of zeros at 0x80000; the bytes written there.
fn run_load(name: &str, src: &str, spec: &str, t: &[u8], out: usize) -> Vec<u8> {
    let map = format!("tmap={spec}");
    let tensor = format!("0x10000={}", hex(t));
    let zeros = format!("0x80000={}", "00".repeat(out));
    let args = [
        "--tensor-map",
        &map,
        "--mem",
        &tensor,
        "--mem",
        &zeros,
        "--set",
        "out=0x80000",
    ];
    let o = run_src(name, src, &args);
    let (stdout, stderr) = text(&o);
    assert_eq!(o.status.code(), Some(0), "{stdout}{stderr}");
    mem(&o, 0x80000, out)
}

/// Triton's input: `torch.arange(1, 16 n + 1).unsqueeze(1).repeat(1, 32)
/// .reshape(n, 4, 4, 32)` in `float32`: pixel i (NHWC order) holds i + 1
/// in all of its 32 channels.
fn triton_input(n: usize) -> Vec<u8> {
    (0..16 * n)
        .flat_map(|i| std::iter::repeat_n(i as f32 + 1.0, 32))
        .flat_map(|v| v.to_le_bytes())
        .collect()
}

/// The 16 x 32 `float32` tile whose pixel p holds `values[p]` in every
/// channel.
fn tile_of(values: &[f32]) -> Vec<u8> {
    values
        .iter()
        .flat_map(|v| std::iter::repeat_n(*v, 32))
        .flat_map(|v| v.to_le_bytes())
        .collect()
}

/// The five examples of Triton's tutorial, each asserted there on a GPU:
/// `block_shape = [16, 32]` (16 pixels of 32 channels), element strides 1,
/// zero padding; `pixel_box_lower_corner`/`upper_corner` are `[H, W]`
/// there and `W x H` here, the coordinates `[n, h, w, c]` there and
/// `{c, w, h, n}` here, the offsets `[h, w]` there and `{w, h}` here.
#[test]
fn triton_gpu_examples_load_the_same_pixels() {
    let ramp: Vec<f32> = (1..=16).map(|v| v as f32).collect();
    // (title, batch, lower W x H, upper W x H, {c, w, h, n}, {offW, offH},
    // the values Triton's assertions hold).
    type Case = (
        &'static str,
        usize,
        &'static str,
        &'static str,
        [i64; 4],
        [u16; 2],
        Vec<f32>,
    );
    let cases: [Case; 5] = [
        ("basic", 1, "0x0", "0x0", [0, 0, 0, 0], [0, 0], ramp.clone()),
        (
            "padded",
            1,
            "-1x-1",
            "-1x-1",
            [0, -1, -1, 0],
            [0, 0],
            vec![
                0., 0., 0., 0., 0., 1., 2., 3., 0., 5., 6., 7., 0., 9., 10., 11.,
            ],
        ),
        ("offset", 1, "-1x-1", "-1x-1", [0, -1, -1, 0], [1, 1], ramp),
        (
            "multi-batch",
            2,
            "0x0",
            "0x0",
            [0, 3, 1, 0],
            [0, 0],
            (8..24).map(|v| v as f32).collect(),
        ),
        (
            "multi-batch padded",
            2,
            "-1x-1",
            "-1x-1",
            [0, 2, 1, 0],
            [0, 0],
            vec![
                7., 0., 9., 10., 11., 0., 0., 0., 0., 0., 17., 18., 19., 0., 21., 22.,
            ],
        ),
    ];
    for (title, n, lower, upper, coords, offs, values) in cases {
        let src = load_kernel(4, &coords, &[offs.to_vec()], 2048);
        let spec =
            format!("f32:32x4x4x{n}@0x10000:pixels=16:channels=32:lower={lower}:upper={upper}");
        let got = run_load("triton.ptx", &src, &spec, &triton_input(n), 2048);
        assert_eq!(got, tile_of(&values), "{title}");
    }
}

/// The same tile through the 128-byte swizzle (Triton's layout,
/// `NVMMASharedLayout(swizzle_byte_width=128)`): each pixel's 128 bytes
/// are one row of 5.5.7's table, "5 4 7 6 1 0 3 2" for row 5.
#[test]
fn an_im2col_tile_takes_the_swizzle_row_by_row() {
    const ROWS: [[usize; 8]; 8] = [
        [0, 1, 2, 3, 4, 5, 6, 7],
        [1, 0, 3, 2, 5, 4, 7, 6],
        [2, 3, 0, 1, 6, 7, 4, 5],
        [3, 2, 1, 0, 7, 6, 5, 4],
        [4, 5, 6, 7, 0, 1, 2, 3],
        [5, 4, 7, 6, 1, 0, 3, 2],
        [6, 7, 4, 5, 2, 3, 0, 1],
        [7, 6, 5, 4, 3, 2, 1, 0],
    ];
    // Channel c of pixel i holds 100 i + c, so every 16-byte cell differs.
    let t: Vec<u8> = (0..32)
        .flat_map(|i| (0..32).map(move |c| (100 * i + c) as f32))
        .flat_map(|v| v.to_le_bytes())
        .collect();
    let src = load_kernel(4, &[0, 2, 1, 0], &[vec![0, 0]], 2048);
    let spec = "f32:32x4x4x2@0x10000:pixels=16:channels=32:lower=-1x-1:upper=-1x-1:swizzle=128";
    let got = run_load("swizzle.ptx", &src, spec, &t, 2048);
    // The pixels of Triton's fifth example, as indices into `t` (None:
    // padding).
    let px = [
        Some(6),
        None,
        Some(8),
        Some(9),
        Some(10),
        None,
        None,
        None,
        None,
        None,
        Some(16),
        Some(17),
        Some(18),
        None,
        Some(20),
        Some(21),
    ];
    let dense: Vec<u8> = px
        .iter()
        .flat_map(|p| (0..32).map(move |c| p.map_or(0.0, |i| (100 * i + c) as f32)))
        .flat_map(|v| v.to_le_bytes())
        .collect();
    for (r, row) in dense.chunks(128).enumerate() {
        for cell in 0..8 {
            let from = ROWS[r % 8][cell];
            assert_eq!(
                got[r * 128 + cell * 16..r * 128 + cell * 16 + 16],
                row[from * 16..from * 16 + 16],
                "pixel {r}, cell {cell}"
            );
        }
    }
}

/// One convolution's geometry in `s` spatial dimensions (W first).
struct Conv {
    batch: usize,
    channels: usize,
    size: Vec<usize>,
    filter: Vec<usize>,
    stride: usize,
    pad: usize,
    dilation: usize,
    /// CUTLASS's upper corner rather than Triton's.
    cutlass: bool,
}

impl Conv {
    fn out(&self) -> Vec<usize> {
        self.size
            .iter()
            .zip(&self.filter)
            .map(|(n, f)| (n + 2 * self.pad - (f - 1) * self.dilation - 1) / self.stride + 1)
            .collect()
    }

    /// The input, `.u16` NWC/NHWC/NDHWC: element i (memory order) is
    /// `0x1000 + i`, so every element differs.
    fn input(&self) -> Vec<u8> {
        let n = self.batch * self.channels * self.size.iter().product::<usize>();
        (0..n)
            .flat_map(|i| ((0x1000 + i) as u16).to_le_bytes())
            .collect()
    }

    /// The map Triton's launcher builds: lower corner -pad, upper corner
    /// (out - 1) * stride + 1 - size - pad, element strides 1 (C), stride
    /// (the spatial ones), 1 (N); or CUTLASS's, upper corner
    /// pad - (filter - 1) * dilation. Every output pixel in one load.
    fn spec(&self) -> String {
        let out = self.out();
        let pixels = self.batch * out.iter().product::<usize>();
        let dims: Vec<String> = std::iter::once(self.channels)
            .chain(self.size.iter().copied())
            .chain(std::iter::once(self.batch))
            .map(|d| d.to_string())
            .collect();
        let lower: Vec<String> = self.size.iter().map(|_| format!("-{}", self.pad)).collect();
        let upper: Vec<String> = (0..self.size.len())
            .map(|k| {
                let (n, o, f) = (self.size[k] as i64, out[k] as i64, self.filter[k] as i64);
                let (p, s, d) = (self.pad as i64, self.stride as i64, self.dilation as i64);
                if self.cutlass {
                    p - (f - 1) * d
                } else {
                    (o - 1) * s + 1 - n - p
                }
            })
            .map(|u| u.to_string())
            .collect();
        let strides: Vec<String> = std::iter::once(1)
            .chain(self.size.iter().map(|_| self.stride))
            .chain(std::iter::once(1))
            .map(|d| d.to_string())
            .collect();
        format!(
            "u16:{}@0x10000:pixels={pixels}:channels={}:lower={}:upper={}:elementstrides={}",
            dims.join("x"),
            self.channels,
            lower.join("x"),
            upper.join("x"),
            strides.join("x")
        )
    }

    /// Every filter tap, W fastest: the im2col offsets, tap * dilation.
    fn taps(&self) -> Vec<Vec<u16>> {
        let mut taps = vec![vec![]];
        for f in &self.filter {
            taps = (0..*f)
                .flat_map(|t| {
                    taps.iter().map(move |prev| {
                        let mut v = prev.clone();
                        v.push((t * self.dilation) as u16);
                        v
                    })
                })
                .collect();
        }
        taps
    }

    /// The im2col matrix, tap by tap: row m is output pixel m (W fastest,
    /// then H, D, N), its channels those of input pixel o * stride - pad +
    /// tap * dilation in each spatial dimension (the tap's offset), or
    /// zeros outside the image.
    fn matrix(&self) -> Vec<u8> {
        let input = self.input();
        let out = self.out();
        let s = self.size.len();
        let mut bytes = Vec::new();
        for tap in self.taps() {
            for m in 0..self.batch * out.iter().product::<usize>() {
                let (mut rest, mut o) = (m, vec![0; s]);
                for k in 0..s {
                    o[k] = rest % out[k];
                    rest /= out[k];
                }
                let n = rest;
                let pos: Vec<i64> = (0..s)
                    .map(|k| (o[k] * self.stride) as i64 - self.pad as i64 + i64::from(tap[k]))
                    .collect();
                let inside = (0..s).all(|k| (0..self.size[k] as i64).contains(&pos[k]));
                let mut flat = n;
                for k in (0..s).rev() {
                    flat = flat * self.size[k] + pos[k].max(0) as usize;
                }
                for c in 0..self.channels {
                    let at = 2 * (flat * self.channels + c);
                    if inside {
                        bytes.extend_from_slice(&input[at..at + 2]);
                    } else {
                        bytes.extend([0, 0]);
                    }
                }
            }
        }
        bytes
    }

    fn check(&self) {
        let s = self.size.len();
        let out = self.out();
        let tile = 2 * self.channels * self.batch * out.iter().product::<usize>();
        let taps = self.taps();
        let coords: Vec<i64> = std::iter::once(0)
            .chain((0..s).map(|_| -(self.pad as i64)))
            .chain(std::iter::once(0))
            .collect();
        let src = load_kernel(s + 2, &coords, &taps, tile);
        let want = self.matrix();
        let name = format!("conv{s}-{}-{}.ptx", self.dilation, self.cutlass);
        let got = run_load(&name, &src, &self.spec(), &self.input(), tile * taps.len());
        for (k, (g, w)) in got.chunks(tile).zip(want.chunks(tile)).enumerate() {
            assert_eq!(g, w, "tap {:?} of {}d", taps[k], s + 2);
        }
    }
}

/// Convolutions as implicit GEMM loads them: a 2d one with stride 2 and
/// padding 1 (a 3 x 3 filter over 2 images of 6 x 5, so rows wrap across
/// rows and images and the upper corner differs per dimension), a 1d one
/// (NWC) with padding 2, and a 3d one (NDHWC) with stride 1, through
/// Triton's corners; then CUTLASS's corners with dilation 2, with stride
/// 2 and a filter of 2 x 3 (whose box then reaches past the last output
/// position), and in 1d with stride 3.
#[test]
fn convolution_taps_load_the_im2col_matrix() {
    let conv = |batch, channels, size: &[usize], filter: &[usize], stride, pad| Conv {
        batch,
        channels,
        size: size.to_vec(),
        filter: filter.to_vec(),
        stride,
        pad,
        dilation: 1,
        cutlass: false,
    };
    conv(2, 16, &[6, 5], &[3, 3], 2, 1).check();
    conv(3, 8, &[7], &[3], 2, 2).check();
    conv(1, 8, &[4, 4, 3], &[2, 2, 2], 1, 1).check();
    for (dilation, c) in [
        (2, conv(2, 8, &[7, 6], &[3, 3], 1, 2)),
        (1, conv(3, 8, &[8, 5], &[3, 2], 2, 1)),
        (1, conv(3, 8, &[20], &[5], 3, 2)),
        (2, conv(1, 8, &[5, 4, 4], &[2, 2, 2], 2, 1)),
    ] {
        Conv {
            dilation,
            cutlass: true,
            ..c
        }
        .check();
    }
}

/// `.im2col_no_offs` stores and reductions: a 20-pixel tile of 8 `.u32`
/// channels (element i holds i) goes to an NHWC tensor of 2 x 3 x 4 x 8
/// from pixel (n 0, h 1, w 2) and channel 4. With the corners at 0 the box
/// is the whole image, so pixel p of the tile is the tensor's pixel 6 + p
/// in memory order; pixels 18 and 19 are past the batch and channels 8 to
/// 11 past C: not written. The reduction `.add` then adds the tile again.
#[test]
fn no_offs_stores_and_reductions_write_inside_only() {
    let src = r#".version 8.0
.target sm_90
.address_size 64
.visible .entry st(.param .align 64 .b8 tmap[128])
{
    .reg .b64 %tm;
    mov.b64 %tm, tmap;
    cvta.param.u64 %tm, %tm;
    .shared .align 128 .b32 tile[160];
    .reg .pred %p<4>;
    .reg .b32 %r<12>;
    mov.u32 %r2, tile;
    mov.u32 %r3, 0;
FILL:
    shl.b32 %r4, %r3, 2;
    add.u32 %r5, %r2, %r4;
    st.shared.u32 [%r5], %r3;
    add.u32 %r3, %r3, 1;
    setp.lt.u32 %p1, %r3, 160;
    @%p1 bra FILL;
    mov.u32 %r6, 4;
    mov.u32 %r7, 2;
    mov.u32 %r8, 1;
    mov.u32 %r9, 0;
    fence.proxy.async.shared::cta;
    cp.async.bulk.tensor.4d.global.shared::cta.bulk_group.im2col_no_offs [%tm, {%r6, %r7, %r8, %r9}], [%r2];
    cp.reduce.async.bulk.tensor.4d.global.shared::cta.add.im2col_no_offs.bulk_group [%tm, {%r6, %r7, %r8, %r9}], [%r2];
    cp.async.bulk.commit_group;
    cp.async.bulk.wait_group 0;
    ret;
}
"#;
    let init: Vec<u32> = (0..2 * 3 * 4 * 8).map(|i| 0x4000 + i as u32).collect();
    let mut want = init.clone();
    for p in 0..20usize {
        for j in 0..8usize {
            let (px, c) = (6 + p, 4 + j);
            if px < 24 && c < 8 {
                // Stored, then added: twice the tile's element.
                want[px * 8 + c] = 2 * (p * 8 + j) as u32;
            }
        }
    }
    let bytes: Vec<u8> = init.iter().flat_map(|v| v.to_le_bytes()).collect();
    let o = run_src(
        "st.ptx",
        src,
        &[
            "--tensor-map",
            "tmap=u32:8x4x3x2@0x10000:pixels=20:channels=8",
            "--mem",
            &format!("0x10000={}", hex(&bytes)),
        ],
    );
    let (stdout, stderr) = text(&o);
    assert_eq!(o.status.code(), Some(0), "{stdout}{stderr}");
    let want: Vec<u8> = want.iter().flat_map(|v| v.to_le_bytes()).collect();
    // Channels 4 to 7 of pixels 6 to 23: the bytes printed.
    for px in 6..24 {
        let at = 32 * px + 16;
        assert_eq!(
            mem(&o, 0x10000 + at as u64, 16),
            want[at..at + 16],
            "pixel {px}"
        );
    }
    let first = stdout
        .lines()
        .find_map(|l| l.strip_prefix("mem["))
        .unwrap_or_default();
    assert!(first.starts_with("0x100d0"), "{stdout}");
    // "Bounding-Box Lower-Corner must be non-negative", "Starting
    // co-ordinates ... must be non-negative" in this direction.
    for (spec, set) in [
        ("u32:8x4x3x2@0x10000:pixels=20:channels=8:lower=-1x0", None),
        ("u32:8x4x3x2@0x10000:pixels=20:channels=8:upper=0x1", None),
        (
            "u32:8x4x3x2@0x10000:pixels=20:channels=8",
            Some(("mov.u32 %r6, 4;", "mov.u32 %r6, -4;")),
        ),
    ] {
        let src = match set {
            Some((a, b)) => src.replace(a, b),
            None => src.to_string(),
        };
        let o = run_src(
            "st.ptx",
            &src,
            &[
                "--tensor-map",
                &format!("tmap={spec}"),
                "--mem",
                &format!("0x10000={}", hex(&bytes)),
            ],
        );
        fails_with(&o, |e| {
            e.contains("must be non-negative") || e.contains("must be non-positive")
        });
    }
}

/// The prefetch reads the map and its offsets as a copy would.
#[test]
fn an_im2col_prefetch_checks_its_map() {
    let src = |mode: &str, info: &str| {
        format!(
            r#".version 8.0
.target sm_90
.address_size 64
.visible .entry pf(.param .align 64 .b8 tmap[128])
{{
    .reg .b64 %tm;
    mov.b64 %tm, tmap;
    cvta.param.u64 %tm, %tm;
    .reg .b32 %r<4>;
    mov.u32 %r1, 0;
    cp.async.bulk.prefetch.tensor.4d.L2.global{mode} [%tm, {{%r1, %r1, %r1, %r1}}]{info};
    ret;
}}
"#
        )
    };
    let map = "tmap=u16:8x4x3x2@0x10000:pixels=20:channels=8";
    let o = run_src(
        "pf.ptx",
        &src(".im2col", ", {1, 1}"),
        &["--tensor-map", map],
    );
    assert_eq!(o.status.code(), Some(0), "{}", text(&o).1);
    let o = run_src("pf.ptx", &src(".tile", ""), &["--tensor-map", map]);
    fails_with(&o, |e| e.contains("an im2col one"));
    let o = run_src(
        "pf.ptx",
        &src(".im2col", ", {1, 300}"),
        &["--tensor-map", map],
    );
    fails_with(&o, |e| e.contains("offset 300") && e.contains("0 to 255"));
}

/// Errors, each exit code 2 with what was expected: a map of the other
/// kind, offsets of the wrong count or range, a filter base outside the
/// bounding box, and malformed maps.
#[test]
fn im2col_errors_say_what_was_expected() {
    let t = triton_input(1);
    let run = |src: &str, spec: &str| {
        run_src(
            "i2c-errors.ptx",
            src,
            &[
                "--tensor-map",
                &format!("tmap={spec}"),
                "--mem",
                &format!("0x10000={}", hex(&t)),
                "--mem",
                &format!("0x80000={}", "00".repeat(2048)),
                "--set",
                "out=0x80000",
            ],
        )
    };
    let good = "f32:32x4x4x1@0x10000:pixels=16:channels=32";
    let src = load_kernel(4, &[0, 0, 0, 0], &[vec![0, 0]], 2048);
    fails_with(&run(&src, "f32:32x4x4x1@0x10000:box=32x4x4x1"), |e| {
        e.contains("the map is a tiled one")
    });
    let tile = src
        .replace(".im2col.", ".tile.")
        .replace(", {%h0, %h1};", ";");
    fails_with(&run(&tile, good), |e| {
        e.contains("the map is an im2col one")
    });
    let one = src.replace("{%h0, %h1}", "{%h0}");
    fails_with(&run(&one, good), |e| {
        e.contains("takes 2 im2col offset(s) {i2cOffW, i2cOffH}, here 1")
    });
    // 4d offsets are 0 to 255.
    let big = load_kernel(4, &[0, 0, 0, 0], &[vec![256, 0]], 2048);
    fails_with(&run(&big, good), |e| {
        e.contains("im2col offset 256") && e.contains("0 to 255")
    });
    // The box spans -1 to 2 in W: w = 3 is outside it.
    let out = load_kernel(4, &[0, 3, 0, 0], &[vec![0, 0]], 2048);
    fails_with(
        &run(
            &out,
            "f32:32x4x4x1@0x10000:pixels=16:channels=32:lower=-1x-1:upper=-1x-1",
        ),
        |e| e.contains("outside the map's bounding box, -1 to 2") && e.contains("dimension 1"),
    );
    for (spec, says) in [
        (
            "f32:32x4@0x10000:pixels=16:channels=32",
            "3, 4 or 5 dimensions",
        ),
        ("f32:32x4x4x1@0x10000:channels=32", "needs pixels="),
        (
            "f32:32x4x4x1@0x10000:pixels=16:channels=32:box=32x4x4x1",
            "has no box=",
        ),
        (
            "f32:32x4x4x1@0x10000:pixels=16:channels=32:lower=0",
            "takes 2",
        ),
        (
            "f32:32x4x4x1@0x10000:pixels=16:channels=32:lower=-129x0",
            "-128 to 127",
        ),
        (
            "f32:32x4x4x1@0x10000:pixels=16:channels=32:lower=2x0:upper=-2x0",
            "is empty in dimension 1",
        ),
        ("f32:32x4x4x1@0x10000:pixels=16:channels=300", "1 to 256"),
        ("f32:32x4x4x1@0x10000:pixels=2000:channels=32", "1 to 1024"),
        (
            "f32:32x4x4x1@0x10000:pixels=16:channels=2",
            "multiple of 16 bytes",
        ),
        (
            "f32:32x4x4x1@0x10000:pixels=16:channels=64:swizzle=128",
            "more than the 128-byte swizzle",
        ),
        (
            "f32:32x4x4x2@0x10000:pixels=16:channels=32:elementstrides=1x1x1x2",
            "N dimension",
        ),
    ] {
        fails_with(&run(&src, spec), |e| {
            e.contains(says) && e.contains("expected NAME=TYPE:")
        });
    }
}

/// `.multicast::cluster` after `im2colInfo` (the syntax's operand order,
/// `[mbar]{, im2colInfo}{, ctaMask}`): in a cluster of 2, rank 0 loads
/// pixels 3 to 6 of a 3d NWC `.u32` tensor (4 channels each: 16 bytes a
/// pixel, W = 8, one image) at im2col offset 3 for both CTAs; each writes
/// its copy out.
#[test]
fn a_multicast_im2col_load_reaches_both_ctas() {
    let src = r#".version 8.0
.target sm_90a
.address_size 64
.visible .entry mc(.param .align 64 .b8 tmap[128], .param .u64 out)
{
    .reg .b64 %tm;
    mov.b64 %tm, tmap;
    cvta.param.u64 %tm, %tm;
    .shared .align 8 .b64 bar;
    .shared .align 128 .b8 buf[64];
    .reg .pred %p<4>;
    .reg .b16 %m;
    .reg .b32 %r<20>;
    .reg .b64 %rd<12>;
    ld.param.u64 %rd2, [out];
    mov.u32 %r2, %ctaid.x;
    mov.u32 %r3, %cluster_ctarank;
    mov.u32 %r5, bar;
    mov.u32 %r6, buf;
    mbarrier.init.shared::cta.b64 [%r5], 1;
    barrier.cluster.arrive.release.aligned;
    barrier.cluster.wait.acquire.aligned;
    mbarrier.arrive.expect_tx.shared::cta.b64 _, [%r5], 64;
    setp.ne.s32 %p2, %r3, 0;
    @%p2 bra WAIT;
    mov.b16 %m, 3;
    mov.u32 %r12, 0;
    cp.async.bulk.tensor.3d.shared::cluster.global.im2col.mbarrier::complete_tx::bytes.multicast::cluster [%r6], [%tm, {%r12, %r12, %r12}], [%r5], {3}, %m;
WAIT:
    mbarrier.try_wait.parity.shared::cta.b64 %p3, [%r5], 0;
    @!%p3 bra WAIT;
    mul.wide.u32 %rd3, %r2, 64;
    add.s64 %rd4, %rd2, %rd3;
    mov.u32 %r7, 0;
COPY:
    add.u32 %r8, %r6, %r7;
    ld.shared.u32 %r10, [%r8];
    cvt.u64.u32 %rd5, %r7;
    add.s64 %rd6, %rd4, %rd5;
    st.global.u32 [%rd6], %r10;
    add.u32 %r7, %r7, 4;
    setp.lt.u32 %p1, %r7, 64;
    @%p1 bra COPY;
    barrier.cluster.arrive.release.aligned;
    barrier.cluster.wait.acquire.aligned;
    ret;
}
"#;
    let t: Vec<u32> = (0..32).map(|i| 0xb000 + i).collect();
    // Pixels 3 to 6, 4 channels each: elements 12..28.
    let px: Vec<u32> = t[12..28].to_vec();
    let want: Vec<u8> = px.iter().chain(&px).flat_map(|v| v.to_le_bytes()).collect();
    let bytes: Vec<u8> = t.iter().flat_map(|v| v.to_le_bytes()).collect();
    let o = run_src(
        "i2c-mc.ptx",
        src,
        &[
            "--grid",
            "2",
            "--cluster",
            "2",
            "--tensor-map",
            "tmap=u32:4x8x1@0x1000:pixels=4:channels=4",
            "--set",
            "out=0x100000",
            "--mem",
            &format!("0x1000={}", hex(&bytes)),
        ],
    );
    let (stdout, stderr) = text(&o);
    assert_eq!(o.status.code(), Some(0), "{stdout}{stderr}");
    assert_eq!(mem(&o, 0x100000, 128), want);
}

/// examples/kernels/conv-im2col.ptx: a 3 x 3 convolution with stride 2
/// and padding 1 over two 5 x 6 images of 4 channels, 4 output channels,
/// as an implicit GEMM over nine im2col loads; every output worked out
/// here from the definition, in integers (the inputs are small integers,
/// so every f32 sum is exact).
#[test]
fn the_convolution_example_computes_the_convolution() {
    let src = include_str!("../../../examples/kernels/conv-im2col.ptx");
    let (n, h, w, c, co) = (2usize, 5usize, 6usize, 4usize, 4usize);
    let x: Vec<i64> = (0..n * h * w * c)
        .map(|i| (i * 7 % 11) as i64 - 5)
        .collect();
    let k: Vec<i64> = (0..co * 9 * c).map(|i| (i * 5 % 7) as i64 - 3).collect();
    let f32s =
        |v: &[i64]| -> Vec<u8> { v.iter().flat_map(|e| (*e as f32).to_le_bytes()).collect() };
    let mut want = Vec::new();
    for img in 0..n {
        for p in 0..3 {
            for q in 0..3 {
                for o in 0..co {
                    let mut acc = 0i64;
                    for r in 0..3 {
                        for s in 0..3 {
                            let (y, xx) = (2 * p as i64 - 1 + r, 2 * q as i64 - 1 + s);
                            if !(0..h as i64).contains(&y) || !(0..w as i64).contains(&xx) {
                                continue;
                            }
                            for ch in 0..c {
                                let xi = ((img * h + y as usize) * w + xx as usize) * c + ch;
                                let ki = (o * 9 + (3 * r + s) as usize) * c + ch;
                                acc += x[xi] * k[ki];
                            }
                        }
                    }
                    want.extend((acc as f32).to_le_bytes());
                }
            }
        }
    }
    let o = run_src(
        "conv-example.ptx",
        src,
        &[
            "--block",
            "72",
            "--tensor-map",
            "act=f32:4x6x5x2@0x10000:pixels=18:channels=4:lower=-1x-1:upper=-1x-1:elementstrides=1x2x2x1",
            "--set",
            "wgt=0x20000",
            "--set",
            "out=0x30000",
            "--mem",
            &format!("0x10000={}", hex(&f32s(&x))),
            "--mem",
            &format!("0x20000={}", hex(&f32s(&k))),
        ],
    );
    assert_eq!(mem(&o, 0x30000, 18 * 4 * 4), want);
}
