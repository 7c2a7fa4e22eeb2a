//! The grammar in `grammar/*.ebnf` and the parser agree: every rule has a
//! function of the same name whose doc comment quotes the rule exactly, and
//! every function that quotes a rule is named after a rule of that text.

use std::collections::BTreeMap;

use crate::support::root;

/// `name -> body` for every rule of every grammar file, comments removed.
fn grammar_rules() -> BTreeMap<String, String> {
    let mut rules = BTreeMap::new();
    let mut files: Vec<_> = std::fs::read_dir(root().join("grammar"))
        .unwrap()
        .map(|e| e.unwrap().path())
        .collect();
    files.sort();
    for path in files {
        let text = std::fs::read_to_string(&path).unwrap();
        let mut without_comments = String::new();
        let mut rest = text.as_str();
        while let Some(start) = rest.find("(*") {
            without_comments.push_str(&rest[..start]);
            let end = rest[start..].find("*)").expect("comments are closed") + start + 2;
            rest = &rest[end..];
        }
        without_comments.push_str(rest);
        for rule in without_comments
            .split(';')
            .map(str::trim)
            .filter(|rule| !rule.is_empty())
        {
            let (name, body) = rule
                .split_once('=')
                .unwrap_or_else(|| panic!("{}: not a rule: {rule}", path.display()));
            let previous = rules.insert(name.trim().to_owned(), normalise(body));
            assert!(previous.is_none(), "rule {name} is defined twice");
        }
    }
    rules
}

fn normalise(text: &str) -> String {
    text.split_whitespace().collect::<Vec<_>>().join(" ")
}

/// `function name -> quoted rule body` for every function under
/// `src/syntax` whose doc comment opens by quoting a rule.
fn quoting_functions() -> BTreeMap<String, (String, String)> {
    let mut functions = BTreeMap::new();
    for entry in std::fs::read_dir(root().join("src/syntax")).unwrap() {
        let path = entry.unwrap().path();
        let text = std::fs::read_to_string(&path).unwrap();
        let lines: Vec<&str> = text.lines().collect();
        for (index, line) in lines.iter().enumerate() {
            let Some(quote) = line.trim().strip_prefix("/// `") else {
                continue;
            };
            let Some((rule, _)) = quote.split_once(" ;`") else {
                continue;
            };
            let Some((name, body)) = rule.split_once(" = ") else {
                continue;
            };
            let function = lines[index..]
                .iter()
                .find_map(|line| {
                    let line = line.trim();
                    let after = line.strip_prefix("pub ").unwrap_or(line);
                    let after = after.strip_prefix("const ").unwrap_or(after);
                    after.strip_prefix("fn ")
                })
                .and_then(|signature| signature.split(['(', '<']).next())
                .unwrap_or_else(|| {
                    panic!("{}: no function after the quote of {name}", path.display())
                });
            functions.insert(function.to_owned(), (name.to_owned(), normalise(body)));
        }
    }
    functions
}

#[test]
fn every_rule_has_its_function_and_every_quoting_function_its_rule() {
    let rules = grammar_rules();
    let functions = quoting_functions();
    let mut problems = Vec::new();
    for (name, body) in &rules {
        match functions.get(name) {
            None => problems.push(format!("rule `{name}` has no function `{name}` quoting it")),
            Some((quoted_name, quoted_body)) if quoted_name != name || quoted_body != body => {
                problems.push(format!("`fn {name}` quotes `{quoted_name} = {quoted_body}`, the grammar says `{name} = {body}`"));
            }
            Some(_) => {}
        }
    }
    for (function, (quoted_name, _)) in &functions {
        if !rules.contains_key(function) || function != quoted_name {
            problems.push(format!("`fn {function}` quotes rule `{quoted_name}`, which the grammar does not define under that name"));
        }
    }
    assert!(problems.is_empty(), "{}", problems.join("\n"));
    assert!(rules.len() >= 20, "the grammar files were read: {rules:?}");
}
