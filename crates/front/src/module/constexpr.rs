//! Constant expressions (PTX ISA §4.5.4 to §4.5.6), folded while parsing:
//! `or.b64 d, d, ((128 >> 4) << 16);`, `add.u32 r, r, (1+2);`, `[rd +
//! 4*8]`, `%r2+-1`, `.global .u32 g = (1 << 4) + 2;`. The value becomes a
//! literal that the rest of ptxfp reads as if it had been written so.
//!
//! §4.5.4: "constant expressions are formed using operators as in C and
//! are evaluated using rules similar to those in C, but simplified by
//! restricting types and sizes, removing most casts, and defining full
//! semantics". Each value is an `.s64`, a `.u64` or an `.f64`; "Constant
//! expressions in PTX do not support casts between integer and
//! floating-point", so mixing them is an error.

use super::{starts_numeric, Parser, Span, Tok, Token};
use ptxfp_isa::types::PtxType;

/// A constant expression's value with its type (§4.5.5).
#[derive(Clone, Copy, Debug, PartialEq)]
pub(super) enum Const {
    S(i64),
    U(u64),
    F(f64),
}

use Const::{F, S, U};

impl Const {
    /// The value as a literal the literal grammar reads back exactly: a
    /// decimal integer (`U` after an unsigned one), or for an `.f64` its
    /// exact decimal expansion, so that an `.f32` operand rounds the
    /// value once, as it rounds a literal ("converted to the appropriate
    /// floating-point size based on the data or instruction type at its
    /// use", §4.5.2).
    pub(super) fn literal(self) -> String {
        match self {
            S(v) => v.to_string(),
            U(v) => format!("{v}U"),
            F(v) if v.is_nan() => "nan".into(),
            F(v) if v.is_infinite() => if v < 0.0 { "-inf" } else { "inf" }.into(),
            // 767 digits after the point hold any `.f64` exactly.
            F(v) => format!("{v:.767e}"),
        }
    }

    /// An integer's 64 bits, or `None` for an `.f64`.
    pub(super) fn int(self) -> Option<i64> {
        match self {
            S(v) => Some(v),
            U(v) => Some(v as i64),
            F(_) => None,
        }
    }

    fn truthy(self) -> bool {
        match self {
            S(v) => v != 0,
            U(v) => v != 0,
            F(v) => v != 0.0,
        }
    }
}

/// The binary operators, loosest first (§4.5.4 Table 4: "the same
/// operator precedence as in C"); each level associates to the left.
const LEVELS: [&[&str]; 10] = [
    &["||"],
    &["&&"],
    &["|"],
    &["^"],
    &["&"],
    &["==", "!="],
    &["<", ">", "<=", ">="],
    &["<<", ">>"],
    &["+", "-"],
    &["*", "/", "%"],
];

/// True when `t` can start a binary operator of a constant expression
/// (`text` its text: a lone `%` is a word).
pub(super) fn binary_token(t: Tok, text: &str) -> bool {
    match t {
        Tok::Punct(c) => binary_start(c),
        Tok::Word => text == "%",
        _ => false,
    }
}

/// True when `c` can start a binary operator of a constant expression.
pub(super) fn binary_start(c: char) -> bool {
    matches!(
        c,
        '+' | '-' | '*' | '/' | '%' | '<' | '>' | '=' | '!' | '&' | '|' | '^' | '?'
    )
}

