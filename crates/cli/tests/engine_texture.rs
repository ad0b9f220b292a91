//! Surfaces through the binary: `suld.b`, `sust.b`, `sured.b` and `suq`
//! (PTX ISA 9.7.11) on images bound with `--surface` (docs/ENGINE.md
//! "Surfaces"). Every expected value is computed here: the image bytes
//! come from an LCG, and each access's address from the ISA's words
//! ("The lowest dimension coordinate represents a byte offset into the
//! surface and is not scaled"; arrays: "The first element is interpreted
//! as an unsigned integer index (.u32) into the surface array") over the
//! pitch-linear layout the binding describes (row pitch, slices of
//! `pitch × height`, layers of `slice × depth`).

mod common;
use common::{hex, lcg, run_src, text, words};
use std::collections::BTreeMap;

/// Every byte the run printed as memory it wrote.
fn written(o: &std::process::Output) -> BTreeMap<u64, u8> {
    let (stdout, stderr) = text(o);
    assert_eq!(o.status.code(), Some(0), "{stdout}{stderr}");
    let mut got = BTreeMap::new();
    for line in stdout.lines() {
        let Some(rest) = line.strip_prefix("mem[") else {
            continue;
        };
        let (range, bytes) = rest.split_once("] = ").unwrap();
        let start = u64::from_str_radix(
            range.split("..").next().unwrap().trim_start_matches("0x"),
            16,
        )
        .unwrap();
        for (k, b) in bytes.split(' ').enumerate() {
            got.insert(start + k as u64, u8::from_str_radix(b, 16).unwrap());
        }
    }
    got
}

fn bytes_of(seed: u32, n: usize) -> Vec<u8> {
    lcg(n.div_ceil(4), seed)
        .iter()
        .flat_map(|w| w.to_le_bytes())
        .take(n)
        .collect()
}

const BASE: u64 = 0x10000;
const OUT: u64 = 0x40000;
const SRC: u64 = 0x80000;

/// One geometry's test shape: threads (x, y, z) and what each names.
#[derive(Clone, Copy)]
struct Shape {
    geom: &'static str,
    /// Threads per dimension.
    block: [u32; 3],
}

impl Shape {
    /// `b`'s text, from the registers %r4 (x in bytes), %r2 (tid.y) and
    /// %r3 (tid.z): arrays take their layer from the last thread index.
    fn coords(self) -> &'static str {
        match self.geom {
            "1d" => "{%r4}",
            "2d" => "{%r4, %r2}",
            "3d" => "{%r4, %r2, %r3, %r3}",
            "a1d" => "{%r2, %r4}",
            _ => "{%r3, %r4, %r2, %r2}",
        }
    }

    /// (layer, x in elements of the access, y, z) of thread (tx, ty, tz).
    fn place(self, t: [u32; 3]) -> (u64, u64, u64, u64) {
        let [x, y, z] = t.map(u64::from);
        match self.geom {
            "1d" => (0, x, 0, 0),
            "2d" => (0, x, y, 0),
            "3d" => (0, x, y, z),
            "a1d" => (y, x, 0, 0),
            _ => (z, x, y, 0),
        }
    }

    /// The binding's height, depth and layers.
    fn extents(self) -> (u64, u64, Option<u64>) {
        let [_, y, z] = self.block.map(u64::from);
        match self.geom {
            "1d" => (1, 1, None),
            "2d" => (y, 1, None),
            "3d" => (y, z, None),
            "a1d" => (1, 1, Some(y)),
            _ => (y, 1, Some(z)),
        }
    }
}

const SHAPES: [Shape; 5] = [
    Shape {
        geom: "1d",
        block: [5, 1, 1],
    },
    Shape {
        geom: "2d",
        block: [3, 4, 1],
    },
    Shape {
        geom: "3d",
        block: [2, 3, 2],
    },
    Shape {
        geom: "a1d",
        block: [3, 3, 1],
    },
    Shape {
        geom: "a2d",
        block: [2, 2, 3],
    },
];

/// A pitch-linear u8 image of width `w` bytes, as `--surface` binds it;
/// pitch a multiple of 32 past the row (the rows do not touch).
struct Img {
    w: u64,
    pitch: u64,
    h: u64,
    d: u64,
    layers: Option<u64>,
}

impl Img {
    fn for_shape(s: Shape, size: u64) -> Img {
        let (h, d, layers) = s.extents();
        let w = u64::from(s.block[0]) * size + 3;
        Img {
            w,
            pitch: w.div_ceil(32) * 32 + 32,
            h,
            d,
            layers,
        }
    }

    fn bytes(&self) -> u64 {
        self.pitch * self.h * self.d * self.layers.unwrap_or(1)
    }

    /// The address of byte x of row y, slice z, layer l.
    fn addr(&self, l: u64, x: u64, y: u64, z: u64) -> u64 {
        BASE + l * self.pitch * self.h * self.d + z * self.pitch * self.h + y * self.pitch + x
    }

    fn flag(&self, name: &str, s: Shape) -> String {
        let dims = match s.geom {
            "1d" | "a1d" => format!("{}", self.w),
            "2d" | "a2d" => format!("{}x{}", self.w, self.h),
            _ => format!("{}x{}x{}", self.w, self.h, self.d),
        };
        let layers = self
            .layers
            .map_or(String::new(), |l| format!(":layers={l}"));
        format!("{name}={dims}:u8@{BASE:#x}:pitch={}{layers}", self.pitch)
    }
}

const FORMS: [(u32, u32); 12] = [
    (8, 1),
    (8, 2),
    (8, 4),
    (16, 1),
    (16, 2),
    (16, 4),
    (32, 1),
    (32, 2),
    (32, 4),
    (64, 1),
    (64, 2),
    (64, 4),
];

/// The kernel: each thread reads (`suld`) or is given (`ld` from SRC)
/// `lanes` values of `bits` and writes them out (`st` to OUT, or `sust`),
/// at flat index ((z * NY + y) * NX + x). PTX 8.8 and sm_100: the
/// `.v4.b64` global access of 32 bytes needs them.
fn kernel(s: Shape, bits: u32, lanes: u32, store: bool) -> String {
    let size = bits / 8 * lanes;
    let reg = bits.max(16);
    let vec = if lanes > 1 {
        format!(".v{lanes}")
    } else {
        String::new()
    };
    let data = if lanes > 1 {
        let v: Vec<String> = (0..lanes).map(|i| format!("%v{i}")).collect();
        format!("{{{}}}", v.join(", "))
    } else {
        "%v0".to_string()
    };
    let [nx, ny, _] = s.block;
    let (geom, coords) = (s.geom, s.coords());
    let access = if store {
        format!("ld.global{vec}.b{bits} {data}, [%rd3];\n    sust.b.{geom}{vec}.b{bits}.trap [img, {coords}], {data};")
    } else {
        format!("suld.b.{geom}{vec}.b{bits}.trap {data}, [img, {coords}];\n    st.global{vec}.b{bits} [%rd3], {data};")
    };
    let buf = if store { SRC } else { OUT };
    format!(
        r#".version 8.8
.target sm_100
.address_size 64
.global .surfref img;
.visible .entry k()
{{
    .reg .b32 %r<8>;
    .reg .b64 %rd<4>;
    .reg .b{reg} %v<4>;
    mov.u32 %r1, %tid.x;
    mov.u32 %r2, %tid.y;
    mov.u32 %r3, %tid.z;
    mul.lo.u32 %r4, %r1, {size};
    mad.lo.u32 %r5, %r3, {ny}, %r2;
    mad.lo.u32 %r5, %r5, {nx}, %r1;
    mul.wide.u32 %rd2, %r5, {size};
    add.s64 %rd3, %rd2, {buf};
    {access}
    ret;
}}
"#
    )
}

fn block(s: Shape) -> String {
    let [x, y, z] = s.block;
    format!("{x},{y},{z}")
}

fn threads(s: Shape) -> Vec<[u32; 3]> {
    let [nx, ny, nz] = s.block;
    let mut v = Vec::new();
    for z in 0..nz {
        for y in 0..ny {
            for x in 0..nx {
                v.push([x, y, z]);
            }
        }
    }
    v
}

/// `suld.b` of every geometry, width and vector: each thread's bytes are
/// the image's at its address.
#[test]
fn suld_reads_every_geometry_width_and_vector() {
    for s in SHAPES {
        for (bits, lanes) in FORMS {
            let size = u64::from(bits / 8 * lanes);
            let img = Img::for_shape(s, size);
            let data = bytes_of(bits * 7 + lanes, img.bytes() as usize);
            let o = run_src(
                "suld.ptx",
                &kernel(s, bits, lanes, false),
                &[
                    "--block",
                    &block(s),
                    "--surface",
                    &img.flag("img", s),
                    "--mem",
                    &format!("{BASE:#x}={}", hex(&data)),
                ],
            );
            let got = written(&o);
            let mut want = BTreeMap::new();
            for (i, t) in threads(s).into_iter().enumerate() {
                let (l, x, y, z) = s.place(t);
                let a = img.addr(l, x * size, y, z);
                for k in 0..size {
                    want.insert(OUT + i as u64 * size + k, data[(a - BASE + k) as usize]);
                }
            }
            assert_eq!(got, want, "suld.b.{}.v{lanes}.b{bits}", s.geom);
        }
    }
}

/// `sust.b` of every geometry, width and vector: the bytes each thread
/// stores land at its address, and nowhere else.
#[test]
fn sust_writes_every_geometry_width_and_vector() {
    for s in SHAPES {
        for (bits, lanes) in FORMS {
            let size = u64::from(bits / 8 * lanes);
            let img = Img::for_shape(s, size);
            let n = threads(s).len();
            let src = bytes_of(bits * 13 + lanes, n * size as usize);
            let o = run_src(
                "sust.ptx",
                &kernel(s, bits, lanes, true),
                &[
                    "--block",
                    &block(s),
                    "--surface",
                    &img.flag("img", s),
                    "--mem",
                    &format!("{SRC:#x}={}", hex(&src)),
                ],
            );
            let got = written(&o);
            let mut want = BTreeMap::new();
            for (i, t) in threads(s).into_iter().enumerate() {
                let (l, x, y, z) = s.place(t);
                let a = img.addr(l, x * size, y, z);
                for k in 0..size {
                    want.insert(a + k, src[i * size as usize + k as usize]);
                }
            }
            assert_eq!(got, want, "sust.b.{}.v{lanes}.b{bits}", s.geom);
        }
    }
}

