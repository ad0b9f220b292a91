//! `ptxfp hw run`: a whole kernel on a device and in ptxfp's engine, the
//! memory the kernel was given compared byte for byte.
//!
//! The launch is `ptxfp run`'s: the module, its entry, the grid and block,
//! the dynamic shared memory, `--set` values of the parameters, `--mem`
//! regions of global memory at numeric addresses, and `--tensor-map` maps.
//! On the device each region is allocated and filled with its bytes; an
//! address into a region (a `--set` value, a map's tensor address, a map
//! placed at an address) is moved to the same offset of the region's
//! allocation. ptxfp's engine then runs the same kernel with the regions
//! at the device's addresses, so the two runs see the same numbers, and
//! each region's bytes after the kernel are compared: the engine's are the
//! region's bytes with the engine's writes over them, the device's are read
//! back. Memory the kernel reaches outside the regions (a `.global`
//! variable, an address no region holds) is not compared; the report says
//! how many bytes the engine wrote there.
//!
//! The parameters are built here as the device takes them: each `.param`
//! of the entry, in order, its declared size, the `--set` value's bits in
//! its first bytes ([`ptxfp::interp::set_bits`], `ptxfp run`'s rules), a
//! byte array given by `--mem NAME=HEX`, or a tensor map. A map is encoded
//! by the device itself (on a GPU, `cuTensorMapEncodeTiled` or
//! `cuTensorMapEncodeIm2col`).

use ptxfp::interp::{self, Inputs, Options, TensorMapSpec};
use ptxfp::module::{self, Space};
use ptxfp::{PtxType, Target};
use serde::{Deserialize, Serialize};

use cudarc::driver::CudaSlice;

use crate::gpu::{driver, jit_log, Gpu, GpuError};
use crate::record::{GpuInfo, RecordError};
use std::path::{Path, PathBuf};

/// A launch's shape: the grid, block, shared memory, cluster, and how
/// the engine runs it.
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct Shape {
    /// Blocks in the grid.
    pub grid: [u32; 3],
    /// Threads in a block.
    pub block: [u32; 3],
    /// Bytes of dynamic shared memory.
    pub dynamic_shared: u32,
    /// CTAs per cluster (`--cluster`, sm_90); `None`: the kernel's
    /// `.reqnctapercluster`, else none.
    pub cluster: Option<[u32; 3]>,
    /// A cooperative launch (`--cooperative`).
    pub cooperative: bool,
    /// The engine's step limit (`--max-steps`; `None`: its default).
    pub max_steps: Option<u64>,
}

impl Shape {
    /// ptxfp's engine options for `entry` of this shape on `device`.
    pub fn options(&self, entry: &str, device: Option<Target>) -> Options {
        Options {
            entry: Some(entry.to_string()),
            device,
            launch: interp::Launch {
                grid: self.grid,
                block: self.block,
                dynamic_shared: u64::from(self.dynamic_shared),
                cluster: self.cluster,
                cooperative: self.cooperative,
            },
            max_steps: self.max_steps,
            ..Options::default()
        }
    }
}

/// A launch as `ptxfp run` takes it.
#[derive(Clone, Debug, Default)]
pub struct Launch {
    /// The module's text.
    pub src: String,
    /// The entry; `None`: the module's only `.entry`.
    pub entry: Option<String>,
    /// Grid, block and the rest.
    pub shape: Shape,
    /// `--set NAME=VALUE`: the entry's parameters.
    pub sets: Vec<(String, String)>,
    /// `--mem ADDR=HEX`: at a numeric address a region of global memory
    /// (compared after the run); at a parameter's name, its bytes.
    pub mems: Vec<(String, Vec<u8>)>,
    /// `--tensor-map NAME=SPEC`: NAME a parameter or a numeric address.
    pub tensor_maps: Vec<String>,
}

/// One parameter as the device takes it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Arg {
    /// Its bytes (the parameter's declared size).
    Bytes(Vec<u8>),
    /// A tensor map the device encodes: the SPEC (its addresses already
    /// the device's) and what it describes.
    Map(String, TensorMapSpec),
}

/// What `hw run` needs from a device: memory and a launch.
pub trait KernelDevice {
    /// Name, sm and driver version.
    fn info(&self) -> &GpuInfo;
    /// The device's compute capability as a target; `None` for the model
    /// device, which runs code for any target.
    fn target(&self) -> Option<Target>;
    /// Allocates a region holding `bytes`; its device address.
    fn alloc(&mut self, bytes: &[u8]) -> Result<u64, GpuError>;
    /// Places the tensor map `spec` describes (its addresses the
    /// device's) at `addr`, the start of a 128-byte region: a GPU encodes
    /// it with the driver, the model device in ptxfp's layout.
    fn map_at(&mut self, addr: u64, spec: &str, desc: &TensorMapSpec) -> Result<(), GpuError>;
    /// Loads `src` and runs `entry` with `args`, one per parameter in
    /// order, to completion.
    /// `globals` are the bytes of module variables (`.global`, `.const`)
    /// given by name, written into the loaded module before the launch.
    fn launch(
        &mut self,
        src: &str,
        entry: &str,
        launch: &Launch,
        args: &[(String, Arg)],
        globals: &[(String, Vec<u8>)],
    ) -> Result<(), GpuError>;
    /// The `len` bytes at `addr`, inside a region.
    fn read(&mut self, addr: u64, len: usize) -> Result<Vec<u8>, GpuError>;
}

