//! `tex` (unified mode, nearest sampling), `tld4` and `txq` (PTX ISA 9.7.10;
//! decoded as `ptxfp_isa::control::Control::Texture`) on images the host
//! binds with `--texture` ([`Inputs::textures`]): the pitch-linear layout
//! of `--surface` (surface.rs) and a sampler, its filter, address modes and
//! whether coordinates are normalized (docs/ENGINE.md "Textures").
//!
//! The sampling rules are the CUDA C++ Programming Guide's ("Texture
//! Fetching" appendix): nearest-point sampling returns `T[floor(x)]`, a
//! normalized coordinate is first scaled by the size, and the address
//! modes wrap, mirror, clamp and border place a coordinate outside the
//! texture.

use super::surface::{split_target, Image, ImageKind};
use super::*;
use ptxfp_isa::surface::Geom;
use ptxfp_isa::texture::{TexQuery, Texture};

/// An address mode: what a coordinate outside the texture reads.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Addr {
    Wrap,
    Mirror,
    Clamp,
    Border,
}

impl Addr {
    fn parse(s: &str) -> Option<Addr> {
        Some(match s {
            "wrap" => Addr::Wrap,
            "mirror" => Addr::Mirror,
            "clamp" => Addr::Clamp,
            "border" => Addr::Border,
            _ => return None,
        })
    }

    /// `txq.addr_mode_N`: "Integer from enum { wrap, mirror, clamp_ogl,
    /// clamp_to_edge, clamp_to_border }" (CUDA's clamp is clamp to edge).
    fn code(self) -> u64 {
        match self {
            Addr::Wrap => 0,
            Addr::Mirror => 1,
            Addr::Clamp => 3,
            Addr::Border => 4,
        }
    }
}

/// A bound texture's sampler.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) struct Sampler {
    normalized: bool,
    addr: [Addr; 3],
    /// `:cube`: the layers are cubemap faces, six a cubemap.
    cube: bool,
}

/// The `--texture` grammar, for messages.
pub const TEXTURE_SYNTAX: &str = "NAME=W[xH[xD]]:FORMAT@ADDR[:layers=N][:pitch=BYTES][:cube][:normalized][:address=MODE[,MODE[,MODE]]][:filter=nearest], NAME a .texref variable or a handle value, FORMAT u8|s8|u16|s16|u32|s32|f16|f32 with an optional x2|x4, MODE wrap|mirror|clamp|border (wrap and mirror with normalized coordinates only), cube a WxW binding of 6 N layers, N cubemaps";

/// The largest size of a texture dimension: below 2^29, a `.f32`
/// coordinate times the size is exact in binary64.
const MAX_TEXTURE_DIM: u32 = (1 << 29) - 1;

impl Machine<'_, '_> {
    /// Binds the `--texture` images and their samplers.
    pub(crate) fn bind_textures(&mut self, specs: &[String]) -> Result<(), RunError> {
        for spec in specs {
            let flag = format!("--texture {spec}");
            let mut sampler = Sampler {
                normalized: false,
                addr: [Addr::Clamp; 3],
                cube: false,
            };
            let mut option = |k: &str, v: Option<&str>| -> Result<(), String> {
                match (k, v) {
                    ("normalized", None) => sampler.normalized = true,
                    ("cube", None) => sampler.cube = true,
                    ("filter", Some("nearest")) => {}
                    ("filter", Some("linear")) => return Err(
                        "filter=linear is not modelled: the engine samples the nearest texel only"
                            .into(),
                    ),
                    ("address", Some(m)) => {
                        let modes: Vec<&str> = m.split(',').collect();
                        if modes.len() > 3 {
                            return Err("address= takes at most three modes".into());
                        }
                        for (i, mode) in modes.iter().enumerate() {
                            let a = Addr::parse(mode.trim()).ok_or_else(|| {
                                format!("`{mode}` is not wrap, mirror, clamp or border")
                            })?;
                            for slot in &mut sampler.addr[i..] {
                                *slot = a;
                            }
                        }
                    }
                    _ => return Err(format!(
                        "`{k}` is not layers, pitch, normalized, cube, address=MODES or filter=nearest"
                    )),
                }
                Ok(())
            };
            let (handle, img) =
                self.parse_image(&flag, spec, TEXTURE_SYNTAX, ".texref", &mut option)?;
            // CUDA C++ Programming Guide: "cudaAddressModeWrap and
            // cudaAddressModeMirror are only supported for normalized
            // texture coordinates".
            if !sampler.normalized
                && sampler
                    .addr
                    .iter()
                    .any(|a| matches!(a, Addr::Wrap | Addr::Mirror))
            {
                return Err(RunError::Input(format!(
                    "{flag}: wrap and mirror address modes take normalized coordinates (add :normalized); expected {TEXTURE_SYNTAX}"
                )));
            }
            // "Cubemap textures are special two-dimensional layered textures
            // consisting of six layers that represent the faces of a cube.
            // All layers in a cubemap are of the same size and are square
            // (i.e., width equals height)"; "Cubemap array textures consist
            // of an array of cubemaps, i.e., the total number of layers is a
            // multiple of six".
            if sampler.cube
                && (img.dims != 2
                    || img.size[0] != img.size[1]
                    || img.layers.is_none_or(|l| l % 6 != 0))
            {
                return Err(RunError::Input(format!(
                    "{flag}: a cubemap is square (WxW, width equals height) with six layers for each cubemap (:layers=6, or 6N for N cubemaps); expected {TEXTURE_SYNTAX}"
                )));
            }
            if img.size.iter().any(|s| *s > MAX_TEXTURE_DIM) {
                return Err(RunError::Input(format!(
                    "{flag}: a texture dimension is at most {MAX_TEXTURE_DIM}"
                )));
            }
            if let Some((other, _)) = self.textures.get(&handle) {
                return Err(RunError::Input(format!(
                    "{flag}: the texture {handle:#x} is bound already ({}): bind each once",
                    other.flag
                )));
            }
            self.textures.insert(handle, (img, sampler));
        }
        Ok(())
    }

