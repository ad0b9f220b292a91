//! The texture instructions (PTX ISA 9.7.10 "Texture Instructions") the
//! engine runs: `tex` in unified mode on the 1d, 2d, 3d, a1d, a2d, cube and
//! acube geometries, `tld4` on 2d, a2d, cube and acube, and `txq`, decoded once from the opcode text into a
//! [`Texture`]; crates/interp/src/texture.rs samples an image the host
//! binds (docs/ENGINE.md "Textures").
//!
//! ```text
//! tex.geom.v4.dtype.ctype  d, [a, c] {, e} {, f};
//! .geom  = { .1d, .2d, .3d, .a1d, .a2d, .cube, .acube, .2dms, .a2dms };
//! .dtype = { .u32, .s32, .f16,  .f32 };
//! .ctype = {       .s32, .f32 };
//! txq.tquery.b32         d, [a];
//! txq.level.tlquery.b32  d, [a], lod;
//! txq.squery.b32         d, [a];
//! ```

use crate::diag::Diagnostic;
use crate::surface::Geom;
use crate::target::{PtxVersion, Target};
use crate::types::PtxType;

/// `txq`'s queries (".tquery" and ".squery").
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum TexQuery {
    /// `.width`: "value in elements".
    Width,
    /// `.height`.
    Height,
    /// `.depth`.
    Depth,
    /// `.channel_data_type`.
    ChannelDataType,
    /// `.channel_order`.
    ChannelOrder,
    /// `.normalized_coords`: "1 (True) or 0 (False)".
    NormalizedCoords,
    /// `.array_size`: "For a texture array, number of textures in array,
    /// 0 otherwise."
    ArraySize,
    /// `.num_mipmap_levels`: "For a mipmapped texture, number of levels of
    /// details (LOD), 0 otherwise."
    NumMipmapLevels,
    /// `.num_samples`: "For a multi-sample texture, number of samples, 0
    /// otherwise."
    NumSamples,
    /// `.force_unnormalized_coords`: "Defined only for .samplerref
    /// variables in independent texture mode."
    ForceUnnormalizedCoords,
    /// `.filter_mode`: "Integer from enum { nearest, linear }".
    FilterMode,
    /// `.addr_mode_0`..`.addr_mode_2`: "Integer from enum { wrap, mirror,
    /// clamp_ogl, clamp_to_edge, clamp_to_border }".
    AddrMode(u8),
}

impl TexQuery {
    fn parse(s: &str) -> Option<TexQuery> {
        Some(match s {
            "width" => TexQuery::Width,
            "height" => TexQuery::Height,
            "depth" => TexQuery::Depth,
            "channel_data_type" => TexQuery::ChannelDataType,
            "channel_order" => TexQuery::ChannelOrder,
            "normalized_coords" => TexQuery::NormalizedCoords,
            "array_size" => TexQuery::ArraySize,
            "num_mipmap_levels" => TexQuery::NumMipmapLevels,
            "num_samples" => TexQuery::NumSamples,
            "force_unnormalized_coords" => TexQuery::ForceUnnormalizedCoords,
            "filter_mode" => TexQuery::FilterMode,
            "addr_mode_0" => TexQuery::AddrMode(0),
            "addr_mode_1" => TexQuery::AddrMode(1),
            "addr_mode_2" => TexQuery::AddrMode(2),
            _ => return None,
        })
    }
}

