//! What the editor asks for, each as a function of a document's text and
//! the front end's reading of it: the same records, outcomes, diagnostics,
//! explanations and layout as the command line, in the protocol's shapes.

use std::fmt::Write as _;

use std::collections::HashMap;

use cardsharp::diagnostic::{Applicability, Fix};
use lsp_types::{
    CodeAction, CodeActionKind, CodeActionOrCommand, Diagnostic, DiagnosticRelatedInformation,
    DiagnosticSeverity, DocumentSymbol, Hover, HoverContents, InlayHint, InlayHintLabel, Location,
    MarkupContent, MarkupKind, NumberOrString, Range, SemanticToken, SemanticTokenModifier,
    SemanticTokenType, SemanticTokens, SemanticTokensLegend, SymbolKind, TextEdit, Uri,
    WorkspaceEdit,
};

use cardsharp::ast::{Card, Game, Record, Span, WhistDeal};
use cardsharp::diagnostic::Severity;
use cardsharp::interpret::Outcome;
use cardsharp::interpret::whist::WhistOutcome;
use cardsharp::pipeline::Analyzed;
use cardsharp::render::{self, format};

use super::document::View;

/// Every diagnostic of the text: code, message and help, severity, and
/// the other labels as related information in the same document.
pub(super) fn diagnostics(uri: &Uri, view: &View<'_>) -> Vec<Diagnostic> {
    view.checked
        .analysis
        .diagnostics
        .iter()
        .map(|located| diagnostic(uri, view, &located.diagnostic))
        .collect()
}

/// One diagnostic in the protocol's shape.
fn diagnostic(uri: &Uri, view: &View<'_>, diagnostic: &cardsharp::Diagnostic) -> Diagnostic {
    let description = diagnostic.describe();
    let mut message = description.message;
    if let Some(help) = description.help {
        let _ = write!(message, "\nhelp: {help}");
    }
    let related: Vec<_> = description
        .secondary
        .iter()
        .map(|secondary| DiagnosticRelatedInformation {
            location: Location::new(uri.clone(), view.range(secondary.span)),
            message: secondary.text.to_owned(),
        })
        .collect();
    Diagnostic {
        range: view.range(diagnostic.span),
        severity: Some(match description.severity {
            Severity::Error => DiagnosticSeverity::ERROR,
            Severity::Warning => DiagnosticSeverity::WARNING,
        }),
        code: Some(NumberOrString::String(
            diagnostic.scope.qualified_code(description.code),
        )),
        source: Some("cardsharp".to_owned()),
        message,
        related_information: (!related.is_empty()).then_some(related),
        ..Diagnostic::default()
    }
}

/// The fixes of the diagnostics that meet `range`, each a quick fix on its
/// diagnostic (a safe one preferred), then one `source.fixAll` with every
/// safe fix of the text that does not overlap one taken before it, as
/// `check --fix` takes them in a round.
pub(super) fn code_actions(uri: &Uri, view: &View<'_>, range: Range) -> Vec<CodeActionOrCommand> {
    let workspace_edit = |edits: Vec<TextEdit>| WorkspaceEdit {
        changes: Some(HashMap::from([(uri.clone(), edits)])),
        ..WorkspaceEdit::default()
    };
    let text_edits = |fix: &Fix| -> Vec<TextEdit> {
        fix.edits
            .iter()
            .map(|change| edit(view, change.span, change.replacement.clone()))
            .collect()
    };
    let mut actions = Vec::new();
    let mut safe = Vec::new();
    for located in &view.checked.analysis.diagnostics {
        let fixes = located.diagnostic.fixes();
        safe.extend(
            fixes
                .iter()
                .filter(|fix| fix.applicability == Applicability::Safe)
                .take(1)
                .cloned(),
        );
        let shown = view.range(located.diagnostic.span);
        if shown.end < range.start || range.end < shown.start {
            continue;
        }
        for fix in &fixes {
            actions.push(CodeActionOrCommand::CodeAction(CodeAction {
                title: fix.message.clone(),
                kind: Some(CodeActionKind::QUICKFIX),
                diagnostics: Some(vec![diagnostic(uri, view, &located.diagnostic)]),
                edit: Some(workspace_edit(text_edits(fix))),
                is_preferred: Some(fix.applicability == Applicability::Safe),
                ..CodeAction::default()
            }));
        }
    }
    let taken = cardsharp::fix::compatible(view.text.len(), &safe);
    if !taken.is_empty() {
        actions.push(CodeActionOrCommand::CodeAction(CodeAction {
            title: "Fix all safely fixable faults".to_owned(),
            kind: Some(CodeActionKind::SOURCE_FIX_ALL),
            edit: Some(workspace_edit(
                taken.into_iter().flat_map(text_edits).collect(),
            )),
            ..CodeAction::default()
        }));
    }
    actions
}

