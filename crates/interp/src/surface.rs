//! The surface instructions `suld.b`, `sust.b`, `sured.b` and `suq` (PTX
//! ISA 9.7.11; decoded as `ptxfp_isa::control::Control::Surface`), on
//! images the host binds with `--surface` ([`Inputs::surfaces`]): a
//! pitch-linear image in global memory, which `--mem`/`--mem-file` fill
//! and the run's memory output shows (docs/ENGINE.md "Surfaces").
//!
//! A surface is named by a `.surfref` variable, or by a `.u64` value:
//! "In indirect access, operand a is a .u64 register holding the address
//! of a .surfref variable" (PTX ISA `suld`), or a bindless handle (CUDA's
//! `cudaSurfaceObject_t`, a kernel parameter) the binding gives as a number.

use super::*;
use ptxfp_isa::surface::{Bound, Geom, Query, RedOp, SurfOp, Surface};

/// The element format of a bound image: `u8`, `s16`, `f32x4`, ...
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) struct Format {
    /// `u`, `s` or `f`.
    pub(crate) kind: u8,
    /// Bits per channel: 8, 16, 32.
    pub(crate) bits: u32,
    /// Channels: 1, 2, 4.
    pub(crate) channels: u32,
}

impl Format {
    fn parse(s: &str) -> Option<Format> {
        let (base, channels) = match s.split_once('x') {
            Some((b, c)) => (b, c.parse().ok().filter(|c| matches!(c, 1 | 2 | 4))?),
            None => (s, 1),
        };
        let kind = *base.as_bytes().first()?;
        let bits: u32 = base.get(1..)?.parse().ok()?;
        let ok = match kind {
            b'u' | b's' => matches!(bits, 8 | 16 | 32),
            b'f' => matches!(bits, 16 | 32),
            _ => false,
        };
        ok.then_some(Format {
            kind,
            bits,
            channels,
        })
    }

    /// Bytes per element.
    pub(crate) fn bytes(self) -> u64 {
        u64::from(self.bits / 8 * self.channels)
    }

    /// `suq.channel_data_type`: CUDA's `CUarray_format` value of the
    /// channel type (the driver API's `CU_AD_FORMAT_UNSIGNED_INT8` = 0x01,
    /// ..., `CU_AD_FORMAT_HALF` = 0x10, `CU_AD_FORMAT_FLOAT` = 0x20).
    pub(crate) fn cuda_format(self) -> u64 {
        match (self.kind, self.bits) {
            (b'u', 8) => 0x01,
            (b'u', 16) => 0x02,
            (b'u', 32) => 0x03,
            (b's', 8) => 0x08,
            (b's', 16) => 0x09,
            (b's', 32) => 0x0a,
            (b'f', 16) => 0x10,
            _ => 0x20,
        }
    }

    pub(crate) fn name(self) -> String {
        let c = if self.channels > 1 {
            format!("x{}", self.channels)
        } else {
            String::new()
        };
        format!("{}{}{c}", self.kind as char, self.bits)
    }
}

/// A bound surface: where its elements are and how they are laid out.
#[derive(Clone, Debug, PartialEq, Eq)]
pub(crate) struct Image {
    /// The option that bound it, for messages.
    pub(crate) flag: String,
    /// The address of element (0, 0, 0) of layer 0: "A surface base
    /// address is assumed to be aligned to a 16 byte boundary".
    pub(crate) addr: u64,
    /// Width, height, depth in elements; a dimension not given is 0 (as
    /// in CUDA's array descriptor), and counts as 1 for addressing.
    pub(crate) size: [u32; 3],
    /// The dimensions given: 1, 2 or 3.
    pub(crate) dims: usize,
    /// Layers of a surface array (`None`: not an array).
    pub(crate) layers: Option<u32>,
    /// Bytes from one row to the next (default: width × element size).
    pub(crate) pitch: u64,
    pub(crate) format: Format,
}

impl Image {
    pub(crate) fn extent(&self, i: usize) -> u64 {
        u64::from(self.size[i].max(1))
    }

