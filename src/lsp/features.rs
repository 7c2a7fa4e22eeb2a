//! What the editor asks for, each as a function of a document's text and
//! the front end's reading of it. The answers are the command line's
//! records, outcomes, diagnostics, explanations and layout, in the
//! protocol's shapes.

use std::fmt::Write as _;

use std::collections::HashMap;

use cardsharp::diagnostic::{Applicability, Fix};
use lsp_types::{
    CodeAction, CodeActionKind, CodeActionOrCommand, Diagnostic, DiagnosticRelatedInformation,
    DiagnosticSeverity, DocumentSymbol, Hover, HoverContents, InlayHint, InlayHintLabel, Location,
    MarkupContent, MarkupKind, NumberOrString, Range, SymbolKind, TextEdit, Uri, WorkspaceEdit,
};

use cardsharp::ast::{Card, Game, Record, Span, WhistDeal};
use cardsharp::diagnostic::Severity;
use cardsharp::interpret::Outcome;
use cardsharp::interpret::whist::WhistOutcome;
use cardsharp::pipeline::Analyzed;
use cardsharp::render::{self, format};

use super::document::View;

/// Every diagnostic of the text: code, message and help, and severity. The
/// other labels become related information in the same document.
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

/// The fixes of the diagnostics that meet `range`. Each is a quick fix on
/// its diagnostic, a safe one preferred. Then comes one `source.fixAll`
/// with every safe fix of the text that does not overlap one taken before
/// it. That is how `check --fix` takes them in a round. When the client
/// asks `only` for some kinds, only those are given. A kind asked covers
/// the kinds below it (`source` covers `source.fixAll`).
pub(super) fn code_actions(
    uri: &Uri,
    view: &View<'_>,
    range: Range,
    only: Option<&[CodeActionKind]>,
) -> Vec<CodeActionOrCommand> {
    let wanted = |kind: &CodeActionKind| {
        only.is_none_or(|only| {
            only.iter().any(|asked| {
                kind.as_str() == asked.as_str()
                    || kind
                        .as_str()
                        .strip_prefix(asked.as_str())
                        .is_some_and(|rest| rest.starts_with('.'))
            })
        })
    };
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
        if shown.end < range.start || range.end < shown.start || !wanted(&CodeActionKind::QUICKFIX)
        {
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
    if !taken.is_empty() && wanted(&CodeActionKind::SOURCE_FIX_ALL) {
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
/// `explain`. For a whist deal, also the trick of the card under it. For a
/// record with faults, the faults and their fixes. Markdown, or plain text
/// for a client that shows no markdown.
pub(super) fn hover(view: &View<'_>, offset: usize, markdown: bool) -> Option<Hover> {
    let analyzed = view.record_at(offset)?;
    let strong = |text: &str| {
        if markdown {
            format!("**{text}**")
        } else {
            text.to_owned()
        }
    };
    let mut text = String::new();
    match (&analyzed.record, &analyzed.outcome) {
        (Some(record), Some(outcome)) => {
            let _ = writeln!(text, "{}\n", strong(&result(record, outcome)));
            if let (Record::Whist(deal), Outcome::Whist(outcome)) = (record, outcome)
                && let Some(trick) = trick_at(deal, offset)
            {
                let _ = writeln!(text, "{}\n", trick_story(deal, outcome, trick));
            }
            let explanation = render::explanation(record, outcome);
            if markdown {
                let _ = write!(text, "```text\n{explanation}```");
            } else {
                text.push_str(explanation.trim_end());
            }
        }
        _ => faults(view, analyzed, &strong, &mut text),
    }
    Some(Hover {
        contents: HoverContents::Markup(MarkupContent {
            kind: if markdown {
                MarkupKind::Markdown
            } else {
                MarkupKind::PlainText
            },
            value: text,
        }),
        range: Some(view.range(view.record_span(analyzed))),
    })
}

/// A record's faults, for its hover: each message with its help, then
/// the fixes there are.
fn faults(
    view: &View<'_>,
    analyzed: &Analyzed,
    strong: &dyn Fn(&str) -> String,
    text: &mut String,
) {
    let located: Vec<_> = view
        .checked
        .analysis
        .diagnostics
        .iter()
        .filter(|located| located.lines == analyzed.lines)
        .collect();
    let count = match located.len() {
        1 => "1 fault".to_owned(),
        count => format!("{count} faults"),
    };
    let _ = writeln!(
        text,
        "{}: this {} record has {count}",
        strong("not evaluated"),
        game_name(analyzed.game)
    );
    let mut fixes = Vec::new();
    for located in located {
        let description = located.diagnostic.describe();
        let _ = write!(text, "\n- {}", description.message);
        if let Some(help) = description.help {
            let _ = write!(text, "\n  help: {}", help.replace('\n', "\n  "));
        }
        fixes.extend(
            located
                .diagnostic
                .fixes()
                .into_iter()
                .map(|fix| fix.message),
        );
    }
    if !fixes.is_empty() {
        let _ = write!(text, "\n\nfixes (code actions):");
        for fix in fixes {
            let _ = write!(text, "\n- {fix}");
        }
    }
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

/// Each well-formed record's result, after the end of its last line. Only
/// records that end inside `range` get one.
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

/// The sections, each with its records. A section is a run of records of
/// one game, up to its terminator or to the next record of another game.
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

/// `Joey vs Clucky` for a pair read whole. Else the record's kind and its
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

/// `cardsharp fmt`'s layout, as one edit of the whole text. There is no
/// edit when the text is already in that layout. Nor is there one when it
/// has any diagnostic, as `fmt` leaves such a file alone.
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
