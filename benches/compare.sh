#!/usr/bin/env bash
# cardsharp against the plain C solutions in src/package (each problem
# package's accepted solution), side by
# side in one run: same bytes out, the speed ratio, and peak memory.
#
#   bash benches/compare.sh [RUNS]
#
# Builds the C solutions with gcc -O2 and cardsharp in release mode,
# generates about a million bridge hands, 500k Choker hands and 100k whist
# deals, and times each program RUNS times (default 25, about two minutes
# in all). Then the tokens layout against the lines layout, likewise. The runs take turns (C, run, check, C, check, run, ...), so that a
# slow spell of the machine falls on all three alike; the columns are
# explained where they are printed.
set -euo pipefail
# A decimal point in $EPOCHREALTIME, whatever the locale.
export LC_ALL=C
cd "$(dirname "$0")/.."
runs=${1:-25}
reference=${REFERENCE:-src/package}
work=${WORK:-target/compare}
mkdir -p "$work"

# The portable build, as `cargo install` makes it (target/release, or
# wherever RUSTFLAGS, CARGO_TARGET_DIR or CARGO_BUILD_TARGET put it).
bin=$(cargo build --release --message-format=json 2>/dev/null |
  grep -o '"executable":"[^"]*/cardsharp"' | cut -d'"' -f4)
for game in bridge choker whist; do
  gcc -O2 -o "$work/$game" "$reference/$game.c" 2>/dev/null
done

"$bin" gen bridge --count 1000000 --seed 1 > "$work/bridge.in"
"$bin" gen choker --count 250000 --seed 2 > "$work/choker.in"
"$bin" gen whist --count 100000 --seed 3 > "$work/whist.in"
# The same records reflowed as the tokens layout: random blanks, line
# breaks anywhere.
"$bin" gen bridge --count 1000000 --seed 1 --layout tokens > "$work/bridge.tokens"
"$bin" gen choker --count 250000 --seed 2 --layout tokens > "$work/choker.tokens"
"$bin" gen whist --count 100000 --seed 3 --layout tokens > "$work/whist.tokens"

