//! Diagnostics: what is wrong, where (a byte span), and how to fix it.

use core::fmt;
use core::ops::Range;

/// How serious a diagnostic is.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub enum Severity {
    /// Accepted, but worth a look (e.g. ptxas 3.1's `mad.f32` warning).
    Warning,
    /// Rejected.
    Error,
}

impl fmt::Display for Severity {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            Severity::Warning => "warning",
            Severity::Error => "error",
        })
    }
}

/// One message about a piece of PTX text.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct Diagnostic {
    /// Error or warning.
    pub severity: Severity,
    /// Byte offsets into the text that was parsed.
    pub span: Range<usize>,
    /// What is wrong, naming the rule ("mul.bf16 requires sm_90 or higher; the target is sm_80").
    pub message: String,
    /// How to fix it, where that helps.
    pub help: Option<String>,
}

impl Diagnostic {
    /// An error at `span`.
    pub fn error(span: Range<usize>, message: impl Into<String>) -> Diagnostic {
        Diagnostic {
            severity: Severity::Error,
            span,
            message: message.into(),
            help: None,
        }
    }
    /// A warning at `span`.
    pub fn warning(span: Range<usize>, message: impl Into<String>) -> Diagnostic {
        Diagnostic {
            severity: Severity::Warning,
            span,
            message: message.into(),
            help: None,
        }
    }
    /// Adds a fix.
    pub fn with_help(mut self, help: impl Into<String>) -> Diagnostic {
        self.help = Some(help.into());
        self
    }
    /// Moves the span by `offset` bytes (a form parsed out of a longer line).
    pub fn shifted(mut self, offset: usize) -> Diagnostic {
        self.span = self.span.start + offset..self.span.end + offset;
        self
    }
    /// True for errors.
    pub fn is_error(&self) -> bool {
        self.severity == Severity::Error
    }

    /// Renders as `path:line:column: error: message`, then the source line
    /// with a caret under the span, then `help: ...`. Columns count
    /// characters from 1. For many diagnostics on one source, build a
    /// [`SourceMap`] once and call [`Diagnostic::render_in`].
    pub fn render(&self, path: &str, source: &str) -> String {
        self.render_in(path, &SourceMap::new(source))
    }

    /// [`Diagnostic::render`] with the line table built once: each call
    /// costs O(log lines + the shown line's length), so a file with 100,000
    /// diagnostics renders in linear time. A long line is shown as a window
    /// of at most [`SourceMap::WINDOW`] characters around the span; tabs are
    /// shown as four spaces and control characters as U+FFFD, so the caret
    /// lines up with what a terminal prints.
    pub fn render_in(&self, path: &str, map: &SourceMap<'_>) -> String {
        let (line_no, col, shown, caret_at, caret_width) = map.excerpt(&self.span);
        let mut out = format!(
            "{path}:{line_no}:{col}: {}: {}\n",
            self.severity,
            clip_quoted(&self.message)
        );
        let gutter = line_no.to_string().len();
        out += &format!(
            "{:gutter$} |\n{line_no} | {shown}\n{:gutter$} | {}{}\n",
            "",
            "",
            " ".repeat(caret_at),
            "^".repeat(caret_width)
        );
        if let Some(help) = &self.help {
            out += &format!("{:gutter$} = help: {}\n", "", clip_quoted(help));
        }
        out
    }
}

/// The most characters of one `quoted` piece of source a rendered message
/// shows: a 10 MB register name was printed whole, twice, in one error.
pub const MAX_QUOTED: usize = 256;

/// `message` with each backtick-quoted piece longer than [`MAX_QUOTED`]
/// characters (an opcode is shorter: the longest tcgen05 and tensor-copy
/// forms are about 120) cut to its first 100 and a count of the rest (the
/// source line under it is cut to a window already).
pub fn clip_quoted(message: &str) -> std::borrow::Cow<'_, str> {
    if message.len() <= MAX_QUOTED {
        return message.into();
    }
    let mut parts = message.split('`');
    let mut out = String::with_capacity(message.len().min(4 * MAX_QUOTED));
    let mut changed = false;
    let mut first = true;
    let mut quoted = false;
    for part in parts.by_ref() {
        if !first {
            out.push('`');
        }
        first = false;
        let n = part.chars().count();
        if quoted && n > MAX_QUOTED {
            out.extend(part.chars().take(100));
            out += &format!("... ({} more characters)", n - 100);
            changed = true;
        } else {
            out += part;
        }
        quoted = !quoted;
    }
    if changed {
        out.into()
    } else {
        message.into()
    }
}

