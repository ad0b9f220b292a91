//! Tensor copies in `.tile` mode through `--tensor-map` (docs/ENGINE.md
//! "Tensor copies"): `cp.async.bulk.tensor` loads with the swizzle, the
//! out-of-bounds fill and traversal strides, stores and reductions back
//! to global memory, `cp.async.bulk.prefetch.tensor`, and the errors.
//!
//! The expected bytes are built here from the PTX ISA's words, not from
//! the engine's code: the box is walked as 5.5.3 describes it, and the
//! 128-byte swizzle is looked up in the table 5.5.7 prints, row by row.

mod common;
use common::{fails_with, hex, mem, run_src, text};

/// 5.5.7, "128 byte swizzle mode": "The following table, where each
/// elements (numbered cell) is 16 byte and the starting address is 1024
/// bytes aligned, shows the pattern of the destination data layout".
const SWIZZLE_128: [[usize; 8]; 8] = [
    [0, 1, 2, 3, 4, 5, 6, 7],
    [1, 0, 3, 2, 5, 4, 7, 6],
    [2, 3, 0, 1, 6, 7, 4, 5],
    [3, 2, 1, 0, 7, 6, 5, 4],
    [4, 5, 6, 7, 0, 1, 2, 3],
    [5, 4, 7, 6, 1, 0, 3, 2],
    [6, 7, 4, 5, 2, 3, 0, 1],
    [7, 6, 5, 4, 3, 2, 1, 0],
];

/// `bytes` (a box as it is before swizzling, from a 1024-byte aligned
/// address) as the table places it: in row `r` of 128 bytes, the cell at
/// position `p` holds the 16 bytes numbered `SWIZZLE_128[r % 8][p]`.
fn swizzle_128(bytes: &[u8]) -> Vec<u8> {
    let mut out = vec![0u8; bytes.len()];
    for (r, row) in bytes.chunks(128).enumerate() {
        for p in 0..row.len() / 16 {
            let from = SWIZZLE_128[r % 8][p];
            out[r * 128 + p * 16..r * 128 + p * 16 + 16]
                .copy_from_slice(&row[from * 16..from * 16 + 16]);
        }
    }
    out
}

/// A load kernel: thread 0 loads the box at (`coords`) of the map
/// parameter into a 1024-byte aligned tile, waits on the mbarrier's phase
/// 0 and copies the tile's `bytes` to `out`. `dims`: `.2d`, `.3d`, ...
fn load_kernel(dims: usize, bytes: usize, extra: &str) -> String {
    let c: Vec<String> = (0..dims).map(|i| format!("%c{i}")).collect();
    let params: Vec<String> = (0..dims).map(|i| format!(".param .s32 c{i}")).collect();
    let loads: String = (0..dims)
        .map(|i| format!("    ld.param.s32 %c{i}, [c{i}];\n"))
        .collect();
    format!(
        r#".version 8.0
.target sm_90
.address_size 64
.visible .entry tload(.param .align 64 .b8 tmap[128], .param .u64 out, {params})
{{
    .reg .b64 %tm;
    mov.b64 %tm, tmap;
    cvta.param.u64 %tm, %tm;
    .shared .align 8 .b64 bar;
    .shared .align 1024 .b8 tile[{bytes}];
    .reg .pred %p<4>;
    .reg .b32 %r<12>;
    .reg .s32 %c<6>;
    .reg .b64 %rd<12>;
    ld.param.u64 %rd2, [out];
{loads}    mov.u32 %r1, bar;
    mov.u32 %r2, tile;
    mbarrier.init.shared::cta.b64 [%r1], 1;
    mbarrier.arrive.expect_tx.shared::cta.b64 %rd4, [%r1], {bytes};
    {extra}cp.async.bulk.tensor.{dims}d.shared::cluster.global.mbarrier::complete_tx::bytes.tile [%r2], [%tm, {{{c}}}], [%r1];
WAIT:
    mbarrier.try_wait.parity.shared::cta.b64 %p1, [%r1], 0;
    @!%p1 bra WAIT;
    mov.u32 %r3, 0;
LOOP:
    add.u32 %r4, %r2, %r3;
    ld.shared.u32 %r7, [%r4];
    cvt.u64.u32 %rd5, %r3;
    add.u64 %rd6, %rd2, %rd5;
    st.global.u32 [%rd6], %r7;
    add.u32 %r3, %r3, 4;
    setp.lt.u32 %p2, %r3, {bytes};
    @%p2 bra LOOP;
    ret;
}}
"#,
        params = params.join(", "),
        c = c.join(", ")
    )
}

