//! Tensor copies in `.tile` mode (PTX ISA 5.5 "Tensors", 9.7.9.25.5.2
//! `cp.async.bulk.tensor`, 9.7.9.25.5.3 `cp.reduce.async.bulk.tensor`,
//! 9.7.9.25.5.4 `cp.async.bulk.prefetch.tensor`), and the tensor maps a
//! run is given (`--tensor-map`; docs/ENGINE.md "Tensor copies").
//!
//! "The tensor-map is a 128-byte opaque object" (5.5.8) that the host
//! builds with `cuTensorMapEncodeTiled`; NVIDIA does not publish its
//! bytes. A run gets the same facts from `--tensor-map NAME=SPEC`, and
//! writes them at NAME in a layout of ptxfp's own ([`encode`]): a kernel
//! reads the map only through the tensor instructions, which decode it
//! again here, so the layout is invisible to the program.

use super::*;
use ptxfp_isa::control::{Tensormap, TensormapField};
use ptxfp_isa::mbarrier::{AsyncOp, TensorCopy};

/// The syntax of `--tensor-map`.
pub const TENSOR_MAP_SYNTAX: &str = "NAME=TYPE:D0[xD1[x...]]@ADDR:box=B0[xB1[x...]][:strides=S1[,S2...]][:elementstrides=E0[xE1...]][:swizzle=none|32|64|128[:atomicity=16|32|64]][:fill=zero|nan], NAME a 128-byte .param/.global/.const variable or an address, TYPE u8|u16|u32|s32|u64|s64|f16|bf16|f32|f64, D the tensor's sizes and B the box's in elements, innermost first, S the byte strides of dimensions 1 and up (default: packed), E the traversal strides (default 1); an im2col map (cuTensorMapEncodeIm2col) of a 3d to 5d NWC/NHWC/NDHWC tensor takes pixels=P:channels=C[:lower=W[xH[xD]]][:upper=W[xH[xD]]] (the bounding box's corners, default 0) instead of box=";

/// The first bytes of a map [`encode`] wrote.
const MAGIC: &[u8; 4] = b"PTXT";

/// The element types (5.5.1: "`.b32`, `.b64`", "`.u8`, `.u16`, `.u32`,
/// `.s32`, `.u64`, `.s64`", "`.f16`, `.bf16`, `.tf32`, `.f32`, `.f64`"),
/// as `cuTensorMapEncodeTiled` names them (`CU_TENSOR_MAP_DATA_TYPE_*`):
/// name, bytes, whether a float (OOB-NaN fill).
const TYPES: [(&str, u8, bool); 10] = [
    ("u8", 1, false),
    ("u16", 2, false),
    ("u32", 4, false),
    ("s32", 4, false),
    ("u64", 8, false),
    ("s64", 8, false),
    ("f16", 2, true),
    ("bf16", 2, true),
    ("f32", 4, true),
    ("f64", 8, true),
];

/// A decoded tensor map.
#[derive(Clone, Debug, PartialEq, Eq)]
pub(crate) struct TensorMap {
    rank: usize,
    /// Index into [`TYPES`].
    ty: usize,
    /// 0 none, else 32, 64 or 128 (bytes).
    swizzle: u8,
    /// The 128-byte swizzle's atomicity (5.5.7): 16, 32 or 64 bytes kept
    /// whole; 16 for the other swizzles.
    atomicity: u8,
    /// OOB-NaN fill rather than zero fill.
    nan_fill: bool,
    base: u64,
    dims: [u32; 5],
    /// Byte strides; `strides[0]` is the element size.
    strides: [u64; 5],
    boxes: [u32; 5],
    estrides: [u32; 5],
    /// A map of `cuTensorMapEncodeIm2col` (PTX ISA 5.5.4); `None` for one
    /// of `cuTensorMapEncodeTiled` (whose `boxes` it ignores).
    im2col: Option<Im2col>,
}

/// What `cuTensorMapEncodeIm2col` adds to a map: "Bounding-box
/// Lower-Corner and Bounding-box Upper-Corner specify the two opposite
/// corners of the Bounding Box in the DHW space", "Pixels-per-Column
/// specifies the number of elements to be accessed in the NDHW space",
/// "Channels-per-Pixel specifies the number of elements to access across
/// the C dimension".
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) struct Im2col {
    /// The corners in W, H, D order (the tensor's dimensions 1 to rank - 2,
    /// innermost first as the sizes are); the unused ones 0.
    lower: [i32; 3],
    upper: [i32; 3],
    pixels: u32,
    channels: u32,
}

/// The corners' range per rank (5.5.4.1: "16-bit signed values whose
/// limits varies across the dimensions": 3D "[-2^15, 2^15-1]", 4D "[-2^7,
/// 2^7-1]", 5D "[-2^4, 2^4-1]"), and the im2col offsets' ("3D [0,
/// 2^16-1]", 4D "[0, 2^8-1]", 5D "[0, 2^5-1]"): bits of the signed corner
/// and of the unsigned offset.
fn im2col_bits(rank: usize) -> (u32, u32) {
    match rank {
        3 => (16, 16),
        4 => (8, 8),
        _ => (5, 5),
    }
}

impl TensorMap {
    fn esize(&self) -> u64 {
        u64::from(TYPES[self.ty].1)
    }

    /// Elements the box holds along dimension `d`: "the traversal stride
    /// specifies the exact number of elements to be skipped", so
    /// ceil(box / stride) of them.
    fn count(&self, d: usize) -> u64 {
        u64::from(self.boxes[d].div_ceil(self.estrides[d]))
    }

    /// The box's bytes in shared memory (every element, the out-of-bound
    /// ones filled): in im2col mode Pixels-per-Column pixels of
    /// Channels-per-Pixel elements.
    fn bytes(&self) -> u64 {
        match self.im2col {
            Some(i) => u64::from(i.pixels) * u64::from(i.channels) * self.esize(),
            None => (0..self.rank).map(|d| self.count(d)).product::<u64>() * self.esize(),
        }
    }

    /// The elements of one row of the box in shared memory: the box's
    /// dimension 0, or an im2col pixel's channels.
    fn row(&self) -> u64 {
        match self.im2col {
            Some(i) => u64::from(i.channels),
            None => u64::from(self.boxes[0]),
        }
    }

    fn encode(&self) -> [u8; 128] {
        let mut b = [0u8; 128];
        b[..4].copy_from_slice(MAGIC);
        b[4] = 1;
        b[5] = self.rank as u8;
        b[6] = self.ty as u8;
        b[7] = self.swizzle;
        // Table 36's numbers, so that zeroed bytes are the 16-byte default.
        b[10] = match self.atomicity {
            32 => 1,
            64 => 3,
            _ => 0,
        };
        b[8] = u8::from(self.nan_fill);
        b[16..24].copy_from_slice(&self.base.to_le_bytes());
        for d in 0..5 {
            b[24 + 4 * d..28 + 4 * d].copy_from_slice(&self.dims[d].to_le_bytes());
            b[44 + 2 * d..46 + 2 * d].copy_from_slice(&(self.boxes[d] as u16).to_le_bytes());
            b[54 + d] = self.estrides[d] as u8;
            if d > 0 {
                b[56 + 8 * d..64 + 8 * d].copy_from_slice(&self.strides[d].to_le_bytes());
            }
        }
        if let Some(i) = self.im2col {
            b[9] = 1;
            for k in 0..3 {
                b[96 + 2 * k..98 + 2 * k].copy_from_slice(&(i.lower[k] as i16).to_le_bytes());
                b[102 + 2 * k..104 + 2 * k].copy_from_slice(&(i.upper[k] as i16).to_le_bytes());
            }
            b[108..110].copy_from_slice(&(i.pixels as u16).to_le_bytes());
            b[110..112].copy_from_slice(&(i.channels as u16).to_le_bytes());
        }
        b
    }