    /// Bytes from one layer (or 3d slice) to the next.
    pub(crate) fn slice(&self) -> u64 {
        self.pitch * self.extent(1)
    }

    /// The geometry it is bound as, for messages: `2d 16x8 u8x4`.
    pub(crate) fn shape(&self) -> String {
        let dims: Vec<String> = self.size[..self.dims].iter().map(u32::to_string).collect();
        let a = match self.layers {
            Some(l) => format!(" array of {l} layers"),
            None => String::new(),
        };
        format!(
            "{}d {} {}{a}",
            self.dims,
            dims.join("x"),
            self.format.name()
        )
    }

    /// True where `geom` addresses this image's shape.
    pub(crate) fn fits(&self, geom: Geom) -> bool {
        geom.dims() == self.dims && geom.array() == self.layers.is_some()
    }
}

/// A binding's handler of the options after `@ADDR` it knows: `key`,
/// `value`; an error says why the option is wrong.
pub(crate) type OptionFn<'f> = dyn FnMut(&str, Option<&str>) -> Result<(), String> + 'f;

/// The `--surface` grammar, for messages.
pub const SURFACE_SYNTAX: &str =
    "NAME=W[xH[xD]]:FORMAT@ADDR[:layers=N][:pitch=BYTES], NAME a .surfref variable or a handle value (0x10), FORMAT u8|s8|u16|s16|u32|s32|f16|f32 with an optional x2|x4 (channels), ADDR a 16-byte-aligned address or VAR[+OFFSET]";

/// Which kind of image an operand names: the words of its messages.
#[derive(Clone, Copy)]
pub(crate) enum ImageKind {
    Surface,
    Texture,
}

impl ImageKind {
    /// "surface" or "texture".
    pub(crate) fn word(self) -> &'static str {
        match self {
            ImageKind::Surface => "surface",
            ImageKind::Texture => "texture",
        }
    }

    /// The module variable: "surfref" or "texref".
    fn reference(self) -> &'static str {
        match self {
            ImageKind::Surface => "surfref",
            ImageKind::Texture => "texref",
        }
    }

    /// The error of an operand whose handle names no bound image, with the
    /// option that binds one.
    pub(crate) fn unbound(
        self,
        ins: &Instr,
        a: &Operand,
        name: &str,
        handle: u64,
        reg: bool,
    ) -> RunError {
        let (w, r) = (self.word(), self.reference());
        let (what, fix) = if reg {
            (
                format!("`{name}` holds {handle:#x}, which names no bound {w}"),
                format!("--{w} {handle:#x}=W[xH[xD]]:FORMAT@ADDR (a bindless handle), or the address of a bound .{r}"),
            )
        } else {
            (
                format!("the {w} `{name}` is not bound"),
                format!("--{w} {name}=W[xH[xD]]:FORMAT@ADDR binds it to an image in global memory"),
            )
        };
        let section = match self {
            ImageKind::Surface => "Surfaces",
            ImageKind::Texture => "Textures",
        };
        RunError::Program(
            Diagnostic::error(a.span.clone(), format!("`{}`: {what}", ins.opcode))
                .with_help(format!("{fix} (docs/ENGINE.md \"{section}\")")),
        )
    }

    /// The error of an access whose geometry the bound image does not have.
    pub(crate) fn check_shape(
        self,
        ins: &Instr,
        a: &Operand,
        name: &str,
        img: &Image,
        geom: Option<Geom>,
    ) -> Result<(), RunError> {
        match geom {
            Some(g) if !img.fits(g) => Err(err(
                a.span.clone(),
                format!(
                    "`{}` addresses a .{} {}; `{name}` is bound as {} ({})",
                    ins.opcode,
                    g.name(),
                    self.word(),
                    img.shape(),
                    img.flag
                ),
            )),
            _ => Ok(()),
        }
    }
}

