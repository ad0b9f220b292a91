//! `ptxfp hw run`'s harness (crates/hw/src/launch.rs) on the model device:
//! the parameters it builds, the regions it moves and the maps it places
//! must make ptxfp's engine compute what `ptxfp run` computes from the same
//! command line. The model device takes every parameter by its bytes and
//! puts each region at an address of its own, so a wrong byte, a pointer
//! not moved with its region or a map placed wrong shows as a difference.
//! This checks the harness, never a GPU.

use ptxfp_hw::launch::{compare, render, Launch};
use ptxfp_hw::model::ModelKernels;

fn dims(s: &str) -> [u32; 3] {
    let mut d = [1u32; 3];
    for (i, p) in s.split(',').enumerate() {
        d[i] = p.trim().parse().unwrap();
    }
    d
}

fn hex(s: &str) -> Vec<u8> {
    (0..s.len())
        .step_by(2)
        .map(|i| u8::from_str_radix(&s[i..i + 2], 16).unwrap())
        .collect()
}

/// A launch from `ptxfp run`'s words (`--set`, `--mem`, `--tensor-map`).
fn launch(src: &str, args: &[&str]) -> Launch {
    let mut l = Launch {
        src: src.to_string(),
        shape: ptxfp_hw::launch::Shape {
            grid: [1, 1, 1],
            block: [1, 1, 1],
            ..Default::default()
        },
        ..Launch::default()
    };
    let mut it = args.iter();
    while let Some(w) = it.next() {
        let v = it.next().unwrap();
        match *w {
            "--set" => {
                let (n, x) = v.split_once('=').unwrap();
                l.sets.push((n.into(), x.into()));
            }
            "--mem" => {
                let (a, h) = v.split_once('=').unwrap();
                l.mems.push((a.into(), hex(h)));
            }
            "--tensor-map" => l.tensor_maps.push(v.to_string()),
            "--block" => l.shape.block = dims(v),
            "--grid" => l.shape.grid = dims(v),
            "--entry" => l.entry = Some(v.to_string()),
            other => panic!("{other}"),
        }
    }
    l
}

/// Every kernel of the corpus (testdata/kernels/MANIFEST.json, 245 real
/// kernels: scalar parameters of every width, pointers, several regions)
/// agrees on the model device, every region byte compared.
#[test]
fn every_corpus_kernel_agrees_on_the_model_device() {
    let root = concat!(env!("CARGO_MANIFEST_DIR"), "/../../testdata/kernels/");
    let m: serde_json::Value =
        serde_json::from_str(&std::fs::read_to_string(format!("{root}MANIFEST.json")).unwrap())
            .unwrap();
    let (mut n, mut funcs) = (0, 0);
    for k in m["kernels"].as_array().unwrap() {
        let src =
            std::fs::read_to_string(format!("{root}{}", k["file"].as_str().unwrap())).unwrap();
        let args: Vec<&str> = k["args"]
            .as_array()
            .unwrap()
            .iter()
            .map(|a| a.as_str().unwrap())
            .collect();
        let mut l = launch(&src, &args);
        l.entry = Some(k["entry"].as_str().unwrap().to_string());
        l.shape.grid = dims(k["grid"].as_str().unwrap());
        l.shape.block = dims(k["block"].as_str().unwrap());
        l.shape.dynamic_shared = k["dynamic_shared"].as_u64().unwrap_or(0) as u32;
        let r = match compare(&mut ModelKernels::default(), &l, 4) {
            Ok(r) => r,
            // ptxfp runs a module of `.func`s alone; a GPU launches an
            // `.entry`.
            Err(e) if e.to_string().contains("is a .func") => {
                funcs += 1;
                continue;
            }
            Err(e) => panic!("{}: {e}", k["name"]),
        };
        assert_eq!(r.differing, 0, "{}: {}", k["name"], render(&r));
        assert!(r.bytes > 0, "{}", k["name"]);
        n += 1;
    }
    assert_eq!(n + funcs, 245);
    assert!(funcs < 10, "{funcs}");
}