    /// The map [`TensorMap::encode`] wrote, checked again (a kernel may
    /// have written over it).
    fn decode(b: &[u8; 128]) -> Result<TensorMap, String> {
        if &b[..4] != MAGIC || b[4] != 1 {
            return Err("these 128 bytes are not a tensor map a run was given: give the map with --tensor-map NAME=SPEC (docs/ENGINE.md \"Tensor copies\")".into());
        }
        let u32_at = |i: usize| u32::from_le_bytes([b[i], b[i + 1], b[i + 2], b[i + 3]]);
        let u64_at = |i: usize| u64::from_le_bytes(b[i..i + 8].try_into().unwrap_or([0; 8]));
        let mut m = TensorMap {
            rank: usize::from(b[5]),
            ty: usize::from(b[6]),
            swizzle: b[7],
            atomicity: match b[10] {
                0 => 16,
                1 => 32,
                3 => 64,
                _ => 0,
            },
            nan_fill: b[8] == 1,
            base: u64_at(16),
            dims: [0; 5],
            strides: [0; 5],
            boxes: [0; 5],
            estrides: [0; 5],
            im2col: None,
        };
        if b[9] > 1 {
            return Err("the tensor map's mode was overwritten".into());
        }
        if b[9] == 1 {
            let i16_at = |i: usize| i32::from(i16::from_le_bytes([b[i], b[i + 1]]));
            let u16_at = |i: usize| u32::from(u16::from_le_bytes([b[i], b[i + 1]]));
            m.im2col = Some(Im2col {
                lower: [i16_at(96), i16_at(98), i16_at(100)],
                upper: [i16_at(102), i16_at(104), i16_at(106)],
                pixels: u16_at(108),
                channels: u16_at(110),
            });
        }
        if !(1..=5).contains(&m.rank) || m.ty >= TYPES.len() {
            return Err("the tensor map's rank or type was overwritten".into());
        }
        m.strides[0] = m.esize();
        for d in 0..5 {
            m.dims[d] = u32_at(24 + 4 * d);
            m.boxes[d] = u32::from(u16::from_le_bytes([b[44 + 2 * d], b[45 + 2 * d]]));
            m.estrides[d] = u32::from(b[54 + d]);
            if d > 0 {
                m.strides[d] = u64_at(56 + 8 * d);
            }
        }
        m.check().map(|()| m)
    }

    /// `cuTensorMapEncodeTiled`'s rules that the copies rely on (CUDA
    /// Driver API): sizes from 1 to 2^32, box sizes from 1 to 256, the
    /// innermost box a multiple of 16 bytes (5.5.3.1: "Size of each
    /// bounding Box must be a multiple of 16 bytes"), element strides 1
    /// to 8 with 1 in dimension 0 (5.5.3.2: "For non-interleaved layout,
    /// the traversal stride in dimension 0 must always be 1"), strides
    /// multiples of 16 below 2^40, the address 16-byte aligned, and with a
    /// swizzle an innermost box of at most the swizzle's bytes.
    /// `cuTensorMapEncodeIm2col`'s rules (CUDA Driver API): "tensorRank
    /// ... must be 3, 4, or 5"; the corners "When tensorRank is 3, one
    /// signed offset within range [-32768, 32767] is supported", 4 "two
    /// ... [-128, 127]", 5 "three ... [-16, 15]"; "The bounding box
    /// specified by pixelBoxLowerCorner and pixelBoxUpperCorner must have
    /// non-zero area"; "channelsPerPixel ... must be less than or equal to
    /// 256"; "pixelsPerColumn ... must be less than or equal to 1024". The
    /// PTX ISA traverses only D, H and W with a stride ("The number of
    /// elements traversed along the D, H and W dimensions is strided by
    /// the traversal stride for that dimension"), so N's must be 1 here.
    fn check_im2col(&self, i: Im2col) -> Result<(), String> {
        if !(3..=5).contains(&self.rank) {
            return Err(format!(
                "an im2col map has 3, 4 or 5 dimensions (NWC, NHWC, NDHWC); this one {}",
                self.rank
            ));
        }
        let spatial = self.rank - 2;
        let bits = im2col_bits(self.rank).0;
        let (lo, hi) = (-(1i32 << (bits - 1)), (1i32 << (bits - 1)) - 1);
        for k in 0..spatial {
            for (what, v) in [("lower", i.lower[k]), ("upper", i.upper[k])] {
                if !(lo..=hi).contains(&v) {
                    return Err(format!("the {what} corner {v} in dimension {}: a {}d map's corners are {lo} to {hi}", k + 1, self.rank));
                }
            }
            if i64::from(self.dims[k + 1]) + i64::from(i.upper[k]) <= i64::from(i.lower[k]) {
                return Err(format!("the bounding box is empty in dimension {}: it spans lower to size + upper, {} to {} (\"must have non-zero area\")", k + 1, i.lower[k], i64::from(self.dims[k + 1]) + i64::from(i.upper[k])));
            }
        }
        if !(1..=256).contains(&i.channels) {
            return Err(format!("channels={}: 1 to 256 (\"channelsPerPixel ... must be less than or equal to 256\")", i.channels));
        }
        if !(1..=1024).contains(&i.pixels) {
            return Err(format!(
                "pixels={}: 1 to 1024 (\"pixelsPerColumn ... must be less than or equal to 1024\")",
                i.pixels
            ));
        }
        if self.estrides[self.rank - 1] != 1 {
            return Err("element stride of the N dimension (the outermost): 1 (PTX ISA 5.5.4.2 strides only D, H and W)".into());
        }
        Ok(())
    }

    fn check(&self) -> Result<(), String> {
        for d in 0..self.rank {
            if self.dims[d] == 0 {
                return Err(format!("dimension {d} has size 0"));
            }
            if self.im2col.is_none() && !(1..=256).contains(&self.boxes[d]) {
                return Err(format!(
                    "box size {} in dimension {d}: a box is 1 to 256 elements in each dimension",
                    self.boxes[d]
                ));
            }
            if !(1..=8).contains(&self.estrides[d]) {
                return Err(format!(
                    "element stride {} in dimension {d}: 1 to 8",
                    self.estrides[d]
                ));
            }
            if d > 0 && (!self.strides[d].is_multiple_of(16) || self.strides[d] >= 1 << 40) {
                return Err(format!("stride {} of dimension {d}: a multiple of 16 below 2^40 bytes (the default is the packed layout; give strides= for a padded one)", self.strides[d]));
            }
        }
        if !matches!(self.swizzle, 0 | 32 | 64 | 128) {
            return Err(format!(
                "swizzle {}: none, 32, 64 or 128 bytes",
                self.swizzle
            ));
        }
        // Table 14, "Valid combination of swizzle-atomicity with
        // swizzling-mode": 32B and 64B only with the 128B mode.
        match (self.swizzle, self.atomicity) {
            (_, 16) | (128, 32 | 64) => {}
            (128, a) => return Err(format!("atomicity {a}: the 128-byte swizzle keeps 16, 32 or 64 bytes whole (the 32-byte atomicity with the 8-byte flip is not run)")),
            (s, a) => return Err(format!("atomicity {a} with {}: only the 128-byte swizzle has the 32- and 64-byte atomicities (Table 14)", if s == 0 { "no swizzle".to_string() } else { format!("the {s}-byte swizzle") })),
        }
        if self.estrides[0] != 1 {
            return Err("element stride of dimension 0: 1 (\"For non-interleaved layout, the traversal stride in dimension 0 must always be 1\")".into());
        }
        if let Some(i) = self.im2col {
            self.check_im2col(i)?;
        }
        let inner = self.row() * self.esize();
        if !inner.is_multiple_of(16) {
            return Err(match self.im2col {
                Some(_) => format!("a pixel's channels are {inner} bytes: bulk copies move multiples of 16 bytes (\"The amount of data handled by a bulk asynchronous operation must be a multiple of 16 bytes\"), so channels= times the element size must be one"),
                None => format!("the innermost box is {inner} bytes: \"Size of each bounding Box must be a multiple of 16 bytes\""),
            });
        }
        if self.swizzle != 0 && inner > u64::from(self.swizzle) {
            return Err(format!(
                "the innermost box is {inner} bytes, more than the {}-byte swizzle spans",
                self.swizzle
            ));
        }
        if !self.base.is_multiple_of(16) {
            return Err(format!(
                "the tensor's address {:#x} is not 16-byte aligned",
                self.base
            ));
        }
        if self.nan_fill && !TYPES[self.ty].2 {
            return Err("fill=nan: OOB-NaN fill is for the float types".into());
        }
        if self.nan_fill && self.esize() != 2 {
            return Err("fill=nan on a 32- or 64-bit float type is not run: the bits of its OOB-NaN are not published and no GPU record shows them (the 16-bit types use the OOB-NaN fma.oob recognizes, docs/NVIDIA.md \".oob\")".into());
        }
        Ok(())
    }
}