impl Machine<'_, '_> {
    /// Binds the `--surface` images: each handle once, each image inside
    /// the address space, its base 16-byte aligned.
    pub(crate) fn bind_surfaces(&mut self, specs: &[String]) -> Result<(), RunError> {
        for spec in specs {
            let flag = format!("--surface {spec}");
            let (handle, img) =
                self.parse_image(&flag, spec, SURFACE_SYNTAX, ".surfref", &mut |k, _| {
                    Err(format!("`{k}` is not layers or pitch"))
                })?;
            if let Some(other) = self.surfaces.get(&handle) {
                return Err(RunError::Input(format!(
                    "{flag}: the surface {handle:#x} is bound already ({}): bind each once",
                    other.flag
                )));
            }
            self.surfaces.insert(handle, img);
        }
        Ok(())
    }

    /// `NAME=W[xH[xD]]:FORMAT@ADDR[:layers=N][:pitch=BYTES][:OPTION...]`
    /// (`flag` and `syntax` for messages, `what` the variable kind): the
    /// handle and the image; each other `OPTION` (`key` or `key=value`)
    /// goes to `option`, whose error is the binding's.
    pub(crate) fn parse_image(
        &self,
        flag: &str,
        spec: &str,
        syntax: &str,
        what: &str,
        option: &mut OptionFn,
    ) -> Result<(u64, Image), RunError> {
        let bad = |why: &str| RunError::Input(format!("{flag}: {why}; expected {syntax}"));
        let (key, rest) = spec.split_once('=').ok_or_else(|| bad("no `=`"))?;
        let key = key.trim();
        let mut parts = rest.split(':');
        let shape = parts.next().unwrap_or("");
        let (format, at) = parts
            .next()
            .and_then(|f| f.split_once('@'))
            .ok_or_else(|| bad("no `:FORMAT@ADDR` after the size"))?;
        let format = Format::parse(format.trim())
            .ok_or_else(|| bad(&format!("`{format}` is not a format")))?;
        let mut size = [0u32; 3];
        let dims: Vec<&str> = shape.split('x').collect();
        if dims.len() > 3 {
            return Err(bad("at most three dimensions, WxHxD"));
        }
        for (i, d) in dims.iter().enumerate() {
            size[i] =
                d.trim().parse().ok().filter(|v| *v >= 1).ok_or_else(|| {
                    bad(&format!("`{d}` is not a size (an integer of at least 1)"))
                })?;
        }
        let mut layers = None;
        let mut pitch = None;
        for opt in parts {
            let (k, v) = match opt.split_once('=') {
                Some((k, v)) => (k.trim(), Some(v.trim())),
                None => (opt.trim(), None),
            };
            if !matches!(k, "layers" | "pitch") {
                option(k, v).map_err(|why| bad(&why))?;
                continue;
            }
            // Any 64-bit count (parse_int's i64 holds 2^63 and above as
            // negative: they were "less than 1").
            let v: u64 = v
                .filter(|v| !v.starts_with('-'))
                .and_then(ptxfp_isa::literal::parse_int)
                .map(|v| v as u64)
                .filter(|v| *v >= 1)
                .ok_or_else(|| bad(&format!("`{opt}`: {k} takes a count of at least 1")))?;
            if k == "layers" {
                layers = Some(u32::try_from(v).map_err(|_| bad("too many layers"))?);
            } else {
                pitch = Some(v);
            }
        }
        if layers.is_some() && dims.len() == 3 {
            return Err(bad("an array has one or two dimensions (a1d, a2d)"));
        }
        let row = u64::from(size[0]) * format.bytes();
        let pitch = pitch.unwrap_or(row);
        if pitch < row {
            return Err(bad(&format!(
                "pitch {pitch} is less than a row's {row} bytes"
            )));
        }
        let place = self.resolve_input_addr(flag, at.trim())?;
        let addr = place.addr;
        // PTX ISA `suld`: "A surface base address is assumed to be aligned
        // to a 16 byte boundary"; `tex`: "A texture base address is assumed
        // to be aligned to a 16 byte boundary".
        if !addr.is_multiple_of(16) {
            return Err(RunError::Input(format!(
                "{flag}: the base address {addr:#x} is not a multiple of 16 (PTX ISA: \"A surface base address is assumed to be aligned to a 16 byte boundary\")"
            )));
        }
        let img = Image {
            flag: flag.to_string(),
            addr,
            size,
            dims: dims.len(),
            layers,
            pitch,
            format,
        };
        // Checked at every product: a row pitch of 2^36 bytes times 2^32
        // rows wrapped past 2^64 to a small image.
        let total = img
            .pitch
            .checked_mul(img.extent(1))
            .and_then(|b| b.checked_mul(img.extent(2)))
            .and_then(|b| b.checked_mul(u64::from(layers.unwrap_or(1))));
        if total.and_then(|t| addr.checked_add(t)).is_none() {
            return Err(RunError::Input(format!(
                "{flag}: the image runs past the end of the address space"
            )));
        }
        // The handle: a variable's address (a `.surfref`/`.texref` by name,
        // and the `.u64` that holds that address), or the number given.
        let handle = match ptxfp_isa::literal::parse_int(key) {
            Some(v) => v as u64,
            None => match self.var(key) {
                Some((a, ..)) => a,
                None => {
                    return Err(RunError::Input(format!(
                        "{flag}: no variable `{key}` is declared: name a `{what}` of the module, or give the bindless handle's value (a number)"
                    )))
                }
            },
        };
        Ok((handle, img))
    }