/// A kernel that loads through a tensor map at an address (a `.u64`
/// parameter pointing at it, as `__grid_constant__`-less code passes one)
/// and stores a pointer it was given: both move with their regions.
#[test]
fn maps_at_addresses_and_pointers_move_with_their_regions() {
    let src = r#".version 8.0
.target sm_90
.address_size 64
.visible .entry k(.param .u64 tmap, .param .u64 out)
{
    .shared .align 8 .b64 bar;
    .shared .align 128 .b8 tile[64];
    .reg .pred %p<2>;
    .reg .b32 %r<8>;
    .reg .b64 %rd<6>;
    ld.param.u64 %rd1, [tmap];
    ld.param.u64 %rd2, [out];
    mov.u32 %r1, bar;
    mov.u32 %r2, tile;
    mov.u32 %r3, 4;
    mbarrier.init.shared::cta.b64 [%r1], 1;
    mbarrier.arrive.expect_tx.shared::cta.b64 %rd3, [%r1], 64;
    cp.async.bulk.tensor.1d.shared::cluster.global.mbarrier::complete_tx::bytes.tile [%r2], [%rd1, {%r3}], [%r1];
W:
    mbarrier.try_wait.parity.shared::cta.b64 %p1, [%r1], 0;
    @!%p1 bra W;
    ld.shared.v4.u32 {%r4, %r5, %r6, %r7}, [%r2];
    st.global.v4.u32 [%rd2], {%r4, %r5, %r6, %r7};
    st.global.u64 [%rd2+16], %rd2;
    ret;
}
"#;
    let t: String = (0..32u32)
        .flat_map(|i| (0xa0 + i).to_le_bytes())
        .map(|b| format!("{b:02x}"))
        .collect();
    let l = launch(
        src,
        &[
            "--tensor-map",
            "0x3000=u32:32@0x1000:box=16",
            "--set",
            "tmap=0x3000",
            "--set",
            "out=0x5000",
            "--mem",
            &format!("0x1000={t}"),
            "--mem",
            &format!("0x5000={}", "00".repeat(32)),
        ],
    );
    let r = compare(&mut ModelKernels::default(), &l, 4).unwrap();
    assert_eq!(r.differing, 0, "{}", render(&r));
    // The tensor, the map's 128 bytes and the output.
    assert_eq!((r.regions, r.bytes), (3, 128 + 128 + 32));
}

/// examples/kernels/thread-ids.ptx on 4 threads, `out` a 64-byte region.
fn thread_ids() -> (String, Launch) {
    let root = concat!(env!("CARGO_MANIFEST_DIR"), "/../../examples/kernels/");
    let src = std::fs::read_to_string(format!("{root}thread-ids.ptx")).unwrap();
    let l = launch(
        &src,
        &[
            "--block",
            "4",
            "--set",
            "out=0x1000",
            "--mem",
            &format!("0x1000={}", "00".repeat(64)),
        ],
    );
    (src, l)
}

/// A device that differs is reported, region and offset; a launch the
/// harness cannot take is an error that says why.
#[test]
fn differences_and_bad_launches_are_reported() {
    let (_, l) = thread_ids();
    let r = compare(&mut ModelKernels::default(), &l, 4).unwrap();
    assert_eq!(r.differing, 0, "{}", render(&r));
    let mut dev = ModelKernels::default();
    dev.flip = Some((0, 5));
    let r = compare(&mut dev, &l, 4).unwrap();
    assert_eq!(r.differing, 1);
    assert_eq!(
        (r.differences[0].region, r.differences[0].offset),
        (0x1000, 5)
    );
    assert!(render(&r).contains("DIFFER"), "{}", render(&r));
    let mut bad = l.clone();
    bad.entry = Some("nope".into());
    let e = compare(&mut ModelKernels::default(), &bad, 4).unwrap_err();
    assert!(e.to_string().contains("no .entry `nope`"), "{e}");
    let mut bad = l.clone();
    bad.mems.push(("somevar".into(), vec![0]));
    let e = compare(&mut ModelKernels::default(), &bad, 4).unwrap_err();
    assert!(
        e.to_string().contains("a numeric address, a parameter"),
        "{e}"
    );
}

