//! Device `printf`: the format grammar of the CUDA runtime's `vprintf`,
//! which nvcc calls for `printf(format, args...)` in a kernel, formatting
//! exactly as the C library of a Linux host (glibc) does.
//!
//! The CUDA C++ Programming Guide, "Formatted Output": "As for standard
//! printf(), format specifiers take the form: `%[flags][width][.precision]
//! [size]type`", with "Flags: `#` ` ` `0` `+` `-`", "Width: `*` `0-9`",
//! "Precision: `0-9`", "Size: `h` `l` `ll`", "Type: `%cdiouxXpeEfgGaAs`";
//! "The final formatting of the printf() output takes place on the host
//! system. This means that the format string must be understood by the
//! host system's compiler and C library." So each conversion here is the
//! C standard's (C11 §7.21.6.1), with glibc's choices where C leaves one:
//! `(nil)` for a null `%p`, `(null)` for a null `%s`, `-nan` for a NaN
//! with its sign bit set, a `+`/space flag honoured by `%p`, `%a` with
//! one hex digit before the point (`0x1.8p+0`; subnormals `0x0.…p-1022`)
//! rounded half to even.
//!
//! What is not the guide's grammar is refused with an error that says so
//! (the run stops at the call): a precision `.*` (the guide lists `0-9`
//! only for a precision, `*` for a width), `%n`, wide characters (`%lc`,
//! `%ls`), `long double` (`L`: device code has none) and the length
//! modifiers C leaves undefined on a conversion (`%hf`, `%llc`, ...). The
//! C99 lengths the guide does not list (`hh`, `z`, `t`, `j`) are the host
//! C library's, with the sizes of a 64-bit Linux host (`size_t`,
//! `ptrdiff_t`, `intmax_t`: 8 bytes), as is `F`.
//!
//! The arguments: nvcc packs them into a local buffer by C's default
//! argument promotions, each aligned to its own size from the buffer's
//! start: `char`, `short`, `int` (and `unsigned`) as 4 bytes, `long`,
//! `long long` and pointers as 8, `float` promoted to an 8-byte `double`.
//! The format says what each is: [`Args::next`] reads it.

/// The most bytes a field may take (a width or a precision), a string
/// `%s` may have before its NUL, and the format itself: 1 MiB, the size
/// of CUDA's default printf buffer (`cudaLimitPrintfFifoSize`), which one
/// call's output cannot exceed on a GPU either.
pub(crate) const MAX_BYTES: usize = 1 << 20;

/// The guide: "the printf() command can accept at most 32 arguments in
/// addition to the format string. Additional arguments beyond this will
/// be ignored, and the format specifier output as-is."
pub(crate) const MAX_ARGS: u32 = 32;

/// Where the arguments come from (the engine reads the thread's memory).
pub(crate) trait Args {
    type Err;
    /// The next argument of `size` bytes (4 or 8), little-endian, at the
    /// next offset of the buffer that is a multiple of `size`.
    fn next(&mut self, size: u32, spec: &str) -> Result<u64, Self::Err>;
    /// The bytes of the NUL-terminated string at `addr` (not null), at
    /// most `max` of them: the string ends at its NUL or at `max` bytes
    /// (`max` is the precision of `%.Ns`, else [`MAX_BYTES`], where a
    /// string without a NUL is an error).
    fn string(&mut self, addr: u64, max: Option<usize>, spec: &str) -> Result<Vec<u8>, Self::Err>;
}

/// Why a format could not be printed.
#[derive(Debug, PartialEq, Eq)]
pub(crate) enum Error<E> {
    /// The format itself: the message names the conversion.
    Format(String),
    /// Reading an argument failed.
    Args(E),
}

/// Length modifiers (C11 §7.21.6.1 ¶7).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Len {
    None,
    Hh,
    H,
    L,
    Ll,
    J,
    Z,
    T,
    BigL,
}

/// One conversion specification.
#[derive(Clone, Copy, Debug, Default)]
struct Spec {
    minus: bool,
    plus: bool,
    space: bool,
    hash: bool,
    zero: bool,
    width: usize,
    prec: Option<usize>,
}

