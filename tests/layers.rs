//! Layers that only point down: each library module may name the modules
//! below it, never one above, so that a stage can be read, tested and
//! changed knowing only what it stands on (ARCHITECTURE.md). The compiler
//! allows any path within a crate; this test reads every `src/**/*.rs`
//! file, finds each `crate::X` (and `super::` reaching the crate root) in
//! its code, and fails when X sits above the file's own module.
//!
//! The check reads tokens, not a syntax tree: comments and literals are
//! blanked first, and `#[cfg(test)]` items skipped, as unit tests may use
//! whatever helps them (check's use `generate`). `checker_catches_...`
//! below plants violations in made-up files to show that it fails on each.
//!
//! The files of `syntax` are layered the same way, file by file
//! (`SYNTAX_LAYERS`): a name of the root (`super::Line`) counts as the
//! module `mod.rs` re-exports it from.

use std::path::Path;

/// The library's modules, lowest first. A module may name itself and the
/// modules before it in this list.
const LAYERS: &[&str] = &[
    // The instruction set the hot loops run on, chosen at run time: it
    // names nothing, and serves `pipeline`, which runs the loops with it,
    // and `syntax`, whose token index classes bytes with it (see
    // `ONLY_FOR`).
    "cpu",
    // The typed records, spans and alphabets: they name nothing.
    "ast",
    // Every report's wording: beside `ast` at the bottom, used by `syntax`
    // and `check`. It states the rules of the layers above it in words
    // (terminators, suit letters, the line limit), never by their names.
    "diagnostic",
    "syntax",
    "check",
    "interpret",
    // Random valid input: its whist plays follow the real replay, so it
    // takes `interpret::whist::trick_winner`; nothing below the command
    // line uses it outside unit tests.
    "generate",
    "render",
    "pipeline",
    // Applying fixes: analyses a text through `pipeline`, for the command
    // line, the language server and the playground alike.
    "fix",
    // Test data checked as a judge's: each input through `pipeline`, its
    // answer against the results.
    "verify",
    // A problem package: data from `generate`, answers through `pipeline`.
    "package",
    // A program judged: cases from `generate` and `package`'s edges,
    // expected output through `pipeline`, failures reported as `verify`
    // reports a wrong line.
    "judge",
    "batch",
    // Directories walked into inputs for `batch` (behind the `walk`
    // feature): for the command line and the Python package.
    "walk",
    // The playground's answer and page, without a server: what `serve`
    // sends and what `web/` compiles to WebAssembly for the browser.
    "playground",
    // The playground (`cardsharp serve`, behind the `serve` feature): on
    // top, beside the command line.
    "serve",
];

/// Modules that serve only the modules listed, whatever sits above them.
const ONLY_FOR: &[(&str, &[&str])] = &[("cpu", &["syntax", "pipeline"])];

/// Paths up that are allowed, each with its reason: (file, module named).
const EXCEPTIONS: &[(&str, &str, &str)] = &[(
    "src/check.rs",
    "interpret",
    "whist_plays judges plays against the replay's leaders, and the replay \
     is written once, in interpret::whist: check::whist_deal runs \
     interpret::whist::leaders for callers without an evaluation, and \
     the Led trait takes the evaluation's Tricks without a copy. Inverting \
     it means moving the replay below check.",
)];

/// The CLI flags library text names, each with its reason: (file, flag).
/// A message from below the command line should speak of what the library
/// knows (a game read as forced), not of how one program spells it.
const FLAG_EXCEPTIONS: &[(&str, &str, &str)] = &[
    (
        "src/package/mod.rs",
        "--game",
        "the package's input validator is a script that runs the command \
         line, `cardsharp validate --game G`",
    ),
    (
        "src/diagnostic.rs",
        "--game",
        "the help of document::after_terminator; the wording is output, held \
         byte-identical until it is changed on purpose",
    ),
    (
        "src/diagnostic.rs",
        "--layout",
        "the help of records_on_one_line names both remedies, \
         `--layout tokens` and `cardsharp fmt --layout tokens`",
    ),
    (
        "src/diagnostic/catalogue.rs",
        "--layout",
        "the rule of records_on_one_line, worded as its help is",
    ),
];

