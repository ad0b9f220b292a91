//! `tcgen05` on sm_100a in `ptxfp run`: Tensor Memory allocation, the
//! `tcgen05.ld`/`tcgen05.st` shapes, `tcgen05.mma` and `tcgen05.commit`.
//!
//! Oracles, written here from the PTX ISA's words and figures, not from
//! the engine's code:
//!
//! - Tensor Memory addresses "Lane index" in bits 31–16, "Column index" in
//!   bits 15–0; warp `w` of a warpgroup reaches lanes `32w..32w+31`
//!   (9.7.16.8.1); `.32x32b`: "A warp executing tcgen05{.ld,.st}.32x32b
//!   will access 32 lanes", thread `t` its lane, register `i` column `i`
//!   (Figure 183). The cells are written with `.32x32b` (each holding
//!   `lane·256 + column`) and read back with every shape; the other
//!   figures (184–187) are written below as strides of the thread and
//!   register index bits, as the figures draw them;
//! - `tcgen05.mma`: the instruction descriptor built from Table 42's
//!   words, the shared memory descriptor from Table 40's (version bits
//!   0b001, swizzle codes 0/2/4/6), A and B laid out in shared memory by
//!   core matrices ("Leading dimension byte offset", "Stride dimension
//!   byte offset") or by swizzle atoms whose 16-byte chunk `c` of row `r`
//!   sits at `c ^ r` (128 bytes); D read back with `.32x32b` (Layout D:
//!   row `r` in lane `r`; Layout F: rows `16w..` in lanes `32w + 0|16`),
//!   compared with exact integer products of small integers exact in
//!   every format.

mod common;

use common::{mem, ptxfp, text, words};

const IMG: u64 = 0x10_0000;
const CIN: u64 = 0x20_0000;
const AREG: u64 = 0x30_0000;
const OUT: u64 = 0x40_0000;

/// Runs `src` with 128 threads on an sm_100 device, the files at their
/// addresses, `out` at OUT: the output, and the files' directory kept
/// alive until then.
fn run(src: &str, files: &[(u64, Vec<u8>)]) -> std::process::Output {
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("k.ptx");
    std::fs::write(&path, src).unwrap();
    let mut all: Vec<String> = vec!["run".into(), path.to_string_lossy().into_owned()];
    for a in ["--block", "128", "--device", "sm_100"] {
        all.push(a.into());
    }
    for (name, v) in [("img", IMG), ("cin", CIN), ("areg", AREG), ("out", OUT)] {
        all.push("--set".into());
        all.push(format!("{name}={v:#x}"));
    }
    for (i, (at, bytes)) in files.iter().enumerate() {
        let p = dir.path().join(format!("f{i}.bin"));
        std::fs::write(&p, bytes).unwrap();
        all.push("--mem-file".into());
        all.push(format!("{at:#x}={}", p.display()));
    }
    let refs: Vec<&str> = all.iter().map(|s| s.as_str()).collect();
    ptxfp(&refs)
}

/// The words at OUT.
fn out_words(o: &std::process::Output, n: usize) -> Vec<u32> {
    mem(o, OUT, 4 * n)
        .chunks(4)
        .map(|c| u32::from_le_bytes([c[0], c[1], c[2], c[3]]))
        .collect()
}

fn regs(p: &str, n: usize) -> String {
    (0..n)
        .map(|i| format!("{p}{i}"))
        .collect::<Vec<_>>()
        .join(", ")
}

const HEAD: &str = ".version 8.6\n.target sm_100a\n.address_size 64\n\n.visible .entry k(.param .u64 img, .param .u64 cin, .param .u64 areg, .param .u64 out)\n{\n    .shared .align 16 .b32 holder;\n    .shared .align 8 .b64 mbar;\n    .reg .pred %p<8>;\n    .reg .b32 %r<40>;\n    .reg .b32 %v<256>;\n    .reg .b32 %w<256>;\n    .reg .b64 %rd<24>;\n    ld.param.u64 %rd1, [img];\n    ld.param.u64 %rd2, [cin];\n    ld.param.u64 %rd3, [areg];\n    ld.param.u64 %rd4, [out];\n    mov.u32 %r1, %tid.x;\n    shr.u32 %r2, %r1, 5;\n    and.b32 %r6, %r1, 31;\n";

/// Warp 0 allocates `ncols` columns; every thread gets the address in %r3
/// and its warp's lane quarter `taddr + ((32w) << 16)` in %r5.
fn alloc(ncols: u32) -> String {
    format!(
        "    setp.ne.u32 %p1, %r2, 0;\n    @%p1 bra ALLOCATED;\n    tcgen05.alloc.cta_group::1.sync.aligned.shared::cta.b32 [holder], {ncols};\n    tcgen05.relinquish_alloc_permit.cta_group::1.sync.aligned;\nALLOCATED:\n    bar.sync 0;\n    tcgen05.fence::after_thread_sync;\n    ld.shared.b32 %r3, [holder];\n    shl.b32 %r4, %r2, 21;\n    add.u32 %r5, %r3, %r4;\n"
    )
}

