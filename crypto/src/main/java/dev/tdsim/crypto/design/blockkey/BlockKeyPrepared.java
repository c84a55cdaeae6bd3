package dev.tdsim.crypto.design.blockkey;

import dev.tdsim.crypto.SealedTx;
import dev.tdsim.crypto.design.PreparedBlock;
import java.util.List;

/**
 * A block as the block-key combiner holds it: the digest and the decoded transactions. Nothing
 * else can be computed before the key exists.
 */
record BlockKeyPrepared(BlockKeyDigest digest, List<SealedTx> txs, List<BlockKeyTx> sealed)
    implements PreparedBlock {
  BlockKeyPrepared {
    txs = List.copyOf(txs);
    sealed = List.copyOf(sealed);
  }
}