    /// Runs a surface instruction for the running thread.
    pub(crate) fn surface(&mut self, ins: &Instr, s: Surface) -> Result<Flow, RunError> {
        let ops = self.operands(ins, 2)?;
        let (target_op, data_op) = match s.op {
            SurfOp::Load | SurfOp::Query(_) => (&ops[1], &ops[0]),
            SurfOp::Store | SurfOp::Red(_) => (&ops[0], &ops[1]),
        };
        if let SurfOp::Query(q) = s.op {
            let (handle, img) = self.surface_of(ins, target_op, None)?;
            let v = query(&img, q);
            self.write(data_op, PtxType::B32, v)?;
            self.trace(ins, &[(handle, PtxType::U64)], Some((v, PtxType::B32)));
            return Ok(Flow::Next);
        }
        let (name, coords) = split_target(target_op).ok_or_else(|| {
            err(
                target_op.span.clone(),
                format!(
                    "`{}` takes `[a, b]`: a surface and a coordinate vector of {} element(s)",
                    ins.opcode,
                    s.geom.coords()
                ),
            )
        })?;
        // "Operand b is a scalar or singleton tuple for 1d surfaces; is a
        // two-element vector for 2d surfaces; and is a four-element vector
        // for 3d surfaces"; arrays: ".v2.b32" (a1d), ".v4.b32" (a2d).
        if coords.len() != s.geom.coords() {
            return Err(err(
                target_op.span.clone(),
                format!(
                    "`{}`: the coordinate vector b has {} element(s); .{} takes {}",
                    ins.opcode,
                    coords.len(),
                    s.geom.name(),
                    s.geom.coords()
                ),
            ));
        }
        let (handle, img) = self.surface_of(ins, &name, Some(s.geom))?;
        let mut b = Vec::new();
        for c in &coords {
            b.push(self.read(c, PtxType::B32)? as u32);
        }
        let mut srcs: Vec<(u64, PtxType)> = vec![(handle, PtxType::U64)];
        srcs.extend(b.iter().map(|v| (u64::from(*v), PtxType::B32)));
        // The array index, then the coordinates: "The first element is
        // interpreted as an unsigned integer index (.u32) into the surface
        // array, and the second element is interpreted as a 1d surface
        // coordinate of type .s32" (a2d: "the next two elements are
        // interpreted as 2d surface coordinates of type .s32. The fourth
        // element is ignored"; 3d: "the fourth element is ignored").
        let (layer, xyz) = if s.geom.array() {
            (b[0], &b[1..])
        } else {
            (0, &b[..])
        };
        let mut at = [0i64; 3];
        for (i, v) in xyz.iter().take(s.geom.dims()).enumerate() {
            at[i] = i64::from(*v as i32);
        }
        let size = s.size();
        let Some(addr) = self.surface_address(ins, target_op, &img, s, layer, at)? else {
            // `.zero`: "loads zero for out-of-bounds addresses"; "drops
            // stores to out-of-bounds addresses".
            if s.op == SurfOp::Load {
                let elems = self.data_elems(ins, data_op, s)?;
                for e in &elems {
                    let wty = self.relaxed(e, s.ty);
                    self.write(e, wty, 0)?;
                }
            }
            self.trace(ins, &srcs, None);
            return Ok(Flow::Next);
        };
        debug_assert!(size > 0);
        match s.op {
            SurfOp::Load | SurfOp::Store => {
                let load = s.op == SurfOp::Load;
                let elems = self.data_elems(ins, data_op, s)?;
                let n = s.ty.bits() / 8;
                let mut vals = Vec::new();
                for (i, e) in elems.iter().enumerate() {
                    let a = addr + u64::from(n) * i as u64;
                    if load {
                        let v = self.surface_read(ins, target_op, a, n)?;
                        let wty = self.relaxed(e, s.ty);
                        self.write(e, wty, v)?;
                        vals.push(v);
                    } else {
                        let rty = self.relaxed(e, s.ty);
                        let v = self.read(e, rty)? & mask(s.ty.bits());
                        self.check_store(
                            Some(Space::Global),
                            a,
                            n.into(),
                            ins.opcode,
                            &target_op.span,
                        )?;
                        self.mem_in_mut(Some(Space::Global), a).write(a, n, v);
                        vals.push(v);
                    }
                }
                self.trace_with(ins, &srcs, None, |step| {
                    step.access = Some(Access {
                        store: !load,
                        ty: s.ty,
                        values: vals,
                    })
                });
            }
            SurfOp::Red(op) => {
                let n = s.ty.bits() / 8;
                let c = self.read(data_op, s.ty)?;
                let old = self.surface_read(ins, target_op, addr, n)?;
                let new = reduce(op, s.ty, old, c);
                self.mem_in_mut(Some(Space::Global), addr)
                    .write(addr, n, new);
                srcs.push((c, s.ty));
                self.trace_with(ins, &srcs, None, |step| {
                    step.access = Some(Access {
                        store: true,
                        ty: s.ty,
                        values: vec![new],
                    })
                });
            }
            SurfOp::Query(_) => {}
        }
        Ok(Flow::Next)
    }

