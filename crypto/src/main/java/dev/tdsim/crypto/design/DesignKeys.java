package dev.tdsim.crypto.design;

import dev.tdsim.crypto.CryptoException;
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

  /**
   * The admission check of transactions that arrive together (a client's or a peer's batch, a
   * Quorum Store batch): the positions (ascending) of those that fail {@link #isValid}. Designs
   * whose check is a pairing equation check the batch at once with random weights and search
   * for the bad ones only when it fails; by default each is checked alone, in parallel.
   *
   * @param random the weights' source, drawn after the transactions are fixed
   */
  default List<Integer> invalidAmong(List<SealedTx> txs, StrongRandom random, Workers workers) {
    List<Boolean> ok = workers.map(txs.size(), j -> isValid(txs.get(j)));
    List<Integer> bad = new java.util.ArrayList<>();
    for (int j = 0; j < ok.size(); j++) {
      if (!ok.get(j)) {
        bad.add(j);
      }
    }
    return bad;
  }

  /** The proposer's digest of a block, published with the proposal. */
  BlockDigest digest(BlockId block, List<SealedTx> txs, Workers workers);

  /**
   * Builds, if not built yet, what a node computes once from this setup's public parameters and
   * keeps, for as soon as a block of {@code blockSize} transactions needs it (batched: FK20's
   * transform of the KZG powers): called untimed before a block is prepared, so that no block's
   * time includes a once-per-setup computation, as a chain computes it once per setup. Built on
   * first need rather than at setup because it can cost more than every block of a short run
   * that never needs it. Returns what it built, or null when nothing was (the default).
   */
  default String buildTablesFor(int blockSize, Workers workers) {
    return null;
  }

  /**
   * What the combiner computes while the block is voted on (may be nothing beyond the block),
   * for a digest whose block the caller made or checked itself: a validator preparing a
   * proposal it received uses {@link #prepare(BlockId, BlockDigest, List, Workers)}.
   */
  PreparedBlock prepare(BlockDigest digest, List<SealedTx> txs, Workers workers);

  /**
   * A validator's prepare of the proposal it received for {@code block}: the digest must be for
   * that block (a proposer's digest for another height, a future one whose key would then be
   * released early, or another chain, is refused before anything is shared), then {@link
   * #prepare(BlockDigest, List, Workers)} checks it against the transactions (batched: its
   * commitment and point; block-key: its identity point).
   *
   * @throws CryptoException naming the digest's block and {@code block} when they differ
   */
  default PreparedBlock prepare(BlockId block, BlockDigest digest, List<SealedTx> txs,
      Workers workers) {
    if (!block.equals(digest.block())) {
      throw new CryptoException("prepare", "the proposer's digest is for " + digest.block()
          + ", the block being prepared is " + block);
    }
    return prepare(digest, txs, workers);
  }

  /**
   * What a forging proposer publishes instead of {@link #digest} of {@code block} (the
   * simulator's {@code forging-proposer} adversary, for designs whose shares bind a block id): a
   * digest of {@code block} whose point is {@code victim}'s (batched: the commitment C chosen so
   * that C' = C + Q_block is the victim block's hash point; block-key: the victim's identity
   * point), so that shares made on it would open the victim's key. Validators' {@link #prepare}
   * refuses it (batched: C does not commit to the transactions; block-key: the point is not H1
   * of the block).
   *
   * @throws CryptoException for designs whose digest has no point
   */
  default BlockDigest digestWithPointOf(BlockId block, List<SealedTx> txs, BlockId victim,
      Workers workers) {
    throw new CryptoException("forged digest",
        "design " + design().name() + " has no digest point to forge");
  }

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

  /**
   * These keys as one combining validator holds them: the same keys, with caches of its own
   * (Ferveo's prepare_combine per signer set), as each validator's machine would keep. Designs
   * without per-combiner caches return {@code this}.
   */
  default DesignKeys forCombiner() {
    return this;
  }

  /**
   * Whether {@link #propose} verifies every share before combining (its timings have a verify
   * phase) rather than checking the combined results afterwards (a check phase).
   */
  default boolean verifiesShares() {
    return true;
  }

  /**
   * Well-formed shares with a wrong value, as a faulty validator sends them (the simulator's
   * {@code bad-share} and {@code equivocate-share} faults): {@link #propose} must name {@code
   * validator}. By default another signer's honest shares for the same block sent as {@code
   * validator}'s (well-formed, valid for their maker, wrong for {@code validator}); when {@code
   * validator} signs alone, the next validator's honest shares for the smallest set that holds it
   * (shares are only made for a set their maker is in). Designs with a sharper forgery override
   * it.
   */
  default List<byte[]> createWrongShares(int validator, SignerSet signers, PreparedBlock block) {
    for (int v : signers.validators()) {
      if (v != validator) {
        return createShares(v, signers, block);
      }
    }
    int next = (validator + 1) % keys().committee().validators();
    return createShares(next, SignerSet.smallestWith(keys().committee(), next), block);
  }

  /**
   * A payload a client colluding with a validator seals so that it opens to {@code payload} under
   * the true key and to another plaintext under the key the colluder's shares shift the
   * combination to (only when {@link BlockDesign#supportsKeyCollision()}).
   *
   * @throws CryptoException when the design has no such payload
   */
  default Colliding sealColliding(BlockId block, int slot, byte[] payload, StrongRandom random) {
    throw new CryptoException("colluding payload",
        "design " + design().name() + " has no key-colliding payload");
  }

  /**
   * The colluding validator's shares: honest, except for {@code target} (a {@link
   * #sealColliding} payload of the block), whose share shifts the combination.
   *
   * @throws CryptoException when the design has no such shares
   */
  default List<byte[]> createColludingShares(int validator, SignerSet signers,
      PreparedBlock block, SealedTx target) {
    throw new CryptoException("colluding share",
        "design " + design().name() + " has no colluding share");
  }

  /**
   * A key-colliding payload ({@link #sealColliding}).
   *
   * @param tx the sealed payload (passes {@link #isValid})
   * @param honestPlaintext what it opens to under the true key (what the client is said to send)
   * @param shiftedPlaintext what it opens to under the colluder's shifted key
   */
  record Colliding(SealedTx tx, byte[] honestPlaintext, byte[] shiftedPlaintext) {
    public Colliding {
      java.util.Objects.requireNonNull(tx, "tx");
      honestPlaintext = honestPlaintext.clone();
      shiftedPlaintext = shiftedPlaintext.clone();
    }

    @Override
    public byte[] honestPlaintext() {
      return honestPlaintext.clone();
    }

    @Override
    public byte[] shiftedPlaintext() {
      return shiftedPlaintext.clone();
    }
  }
}
