//! The qualifier words each syntax line admits, for the instructions whose
//! decoding takes only what it needs from the opcode (`ld`, `st`, `mov`,
//! `cvta`, the branches and barriers, the warp-level instructions): one
//! row per root, the union of the sets of its syntax lines in the PTX ISA.
//! A word in none of them (`ld.global.frob.u32`) is an error at its line,
//! for `check` as for `run`, where it used to be dropped. The rows check
//! words, not their order or combination; the typed decoders check those
//! where it matters to the result.

use crate::types::PtxType;

/// `.sem` and `.scope` of the memory consistency model.
const SCOPES: &[&str] = &["cta", "cluster", "gpu", "sys"];

/// What `ld` and `st` take besides a type (PTX ISA 9.7.9.8, 9.7.9.10):
/// `.weak`/`.volatile`/`.relaxed`/`.acquire`/`.release`/`.mmio`, `.scope`,
/// `.ss`, the cache operators, the eviction priorities and
/// `.L2::cache_hint`, `.level::prefetch_size`, `.nc`, `.vec`, and PTX ISA
/// 9.4's `.proxy::readonly`.
const MEMORY: &[&str] = &[
    "weak",
    "volatile",
    "relaxed",
    "acquire",
    "release",
    "mmio",
    "global",
    "shared",
    "shared::cta",
    "shared::cluster",
    "local",
    "const",
    "param",
    "param::entry",
    "param::func",
    "ca",
    "cg",
    "cs",
    "lu",
    "cv",
    "wb",
    "wt",
    "nc",
    "L1::evict_normal",
    "L1::evict_unchanged",
    "L1::evict_first",
    "L1::evict_last",
    "L1::no_allocate",
    "L2::evict_normal",
    "L2::evict_first",
    "L2::evict_last",
    "L2::cache_hint",
    "L2::64B",
    "L2::128B",
    "L2::256B",
    "proxy::readonly",
    "v2",
    "v4",
    "v8",
    "b128",
];

/// `atom` and `red` (PTX ISA 9.7.13.5/6): `.sem`, `.scope`, `.space`, `.op`,
/// `.noftz`, `.level::cache_hint`, the vector qualifiers, `.b128` (the
/// other types are PtxTypes); `.async` is `red.async`'s (crate::mbarrier).
/// Which combinations run is [`crate::atomic::Atomic::decode`]'s.
const ATOMIC: &[&str] = &[
    "relaxed",
    "acquire",
    "release",
    "acq_rel",
    "global",
    "shared",
    "shared::cta",
    "shared::cluster",
    "and",
    "or",
    "xor",
    "cas",
    "exch",
    "add",
    "inc",
    "dec",
    "min",
    "max",
    "noftz",
    "L2::cache_hint",
    "b128",
    "v2",
    "v4",
    "v8",
    "async",
];

/// `cvta`'s words: `.to`, then the `.space` it shares with `isspacep`
/// ("`.space = { .const, .global, .local, .shared{::cta, ::cluster},
/// .param{::entry} }`").
const CVTA: &[&str] = &[
    "to",
    "const",
    "global",
    "local",
    "shared",
    "shared::cta",
    "shared::cluster",
    "param",
    "param::entry",
];

