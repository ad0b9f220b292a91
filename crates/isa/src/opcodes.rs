//! Every PTX instruction name (the opcode's first part), so that `check`
//! can tell a typo (`fam.rn.f16`) from an instruction outside the family it
//! models (`ld.global.f32`).
//!
//! Evidence: the section titles of PTX ISA 9.0 §9.7 "Instructions"
//! (9.7.1 integer arithmetic through 9.7.20 miscellaneous), one name per
//! instruction, PTX ISA 9.3's `clmad` and PTX ISA 9.4's additions (`fabric`,
//! `spcompress`, `spdecompress`); modifiers such as `add.cc` or `cp.async.bulk` share their
//! first part with the instruction they extend.

/// The instruction names of PTX ISA 9.0 §9.7, sorted.
pub const PTX_INSTRUCTIONS: &[&str] = &[
    "abs",
    "activemask",
    "add",
    "addc",
    "alloca",
    "and",
    "applypriority",
    "atom",
    "bar",
    "barrier",
    "bfe",
    "bfi",
    "bfind",
    "bmsk",
    "bra",
    "brev",
    "brkpt",
    "brx",
    "call",
    "clmad",
    "clusterlaunchcontrol",
    "clz",
    "cnot",
    "copysign",
    "cos",
    "cp",
    "createpolicy",
    "cvt",
    "cvta",
    "discard",
    "div",
    "dp2a",
    "dp4a",
    "elect",
    "ex2",
    "exit",
    "fabric",
    "fence",
    "fma",
    "fns",
    "getctarank",
    "griddepcontrol",
    "isspacep",
    "istypep",
    "ld",
    "ldmatrix",
    "ldu",
    "lg2",
    "lop3",
    "mad",
    "mad24",
    "madc",
    "mapa",
    "match",
    "max",
    "mbarrier",
    "membar",
    "min",
    "mma",
    "mov",
    "movmatrix",
    "mul",
    "mul24",
    "multimem",
    "nanosleep",
    "neg",
    "not",
    "or",
    "pmevent",
    "popc",
    "prefetch",
    "prefetchu",
    "prmt",
    "rcp",
    "red",
    "redux",
    "rem",
    "ret",
    "rsqrt",
    "sad",
    "selp",
    "set",
    "setmaxnreg",
    "setp",
    "shf",
    "shfl",
    "shl",
    "shr",
    "sin",
    "slct",
    "spcompress",
    "spdecompress",
    "sqrt",
    "st",
    "stackrestore",
    "stacksave",
    "stmatrix",
    "sub",
    "subc",
    "suld",
    "suq",
    "sured",
    "sust",
    "szext",
    "tanh",
    "tcgen05",
    "tensormap",
    "testp",
    "tex",
    "tld4",
    "trap",
    "txq",
    "vabsdiff",
    "vabsdiff2",
    "vabsdiff4",
    "vadd",
    "vadd2",
    "vadd4",
    "vavrg2",
    "vavrg4",
    "vmad",
    "vmax",
    "vmax2",
    "vmax4",
    "vmin",
    "vmin2",
    "vmin4",
    "vote",
    "vset",
    "vset2",
    "vset4",
    "vshl",
    "vshr",
    "vsub",
    "vsub2",
    "vsub4",
    "wgmma",
    "wmma",
    "xor",
];

/// True if `root` is a PTX instruction name.
pub fn is_instruction(root: &str) -> bool {
    PTX_INSTRUCTIONS.binary_search(&root).is_ok()
}

/// The instruction name closest to `root` by edit distance (at most two
/// edits, an adjacent swap counting as one), to suggest for a typo.
pub fn closest(root: &str) -> Option<&'static str> {
    closest_in(root, PTX_INSTRUCTIONS)
}

