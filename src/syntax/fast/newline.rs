//! Fast path: the end of the line that starts at a given byte.
//!
//! What it shortcuts: `memchr::memchr(b'\n', …)`, which [`Lines`] used and
//! which the tests below hold it equal to. memchr is made for long
//! haystacks, and sets up its vector loop anew for every search: about 46
//! instructions a line for the 20 to 40 bytes of a Choker hand or a row
//! of cards. Here eight bytes at a time are tested for a newline with word
//! arithmetic (the classic "has a zero byte" test on the bytes xor `\n`),
//! a few instructions a word, and memchr only reads a tail of fewer than
//! eight bytes.
//!
//! [`Lines`]: crate::syntax::Lines

const ONES: u64 = 0x0101_0101_0101_0101;
const HIGH_BITS: u64 = 0x8080_8080_8080_8080;
const NEWLINES: u64 = ONES * b'\n' as u64;

/// The position of the first `\n` in `bytes` at or after `from`.
#[inline(always)]
pub(crate) fn find_newline(bytes: &[u8], from: usize) -> Option<usize> {
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
    use super::find_newline;
    use proptest::prelude::*;

    fn by_memchr(bytes: &[u8], from: usize) -> Option<usize> {
        memchr::memchr(b'\n', &bytes[from..]).map(|offset| from + offset)
    }

    #[test]
    fn every_place_and_length_agrees_with_memchr() {
        for length in 0..40 {
            for newline in 0..=length {
                let mut bytes = vec![b'x'; length];
                if newline < length {
                    bytes[newline] = b'\n';
                }
                for from in 0..=length {
                    assert_eq!(find_newline(&bytes, from), by_memchr(&bytes, from));
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
            prop_assert_eq!(find_newline(&bytes, from), by_memchr(&bytes, from));
        }
    }
}