/// Formats `fmt` with `args`: the bytes printed, and the number of
/// arguments it read (the guide: "CUDA's printf() returns the number of
/// arguments parsed. If no arguments follow the format string, 0 is
/// returned"; a `*` width is an argument too).
pub(crate) fn format<A: Args>(fmt: &[u8], args: &mut A) -> Result<(Vec<u8>, u32), Error<A::Err>> {
    let mut out = Vec::new();
    let mut count = 0u32;
    let mut i = 0;
    while i < fmt.len() {
        if fmt[i] != b'%' {
            let end = fmt[i..]
                .iter()
                .position(|&c| c == b'%')
                .map_or(fmt.len(), |p| i + p);
            out.extend_from_slice(&fmt[i..end]);
            i = end;
            continue;
        }
        let start = i;
        let mut j = i + 1;
        let mut s = Spec::default();
        while let Some(&c) = fmt.get(j) {
            match c {
                b'-' => s.minus = true,
                b'+' => s.plus = true,
                b' ' => s.space = true,
                b'#' => s.hash = true,
                b'0' => s.zero = true,
                _ => break,
            }
            j += 1;
        }
        let text = |j: usize| String::from_utf8_lossy(&fmt[start..j.min(fmt.len())]).into_owned();
        let mut star = false;
        if fmt.get(j) == Some(&b'*') {
            star = true;
            j += 1;
        } else {
            let (w, k) = digits(fmt, j);
            j = k;
            s.width = field(w, &text(j), "width")?;
        }
        if fmt.get(j) == Some(&b'.') {
            j += 1;
            if fmt.get(j) == Some(&b'*') {
                return Err(Error::Format(format!(
                    "`{}`: a precision taken from an argument (`.*`) is not CUDA's: the CUDA C++ Programming Guide lists `*` for a width only, and digits for a precision",
                    text(j + 1)
                )));
            }
            let (p, k) = digits(fmt, j);
            j = k;
            s.prec = Some(field(p, &text(j), "precision")?);
        }
        let (len, k) = length(fmt, j);
        j = k;
        let Some(&conv) = fmt.get(j) else {
            return Err(Error::Format(format!(
                "the format ends inside the conversion `{}`",
                text(j)
            )));
        };
        j += 1;
        let spec = text(j);
        i = j;
        if conv == b'%' {
            // C11: "%: A % character is written"; glibc writes one
            // whatever flags or width come between (`%5%`: `%`).
            out.push(b'%');
            continue;
        }
        let size = arg_size(conv, len, &spec).map_err(Error::Format)?;
        // The 33rd argument and those after it: the specifier as written.
        if count + u32::from(star) + 1 > MAX_ARGS {
            out.extend_from_slice(&fmt[start..j]);
            continue;
        }
        if star {
            // C11: "A negative field width argument is taken as a - flag
            // followed by a positive field width."
            let w = args.next(4, &spec).map_err(Error::Args)? as u32 as i32;
            count += 1;
            if w < 0 {
                s.minus = true;
            }
            s.width = field(Some(u64::from(w.unsigned_abs())), &spec, "width")?;
        }
        let v = args.next(size, &spec).map_err(Error::Args)?;
        count += 1;
        let body = match conv {
            b'd' | b'i' => {
                let v = match len {
                    Len::Hh => i64::from(v as i8),
                    Len::H => i64::from(v as i16),
                    Len::None => i64::from(v as i32),
                    _ => v as i64,
                };
                integer(v < 0, v.unsigned_abs(), conv, &s)
            }
            b'u' | b'o' | b'x' | b'X' => {
                let v = match len {
                    Len::Hh => u64::from(v as u8),
                    Len::H => u64::from(v as u16),
                    Len::None => u64::from(v as u32),
                    _ => v,
                };
                integer(false, v, conv, &s)
            }
            b'c' => pad(&s, &[], &[v as u8], false),
            b's' => {
                let bytes = if v == 0 {
                    // glibc: "(null)" where the precision leaves room for
                    // all of it, else nothing.
                    match s.prec {
                        Some(p) if p < 6 => Vec::new(),
                        _ => b"(null)".to_vec(),
                    }
                } else {
                    args.string(v, s.prec, &spec).map_err(Error::Args)?
                };
                pad(&s, &[], &bytes, false)
            }
            b'p' => {
                if v == 0 {
                    // glibc: "(nil)", padded as a string.
                    pad(&s, &[], b"(nil)", false)
                } else {
                    // glibc prints a pointer as `%#lx`, the `+` and space
                    // flags kept.
                    let sign: &[u8] = if s.plus {
                        b"+"
                    } else if s.space {
                        b" "
                    } else {
                        b""
                    };
                    let digits = with_precision(format!("{v:x}").into_bytes(), s.prec);
                    let mut prefix = sign.to_vec();
                    prefix.extend_from_slice(b"0x");
                    pad(&s, &prefix, &digits, s.prec.is_none())
                }
            }
            _ => float(f64::from_bits(v), conv, &s),
        };
        out.extend_from_slice(&body);
        if out.len() > MAX_BYTES {
            return Err(Error::Format(format!(
                "`{spec}`: the output of this printf passes {MAX_BYTES} bytes, the size of CUDA's default printf buffer"
            )));
        }
    }
    Ok((out, count))
}

/// The decimal digits at `fmt[j..]`: their value (`None`: none; at most
/// `u64::MAX`, saturating) and where they end.
fn digits(fmt: &[u8], mut j: usize) -> (Option<u64>, usize) {
    let mut v: Option<u64> = None;
    while let Some(d) = fmt.get(j).filter(|c| c.is_ascii_digit()) {
        v = Some(
            v.unwrap_or(0)
                .saturating_mul(10)
                .saturating_add(u64::from(d - b'0')),
        );
        j += 1;
    }
    (v, j)
}

/// A width or precision: at most [`MAX_BYTES`].
fn field<E>(v: Option<u64>, spec: &str, what: &str) -> Result<usize, Error<E>> {
    match v {
        None => Ok(0),
        Some(v) if v <= MAX_BYTES as u64 => Ok(v as usize),
        // `digits` saturates: the written figure is 2^64 - 1 or more.
        Some(u64::MAX) => Err(Error::Format(format!(
            "`{spec}`: a {what} of 2^64 - 1 or more passes {MAX_BYTES} bytes, the size of CUDA's default printf buffer"
        ))),
        Some(v) => Err(Error::Format(format!(
            "`{spec}`: a {what} of {v} passes {MAX_BYTES} bytes, the size of CUDA's default printf buffer"
        ))),
    }
}

