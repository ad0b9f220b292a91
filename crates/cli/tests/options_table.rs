//! `ptxfp_interp::options::RUN_OPTIONS` names each of `ptxfp run`'s flags
//! for Python and C (their errors' notes). The table and the command line
//! must list the same flags: a flag added to `ptxfp run` and not to the
//! table would be named in errors with no Python or C name.

use ptxfp::interp::options::RUN_OPTIONS;
use std::process::Command;

/// `ptxfp run --help`'s long flags.
fn run_flags() -> Vec<String> {
    let o = Command::new(env!("CARGO_BIN_EXE_ptxfp"))
        .args(["run", "--help"])
        .output()
        .expect("run ptxfp");
    assert_eq!(o.status.code(), Some(0));
    let text = String::from_utf8_lossy(&o.stdout).into_owned();
    let mut flags: Vec<String> = text
        .lines()
        .filter_map(|l| {
            let l = l.trim_start();
            let l = l.strip_prefix("-h, ").unwrap_or(l);
            let f = l.split([' ', '=', '<', ',']).next()?;
            (f.starts_with("--") && f.len() > 2).then(|| f.to_string())
        })
        .collect();
    flags.sort();
    flags.dedup();
    flags
}

#[test]
fn the_table_lists_every_flag_of_run_that_sets_up_a_run() {
    // What `run` prints and how: not options of the run itself.
    let output = ["--all", "--help", "--json"];
    let flags = run_flags();
    assert!(flags.len() > 20, "{flags:?}");
    let mut want: Vec<&str> = flags
        .iter()
        .map(String::as_str)
        .filter(|f| !output.contains(f))
        .collect();
    let mut table: Vec<&str> = RUN_OPTIONS.iter().map(|o| o.cli).collect();
    want.sort_unstable();
    table.sort_unstable();
    assert_eq!(table, want);
}
