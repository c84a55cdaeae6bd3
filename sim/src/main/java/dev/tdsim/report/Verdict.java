package dev.tdsim.report;

import com.fasterxml.jackson.annotation.JsonInclude;

/**
 * The answer for one block-time budget.
 *
 * @param blockTimeMs the budget
 * @param fits whether at least 95% of heights fit the budget, as the schedule judges a height
 *     (consensus + decryption latency before the next block, the slower of the two when
 *     decryption is pipelined one block behind, or the chain's own time per block when
 *     decryption streams behind ordering; that schedule also needs decryption to keep pace)
 * @param p50Ms median decryption latency (commit at the combiner to plaintexts ready)
 * @param p95Ms 95th percentile of the decryption latency
 * @param p99Ms 99th percentile of the decryption latency
 * @param judgedP95Ms 95th percentile of the judged time
 * @param shareOfHeightsFitting fraction of heights whose judged time is within the budget
 * <p>The pace fields are null in a summary written before they were reported.
 *
 * @param keepsPace whether decryption keeps pace with one block per budget: no growing backlog
 *     of blocks waiting for their plaintexts ({@link KeepingPace}); false when the chain halted
 *     or a height was never decrypted
 * @param decryptionUtilisation the busiest decryption queue's work over the chain's time at
 *     this budget (NaN when the schedule holds the next proposal, so nothing queues)
 * @param addedP50Ms median of what decryption adds to a block's time from proposal to executed,
 *     against the same chain without decryption
 * @param addedP95Ms 95th percentile of the same
 * @param maxBlocksWaitingForKeys the most blocks ordered and still waiting for plaintexts when
 *     another is ordered
 * <p>The uncertainty fields are null in a summary written before they were reported.
 *
 * @param headroomMs the budget minus the judged p95: positive when the p95 height fits with room
 *     to spare. Its sign agrees with {@code fits} except where 95% of heights fit by count while
 *     the interpolated p95 lies above the budget (or the other way round), or where decryption
 *     falls behind under a streamed schedule; the headline says which
 * @param borderline whether the budget lies inside the bootstrap interval of the judged p95
 *     ({@link JudgedTime}): another draw of the same heights could turn the verdict
 */
public record Verdict(
    double blockTimeMs,
    boolean fits,
    double p50Ms,
    double p95Ms,
    double p99Ms,
    double judgedP95Ms,
    double shareOfHeightsFitting,
    @JsonInclude(JsonInclude.Include.NON_NULL) Boolean keepsPace,
    @JsonInclude(JsonInclude.Include.NON_NULL) Double decryptionUtilisation,
    @JsonInclude(JsonInclude.Include.NON_NULL) Double addedP50Ms,
    @JsonInclude(JsonInclude.Include.NON_NULL) Double addedP95Ms,
    @JsonInclude(JsonInclude.Include.NON_NULL) Integer maxBlocksWaitingForKeys,
    @JsonInclude(JsonInclude.Include.NON_NULL) Double headroomMs,
    @JsonInclude(JsonInclude.Include.NON_NULL) Boolean borderline) {

  /** A verdict without its uncertainty (as summaries written before it was reported). */
  public Verdict(double blockTimeMs, boolean fits, double p50Ms, double p95Ms, double p99Ms,
      double judgedP95Ms, double shareOfHeightsFitting, Boolean keepsPace,
      Double decryptionUtilisation, Double addedP50Ms, Double addedP95Ms,
      Integer maxBlocksWaitingForKeys) {
    this(blockTimeMs, fits, p50Ms, p95Ms, p99Ms, judgedP95Ms, shareOfHeightsFitting, keepsPace,
        decryptionUtilisation, addedP50Ms, addedP95Ms, maxBlocksWaitingForKeys, null, null);
  }

  /** The same verdict with its headroom and whether {@code judged}'s interval makes it borderline. */
  public Verdict withUncertainty(JudgedTime judged) {
    return new Verdict(blockTimeMs, fits, p50Ms, p95Ms, p99Ms, judgedP95Ms,
        shareOfHeightsFitting, keepsPace, decryptionUtilisation, addedP50Ms, addedP95Ms,
        maxBlocksWaitingForKeys, blockTimeMs - judgedP95Ms, judged.borderline(blockTimeMs));
  }

  /**
   * A verdict without the pace replay (as summaries written before it was reported): whether
   * decryption keeps pace and what it adds are unknown (null, left out of summary.json).
   */
  public Verdict(double blockTimeMs, boolean fits, double p50Ms, double p95Ms, double p99Ms,
      double judgedP95Ms, double shareOfHeightsFitting) {
    this(blockTimeMs, fits, p50Ms, p95Ms, p99Ms, judgedP95Ms, shareOfHeightsFitting, null, null,
        null, null, null);
  }
}
