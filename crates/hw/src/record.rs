//! Results recorded as JSON under `testdata/hw/<gpu>/`: the schema (see
//! testdata/hw/README.md), the writer and the reader.

use std::path::{Path, PathBuf};

use serde::{Deserialize, Serialize};

/// The schema version written in every record.
pub const SCHEMA: u32 = 1;

/// The GPU and driver a record was made on.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct GpuInfo {
    /// The device name the driver reports (`NVIDIA H100 80GB HBM3`).
    pub name: String,
    /// Compute capability as a target, `sm_90`.
    pub sm: String,
    /// `cuDriverGetVersion`, as `major.minor` (`12.4`).
    pub driver_version: String,
}

impl GpuInfo {
    /// The directory name under `testdata/hw/`: the name in lower case, runs
    /// of anything but letters and digits replaced by one `-`
    /// (`nvidia-h100-80gb-hbm3`).
    pub fn slug(&self) -> String {
        let mut out = String::new();
        for c in self.name.chars() {
            if c.is_ascii_alphanumeric() {
                out.push(c.to_ascii_lowercase());
            } else if !out.ends_with('-') {
                out.push('-');
            }
        }
        let slug = out.trim_matches('-').to_string();
        if slug.is_empty() {
            "unknown-gpu".into()
        } else {
            slug
        }
    }
}

/// Which operands a record covers.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(tag = "kind", rename_all = "snake_case")]
pub enum Inputs {
    /// Every pair of 16-bit operands, in the canonical sweep order
    /// (`a = i >> 16`, `b = i & 0xffff`; packed forms: the same value in both lanes).
    Exhaustive {
        /// Number of results (2^32).
        count: u64,
    },
    /// Edge-weighted random operands: tuples `0 .. count` of [`crate::gen::stream`].
    Random {
        /// The seed given to `--seed`.
        seed: u64,
        /// Number of operand tuples.
        count: u64,
    },
    /// `ptxfp sweep --random count --seed seed`'s operands
    /// (`ptxfp::sweep::Operands::Random`, uniform, counter-based).
    SweepRandom {
        /// The seed.
        seed: u64,
        /// Number of results.
        count: u64,
    },
    /// Every value of a form's one 16-bit source, in order (operand `i` is
    /// `i`): `hw check --exhaustive` of a one-source form, whose results
    /// the record holds whole ([`Record::table`]).
    Table {
        /// Number of results (2^16).
        count: u64,
    },
    /// The listed cases only (probes).
    Listed {
        /// Number of cases.
        count: u64,
    },
}

/// One probe case: operands, what the GPU gave, what ptxfp gives (hex bits).
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Case {
    /// Operands `a`, `b`[, `c`] as hex bit patterns (`0x7e00`).
    pub operands: Vec<String>,
    /// The GPU's result.
    pub gpu: String,
    /// ptxfp's result with its docs/NVIDIA.md choices.
    pub ptxfp: String,
}

/// One JSON file: one form (check, sweep) or one probe group.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Record {
    /// [`SCHEMA`].
    pub schema: u32,
    /// `check`, `sweep` or `probe`.
    pub command: String,
    /// The form's canonical text (`fma.rn.bf16`), or the probe group's name.
    pub form: String,
    /// For a probe group: the forms it ran.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub forms: Vec<String>,
    /// True only for records made up by tests from ptxfp itself: never
    /// evidence about hardware, never committed.
    #[serde(default, skip_serializing_if = "std::ops::Not::not")]
    pub synthetic: bool,
    /// The device.
    pub gpu: GpuInfo,
    /// UTC date and time the run finished, `2026-11-22T08:30:00Z`.
    pub date: String,
    /// ptxfp's version that compared.
    pub ptxfp_version: String,
    /// `.version` and `.target` of the kernel (`8.1 sm_90`).
    pub kernel_header: String,
    /// The operands covered.
    pub inputs: Inputs,
    /// Digests of the GPU's results, by algorithm name, as `ptxfp sweep`
    /// prints them.
    #[serde(default)]
    pub digests: std::collections::BTreeMap<String, String>,
    /// Results that differ from ptxfp's; `None` when the run did not
    /// compare (`--gpu-only`: the digest is compared later, by the CI test
    /// that re-derives it).
    #[serde(default)]
    pub mismatches: Option<u64>,
    /// Results whose register held bits set above the destination type's
    /// width (`cvt` to an 8-bit type writes a `.b16` register); the
    /// comparison and the digest use the type's bits only.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub register_high_bits: Option<u64>,
    /// Probe cases (or the first mismatches of a check).
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub cases: Vec<Case>,
    /// With [`Inputs::Table`]: every result, in operand order, as hex
    /// digits at the destination's width (4 per `.f16`), concatenated. The
    /// GPU's own table of an instruction NVIDIA does not define bit for
    /// bit (`ex2.approx.f16`).
    #[serde(default, skip_serializing_if = "String::is_empty")]
    pub table: String,
}