/// The word of `words` closest to `typo`: at most two edits (fewer than the
/// typo's length); among equally close ones, the one that shares the longest
/// start with it (`madd`: `mad` before `add`).
pub fn closest_in(typo: &str, words: &[&'static str]) -> Option<&'static str> {
    let shared = |w: &str| {
        typo.chars()
            .zip(w.chars())
            .take_while(|(a, b)| a == b)
            .count()
    };
    // At least as many edits as the lengths differ: those words are not
    // measured (a long unknown word costs a length test per word). The
    // buffers are made once per call, not per word.
    let a: Vec<char> = typo.chars().collect();
    let (mut b, mut d) = (Vec::new(), Vec::new());
    words
        .iter()
        .filter(|w| w.len().abs_diff(a.len()) <= 2)
        .map(|&w| {
            b.clear();
            b.extend(w.chars());
            (osa_within(&a, &b, &mut d, 2), w)
        })
        .filter(|&(d, _)| d <= 2 && d < typo.len())
        .min_by_key(|&(d, w)| (d, usize::MAX - shared(w)))
        .map(|(_, w)| w)
}

/// Optimal string alignment distance: insertions, deletions, substitutions
/// and swaps of adjacent characters each cost one.
pub fn edits(a: &str, b: &str) -> usize {
    let (a, b): (Vec<char>, Vec<char>) = (a.chars().collect(), b.chars().collect());
    osa(&a, &b, &mut Vec::new())
}

/// [`edits`] of two character slices, in the table `d` (reused).
fn osa(a: &[char], b: &[char], d: &mut Vec<usize>) -> usize {
    osa_within(a, b, d, usize::MAX)
}

/// [`osa`] where only distances up to `max` matter: the cells more than
/// `max` off the diagonal, and the rows after one whose cells all exceed
/// `max`, are not computed (the result is then some value above `max`).
fn osa_within(a: &[char], b: &[char], d: &mut Vec<usize>, max: usize) -> usize {
    let w = b.len() + 1;
    let far = max.saturating_add(1);
    d.clear();
    d.resize((a.len() + 1) * w, far);
    for i in 0..=a.len() {
        let mut row_min = far;
        let lo = i.saturating_sub(max);
        let hi = i.saturating_add(max).min(b.len());
        for j in lo..=hi {
            let v = if i == 0 || j == 0 {
                i + j
            } else {
                let sub = d[(i - 1) * w + j - 1] + usize::from(a[i - 1] != b[j - 1]);
                let mut best = sub.min(d[(i - 1) * w + j] + 1).min(d[i * w + j - 1] + 1);
                if i > 1 && j > 1 && a[i - 1] == b[j - 2] && a[i - 2] == b[j - 1] {
                    best = best.min(d[(i - 2) * w + j - 2] + 1);
                }
                best
            };
            let v = v.min(far);
            d[i * w + j] = v;
            row_min = row_min.min(v);
        }
        if row_min > max {
            return far;
        }
    }
    d[a.len() * w + b.len()]
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_table_is_sorted_and_unique() {
        assert!(PTX_INSTRUCTIONS.windows(2).all(|w| w[0] < w[1]));
    }

    #[test]
    fn typos_find_the_instruction() {
        assert_eq!(closest("fam"), Some("fma"));
        assert_eq!(closest("mull"), Some("mul"));
        assert_eq!(closest("sbu"), Some("sub"));
        assert_eq!(closest("setpp"), Some("setp"));
        assert_eq!(closest("frobnicate"), None);
        assert_eq!(closest("madd"), Some("mad"));
        assert_eq!(closest_in("rnn", &["rn", "rz", "ftz"]), Some("rn"));
        assert_eq!(edits("fam", "fma"), 1);
        assert_eq!(edits("", "abc"), 3);
        assert!(is_instruction("ld") && !is_instruction("fam"));
    }

    /// The banded distance is the full one wherever that is at most the
    /// band, and above the band otherwise: every pair of words up to 5
    /// letters over a 3-letter alphabet.
    #[test]
    fn the_banded_distance_is_the_full_one_up_to_its_band() {
        let words: Vec<Vec<char>> = (0..=5u32)
            .flat_map(|n| {
                (0..3u32.pow(n)).map(move |mut k| {
                    (0..n)
                        .map(|_| {
                            let c = (b'a' + (k % 3) as u8) as char;
                            k /= 3;
                            c
                        })
                        .collect()
                })
            })
            .collect();
        let mut d = Vec::new();
        for a in &words {
            for b in &words {
                let full = osa(a, b, &mut d);
                for max in 0..=3 {
                    let banded = osa_within(a, b, &mut d, max);
                    if full <= max {
                        assert_eq!(banded, full, "{a:?} {b:?} within {max}");
                    } else {
                        assert!(banded > max, "{a:?} {b:?} within {max}");
                    }
                }
            }
        }
    }
}
