//! `ptxfp verify FILE...`: check vector files against the model.

use crate::common::{
    parse_instruction, shown_value, validate_instruction, value_json, Env, Failure, Instruction,
    Origin, Problem,
};
use crate::{emit, outln, Outcome};
use ptxfp::{PtxVersion, Target};

/// Arguments of `verify`.
#[derive(clap::Args)]
pub struct Args {
    /// Files of lines `FORM OPERAND... EXPECTED` (hex bits, `3c00` or
    /// `0x3c00`; an expected result per destination, and a scalar `setp`'s
    /// `q` may follow its `p`; fields apart by spaces or commas, and `->` may
    /// stand before the expected results; `#` and `//` start a comment; a `# run: --target T --device D --ptx V` line sets the
    /// file's defaults: it must come before the first vector, and one after
    /// it is an error); `-`: standard input. A file that cannot be read, or
    /// whose `# run:` line is wrong, is an error and is not verified; the
    /// other files still are.
    #[arg(required = true)]
    files: Vec<String>,
    #[command(flatten)]
    setup: Setup,
    /// Machine-readable output on stdout: one JSON object with each file
    /// (its setup and counts, or why it was not verified), the totals, each
    /// mismatch, and every malformed line's errors and every warning
    /// (docs/schemas/verify.schema.json); the exit code is the same as
    /// without it. An error of the command line is the JSON error object
    /// (docs/schemas/error.schema.json).
    #[arg(long)]
    json: bool,
}

/// `--target`, `--device` and `--ptx`, each `None` where not given: on the
/// command line, or in a file's `# run:` line (parsed by clap as the
/// command line is: `--ptx=8.0`, a repeated flag refused).
#[derive(Default, PartialEq, clap::Args)]
struct Setup {
    /// The code's `.target` [default: the file's `# run:` line, else sm_100].
    #[arg(long)]
    target: Option<Target>,
    /// The device that runs the code [default: the file's `# run:` line, else the target].
    #[arg(long)]
    device: Option<Target>,
    /// The module's `.version` [default: the file's `# run:` line, else 8.8].
    #[arg(long = "ptx")]
    ptx: Option<PtxVersion>,
}

/// A `# run:` line's words (`ptxfp gen` writes one).
#[derive(clap::Parser)]
#[command(name = "# run:", no_binary_name = true, disable_help_flag = true)]
struct RunLine {
    #[command(flatten)]
    setup: Setup,
}

/// Reads the `# run:` line of a vector file: the first comment line of
/// that form before any vector (a `#` after its flags starts a comment);
/// one after a vector, or a second one, is an error, as is a flag other
/// than the three. A comment that looks like a misspelt one (`# RUN:`,
/// `# run --ptx 8.0`) is an error too: it would silently not apply.
fn run_line(shown: &str, text: &str) -> Result<(Setup, Option<usize>), Problem> {
    use clap::Parser as _;
    let mut found: Option<(usize, Setup)> = None;
    // The line of the first vector.
    let mut first_vector: Option<usize> = None;
    for (n, line) in text.lines().enumerate() {
        let t = line.trim_start();
        let at = format!("{shown}:{}", n + 1);
        let comment = t.strip_prefix('#').map(str::trim_start);
        let Some(flags) = comment.and_then(|c| c.strip_prefix("run:")) else {
            if let Some(c) = comment {
                let word: String = c
                    .chars()
                    .take_while(|ch| ch.is_ascii_alphabetic())
                    .collect();
                if word.eq_ignore_ascii_case("run")
                    && c[word.len()..].trim_start().starts_with("--")
                {
                    return Err(Problem::at(at, format!("`{}` looks like a `# run:` line but is not one: write `# run: --target ...`", t.trim_end())));
                }
                if word.eq_ignore_ascii_case("run")
                    && word != "run"
                    && c[word.len()..].starts_with(':')
                {
                    return Err(Problem::at(
                        at,
                        format!("`{}`: write `# run:` in lower case", t.trim_end()),
                    ));
                }
            }
            if first_vector.is_none() && !t.is_empty() && !t.starts_with('#') {
                first_vector = Some(n + 1);
            }
            continue;
        };
        // The line sets up the whole file: one after a vector would leave
        // the vectors above it under another setup than those below.
        if let Some(v) = first_vector {
            return Err(Problem::at(
                at,
                format!("a `# run:` line after the first vector (line {v}): the `# run:` line sets up the whole file and must come before its vectors; move it to the top"),
            ));
        }
        if let Some((first, _)) = found {
            return Err(Problem::at(
                at,
                format!("a second `# run:` line (the first is line {first})"),
            ));
        }
        let flags = flags.split('#').next().unwrap_or("");
        let r = RunLine::try_parse_from(flags.split_whitespace()).map_err(|e| {
            let e = e.to_string();
            let first = e.lines().next().unwrap_or("").trim_start_matches("error: ");
            Problem::at(
                at.clone(),
                format!("in the `# run:` line: {first} (it takes --target, --device and --ptx)"),
            )
        })?;
        found = Some((n + 1, r.setup));
    }
    Ok(found.map_or((Setup::default(), None), |(n, r)| (r, Some(n))))
}

