#!/usr/bin/env bash
# Repeated code in production files, the measure of issue 33 (at most 200 pairs): copies the files git tracks, less
# tests (*.test.ts(x), */test/, e2e/), test data generators (*.arbitrary.ts) and golden data (__fixtures__/,
# golden.*), to a temporary folder and runs `duplicates` there, printing its count line and the longest pair.
# `duplicates` is a tool of the developers' machines, not an npm package: this script is for people, not CI.
#   scripts/duplicates-production.sh            # the whole repo
#   scripts/duplicates-production.sh svc-auth   # only what lies under the given paths
#   MOST=40 scripts/duplicates-production.sh    # more rows (default 1)
set -euo pipefail
cd "$(dirname "$0")/.."

command -v duplicates >/dev/null || { echo "duplicates: no such command on this machine" >&2; exit 1; }
dir=$(mktemp -d "${TMPDIR:-/tmp}/kinfolio-dup.XXXXXX")
trap 'rm -rf "$dir"' EXIT

git ls-files -z -- "${@:-.}" \
  | grep -z -v -E '\.test\.tsx?$|(^|/)test/|^e2e/|\.arbitrary\.ts$|(^|/)__fixtures__/|(^|/)golden\.' \
  | tar --null -cf - -T - | tar -xf - -C "$dir"

# outside a git checkout, duplicates reads every file below the folder
(cd "$dir" && duplicates --most "${MOST:-1}" --seconds "${SECONDS_LIMIT:-300}")
