//! The token framer's shortcut for a run of Choker hands: each token read
//! straight from the block's bytes, 32 at a time as bit masks, where the
//! token index would first write the masks of every 64 bytes and then
//! read them back.
//!
//! What it shortcuts: the grammar's `spaces , token`, for a block that
//! holds no control byte, so that every byte up to the space is one of
//! the grammar's spaces. One window from a token's first byte nearly
//! always holds the token (a hand is 12 to 31 bytes), the spaces after it
//! and the next token's first byte: the token's end, the next start and
//! the line feeds between are then a few operations on two masks. Where
//! the window does not hold them (a longer token, a long run of spaces,
//! the block's last bytes), it says so, and the framer reads on through
//! the index.
//!
//! Held equal to the grammar's `tokens` rule by the property tests below;
//! the framer that uses it, to the framer fed line by line, by the
//! property test in `syntax::tokens`.

use super::byte_masks::{above16, class16};

/// The bytes a token is read from at once.
const WINDOW: usize = 32;

/// The token at a start: its bytes, and where the next one starts, with
/// the line feeds before it, when the window holds that.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) struct Scanned<'a> {
    pub(crate) text: &'a [u8],
    pub(crate) next: Option<NextStart>,
}

/// Where a token starts, and how many line feeds lie between the place
/// looked from and it.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) struct NextStart {
    pub(crate) start: usize,
    pub(crate) newlines: usize,
}

/// The masks of the 32 bytes from `at`: the bytes above the space (the
/// tokens' bytes, in a block without control bytes), and the line feeds.
/// `None` where fewer than 32 bytes are left.
#[inline(always)]
fn window(bytes: &[u8], at: usize) -> Option<(&[u8; WINDOW], u32, u32)> {
    let window: &[u8; WINDOW] = bytes.get(at..)?.first_chunk()?;
    let (low, high) = window.split_at(16);
    let low: [u8; 16] = low.try_into().expect("sixteen bytes");
    let high: [u8; 16] = high.try_into().expect("sixteen bytes");
    let above = u32::from(above16(low, b' ')) | u32::from(above16(high, b' ')) << 16;
    let newlines = u32::from(class16(low, b"\n")) | u32::from(class16(high, b"\n")) << 16;
    Some((window, above, newlines))
}

/// The first token at or after `from` (no token's byte but its first),
/// in a block without control bytes, where the bytes from `from` to 32
/// past it are there: window after window, so that a long run of spaces
/// (blank lines) does not stop the scan.
#[inline(always)]
pub(crate) fn first_start(bytes: &[u8], mut from: usize) -> Option<NextStart> {
    let mut newlines_before = 0;
    loop {
        let (_, above, newlines) = window(bytes, from)?;
        if above != 0 {
            let found = start_in(from, above, newlines);
            return Some(NextStart {
                start: found.start,
                newlines: newlines_before + found.newlines,
            });
        }
        newlines_before += newlines.count_ones() as usize;
        from += WINDOW;
    }
}

/// The token starting at `start`, in a block without control bytes, where
/// it ends within the 32 bytes from `start`.
#[inline(always)]
pub(crate) fn token_at(bytes: &[u8], start: usize) -> Option<Scanned<'_>> {
    let (window, above, newlines) = window(bytes, start)?;
    let len = (!above).trailing_zeros() as usize;
    if len == WINDOW {
        return None;
    }
    // The token holds no line feed: the ones before the next start are
    // the spaces' after it.
    let after = above & (u32::MAX << len);
    Some(Scanned {
        text: &window[..len],
        next: (after != 0).then(|| start_in(start, after, newlines)),
    })
}

/// The lowest bit of `starts` (not 0) as a start in a window from `at`,
/// with the line feeds below it.
#[inline(always)]
fn start_in(at: usize, starts: u32, newlines: u32) -> NextStart {
    let bit = starts.trailing_zeros();
    NextStart {
        start: at + bit as usize,
        newlines: (newlines & !(u32::MAX << bit)).count_ones() as usize,
    }
}

#[cfg(test)]
mod tests {
    use proptest::prelude::*;

    use super::*;
    use crate::syntax::tokens::{spaced, tokens};