    /// Runs `tex` or `txq` for the running thread.
    pub(crate) fn texture(&mut self, ins: &Instr, t: Texture) -> Result<Flow, RunError> {
        let ops = &ins.operands;
        match t {
            Texture::Txq(q) => {
                let ops = self.operands(ins, 2)?;
                let (handle, img, sampler) = self.texture_of(ins, &ops[1], None)?;
                let v = match q {
                    TexQuery::Width => u64::from(img.size[0]),
                    TexQuery::Height => u64::from(img.size[1]),
                    TexQuery::Depth => u64::from(img.size[2]),
                    TexQuery::ChannelDataType => img.format.cuda_format(),
                    TexQuery::ChannelOrder => u64::from(img.format.channels),
                    TexQuery::NormalizedCoords => u64::from(sampler.normalized),
                    // A cubemap is no array: "0 otherwise". Of a cubemap
                    // array the ISA does not say whether its "number of
                    // textures in array" counts cubemaps or faces.
                    TexQuery::ArraySize if sampler.cube && img.layers == Some(6) => 0,
                    TexQuery::ArraySize if sampler.cube => {
                        return Err(err(
                            ops[1].span.clone(),
                            format!("`{}` on a cubemap array ({}): the PTX ISA's \"number of textures in array\" does not say whether it counts cubemaps or faces, and the engine does not choose", ins.opcode, img.flag),
                        ))
                    }
                    TexQuery::ArraySize => u64::from(img.layers.unwrap_or(0)),
                    // One level, one sample: "0 otherwise".
                    TexQuery::NumMipmapLevels | TexQuery::NumSamples => 0,
                    // "Integer from enum { nearest, linear }".
                    TexQuery::FilterMode => 0,
                    TexQuery::AddrMode(i) => sampler.addr[usize::from(i)].code(),
                    TexQuery::ForceUnnormalizedCoords => {
                        return Err(err(
                            ops[1].span.clone(),
                            format!("`{}`: \"Defined only for .samplerref variables in independent texture mode\", which the engine does not run", ins.opcode),
                        ))
                    }
                };
                self.write(&ops[0], PtxType::B32, v)?;
                self.trace(ins, &[(handle, PtxType::U64)], Some((v, PtxType::B32)));
                Ok(Flow::Next)
            }
            Texture::Cube {
                array,
                dtype,
                gather,
            } => self.cube(ins, array, dtype, gather),
            Texture::Tex { .. } | Texture::Tld4 { .. } => {
                let (geom, dtype, ctype, gather) = match t {
                    Texture::Tex { geom, dtype, ctype } => (geom, dtype, ctype, None),
                    // "tld4.comp.2d.v4.dtype.f32": the coordinates are `.f32`.
                    Texture::Tld4 { comp, geom, dtype } => (geom, dtype, PtxType::F32, Some(comp)),
                    Texture::Txq(_) | Texture::Cube { .. } => {
                        return Err(err(
                            ins.opcode_span.clone(),
                            "internal: not a fetch of this geometry",
                        ))
                    }
                };
                only_d_and_target(ins, false)?;
                let (dst, pred) = self.fetch_destination(ins, &ops[0])?;
                let target = &ops[1];
                no_sampler_operand(ins, target)?;
                let (name, coords) = split_target(target).ok_or_else(|| {
                    err(
                        target.span.clone(),
                        format!(
                            "`{}` takes `[a, c]`: a texture and a coordinate vector of {} element(s)",
                            ins.opcode,
                            geom.coords()
                        ),
                    )
                })?;
                // "Operand c is a scalar or singleton tuple for 1d textures;
                // is a two-element vector for 2d textures; and is a
                // four-element vector for 3d textures"; "For compatibility
                // with prior versions of PTX, ... .v4 coordinate vectors are
                // allowed for any geometry, with the extra elements being
                // ignored."
                if coords.len() != geom.coords() && coords.len() != 4 {
                    return Err(err(
                        target.span.clone(),
                        format!(
                            "`{}`: the coordinate vector c has {} element(s); .{} takes {} (or 4)",
                            ins.opcode,
                            coords.len(),
                            geom.name(),
                            geom.coords()
                        ),
                    ));
                }
                let (handle, img, sampler) = self.texture_of(ins, &name, Some(geom))?;
                let mut c = Vec::new();
                for op in &coords {
                    c.push(self.read(op, PtxType::B32)? as u32);
                }
                let mut srcs: Vec<(u64, PtxType)> = vec![(handle, PtxType::U64)];
                srcs.extend(c.iter().map(|v| (u64::from(*v), ctype)));
                // Arrays: "The first element is interpreted as an unsigned
                // integer index (.u32) into the texture array".
                let (layer, xyz) = if geom.array() {
                    (c[0], &c[1..])
                } else {
                    (0, &c[..])
                };
                let layers = img.layers.unwrap_or(1);
                // The layer index is clamped into the array (docs/NVIDIA.md
                // "Textures").
                let layer = layer.min(layers - 1);
                let e = img.format.bytes();
                let layer_at = img.addr + u64::from(layer) * img.slice() * img.extent(2);
                if let Some(comp) = gather {
                    // "The four texel samples are placed into destination
                    // vector d in counter-clockwise order starting at lower
                    // left": (i, j+1), (i+1, j+1), (i+1, j), (i, j), the
                    // bilerp footprint of i = floor(x - 0.5), j = floor(y -
                    // 0.5) (x, y times the size when normalized), each
                    // index placed by the address mode (docs/ENGINE.md
                    // "Textures").
                    let [i, j] = [0, 1].map(|d| {
                        let b = footprint(xyz[d], img.extent(d), sampler.normalized);
                        [
                            place(b, img.extent(d), sampler.addr[d]),
                            place(b + 1, img.extent(d), sampler.addr[d]),
                        ]
                    });
                    let mut vals = [0u64; 4];
                    for (k, (x, y)) in [(i[0], j[1]), (i[1], j[1]), (i[1], j[0]), (i[0], j[0])]
                        .into_iter()
                        .enumerate()
                    {
                        if let (Some(x), Some(y)) = (x, y) {
                            let a = layer_at + y * img.pitch + x * e;
                            vals[k] =
                                self.texel_value(ins, target, &img, a, dtype)?[usize::from(comp)];
                        }
                    }
                    return self.fetched(ins, &srcs, (&dst, &pred), dtype, vals);
                }
                let mut at = [0u64; 3];
                let mut border = false;
                for d in 0..geom.dims() {
                    match texel(
                        xyz[d],
                        ctype,
                        img.extent(d),
                        sampler.normalized,
                        sampler.addr[d],
                    ) {
                        Some(i) => at[d] = i,
                        None => border = true,
                    }
                }
                let vals = if border {
                    // CUDA's border mode: "out-of-range texture coordinates
                    // return zero".
                    [0; 4]
                } else {
                    let a = layer_at + at[2] * img.slice() + at[1] * img.pitch + at[0] * e;
                    self.texel_value(ins, target, &img, a, dtype)?
                };
                self.fetched(ins, &srcs, (&dst, &pred), dtype, vals)
            }
        }
    }