/// A decoded texture instruction.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Texture {
    /// `tex.geom.v4.dtype.ctype d, [a, c]`.
    Tex {
        /// `.1d`, `.2d`, `.3d`, `.a1d`, `.a2d`.
        geom: Geom,
        /// `.u32`, `.s32`, `.f32`.
        dtype: PtxType,
        /// `.s32` or `.f32`.
        ctype: PtxType,
    },
    /// `tex.cube.v4.dtype.f32 d, [a, c]` and `tex.acube` (".cube, .acube
    /// require .f32"), and `tld4.comp.cube.v4.dtype.f32`, `tld4.comp.acube`:
    /// "Cubemap textures are special two-dimensional layered textures
    /// consisting of six layers that represent the faces of a cube".
    Cube {
        /// `.acube`: "Cubemap array selection, followed by cubemap lookup".
        array: bool,
        /// `.u32`, `.s32`, `.f32`.
        dtype: PtxType,
        /// `tld4`'s `.comp` (0 to 3); `None` for `tex`.
        gather: Option<u8>,
    },
    /// `txq.query.b32 d, [a]`.
    Txq(TexQuery),
    /// `tld4.comp.geom.v4.dtype.f32 d, [a, c]`: "Perform a texture fetch of
    /// the 4-texel bilerp footprint".
    Tld4 {
        /// `.r`, `.g`, `.b`, `.a`: the channel, 0 to 3.
        comp: u8,
        /// `.2d` or `.a2d`.
        geom: Geom,
        /// `.u32`, `.s32`, `.f32`.
        dtype: PtxType,
    },
}

impl Texture {
    /// Decodes `tex`/`txq` opcode text; `None` for other instructions.
    /// Valid forms the engine does not run (mipmaps,
    /// multi-sample textures, `.f16` results, `txq.level`) are
    /// [`crate::surface::Refused::Unsupported`], with why.
    pub fn decode(opcode: &str) -> Option<Result<Texture, crate::surface::Refused>> {
        use crate::surface::Refused;
        let mut parts = opcode.split('.');
        let root = parts.next()?;
        if !matches!(root, "tex" | "txq" | "tld4") {
            return None;
        }
        let rest: Vec<&str> = parts.collect();
        let unsupported = |why: &'static str| Some(Err(Refused::Unsupported(why)));
        let invalid = |want: &str| {
            Some(Err(Refused::Invalid(
                Diagnostic::error(
                    0..opcode.len(),
                    format!("`{opcode}` is not a form of `{root}`"),
                )
                .with_help(format!("PTX ISA 9.7.10: {want}")),
            )))
        };
        match root {
            // "tld4.comp.2d.v4.dtype.f32"; ".comp = { .r, .g, .b, .a }",
            // ".geom = { .2d, .a2d, .cube, .acube }", ".dtype = { .u32,
            // .s32, .f32 }".
            "tld4" => {
                let [comp, geom, "v4", dtype, "f32"] = rest.as_slice() else {
                    // A bare `tld4` is no form at all: the engine's "not
                    // supported" warning.
                    return if rest.is_empty() { None } else { invalid(TLD4) };
                };
                let comp = match *comp {
                    "r" => 0,
                    "g" => 1,
                    "b" => 2,
                    "a" => 3,
                    _ => return invalid(TLD4),
                };
                let dtype = match *dtype {
                    d @ ("u32" | "s32" | "f32") => PtxType::parse(d)?,
                    _ => return invalid(TLD4),
                };
                let geom = match *geom {
                    "2d" => Geom::D2,
                    "a2d" => Geom::A2,
                    "cube" | "acube" => {
                        return Some(Ok(Texture::Cube {
                            array: *geom == "acube",
                            dtype,
                            gather: Some(comp),
                        }))
                    }
                    _ => return invalid(TLD4),
                };
                Some(Ok(Texture::Tld4 { comp, geom, dtype }))
            }
            "txq" => match rest.as_slice() {
                ["level", ..] => {
                    unsupported("a bound texture has one level: `txq.level` is not run (docs/ENGINE.md \"Textures\")")
                }
                [q, "b32"] => match TexQuery::parse(q) {
                    Some(q) => Some(Ok(Texture::Txq(q))),
                    None => invalid(TXQ),
                },
                _ => invalid(TXQ),
            },
            _ => {
                let (first, tail) = rest.split_first()?;
                if matches!(*first, "base" | "level" | "grad") {
                    return unsupported(
                        "a bound texture has one level: the mipmap forms are not run (docs/ENGINE.md \"Textures\")",
                    );
                }
                let geom = match *first {
                    "1d" => Geom::D1,
                    "2d" => Geom::D2,
                    "3d" => Geom::D3,
                    "a1d" => Geom::A1,
                    "a2d" => Geom::A2,
                    // ".cube, .acube require .f32" (the coordinates).
                    "cube" | "acube" => {
                        return match tail {
                            ["v4", d @ ("u32" | "s32" | "f32"), "f32"] => {
                                Some(Ok(Texture::Cube {
                                    array: *first == "acube",
                                    dtype: PtxType::parse(d)?,
                                    gather: None,
                                }))
                            }
                            ["v4", "f16", "f32"] | ["v2", "f16x2", "f32"] => unsupported(F16),
                            _ => invalid(TEX),
                        };
                    }
                    "2dms" | "a2dms" => {
                        if !matches!(tail, ["v4", _, _] | ["v2", "f16x2", _]) {
                            return invalid(TEX);
                        }
                        return unsupported("a bound texture has one sample an element: the multi-sample textures are not run (docs/ENGINE.md \"Textures\")");
                    }
                    _ => return invalid(TEX),
                };
                match tail {
                    ["v4", d @ ("u32" | "s32" | "f32"), c @ ("s32" | "f32")] => {
                        Some(Ok(Texture::Tex {
                            geom,
                            dtype: PtxType::parse(d)?,
                            ctype: PtxType::parse(c)?,
                        }))
                    }
                    ["v4", "f16", "s32" | "f32"] | ["v2", "f16x2", "s32" | "f32"] => {
                        unsupported(F16)
                    }
                    _ => invalid(TEX),
                }
            }
        }
    }