/// Clusters and cooperative launches reach the device: CTA x of a grid of
/// 4 in clusters of 2 writes its `%cluster_ctarank` and `%clusterid.x`;
/// examples/kernels/grid-sync.ptx's grid barrier completes only in a
/// cooperative launch (without one the engine's step limit stops it).
#[test]
fn clusters_and_cooperative_launches_reach_the_device() {
    let src = r#".version 8.0
.target sm_90
.address_size 64
.visible .entry k(.param .u64 out)
{
.reg .b32 %r<4>;
.reg .b64 %rd<4>;
ld.param.u64 %rd1, [out];
mov.u32 %r1, %ctaid.x;
mov.u32 %r2, %cluster_ctarank;
mov.u32 %r3, %clusterid.x;
mul.wide.u32 %rd2, %r1, 4;
add.s64 %rd3, %rd1, %rd2;
st.global.u32 [%rd3], %r2;
st.global.u32 [%rd3+16], %r3;
ret;
}
"#;
    let mut l = launch(
        src,
        &[
            "--grid",
            "4",
            "--set",
            "out=0x1000",
            "--mem",
            &format!("0x1000={}", "ff".repeat(32)),
        ],
    );
    l.shape.cluster = Some([2, 1, 1]);
    let r = compare(&mut ModelKernels::default(), &l, 4).unwrap();
    assert_eq!((r.differing, r.bytes), (0, 32), "{}", render(&r));
    let root = concat!(env!("CARGO_MANIFEST_DIR"), "/../../examples/kernels/");
    let src = std::fs::read_to_string(format!("{root}grid-sync.ptx")).unwrap();
    let mut l = launch(
        &src,
        &[
            "--grid",
            "8",
            "--block",
            "64",
            "--set",
            "out=0x1000",
            "--set",
            "bar=0x2000",
            "--mem",
            &format!("0x1000={}", "00".repeat(64)),
            "--mem",
            "0x2000=00000000",
        ],
    );
    l.shape.cooperative = true;
    let r = compare(&mut ModelKernels::default(), &l, 4).unwrap();
    assert_eq!(r.differing, 0, "{}", render(&r));
    l.shape.cooperative = false;
    l.shape.max_steps = Some(100_000);
    let e = compare(&mut ModelKernels::default(), &l, 4).unwrap_err();
    assert!(e.to_string().contains("--max-steps"), "{e}");
}

/// A recorded run re-derives: the engine run again on the run's own
/// inputs (regions at the device's addresses) agrees with the device's
/// bytes as recorded, through the JSON writer and reader; a recorded byte
/// changed is found at its region and offset, and a record of another
/// module's text, or a region of the wrong length, is refused.
#[test]
fn a_recorded_run_re_derives_and_a_changed_byte_is_found() {
    use ptxfp_hw::launch::{
        compare_run, fnv1a, read_record, rederive, write_record, KernelRecord, KERNEL_SCHEMA,
    };
    let (src, l) = thread_ids();
    let mut dev = ModelKernels::default();
    let (r, run) = compare_run(&mut dev, &l, 4).unwrap();
    assert_eq!(r.differing, 0, "{}", render(&r));
    // The model device put the region elsewhere: the run holds its address.
    assert_ne!(run.regions[0].device, run.regions[0].given);
    let rec = KernelRecord {
        schema: KERNEL_SCHEMA,
        command: "run".into(),
        name: "examples/thread-ids".into(),
        file: "examples/kernels/thread-ids.ptx".into(),
        source_len: src.len() as u64,
        source_fnv1a: format!("{:016x}", fnv1a(src.as_bytes())),
        synthetic: true,
        gpu: ptxfp_hw::launch::KernelDevice::info(&dev).clone(),
        date: "2026-11-28T00:00:00Z".into(),
        ptxfp_version: "test".into(),
        differing: 0,
        run,
    };
    let dir = tempfile::tempdir().unwrap();
    let path = write_record(dir.path(), &rec).unwrap();
    assert!(
        path.ends_with("kernels/examples__thread-ids.run.json"),
        "{path:?}"
    );
    let back = read_record(&path).unwrap();
    assert_eq!(back, rec);
    let again = rederive(&src, &back.run, 4).unwrap();
    assert_eq!(
        (again.differing, again.bytes),
        (0, 64),
        "{}",
        render(&again)
    );
    // Thread 2 wrote 20 at byte 8: a device that had 21 there differs.
    let mut changed = back.run.clone();
    assert_eq!(&changed.regions[0].after[16..18], "14");
    changed.regions[0].after.replace_range(16..18, "15");
    let d = rederive(&src, &changed, 4).unwrap();
    assert_eq!(d.differing, 1);
    assert_eq!(
        (d.differences[0].region, d.differences[0].offset),
        (0x1000, 8)
    );
    assert_eq!(
        (
            d.differences[0].engine.clone(),
            d.differences[0].device.clone()
        ),
        (vec![0x14], vec![0x15])
    );
    let mut short = back.run.clone();
    short.regions[0].after.truncate(10);
    assert!(rederive(&src, &short, 4)
        .unwrap_err()
        .to_string()
        .contains("5 bytes recorded, 64 declared"));
    // A name that would leave the directory is refused.
    let mut bad = rec.clone();
    bad.name = "../x".into();
    assert!(write_record(dir.path(), &bad).is_err());
}