impl Parser<'_> {
    /// Puts tokens already consumed back in front of the next one, to be
    /// read again (as a constant expression): `toks` in source order.
    pub(super) fn unread(&mut self, toks: Vec<Token>) {
        for t in toks.into_iter().rev() {
            self.ahead.push_front(t);
        }
    }

    /// The binary operator next, if it is one of `ops`, without consuming
    /// it: its text and how many tokens it takes.
    fn binary_op(&self, ops: &[&str]) -> Option<(&'static str, usize)> {
        let t = self.peek()?;
        // `%` starts a register's name, so the lexer makes a lone `%` a
        // word: the remainder operator (written with spaces, `7 % 2`).
        if t.tok == Tok::Word && self.text(t) == "%" {
            return ops.contains(&"%").then_some(("%", 1));
        }
        let Tok::Punct(c) = t.tok else { return None };
        // The second token, where it is joined to the first.
        let second = self
            .ahead
            .iter()
            .filter(|x| x.tok != Tok::Newline)
            .nth(1)
            .filter(|x| x.span.start == t.span.end)
            .and_then(|x| match x.tok {
                Tok::Punct(d) => Some(d),
                _ => None,
            });
        let op: &'static str = match (c, second) {
            ('|', Some('|')) => "||",
            ('&', Some('&')) => "&&",
            ('=', Some('=')) => "==",
            ('!', Some('=')) => "!=",
            ('<', Some('=')) => "<=",
            ('>', Some('=')) => ">=",
            ('<', Some('<')) => "<<",
            ('>', Some('>')) => ">>",
            ('|', _) => "|",
            ('&', _) => "&",
            ('^', _) => "^",
            ('<', _) => "<",
            ('>', _) => ">",
            ('+', _) => "+",
            ('-', _) => "-",
            ('*', _) => "*",
            ('/', _) => "/",
            ('%', _) => "%",
            _ => return None,
        };
        ops.contains(&op).then_some((op, op.len()))
    }

    /// Lexes until two tokens that are not line ends are ahead (for
    /// [`Self::binary_op`]'s look at a two-character operator).
    pub(super) fn fill2(&mut self) {
        while self.ahead.iter().filter(|t| t.tok != Tok::Newline).count() < 2 {
            match super::lex_next(self.src, &mut self.at, &mut self.m.diagnostics) {
                Some(t) => self.ahead.push_back(t),
                None => break,
            }
        }
    }

    /// A constant expression from the next token on: its value and its
    /// span, or `None` after an error (said).
    pub(super) fn const_expr(&mut self) -> Option<(Const, Span)> {
        let start = self.peek().map_or(self.src.len(), |t| t.span.start);
        let v = self.ternary(0)?;
        let end = self.last_end.max(start);
        Some((v, start..end))
    }

    /// `a ? b : c` (right-associative), or a binary expression.
    fn ternary(&mut self, depth: usize) -> Option<Const> {
        if depth > MAX_DEPTH {
            let at = self.peek().map_or(self.eof_span(), |t| t.span.clone());
            self.error(at, "constant expression nested too deeply");
            return None;
        }
        let c = self.binary(0, depth)?;
        if !self.peek_punct('?') {
            return Some(c);
        }
        let q = self.next()?;
        // "the first operand must be an integer".
        if let F(_) = c {
            self.error(q.span, "`?:`: the condition of a constant expression is an integer, not a floating-point value (PTX ISA §4.5.5)");
            return None;
        }
        let a = self.ternary(depth + 1)?;
        if !self.peek_punct(':') {
            let at = self.peek().map_or(self.eof_span(), |t| t.span.clone());
            self.error(at, "expected `:` of `?:` in the constant expression");
            return None;
        }
        let colon = self.next()?;
        let b = self.ternary(depth + 1)?;
        // "the second and third operands are either both integers or both
        // floating-point. The usual arithmetic conversions are performed
        // on the second and third operands".
        let (a, b) = self.conversions(a, b, &colon.span, "?:")?;
        Some(if c.truthy() { a } else { b })
    }

    /// The operators of `LEVELS[level]` and tighter, left to right.
    fn binary(&mut self, level: usize, depth: usize) -> Option<Const> {
        if level == LEVELS.len() {
            return self.unary(depth);
        }
        let mut lhs = self.binary(level + 1, depth)?;
        loop {
            self.fill2();
            let Some((op, n)) = self.binary_op(LEVELS[level]) else {
                return Some(lhs);
            };
            let first = self.next()?;
            let mut span = first.span.clone();
            if n == 2 {
                span.end = self.next()?.span.end;
            }
            let rhs = self.binary(level + 1, depth)?;
            lhs = self.apply(op, lhs, rhs, &span)?;
        }
    }

    /// `+ - ! ~` and the casts `(.s64)`, `(.u64)` (right to left), or a
    /// primary: a literal or `( expr )`.
    fn unary(&mut self, depth: usize) -> Option<Const> {
        if depth > MAX_DEPTH {
            let at = self.peek().map_or(self.eof_span(), |t| t.span.clone());
            self.error(at, "constant expression nested too deeply");
            return None;
        }
        let Some(t) = self.next() else {
            self.error(self.eof_span(), "expected a constant");
            return None;
        };
        let text = self.text(&t);
        match t.tok {
            Tok::Punct('+') => self.unary(depth + 1),
            // "Unary plus and minus preserve the type of the input operand".
            Tok::Punct('-') => Some(match self.unary(depth + 1)? {
                S(v) => S(v.wrapping_neg()),
                U(v) => U(v.wrapping_neg()),
                F(v) => F(-v),
            }),
            // "Unary logical negation (!) produces a signed result with
            // value 0 or 1."
            Tok::Punct('!') => {
                let v = self.unary(depth + 1)?;
                self.integer(v, &t.span, "!")?;
                Some(S(i64::from(!v.truthy())))
            }
            // "Unary bitwise complement (~) interprets the source operand
            // as unsigned and produces an unsigned result."
            Tok::Punct('~') => {
                let v = self.unary(depth + 1)?;
                Some(U(!(self.integer(v, &t.span, "~")? as u64)))
            }
            Tok::Punct('(') => {
                // "(.s64) and (.u64) casts" of an integer.
                let cast = self
                    .peek()
                    .map(|n| self.text(n))
                    .filter(|n| matches!(*n, ".s64" | ".u64"));
                if let Some(cast) = cast {
                    self.next();
                    self.close()?;
                    let v = self.unary(depth + 1)?;
                    let v = self.integer(v, &t.span, cast)?;
                    return Some(if cast == ".s64" { S(v) } else { U(v as u64) });
                }
                let v = self.ternary(depth + 1)?;
                self.close()?;
                Some(v)
            }
            Tok::Word if starts_numeric(text) => match number(text) {
                Some(v) => Some(v),
                None => {
                    self.error(
                        t.span,
                        ptxfp_isa::literal::int_too_wide(text).unwrap_or_else(|| {
                            format!("`{}` is not a constant", text.escape_debug())
                        }),
                    );
                    None
                }
            },
            _ => {
                self.error(
                    t.span,
                    format!(
                        "expected a constant in the constant expression, found `{}`",
                        text.escape_debug()
                    ),
                );
                None
            }
        }
    }

    /// The `)` that closes a `(`.
    fn close(&mut self) -> Option<()> {
        if self.peek_punct(')') {
            self.next();
            return Some(());
        }
        let at = self.peek().map_or(self.eof_span(), |t| t.span.clone());
        self.error(at, "expected `)` in the constant expression");
        None
    }

    /// `v` as an integer's 64 bits; an `.f64` is an error for `op`, which
    /// takes integers only.
    fn integer(&mut self, v: Const, at: &Span, op: &str) -> Option<i64> {
        let i = v.int();
        if i.is_none() {
            self.error(
                at.clone(),
                format!("`{op}` takes integers; this operand is floating-point (PTX ISA §4.5.4: \"Integer constant expressions also allow\" it)"),
            );
        }
        i
    }

    /// "The usual arithmetic conversions": "converts both operands to
    /// unsigned type if either operand is unsigned"; an integer with an
    /// `.f64` is an error ("do not support casts between integer and
    /// floating-point").
    fn conversions(&mut self, a: Const, b: Const, at: &Span, op: &str) -> Option<(Const, Const)> {
        Some(match (a, b) {
            (F(_), F(_)) | (S(_), S(_)) => (a, b),
            (U(_), S(_) | U(_)) | (S(_), U(_)) => (U(a.int()? as u64), U(b.int()? as u64)),
            _ => {
                self.error(
                    at.clone(),
                    format!("`{op}` between an integer and a floating-point value: PTX's constant expressions do not convert between them (PTX ISA §4.5.4)"),
                );
                return None;
            }
        })
    }

    /// `lhs op rhs`, typed as §4.5.5 and Table 5 say.
    fn apply(&mut self, op: &str, lhs: Const, rhs: Const, at: &Span) -> Option<Const> {
        let b = |v: bool| S(i64::from(v));
        match op {
            // "AND_OP (&&), OR_OP (||) ... produce a signed result. The
            // result value is 0 or 1." (on integers: Table 5).
            "&&" | "||" => {
                self.integer(lhs, at, op)?;
                self.integer(rhs, at, op)?;
                Some(b(if op == "&&" {
                    lhs.truthy() && rhs.truthy()
                } else {
                    lhs.truthy() || rhs.truthy()
                }))
            }
            // "Left and right shift interpret the second operand as
            // unsigned and produce a result with the same type as the
            // first operand ... right shift of a signed value is
            // arithmetic". "behavior is fully defined in all cases": a
            // count of 64 or more shifts every bit out (zeros, or the
            // sign's copies for an arithmetic right shift).
            "<<" | ">>" => {
                let n = self.integer(rhs, at, op)? as u64;
                self.integer(lhs, at, op)?;
                Some(match (lhs, op) {
                    (S(v), "<<") => S(if n >= 64 { 0 } else { v << n }),
                    (U(v), "<<") => U(if n >= 64 { 0 } else { v << n }),
                    (S(v), _) => S(v >> n.min(63)),
                    (U(v), _) => U(if n >= 64 { 0 } else { v >> n }),
                    (F(_), _) => return None,
                })
            }
            // "Remainder (%) interprets the operands as unsigned"; Table 5
            // gives its result `.s64`.
            "%" => {
                let x = self.integer(lhs, at, op)? as u64;
                let y = self.integer(rhs, at, op)? as u64;
                if y == 0 {
                    self.error(at.clone(), "remainder by zero in a constant expression");
                    return None;
                }
                Some(S((x % y) as i64))
            }
            _ => {
                let (x, y) = self.conversions(lhs, rhs, at, op)?;
                Some(match (x, y) {
                    (F(x), F(y)) => match op {
                        "+" => F(x + y),
                        "-" => F(x - y),
                        "*" => F(x * y),
                        "/" => F(x / y),
                        "<" => b(x < y),
                        ">" => b(x > y),
                        "<=" => b(x <= y),
                        ">=" => b(x >= y),
                        "==" => b(x == y),
                        "!=" => b(x != y),
                        _ => {
                            self.integer(lhs, at, op)?;
                            return None;
                        }
                    },
                    (S(x), S(y)) => match op {
                        "+" => S(x.wrapping_add(y)),
                        "-" => S(x.wrapping_sub(y)),
                        "*" => S(x.wrapping_mul(y)),
                        "/" if y == 0 => return self.by_zero(at),
                        "/" => S(x.wrapping_div(y)),
                        "<" => b(x < y),
                        ">" => b(x > y),
                        "<=" => b(x <= y),
                        ">=" => b(x >= y),
                        "==" => b(x == y),
                        "!=" => b(x != y),
                        // "AND (&), OR (|), and XOR (^) perform the usual
                        // arithmetic conversions and produce a result with
                        // the same type as the converted operands" (the
                        // prose; Table 5 says `.u64`: docs/ENGINE.md "Operands").
                        "&" => S(x & y),
                        "|" => S(x | y),
                        _ => S(x ^ y),
                    },
                    (U(x), U(y)) => match op {
                        "+" => U(x.wrapping_add(y)),
                        "-" => U(x.wrapping_sub(y)),
                        "*" => U(x.wrapping_mul(y)),
                        "/" if y == 0 => return self.by_zero(at),
                        "/" => U(x / y),
                        "<" => b(x < y),
                        ">" => b(x > y),
                        "<=" => b(x <= y),
                        ">=" => b(x >= y),
                        "==" => b(x == y),
                        "!=" => b(x != y),
                        "&" => U(x & y),
                        "|" => U(x | y),
                        _ => U(x ^ y),
                    },
                    _ => return None,
                })
            }
        }
    }

    fn by_zero(&mut self, at: &Span) -> Option<Const> {
        self.error(at.clone(), "division by zero in a constant expression");
        None
    }
}

