//! Bridge hands (`grammar/bridge.ebnf`).

// Each rule's error is nom's. It means the input does not match the rule that
// the doc comment quotes.
#![allow(clippy::missing_errors_doc)]

use nom::combinator::all_consuming;
use nom::{IResult, Parser};

use super::card::{AsTokens, WrittenCard, card_row, read_card_row};
use super::fast::placed::placed_bridge_hand;
use super::traced::traced;
use super::{Block, Line, PlacedRow};
use crate::ast::{BridgeHand, Game};
use crate::diagnostic::Diagnostic;

/// `bridge_hand = blank , card , 12 * ( gap , card ) , blank ;`
///
/// The whole line: [`card_row`] of 13 cards. Its dispatcher,
/// [`read_bridge_hand`], first tries the fast paths that stand in its place
/// (`fast::card_row::canonical_card_row`, then `spaced_card_row`, through
/// [`read_card_row`]), and calls this rule whenever they decline.
pub fn bridge_hand(input: &[u8]) -> IResult<&[u8], [WrittenCard<'_>; 13]> {
    traced(
        "bridge_hand",
        "13 cards, the whole line",
        all_consuming(card_row(Game::Bridge.alphabet())),
    )
    .parse_complete(input)
}

/// A hand read afresh from its line. This form is for callers that keep no hand
/// to read into. `None` when the row has faults, each reported.
pub fn hand(
    line: &Line<'_>,
    diagnostics: &mut Vec<Diagnostic>,
    as_tokens: AsTokens,
) -> Option<BridgeHand> {
    super::read_fresh(|hand| read_bridge_hand(line, hand, diagnostics, as_tokens))
}

/// Reads a hand into one the caller owns; the pipeline keeps one per task. So
/// the cards are written once, where they are read, as
/// [`super::choker::read_choker_pair`] explains. The row is read by the fast
/// path, else by [`bridge_hand`], else with a diagnosis. `false` when the row
/// has faults, each reported.
#[inline(always)]
pub(crate) fn read_bridge_hand(
    line: &Line<'_>,
    hand: &mut BridgeHand,
    diagnostics: &mut Vec<Diagnostic>,
    as_tokens: AsTokens,
) -> bool {
    hand.span = line.content_span();
    read_card_row(
        line,
        Game::Bridge,
        bridge_hand,
        &mut hand.cards,
        diagnostics,
        as_tokens,
    )
}

/// Reads a hand the token framer placed, its thirteen tokens found to be
/// plain pairs, by the fast path that stands for [`bridge_hand`] there
/// (`fast::placed::placed_bridge_hand`). `false` when those pairs are not
/// all cards: the caller then reads the hand with [`read_bridge_hand`].
#[inline(always)]
pub(crate) fn read_placed_bridge_hand(
    hand: PlacedRow,
    block: &Block<'_>,
    read: &mut BridgeHand,
) -> bool {
    placed_bridge_hand(hand, block, read)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn parse(text: &str) -> (Option<BridgeHand>, Vec<&'static str>) {
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
        (hand, diagnostics.iter().map(|d| d.kind.code()).collect())
    }

    #[test]
    fn reads_the_first_sample() {
        let (hand, codes) = parse("KS QS TH 8H 4H AC QC TC 5C KD QD JD 8D");
        assert!(codes.is_empty());
        let hand = hand.unwrap();
        assert_eq!(hand.cards[12].offset(), 36);
        assert_eq!(hand.span.len, 38);
    }

    /// `bridge_hand`: 13 cards, no more, no fewer.
    #[test]
    fn twelve_or_twenty_seven_cards_are_a_count_error() {
        assert_eq!(
            parse("KS QS TH 8H 4H AC QC TC 5C KD QD JD").1,
            ["card_count"]
        );
        let more =
            "KS QS TH 8H 4H AC QC TC 5C KD QD JD 8D AC 3C 4C AS 7S 4S AD TD 7D 5D AH 7H 5H 2S";
        assert_eq!(parse(more).1, ["card_count"]);
    }

    /// The judges' token layout may write two whole hands on one line. That is
    /// one report, which names the layout. It marks the blank between the hands
    /// as the place to break the line.
    #[test]
    fn two_whole_hands_on_one_line_name_the_tokens_layout() {
        let two = "KS QS TH 8H 4H AC QC TC 5C KD QD JD 8D AC 3C 4C AS 7S 4S AD TD 7D 5D AH 7H 5H";
        let line = Line {
            text: two.as_bytes(),
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
        assert_eq!(diagnostics.len(), 1);
        assert_eq!(
            diagnostics[0].kind,
            crate::diagnostic::Kind::RecordsOnOneLine {
                game: Game::Bridge,
                records: 2,
                breaks: vec![crate::ast::Span::new(38, 1)],
                line_ending: crate::diagnostic::LineEnding::Lf,
            }
        );
        assert!(diagnostics[0].help().unwrap().contains("--layout tokens"));
    }

    /// `card_row`: a line all in lowercase is one mistake. It is reported once
    /// for the line, with the line in capitals as the fix.
    #[test]
    fn a_lowercase_line_is_one_report() {
        let (_, codes) = parse("ac 3c 4c as 7s 4s ad td 7d 5d ah 7h 5h");
        assert_eq!(codes, ["lowercase_card"]);
        let (_, codes) = parse("ac 3C 4C AS 7S 4S AD TD 7D 5D AH 7H 5H");
        assert_eq!(codes, ["lowercase_card"]);
    }

    /// `card_row`: a line wrong as a whole is one report. Where it can be
    /// known, the report gives the line as it should be.
    #[test]
    fn a_line_wrong_as_a_whole_is_one_report() {
        let hand = "KS QS TH 8H 4H AC QC TC 5C KD QD JD 8D";
        let cases = [
            ("# my hands".to_owned(), "comment_line"),
            ("// KS QS".to_owned(), "comment_line"),
            (format!("1. {hand}"), "numbered_line"),
            (format!("12) {hand}"), "numbered_line"),
            (hand.replace(' ', ", "), "comma_separated"),
            (hand.replace(' ', ","), "comma_separated"),
            (
                "SK SQ HT H8 H4 CA CQ CT C5 DK DQ DJ D8".to_owned(),
                "swapped_cards",
            ),
            (
                "the quick brown fox jumps as it may".to_owned(),
                "unrecognised_line",
            ),
        ];
        for (line, code) in cases {
            assert_eq!(parse(&line).1, [code], "{line}");
        }
        let mut diagnostics = Vec::new();
        let line = Line {
            text: b"SK SQ HT H8 H4 CA CQ CT C5 DK DQ DJ D8",
            offset: 0,
            number: 1,
        };
        super::hand(
            &line,
            &mut diagnostics,
            crate::syntax::read::records_on_one_line,
        );
        assert_eq!(diagnostics[0].help().unwrap(), format!("write `{hand}`"));
        // A numbered line whose cards are not 13 is not this pattern.
        assert_ne!(parse("1. KS QS").1, ["numbered_line"]);
    }

    #[test]
    fn choker_cards_are_not_bridge_cards() {
        // Neither letter of `1G` is of this deck: one fault, one report.
        let (_, codes) = parse("KS QS TH 8H 4H AC QC TC 5C KD QD JD 1G");
        assert_eq!(codes, ["not_a_card"]);
        let (_, codes) = parse("KS QS TH 8H 4H AC QC TC 5C KD QD JD 1S");
        assert_eq!(codes, ["bad_rank"]);
    }
}
