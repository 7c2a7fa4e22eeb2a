//! Paths as inputs: a directory is walked as ripgrep walks one, with the
//! `ignore` crate, and the inputs run in order. The command line and the
//! Python package walk alike through here; a library user who gives its
//! own inputs to `batch` builds no walker (the `walk` feature).

use std::io::{self, Write};
use std::path::{Path, PathBuf};

use crate::batch::{self, Input, Opened, Problem, Summary};
use crate::pipeline::{Settings, Tally};

/// Which files of a walked directory are read, as gitignore globs. As in
/// ripgrep, files named directly are read whatever these say.
#[derive(Clone, Copy, Debug, Default)]
pub struct Filters<'a> {
    /// Read only the files that match one of these, ignored ones too.
    pub globs: &'a [String],
    /// Skip the files and directories that match one of these.
    pub excludes: &'a [String],
}

/// A path as the inputs to read.
///
/// Anything but a directory is read as named. So a FIFO, `/dev/stdin` or a
/// hidden file can be given on purpose. A missing path is reported when it
/// is opened.
///
/// A directory is walked as ripgrep walks one, in sorted order. Hidden
/// entries are skipped. So is what `.gitignore`, `.ignore` and git's
/// excludes leave out. FIFOs, sockets, devices and symbolic links are
/// skipped too: a walk meets them rather than chooses them. An unreadable
/// entry is a problem at its place, and the walk goes on.
#[must_use]
pub fn inputs(path: &Path, filters: Filters<'_>) -> Vec<Input> {
    walk(path, filters).0
}

/// [`inputs`], and how many answers of test data the walk left out. A
/// `NAME.ans` or `NAME.out` beside a `NAME.in` is not input. It is the
/// expected output of that input, which `verify` checks. A file named
/// directly is read as given.
#[must_use]
pub fn walk(path: &Path, filters: Filters<'_>) -> (Vec<Input>, u64) {
    if path == Path::new("-") || !path.is_dir() {
        return (vec![Input::File(path.to_owned())], 0);
    }
    let inputs = every_file(path, filters);
    let Some(inputs) = inputs else {
        return (vec![Input::Problem(Problem::NoFiles(path.to_owned()))], 0);
    };
    let before = inputs.len();
    let inputs: Vec<Input> = inputs
        .into_iter()
        .filter(|input| !matches!(input, Input::File(file) if is_answer(file)))
        .collect();
    let answers = (before - inputs.len()) as u64;
    (inputs, answers)
}

/// Every file of the directory `path`, walked as [`inputs`] walks it,
/// answers too, and the problems met. It is `None` where the walk finds
/// neither.
#[must_use]
pub fn every_file(path: &Path, filters: Filters<'_>) -> Option<Vec<Input>> {
    let overrides = match filters.overrides(path) {
        Ok(overrides) => overrides,
        Err(error) => {
            return Some(vec![Input::Problem(Problem::Io {
                path: path.to_owned(),
                error: io::Error::other(error),
            })]);
        }
    };
    let inputs: Vec<Input> = ignore::WalkBuilder::new(path)
        // Hand files are seldom in a git repository of their own. A
        // `.gitignore` still says what its author wants skipped.
        .require_git(false)
        .sort_by_file_path(std::cmp::Ord::cmp)
        .overrides(overrides)
        .build()
        .filter_map(|entry| match entry {
            Ok(entry) => {
                let kind = entry.file_type()?;
                if kind.is_file() {
                    Some(Input::File(entry.into_path()))
                } else {
                    special_kind(kind).map(|kind| {
                        Input::Problem(Problem::Skipped {
                            path: entry.into_path(),
                            kind,
                        })
                    })
                }
            }
            Err(error) => Some(Input::Problem(walk_problem(path, error))),
        })
        .collect();
    (!inputs.is_empty()).then_some(inputs)
}

/// Whether `file` is the answer of a test input beside it. That is
/// `NAME.ans` or `NAME.out` where `NAME.in` is a file.
#[must_use]
pub fn is_answer(file: &Path) -> bool {
    file.extension()
        .is_some_and(|extension| extension == "ans" || extension == "out")
        && file.with_extension("in").is_file()
}

/// Walks each path in order and processes what it holds: results to `out`,
/// diagnostics and problems to `err`, as [`batch::process_inputs`] does
/// for each path's inputs. A closed `out` stops the work. `stream` gets the
/// inputs not read whole, as there.
pub fn process_paths<O: Write + Send, E: Write + Send>(
    paths: &[PathBuf],
    filters: Filters<'_>,
    settings: &Settings,
    out: &mut O,
    err: &mut E,
    mut stream: impl FnMut(Opened, &mut O, &mut E) -> io::Result<Tally>,
) -> Summary {
    let mut total = Summary::default();
    for path in paths {
        let (walked, answers) = walk(path, filters);
        total.answers += answers;
        let summary = batch::process_inputs(&walked, settings, out, err, &mut stream);
        total.tally += summary.tally;
        total.inputs += summary.inputs;
        total.inputs_reported += summary.inputs_reported;
        total.paths_reported += summary.paths_reported;
        total.failed |= summary.failed;
        if summary.closed {
            total.closed = true;
            break;
        }
    }
    total
}

/// What a walked entry is when it is neither a file, a directory nor a
/// link. It names the entry when it is skipped. `None` for those three.
fn special_kind(kind: std::fs::FileType) -> Option<&'static str> {
    if kind.is_dir() || kind.is_symlink() || kind.is_file() {
        return None;
    }
    #[cfg(unix)]
    {
        use std::os::unix::fs::FileTypeExt;
        if kind.is_fifo() {
            return Some("FIFO");
        }
        if kind.is_socket() {
            return Some("socket");
        }
        if kind.is_block_device() || kind.is_char_device() {
            return Some("device");
        }
    }
    Some("special file")
}

/// The walk's error as a problem of the deepest path it names. That is the
/// unreadable entry, not the directory the walk started from.
fn walk_problem(root: &Path, mut error: ignore::Error) -> Problem {
    let mut path = root.to_owned();
    loop {
        error = match error {
            ignore::Error::WithPath { path: inner, err } => {
                path = inner;
                *err
            }
            ignore::Error::WithDepth { err, .. } | ignore::Error::WithLineNumber { err, .. } => {
                *err
            }
            ignore::Error::Io(error) => {
                // walkdir, below ignore, wraps the system's error in a
                // message that names the path again.
                let error = std::error::Error::source(&error)
                    .and_then(|inner| inner.downcast_ref::<io::Error>())
                    .and_then(io::Error::raw_os_error)
                    .map_or(error, io::Error::from_raw_os_error);
                return Problem::Io { path, error };
            }
            other => {
                return Problem::Io {
                    path,
                    error: io::Error::other(other),
                };
            }
        };
    }
}

impl Filters<'_> {
    /// The globs as ignore's overrides for a walk from `root`. Only the
    /// files that match a glob are kept. An exclude is a negated glob, so
    /// it wins over them.
    fn overrides(self, root: &Path) -> Result<ignore::overrides::Override, ignore::Error> {
        let mut builder = ignore::overrides::OverrideBuilder::new(root);
        for glob in self.globs {
            builder.add(glob)?;
        }
        for glob in self.excludes {
            builder.add(&format!("!{glob}"))?;
        }
        builder.build()
    }

    /// A bad glob, told before any file is read.
    ///
    /// # Errors
    ///
    /// The first glob that does not parse, as `ignore` words it.
    pub fn validate(self) -> Result<(), ignore::Error> {
        self.overrides(Path::new(".")).map(drop)
    }
}