/// What a `--tensor-map` SPEC describes, as the CUDA driver's
/// `cuTensorMapEncodeTiled` and `cuTensorMapEncodeIm2col` take it (for a
/// harness that builds the real map on a GPU, `ptxfp hw run`): every
/// array has one entry per dimension, innermost first.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct TensorMapSpec {
    /// The element type's name (`u8` ... `f64`, as in the SPEC).
    pub ty: &'static str,
    /// The tensor's global address.
    pub base: u64,
    /// `globalDim`.
    pub dims: Vec<u64>,
    /// `globalStrides`: the byte strides of dimensions 1 and up.
    pub strides: Vec<u64>,
    /// `boxDim` (empty for an im2col map).
    pub boxes: Vec<u32>,
    /// `elementStrides`.
    pub element_strides: Vec<u32>,
    /// 0, 32, 64 or 128 bytes.
    pub swizzle: u8,
    /// The 128-byte swizzle's atomicity: 16, 32 or 64 bytes.
    pub atomicity: u8,
    /// OOB-NaN fill rather than zero fill.
    pub nan_fill: bool,
    /// For an im2col map: the corners (W, H, D order, `rank - 2` each),
    /// Pixels-per-Column and Channels-per-Pixel.
    pub im2col: Option<(Vec<i32>, Vec<i32>, u32, u32)>,
}

/// `--tensor-map`'s SPEC (after `NAME=`), checked as a run checks it.
pub fn tensor_map_spec(spec: &str) -> Result<TensorMapSpec, String> {
    let m = TensorMap::decode(&encode(spec)?)?;
    let r = m.rank;
    Ok(TensorMapSpec {
        ty: TYPES[m.ty].0,
        base: m.base,
        dims: m.dims[..r].iter().map(|d| u64::from(*d)).collect(),
        strides: m.strides[1..r].to_vec(),
        boxes: if m.im2col.is_some() {
            Vec::new()
        } else {
            m.boxes[..r].to_vec()
        },
        element_strides: m.estrides[..r].to_vec(),
        swizzle: m.swizzle,
        atomicity: m.atomicity,
        nan_fill: m.nan_fill,
        im2col: m.im2col.map(|i| {
            (
                i.lower[..r - 2].to_vec(),
                i.upper[..r - 2].to_vec(),
                i.pixels,
                i.channels,
            )
        }),
    })
}

/// `--tensor-map`'s SPEC (after `NAME=`) as the map's 128 bytes.
pub(crate) fn encode(spec: &str) -> Result<[u8; 128], String> {
    let bad = |m: String| format!("{m} (expected {TENSOR_MAP_SYNTAX})");
    let mut parts = spec.split(':');
    let ty_name = parts.next().unwrap_or_default();
    let ty = TYPES
        .iter()
        .position(|t| t.0 == ty_name)
        .ok_or_else(|| bad(format!("`{ty_name}` is not an element type")))?;
    let sizes = parts.next().ok_or_else(|| bad("no sizes".into()))?;
    let (sizes, addr) = sizes
        .split_once('@')
        .ok_or_else(|| bad(format!("`{sizes}`: expected SIZES@ADDR")))?;
    let list = |s: &str, sep: char, what: &str| -> Result<Vec<u64>, String> {
        s.split(sep)
            .map(|x| {
                ptxfp_isa::literal::parse_int(x.trim())
                    .filter(|v| *v >= 0)
                    .map(|v| v as u64)
                    .ok_or_else(|| bad(format!("`{x}` is not a {what}")))
            })
            .collect()
    };
    let dims = list(sizes, 'x', "size")?;
    let rank = dims.len();
    if !(1..=5).contains(&rank) {
        return Err(bad(format!("{rank} sizes: a tensor has 1 to 5 dimensions")));
    }
    // The tensor's global address: a number (a variable's name is the
    // map's place, NAME, not the tensor's).
    let base = list(addr, ',', "number (the tensor's global address)")?[0];
    let esize = u64::from(TYPES[ty].1);
    let mut m = TensorMap {
        rank,
        ty,
        swizzle: 0,
        atomicity: 16,
        nan_fill: false,
        base,
        dims: [1; 5],
        strides: [0; 5],
        boxes: [1; 5],
        estrides: [1; 5],
        im2col: None,
    };
    let mut boxed = false;
    let mut strides = None;
    // The im2col options: corners W[xH[xD]] (signed), pixels, channels.
    let (mut lower, mut upper, mut pixels, mut channels) = (None, None, None, None);
    let corners = |k: &str, v: &str| -> Result<[i32; 3], String> {
        let l: Vec<i64> = v
            .split('x')
            .map(|x| {
                ptxfp_isa::literal::parse_int(x.trim())
                    .filter(|c| i32::try_from(*c).is_ok())
                    .ok_or_else(|| bad(format!("`{x}` is not a corner")))
            })
            .collect::<Result<_, _>>()?;
        if rank < 3 || l.len() != rank - 2 {
            return Err(bad(format!(
                "{k}= gives {} corner(s); an im2col map of {rank} dimensions takes {} (W[xH[xD]], the dimensions between C and N)",
                l.len(),
                rank.saturating_sub(2)
            )));
        }
        let mut c = [0; 3];
        for (d, v) in l.into_iter().enumerate() {
            c[d] = v as i32;
        }
        Ok(c)
    };
    for opt in parts {
        let (k, v) = opt.split_once('=').unwrap_or((opt, ""));
        let n = |v: &str, sep: char, what: &str| -> Result<Vec<u64>, String> {
            let l = list(v, sep, what)?;
            if l.len() != rank {
                return Err(bad(format!(
                    "{k}= gives {} values for {rank} dimensions",
                    l.len()
                )));
            }
            Ok(l)
        };
        match k {
            "box" => {
                for (d, b) in n(v, 'x', "box size")?.into_iter().enumerate() {
                    m.boxes[d] = u32::try_from(b).unwrap_or(u32::MAX);
                }
                boxed = true;
            }
            "elementstrides" => {
                for (d, e) in n(v, 'x', "element stride")?.into_iter().enumerate() {
                    m.estrides[d] = u32::try_from(e).unwrap_or(u32::MAX);
                }
            }
            "strides" => {
                let l = list(v, ',', "stride")?;
                if l.len() + 1 != rank {
                    return Err(bad(format!("strides= gives {} strides; a {rank}-dimensional tensor has {} (dimensions 1 and up)", l.len(), rank - 1)));
                }
                strides = Some(l);
            }
            "swizzle" => {
                m.swizzle = match v {
                    "none" | "0" => 0,
                    "32" | "32B" => 32,
                    "64" | "64B" => 64,
                    "128" | "128B" => 128,
                    _ => return Err(bad(format!("swizzle={v}: none, 32, 64 or 128 (96 is not run)"))),
                }
            }
            "atomicity" => {
                m.atomicity = match v {
                    "16" | "16B" => 16,
                    "32" | "32B" => 32,
                    "64" | "64B" => 64,
                    _ => return Err(bad(format!("atomicity={v}: 16, 32 or 64 (the bytes the 128-byte swizzle keeps whole; the 32-byte atomicity with the 8-byte flip is not run)"))),
                }
            }
            "lower" => lower = Some(corners(k, v)?),
            "upper" => upper = Some(corners(k, v)?),
            "pixels" | "channels" => {
                let n = list(v, ',', "count")?[0];
                let n = u32::try_from(n).unwrap_or(u32::MAX);
                if k == "pixels" {
                    pixels = Some(n);
                } else {
                    channels = Some(n);
                }
            }
            "fill" => {
                m.nan_fill = match v {
                    "zero" => false,
                    "nan" => true,
                    _ => return Err(bad(format!("fill={v}: zero or nan"))),
                }
            }
            _ => return Err(bad(format!("`{opt}` is not an option"))),
        }
    }
    let im2col = lower.is_some() || upper.is_some() || pixels.is_some() || channels.is_some();
    match (im2col, boxed) {
        (false, false) => {
            return Err(bad(
                "no box= (or, for an im2col map, pixels= and channels=)".into(),
            ))
        }
        (true, true) => return Err(bad("an im2col map (lower=, upper=, pixels=, channels=) has no box=: its box is pixels= pixels of channels= elements".into())),
        (true, false) => {
            let (Some(pixels), Some(channels)) = (pixels, channels) else {
                return Err(bad("an im2col map needs pixels= (Pixels-per-Column) and channels= (Channels-per-Pixel)".into()));
            };
            if !(3..=5).contains(&rank) {
                return Err(bad(format!("an im2col map has 3, 4 or 5 dimensions (NWC, NHWC, NDHWC); here {rank}")));
            }
            m.im2col = Some(Im2col {
                lower: lower.unwrap_or_default(),
                upper: upper.unwrap_or_default(),
                pixels,
                channels,
            });
        }
        (false, true) => {}
    }
    for (d, s) in dims.iter().enumerate() {
        m.dims[d] = u32::try_from(*s)
            .ok()
            .filter(|s| *s > 0)
            .ok_or_else(|| bad(format!("size {s} in dimension {d}: 1 to 2^32 - 1")))?;
    }
    m.strides[0] = esize;
    for d in 1..rank {
        m.strides[d] = match &strides {
            Some(l) => l[d - 1],
            None => m.strides[d - 1].saturating_mul(u64::from(m.dims[d - 1])),
        };
    }
    m.check().map_err(bad)?;
    Ok(m.encode())
}