/// Warp 0 frees them again.
fn dealloc(ncols: u32) -> String {
    format!(
        "    tcgen05.fence::before_thread_sync;\n    bar.sync 0;\n    setp.ne.u32 %p1, %r2, 0;\n    @%p1 bra FREED;\n    tcgen05.dealloc.cta_group::1.sync.aligned.b32 %r3, {ncols};\nFREED:\n    ret;\n}}\n"
    )
}

/// Each thread writes `lane·256 + column` into columns 0..64 of its lane
/// with `.32x32b.x64` ("thread t ... lane t, register i column i").
fn fill() -> String {
    let mut s = String::from(
        "    shl.b32 %r7, %r2, 5;\n    add.u32 %r7, %r7, %r6;\n    shl.b32 %r7, %r7, 8;\n",
    );
    for c in 0..64 {
        s += &format!("    add.u32 %v{c}, %r7, {c};\n");
    }
    s += &format!(
        "    tcgen05.st.sync.aligned.32x32b.x64.b32 [%r5], {{{}}};\n    tcgen05.wait::st.sync.aligned;\n",
        regs("%v", 64)
    );
    s
}

/// Stores `n` registers `%w..` of each thread at OUT + 4·(tid·n + i).
fn store(n: usize) -> String {
    let mut s = format!(
        "    mul.wide.u32 %rd5, %r1, {};\n    add.s64 %rd6, %rd4, %rd5;\n",
        4 * n
    );
    for i in 0..n {
        s += &format!("    st.global.b32 [%rd6+{}], %w{i};\n", 4 * i);
    }
    s
}

/// The lane (in the warp's quarter) and 32-bit column of register `i` of
/// thread `t`, from the figures as strides: each index bit of `t` and `i`
/// steps the lane or the column by a fixed amount.
fn figure(shape: &str, t: u32, i: u32) -> (u32, u32) {
    let bit = |x: u32, b: u32| (x >> b) & 1;
    match shape {
        // Figure 183: one lane per thread, one column per register.
        "32x32b" => (t, i),
        // Figure 184: t bit 0 steps 8 lanes, bit 1 one column, bits 2–4
        // one lane each; each register the next 64 bits (two columns).
        "16x64b" => (8 * bit(t, 0) + (t >> 2), bit(t, 1) + 2 * i),
        // Figure 185: t bits 0–1 step one column, bits 2–4 one lane;
        // register bit 0 steps 8 lanes, the rest 4 columns (128 bits).
        "16x128b" => ((t >> 2) + 8 * bit(i, 0), (t & 3) + 4 * (i >> 1)),
        // Figure 186 (mma's 16×8 accumulator): t bits 0–1 step two
        // columns, bits 2–4 one lane; register bit 0 one column, bit 1
        // eight lanes, the rest eight columns (256 bits).
        "16x256b" => (
            (t >> 2) + 8 * bit(i, 1),
            2 * (t & 3) + bit(i, 0) + 8 * (i >> 2),
        ),
        // Figure 187: threads 0–15 lanes 0–15 at taddr, threads 16–31 the
        // same lanes at taddr + immHalfSplitoff (added by the caller).
        "16x32bx2" => (t & 15, i),
        _ => unreachable!(),
    }
}

/// Table 49: registers per thread at .x1.
fn x1(shape: &str) -> u32 {
    match shape {
        "16x128b" => 2,
        "16x256b" => 4,
        _ => 1,
    }
}

#[test]
fn ld_shapes_read_the_figures_cells() {
    for (shape, num, lane_off, pack) in [
        ("32x32b", 8, 0, false),
        ("16x64b", 4, 0, false),
        ("16x64b", 2, 16, false),
        ("16x128b", 4, 16, false),
        ("16x256b", 2, 0, false),
        ("16x256b", 1, 16, false),
        ("16x32bx2", 8, 0, false),
        ("32x32b", 4, 0, true),
        ("16x256b", 1, 0, true),
    ] {
        let n = (x1(shape) * num) as usize;
        let split = 20u32;
        let mut src = String::from(HEAD);
        src += &alloc(64);
        src += &fill();
        src += &format!("    add.u32 %r8, %r5, {};\n", lane_off << 16);
        let p = if pack { ".pack::16b" } else { "" };
        let imm = if shape == "16x32bx2" {
            format!(", {split}")
        } else {
            String::new()
        };
        src += &format!(
            "    tcgen05.ld.sync.aligned.{shape}.x{num}{p}.b32 {{{}}}, [%r8]{imm};\n    tcgen05.wait::ld.sync.aligned;\n",
            regs("%w", n)
        );
        src += &store(n);
        src += &dealloc(64);
        let o = run(&src, &[]);
        let (so, se) = text(&o);
        assert_eq!(o.status.code(), Some(0), "{shape}: {so}{se}");
        let got = out_words(&o, 128 * n);
        for tid in 0..128u32 {
            let (w, t) = (tid / 32, tid % 32);
            for i in 0..n as u32 {
                let (l, c) = figure(shape, t, i);
                let c = c + if shape == "16x32bx2" && t >= 16 {
                    split
                } else {
                    0
                };
                let lane = 32 * w + lane_off + l;
                let cell = |col: u32| lane * 256 + col;
                // ".pack::16b ... two 16-bit elements from adjacent
                // columns into a single 32-bit element".
                let want = if pack {
                    (cell(2 * c) & 0xffff) | (cell(2 * c + 1) & 0xffff) << 16
                } else {
                    cell(c)
                };
                assert_eq!(
                    got[(tid * n as u32 + i) as usize],
                    want,
                    "{shape}.x{num}{p} lane+{lane_off}: thread {tid} r{i}"
                );
            }
        }
    }
}

