//! The front end alone: framing any bytes in every mode, and parsing and
//! checking each frame, must not panic; every span a diagnostic names must
//! lie inside the input.
#![no_main]

use cardsharp::ast::Game;
use cardsharp::check;
use cardsharp::syntax::document::document;
use cardsharp::syntax::tokens::tokens_document;
use cardsharp::syntax::{self, Block, Mode};
use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| {
    let block = Block { bytes: data, base: 0 };
    // The tokens layout reads each record with its line ends as blanks.
    let blanked: Vec<u8> = data.iter().map(|&b| if b == b'\r' || b == b'\n' { b' ' } else { b }).collect();
    let read = Block { bytes: &blanked, base: 0 };
    for mode in [Mode::Auto, Mode::Forced(Game::Bridge), Mode::Forced(Game::Choker), Mode::Forced(Game::Whist)] {
        tokens_document(block, mode, &mut |frame| {
            let mut diagnostics = Vec::new();
            if let Some(record) = syntax::record(&frame, &read, &mut diagnostics) {
                check::record(&record, &mut diagnostics);
            }
            for diagnostic in &diagnostics {
                assert!(diagnostic.span.end() <= data.len(), "{diagnostic:?} outside {} bytes", data.len());
            }
        });
        document(block, mode, &mut |frame| {
            let mut diagnostics = Vec::new();
            if let Some(record) = syntax::record(&frame, &block, &mut diagnostics) {
                check::record(&record, &mut diagnostics);
            }
            for diagnostic in &diagnostics {
                assert!(diagnostic.span.end() <= data.len(), "{diagnostic:?} outside {} bytes", data.len());
                for secondary in diagnostic.secondary() {
                    assert!(secondary.span.end() <= data.len());
                }
            }
        });
    }
});