    /// The registers of `suld`'s `d` or `sust`'s `c`: one, or a `{...}`
    /// vector of `.v2`/`.v4`'s count; a scalar access takes a singleton
    /// `{r}` too, as nvcc writes it (`suld.b.2d.b32.trap {%r1}, [...]`; the
    /// ISA's "scalar or singleton tuple" of the coordinates).
    fn data_elems<'m>(
        &self,
        ins: &Instr,
        data: &Operand<'m>,
        s: Surface,
    ) -> Result<Vec<Operand<'m>>, RunError> {
        let lanes = usize::from(s.lanes);
        match (&data.kind, lanes) {
            (OperandKind::Vector(v), l) if v.len() == l => Ok(v.clone()),
            (OperandKind::Vector(_), 1) => Err(err(
                data.span.clone(),
                format!(
                    "`{}` moves one register; write `.v2`/`.v4` for a vector",
                    ins.opcode
                ),
            )),
            (_, 1) => Ok(vec![data.clone()]),
            _ => Err(err(
                data.span.clone(),
                format!(
                    "`{}` needs a {{...}} vector of {lanes} registers",
                    ins.opcode
                ),
            )),
        }
    }

    /// The surface operand `a` names: a `.surfref` variable bound with
    /// `--surface NAME=...`, or a `.u64` register whose value is a bound
    /// handle. `geom` (not for `suq`): the image must have that shape.
    fn surface_of(
        &mut self,
        ins: &Instr,
        a: &Operand,
        geom: Option<Geom>,
    ) -> Result<(u64, Image), RunError> {
        let (handle, name, reg) = self.image_handle(ins, a, ImageKind::Surface)?;
        let Some(img) = self.surfaces.get(&handle).cloned() else {
            return Err(ImageKind::Surface.unbound(ins, a, &name, handle, reg));
        };
        ImageKind::Surface.check_shape(ins, a, &name, &img, geom)?;
        Ok((handle, img))
    }

    /// The handle an image operand `a` names, with the name and whether it
    /// is a register: a `.surfref`/`.texref` variable's address, or the
    /// value of a `.u64` register (indirect access: "Indirect surface
    /// access introduced in PTX ISA version 3.1", "requires sm_20 or
    /// higher"; the same for textures).
    pub(crate) fn image_handle(
        &mut self,
        ins: &Instr,
        a: &Operand,
        kind: ImageKind,
    ) -> Result<(u64, String, bool), RunError> {
        let name = match &a.kind {
            OperandKind::Name(n)
            | OperandKind::Address {
                base: Some(n),
                offset: 0,
                ..
            } => *n,
            _ => {
                return Err(err(
                    a.span.clone(),
                    format!(
                        "`{}`: operand a is a `.{}` variable or a `.u64` register",
                        ins.opcode,
                        kind.reference()
                    ),
                ))
            }
        };
        let reg = self.find(name).is_some();
        let handle = if reg {
            let (v, t) = ptxfp_isa::surface::INDIRECT_REQUIRES;
            if self.version < v || !self.exec.code_target.at_least(t.sm) {
                return Err(err(
                    a.span.clone(),
                    format!(
                        "`{}` with a register operand (indirect {} access) needs PTX ISA {v} and {t} or higher; this code is PTX {} for {}",
                        ins.opcode,
                        kind.word(),
                        self.version,
                        self.exec.code_target
                    ),
                ));
            }
            let op = Operand {
                kind: OperandKind::Name(name),
                span: a.span.clone(),
            };
            self.read(&op, PtxType::U64)?
        } else {
            match self.var(name) {
                Some((addr, ..)) => addr,
                None => {
                    return Err(err(
                        a.span.clone(),
                        format!(
                            "`{name}` is neither a register nor a declared `.{}`",
                            kind.reference()
                        ),
                    ))
                }
            }
        };
        Ok((handle, name.to_string(), reg))
    }

    /// The address of an access of `s.size()` bytes at byte `x`, row `y`,
    /// slice `z` of `layer`: `None` where `.zero` drops it.
    fn surface_address(
        &mut self,
        ins: &Instr,
        at_op: &Operand,
        img: &Image,
        s: Surface,
        layer: u32,
        at: [i64; 3],
    ) -> Result<Option<u64>, RunError> {
        let size = s.size();
        // "The lowest dimension coordinate represents a byte offset into
        // the surface and is not scaled": x is in bytes, y and z count rows
        // and slices. In bounds: the whole access lies in the row.
        let row = u64::from(img.size[0]) * img.format.bytes();
        let limits = [
            row.checked_sub(size).map(|l| l as i64),
            Some(img.extent(1) as i64 - 1),
            Some(img.extent(2) as i64 - 1),
        ];
        let layers = img.layers.unwrap_or(1);
        let inside = (0..3).all(|i| matches!(limits[i], Some(l) if (0..=l).contains(&at[i])))
            && layer < layers;
        let mut at = at;
        let mut layer = layer;
        if !inside {
            match s.bound {
                Bound::Trap => {
                    return Err(RunError::Program(
                        Diagnostic::error(
                            at_op.span.clone(),
                            format!(
                                "out-of-bounds surface access: `{}` of {size} bytes at byte x={}{}{}{} of {} ({}): .trap \"causes an execution trap on out-of-bounds addresses\"",
                                ins.opcode,
                                at[0],
                                if s.geom.dims() > 1 { format!(", y={}", at[1]) } else { String::new() },
                                if s.geom.dims() > 2 { format!(", z={}", at[2]) } else { String::new() },
                                if s.geom.array() { format!(", layer {layer}") } else { String::new() },
                                img.shape(),
                                img.flag,
                            ),
                        )
                        .with_help(format!("x is a byte offset in 0..={} here; use .clamp or .zero to go on at out-of-bounds coordinates", row.saturating_sub(size))),
                    ))
                }
                Bound::Zero => return Ok(None),
                // "loads data at the nearest surface location (sized
                // appropriately)": each coordinate clamped into the
                // surface, x to the last whole access of the row.
                Bound::Clamp => {
                    let Some(last) = limits[0] else {
                        return Err(err(
                            at_op.span.clone(),
                            format!("`{}` moves {size} bytes; a row of {} holds {row}", ins.opcode, img.flag),
                        ));
                    };
                    let last = last - last % size as i64;
                    at[0] = at[0].clamp(0, last);
                    for i in 1..3 {
                        at[i] = at[i].clamp(0, limits[i].unwrap_or(0));
                    }
                    layer = layer.min(layers - 1);
                }
            }
        }
        let addr = img.addr
            + u64::from(layer) * img.slice() * img.extent(2)
            + at[2] as u64 * img.slice()
            + at[1] as u64 * img.pitch
            + at[0] as u64;
        // "the address given by the coordinate vector must be naturally
        // aligned to a multiple of the access size. If an address is not
        // properly aligned, the resulting behavior is undefined; i.e., the
        // access may proceed by silently masking off low-order address bits
        // to achieve proper rounding, or the instruction may fault"
        // (docs/NVIDIA.md, `surface_misaligned_faults`).
        if !addr.is_multiple_of(size) {
            if !self.exec.hw.surface_misaligned_faults {
                return Ok(Some(addr & !(size - 1)));
            }
            self.memory_problem(
                Diagnostic::error(
                    at_op.span.clone(),
                    format!("misaligned surface access: `{}` moves {size} bytes at {addr:#x} (byte x={} of {}), which is not a multiple of {size}", ins.opcode, at[0], img.flag),
                ),
                ", masking off the low address bits",
            )?;
            return Ok(Some(addr & !(size - 1)));
        }
        Ok(Some(addr))
    }

    /// `n` bytes of global memory at `a`, or the error of memory never
    /// given or written.
    fn surface_read(
        &mut self,
        ins: &Instr,
        at_op: &Operand,
        a: u64,
        n: u32,
    ) -> Result<u64, RunError> {
        self.read_given(Some(Space::Global), a, n, |bad| {
            unread(
                &at_op.span,
                ins.opcode,
                &format!("{n} bytes of a surface at {a:#x}"),
                bad,
                a,
            )
            .with_help(format!(
                "give the image's bytes with --mem {a:#x}=HEXBYTES or --mem-file"
            ))
        })
    }
}