#[derive(Debug, PartialEq)]
struct Violation {
    file: String,
    line: usize,
    named: String,
}

fn rank(module: &str) -> Option<usize> {
    LAYERS.iter().position(|&layer| layer == module)
}

/// The library module a file belongs to, as its path in the module tree;
/// `None` for the crate roots and the binary's own files (`src/main.rs`,
/// `src/cli/`, `src/lsp/`), which sit on top and may name anything.
fn module_path(file: &str) -> Option<Vec<String>> {
    let relative = file.strip_prefix("src/")?.strip_suffix(".rs")?;
    let mut path: Vec<String> = relative.split('/').map(str::to_owned).collect();
    if path.last().is_some_and(|last| last == "mod") {
        path.pop();
    }
    match path.first().map(String::as_str) {
        None | Some("lib" | "main" | "cli" | "lsp") => None,
        Some(_) => Some(path),
    }
}

/// `source` with comments and the contents of string and character
/// literals blanked (line ends kept, so line numbers hold), and the
/// contents of the string literals.
// Each count stops at the first byte that is not `#`; a file is finite.
#[allow(clippy::maybe_infinite_iter)]
fn blank_comments_and_literals(source: &str) -> (Vec<char>, Vec<(usize, String)>) {
    let chars: Vec<char> = source.chars().collect();
    let mut code = chars.clone();
    let mut strings = Vec::new();
    let blank = |code: &mut [char], from: usize, to: usize| {
        for c in &mut code[from..to] {
            if *c != '\n' {
                *c = ' ';
            }
        }
    };
    let ident = |c: char| c.is_alphanumeric() || c == '_';
    let mut i = 0;
    while i < chars.len() {
        let at = |k: usize| chars.get(k).copied().unwrap_or('\0');
        let starts_word = i == 0 || !ident(chars[i - 1]);
        if at(i) == '/' && at(i + 1) == '/' {
            let end = (i..chars.len())
                .find(|&k| chars[k] == '\n')
                .unwrap_or(chars.len());
            blank(&mut code, i, end);
            i = end;
        } else if at(i) == '/' && at(i + 1) == '*' {
            let (mut depth, mut k) = (0, i);
            while k < chars.len() {
                if at(k) == '/' && at(k + 1) == '*' {
                    depth += 1;
                    k += 2;
                } else if at(k) == '*' && at(k + 1) == '/' {
                    depth -= 1;
                    k += 2;
                    if depth == 0 {
                        break;
                    }
                } else {
                    k += 1;
                }
            }
            blank(&mut code, i, k);
            i = k;
        } else if starts_word && (at(i) == 'r' || (at(i) == 'b' && at(i + 1) == 'r')) && {
            let r = if at(i) == 'r' { i } else { i + 1 };
            let hashes = (r + 1..).take_while(|&k| at(k) == '#').count();
            at(r + 1 + hashes) == '"'
        } {
            let r = if at(i) == 'r' { i } else { i + 1 };
            let hashes = (r + 1..).take_while(|&k| at(k) == '#').count();
            let open = r + 1 + hashes;
            let close = (open + 1..chars.len())
                .find(|&k| at(k) == '"' && (1..=hashes).all(|h| at(k + h) == '#'))
                .unwrap_or(chars.len());
            strings.push((open, chars[open + 1..close].iter().collect()));
            blank(&mut code, open + 1, close);
            i = close + 1 + hashes;
        } else if at(i) == '"' {
            let mut k = i + 1;
            while k < chars.len() && chars[k] != '"' {
                k += if chars[k] == '\\' { 2 } else { 1 };
            }
            strings.push((i, chars[i + 1..k.min(chars.len())].iter().collect()));
            blank(&mut code, i + 1, k.min(chars.len()));
            i = k + 1;
        } else if at(i) == '\'' && (at(i + 1) == '\\' || at(i + 2) == '\'') {
            // A character literal; `'a` without a closing quote is a
            // lifetime, and stays.
            let mut k = i + 1;
            while k < chars.len() && chars[k] != '\'' {
                k += if chars[k] == '\\' { 2 } else { 1 };
            }
            blank(&mut code, i + 1, k.min(chars.len()));
            i = k + 1;
        } else {
            i += 1;
        }
    }
    (code, strings)
}