    /// `tex.cube`/`tex.acube` and `tld4.comp.cube`/`.acube` on a binding
    /// with `:cube`: the face from the "Cubemap Fetch" table
    /// ([`cube_face`]), the texel at the face coordinates "(s/m+1)/2 and
    /// (t/m+1)/2" (CUDA C++ Programming Guide, "Cubemap Textures"), read
    /// from layer `6 × cubemap + face`.
    fn cube(
        &mut self,
        ins: &Instr,
        array: bool,
        dtype: PtxType,
        gather: Option<u8>,
    ) -> Result<Flow, RunError> {
        let ops = &ins.operands;
        only_d_and_target(ins, true)?;
        let (dst, pred) = self.fetch_destination(ins, &ops[0])?;
        let target = &ops[1];
        no_sampler_operand(ins, target)?;
        // "the texture coordinate vector c has type .v4.f32, and comprises
        // three floating-point coordinates (s, t, r) and a fourth padding
        // argument which is ignored"; `.acube`: "the coordinate vector c
        // has type .v4.b32. The first element is interpreted as an
        // unsigned integer index (.u32) into the cubemap array, and the
        // remaining three elements are interpreted as floating-point
        // cubemap coordinates (s, t, r)".
        let (name, coords) = match split_target(target) {
            Some((n, c)) if c.len() == 4 => (n, c),
            _ => {
                return Err(err(
                    target.span.clone(),
                    format!(
                        "`{}` takes `[a, c]` with a coordinate vector of 4 elements ({})",
                        ins.opcode,
                        if array {
                            "{index, s, t, r}"
                        } else {
                            "{s, t, r, pad}"
                        }
                    ),
                ))
            }
        };
        let (handle, img, sampler) = self.texture_of(ins, &name, None)?;
        let faces = img.layers.unwrap_or(0);
        if !sampler.cube || (!array && faces != 6) {
            let want = if array {
                "a cubemap array (WxW, :layers=6N:cube)"
            } else {
                "one cubemap (WxW, :layers=6:cube)"
            };
            return Err(err(
                name.span.clone(),
                format!(
                    "`{}` addresses {want}; the texture is bound as {}{} ({})",
                    ins.opcode,
                    img.shape(),
                    if sampler.cube {
                        ", a cubemap array"
                    } else {
                        ""
                    },
                    img.flag
                ),
            ));
        }
        let mut c = [0u32; 4];
        for (slot, op) in c.iter_mut().zip(&coords) {
            *slot = self.read(op, PtxType::B32)? as u32;
        }
        let mut srcs: Vec<(u64, PtxType)> = vec![(handle, PtxType::U64)];
        srcs.extend(c.iter().map(|v| (u64::from(*v), PtxType::F32)));
        let (cubemap, dir) = if array {
            (c[0], [c[1], c[2], c[3]])
        } else {
            (0, [c[0], c[1], c[2]])
        };
        // The cubemap index past the last reads the last, as an array's
        // layer (docs/NVIDIA.md "Textures").
        let cubemap = cubemap.min(faces / 6 - 1);
        let (face, m, s, t) = cube_face(dir).map_err(|why| {
            err(
                target.span.clone(),
                format!(
                    "`{}`: the direction ({}, {}, {}) selects no cube face: {why}",
                    ins.opcode,
                    f32::from_bits(dir[0]),
                    f32::from_bits(dir[1]),
                    f32::from_bits(dir[2])
                ),
            )
        })?;
        let n = img.extent(0);
        let e = img.format.bytes();
        let layer = u64::from(cubemap) * 6 + face as u64;
        let base = img.addr + layer * img.slice();
        let vals = if let Some(comp) = gather {
            // "Perform a texture fetch of the 4-texel bilerp footprint": the
            // footprint of the face coordinates, as on a 2d texture
            // ([`footprint`]). Where it crosses the face's edge, the texels
            // would come from the next face (or the address mode): neither
            // the PTX ISA nor the guide says which.
            let [i, j] = [s, t].map(|v| face_texel(v, m, n, 1));
            if i < 0 || j < 0 || i + 1 >= n as i64 || j + 1 >= n as i64 {
                return Err(err(
                    target.span.clone(),
                    format!(
                        "`{}`: the footprint at texels ({i}, {j}) to ({}, {}) crosses the edge of cube face {face} ({n}x{n}): which texels the next face gives is not said (PTX ISA, CUDA C++ Programming Guide), and the engine does not choose",
                        ins.opcode,
                        i + 1,
                        j + 1
                    ),
                ));
            }
            let (i, j) = (i as u64, j as u64);
            let mut vals = [0u64; 4];
            // "counter-clockwise order starting at lower left", as 2d.
            for (k, (x, y)) in [(i, j + 1), (i + 1, j + 1), (i + 1, j), (i, j)]
                .into_iter()
                .enumerate()
            {
                let a = base + y * img.pitch + x * e;
                vals[k] = self.texel_value(ins, target, &img, a, dtype)?[usize::from(comp)];
            }
            vals
        } else {
            // "tex(x) = T[i] where i = floor(x)" at x = n (s/m + 1)/2: a
            // texel of the face, |s| < m.
            let [i, j] = [s, t].map(|v| face_texel(v, m, n, 0) as u64);
            self.texel_value(ins, target, &img, base + j * img.pitch + i * e, dtype)?
        };
        self.fetched(ins, &srcs, (&dst, &pred), dtype, vals)
    }

