#!/usr/bin/env bash
# The guard against slowing down: instructions per record of each game's
# `run` and `check`, and of `run` in the tokens layout on a reflowed file,
# counted by callgrind, against the baseline committed
# in benches/instructions.baseline. Fails when any count rises by more
# than 3%.
#
#   bash benches/instructions.sh            compare with the baseline
#   bash benches/instructions.sh --update   write the baseline anew, after
#                                           a slowdown that is deliberate
#
# Instructions, not seconds: callgrind counts the same for the same binary
# and input whatever else the machine is doing, so a 3% rise is a real one
# and not a slow spell of a shared machine. The release binary runs on one
# worker (`--jobs 1`), so the count does not depend on how the pool's
# threads share the work. A record's count is the run's count less that of
# an empty input (start-up: the dynamic loader, the argument parser, the
# pool), divided by the number of records.
#
# The count depends on the compiler and on the instructions the processor
# offers (see src/cpu.rs): the baseline is this project's machines', read
# under valgrind, which offers AVX2.
set -euo pipefail
export LC_ALL=C
cd "$(dirname "$0")/.."
baseline=benches/instructions.baseline
tolerance=3
work=${WORK:-target/instructions}
mkdir -p "$work"

if ! command -v valgrind >/dev/null; then
  echo "instructions.sh: valgrind is needed (Debian: apt-get install valgrind)" >&2
  exit 2
fi

bin=$(cargo build --release --message-format=json |
  grep -o '"executable":"[^"]*/cardsharp"' | cut -d'"' -f4)
if [[ ! -x $bin ]]; then
  echo "instructions.sh: the release build did not give a binary" >&2
  exit 2
fi

# game, records: enough that start-up is a small part of the count, few
# enough that callgrind takes seconds. Each game's records are written in
# the line layout, and reflowed as the tokens layout (`gen --layout
# tokens`): the row `tokens` is `run --layout tokens` on the latter.
inputs="bridge 50000
choker 25000
whist 5000"
while read -r game records; do
  "$bin" gen "$game" --count "$records" --seed 1 > "$work/$game.in"
  "$bin" gen "$game" --count "$records" --seed 1 --layout tokens > "$work/$game.tokens"
done <<< "$inputs"
: > "$work/empty.in"

# Instructions callgrind counts for `cardsharp ACTION --jobs 1 FILE`, the
# action's words first, the file last.
instructions() {
  local count
  count=$(valgrind --tool=callgrind --callgrind-out-file=/dev/null \
    "$bin" "${@:1:$#-1}" --jobs 1 "${@: -1}" 2>&1 >/dev/null |
    sed -n 's/.*Collected : \([0-9]*\).*/\1/p')
  if [[ -z $count ]]; then
    echo "instructions.sh: callgrind gave no count for $*" >&2
    exit 2
  fi
  echo "$count"
}

measured=""
for action in run check tokens; do
  case $action in
    tokens) words=(run --layout tokens) extension=tokens ;;
    *) words=("$action") extension=in ;;
  esac
  start_up=$(instructions "${words[@]}" "$work/empty.in")
  while read -r game records; do
    total=$(instructions "${words[@]}" "$work/$game.$extension")
    measured+="$game $action $(( (total - start_up) / records ))"$'\n'
  done <<< "$inputs"
done

if [[ ${1:-} == --update ]]; then
  {
    echo "# game action instructions-per-record: written by"
    echo "# 'bash benches/instructions.sh --update'; read by the same script without it."
    printf '%s' "$measured"
  } > "$baseline"
  printf '%s' "$measured"
  echo "instructions.sh: baseline written to $baseline"
  exit 0
fi

failed=0
printf '%-8s %-6s %10s %10s %8s\n' game action baseline measured change
while read -r game action count; do
  expected=$(awk -v g="$game" -v a="$action" '$1 == g && $2 == a { print $3 }' "$baseline")
  if [[ -z $expected ]]; then
    echo "instructions.sh: no baseline for $game $action; run with --update" >&2
    exit 2
  fi
  change=$(awk -v m="$count" -v e="$expected" 'BEGIN { printf "%+.1f%%", 100 * (m - e) / e }')
  verdict=""
  if awk -v m="$count" -v e="$expected" -v t="$tolerance" 'BEGIN { exit !(m > e * (1 + t / 100)) }'; then
    verdict="  slower by more than $tolerance%"
    failed=1
  fi
  printf '%-8s %-6s %10s %10s %8s%s\n' "$game" "$action" "$expected" "$count" "$change" "$verdict"
done <<< "$(printf '%s' "$measured")"

if ((failed)); then
  echo "instructions.sh: the hot path got slower. If that is deliberate, refresh the baseline with 'bash benches/instructions.sh --update' and say why in the commit." >&2
  exit 1
fi