/// Blanks each `#[cfg(test)]` item: up to its `;`, or through the block
/// its first `{` opens. Braces are safe to count once literals are blank.
fn blank_test_items(code: &mut [char]) {
    let marker: Vec<char> = "#[cfg(test)]".chars().collect();
    let mut i = 0;
    while i + marker.len() <= code.len() {
        if code[i..i + marker.len()] != marker[..] {
            i += 1;
            continue;
        }
        let mut k = i + marker.len();
        while k < code.len() && code[k] != '{' && code[k] != ';' {
            k += 1;
        }
        if k < code.len() && code[k] == '{' {
            let mut depth = 0;
            while k < code.len() {
                match code[k] {
                    '{' => depth += 1,
                    '}' => depth -= 1,
                    _ => {}
                }
                k += 1;
                if depth == 0 {
                    break;
                }
            }
        } else {
            k += 1;
        }
        let end = k.min(code.len());
        for c in &mut code[i..end] {
            if *c != '\n' {
                *c = ' ';
            }
        }
        i = k;
    }
}

/// The top-level modules the code names, with the position of each
/// reference: `crate::X`, `crate::{X::.., Y}`, and `super::` chains that
/// climb out of the file's module (`depth` levels deep) to the root.
fn named_modules(code: &[char], depth: usize) -> Vec<(usize, String)> {
    let ident = |c: char| c.is_alphanumeric() || c == '_';
    let skip_blanks = |mut k: usize| {
        while k < code.len() && code[k].is_whitespace() {
            k += 1;
        }
        k
    };
    let word_at = |k: usize| -> String { code[k..].iter().take_while(|&&c| ident(c)).collect() };
    let path_sep = |k: usize| {
        let k = skip_blanks(k);
        (code.get(k) == Some(&':') && code.get(k + 1) == Some(&':')).then(|| skip_blanks(k + 2))
    };
    let mut named = Vec::new();
    // After `crate::` or enough `super::`: a name, or a `{` group whose
    // items each start with one.
    let take_root_item = |at: usize, named: &mut Vec<(usize, String)>| {
        if code.get(at) == Some(&'{') {
            let (mut nesting, mut k, mut item_start) = (0, at, true);
            while k < code.len() {
                match code[k] {
                    '{' => {
                        nesting += 1;
                        item_start = nesting == 1;
                    }
                    '}' => {
                        nesting -= 1;
                        if nesting == 0 {
                            break;
                        }
                    }
                    ',' if nesting == 1 => item_start = true,
                    c if ident(c) && item_start => {
                        named.push((k, word_at(k)));
                        item_start = false;
                    }
                    _ => {}
                }
                k += 1;
            }
        } else if code.get(at).copied().is_some_and(ident) {
            named.push((at, word_at(at)));
        }
    };
    let mut i = 0;
    while i < code.len() {
        if !ident(code[i]) || (i > 0 && ident(code[i - 1])) {
            i += 1;
            continue;
        }
        let word = word_at(i);
        let end = i + word.len();
        if word == "crate" {
            if let Some(at) = path_sep(end) {
                take_root_item(at, &mut named);
            }
        } else if word == "super" {
            let (mut climbs, mut at) = (1, path_sep(end));
            while let Some(k) = at.filter(|&k| word_at(k) == "super") {
                climbs += 1;
                at = path_sep(k + "super".len());
            }
            if let Some(at) = at.filter(|_| climbs >= depth) {
                take_root_item(at, &mut named);
            }
            i = at.unwrap_or(end);
            continue;
        }
        i = end;
    }
    named.retain(|(_, name)| !matches!(name.as_str(), "self" | "super" | "crate"));
    named
}

