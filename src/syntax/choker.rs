//! Choker hands and pairs (`grammar/choker.ebnf`).
//!
//! The rules come first, each a nom parser named after its rule. Then come the
//! readers the pipeline calls, such as `read_choker_pair`. They try the fast
//! path of `super::fast::choker_hand`, then the grammar. Failing both, they
//! diagnose the line.

// Each rule's error is nom's. It means the input does not match the rule that
// the doc comment quotes.
#![allow(clippy::missing_errors_doc)]

use nom::bytes::complete::tag;
use nom::combinator::{all_consuming, consumed, recognize, verify};
use nom::multi::{fill, many_m_n};
use nom::number::complete::u8 as byte;
use nom::{IResult, Offset, Parser};

use super::Line;
use super::card::{
    AsTokens, WrittenCard, blank, card, diagnose_token, is_blank, look_alike_in_cards,
    lowercase_as_one, repair,
};
use super::fast::choker_hand::canonical_choker_hand;
use super::traced::{diagnosing, recording, traced};
use crate::ast::{Card, ChokerHand, ChokerPair, Game, Name, Span};
use crate::diagnostic::{Diagnostic, Kind, Scope};

const SCOPE: Scope = Scope::Game(Game::Choker);

type Error<'a> = nom::error::Error<&'a [u8]>;

/// A hand as the grammar reads it. It holds the name and the cards, each with
/// the bytes it was written with.
pub type WrittenHand<'a> = (&'a [u8], [WrittenCard<'a>; 5]);

/// `choker_pair = choker_hand , choker_hand ;`
///
/// It takes the pair's two lines, as the framer found them. The pipeline reads
/// a pair hand by hand instead, with `read_choker_pair`. So a fault in the
/// first hand does not hide one in the second.
pub fn choker_pair(lines: [&[u8]; 2]) -> Result<[WrittenHand<'_>; 2], nom::Err<Error<'_>>> {
    let [first, second] = lines;
    Ok([choker_hand(first)?.1, choker_hand(second)?.1])
}

/// `choker_hand = blank , name , blank , dash , blank , choker_cards , blank ;`
///
/// A whole line: the grammar is over lines. Its dispatcher,
/// `read_choker_hand`, first tries the fast path that stands in its place
/// (`fast::choker_hand::canonical_choker_hand`), and calls this rule
/// whenever it declines.
pub fn choker_hand(input: &[u8]) -> IResult<&[u8], WrittenHand<'_>> {
    traced(
        "choker_hand",
        "a name, a dash and five cards, the whole line",
        all_consuming((blank, name, blank, dash, blank, choker_cards, blank))
            .map(|(_, name, _, _, _, cards, _)| (name, cards)),
    )
    .parse_complete(input)
}

/// `name = letter , { letter } ;` with at most 20 letters, as the
/// statement limits a name.
pub fn name(input: &[u8]) -> IResult<&[u8], &[u8]> {
    traced(
        "name",
        "a name: 1 to 20 letters",
        recognize(many_m_n(1, Name::MAX, letter)),
    )
    .parse_complete(input)
}

/// `dash = "-" ;`
///
/// A rule of its own, so that the trace shows where a hand's name ends.
pub fn dash(input: &[u8]) -> IResult<&[u8], &[u8]> {
    traced(
        "dash",
        "a dash between the name and the cards",
        tag(&b"-"[..]),
    )
    .parse_complete(input)
}

/// `letter = "A".."Z" | "a".."z" ;`
pub fn letter(input: &[u8]) -> IResult<&[u8], u8> {
    traced("letter", "a letter", verify(byte, u8::is_ascii_alphabetic)).parse_complete(input)
}

/// `choker_cards = card , card , card , card , card ;`
pub fn choker_cards<'a>(input: &'a [u8]) -> IResult<&'a [u8], [WrittenCard<'a>; 5]> {
    traced(
        "choker_cards",
        "five cards written together",
        |input: &'a [u8]| {
            let mut cards = [WrittenCard::default(); 5];
            let (rest, ()) =
                fill(consumed(card(Game::Choker.alphabet())), &mut cards).parse_complete(input)?;
            Ok((rest, cards))
        },
    )
    .parse_complete(input)
}

