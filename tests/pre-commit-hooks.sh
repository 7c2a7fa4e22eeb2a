#!/usr/bin/env bash
# The hooks of .pre-commit-hooks.yaml as a user's repository runs them,
# through `pre-commit try-repo` on this repository: cardsharp-check fails
# on a faulty file and names its diagnostic, and passes a clean one;
# cardsharp-fmt rewrites a file off the canonical layout (which fails the
# hook, as pre-commit fails any hook that changes a file) and passes it
# once rewritten. PRE_COMMIT names the pre-commit to run.
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
printf '%s\n' "${hand//QS /QS  }" > spaced.whist
git add .

hook() {
  "$pre_commit" try-repo --color never "$repository" "$@" 2>&1
}

if output=$(hook cardsharp-check --files faulty.bridge); then
  echo "cardsharp-check passed a faulty file:" >&2
  echo "$output" >&2
  exit 1
fi
grep -F 'faulty.bridge:1:1: error[cardsharp::bridge::card_count]' <<<"$output"
hook cardsharp-check --files clean.bridge
if output=$(hook cardsharp-fmt --files spaced.whist); then
  echo "cardsharp-fmt left a file off the canonical layout:" >&2
  echo "$output" >&2
  exit 1
fi
grep -F 'files were modified by this hook' <<<"$output"
[[ $(cat spaced.whist) == "$hand" ]]
hook cardsharp-fmt --files spaced.whist clean.bridge
echo "pre-commit hooks: check fails a faulty file and passes a clean one; fmt rewrites"