fn line_of(code: &[char], position: usize) -> usize {
    1 + code[..position].iter().filter(|&&c| c == '\n').count()
}

/// The paths up in `source`, the text of file `file` (as `src/...`).
fn violations(file: &str, source: &str) -> Vec<Violation> {
    let Some(path) = module_path(file) else {
        return Vec::new();
    };
    let own = path[0].as_str();
    let own_rank = rank(own).unwrap_or_else(|| panic!("{file}: `{own}` has no place in LAYERS"));
    let (mut code, _) = blank_comments_and_literals(source);
    blank_test_items(&mut code);
    named_modules(&code, path.len())
        .into_iter()
        .filter(|(_, named)| named != own)
        .filter(|(_, named)| {
            let too_high = rank(named).is_none_or(|named_rank| named_rank > own_rank);
            let not_its_user = ONLY_FOR
                .iter()
                .any(|&(module, users)| module == named && !users.contains(&own));
            (too_high || not_its_user)
                && !EXCEPTIONS
                    .iter()
                    .any(|&(exempt, up, _)| exempt == file && up == named)
        })
        .map(|(position, named)| Violation {
            file: file.to_owned(),
            line: line_of(&code, position),
            named,
        })
        .collect()
}

/// The CLI flags (`--word`) named in the string literals of a library file.
fn named_flags(file: &str, source: &str) -> Vec<(usize, String)> {
    if module_path(file).is_none() {
        return Vec::new();
    }
    let (mut code, strings) = blank_comments_and_literals(source);
    blank_test_items(&mut code);
    let mut flags = Vec::new();
    for (position, text) in strings {
        // A string inside a test item was blanked with the item.
        if code.get(position) != Some(&'"') {
            continue;
        }
        let mut rest = text.as_str();
        while let Some(at) = rest.find("--") {
            let flag: String = rest[at + 2..]
                .chars()
                .take_while(|c| c.is_ascii_lowercase() || *c == '-')
                .collect();
            if flag.starts_with(|c: char| c.is_ascii_lowercase()) {
                flags.push((line_of(&code, position), format!("--{flag}")));
            }
            rest = &rest[at + 2 + flag.len()..];
        }
    }
    flags
        .into_iter()
        .filter(|(_, flag)| {
            !FLAG_EXCEPTIONS
                .iter()
                .any(|&(exempt, allowed, _)| exempt == file && allowed == flag)
        })
        .collect()
}

fn sources() -> Vec<(String, String)> {
    let root = Path::new(env!("CARGO_MANIFEST_DIR"));
    crate::support::rust_files(&root.join("src"))
        .into_iter()
        .map(|path| {
            let name = path.strip_prefix(root).unwrap().to_string_lossy();
            let name = name.replace(std::path::MAIN_SEPARATOR, "/");
            (name, std::fs::read_to_string(&path).unwrap())
        })
        .collect()
}

#[test]
fn every_module_names_only_the_layers_below_it() {
    let sources = sources();
    assert!(sources.len() > 20, "src/ read: {}", sources.len());
    let found: Vec<Violation> = sources
        .iter()
        .flat_map(|(file, source)| violations(file, source))
        .collect();
    assert!(
        found.is_empty(),
        "paths up the layers (tests/layers.rs lists them):\n{}",
        found
            .iter()
            .map(|v| format!("  {}:{}: names `{}`", v.file, v.line, v.named))
            .collect::<Vec<_>>()
            .join("\n")
    );
}

