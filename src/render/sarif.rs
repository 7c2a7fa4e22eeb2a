//! Diagnostics as one SARIF 2.1.0 log for a whole run. SARIF is the format
//! of code-scanning dashboards, GitHub's among them.
//!
//! The log is one JSON document. But its results are made as the other
//! formats' lines are: one a diagnostic, in parallel, and written in input
//! order. So each result is rendered as one line of JSON. [`Log`] is a
//! writer around the log's destination. It writes the head of the document
//! first, joins the lines it is given with commas, and closes the document
//! at the end. So the log streams, and memory does not grow with the number
//! of diagnostics.
//!
//! Columns count characters (Unicode code points), as every format of
//! cardsharp counts them. The run says so (`columnKind`). Regions also
//! carry the byte offset and length, which tools that read the file itself
//! prefer.

use std::fmt::Write as _;
use std::io::{self, Write};
use std::path::Path;

use serde_json::{Value, json};

use super::{Region, Window};
use crate::ast::Span;
use crate::diagnostic::catalogue::{RULES, Rule, rule};
use crate::diagnostic::{Description, Diagnostic, Severity};

/// The schema the log follows, as its `$schema` names it.
const SCHEMA: &str =
    "https://docs.oasis-open.org/sarif/sarif/v2.1.0/errata01/os/schemas/sarif-schema-2.1.0.json";

/// A SARIF log being written to `W`. The head is written on [`Log::start`],
/// and the end on [`Log::finish`]. Each line written to it is a result.
pub struct Log<W: Write> {
    inner: W,
    /// Results written so far.
    results: u64,
    /// Whether the next byte starts a result.
    at_line_start: bool,
}

impl<W: Write> Log<W> {
    /// Writes the head of the log to `inner`. That is the tool, with every
    /// code as a rule, and the opening of the results.
    ///
    /// # Errors
    ///
    /// A failure to write `inner`.
    pub fn start(mut inner: W) -> io::Result<Self> {
        // Written out, not serialised from a value. The results array is
        // left open for the lines, and `finish` closes it with `]}]}`.
        let head = format!(
            r#"{{"$schema":"{SCHEMA}","version":"2.1.0","runs":[{{"tool":{{"driver":{}}},"columnKind":"unicodeCodePoints","results":["#,
            driver()
        );
        inner.write_all(head.as_bytes())?;
        Ok(Self {
            inner,
            results: 0,
            at_line_start: true,
        })
    }

    /// Closes the log, and returns its writer, flushed.
    ///
    /// # Errors
    ///
    /// A failure to write or flush the writer.
    pub fn finish(mut self) -> io::Result<W> {
        self.inner.write_all(b"\n]}]}\n")?;
        self.inner.flush()?;
        Ok(self.inner)
    }
}

impl<W: Write> Write for Log<W> {
    /// Takes results one a line, as [`super::diagnostic`] renders them.
    /// Writes them as the items of the log's results array.
    fn write(&mut self, bytes: &[u8]) -> io::Result<usize> {
        for piece in bytes.split_inclusive(|&byte| byte == b'\n') {
            if self.at_line_start {
                let separator: &[u8] = if self.results == 0 { b"\n" } else { b",\n" };
                self.inner.write_all(separator)?;
                self.at_line_start = false;
            }
            match piece.strip_suffix(b"\n") {
                Some(line) => {
                    self.inner.write_all(line)?;
                    self.results += 1;
                    self.at_line_start = true;
                }
                None => self.inner.write_all(piece)?,
            }
        }
        Ok(bytes.len())
    }

    fn flush(&mut self) -> io::Result<()> {
        self.inner.flush()
    }
}

/// cardsharp as the tool of the run: its name, its version, and every code
/// it reports as a rule.
fn driver() -> Value {
    let mut driver = json!({
        "name": env!("CARGO_PKG_NAME"),
        "version": env!("CARGO_PKG_VERSION"),
        "semanticVersion": env!("CARGO_PKG_VERSION"),
        "rules": RULES.iter().map(rule_descriptor).collect::<Vec<_>>(),
    });
    // The manifest's repository, once it names one.
    let repository = env!("CARGO_PKG_REPOSITORY");
    if !repository.is_empty() {
        driver["informationUri"] = repository.into();
    }
    driver
}

fn rule_descriptor(rule: &Rule) -> Value {
    let mut descriptor = json!({
        "id": rule.code,
        "shortDescription": { "text": rule.summary },
        "help": { "text": rule.help },
        "defaultConfiguration": { "level": level(rule.severity) },
    });
    if let Some(example) = rule.example() {
        descriptor["properties"] = json!({ "example": example });
    }
    descriptor
}

fn level(severity: Severity) -> &'static str {
    match severity {
        Severity::Error => "error",
        Severity::Warning => "warning",
    }
}

