//! Every problem cardsharp can report, in one place.
//!
//! A [`Diagnostic`] is plain data: where (`span`), in which language (`scope`),
//! and what (`kind`). All wording lives in one exhaustive match, an arm per
//! kind. So one look shows every code, message, label and hint the program can
//! print. One arm shows all a kind says. A kind added without wording does not
//! compile.

use serde::Serialize;

use crate::ast::{Card, Game, Seat, Span};

pub mod catalogue;

/// Where a diagnostic's code lives. That is a game's records, or the document
/// that holds them (sections and terminators).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Scope {
    Game(Game),
    Document,
    /// The answer file of a test input (`cardsharp verify`).
    Answer,
    /// A program's output on a test input (`cardsharp judge`).
    Judge,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord)]
pub enum Severity {
    Warning,
    Error,
}

/// What went wrong. Fields hold what the wording needs. Spans of the other side
/// of a conflict become secondary labels.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Kind {
    /// The first character of a card is not a rank of this game. `suit` is the
    /// card's suit letter when that one is right, so that a likely card can be
    /// named. `lacking` as in [`Kind::NotACard`].
    BadRank {
        letter: char,
        suit: Option<char>,
        lacking: Option<Card>,
    },
    /// The second character of a card is not a suit of this game.
    /// `lacking` as in [`Kind::NotACard`].
    BadSuit { letter: char, lacking: Option<Card> },
    /// A card written in lowercase, such as `kh`.
    LowercaseCard { fixed: String },
    /// The ten written as `10`.
    TenAsDigits { fixed: String },
    /// Several cards without spaces between them, such as `KSQS`.
    GluedCards { fixed: String },
    /// A token that is not a card at all. `lacking` is set in a whist deal
    /// whose other 51 cards are distinct, when this token is its only fault. It
    /// is the one card the deal lacks, which the token most likely stands for.
    NotACard {
        found: String,
        lacking: Option<Card>,
    },
    /// A Unicode character where an ASCII one belongs, as word processors and
    /// phones write them. Examples are a suit symbol for its letter, an en dash
    /// for the dash, and a no-break space for a space. `fixed` is the card,
    /// token or hand rewritten, where the rest of it is right.
    LookAlike {
        found: char,
        meant: char,
        fixed: Option<String>,
    },
    /// A line none of whose tokens is a card.
    UnrecognisedLine,
    /// Several lines in a row none of whose tokens is a card (prose, a README
    /// read by mistake). One report covers the run.
    UnrecognisedLines { lines: usize },
    /// A comment line (`# …`, `// …`): the format has no comments.
    CommentLine,
    /// A line of cards numbered in front (`1. KS QS …`).
    NumberedLine { fixed: String },
    /// Cards separated by commas (`KS, QS, …`).
    CommaSeparated { fixed: String },
    /// Every card written suit first (`SK SQ …`).
    SwappedCards { fixed: String },
    /// Bytes that are not UTF-8. The span is the first bad byte.
    InvalidUtf8,
    /// A card that stands twice in one hand or deal. `lacking` is set in a
    /// whist deal of 52 cards with this one repeat. It is the one card the deal
    /// lacks, which either copy may have been meant as.
    DuplicateCard { first: Span, lacking: Option<Card> },
    /// A line of cards with the wrong number of cards.
    CardCount { expected: usize, found: usize },
    /// Choker: nothing before the dash.
    NameEmpty,
    /// Choker: a name of more than 20 letters.
    NameTooLong { length: usize },
    /// Choker: a name with something other than a letter.
    NameCharacter { found: char },
    /// Choker: no dash between the name and the cards.
    MissingDash { fixed: Option<String> },
    /// Choker: other than ten card characters after the dash.
    ChokerCardCount { found: usize, without_blanks: bool },
    /// Choker: a card in both hands of a pair (one deck).
    SharedCard { first: Span },
    /// Choker: the last hand before `END` or the end of input has no partner.
    /// `mispaired` holds the pairs before it in the section. When there are
    /// any, they may pair the wrong hands.
    UnpairedHand { mispaired: Option<Mispaired> },
    /// Whist: the first line of a deal is not one suit letter. `fixed` is the
    /// suit it may have meant (`h` for `H`).
    BadTrumpLine { fixed: Option<char> },
    /// Whist: a deal of fewer than its five lines: cut short by `#`, a new
    /// trump, or the end of the input. In the tokens layout, `lines` counts
    /// its trump and the rows its cards begin.
    DealCutShort { lines: usize },
    /// Bridge, in the tokens layout: the section's cards are not a multiple of
    /// thirteen. So its last hand is `short` of its cards.
    SectionCardCount { cards: usize, short: usize },
    /// A line holding whole records as the tokens layout reads them: `records`
    /// of `game`. These are two bridge hands, or a whist deal's trump and 52
    /// cards. `breaks` are the blanks where the canonical layout ends a line.
    /// `line_ending` is the one its fix writes there, the line's own.
    RecordsOnOneLine {
        game: Game,
        records: usize,
        breaks: Vec<Span>,
        line_ending: LineEnding,
    },
    /// Whist: lines of cards where a deal's trump line or `#` belongs, with a
    /// `#` or a trump line after them. This is a deal whose trump line was
    /// lost. The span is the rows, which are not evaluated.
    MissingTrumpLine { rows: usize },
    /// Whist: `seat` played `played` on `leader`'s lead of `led` while holding
    /// `held` of that suit. `follows` when an earlier revoke may explain it.
    Revoke {
        trick: usize,
        seat: Seat,
        leader: Seat,
        played: Card,
        led: Card,
        held: Card,
        follows: Option<RevokeCause>,
    },
    /// The section's terminator is missing. The input ended, or (whist) lines
    /// of cards went on past a deal's end, read as bridge hands. The span is
    /// the section's last line, after which the terminator belongs.
    /// `line_ending` is the one its fix writes, the file's own. It is `None`
    /// where it could not be seen.
    MissingTerminator {
        terminator: &'static str,
        read_as_bridge: Option<Span>,
        line_ending: Option<LineEnding>,
        /// The blanks between the span and its line's end, which the added line
        /// follows.
        blanks_after: usize,
        /// Whether the next section begins on the span's line (the tokens
        /// layout). The added line then takes the place of the blanks before
        /// it, with a line ending on each side.
        splits_line: bool,
    },
    /// Text after the terminator of an input read as one game, ignored.
    AfterTerminator { terminator: &'static str },
    /// A terminator with no section open to end. `line` is its whole line with
    /// the line's ending, which its fix removes.
    StrayTerminator {
        terminator: &'static str,
        line: Span,
        /// The rows read as bridge hands right before it are a whole deck,
        /// after a lone trump maybe. That is a whist deal whose trump line was
        /// lost or joined to its first row. It is as likely as a `#` put in by
        /// mistake. So removing the `#` is no certain repair.
        after_a_deck: bool,
    },
    /// A line that plainly means to end the open section but is not its
    /// terminator: `end`, `# end`, or the other game's terminator. The section
    /// ends there.
    WrongTerminator {
        expected: &'static str,
        found: String,
    },
    /// A line that opens no section a game is recognised by. A line short
    /// enough to be a trump line may seem to open a whist deal. The lines of
    /// cards after such a line are read as bridge hands. `lines` counts a run
    /// of such lines, reported once.
    UnrecognisedSection {
        read_as_bridge: Option<Span>,
        lines: usize,
    },
    /// A line longer than any record could be. The span is its start.
    LineTooLong,
    /// A NUL byte: the input is not text. Reported once; the rest of the input
    /// is not read.
    BinaryInput,
    /// Strict: a UTF-8 byte-order mark before the first line, always the
    /// input's first three bytes. The span is where the first line starts.
    ByteOrderMark,
    /// Strict: lines that end with CR LF, `crs` the offsets of their CRs. One
    /// report for the file: one choice of line ends, made once.
    CrLineEnds { crs: Vec<usize> },
    /// Strict: a run of `lines` blank lines, the span their text. `removed`
    /// holds them with their line ends, which the fix removes.
    BlankLines { lines: usize, removed: Span },
    /// Strict: blanks at the start or the end of a line, `edges` the
    /// blanks at each end that has them.
    BlanksAtLineEdges { edges: Vec<Span> },
    /// Strict: blanks between a line's tokens other than one space, or
    /// (`joined`, a Choker hand) any blank at all.
    BlanksBetweenTokens { gaps: Vec<Span>, joined: bool },
    /// Strict: the last line has no line end.
    NoFinalNewline,
    /// Strict: the input holds no record.
    NoRecord,
    /// Strict: a record of another game than the first record's.
    MixedGames { first: Game, found: Game },
    /// A line of an answer file that is not what its input's record gives.
    /// `explanation` is the reasoning behind `expected`.
    WrongAnswer {
        expected: String,
        found: String,
        explanation: String,
    },
    /// An answer file that ends before its input's results do.
    MissingAnswer {
        expected: String,
        explanation: String,
    },
    /// A line of an answer file past its input's last result.
    ExtraAnswer { found: String },
    /// A test input without an answer file beside it.
    NoAnswer,
    /// An answer file without its test input beside it.
    NoInput,
    /// The record on which a program judged fails. It holds the `verdict` (the
    /// judges' words) and the line `expected`. It holds the program's line
    /// `found`, `None` where its output ended before, and `length` where its
    /// output is short or runs past the last answer. Last is the reasoning
    /// behind the expected line.
    FailingRecord {
        verdict: &'static str,
        expected: String,
        found: Option<String>,
        length: Option<OutputLength>,
        explanation: String,
    },
}

