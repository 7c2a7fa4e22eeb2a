//! cardsharp reads the input languages of three card-game problems (bridge
//! hand evaluation, Choker, whist), parses them with nom into a typed AST
//! that keeps every token's byte span, reports malformed input with miette
//! diagnostics, and evaluates every well-formed record with judge-exact
//! output.
//!
//! The pipeline, one module per stage:
//!
//! ```text
//! bytes ─► syntax ─► ast ─► check ─► interpret ─► render
//!             └──────── diagnostic ◄───┘
//! ```
//!
//! [`analyze`] turns a text into its records, outcomes and diagnostics in
//! one call; [`pipeline`] joins the same stages for a stream, block by
//! block, and [`batch`] runs
//! several inputs with their outputs in order. The command line on top is
//! the binary's (`src/main.rs`, `src/cli/`, behind the default `cli`
//! feature), so that a library user builds none of its crates.

pub mod ast;
pub mod batch;
pub mod check;
mod cpu;
pub mod diagnostic;
pub mod generate;
pub mod interpret;
pub mod pipeline;
pub mod render;
pub mod syntax;

pub use pipeline::{Analysis, analyze};
