//! The rules every game shares (`grammar/common.ebnf`), parameterised by the
//! game's alphabet. Also the diagnosis of a token that is not a card.
//!
//! Each rule is a nom parser named after it, built from combinators as the rule
//! is written. The games call `read_card_row`, which is no rule. It tries the
//! fast path of `super::fast::card_row`, then the grammar. Failing both, it
//! diagnoses what the grammar rejected.

// Each rule's error is nom's. It means the input does not match the rule that
// the doc comment quotes.
#![allow(clippy::missing_errors_doc)]

use nom::bytes::complete::{take_till1, take_while, take_while1};
use nom::combinator::{all_consuming, consumed, map_opt};
use nom::multi::fill;
use nom::number::complete::u8 as byte;
use nom::sequence::preceded;
use nom::{IResult, Parser};

use super::Line;
use super::fast::card_row::{canonical_card_row, spaced_card_row};
use super::traced::{diagnosing, recording, traced};
use crate::ast::{Alphabet, Card, Game, Rank, Span, Suit};
use crate::diagnostic::{Diagnostic, Kind, Scope};

type Error<'a> = nom::error::Error<&'a [u8]>;

pub(crate) use super::source::is_blank;

/// A line the grammar rejected, read again as the judges read tokens: the
/// report of the whole records it holds, if it holds some. The front end
/// passes its reading down (`syntax::records_on_one_line`), so that
/// cards and records name no framer; a caller that wants none passes
/// `|_| None`.
pub type AsTokens = fn(&Line<'_>) -> Option<Kind>;

/// `blank = { " " | "\t" } ;`
pub fn blank(input: &[u8]) -> IResult<&[u8], &[u8]> {
    traced("blank", "blanks", take_while(is_blank)).parse_complete(input)
}

/// `gap = ( " " | "\t" ) , blank ;`
pub fn gap(input: &[u8]) -> IResult<&[u8], &[u8]> {
    traced("gap", "a space or a tab", take_while1(is_blank)).parse_complete(input)
}

/// `rank = ? one rank letter of the game's alphabet ? ;`
pub fn rank<'a>(
    alphabet: &'static Alphabet,
) -> impl Parser<&'a [u8], Output = Rank, Error = Error<'a>> {
    traced(
        "rank",
        "a rank of the game's alphabet",
        map_opt(byte, |letter| alphabet.rank(letter)),
    )
}

/// `suit = ? one suit letter of the game's alphabet ? ;`
pub fn suit<'a>(
    alphabet: &'static Alphabet,
) -> impl Parser<&'a [u8], Output = Suit, Error = Error<'a>> {
    traced(
        "suit",
        "a suit of the game's alphabet",
        map_opt(byte, |letter| alphabet.suit(letter)),
    )
}

/// `card = rank , suit ;`
///
/// A nom parser for one card of the alphabet's game:
///
/// ```
/// use cardsharp::ast::{Game, Rank, Suit};
/// use cardsharp::syntax::card::card;
/// use nom::Parser;
///
/// let (rest, (rank, suit)) = card(Game::Whist.alphabet()).parse_complete(&b"TH 2C"[..]).unwrap();
/// assert_eq!((rank, suit, rest), (Rank(10), Suit(1), &b" 2C"[..]));
/// assert!(card(Game::Whist.alphabet()).parse_complete(&b"1G"[..]).is_err());
/// ```
#[must_use]
pub fn card<'a>(
    alphabet: &'static Alphabet,
) -> impl Parser<&'a [u8], Output = (Rank, Suit), Error = Error<'a>> {
    traced(
        "card",
        "a card: a rank, then a suit",
        (rank(alphabet), suit(alphabet)),
    )
}

/// A card and the bytes it was written with. A rule does not know where its
/// input stands in the file. So the caller makes the span, with
/// [`Line::span_of`].
pub type WrittenCard<'a> = (&'a [u8], (Rank, Suit));

