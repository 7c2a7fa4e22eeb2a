//! A page for each diagnostic code: `docs/src/codes/` holds what
//! `cardsharp rule CODE` prints, and the guide's table of contents lists
//! them. `CARDSHARP_BLESS=1 cargo test rules` writes the pages again after
//! the catalogue or an example changed.

use std::fmt::Write as _;

use cardsharp::diagnostic::catalogue::{RULES, Rule};

use crate::support::{Test, root};

/// A code's page, as `cardsharp rule CODE` prints it.
fn page(code: &str) -> String {
    let (page, _) = Test::new().args(["rule", code]).stderr_empty().run();
    page
}

fn page_name(rule: &Rule) -> String {
    format!(
        "{}.md",
        rule.code
            .trim_start_matches("cardsharp::")
            .replace("::", ".")
    )
}

/// The codes' index: each code, linked to its page, with its summary.
fn index() -> String {
    let mut index = String::from(
        "# Diagnostic codes\n\nEach code cardsharp reports, with what it reports. \
         `cardsharp rule CODE` prints a code's page in the terminal; \
         `cardsharp rule` lists them all.\n\n| code | reports |\n|---|---|\n",
    );
    for rule in RULES {
        let _ = writeln!(
            index,
            "| [`{}`]({}) | {} |",
            rule.code,
            page_name(rule),
            rule.summary.replace('|', "\\|")
        );
    }
    index
}

#[test]
fn every_code_has_its_page_as_the_catalogue_makes_it() {
    let folder = root().join("docs/src/codes");
    let bless = std::env::var_os("CARDSHARP_BLESS").is_some();
    let mut expected: Vec<(String, String)> = RULES
        .iter()
        .map(|rule| (page_name(rule), page(rule.code)))
        .collect();
    expected.push(("index.md".to_owned(), index()));
    let mut stale = Vec::new();
    for (name, text) in &expected {
        let path = folder.join(name);
        if bless {
            std::fs::write(&path, text).unwrap();
        } else if std::fs::read_to_string(&path).ok().as_deref() != Some(text.as_str()) {
            stale.push(name.clone());
        }
    }
    assert!(
        stale.is_empty(),
        "pages that differ from the catalogue (CARDSHARP_BLESS=1 writes them): {stale:?}"
    );
    let mut found: Vec<String> = std::fs::read_dir(&folder)
        .unwrap()
        .map(|entry| entry.unwrap().file_name().into_string().unwrap())
        .collect();
    found.sort();
    let mut wanted: Vec<String> = expected.into_iter().map(|(name, _)| name).collect();
    wanted.sort();
    assert_eq!(found, wanted, "a page for each code, and no other");
    let summary = std::fs::read_to_string(root().join("docs/src/SUMMARY.md")).unwrap();
    for rule in RULES {
        let entry = format!("[`{}`](codes/{})", rule.code, page_name(rule));
        assert!(summary.contains(&entry), "SUMMARY.md lacks {entry}");
    }
}

#[test]
fn rule_prints_a_page_and_lists_every_code() {
    let page = page("cardsharp::whist::revoke");
    assert!(page.starts_with("# `cardsharp::whist::revoke`\n"), "{page}");
    for spelling in ["whist.revoke", "whist::revoke"] {
        Test::new()
            .args(["rule", spelling])
            .stdout(page.clone())
            .stderr_empty()
            .run();
    }
    let (list, _) = Test::new().args(["rule"]).run();
    assert_eq!(list.lines().count(), RULES.len());
    for (line, rule) in list.lines().zip(RULES) {
        assert!(
            line.starts_with(rule.code) && line.ends_with(rule.summary),
            "{line}"
        );
    }
    Test::new()
        .args(["rule", "whist::revokes"])
        .status(2)
        .stderr_contains("no code `whist::revokes`; did you mean `cardsharp::whist::revoke`?")
        .run();
}

/// The human report names the command that tells more of its code.
#[test]
fn the_human_report_points_at_the_rule() {
    Test::new()
        .args(["check", "--color", "never", "-"])
        .stdin("KS QS 10H 8H 4H AC QC TC 5C KD QD JD 8D\n")
        .status(1)
        .stderr_contains("cardsharp::bridge::ten_as_digits (cardsharp rule bridge::ten_as_digits)")
        .run();
}
