//! The stages joined: read an input in blocks, frame its lines into
//! records, and for each record parse, check, evaluate and render.
//!
//! Framing is sequential and cheap. It runs beside the work on the records of
//! the block before. That work takes one record at a time, on all threads of
//! the pool, in chunks. The chunks' outputs are written in input order. Two
//! blocks (the one framed, the one processed) and two blocks' outputs are in
//! memory at once. So memory does not grow with the input.

use std::fmt::Write as _;
use std::io::{self, IoSlice, Read, Write};

use rayon::prelude::*;

use crate::ast::{BridgeHand, Card, ChokerPair, Game, Record, Span, WhistDeal};
use crate::check;
use crate::cpu::Isa;
use crate::diagnostic::{Diagnostic, Severity};
use crate::interpret::{Evaluate, Outcome};
use crate::render::present::Present;
use crate::render::{self, DiagnosticFormat, Window, position};
use crate::syntax::FrameSink;
use crate::syntax::read::records_on_one_line;
use crate::syntax::tokens::read_line_ends_as_blanks;
use crate::syntax::{
    BYTE_ORDER_MARK, Block, CardsRead, Frame, Framer, Framing, Layout, Line, LineRef,
    MAX_LINE_LENGTH, Mode, PlacedRow, SHOWN_OF_OVERLONG_LINE, StrictFramer, TokenFramer, bridge,
    choker, whist,
};

/// What to do with each record, and how to write what comes of it.
#[derive(Clone, Copy, Debug)]
pub struct Settings {
    pub mode: Mode,
    pub layout: Layout,
    pub action: Action,
    pub output: OutputFormat,
    pub diagnostics: DiagnosticFormat,
}

/// What to print for each well-formed record.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Action {
    /// The judge's answer (`run`).
    Run,
    /// Nothing: validate only (`check`).
    Check,
    /// The answer with the reasoning behind it (`explain`).
    Explain,
    /// The typed syntax tree (`parse`).
    Parse,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum OutputFormat {
    /// Judge-exact lines.
    Text,
    /// One JSON object per record.
    Json,
}

/// Counts over one or more inputs.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Tally {
    pub records: u64,
    pub errors: u64,
    pub warnings: u64,
    /// Diagnostics that a safe fix repairs: what `check --fix` would mend.
    pub fixable: u64,
}

impl std::ops::AddAssign for Tally {
    fn add_assign(&mut self, other: Tally) {
        self.records += other.records;
        self.errors += other.errors;
        self.warnings += other.warnings;
        self.fixable += other.fixable;
    }
}

/// How much input is framed at once. Large enough that framing and the parallel
/// stage see many records per block. Small enough for the memory budget.
const BLOCK_SIZE: usize = 1 << 18;

/// The most bytes a block holds. That is a whole block, plus what the block
/// before left unframed (up to the longest line kept). Its buffers, the bytes
/// and the token indexes, have room for this many from the start.
const MOST_BLOCK_BYTES: usize = BLOCK_SIZE + MAX_LINE_LENGTH;

/// The size of the first block. Each block after it is twice the size of the
/// one before, up to [`BLOCK_SIZE`]. Nothing runs beside the framing of the
/// first block, so a small one puts both cores to work sooner. A whole first
/// block takes about a millisecond. Much of that is page faults on buffers
/// touched for the first time.
const FIRST_BLOCK_SIZE: usize = 1 << 14;

/// Room reserved for one record's results. A judge line of any game fits: the
/// longest, Choker's, names two chickens of up to 20 letters. So the buffer of
/// a chunk rarely grows.
const RESULT_BYTES: usize = 48;

/// About how many of a block's bytes one task of the pool reads the records of.
/// A block's records are done when its last chunk is, while the other threads
/// wait. So a chunk must be a small part of a block, and take as long whatever
/// the game. A count of records does not do that: 256 records are about 10 KiB
/// of bridge or Choker, but 40 KiB of whist. With chunks that large, the
/// threads sleep and wake at many blocks' ends. By bytes, a block is some
/// thirty chunks of every game.
const CHUNK_BYTES: usize = 8 << 10;

/// Processes one input to the end: results to `out`, diagnostics to `err`.
///
/// Three things go on at once, in a pipeline over blocks. While the pool works
/// on one block's records, the outputs of the block before are written.
/// Meanwhile the next block is read and framed. Writing and framing must go in
/// order; neither holds up the parallel stage.
///
/// # Errors
///
/// The first failure to read `input` or to write `out` or `err`. Faults of the
/// input itself are diagnostics written to `err`, not errors.
pub fn process(
    name: &str,
    input: impl Read + Send,
    settings: &Settings,
    out: &mut (impl Write + Send),
    err: &mut (impl Write + Send),
) -> io::Result<Tally> {
    process_on(Isa::detect(), name, input, settings, out, err)
}

/// [`process`], with the hot loops compiled for `isa`.
fn process_on(
    isa: Isa,
    name: &str,
    input: impl Read + Send,
    settings: &Settings,
    out: &mut (impl Write + Send),
    err: &mut (impl Write + Send),
) -> io::Result<Tally> {
    match settings.layout {
        Layout::Lines => process_framed::<Framer>(isa, name, input, settings, out, err),
        Layout::Tokens => process_framed::<TokenFramer>(isa, name, input, settings, out, err),
        Layout::Strict => process_framed::<StrictFramer>(isa, name, input, settings, out, err),
    }
}

/// [`process_on`], with the layout's framer.
fn process_framed<F: Framing>(
    isa: Isa,
    name: &str,
    input: impl Read + Send,
    settings: &Settings,
    out: &mut (impl Write + Send),
    err: &mut (impl Write + Send),
) -> io::Result<Tally> {
    let mut tally = Tally::default();
    let mut reader = BlockReader::<_, F>::new(input, settings.mode, isa);
    // Inside the pool, so that each block's join starts there.
    rayon::scope(|_| {
        let mut current = reader.next_block(FramedBlock::with_room())?;
        let mut spare = FramedBlock::with_room();
        let mut written: Vec<ChunkOutput> = Vec::new();
        let mut outputs: Vec<ChunkOutput> = Vec::new();
        while let Some(block) = current {
            let ((), next) = rayon::join(
                || records_to_output(isa, name, &block, settings, &mut outputs),
                || -> io::Result<_> {
                    tally += write_outputs(&written, out, err)?;
                    reader.next_block(spare)
                },
            );
            current = next?;
            std::mem::swap(&mut written, &mut outputs);
            spare = block;
        }
        tally += write_outputs(&written, out, err)?;
        Ok(tally)
    })
}

/// Writes a block's outputs in order, and returns their counts.
fn write_outputs(
    outputs: &[ChunkOutput],
    out: &mut impl Write,
    err: &mut impl Write,
) -> io::Result<Tally> {
    let mut results: Vec<_> = outputs
        .iter()
        .map(|output| IoSlice::new(&output.results))
        .collect();
    write_all_vectored(out, &mut results)?;
    let mut tally = Tally::default();
    for output in outputs {
        err.write_all(&output.reports)?;
        tally += output.tally;
    }
    Ok(tally)
}

