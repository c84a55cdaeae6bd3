package dev.tdsim.crypto.design;

import dev.tdsim.crypto.SealedTx;
import java.util.List;

/**
 * A block as the combiner holds it before the commit: its transactions, its digest and whatever
 * the combiner could compute ahead while the block was voted on (the batched design's evaluation
 * proofs), so that work is off the critical path.
 */
public interface PreparedBlock {
  BlockDigest digest();

  List<SealedTx> txs();
}
