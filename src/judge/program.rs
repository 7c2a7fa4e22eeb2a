//! A program run on one input, as a judge runs it. The input goes on its
//! standard input, and its output and errors are kept. On Unix it has a
//! process group of its own. The group is ended whole when the program
//! ends or its time is up. So nothing the program started outlives the run.
//!
//! The time limit is of CPU time, as the judges (Kattis, `DOMjudge`) count it: the user
//! and system time of the whole group, from the kernel's accounting
//! (`/proc`), so that a busy machine slows a run without failing it. A
//! wall-clock limit stops a program that waits without end. Where there is
//! no `/proc` (other than Linux), the time limit is of wall-clock time.

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

/// Whether runs are limited and measured in CPU time here. Elsewhere the
/// time limit is of wall-clock time.
pub const CPU_TIME: bool = cfg!(target_os = "linux");

/// How often a running program's CPU time is read: as soon as its group's
/// CPU time reaches the limit, within this much, it is stopped.
const CPU_POLL: Duration = Duration::from_millis(10);

/// A solution to run, and how long each run may take: `time_limit` of CPU
/// time (wall-clock time where [`CPU_TIME`] is false), and `wall_limit` of
/// wall-clock time.
#[derive(Clone, Debug)]
pub struct Program {
    pub path: PathBuf,
    pub args: Vec<OsString>,
    pub time_limit: Duration,
    pub wall_limit: Duration,
}

/// Which limit a run passed.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Limit {
    /// The CPU time of its process group.
    Cpu,
    /// The wall clock: it waited, or it ran where CPU time is not measured.
    WallClock,
}

/// How a run ended.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Ending {
    /// The program exited with this status.
    Exited(i32),
    /// A signal ended the program (Unix).
    Signalled(i32),
    /// A limit passed, and the program was ended.
    TimedOut(Limit),
}

/// What a run left: how it ended, what it wrote, how long it took. The CPU
/// time is the group's, where [`CPU_TIME`] holds.
#[derive(Clone, Debug)]
pub struct Run {
    pub ending: Ending,
    pub stdout: Vec<u8>,
    pub stderr: Vec<u8>,
    pub wall_time: Duration,
    pub cpu_time: Option<Duration>,
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
        let ended = thread::scope(|scope| {
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
        let wall_time = started.elapsed();
        lock_running().retain(|&running| running != id);
        let ((ending, cpu_time), stdout, stderr) = ended?;
        Ok(Run {
            ending,
            stdout,
            stderr,
            wall_time,
            cpu_time,
        })
    }

    /// Waits for the program to end, or for a limit to pass: how it ended,
    /// and its group's CPU time. It polls more and more slowly, so a quick
    /// program is told quickly, and a slow one costs few wake-ups; the
    /// group's CPU time is read every [`CPU_POLL`] of a run.
    fn wait(&self, child: &mut Child, started: Instant) -> io::Result<(Ending, Option<Duration>)> {
        let wall_limit = if CPU_TIME {
            self.wall_limit
        } else {
            self.time_limit
        };
        let mut pause = Duration::from_micros(20);
        let mut next_reading = started + CPU_POLL;
        let mut cpu = None;
        loop {
            if cpu_clock::has_ended(child)? {
                // Read before the program is reaped: its own time, with that
                // of the children it waited for, is its account's last word.
                let last = cpu_clock::ended_process(child.id());
                let cpu = cpu.max(last);
                return Ok((ending_of(child.wait()?), cpu));
            }
            if Instant::now() >= next_reading {
                cpu = cpu_clock::group(child.id());
                // From now: a judge slowed down reads no more often.
                next_reading = Instant::now() + CPU_POLL;
                if cpu.is_some_and(|cpu| cpu >= self.time_limit) {
                    end_group(child);
                    child.wait()?;
                    return Ok((Ending::TimedOut(Limit::Cpu), cpu));
                }
            }
            if started.elapsed() >= wall_limit {
                end_group(child);
                child.wait()?;
                return Ok((Ending::TimedOut(Limit::WallClock), cpu));
            }
            thread::sleep(pause);
            pause = (pause * 2).min(Duration::from_millis(2));
        }
    }
}

/// The kernel's accounting of CPU time, read from `/proc`.
#[cfg(target_os = "linux")]
mod cpu_clock {
    use std::io;
    use std::process::Child;
    use std::sync::OnceLock;
    use std::time::Duration;

