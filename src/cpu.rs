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
//! that they are compiled into each copy with its instructions. Other
//! architectures run their baseline, which already counts bits in one
//! instruction.
//!
//! One rewrite the compiler does not find on its own: a class of bytes
//! found by one table lookup (AVX2's byte shuffle) instead of a compare for
//! each of its bytes. [`Isa::table_classes`] offers it, written with the
//! intrinsics, where the processor has AVX2; the token index classes every
//! byte of a block with it.
//!
//! Where the processor has AVX-512 F and BW, the token index's loop over
//! a block's words runs in a third copy ([`Isa::run_wide`], called once a
//! block), whose lookup takes a word of 64 bytes at once.
//!
//! And one the processor must have AVX-512 VBMI2 for: two-byte tokens at
//! places given by a mask, gathered, looked up and written as cards at
//! once ([`pairs_at_once`]), where a loop reads them one by one. It is
//! called from both copies, and asks whether the processor has the
//! instructions itself (found once); elsewhere the caller reads one by
//! one.
//!
//! This module holds the crate's only `unsafe`: the calls of
//! `#[target_feature]` functions, unsafe because a processor without
//! those features would fault on them, and the AVX-512 loads and masked
//! stores, which take pointers. An [`Isa`] that names the x86-64-v3
//! features can only be made by [`Isa::detect`], after
//! `is_x86_feature_detected!` found every one, and [`pairs_at_once`] runs
//! its AVX-512 code only after finding its features likewise, so the
//! calls are sound; each pointer is taken from a slice that holds the
//! bytes read or the words written. The tests run both copies and
//! compare their output, and compare the rows read at once with the rows
//! read one by one.
#![allow(unsafe_code)]

/// Which compiled copy of the hot loops to run. Only [`Isa::detect`] makes
/// one that asks for more than the baseline, so holding an `Isa` is proof
/// that the processor can run it.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) struct Isa {
    x86_64_v3: bool,
    /// The x86-64-v3 features and AVX-512 F and BW, for
    /// [`Isa::run_wide`]'s copy.
    avx512_bw: bool,
}

impl Isa {
    /// The build's baseline: runs on every processor of the architecture.
    pub(crate) const BASELINE: Isa = Isa {
        x86_64_v3: false,
        avx512_bw: false,
    };