/// A region whose bytes differ.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Difference {
    /// The region's address as the launch gave it, and the offset of the
    /// first differing byte of a run of them.
    pub region: u64,
    /// Offset in the region.
    pub offset: usize,
    /// The engine's bytes and the device's, for the run of differing
    /// bytes (at most 16).
    pub engine: Vec<u8>,
    /// The device's bytes.
    pub device: Vec<u8>,
}

/// What `hw run` found.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Report {
    /// The entry run.
    pub entry: String,
    /// The regions compared and their bytes.
    pub regions: usize,
    /// Bytes compared.
    pub bytes: usize,
    /// Differing bytes.
    pub differing: usize,
    /// The first runs of differing bytes.
    pub differences: Vec<Difference>,
    /// Bytes the engine wrote outside every region (not compared).
    pub outside: u64,
}

/// Why `hw run` could not compare.
#[derive(Debug, thiserror::Error)]
pub enum LaunchError {
    /// The device.
    #[error(transparent)]
    Device(#[from] GpuError),
    /// The launch as given (exit code 2).
    #[error("{0}")]
    Usage(String),
}

fn usage(m: impl Into<String>) -> LaunchError {
    LaunchError::Usage(m.into())
}

/// The regions of a launch and where the device put them.
struct Regions {
    /// (address given, length, device address).
    at: Vec<(u64, u64, u64)>,
}

impl Regions {
    /// `v` moved to the device, where it points into a region (its end
    /// included: a pointer one past it).
    fn moved(&self, v: u64) -> Option<u64> {
        // A region holding v before one that v is just past.
        self.at
            .iter()
            .find(|(a, len, _)| v >= *a && v - a < *len)
            .or_else(|| self.at.iter().find(|(a, len, _)| v >= *a && v - a == *len))
            .map(|(a, _, d)| d + (v - a))
    }
}

/// A number as `--mem` and `--set` write addresses: decimal or `0x` hex,
/// with an optional `TYPE:` of an integer or bit type.
fn number(text: &str) -> Option<u64> {
    let t = text.trim();
    let t = match t.split_once(':') {
        Some(("u64" | "b64" | "s64" | "u32" | "b32" | "s32", v)) => v,
        Some(_) => return None,
        None => t,
    };
    let t = t.trim();
    match t.strip_prefix("0x").or_else(|| t.strip_prefix("0X")) {
        Some(h) => u64::from_str_radix(h, 16).ok(),
        None => t.parse().ok(),
    }
}

/// `spec` with its tensor address moved (`TYPE:SIZES@ADDR:...`).
fn moved_spec(spec: &str, regions: &Regions) -> String {
    let Some((head, rest)) = spec.split_once('@') else {
        return spec.to_string();
    };
    let (addr, tail) = rest.split_once(':').map_or((rest, ""), |(a, t)| (a, t));
    match number(addr).and_then(|v| regions.moved(v)) {
        Some(d) if tail.is_empty() => format!("{head}@{d:#x}"),
        Some(d) => format!("{head}@{d:#x}:{tail}"),
        None => spec.to_string(),
    }
}

/// Runs `launch` on `dev` and in the engine and compares the regions;
/// the first `show` runs of differing bytes are kept.
pub fn compare(
    dev: &mut dyn KernelDevice,
    launch: &Launch,
    show: usize,
) -> Result<Report, LaunchError> {
    compare_run(dev, launch, show).map(|(report, _)| report)
}

/// [`compare`], and the run as it went ([`KernelRun`], for a record).
pub fn compare_run(
    dev: &mut dyn KernelDevice,
    launch: &Launch,
    show: usize,
) -> Result<(Report, KernelRun), LaunchError> {
    let m = module::parse(&launch.src);
    let entries: Vec<_> = m.functions.iter().filter(|f| f.entry).collect();
    let f = match &launch.entry {
        Some(n) => entries.iter().find(|f| f.name == *n).ok_or_else(|| {
            usage(if m.functions.iter().any(|f| f.name == *n) {
                format!("`{n}` is a .func: a GPU launches only .entry functions")
            } else {
                format!("no .entry `{n}` in the module")
            })
        })?,
        None => match entries.as_slice() {
            [one] => one,
            [] => return Err(usage("the module has no .entry")),
            _ => {
                return Err(usage(format!(
                    "the module has {} entries: name one with --entry ({})",
                    entries.len(),
                    entries
                        .iter()
                        .map(|f| f.name.as_str())
                        .collect::<Vec<_>>()
                        .join(", ")
                )))
            }
        },
    };
    let params: Vec<_> = f
        .params
        .iter()
        .filter_map(|p| {
            m.vars
                .iter()
                .find(|v| v.scope == f.scope && v.space == Space::Param && v.name == *p)
        })
        .collect();
    let is_param = |n: &str| params.iter().any(|p| p.name == n);
    // Module variables given by name: written on the device, not compared.
    let is_global = |n: &str| {
        m.vars
            .iter()
            .any(|v| v.name == n && matches!(v.space, Space::Global | Space::Const))
    };
    let globals: Vec<(String, Vec<u8>)> = launch
        .mems
        .iter()
        .filter(|(n, _)| !is_param(n) && is_global(n))
        .cloned()
        .collect();

    // The regions: numeric --mem addresses, and maps placed at an address.
    let mut regions = Regions { at: Vec::new() };
    for (at, bytes) in &launch.mems {
        if is_param(at) || is_global(at) {
            continue;
        }
        let a = number(at).ok_or_else(|| {
            usage(format!(
                "--mem {at}: `hw run` takes a numeric address, a parameter's name or a .global/.const variable's name"
            ))
        })?;
        if bytes.is_empty() {
            return Err(usage(format!("--mem {at}: no bytes")));
        }
        let d = dev.alloc(bytes)?;
        regions.at.push((a, bytes.len() as u64, d));
    }
    let mut maps = Vec::new();
    for t in &launch.tensor_maps {
        let (name, spec) = t
            .split_once('=')
            .ok_or_else(|| usage(format!("--tensor-map {t}: expected NAME=SPEC")))?;
        maps.push((name.to_string(), spec.to_string()));
    }
    // Maps at an address get a region of their own (the map's 128 bytes,
    // encoded by the device once the tensor's address is known).
    for (name, _) in &maps {
        if is_param(name) {
            continue;
        }
        let a = number(name).ok_or_else(|| {
            usage(format!(
                "--tensor-map {name}=...: `hw run` places a map in a parameter or at a numeric address"
            ))
        })?;
        let d = dev.alloc(&[0u8; 128])?;
        regions.at.push((a, 128, d));
    }
    let maps: Vec<(String, String)> = maps
        .into_iter()
        .map(|(n, s)| (n, moved_spec(&s, &regions)))
        .collect();

    // The engine's inputs at the device's addresses.
    // A 64-bit parameter holding an address in a region is moved; so is a
    // 32-bit one (`.address_size 32` code) where the moved address fits.
    let moved_set = |name: &str, text: &str| -> Result<String, LaunchError> {
        let bits = params
            .iter()
            .find(|p| p.name == name)
            .map_or(0, |p| p.ty.bits());
        match number(text).and_then(|v| regions.moved(v)) {
            Some(d) if bits == 64 || (bits == 32 && d <= u64::from(u32::MAX)) => {
                Ok(format!("{d:#x}"))
            }
            Some(d) if bits == 32 => Err(usage(format!(
                "--set {name}={text}: a 32-bit address parameter (.address_size 32 code), and the device put the region at {d:#x}, past 32 bits"
            ))),
            _ => Ok(text.to_string()),
        }
    };
    let sets: Vec<(String, String)> = launch
        .sets
        .iter()
        .map(|(n, t)| moved_set(n, t).map(|v| (n.clone(), v)))
        .collect::<Result<_, _>>()?;
    let mut mems = Vec::new();
    for (at, bytes) in &launch.mems {
        match number(at).and_then(|v| regions.moved(v)) {
            Some(d) if !is_param(at) && !is_global(at) => {
                mems.push((format!("{d:#x}"), bytes.clone()))
            }
            _ => mems.push((at.clone(), bytes.clone())),
        }
    }
    let tensor_maps: Vec<String> = maps
        .iter()
        .map(|(n, s)| match number(n).and_then(|v| regions.moved(v)) {
            Some(d) if !is_param(n) => format!("{d:#x}={s}"),
            _ => format!("{n}={s}"),
        })
        .collect();
    let mut run = KernelRun {
        entry: f.name.clone(),
        device: dev.target().map(|t| t.to_string()),
        shape: launch.shape.clone(),
        sets: sets.clone(),
        mems: mems
            .iter()
            .map(|(a, b)| (a.clone(), bytes_hex_packed(b)))
            .collect(),
        tensor_maps,
        regions: regions
            .at
            .iter()
            .map(|(a, len, d)| RegionRun {
                given: format!("{a:#x}"),
                device: format!("{d:#x}"),
                len: *len,
                after: String::new(),
            })
            .collect(),
    };
    let (engine, outside) = run_engine(&launch.src, &run, dev.target(), mems, &regions.at)?;

    // The parameters as the device takes them.
    let mut args = Vec::new();
    for p in &params {
        if let Some((_, s)) = maps.iter().find(|(n, _)| *n == p.name) {
            let spec = interp::tensor_map_spec(s)
                .map_err(|e| usage(format!("--tensor-map {}={s}: {e}", p.name)))?;
            args.push((p.name.clone(), Arg::Map(s.clone(), spec)));
            continue;
        }
        let mut bytes = vec![0u8; p.size as usize];
        if let Some((_, text)) = sets.iter().find(|(n, _)| *n == p.name) {
            let ty = if p.ty == PtxType::Pred {
                PtxType::U32
            } else {
                p.ty
            };
            let v = interp::set_bits(text, ty)
                .map_err(|e| usage(format!("--set {}={text}: {e}", p.name)))?;
            let n = bytes.len().min(ty.bits().div_ceil(8) as usize);
            bytes[..n].copy_from_slice(&v.to_le_bytes()[..n]);
        } else if let Some((_, b)) = launch.mems.iter().find(|(n, _)| *n == p.name) {
            let n = bytes.len().min(b.len());
            bytes[..n].copy_from_slice(&b[..n]);
        }
        args.push((p.name.clone(), Arg::Bytes(bytes)));
    }
    // Maps at an address: encoded into their region.
    for (n, s) in &maps {
        if let Some(d) = number(n).and_then(|v| regions.moved(v)) {
            if !is_param(n) {
                let spec = interp::tensor_map_spec(s)
                    .map_err(|e| usage(format!("--tensor-map {n}={s}: {e}")))?;
                dev.map_at(d, s, &spec)?;
            }
        }
    }
    dev.launch(&launch.src, &f.name, launch, &args, &globals)?;
    let mut device = Vec::new();
    for (r, (_, len, d)) in run.regions.iter_mut().zip(&regions.at) {
        let got = dev.read(*d, *len as usize)?;
        r.after = bytes_hex_packed(&got);
        device.push(got);
    }
    let report = differences(&run.entry, &regions.at, &engine, &device, outside, show);
    Ok((report, run))
}

/// A launch as it ran: what ptxfp's engine needs to run it again with the
/// regions at the device's addresses, and each region's bytes on the
/// device after the kernel. `ptxfp hw run --record` keeps it with the
/// device's name ([`KernelRecord`]); [`rederive`] runs the engine on it
/// and compares, with no device.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct KernelRun {
    /// The entry run.
    pub entry: String,
    /// The device's target (`sm_90`); `None` for the model device.
    pub device: Option<String>,
    /// Grid, block and the rest.
    #[serde(flatten)]
    pub shape: Shape,
    /// `--set` values as the engine took them (addresses moved).
    pub sets: Vec<(String, String)>,
    /// `--mem` bytes (hex, memory order) as the engine took them
    /// (regions at the device's addresses).
    pub mems: Vec<(String, String)>,
    /// `--tensor-map` maps as the engine took them.
    pub tensor_maps: Vec<String>,
    /// The regions compared.
    pub regions: Vec<RegionRun>,
}

