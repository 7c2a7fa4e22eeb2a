#!/usr/bin/env bash
# The playground as a static site: `bash web/build.sh OUT` writes
# OUT/index.html (the page), OUT/cardsharp.wasm (the library compiled to
# WebAssembly, which the page runs), the examples and the grammar it
# shows, and, when `mdbook` is on PATH, the user guide in OUT/guide/. Any
# static host serves OUT: `python3 -m http.server -d OUT`, GitHub Pages.
# It needs cargo and rustup alone; it adds the wasm32 target if missing.
set -euo pipefail
out=${1:?usage: bash web/build.sh OUT}
mkdir -p "$out"
out=$(cd "$out" && pwd)
cd "$(dirname "$0")/.."

target=wasm32-unknown-unknown
if ! rustup target list --installed | grep -qx "$target"; then
  rustup target add "$target"
fi
# The `web` profile (Cargo.toml): optimised for size, no debug information.
cargo build --quiet -p cardsharp-web --lib --profile web --target "$target"
cp "${CARGO_TARGET_DIR:-target}/$target/web/cardsharp_web.wasm" "$out/cardsharp.wasm"
cargo run --quiet -p cardsharp-web --bin cardsharp-site -- "$out"

if command -v mdbook >/dev/null; then
  mdbook build docs --dest-dir "$out/guide"
fi
echo "web/build.sh: the playground is in $out ($(wc -c <"$out/cardsharp.wasm") bytes of module)"
