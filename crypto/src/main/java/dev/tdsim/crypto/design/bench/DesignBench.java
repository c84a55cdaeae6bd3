package dev.tdsim.crypto.design.bench;

import dev.tdsim.crypto.SealedTx;
import dev.tdsim.crypto.design.BlockId;
import dev.tdsim.crypto.random.StrongRandom;
import dev.tdsim.crypto.tpke.SignerSet;
import java.util.List;

/**
 * A design's steps one at a time, for {@code tdsim bench}: the design says which {@link
 * DesignFunction}s it has, and for each what one timed call does and what its bare kernel is (the
 * native work the step cannot avoid, timed in the same run as its lower bound, {@code limit_s}).
 * Obtained with {@link DesignBenches#of}.
 */
public interface DesignBench {
  /** The functions this design has, in block order. */
  List<DesignFunction> functions();

  /**
   * Everything the timed calls of one block need, made untimed now: the digest, the prepared
   * block, every signer's share (made for {@code signers}), the decoded shares and the block key.
   * Checks that the block opens to {@code payloads}.
   *
   * @throws IllegalStateException when the design does not open its own honest block
   */
  Fixture fixture(BlockId id, List<SealedTx> txs, List<byte[]> payloads, SignerSet signers,
      StrongRandom random);

  /** One block, ready for timing. */
  interface Fixture {
    /**
     * One timed call of {@code f} (time this). Returns the check of its result, to run untimed
     * after the timing: it throws {@link IllegalStateException} when the result is wrong.
     */
    Runnable run(DesignFunction f);

    /** One timed call of {@code f}'s bare kernel on the same block and threads. */
    void kernel(DesignFunction f);

    /** What {@link #kernel} computes for {@code f}, one line (for the legend). */
    String kernelDescription(DesignFunction f);

    /** Parallel units of {@code f} (transactions or signers): how many threads it can use. */
    int units(DesignFunction f);
  }
}