/// The length modifier at `fmt[j..]` and where it ends.
fn length(fmt: &[u8], j: usize) -> (Len, usize) {
    let at = |k: usize| fmt.get(j + k).copied();
    match (at(0), at(1)) {
        (Some(b'h'), Some(b'h')) => (Len::Hh, j + 2),
        (Some(b'l'), Some(b'l')) => (Len::Ll, j + 2),
        (Some(b'h'), _) => (Len::H, j + 1),
        (Some(b'l'), _) => (Len::L, j + 1),
        (Some(b'j'), _) => (Len::J, j + 1),
        (Some(b'z'), _) => (Len::Z, j + 1),
        (Some(b't'), _) => (Len::T, j + 1),
        (Some(b'L'), _) => (Len::BigL, j + 1),
        _ => (Len::None, j),
    }
}

/// The size in the argument buffer of the argument of conversion `conv`
/// with length `len`: C's default argument promotions on a 64-bit Linux
/// host. An error for what CUDA's printf does not take.
fn arg_size(conv: u8, len: Len, spec: &str) -> Result<u32, String> {
    let undefined = || {
        format!(
            "`{spec}`: C gives this length modifier no meaning with `%{}` (C11 7.21.6.1 ¶7)",
            conv as char
        )
    };
    match conv {
        b'd' | b'i' | b'u' | b'o' | b'x' | b'X' => match len {
            // `char` and `short` are promoted to `int`.
            Len::None | Len::Hh | Len::H => Ok(4),
            // `long` is 8 bytes on a 64-bit Linux host, as are `size_t`,
            // `ptrdiff_t` and `intmax_t`.
            Len::L | Len::Ll | Len::J | Len::Z | Len::T => Ok(8),
            Len::BigL => Err(undefined()),
        },
        b'c' => match len {
            Len::None => Ok(4),
            Len::L => Err(format!("`{spec}`: wide characters (`%lc`) are not supported")),
            _ => Err(undefined()),
        },
        b's' => match len {
            Len::None => Ok(8),
            Len::L => Err(format!("`{spec}`: wide strings (`%ls`) are not supported")),
            _ => Err(undefined()),
        },
        b'p' => match len {
            Len::None => Ok(8),
            _ => Err(undefined()),
        },
        b'f' | b'F' | b'e' | b'E' | b'g' | b'G' | b'a' | b'A' => match len {
            // `float` is promoted to `double`; C11: `l` "has no effect on
            // a following a, A, e, E, f, F, g, or G conversion specifier".
            Len::None | Len::L => Ok(8),
            Len::BigL => Err(format!(
                "`{spec}`: `long double` (`L`) does not exist in device code (nvcc passes a double)"
            )),
            _ => Err(undefined()),
        },
        b'n' => Err(format!(
            "`{spec}`: `%n` is not one of the conversions of CUDA's printf (`%cdiouxXpeEfgGaAs`)"
        )),
        c => Err(format!(
            "`{spec}`: `{}` is not a conversion of CUDA's printf (`%cdiouxXpeEfgGaAs`, and C's `%F`)",
            String::from_utf8_lossy(&[c])
        )),
    }
}

/// Digits padded with leading zeros to `prec` (an integer's precision:
/// "the minimum number of digits to appear").
fn with_precision(mut digits: Vec<u8>, prec: Option<usize>) -> Vec<u8> {
    if let Some(p) = prec {
        if digits.len() < p {
            let mut d = vec![b'0'; p - digits.len()];
            d.append(&mut digits);
            digits = d;
        }
    }
    digits
}

/// `%d %i %u %o %x %X` of a value with sign `neg` and magnitude `mag`.
fn integer(neg: bool, mag: u64, conv: u8, s: &Spec) -> Vec<u8> {
    let digits = match (s.prec, mag) {
        // C11: "The result of converting a zero value with a precision of
        // zero is no characters."
        (Some(0), 0) => Vec::new(),
        _ => match conv {
            b'o' => format!("{mag:o}"),
            b'x' => format!("{mag:x}"),
            b'X' => format!("{mag:X}"),
            _ => mag.to_string(),
        }
        .into_bytes(),
    };
    let mut digits = with_precision(digits, s.prec);
    // `#` with `o`: "it increases the precision, if and only if necessary,
    // to force the first digit of the result to be a zero".
    if conv == b'o' && s.hash && digits.first() != Some(&b'0') {
        digits.insert(0, b'0');
    }
    let mut prefix: Vec<u8> = Vec::new();
    if matches!(conv, b'd' | b'i') {
        if neg {
            prefix.push(b'-');
        } else if s.plus {
            prefix.push(b'+');
        } else if s.space {
            prefix.push(b' ');
        }
    }
    // `#` with `x`/`X`: "a nonzero result has 0x (or 0X) prefixed to it".
    if s.hash && mag != 0 && matches!(conv, b'x' | b'X') {
        prefix.extend_from_slice(if conv == b'x' { b"0x" } else { b"0X" });
    }
    // "For d, i, o, u, x, and X conversions, if a precision is specified,
    // the 0 flag is ignored."
    pad(s, &prefix, &digits, s.prec.is_none())
}

/// `prefix` (sign, `0x`) and `body` padded to the width: on the right with
/// `-`, else with zeros between them where `zeros_ok` and the `0` flag
/// ask, else with spaces on the left.
fn pad(s: &Spec, prefix: &[u8], body: &[u8], zeros_ok: bool) -> Vec<u8> {
    let n = prefix.len() + body.len();
    let fill = s.width.saturating_sub(n);
    let mut out = Vec::with_capacity(n + fill);
    if s.minus {
        out.extend_from_slice(prefix);
        out.extend_from_slice(body);
        out.resize(n + fill, b' ');
    } else if s.zero && zeros_ok {
        out.extend_from_slice(prefix);
        out.resize(prefix.len() + fill, b'0');
        out.extend_from_slice(body);
    } else {
        out.resize(fill, b' ');
        out.extend_from_slice(prefix);
        out.extend_from_slice(body);
    }
    out
}