/// Writes all of `slices` in as few calls as the writer allows. A block's
/// results then leave in one `writev`, not copied into a buffer first.
/// (`Write::write_all_vectored` does this, but is not stable yet.)
fn write_all_vectored(out: &mut impl Write, mut slices: &mut [IoSlice<'_>]) -> io::Result<()> {
    IoSlice::advance_slices(&mut slices, 0);
    while !slices.is_empty() {
        match out.write_vectored(slices) {
            Ok(0) => return Err(io::ErrorKind::WriteZero.into()),
            Ok(written) => IoSlice::advance_slices(&mut slices, written),
            Err(error) if error.kind() == io::ErrorKind::Interrupted => {}
            Err(error) => return Err(error),
        }
    }
    Ok(())
}

/// A block of input in memory and the records framed in it. The bytes start at
/// offset `base` of the input. The frames may refer to lines that an earlier
/// block held too. An unfinished record's lines are carried over.
#[derive(Default)]
struct FramedBlock {
    bytes: Vec<u8>,
    /// `bytes` with each CR and LF a blank, when a record of the tokens layout
    /// spans lines. The records are then read from it, while reports show
    /// `bytes`. Empty otherwise, and records are read from `bytes`.
    blanked: Vec<u8>,
    base: usize,
    /// The columns of the line of `bytes[0]` before it, which an earlier block
    /// held. Reports count columns from the line's start.
    first_column: usize,
    frames: Frames,
}

impl FramedBlock {
    /// A block with room for the largest block and its frames from the start.
    /// The first blocks, each larger than the one before, then do not copy
    /// their bytes and frames into ever larger buffers. Room costs nothing
    /// until it is touched.
    fn with_room() -> Self {
        Self {
            bytes: Vec::with_capacity(MOST_BLOCK_BYTES),
            blanked: Vec::new(),
            base: 0,
            first_column: 0,
            frames: Frames {
                // The most a block of Choker hands has. Their lines, of 12
                // bytes or more, are the shortest of the usual records.
                entries: Vec::with_capacity(BLOCK_SIZE / 12),
                lines: Vec::with_capacity(BLOCK_SIZE / 12),
                // The most a block of whist deals framed as placed has. A deal
                // of 157 bytes or more has five rows, the trump's among them.
                placed: Vec::with_capacity(BLOCK_SIZE / 31),
                problems: Vec::new(),
            },
        }
    }
}

/// The frames of a block, kept small and plain. Each is an [`Entry`] whose
/// lines are listed once in `lines`, with problems apart. The parallel stage
/// then reads a few bytes a record. The frames are cleared for reuse without a
/// pass over them.
#[derive(Default)]
struct Frames {
    entries: Vec<Entry>,
    lines: Vec<LineRef>,
    /// The rows of records framed as placed, listed as `lines` list the others.
    /// A whist deal's trump comes first, as a row without starts.
    placed: Vec<PlacedRow>,
    problems: Vec<Frame>,
}

/// One frame of a block. It holds a record's game and where its lines start in
/// the block's list of lines. A problem's frame holds which of the block's
/// problems it is.
#[derive(Clone, Copy, Debug)]
enum Entry {
    Bridge(u32),
    Choker(u32),
    Whist(u32),
    /// A record of the tokens layout whose tokens the framer found to be all
    /// plain pairs ([`FrameSink::bridge_placed`]). Its rows are listed in
    /// [`Frames::placed`].
    BridgePlaced(u32),
    WhistPlaced(u32),
    Problem(u32),
}

/// The usual frames go straight into the lists, inlined where the framer
/// emits them.
impl FrameSink for Frames {
    // Cannot truncate. A block (256 KiB and a carried line) has far fewer than
    // 2^32 lines.
    #[allow(clippy::cast_possible_truncation)]
    fn frame(&mut self, frame: Frame) {
        match frame {
            Frame::Bridge(line) => self.bridge(line),
            Frame::Choker(lines) => self.choker(lines),
            Frame::Whist(lines) => self.whist(&lines),
            Frame::Problem { .. } => {
                self.problems.push(frame);
                self.entries
                    .push(Entry::Problem(self.problems.len() as u32 - 1));
            }
        }
    }

    #[inline(always)]
    // Cannot truncate. A block (256 KiB and a carried line) has far fewer than
    // 2^32 lines.
    #[allow(clippy::cast_possible_truncation)]
    fn bridge(&mut self, line: LineRef) {
        self.entries.push(Entry::Bridge(self.lines.len() as u32));
        self.lines.push(line);
    }

    #[inline(always)]
    // Cannot truncate. A block (256 KiB and a carried line) has far fewer than
    // 2^32 lines.
    #[allow(clippy::cast_possible_truncation)]
    fn choker(&mut self, [first, second]: [LineRef; 2]) {
        self.entries.push(Entry::Choker(self.lines.len() as u32));
        // Pushed one by one: the copy of a slice is a call here.
        self.lines.push(first);
        self.lines.push(second);
    }

    #[inline(always)]
    // Cannot truncate. A block (256 KiB and a carried line) has far fewer than
    // 2^32 lines.
    #[allow(clippy::cast_possible_truncation)]
    fn whist(&mut self, lines: &[LineRef; 5]) {
        self.entries.push(Entry::Whist(self.lines.len() as u32));
        self.lines.extend_from_slice(lines);
    }

    #[inline(always)]
    // Cannot truncate. A block (256 KiB and a carried line) has far fewer than
    // 2^32 lines.
    #[allow(clippy::cast_possible_truncation)]
    fn bridge_placed(&mut self, hand: PlacedRow) {
        self.entries
            .push(Entry::BridgePlaced(self.placed.len() as u32));
        self.placed.push(hand);
    }

    #[inline(always)]
    // Cannot truncate. A block (256 KiB and a carried line) has far fewer than
    // 2^32 lines.
    #[allow(clippy::cast_possible_truncation)]
    fn whist_placed(&mut self, rows: &[PlacedRow; 5]) {
        self.entries
            .push(Entry::WhistPlaced(self.placed.len() as u32));
        self.placed.extend_from_slice(rows);
    }
}

impl Frames {
    /// The frame an entry stands for, whole.
    fn frame(&self, entry: Entry) -> Frame {
        match entry {
            Entry::Bridge(at) => Frame::Bridge(self.lines::<1>(at)[0]),
            Entry::BridgePlaced(at) => Frame::Bridge(self.placed::<1>(at)[0].line),
            Entry::Choker(at) => Frame::Choker(self.lines(at)),
            Entry::Whist(at) => Frame::Whist(self.lines(at)),
            Entry::WhistPlaced(at) => Frame::Whist(self.placed::<5>(at).map(|row| row.line)),
            Entry::Problem(at) => self.problems[at as usize].clone(),
        }
    }

    fn clear(&mut self) {
        self.entries.clear();
        self.lines.clear();
        self.placed.clear();
        self.problems.clear();
    }

    /// The `N` lines listed from `at`.
    fn lines<const N: usize>(&self, at: u32) -> [LineRef; N] {
        let at = at as usize;
        *self.lines[at..at + N]
            .first_chunk()
            .expect("a frame's lines are listed together")
    }

    /// The `N` placed rows listed from `at`.
    fn placed<const N: usize>(&self, at: u32) -> [PlacedRow; N] {
        let at = at as usize;
        *self.placed[at..at + N]
            .first_chunk()
            .expect("a frame's rows are listed together")
    }
}

impl FramedBlock {
    /// The block as its records are read.
    fn to_read(&self) -> Block<'_> {
        Block {
            bytes: if self.blanked.is_empty() {
                &self.bytes
            } else {
                &self.blanked
            },
            base: self.base,
        }
    }

    /// The block as reports show it.
    fn to_show(&self) -> Block<'_> {
        Block {
            bytes: &self.bytes,
            base: self.base,
        }
    }

    fn view(&self) -> BlockView<'_> {
        BlockView {
            read: self.to_read(),
            show: self.to_show(),
            first_column: self.first_column,
        }
    }
}

/// What a record's task sees of its block. That is the bytes its records are
/// read from, and those its reports show ([`FramedBlock::to_read`]). It also
/// holds the columns before the block on its first line.
struct BlockView<'a> {
    read: Block<'a>,
    show: Block<'a>,
    first_column: usize,
}

/// Reads an input block by block and frames each block's lines.
struct BlockReader<R, F> {
    input: R,
    /// What the framing loop is compiled for.
    isa: Isa,
    framer: F,
    /// Bytes read but not yet framed, and the lines of the record the framer
    /// still holds. They start the next block.
    carry: Vec<u8>,
    /// Offset in the input of `carry[0]`.
    carry_base: usize,
    /// The columns of the line of `carry[0]` before it. They are 0 when it
    /// starts a line (or the input).
    carry_column: usize,
    /// Where in `carry` the first line not yet framed starts, and its number.
    unframed: usize,
    line_number: usize,
    finished: bool,
    /// How much to read for the next block.
    block_size: usize,
}