/// How deep parentheses and unary operators may nest (the parser
/// recurses on each).
const MAX_DEPTH: usize = 64;

/// A literal's value and type: an integer "signed unless unsigned is
/// needed to prevent overflow, or unless the literal uses a U suffix"; a
/// floating-point literal (decimal, or `0f`/`0d` bits) an `.f64`
/// ("literals are always represented in 64-bit double-precision format").
fn number(text: &str) -> Option<Const> {
    let unsigned = text.ends_with('U');
    let digits = text.strip_suffix('U').unwrap_or(text);
    let is_int = digits.starts_with(|c: char| c.is_ascii_digit())
        && !digits.contains(['.', 'e', 'E'])
        || digits.starts_with("0x")
        || digits.starts_with("0X");
    let is_bits = matches!(digits.get(..2), Some("0f" | "0F" | "0d" | "0D"));
    if is_int && !is_bits {
        let v = ptxfp_isa::literal::parse_int(digits)? as u64;
        return Some(if unsigned || v > i64::MAX as u64 {
            U(v)
        } else {
            S(v as i64)
        });
    }
    if unsigned {
        return None;
    }
    ptxfp_isa::literal::parse_value(text, PtxType::F64)
        .ok()
        .map(|b| F(f64::from_bits(b)))
}

#[cfg(test)]
mod tests {
    use super::super::{parse, OperandKind, Stmt};

