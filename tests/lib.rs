//! Integration tests, built as one test binary.

mod cli;
mod differential;
mod golden;
mod support;
