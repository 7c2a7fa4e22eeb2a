//! A problem package of one game (`cardsharp package`). It is in the problem
//! package format of ICPC and Kattis, which problemtools' `verifyproblem`
//! checks. It holds the statement in the package's own words, and the
//! statement's sample. It holds secret data named for what each case tests, and
//! an input validator in C that accepts what `cardsharp validate` accepts. It
//! holds a correct solution in C, and solutions with the classic mistakes,
//! which the secret data catches.
//!
//! The legacy layout is written (`problem_statement/`, no format version).
//! Problemtools checks it whole. It warns that its support of the 2023-07
//! layout is incomplete.

use std::collections::BTreeMap;

use serde_json::Value;

use crate::ast::Game;
use crate::generate;
use crate::pipeline::{Action, OutputFormat, Settings, run_bytes};
use crate::render::DiagnosticFormat;
use crate::syntax::{Layout, Mode};

/// One file of a package: its path inside the package, and its bytes. Every
/// file is source or data; a judge builds the programs from their source.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct PackageFile {
    pub path: String,
    pub contents: Vec<u8>,
}

/// The most records of an input, as the package's statement states it.
#[must_use]
pub const fn largest(game: Game) -> usize {
    match game {
        Game::Bridge | Game::Choker => 10_000,
        Game::Whist => 1_000,
    }
}

/// A classic mistake: a name, and the change of the correct solution's source
/// that makes it.
struct Mistake {
    name: &'static str,
    correct: &'static str,
    wrong: &'static str,
}

const BRIDGE_MISTAKES: &[Mistake] = &[
    Mistake {
        name: "king_alone_counted",
        correct: "        if(card[0][13] && S-1 == 0) pt--;\n        if(card[1][13] && H-1 == 0) pt--;\n        if(card[2][13] && D-1 == 0) pt--;\n        if(card[3][13] && C-1 == 0) pt--;\n",
        wrong: "",
    },
    Mistake {
        name: "no_trump_without_stoppers",
        correct: "if(pt >= 16 && stop[0] && stop[1] && stop[2] && stop[3])",
        wrong: "if(pt >= 16)",
    },
];

const CHOKER_MISTAKES: &[Mistake] = &[Mistake {
    name: "two_pairs_by_the_higher_pair",
    correct: "if (pairs == 2) return 300 + odd;",
    wrong: "if (pairs == 2) return 300 + pair;",
}];

const WHIST_MISTAKES: &[Mistake] = &[
    Mistake {
        name: "east_leads_first",
        correct: "int leader = 0, won[4] = {0};",
        wrong: "int leader = 1, won[4] = {0};",
    },
    Mistake {
        name: "score_without_the_book",
        correct: "printf(\"NS %d\\n\", ns - 6); else printf(\"EW %d\\n\", ew - 6);",
        wrong: "printf(\"NS %d\\n\", ns); else printf(\"EW %d\\n\", ew);",
    },
    Mistake {
        name: "highest_card_regardless_of_suit",
        correct: "if ((ct && !wt) || (c[1] == w[1] && rank_of(c[0]) > rank_of(w[0])) )\n                    if (ct || c[1] == led) best = p;",
        wrong: "if (rank_of(c[0]) > rank_of(w[0])) best = p;",
    },
];

/// What differs from game to game.
struct Problem {
    name: &'static str,
    short: &'static str,
    uuid: &'static str,
    source: &'static str,
    statement: &'static str,
    sample: &'static str,
    solution: &'static str,
    mistakes: &'static [Mistake],
}

fn problem(game: Game) -> Problem {
    match game {
        Game::Bridge => Problem {
            name: "Bridge Hand Evaluator",
            short: "bridge",
            uuid: "7c1b6a3e-2f4d-4b8e-9a51-0d6e3c2b1a01",
            source: "UVa 462, restated",
            statement: include_str!("bridge.tex"),
            sample: include_str!("../../examples/bridge.txt"),
            solution: include_str!("bridge.c"),
            mistakes: BRIDGE_MISTAKES,
        },
        Game::Choker => Problem {
            name: "Choker",
            short: "choker",
            uuid: "7c1b6a3e-2f4d-4b8e-9a51-0d6e3c2b1a02",
            source: "Choker, restated",
            statement: include_str!("choker.tex"),
            sample: include_str!("../../examples/choker.txt"),
            solution: include_str!("choker.c"),
            mistakes: CHOKER_MISTAKES,
        },
        Game::Whist => Problem {
            name: "Whist",
            short: "whist",
            uuid: "7c1b6a3e-2f4d-4b8e-9a51-0d6e3c2b1a03",
            source: "AOJ 2175, restated",
            statement: include_str!("whist.tex"),
            sample: include_str!("../../examples/whist.txt"),
            solution: include_str!("whist.c"),
            mistakes: WHIST_MISTAKES,
        },
    }
}

