package dev.tdsim.pipeline;

import dev.tdsim.crypto.design.PreparedBlock;
import java.util.List;
import java.util.stream.IntStream;

/**
 * What a signer set's shares and the combiner's block_propose cover: with shares per
 * transaction (Ferveo's designs) the transactions still to open, with shares per block the whole
 * block (a retry opens it again).
 *
 * @param pending indices (into the block) of the transactions still to open
 */
record Covered(ProposedBlock block, List<Integer> pending, boolean perTransaction) {

  /** How many transactions the shares and block_propose cover. */
  int count() {
    return perTransaction ? pending.size() : block.size();
  }

  /** Indices (into the block) of what {@link #preparedBlock} holds, in its order. */
  List<Integer> indices() {
    return perTransaction ? pending : IntStream.range(0, block.size()).boxed().toList();
  }

  /** Plaintext bytes of what is covered. */
  long bytes() {
    return perTransaction
        ? pending.stream().mapToLong(j -> block.payloads().get(j).length).sum()
        : block.payloadBytes();
  }

  /**
   * The block shares are made on and block_propose opens: per block, the combiner's prepared
   * block; per transaction, the transactions still to open (all of them at first).
   */
  PreparedBlock preparedBlock(RealCrypto crypto) {
    if (!perTransaction || pending.size() == block.cts().size()) {
      return block.prepared();
    }
    return crypto.plainBlock(block.height(), pending.stream().map(block.cts()::get).toList());
  }
}