impl<R: Read, F: Framing> BlockReader<R, F> {
    fn new(input: R, mode: Mode, isa: Isa) -> Self {
        let framer = F::new(mode);
        Self {
            input,
            isa,
            framer,
            carry: Vec::new(),
            carry_base: 0,
            carry_column: 0,
            unframed: 0,
            line_number: 1,
            finished: false,
            block_size: FIRST_BLOCK_SIZE,
        }
    }

    /// Reads and frames the next block, reusing the memory of `block`. `None`
    /// after the end of the input. When a record of the tokens layout spans
    /// lines, the block is also kept with its line ends blanked. Records are
    /// then read from that copy.
    fn next_block(&mut self, block: FramedBlock) -> io::Result<Option<FramedBlock>> {
        let mut read = self.read_block(block)?;
        if let Some(block) = &mut read {
            block.blanked.clear();
            if self.framer.take_needs_blanks() {
                read_line_ends_as_blanks(&block.bytes, &mut block.blanked);
            }
        }
        Ok(read)
    }

    /// [`BlockReader::next_block`], as read.
    fn read_block(&mut self, mut block: FramedBlock) -> io::Result<Option<FramedBlock>> {
        if self.finished {
            return Ok(None);
        }
        block.frames.clear();
        block.base = self.carry_base;
        block.first_column = self.carry_column;
        let FramedBlock {
            bytes,
            base,
            frames,
            ..
        } = &mut block;
        let base = *base;
        bytes.clear();
        bytes.extend_from_slice(&self.carry);
        let mut unframed = self.unframed;
        let mut at_end = fill(&mut self.input, bytes, unframed + self.block_size)?;
        let mut last_newline = memchr::memrchr(b'\n', &bytes[unframed..]);
        // A line without an end is too long only in a block with room for the
        // longest line. A small early block is grown until it has that room.
        while last_newline.is_none() && !at_end && self.block_size <= MAX_LINE_LENGTH {
            self.block_size *= 2;
            at_end = fill(&mut self.input, bytes, unframed + self.block_size)?;
            last_newline = memchr::memrchr(b'\n', &bytes[unframed..]);
        }
        self.block_size = (2 * self.block_size).min(BLOCK_SIZE);
        if base == 0 && unframed == 0 && bytes.starts_with(BYTE_ORDER_MARK) {
            unframed = BYTE_ORDER_MARK.len();
            // Counted from the first byte after the mark, as `framed_end`
            // counts it. The mark holds no line feed.
            last_newline = last_newline.map(|newline| newline - BYTE_ORDER_MARK.len());
        }
        // Whether the block ends inside a line, cut after a blank. That is a
        // long line of the tokens layout, whose rest the next block frames.
        let mut cut_in_line = false;
        let framed_end = if at_end {
            bytes.len()
        } else if let Some(newline) = last_newline {
            unframed + newline + 1
        } else if let Some(blank) = F::READS_LONG_LINES
            .then(|| memchr::memrchr3(b' ', b'\t', b'\r', &bytes[unframed..]))
            .flatten()
        {
            cut_in_line = true;
            unframed + blank + 1
        } else {
            // No line ends in a whole block. The line is too long to keep,
            // unless it is binary.
            if let Some(nul) = memchr::memchr(0, &bytes[unframed..]) {
                let line = Line {
                    text: &bytes[unframed..],
                    offset: base + unframed,
                    number: self.line_number,
                };
                self.binary(&line, base + unframed + nul, frames);
            } else {
                self.skip_overlong_line(bytes, base, unframed, frames)?;
            }
            return Ok(Some(block));
        };
        let to_frame = Block {
            bytes: &bytes[unframed..framed_end],
            base: base + unframed,
        };
        let Some(next_line) = self.frame_whole_lines(to_frame, frames) else {
            return Ok(Some(block));
        };
        // A line cut short goes on in the next block, under its number.
        self.line_number = next_line - usize::from(cut_in_line);
        if at_end {
            self.framer.finish(frames);
            self.finished = true;
        }
        let (keep_from, starts_line) = match self.framer.holds_from() {
            Some(offset) => line_start_near(bytes, offset - base, self.carry_column == 0)
                .map_or((offset - base, false), |start| (start, true)),
            None => (framed_end, !cut_in_line),
        };
        self.carry_column = if starts_line {
            0
        } else {
            match memchr::memrchr(b'\n', &bytes[..keep_from]) {
                Some(newline) => position::columns(&bytes[newline + 1..keep_from]),
                None => self.carry_column + position::columns(&bytes[..keep_from]),
            }
        };
        self.carry.clear();
        self.carry.extend_from_slice(&bytes[keep_from..]);
        self.carry_base = base + keep_from;
        self.unframed = framed_end - keep_from;
        Ok(Some(block))
    }

    /// Frames the whole lines of `to_frame`, and gives the number of the line
    /// after them. A NUL byte makes the input binary: the lines before its line
    /// are framed, that is reported, and `None` says nothing more is read.
    fn frame_whole_lines(&mut self, to_frame: Block<'_>, emit: &mut Frames) -> Option<usize> {
        let first_nul = memchr::memchr(0, to_frame.bytes);
        let nul_line = first_nul.map(|nul| {
            memchr::memrchr(b'\n', &to_frame.bytes[..nul]).map_or(0, |newline| newline + 1)
        });
        let before_nul = Block {
            bytes: &to_frame.bytes[..nul_line.unwrap_or(to_frame.bytes.len())],
            ..to_frame
        };
        let (framer, isa, first_line) = (&mut self.framer, self.isa, self.line_number);
        let next_line = isa.run(
            #[inline(always)]
            || framer.whole_lines(isa, before_nul, first_line, emit),
        );
        let (Some(nul), Some(start)) = (first_nul, nul_line) else {
            return Some(next_line);
        };
        let line = Line {
            text: &to_frame.bytes[start..],
            offset: to_frame.base + start,
            number: next_line,
        };
        self.binary(&line, to_frame.base + nul, emit);
        None
    }

    /// The input is binary: its first NUL byte, at `nul`, is on `line`. That is
    /// said once, after what the framer held, and nothing after it is read.
    fn binary(&mut self, line: &Line<'_>, nul: usize, frames: &mut Frames) {
        self.framer.finish(frames);
        frames.frame(crate::syntax::frame::binary_input(nul, line));
        self.finished = true;
    }

    /// The line starting at `bytes[start]` has no end within a block. It is
    /// reported, and the rest of it is read and dropped without being kept. So
    /// a line of any length costs no memory. The block keeps only the line's
    /// first bytes, for the report.
    fn skip_overlong_line(
        &mut self,
        bytes: &mut Vec<u8>,
        base: usize,
        start: usize,
        frames: &mut Frames,
    ) -> io::Result<()> {
        let shown = Line {
            text: &bytes[start..start + SHOWN_OF_OVERLONG_LINE],
            offset: base + start,
            number: self.line_number,
        };
        self.framer.overlong_line(&shown, frames);
        let mut line_length = bytes.len() - start;
        bytes.truncate(start + SHOWN_OF_OVERLONG_LINE);
        self.carry.clear();
        loop {
            let read = (&mut self.input)
                .take(BLOCK_SIZE as u64)
                .read_to_end(&mut self.carry)?;
            if let Some(newline) = memchr::memchr(b'\n', &self.carry) {
                line_length += newline;
                self.carry.drain(..=newline);
                break;
            }
            line_length += self.carry.len();
            self.carry.clear();
            if read == 0 {
                self.framer.finish(frames);
                self.finished = true;
                break;
            }
        }
        self.carry_base = base + start + line_length + 1;
        self.carry_column = 0;
        self.unframed = 0;
        self.line_number += 1;
        Ok(())
    }
}