#[test]
fn every_exception_is_still_needed() {
    let sources = sources();
    for &(file, up, _) in EXCEPTIONS {
        let source = &sources.iter().find(|(name, _)| name == file).unwrap().1;
        let (mut code, _) = blank_comments_and_literals(source);
        blank_test_items(&mut code);
        let depth = module_path(file).unwrap().len();
        assert!(
            named_modules(&code, depth)
                .iter()
                .any(|(_, named)| named == up),
            "{file} no longer names `{up}`: drop its exception"
        );
    }
    for &(file, flag, _) in FLAG_EXCEPTIONS {
        let source = &sources.iter().find(|(name, _)| name == file).unwrap().1;
        assert!(
            source.contains(flag),
            "{file} no longer names `{flag}`: drop its exception"
        );
    }
}

#[test]
fn library_text_names_no_command_line_flag() {
    let found: Vec<String> = sources()
        .iter()
        .flat_map(|(file, source)| {
            named_flags(file, source)
                .into_iter()
                .map(move |(line, flag)| format!("  {file}:{line}: {flag}"))
        })
        .collect();
    assert!(
        found.is_empty(),
        "CLI flags named below the command line:\n{}",
        found.join("\n")
    );
}

#[test]
fn checker_catches_paths_up_and_ignores_the_rest() {
    let named = |file: &str, source: &str| -> Vec<String> {
        violations(file, source)
            .into_iter()
            .map(|v| format!("{}:{}", v.line, v.named))
            .collect()
    };
    assert_eq!(
        named(
            "src/syntax/bridge.rs",
            "use crate::ast::Card;\nuse crate::pipeline::Settings;"
        ),
        ["2:pipeline"]
    );
    assert_eq!(
        named(
            "src/diagnostic.rs",
            "fn f() -> usize {\n    crate :: syntax::MAX_LINE_LENGTH / 1024\n}"
        ),
        ["2:syntax"]
    );
    assert_eq!(
        named(
            "src/check.rs",
            "use crate::{\n    ast::{Card, Span},\n    render::Window,\n};"
        ),
        ["3:render"]
    );
    assert_eq!(
        named("src/render/mod.rs", "fn f() { super::pipeline::run() }"),
        ["1:pipeline"]
    );
    assert_eq!(
        named(
            "src/syntax/card.rs",
            "use super::Line;\nuse super::super::batch;"
        ),
        ["2:batch"]
    );
    assert_eq!(named("src/batch.rs", "use crate::cpu::Isa;"), ["1:cpu"]);
    // A module unknown to the table is above everything.
    assert_eq!(named("src/ast.rs", "use crate::cli::main;"), ["1:cli"]);
    assert_eq!(
        named(
            "src/ast.rs",
            "// crate::pipeline\n/* crate::render /* nested */ crate::batch */\n\
             const S: &str = \"crate::pipeline\";\nconst R: &str = r#\"crate::render\"#;\n\
             const C: char = '\"'; fn f<'a>(x: &'a u8) -> char { '{' }\n\
             pub(crate) fn g() {}\n\
             #[cfg(test)]\nmod tests {\n    use crate::generate::Generator;\n}\n\
             #[cfg(test)]\nuse crate::render::Window;\nuse crate::interpret::Outcome;"
        ),
        ["13:interpret"]
    );
    // The command line's files sit on top.
    assert!(named("src/cli/mod.rs", "use crate::cli::walk;").is_empty());
    assert!(named("src/main.rs", "mod cli;").is_empty());
    // The exception covers its file alone.
    assert!(named("src/check.rs", "use crate::interpret::whist;").is_empty());
    assert_eq!(
        named("src/syntax/mod.rs", "use crate::interpret::whist;"),
        ["1:interpret"]
    );
}