/// A tensor operand read: the map, the coordinates, and the values read
/// (for the trace).
type MapRead = (TensorMap, Vec<i64>, Vec<(u64, PtxType)>);

/// The 16-bit OOB-NaN: the one value the profile says `fma.oob` takes
/// for out-of-bounds ("`OOB-NaN` fill mode: Elements in the Bounding Box
/// which fall outside of the tensor boundary are set to a special NaN
/// called `OOB-NaN`"; which sign the copy writes is not measured: +).
fn oob_nan(hw: &ptxfp_model::HwProfile) -> u64 {
    u64::from(hw.oob_value)
}

/// Where the byte at `addr` of a box goes in shared memory under
/// `swizzle` (5.5.7): each 16-byte element's place in its 128-byte row
/// follows the ISA's tables, whose row is the address's (the "swizzle
/// base offset" is "(dstMem / 128) % 8" for 128 bytes, "% 4" for 64, "%
/// 2" for 32): the 16-byte index within the row XOR the row's index in
/// the pattern. The 128-byte swizzle's sub-modes keep `atomicity` bytes
/// whole: with 32 bytes the table's rows are "0 1 | 2 3 | 4 5 | 6 7", "2 3
/// | 0 1 | 6 7 | 4 5", ..., the 32-byte unit's index XOR the row mod 4
/// (CuTe's `Swizzle<2,5,2>` for `SWIZZLE_128B_BASE32B`); with 64 bytes
/// "0 1 2 3 | 4 5 6 7" then "4 5 6 7 | 0 1 2 3", the 64-byte unit's index
/// XOR the row mod 2.
fn swizzled(addr: u64, swizzle: u8, atomicity: u8) -> u64 {
    let (rows, unit) = match (swizzle, atomicity) {
        (32, _) => (1, 4),
        (64, _) => (3, 4),
        (128, 32) => (3, 5),
        (128, 64) => (1, 6),
        (128, _) => (7, 4),
        _ => (0, 4),
    };
    addr ^ (((addr >> 7) & rows) << unit)
}

impl Machine<'_, '_> {
    /// `--tensor-map NAME=SPEC` entries as the `--mem` bytes they give.
    pub(crate) fn tensor_map_mems(specs: &[String]) -> Result<Vec<(String, Vec<u8>)>, RunError> {
        specs
            .iter()
            .map(|s| {
                let (name, spec) = s.split_once('=').ok_or_else(|| {
                    RunError::Input(format!("--tensor-map {s}: expected {TENSOR_MAP_SYNTAX}"))
                })?;
                let bytes =
                    encode(spec).map_err(|e| RunError::Input(format!("--tensor-map {s}: {e}")))?;
                Ok((name.to_string(), bytes.to_vec()))
            })
            .collect()
    }

    /// The map `op` (`[tensorMap, tensorCoords]`) names, and its
    /// coordinates.
    fn tensor_target(
        &mut self,
        ins: &Instr,
        op: &Operand,
        dims: usize,
        four: bool,
        gaddr: bool,
    ) -> Result<MapRead, RunError> {
        let split = if gaddr {
            crate::surface::split_target2(op).map(|(m, g, c)| (m, Some(g), c))
        } else {
            crate::surface::split_target(op).map(|(m, c)| (m, None, c))
        };
        let (map, over, coords) = split.ok_or_else(|| {
            err(
                op.span.clone(),
                format!(
                    "`{}` takes `[tensorMap, {}{{c0, ...}}]` here",
                    ins.opcode,
                    if gaddr { "gAddrToOverride, " } else { "" }
                ),
            )
        })?;
        // "The operand tensorMap is the generic address of the opaque
        // tensor-map object which resides in .param space or .const space
        // or .global space": a variable's name, or a register holding it.
        let OperandKind::Name(n) = map.kind else {
            return Err(err(
                map.span.clone(),
                "expected the tensor map's variable or a register holding its address",
            ));
        };
        // A `.param` variable's own name is a .param address, not a generic
        // one: ptxas refuses it ("State space mismatch between instruction
        // and address in instruction 'cp.async.bulk.tensor'", CUDA 13.0 on
        // an H200, docs/GPU.md "Whole kernels").
        if self.find(n).is_none() && self.var(n).is_some_and(|v| v.2 == Space::Param) {
            return Err(err_help(
                map.span.clone(),
                format!(
                    "`{}` takes the tensor map's generic address, and `{n}` is a .param variable: its name is a .param address, which ptxas refuses (\"State space mismatch between instruction and address\")",
                    ins.opcode
                ),
                &format!(
                    "take the generic address first: `mov.b64 %rd, {n}; cvta.param.u64 %rd, %rd;` (PTX ISA 7.7), and give `[%rd, {{...}}]`"
                ),
            ));
        }
        let at = Operand {
            kind: OperandKind::Address {
                base: Some(n),
                offset: 0,
                element: false,
            },
            span: map.span.clone(),
        };
        let (addr, aty) = self.address(&at)?;
        let mut bytes = [0u8; 128];
        for (i, chunk) in bytes.chunks_mut(8).enumerate() {
            let a = addr.wrapping_add(8 * i as u64);
            let read = self.mem_in(None, a).read(a, 8);
            let v = match read {
                Ok(v) => v,
                Err(bad) => {
                    let give = match self.var_at(addr) {
                        // A register holding a parameter's generic address
                        // (`cvta.param`).
                        Some((param, Space::Param, 0)) => {
                            format!("give it with --tensor-map {param}=SPEC")
                        }
                        _ if self.find(n).is_some() => format!(
                            "give a map there with --tensor-map {addr:#x}=SPEC, or pass the kernel's map parameter"
                        ),
                        _ => format!("give it with --tensor-map {n}=SPEC"),
                    };
                    return Err(err(
                        map.span.clone(),
                        format!("`{}`: no tensor map at {addr:#x} (memory at {bad:#x} was never given): {give}", ins.opcode),
                    ));
                }
            };
            chunk.copy_from_slice(&v.to_le_bytes());
        }
        let mut m = TensorMap::decode(&bytes).map_err(|e| {
            err(
                map.span.clone(),
                format!("`{}`: the tensor map at {addr:#x}: {e}", ins.opcode),
            )
        })?;
        // ".override::global_address ... the global memory address present
        // in the opaque tensorMap object is ignored and instead the address
        // specified by the explicit 64-bit operand gAddrToOverride is used.
        // The gAddrToOverride address must be 16B aligned; otherwise, a
        // runtime error is raised" (PTX ISA 9.7.10.28.5.2.1).
        let mut over_src = None;
        if let Some(g) = &over {
            let v = self.read(g, PtxType::B64)?;
            if !v.is_multiple_of(16) {
                return Err(err(
                    g.span.clone(),
                    format!("`{}`: gAddrToOverride {v:#x} is not 16-byte aligned (\"The gAddrToOverride address must be 16B aligned; otherwise, a runtime error is raised\")", ins.opcode),
                ));
            }
            m.base = v;
            over_src = Some((v, PtxType::B64));
        }
        // ".tile::scatter4 / .tile::gather4: {col_idx, row_idx0, row_idx1,
        // row_idx2, row_idx3}": five; otherwise "{d0, .., dn} for n = .dim".
        let want = if four { 5 } else { dims };
        if m.rank != dims || coords.len() != want {
            return Err(err(
                op.span.clone(),
                format!(
                    "`{}` is a {dims}d copy: it takes {want} coordinates and a {dims}-dimensional map; here {} coordinate(s) and a map of {} dimension(s)",
                    ins.opcode,
                    coords.len(),
                    m.rank
                ),
            ));
        }
        // "The individual tensor coordinates in tensorCoords are of type
        // .s32."
        let mut cs = Vec::with_capacity(dims);
        let mut srcs = vec![(addr, aty)];
        srcs.extend(over_src);
        for c in &coords {
            let v = self.read(c, PtxType::S32)?;
            srcs.push((v, PtxType::S32));
            cs.push(i64::from(v as u32 as i32));
        }
        Ok((m, cs, srcs))
    }

