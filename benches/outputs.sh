#!/usr/bin/env bash
# Fingerprints of every output of a cardsharp binary, to compare two builds
# when a refactor must keep every output byte for byte:
#
#   bash benches/outputs.sh OLD_BINARY /tmp/out-old
#   bash benches/outputs.sh NEW_BINARY /tmp/out-new
#   diff -r /tmp/out-old /tmp/out-new      # nothing, when the outputs agree
#
# The inputs (made once in $INPUTS, /tmp/cardsharp-inputs by default) are the
# examples, the malformed files, generated files of each game in each layout,
# and a dozen damaged copies of each, made with a fixed seed. For each input
# one file in OUTDIR holds, per command, its exit code and the md5 of its
# stdout and stderr: raw outputs of damaged inputs run to gigabytes.
set -euo pipefail
binary=$(realpath "$1")
out=$(realpath -m "$2")
inputs=${INPUTS:-/tmp/cardsharp-inputs}
here=$(cd "$(dirname "$0")/.." && pwd)

if [ ! -d "$inputs" ]; then
    mkdir -p "$inputs"
    cp "$here"/examples/*.txt "$inputs"/
    for file in "$here"/examples/malformed/*; do cp "$file" "$inputs/m.$(basename "$file")"; done
    for game in bridge choker whist mixed; do
        for seed in 1 2 3; do
            "$binary" gen "$game" --count 60 --seed "$seed" > "$inputs/g.$game.$seed.lines.txt"
            "$binary" gen "$game" --count 60 --seed "$seed" --layout tokens > "$inputs/g.$game.$seed.tokens.txt"
            "$binary" gen "$game" --count 60 --seed "$seed" --rare > "$inputs/g.$game.$seed.rare.txt"
        done
    done
    python3 - "$inputs" <<'PY'
import os, random, sys
folder = sys.argv[1]
junk = ['SH', 'H.', 'END', '#', 'ENDD', 'Joey-', '-', 'S', 'N', 'hello world',
        '2S 3S', 'AS', 'XX', '  ', 'E N D', '#  ', 'Clucky-AS']

def damage(lines, rng):
    """One mistake a typist or a broken generator makes, at a random line."""
    i = rng.randrange(len(lines))
    kind = rng.randrange(9)
    if kind == 0 and len(lines) > 1:
        del lines[i]
    elif kind == 1:
        lines.insert(i, rng.choice(junk))
    elif kind == 2:
        lines.insert(i, rng.choice(lines))
    elif kind == 3 and lines[i]:
        j = rng.randrange(len(lines[i]))
        lines[i] = lines[i][:j] + lines[i][j + 1:]
    elif kind == 4:
        j = rng.randrange(len(lines[i]) + 1)
        lines[i] = lines[i][:j] + rng.choice('SHDCG23TJQKAX -#.\t') + lines[i][j:]
    elif kind == 5:
        j = rng.randrange(len(lines))
        lines[i], lines[j] = lines[j], lines[i]
    elif kind == 6 and i + 1 < len(lines):
        lines[i] = lines[i] + ' ' + lines.pop(i + 1)
    elif kind == 7:
        lines[i] = lines[i].lower()
    else:
        lines[i] += rng.choice(['', ' ', 'X', ' END', ' #'])

for name in sorted(os.listdir(folder)):
    text = open(os.path.join(folder, name), encoding='latin-1').read()
    for copy in range(12):
        rng = random.Random(f'{name}/{copy}')
        lines = text.split('\n')
        for _ in range(rng.randrange(1, 4)):
            damage(lines, rng)
        with open(os.path.join(folder, f'd.{copy}.{name}'), 'w', encoding='latin-1') as file:
            file.write('\n'.join(lines))
PY
fi

fingerprints() {
    local input=$1 binary=$2 out=$3
    local name
    name=$(basename "$input")
    local sums=$out/$name work
    work=$(mktemp -d)
    : > "$sums"
    each() {
        local label=$1 code=0
        shift
        "$@" > "$work/stdout" 2> "$work/stderr" || code=$?
        echo "$label $code $(md5sum < "$work/stdout" | cut -c1-12) $(md5sum < "$work/stderr" | cut -c1-12)" >> "$sums"
    }
    for layout in lines tokens; do
        for game in bridge choker whist; do
            each "run-$game-$layout" "$binary" run --game "$game" --layout "$layout" "$input"
        done
        each "run-$layout" "$binary" run --layout "$layout" "$input"
        for format in short json human; do
            each "check-$format-$layout" "$binary" check --color never --diagnostics "$format" --layout "$layout" "$input"
        done
        each "fmt-$layout" "$binary" fmt --check --layout "$layout" "$input"
        each "parse-$layout" "$binary" parse --layout "$layout" "$input"
        each "trace-$layout" "$binary" parse --trace --layout "$layout" "$input"
        each "explain-$layout" "$binary" explain --layout "$layout" "$input"
        # The fix writes the file: a copy, under one name, so that the path in
        # its report is the same for both binaries.
        mkdir -p "$work/$layout"
        cp "$input" "$work/$layout/$name"
        (cd "$work/$layout" && each "fix-$layout" "$binary" check --diagnostics short --fix --unsafe-fixes --layout "$layout" "$name")
        echo "fixed-$layout $(md5sum < "$work/$layout/$name" | cut -c1-12)" >> "$sums"
    done
    each strict "$binary" check --diagnostics short --strict "$input"
    each sarif "$binary" check --diagnostics sarif "$input"
    rm -rf "$work"
}
export -f fingerprints
mkdir -p "$out"
find "$inputs" -type f -print0 | xargs -0 -P "$(nproc)" -I{} bash -c 'fingerprints "$@"' _ {} "$binary" "$out"
echo "$(find "$inputs" -type f | wc -l) inputs fingerprinted in $out"
