//! A progress bar over a streamed input, on a terminal. Only the binary has
//! it, so the library builds without indicatif.

use std::io::{self, Write};

use cardsharp::batch::Opened;
use cardsharp::pipeline::{self, Settings, Tally};

/// An input too large to batch, streamed, with a progress bar when asked.
pub(super) fn stream(
    input: Opened,
    settings: &Settings,
    out: &mut (impl Write + Send),
    err: &mut (impl Write + Send),
    show_progress: bool,
) -> io::Result<Tally> {
    if !show_progress {
        return pipeline::process(&input.name, input.reader, settings, out, err);
    }
    let bar = progress_bar(&input.name, input.length);
    let mut reports = Suspending {
        bar: &bar,
        inner: err,
    };
    let tally = pipeline::process(
        &input.name,
        bar.wrap_read(input.reader),
        settings,
        out,
        &mut reports,
    );
    bar.finish_and_clear();
    tally
}

/// Bytes read of `name`, against its length when known.
fn progress_bar(name: &str, length: Option<u64>) -> indicatif::ProgressBar {
    let bar = length.map_or_else(
        indicatif::ProgressBar::new_spinner,
        indicatif::ProgressBar::new,
    );
    let template = if length.is_some() {
        "{msg} {wide_bar} {bytes}/{total_bytes} {eta}"
    } else {
        "{msg} {spinner} {bytes} {bytes_per_sec}"
    };
    if let Ok(style) = indicatif::ProgressStyle::with_template(template) {
        bar.set_style(style);
    }
    bar.set_message(name.to_owned());
    bar
}

/// Diagnostics written while a progress bar is shown. The bar steps aside
/// for each write, so reports and bar never share a line.
struct Suspending<'a, W: Write> {
    bar: &'a indicatif::ProgressBar,
    inner: &'a mut W,
}

impl<W: Write> Write for Suspending<'_, W> {
    fn write(&mut self, bytes: &[u8]) -> io::Result<usize> {
        self.bar.suspend(|| {
            self.inner.write_all(bytes)?;
            self.inner.flush()?;
            Ok(bytes.len())
        })
    }

    fn flush(&mut self) -> io::Result<()> {
        self.bar.suspend(|| self.inner.flush())
    }
}