#[test]
fn flag_finder_catches_flags_in_library_text_only() {
    let source = "// --game in a comment\nconst A: &str = \"try --jobs 2\";\n\
                  const B: &str = \"a -- b, --- c\";\n#[cfg(test)]\nmod tests { const C: &str = \"--glob\"; }";
    assert_eq!(
        named_flags("src/render/mod.rs", source),
        [(2, "--jobs".to_owned())]
    );
    assert!(named_flags("src/cli/mod.rs", source).is_empty());
    assert!(named_flags("src/diagnostic.rs", "const H: &str = \"without --game\";").is_empty());
}

/// The longest function `src/syntax` may hold, in lines: the front end is
/// read as a textbook, one rule or one case at a time.
const LONGEST_SYNTAX_FUNCTION: usize = 80;

/// The functions of `source` with their first line and length in lines,
/// found by their `fn` and the braces of their body (literals and comments
/// blanked first, so that their braces do not count).
fn function_lengths(source: &str) -> Vec<(String, usize, usize)> {
    let (code, _) = blank_comments_and_literals(source);
    let ident = |c: char| c.is_alphanumeric() || c == '_';
    let mut functions = Vec::new();
    for start in 0..code.len() {
        let starts_word = start == 0 || !ident(code[start - 1]);
        if !starts_word || !code[start..].starts_with(&['f', 'n', ' ']) {
            continue;
        }
        let name: String = code[start + 3..]
            .iter()
            .take_while(|&&c| ident(c))
            .collect();
        // The body's `{`, unless a `;` ends a declaration first.
        let Some(open) = (start..code.len()).find(|&k| code[k] == '{' || code[k] == ';') else {
            continue;
        };
        if code[open] == ';' {
            continue;
        }
        let mut depth = 0;
        let mut close = open;
        for (k, &c) in code.iter().enumerate().skip(open) {
            match c {
                '{' => depth += 1,
                '}' => depth -= 1,
                _ => continue,
            }
            if depth == 0 {
                close = k;
                break;
            }
        }
        let first = line_of(&code, start);
        functions.push((name, first, line_of(&code, close) - first + 1));
    }
    functions
}

#[test]
fn no_function_in_syntax_is_longer_than_its_limit() {
    let long: Vec<String> = sources()
        .iter()
        .filter(|(file, _)| file.starts_with("src/syntax/"))
        .flat_map(|(file, source)| {
            function_lengths(source)
                .into_iter()
                .filter(|&(_, _, lines)| lines > LONGEST_SYNTAX_FUNCTION)
                .map(move |(name, line, lines)| format!("  {file}:{line}: {name}, {lines} lines"))
        })
        .collect();
    assert!(
        long.is_empty(),
        "functions over {LONGEST_SYNTAX_FUNCTION} lines:\n{}",
        long.join("\n")
    );
}

#[test]
fn function_lengths_count_from_fn_to_the_closing_brace() {
    let source = "fn a() {\n    let s = \"}\";\n}\n\ntrait T {\n    fn b(&self);\n}\nfn c() -> u8 {\n    // }\n    { 1 }\n}\n";
    assert_eq!(
        function_lengths(source),
        [("a".to_owned(), 1, 3), ("c".to_owned(), 8, 4)]
    );
}

/// The files of `syntax`, lowest first: each may name itself and the files
/// before it. The front end's own layers: the source, the trace's
/// recording, cards, the games' records, the tokens layout's fast paths,
/// the frame vocabulary, the framers, the front end's face, and the trace
/// driver on top.
const SYNTAX_LAYERS: &[&str] = &[
    // Lines and blocks, and the byte searches they use.
    "fast::newline",
    "fast::byte_masks",
    "source",
    // Recording a trace, beneath every rule.
    "traced",
    // Cards, and a card row's fast path.
    "fast::card_row",
    "card",
    // The games' records, with their fast paths.
    "fast::choker_hand",
    "fast::trump_line",
    "fast::placed",
    "bridge",
    "choker",
    "whist",
    // The tokens layout's token index, and the line framer's shortcuts.
    "fast::token_index",
    "fast::token_shape",
    "fast::framing",
    // Frames, sinks, modes, layouts, terminators, the framer's interface.
    "frame",
    // The token framer; reading a framed record, which lends the records'
    // readers its token reading of a rejected line; the line framer.
    "tokens",
    "read",
    "document",
    "strict",
    // The front end's face: records read from frames, problems told.
    "mod",
    // The trace driver.
    "trace",
];