    /// `d` or `d|p` of `tex`/`tld4` ("d[|p]"): the four destination
    /// registers, and the residency predicate if there is one (PTX ISA 7.1,
    /// sm_60: "Support for optional destination predicate introduced in PTX
    /// ISA version 7.1"; "requires sm_60 or higher").
    fn fetch_destination<'o>(
        &self,
        ins: &Instr,
        d: &Operand<'o>,
    ) -> Result<(Vec<Operand<'o>>, Option<Operand<'o>>), RunError> {
        let want = || {
            err(
                d.span.clone(),
                format!(
                    "`{}` writes a {{...}} vector of 4 registers, optionally with a residency predicate: `{{d0, d1, d2, d3}}` or `{{d0, d1, d2, d3}}|p`",
                    ins.opcode
                ),
            )
        };
        match &d.kind {
            OperandKind::Vector(v) if v.len() == 4 => Ok((v.clone(), None)),
            // `{d0, d1, d2, d3}|p`, kept as text by the parser.
            OperandKind::Other(text) => {
                let text: &'o str = text;
                let (vec, p) = text.rsplit_once('|').ok_or_else(want)?;
                let inner = vec
                    .trim()
                    .strip_prefix('{')
                    .and_then(|v| v.strip_suffix('}'))
                    .ok_or_else(want)?;
                let at = |part: &str| {
                    let o = d.span.start + (part.as_ptr() as usize - text.as_ptr() as usize);
                    o..o + part.len()
                };
                let regs: Vec<Operand<'o>> = inner
                    .split(',')
                    .map(|e| {
                        let e = e.trim();
                        Operand {
                            kind: OperandKind::Name(e),
                            span: at(e),
                        }
                    })
                    .collect();
                let p = p.trim();
                let blank = regs
                    .iter()
                    .any(|r| matches!(r.kind, OperandKind::Name(n) if n.is_empty()));
                if regs.len() != 4 || blank || p.is_empty() {
                    return Err(want());
                }
                let (v, t) = (PtxVersion::new(7, 1), Target::sm(60));
                if self.version < v || !self.exec.code_target.at_least(t.sm) {
                    return Err(err(
                        d.span.clone(),
                        format!(
                            "`{}` with a destination predicate `d|p` needs PTX ISA {v} and {t} or higher (\"Support for optional destination predicate introduced in PTX ISA version 7.1\", \"requires sm_60 or higher\"); this code is PTX {} for {}",
                            ins.opcode, self.version, self.exec.code_target
                        ),
                    ));
                }
                Ok((
                    regs,
                    Some(Operand {
                        kind: OperandKind::Name(p),
                        span: at(p),
                    }),
                ))
            }
            _ => Err(want()),
        }
    }

    /// Writes `p` of `d|p`: "The optional destination predicate p is set to
    /// True if data from texture at specified coordinates is resident in
    /// memory, False otherwise." A bound texture's bytes are ordinary
    /// global memory, never a sparse (partly resident) texture: True.
    /// The end of a fetch: the four values into `d`, true into the
    /// residency predicate `p` if there is one, and the trace step.
    fn fetched(
        &mut self,
        ins: &Instr,
        srcs: &[(u64, PtxType)],
        (dst, pred): (&[Operand], &Option<Operand>),
        dtype: PtxType,
        vals: [u64; 4],
    ) -> Result<Flow, RunError> {
        for (r, v) in dst.iter().zip(vals) {
            self.write(r, dtype, v)?;
        }
        if let Some(p) = pred {
            self.write(p, PtxType::Pred, 1)?;
        }
        self.trace_with(ins, srcs, None, |step| {
            step.access = Some(Access {
                store: false,
                ty: dtype,
                values: vals.to_vec(),
            })
        });
        Ok(Flow::Next)
    }

    /// The four channels of the texel at `a`, read as `dtype`: `.f32` from
    /// a float format (`f16` widened exactly), `.u32`/`.s32` from an
    /// integer one (extended by the format's signedness); channels the
    /// format lacks read 0, and alpha 1 (`tex_absent_alpha_one`).
    fn texel_value(
        &mut self,
        ins: &Instr,
        at_op: &Operand,
        img: &Image,
        a: u64,
        dtype: PtxType,
    ) -> Result<[u64; 4], RunError> {
        let f = img.format;
        let float = dtype == PtxType::F32;
        if float != (f.kind == b'f') {
            return Err(err(
                at_op.span.clone(),
                format!(
                    "`{}` reads `.{}` from a texture of {} elements ({}): `.f32` reads the float formats, `.u32`/`.s32` the integer ones",
                    ins.opcode,
                    dtype.name().trim_start_matches('.'),
                    f.name(),
                    img.flag
                ),
            ));
        }
        let one = if float { 0x3f80_0000 } else { 1 };
        let alpha = if self.exec.hw.tex_absent_alpha_one {
            one
        } else {
            0
        };
        let mut out = [0, 0, 0, alpha];
        let n = f.bits / 8;
        for (ch, slot) in out.iter_mut().enumerate().take(f.channels.min(4) as usize) {
            let ca = a + u64::from(n) * ch as u64;
            let raw = self.read_given(Some(Space::Global), ca, n, |bad| {
                unread(
                    &at_op.span,
                    ins.opcode,
                    &format!("a texel at {ca:#x}"),
                    bad,
                    ca,
                )
                .with_help(format!(
                    "give the image's bytes with --mem {ca:#x}=HEXBYTES or --mem-file"
                ))
            })?;
            *slot = match (f.kind, f.bits) {
                (b'f', 16) => f16_to_f32(raw as u16),
                (b'f', _) => raw,
                (b's', b) => ((((raw << (64 - b)) as i64) >> (64 - b)) as u64) & 0xffff_ffff,
                _ => raw,
            };
        }
        Ok(out)
    }

    /// The texture operand `a` names: a `.texref` bound with `--texture`,
    /// or a `.u64` register holding a bound handle.
    fn texture_of(
        &mut self,
        ins: &Instr,
        a: &Operand,
        geom: Option<Geom>,
    ) -> Result<(u64, Image, Sampler), RunError> {
        let (handle, name, reg) = self.image_handle(ins, a, ImageKind::Texture)?;
        let Some((img, sampler)) = self.textures.get(&handle).cloned() else {
            return Err(ImageKind::Texture.unbound(ins, a, &name, handle, reg));
        };
        ImageKind::Texture.check_shape(ins, a, &name, &img, geom)?;
        if let (Some(g), true) = (geom, sampler.cube) {
            return Err(err(
                a.span.clone(),
                format!(
                    "`{}` addresses a .{} texture; `{name}` is bound as a cubemap ({}): read it with .cube or .acube",
                    ins.opcode,
                    g.name(),
                    img.flag
                ),
            ));
        }
        Ok((handle, img, sampler))
    }
}