/// `suq`'s value for `img`.
fn query(img: &Image, q: Query) -> u64 {
    match q {
        // ".width .height .depth: value in elements" (0 for a dimension
        // the binding does not have, as CUDA's array descriptor).
        Query::Width => u64::from(img.size[0]),
        Query::Height => u64::from(img.size[1]),
        Query::Depth => u64::from(img.size[2]),
        // "Unsigned integer corresponding to source language's channel data
        // type enumeration": CUDA's CUarray_format.
        Query::ChannelDataType => img.format.cuda_format(),
        // "... channel order enumeration": the number of channels, as
        // CUDA's array descriptor (`NumChannels`) gives it.
        Query::ChannelOrder => u64::from(img.format.channels),
        // "For a surface array, number of surfaces in array, 0 otherwise."
        Query::ArraySize => u64::from(img.layers.unwrap_or(0)),
        // "1 for surface with linear memory layout; 0 otherwise": every
        // bound image is pitch-linear.
        Query::MemoryLayout => 1,
    }
}

/// `sured.b`'s update of `old` with `c`: "Operation add applies to .u32,
/// .u64, and .s32 types; min and max apply to .u32, .s32, .u64 and .s64
/// types; operations and and or apply to .b32 type" (the decoder admits
/// no other pair).
fn reduce(op: RedOp, ty: PtxType, old: u64, c: u64) -> u64 {
    let bits = ty.bits();
    let m = mask(bits);
    let signed = |v: u64| ((v << (64 - bits)) as i64) >> (64 - bits);
    let pick_c = match op {
        RedOp::Min if ty.is_signed() => signed(c) < signed(old),
        RedOp::Min => c < old,
        RedOp::Max if ty.is_signed() => signed(c) > signed(old),
        RedOp::Max => c > old,
        RedOp::Add => return old.wrapping_add(c) & m,
        RedOp::And => return old & c,
        RedOp::Or => return old | c,
    };
    if pick_c {
        c
    } else {
        old
    }
}

