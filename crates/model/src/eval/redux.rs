//! The reductions of the warp-level instructions beyond the integer ops.

/// The reduction of the `.f32` values `vals` (bits) by `min` or `max`
/// (`max`), PTX ISA 9.7.13.12: "For .f32 instruction type, if the
/// input value is 0.0 then +0.0 > -0.0. If .abs qualifier is
/// specified, then the absolute value of the input is considered for
/// the reduction operation. If the .NaN qualifier is specified, then
/// the result of the reduction operation is canonical NaN if the input
/// to the reduction operation from any participating thread is NaN. In
/// the absence of .NaN qualifier, only non-NaN values are considered
/// for the reduction operation and the result will be canonical NaN
/// when all inputs are NaNs."
pub fn redux_f32(vals: &[u32], max: bool, abs: bool, nan: bool) -> u32 {
    const CANONICAL_NAN: u32 = 0x7fff_ffff;
    let is_nan = |x: u32| x & 0x7fff_ffff > 0x7f80_0000;
    let vals = vals.iter().map(|&x| if abs { x & 0x7fff_ffff } else { x });
    // Non-NaN values ordered as numbers, -0.0 below +0.0: the sign-
    // magnitude bits made two's-complement-like.
    let key = |x: u32| if x >> 31 == 1 { !x } else { x | 0x8000_0000 };
    let mut best: Option<u32> = None;
    for x in vals {
        if is_nan(x) {
            if nan {
                return CANONICAL_NAN;
            }
            continue;
        }
        best = Some(match best {
            Some(b) if (key(x) > key(b)) != max => b,
            _ => x,
        });
    }
    best.unwrap_or(CANONICAL_NAN)
}

#[cfg(test)]
mod tests {
    use super::*;

    /// `redux.sync.{min,max}{.abs}{.NaN}.f32` against an independent
    /// reduction: the standard library's `f32::total_cmp` (which orders
    /// -0.0 below +0.0, as "+0.0 > -0.0" asks) over the non-NaN values,
    /// on edge-weighted random warps: NaNs of several payloads and both
    /// signs, zeros, infinities, subnormals and the extremes.
    #[test]
    fn float_redux_follows_the_isa_rules() {
        const EDGES: [u32; 14] = [
            0x0000_0000,
            0x8000_0000,
            0x0000_0001,
            0x8000_0001,
            0x007f_ffff,
            0x7f7f_ffff,
            0xff7f_ffff,
            0x7f80_0000,
            0xff80_0000,
            0x7fc0_0000,
            0xffc0_0001,
            0x7f80_0001,
            0x3f80_0000,
            0xbf80_0000,
        ];
        let mut seed = 0x2545_f491_4f6c_dd1du64;
        let mut next = || {
            seed ^= seed << 13;
            seed ^= seed >> 7;
            seed ^= seed << 17;
            seed
        };
        for _ in 0..20_000 {
            let n = 1 + (next() % 32) as usize;
            let vals: Vec<u32> = (0..n)
                .map(|_| {
                    let r = next();
                    if r % 3 == 0 {
                        EDGES[(r >> 8) as usize % EDGES.len()]
                    } else {
                        (r >> 16) as u32
                    }
                })
                .collect();
            for (max, abs, nan) in (0..8).map(|k| (k & 1 == 1, k & 2 == 2, k & 4 == 4)) {
                let xs: Vec<f32> = vals
                    .iter()
                    .map(|&b| {
                        let x = f32::from_bits(b);
                        if abs {
                            x.abs()
                        } else {
                            x
                        }
                    })
                    .collect();
                let any_nan = xs.iter().any(|x| x.is_nan());
                let numbers = xs.iter().copied().filter(|x| !x.is_nan());
                let picked = if max {
                    numbers.max_by(f32::total_cmp)
                } else {
                    numbers.min_by(f32::total_cmp)
                };
                let want = match picked {
                    _ if nan && any_nan => 0x7fff_ffff,
                    Some(x) => x.to_bits(),
                    None => 0x7fff_ffff,
                };
                assert_eq!(
                    redux_f32(&vals, max, abs, nan),
                    want,
                    "{vals:08x?} max={max} abs={abs} NaN={nan}"
                );
            }
        }
    }
}