#[test]
fn st_unpack_writes_halves_in_adjacent_columns() {
    // .16x128b.x1.unpack::16b stores each register's halves into columns
    // 2c and 2c + 1 (low half first); read back with .32x32b.
    let mut src = String::from(HEAD);
    src += &alloc(64);
    src += &fill();
    src += "    shl.b32 %r7, %r1, 8;\n    add.u32 %v0, %r7, 0x00110022;\n    add.u32 %v1, %r7, 0x00330044;\n";
    src += "    tcgen05.st.sync.aligned.16x128b.x1.unpack::16b.b32 [%r5], {%v0, %v1};\n    tcgen05.wait::st.sync.aligned;\n";
    src += &format!(
        "    tcgen05.ld.sync.aligned.32x32b.x8.b32 {{{}}}, [%r5];\n    tcgen05.wait::ld.sync.aligned;\n",
        regs("%w", 8)
    );
    src += &store(8);
    src += &dealloc(64);
    let o = run(&src, &[]);
    let got = out_words(&o, 128 * 8);
    let mut want = vec![None; 128 * 8];
    for tid in 0..128u32 {
        let (w, t) = (tid / 32, tid % 32);
        for i in 0..2 {
            let v = (tid << 8) + [0x0011_0022, 0x0033_0044][i as usize];
            let (l, c) = figure("16x128b", t, i);
            let lane = 32 * w + l;
            want[(lane * 8 + 2 * c) as usize] = Some(v & 0xffff);
            want[(lane * 8 + 2 * c + 1) as usize] = Some(v >> 16);
        }
    }
    for (q, w) in want.iter().enumerate() {
        if let Some(w) = w {
            assert_eq!(got[q], *w, "lane {} column {}", q / 8, q % 8);
        }
    }
}

/// A small-integer element's bits in a float format (`e` exponent, `f`
/// fraction bits); exact by construction.
fn float_bits(v: i64, e: u32, f: u32) -> u32 {
    if v == 0 {
        return 0;
    }
    let sign = u32::from(v < 0) << (e + f);
    let a = v.unsigned_abs();
    let x = 63 - a.leading_zeros();
    assert!(x <= f);
    let frac = ((a << (f - x)) as u32) & ((1 << f) - 1);
    sign | ((x + (1 << (e - 1)) - 1) << f) | frac
}

#[derive(Clone, Copy, Debug, PartialEq)]
enum T {
    F16,
    Bf16,
    Tf32,
    E4m3,
    S8,
    U8,
}

impl T {
    fn bits(self) -> u64 {
        match self {
            T::F16 | T::Bf16 => 16,
            T::Tf32 => 32,
            _ => 8,
        }
    }
    fn enc(self, v: i64) -> u32 {
        match self {
            T::F16 => float_bits(v, 5, 10),
            T::Bf16 => float_bits(v, 8, 7),
            T::Tf32 => float_bits(v, 8, 23),
            T::E4m3 => float_bits(v, 4, 3),
            T::S8 | T::U8 => v as u32 & 0xff,
        }
    }
    /// (kind, K, atype code of Table 42).
    fn kind(self) -> (&'static str, u64, u32) {
        match self {
            T::F16 => ("f16", 16, 0),
            T::Bf16 => ("f16", 16, 1),
            T::Tf32 => ("tf32", 8, 2),
            T::E4m3 => ("f8f6f4", 32, 0),
            T::U8 => ("i8", 32, 0),
            T::S8 => ("i8", 32, 1),
        }
    }
    fn range(self) -> (i64, i64) {
        match self {
            T::S8 => (-128, 127),
            T::U8 => (0, 255),
            _ => (-4, 4),
        }
    }
}

#[derive(Clone, Debug)]
struct Mma {
    m: u64,
    n: u64,
    t: T,
    /// Swizzle of A and B in bytes (0 none, 128).
    swz: u64,
    /// A from the Tensor Memory.
    a_tmem: bool,
    enable: bool,
    saturate: bool,
    neg_a: bool,
    /// Lanes not updated (disable-output-lane).
    mask: u128,
    /// Layout F's lane alignment (M = 64).
    lane16: bool,
    seed: u64,
}

fn mma(m: u64, n: u64, t: T) -> Mma {
    Mma {
        m,
        n,
        t,
        swz: 0,
        a_tmem: false,
        enable: true,
        saturate: false,
        neg_a: false,
        mask: 0,
        lane16: false,
        seed: 1,
    }
}

