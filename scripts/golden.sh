#!/usr/bin/env bash
# Runs every shipped scenario into OUT/<file>/ so two builds can be compared byte for byte
# (issue 18: a refactoring must leave heights.csv, summary.json and report.html unchanged).
# Measured timing is replaced by model timing (measured CPU times differ run to run); the
# scenarios are shortened with --set (3 heights, fewer sweep points); sweeps run without the search.
# Usage: [ONLY=REGEX] scripts/golden.sh OUT [JAR]   then: scripts/golden-diff.sh OUT-before OUT-after
# (ONLY: just the scenarios whose folder name matches, e.g. ONLY='^faults-')
set -uo pipefail
out="${1:?usage: scripts/golden.sh OUT [JAR]}"
jar="${2:-$(dirname "$0")/../sim/target/tdsim.jar}"
cd "$(dirname "$0")/.."
mkdir -p "$out"
tdsim() { java -Xss4m -jar "$jar" "$@"; }
for f in $(find scenarios -name '*.yaml' | sort); do
  name="${f#scenarios/}"; name="${name%.yaml}"; name="${name//\//-}"
  [[ "$name" =~ ${ONLY:-.} ]] || continue
  # a signing committee is priced by measured CPU only (refused under model timing): its runs
  # differ run to run and cannot be compared byte for byte
  grep -q '^signing:' "$f" && { echo "$name skipped (signing committee: measured only)"; continue; }
  sets=(--set crypto.timing=model)
  # Small enough for a loaded 2-core machine (a few minutes in all), every code path still taken.
  case "$name" in
    designs) sets+=(--set heights=3 --vary workload.msgs_per_block=16) ;;
    protocols|protocols-jolteon) sets+=(--set heights=3 --vary workload.msgs_per_block=16) ;;
    sweep-msgs) sets+=(--set heights=3 --vary workload.msgs_per_block=10,100 --replicates 1) ;;
    faults-sweep-crashed-stake) sets+=(--set heights=6) ;;
    epochs-150) sets+=(--set heights=3 --set keys.shares=512 --set validators.count=32) ;;
    perf-vote-pattern-150) sets+=(--set heights=20) ;;
    validation-*) sets+=(--set heights=2) ;;
    *) sets+=(--set heights=3) ;;
  esac
  start=$(date +%s)
  if grep -q '^sweep:' "$f"; then
    tdsim sweep "$f" "${sets[@]}" --no-search --quiet --out "$out/$name" > "$out/$name.console" 2>&1
  else
    tdsim run "$f" "${sets[@]}" --quiet --out "$out/$name" > "$out/$name.console" 2>&1
  fi
  echo "$name exit $? $(( $(date +%s) - start )) s"
done