    /// The first instruction's second operand, folded, as the 64 bits of
    /// its literal (an `.f64`'s bits for a floating-point value), or the
    /// module's first error.
    fn fold(expr: &str) -> Result<u64, String> {
        let src = format!("mov.b64 d, {expr};\n");
        let m = parse(&src);
        if let Some(d) = m.diagnostics.iter().find(|d| d.is_error()) {
            return Err(d.message.clone());
        }
        let Some(Stmt::Instr(i)) = m.stmts().next() else {
            return Err("no instruction".into());
        };
        let OperandKind::Imm(text) = i.operands[1].kind.clone() else {
            return Err(format!("not an immediate: {:?}", i.operands[1].kind));
        };
        match ptxfp_isa::literal::parse_int(text.trim_end_matches('U')) {
            Some(v) if !text.contains(['.', 'e', 'n', 'i']) => Ok(v as u64),
            _ => ptxfp_isa::literal::parse_value(text, ptxfp_isa::types::PtxType::F64),
        }
    }

    /// PTX ISA §4.5.4 to §4.5.6, each value worked out by hand from the
    /// rules: C's precedence (Table 4), 64-bit signed and unsigned types
    /// (literals "signed unless unsigned is needed to prevent overflow, or
    /// unless the literal uses a U suffix"), the usual arithmetic
    /// conversions, `%` on unsigned operands, shifts typed by their first
    /// operand, `.f64` arithmetic.
    #[test]
    fn constant_expressions_follow_the_ptx_rules() {
        let cases: &[(&str, u64)] = &[
            ("(1+2)", 3),
            ("1+2*3", 7),
            ("(1+2)*3", 9),
            // ashvardanian/less_slow.cpp's wgmma descriptor field.
            ("((128 >> 4) << 16)", 0x80000),
            ("-(3)", (-3i64) as u64),
            ("- (1 + 2)", (-3i64) as u64),
            ("+(4)", 4),
            ("~0", u64::MAX),
            ("!0", 1),
            ("!5", 0),
            ("!(2 - 2)", 1),
            // Right shift of a signed value is arithmetic, of an unsigned
            // one logical.
            ("-1 >> 1", u64::MAX),
            ("-1U >> 1", i64::MAX as u64),
            ("0xffffffffffffffff >> 60", 0xf),
            ("(.u64) -1 >> 63", 1),
            ("(.s64) 0xffffffffffffffff >> 70", u64::MAX),
            ("1 << 63", 1 << 63),
            ("1 << 64", 0),
            ("1U >> 64", 0),
            // Division truncates toward zero; `%` reads both operands as
            // unsigned.
            ("-7 / 2", (-3i64) as u64),
            ("-7 % 2", 1),
            ("7 % -2", 7),
            ("0xfffffffffffffff9 / 2", 0x7fff_ffff_ffff_fffc),
            // Comparisons after the usual conversions: -1 against an
            // unsigned 0 is 2^64 - 1.
            ("-1 < 0", 1),
            ("-1 < 0U", 0),
            ("1 + 2 == 3", 1),
            ("3 != 3", 0),
            ("2 >= 2", 1),
            ("2 <= 1", 0),
            ("6 & 3 | 8 ^ 1", 11),
            ("1 || 0 && 0", 1),
            ("0 && 1 / 1", 0),
            ("1 ? 2 : 3", 2),
            ("0 ? 1 : 2 ? 3 : 4", 3),
            ("0 ? 1U : -1", u64::MAX),
            ("0x7fffffffffffffff + 1", 1 << 63),
            ("2 * 0x8000000000000000", 0),
            // `.f64` arithmetic, rounded to nearest at each step.
            ("1.5 * 2.0", 3.0f64.to_bits()),
            ("0.1 + 0.2", 0x3fd3_3333_3333_3334),
            ("1.0 / 3.0", (1.0f64 / 3.0).to_bits()),
            ("0f3F800000 + 1.0", 2.0f64.to_bits()),
            ("-(0.5)", (-0.5f64).to_bits()),
            ("1.0 / 0.0", f64::INFINITY.to_bits()),
            ("2.0 > 1.0", 1),
            ("1 ? 0.25 : 0.5", 0.25f64.to_bits()),
        ];
        for (expr, want) in cases {
            assert_eq!(fold(expr), Ok(*want), "{expr}");
        }
        let errors: &[(&str, &str)] = &[
            ("1 + 1.5", "between an integer and a floating-point value"),
            ("1 / 0", "division by zero"),
            ("5 % 0", "remainder by zero"),
            ("1.5 % 2.0", "takes integers"),
            ("~1.0", "takes integers"),
            (
                "1.0 ? 1 : 2",
                "condition of a constant expression is an integer",
            ),
            ("(1 + 2", "expected `)`"),
            ("1 ? 2", "expected `:`"),
            (
                "(1 + x)",
                "expected a constant in the constant expression, found `x`",
            ),
        ];
        for (expr, want) in errors {
            let e = fold(expr).expect_err(expr);
            assert!(e.contains(want), "{expr}: {e}");
        }
    }

