//! Sharded sweeps: a sweep cut into contiguous ranges of its chunks, each
//! computed anywhere (another core, node, or a GPU) and written as one
//! self-describing JSON record; [`merge`] puts a directory of records back
//! together into the digest an unsharded sweep prints.
//!
//! # Shards
//!
//! A sweep of `C` chunks ([`super::CHUNK`] results each) cut into `N`
//! shards gives shard `K` (counting from 0) the chunks
//! `floor(K·C/N) .. floor((K+1)·C/N)`: contiguous, as even as possible,
//! none empty when `N ≤ C`. Since the digest is a fold of the chunk digests
//! `D_c` in order, the records' `D_c` give the whole sweep's digest.
//!
//! # Records
//!
//! [`run_shard`] writes one record, `<form>.<space>.<K>-of-<N>.json`
//! ([`ShardRecord::file_name`]), atomically: a temporary file in the same
//! directory (a name starting with `.` and holding `.tmp`), flushed to disk,
//! then renamed over the final name. A worker killed mid-way leaves at most
//! a temporary file, which [`merge`] ignores and names; re-running a shard
//! replaces its record. The fields (docs/schemas/sweep-shard.schema.json):
//! `schema` ([`SCHEMA`]), `kind` ([`KIND`]), `form`, `setup` (target,
//! device, PTX version), `ptxfp_version`, `profile_hash`
//! ([`profile_hash`]), `operands` (`exhaustive2`, `exhaustive3`, or
//! `random` with `n` and `seed`), `shard` (`k`, `n`), `chunks` (`first`,
//! `end`, `total`), `results`, `chunk_digests` (hex `D_c` from `first`),
//! `partial_digest` (the fold of the shard's own chunk digests: a
//! summary, not part of the whole digest), `engine` (`cpu` or `gpu`),
//! `path` (the kernel that computed it), `seconds`, `host` and
//! `finished_unix`.
//!
//! # Merging
//!
//! [`merge`] reads every `*.json` file of a directory. Records must agree on
//! the form, setup, ptxfp version, profile hash, operands and number of
//! shards; the largest agreeing group is the sweep (ties: the one whose
//! first file sorts first) and every other record is refused with what
//! differs. Two records of one shard are both refused (a duplicate or
//! overlap), as is a record inconsistent with itself (a chunk range or
//! count its `K/N` does not give). The merge is complete when every shard
//! is there exactly once; then [`Merged::digest`] is the sweep's digest.
//! [`against`] compares two directories chunk by chunk (a CPU set against
//! a GPU set).
#![allow(clippy::cast_possible_truncation)]

use std::collections::BTreeMap;
use std::fs;
use std::io::Write as _;
use std::path::{Path as FsPath, PathBuf};

use ptxfp_fast::Path;
use ptxfp_isa::form::Form;
use ptxfp_isa::target::PtxVersion;
use serde::{Deserialize, Serialize};

use super::{chunks_of, combine, fmix64, form_results, Operands, SweepError, CHUNK};
use crate::quirks::{Exec, HwProfile};

/// The record schema version written in every record.
pub const SCHEMA: u32 = 1;

/// The `kind` of every record: what tells a shard record from other JSON.
pub const KIND: &str = "ptxfp-sweep-shard";

/// This ptxfp's version, as records carry it.
pub const VERSION: &str = env!("CARGO_PKG_VERSION");

/// One shard to compute: the form and what it models, the operands, and
/// which shard (`shard` of `shards`, counting from 0).
///
/// The form is taken as given: its legality for the setup (`.target`,
/// `.version`) is the caller's check (`ptxfp::Instruction::check`).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ShardSpec {
    /// The form.
    pub form: Form,
    /// Code target, device and hardware profile.
    pub exec: Exec,
    /// The PTX ISA version of the setup (recorded; the results do not
    /// depend on it for a legal form).
    pub ptx: PtxVersion,
    /// The operands of the whole sweep.
    pub operands: Operands,
    /// `K`, from 0.
    pub shard: u64,
    /// `N`, at least 1 and at most the sweep's number of chunks.
    pub shards: u64,
}

/// The setup a record holds for, as the command line spells it.
#[derive(Clone, Debug, PartialEq, Eq, PartialOrd, Ord, Serialize, Deserialize)]
pub struct Setup {
    /// `--target` (`sm_100`).
    pub target: String,
    /// `--device`.
    pub device: String,
    /// `--ptx` (`8.8`).
    pub ptx: String,
}

/// A sweep's operand space as records name it.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Serialize, Deserialize)]
#[serde(tag = "kind", rename_all = "snake_case")]
pub enum Space {
    /// [`Operands::Exhaustive`] of a two-operand form: 2^32 results.
    Exhaustive2,
    /// [`Operands::Exhaustive`] of a three-operand form: 2^48 results.
    Exhaustive3,
    /// [`Operands::Random`].
    Random {
        /// Number of results.
        n: u64,
        /// The generator's seed.
        seed: u64,
    },
}

impl Space {
    /// The space of `ops` for a form of `arity` sources.
    pub fn of(ops: Operands, arity: usize) -> Space {
        match ops {
            Operands::Exhaustive if arity == 3 => Space::Exhaustive3,
            Operands::Exhaustive => Space::Exhaustive2,
            Operands::Random { n, seed } => Space::Random { n, seed },
        }
    }

    /// The operands this space sweeps.
    pub fn operands(self) -> Operands {
        match self {
            Space::Exhaustive2 | Space::Exhaustive3 => Operands::Exhaustive,
            Space::Random { n, seed } => Operands::Random { n, seed },
        }
    }

    /// Its number of results.
    pub fn results(self) -> u64 {
        match self {
            Space::Exhaustive2 => 1 << 32,
            Space::Exhaustive3 => 1 << 48,
            Space::Random { n, .. } => n,
        }
    }