/// `card_row = blank , card , { gap , card } , blank ;`
///
/// It reads exactly `N` cards (`N` at least one), as the game that uses the row
/// counts them. The repetition is `fill`ed into an array, so a row takes no
/// allocation. What follows the row is left to the caller, which wants the
/// whole line (`all_consuming`).
///
/// ```
/// use cardsharp::ast::Game;
/// use cardsharp::syntax::card::card_row;
/// use nom::Parser;
///
/// let (rest, cards) = card_row::<2>(Game::Bridge.alphabet()).parse_complete(&b" AS\tKH "[..]).unwrap();
/// assert_eq!((cards[1].0, rest), (&b"KH"[..], &b""[..]));
/// assert!(card_row::<2>(Game::Bridge.alphabet()).parse_complete(&b"ASKH"[..]).is_err());
/// ```
#[must_use]
pub fn card_row<'a, const N: usize>(
    alphabet: &'static Alphabet,
) -> impl Parser<&'a [u8], Output = [WrittenCard<'a>; N], Error = Error<'a>> {
    traced(
        "card_row",
        "cards separated by blanks",
        move |input: &'a [u8]| {
            let (rest, (_, first)) = (blank, consumed(card(alphabet))).parse_complete(input)?;
            let mut cards = [first; N];
            let others = fill(preceded(gap, consumed(card(alphabet))), &mut cards[1..]);
            let (rest, _) = (others, blank).parse_complete(rest)?;
            Ok((rest, cards))
        },
    )
}

/// A token: a run of non-blank bytes. The diagnosis splits a row into tokens.
/// So one bad card is reported alone, and the next card is read as usual.
fn token(input: &[u8]) -> IResult<&[u8], &[u8]> {
    take_till1(is_blank).parse_complete(input)
}

