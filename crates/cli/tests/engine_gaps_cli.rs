//! Issue 18's gaps of `ptxfp run`, through the binary: what a run prints
//! when it stops on an error after warnings about its inputs. Expected
//! text is written here from the inputs' meaning, never taken from ptxfp.

use std::process::{Command, Output};

fn ptxfp(dir: &std::path::Path, args: &[&str]) -> Output {
    Command::new(env!("CARGO_BIN_EXE_ptxfp"))
        .current_dir(dir)
        .args(args)
        .output()
        .unwrap()
}

/// A kernel that reads its `.f32` parameter, then loads global memory at
/// `out`, which no `--mem` gives: the run stops there.
const STOPS: &str = ".version 7.0
.target sm_70
.address_size 64
.entry k(.param .f32 x, .param .u64 out)
{
.reg .u64 %a;
.reg .u32 %v;
.reg .f32 %f;
ld.param.f32 %f, [x];
ld.param.u64 %a, [out];
ld.global.u32 %v, [%a];
st.global.u32 [%a], %v;
}
";

fn dir_with(name: &str, text: &str) -> std::path::PathBuf {
    let dir = std::env::temp_dir().join(format!("ptxfp-gaps-{}-{name}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    std::fs::write(dir.join(name), text).unwrap();
    dir
}

/// `--set x=1e999999`: 10^999999 is far above .f32's largest finite value
/// (about 3.4e38), so it overflows to +Inf, a warning. The run then stops
/// on the load of memory never given (an error at line 11): the warning
/// is still printed, before the error, and is in `--json`'s warnings.
#[test]
fn an_input_warning_survives_a_runtime_error() {
    let dir = dir_with("stops.ptx", STOPS);
    let o = ptxfp(
        &dir,
        &[
            "run",
            "stops.ptx",
            "--set",
            "x=1e999999",
            "--set",
            "out=0x1000",
        ],
    );
    let err = String::from_utf8_lossy(&o.stderr);
    assert_eq!(o.status.code(), Some(2), "{err}");
    let warn = "ptxfp: warning: --set x=1e999999: `1e999999` overflows .f32 and is +Inf\n";
    let w = err
        .find(warn)
        .unwrap_or_else(|| panic!("no warning in: {err}"));
    let e = err
        .find("stops.ptx:11:19: error: `ld.global.u32` reads 4 bytes at 0x1000, but memory at 0x1000 was never given or written")
        .unwrap_or_else(|| panic!("no error in: {err}"));
    assert!(w < e, "the warning comes first: {err}");

    let o = ptxfp(
        &dir,
        &[
            "run",
            "stops.ptx",
            "--json",
            "--set",
            "x=1e999999",
            "--set",
            "out=0x1000",
        ],
    );
    assert_eq!(o.status.code(), Some(2));
    let v: serde_json::Value = serde_json::from_slice(&o.stdout).unwrap();
    assert_eq!(
        v["warnings"],
        serde_json::json!([{
            "help": null,
            "location": null,
            "message": "--set x=1e999999: `1e999999` overflows .f32 and is +Inf",
            "severity": "warning"
        }])
    );
    assert_eq!(v["errors"][0]["location"], "stops.ptx:11:19");
    std::fs::remove_dir_all(&dir).ok();
}

/// examples/kernels/cp-async.ptx: 32 threads stage a tile with cp.async;
/// out[t] is the sum of the four words thread 31 - t copied, with in[k] =
/// k: 16(31 - t) + 6 (the kernel's header).
#[test]
fn the_cp_async_example_stages_a_tile() {
    let root = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("../..");
    let input: String = (0..128u32)
        .flat_map(|k| k.to_le_bytes())
        .map(|b| format!("{b:02x}"))
        .collect();
    let o = ptxfp(
        &root,
        &[
            "run",
            "examples/kernels/cp-async.ptx",
            "--block",
            "32",
            "--set",
            "in=0x1000",
            "--set",
            "out=0x2000",
            "--mem",
            &format!("0x1000={input}"),
        ],
    );
    let out = String::from_utf8_lossy(&o.stdout);
    assert_eq!(
        o.status.code(),
        Some(0),
        "{}",
        String::from_utf8_lossy(&o.stderr)
    );
    let want: Vec<String> = (0..32u32)
        .flat_map(|t| (16 * (31 - t) + 6).to_le_bytes())
        .map(|b| format!("{b:02x}"))
        .collect();
    assert_eq!(out, format!("mem[0x2000..0x2080] = {}\n", want.join(" ")));
}