/// `tex`/`tld4` run as `d, [a, c]`: the operands `e` and `f` after them
/// are refused, with why (`cube`: "Offset vector operand e is not supported
/// for cubemap textures").
fn only_d_and_target(ins: &Instr, cube: bool) -> Result<(), RunError> {
    let ops = &ins.operands;
    if ops.len() == 2 {
        return Ok(());
    }
    let Some(extra) = ops.get(2) else {
        return Err(err(
            ins.opcode_span.clone(),
            format!("`{}` takes `d, [a, c]`", ins.opcode),
        ));
    };
    let why = match (&extra.kind, cube) {
        (OperandKind::Vector(_), true) => "\"Offset vector operand e is not supported for cubemap textures\"".to_string(),
        // "Offset is applied to coordinates before doing texture lookup.
        // Offset value is in the range of -8 to +7."
        (OperandKind::Vector(_), false) => "the offset operand `e` is not run: the PTX ISA says \"Offset is applied to coordinates before doing texture lookup\" but not in which unit (texels, or the coordinate's own, normalized or not), nor what an offset outside -8 to +7 does".to_string(),
        // "Each element fetched from texture is compared against value
        // given in f operand. If comparison passes, result is 1.0;
        // otherwise result is 0.0."
        _ => "the depth compare operand `f` is not run: the PTX ISA says \"If comparison passes, result is 1.0; otherwise result is 0.0\" but not which comparison (the depth texture's compare function, which a binding does not describe)".to_string(),
    };
    Err(err(extra.span.clone(), format!("`{}`: {why}", ins.opcode)))
}

