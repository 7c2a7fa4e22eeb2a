//! The document layer (`grammar/document.ebnf`). It decides which lines make a
//! record, and which section, of which game, each record belongs to.
//!
//! The `Framer` sees one line at a time and never fails. It holds a few lines
//! at most, as positions:
//! - an unfinished record: a Choker hand waiting for its opponent, or a whist
//!   deal still short of lines;
//! - lines whose reading waits for the line after them. Those are a doubtful
//!   deal, rows where a trump line belongs, or the rows after a `#` that cut a
//!   deal short. A run of prose up to 32 KiB waits too.
//!
//! So input can be fed to it in blocks of any size, and memory does not grow
//! with the input. A line only shown in a report is let go when it lies far
//! behind.

use super::fast::framing as fast;
use super::frame::{
    END, Frame, FrameSink, Framing, HASH, Layout, MAX_JUNK_BYTES, Mode, OtherTerminator, Pairs,
    after_terminator, has_more_tokens_than, line_too_long, missing_terminator, opens_choker,
    opens_whist, problem, problem_over, problem_showing, stray, terminator, wrong_terminator,
};
use super::{Block, Line, LineRef, Lines};
use crate::ast::{Game, Name, Span};
use crate::diagnostic::{Kind, Scope};

#[derive(Clone, Copy, Debug)]
enum State {
    /// Between sections, or inside a bridge section: the two are one state
    /// because a bridge section ends at any line that opens another.
    Open,
    Choker {
        pairs: Pairs,
    },
    Whist {
        lines: [LineRef; 5],
        count: usize,
        /// Whether the deal's first line surely opens whist, or only may. It
        /// surely does as a suit letter, or as any line inside a whist section.
        /// It only may between bridge hands, as a line that names a trump
        /// (`Hearts`, `NT`) or is one character. Such a deal is held whole
        /// until the line after it decides. A `#` or a trump line says a whist
        /// section goes on. Otherwise the rows were bridge hands after a stray
        /// line.
        sure: bool,
    },
    /// Whist, `--game auto`: lines of cards where a trump line or `#` belongs.
    /// They are held until the line after the fourth. If a `#` or a trump line
    /// follows, a deal lost its trump line. If anything else follows, the `#`
    /// was left out before bridge hands.
    Rows {
        rows: [LineRef; 4],
        count: usize,
        /// The last line of the deal before them, where the missing `#`
        /// belongs.
        after: LineRef,
        /// Their cards ([`super::into_deck`]): four rows that are a whole
        /// deck are a deal, else bridge hands.
        deck: Option<u64>,
    },
    /// `--game auto`, after a `#` (or a line meaning one) that cut a deal
    /// short. The lines of cards after it are held, up to the deal's missing
    /// number. The line after them decides what they were. If a `#` or a trump
    /// line follows, they were the rest of the deal. If anything else follows,
    /// they were bridge hands. The report of the cut deal covers them either
    /// way.
    AfterCut {
        deal: [LineRef; 5],
        dealt: usize,
        rows: [LineRef; 4],
        count: usize,
    },
    /// `--game auto`: a run of lines that hold no card, such as prose or a
    /// README walked into. It is held as its first and last line, so the run is
    /// one report. It may be within a bridge section or between sections.
    Junk {
        first: LineRef,
        last: LineRef,
        /// From the first line's text to the last's.
        span: Span,
        lines: usize,
        in_bridge: bool,
    },
    /// `--game` forced input after its terminator: nothing more is read.
    Closed {
        warned: bool,
    },
}

impl State {
    /// A whist section between deals. `last` is the last line of the deal
    /// before, where a `#` left out after it is reported.
    fn between_deals(last: LineRef) -> Self {
        State::Whist {
            lines: [last; 5],
            count: 0,
            sure: true,
        }
    }
}

/// Groups lines into [`Frame`]s, as a state machine over lines. It runs the
/// grammar's `document`, `section` and the three `*_section` rules.
#[derive(Debug)]
pub(crate) struct Framer {
    mode: Mode,
    state: State,
    last_line: Option<LineRef>,
    /// The last line read into the current Choker section. A missing `END` is
    /// reported there when the next section starts without one.
    last_choker_line: Option<LineRef>,
    /// The suit a doubtful deal's first line named (`Hearts`), if any. Its
    /// report offers it as the fix.
    doubtful_trump: Option<u8>,
    /// A doubtful deal opened by a damaged trump line (`SH`, `H.`). Only rows
    /// that are one whole deck prove it whist. `None` for any other deal.
    damaged_trump: Option<DamagedTrump>,
    /// The other game's terminator between records, held with the section's
    /// state until the next line says what it is. Meanwhile the state is
    /// closed.
    other_terminator: Option<Box<OtherTerminator<State>>>,
    /// The last bridge hands read in a row, up to four. Also how many there
    /// were since the last line of another kind. A `#` right after them says
    /// they may have been a whist deal that lost its trump line. That report
    /// then covers them.
    recent_rows: [LineRef; 4],
    recent_count: usize,
    /// Where the last line read starts, blank or not. It tells how far behind
    /// lie the lines a report may show.
    latest: usize,
}

impl Framing for Framer {
    const LAYOUT: Layout = Layout::Lines;
    const READS_LONG_LINES: bool = false;

    fn new(mode: Mode) -> Self {
        let state = match mode {
            Mode::Auto | Mode::Forced(Game::Bridge) => State::Open,
            Mode::Forced(Game::Choker) => State::Choker {
                pairs: Pairs::default(),
            },
            Mode::Forced(Game::Whist) => State::between_deals(LineRef::default()),
        };
        Self {
            mode,
            state,
            last_line: None,
            last_choker_line: None,
            doubtful_trump: None,
            damaged_trump: None,
            other_terminator: None,
            recent_rows: [LineRef::default(); 4],
            recent_count: 0,
            latest: 0,
        }
    }

    /// Feeds one line of the document.
    ///
    /// Each state nearly always sees one kind of line: a bridge hand, a Choker
    /// hand, a deal's trump line or play line. That line is recognised here
    /// from a few bytes and framed at once. Every other line takes the rules
    /// below.
    #[inline(always)]
    fn line(&mut self, line: &Line<'_>, emit: &mut impl FrameSink) {
        let reference = line.reference();
        match &mut self.state {
            State::Open if fast::starts_like_card_row(line.text) => {
                self.last_line = Some(reference);
                self.recent_rows[self.recent_count % 4] = reference;
                self.recent_count += 1;
                emit.bridge(reference);
            }
            State::Choker { pairs } if fast::looks_like_choker_hand(line.text) => {
                self.last_line = Some(reference);
                self.last_choker_line = Some(reference);
                pairs.hand(reference, emit);
            }
            State::Whist {
                lines,
                count,
                sure: true,
            } if *count == 0 && fast::is_trump_letter(line.text) => {
                self.last_line = Some(reference);
                lines[0] = reference;
                *count = 1;
            }
            State::Whist {
                lines,
                count,
                sure: true,
            } if *count > 0 && fast::starts_like_card_row(line.text) => {
                self.last_line = Some(reference);
                lines[*count] = reference;
                *count += 1;
                if *count == lines.len() {
                    emit.whist(lines);
                    *count = 0;
                }
            }
            _ => self.other_line(line, emit),
        }
    }

