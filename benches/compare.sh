#!/usr/bin/env bash
# cardsharp against the plain C solutions in ../shared/reference, side by
# side in one run: same bytes out, the speed ratio, and peak memory.
#
#   bash benches/compare.sh [RUNS]
#
# Builds the C solutions with gcc -O2 and cardsharp in release mode,
# generates about a million bridge hands, 500k Choker hands and 100k whist
# deals, and times each program RUNS times (default 25, about a minute in
# all), keeping the fastest run of each, so that a noisy shared machine
# disturbs the ratio least. The
# runs take turns (C, run, check, C, run, check, ...), so that a slow
# spell of the machine falls on all three alike.
set -euo pipefail
# A decimal point in $EPOCHREALTIME, whatever the locale.
export LC_ALL=C
cd "$(dirname "$0")/.."
runs=${1:-25}
reference=${REFERENCE:-../shared/reference}
work=${WORK:-target/compare}
mkdir -p "$work"

# Wherever .cargo/config.toml (or CARGO_BUILD_TARGET) puts it.
bin=$(cargo build --release --message-format=json 2>/dev/null |
  grep -o '"executable":"[^"]*/cardsharp"' | cut -d'"' -f4)
for game in bridge choker whist; do
  gcc -O2 -o "$work/$game" "$reference/$game.c" 2>/dev/null
done

"$bin" gen bridge --count 1000000 --seed 1 > "$work/bridge.in"
"$bin" gen choker --count 250000 --seed 2 > "$work/choker.in"
"$bin" gen whist --count 100000 --seed 3 > "$work/whist.in"

# Wall-clock seconds of one run of "$@", reading $input on stdin (the C
# solutions read it there; cardsharp is given the path and ignores it),
# output discarded. Bash reads the clock itself ($EPOCHREALTIME) and opens
# the input before the program starts, so the time is the program's own
# run and nothing else: timing with `date` counted the start of two more
# processes (about 2.5 ms, an eighth of a Choker run), and running C under
# `sh -c` one more for C.
seconds() {
  local start=$EPOCHREALTIME
  "$@" < "$input" > /dev/null
  local end=$EPOCHREALTIME
  echo "$start $end" | awk '{print $2 - $1}'
}

# the smaller of two numbers
least() {
  echo "$1 ${2:-1e9}" | awk '{print ($1 < $2 ? $1 : $2)}'
}

# peak resident memory in MiB of one run of "$@"
peak() {
  /usr/bin/time -f %M "$@" 2>&1 >/dev/null | tail -n 1 | awk '{printf "%.1f", $1 / 1024}'
}

printf '%-8s %10s %10s %10s %8s %10s %12s\n' game bytes "C ms" "run ms" ratio "check ms" "peak MiB"
for game in bridge choker whist; do
  input="$work/$game.in"
  "$work/$game" < "$input" > "$work/$game.c.out"
  "$bin" run "$input" > "$work/$game.rs.out"
  if ! cmp -s "$work/$game.c.out" "$work/$game.rs.out"; then
    echo "$game: outputs differ" >&2
    exit 1
  fi
  c="" rs="" check=""
  for _ in $(seq "$runs"); do
    c=$(least "$(seconds "$work/$game")" "$c")
    rs=$(least "$(seconds "$bin" run "$input")" "$rs")
    check=$(least "$(seconds "$bin" check "$input")" "$check")
  done
  memory=$(peak "$bin" run "$input")
  printf '%-8s %10s %10.1f %10.1f %7.1fx %10.1f %12s\n' "$game" "$(stat -c %s "$input")" \
    "$(echo "$c" | awk '{print $1 * 1000}')" "$(echo "$rs" | awk '{print $1 * 1000}')" \
    "$(echo "$c $rs" | awk '{print $1 / $2}')" "$(echo "$check" | awk '{print $1 * 1000}')" "$memory"
done

# 390 MB of bridge hands through a pipe: memory must stay flat.
pipe_memory=$(for _ in 1 2 3 4 5 6 7 8 9 10; do cat "$work/bridge.in"; done | /usr/bin/time -f %M "$bin" run 2>&1 >/dev/null | tail -n 1)
echo "bridge x10 through a pipe: peak $(echo "$pipe_memory" | awk '{printf "%.1f", $1 / 1024}') MiB"
