//! Fast path: the end of the line that starts at a given byte.
//!
//! What it shortcuts: `memchr::memchr(b'\n', …)`, which the tests below hold it
//! equal to. [`Lines`] calls this instead. memchr is made for long haystacks.
//! It sets up its vector loop anew for every search. That costs about 46
//! instructions a line for the 20 to 40 bytes of a Choker hand or a row of
//! cards.
//!
//! On x86-64 the line is searched sixteen bytes at a time with memchr's SSE2
//! searcher. Every x86-64 processor runs it, and the compiler inlines it. On a
//! window of exactly sixteen bytes it is one compare, one movemask and a test.
//! With the loop around it, that is about a dozen instructions a window.
//! Elsewhere, and for the last bytes of a block, eight bytes at a time are
//! tested for a newline with word arithmetic. This is the classic "has a zero
//! byte" test on the bytes xor `\n`. memchr only reads a tail of fewer than
//! eight bytes. Both ways run in the tests on x86-64.
//!
//! [`Lines`]: crate::syntax::Lines

const ONES: u64 = 0x0101_0101_0101_0101;
const HIGH_BITS: u64 = ONES * 0x80;
const NEWLINES: u64 = ONES * b'\n' as u64;

/// The position of the first `\n` in `bytes` at or after `from`.
#[inline(always)]
pub(crate) fn find_newline(bytes: &[u8], from: usize) -> Option<usize> {
    #[cfg(target_arch = "x86_64")]
    {
        by_windows(bytes, from)
    }
    #[cfg(not(target_arch = "x86_64"))]
    {
        by_words(bytes, from)
    }
}

/// [`find_newline`] sixteen bytes at a time, then by words for the rest.
#[cfg(target_arch = "x86_64")]
#[inline(always)]
fn by_windows(bytes: &[u8], from: usize) -> Option<usize> {
    let searcher =
        memchr::arch::x86_64::sse2::memchr::One::new(b'\n').expect("every x86-64 has SSE2");
    let mut at = from;
    while let Some(window) = bytes.get(at..at + 16) {
        if let Some(offset) = searcher.find(window) {
            return Some(at + offset);
        }
        at += 16;
    }
    by_words(bytes, at)
}

/// [`find_newline`] eight bytes at a time, on any architecture.
#[inline(always)]
fn by_words(bytes: &[u8], from: usize) -> Option<usize> {
    let mut at = from;
    while let Some(word) = bytes.get(at..at + 8).and_then(|word| word.first_chunk()) {
        let zero_where_newline = u64::from_le_bytes(*word) ^ NEWLINES;
        // The high bit of each byte that was `\n`. A borrow can also set
        // it in a byte above a true zero, never below one, so the lowest
        // bit set is the first newline.
        let found = zero_where_newline.wrapping_sub(ONES) & !zero_where_newline & HIGH_BITS;
        if found != 0 {
            return Some(at + (found.trailing_zeros() / 8) as usize);
        }
        at += 8;
    }
    memchr::memchr(b'\n', bytes.get(at..)?).map(|offset| at + offset)
}

#[cfg(test)]
mod tests {
    use super::*;
    use proptest::prelude::*;

    fn by_memchr(bytes: &[u8], from: usize) -> Option<usize> {
        memchr::memchr(b'\n', &bytes[from..]).map(|offset| from + offset)
    }

    /// Each way this architecture has: the one [`find_newline`] takes, and the
    /// portable one.
    fn every_way(bytes: &[u8], from: usize) -> Vec<Option<usize>> {
        vec![find_newline(bytes, from), by_words(bytes, from)]
    }

    #[test]
    fn every_place_and_length_agrees_with_memchr() {
        for length in 0..72 {
            for newline in 0..=length {
                let mut bytes = vec![b'x'; length];
                if newline < length {
                    bytes[newline] = b'\n';
                }
                for from in 0..=length {
                    for found in every_way(&bytes, from) {
                        assert_eq!(found, by_memchr(&bytes, from));
                    }
                }
            }
        }
    }

    proptest! {
        #[test]
        fn the_first_newline_is_memchrs(
            bytes in proptest::collection::vec(
                prop_oneof![Just(b'\n'), Just(b'\n' ^ 1), Just(0u8), Just(0x8a), any::<u8>()],
                0..200,
            ),
            from in 0usize..200,
        ) {
            let from = from.min(bytes.len());
            for found in every_way(&bytes, from) {
                prop_assert_eq!(found, by_memchr(&bytes, from));
            }
        }
    }
}