    /// The minimum PTX ISA version and target (PTX ISA Notes, Target ISA
    /// Notes).
    pub fn requires(&self) -> (PtxVersion, Target) {
        match self {
            // "Introduced in PTX ISA version 2.2"; "tld4.{a2d,cube,acube}
            // introduced in PTX ISA version 4.3"; "tld4 requires sm_20 or
            // higher"; "tld4.{a2d,cube,acube} requires sm_30 or higher".
            Texture::Tld4 { geom: Geom::A2, .. } => (PtxVersion::new(4, 3), Target::sm(30)),
            Texture::Tld4 { .. } => (PtxVersion::new(2, 2), Target::sm(20)),
            Texture::Cube {
                gather: Some(_), ..
            } => (PtxVersion::new(4, 3), Target::sm(30)),
            // "Cubemaps and cubemap arrays introduced in PTX ISA version
            // 3.0"; "The cubemap array geometry (.acube) requires sm_20 or
            // higher" (`.cube`: "Supported on all target architectures").
            Texture::Cube { array: true, .. } => (PtxVersion::new(3, 0), Target::sm(20)),
            Texture::Cube { .. } => (PtxVersion::new(3, 0), Target::sm(10)),
            // "Unified mode texturing introduced in PTX ISA version 1.0";
            // "Texture arrays tex.{a1d,a2d} introduced in PTX ISA version
            // 2.3"; "Supported on all target architectures."
            Texture::Tex { geom, .. } if geom.array() => (PtxVersion::new(2, 3), Target::sm(10)),
            Texture::Tex { .. } => (PtxVersion::new(1, 0), Target::sm(10)),
            // "Introduced in PTX ISA version 1.5"; "Channel data type and
            // channel order queries were added in PTX ISA version 2.1";
            // "The .force_unnormalized_coords query was added in PTX ISA
            // version 2.2"; ".array_size, .num_mipmap_levels, .num_samples
            // samples queries were added in PTX ISA version 4.1";
            // "Querying the number of mipmap levels requires sm_20 or
            // higher"; "Querying the number of samples requires sm_30 or
            // higher".
            Texture::Txq(q) => match q {
                TexQuery::ChannelDataType | TexQuery::ChannelOrder => {
                    (PtxVersion::new(2, 1), Target::sm(10))
                }
                TexQuery::ForceUnnormalizedCoords => (PtxVersion::new(2, 2), Target::sm(10)),
                TexQuery::ArraySize => (PtxVersion::new(4, 1), Target::sm(10)),
                TexQuery::NumMipmapLevels => (PtxVersion::new(4, 1), Target::sm(20)),
                TexQuery::NumSamples => (PtxVersion::new(4, 1), Target::sm(30)),
                _ => (PtxVersion::new(1, 5), Target::sm(10)),
            },
        }
    }
}

