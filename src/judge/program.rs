//! A program run on one input, as a judge runs it. The input goes on its
//! standard input, and its output and errors are kept. The run has a time
//! limit. On Unix it also has a process group of its own. The group is
//! ended whole when the program ends or its time is up. So nothing the
//! program started outlives the run.

use std::ffi::OsString;
use std::io::{self, Read, Write};
use std::path::PathBuf;
use std::process::{Child, Command, ExitStatus, Stdio};
use std::sync::Mutex;
use std::sync::atomic::{AtomicBool, Ordering};
use std::thread;
use std::time::{Duration, Instant};

/// The most output kept of a run. A program that prints without end is
/// judged on this much. The rest is read and dropped.
const KEPT_OUTPUT: u64 = 64 << 20;

/// A solution to run, and how long each run may take.
#[derive(Clone, Debug)]
pub struct Program {
    pub path: PathBuf,
    pub args: Vec<OsString>,
    pub time_limit: Duration,
}

/// How a run ended.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Ending {
    /// The program exited with this status.
    Exited(i32),
    /// A signal ended the program (Unix).
    Signalled(i32),
    /// The time limit passed, and the program was ended.
    TimedOut,
}

/// What a run left: how it ended, what it wrote, how long it took.
#[derive(Clone, Debug)]
pub struct Run {
    pub ending: Ending,
    pub stdout: Vec<u8>,
    pub stderr: Vec<u8>,
    pub time: Duration,
}

/// The process groups running now. An interrupted judge ends them before it
/// exits ([`end_every_run`]).
static RUNNING: Mutex<Vec<u32>> = Mutex::new(Vec::new());

/// Set once the judge is interrupted: no program starts after that.
static INTERRUPTED: AtomicBool = AtomicBool::new(false);

impl Program {
    /// Runs the program once with `input` on its standard input. An error
    /// is the program's not starting (not found, not executable).
    ///
    /// # Errors
    /// When the program cannot be started.
    pub fn run(&self, input: &[u8]) -> io::Result<Run> {
        let mut command = Command::new(&self.path);
        command
            .args(&self.args)
            .stdin(Stdio::piped())
            .stdout(Stdio::piped())
            .stderr(Stdio::piped());
        #[cfg(unix)]
        std::os::unix::process::CommandExt::process_group(&mut command, 0);
        // A program starts and is registered under one lock, so an
        // interruption ends it, or it never starts.
        let mut running = lock_running();
        if INTERRUPTED.load(Ordering::SeqCst) {
            return Err(io::Error::new(
                io::ErrorKind::Interrupted,
                "judge interrupted",
            ));
        }
        let started = Instant::now();
        let mut child = command.spawn()?;
        let id = child.id();
        running.push(id);
        drop(running);
        let stdin = child.stdin.take();
        let stdout = child.stdout.take();
        let stderr = child.stderr.take();
        let ending = thread::scope(|scope| {
            // A program that ends without reading its input closes the
            // pipe. The write fails, and that is no fault of the judge's.
            scope.spawn(move || stdin.map(|mut pipe| pipe.write_all(input)));
            let stdout = scope.spawn(move || kept(stdout));
            let stderr = scope.spawn(move || kept(stderr));
            let ending = self.wait(&mut child, started);
            // The program's own children, if it left any, end with it.
            end_group(&mut child);
            let joined =
                |reader: thread::ScopedJoinHandle<'_, Vec<u8>>| reader.join().unwrap_or_default();
            ending.map(|ending| (ending, joined(stdout), joined(stderr)))
        });
        lock_running().retain(|&running| running != id);
        let (ending, stdout, stderr) = ending?;
        Ok(Run {
            ending,
            stdout,
            stderr,
            time: started.elapsed(),
        })
    }

    /// Waits for the program to end, or for its time to be up. It polls
    /// more and more slowly. So a quick program is told quickly, and a slow
    /// one costs few wake-ups.
    fn wait(&self, child: &mut Child, started: Instant) -> io::Result<Ending> {
        let mut pause = Duration::from_micros(20);
        loop {
            if let Some(status) = child.try_wait()? {
                return Ok(ending_of(status));
            }
            if started.elapsed() >= self.time_limit {
                end_group(child);
                child.wait()?;
                return Ok(Ending::TimedOut);
            }
            thread::sleep(pause);
            pause = (pause * 2).min(Duration::from_millis(2));
        }
    }
}

/// Ends every program running now, with whatever it started. An interrupted
/// judge (Ctrl-C) calls it before it exits.
pub fn end_every_run() {
    let running = lock_running();
    INTERRUPTED.store(true, Ordering::SeqCst);
    for &id in running.iter() {
        end_group_of(id);
    }
}

fn lock_running() -> std::sync::MutexGuard<'static, Vec<u32>> {
    RUNNING
        .lock()
        .unwrap_or_else(std::sync::PoisonError::into_inner)
}

/// Everything a pipe gives, the first [`KEPT_OUTPUT`] bytes of it kept.
fn kept(pipe: Option<impl Read>) -> Vec<u8> {
    let mut bytes = Vec::new();
    if let Some(mut pipe) = pipe {
        let _ = (&mut pipe).take(KEPT_OUTPUT).read_to_end(&mut bytes);
        let _ = io::copy(&mut pipe, &mut io::sink());
    }
    bytes
}

#[cfg(unix)]
fn ending_of(status: ExitStatus) -> Ending {
    use std::os::unix::process::ExitStatusExt;
    match (status.code(), status.signal()) {
        (Some(code), _) => Ending::Exited(code),
        (None, Some(signal)) => Ending::Signalled(signal),
        (None, None) => Ending::Exited(-1),
    }
}

#[cfg(not(unix))]
fn ending_of(status: ExitStatus) -> Ending {
    Ending::Exited(status.code().unwrap_or(-1))
}

/// Ends the program's process group. That is the program, if it still runs,
/// and whatever it started.
#[cfg(unix)]
fn end_group(child: &mut Child) {
    end_group_of(child.id());
}

#[cfg(not(unix))]
fn end_group(child: &mut Child) {
    let _ = child.kill();
}

#[cfg(unix)]
fn end_group_of(id: u32) {
    use nix::sys::signal::{Signal, killpg};
    use nix::unistd::Pid;
    if let Ok(id) = i32::try_from(id) {
        // A group already gone is no error: the program ended whole.
        let _ = killpg(Pid::from_raw(id), Signal::SIGKILL);
    }
}

#[cfg(not(unix))]
fn end_group_of(_id: u32) {}
