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

# wall-clock seconds of one run of "$@", output discarded
seconds() {
  local start end
  start=$(date +%s.%N)
  "$@" > /dev/null
  end=$(date +%s.%N)
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

printf '%-8s %10s %10s %10s %8s %10s %12s\n' game bytes C run ratio check "peak MiB"
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
    c=$(least "$(seconds sh -c "'$work/$game' < '$input'")" "$c")
    rs=$(least "$(seconds "$bin" run "$input")" "$rs")
    check=$(least "$(seconds "$bin" check "$input")" "$check")
  done
  memory=$(peak "$bin" run "$input")
  printf '%-8s %10s %9.3fs %9.3fs %7.1fx %9.3fs %12s\n' "$game" "$(stat -c %s "$input")" "$c" "$rs" \
    "$(echo "$c $rs" | awk '{print $1 / $2}')" "$check" "$memory"
done

# 390 MB of bridge hands through a pipe: memory must stay flat.
pipe_memory=$(for _ in 1 2 3 4 5 6 7 8 9 10; do cat "$work/bridge.in"; done | /usr/bin/time -f %M "$bin" run 2>&1 >/dev/null | tail -n 1)
echo "bridge x10 through a pipe: peak $(echo "$pipe_memory" | awk '{printf "%.1f", $1 / 1024}') MiB"