/// The record under byte `offset`: its result and the reasoning of
/// `explain`, and for a whist deal, the trick of the card under it.
pub(super) fn hover(view: &View<'_>, offset: usize) -> Option<Hover> {
    let analyzed = view.record_at(offset)?;
    let mut text = String::new();
    match (&analyzed.record, &analyzed.outcome) {
        (Some(record), Some(outcome)) => {
            let _ = writeln!(text, "**{}**\n", result(record, outcome));
            if let (Record::Whist(deal), Outcome::Whist(outcome)) = (record, outcome)
                && let Some(trick) = trick_at(deal, offset)
            {
                let _ = writeln!(text, "{}\n", trick_story(deal, outcome, trick));
            }
            let _ = write!(text, "```text\n{}```", render::explanation(record, outcome));
        }
        _ => {
            let _ = write!(
                text,
                "**not evaluated**: this {} record has problems; see its diagnostics",
                game_name(analyzed.game)
            );
        }
    }
    Some(Hover {
        contents: HoverContents::Markup(MarkupContent {
            kind: MarkupKind::Markdown,
            value: text,
        }),
        range: Some(view.range(view.record_span(analyzed))),
    })
}

/// The judge's line without its newline: `BID D`, `Joey vs Clucky: Joey
/// Wins`, `EW 1`.
fn result(record: &Record, outcome: &Outcome) -> String {
    let mut line = Vec::new();
    render::judge_line(record, outcome, &mut line);
    String::from_utf8_lossy(line.trim_ascii_end()).into_owned()
}

/// The trick (from 0) of the card of `deal` that holds byte `offset`.
fn trick_at(deal: &WhistDeal, offset: usize) -> Option<usize> {
    deal.plays.iter().find_map(|row| {
        row.iter()
            .position(|card| (card.offset()..card.span().end()).contains(&offset))
    })
}

/// `Trick 5: north led 4C; east won it with QS, a trump.`
fn trick_story(deal: &WhistDeal, outcome: &WhistOutcome, trick: usize) -> String {
    let played = outcome.tricks[trick];
    let card = |seat: cardsharp::ast::Seat| card_text(Game::Whist, deal.plays[seat.index()][trick]);
    format!(
        "Trick {}: {} led {}; {} won it with {}{}.",
        trick + 1,
        played.leader.name(),
        card(played.leader),
        played.winner.name(),
        card(played.winner),
        if played.trumped { ", a trump" } else { "" }
    )
}

fn card_text(game: Game, card: Card) -> String {
    String::from_utf8_lossy(&game.alphabet().card_text(card)).into_owned()
}

fn game_name(game: Game) -> &'static str {
    match game {
        Game::Bridge => "bridge",
        Game::Choker => "Choker",
        Game::Whist => "whist",
    }
}

/// Each well-formed record's result after the end of its last line, for
/// the records that end inside `range`.
pub(super) fn inlay_hints(view: &View<'_>, range: Range) -> Vec<InlayHint> {
    view.checked
        .analysis
        .records
        .iter()
        .filter_map(|analyzed| {
            let (Some(record), Some(outcome)) = (&analyzed.record, &analyzed.outcome) else {
                return None;
            };
            let position = view.position(view.record_span(analyzed).end());
            (range.start <= position && position <= range.end).then(|| InlayHint {
                position,
                label: InlayHintLabel::String(result(record, outcome)),
                kind: None,
                text_edits: None,
                tooltip: None,
                padding_left: Some(true),
                padding_right: None,
                data: None,
            })
        })
        .collect()
}

/// The sections, each with its records: a run of records of one game up
/// to its terminator, or to the next record of another game.
#[allow(deprecated)] // `DocumentSymbol::deprecated` must be written to build one.
pub(super) fn symbols(view: &View<'_>) -> Vec<DocumentSymbol> {
    let mut sections: Vec<(Game, Span, Vec<DocumentSymbol>)> = Vec::new();
    let mut terminators = view.checked.terminators.iter().peekable();
    let mut open = false;
    for analyzed in &view.checked.analysis.records {
        let span = view.record_span(analyzed);
        while let Some(terminator) =
            terminators.next_if(|terminator| terminator.offset < span.offset)
        {
            if open && let Some(section) = sections.last_mut() {
                section.1 = section.1.to(*terminator);
            }
            open = false;
        }
        let continues = open
            && sections
                .last()
                .is_some_and(|section| section.0 == analyzed.game);
        if !continues {
            sections.push((analyzed.game, span, Vec::new()));
            open = true;
        }
        let section = sections.last_mut().expect("a section was just opened");
        section.1 = section.1.to(span);
        let number = section.2.len() + 1;
        section.2.push(DocumentSymbol {
            name: record_name(analyzed, number),
            detail: Some(match (&analyzed.record, &analyzed.outcome) {
                (Some(record), Some(outcome)) => result(record, outcome),
                _ => "not evaluated".to_owned(),
            }),
            kind: SymbolKind::OBJECT,
            tags: None,
            deprecated: None,
            range: view.range(span),
            selection_range: view.range(Span::new(span.offset, analyzed.lines.0.len)),
            children: None,
        });
    }
    sections
        .into_iter()
        .map(|(game, span, records)| DocumentSymbol {
            name: format!("{} section", game_name(game)),
            detail: Some(match records.len() {
                1 => "1 record".to_owned(),
                count => format!("{count} records"),
            }),
            kind: SymbolKind::NAMESPACE,
            tags: None,
            deprecated: None,
            range: view.range(span),
            selection_range: view.range(Span::new(span.offset, 0)),
            children: Some(records),
        })
        .collect()
}

