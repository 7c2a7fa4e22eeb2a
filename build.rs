//! Embeds the examples of `examples/malformed/`, one a code, so that
//! `cardsharp rule CODE` shows a code's example wherever it is installed.

use std::fmt::Write as _;
use std::path::Path;

fn main() {
    let folder = Path::new(env!("CARGO_MANIFEST_DIR")).join("examples/malformed");
    println!("cargo:rerun-if-changed={}", folder.display());
    let mut names: Vec<String> = std::fs::read_dir(&folder)
        .expect("examples/malformed is read")
        .filter_map(|entry| {
            let name = entry.ok()?.file_name().into_string().ok()?;
            name.strip_suffix(".txt").map(str::to_owned)
        })
        .collect();
    names.sort();
    let mut table =
        String::from("/// Each example, by the code it shows (`bridge.ten_as_digits`).\n");
    table.push_str("pub(crate) const EXAMPLES: &[(&str, &[u8])] = &[\n");
    for name in names {
        let path = folder.join(format!("{name}.txt"));
        let _ = writeln!(
            table,
            "    ({name:?}, include_bytes!({:?})),",
            path.display().to_string()
        );
    }
    table.push_str("];\n");
    let out = Path::new(&std::env::var("OUT_DIR").expect("cargo sets OUT_DIR")).join("examples.rs");
    std::fs::write(out, table).expect("OUT_DIR is writable");
}