    /// A block of tokens and spaces without control bytes: Choker hands,
    /// short tokens and long ones, spaces of every kind, short and long.
    fn block() -> impl Strategy<Value = Vec<u8>> {
        let token = prop::sample::select(vec![
            "Joe-ASKSQSJSTS",
            "Clucky-1G2G3G4G5G",
            "A-1S2S3S4S5S",
            "END",
            "#",
            "KS",
            "AbCdEfGhIjKlMnOpQrSt-CCCDCSCG1S",
            "a-very-long-token-of-more-than-thirty-two-bytes",
            "\u{e9}t\u{e9}-ASKSQSJSTS",
        ]);
        let space = prop::sample::select(vec![
            " ",
            " ",
            "\n",
            "\t",
            "\r\n",
            "  \n\n  ",
            "\n\n\n\n\n\n\n\n\n\n\n\n\n\n\n\n\n\n\n\n",
            "                                        ",
            "\n\n\n\n\n\n\n\n\n\n\n\n\n\n\n\n\n\n\n\n\n\n\n\n\n\n\n\n\n\n\n\n\n\n\n\n\n\n\n\n",
            " \n \n \n \n \n \n \n \n \n \n \n \n \n \n \n \n \n \n \n \n \n \n \n \n",
        ]);
        prop::collection::vec((token, space), 0..40).prop_map(|pieces| spaced(&pieces))
    }

    /// Where each token of `bytes` starts and ends, by the grammar, and
    /// each start's line feeds before it.
    fn by_grammar(bytes: &[u8]) -> Vec<(usize, usize, usize)> {
        let (_, read) = tokens(bytes).unwrap();
        read.iter()
            .map(|token| {
                let start = token.as_ptr() as usize - bytes.as_ptr() as usize;
                let newlines = memchr::memchr_iter(b'\n', &bytes[..start]).count();
                (start, start + token.len(), newlines)
            })
            .collect()
    }

    proptest! {
        /// From every token's start, the token read is the grammar's, and
        /// the next start, where given, is the grammar's next token's,
        /// with the line feeds between; a token is refused only where
        /// the window does not hold it.
        #[test]
        fn a_token_scanned_is_the_grammars(bytes in block()) {
            let tokens = by_grammar(&bytes);
            for (at, &(start, end, newlines)) in tokens.iter().enumerate() {
                let Some(scanned) = token_at(&bytes, start) else {
                    prop_assert!(end - start >= WINDOW || start + WINDOW > bytes.len());
                    continue;
                };
                prop_assert_eq!(scanned.text, &bytes[start..end]);
                match (scanned.next, tokens.get(at + 1)) {
                    (Some(next), Some(&(next_start, _, next_newlines))) => {
                        prop_assert_eq!(next.start, next_start);
                        prop_assert_eq!(next.newlines, next_newlines - newlines);
                    }
                    (Some(next), None) => prop_assert!(false, "a start at {} after the last token", next.start),
                    (None, next) => prop_assert!(next.is_none_or(|&(next_start, _, _)| next_start >= start + WINDOW)),
                }
            }
        }

        /// From anywhere outside a token, the first start found is the
        /// grammar's next token's, with the line feeds before it; none is
        /// found only where the window does not hold it.
        #[test]
        fn a_first_start_is_the_grammars_next_token(bytes in block(), from in any::<prop::sample::Index>()) {
            let from = from.index(bytes.len() + 1);
            prop_assume!(from == 0 || bytes[from - 1] <= b' ');
            let newlines_before = memchr::memchr_iter(b'\n', &bytes[..from]).count();
            let next = by_grammar(&bytes).into_iter().find(|&(start, _, _)| start >= from);
            match (first_start(&bytes, from), next) {
                (Some(found), Some((start, _, newlines))) => {
                    prop_assert_eq!(found.start, start);
                    prop_assert_eq!(found.newlines, newlines - newlines_before);
                }
                (Some(found), None) => prop_assert!(false, "a start at {} after the last token", found.start),
                (None, next) => prop_assert!(
                    next.is_none_or(|(start, _, _)| start + WINDOW > bytes.len())
                ),
            }
        }
    }
}