    /// The `ptxfp sweep` flags that select it (`--exhaustive`,
    /// `--random N --seed S`).
    pub fn flags(self) -> String {
        match self {
            Space::Exhaustive2 | Space::Exhaustive3 => "--exhaustive".into(),
            Space::Random { n, seed } => format!("--random {n} --seed {seed}"),
        }
    }

    /// Its word in record file names (`exhaustive2`, `random-N-sS`).
    fn word(self) -> String {
        match self {
            Space::Exhaustive2 => "exhaustive2".into(),
            Space::Exhaustive3 => "exhaustive3".into(),
            Space::Random { n, seed } => format!("random-{n}-s{seed}"),
        }
    }

    /// The operands of the results `first ..= last`, in words: for an
    /// exhaustive space the range of each operand's 16-bit value `x`, `y`
    /// (`z`) (see [`Operands::Exhaustive`]), for a random one the indices.
    pub fn describe(self, first: u64, last: u64) -> String {
        let v = |i: u64, s: u32| (i >> s) & 0xffff;
        let range = |a: u64, b: u64| {
            if a == b {
                format!("{a:#06x}")
            } else {
                format!("{a:#06x}..={b:#06x}")
            }
        };
        match self {
            Space::Exhaustive2 => format!(
                "results {first:#x}..={last:#x}: x = {}, y = {}",
                range(v(first, 16), v(last, 16)),
                range(v(first, 0), v(last, 0))
            ),
            Space::Exhaustive3 => format!(
                "results {first:#x}..={last:#x}: x = {}, y = {}, z = {}",
                range(v(first, 32), v(last, 32)),
                range(v(first, 16), v(last, 16)),
                range(v(first, 0), v(last, 0))
            ),
            Space::Random { seed, .. } => {
                format!("results {first}..={last} of the random stream, seed {seed}")
            }
        }
    }
}

/// Which shard a record holds.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Serialize, Deserialize)]
pub struct ShardId {
    /// `K`, from 0.
    pub k: u64,
    /// `N`.
    pub n: u64,
}

/// A shard's chunks: `first .. end` of the sweep's `total`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct ChunkRange {
    /// The first chunk.
    pub first: u64,
    /// One past the last chunk.
    pub end: u64,
    /// The sweep's number of chunks.
    pub total: u64,
}

/// One shard's record (see the module doc for its fields).
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct ShardRecord {
    /// [`SCHEMA`].
    pub schema: u32,
    /// [`KIND`].
    pub kind: String,
    /// The form's canonical text.
    pub form: String,
    /// Target, device, PTX version.
    pub setup: Setup,
    /// The version of ptxfp that computed it.
    pub ptxfp_version: String,
    /// [`profile_hash`] of the hardware profile, hex.
    pub profile_hash: String,
    /// The whole sweep's operands.
    pub operands: Space,
    /// `K/N`.
    pub shard: ShardId,
    /// The chunks it holds.
    pub chunks: ChunkRange,
    /// Its number of results.
    pub results: u64,
    /// `D_c` of each of its chunks, in order, hex (`0x0fc1cd6525d8d1e4`).
    pub chunk_digests: Vec<String>,
    /// [`super::combine`] of its chunk digests, hex: a summary of the shard.
    pub partial_digest: String,
    /// `cpu` (ptxfp's model) or `gpu` (`ptxfp hw sweep`).
    pub engine: String,
    /// The kernel that computed it (`avx512-fp16`, `Form::eval`, the GPU's name).
    pub path: String,
    /// Wall seconds it took.
    pub seconds: f64,
    /// The host that computed it.
    pub host: String,
    /// When it finished, seconds since 1970 (UTC).
    pub finished_unix: u64,
}

/// Hex as records write a 64-bit value: `0x` and 16 digits.
pub fn hex64(v: u64) -> String {
    format!("{v:#018x}")
}

/// A record's 64-bit hex value back (`0x` and 1 to 16 digits).
pub fn parse_hex64(s: &str) -> Option<u64> {
    let d = s.strip_prefix("0x").or_else(|| s.strip_prefix("0X"))?;
    if d.is_empty() || d.len() > 16 {
        return None;
    }
    u64::from_str_radix(d, 16).ok()
}

impl ShardRecord {
    /// The record's file name: `<form>.<space>.<K>-of-<N>.json`, `K`
    /// zero-padded to the width of `N` (so that names sort by shard), the
    /// form with every character but letters, digits, `.` and `-` made `_`.
    pub fn file_name(&self) -> String {
        file_name(&self.form, self.operands, self.shard)
    }

    /// The chunk digests as numbers, or `None` if one is not hex.
    pub fn digests(&self) -> Option<Vec<u64>> {
        self.chunk_digests.iter().map(|s| parse_hex64(s)).collect()
    }

    /// What makes records of one sweep: form, setup, version, profile,
    /// operands, number of shards.
    fn identity(&self) -> Identity {
        (
            self.form.clone(),
            self.setup.clone(),
            self.ptxfp_version.clone(),
            self.profile_hash.clone(),
            self.operands,
            self.shard.n,
        )
    }
}

type Identity = (String, Setup, String, String, Space, u64);

/// See [`ShardRecord::file_name`].
pub fn file_name(form: &str, space: Space, shard: ShardId) -> String {
    let stem: String = form
        .chars()
        .map(|c| {
            if c.is_ascii_alphanumeric() || c == '.' || c == '-' {
                c
            } else {
                '_'
            }
        })
        .collect();
    let w = shard.n.saturating_sub(1).to_string().len();
    format!(
        "{stem}.{}.{:0w$}-of-{}.json",
        space.word(),
        shard.k,
        shard.n
    )
}

/// The chunks of shard `k` of `n` of a sweep of `total` chunks:
/// `floor(k·total/n) .. floor((k+1)·total/n)`.
pub fn shard_chunks(total: u64, k: u64, n: u64) -> std::ops::Range<u64> {
    let at = |k: u64| (u128::from(k) * u128::from(total) / u128::from(n.max(1))) as u64;
    at(k)..at(k + 1)
}

