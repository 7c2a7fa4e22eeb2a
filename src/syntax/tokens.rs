//! The tokens layout (`grammar/tokens.ebnf`). The input is read as the judges'
//! own solutions read it: as whitespace-separated tokens whose line breaks mean
//! nothing.
//!
//! The `TokenFramer` takes the place of the line framer. It counts tokens into
//! records. A bridge hand is thirteen cards, and a Choker pair two `name-cards`
//! hands. A whist deal is a trump and 52 cards, cut into the four players'
//! thirteen. The framer emits the same [`Frame`]s as the line framer. Each line
//! of a frame is the bytes from a piece's first token to its last. Each record
//! is then read by the line grammar's own rules. Every CR and LF inside it is
//! read as a blank (`read_line_ends_as_blanks`). So there is one grammar of
//! records, and two of documents. Spans stay the input's, byte for byte.
//!
//! The framer is fed lines, as the line framer is. So the reader's blocks, and
//! its handling of binary input and overlong lines, serve both. A record may
//! span any number of lines. The framer holds it, as positions, until it is
//! whole.

// Each rule's error is nom's: the input does not match the rule its doc
// comment quotes.
#![allow(clippy::missing_errors_doc)]

use nom::bytes::complete::{take_till1, take_while};
use nom::{IResult, Offset, Parser};

use super::fast::token_index::{Cursor, PlainRun, TokenIndex};
use super::fast::token_shape::{has_byte, is_choker_hand_token};
use super::frame::{
    END, Framing, HASH, Layout, MAX_JUNK_BYTES, OtherTerminator, Pairs, after_terminator,
    line_by_line, line_too_long, missing_terminator, opens_whist, other_games_terminator, problem,
    problem_over, stray, terminator, wrong_terminator,
};
use super::frame::{Frame, FrameSink, Mode};
use super::traced::traced;
use super::{Block, Line, LineRef, PlacedRow};
use crate::ast::{Game, Span};
use crate::cpu::Isa;
use crate::diagnostic::{Kind, Scope};

/// Cards a bridge hand, and a whist player, holds.
const HAND: usize = 13;
/// Cards a whist deal holds.
const DEAL: usize = 4 * HAND;

/// `space = " " | "\t" | "\r" | "\n" ;`
pub fn space(input: &[u8]) -> IResult<&[u8], u8> {
    traced(
        "space",
        "a space, a tab, a CR or an LF",
        nom::combinator::verify(nom::number::complete::u8, |&byte| is_space(byte)),
    )
    .parse_complete(input)
}

/// A byte of [`space`].
#[must_use]
pub const fn is_space(byte: u8) -> bool {
    matches!(byte, b' ' | b'\t' | b'\r' | b'\n')
}

/// The cards of `text`, tokens of two bytes between blanks, added to `deck`.
/// The deck has one bit per card of the standard deck. `None` once a token is
/// no such card, or a card comes twice. The framers use this to judge rows of
/// cards where a whist deal's trump belongs. A deal's 52 cards are a whole
/// deck; bridge hands dealt apart almost never are.
pub(crate) fn into_deck(deck: Option<u64>, text: &[u8]) -> Option<u64> {
    let alphabet = Game::Whist.alphabet();
    text.split(|&byte| is_space(byte))
        .filter(|token| !token.is_empty())
        .try_fold(deck?, |deck, token| {
            let [rank, suit] = *token else { return None };
            let code = alphabet.card_code(rank, suit);
            let card = 1u64 << (code & 63);
            (code & 0x80 == 0 && deck & card == 0).then_some(deck | card)
        })
}

/// Whether `deck` ([`into_deck`]) is all 52 cards.
pub(crate) fn is_whole_deck(deck: Option<u64>) -> bool {
    deck.is_some_and(|deck| deck.count_ones() == 52)
}

/// `spaces = { space } ;`
pub fn spaces(input: &[u8]) -> IResult<&[u8], &[u8]> {
    traced("spaces", "spaces", take_while(is_space)).parse_complete(input)
}

/// `token = ? one or more bytes other than space ? ;`
pub fn token(input: &[u8]) -> IResult<&[u8], &[u8]> {
    traced(
        "token",
        "a token: bytes other than spaces",
        take_till1(is_space),
    )
    .parse_complete(input)
}

/// Every [`token`] of the input, each after [`spaces`]. This is the input as
/// the judges' `scanf("%s")` reads it. The section rules are over this
/// sequence.
///
/// ```
/// use cardsharp::syntax::tokens::tokens;
///
/// let (rest, read) = tokens(b" S\r\nKS\tQS \n").unwrap();
/// assert_eq!((read, rest), (vec![&b"S"[..], b"KS", b"QS"], &b""[..]));
/// ```
pub fn tokens(input: &[u8]) -> IResult<&[u8], Vec<&[u8]>> {
    let (mut rest, _) = spaces(input)?;
    let mut read = Vec::new();
    while let Ok((after, (text, _))) = (token, spaces).parse_complete(rest) {
        read.push(text);
        rest = after;
    }
    Ok((rest, read))
}

/// `bytes` with each CR and LF made a blank, written after what `into` holds.
/// The line grammar's rules then read a record spread over lines as if it stood
/// on one. Every offset stays where it was. A line's other bytes are untouched.
/// The line framer removes a line end, CR and all. So in the lines layout this
/// changes only what the reader never shows the rules.
pub(crate) fn read_line_ends_as_blanks(bytes: &[u8], into: &mut Vec<u8>) {
    // Copied and blanked in one pass without a branch, which the compiler turns
    // into vector operations.
    into.extend(bytes.iter().map(|&byte| {
        if byte == b'\r' || byte == b'\n' {
            b' '
        } else {
            byte
        }
    }));
}

/// `tokens_document = { tokens_section } ;`
///
/// Frames a whole document held in memory, as [`super::document::document`]
/// does in the lines layout. Inputs read in blocks use a `TokenFramer`
/// directly. Fast path: `TokenFramer::block` finds the tokens through the token
/// index (`fast::token_index`).
pub fn tokens_document(block: Block<'_>, mode: Mode, emit: &mut impl FrameSink) {
    let mut framer = TokenFramer::new(mode);
    framer.whole_lines(Isa::detect(), block, 1, emit);
    framer.finish(emit);
}

/// A Choker hand being put together from its tokens.
#[derive(Clone, Copy, Debug)]
enum HandSoFar {
    Nothing,
    /// A name alone: a dash may follow (`Joey - 1C…`).
    Name(LineRef),
    /// A name and its dash (`Joey-`, `Joey -`): the cards follow.
    NameAndDash(LineRef),
}

#[derive(Clone, Copy, Debug)]
enum State {
    /// Between sections.
    Open,
    Bridge {
        /// The hand so far, from its first token; `cards` counts its cards.
        hand: LineRef,
        cards: usize,
        /// The cards of the section, for the report of a short last hand.
        section: usize,
    },
    Whist {
        /// The trump token, then north's, east's, south's and west's cards.
        pieces: [LineRef; 5],
        /// Whether the trump was read: the deal has begun.
        begun: bool,
        /// Whether a card stood where the trump belongs: the deal is read
        /// to stay in step, and reported instead of evaluated.
        no_trump: bool,
        cards: usize,
    },
    Choker {
        hand: HandSoFar,
        pairs: Pairs,
        /// The last token before the current hand.
        previous: Option<LineRef>,
    },
    /// After the terminator of an input read as one game.
    Closed { warned: bool },
}

/// Groups tokens into [`Frame`]s: `tokens_document` and the section rules
/// of `grammar/tokens.ebnf`, as a state machine over tokens.
#[derive(Debug)]
pub(crate) struct TokenFramer {
    mode: Mode,
    state: State,
    /// A token that may name a Choker hand, held until the next token says
    /// whether a dash follows it. It is held in the open, or between a Choker
    /// section's pairs, where it could also open another section.
    held: Option<Held>,
    /// With `--game` forced: the other game's terminator between records, as
    /// the lines layout holds it. That is `#` among Choker hands, or `END`
    /// between deals. It holds the terminator's two reports and the section's
    /// state, while the framer reads as closed. The reports are the section's
    /// terminator written wrong, and a stray terminator. The next token says
    /// which. If a token comes, it was a stray, and the section goes on. If the
    /// input ends, it was the section's terminator.
    other_terminator: Option<Box<OtherTerminator<State>>>,
    /// The last token read, where a report of what is missing after it points.
    last_token: Option<LineRef>,
    /// Where the tokens of a block are, reused from block to block.
    index: TokenIndex,
    /// The bridge hand or whist deal being read.
    record: RecordSoFar,
    /// Whether a block framed through the index held a CR.
    carriage_returns: bool,
    /// Whether a record framed since the reader last asked, and not placed,
    /// spans lines or may hold a CR. Records must then be read from the block
    /// with its line ends blanked. Canonical input never needs it, nor a
    /// reflowed file whose records are all placed.
    needs_blanks: bool,
    /// In auto, a deal may begin with a card where its trump belongs. This is
    /// where the deal before it ended. The `#` left out goes there, should that
    /// deal's cards be bridge hands ([`TokenFramer::bridge_after_deals`]).
    after_deals: Option<LineRef>,
    /// Such a deal read whole. A card next says it was four bridge hands.
    /// Anything else says it lacks its trump.
    trumpless: Option<[LineRef; 5]>,
    /// The cards of a deal begun without its trump ([`super::into_deck`]). A
    /// whole deck is a deal, else bridge hands.
    trumpless_deck: Option<u64>,
    /// The first token of the bridge section opened in auto. A `#` after 52
    /// cards of it may end a whist deal that lost its trump.
    bridge_opened: Option<LineRef>,
}