/// The setup a file is checked under: each of `--target`, `--device` and
/// `--ptx` from the command line, else the file's `# run:` line, else the
/// default. Where the command line overrides a different value in the file,
/// a note says so.
fn file_env(a: &Args, shown: &str, file: &Setup) -> Env {
    fn pick<T: Copy + PartialEq + std::fmt::Display>(
        flag: &str,
        cli: Option<T>,
        file: Option<T>,
        shown: &str,
    ) -> Option<T> {
        if let (Some(c), Some(f)) = (cli, file) {
            if c != f {
                eprintln!("{shown}: note: its `# run:` line says {flag} {f}; {flag} {c} from the command line is used");
            }
        }
        cli.or(file)
    }
    Env {
        target: pick("--target", a.setup.target, file.target, shown).unwrap_or(Target::DEFAULT),
        device: pick("--device", a.setup.device, file.device, shown),
        ptx: pick("--ptx", a.setup.ptx, file.ptx, shown).unwrap_or(PtxVersion::LATEST),
    }
}

/// A field of a vector line as bits: bare hex digits (`3c00`) or the same
/// with `0x` (`0x3c00`, as `eval` takes and prints them). The digits count
/// as [`ptxfp::literal::parse_bits`] says, leading zeros included.
fn parse_hex(tok: &str, ty: ptxfp::PtxType) -> Result<u64, String> {
    let digits = tok
        .strip_prefix("0x")
        .or_else(|| tok.strip_prefix("0X"))
        .unwrap_or(tok);
    ptxfp::literal::parse_bits(digits, ty).map_err(|e| {
        // A value where bits belong: say what the file holds instead, and
        // the bits it meant (`1.5` is `0x3e00` as an `.f16`).
        let hint = match ptxfp::literal::parse_operand(tok, ty) {
            Ok(bits) if digits == tok => format!(
                " (vector files hold bit patterns: as {ty}, `{}` is 0x{bits:0w$x})",
                ptxfp::literal::shown(tok),
                w = (ty.bits() as usize).div_ceil(4)
            ),
            _ => String::new(),
        };
        format!("`{}`{e}{hint}", ptxfp::literal::shown(tok))
    })
}

/// The size from which verify shows its progress on a terminal (1 MiB,
/// some 30,000 vectors).
const BIG_FILE: usize = 1 << 20;

/// The most malformed lines reported one by one; the rest are counted.
const SHOWN_MALFORMED: u64 = 100;

/// A file and its setup, or why it is not verified: it cannot be read
/// (`ptxfp: cannot read `FILE`: ...`, as every command says it), it is not
/// text, or its `# run:` line is wrong.
fn open(a: &Args, path: &str) -> Result<(String, String, Env, Option<usize>), Problem> {
    let (shown, text) = crate::common::read_text_at(path).map_err(|e| Problem {
        text: e.to_string(),
        location: e.at.map(|(l, c)| format!("{}:{l}:{c}", e.shown)),
        ..Problem::message(e.message)
    })?;
    let (setup, at) = run_line(&shown, &text)?;
    let env = file_env(a, &shown, &setup);
    Ok((shown, text, env, at))
}