/// `sured.b`: 24 threads reduce their values into 4 slots of a 1d
/// surface; each slot ends as the fold of its old value and the values
/// of the threads whose tid % 4 names it, by the ISA's op on its type.
#[test]
fn sured_reduces_by_op_and_type() {
    let forms: [(&str, &str, u32, bool); 10] = [
        ("add", "u32", 32, false),
        ("add", "s32", 32, true),
        ("add", "u64", 64, false),
        ("min", "u32", 32, false),
        ("min", "s32", 32, true),
        ("max", "u64", 64, false),
        ("max", "s64", 64, true),
        ("min", "s64", 64, true),
        ("and", "b32", 32, false),
        ("or", "b32", 32, false),
    ];
    for (op, ty, bits, signed) in forms {
        let size = bits / 8;
        let n = 24usize;
        let reg = if bits == 64 { "b64" } else { "b32" };
        let src = format!(
            r#".version 8.1
.target sm_50
.address_size 64
.global .surfref img;
.visible .entry k()
{{
    .reg .b32 %r<8>;
    .reg .b64 %rd<4>;
    .reg .{reg} %c;
    mov.u32 %r1, %tid.x;
    rem.u32 %r2, %r1, 4;
    mul.lo.u32 %r4, %r2, {size};
    mul.wide.u32 %rd2, %r1, {size};
    add.s64 %rd3, %rd2, {SRC};
    ld.global.{reg} %c, [%rd3];
    sured.b.{op}.1d.{ty}.trap [img, {{%r4}}], %c;
    ret;
}}
"#
        );
        let init = bytes_of(bits + 1, 4 * size as usize);
        let vals = bytes_of(bits + 2, n * size as usize);
        let o = run_src(
            "sured.ptx",
            &src,
            &[
                "--block",
                &n.to_string(),
                "--surface",
                &format!("img={}:u8@{BASE:#x}", 4 * size),
                "--mem",
                &format!("{BASE:#x}={}", hex(&init)),
                "--mem",
                &format!("{SRC:#x}={}", hex(&vals)),
            ],
        );
        let word = |b: &[u8], i: usize| -> i128 {
            let mut v = 0u64;
            for k in (0..size as usize).rev() {
                v = v << 8 | u64::from(b[i * size as usize + k]);
            }
            if signed {
                (((v << (64 - bits)) as i64) >> (64 - bits)) as i128
            } else {
                v as i128
            }
        };
        let modulus = 1i128 << bits;
        let mut want = BTreeMap::new();
        for slot in 0..4 {
            let mut acc = word(&init, slot);
            for t in (slot..n).step_by(4) {
                let c = word(&vals, t);
                acc = match op {
                    "add" => acc + c,
                    "min" => acc.min(c),
                    "max" => acc.max(c),
                    "and" => acc & c,
                    _ => acc | c,
                };
            }
            let bitsv = acc.rem_euclid(modulus) as u64;
            for k in 0..u64::from(size) {
                want.insert(
                    BASE + slot as u64 * u64::from(size) + k,
                    (bitsv >> (8 * k)) as u8,
                );
            }
        }
        assert_eq!(written(&o), want, "sured.b.{op}.1d.{ty}");
    }
}

/// A 2d u8x2 surface of 9x3 elements (18-byte rows, a pitch of 20), and
/// coordinates in and out of it: `.clamp` "loads data at the nearest
/// surface location (sized appropriately)" and "stores data at the nearest
/// surface location": x to the last whole 4-byte access that is aligned
/// (12: the access at 14 would be misaligned), y into 0..3; `.zero` "loads
/// zero for out-of-bounds addresses" and "drops stores to out-of-bounds
/// addresses". Threads run in order, so the last store to a place wins.
#[test]
fn clamp_and_zero_at_out_of_bounds_coordinates() {
    let coords: [(i32, i32); 8] = [
        (4, 1),
        (-4, 0),
        (-100, 2),
        (16, 1),
        (12, 3),
        (100, -7),
        (8, 2),
        (0, 5),
    ];
    let (w, h, pitch) = (18i64, 3i64, 20i64);
    let image = bytes_of(99, (pitch * h) as usize);
    let cs: Vec<u32> = coords
        .iter()
        .flat_map(|&(x, y)| [x as u32, y as u32])
        .collect();
    for bound in ["clamp", "zero"] {
        let src = format!(
            r#".version 8.0
.target sm_80
.address_size 64
.global .surfref img;
.visible .entry k()
{{
    .reg .b32 %r<8>;
    .reg .b64 %rd<4>;
    mov.u32 %r1, %tid.x;
    mul.wide.u32 %rd1, %r1, 8;
    add.s64 %rd2, %rd1, {SRC};
    ld.global.v2.b32 {{%r2, %r3}}, [%rd2];
    suld.b.2d.b32.{bound} %r4, [img, {{%r2, %r3}}];
    mul.wide.u32 %rd1, %r1, 4;
    add.s64 %rd3, %rd1, {OUT};
    st.global.b32 [%rd3], %r4;
    ret;
}}
"#
        );
        let o = run_src(
            "clamp.ptx",
            &src,
            &[
                "--block",
                "8",
                "--surface",
                &format!("img=9x3:u8x2@{BASE:#x}:pitch=20"),
                "--mem",
                &format!("{BASE:#x}={}", hex(&image)),
                "--mem",
                &format!("{SRC:#x}={}", hex(&words(&cs))),
            ],
        );
        let mut want = BTreeMap::new();
        for (i, &(x, y)) in coords.iter().enumerate() {
            let (x, y) = (i64::from(x), i64::from(y));
            let inside = (0..=w - 4).contains(&x) && (0..h).contains(&y);
            let v: Vec<u8> = if inside || bound == "clamp" {
                let (cx, cy) = (x.clamp(0, w - 4) / 4 * 4, y.clamp(0, h - 1));
                let a = (cy * pitch + cx) as usize;
                image[a..a + 4].to_vec()
            } else {
                vec![0; 4]
            };
            for (k, b) in v.into_iter().enumerate() {
                want.insert(OUT + 4 * i as u64 + k as u64, b);
            }
        }
        assert_eq!(written(&o), want, "suld .{bound}");
        let src = format!(
            r#".version 8.0
.target sm_80
.address_size 64
.global .surfref img;
.visible .entry k()
{{
    .reg .b32 %r<8>;
    .reg .b64 %rd<4>;
    mov.u32 %r1, %tid.x;
    mul.wide.u32 %rd1, %r1, 8;
    add.s64 %rd2, %rd1, {SRC};
    ld.global.v2.b32 {{%r2, %r3}}, [%rd2];
    add.u32 %r4, %r1, 0x5a5a5a00;
    sust.b.2d.b32.{bound} [img, {{%r2, %r3}}], %r4;
    ret;
}}
"#
        );
        let o = run_src(
            "clamp_st.ptx",
            &src,
            &[
                "--block",
                "8",
                "--surface",
                &format!("img=9x3:u8x2@{BASE:#x}:pitch=20"),
                "--mem",
                &format!("{SRC:#x}={}", hex(&words(&cs))),
            ],
        );
        let mut want = BTreeMap::new();
        for (i, &(x, y)) in coords.iter().enumerate() {
            let (x, y) = (i64::from(x), i64::from(y));
            let inside = (0..=w - 4).contains(&x) && (0..h).contains(&y);
            if inside || bound == "clamp" {
                let (cx, cy) = (x.clamp(0, w - 4) / 4 * 4, y.clamp(0, h - 1));
                let a = BASE + (cy * pitch + cx) as u64;
                for (k, b) in (0x5a5a5a00u32 + i as u32)
                    .to_le_bytes()
                    .into_iter()
                    .enumerate()
                {
                    want.insert(a + k as u64, b);
                }
            }
        }
        assert_eq!(written(&o), want, "sust .{bound}");
    }
}

/// `suq` of each query on a 2d array, a 3d surface and a 1d one; the
/// surface named by its `.surfref`, by a `.u64` register holding the
/// `.surfref`'s address ("In indirect access, operand a is a .u64
/// register holding the address of a .surfref variable"), and by a
/// bindless handle in a parameter.
#[test]
fn suq_answers_each_query_by_every_kind_of_operand() {
    let src = r#".version 8.0
.target sm_80
.address_size 64
.global .surfref a;
.global .surfref b;
.visible .entry k(.param .u64 h)
{
    .reg .b32 %r<24>;
    .reg .b64 %rd<4>;
    suq.width.b32 %r1, [a];
    suq.height.b32 %r2, [a];
    suq.depth.b32 %r3, [a];
    suq.channel_data_type.b32 %r4, [a];
    suq.channel_order.b32 %r5, [a];
    suq.array_size.b32 %r6, [a];
    suq.memory_layout.b32 %r7, [a];
    mov.u64 %rd1, b;
    suq.width.b32 %r8, [%rd1];
    suq.height.b32 %r9, [%rd1];
    suq.depth.b32 %r10, [%rd1];
    suq.channel_data_type.b32 %r11, [%rd1];
    suq.channel_order.b32 %r12, [%rd1];
    suq.array_size.b32 %r13, [%rd1];
    ld.param.u64 %rd2, [h];
    suq.width.b32 %r14, [%rd2];
    suq.height.b32 %r15, [%rd2];
    suq.channel_data_type.b32 %r16, [%rd2];
    suq.array_size.b32 %r17, [%rd2];
    st.global.v4.b32 [0x40000], {%r1, %r2, %r3, %r4};
    st.global.v4.b32 [0x40010], {%r5, %r6, %r7, %r8};
    st.global.v4.b32 [0x40020], {%r9, %r10, %r11, %r12};
    st.global.v4.b32 [0x40030], {%r13, %r14, %r15, %r16};
    st.global.b32 [0x40040], %r17;
    ret;
}
"#;
    let o = run_src(
        "suq.ptx",
        src,
        &[
            "--surface",
            "a=7x5:f32x4@0x10000:layers=6",
            "--surface",
            "b=3x4x9:s16x2@0x20000",
            "--surface",
            "0xbeef=11:u8@0x30000",
            "--set",
            "h=0xbeef",
        ],
    );
    // Width, height, depth in elements (0 where the binding has no such
    // dimension); CUDA's CUarray_format (FLOAT 0x20, SIGNED_INT16 0x09,
    // UNSIGNED_INT8 0x01) and channel count; layers; linear layout 1.
    let want = [7, 5, 0, 0x20, 4, 6, 1, 3, 4, 9, 0x09, 2, 0, 11, 0, 0x01, 0];
    let got = written(&o);
    let bytes: Vec<u8> = (0..want.len() as u64 * 4)
        .map(|i| got[&(OUT + i)])
        .collect();
    assert_eq!(bytes, words(&want));
}

