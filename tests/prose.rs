//! Prose a reader can follow: the comments of `src` say why in short
//! sentences, and ARCHITECTURE.md's rows are short enough to read in one
//! breath.
//!
//! A comment block is a run of comment lines (`//`, `///`, `//!`); a
//! blank comment line, a list item (`- `, `* `, `1. `) or a code fence
//! starts another, and the code inside a fence is no prose. A sentence
//! ends at `.`, `!` or `?` before a blank, or at the end of its block.

/// The longest a sentence may be, and the most its sentences may average.
const LONGEST_SENTENCE: usize = 60;
const AVERAGE_SENTENCE: f64 = 15.0;
const LONGEST_ROW: usize = 60;

/// The sentences of a comment block, each with the block's first line.
fn flush<'a>(block: &mut Vec<&'a str>, start: usize, found: &mut Vec<(usize, Vec<&'a str>)>) {
    let mut words = Vec::new();
    for word in block.iter().flat_map(|line| line.split_whitespace()) {
        words.push(word);
        if word.ends_with(['.', '!', '?']) {
            found.push((start, std::mem::take(&mut words)));
        }
    }
    if !words.is_empty() {
        found.push((start, words));
    }
    block.clear();
}

/// Each comment sentence of `text`: the line its block starts on, and its
/// words.
fn sentences(text: &str) -> Vec<(usize, Vec<&str>)> {
    let mut found = Vec::new();
    let mut block: Vec<&str> = Vec::new();
    let mut start = 0;
    let mut fence = false;
    for (index, line) in text.lines().enumerate() {
        let trimmed = line.trim_start();
        let Some(comment) = trimmed.strip_prefix("//") else {
            flush(&mut block, start, &mut found);
            continue;
        };
        let comment = comment.strip_prefix(['/', '!']).unwrap_or(comment).trim();
        if comment.starts_with("```") {
            fence = !fence;
            flush(&mut block, start, &mut found);
            continue;
        }
        if fence {
            continue;
        }
        if comment.is_empty() {
            flush(&mut block, start, &mut found);
            continue;
        }
        let item = comment.starts_with("- ")
            || comment.starts_with("* ")
            || comment
                .split_once(". ")
                .is_some_and(|(number, _)| number.chars().all(|c| c.is_ascii_digit()));
        if item {
            flush(&mut block, start, &mut found);
        }
        if block.is_empty() {
            start = index + 1;
        }
        block.push(comment);
    }
    flush(&mut block, start, &mut found);
    found
}

#[test]
fn comment_sentences_are_short() {
    let files = crate::support::rust_files(&crate::support::root().join("src"));
    let (mut words, mut count) = (0_u32, 0_u32);
    let mut too_long = Vec::new();
    for file in &files {
        let text = std::fs::read_to_string(file).unwrap();
        for (line, sentence) in sentences(&text) {
            words += u32::try_from(sentence.len()).unwrap();
            count += 1;
            if sentence.len() > LONGEST_SENTENCE {
                too_long.push(format!(
                    "{}:{line}: {} words",
                    file.display(),
                    sentence.len()
                ));
            }
        }
    }
    assert!(
        too_long.is_empty(),
        "sentences too long:\n{}",
        too_long.join("\n")
    );
    let average = f64::from(words) / f64::from(count);
    assert!(
        average <= AVERAGE_SENTENCE,
        "{count} comment sentences average {average:.2} words"
    );
}

#[test]
fn the_counting_splits_blocks_items_and_fences() {
    let text = "/// One two three. Four five\n/// six.\n///\n/// - Seven eight\n/// ```\n/// let nine = 9;\n/// ```\n// Ten!\nfn f() {}\n//! Eleven\n";
    let found: Vec<(usize, usize)> = sentences(text)
        .into_iter()
        .map(|(line, words)| (line, words.len()))
        .collect();
    assert_eq!(found, [(1, 3), (1, 3), (4, 3), (8, 1), (10, 1)]);
}

#[test]
fn architecture_rows_are_short() {
    let text = std::fs::read_to_string(crate::support::root().join("ARCHITECTURE.md")).unwrap();
    for row in text.lines().filter(|line| line.starts_with("| `")) {
        let words = row
            .split('|')
            .map(|cell| cell.split_whitespace().count())
            .sum::<usize>();
        assert!(words <= LONGEST_ROW, "{words} words: {row}");
    }
}
