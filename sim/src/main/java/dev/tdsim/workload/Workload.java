package dev.tdsim.workload;

import java.util.ArrayList;
import java.util.List;
import java.util.SplittableRandom;

/**
 * Blocks cut from the clients' submissions without a mempool: either a fixed number per block,
 * or the arrivals of the clients' process ({@link Arrival}: Poisson by default, constant or
 * bursts, at a constant or scheduled rate) since the previous cut, cut by the block limits
 * (transactions, and bytes of the encrypted transactions: each payload plus the design's
 * per-transaction overhead). Payload sizes are fixed, uniform in [size/2, 3size/2], or log-normal
 * with median size. Payload bytes are random (they are really encrypted).
 */
public final class Workload implements BlockTxs {
  private final Integer msgsPerBlock;
  private final Arrival arrival;
  private final RateSchedule schedule;
  private final long burstIntervalNanos;
  private final long msgSizeBytes;
  private final MsgSizeDistribution sizeDistribution;
  private final int maxBlockTxs;
  private final long maxBlockBytes;
  private final long txOverheadBytes;
  private final SplittableRandom random;
  private long lastCutNanos;
  private long backlog;

  /** Poisson arrivals at a constant rate ({@link ArrivalConfig#defaults()}). */
  public Workload(
      Integer msgsPerBlock,
      double ratePerSecond,
      long msgSizeBytes,
      MsgSizeDistribution sizeDistribution,
      int maxBlockTxs,
      long maxBlockBytes,
      long txOverheadBytes,
      SplittableRandom random) {
    this(msgsPerBlock, ratePerSecond, ArrivalConfig.defaults(), msgSizeBytes, sizeDistribution,
        maxBlockTxs, maxBlockBytes, txOverheadBytes, random);
  }

  /**
   * @param ratePerSecond the rate when {@code arrivals} has no schedule (unused, and any value,
   *     with a fixed {@code msgsPerBlock})
   * @param arrivals the clients' process; its entry points do not matter here (no mempool)
   * @param txOverheadBytes bytes a sealed transaction carries beyond its payload (the design's:
   *     {@link dev.tdsim.pipeline.RealCrypto#txOverheadBytes()}; 165 for a threshold ciphertext),
   *     counted against {@code maxBlockBytes}
   */
  public Workload(
      Integer msgsPerBlock,
      double ratePerSecond,
      ArrivalConfig arrivals,
      long msgSizeBytes,
      MsgSizeDistribution sizeDistribution,
      int maxBlockTxs,
      long maxBlockBytes,
      long txOverheadBytes,
      SplittableRandom random) {
    if (txOverheadBytes < 0) {
      throw new IllegalArgumentException("txOverheadBytes " + txOverheadBytes + " < 0");
    }
    this.msgsPerBlock = msgsPerBlock;
    this.arrival = arrivals.arrival();
    this.burstIntervalNanos = arrivals.burstIntervalNanos();
    // a fixed count per block draws no arrivals: its rate (0 in tests) is not a schedule
    this.schedule = msgsPerBlock != null ? null : arrivals.schedule(ratePerSecond);
    if (schedule != null) {
      arrival.problem(schedule, burstIntervalNanos).ifPresent(p -> {
        throw new IllegalArgumentException(p);
      });
    }
    this.msgSizeBytes = msgSizeBytes;
    this.sizeDistribution = sizeDistribution;
    this.maxBlockTxs = maxBlockTxs;
    this.maxBlockBytes = maxBlockBytes;
    this.txOverheadBytes = txOverheadBytes;
    this.random = random;
  }

  /** The payloads of the block cut at {@code nowNanos} (the proposer's proposal time). */
  public List<byte[]> cutBlock(long nowNanos) {
    long want;
    if (msgsPerBlock != null) {
      want = msgsPerBlock;
    } else {
      // The submissions of [last cut, now). Saturating: the arrivals of a huge rate or a long
      // wait cap at Long.MAX_VALUE instead of wrapping to a negative count (which would cut
      // empty blocks).
      long arrived = arrival.count(schedule, burstIntervalNanos, lastCutNanos, nowNanos, random);
      want = arrived > Long.MAX_VALUE - backlog ? Long.MAX_VALUE : backlog + arrived;
    }
    lastCutNanos = nowNanos;
    List<byte[]> txs = new ArrayList<>();
    long bytes = 0;
    while (txs.size() < want && txs.size() < maxBlockTxs) {
      byte[] payload = new byte[sizeDistribution.drawBytes(msgSizeBytes, random)];
      random.nextBytes(payload);
      long encoded = payload.length + txOverheadBytes;
      if (bytes + encoded > maxBlockBytes && !txs.isEmpty()) {
        break;
      }
      bytes += encoded;
      txs.add(payload);
    }
    backlog = msgsPerBlock != null ? 0 : want - txs.size();
    return txs;
  }

  /** {@link #cutBlock}: whoever proposes, the clients' arrivals since the last block. */
  @Override
  public List<byte[]> cut(int height, int proposer, long nowNanos, boolean real) {
    return cutBlock(nowNanos);
  }

  /** Transactions that arrived but did not fit in a block yet. */
  public long backlog() {
    return backlog;
  }
}
