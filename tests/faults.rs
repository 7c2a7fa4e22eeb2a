//! One fault put into valid generated input, thousands of times: `check`
//! must report an error whose label covers the broken bytes (for a missing
//! or extra token, a label on that line; for a missing terminator, at the
//! end), and `run` must print every other record's result exactly.

use cardsharp::ast::Game;
use cardsharp::generate::{Generator, terminator};
use cardsharp::pipeline::{Action, OutputFormat, Settings, run_bytes};
use cardsharp::render::DiagnosticFormat;
use cardsharp::syntax::{Layout, Mode};

/// A generated document and where each record stands in it.
struct Document {
    text: Vec<u8>,
    records: Vec<RecordPlace>,
}

#[derive(Clone)]
struct RecordPlace {
    game: Game,
    start: usize,
    end: usize,
}

fn document(rng: &mut fastrand::Rng) -> Document {
    let mut generator = Generator::new(rng.u64(..), rng.bool());
    let mut text = String::new();
    let mut records = Vec::new();
    let mut previous: Option<Game> = None;
    for _ in 0..rng.usize(1..=4) {
        let game = [Game::Bridge, Game::Choker, Game::Whist][rng.usize(0..3)];
        if game == Game::Bridge && previous == Some(Game::Bridge) {
            continue;
        }
        for _ in 0..rng.usize(1..=4) {
            let start = text.len();
            generator.record(game, &mut text);
            records.push(RecordPlace {
                game,
                start,
                end: text.len(),
            });
        }
        terminator(game, &mut text);
        previous = Some(game);
    }
    Document {
        text: text.into_bytes(),
        records,
    }
}

/// What a fault broke: the record (if one) and the bytes a label must touch.
struct Fault {
    name: &'static str,
    record: Option<usize>,
    broken: (usize, usize),
}

fn line_around(text: &[u8], position: usize) -> (usize, usize) {
    let start = text[..position]
        .iter()
        .rposition(|&b| b == b'\n')
        .map_or(0, |i| i + 1);
    let end = text[position..]
        .iter()
        .position(|&b| b == b'\n')
        .map_or(text.len(), |i| position + i);
    (start, end)
}

/// Positions of the card tokens of a record (two bytes each).
fn card_positions(text: &[u8], place: &RecordPlace) -> Vec<usize> {
    let mut positions = Vec::new();
    let mut position = place.start;
    for line in text[place.start..place.end].split(|&b| b == b'\n') {
        match place.game {
            Game::Choker => {
                if let Some(dash) = line.iter().position(|&b| b == b'-') {
                    positions.extend((0..5).map(|i| position + dash + 1 + 2 * i));
                }
            }
            _ if line.len() > 1 => positions.extend((0..13).map(|i| position + 3 * i)),
            _ => {}
        }
        position += line.len() + 1;
    }
    positions
}

fn inject(rng: &mut fastrand::Rng, document: &Document) -> Option<(Vec<u8>, Fault)> {
    let mut text = document.text.clone();
    let index = rng.usize(..document.records.len());
    let place = document.records[index].clone();
    let cards = card_positions(&text, &place);
    let card = cards[rng.usize(..cards.len())];
    let fault = |name, broken| Fault {
        name,
        record: Some(index),
        broken,
    };
    Some(match rng.u8(0..9) {
        0 => {
            let candidates: Vec<usize> = (place.start..place.end)
                .filter(|&i| text[i] != b'\n')
                .collect();
            let position = candidates[rng.usize(..candidates.len())];
            text[position] = [b'!', b'$', b'~', 0xFF][rng.usize(0..4)];
            (text, fault("bad character", (position, position + 1)))
        }
        1 => {
            text[card + 1] = text[card + 1].to_ascii_lowercase();
            (text, fault("lowercase card", (card, card + 2)))
        }
        2 => {
            let line = line_around(&text, card);
            let remove = if place.game == Game::Choker || card == line.0 {
                card..card + 2
            } else {
                card - 1..card + 2
            };
            text.drain(remove);
            (text, fault("dropped card", (line.0, line.1 - 2)))
        }
        3 => {
            let line = line_around(&text, card);
            let copy = [text[card], text[card + 1]];
            let insert: Vec<u8> = if place.game == Game::Choker {
                copy.to_vec()
            } else {
                vec![copy[0], copy[1], b' ']
            };
            text.splice(card..card, insert.iter().copied());
            (text, fault("extra card", (line.0, line.1 + insert.len())))
        }
        4 if place.game != Game::Choker => {
            let line = line_around(&text, card);
            if card == line.0 {
                return None;
            }
            text.remove(card - 1);
            (text, fault("glued pair", (card - 3, card + 1)))
        }
        5 => {
            let other = cards[rng.usize(..cards.len())];
            if other == card {
                return None;
            }
            text[card] = text[other];
            text[card + 1] = text[other + 1];
            (text, fault("duplicated card", (card, card + 2)))
        }
        6 if place.game == Game::Choker => {
            let line = line_around(&text, card);
            let dash = line.0 + text[line.0..line.1].iter().position(|&b| b == b'-')?;
            let position = rng.usize(line.0..dash);
            text[position] = b'3';
            (text, fault("bad name", (position, position + 1)))
        }
        7 if place.game == Game::Choker => {
            let line = line_around(&text, card);
            let dash = line.0 + text[line.0..line.1].iter().position(|&b| b == b'-')?;
            text.remove(dash);
            (text, fault("missing dash", (line.0, line.1 - 1)))
        }
        8 => {
            let last_line_start = text[..text.len() - 1]
                .iter()
                .rposition(|&b| b == b'\n')
                .map_or(0, |i| i + 1);
            let last_line = &text[last_line_start..];
            if last_line != b"END\n" && last_line != b"#\n" {
                return None;
            }
            text.truncate(last_line_start);
            let before = text[..text.len() - 1]
                .iter()
                .rposition(|&b| b == b'\n')
                .map_or(0, |i| i + 1);
            let end = text.len() - 1;
            (
                text,
                Fault {
                    name: "missing terminator",
                    record: None,
                    broken: (before, end),
                },
            )
        }
        _ => return None,
    })
}

