//! Every code cardsharp reports, as a rule: what it means in general and
//! how such a mistake is mended. A diagnostic words one instance (this
//! card, this line); a rule words them all, for the reports that list the
//! rules beside the results (SARIF) and for people looking a code up.
//!
//! Each code of a game or of the document has its example in
//! `examples/malformed/`, named after the code; the tests hold the two
//! lists equal.

use super::Severity;

/// One code and what it means.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Rule {
    /// The stable code, `cardsharp::<scope>::<name>`.
    pub code: &'static str,
    /// How grave a report of this code is.
    pub severity: Severity,
    /// One sentence: what the code reports.
    pub summary: &'static str,
    /// How to mend it, in general.
    pub help: &'static str,
}

impl Rule {
    /// The file of `examples/malformed/` that shows this code, as a path
    /// from the repository's root: every code of a game or of the
    /// document has one; the codes of paths (`cardsharp::io::*`), of
    /// answers and of a judged program's output none.
    #[must_use]
    pub fn example(&self) -> Option<String> {
        let (scope, name) = self.code.strip_prefix("cardsharp::")?.split_once("::")?;
        (!matches!(scope, "io" | "answer" | "judge"))
            .then(|| format!("examples/malformed/{scope}.{name}.txt"))
    }
}

/// The rule of `code`, if it is one of cardsharp's.
#[must_use]
pub fn rule(code: &str) -> Option<(usize, &'static Rule)> {
    let index = RULES.binary_search_by(|rule| rule.code.cmp(code)).ok()?;
    Some((index, &RULES[index]))
}

