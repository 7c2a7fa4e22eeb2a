//! Integration tests, built as one test binary.

mod ci;
mod cli;
mod damage;
mod differential;
mod docs;
#[cfg(feature = "lsp")]
mod emacs;
mod faults;
mod fix;
mod golden;
mod grammar;
#[cfg(unix)]
mod judge;
mod layers;
#[cfg(feature = "lsp")]
mod lsp;
mod malformed;
mod package;
mod playground;
mod properties;
mod prose;
mod rules;
mod schema;
mod serve;
mod strict;
mod support;
mod tokens;
mod validator;
mod verify;
mod walk;