/// Every file of the package of `game`.
#[must_use]
pub fn package(game: Game) -> Vec<PackageFile> {
    let problem = problem(game);
    let mut files = vec![
        text("problem.yaml", &problem_yaml(&problem)),
        text("problem_statement/problem.en.tex", problem.statement),
        text("input_validators/validate/validate.c", &validator(game)),
        text(
            &format!("submissions/accepted/{}.c", problem.short),
            problem.solution,
        ),
    ];
    for mistake in problem.mistakes {
        let wrong = problem.solution.replace(mistake.correct, mistake.wrong);
        files.push(text(
            &format!("submissions/wrong_answer/{}.c", mistake.name),
            &wrong,
        ));
    }
    let mut case = |folder: &str, name: &str, input: String| {
        let answer = results(game, &input);
        files.push(text(&format!("data/{folder}/{name}.in"), &input));
        files.push(text(&format!("data/{folder}/{name}.ans"), &answer));
    };
    case("sample", "1", problem.sample.to_owned());
    case("secret", "typical", generate::document(game, 200, 1, false));
    case("secret", "rare", generate::document(game, 200, 2, true));
    case(
        "secret",
        "largest",
        generate::document(game, largest(game), 3, false),
    );
    for (name, record) in edges(game) {
        let mut input = record;
        generate::terminator(game, &mut input);
        case("secret", &format!("edge-{name}"), input);
    }
    files
}

/// The input validator's C source, for every game; [`validator`] sets the
/// game on its line [`VALIDATOR_GAME`].
const VALIDATOR: &str = include_str!("validate.c");
const VALIDATOR_GAME: &str = "#define GAME BRIDGE\n";

/// The input validator of `game`'s package, in C with its library alone:
/// it accepts what `cardsharp validate --game GAME` accepts, so that a
/// judge's machine without cardsharp builds and runs it.
#[must_use]
pub fn validator(game: Game) -> String {
    let name = match game {
        Game::Bridge => "BRIDGE",
        Game::Choker => "CHOKER",
        Game::Whist => "WHIST",
    };
    VALIDATOR.replacen(VALIDATOR_GAME, &format!("#define GAME {name}\n"), 1)
}

fn problem_yaml(problem: &Problem) -> String {
    format!(
        "name: {}\nuuid: {}\nauthor: cardsharp\nsource: {}\nlicense: cc by-sa\nrights_owner: cardsharp\n",
        problem.name, problem.uuid, problem.source
    )
}

fn text(path: &str, contents: &str) -> PackageFile {
    PackageFile {
        path: path.to_owned(),
        contents: contents.as_bytes().to_vec(),
    }
}

/// How a package reads its inputs: one game, the lines layout.
pub(crate) fn settings(game: Game, action: Action, output: OutputFormat) -> Settings {
    Settings {
        mode: Mode::Forced(game),
        layout: Layout::Lines,
        action,
        output,
        diagnostics: DiagnosticFormat::Json,
    }
}

/// The judge's output for `input`.
fn results(game: Game, input: &str) -> String {
    let settings = settings(game, Action::Run, OutputFormat::Text);
    run_bytes("input", input.as_bytes(), &settings).0
}

/// One record of each outcome the evaluator distinguishes that random records
/// reach, by the outcome's name. That is each bid, each side's score, and each
/// combination's tie-break won by either hand or tied. Records come from the
/// generator by a fixed seed, rare hands among them.
#[must_use]
pub fn edges(game: Game) -> BTreeMap<String, String> {
    let mut edges = BTreeMap::new();
    let mut generator = generate::Generator::new(4, true);
    let mut common = generate::Generator::new(5, false);
    let settings = settings(game, Action::Explain, OutputFormat::Json);
    for round in 0..20_000 {
        let mut record = String::new();
        if round % 2 == 0 {
            generator.record(game, &mut record);
        } else {
            common.record(game, &mut record);
        }
        let mut input = record.clone();
        generate::terminator(game, &mut input);
        let (explained, _, _) = run_bytes("edge", input.as_bytes(), &settings);
        let Ok(explained) = serde_json::from_str::<Value>(explained.trim_end()) else {
            continue;
        };
        if let Some(name) = outcome_name(game, &explained) {
            edges.entry(name).or_insert(record);
        }
    }
    edges
}

/// The outcome of an explained record, as a case's name.
fn outcome_name(game: Game, explained: &Value) -> Option<String> {
    let slug = |text: &str| text.to_ascii_lowercase().replace([' ', '_'], "-");
    match game {
        Game::Bridge | Game::Whist => explained["result"].as_str().map(slug),
        Game::Choker => {
            let explanation = &explained["explanation"];
            let first = explanation["first"]["category"].as_str()?;
            let second = explanation["second"]["category"].as_str()?;
            let verdict = explanation["verdict"].as_str()?;
            (first == second).then(|| slug(&format!("{first} {verdict}")))
        }
    }
}

#[cfg(test)]
mod tests {
    use super::{Game, problem};

    /// The validator's game is set on a line that is there, once.
    #[test]
    fn the_validator_names_its_game_once() {
        assert_eq!(super::VALIDATOR.matches(super::VALIDATOR_GAME).count(), 1);
        assert!(super::validator(Game::Whist).contains("#define GAME WHIST\n"));
    }

    /// Each mistake changes the correct solution. The text it replaces is
    /// there, once.
    #[test]
    fn every_mistake_changes_its_solution() {
        for game in [Game::Bridge, Game::Choker, Game::Whist] {
            let problem = problem(game);
            for mistake in problem.mistakes {
                assert_eq!(
                    problem.solution.matches(mistake.correct).count(),
                    1,
                    "{}",
                    mistake.name
                );
            }
        }
    }
}
