package dev.tdsim.bench.mpc;

import dev.tdsim.bench.mpc.PaperFigures.Figure;
import java.util.Optional;

/**
 * One measured row of the MPC table.
 *
 * @param function dkg or threshold_sign
 * @param protocol e.g. "feldman", "pvss", "threshold-bls"
 * @param threshold t (points for the weighted rows)
 * @param parties n (validators for the weighted rows)
 * @param shares key-share points in all (n for the unweighted rows)
 * @param rounds message rounds of the protocol
 * @param latencyNanos median simulated latency over the repetitions
 * @param minLatencyNanos smallest repetition
 * @param maxLatencyNanos largest repetition
 * @param computeNanos median over repetitions of the latency on an ideal network (the
 *     same schedule with zero latency and infinite bandwidth)
 * @param sizeBytes a party's final share (DKG; the mean over validators when weighted) or the
 *     signature (threshold_sign)
 * @param communicationBytes every byte on the wire, all messages (a broadcast once per receiver)
 * @param sharesOnlyBytes the paper's way: 32 B per private share point sent, nothing else
 * @param paper the published figure for this row, if any
 * @param note what the row models, for the table
 * @param singleKeyNanos the scheme's single-key signature, median thread CPU (the overhead rows;
 *     -1 elsewhere)
 */
public record MpcRow(MpcFunction function, String protocol, int threshold, int parties,
    int shares, int rounds, long latencyNanos, long minLatencyNanos, long maxLatencyNanos,
    long computeNanos, long sizeBytes, long communicationBytes, long sharesOnlyBytes,
    Optional<Figure> paper, String note, long singleKeyNanos) {
  /** A row without a single-key comparison. */
  public MpcRow(MpcFunction function, String protocol, int threshold, int parties, int shares,
      int rounds, long latencyNanos, long minLatencyNanos, long maxLatencyNanos,
      long computeNanos, long sizeBytes, long communicationBytes, long sharesOnlyBytes,
      Optional<Figure> paper, String note) {
    this(function, protocol, threshold, parties, shares, rounds, latencyNanos, minLatencyNanos,
        maxLatencyNanos, computeNanos, sizeBytes, communicationBytes, sharesOnlyBytes, paper,
        note, -1);
  }

  /** The same row with a note added and the single-key signature beside it. */
  MpcRow withSingleKey(String moreNote, long nanos) {
    return new MpcRow(function, protocol, threshold, parties, shares, rounds, latencyNanos,
        minLatencyNanos, maxLatencyNanos, computeNanos, sizeBytes, communicationBytes,
        sharesOnlyBytes, paper, note + moreNote, nanos);
  }

  /** The threshold signature's latency over the single-key signature (NaN without one). */
  public double overhead() {
    return singleKeyNanos > 0 ? (double) latencyNanos / singleKeyNanos : Double.NaN;
  }

  /** tdsim's latency over the paper's (NaN without a paper figure). */
  public double latencyRatio() {
    return paper.map(f -> latencyNanos / 1e6 / f.latencyMillis()).orElse(Double.NaN);
  }

  /** tdsim's bytes (all) over the paper's communication (NaN without one). */
  public double communicationRatio() {
    return paper.filter(f -> f.communicationBytes() > 0)
        .map(f -> (double) communicationBytes / f.communicationBytes()).orElse(Double.NaN);
  }
}
