//! `--json` on eval, verify, gen, forms, sweep and bench (and the error
//! object every command shares): the real binary's output validated
//! against the schemas in docs/schemas, and pinned where it is exact.

use std::path::{Path, PathBuf};
use std::process::{Command, Output, Stdio};

use serde_json::{json, Value};

fn ptxfp(args: &[&str]) -> Output {
    Command::new(env!("CARGO_BIN_EXE_ptxfp"))
        .args(args)
        .stdin(Stdio::null())
        .output()
        .expect("run ptxfp")
}

fn stdout(o: &Output) -> String {
    String::from_utf8_lossy(&o.stdout).into_owned()
}
fn stderr(o: &Output) -> String {
    String::from_utf8_lossy(&o.stderr).into_owned()
}

fn tmp(name: &str, text: &str) -> PathBuf {
    let dir = std::env::temp_dir().join(format!("ptxfp-json-test-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let p = dir.join(name);
    std::fs::write(&p, text).unwrap();
    p
}

fn schemas() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("../../docs/schemas")
}

const BASE: &str = "https://example.invalid/ptxfp/schemas/";

fn schema(name: &str) -> Value {
    let p = schemas().join(format!("{name}.schema.json"));
    let text = std::fs::read_to_string(&p).unwrap_or_else(|e| panic!("{}: {e}", p.display()));
    serde_json::from_str(&text).unwrap_or_else(|e| panic!("{}: {e}", p.display()))
}

/// The validator of `docs/schemas/NAME.schema.json`, with the shared
/// schemas it refers to given to it (nothing is fetched).
fn validator(name: &str) -> jsonschema::Validator {
    validator_of(&schema(name))
}

/// The validator of `schema`, with the schemas of docs/schemas that
/// others refer to given to it under their `$id`.
fn validator_of(schema_value: &Value) -> jsonschema::Validator {
    let registry = ["common", "error", "run"]
        .iter()
        .fold(jsonschema::Registry::new(), |r, n| {
            r.add(format!("{BASE}{n}.schema.json"), schema(n)).unwrap()
        })
        .prepare()
        .unwrap();
    jsonschema::options()
        .offline()
        .with_registry(&registry)
        .build(schema_value)
        .unwrap_or_else(|e| panic!("{schema_value}: {e}"))
}

/// Runs `ptxfp ARGS` (which include --json), checks the exit code, that
/// stdout is one JSON value and that `name`'s schema accepts it.
fn json_of(name: &str, args: &[&str], code: i32) -> Value {
    let o = ptxfp(args);
    assert_eq!(
        o.status.code(),
        Some(code),
        "{args:?}: {}{}",
        stdout(&o),
        stderr(&o)
    );
    let v: Value = serde_json::from_str(&stdout(&o))
        .unwrap_or_else(|e| panic!("{args:?}: not one JSON value: {e}\n{}", stdout(&o)));
    let errors: Vec<String> = validator(name)
        .iter_errors(&v)
        .map(|e| format!("{e} at {}", e.instance_path()))
        .collect();
    assert!(errors.is_empty(), "{args:?}: {errors:#?}\n{v:#}");
    v
}

/// The error object: only the errors' messages vary.
fn error_object(errors: Value) -> Value {
    json!({"file": null, "errors": errors, "warnings": [], "trace": []})
}

#[test]
fn every_schema_is_a_valid_json_schema() {
    let names: Vec<String> = std::fs::read_dir(schemas())
        .unwrap()
        .map(|e| e.unwrap().file_name().to_string_lossy().into_owned())
        .collect();
    for cmd in [
        "eval", "verify", "gen", "forms", "sweep", "bench", "check", "run", "error", "common",
    ] {
        assert!(names.contains(&format!("{cmd}.schema.json")), "{names:?}");
    }
    for n in &names {
        let name = n.strip_suffix(".schema.json").unwrap();
        let s = schema(name);
        if let Err(e) = jsonschema::meta::validate(&s) {
            panic!("{n}: {e}");
        }
        assert_eq!(s["$id"], format!("{BASE}{n}"), "{n}");
        validator(name);
    }
    // The validators are not vacuous: a key missing, a key too many, a
    // wrong type, in the object itself or behind a reference, are refused.
    let eval = validator("eval");
    let good = json_of("eval", &["eval", "--json", "add.f16", "1", "2"], 0);
    let mut bad = good.clone();
    bad.as_object_mut().unwrap().remove("form");
    assert!(!eval.is_valid(&bad));
    let mut bad = good.clone();
    bad["extra"] = 1.into();
    assert!(!eval.is_valid(&bad));
    let mut bad = good.clone();
    bad["result"]["bits"] = "3c00".into();
    assert!(!eval.is_valid(&bad));
    let mut bad = good;
    bad["setup"]["target"] = "sm90".into();
    assert!(!eval.is_valid(&bad));
    let mut err = error_object(
        json!([{"location": null, "severity": "error", "message": "m", "help": null}]),
    );
    assert!(eval.is_valid(&err));
    err["errors"][0]["severity"] = "fatal".into();
    assert!(!eval.is_valid(&err));
    assert!(!eval.is_valid(&error_object(json!([]))));
}

#[test]
fn eval_json() {
    let v = json_of(
        "eval",
        &[
            "eval",
            "--json",
            "fma.rn.bf16",
            "0x3fe0",
            "0x3f14",
            "0x8d80",
        ],
        0,
    );
    assert_eq!(
        v,
        json!({
            "form": "fma.rn.bf16",
            "setup": {"target": "sm_100", "device": "sm_100", "ptx": "8.8"},
            "result": {"type": "bf16", "bits": "0x3f81", "value": "1.01"},
            "results": [{"type": "bf16", "bits": "0x3f81", "value": "1.01"}],
            "approx": false,
            "sources": [
                {"name": "a", "type": "bf16", "bits": "0x3fe0", "value": "1.75"},
                {"name": "b", "type": "bf16", "bits": "0x3f14", "value": "0.58"},
                {"name": "c", "type": "bf16", "bits": "0x8d80", "value": "-7.9E-31"},
            ],
            "warnings": [],
        })
    );
    // Mixed precision: a and c; operand notes and form warnings are warnings.
    let v = json_of(
        "eval",
        &["eval", "--json", "add.rz.f32.f16", "65520", "1"],
        0,
    );
    assert_eq!(v["sources"][1]["name"], "c");
    assert_eq!(v["result"]["type"], "f32");
    assert_eq!(
        v["warnings"],
        json!([{"location": null, "severity": "warning",
                "message": "operand a: `65520` overflows .f16 and is +Inf", "help": null}])
    );
    let v = json_of(
        "eval",
        &[
            "eval", "--json", "mad.f32", "1", "1", "1", "--target", "sm_20", "--ptx", "3.1",
        ],
        0,
    );
    assert_eq!(v["warnings"][0]["location"], "<form>:1:1");
    assert_eq!(v["warnings"][0]["help"], "write mad.rn.f32");
    // Errors: the error object, exit 2, the text still on stderr.
    let v = json_of(
        "eval",
        &[
            "eval", "--json", "mul.bf16", "1", "2", "--target", "sm_80", "--ptx", "7.0",
        ],
        2,
    );
    assert_eq!(
        v,
        error_object(json!([
            {"location": "<form>:1:1", "severity": "error",
             "message": "mul.bf16 requires PTX ISA 7.8 or later; the module is 7.0",
             "help": "use --ptx 7.8 or later"},
            {"location": "<form>:1:1", "severity": "error",
             "message": "mul.bf16 requires sm_90 or higher; the target is sm_80",
             "help": "use --target sm_90 or higher"},
        ]))
    );
    let v = json_of(
        "eval",
        &["eval", "--json", "add.rz.f32.bf16.sat", "1", "2"],
        2,
    );
    assert_eq!(v["errors"][0]["location"], "<form>:1:16");
    assert_eq!(v["errors"][0]["help"], "write add.rz.sat.f32.bf16");
    let v = json_of("eval", &["eval", "--json", "add.f16", "1", "zz"], 2);
    assert_eq!(v["errors"][0]["location"], Value::Null);
    assert!(
        v["errors"][0]["message"]
            .as_str()
            .unwrap()
            .starts_with("operand b: "),
        "{v}"
    );
    let v = json_of("eval", &["eval", "--json", "add.f16", "1"], 2);
    assert_eq!(
        v,
        error_object(json!([{"location": null, "severity": "error",
            "message": "add.f16 takes 2 source operands, got 1", "help": null}]))
    );
    // A flag clap refuses is the error object too.
    let v = json_of(
        "eval",
        &["eval", "--json", "add.f16", "1", "1", "--ptx", "9.99"],
        2,
    );
    assert!(
        v["errors"][0]["message"]
            .as_str()
            .unwrap()
            .starts_with("invalid value '9.99' for '--ptx <PTX>'"),
        "{v}"
    );
    // --help is not an error.
    let o = ptxfp(&["eval", "--json", "--help"]);
    assert_eq!(o.status.code(), Some(0));
    assert!(
        stdout(&o).starts_with("Evaluate one instruction form"),
        "{}",
        stdout(&o)
    );
}

#[test]
fn gen_json_has_the_text_output_vectors() {
    let v = json_of(
        "gen",
        &[
            "gen",
            "--json",
            "fma.rn.oob.relu.bf16x2",
            "--count",
            "50",
            "--seed",
            "7",
        ],
        0,
    );
    assert_eq!(v["count"], 50);
    assert_eq!(v["seed"], 7);
    assert_eq!(
        v["setup"],
        json!({"target": "sm_100", "device": "sm_100", "ptx": "8.8"})
    );
    let text = stdout(&ptxfp(&[
        "gen",
        "fma.rn.oob.relu.bf16x2",
        "--count",
        "50",
        "--seed",
        "7",
    ]));
    let lines: Vec<&str> = text.lines().filter(|l| !l.starts_with('#')).collect();
    let vectors = v["vectors"].as_array().unwrap();
    assert_eq!(vectors.len(), lines.len());
    for (line, vector) in lines.iter().zip(vectors) {
        let mut fields: Vec<String> = vector["sources"]
            .as_array()
            .unwrap()
            .iter()
            .map(|s| s.as_str().unwrap().trim_start_matches("0x").to_string())
            .collect();
        fields.insert(0, "fma.rn.oob.relu.bf16x2".into());
        fields.push(
            vector["expected"]
                .as_str()
                .unwrap()
                .trim_start_matches("0x")
                .into(),
        );
        assert_eq!(fields.join(" "), *line);
    }
    let v = json_of("gen", &["gen", "--json", "mad.rm.f64", "--count", "0"], 0);
    assert_eq!(v["vectors"], json!([]));
    let v = json_of("gen", &["gen", "--json", "mad.f64"], 2);
    assert_eq!(
        v["errors"][0]["help"],
        "write mad.rn.f64 (legacy mad.f64 means mad.rn.f64)"
    );
}

#[test]
fn forms_json_lists_what_the_text_lists() {
    for filter in [&[][..], &["--target", "sm_80", "--ptx", "7.0"]] {
        let mut args = vec!["forms", "--json"];
        args.extend_from_slice(filter);
        let v = json_of("forms", &args, 0);
        let mut text_args = vec!["forms"];
        text_args.extend_from_slice(filter);
        let text = stdout(&ptxfp(&text_args));
        let from_json: Vec<String> = v["forms"]
            .as_array()
            .unwrap()
            .iter()
            .map(|f| {
                let note = f["note"]
                    .as_str()
                    .map(|n| format!(" ({n})"))
                    .unwrap_or_default();
                format!(
                    "{} {} {}{note}",
                    f["form"].as_str().unwrap(),
                    f["min_ptx"].as_str().unwrap(),
                    f["min_target"].as_str().unwrap()
                )
            })
            .collect();
        assert_eq!(from_json, text.lines().collect::<Vec<_>>());
    }
    let v = json_of("forms", &["forms", "--json", "--target", "sm_90"], 0);
    assert_eq!(v["filter"], json!({"target": "sm_90", "ptx": null}));
    json_of("forms", &["forms", "--json", "--target", "sm_0"], 2);
}

#[test]
fn sweep_json_has_the_text_digest() {
    let args = [
        "sweep",
        "add.rn.bf16x2",
        "--random",
        "100000",
        "--seed",
        "5",
        "--chunks",
    ];
    let text = stdout(&ptxfp(&args));
    let digest = |key: &str| {
        text.lines()
            .find_map(|l| l.strip_prefix(key))
            .unwrap()
            .trim()
            .to_string()
    };
    let mut j = args.to_vec();
    j.push("--json");
    let v = json_of("sweep", &j, 0);
    assert_eq!(v["digest"], digest("digest "));
    assert_eq!(v["chunks"], json!([digest("chunk     0 ")]));
    assert_eq!(v["results"], 100000);
    assert_eq!(v["operands"], json!({"kind": "random", "seed": 5}));
    let v = json_of(
        "sweep",
        &[
            "sweep", "--json", "mad.f32", "--target", "sm_13", "--ptx", "1.3", "--random", "10",
        ],
        0,
    );
    assert_eq!(v["path"], Value::Null);
    assert_eq!(v["chunks"], Value::Null);
    let v = json_of(
        "sweep",
        &[
            "sweep",
            "--json",
            "mad.rn.f64",
            "--random",
            "10",
            "--path",
            "portable",
        ],
        0,
    );
    assert_eq!(v["path"], "portable");
    let v = json_of(
        "sweep",
        &["sweep", "--json", "mad.rn.f64", "--exhaustive"],
        2,
    );
    assert!(
        v["errors"][0]["message"]
            .as_str()
            .unwrap()
            .starts_with("an exhaustive sweep needs a two-operand"),
        "{v}"
    );
    json_of("sweep", &["sweep", "--json", "add.rn.f16"], 2);
}

#[test]
fn bench_json() {
    let v = json_of(
        "bench",
        &[
            "bench",
            "--json",
            "--n",
            "64",
            "--reps",
            "1",
            "--path",
            "portable",
            "add.rn.f16",
            "mad.rn.f64",
        ],
        0,
    );
    assert_eq!(v["requested_path"], "portable");
    let forms = v["forms"].as_array().unwrap();
    assert_eq!(forms.len(), 2);
    assert_eq!(forms[0]["form"], "add.rn.f16");
    assert_eq!(forms[1]["path"], "portable");
    // Nothing but the JSON on stdout: no table, no progress.
    let v = json_of(
        "bench",
        &["bench", "--json", "--n", "10", "--reps", "1", "foo"],
        2,
    );
    assert_eq!(
        v["errors"][0]["message"],
        "unknown opcode `foo`: expected add, sub, mul, fma, mad, min, max, div, rcp, sqrt, rsqrt, abs, neg, copysign, ex2, lg2, sin, cos or tanh"
    );
    json_of("bench", &["bench", "--json", "--reps", "0"], 2);
}

#[test]
fn verify_json_reports_files_mismatches_and_errors() {
    let f = tmp(
        "mix.txt",
        "# run: --target sm_80 --ptx 8.0\nadd.rn.f16 3c00 3c00 4000\nmul.bf16 3f80 3f80 3f80\nadd.rn.f16 3c00 3c00 3c00\nadd.rn.f16 3c00 zz 3c00\n",
    );
    let f = f.to_str().unwrap();
    let v = json_of("verify", &["verify", "--json", f, "/nonexistent/x.txt"], 2);
    assert_eq!(
        v["files"],
        json!([
            {"file": f, "setup": {"target": "sm_80", "device": "sm_80", "ptx": "8.0"},
             "passed": 1, "failed": 1, "malformed": 2},
            {"file": "/nonexistent/x.txt", "error": {"location": null, "severity": "error",
             "message": "cannot read `/nonexistent/x.txt`: No such file or directory (os error 2)",
             "help": null}},
        ])
    );
    assert_eq!(
        (
            &v["passed"],
            &v["failed"],
            &v["malformed"],
            &v["files_not_verified"]
        ),
        (&json!(1), &json!(1), &json!(2), &json!(1))
    );
    assert_eq!(
        v["mismatches"],
        json!([{
            "location": format!("{f}:4"),
            "form": "add.rn.f16",
            "sources": [
                {"type": "f16", "bits": "0x3c00", "value": "1"},
                {"type": "f16", "bits": "0x3c00", "value": "1"},
            ],
            "expected": {"type": "f16", "bits": "0x3c00", "value": "1"},
            "got": {"type": "f16", "bits": "0x4000", "value": "2"},
        }])
    );
    let errors: Vec<&str> = v["errors"]
        .as_array()
        .unwrap()
        .iter()
        .map(|e| e["location"].as_str().unwrap())
        .collect();
    assert_eq!(errors, [format!("{f}:3:1"), format!("{f}:5:17")]);
    // Exit codes as without --json: 0 all passed, 1 a mismatch.
    let ok = tmp("ok.txt", "add.rn.f16 3c00 3c00 4000\n");
    let v = json_of("verify", &["verify", "--json", ok.to_str().unwrap()], 0);
    assert_eq!(v["passed"], 1);
    let bad = tmp("bad.txt", "add.rn.f16 3c00 3c00 3c00\n");
    let v = json_of("verify", &["verify", "--json", bad.to_str().unwrap()], 1);
    assert_eq!(v["failed"], 1);
    // The `# run:` line after a vector: the file is not verified.
    let late = tmp("late.txt", "add.rn.f16 3c00 3c00 4000\n# run: --ptx 8.0\n");
    let v = json_of("verify", &["verify", "--json", late.to_str().unwrap()], 2);
    assert_eq!(
        v["files"][0]["error"]["location"],
        format!("{}:2", late.display())
    );
    // An error of the command line is the error object.
    let v = json_of("verify", &["verify", "--json", "-", "-"], 2);
    assert_eq!(
        v,
        error_object(json!([{"location": null, "severity": "error",
            "message": "`-` (standard input) is named twice: it can be read once", "help": null}]))
    );
    // Warnings once per form and file.
    let w = tmp("w.txt", "mad.f32 3f800000 3f800000 3f800000 40000000\nmad.f32 3f800000 3f800000 3f800000 40000000\n");
    let v = json_of(
        "verify",
        &[
            "verify",
            "--json",
            "--target",
            "sm_20",
            "--ptx",
            "3.1",
            w.to_str().unwrap(),
        ],
        0,
    );
    assert_eq!(v["warnings"].as_array().unwrap().len(), 1, "{v}");
}

/// check and run print the same error object for their whole-command
/// errors, so every command's failure reads the same way.
#[test]
fn check_and_run_errors_match_the_error_schema() {
    let v = json_of("error", &["check", "--json", "-", "-"], 2);
    assert_eq!(
        v["errors"][0]["message"],
        "`-` (standard input) is named twice: it can be read once"
    );
    json_of("error", &["check", "--json", "--bogus"], 2);
    let v = json_of("error", &["run", "--json", "no/such/file.ptx"], 2);
    assert_eq!(v["file"], "no/such/file.ptx");
    json_of("error", &["run", "--json", "--entry"], 2);
}

/// check's and run's reports, documented after the fact by
/// docs/schemas/check.schema.json and run.schema.json.
#[test]
fn check_and_run_reports_match_their_schemas() {
    let examples = Path::new(env!("CARGO_MANIFEST_DIR")).join("../../examples");
    let mut files: Vec<String> = std::fs::read_dir(&examples)
        .unwrap()
        .map(|e| e.unwrap().path().to_str().unwrap().to_string())
        .filter(|p| p.ends_with(".ptx"))
        .collect();
    files.sort();
    let mut args = vec!["check", "--json"];
    args.extend(files.iter().map(String::as_str));
    args.push("/nonexistent.ptx");
    let v = json_of("check", &args, 2);
    assert_eq!(v["files"].as_array().unwrap().len(), files.len() + 1);
    let contract = examples.join("contract.ptx");
    let contract = contract.to_str().unwrap();
    let v = json_of(
        "run",
        &[
            "run",
            "--json",
            "--trace",
            "--contract",
            contract,
            "--set",
            "k_param_0=0x1000",
            "--set",
            "k_param_1=0x2000",
            "--mem",
            "0x1000=013c033c00bc",
        ],
        0,
    );
    assert_eq!(v["contractions"][0]["fused"], "0x1c01");
    assert!(!v["trace"].as_array().unwrap().is_empty());
    // A launch of several threads: each step names its thread.
    let kernel = examples.join("kernels/divergent-loop.ptx");
    let v = json_of(
        "run",
        &[
            "run",
            "--json",
            "--trace",
            kernel.to_str().unwrap(),
            "--block",
            "2",
            "--set",
            "out=0x1000",
        ],
        0,
    );
    let last = v["trace"].as_array().unwrap().last().unwrap().clone();
    assert_eq!(
        (&last["ctaid"], &last["tid"]),
        (&json!([0, 0, 0]), &json!([1, 0, 0]))
    );
    // A run-time error: the error object, its trace in run's step form.
    let v = json_of(
        "run",
        &[
            "run",
            "--json",
            "--trace",
            contract,
            "--set",
            "k_param_0=0x1000",
            "--set",
            "k_param_1=0x2000",
        ],
        2,
    );
    let trace = v["trace"].as_array().unwrap();
    assert!(!trace.is_empty(), "{v}");
    let step = validator_of(&json!({"$ref": format!("{BASE}run.schema.json#/$defs/step")}));
    for t in trace {
        assert!(step.is_valid(t), "{t}");
    }
}

/// run's `printf` and `assertions` (exit 1), and the `printf` and
/// `memory` of a run-time error's object, against run.schema.json (the kernels of
/// examples/kernels; their exact output is checked by engine_extern.rs).
#[test]
fn run_printf_and_assertions_match_the_schema() {
    let kernels = Path::new(env!("CARGO_MANIFEST_DIR")).join("../../examples/kernels");
    let printf = kernels.join("printf.ptx");
    let printf = printf.to_str().unwrap();
    let show = |mem: &'static str, code: i32, trace: bool| {
        let mut args = vec![
            "run",
            "--json",
            printf,
            "--grid",
            "2",
            "--block",
            "2",
            "--set",
            "_Z4showPKiPi_param_0=0x1000",
            "--set",
            "_Z4showPKiPi_param_1=0x2000",
            "--mem",
            mem,
        ];
        if trace {
            args.push("--trace");
        }
        json_of("run", &args, code)
    };
    let v = show("0x1000=fdffffff0a00000007000000e8030000", 0, false);
    assert_eq!(v["printf"].as_array().unwrap().len(), 6);
    assert_eq!(v["printf"][2]["text"], "-- end of CTA\n");
    // v[2] never given: CTA 1 stops at its load, after CTA 0 printed.
    for trace in [false, true] {
        let v = show("0x1000=fdffffff0a000000", 2, trace);
        assert_eq!(v["printf"].as_array().unwrap().len(), 3, "{v}");
        assert_eq!(v["printf"][1]["tid"], json!([1, 0, 0]));
        // And what CTA 0 wrote before it: printf's count of arguments
        // (10) for each thread, 0 for its thread 0's second call.
        assert_eq!(
            v["memory"],
            json!([
                {"address": "0x2000", "bytes": "0a0000000a000000"},
                {"address": "0x2010", "bytes": "00000000"}
            ]),
            "{v}"
        );
    }
    let assert = kernels.join("assert.ptx");
    let v = json_of(
        "run",
        &[
            "run",
            "--json",
            "--trace",
            assert.to_str().unwrap(),
            "--block",
            "4",
            "--set",
            "_Z5checkPKiPi_param_0=0x1000",
            "--set",
            "_Z5checkPKiPi_param_1=0x2000",
            "--mem",
            "0x1000=01000000ffffffff02000000fbffffff",
        ],
        1,
    );
    assert_eq!(v["assertions"].as_array().unwrap().len(), 2);
    assert_eq!(v["assertions"][1]["tid"], json!([3, 0, 0]));
}