/// A word of letters held by [`TokenFramer::held`], with its bytes. It is a
/// name's when a dash follows it. Else it is read as the token it is.
#[derive(Clone, Copy, Debug)]
struct Held {
    at: LineRef,
    bytes: [u8; Held::MOST],
}

impl Held {
    /// The longest word held: a Choker name (at most 20 letters), a
    /// suit's name written out, a glued run of a few cards.
    const MOST: usize = 24;

    fn new(at: LineRef, text: &[u8]) -> Option<Self> {
        let mut bytes = [0; Self::MOST];
        bytes.get_mut(..text.len())?.copy_from_slice(text);
        Some(Self { at, bytes })
    }

    fn text(&self) -> &[u8] {
        &self.bytes[..self.at.len]
    }
}

/// What the framer knows of the bridge hand or whist deal being read.
#[derive(Debug)]
struct RecordSoFar {
    /// Whether every card came in a run of plain pairs found through the index.
    /// The record's tokens are then all cards' places, and it is framed as
    /// placed.
    placed: bool,
    /// Whether a row of it spans lines.
    spans: bool,
    /// Where the tokens of each piece of a whist deal start, as
    /// [`PlacedRow::starts`]. They are listed as its pieces are. The trump's
    /// comes first, and is never kept.
    row_starts: [u64; 5],
}

impl RecordSoFar {
    /// A record begun: placed until a card comes otherwise.
    fn begin(&mut self) {
        self.placed = true;
        self.spans = false;
    }

    /// Frames the whist deal of `pieces`, which is this record, whole and with
    /// its trump. Gives whether it must be read from the block with its line
    /// ends blanked. It must when it is not placed, and spans lines or the
    /// block has a CR.
    #[inline(always)]
    fn frame_deal(
        &self,
        pieces: &[LineRef; 5],
        carriage_returns: bool,
        emit: &mut impl FrameSink,
    ) -> bool {
        if self.placed {
            let rows = std::array::from_fn(|piece| PlacedRow {
                line: pieces[piece],
                starts: self.row_starts[piece],
            });
            emit.whist_placed(&rows);
            false
        } else {
            emit.whist(pieces);
            self.spans || carriage_returns
        }
    }
}

/// Cards put into a hand or a deal at once.
#[derive(Clone, Copy)]
struct Added {
    count: usize,
    /// Whether they came in a run of plain pairs.
    placed: bool,
    /// The line the last of them is on.
    last_line: usize,
}

impl Added {
    /// The cards of one token, at `at`.
    fn token(at: LineRef, count: usize) -> Self {
        Self {
            count,
            placed: false,
            last_line: at.number,
        }
    }
}

impl Framing for TokenFramer {
    const LAYOUT: Layout = Layout::Tokens;
    const READS_LONG_LINES: bool = true;

    fn new(mode: Mode) -> Self {
        let mut framer = Self {
            mode,
            state: State::Open,
            held: None,
            last_token: None,
            index: TokenIndex::default(),
            record: RecordSoFar {
                placed: false,
                spans: false,
                row_starts: [0; 5],
            },
            carriage_returns: false,
            needs_blanks: false,
            after_deals: None,
            trumpless: None,
            trumpless_deck: None,
            bridge_opened: None,
            other_terminator: None,
        };
        framer.state = framer.section_state(mode_game(mode));
        framer
    }

    /// Feeds one line's tokens, one by one, as the grammar's `spaces` and
    /// `token` read them, each through the section's rules. Only a trace reads
    /// lines so: a block is read through the token index
    /// ([`TokenFramer::block`]).
    fn line(&mut self, line: &Line<'_>, emit: &mut impl FrameSink) {
        self.needs_blanks |= line.text.contains(&b'\r');
        let mut rest = line.text;
        while let Ok((after, (_, text))) = (spaces, token).parse_complete(rest) {
            rest = after;
            let at = LineRef {
                offset: line.offset + line.text.offset(text),
                len: text.len(),
                number: line.number,
            };
            self.next_token(at, text, emit);
        }
    }

    /// A line too long to read: the end of any record it would have
    /// belonged to, as in the line layout.
    fn overlong_line(&mut self, line: &Line<'_>, emit: &mut impl FrameSink) {
        self.end_section(emit);
        self.state = self.section_state(mode_game(self.mode));
        emit.frame(line_too_long(line).1);
    }

    /// The end of the input: reports what was left open.
    fn finish(&mut self, emit: &mut impl FrameSink) {
        if let Some(other) = self.other_terminator.take() {
            self.state = other.section;
            self.end_section(emit);
            emit.frame(other.wrong);
            self.close_section();
        }
        if let Some(held) = self.held.take() {
            self.settle_trumpless(Some(held.text()), emit);
            self.release(held, emit);
        }
        self.settle_trumpless(None, emit);
        self.deal_as_hands(emit);
        let open = match self.state {
            State::Whist { .. } => Some(Game::Whist),
            State::Choker { .. } => Some(Game::Choker),
            _ => None,
        };
        self.end_section(emit);
        if let (Some(game), Some(last)) = (open, self.last_token) {
            emit.frame(missing_terminator(game, last));
        }
        self.state = State::Open;
    }

    /// The offset of the first token the framer still holds.
    fn holds_from(&self) -> Option<usize> {
        // Held too: the other game's terminator, whose report takes its
        // ending, and the section's record before it.
        let (state, terminator) = match &self.other_terminator {
            Some(other) => (other.section, Some(other.at)),
            None => (self.state, None),
        };
        let record = match state {
            State::Bridge { hand, cards, .. } if cards > 0 => Some(hand),
            State::Whist {
                pieces,
                begun: true,
                ..
            } => Some(pieces[0]),
            State::Choker { hand, pairs, .. } => pairs.waiting.or(match hand {
                HandSoFar::Nothing => None,
                HandSoFar::Name(piece) | HandSoFar::NameAndDash(piece) => Some(piece),
            }),
            _ => None,
        }
        .or(self.trumpless.map(|pieces| pieces[0]))
        .or(terminator)
        .map(|piece| piece.offset);
        match (record, self.held) {
            (Some(offset), Some(held)) => Some(offset.min(held.at.offset)),
            (record, held) => record.or(held.map(|held| held.at.offset)),
        }
    }

    /// Whether a record framed since the last call must be read with its line
    /// ends blanked (see [`read_line_ends_as_blanks`]). A record the framer
    /// still holds keeps the answer for the next call.
    fn take_needs_blanks(&mut self) -> bool {
        let needs = self.needs_blanks;
        if self.holds_from().is_none() {
            self.needs_blanks = false;
        }
        needs
    }

    /// The game of the section being read, for the trace's notes.
    fn section_game(&self) -> Option<Game> {
        match self.state {
            State::Bridge { .. } => Some(Game::Bridge),
            State::Whist { .. } => Some(Game::Whist),
            State::Choker { .. } => Some(Game::Choker),
            State::Open | State::Closed { .. } => None,
        }
    }

    /// Frames through the token index (`fast::token_index`). While a trace is
    /// recorded, it goes line by line instead, since the trace shows the
    /// grammar's rules line by line. Both ways give the same frames; a property
    /// test in `tokens` holds them equal.
    #[inline(always)]
    fn whole_lines(
        &mut self,
        isa: Isa,
        block: Block<'_>,
        first_line: usize,
        emit: &mut impl FrameSink,
    ) -> usize {
        if super::traced::recording() {
            return line_by_line(self, block, first_line, emit);
        }
        self.block(isa, block, first_line, emit)
    }
}

impl TokenFramer {
    /// Whether no token is held back for the next to decide. A held token is a
    /// word that may name a Choker hand, or a deal read whole without its
    /// trump. Only when none is held may the shortcuts take the next tokens as
    /// their state says.
    #[inline(always)]
    fn holds_nothing(&self) -> bool {
        self.held.is_none() && self.trumpless.is_none()
    }

    /// A deal's trump, a suit letter, at `at`: the deal begins, placed until a
    /// card comes otherwise. The state is changed in place, not rebuilt.
    /// Writing a whole `State::Whist` back reads the pieces just written, and
    /// costs whist 10% of its time.
    #[inline(always)]
    fn begin_deal(&mut self, at: LineRef) {
        if let State::Whist {
            pieces,
            begun,
            no_trump,
            cards,
        } = &mut self.state
        {
            pieces[0] = at;
            *begun = true;
            *no_trump = false;
            *cards = 0;
        }
        self.record.begin();
        self.last_token = Some(at);
    }

    /// One token of a block, by the shortcuts where they answer. They answer
    /// for a whole Choker hand between hands, and a deal's trump. (The plain
    /// pairs of a hand or a deal begun come in runs: [`Self::plain_run`].)
    #[inline(always)]
    fn any_token(&mut self, at: LineRef, text: &[u8], emit: &mut impl FrameSink) {
        if self.holds_nothing() {
            if let State::Choker {
                hand: HandSoFar::Nothing,
                previous,
                ..
            } = &mut self.state
                && is_choker_hand_token(text)
                && !may_be_a_trump(text)
            {
                *previous = Some(at);
                self.last_token = Some(at);
                self.tokens_choker_pair(at, emit);
                return;
            }
            if matches!(self.state, State::Whist { begun: false, .. })
                && matches!(text, [b'S' | b'H' | b'D' | b'C'])
            {
                self.begin_deal(at);
                return;
            }
        }
        self.next_token(at, text, emit);
    }

