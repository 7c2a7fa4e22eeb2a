//! The parse trace, as `cardsharp parse --trace` and the playground's trace
//! pane show it. It lists which grammar rule was tried on which bytes, in
//! order. For each, it gives what the rule matched or why it failed. The
//! framer's decisions stand between the rules' steps.
//!
//! The real parsers record the trace. Each rule function wraps its combinators
//! in `traced::traced`. That asks a thread-local flag whether a trace is being
//! recorded. When none is, the check is the whole cost: one load and a branch
//! that always goes the same way.
//!
//! [`trace`] raises the flag and feeds the input to the layout's framer, as the
//! pipeline does. It reads each framed record with [`super::record`]. Between
//! the rules' steps, it notes the framer's decisions: which line opened which
//! section, which lines make a record. While a trace is recorded, the record
//! readers skip their fast paths (`syntax::fast`). So a learner sees the
//! grammar at work; the fast paths are proven equal to it.

use super::traced::{
    Recording, Step, clear_pending_note, close, decide, nested, set_depth, set_origin,
    set_pending_note, take_steps,
};
use super::{
    BYTE_ORDER_MARK, Block, Frame, FrameSink, Framer, Framing, Layout, Line, LineRef, Lines,
    MAX_LINE_LENGTH, Mode, TokenFramer,
};
use crate::ast::Game;
use crate::syntax::tokens::read_line_ends_as_blanks;

/// The rules of one layout's document grammar.
struct Rules {
    document: &'static str,
    section: &'static str,
    section_of: fn(Game) -> &'static str,
    record_of: fn(Game) -> &'static str,
    /// Where a decision names its place: "line 3" or "the tokens at 0..38".
    by_lines: bool,
}

const LINES: Rules = Rules {
    document: "document",
    section: "section",
    section_of: |game| match game {
        Game::Bridge => "bridge_section",
        Game::Choker => "choker_section",
        Game::Whist => "whist_section",
    },
    record_of: |game| match game {
        Game::Bridge => "bridge_hand",
        Game::Choker => "choker_pair",
        Game::Whist => "whist_deal",
    },
    by_lines: true,
};

const TOKENS: Rules = Rules {
    document: "tokens_document",
    section: "tokens_section",
    section_of: |game| match game {
        Game::Bridge => "tokens_bridge_section",
        Game::Choker => "tokens_choker_section",
        Game::Whist => "tokens_whist_section",
    },
    record_of: |game| match game {
        Game::Bridge => "tokens_bridge_hand",
        Game::Choker => "tokens_choker_pair",
        Game::Whist => "tokens_whist_deal",
    },
    by_lines: false,
};

/// Every rule tried on `text`, in order, with the framer's decisions. The
/// grammar path reads `text` in `layout`.
///
/// ```
/// use cardsharp::syntax::{Layout, Mode, trace};
///
/// let steps = trace(b"S\n", Mode::Auto, Layout::Lines);
/// let trump = steps.iter().find(|step| step.rule == "trump_line").unwrap();
/// assert_eq!((trump.start, trump.end, trump.matched), (0, 1, true));
/// ```
#[must_use]
pub fn trace(text: &[u8], mode: Mode, layout: Layout) -> Vec<Step> {
    let _recording = Recording::start();
    match layout {
        Layout::Lines | Layout::Strict => trace_framed::<Framer>(text, mode, &LINES),
        Layout::Tokens => trace_framed::<TokenFramer>(text, mode, &TOKENS),
    }
    take_steps()
}

/// The trace with the layout's framer.
fn trace_framed<F: Framing>(text: &[u8], mode: Mode, rules: &'static Rules) {
    let skipped = if text.starts_with(BYTE_ORDER_MARK) {
        BYTE_ORDER_MARK.len()
    } else {
        0
    };
    let blanked = {
        let mut copy = Vec::with_capacity(text.len());
        read_line_ends_as_blanks(text, &mut copy);
        copy
    };
    let mut tracer = Tracer {
        rules,
        text,
        blanked: &blanked,
        section: None,
        last_end: skipped,
    };
    let document = decide(rules.document, skipped, None);
    set_depth(1);
    let mut framer = F::new(mode);
    let block = Block {
        bytes: &text[skipped..],
        base: skipped,
    };
    for line in Lines::new(block, 1) {
        set_origin(text, 0);
        if line.text.len() > MAX_LINE_LENGTH {
            let first = Line {
                text: &line.text[..MAX_LINE_LENGTH],
                ..line
            };
            framer.overlong_line(&first, &mut tracer);
        } else {
            framer.line(&line, &mut tracer);
        }
        if !line.is_blank() {
            tracer.after_line(&line, framer.section_game());
        }
    }
    framer.finish(&mut tracer);
    tracer.close_section(tracer.last_end);
    close(document, text.len(), true);
}