    /// A line too long to read. It is reported, and it ends any record it would
    /// have belonged to. So no line before it has to be kept while the rest of
    /// it is skipped. `line` holds its first bytes only.
    fn overlong_line(&mut self, line: &Line<'_>, emit: &mut impl FrameSink) {
        self.resume_after_other_terminator(None, emit);
        self.end_held(emit);
        self.recent_count = 0;
        let (shown, report) = line_too_long(line);
        self.last_line = Some(shown);
        emit.frame(report);
    }

    /// The end of the input: reports what was left open.
    fn finish(&mut self, emit: &mut impl FrameSink) {
        let last = self.last_line;
        let open = match self.other_terminator.take().map(|other| *other) {
            Some(other) => {
                // The section's terminator, written wrong: it closed the
                // section.
                emit.frame(other.wrong);
                self.state = other.section;
                self.end_held(emit);
                None
            }
            None => self.end_held(emit),
        };
        if let (Some(game), Some(last)) = (open, last) {
            emit.frame(missing_terminator(game, last));
        }
        self.state = State::Open;
    }

    /// The offset of the first line the framer still holds. The input from
    /// there on must stay available until the next call.
    fn holds_from(&self) -> Option<usize> {
        // Held with the other game's terminator: its section's record, else
        // its line, whose ending the stray report takes.
        let (state, terminator) = match &self.other_terminator {
            Some(other) => (other.section, Some(other.at.offset)),
            None => (self.state, None),
        };
        match state {
            State::Choker {
                pairs:
                    Pairs {
                        waiting: Some(line),
                        ..
                    },
            } => Some(line.offset),
            State::Whist { lines, count, .. } if count > 0 => Some(lines[0].offset),
            // The rows, which may become records. The line before them is only
            // shown in a report, and may be let go.
            State::Rows { rows, .. } => Some(rows[0].offset),
            State::AfterCut { deal, .. } => Some(deal[0].offset),
            // Lines only shown in a report are held while they are near. So a
            // run of blank lines after them is not kept in memory.
            State::Junk { first, .. }
                if self.latest.saturating_sub(first.offset) <= MAX_JUNK_BYTES =>
            {
                Some(first.offset)
            }
            State::Open
                if self.recent_count > 0
                    && self.latest.saturating_sub(self.oldest_recent_row().offset)
                        <= MAX_JUNK_BYTES =>
            {
                Some(self.oldest_recent_row().offset)
            }
            _ => None,
        }
        .or(terminator)
    }

    fn take_needs_blanks(&mut self) -> bool {
        false
    }

    /// The game of the Choker or whist section being read, for the trace's
    /// notes. `None` between sections and in a bridge section.
    fn section_game(&self) -> Option<Game> {
        match self.state {
            State::Choker { .. } => Some(Game::Choker),
            State::Whist { sure: true, .. } | State::Rows { .. } | State::AfterCut { .. } => {
                Some(Game::Whist)
            }
            _ => None,
        }
    }
}

impl Framer {
    /// Reports what the framer holds where reading cannot go on with it: at a
    /// line too long to read, and at the end of the input. That is a record
    /// begun, or lines whose reading waits for the next. A Choker or whist
    /// section stays open, its record dropped; its game is returned.
    fn end_held(&mut self, emit: &mut impl FrameSink) -> Option<Game> {
        match &mut self.state {
            State::Choker { pairs } => {
                if let Some(report) = pairs.unpaired(line_before) {
                    emit.frame(report);
                }
                return Some(Game::Choker);
            }
            State::Whist {
                lines,
                count,
                sure: false,
            } if *count > 0 => {
                let (lines, count) = (*lines, *count);
                self.doubtful_deal_was_bridge(&lines, count, emit);
                if matches!(self.state, State::Junk { .. }) {
                    self.end_junk(emit);
                }
            }
            State::Whist { lines, count, .. } => {
                if *count > 0 {
                    emit.frame(cut_short(lines, *count));
                }
                *count = 0;
                return Some(Game::Whist);
            }
            State::Rows {
                rows, count, after, ..
            } => {
                hash_left_out(*after, &rows[..*count], emit);
                self.state = State::Open;
            }
            State::AfterCut {
                deal,
                dealt,
                rows,
                count,
            } => {
                cut_was_followed_by_bridge(deal, *dealt, &rows[..*count], emit);
                self.state = State::Open;
            }
            State::Junk { .. } => self.end_junk(emit),
            State::Open | State::Closed { .. } => {}
        }
        None
    }

    /// A line that is not the usual one of its state.
    #[inline(never)]
    pub(in crate::syntax) fn other_line(&mut self, line: &Line<'_>, emit: &mut impl FrameSink) {
        self.latest = line.offset;
        if line.is_blank() {
            return;
        }
        if self.other_terminator.is_some() {
            self.resume_after_other_terminator(Some(line), emit);
            self.line(line, emit);
            return;
        }
        if let Some(terminator) = terminator_meant_in_one_game(self.mode, line.trimmed()) {
            // In a document of one game, the other game's terminator before any
            // record closes nothing. Read as the wrong terminator, its fix
            // would end the section there. Between records, the next line says
            // which it is.
            match self.state {
                _ if self.last_line.is_none() => {
                    emit.frame(stray_line(terminator, line));
                    return;
                }
                State::Choker { .. } | State::Whist { sure: true, .. } => {
                    self.defer_other_terminator(terminator, line);
                    return;
                }
                _ => {}
            }
        }
        if self.mode == Mode::Auto
            && line.trimmed() == HASH.as_bytes()
            && matches!(
                self.state,
                State::Choker {
                    pairs: Pairs {
                        waiting: Some(_),
                        ..
                    }
                }
            )
        {
            // Between a pair's hands, in auto. If a hand follows and makes the
            // pair, this is a stray `#`. Else it is the section's `END` written
            // wrong.
            self.defer_other_terminator(HASH, line);
            return;
        }
        let reference = line.reference();
        self.last_line = Some(reference);
        match self.state {
            State::Open => self.section(line, emit),
            State::Choker { .. } => self.choker_section(line, emit),
            State::Whist {
                count: 0,
                sure: true,
                ..
            } => {
                if !self.whist_records_on_one_line(line, emit) {
                    self.whist_section(line, emit);
                }
            }
            State::Whist { .. } => self.whist_section(line, emit),
            State::Rows { .. } => self.rows(line, emit),
            State::AfterCut { .. } => self.after_cut(line, emit),
            State::Junk { .. } => self.junk(line, emit),
            State::Closed { warned } => {
                if !warned {
                    self.state = State::Closed { warned: true };
                    emit.frame(after_terminator(self.mode, line.content_span(), reference));
                }
            }
        }
    }

    /// A line after the other game's terminator ([`Framer::other_terminator`]),
    /// or `None` for a line too long to read. The terminator was a stray line,
    /// and the section goes on.
    fn resume_after_other_terminator(
        &mut self,
        next: Option<&Line<'_>>,
        emit: &mut impl FrameSink,
    ) {
        let Some(other) = self.other_terminator.take().map(|other| *other) else {
            return;
        };
        if self.mode == Mode::Auto && !next.is_some_and(|line| is_choker_hand_line(line.text)) {
            // In auto, no hand follows a `#` between a pair's hands. So it was
            // the section's `END` written wrong after all.
            emit.frame(other.wrong);
            if let State::Choker { mut pairs } = other.section
                && let Some(report) = pairs.unpaired(line_before)
            {
                emit.frame(report);
            }
            self.state = State::Open;
            return;
        }
        emit.frame(other.stray);
        self.state = other.section;
    }

    /// The first of [`Framer::recent_rows`] still held.
    fn oldest_recent_row(&self) -> LineRef {
        if self.recent_count <= 4 {
            self.recent_rows[0]
        } else {
            self.recent_rows[self.recent_count % 4]
        }
    }