impl Mma {
    fn k(&self) -> u64 {
        self.t.kind().1
    }

    fn values(&self) -> (Vec<i64>, Vec<i64>, Vec<i64>) {
        let mut x = self.seed;
        let mut r = |lo: i64, hi: i64| {
            x = x
                .wrapping_mul(6364136223846793005)
                .wrapping_add(1442695040888963407);
            lo + ((x >> 33) as i64) % (hi - lo + 1)
        };
        let (lo, hi) = self.t.range();
        let k = self.k() as usize;
        let a: Vec<i64> = (0..self.m as usize * k).map(|_| r(lo, hi)).collect();
        let b: Vec<i64> = (0..k * self.n as usize).map(|_| r(lo, hi)).collect();
        let c: Vec<i64> = (0..(self.m * self.n) as usize)
            .map(|_| match self.t.kind().0 {
                // Near the top of the s32 range: a sum past it wraps, or
                // with Saturate clamps.
                "i8" if self.saturate => r(i64::from(i32::MAX) - 300_000, i64::from(i32::MAX)),
                "i8" => r(-1 << 20, 1 << 20),
                _ => r(-64, 64),
            })
            .collect();
        (a, b, c)
    }

    /// Byte of element (mn, k) of a K-major tile of `rows` rows: core
    /// matrices of 8 rows × 16 bytes, K-adjacent ones LBO = 128 apart,
    /// 8-row groups SBO apart; with 128-byte swizzle, atoms of 8 rows ×
    /// 128 bytes (SBO = 1024) whose chunk c of row r sits at c ^ r.
    fn place(&self, mn: u64, k: u64) -> u64 {
        let byte = k * self.t.bits() / 8;
        if self.swz == 0 {
            let sbo = (self.k() * self.t.bits() / 8 / 16) * 128;
            (mn / 8) * sbo + (byte / 16) * 128 + (mn % 8) * 16 + byte % 16
        } else {
            (mn / 8) * 1024 + (mn % 8) * 128 + (((byte / 16) ^ (mn % 8)) * 16) + byte % 16
        }
    }

    /// The shared memory descriptor of a tile at `start` (Table 40).
    fn desc(&self) -> (u64, u64) {
        let (lbo, sbo, code) = if self.swz == 0 {
            (128, (self.k() * self.t.bits() / 8 / 16) * 128, 0)
        } else {
            (16, 1024, 2)
        };
        (
            ((lbo >> 4) << 16) | ((sbo >> 4) << 32) | (1 << 46) | (code << 61),
            0,
        )
    }

    /// Table 42.
    fn idesc(&self) -> u32 {
        let (kind, _, code) = self.t.kind();
        let dtype = if kind == "i8" { 2 } else { 1 };
        u32::from(self.saturate) << 3
            | dtype << 4
            | code << 7
            | code << 10
            | u32::from(self.neg_a) << 13
            | ((self.n >> 3) as u32) << 17
            | ((self.m >> 4) as u32) << 24
    }

    fn lane(&self, r: u64) -> u64 {
        if self.m == 128 {
            r
        } else {
            32 * (r / 16) + r % 16 + if self.lane16 { 16 } else { 0 }
        }
    }