/// A bindless handle in a `.u64` parameter (CUDA's cudaSurfaceObject_t)
/// reads and writes like the `.surfref`; the data a singleton `{r}`, as
/// nvcc writes it for surf1Dread/surf1Dwrite.
#[test]
fn a_bindless_handle_addresses_its_image() {
    let src = r#".version 8.0
.target sm_80
.address_size 64
.visible .entry k(.param .u64 s)
{
    .reg .b32 %r<4>;
    .reg .b64 %rd<2>;
    ld.param.u64 %rd1, [s];
    mov.u32 %r1, 8;
    suld.b.1d.b32.trap {%r2}, [%rd1, {%r1}];
    add.u32 %r2, %r2, 1;
    sust.b.1d.b32.trap [%rd1, %r1], {%r2};
    ret;
}
"#;
    let o = run_src(
        "bindless.ptx",
        src,
        &[
            "--surface",
            "0x1234=4:u32@0x10000",
            "--set",
            "s=0x1234",
            "--mem",
            "0x10008=feffffff",
        ],
    );
    let want: BTreeMap<u64, u8> = (0..4)
        .map(|k| (0x10008 + k, [0xff, 0xff, 0xff, 0xff][k as usize]))
        .collect();
    assert_eq!(written(&o), want);
}

fn fails(name: &str, src: &str, args: &[&str]) -> String {
    let o = run_src(name, src, args);
    let (stdout, stderr) = text(&o);
    assert_eq!(o.status.code(), Some(2), "{stdout}{stderr}");
    stderr
}

const ONE: &str = r#".version 8.0
.target sm_80
.address_size 64
.global .surfref img;
.visible .entry k()
{
    .reg .b32 %r<4>;
    mov.u32 %r1, %tid.x;
    mul.lo.u32 %r1, %r1, 4;
    suld.b.1d.b32.trap %r2, [img, {%r1}];
    ret;
}
"#;

/// `.trap` out of bounds, an unbound surface, a misaligned access and a
/// shape the binding does not have: errors at the operand (file:line:col)
/// naming the thread, exit 2.
#[test]
fn surface_misuse_is_an_error_at_its_operand() {
    let mem = "0x10000=00112233445566778899aabbccddeeff";
    let e = fails(
        "trap.ptx",
        ONE,
        &[
            "--block",
            "5",
            "--surface",
            "img=4:u32@0x10000",
            "--mem",
            mem,
        ],
    );
    assert!(
        e.contains("trap.ptx:10:29: error: out-of-bounds surface access"),
        "{e}"
    );
    assert!(e.contains("x=16") && e.contains("thread (4,0,0)"), "{e}");
    let e = fails("unbound.ptx", ONE, &[]);
    assert!(
        e.contains(
            "unbound.ptx:10:30: error: `suld.b.1d.b32.trap`: the surface `img` is not bound"
        ),
        "{e}"
    );
    assert!(e.contains("--surface img="), "{e}");
    let e = fails("shape.ptx", ONE, &["--surface", "img=4x2:u32@0x10000"]);
    assert!(
        e.contains("addresses a .1d surface; `img` is bound as 2d 4x2 u32"),
        "{e}"
    );
    let odd = ONE.replace("mul.lo.u32 %r1, %r1, 4;", "add.u32 %r1, %r1, 2;");
    let e = fails(
        "odd.ptx",
        &odd,
        &["--surface", "img=4:u32@0x10000", "--mem", mem],
    );
    assert!(
        e.contains("odd.ptx:10:29: error: misaligned surface access"),
        "{e}"
    );
    // --check-memory: a warning, and the access goes on with the low bits
    // masked off (bytes 0..4).
    let o = run_src(
        "odd.ptx",
        &odd,
        &[
            "--surface",
            "img=4:u32@0x10000",
            "--mem",
            mem,
            "--check-memory",
        ],
    );
    let (stdout, stderr) = text(&o);
    assert_eq!(o.status.code(), Some(0), "{stdout}{stderr}");
    assert!(stdout.contains("%r2 = 0x33221100"), "{stdout}");
    assert!(stderr.contains("misaligned surface access"), "{stderr}");
    let handle = r#".version 8.0
.target sm_80
.address_size 64
.visible .entry k(.param .u64 s)
{
    .reg .b32 %r<4>;
    .reg .b64 %rd<2>;
    ld.param.u64 %rd1, [s];
    suld.b.1d.b32.zero %r2, [%rd1, {0}];
    ret;
}
"#;
    let e = fails("handle.ptx", handle, &["--set", "s=0x99"]);
    assert!(e.contains("handle.ptx:9:30: error: `suld.b.1d.b32.zero`: `%rd1` holds 0x99, which names no bound surface"), "{e}");
}

/// A malformed `--surface` is an error naming the option and the grammar.
#[test]
fn a_malformed_binding_is_an_error() {
    for (opt, why) in [
        ("img", "no `=`"),
        ("img=4", "no `:FORMAT@ADDR`"),
        ("img=4:u9@0x10000", "`u9` is not a format"),
        ("img=4:u8x3@0x10000", "`u8x3` is not a format"),
        ("img=0:u8@0x10000", "`0` is not a size"),
        ("img=1x2x3x4:u8@0x10000", "at most three dimensions"),
        ("img=4:u8@0x10008", "not a multiple of 16"),
        (
            "img=4:u32@0x10000:pitch=8",
            "pitch 8 is less than a row's 16 bytes",
        ),
        ("img=4:u8@0x10000:depth=2", "`depth` is not layers or pitch"),
        ("img=4x4x4:u8@0x10000:layers=2", "one or two dimensions"),
        ("nosuch=4:u8@0x10000", "no variable `nosuch` is declared"),
        (
            "img=4:u8@nowhere",
            "`nowhere` is neither an address nor a declared variable",
        ),
        (
            "img=64:u8@0xfffffffffffffff0",
            "past the end of the address space",
        ),
    ] {
        let e = fails("bad.ptx", ONE, &["--surface", opt]);
        assert!(
            e.contains(&format!("--surface {opt}: ")) && e.contains(why),
            "{opt}: {e}"
        );
    }
    let e = fails(
        "twice.ptx",
        ONE,
        &[
            "--surface",
            "img=4:u8@0x10000",
            "--surface",
            "img=8:u8@0x20000",
        ],
    );
    assert!(
        e.contains("is bound already (--surface img=4:u8@0x10000)"),
        "{e}"
    );
}

