//! The integer and single-bit `mma.sync.aligned` forms in `ptxfp run`:
//! `.m8n8k16`/`.m16n8k16`/`.m16n8k32` on `.s8`/`.u8`, `.m8n8k32`/
//! `.m16n8k32`/`.m16n8k64` on `.s4`/`.u4` and `.m8n8k128`/`.m16n8k128`/
//! `.m16n8k256` on `.b1` with `.and.popc`/`.xor.popc`.
//!
//! One warp loads its fragments of A, B and C from global memory (thread
//! `%laneid` reads its registers at `base + 4 * NREGS * %laneid`), runs the
//! mma and stores its fragment of D the same way. The elements are placed
//! into registers by the PTX ISA's fragment formulas (9.7.14.5.3 to
//! 9.7.14.5.13), transcribed here per shape on their own, and D is read
//! back by them; the expected D is the integer product computed here with
//! i64 arithmetic (".satfinite ... the accumulated value is limited to the
//! range MIN_INT32..MAX_INT32 ... If .satfinite is not specified, the
//! accumulated value is wrapped"; single bit: "computes the XOR, AND
//! respectively of a k-bit row of A with a k-bit column of B, then counts
//! the number of set bits in the result (popc). This result is added to
//! the corresponding element of C").

mod common;

#[derive(Clone, Copy, Debug, PartialEq)]
enum Ty {
    S8,
    U8,
    S4,
    U4,
    B1,
}

impl Ty {
    fn name(self) -> &'static str {
        match self {
            Ty::S8 => "s8",
            Ty::U8 => "u8",
            Ty::S4 => "s4",
            Ty::U4 => "u4",
            Ty::B1 => "b1",
        }
    }
    fn bits(self) -> usize {
        match self {
            Ty::S8 | Ty::U8 => 8,
            Ty::S4 | Ty::U4 => 4,
            Ty::B1 => 1,
        }
    }
    /// The value of an element's bits.
    fn value(self, x: u32) -> i64 {
        match self {
            Ty::S8 => i64::from(x as u8 as i8),
            Ty::S4 => {
                let v = i64::from(x & 0xf);
                if v >= 8 {
                    v - 16
                } else {
                    v
                }
            }
            _ => i64::from(x),
        }
    }
}

#[derive(Clone, Copy, Debug)]
struct Case {
    m: usize,
    k: usize,
    a: Ty,
    b: Ty,
    satfinite: bool,
    /// `.and` (true) or `.xor` for `.b1`.
    and: bool,
}

const N: usize = 8;

impl Case {
    fn new(m: usize, k: usize, a: Ty, b: Ty) -> Case {
        Case {
            m,
            k,
            a,
            b,
            satfinite: false,
            and: false,
        }
    }
    fn opcode(&self) -> String {
        let sat = if self.satfinite { ".satfinite" } else { "" };
        let tail = match (self.a, self.and) {
            (Ty::B1, true) => ".and.popc",
            (Ty::B1, false) => ".xor.popc",
            _ => "",
        };
        format!(
            "mma.sync.aligned.m{}n8k{}.row.col{sat}.s32.{}.{}.s32{tail}",
            self.m,
            self.k,
            self.a.name(),
            self.b.name()
        )
    }
    fn per(&self) -> usize {
        32 / self.a.bits()
    }
    fn regs(&self) -> (usize, usize, usize) {
        let p = self.per();
        (
            self.m * self.k / 32 / p,
            self.k * N / 32 / p,
            self.m * N / 32,
        )
    }