    fn src(&self) -> (String, Vec<(u64, Vec<u8>)>) {
        let (a, b, c) = self.values();
        let (m, n, k) = (self.m, self.n, self.k());
        let bits = self.t.bits();
        // The shared image: A at 0 (unless in the Tensor Memory), B after.
        // A swizzled row is the atom's 128 bytes wide.
        let row = if self.swz == 0 { k * bits / 8 } else { 128 };
        let tile = |rows: u64| (rows * row).div_ceil(1024) * 1024;
        let b_off = if self.a_tmem { 0 } else { tile(m) };
        let mut img = vec![0u8; (b_off + tile(n)) as usize];
        let mut put = |off: u64, mn: u64, kk: u64, v: u32| {
            let at = (off + self.place(mn, kk)) as usize;
            for q in 0..(bits / 8) as usize {
                img[at + q] = (v >> (8 * q)) as u8;
            }
        };
        if !self.a_tmem {
            for i in 0..m {
                for kk in 0..k {
                    put(0, i, kk, self.t.enc(a[(i * k + kk) as usize]));
                }
            }
        }
        for j in 0..n {
            for kk in 0..k {
                put(b_off, j, kk, self.t.enc(b[(kk * n + j) as usize]));
            }
        }
        // Per thread (lane 32w + t): its N words of D (C), and its row of
        // A packed from the low bits (K·bits / 32 words).
        let aw = (k * bits / 32) as usize;
        let (mut cin, mut areg) = (vec![0u32; 128 * n as usize], vec![0u32; 128 * aw]);
        for r in 0..m {
            let l = self.lane(r) as usize;
            for j in 0..n as usize {
                let v = c[(r * n) as usize + j];
                cin[l * n as usize + j] = if self.t.kind().0 == "i8" {
                    v as u32
                } else {
                    (v as f32).to_bits()
                };
            }
            for kk in 0..k {
                let e = self.t.enc(a[(r * k + kk) as usize]);
                let bit = kk * bits;
                areg[l * aw + (bit / 32) as usize] |= e << (bit % 32);
            }
        }
        let ncols = 256;
        let mut s = String::from(HEAD);
        s += &format!("    .shared .align 1024 .b8 smem[{}];\n", img.len());
        s += &format!(
            "    mov.u64 %rd7, smem;\n    mov.u32 %r10, %r1;\nCOPY:\n    setp.ge.u32 %p2, %r10, {};\n    @%p2 bra COPIED;\n    mul.wide.u32 %rd8, %r10, 4;\n    add.s64 %rd9, %rd1, %rd8;\n    ld.global.u32 %r11, [%rd9];\n    add.s64 %rd10, %rd7, %rd8;\n    st.shared.u32 [%rd10], %r11;\n    add.u32 %r10, %r10, 128;\n    bra COPY;\nCOPIED:\n",
            img.len() / 4
        );
        s += "    setp.ne.u32 %p3, %r1, 0;\n    @%p3 bra INIT;\n    mbarrier.init.shared::cta.b64 [mbar], 1;\nINIT:\n";
        s += &alloc(ncols);
        // C (and A) into the Tensor Memory with .32x32b.
        s += &format!(
            "    mul.wide.u32 %rd11, %r1, {};\n    add.s64 %rd12, %rd2, %rd11;\n",
            4 * n
        );
        for j in 0..n {
            s += &format!("    ld.global.b32 %v{j}, [%rd12+{}];\n", 4 * j);
        }
        s += &format!(
            "    tcgen05.st.sync.aligned.32x32b.x{n}.b32 [%r5], {{{}}};\n",
            regs("%v", n as usize)
        );
        if self.a_tmem {
            s += &format!(
                "    mul.wide.u32 %rd13, %r1, {};\n    add.s64 %rd14, %rd3, %rd13;\n",
                4 * aw
            );
            for j in 0..aw {
                s += &format!("    ld.global.b32 %v{j}, [%rd14+{}];\n", 4 * j);
            }
            s += &format!(
                "    add.u32 %r12, %r5, {n};\n    tcgen05.st.sync.aligned.32x32b.x{aw}.b32 [%r12], {{{}}};\n",
                regs("%v", aw)
            );
        }
        s += "    tcgen05.wait::st.sync.aligned;\n    tcgen05.fence::before_thread_sync;\n    bar.sync 0;\n    tcgen05.fence::after_thread_sync;\n";
        // Thread 0 issues the MMA ("single thread semantics").
        let (desc, _) = self.desc();
        let lane0 = if self.lane16 { 16u32 << 16 } else { 0 };
        s += &format!(
            "    @%p3 bra ISSUED;\n    add.u32 %r13, %r3, {lane0};\n    add.u32 %r14, %r13, {n};\n    mov.u32 %r15, {:#x};\n    setp.ne.u32 %p4, %r15, 0;\n",
            self.idesc()
        );
        s += &format!(
            "    add.s64 %rd15, %rd7, 0;\n    and.b64 %rd15, %rd15, 0x3FFFF;\n    shr.u64 %rd15, %rd15, 4;\n    or.b64 %rd16, %rd15, {desc:#x};\n    add.s64 %rd17, %rd7, {b_off};\n    and.b64 %rd17, %rd17, 0x3FFFF;\n    shr.u64 %rd17, %rd17, 4;\n    or.b64 %rd18, %rd17, {desc:#x};\n"
        );
        let a_op = if self.a_tmem { "[%r14]" } else { "%rd16" };
        let mask = if self.mask != 0 {
            let w: Vec<String> = (0..4)
                .map(|i| format!("{:#x}", (self.mask >> (32 * i)) as u32))
                .collect();
            for (i, x) in w.iter().enumerate() {
                s += &format!("    mov.u32 %r{}, {x};\n", 20 + i);
            }
            " {%r20, %r21, %r22, %r23},".to_string()
        } else {
            String::new()
        };
        let en = if self.enable { "%p4" } else { "0" };
        s += &format!(
            "    tcgen05.mma.cta_group::1.kind::{} [%r13], {a_op}, %rd18, %r15,{mask} {en};\n    tcgen05.commit.cta_group::1.mbarrier::arrive::one.shared::cluster.b64 [mbar];\nISSUED:\n",
            self.t.kind().0
        );
        s += "WAIT:\n    mbarrier.try_wait.parity.shared::cta.b64 %p5, [mbar], 0;\n    @!%p5 bra WAIT;\n    tcgen05.fence::after_thread_sync;\n";
        s += &format!(
            "    tcgen05.ld.sync.aligned.32x32b.x{n}.b32 {{{}}}, [%r5];\n    tcgen05.wait::ld.sync.aligned;\n",
            regs("%w", n as usize)
        );
        s += &store(n as usize);
        s += &dealloc(ncols);
        let files = vec![(IMG, img), (CIN, words(&cin)), (AREG, words(&areg))];
        (s, files)
    }

