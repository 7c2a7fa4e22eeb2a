//! `cardsharp lsp` driven by a real editor: Emacs in batch mode with
//! eglot (Debian's `emacs-nox` and `elpa-eglot`, installed by `.ci/run`),
//! set up as the README tells a user to. It opens a file with a mistake,
//! reads flymake's diagnostic, applies the quick fix, and formats.

use std::process::Command;

#[test]
fn emacs_shows_the_mistake_fixes_it_and_formats() {
    let dir = tempfile::tempdir().unwrap();
    let hands = dir.path().join("typo.bridge");
    std::fs::write(&hands, "KS  QS 10H 8H 4H AC QC TC 5C KD QD JD 8D\n").unwrap();
    let output = Command::new("emacs")
        .args(["--batch", "-l"])
        .arg(crate::support::root().join("tests/emacs/eglot.el"))
        .env("CARDSHARP", crate::support::binary())
        .env("HANDS", &hands)
        .output()
        .expect("emacs (emacs-nox and elpa-eglot, installed by .ci/run)");
    let stdout = String::from_utf8_lossy(&output.stdout);
    assert!(
        output.status.success(),
        "{stdout}\n{}",
        String::from_utf8_lossy(&output.stderr)
    );
    assert_eq!(
        stdout,
        "mode: cardsharp-mode\n\
         diagnostic: 8-11 cardsharp [cardsharp::bridge::ten_as_digits]: the ten is written `T`, not `10`\n\
         fixed: KS  QS TH 8H 4H AC QC TC 5C KD QD JD 8D\n\
         diagnostics: none\n\
         formatted: KS QS TH 8H 4H AC QC TC 5C KD QD JD 8D\n\
         shut down\n"
    );
}
