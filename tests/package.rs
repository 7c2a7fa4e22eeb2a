//! `cardsharp package`: every input of a package is valid to its own
//! validator and answered as `run` answers it, the correct C solution
//! gives every answer, and each solution with a classic mistake fails on
//! the secret data. (`.ci/run` also runs problemtools' `verifyproblem` on
//! each package.)

use std::path::Path;

use cardsharp::ast::Game;
use cardsharp::package::{PackageFile, package};
use cardsharp::pipeline::{Action, OutputFormat, Settings, run_bytes};
use cardsharp::render::DiagnosticFormat;
use cardsharp::syntax::{Layout, Mode};

use crate::support::compiled;

fn output_of(program: &Path, input: &[u8]) -> Vec<u8> {
    crate::support::with_stdin(program, &[], input).stdout
}

fn file<'a>(files: &'a [PackageFile], path: &str) -> &'a [u8] {
    &files
        .iter()
        .find(|file| file.path == path)
        .unwrap()
        .contents
}

#[test]
fn packages_hold_valid_inputs_right_answers_and_caught_mistakes() {
    let directory = tempfile::tempdir().unwrap();
    for game in [Game::Bridge, Game::Choker, Game::Whist] {
        let files = package(game);
        let inputs: Vec<&PackageFile> = files
            .iter()
            .filter(|file| Path::new(&file.path).extension().is_some_and(|e| e == "in"))
            .collect();
        assert!(
            inputs.len() >= 5,
            "{game:?}: samples, typical, rare, largest, edges"
        );
        let strict = Settings {
            mode: Mode::Forced(game),
            layout: Layout::Strict,
            action: Action::Run,
            output: OutputFormat::Text,
            diagnostics: DiagnosticFormat::Short,
        };
        let accepted = files
            .iter()
            .find(|file| file.path.starts_with("submissions/accepted/"))
            .unwrap();
        let accepted = compiled(&accepted.contents, directory.path(), "accepted");
        for input in &inputs {
            let (results, reports, _) = run_bytes(&input.path, &input.contents, &strict);
            assert_eq!(reports, "", "{}", input.path);
            let answer = file(&files, &input.path.replace(".in", ".ans"));
            assert_eq!(results.as_bytes(), answer, "{}", input.path);
            assert_eq!(
                output_of(&accepted, &input.contents),
                answer,
                "{}",
                input.path
            );
        }
        let mistakes: Vec<&PackageFile> = files
            .iter()
            .filter(|file| file.path.starts_with("submissions/wrong_answer/"))
            .collect();
        assert!(!mistakes.is_empty(), "{game:?}");
        for (index, mistake) in mistakes.iter().enumerate() {
            let wrong = compiled(
                &mistake.contents,
                directory.path(),
                &format!("wrong{index}"),
            );
            let caught = inputs
                .iter()
                .filter(|input| input.path.starts_with("data/secret/"))
                .any(|input| {
                    output_of(&wrong, &input.contents)
                        != file(&files, &input.path.replace(".in", ".ans"))
                });
            assert!(caught, "{} passes the secret data", mistake.path);
        }
    }
}
