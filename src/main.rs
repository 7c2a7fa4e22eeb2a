//! The command line, kept out of the library. So a library user builds none of
//! its crates (clap, indicatif, ignore).

mod cli;
#[cfg(feature = "lsp")]
mod lsp;

fn main() -> std::process::ExitCode {
    cli::main()
}
