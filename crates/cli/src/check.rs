//! `ptxfp check FILE...`: a thin layer over `ptxfp::check`.

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
}

/// Exit 0 clean, 1 if any error, 2 on an unreadable file.
pub fn run(a: Args) -> Result<Outcome, String> {
    crate::common::stdin_once(&a.files)?;
    let mut errors = false;
    let mut unreadable = false;
    for path in &a.files {
        let (path, src) = match crate::common::read_text(path) {
            Ok(t) => t,
            Err(e) => {
                eprintln!("ptxfp: {e}");
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
            },
        );
        let map = ptxfp::SourceMap::new(&src);
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
        errors |= r.has_errors();
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
    if unreadable {
        Err(String::new())
    } else if errors {
        Ok(Outcome::Failed)
    } else {
        Ok(Outcome::Ok)
    }
}
