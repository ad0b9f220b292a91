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