/// `Joey vs Clucky` for a pair read whole; else the record's kind and its
/// number in the section.
fn record_name(analyzed: &Analyzed, number: usize) -> String {
    match &analyzed.record {
        Some(Record::Choker(pair)) => {
            format!(
                "{} vs {}",
                pair.first.name.as_str(),
                pair.second.name.as_str()
            )
        }
        _ => {
            let kind = match analyzed.game {
                Game::Bridge => "hand",
                Game::Choker => "pair",
                Game::Whist => "deal",
            };
            format!("{kind} {number}")
        }
    }
}

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

/// One modifier per suit name of every game, on a card's rank and suit,
/// so that a theme can colour hearts and diamonds red.
const SUIT_MODIFIERS: [&str; 6] = [
    "spades", "hearts", "diamonds", "clubs", "giblets", "chickens",
];

pub(super) fn legend() -> SemanticTokensLegend {
    SemanticTokensLegend {
        token_types: TOKEN_TYPES.to_vec(),
        token_modifiers: SUIT_MODIFIERS
            .iter()
            .map(|&name| SemanticTokenModifier::new(name))
            .collect(),
    }
}

/// The modifier bit of the suit of `card` in `game`.
fn suit_modifier(game: Game, suit: cardsharp::ast::Suit) -> u32 {
    let name = game.alphabet().suit_names[suit.index()];
    let bit = SUIT_MODIFIERS
        .iter()
        .position(|&modifier| modifier == name)
        .expect("every suit name has its modifier");
    1 << bit
}

/// The ranks, suits, names and terminators of the records read whole, in
/// the protocol's relative encoding.
pub(super) fn semantic_tokens(view: &View<'_>) -> SemanticTokens {
    // (offset, length, type, modifiers)
    let mut tokens: Vec<(usize, usize, u32, u32)> = Vec::new();
    let add_cards = |game: Game, cards: &[Card], tokens: &mut Vec<_>| {
        for card in cards {
            let modifier = suit_modifier(game, card.suit());
            tokens.push((card.offset(), 1, RANK, modifier));
            tokens.push((card.offset() + 1, 1, SUIT, modifier));
        }
    };
    for record in view
        .checked
        .analysis
        .records
        .iter()
        .filter_map(|analyzed| analyzed.record.as_ref())
    {
        match record {
            Record::Bridge(hand) => add_cards(Game::Bridge, &hand.cards, &mut tokens),
            Record::Choker(pair) => {
                for hand in [&pair.first, &pair.second] {
                    tokens.push((hand.name.span.offset, hand.name.span.len, NAME, 0));
                    add_cards(Game::Choker, &hand.cards, &mut tokens);
                }
            }
            Record::Whist(deal) => {
                let modifier = suit_modifier(Game::Whist, deal.trump);
                tokens.push((deal.trump_span.offset, deal.trump_span.len, SUIT, modifier));
                for row in &deal.plays {
                    add_cards(Game::Whist, row, &mut tokens);
                }
            }
        }
    }
    tokens.extend(
        view.checked
            .terminators
            .iter()
            .map(|span| (span.offset, span.len, TERMINATOR, 0)),
    );
    tokens.sort_unstable_by_key(|token| token.0);
    let mut previous = lsp_types::Position::new(0, 0);
    let data = tokens
        .into_iter()
        .map(|(offset, length, token_type, modifiers)| {
            let range = view.range(Span::new(offset, length));
            let delta_line = range.start.line - previous.line;
            let delta_start = if delta_line == 0 {
                range.start.character - previous.character
            } else {
                range.start.character
            };
            previous = range.start;
            SemanticToken {
                delta_line,
                delta_start,
                length: range.end.character - range.start.character,
                token_type,
                token_modifiers_bitset: modifiers,
            }
        })
        .collect();
    SemanticTokens {
        result_id: None,
        data,
    }
}

/// `cardsharp fmt`'s layout as one edit of the whole text; no edit when
/// the text is already in it, or when it has any diagnostic, as `fmt`
/// leaves such a file alone.
pub(super) fn formatting(view: &View<'_>) -> Vec<TextEdit> {
    if !view.checked.analysis.diagnostics.is_empty() {
        return Vec::new();
    }
    let formatted = format::source(view.text.as_bytes(), view.checked.mode, view.checked.layout);
    if formatted == view.text {
        return Vec::new();
    }
    vec![edit(view, Span::new(0, view.text.len()), formatted)]
}

/// An edit replacing the bytes of `span` with `replacement`.
fn edit(view: &View<'_>, span: Span, replacement: String) -> TextEdit {
    TextEdit::new(view.range(span), replacement)
}