/// `message` with every piece longer than [`MAX_QUOTED`] characters cut
/// as [`clip_quoted`] cuts a quoted one: the quoted pieces, then any run
/// without a space (`--set NAME: ...` names NAME unquoted). For messages
/// handed over whole, as the C API does: a 10 MB register name made a
/// 20 MB message.
pub fn clip_long(message: &str) -> std::borrow::Cow<'_, str> {
    let quoted = clip_quoted(message);
    if !quoted.split(' ').any(|w| w.chars().count() > MAX_QUOTED) {
        return quoted;
    }
    let words: Vec<String> = quoted
        .split(' ')
        .map(|w| {
            let n = w.chars().count();
            if n > MAX_QUOTED {
                // Its trailing punctuation (`NAME:`) stays: a few
                // characters (a word of 1 MB of `{` is cut too).
                let tail = w
                    .chars()
                    .rev()
                    .take_while(|c| c.is_ascii_punctuation())
                    .count()
                    .min(8);
                let head: String = w.chars().take(100).collect();
                let end: String = w.chars().skip(n - tail).collect();
                format!("{head}... ({} more characters){end}", n - tail - 100)
            } else {
                w.to_string()
            }
        })
        .collect();
    words.join(" ").into()
}

/// A source text with the byte offset of each line's start, to turn spans
/// into line and column numbers without rescanning the text. The index is
/// built on first use (a clean file needs none), and each lookup costs
/// O(log lines) plus at most [`SourceMap::CHUNK`] bytes of counting, however
/// long the line: 200,000 diagnostics on one line take linear time.
#[derive(Clone, Debug)]
pub struct SourceMap<'a> {
    src: &'a str,
    index: std::cell::OnceCell<Index>,
}

/// The line table of a [`SourceMap`], and, for a text that is not all
/// ASCII, the characters before every [`SourceMap::CHUNK`]-th byte.
#[derive(Clone, Debug)]
struct Index {
    line_starts: Vec<usize>,
    /// `chunk_chars[k]`: the characters in `src[..floor(k * CHUNK)]`
    /// (`floor`: back to a character boundary); `None` for ASCII text,
    /// where characters are bytes.
    chunk_chars: Option<Vec<usize>>,
}

impl<'a> SourceMap<'a> {
    /// The most characters of a source line a diagnostic shows; longer
    /// lines are cut around the span, with `...` where text was left out.
    pub const WINDOW: usize = 120;

    /// The most bytes a column lookup counts characters in (a text that
    /// is not ASCII keeps the character count at every CHUNK-th byte).
    pub const CHUNK: usize = 1024;

    /// A map of `src`'s lines (indexed when first asked).
    pub fn new(src: &'a str) -> SourceMap<'a> {
        SourceMap {
            src,
            index: std::cell::OnceCell::new(),
        }
    }

    /// The text.
    pub fn source(&self) -> &'a str {
        self.src
    }

    fn index(&self) -> &Index {
        self.index.get_or_init(|| {
            let line_starts = core::iter::once(0)
                .chain(
                    self.src
                        .bytes()
                        .enumerate()
                        .filter(|&(_, b)| b == b'\n')
                        .map(|(i, _)| i + 1),
                )
                .collect();
            let chunk_chars = (!self.src.is_ascii()).then(|| {
                let mut counts = vec![0];
                let mut prev = 0;
                for k in 1..=self.src.len() / Self::CHUNK {
                    let at = self.floor(k * Self::CHUNK);
                    let before = counts[k - 1] + self.src[prev..at].chars().count();
                    counts.push(before);
                    prev = at;
                }
                counts
            });
            Index {
                line_starts,
                chunk_chars,
            }
        })
    }