/// `[a, b]` as the front keeps it (text): `a`, and `b`'s elements (a
/// scalar, or a `{...}` vector), as operands with their spans.
pub(crate) fn split_target<'m>(op: &Operand<'m>) -> Option<(Operand<'m>, Vec<Operand<'m>>)> {
    let (start, inner) = bracketed(op)?;
    let comma = inner.find(',')?;
    let a = piece(start, 0, &inner[..comma])?;
    Some((a, split_rest(start, inner, comma)?))
}

/// `[a, b, {c, ...}]` (a tensor copy's `[tensorMap, gAddrToOverride,
/// tensorCoords]`): `a`, `b` and the elements of the last.
pub(crate) fn split_target2<'m>(
    op: &Operand<'m>,
) -> Option<(Operand<'m>, Operand<'m>, Vec<Operand<'m>>)> {
    let (start, inner) = bracketed(op)?;
    let first = inner.find(',')?;
    let second = first + 1 + inner[first + 1..].find(',')?;
    let a = piece(start, 0, &inner[..first])?;
    let b = piece(start, first + 1, &inner[first + 1..second])?;
    Some((a, b, split_rest(start, inner, second)?))
}

/// The text inside a bracketed operand, and where the operand starts.
fn bracketed<'m>(op: &Operand<'m>) -> Option<(usize, &'m str)> {
    let OperandKind::Other(text) = op.kind else {
        return None;
    };
    Some((op.span.start, text.strip_prefix('[')?.strip_suffix(']')?))
}