/// The most digits after the point Rust's exact formatting is asked for:
/// a double has at most 1074 of them (2^-1074), and at most 767
/// significant ones; past these every digit is 0, appended here (Rust's
/// formatting takes a precision of at most 65535).
const EXACT_DIGITS: usize = 1100;

/// `x` (finite, not negative) with `p` digits after the point, rounded
/// to nearest, ties to even (glibc in the default rounding mode; Rust's
/// formatting is exact and rounds the same way).
fn fixed(x: f64, p: usize) -> String {
    let mut s = format!("{:.*}", p.min(EXACT_DIGITS), x);
    s.extend(std::iter::repeat_n('0', p.saturating_sub(EXACT_DIGITS)));
    s
}

/// `x` (finite, not negative) as `d.ddd` with `p` digits after the point
/// and its decimal exponent, rounded as [`fixed`].
fn scientific(x: f64, p: usize) -> (String, i32) {
    let s = format!("{:.*e}", p.min(EXACT_DIGITS), x);
    let (m, e) = s.split_once('e').unwrap_or((&s, "0"));
    let mut m = m.to_string();
    m.extend(std::iter::repeat_n('0', p.saturating_sub(EXACT_DIGITS)));
    (m, e.parse().unwrap_or(0))
}

/// C's exponent: a sign and at least two digits (`e+05`, `e-300`).
fn exponent(e: i32) -> String {
    format!("{}{:02}", if e < 0 { '-' } else { '+' }, e.unsigned_abs())
}

/// Drops the trailing zeros of the fraction of `m`, and the point if
/// nothing follows it (`%g` without `#`).
fn trim_fraction(m: &mut String) {
    if m.contains('.') {
        let keep = m.trim_end_matches('0').trim_end_matches('.').len();
        m.truncate(keep);
    }
}

/// `%f %F %e %E %g %G %a %A` of `x`.
fn float(x: f64, conv: u8, s: &Spec) -> Vec<u8> {
    let upper = conv.is_ascii_uppercase();
    let sign: &[u8] = if x.is_sign_negative() {
        b"-"
    } else if s.plus {
        b"+"
    } else if s.space {
        b" "
    } else {
        b""
    };
    if !x.is_finite() {
        // C11: "A double argument representing an infinity is converted
        // in one of the styles [-]inf or [-]infinity ... a NaN ... [-]nan";
        // glibc: `inf`, `nan` (`-nan` with the sign bit set), never zero
        // padded.
        let body = match (x.is_nan(), upper) {
            (true, false) => "nan",
            (true, true) => "NAN",
            (false, false) => "inf",
            (false, true) => "INF",
        };
        return pad(s, sign, body.as_bytes(), false);
    }
    let a = x.abs();
    let mut prefix = sign.to_vec();
    let body = match conv.to_ascii_lowercase() {
        b'f' => {
            let mut t = fixed(a, s.prec.unwrap_or(6));
            // `#`: "the result ... always contains a decimal-point character".
            if s.hash && !t.contains('.') {
                t.push('.');
            }
            t
        }
        b'e' => {
            let (mut m, e) = scientific(a, s.prec.unwrap_or(6));
            if s.hash && !m.contains('.') {
                m.push('.');
            }
            format!("{m}{}{}", if upper { 'E' } else { 'e' }, exponent(e))
        }
        b'g' => {
            // C11: "Let P equal the precision if nonzero, 6 if the
            // precision is omitted, or 1 if the precision is zero. Then, if
            // a conversion with style E would have an exponent of X: if P >
            // X ≥ −4, the conversion is with style f and precision P − (X +
            // 1). Otherwise, the conversion is with style e and precision P
            // − 1." Unless `#`, "any trailing zeros are removed from the
            // fractional portion of the result and the decimal-point
            // character is removed if there is no fractional portion
            // remaining".
            let p = match s.prec {
                None => 6,
                Some(0) => 1,
                Some(p) => p,
            };
            let (m, x_exp) = scientific(a, p - 1);
            let mut t;
            if (p as i64) > i64::from(x_exp) && x_exp >= -4 {
                t = fixed(a, (p as i64 - 1 - i64::from(x_exp)) as usize);
                if !s.hash {
                    trim_fraction(&mut t);
                } else if !t.contains('.') {
                    t.push('.');
                }
            } else {
                t = m;
                if !s.hash {
                    trim_fraction(&mut t);
                } else if x_exp == p as i32 && scientific(a, EXACT_DIGITS).1 < x_exp {
                    // glibc's own choice: where the rounding to P digits
                    // carries the value to 10^P (999999.5 with `%#g`), it
                    // chose style f from the exponent before rounding, and
                    // keeps the fraction digits style f had, none: `1.e+06`
                    // where C's rule gives `1.00000e+06`.
                    t = "1.".into();
                } else if !t.contains('.') {
                    t.push('.');
                }
                t = format!("{t}{}{}", if upper { 'E' } else { 'e' }, exponent(x_exp));
            }
            t
        }
        _ => {
            prefix.extend_from_slice(if upper { b"0X" } else { b"0x" });
            hex_float(a, s.prec, s.hash)
        }
    };
    let body = if upper {
        body.to_ascii_uppercase()
    } else {
        body
    };
    pad(s, &prefix, body.as_bytes(), true)
}