/// A 2-d `.u16` tensor of `w` x `h` elements, row pitch `pitch` bytes:
/// element (x, y) is `x + 256 y`; the padding is 0xeeee.
fn tensor_u16(w: usize, h: usize, pitch: usize) -> Vec<u8> {
    let mut b = vec![0xee; pitch * h];
    for y in 0..h {
        for x in 0..w {
            let v = (x + 256 * y) as u16;
            b[y * pitch + 2 * x..y * pitch + 2 * x + 2].copy_from_slice(&v.to_le_bytes());
        }
    }
    b
}

/// A 2-d box of 64 x 8 `.u16` (128 bytes a row) at (40, 15) of a 100 x
/// 20 tensor with rows of 208 bytes: columns 100 and up and rows 20 and
/// up are outside ("Zero fill mode: Elements in the Bounding Box which
/// fall outside of the tensor boundary are set to 0"), and the 128-byte
/// swizzle places the 16-byte cells. The mbarrier's phase completes on
/// the box's 1024 bytes.
#[test]
fn a_2d_load_fills_zeros_outside_and_swizzles() {
    let (w, h, pitch) = (100, 20, 208);
    let t = tensor_u16(w, h, pitch);
    let (x0, y0) = (40i64, 15i64);
    let mut dense = Vec::new();
    for i1 in 0..8 {
        for i0 in 0..64 {
            let (x, y) = (x0 + i0, y0 + i1);
            let v = if x < w as i64 && y < h as i64 {
                (x + 256 * y) as u16
            } else {
                0
            };
            dense.extend(v.to_le_bytes());
        }
    }
    let want = swizzle_128(&dense);
    let src = load_kernel(2, 1024, "");
    let o = run_src(
        "tload.ptx",
        &src,
        &[
            "--tensor-map",
            "tmap=u16:100x20@0x10000:box=64x8:strides=208:swizzle=128",
            "--mem",
            &format!("0x10000={}", hex(&t)),
            "--mem",
            &format!("0x40000={}", "00".repeat(1024)),
            "--set",
            "out=0x40000",
            "--set",
            "c0=40",
            "--set",
            "c1=15",
        ],
    );
    let (stdout, stderr) = text(&o);
    assert_eq!(o.status.code(), Some(0), "{stdout}{stderr}");
    assert_eq!(mem(&o, 0x40000, 1024), want);
    // Without the swizzle, the same box in order.
    let o = run_src(
        "tload.ptx",
        &src,
        &[
            "--tensor-map",
            "tmap=u16:100x20@0x10000:box=64x8:strides=208",
            "--mem",
            &format!("0x10000={}", hex(&t)),
            "--mem",
            &format!("0x40000={}", "00".repeat(1024)),
            "--set",
            "out=0x40000",
            "--set",
            "c0=40",
            "--set",
            "c1=15",
        ],
    );
    assert_eq!(o.status.code(), Some(0), "{}", text(&o).1);
    assert_eq!(mem(&o, 0x40000, 1024), dense);
}