    /// `cp.async.bulk.tensor` and `cp.reduce.async.bulk.tensor`, `.tile`:
    /// every element of the box, in shared memory one after another with
    /// dimension 0 innermost ("PTX Tensor instructions treat the tensor
    /// data in the global memory as a multi-dimensional structure and
    /// treat the data in the shared memory as a linear data"), placed by
    /// the swizzle. A load fills the elements outside the tensor with 0
    /// or the OOB-NaN ("Elements in the Bounding Box which fall outside of
    /// the tensor boundary are set to 0"); a store or reduction leaves
    /// them out. Performed when the instruction runs, the complete-tx of
    /// the box's bytes after it ("with completeCount argument equal to
    /// amount of data copied in bytes"), as `cp.async.bulk` does.
    pub(crate) fn tensor_copy(
        &mut self,
        ins: &Instr,
        a: &AsyncOp,
        t: TensorCopy,
    ) -> Result<(), RunError> {
        let ops = &ins.operands;
        let dims = usize::from(t.dims);
        // `.im2col` loads take `im2colInfo` after `[mbar]`: "{ i2cOffW,
        // i2cOffH, i2cOffD } for .dim = .5d", "A vector of im2col offsets
        // whose vector size is two less than number of dimensions .dim";
        // `.im2col_no_offs`: "im2colInfo is not applicable".
        let info = usize::from(t.im2col && t.load);
        let want = if t.load {
            3 + info + usize::from(a.multicast) + usize::from(a.cache_hint)
        } else {
            2 + usize::from(a.cache_hint)
        };
        if ops.len() != want {
            return Err(err(
                ins.opcode_span.clone(),
                format!(
                    "`{}` takes `{}{}{}{}`",
                    ins.opcode,
                    if t.load {
                        "[dstMem], [tensorMap, tensorCoords], [mbar]"
                    } else {
                        "[tensorMap, tensorCoords], [srcMem]"
                    },
                    if info == 1 { ", {im2col offsets}" } else { "" },
                    if a.multicast { ", ctaMask" } else { "" },
                    if a.cache_hint { ", cache-policy" } else { "" }
                ),
            ));
        }
        let (map_i, smem_i) = if t.load { (1, 0) } else { (0, 1) };
        let (m, coords, mut srcs) = self.tensor_target(ins, &ops[map_i], dims, t.four, a.gaddr)?;
        if t.im2col != m.im2col.is_some() {
            return Err(err(
                ops[map_i].span.clone(),
                format!(
                    "`{}`: {}",
                    ins.opcode,
                    if t.im2col {
                        "the map is a tiled one (box=); the im2col modes take a map of cuTensorMapEncodeIm2col (--tensor-map ...:pixels=P:channels=C)"
                    } else {
                        "the map is an im2col one (pixels=, channels=); this mode takes a tiled map (box=) of cuTensorMapEncodeTiled"
                    }
                ),
            ));
        }
        // The im2col pixels: where each starts in global memory (channel
        // 0), `None` outside the tensor.
        let pixels = match m.im2col {
            Some(i) => {
                let offsets = if t.load {
                    self.im2col_offsets(ins, &ops[3], &m, &mut srcs)?
                } else {
                    self.im2col_store_checks(ins, &ops[map_i], &m, i, &coords)?;
                    [0; 3]
                };
                self.im2col_pixels(ins, &ops[map_i], &m, i, &coords, offsets)?
            }
            None => Vec::new(),
        };
        // 5.5.3.4.1: "The size of the bounding box in the dimension 1 must
        // be one."
        if t.four && m.boxes[1] != 1 {
            return Err(err(
                ops[map_i].span.clone(),
                format!("`{}`: the map's box is {} rows; .tile::gather4 and .tile::scatter4 take a box of one row (\"The size of the bounding box in the dimension 1 must be one\")", ins.opcode, m.boxes[1]),
            ));
        }
        let (smem, sty) = self.address(&ops[smem_i])?;
        srcs.push((smem, sty));
        if self.region(smem) != Some(Region::Shared) {
            return Err(err(
                ops[smem_i].span.clone(),
                format!("`{}`: {smem:#x} is not a shared-memory address", ins.opcode),
            ));
        }
        // 5.5.3.1: "The address of the bounding Box must also be aligned
        // to 16 bytes"; 5.5.7's 32- and 64-byte atomicities: "This sub-mode
        // requires 32 byte alignment at shared memory" (64 for 64).
        let align = u64::from(m.atomicity.max(16));
        if !smem.is_multiple_of(align) {
            return Err(err(
                ops[smem_i].span.clone(),
                format!(
                    "`{}`: the shared-memory box at {smem:#x} is not {align}-byte aligned",
                    ins.opcode
                ),
            ));
        }
        // gather4/scatter4: four rows of box[0] elements.
        let total = if t.four { 4 * m.bytes() } else { m.bytes() };
        if total > 1 << 20 {
            return Err(err(
                ops[map_i].span.clone(),
                format!(
                    "`{}`: the box is {total} bytes, more than any shared memory",
                    ins.opcode
                ),
            ));
        }
        // The reduction: the atomic of `.redOp` on the map's element type
        // (9.7.9.25.5.3's table: ".add" ".u32, .s32, .u64, .f32, .f16,
        // .bf16"; ".min, .max" ".u32, .s32, .u64, .s64, .f16, .bf16";
        // ".inc, .dec" ".u32"; ".and, .or, .xor" ".b32, .b64").
        let reduce = match t.reduce {
            None => None,
            Some(op) => Some(self.tensor_reduction(ins, op, &m)?),
        };
        let mut mbar_at = None;
        if t.load {
            let (mb, mty) = self.mbar_addr(ins, &ops[2])?;
            self.mbar_get(ins, &ops[2], mb)?;
            srcs.push((mb, mty));
            mbar_at = Some(mb);
        }
        let mut targets = vec![(smem, mbar_at)];
        if a.multicast {
            let op = &ops[3 + info];
            let mty = if a.mask32 { PtxType::B32 } else { PtxType::B16 };
            let mask = self.read(op, mty)?;
            srcs.push((mask, mty));
            targets = self.multicast_targets(ins, op, mask, smem, mbar_at, &ops[2])?;
        }
        if a.cache_hint {
            srcs.push((self.read(&ops[ops.len() - 1], PtxType::B64)?, PtxType::B64));
        }
        let es = m.esize();
        let n = es as u32;
        let counts: Vec<u64> = (0..dims).map(|d| m.count(d)).collect();
        let elements = total / es;
        let fill = if m.nan_fill {
            oob_nan(&self.exec.hw)
        } else {
            0
        };
        // The report mechanism (PTX ISA 9.7.10.28.1.3) inspects "the data
        // being copied" from "the source global memory": the box's
        // elements read from the tensor, in box order; an element filled
        // for lying outside the tensor was not read and matches nothing
        // (docs/NVIDIA.md "Copy reports").
        let report = a
            .report
            .filter(|r| *r != ptxfp_isa::mbarrier::Report::Disabled && t.load);
        let mut seen: Vec<u8> = Vec::new();
        let mut hit = None;
        // --check-memory: the first element stored outside memory reported.
        let mut reported = false;
        for (k, &(base, mbar)) in targets.iter().enumerate() {
            self.charge_bytes(total);
            for l in 0..elements {
                // The element's place in the box, dimension 0 fastest, and
                // in the tensor: coordinate + index * traversal stride.
                // gather4/scatter4 (5.5.3.4): row k of the four is at
                // {col, row_k}, "four request coordinates will form four
                // Bounding Boxes in the tensor space".
                let (at, inside) = match m.im2col {
                    // Pixel p's channel coords[0] + j: "Across N and C
                    // dimensions: specify the starting offsets along the
                    // dimension, similar to the tiled mode".
                    Some(i) => {
                        let (p, j) = (l / u64::from(i.channels), l % u64::from(i.channels));
                        let c = coords[0] + j as i64;
                        match pixels[p as usize] {
                            Some(at) if c >= 0 && c < i64::from(m.dims[0]) => {
                                (at.wrapping_add((c as u64).wrapping_mul(es)), true)
                            }
                            _ => (0, false),
                        }
                    }
                    None => {
                        let (mut rest, mut at, mut inside) = (l, m.base, true);
                        for d in 0..dims {
                            let (i, start) = if t.four && d == 1 {
                                (0, coords[1 + rest as usize])
                            } else {
                                (rest % counts[d], coords[d])
                            };
                            rest /= counts[d];
                            let g = start + (i * u64::from(m.estrides[d])) as i64;
                            inside &= g >= 0 && g < i64::from(m.dims[d]);
                            at = at.wrapping_add((g as u64).wrapping_mul(m.strides[d]));
                        }
                        (at, inside)
                    }
                };
                let s = swizzled(base.wrapping_add(l * es), m.swizzle, m.atomicity);
                if t.load {
                    let v = if inside {
                        self.tensor_read(ins, &ops[map_i], Space::Global, at, n)?
                    } else {
                        fill
                    };
                    if report.is_some() && k == 0 {
                        let b = if inside { v } else { 0 };
                        seen.extend((0..n).map(|j| (b >> (8 * j)) as u8));
                    }
                    self.mem_in_mut(Some(Space::Shared), s).write(s, n, v);
                } else if inside {
                    let v = self.tensor_read(ins, &ops[smem_i], Space::Shared, s, n)?;
                    let v = match reduce {
                        None => v,
                        Some(r) => {
                            let old = self.tensor_read(ins, &ops[map_i], Space::Global, at, n)?;
                            self.atom_update(r.update, old, &[v], r.ty.bits())
                        }
                    };
                    if reduce.is_none() && !reported {
                        reported = self.check_store(
                            Some(Space::Global),
                            at,
                            n.into(),
                            ins.opcode,
                            &ops[map_i].span,
                        )?;
                    }
                    self.mem_in_mut(Some(Space::Global), at).write(at, n, v);
                }
            }
            if let Some(mb) = mbar {
                if let Some(r) = report {
                    let h = *hit.get_or_insert_with(|| r.matches(&seen));
                    self.report_on(ins, &ops[2], mb, h)?;
                }
                self.complete_tx(ins, (&ops[2], &ops[2]), mb, total)?;
            }
        }
        self.trace(ins, &srcs, None);
        Ok(())
    }