    /// Where element `i` of thread `lane`'s A fragment sits, `(row, col)`,
    /// as each shape's section writes it (g = groupID = %laneid >> 2,
    /// t = threadID_in_group = %laneid % 4).
    fn a_place(&self, lane: usize, i: usize) -> (usize, usize) {
        let (g, t) = (lane >> 2, lane % 4);
        match (self.m, self.k) {
            // 9.7.14.5.3: "row = groupID; col = (threadID_in_group * 4) + i".
            (8, 16) => (g, t * 4 + i),
            // 9.7.14.5.4: "row = groupID; col = (threadID_in_group * 8) + i".
            (8, 32) => (g, t * 8 + i),
            // 9.7.14.5.5: "row = groupID; col = (threadID_in_group * 32) + i".
            (8, 128) => (g, t * 32 + i),
            // 9.7.14.5.9: "row = groupID for ai where i < 4, groupID + 8
            // for ai where i >= 4; col = (threadID_in_group * 4) + (i & 0x3)".
            (16, 16) => (if i < 4 { g } else { g + 8 }, t * 4 + (i & 3)),
            // 9.7.14.5.10, .s8/.u8: "row = groupID for ai where 0 <= i < 4
            // || 8 <= i < 12, groupID + 8 otherwise; col =
            // (threadID_in_group * 4) + (i & 0x3) for ai where i < 8,
            // (threadID_in_group * 4) + (i & 0x3) + 16 for ai where i >= 8";
            // .s4/.u4: "row = groupID for ai where i < 8, groupID + 8 for
            // ai where i >= 8; col = (threadID_in_group * 8) + (i & 0x7)".
            (16, 32) if self.a.bits() == 8 => (
                if i < 4 || (8..12).contains(&i) {
                    g
                } else {
                    g + 8
                },
                t * 4 + (i & 3) + if i < 8 { 0 } else { 16 },
            ),
            (16, 32) => (if i < 8 { g } else { g + 8 }, t * 8 + (i & 7)),
            // 9.7.14.5.11: "row = groupID for ai where 0 <= i < 8 || 16 <=
            // i < 24, groupID + 8 otherwise; col = (threadID_in_group * 8)
            // + (i & 0x7) for ai where i < 16, ... + 32 for ai where i >= 16".
            (16, 64) => (
                if i < 8 || (16..24).contains(&i) {
                    g
                } else {
                    g + 8
                },
                t * 8 + (i & 7) + if i < 16 { 0 } else { 32 },
            ),
            // 9.7.14.5.12: "row = groupID for ai where i < 32, groupID + 8
            // for ai where i >= 32; col = (threadID_in_group * 32) + (i & 0x1F)".
            (16, 128) => (if i < 32 { g } else { g + 8 }, t * 32 + (i & 31)),
            // 9.7.14.5.13: "row = groupID for ai where 0 <= i < 32 || 64 <=
            // i < 96, groupID + 8 otherwise"; col "(threadID_in_group * 32)
            // + (i & 0x1F) + 128 for ai where i >= 64", and below 64 the
            // same without the 128 (the ISA prints "+ i" there, which
            // would overlap the second half; see crates/interp/src/mma.rs).
            (16, 256) => (
                if i < 32 || (64..96).contains(&i) {
                    g
                } else {
                    g + 8
                },
                t * 32 + (i & 31) + if i < 64 { 0 } else { 128 },
            ),
            s => unreachable!("{s:?}"),
        }
    }

    /// Where element `i` of thread `lane`'s B fragment sits.
    fn b_place(&self, lane: usize, i: usize) -> (usize, usize) {
        let (g, t) = (lane >> 2, lane % 4);
        let row = match (self.m, self.k) {
            // "row = (threadID_in_group * 4) + i for bi where i = {0,..,3}".
            (8, 16) | (16, 16) => t * 4 + i,
            // "row = (threadID_in_group * 8) + i" (m8n8k32), "... + (i &
            // 0x7)" (m16n8k32 .s4/.u4).
            (8, 32) => t * 8 + i,
            (16, 32) if self.a.bits() == 4 => t * 8 + (i & 7),
            // m16n8k32 .s8/.u8: "row = (threadID_in_group * 4) + (i & 0x3)
            // for bi where i < 4, ... + 16 for bi where i >= 4".
            (16, 32) => t * 4 + (i & 3) + if i < 4 { 0 } else { 16 },
            // m16n8k64: "(threadID_in_group * 8) + (i & 0x7) for bi where
            // i < 8, ... + 32 for bi where i >= 8".
            (16, 64) => t * 8 + (i & 7) + if i < 8 { 0 } else { 32 },
            // "row = (threadID_in_group * 32) + i" (m8n8k128, m16n8k128).
            (8, 128) | (16, 128) => t * 32 + i,
            // m16n8k256: "(threadID_in_group * 32) + (i & 0x1F) for bi
            // where i < 32, ... + 128 for bi where i >= 32".
            (16, 256) => t * 32 + (i & 31) + if i < 32 { 0 } else { 128 },
            s => unreachable!("{s:?}"),
        };
        (row, g)
    }

    /// C and D: "row = groupID for ci where i < 2, groupID + 8 for ci
    /// where i >= 2; col = (threadID_in_group * 2) + (i & 0x1)".
    fn c_place(&self, lane: usize, i: usize) -> (usize, usize) {
        let (g, t) = (lane >> 2, lane % 4);
        (if i < 2 { g } else { g + 8 }, t * 2 + (i & 1))
    }