    /// `section = whist_section | choker_section | bridge_section ;`: a
    /// line read outside Choker and whist sections.
    fn section(&mut self, line: &Line<'_>, emit: &mut impl FrameSink) {
        let reference = line.reference();
        if starts_like_card_row(line.text) {
            self.bridge_section(reference, emit);
            return;
        }
        let trimmed = line.trimmed();
        let recent = std::mem::take(&mut self.recent_count);
        if let Some(terminator) = terminator(trimmed) {
            self.stray_terminator(terminator, line, recent, emit);
            return;
        }
        if self.mode == Mode::Auto {
            if self.whist_records_on_one_line(line, emit) {
                return;
            }
            let damaged_trump = is_damaged_trump(trimmed) && !opens_choker(trimmed);
            if opens_whist(trimmed) || damaged_trump {
                let sure = super::whist::trump_line(trimmed).is_ok();
                if !sure {
                    self.doubtful_trump = super::whist::trump_meant(trimmed).flatten();
                }
                self.damaged_trump = damaged_trump.then(|| DamagedTrump {
                    deck: Some(0),
                    prose: is_prose(line).then(|| (line.content_span(), recent > 0)),
                });
                self.state = State::Whist {
                    lines: [reference; 5],
                    count: 1,
                    sure,
                };
                return;
            }
            if opens_choker(trimmed) {
                let mut pairs = Pairs::default();
                self.state = State::Choker { pairs };
                if !self.choker_records_on_one_line(line, emit) {
                    pairs.hand(reference, emit);
                    self.state = State::Choker { pairs };
                    self.last_choker_line = Some(reference);
                }
                return;
            }
            if let Err(error) = std::str::from_utf8(trimmed)
                && !opens_bridge(trimmed)
            {
                let span = line.span_of(&trimmed[error.valid_up_to()..][..1]);
                emit.frame(problem(Scope::Document, Kind::InvalidUtf8, span, reference));
                return;
            }
            if is_prose(line) {
                self.state = State::Junk {
                    first: reference,
                    last: reference,
                    span: line.content_span(),
                    lines: 1,
                    in_bridge: recent > 0,
                };
                return;
            }
        }
        self.bridge_section(reference, emit);
    }

    /// A terminator outside the section it closes, after `recent` bridge hands.
    /// A `#` right after them may end a whist deal whose trump line was lost.
    /// They were evaluated as bridge hands; the report covers them.
    fn stray_terminator(
        &mut self,
        terminator: &'static str,
        line: &Line<'_>,
        recent: usize,
        emit: &mut impl FrameSink,
    ) {
        let frame = stray_line(terminator, line);
        if terminator != HASH || recent == 0 {
            emit.frame(frame);
            return;
        }
        self.recent_count = recent;
        let first = self.oldest_recent_row();
        let last = self.recent_rows[(recent - 1) % 4];
        self.recent_count = 0;
        emit.frame(frame.covering(
            first.through(last),
            "read as bridge hands: a whist deal without its trump line?",
            (first, line.reference()),
        ));
    }

    /// A line after a run of lines that hold no card. The run goes on while the
    /// lines hold none, up to a size, so what is held stays small. It is
    /// reported once when it ends.
    fn junk(&mut self, line: &Line<'_>, emit: &mut impl FrameSink) {
        let State::Junk {
            first,
            last,
            span,
            lines,
            ..
        } = &mut self.state
        else {
            unreachable!("junk is called in the junk state only");
        };
        let trimmed = line.trimmed();
        let prose = terminator(trimmed).is_none()
            && !opens_whist(trimmed)
            && !opens_choker(trimmed)
            && !starts_like_card_row(line.text)
            && is_prose(line);
        if prose && line.offset + line.text.len() - first.offset <= MAX_JUNK_BYTES {
            *last = line.reference();
            *span = span.to(line.content_span());
            *lines += 1;
            return;
        }
        self.end_junk(emit);
        self.recent_count = 0;
        self.section(line, emit);
    }

    /// Reports a run of lines that hold no card, once. Inside a bridge section,
    /// they are lines that are no hands. Elsewhere, they are lines that open no
    /// section. A run of one line in a bridge section gets the report of a
    /// single line.
    fn end_junk(&mut self, emit: &mut impl FrameSink) {
        let State::Junk {
            first,
            last,
            span,
            lines,
            in_bridge,
        } = std::mem::replace(&mut self.state, State::Open)
        else {
            unreachable!("end_junk is called in the junk state only");
        };
        let (scope, kind) = match (in_bridge, lines) {
            (true, 1) => (Scope::Game(Game::Bridge), Kind::UnrecognisedLine),
            (true, _) => (Scope::Game(Game::Bridge), Kind::UnrecognisedLines { lines }),
            (false, _) => (
                Scope::Document,
                Kind::UnrecognisedSection {
                    read_as_bridge: None,
                    lines,
                },
            ),
        };
        emit.frame(problem_showing(scope, kind, span, (first, last)));
    }

    /// `bridge_section = bridge_hand , { bridge_hand } ;`: every line is a
    /// hand. Fast path: [`Framer::line`] frames a line shaped like a row of
    /// cards at once (`fast::framing::starts_like_card_row`).
    fn bridge_section(&mut self, line: LineRef, emit: &mut impl FrameSink) {
        self.recent_rows[self.recent_count % 4] = line;
        self.recent_count += 1;
        emit.bridge(line);
    }

    /// A line of whist deals written as the judges read them, a trump and 52
    /// cards each. It is one report, which names the tokens layout. A `#` at
    /// its end closes the section. Without one, the section goes on, so a `#`
    /// on a later line closes it. `false` when the line is no such line.
    fn whist_records_on_one_line(&mut self, line: &Line<'_>, emit: &mut impl FrameSink) -> bool {
        let trimmed = line.trimmed();
        if !has_more_tokens_than(trimmed, 52) {
            return false;
        }
        let Some(
            kind @ Kind::RecordsOnOneLine {
                game: Game::Whist, ..
            },
        ) = super::read::records_on_one_line(line)
        else {
            return false;
        };
        let reference = line.reference();
        emit.frame(problem(
            Scope::Game(Game::Whist),
            kind,
            line.content_span(),
            reference,
        ));
        self.state = if trimmed.ends_with(HASH.as_bytes()) {
            self.after_terminator()
        } else {
            State::between_deals(reference)
        };
        true
    }

    /// A line of Choker pairs written as the judges read them, both hands of a
    /// pair on it. It is one report, which names the tokens layout. An `END` at
    /// its end closes the section. `false` when the line is no such line.
    fn choker_records_on_one_line(&mut self, line: &Line<'_>, emit: &mut impl FrameSink) -> bool {
        let trimmed = line.trimmed();
        if !has_more_tokens_than(trimmed, 1) {
            return false;
        }
        let Some(kind) = super::read::records_on_one_line(line) else {
            return false;
        };
        let reference = line.reference();
        self.last_choker_line = Some(reference);
        emit.frame(problem(
            Scope::Game(Game::Choker),
            kind,
            line.content_span(),
            reference,
        ));
        if trimmed.ends_with(END.as_bytes()) {
            if let State::Choker { mut pairs } = self.state
                && let Some(report) = pairs.unpaired(line_before)
            {
                emit.frame(report);
            }
            self.state = self.after_terminator();
        }
        true
    }