/// Every rule, sorted by code.
pub const RULES: &[Rule] = &[
    error(
        "cardsharp::answer::extra_line",
        "A line of an answer file past its input's last record.",
        "Remove the line, or add its record to the input.",
    ),
    error(
        "cardsharp::answer::missing_line",
        "An answer file that ends before its input's last record.",
        "Add the record's result: `cardsharp run` writes every line.",
    ),
    warning(
        "cardsharp::answer::no_answer",
        "A test input (`NAME.in`) without an answer beside it.",
        "Write the answer with `cardsharp run`.",
    ),
    error(
        "cardsharp::answer::no_input",
        "An answer file (`NAME.ans` or `NAME.out`) without its `NAME.in` beside it.",
        "Add the input, or remove the answer.",
    ),
    error(
        "cardsharp::answer::wrong_line",
        "A line of an answer file that is not what its record gives.",
        "Write the result the record gives; the report's help explains it.",
    ),
    error(
        "cardsharp::bridge::bad_rank",
        "A card's rank is not a bridge rank.",
        "A card is a rank (2-9 T J Q K A) followed by a suit (S H D C); the ten is `T`.",
    ),
    error(
        "cardsharp::bridge::bad_suit",
        "A card's suit is not a bridge suit.",
        "The suits are S H D C, written after the rank: `KH`.",
    ),
    error(
        "cardsharp::bridge::card_count",
        "A line of a bridge section without exactly 13 cards.",
        "A bridge hand is one line of 13 cards: add the missing cards, remove the extra ones, or put each hand on its own line.",
    ),
    error(
        "cardsharp::bridge::comma_separated",
        "Cards separated by commas.",
        "Separate the cards with spaces: `KS QS TH`.",
    ),
    error(
        "cardsharp::bridge::comment_line",
        "A comment line: card files have no comments.",
        "Remove the line.",
    ),
    error(
        "cardsharp::bridge::duplicate_card",
        "A card that stands twice in one hand.",
        "Each card of the deck exists once: one of the two copies is mistyped.",
    ),
    error(
        "cardsharp::bridge::glued_cards",
        "Cards written without a space between them.",
        "Put a space between the cards: `KS QS`, not `KSQS`.",
    ),
    error(
        "cardsharp::bridge::invalid_utf8",
        "Bytes that are not UTF-8 in a bridge hand.",
        "Save the file as UTF-8 (or ASCII).",
    ),
    error(
        "cardsharp::bridge::look_alike",
        "A Unicode character where an ASCII one belongs: a suit symbol, a typographic dash, a no-break space.",
        "Write the ASCII character: `S` for `♠`, a plain space for a no-break space.",
    ),
    error(
        "cardsharp::bridge::lowercase_card",
        "A card written in lowercase.",
        "Cards are written in capitals: `KH`, not `kh`.",
    ),
    error(
        "cardsharp::bridge::not_a_card",
        "A token that is not a card.",
        "A card is a rank (2-9 T J Q K A) followed by a suit (S H D C).",
    ),
    error(
        "cardsharp::bridge::numbered_line",
        "A line of cards numbered in front.",
        "Remove the number: a line holds the cards alone.",
    ),
    error(
        "cardsharp::bridge::records_on_one_line",
        "Whole records on one line, as the judges' token layout may write them.",
        "Read the file with `--layout tokens`, or rewrite it one record a line with `cardsharp fmt --layout tokens`.",
    ),
    error(
        "cardsharp::bridge::section_card_count",
        "In the tokens layout, a bridge section whose cards are not a multiple of 13: its last hand is short.",
        "Add the missing cards of the last hand, or remove it.",
    ),
    error(
        "cardsharp::bridge::swapped_cards",
        "Every card of a line written suit first.",
        "A card is its rank, then its suit: `KS`, not `SK`.",
    ),
    error(
        "cardsharp::bridge::ten_as_digits",
        "The ten written as `10`.",
        "Write the ten as `T`: `TH`, not `10H`.",
    ),
    error(
        "cardsharp::bridge::unrecognised_line",
        "A line of a bridge section that holds no card.",
        "Each line of a bridge section is a hand of 13 cards: correct the line or remove it.",
    ),
    error(
        "cardsharp::choker::bad_rank",
        "A card's rank is not a Choker rank.",
        "A card is a rank (1-9 T J Q K C) followed by a suit (S G D C); Choker has no ace, its highest rank is the Chicken, `C`.",
    ),
    error(
        "cardsharp::choker::bad_suit",
        "A card's suit is not a Choker suit.",
        "The suits are S G D C (G for giblets), written after the rank; Choker has no hearts.",
    ),
    error(
        "cardsharp::choker::card_count",
        "A Choker hand without exactly ten card characters (five cards) after its dash.",
        "A hand is a name, a dash and five cards written without spaces: `Joey-1C3S2G5D4D`.",
    ),
    error(
        "cardsharp::choker::duplicate_card",
        "A card that stands twice in one hand.",
        "Each card of the deck exists once: one of the two copies is mistyped.",
    ),
    error(
        "cardsharp::choker::invalid_utf8",
        "Bytes that are not UTF-8 in a Choker hand.",
        "Save the file as UTF-8 (or ASCII).",
    ),
    error(
        "cardsharp::choker::look_alike",
        "A Unicode character where an ASCII one belongs: a suit symbol, a typographic dash, a no-break space.",
        "Write the ASCII character: `-` for `–`, `S` for `♠`.",
    ),
    error(
        "cardsharp::choker::lowercase_card",
        "A card written in lowercase.",
        "Cards are written in capitals: `KG`, not `kg`.",
    ),
    error(
        "cardsharp::choker::missing_dash",
        "A Choker hand with no dash between its name and its cards.",
        "Write the name, a dash, then the five cards: `Joey-1C3S2G5D4D`.",
    ),
    error(
        "cardsharp::choker::missing_terminator",
        "A Choker section not closed by a line `END`.",
        "End the section with a line `END`.",
    ),
    error(
        "cardsharp::choker::name_character",
        "A chicken's name holding a character other than a letter.",
        "Names are 1 to 20 letters A-Z or a-z.",
    ),
    error(
        "cardsharp::choker::name_empty",
        "A Choker hand with no name before its dash.",
        "Write the chicken's name before the dash: `Joey-1C3S2G5D4D`.",
    ),
    error(
        "cardsharp::choker::name_too_long",
        "A chicken's name of more than 20 letters.",
        "Shorten the name to at most 20 letters.",
    ),
    error(
        "cardsharp::choker::records_on_one_line",
        "Whole Choker pairs on one line, as the judges' token layout may write them.",
        "Read the file with `--layout tokens`, or rewrite it one hand a line with `cardsharp fmt --layout tokens`.",
    ),
    error(
        "cardsharp::choker::shared_card",
        "A card in both hands of a pair, which come from one deck.",
        "Each card of the deck exists once: one of the two copies is mistyped.",
    ),
    error(
        "cardsharp::choker::ten_as_digits",
        "The ten written as `10`.",
        "Write the ten as `T`: `TS`, not `10S`.",
    ),
    error(
        "cardsharp::choker::unpaired_hand",
        "A Choker hand with no opponent: its section holds an odd number of hands.",
        "Hands are compared in pairs: add the missing hand or remove the extra one.",
    ),
    error(
        "cardsharp::choker::unrecognised_line",
        "A line of a Choker section that is no hand.",
        "Write a hand as a name, a dash and five cards: `Joey-1C3S2G5D4D`.",
    ),
    warning(
        "cardsharp::document::after_terminator",
        "Text after the terminator of an input read as one game: it is ignored.",
        "Remove the text, or let each section's game be recognised, so that it is read as further sections.",
    ),
    error(
        "cardsharp::document::binary_input",
        "A NUL byte: the input is binary, not text, and nothing after the byte is read.",
        "Check the path: cardsharp reads text files of hands.",
    ),
    error(
        "cardsharp::document::blank_line",
        "Strict: a blank line, or a run of them.",
        "Remove it: the statement's input has no blank line. The strict check's fix does this.",
    ),
    error(
        "cardsharp::document::blanks_at_line_edge",
        "Strict: blanks at the start or the end of a line.",
        "Remove them: a line starts and ends with a token. The strict check's fix does this.",
    ),
    error(
        "cardsharp::document::blanks_between_tokens",
        "Strict: tokens separated by other than one space, or blanks inside a Choker hand.",
        "Separate cards by one space; write a Choker hand without blanks. The strict check's fix does this.",
    ),
    error(
        "cardsharp::document::byte_order_mark",
        "Strict: a UTF-8 byte-order mark before the first line.",
        "Remove it: the input is plain ASCII. The strict check's fix does this.",
    ),
    error(
        "cardsharp::document::crlf_line_ends",
        "Strict: lines that end with CR LF; one report for the input.",
        "End every line with LF alone. The strict check's fix does this.",
    ),
    error(
        "cardsharp::document::invalid_utf8",
        "Bytes that are not UTF-8.",
        "Save the file as UTF-8 (or ASCII).",
    ),
    error(
        "cardsharp::document::line_too_long",
        "A line longer than 64 KiB, longer than any record can be.",
        "Are the line endings missing? Each record is its own line.",
    ),
    error(
        "cardsharp::document::mixed_games",
        "Strict: a record of another game than the input's first record.",
        "A test input holds one game: move the records of the other game to a file of their own.",
    ),
    error(
        "cardsharp::document::no_final_newline",
        "Strict: the last line has no line end.",
        "End the last line with LF. The strict check's fix does this.",
    ),
    error(
        "cardsharp::document::no_record",
        "Strict: the input holds no record.",
        "A test input holds at least one record.",
    ),
    error(
        "cardsharp::document::stray_terminator",
        "A terminator (`END` or `#`) with no section open to close.",
        "Remove the line.",
    ),
    error(
        "cardsharp::document::unrecognised_section",
        "A line that opens no section a game is recognised by.",
        "A section opens with a trump suit letter (whist), `name-cards` (Choker) or a line of cards (bridge).",
    ),
    error(
        "cardsharp::document::wrong_terminator",
        "A line that means to close the open section but is not its terminator.",
        "Choker sections end with `END`, whist sections with `#`, each in capitals and alone on its line.",
    ),
    warning(
        "cardsharp::io::no_files",
        "A directory with no file to read.",
        "Check the path, and the patterns that choose the files of a walk.",
    ),
    error(
        "cardsharp::io::not_found",
        "A path that does not exist.",
        "Check the path.",
    ),
    error(
        "cardsharp::io::read",
        "A file or directory that could not be opened or read.",
        "Check its permissions, and that the path names a file or a directory.",
    ),
    warning(
        "cardsharp::io::skipped",
        "An entry met in a directory that is no regular file (a FIFO, a socket, a device): skipped, as reading one may never end.",
        "Name it on the command line to read it.",
    ),
    error(
        "cardsharp::judge::failing_record",
        "A record on which the program judged prints what the record does not give (`cardsharp judge`).",
        "Mend the program; the report's help explains the expected line.",
    ),
    error(
        "cardsharp::whist::bad_rank",
        "A card's rank is not a whist rank.",
        "A card is a rank (2-9 T J Q K A) followed by a suit (S H D C); the ten is `T`.",
    ),
    error(
        "cardsharp::whist::bad_suit",
        "A card's suit is not a whist suit.",
        "The suits are S H D C, written after the rank: `KH`.",
    ),
    error(
        "cardsharp::whist::card_count",
        "A line of a whist deal without exactly 13 cards.",
        "A deal is a trump line and four lines of 13 cards, one line a player.",
    ),
    error(
        "cardsharp::whist::deal_cut_short",
        "A whist deal with fewer than its five lines (in the tokens layout, fewer than its trump and 52 cards).",
        "Add the missing lines: a deal is a trump line and four lines of 13 cards.",
    ),
    error(
        "cardsharp::whist::duplicate_card",
        "A card dealt twice: a deal is 52 distinct cards.",
        "Each card of the deck exists once: one of the two copies is mistyped.",
    ),
    error(
        "cardsharp::whist::glued_cards",
        "Cards written without a space between them.",
        "Put a space between the cards: `KS QS`, not `KSQS`.",
    ),
    error(
        "cardsharp::whist::invalid_utf8",
        "Bytes that are not UTF-8 in a whist deal.",
        "Save the file as UTF-8 (or ASCII).",
    ),
    error(
        "cardsharp::whist::look_alike",
        "A Unicode character where an ASCII one belongs: a suit symbol, a typographic dash, a no-break space.",
        "Write the ASCII character: `H` for `♥`, a plain space for a no-break space.",
    ),
    error(
        "cardsharp::whist::lowercase_card",
        "A card written in lowercase.",
        "Cards are written in capitals: `KH`, not `kh`.",
    ),
    error(
        "cardsharp::whist::missing_terminator",
        "A whist section not closed by a line `#`.",
        "End the section with a line `#`.",
    ),
    error(
        "cardsharp::whist::missing_trump_line",
        "Lines of cards where a deal's trump line belongs (in the tokens layout, a card where its trump belongs): a deal without its trump suit.",
        "Write the deal's trump suit (one of S H D C) alone on the line before its cards.",
    ),
    error(
        "cardsharp::whist::not_a_card",
        "A token that is not a card.",
        "A card is a rank (2-9 T J Q K A) followed by a suit (S H D C).",
    ),
    error(
        "cardsharp::whist::records_on_one_line",
        "Whole whist deals on one line, as the judges' token layout may write them.",
        "Read the file with `--layout tokens`, or rewrite it one line a trump and one a player with `cardsharp fmt --layout tokens`.",
    ),
    error(
        "cardsharp::whist::revoke",
        "A play that does not follow the suit led while the player still holds that suit.",
        "A player must follow the suit led when able: check the order of the cards on the players' lines.",
    ),
    error(
        "cardsharp::whist::ten_as_digits",
        "The ten written as `10`.",
        "Write the ten as `T`: `TH`, not `10H`.",
    ),
    error(
        "cardsharp::whist::trump_line",
        "The first line of a whist deal is not one suit letter.",
        "A deal starts with its trump suit alone on a line: one of S H D C.",
    ),
    error(
        "cardsharp::whist::unrecognised_line",
        "A line of a whist deal that holds no card.",
        "A deal is a trump line and four lines of 13 cards: correct the line or remove it.",
    ),
];

const fn error(code: &'static str, summary: &'static str, help: &'static str) -> Rule {
    Rule {
        code,
        severity: Severity::Error,
        summary,
        help,
    }
}

const fn warning(code: &'static str, summary: &'static str, help: &'static str) -> Rule {
    Rule {
        code,
        severity: Severity::Warning,
        summary,
        help,
    }
}

#[cfg(test)]
mod tests {
    use super::{RULES, rule};

    #[test]
    fn rules_are_sorted_by_code_and_found_by_it() {
        assert!(RULES.windows(2).all(|pair| pair[0].code < pair[1].code));
        for (index, expected) in RULES.iter().enumerate() {
            assert_eq!(rule(expected.code), Some((index, expected)));
        }
        assert_eq!(rule("cardsharp::bridge::no_such_code"), None);
    }

    #[test]
    fn only_the_codes_of_paths_have_no_example() {
        for rule in RULES {
            assert_eq!(
                rule.example().is_none(),
                rule.code.starts_with("cardsharp::io::")
                    || rule.code.starts_with("cardsharp::answer::")
                    || rule.code.starts_with("cardsharp::judge::"),
                "{}",
                rule.code
            );
        }
    }
}
