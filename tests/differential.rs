//! The evaluators against independent models written here, on large
//! generated inputs (uniform and rare-hand modes). The models read the text
//! with `split_whitespace` and follow the statements' wording, sharing no
//! code with the library beyond the generator that wrote the input.

use cardsharp::ast::Game;
use cardsharp::generate;
use cardsharp::pipeline::{Action, OutputFormat, Settings, run_bytes};
use cardsharp::render::DiagnosticFormat;
use cardsharp::syntax::{Layout, Mode};

fn run(input: &str) -> String {
    let settings = Settings {
        mode: Mode::Auto,
        layout: Layout::Lines,
        action: Action::Run,
        output: OutputFormat::Text,
        diagnostics: DiagnosticFormat::Short,
    };
    let (out, err, _) = run_bytes("generated", input.as_bytes(), &settings);
    assert_eq!(err, "", "generated input must be valid");
    out
}

fn compare(game: &str, expected: &[String], got: &str) {
    let got: Vec<&str> = got.lines().collect();
    assert_eq!(got.len(), expected.len(), "{game}: record count");
    let differing: Vec<_> = expected
        .iter()
        .zip(&got)
        .enumerate()
        .filter(|(_, (e, g))| e != g)
        .take(5)
        .collect();
    assert!(
        differing.is_empty(),
        "{game}: first differences (index, (model, cardsharp)): {differing:?}"
    );
}

fn naive_bridge(line: &str) -> String {
    let cards: Vec<(char, char)> = line
        .split_whitespace()
        .map(|c| (c.chars().next().unwrap(), c.chars().nth(1).unwrap()))
        .collect();
    let mut points = 0i32;
    let mut short_suit_points = 0;
    let mut all_stopped = true;
    let mut longest = ('S', 0);
    for suit in ['S', 'H', 'D', 'C'] {
        let ranks: Vec<char> = cards.iter().filter(|c| c.1 == suit).map(|c| c.0).collect();
        let others = i32::try_from(ranks.len()).unwrap() - 1;
        for rank in &ranks {
            points += match rank {
                'A' => 4,
                'K' => 3 - i32::from(others == 0),
                'Q' => 2 - i32::from(others <= 1),
                'J' => 1 - i32::from(others <= 2),
                _ => 0,
            };
        }
        short_suit_points += match ranks.len() {
            0 | 1 => 2,
            2 => 1,
            _ => 0,
        };
        let has = |r| ranks.contains(&r);
        all_stopped &= has('A') || (has('K') && ranks.len() >= 2) || (has('Q') && ranks.len() >= 3);
        if ranks.len() > longest.1 {
            longest = (suit, ranks.len());
        }
    }
    if points >= 16 && all_stopped {
        "BID NO-TRUMP".to_owned()
    } else if points + short_suit_points < 14 {
        "PASS".to_owned()
    } else {
        format!("BID {}", longest.0)
    }
}

/// (category, tie-break), compared as a pair; categories 1 (One Card) to
/// 11 (King of Kings) as the statement numbers them from the bottom.
fn naive_choker_value(cards: &str) -> (u32, u32) {
    let order = "123456789TJQKC";
    let pairs: Vec<(u32, char)> = cards
        .as_bytes()
        .chunks(2)
        .map(|c| {
            (
                u32::try_from(order.find(char::from(c[0])).unwrap()).unwrap() + 1,
                char::from(c[1]),
            )
        })
        .collect();
    if pairs.contains(&(14, 'C')) {
        return (11, 0);
    }
    let mut ranks: Vec<u32> = pairs.iter().map(|p| p.0).collect();
    ranks.sort_unstable_by(|a, b| b.cmp(a));
    let flush = pairs.iter().all(|p| p.1 == pairs[0].1);
    let distinct = ranks.windows(2).all(|w| w[0] != w[1]);
    let straight = distinct && ranks[0] - ranks[4] == 4;
    // (how many, rank), most numerous first, then highest.
    let mut groups: Vec<(usize, u32)> = Vec::new();
    for &rank in &ranks {
        match groups.iter_mut().find(|g| g.1 == rank) {
            Some(group) => group.0 += 1,
            None => groups.push((1, rank)),
        }
    }
    groups.sort_unstable_by(|a, b| b.cmp(a));
    let shape: Vec<usize> = groups.iter().map(|g| g.0).collect();
    match (flush, straight, shape.as_slice()) {
        (true, true, _) if ranks[4] == 10 => (10, 0),
        (true, true, _) => (9, ranks[0]),
        (_, _, [4, 1]) => (8, groups[0].1),
        (_, _, [3, 2]) => (7, groups[0].1),
        (true, false, _) => (6, ranks[0]),
        (false, true, _) => (5, ranks[0]),
        (_, _, [3, 1, 1]) => (4, groups[0].1),
        (_, _, [2, 2, 1]) => (3, groups[2].1),
        (_, _, [2, 1, 1, 1]) => (2, groups[0].1),
        _ => (1, ranks[0]),
    }
}