/// A judged program's output that ends before its answers do, or goes on
/// after the last: told as such, not as a line that differs.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum OutputLength {
    /// It ends after `answers` of the `expected` answers.
    Short { answers: usize, expected: usize },
    /// It has `lines` more lines after the last answer, the first `first`.
    Long { lines: usize, first: String },
}

impl std::fmt::Display for OutputLength {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            OutputLength::Short { answers, expected } => {
                write!(f, "output ends after {answers} of {expected} answers")
            }
            OutputLength::Long { lines, first } => write!(
                f,
                "{lines} extra line{} after the last answer: `{first}`",
                if *lines == 1 { "" } else { "s" }
            ),
        }
    }
}

/// The pairs of a Choker section that ended with a hand unpaired. A hand is
/// missing or extra somewhere among them. So from there on each hand may be
/// paired with the wrong opponent.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Mispaired {
    /// From the section's first hand to the line before the unpaired one.
    pub span: Span,
    pub from_line: usize,
    pub to_line: usize,
}

/// How an earlier revoke, in trick `trick`, may explain a later one.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum RevokeCause {
    /// The same player's: swapping `card`, played there, with this one makes
    /// both tricks follow suit. One slip seen twice.
    Swap { trick: usize, card: Card },
    /// Any player's: with `leader` leading, this trick follows suit. Who leads
    /// comes from a replay through the earlier revoke.
    Lead { trick: usize, leader: Seat },
}

impl RevokeCause {
    const fn trick(self) -> usize {
        match self {
            RevokeCause::Swap { trick, .. } | RevokeCause::Lead { trick, .. } => trick,
        }
    }
}

#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Diagnostic {
    pub scope: Scope,
    pub kind: Kind,
    /// The bytes at fault: the primary label.
    pub span: Span,
    /// Lines the report accounts for beyond its own bytes. These are records it
    /// read as a guess (evaluated, but maybe not what was meant), or consumed
    /// without evaluating. A second label, so that no record goes unaccounted
    /// for.
    pub cover: Option<Secondary>,
}

/// A label beside the primary one: the other side of a conflict.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Secondary {
    pub span: Span,
    pub text: &'static str,
}

/// All a diagnostic says, worded in one match arm per kind. So a kind's code,
/// message, labels and help are read and changed together.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Description {
    /// The last part of the stable code; the part users search for.
    pub code: &'static str,
    pub severity: Severity,
    /// One sentence: what was found and what was expected.
    pub message: String,
    /// The text on the primary label.
    pub label: String,
    /// The other side of a conflict, where there is one, then the lines the
    /// report covers.
    pub secondary: Vec<Secondary>,
    /// A fix, where one can be guessed.
    pub help: Option<String>,
}

/// A repair of a diagnostic's fault, as rustc and ruff have them. It is edits
/// of the source, each a byte range and what replaces it. The edits of one fix
/// never overlap, and touch no byte outside their ranges.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct Fix {
    /// What the fix does, naming the text it writes.
    pub message: String,
    pub applicability: Applicability,
    pub edits: Vec<Edit>,
}

/// Whether a fix may be applied without a person's eye.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Serialize)]
#[serde(rename_all = "lowercase")]
pub enum Applicability {
    /// The repaired text means what its author meant beyond doubt. A fixer
    /// applies it unasked.
    Safe,
    /// A likely repair that wants a person's eye: which card a deal lacks, or
    /// which of two copies was mistyped. Applied only when asked for.
    Unsafe,
}

/// One change of the source: the bytes of `span` become `replacement`.
/// An empty span inserts.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct Edit {
    #[serde(flatten)]
    pub span: Span,
    pub replacement: String,
}

/// How a file ends its lines. A fix that adds a line writes this, so that a
/// CRLF file stays CRLF.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum LineEnding {
    Lf,
    CrLf,
}

impl LineEnding {
    #[must_use]
    pub const fn as_str(self) -> &'static str {
        match self {
            LineEnding::Lf => "\n",
            LineEnding::CrLf => "\r\n",
        }
    }
}

impl Scope {
    /// The stable code, `cardsharp::<scope>::<code>`, of a kind's `code`
    /// reported here. It is built from the description a renderer already
    /// holds, not by wording the diagnostic again.
    #[must_use]
    pub fn qualified_code(self, code: &str) -> String {
        let scope = match self {
            Scope::Game(game) => game.name(),
            Scope::Document => "document",
            Scope::Answer => "answer",
            Scope::Judge => "judge",
        };
        format!("cardsharp::{scope}::{code}")
    }

    /// The game as a sentence names it.
    fn game_name(self) -> &'static str {
        match self {
            Scope::Game(Game::Bridge) => "bridge",
            Scope::Game(Game::Choker) => "Choker",
            Scope::Game(Game::Whist) => "whist",
            Scope::Document => "this document",
            Scope::Answer => "this answer",
            Scope::Judge => "this output",
        }
    }

    /// The ranks and suits to name. A document's sections are read as bridge
    /// until they say otherwise.
    fn alphabet(self) -> &'static crate::ast::Alphabet {
        match self {
            Scope::Game(game) => game.alphabet(),
            Scope::Document | Scope::Answer | Scope::Judge => Game::Bridge.alphabet(),
        }
    }
}