/// The hash of a hardware profile that records carry: the bytes of its
/// `Debug` text (`HwProfile { half_nan: 32767, ... }`) as little-endian
/// 64-bit words (the last padded with zero bytes), folded as the digest
/// folds chunks, `h = fmix64(h XOR w)` from `h = 0`, then
/// `fmix64(h XOR byte length)`. Any change of a field's value, and any
/// field added, changes it.
pub fn profile_hash(hw: &HwProfile) -> u64 {
    let text = format!("{hw:?}");
    let bytes = text.as_bytes();
    let mut h = 0u64;
    for w in bytes.chunks(8) {
        let mut b = [0u8; 8];
        b[..w.len()].copy_from_slice(w);
        h = fmix64(h ^ u64::from_le_bytes(b));
    }
    fmix64(h ^ bytes.len() as u64)
}

/// Why a shard cannot run or be written.
#[derive(Debug, thiserror::Error)]
pub enum ShardError {
    /// The sweep itself cannot run (not exhaustible, ...).
    #[error(transparent)]
    Sweep(#[from] SweepError),
    /// `K/N` does not name a shard of this sweep.
    #[error("{0}")]
    Shard(String),
    /// The output directory or file.
    #[error("{path}: {source}")]
    Io {
        /// The file or directory.
        path: PathBuf,
        /// The cause.
        source: std::io::Error,
    },
}

/// Makes the directory records go into (and the directories above it).
/// A path that is a file is said to be one (it said "File exists").
fn make_out_dir(out_dir: &FsPath) -> Result<(), ShardError> {
    if out_dir.exists() && !out_dir.is_dir() {
        return Err(ShardError::Shard(format!(
            "--out {}: not a directory; the records go into a directory (made if missing)",
            out_dir.display()
        )));
    }
    fs::create_dir_all(out_dir).map_err(|source| ShardError::Io {
        path: out_dir.to_path_buf(),
        source,
    })
}

/// Checks `K/N` against a sweep of `total` chunks.
///
/// # Errors
/// A message that says what is allowed.
pub fn check_shard(k: u64, n: u64, total: u64) -> Result<(), String> {
    if n == 0 {
        return Err("--shard K/N: N must be at least 1".into());
    }
    if k >= n {
        return Err(format!(
            "--shard {k}/{n}: K counts from 0, so it must be below N (0 to {})",
            n - 1
        ));
    }
    if n > total {
        return Err(format!(
            "--shard {k}/{n}: the sweep has {total} chunk(s) of 2^24 results, so at most {total} shards"
        ));
    }
    Ok(())
}

/// The record of `spec`'s shard made from its chunk digests (`engine`
/// `cpu` or `gpu`, `path` the kernel, `seconds` the time it took): what
/// [`run_shard`] writes, and what a GPU harness writes from its own
/// digests.
///
/// # Errors
/// [`ShardError::Sweep`]/[`ShardError::Shard`] as [`run_shard`], and a
/// [`ShardError::Shard`] if `digests` is not one per chunk of the shard.
pub fn record_of(
    spec: &ShardSpec,
    digests: &[u64],
    engine: &str,
    path: &str,
    seconds: f64,
) -> Result<ShardRecord, ShardError> {
    let results = form_results(&spec.form, spec.operands)?;
    let total = chunks_of(results);
    check_shard(spec.shard, spec.shards, total).map_err(ShardError::Shard)?;
    let range = shard_chunks(total, spec.shard, spec.shards);
    if digests.len() as u64 != range.end - range.start {
        return Err(ShardError::Shard(format!(
            "shard {}/{} has {} chunks, {} digests were given",
            spec.shard,
            spec.shards,
            range.end - range.start,
            digests.len()
        )));
    }
    let first = range.start * CHUNK as u64;
    let end = (range.end * CHUNK as u64).min(results);
    Ok(ShardRecord {
        schema: SCHEMA,
        kind: KIND.into(),
        form: spec.form.to_string(),
        setup: Setup {
            target: spec.exec.code_target.to_string(),
            device: spec.exec.device.to_string(),
            ptx: spec.ptx.to_string(),
        },
        ptxfp_version: VERSION.into(),
        profile_hash: hex64(profile_hash(&spec.exec.hw)),
        operands: Space::of(spec.operands, spec.form.source_types().len()),
        shard: ShardId {
            k: spec.shard,
            n: spec.shards,
        },
        chunks: ChunkRange {
            first: range.start,
            end: range.end,
            total,
        },
        results: end - first,
        chunk_digests: digests.iter().map(|&d| hex64(d)).collect(),
        partial_digest: hex64(combine(digests)),
        engine: engine.into(),
        path: path.into(),
        seconds,
        host: host_name(),
        finished_unix: std::time::SystemTime::now()
            .duration_since(std::time::UNIX_EPOCH)
            .map_or(0, |d| d.as_secs()),
    })
}

/// Computes shard `spec.shard` of `spec.shards` on `path` (on rayon's
/// current pool) and writes its record into `out_dir` (created if
/// missing), atomically. `progress` gets the shard's results done so far,
/// and returns whether to go on (where it says stop, no record is written).
/// Returns the record; its file is `out_dir.join(record.file_name())`.
///
/// # Errors
/// [`ShardError::Sweep`] when the sweep cannot run (a form that is not
/// exhaustible), [`ShardError::Shard`] for a `K/N` that names no shard
/// (`N` = 0, `K ≥ N`, `N` above the number of chunks), [`ShardError::Io`]
/// when the record cannot be written.
pub fn run_shard(
    spec: &ShardSpec,
    path: Path,
    out_dir: &FsPath,
    progress: &(dyn Fn(u64) -> bool + Sync),
) -> Result<ShardRecord, ShardError> {
    let results = form_results(&spec.form, spec.operands)?;
    let total = chunks_of(results);
    check_shard(spec.shard, spec.shards, total).map_err(ShardError::Shard)?;
    make_out_dir(out_dir)?;
    let range = shard_chunks(total, spec.shard, spec.shards);
    let t = std::time::Instant::now();
    let digests =
        super::run_form_chunks(&spec.form, &spec.exec, path, spec.operands, range, progress)?;
    let seconds = t.elapsed().as_secs_f64();
    let served = super::served_by(&spec.form, &spec.exec, path);
    let record = record_of(spec, &digests, "cpu", &served, seconds)?;
    write_record(out_dir, &record)?;
    Ok(record)
}

/// Computes shards `first..=last` of `template.shards` (the template's own
/// `shard` is ignored) on `path`, in one pass over their chunks (the
/// shards of a range are contiguous), and writes one record each into
/// `out_dir`, the files synced in parallel and the directory once. Each
/// record's `seconds` is the pass's time times its share of the chunks.
/// A range of small shards costs what one shard of their size costs, not
/// a thread-pool run and two syncs each.
///
/// # Errors
/// As [`run_shard`], for the first shard that fails.
pub fn run_shards(
    template: &ShardSpec,
    (first, last): (u64, u64),
    path: Path,
    out_dir: &FsPath,
    progress: &(dyn Fn(u64) -> bool + Sync),
) -> Result<Vec<ShardRecord>, ShardError> {
    let results = form_results(&template.form, template.operands)?;
    let total = chunks_of(results);
    check_shard(first, template.shards, total).map_err(ShardError::Shard)?;
    check_shard(last, template.shards, total).map_err(ShardError::Shard)?;
    if last < first {
        return Err(ShardError::Shard(format!(
            "shards {first}-{last}: the first is after the last"
        )));
    }
    make_out_dir(out_dir)?;
    let start = shard_chunks(total, first, template.shards).start;
    let end = shard_chunks(total, last, template.shards).end;
    let t = std::time::Instant::now();
    let digests = super::run_form_chunks(
        &template.form,
        &template.exec,
        path,
        template.operands,
        start..end,
        progress,
    )?;
    let seconds = t.elapsed().as_secs_f64();
    let served = super::served_by(&template.form, &template.exec, path);
    let records = (first..=last)
        .map(|k| {
            let spec = ShardSpec {
                shard: k,
                ..template.clone()
            };
            let r = shard_chunks(total, k, template.shards);
            let mine = &digests[(r.start - start) as usize..(r.end - start) as usize];
            let share = (r.end - r.start) as f64 / (end - start).max(1) as f64;
            record_of(&spec, mine, "cpu", &served, seconds * share)
        })
        .collect::<Result<Vec<_>, _>>()?;
    // The files are not synced one by one (each sync is a journal commit,
    // 20% of a small shard's time): a kill still leaves whole files or
    // none (temporary file, rename), and a power loss that tears one is
    // refused by `merge`, by name, and recomputed by a re-run.
    for r in &records {
        write_file(out_dir, r, false)?;
    }
    sync_dir(out_dir);
    Ok(records)
}

/// Writes `record` into `dir` as `record.file_name()`, atomically (a
/// temporary file in `dir`, synced, renamed over the name, the directory
/// synced), and returns the file's path.
///
/// # Errors
/// [`ShardError::Io`].
pub fn write_record(dir: &FsPath, record: &ShardRecord) -> Result<PathBuf, ShardError> {
    let path = write_file(dir, record, true)?;
    sync_dir(dir);
    Ok(path)
}

/// The renames into `dir` reach the disk with the directory (Unix); where a
/// directory cannot be opened this way, each rename is still atomic.
fn sync_dir(dir: &FsPath) {
    if let Ok(d) = fs::File::open(dir) {
        let _ = d.sync_all();
    }
}

/// [`write_record`] but for the directory's sync, and for the file's
/// unless `sync`.
fn write_file(dir: &FsPath, record: &ShardRecord, sync: bool) -> Result<PathBuf, ShardError> {
    let path = dir.join(record.file_name());
    let io = |p: &FsPath| {
        let p = p.to_path_buf();
        move |source| ShardError::Io { path: p, source }
    };
    let mut text = serde_json::to_string_pretty(record).map_err(|e| ShardError::Io {
        path: path.clone(),
        source: std::io::Error::other(e),
    })?;
    text.push('\n');
    let nanos = std::time::SystemTime::now()
        .duration_since(std::time::UNIX_EPOCH)
        .map_or(0, |d| d.subsec_nanos());
    let tmp = dir.join(format!(
        ".{}.tmp.{}.{nanos}",
        record.file_name(),
        std::process::id()
    ));
    let written = (|| {
        let mut f = fs::File::create(&tmp)?;
        f.write_all(text.as_bytes())?;
        if sync {
            f.sync_all()?;
        }
        Ok(())
    })();
    if let Err(e) = written {
        let _ = fs::remove_file(&tmp);
        return Err(io(&tmp)(e));
    }
    if let Err(e) = fs::rename(&tmp, &path) {
        let _ = fs::remove_file(&tmp);
        return Err(io(&path)(e));
    }
    Ok(path)
}

/// Why a file is not a usable record.
#[derive(Debug, thiserror::Error)]
pub enum RecordError {
    /// Unreadable.
    #[error("{0}")]
    Io(#[from] std::io::Error),
    /// Not JSON, or not a shard record.
    #[error("not a ptxfp sweep shard record: {0}")]
    NotRecord(String),
    /// A record of a schema this ptxfp does not read.
    #[error("record schema {0}; this ptxfp reads schema {SCHEMA}")]
    Schema(u64),
}

/// The most bytes a record file can take (see [`read_record`]).
pub const MAX_RECORD_BYTES: u64 = 1 << 30;

/// Reads one record.
///
/// # Errors
/// [`RecordError`].
pub fn read_record(path: &FsPath) -> Result<ShardRecord, RecordError> {
    // A regular file only: a device or a pipe named like a record could
    // hold more than any memory.
    let meta = fs::metadata(path)?;
    if !meta.is_file() {
        return Err(RecordError::NotRecord("not a regular file".into()));
    }
    // The largest record, one shard of a 2^48 sweep, holds 2^24 chunk
    // digests: about 400 MB of text. A larger file is read no further
    // (a 10 GB sparse file ran memory out).
    if meta.len() > MAX_RECORD_BYTES {
        return Err(RecordError::NotRecord(format!(
            "{} bytes, larger than any record ({MAX_RECORD_BYTES} bytes)",
            meta.len()
        )));
    }
    let text = fs::read_to_string(path)?;
    let v: serde_json::Value =
        serde_json::from_str(&text).map_err(|e| RecordError::NotRecord(e.to_string()))?;
    if v.get("kind").and_then(|k| k.as_str()) != Some(KIND) {
        return Err(RecordError::NotRecord(format!("no \"kind\": \"{KIND}\"")));
    }
    let schema = v
        .get("schema")
        .and_then(serde_json::Value::as_u64)
        .unwrap_or(0);
    if schema != u64::from(SCHEMA) {
        return Err(RecordError::Schema(schema));
    }
    serde_json::from_value(v).map_err(|e| RecordError::NotRecord(e.to_string()))
}

/// Why a directory cannot be merged at all (as opposed to a merge that is
/// incomplete or refuses some records: [`Merged`]).
#[derive(Debug, thiserror::Error)]
pub enum MergeError {
    /// The directory cannot be listed.
    #[error("{path}: {source}")]
    Io {
        /// The directory.
        path: PathBuf,
        /// The cause.
        source: std::io::Error,
    },
    /// No record in it: the directory, and the `.json` files refused
    /// (a record cut short, a file that is not one), each said.
    #[error("{}", empty_message(.0, .1))]
    Empty(PathBuf, Vec<Refused>),
}

/// [`MergeError::Empty`]'s message: what was refused, and why.
fn empty_message(dir: &FsPath, refused: &[Refused]) -> String {
    let mut s = format!(
        "{}: no sweep shard records (*.json written by `ptxfp sweep ... --shard K/N --out DIR`)",
        dir.display()
    );
    if !refused.is_empty() {
        s += &format!("; {} .json file(s) refused:", refused.len());
        for r in refused.iter().take(MAX_LISTED) {
            s += &format!("\n  refused {}: {}", shown(&r.file), r.why);
        }
        if refused.len() > MAX_LISTED {
            s += &format!("\n  ... and {} more", refused.len() - MAX_LISTED);
        }
    }
    s
}

/// The refused files an error lists before it counts the rest.
const MAX_LISTED: usize = 20;

/// A record refused by a merge, and why.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Refused {
    /// The file.
    pub file: PathBuf,
    /// Why (`form is mul.rn.f16, the sweep's is add.rn.f16`).
    pub why: String,
}

/// What [`merge`] found in a directory.
#[derive(Clone, Debug, PartialEq)]
pub struct Merged {
    /// The directory.
    pub dir: PathBuf,
    /// The sweep's form (of the largest agreeing group of records).
    pub form: String,
    /// Its setup.
    pub setup: Setup,
    /// The ptxfp version that computed its records.
    pub ptxfp_version: String,
    /// Their profile hash.
    pub profile_hash: String,
    /// Its operands.
    pub operands: Space,
    /// Its number of shards `N`.
    pub shards: u64,
    /// Its number of chunks.
    pub total_chunks: u64,
    /// The results its accepted records hold.
    pub results: u64,
    /// `D_c` of every chunk, `None` where no accepted record holds it.
    pub chunk_digests: Vec<Option<u64>>,
    /// The records merged, sorted.
    pub records: Vec<PathBuf>,
    /// The shards `K` with no accepted record.
    pub missing: Vec<u64>,
    /// Records (and `.json` files) refused.
    pub refused: Vec<Refused>,
    /// Temporary files of unfinished writes (ignored).
    pub temp_files: Vec<PathBuf>,
    /// The sum of the accepted records' seconds.
    pub seconds: f64,
    /// The engines (`cpu`, `gpu`) and kernel paths of the accepted records.
    pub paths: Vec<String>,
    /// The whole sweep's digest, when complete (no shard missing).
    pub digest: Option<u64>,
    /// The digest expected, if one was given.
    pub expect: Option<u64>,
}

/// How a space is described in a sweep's text (`ptxfp sweep`, `ptxfp sweep
/// merge`).
pub fn operands_line(space: Space) -> String {
    match space {
        Space::Exhaustive2 => "exhaustive: result i = (a << 16) | b".into(),
        Space::Exhaustive3 => "exhaustive: result i = (a << 32) | (b << 16) | c".into(),
        Space::Random { seed, .. } => format!("random, seed {seed}"),
    }
}

/// The lines that an unsharded sweep and a merge print alike (scripts
/// compare them): form, setup, operands, results, digest.
pub fn summary(form: &str, setup: &Setup, space: Space, results: u64, digest: u64) -> String {
    format!(
        "form      {form}\nsetup     --target {} --device {} --ptx {}\noperands  {}\nresults   {results}\ndigest    {digest:#018x}\n",
        setup.target,
        setup.device,
        setup.ptx,
        operands_line(space)
    )
}

impl Merged {
    /// What `ptxfp sweep merge` prints for this merge (the Python binding
    /// prints the same): the [`summary`] lines when complete, then the
    /// shards, what is missing with the commands that re-run it, refused
    /// records and the temporary files of unfinished writes.
    pub fn report(&self) -> String {
        let m = self;
        let mut out = String::new();
        use std::fmt::Write as _;
        if let Some(d) = m.digest {
            out.push_str(&summary(&m.form, &m.setup, m.operands, m.results, d));
        } else {
            let _ = write!(
                out,
                "form      {}\nsetup     --target {} --device {} --ptx {}\noperands  {}\n",
                m.form,
                m.setup.target,
                m.setup.device,
                m.setup.ptx,
                operands_line(m.operands)
            );
        }
        let _ = writeln!(
            out,
            "shards    {} of {} in {} ({} chunks; {}; ptxfp {}, profile {}; {:.3} s of work)",
            m.shards - m.missing.len() as u64,
            m.shards,
            m.dir.display(),
            m.total_chunks,
            if m.paths.is_empty() {
                "-".to_string()
            } else {
                m.paths.join(", ")
            },
            m.ptxfp_version,
            m.profile_hash,
            m.seconds
        );
        if !m.missing.is_empty() {
            let list: Vec<String> = m
                .missing
                .iter()
                .take(50)
                .map(|k| format!("{k}/{}", m.shards))
                .collect();
            let more = if m.missing.len() > 50 {
                format!(" and {} more", m.missing.len() - 50)
            } else {
                String::new()
            };
            let _ = writeln!(
                out,
                "missing   {} of {} shards: {}{more}",
                m.missing.len(),
                m.shards,
                list.join(" ")
            );
            let _ = writeln!(out, "  help: re-run them:");
            for &k in m.missing.iter().take(50) {
                let _ = writeln!(out, "    {}", m.rerun(k));
            }
        }
        for r in &m.refused {
            let _ = writeln!(out, "refused   {}: {}", shown(&r.file), r.why);
        }
        for t in &m.temp_files {
            let _ = writeln!(
                out,
                "note      ignored {}: a temporary file of an unfinished write (a worker killed mid-way); delete it when no worker runs",
                shown(t)
            );
        }
        out
    }