/// Without --target every command models `Exec::default()`'s target, and
/// without --seed every seeded command uses the seed 1.
#[test]
fn one_default_target_and_one_default_seed() {
    let want = ptxfp::Exec::default().code_target.to_string();
    assert_eq!(want, "sm_100");
    let setup = json!({"target": want, "device": want, "ptx": "8.8"});
    let v = json_of("eval", &["eval", "--json", "add.rn.f16", "1", "2"], 0);
    assert_eq!(v["setup"], setup);
    let v = json_of("gen", &["gen", "--json", "add.rn.f16", "--count", "1"], 0);
    assert_eq!((&v["setup"], &v["seed"]), (&setup, &json!(1)));
    let v = json_of(
        "sweep",
        &["sweep", "--json", "add.rn.f16", "--random", "10"],
        0,
    );
    assert_eq!(v["setup"], setup);
    assert_eq!(v["operands"], json!({"kind": "random", "seed": 1}));
    let file = tmp("default-target.txt", "add.rn.f16 3c00 3c00 4000\n");
    let v = json_of("verify", &["verify", "--json", file.to_str().unwrap()], 0);
    assert_eq!(v["files"][0]["setup"], setup, "{v:#}");
    // The hardware commands' seeds (no GPU needed to read them).
    for cmd in ["check", "sweep"] {
        let help = stdout(&ptxfp(&["hw", cmd, "--help"]));
        let line = help.lines().find(|l| l.contains("--seed")).unwrap();
        assert!(line.ends_with("[default: 1]"), "hw {cmd}: {line}");
    }
}