impl Diagnostic {
    #[must_use]
    pub(crate) const fn new(scope: Scope, kind: Kind, span: Span) -> Self {
        Self {
            scope,
            kind,
            span,
            cover: None,
        }
    }

    /// This diagnostic with [`Diagnostic::cover`] set.
    #[must_use]
    pub(crate) fn covering(mut self, span: Span, text: &'static str) -> Self {
        self.cover = Some(Secondary { span, text });
        self
    }

    /// Everything this diagnostic says, its cover last among the secondary
    /// labels. The wording is formatted on each call. So a renderer that needs
    /// several parts asks once.
    #[must_use]
    pub fn describe(&self) -> Description {
        let mut description = self.kind.describe(self.scope);
        description.secondary.extend(self.cover.clone());
        description
    }

    #[must_use]
    pub fn severity(&self) -> Severity {
        self.describe().severity
    }

    #[must_use]
    pub fn message(&self) -> String {
        self.describe().message
    }

    #[must_use]
    pub fn secondary(&self) -> Vec<Secondary> {
        self.describe().secondary
    }

    #[must_use]
    pub fn help(&self) -> Option<String> {
        self.describe().help
    }

    /// The repairs of this fault, the safe ones first; none where no repair can
    /// be computed. Built without the rest of the wording.
    #[must_use]
    pub fn fixes(&self) -> Vec<Fix> {
        self.kind.fixes(self.scope, self.span)
    }
}

