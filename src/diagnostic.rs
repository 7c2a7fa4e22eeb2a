//! Every problem cardsharp can report, in one place.
//!
//! A [`Diagnostic`] is plain data: where (`span`), in which language
//! (`scope`), and what (`kind`). All wording lives in the exhaustive matches
//! below, so one look shows every message, code and hint the program can
//! print, and adding a kind without wording it does not compile.

use crate::ast::{Card, Game, Seat, Span};

/// Where a diagnostic's code lives: a game's records, or the document that
/// holds them (sections and terminators).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Scope {
    Game(Game),
    Document,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord)]
pub enum Severity {
    Warning,
    Error,
}

/// What went wrong. Fields hold what the wording needs; spans of the other
/// side of a conflict become secondary labels.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Kind {
    /// The first character of a card is not a rank of this game; `suit`
    /// is the card's suit letter when that one is right, so that a likely
    /// card can be named.
    BadRank { letter: char, suit: Option<char> },
    /// The second character of a card is not a suit of this game.
    BadSuit { letter: char },
    /// A card written in lowercase, such as `kh`.
    LowercaseCard { fixed: String },
    /// The ten written as `10`.
    TenAsDigits { fixed: String },
    /// Several cards without spaces between them, such as `KSQS`.
    GluedCards { fixed: String },
    /// A token that is not a card at all.
    NotACard { found: String },
    /// A Unicode character where an ASCII one belongs (a suit symbol for
    /// its letter, an en dash for the dash, a no-break space for a space),
    /// as word processors and phones write them. `fixed` is the card,
    /// token or hand rewritten, where the rest of it is right.
    LookAlike {
        found: char,
        meant: char,
        fixed: Option<String>,
    },
    /// A line none of whose tokens is a card.
    UnrecognisedLine,
    /// Several lines in a row none of whose tokens is a card (prose, a
    /// README read by mistake): one report for the run.
    UnrecognisedLines { lines: usize },
    /// A comment line (`# …`, `// …`): the format has no comments.
    CommentLine,
    /// A line of cards numbered in front (`1. KS QS …`).
    NumberedLine { fixed: String },
    /// Cards separated by commas (`KS, QS, …`).
    CommaSeparated { fixed: String },
    /// Every card written suit first (`SK SQ …`).
    SwappedCards { fixed: String },
    /// Bytes that are not UTF-8; the span is the first bad byte.
    InvalidUtf8,
    /// A card that stands twice in one hand or deal.
    DuplicateCard { first: Span },
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
    /// Choker: the last hand before `END` or the end of input has no
    /// partner; `mispaired` holds the pairs before it in the section,
    /// which may pair the wrong hands when there are any.
    UnpairedHand { mispaired: Option<Mispaired> },
    /// Whist: the first line of a deal is not one suit letter; `fixed` is
    /// the suit it may have meant (`h` for `H`).
    BadTrumpLine { fixed: Option<char> },
    /// Whist: a deal of fewer than its five lines.
    DealCutShort { lines: usize },
    /// Whist: lines of cards where a deal's trump line or `#` belongs, with
    /// a `#` or a trump line after them: a deal whose trump line was lost.
    /// The span is the rows, which are not evaluated.
    MissingTrumpLine { rows: usize },
    /// Whist: `seat` played `played` on `leader`'s lead of `led` while
    /// holding `held` of that suit; `follows` when an earlier revoke may
    /// explain it.
    Revoke {
        trick: usize,
        seat: Seat,
        leader: Seat,
        played: Card,
        led: Card,
        held: Card,
        follows: Option<RevokeCause>,
    },
    /// The section's terminator is missing: the input ended, or (whist)
    /// lines of cards went on past a deal's end, read as bridge hands.
    MissingTerminator {
        terminator: &'static str,
        read_as_bridge: Option<Span>,
    },
    /// Text after the terminator of an input read as one game, ignored.
    AfterTerminator { terminator: &'static str },
    /// A terminator with no section open to end.
    StrayTerminator { terminator: &'static str },
    /// A line that plainly means to end the open section but is not its
    /// terminator: `end`, `# end`, or the other game's terminator. The
    /// section ends there.
    WrongTerminator {
        expected: &'static str,
        found: String,
    },
    /// A line that opens no section a game is recognised by; the lines of
    /// cards after it, when one line short enough to be a trump line
    /// seemed to open a whist deal, are read as bridge hands.
    /// `lines` counts a run of such lines, reported once.
    UnrecognisedSection {
        read_as_bridge: Option<Span>,
        lines: usize,
    },
    /// A line longer than any record could be; the span is its start.
    LineTooLong,
    /// A NUL byte: the input is not text. Reported once; the rest of the
    /// input is not read.
    BinaryInput,
}

/// The pairs of a Choker section that ended with a hand unpaired: a hand
/// is missing or extra somewhere among them, so from there on each hand
/// may be paired with the wrong opponent.
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
    /// The same player's: swapping `card`, played there, with this one
    /// makes both tricks follow suit. One slip seen twice.
    Swap { trick: usize, card: Card },
    /// Any player's: with `leader` leading, this trick follows suit, and
    /// who leads comes from a replay through the earlier revoke.
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
    /// Lines the report accounts for beyond its own bytes: records it
    /// read as a guess (evaluated, but maybe not what was meant) or that
    /// it consumed without evaluating. A second label, so that no record
    /// goes unaccounted for.
    pub cover: Option<Secondary>,
}