/// Writes `diagnostic` as one result, on one line.
pub(crate) fn result(
    diagnostic: &Diagnostic,
    description: &Description,
    code: &str,
    window: &Window<'_>,
    out: &mut String,
) {
    let artifact = artifact_location(window.name);
    let located = |span: Span, text: &str| {
        json!({
            "physicalLocation": {
                "artifactLocation": artifact,
                "region": region(span, window),
            },
            "message": { "text": text },
        })
    };
    let mut result = result_head(code, description.severity, &description.message);
    if let Some(help) = &description.help {
        result["message"]["text"] = super::with_help(&description.message, help).into();
    }
    result["locations"] = json!([located(diagnostic.span, &description.label)]);
    if !description.secondary.is_empty() {
        result["relatedLocations"] = description
            .secondary
            .iter()
            .zip(1..)
            .map(|(label, id)| {
                let mut location = located(label.span, label.text);
                location["id"] = id.into();
                location
            })
            .collect();
    }
    let fixes = diagnostic.fixes();
    if !fixes.is_empty() {
        result["fixes"] = fixes
            .iter()
            .map(|fix| {
                json!({
                    "description": { "text": fix.message },
                    "artifactChanges": [{
                        "artifactLocation": artifact,
                        "replacements": fix.edits.iter().map(|edit| json!({
                            "deletedRegion": {
                                "byteOffset": edit.span.offset,
                                "byteLength": edit.span.len,
                            },
                            "insertedContent": { "text": edit.replacement },
                        })).collect::<Vec<_>>(),
                    }],
                    "properties": { "applicability": fix.applicability },
                })
            })
            .collect();
    }
    push_line(&result, out);
}

/// Writes a problem with a path as one result, located at the path with no
/// region. Such a problem is a path that cannot be read, or that holds no
/// file.
pub(crate) fn path_result(
    code: &str,
    severity: Severity,
    message: &str,
    path: &str,
    out: &mut String,
) {
    let mut result = result_head(code, severity, message);
    result["locations"] =
        json!([{ "physicalLocation": { "artifactLocation": artifact_location(path) } }]);
    push_line(&result, out);
}

/// The parts every result has: its rule, its level and its message.
fn result_head(code: &str, severity: Severity, message: &str) -> Value {
    let mut result = json!({
        "ruleId": code,
        "level": level(severity),
        "message": { "text": message },
    });
    if let Some((index, _)) = rule(code) {
        result["ruleIndex"] = index.into();
    }
    result
}

fn push_line(result: &Value, out: &mut String) {
    out.push_str(&serde_json::to_string(result).expect("a JSON value serialises"));
    out.push('\n');
}

/// Where a span is. Its bytes are always given. Its lines and columns are
/// given when the window holds it. A secondary label may reach back before
/// the lines still in memory. There the bytes are all that is known.
fn region(span: Span, window: &Window<'_>) -> Value {
    let mut region = json!({ "byteOffset": span.offset, "byteLength": span.len });
    if span.offset >= window.offset && span.end() <= window.offset + window.text.len() {
        let Region { start, end } = window.region(span);
        region["startLine"] = start.0.into();
        region["startColumn"] = start.1.into();
        region["endLine"] = end.0.into();
        region["endColumn"] = end.1.into();
    }
    region
}

/// The input as SARIF names an artifact. That is a URI relative to the
/// working directory, or a `file:` URI outside it. Standard input has no
/// URI, so it gets a description.
fn artifact_location(name: &str) -> Value {
    match super::relative_path(name) {
        Some(path) => json!({ "uri": uri(&path) }),
        None => json!({ "description": { "text": "standard input" } }),
    }
}

/// `path` as a URI reference. The path is `/`-separated, as
/// [`super::relative_path`] gives it. Every byte but `/` and the unreserved
/// ones is percent-encoded. That includes a `:`, which would read as a
/// scheme. An absolute path becomes a `file:` URI, where a Windows drive
/// keeps its `:`.
fn uri(path: &str) -> String {
    let absolute = Path::new(path).is_absolute();
    let mut uri = String::new();
    if absolute {
        uri.push_str(if path.starts_with('/') {
            "file://"
        } else {
            "file:///"
        });
    }
    for &byte in path.as_bytes() {
        if byte.is_ascii_alphanumeric() || b"-._~/".contains(&byte) || (absolute && byte == b':') {
            uri.push(char::from(byte));
        } else {
            let _ = write!(uri, "%{byte:02X}");
        }
    }
    uri
}

#[cfg(test)]
mod tests {
    use std::io::Write;

    use super::{Log, uri};

    #[test]
    fn paths_become_uri_references() {
        assert_eq!(uri("data/hands 1.txt"), "data/hands%201.txt");
        assert_eq!(uri("é/#?.txt"), "%C3%A9/%23%3F.txt");
        assert_eq!(uri("a:b.txt"), "a%3Ab.txt");
        assert_eq!(uri("/srv/data/a.txt"), "file:///srv/data/a.txt");
    }

    #[test]
    fn the_log_joins_result_lines_with_commas_however_they_are_cut() {
        let mut log = Log::start(Vec::new()).unwrap();
        log.write_all(b"{\"a\":1}\n{\"b\"").unwrap();
        log.write_all(b":2}\n").unwrap();
        log.write_all(b"{\"c\":3}\n").unwrap();
        let text = String::from_utf8(log.finish().unwrap()).unwrap();
        let log: serde_json::Value = serde_json::from_str(&text).unwrap();
        assert_eq!(
            log["runs"][0]["results"],
            serde_json::json!([{"a": 1}, {"b": 2}, {"c": 3}])
        );
        let empty = String::from_utf8(Log::start(Vec::new()).unwrap().finish().unwrap()).unwrap();
        let empty: serde_json::Value = serde_json::from_str(&empty).unwrap();
        assert_eq!(empty["runs"][0]["results"], serde_json::json!([]));
    }
}