    /// The characters in `src[..o]`, `o` a character boundary: O(CHUNK).
    fn chars_before(&self, o: usize) -> usize {
        match &self.index().chunk_chars {
            None => o,
            Some(counts) => {
                let k = o / Self::CHUNK;
                counts[k] + self.src[self.floor(k * Self::CHUNK)..o].chars().count()
            }
        }
    }

    /// The 1-based line of a character boundary `o`, and its line's start.
    fn line_of(&self, o: usize) -> (usize, usize) {
        let starts = &self.index().line_starts;
        let line = starts.partition_point(|&s| s <= o);
        (line, starts[line - 1])
    }

    /// The 1-based line and character column of a byte offset (clamped to
    /// the text, and moved back to a character boundary).
    pub fn line_col(&self, offset: usize) -> (usize, usize) {
        let o = self.floor(offset);
        let (line, start) = self.line_of(o);
        (line, self.chars_before(o) - self.chars_before(start) + 1)
    }

    fn floor(&self, offset: usize) -> usize {
        let mut o = offset.min(self.src.len());
        while !self.src.is_char_boundary(o) {
            o -= 1;
        }
        o
    }

    /// For a span: its line number and column, the line as shown (cut to
    /// [`Self::WINDOW`] characters, tabs expanded, control characters
    /// replaced), and where the caret starts in it and how wide it is.
    /// Only the shown window is walked: O(WINDOW + CHUNK), however long
    /// the line.
    fn excerpt(&self, span: &core::ops::Range<usize>) -> (usize, usize, String, usize, usize) {
        let start = self.floor(span.start);
        let (line, line_start) = self.line_of(start);
        let line_end = self
            .index()
            .line_starts
            .get(line)
            .map_or(self.src.len(), |&next| next - 1);
        let text = self.src[line_start..line_end].trim_end_matches('\r');
        let text_end = line_start + text.len();
        // The column, counted to the span's start or the line's end.
        let at = start.min(text_end);
        let col = self.chars_before(at) - self.chars_before(line_start) + 1;
        let line_chars = self.chars_before(text_end) - self.chars_before(line_start);
        let end = self.floor(span.end.clamp(at, text_end));
        // Characters past the window change nothing: count no further.
        let spanned = self.src[at..end]
            .chars()
            .take(Self::WINDOW + 1)
            .count()
            .max(1);
        // The window: up to a third of it before the span, the rest after.
        let (from, to) = if line_chars <= Self::WINDOW {
            (0, line_chars)
        } else {
            let from = (col - 1).saturating_sub(Self::WINDOW / 3);
            let to = (from + Self::WINDOW).min(line_chars);
            (to.saturating_sub(Self::WINDOW).min(from), to)
        };
        // The window starts at most WINDOW characters before `at`.
        let mut from_byte = at;
        for c in text[..at - line_start].chars().rev().take(col - 1 - from) {
            from_byte -= c.len_utf8();
        }
        let mut shown = String::new();
        let mut caret_at = 0;
        let mut caret_width = 0;
        if from > 0 {
            shown += "...";
        }
        for (i, c) in (from..to).zip(self.src[from_byte..text_end].chars()) {
            let piece: &str = match c {
                '\t' => "    ",
                c if c.is_control() => "\u{fffd}",
                _ => "",
            };
            let w = if piece.is_empty() {
                1
            } else {
                piece.chars().count()
            };
            if i + 1 < col {
                caret_at += w;
            } else if i + 1 < col + spanned {
                caret_width += w;
            }
            if piece.is_empty() {
                shown.push(c);
            } else {
                shown += piece;
            }
        }
        if from > 0 {
            caret_at += 3;
        }
        if to < line_chars {
            shown += "...";
        }
        (line, col, shown, caret_at, caret_width.max(1))
    }
}

impl fmt::Display for Diagnostic {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}: {}", self.severity, self.message)?;
        if let Some(help) = &self.help {
            write!(f, " (help: {help})")?;
        }
        Ok(())
    }
}