impl Kind {
    /// The last part of the stable code, for callers without a scope. The code
    /// names the mistake, not the language it was made in. So any scope's
    /// description gives it, and a test holds every kind to that.
    #[must_use]
    pub fn code(&self) -> &'static str {
        self.describe(Scope::Document).code
    }

    /// The wording of every kind, one arm each, or one per condition that
    /// changes several parts. Adding a kind means one arm here, and a kind
    /// without one does not compile.
    // One arm per kind, by design: every diagnostic in one exhaustive match.
    #[allow(clippy::too_many_lines)]
    fn describe(&self, scope: Scope) -> Description {
        let game = scope.game_name();
        let alphabet = scope.alphabet();
        let card_text =
            |card: &Card| String::from_utf8_lossy(&alphabet.card_text(*card)).into_owned();
        let card_shape = || {
            format!(
                "a card is a rank ({}) followed by a suit ({})",
                alphabet.rank_list, alphabet.suit_list
            )
        };
        match self {
            Kind::BadRank { letter, suit, .. } => Description {
                code: "bad_rank",
                severity: Severity::Error,
                message: format!(
                    "`{}` is not a {game} rank: expected one of {}",
                    letter.escape_debug(),
                    alphabet.rank_list
                ),
                label: "not a rank".to_owned(),
                secondary: Vec::new(),
                help: Some(match (scope, letter, suit) {
                    (Scope::Game(Game::Choker), 'A', _) => {
                        "Choker has no ace: its highest rank is the Chicken, `C`".to_owned()
                    }
                    (Scope::Game(Game::Bridge | Game::Whist), '1', Some(suit)) => format!(
                        "the standard deck has no one: did you mean `A{suit}` (ace) or `T{suit}` (ten)?"
                    ),
                    (Scope::Game(Game::Bridge | Game::Whist), '1', None) => {
                        "the standard deck has no one: its lowest rank is `2`".to_owned()
                    }
                    // Most likely `10` with its `1` left out: the ten.
                    (Scope::Game(_), '0', Some(suit)) => format!("did you mean `T{suit}`?"),
                    _ => format!("{game} ranks are {}", alphabet.rank_list),
                }),
            },
            Kind::BadSuit { letter, .. } => Description {
                code: "bad_suit",
                severity: Severity::Error,
                message: format!(
                    "`{}` is not a {game} suit: expected one of {}",
                    letter.escape_debug(),
                    alphabet.suit_list
                ),
                label: "not a suit".to_owned(),
                secondary: Vec::new(),
                help: Some(match (scope, letter) {
                    (Scope::Game(Game::Choker), 'H') => {
                        "Choker has no hearts: its suits are S G D C (G for giblets)".to_owned()
                    }
                    (Scope::Game(Game::Bridge | Game::Whist), 'G') => {
                        "giblets are a Choker suit: the standard suits are S H D C".to_owned()
                    }
                    _ => format!("{game} suits are {}", alphabet.suit_list),
                }),
            },
            Kind::LowercaseCard { fixed } => Description {
                code: "lowercase_card",
                severity: Severity::Error,
                message: "cards are written in capitals".to_owned(),
                label: "lowercase".to_owned(),
                secondary: Vec::new(),
                help: Some(format!("write `{fixed}`")),
            },
            Kind::TenAsDigits { fixed } => Description {
                code: "ten_as_digits",
                severity: Severity::Error,
                message: "the ten is written `T`, not `10`".to_owned(),
                label: "`10` here".to_owned(),
                secondary: Vec::new(),
                help: Some(format!("write `{fixed}`")),
            },
            Kind::GluedCards { fixed } => Description {
                code: "glued_cards",
                severity: Severity::Error,
                message: format!(
                    "{} cards written without a space between them",
                    fixed.split(' ').count()
                ),
                label: "no space between these cards".to_owned(),
                secondary: Vec::new(),
                help: Some(format!("write `{fixed}`")),
            },
            Kind::NotACard { found, .. } => Description {
                code: "not_a_card",
                severity: Severity::Error,
                message: format!("expected a card (rank then suit), found `{found}`"),
                label: "not a card".to_owned(),
                secondary: Vec::new(),
                help: Some(card_shape()),
            },
            Kind::LookAlike {
                found,
                meant,
                fixed,
            } => Description {
                code: "look_alike",
                severity: Severity::Error,
                message: format!(
                    "`{}` is {}: write {}",
                    found.escape_debug(),
                    look_alike_name(*found),
                    ascii_name(*meant)
                ),
                label: format!("looks like {}", ascii_name(*meant)),
                secondary: Vec::new(),
                help: fixed.as_ref().map(|fixed| format!("write `{fixed}`")),
            },
            Kind::UnrecognisedLine if scope == Scope::Game(Game::Choker) => Description {
                code: "unrecognised_line",
                severity: Severity::Error,
                message: "expected a Choker hand: a name, a dash and five cards".to_owned(),
                label: "no card on this line".to_owned(),
                secondary: Vec::new(),
                help: Some("write a hand as `Joey-1C3S2G5D4D`".to_owned()),
            },
            Kind::UnrecognisedLine => Description {
                code: "unrecognised_line",
                severity: Severity::Error,
                message: format!("expected a line of {game} cards"),
                label: "no card on this line".to_owned(),
                secondary: Vec::new(),
                help: Some(card_shape()),
            },
            Kind::UnrecognisedLines { lines } => Description {
                code: "unrecognised_line",
                severity: Severity::Error,
                message: format!(
                    "expected lines of {game} cards: these {lines} lines hold no card"
                ),
                label: "no card on these lines".to_owned(),
                secondary: Vec::new(),
                help: Some(
                    "is this a file of hands? remove these lines, or leave the file out"
                        .to_owned(),
                ),
            },
            Kind::CommentLine => Description {
                code: "comment_line",
                severity: Severity::Error,
                message: "a comment: card files have no comments".to_owned(),
                label: "comment".to_owned(),
                secondary: Vec::new(),
                help: Some("remove the line".to_owned()),
            },
            Kind::NumberedLine { fixed } => Description {
                code: "numbered_line",
                severity: Severity::Error,
                message: "a numbered line: the number is not part of the record".to_owned(),
                label: "numbered".to_owned(),
                secondary: Vec::new(),
                help: Some(format!("write `{fixed}`")),
            },
            Kind::CommaSeparated { fixed } => Description {
                code: "comma_separated",
                severity: Severity::Error,
                message: "cards are separated by spaces, not commas".to_owned(),
                label: "commas between the cards".to_owned(),
                secondary: Vec::new(),
                help: Some(format!("write `{fixed}`")),
            },
            Kind::SwappedCards { fixed } => Description {
                code: "swapped_cards",
                severity: Severity::Error,
                message: "each card is written suit first: a card is its rank, then its suit"
                    .to_owned(),
                label: "suit before rank".to_owned(),
                secondary: Vec::new(),
                help: Some(format!("write `{fixed}`")),
            },
            Kind::InvalidUtf8 => Description {
                code: "invalid_utf8",
                severity: Severity::Error,
                message: "the input is not valid UTF-8 here".to_owned(),
                label: "invalid UTF-8".to_owned(),
                secondary: Vec::new(),
                help: Some("save the file as UTF-8 (or ASCII)".to_owned()),
            },
            Kind::DuplicateCard { first, .. } => Description {
                code: "duplicate_card",
                severity: Severity::Error,
                message: match scope {
                    Scope::Game(Game::Whist) => {
                        "a card is dealt twice: a deal is 52 distinct cards".to_owned()
                    }
                    _ => "a card stands twice in this hand".to_owned(),
                },
                label: "again here".to_owned(),
                secondary: vec![Secondary {
                    span: *first,
                    text: "first here",
                }],
                help: Some(
                    "each card of the deck exists once: one of the two is mistyped".to_owned(),
                ),
            },
            Kind::CardCount { expected, found } => Description {
                code: "card_count",
                severity: Severity::Error,
                message: format!("expected {expected} cards on this line, found {found}"),
                label: cards(*found),
                secondary: Vec::new(),
                help: Some(if *found == 2 * expected {
                    "two hands on one line? put each on its own line".to_owned()
                } else if found < expected {
                    format!("{} missing", cards(expected - found))
                } else {
                    format!("{} too many", cards(found - expected))
                }),
            },
            Kind::NameEmpty => Description {
                code: "name_empty",
                severity: Severity::Error,
                message: "the hand has no name before the dash".to_owned(),
                label: "name expected before this dash".to_owned(),
                secondary: Vec::new(),
                help: Some(
                    "write the chicken's name before the dash: `Joey-1C3S2G5D4D`".to_owned(),
                ),
            },
            Kind::NameTooLong { length } => Description {
                code: "name_too_long",
                severity: Severity::Error,
                message: format!("a name has 1 to 20 letters, this one has {length}"),
                label: format!("{length} letters"),
                secondary: Vec::new(),
                help: Some("shorten the name to at most 20 letters".to_owned()),
            },
            Kind::NameCharacter { found } => Description {
                code: "name_character",
                severity: Severity::Error,
                message: format!(
                    "`{}` cannot stand in a name: names are ASCII letters only",
                    found.escape_debug()
                ),
                label: "not an ASCII letter".to_owned(),
                secondary: Vec::new(),
                help: Some("names are 1 to 20 letters A-Z or a-z".to_owned()),
            },
            Kind::MissingDash { fixed } => Description {
                code: "missing_dash",
                severity: Severity::Error,
                message: "expected a dash between the name and the cards".to_owned(),
                label: "no dash on this line".to_owned(),
                secondary: Vec::new(),
                help: Some(match fixed {
                    Some(fixed) => format!("write `{fixed}`"),
                    None => "write the name, a dash, then the five cards: `Joey-1C3S2G5D4D`"
                        .to_owned(),
                }),
            },
            Kind::ChokerCardCount {
                found,
                without_blanks,
            } => Description {
                code: "card_count",
                severity: Severity::Error,
                message: format!(
                    "expected 10 card characters (five cards) after the dash, found {found}"
                ),
                label: counted(*found, "character"),
                secondary: Vec::new(),
                help: Some(
                    if *without_blanks {
                        "write the five cards without spaces between them"
                    } else if *found < 10 {
                        "a hand is five cards, each a rank and a suit"
                    } else {
                        "a hand is five cards; one hand per line"
                    }
                    .to_owned(),
                ),
            },
            Kind::SharedCard { first } => Description {
                code: "shared_card",
                severity: Severity::Error,
                message: "a card is in both hands of this pair, but they come from one deck"
                    .to_owned(),
                label: "again here".to_owned(),
                secondary: vec![Secondary {
                    span: *first,
                    text: "first here",
                }],
                help: Some(
                    "each card of the deck exists once: one of the two is mistyped".to_owned(),
                ),
            },
            Kind::UnpairedHand { mispaired: None } => Description {
                code: "unpaired_hand",
                severity: Severity::Error,
                message: "this hand has no opponent".to_owned(),
                label: "unpaired hand".to_owned(),
                secondary: Vec::new(),
                help: Some(
                    "hands are compared in pairs: add its opponent or remove it".to_owned(),
                ),
            },
            Kind::UnpairedHand {
                mispaired:
                    Some(Mispaired {
                        span,
                        from_line,
                        to_line,
                    }),
            } => Description {
                code: "unpaired_hand",
                severity: Severity::Error,
                message: "this hand has no opponent: the section holds an odd number of hands"
                    .to_owned(),
                label: "unpaired hand".to_owned(),
                secondary: vec![Secondary {
                    span: *span,
                    text: "these pairs may be mispaired",
                }],
                help: Some(format!(
                    "a hand is missing or one too many between lines {from_line} and {to_line}: from there on, each hand may have been compared with the wrong opponent; add the missing hand or remove the extra one"
                )),
            },
            Kind::BadTrumpLine { fixed } => Description {
                code: "trump_line",
                severity: Severity::Error,
                message: "expected the trump suit: one of S H D C alone on its line".to_owned(),
                label: "not a trump suit".to_owned(),
                secondary: Vec::new(),
                help: Some(match fixed {
                    Some(suit) => format!("write `{suit}`"),
                    None => "a deal starts with its trump suit alone on a line, such as `H`"
                        .to_owned(),
                }),
            },
            Kind::DealCutShort { lines } => Description {
                code: "deal_cut_short",
                severity: Severity::Error,
                message: format!(
                    "this deal has {lines} of its 5 lines: a trump line and 4 lines of 13 cards"
                ),
                label: "incomplete deal".to_owned(),
                secondary: Vec::new(),
                help: Some("add the missing lines of cards".to_owned()),
            },
            Kind::SectionCardCount { cards: count, short } => Description {
                code: "section_card_count",
                severity: Severity::Error,
                message: format!(
                    "this bridge section holds {}: its last hand is short by {short}",
                    cards(*count)
                ),
                label: format!("a hand of {}", cards(13 - short)),
                secondary: Vec::new(),
                help: Some(
                    "a hand is 13 cards: add the missing cards, or remove this hand".to_owned(),
                ),
            },
            Kind::RecordsOnOneLine { game, records, .. } => {
                let (one, many, layout) = match game {
                    Game::Bridge => ("bridge hand", "bridge hands", "one hand a line"),
                    Game::Choker => ("Choker pair", "Choker pairs", "one hand a line"),
                    Game::Whist => (
                        "whist deal",
                        "whist deals",
                        "a trump line, then each player's 13 cards on a line",
                    ),
                };
                let records = if *records == 1 {
                    format!("1 whole {one}")
                } else {
                    format!("{records} whole {many}")
                };
                Description {
                    code: "records_on_one_line",
                    severity: Severity::Error,
                    message: format!(
                        "this line holds {records}, as the judges read tokens: the lines layout wants {layout}"
                    ),
                    label: records,
                    secondary: Vec::new(),
                    help: Some(
                        "read the file as the judges do with `--layout tokens`, or rewrite it one record a line with `cardsharp fmt --layout tokens`"
                            .to_owned(),
                    ),
                }
            }
            Kind::MissingTrumpLine { rows } => Description {
                code: "missing_trump_line",
                severity: Severity::Error,
                message: format!(
                    "{} of cards where a trump line or `#` belongs: a deal without its trump line",
                    lines(*rows)
                ),
                label: "not evaluated: the trump suit is unknown".to_owned(),
                secondary: Vec::new(),
                help: Some(
                    "write the deal's trump suit (one of S H D C) alone on the line before them"
                        .to_owned(),
                ),
            },
            Kind::Revoke {
                trick,
                seat,
                leader,
                played,
                led,
                held,
                follows,
            } => {
                let revoke = format!(
                    "{} played {} on {}'s {} lead in trick {trick} while holding {}",
                    seat.name(),
                    card_text(played),
                    leader.name(),
                    card_text(led),
                    card_text(held)
                );
                let (message, label, help) = match follows {
                    None => (
                        revoke,
                        "played off suit".to_owned(),
                        "a player must follow the suit led when able".to_owned(),
                    ),
                    Some(cause) => (
                        format!(
                            "{revoke}: this follows from the revoke in trick {}",
                            cause.trick()
                        ),
                        format!("played off suit, after trick {}", cause.trick()),
                        match cause {
                            RevokeCause::Swap { trick, card } => format!(
                                "fix trick {trick} first: were `{}` and `{}` swapped? that makes both tricks follow suit",
                                card_text(card),
                                card_text(played)
                            ),
                            RevokeCause::Lead { trick, leader } => format!(
                                "fix trick {trick} first: it may change who won it, and this trick follows suit if {} led it",
                                leader.name()
                            ),
                        },
                    ),
                };
                Description {
                    code: "revoke",
                    severity: Severity::Error,
                    message,
                    label,
                    secondary: vec![
                        Secondary {
                            span: led.span(),
                            text: "the suit led",
                        },
                        Secondary {
                            span: held.span(),
                            text: "a card of that suit, still held",
                        },
                    ],
                    help: Some(help),
                }
            }
            Kind::MissingTerminator {
                terminator,
                read_as_bridge,
                ..
            } => Description {
                code: "missing_terminator",
                severity: Severity::Error,
                message: format!(
                    "the {game} section is not closed: expected a line `{terminator}`"
                ),
                label: format!("`{terminator}` expected after this line"),
                secondary: read_as_bridge.iter().map(|&rows| read_as_bridge_label(rows)).collect(),
                help: Some(format!("end the section with a line `{terminator}`")),
            },
            Kind::AfterTerminator { terminator } => Description {
                code: "after_terminator",
                severity: Severity::Warning,
                message: format!("text after `{terminator}` is ignored"),
                label: "ignored from here".to_owned(),
                secondary: Vec::new(),
                help: Some(
                    "without --game, cardsharp reads the rest as further sections".to_owned(),
                ),
            },
            Kind::StrayTerminator {
                terminator,
                after_a_deck,
                ..
            } => Description {
                code: "stray_terminator",
                severity: Severity::Error,
                message: format!("`{terminator}` closes no section here"),
                label: "no section to close".to_owned(),
                secondary: Vec::new(),
                help: Some(if *after_a_deck {
                    "the rows before it hold the 52 cards of a whist deal: write its trump \
                     line before them, or remove this line"
                        .to_owned()
                } else {
                    "remove this line".to_owned()
                }),
            },
            Kind::WrongTerminator { expected, found } => Description {
                code: "wrong_terminator",
                severity: Severity::Error,
                message: match *expected {
                    "#" => "a whist section ends with `#` alone on its line".to_owned(),
                    _ => format!(
                        "the terminator is `{expected}`, in capitals, alone on its line"
                    ),
                },
                label: format!("`{found}` read as the end of the section"),
                secondary: Vec::new(),
                help: Some(match (*expected, found.as_str()) {
                    ("#", "END") => "`END` ends Choker sections: write `#`".to_owned(),
                    ("END", "#") => "`#` ends whist sections: write `END`".to_owned(),
                    _ => format!("write `{expected}`"),
                }),
            },
            Kind::UnrecognisedSection {
                read_as_bridge,
                lines,
            } => Description {
                code: "unrecognised_section",
                severity: Severity::Error,
                message: match lines {
                    0 | 1 => "this line opens no known section".to_owned(),
                    _ => format!("these {lines} lines open no known section"),
                },
                label: "not whist, Choker or bridge".to_owned(),
                secondary: read_as_bridge.iter().map(|&rows| read_as_bridge_label(rows)).collect(),
                help: Some(
                    "a section opens with a trump suit letter (whist), `name-cards` (Choker) or a line of cards (bridge)".to_owned(),
                ),
            },
            Kind::LineTooLong => Description {
                code: "line_too_long",
                severity: Severity::Error,
                // `syntax::MAX_LINE_LENGTH` in words, since `syntax` sits above
                // this module. tests/cli.rs holds the two equal.
                message: "this line is longer than 64 KiB: no record is that long".to_owned(),
                label: "the line starts here; the rest is skipped".to_owned(),
                secondary: Vec::new(),
                help: Some(
                    "are the line endings missing? each record is its own line".to_owned(),
                ),
            },
            Kind::BinaryInput => Description {
                code: "binary_input",
                severity: Severity::Error,
                message: "a NUL byte: this input is binary, not text".to_owned(),
                label: "NUL byte".to_owned(),
                secondary: Vec::new(),
                help: Some("nothing after this byte was read: check the path".to_owned()),
            },
            Kind::ByteOrderMark
            | Kind::CrLineEnds { .. }
            | Kind::BlankLines { .. }
            | Kind::BlanksAtLineEdges { .. }
            | Kind::BlanksBetweenTokens { .. }
            | Kind::NoFinalNewline
            | Kind::NoRecord
            | Kind::MixedGames { .. } => self.describe_strict(),
            Kind::WrongAnswer { .. }
            | Kind::MissingAnswer { .. }
            | Kind::ExtraAnswer { .. }
            | Kind::NoAnswer
            | Kind::NoInput => self.describe_answer(),
            Kind::FailingRecord {
                verdict,
                expected,
                found,
                length,
                explanation,
            } => Description {
                code: "failing_record",
                severity: Severity::Error,
                message: match (length, found) {
                    (Some(length), _) => format!("{verdict}: {length}"),
                    (None, Some(found)) => format!("{verdict}: the program prints `{found}`, the record gives `{expected}`"),
                    (None, None) => format!("{verdict}: the program prints nothing for this record, which gives `{expected}`"),
                },
                label: format!("expected `{expected}`"),
                secondary: Vec::new(),
                help: Some(format!("why `{expected}`:\n{explanation}")),
            },
        }
    }

    /// The wording of the kinds of `cardsharp verify`. They hold an answer file
    /// against what its input's records give.
    fn describe_answer(&self) -> Description {
        let (code, severity, message, label, help) = match self {
            Kind::WrongAnswer {
                expected,
                found,
                explanation,
            } => (
                "wrong_line",
                Severity::Error,
                format!("the answer says `{found}`, the record gives `{expected}`"),
                format!("expected `{expected}`"),
                Some(format!("why `{expected}`:\n{explanation}")),
            ),
            Kind::MissingAnswer {
                expected,
                explanation,
            } => (
                "missing_line",
                Severity::Error,
                format!("the answer ends here; the next record gives `{expected}`"),
                format!("`{expected}` missing"),
                Some(format!("why `{expected}`:\n{explanation}")),
            ),
            Kind::ExtraAnswer { found } => (
                "extra_line",
                Severity::Error,
                format!("the answer has `{found}` past the input's last record"),
                "no record for this line".to_owned(),
                Some("remove the line, or add its record to the input".to_owned()),
            ),
            Kind::NoAnswer => (
                "no_answer",
                Severity::Warning,
                "a test input without an answer beside it".to_owned(),
                "no NAME.ans or NAME.out".to_owned(),
                Some("write the answer with `cardsharp run`".to_owned()),
            ),
            Kind::NoInput => (
                "no_input",
                Severity::Error,
                "an answer without its test input beside it".to_owned(),
                "no NAME.in".to_owned(),
                Some("add the input, or remove the answer".to_owned()),
            ),
            _ => unreachable!("describe_answer is called for the answer kinds only"),
        };
        Description {
            code,
            severity,
            message,
            label,
            secondary: Vec::new(),
            help,
        }
    }

    /// The wording of the strict layout's kinds. These hold the statement's
    /// bytes exactly, as a judge's input validator does.
    fn describe_strict(&self) -> Description {
        let (code, message, label, help) = match self {
            Kind::ByteOrderMark => (
                "byte_order_mark",
                "a byte-order mark before the first line".to_owned(),
                "byte-order mark".to_owned(),
                "remove it: the input is plain ASCII".to_owned(),
            ),
            Kind::CrLineEnds { crs } => (
                "crlf_line_ends",
                format!("{} end with CR LF, not LF", lines(crs.len())),
                "CR here".to_owned(),
                "end every line with LF alone".to_owned(),
            ),
            Kind::BlankLines { lines: count, .. } => (
                "blank_line",
                match count {
                    1 => "a blank line".to_owned(),
                    _ => format!("{count} blank lines"),
                },
                "blank".to_owned(),
                "remove it: the statement's input has no blank line".to_owned(),
            ),
            Kind::BlanksAtLineEdges { .. } => (
                "blanks_at_line_edge",
                "blanks at the start or the end of a line".to_owned(),
                "blanks here".to_owned(),
                "remove them: a line starts and ends with a token".to_owned(),
            ),
            Kind::BlanksBetweenTokens { joined: false, .. } => (
                "blanks_between_tokens",
                "tokens separated by other than one space".to_owned(),
                "not one space".to_owned(),
                "separate the tokens by one space".to_owned(),
            ),
            Kind::BlanksBetweenTokens { joined: true, .. } => (
                "blanks_between_tokens",
                "blanks inside a Choker hand".to_owned(),
                "blank".to_owned(),
                "write the hand without blanks: `Joey-1C3S2G5D4D`".to_owned(),
            ),
            Kind::NoFinalNewline => (
                "no_final_newline",
                "the last line has no line end".to_owned(),
                "no LF after this".to_owned(),
                "end the last line with LF".to_owned(),
            ),
            Kind::NoRecord => (
                "no_record",
                "the input holds no record".to_owned(),
                "empty".to_owned(),
                "a test input holds at least one record".to_owned(),
            ),
            Kind::MixedGames { first, found } => (
                "mixed_games",
                format!(
                    "a {} record in an input of {} records",
                    Scope::Game(*found).game_name(),
                    Scope::Game(*first).game_name()
                ),
                "another game".to_owned(),
                "a test input holds one game: move these records to a file of their own".to_owned(),
            ),
            _ => unreachable!("describe_strict is called for the strict kinds only"),
        };
        Description {
            code,
            severity: Severity::Error,
            message,
            label,
            secondary: Vec::new(),
            help: Some(help),
        }
    }
}