impl Record {
    /// The results of a [`Inputs::Table`] record, or why they cannot be read.
    pub fn table_values(&self, dest_bits: u32) -> Result<Vec<u64>, String> {
        let digits = dest_bits.div_ceil(4) as usize;
        let t = self.table.as_bytes();
        if digits == 0 || !t.len().is_multiple_of(digits) {
            return Err(format!(
                "{}: the table has {} hex digits, not a multiple of {digits}",
                self.form,
                t.len()
            ));
        }
        t.chunks(digits)
            .map(|c| {
                std::str::from_utf8(c)
                    .ok()
                    .and_then(|h| u64::from_str_radix(h, 16).ok())
                    .ok_or_else(|| format!("{}: the table holds a non-hex entry", self.form))
            })
            .collect()
    }
}

/// Errors reading or writing records.
#[derive(Debug, thiserror::Error)]
pub enum RecordError {
    /// File system.
    #[error("{path}: {source}")]
    Io {
        /// The file.
        path: PathBuf,
        /// The cause.
        source: std::io::Error,
    },
    /// Not a record.
    #[error("{path}: not a ptxfp hw record: {source}")]
    Json {
        /// The file.
        path: PathBuf,
        /// The cause.
        source: serde_json::Error,
    },
    /// A schema this build does not know.
    #[error("{path}: record schema {found}, this ptxfp reads schema {SCHEMA}")]
    Schema {
        /// The file.
        path: PathBuf,
        /// The schema it declares.
        found: u32,
    },
}

/// The file name for a record: the form with every character but letters,
/// digits and `.` replaced by `_`, then `.json` (`fma.rn.bf16.json`;
/// probes: `probe-nan.json`).
pub fn file_name(record: &Record) -> String {
    let stem: String = record
        .form
        .chars()
        .map(|c| {
            if c.is_ascii_alphanumeric() || c == '.' || c == '-' {
                c
            } else {
                '_'
            }
        })
        .collect();
    // Every source value of a one-source form beside its random check.
    let inputs = match record.inputs {
        Inputs::Table { .. } => ".exhaustive",
        _ => "",
    };
    format!("{}.{}{inputs}.json", stem, record.command)
}

/// Writes `record` as pretty JSON to `root/<gpu slug>/<file_name>`, creating
/// the directory, and returns the path.
pub fn write(root: &Path, record: &Record) -> Result<PathBuf, RecordError> {
    let dir = root.join(record.gpu.slug());
    std::fs::create_dir_all(&dir).map_err(|source| RecordError::Io {
        path: dir.clone(),
        source,
    })?;
    let path = dir.join(file_name(record));
    let mut text = serde_json::to_string_pretty(record).map_err(|source| RecordError::Json {
        path: path.clone(),
        source,
    })?;
    text.push('\n');
    std::fs::write(&path, text).map_err(|source| RecordError::Io {
        path: path.clone(),
        source,
    })?;
    Ok(path)
}

/// A record file's text: `NAME.json`, or `NAME.json.xz` decompressed (a
/// record too large for the repository as it is is committed
/// xz-compressed).
pub fn read_text(path: &Path) -> Result<String, RecordError> {
    let io = |source| RecordError::Io {
        path: path.to_path_buf(),
        source,
    };
    let bytes = std::fs::read(path).map_err(io)?;
    // A record too large for the repository as it is (every case of a
    // probe) is committed xz-compressed: `NAME.json.xz`.
    let bytes = if path.extension().is_some_and(|e| e == "xz") {
        let mut out = Vec::new();
        lzma_rs::xz_decompress(&mut &bytes[..], &mut out).map_err(|e| {
            io(std::io::Error::new(
                std::io::ErrorKind::InvalidData,
                format!("not a valid .xz file: {e}"),
            ))
        })?;
        out
    } else {
        bytes
    };
    String::from_utf8(bytes).map_err(|e| {
        io(std::io::Error::new(
            std::io::ErrorKind::InvalidData,
            format!("not UTF-8 text: {e}"),
        ))
    })
}

