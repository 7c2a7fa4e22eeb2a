//! Applying fixes. This is the one fixer for every surface: the command line's
//! `check`, the language server, the playground.
//!
//! A round analyses the text and takes each diagnostic's first fix of the
//! allowed applicability, in input order. It applies those whose edits overlap
//! none taken before; the first wins. One repair can reveal the next, such as a
//! token's look-alike suit, then its lowercase rank. So rounds go on until one
//! applies nothing, as ruff's do. They stop at a bound that no chain of repairs
//! this language has comes near.

use std::collections::BTreeMap;

use crate::ast::Span;
use crate::diagnostic::{Applicability, Edit, Fix};
use crate::pipeline::analyze;
use crate::syntax::{Layout, Mode};

/// The most rounds of analysis and repair. A fix that keeps revealing another
/// would be a bug, and this stops it.
pub const MAX_ROUNDS: usize = 16;

/// A text after its fixes.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Fixed {
    /// The repaired text. It is the input, byte for byte, when no fix applied.
    pub text: Vec<u8>,
    /// How many fixes were applied, over all rounds.
    pub applied: usize,
}

/// Applies the fixes of `text`'s diagnostics, read in `mode`, round after round
/// until none is left. It applies the safe ones, and the unsafe ones too when
/// `unsafe_fixes`.
///
/// ```
/// use cardsharp::fix::fix;
/// use cardsharp::syntax::{Layout, Mode};
///
/// let fixed = fix(b"AC 3C 4C AS 7S 4S AD 10D 7D 5D AH 7H 5h\n", Mode::Auto, Layout::Lines, false);
/// assert_eq!(fixed.text, b"AC 3C 4C AS 7S 4S AD TD 7D 5D AH 7H 5H\n");
/// assert_eq!(fixed.applied, 2);
/// ```
#[must_use]
pub fn fix(text: &[u8], mode: Mode, layout: Layout, unsafe_fixes: bool) -> Fixed {
    let mut fixed = Fixed {
        text: text.to_vec(),
        applied: 0,
    };
    for _ in 0..MAX_ROUNDS {
        let round: Vec<Fix> = analyze(&fixed.text, mode, layout)
            .diagnostics
            .into_iter()
            .filter_map(|located| {
                located
                    .diagnostic
                    .fixes()
                    .into_iter()
                    .find(|fix| allowed(fix, unsafe_fixes))
            })
            .collect();
        let (text, applied) = apply(&fixed.text, &round);
        if applied == 0 {
            break;
        }
        fixed.text = text;
        fixed.applied += applied;
    }
    fixed
}

/// Whether `fix` may be applied: a safe one always, an unsafe one when asked
/// for.
#[must_use]
pub fn allowed(fix: &Fix, unsafe_fixes: bool) -> bool {
    fix.applicability == Applicability::Safe || unsafe_fixes
}

/// The fixes of `fixes` that apply together to `text` of `length` bytes, in
/// their order. Each applies whole or not at all. One is left out when its
/// edits overlap an edit taken before, or fall outside the text. This is what
/// [`apply`] applies, and what an editor's fix-all offers.
#[must_use]
pub fn compatible(length: usize, fixes: &[Fix]) -> Vec<&Fix> {
    // The edits taken, by offset. They never overlap, so only the two nearest
    // a new edit can touch it. A fix's edits are taken as they are checked, and
    // given back if one does not fit. So thousands of fixes, or a fix of
    // thousands of edits, are checked in n log n, not n squared.
    let mut taken: BTreeMap<usize, Span> = BTreeMap::new();
    let mut chosen = Vec::new();
    for fix in fixes {
        let mut checked = 0;
        for edit in &fix.edits {
            let span = edit.span;
            let before = taken.range(..=span.offset).next_back();
            let after = taken.range(span.offset + 1..).next();
            let fits = span.end() <= length
                && !before
                    .into_iter()
                    .chain(after)
                    .any(|(_, other)| overlap(span, *other));
            if !fits {
                break;
            }
            taken.insert(span.offset, span);
            checked += 1;
        }
        if checked == fix.edits.len() {
            chosen.push(fix);
        } else {
            for edit in &fix.edits[..checked] {
                taken.remove(&edit.span.offset);
            }
        }
    }
    chosen
}