/// A 3-d `.f16` box with a negative start, a traversal stride of 2 in
/// dimension 1 ("the traversal stride specifies the exact number of
/// elements to be skipped": rows 0, 2, 4, 6 of an 8-row box, 4 rows in
/// shared memory), and OOB-NaN fill: every element outside is the
/// OOB-NaN `fma.oob` recognizes (0x7ff7, docs/NVIDIA.md ".oob").
#[test]
fn a_3d_load_with_traversal_strides_and_the_oob_nan() {
    // 16 x 6 x 3 elements of .f16 bits 0x1000 + x + 16 y + 256 z.
    let (w, h, d) = (16usize, 6usize, 3usize);
    let mut t = Vec::new();
    for z in 0..d {
        for y in 0..h {
            for x in 0..w {
                t.extend(((0x1000 + x + 16 * y + 256 * z) as u16).to_le_bytes());
            }
        }
    }
    let (x0, y0, z0) = (-8i64, 1i64, 2i64);
    let mut want = Vec::new();
    for i2 in 0..2 {
        for i1 in 0..4 {
            for i0 in 0..16 {
                let (x, y, z) = (x0 + i0, y0 + 2 * i1, z0 + i2);
                let inside = (0..w as i64).contains(&x)
                    && (0..h as i64).contains(&y)
                    && (0..d as i64).contains(&z);
                let v = if inside {
                    (0x1000 + x + 16 * y + 256 * z) as u16
                } else {
                    0x7ff7
                };
                want.extend(v.to_le_bytes());
            }
        }
    }
    assert_eq!(want.len(), 256);
    let src = load_kernel(3, 256, "");
    let o = run_src(
        "tload3.ptx",
        &src,
        &[
            "--tensor-map",
            "tmap=f16:16x6x3@0x10000:box=16x8x2:elementstrides=1x2x1:fill=nan",
            "--mem",
            &format!("0x10000={}", hex(&t)),
            "--mem",
            &format!("0x40000={}", "00".repeat(256)),
            "--set",
            "out=0x40000",
            "--set",
            "c0=-8",
            "--set",
            "c1=1",
            "--set",
            "c2=2",
        ],
    );
    let (stdout, stderr) = text(&o);
    assert_eq!(o.status.code(), Some(0), "{stdout}{stderr}");
    assert_eq!(mem(&o, 0x40000, 256), want);
}

/// Store and reduce: a 16 x 4 `.u32` tile in shared memory (value i at
/// element i) goes to the box at (8, 2) of a 20 x 5 tensor with
/// `cp.async.bulk.tensor ... .global.shared::cta.bulk_group` (columns 20
/// and up and row 5 and up are outside: not written), then
/// `cp.reduce.async.bulk.tensor ... .add` adds it again to the same box.
#[test]
fn stores_and_reductions_leave_the_outside_alone() {
    let src = r#".version 8.0
.target sm_90
.address_size 64
.visible .entry tstore(.param .align 64 .b8 tmap[128])
{
    .reg .b64 %tm;
    mov.b64 %tm, tmap;
    cvta.param.u64 %tm, %tm;
    .shared .align 128 .b32 tile[64];
    .reg .pred %p<4>;
    .reg .b32 %r<12>;
    mov.u32 %r2, tile;
    mov.u32 %r3, 0;
FILL:
    shl.b32 %r4, %r3, 2;
    add.u32 %r5, %r2, %r4;
    st.shared.u32 [%r5], %r3;
    add.u32 %r3, %r3, 1;
    setp.lt.u32 %p1, %r3, 64;
    @%p1 bra FILL;
    mov.u32 %r6, 8;
    mov.u32 %r7, 2;
    fence.proxy.async.shared::cta;
    cp.async.bulk.tensor.2d.global.shared::cta.bulk_group [%tm, {%r6, %r7}], [%r2];
    cp.reduce.async.bulk.tensor.2d.global.shared::cta.add.tile.bulk_group [%tm, {%r6, %r7}], [%r2];
    cp.async.bulk.prefetch.tensor.2d.L2.global.tile [%tm, {%r6, %r7}];
    cp.async.bulk.commit_group;
    cp.async.bulk.wait_group 0;
    ret;
}
"#;
    let (w, h) = (20usize, 5usize);
    let init: Vec<u32> = (0..w * h).map(|i| 0x1000_0000 + i as u32).collect();
    let mut want = init.clone();
    for i1 in 0..4 {
        for i0 in 0..16 {
            let (x, y) = (8 + i0, 2 + i1);
            if x < w && y < h {
                // Stored, then added: twice the tile's value.
                want[y * w + x] = 2 * (i1 * 16 + i0) as u32;
            }
        }
    }
    let bytes: Vec<u8> = init.iter().flat_map(|v| v.to_le_bytes()).collect();
    let o = run_src(
        "tstore.ptx",
        src,
        &[
            "--tensor-map",
            "tmap=u32:20x5@0x10000:box=16x4",
            "--mem",
            &format!("0x10000={}", hex(&bytes)),
        ],
    );
    let (stdout, stderr) = text(&o);
    assert_eq!(o.status.code(), Some(0), "{stdout}{stderr}");
    // The run prints the bytes written: rows 2 to 4, columns 8 to 19.
    let want: Vec<u8> = want.iter().flat_map(|v| v.to_le_bytes()).collect();
    for y in 2..h {
        let at = 4 * (y * w + 8);
        assert_eq!(
            mem(&o, 0x10000 + at as u64, 4 * 12),
            want[at..at + 48],
            "row {y}"
        );
    }
    // Nothing else was written: the printout starts at row 2, column 8.
    let first = stdout
        .lines()
        .find_map(|l| l.strip_prefix("mem["))
        .unwrap_or_default();
    assert!(first.starts_with("0x100c0"), "{stdout}");
}