/// The rows: a root, its words besides the types, and whether it takes a
/// type word at all.
const ROWS: &[(&str, &[&str], bool)] = &[
    ("ld", MEMORY, true),
    ("atom", ATOMIC, true),
    ("red", ATOMIC, true),
    ("st", MEMORY, true),
    // "ldu{.ss}.type d, [a]; ldu{.ss}.vec.type d, [a]; .ss = { .global };
    // .vec = { .v2, .v4 }".
    ("ldu", &["global", "v2", "v4"], true),
    // "mov.type d, a;", the packing forms "mov.type d, {a, b}", and the
    // vector moves ptxas takes (`mov.v2.u32`; ZLUDA's GPU-checked
    // vector8_extract writes `mov.v8.u16`).
    ("mov", &["v2", "v4", "v8", "b128"], true),
    // "cvta.space.size p, a; cvta.to.space.size p, a; .space = { .const,
    // .global, .local, .shared{::cta, ::cluster}, .param{::entry} }".
    ("cvta", CVTA, true),
    // "bra{.uni} tgt;"
    ("bra", &["uni"], false),
    // "ret{.uni};"
    ("ret", &["uni"], false),
    // "call{.uni} ..."
    ("call", &["uni"], false),
    // "exit;"
    ("exit", &[], false),
    // "brx.idx{.uni} index, tlist;"
    ("brx", &["idx", "uni"], false),
    // "bar{.cta}.sync/arrive/red...", "barrier{.cta}{.aligned}.sync/arrive/
    // red...", "bar.warp.sync membermask"; the `.red` ops and their types.
    (
        "bar",
        &[
            "cta", "sync", "arrive", "red", "popc", "and", "or", "aligned", "warp", "u32", "pred",
        ],
        false,
    ),
    (
        "barrier",
        &[
            "cta", "sync", "arrive", "red", "popc", "and", "or", "aligned", "u32", "pred",
        ],
        false,
    ),
    // "vote.mode.pred d, {!}a; vote.ballot.b32 d, {!}a; vote.sync.mode.pred
    // ...; .mode = { .all, .any, .uni }".
    (
        "vote",
        &["sync", "all", "any", "uni", "ballot", "pred", "b32"],
        false,
    ),
    // "shfl.mode.b32 d[|p], a, b, c; shfl.sync.mode.b32 ...; .mode = { .up,
    // .down, .bfly, .idx }".
    ("shfl", &["sync", "up", "down", "bfly", "idx", "b32"], false),
    // "match.any.sync.type d, a, membermask; match.all.sync.type d[|p], a,
    // membermask; .type = { .b32, .b64 }".
    ("match", &["any", "all", "sync", "b32", "b64"], false),
    // "activemask.b32 d;"
    ("activemask", &["b32"], false),
    // "elect.sync d|p, membermask;"
    ("elect", &["sync"], false),
    // "isspacep.space p, a; .space = { .const, .global, .local, .shared{::cta,
    // ::cluster}, .param{::entry} }".
    ("isspacep", CVTA.split_at(1).1, false),
    // "trap;"
    ("trap", &[], false),
    // "istypep.type p, a; .type = { .texref, .samplerref, .surfref }".
    ("istypep", &["texref", "samplerref", "surfref"], false),
    // "redux.sync.op.type dst, src, membermask; .op = { .add, .min, .max };
    // .type = { .u32, .s32 }", "redux.sync.op.b32 ...; .op = { .and, .or,
    // .xor }", "redux.sync.op{.abs.}{.NaN}.f32 ...; .op = { .min, .max }".
    (
        "redux",
        &[
            "sync", "add", "min", "max", "and", "or", "xor", "abs", "NaN", "u32", "s32", "b32",
            "f32",
        ],
        false,
    ),
    // "createpolicy.fractional.L2::primary_priority{.L2::secondary_priority}
    // .b64 ...", "createpolicy.range{.global}.L2::primary_priority{...}.b64
    // ...", "createpolicy.cvt.L2.b64 ...", and PTX ISA 9.4's fabric range.
    (
        "createpolicy",
        &[
            "fractional",
            "range",
            "global",
            "cvt",
            "L2",
            "L2::evict_last",
            "L2::evict_normal",
            "L2::evict_first",
            "L2::evict_unchanged",
            "fabric",
            "b64",
        ],
        false,
    ),
    // `cp.async` without `.bulk` (whose rows are crate::mbarrier's):
    // "cp.async.ca.shared{::cta}.global{.level::cache_hint}{.level::prefetch_size}
    // [dst], [src], cp-size{, src-size}{, cache-policy}", the `.cg` line,
    // "cp.async.commit_group", "cp.async.wait_group N", "cp.async.wait_all".
    (
        "cp",
        &[
            "async",
            "ca",
            "cg",
            "shared",
            "shared::cta",
            "global",
            "L2::cache_hint",
            "L2::64B",
            "L2::128B",
            "L2::256B",
            "commit_group",
            "wait_group",
            "wait_all",
        ],
        false,
    ),
];