    /// `im2colInfo`'s offsets, W, H, D order (unused ones 0): "The im2col
    /// offsets, specified in the PTX tensor instructions in im2col mode,
    /// are added to the filter base coordinates to determine the starting
    /// location in the tensor space from where the elements are accessed",
    /// unsigned, "3D [0, 2^16-1]", "4D [0, 2^8-1]", "5D [0, 2^5-1]"
    /// (5.5.4.1); an offset beyond its range is an error at the operand.
    fn im2col_offsets(
        &mut self,
        ins: &Instr,
        op: &Operand,
        m: &TensorMap,
        srcs: &mut Vec<(u64, PtxType)>,
    ) -> Result<[i64; 3], RunError> {
        let spatial = m.rank - 2;
        let list: Vec<Operand> = match &op.kind {
            OperandKind::Vector(v) => v.clone(),
            _ => vec![op.clone()],
        };
        if list.len() != spatial {
            return Err(err(
                op.span.clone(),
                format!(
                    "`{}`: a {}d im2col copy takes {spatial} im2col offset(s) {{{}}}, here {}",
                    ins.opcode,
                    m.rank,
                    ["i2cOffW", "i2cOffH", "i2cOffD"][..spatial].join(", "),
                    list.len()
                ),
            ));
        }
        let bits = im2col_bits(m.rank).1;
        let mut out = [0i64; 3];
        for (k, o) in list.iter().enumerate() {
            let v = self.read(o, PtxType::U16)?;
            srcs.push((v, PtxType::U16));
            if v >> bits != 0 {
                return Err(err(
                    o.span.clone(),
                    format!(
                        "`{}`: im2col offset {v}: a {}d copy's offsets are 0 to {} (PTX ISA 5.5.4.1)",
                        ins.opcode,
                        m.rank,
                        (1u64 << bits) - 1
                    ),
                ));
            }
            out[k] = v as i64;
        }
        Ok(out)
    }

    /// The restrictions of the `.global.shared::cta` direction (PTX ISA
    /// 9.7.9.25.5.1) that `.im2col_no_offs` meets: "Starting co-ordinates
    /// for Bounding Box (tensorCoords) must be non-negative", "The bounding
    /// box along the D, W and H dimensions must stay within the tensor
    /// boundaries. This implies: Bounding-Box Lower-Corner must be
    /// non-negative. Bounding-Box Upper-Corner must be non-positive."
    fn im2col_store_checks(
        &self,
        ins: &Instr,
        op: &Operand,
        m: &TensorMap,
        i: Im2col,
        coords: &[i64],
    ) -> Result<(), RunError> {
        let spatial = m.rank - 2;
        let why = if let Some(c) = coords.iter().find(|c| **c < 0) {
            format!("coordinate {c} is negative (\"Starting co-ordinates for Bounding Box (tensorCoords) must be non-negative\")")
        } else if i.lower[..spatial].iter().any(|c| *c < 0)
            || i.upper[..spatial].iter().any(|c| *c > 0)
        {
            "the map's bounding box reaches outside the tensor (\"Bounding-Box Lower-Corner must be non-negative\", \"Bounding-Box Upper-Corner must be non-positive\" in this direction)".to_string()
        } else {
            return Ok(());
        };
        Err(err(op.span.clone(), format!("`{}`: {why}", ins.opcode)))
    }

    /// The pixels an im2col copy visits (PTX ISA 5.5.4), each as the global
    /// address of its channel 0, `None` where the pixel lies outside the
    /// tensor. The coordinates are `{c, w, h, d, n}` (NWC, NHWC, NDHWC,
    /// innermost first); "Across DHW dimensions: specify the location of
    /// the convolution filter base in the tensor space. The filter corner
    /// location must be within the bounding box", which spans lower to
    /// size + upper (exclusive) in each of W, H, D. From there the base
    /// steps along W by the traversal stride ("The number of elements
    /// traversed along the D, H and W dimensions is strided by the
    /// traversal stride for that dimension"); past the box it returns to
    /// the box's lower corner in W and steps H, then D, then to the next
    /// image in N, until Pixels-per-Column pixels are visited. Each pixel
    /// is read at base + the im2col offsets; pixels outside the tensor,
    /// and past the batch ("when the number of requested pixels in NDHW
    /// space specified by Pixels-per-Column exceeds the number of available
    /// pixels in the image batch then out-of-bounds access is performed"),
    /// are filled like the tiled mode's. The half-open box and the
    /// order across rows and images follow Triton's GPU-checked examples
    /// (docs/NVIDIA.md "Tensor copies: im2col").
    fn im2col_pixels(
        &self,
        ins: &Instr,
        op: &Operand,
        m: &TensorMap,
        i: Im2col,
        coords: &[i64],
        offsets: [i64; 3],
    ) -> Result<Vec<Option<u64>>, RunError> {
        let spatial = m.rank - 2;
        let nd = m.rank - 1;
        let box_of = |k: usize| {
            (
                i64::from(i.lower[k]),
                i64::from(m.dims[k + 1]) + i64::from(i.upper[k]),
            )
        };
        let mut pos = [0i64; 3];
        for k in 0..spatial {
            pos[k] = coords[k + 1];
            let (lo, hi) = box_of(k);
            if pos[k] < lo || pos[k] >= hi {
                return Err(err(
                    op.span.clone(),
                    format!(
                        "`{}`: coordinate {} in dimension {} is outside the map's bounding box, {lo} to {} (lower corner to size + upper corner): \"The filter corner location must be within the bounding box\"",
                        ins.opcode,
                        pos[k],
                        k + 1,
                        hi - 1
                    ),
                ));
            }
        }
        let mut n = coords[nd];
        let mut out = Vec::with_capacity(i.pixels as usize);
        for _ in 0..i.pixels {
            let mut at = Some(m.base);
            for k in 0..spatial {
                let g = pos[k] + offsets[k];
                at = at
                    .filter(|_| g >= 0 && g < i64::from(m.dims[k + 1]))
                    .map(|a| a.wrapping_add((g as u64).wrapping_mul(m.strides[k + 1])));
            }
            at = at
                .filter(|_| n >= 0 && n < i64::from(m.dims[nd]))
                .map(|a| a.wrapping_add((n as u64).wrapping_mul(m.strides[nd])));
            out.push(at);
            // The next base: W first, wrapping to the lower corner.
            let mut k = 0;
            loop {
                if k == spatial {
                    n += 1;
                    break;
                }
                pos[k] += i64::from(m.estrides[k + 1]);
                let (lo, hi) = box_of(k);
                if pos[k] < hi {
                    break;
                }
                pos[k] = lo;
                k += 1;
            }
        }
        Ok(out)
    }

