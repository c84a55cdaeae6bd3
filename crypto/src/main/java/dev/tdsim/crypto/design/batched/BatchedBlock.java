package dev.tdsim.crypto.design.batched;

import dev.tdsim.crypto.SealedTx;
import dev.tdsim.crypto.curve.G1Point;
import dev.tdsim.crypto.design.PreparedBlock;
import dev.tdsim.crypto.field.Fr;
import java.util.List;

/**
 * A block after the combiner's (and each validator's) work during voting: the digest recomputed
 * from the transactions and found equal to the proposer's, every transaction's validity checked,
 * and all evaluation proofs computed by FK20 (negated, ready for the decryption product).
 *
 * @param tags each transaction's tag h_j
 * @param negatedProofs -pi_j for each transaction, in block order
 * @param invalid positions of transactions that failed the validity check (an honest validator
 *     sends no key share for such a block)
 * @param prepareNanos wall-clock time of {@code prepare} (digest check, validity, FK20)
 */
public record BatchedBlock(
    BatchedDigest digest,
    List<BatchedTx> batchedTxs,
    Fr[] tags,
    G1Point[] negatedProofs,
    List<Integer> invalid,
    long prepareNanos)
    implements PreparedBlock {
  public BatchedBlock {
    batchedTxs = List.copyOf(batchedTxs);
    invalid = List.copyOf(invalid);
  }

  @Override
  public List<SealedTx> txs() {
    return List.copyOf(batchedTxs);
  }
}