/// Reads until `buffer` holds `wanted` bytes or the input ends. Returns `true`
/// at the end. `read_to_end` fills spare capacity without zeroing it first.
fn fill(input: &mut impl Read, buffer: &mut Vec<u8>, wanted: usize) -> io::Result<bool> {
    let missing = wanted.saturating_sub(buffer.len());
    if missing == 0 {
        return Ok(false);
    }
    let read = input.by_ref().take(missing as u64).read_to_end(buffer)?;
    Ok(read < missing)
}

/// What one chunk of records produced.
#[derive(Default)]
struct ChunkOutput {
    results: Vec<u8>,
    reports: Vec<u8>,
    tally: Tally,
}

/// Runs the record stages over a block's frames in parallel chunks, into
/// `outputs` in input order. The buffers of `outputs` are those of a block
/// written before, reused. Memory touched for the first time costs a page
/// fault. That is about 3 µs here, the time of some thirty records. Fresh
/// buffers for every block would take hundreds of page faults.
// `frames` and `framed` are the block and its frames, named as such.
#[allow(clippy::similar_names)]
fn records_to_output(
    isa: Isa,
    name: &str,
    framed: &FramedBlock,
    settings: &Settings,
    outputs: &mut Vec<ChunkOutput>,
) {
    let view = framed.view();
    let frames = &framed.frames;
    // Entries lie about evenly in the block's bytes.
    let chunk_entries = frames
        .entries
        .len()
        .div_ceil(framed.bytes.len().div_ceil(CHUNK_BYTES).max(1))
        .max(1);
    let chunks = frames.entries.len().div_ceil(chunk_entries);
    outputs.resize_with(chunks, ChunkOutput::default);
    frames
        .entries
        .par_chunks(chunk_entries)
        .zip(outputs.par_iter_mut())
        .for_each(|(chunk, output)| {
            output.results.clear();
            // Rounded up, so that a chunk a few records longer than the last
            // does not grow the buffer. Growing copies the whole buffer, though
            // it is written out already. Without the rounding, a Choker pair
            // costs 15 instructions more in `check`
            // (`benches/instructions.sh`).
            output
                .results
                .reserve((chunk.len() * RESULT_BYTES).next_power_of_two());
            output.reports.clear();
            output.tally = Tally::default();
            let mut scratch = Scratch::default();
            isa.run(
                #[inline(always)]
                || {
                    for &entry in chunk {
                        one_frame(name, entry, frames, &view, settings, &mut scratch, output);
                    }
                },
            );
        });
}

/// What a task of the pool reuses from record to record. It holds a place to
/// read each game's record into, and the diagnostics of the current one.
#[derive(Default)]
struct Scratch {
    bridge: BridgeHand,
    choker: ChokerPair,
    whist: WhistDeal,
    notes: Notes,
}

/// What a task of the pool keeps for the record at hand, whatever its game.
/// That is its diagnostics, and its bytes with the line ends blanked where it
/// is read so.
#[derive(Default)]
struct Notes {
    diagnostics: Vec<Diagnostic>,
    /// A placed record that is not all cards, with its line ends blanked.
    blanked: Vec<u8>,
}

/// Parse, check, evaluate and render one framed record. Each game takes its own
/// typed path, so a record is built once and then only borrowed. Inlined into
/// each copy of the chunk loop that [`Isa::run`] compiles. Records are read
/// from `read`, and reports show `show`. These are the same block, except in
/// the tokens layout ([`FramedBlock::to_read`]).
#[inline(always)]
fn one_frame(
    name: &str,
    entry: Entry,
    frames: &Frames,
    view: &BlockView<'_>,
    settings: &Settings,
    scratch: &mut Scratch,
    output: &mut ChunkOutput,
) {
    let (read, show) = (&view.read, &view.show);
    let Scratch {
        bridge,
        choker,
        whist,
        notes,
    } = scratch;
    notes.diagnostics.clear();
    let shown = |first: LineRef| Shown {
        path: name,
        line: first.number,
        settings,
    };
    let (first, last) = match entry {
        Entry::Bridge(at) => {
            let [line] = frames.lines(at);
            bridge_frame(line, None, read, bridge, notes, shown(line), output);
            (line, line)
        }
        Entry::BridgePlaced(at) => {
            let [hand] = frames.placed(at);
            let placed = bridge::read_placed_bridge_hand(hand, read, bridge);
            bridge_frame(
                hand.line,
                Some(placed),
                read,
                bridge,
                notes,
                shown(hand.line),
                output,
            );
            (hand.line, hand.line)
        }
        Entry::Choker(at) => {
            let lines: [LineRef; 2] = frames.lines(at);
            let diagnostics = &mut notes.diagnostics;
            choker_frame(lines, read, choker, diagnostics, shown(lines[0]), output);
            (lines[0], lines[1])
        }
        Entry::Whist(at) => {
            let lines: [LineRef; 5] = frames.lines(at);
            whist_frame(lines, None, read, whist, notes, shown(lines[0]), output);
            (lines[0], lines[4])
        }
        Entry::WhistPlaced(at) => {
            let rows: [PlacedRow; 5] = frames.placed(at);
            let lines = rows.map(|row| row.line);
            let placed = whist::read_placed_whist_deal(&rows, read, whist);
            whist_frame(
                lines,
                Some(placed),
                read,
                whist,
                notes,
                shown(lines[0]),
                output,
            );
            (lines[0], lines[4])
        }
        Entry::Problem(at) => {
            let problem = &frames.problems[at as usize];
            if let Frame::Problem { diagnostic, .. } = problem {
                notes
                    .diagnostics
                    .push(crate::syntax::problem(diagnostic, show));
            }
            problem.lines()
        }
    };
    let diagnostics = &mut notes.diagnostics;
    report(name, (first, last), view, settings, diagnostics, output);
}

/// Renders the diagnostics of the record from `first` to `last`, if it
/// has any, and counts them.
#[inline(always)]
fn report(
    name: &str,
    (first, last): (LineRef, LineRef),
    view: &BlockView<'_>,
    settings: &Settings,
    diagnostics: &mut [Diagnostic],
    output: &mut ChunkOutput,
) {
    if diagnostics.is_empty() {
        return;
    }
    let show = &view.show;
    for diagnostic in diagnostics.iter_mut() {
        crate::syntax::with_line_ending(diagnostic, show);
    }
    let (start, first_column) = match settings.layout {
        Layout::Lines | Layout::Strict => (first.offset, 0),
        Layout::Tokens => shown_from(show, first.offset, view.first_column),
    };
    let window = Window {
        name,
        text: show
            .held(Span::new(
                start,
                (last.offset + last.len).saturating_sub(start),
            ))
            .unwrap_or_default(),
        offset: start,
        first_line: first.number,
        first_column,
    };
    for diagnostic in diagnostics {
        match diagnostic.severity() {
            Severity::Error => output.tally.errors += 1,
            Severity::Warning => output.tally.warnings += 1,
        }
        output.tally.fixable += u64::from(
            diagnostic
                .fixes()
                .iter()
                .any(|fix| fix.applicability == crate::diagnostic::Applicability::Safe),
        );
        render::diagnostic(
            diagnostic,
            &window,
            settings.diagnostics,
            &mut output.reports,
        );
    }
}

/// The rest of a bridge hand's frame. `placed` is `Some(true)` when the hand
/// was read where the framer placed its cards. It is `Some(false)` when those
/// were not all cards, and `None` when not placed. Unless it was read there,
/// the line grammar reads the hand. Then it is checked and its result written.
#[inline(always)]
fn bridge_frame(
    line: LineRef,
    placed: Option<bool>,
    read: &Block<'_>,
    hand: &mut BridgeHand,
    notes: &mut Notes,
    shown: Shown<'_>,
    output: &mut ChunkOutput,
) {
    let Notes {
        diagnostics,
        blanked,
    } = notes;
    let read = grammar_source(*read, placed, (line, line), blanked);
    if placed != Some(true)
        && !bridge::read_bridge_hand(&read.line(line), hand, diagnostics, records_on_one_line)
    {
        let cards = check_cards_read(&Frame::Bridge(line), &read, diagnostics);
        shown.faulty(Game::Bridge, line.span(), &cards, diagnostics, output);
    } else if check::bridge_hand(hand, diagnostics) {
        shown.record(hand, output);
    } else {
        shown.faulty(Game::Bridge, line.span(), &hand.cards, diagnostics, output);
    }
}

