#!/usr/bin/env python3
"""Put the one-share-per-block designs' entries of a calibration into the builtin cost model.

    ./tdsim calibrate --variant batched,block-key --out /tmp/cal-designs/cost-model.yaml
    python3 docs/calibration/merge_designs.py /tmp/cal-designs/cost-model.yaml \
        sim/src/main/resources/builtin-cost-model.yaml "2026-12-01 ..., load average ..."

Replaces (or adds) every variant of the calibration file under `variants:` of the builtin file,
keeping its other variants, its machine fingerprint and its votes, and records where the entries
came from in the header comment (the calibration's own comment lines, prefixed with "designs:").
"""
import sys


def variant_blocks(lines):
    """{name: [lines]} of the entries under `variants:` (two-space keys), in order."""
    out, name, inside = {}, None, False
    for line in lines:
        if line.startswith("variants:"):
            inside = True
            continue
        if inside and line and not line.startswith(" "):
            break
        if inside and line.startswith("  ") and not line.startswith("   "):
            name = line.strip().rstrip(":")
            out[name] = [line]
        elif inside and name:
            out[name].append(line)
    return out


def main(calibration, builtin, note):
    new = open(calibration).read().splitlines()
    old = open(builtin).read().splitlines()
    blocks = variant_blocks(new)
    header = [l for l in new if l.startswith("#")]
    kept = variant_blocks(old)
    for name in blocks:
        kept.pop(name, None)
    start = old.index("variants:")
    end = start + 1
    while end < len(old) and (not old[end] or old[end].startswith(" ")):
        end += 1
    prefix = [l for l in old[:start] if not l.startswith("# designs:")]
    comment_end = next(i for i, l in enumerate(prefix) if not l.startswith("#"))
    notes = ["# designs: the entries of " + ", ".join(blocks) + " were measured separately, " + note
             + "; that run's own header:"] + ["# designs: " + l.lstrip("# ") for l in header]
    body = prefix[:comment_end] + notes + prefix[comment_end:] + ["variants:"]
    for lines in list(kept.values()) + list(blocks.values()):
        body += lines
    open(builtin, "w").write("\n".join(body + old[end:]) + "\n")


if __name__ == "__main__":
    main(*sys.argv[1:4])
