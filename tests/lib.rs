//! Integration tests, built as one test binary.

mod cli;
mod damage;
mod differential;
mod faults;
mod golden;
mod grammar;
mod layers;
#[cfg(feature = "lsp")]
mod lsp;
mod malformed;
mod properties;
mod schema;
mod support;
mod walk;