/// One region of a [`KernelRun`].
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct RegionRun {
    /// Its address as the launch gave it.
    pub given: String,
    /// Its address on the device, where the engine ran it too.
    pub device: String,
    /// Its length in bytes.
    pub len: u64,
    /// The device's bytes after the kernel (hex, memory order).
    pub after: String,
}

/// The schema version of a [`KernelRecord`].
pub const KERNEL_SCHEMA: u32 = 1;

/// One JSON file of `testdata/hw/<gpu>/kernels/`: a whole kernel run on
/// a GPU by `ptxfp hw run --record` (docs/GPU.md "Whole kernels").
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct KernelRecord {
    /// [`KERNEL_SCHEMA`].
    pub schema: u32,
    /// `run`.
    pub command: String,
    /// The kernel's name (`zluda/add`).
    pub name: String,
    /// The module's path as given, from the repository's root.
    pub file: String,
    /// The module's length in bytes and its FNV-1a 64-bit hash: a record
    /// of another text is stale.
    pub source_len: u64,
    /// [`fnv1a`] of the module's bytes, hex.
    pub source_fnv1a: String,
    /// True for a run on the model device: never committed.
    #[serde(default, skip_serializing_if = "std::ops::Not::not")]
    pub synthetic: bool,
    /// The device.
    pub gpu: GpuInfo,
    /// UTC date and time of the run.
    pub date: String,
    /// ptxfp's version that compared.
    pub ptxfp_version: String,
    /// Bytes that differed from ptxfp's engine at the time.
    pub differing: usize,
    /// The run.
    pub run: KernelRun,
}

