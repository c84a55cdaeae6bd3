#!/usr/bin/env bash
# Compares two folders written by scripts/golden.sh: every heights.csv, summary.json, report.html,
# sweep.csv and sensitivity.json byte for byte, after masking what is measured on the machine and
# so differs from run to run (wall-clock speed, the cost model's check of the real calls' measured
# CPU times and the note it adds). Prints the differences; exits 1 when there are any.
# Usage: scripts/golden-diff.sh BEFORE AFTER
set -euo pipefail
before="${1:?usage: scripts/golden-diff.sh BEFORE AFTER}"; after="${2:?usage: scripts/golden-diff.sh BEFORE AFTER}"
work="$(mktemp -d)"; trap 'rm -rf "$work"' EXIT
python3 - "$before" "$after" "$work" <<'PY'
import os, re, sys
KEEP = ("heights.csv", "summary.json", "report.html", "sweep.csv", "sensitivity.json")
SPEED = re.compile(r'^(\s*"(setup_s|simulate_s|events_per_s|simulate_cpu_s|messages_per_cpu_s|heights_per_s)" : ).*$', re.M)
CHECK = re.compile(r'^(\s*"(median_ratio|p10_ratio|p90_ratio|median_measured_ms|flagged)" : ).*$', re.M)
NOTE = re.compile(r"cost model \S+ is off for this machine.*?use (&#39;|')timing: measured(&#39;|')")
def mask(text):
    text = SPEED.sub(r'\1MEASURED', text)
    text = CHECK.sub(r'\1MEASURED', text)
    return NOTE.sub('COST-CHECK NOTE', text)
for side, src in (("before", sys.argv[1]), ("after", sys.argv[2])):
    for root, dirs, files in os.walk(src):
        for f in files:
            if f in KEEP:
                p = os.path.join(root, f)
                rel = os.path.relpath(p, src)
                dst = os.path.join(sys.argv[3], side, rel)
                os.makedirs(os.path.dirname(dst), exist_ok=True)
                with open(p, encoding="utf-8", errors="surrogateescape") as i, open(dst, "w", encoding="utf-8", errors="surrogateescape") as o:
                    o.write(mask(i.read()))
PY
cd "$work" && diff -r before after