/// Prints each mismatch, then `N passed, M failed`. A malformed line is
/// reported on stderr and skipped, the rest still verified; then the
/// summary counts it and the exit code is 2. A file that cannot be
/// verified as a whole (unreadable, not text, a wrong `# run:` line) is an
/// error, the other files are still verified, and the summary says how
/// many files were not; exit code 2.
pub fn run(a: Args) -> Result<Outcome, Failure> {
    crate::common::stdin_once(&a.files)?;
    let mut out = String::new();
    let mut tally = Tally {
        json: a.json.then(Json::default),
        ..Tally::default()
    };
    let (mut verified, mut unverified) = (0usize, 0usize);
    for path in &a.files {
        let (shown, text, env, run_at) = match open(&a, path) {
            Ok(f) => f,
            Err(e) => {
                if let Some(j) = &mut tally.json {
                    j.files
                        .push(serde_json::json!({"file": shown_name(path), "error": e.json()}));
                }
                Failure::from(e).print();
                unverified += 1;
                continue;
            }
        };
        // A setup no module can have (a version older than its target, a
        // device that cannot load the target): one error for the file,
        // not one per line.
        let setup = crate::common::setup_problems(&env);
        if !setup.is_empty() {
            // Where the file's `# run:` line gave the setup, at that line.
            let (place, whose) = match run_at {
                Some(l) => (
                    format!("{shown}:{l}"),
                    "the setup of the `# run:` line and the command line: ",
                ),
                None => (shown.clone(), ""),
            };
            let setup: Vec<Problem> = setup
                .into_iter()
                .map(|p| Problem {
                    text: format!("{place}: {whose}{}", p.text),
                    location: Some(place.clone()),
                    ..p
                })
                .collect();
            if let Some(j) = &mut tally.json {
                j.files
                    .push(serde_json::json!({"file": shown, "error": setup[0].json()}));
            }
            Failure::from(setup).print();
            unverified += 1;
            continue;
        }
        verified += 1;
        let before = (tally.passed, tally.failed, tally.malformed);
        let mut forms = Forms::default();
        verify_text(&env, &shown, &text, &mut forms, &mut out, &mut tally);
        forms.report_repeats();
        if let Some(j) = &mut tally.json {
            j.warnings.extend(forms.warnings.iter().map(Problem::json));
            j.files.push(serde_json::json!({
                "file": shown,
                "setup": crate::common::setup_json(&env),
                "passed": tally.passed - before.0,
                "failed": tally.failed - before.1,
                "malformed": tally.malformed - before.2,
            }));
        }
    }
    let Tally {
        passed,
        failed,
        malformed,
        json,
    } = tally;
    if let Some(mut j) = json {
        if failed > j.mismatches.len() as u64 {
            let note = Problem {
                severity: "warning",
                ..Problem::message(format!(
                    "{failed} mismatches in all; the first {MAX_JSON_MISMATCHES} are listed"
                ))
            };
            j.warnings.push(note.json());
        }
        crate::common::print_json(&serde_json::json!({
            "files": j.files,
            "passed": passed,
            "failed": failed,
            "malformed": malformed,
            "files_not_verified": unverified,
            "mismatches": j.mismatches,
            "errors": j.errors,
            "warnings": j.warnings,
        }));
    }
    // No file verified: the errors above are the whole report.
    if verified > 0 {
        let mut summary = format!("{passed} passed, {failed} failed");
        if malformed > 0 {
            summary += &format!(", {malformed} malformed");
        }
        if unverified > 0 {
            let s = if unverified == 1 { "" } else { "s" };
            summary += &format!(", {unverified} file{s} not verified");
        }
        if !a.json {
            outln!(out, "{summary}");
        }
    }
    emit(&out);
    if malformed > SHOWN_MALFORMED {
        eprintln!(
            "ptxfp: {} more malformed line(s) not shown",
            malformed - SHOWN_MALFORMED
        );
    }
    if malformed > 0 || unverified > 0 {
        return Err(Failure::default());
    }
    if passed + failed == 0 {
        // An empty or cut-short file must not pass as a verified one.
        eprintln!("ptxfp: no vector lines in the input: nothing was checked");
        return Ok(Outcome::Failed);
    }
    Ok(if failed == 0 {
        Outcome::Ok
    } else {
        Outcome::Failed
    })
}

