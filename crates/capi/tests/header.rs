//! include/ptxfp.h is what cbindgen makes of crates/capi/src/lib.rs: users
//! never need cbindgen. `PTXFP_BLESS=1` rewrites the header.

use std::path::Path;

#[test]
fn header_is_up_to_date() {
    let crate_dir = Path::new(env!("CARGO_MANIFEST_DIR"));
    let config =
        cbindgen::Config::from_file(crate_dir.join("cbindgen.toml")).expect("cbindgen.toml");
    let mut generated = Vec::new();
    cbindgen::Builder::new()
        .with_crate(crate_dir)
        .with_config(config)
        .generate()
        .expect("cbindgen generates the header")
        .write(&mut generated);
    let generated = String::from_utf8(generated).expect("UTF-8");
    let header = crate_dir.join("../../include/ptxfp.h");
    if std::env::var_os("PTXFP_BLESS").is_some() {
        std::fs::write(&header, &generated).expect("write include/ptxfp.h");
        return;
    }
    let committed = std::fs::read_to_string(&header).unwrap_or_default();
    if committed != generated {
        let line = committed
            .lines()
            .zip(generated.lines())
            .position(|(a, b)| a != b)
            .unwrap_or_else(|| committed.lines().count().min(generated.lines().count()));
        panic!(
            "include/ptxfp.h differs from what cbindgen generates (first at line {}); \
             run `PTXFP_BLESS=1 cargo test -p ptxfp-capi --test header` and commit it",
            line + 1
        );
    }
}

#[test]
fn pkg_config_template_has_the_crate_version() {
    let pc = std::fs::read_to_string(Path::new(env!("CARGO_MANIFEST_DIR")).join("ptxfp_c.pc.in"))
        .expect("crates/capi/ptxfp_c.pc.in");
    let version = pc.lines().find_map(|l| l.strip_prefix("Version: "));
    assert_eq!(
        version,
        Some(env!("CARGO_PKG_VERSION")),
        "update ptxfp_c.pc.in's Version"
    );
    assert!(pc.contains("Libs: -L${libdir} -lptxfp_c"));
}

/// Each C name `ptxfp_interp::options` gives a flag (the note in a run's
/// diagnostics) is a field of `ptxfp_launch` or an argument of
/// `ptxfp_run_kernel` in the header.
#[test]
fn the_c_names_of_the_flags_are_the_headers() {
    let header = include_str!("../../../include/ptxfp.h");
    let launch = header
        .split("typedef struct {")
        .find(|s| s.contains("} ptxfp_launch;"))
        .and_then(|s| s.split("} ptxfp_launch;").next())
        .expect("ptxfp_launch in the header");
    let run_kernel = header
        .split("ptxfp_status ptxfp_run_kernel(")
        .nth(1)
        .and_then(|s| s.split(");").next())
        .expect("ptxfp_run_kernel in the header");
    for o in ptxfp::interp::options::RUN_OPTIONS {
        let c = o.c;
        if let Some(rest) = c.strip_prefix("no C field") {
            assert!(rest.starts_with(": run `ptxfp run "), "{c}");
            continue;
        }
        for name in c
            .split(" and ")
            .flat_map(|p| p.split_whitespace())
            .filter(|w| w.starts_with("ptxfp_launch.") || w.starts_with('.'))
        {
            let field = name.rsplit('.').next().unwrap();
            assert!(
                [" ", "*"]
                    .iter()
                    .any(|p| launch.contains(&format!("{p}{field};")))
                    || launch.contains(&format!(" {field}[")),
                "{} names {name}, which ptxfp_launch lacks",
                o.cli
            );
        }
        if let Some(arg) = c
            .strip_prefix("the ")
            .and_then(|r| r.split(" argument").next())
        {
            assert!(
                run_kernel.contains(&format!(" {arg},"))
                    || run_kernel.contains(&format!("*{arg},")),
                "{} names the argument {arg}, which ptxfp_run_kernel lacks",
                o.cli
            );
        }
        if c.starts_with("a ptxfp_mem") {
            assert!(run_kernel.contains("const ptxfp_mem *mems"), "{c}");
        }
    }
}