    /// `choker_section = choker_pair , { choker_pair } , "END" ;`
    ///
    /// Fast path: [`Framer::line`] frames a line shaped like one hand at once
    /// (`fast::framing::looks_like_choker_hand`).
    fn choker_section(&mut self, line: &Line<'_>, emit: &mut impl FrameSink) {
        if self.choker_records_on_one_line(line, emit) {
            return;
        }
        let State::Choker { pairs } = &mut self.state else {
            unreachable!("choker_section is called in the Choker state only");
        };
        let trimmed = line.trimmed();
        let ends = trimmed == END.as_bytes() || means_terminator(trimmed);
        // `END` left out: the line opens the next section.
        let left_out = self.mode == Mode::Auto
            && !trimmed.contains(&b'-')
            && (opens_whist(trimmed) || is_card_row(trimmed));
        if !ends && !left_out {
            // A hand: `name-cards`, or a line its reading reports.
            let reference = line.reference();
            self.last_choker_line = Some(reference);
            pairs.hand(reference, emit);
            return;
        }
        if trimmed != END.as_bytes() && ends {
            emit.frame(wrong_line(END, line));
        }
        if let Some(report) = pairs.unpaired(line_before) {
            emit.frame(report);
        }
        if ends {
            self.state = self.after_terminator();
            return;
        }
        // Close the section where `END` should have been.
        if let Some(last) = self.last_choker_line {
            emit.frame(missing_terminator(Game::Choker, last));
        }
        self.state = State::Open;
        self.section(line, emit);
    }

    /// `whist_section = whist_deal , { whist_deal } , "#" ;`
    ///
    /// A lone suit letter where a play line should be starts a new deal. The
    /// deal before it was cut short, and the new one is read as usual. Fast
    /// path: [`Framer::line`] takes a trump letter and a deal's play lines at
    /// once (`fast::framing::is_trump_letter`, `starts_like_card_row`).
    fn whist_section(&mut self, line: &Line<'_>, emit: &mut impl FrameSink) {
        if self.deal_begun_takes(line, emit) {
            return;
        }
        let State::Whist { lines, count, .. } = self.state else {
            unreachable!("whist_section is called in the whist state only");
        };
        let trimmed = line.trimmed();
        let row = starts_like_card_row(line.text) || is_card_row(trimmed);
        let reference = line.reference();
        if trimmed == HASH.as_bytes() || means_terminator(trimmed) {
            self.whist_terminator(line, &lines, count, emit);
            return;
        }
        if self.mode == Mode::Auto && count > 0 && shaped_like_choker_hand(trimmed) {
            // A Choker hand inside a deal. The deal is cut short there, and the
            // hand is read as the start of what follows. The rows after it then
            // prove that whist or not. Leaving the section here would read the
            // deal's other rows as bridge hands.
            emit.frame(cut_short_by(
                &lines,
                count,
                line,
                "a Choker hand inside the deal",
            ));
            if let State::Whist { count: held, .. } = &mut self.state {
                *held = 0;
            }
            self.hold_whist_line(reference, emit);
            return;
        }
        if self.mode == Mode::Auto && count == 0 && shaped_like_choker_hand(trimmed) {
            // `#` was left out before a Choker section. A whole Choker hand
            // stands where a deal would start.
            emit.frame(missing_terminator(Game::Whist, lines[4]));
            self.state = State::Open;
            self.section(line, emit);
            return;
        }
        if self.mode == Mode::Auto && count == 0 && row {
            // Cards where a trump line or `#` belongs.
            self.state = State::Rows {
                rows: [reference; 4],
                count: 1,
                after: lines[4],
                deck: super::tokens::into_deck(Some(0), trimmed),
            };
            return;
        }
        let count = if count > 0 && opens_whist(trimmed) {
            // Which of the two lines is the stray one is a guess. So the report
            // covers the next deal's first line too, and the deal read from it.
            emit.frame(cut_short_by(
                &lines,
                count,
                line,
                "a deal starts here instead",
            ));
            0
        } else {
            count
        };
        if let State::Whist {
            count: held,
            sure: held_sure,
            ..
        } = &mut self.state
        {
            // A second deal's trump line: the section is surely whist.
            *held_sure |= count == 0 && opens_whist(trimmed);
            *held = count;
        }
        self.hold_whist_line(reference, emit);
    }

    /// The lines a deal begun, or a doubtful one, claims before the section's
    /// other rules:
    /// - the line after a whole doubtful deal, which decides what it was. For a
    ///   damaged trump line, whether its rows are one deck decides too;
    /// - a play line;
    /// - a line of no whist section, which ends a doubtful deal.
    ///
    /// `false` where none of these applies.
    fn deal_begun_takes(&mut self, line: &Line<'_>, emit: &mut impl FrameSink) -> bool {
        let State::Whist { lines, count, sure } = self.state else {
            unreachable!("deal_begun_takes is called in the whist state only");
        };
        let trimmed = line.trimmed();
        if !sure && count == lines.len() {
            let whole_deck = self
                .damaged_trump
                .is_none_or(|damaged| super::tokens::is_whole_deck(damaged.deck));
            if whole_deck && (trimmed == HASH.as_bytes() || opens_whist(trimmed)) {
                self.damaged_trump = None;
                emit.frame(self.doubtful_deal_was_whist(&lines));
                self.state = State::between_deals(lines[4]);
                self.whist_section(line, emit);
            } else {
                self.doubtful_deal_was_bridge(&lines, count, emit);
                self.after_doubtful_deal(line, emit);
            }
            return true;
        }
        if count > 0 && starts_like_card_row(line.text) {
            // A play line of the deal begun, which no other rule would
            // claim.
            if let Some(damaged) = &mut self.damaged_trump {
                damaged.deck = super::tokens::into_deck(damaged.deck, trimmed);
            }
            self.hold_whist_line(line.reference(), emit);
            return true;
        }
        let row = starts_like_card_row(line.text) || is_card_row(trimmed);
        if !sure
            && (self.damaged_trump.is_some()
                || (!row && trimmed != HASH.as_bytes() && !opens_whist(trimmed)))
        {
            // A doubtful deal cut short by a line of no whist section. Or a
            // damaged trump line followed by what is no row of plays.
            self.doubtful_deal_was_bridge(&lines, count, emit);
            self.after_doubtful_deal(line, emit);
            return true;
        }
        false
    }

    /// The `#` of a whist section, or a line meaning one. A deal begun before
    /// it was cut short. In auto, the lines after it may complete that deal
    /// ([`State::AfterCut`]).
    fn whist_terminator(
        &mut self,
        line: &Line<'_>,
        lines: &[LineRef; 5],
        count: usize,
        emit: &mut impl FrameSink,
    ) {
        if line.trimmed() != HASH.as_bytes() {
            emit.frame(wrong_line(HASH, line));
        }
        self.state = self.after_terminator();
        if count > 0 {
            if self.mode == Mode::Auto {
                self.state = State::AfterCut {
                    deal: *lines,
                    dealt: count,
                    rows: [line.reference(); 4],
                    count: 0,
                };
            } else {
                emit.frame(cut_short(lines, count));
            }
        }
    }

    /// Adds a line to the deal being read, and frames the deal when it is
    /// whole and surely whist. Updated in place: the held lines are not
    /// copied for every line.
    fn hold_whist_line(&mut self, reference: LineRef, emit: &mut impl FrameSink) {
        let State::Whist { lines, count, sure } = &mut self.state else {
            unreachable!("hold_whist_line is called in the whist state only");
        };
        lines[*count] = reference;
        *count += 1;
        if *count == lines.len() && *sure {
            emit.whist(lines);
            *count = 0;
        }
    }

