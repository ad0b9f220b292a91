//! `ptxfp check FILE...`: a thin layer over `ptxfp::check`.

use crate::common::{write_json_object, JsonField};
use crate::Outcome;
use ptxfp::check::{check, CheckOptions, Origin};
use ptxfp::{PtxVersion, Target};

/// Arguments of `ptxfp check`.
#[derive(clap::Args)]
pub struct Args {
    /// PTX files to check (`-`: standard input).
    #[arg(required = true)]
    files: Vec<String>,
    /// Check against this target instead of the file's `.target` (e.g. sm_90).
    #[arg(long)]
    target: Option<Target>,
    /// Check against this PTX ISA version instead of the file's `.version` (e.g. 8.6).
    #[arg(long)]
    ptx: Option<PtxVersion>,
    /// Print only diagnostics, no summary.
    #[arg(long, short)]
    quiet: bool,
    /// Print at most N diagnostics per file (0: all); the summary counts all.
    #[arg(long, value_name = "N", default_value_t = 100)]
    max_diagnostics: usize,
    /// Machine-readable output on stdout: one JSON object with every file's
    /// setup, counts and diagnostics (all of them), nothing on stderr
    /// (docs/schemas/check.schema.json).
    #[arg(long)]
    json: bool,
}

/// Exit 0 clean, 1 if any error, 2 on an unreadable file or one with more
/// diagnostics than are kept (`module::MAX_DIAGNOSTICS`: checked in part).
pub fn run(a: Args) -> Result<Outcome, String> {
    crate::common::stdin_once(&a.files)?;
    let mut errors = false;
    let mut unreadable = false;
    // With --json, `{"files": [...]}`, each file's report written when it
    // is made, its diagnostics one at a time (as serde_json prints it).
    let mut out = crate::common::Stdout::new();
    if a.json {
        out.write(|w| w.write_all(b"{\n  \"files\": ["));
    }
    for (i, path) in a.files.iter().enumerate() {
        if a.json {
            out.write(|w| w.write_all(if i == 0 { b"\n    " } else { b",\n    " }));
        }
        let (path, src) = match crate::common::read_text(path) {
            Ok(t) => t,
            Err(e) => {
                if a.json {
                    out.write(|w| {
                        write_json_object(
                            w,
                            4,
                            vec![
                                ("error", JsonField::Value(e.into())),
                                ("file", JsonField::Value(path.as_str().into())),
                            ],
                        )
                    });
                } else {
                    eprintln!("ptxfp: {e}");
                }
                unreadable = true;
                continue;
            }
        };
        let path = path.as_str();
        let r = check(
            &src,
            CheckOptions {
                target: a.target,
                version: a.ptx,
                target_implied: false,
            },
        );
        let map = ptxfp::SourceMap::new(&src);
        errors |= r.has_errors();
        // Checked in part: a failure of the command, as an unreadable file
        // is (the report holds what was found, its last error says where
        // it stopped).
        unreadable |= r.truncated.is_some();
        if a.json {
            out.write(|w| write_report(w, path, &r, &map));
            continue;
        }
        let limit = match a.max_diagnostics {
            0 => usize::MAX,
            n => n,
        };
        for d in r.diagnostics.iter().take(limit) {
            eprint!("{}", d.render_in(path, &map));
        }
        if r.diagnostics.len() > limit {
            eprintln!(
                "{path}: {} more diagnostic(s) not shown (--max-diagnostics 0 shows all)",
                r.diagnostics.len() - limit
            );
        }
        if r.checked == 0 && r.skipped_total() == 0 && r.diagnostics.is_empty() {
            eprintln!("{path}: warning: no instructions: nothing was checked");
        }
        if let Some(at) = r.truncated {
            let (l, c) = map.line_col(at);
            eprintln!(
                "ptxfp: {path}: more than {} errors and warnings: checking stopped at {l}:{c}; fix the first ones, or split the file",
                ptxfp::module::MAX_DIAGNOSTICS
            );
        }
        if !a.quiet {
            let origin = |o: Origin| match o {
                Origin::Flag => "from the command line",
                Origin::Directive => "from the file",
                Origin::Default => "default: no valid directive and no flag",
            };
            let nerr = r.diagnostics.iter().filter(|d| d.is_error()).count();
            let nwarn = r.diagnostics.len() - nerr;
            let skipped: Vec<String> = r.skipped.iter().map(|(k, v)| format!("{k} {v}")).collect();
            println!(
                "{path}: PTX {} ({}), {} ({}): {} instruction(s) checked, {} error(s), {} warning(s); {} other instruction(s) skipped{}",
                r.version.0,
                origin(r.version.1),
                r.target.0,
                origin(r.target.1),
                r.checked,
                nerr,
                nwarn,
                r.skipped_total(),
                if skipped.is_empty() { String::new() } else { format!(" ({})", skipped.join(", ")) }
            );
        }
    }
    if a.json {
        out.write(|w| w.write_all(b"\n  ]\n}\n"));
        out.flush();
    }
    if unreadable {
        Err(String::new())
    } else if errors {
        Ok(Outcome::Failed)
    } else {
        Ok(Outcome::Ok)
    }
}

/// One file's report as JSON, nested in `{"files": [...]}`: where the
/// version and target came from, the counts, and each diagnostic with its
/// 1-based line and column, made and written one at a time.
fn write_report(
    w: &mut dyn std::io::Write,
    path: &str,
    r: &ptxfp::check::Report,
    map: &ptxfp::SourceMap,
) -> std::io::Result<()> {
    let origin = |o: Origin| match o {
        Origin::Flag => "flag",
        Origin::Directive => "directive",
        Origin::Default => "default",
    };
    let nerr = r.diagnostics.iter().filter(|d| d.is_error()).count();
    let diagnostics = r.diagnostics.iter().map(|d| {
        let (line, column) = map.line_col(d.span.start);
        serde_json::json!({
            "location": format!("{path}:{line}:{column}"),
            "line": line,
            "column": column,
            "severity": d.severity.to_string(),
            "message": d.message,
            "help": d.help,
        })
    });
    let value = JsonField::Value;
    // In serde_json's order: sorted by key.
    write_json_object(
        w,
        4,
        vec![
            ("checked", value(r.checked.into())),
            ("diagnostics", JsonField::Array(Box::new(diagnostics))),
            ("errors", value(nerr.into())),
            ("file", value(path.into())),
            (
                "ptx",
                value(
                    serde_json::json!({"version": r.version.0.to_string(), "from": origin(r.version.1)}),
                ),
            ),
            ("skipped", value(serde_json::json!(r.skipped))),
            (
                "target",
                value(
                    serde_json::json!({"target": r.target.0.to_string(), "from": origin(r.target.1)}),
                ),
            ),
            ("warnings", value((r.diagnostics.len() - nerr).into())),
        ],
    )
}