/// `check` holds each form to its PTX ISA Notes and Target ISA Notes.
#[test]
fn check_holds_the_forms_to_their_isa_notes() {
    let module = |version: &str, target: &str, line: &str| {
        format!(".version {version}\n.target {target}\n.address_size 64\n.global .surfref img;\n.visible .entry k()\n{{\n.reg .b32 %r<4>;\n.reg .b64 %rd<4>;\n{line}\nret;\n}}\n")
    };
    let check = |src: &str| {
        let dir = std::env::temp_dir().join(format!("ptxfp-tex-check-{}", std::process::id()));
        std::fs::create_dir_all(&dir).unwrap();
        let p = dir.join("c.ptx");
        std::fs::write(&p, src).unwrap();
        let o = common::ptxfp(&["check", p.to_str().unwrap()]);
        let (stdout, stderr) = text(&o);
        (o.status.code(), format!("{stdout}{stderr}"))
    };
    for (version, target, line, want) in [
        // "suld.b.3d and suld.b.{a1d,a2d} introduced in PTX ISA version 3.0"
        (
            "2.0",
            "sm_20",
            "suld.b.3d.b32.trap %r1, [img, {%r1, %r1, %r1, %r1}];",
            "requires PTX ISA 3.0",
        ),
        // "sm_1x targets support only the .trap clamping modifier"
        (
            "2.0",
            "sm_13",
            "sust.b.1d.b32.zero [img, {%r1}], %r1;",
            "requires sm_20",
        ),
        // ".u64/.s64/.b64 types with .min/.max operations introduced in
        // PTX ISA version 8.1", "requires sm_50 or higher"
        (
            "8.0",
            "sm_50",
            "sured.b.min.1d.u64.trap [img, {%r1}], %rd1;",
            "requires PTX ISA 8.1",
        ),
        (
            "8.1",
            "sm_35",
            "sured.b.max.1d.s64.trap [img, {%r1}], %rd1;",
            "requires sm_50",
        ),
        // "The .memory_layout query was added in PTX ISA version 4.2"
        (
            "4.1",
            "sm_20",
            "suq.memory_layout.b32 %r1, [img];",
            "requires PTX ISA 4.2",
        ),
        // Not a form at all.
        (
            "8.0",
            "sm_80",
            "suld.b.1d.b32 %r1, [img, {%r1}];",
            "is not a form of `suld`",
        ),
        (
            "8.0",
            "sm_80",
            "sured.b.add.1d.b32.trap [img, {%r1}], %r1;",
            "is not a form of `sured`",
        ),
        // "Texture arrays tex.{a1d,a2d} introduced in PTX ISA version 2.3"
        (
            "2.2",
            "sm_20",
            "tex.a1d.v4.u32.s32 {%r0, %r1, %r2, %r3}, [img, {%r1, %r1}];",
            "requires PTX ISA 2.3",
        ),
        // "tld4 requires sm_20 or higher"; "tld4.{a2d,cube,acube}
        // introduced in PTX ISA version 4.3"
        (
            "2.2",
            "sm_13",
            "tld4.r.2d.v4.f32.f32 {%r0, %r1, %r2, %r3}, [img, {%r1, %r1}];",
            "requires sm_20",
        ),
        (
            "4.2",
            "sm_30",
            "tld4.r.a2d.v4.f32.f32 {%r0, %r1, %r2, %r3}, [img, {%r1, %r1, %r1, %r1}];",
            "requires PTX ISA 4.3",
        ),
        // "Querying the number of samples requires sm_30 or higher"
        (
            "4.1",
            "sm_20",
            "txq.num_samples.b32 %r1, [img];",
            "requires sm_30",
        ),
        (
            "8.0",
            "sm_80",
            "tex.2d.v4.f32.u32 {%r0, %r1, %r2, %r3}, [img, {%r1, %r1}];",
            "is not a form of `tex`",
        ),
        // "Cubemaps and cubemap arrays introduced in PTX ISA version 3.0";
        // "The cubemap array geometry (.acube) requires sm_20 or higher";
        // ".cube, .acube require .f32".
        (
            "2.3",
            "sm_20",
            "tex.cube.v4.f32.f32 {%r0, %r1, %r2, %r3}, [img, {%r1, %r1, %r1, %r1}];",
            "requires PTX ISA 3.0",
        ),
        (
            "3.0",
            "sm_13",
            "tex.acube.v4.f32.f32 {%r0, %r1, %r2, %r3}, [img, {%r1, %r1, %r1, %r1}];",
            "requires sm_20",
        ),
        (
            "8.0",
            "sm_80",
            "tex.cube.v4.f32.s32 {%r0, %r1, %r2, %r3}, [img, {%r1, %r1, %r1, %r1}];",
            "is not a form of `tex`",
        ),
        // "tld4.{a2d,cube,acube} introduced in PTX ISA version 4.3",
        // "requires sm_30 or higher".
        (
            "4.2",
            "sm_30",
            "tld4.b.cube.v4.f32.f32 {%r0, %r1, %r2, %r3}, [img, {%r1, %r1, %r1, %r1}];",
            "requires PTX ISA 4.3",
        ),
        (
            "4.3",
            "sm_20",
            "tld4.a.acube.v4.u32.f32 {%r0, %r1, %r2, %r3}, [img, {%r1, %r1, %r1, %r1}];",
            "requires sm_30",
        ),
    ] {
        let (code, out) = check(&module(version, target, line));
        assert_eq!(code, Some(1), "{line}: {out}");
        assert!(out.contains(want), "{line}: {out}");
    }
    for (version, target, line) in [
        ("2.3", "sm_10", "suld.b.1d.b32.trap %r1, [img, {%r1}];"),
        (
            "8.1",
            "sm_50",
            "sured.b.min.1d.u64.trap [img, {%r1}], %rd1;",
        ),
        ("4.2", "sm_20", "suq.memory_layout.b32 %r1, [img];"),
        (
            "3.0",
            "sm_10",
            "tex.cube.v4.s32.f32 {%r0, %r1, %r2, %r3}, [img, {%r1, %r1, %r1, %r1}];",
        ),
        (
            "3.0",
            "sm_20",
            "tex.acube.v4.f32.f32 {%r0, %r1, %r2, %r3}, [img, {%r1, %r1, %r1, %r1}];",
        ),
        (
            "4.3",
            "sm_30",
            "tld4.g.acube.v4.f32.f32 {%r0, %r1, %r2, %r3}, [img, {%r1, %r1, %r1, %r1}];",
        ),
    ] {
        let (code, out) = check(&module(version, target, line));
        assert_eq!(code, Some(0), "{line}: {out}");
    }
}

// ---- Textures ----------------------------------------------------------

/// The CUDA C++ Programming Guide's nearest-point sampling, "tex(x) = T[i]
/// where i = floor(x)" (x scaled by the size N when normalized), with its
/// address modes, transcribed in exact integer arithmetic: the `.f32`
/// coordinate is m × 2^e, and floor(x × N) an integer division. Wrap takes
/// the fractional part (floor(frac(x) N) = floor(xN) mod N); mirror
/// reflects every other unit interval (1 - frac(x)); clamp clamps the
/// index into 0..N; border answers `None` (zeros). A NaN reads as 0.
fn want_texel(bits: u32, n: i64, normalized: bool, mode: &str) -> Option<i64> {
    let f = f32::from_bits(bits);
    let (m, e): (i128, i32) = if f.is_nan() || f == 0.0 {
        (0, 0)
    } else {
        let exp = ((bits >> 23) & 0xff) as i32;
        let frac = i128::from(bits & 0x7f_ffff);
        let (m, e) = if exp == 0 {
            (frac, -149)
        } else {
            (frac | 1 << 23, exp - 150)
        };
        (if bits >> 31 == 1 { -m } else { m }, e)
    };
    // floor(m × scale × 2^e).
    let floor_scaled = |scale: i128| -> i128 {
        let p = m * scale;
        if e >= 0 {
            p << e
        } else {
            p.div_euclid(1i128 << (-e).min(120))
        }
    };
    let place = |i: i128| -> Option<i64> {
        let n = i128::from(n);
        Some(match mode {
            "clamp" => i.clamp(0, n - 1),
            "border" if i < 0 || i >= n => return None,
            "border" => i,
            "wrap" => i.rem_euclid(n),
            _ => {
                let k = i.rem_euclid(2 * n);
                if k < n {
                    k
                } else {
                    2 * n - 1 - k
                }
            }
        } as i64)
    };
    if !normalized {
        return place(floor_scaled(1));
    }
    let xn = floor_scaled(i128::from(n));
    match mode {
        "wrap" => Some(xn.rem_euclid(i128::from(n)) as i64),
        "mirror" => {
            let fl = floor_scaled(1);
            let k = xn - fl * i128::from(n); // floor(frac(x) N), 0..N
                                             // frac(x) N is an integer exactly when x N is.
            let exact = m * i128::from(n) * if e >= 0 { 1i128 << e } else { 1 }
                == xn * if e >= 0 { 1 } else { 1i128 << (-e).min(120) };
            if fl.rem_euclid(2) == 0 {
                Some(k as i64)
            } else if exact {
                Some((i128::from(n) - k).min(i128::from(n) - 1) as i64)
            } else {
                Some((i128::from(n) - 1 - k) as i64)
            }
        }
        _ => place(xn),
    }
}

const COORDS: [f32; 14] = [
    0.0,
    -0.0,
    0.3,
    0.5,
    0.999_999_9,
    1.0,
    1.25,
    2.5,
    -0.2,
    -1.75,
    7.3,
    0.75,
    f32::NAN,
    1e-30,
];

/// `tex.GEOM.v4.f32.f32` on an `f32` texture of 5 (x 3 (x 2)) texels whose
/// values are their indices plus 0.5, under each sampler: each thread's
/// four results are its texel's value, 0, 0 and 1.0 (the channels the
/// format lacks, `tex_absent_alpha_one`), or zeros at the border.
#[test]
fn tex_samples_the_nearest_texel_in_every_geometry_and_address_mode() {
    let dims = [5u64, 3, 2];
    let samplers = [
        ("", "clamp", false),
        (":address=border", "border", false),
        (":normalized:address=wrap", "wrap", true),
        (":normalized:address=mirror", "mirror", true),
        (":normalized", "clamp", true),
        (":normalized:address=border", "border", true),
    ];
    for s in SHAPES {
        let (nd, array) = match s.geom {
            "1d" => (1, false),
            "2d" => (2, false),
            "3d" => (3, false),
            "a1d" => (1, true),
            _ => (2, true),
        };
        let layers = 3u64;
        let texels = dims[..nd].iter().product::<u64>() * if array { layers } else { 1 };
        let values: Vec<u32> = (0..texels).map(|i| (i as f32 + 0.5).to_bits()).collect();
        let shape = dims[..nd]
            .iter()
            .map(u64::to_string)
            .collect::<Vec<_>>()
            .join("x");
        let ncoord = match s.geom {
            "1d" => 1,
            "2d" | "a1d" => 2,
            _ => 4,
        };
        let coords: Vec<String> = (0..ncoord).map(|i| format!("%c{i}")).collect();
        let src = format!(
            r#".version 8.0
.target sm_80
.address_size 64
.global .texref t;
.visible .entry k()
{{
    .reg .b32 %r<4>;
    .reg .b32 %c<4>;
    .reg .f32 %f<4>;
    .reg .b64 %rd<4>;
    mov.u32 %r1, %tid.x;
    mul.wide.u32 %rd1, %r1, 16;
    add.s64 %rd2, %rd1, {SRC};
    ld.global.v4.b32 {{%c0, %c1, %c2, %c3}}, [%rd2];
    tex.{}.v4.f32.f32 {{%f0, %f1, %f2, %f3}}, [t, {{{}}}];
    add.s64 %rd3, %rd1, {OUT};
    st.global.v4.f32 [%rd3], {{%f0, %f1, %f2, %f3}};
    ret;
}}
"#,
            s.geom,
            coords.join(", ")
        );
        let n = COORDS.len();
        // Thread t's coordinate d: COORDS[(t + 5 d) % n]; an array's layer
        // (element 0) is t % 4 (3 clamps to the last layer).
        let mut input = Vec::new();
        for t in 0..n {
            for d in 0..4 {
                let v = if array && d == 0 {
                    (t % 4) as u32
                } else {
                    COORDS[(t + 5 * d) % n].to_bits()
                };
                input.push(v);
            }
        }
        for (opts, mode, normalized) in samplers {
            let layers_opt = if array {
                format!(":layers={layers}")
            } else {
                String::new()
            };
            let o = run_src(
                "tex.ptx",
                &src,
                &[
                    "--block",
                    &n.to_string(),
                    "--texture",
                    &format!("t={shape}:f32@{BASE:#x}{layers_opt}{opts}"),
                    "--mem",
                    &format!("{BASE:#x}={}", hex(&words(&values))),
                    "--mem",
                    &format!("{SRC:#x}={}", hex(&words(&input))),
                ],
            );
            let mut want = Vec::new();
            for t in 0..n {
                let c = &input[t * 4..t * 4 + 4];
                let (layer, xyz) = if array {
                    (u64::from(c[0]).min(layers - 1), &c[1..])
                } else {
                    (0, c)
                };
                let mut index = Some(layer);
                for d in (0..nd).rev() {
                    index = match (index, want_texel(xyz[d], dims[d] as i64, normalized, mode)) {
                        (Some(i), Some(x)) => Some(i * dims[d] + x as u64),
                        _ => None,
                    };
                }
                match index {
                    Some(i) => want.extend([values[i as usize], 0, 0, 1f32.to_bits()]),
                    None => want.extend([0; 4]),
                }
            }
            let got = written(&o);
            let bytes: Vec<u8> = (0..want.len() as u64 * 4)
                .map(|i| got[&(OUT + i)])
                .collect();
            assert_eq!(bytes, words(&want), "tex.{} {opts}", s.geom);
        }
    }
}