/// The errors: no map given, a map of another rank, and a bad SPEC (exit
/// code 2, with what was expected).
#[test]
fn missing_or_mismatched_maps_are_errors() {
    let src = load_kernel(2, 1024, "");
    let base = ["--set", "out=0x40000", "--set", "c0=0", "--set", "c1=0"];
    let o = run_src("tload.ptx", &src, &base);
    fails_with(&o, |stderr| {
        stderr.contains("no tensor map at") && stderr.contains("--tensor-map tmap=SPEC")
    });
    // The map parameter's own name is a .param address: ptxas refuses it
    // (an H200's JIT: "State space mismatch between instruction and
    // address"), and so does ptxfp, saying how to take its generic address.
    let direct = src.replace("[%tm, {", "[tmap, {");
    let mut args = base.to_vec();
    args.extend(["--tensor-map", "tmap=u16:64x8@0x10000:box=64x8"]);
    let o = run_src("tload-param.ptx", &direct, &args);
    fails_with(&o, |stderr| {
        stderr.contains("`tmap` is a .param variable")
            && stderr.contains("State space mismatch")
            && stderr.contains("cvta.param.u64 %rd, %rd;")
    });
    let mut args = base.to_vec();
    args.extend(["--tensor-map", "tmap=u16:64x8x2@0x10000:box=64x8x1"]);
    let o = run_src("tload.ptx", &src, &args);
    fails_with(&o, |stderr| {
        stderr.contains("is a 2d copy") && stderr.contains("a map of 3 dimension(s)")
    });
    let mut args = base.to_vec();
    args.extend(["--tensor-map", "tmap=u16:64x8@0x10000:box=64x8:swizzle=96"]);
    let o = run_src("tload.ptx", &src, &args);
    fails_with(&o, |stderr| {
        stderr.contains("--tensor-map tmap=u16:64x8@0x10000:box=64x8:swizzle=96: swizzle=96")
            && stderr.contains("expected NAME=TYPE:")
    });
}