    /// A line after rows of cards that stand where a trump line or `#` belongs.
    /// More rows are held, up to a deal's four. A `#` says a deal lost its
    /// trump line. So does a trump line after four rows that are a whole deck.
    /// Anything else says the `#` was left out before bridge hands. A trump
    /// line after such hands opens a whist section of its own.
    fn rows(&mut self, line: &Line<'_>, emit: &mut impl FrameSink) {
        let State::Rows {
            rows,
            count,
            after,
            deck,
        } = &mut self.state
        else {
            unreachable!("rows is called in the rows state only");
        };
        let trimmed = line.trimmed();
        let row = starts_like_card_row(line.text) || is_card_row(trimmed);
        if row && *count < rows.len() {
            rows[*count] = line.reference();
            *count += 1;
            *deck = super::tokens::into_deck(*deck, trimmed);
            return;
        }
        if trimmed == HASH.as_bytes()
            || (opens_whist(trimmed) && super::tokens::is_whole_deck(*deck))
        {
            self.rows_without_trump(emit);
            self.state = State::between_deals(line.reference());
            self.whist_section(line, emit);
            return;
        }
        hash_left_out(*after, &rows[..*count], emit);
        self.state = State::Open;
        self.section(line, emit);
    }

    /// Reports the held rows as a deal without its trump line.
    fn rows_without_trump(&mut self, emit: &mut impl FrameSink) {
        let State::Rows { rows, count, .. } = self.state else {
            unreachable!("rows_without_trump is called in the rows state only");
        };
        let kind = Kind::MissingTrumpLine { rows: count };
        emit.frame(problem_over(
            Scope::Game(Game::Whist),
            kind,
            rows[0],
            rows[count - 1],
        ));
    }

    /// A line after a `#` that cut a deal short: see [`State::AfterCut`].
    fn after_cut(&mut self, line: &Line<'_>, emit: &mut impl FrameSink) {
        let State::AfterCut {
            deal,
            dealt,
            rows,
            count,
        } = &mut self.state
        else {
            unreachable!("after_cut is called in the after-cut state only");
        };
        let trimmed = line.trimmed();
        let row = starts_like_card_row(line.text) || is_card_row(trimmed);
        let missing = deal.len() - *dealt;
        if row && *count < missing {
            rows[*count] = line.reference();
            *count += 1;
            return;
        }
        let (deal, dealt, rows, count) = (*deal, *dealt, *rows, *count);
        self.state = State::Open;
        if count == missing && (trimmed == HASH.as_bytes() || opens_whist(trimmed)) {
            // The rest of the deal. The `#` before it was a stray one, and this
            // line goes on with the whist section.
            let (first, last) = (deal[0], rows[count - 1]);
            emit.frame(cut_short(&deal, dealt).covering(
                span_of_lines(&rows[..count]),
                "the rest of the deal? not evaluated",
                (first, last),
            ));
            if trimmed == HASH.as_bytes() {
                return;
            }
            self.state = State::between_deals(line.reference());
            self.whist_section(line, emit);
            return;
        }
        cut_was_followed_by_bridge(&deal, dealt, &rows[..count], emit);
        self.section(line, emit);
    }

    /// A deal opened by a doubtful line (`NT`, `Hearts`), which what follows
    /// confirmed as whist. It is reported as a bad trump line and not
    /// evaluated. The report covers its play lines.
    fn doubtful_deal_was_whist(&self, lines: &[LineRef; 5]) -> Frame {
        let kind = Kind::BadTrumpLine {
            fixed: self.doubtful_trump.map(char::from),
        };
        problem(Scope::Game(Game::Whist), kind, lines[0].span(), lines[0]).covering(
            span_of_lines(&lines[1..]),
            "this deal's plays, not evaluated",
            (lines[0], lines[4]),
        )
    }

    /// A doubtful deal that turned out to be no whist deal. One opened by a
    /// damaged trump line is read as it would have been without the doubt. Its
    /// first line is a bridge hand, or prose that may go on; the state is then
    /// [`State::Junk`]. Its rows are bridge hands.
    fn doubtful_deal_was_bridge(
        &mut self,
        lines: &[LineRef; 5],
        count: usize,
        emit: &mut impl FrameSink,
    ) {
        self.state = State::Open;
        let Some(damaged) = self.damaged_trump.take() else {
            doubtful_deal_was_bridge(lines, count, emit);
            return;
        };
        match damaged.prose {
            Some((span, in_bridge)) => {
                self.state = State::Junk {
                    first: lines[0],
                    last: lines[0],
                    span,
                    lines: 1,
                    in_bridge,
                };
                if count > 1 {
                    self.end_junk(emit);
                    self.recent_count = 0;
                }
            }
            None => self.bridge_section(lines[0], emit),
        }
        for &line in &lines[1..count] {
            self.bridge_section(line, emit);
        }
    }

    /// The line after a doubtful deal read as no whist deal. It joins the run
    /// of prose the deal's first line began, or is read afresh.
    fn after_doubtful_deal(&mut self, line: &Line<'_>, emit: &mut impl FrameSink) {
        if matches!(self.state, State::Junk { .. }) {
            self.junk(line, emit);
        } else {
            self.section(line, emit);
        }
    }

    /// The other game's `terminator`, on `line`, between the records of a
    /// section of the game forced. In auto, also a `#` inside a Choker pair.
    /// The next line says which it is. The Choker hand waiting, or the deal
    /// begun, is kept for then.
    fn defer_other_terminator(&mut self, terminator: &'static str, line: &Line<'_>) {
        let whole = Span::new(line.offset, line.text.len());
        let bytes = (line.trimmed(), whole, line.content_span());
        let section = std::mem::replace(&mut self.state, State::Closed { warned: true });
        let at = line.reference();
        let other = OtherTerminator::new(self.mode, terminator, bytes, at, section);
        self.other_terminator = Some(other);
    }

    /// The state after `END` or `#`: a new section in `--game auto`,
    /// nothing more when the game was forced.
    fn after_terminator(&self) -> State {
        match self.mode {
            Mode::Auto => State::Open,
            Mode::Forced(_) => State::Closed { warned: false },
        }
    }
}

/// `document = { section } ;`: frames a whole document held in memory,
/// emitting its frames in order. Inputs read in blocks use a `Framer`
/// directly, line by line.
pub fn document(block: Block<'_>, mode: Mode, emit: &mut impl FrameSink) {
    let mut framer = Framer::new(mode);
    for line in Lines::new(block, 1) {
        framer.line(&line, emit);
    }
    framer.finish(emit);
}

/// What the framer keeps of a damaged trump line that opened a doubtful
/// deal ([`Framer::damaged_trump`]).
#[derive(Clone, Copy, Debug)]
struct DamagedTrump {
    /// The cards of the deal's rows so far ([`super::into_deck`]).
    deck: Option<u64>,
    /// Where the line is prose (`H.`), its span and whether it stood in a
    /// bridge section. Without the doubt, it began a run of prose.
    prose: Option<(Span, bool)>,
}

/// The last line a report of an unpaired `hand` marks: the line before it. A
/// line holds one hand.
fn line_before(hand: LineRef) -> usize {
    hand.number - 1
}

/// A trump line damaged into something card-like (`SH`, `H.`). It is a suit
/// letter, then one byte that makes no bridge card of it. Such a line opens a
/// doubtful deal, which only four rows of one whole deck confirm.
fn is_damaged_trump(trimmed: &[u8]) -> bool {
    let standard = Game::Bridge.alphabet();
    matches!(trimmed, [suit @ (b'S' | b'H' | b'D' | b'C'), second]
        if standard.rank(*suit).is_none()
            && second.is_ascii_graphic()
            && standard.card_code(*suit, *second) & 0x80 != 0)
}