/// The first word of `opcode` that its root's row does not admit, as an
/// error that lists the row; `None` for a root without a row, or where
/// every word is admitted.
pub fn unknown(opcode: &str) -> Option<String> {
    let mut words = opcode.split('.');
    let root = words.next()?;
    let (_, allowed, typed) = ROWS.iter().find(|(r, ..)| *r == root)?;
    let memory = *allowed == MEMORY || *allowed == ATOMIC;
    let bad = words.find(|w| {
        let admitted = allowed.contains(w)
            || (memory && SCOPES.contains(w))
            || (*typed && PtxType::parse(w).is_some());
        !admitted
    })?;
    let mut list: Vec<String> = allowed.iter().map(|w| format!(".{w}")).collect();
    if memory {
        list.extend(SCOPES.iter().map(|w| format!(".{w}")));
    }
    if *typed {
        list.push("a type".into());
    }
    Some(if list.is_empty() {
        format!("`{root}` takes no qualifiers; `.{bad}` is not one of its syntax lines")
    } else {
        format!(
            "`.{bad}` is not a qualifier of `{root}` (its syntax lines take {})",
            list.join(", ")
        )
    })
}

/// The operands the syntax lines of an instruction take
/// ([`operand_count`]).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Operands {
    /// The fewest.
    pub fewest: usize,
    /// The most.
    pub most: usize,
    /// The syntax line, for messages.
    pub syntax: &'static str,
    /// What each operand is, in order (its first `most` letters): `d` a
    /// destination (a register, a `{...}` vector of them, `d|p`, the sink
    /// `_`), `a` an address `[a]`, `s` a value (a register, a constant, a
    /// vector; not an address).
    pub kinds: &'static str,
}