    fn kernel(&self) -> String {
        let (na, nb, nc) = self.regs();
        common::warp_kernel(
            ".version 7.1\n.target sm_80",
            &self.opcode(),
            (nc, "s32"),
            &[("a", na, "b32"), ("b", nb, "b32"), ("c", nc, "s32")],
        )
    }

    /// The threads' registers holding `mat` (`cols` wide), element `i` of
    /// a thread at `place(lane, i)`, `bits` bits each, low index low.
    fn pack(
        &self,
        regs: usize,
        bits: usize,
        mat: &[u32],
        cols: usize,
        place: impl Fn(usize, usize) -> (usize, usize),
    ) -> Vec<u32> {
        let per = 32 / bits;
        let mut out = vec![0u32; 32 * regs];
        for lane in 0..32 {
            for i in 0..regs * per {
                let (r, c) = place(lane, i);
                let v = mat[r * cols + c] & (((1u64 << bits) - 1) as u32);
                out[lane * regs + i / per] |= v << ((i % per) * bits);
            }
        }
        out
    }

    /// D by i64 arithmetic.
    fn expect(&self, a: &[u32], b: &[u32], c: &[u32]) -> Vec<u32> {
        let (m, k) = (self.m, self.k);
        let mut d = vec![0u32; m * N];
        for i in 0..m {
            for j in 0..N {
                let mut s = i64::from(c[i * N + j] as i32);
                for t in 0..k {
                    let (x, y) = (a[i * k + t], b[t * N + j]);
                    s += match self.a {
                        Ty::B1 if self.and => i64::from(x & y),
                        Ty::B1 => i64::from(x ^ y),
                        _ => self.a.value(x) * self.b.value(y),
                    };
                }
                d[i * N + j] = if self.satfinite {
                    s.clamp(i64::from(i32::MIN), i64::from(i32::MAX)) as i32 as u32
                } else {
                    s as u32
                };
            }
        }
        d
    }

    /// Runs the case on an sm_80 device with A (m×k), B (k×8) and C (m×8)
    /// as element bits; D, or the error output.
    fn run(&self, a: &[u32], b: &[u32], c: &[u32]) -> Result<Vec<u32>, String> {
        let (na, nb, nc) = self.regs();
        let (ab, bb) = (self.a.bits(), self.b.bits());
        let pa = self.pack(na, ab, a, self.k, |l, i| self.a_place(l, i));
        let pb = self.pack(nb, bb, b, N, |l, i| self.b_place(l, i));
        let pc = self.pack(nc, 32, c, N, |l, i| self.c_place(l, i));
        let bytes = common::run_warp(
            &self.kernel(),
            "sm_80",
            &["a", "b", "c"],
            &[common::words(&pa), common::words(&pb), common::words(&pc)],
            4 * 32 * nc,
        )?;
        let words = common::u32s(&bytes);
        let mut d = vec![0u32; self.m * N];
        for lane in 0..32 {
            for i in 0..nc {
                let (r, c) = self.c_place(lane, i);
                d[r * N + c] = words[lane * nc + i];
            }
        }
        Ok(d)
    }
}

/// A deterministic stream of element bits (xorshift), `bits` wide.
fn elements(n: usize, bits: usize, seed: u64) -> Vec<u32> {
    let mut x = seed.wrapping_mul(0x9e37_79b9_7f4a_7c15) | 1;
    (0..n)
        .map(|_| {
            x ^= x << 13;
            x ^= x >> 7;
            x ^= x << 17;
            (x >> 11) as u32 & (((1u64 << bits) - 1) as u32)
        })
        .collect()
}

fn cases() -> Vec<Case> {
    let mut v = vec![];
    for (m, k) in [(8, 16), (16, 16), (16, 32)] {
        for (a, b) in [
            (Ty::S8, Ty::S8),
            (Ty::S8, Ty::U8),
            (Ty::U8, Ty::S8),
            (Ty::U8, Ty::U8),
        ] {
            v.push(Case::new(m, k, a, b));
        }
    }
    for (m, k) in [(8, 32), (16, 32), (16, 64)] {
        for (a, b) in [
            (Ty::S4, Ty::S4),
            (Ty::S4, Ty::U4),
            (Ty::U4, Ty::S4),
            (Ty::U4, Ty::U4),
        ] {
            v.push(Case::new(m, k, a, b));
        }
    }
    for (m, k) in [(8, 128), (16, 128), (16, 256)] {
        for and in [false, true] {
            v.push(Case {
                and,
                ..Case::new(m, k, Ty::B1, Ty::B1)
            });
        }
    }
    v
}