    /// Complete, nothing refused, and equal to the expected digest if one
    /// was given.
    pub fn ok(&self) -> bool {
        self.missing.is_empty()
            && self.refused.is_empty()
            && self.digest.is_some()
            && self.expect.is_none_or(|e| Some(e) == self.digest)
    }

    /// The command that computes shard `k` of this sweep into `dir`:
    /// `ptxfp sweep ...`, or `ptxfp hw sweep ...` where the records came
    /// from a GPU.
    pub fn rerun(&self, k: u64) -> String {
        let dir = shell_word(&self.dir.display().to_string());
        if self.engine_is_gpu() {
            let ops = match self.operands {
                Space::Random { n, seed } => format!(" --random {n} --seed {seed}"),
                _ => String::new(),
            };
            return format!(
                "ptxfp hw sweep {}{ops} --gpu-only --shard {k}/{} --out {dir}",
                shell_word(&self.form),
                self.shards
            );
        }
        format!(
            "ptxfp sweep {} {} --target {} --device {} --ptx {} --shard {k}/{} --out {dir}",
            shell_word(&self.form),
            self.operands.flags(),
            shell_word(&self.setup.target),
            shell_word(&self.setup.device),
            shell_word(&self.setup.ptx),
            self.shards,
        )
    }

    fn engine_is_gpu(&self) -> bool {
        !self.paths.is_empty() && self.paths.iter().all(|p| p.starts_with("gpu"))
    }

