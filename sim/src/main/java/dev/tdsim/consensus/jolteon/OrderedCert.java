package dev.tdsim.consensus.jolteon;

import java.util.List;

/**
 * An ordered certificate (Aptos' highest_ordered_cert in SyncInfo): {@code block} is ordered,
 * by 2f+1 order votes (or, without them, by the QC of its child of the next round), signed by
 * {@code signers}. A validator that receives one newer than its own orders up to its block, so a
 * validator that missed the order votes catches up from any later message's sync info.
 *
 * @param block the ordered block
 * @param signers the order voters (or QC signers) that ordered it
 */
record OrderedCert(JBlock block, List<Integer> signers) {
  /** Genesis is ordered from the start. */
  static final OrderedCert GENESIS = new OrderedCert(JBlock.GENESIS, List.of());

  OrderedCert {
    signers = List.copyOf(signers);
  }

  long round() {
    return block.round();
  }
}
