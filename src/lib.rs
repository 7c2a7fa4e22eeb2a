//! cardsharp reads the input languages of three card-game problems: bridge hand
//! evaluation, Choker, and whist. It parses them with nom into a typed AST that
//! keeps every token's byte span. It reports malformed input with miette
//! diagnostics. It evaluates every well-formed record with judge-exact output.
//!
//! ```
//! use cardsharp::{Layout, Mode, Outcome, analyze};
//!
//! let text = b"AC 3C 4C AS 7S 4S AD TD 7D 5D AH 7H 5H\nKS QS\n";
//! let analysis = analyze(text, Mode::Auto, Layout::Lines);
//!
//! // The first hand is well formed: it is evaluated, reasoning and all.
//! let Some(Outcome::Bridge(bridge)) = &analysis.records[0].outcome else {
//!     panic!("a bridge hand");
//! };
//! assert_eq!(bridge.points, 16); // four aces
//! // The second is two cards short: a diagnostic names it and its line.
//! let located = &analysis.diagnostics[0];
//! assert_eq!(located.diagnostic.kind.code(), "card_count");
//! assert_eq!(located.lines.0.number, 2);
//! ```
//!
//! The pipeline, one module per stage:
//!
//! ```text
//! bytes ─► syntax ─► ast ─► check ─► interpret ─► render
//!             └──────── diagnostic ◄───┘
//! ```
//!
//! [`analyze`] turns a text into its records, outcomes and diagnostics in one
//! call. [`pipeline`] joins the same stages for a stream, block by block.
//! [`batch`] runs several inputs with their outputs in order. The command line
//! on top is the binary's (`src/main.rs`, `src/cli/`, behind the default `cli`
//! feature). So a library user builds none of its crates.

pub mod ast;
pub mod batch;
pub mod check;
mod cpu;
pub mod diagnostic;
pub mod fix;
pub mod generate;
pub mod interpret;
pub mod judge;
pub mod package;
pub mod pipeline;
pub mod playground;
pub mod render;
#[cfg(feature = "serve")]
pub mod serve;
pub mod syntax;
pub mod verify;
#[cfg(feature = "walk")]
pub mod walk;

/// A guided tour of the code, from one combinator to the evaluators
/// (`docs/src/tour.md`). Its snippets run as doctests.
#[doc = include_str!("../docs/src/tour.md")]
pub mod tour {}

pub use ast::{Game, Record};
pub use diagnostic::{Applicability, Diagnostic, Edit, Fix, Severity};
pub use fix::{Fixed, fix};
pub use interpret::{Outcome, evaluate};
pub use pipeline::{Analysis, analyze};
pub use syntax::{Layout, Mode, Step, trace};
