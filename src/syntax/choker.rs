//! Choker hands and pairs (`grammar/choker.ebnf`).

use nom::bytes::complete::{tag, take_while_m_n};
use nom::combinator::{consumed, eof};
use nom::{IResult, Parser};

use super::Line;
use super::card::{blank, card, diagnose_token, is_blank};
use crate::ast::{Card, ChokerHand, ChokerPair, Game, Name, Rank, Span, Suit};
use crate::diagnostic::{Diagnostic, Kind, Scope};

const SCOPE: Scope = Scope::Game(Game::Choker);

/// `choker_pair = choker_hand , choker_hand ;`
pub fn choker_pair(lines: &[Line<'_>; 2], diagnostics: &mut Vec<Diagnostic>) -> Option<ChokerPair> {
    super::read_fresh(|pair| read_choker_pair(lines, pair, diagnostics))
}

/// [`choker_pair`] into a pair the caller owns (the pipeline keeps one a
/// task), so that each field is written once, where it is read: a record
/// copied right after it was written makes the processor wait for the
/// stores to land. `false` when either hand has faults, each reported.
#[inline(always)]
pub fn read_choker_pair(
    lines: &[Line<'_>; 2],
    pair: &mut ChokerPair,
    diagnostics: &mut Vec<Diagnostic>,
) -> bool {
    let first = read_choker_hand(&lines[0], &mut pair.first, diagnostics);
    let second = read_choker_hand(&lines[1], &mut pair.second, diagnostics);
    pair.span = pair.first.span.to(pair.second.span);
    first && second
}

/// `choker_hand = blank , name , blank , "-" , blank , choker_cards , blank ;`
pub fn choker_hand(line: &Line<'_>, diagnostics: &mut Vec<Diagnostic>) -> Option<ChokerHand> {
    super::read_fresh(|hand| read_choker_hand(line, hand, diagnostics))
}

/// [`choker_hand`] into a hand the caller owns.
#[inline(always)]
fn read_choker_hand(
    line: &Line<'_>,
    hand: &mut ChokerHand,
    diagnostics: &mut Vec<Diagnostic>,
) -> bool {
    if canonical_choker_hand(line, hand) {
        return true;
    }
    match exact_choker_hand(line, diagnostics) {
        Some(read) => {
            *hand = read;
            true
        }
        None => false,
    }
}

/// The layout nearly every file uses, read without nom: `name-cards` with
/// no blanks, written into `hand`. `false` for anything else, which the
/// grammar then reads (what was written is then overwritten). A property
/// test holds this equal to the grammar wherever it answers.
#[inline(always)]
pub fn canonical_choker_hand(line: &Line<'_>, hand: &mut ChokerHand) -> bool {
    let text = line.text;
    // A name of 1 to 20 letters, a dash and ten card letters.
    if !(12..=Name::MAX + 11).contains(&text.len()) {
        return false;
    }
    let dash = text.len() - 11;
    // The name's first twelve bytes are there in any such line, its last
    // eight wherever it has them; a shorter name leaves other bytes there,
    // which the name ignores. Each read is of a fixed size.
    let word = |at: usize| u64::from_le_bytes(*text[at..].first_chunk().expect("in the line"));
    let head = u32::from_le_bytes(*text[8..].first_chunk().expect("in the line"));
    let tail = word((text.len() - 8).min(12));
    let window = (
        u128::from(word(0)) | u128::from(head) << 64 | u128::from(tail as u32) << 96,
        (tail >> 32) as u32,
    );
    let dash_and_cards = &text[dash..];
    if dash_and_cards[0] != b'-'
        || !hand
            .name
            .read_window(window, dash, Span::new(line.offset, dash))
    {
        return false;
    }
    // The cards read straight through, judged once at the end, as
    // `canonical_card_row` does.
    let alphabet = Game::Choker.alphabet();
    let mut codes = 0;
    for (index, slot) in hand.cards.iter_mut().enumerate() {
        let at = 1 + 2 * index;
        let code = alphabet.card_code(dash_and_cards[at], dash_and_cards[at + 1]);
        codes |= code;
        *slot = Card::from_code(code, line.offset + dash + at);
    }
    hand.span = Span::new(line.offset, text.len());
    codes & 0x80 == 0
}

/// `choker_hand` by the grammar, with a diagnosis when it fails.
#[inline(never)]
pub fn exact_choker_hand(line: &Line<'_>, diagnostics: &mut Vec<Diagnostic>) -> Option<ChokerHand> {
    let parsed = (
        blank,
        name,
        blank,
        tag(&b"-"[..]),
        blank,
        choker_cards,
        blank,
        eof,
    )
        .parse_complete(line.text);
    let Ok((_, (_, name, _, _, _, cards, _, _))) = parsed else {
        diagnose_choker_hand(line, diagnostics);
        return None;
    };
    Some(ChokerHand {
        name: Name::new(name, line.span_of(name)),
        cards: cards.map(|(text, (rank, suit))| Card::new(rank, suit, line.span_of(text).offset)),
        span: line.content_span(),
    })
}

/// `name = letter , { letter } ;` with 1 to 20 letters.
pub fn name(input: &[u8]) -> IResult<&[u8], &[u8]> {
    take_while_m_n(1, Name::MAX, letter).parse_complete(input)
}

/// `letter = "A".."Z" | "a".."z" ;`
#[must_use]
pub const fn letter(byte: u8) -> bool {
    byte.is_ascii_alphabetic()
}

type WrittenCard<'a> = (&'a [u8], (Rank, Suit));

/// `choker_cards = card , card , card , card , card ;`
pub fn choker_cards(input: &[u8]) -> IResult<&[u8], [WrittenCard<'_>; 5]> {
    let alphabet = Game::Choker.alphabet();
    let mut one = consumed(card(alphabet));
    let (rest, first) = one.parse_complete(input)?;
    let (rest, second) = one.parse_complete(rest)?;
    let (rest, third) = one.parse_complete(rest)?;
    let (rest, fourth) = one.parse_complete(rest)?;
    let (rest, fifth) = one.parse_complete(rest)?;
    Ok((rest, [first, second, third, fourth, fifth]))
}

/// Says why a line the grammar rejected is not a Choker hand: each fault of
/// the name and of the cards on its own.
fn diagnose_choker_hand(line: &Line<'_>, diagnostics: &mut Vec<Diagnostic>) {
    let reported_before = diagnostics.len();
    let text = line.text;
    let Some(dash) = memchr::memchr(b'-', text) else {
        let fixed = guess_dash(line.trimmed());
        let tokens = line
            .trimmed()
            .split(|&b| is_blank(b))
            .filter(|t| !t.is_empty())
            .count();
        let kind = if fixed.is_none() && tokens > 2 {
            Kind::UnrecognisedLine
        } else {
            Kind::MissingDash { fixed }
        };
        diagnostics.push(Diagnostic::new(SCOPE, kind, line.content_span()));
        return;
    };
    let name = text[..dash].trim_ascii();
    let cards = text[dash + 1..].trim_ascii();
    let dash_span = line.span_of(&text[dash..=dash]);

    if name.is_empty() {
        diagnostics.push(Diagnostic::new(SCOPE, Kind::NameEmpty, dash_span));
    } else if let Some(bad) = name.iter().position(|&b| !letter(b)) {
        diagnostics.push(name_character(line, &name[bad..]));
    } else if name.len() > Name::MAX {
        diagnostics.push(Diagnostic::new(
            SCOPE,
            Kind::NameTooLong { length: name.len() },
            line.span_of(name),
        ));
    }

    if cards.len() == 10 {
        for pair in cards.chunks(2) {
            if card(Game::Choker.alphabet()).parse_complete(pair).is_err() {
                diagnose_token(line, pair, Game::Choker, diagnostics);
            }
        }
    } else if let Err(error) = std::str::from_utf8(cards) {
        let bad = &cards[error.valid_up_to()..];
        let length = error.error_len().unwrap_or(bad.len()).max(1);
        diagnostics.push(Diagnostic::new(
            SCOPE,
            Kind::InvalidUtf8,
            line.span_of(&bad[..length]),
        ));
    } else {
        let without_blanks = cards.iter().filter(|&&b| !is_blank(b)).count() == 10;
        let span = if cards.is_empty() {
            dash_span
        } else {
            line.span_of(cards)
        };
        diagnostics.push(Diagnostic::new(
            SCOPE,
            Kind::ChokerCardCount {
                found: cards.len(),
                without_blanks,
            },
            span,
        ));
    }

    if diagnostics.len() == reported_before {
        // The parts are each fine, so the fault is in how they are joined
        // (a second dash, say): the whole line is not a hand.
        diagnostics.push(Diagnostic::new(
            SCOPE,
            Kind::UnrecognisedLine,
            line.content_span(),
        ));
    }
}

/// The diagnostic for the first character of `rest` that is not a letter.
fn name_character(line: &Line<'_>, rest: &[u8]) -> Diagnostic {
    let (kind, length) = match std::str::from_utf8(rest) {
        Ok(text) => {
            let found = text.chars().next().unwrap_or('?');
            (Kind::NameCharacter { found }, found.len_utf8())
        }
        Err(error) if error.valid_up_to() > 0 => {
            let text = std::str::from_utf8(&rest[..error.valid_up_to()]).unwrap_or("?");
            let found = text.chars().next().unwrap_or('?');
            (Kind::NameCharacter { found }, found.len_utf8())
        }
        Err(error) => (
            Kind::InvalidUtf8,
            error.error_len().unwrap_or(rest.len()).max(1),
        ),
    };
    Diagnostic::new(SCOPE, kind, line.span_of(&rest[..length]))
}

/// `JoeyQDKDQSKSJS` as `Joey-QDKDQSKSJS`, when the last ten characters are
/// five cards and what stands before them is a name.
fn guess_dash(line: &[u8]) -> Option<String> {
    let split = line.len().checked_sub(10)?;
    let (name_part, cards) = line.split_at(split);
    let name_part = name_part.trim_ascii();
    let cards_ok = choker_cards(cards).is_ok_and(|(rest, _)| rest.is_empty());
    let name_ok =
        (1..=Name::MAX).contains(&name_part.len()) && name_part.iter().all(|&b| letter(b));
    (cards_ok && name_ok).then(|| {
        format!(
            "{}-{}",
            String::from_utf8_lossy(name_part),
            String::from_utf8_lossy(cards)
        )
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    fn parse(text: &str) -> (Option<ChokerHand>, Vec<(&'static str, Span)>) {
        let line = Line {
            text: text.as_bytes(),
            offset: 0,
            number: 1,
        };
        let mut diagnostics = Vec::new();
        let hand = choker_hand(&line, &mut diagnostics);
        (
            hand,
            diagnostics
                .iter()
                .map(|d| (d.kind.code(), d.span))
                .collect(),
        )
    }

    #[test]
    fn reads_a_hand_with_its_spans() {
        let hand = parse("Joey-1C3S2G5D4D").0.unwrap();
        assert_eq!(hand.name.as_str(), "Joey");
        assert_eq!(hand.name.span, Span::new(0, 4));
        assert_eq!(hand.cards[0].rank(), Rank(1));
        assert_eq!(hand.cards[4].span(), Span::new(13, 2));
    }

    #[test]
    fn blanks_around_tokens_are_allowed() {
        assert!(parse("  Joey - 1C3S2G5D4D\t").0.is_some());
    }

    #[test]
    fn names_are_one_to_twenty_letters() {
        assert!(parse(&format!("{}-1C3S2G5D4D", "a".repeat(20))).0.is_some());
        assert_eq!(
            parse(&format!("{}-1C3S2G5D4D", "a".repeat(21))).1,
            [("name_too_long", Span::new(0, 21))]
        );
        assert_eq!(parse("-1C3S2G5D4D").1, [("name_empty", Span::new(0, 1))]);
        assert_eq!(
            parse("Jo3y-1C3S2G5D4D").1,
            [("name_character", Span::new(2, 1))]
        );
    }

    #[test]
    fn a_missing_dash_is_guessed() {
        let (_, codes) = parse("JoeyQDKDQSKSJS");
        assert_eq!(codes, [("missing_dash", Span::new(0, 14))]);
        let mut diagnostics = Vec::new();
        let line = Line {
            text: b"JoeyQDKDQSKSJS",
            offset: 0,
            number: 1,
        };
        choker_hand(&line, &mut diagnostics);
        assert_eq!(diagnostics[0].help().unwrap(), "write `Joey-QDKDQSKSJS`");
    }

    #[test]
    fn cards_are_ten_characters_of_this_alphabet() {
        assert_eq!(parse("Joey-1C3S2G5D").1, [("card_count", Span::new(5, 8))]);
        assert_eq!(
            parse("Joey-1C3S2G5DAH").1,
            [("not_a_card", Span::new(13, 2))]
        );
        assert_eq!(
            parse("Joey-1c3S2G5D4D").1,
            [("lowercase_card", Span::new(5, 2))]
        );
    }

    #[test]
    fn a_bad_name_and_bad_cards_are_both_reported() {
        let (_, codes) = parse("J_y-1C3S2G5D4");
        assert_eq!(
            codes,
            [
                ("name_character", Span::new(1, 1)),
                ("card_count", Span::new(4, 9))
            ]
        );
    }
}