/// A Choker pair's frame: read by the line grammar, checked, and its
/// result written.
#[inline(always)]
fn choker_frame(
    lines: [LineRef; 2],
    read: &Block<'_>,
    pair: &mut ChokerPair,
    diagnostics: &mut Vec<Diagnostic>,
    shown: Shown<'_>,
    output: &mut ChunkOutput,
) {
    let lines_read = lines.map(|line| read.line(line));
    let span = lines[0].through(lines[1]);
    if !choker::read_choker_pair(&lines_read, pair, diagnostics, records_on_one_line) {
        let cards = check_cards_read(&Frame::Choker(lines), read, diagnostics);
        shown.faulty(Game::Choker, span, &cards, diagnostics, output);
    } else if check::choker_pair(pair, diagnostics) {
        shown.record(pair, output);
    } else {
        let cards = [pair.first.cards, pair.second.cards];
        shown.faulty(
            Game::Choker,
            span,
            cards.as_flattened(),
            diagnostics,
            output,
        );
    }
}

/// The rest of a whist deal's frame, as [`bridge_frame`]. The deal is replayed
/// once. The evaluation's tricks tell the check who led. `check`, which needs
/// no evaluation, replays only for the leaders. `lines` are the deal's five
/// lines. The grammar reads them where the deal is not placed, or is placed but
/// not all cards.
#[inline(always)]
fn whist_frame(
    lines: [LineRef; 5],
    placed: Option<bool>,
    read: &Block<'_>,
    deal: &mut WhistDeal,
    notes: &mut Notes,
    shown: Shown<'_>,
    output: &mut ChunkOutput,
) {
    let Notes {
        diagnostics,
        blanked,
    } = notes;
    let span = lines[0].through(lines[4]);
    if placed != Some(true) {
        let read = grammar_source(*read, placed, (lines[0], lines[4]), blanked);
        let lines_read = lines.map(|line| read.line(line));
        if !whist::read_whist_deal(&lines_read, deal, diagnostics, records_on_one_line) {
            let cards = check_cards_read(&Frame::Whist(lines), &read, diagnostics);
            shown.faulty(Game::Whist, span, &cards, diagnostics, output);
            return;
        }
    }
    if check::whist_cards(deal, diagnostics) {
        if shown.settings.action == Action::Check {
            let leaders = crate::interpret::whist::leaders(deal);
            if check::whist_plays(deal, &leaders, diagnostics) {
                shown.record_checked(output);
            }
            return;
        }
        let outcome = deal.evaluate();
        if check::whist_plays(deal, &outcome.tricks, diagnostics) {
            shown.record_evaluated(
                deal,
                #[inline(always)]
                || outcome,
                output,
            );
            return;
        }
    }
    shown.faulty(
        Game::Whist,
        span,
        deal.plays.as_flattened(),
        diagnostics,
        output,
    );
}

/// Where the line grammar reads a record from: mostly `read`. A placed record
/// that is not all cards (`placed` is `Some(false)`) is read from a copy
/// instead. The copy, in `blanked`, has its line ends blanked, as the tokens
/// layout reads any record. Its block is blanked only for the records not
/// placed.
#[inline(always)]
fn grammar_source<'a>(
    read: Block<'a>,
    placed: Option<bool>,
    lines: (LineRef, LineRef),
    blanked: &'a mut Vec<u8>,
) -> Block<'a> {
    if placed == Some(false) {
        blanked_record(read, lines, blanked)
    } else {
        read
    }
}

/// The bytes of a record from its first line to its last, with its line ends
/// blanked, in `into`. Cold, out of the way of the records that are read where
/// they were placed.
#[cold]
#[inline(never)]
fn blanked_record<'a>(
    block: Block<'_>,
    (first, last): (LineRef, LineRef),
    into: &'a mut Vec<u8>,
) -> Block<'a> {
    into.clear();
    read_line_ends_as_blanks(
        block.slice(Span::new(
            first.offset,
            last.offset + last.len - first.offset,
        )),
        into,
    );
    Block {
        bytes: into,
        base: first.offset,
    }
}

/// The checks of a record whose syntax has faults, on the cards read, which it
/// returns in input order for `parse`'s error node. Cold, out of the way of the
/// records that have none.
#[cold]
#[inline(never)]
fn check_cards_read(
    frame: &Frame,
    block: &Block<'_>,
    diagnostics: &mut Vec<Diagnostic>,
) -> Vec<Card> {
    let Some(read) = crate::syntax::cards_read(frame, block) else {
        return Vec::new();
    };
    check::cards_read(&read, diagnostics);
    match read {
        CardsRead::Bridge(cards) => cards,
        CardsRead::Choker(hands) => hands.concat(),
        CardsRead::Whist { plays, .. } => plays.concat(),
    }
}

/// How far back the carried bytes of a held record reach for the start
/// of its line.
const CARRIED_LINE_START: usize = 4096;

/// Where the line holding `bytes[held]` starts, when that is at most
/// [`CARRIED_LINE_START`] bytes back. `bytes` starts a line when `starts_line`.
/// A record of the tokens layout may begin inside a line. It is carried into
/// the next block from its line's start, so its report shows the line from
/// there. A line that starts further back (a file written on one line) is not
/// carried whole. The carried bytes then start at the record. The columns
/// before it are counted into the next block's `first_column`.
fn line_start_near(bytes: &[u8], held: usize, starts_line: bool) -> Option<usize> {
    let from = held.saturating_sub(CARRIED_LINE_START);
    match memchr::memrchr(b'\n', &bytes[from..held]) {
        Some(newline) => Some(from + newline + 1),
        None => (from == 0 && starts_line).then_some(0),
    }
}

/// How far into its line a record of the tokens layout may begin, for its
/// reports to show the line from its start. A file written on one line holds
/// thousands of records. Drawing the line up to each would make the reports
/// grow as the square of the line.
const SHOWN_BEFORE_RECORD: usize = 512;

/// Where the window of a report on a record of the tokens layout starts, and
/// the columns of its line before that. The record is at `offset`. The window
/// starts at the line's start when `show` holds it at most
/// [`SHOWN_BEFORE_RECORD`] bytes back, so the drawing shows the line as the
/// file has it. Else it starts at the record. The line may have begun in an
/// earlier block, `carried_column` columns before `show`'s first byte.
fn shown_from(show: &Block<'_>, offset: usize, carried_column: usize) -> (usize, usize) {
    let (start, column) = match line_start(show, offset) {
        Some(start) => (start, 0),
        None => (show.base, carried_column),
    };
    if column == 0 && offset - start <= SHOWN_BEFORE_RECORD {
        return (start, 0);
    }
    let before = show
        .held(Span::new(start, offset - start))
        .unwrap_or_default();
    (offset, column + position::columns(before))
}

/// Where the line holding byte `offset` starts. `None` when `block` holds no
/// line end before it. The line may then have begun in an earlier block (a line
/// longer than a block) or with the block.
fn line_start(block: &Block<'_>, offset: usize) -> Option<usize> {
    let before = block
        .bytes
        .get(..offset.saturating_sub(block.base))
        .unwrap_or_default();
    memchr::memrchr(b'\n', before).map(|newline| block.base + newline + 1)
}

/// Where a record stands, and what to print for it.
#[derive(Clone, Copy)]
struct Shown<'a> {
    path: &'a str,
    line: usize,
    settings: &'a Settings,
}