impl Kind {
    /// The repairs of every kind, one arm each. They sit beside
    /// [`Kind::describe`] so that a kind's wording and its fix are read
    /// together. `span` is the primary label's. Which fixes are safe, and why:
    ///
    /// - Safe, as the text is surely meant so. These are a ten written `10`, a
    ///   lowercase card, glued cards, and a look-alike character (each written
    ///   as the ASCII it looks like). Also a missing Choker dash, and a trump
    ///   written as a suit's name or symbol. Also a missing terminator (its
    ///   line added) and a stray one (its line removed). Last, a terminator
    ///   spelled otherwise, which the framer already read as the end of its
    ///   section.
    /// - Safe too, as the cards stay exactly the ones written and only what
    ///   surrounds them goes. These are a numbered line and cards between
    ///   commas. Also a row whose every card is written suit first, where only
    ///   swapping each makes them all cards.
    /// - Unsafe, as they guess which card was meant. A whist deal's repeated
    ///   card is replaced by the one card the deal lacks (either copy: two
    ///   fixes). A bad token of a deal that lacks exactly one card is replaced
    ///   by that card.
    // One arm per kind, by design, as in `describe`.
    #[allow(clippy::too_many_lines)]
    fn fixes(&self, scope: Scope, span: Span) -> Vec<Fix> {
        let card =
            |card: &Card| String::from_utf8_lossy(&scope.alphabet().card_text(*card)).into_owned();
        let token = |token: Span, lacking: &Option<Card>| -> Vec<Fix> {
            lacking
                .iter()
                .map(|lacking| {
                    let written = card(lacking);
                    Fix::unsafe_one(
                        format!("write `{written}`, the one card this deal lacks"),
                        token,
                        written,
                    )
                })
                .collect()
        };
        match self {
            // One record a line: a line break where each record ends, and each
            // line of a whist deal.
            Kind::RecordsOnOneLine {
                breaks,
                line_ending,
                ..
            } => vec![Fix {
                message: "write one record a line".to_owned(),
                applicability: Applicability::Safe,
                edits: breaks
                    .iter()
                    .map(|&span| Edit {
                        span,
                        replacement: line_ending.as_str().to_owned(),
                    })
                    .collect(),
            }],
            Kind::TenAsDigits { fixed }
            | Kind::LowercaseCard { fixed }
            | Kind::GluedCards { fixed }
            | Kind::NumberedLine { fixed }
            | Kind::CommaSeparated { fixed }
            | Kind::SwappedCards { fixed } => {
                vec![Fix::safe(format!("write `{fixed}`"), span, fixed.clone())]
            }
            Kind::LookAlike { meant, .. } => vec![Fix::safe(
                format!("write {}", ascii_name(*meant)),
                span,
                meant.to_string(),
            )],
            // The hand as meant: the dash in place of any blank between the
            // name and the cards, so that the fixed hand is canonical.
            Kind::MissingDash { fixed: Some(fixed) } => vec![Fix::safe(
                "write a dash between the name and the cards".to_owned(),
                span,
                fixed.clone(),
            )],
            Kind::BadTrumpLine { fixed: Some(suit) } => {
                vec![Fix::safe(format!("write `{suit}`"), span, suit.to_string())]
            }
            Kind::WrongTerminator { expected, .. } => vec![Fix::safe(
                format!("write `{expected}`"),
                span,
                (*expected).to_owned(),
            )],
            Kind::MissingTerminator {
                terminator,
                line_ending: Some(ending),
                blanks_after,
                splits_line,
                ..
            } => {
                let ending = ending.as_str();
                // Where the next section begins on this line, the blanks before
                // it become the terminator's line.
                let (at, after) = if *splits_line {
                    (Span::new(span.end(), *blanks_after), ending)
                } else {
                    (Span::new(span.end() + blanks_after, 0), "")
                };
                vec![Fix::safe(
                    format!("add a line `{terminator}` after this one"),
                    at,
                    format!("{ending}{terminator}{after}"),
                )]
            }
            Kind::StrayTerminator {
                line, after_a_deck, ..
            } => {
                let (message, replacement) = ("remove this line".to_owned(), String::new());
                vec![if *after_a_deck {
                    Fix::unsafe_one(message, *line, replacement)
                } else {
                    Fix::safe(message, *line, replacement)
                }]
            }
            Kind::DuplicateCard {
                first,
                lacking: Some(lacking),
            } => {
                let written = card(lacking);
                vec![
                    Fix::unsafe_one(
                        format!("write `{written}`, the card the deal lacks, here"),
                        span,
                        written.clone(),
                    ),
                    Fix::unsafe_one(
                        format!("write `{written}`, the card the deal lacks, at the first copy"),
                        *first,
                        written,
                    ),
                ]
            }
            Kind::NotACard { lacking, .. } => token(span, lacking),
            Kind::ByteOrderMark => vec![Fix::safe(
                "remove it".to_owned(),
                Span::new(0, "\u{feff}".len()),
                String::new(),
            )],
            Kind::BlankLines { removed, .. } => {
                vec![Fix::safe("remove it".to_owned(), *removed, String::new())]
            }
            Kind::CrLineEnds { crs } => vec![Fix::removing(
                "end the lines with LF",
                crs.iter().map(|&cr| Span::new(cr, 1)),
            )],
            Kind::BlanksAtLineEdges { edges } => {
                vec![Fix::removing("remove the blanks", edges.iter().copied())]
            }
            Kind::BlanksBetweenTokens { gaps, joined } => vec![Fix {
                message: if *joined {
                    "remove the blanks"
                } else {
                    "write one space"
                }
                .to_owned(),
                applicability: Applicability::Safe,
                edits: gaps
                    .iter()
                    .map(|&span| Edit {
                        span,
                        replacement: if *joined { "" } else { " " }.to_owned(),
                    })
                    .collect(),
            }],
            Kind::NoFinalNewline => vec![Fix::safe(
                "end the line with LF".to_owned(),
                Span::new(span.end(), 0),
                "\n".to_owned(),
            )],
            // The rank or suit alone is labelled; the token is its two bytes.
            Kind::BadRank { lacking, .. } => token(Span::new(span.offset, 2), lacking),
            Kind::BadSuit { lacking, .. } => {
                token(Span::new(span.offset.saturating_sub(1), 2), lacking)
            }
            Kind::MissingDash { fixed: None }
            | Kind::BadTrumpLine { fixed: None }
            | Kind::MissingTerminator {
                line_ending: None, ..
            }
            | Kind::DuplicateCard { lacking: None, .. }
            | Kind::UnrecognisedLine
            | Kind::UnrecognisedLines { .. }
            | Kind::CommentLine
            | Kind::InvalidUtf8
            | Kind::CardCount { .. }
            | Kind::NameEmpty
            | Kind::NameTooLong { .. }
            | Kind::NameCharacter { .. }
            | Kind::ChokerCardCount { .. }
            | Kind::SharedCard { .. }
            | Kind::UnpairedHand { .. }
            | Kind::DealCutShort { .. }
            | Kind::MissingTrumpLine { .. }
            | Kind::Revoke { .. }
            | Kind::AfterTerminator { .. }
            | Kind::UnrecognisedSection { .. }
            | Kind::LineTooLong
            | Kind::BinaryInput
            | Kind::SectionCardCount { .. }
            | Kind::NoRecord
            | Kind::MixedGames { .. }
            | Kind::WrongAnswer { .. }
            | Kind::MissingAnswer { .. }
            | Kind::ExtraAnswer { .. }
            | Kind::NoAnswer
            | Kind::NoInput
            | Kind::FailingRecord { .. } => Vec::new(),
        }
    }
}

