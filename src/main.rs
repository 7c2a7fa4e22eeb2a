fn main() -> std::process::ExitCode {
    cardsharp::cli::main(std::env::args_os())
}