/// `tex.2d.v4.{s32,u32,f32}.s32` with integer coordinates (texel indices)
/// on `s8x4`, `u16x2` and `f16x2` textures: integer channels extended by
/// the format's signedness, `f16` widened exactly, absent channels 0 and
/// alpha 1.
#[test]
fn tex_reads_integer_and_half_formats_by_channel() {
    let (w, h) = (3u64, 2u64);
    for (format, dtype, bytes_per, chans) in [
        ("s8x4", "s32", 1usize, 4usize),
        ("u16x2", "u32", 2, 2),
        ("f16x2", "f32", 2, 2),
    ] {
        let data = if format == "f16x2" {
            // f16 codes of exact binary values: 1.5, -0.375, 65504, 2^-24, ...
            [
                0x3e00u16, 0xb600, 0x7bff, 0x0001, 0x8000, 0x3c00, 0x4248, 0xc900, 0x0400, 0x3555,
                0x5640, 0xfbff,
            ]
            .iter()
            .flat_map(|v| v.to_le_bytes())
            .collect::<Vec<u8>>()
        } else {
            bytes_of(7, (w * h) as usize * bytes_per * chans)
        };
        // PTX ISA §5.1.8 (deprecated): "`.tex .u32 tex_a;` is equivalent
        // to `.global .texref tex_a;`" (CUDA 1.x to 3.x wrote it).
        for decl in [".global .texref t;", ".tex .u32 t;", ".tex .u64 t;"] {
            let src = format!(
                r#".version 8.0
.target sm_80
.address_size 64
{decl}
.visible .entry k()
{{
    .reg .b32 %r<8>;
    .reg .b64 %rd<4>;
    mov.u32 %r1, %tid.x;
    mov.u32 %r2, %tid.y;
    tex.2d.v4.{dtype}.s32 {{%r3, %r4, %r5, %r6}}, [t, {{%r1, %r2}}];
    mad.lo.u32 %r7, %r2, {w}, %r1;
    mul.wide.u32 %rd1, %r7, 16;
    add.s64 %rd2, %rd1, {OUT};
    st.global.v4.b32 [%rd2], {{%r3, %r4, %r5, %r6}};
    ret;
}}
"#
            );
            let o = run_src(
                "texint.ptx",
                &src,
                &[
                    "--block",
                    &format!("{w},{h}"),
                    "--texture",
                    &format!("t={w}x{h}:{format}@{BASE:#x}"),
                    "--mem",
                    &format!("{BASE:#x}={}", hex(&data)),
                ],
            );
            let mut want = Vec::new();
            for i in 0..(w * h) as usize {
                let mut v = [0u32, 0, 0, if dtype == "f32" { 1f32.to_bits() } else { 1 }];
                for (c, slot) in v.iter_mut().enumerate().take(chans) {
                    let at = (i * chans + c) * bytes_per;
                    *slot = match format {
                        "s8x4" => data[at] as i8 as i32 as u32,
                        "u16x2" => u32::from(u16::from_le_bytes([data[at], data[at + 1]])),
                        _ => {
                            // The f16's value from its fields, then as f32.
                            let hbits = u16::from_le_bytes([data[at], data[at + 1]]);
                            let e = i32::from((hbits >> 10) & 0x1f);
                            let m = f64::from(hbits & 0x3ff);
                            let mag = if e == 0 {
                                m * 2f64.powi(-24)
                            } else {
                                (1024.0 + m) * 2f64.powi(e - 25)
                            };
                            let val = if hbits >> 15 == 1 { -mag } else { mag };
                            (val as f32).to_bits()
                        }
                    };
                }
                want.extend(v);
            }
            let got = written(&o);
            let bytes: Vec<u8> = (0..want.len() as u64 * 4)
                .map(|i| got[&(OUT + i)])
                .collect();
            assert_eq!(bytes, words(&want), "{format} as .{dtype}, {decl}");
        }
    }
    // A `.tex` variable is `.u32` or `.u64`.
    let src = ".version 1.4\n.target sm_13\n.tex .f32 t;\n.entry k\n{\nret;\n}\n";
    let o = run_src("texf32.ptx", src, &[]);
    let (_, stderr) = text(&o);
    assert_eq!(o.status.code(), Some(2), "{stderr}");
    assert!(
        stderr.contains("3:6: error: `.tex .f32`: a `.tex` variable is `.u32` or `.u64`"),
        "{stderr}"
    );
}

/// `txq` on a `.texref` and through a bindless handle.
#[test]
fn txq_answers_each_query() {
    let src = r#".version 8.0
.target sm_80
.address_size 64
.global .texref t;
.visible .entry k(.param .u64 h)
{
    .reg .b32 %r<16>;
    .reg .b64 %rd<2>;
    txq.width.b32 %r1, [t];
    txq.height.b32 %r2, [t];
    txq.depth.b32 %r3, [t];
    txq.channel_data_type.b32 %r4, [t];
    txq.channel_order.b32 %r5, [t];
    txq.normalized_coords.b32 %r6, [t];
    txq.array_size.b32 %r7, [t];
    txq.num_mipmap_levels.b32 %r8, [t];
    txq.num_samples.b32 %r9, [t];
    txq.filter_mode.b32 %r10, [t];
    txq.addr_mode_0.b32 %r11, [t];
    txq.addr_mode_1.b32 %r12, [t];
    ld.param.u64 %rd1, [h];
    txq.addr_mode_0.b32 %r13, [%rd1];
    txq.normalized_coords.b32 %r14, [%rd1];
    txq.width.b32 %r15, [%rd1];
    st.global.v4.b32 [0x40000], {%r1, %r2, %r3, %r4};
    st.global.v4.b32 [0x40010], {%r5, %r6, %r7, %r8};
    st.global.v4.b32 [0x40020], {%r9, %r10, %r11, %r12};
    st.global.v4.b32 [0x40030], {%r13, %r14, %r15, %r15};
    ret;
}
"#;
    let o = run_src(
        "txq.ptx",
        src,
        &[
            "--texture",
            "t=8x2:u16x4@0x10000:layers=5:normalized:address=wrap,border",
            "--texture",
            "0x51=6:f32@0x20000",
            "--set",
            "h=0x51",
        ],
    );
    // "Integer from enum { wrap, mirror, clamp_ogl, clamp_to_edge,
    // clamp_to_border }": wrap 0, border 4, clamp (to edge) 3.
    let want = [8, 2, 0, 0x02, 4, 1, 5, 0, 0, 0, 0, 4, 3, 0, 6, 6];
    let got = written(&o);
    let bytes: Vec<u8> = (0..want.len() as u64 * 4)
        .map(|i| got[&(OUT + i)])
        .collect();
    assert_eq!(bytes, words(&want));
}

/// Texture misuse: errors at the operand or naming the option, exit 2.
#[test]
fn texture_misuse_is_an_error() {
    let src = r#".version 8.0
.target sm_80
.address_size 64
.global .texref t;
.global .samplerref s;
.visible .entry k()
{
    .reg .b32 %r<8>;
    mov.u32 %r1, 0;
    tex.1d.v4.u32.s32 {%r2, %r3, %r4, %r5}, [t, {%r1}];
    ret;
}
"#;
    let e = fails("unbound_tex.ptx", src, &[]);
    assert!(
        e.contains(
            "unbound_tex.ptx:10:46: error: `tex.1d.v4.u32.s32`: the texture `t` is not bound"
        ),
        "{e}"
    );
    let e = fails("fmt.ptx", src, &["--texture", "t=4:f32@0x10000"]);
    assert!(
        e.contains(
            "fmt.ptx:10:45: error: `tex.1d.v4.u32.s32` reads `.u32` from a texture of f32 elements"
        ),
        "{e}"
    );
    let sampler = src.replace("[t, {%r1}]", "[t, s, {%r1}]");
    let e = fails("smp.ptx", &sampler, &["--texture", "t=4:u32@0x10000"]);
    assert!(e.contains("independent texturing mode) is not run"), "{e}");
    for (opt, why) in [
        (
            "t=4:u32@0x10000:address=wrap",
            "wrap and mirror address modes take normalized coordinates",
        ),
        (
            "t=4:u32@0x10000:filter=linear",
            "filter=linear is not modelled",
        ),
        (
            "t=4:u32@0x10000:address=edge",
            "`edge` is not wrap, mirror, clamp or border",
        ),
        (
            "t=4:u32@0x10000:sharp",
            "`sharp` is not layers, pitch, normalized",
        ),
    ] {
        let e = fails("opt.ptx", src, &["--texture", opt]);
        assert!(
            e.contains(&format!("--texture {opt}: ")) && e.contains(why),
            "{opt}: {e}"
        );
    }
}