    /// Every lane's N words after the MMA.
    fn expected(&self) -> Vec<u32> {
        let (a, b, c) = self.values();
        let (m, n, k) = (self.m as usize, self.n as usize, self.k() as usize);
        let int = self.t.kind().0 == "i8";
        let mut cells = vec![None; 128 * n];
        for r in 0..m {
            let l = self.lane(r as u64) as usize;
            for j in 0..n {
                let sa = if self.neg_a { -1 } else { 1 };
                let mut s: i64 = (0..k).map(|t| sa * a[r * k + t] * b[t * n + j]).sum();
                if self.enable {
                    s += c[r * n + j];
                }
                let v = if int {
                    if self.saturate {
                        s.clamp(i64::from(i32::MIN), i64::from(i32::MAX)) as u32
                    } else {
                        s as u32
                    }
                } else {
                    (s as f32).to_bits()
                };
                let keep = (self.mask >> l) & 1 == 1;
                cells[l * n + j] = Some(if keep {
                    if int {
                        c[r * n + j] as u32
                    } else {
                        (c[r * n + j] as f32).to_bits()
                    }
                } else {
                    v
                });
            }
        }
        cells.into_iter().map(|x| x.unwrap_or(u32::MAX)).collect()
    }
}

fn check(c: &Mma, what: &str) {
    let (src, files) = c.src();
    let o = run(&src, &files);
    let (so, se) = text(&o);
    assert_eq!(o.status.code(), Some(0), "{what}: {so}{se}");
    assert!(!se.contains("warning"), "{what}: {se}");
    let n = c.n as usize;
    let got = out_words(&o, 128 * n);
    let want = c.expected();
    for (q, (g, w)) in got.iter().zip(&want).enumerate() {
        if *w == u32::MAX {
            continue;
        }
        assert_eq!(
            g,
            w,
            "{what}: lane {} column {}: {g:#010x}, expected {w:#010x}",
            q / n,
            q % n
        );
    }
}

#[test]
fn mma_f16_m128_k_major_no_swizzle_and_128b() {
    check(&mma(128, 64, T::F16), "f16 m128n64");
    check(
        &Mma {
            swz: 128,
            seed: 2,
            ..mma(128, 32, T::F16)
        },
        "f16 128B",
    );
    check(
        &Mma {
            seed: 3,
            ..mma(128, 16, T::Bf16)
        },
        "bf16",
    );
}

#[test]
fn mma_m64_layout_f_and_lane_16() {
    check(&mma(64, 32, T::F16), "m64");
    check(
        &Mma {
            lane16: true,
            seed: 5,
            ..mma(64, 16, T::F16)
        },
        "m64 lane 16",
    );
}

#[test]
fn mma_other_kinds() {
    check(&mma(128, 16, T::Tf32), "tf32");
    check(&mma(128, 32, T::E4m3), "e4m3");
    check(&mma(128, 16, T::S8), "s8");
    check(
        &Mma {
            seed: 9,
            ..mma(128, 32, T::U8)
        },
        "u8",
    );
}

#[test]
fn mma_a_in_tensor_memory_negate_enable_mask() {
    check(
        &Mma {
            a_tmem: true,
            ..mma(128, 16, T::F16)
        },
        "A in tmem",
    );
    check(
        &Mma {
            a_tmem: true,
            seed: 4,
            ..mma(128, 8, T::S8)
        },
        "s8 A in tmem",
    );
    check(
        &Mma {
            neg_a: true,
            ..mma(128, 8, T::F16)
        },
        "negate A",
    );
    check(
        &Mma {
            enable: false,
            ..mma(128, 8, T::F16)
        },
        "enable-input-d false",
    );
    check(
        &Mma {
            mask: 0x8000_0000_0000_0000_0000_0001_0000_0005,
            ..mma(128, 8, T::F16)
        },
        "disable-output-lane",
    );
}

#[test]
fn mma_i8_saturate() {
    // Large C and products: wrapping differs from clamping.
    let mut c = mma(128, 8, T::S8);
    c.saturate = true;
    check(&c, "s8 saturate");
}

/// Runs a small kernel and returns (exit code, stderr).
fn fails(body: &str, target: &str) -> (Option<i32>, String) {
    let src =
        HEAD.replace(".target sm_100a", &format!(".target {target}")) + body + "    ret;\n}\n";
    let o = run(&src, &[]);
    let (_, se) = text(&o);
    (o.status.code(), se)
}