/// The file of a kernel record: `root/<gpu slug>/kernels/<name>.run.json`,
/// each `/` of the name a `__`.
pub fn record_path(root: &Path, rec: &KernelRecord) -> Result<PathBuf, RecordError> {
    let bad = |c: char| !(c.is_ascii_alphanumeric() || "._-/".contains(c));
    if rec.name.is_empty()
        || rec.name.chars().any(bad)
        || rec.name.split('/').any(|p| p.is_empty() || p == "..")
    {
        return Err(RecordError::Io {
            path: PathBuf::from(&rec.name),
            source: std::io::Error::new(
                std::io::ErrorKind::InvalidInput,
                "a record's name takes letters, digits, `.`, `-`, `_` and `/` between nonempty parts",
            ),
        });
    }
    Ok(root
        .join(rec.gpu.slug())
        .join("kernels")
        .join(format!("{}.run.json", rec.name.replace('/', "__"))))
}

/// Writes `rec` as pretty JSON at [`record_path`], creating the
/// directory, and returns the path.
pub fn write_record(root: &Path, rec: &KernelRecord) -> Result<PathBuf, RecordError> {
    let path = record_path(root, rec)?;
    let io = |source| RecordError::Io {
        path: path.clone(),
        source,
    };
    if let Some(dir) = path.parent() {
        std::fs::create_dir_all(dir).map_err(io)?;
    }
    let mut text = serde_json::to_string_pretty(rec).map_err(|source| RecordError::Json {
        path: path.clone(),
        source,
    })?;
    text.push('\n');
    std::fs::write(&path, text).map_err(io)?;
    Ok(path)
}

