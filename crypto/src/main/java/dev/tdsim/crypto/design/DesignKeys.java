package dev.tdsim.crypto.design;

import dev.tdsim.crypto.SealedTx;
import dev.tdsim.crypto.Workers;
import dev.tdsim.crypto.random.StrongRandom;
import dev.tdsim.crypto.tpke.KeySet;
import dev.tdsim.crypto.tpke.SignerSet;
import dev.tdsim.crypto.variant.BlockProposer;
import dev.tdsim.crypto.variant.BlockResult;
import java.util.List;
import java.util.Map;

/**
 * One design set up for one key set: every call the clients, the proposer, the validators and
 * the combiner make, really computed. Thread-safe.
 */
public interface DesignKeys {
  BlockDesign design();

  KeySet keys();

  /** The largest block this setup can open (batched: the KZG powers dealt). */
  int maxBlockSize();

  /**
   * A client seals {@code payload} for position {@code slot} of block {@code block} (designs
   * that bind neither ignore them). Every random value comes from {@code random}.
   */
  SealedTx encrypt(BlockId block, int slot, byte[] payload, StrongRandom random);

  /**
   * Reads a transaction from the wire with every structural check (length, encodings, curve and
   * subgroup membership).
   *
   * @throws dev.tdsim.crypto.CryptoException naming the problem
   */
  SealedTx decode(byte[] encoded);

  /** The mempool's admission check of one decoded transaction (its validity proof, if any). */
  boolean isValid(SealedTx tx);

  /** The proposer's digest of a block, published with the proposal. */
  BlockDigest digest(BlockId block, List<SealedTx> txs, Workers workers);

  /** What the combiner computes while the block is voted on (may be nothing beyond the block). */
  PreparedBlock prepare(BlockDigest digest, List<SealedTx> txs, Workers workers);

  /**
   * Validator {@code validator}'s encoded shares for a committed block ({@link
   * BlockDesign#sharesPerBlock} of them), made for {@code signers} when the design's shares
   * depend on the signer set.
   */
  List<byte[]> createShares(int validator, SignerSet signers, PreparedBlock block);

  /**
   * The combiner opens the block: decodes and verifies the shares (naming every validator whose
   * share is malformed or wrong), reconstructs, decrypts every transaction and checks it, never
   * returning a wrong plaintext. Phase timings: decode, verify, prepare (per signer set), combine
   * (reconstruct), decrypt, blame.
   *
   * @param sharesByValidator each sender's encoded shares, as {@link #createShares} made them
   * @param foldedFor the signer set the shares were made for (designs whose shares depend on it)
   * @param reshare where to ask for new shares when the signer set lost a member (may be null:
   *     then the result says {@link BlockResult.Status#NEEDS_RESHARE})
   */
  BlockResult propose(PreparedBlock block, Map<Integer, List<byte[]>> sharesByValidator,
      SignerSet foldedFor, BlockProposer.Reshare reshare, StrongRandom random);
}