/// What the syntax lines of `opcode` take, for the roots whose decoding
/// takes only what it needs (the rows above, and a few more), where
/// `d|p`, a `{...}` vector and an `[address]` are one operand each.
/// `None` where that is another decoder's (`call`, `fence`, `mbarrier`,
/// the bulk copies, the tensor-core instructions) or the root has no row.
/// The engine checks the same when a thread runs the instruction; this
/// lets `check` (and `run`, before any thread runs) refuse a line no
/// thread reaches, as ptxas does.
pub fn operand_count(opcode: &str) -> Option<Operands> {
    let root = opcode.split('.').next()?;
    let has = |w: &str| opcode.split('.').skip(1).any(|x| x == w);
    let hint = usize::from(has("L2::cache_hint"));
    let sync = has("sync");
    let o = |fewest: usize, most: usize, syntax: &'static str, kinds: &'static str| Operands {
        fewest,
        most,
        syntax,
        kinds,
    };
    Some(match root {
        // "ld{...}.type d, [a]{, cache-policy};" ("ldu{.ss}.type d, [a];").
        "ld" => o(2 + hint, 2 + hint, "ld... d, [a]{, cache-policy}", "das"),
        "ldu" => o(2, 2, "ldu... d, [a]", "da"),
        // "st{...}.type [a], b{, cache-policy};"
        "st" if !has("async") && !has("bulk") => {
            o(2 + hint, 2 + hint, "st... [a], b{, cache-policy}", "ass")
        }
        "mov" => o(2, 2, "mov.type d, a", "ds"),
        "cvta" => o(2, 2, "cvta{.to}.space.size p, a", "ds"),
        "isspacep" => o(2, 2, "isspacep.space p, a", "ds"),
        "istypep" => o(2, 2, "istypep.type p, a", "ds"),
        "bra" => o(1, 1, "bra{.uni} tgt", "s"),
        "brx" => o(2, 2, "brx.idx{.uni} index, tlist", "ss"),
        "ret" => o(0, 0, "ret{.uni}", ""),
        "exit" => o(0, 0, "exit", ""),
        "trap" => o(0, 0, "trap", ""),
        "brkpt" => o(0, 0, "brkpt", ""),
        "membar" => o(0, 0, "membar.level", ""),
        "barrier" if has("cluster") => o(0, 0, "barrier.cluster.arrive/wait", ""),
        "bar" | "barrier" if has("warp") => o(1, 1, "bar.warp.sync membermask", "s"),
        "bar" | "barrier" if has("red") => o(3, 4, "bar.red.op.type d, a{, b}, {!}c", "dsss"),
        "bar" | "barrier" if has("arrive") => o(2, 2, "bar.arrive a, b", "ss"),
        "bar" | "barrier" => o(1, 2, "bar.sync a{, b}", "ss"),
        "vote" if sync => o(3, 3, "vote.sync.mode d, {!}a, membermask", "dss"),
        "vote" => o(2, 2, "vote.mode d, {!}a", "ds"),
        "shfl" if sync => o(
            5,
            5,
            "shfl.sync.mode.b32 d[|p], a, b, c, membermask",
            "dssss",
        ),
        "shfl" => o(4, 4, "shfl.mode.b32 d[|p], a, b, c", "dsss"),
        "match" => o(3, 3, "match.mode.sync.type d[|p], a, membermask", "dss"),
        "activemask" => o(1, 1, "activemask.b32 d", "d"),
        "elect" => o(2, 2, "elect.sync d|p, membermask", "ds"),
        "redux" => o(3, 3, "redux.sync.op.type dst, src, membermask", "dss"),
        // "atom{...}.op.type d, [a], b{, cache-policy};", ".cas" one more.
        "atom" if has("cas") => o(
            4 + hint,
            4 + hint,
            "atom...cas.type d, [a], b, c{, cache-policy}",
            "dasss",
        ),
        "atom" => o(
            3 + hint,
            3 + hint,
            "atom...op.type d, [a], b{, cache-policy}",
            "dass",
        ),
        "red" if !has("async") => o(
            2 + hint,
            2 + hint,
            "red...op.type [a], b{, cache-policy}",
            "ass",
        ),
        // "cp.async.ca.shared{::cta}.global... [dst], [src], cp-size{,
        // src-size}{, cache-policy}" (or "{, ignore-src}"), and the group forms
        // (`cp.async.mbarrier.arrive` is an mbarrier operation's).
        "cp" if has("async") && !has("bulk") && !has("mbarrier") => {
            if has("commit_group") || has("wait_all") {
                o(0, 0, "cp.async.commit_group", "")
            } else if has("wait_group") {
                o(1, 1, "cp.async.wait_group N", "s")
            } else {
                // The cache-policy operand is there exactly when
                // `.L2::cache_hint` is, as in `ld`.
                o(
                    3 + hint,
                    4 + hint,
                    "cp.async... [dst], [src], cp-size{, src-size | ignore-src}{, cache-policy}",
                    "aasss",
                )
            }
        }
        "prefetch" | "prefetchu" => o(1, 1, "prefetch{.space}.level [a]", "a"),
        // PTX ISA 9.7.16 (tcgen05), the syntax lines of the instructions
        // whose operands no decoder counts (`tcgen05.mma` has its own:
        // `tcgen05::mma_operands_error`). The forms whose rules could not
        // be read here (`.spcompress`, `.exclusive`) are left alone.
        "tcgen05" if has("spcompress") || has("exclusive") => return None,
        "tcgen05" => {
            let sub = opcode.split('.').nth(1)?;
            // "shape2 = { .16x32bx2 }" adds `immHalfSplitoff`.
            let split = usize::from(has("16x32bx2"));
            match sub {
                // "tcgen05.alloc.cta_group.sync.aligned{.shared::cta}.b32 [dst], nCols;"
                "alloc" => o(2, 2, "tcgen05.alloc... [dst], nCols", "as"),
                // "tcgen05.dealloc.cta_group.sync.aligned.b32 taddr, nCols;"
                "dealloc" => o(2, 2, "tcgen05.dealloc... taddr, nCols", "ss"),
                "relinquish_alloc_permit" => o(
                    0,
                    0,
                    "tcgen05.relinquish_alloc_permit.cta_group.sync.aligned",
                    "",
                ),
                // "tcgen05.ld.red.sync.aligned.shape3.num.redOp... r, redval,
                // [taddr]{, immHalfSplitoff};"
                "ld" if has("red") => o(
                    3 + split,
                    3 + split,
                    "tcgen05.ld.red... r, redval, [taddr]{, immHalfSplitoff}",
                    "ddas",
                ),
                // "tcgen05.ld.sync.aligned.shape1.num{.pack}.b32 r, [taddr];"
                // ("shape2": "r, [taddr], immHalfSplitoff").
                "ld" => o(
                    2 + split,
                    2 + split,
                    "tcgen05.ld... r, [taddr]{, immHalfSplitoff}",
                    "das",
                ),
                // "tcgen05.st.sync.aligned.shape1.num{.unpack}.b32 [taddr], r;"
                // ("shape2": "[taddr], immHalfSplitoff, r").
                "st" => o(
                    2 + split,
                    2 + split,
                    "tcgen05.st... [taddr]{, immHalfSplitoff}, r",
                    "ass",
                ),
                "wait::ld" | "wait::st" => o(0, 0, "tcgen05.wait::ld.sync.aligned", ""),
                "fence::before_thread_sync" | "fence::after_thread_sync" => {
                    o(0, 0, "tcgen05.fence::before_thread_sync", "")
                }
                // "tcgen05.commit.cta_group.completion_mechanism{.shared::cluster}
                // {.multicast}.b64 [mbar] {, ctaMask};": the mask with
                // `.multicast`.
                "commit" => {
                    let multicast =
                        usize::from(opcode.split('.').any(|w| w.starts_with("multicast")));
                    o(
                        1 + multicast,
                        1 + multicast,
                        "tcgen05.commit... [mbar]{, ctaMask}",
                        "as",
                    )
                }
                // "tcgen05.cp.cta_group.shape{.multicast}{.dst_src_fmt} [taddr], s-desc;"
                "cp" => o(2, 2, "tcgen05.cp... [taddr], s-desc", "as"),
                // "tcgen05.shift.cta_group.down [taddr];"
                "shift" => o(1, 1, "tcgen05.shift.cta_group.down [taddr]", "a"),
                _ => return None,
            }
        }
        "nanosleep" => o(1, 1, "nanosleep.u32 t", "s"),
        _ => return None,
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    /// What nvcc, LLVM and the ISA's examples write passes; junk does not.
    #[test]
    fn rows_admit_the_syntax_lines_and_nothing_else() {
        for ok in [
            "ld.global.nc.L1::no_allocate.L2::256B.v4.f32",
            "ld.relaxed.gpu.global.L1::evict_last.L2::cache_hint.u32",
            "ld.volatile.shared::cta.b128",
            "ld.param::entry.u64",
            "ld.global.proxy::readonly.b32",
            "ld.mmio.relaxed.sys.global.u32",
            "st.release.cluster.shared::cluster.v2.b64",
            "st.global.wt.L2::cache_hint.s8",
            "ldu.global.v4.f32",
            "mov.b32",
            "mov.b128",
            "ld.global.b128",
            "mov.u64",
            "cvta.to.shared::cluster.u32",
            "bra.uni",
            "ret",
            "call.uni",
            "brx.idx.uni",
            "bar.cta.sync",
            "barrier.cta.aligned.arrive",
            "bar.red.popc.u32",
            "bar.warp.sync",
            "vote.sync.ballot.b32",
            "shfl.sync.bfly.b32",
            "match.all.sync.b64",
            "activemask.b32",
            "elect.sync",
            "istypep.samplerref",
            "atom.acq_rel.gpu.global.cas.b128",
            "red.release.cluster.shared::cluster.add.noftz.v4.bf16x2",
            "isspacep.shared::cluster",
            "redux.sync.max.abs.NaN.f32",
            "createpolicy.fractional.L2::evict_last.L2::evict_unchanged.b64",
            "cp.async.cg.shared.global.L2::cache_hint.L2::128B",
            "cp.async.wait_group",
            "add.frob.u32",
        ] {
            assert_eq!(unknown(ok), None, "{ok}");
        }
        for (bad, word) in [
            ("ld.global.frob.u32", ".frob"),
            ("st.global.v16.u32", ".v16"),
            ("mov.frob.u32", ".frob"),
            ("cvta.generic.u64", ".generic"),
            ("bra.frob", ".frob"),
            ("ret.now", ".now"),
            ("exit.frob", ".frob"),
            ("bar.frob.sync", ".frob"),
            ("vote.sync.most.pred", ".most"),
            ("shfl.sync.bfly.u32", ".u32"),
            ("trap.frob", ".frob"),
            ("istypep.frob", ".frob"),
            ("atom.const.add.u32", ".const"),
            ("red.global.frob.add.f32", ".frob"),
            ("ldu.shared.u32", ".shared"),
            ("redux.sync.add.frob.u32", ".frob"),
            ("createpolicy.frob.b64", ".frob"),
            ("cp.async.ca.shared.global.frob", ".frob"),
            ("cp.async.commit_group.frob", ".frob"),
        ] {
            let e = unknown(bad).unwrap_or_else(|| panic!("{bad}"));
            assert!(e.contains(word), "{bad}: {e}");
        }
    }
}