/// Names up inside `syntax` that are allowed, each with its reason:
/// (file's module, module named, reason). There is none; the list stays so
/// that an exception, if one is ever needed, is stated where the checker
/// reads it.
const SYNTAX_EXCEPTIONS: &[(&str, &str, &str)] = &[];

/// Where a name of `syntax`'s root lives: the module its `pub use` names,
/// or `mod` for what `mod.rs` defines itself.
fn root_names(mod_rs: &str) -> Vec<(String, String)> {
    let mut names = Vec::new();
    let (code, _) = blank_comments_and_literals(mod_rs);
    let code: String = code.into_iter().collect();
    for statement in code.split(';') {
        let statement = statement.trim();
        let rest = ["pub use ", "pub(crate) use "]
            .iter()
            .find_map(|prefix| statement.strip_prefix(prefix));
        if let Some(rest) = rest
            && let Some((module, items)) = rest.split_once("::")
        {
            for item in items.trim_matches(['{', '}']).split(',') {
                let item = item.trim();
                if !item.is_empty() {
                    names.push((item.to_owned(), module.trim().to_owned()));
                }
            }
        }
        for keyword in ["fn ", "struct ", "enum ", "trait ", "const ", "type "] {
            for (at, _) in statement.match_indices(keyword) {
                let name: String = statement[at + keyword.len()..]
                    .chars()
                    .take_while(|&c| c.is_alphanumeric() || c == '_')
                    .collect();
                if !name.is_empty() {
                    names.push((name, "mod".to_owned()));
                }
            }
        }
    }
    names
}

/// The modules of `syntax` that `code` (of the module `own`) names:
/// `super::x`, `crate::syntax::x`, `super::{x, y::z}`, and from `fast`,
/// `super::super::x` and `super::x` for its siblings.
fn syntax_references(
    own: &str,
    code: &[char],
    modules: &[&str],
    names: &[(String, String)],
) -> Vec<(usize, String)> {
    let text: String = code.iter().collect();
    let in_fast = own.starts_with("fast::");
    let mut found = Vec::new();
    let resolve = |first: &str, second: Option<&str>, from_fast: bool| -> Option<String> {
        if from_fast {
            let sibling = format!("fast::{first}");
            return modules.contains(&sibling.as_str()).then_some(sibling);
        }
        if first == "fast" {
            let inner = format!("fast::{}", second?);
            return modules.contains(&inner.as_str()).then_some(inner);
        }
        if modules.contains(&first) {
            return Some(first.to_owned());
        }
        names
            .iter()
            .find(|(name, _)| name == first)
            .map(|(_, module)| module.clone())
    };
    for prefix in ["crate::syntax::", "super::super::", "super::"] {
        for (at, _) in text.match_indices(prefix) {
            let before = text[..at].chars().last().unwrap_or(' ');
            if before.is_alphanumeric() || before == '_' || before == ':' {
                continue;
            }
            let from_fast = in_fast && prefix == "super::";
            let rest = &text[at + prefix.len()..];
            if prefix == "super::" && rest.starts_with("super::") {
                continue;
            }
            let elements: Vec<String> = if let Some(group) = rest.strip_prefix('{') {
                let end = group.find('}').unwrap_or(group.len());
                group[..end]
                    .split(',')
                    .map(|e| e.trim().to_owned())
                    .collect()
            } else {
                let end = rest
                    .find(|c: char| !(c.is_alphanumeric() || c == '_' || c == ':'))
                    .unwrap_or(rest.len());
                vec![rest[..end].to_owned()]
            };
            for element in elements {
                let mut segments = element.split("::").map(str::trim);
                let Some(first) = segments.next().filter(|first| !first.is_empty()) else {
                    continue;
                };
                let second = segments.next().map(|s| s.trim_matches(['{', '}']));
                if let Some(module) = resolve(first, second, from_fast) {
                    found.push((line_of(code, at), module));
                }
            }
        }
    }
    found
}