    /// Where constant expressions go besides an instruction's operand:
    /// the offset of an address and of a name (`[rd + 4*8]`, `r+-1`), an
    /// initializer's values and address offsets, an array's dimensions.
    #[test]
    fn constant_expressions_in_addresses_names_and_initializers() {
        let m = parse(
            ".global .b8 buf[4*16][(1 + 1)];\n\
             .global .u32 g[3] = {(1 << 4) + 2, ~0, 4*8};\n\
             .global .u64 p = g + 4*2;\n\
             ld.global.u32 r, [rd + (2 - 1) * 4];\n\
             ld.global.u32 r, [rd+-4];\n\
             ld.global.u32 r, [16 * 2];\n\
             add.u32 r, r+-1, r - 2 + 3;\n",
        );
        assert!(m.diagnostics.is_empty(), "{:?}", m.diagnostics);
        let g = &m.vars.iter().find(|v| v.name == "g").expect("g").init;
        let words: Vec<u32> = g
            .as_ref()
            .expect("an initializer")
            .chunks(4)
            .map(|c| u32::from_le_bytes(c.try_into().unwrap()))
            .collect();
        assert_eq!(words, [18, u32::MAX, 32]);
        // Array dimensions (PTX ISA §5.4.3: "either a constant expression,
        // or is left empty").
        assert_eq!(
            m.vars.iter().find(|v| v.name == "buf").expect("buf").size,
            128
        );
        let p = &m.vars.iter().find(|v| v.name == "p").expect("p").addrs;
        assert_eq!(p[0].offset, 8);
        let ops: Vec<OperandKind> = m
            .stmts()
            .filter_map(|s| match s {
                Stmt::Instr(i) => Some(
                    i.operands[1..]
                        .iter()
                        .map(|o| o.kind.clone())
                        .collect::<Vec<_>>(),
                ),
                _ => None,
            })
            .flatten()
            .collect();
        assert_eq!(
            ops,
            [
                OperandKind::Address {
                    base: Some("rd"),
                    offset: 4,
                    element: false,
                },
                OperandKind::Address {
                    base: Some("rd"),
                    offset: -4,
                    element: false,
                },
                OperandKind::Address {
                    base: None,
                    offset: 32,
                    element: false,
                },
                OperandKind::Sum {
                    base: "r",
                    offset: -1
                },
                OperandKind::Sum {
                    base: "r",
                    offset: 1
                },
            ]
        );
    }
}