    /// Frames the whole lines of `block` at once. The first line is numbered
    /// `first_line`. Every token is found through the index of
    /// `fast::token_index`. The plain pairs of a hand or of a deal's row are
    /// taken as one run. Gives what [`TokenFramer::line`] gives when fed the
    /// lines one by one. A property test holds it to that. Returns the number
    /// of the line after the last.
    #[inline(always)]
    pub(crate) fn block(
        &mut self,
        isa: Isa,
        block: Block<'_>,
        first_line: usize,
        emit: &mut impl FrameSink,
    ) -> usize {
        let mut index = std::mem::take(&mut self.index);
        self.carriage_returns |= memchr::memchr(b'\r', block.bytes).is_some();
        index.build(block, first_line, isa);
        let mut cursor = index.cursor();
        loop {
            let wanted = match self.state {
                State::Bridge { cards, .. } if self.held.is_none() => HAND - cards,
                // A deal without its trump is read token by token, so that
                // its cards are known.
                State::Whist {
                    begun: true,
                    no_trump: false,
                    cards,
                    ..
                } => HAND - cards % HAND,
                _ => 0,
            };
            if wanted > 0
                && let Some(run) = self.plain_run(&mut cursor, wanted, block.bytes)
            {
                self.placed_run(run, &cursor, block, emit);
                continue;
            }
            let Some((start, end)) = cursor.next_token() else {
                break;
            };
            let at = LineRef {
                offset: block.base + start,
                len: end - start,
                number: cursor.line_at(start),
            };
            self.any_token(at, &block.bytes[start..end], emit);
        }
        let next_line = index.next_line();
        self.index = index;
        next_line
    }

    /// A run of plain pairs that a bridge hand, or a deal's row, wanted. A
    /// whole hand or row is framed at once. Else its cards are added.
    #[inline(always)]
    fn placed_run(
        &mut self,
        run: PlainRun,
        cursor: &Cursor<'_>,
        block: Block<'_>,
        emit: &mut impl FrameSink,
    ) {
        let place = |offset: usize, len: usize| LineRef {
            offset: block.base + offset,
            len,
            number: cursor.line_at(offset),
        };
        let last = place(run.last, 2);
        let at = place(run.first, run.last + 2 - run.first);
        self.last_token = Some(last);
        // A whole hand in one run, the usual case: framed at once,
        // as `hand_cards` would from no cards.
        if let State::Bridge {
            cards: 0, section, ..
        } = &mut self.state
            && run.count == HAND
        {
            *section += HAND;
            emit.bridge_placed(PlacedRow {
                line: at,
                starts: cursor.starts_between(run.first, run.last),
            });
            return;
        }
        // A player's whole row in one run: as `deal_cards` would.
        if let State::Whist {
            pieces,
            begun: begun @ true,
            no_trump: false,
            cards,
        } = &mut self.state
            && run.count == HAND
            && cards.is_multiple_of(HAND)
        {
            pieces[1 + *cards / HAND] = at;
            self.record.row_starts[1 + *cards / HAND] = cursor.starts_between(run.first, run.last);
            self.record.spans |= last.number != at.number;
            *cards += HAND;
            if *cards == DEAL {
                self.needs_blanks |= self.record.frame_deal(pieces, self.carriage_returns, emit);
                *begun = false;
                *cards = 0;
            }
            return;
        }
        let added = Added {
            count: run.count,
            placed: true,
            last_line: last.number,
        };
        if matches!(self.state, State::Bridge { .. }) {
            self.hand_cards(at, added, emit);
        } else {
            self.deal_cards(at, added, emit);
        }
    }

    /// The next run of plain pairs, up to `wanted`, as [`Cursor::plain_pairs`]
    /// finds it. But in a bridge section, a run may end in a word the section
    /// would hold ([`Self::may_hold_in_bridge`]). Such a word is `Al` in
    /// `Al - 1C…`, or `TC` in `TC - 1C…` where a hand begins. The run then ends
    /// before the word, so that the section's rules read it.
    #[inline(always)]
    fn plain_run(&self, cursor: &mut Cursor<'_>, wanted: usize, bytes: &[u8]) -> Option<PlainRun> {
        let start = *cursor;
        let run = cursor.plain_pairs(wanted)?;
        let State::Bridge { cards, .. } = self.state else {
            return Some(run);
        };
        let at_hand_start = cards == 0 && run.count == 1;
        if !self.may_hold_in_bridge(&bytes[run.last..run.last + 2], at_hand_start) {
            return Some(run);
        }
        *cursor = start;
        match run.count {
            1 => None,
            count => cursor.plain_pairs(count - 1),
        }
    }

    /// The deal read whole without its trump ([`Self::trumpless`]), if any,
    /// settled by the token after it, `text`. It is bridge hands, or a deal
    /// that lacks its trump. At the end of the input (`None`), or before a
    /// Choker hand, it is bridge hands.
    fn settle_trumpless(&mut self, text: Option<&[u8]>, emit: &mut impl FrameSink) {
        if let Some(pieces) = self.trumpless.take()
            && !(text.is_none_or(|text| self.follows_hands(text))
                && self.bridge_after_deals(&pieces, DEAL, emit))
        {
            emit.frame(missing_trump_line(&pieces));
        }
    }

    /// One token, at `at`, whose bytes are `text`.
    fn next_token(&mut self, at: LineRef, text: &[u8], emit: &mut impl FrameSink) {
        if let Some(other) = self.other_terminator.take() {
            self.state = other.section;
            if self.mode == Mode::Auto && !opens_choker(text) {
                // In auto, a `#` between a pair's hands that no hand
                // follows: the section's `END` written wrong after all.
                self.end_section(emit);
                emit.frame(other.wrong);
                self.close_section();
            } else {
                emit.frame(other.stray);
            }
        }
        if let Some(held) = self.held.take()
            && self.after_held(held, at, text, emit)
        {
            return;
        }
        if self.trumpless.is_some()
            && may_name_a_hand(text)
            && terminator(text).is_none()
            && !self.follows_hands(text)
            && let Some(held) = Held::new(at, text)
        {
            // After a deal without its trump read whole, a word says it was a
            // deal. The exception is a word naming a Choker hand whose dash
            // stands apart: bridge hands then. The token after it says which.
            self.held = Some(held);
            self.last_token = Some(at);
            return;
        }
        self.settle_trumpless(Some(text), emit);
        if self.last_token.is_none()
            && let Some(terminator) = other_games_terminator(self.mode, text)
        {
            // As in the lines layout: the other game's terminator first
            // closes nothing.
            emit.frame(stray_token(terminator, at));
            return;
        }
        self.last_token = Some(at);
        match self.state {
            State::Open => self.tokens_section(at, text, emit),
            State::Bridge { .. } => self.tokens_bridge_section(at, text, emit),
            State::Whist { .. } => self.tokens_whist_section(at, text, emit),
            State::Choker { .. } => self.tokens_choker_section(at, text, emit),
            State::Closed { warned: false } => {
                self.state = State::Closed { warned: true };
                let span = at.span();
                emit.frame(after_terminator(self.mode, span, at));
            }
            State::Closed { warned: true } => {}
        }
    }

    /// The token after a held word. A dash, or cards after a name, make the
    /// word a Choker hand's name (`true`: both are read). Anything else
    /// releases the word to be read as the token it is (`false`).
    fn after_held(
        &mut self,
        held: Held,
        at: LineRef,
        text: &[u8],
        emit: &mut impl FrameSink,
    ) -> bool {
        if text.first() != Some(&b'-') && !cards_after_a_name(&held, text) {
            self.settle_trumpless(Some(held.text()), emit);
            self.release(held, emit);
            return false;
        }
        if !matches!(self.state, State::Choker { .. }) {
            // Held where a deal would start, after one, or after bridge hands
            // read as a deal. That deal was read whole ([`Self::trumpless`]) or
            // not ([`Self::at_hands_end`]).
            if self.trumpless.is_some() {
                self.settle_trumpless(None, emit);
            } else if let State::Whist { pieces, .. } = self.state
                && !self.deal_as_hands(emit)
            {
                emit.frame(missing_terminator(Game::Whist, pieces[4]));
            }
            self.end_section(emit);
            self.state = self.section_state(Some(Game::Choker));
        }
        self.tokens_choker_hand(held.at, Shape::NameOnly, emit);
        self.tokens_choker_hand(at, Shape::of(text), emit);
        self.last_token = Some(at);
        true
    }

    /// `tokens_section = tokens_whist_section | tokens_choker_section | tokens_bridge_section ;`
    ///
    /// A token that opens a section, told by its shape as the line framer
    /// tells a section's first line.
    fn tokens_section(&mut self, at: LineRef, text: &[u8], emit: &mut impl FrameSink) {
        // A suit letter is taken at once as the trump it nearly always is. That
        // keeps a whist file's first deal on the shortcuts, and its blocks
        // unblanked (`take_needs_blanks`). A dash after it makes it a Choker
        // name ([`Self::trump_was_a_name`]).
        if may_name_a_hand(text)
            && terminator(text).is_none()
            && !matches!(text, [b'S' | b'H' | b'D' | b'C'])
            && let Some(held) = Held::new(at, text)
        {
            self.held = Some(held);
        } else {
            self.open_section(at, text, emit);
        }
    }

