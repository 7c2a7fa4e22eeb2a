//! The line that ends `human` and `short` output, as linters and cargo end
//! theirs. It tells how many errors and warnings there are, and in how many
//! of the inputs. It also tells how many records were read well-formed.

use cardsharp::batch::Summary;
use cardsharp::pipeline::Action;

/// The summary line of a run, with its newline. It is `None` where nothing
/// is to be said, as for a clean run in `short`.
pub(super) fn line(summary: &Summary, action: Action, all_clear: bool) -> Option<String> {
    let tally = summary.tally;
    let records = format!(
        "{} {}",
        counted(tally.records, "record"),
        match action {
            Action::Check => "checked",
            Action::Run | Action::Explain => "evaluated",
            Action::Parse => "parsed",
        }
    );
    // Which inputs is said only when there are several to tell apart.
    let several = summary.inputs > 1;
    let answers = match summary.answers {
        0 => String::new(),
        count => format!(
            "; {} left out (`cardsharp verify` checks answers)",
            counted(count, "answer file")
        ),
    };
    if tally.errors + tally.warnings == 0 {
        return all_clear.then(|| {
            if several {
                format!(
                    "All clear: {}, {records}{answers}.\n",
                    counted(summary.inputs, "file")
                )
            } else {
                format!("All clear: {records}{answers}.\n")
            }
        });
    }
    let reports = match (tally.errors, tally.warnings) {
        (errors, 0) => counted(errors, "error"),
        (0, warnings) => counted(warnings, "warning"),
        (errors, warnings) => format!(
            "{} and {}",
            counted(errors, "error"),
            counted(warnings, "warning")
        ),
    };
    // Paths a walk could not read are no files: said apart, so that the
    // errors are not all put in the files.
    let paths = match summary.paths_reported {
        0 => String::new(),
        count => format!(" and {} not read", counted(count, "path")),
    };
    let inputs = if several {
        format!(
            " in {} of {}{paths}",
            summary.inputs_reported,
            counted(summary.inputs, "file")
        )
    } else {
        String::new()
    };
    // The flag is named here, in the command line's own text, not in the
    // library's.
    let fixable = if tally.fixable > 0 {
        format!(" ({} fixable with --fix)", tally.fixable)
    } else {
        String::new()
    };
    Some(format!(
        "Found {reports}{fixable}{inputs}; {records}{answers}.\n"
    ))
}

/// `1 error`, `2 errors`.
fn counted(count: u64, noun: &str) -> String {
    if count == 1 {
        format!("1 {noun}")
    } else {
        format!("{count} {noun}s")
    }
}

#[cfg(test)]
mod tests {
    use cardsharp::batch::Summary;
    use cardsharp::pipeline::{Action, Tally};

    use super::line;

    fn summary(errors: u64, warnings: u64, inputs: u64, reported: u64, records: u64) -> Summary {
        Summary {
            tally: Tally {
                records,
                errors,
                warnings,
                fixable: 0,
            },
            inputs,
            inputs_reported: reported,
            ..Summary::default()
        }
    }

    #[test]
    fn counts_are_worded_with_their_numbers() {
        let check = |summary: &Summary| line(summary, Action::Check, true).unwrap();
        assert_eq!(
            check(&summary(8, 0, 40, 6, 512)),
            "Found 8 errors in 6 of 40 files; 512 records checked.\n"
        );
        let mut unreadable = summary(2, 0, 2, 1, 2);
        unreadable.paths_reported = 1;
        assert_eq!(
            line(&unreadable, Action::Check, true).unwrap(),
            "Found 2 errors in 1 of 2 files and 1 path not read; 2 records checked.\n"
        );
        assert_eq!(
            check(&summary(1, 1, 2, 1, 1)),
            "Found 1 error and 1 warning in 1 of 2 files; 1 record checked.\n"
        );
        assert_eq!(
            check(&summary(0, 3, 1, 1, 0)),
            "Found 3 warnings; 0 records checked.\n"
        );
        assert_eq!(
            line(&summary(2, 0, 1, 1, 7), Action::Run, true).unwrap(),
            "Found 2 errors; 7 records evaluated.\n"
        );
    }

    #[test]
    fn a_clean_run_is_all_clear_or_silent() {
        assert_eq!(
            line(&summary(0, 0, 3, 0, 12), Action::Check, true).unwrap(),
            "All clear: 3 files, 12 records checked.\n"
        );
        assert_eq!(
            line(&summary(0, 0, 1, 0, 1), Action::Parse, true).unwrap(),
            "All clear: 1 record parsed.\n"
        );
        assert_eq!(line(&summary(0, 0, 3, 0, 12), Action::Check, false), None);
    }
}
