//! The options of a run under their three names. The engine's messages
//! name `ptxfp run`'s flags (`raise the limit with --max-steps N`); a
//! Python or C caller sets the same thing by another name. This table is
//! the one place that says which: [`note`] turns the flags a message names
//! into a line in the caller's terms ("in Python: --max-steps is
//! max_steps="), which `ptxfp.run` and `ptxfp_run_kernel` add to their
//! errors. The command line's own test (`crates/cli/tests/options_table.rs`)
//! checks that every flag here is one of `ptxfp run`'s, and that every flag
//! the engine's messages name is here.

/// One option of a run: the command line's flag, Python's keyword of
/// `ptxfp.run` and the C API's field or argument (`include/ptxfp.h`).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct RunOption {
    /// `ptxfp run`'s flag, as the messages write it: `--max-steps`.
    pub cli: &'static str,
    /// `ptxfp.run`'s keyword: `max_steps=`.
    pub python: &'static str,
    /// The C API's: `ptxfp_launch.max_steps`.
    pub c: &'static str,
}

const fn opt(cli: &'static str, python: &'static str, c: &'static str) -> RunOption {
    RunOption { cli, python, c }
}

/// Every option a run's messages may name, with its Python and C names.
pub const RUN_OPTIONS: &[RunOption] = &[
    opt(
        "--set",
        "set={NAME: VALUE}",
        "the sets argument (\"NAME=VALUE\")",
    ),
    opt(
        "--mem",
        "mem={ADDR: bytes}",
        "a ptxfp_mem of the mems argument",
    ),
    opt(
        "--mem-file",
        "mem={ADDR: open(PATH, \"rb\").read()}",
        "a ptxfp_mem of the mems argument",
    ),
    opt("--target", "target=", "the target argument"),
    opt("--device", "device=", "the device argument"),
    opt("--ptx", "ptx=", "the ptx_version argument"),
    opt("--entry", "entry=", "ptxfp_launch.entry"),
    opt("--grid", "grid=", "ptxfp_launch.grid"),
    opt("--block", "block=", "ptxfp_launch.block"),
    opt("--cluster", "cluster=", "ptxfp_launch.cluster"),
    opt(
        "--dynamic-shared",
        "dynamic_shared=",
        "ptxfp_launch.dynamic_shared",
    ),
    opt(
        "--thread",
        "thread= and cta=",
        "ptxfp_launch.thread and .cta with .report_thread",
    ),
    opt("--lenient", "lenient=True", "ptxfp_launch.lenient"),
    opt(
        "--check-memory",
        "check_memory=True",
        "ptxfp_launch.check_memory",
    ),
    opt(
        "--cooperative",
        "cooperative=True",
        "ptxfp_launch.cooperative",
    ),
    opt("--max-steps", "max_steps=", "ptxfp_launch.max_steps"),
    opt("--max-memory", "max_memory=", "ptxfp_launch.max_memory"),
    opt(
        "--malloc-heap-size",
        "malloc_heap_size=",
        "ptxfp_launch.malloc_heap_size",
    ),
    opt(
        "--tensor-map",
        "tensor_map={NAME: SPEC}",
        "ptxfp_launch.tensor_maps",
    ),
    opt("--surface", "surface={NAME: SPEC}", "ptxfp_launch.surfaces"),
    opt("--texture", "texture={NAME: SPEC}", "ptxfp_launch.textures"),
    opt(
        "--trace",
        "trace=True",
        "no C field: run `ptxfp run --trace`",
    ),
    opt(
        "--contract",
        "contract=True",
        "no C field: run `ptxfp run --contract`",
    ),
];

/// Who reads a message.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Face {
    /// Python's `ptxfp.run`.
    Python,
    /// The C API's `ptxfp_run_ptx` and `ptxfp_run_kernel`.
    C,
}

/// The options `text` names, each once, in the order it first names them.
/// A flag is `--name` not inside a longer word: `--mem` is not named by
/// `--mem-file`, nor by `x--mem`.
pub fn named_in(text: &str) -> Vec<&'static RunOption> {
    let mut found: Vec<(usize, &'static RunOption)> = Vec::new();
    for o in RUN_OPTIONS {
        let first = text.match_indices(o.cli).find(|&(at, _)| {
            let before = text[..at].chars().next_back();
            let after = text[at + o.cli.len()..].chars().next();
            let word =
                |c: Option<char>| c.is_some_and(|c| c.is_alphanumeric() || c == '-' || c == '_');
            !word(before) && !word(after)
        });
        if let Some((at, _)) = first {
            found.push((at, o));
        }
    }
    found.sort_by_key(|&(at, _)| at);
    found.into_iter().map(|(_, o)| o).collect()
}

/// A line naming, in the caller's terms, each option `text` names
/// ("in Python: --max-steps is max_steps=, --device is device="); `None`
/// where it names none.
pub fn note(text: &str, face: Face) -> Option<String> {
    let named = named_in(text);
    if named.is_empty() {
        return None;
    }
    let (who, name): (&str, fn(&RunOption) -> &'static str) = match face {
        Face::Python => ("in Python (ptxfp.run)", |o| o.python),
        Face::C => ("in C", |o| o.c),
    };
    let pairs: Vec<String> = named
        .iter()
        .map(|o| format!("{} is {}", o.cli, name(o)))
        .collect();
    Some(format!("{who}: {}", pairs.join("; ")))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn flags_are_whole_words_in_order() {
        let t = "raise the limit with --max-steps N, or launch with --cooperative; --mem-file x";
        let n: Vec<&str> = named_in(t).iter().map(|o| o.cli).collect();
        assert_eq!(n, ["--max-steps", "--cooperative", "--mem-file"]);
        assert!(named_in("x--mem, --memory, --mem_").is_empty());
        assert_eq!(
            named_in("--device sm_90 and --device sm_80").len(),
            1,
            "each option once"
        );
    }

    #[test]
    fn notes_speak_the_callers_names() {
        let t = "raise the limit with --max-steps N (--device sm_90)";
        assert_eq!(
            note(t, Face::Python).as_deref(),
            Some("in Python (ptxfp.run): --max-steps is max_steps=; --device is device=")
        );
        assert_eq!(
            note(t, Face::C).as_deref(),
            Some("in C: --max-steps is ptxfp_launch.max_steps; --device is the device argument")
        );
        assert_eq!(note("no flag here", Face::C), None);
    }

    #[test]
    fn every_option_is_listed_once() {
        for (i, o) in RUN_OPTIONS.iter().enumerate() {
            assert!(o.cli.starts_with("--"), "{o:?}");
            assert!(
                RUN_OPTIONS[i + 1..].iter().all(|p| p.cli != o.cli),
                "{} twice",
                o.cli
            );
        }
    }
}