/// Reads one record.
pub fn read(path: &Path) -> Result<Record, RecordError> {
    let text = read_text(path)?;
    let value: serde_json::Value =
        serde_json::from_str(&text).map_err(|source| RecordError::Json {
            path: path.to_path_buf(),
            source,
        })?;
    let found = value.get("schema").and_then(|s| s.as_u64()).unwrap_or(0) as u32;
    if found != SCHEMA {
        return Err(RecordError::Schema {
            path: path.to_path_buf(),
            found,
        });
    }
    serde_json::from_value(value).map_err(|source| RecordError::Json {
        path: path.to_path_buf(),
        source,
    })
}

/// Every `*.json` file under `root` (one level of GPU directories), sorted.
/// A missing `root` has none.
pub fn find(root: &Path) -> Result<Vec<PathBuf>, RecordError> {
    let mut out = Vec::new();
    let io = |path: &Path| {
        let path = path.to_path_buf();
        move |source| RecordError::Io { path, source }
    };
    let Ok(dirs) = std::fs::read_dir(root) else {
        return Ok(out);
    };
    for dir in dirs {
        let dir = dir.map_err(io(root))?.path();
        if !dir.is_dir() {
            continue;
        }
        for file in std::fs::read_dir(&dir).map_err(io(&dir))? {
            let file = file.map_err(io(&dir))?.path();
            let name = file.file_name().and_then(|n| n.to_str()).unwrap_or("");
            if name.ends_with(".json") || name.ends_with(".json.xz") {
                out.push(file);
            }
        }
    }
    out.sort();
    Ok(out)
}

/// `bits` as hex with the width of `bits_wide` bits (`0x7e00`, `0x7fffffff`).
pub fn hex(bits: u64, bits_wide: u32) -> String {
    format!("{:#0w$x}", bits, w = (bits_wide as usize).div_ceil(4) + 2)
}

/// The current UTC time as `YYYY-MM-DDTHH:MM:SSZ`.
pub fn now_utc() -> String {
    let secs = std::time::SystemTime::now()
        .duration_since(std::time::UNIX_EPOCH)
        .map_or(0, |d| d.as_secs());
    utc(secs)
}

/// Seconds since 1970 as `YYYY-MM-DDTHH:MM:SSZ` (proleptic Gregorian;
/// days-to-civil conversion after H. Hinnant, "chrono-Compatible Low-Level
/// Date Algorithms").
pub fn utc(secs: u64) -> String {
    let days = (secs / 86400) as i64;
    let rem = secs % 86400;
    let z = days + 719_468;
    let era = z.div_euclid(146_097);
    let doe = z.rem_euclid(146_097);
    let yoe = (doe - doe / 1460 + doe / 36524 - doe / 146_096) / 365;
    let doy = doe - (365 * yoe + yoe / 4 - yoe / 100);
    let mp = (5 * doy + 2) / 153;
    let day = doy - (153 * mp + 2) / 5 + 1;
    let month = if mp < 10 { mp + 3 } else { mp - 9 };
    let year = yoe + era * 400 + i64::from(month <= 2);
    format!(
        "{year:04}-{month:02}-{day:02}T{:02}:{:02}:{:02}Z",
        rem / 3600,
        rem / 60 % 60,
        rem % 60
    )
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn dates() {
        assert_eq!(utc(0), "1970-01-01T00:00:00Z");
        assert_eq!(utc(951_782_400), "2000-02-29T00:00:00Z");
        assert_eq!(utc(1_700_000_000), "2023-11-14T22:13:20Z");
    }

    #[test]
    fn slugs_and_hex() {
        let g = GpuInfo {
            name: "NVIDIA H100 80GB HBM3".into(),
            sm: "sm_90".into(),
            driver_version: "12.4".into(),
        };
        assert_eq!(g.slug(), "nvidia-h100-80gb-hbm3");
        assert_eq!(hex(0x7e00, 16), "0x7e00");
        assert_eq!(hex(0x1, 16), "0x0001");
        assert_eq!(hex(0x7fffffff, 32), "0x7fffffff");
    }
}