/// Reads one kernel record (`.run.json`, or `.run.json.xz` compressed).
pub fn read_record(path: &Path) -> Result<KernelRecord, RecordError> {
    let text = crate::record::read_text(path)?;
    let rec: KernelRecord = serde_json::from_str(&text).map_err(|source| RecordError::Json {
        path: path.to_path_buf(),
        source,
    })?;
    if rec.schema != KERNEL_SCHEMA {
        return Err(RecordError::Schema {
            path: path.to_path_buf(),
            found: rec.schema,
        });
    }
    Ok(rec)
}

/// The FNV-1a 64-bit hash of `bytes` (a record's check that it is of
/// the module it names).
pub fn fnv1a(bytes: &[u8]) -> u64 {
    use std::hash::Hasher;
    let mut h = fnv::FnvHasher::default();
    h.write(bytes);
    h.finish()
}

fn bytes_hex_packed(b: &[u8]) -> String {
    b.iter().map(|x| format!("{x:02x}")).collect()
}

fn hex_bytes(name: &str, h: &str) -> Result<Vec<u8>, LaunchError> {
    if !h.len().is_multiple_of(2) || !h.bytes().all(|c| c.is_ascii_hexdigit()) {
        return Err(usage(format!("{name}: not hex bytes")));
    }
    (0..h.len())
        .step_by(2)
        .map(|i| u8::from_str_radix(&h[i..i + 2], 16).map_err(|e| usage(format!("{name}: {e}"))))
        .collect()
}

/// ptxfp's engine on `run` on `device`, with the `--mem` bytes `mems` and
/// the regions `at` (address given, length, device address): each
/// region's bytes after the kernel (its `--mem` bytes, or zeros, with the
/// engine's writes over them), and the bytes it wrote outside every
/// region.
fn run_engine(
    src: &str,
    run: &KernelRun,
    device: Option<Target>,
    mems: Vec<(String, Vec<u8>)>,
    at: &[(u64, u64, u64)],
) -> Result<(Vec<Vec<u8>>, u64), LaunchError> {
    let mut engine = Vec::new();
    for (_, len, d) in at {
        let len = usize::try_from(*len).map_err(|_| usage("a region past memory"))?;
        let start = mems
            .iter()
            .find(|(a, _)| number(a) == Some(*d))
            .map_or_else(|| vec![0u8; len], |(_, b)| b.clone());
        engine.push(start);
    }
    let inputs = Inputs {
        sets: run.sets.clone(),
        mems,
        tensor_maps: run.tensor_maps.clone(),
        ..Inputs::default()
    };
    let opts = run.shape.options(&run.entry, device);
    let outcome = interp::run(src, &inputs, &opts)
        .map_err(|e| usage(format!("ptxfp's engine did not run the kernel: {e}")))?;
    let mut outside = 0;
    for (a, bytes) in &outcome.memory {
        let mut inside = 0u64;
        for (k, (_, len, d)) in at.iter().enumerate() {
            let (lo, hi) = (*a.max(d), a.saturating_add(bytes.len() as u64).min(d + len));
            if lo < hi {
                engine[k][(lo - d) as usize..(hi - d) as usize]
                    .copy_from_slice(&bytes[(lo - a) as usize..(hi - a) as usize]);
                inside += hi - lo;
            }
        }
        outside += bytes.len() as u64 - inside;
    }
    Ok((engine, outside))
}

