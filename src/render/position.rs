//! Where a byte offset is as people count: a line and a column, both from 1.
//!
//! Columns count characters (Unicode scalar values), as rustc does. So
//! `short`, `human`, `json` and an editor's "go to line:column" all land on
//! the same character. That holds for a line with a `♠` or an `é` before the
//! fault.
//!
//! A byte that is not UTF-8 counts as one column. That is how `human` shows
//! it: each such byte as one `?`. So the count does not depend on how a
//! decoder groups the bad bytes. `String::from_utf8_lossy` differs: it makes
//! one U+FFFD of a truncated sequence of up to three bytes.

/// The 1-based line and column of byte `at` of `text`, whose first line is
/// line `first_line`. Only `\n` ends a line, as for the framer. A lone `\r`
/// is a character of its line.
#[must_use]
pub(crate) fn line_column(text: &[u8], first_line: usize, at: usize) -> (usize, usize) {
    let at = at.min(text.len());
    let (before, after) = text.split_at(at);
    let newlines = memchr::memchr_iter(b'\n', before).count();
    let line_start = memchr::memrchr(b'\n', before).map_or(0, |i| i + 1);
    // The whole line, not the prefix up to `at`. Cutting a character in two
    // would turn its first bytes into invalid ones, each a column.
    let line_end = memchr::memchr(b'\n', after).map_or(text.len(), |i| at + i);
    (
        first_line + newlines,
        column(&text[line_start..line_end], at - line_start),
    )
}

/// How many columns `text` takes on its line, counted as [`line_column`]
/// counts them. That is what a line's bytes before a block or a carried
/// record add to the columns after them. ASCII, the usual case, is one
/// column a byte, and is checked a word at a time.
#[must_use]
pub(crate) fn columns(text: &[u8]) -> usize {
    if text.is_ascii() {
        text.len()
    } else {
        column(text, text.len()) - 1
    }
}

/// 1 plus the number of characters of `line` that start before byte `at`.
/// So an offset inside a character lies after it. An exclusive end that
/// cuts a `♠` still covers it.
fn column(line: &[u8], at: usize) -> usize {
    let mut column = 1;
    let mut position = 0;
    for chunk in line.utf8_chunks() {
        for (index, _) in chunk.valid().char_indices() {
            if position + index >= at {
                return column;
            }
            column += 1;
        }
        position += chunk.valid().len();
        for _ in chunk.invalid() {
            if position >= at {
                return column;
            }
            column += 1;
            position += 1;
        }
    }
    column
}

#[cfg(test)]
mod tests {
    use super::{columns as columns_taken, line_column};

    /// The column of each byte offset of the one line `text`.
    fn columns(text: &[u8]) -> Vec<usize> {
        (0..=text.len())
            .map(|at| {
                let (line, column) = line_column(text, 1, at);
                assert_eq!(line, 1);
                column
            })
            .collect()
    }

    #[test]
    fn ascii_counts_bytes() {
        assert_eq!(columns(b"AS KS"), [1, 2, 3, 4, 5, 6]);
    }

    #[test]
    fn a_multibyte_character_is_one_column() {
        // `♠` is 3 bytes, `é` 2, `中` 3, `🂡` 4. Each is one column, and an
        // offset inside one lies after it.
        for (character, width) in [("♠", 3), ("é", 2), ("中", 3), ("🂡", 4)] {
            let text = format!("K{character}X");
            let mut expected = vec![1, 2];
            expected.extend(std::iter::repeat_n(3, width));
            expected.push(4);
            assert_eq!(columns(text.as_bytes()), expected, "{character}");
        }
    }

    #[test]
    fn several_multibyte_characters_before_the_fault() {
        let text = "AS K♠ Q♠ é中🂡 ZZ".as_bytes();
        let at = text.iter().position(|&b| b == b'Z').unwrap();
        assert_eq!(line_column(text, 1, at), (1, 14));
        assert_eq!(line_column(text, 1, at + 2), (1, 16));
    }

    #[test]
    fn each_invalid_byte_is_one_column() {
        // A truncated `🂡` (3 bytes) then a lone 0xFF: four columns. A lossy
        // decoding would make two characters of them.
        let text = b"K\xE2\x99\xA0 \xF0\x9F\x82 \xFF QX";
        assert_eq!(String::from_utf8_lossy(text).chars().count(), 9);
        assert_eq!(columns(text).last(), Some(&12));
        let x = text.len() - 1;
        assert_eq!(line_column(text, 1, x), (1, 11));
        // Invalid bytes after the offset do not count.
        assert_eq!(line_column(b"QX \xFF\xFF", 1, 1), (1, 2));
    }

    #[test]
    fn lines_count_from_first_line_and_columns_restart() {
        let text = "2S 3S\nK♠ QX\r\nAS".as_bytes();
        let x = text.iter().position(|&b| b == b'X').unwrap();
        assert_eq!(line_column(text, 7, 0), (7, 1));
        assert_eq!(line_column(text, 7, 6), (8, 1));
        assert_eq!(line_column(text, 7, x), (8, 5));
        assert_eq!(line_column(text, 7, text.len()), (9, 3));
        // An offset past the text is its end.
        assert_eq!(line_column(text, 7, text.len() + 10), (9, 3));
    }

    #[test]
    fn a_lone_carriage_return_is_a_character() {
        assert_eq!(line_column(b"8H\r4H QX", 1, 7), (1, 8));
    }

    /// What a line's bytes before a block add to the columns after them. It
    /// is the column after them, less one, ASCII or not.
    #[test]
    fn the_columns_a_prefix_takes_are_the_column_after_it() {
        for text in [
            &b"AS KS"[..],
            "K♠ é中🂡 ZZ".as_bytes(),
            b"K\xE2\x99\xA0 \xF0\x9F\x82 \xFF Q",
            b"",
        ] {
            assert_eq!(columns_taken(text) + 1, line_column(text, 1, text.len()).1);
        }
    }
}