/// `[a, b, c]`, an explicit sampler (independent mode), is refused.
fn no_sampler_operand(ins: &Instr, target: &Operand) -> Result<(), RunError> {
    if let OperandKind::Other(text) = target.kind {
        let depth_zero_commas = text
            .chars()
            .scan(0i32, |d, ch| {
                *d += match ch {
                    '{' => 1,
                    '}' => -1,
                    _ => 0,
                };
                Some((*d, ch))
            })
            .filter(|&(d, ch)| d == 0 && ch == ',')
            .count();
        if depth_zero_commas > 1 {
            return Err(err(
                target.span.clone(),
                format!("`{}` with a sampler operand (independent texturing mode) is not run: bind the sampler's settings with the texture (--texture ...:address=...:normalized)", ins.opcode),
            ));
        }
    }
    Ok(())
}

/// The face a cubemap direction `(x, y, z)` (`.f32` bits) selects, with
/// the major axis' magnitude `m` and the face coordinates `s`, `t`: the
/// CUDA C++ Programming Guide's "Cubemap Fetch" table, row by row ("the
/// face is selected by the coordinate with largest magnitude m"):
///
/// | | | face | m | s | t |
/// |---|---|---|---|---|---|
/// | \|x\| > \|y\| and \|x\| > \|z\| | x >= 0 | 0 | x | -z | -y |
/// | | x < 0 | 1 | -x | z | -y |
/// | \|y\| > \|x\| and \|y\| > \|z\| | y >= 0 | 2 | y | x | z |
/// | | y < 0 | 3 | -y | x | -z |
/// | \|z\| > \|x\| and \|z\| > \|y\| | z >= 0 | 4 | z | x | -y |
/// | | z < 0 | 5 | -z | -x | -y |
///
/// A direction no row holds (two largest magnitudes equal, the zero
/// vector) or with a NaN is an error, with why: the table does not cover
/// it (docs/NVIDIA.md "Textures").
pub(crate) fn cube_face(c: [u32; 3]) -> Result<(usize, f32, f32, f32), &'static str> {
    let [x, y, z] = c.map(f32::from_bits);
    if x.is_nan() || y.is_nan() || z.is_nan() {
        return Err("a NaN coordinate selects no face of the Cubemap Fetch table");
    }
    let (ax, ay, az) = (x.abs(), y.abs(), z.abs());
    Ok(if ax > ay && ax > az {
        if x >= 0.0 {
            (0, x, -z, -y)
        } else {
            (1, -x, z, -y)
        }
    } else if ay > ax && ay > az {
        if y >= 0.0 {
            (2, y, x, z)
        } else {
            (3, -y, x, -z)
        }
    } else if az > ax && az > ay {
        if z >= 0.0 {
            (4, z, x, -y)
        } else {
            (5, -z, -x, -y)
        }
    } else {
        return Err("no coordinate has the largest magnitude alone (a tie between faces, which the Cubemap Fetch table's strict `>` leaves to no face)");
    })
}