/// The engine's regions against the device's, the first `show` runs of
/// differing bytes kept.
fn differences(
    entry: &str,
    at: &[(u64, u64, u64)],
    engine: &[Vec<u8>],
    device: &[Vec<u8>],
    outside: u64,
    show: usize,
) -> Report {
    let mut report = Report {
        entry: entry.to_string(),
        regions: at.len(),
        bytes: 0,
        differing: 0,
        differences: Vec::new(),
        outside,
    };
    for (((a, _, _), mine), got) in at.iter().zip(engine).zip(device) {
        report.bytes += got.len();
        let mut i = 0;
        while i < got.len() {
            if got[i] == mine[i] {
                i += 1;
                continue;
            }
            let start = i;
            while i < got.len() && got[i] != mine[i] {
                i += 1;
            }
            report.differing += i - start;
            if report.differences.len() < show {
                let end = i.min(start + 16);
                report.differences.push(Difference {
                    region: *a,
                    offset: start,
                    engine: mine[start..end].to_vec(),
                    device: got[start..end].to_vec(),
                });
            }
        }
    }
    report
}

/// ptxfp's engine run again on a recorded run (`src` the module's text),
/// compared with the device's recorded bytes: what `hw run` found, with
/// no device.
pub fn rederive(src: &str, run: &KernelRun, show: usize) -> Result<Report, LaunchError> {
    let target = run
        .device
        .as_deref()
        .map(|t| {
            t.parse::<Target>()
                .map_err(|e| usage(format!("device {t}: {e}")))
        })
        .transpose()?;
    let mut mems = Vec::new();
    for (a, h) in &run.mems {
        mems.push((a.clone(), hex_bytes(&format!("--mem {a}"), h)?));
    }
    let mut at = Vec::new();
    for r in &run.regions {
        let address = |text: &str| {
            number(text)
                .ok_or_else(|| usage(format!("region {}: `{text}` is not an address", r.given)))
        };
        at.push((address(&r.given)?, r.len, address(&r.device)?));
    }
    let (engine, outside) = run_engine(src, run, target, mems, &at)?;
    let mut device = Vec::new();
    for r in &run.regions {
        let b = hex_bytes(&format!("region {}", r.given), &r.after)?;
        if b.len() as u64 != r.len {
            return Err(usage(format!(
                "region {}: {} bytes recorded, {} declared",
                r.given,
                b.len(),
                r.len
            )));
        }
        device.push(b);
    }
    Ok(differences(
        &run.entry, &at, &engine, &device, outside, show,
    ))
}

/// The report as text: one line a region difference, then the summary.
pub fn render(r: &Report) -> String {
    let mut s = String::new();
    for d in &r.differences {
        s += &format!(
            "differs: region {:#x} + {}: engine {} device {}\n",
            d.region,
            d.offset,
            bytes_hex(&d.engine),
            bytes_hex(&d.device)
        );
    }
    s += &format!(
        "{} {}: {} region(s), {} bytes compared, {} differ{}\n",
        if r.differing == 0 { "agree" } else { "DIFFER" },
        r.entry,
        r.regions,
        r.bytes,
        r.differing,
        if r.outside > 0 {
            format!(
                "; {} bytes the engine wrote outside the regions (shared, local, .global variables) not compared",
                r.outside
            )
        } else {
            String::new()
        }
    );
    s
}

/// Bytes in memory order, as `ptxfp run` prints them.
fn bytes_hex(b: &[u8]) -> String {
    b.iter()
        .map(|x| format!("{x:02x}"))
        .collect::<Vec<_>>()
        .join(" ")
}

/// A GPU as `ptxfp hw run` uses it: regions of global memory, tensor
/// maps the driver encodes, and a launch of any kernel
/// ([`crate::launch::KernelDevice`]).
pub struct GpuKernels<'g> {
    gpu: &'g Gpu,
    /// Each region's device address and its allocation.
    bufs: Vec<(u64, CudaSlice<u8>)>,
}