/// A pair read afresh from its two lines. This form is for callers that keep no
/// pair to read into. `None` when either hand has faults, each reported.
pub fn pair(
    lines: &[Line<'_>; 2],
    diagnostics: &mut Vec<Diagnostic>,
    as_tokens: AsTokens,
) -> Option<ChokerPair> {
    super::read_fresh(|pair| read_choker_pair(lines, pair, diagnostics, as_tokens))
}

/// Reads a pair into one the caller owns; the pipeline keeps one per task. So
/// each field is written once, where it is read. A record copied right after it
/// was written makes the processor wait for the stores to land. `false` when
/// either hand has faults, each reported.
#[inline(always)]
pub(crate) fn read_choker_pair(
    lines: &[Line<'_>; 2],
    pair: &mut ChokerPair,
    diagnostics: &mut Vec<Diagnostic>,
    as_tokens: AsTokens,
) -> bool {
    let first = read_choker_hand(&lines[0], &mut pair.first, diagnostics, as_tokens);
    let second = read_choker_hand(&lines[1], &mut pair.second, diagnostics, as_tokens);
    pair.span = pair.first.span.to(pair.second.span);
    first && second
}

/// A hand read afresh from its line, as [`pair`] reads a pair.
pub fn hand(
    line: &Line<'_>,
    diagnostics: &mut Vec<Diagnostic>,
    as_tokens: AsTokens,
) -> Option<ChokerHand> {
    super::read_fresh(|hand| read_choker_hand(line, hand, diagnostics, as_tokens))
}

/// Reads a hand into one the caller owns. The canonical layout is read by the
/// fast path, any other by the grammar. A line the grammar rejects is
/// diagnosed.
#[inline(always)]
fn read_choker_hand(
    line: &Line<'_>,
    hand: &mut ChokerHand,
    diagnostics: &mut Vec<Diagnostic>,
    as_tokens: AsTokens,
) -> bool {
    if !recording() && canonical_choker_hand(line, hand) {
        return true;
    }
    match other_choker_hand(line, diagnostics, as_tokens) {
        Some(read) => {
            *hand = read;
            true
        }
        None => false,
    }
}

/// A hand in another layout, or with faults. It is out of line, so the common
/// hand's code stays small.
#[inline(never)]
fn other_choker_hand(
    line: &Line<'_>,
    diagnostics: &mut Vec<Diagnostic>,
    as_tokens: AsTokens,
) -> Option<ChokerHand> {
    match choker_hand(line.text) {
        Ok((_, written)) => Some(hand_at(line, written)),
        Err(_) => {
            diagnosing("choker_hand", line.offset, || {
                diagnose_choker_hand(line, diagnostics, as_tokens);
            });
            None
        }
    }
}

/// The hand the grammar read on `line`, with its place in the input.
pub(crate) fn hand_at(line: &Line<'_>, (name, cards): WrittenHand<'_>) -> ChokerHand {
    ChokerHand {
        name: Name::new(name, line.span_of(name)),
        cards: cards.map(|(text, (rank, suit))| Card::new(rank, suit, line.span_of(text).offset)),
        span: line.content_span(),
    }
}

/// The cards of a hand line, as far as they can be read, for the checks of a
/// pair with faults. A hand the grammar reads gives all five. Otherwise, each
/// pair of the ten characters after the dash that is a card counts. Where those
/// are not ten characters, there are none.
pub(crate) fn cards_read(line: &Line<'_>) -> Vec<Card> {
    if let Ok((_, written)) = choker_hand(line.text) {
        return hand_at(line, written).cards.to_vec();
    }
    let Some(dash) = memchr::memchr(b'-', line.text) else {
        return Vec::new();
    };
    let cards = line.text[dash + 1..].trim_ascii();
    if cards.len() != 10 {
        return Vec::new();
    }
    cards
        .chunks(2)
        .filter_map(|pair| {
            let (_, (rank, suit)) = card(Game::Choker.alphabet()).parse_complete(pair).ok()?;
            Some(Card::new(rank, suit, line.span_of(pair).offset))
        })
        .collect()
}

/// Says why a line the grammar rejected is not a Choker hand. Each fault of the
/// name and of the cards is told on its own.
fn diagnose_choker_hand(line: &Line<'_>, diagnostics: &mut Vec<Diagnostic>, as_tokens: AsTokens) {
    if look_alikes_alone(line, diagnostics) {
        return;
    }
    if let Some(kind) = as_tokens(line) {
        diagnostics.push(Diagnostic::new(
            Scope::Game(Game::Choker),
            kind,
            line.content_span(),
        ));
        return;
    }
    let reported_before = diagnostics.len();
    let text = line.text;
    let dash = match memchr::memchr(b'-', text) {
        Some(at) => &text[at..=at],
        None => match first_dash_look_alike(text) {
            Some((dash, found)) => {
                diagnostics.push(look_alike(found, b'-', None, line.span_of(dash)));
                dash
            }
            None => {
                missing_dash(line, diagnostics);
                return;
            }
        },
    };
    let (name, cards) = (
        &text[..text.offset(dash)],
        &text[text.offset(dash) + dash.len()..],
    );
    let dash_span = line.span_of(dash);
    diagnose_name(line, name.trim_ascii(), dash_span, diagnostics);
    diagnose_cards(line, cards.trim_ascii(), dash_span, diagnostics);
    if diagnostics.len() == reported_before {
        // The parts are each fine, so the fault is in how they are joined, such
        // as a second dash. The whole line is not a hand.
        diagnostics.push(Diagnostic::new(
            SCOPE,
            Kind::UnrecognisedLine,
            line.content_span(),
        ));
    }
}

/// The fault of a hand's `name`, if any. It may be empty (reported at the
/// dash), hold a character that is no letter, or be too long.
fn diagnose_name(line: &Line<'_>, name: &[u8], dash_span: Span, diagnostics: &mut Vec<Diagnostic>) {
    if name.is_empty() {
        diagnostics.push(Diagnostic::new(SCOPE, Kind::NameEmpty, dash_span));
    } else if let Some(bad) = name.iter().position(|&b| !b.is_ascii_alphabetic()) {
        diagnostics.push(name_character(line, &name[bad..]));
    } else if name.len() > Name::MAX {
        diagnostics.push(Diagnostic::new(
            SCOPE,
            Kind::NameTooLong { length: name.len() },
            line.span_of(name),
        ));
    }
}

/// The faults of a hand's `cards`, after its dash. Ten ASCII characters are
/// told card by card. Otherwise the fault is look-alikes, tens as digits, bytes
/// that are no text, or the wrong count. With no cards at all, the count is
/// reported at the dash.
fn diagnose_cards(
    line: &Line<'_>,
    cards: &[u8],
    dash_span: Span,
    diagnostics: &mut Vec<Diagnostic>,
) {
    let alphabet = Game::Choker.alphabet();
    if cards.len() == 10 && cards.is_ascii() {
        diagnose_ten_characters(line, cards, diagnostics);
    } else if let Some((_, found)) = repair(cards, |c| {
        // A space of any kind among the cards is its own fault, told below.
        look_alike_in_cards(c, alphabet).filter(|&letter| letter != b' ')
    }) {
        // Other faults of these cards are told once they are ASCII.
        for (piece, found, meant) in found {
            diagnostics.push(look_alike(found, meant, None, line.span_of(piece)));
        }
    } else if let Some(pieces) = tens_as_digits(cards) {
        for piece in pieces {
            if card(alphabet).parse_complete(piece).is_err() {
                diagnose_token(line, piece, Game::Choker, diagnostics);
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
        // Characters, not bytes: a no-break space is one, as the reader
        // counts.
        let characters = String::from_utf8_lossy(cards);
        let without_blanks = characters.chars().filter(|c| !c.is_whitespace()).count() == 10;
        let span = if cards.is_empty() {
            dash_span
        } else {
            line.span_of(cards)
        };
        diagnostics.push(Diagnostic::new(
            SCOPE,
            Kind::ChokerCardCount {
                found: characters.chars().count(),
                without_blanks,
            },
            span,
        ));
    }
}

/// The faults of a hand's ten ASCII card characters, `cards`, card by card.
/// Cards in lowercase get one report for them all, as on a bridge line.
fn diagnose_ten_characters(line: &Line<'_>, cards: &[u8], diagnostics: &mut Vec<Diagnostic>) {
    let alphabet = Game::Choker.alphabet();
    let before = diagnostics.len();
    for pair in cards.chunks(2) {
        if card(alphabet).parse_complete(pair).is_err() {
            diagnose_token(line, pair, Game::Choker, diagnostics);
        }
    }
    lowercase_as_one(
        diagnostics,
        before,
        Game::Choker,
        line.span_of(cards),
        cards,
    );
}

/// A line with no dash. Either the dash was left out (`JoeyQDKDQSKSJS`, with
/// the fix), or the line is no hand at all.
fn missing_dash(line: &Line<'_>, diagnostics: &mut Vec<Diagnostic>) {
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
}

/// `-` for the dashes and hyphens word processors put where a plain
/// hyphen-minus was typed.
fn dash_meant(found: char) -> Option<u8> {
    matches!(found, '\u{2010}'..='\u{2014}' | '−').then_some(b'-')
}

/// The first dash look-alike of `text`, which may hold bytes that are not
/// UTF-8 elsewhere.
fn first_dash_look_alike(text: &[u8]) -> Option<(&[u8], char)> {
    let mut at = 0;
    for chunk in text.utf8_chunks() {
        if let Some((index, found)) = chunk
            .valid()
            .char_indices()
            .find(|&(_, c)| dash_meant(c).is_some())
        {
            let start = at + index;
            return Some((&text[start..start + found.len_utf8()], found));
        }
        at += chunk.valid().len() + chunk.invalid().len();
    }
    None
}

/// A hand that is right but for its look-alikes: an en dash, a no-break space
/// around the dash, a suit symbol. Each gets one report. Every report carries
/// the hand as it should be, since no other fault stands in the way. `false`
/// when the line has no look-alike, or has other faults too. The full diagnosis
/// then tells those, each look-alike still on its own.
fn look_alikes_alone(line: &Line<'_>, diagnostics: &mut Vec<Diagnostic>) -> bool {
    let alphabet = Game::Choker.alphabet();
    let Some((ascii, found)) = repair(line.text, |c| {
        dash_meant(c).or_else(|| look_alike_in_cards(c, alphabet))
    }) else {
        return false;
    };
    if choker_hand(&ascii).is_err() {
        return false;
    }
    let fixed = String::from_utf8_lossy(ascii.trim_ascii()).into_owned();
    for (piece, found, meant) in found {
        diagnostics.push(look_alike(
            found,
            meant,
            Some(fixed.clone()),
            line.span_of(piece),
        ));
    }
    true
}

fn look_alike(found: char, meant: u8, fixed: Option<String>, span: Span) -> Diagnostic {
    Diagnostic::new(
        SCOPE,
        Kind::LookAlike {
            found,
            meant: char::from(meant),
            fixed,
        },
        span,
    )
}

/// `choker_cards` with a ten written `10`, as players of the standard deck
/// write it (`10D3S2G5D4D`). The cards are cut where each begins; a `10` and
/// its suit are one piece. `None` unless that makes five cards, one of them a
/// `10`. Then each `10` is one report, with `TD` as the fix. A count of eleven
/// characters would hide which card is long.
fn tens_as_digits(cards: &[u8]) -> Option<Vec<&[u8]>> {
    if !cards.is_ascii() {
        return None;
    }
    let mut pieces = Vec::with_capacity(5);
    let mut tens = 0;
    let mut rest = cards;
    while rest.len() >= 2 {
        let length = if rest.len() >= 3 && rest.starts_with(b"10") {
            tens += 1;
            3
        } else {
            2
        };
        let (piece, after) = rest.split_at(length);
        pieces.push(piece);
        rest = after;
    }
    (tens > 0 && rest.is_empty() && pieces.len() == 5).then_some(pieces)
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

/// `JoeyQDKDQSKSJS` as `Joey-QDKDQSKSJS`. That needs the last ten characters to
/// be five cards, and what stands before them to be a name.
fn guess_dash(line: &[u8]) -> Option<String> {
    let split = line.len().checked_sub(10)?;
    let (name_part, cards) = line.split_at(split);
    let name_part = name_part.trim_ascii();
    let cards_ok = choker_cards(cards).is_ok_and(|(rest, _)| rest.is_empty());
    let name_ok =
        (1..=Name::MAX).contains(&name_part.len()) && name_part.iter().all(u8::is_ascii_alphabetic);
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
    use crate::ast::Rank;

    fn parse(text: &str) -> (Option<ChokerHand>, Vec<(&'static str, Span)>) {
        let line = Line {
            text: text.as_bytes(),
            offset: 0,
            number: 1,
        };
        let mut diagnostics = Vec::new();
        let hand = hand(
            &line,
            &mut diagnostics,
            crate::syntax::read::records_on_one_line,
        );
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

    /// `é` is a letter, but not one a name may hold: the report says which
    /// letters are meant, on the character's two bytes.
    #[test]
    fn a_letter_outside_ascii_is_named_as_such() {
        let line = Line {
            text: "Zoé-1C3S2G5D4D".as_bytes(),
            offset: 0,
            number: 1,
        };
        let mut diagnostics = Vec::new();
        assert!(
            hand(
                &line,
                &mut diagnostics,
                crate::syntax::read::records_on_one_line
            )
            .is_none()
        );
        assert_eq!(diagnostics[0].span, Span::new(2, 2));
        let message = diagnostics[0].message();
        assert_eq!(
            message,
            "`é` cannot stand in a name: names are ASCII letters only"
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
        hand(
            &line,
            &mut diagnostics,
            crate::syntax::read::records_on_one_line,
        );
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

    /// The diagnostics of the line, read as one hand.
    fn diagnostics(text: &str) -> Vec<Diagnostic> {
        let line = Line {
            text: text.as_bytes(),
            offset: 0,
            number: 1,
        };
        let mut diagnostics = Vec::new();
        hand(
            &line,
            &mut diagnostics,
            crate::syntax::read::records_on_one_line,
        );
        diagnostics
    }

    /// Each diagnostic of the line: code, label span, help.
    fn reports(text: &str) -> Vec<(&'static str, Span, Option<String>)> {
        diagnostics(text)
            .iter()
            .map(|d| (d.kind.code(), d.span, d.help()))
            .collect()
    }

    /// Rule `choker_cards = card , card , card , card , card ;` with the ten as
    /// `10`. That is one report on the three bytes, not a count of eleven.
    #[test]
    fn a_ten_in_digits_is_found_among_the_cards() {
        assert_eq!(
            reports("Joey-10D3S2G5D4D"),
            [("ten_as_digits", Span::new(5, 3), Some("write `TD`".into()))]
        );
        assert_eq!(
            reports("Joey-1C3S10G5D4D"),
            [("ten_as_digits", Span::new(9, 3), Some("write `TG`".into()))]
        );
        // Four cards and a ten are not five: the count is the fault.
        assert_eq!(parse("Joey-10D3S2G5D").1, [("card_count", Span::new(5, 9))]);
    }

    /// Rule `choker_cards = card , card , card , card , card ;` in lowercase.
    /// That is one mistake: one report on the cards, with them all in capitals.
    /// One card in lowercase is reported alone.
    #[test]
    fn cards_in_lowercase_are_one_report() {
        for (text, span, fixed) in [
            ("Joey-1c3s2g5d4d", Span::new(5, 10), "1C3S2G5D4D"),
            ("Joey-1C3s2G5D4d", Span::new(5, 10), "1C3S2G5D4D"),
            ("Joey-1C3S2G5D4d", Span::new(13, 2), "4D"),
        ] {
            assert_eq!(
                reports(text),
                [("lowercase_card", span, Some(format!("write `{fixed}`")))],
                "{text}"
            );
        }
        // With another fault among them, each is told.
        assert_eq!(reports("Joey-1c3s2g5d4X").len(), 5);
    }

    /// Rule `choker_hand = blank , name , blank , "-" , ... ;`. A dash of
    /// another kind is one report on its bytes, with the hand fixed.
    #[test]
    fn a_dash_look_alike_is_named() {
        for (dash, name) in [
            ("–", "an en dash"),
            ("—", "an em dash"),
            ("−", "a minus sign"),
        ] {
            let text = format!("Joey{dash}1C3S2G5D4D");
            assert_eq!(
                reports(&text),
                [(
                    "look_alike",
                    Span::new(4, 3),
                    Some("write `Joey-1C3S2G5D4D`".into())
                )]
            );
            assert_eq!(
                diagnostics(&text)[0].message(),
                format!("`{dash}` is {name}: write `-`")
            );
        }
        // With another fault, each is told; the fix is then left out.
        assert_eq!(
            reports("Joey–1C3S2G5D4X"),
            [
                ("look_alike", Span::new(4, 3), None),
                (
                    "bad_suit",
                    Span::new(16, 1),
                    Some("Choker suits are S G D C".into())
                )
            ]
        );
    }

    /// Rule `blank = { " " | "\t" } ;` and `suit`. A no-break space around the
    /// dash is one report. So is a suit symbol among the cards.
    #[test]
    fn spaces_and_suit_symbols_are_named() {
        assert_eq!(
            reports("Joey\u{a0}-1C3S2G5D4D"),
            [(
                "look_alike",
                Span::new(4, 2),
                Some("write `Joey -1C3S2G5D4D`".into())
            )]
        );
        assert_eq!(
            reports("Joey-1C3♠2G5D4D"),
            [(
                "look_alike",
                Span::new(8, 3),
                Some("write `Joey-1C3S2G5D4D`".into())
            )]
        );
        // A space of any kind among the cards is a space too many,
        // counted in characters.
        assert_eq!(
            reports("Joey-1C3S\u{a0}2G5D4D"),
            [(
                "card_count",
                Span::new(5, 12),
                Some("write the five cards without spaces between them".into())
            )]
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
