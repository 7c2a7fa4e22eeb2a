//! `parse --trace`: each grammar rule tried on the input, in order. Each
//! step has the bytes the rule matched or why it failed. The framer's
//! decisions are steps too.

use std::io::{self, Read, Write};
use std::path::Path;

use cardsharp::syntax::{Layout, Mode, Step, trace};
use serde::Serialize;

use super::{
    CLEAN, InputArgs, OutputArg, USAGE_OR_IO, diagnostics_format, each_file, input_name, mode,
};

/// The largest input traced. A trace holds a step for every rule tried,
/// several for each byte. It is meant for reading.
const TRACE_LIMIT: u64 = 1 << 20;

/// A step of the JSON output: the step with the input it was taken on.
#[derive(Serialize)]
struct PathStep<'a> {
    path: &'a str,
    #[serde(flatten)]
    step: &'a Step,
}

/// Traces each input. Several inputs in text are each headed by a path.
pub(super) fn trace_paths(input: &InputArgs, output: OutputArg) -> u8 {
    if let Err(status) = input.filters.validate() {
        return status;
    }
    let (mode, layout) = (mode(input.game), input.layout.into());
    let diagnostics = diagnostics_format(input.diagnostics, input.color);
    let filters = &input.filters;
    // Several inputs in text are told apart by a heading each.
    let headed = input.paths.len() > 1 || input.paths.first().is_some_and(|path| path.is_dir());
    each_file(&input.paths, filters, diagnostics, |file, first| {
        trace_file(file, mode, layout, output, headed.then_some(first))
    })
}

fn trace_file(
    path: &Path,
    mode: Mode,
    layout: Layout,
    output: OutputArg,
    heading: Option<bool>,
) -> io::Result<u8> {
    let (name, from_stdin) = input_name(path);
    let mut source = Vec::new();
    let reader: Box<dyn Read> = if from_stdin {
        Box::new(io::stdin())
    } else {
        Box::new(std::fs::File::open(path)?)
    };
    reader.take(TRACE_LIMIT + 1).read_to_end(&mut source)?;
    if source.len() as u64 > TRACE_LIMIT {
        eprintln!(
            "cardsharp: {name}: not traced: parse --trace reads inputs up to {} MiB",
            TRACE_LIMIT >> 20
        );
        return Ok(USAGE_OR_IO);
    }
    let steps = trace(&source, mode, layout);
    let mut out = io::BufWriter::new(io::stdout().lock());
    match output {
        OutputArg::Text => {
            if let Some(first) = heading {
                if !first {
                    writeln!(out)?;
                }
                writeln!(out, "{name}:")?;
            }
            for step in &steps {
                writeln!(out, "{}", text_line(step))?;
            }
        }
        OutputArg::Json => {
            for step in &steps {
                let line = PathStep { path: &name, step };
                serde_json::to_writer(&mut out, &line).map_err(io::Error::other)?;
                writeln!(out)?;
            }
        }
    }
    out.flush()?;
    Ok(CLEAN)
}

/// One step as text, indented by its depth. It is `rule start..end` when
/// the rule matched, and `rule ✗ at N` when it failed. Its note follows
/// after a colon.
fn text_line(step: &Step) -> String {
    let indent = "  ".repeat(step.depth);
    let head = if step.matched {
        format!("{indent}{} {}..{}", step.rule, step.start, step.end)
    } else {
        format!("{indent}{} ✗ at {}", step.rule, step.start)
    };
    match &step.note {
        Some(note) => format!("{head}: {note}"),
        None => head,
    }
}
