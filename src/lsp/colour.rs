//! Semantic tokens: a colour for every token a person types. They come from
//! a lexer over the text, not from the records read whole. So a hand still
//! being typed, or a line with one bad card, keeps its colour. A token that
//! is no card, name, trump or terminator of its record's game is coloured
//! as what it stands for, marked `invalid`.
//!
//! The front end lends one thing: the game of each record. So `KD` is read
//! as a card of the game whose record holds it. A token outside every
//! record is read as any game's.

use lsp_types::{
    SemanticToken, SemanticTokenModifier, SemanticTokenType, SemanticTokens, SemanticTokensDelta,
    SemanticTokensEdit, SemanticTokensLegend,
};

use cardsharp::ast::{Game, Span};

use super::document::View;

/// The token types, in the legend's order: ranks, suits, names,
/// terminators. Standard types, so that every theme colours them.
const TOKEN_TYPES: [SemanticTokenType; 4] = [
    SemanticTokenType::NUMBER,
    SemanticTokenType::ENUM_MEMBER,
    SemanticTokenType::VARIABLE,
    SemanticTokenType::KEYWORD,
];
const RANK: u32 = 0;
const SUIT: u32 = 1;
const NAME: u32 = 2;
const TERMINATOR: u32 = 3;

/// One modifier per suit name of every game, set on a card's rank and suit.
/// So a theme can colour hearts and diamonds red. Then `invalid`, on a
/// token its game does not allow.
const MODIFIERS: [&str; 7] = [
    "spades", "hearts", "diamonds", "clubs", "giblets", "chickens", "invalid",
];
const INVALID: u32 = 1 << 6;

pub(super) fn legend() -> SemanticTokensLegend {
    SemanticTokensLegend {
        token_types: TOKEN_TYPES.to_vec(),
        token_modifiers: MODIFIERS
            .iter()
            .map(|&name| SemanticTokenModifier::new(name))
            .collect(),
    }
}

/// A token to colour: its bytes, type and modifiers.
type Coloured = (Span, u32, u32);

/// The tokens whose first byte lies in `within` (the whole text when
/// `None`), in the protocol's relative encoding.
pub(super) fn tokens(view: &View<'_>, within: Option<Span>) -> Vec<SemanticToken> {
    let text = view.text.as_bytes();
    let within = within.unwrap_or(Span::new(0, text.len()));
    let records = record_games(view);
    let mut coloured: Vec<Coloured> = Vec::new();
    let mut at = within.offset;
    // A token begun before the range is coloured whole.
    while at > 0 && !is_blank(text[at - 1]) {
        at -= 1;
    }
    while at < within.end().min(text.len()) {
        if is_blank(text[at]) {
            at += 1;
            continue;
        }
        let end = text[at..]
            .iter()
            .position(|&byte| is_blank(byte))
            .map_or(text.len(), |length| at + length);
        let game = game_at(&records, at);
        colour(&text[at..end], at, game, &mut coloured);
        at = end;
    }
    encode(view, &coloured)
}

/// Where the lexer splits tokens: the blanks and line ends of every
/// layout.
fn is_blank(byte: u8) -> bool {
    matches!(byte, b' ' | b'\t' | b'\r' | b'\n' | b'\x0C')
}

/// Each record's bytes and game, in order.
fn record_games(view: &View<'_>) -> Vec<(Span, Game)> {
    view.checked
        .analysis
        .records
        .iter()
        .map(|record| (view.record_span(record), record.game))
        .collect()
}

/// The game of the record that holds byte `at`, if one does.
fn game_at(records: &[(Span, Game)], at: usize) -> Option<Game> {
    let after = records.partition_point(|(span, _)| span.offset <= at);
    let (span, game) = records.get(after.checked_sub(1)?)?;
    (at < span.end()).then_some(*game)
}

/// The colours of one token, `text` at byte `at`, read as a token of
/// `game` (any game's where `None`).
fn colour(text: &[u8], at: usize, game: Option<Game>, out: &mut Vec<Coloured>) {
    if text == b"END" || text == b"#" {
        out.push((Span::new(at, text.len()), TERMINATOR, 0));
        return;
    }
    let choker = match game {
        Some(game) => game == Game::Choker,
        None => text.contains(&b'-') && text.len() > 2,
    };
    if choker {
        choker_token(text, at, out);
        return;
    }
    let alphabet = Game::Bridge.alphabet();
    let suit_of = |letter: u8| {
        alphabet
            .suit(letter)
            .map(|suit| suit_bit(Game::Bridge, suit))
    };
    match text {
        [rank, suit] if alphabet.rank(*rank).is_some() && suit_of(*suit).is_some() => {
            let modifier = suit_of(*suit).unwrap_or(0);
            out.push((Span::new(at, 1), RANK, modifier));
            out.push((Span::new(at + 1, 1), SUIT, modifier));
        }
        [suit] if suit_of(*suit).is_some() => {
            out.push((Span::new(at, 1), SUIT, suit_of(*suit).unwrap_or(0)));
        }
        _ => out.push((Span::new(at, text.len()), RANK, INVALID)),
    }
}