impl Fix {
    fn safe(message: String, span: Span, replacement: String) -> Self {
        Self {
            message,
            applicability: Applicability::Safe,
            edits: vec![Edit { span, replacement }],
        }
    }

    /// A safe fix that removes the bytes of each of `spans`.
    fn removing(message: &str, spans: impl Iterator<Item = Span>) -> Self {
        Self {
            message: message.to_owned(),
            applicability: Applicability::Safe,
            edits: spans
                .map(|span| Edit {
                    span,
                    replacement: String::new(),
                })
                .collect(),
        }
    }

    fn unsafe_one(message: String, span: Span, replacement: String) -> Self {
        Self {
            applicability: Applicability::Unsafe,
            ..Self::safe(message, span, replacement)
        }
    }
}

/// The rows a whist deal or an unknown section ran into, read as bridge.
fn read_as_bridge_label(rows: Span) -> Secondary {
    Secondary {
        span: rows,
        text: "read as bridge hands",
    }
}

/// `1 card`, `2 cards`: a count with its noun, singular for one.
fn counted(count: usize, noun: &str) -> String {
    let plural = if count == 1 { "" } else { "s" };
    format!("{count} {noun}{plural}")
}

/// `1 line`, `2 lines`.
fn lines(count: usize) -> String {
    counted(count, "line")
}