/// Three tokens of two letters or digits: `KS QS TH`. No terminator, trump line
/// or Choker hand starts so, so the line is a bridge hand. The full
/// classification gives the same answer, less cheaply.
// The first bytes of a line, named by position as in the grammar.
#[allow(clippy::many_single_char_names)]
pub(super) fn starts_like_card_row(text: &[u8]) -> bool {
    matches!(text, [a, b, b' ', c, d, b' ', e, ..]
        if [a, b, c, d, e].iter().all(|byte| byte.is_ascii_alphanumeric()))
}

/// `name-cards`: a letter first and the dash eleven bytes from the end,
/// before ten card bytes. A whole Choker hand, as a stray line (`a-`) is
/// not.
fn shaped_like_choker_hand(text: &[u8]) -> bool {
    text.len() >= 12 && text[0].is_ascii_alphabetic() && text[text.len() - 11] == b'-'
}

/// A bridge section opens with a line of several tokens. One token also opens
/// it if it could be cards, even mistyped (`10H`, `kh`, `KSQS`). Prose of one
/// word is an unrecognised section instead.
fn opens_bridge(trimmed: &[u8]) -> bool {
    has_more_tokens_than(trimmed, 1)
        || trimmed.len() >= 2
            && trimmed.len().is_multiple_of(2)
            && trimmed.iter().all(u8::is_ascii_alphanumeric)
        || trimmed.len() == 3 && trimmed.starts_with(b"10")
}

/// `name-cards`: a line that begins with a letter and has a dash where a
/// name may end.
fn is_choker_hand_line(text: &[u8]) -> bool {
    text.first().is_some_and(u8::is_ascii_alphabetic)
        && text[..text.len().min(Name::MAX + 1)].contains(&b'-')
}

/// A line of five or more tokens: cards, not a Choker hand or a trump.
fn is_card_row(trimmed: &[u8]) -> bool {
    has_more_tokens_than(trimmed, 4)
}

/// A line that plainly means to end a section without being a terminator:
/// - `end` in any case, with a full stop or not;
/// - `#` with more after it (`# end`);
/// - the other game's terminator.
///
/// Which of the two it meant depends on the section open. So this tells only
/// that it means one.
fn means_terminator(trimmed: &[u8]) -> bool {
    let word = trimmed
        .strip_suffix(b".")
        .or_else(|| trimmed.strip_suffix(b";"))
        .unwrap_or(trimmed);
    word.eq_ignore_ascii_case(b"end") || trimmed.starts_with(b"#")
}

/// In a document of one game, a line that means to end a section but is not the
/// game's own terminator. It is the other game's, or one written otherwise
/// (`# #`, `end`). Returns which terminator it stands for.
fn terminator_meant_in_one_game(mode: Mode, trimmed: &[u8]) -> Option<&'static str> {
    let own = match mode {
        Mode::Forced(Game::Choker) => END,
        Mode::Forced(Game::Whist) => HASH,
        _ => return None,
    };
    if trimmed == own.as_bytes() || !means_terminator(trimmed) {
        return None;
    }
    Some(if trimmed.starts_with(b"#") { HASH } else { END })
}

/// A terminator line with no section open to end.
fn stray_line(terminator: &'static str, line: &Line<'_>) -> Frame {
    let whole = Span::new(line.offset, line.text.len());
    stray(terminator, whole, line.content_span(), line.reference())
}

/// A section's terminator, `expected`, written as the line `line`.
fn wrong_line(expected: &'static str, line: &Line<'_>) -> Frame {
    wrong_terminator(
        expected,
        line.trimmed(),
        line.content_span(),
        line.reference(),
    )
}

fn cut_short(lines: &[LineRef; 5], count: usize) -> Frame {
    let kind = Kind::DealCutShort { lines: count };
    problem_over(Scope::Game(Game::Whist), kind, lines[0], lines[count - 1])
}

/// The bytes from the first of `lines` to the end of the last.
fn span_of_lines(lines: &[LineRef]) -> Span {
    let (first, last) = (lines[0], lines[lines.len() - 1]);
    first.through(last)
}

/// A deal cut short by `line`, whose report covers that line too. Which of the
/// deal and the line is out of place is a guess. So the report must touch what
/// is read from the line on.
fn cut_short_by(lines: &[LineRef; 5], count: usize, line: &Line<'_>, what: &'static str) -> Frame {
    cut_short(lines, count).covering(line.content_span(), what, (lines[0], line.reference()))
}

/// A deal opened by a doubtful line (`x`, `NT`) turned out to be no whist deal.
/// The line is reported. The rows after it are bridge hands, which the report's
/// second label covers.
fn doubtful_deal_was_bridge(lines: &[LineRef; 5], count: usize, emit: &mut impl FrameSink) {
    let opener = lines[0];
    let rows = &lines[1..count];
    let kind = Kind::UnrecognisedSection {
        read_as_bridge: span_of_rows(rows),
        lines: 1,
    };
    let shown = (opener, rows.last().copied().unwrap_or(opener));
    let report = problem_showing(Scope::Document, kind, opener.span(), shown);
    read_as_bridge(report, rows, emit);
}

/// A line of prose, whose runs are reported once. It holds no cards, not even
/// mistyped ones. Nor is it a line of cards wrong as a whole, such as a
/// comment, a numbered line, or commas.
fn is_prose(line: &Line<'_>) -> bool {
    let trimmed = line.trimmed();
    std::str::from_utf8(trimmed).is_ok()
        && super::card::whole_line_fault(trimmed, Game::Bridge, 13).is_none()
        && (!opens_bridge(trimmed) || !super::card::mostly_card_like(line, Game::Bridge))
}

/// A deal cut short by a `#`, and the `rows` after it read as bridge
/// hands, which the report covers.
fn cut_was_followed_by_bridge(
    deal: &[LineRef; 5],
    dealt: usize,
    rows: &[LineRef],
    emit: &mut impl FrameSink,
) {
    let frame = cut_short(deal, dealt);
    let report = match rows.last() {
        Some(&last) => frame.covering(span_of_lines(rows), "read as bridge hands", (deal[0], last)),
        None => frame,
    };
    read_as_bridge(report, rows, emit);
}

/// A whist section's `#` left out before bridge hands. It is reported after the
/// section's last deal. A second label covers the `rows` that follow, read as
/// bridge hands.
fn hash_left_out(after: LineRef, rows: &[LineRef], emit: &mut impl FrameSink) {
    let kind = Kind::MissingTerminator {
        terminator: HASH,
        read_as_bridge: span_of_rows(rows),
        line_ending: None,
        blanks_after: 0,
        splits_line: false,
    };
    let shown = (after, rows.last().copied().unwrap_or(after));
    let report = problem_showing(Scope::Game(Game::Whist), kind, after.span(), shown);
    read_as_bridge(report, rows, emit);
}

/// From the first of `rows` to the end of the last, when there are any.
fn span_of_rows(rows: &[LineRef]) -> Option<Span> {
    rows.last().map(|&last| rows[0].through(last))
}