/// A file as messages name it (`<stdin>` for `-`).
fn shown_name(path: &str) -> &str {
    if path == "-" {
        "<stdin>"
    } else {
        path
    }
}

/// The most mismatches `--json` lists (`failed` counts them all).
const MAX_JSON_MISMATCHES: usize = 10_000;

/// Lines passed, failed and malformed, and with --json what the report
/// lists.
#[derive(Default)]
struct Tally {
    passed: u64,
    failed: u64,
    malformed: u64,
    json: Option<Json>,
}

/// The lists of the JSON report.
#[derive(Default)]
struct Json {
    files: Vec<serde_json::Value>,
    mismatches: Vec<serde_json::Value>,
    /// Every malformed line's errors (stderr shows those of the first 100);
    /// a form the setup refuses, once, at its first line.
    errors: Vec<serde_json::Value>,
    warnings: Vec<serde_json::Value>,
}

impl Tally {
    /// Counts a malformed line and reports its errors (each line of the
    /// report starts with `ptxfp: `), those of the first 100 lines.
    fn malformed(&mut self, errors: Vec<Problem>) {
        self.malformed += 1;
        if let Some(j) = &mut self.json {
            j.errors.extend(errors.iter().map(Problem::json));
        }
        if self.malformed <= SHOWN_MALFORMED {
            Failure::from(errors).print();
        }
    }
}

/// The forms met so far, each parsed and validated once (a vector file
/// repeats its form on every line): its text, the form, where it was first
/// seen and how many more lines used it, for the forms that had warnings.
#[derive(Default)]
struct Forms {
    /// By text and number of fields (`min.f32` with two or three sources).
    seen: std::collections::HashMap<(String, usize), Seen>,
    /// The forms refused, by text and number of fields.
    refused: std::collections::HashMap<(String, usize), Refused>,
    /// The warnings shown, in order.
    warnings: Vec<Problem>,
}

struct Seen {
    form: Instruction,
    warned: Option<(String, u64)>,
}

/// A form whose errors were reported: where, and how many more lines
/// wrote it (each counted malformed, not reported again).
struct Refused {
    at: String,
    more: u64,
}

impl Forms {
    /// The form written `text` at `at`: parsed and validated (its warnings
    /// printed) the first time, looked up after that.
    /// `fields` (the values after the form) picks the arity where the text
    /// names two (9.7.3.11: `min.f32 A B R` and `min.f32 A B C R`).
    fn get(
        &mut self,
        text: &str,
        fields: usize,
        env: &Env,
        at: &str,
    ) -> Result<&Instruction, Vec<Problem>> {
        let key = (text.to_string(), fields);
        if let Some(r) = self.refused.get_mut(&key) {
            // Reported at its first line; counted, not shown again.
            r.more += 1;
            return Err(Vec::new());
        }
        if !self.seen.contains_key(&key) {
            let refuse = |errors: Vec<Problem>, refused: &mut std::collections::HashMap<_, _>| {
                refused.insert(
                    key.clone(),
                    Refused {
                        at: at.to_string(),
                        more: 0,
                    },
                );
                errors
            };
            let form = parse_instruction(text, Origin::Line(at))
                .map_err(|p| refuse(vec![p], &mut self.refused))?;
            let form = match fields.checked_sub(form.dsts.len()) {
                Some(n) => form.with_sources(n),
                None => form,
            };
            let warnings = validate_instruction(&form, env, Origin::Line(at))
                .map_err(|f| refuse(f.errors, &mut self.refused))?;
            let warned = (!warnings.is_empty()).then(|| (at.to_string(), 0));
            self.warnings.extend(warnings);
            self.seen.insert(key.clone(), Seen { form, warned });
        }
        let seen = self.seen.get_mut(&key).expect("inserted above");
        if let Some((_, n)) = &mut seen.warned {
            *n += 1;
        }
        Ok(&seen.form)
    }