/// The integer `v` and exponent `e` of a finite `.f32`, `v × 2^e`.
fn dyadic(f: f32) -> (i128, i32) {
    let bits = f.to_bits();
    let exp = ((bits >> 23) & 0xff) as i32;
    let frac = i128::from(bits & 0x7f_ffff);
    let (v, e) = if exp == 0 {
        (frac, -149)
    } else {
        (frac | 1 << 23, exp - 150)
    };
    (if bits >> 31 == 1 { -v } else { v }, e)
}

/// floor(n × (s/m + 1)/2 - h/2), exactly, for `|s| < m` (`h` 0 for the
/// nearest texel, "tex(x) = T[i] where i = floor(x)", 1 for `tld4`'s
/// footprint, "i = floor(xB)", "xB = x - 0.5"): `(s/m + 1)/2` is the
/// guide's face coordinate in (0, 1), `n` the face's size.
pub(crate) fn face_texel(s: f32, m: f32, n: u64, h: i128) -> i64 {
    let n = i128::from(n);
    if m.is_infinite() {
        // s is finite (|s| < m): s/m is 0.
        return (n - h).div_euclid(2) as i64;
    }
    let (a, ea) = dyadic(s);
    let (b, eb) = dyadic(m);
    let ea = if a == 0 { eb } else { ea };
    let e0 = ea.min(eb);
    if ea.max(eb) - e0 > 70 {
        // |s| < m and the exponents 70 apart: |s/m| < 2^-45, so the value is
        // (n - h)/2 plus a nonzero amount far below any integer step.
        return if (n - h) % 2 == 0 {
            (n - h) / 2 - i128::from(a < 0)
        } else {
            (n - h - 1) / 2
        } as i64;
    }
    let (a, b) = (a << (ea - e0), b << (eb - e0));
    // n (s + m) / (2 m) - h / 2 = (n (a + b) - h b) / (2 b).
    (n * (a + b) - h * b).div_euclid(2 * b) as i64
}

/// The texel index one coordinate `c` (the bits of a `.s32` or `.f32`)
/// selects in a dimension of `n` texels, or `None` for the border.
///
/// `.s32`: the index itself. `.f32`: nearest-point sampling, "tex(x) =
/// T[i] where i = floor(x)" (CUDA C++ Programming Guide, "Nearest-Point
/// Sampling"), of `x × n` for a normalized coordinate; the product and the
/// floor are exact (binary64, `n` below 2^29). A NaN coordinate reads as 0
/// (docs/NVIDIA.md "Textures").
pub(crate) fn texel(c: u32, ctype: PtxType, n: u64, normalized: bool, addr: Addr) -> Option<u64> {
    let place = |i: i64| place(i, n, addr);
    let n = n as i64;
    if ctype == PtxType::S32 {
        return place(i64::from(c as i32));
    }
    let x = f64::from(f32::from_bits(c));
    let x = if x.is_nan() { 0.0 } else { x };
    if !normalized {
        // Clamp and border only (the binding refuses wrap and mirror).
        return place(clamp_floor(x));
    }
    let nf = n as f64;
    match addr {
        // "Wrap": the fractional part of x; "Mirror": mirrored in every
        // other unit interval.
        Addr::Wrap | Addr::Mirror => {
            if x.is_infinite() {
                return place(0);
            }
            let fl = x.floor();
            let mut f = x - fl;
            if addr == Addr::Mirror && (fl / 2.0).floor() * 2.0 != fl {
                f = 1.0 - f;
            }
            Some(clamp_floor(f * nf).clamp(0, n - 1) as u64)
        }
        _ => place(clamp_floor(x * nf)),
    }
}

/// Texel index `i` of a dimension of `n` texels under `addr`: clamped into
/// 0..n, `None` outside it for the border, modulo n for wrap, reflected
/// for mirror (…, 1, 0, 0, 1, …, n-1, n-1, n-2, …).
pub(crate) fn place(i: i64, n: u64, addr: Addr) -> Option<u64> {
    let n = n as i64;
    let i = match addr {
        Addr::Clamp => i.clamp(0, n - 1),
        Addr::Border if !(0..n).contains(&i) => return None,
        Addr::Border => i,
        Addr::Wrap => i.rem_euclid(n),
        Addr::Mirror => {
            let m = i.rem_euclid(2 * n);
            if m < n {
                m
            } else {
                2 * n - 1 - m
            }
        }
    };
    Some(i as u64)
}

