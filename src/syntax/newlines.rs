//! Fast path: the line ends of a block, found 64 bytes at a time.
//!
//! What it shortcuts: `memchr::memchr_iter(b'\n', bytes)`, which [`Lines`]
//! used before and which the tests below hold it equal to. memchr is made
//! for long haystacks: each search sets up its vector loop anew, which for
//! lines of 20 to 40 bytes (a Choker hand, a row of cards) came to about 46
//! instructions a line, a tenth of a Choker pair's work. Here each 64-byte
//! chunk is compared once into a mask of its newlines (the compiler makes
//! the comparison vector instructions, on the baseline too), and each line
//! end is then the mask's lowest bit: a few instructions a line.
//!
//! [`Lines`]: super::Lines

/// The positions of the `\n` bytes of a slice, in order.
#[derive(Clone, Debug)]
pub(crate) struct Newlines<'a> {
    bytes: &'a [u8],
    /// Where the chunk of `mask` starts.
    chunk_start: usize,
    /// The newlines of the chunk not yet returned, bit `i` for byte
    /// `chunk_start + i`.
    mask: u64,
}

const CHUNK: usize = 64;

impl<'a> Newlines<'a> {
    pub(crate) fn new(bytes: &'a [u8]) -> Self {
        Self {
            bytes,
            chunk_start: 0,
            mask: newline_mask(&bytes[..bytes.len().min(CHUNK)]),
        }
    }
}

impl Iterator for Newlines<'_> {
    type Item = usize;

    #[inline(always)]
    fn next(&mut self) -> Option<usize> {
        while self.mask == 0 {
            self.chunk_start += CHUNK;
            if self.chunk_start >= self.bytes.len() {
                return None;
            }
            let end = self.bytes.len().min(self.chunk_start + CHUNK);
            self.mask = newline_mask(&self.bytes[self.chunk_start..end]);
        }
        let at = self.chunk_start + self.mask.trailing_zeros() as usize;
        // Clears the lowest set bit.
        self.mask &= self.mask - 1;
        Some(at)
    }
}

/// Bit `i` set where `chunk[i]` is `\n`; `chunk` holds at most 64 bytes.
#[inline(always)]
fn newline_mask(chunk: &[u8]) -> u64 {
    match <&[u8; CHUNK]>::try_from(chunk) {
        // A whole chunk: a fixed-size loop, which the compiler vectorises.
        Ok(whole) => whole
            .iter()
            .enumerate()
            .fold(0, |mask, (i, &byte)| mask | u64::from(byte == b'\n') << i),
        Err(_) => chunk
            .iter()
            .enumerate()
            .fold(0, |mask, (i, &byte)| mask | u64::from(byte == b'\n') << i),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use proptest::prelude::*;

    fn by_memchr(bytes: &[u8]) -> Vec<usize> {
        memchr::memchr_iter(b'\n', bytes).collect()
    }

    #[test]
    fn every_length_around_the_chunk_size_agrees_with_memchr() {
        for length in 0..=3 * CHUNK + 1 {
            for newline_every in 1..=5 {
                let bytes: Vec<u8> = (0..length)
                    .map(|i| if i % newline_every == 0 { b'\n' } else { b'x' })
                    .collect();
                assert_eq!(
                    Newlines::new(&bytes).collect::<Vec<_>>(),
                    by_memchr(&bytes),
                    "{length} {newline_every}"
                );
            }
        }
    }

    proptest! {
        #[test]
        fn the_newlines_are_memchrs(
            bytes in proptest::collection::vec(
                prop_oneof![Just(b'\n'), Just(b'\r'), any::<u8>()],
                0..400,
            )
        ) {
            prop_assert_eq!(Newlines::new(&bytes).collect::<Vec<_>>(), by_memchr(&bytes));
        }
    }
}
