#!/usr/bin/env bash
# `make docs`: reruns README.md's sweep example and rewrites the block between
# <!-- docs:sweep-example --> and <!-- /docs:sweep-example --> with the command, what it ran, how
# long it took here and its answer, so the README quotes what the tool gives today instead of what
# someone once typed (issue 23). The answer is the same on any machine at a given commit (model
# timing: durations from the cost model, reproducible from the seed); the run count and the time
# are this machine's, so the block says when and where they were measured.
#
# Usage: scripts/docs-sweep-example.sh [README]   (default README.md; needs the built jar)
set -euo pipefail
cd "$(dirname "${BASH_SOURCE[0]}")/.."
readme="${1:-README.md}"
begin='<!-- docs:sweep-example'
end='<!-- /docs:sweep-example -->'
if ! grep -q "^$begin" "$readme" || ! grep -qx "$end" "$readme"; then
  echo "docs-sweep-example: $readme has no '$begin' ... '$end' block to rewrite" >&2
  exit 2
fi

# The command as the README shows it; only --out differs when it runs here (a fresh folder, so
# that no stored point is reused and the time is the whole sweep's).
args=(sweep scenarios/small-committee.yaml --vary workload.msgs_per_block=10,100,1000
  --vary crypto.design=fast,folded --set crypto.timing=model --set crypto.sample_heights=1)
shown_out=reports/sc-sweep

work="$(mktemp -d)"
trap 'rm -rf "$work"' EXIT
load="$(cut -d' ' -f1 /proc/loadavg 2>/dev/null || echo '?')"
cores="$(nproc 2>/dev/null || getconf _NPROCESSORS_ONLN 2>/dev/null || echo '?')"
commit="$(git describe --always --dirty 2>/dev/null || echo 'unknown')"
echo "docs-sweep-example: running ./tdsim ${args[*]} (a few minutes on 2 cores)" >&2
start=$(date +%s)
./tdsim "${args[@]}" --out "$work/sweep" >"$work/stdout" 2>"$work/stderr" || {
  echo "docs-sweep-example: the sweep failed (exit $?); its stderr:" >&2
  tail -20 "$work/stderr" >&2
  exit 1
}
seconds=$(( $(date +%s) - start ))

# "N runs now, 0 reused; ..." on stdout, "[sweep] plan: G grid points ..." on stderr
runs="$(sed -n 's/^\([0-9][0-9]*\) runs now, .*/\1/p' "$work/stdout")"
grid="$(sed -n 's/^\[sweep\] plan: \([0-9][0-9]*\) grid points.*/\1/p' "$work/stderr")"
if [ -z "$runs" ] || [ -z "$grid" ]; then
  echo "docs-sweep-example: could not read the run count or the grid from the sweep's output" >&2
  exit 1
fi
duration="$(( seconds / 60 )) min $(( seconds % 60 )) s"

{
  echo "$begin (written by \`make docs\`, scripts/docs-sweep-example.sh: rerun it, do not edit) -->"
  echo '```sh'
  echo "./tdsim ${args[0]} ${args[1]} ${args[2]} ${args[3]} \\"
  echo "    ${args[4]} ${args[5]} ${args[6]} ${args[7]} ${args[8]} ${args[9]} \\"
  echo "    --out $shown_out"
  echo '```'
  echo
  echo "\`make docs\` last ran it on $(date -u +%Y-%m-%d) (commit $commit) into an empty folder:"
  echo "$runs runs ($grid grid points, $(( runs - grid )) search probes) in $duration on $cores"
  echo "cores (load average $load at the start; the time is this machine's, the answer is the"
  echo "same on any machine at this commit under model timing). Its answer, first on stdout:"
  echo
  echo '```'
  # the answer: its first line and the indented lines under it, before the search's table
  awk 'NR == 1 || /^ / { print; next } { exit }' "$work/stdout"
  echo '```'
  echo "$end"
} >"$work/block"

awk -v begin="$begin" -v end="$end" -v block="$work/block" '
  index($0, begin) == 1 { while ((getline line < block) > 0) print line; skipping = 1; next }
  skipping && $0 == end { skipping = 0; next }
  !skipping { print }
' "$readme" >"$work/readme"
cp "$work/readme" "$readme"
echo "docs-sweep-example: $readme rewritten ($runs runs, $grid grid points, $duration)" >&2