/// `%a` of `x` (finite, not negative), after the `0x`: glibc's form, one
/// hex digit before the point (1 for a normal number, 0 for zero and the
/// subnormals, which have the exponent -1022), the 13 hex digits of the
/// fraction without their trailing zeros, or rounded to `prec` digits (to
/// nearest, ties to even, a carry reaching the leading digit: `%.0a` of
/// 1.5 is `0x2p+0`), and a binary exponent `p+0`.
fn hex_float(x: f64, prec: Option<usize>, hash: bool) -> String {
    let bits = x.to_bits();
    let biased = (bits >> 52) & 0x7ff;
    let frac = bits & ((1u64 << 52) - 1);
    let (lead, exp) = match (biased, frac) {
        (0, 0) => (0u64, 0i64),
        (0, _) => (0, -1022),
        (b, _) => (1, b as i64 - 1023),
    };
    let all = (lead << 52) | frac;
    let (lead, digits) = match prec {
        Some(p) if p < 13 => {
            let shift = 4 * (13 - p) as u32;
            let mut kept = all >> shift;
            let rest = all & ((1u64 << shift) - 1);
            let half = 1u64 << (shift - 1);
            if rest > half || (rest == half && kept & 1 == 1) {
                kept += 1;
            }
            let digits = if p == 0 {
                String::new()
            } else {
                format!("{:0w$x}", kept & ((1u64 << (4 * p)) - 1), w = p)
            };
            (kept >> (4 * p), digits)
        }
        Some(p) => (lead, format!("{frac:013x}{}", "0".repeat(p - 13))),
        None => (
            lead,
            format!("{frac:013x}").trim_end_matches('0').to_string(),
        ),
    };
    let point = if !digits.is_empty() || hash { "." } else { "" };
    format!(
        "{lead:x}{point}{digits}p{}{}",
        if exp < 0 { '-' } else { '+' },
        exp.unsigned_abs()
    )
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Arguments laid out as nvcc packs them: each at the next multiple
    /// of its size.
    struct Buf {
        bytes: Vec<u8>,
        at: usize,
        strings: Vec<(u64, Vec<u8>)>,
    }

    impl Buf {
        fn new() -> Buf {
            Buf {
                bytes: Vec::new(),
                at: 0,
                strings: Vec::new(),
            }
        }
        fn put(mut self, v: u64, size: usize) -> Buf {
            let at = self.bytes.len().div_ceil(size) * size;
            self.bytes.resize(at, 0xee);
            self.bytes.extend_from_slice(&v.to_le_bytes()[..size]);
            self
        }
        fn int(self, v: i32) -> Buf {
            self.put(v as u32 as u64, 4)
        }
        fn long(self, v: i64) -> Buf {
            self.put(v as u64, 8)
        }
        fn dbl(self, v: f64) -> Buf {
            self.put(v.to_bits(), 8)
        }
        fn str(mut self, addr: u64, s: &[u8]) -> Buf {
            self.strings.push((addr, s.to_vec()));
            self.put(addr, 8)
        }
    }

    impl Args for Buf {
        type Err = String;
        fn next(&mut self, size: u32, spec: &str) -> Result<u64, String> {
            let size = size as usize;
            let at = self.at.div_ceil(size) * size;
            let b = self
                .bytes
                .get(at..at + size)
                .ok_or_else(|| format!("{spec}: no argument at {at}"))?;
            self.at = at + size;
            let mut v = [0u8; 8];
            v[..size].copy_from_slice(b);
            Ok(u64::from_le_bytes(v))
        }
        fn string(&mut self, addr: u64, max: Option<usize>, _: &str) -> Result<Vec<u8>, String> {
            let s = &self.strings.iter().find(|s| s.0 == addr).unwrap().1;
            let end = s.iter().position(|&c| c == 0).unwrap_or(s.len());
            Ok(s[..end.min(max.unwrap_or(usize::MAX))].to_vec())
        }
    }

    fn f(fmt: &str, mut args: Buf) -> String {
        let (out, _) = format(fmt.as_bytes(), &mut args).unwrap();
        String::from_utf8(out).unwrap()
    }

    fn fails(fmt: &str, mut args: Buf) -> String {
        match format(fmt.as_bytes(), &mut args) {
            Err(Error::Format(m)) => m,
            other => panic!("{fmt}: {other:?}"),
        }
    }

    // Every expected string below is glibc's own output (glibc 2.36,
    // Debian 12, x86-64), printed by calling the C library's snprintf from Python
    // with ctypes, e.g.
    //   python3 -c "import ctypes; b=ctypes.create_string_buffer(99); ctypes.CDLL(None).snprintf(b, 99, b'%+05d|%-6x|', ctypes.c_int(42), ctypes.c_int(255)); print(b.value)"
    // (a c_int for an int argument, c_long for a long, c_double for a
    // double, c_char_p for a string, c_void_p for a pointer).

    #[test]
    fn integers_as_glibc_prints_them() {
        // snprintf(b, 99, b'%d|%i|%u|%x|%X|%o|%+d|% d|%+ d|%05d|%-5d|', 42, -42, -1, 255, 255, 8, 7, 7, 7, -42, 3)
        let b = Buf::new()
            .int(42)
            .int(-42)
            .int(-1)
            .int(255)
            .int(255)
            .int(8)
            .int(7)
            .int(7)
            .int(7)
            .int(-42)
            .int(3);
        assert_eq!(
            f("%d|%i|%u|%x|%X|%o|%+d|% d|%+ d|%05d|%-5d|", b),
            "42|-42|4294967295|ff|FF|10|+7| 7|+7|-0042|3    |"
        );
        // snprintf(b, 99, b'%.0d|%.0x|%#.0o|%#o|%#x|%#X|%#x|%.5d|%08.3d|%-08d|%#010x|%+u|% x', 0, 0, 0, 8, 255, 255, 0, -42, 7, 7, 255, 5, 5)
        let b = Buf::new()
            .int(0)
            .int(0)
            .int(0)
            .int(8)
            .int(255)
            .int(255)
            .int(0)
            .int(-42)
            .int(7)
            .int(7)
            .int(255)
            .int(5)
            .int(5);
        assert_eq!(
            f(
                "%.0d|%.0x|%#.0o|%#o|%#x|%#X|%#x|%.5d|%08.3d|%-08d|%#010x|%+u|% x",
                b
            ),
            "||0|010|0xff|0XFF|0|-00042|     007|7       |0x000000ff|5|5"
        );
        // snprintf(b, 99, b'%ld|%lld|%lu|%lx|%zd|%zu|%jd|%td|%llo', c_long(-9223372036854775808), c_long(1234567890123), c_long(-1), c_long(-1), c_long(-5), c_long(5), c_long(-7), c_long(9), c_long(511))
        let b = Buf::new()
            .long(i64::MIN)
            .long(1234567890123)
            .long(-1)
            .long(-1)
            .long(-5)
            .long(5)
            .long(-7)
            .long(9)
            .long(511);
        assert_eq!(
            f("%ld|%lld|%lu|%lx|%zd|%zu|%jd|%td|%llo", b),
            "-9223372036854775808|1234567890123|18446744073709551615|ffffffffffffffff|-5|5|-7|9|777"
        );
        // snprintf(b, 99, b'%hd|%hu|%hhd|%hhu|%hx|%hhx', 65535, 65537, 255, 257, -1, -1)
        let b = Buf::new()
            .int(65535)
            .int(65537)
            .int(255)
            .int(257)
            .int(-1)
            .int(-1);
        assert_eq!(f("%hd|%hu|%hhd|%hhu|%hx|%hhx", b), "-1|1|-1|1|ffff|ff");
    }

    #[test]
    fn an_int_then_a_long_is_aligned_to_eight() {
        // nvcc's buffer for printf("%d %ld", 1, 2L): the int at 0, the long
        // at 8 (4 bytes of padding between).
        let b = Buf::new().int(1).long(2);
        assert_eq!(b.bytes.len(), 16);
        assert_eq!(f("%d %ld", b), "1 2");
    }

    #[test]
    fn chars_strings_and_pointers_as_glibc_prints_them() {
        // snprintf(b, 99, b'%c|%5c|%-3c|%05c|%s|%.2s|%6s|%-6s|%05s|%.0s|', 65, 66, 67, 68, b'hello', b'hello', b'ab', b'ab', b'ab', b'ab')
        let b = Buf::new()
            .int(65)
            .int(66)
            .int(67)
            .int(68)
            .str(0x100, b"hello\0")
            .str(0x100, b"hello\0")
            .str(0x200, b"ab\0")
            .str(0x200, b"ab\0")
            .str(0x200, b"ab\0")
            .str(0x200, b"ab\0");
        assert_eq!(
            f("%c|%5c|%-3c|%05c|%s|%.2s|%6s|%-6s|%05s|%.0s|", b),
            "A|    B|C  |    D|hello|he|    ab|ab    |   ab||"
        );
        // snprintf(b, 99, b'%s|%.5s|%.6s|%8s|', c_char_p(None), c_char_p(None), c_char_p(None), c_char_p(None))
        let b = Buf::new().long(0).long(0).long(0).long(0);
        assert_eq!(f("%s|%.5s|%.6s|%8s|", b), "(null)||(null)|  (null)|");
        // snprintf(b, 99, b'%p|%p|%10p|%-10p|%+p|% p|%.8p|%08p|%#p', c_void_p(0x1234), c_void_p(0), c_void_p(0), c_void_p(0), c_void_p(0x1234), c_void_p(0x10), c_void_p(0x12), c_void_p(0x12), c_void_p(0xab))
        let b = Buf::new()
            .long(0x1234)
            .long(0)
            .long(0)
            .long(0)
            .long(0x1234)
            .long(0x10)
            .long(0x12)
            .long(0x12)
            .long(0xab);
        assert_eq!(
            f("%p|%p|%10p|%-10p|%+p|% p|%.8p|%08p|%#p", b),
            "0x1234|(nil)|     (nil)|(nil)     |+0x1234| 0x10|0x00000012|0x000012|0xab"
        );
    }

    #[test]
    fn fixed_and_scientific_as_glibc_prints_them() {
        // snprintf(b, 199, b'%f|%.0f|%.0f|%.0f|%.1f|%.2f|%#.0f|%e|%.0e|%#.0e|%E|%.3e|%e', 1.5, 0.5, 1.5, 2.5, 0.25, 0.125, 3.0, 0.0, 2.5, 3.0, 1e-300, 9.9995, -1e22)
        let b = Buf::new()
            .dbl(1.5)
            .dbl(0.5)
            .dbl(1.5)
            .dbl(2.5)
            .dbl(0.25)
            .dbl(0.125)
            .dbl(3.0)
            .dbl(0.0)
            .dbl(2.5)
            .dbl(3.0)
            .dbl(1e-300)
            .dbl(9.9995)
            .dbl(-1e22);
        assert_eq!(
            f("%f|%.0f|%.0f|%.0f|%.1f|%.2f|%#.0f|%e|%.0e|%#.0e|%E|%.3e|%e", b),
            "1.500000|0|2|2|0.2|0.12|3.|0.000000e+00|2e+00|3.e+00|1.000000E-300|9.999e+00|-1.000000e+22"
        );
        // snprintf(b, 199, b'%+f|% f|%08.2f|%-8.1f|%+010.3e|%f|%.3f|%f', 1.0, 1.0, -1.5, 2.25, 12345.678, -0.0, 1e-10, 1e20)
        let b = Buf::new()
            .dbl(1.0)
            .dbl(1.0)
            .dbl(-1.5)
            .dbl(2.25)
            .dbl(12345.678)
            .dbl(-0.0)
            .dbl(1e-10)
            .dbl(1e20);
        assert_eq!(
            f("%+f|% f|%08.2f|%-8.1f|%+010.3e|%f|%.3f|%f", b),
            "+1.000000| 1.000000|-0001.50|2.2     |+1.235e+04|-0.000000|0.000|100000000000000000000.000000"
        );
        // snprintf(b, 999, b'%.0f', 1.7976931348623157e308)
        let b = Buf::new().dbl(f64::MAX);
        assert_eq!(
            f("%.0f", b),
            "179769313486231570814527423731704356798070567525844996598917476803157260780028538760589558632766878171540458953514382464234321326889464182768467546703537516986049910576551282076245490090389328944075868508455133942304583236903222948165808559332123348274797826204144723168738177180919299881250404026184124858368"
        );
        // snprintf(b, 2000, b'%.1080f', 5e-324): the exact value has 1074
        // digits after the point, then six zeros.
        let b = Buf::new().dbl(f64::from_bits(1));
        let s = f("%.1080f", b);
        assert_eq!(s.len(), 1082);
        assert!(s.starts_with("0.000000000000000000000000000000000000"));
        assert!(
            s.ends_with("9242767544565229087538682506419718265533447265625000000"),
            "{s}"
        );
        // snprintf(b, 4000, b'%.1200e', 1.0)[-8:] and its length
        let s = f("%.1200e", Buf::new().dbl(1.0));
        assert_eq!(s.len(), 1206);
        assert!(s.ends_with("0000e+00"));
    }

    #[test]
    fn general_as_glibc_prints_it() {
        // snprintf(b, 199, b'%g|%g|%g|%g|%g|%g|%G|%g|%#g|%#g|%.0g|%.1g|%#.3g|%g|%g|%.3g|%g', 0.0, 100000.0, 1000000.0, 0.0001, 0.00001, 1e-5, 1e-5, 123456789.0, 1.0, 100000.0, 15.0, 0.5, 1.0, 0.1, 1e100, 999.5, 2.5e-5)
        let b = Buf::new()
            .dbl(0.0)
            .dbl(100000.0)
            .dbl(1000000.0)
            .dbl(0.0001)
            .dbl(0.00001)
            .dbl(1e-5)
            .dbl(1e-5)
            .dbl(123456789.0)
            .dbl(1.0)
            .dbl(100000.0)
            .dbl(15.0)
            .dbl(0.5)
            .dbl(1.0)
            .dbl(0.1)
            .dbl(1e100)
            .dbl(999.5)
            .dbl(2.5e-5);
        assert_eq!(
            f("%g|%g|%g|%g|%g|%g|%G|%g|%#g|%#g|%.0g|%.1g|%#.3g|%g|%g|%.3g|%g", b),
            "0|100000|1e+06|0.0001|1e-05|1e-05|1E-05|1.23457e+08|1.00000|100000.|2e+01|0.5|1.00|0.1|1e+100|1e+03|2.5e-05"
        );
        // snprintf(b, 199, b'%g|%g|%.17g|%.20g|%#.0g|%-9g|%09g|%+g', 999999.5, 9999995.0, 0.1, 0.1, 1.0, 1.5, -1.5, 3.0)
        let b = Buf::new()
            .dbl(999999.5)
            .dbl(9999995.0)
            .dbl(0.1)
            .dbl(0.1)
            .dbl(1.0)
            .dbl(1.5)
            .dbl(-1.5)
            .dbl(3.0);
        assert_eq!(
            f("%g|%g|%.17g|%.20g|%#.0g|%-9g|%09g|%+g", b),
            "1e+06|1e+07|0.10000000000000001|0.10000000000000000555|1.|1.5      |-000001.5|+3"
        );
        // glibc's `#` where rounding carries to 10^P: `1.e+06`.
        // snprintf(b, 199, b'%#g|%#.3g|%#.3g|%#g|%#G|%#g', 999999.5, 999.9, 1000.0, -1e6, 9999995.0, 0.99999999)
        let b = Buf::new()
            .dbl(999999.5)
            .dbl(999.9)
            .dbl(1000.0)
            .dbl(-1e6)
            .dbl(9999995.0)
            .dbl(0.99999999);
        assert_eq!(
            f("%#g|%#.3g|%#.3g|%#g|%#G|%#g", b),
            "1.e+06|1.e+03|1.00e+03|-1.00000e+06|1.00000E+07|1.00000"
        );
    }

    #[test]
    fn hex_floats_as_glibc_prints_them() {
        // snprintf(b, 299, b'%a|%a|%.1a|%.0a|%A|%a|%a|%.2a|%#a|%10.3a|%a|%.0a|%.3a|%-12a|%012a|%+a', 1.0, 0.0, 1.03125, 1.5, -2.5, 5e-324, 2.2250738585072014e-308, 1.00390625, 1.0, 3.0, 0.1, 0.5, 0.0, 1.0, -1.0, 1.0)
        let b = Buf::new()
            .dbl(1.0)
            .dbl(0.0)
            .dbl(1.03125)
            .dbl(1.5)
            .dbl(-2.5)
            .dbl(5e-324)
            .dbl(2.2250738585072014e-308)
            .dbl(1.00390625)
            .dbl(1.0)
            .dbl(3.0)
            .dbl(0.1)
            .dbl(0.5)
            .dbl(0.0)
            .dbl(1.0)
            .dbl(-1.0)
            .dbl(1.0);
        assert_eq!(
            f("%a|%a|%.1a|%.0a|%A|%a|%a|%.2a|%#a|%10.3a|%a|%.0a|%.3a|%-12a|%012a|%+a", b),
            "0x1p+0|0x0p+0|0x1.0p+0|0x2p+0|-0X1.4P+1|0x0.0000000000001p-1022|0x1p-1022|0x1.01p+0|0x1.p+0|0x1.800p+1|0x1.999999999999ap-4|0x1p-1|0x0.000p+0|0x1p+0      |-0x000001p+0|+0x1p+0"
        );
        // snprintf(b, 299, b'%.0a|%.1a|%.12a|%.15a|%.0a|%.0a|%a', 1.96875, 1.09375, 1.0000000000000002, 1.0, 2.225073858507201e-308, 1.1125369292536007e-308, 1e300)
        let b = Buf::new()
            .dbl(1.96875)
            .dbl(1.09375)
            .dbl(1.0000000000000002)
            .dbl(1.0)
            .dbl(2.225073858507201e-308)
            .dbl(1.1125369292536007e-308)
            .dbl(1e300);
        assert_eq!(
            f("%.0a|%.1a|%.12a|%.15a|%.0a|%.0a|%a", b),
            "0x2p+0|0x1.2p+0|0x1.000000000000p+0|0x1.000000000000000p+0|0x1p-1022|0x0p-1022|0x1.7e43c8800759cp+996"
        );
    }

    #[test]
    fn infinities_and_nans_as_glibc_prints_them() {
        // snprintf(b, 199, b'%f|%F|%e|%5.1f|%-8g|%08f|%-08f|%+f|% e|%a|%A|%G', inf, -inf, nan, nan, inf, -inf, nan, nan, inf, -inf, nan, -nan)
        let nan = f64::NAN;
        let b = Buf::new()
            .dbl(f64::INFINITY)
            .dbl(f64::NEG_INFINITY)
            .dbl(nan)
            .dbl(nan)
            .dbl(f64::INFINITY)
            .dbl(f64::NEG_INFINITY)
            .dbl(nan)
            .dbl(nan)
            .dbl(f64::INFINITY)
            .dbl(f64::NEG_INFINITY)
            .dbl(nan)
            .dbl(-nan);
        assert_eq!(
            f("%f|%F|%e|%5.1f|%-8g|%08f|%-08f|%+f|% e|%a|%A|%G", b),
            "inf|-INF|nan|  nan|inf     |    -inf|nan     |+nan| inf|-inf|NAN|-NAN"
        );
    }

    #[test]
    fn percent_star_and_the_count() {
        // snprintf(b, 99, b'%%|%*d|%-*d|%*d|%5%|', 5, 42, 4, 7, -4, 7)
        let mut b = Buf::new().int(5).int(42).int(4).int(7).int(-4).int(7);
        let (out, n) = format(b"%%|%*d|%-*d|%*d|%5%|", &mut b).unwrap();
        assert_eq!(String::from_utf8(out).unwrap(), "%|   42|7   |7   |%|");
        // Six arguments: three widths and three values.
        assert_eq!(n, 6);
        let (out, n) = format(b"no arguments\n", &mut Buf::new()).unwrap();
        assert_eq!((out.as_slice(), n), (&b"no arguments\n"[..], 0));
    }

    #[test]
    fn past_32_arguments_the_specifiers_are_printed_as_written() {
        let mut b = Buf::new();
        for k in 0..34 {
            b = b.int(k);
        }
        let fmt = "%d ".repeat(33) + "%5.2f";
        let (out, n) = format(fmt.as_bytes(), &mut b).unwrap();
        let want: String = (0..32).map(|k| format!("{k} ")).collect::<String>() + "%d %5.2f";
        assert_eq!(String::from_utf8(out).unwrap(), want);
        assert_eq!(n, 32);
    }

    #[test]
    fn what_cuda_printf_does_not_take_is_an_error() {
        let one = || Buf::new().long(1);
        assert!(fails("%.*d", one()).contains("`%.*`: a precision taken from an argument"));
        assert!(fails("%Lf", one()).contains("`long double`"));
        assert!(fails("%n", one()).contains("`%n` is not one of the conversions"));
        assert!(fails("%lc", one()).contains("wide characters"));
        assert!(fails("%ls", one()).contains("wide strings"));
        assert!(fails("%hf", one()).contains("no meaning with `%f`"));
        assert!(fails("%y", one()).contains("`y` is not a conversion"));
        assert!(fails("abc %5", one()).contains("ends inside the conversion `%5`"));
        assert!(fails("%99999999d", one()).contains("a width of 99999999"));
        assert!(fails("%999999999999999999999d", one()).contains("a width of 2^64 - 1 or more"));
    }
}
