//! Paths as inputs, with the command line's filters: the library's walk
//! (`cardsharp::walk`), with `--glob` and `--exclude` as its globs.

use std::path::Path;

use clap::Args;

use cardsharp::batch::Input;
use cardsharp::walk;

use super::USAGE_OR_IO;

/// Which files of a walked directory are read. As in ripgrep, files named
/// on the command line are read whatever these say.
#[derive(Debug, Args)]
pub(super) struct Filters {
    /// Read only the files of a directory that match GLOB, ignored ones too.
    /// The syntax is gitignore's; repeatable.
    #[arg(long = "glob", value_name = "GLOB")]
    globs: Vec<String>,
    /// Skip the files and directories that match GLOB. The syntax is
    /// gitignore's; repeatable.
    #[arg(long = "exclude", value_name = "GLOB")]
    excludes: Vec<String>,
}

/// A path as the inputs to read, walked as [`walk::inputs`] walks it.
pub(super) fn inputs(path: &Path, filters: &Filters) -> Vec<Input> {
    walk::inputs(path, filters.walk())
}

impl Filters {
    /// The filters as the library's walk takes them.
    pub(super) fn walk(&self) -> walk::Filters<'_> {
        walk::Filters {
            globs: &self.globs,
            excludes: &self.excludes,
        }
    }

    /// A bad glob is a usage error, told before any file is read.
    pub(super) fn validate(&self) -> Result<(), u8> {
        self.walk().validate().map_err(|error| {
            eprintln!("cardsharp: {error}");
            USAGE_OR_IO
        })
    }
}
