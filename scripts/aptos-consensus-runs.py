#!/usr/bin/env python3
"""Runs docs/VALIDATION.md's Jolteon consensus rows (section B) and writes their CSV.

Usage: scripts/aptos-consensus-runs.py JAR OUT_DIR > docs/validation/aptos-consensus-runs.csv
Each row is `java -jar JAR run scenarios/validation/<scenario>.yaml --set ...` (timing: model);
the figures are read from the run's heights.csv (consensus_ms: proposal to ordered, per height)
and summary.json (the mean critical path's network, signature, WAL and validation parts, the
block interval, the decryption phases).
"""
import csv, json, os, subprocess, sys, time

RUNS = [
    ("s7-10-true", "aptos-7regions-150", "workload.msgs_per_block=10"),
    ("s7-10-false", "aptos-7regions-150", "workload.msgs_per_block=10 consensus.order_votes=false"),
    ("s7-100-true", "aptos-7regions-150", ""),
    ("s7-100-false", "aptos-7regions-150", "consensus.order_votes=false"),
    ("fu-10-true", "aptos-forge-4regions-150", "workload.msgs_per_block=10"),
    ("fu-10-false", "aptos-forge-4regions-150",
     "workload.msgs_per_block=10 consensus.order_votes=false"),
    ("fu-100-true", "aptos-forge-4regions-150", ""),
    ("fu-100-false", "aptos-forge-4regions-150", "consensus.order_votes=false"),
    ("f4-10-true", "aptos-forge-4regions-150", "network.model=regions workload.msgs_per_block=10"),
    ("f4-10-false", "aptos-forge-4regions-150",
     "network.model=regions workload.msgs_per_block=10 consensus.order_votes=false"),
    ("z10-10-true", "aptos-10regions-100", "workload.msgs_per_block=10"),
    ("z10-100-true", "aptos-10regions-100", ""),
    ("trx-352", "aptos-trx-7regions-150", ""),
    ("trx-100", "aptos-trx-7regions-150", "workload.msgs_per_block=100"),
    ("trx-352-noqs", "aptos-trx-7regions-150", "consensus.quorum_store=false"),
    ("trx-100-noqs", "aptos-trx-7regions-150",
     "workload.msgs_per_block=100 consensus.quorum_store=false"),
]
HEIGHTS = 8


def main():
    jar, out = sys.argv[1], sys.argv[2]
    only = set(sys.argv[3].split(",")) if len(sys.argv) > 3 else None
    w = csv.writer(sys.stdout, lineterminator="\n")
    w.writerow(["run", "scenario", "set", "heights", "rule", "hops", "consensus_ms_mean",
                "consensus_ms_min", "consensus_ms_max", "network_ms", "network_per_hop_ms",
                "signatures_ms", "wal_ms", "validation_ms", "block_interval_ms",
                "decryption_latency_ms", "share_gossip_ms", "combine_ms", "decrypt_ms",
                "start_utc", "load_avg_1min"])
    for run, scenario, sets in RUNS:
        if only and run not in only:
            continue
        sets = ("heights=%d " % HEIGHTS + sets).split()
        folder = os.path.join(out, run)
        start = time.strftime("%H:%M:%S", time.gmtime())
        load = os.getloadavg()[0]
        cmd = ["java", "-jar", jar, "run", "scenarios/validation/%s.yaml" % scenario, "--quiet",
               "--out", folder]
        for s in sets:
            cmd += ["--set", s]
        subprocess.run(cmd, check=True, stdout=subprocess.DEVNULL)
        with open(os.path.join(folder, "heights.csv")) as f:
            consensus = [float(r["consensus_ms"]) for r in csv.DictReader(f)]
        summary = json.load(open(os.path.join(folder, "summary.json")))
        chain, path = summary["chain"], summary["critical_path"]
        two_chain = "consensus.order_votes=false" in sets
        hops = 4 if two_chain else 3
        w.writerow([run, scenario, " ".join(sets), HEIGHTS,
                    "2-chain rule" if two_chain else "order votes", hops,
                    "%.1f" % (sum(consensus) / len(consensus)), "%.1f" % min(consensus),
                    "%.1f" % max(consensus), "%.1f" % chain["network_ms"],
                    "%.1f" % (chain["network_ms"] / hops), "%.1f" % chain["signatures_ms"],
                    "%.1f" % chain["wal_ms"], "%.1f" % chain["validation_ms"],
                    "%.1f" % chain["block_interval_ms"], "%.1f" % path["decryption_latency_ms"],
                    "%.1f" % path["share_gossip_ms"], "%.1f" % path["combine_ms"],
                    "%.1f" % path["decrypt_ms"], start, "%.2f" % load])
        sys.stdout.flush()


if __name__ == "__main__":
    main()