/// A map built on the device (9.7.9.26 `tensormap.replace`, Table 33's
/// numbers), as device-side descriptor code does it: zeroed shared
/// memory, every field replaced, `tensormap.cp_fenceproxy` to global
/// memory, the proxy fence, then a 2-d load through it. The map: `.u32`
/// (elemtype 2), rank 2 (new_val 1), 8 x 4 elements, rows of 48 bytes
/// (global_stride ordinal 0: dimension 1), a box of 4 x 2 at (6, 3),
/// zero fill. Then `.global_address` moves the tensor by one row and the
/// same load reads one row further down.
#[test]
fn a_map_built_with_tensormap_replace_loads() {
    let src = r#".version 8.3
.target sm_90a
.address_size 64
.visible .entry build(.param .u64 gmap, .param .u64 out, .param .u64 tensor)
{
    .shared .align 128 .b8 smap[128];
    .shared .align 8 .b64 bar;
    .shared .align 128 .b32 tile[8];
    .reg .pred %p<4>;
    .reg .b32 %r<12>;
    .reg .b64 %rd<12>;
    ld.param.u64 %rd1, [gmap];
    ld.param.u64 %rd2, [out];
    ld.param.u64 %rd3, [tensor];
    mov.u32 %r1, smap;
    mov.u32 %r2, 0;
    mov.u64 %rd4, 0;
ZERO:
    add.u32 %r3, %r1, %r2;
    st.shared.u64 [%r3], %rd4;
    add.u32 %r2, %r2, 8;
    setp.lt.u32 %p1, %r2, 128;
    @%p1 bra ZERO;
    tensormap.replace.tile.global_address.shared::cta.b1024.b64 [%r1], %rd3;
    tensormap.replace.tile.rank.shared::cta.b1024.b32 [%r1], 1;
    tensormap.replace.tile.elemtype.shared::cta.b1024.b32 [%r1], 2;
    tensormap.replace.tile.global_dim.shared::cta.b1024.b32 [%r1], 0, 8;
    tensormap.replace.tile.global_dim.shared::cta.b1024.b32 [%r1], 1, 4;
    mov.u64 %rd5, 48;
    tensormap.replace.tile.global_stride.shared::cta.b1024.b64 [%r1], 0, %rd5;
    tensormap.replace.tile.box_dim.shared::cta.b1024.b32 [%r1], 0, 4;
    tensormap.replace.tile.box_dim.shared::cta.b1024.b32 [%r1], 1, 2;
    tensormap.replace.tile.element_stride.shared::cta.b1024.b32 [%r1], 0, 1;
    tensormap.replace.tile.element_stride.shared::cta.b1024.b32 [%r1], 1, 1;
    tensormap.replace.tile.interleave_layout.shared::cta.b1024.b32 [%r1], 0;
    tensormap.replace.tile.swizzle_mode.shared::cta.b1024.b32 [%r1], 0;
    tensormap.replace.tile.fill_mode.shared::cta.b1024.b32 [%r1], 0;
    tensormap.cp_fenceproxy.global.shared::cta.tensormap::generic.release.gpu.sync.aligned [%rd1], [%r1], 128;
    fence.proxy.tensormap::generic.acquire.gpu [%rd1], 128;
    mov.u32 %r4, bar;
    mov.u32 %r5, tile;
    mov.u32 %r6, 6;
    mov.u32 %r7, 3;
    mbarrier.init.shared::cta.b64 [%r4], 1;
    mbarrier.arrive.expect_tx.shared::cta.b64 %rd6, [%r4], 32;
    cp.async.bulk.tensor.2d.shared::cluster.global.mbarrier::complete_tx::bytes.tile [%r5], [%rd1, {%r6, %r7}], [%r4];
W1:
    mbarrier.try_wait.parity.shared::cta.b64 %p2, [%r4], 0;
    @!%p2 bra W1;
    ld.shared.v4.u32 {%r8, %r9, %r10, %r11}, [%r5];
    st.global.v4.u32 [%rd2], {%r8, %r9, %r10, %r11};
    ld.shared.v4.u32 {%r8, %r9, %r10, %r11}, [%r5+16];
    st.global.v4.u32 [%rd2+16], {%r8, %r9, %r10, %r11};
    add.u64 %rd7, %rd3, 48;
    tensormap.replace.tile.global_address.global.b1024.b64 [%rd1], %rd7;
    mbarrier.arrive.expect_tx.shared::cta.b64 %rd6, [%r4], 32;
    cp.async.bulk.tensor.2d.shared::cluster.global.mbarrier::complete_tx::bytes.tile [%r5], [%rd1, {%r6, %r7}], [%r4];
W2:
    mbarrier.try_wait.parity.shared::cta.b64 %p2, [%r4], 1;
    @!%p2 bra W2;
    ld.shared.v4.u32 {%r8, %r9, %r10, %r11}, [%r5];
    st.global.v4.u32 [%rd2+32], {%r8, %r9, %r10, %r11};
    ld.shared.v4.u32 {%r8, %r9, %r10, %r11}, [%r5+16];
    st.global.v4.u32 [%rd2+48], {%r8, %r9, %r10, %r11};
    ret;
}
"#;
    // 5 rows of 12 .u32 (48 bytes; 8 elements used), element (x, y) = 100 y + x.
    let t: Vec<u8> = (0..5u32)
        .flat_map(|y| (0..12u32).map(move |x| 100 * y + x))
        .flat_map(|v| v.to_le_bytes())
        .collect();
    let box_at = |base_row: u32| -> Vec<u32> {
        let mut v = Vec::new();
        for i1 in 0..2 {
            for i0 in 0..4 {
                let (x, y) = (6 + i0, 3 + i1);
                // Inside the 8 x 4 tensor that starts at row base_row.
                v.push(if x < 8 && y < 4 {
                    100 * (y + base_row) + x
                } else {
                    0
                });
            }
        }
        v
    };
    let mut want = box_at(0);
    want.extend(box_at(1));
    let o = run_src(
        "build.ptx",
        src,
        &[
            "--set",
            "gmap=0x30000",
            "--set",
            "out=0x40000",
            "--set",
            "tensor=0x10000",
            "--mem",
            &format!("0x10000={}", hex(&t)),
        ],
    );
    let (stdout, stderr) = text(&o);
    assert_eq!(o.status.code(), Some(0), "{stdout}{stderr}");
    let want: Vec<u8> = want.iter().flat_map(|v| v.to_le_bytes()).collect();
    assert_eq!(mem(&o, 0x40000, 64), want);
}