/// floor(x × scale - 1/2) of the `.f32` `bits` (a NaN as 0), in integers:
/// x = m × 2^e, so the value is floor((2 m scale 2^e - 1) / 2).
fn want_footprint(bits: u32, scale: i128) -> i128 {
    let f = f32::from_bits(bits);
    if f.is_nan() || f == 0.0 {
        return -1;
    }
    let exp = ((bits >> 23) & 0xff) as i32;
    let frac = i128::from(bits & 0x7f_ffff);
    let (m, e) = if exp == 0 {
        (frac, -149)
    } else {
        (frac | 1 << 23, exp - 150)
    };
    let m = if bits >> 31 == 1 { -m } else { m };
    if e >= 0 {
        (2 * m * scale * (1i128 << e) - 1).div_euclid(2)
    } else if e < -100 {
        // |x × scale| < 2^-40: floor(tiny - 1/2) = -1.
        -1
    } else {
        (2 * m * scale - (1i128 << -e)).div_euclid(1i128 << (1 - e))
    }
}

/// An index placed by an address mode, as OpenGL places a filter's texel
/// indices: clamp, border (none), wrap (mod n), mirror (reflected).
fn want_place(i: i128, n: i128, mode: &str) -> Option<i128> {
    match mode {
        "clamp" => Some(i.clamp(0, n - 1)),
        "border" => (0..n).contains(&i).then_some(i),
        "wrap" => Some(i.rem_euclid(n)),
        _ => {
            let k = i.rem_euclid(2 * n);
            Some(if k < n { k } else { 2 * n - 1 - k })
        }
    }
}

/// `tld4.{r,g,b,a}.{2d,a2d}`: the channel of the four texels of the bilerp
/// footprint, "in counter-clockwise order starting at lower left": (i,
/// j+1), (i+1, j+1), (i+1, j), (i, j), with i = floor(x - 0.5) (x scaled by
/// the size when normalized), each index placed by the address mode;
/// border texels read 0, a channel the format lacks 0 (alpha 1).
#[test]
fn tld4_gathers_the_footprint_counter_clockwise_from_lower_left() {
    let (w, h, layers) = (5i128, 3i128, 2u64);
    for (format, dtype, chans, bytes_per) in
        [("u8x4", "u32", 4usize, 1usize), ("f32x2", "f32", 2, 4)]
    {
        for geom in ["2d", "a2d"] {
            let n = COORDS.len();
            let texels = (w * h) as usize * if geom == "a2d" { layers as usize } else { 1 };
            let data = if format == "f32x2" {
                words(
                    &(0..texels * chans)
                        .map(|i| (i as f32 * 0.25 - 3.0).to_bits())
                        .collect::<Vec<_>>(),
                )
            } else {
                bytes_of(31, texels * chans)
            };
            let coords = if geom == "a2d" {
                "{%c0, %c1, %c2, %c3}"
            } else {
                "{%c0, %c1}"
            };
            for comp in ["r", "g", "b", "a"] {
                let src = format!(
                    r#".version 8.0
.target sm_80
.address_size 64
.global .texref t;
.visible .entry k()
{{
    .reg .b32 %r<4>;
    .reg .b32 %c<4>;
    .reg .b32 %d<4>;
    .reg .b64 %rd<4>;
    mov.u32 %r1, %tid.x;
    mul.wide.u32 %rd1, %r1, 16;
    add.s64 %rd2, %rd1, {SRC};
    ld.global.v4.b32 {{%c0, %c1, %c2, %c3}}, [%rd2];
    tld4.{comp}.{geom}.v4.{dtype}.f32 {{%d0, %d1, %d2, %d3}}, [t, {coords}];
    add.s64 %rd3, %rd1, {OUT};
    st.global.v4.b32 [%rd3], {{%d0, %d1, %d2, %d3}};
    ret;
}}
"#
                );
                let mut input = Vec::new();
                for t in 0..n {
                    let (x, y) = (COORDS[t].to_bits(), COORDS[(t + 5) % n].to_bits());
                    input.extend(if geom == "a2d" {
                        [(t % 3) as u32, x, y, 0]
                    } else {
                        [x, y, 0, 0]
                    });
                }
                for (opts, mode, normalized) in [
                    ("", "clamp", false),
                    (":address=border", "border", false),
                    (":normalized:address=wrap", "wrap", true),
                    (":normalized:address=mirror,border", "mirror", true),
                    (":normalized", "clamp", true),
                ] {
                    let layers_opt = if geom == "a2d" {
                        format!(":layers={layers}")
                    } else {
                        String::new()
                    };
                    let o = run_src(
                        "tld4.ptx",
                        &src,
                        &[
                            "--block",
                            &n.to_string(),
                            "--texture",
                            &format!("t={w}x{h}:{format}@{BASE:#x}{layers_opt}{opts}"),
                            "--mem",
                            &format!("{BASE:#x}={}", hex(&data)),
                            "--mem",
                            &format!("{SRC:#x}={}", hex(&words(&input))),
                        ],
                    );
                    // `address=mirror,border`: y is placed by border.
                    let ymode = if mode == "mirror" { "border" } else { mode };
                    let c = "rgba".find(comp).unwrap();
                    let mut want = Vec::new();
                    for t in 0..n {
                        let v = &input[t * 4..t * 4 + 4];
                        let (layer, x, y) = if geom == "a2d" {
                            (u64::from(v[0]).min(layers - 1), v[1], v[2])
                        } else {
                            (0, v[0], v[1])
                        };
                        let (sx, sy) = if normalized { (w, h) } else { (1, 1) };
                        let (i, j) = (want_footprint(x, sx), want_footprint(y, sy));
                        for (dx, dy) in [(0, 1), (1, 1), (1, 0), (0, 0)] {
                            let xi = want_place(i + dx, w, mode);
                            let yi = want_place(j + dy, h, ymode);
                            want.push(match (xi, yi) {
                                (Some(xi), Some(yi)) if c < chans => {
                                    let texel = (layer as i128 * h * w + yi * w + xi) as usize;
                                    let at = (texel * chans + c) * bytes_per;
                                    if bytes_per == 1 {
                                        u32::from(data[at])
                                    } else {
                                        u32::from_le_bytes(data[at..at + 4].try_into().unwrap())
                                    }
                                }
                                (Some(_), Some(_)) if c == 3 => {
                                    if dtype == "f32" {
                                        1f32.to_bits()
                                    } else {
                                        1
                                    }
                                }
                                _ => 0,
                            });
                        }
                    }
                    let got = written(&o);
                    let bytes: Vec<u8> = (0..want.len() as u64 * 4)
                        .map(|i| got[&(OUT + i)])
                        .collect();
                    assert_eq!(bytes, words(&want), "tld4.{comp}.{geom} on {format} {opts}");
                }
            }
        }
    }
}

/// Valid forms the engine does not run (`sust.p`, `sured.p`, multi-sample
/// textures, mipmaps) are a warning before the run, with why, and an error only
/// where a thread reaches one.
#[test]
fn refused_forms_warn_before_the_run_and_stop_it_where_reached() {
    let src = |reached: bool| {
        format!(
            ".version 8.0\n.target sm_80\n.address_size 64\n.global .surfref s;\n.global .texref t;\n.visible .entry k()\n{{\n.reg .b32 r;\n.reg .f32 f;\nmov.b32 r, 1;\nmov.f32 f, 0f3F000000;\n{}\nsust.p.1d.b32.trap [s, {{r}}], r;\nsured.p.min.1d.b32.trap [s, {{r}}], r;\ntex.2dms.v4.f32.s32 {{f, f, f, f}}, [t, {{r, r, r, r}}];\ntex.level.2d.v4.f32.f32 {{f, f, f, f}}, [t, {{f, f}}], f;\nret;\n}}\n",
            if reached { "" } else { "ret;" }
        )
    };
    let o = run_src("refused.ptx", &src(false), &[]);
    let (stdout, stderr) = text(&o);
    assert_eq!(o.status.code(), Some(0), "{stdout}{stderr}");
    for (line, why) in [
        (13, "`sust.p` converts to the surface's sample format"),
        (
            14,
            "`sured.p` reads its data type from the surface's sample format",
        ),
        (15, "the multi-sample textures are not run"),
        (16, "the mipmap forms are not run"),
    ] {
        assert!(
            stderr.contains(&format!("refused.ptx:{line}:1: warning: ")) && stderr.contains(why),
            "{line}: {stderr}"
        );
    }
    let e = fails("refused.ptx", &src(true), &["--surface", "s=4:u32@0x10000"]);
    assert!(e.contains("refused.ptx:13:1: error: `sust.p.1d.b32.trap` is not run: the engine runs the unformatted `sust.b`"), "{e}");
}

// ---- The residency predicate and cubemaps ------------------------------

