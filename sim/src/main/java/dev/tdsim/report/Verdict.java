package dev.tdsim.report;

/**
 * The answer for one block-time budget.
 *
 * @param blockTimeMs the budget
 * @param fits whether at least 95% of heights fit the budget (the judged time of a height is
 *     consensus + decryption latency before the next block, or the slower of the two when
 *     decryption is pipelined one block behind)
 * @param p50Ms median decryption latency (commit at the combiner to plaintexts ready)
 * @param p95Ms 95th percentile of the decryption latency
 * @param p99Ms 99th percentile of the decryption latency
 * @param judgedP95Ms 95th percentile of the judged time
 * @param shareOfHeightsFitting fraction of heights whose judged time is within the budget
 */
public record Verdict(
    double blockTimeMs,
    boolean fits,
    double p50Ms,
    double p95Ms,
    double p99Ms,
    double judgedP95Ms,
    double shareOfHeightsFitting) {}