/// A label beside the primary one: the other side of a conflict.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Secondary {
    pub span: Span,
    pub text: &'static str,
}

impl Diagnostic {
    #[must_use]
    pub const fn new(scope: Scope, kind: Kind, span: Span) -> Self {
        Self {
            scope,
            kind,
            span,
            cover: None,
        }
    }

    /// This diagnostic with [`Diagnostic::cover`] set.
    #[must_use]
    pub fn covering(mut self, span: Span, text: &'static str) -> Self {
        self.cover = Some(Secondary { span, text });
        self
    }

    #[must_use]
    pub fn severity(&self) -> Severity {
        match self.kind {
            Kind::AfterTerminator { .. } => Severity::Warning,
            _ => Severity::Error,
        }
    }

    /// The stable code, `cardsharp::<scope>::<what>`.
    #[must_use]
    pub fn code(&self) -> String {
        let scope = match self.scope {
            Scope::Game(game) => game.name(),
            Scope::Document => "document",
        };
        format!("cardsharp::{scope}::{}", self.kind.code())
    }

    fn game_name(&self) -> &'static str {
        match self.scope {
            Scope::Game(Game::Bridge) => "bridge",
            Scope::Game(Game::Choker) => "Choker",
            Scope::Game(Game::Whist) => "whist",
            Scope::Document => "this document",
        }
    }

    fn alphabet(&self) -> &'static crate::ast::Alphabet {
        match self.scope {
            Scope::Game(game) => game.alphabet(),
            Scope::Document => Game::Bridge.alphabet(),
        }
    }

    /// One sentence: what was found and what was expected.
    #[must_use]
    pub fn message(&self) -> String {
        let game = self.game_name();
        let alphabet = self.alphabet();
        match &self.kind {
            Kind::BadRank { letter, .. } => format!(
                "`{}` is not a {game} rank: expected one of {}",
                letter.escape_debug(),
                alphabet.rank_list
            ),
            Kind::BadSuit { letter } => format!(
                "`{}` is not a {game} suit: expected one of {}",
                letter.escape_debug(),
                alphabet.suit_list
            ),
            Kind::LowercaseCard { .. } => "cards are written in capitals".to_owned(),
            Kind::TenAsDigits { .. } => "the ten is written `T`, not `10`".to_owned(),
            Kind::GluedCards { fixed } => format!(
                "{} cards written without a space between them",
                fixed.split(' ').count()
            ),
            Kind::NotACard { found } => {
                format!("expected a card (rank then suit), found `{found}`")
            }
            Kind::LookAlike { found, meant, .. } => format!(
                "`{}` is {}: write {}",
                found.escape_debug(),
                look_alike_name(*found),
                ascii_name(*meant)
            ),
            Kind::UnrecognisedLine if self.scope == Scope::Game(Game::Choker) => {
                "expected a Choker hand: a name, a dash and five cards".to_owned()
            }
            Kind::UnrecognisedLine => format!("expected a line of {game} cards"),
            Kind::UnrecognisedLines { lines } => {
                format!("expected lines of {game} cards: these {lines} lines hold no card")
            }
            Kind::CommentLine => "a comment: card files have no comments".to_owned(),
            Kind::NumberedLine { .. } => {
                "a numbered line: the number is not part of the record".to_owned()
            }
            Kind::CommaSeparated { .. } => "cards are separated by spaces, not commas".to_owned(),
            Kind::SwappedCards { .. } => {
                "each card is written suit first: a card is its rank, then its suit".to_owned()
            }
            Kind::InvalidUtf8 => "the input is not valid UTF-8 here".to_owned(),
            Kind::DuplicateCard { .. } => match self.scope {
                Scope::Game(Game::Whist) => {
                    "a card is dealt twice: a deal is 52 distinct cards".to_owned()
                }
                _ => "a card stands twice in this hand".to_owned(),
            },
            Kind::CardCount { expected, found } => {
                format!("expected {expected} cards on this line, found {found}")
            }
            Kind::NameEmpty => "the hand has no name before the dash".to_owned(),
            Kind::NameTooLong { length } => {
                format!("a name has 1 to 20 letters, this one has {length}")
            }
            Kind::NameCharacter { found } => format!(
                "`{}` cannot stand in a name: names are letters only",
                found.escape_debug()
            ),
            Kind::MissingDash { .. } => "expected a dash between the name and the cards".to_owned(),
            Kind::ChokerCardCount { found, .. } => {
                format!("expected 10 card characters (five cards) after the dash, found {found}")
            }
            Kind::SharedCard { .. } => {
                "a card is in both hands of this pair, but they come from one deck".to_owned()
            }
            Kind::UnpairedHand { mispaired: None } => "this hand has no opponent".to_owned(),
            Kind::UnpairedHand { mispaired: Some(_) } => {
                "this hand has no opponent: the section holds an odd number of hands".to_owned()
            }
            Kind::BadTrumpLine { .. } => {
                "expected the trump suit: one of S H D C alone on its line".to_owned()
            }
            Kind::DealCutShort { lines } => format!(
                "this deal has {lines} of its 5 lines: a trump line and 4 lines of 13 cards"
            ),
            Kind::Revoke {
                trick,
                seat,
                leader,
                played,
                led,
                held,
                follows,
            } => {
                let card =
                    |card: &Card| String::from_utf8_lossy(&alphabet.card_text(*card)).into_owned();
                let mut message = format!(
                    "{} played {} on {}'s {} lead in trick {trick} while holding {}",
                    seat.name(),
                    card(played),
                    leader.name(),
                    card(led),
                    card(held)
                );
                if let Some(cause) = follows {
                    message +=
                        &format!(": this follows from the revoke in trick {}", cause.trick());
                }
                message
            }
            Kind::MissingTerminator { terminator, .. } => {
                format!("the {game} section is not closed: expected a line `{terminator}`")
            }
            Kind::MissingTrumpLine { rows } => format!(
                "{} of cards where a trump line or `#` belongs: a deal without its trump line",
                lines(*rows)
            ),
            Kind::AfterTerminator { terminator } => {
                format!("text after `{terminator}` is ignored")
            }
            Kind::StrayTerminator { terminator } => {
                format!("`{terminator}` closes no section here")
            }
            Kind::UnrecognisedSection { lines: 0 | 1, .. } => {
                "this line opens no known section".to_owned()
            }
            Kind::UnrecognisedSection { lines, .. } => {
                format!("these {lines} lines open no known section")
            }
            Kind::WrongTerminator { expected, .. } => match *expected {
                "#" => "a whist section ends with `#` alone on its line".to_owned(),
                _ => format!("the terminator is `{expected}`, in capitals, alone on its line"),
            },
            // `syntax::MAX_LINE_LENGTH` in words: `syntax` sits above this
            // module. tests/cli.rs holds the two equal.
            Kind::LineTooLong => {
                "this line is longer than 64 KiB: no record is that long".to_owned()
            }
            Kind::BinaryInput => "a NUL byte: this input is binary, not text".to_owned(),
        }
    }

    /// The text on the primary label.
    #[must_use]
    pub fn label(&self) -> String {
        match &self.kind {
            Kind::BadRank { .. } => "not a rank".to_owned(),
            Kind::BadSuit { .. } => "not a suit".to_owned(),
            Kind::LowercaseCard { .. } => "lowercase".to_owned(),
            Kind::TenAsDigits { .. } => "`10` here".to_owned(),
            Kind::GluedCards { .. } => "no space between these cards".to_owned(),
            Kind::NotACard { .. } => "not a card".to_owned(),
            Kind::LookAlike { meant, .. } => format!("looks like {}", ascii_name(*meant)),
            Kind::UnrecognisedLine => "no card on this line".to_owned(),
            Kind::UnrecognisedLines { .. } => "no card on these lines".to_owned(),
            Kind::CommentLine => "comment".to_owned(),
            Kind::NumberedLine { .. } => "numbered".to_owned(),
            Kind::CommaSeparated { .. } => "commas between the cards".to_owned(),
            Kind::SwappedCards { .. } => "suit before rank".to_owned(),
            Kind::InvalidUtf8 => "invalid UTF-8".to_owned(),
            Kind::DuplicateCard { .. } | Kind::SharedCard { .. } => "again here".to_owned(),
            Kind::CardCount { found, .. } => format!("{found} cards"),
            Kind::NameEmpty => "name expected before this dash".to_owned(),
            Kind::NameTooLong { length } => format!("{length} letters"),
            Kind::NameCharacter { .. } => "not a letter".to_owned(),
            Kind::MissingDash { .. } => "no dash on this line".to_owned(),
            Kind::ChokerCardCount { found, .. } => format!("{found} characters"),
            Kind::UnpairedHand { .. } => "unpaired hand".to_owned(),
            Kind::BadTrumpLine { .. } => "not a trump suit".to_owned(),
            Kind::DealCutShort { .. } => "incomplete deal".to_owned(),
            Kind::Revoke { follows: None, .. } => "played off suit".to_owned(),
            Kind::Revoke {
                follows: Some(cause),
                ..
            } => format!("played off suit, after trick {}", cause.trick()),
            Kind::MissingTerminator { terminator, .. } => {
                format!("`{terminator}` expected after this line")
            }
            Kind::MissingTrumpLine { .. } => "not evaluated: the trump suit is unknown".to_owned(),
            Kind::AfterTerminator { .. } => "ignored from here".to_owned(),
            Kind::StrayTerminator { .. } => "no section to close".to_owned(),
            Kind::WrongTerminator { found, .. } => {
                format!("`{found}` read as the end of the section")
            }
            Kind::UnrecognisedSection { .. } => "not whist, Choker or bridge".to_owned(),
            Kind::LineTooLong => "the line starts here; the rest is skipped".to_owned(),
            Kind::BinaryInput => "NUL byte".to_owned(),
        }
    }

    /// The other side of a conflict, where there is one.
    #[must_use]
    pub fn secondary(&self) -> Vec<Secondary> {
        let mut secondary = self.kind_secondary();
        secondary.extend(self.cover.clone());
        secondary
    }

    fn kind_secondary(&self) -> Vec<Secondary> {
        match &self.kind {
            Kind::DuplicateCard { first } | Kind::SharedCard { first } => vec![Secondary {
                span: *first,
                text: "first here",
            }],
            Kind::UnpairedHand {
                mispaired: Some(mispaired),
            } => vec![Secondary {
                span: mispaired.span,
                text: "these pairs may be mispaired",
            }],
            Kind::MissingTerminator {
                read_as_bridge: Some(rows),
                ..
            }
            | Kind::UnrecognisedSection {
                read_as_bridge: Some(rows),
                ..
            } => vec![Secondary {
                span: *rows,
                text: "read as bridge hands",
            }],
            Kind::Revoke { held, led, .. } => vec![
                Secondary {
                    span: led.span(),
                    text: "the suit led",
                },
                Secondary {
                    span: held.span(),
                    text: "a card of that suit, still held",
                },
            ],
            _ => Vec::new(),
        }
    }

    /// A fix, where one can be guessed.
    #[must_use]
    pub fn help(&self) -> Option<String> {
        let alphabet = self.alphabet();
        let game = self.game_name();
        match &self.kind {
            Kind::BadRank { letter, suit } => Some(match (self.scope, letter, suit) {
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
            Kind::BadSuit { letter } => Some(match (self.scope, letter) {
                (Scope::Game(Game::Choker), 'H') => {
                    "Choker has no hearts: its suits are S G D C (G for giblets)".to_owned()
                }
                (Scope::Game(Game::Bridge | Game::Whist), 'G') => {
                    "giblets are a Choker suit: the standard suits are S H D C".to_owned()
                }
                _ => format!("{game} suits are {}", alphabet.suit_list),
            }),
            Kind::LowercaseCard { fixed }
            | Kind::TenAsDigits { fixed }
            | Kind::GluedCards { fixed }
            | Kind::LookAlike {
                fixed: Some(fixed), ..
            } => Some(format!("write `{fixed}`")),
            Kind::LookAlike { fixed: None, .. } => None,
            Kind::UnrecognisedLine if self.scope == Scope::Game(Game::Choker) => {
                Some("write a hand as `Joey-1C3S2G5D4D`".to_owned())
            }
            Kind::CommentLine => Some("remove the line".to_owned()),
            Kind::NumberedLine { fixed }
            | Kind::CommaSeparated { fixed }
            | Kind::SwappedCards { fixed } => Some(format!("write `{fixed}`")),
            Kind::UnrecognisedLines { .. } => Some("is this a file of hands? remove these lines, or leave the file out".to_owned()),
            Kind::NotACard { .. } | Kind::UnrecognisedLine => Some(format!(
                "a card is a rank ({}) followed by a suit ({})",
                alphabet.rank_list, alphabet.suit_list
            )),
            Kind::InvalidUtf8 => Some("save the file as UTF-8 (or ASCII)".to_owned()),
            Kind::DuplicateCard { .. } | Kind::SharedCard { .. } => {
                Some("each card of the deck exists once: one of the two is mistyped".to_owned())
            }
            Kind::CardCount { expected, found } if *found == 2 * expected => Some(
                "two hands on one line? put each on its own line".to_owned(),
            ),
            Kind::CardCount { expected, found } if found < expected => {
                Some(format!("{} missing", cards(expected - found)))
            }
            Kind::CardCount { expected, found } => {
                Some(format!("{} too many", cards(found - expected)))
            }
            Kind::NameEmpty => Some("write the chicken's name before the dash: `Joey-1C3S2G5D4D`".to_owned()),
            Kind::NameTooLong { .. } => Some("shorten the name to at most 20 letters".to_owned()),
            Kind::NameCharacter { .. } => Some("names are 1 to 20 letters A-Z or a-z".to_owned()),
            Kind::MissingDash { fixed } => Some(match fixed {
                Some(fixed) => format!("write `{fixed}`"),
                None => "write the name, a dash, then the five cards: `Joey-1C3S2G5D4D`".to_owned(),
            }),
            Kind::ChokerCardCount {
                without_blanks: true,
                ..
            } => Some("write the five cards without spaces between them".to_owned()),
            Kind::ChokerCardCount { found, .. } if *found < 10 => {
                Some("a hand is five cards, each a rank and a suit".to_owned())
            }
            Kind::ChokerCardCount { .. } => {
                Some("a hand is five cards; one hand per line".to_owned())
            }
            Kind::UnpairedHand { mispaired: None } => Some("hands are compared in pairs: add its opponent or remove it".to_owned()),
            Kind::UnpairedHand {
                mispaired: Some(Mispaired { from_line, to_line, .. }),
            } => Some(format!(
                "a hand is missing or one too many between lines {from_line} and {to_line}: from there on, each hand may have been compared with the wrong opponent; add the missing hand or remove the extra one"
            )),
            Kind::BadTrumpLine { fixed: Some(suit) } => Some(format!("write `{suit}`")),
            Kind::BadTrumpLine { fixed: None } => {
                Some("a deal starts with its trump suit alone on a line, such as `H`".to_owned())
            }
            Kind::DealCutShort { .. } => Some("add the missing lines of cards".to_owned()),
            Kind::Revoke { follows: None, .. } => {
                Some("a player must follow the suit led when able".to_owned())
            }
            Kind::Revoke {
                played,
                follows: Some(RevokeCause::Swap { trick, card }),
                ..
            } => {
                let text = |card: &Card| {
                    String::from_utf8_lossy(&alphabet.card_text(*card)).into_owned()
                };
                Some(format!(
                    "fix trick {trick} first: were `{}` and `{}` swapped? that makes both tricks follow suit",
                    text(card),
                    text(played)
                ))
            }
            Kind::Revoke {
                follows: Some(RevokeCause::Lead { trick, leader }),
                ..
            } => Some(format!(
                "fix trick {trick} first: it may change who won it, and this trick follows suit if {} led it",
                leader.name()
            )),
            Kind::MissingTerminator { terminator, .. } => {
                Some(format!("end the section with a line `{terminator}`"))
            }
            Kind::MissingTrumpLine { .. } => Some(
                "write the deal's trump suit (one of S H D C) alone on the line before them".to_owned(),
            ),
            Kind::AfterTerminator { .. } => Some(
                "without --game, cardsharp reads the rest as further sections".to_owned(),
            ),
            Kind::StrayTerminator { .. } => Some("remove this line".to_owned()),
            Kind::WrongTerminator { expected: "#", found } if found == "END" => {
                Some("`END` ends Choker sections: write `#`".to_owned())
            }
            Kind::WrongTerminator { expected: "END", found } if found == "#" => {
                Some("`#` ends whist sections: write `END`".to_owned())
            }
            Kind::WrongTerminator { expected, .. } => Some(format!("write `{expected}`")),
            Kind::UnrecognisedSection { .. } => Some(
                "a section opens with a trump suit letter (whist), `name-cards` (Choker) or a line of cards (bridge)".to_owned(),
            ),
            Kind::LineTooLong => Some("are the line endings missing? each record is its own line".to_owned()),
            Kind::BinaryInput => Some("nothing after this byte was read: check the path".to_owned()),
        }
    }
}

/// `1 line`, `2 lines`.
fn lines(count: usize) -> String {
    if count == 1 {
        "1 line".to_owned()
    } else {
        format!("{count} lines")
    }
}

/// What a look-alike character is, for a reader who cannot see the
/// difference.
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
    if count == 1 {
        "1 card".to_owned()
    } else {
        format!("{count} cards")
    }
}