    /// The section that `text`, at `at`, opens, its first token read.
    fn open_section(&mut self, at: LineRef, text: &[u8], emit: &mut impl FrameSink) {
        if let Some(terminator) = terminator(text) {
            emit.frame(stray_token(terminator, at));
        } else if opens_whist(text) {
            self.state = self.section_state(Some(Game::Whist));
            self.tokens_whist_section(at, text, emit);
        } else if opens_choker(text) || lacks_its_dash(text) {
            self.state = self.section_state(Some(Game::Choker));
            self.tokens_choker_hand(at, Shape::of(text), emit);
        } else {
            self.open_bridge(at, text, emit);
        }
    }

    /// A held word that no dash followed. In the open, it opens a section.
    /// Between a Choker section's pairs, it ends the section (whose `END` was
    /// left out) and opens another. In a bridge section, it is a card of the
    /// hand. In a whist section, it begins the deal.
    fn release(&mut self, held: Held, emit: &mut impl FrameSink) {
        match self.state {
            State::Choker { .. } => {
                if let Some(last) = self.choker_last() {
                    emit.frame(missing_terminator(Game::Choker, last));
                }
                self.state = State::Open;
            }
            // A bad card of the hand being read: a word the hand's cards
            // do not end at opens no section (`SPADES` mid-hand).
            State::Bridge { .. } => {
                self.tokens_bridge_hand(held.at, held.text(), emit);
                return;
            }
            // The deal's first token, whatever it is.
            State::Whist { .. } => {
                self.tokens_whist_deal(held.at, held.text(), emit);
                return;
            }
            _ => {}
        }
        self.open_section(held.at, held.text(), emit);
    }

    /// The state a section of `game` starts in; the open when there is none.
    fn section_state(&self, game: Option<Game>) -> State {
        match game {
            None => State::Open,
            Some(Game::Bridge) => State::Bridge {
                hand: LineRef::default(),
                cards: 0,
                section: 0,
            },
            Some(Game::Whist) => State::Whist {
                pieces: [LineRef::default(); 5],
                begun: false,
                no_trump: false,
                cards: 0,
            },
            Some(Game::Choker) => State::Choker {
                hand: HandSoFar::Nothing,
                pairs: Pairs::default(),
                previous: self.last_token,
            },
        }
    }

    /// A bridge section opened by `text`, at `at`.
    fn open_bridge(&mut self, at: LineRef, text: &[u8], emit: &mut impl FrameSink) {
        if !matches!(self.state, State::Bridge { .. }) {
            self.state = self.section_state(Some(Game::Bridge));
            self.bridge_opened = Some(at);
        }
        self.tokens_bridge_hand(at, text, emit);
    }

    /// `tokens_bridge_section = tokens_bridge_hand , { tokens_bridge_hand } ;`
    ///
    /// A token of a bridge section: a card of its hand, or (in auto) the
    /// first token of the next section.
    fn tokens_bridge_section(&mut self, at: LineRef, text: &[u8], emit: &mut impl FrameSink) {
        let State::Bridge { cards, .. } = self.state else {
            return;
        };
        if self.mode == Mode::Auto && opens_other_section(text, cards == 0, Game::Bridge) {
            self.end_section(emit);
            self.tokens_section(at, text, emit);
        } else if let Some(terminator) = terminator(text) {
            // The section's cards, when it holds a deal's worth or more and is
            // near enough to be held. The report looks at its last 52.
            let deal = match self.state {
                State::Bridge {
                    cards: 0, section, ..
                } if terminator == HASH && section >= DEAL => self
                    .bridge_opened
                    .filter(|first| at.offset - first.offset <= MAX_JUNK_BYTES),
                _ => None,
            };
            self.end_section(emit);
            emit.frame(match deal {
                Some(first) => stray_after_rows(first, at),
                None => stray_token(terminator, at),
            });
        } else if self.may_hold_in_bridge(text, cards == 0)
            && let Some(held) = Held::new(at, text)
        {
            // A Choker name whose dash stands apart (`Al - 1C…`), or a
            // card (bad, or the hand's first): the next token says which.
            self.held = Some(held);
        } else {
            self.tokens_bridge_hand(at, text, emit);
        }
    }

    /// Whether `text`, in a bridge section, is held for the next token. In
    /// auto, a word of letters may name the first hand of a Choker section that
    /// follows. A card may too (`TC - 1C…`), where a hand begins
    /// (`at_hand_start`). Elsewhere it is one of the hand's.
    #[inline(always)]
    fn may_hold_in_bridge(&self, text: &[u8], at_hand_start: bool) -> bool {
        self.mode == Mode::Auto
            && may_name_a_hand(text)
            && (at_hand_start || !is_standard_card(text))
    }

    /// `tokens_bridge_hand = 13 * token ;`
    ///
    /// A token counted into the hand, which is framed at its thirteenth card. A
    /// token of glued cards (`KSQS`) counts as the cards it holds. So one such
    /// mistake does not put every later hand out of step. `text` is empty for a
    /// token already judged to be one card's. Fast path: a hand of plain pairs
    /// is one step of [`TokenFramer::placed_run`], and the pool reads its cards
    /// at their starts (`fast::placed`).
    fn tokens_bridge_hand(&mut self, at: LineRef, text: &[u8], emit: &mut impl FrameSink) {
        self.hand_cards(at, Added::token(at, cards_in(text, Game::Bridge)), emit);
    }

    /// Cards, at `at`, into the hand being read.
    #[inline(always)]
    fn hand_cards(&mut self, at: LineRef, added: Added, emit: &mut impl FrameSink) {
        let State::Bridge {
            hand,
            cards,
            section,
        } = &mut self.state
        else {
            return;
        };
        let record = &mut self.record;
        *hand = if *cards == 0 {
            record.begin();
            at
        } else {
            joined(*hand, at, &mut record.spans)
        };
        record.placed &= added.placed;
        record.spans |= added.last_line != at.number;
        *cards += added.count;
        *section += added.count;
        if *cards >= HAND {
            if record.placed {
                // Its runs' starts were not kept: the reader finds them.
                emit.bridge_placed(PlacedRow {
                    line: *hand,
                    starts: 0,
                });
            } else {
                self.needs_blanks |= record.spans || self.carriage_returns;
                emit.bridge(*hand);
            }
            *cards = 0;
        }
    }

    /// `tokens_whist_section = tokens_whist_deal , { tokens_whist_deal } , "#" ;`
    ///
    /// A token of a whist section: the `#` (which ends a deal cut short
    /// too), or a token of a deal.
    fn tokens_whist_section(&mut self, at: LineRef, text: &[u8], emit: &mut impl FrameSink) {
        if self.trump_was_a_name(at, text, emit) {
            return;
        }
        if (opens_choker(text) || lacks_its_dash(text)) && self.deal_as_hands(emit) {
            // Bridge hands where a deal without its trump was read, then
            // a Choker section.
            self.tokens_bridge_section(at, text, emit);
            return;
        }
        // In auto, where a deal would start after one: the last deal's
        // last row.
        let after_a_deal = match self.state {
            State::Whist {
                pieces,
                begun: false,
                ..
            } if self.mode == Mode::Auto && pieces[4].len > 0 => Some(pieces[4]),
            _ => None,
        };
        if let Some(last_row) = after_a_deal
            && (opens_choker(text) || lacks_its_dash(text))
        {
            // A Choker hand where a deal would start: the `#` was left out
            // after the last deal. Otherwise that deal's `END` would be read as
            // this section's terminator, and "fixed" to `#`.
            emit.frame(missing_terminator(Game::Whist, last_row));
            self.state = State::Open;
            self.tokens_section(at, text, emit);
            return;
        }
        if (after_a_deal.is_some() || (self.at_hands_end() && !is_standard_card(text)))
            && text.len() > 1
            && may_name_a_hand(text)
            && terminator(text).is_none()
            && let Some(held) = Held::new(at, text)
        {
            // A word of letters where a deal would start. It may name a Choker
            // hand whose dash stands apart, with the `#` left out before its
            // section. It may be the deal's trump written out, or a card where
            // the trump belongs. Likewise after whole bridge hands read as a
            // deal without its trump, where it is no card: a name, or a bad
            // card of the deal. The next token says which. A suit letter is not
            // held. It is the trump of a whist section after the hands, which
            // its reading holds in the open.
            self.held = Some(held);
            return;
        }
        let Some(found) = terminator(text) else {
            self.tokens_whist_deal(at, text, emit);
            return;
        };
        if let Some(found) = other_games_terminator(self.mode, text) {
            self.defer_other_terminator(found, at);
            return;
        }
        if let State::Whist {
            pieces,
            begun: true,
            no_trump,
            cards,
        } = &self.state
        {
            emit.frame(deal_cut_short(pieces, *cards, *no_trump));
        }
        if found == END {
            emit.frame(wrong_terminator(HASH, text, at.span(), at));
        }
        self.close_section();
    }