/// The first texel index of `tld4`'s footprint: floor(x × n - 0.5) for a
/// normalized coordinate, floor(x - 0.5) otherwise (CUDA C++ Programming
/// Guide, "Linear Filtering": "i = floor(xB)", "xB = x - 0.5"). Exact: the
/// `.f32` times a size below 2^29 is exact in binary64, and subtracting 0.5
/// cannot move the result across an integer. A NaN reads as 0.
fn footprint(c: u32, n: u64, normalized: bool) -> i64 {
    let x = f64::from(f32::from_bits(c));
    let x = if x.is_nan() { 0.0 } else { x };
    let u = if normalized { x * n as f64 } else { x };
    clamp_floor(u - 0.5)
}

/// floor(x) as an integer, saturated far outside any texture.
fn clamp_floor(x: f64) -> i64 {
    x.floor().clamp(-(1i64 << 40) as f64, (1i64 << 40) as f64) as i64
}

/// The `.f32` bits of the `.f16` `h`, exactly (a NaN keeps its sign and
/// payload, quieted).
pub(crate) fn f16_to_f32(h: u16) -> u64 {
    let sign = u32::from(h >> 15) << 31;
    let exp = u32::from((h >> 10) & 0x1f);
    let man = u32::from(h & 0x3ff);
    let bits = match (exp, man) {
        (0, 0) => sign,
        (0, m) => {
            // Subnormal: m × 2^-24, normalized.
            let lead = 31 - m.leading_zeros(); // position of the top bit
            let e = lead + 127 - 24;
            sign | (e << 23) | ((m << (23 - lead)) & 0x7f_ffff)
        }
        (0x1f, 0) => sign | 0x7f80_0000,
        (0x1f, m) => sign | 0x7fc0_0000 | (m << 13),
        (e, m) => sign | ((e + 127 - 15) << 23) | (m << 13),
    };
    u64::from(bits)
}

#[cfg(test)]
mod tests {
    use super::*;

    /// `face_texel` against floor(n (s/m + 1)/2 - h/2) found by exact
    /// comparisons in binary64: for `.f32` values whose exponents are
    /// within 20 of each other, n (s + m) - h m and 2 m k are exact, so k
    /// is the floor when 2 m k <= n (s + m) - h m < 2 m (k + 1).
    #[test]
    fn cube_face_texels_are_exact() {
        let mut x = 0x2545_f491_u64;
        let mut next = || {
            x ^= x << 13;
            x ^= x >> 7;
            x ^= x << 17;
            x
        };
        for _ in 0..200_000 {
            let r = next();
            let e = (r % 200) as i32 - 100;
            let m = f64::from((r >> 8) as u32 & 0xff_ffff | 0x80_0000) * 2f64.powi(e - 23);
            let es = e - (r >> 40) as i32 % 20;
            let sign = if r >> 63 == 1 { -1.0 } else { 1.0 };
            let s = sign * f64::from((r >> 16) as u32 & 0xff_ffff) * 2f64.powi(es - 23);
            if s.abs() >= m {
                continue;
            }
            let (s32, m32) = (s as f32, m as f32);
            assert_eq!(f64::from(s32), s);
            assert_eq!(f64::from(m32), m);
            for n in [1u64, 2, 3, 4, 5, 8, 9, 255] {
                for h in [0i128, 1] {
                    let nf = n as f64;
                    let num = nf * (s + m) - h as f64 * m;
                    let mut k = (num / (2.0 * m)).floor();
                    while 2.0 * m * k > num {
                        k -= 1.0;
                    }
                    while 2.0 * m * (k + 1.0) <= num {
                        k += 1.0;
                    }
                    assert_eq!(
                        face_texel(s32, m32, n, h),
                        k as i64,
                        "s {s:e} m {m:e} n {n} h {h}"
                    );
                }
            }
        }
        // The far branch: s/m below 2^-45.
        assert_eq!(face_texel(1e-30, 1.0, 4, 0), 2);
        assert_eq!(face_texel(-1e-30, 1.0, 4, 0), 1);
        assert_eq!(face_texel(-1e-30, 1.0, 5, 0), 2);
        assert_eq!(face_texel(1e-30, 1.0, 5, 1), 2);
        assert_eq!(face_texel(-1e-30, 1.0, 5, 1), 1);
        assert_eq!(face_texel(0.0, 3.0, 4, 1), 1);
        assert_eq!(face_texel(-0.0, f32::INFINITY, 5, 0), 2);
    }

    #[test]
    fn f16_widening_is_exact() {
        // Every finite f16 against its value computed from the fields.
        for h in 0..=u16::MAX {
            let e = (h >> 10) & 0x1f;
            let m = f64::from(h & 0x3ff);
            let v = match e {
                0 => m * 2f64.powi(-24),
                0x1f => continue,
                e => (1024.0 + m) * 2f64.powi(i32::from(e) - 25),
            };
            let v = if h >> 15 == 1 { -v } else { v };
            assert_eq!(f32::from_bits(f16_to_f32(h) as u32) as f64, v, "{h:#x}");
        }
        assert_eq!(f16_to_f32(0x7c00), 0x7f80_0000);
        assert_eq!(f16_to_f32(0xfe01), 0xffc0_2000);
    }
}
