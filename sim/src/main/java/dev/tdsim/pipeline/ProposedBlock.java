package dev.tdsim.pipeline;

import dev.tdsim.crypto.SealedTx;
import dev.tdsim.crypto.design.DesignKeys;
import dev.tdsim.crypto.design.PreparedBlock;
import java.util.List;

/**
 * What a height's first proposal established, fixed from then on: the clients' payloads (with a
 * key-colliding one's honest plaintext in its slot), their sealed transactions and the
 * combiner's prepared block (real heights only, else null), and the real CPU its digest,
 * prepare and validity checks took on this machine.
 *
 * @param proposeNanos when the block's first proposal was broadcast (or could have been, see
 *     {@link ConsensusHost})
 * @param payloads the plaintexts the clients sent, by slot
 * @param cts the sealed transactions by slot; null at sampled heights and once the height is
 *     decrypted (nothing reads them then, and they are the bulk of a block)
 * @param colliding the key-colliding payload in slot 0 ({@code colluding-encryptor}), or null
 * @param colluder the validator colluding with that payload's client, or -1
 * @param prepared what the combiner computes from the proposal while it is voted on
 */
record ProposedBlock(
    int height,
    long proposeNanos,
    List<byte[]> payloads,
    List<SealedTx> cts,
    DesignKeys.Colliding colliding,
    int colluder,
    PreparedBlock prepared,
    long digestCpuNanos,
    long prepareCpuNanos,
    long validityCpuNanos,
    long blockBytes) {

  int size() {
    return payloads.size();
  }

  /** Plaintext bytes of the whole block. */
  long payloadBytes() {
    return payloads.stream().mapToLong(p -> p.length).sum();
  }

  /** Encoded bytes of its sealed transactions (each payload and the design's overhead). */
  long transactionBytes(long txOverheadBytes) {
    return cts != null ? cts.stream().mapToLong(SealedTx::encodedBytes).sum()
        : payloadBytes() + (long) size() * txOverheadBytes;
  }

  /** This block, first proposed at {@code nanos} (sealed before, for a pending height). */
  ProposedBlock proposedAt(long nanos) {
    return new ProposedBlock(height, nanos, payloads, cts, colliding, colluder, prepared,
        digestCpuNanos, prepareCpuNanos, validityCpuNanos, blockBytes);
  }

  /** This block without its sealed transactions (once the height is decrypted). */
  ProposedBlock withoutCiphertexts() {
    return new ProposedBlock(height, proposeNanos, payloads, null, colliding, colluder, prepared,
        digestCpuNanos, prepareCpuNanos, validityCpuNanos, blockBytes);
  }
}