/// The sink the framer emits into while a trace is recorded. It notes each
/// decision and reads each record at once, with the rules traced.
struct Tracer<'a> {
    rules: &'static Rules,
    text: &'a [u8],
    blanked: &'a [u8],
    /// The section open in the trace: its game and its step.
    section: Option<(Game, usize)>,
    /// Where the last record or problem ended.
    last_end: usize,
}

impl Tracer<'_> {
    /// Notes a section opened at `start`, closing the one before.
    fn open_section(&mut self, game: Game, start: usize, place: &str) {
        self.close_section(self.last_end);
        set_depth(1);
        let index = decide(
            (self.rules.section_of)(game),
            start,
            Some(format!("{place} opens a {} section", game_name(game))),
        );
        self.section = Some((game, index));
        set_depth(2);
    }

    fn close_section(&mut self, end: usize) {
        if let Some((_, index)) = self.section.take() {
            close(index, end, true);
        }
        set_depth(1);
    }

    /// Runs after each line that is not blank. The framer's state says whether
    /// a Choker or whist section opened or closed on it.
    fn after_line(&mut self, line: &Line<'_>, framed: Option<Game>) {
        let open = self.section.map(|(game, _)| game);
        if framed == open || (framed.is_none() && open == Some(Game::Bridge)) {
            return;
        }
        match framed {
            Some(game) => {
                let place = if self.rules.by_lines {
                    format!("line {}", line.number)
                } else {
                    format!("a token on line {}", line.number)
                };
                self.open_section(game, line.offset, &place);
            }
            None => {
                self.last_end = line.offset + line.text.len();
                self.close_section(self.last_end);
            }
        }
    }

    /// Where a record's pieces stand: "lines 3..7" or "the tokens at 0..38".
    fn place(&self, first: LineRef, last: LineRef) -> String {
        if !self.rules.by_lines {
            format!("the tokens at {}..{}", first.offset, last.offset + last.len)
        } else if first.number == last.number {
            format!("line {}", first.number)
        } else {
            format!("lines {}..{}", first.number, last.number)
        }
    }

    /// A record the framer found: its decision, then the record read by
    /// its rules.
    fn record(&mut self, frame: &Frame, game: Game) {
        let (first, last) = frame.lines();
        let start = first.offset;
        let end = last.offset + last.len;
        if self.section.is_none_or(|(open, _)| open != game) {
            let place = if self.rules.by_lines {
                format!("line {}", first.number)
            } else {
                format!("the token at {start}")
            };
            self.open_section(game, start, &place);
        }
        let decision = format!(
            "{} make{} {}",
            self.place(first, last),
            if self.rules.by_lines && first.number == last.number {
                "s"
            } else {
                ""
            },
            record_name(game)
        );
        let blanks = !self.rules.by_lines;
        let bytes = if blanks { self.blanked } else { self.text };
        set_origin(bytes, 0);
        let block = Block { bytes, base: 0 };
        let mut diagnostics = Vec::new();
        if self.rules.by_lines && game == Game::Bridge {
            // The line is the record: its rule carries the decision.
            set_pending_note(decision);
            super::record(frame, &block, &mut diagnostics);
        } else {
            let index = decide((self.rules.record_of)(game), start, Some(decision));
            let read = nested(|| super::record(frame, &block, &mut diagnostics).is_some());
            close(index, end, read);
        }
        clear_pending_note();
        set_origin(self.text, 0);
        self.last_end = end;
    }

    /// A problem the framer reported, as a failed step with its message. The
    /// step is of the section the problem stands in, or of `section` between
    /// sections.
    fn problem(&mut self, frame: &Frame) {
        let Frame::Problem { diagnostic, .. } = frame else {
            return;
        };
        let rule = match self.section {
            Some((game, _)) => (self.rules.record_of)(game),
            None => self.rules.section,
        };
        decide(rule, diagnostic.span.offset, Some(diagnostic.message()));
    }
}