    /// The results of chunk `c`, first and last, and its operands in words.
    pub fn chunk_operands(&self, c: u64) -> String {
        chunk_operands(self.operands, c)
    }

    /// The shard of this sweep that holds chunk `c`.
    pub fn shard_of(&self, c: u64) -> u64 {
        // The k with floor(k·C/N) ≤ c < floor((k+1)·C/N).
        let (t, n) = (u128::from(self.total_chunks), u128::from(self.shards));
        let mut k = ((u128::from(c) * n) / t.max(1)) as u64;
        while k + 1 < self.shards && shard_chunks(self.total_chunks, k + 1, self.shards).start <= c
        {
            k += 1;
        }
        while k > 0 && shard_chunks(self.total_chunks, k, self.shards).start > c {
            k -= 1;
        }
        k
    }
}

/// The results of chunk `c` of `space` and its operands in words.
pub fn chunk_operands(space: Space, c: u64) -> String {
    let first = c * CHUNK as u64;
    let last = ((c + 1) * CHUNK as u64).min(space.results()) - 1;
    space.describe(first, last)
}

/// A word as a POSIX shell reads it back: as is when it is made of safe
/// characters, else single-quoted.
fn shell_word(s: &str) -> String {
    if !s.is_empty()
        && s.chars()
            .all(|c| c.is_ascii_alphanumeric() || "/._-+=:,@%".contains(c))
    {
        s.to_string()
    } else {
        format!("'{}'", s.replace('\'', r"'\''"))
    }
}

/// A path as a report prints it: control characters (a terminal's escape
/// sequences, in a file name someone else chose) escaped.
fn shown(p: &FsPath) -> String {
    p.display()
        .to_string()
        .chars()
        .map(|c| {
            if c.is_control() {
                c.escape_default().to_string()
            } else {
                c.to_string()
            }
        })
        .collect()
}

/// Whether a directory entry's name is a temporary file of [`write_record`].
fn is_temp(name: &str) -> bool {
    name.starts_with('.') && name.contains(".tmp")
}

/// Merges the records of `dir` (see the module doc). `expect` is the
/// digest the sweep should have; [`Merged::ok`] tells whether it does.
///
/// # Errors
/// [`MergeError::Io`] when the directory cannot be listed,
/// [`MergeError::Empty`] when it holds no record at all. Everything else
/// (missing, duplicate, foreign or unreadable records) is in [`Merged`].
pub fn merge(dir: &FsPath, expect: Option<u64>) -> Result<Merged, MergeError> {
    let io = |source| MergeError::Io {
        path: dir.to_path_buf(),
        source,
    };
    let mut names: Vec<PathBuf> = Vec::new();
    let mut temp_files = Vec::new();
    for e in fs::read_dir(dir).map_err(io)? {
        let e = e.map_err(io)?;
        let p = e.path();
        let name = e.file_name().to_string_lossy().into_owned();
        if is_temp(&name) {
            temp_files.push(p);
        } else if name.ends_with(".json") {
            // Refused by name (`read_record`) where not a regular file: a
            // pipe, a directory or a link to a device was skipped without
            // a word.
            names.push(p);
        }
    }
    names.sort();
    temp_files.sort();
    let mut refused = Vec::new();
    // Each record's digests are parsed as it is read and their text
    // dropped: a 2^48 sweep's 65536 records hold 2^24 of them.
    let mut records = Vec::new();
    for p in names {
        match read_record(&p) {
            Ok(mut r) => match consistent(&r) {
                Ok(()) => {
                    let ds = r.digests().unwrap_or_default();
                    r.chunk_digests = Vec::new();
                    records.push((p, r, ds));
                }
                Err(why) => refused.push(Refused { file: p, why }),
            },
            Err(e) => refused.push(Refused {
                file: p,
                why: e.to_string(),
            }),
        }
    }
    if records.is_empty() {
        return Err(MergeError::Empty(dir.to_path_buf(), refused));
    }
    // The sweep: the largest group of records that agree (ties: the group
    // of the first file).
    let mut groups: BTreeMap<Identity, (usize, usize)> = BTreeMap::new();
    for (i, (_, r, _)) in records.iter().enumerate() {
        groups.entry(r.identity()).or_insert((0, i)).0 += 1;
    }
    let best = groups
        .iter()
        .max_by(|a, b| a.1 .0.cmp(&b.1 .0).then(b.1 .1.cmp(&a.1 .1)))
        .map(|(id, _)| id.clone());
    let Some(id) = best else {
        return Err(MergeError::Empty(dir.to_path_buf(), refused));
    };
    let reference = records
        .iter()
        .find(|(_, r, _)| r.identity() == id)
        .map(|(_, r, _)| r.clone())
        .ok_or_else(|| MergeError::Empty(dir.to_path_buf(), Vec::new()))?;
    let (form, setup, ptxfp_version, profile_hash, operands, shards) = id.clone();
    let total_chunks = chunks_of(operands.results());
    let agreeing = groups.get(&id).map_or(0, |g| g.0);
    let mut chunk_digests: Vec<Option<u64>> = vec![None; total_chunks as usize];
    let mut holder: BTreeMap<u64, PathBuf> = BTreeMap::new();
    let mut duplicates: BTreeMap<u64, Vec<PathBuf>> = BTreeMap::new();
    let mut accepted: Vec<(PathBuf, ShardRecord, Vec<u64>)> = Vec::new();
    for (p, r, ds) in records {
        if r.identity() != id {
            refused.push(Refused {
                file: p,
                why: differs(&r, &reference, agreeing),
            });
            continue;
        }
        if let Some(first) = holder.get(&r.shard.k) {
            duplicates
                .entry(r.shard.k)
                .or_insert_with(|| vec![first.clone()])
                .push(p);
            continue;
        }
        holder.insert(r.shard.k, p.clone());
        accepted.push((p, r, ds));
    }
    // Both (all) records of a duplicated shard are refused: which is right
    // cannot be told from the records.
    // The others named up to a few, then counted: a message per record
    // listing every other one grew as the square of the duplicates (4,000
    // copies printed 268 MB).
    const NAMED: usize = 3;
    for (k, files) in &duplicates {
        for f in files {
            let mut others: Vec<String> = files
                .iter()
                .filter(|o| *o != f)
                .take(NAMED)
                .map(|o| shown(o))
                .collect();
            let more = files.len() - 1 - others.len();
            if more > 0 {
                others.push(format!("{more} more"));
            }
            refused.push(Refused {
                file: f.clone(),
                why: format!(
                    "shard {k}/{shards} is also in {} (a duplicate: delete all but one, or re-run the shard)",
                    others.join(", ")
                ),
            });
        }
    }
    accepted.retain(|(_, r, _)| !duplicates.contains_key(&r.shard.k));
    let mut results = 0u64;
    let mut seconds = 0f64;
    let mut paths: Vec<String> = Vec::new();
    let mut files = Vec::new();
    for (p, r, ds) in &accepted {
        for (j, &d) in ds.iter().enumerate() {
            chunk_digests[(r.chunks.first + j as u64) as usize] = Some(d);
        }
        results += r.results;
        seconds += r.seconds;
        let path = format!("{} {}", r.engine, r.path);
        if !paths.contains(&path) {
            paths.push(path);
        }
        files.push(p.clone());
    }
    files.sort();
    let have: std::collections::BTreeSet<u64> =
        accepted.iter().map(|(_, r, _)| r.shard.k).collect();
    let missing: Vec<u64> = (0..shards).filter(|k| !have.contains(k)).collect();
    let digest = if missing.is_empty() {
        let ds: Option<Vec<u64>> = chunk_digests.iter().copied().collect();
        ds.map(|d| combine(&d))
    } else {
        None
    };
    Ok(Merged {
        dir: dir.to_path_buf(),
        form,
        setup,
        ptxfp_version,
        profile_hash,
        operands,
        shards,
        total_chunks,
        results,
        chunk_digests,
        records: files,
        missing,
        refused,
        temp_files,
        seconds,
        paths,
        digest,
        expect,
    })
}

/// What makes `r` foreign to the sweep of `reference` (`n` records agree).
fn differs(r: &ShardRecord, reference: &ShardRecord, n: usize) -> String {
    let mut d = Vec::new();
    let mut field = |name: &str, a: String, b: String| {
        if a != b {
            d.push(format!("{name} {a} (the other {n} record(s): {b})"));
        }
    };
    field("form", r.form.clone(), reference.form.clone());
    let s = |s: &Setup| {
        format!(
            "--target {} --device {} --ptx {}",
            s.target, s.device, s.ptx
        )
    };
    field("setup", s(&r.setup), s(&reference.setup));
    field(
        "ptxfp version",
        r.ptxfp_version.clone(),
        reference.ptxfp_version.clone(),
    );
    field(
        "hardware-profile hash",
        r.profile_hash.clone(),
        reference.profile_hash.clone(),
    );
    field("operands", r.operands.flags(), reference.operands.flags());
    field(
        "number of shards",
        r.shard.n.to_string(),
        reference.shard.n.to_string(),
    );
    format!("a record of another sweep: {}", d.join("; "))
}

/// Whether a record agrees with itself: its chunk range is what its `K/N`
/// gives, one digest per chunk, its result count that of the range.
fn consistent(r: &ShardRecord) -> Result<(), String> {
    let total = chunks_of(r.operands.results());
    let bad = |why: String| Err(format!("an inconsistent record: {why}"));
    // The form and setup are printed, and written into the commands that
    // re-run missing shards: each must be one word of the kind `sweep`
    // writes (`fma.rn.ftz.f16x2`, `sm_90a`, `8.8`), never text a shell
    // would read as more.
    let word = |w: &str| {
        !w.is_empty()
            && w.len() <= 128
            && w.bytes()
                .all(|c| c.is_ascii_alphanumeric() || c == b'.' || c == b'_')
    };
    for (what, w) in [
        ("form", &r.form),
        ("target", &r.setup.target),
        ("device", &r.setup.device),
        ("ptx", &r.setup.ptx),
    ] {
        if !word(w) {
            return bad(format!(
                "its {what} {:?} is not a word of letters, digits, `.` and `_`",
                w.chars().take(64).collect::<String>()
            ));
        }
    }
    // The other texts are printed as they are: no control characters (a
    // terminal's escape sequences), and not a page long.
    for (what, w) in [
        ("ptxfp_version", &r.ptxfp_version),
        ("profile_hash", &r.profile_hash),
        ("engine", &r.engine),
        ("path", &r.path),
        ("host", &r.host),
    ] {
        if w.len() > 256 || w.chars().any(char::is_control) {
            return bad(format!(
                "its {what} {:?} holds control characters or is longer than 256 bytes",
                w.chars().take(64).collect::<String>()
            ));
        }
    }
    if let Err(e) = check_shard(r.shard.k, r.shard.n, total) {
        return bad(e);
    }
    let want = shard_chunks(total, r.shard.k, r.shard.n);
    if r.chunks.total != total || r.chunks.first != want.start || r.chunks.end != want.end {
        return bad(format!(
            "chunks {}..{} of {}, shard {}/{} is chunks {}..{} of {total}",
            r.chunks.first,
            r.chunks.end,
            r.chunks.total,
            r.shard.k,
            r.shard.n,
            want.start,
            want.end
        ));
    }
    if r.chunk_digests.len() as u64 != want.end - want.start {
        return bad(format!(
            "{} chunk digests for {} chunks",
            r.chunk_digests.len(),
            want.end - want.start
        ));
    }
    let Some(ds) = r.digests() else {
        return bad("a chunk digest that is not 0x and 1 to 16 hex digits".into());
    };
    let results = (want.end * CHUNK as u64).min(r.operands.results()) - want.start * CHUNK as u64;
    if r.results != results {
        return bad(format!("{} results, its chunks hold {results}", r.results));
    }
    if parse_hex64(&r.partial_digest) != Some(combine(&ds)) {
        return bad("partial_digest is not the fold of its chunk digests".into());
    }
    Ok(())
}

/// Two shard sets compared chunk by chunk ([`against`]).
#[derive(Clone, Debug, PartialEq)]
pub struct Against {
    /// The first directory's merge.
    pub left: Merged,
    /// The second's.
    pub right: Merged,
    /// Why they are not comparable (another form, operands or chunk
    /// count), if they are not.
    pub incomparable: Option<String>,
    /// Chunks both hold.
    pub compared: u64,
    /// Chunks both hold whose digests differ.
    pub differing: u64,
    /// The first of them.
    pub first_difference: Option<u64>,
}

impl Against {
    /// Comparable, both complete and nothing refused, every chunk equal.
    pub fn ok(&self) -> bool {
        self.incomparable.is_none() && self.differing == 0 && self.left.ok() && self.right.ok()
    }
}

/// Merges `dir1` and `dir2` and compares them chunk by chunk (the chunks
/// both hold): a CPU set against a GPU set. They must be sweeps of the same
/// form and operands; their setups, versions, profile hashes and shard
/// counts may differ.
///
/// # Errors
/// As [`merge`], for either directory.
pub fn against(dir1: &FsPath, dir2: &FsPath) -> Result<Against, MergeError> {
    let left = merge(dir1, None)?;
    let right = merge(dir2, None)?;
    let incomparable = if left.form != right.form {
        Some(format!("forms {} and {}", left.form, right.form))
    } else if left.operands != right.operands {
        Some(format!(
            "operands {} and {}",
            left.operands.flags(),
            right.operands.flags()
        ))
    } else {
        None
    };
    let mut compared = 0;
    let mut differing = 0;
    let mut first_difference = None;
    if incomparable.is_none() {
        for (c, (a, b)) in left
            .chunk_digests
            .iter()
            .zip(&right.chunk_digests)
            .enumerate()
        {
            if let (Some(a), Some(b)) = (a, b) {
                compared += 1;
                if a != b {
                    differing += 1;
                    first_difference.get_or_insert(c as u64);
                }
            }
        }
    }
    Ok(Against {
        left,
        right,
        incomparable,
        compared,
        differing,
        first_difference,
    })
}

/// The name of this host: `/proc/sys/kernel/hostname`, `/etc/hostname`, or
/// `$HOSTNAME`/`$COMPUTERNAME`; `unknown` without one. Read once per
/// process: a range of 256 shards wrote 256 records, and read the file for
/// each.
pub fn host_name() -> String {
    static HOST: std::sync::OnceLock<String> = std::sync::OnceLock::new();
    HOST.get_or_init(read_host_name).clone()
}

fn read_host_name() -> String {
    let from_file = |p: &str| {
        fs::read_to_string(p)
            .ok()
            .map(|s| s.trim().to_string())
            .filter(|s| !s.is_empty())
    };
    from_file("/proc/sys/kernel/hostname")
        .or_else(|| from_file("/etc/hostname"))
        .or_else(|| std::env::var("HOSTNAME").ok().filter(|s| !s.is_empty()))
        .or_else(|| std::env::var("COMPUTERNAME").ok().filter(|s| !s.is_empty()))
        .unwrap_or_else(|| "unknown".into())
}
