#!/usr/bin/env bash
# Runs every shipped scenario into OUT/<file>/ so two builds can be compared byte for byte
# (issue 18: a refactoring must leave heights.csv, summary.json and report.html unchanged).
# Measured timing is replaced by model timing (measured CPU times differ run to run); the
# longest scenarios are shortened with --set; sweeps run without the search.
# Usage: scripts/golden.sh OUT [JAR]      then: diff -r OUT-before OUT-after
set -uo pipefail
out="${1:?usage: scripts/golden.sh OUT [JAR]}"
jar="${2:-$(dirname "$0")/../sim/target/tdsim.jar}"
cd "$(dirname "$0")/.."
mkdir -p "$out"
tdsim() { java -Xss4m -jar "$jar" "$@"; }
for f in $(find scenarios -name '*.yaml' | sort); do
  name="${f#scenarios/}"; name="${name%.yaml}"; name="${name//\//-}"
  sets=(--set crypto.timing=model)
  case "$name" in
    epochs-150) sets+=(--set heights=3 --set keys.shares=512 --set validators.count=32) ;;
    perf-vote-pattern-150) sets+=(--set heights=40) ;;
    validation-*) sets+=(--set heights=6) ;;
  esac
  start=$(date +%s)
  if grep -q '^sweep:' "$f"; then
    tdsim sweep "$f" "${sets[@]}" --no-search --quiet --out "$out/$name" > "$out/$name.console" 2>&1
  else
    tdsim run "$f" "${sets[@]}" --quiet --out "$out/$name" > "$out/$name.console" 2>&1
  fi
  echo "$name exit $? $(( $(date +%s) - start )) s"
done