impl std::error::Error for Diagnostic {}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn long_quoted_source_is_clipped() {
        let name = "%".to_string() + &"x".repeat(10_000);
        let d = Diagnostic::error(0..1, format!("`{name}` is not declared; `{name}` again"))
            .with_help(format!("declare `{name}`"));
        let r = d.render("f.ptx", "x");
        assert!(r.len() < 800, "{}", r.len());
        let kept = "%".to_string() + &"x".repeat(99);
        assert!(
            r.contains(&format!(
                "`{kept}... (9901 more characters)` is not declared; `"
            )),
            "{r}"
        );
        // Short pieces and unquoted text are kept as they are.
        let short = "`add.f32` needs `.rn`".to_string() + &" and more".repeat(20);
        assert_eq!(clip_quoted(&short), short);
        // Unquoted too, for messages handed over whole.
        let name = "x".repeat(10_000);
        let m = format!("--set {name}: no register or parameter `{name}` is declared");
        let c = clip_long(&m);
        assert_eq!(
            c,
            format!("--set {}... (9900 more characters): no register or parameter `{}... (9900 more characters)` is declared", &name[..100], &name[..100])
        );
        assert_eq!(clip_long("a `short` one"), "a `short` one");
        let braces = "{".repeat(1000);
        assert_eq!(
            clip_long(&braces),
            format!(
                "{}... (892 more characters){}",
                &braces[..100],
                &braces[..8]
            )
        );
    }

    #[test]
    fn renders_caret_under_span() {
        let src = ".target sm_80\nmul.rn.bf16 %rs1, %rs2, %rs3;\n";
        let d = Diagnostic::error(
            14..25,
            "mul.bf16 requires sm_90 or higher; the target is sm_80",
        )
        .with_help("use .target sm_90");
        let r = d.render("k.ptx", src);
        assert_eq!(
            r,
            "k.ptx:2:1: error: mul.bf16 requires sm_90 or higher; the target is sm_80\n  |\n2 | mul.rn.bf16 %rs1, %rs2, %rs3;\n  | ^^^^^^^^^^^\n  = help: use .target sm_90\n"
        );
    }

    #[test]
    fn tabs_and_control_characters_keep_the_caret_in_place() {
        let src = "\tadd.f16\t%rs1, %rs2;\n";
        let d = Diagnostic::error(9..13, "x");
        let r = d.render("k.ptx", src);
        assert_eq!(
            r,
            "k.ptx:1:10: error: x\n  |\n1 |     add.f16    %rs1, %rs2;\n  |                ^^^^\n"
        );
        let src = "a\0b c";
        let r = Diagnostic::error(4..5, "x").render("k", src);
        assert!(r.contains("1 | a\u{fffd}b c\n  |     ^\n"), "{r}");
    }

    #[test]
    fn long_lines_are_cut_around_the_span() {
        let src = format!("{}add.f16 x;{}\n", "} ".repeat(20_000), " {".repeat(20_000));
        let at = 40_000;
        let d = Diagnostic::error(at..at + 7, "x");
        let r = d.render("k", &src);
        assert!(r.len() < 400, "{}", r.len());
        let lines: Vec<&str> = r.lines().collect();
        assert_eq!(lines[0], "k:1:40001: error: x");
        let shown = lines[2].strip_prefix("1 | ").unwrap();
        let caret = lines[3].strip_prefix("  | ").unwrap();
        assert!(shown.starts_with("...") && shown.ends_with("..."));
        assert_eq!(shown.chars().count(), SourceMap::WINDOW + 6);
        let col = caret.find('^').unwrap();
        assert_eq!(&shown[col..col + 7], "add.f16");
        assert_eq!(caret.trim_start(), "^^^^^^^");
        // A span at the end of a long line: the window ends at the line's end.
        let d = Diagnostic::error(src.len() - 2..src.len() - 1, "x");
        let r = d.render("k", &src);
        let lines: Vec<&str> = r.lines().collect();
        let shown = lines[2].strip_prefix("1 | ").unwrap();
        let caret = lines[3].strip_prefix("  | ").unwrap();
        assert!(shown.starts_with("...") && shown.ends_with(" {"), "{shown}");
        assert_eq!(caret.len(), shown.len());
    }

    /// The excerpt as first written: the whole line collected into
    /// characters for each diagnostic (quadratic on a long line), kept as
    /// the reference the windowed walk must equal.
    fn reference_excerpt(src: &str, span: &Range<usize>) -> (usize, usize, String, usize, usize) {
        let floor = |o: usize| {
            let mut o = o.min(src.len());
            while !src.is_char_boundary(o) {
                o -= 1;
            }
            o
        };
        let start = floor(span.start);
        let line = src[..start].matches('\n').count() + 1;
        let line_start = src[..start].rfind('\n').map_or(0, |i| i + 1);
        let line_end = src[line_start..]
            .find('\n')
            .map_or(src.len(), |i| line_start + i);
        let text = src[line_start..line_end].trim_end_matches('\r');
        let before = &text[..(start - line_start).min(text.len())];
        let col = before.chars().count() + 1;
        let at = line_start + before.len();
        let end = floor(span.end.clamp(at, line_start + text.len()));
        let spanned = src[at..end].chars().count().max(1);
        let chars: Vec<char> = text.chars().collect();
        let w = SourceMap::WINDOW;
        let (from, to) = if chars.len() <= w {
            (0, chars.len())
        } else {
            let from = (col - 1).saturating_sub(w / 3);
            let to = (from + w).min(chars.len());
            (to.saturating_sub(w).min(from), to)
        };
        let (mut shown, mut caret_at, mut caret_width) = (String::new(), 0, 0);
        if from > 0 {
            shown += "...";
        }
        for (i, &c) in chars.iter().enumerate().take(to).skip(from) {
            let piece = match c {
                '\t' => "    ".to_string(),
                c if c.is_control() => "\u{fffd}".to_string(),
                c => c.to_string(),
            };
            let wid = piece.chars().count();
            if i + 1 < col {
                caret_at += wid;
            } else if i + 1 < col + spanned {
                caret_width += wid;
            }
            shown += &piece;
        }
        if from > 0 {
            caret_at += 3;
        }
        if to < chars.len() {
            shown += "...";
        }
        (line, col, shown, caret_at, caret_width.max(1))
    }

    /// The windowed excerpt equals the whole-line one on every span of
    /// texts with long lines, multi-byte characters, tabs, control
    /// characters and CRLF line ends (a span at the `\n` of a `\r\n`
    /// included, where the first version panicked).
    #[test]
    fn windowed_excerpt_equals_the_whole_line_walk() {
        let long_mixed: String = (0..3000)
            .map(|i| ["a", "\u{e9}", "\t", "\u{1f600}", " ", "\u{7}", "xyz"][i % 7])
            .collect();
        let texts = [
            "ab\r\ncd\r\n".to_string(),
            format!("x\n{long_mixed}\r\nshort\n{long_mixed}"),
            format!("{}\n", "q".repeat(5000)),
            "\u{e9}\u{e9}\n\t\u{0}z".to_string(),
        ];
        for src in &texts {
            let map = SourceMap::new(src);
            let n = src.len();
            let step = (n / 700).max(1);
            for s in (0..=n + 1).step_by(step).chain([n.saturating_sub(1), n]) {
                for len in [0, 1, 3, 200, 10_000] {
                    let span = s..s + len;
                    assert_eq!(
                        map.excerpt(&span),
                        reference_excerpt(src, &span),
                        "{span:?}"
                    );
                }
            }
        }
    }

    #[test]
    fn line_col_matches_a_rescan() {
        let long = format!("ab\n\nc\u{e9}d\n\ne{}\n\u{1f600}", "\u{e9}x".repeat(2000));
        for src in ["ab\n\nc\u{e9}d\n\ne", long.as_str()] {
            let map = SourceMap::new(src);
            for o in 0..=src.len() + 2 {
                let mut b = o.min(src.len());
                while !src.is_char_boundary(b) {
                    b -= 1;
                }
                let line = src[..b].matches('\n').count() + 1;
                let ls = src[..b].rfind('\n').map_or(0, |i| i + 1);
                assert_eq!(
                    map.line_col(o),
                    (line, src[ls..b].chars().count() + 1),
                    "{o}"
                );
            }
        }
    }
}