    /// `tensormap.replace` (9.7.9.26): "replaces the field, specified by
    /// .field qualifier, of the tensor-map object at the location
    /// specified by the address operand addr with a new value", in the
    /// layout of [`TensorMap::encode`] (which it marks as a map, so that a
    /// map built field by field in zeroed memory is one). The values are
    /// checked when a copy reads the map, except those the layout cannot
    /// hold; `tensormap.cp_fenceproxy` (9.7.13.16): "Copies data of size
    /// specified by the size argument ... from ... src in shared memory to
    /// ... dst in the global memory"; "The valid value of immediate operand
    /// size is 128". The proxy fence orders nothing more here: every
    /// access is performed when issued.
    pub(crate) fn tensormap(&mut self, ins: &Instr, t: Tensormap) -> Result<Flow, RunError> {
        let ops = &ins.operands;
        let field = match t {
            Tensormap::CpFenceproxy => {
                if ops.len() != 3 {
                    return Err(err(
                        ins.opcode_span.clone(),
                        format!("`{}` takes `[dst], [src], size`", ins.opcode),
                    ));
                }
                let (dst, dty) = self.address(&ops[0])?;
                let (src, sty) = self.address(&ops[1])?;
                let size = self.read(&ops[2], PtxType::U32)?;
                if size != 128 {
                    return Err(err(
                        ops[2].span.clone(),
                        format!(
                            "size {size}: \"The valid value of immediate operand size is 128\""
                        ),
                    ));
                }
                self.check_store(Some(Space::Global), dst, 128, ins.opcode, &ops[0].span)?;
                for i in 0..16 {
                    let v = self.tensor_read(ins, &ops[1], Space::Shared, src + 8 * i, 8)?;
                    self.mem_in_mut(Some(Space::Global), dst + 8 * i)
                        .write(dst + 8 * i, 8, v);
                }
                self.trace(ins, &[(dst, dty), (src, sty), (size, PtxType::U32)], None);
                return Ok(Flow::Next);
            }
            Tensormap::Replace { field, .. } => field,
            // Refused before it runs (`Op::refusal`); stopped here too.
            Tensormap::Query => {
                return Err(err(
                    ins.opcode_span.clone(),
                    t.refusal().unwrap_or("`tensormap.query` is not run"),
                ))
            }
        };
        let want = 2 + usize::from(field.has_ordinal());
        if ops.len() != want {
            return Err(err(
                ins.opcode_span.clone(),
                format!(
                    "`{}` takes `[addr], {}new_val`",
                    ins.opcode,
                    if field.has_ordinal() { "ord, " } else { "" }
                ),
            ));
        }
        let Tensormap::Replace { shared, .. } = t else {
            unreachable!("returned above")
        };
        let space = shared.then_some(Space::Shared);
        let (addr, aty) = self.address(&ops[0])?;
        let wide = matches!(
            field,
            TensormapField::GlobalAddress | TensormapField::GlobalStride
        );
        let val_op = &ops[want - 1];
        let v = self.read(val_op, if wide { PtxType::B64 } else { PtxType::B32 })?;
        let mut srcs = vec![(addr, aty)];
        let ord = if field.has_ordinal() {
            let o = self.read(&ops[1], PtxType::U32)?;
            srcs.push((o, PtxType::U32));
            // "ord specifies the ordinal of the field across the rank of
            // the tensor": 0 to 4; a stride's ordinal k is dimension k + 1's
            // (cuTensorMapEncodeTiled's globalStrides[k]), 0 to 3.
            let top = if field == TensormapField::GlobalStride {
                3
            } else {
                4
            };
            if o > top {
                return Err(err(
                    ops[1].span.clone(),
                    format!("ordinal {o}: `{}` takes 0 to {top}", ins.opcode),
                ));
            }
            o as usize
        } else {
            0
        };
        srcs.push((v, if wide { PtxType::B64 } else { PtxType::B32 }));
        let bad = |m: String| {
            Err(err(
                val_op.span.clone(),
                format!("`{}`: new_val {v}: {m}", ins.opcode),
            ))
        };
        // (offset, bytes, value) in the layout.
        let (at, n, value): (u64, u32, u64) = match field {
            TensormapField::GlobalAddress => (16, 8, v),
            // "For field .rank, the operand new_val must be ones less than
            // the desired tensor rank".
            TensormapField::Rank if v <= 4 => (5, 1, v + 1),
            TensormapField::Rank => return bad("the rank field holds the rank minus one, 0 to 4".into()),
            TensormapField::BoxDim if (1..=256).contains(&v) => (44 + 2 * ord as u64, 2, v),
            TensormapField::BoxDim => return bad("a box is 1 to 256 elements in each dimension".into()),
            TensormapField::GlobalDim => (24 + 4 * ord as u64, 4, v),
            TensormapField::GlobalStride => (64 + 8 * ord as u64, 8, v),
            TensormapField::ElementStride if (1..=8).contains(&v) => (54 + ord as u64, 1, v),
            TensormapField::ElementStride => return bad("an element stride is 1 to 8".into()),
            // Table 33: 0 .u8, 1 .u16, 2 .u32, 3 .s32, 4 .u64, 5 .s64, 6
            // .f16, 7 .f32, 8 .f32.ftz, 9 .f64, 10 .bf16, 11 .tf32, 12
            // .tf32.ftz, 13-15 the sub-byte types.
            TensormapField::Elemtype => match v {
                0..=6 => (6, 1, v),
                7 => (6, 1, 8),
                9 => (6, 1, 9),
                10 => (6, 1, 7),
                _ => return bad("elemtype 8 (.f32.ftz), 11 and 12 (.tf32) and 13 to 15 (the sub-byte types) are not run yet".into()),
            },
            TensormapField::InterleaveLayout if v == 0 => return self.replaced(ins, &srcs),
            TensormapField::InterleaveLayout => return bad("the interleaved layouts (1, 2) are not run yet".into()),
            TensormapField::SwizzleMode => match v {
                0 => (7, 1, 0),
                1 => (7, 1, 32),
                2 => (7, 1, 64),
                3 => (7, 1, 128),
                _ => return bad("swizzle mode 4 (96 bytes) is not run yet; 0 to 3 are none, 32, 64 and 128 bytes".into()),
            },
            // Table 36: 0 16B, 1 32B, 2 32B + 8B flip, 3 64B.
            TensormapField::SwizzleAtomicity => match v {
                0 | 1 | 3 => (10, 1, v),
                2 => return bad("swizzle atomicity 2 (32 bytes with the 8-byte flip) is not run yet: the ISA shows which lines flip by a figure only".into()),
                _ => return bad("the swizzle atomicity is 0 (16 bytes), 1 (32), 2 (32 with the 8-byte flip) or 3 (64)".into()),
            },
            TensormapField::FillMode if v <= 1 => (8, 1, v),
            TensormapField::FillMode => return bad("the fill mode is 0 (zero fill) or 1 (OOB-NaN fill)".into()),
        };
        let header = u64::from(u32::from_le_bytes(*MAGIC)) | 1 << 32;
        self.mem_in_mut(space, addr).write(addr, 5, header);
        self.mem_in_mut(space, addr + at).write(addr + at, n, value);
        self.replaced(ins, &srcs)
    }

    /// The end of a `tensormap.replace`: its trace step.
    fn replaced(&mut self, ins: &Instr, srcs: &[(u64, PtxType)]) -> Result<Flow, RunError> {
        self.trace(ins, srcs, None);
        Ok(Flow::Next)
    }

    /// `cp.async.bulk.prefetch.tensor`'s map and coordinates, checked;
    /// the values read, for the trace.
    /// The map must be of the prefetch's mode: a tiled map for `.tile`
    /// (the default), an im2col one for `.im2col`, whose offsets are read
    /// and checked as a copy's; the `::w` modes' maps
    /// (`cuTensorMapEncodeIm2colWide`) are not modelled, so their maps are
    /// only read.
    pub(crate) fn tensor_prefetch(
        &mut self,
        ins: &Instr,
        dims: usize,
        gaddr: bool,
    ) -> Result<Vec<(u64, PtxType)>, RunError> {
        let ops = &ins.operands;
        let Some(op) = ops.first() else {
            return Err(err(
                ins.opcode_span.clone(),
                format!("`{}` takes `[tensorMap, tensorCoords]`", ins.opcode),
            ));
        };
        let (m, _, mut srcs) = self.tensor_target(ins, op, dims, false, gaddr)?;
        let words: Vec<&str> = ins.opcode.split('.').collect();
        let im2col = words.contains(&"im2col");
        if words.iter().any(|w| w.starts_with("im2col::")) {
            return Ok(srcs);
        }
        if im2col != m.im2col.is_some() {
            return Err(err(
                op.span.clone(),
                format!(
                    "`{}`: the map is {}",
                    ins.opcode,
                    if im2col {
                        "a tiled one (box=); `.im2col` takes an im2col map (pixels=, channels=)"
                    } else {
                        "an im2col one (pixels=, channels=); `.tile` takes a tiled map (box=)"
                    }
                ),
            ));
        }
        if im2col {
            let Some(info) = ops
                .get(1)
                .filter(|o| matches!(o.kind, OperandKind::Vector(_)))
            else {
                return Err(err(
                    ins.opcode_span.clone(),
                    format!(
                        "`{}` takes `[tensorMap, tensorCoords], {{im2col offsets}}`",
                        ins.opcode
                    ),
                ));
            };
            self.im2col_offsets(ins, info, &m, &mut srcs)?;
        }
        Ok(srcs)
    }