    /// `tokens_whist_deal = token , 52 * token ;`
    ///
    /// The trump, then the cards: the first 13 north's, then east's, south's
    /// and west's. A lone character where a card belongs is the next deal's
    /// trump: this deal was cut short. A card where the trump belongs is a
    /// trump left out. The deal is read, to stay in step, and reported. Fast
    /// path: [`TokenFramer::any_token`] takes a suit letter as the trump, and
    /// each row of plain pairs is one step of [`TokenFramer::placed_run`].
    fn tokens_whist_deal(&mut self, at: LineRef, text: &[u8], emit: &mut impl FrameSink) {
        if text.len() == 1 && self.deal_as_hands(emit) {
            // The cards read as this deal's were bridge hands: the trump
            // opens a whist section after them.
            self.tokens_bridge_section(at, text, emit);
            return;
        }
        let State::Whist {
            pieces,
            begun,
            no_trump,
            cards,
        } = &mut self.state
        else {
            return;
        };
        if *begun && text.len() == 1 {
            // A trump where a card belongs: a new deal, the last one short.
            emit.frame(deal_cut_short(pieces, *cards, *no_trump));
            *begun = false;
            *cards = 0;
        }
        if !*begun {
            *begun = true;
            *cards = 0;
            self.record.begin();
            *no_trump = is_standard_card(text);
            self.after_deals =
                (*no_trump && self.mode == Mode::Auto && pieces[4].len > 0).then_some(pieces[4]);
            self.trumpless_deck = Some(0);
            pieces[0] = at;
            if !*no_trump {
                return;
            }
        }
        if *no_trump {
            self.trumpless_deck = into_deck(self.trumpless_deck, text);
        }
        self.deal_cards(at, Added::token(at, cards_in(text, Game::Whist)), emit);
    }

    /// The `added` cards, at `at`, into the deal begun: into the row of the
    /// player whose they are.
    #[inline(always)]
    fn deal_cards(&mut self, at: LineRef, added: Added, emit: &mut impl FrameSink) {
        let State::Whist {
            pieces,
            begun,
            no_trump,
            cards,
        } = &mut self.state
        else {
            return;
        };
        let row = 1 + (*cards / HAND).min(3);
        pieces[row] = if (*cards).is_multiple_of(HAND) && *cards / HAND + 1 == row {
            at
        } else {
            joined(pieces[row], at, &mut self.record.spans)
        };
        self.record.placed &= added.placed;
        self.record.spans |= added.last_line != at.number;
        // Its runs' starts are not kept: the reader finds them.
        self.record.row_starts[row] = 0;
        *cards += added.count;
        // A token of glued cards may run past its row. The rows it ran into are
        // read as empty, at its end. So no row of an earlier deal stands in
        // this one. (Its reading reports the rows' counts.)
        let reached = 1 + ((*cards - 1) / HAND).min(3);
        if reached > row {
            let empty = LineRef {
                offset: at.offset + at.len,
                len: 0,
                number: at.number,
            };
            pieces[row + 1..=reached].fill(empty);
        }
        if *cards >= DEAL {
            if *no_trump && *cards == DEAL && self.after_deals.is_some() {
                self.trumpless = Some(*pieces);
            } else if *no_trump {
                emit.frame(missing_trump_line(pieces));
            } else {
                self.needs_blanks |= self.record.frame_deal(pieces, self.carriage_returns, emit);
            }
            *begun = false;
            *cards = 0;
        }
    }

    /// `tokens_choker_section = tokens_choker_pair , { tokens_choker_pair } , "END" ;`
    ///
    /// A token of a Choker section: part of a hand, or the `END`.
    fn tokens_choker_section(&mut self, at: LineRef, text: &[u8], emit: &mut impl FrameSink) {
        let State::Choker { hand, pairs, .. } = self.state else {
            return;
        };
        let waiting = pairs.waiting;
        let between_pairs = matches!(hand, HandSoFar::Nothing) && waiting.is_none();
        if let Some(found) = other_games_terminator(self.mode, text) {
            self.defer_other_terminator(found, at);
        } else if self.mode == Mode::Auto
            && text == HASH.as_bytes()
            && waiting.is_some()
            && matches!(hand, HandSoFar::Nothing)
        {
            // Between a pair's hands: a stray `#` if a hand follows, else
            // the section's `END` written wrong, as in the lines layout.
            self.defer_other_terminator(HASH, at);
        } else if let Some(found) = terminator(text) {
            self.end_section(emit);
            if found == HASH {
                emit.frame(wrong_terminator(END, text, at.span(), at));
            }
            self.close_section();
        } else if self.mode == Mode::Auto
            && between_pairs
            && opens_other_section(text, true, Game::Choker)
            && text.iter().all(u8::is_ascii_alphabetic)
            && let Some(held) = Held::new(at, text)
        {
            // A name whose dash stands apart, or the first token of
            // another section: the next token says which.
            self.held = Some(held);
        } else if self.mode == Mode::Auto
            && between_pairs
            && opens_other_section(text, true, Game::Choker)
        {
            // Another section opened without the `END` before it.
            if let Some(last) = self.choker_last() {
                emit.frame(missing_terminator(Game::Choker, last));
            }
            self.state = State::Open;
            self.tokens_section(at, text, emit);
        } else {
            self.tokens_choker_hand(at, Shape::of(text), emit);
        }
    }

    /// The other game's `terminator`, at `at`, between the records of a section
    /// of the game forced. The next token says which it is.
    fn defer_other_terminator(&mut self, terminator: &'static str, at: LineRef) {
        let span = at.span();
        let bytes = (terminator.as_bytes(), span, span);
        let other = OtherTerminator::new(self.mode, terminator, bytes, at, self.state);
        self.other_terminator = Some(other);
        self.state = State::Closed { warned: true };
    }

    /// A whist deal begun with a card where its trump belongs, in auto. It
    /// ended at a whole number of its rows by the end of its section, or was
    /// read whole and followed by another card. The lines layout reads such
    /// cards as bridge hands after a whist section whose `#` was left out.
    /// Frames its rows as the hands, reports the `#` after the deal before, and
    /// reads on in a bridge section. `false`, and nothing done, when the deal
    /// is not so.
    fn bridge_after_deals(
        &mut self,
        pieces: &[LineRef; 5],
        cards: usize,
        emit: &mut impl FrameSink,
    ) -> bool {
        let Some(last_deal) = self.after_deals.take() else {
            return false;
        };
        if cards == 0 || !cards.is_multiple_of(HAND) || cards > DEAL {
            return false;
        }
        emit.frame(missing_terminator(Game::Whist, last_deal));
        for &hand in &pieces[1..=cards / HAND] {
            emit.bridge(hand);
        }
        self.needs_blanks |= self.record.spans || self.carriage_returns;
        self.state = State::Bridge {
            hand: LineRef::default(),
            cards: 0,
            section: cards,
        };
        self.bridge_opened = Some(pieces[1]);
        true
    }

    /// The deal being read, begun without its trump, framed as the bridge hands
    /// it may be ([`Self::bridge_after_deals`]). `false` when it is no such
    /// deal, or may not be.
    fn deal_as_hands(&mut self, emit: &mut impl FrameSink) -> bool {
        let State::Whist {
            pieces,
            begun: true,
            no_trump: true,
            cards,
        } = self.state
        else {
            return false;
        };
        self.bridge_after_deals(&pieces, cards, emit)
    }

    /// In auto, a dash (`text`, at `at`) right after a deal's one-letter trump.
    /// The trump was the name of a Choker hand whose dash stands apart
    /// (`S - QDKD…`). That opens a Choker section, after the `#` left out when
    /// the whist section had deals before. Reads the hand and returns `true`;
    /// else does nothing.
    fn trump_was_a_name(&mut self, at: LineRef, text: &[u8], emit: &mut impl FrameSink) -> bool {
        if text.first() != Some(&b'-') || self.mode != Mode::Auto {
            return false;
        }
        let State::Whist {
            pieces,
            begun: true,
            no_trump: false,
            cards: 0,
        } = self.state
        else {
            return false;
        };
        if pieces[0].len != 1 {
            return false;
        }
        if pieces[4].len > 0 {
            emit.frame(missing_terminator(Game::Whist, pieces[4]));
        }
        self.state = self.section_state(Some(Game::Choker));
        self.tokens_choker_hand(pieces[0], Shape::NameOnly, emit);
        self.tokens_choker_hand(at, Shape::of(text), emit);
        true
    }

    /// Whether the deal being read, begun without its trump after a deal in
    /// auto, has read whole bridge hands and not a deal's worth. The cards of a
    /// whist section whose `#` was left out may end there, and another section
    /// begin.
    fn at_hands_end(&self) -> bool {
        matches!(
            self.state,
            State::Whist {
                begun: true,
                no_trump: true,
                cards,
                ..
            } if cards > 0 && cards < DEAL && cards.is_multiple_of(HAND)
        ) && self.after_deals.is_some()
    }

    /// Whether `text`, after a deal without its trump read whole
    /// ([`Self::trumpless`]), says its cards were bridge hands. A card says so,
    /// as no deal starts so. So does a Choker hand, or a trump after cards that
    /// are no whole deck. A `#`, or a trump after a whole deck, says it was a
    /// deal.
    fn follows_hands(&self, text: &[u8]) -> bool {
        is_standard_card(text)
            || opens_choker(text)
            || lacks_its_dash(text)
            || (opens_whist(text) && !is_whole_deck(self.trumpless_deck))
    }

    /// The last token of the Choker section, before the current one.
    fn choker_last(&self) -> Option<LineRef> {
        match self.state {
            State::Choker { previous, .. } => previous,
            _ => None,
        }
    }