impl Shown<'_> {
    /// A JSON line for `record`, holding `extra`.
    fn json<R: Present, T: serde::Serialize>(
        &self,
        record: &R,
        extra: T,
    ) -> render::JsonRecord<'_, T> {
        render::JsonRecord {
            path: self.path,
            game: R::GAME,
            line: self.line,
            span: record.span(),
            extra,
        }
    }

    /// Evaluates a well-formed record as the action asks and writes what
    /// comes of it.
    #[inline(always)]
    fn record<R: Present>(&self, record: &R, output: &mut ChunkOutput) {
        self.record_evaluated(
            record,
            #[inline(always)]
            || record.evaluate(),
            output,
        );
    }

    /// A record of `game` at `span` that has faults: `parse` keeps it as an
    /// error node holding the `cards` read and the codes of its
    /// `diagnostics`, as tree-sitter keeps an `ERROR` node. The other
    /// actions print nothing for it.
    #[inline(always)]
    fn faulty(
        &self,
        game: Game,
        span: Span,
        cards: &[Card],
        diagnostics: &[Diagnostic],
        output: &mut ChunkOutput,
    ) {
        if self.settings.action == Action::Parse {
            self.error_node(game, span, cards, diagnostics, output);
        }
    }

    #[cold]
    #[inline(never)]
    fn error_node(
        &self,
        game: Game,
        span: Span,
        cards: &[Card],
        diagnostics: &[Diagnostic],
        output: &mut ChunkOutput,
    ) {
        let node = render::ErrorNode::new(game, span, cards, diagnostics);
        let out = &mut output.results;
        match self.settings.output {
            OutputFormat::Text => {
                let mut text = format!("line {}: ", self.line);
                node.tree(&mut text);
                out.extend_from_slice(text.as_bytes());
            }
            OutputFormat::Json => {
                let record = render::JsonRecord {
                    path: self.path,
                    game,
                    line: self.line,
                    span,
                    extra: render::JsonError { error: &node },
                };
                render::json_line(&record, out);
            }
        }
    }

    /// Counts a record found well-formed: all that `check` does with it.
    // One of the three ways a record is shown, called as the others are.
    #[allow(clippy::unused_self)]
    #[inline(always)]
    fn record_checked(&self, output: &mut ChunkOutput) {
        output.tally.records += 1;
    }

    /// As [`Shown::record`], with the evaluation from `evaluate`, called
    /// only if the action needs it.
    #[inline(always)]
    fn record_evaluated<R: Present>(
        &self,
        record: &R,
        evaluate: impl FnOnce() -> R::Outcome,
        output: &mut ChunkOutput,
    ) {
        self.record_checked(output);
        let out = &mut output.results;
        match (self.settings.action, self.settings.output) {
            (Action::Check, _) => {}
            (Action::Run, OutputFormat::Text) => record.judge_line(&evaluate(), out),
            (Action::Run, OutputFormat::Json) => {
                let mut line = Vec::with_capacity(48);
                record.judge_line(&evaluate(), &mut line);
                let result = render::JsonResult {
                    result: render::judge_text(&line),
                };
                render::json_line(&self.json(record, result), out);
            }
            (Action::Explain, OutputFormat::Text) => {
                let mut text = String::new();
                record.explain(&evaluate(), &mut text);
                let _ = writeln!(text);
                out.extend_from_slice(format!("line {}: {text}", self.line).as_bytes());
            }
            (Action::Explain, OutputFormat::Json) => {
                let outcome = evaluate();
                let mut line = Vec::with_capacity(48);
                record.judge_line(&outcome, &mut line);
                let explanation = render::JsonExplanation {
                    result: render::judge_text(&line),
                    explanation: &outcome,
                };
                render::json_line(&self.json(record, explanation), out);
            }
            (Action::Parse, OutputFormat::Text) => {
                let mut text = format!("line {}: ", self.line);
                record.tree(&mut text);
                out.extend_from_slice(text.as_bytes());
            }
            (Action::Parse, OutputFormat::Json) => {
                render::json_line(&self.json(record, render::JsonTree { record }), out);
            }
        }
    }
}

/// Every record of a text, typed, with its outcome, and every diagnostic:
/// what [`analyze`] finds.
#[derive(Debug, Default)]
pub struct Analysis {
    /// The records framed, in input order, well-formed or not.
    pub records: Vec<Analyzed>,
    /// The diagnostics, in input order.
    pub diagnostics: Vec<Located>,
}

/// One record of an [`Analysis`].
#[derive(Debug)]
pub struct Analyzed {
    pub game: Game,
    /// Its first and last line.
    pub lines: (LineRef, LineRef),
    /// The typed record; `None` when it has faults of syntax.
    pub record: Option<Record>,
    /// The judge's outcome, with its reasoning; `None` when the record has
    /// faults (of syntax, or that the checks find).
    pub outcome: Option<Outcome>,
}

/// A diagnostic, with the lines of the record or problem it belongs to. A
/// report shows those lines around it.
#[derive(Debug)]
pub struct Located {
    pub diagnostic: Diagnostic,
    pub lines: (LineRef, LineRef),
}

/// Turns a text into its records, outcomes and diagnostics in one call. It is
/// the front end for whoever holds the whole text: an editor's buffer, a test,
/// a program of its own. It frames the text as [`process`] does, with the same
/// reader and framer. Then it parses, checks and evaluates each record with the
/// stages' own functions. A test holds the two equal on every example.
///
/// ```
/// use cardsharp::pipeline::analyze;
/// use cardsharp::syntax::{Layout, Mode};
///
/// let analysis = analyze(b"AC 3C 4C AS 7S 4S AD TD 7D 5D AH 7H 5H\nKS QS\n", Mode::Auto, Layout::Lines);
/// assert_eq!(analysis.records.len(), 2);
/// assert!(analysis.records[0].outcome.is_some());
/// assert_eq!(analysis.diagnostics[0].diagnostic.kind.code(), "card_count");
/// ```
#[must_use]
// Never panics: reading bytes in memory cannot fail.
#[allow(clippy::missing_panics_doc)]
pub fn analyze(text: &[u8], mode: Mode, layout: Layout) -> Analysis {
    match layout {
        Layout::Lines => analyze_framed::<Framer>(text, mode),
        Layout::Tokens => analyze_framed::<TokenFramer>(text, mode),
        Layout::Strict => analyze_framed::<StrictFramer>(text, mode),
    }
}

/// [`analyze`], with the layout's framer.
fn analyze_framed<F: Framing>(text: &[u8], mode: Mode) -> Analysis {
    let mut analysis = Analysis::default();
    let mut reader = BlockReader::<_, F>::new(text, mode, Isa::detect());
    let mut spare = FramedBlock::with_room();
    while let Some(framed) = reader
        .next_block(spare)
        .expect("reading bytes in memory cannot fail")
    {
        // Every record of the tokens layout is read with its line ends blanked,
        // as one that spans lines is. The block is blanked here when the framer
        // had no need to.
        let mut blanked = Vec::new();
        let block = if F::LAYOUT == Layout::Tokens && framed.blanked.is_empty() {
            read_line_ends_as_blanks(&framed.bytes, &mut blanked);
            Block {
                bytes: &blanked,
                base: framed.base,
            }
        } else {
            framed.to_read()
        };
        let mut one = |frame: Frame| {
            let lines = frame.lines();
            let mut diagnostics = Vec::new();
            // A problem is told on the bytes as they are: its fix may
            // need the line end after it.
            let read = match frame {
                Frame::Problem { .. } => framed.to_show(),
                _ => block,
            };
            let record = crate::syntax::record(&frame, &read, &mut diagnostics);
            let game = match frame {
                Frame::Bridge(_) => Some(Game::Bridge),
                Frame::Choker(_) => Some(Game::Choker),
                Frame::Whist(_) => Some(Game::Whist),
                Frame::Problem { .. } => None,
            };
            if game.is_some() && record.is_none() {
                check_cards_read(&frame, &block, &mut diagnostics);
            }
            if let Some(game) = game {
                let outcome = record
                    .as_ref()
                    .filter(|record| check::record(record, &mut diagnostics))
                    .map(crate::interpret::evaluate);
                analysis.records.push(Analyzed {
                    game,
                    lines,
                    record,
                    outcome,
                });
            }
            let shown = framed.to_show();
            analysis
                .diagnostics
                .extend(diagnostics.into_iter().map(|mut diagnostic| {
                    crate::syntax::with_line_ending(&mut diagnostic, &shown);
                    Located { diagnostic, lines }
                }));
        };
        for &entry in &framed.frames.entries {
            one(framed.frames.frame(entry));
        }
        spare = framed;
    }
    analysis
}