    use nix::sys::wait::{Id, WaitPidFlag, WaitStatus, waitid};
    use nix::unistd::{Pid, SysconfVar, sysconf};

    /// Whether the program has ended. It is not reaped: its account stays
    /// readable until [`Child::wait`].
    pub(super) fn has_ended(child: &mut Child) -> io::Result<bool> {
        let id = i32::try_from(child.id()).map_err(io::Error::other)?;
        let flags = WaitPidFlag::WEXITED | WaitPidFlag::WNOWAIT | WaitPidFlag::WNOHANG;
        match waitid(Id::Pid(Pid::from_raw(id)), flags) {
            Ok(WaitStatus::StillAlive) => Ok(false),
            Ok(_) => Ok(true),
            Err(error) => Err(error.into()),
        }
    }

    /// The CPU time of an ended, unreaped process: its own, and that of the
    /// children it waited for.
    pub(super) fn ended_process(id: u32) -> Option<Duration> {
        let stat = std::fs::read_to_string(format!("/proc/{id}/stat")).ok()?;
        Some(time_of(&Stat::parse(&stat)?))
    }

    /// The CPU time of process group `group`: each of its processes' own,
    /// and that of the children each waited for. `None` when `/proc` cannot
    /// be read.
    pub(super) fn group(group: u32) -> Option<Duration> {
        let group = u64::from(group);
        let mut total = Duration::ZERO;
        for entry in std::fs::read_dir("/proc").ok()?.flatten() {
            let name = entry.file_name();
            if !name
                .to_string_lossy()
                .bytes()
                .all(|byte| byte.is_ascii_digit())
            {
                continue;
            }
            // A process may end between the listing and the reading.
            let Ok(stat) = std::fs::read_to_string(entry.path().join("stat")) else {
                continue;
            };
            if let Some(stat) = Stat::parse(&stat)
                && stat.group == group
            {
                total += time_of(&stat);
            }
        }
        Some(total)
    }

    /// The fields of `/proc/PID/stat` the clock needs (proc(5)).
    struct Stat {
        group: u64,
        /// User and system time, the process's and its waited children's,
        /// in clock ticks.
        ticks: u64,
    }

    impl Stat {
        fn parse(stat: &str) -> Option<Stat> {
            // The command's name, in parentheses, may hold anything: the
            // fields are counted after its last `)`, from the state (3).
            let fields: Vec<&str> = stat[stat.rfind(')')? + 1..].split_whitespace().collect();
            let field = |number: usize| fields.get(number - 3)?.parse::<u64>().ok();
            Some(Stat {
                group: field(5)?,
                ticks: field(14)? + field(15)? + field(16)? + field(17)?,
            })
        }
    }

    fn time_of(stat: &Stat) -> Duration {
        static TICKS_PER_SECOND: OnceLock<u64> = OnceLock::new();
        let per_second = *TICKS_PER_SECOND.get_or_init(|| {
            sysconf(SysconfVar::CLK_TCK)
                .ok()
                .flatten()
                .and_then(|ticks| u64::try_from(ticks).ok())
                .filter(|&ticks| ticks > 0)
                .unwrap_or(100)
        });
        Duration::from_secs(stat.ticks) / u32::try_from(per_second).unwrap_or(100)
    }
}

/// No CPU time where there is no `/proc`: runs are timed on the wall clock.
#[cfg(not(target_os = "linux"))]
mod cpu_clock {
    use std::io;
    use std::process::Child;
    use std::time::Duration;

    pub(super) fn has_ended(child: &mut Child) -> io::Result<bool> {
        child.try_wait().map(|status| status.is_some())
    }

    pub(super) fn ended_process(_id: u32) -> Option<Duration> {
        None
    }

    pub(super) fn group(_group: u32) -> Option<Duration> {
        None
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