impl Kind {
    /// The last part of the stable code; the part users search for.
    #[must_use]
    pub const fn code(&self) -> &'static str {
        match self {
            Kind::BadRank { .. } => "bad_rank",
            Kind::BadSuit { .. } => "bad_suit",
            Kind::LowercaseCard { .. } => "lowercase_card",
            Kind::TenAsDigits { .. } => "ten_as_digits",
            Kind::GluedCards { .. } => "glued_cards",
            Kind::NotACard { .. } => "not_a_card",
            Kind::LookAlike { .. } => "look_alike",
            Kind::UnrecognisedLine | Kind::UnrecognisedLines { .. } => "unrecognised_line",
            Kind::CommentLine => "comment_line",
            Kind::NumberedLine { .. } => "numbered_line",
            Kind::CommaSeparated { .. } => "comma_separated",
            Kind::SwappedCards { .. } => "swapped_cards",
            Kind::InvalidUtf8 => "invalid_utf8",
            Kind::DuplicateCard { .. } => "duplicate_card",
            Kind::CardCount { .. } | Kind::ChokerCardCount { .. } => "card_count",
            Kind::NameEmpty => "name_empty",
            Kind::NameTooLong { .. } => "name_too_long",
            Kind::NameCharacter { .. } => "name_character",
            Kind::MissingDash { .. } => "missing_dash",
            Kind::SharedCard { .. } => "shared_card",
            Kind::UnpairedHand { .. } => "unpaired_hand",
            Kind::BadTrumpLine { .. } => "trump_line",
            Kind::DealCutShort { .. } => "deal_cut_short",
            Kind::MissingTrumpLine { .. } => "missing_trump_line",
            Kind::Revoke { .. } => "revoke",
            Kind::MissingTerminator { .. } => "missing_terminator",
            Kind::AfterTerminator { .. } => "after_terminator",
            Kind::StrayTerminator { .. } => "stray_terminator",
            Kind::WrongTerminator { .. } => "wrong_terminator",
            Kind::UnrecognisedSection { .. } => "unrecognised_section",
            Kind::LineTooLong => "line_too_long",
            Kind::BinaryInput => "binary_input",
        }
    }
}