/// Why `.f16`/`.f16x2` results are refused.
const F16: &str = "textures returning `.f16`/`.f16x2` data are not run: the PTX ISA does not say how a texel becomes `.f16` (the rounding of an `.f32` or integer texel, which channels `.f16x2` packs, and in which halves) (docs/ENGINE.md \"Textures\")";

const TEX: &str = "tex.geom.v4.dtype.ctype with .geom = { .1d, .2d, .3d, .a1d, .a2d, .cube, .acube, .2dms, .a2dms }, .dtype = { .u32, .s32, .f16, .f32 }, .ctype = { .s32, .f32 } (or .v2.f16x2)";
const TLD4: &str = "tld4.comp.geom.v4.dtype.f32 with .comp = { .r, .g, .b, .a }, .geom = { .2d, .a2d, .cube, .acube }, .dtype = { .u32, .s32, .f32 }";
const TXQ: &str = "txq.query.b32 with .query = { .width, .height, .depth, .channel_data_type, .channel_order, .normalized_coords, .array_size, .num_mipmap_levels, .num_samples, .force_unnormalized_coords, .filter_mode, .addr_mode_0, .addr_mode_1, .addr_mode_2 }";

#[cfg(test)]
mod tests {
    use super::*;
    use crate::surface::Refused;

    #[test]
    fn forms_decode_or_say_why_not() {
        assert_eq!(
            Texture::decode("tex.a2d.v4.s32.f32").unwrap().unwrap(),
            Texture::Tex {
                geom: Geom::A2,
                dtype: PtxType::S32,
                ctype: PtxType::F32
            }
        );
        assert_eq!(
            Texture::decode("txq.addr_mode_2.b32").unwrap().unwrap(),
            Texture::Txq(TexQuery::AddrMode(2))
        );
        assert_eq!(
            Texture::decode("tex.acube.v4.u32.f32").unwrap().unwrap(),
            Texture::Cube {
                array: true,
                dtype: PtxType::U32,
                gather: None
            }
        );
        assert!(matches!(
            Texture::decode("tex.cube.v4.f32.s32"),
            Some(Err(Refused::Invalid(_)))
        ));
        for s in [
            "tex.2dms.v4.f32.s32",
            "tex.cube.v4.f16.f32",
            "tex.level.2d.v4.f32.f32",
            "tex.1d.v2.f16x2.f32",
            "txq.level.width.b32",
        ] {
            assert!(
                matches!(Texture::decode(s), Some(Err(Refused::Unsupported(_)))),
                "{s}"
            );
        }
        for s in [
            "tex.2d.v4.f32",
            "tex.4d.v4.f32.f32",
            "tex.2d.v4.u16.f32",
            "tex.2d.v4.f32.u32",
            "txq.size.b32",
        ] {
            assert!(
                matches!(Texture::decode(s), Some(Err(Refused::Invalid(_)))),
                "{s}"
            );
        }
        assert!(Texture::decode("suld.b.1d.b32.trap").is_none());
        assert_eq!(
            Texture::decode("tld4.g.a2d.v4.s32.f32").unwrap().unwrap(),
            Texture::Tld4 {
                comp: 1,
                geom: Geom::A2,
                dtype: PtxType::S32
            }
        );
        assert_eq!(
            Texture::decode("tld4.b.cube.v4.s32.f32").unwrap().unwrap(),
            Texture::Cube {
                array: false,
                dtype: PtxType::S32,
                gather: Some(2)
            }
        );
        for s in [
            "tld4.x.2d.v4.f32.f32",
            "tld4.r.1d.v4.f32.f32",
            "tld4.r.2d.v4.f32.s32",
            "tld4.r.2d.v2.f32.f32",
        ] {
            assert!(
                matches!(Texture::decode(s), Some(Err(Refused::Invalid(_)))),
                "{s}"
            );
        }
        // A bare `tld4`: the engine's "not supported" warning.
        assert!(Texture::decode("tld4").is_none());
    }
}
