#!/usr/bin/env bash
# Compares two folders written by scripts/golden.sh: every heights.csv, summary.json, report.html,
# sweep.csv and sensitivity.json byte for byte, after masking what is measured on the machine and
# so differs from run to run (wall-clock speed, the cost model's check of the real calls' measured
# CPU times and the note it adds, wall-clock setup and table-building times and real-CPU blame
# times in notes, and a point's note on batched's once-only tables, which in a sweep goes to
# whichever point built them first). summary.json is compared value for value in its written order. Every shipped
# scenario is compared: since 2026-12-03 the BLS certificate costs come from the cost model under
# `timing: model` (docs/COSTS.md), so the certificates sweep, faults/bad-partial, the Jolteon
# scenarios and validation/aptos-* are reproducible too and no longer left out. Prints the
# differences; exits 1 on any.
# Usage: scripts/golden-diff.sh BEFORE AFTER
set -euo pipefail
before="${1:?usage: scripts/golden-diff.sh BEFORE AFTER}"; after="${2:?usage: scripts/golden-diff.sh BEFORE AFTER}"
work="$(mktemp -d)"; trap 'rm -rf "$work"' EXIT
python3 - "$before" "$after" "$work" <<'PY'
import json, os, re, sys
KEEP = ("heights.csv", "summary.json", "report.html", "sweep.csv", "sensitivity.json")
NOTE = re.compile(r"cost model \S+ is off for this machine.*?use (&#39;|')timing: measured(&#39;|')")
# the report's notes list when the cost-check note is its only item (present or not by machine)
NOTE_ONLY = re.compile(r"<h2>Notes</h2><ul><li>COST-CHECK NOTE</li></ul>")
WALL = re.compile(r"setup took [0-9.]+ s of wall clock")
TABLES = re.compile(r"in [0-9.]+ s of wall clock here")
CPU = re.compile(r"took [0-9.]+ ms of real CPU on this machine")
# batched's once-only tables are built by whichever of a sweep's points in one JVM needs them
# first, so which point's summary carries that note varies from run to run
ONCE_ONLY = re.compile(r"its setup's once-only tables")
def mask_text(text):
    text = CPU.sub("took MEASURED ms of real CPU on this machine", text)
    text = TABLES.sub("in MEASURED s of wall clock here", text)
    text = WALL.sub("setup took MEASURED s of wall clock", NOTE.sub("COST-CHECK NOTE", text))
    return NOTE_ONLY.sub("", text)
def mask_summary(text):
    # the values measured on the machine: run speed, the cost model's check of the real calls
    tree = json.loads(text)
    if isinstance(tree, dict):
        for key in ("speed", "cost_check"):
            if key in tree:
                tree[key] = "MEASURED"
        if isinstance(tree.get("notes"), list):
            tree["notes"] = [n for n in tree["notes"]
                             if not NOTE.search(n) and not ONCE_ONLY.search(n)]
    return mask_text(json.dumps(tree, indent=1, allow_nan=True)) + "\n"
for side, src in (("before", sys.argv[1]), ("after", sys.argv[2])):
    for root, dirs, files in os.walk(src):
        for f in files:
            if f in KEEP:
                p = os.path.join(root, f)
                rel = os.path.relpath(p, src)
                dst = os.path.join(sys.argv[3], side, rel)
                os.makedirs(os.path.dirname(dst), exist_ok=True)
                with open(p, encoding="utf-8", errors="surrogateescape") as i:
                    text = i.read()
                text = mask_summary(text) if f == "summary.json" else mask_text(text)
                with open(dst, "w", encoding="utf-8", errors="surrogateescape") as o:
                    o.write(text)
PY
cd "$work" && diff -r before after