    /// `tokens_choker_hand = token | token , token | token , token , token ;`
    ///
    /// A token put into the hand being read, which is whole once its name, dash
    /// and cards are in. Fast path: [`TokenFramer::any_token`] takes a whole
    /// `name-cards` token between hands (`fast::token_shape`).
    fn tokens_choker_hand(&mut self, at: LineRef, shape: Shape, emit: &mut impl FrameSink) {
        if let State::Choker { hand, .. } = &mut self.state
            && let HandSoFar::Name(name) = *hand
            && (matches!(shape, Shape::Whole)
                || name.len > CARD_CHARACTERS && begins_a_hand(shape, at))
        {
            // A name with neither dash nor cards after it, or a hand whose dash
            // was left out. Such hands are `AlQDJDQCKDTD Bo-8C…`, and
            // `AlKGQGJGTGCG Bo - …`, whose cards are letters too. It is a hand
            // of its own, which its reading reports, before this one.
            *hand = HandSoFar::Nothing;
            self.tokens_choker_pair(name, emit);
        }
        let State::Choker { hand, previous, .. } = &mut self.state else {
            return;
        };
        let (whole, next) = match *hand {
            HandSoFar::Nothing => match shape {
                Shape::NameOnly => (None, HandSoFar::Name(at)),
                Shape::EndsWithDash => (None, HandSoFar::NameAndDash(at)),
                Shape::Dash | Shape::Whole | Shape::Other => (Some(at), HandSoFar::Nothing),
            },
            HandSoFar::Name(name) => match shape {
                Shape::Dash => (
                    None,
                    HandSoFar::NameAndDash(joined(name, at, &mut self.needs_blanks)),
                ),
                _ => (
                    Some(joined(name, at, &mut self.needs_blanks)),
                    HandSoFar::Nothing,
                ),
            },
            HandSoFar::NameAndDash(start) => (
                Some(joined(start, at, &mut self.needs_blanks)),
                HandSoFar::Nothing,
            ),
        };
        // A hand of several tokens on one line is read with its line ends
        // blanked too where a CR may stand between them.
        if !matches!(*hand, HandSoFar::Nothing) {
            self.needs_blanks |= self.carriage_returns;
        }
        *hand = next;
        *previous = Some(at);
        if let Some(whole) = whole {
            self.tokens_choker_pair(whole, emit);
        }
    }

    /// `tokens_choker_pair = tokens_choker_hand , tokens_choker_hand ;`
    ///
    /// A whole hand: the first of a pair, or its opponent.
    #[inline(always)]
    fn tokens_choker_pair(&mut self, hand: LineRef, emit: &mut impl FrameSink) {
        if let State::Choker { pairs, .. } = &mut self.state {
            pairs.hand(hand, emit);
        }
    }

    /// Reports the record left unfinished when a section ends.
    fn end_section(&mut self, emit: &mut impl FrameSink) {
        self.deal_as_hands(emit);
        match self.state {
            State::Bridge {
                hand,
                cards,
                section,
            } if cards > 0 => {
                emit.frame(problem(
                    Scope::Game(Game::Bridge),
                    Kind::SectionCardCount {
                        cards: section,
                        short: HAND - cards,
                    },
                    hand.span(),
                    hand,
                ));
            }
            State::Whist {
                pieces,
                begun: true,
                no_trump,
                cards,
            } => emit.frame(deal_cut_short(&pieces, cards, no_trump)),
            State::Choker {
                hand, mut pairs, ..
            } => {
                if let HandSoFar::Name(piece) | HandSoFar::NameAndDash(piece) = hand {
                    // A name without its cards: a hand of its own, which
                    // its reading reports.
                    pairs.hand(piece, emit);
                }
                if let Some(report) = pairs.unpaired(|hand| hand.number) {
                    emit.frame(report);
                }
            }
            _ => {}
        }
        self.state = State::Open;
    }

    /// After a section's terminator: the open, or nothing more to read
    /// when the input is one game.
    fn close_section(&mut self) {
        self.state = match self.mode {
            Mode::Auto => State::Open,
            Mode::Forced(_) => State::Closed { warned: false },
        };
    }
}

/// The game an input read as one game is; `None` in auto.
fn mode_game(mode: Mode) -> Option<Game> {
    match mode {
        Mode::Auto => None,
        Mode::Forced(game) => Some(game),
    }
}

/// The pieces from `first`'s start to `last`'s end, on `first`'s line;
/// `needs_blanks` is set when they are on different lines.
fn joined(first: LineRef, last: LineRef, needs_blanks: &mut bool) -> LineRef {
    *needs_blanks |= first.number != last.number;
    LineRef {
        len: first.through(last).len,
        ..first
    }
}

/// A Choker section opens with `name-cards` (or `name-` before the cards),
/// the only tokens with a dash after letters.
fn opens_choker(text: &[u8]) -> bool {
    let letters = text
        .iter()
        .take_while(|byte| byte.is_ascii_alphabetic())
        .count();
    letters > 0 && text.get(letters) == Some(&b'-')
}

/// A word of letters: a Choker name, when a dash follows it.
fn may_name_a_hand(text: &[u8]) -> bool {
    !text.is_empty() && text.iter().all(u8::is_ascii_alphabetic)
}

/// A Choker hand whose dash was left out (`Joey1C3S2G5D4D`): a name and ten
/// card characters. The lines layout knows a line that opens a Choker section
/// so. Its reader then reports the dash, with the fix.
fn lacks_its_dash(text: &[u8]) -> bool {
    text.len() > 10 && !text.contains(&b'-') && super::frame::opens_choker(text)
}

/// Whether `text`, read in a `current` section of bridge or Choker, opens
/// another section instead. A trump does. So does a Choker hand in a bridge
/// section, or one whose dash was left out where a hand begins. So does a card
/// in a Choker section. Only where a record begins (`at_record_start`) may a
/// word that can be a card or a Choker name do so.
fn opens_other_section(text: &[u8], at_record_start: bool, current: Game) -> bool {
    matches!(text, [byte] if *byte != b'#')
        || (at_record_start && super::whist::trump_meant(text).is_some() && text.len() > 2)
        || match current {
            Game::Choker => at_record_start && is_standard_card(text),
            _ => {
                (opens_choker(text) || (at_record_start && lacks_its_dash(text)))
                    && !is_standard_card(text)
            }
        }
}

/// Whether a Choker hand's token (`is_choker_hand_token`) may be read as a
/// trump meant ([`super::whist::trump_meant`]). Between pairs, such a token
/// opens a whist section. It starts with `trump` in any case. Or it is `nt` or
/// `notrump` spelt with dashes and underscores: an N and at most eight bytes
/// besides those. The shortcuts leave such tokens to the section's rules.
#[inline(always)]
fn may_be_a_trump(text: &[u8]) -> bool {
    // The letter in lower case: a byte is `t` or `T` exactly when it is `t`
    // with bit 5 set. Likewise for `n`. That is two compares, where a `match`
    // on the four letters makes a jump table.
    match text.first().map(|&byte| byte | 0x20) {
        Some(b't') => may_say_trump(text),
        Some(b'n') => may_say_no_trump(text),
        _ => false,
    }
}

/// `trump…`, in any case: out of the way of the other names.
#[cold]
#[inline(never)]
fn may_say_trump(text: &[u8]) -> bool {
    text.get(..5)
        .is_some_and(|start| start.eq_ignore_ascii_case(b"trump"))
}

/// An N and at most eight bytes besides dashes and underscores: out of
/// the way of the other names.
#[cold]
#[inline(never)]
fn may_say_no_trump(text: &[u8]) -> bool {
    // Where none of the last eight bytes after the first is a dash or an
    // underscore, there are nine bytes besides. (The first is the N, which
    // `may_be_a_trump` has seen.) One word tells this. Most Choker hands take
    // this exit, as their last ten bytes are cards. The count below takes about
    // 130 instructions a call.
    if let Some(last) = text.get(1..).and_then(<[u8]>::last_chunk::<8>) {
        let word = u64::from_le_bytes(*last);
        if !has_byte(word, b'-') && !has_byte(word, b'_') {
            return false;
        }
    }
    // Stops at the ninth such byte: a name's cards make most tokens long.
    text.iter()
        .filter(|&&byte| byte != b'-' && byte != b'_')
        .nth(8)
        .is_none()
}

/// Two bytes that are a card of the standard deck.
fn is_standard_card(text: &[u8]) -> bool {
    let alphabet = Game::Whist.alphabet();
    matches!(text, [rank, suit] if alphabet.rank(*rank).is_some() && alphabet.suit(*suit).is_some())
}

/// The cards a token stands for: one, or as many as a run of glued cards
/// (`KSQS`, `kskq`) holds.
fn cards_in(text: &[u8], game: Game) -> usize {
    if text.len() < 4 || !text.len().is_multiple_of(2) {
        return 1;
    }
    let alphabet = game.alphabet();
    let all_cards = text.chunks(2).all(|pair| {
        alphabet.rank(pair[0].to_ascii_uppercase()).is_some()
            && alphabet.suit(pair[1].to_ascii_uppercase()).is_some()
    });
    if all_cards { text.len() / 2 } else { 1 }
}

/// The shape of a Choker hand's token, as far as putting a hand together
/// needs it.
#[derive(Clone, Copy)]
enum Shape {
    /// Letters only: a name whose dash and cards follow.
    NameOnly,
    /// `name-` or `-`: the cards follow.
    EndsWithDash,
    /// A lone dash after a name.
    Dash,
    /// `name-cards`: a hand whole, which a name alone before it is not a
    /// part of.
    Whole,
    /// Anything else: a hand of its own (or the cards after a name).
    Other,
}