/// What a look-alike character is, for a reader who cannot see the difference.
fn look_alike_name(found: char) -> String {
    match found {
        '♠' => "the spades symbol",
        '♥' => "the hearts symbol",
        '♦' => "the diamonds symbol",
        '♣' => "the clubs symbol",
        '♤' => "the white spades symbol",
        '♡' => "the white hearts symbol",
        '♢' => "the white diamonds symbol",
        '♧' => "the white clubs symbol",
        '\u{2010}' => "a Unicode hyphen",
        '\u{2011}' => "a non-breaking hyphen",
        '\u{2012}' => "a figure dash",
        '–' => "an en dash",
        '—' => "an em dash",
        '−' => "a minus sign",
        '\u{a0}' => "a no-break space",
        '\u{202f}' => "a narrow no-break space",
        '\u{2009}' => "a thin space",
        '\u{3000}' => "an ideographic space",
        other => return format!("the Unicode character U+{:04X}", u32::from(other)),
    }
    .to_owned()
}

/// The ASCII character to write instead, as a sentence names it.
fn ascii_name(meant: char) -> String {
    if meant == ' ' {
        "a plain space".to_owned()
    } else {
        format!("`{meant}`")
    }
}

/// `1 card`, `2 cards`.
fn cards(count: usize) -> String {
    counted(count, "card")
}

