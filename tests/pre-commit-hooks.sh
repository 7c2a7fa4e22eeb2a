#!/usr/bin/env bash
# The hooks of .pre-commit-hooks.yaml as a user's repository runs them,
# through `pre-commit try-repo` on this repository. First on a faulty
# file and one off the canonical layout: cardsharp-check fails and names
# the diagnostic; cardsharp-fmt rewrites the second (which fails the
# hook, as pre-commit fails any hook that changes a file). Then on clean
# files, the rewritten one among them: both hooks pass.
#
# Each try-repo builds the binary with `cargo install` into a store of
# its own, so the script calls it twice only. PRE_COMMIT names the
# pre-commit to run.
set -euo pipefail
repository=$(cd "$(dirname "$0")/.." && pwd)
pre_commit=${PRE_COMMIT:-pre-commit}
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
cd "$work"
git init -q
hand='KS QS TH 8H 4H AC QC TC 5C KD QD JD 8D'
printf '%s\n' "$hand" > clean.bridge
printf '%s\n' "${hand% 8D}" > faulty.bridge
printf '%s\n' "${hand//QS /QS  }" > spaced.in
git add .

hooks() {
  "$pre_commit" try-repo --color never "$repository" --files "$@" 2>&1
}

if output=$(hooks faulty.bridge spaced.in); then
  echo "the hooks passed a faulty file:" >&2
  echo "$output" >&2
  exit 1
fi
echo "$output"
grep -q -F 'faulty.bridge:1:1: error[cardsharp::bridge::card_count]' <<<"$output"
grep -q -F 'files were modified by this hook' <<<"$output"
[[ $(cat spaced.in) == "$hand" ]]
hooks clean.bridge spaced.in
echo "pre-commit hooks: check fails a faulty file and passes clean ones; fmt rewrites"