/// Whether `text`, after the held word, is a Choker hand's ten card characters.
/// They are written apart from the word, with a blank for the dash
/// (`Al 1C3S2G5D4D`). The word is then the hand's name, as the lines layout
/// reads such a line. Glued bridge cards after a card (`TC KSQSTH8H4H`) are not
/// such characters.
fn cards_after_a_name(held: &Held, text: &[u8]) -> bool {
    text.len() == CARD_CHARACTERS
        && !text.contains(&b'-')
        && super::frame::opens_choker(&[held.text(), b" ", text].concat())
}

/// The characters of a Choker hand's five cards.
const CARD_CHARACTERS: usize = 10;

/// Whether a token of `shape`, at `at`, after a word of letters, begins another
/// hand. Else it is that word's cards written apart. A name with its dash
/// begins one, and so does a word of letters that is not ten characters.
fn begins_a_hand(shape: Shape, at: LineRef) -> bool {
    match shape {
        Shape::EndsWithDash => true,
        Shape::NameOnly => at.len != CARD_CHARACTERS,
        _ => false,
    }
}

impl Shape {
    fn of(text: &[u8]) -> Self {
        match text {
            b"-" => Shape::Dash,
            [.., b'-'] if text[..text.len() - 1].iter().all(u8::is_ascii_alphabetic) => {
                Shape::EndsWithDash
            }
            _ if text.iter().all(u8::is_ascii_alphabetic) => Shape::NameOnly,
            _ if opens_choker(text) => Shape::Whole,
            _ => Shape::Other,
        }
    }
}

/// A deal cut short by a `#`, a new trump, or the end of the input. Gives what
/// the judge would have read: the cards it holds.
fn deal_cut_short(pieces: &[LineRef; 5], cards: usize, no_trump: bool) -> Frame {
    let first = pieces[0];
    let last = if cards == 0 {
        first
    } else {
        pieces[1 + ((cards - 1) / HAND).min(3)]
    };
    // The lines layout's report: the trump and the rows its cards begin.
    let lines = usize::from(!no_trump) + cards.div_ceil(HAND);
    problem_over(
        Scope::Game(Game::Whist),
        Kind::DealCutShort { lines },
        first,
        last,
    )
}

/// A deal read with a card where its trump belongs: its four rows without
/// their trump, as the lines layout reports them. Not evaluated.
fn missing_trump_line(pieces: &[LineRef; 5]) -> Frame {
    let (first, last) = (pieces[0], pieces[4]);
    problem(
        Scope::Game(Game::Whist),
        Kind::MissingTrumpLine { rows: 4 },
        first.span(),
        first,
    )
    .covering(
        first.through(last),
        "this deal is read, to stay in step, but not evaluated",
        (first, last),
    )
}

/// A terminator token with no section open to end.
fn stray_token(terminator: &'static str, at: LineRef) -> Frame {
    let span = at.span();
    stray(terminator, span, span, at)
}

/// A `#` right after 52 cards or more of a bridge section, from `first`. It may
/// end a whist deal that lost its trump, as the lines layout says of rows
/// before a `#`. The report covers those cards: the last 52, once
/// [`super::problem`] has the bytes.
fn stray_after_rows(first: LineRef, at: LineRef) -> Frame {
    stray_token(HASH, at).covering(
        Span::new(first.offset, at.offset - first.offset),
        "read as bridge hands: a whist deal without its trump?",
        (first, at),
    )
}

/// Tokens, each with the spaces after it, as one document: what the
/// property tests of the tokens layout generate their input from.
#[cfg(test)]
pub(crate) fn spaced(pieces: &[(&str, &str)]) -> Vec<u8> {
    pieces
        .iter()
        .flat_map(|(token, space)| [token.as_bytes(), space.as_bytes()])
        .flatten()
        .copied()
        .collect()
}

#[cfg(test)]
mod tests {
    use proptest::prelude::*;

    use super::*;
    use crate::syntax::Lines;