impl FrameSink for Tracer<'_> {
    fn frame(&mut self, frame: Frame) {
        match frame {
            Frame::Bridge(_) => self.record(&frame, Game::Bridge),
            Frame::Choker(_) => self.record(&frame, Game::Choker),
            Frame::Whist(_) => self.record(&frame, Game::Whist),
            Frame::Problem { .. } => self.problem(&frame),
        }
    }
}

fn game_name(game: Game) -> &'static str {
    match game {
        Game::Bridge => "bridge",
        Game::Choker => "Choker",
        Game::Whist => "whist",
    }
}

fn record_name(game: Game) -> &'static str {
    match game {
        Game::Bridge => "a bridge hand",
        Game::Choker => "a Choker pair",
        Game::Whist => "a whist deal",
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::syntax::card;
    use crate::syntax::traced::recording;
    use nom::Parser;

    /// The steps down to `depth`, as `(depth, rule, start, end, matched)`.
    fn outline(
        text: &[u8],
        mode: Mode,
        layout: Layout,
        depth: usize,
    ) -> Vec<(usize, &'static str, usize, usize, bool)> {
        trace(text, mode, layout)
            .into_iter()
            .filter(|step| step.depth <= depth)
            .map(|step| (step.depth, step.rule, step.start, step.end, step.matched))
            .collect()
    }

    const HAND: &[u8] = b"AS KS QS JS TS 9S 8S 7S 6S 5S 4S 3S 2S\n";

    #[test]
    fn a_bridge_hand_is_a_line_read_by_its_rule() {
        assert_eq!(
            outline(HAND, Mode::Auto, Layout::Lines, 3),
            [
                (0, "document", 0, 39, true),
                (1, "bridge_section", 0, 38, true),
                (2, "bridge_hand", 0, 38, true),
                (3, "card_row", 0, 38, true),
            ]
        );
        let steps = trace(HAND, Mode::Auto, Layout::Lines);
        assert_eq!(steps[2].note.as_deref(), Some("line 1 makes a bridge hand"));
        // The row's first card, rule by rule, with the byte it took.
        let card: Vec<_> = steps[4..8]
            .iter()
            .map(|step| (step.depth, step.rule, step.start, step.end))
            .collect();
        assert_eq!(
            card,
            [
                (4, "blank", 0, 0),
                (4, "card", 0, 2),
                (5, "rank", 0, 1),
                (5, "suit", 1, 2)
            ]
        );
    }

    #[test]
    fn a_bridge_hand_in_tokens_is_counted_then_read_by_the_line_rule() {
        let text = b"AS KS QS JS TS 9S 8S\n7S 6S 5S 4S 3S 2S\n";
        let steps = outline(text, Mode::Auto, Layout::Tokens, 3);
        let framed: Vec<_> = steps
            .iter()
            .filter(|step| !matches!(step.1, "spaces" | "token"))
            .copied()
            .collect();
        assert_eq!(
            framed,
            [
                (0, "tokens_document", 0, 39, true),
                (1, "tokens_bridge_section", 0, 38, true),
                (2, "tokens_bridge_hand", 0, 38, true),
                (3, "bridge_hand", 0, 38, true),
            ]
        );
        // The framer's tokens, each after its spaces: the first is `AS`.
        assert_eq!(
            &steps[1..3],
            [(1, "spaces", 0, 0, true), (1, "token", 0, 2, true)]
        );
    }

    #[test]
    fn a_choker_pair_is_two_hands_each_read_by_choker_hand() {
        let text = b"Joe-1S2S3S4S5S\nAnn-1G2G3G4G5G\nEND\n";
        let expected = |section, pair| {
            vec![
                (
                    0,
                    if section == "choker_section" {
                        "document"
                    } else {
                        "tokens_document"
                    },
                    0,
                    34,
                    true,
                ),
                (1, section, 0, 33, true),
                (2, pair, 0, 29, true),
                (3, "choker_hand", 0, 14, true),
                (3, "choker_hand", 15, 29, true),
            ]
        };
        assert_eq!(
            outline(text, Mode::Auto, Layout::Lines, 3),
            expected("choker_section", "choker_pair")
        );
        let tokens: Vec<_> = outline(text, Mode::Auto, Layout::Tokens, 3)
            .into_iter()
            .filter(|step| !matches!(step.1, "spaces" | "token"))
            .collect();
        assert_eq!(
            tokens,
            expected("tokens_choker_section", "tokens_choker_pair")
        );
        let hand: Vec<_> = trace(text, Mode::Auto, Layout::Lines)
            .into_iter()
            .filter(|step| step.depth == 4 && step.start <= 14)
            .map(|step| (step.rule, step.start, step.end))
            .collect();
        assert_eq!(
            hand,
            [
                ("blank", 0, 0),
                ("name", 0, 3),
                ("blank", 3, 3),
                ("dash", 3, 4),
                ("blank", 4, 4),
                ("choker_cards", 4, 14),
                ("blank", 14, 14)
            ]
        );
    }

    #[test]
    fn a_whist_deal_is_a_trump_line_and_four_play_lines() {
        let row = "2S 3S 4S 5S 6S 7S 8S 9S TS JS QS KS AS";
        let text = format!(
            "H\n{row}\n{}\n{}\n{}\n#\n",
            row.replace('S', "H"),
            row.replace('S', "D"),
            row.replace('S', "C")
        );
        let deal: Vec<_> = outline(text.as_bytes(), Mode::Auto, Layout::Lines, 3)
            .into_iter()
            .skip_while(|step| step.1 != "whist_deal")
            .collect();
        assert_eq!(
            deal,
            [
                (2, "whist_deal", 0, 157, true),
                (3, "trump_line", 0, 1, true),
                (3, "play_line", 2, 40, true),
                (3, "play_line", 41, 79, true),
                (3, "play_line", 80, 118, true),
                (3, "play_line", 119, 157, true),
            ]
        );
        let steps = trace(text.as_bytes(), Mode::Forced(Game::Whist), Layout::Tokens);
        let section = steps
            .iter()
            .find(|step| step.rule == "tokens_whist_section")
            .unwrap();
        assert_eq!((section.start, section.matched), (0, true));
        let read: Vec<_> = steps
            .iter()
            .filter(|step| step.depth == 3)
            .map(|step| (step.rule, step.start, step.end))
            .collect();
        assert_eq!(
            read,
            [
                ("trump_line", 0, 1),
                ("play_line", 2, 40),
                ("play_line", 41, 79),
                ("play_line", 80, 118),
                ("play_line", 119, 157)
            ]
        );
    }

    #[test]
    fn a_failing_rule_says_where_and_what_it_expected() {
        let steps = trace(
            b"AS KS QS JS TS 9S 8S 7S 6S 5S 4S 3S 2X\n",
            Mode::Auto,
            Layout::Lines,
        );
        let hand = steps
            .iter()
            .find(|step| step.rule == "bridge_hand")
            .unwrap();
        assert!(!hand.matched);
        assert_eq!((hand.start, hand.end), (0, 0));
        let suit = steps
            .iter()
            .find(|step| step.rule == "suit" && !step.matched)
            .unwrap();
        assert_eq!(suit.start, 37);
        assert_eq!(
            suit.note.as_deref(),
            Some("expected a suit of the game's alphabet; found `X`")
        );
    }

    /// A failure names what it found as a report does: a character of
    /// several bytes whole, a byte of no character escaped.
    #[test]
    fn a_failure_names_the_character_it_found() {
        for (input, found) in [
            (&b"K\xE2\x99\xA0 QS"[..], "found `\u{2660}`"),
            (b"K\xFF QS", "found `\\xff`"),
        ] {
            let steps = trace(input, Mode::Auto, Layout::Lines);
            let suit = steps
                .iter()
                .find(|step| step.rule == "suit" && !step.matched)
                .unwrap();
            let note = suit.note.as_deref().unwrap();
            assert!(note.ends_with(found), "{note}");
        }
    }

    #[test]
    fn nothing_is_recorded_outside_a_trace() {
        let _ = trace(HAND, Mode::Auto, Layout::Lines);
        assert!(!recording());
        assert!(
            card::card(Game::Bridge.alphabet())
                .parse_complete(&b"AS"[..])
                .is_ok()
        );
        assert!(take_steps().is_empty());
    }
}
