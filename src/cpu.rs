//! The instruction set the hot loops run on, chosen at run time.
//!
//! The default build targets each architecture's baseline: SSE2 on x86-64, NEON
//! on aarch64. So a binary runs on every machine of its architecture, and
//! `cargo install` needs no flags. On x86-64 the baseline is costly. Without
//! POPCNT, a card set's size takes a dozen shifts and masks instead of one
//! instruction. Without AVX2, a row of cards is compared 16 bytes at a time
//! instead of 32. Under callgrind, the baseline runs 25% more instructions per
//! bridge hand than an x86-64-v3 build. It runs 20% more per Choker pair and
//! 50% more per whist deal.
//!
//! So on x86-64 the two hot loops are compiled twice. One frames a block's
//! lines; the other parses, checks and evaluates a chunk of records. One copy
//! is for the baseline. The other uses the x86-64-v3 features: AVX2, BMI1 and
//! 2, FMA, LZCNT, MOVBE and POPCNT. Every Intel processor since Haswell (2013)
//! has them, and so does every AMD Zen. [`Isa::detect`] picks that copy where
//! the processor has the features. The loops' callees are `#[inline(always)]`,
//! so each copy compiles them with its own instructions. The canonical card row
//! is the exception: it runs faster when left to the compiler. Other
//! architectures run their baseline, which already counts bits in one
//! instruction.
//!
//! The compiler misses one rewrite on its own. A class of bytes can be found by
//! one table lookup (AVX2's byte shuffle) instead of a compare per byte of the
//! class. [`Isa::table_classes`] offers that lookup, written with intrinsics,
//! where the processor has AVX2. The token index classes every byte of a block
//! with it.
//!
//! This module holds the crate's only `unsafe`: the calls of
//! `#[target_feature]` functions. They are unsafe because a processor without
//! those features would fault on them. Only [`Isa::detect`] can make an [`Isa`]
//! that names the x86-64-v3 features. It does so after
//! `is_x86_feature_detected!` finds every one, so the calls are sound. The
//! tests run both copies and compare their output.
#![allow(unsafe_code)]

/// Which compiled copy of the hot loops to run. Only [`Isa::detect`] makes one
/// that asks for more than the baseline. So holding an `Isa` proves that the
/// processor can run it.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) struct Isa {
    x86_64_v3: bool,
}

impl Isa {
    /// The build's baseline: runs on every processor of the architecture.
    pub(crate) const BASELINE: Isa = Isa { x86_64_v3: false };

    /// Every copy this processor can run, from the baseline to the best. The
    /// tests compare them.
    #[cfg(test)]
    pub(crate) fn runnable() -> Vec<Isa> {
        let best = Isa::detect();
        let mut copies = vec![Isa::BASELINE];
        if best.x86_64_v3 {
            copies.push(best);
        }
        copies
    }

    /// The best copy this processor can run.
    pub(crate) fn detect() -> Isa {
        #[cfg(target_arch = "x86_64")]
        {
            let v3 = std::arch::is_x86_feature_detected!("avx2")
                && std::arch::is_x86_feature_detected!("bmi1")
                && std::arch::is_x86_feature_detected!("bmi2")
                && std::arch::is_x86_feature_detected!("fma")
                && std::arch::is_x86_feature_detected!("lzcnt")
                && std::arch::is_x86_feature_detected!("movbe")
                && std::arch::is_x86_feature_detected!("popcnt");
            if v3 {
                Isa { x86_64_v3: true }
            } else {
                Isa::BASELINE
            }
        }
        #[cfg(not(target_arch = "x86_64"))]
        {
            Isa::BASELINE
        }
    }

    /// Runs `hot_loop` compiled for this instruction set. Everything it inlines
    /// is compiled into the chosen copy.
    #[inline(always)]
    #[cfg_attr(not(target_arch = "x86_64"), allow(clippy::unused_self))]
    pub(crate) fn run<R>(self, hot_loop: impl FnOnce() -> R) -> R {
        #[cfg(target_arch = "x86_64")]
        if self.x86_64_v3 {
            // SAFETY: `x86_64_v3` is true only in an `Isa` made by `detect`.
            // That function found every feature this one enables.
            return unsafe { x86_64_v3(hot_loop) };
        }
        hot_loop()
    }
}

impl Isa {
    /// Bit masks over the bytes of `window`. One marks each byte equal to
    /// `table`'s entry at the byte's low four bits. The others mark the bytes
    /// equal to each of `bytes`. `None` where only the baseline runs; the
    /// caller then finds the bytes by compares.
    ///
    /// With AVX2, the table lookup is one instruction for 32 bytes. The
    /// baseline's SSE2 has no such instruction. There a class of four bytes
    /// takes four compares, and the compiler does not find the rewrite. A table
    /// entry of `0x80` or more matches no byte, since the lookup gives 0 for
    /// those bytes.
    #[inline(always)]
    #[cfg_attr(not(target_arch = "x86_64"), allow(clippy::unused_self))]
    pub(crate) fn table_classes<const C: usize>(
        self,
        window: &[u8; 64],
        table: [u8; 16],
        bytes: [u8; C],
    ) -> Option<(u64, [u64; C])> {
        #[cfg(target_arch = "x86_64")]
        if self.x86_64_v3 {
            // SAFETY: as in `run`, the processor has AVX2.
            return Some(unsafe { table_classes_avx2(window, table, bytes) });
        }
        let _ = (window, table, bytes);
        None
    }
}

/// [`Isa::table_classes`] with AVX2, 32 bytes at a time.
#[cfg(target_arch = "x86_64")]
#[target_feature(enable = "avx2")]
#[inline]
fn table_classes_avx2<const C: usize>(
    window: &[u8; 64],
    table: [u8; 16],
    bytes: [u8; C],
) -> (u64, [u64; C]) {
    use std::arch::x86_64::{
        __m256i, _mm256_cmpeq_epi8, _mm256_movemask_epi8, _mm256_set1_epi8, _mm256_shuffle_epi8,
    };
    // The lanes' bits, as the 32 bits of a mask.
    #[allow(clippy::cast_sign_loss)]
    let mask = |lanes: __m256i| u64::from(_mm256_movemask_epi8(lanes) as u32);
    let halves: [__m256i; 2] = bytemuck::cast(*window);
    let table: __m256i = bytemuck::cast([table; 2]);
    // The bytes as the signed lanes take them.
    #[allow(clippy::cast_possible_wrap)]
    let bytes = bytes.map(|byte| _mm256_set1_epi8(byte as i8));
    let (mut in_table, mut are) = (0, [0; C]);
    for (half, lanes) in halves.into_iter().enumerate() {
        in_table |=
            mask(_mm256_cmpeq_epi8(_mm256_shuffle_epi8(table, lanes), lanes)) << (32 * half);
        for (mask_of, byte) in are.iter_mut().zip(bytes) {
            *mask_of |= mask(_mm256_cmpeq_epi8(lanes, byte)) << (32 * half);
        }
    }
    (in_table, are)
}

/// `hot_loop` compiled with the x86-64-v3 features. AVX2 implies AVX and the
/// SSE levels below it.
#[cfg(target_arch = "x86_64")]
#[target_feature(enable = "avx2,bmi1,bmi2,fma,lzcnt,movbe,popcnt")]
fn x86_64_v3<R>(hot_loop: impl FnOnce() -> R) -> R {
    hot_loop()
}
