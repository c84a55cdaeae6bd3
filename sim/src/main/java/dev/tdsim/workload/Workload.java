package dev.tdsim.workload;

import java.util.ArrayList;
import java.util.List;
import java.util.SplittableRandom;

/**
 * Clients submitting transactions into the mempool: either a fixed number per block, or Poisson
 * arrivals at a rate, cut by the block limits (transactions, and bytes of the encrypted
 * transactions: each payload plus the design's per-transaction overhead). Payload sizes are fixed, uniform in [size/2,
 * 3size/2], or log-normal with median size. Payload bytes are random (they are really encrypted).
 */
public final class Workload implements BlockTxs {
  private final Integer msgsPerBlock;
  private final double ratePerSecond;
  private final long msgSizeBytes;
  private final MsgSizeDistribution sizeDistribution;
  private final int maxBlockTxs;
  private final long maxBlockBytes;
  private final long txOverheadBytes;
  private final SplittableRandom random;
  private long lastCutNanos;
  private long backlog;

  /**
   * @param txOverheadBytes bytes a sealed transaction carries beyond its payload (the design's:
   *     {@link dev.tdsim.pipeline.RealCrypto#txOverheadBytes()}; 165 for a threshold ciphertext),
   *     counted against {@code maxBlockBytes}
   */
  public Workload(
      Integer msgsPerBlock,
      double ratePerSecond,
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
    this.ratePerSecond = ratePerSecond;
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
      // Saturating: the arrivals of a huge rate or a long wait cap at Long.MAX_VALUE instead of
      // wrapping to a negative count (which would cut empty blocks).
      double mean = ratePerSecond * Math.max(0, nowNanos - lastCutNanos) / 1e9;
      long arrived = poisson(mean);
      want = arrived > Long.MAX_VALUE - backlog ? Long.MAX_VALUE : backlog + arrived;
    }
    lastCutNanos = nowNanos;
    List<byte[]> txs = new ArrayList<>();
    long bytes = 0;
    while (txs.size() < want && txs.size() < maxBlockTxs) {
      byte[] payload = new byte[drawSize()];
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

  private int drawSize() {
    double size = sizeDistribution.draw(msgSizeBytes, random);
    return (int) Math.max(1, Math.min(Integer.MAX_VALUE - 64, Math.round(size)));
  }

  /** A Poisson draw of the given mean, saturating at Long.MAX_VALUE (never negative). */
  private long poisson(double mean) {
    if (!(mean > 0)) {
      return 0;
    }
    if (mean >= 0x1p63) {
      return Long.MAX_VALUE;
    }
    if (mean > 50) {
      // normal approximation; Math.round saturates at Long.MAX_VALUE
      return Math.max(0, Math.round(mean + Math.sqrt(mean) * Gaussian.draw(random)));
    }
    double limit = Math.exp(-mean);
    double p = 1;
    long k = 0;
    do {
      k++;
      p *= random.nextDouble();
    } while (p > limit);
    return k - 1;
  }
}
