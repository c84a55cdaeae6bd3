package dev.tdsim.consensus.jolteon;

import java.util.List;

/**
 * A quorum certificate: 2f+1 of the stake voted for {@code block} in its round (aggregated BLS
 * signatures in Aptos, the run's {@code consensus.certificate} here). The same shape serves as
 * an ordered certificate (Aptos' highest_ordered_cert in SyncInfo): {@code block} ordered, by
 * 2f+1 order votes (or by its child's QC under the 2-chain rule) of {@code signers}; a validator
 * that receives a newer one orders up to its block.
 *
 * @param block the certified block
 * @param signers the voters whose votes formed it, in arrival order
 */
record QuorumCert(JBlock block, List<Integer> signers) {
  /** Genesis's certificate, which every validator holds from the start. */
  static final QuorumCert GENESIS = new QuorumCert(JBlock.GENESIS, List.of());

  QuorumCert {
    signers = List.copyOf(signers);
  }

  long round() {
    return block.round();
  }
}