/// The piece `s` of a bracketed operand starting at `start`, found at
/// `from` in the text inside the brackets: an immediate or a name.
fn piece<'m>(start: usize, from: usize, s: &'m str) -> Option<Operand<'m>> {
    let lead = s.len() - s.trim_start().len();
    let t = s.trim();
    if t.is_empty() {
        return None;
    }
    let at = start + 1 + from + lead;
    let kind = if t.starts_with(|c: char| c.is_ascii_digit() || c == '-') {
        OperandKind::Imm(t)
    } else {
        OperandKind::Name(t)
    };
    Some(Operand {
        kind,
        span: at..at + t.len(),
    })
}

/// The elements after the comma at `comma` of the text `inner` inside the
/// brackets: a `{...}` list or one piece.
fn split_rest<'m>(start: usize, inner: &'m str, comma: usize) -> Option<Vec<Operand<'m>>> {
    let rest = &inner[comma + 1..];
    let lead = rest.len() - rest.trim_start().len();
    let b = rest.trim();
    let mut elems = Vec::new();
    match b.strip_prefix('{').and_then(|x| x.strip_suffix('}')) {
        Some(list) => {
            let mut off = comma + 1 + lead + 1;
            for e in list.split(',') {
                elems.push(piece(start, off, e)?);
                off += e.len() + 1;
            }
        }
        None => elems.push(piece(start, comma + 1, rest)?),
    }
    Some(elems)
}