/// Runs a whole in-memory input through the pipeline. It is the library's
/// one-call entry point, for tests and embedding.
///
/// ```
/// use cardsharp::pipeline::{run_bytes, Action, Settings, OutputFormat};
/// use cardsharp::render::DiagnosticFormat;
/// use cardsharp::syntax::{Layout, Mode};
///
/// let settings = Settings {
///     mode: Mode::Auto,
///     layout: Layout::Lines,
///     action: Action::Run,
///     output: OutputFormat::Text,
///     diagnostics: DiagnosticFormat::Short,
/// };
/// let (results, reports, _) = run_bytes("hands", b"AC 3C 4C AS 7S 4S AD TD 7D 5D AH 7H 5H\n", &settings);
/// assert_eq!(results, "BID NO-TRUMP\n");
/// assert!(reports.is_empty());
/// ```
#[must_use]
// Never panics: reading bytes in memory cannot fail.
#[allow(clippy::missing_panics_doc)]
pub fn run_bytes(name: &str, input: &[u8], settings: &Settings) -> (String, String, Tally) {
    let mut out = Vec::new();
    let mut err = Vec::new();
    let tally = process(name, input, settings, &mut out, &mut err)
        .expect("reading bytes in memory cannot fail");
    (
        String::from_utf8_lossy(&out).into_owned(),
        String::from_utf8_lossy(&err).into_owned(),
        tally,
    )
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A writer that takes at most three bytes a call. It is interrupted every
    /// other call, as a slow pipe may be.
    struct Trickle {
        written: Vec<u8>,
        calls: usize,
    }

    impl Write for Trickle {
        fn write(&mut self, bytes: &[u8]) -> io::Result<usize> {
            self.calls += 1;
            if self.calls.is_multiple_of(2) {
                return Err(io::ErrorKind::Interrupted.into());
            }
            let taken = bytes.len().min(3);
            self.written.extend_from_slice(&bytes[..taken]);
            Ok(taken)
        }

        fn flush(&mut self) -> io::Result<()> {
            Ok(())
        }
    }

    /// Every input the tests have at hand. These are generated documents of
    /// each game and mixed, the shipped examples, and every malformed example
    /// and fuzz seed.
    fn inputs() -> Vec<Vec<u8>> {
        use crate::ast::Game;
        use crate::generate;
        let mut inputs: Vec<Vec<u8>> = [Game::Bridge, Game::Choker, Game::Whist]
            .into_iter()
            .map(|game| generate::document(game, 3000, 7, false).into_bytes())
            .collect();
        inputs.push(generate::document(Game::Whist, 300, 8, true).into_bytes());
        inputs.push(generate::mixed_document(40, 9, false).into_bytes());
        for folder in ["examples", "examples/malformed", "fuzz/seeds"] {
            let folder = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join(folder);
            for entry in std::fs::read_dir(folder).unwrap() {
                let path = entry.unwrap().path();
                if path.extension().is_some_and(|extension| extension == "txt") {
                    inputs.push(std::fs::read(path).unwrap());
                }
            }
        }
        inputs
    }

    /// Every copy of the hot loops this processor runs (the baseline's and
    /// x86-64-v3's) agree byte for byte. They agree for every action, output
    /// and diagnostics format, in both layouts.
    #[test]
    fn every_compiled_copy_of_the_hot_loops_gives_the_same_bytes() {
        let copies = Isa::runnable();
        let inputs = inputs();
        let actions = [Action::Run, Action::Check, Action::Explain, Action::Parse];
        let outputs = [OutputFormat::Text, OutputFormat::Json];
        let formats = [DiagnosticFormat::Short, DiagnosticFormat::Json];
        let every = actions.into_iter().flat_map(|action| {
            outputs.into_iter().flat_map(move |output| {
                formats.into_iter().flat_map(move |diagnostics| {
                    [Layout::Lines, Layout::Tokens]
                        .map(|layout| (action, output, diagnostics, layout))
                })
            })
        });
        for (action, output, diagnostics, layout) in every {
            let settings = Settings {
                mode: Mode::Auto,
                layout,
                action,
                output,
                diagnostics,
            };
            for input in &inputs {
                let run = |isa| {
                    let (mut out, mut err) = (Vec::new(), Vec::new());
                    let tally = process_on(isa, "input", &input[..], &settings, &mut out, &mut err)
                        .unwrap();
                    (out, err, tally)
                };
                let on_baseline = run(Isa::BASELINE);
                for &isa in &copies[1..] {
                    assert!(on_baseline == run(isa), "{settings:?} {isa:?}");
                }
            }
        }
    }

    /// `analyze` and the streaming pipeline are one front end. On every input,
    /// the pipeline's bytes are the judge lines of the analysis' outcomes and
    /// its diagnostics. The diagnostics are rendered as the pipeline renders
    /// them.
    #[test]
    fn analyze_and_the_pipeline_agree_on_every_input() {
        for input in inputs() {
            analyze_and_the_pipeline_agree(&input, Layout::Lines);
        }
    }

    /// As above, in the tokens layout, on every input as it is and reflowed.
    /// Reflowed records run over lines. Those whose tokens are all plain pairs
    /// are placed by the framer and read there. The others are read from their
    /// blanked bytes. The placed reading gives what the whole reading gives.
    #[test]
    fn analyze_and_the_pipeline_agree_in_the_tokens_layout() {
        for (seed, input) in (0..).zip(inputs()) {
            let text = String::from_utf8_lossy(&input);
            analyze_and_the_pipeline_agree(
                crate::generate::reflowed(&text, seed).as_bytes(),
                Layout::Tokens,
            );
            analyze_and_the_pipeline_agree(&input, Layout::Tokens);
        }
    }

    /// A reflowed whist deal read on the pool, with a card twice in its last
    /// row. Its report, drawn, shows the deal to its last row, as `analyze`
    /// shows it.
    #[test]
    fn a_reflowed_deal_is_reported_to_its_last_row() {
        use crate::ast::Game;
        let document = crate::generate::document(Game::Whist, 3, 5, false);
        let mut lines: Vec<String> = document.lines().map(str::to_owned).collect();
        // The second deal's west row: its last card made its first.
        let west = &mut lines[9];
        let first_card = west[..2].to_owned();
        let last_card = west.len() - 2;
        west.replace_range(last_card.., &first_card);
        let input = crate::generate::reflowed(&(lines.join("\n") + "\n"), 3);
        analyze_and_the_pipeline_agree(input.as_bytes(), Layout::Tokens);
        let human = DiagnosticFormat::Human {
            color: false,
            width: 100,
        };
        let settings = run_settings(Mode::Auto, Layout::Tokens, human);
        let (_, reports, tally) = run_bytes("input", input.as_bytes(), &settings);
        assert_eq!(tally.errors, 1, "{reports}");
        assert!(
            reports.contains(&first_card) && !reports.contains("Failed to read"),
            "{reports}"
        );
    }

    /// A file of bad hands written on one line, longer than a block, its first
    /// card a character of two bytes and a rank. Each drawn report shows its
    /// hand, not the line up to it: the reports grow with the line, not as its
    /// square. Each header still names the bad card's line and column in the
    /// file.
    #[test]
    fn a_report_deep_in_a_long_line_draws_its_record_not_the_line() {
        let hand = "KS QS TH 8H 4H AC QC ZZ 5C KD QD JD 8D";
        let count = BLOCK_SIZE / hand.len() + 100;
        let line = format!("é9{}\n", vec![hand; count].join(" ")).replacen("KS", "", 1);
        let human = DiagnosticFormat::Human {
            color: false,
            width: 100,
        };
        let settings = run_settings(Mode::Auto, Layout::Tokens, human);
        let (_, reports, tally) = run_bytes("input", line.as_bytes(), &settings);
        let columns: Vec<String> = line
            .match_indices("ZZ")
            .map(|(at, _)| format!("[input:1:{}]", line[..at].chars().count() + 1))
            .collect();
        let headers: Vec<&str> = reports
            .lines()
            .filter_map(|drawn| drawn.find("[input:").map(|at| &drawn[at..]))
            .collect();
        assert_eq!(tally.errors, 1 + count as u64);
        assert_eq!(headers[0], "[input:1:1]");
        let wrong = headers[1..].iter().zip(&columns).find(|(a, b)| a != b);
        assert_eq!((headers.len() - 1, wrong), (columns.len(), None));
        let widest = reports.lines().map(str::len).max().unwrap_or_default();
        assert!(widest < SHOWN_BEFORE_RECORD + 2 * hand.len(), "{widest}");
    }

    /// A reflowed whist deal framed through the token index gives `analyze`
    /// its first and last lines, numbers and all, as the token framer gives
    /// them when fed line by line.
    #[test]
    fn a_reflowed_deal_keeps_its_lines() {
        use crate::ast::Game;
        let text =
            crate::generate::reflowed(&crate::generate::document(Game::Whist, 200, 11, false), 12);
        let mut framed = Vec::new();
        let block = Block {
            bytes: text.as_bytes(),
            base: 0,
        };
        let mut emit = |frame: Frame| {
            if let Frame::Whist(lines) = frame {
                framed.push((lines[0], lines[4]));
            }
        };
        let mut token_framer = TokenFramer::new(Mode::Auto);
        for line in crate::syntax::Lines::new(block, 1) {
            token_framer.line(&line, &mut emit);
        }
        token_framer.finish(&mut emit);
        let analysis = analyze(text.as_bytes(), Mode::Auto, Layout::Tokens);
        let read: Vec<_> = analysis.records.iter().map(|record| record.lines).collect();
        assert_eq!(read.len(), 200);
        assert!(read.iter().any(|(first, last)| first.number != last.number));
        assert_eq!(read, framed);
    }

    /// A byte-order mark before an input longer than the first block changes no
    /// result and no report, in either layout. The first block's last line end
    /// must be counted from after the mark. Counted from before it, three bytes
    /// of the next line are framed early (false reports) or read past the block
    /// (a panic).
    #[test]
    fn a_byte_order_mark_before_a_long_input_changes_nothing() {
        let hand = "AC 3C 4C AS 7S 4S AD TD 7D 5D AH 7H 5H\n";
        for lines in [FIRST_BLOCK_SIZE / hand.len(), 2000] {
            for cut in 0..4 {
                let input = format!("{}{}", hand.repeat(lines), &hand[..cut]);
                for layout in [Layout::Lines, Layout::Tokens] {
                    let settings = run_settings(Mode::Auto, layout, DiagnosticFormat::Short);
                    let plain = run_bytes("input", input.as_bytes(), &settings);
                    let marked = format!("\u{feff}{input}");
                    let with_mark = run_bytes("input", marked.as_bytes(), &settings);
                    assert_eq!(with_mark.0, plain.0, "{lines} lines, cut {cut}, {layout:?}");
                    assert_eq!(with_mark.1, plain.1, "{lines} lines, cut {cut}, {layout:?}");
                }
            }
        }
    }

    /// The settings of `run` with its results as text, as most of these
    /// tests run it.
    fn run_settings(mode: Mode, layout: Layout, diagnostics: DiagnosticFormat) -> Settings {
        Settings {
            mode,
            layout,
            action: Action::Run,
            output: OutputFormat::Text,
            diagnostics,
        }
    }

    fn analyze_and_the_pipeline_agree(input: &[u8], layout: Layout) {
        let human = DiagnosticFormat::Human {
            color: false,
            width: 100,
        };
        for diagnostics in [DiagnosticFormat::Short, DiagnosticFormat::Json, human] {
            let settings = run_settings(Mode::Auto, layout, diagnostics);
            let (results, reports, _) = run_bytes("input", input, &settings);
            let analysis = analyze(input, Mode::Auto, layout);
            let mut judged = Vec::new();
            for analyzed in &analysis.records {
                if let (Some(record), Some(outcome)) = (&analyzed.record, &analyzed.outcome) {
                    render::judge_line(record, outcome, &mut judged);
                }
            }
            let whole = Block {
                bytes: input,
                base: 0,
            };
            let mut reported = Vec::new();
            for located in &analysis.diagnostics {
                let (first, last) = located.lines;
                let (start, first_column) = match layout {
                    Layout::Lines | Layout::Strict => (first.offset, 0),
                    Layout::Tokens => shown_from(&whole, first.offset, 0),
                };
                let window = Window {
                    name: "input",
                    text: &input[start..last.offset + last.len],
                    offset: start,
                    first_line: first.number,
                    first_column,
                };
                render::diagnostic(&located.diagnostic, &window, diagnostics, &mut reported);
            }
            assert_eq!(String::from_utf8_lossy(&judged), results);
            assert_eq!(String::from_utf8_lossy(&reported), reports);
        }
    }

    /// A report may name a line the reader has let go. One is the last line of
    /// a section before a long run of blank lines. Another is a block edge
    /// between a deal and what follows it. Such a line is shown without its
    /// text, never a panic, in every mode.
    #[test]
    fn reports_of_lines_let_go_are_shown_without_their_text() {
        let whist = std::fs::read_to_string(
            std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("examples/whist.txt"),
        )
        .unwrap();
        let lines: Vec<&str> = whist.lines().take(5).collect();
        let deal = lines.join("\n") + "\n";
        let rows = lines[1..].join("\n") + "\n";
        let row = "KS QS TH 8H 4H AC QC TC 5C KD QD JD 8D\n";
        let pairs = "Joey-1C3S2G5D4D\nClucky-QDKDQSKSJS\n".repeat(10);
        let aligned = format!("{}\n{}", " ".repeat(109), deal.repeat(103));
        let inputs = [
            deal.repeat(10) + &"\n".repeat(40_000),
            pairs.clone() + &"\n".repeat(40_000),
            pairs + &"\n".repeat(40_000) + row,
            aligned.clone() + "\n",
            aligned.clone() + "alice-AS2H3D4C5S\n#\n",
            aligned + &rows + "hello there\n",
            row.repeat(3) + &"this is just some prose text here\n".repeat(600) + row,
            format!("{row}NT\n{}{}\n{row}", row.repeat(4), "x".repeat(70_000)),
        ];
        let games = [Game::Bridge, Game::Choker, Game::Whist];
        for input in &inputs {
            for mode in [Mode::Auto].into_iter().chain(games.map(Mode::Forced)) {
                let settings = run_settings(mode, Layout::Lines, DiagnosticFormat::Json);
                let (_, reports, tally) = run_bytes("input", input.as_bytes(), &settings);
                assert!(tally.errors > 0, "{mode:?}");
                for report in reports.lines() {
                    assert!(serde_json::from_str::<serde_json::Value>(report).is_ok());
                }
            }
        }
    }

    #[test]
    fn vectored_writes_go_on_until_every_byte_is_out() {
        let pieces: [&[u8]; 4] = [b"", b"Joey vs Clucky: ", b"", b"Joey Wins\n"];
        let mut slices = pieces.map(IoSlice::new);
        let mut out = Trickle {
            written: Vec::new(),
            calls: 0,
        };
        write_all_vectored(&mut out, &mut slices).unwrap();
        assert_eq!(out.written, b"Joey vs Clucky: Joey Wins\n");
    }
}
