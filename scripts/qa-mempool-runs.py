#!/usr/bin/env python3
"""Runs docs/VALIDATION.md's CometBFT QA rows with the load as a rate (section "With the load as
a rate") and writes their CSV.

Usage: scripts/qa-mempool-runs.py JAR OUT_DIR [ROW,ROW...] > docs/validation/qa-mempool-runs.csv
Each row is `java -jar JAR run scenarios/validation/<scenario>.yaml --set ...`: the QA's load as
its load generator gave it (1 KiB transactions, `c` connections of `r` tx/s each, written back to
back at the start of every second, all into validator 0) through every validator's mempool
(CometBFT's defaults of the tested version, cache_size 200000 as qa-infra set it), with blocks
as the proposer's mempool holds them. Figures from the run's summary.json (block interval, rounds,
mempool section) and heights.csv (transactions per block).
"""
import csv, json, os, subprocess, sys, time

V038_MEMPOOL = "mempool.max_txs_bytes=1 GiB"  # v0.34-v0.38 and v1.0.0-alpha.2 (64 MiB from v1.0.0)
COMMON = ["workload.msgs_per_block=auto", "workload.arrival=bursts", "workload.entry=0",
          "mempool.cache_size=200000", V038_MEMPOOL]
# The saturation search (CometBFT-QA-38 "Finding the saturation point"): 90 s of load at each
# rate, then none, and the transactions processed counted as the QA's report tool does (those
# in blocks).
NINETY_SECONDS = ["workload.rate_schedule=[{at: 0 s, rate: %d tx/s}, {at: 90 s, rate: 0 tx/s}]"]
# row, scenario, offered load (tx/s), heights, published block interval (s), extra --set
RUNS = [
    ("1-2", "qa-v034-200node", 400, 30, 3.0, []),
    ("3-4", "qa-v037-200node", 400, 30, 2.55, []),
    ("5", "qa-v038-200node", 400, 30, 3.0, []),
    ("6", "qa-v1-200node", 400, 30, 2.0, []),
    ("7", "qa-v1-200node-le", 400, 30, 6.0, []),
    ("8-9", "qa-v034-rotating", 400, 60, 1.44, []),
    ("10-11", "qa-v1-rotating", 400, 60, 1.5, []),
    ("sat-200", "qa-v038-200node", 200, 40, 3.0, NINETY_SECONDS),
    ("sat-400", "qa-v038-200node", 400, 40, 3.0, NINETY_SECONDS),
    ("sat-800", "qa-v038-200node", 800, 40, 3.0, NINETY_SECONDS),
    ("sat-1600", "qa-v038-200node", 1600, 40, 3.0, NINETY_SECONDS),
]


def main():
    jar, out = sys.argv[1], sys.argv[2]
    only = set(sys.argv[3].split(",")) if len(sys.argv) > 3 else None
    w = csv.writer(sys.stdout, lineterminator="\n")
    w.writerow(["row", "scenario", "rate_tx_s", "heights", "published_interval_s",
                "interval_s", "ratio", "max_round", "extra_rounds", "txs_per_block_mean",
                "submitted", "included", "refused_at_entry", "refused_full", "held_mean",
                "held_max", "check_cpu_share_max", "gossip_mb_per_validator",
                "duplicates_per_tx", "submit_to_commit_p50_ms", "submit_to_commit_p95_ms",
                "sustained", "wall_s"])
    for row, scenario, rate, heights, published, extra in RUNS:
        if only and row not in only:
            continue
        target = os.path.join(out, "%s-%s" % (scenario, row))
        sets = COMMON + ["workload.rate=%d tx/s" % rate, "heights=%d" % heights]
        sets += [e % rate for e in extra]
        cmd = ["java", "-jar", jar, "run", "scenarios/validation/%s.yaml" % scenario,
               "--out", target]
        for s in sets:
            cmd += ["--set", s]
        t0 = time.time()
        subprocess.run(cmd, check=True, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
        wall = time.time() - t0
        summary = json.load(open(os.path.join(target, "summary.json")))
        chain, counts, m = summary["chain"], summary["counts"], summary["mempool"]
        interval = chain["block_interval_ms"] / 1000
        with open(os.path.join(target, "heights.csv")) as f:
            txs = [int(r["msgs"]) for r in csv.DictReader(f)]
        w.writerow([row, scenario, rate, heights, published, "%.2f" % interval,
                    "%.2f" % (interval / published), counts["max_round"],
                    counts["extra_rounds"], "%.0f" % (sum(txs) / max(1, len(txs))),
                    m["submitted"], m["included"], m["refused_at_entry"], m["refused_full"],
                    "%.0f" % m["held_mean"], m["held_max"],
                    "%.3f" % m["check_cpu_share_max"],
                    "%.0f" % (m["gossip_bytes_per_validator"] / 1e6),
                    "%.1f" % m["duplicates_per_transaction"],
                    "%.0f" % m["to_commit_ms"]["p50"], "%.0f" % m["to_commit_ms"]["p95"],
                    m["sustained"], "%.0f" % wall])
        sys.stdout.flush()


if __name__ == "__main__":
    main()