    /// Every copy this processor can run, from the baseline to the best,
    /// for the tests that compare them.
    #[cfg(test)]
    pub(crate) fn runnable() -> Vec<Isa> {
        let best = Isa::detect();
        let mut copies = vec![Isa::BASELINE];
        if best.x86_64_v3 {
            copies.push(Isa {
                avx512_bw: false,
                ..best
            });
        }
        if best.avx512_bw {
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
                Isa {
                    x86_64_v3: true,
                    avx512_bw: std::arch::is_x86_feature_detected!("avx512f")
                        && std::arch::is_x86_feature_detected!("avx512bw"),
                }
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
    #[cfg_attr(not(target_arch = "x86_64"), allow(clippy::unused_self))]
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

impl Isa {
    /// Runs `loop_of_words` compiled with AVX-512 F and BW besides the
    /// x86-64-v3 features, where the processor has them: a loop over
    /// words of 64 bytes, whose [`Isa::table_classes`] then takes a
    /// word in one register, one lookup and one compare a class, each
    /// giving its mask at once (AVX2 takes two halves, and a move and a
    /// shift to join their masks). Called once a block, not in the
    /// loop: code compiled with other features is not inlined into the
    /// hot loops' copies, and a call a word costs more than it saves.
    #[inline(always)]
    pub(crate) fn run_wide<R>(self, loop_of_words: impl FnOnce() -> R) -> R {
        #[cfg(target_arch = "x86_64")]
        if self.avx512_bw {
            // SAFETY: `avx512_bw` is true only in an `Isa` made by
            // `detect`, which found every feature the function enables.
            return unsafe { x86_64_v4(loop_of_words) };
        }
        loop_of_words()
    }

    /// For each byte of `window`, whether it is `table`'s entry at its
    /// low four bits, and whether it is each of `bytes`, as bit masks;
    /// `None` where only the baseline runs, for the caller to find them by
    /// compares. The table's lookup is one instruction for 32 bytes with
    /// AVX2 (the baseline's SSE2 has none), where a class of four bytes
    /// takes four compares: the compiler does not find that rewrite. A
    /// table entry of `0x80` or more matches no byte (the lookup gives 0
    /// for those bytes).
    #[inline(always)]
    #[cfg_attr(not(target_arch = "x86_64"), allow(clippy::unused_self))]
    pub(crate) fn table_classes<const C: usize>(
        self,
        window: &[u8; 64],
        table: [u8; 16],
        bytes: [u8; C],
    ) -> Option<(u64, [u64; C])> {
        #[cfg(target_arch = "x86_64")]
        if self.avx512_bw {
            // SAFETY: as in `run_wide`, the processor has AVX-512 BW.
            return Some(unsafe { table_classes_avx512(window, table, bytes) });
        }
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

/// Whether the processor has the AVX-512 instructions that
/// [`pairs_at_once`] runs on (Intel since Ice Lake, AMD since Zen 4),
/// and BMI2, whose `pdep` it uses:
/// 0 not yet asked, 1 no, 2 yes. Asked once, as each call then costs
/// one load and a compare: the features' own checks, or a `LazyLock`,
/// cost a processor without them some 40 instructions a row read
/// (`benches/instructions.sh` under valgrind, which has no AVX-512: a
/// reflowed whist deal 2322 to 2486).
#[cfg(target_arch = "x86_64")]
static PAIRS_AT_ONCE: std::sync::atomic::AtomicU8 = std::sync::atomic::AtomicU8::new(0);

/// [`PAIRS_AT_ONCE`], asked.
#[cfg(target_arch = "x86_64")]
#[inline(always)]
fn reads_pairs_at_once() -> bool {
    match PAIRS_AT_ONCE.load(std::sync::atomic::Ordering::Relaxed) {
        0 => detect_pairs_at_once(),
        known => known == 2,
    }
}

/// [`PAIRS_AT_ONCE`], found.
#[cfg(target_arch = "x86_64")]
#[cold]
fn detect_pairs_at_once() -> bool {
    let has = std::arch::is_x86_feature_detected!("avx512f")
        && std::arch::is_x86_feature_detected!("avx512bw")
        && std::arch::is_x86_feature_detected!("avx512vbmi")
        && std::arch::is_x86_feature_detected!("avx512vbmi2")
        // Every such processor has it, but a virtual machine may hide it.
        && std::arch::is_x86_feature_detected!("bmi2");
    PAIRS_AT_ONCE.store(1 + u8::from(has), std::sync::atomic::Ordering::Relaxed);
    has
}

/// The two-byte tokens that start at the first `words.len()` (at most
/// 16) set bits of `starts`, bit `i` for `window[i]`, each into its word:
/// `origin`, plus its place `i` shifted left by 16, plus its code, the
/// first table's entry for its first byte or'ed with the second's for its
/// second byte (and bit 7 where either byte is above 127). The mask of the
/// words whose code has bit 7 set, and the place of the last word's token
/// (found from `starts`, not read back from the words: a load from a
/// masked store waits for the store to complete, and the next row's read
/// waits on it); `None`, and nothing written, where the
/// processor lacks the instructions or more than 16 words are asked for:
/// the caller then reads the tokens one by one.
///
/// One by one, each token costs a handful of dependent operations (find
/// the next start, load its bytes, look both up, add, store): a row of
/// thirteen about a hundred instructions. With AVX-512's VBMI2 the row's
/// first bytes, second bytes and places are each gathered in one
/// instruction (`vpcompressb`), looked up in one each (`vpermi2b`), and
/// written as two stores of eight words.
#[cfg_attr(not(target_arch = "x86_64"), allow(clippy::unnecessary_wraps))]
#[inline(always)]
pub(crate) fn pairs_at_once(
    window: &[u8; 66],
    starts: u64,
    tables: (&[u8; 256], &[u8; 256]),
    origin: u64,
    words: &mut [u64],
) -> Option<(u16, usize)> {
    #[cfg(target_arch = "x86_64")]
    if (1..=16).contains(&words.len()) && reads_pairs_at_once() {
        // SAFETY: the processor has every feature the function enables.
        return Some(unsafe { pairs_at_once_avx512(window, starts, tables, origin, words) });
    }
    let _ = (window, starts, tables, origin, words);
    None
}

/// [`pairs_at_once`] with AVX-512, for 1 to 16 words.
#[cfg(target_arch = "x86_64")]
#[target_feature(enable = "avx512f,avx512bw,avx512vbmi,avx512vbmi2,bmi2")]
fn pairs_at_once_avx512(
    window: &[u8; 66],
    starts: u64,
    (firsts, seconds): (&[u8; 256], &[u8; 256]),
    origin: u64,
    words: &mut [u64],
) -> (u16, usize) {
    use std::arch::x86_64::{
        __m128i, __m512i, _mm_srli_si128, _mm512_add_epi64, _mm512_and_si512,
        _mm512_castsi512_si128, _mm512_cvtepu8_epi64, _mm512_loadu_si512, _mm512_mask_storeu_epi64,
        _mm512_maskz_compress_epi8, _mm512_movepi8_mask, _mm512_or_si512, _mm512_permutex2var_epi8,
        _mm512_set1_epi8, _mm512_set1_epi64, _mm512_slli_epi64,
    };
    /// Each byte's place in a window.
    #[allow(clippy::cast_possible_truncation)]
    static PLACES: [u8; 64] = {
        let mut places = [0; 64];
        let mut place = 0;
        while place < 64 {
            places[place] = place as u8;
            place += 1;
        }
        places
    };
    assert!((1..=16).contains(&words.len()), "1 to 16 words at once");
    let load = |bytes: &[u8]| -> __m512i {
        let bytes: &[u8; 64] = bytes.first_chunk().expect("64 bytes to load");
        // SAFETY: `bytes` holds the 64 bytes read.
        unsafe { _mm512_loadu_si512(bytes.as_ptr().cast()) }
    };
    let firsts_of = _mm512_maskz_compress_epi8(starts, load(window));
    let seconds_of = _mm512_maskz_compress_epi8(starts, load(&window[1..]));
    let places = _mm512_maskz_compress_epi8(starts, load(&PLACES));
    // The tables' first 128 entries: a byte above 127 is marked apart.
    let code = |table: &[u8; 256], bytes: __m512i| {
        _mm512_permutex2var_epi8(load(table), bytes, load(&table[64..]))
    };
    #[allow(clippy::cast_possible_wrap)]
    let high = _mm512_and_si512(
        _mm512_or_si512(firsts_of, seconds_of),
        _mm512_set1_epi8(0x80_u8 as i8),
    );
    let codes = _mm512_or_si512(
        _mm512_or_si512(code(firsts, firsts_of), code(seconds, seconds_of)),
        high,
    );
    let wanted = u16::MAX >> (16 - words.len());
    #[allow(clippy::cast_possible_truncation)]
    let marked = _mm512_movepi8_mask(codes) as u16 & wanted;
    #[allow(clippy::cast_possible_wrap)]
    let origin = _mm512_set1_epi64(origin as i64);
    let eight = |codes: __m128i, places: __m128i| {
        _mm512_add_epi64(
            origin,
            _mm512_or_si512(
                _mm512_slli_epi64::<16>(_mm512_cvtepu8_epi64(places)),
                _mm512_cvtepu8_epi64(codes),
            ),
        )
    };
    let (codes, places) = (
        _mm512_castsi512_si128(codes),
        _mm512_castsi512_si128(places),
    );
    let halves = [
        eight(codes, places),
        eight(_mm_srli_si128::<8>(codes), _mm_srli_si128::<8>(places)),
    ];
    for (half, lanes) in halves.into_iter().enumerate() {
        #[allow(clippy::cast_possible_truncation)]
        let mask = (wanted >> (8 * half)) as u8;
        if mask == 0 {
            break;
        }
        // SAFETY: only the lanes of `mask` are written, each a word of
        // `words` (`wanted` has a bit for each).
        unsafe { _mm512_mask_storeu_epi64(words.as_mut_ptr().add(8 * half).cast(), mask, lanes) };
    }
    let last = std::arch::x86_64::_pdep_u64(1 << (words.len() - 1), starts).trailing_zeros();
    (marked, last as usize)
}

/// [`Isa::table_classes`] with AVX-512 BW, the 64 bytes at once.
#[cfg(target_arch = "x86_64")]
#[target_feature(enable = "avx512f,avx512bw")]
#[inline]
fn table_classes_avx512<const C: usize>(
    window: &[u8; 64],
    table: [u8; 16],
    bytes: [u8; C],
) -> (u64, [u64; C]) {
    use std::arch::x86_64::{
        _mm512_broadcast_i32x4, _mm512_cmpeq_epi8_mask, _mm512_loadu_si512, _mm512_set1_epi8,
        _mm512_shuffle_epi8,
    };
    // SAFETY: `window` holds the 64 bytes read.
    let lanes = unsafe { _mm512_loadu_si512(window.as_ptr().cast()) };
    let table = _mm512_broadcast_i32x4(bytemuck::cast(table));
    let in_table = _mm512_cmpeq_epi8_mask(_mm512_shuffle_epi8(table, lanes), lanes);
    // The bytes as the signed lanes take them.
    #[allow(clippy::cast_possible_wrap)]
    let are = bytes.map(|byte| _mm512_cmpeq_epi8_mask(lanes, _mm512_set1_epi8(byte as i8)));
    (in_table, are)
}

/// `loop_of_words` compiled with the x86-64-v3 features and AVX-512 F and
/// BW.
#[cfg(target_arch = "x86_64")]
#[target_feature(enable = "avx2,bmi1,bmi2,fma,lzcnt,movbe,popcnt,avx512f,avx512bw")]
fn x86_64_v4<R>(loop_of_words: impl FnOnce() -> R) -> R {
    loop_of_words()
}

/// `hot_loop` compiled with the x86-64-v3 features; AVX and the SSE levels
/// below it are implied by AVX2.
#[cfg(target_arch = "x86_64")]
#[target_feature(enable = "avx2,bmi1,bmi2,fma,lzcnt,movbe,popcnt")]
fn x86_64_v3<R>(hot_loop: impl FnOnce() -> R) -> R {
    hot_loop()
}