/// A Choker token: `name-cards`, or a name or cards alone (the tokens
/// layout lets them stand apart).
fn choker_token(text: &[u8], at: usize, out: &mut Vec<Coloured>) {
    let (name, cards_at) = match memchr::memchr(b'-', text) {
        Some(dash) => (&text[..dash], dash + 1),
        None if choker_cards(text, at).is_some_and(|cards| {
            cards
                .iter()
                .all(|&(_, _, modifier)| modifier & INVALID == 0)
        }) =>
        {
            (&b""[..], 0)
        }
        None => (text, text.len()),
    };
    if !name.is_empty() {
        let valid = name.len() <= 20 && name.iter().all(u8::is_ascii_alphabetic);
        let modifier = if valid { 0 } else { INVALID };
        out.push((Span::new(at, name.len()), NAME, modifier));
    }
    let cards = &text[cards_at..];
    if cards.is_empty() {
        return;
    }
    match choker_cards(cards, at + cards_at) {
        Some(coloured) => out.extend(coloured),
        None => out.push((Span::new(at + cards_at, cards.len()), RANK, INVALID)),
    }
}

/// Cards written together, each pair coloured (a pair that is no card
/// marked), or `None` where the bytes do not split into pairs.
fn choker_cards(cards: &[u8], at: usize) -> Option<Vec<Coloured>> {
    if !cards.len().is_multiple_of(2) || !cards.is_ascii() {
        return None;
    }
    let alphabet = Game::Choker.alphabet();
    let mut coloured = Vec::new();
    for (index, pair) in cards.chunks(2).enumerate() {
        let offset = at + 2 * index;
        match (alphabet.rank(pair[0]), alphabet.suit(pair[1])) {
            (Some(_), Some(suit)) => {
                let modifier = suit_bit(Game::Choker, suit);
                coloured.push((Span::new(offset, 1), RANK, modifier));
                coloured.push((Span::new(offset + 1, 1), SUIT, modifier));
            }
            _ => coloured.push((Span::new(offset, 2), RANK, INVALID)),
        }
    }
    Some(coloured)
}

/// The modifier bit of a suit of `game`.
fn suit_bit(game: Game, suit: cardsharp::ast::Suit) -> u32 {
    let name = game.alphabet().suit_names[suit.index()];
    let bit = MODIFIERS
        .iter()
        .position(|&modifier| modifier == name)
        .expect("every suit name has its modifier");
    1 << bit
}

/// The tokens in the protocol's encoding: each token's line and start
/// relative to the one before it, lengths in UTF-16 code units.
fn encode(view: &View<'_>, coloured: &[Coloured]) -> Vec<SemanticToken> {
    let mut previous = lsp_types::Position::new(0, 0);
    let mut walk = view.walk();
    coloured
        .iter()
        .filter_map(|&(span, token_type, modifiers)| {
            let range =
                lsp_types::Range::new(walk.position(span.offset), walk.position(span.end()));
            let length = range.end.character.checked_sub(range.start.character)?;
            if length == 0 || range.end.line != range.start.line {
                return None;
            }
            let delta_line = range.start.line - previous.line;
            let delta_start = if delta_line == 0 {
                range.start.character - previous.character
            } else {
                range.start.character
            };
            previous = range.start;
            Some(SemanticToken {
                delta_line,
                delta_start,
                length,
                token_type,
                token_modifiers_bitset: modifiers,
            })
        })
        .collect()
}

/// The tokens of a text, named so that a later request can ask for what
/// changed since.
pub(super) fn full(result_id: &str, data: Vec<SemanticToken>) -> SemanticTokens {
    SemanticTokens {
        result_id: Some(result_id.to_owned()),
        data,
    }
}

/// What changed from `before` to `after`, as one edit: the tokens between
/// their common start and their common end. One keystroke moves one token
/// or two. The relative encoding keeps the rest equal.
pub(super) fn delta(
    result_id: &str,
    before: &[SemanticToken],
    after: &[SemanticToken],
) -> SemanticTokensDelta {
    let start = before
        .iter()
        .zip(after)
        .take_while(|(old, new)| old == new)
        .count();
    let end = before[start..]
        .iter()
        .rev()
        .zip(after[start..].iter().rev())
        .take_while(|(old, new)| old == new)
        .count();
    let edits = if start == before.len() && start == after.len() {
        Vec::new()
    } else {
        // The protocol counts the integers of the encoding, five a token.
        let integers = |tokens: usize| u32::try_from(tokens * 5).unwrap_or(u32::MAX);
        vec![SemanticTokensEdit {
            start: integers(start),
            delete_count: integers(before.len() - start - end),
            data: Some(after[start..after.len() - end].to_vec()),
        }]
    };
    SemanticTokensDelta {
        result_id: Some(result_id.to_owned()),
        edits,
    }
}
