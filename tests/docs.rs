//! The guide (`docs/`, an mdBook) and the README link only to what
//! exists: each relative link names a file of the repository, and each
//! `#anchor` a heading of the page it points into. `.ci/run` also builds
//! the book with `mdbook`.

use std::path::{Path, PathBuf};

use crate::support::root;

/// The links of a Markdown text outside code: `[text](target)`.
fn links(text: &str) -> Vec<String> {
    let mut found = Vec::new();
    let mut fence = false;
    for line in text.lines() {
        if line.trim_start().starts_with("```") {
            fence = !fence;
            continue;
        }
        if fence {
            continue;
        }
        let mut rest = line;
        while let Some(at) = rest.find("](") {
            let after = &rest[at + 2..];
            let Some(end) = after.find(')') else { break };
            found.push(after[..end].to_owned());
            rest = &after[end..];
        }
    }
    found
}

/// A heading's anchor as mdBook and GitHub make it: lowercase, blanks as
/// `-`, other punctuation dropped.
fn anchor(heading: &str) -> String {
    heading
        .trim()
        .to_lowercase()
        .chars()
        .filter_map(|c| match c {
            ' ' => Some('-'),
            c if c.is_alphanumeric() || c == '-' || c == '_' => Some(c),
            _ => None,
        })
        .collect()
}

fn anchors(text: &str) -> Vec<String> {
    let mut fence = false;
    text.lines()
        .filter(|line| {
            if line.starts_with("```") {
                fence = !fence;
            }
            !fence && line.starts_with('#')
        })
        .map(|line| anchor(line.trim_start_matches('#')))
        .collect()
}

fn pages() -> Vec<PathBuf> {
    let mut pages = vec![root().join("README.md"), root().join("ARCHITECTURE.md")];
    for folder in ["docs/src", "docs/src/codes"] {
        for entry in std::fs::read_dir(root().join(folder)).unwrap() {
            let path = entry.unwrap().path();
            if path.extension().is_some_and(|extension| extension == "md") {
                pages.push(path);
            }
        }
    }
    pages
}

fn broken_in(page: &Path) -> Vec<String> {
    let text = std::fs::read_to_string(page).unwrap();
    let mut broken = Vec::new();
    for link in links(&text) {
        if link.contains("://") || link.starts_with("mailto:") {
            continue;
        }
        let (path, fragment) = link.split_once('#').unwrap_or((&link, ""));
        let target = if path.is_empty() {
            page.to_owned()
        } else {
            page.parent().unwrap().join(path)
        };
        if !target.exists() {
            broken.push(format!("{}: {link}: no such file", page.display()));
            continue;
        }
        if !fragment.is_empty() && target.extension().is_some_and(|e| e == "md") {
            let target_text = std::fs::read_to_string(&target).unwrap();
            if !anchors(&target_text).iter().any(|found| found == fragment) {
                broken.push(format!("{}: {link}: no such heading", page.display()));
            }
        }
    }
    broken
}

#[test]
fn every_relative_link_leads_somewhere() {
    let broken: Vec<String> = pages().iter().flat_map(|page| broken_in(page)).collect();
    assert!(broken.is_empty(), "broken links:\n{}", broken.join("\n"));
}

#[test]
fn the_table_of_contents_lists_every_page() {
    let summary = std::fs::read_to_string(root().join("docs/src/SUMMARY.md")).unwrap();
    let listed = links(&summary);
    for page in pages() {
        let Ok(relative) = page.strip_prefix(root().join("docs/src")) else {
            continue;
        };
        let relative = relative.to_str().unwrap().to_owned();
        if relative != "SUMMARY.md" {
            assert!(listed.contains(&relative), "SUMMARY.md lacks {relative}");
        }
    }
}

#[test]
fn anchors_are_made_as_mdbook_makes_them() {
    assert_eq!(
        anchor(" In an editor: `cardsharp lsp`"),
        "in-an-editor-cardsharp-lsp"
    );
    assert_eq!(
        links("see [a](b.md#c) and `[x](y)`\n```\n[z](w)\n```\n"),
        ["b.md#c", "y"]
    );
}