/// `.multicast::cluster` (9.7.9.25.5.2: "The source data is multicast to
/// the same offset as dstMem in the shared memory of each destination
/// CTA", "The mbarrier signal is also multicasted to the same offset as
/// mbar"): in a cluster of 2, rank 0 loads the 8 x 2 `.u32` box at (0, 1)
/// of an 8 x 4 tensor for both CTAs (ctaMask 3); each CTA waits on its own
/// mbarrier and writes its copy out.
#[test]
fn a_multicast_load_reaches_every_cta_of_the_mask() {
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
    mov.u32 %r13, 1;
    cp.async.bulk.tensor.2d.shared::cluster.global.mbarrier::complete_tx::bytes.multicast::cluster [%r6], [%tm, {%r12, %r13}], [%r5], %m;
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
    let t: Vec<u32> = (0..32).map(|i| 0xa000 + i).collect();
    // Rows 1 and 2 of 8 elements: elements 8..24.
    let rows: Vec<u32> = t[8..24].to_vec();
    let want: Vec<u8> = rows
        .iter()
        .chain(&rows)
        .flat_map(|v| v.to_le_bytes())
        .collect();
    let bytes: Vec<u8> = t.iter().flat_map(|v| v.to_le_bytes()).collect();
    let o = run_src(
        "mc.ptx",
        src,
        &[
            "--grid",
            "2",
            "--cluster",
            "2",
            "--tensor-map",
            "tmap=u32:8x4@0x1000:box=8x2",
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

/// `.tile::gather4` and `.tile::scatter4` (5.5.3.4: "four request
/// coordinates will form four Bounding Boxes in the tensor space"; "The
/// size of the bounding box in the dimension 1 must be one"): gather rows
/// 2, 9, 0 and 12 (outside the 10 rows: zeros) of a 16 x 10 `.u16` tensor
/// from column 0 into four 32-byte rows of shared memory, then scatter
/// those four rows to rows 1, 3, 5 and 20 (outside: not written).
#[test]
fn gather4_and_scatter4_move_four_rows() {
    let src = r#".version 8.6
.target sm_100a
.address_size 64
.visible .entry g4(.param .align 64 .b8 tmap[128], .param .u64 out)
{
    .reg .b64 %tm;
    mov.b64 %tm, tmap;
    cvta.param.u64 %tm, %tm;
    .shared .align 8 .b64 bar;
    .shared .align 128 .b8 rows[128];
    .reg .pred %p<4>;
    .reg .b32 %r<20>;
    .reg .b64 %rd<8>;
    mov.u32 %r1, bar;
    mov.u32 %r2, rows;
    mov.u32 %r3, 0;
    mov.u32 %r4, 2;
    mov.u32 %r5, 9;
    mov.u32 %r6, 0;
    mov.u32 %r7, 12;
    mbarrier.init.shared::cta.b64 [%r1], 1;
    mbarrier.arrive.expect_tx.shared::cta.b64 %rd1, [%r1], 128;
    cp.async.bulk.tensor.2d.shared::cta.global.tile::gather4.mbarrier::complete_tx::bytes [%r2], [%tm, {%r3, %r4, %r5, %r6, %r7}], [%r1];
W:
    mbarrier.try_wait.parity.shared::cta.b64 %p1, [%r1], 0;
    @!%p1 bra W;
    mov.u32 %r4, 1;
    mov.u32 %r5, 3;
    mov.u32 %r6, 5;
    mov.u32 %r7, 20;
    cp.async.bulk.tensor.2d.global.shared::cta.tile::scatter4.bulk_group [%tm, {%r3, %r4, %r5, %r6, %r7}], [%r2];
    cp.async.bulk.commit_group;
    cp.async.bulk.wait_group 0;
    ret;
}
"#;
    let (w, h) = (16usize, 10usize);
    let value = |x: usize, y: usize| (0x100 * y + x) as u16;
    let t: Vec<u8> = (0..h)
        .flat_map(|y| (0..w).map(move |x| value(x, y)))
        .flat_map(|v| v.to_le_bytes())
        .collect();
    let row = |y: usize| -> Vec<u8> {
        (0..w)
            .map(|x| if y < h { value(x, y) } else { 0 })
            .flat_map(|v| v.to_le_bytes())
            .collect()
    };
    let o = run_src(
        "g4.ptx",
        src,
        &[
            "--tensor-map",
            "tmap=u16:16x10@0x1000:box=16x1",
            "--mem",
            &format!("0x1000={}", hex(&t)),
        ],
    );
    let (stdout, stderr) = text(&o);
    assert_eq!(o.status.code(), Some(0), "{stdout}{stderr}");
    // Rows 1, 3 and 5 now hold the gathered rows 2, 9 and 0; row 12 was
    // zeros and row 20 is outside the tensor.
    for (to, from) in [(1, 2), (3, 9), (5, 0)] {
        assert_eq!(mem(&o, 0x1000 + 32 * to as u64, 32), row(from), "row {to}");
    }
    let first = stdout
        .lines()
        .find_map(|l| l.strip_prefix("mem["))
        .unwrap_or_default();
    assert!(
        first.starts_with("0x1020.."),
        "only rows 1, 3, 5 are written: {stdout}"
    );
    // The box must be one row.
    let o = run_src(
        "g4.ptx",
        src,
        &[
            "--tensor-map",
            "tmap=u16:16x10@0x1000:box=16x2",
            "--mem",
            &format!("0x1000={}", hex(&t)),
        ],
    );
    let (_, stderr) = text(&o);
    assert_eq!(o.status.code(), Some(2), "{stderr}");
    assert!(stderr.contains("must be one"), "{stderr}");
}

/// The 128-byte swizzle's 32- and 64-byte atomicity sub-modes (5.5.7: "In
/// this sub-mode, the 32-byte of data is kept intact while swizzling"),
/// each 128-byte row of the box placed by the ISA's table: for 32 bytes
/// (rows of four 32-byte units) "0 1 | 2 3 | 4 5 | 6 7", "2 3 | 0 1 | 6 7
/// | 4 5", "4 5 | 6 7 | 0 1 | 2 3", "6 7 | 4 5 | 2 3 | 0 1"; for 64 bytes
/// "0 1 2 3 | 4 5 6 7", "4 5 6 7 | 0 1 2 3"; "… Pattern repeats …".
/// Atomicities other than 16 bytes need the 128-byte swizzle (Table 14).
#[test]
fn the_32_and_64_byte_atomicities_keep_their_units_whole() {
    const ATOM_32: [[usize; 8]; 4] = [
        [0, 1, 2, 3, 4, 5, 6, 7],
        [2, 3, 0, 1, 6, 7, 4, 5],
        [4, 5, 6, 7, 0, 1, 2, 3],
        [6, 7, 4, 5, 2, 3, 0, 1],
    ];
    const ATOM_64: [[usize; 8]; 2] = [[0, 1, 2, 3, 4, 5, 6, 7], [4, 5, 6, 7, 0, 1, 2, 3]];
    let (w, h, pitch) = (64, 8, 128);
    let t = tensor_u16(w, h, pitch);
    let src = load_kernel(2, 1024, "");
    for (atom, table) in [(32, &ATOM_32[..]), (64, &ATOM_64[..])] {
        let mut want = vec![0u8; 1024];
        for (r, row) in t.chunks(128).enumerate() {
            for p in 0..8 {
                let from = table[r % table.len()][p];
                want[r * 128 + p * 16..r * 128 + p * 16 + 16]
                    .copy_from_slice(&row[from * 16..from * 16 + 16]);
            }
        }
        let o = run_src(
            "tatom.ptx",
            &src,
            &[
                "--tensor-map",
                &format!("tmap=u16:64x8@0x10000:box=64x8:swizzle=128:atomicity={atom}"),
                "--mem",
                &format!("0x10000={}", hex(&t)),
                "--mem",
                &format!("0x40000={}", "00".repeat(1024)),
                "--set",
                "out=0x40000",
                "--set",
                "c0=0",
                "--set",
                "c1=0",
            ],
        );
        assert_eq!(mem(&o, 0x40000, 1024), want, "atomicity {atom}");
        // The same through `tensormap.replace ... .swizzle_atomicity`
        // (Table 36: 1 is 32B, 3 is 64B) on a 16-byte-atomicity map in
        // global memory.
        let code = if atom == 32 { 1 } else { 3 };
        let replaced = src
            .replace(".version 8.0\n.target sm_90", ".version 8.6\n.target sm_100a")
            .replace(".param .align 64 .b8 tmap[128]", ".param .u64 tmap")
            .replace(
                "    ld.param.u64 %rd2, [out];",
                &format!("    ld.param.u64 %rd2, [out];\n    ld.param.u64 %rd9, [tmap];\n    tensormap.replace.tile.swizzle_atomicity.global.b1024.b32 [%rd9], {code};"),
            )
            .replace("[%tm, {", "[%rd9, {");
        let o = run_src(
            "tatom-replace.ptx",
            &replaced,
            &[
                "--tensor-map",
                "0x30000=u16:64x8@0x10000:box=64x8:swizzle=128",
                "--set",
                "tmap=0x30000",
                "--mem",
                &format!("0x10000={}", hex(&t)),
                "--mem",
                &format!("0x40000={}", "00".repeat(1024)),
                "--set",
                "out=0x40000",
                "--set",
                "c0=0",
                "--set",
                "c1=0",
            ],
        );
        assert_eq!(mem(&o, 0x40000, 1024), want, "replaced atomicity {atom}");
    }
    let o = run_src(
        "tatom.ptx",
        &src,
        &[
            "--tensor-map",
            "tmap=u16:64x8@0x10000:box=32x8:swizzle=64:atomicity=32",
            "--set",
            "out=0x40000",
            "--set",
            "c0=0",
            "--set",
            "c1=0",
        ],
    );
    fails_with(&o, |e| {
        e.contains("only the 128-byte swizzle") && e.contains("Table 14")
    });
}