    /// `n` bytes at `at` in `space`, a memory problem (zeros under
    /// `--check-memory`) where they were never given.
    fn tensor_read(
        &mut self,
        ins: &Instr,
        o: &Operand,
        space: Space,
        at: u64,
        n: u32,
    ) -> Result<u64, RunError> {
        self.read_given(Some(space), at, n, |bad| {
            unread(
                &o.span,
                ins.opcode,
                &format!("{n} bytes at {at:#x}"),
                bad,
                at,
            )
        })
    }

    /// The atomic a tensor reduction `op` runs on `m`'s elements.
    fn tensor_reduction(
        &self,
        ins: &Instr,
        op: &str,
        m: &TensorMap,
    ) -> Result<ptxfp_isa::control::Atomic, RunError> {
        let (name, bytes, _) = TYPES[m.ty];
        let ty = match (op, name) {
            ("add", "u32" | "s32" | "u64") => name.to_string(),
            // Subnormals kept, as "The default behavior for
            // cp.reduce.async.bulk.add.f32 is equivalent to specifying
            // optional .noftz qualifier" says of the bulk reduction (the
            // tensor section is silent: docs/NVIDIA.md "Copy reports").
            ("add", "f32") => "noftz.f32".to_string(),
            ("add", "f16" | "bf16") => format!("noftz.{name}"),
            ("min" | "max", "u32" | "s32" | "u64" | "s64") => name.to_string(),
            ("inc" | "dec", "u32") => name.to_string(),
            ("and" | "or" | "xor", _) if matches!(bytes, 4 | 8) && !TYPES[m.ty].2 => format!("b{}", 8 * bytes),
            ("min" | "max", "f16" | "bf16") => {
                return Err(err(
                    ins.opcode_span.clone(),
                    format!("`{}`: a .min/.max reduction of .{name} is not run yet: the PTX ISA does not say how it treats NaNs and signed zeros, and no GPU record shows it", ins.opcode),
                ))
            }
            _ => {
                return Err(err(
                    ins.opcode_span.clone(),
                    format!("`{}`: .{op} does not reduce .{name} elements (\".add\": .u32, .s32, .u64, .f32, .f16, .bf16; \".min, .max\": .u32, .s32, .u64, .s64, .f16, .bf16; \".inc, .dec\": .u32; \".and, .or, .xor\": .b32, .b64)", ins.opcode),
                ))
            }
        };
        ptxfp_isa::control::Atomic::decode(&format!("red.global.{op}.{ty}"), true)
            .map_err(|d| err(ins.opcode_span.clone(), d.message))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn specs_encode_and_decode_to_the_same_map() {
        let b = encode("f16:100x30x7@0x1000:box=64x8x2:strides=256,8192:elementstrides=1x2x1:swizzle=128:fill=nan").unwrap();
        let m = TensorMap::decode(&b).unwrap();
        assert_eq!(m.rank, 3);
        assert_eq!(&m.dims[..3], &[100, 30, 7]);
        assert_eq!(&m.strides[..3], &[2, 256, 8192]);
        assert_eq!(&m.boxes[..3], &[64, 8, 2]);
        assert_eq!((m.count(0), m.count(1), m.count(2)), (64, 4, 2));
        assert_eq!(m.bytes(), 64 * 4 * 2 * 2);
        assert!(m.nan_fill);
        // Packed strides by default, which must be multiples of 16.
        let m = TensorMap::decode(&encode("f32:12x3@0x2000:box=4x3").unwrap()).unwrap();
        assert_eq!(&m.strides[..2], &[4, 48]);
        assert!(encode("f32:10x3@0x2000:box=4x3")
            .unwrap_err()
            .contains("strides="));
        for bad in [
            "f16:100@0x1000",
            "f16:100@0x1000:box=4",
            "f16:100@0x1008:box=8",
            "f16:100x2@0x1000:box=8x1:elementstrides=2x1",
            "f16:100x2@0x1000:box=128x1:swizzle=128",
            "f16:100x2@0x1000:box=8x1:strides=100",
            "f32:100@0x1000:box=4:fill=nan",
            "u32:100@0x1000:box=4:fill=nan",
            "f16:100@0x1000:box=300",
            "x9:100@0x1000:box=4",
        ] {
            assert!(encode(bad).is_err(), "{bad}");
        }
        // An im2col map: corners W x H (signed), pixels, channels; no box.
        let m = TensorMap::decode(
            &encode("f16:64x9x14x64@0x1000:pixels=64:channels=8:lower=-1x-2:upper=3x-4").unwrap(),
        )
        .unwrap();
        let i = m.im2col.unwrap();
        assert_eq!((i.lower, i.upper), ([-1, -2, 0], [3, -4, 0]));
        assert_eq!((i.pixels, i.channels), (64, 8));
        assert_eq!((m.bytes(), m.row()), (64 * 8 * 2, 8));
        // 5d corners reach -16 and 15; 3d ones -32768.
        assert!(
            encode("u8:16x4x4x4x2@0x1000:pixels=8:channels=16:lower=-16x0x0:upper=15x0x0").is_ok()
        );
        assert!(encode("u8:16x4x4x4x2@0x1000:pixels=8:channels=16:lower=-17x0x0").is_err());
        let m = TensorMap::decode(
            &encode("u8:16x70000x2@0x1000:pixels=8:channels=16:lower=-32768").unwrap(),
        )
        .unwrap();
        assert_eq!(m.im2col.unwrap().lower[0], -32768);
        assert!(TensorMap::decode(&[0; 128]).is_err());
        // A map whose bytes were overwritten is refused, not misread.
        let mut b = encode("f16:64x8@0x1000:box=64x8").unwrap();
        b[7] = 7;
        assert!(TensorMap::decode(&b).unwrap_err().contains("swizzle 7"));
        b[7] = 0;
        b[5] = 9;
        assert!(TensorMap::decode(&b).is_err());
    }

    /// 5.5.7's tables: 128-byte mode, row 1 is "1 0 3 2 5 4 7 6" and row 5
    /// "5 4 7 6 1 0 3 2"; 64-byte mode row 2 "2 3 0 1 6 7 4 5"; 32-byte
    /// mode row 1 "1 0 3 2 5 4 7 6" and row 2 as row 0.
    #[test]
    fn swizzles_follow_the_tables() {
        let cell = |mode: u8, row: u64, c: u64| (swizzled(row * 128 + c * 16, mode, 16) % 128) / 16;
        let row = |mode, r| (0..8).map(|c| cell(mode, r, c)).collect::<Vec<_>>();
        assert_eq!(row(128, 1), [1, 0, 3, 2, 5, 4, 7, 6]);
        assert_eq!(row(128, 5), [5, 4, 7, 6, 1, 0, 3, 2]);
        assert_eq!(
            row(128, 9),
            row(128, 1),
            "the pattern repeats every 1024 bytes"
        );
        assert_eq!(row(64, 2), [2, 3, 0, 1, 6, 7, 4, 5]);
        assert_eq!(row(64, 4), row(64, 0));
        assert_eq!(row(32, 1), [1, 0, 3, 2, 5, 4, 7, 6]);
        assert_eq!(row(32, 2), [0, 1, 2, 3, 4, 5, 6, 7]);
        assert_eq!(row(0, 3), [0, 1, 2, 3, 4, 5, 6, 7]);
        // The bytes inside a 16-byte element stay in order.
        assert_eq!(swizzled(128 + 3, 128, 16), 128 + 16 + 3);
        // The 128-byte swizzle's 32- and 64-byte atomicities: rows 1 to 3
        // of the 32-byte table ("2 3 0 1 6 7 4 5", "4 5 6 7 0 1 2 3", "6 7
        // 4 5 2 3 0 1", then the pattern repeats) and row 1 of the 64-byte
        // one ("4 5 6 7 0 1 2 3").
        let cells = |atom: u8, r: u64| {
            (0..8)
                .map(|c| (swizzled(r * 128 + c * 16, 128, atom) % 128) / 16)
                .collect::<Vec<_>>()
        };
        assert_eq!(cells(32, 1), [2, 3, 0, 1, 6, 7, 4, 5]);
        assert_eq!(cells(32, 2), [4, 5, 6, 7, 0, 1, 2, 3]);
        assert_eq!(cells(32, 3), [6, 7, 4, 5, 2, 3, 0, 1]);
        assert_eq!(cells(32, 4), cells(32, 0));
        assert_eq!(cells(64, 1), [4, 5, 6, 7, 0, 1, 2, 3]);
        assert_eq!(cells(64, 2), cells(64, 0));
        // Within a kept unit the bytes stay in order.
        assert_eq!(swizzled(128 + 16 + 5, 128, 32), 128 + 48 + 5);
    }
}
