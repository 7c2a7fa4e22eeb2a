//! The recording of a parse trace, beneath every grammar rule. Each rule
//! function wraps its combinators in [`traced`]. That asks a thread-local
//! flag whether a trace is being recorded. When none is, the check is the
//! whole cost: one load and a branch that always goes the same way.
//!
//! The driver that raises the flag and feeds the framer is `trace`, at the
//! top of `syntax`. This module is at the bottom, so that the rules can
//! record without naming what stands above them.

use std::cell::{Cell, RefCell};

use nom::{IResult, Parser};
use serde::Serialize;

/// One rule tried on the input, or one decision of the framer.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct Step {
    /// Nesting: a rule tried inside another is one deeper.
    pub depth: usize,
    /// The grammar rule's name, as in `grammar/*.ebnf`.
    pub rule: &'static str,
    /// The offset in the input where the rule was tried.
    pub start: usize,
    /// Where its match ended; `start` when it failed.
    pub end: usize,
    pub matched: bool,
    /// Why it failed (what was expected), or the framer's decision.
    pub note: Option<String>,
}

thread_local! {
    static RECORDING: Cell<bool> = const { Cell::new(false) };
    static RECORDER: RefCell<Recorder> = const { RefCell::new(Recorder::new()) };
}

/// The trace being recorded on this thread.
struct Recorder {
    steps: Vec<Step>,
    depth: usize,
    /// The bytes the rules are reading: the input, or its copy with line ends
    /// blanked. It holds their address, their length, and the input offset of
    /// their first byte.
    origin: (usize, usize, usize),
    /// The framer's decision about the next step, which it then carries.
    pending_note: Option<String>,
}

impl Recorder {
    const fn new() -> Self {
        Self {
            steps: Vec::new(),
            depth: 0,
            origin: (0, 0, 0),
            pending_note: None,
        }
    }

    /// The input offset of `piece`'s first byte, when `piece` lies in the bytes
    /// being read. The diagnosis also parses copies it made. Those are no part
    /// of the input and are not traced.
    fn offset_of(&self, piece: &[u8]) -> Option<usize> {
        let (address, len, offset) = self.origin;
        let at = (piece.as_ptr() as usize).checked_sub(address)?;
        (at <= len).then_some(offset + at)
    }
}

/// Whether a trace is being recorded on this thread. When none is, this is the
/// one check the rules and the record readers pay.
#[inline(always)]
pub(crate) fn recording() -> bool {
    RECORDING.with(Cell::get)
}