#[test]
fn misuse_is_an_error_at_its_line() {
    let with = |s: &str| format!("{}{s}", alloc(32));
    for (body, why) in [
        // "nCols must be within the range [32, 512]", "a power of 2".
        ("    tcgen05.alloc.cta_group::1.sync.aligned.shared::cta.b32 [holder], 48;\n".to_string(), "power of 2"),
        ("    tcgen05.alloc.cta_group::1.sync.aligned.shared::cta.b32 [holder], 16;\n".to_string(), "power of 2"),
        // Allocation after relinquish.
        (with("    setp.ne.u32 %p1, %r2, 0;\n    @%p1 bra X;\n    tcgen05.alloc.cta_group::1.sync.aligned.shared::cta.b32 [holder], 32;\nX:\n"), "relinquish"),
        // Not deallocated before exit.
        (with(""), "never deallocated"),
        // Warp 1 reaching warp 0's lanes (%r3: lane 0).
        (with("    tcgen05.st.sync.aligned.32x32b.x1.b32 [%r3], {%r1};\n"), "Access restrictions"),
        // Columns outside the allocation.
        (with("    add.u32 %r9, %r5, 32;\n    tcgen05.st.sync.aligned.32x32b.x1.b32 [%r9], {%r1};\n"), "not allocated"),
        // Dealloc of something not allocated.
        (with("    setp.ne.u32 %p1, %r2, 0;\n    @%p1 bra X;\n    tcgen05.dealloc.cta_group::1.sync.aligned.b32 %r3, 64;\nX:\n"), "previous allocation"),
        // Only some threads of the warp.
        ("    setp.ne.u32 %p1, %r1, 0;\n    @%p1 bra X;\n    tcgen05.alloc.cta_group::1.sync.aligned.shared::cta.b32 [holder], 32;\nX:\n".to_string(), "all 32 threads"),
        // Valid PTX the engine refuses where reached.
        ("    tcgen05.alloc.cta_group::2.sync.aligned.shared::cta.b32 [holder], 32;\n".to_string(), "cta_group::2"),
        ("    tcgen05.cp.cta_group::1.128x256b [%r3], %rd1;\n".to_string(), "tcgen05.cp"),
    ] {
        let (code, se) = fails(&body, "sm_100a");
        assert_ne!(code, Some(0), "{why}: {se}");
        assert!(se.contains(why), "{why}: {se}");
        assert!(se.contains("k.ptx:"), "{why}: no position: {se}");
    }
    // Wrong target: an error of `check` (its exit code 1: errors found).
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("k.ptx");
    let src = HEAD.replace(".target sm_100a", ".target sm_90a")
        + "    tcgen05.fence::after_thread_sync;\n    ret;\n}\n";
    std::fs::write(&path, src).unwrap();
    let o = ptxfp(&["check", path.to_str().unwrap()]);
    let (so, se) = text(&o);
    assert_eq!(o.status.code(), Some(1), "{so}{se}");
    assert!(format!("{so}{se}").contains("requires sm_100a"), "{so}{se}");
    // Malformed: an error wherever it is.
    let (code, se) = fails(
        "    tcgen05.ld.sync.aligned.16x256b.x64.b32 {%w0}, [%r3];\n",
        "sm_100a",
    );
    assert_eq!(code, Some(2), "{se}");
    assert!(se.contains("Table 49"), "{se}");
}

#[test]
fn mma_descriptor_errors() {
    // A Hopper descriptor (no version bits), a sparse idesc, a bad M.
    for (edit, why) in [
        ("desc", "0b001"),
        ("sparse", "Sparsity"),
        ("m", "M (bits 24–28"),
    ] {
        let c = mma(128, 8, T::F16);
        let (mut src, files) = c.src();
        let id = c.idesc();
        match edit {
            "desc" => {
                let (d, _) = c.desc();
                src = src.replacen(
                    &format!("or.b64 %rd18, %rd17, {d:#x}"),
                    &format!("or.b64 %rd18, %rd17, {:#x}", d & !(1 << 46)),
                    1,
                );
            }
            "sparse" => src = src.replacen(&format!("{id:#x}"), &format!("{:#x}", id | 4), 1),
            _ => {
                src = src.replacen(
                    &format!("{id:#x}"),
                    &format!("{:#x}", id & !(0x1f << 24) | (3 << 24)),
                    1,
                )
            }
        }
        let o = run(&src, &files);
        let (_, se) = text(&o);
        assert_eq!(o.status.code(), Some(2), "{why}: {se}");
        assert!(se.contains(why), "{why}: {se}");
    }
}