/// Every form, every pair of element types, random elements over the
/// whole range of each type and random C: D is the exact product.
#[test]
fn every_integer_form_is_the_exact_product() {
    for (x, case) in cases().into_iter().enumerate() {
        let (m, k) = (case.m, case.k);
        let a = elements(m * k, case.a.bits(), 3 * x as u64 + 1);
        let b = elements(k * N, case.b.bits(), 3 * x as u64 + 2);
        let c = elements(m * N, 32, 3 * x as u64 + 3);
        let d = case
            .run(&a, &b, &c)
            .unwrap_or_else(|e| panic!("{}: {e}", case.opcode()));
        assert_eq!(d, case.expect(&a, &b, &c), "{}", case.opcode());
    }
}

/// A one-element change of A moves only its row of D: the placement is
/// checked element by element, not only in sum (every element of A set
/// to the same value would hide a wrong column).
#[test]
fn one_element_of_a_moves_one_row_of_d() {
    for case in [
        Case::new(16, 64, Ty::U4, Ty::U4),
        Case::new(8, 128, Ty::B1, Ty::B1),
        Case::new(16, 256, Ty::B1, Ty::B1),
    ] {
        let (m, k) = (case.m, case.k);
        let b = elements(k * N, case.b.bits(), 7);
        let c = vec![0u32; m * N];
        let zero = vec![0u32; m * k];
        let base = case.run(&zero, &b, &c).unwrap();
        for (r, col) in [(0, 0), (m - 1, k - 1), (m / 2, k / 2 + 1), (3, k - 9)] {
            let mut a = zero.clone();
            a[r * k + col] = 1;
            let d = case.run(&a, &b, &c).unwrap();
            assert_eq!(
                d,
                case.expect(&a, &b, &c),
                "{} A[{r}][{col}]",
                case.opcode()
            );
            let moved: Vec<usize> = (0..m * N)
                .filter(|&x| d[x] != base[x])
                .map(|x| x / N)
                .collect();
            assert!(moved.iter().all(|&row| row == r), "{}", case.opcode());
        }
    }
}

/// `.satfinite` clamps, its absence wraps: extreme elements, C at the
/// s32 limits.
#[test]
fn satfinite_clamps_and_plain_wraps() {
    for (a_ty, k, big) in [(Ty::S8, 16, 0x80u32), (Ty::S4, 64, 0x8)] {
        for sat in [false, true] {
            for m in [8, 16] {
                if a_ty == Ty::S4 && m == 8 {
                    continue;
                }
                let case = Case {
                    satfinite: sat,
                    ..Case::new(m, k, a_ty, a_ty)
                };
                let a = vec![big; m * k];
                let b = vec![big; k * N];
                let c: Vec<u32> = (0..m * N)
                    .map(|x| if x % 2 == 0 { i32::MAX - 5 } else { i32::MIN + 5 } as u32)
                    .collect();
                let d = case.run(&a, &b, &c).unwrap();
                let want = case.expect(&a, &b, &c);
                assert_eq!(d, want, "{}", case.opcode());
                // The even elements overflow: clamped or wrapped.
                assert_eq!(d[0] as i32 == i32::MAX, sat, "{}", case.opcode());
            }
        }
    }
}

/// The forms' targets: `.m8n8k16`/`.m8n8k32`/`.m8n8k128 .xor` run on
/// sm_75, the others need sm_80 ("`.and` operation in single-bit mma
/// requires sm_80 or higher").
#[test]
fn targets_are_the_isa_notes() {
    let case = Case {
        and: true,
        ..Case::new(8, 128, Ty::B1, Ty::B1)
    };
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("mma.ptx");
    std::fs::write(&path, case.kernel().replace("sm_80", "sm_75")).unwrap();
    let o = common::ptxfp(&["check", path.to_str().unwrap()]);
    let err = String::from_utf8_lossy(&o.stdout).into_owned() + &String::from_utf8_lossy(&o.stderr);
    assert_ne!(o.status.code(), Some(0), "{err}");
    assert!(err.contains("sm_80"), "{err}");
    let xor = Case::new(8, 128, Ty::B1, Ty::B1);
    std::fs::write(
        &path,
        xor.kernel()
            .replace("sm_80", "sm_75")
            .replace(".version 7.1", ".version 7.0"),
    )
    .unwrap();
    let o = common::ptxfp(&["check", path.to_str().unwrap()]);
    assert_eq!(
        o.status.code(),
        Some(0),
        "{}",
        String::from_utf8_lossy(&o.stdout)
    );
}
