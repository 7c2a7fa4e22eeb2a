//! The instruction set the hot loops run on, chosen when the program runs.
//!
//! The default build targets each architecture's baseline (SSE2 on x86-64,
//! NEON on aarch64), so a binary runs on every machine of its
//! architecture and `cargo install` needs no flags. The baseline costs
//! x86-64 dearly: without POPCNT a card set's size is a dozen shifts and
//! masks instead of one instruction, and without AVX2 a row of cards is
//! compared 16 bytes at a time instead of 32. Measured with callgrind, the
//! baseline ran 25% more instructions per bridge hand, 20% per Choker pair
//! and 50% per whist deal than a build for x86-64-v3.
//!
//! So on x86-64 the two hot loops (framing a block's lines; parsing,
//! checking and evaluating a chunk of records) are compiled twice: once for
//! the baseline, once with the x86-64-v3 features (AVX2, BMI1 and 2, FMA,
//! LZCNT, MOVBE, POPCNT; every Intel processor since Haswell, 2013, and
//! every AMD Zen), and [`Isa::detect`] picks the second where the processor
//! has them. The loops' callees are `#[inline(always)]` (all but the
//! canonical card row, which measured faster left to the compiler), so
//! that they are compiled into each copy with its instructions. Other architectures run
//! their baseline, which already counts bits in one instruction.
//!
//! This is the crate's only `unsafe`: calling a `#[target_feature]`
//! function is unsafe because a processor without those features would
//! fault on it. An [`Isa`] that names them can only be made by
//! [`Isa::detect`], after `is_x86_feature_detected!` found every one, so the
//! call is sound. The tests run both copies and compare their output.
#![allow(unsafe_code)]

/// Which compiled copy of the hot loops to run. Only [`Isa::detect`] makes
/// one that asks for more than the baseline, so holding an `Isa` is proof
/// that the processor can run it.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) struct Isa {
    x86_64_v3: bool,
}

impl Isa {
    /// The build's baseline: runs on every processor of the architecture.
    pub(crate) const BASELINE: Isa = Isa { x86_64_v3: false };

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

    /// Runs `hot_loop` compiled for this instruction set: everything it
    /// inlines is compiled into the copy chosen.
    #[inline(always)]
    pub(crate) fn run<R>(self, hot_loop: impl FnOnce() -> R) -> R {
        #[cfg(target_arch = "x86_64")]
        if self.x86_64_v3 {
            // SAFETY: `x86_64_v3` is true only in an `Isa` made by
            // `detect`, which found every feature the function enables.
            return unsafe { x86_64_v3(hot_loop) };
        }
        hot_loop()
    }
}

/// `hot_loop` compiled with the x86-64-v3 features; AVX and the SSE levels
/// below it are implied by AVX2.
#[cfg(target_arch = "x86_64")]
#[target_feature(enable = "avx2,bmi1,bmi2,fma,lzcnt,movbe,popcnt")]
fn x86_64_v3<R>(hot_loop: impl FnOnce() -> R) -> R {
    hot_loop()
}
