//! Byte classes as bit masks. For each byte of a window, one bit says whether
//! it is one of a few given bytes. The shortcuts that find tokens
//! (`token_index`, `card_row`) build on these. A mask answers for sixteen bytes
//! in a compare and a move, where a loop would branch on every byte.
//!
//! `wide` gives the vector operations safely on every target. It uses SSE2 on
//! x86-64, which every such processor has, so the portable build uses it too.
//! It uses NEON on 64-bit ARM, and a plain loop elsewhere. Where `cpu` offers
//! AVX2, the token index's classes ([`token_classes`]) take the spaces from one
//! table lookup instead. The tests hold each mask to its definition, byte by
//! byte, on both instruction sets.

use wide::u8x16;

use crate::cpu::Isa;

/// Bit `i` set where `chunk[i]` is one of `bytes`.
#[inline(always)]
pub(crate) fn class16(chunk: [u8; 16], bytes: &[u8]) -> u16 {
    let vector = u8x16::new(chunk);
    let mut hits = u8x16::splat(0);
    for &byte in bytes {
        hits |= vector.simd_eq(u8x16::splat(byte));
    }
    // Cannot truncate: sixteen lanes make sixteen bits.
    #[allow(clippy::cast_possible_truncation)]
    let mask = hits.to_bitmask() as u16;
    mask
}

/// Bit `i` set where `chunk[i]` is above `byte`.
#[inline(always)]
pub(crate) fn above16(chunk: [u8; 16], byte: u8) -> u16 {
    // Cannot truncate: sixteen lanes make sixteen bits.
    #[allow(clippy::cast_possible_truncation)]
    let mask = u8x16::new(chunk).simd_gt(u8x16::splat(byte)).to_bitmask() as u16;
    mask
}

/// For each of `classes`, bit `i` set where `window[i]` is one of its
/// bytes.
#[inline(always)]
pub(crate) fn classes64<const C: usize>(window: &[u8; 64], classes: [&[u8]; C]) -> [u64; C] {
    let mut masks = [0; C];
    for (index, chunk) in window.chunks_exact(16).enumerate() {
        let chunk: [u8; 16] = chunk.try_into().expect("sixteen bytes");
        for (mask, bytes) in masks.iter_mut().zip(classes) {
            *mask |= u64::from(class16(chunk, bytes)) << (16 * index);
        }
    }
    masks
}

/// The bytes `grammar/tokens.ebnf` calls `space`.
pub(crate) const SPACES: &[u8] = b" \t\r\n";

/// The blanks between the tokens of a line: those of
/// `source::is_blank`.
pub(crate) const BLANKS: &[u8] = b" \t";

/// What the token index reads of 64 bytes: where the spaces, the line feeds and
/// the dashes are. The spaces come from one table lookup where `isa` has one.
#[inline(always)]
pub(crate) fn token_classes(window: &[u8; 64], isa: Isa) -> [u64; 3] {
    match isa.table_classes(window, SPACE_AT_LOW_BITS, [b'\n', b'-']) {
        Some((spaces, [newlines, dashes])) => [spaces, newlines, dashes],
        None => classes64(window, [SPACES, b"\n", b"-"]),
    }
}

/// Each space at the place of its low four bits, which differ from one space to
/// another. The other places hold `0x80`, which matches no byte.
const SPACE_AT_LOW_BITS: [u8; 16] = {
    let mut table = [0x80; 16];
    let mut at = 0;
    while at < SPACES.len() {
        let place = (SPACES[at] & 15) as usize;
        assert!(table[place] == 0x80, "two spaces share their low bits");
        table[place] = SPACES[at];
        at += 1;
    }
    table
};

#[cfg(test)]
mod tests {
    use proptest::prelude::*;

    use super::*;

    /// The mask of `bytes` in `window`, one byte at a time.
    fn by_bytes(window: &[u8], bytes: &[u8]) -> u64 {
        window
            .iter()
            .enumerate()
            .filter(|(_, byte)| bytes.contains(byte))
            .fold(0, |mask, (at, _)| mask | 1 << at)
    }

    /// Every byte value, at every place of a window, is classed as its
    /// definition says. This holds on the baseline's instructions and on this
    /// processor's best. A wrong entry of the spaces' table is a wrong mask
    /// here.
    #[test]
    fn every_byte_is_classed_as_defined_at_every_place() {
        let classes: [&[u8]; 3] = [SPACES, b"\n", b"-"];
        for byte in 0..=u8::MAX {
            for at in 0..64 {
                let mut window = [b'A'; 64];
                window[at] = byte;
                let expected = classes.map(|bytes| by_bytes(&window, bytes));
                for isa in Isa::runnable() {
                    assert_eq!(
                        token_classes(&window, isa),
                        expected,
                        "{byte:#04x} at {at}, {isa:?}"
                    );
                }
            }
        }
    }

    proptest! {
        #[test]
        fn masks_are_their_definition(
            window in prop::collection::vec(
                prop::sample::select(vec![b' ', b'\t', b'\r', b'\n', b'-', b'A', b'S', 0, 0x80, 0xFF, 0x20 | 0x80]),
                64,
            ),
        ) {
            let window: [u8; 64] = window.try_into().unwrap();
            let classes: [&[u8]; 3] = [b" \t\r\n", b"\n", b"-"];
            let masks = classes64(&window, classes);
            for (mask, bytes) in masks.iter().zip(classes) {
                prop_assert_eq!(*mask, by_bytes(&window, bytes));
            }
            // On every instruction set this processor has.
            for isa in Isa::runnable() {
                prop_assert_eq!(token_classes(&window, isa), masks);
            }
            let chunk: [u8; 16] = window[16..32].try_into().unwrap();
            prop_assert_eq!(u64::from(class16(chunk, b" \t")), by_bytes(&chunk, b" \t"));
            let above: Vec<u8> = (b' ' + 1..=u8::MAX).collect();
            prop_assert_eq!(u64::from(above16(chunk, b' ')), by_bytes(&chunk, &above));
        }
    }
}