# Every input's pages in the kernel's cache laid out alike: written back,
# dropped, and read back once by the kernel's readahead. Fresh from
# `gen`, a file's cache is as its writes left it, and reading it cost
# twice the time of one read back (`cat` of 400 000 whist deals: 12 ms
# against 5), by an amount that differed from file to file and run to
# run: up to a tenth of a whist run, enough to decide a comparison of
# the layouts. `dd iflag=nocache` (GNU) drops the pages; where
# it cannot, the files are only read once more.
for input in "$work"/*.in "$work"/*.tokens; do
  sync "$input" 2>/dev/null || true
  dd if="$input" iflag=nocache count=0 status=none 2>/dev/null || true
  cat "$input" > /dev/null
done

# Wall-clock seconds of one run of "$@", reading $input on stdin (the C
# solutions read it there; cardsharp is given the path and ignores it),
# output discarded, then the seconds of processor time it took (user and
# system, all its threads). Bash reads the clock itself ($EPOCHREALTIME)
# and opens the input before the program starts, so the time is the
# program's own run and nothing else: timing with `date` counted the start
# of two more processes (about 2.5 ms, an eighth of a Choker run), and
# running C under `sh -c` one more for C. The processor time is what
# `times` says the shell's children took: run in the command
# substitution's own shell, the program is that shell's only child
# (`times` is written to a file, as a command substitution of its own
# would be another shell, without children).
seconds() {
  local start=$EPOCHREALTIME
  # stderr too: a clean `check` says so in one line there.
  "$@" < "$input" > /dev/null 2> /dev/null
  local end=$EPOCHREALTIME
  local user system
  times > "$work/times"
  { read -r _ && read -r user system; } < "$work/times"
  echo "$start $end $user $system" | awk '
    # "1m2.345s" as seconds
    function seconds(time) { split(time, part, /[ms]/); return part[1] * 60 + part[2] }
    { print $2 - $1, seconds($3) + seconds($4) }'
}

# The median of the numbers on standard input, one a line.
median() {
  sort -g | awk '{ n[NR] = $1 } END { print (NR % 2 ? n[(NR + 1) / 2] : (n[NR / 2] + n[NR / 2 + 1]) / 2) }'
}

# The fastest of the times in column $1 of $turns, in ms.
fastest() {
  printf '%s' "$turns" | awk -v column="$1" '{ print $column * 1000 }' | sort -g | head -n 1
}

# peak resident memory in MiB of one run of "$@"
peak() {
  /usr/bin/time -f %M "$@" 2>&1 >/dev/null | tail -n 1 | awk '{printf "%.1f", $1 / 1024}'
}

# Columns: the fastest run of each program (C, run, check), and the ratio
# of the fastest C run to the fastest cardsharp run, which is the speed-up.
# Then `check` against `run` turn by turn: the median over the turns of
# check's time over run's in the same turn. The two run in the same
# moment of the machine, which a slow spell (it lasts seconds to minutes)
# slows alike, so this compares them more steadily than two fastest runs
# taken at different moments. For C against cardsharp the fastest runs are
# the fairer measure: a disturbance of a few milliseconds is a large part
# of a 20 ms run and a small part of a 200 ms one.
printf '%-8s %10s %8s %8s %8s %8s %10s %9s\n' \
  game bytes "C ms" "run ms" "check ms" ratio "check/run" "peak MiB"
for game in bridge choker whist; do
  input="$work/$game.in"
  "$work/$game" < "$input" > "$work/$game.c.out"
  "$bin" run "$input" > "$work/$game.rs.out"
  if ! cmp -s "$work/$game.c.out" "$work/$game.rs.out"; then
    echo "$game: outputs differ" >&2
    exit 1
  fi
  # run and check swap places every other turn: a program started right
  # after another measures about 3% slower (the one before is still being
  # torn down), which would otherwise always fall on check.
  turns=""
  for turn in $(seq "$runs"); do
    c=$(seconds "$work/$game")
    if ((turn % 2)); then
      rs=$(seconds "$bin" run "$input")
      check=$(seconds "$bin" check "$input")
    else
      check=$(seconds "$bin" check "$input")
      rs=$(seconds "$bin" run "$input")
    fi
    turns+="$c $rs $check"$'\n'
  done
  # Each program's two columns: wall-clock and processor seconds.
  c=$(fastest 1) rs=$(fastest 3) check=$(fastest 5)
  check_vs_run=$(printf '%s' "$turns" | awk '{ print $5 / $3 }' | median)
  memory=$(peak "$bin" run "$input")
  printf '%-8s %10s %8.1f %8.1f %8.1f %7.1fx %10.2f %9s\n' "$game" "$(stat -c %s "$input")" \
    "$c" "$rs" "$check" "$(echo "$c $rs" | awk '{print $1 / $2}')" "$check_vs_run" "$memory"
done

# The tokens layout against the lines layout on the same records, in
# turns as above: `run` on the file as generated; `run --layout tokens` on
# it ("same bytes"); `run --layout tokens` on its records reflowed. All
# three must print the same bytes. Columns: the fastest run of each, and
# each tokens run's fastest over the lines run's fastest; then, as for
# check/run, the median over the turns of each tokens run's time over the
# lines run's in the same turn. Runs this short vary by up to half their
# time from one to the next (the pool's two threads are placed anew each
# run), and a ratio of two fastest runs by a tenth from one script's run
# to the next; the medians of the turns' ratios move less.
# Last, the processor time of all the turns of each tokens run over that
# of the lines runs (`cpu same`, `cpu reflowed`): the work done, on both
# threads, without the moments a thread waits for the other.
echo
printf '%-8s %9s %9s %12s %11s %15s %11s %15s %8s %12s\n' \
  game "lines ms" "same ms" "reflowed ms" same/lines reflowed/lines "median same" "median reflowed" \
  "cpu same" "cpu reflowed"
for game in bridge choker whist; do
  input="$work/$game.in"
  reflowed_input="$work/$game.tokens"
  "$bin" run --layout tokens "$input" > "$work/$game.same.out"
  "$bin" run --layout tokens "$reflowed_input" > "$work/$game.reflowed.out"
  for out in same reflowed; do
    if ! cmp -s "$work/$game.rs.out" "$work/$game.$out.out"; then
      echo "$game: the tokens layout ($out) prints other bytes" >&2
      exit 1
    fi
  done
  turns=""
  for turn in $(seq "$runs"); do
    if ((turn % 2)); then
      lines=$(seconds "$bin" run "$input")
      same=$(seconds "$bin" run --layout tokens "$input")
      reflowed=$(seconds "$bin" run --layout tokens "$reflowed_input")
    else
      reflowed=$(seconds "$bin" run --layout tokens "$reflowed_input")
      same=$(seconds "$bin" run --layout tokens "$input")
      lines=$(seconds "$bin" run "$input")
    fi
    turns+="$lines $same $reflowed"$'\n'
  done
  lines=$(fastest 1) same=$(fastest 3) reflowed=$(fastest 5)
  same_turns=$(printf '%s' "$turns" | awk '{ print $3 / $1 }' | median)
  reflowed_turns=$(printf '%s' "$turns" | awk '{ print $5 / $1 }' | median)
  read -r cpu_same cpu_reflowed < <(printf '%s' "$turns" |
    awk '{ lines += $2; same += $4; reflowed += $6 } END { print same / lines, reflowed / lines }')
  printf '%-8s %9.1f %9.1f %12.1f %11.2f %15.2f %11.2f %15.2f %8.3f %12.3f\n' "$game" "$lines" "$same" "$reflowed" \
    "$(echo "$same $lines" | awk '{print $1 / $2}')" "$(echo "$reflowed $lines" | awk '{print $1 / $2}')" \
    "$same_turns" "$reflowed_turns" "$cpu_same" "$cpu_reflowed"
done
echo

# 390 MB of bridge hands through a pipe: memory must stay flat.
pipe_memory=$(for _ in 1 2 3 4 5 6 7 8 9 10; do cat "$work/bridge.in"; done | /usr/bin/time -f %M "$bin" run 2>&1 >/dev/null | tail -n 1)
echo "bridge x10 through a pipe: peak $(echo "$pipe_memory" | awk '{printf "%.1f", $1 / 1024}') MiB"
