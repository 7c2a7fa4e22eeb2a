//! The whole pipeline, as `run`, `explain`, `parse` and `check` use it, in
//! every diagnostics format and both layouts, and `fmt`'s layout on what
//! checks clean: no panic, and formatting keeps clean input clean.
#![no_main]

use cardsharp::pipeline::{Action, OutputFormat, Settings, run_bytes};
use cardsharp::render::DiagnosticFormat;
use cardsharp::syntax::{Layout, Mode};
use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| {
    let formats = [
        DiagnosticFormat::Human { color: false, width: 80 },
        DiagnosticFormat::Short,
        DiagnosticFormat::Json,
    ];
    for layout in [Layout::Lines, Layout::Tokens] {
        for (action, diagnostics) in [Action::Run, Action::Explain, Action::Parse, Action::Check].into_iter().zip(formats.into_iter().cycle()) {
            for output in [OutputFormat::Text, OutputFormat::Json] {
                let settings = Settings { mode: Mode::Auto, layout, action, output, diagnostics };
                let _ = run_bytes("fuzz", data, &settings);
            }
        }
        let check = Settings {
            mode: Mode::Auto,
            layout,
            action: Action::Check,
            output: OutputFormat::Text,
            diagnostics: DiagnosticFormat::Short,
        };
        let (_, reports, _) = run_bytes("fuzz", data, &check);
        if reports.is_empty() {
            // What `fmt --layout tokens` writes is the canonical line layout.
            let formatted = cardsharp::render::format::source(data, Mode::Auto, layout);
            let lines = Settings { layout: Layout::Lines, ..check };
            let (_, after, _) = run_bytes("formatted", formatted.as_bytes(), &lines);
            assert_eq!(after, "", "formatting made clean input unclean");
        }
    }
});
