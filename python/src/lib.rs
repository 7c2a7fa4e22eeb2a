//! `cardsharp._native`, the extension module of the Python package: the
//! library's evaluation of a text or of files, as the command line's JSON
//! lines (`run --output json` and `check --diagnostics json`) turned into
//! Python dicts. It decides nothing itself: the library reads, walks,
//! evaluates and renders.

use std::borrow::Cow;
use std::path::PathBuf;

use cardsharp::batch::Opened;
use cardsharp::pipeline::{self, Action, OutputFormat, Settings};
use cardsharp::render::{DiagnosticFormat, STDIN_NAME};
use cardsharp::{Game, Layout, Mode, walk};
use pyo3::exceptions::{PyTypeError, PyValueError};
use pyo3::prelude::*;
use pyo3::types::{PyBytes, PyDict, PyList, PyString};

/// Evaluate one text as `cardsharp run --output json` evaluates standard
/// input.
///
/// `text` is a `str` or `bytes`. `game` is `"auto"`, `"bridge"`, `"choker"`
/// or `"whist"`; `layout` is `"lines"`, `"tokens"` or `"strict"`. `path`
/// names the text (`"<stdin>"` when `None`): it is each result's `path` and
/// each diagnostic's `filename`.
///
/// Returns `{"results": [...], "diagnostics": [...]}`: each result the dict
/// of one line of `run --output json`, each diagnostic that of one line of
/// `check --diagnostics json`.
#[pyfunction]
#[pyo3(signature = (text, game = "auto", layout = "lines", path = None))]
fn analyze<'py>(
    py: Python<'py>,
    text: &Bound<'py, PyAny>,
    game: &str,
    layout: &str,
    path: Option<PathBuf>,
) -> PyResult<Bound<'py, PyDict>> {
    let settings = settings(game, layout)?;
    let text = text_bytes(text)?;
    let name = path.map_or_else(|| STDIN_NAME.to_owned(), |path| path.display().to_string());
    let (results, diagnostics, _) = py.detach(|| pipeline::run_bytes(&name, &text, &settings));
    json_lines(py, results.as_bytes(), diagnostics.as_bytes())
}

/// Evaluate files and folders as `cardsharp run --output json PATH...`
/// does: a folder is walked as the command line walks one (hidden files,
/// what `.gitignore` leaves out and test data's answers skipped, in sorted
/// order).
///
/// `glob` keeps only a folder's files that match one of its gitignore
/// globs, and `exclude` skips those that match one of its own. `game` and
/// `layout` are as for `analyze`.
///
/// Returns `{"results": [...], "diagnostics": [...]}` over every file, in
/// the command line's order. A path that cannot be read is a diagnostic
/// (`cardsharp::io::not_found`, `cardsharp::io::read`), as on the command
/// line, not an exception.
// PyO3 hands arguments over as owned values: a sequence cannot be lent
// as a slice.
#[allow(clippy::needless_pass_by_value)]
#[pyfunction]
#[pyo3(signature = (paths, game = "auto", layout = "lines", glob = Vec::new(), exclude = Vec::new()))]
fn run_files<'py>(
    py: Python<'py>,
    paths: Vec<PathBuf>,
    game: &str,
    layout: &str,
    glob: Vec<String>,
    exclude: Vec<String>,
) -> PyResult<Bound<'py, PyDict>> {
    let settings = settings(game, layout)?;
    let filters = walk::Filters {
        globs: &glob,
        excludes: &exclude,
    };
    filters
        .validate()
        .map_err(|error| PyValueError::new_err(error.to_string()))?;
    let (results, diagnostics) = py.detach(|| {
        let (mut results, mut diagnostics) = (Vec::new(), Vec::new());
        walk::process_paths(
            &paths,
            filters,
            &settings,
            &mut results,
            &mut diagnostics,
            |input: Opened, out, err| {
                pipeline::process(&input.name, input.reader, &settings, out, err)
            },
        );
        (results, diagnostics)
    });
    json_lines(py, &results, &diagnostics)
}

/// The settings of `run --output json --diagnostics json` for a game and a
/// layout named as the command line names them.
fn settings(game: &str, layout: &str) -> PyResult<Settings> {
    let mode = match game {
        "auto" => Mode::Auto,
        "bridge" => Mode::Forced(Game::Bridge),
        "choker" => Mode::Forced(Game::Choker),
        "whist" => Mode::Forced(Game::Whist),
        _ => {
            return Err(PyValueError::new_err(format!(
                "game must be \"auto\", \"bridge\", \"choker\" or \"whist\", not {game:?}"
            )));
        }
    };
    let layout = match layout {
        "lines" => Layout::Lines,
        "tokens" => Layout::Tokens,
        "strict" => Layout::Strict,
        _ => {
            return Err(PyValueError::new_err(format!(
                "layout must be \"lines\", \"tokens\" or \"strict\", not {layout:?}"
            )));
        }
    };
    Ok(Settings {
        mode,
        layout,
        action: Action::Run,
        output: OutputFormat::Json,
        diagnostics: DiagnosticFormat::Json,
    })
}

/// The bytes of a `str` (as UTF-8) or of a `bytes`.
fn text_bytes<'a>(text: &'a Bound<'_, PyAny>) -> PyResult<Cow<'a, [u8]>> {
    if let Ok(bytes) = text.cast::<PyBytes>() {
        return Ok(Cow::Borrowed(bytes.as_bytes()));
    }
    if let Ok(string) = text.cast::<PyString>() {
        return Ok(Cow::Owned(string.to_cow()?.into_owned().into_bytes()));
    }
    Err(PyTypeError::new_err(format!(
        "text must be str or bytes, not {}",
        text.get_type().name()?
    )))
}

/// `{"results": [...], "diagnostics": [...]}`, each line of JSON parsed by
/// Python's own `json`, so that the dicts are the lines, key order and all.
fn json_lines<'py>(
    py: Python<'py>,
    results: &[u8],
    diagnostics: &[u8],
) -> PyResult<Bound<'py, PyDict>> {
    let loads = py.import("json")?.getattr("loads")?;
    let parse = |lines: &[u8]| -> PyResult<Bound<'py, PyList>> {
        let list = PyList::empty(py);
        for line in lines
            .split(|&byte| byte == b'\n')
            .filter(|line| !line.is_empty())
        {
            list.append(loads.call1((PyBytes::new(py, line),))?)?;
        }
        Ok(list)
    };
    let both = PyDict::new(py);
    both.set_item("results", parse(results)?)?;
    both.set_item("diagnostics", parse(diagnostics)?)?;
    Ok(both)
}

/// The module: `analyze` and `run_files`, re-exported by `cardsharp`.
#[pymodule]
fn _native(module: &Bound<'_, PyModule>) -> PyResult<()> {
    module.add_function(wrap_pyfunction!(analyze, module)?)?;
    module.add_function(wrap_pyfunction!(run_files, module)?)?;
    Ok(())
}