/// Emits `report`, then `rows` as the bridge hands it says they were read as.
fn read_as_bridge(report: Frame, rows: &[LineRef], emit: &mut impl FrameSink) {
    emit.frame(report);
    for &row in rows {
        emit.bridge(row);
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::diagnostic::Mispaired;

    /// Frames as short strings: the game and the first line number.
    fn frames(text: &str, mode: Mode) -> Vec<String> {
        let mut out = Vec::new();
        let mut emit = |frame: Frame| {
            out.push(match frame {
                Frame::Bridge(line) => format!("bridge@{}", line.number),
                Frame::Choker([line, _]) => format!("choker@{}", line.number),
                Frame::Whist([line, ..]) => format!("whist@{}", line.number),
                Frame::Problem { diagnostic, lines } => {
                    format!("{}@{}", diagnostic.kind.code(), lines.0.number)
                }
            });
        };
        let block = Block {
            bytes: text.as_bytes(),
            base: 0,
        };
        document(block, mode, &mut emit);
        out
    }

    const HAND: &str = "KS QS TH 8H 4H AC QC TC 5C KD QD JD 8D";
    const PLAYS: &str = "4C 8H QS 5D JD KS 8S AH 6H 7H 3S 7S 6D";

    #[test]
    fn sections_are_recognised_by_their_first_line() {
        let text = format!(
            "{HAND}\nA-1C3S2G5D4D\nB-TC3C5S7D4G\nEND\nH\n{PLAYS}\n{PLAYS}\n{PLAYS}\n{PLAYS}\n#\n{HAND}\n"
        );
        assert_eq!(
            frames(&text, Mode::Auto),
            ["bridge@1", "choker@2", "whist@5", "bridge@11"]
        );
    }

    #[test]
    fn a_bridge_section_ends_at_a_line_that_opens_another() {
        let text = format!("{HAND}\n{HAND}\nS\n{PLAYS}\n{PLAYS}\n{PLAYS}\n{PLAYS}\n#");
        assert_eq!(
            frames(&text, Mode::Auto),
            ["bridge@1", "bridge@2", "whist@3"]
        );
    }

    /// `section`: a one-character line between bridge hands may open a whist
    /// deal. But four rows and a fifth after it say it did not. The line is
    /// reported, and the rows stay bridge hands, none lost.
    #[test]
    fn a_stray_line_between_bridge_hands_hides_none_of_them() {
        let text = format!("{HAND}\nx\n{HAND}\n{HAND}\n{HAND}\n{HAND}\n{HAND}\n");
        assert_eq!(
            frames(&text, Mode::Auto),
            [
                "bridge@1",
                "unrecognised_section@2",
                "bridge@3",
                "bridge@4",
                "bridge@5",
                "bridge@6",
                "bridge@7"
            ]
        );
        let text = format!("{HAND}\nx\n{HAND}\n{HAND}");
        assert_eq!(
            frames(&text, Mode::Auto),
            ["bridge@1", "unrecognised_section@2", "bridge@3", "bridge@4"]
        );
    }

    /// `whist_section`: a trump line that names a suit another way, or no
    /// trump, still opens a deal. That holds when a `#` or another deal
    /// follows. The trump line gets one report, covering the deal, which is not
    /// evaluated.
    #[test]
    fn a_trump_written_another_way_still_opens_a_deal() {
        for trump in ["NT", "♥", "Trump: H", "trump H", "Hearts", "h", "x"] {
            let text = format!("{trump}\n{PLAYS}\n{PLAYS}\n{PLAYS}\n{PLAYS}\n#\n{HAND}\n");
            assert_eq!(
                frames(&text, Mode::Auto),
                ["trump_line@1", "bridge@7"],
                "{trump}"
            );
        }
    }

    /// `section`: a trump line damaged into something card-like (`SH`, `H.`)
    /// may follow bridge hands or a Choker section. It opens a deal when the
    /// four rows after it are one whole deck, and a `#` or a deal follows. Rows
    /// that are no deck, or no `#` after them, stay bridge hands.
    #[test]
    fn a_damaged_trump_line_opens_a_deal_only_before_a_whole_deck() {
        let deck = "7C 3D 2S 9S 2C QH 4H JS 9D 3H QD TS 3S\n\
                    KC 2D AH 6D 4C 2H 5H AD JD JC TD JH 5C\n\
                    9C 4D 6S QS AC 6H TH 7S 8D 6C KD 8H QC\n\
                    TC 7D AS KS 8C 7H KH 5S 5D 3C 9H 4S 8S\n";
        let bridge_before = format!("{HAND}\n");
        let choker_before = "a-1C2C3C4C5C\nb-1S2S3S4S5S\nEND\n";
        let cases: [(&str, &str, [&str; 2]); 4] = [
            ("SH", &bridge_before, ["bridge@2", "bridge@3"]),
            ("H.", &bridge_before, ["unrecognised_line@2", "bridge@3"]),
            ("SH", choker_before, ["bridge@4", "bridge@5"]),
            ("H.", choker_before, ["unrecognised_section@4", "bridge@5"]),
        ];
        for (trump, opening, [opener, first_row]) in cases {
            let first = if opening == choker_before {
                "choker@1"
            } else {
                "bridge@1"
            };
            let trump_at = if opening == choker_before { 4 } else { 2 };
            let text = format!("{opening}{trump}\n{deck}#\n");
            assert_eq!(
                frames(&text, Mode::Auto),
                [first.to_owned(), format!("trump_line@{trump_at}")],
                "{text}"
            );
            let text = format!("{opening}{trump}\n{PLAYS}\n{PLAYS}\n{PLAYS}\n{PLAYS}\n#\n");
            let read = frames(&text, Mode::Auto);
            assert_eq!(read[..3], [first, opener, first_row], "{text}");
            assert_eq!(read.len(), 7, "{text}: {read:?}");
        }
    }

    /// `whist_section`: rows of cards where a trump line or `#` belongs. A `#`
    /// after them says a deal lost its trump line. So does a trump line after
    /// four of them that are a whole deck. Anything else says the `#` was left
    /// out before bridge hands.
    #[test]
    fn rows_where_a_trump_line_belongs_are_told_apart() {
        let deal = format!("H\n{PLAYS}\n{PLAYS}\n{PLAYS}\n{PLAYS}");
        let rows = format!("{PLAYS}\n{PLAYS}\n{PLAYS}\n{PLAYS}");
        let deck = ["S", "H", "D", "C"]
            .map(|suit| {
                "23456789TJQKA"
                    .chars()
                    .map(|rank| format!("{rank}{suit}"))
                    .collect::<Vec<_>>()
                    .join(" ")
            })
            .join("\n");
        assert_eq!(
            frames(&format!("{deal}\n{rows}\n#\n"), Mode::Auto),
            ["whist@1", "missing_trump_line@6"]
        );
        assert_eq!(
            frames(&format!("{deal}\n{deck}\n{deal}\n#\n"), Mode::Auto),
            ["whist@1", "missing_trump_line@6", "whist@10"]
        );
        // Four hands after the deal whose `#` was left out, then `last`.
        let hands_then = |last: &str| {
            let mut frames = vec!["whist@1".to_owned(), "missing_terminator@5".to_owned()];
            frames.extend((6..10).map(|line| format!("bridge@{line}")));
            frames.push(last.to_owned());
            frames
        };
        assert_eq!(
            frames(&format!("{deal}\n{rows}\n{deal}\n#\n"), Mode::Auto),
            hands_then("whist@10")
        );
        assert_eq!(
            frames(
                &format!("{deal}\n{HAND}\n{HAND}\n{HAND}\n{HAND}\n{HAND}\n"),
                Mode::Auto
            ),
            hands_then("bridge@10")
        );
        assert_eq!(
            frames(&format!("{deal}\n{HAND}\n"), Mode::Auto),
            ["whist@1", "missing_terminator@5", "bridge@6"]
        );
    }

    /// `choker_section`: an odd number of hands leaves the last unpaired. Every
    /// pair before it in the section may pair the wrong hands. The report's
    /// second label covers them all.
    #[test]
    fn an_unpaired_hand_marks_the_pairs_before_it() {
        let text = "Zed-1C3S2G5D4D\nB-TC3C5S7D4G\nC-2C3C4C5C6C\nEND\n";
        let mut problems = Vec::new();
        let block = Block {
            bytes: text.as_bytes(),
            base: 0,
        };
        document(block, Mode::Auto, &mut |frame| {
            if let Frame::Problem { diagnostic, .. } = frame {
                problems.push(diagnostic.kind);
            }
        });
        let unpaired_at = text.find("C-").unwrap();
        assert_eq!(
            problems,
            [Kind::UnpairedHand {
                mispaired: Some(Mispaired {
                    span: Span::new(0, unpaired_at),
                    from_line: 1,
                    to_line: 2,
                })
            }]
        );
        // A lone hand has no pairs before it to mark.
        assert_eq!(
            frames(
                "A-1C3S2G5D4D\nEND\nB-1C3S2G5D4D\nC-TC3C5S7D4G\nEND\n",
                Mode::Auto
            ),
            ["unpaired_hand@1", "choker@3"]
        );
    }

    /// `choker_section`, `whist_section`: a line that plainly means to end the
    /// section ends it. Such lines are `end`, `# end`, and the other game's
    /// terminator. Each gets one report, and what follows is read as usual.
    #[test]
    fn a_terminator_spelled_otherwise_ends_the_section() {
        let pair = "A-1C3S2G5D4D\nB-TC3C5S7D4G";
        for end in ["end", "End", "END.", "# end", "#"] {
            assert_eq!(
                frames(&format!("{pair}\n{end}\n{HAND}\n"), Mode::Auto),
                ["choker@1", "wrong_terminator@3", "bridge@4"],
                "{end}"
            );
        }
        let deal = format!("H\n{PLAYS}\n{PLAYS}\n{PLAYS}\n{PLAYS}");
        for end in ["END", "end", "# end", "#end"] {
            assert_eq!(
                frames(&format!("{deal}\n{end}\n{HAND}\n"), Mode::Auto),
                ["whist@1", "wrong_terminator@6", "bridge@7"],
                "{end}"
            );
        }
    }

    /// `section`: a run of lines that hold no cards (prose, a README) is one
    /// report. That holds between sections or inside a bridge section. The
    /// hands around it are read as usual.
    #[test]
    // A test: the text it builds is clearer than the allocations saved.
    #[allow(clippy::format_collect)]
    fn a_run_of_prose_is_one_report() {
        let prose = "# cardsharp\n\nreads the input languages\nof three card games\n";
        assert_eq!(
            frames(&format!("{prose}{HAND}\n"), Mode::Auto),
            // The comment is a line of the bridge section, and its rule reports
            // it. So the prose after it is in that section.
            ["bridge@1", "unrecognised_line@3", "bridge@5"]
        );
        assert_eq!(
            frames(
                &format!("{HAND}\nthe quick brown fox\njumps over\nthe lazy dog\n{HAND}\n"),
                Mode::Auto
            ),
            ["bridge@1", "unrecognised_line@2", "bridge@5"]
        );
        // As many reports as runs, however long each run is.
        let long: String = (0..5000).map(|i| format!("line {i} of prose\n")).collect();
        let reports = frames(&long, Mode::Auto).len();
        assert!(reports <= long.len() / MAX_JUNK_BYTES + 1, "{reports}");
    }

    #[test]
    fn blank_lines_are_skipped_everywhere() {
        let text = "\n  \nA-1C3S2G5D4D\n\t\nB-TC3C5S7D4G\n\nEND\n\n";
        assert_eq!(frames(text, Mode::Auto), ["choker@3"]);
    }

    #[test]
    fn missing_terminators_and_unpaired_hands_are_reported() {
        assert_eq!(
            frames("A-1C3S2G5D4D\nB-TC3C5S7D4G\nC-2C3C4C5C6C", Mode::Auto),
            ["choker@1", "unpaired_hand@3", "missing_terminator@3"]
        );
        assert_eq!(
            frames(&format!("H\n{PLAYS}\n{PLAYS}"), Mode::Auto),
            ["deal_cut_short@1", "missing_terminator@3"]
        );
    }

    #[test]
    fn a_suit_letter_inside_a_deal_starts_the_next_deal() {
        let text = format!("H\n{PLAYS}\nD\n{PLAYS}\n{PLAYS}\n{PLAYS}\n{PLAYS}\n#");
        assert_eq!(frames(&text, Mode::Auto), ["deal_cut_short@1", "whist@3"]);
    }

    #[test]
    fn a_left_out_terminator_closes_the_section_where_the_next_one_opens() {
        let choker_then_whist =
            format!("A-1C3S2G5D4D\nB-TC3C5S7D4G\nH\n{PLAYS}\n{PLAYS}\n{PLAYS}\n{PLAYS}\n#\n");
        assert_eq!(
            frames(&choker_then_whist, Mode::Auto),
            ["choker@1", "missing_terminator@2", "whist@3"]
        );
        let choker_then_bridge = format!("A-1C3S2G5D4D\nB-TC3C5S7D4G\n{HAND}\n");
        assert_eq!(
            frames(&choker_then_bridge, Mode::Auto),
            ["choker@1", "missing_terminator@2", "bridge@3"]
        );
        let whist_then_choker =
            format!("H\n{PLAYS}\n{PLAYS}\n{PLAYS}\n{PLAYS}\nA-1C3S2G5D4D\nB-TC3C5S7D4G\nEND\n");
        assert_eq!(
            frames(&whist_then_choker, Mode::Auto),
            ["whist@1", "missing_terminator@5", "choker@6"]
        );
    }

    #[test]
    fn mistyped_openers_still_open_their_section() {
        let text = format!(
            "x\n{PLAYS}\n{PLAYS}\n{PLAYS}\n{PLAYS}\n#\nJoeyQDKDQSKSJS\nB-TC3C5S7D4G\nEND\n"
        );
        assert_eq!(frames(&text, Mode::Auto), ["trump_line@1", "choker@7"]);
        let glued = "KSQSTH8H4HACQCTC5CKDQDJD8D\n";
        assert_eq!(frames(glued, Mode::Auto), ["bridge@1"]);
    }

    #[test]
    fn stray_terminators_and_prose_are_reported() {
        assert_eq!(
            frames("END\n#\nhello", Mode::Auto),
            [
                "stray_terminator@1",
                "stray_terminator@2",
                "unrecognised_section@3"
            ]
        );
    }

    #[test]
    fn forced_games_stop_at_their_terminator_with_one_warning() {
        let text = "A-1C3S2G5D4D\nB-TC3C5S7D4G\nEND\nmore\nand more\n";
        assert_eq!(
            frames(text, Mode::Forced(Game::Choker)),
            ["choker@1", "after_terminator@4"]
        );
        assert_eq!(frames("S\n", Mode::Forced(Game::Bridge)), ["bridge@1"]);
    }

    #[test]
    fn the_framer_holds_only_an_unfinished_record() {
        let mut framer = Framer::new(Mode::Auto);
        let text = b"A-1C3S2G5D4D";
        let line = Line {
            text,
            offset: 7,
            number: 1,
        };
        framer.line(&line, &mut |_| {});
        assert_eq!(framer.holds_from(), Some(7));
    }
}
