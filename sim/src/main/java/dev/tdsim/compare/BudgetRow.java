package dev.tdsim.compare;

/**
 * One block-time budget's verdict as read from a run's {@code summary.json} or a sweep's {@code
 * sweep.csv}. A value that the file does not hold is {@code NaN}.
 *
 * @param blockTimeMs the budget
 * @param fits "yes", "no", or the file's text when it is neither (e.g. a share of replicates)
 * @param heightsFittingPct percentage of heights whose judged time is within the budget, 0..100
 * @param p50Ms median decryption latency
 * @param p95Ms 95th percentile of the decryption latency
 * @param p99Ms 99th percentile of the decryption latency
 * @param judgedP95Ms 95th percentile of the judged time (consensus + decryption or the slower)
 */
record BudgetRow(
    double blockTimeMs,
    String fits,
    double heightsFittingPct,
    double p50Ms,
    double p95Ms,
    double p99Ms,
    double judgedP95Ms) {}