/// `parser`, recorded as a step of rule `rule` while a trace is recorded.
/// `expected` tells a learner what the rule wants where it fails ("a card: a
/// rank then a suit").
pub(crate) fn traced<'a, O, P>(
    rule: &'static str,
    expected: &'static str,
    mut parser: P,
) -> impl FnMut(&'a [u8]) -> IResult<&'a [u8], O>
where
    P: Parser<&'a [u8], Output = O, Error = nom::error::Error<&'a [u8]>>,
{
    move |input| {
        if !recording() {
            return parser.parse_complete(input);
        }
        let entered = enter(rule, input);
        let result = parser.parse_complete(input);
        if let Some(index) = entered {
            leave(index, expected, &result);
        }
        result
    }
}

/// Opens the step of `rule` on `input`; its index, when it was recorded.
fn enter(rule: &'static str, input: &[u8]) -> Option<usize> {
    let (start, note) = RECORDER.with_borrow_mut(|recorder| {
        let start = recorder.offset_of(input)?;
        Some((start, recorder.pending_note.take()))
    })?;
    let index = decide(rule, start, note);
    RECORDER.with_borrow_mut(|recorder| recorder.depth += 1);
    Some(index)
}

/// Closes the step at `index` with the rule's result.
fn leave<O>(index: usize, expected: &str, result: &IResult<&[u8], O>) {
    RECORDER.with_borrow_mut(|recorder| {
        recorder.depth -= 1;
        let failure = match result {
            Ok((rest, _)) => {
                let end = recorder.offset_of(rest);
                let step = &mut recorder.steps[index];
                step.end = end.unwrap_or(step.start);
                step.matched = true;
                return;
            }
            Err(nom::Err::Error(error) | nom::Err::Failure(error)) => {
                let at = recorder.offset_of(error.input);
                // A character of several bytes by its name (`♠`), as reports
                // name it; a byte of no character, and a control, escaped.
                let character = error.input.utf8_chunks().next();
                let character = character.and_then(|chunk| chunk.valid().chars().next());
                let found = match (error.input.first(), character) {
                    (None, _) => "the end of the line".to_owned(),
                    (Some(byte), _) if byte.is_ascii() => format!("`{}`", byte.escape_ascii()),
                    (_, Some(character)) => format!("`{}`", character.escape_debug()),
                    (Some(byte), None) => format!("`{}`", byte.escape_ascii()),
                };
                match at {
                    Some(at) if at != recorder.steps[index].start => {
                        format!("expected {expected}; found {found} at {at}")
                    }
                    _ => format!("expected {expected}; found {found}"),
                }
            }
            Err(nom::Err::Incomplete(_)) => format!("expected {expected}; the input ended"),
        };
        let step = &mut recorder.steps[index];
        step.note = Some(match step.note.take() {
            Some(decision) => format!("{decision}; {failure}"),
            None => failure,
        });
    });
}

/// Pushes a step of the framer's, at the current depth; its index.
pub(super) fn decide(rule: &'static str, start: usize, note: Option<String>) -> usize {
    RECORDER.with_borrow_mut(|recorder| {
        recorder.steps.push(Step {
            depth: recorder.depth,
            rule,
            start,
            end: start,
            matched: false,
            note,
        });
        recorder.steps.len() - 1
    })
}

pub(super) fn close(index: usize, end: usize, matched: bool) {
    RECORDER.with_borrow_mut(|recorder| {
        let step = &mut recorder.steps[index];
        step.end = if matched { end } else { step.start };
        step.matched = matched;
    });
}

pub(super) fn set_depth(depth: usize) {
    RECORDER.with_borrow_mut(|recorder| recorder.depth = depth);
}

pub(super) fn set_origin(bytes: &[u8], offset: usize) {
    RECORDER.with_borrow_mut(|recorder| {
        recorder.origin = (bytes.as_ptr() as usize, bytes.len(), offset);
    });
}

pub(super) fn set_pending_note(note: String) {
    RECORDER.with_borrow_mut(|recorder| recorder.pending_note = Some(note));
}

pub(super) fn clear_pending_note() {
    RECORDER.with_borrow_mut(|recorder| recorder.pending_note = None);
}

/// Runs `inner` one step deeper: what it records nests in the step before.
pub(super) fn nested<T>(inner: impl FnOnce() -> T) -> T {
    RECORDER.with_borrow_mut(|recorder| recorder.depth += 1);
    let result = inner();
    RECORDER.with_borrow_mut(|recorder| recorder.depth -= 1);
    result
}

/// Runs `inner`, a diagnosis that reads the bytes at `start` again, after
/// `rule` rejected them, to tell each fault. It is recorded as a step of
/// `rule` of its own, noted as a diagnosis, with the second reading nested in
/// it: a learner sees it as what it is, not as the rule's own steps.
pub(super) fn diagnosing<T>(rule: &'static str, start: usize, inner: impl FnOnce() -> T) -> T {
    if !recording() {
        return inner();
    }
    let note = "diagnosis: each token read again alone, to tell each fault".to_owned();
    let index = decide(rule, start, Some(note));
    let result = nested(inner);
    close(index, start, false);
    result
}

/// The steps recorded so far, taken out of the recorder.
pub(super) fn take_steps() -> Vec<Step> {
    RECORDER.with_borrow_mut(|recorder| std::mem::take(&mut recorder.steps))
}

/// Lowers the flag and empties the recorder when the trace ends, even by a
/// panic. So the thread records nothing afterwards.
pub(super) struct Recording;

impl Recording {
    pub(super) fn start() -> Self {
        RECORDER.with_borrow_mut(|recorder| *recorder = Recorder::new());
        RECORDING.with(|flag| flag.set(true));
        Recording
    }
}

impl Drop for Recording {
    fn drop(&mut self) {
        RECORDING.with(|flag| flag.set(false));
        RECORDER.with_borrow_mut(|recorder| *recorder = Recorder::new());
    }
}
