//! Whist deals (`grammar/whist.ebnf`).
//!
//! The rules come first, each a nom parser named after its rule. Then comes the
//! reader the pipeline calls, `read_whist_deal`. It reads each line by its
//! rule, a play line by the fast path first. It diagnoses what a rule rejects.

// Each rule's error is nom's. It means the input does not match the rule that
// the doc comment quotes.
#![allow(clippy::missing_errors_doc)]

use nom::combinator::{all_consuming, consumed};
use nom::sequence::delimited;
use nom::{IResult, Parser};

use super::card::{AsTokens, WrittenCard, blank, card_row, read_card_row, suit};
use super::fast::placed::placed_whist_deal;
use super::traced::traced;
use super::{Block, Line, PlacedRow};
use crate::ast::{Game, Span, Suit, WhistDeal};
use crate::diagnostic::{Diagnostic, Kind, Scope};

type Error<'a> = nom::error::Error<&'a [u8]>;

/// A deal as the grammar reads it. It holds the trump suit with the bytes it
/// was written with, and the four play lines.
pub type WrittenDeal<'a> = ((&'a [u8], Suit), [[WrittenCard<'a>; 13]; 4]);

/// `whist_deal = trump_line , play_line , play_line , play_line , play_line ;`
///
/// It takes the deal's five lines, as the framer found them. The pipeline reads
/// a deal line by line instead, with `read_whist_deal`. So every fault of the
/// deal is reported, not only the first.
pub fn whist_deal(lines: [&[u8]; 5]) -> Result<WrittenDeal<'_>, nom::Err<Error<'_>>> {
    let [trump, north, east, south, west] = lines;
    Ok((
        trump_line(trump)?.1,
        [
            play_line(north)?.1,
            play_line(east)?.1,
            play_line(south)?.1,
            play_line(west)?.1,
        ],
    ))
}

/// `trump_line = blank , suit , blank ;`
///
/// A whole line. Its dispatcher, `read_trump_line`, first tries the fast
/// path that stands in its place (`fast::trump_line::canonical_trump_line`,
/// a suit letter alone), and calls this rule whenever it declines.
pub fn trump_line(input: &[u8]) -> IResult<&[u8], (&[u8], Suit)> {
    traced(
        "trump_line",
        "a trump: one suit letter alone on its line",
        all_consuming(delimited(
            blank,
            consumed(suit(Game::Whist.alphabet())),
            blank,
        )),
    )
    .parse_complete(input)
}

/// `play_line = blank , card , 12 * ( gap , card ) , blank ;`
///
/// The whole line: [`card_row`] of 13 cards. Its dispatcher,
/// [`read_whist_deal`], first tries the fast paths that stand in its place
/// (`fast::card_row::canonical_card_row`, then `spaced_card_row`, through
/// `read_card_row`), and calls this rule whenever they decline.
pub fn play_line(input: &[u8]) -> IResult<&[u8], [WrittenCard<'_>; 13]> {
    traced(
        "play_line",
        "13 cards, the whole line",
        all_consuming(card_row(Game::Whist.alphabet())),
    )
    .parse_complete(input)
}

/// A deal read afresh from its five lines. This form is for callers that keep
/// no deal to read into. `None` when any line has faults, each reported.
pub fn deal(
    lines: &[Line<'_>; 5],
    diagnostics: &mut Vec<Diagnostic>,
    as_tokens: AsTokens,
) -> Option<WhistDeal> {
    super::read_fresh(|deal| read_whist_deal(lines, deal, diagnostics, as_tokens))
}

/// Reads a deal into one the caller owns; the pipeline keeps one per task. So
/// each row is written once, where it is read, as
/// [`super::choker::read_choker_pair`] explains. Every line is read even when
/// an earlier one failed, so each fault of the deal is reported. `false` when
/// any line has faults.
#[inline(always)]
pub(crate) fn read_whist_deal(
    lines: &[Line<'_>; 5],
    deal: &mut WhistDeal,
    diagnostics: &mut Vec<Diagnostic>,
    as_tokens: AsTokens,
) -> bool {
    let [trump, plays @ ..] = lines;
    let trump = read_trump_line(trump, diagnostics);
    let mut complete = true;
    for (row, line) in deal.plays.iter_mut().zip(plays) {
        complete &= read_card_row(line, Game::Whist, play_line, row, diagnostics, as_tokens);
    }
    let Some((suit, trump_span)) = trump else {
        return false;
    };
    deal.trump = suit;
    deal.trump_span = trump_span;
    deal.span = trump_span.to(lines[4].content_span());
    complete
}

/// Reads the trump line: the canonical one by the shortcut, any other by
/// [`trump_line`]. When the rule rejects the line, reports it, with the suit
/// meant where that can be told.
#[inline(always)]
fn read_trump_line(line: &Line<'_>, diagnostics: &mut Vec<Diagnostic>) -> Option<(Suit, Span)> {
    if !super::traced::recording()
        && let Some(suit) = super::fast::trump_line::canonical_trump_line(line.text)
    {
        return Some((suit, Span::new(line.offset, 1)));
    }
    match trump_line(line.text) {
        Ok((_, (text, suit))) => Some((suit, line.span_of(text))),
        Err(_) => {
            let trimmed = line.trimmed();
            let (kind, span) = match std::str::from_utf8(trimmed) {
                Err(error) => (
                    Kind::InvalidUtf8,
                    line.span_of(&trimmed[error.valid_up_to()..][..1]),
                ),
                Ok(_) => {
                    let fixed = trump_meant(trimmed).flatten();
                    (
                        Kind::BadTrumpLine {
                            fixed: fixed.map(char::from),
                        },
                        line.content_span(),
                    )
                }
            };
            diagnostics.push(Diagnostic::new(Scope::Game(Game::Whist), kind, span));
            None
        }
    }
}

/// What a trump line plainly means when it is not one capital suit letter:
/// - `Some(Some(letter))` for a suit written another way (`h`, `Hearts`, `♥`,
///   `Trump: H`, `trump H`);
/// - `Some(None)` for "no trump" (`NT`), which whist does not have;
/// - `None` for a line that names no trump at all.
///
/// The framer opens a whist deal on such a line. The trump line rule then
/// reports it, with the letter to write where there is one.
#[must_use]
// Three answers, as the doc says: a letter, "no trump", nothing meant.
#[allow(clippy::option_option)]
pub(crate) fn trump_meant(trimmed: &[u8]) -> Option<Option<u8>> {
    let alphabet = Game::Whist.alphabet();
    if let [letter] = trimmed {
        let upper = letter.to_ascii_uppercase();
        return alphabet.suit(upper).map(|_| Some(upper));
    }
    if let Some(suit) = suit_named(trimmed) {
        return Some(Some(suit));
    }
    // The suits' symbols, black and white, with or without the emoji
    // variation selector.
    let symbol = trimmed
        .strip_suffix("\u{fe0f}".as_bytes())
        .unwrap_or(trimmed);
    let symbols = [
        ("♠", b'S'),
        ("♤", b'S'),
        ("♥", b'H'),
        ("♡", b'H'),
        ("♦", b'D'),
        ("♢", b'D'),
        ("♣", b'C'),
        ("♧", b'C'),
    ];
    if let Some(&(_, suit)) = symbols.iter().find(|(text, _)| text.as_bytes() == symbol) {
        return Some(Some(suit));
    }
    let compact: Vec<u8> = trimmed
        .iter()
        .filter(|byte| !matches!(byte, b' ' | b'\t' | b'-' | b'_'))
        .map(u8::to_ascii_lowercase)
        .collect();
    if matches!(&compact[..], b"nt" | b"notrump" | b"notrumps") {
        return Some(None);
    }
    for prefix in [&b"trumps"[..], b"trump"] {
        if trimmed.len() > prefix.len() && trimmed[..prefix.len()].eq_ignore_ascii_case(prefix) {
            let rest = trimmed[prefix.len()..].trim_ascii_start();
            let rest = rest
                .strip_prefix(b":")
                .or_else(|| rest.strip_prefix(b"="))
                .unwrap_or(rest)
                .trim_ascii();
            if rest.is_empty() {
                return None;
            }
            return Some(trump_meant(rest).flatten().or_else(|| {
                let upper = rest[0].to_ascii_uppercase();
                (rest.len() == 1 && alphabet.suit(upper).is_some()).then_some(upper)
            }));
        }
    }
    None
}

/// The suit letter of a suit written as its name (`Hearts`, `spade`). A trump
/// line may have meant it.
#[must_use]
pub(crate) fn suit_named(word: &[u8]) -> Option<u8> {
    let singular = match word {
        [rest @ .., b's' | b'S'] => rest,
        _ => word,
    };
    let names: [&[u8]; 4] = [b"spade", b"heart", b"diamond", b"club"];
    let index = names
        .iter()
        .position(|name| name.eq_ignore_ascii_case(singular))?;
    Some(Game::Whist.alphabet().suits[index])
}

/// Reads a deal the token framer placed, its cards found to be plain pairs,
/// by the fast path that stands for [`whist_deal`] there
/// (`fast::placed::placed_whist_deal`). `false` when those pairs are not all
/// cards: the caller then reads the deal with [`read_whist_deal`].
#[inline(always)]
pub(crate) fn read_placed_whist_deal(
    rows: &[PlacedRow; 5],
    block: &Block<'_>,
    deal: &mut WhistDeal,
) -> bool {
    placed_whist_deal(rows, block, deal)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn lines(text: &str) -> [Line<'_>; 5] {
        let mut offset = 0;
        let mut number = 0;
        let mut split = text.split('\n').map(|line| {
            let made = Line {
                text: line.as_bytes(),
                offset,
                number,
            };
            offset += line.len() + 1;
            number += 1;
            made
        });
        std::array::from_fn(|_| split.next().unwrap())
    }

    const SAMPLE: &str = "H\n4C 8H QS 5D JD KS 8S AH 6H 7H 3S 7S 6D\nTC JC JS KD AC QC QD 2H QH 3H 3C 7C 4D\n6C 9C AS TD 5H 6S 5S KH TH AD 9S 8D 2D\n8C 5C 2S 7D KC 4S TS JH 4H 9H 2C 9D 3D";

    #[test]
    fn reads_a_deal_by_seat_and_trick() {
        let mut diagnostics = Vec::new();
        let deal = deal(
            &lines(SAMPLE),
            &mut diagnostics,
            crate::syntax::read::records_on_one_line,
        )
        .unwrap();
        assert!(diagnostics.is_empty());
        assert_eq!(deal.trump, Suit(1));
        assert_eq!(deal.trump_span, Span::new(0, 1));
        assert_eq!(deal.plays[3][12].span(), Span::new(SAMPLE.len() - 2, 2));
        assert_eq!(deal.span, Span::new(0, SAMPLE.len()));
    }

    /// The codes reported on a deal the grammar rejects.
    fn rejected(text: &str) -> Vec<&'static str> {
        let mut diagnostics = Vec::new();
        let read = deal(
            &lines(text),
            &mut diagnostics,
            crate::syntax::records_on_one_line,
        );
        assert!(read.is_none(), "{text}");
        diagnostics.iter().map(|d| d.kind.code()).collect()
    }

    #[test]
    fn a_trump_line_is_one_suit_letter() {
        for bad in ["HH", "G", "h", "4C"] {
            let text = SAMPLE.replacen('H', bad, 1);
            assert_eq!(rejected(&text)[0], "trump_line", "{bad}");
        }
    }

    #[test]
    fn faults_on_several_lines_are_all_reported() {
        let text = SAMPLE.replacen("4C 8H", "4C", 1).replacen("TC", "tc", 1);
        assert_eq!(rejected(&text), ["card_count", "lowercase_card"]);
    }
}
