//! Throughput of each stage for each game, on generated input: parsing
//! (framing and the record rules), checking, and evaluating, then the
//! whole pipeline on one thread. `cargo bench`; `benches/compare.sh` sets
//! the whole program against the C solutions.

use std::hint::black_box;

use cardsharp::ast::Game;
use cardsharp::generate;
use cardsharp::pipeline::{Action, OutputFormat, Settings, run_bytes};
use cardsharp::render::DiagnosticFormat;
use cardsharp::syntax::document::document;
use cardsharp::syntax::{self, Block, Frame, Layout, Mode};
use cardsharp::{check, interpret};
use criterion::{Criterion, Throughput, criterion_group, criterion_main};

fn frames(input: &[u8]) -> Vec<Frame> {
    let mut frames = Vec::new();
    document(
        Block {
            bytes: input,
            base: 0,
        },
        Mode::Auto,
        &mut |frame| frames.push(frame),
    );
    frames
}

fn stages(c: &mut Criterion) {
    for (game, count) in [
        (Game::Bridge, 20_000),
        (Game::Choker, 10_000),
        (Game::Whist, 2_000),
    ] {
        let input = generate::document(game, count, 1, false).into_bytes();
        let block = Block {
            bytes: &input,
            base: 0,
        };
        let framed = frames(&input);
        let records: Vec<_> = framed
            .iter()
            .filter_map(|frame| syntax::record(frame, &block, &mut Vec::new()))
            .collect();
        let mut group = c.benchmark_group(game.name());
        group.throughput(Throughput::Bytes(input.len() as u64));
        group.bench_function("frame", |b| b.iter(|| frames(black_box(&input))));
        group.bench_function("parse", |b| {
            b.iter(|| {
                let mut diagnostics = Vec::new();
                framed
                    .iter()
                    .filter_map(|frame| syntax::record(frame, &block, &mut diagnostics))
                    .count()
            });
        });
        group.bench_function("check", |b| {
            b.iter(|| {
                records
                    .iter()
                    .filter(|record| check::record(record, &mut Vec::new()))
                    .count()
            });
        });
        group.bench_function("evaluate", |b| {
            b.iter(|| {
                for record in &records {
                    black_box(interpret::evaluate(record));
                }
            });
        });
        let settings = Settings {
            mode: Mode::Auto,
            layout: Layout::Lines,
            action: Action::Run,
            output: OutputFormat::Text,
            diagnostics: DiagnosticFormat::Short,
        };
        group.bench_function("run", |b| {
            b.iter(|| run_bytes("bench", black_box(&input), &settings));
        });
        group.finish();
    }
}

criterion_group!(benches, stages);
criterion_main!(benches);