fn naive_choker(first: &str, second: &str) -> String {
    let (first_name, first_cards) = first.split_once('-').unwrap();
    let (second_name, second_cards) = second.split_once('-').unwrap();
    let a = naive_choker_value(first_cards);
    let b = naive_choker_value(second_cards);
    let verdict = if first_name.to_lowercase() == second_name.to_lowercase() || a == b {
        "No Winner".to_owned()
    } else if a > b {
        format!("{first_name} Wins")
    } else {
        format!("{second_name} Wins")
    };
    format!("{first_name} vs {second_name}: {verdict}")
}

fn naive_whist(trump: char, rows: &[&str]) -> String {
    let order = "23456789TJQKA";
    let plays: Vec<Vec<(usize, char)>> = rows
        .iter()
        .map(|row| {
            row.split_whitespace()
                .map(|c| (order.find(&c[..1]).unwrap(), c.chars().nth(1).unwrap()))
                .collect()
        })
        .collect();
    let tricks: Vec<Vec<(usize, char)>> = (0..13)
        .map(|trick| plays.iter().map(|row| row[trick]).collect())
        .collect();
    let mut leader = 0;
    let mut won = [0; 4];
    for cards in &tricks {
        let led_suit = cards[leader].1;
        // Score every card: trumps above the suit led, discards at nothing.
        let strength = |seat: usize| {
            let (rank, suit) = cards[seat];
            if suit == trump {
                100 + rank
            } else if suit == led_suit {
                50 + rank
            } else {
                0
            }
        };
        leader = (0..4).max_by_key(|&seat| strength(seat)).unwrap();
        won[leader] += 1;
    }
    let (ns, ew) = (won[0] + won[2], won[1] + won[3]);
    if ns > ew {
        format!("NS {}", ns - 6)
    } else {
        format!("EW {}", ew - 6)
    }
}

fn models(input: &str, game: Game) -> Vec<String> {
    let lines: Vec<&str> = input.lines().filter(|l| !l.is_empty()).collect();
    match game {
        Game::Bridge => lines.iter().map(|l| naive_bridge(l)).collect(),
        Game::Choker => lines
            .chunks(2)
            .filter(|c| c.len() == 2)
            .map(|c| naive_choker(c[0], c[1]))
            .collect(),
        Game::Whist => lines
            .chunks(5)
            .filter(|c| c.len() == 5)
            .map(|c| naive_whist(c[0].chars().next().unwrap(), &c[1..]))
            .collect(),
    }
}

#[test]
fn bridge_agrees_with_the_model() {
    for (seed, rare) in [(1, false), (2, true)] {
        let input = generate::document(Game::Bridge, 20_000, seed, rare);
        compare("bridge", &models(&input, Game::Bridge), &run(&input));
    }
}

#[test]
fn choker_agrees_with_the_model() {
    for (seed, rare) in [(3, false), (4, true)] {
        let input = generate::document(Game::Choker, 20_000, seed, rare);
        compare("choker", &models(&input, Game::Choker), &run(&input));
    }
}

#[test]
fn whist_agrees_with_the_model() {
    for (seed, rare) in [(5, false), (6, true)] {
        let input = generate::document(Game::Whist, 5_000, seed, rare);
        compare("whist", &models(&input, Game::Whist), &run(&input));
    }
}

/// The rare-hand mode really produces the rare hands the rules are about.
#[test]
fn rare_mode_covers_every_choker_category_and_bid() {
    let input = generate::document(Game::Choker, 5_000, 7, true);
    let mut categories = std::collections::BTreeSet::new();
    for line in input.lines().filter(|l| l.contains('-')) {
        categories.insert(naive_choker_value(line.split_once('-').unwrap().1).0);
    }
    assert_eq!(categories.len(), 11, "categories seen: {categories:?}");
    let bids: std::collections::BTreeSet<String> = models(
        &generate::document(Game::Bridge, 2_000, 8, true),
        Game::Bridge,
    )
    .into_iter()
    .collect();
    assert_eq!(bids.len(), 6, "bids seen: {bids:?}");
}
