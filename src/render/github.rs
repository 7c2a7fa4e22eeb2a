//! Diagnostics as GitHub Actions workflow commands, one line each:
//! `::error file=F,line=L,col=C,endLine=L2,endColumn=C2,title=CODE::message`.
//! A workflow's log turns them into annotations on the files of a pull
//! request.
//!
//! The format has its own escapes, as GitHub's toolkit writes them
//! (`@actions/core`, `command.ts`). The message escapes `%`, CR and LF. A
//! property also escapes `:` and `,`, which separate properties. Nothing else
//! needs an escape. So a message keeps its backticks, quotes and non-ASCII
//! characters.

use std::fmt::Write as _;

use super::Region;
use crate::diagnostic::Severity;

/// One workflow command.
pub(crate) struct Annotation<'a> {
    pub severity: Severity,
    /// The file, relative to the working directory. It is none for standard
    /// input, which annotates the run rather than a file.
    pub file: Option<&'a str>,
    /// Where in the file. It is none for a problem with the file as a
    /// whole.
    pub region: Option<Region>,
    pub title: &'a str,
    pub message: &'a str,
}

impl Annotation<'_> {
    /// Writes the command and its newline to `out`.
    pub(crate) fn write(&self, out: &mut String) {
        out.push_str(match self.severity {
            Severity::Error => "::error ",
            Severity::Warning => "::warning ",
        });
        let mut properties = Vec::new();
        if let Some(file) = self.file {
            properties.push(format!("file={}", property(file)));
        }
        if let Some(region) = self.region {
            properties.push(format!(
                "line={},col={},endLine={},endColumn={}",
                region.start.0, region.start.1, region.end.0, region.end.1
            ));
        }
        properties.push(format!("title={}", property(self.title)));
        let _ = writeln!(out, "{}::{}", properties.join(","), data(self.message));
    }
}

/// A message as the command's data: `%`, CR and LF escaped.
fn data(text: &str) -> String {
    text.replace('%', "%25")
        .replace('\r', "%0D")
        .replace('\n', "%0A")
}

/// A property's value: as data, and `:` and `,` too.
fn property(text: &str) -> String {
    data(text).replace(':', "%3A").replace(',', "%2C")
}

#[cfg(test)]
mod tests {
    use super::{Annotation, Region, Severity, data, property};

    #[test]
    fn data_and_properties_are_escaped_as_the_toolkit_escapes_them() {
        assert_eq!(data("50% off\r\nnext: a, b"), "50%25 off%0D%0Anext: a, b");
        assert_eq!(
            property("cardsharp::bridge::card_count"),
            "cardsharp%3A%3Abridge%3A%3Acard_count"
        );
        assert_eq!(property("a,b%\n"), "a%2Cb%25%0A");
    }

    #[test]
    fn a_command_names_its_file_region_and_title() {
        let mut out = String::new();
        Annotation {
            severity: Severity::Warning,
            file: Some("data/a,b.txt"),
            region: Some(Region {
                start: (2, 3),
                end: (2, 5),
            }),
            title: "cardsharp::document::after_terminator",
            message: "text after `END` is ignored\nhelp: remove it",
        }
        .write(&mut out);
        assert_eq!(
            out,
            "::warning file=data/a%2Cb.txt,line=2,col=3,endLine=2,endColumn=5,\
             title=cardsharp%3A%3Adocument%3A%3Aafter_terminator::\
             text after `END` is ignored%0Ahelp: remove it\n"
        );
        out.clear();
        Annotation {
            severity: Severity::Error,
            file: None,
            region: None,
            title: "t",
            message: "m",
        }
        .write(&mut out);
        assert_eq!(out, "::error title=t::m\n");
    }
}