#[cfg(test)]
mod tests {
    use super::*;

    /// One of each kind, and of each condition that words a kind apart.
    // A list of every kind, one entry each.
    #[allow(clippy::too_many_lines)]
    fn every_kind() -> Vec<Kind> {
        let span = Span::new(0, 2);
        let whist = Game::Whist.alphabet();
        let five = Card::from_code(whist.card_code(b'5', b'S'), 0);
        let fixed = || "KS QS".to_owned();
        [
            Kind::BadRank {
                letter: '1',
                suit: Some('S'),
                lacking: None,
            },
            Kind::BadSuit {
                letter: 'X',
                lacking: Some(five),
            },
            Kind::LowercaseCard { fixed: fixed() },
            Kind::TenAsDigits { fixed: fixed() },
            Kind::GluedCards { fixed: fixed() },
            Kind::NotACard {
                found: "XX".to_owned(),
                lacking: None,
            },
            Kind::LookAlike {
                found: '♠',
                meant: 'S',
                fixed: None,
            },
            Kind::UnrecognisedLine,
            Kind::UnrecognisedLines { lines: 3 },
            Kind::CommentLine,
            Kind::NumberedLine { fixed: fixed() },
            Kind::CommaSeparated { fixed: fixed() },
            Kind::SwappedCards { fixed: fixed() },
            Kind::InvalidUtf8,
            Kind::DuplicateCard {
                first: span,
                lacking: Some(five),
            },
            Kind::CardCount {
                expected: 13,
                found: 12,
            },
            Kind::NameEmpty,
            Kind::NameTooLong { length: 21 },
            Kind::NameCharacter { found: '1' },
            Kind::MissingDash { fixed: None },
            Kind::ChokerCardCount {
                found: 8,
                without_blanks: false,
            },
            Kind::SharedCard { first: span },
            Kind::UnpairedHand { mispaired: None },
            Kind::UnpairedHand {
                mispaired: Some(Mispaired {
                    span,
                    from_line: 1,
                    to_line: 4,
                }),
            },
            Kind::BadTrumpLine { fixed: Some('H') },
            Kind::DealCutShort { lines: 3 },
            Kind::SectionCardCount {
                cards: 38,
                short: 1,
            },
            Kind::RecordsOnOneLine {
                game: Game::Whist,
                records: 1,
                breaks: vec![span],
                line_ending: LineEnding::CrLf,
            },
            Kind::MissingTrumpLine { rows: 2 },
            Kind::Revoke {
                trick: 2,
                seat: Seat::East,
                leader: Seat::North,
                played: five,
                led: five,
                held: five,
                follows: Some(RevokeCause::Lead {
                    trick: 1,
                    leader: Seat::West,
                }),
            },
            Kind::MissingTerminator {
                terminator: "#",
                read_as_bridge: Some(span),
                line_ending: Some(LineEnding::CrLf),
                blanks_after: 0,
                splits_line: false,
            },
            Kind::AfterTerminator { terminator: "END" },
            Kind::StrayTerminator {
                terminator: "END",
                line: span,
                after_a_deck: false,
            },
            Kind::WrongTerminator {
                expected: "#",
                found: "END".to_owned(),
            },
            Kind::UnrecognisedSection {
                read_as_bridge: None,
                lines: 1,
            },
            Kind::LineTooLong,
            Kind::BinaryInput,
            Kind::ByteOrderMark,
            Kind::CrLineEnds { crs: vec![3, 9] },
            Kind::BlankLines {
                lines: 2,
                removed: Span::new(4, 2),
            },
            Kind::BlanksAtLineEdges {
                edges: vec![Span::new(0, 1), Span::new(9, 2)],
            },
            Kind::BlanksBetweenTokens {
                gaps: vec![Span::new(2, 2)],
                joined: false,
            },
            Kind::NoFinalNewline,
            Kind::NoRecord,
            Kind::MixedGames {
                first: Game::Bridge,
                found: Game::Whist,
            },
            Kind::WrongAnswer {
                expected: "PASS".to_owned(),
                found: "BID S".to_owned(),
                explanation: "8 points".to_owned(),
            },
            Kind::MissingAnswer {
                expected: "PASS".to_owned(),
                explanation: "8 points".to_owned(),
            },
            Kind::ExtraAnswer {
                found: "PASS".to_owned(),
            },
            Kind::NoAnswer,
            Kind::NoInput,
            Kind::FailingRecord {
                verdict: "wrong answer",
                expected: "PASS".to_owned(),
                found: None,
                length: None,
                explanation: "8 points".to_owned(),
            },
        ]
        .into()
    }

    /// Every fix has an edit, and the safe ones come first. A fix's edits never
    /// overlap one another.
    #[test]
    fn fixes_are_well_formed() {
        for kind in every_kind() {
            let fixes = kind.fixes(Scope::Game(Game::Whist), Span::new(20, 12));
            assert!(fixes.is_sorted_by_key(|fix| fix.applicability), "{kind:?}");
            for fix in &fixes {
                assert!(!fix.edits.is_empty(), "{kind:?}");
                for (index, edit) in fix.edits.iter().enumerate() {
                    assert!(fix.edits[index + 1..].iter().all(|other| {
                        other.span.offset >= edit.span.end() || other.span.end() <= edit.span.offset
                    }));
                }
            }
        }
    }

    /// [`Kind::code`] describes in any scope. The code each scope renders must
    /// be that one.
    #[test]
    fn a_kind_has_one_code_in_every_scope() {
        let kinds = every_kind();
        let scopes = [
            Scope::Document,
            Scope::Game(Game::Bridge),
            Scope::Game(Game::Choker),
            Scope::Game(Game::Whist),
        ];
        for kind in &kinds {
            for scope in scopes {
                assert_eq!(
                    kind.describe(scope).code,
                    kind.code(),
                    "{kind:?} in {scope:?}"
                );
            }
        }
    }

    /// A count's noun agrees with its number: one card, one character.
    #[test]
    fn count_words_agree_with_their_numbers() {
        let bridge = Scope::Game(Game::Bridge);
        let one_card = Kind::CardCount {
            expected: 13,
            found: 1,
        };
        assert_eq!(one_card.describe(bridge).label, "1 card");
        let one_character = Kind::ChokerCardCount {
            found: 1,
            without_blanks: false,
        };
        let choker = Scope::Game(Game::Choker);
        assert_eq!(one_character.describe(choker).label, "1 character");
        let cards = Kind::CardCount {
            expected: 13,
            found: 12,
        };
        assert_eq!(cards.describe(bridge).label, "12 cards");
    }
}
