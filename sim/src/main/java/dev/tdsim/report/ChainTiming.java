package dev.tdsim.report;

import dev.tdsim.consensus.BlockPace;
import dev.tdsim.pipeline.HeightRecord;
import java.util.List;

/**
 * What the consensus time of a height is made of, and the block interval the scenario's own chain
 * achieves. Means over heights, in milliseconds.
 *
 * @param networkMs consensus time not spent on processing: messages in flight, gossip loops,
 *     flushes, timeouts and extra rounds
 * @param validationMs block validation by the first validator to commit (ciphertext checks,
 *     LastCommit signatures)
 * @param signaturesMs its vote signing and verification
 * @param walMs its disk syncs (WAL, signer state)
 * @param executionMs executing the decrypted transactions after decryption
 * @param timeoutCommitMs the scenario's commit pause
 * @param blockIntervalMs mean time between consecutive heights' decisions, with the scenario's
 *     commit pause (NaN with fewer than two heights)
 * @param decryptionStretchMs how much of that interval is proposers waiting for the previous
 *     height's decryption (before-next): the interval without decryption would be this much
 *     shorter
 * @param certificate which commit certificate the blocks carried and what it cost per block
 *     ({@code CertificateCosts.describe(words)}, in the protocol's words); null when not known
 * @param pace what a block needs of the chain's time (the protocol's {@link BlockPace}); null in
 *     a summary written before protocols declared it (read as sequential)
 * @param blockSpacing the protocol's setting that spaces blocks, in words ({@code timeout_commit
 *     0 ms}, {@code one block per round}); null in a summary written before it was reported
 */
public record ChainTiming(
    double networkMs,
    double validationMs,
    double signaturesMs,
    double walMs,
    double executionMs,
    double timeoutCommitMs,
    double blockIntervalMs,
    double decryptionStretchMs,
    @com.fasterxml.jackson.annotation.JsonInclude(
        com.fasterxml.jackson.annotation.JsonInclude.Include.NON_NULL) String certificate,
    @com.fasterxml.jackson.annotation.JsonInclude(
        com.fasterxml.jackson.annotation.JsonInclude.Include.NON_NULL) BlockPace pace,
    @com.fasterxml.jackson.annotation.JsonInclude(
        com.fasterxml.jackson.annotation.JsonInclude.Include.NON_NULL) String blockSpacing) {

  /** Without a certificate line. */
  public ChainTiming(double networkMs, double validationMs, double signaturesMs, double walMs,
      double executionMs, double timeoutCommitMs, double blockIntervalMs,
      double decryptionStretchMs) {
    this(networkMs, validationMs, signaturesMs, walMs, executionMs, timeoutCommitMs,
        blockIntervalMs, decryptionStretchMs, null, null, null);
  }

  /** The same with the commit certificate's line. */
  public ChainTiming withCertificate(String line) {
    return new ChainTiming(networkMs, validationMs, signaturesMs, walMs, executionMs,
        timeoutCommitMs, blockIntervalMs, decryptionStretchMs, line, pace, blockSpacing);
  }

  /** What a block needs of the chain's time; sequential when the summary does not say. */
  public BlockPace paceOrSequential() {
    return pace == null ? BlockPace.SEQUENTIAL : pace;
  }

  /**
   * The setting that spaces blocks, in words; a summary written before protocols said it was
   * Tendermint's, spaced by its commit pause.
   */
  public String spacingWords() {
    return blockSpacing != null ? blockSpacing
        : String.format(java.util.Locale.ROOT, "timeout_commit %.0f ms", timeoutCommitMs);
  }

  /**
   * The chain of a protocol whose blocks need {@code pace} and are spaced by {@code
   * blockSpacing}, pausing {@code commitPauseNanos} after each commit.
   */
  public static ChainTiming of(List<HeightRecord> heights, long commitPauseNanos,
      BlockPace pace, String blockSpacing) {
    int n = Math.max(1, heights.size());
    double interval = Double.NaN;
    double stretch = 0;
    if (heights.size() >= 2) {
      HeightRecord first = heights.get(0);
      HeightRecord last = heights.get(heights.size() - 1);
      interval = Verdicts.ms(last.decidedNanos() - first.decidedNanos()) / (heights.size() - 1);
      stretch = heights.subList(1, heights.size()).stream()
          .mapToDouble(h -> Verdicts.ms(h.proposalWaitNanos())).sum() / (heights.size() - 1);
    }
    return new ChainTiming(
        mean(heights, HeightRecord::consensusNetworkNanos, n),
        mean(heights, HeightRecord::validationNanos, n),
        mean(heights, HeightRecord::signatureNanos, n),
        mean(heights, HeightRecord::walNanos, n),
        mean(heights, HeightRecord::executionNanos, n),
        Verdicts.ms(commitPauseNanos), interval, stretch, null, pace, blockSpacing);
  }

  private static double mean(List<HeightRecord> heights,
      java.util.function.ToLongFunction<HeightRecord> f, int n) {
    return heights.stream().mapToDouble(h -> Verdicts.ms(f.applyAsLong(h))).sum() / n;
  }
}