    /// One line per form whose warning was shown once for many lines.
    fn report_repeats(&self) {
        let mut repeats: Vec<_> = self
            .seen
            .iter()
            .filter_map(|((t, _), s)| s.warned.as_ref().map(|(at, n)| (at, t, n - 1)))
            .filter(|&(_, _, n)| n > 0)
            .collect();
        repeats.sort();
        for (at, text, n) in repeats {
            eprintln!("{at}: note: the same warning applies to {n} more line(s) of {text}");
        }
        let mut refused: Vec<_> = self
            .refused
            .iter()
            .filter(|(_, r)| r.more > 0)
            .map(|((t, _), r)| (&r.at, t, r.more))
            .collect();
        refused.sort();
        for (at, text, n) in refused {
            eprintln!("ptxfp: {at}: note: the same error applies to {n} more line(s) of {text} (each counted malformed)");
        }
    }
}

fn verify_text(
    env: &Env,
    shown: &str,
    text: &str,
    forms: &mut Forms,
    out: &mut String,
    tally: &mut Tally,
) {
    let exec = env.exec();
    // A big file takes a while: its progress, by bytes, where a terminal
    // shows it (not with --json).
    let bar = crate::common::Progress::new(
        text.len() as u64,
        tally.json.is_some() || text.len() < BIG_FILE,
        "{bar:40} {percent:>3}% {eta} {msg}",
    );
    bar.message(shown.to_string());
    for (n, raw) in text.lines().enumerate() {
        if n % 4096 == 0 {
            bar.set((raw.as_ptr() as usize - text.as_ptr() as usize) as u64);
        }
        // `#` and `//` start comments.
        let line = raw.split('#').next().unwrap_or("");
        let line = line.split("//").next().unwrap_or("");
        // The fields with their 1-based columns: apart by spaces or commas
        // (a CSV line), and `->` (or `=>`) where the expected results
        // begin, as other vector formats write it.
        let mut toks: Vec<(usize, &str)> = line
            .split(|c: char| c.is_whitespace() || c == ',')
            .filter(|t| !t.is_empty())
            .map(|t| (t.as_ptr() as usize - line.as_ptr() as usize + 1, t))
            .collect();
        // An empty field between commas is a value left out (a trailing
        // comma, as spreadsheets write, is not). Lines without commas, the
        // common case, skip this.
        let pieces: Vec<&str> = if line.contains(',') {
            line.split(',').collect()
        } else {
            Vec::new()
        };
        let empty = (1..pieces.len().saturating_sub(1)).find(|&i| pieces[i].trim().is_empty());
        if let Some(i) = empty {
            let col: usize = pieces[..i].iter().map(|p| p.len() + 1).sum::<usize>() + 1;
            tally.malformed(vec![Problem::at(
                format!("{shown}:{}:{col}", n + 1),
                "an empty field between commas: a value is missing".to_string(),
            )]);
            continue;
        }
        let arrow = toks.iter().position(|&(_, t)| t == "->" || t == "=>");
        let arrow = arrow.map(|i| (i, toks.remove(i).0));
        let Some(&(_, first)) = toks.first() else {
            continue;
        };
        let at = |col: usize| format!("{shown}:{}:{col}", n + 1);
        let parsed = (|| {
            let form = forms.get(first, toks.len() - 1, env, &at(toks[0].0))?;
            if let Some((i, col)) = arrow {
                if i != 1 + form.srcs.len() {
                    return Err(vec![Problem::at(
                        at(col),
                        format!(
                            "`{}` must stand after the {} operand(s) of {form}, before the expected results",
                            &line[col - 1..col + 1],
                            form.srcs.len()
                        ),
                    )]);
                }
            }
            let (types, mut dts) = (&form.srcs, form.dsts.clone());
            // `setp`'s `q` may follow `p`: "q = BoolOp(!t, c)" (9.7.8.2).
            let with_q = form
                .complement()
                .filter(|_| toks.len() == 2 + types.len() + dts.len());
            dts.extend(with_q);
            if toks.len() != 1 + types.len() + dts.len() {
                let expected = if dts.len() == 1 {
                    "the expected result".to_string()
                } else {
                    format!("{} expected results", dts.len())
                };
                let q = if form.complement().is_some() {
                    " (and optionally `q`, the second predicate of `p|q`)"
                } else {
                    ""
                };
                return Err(vec![Problem::at(
                    at(toks[0].0),
                    format!(
                        "{form} needs {} operands and {expected}{q}; got {} fields",
                        types.len(),
                        toks.len() - 1
                    ),
                )]);
            }
            let mut srcs = Vec::new();
            for (&(col, t), ty) in toks[1..].iter().zip(types) {
                let bits = parse_hex(t, *ty).map_err(|e| vec![Problem::at(at(col), e)])?;
                if let Some(why) = form.source_error(srcs.len(), bits) {
                    return Err(vec![Problem::at(at(col), why)]);
                }
                srcs.push(bits);
            }
            let mut want = Vec::new();
            for (&(col, t), ty) in toks[1 + types.len()..].iter().zip(&dts) {
                want.push(parse_hex(t, *ty).map_err(|e| vec![Problem::at(at(col), e)])?);
            }
            Ok((form.clone(), srcs, want, dts))
        })();
        let (form, srcs, want, dsts) = match parsed {
            Ok(p) => p,
            Err(e) => {
                tally.malformed(e);
                continue;
            }
        };
        let (got, _) = if dsts.len() > form.dsts.len() {
            form.eval_with_complement(&srcs, &exec)
        } else {
            form.eval(&srcs, &exec)
        };
        if got == want {
            tally.passed += 1;
            continue;
        }
        tally.failed += 1;
        if let Some(j) = &mut tally.json {
            // The first ones kept, the rest counted in `failed` (each
            // kept one costs about 9 KB: 54 MB of mismatching lines
            // took 4 GB).
            if j.mismatches.len() >= MAX_JSON_MISMATCHES {
                continue;
            }
            let values = |v: &[u64]| {
                v.iter()
                    .zip(&dsts)
                    .map(|(x, ty)| value_json(*x, *ty))
                    .collect::<Vec<_>>()
            };
            let (expected, got_all) = (values(&want), values(&got));
            let mut m = serde_json::json!({
                "location": format!("{shown}:{}", n + 1),
                "form": form.text,
                "sources": srcs.iter().zip(&form.srcs).map(|(x, ty)| value_json(*x, *ty)).collect::<Vec<_>>(),
                "expected": expected[0],
                "got": got_all[0],
            });
            if expected.len() > 1 {
                m["expected_all"] = expected.into();
                m["got_all"] = got_all.into();
            }
            j.mismatches.push(m);
            continue;
        }
        outln!(out, "{shown}:{}: MISMATCH {form}", n + 1);
        for (i, (x, ty)) in srcs.iter().zip(&form.srcs).enumerate() {
            outln!(out, "  src{i}     {}", shown_value(*x, *ty));
        }
        for (k, ((w, g), dt)) in want.iter().zip(&got).zip(&dsts).enumerate() {
            let tag = if dsts.len() == 1 {
                String::new()
            } else {
                format!(" d{k}")
            };
            outln!(out, "  expected{tag} {}", shown_value(*w, *dt));
            outln!(out, "  got{}{tag} {}", " ".repeat(5), shown_value(*g, *dt));
        }
    }
}