    /// Whole hands and deals of plain pairs, which the framer takes in runs and
    /// frames as placed. Drawn a token at a time, thirteen pairs in a row are
    /// rare. Now and then a pair is no card, or a word that might name a Choker
    /// hand (`Al`) stands where a hand of pairs may end.
    fn card_pair() -> impl Strategy<Value = &'static str> + Clone {
        prop::sample::select(vec![
            "AS", "KH", "TD", "2C", "9S", "QD", "JH", "3C", "AS", "KH", "TD", "2C", "9S", "QD",
            "JH", "3C", "1C", "Al",
        ])
    }

    /// The blanks between tokens: spaces mostly, and every other kind.
    fn blank() -> impl Strategy<Value = &'static str> + Clone {
        prop::sample::select(vec![" ", " ", " ", "\t", "\n", "\n", "\r\n", "  ", "\r"])
    }

    /// Choker hands in a row. Now and then one has a name that may say a trump,
    /// or is long, or holds bytes above ASCII. Now and then a long run of
    /// blanks spaces them.
    fn choker_hands() -> impl Strategy<Value = Vec<u8>> {
        let choker_hand = prop::sample::select(vec![
            "Bob-2C3D4H5S6G",
            "Ann-TSJSQSKSAS",
            "Al-1C3S2G5D4D",
            "Zed-AS2S3S4S5S",
            "Bob-2C3D4H5S6G",
            "Ann-TSJSQSKSAS",
            "Trump-1C3S2G5D4D",
            "Nt-__________",
            "Abcdefghijklmnopqrstuvwxyz-2C3D4H5S6G",
            "Abcdefghijklmnopq-2C3D4H5S6G",
            "\u{e9}t\u{e9}-ASKSQSJSTS",
        ]);
        let choker_space = prop_oneof![
            12 => blank(),
            1 => prop::sample::select(vec![
                "                                        ",
                "\n\n\n\n\n\n\n\n\n\n\n\n\n\n\n\n\n\n\n\n\n\n\n\n\n\n\n\n\n\n\n\n\n\n\n",
                " \n \n \n \n \n \n \n \n \n \n \n \n \n \n \n \n \n \n \n \n \n",
            ]),
        ];
        prop::collection::vec((choker_hand, choker_space), 2..80).prop_map(|hands| spaced(&hands))
    }

    /// Documents of tokens of every game and of every shape the framer
    /// tells apart, cards most often, with spaces of every kind.
    fn document() -> impl Strategy<Value = Vec<u8>> {
        let token = prop::sample::select(vec![
            "AS",
            "KH",
            "TD",
            "2C",
            "9S",
            "QD",
            "AS",
            "KH",
            "TD",
            "2C",
            "S",
            "H",
            "#",
            "END",
            "KSQS",
            "A-",
            "-",
            "Joe",
            "Joe-",
            "Joe-ASKSQS",
            "Bob-2C3D4H5S6G",
            "Ann-TSJSQSKSAS",
            "10H",
            "Trump-1C3S2G5D4D",
            "Nt-__________",
            "AC A- 4C AS 7S 4S AD TD 7D 5D AH 7H 5H",
            "Spades",
            "AS-",
            "-AS",
            "x",
            "kh",
            "Al",
            "Al1C3S2G5D4D",
            "AlQDJDQCKDTD",
            "SPADES",
        ]);
        let space = blank();
        let card = card_pair();
        let cards = |count: std::ops::Range<usize>| {
            prop::collection::vec((card.clone(), space.clone()), count)
        };
        let trump = prop::sample::select(vec!["S", "H", "D", "C"]);
        let piece = prop_oneof![
            12 => (token, space.clone()).prop_map(|piece| spaced(&[piece])),
            1 => choker_hands(),
            1 => cards(13..14).prop_map(|hand| spaced(&hand)),
            // Hands in a row, each one run of plain pairs.
            1 => cards(26..520).prop_map(|hands| spaced(&hands)),
            1 => (trump, space.clone(), cards(52..53))
                .prop_map(|(trump, after, deal)| [spaced(&[(trump, after)]), spaced(&deal)].concat()),
        ];
        // Now and then a hand holding a control byte, a token that is no plain
        // pair. It comes in a few documents only, so that most blocks
        // are read as usual. Now and then the spaces at the end are trimmed:
        // the last token then ends the input.
        let control = prop::sample::select(vec!["Bob-2C3D\u{1}4H5S6G ", "Bob-2C3D4H5S6G\u{b}\n"]);
        (
            prop::collection::vec(piece, 0..300),
            prop::option::weighted(0.2, (any::<prop::sample::Index>(), control)),
            any::<bool>(),
        )
            .prop_map(|(mut pieces, control, trimmed)| {
                if let Some((at, hand)) = control {
                    pieces.insert(at.index(pieces.len() + 1), hand.as_bytes().to_vec());
                }
                let mut document = pieces.concat();
                while trimmed && document.last().is_some_and(|&byte| is_space(byte)) {
                    document.pop();
                }
                document
            })
    }

    /// The frames, and where the cards of each record framed as placed lie,
    /// with how many it has. The cards lie from its first card to its last.
    #[derive(Default)]
    struct Framed {
        frames: Vec<Frame>,
        placed: Vec<(Span, usize)>,
        /// Each placed row, with the starts the framer kept.
        starts: Vec<PlacedRow>,
    }

    impl FrameSink for Framed {
        fn frame(&mut self, frame: Frame) {
            self.frames.push(frame);
        }

        fn bridge_placed(&mut self, hand: PlacedRow) {
            self.placed.push((hand.line.span(), HAND));
            self.starts.push(hand);
            self.bridge(hand.line);
        }

        fn whist_placed(&mut self, rows: &[PlacedRow; 5]) {
            let cards = rows[1].line.through(rows[4].line);
            self.placed.push((cards, DEAL));
            self.starts.extend_from_slice(&rows[1..]);
            self.whist(&rows.map(|row| row.line));
        }
    }

    fn mode() -> impl Strategy<Value = Mode> {
        prop::sample::select(vec![
            Mode::Auto,
            Mode::Forced(Game::Bridge),
            Mode::Forced(Game::Choker),
            Mode::Forced(Game::Whist),
        ])
    }

    /// The frames of `bytes` fed a line at a time, token by token, through the
    /// section's rules alone: the grammar's reading, which a block's must equal.
    fn line_by_line_frames(bytes: &[u8], mode: Mode) -> Vec<Frame> {
        let mut frames = Vec::new();
        let mut token_framer = TokenFramer::new(mode);
        for line in Lines::new(Block { bytes, base: 0 }, 1) {
            token_framer.line(&line, &mut |frame| frames.push(frame));
        }
        token_framer.finish(&mut |frame| frames.push(frame));
        frames
    }

    /// A section of whist deals framed through the token index may end
    /// without its `#`. That is told at the last deal's last card, on its
    /// line, as the line-by-line framer tells it.
    #[test]
    fn whole_deals_cut_short_are_told_at_the_last_card() {
        let deck: Vec<String> = "SHDC"
            .chars()
            .flat_map(|suit| {
                "23456789TJQKA"
                    .chars()
                    .map(move |rank| format!("{rank}{suit}"))
            })
            .collect();
        let deal = |trump: &str, blank: &str| format!("{trump}{blank}{}", deck.join(blank));
        let text = [deal("S", " "), deal("H", "\n"), deal("D", " \t")].join("\n");
        let bytes = text.as_bytes();
        let by_lines = line_by_line_frames(bytes, Mode::Auto);
        let mut by_blocks = Framed::default();
        let mut framer = TokenFramer::new(Mode::Auto);
        framer.block(Isa::detect(), Block { bytes, base: 0 }, 1, &mut by_blocks);
        framer.finish(&mut by_blocks);
        assert_eq!(by_blocks.frames, by_lines);
        let Some(Frame::Problem { diagnostic, lines }) = by_blocks.frames.last() else {
            panic!(
                "no report of the missing terminator: {:?}",
                by_blocks.frames
            );
        };
        let last_card = text.len() - 2;
        assert_eq!(diagnostic.span, Span::new(last_card, 2));
        assert_eq!(lines.1.number, 1 + text.matches('\n').count());
    }

    /// Two bytes, neither a dash: what the token index calls a plain pair
    /// (`fast::token_index`), a token that is one card's place, whatever its
    /// bytes.
    fn is_plain_pair(text: &[u8]) -> bool {
        matches!(text, [first, second] if *first != b'-' && *second != b'-')
    }

    /// No plain pair opens another section in a bridge hand, or ends one. The
    /// test tries every pair. So the rules that `plain_run` skips for a run of
    /// plain pairs would not answer.
    #[test]
    fn a_plain_pair_opens_and_ends_no_section() {
        for first in 0..=u8::MAX {
            for second in 0..=u8::MAX {
                let token = [first, second];
                if !is_plain_pair(&token) {
                    continue;
                }
                assert!(terminator(&token).is_none());
                for at_record_start in [false, true] {
                    assert!(
                        !opens_other_section(&token, at_record_start, Game::Bridge),
                        "{token:?}"
                    );
                }
            }
        }
    }

    /// The Choker hands that are trumps meant are told, by name and by
    /// spelling alone.
    #[test]
    fn choker_hands_that_are_trumps_meant_are_told() {
        for token in [
            &b"Trump-1C3S2G5D4D"[..],
            b"trumps-AS2C3D4H5S",
            b"Nt-__________",
            b"No_trump-__________",
        ] {
            assert!(
                is_choker_hand_token(token),
                "{}",
                String::from_utf8_lossy(token)
            );
            assert!(
                opens_other_section(token, true, Game::Choker),
                "{}",
                String::from_utf8_lossy(token)
            );
            assert!(may_be_a_trump(token), "{}", String::from_utf8_lossy(token));
        }
        for token in [
            &b"Tom-1C3S2G5D4D"[..],
            b"Nico-AS2C3D4H5S",
            b"Joe-ASKSQSJSTS",
        ] {
            assert!(is_choker_hand_token(token) && !may_be_a_trump(token));
        }
    }

    /// Around eight bytes besides the dashes and underscores, where the
    /// word test and the count meet.
    #[test]
    fn a_no_trump_has_at_most_eight_bytes_besides() {
        for (token, no_trump) in [
            (&b"n"[..], true),
            (b"N1111111", true),
            (b"N11111111", false),
            (b"N1111111-", true),
            (b"N11111111-", false),
            (b"N-1111111_", true),
            (b"n-__________", true),
            (b"Nico-AS2C3D4H5S", false),
        ] {
            assert_eq!(
                may_say_no_trump(token),
                no_trump,
                "{}",
                String::from_utf8_lossy(token)
            );
        }
    }

    proptest! {
        /// The word test of `may_say_no_trump` answers as the count does:
        /// an N and at most eight bytes besides dashes and underscores.
        #[test]
        fn a_no_trump_is_told_as_counted(
            rest in prop::collection::vec(prop::sample::select(b"-_nN1CS".to_vec()), 0..20),
        ) {
            let token = [&b"N"[..], &rest].concat();
            let besides = token.iter().filter(|&&byte| byte != b'-' && byte != b'_').count();
            prop_assert_eq!(may_say_no_trump(&token), besides <= 8);
        }

        /// A Choker hand the shortcuts take whole opens no other section
        /// and ends none: the rules they skip would not answer.
        #[test]
        fn the_shortcuts_skip_no_section_rule(
            name in prop::sample::select(vec!["Trump", "trumps", "TRUMP", "Tramp", "Nt", "no", "n", "t", "Nico", "Joe", "Ann", "A", "S"]),
            middle in prop::collection::vec(prop::sample::select(b"-_rump".to_vec()), 0..4),
            cards in prop::collection::vec(prop::sample::select(b"-_1CDHS".to_vec()), 0..11),
            at_record_start in any::<bool>(),
        ) {
            let token = [name.as_bytes(), &middle, b"-", &cards].concat();
            if is_choker_hand_token(&token) && !may_be_a_trump(&token) {
                prop_assert!(terminator(&token).is_none());
                prop_assert!(!opens_other_section(&token, at_record_start, Game::Choker));
            }
        }

        /// A document is framed a block at a time, through the token index. It
        /// is cut after any space, as the reader cuts. It gives the frames it
        /// gives when fed line by line through the grammar's rules alone,
        /// without the shortcuts of `plain_run` and `any_token`. Each block
        /// gives the number of the line after it.
        #[test]
        fn blocks_frame_as_lines_do(
            bytes in document(),
            mode in mode(),
            cuts in prop::collection::vec(any::<prop::sample::Index>(), 0..6),
        ) {
            let by_lines = line_by_line_frames(&bytes, mode);

            let spaces: Vec<usize> = (0..bytes.len()).filter(|&at| is_space(bytes[at])).collect();
            let mut cuts: Vec<usize> = cuts
                .iter()
                .filter(|_| !spaces.is_empty())
                .map(|cut| spaces[cut.index(spaces.len())] + 1)
                .collect();
            cuts.push(bytes.len());
            cuts.sort_unstable();
            cuts.dedup();
            let mut by_blocks = Framed::default();
            let mut framer = TokenFramer::new(mode);
            let (mut start, mut line) = (0, 1);
            for end in cuts {
                let next = framer.block(
                    Isa::detect(),
                    Block { bytes: &bytes[start..end], base: start },
                    line,
                    &mut by_blocks,
                );
                // The line after the block's last, a last line without
                // its line feed counted.
                let cut_in_line = end > start && bytes[end - 1] != b'\n';
                let lines_before = memchr::memchr_iter(b'\n', &bytes[..end]).count();
                prop_assert_eq!(next, 1 + lines_before + usize::from(cut_in_line));
                line = next - usize::from(cut_in_line);
                start = end;
            }
            framer.finish(&mut by_blocks);
            prop_assert_eq!(by_blocks.frames, by_lines);
            // What `fast::placed` reads a placed record by: its cards'
            // bytes are tokens, as many as its cards, each a plain pair.
            for (cards, count) in by_blocks.placed {
                let (_, read) = tokens(&bytes[cards.offset..cards.offset + cards.len]).unwrap();
                prop_assert_eq!(read.len(), count);
                prop_assert!(read.iter().all(|token| is_plain_pair(token)));
            }
            // The starts it kept of a placed row are its tokens' starts.
            for row in by_blocks.starts.iter().filter(|row| row.starts != 0) {
                let text = &bytes[row.line.offset..row.line.offset + row.line.len];
                let (_, read) = tokens(text).unwrap();
                let starts = read
                    .iter()
                    .fold(0u64, |bits, token| bits | 1 << text.offset(token));
                prop_assert_eq!(read.len(), HAND);
                prop_assert_eq!(row.starts, starts);
            }
        }
    }
}