/// The names up inside `syntax`: (file, line, module named).
fn syntax_violations() -> Vec<(String, usize, String)> {
    let root = Path::new(env!("CARGO_MANIFEST_DIR")).join("src/syntax");
    let files = crate::support::rust_files(&root);
    let module_of = |path: &Path| {
        let relative = path.strip_prefix(&root).unwrap().with_extension("");
        relative
            .to_string_lossy()
            .replace(std::path::MAIN_SEPARATOR, "::")
    };
    let names = root_names(&std::fs::read_to_string(root.join("mod.rs")).unwrap());
    let mut violations = Vec::new();
    for path in &files {
        let own = module_of(path);
        if own == "fast::mod" {
            continue;
        }
        let rank = |module: &str| SYNTAX_LAYERS.iter().position(|&layer| layer == module);
        let own_rank = rank(&own).unwrap_or_else(|| panic!("{own} has no place in SYNTAX_LAYERS"));
        let (mut code, _) = blank_comments_and_literals(&std::fs::read_to_string(path).unwrap());
        blank_test_items(&mut code);
        for (line, named) in syntax_references(&own, &code, SYNTAX_LAYERS, &names) {
            let too_high = rank(&named).is_none_or(|named_rank| named_rank > own_rank);
            let allowed = SYNTAX_EXCEPTIONS
                .iter()
                .any(|&(file, up, _)| file == own && up == named);
            if named != own && too_high && !allowed {
                violations.push((own.clone(), line, named));
            }
        }
    }
    violations
}

#[test]
fn every_file_of_syntax_names_only_the_files_below_it() {
    let violations = syntax_violations();
    assert!(
        violations.is_empty(),
        "files of syntax naming files above them:\n{violations:#?}"
    );
}

/// The checker sees each way a file names another, and resolves a name
/// of the root through `mod.rs`'s re-exports.
#[test]
fn syntax_checker_reads_paths_groups_and_re_exports() {
    let root = root_names("pub use frame::{Frame, Mode};\npub fn record() {}\n");
    let code: Vec<char> = "use super::{Frame, card::card, fast::placed::x};\n\
        let a = super::record(); let b = crate::syntax::whist::deal();\n"
        .chars()
        .collect();
    let found = syntax_references("tokens", &code, SYNTAX_LAYERS, &root);
    let named: Vec<&str> = found.iter().map(|(_, module)| module.as_str()).collect();
    assert_eq!(named, ["whist", "frame", "card", "fast::placed", "mod"]);
    let fast: Vec<char> = "use super::byte_masks::x; use super::super::card::y;"
        .chars()
        .collect();
    let found = syntax_references("fast::card_row", &fast, SYNTAX_LAYERS, &root);
    let named: Vec<&str> = found.iter().map(|(_, module)| module.as_str()).collect();
    assert_eq!(named, ["card", "fast::byte_masks"]);
}

#[test]
fn every_syntax_exception_is_still_needed() {
    let root = Path::new(env!("CARGO_MANIFEST_DIR")).join("src/syntax");
    let root_items = root_names(&std::fs::read_to_string(root.join("mod.rs")).unwrap());
    for &(file, up, _) in SYNTAX_EXCEPTIONS {
        let path = root.join(format!("{}.rs", file.replace("::", "/")));
        let (mut code, _) = blank_comments_and_literals(&std::fs::read_to_string(path).unwrap());
        blank_test_items(&mut code);
        let named = syntax_references(file, &code, SYNTAX_LAYERS, &root_items);
        assert!(
            named.iter().any(|(_, module)| module == up),
            "{file} no longer names `{up}`: drop its exception"
        );
    }
}