/// A revoke: a player who followed suit in trick `i` swaps that card with
/// a later one of another suit, so they now discard while holding the suit.
fn inject_revoke(rng: &mut fastrand::Rng, document: &Document) -> Option<(Vec<u8>, Fault)> {
    let deals: Vec<usize> = (0..document.records.len())
        .filter(|&i| document.records[i].game == Game::Whist)
        .collect();
    let index = *deals.get(rng.usize(..deals.len().max(1)))?;
    let place = &document.records[index];
    let mut text = document.text.clone();
    let rows_start = place.start + 2;
    let card_at = |seat: usize, trick: usize| rows_start + seat * 39 + trick * 3;
    // Replay the deal to know who leads each trick.
    let trump = text[place.start];
    let suit = |seat: usize, trick: usize| text[card_at(seat, trick) + 1];
    let rank = |seat: usize, trick: usize| {
        b"23456789TJQKA"
            .iter()
            .position(|&r| r == text[card_at(seat, trick)])
            .unwrap()
    };
    let mut leader = 0;
    let mut choices = Vec::new();
    for trick in 0..13 {
        let led = suit(leader, trick);
        for seat in (0..4).filter(|&s| s != leader) {
            if suit(seat, trick) == led {
                for later in trick + 1..13 {
                    if suit(seat, later) != led {
                        choices.push((seat, trick, later));
                    }
                }
            }
        }
        let mut best = leader;
        for step in 1..4 {
            let seat = (leader + step) % 4;
            let beats = (suit(seat, trick) == suit(best, trick)
                && rank(seat, trick) > rank(best, trick))
                || (suit(seat, trick) == trump && suit(best, trick) != trump);
            if beats {
                best = seat;
            }
        }
        leader = best;
    }
    let &(seat, trick, later) = choices.get(rng.usize(..choices.len().max(1)))?;
    let (a, b) = (card_at(seat, trick), card_at(seat, later));
    for offset in 0..2 {
        text.swap(a + offset, b + offset);
    }
    Some((
        text,
        Fault {
            name: "revoke",
            record: Some(index),
            broken: (a, a + 2),
        },
    ))
}

fn settings(mode: Mode, diagnostics: DiagnosticFormat) -> Settings {
    Settings {
        mode,
        layout: Layout::Lines,
        action: Action::Run,
        output: OutputFormat::Text,
        diagnostics,
    }
}

#[test]
fn one_fault_is_reported_on_its_bytes_and_hides_nothing_else() {
    let mut rng = fastrand::Rng::with_seed(2026);
    let mut tried = std::collections::BTreeMap::new();
    while tried.values().sum::<usize>() < 3000 {
        let document = document(&mut rng);
        let injected = if rng.u8(0..10) == 0 {
            inject_revoke(&mut rng, &document)
        } else {
            inject(&mut rng, &document)
        };
        let Some((text, fault)) = injected else {
            continue;
        };
        *tried.entry(fault.name).or_insert(0) += 1;
        let json = settings(Mode::Auto, DiagnosticFormat::Json);
        let (clean, clean_reports, _) = run_bytes("clean", &document.text, &json);
        assert_eq!(clean_reports, "");
        let (out, reports, tally) = run_bytes("faulty", &text, &json);
        let show = || {
            format!(
                "fault: {}\n{}\nreports:\n{reports}",
                fault.name,
                String::from_utf8_lossy(&text)
            )
        };
        assert!(tally.errors > 0, "no error for {}", show());

        let touches = |offset: u64, length: u64| {
            let (start, end) = (
                usize::try_from(offset).unwrap(),
                usize::try_from(offset + length.max(1)).unwrap(),
            );
            start < fault.broken.1.max(fault.broken.0 + 1) && fault.broken.0 < end
        };
        let covered = reports.lines().any(|line| {
            let report: serde_json::Value = serde_json::from_str(line).unwrap();
            report["severity"] == "error"
                && report["labels"].as_array().unwrap().iter().any(|label| {
                    touches(
                        label["span"]["offset"].as_u64().unwrap(),
                        label["span"]["length"].as_u64().unwrap(),
                    )
                })
        });
        assert!(covered, "no label on {:?} for {}", fault.broken, show());

        let mut expected: Vec<&str> = clean.lines().collect();
        if let Some(record) = fault.record {
            expected.remove(record);
        }
        let got: Vec<&str> = out.lines().collect();
        assert_eq!(got, expected, "other records changed for {}", show());
    }
    assert!(
        tried.len() >= 10,
        "every kind of fault was tried: {tried:?}"
    );
}
