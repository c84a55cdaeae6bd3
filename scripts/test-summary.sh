#!/usr/bin/env bash
# The last lines of `make test`: the totals of every module's surefire and failsafe reports, then
# each skipped test with its reason. Both come from the XML reports, because the .txt ones count
# skipped tests without naming them. Arguments: report folders (missing ones are left out).
set -u
files=()
for d in "$@"; do
  for f in "$d"/TEST-*.xml; do
    [ -f "$f" ] && files+=("$f")
  done
done
if [ ${#files[@]} -eq 0 ]; then
  echo "tests: no reports found in $*" >&2
  exit 1
fi
awk '
  function attr(k,   m) {
    if (match($0, " " k "=\"[^\"]*\"") == 0) return ""
    m = substr($0, RSTART + length(k) + 3, RLENGTH - length(k) - 4)
    gsub(/&apos;/, "\047", m); gsub(/&quot;/, "\"", m); gsub(/&lt;/, "<", m)
    gsub(/&gt;/, ">", m); gsub(/&#10;/, " ", m); gsub(/&amp;/, "\\&", m)
    return m
  }
  /<testsuite[ >]/ { t += attr("tests"); f += attr("failures") + attr("errors"); s += attr("skipped") }
  /<testcase[ >]/ { name = attr("name"); cls = attr("classname") }
  /<skipped[ \/>]/ {
    reason = attr("message")
    skipped[++n] = "  " cls "." name ": " (reason == "" ? "(no reason given)" : reason)
  }
  END {
    printf "tests: %d passed, %d failed, %d skipped\n", t - f - s, f, s
    if (n > 0) print "skipped:"
    for (i = 1; i <= n; i++) print skipped[i]
  }' "${files[@]}"
