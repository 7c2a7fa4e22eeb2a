//! `cardsharp-site OUT`: writes the playground's page and the data it
//! fetches (the examples, the grammar) into the folder `OUT`, which
//! `web/build.sh` completes with the WebAssembly module and the guide.

use std::path::PathBuf;
use std::process::ExitCode;

use cardsharp::playground::site;

fn main() -> ExitCode {
    let Some(out) = std::env::args_os().nth(1).map(PathBuf::from) else {
        eprintln!("usage: cardsharp-site OUT");
        return ExitCode::from(2);
    };
    let written = std::fs::create_dir_all(&out).and_then(|()| {
        site::files()
            .iter()
            .try_for_each(|file| std::fs::write(out.join(file.name), &file.body))
    });
    match written {
        Ok(()) => ExitCode::SUCCESS,
        Err(problem) => {
            eprintln!("cardsharp-site: {}: {problem}", out.display());
            ExitCode::FAILURE
        }
    }
}