/// The operands of the instructions other than `tcgen05.mma`, from their
/// syntax lines (PTX ISA 9.7.16), are `check`'s errors wherever the line
/// is (before, `check` passed `tcgen05.alloc ... [holder];` and the like,
/// and `run` refused them only where a warp reached them): the count, an
/// address where the line has `[...]`, and `tcgen05.ld`/`st`'s register
/// vector of Table 49/50's length. What the syntax lines allow passes.
#[test]
fn operands_of_the_other_instructions_are_checked_where_they_are() {
    let check = |line: &str| {
        let dir = tempfile::tempdir().unwrap();
        let path = dir.path().join("k.ptx");
        std::fs::write(
            &path,
            format!("{HEAD}    bra END;\n{line}\nEND:\n    ret;\n}}\n"),
        )
        .unwrap();
        let o = ptxfp(&["check", path.to_str().unwrap()]);
        let (so, se) = text(&o);
        (o.status.code(), format!("{so}{se}"))
    };
    for (line, why) in [
        ("tcgen05.alloc.cta_group::1.sync.aligned.shared::cta.b32 [holder];", "takes 2 operand(s) (`tcgen05.alloc... [dst], nCols;`); 1 given"),
        ("tcgen05.alloc.cta_group::1.sync.aligned.shared::cta.b32 %r1, 32;", "this operand must be an address"),
        ("tcgen05.dealloc.cta_group::1.sync.aligned.b32 %r3;", "takes 2 operand(s)"),
        ("tcgen05.relinquish_alloc_permit.cta_group::1.sync.aligned %r3;", "takes 0 operand(s)"),
        ("tcgen05.wait::st.sync.aligned %r3;", "takes 0 operand(s)"),
        ("tcgen05.fence::after_thread_sync %r3;", "takes 0 operand(s)"),
        ("tcgen05.ld.sync.aligned.32x32b.x2.b32 {%r1, %r2};", "takes 2 operand(s)"),
        ("tcgen05.ld.sync.aligned.16x32bx2.x1.b32 {%r1}, [%r3];", "takes 3 operand(s)"),
        ("tcgen05.ld.sync.aligned.32x32b.x2.b32 {%r1}, [%r3];", "r is a vector of 2 .b32 registers (Table 49: .32x32b .x2); 1 given"),
        ("tcgen05.st.sync.aligned.16x64b.x1.b32 [%r3], {%r1, %r2};", "r is a vector of 1 .b32 registers (Table 50: .16x64b .x1); 2 given"),
        ("tcgen05.st.sync.aligned.32x32b.x1.b32 %r3, {%r1};", "this operand must be an address"),
        ("tcgen05.commit.cta_group::1.mbarrier::arrive::one.shared::cluster.b64 %rd1;", "this operand must be an address"),
        ("tcgen05.commit.cta_group::1.mbarrier::arrive::one.shared::cluster.multicast::cluster.b64 [mbar];", "takes 2 operand(s)"),
        ("tcgen05.shift.cta_group::1.down %r3;", "this operand must be an address"),
        ("tcgen05.cp.cta_group::1.128x256b [%r3];", "takes 2 operand(s)"),
    ] {
        let (code, out) = check(line);
        assert_eq!(code, Some(1), "{line}: {out}");
        assert!(out.contains(why) && out.contains("k.ptx:22:"), "{line}: {out}");
    }
    for line in [
        "tcgen05.alloc.cta_group::1.sync.aligned.shared::cta.b32 [holder], 32;",
        "tcgen05.dealloc.cta_group::1.sync.aligned.b32 %r3, 32;",
        "tcgen05.relinquish_alloc_permit.cta_group::1.sync.aligned;",
        "tcgen05.wait::ld.sync.aligned;",
        "tcgen05.fence::before_thread_sync;",
        "tcgen05.ld.sync.aligned.32x32b.x2.b32 {%r1, %r2}, [%r3];",
        "tcgen05.ld.sync.aligned.16x32bx2.x1.b32 {%r1}, [%r3], 16;",
        "tcgen05.st.sync.aligned.16x32bx2.x2.unpack::16b.b32 [%r3], 8, {%r1, %r2};",
        "tcgen05.commit.cta_group::1.mbarrier::arrive::one.shared::cluster.b64 [mbar];",
        "tcgen05.commit.cta_group::1.mbarrier::arrive::one.shared::cluster.multicast::cluster.b64 [mbar], 3;",
        "tcgen05.shift.cta_group::1.down [%r3];",
        "tcgen05.cp.cta_group::1.128x256b [%r3], %rd1;",
    ] {
        let (code, out) = check(line);
        assert_eq!(code, Some(0), "{line}: {out}");
    }
}

/// One register written without braces as `.x1`'s `r` is that register,
/// for `check` and for the run alike (the run refused what `check`
/// passed); a store then a load with it gives each thread its value back.
/// And `r` in an address's place is only the operand-kind error, not a
/// vector count besides.
#[test]
fn one_register_without_braces_is_r_of_x1() {
    let mut src = String::from(HEAD);
    src += &alloc(32);
    src += "    add.u32 %v0, %r1, 1000;\n";
    src += "    tcgen05.st.sync.aligned.32x32b.x1.b32 [%r5], %v0;\n    tcgen05.wait::st.sync.aligned;\n";
    src += "    tcgen05.ld.sync.aligned.32x32b.x1.b32 %w0, [%r5];\n    tcgen05.wait::ld.sync.aligned;\n";
    src += &store(1);
    src += &dealloc(32);
    let o = run(&src, &[]);
    let (_, se) = text(&o);
    assert_eq!(o.status.code(), Some(0), "{se}");
    assert_eq!(out_words(&o, 128), (1000..1128).collect::<Vec<u32>>());
    // An address where `r` belongs: one error.
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("k.ptx");
    std::fs::write(
        &path,
        format!(
            "{HEAD}    tcgen05.ld.sync.aligned.32x32b.x2.b32 [%r1], {{%r2, %r3}};\n    ret;\n}}\n"
        ),
    )
    .unwrap();
    let o = ptxfp(&["check", path.to_str().unwrap()]);
    let (so, se) = text(&o);
    let all = format!("{so}{se}");
    assert_eq!(o.status.code(), Some(1), "{all}");
    assert!(all.contains("this operand must be a register"), "{all}");
    assert!(!all.contains("r is a vector"), "{all}");
}