/// `tex ... {d0, d1, d2, d3}|p` and `tld4 ... |p`: "The optional destination
/// predicate p is set to True if data from texture at specified coordinates
/// is resident in memory, False otherwise." A bound texture is ordinary
/// global memory, never sparse: p is true (set false before, read back
/// with `selp`), and the texel is the one the form without `|p` reads.
#[test]
fn the_residency_predicate_is_true_and_the_texel_unchanged() {
    let (w, h) = (3u64, 2u64);
    let texels: Vec<u32> = (0..w * h * 2)
        .map(|i| (i as f32 * 2.0 + 0.25).to_bits())
        .collect();
    for (line, binding, coords, texel) in [
        (
            "tex.2d.v4.f32.f32 {%f0, %f1, %f2, %f3}|p, [t, {%c0, %c1}];",
            format!("t={w}x{h}:f32@{BASE:#x}"),
            [1.5f32, 1.25],
            Some(4usize), // (1, 1): floor(1.5), floor(1.25)
        ),
        (
            "tex.a2d.v4.f32.f32 {%f0, %f1, %f2, %f3}|p, [t, {%i, %c0, %c1, %c1}];",
            format!("t={w}x{h}:f32@{BASE:#x}:layers=2"),
            [2.75, 0.5],
            Some(6 + 2), // layer 1, (2, 0)
        ),
        (
            "tex.1d.v4.f32.f32 {%f0, %f1, %f2, %f3}|p, [t, {%c0}];",
            format!("t={w}:f32@{BASE:#x}"),
            [0.5, 0.0],
            Some(0),
        ),
        (
            // The footprint of (1.5, 1.25): i = floor(1.0), j = floor(0.75):
            // (1, 1), (2, 1), (2, 0), (1, 0).
            "tld4.r.2d.v4.f32.f32 {%f0, %f1, %f2, %f3}|p, [t, {%c0, %c1}];",
            format!("t={w}x{h}:f32@{BASE:#x}"),
            [1.5, 1.25],
            None,
        ),
    ] {
        let src = format!(
            r#".version 7.1
.target sm_60
.address_size 64
.global .texref t;
.visible .entry k()
{{
    .reg .f32 %f<4>;
    .reg .b32 %c<2>;
    .reg .b32 %i;
    .reg .b32 %r;
    .reg .pred p;
    mov.b32 %i, 1;
    mov.b32 %c0, {:#x};
    mov.b32 %c1, {:#x};
    setp.eq.u32 p, %i, 0;
    {line}
    selp.u32 %r, 7, 9, p;
    st.global.v4.f32 [{OUT}], {{%f0, %f1, %f2, %f3}};
    st.global.u32 [{}], %r;
    ret;
}}
"#,
            coords[0].to_bits(),
            coords[1].to_bits(),
            OUT + 16
        );
        let o = run_src(
            "resident.ptx",
            &src,
            &[
                "--texture",
                &binding,
                "--mem",
                &format!("{BASE:#x}={}", hex(&words(&texels))),
            ],
        );
        let want: Vec<u32> = match texel {
            Some(i) => vec![texels[i], 0, 0, 1f32.to_bits(), 7],
            None => {
                let at = |x: u64, y: u64| texels[(y * w + x) as usize];
                vec![at(1, 1), at(2, 1), at(2, 0), at(1, 0), 7]
            }
        };
        let got = written(&o);
        let bytes: Vec<u8> = (0..20).map(|i| got[&(OUT + i)]).collect();
        assert_eq!(bytes, words(&want), "{line}");
    }
    // "Support for optional destination predicate introduced in PTX ISA
    // version 7.1", "requires sm_60 or higher": an error at the operand.
    let old = ".version 7.0\n.target sm_60\n.address_size 64\n.global .texref t;\n.visible .entry k()\n{\n.reg .f32 f;\n.reg .pred p;\nmov.f32 f, 0f00000000;\ntex.1d.v4.f32.f32 {f, f, f, f}|p, [t, {f}];\nret;\n}\n";
    let e = fails(
        "old.ptx",
        old,
        &["--texture", &format!("t=2:f32@{BASE:#x}")],
    );
    assert!(
        e.contains("old.ptx:10:19: error: `tex.1d.v4.f32.f32` with a destination predicate `d|p` needs PTX ISA 7.1 and sm_60"),
        "{e}"
    );
    let e = fails("bar.ptx", &old.replace("}|p,", "}|,"), &[]);
    assert!(
        e.contains("bar.ptx:10:31: error: expected a predicate register after `|`"),
        "{e}"
    );
}

/// The CUDA C++ Programming Guide's "Cubemap Fetch" table, transcribed for
/// a direction given as integers (the `.f32` coordinates are those over
/// 16, exactly): the face, the major axis' magnitude m and the minor axes
/// s, t; `None` where no coordinate is largest alone.
fn want_face(x: i128, y: i128, z: i128) -> Option<(u64, i128, i128, i128)> {
    let (ax, ay, az) = (x.abs(), y.abs(), z.abs());
    if ax > ay && ax > az {
        Some(if x >= 0 {
            (0, x, -z, -y)
        } else {
            (1, -x, z, -y)
        })
    } else if ay > ax && ay > az {
        Some(if y >= 0 { (2, y, x, z) } else { (3, -y, x, -z) })
    } else if az > ax && az > ay {
        Some(if z >= 0 {
            (4, z, x, -y)
        } else {
            (5, -z, -x, -y)
        })
    } else {
        None
    }
}

/// Directions (times 16) with one largest magnitude: every face, minor
/// axes at the face's edges and centre, both signs.
const DIRS: [[i128; 3]; 20] = [
    [16, 3, -5],
    [-16, 15, 15],
    [-16, -15, -15],
    [2, 40, -7],
    [1, -9, 8],
    [-15, -16, 0],
    [0, 0, 16],
    [7, -3, 8],
    [-1, 1, -2],
    [5, 5, -6],
    [33, 32, -32],
    [12, -11, 0],
    [-3, 8, -7],
    [9, -10, -9],
    [0, 1, 0],
    [-7, 7, 8],
    [-16, 2, -3],
    [3, -4, -16],
    [1, -20, 3],
    [-2, 30, 5],
];

/// `tex.cube`/`tex.acube` with nearest sampling: the face from the guide's
/// table, the texel floor(W (s/m + 1)/2), floor(W (t/m + 1)/2) of layer
/// 6 × cubemap + face (a cubemap index past the last reads the last), and
/// `tld4.comp.cube` the footprint floor(W (s/m + 1)/2 - 1/2) and the next
/// texel, counter-clockwise from lower left, each computed in integers.
#[test]
fn cubemaps_sample_the_face_the_major_axis_selects() {
    let w = 4i128;
    for (geom, cubes) in [("cube", 1u64), ("acube", 2)] {
        let layers = 6 * cubes;
        let texels: Vec<u32> = (0..(w * w) as u64 * layers)
            .map(|i| (i as f32 + 0.5).to_bits())
            .collect();
        for op in ["tex", "tld4.g", "tld4.r"] {
            // tld4 takes the directions whose footprint is inside the face:
            // floor(W (c/m + 1)/2 - 1/2) in 0..W-1 both ways.
            let dirs: Vec<usize> = (0..DIRS.len())
                .filter(|&k| {
                    let [x, y, z] = DIRS[k];
                    let (_, m, s, t) = want_face(x, y, z).unwrap();
                    op == "tex"
                        || [s, t].iter().all(|&c| {
                            let i = (w * (c + m) - m).div_euclid(2 * m);
                            i >= 0 && i + 1 < w
                        })
                })
                .collect();
            assert!(dirs.len() >= 9, "{op}: {dirs:?}");
            let mut input = Vec::new();
            for &k in &dirs {
                let v = DIRS[k].map(|c| (c as f32 / 16.0).to_bits());
                input.extend(if geom == "acube" {
                    [(k % 3) as u32, v[0], v[1], v[2]]
                } else {
                    [v[0], v[1], v[2], 0x7fc0_0000] // the pad is ignored
                });
            }
            let src = format!(
                r#".version 8.0
.target sm_80
.address_size 64
.global .texref t;
.visible .entry k()
{{
    .reg .b32 %r<2>;
    .reg .b32 %c<4>;
    .reg .f32 %f<4>;
    .reg .b64 %rd<4>;
    mov.u32 %r1, %tid.x;
    mul.wide.u32 %rd1, %r1, 16;
    add.s64 %rd2, %rd1, {SRC};
    ld.global.v4.b32 {{%c0, %c1, %c2, %c3}}, [%rd2];
    {op}.{geom}.v4.f32.f32 {{%f0, %f1, %f2, %f3}}, [t, {{%c0, %c1, %c2, %c3}}];
    add.s64 %rd3, %rd1, {OUT};
    st.global.v4.f32 [%rd3], {{%f0, %f1, %f2, %f3}};
    ret;
}}
"#
            );
            let o = run_src(
                "cube.ptx",
                &src,
                &[
                    "--block",
                    &dirs.len().to_string(),
                    "--texture",
                    &format!("t={w}x{w}:f32@{BASE:#x}:layers={layers}:cube"),
                    "--mem",
                    &format!("{BASE:#x}={}", hex(&words(&texels))),
                    "--mem",
                    &format!("{SRC:#x}={}", hex(&words(&input))),
                ],
            );
            let got = written(&o);
            for (thread, &k) in dirs.iter().enumerate() {
                let [x, y, z] = DIRS[k];
                let (face, m, s, t) = want_face(x, y, z).unwrap();
                let cube = if geom == "acube" {
                    (k as u64 % 3).min(cubes - 1)
                } else {
                    0
                };
                let layer = (cube * 6 + face) as i128;
                let at = |i: i128, j: i128| texels[(layer * w * w + j * w + i) as usize];
                let want: Vec<u32> = if op == "tex" {
                    let i = (w * (s + m)).div_euclid(2 * m);
                    let j = (w * (t + m)).div_euclid(2 * m);
                    vec![at(i, j), 0, 0, 1f32.to_bits()]
                } else if op == "tld4.r" {
                    let i = (w * (s + m) - m).div_euclid(2 * m);
                    let j = (w * (t + m) - m).div_euclid(2 * m);
                    vec![at(i, j + 1), at(i + 1, j + 1), at(i + 1, j), at(i, j)]
                } else {
                    // .g of a one-channel format: 0.
                    vec![0; 4]
                };
                let bytes: Vec<u8> = (0..16)
                    .map(|b| got[&(OUT + 16 * thread as u64 + b)])
                    .collect();
                assert_eq!(bytes, words(&want), "{op}.{geom} {:?}", DIRS[k]);
            }
        }
    }
}

/// Cubemap corners the integer table above does not reach, derived by
/// hand: a minor axis far below the major one (s/m within 2^-100 of 0) and
/// an infinite major axis (s/m = 0), on faces of even and odd size; then
/// what is refused: a tie between faces, a NaN, a footprint across a face's
/// edge, a binding that is no cubemap, `txq.array_size` of a cubemap array,
/// and the operands `e` and `f`.
#[test]
fn cubemap_corners_and_refusals() {
    let tiny = 1e-30f32;
    let src = |line: &str| {
        format!(
            r#".version 8.0
.target sm_80
.address_size 64
.global .texref t;
.visible .entry k(.param .f32 x, .param .f32 y, .param .f32 z)
{{
    .reg .f32 %f<8>;
    .reg .b32 %r<4>;
    ld.param.f32 %f5, [x];
    ld.param.f32 %f6, [y];
    ld.param.f32 %f7, [z];
    {line}
    st.global.v4.f32 [{OUT}], {{%f0, %f1, %f2, %f3}};
    ret;
}}
"#
        )
    };
    let tex = "tex.cube.v4.f32.f32 {%f0, %f1, %f2, %f3}, [t, {%f5, %f6, %f7, %f7}];";
    let tld4 = "tld4.r.cube.v4.f32.f32 {%f0, %f1, %f2, %f3}, [t, {%f5, %f6, %f7, %f7}];";
    for (w, line, dir, want) in [
        // Face 0 (x >= 0): s = -z = tiny, t = -y = -tiny, m = 1. W = 4:
        // floor(4 (1 + tiny)/2) = 2, floor(4 (1 - tiny)/2) = 1.
        (
            4u64,
            tex,
            [1.0, tiny, -tiny],
            (0u64, [(2u64, 1u64)].to_vec()),
        ),
        // W = 5: floor(2.5 + 2.5 tiny) = 2, floor(2.5 - 2.5 tiny) = 2.
        (5, tex, [1.0, tiny, -tiny], (0, vec![(2, 2)])),
        // Face 0, m = +inf: s/m = t/m = 0, floor(W/2).
        (4, tex, [f32::INFINITY, 0.75, -3.0], (0, vec![(2, 2)])),
        (5, tex, [f32::INFINITY, -0.75, 3.0], (0, vec![(2, 2)])),
        // Face 3 (y < 0): m = 1, s = x = -tiny, t = -z = -2^-149:
        // floor(2 - 2 tiny) = 1 both.
        (4, tex, [-tiny, -1.0, f32::from_bits(1)], (3, vec![(1, 1)])),
        // tld4, face 0, s = tiny, t = -tiny: floor(W (1 + s)/2 - 1/2). W = 4:
        // floor(1.5 + 2 tiny) = 1, floor(1.5 - 2 tiny) = 1; W = 5: i =
        // floor(2 + 2.5 tiny) = 2, j = floor(2 - 2.5 tiny) = 1.
        (
            4,
            tld4,
            [1.0, tiny, -tiny],
            (0, vec![(1, 2), (2, 2), (2, 1), (1, 1)]),
        ),
        (
            5,
            tld4,
            [1.0, tiny, -tiny],
            (0, vec![(2, 2), (3, 2), (3, 1), (2, 1)]),
        ),
    ] {
        let texels: Vec<u32> = (0..w * w * 6).map(|i| (i as f32).to_bits()).collect();
        let o = run_src(
            "corner.ptx",
            &src(line),
            &[
                "--texture",
                &format!("t={w}x{w}:f32@{BASE:#x}:layers=6:cube"),
                "--mem",
                &format!("{BASE:#x}={}", hex(&words(&texels))),
                "--set",
                &format!("x=0x{:08x}", dir[0].to_bits()),
                "--set",
                &format!("y=0x{:08x}", dir[1].to_bits()),
                "--set",
                &format!("z=0x{:08x}", dir[2].to_bits()),
            ],
        );
        let (face, at) = want;
        let texel = |(i, j): (u64, u64)| texels[(face * w * w + j * w + i) as usize];
        let want: Vec<u32> = if at.len() == 1 {
            vec![texel(at[0]), 0, 0, 1f32.to_bits()]
        } else {
            at.into_iter().map(texel).collect()
        };
        let got = written(&o);
        let bytes: Vec<u8> = (0..16).map(|b| got[&(OUT + b)]).collect();
        assert_eq!(bytes, words(&want), "W={w} {line} {dir:?}");
    }
    let bind = format!("t=4x4:f32@{BASE:#x}:layers=6:cube");
    let mem = format!("{BASE:#x}={}", "00".repeat(4 * 4 * 4 * 6));
    let run = |line: &str, bind: &str, dir: [f32; 3]| {
        let xyz: Vec<String> = ["x", "y", "z"]
            .iter()
            .zip(dir)
            .map(|(n, v)| format!("{n}=0x{:08x}", v.to_bits()))
            .collect();
        let mut args = vec!["--texture", bind, "--mem", &mem];
        for a in &xyz {
            args.extend(["--set", a]);
        }
        fails("cuberr.ptx", &src(line), &args)
    };
    // "the coordinate of the largest magnitude (the major axis) selects
    // the cube face": a tie, the zero vector or a NaN has none.
    for dir in [[0.5f32, -0.5, 0.25], [0.0, 0.0, -0.0], [1.0, f32::NAN, 0.0]] {
        let e = run(tex, &bind, dir);
        assert!(
            e.contains("cuberr.ptx:12:47: error: `tex.cube.v4.f32.f32`: the direction")
                && e.contains("selects no cube face"),
            "{dir:?}: {e}"
        );
    }
    // tld4 at (1, 0.9, 0): face 0, t = -0.9: floor(4 × 0.05 - 0.5) = -1.
    let e = run(tld4, &bind, [1.0, 0.9, 0.0]);
    assert!(e.contains("crosses the edge of cube face 0"), "{e}");
    for (b, why) in [
        (format!("t=4x4:f32@{BASE:#x}:layers=6"), "addresses one cubemap (WxW, :layers=6:cube); the texture is bound as 2d 4x4 f32 array of 6 layers"),
        (format!("t=4x4:f32@{BASE:#x}:layers=12:cube"), "bound as 2d 4x4 f32 array of 12 layers, a cubemap array"),
    ] {
        let e = run(tex, &b, [1.0, 0.0, 0.0]);
        assert!(e.contains(why), "{b}: {e}");
    }
    let e = run(
        "tex.a2d.v4.f32.f32 {%f0, %f1, %f2, %f3}, [t, {%r1, %f5, %f6, %f7}];",
        &bind,
        [1.0, 0.0, 0.0],
    );
    assert!(e.contains("is bound as a cubemap"), "{e}");
    for b in [
        "t=4x5:f32@0x10000:layers=6:cube",
        "t=4x4:f32@0x10000:layers=8:cube",
        "t=4:f32@0x10000:cube",
    ] {
        let e = run(tex, b, [1.0, 0.0, 0.0]);
        assert!(
            e.contains(&format!("--texture {b}: a cubemap is square")),
            "{b}: {e}"
        );
    }
    // txq: a cubemap is no array ("0 otherwise"); of a cubemap array the
    // count is refused.
    let q = "txq.width.b32 %r0, [t];\n    txq.height.b32 %r1, [t];\n    txq.depth.b32 %r2, [t];\n    txq.array_size.b32 %r3, [t];\n    st.global.v4.b32 [0x40100], {%r0, %r1, %r2, %r3};\n    mov.f32 %f0, 0f00000000;\n    mov.f32 %f1, %f0;\n    mov.f32 %f2, %f0;\n    mov.f32 %f3, %f0;";
    let params = ["--set", "x=0", "--set", "y=0", "--set", "z=0"];
    let o = run_src(
        "txq.ptx",
        &src(q),
        &[&["--texture", bind.as_str()][..], &params].concat(),
    );
    let got = written(&o);
    let bytes: Vec<u8> = (0..16).map(|b| got[&(0x40100 + b)]).collect();
    assert_eq!(bytes, words(&[4, 4, 0, 0]));
    let e = fails(
        "txq.ptx",
        &src(q),
        &[
            &[
                "--texture",
                format!("t=4x4:f32@{BASE:#x}:layers=12:cube").as_str(),
            ][..],
            &params,
        ]
        .concat(),
    );
    assert!(
        e.contains("txq.ptx:15:29: error: `txq.array_size.b32` on a cubemap array"),
        "{e}"
    );
    // `e` and `f`.
    for (line, why) in [
        (
            "tex.cube.v4.f32.f32 {%f0, %f1, %f2, %f3}, [t, {%f5, %f6, %f7, %f7}], {%r1, %r1};",
            "\"Offset vector operand e is not supported for cubemap textures\"",
        ),
        (
            "tex.2d.v4.f32.f32 {%f0, %f1, %f2, %f3}, [t, {%f5, %f6}], {%r1, %r1};",
            "the offset operand `e` is not run: the PTX ISA says \"Offset is applied to coordinates before doing texture lookup\" but not in which unit",
        ),
        (
            "tex.2d.v4.f32.f32 {%f0, %f1, %f2, %f3}, [t, {%f5, %f6}], %f7;",
            "the depth compare operand `f` is not run",
        ),
        (
            "tld4.r.2d.v4.f32.f32 {%f0, %f1, %f2, %f3}, [t, {%f5, %f6}], {%r1, %r1}, %f7;",
            "the offset operand `e` is not run",
        ),
    ] {
        let bind = format!("t=4x4:f32@{BASE:#x}");
        let e = fails(
            "ef.ptx",
            &src(line),
            &[&["--texture", bind.as_str()][..], &params].concat(),
        );
        assert!(e.contains("ef.ptx:12:") && e.contains(why), "{line}: {e}");
    }
}