/// `text` with [`compatible`] `fixes` applied. Returns the new text and
/// how many fixes applied.
#[must_use]
pub fn apply(text: &[u8], fixes: &[Fix]) -> (Vec<u8>, usize) {
    let chosen = compatible(text.len(), fixes);
    let applied = chosen.len();
    let mut taken: Vec<&Edit> = chosen.iter().flat_map(|fix| &fix.edits).collect();
    taken.sort_by_key(|edit| (edit.span.offset, edit.span.len));
    let mut out = Vec::with_capacity(text.len());
    let mut at = 0;
    for edit in taken {
        out.extend_from_slice(&text[at..edit.span.offset]);
        out.extend_from_slice(edit.replacement.as_bytes());
        at = edit.span.end();
    }
    out.extend_from_slice(&text[at..]);
    (out, applied)
}

/// Whether the spans of two edits touch the same bytes, or insert at the same
/// place (whose order would be a guess). Also whether one inserts inside the
/// other's range.
fn overlap(a: Span, b: Span) -> bool {
    a.offset == b.offset || (a.offset < b.end() && b.offset < a.end())
}

#[cfg(test)]
mod tests {
    use super::*;

    fn edit(offset: usize, len: usize, replacement: &str) -> Fix {
        Fix {
            message: String::new(),
            applicability: Applicability::Safe,
            edits: vec![Edit {
                span: Span::new(offset, len),
                replacement: replacement.to_owned(),
            }],
        }
    }

    #[test]
    fn overlapping_fixes_keep_the_first() {
        let (text, applied) = apply(
            b"abcdef",
            &[edit(1, 2, "X"), edit(2, 2, "Y"), edit(4, 0, "-")],
        );
        assert_eq!((text, applied), (b"aXd-ef".to_vec(), 2));
        // An insertion where another edit starts is left for the next round.
        let (text, applied) = apply(b"abc", &[edit(1, 1, "X"), edit(1, 0, "Y")]);
        assert_eq!((text, applied), (b"aXc".to_vec(), 1));
        // Past the end: never applied.
        assert_eq!(apply(b"ab", &[edit(1, 5, "")]).1, 0);
    }

    proptest::proptest! {
        /// Checking a fix against the two nearest edits taken decides as
        /// checking it against every edit taken.
        #[test]
        fn the_nearest_edits_decide_as_all_would(
            spans in proptest::collection::vec(
                proptest::collection::vec((0..40_usize, 0..5_usize), 1..3),
                0..40,
            )
        ) {
            let fixes: Vec<Fix> = spans
                .iter()
                .map(|edits| Fix {
                    edits: edits
                        .iter()
                        .map(|&(offset, len)| edit(offset, len, "x").edits[0].clone())
                        .collect(),
                    ..edit(0, 0, "")
                })
                .collect();
            let mut taken: Vec<Span> = Vec::new();
            let mut every = Vec::new();
            for fix in &fixes {
                let fits = fix.edits.iter().enumerate().all(|(index, edit)| {
                    edit.span.end() <= 42
                        && !taken.iter().any(|span| overlap(edit.span, *span))
                        && !fix.edits[..index].iter().any(|other| overlap(edit.span, other.span))
                });
                if fits {
                    taken.extend(fix.edits.iter().map(|edit| edit.span));
                    every.push(fix);
                }
            }
            proptest::prop_assert_eq!(compatible(42, &fixes), every);
        }
    }

    #[test]
    fn a_clean_text_is_returned_as_it_is() {
        let text = b"AC 3C 4C AS 7S 4S AD TD 7D 5D AH 7H 5H\n";
        assert_eq!(
            fix(text, Mode::Auto, Layout::Lines, true),
            Fixed {
                text: text.to_vec(),
                applied: 0
            }
        );
    }
}
