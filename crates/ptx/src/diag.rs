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
#[derive(Clone, Debug, PartialEq, Eq)]
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
    /// characters from 1.
    pub fn render(&self, path: &str, source: &str) -> String {
        let start = self.span.start.min(source.len());
        let line_start = source[..start].rfind('\n').map_or(0, |i| i + 1);
        let line_end = source[start..]
            .find('\n')
            .map_or(source.len(), |i| start + i);
        let line_no = source[..start].matches('\n').count() + 1;
        let text = source[line_start..line_end].trim_end_matches('\r');
        let col = source[line_start..start].chars().count() + 1;
        let end = self.span.end.clamp(start, line_end);
        let width = source[start..end].chars().count().max(1);
        let mut out = format!(
            "{path}:{line_no}:{col}: {}: {}\n",
            self.severity, self.message
        );
        let gutter = line_no.to_string().len();
        out += &format!(
            "{:gutter$} |\n{line_no} | {text}\n{:gutter$} | {}{}\n",
            "",
            "",
            " ".repeat(col - 1),
            "^".repeat(width)
        );
        if let Some(help) = &self.help {
            out += &format!("{:gutter$} = help: {help}\n", "");
        }
        out
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
}