impl<'g> GpuKernels<'g> {
    /// The GPU `gpu`, with no region yet.
    pub fn new(gpu: &'g Gpu) -> GpuKernels<'g> {
        GpuKernels {
            gpu,
            bufs: Vec::new(),
        }
    }

    /// The region holding `addr`, and `addr`'s offset in it.
    fn region(&mut self, addr: u64, len: usize) -> Result<(usize, usize), GpuError> {
        self.bufs
            .iter()
            .position(|(a, b)| addr >= *a && addr.saturating_add(len as u64) <= a + b.len() as u64)
            .map(|i| (i, (addr - self.bufs[i].0) as usize))
            .ok_or_else(|| GpuError::Usage(format!("no region holds {len} bytes at {addr:#x}")))
    }
}

/// The driver's encoding of the map `desc` describes
/// (`cuTensorMapEncodeTiled`, or `cuTensorMapEncodeIm2col` for an im2col
/// map): its 128 bytes.
pub fn encode_map(desc: &ptxfp::interp::TensorMapSpec) -> Result<[u8; 128], GpuError> {
    use cudarc::driver::sys;
    use sys::CUtensorMapDataType_enum as T;
    let ty = match desc.ty {
        "u8" => T::CU_TENSOR_MAP_DATA_TYPE_UINT8,
        "u16" => T::CU_TENSOR_MAP_DATA_TYPE_UINT16,
        "u32" => T::CU_TENSOR_MAP_DATA_TYPE_UINT32,
        "s32" => T::CU_TENSOR_MAP_DATA_TYPE_INT32,
        "u64" => T::CU_TENSOR_MAP_DATA_TYPE_UINT64,
        "s64" => T::CU_TENSOR_MAP_DATA_TYPE_INT64,
        "f16" => T::CU_TENSOR_MAP_DATA_TYPE_FLOAT16,
        "bf16" => T::CU_TENSOR_MAP_DATA_TYPE_BFLOAT16,
        "f32" => T::CU_TENSOR_MAP_DATA_TYPE_FLOAT32,
        "f64" => T::CU_TENSOR_MAP_DATA_TYPE_FLOAT64,
        t => return Err(GpuError::Usage(format!("tensor map type {t}"))),
    };
    use sys::CUtensorMapSwizzle_enum as S;
    let swizzle = match (desc.swizzle, desc.atomicity) {
        (0, _) => S::CU_TENSOR_MAP_SWIZZLE_NONE,
        (32, _) => S::CU_TENSOR_MAP_SWIZZLE_32B,
        (64, _) => S::CU_TENSOR_MAP_SWIZZLE_64B,
        (128, 16) => S::CU_TENSOR_MAP_SWIZZLE_128B,
        _ => {
            return Err(GpuError::Usage(
                "the 128-byte swizzle's 32- and 64-byte atomicities: this build's driver bindings (CUDA 12.2) predate them".into(),
            ))
        }
    };
    let fill = if desc.nan_fill {
        sys::CUtensorMapFloatOOBfill_enum::CU_TENSOR_MAP_FLOAT_OOB_FILL_NAN_REQUEST_ZERO_FMA
    } else {
        sys::CUtensorMapFloatOOBfill_enum::CU_TENSOR_MAP_FLOAT_OOB_FILL_NONE
    };
    let interleave = sys::CUtensorMapInterleave_enum::CU_TENSOR_MAP_INTERLEAVE_NONE;
    let l2 = sys::CUtensorMapL2promotion_enum::CU_TENSOR_MAP_L2_PROMOTION_NONE;
    let mut map = sys::CUtensorMap { opaque: [0; 16] };
    let rank = desc.dims.len() as u32;
    let base = desc.base as *mut core::ffi::c_void;
    // SAFETY: every array holds `rank` entries (`strides` rank - 1, the
    // corners rank - 2), as ptxfp's SPEC parser made them; `map` is
    // writable; the driver is loaded (a Gpu was opened).
    let r = unsafe {
        match &desc.im2col {
            None => sys::cuTensorMapEncodeTiled(
                &mut map,
                ty,
                rank,
                base,
                desc.dims.as_ptr(),
                desc.strides.as_ptr(),
                desc.boxes.as_ptr(),
                desc.element_strides.as_ptr(),
                interleave,
                swizzle,
                l2,
                fill,
            ),
            Some((lower, upper, pixels, channels)) => sys::cuTensorMapEncodeIm2col(
                &mut map,
                ty,
                rank,
                base,
                desc.dims.as_ptr(),
                desc.strides.as_ptr(),
                lower.as_ptr(),
                upper.as_ptr(),
                *channels,
                *pixels,
                desc.element_strides.as_ptr(),
                interleave,
                swizzle,
                l2,
                fill,
            ),
        }
    };
    r.result()
        .map_err(driver("encoding the tensor map (cuTensorMapEncode*)"))?;
    let mut bytes = [0u8; 128];
    for (i, w) in map.opaque.iter().enumerate() {
        bytes[8 * i..8 * i + 8].copy_from_slice(&w.to_le_bytes());
    }
    Ok(bytes)
}

impl KernelDevice for GpuKernels<'_> {
    fn info(&self) -> &GpuInfo {
        &self.gpu.info
    }
    fn target(&self) -> Option<Target> {
        Some(self.gpu.target)
    }
    fn alloc(&mut self, bytes: &[u8]) -> Result<u64, GpuError> {
        use cudarc::driver::DevicePtr;
        let s = self.gpu.stream.clone_htod(bytes).map_err(driver(format!(
            "copying a region of {} bytes to the device",
            bytes.len()
        )))?;
        let (p, guard) = s.device_ptr(&self.gpu.stream);
        drop(guard);
        self.bufs.push((p, s));
        Ok(p)
    }
    fn map_at(
        &mut self,
        addr: u64,
        _spec: &str,
        desc: &ptxfp::interp::TensorMapSpec,
    ) -> Result<(), GpuError> {
        let bytes = encode_map(desc)?;
        let (i, off) = self.region(addr, 128)?;
        let stream = self.gpu.stream.clone();
        let mut view = self.bufs[i].1.slice_mut(off..off + 128);
        stream
            .memcpy_htod(&bytes, &mut view)
            .map_err(driver("copying a tensor map to the device"))
    }
    fn launch(
        &mut self,
        src: &str,
        entry: &str,
        launch: &Launch,
        args: &[(String, Arg)],
        globals: &[(String, Vec<u8>)],
    ) -> Result<(), GpuError> {
        use cudarc::driver::sys;
        let module = self
            .gpu
            .ctx
            .load_module(cudarc::nvrtc::Ptx::from_src(src))
            .map_err(|error| GpuError::Driver {
                what: format!(
                    "JIT-compiling the module (cuModuleLoadData); the JIT says: {}",
                    jit_log(src).trim()
                ),
                error,
            })?;
        let f = module
            .load_function(entry)
            .map_err(driver(format!("finding the entry `{entry}`")))?;
        for (name, bytes) in globals {
            let mut v = module
                .get_global(name, &self.gpu.stream)
                .map_err(driver(format!("finding the module variable `{name}`")))?;
            let n = bytes.len().min(v.len());
            let mut head = v.slice_mut(..n);
            self.gpu
                .stream
                .memcpy_htod(&bytes[..n], &mut head)
                .map_err(driver(format!("writing the module variable `{name}`")))?;
        }
        if launch.shape.dynamic_shared > 48 * 1024 {
            f.set_attribute(
                sys::CUfunction_attribute::CU_FUNC_ATTRIBUTE_MAX_DYNAMIC_SHARED_SIZE_BYTES,
                launch.shape.dynamic_shared as i32,
            )
            .map_err(driver("allowing the dynamic shared memory"))?;
        }
        // Each parameter's bytes; a map's the driver's encoding. The
        // driver copies them from these buffers at the launch.
        let mut values: Vec<Vec<u8>> = Vec::with_capacity(args.len());
        for (name, a) in args {
            values.push(match a {
                Arg::Bytes(b) => b.clone(),
                Arg::Map(_, desc) => encode_map(desc)
                    .map_err(|e| GpuError::Usage(format!("the map of `{name}`: {e}")))?
                    .to_vec(),
            });
        }
        let mut ptrs: Vec<*mut core::ffi::c_void> = values
            .iter_mut()
            .map(|v| v.as_mut_ptr().cast::<core::ffi::c_void>())
            .collect();
        let [gx, gy, gz] = launch.shape.grid;
        let [bx, by, bz] = launch.shape.block;
        // A cluster shape or a cooperative launch: launch attributes
        // (cuLaunchKernelEx), as cudaLaunchKernelEx takes them.
        let mut attrs = Vec::new();
        if let Some([x, y, z]) = launch.shape.cluster {
            // SAFETY: the union is plain data; `pad` zeroes all of it.
            let mut value: sys::CUlaunchAttributeValue = unsafe { core::mem::zeroed() };
            value.clusterDim = sys::CUlaunchAttributeValue_union__bindgen_ty_1 { x, y, z };
            attrs.push(sys::CUlaunchAttribute {
                id: sys::CUlaunchAttributeID::CU_LAUNCH_ATTRIBUTE_CLUSTER_DIMENSION,
                pad: [0; 4],
                value,
            });
        }
        if launch.shape.cooperative {
            // SAFETY: as above.
            let mut value: sys::CUlaunchAttributeValue = unsafe { core::mem::zeroed() };
            value.cooperative = 1;
            attrs.push(sys::CUlaunchAttribute {
                id: sys::CUlaunchAttributeID::CU_LAUNCH_ATTRIBUTE_COOPERATIVE,
                pad: [0; 4],
                value,
            });
        }
        let config = sys::CUlaunchConfig {
            gridDimX: gx,
            gridDimY: gy,
            gridDimZ: gz,
            blockDimX: bx,
            blockDimY: by,
            blockDimZ: bz,
            sharedMemBytes: launch.shape.dynamic_shared,
            hStream: self.gpu.stream.cu_stream(),
            attrs: attrs.as_mut_ptr(),
            numAttrs: attrs.len() as u32,
        };
        // SAFETY: `ptrs` holds one pointer per parameter of the entry, in
        // order, each to as many bytes as the parameter declares (built
        // from the module's own declarations); the buffers and the
        // attributes outlive the call, which copies them; the stream
        // belongs to the context.
        unsafe {
            sys::cuLaunchKernelEx(
                &config,
                f.cu_function(),
                ptrs.as_mut_ptr(),
                core::ptr::null_mut(),
            )
        }
        .result()
        .map_err(driver("launching the kernel (cuLaunchKernelEx)"))?;
        self.gpu
            .stream
            .synchronize()
            .map_err(driver("running the kernel"))
    }
    fn read(&mut self, addr: u64, len: usize) -> Result<Vec<u8>, GpuError> {
        let (i, off) = self.region(addr, len)?;
        let all = self
            .gpu
            .stream
            .clone_dtoh(&self.bufs[i].1)
            .map_err(driver("copying a region from the device"))?;
        Ok(all[off..off + len].to_vec())
    }
}