/// Reads the row of `N` cards on `line` by `rule`, a game's rule made of
/// `card_row`. The cards go into `cards`, a place the caller owns, such as a
/// hand or a row of a deal. So they are written once. `false` when the row has
/// faults, each reported.
///
/// The shortcuts read the canonical layout, and plain rows spaced otherwise (as
/// the tokens layout's records are). They are inline, so they run in each copy
/// of the hot loops. The grammar reads any other row. A row the grammar rejects
/// is diagnosed.
#[inline(always)]
pub(crate) fn read_card_row<const N: usize>(
    line: &Line<'_>,
    game: Game,
    rule: impl Fn(&[u8]) -> IResult<&[u8], [WrittenCard<'_>; N]>,
    cards: &mut [Card; N],
    diagnostics: &mut Vec<Diagnostic>,
    as_tokens: AsTokens,
) -> bool {
    if !recording()
        && (canonical_card_row(line, game.alphabet(), cards)
            || spaced_card_row(line, game.alphabet(), cards))
    {
        return true;
    }
    other_card_row(line, game, rule, cards, diagnostics, as_tokens)
}

/// A row the shortcuts did not read: one with faults, or laid out in a way they
/// do not know. The grammar reads it. It is out of line, so the common rows'
/// code stays small.
#[inline(never)]
fn other_card_row<const N: usize>(
    line: &Line<'_>,
    game: Game,
    rule: impl Fn(&[u8]) -> IResult<&[u8], [WrittenCard<'_>; N]>,
    cards: &mut [Card; N],
    diagnostics: &mut Vec<Diagnostic>,
    as_tokens: AsTokens,
) -> bool {
    let read = match rule(line.text) {
        Ok((_, written)) => Some(cards_at(line, written)),
        Err(_) => diagnosing("card_row", line.offset, || {
            diagnose_card_row::<N>(line, game, diagnostics, as_tokens)
        }),
    };
    match read {
        Some(read) => {
            *cards = read;
            true
        }
        None => false,
    }
}

/// The cards of a row, with their place in the input.
pub(crate) fn cards_at<const N: usize>(
    line: &Line<'_>,
    written: [WrittenCard<'_>; N],
) -> [Card; N] {
    written.map(|(text, (rank, suit))| Card::new(rank, suit, line.span_of(text).offset))
}

/// Reads the row again, token by token, when the grammar rejected it. Each
/// token that is not a card is diagnosed on its own. A wrong count is reported
/// once for the line. `None` when anything was reported.
fn diagnose_card_row<const N: usize>(
    line: &Line<'_>,
    game: Game,
    diagnostics: &mut Vec<Diagnostic>,
    as_tokens: AsTokens,
) -> Option<[Card; N]> {
    let alphabet = game.alphabet();
    if let Some(kind) = whole_line_fault(line.trimmed(), game, N).or_else(|| as_tokens(line)) {
        // A line wrong as a whole is one mistake. It gets one report, in the
        // language of the records it holds.
        let language = match kind {
            Kind::RecordsOnOneLine { game: held, .. } => held,
            _ => game,
        };
        diagnostics.push(Diagnostic::new(
            Scope::Game(language),
            kind,
            line.content_span(),
        ));
        return None;
    }
    let reported_before = diagnostics.len();
    let mut cards = [Card::default(); N];
    let mut found = 0;
    let mut card_like_tokens = 0;
    let mut all_tokens = 0;
    let mut rest = line.text;
    while let Ok((after_token, text)) = blank.and(token).map(|(_, text)| text).parse_complete(rest)
    {
        rest = after_token;
        all_tokens += 1;
        if let Ok((_, (rank, suit))) = all_consuming(card(alphabet)).parse_complete(text) {
            if let Some(slot) = cards.get_mut(found) {
                *slot = Card::new(rank, suit, line.span_of(text).offset);
            }
            found += 1;
            card_like_tokens += 1;
        } else {
            let diagnosis = diagnose_token(line, text, game, diagnostics);
            found += diagnosis.cards;
            card_like_tokens += usize::from(diagnosis.card_like);
        }
    }
    let prose = 2 * card_like_tokens < all_tokens;
    if prose {
        // Mostly no cards here: prose, where `as` may look like a card. The
        // line gets one report. Bytes that are not UTF-8 are still pointed at
        // one by one.
        let mut index = 0;
        diagnostics.retain(|diagnostic| {
            let keep = index < reported_before || diagnostic.kind == Kind::InvalidUtf8;
            index += 1;
            keep
        });
        if diagnostics.len() == reported_before {
            diagnostics.push(Diagnostic::new(
                Scope::Game(game),
                Kind::UnrecognisedLine,
                line.content_span(),
            ));
        }
    } else {
        lowercase_as_one(
            diagnostics,
            reported_before,
            game,
            line.content_span(),
            line.trimmed(),
        );
    }
    if !prose && found != N {
        diagnostics.push(Diagnostic::new(
            Scope::Game(game),
            Kind::CardCount { expected: N, found },
            line.content_span(),
        ));
    }
    (diagnostics.len() == reported_before).then_some(cards)
}

/// Cards written in lowercase are one mistake. The reports from `before` on may
/// be several, each of a card in lowercase. Then they become one report on
/// `span`, with its `text` in capitals as the fix.
pub(crate) fn lowercase_as_one(
    diagnostics: &mut Vec<Diagnostic>,
    before: usize,
    game: Game,
    span: Span,
    text: &[u8],
) {
    if diagnostics.len() - before > 1
        && diagnostics[before..]
            .iter()
            .all(|diagnostic| matches!(diagnostic.kind, Kind::LowercaseCard { .. }))
    {
        diagnostics.truncate(before);
        diagnostics.push(Diagnostic::new(
            Scope::Game(game),
            Kind::LowercaseCard {
                fixed: String::from_utf8_lossy(&text.to_ascii_uppercase()).into_owned(),
            },
            span,
        ));
    }
}

/// The tokens of `text`: runs of bytes between blanks.
pub(crate) fn tokens(text: &[u8]) -> impl Iterator<Item = &[u8]> {
    text.split(|&byte| is_blank(byte))
        .filter(|token| !token.is_empty())
}

/// A row of `count` cards of `game` written in a way that is wrong as a whole.
/// Each pattern is one mistake, however many cards it touches:
/// - a comment (`#…`, `//…`);
/// - a numbered line (`1. KS QS …`);
/// - cards separated by commas;
/// - every card written suit first (`SK SQ …`).
///
/// The kind holds the fix where it can be computed.
pub(crate) fn whole_line_fault(trimmed: &[u8], game: Game, count: usize) -> Option<Kind> {
    let alphabet = game.alphabet();
    let is_card = |token: &[u8]| all_consuming(card(alphabet)).parse_complete(token).is_ok();
    let cards_text = |cards: Vec<&[u8]>| {
        (cards.len() == count && cards.iter().all(|token| is_card(token))).then(|| {
            let texts: Vec<_> = cards
                .iter()
                .map(|token| String::from_utf8_lossy(token))
                .collect();
            texts.join(" ")
        })
    };
    if trimmed.starts_with(b"#") || trimmed.starts_with(b"//") {
        return Some(Kind::CommentLine);
    }
    let mut words = tokens(trimmed);
    if let Some(first) = words.next()
        && let [digits @ .., b'.' | b')' | b':'] = first
        && !digits.is_empty()
        && digits.iter().all(u8::is_ascii_digit)
        && let Some(fixed) = cards_text(words.collect())
    {
        return Some(Kind::NumberedLine { fixed });
    }
    if trimmed.contains(&b',') || trimmed.contains(&b';') {
        let pieces: Vec<&[u8]> = trimmed
            .split(|&byte| byte == b',' || byte == b';' || is_blank(byte))
            .filter(|piece| !piece.is_empty())
            .collect();
        if let Some(fixed) = cards_text(pieces) {
            return Some(Kind::CommaSeparated { fixed });
        }
    }
    let swapped: Vec<[u8; 2]> = tokens(trimmed)
        .filter_map(|token| match token {
            [first, second] if !is_card(token) => Some([*second, *first]),
            _ => None,
        })
        .collect();
    if swapped.len() == count && tokens(trimmed).count() == count {
        let fixed = cards_text(swapped.iter().map(|pair| &pair[..]).collect())?;
        return Some(Kind::SwappedCards { fixed });
    }
    None
}

/// Whether at least half the tokens of `line` are cards of `game`, or plainly
/// meant as cards (`10H`, `kh`, `KSQS`, `K♠`). This tells a line of cards with
/// faults from a line of prose. In prose, a word such as `as` may look like a
/// card. A line of prose is one mistake, not one per word.
// `like` and `line`, `all` and `alphabet` read apart in context.
#[allow(clippy::similar_names)]
pub(crate) fn mostly_card_like(line: &Line<'_>, game: Game) -> bool {
    let alphabet = game.alphabet();
    let mut scratch = Vec::new();
    let (mut card_like, mut all) = (0, 0);
    for token in tokens(line.text) {
        all += 1;
        let like = all_consuming(card(alphabet)).parse_complete(token).is_ok()
            || diagnose_token(line, token, game, &mut scratch).card_like;
        card_like += usize::from(like);
    }
    2 * card_like >= all && card_like > 0
}

/// What a token that failed to parse as a card turned out to be.
pub(crate) struct TokenDiagnosis {
    /// How many cards the token stands for (`KSQS` is two).
    pub cards: usize,
    /// Whether it looks like a mistyped card rather than something else.
    pub card_like: bool,
}

impl TokenDiagnosis {
    /// A mistyped card, or `cards` of them.
    fn mistyped(cards: usize) -> Self {
        Self {
            cards,
            card_like: true,
        }
    }

    /// Something that is no card at all, in the place of one.
    const NOT_A_CARD: Self = Self {
        cards: 1,
        card_like: false,
    };
}

/// Says why `text`, a token of `line`, is not a card of `game`, guessing the
/// fix where it can. Each token gets one report: the first case that fits. The
/// cases go in order: bytes that are no text, cards mistyped as a whole, then a
/// pair whose rank or suit is wrong.
pub(crate) fn diagnose_token(
    line: &Line<'_>,
    text: &[u8],
    game: Game,
    diagnostics: &mut Vec<Diagnostic>,
) -> TokenDiagnosis {
    let mut report = |kind, span| diagnostics.push(Diagnostic::new(Scope::Game(game), kind, span));
    if let Some(diagnosis) = non_ascii_token(line, text, game.alphabet(), &mut report) {
        return diagnosis;
    }
    if let Some(diagnosis) = mistyped_cards(line, text, game.alphabet(), &mut report) {
        return diagnosis;
    }
    if let &[rank, suit] = text {
        let span = line.span_of(text);
        return pair_not_a_card(span, [rank, suit], game.alphabet(), &mut report);
    }
    report(
        Kind::NotACard {
            found: abbreviate(&String::from_utf8_lossy(text)),
            lacking: None,
        },
        line.span_of(text),
    );
    TokenDiagnosis::NOT_A_CARD
}

/// [`diagnose_token`] for a token of bytes beyond ASCII. It reports invalid
/// UTF-8, or characters that look like a card's letters, one report each.
/// `None` for any other token.
fn non_ascii_token(
    line: &Line<'_>,
    text: &[u8],
    alphabet: &'static Alphabet,
    report: &mut impl FnMut(Kind, Span),
) -> Option<TokenDiagnosis> {
    if let Err(error) = std::str::from_utf8(text) {
        let bad = &text[error.valid_up_to()..];
        let length = error.error_len().unwrap_or(bad.len()).max(1);
        report(Kind::InvalidUtf8, line.span_of(&bad[..length]));
        return Some(TokenDiagnosis::NOT_A_CARD);
    }
    if text.is_ascii() {
        return None;
    }
    let (ascii, found) = repair(text, |c| look_alike_in_cards(c, alphabet))?;
    // One report for each look-alike, however many other faults the token has.
    // Those are told once it is ASCII.
    let fixed: Option<Vec<String>> = ascii
        .split(|&b| is_blank(b))
        .filter(|piece| !piece.is_empty())
        .map(|piece| card_meant(piece, alphabet))
        .collect();
    let fixed = fixed.filter(|cards| !cards.is_empty());
    let cards = fixed.as_ref().map_or(1, Vec::len);
    for (piece, found, meant) in found {
        report(
            Kind::LookAlike {
                found,
                meant: char::from(meant),
                fixed: fixed.as_ref().map(|cards| cards.join(" ")),
            },
            line.span_of(piece),
        );
    }
    Some(TokenDiagnosis::mistyped(cards))
}

/// [`diagnose_token`] for cards mistyped as a whole: the ten as `10`,
/// cards in lowercase, cards glued together. `None` for any other token.
fn mistyped_cards(
    line: &Line<'_>,
    text: &[u8],
    alphabet: &'static Alphabet,
    report: &mut impl FnMut(Kind, Span),
) -> Option<TokenDiagnosis> {
    let is_card = |bytes: &[u8]| all_consuming(card(alphabet)).parse_complete(bytes).is_ok();
    let whole = line.span_of(text);
    let upper = text.to_ascii_uppercase();
    if let [b'1', b'0', suit] = upper[..]
        && alphabet.suit(suit).is_some()
        && alphabet.rank(b'T').is_some()
    {
        let fixed = format!("T{}", char::from(suit));
        report(Kind::TenAsDigits { fixed }, whole);
        return Some(TokenDiagnosis::mistyped(1));
    }
    if upper != text && upper.len().is_multiple_of(2) && upper.chunks(2).all(is_card) {
        let fixed = spaced_cards(&upper);
        report(Kind::LowercaseCard { fixed }, whole);
        return Some(TokenDiagnosis::mistyped(upper.len() / 2));
    }
    if text.len() >= 4 && text.len().is_multiple_of(2) && text.chunks(2).all(is_card) {
        let fixed = spaced_cards(text);
        report(Kind::GluedCards { fixed }, whole);
        return Some(TokenDiagnosis::mistyped(text.len() / 2));
    }
    None
}

/// [`diagnose_token`] for a token of two bytes, at `text`, that is no card. Its
/// rank is wrong, its suit, or both. Both wrong is one fault, the token, not
/// two.
fn pair_not_a_card(
    text: Span,
    pair: [u8; 2],
    alphabet: &'static Alphabet,
    report: &mut impl FnMut(Kind, Span),
) -> TokenDiagnosis {
    let [rank_letter, suit_letter] = pair;
    let (rank, suit) = (alphabet.rank(rank_letter), alphabet.suit(suit_letter));
    if rank.is_none() && suit.is_none() {
        report(
            Kind::NotACard {
                found: abbreviate(&String::from_utf8_lossy(&pair)),
                lacking: None,
            },
            text,
        );
        return TokenDiagnosis::NOT_A_CARD;
    }
    if rank.is_none() {
        report(
            Kind::BadRank {
                letter: char::from(rank_letter),
                suit: suit.map(|_| char::from(suit_letter)),
                lacking: None,
            },
            Span::new(text.offset, 1),
        );
    }
    if suit.is_none() {
        report(
            Kind::BadSuit {
                letter: char::from(suit_letter),
                lacking: None,
            },
            Span::new(text.offset + 1, 1),
        );
    }
    TokenDiagnosis::mistyped(1)
}

/// The ASCII byte a look-alike character, `found`, stands for in a card row of
/// `alphabet`. A suit symbol stands for its letter, where the game has that
/// suit. Any other Unicode space stands for a space. A dash has no place among
/// cards: the Choker hand judges it.
#[must_use]
pub(crate) fn look_alike_in_cards(found: char, alphabet: &Alphabet) -> Option<u8> {
    let letter = match found {
        '♠' | '♤' => b'S',
        '♥' | '♡' => b'H',
        '♦' | '♢' => b'D',
        '♣' | '♧' => b'C',
        space if space.is_whitespace() && !space.is_ascii() => return Some(b' '),
        _ => return None,
    };
    alphabet.suit(letter).map(|_| letter)
}

/// A look-alike as found. It holds its bytes in the text, the character, and
/// the ASCII byte it stands for.
pub(crate) type Found<'a> = (&'a [u8], char, u8);

/// `text` with each look-alike written in ASCII, and where each stood. `meant`
/// tells which characters are look-alikes. `None` when `text` has none, holds
/// another character that is not ASCII, or is not UTF-8. Those are other
/// faults. The emoji variation selector after a suit symbol (`♥️`) goes with
/// the symbol.
pub(crate) fn repair(
    text: &[u8],
    meant: impl Fn(char) -> Option<u8>,
) -> Option<(Vec<u8>, Vec<Found<'_>>)> {
    const EMOJI: char = '\u{fe0f}';
    let decoded = std::str::from_utf8(text).ok()?;
    let mut ascii = Vec::with_capacity(text.len());
    let mut found: Vec<Found<'_>> = Vec::new();
    let mut chars = decoded.char_indices().peekable();
    while let Some((at, character)) = chars.next() {
        if character.is_ascii() {
            ascii.push(character as u8);
            continue;
        }
        let byte = meant(character)?;
        let mut end = at + character.len_utf8();
        if byte.is_ascii_uppercase() && chars.next_if(|&(_, next)| next == EMOJI).is_some() {
            end += EMOJI.len_utf8();
        }
        ascii.push(byte);
        found.push((&text[at..end], character, byte));
    }
    (!found.is_empty()).then_some((ascii, found))
}

/// The card `piece` stands for once capitals and `T` for `10` are written, as
/// the other hints would fix it. So one look-alike report gives the whole fix.
fn card_meant(piece: &[u8], alphabet: &'static Alphabet) -> Option<String> {
    let mut upper = piece.to_ascii_uppercase();
    if let [b'1', b'0', suit] = upper[..]
        && alphabet.rank(b'T').is_some()
    {
        upper = vec![b'T', suit];
    }
    all_consuming(card(alphabet))
        .parse_complete(&upper[..])
        .is_ok()
        .then(|| String::from_utf8_lossy(&upper).into_owned())
}

/// Two-letter cards with a space between each: `KSQS` as `KS QS`.
fn spaced_cards(text: &[u8]) -> String {
    let pairs: Vec<_> = text.chunks(2).map(String::from_utf8_lossy).collect();
    pairs.join(" ")
}

/// Long text cut for a message; the label shows the rest.
fn abbreviate(text: &str) -> String {
    const LIMIT: usize = 16;
    if text.chars().count() <= LIMIT {
        text.to_owned()
    } else {
        let mut short: String = text.chars().take(LIMIT).collect();
        short.push('…');
        short
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::ast::Span;

    fn line(text: &str) -> Line<'_> {
        Line {
            text: text.as_bytes(),
            offset: 100,
            number: 1,
        }
    }

    /// The dispatcher on a row of three cards, as a game of three-card
    /// rows would call it.
    fn row(
        line: &Line<'_>,
        game: Game,
        cards: &mut [Card; 3],
        diagnostics: &mut Vec<Diagnostic>,
    ) -> bool {
        read_card_row(
            line,
            game,
            |input| all_consuming(card_row::<3>(game.alphabet())).parse_complete(input),
            cards,
            diagnostics,
            crate::syntax::read::records_on_one_line,
        )
    }

    fn row_codes(text: &str, game: Game) -> Vec<(&'static str, Span)> {
        row_reports(text, game)
            .into_iter()
            .map(|(code, span, _)| (code, span))
            .collect()
    }

    #[test]
    fn card_reads_each_alphabet() {
        let standard = Game::Bridge.alphabet();
        let choker = Game::Choker.alphabet();
        assert_eq!(
            card(standard).parse_complete(&b"AS"[..]).unwrap().1,
            (Rank(14), Suit(0))
        );
        assert_eq!(
            card(standard).parse_complete(&b"2C"[..]).unwrap().1,
            (Rank(2), Suit(3))
        );
        assert_eq!(
            card(choker).parse_complete(&b"1G"[..]).unwrap().1,
            (Rank(1), Suit(1))
        );
        assert_eq!(
            card(choker).parse_complete(&b"CC"[..]).unwrap().1,
            (Rank(14), Suit(3))
        );
        assert!(card(standard).parse_complete(&b"1G"[..]).is_err());
        assert!(card(choker).parse_complete(&b"AH"[..]).is_err());
    }

    #[test]
    fn card_row_keeps_spans_and_allows_tabs() {
        let mut diagnostics = Vec::new();
        let mut cards = [Card::default(); 3];
        assert!(row(
            &line(" AS\tKH  2C "),
            Game::Bridge,
            &mut cards,
            &mut diagnostics
        ));
        assert!(diagnostics.is_empty());
        let spans: Vec<_> = cards.iter().map(|c| c.span()).collect();
        assert_eq!(
            spans,
            [Span::new(101, 2), Span::new(104, 2), Span::new(108, 2)]
        );
    }

    #[test]
    fn every_bad_token_is_reported_on_its_bytes() {
        assert_eq!(
            row_codes("AS 1H KG", Game::Bridge),
            [
                ("bad_rank", Span::new(103, 1)),
                ("bad_suit", Span::new(107, 1))
            ]
        );
    }

    #[test]
    fn mistypes_are_recognised() {
        assert_eq!(
            row_codes("AS 10H 2C", Game::Bridge),
            [("ten_as_digits", Span::new(103, 3))]
        );
        assert_eq!(
            row_codes("AS kh 2C", Game::Bridge),
            [("lowercase_card", Span::new(103, 2))]
        );
        assert_eq!(
            row_codes("ASKH 2C", Game::Bridge),
            [("glued_cards", Span::new(100, 4))]
        );
        assert_eq!(
            row_codes("AS KH 2C 3C", Game::Bridge),
            [("card_count", Span::new(100, 11))]
        );
        assert_eq!(
            row_codes("hello world", Game::Bridge),
            [("unrecognised_line", Span::new(100, 11))]
        );
    }

    /// Each diagnostic of a three-card row: code, label span, help.
    fn row_reports(text: &str, game: Game) -> Vec<(&'static str, Span, Option<String>)> {
        let mut diagnostics = Vec::new();
        row(
            &line(text),
            game,
            &mut [Card::default(); 3],
            &mut diagnostics,
        );
        diagnostics
            .iter()
            .map(|d| (d.kind.code(), d.span, d.help()))
            .collect()
    }

    /// Rule `card = rank , suit ;` where the suit is a letter. A suit symbol is
    /// one report on its three bytes, with the card fixed, ten included.
    #[test]
    fn a_suit_symbol_is_named_with_the_card_fixed() {
        assert_eq!(
            row_reports("AS K♠ 2C", Game::Bridge),
            [("look_alike", Span::new(104, 3), Some("write `KS`".into()))]
        );
        assert_eq!(
            row_reports("AS 10♥ 2C", Game::Whist),
            [("look_alike", Span::new(105, 3), Some("write `TH`".into()))]
        );
        // The emoji form goes with its variation selector. Lowercase is fixed
        // in the same help.
        assert_eq!(
            row_reports("AS q\u{2666}\u{fe0f} 2C", Game::Bridge),
            [("look_alike", Span::new(104, 6), Some("write `QD`".into()))]
        );
        // Choker has no hearts: `♥` there is no look-alike of its letters.
        assert_eq!(row_reports("1S K♥ 2C", Game::Choker)[0].0, "not_a_card");
    }

    /// Rule `gap = ( " " | "\t" ) , blank ;`. A no-break space is no gap. Yet
    /// the cards on either side are cards, counted as such.
    #[test]
    fn a_unicode_space_is_one_report_without_a_count() {
        let reports = row_reports("AS KH\u{a0}2C", Game::Bridge);
        assert_eq!(
            reports,
            [(
                "look_alike",
                Span::new(105, 2),
                Some("write `KH 2C`".into())
            )]
        );
        let mut diagnostics = Vec::new();
        row(
            &line("AS KH\u{a0}2C"),
            Game::Bridge,
            &mut [Card::default(); 3],
            &mut diagnostics,
        );
        assert_eq!(
            diagnostics[0].message(),
            "`\\u{a0}` is a no-break space: write a plain space"
        );
    }

    /// Rule `rank = ? one rank letter ? ;`. No deck has a `0`, and the standard
    /// one has no `1`. The help names the cards most likely meant.
    #[test]
    fn a_one_digit_rank_suggests_the_card() {
        assert_eq!(
            row_reports("AS 1H 2C", Game::Bridge),
            [(
                "bad_rank",
                Span::new(103, 1),
                Some("the standard deck has no one: did you mean `AH` (ace) or `TH` (ten)?".into())
            )]
        );
        assert_eq!(
            row_reports("AS 0H 2C", Game::Whist),
            [(
                "bad_rank",
                Span::new(103, 1),
                Some("did you mean `TH`?".into())
            )]
        );
        assert_eq!(
            row_reports("1S 0D 2C", Game::Choker),
            [(
                "bad_rank",
                Span::new(103, 1),
                Some("did you mean `TD`?".into())
            )]
        );
    }

    #[test]
    fn invalid_utf8_is_reported_at_its_byte() {
        let text = b"AS K\xFF 2C";
        let mut diagnostics = Vec::new();
        let line = Line {
            text,
            offset: 0,
            number: 1,
        };
        assert!(!row(
            &line,
            Game::Whist,
            &mut [Card::default(); 3],
            &mut diagnostics
        ));
        assert_eq!(diagnostics[0].kind, Kind::InvalidUtf8);
        assert_eq!(diagnostics[0].span, Span::new(4, 1));
    }
}
