//! The shortcuts. Each gives the grammar's answer for the layouts nearly every
//! file uses. It takes fewer instructions or fewer mispredicted branches than
//! the nom parsers and the framer's rules. Nothing here adds to the language. A
//! reader who skips this module has read all of it.
//!
//! Each shortcut answers only where the grammar (or the framer's rules) would
//! give the same answer. It hands everything else over. A property test beside
//! each holds it to that. What the per-record path calls is
//! `#[inline(always)]`. So it is compiled into each copy of the hot loops
//! (`src/cpu.rs`). The exceptions are where the guard measured otherwise.

pub(crate) mod byte_masks;
pub(crate) mod card_row;
pub(crate) mod choker_hand;
pub(crate) mod framing;
pub(crate) mod newline;
pub(crate) mod placed;
pub(crate) mod token_index;
pub(crate) mod token_shape;
pub(crate) mod trump_line;
