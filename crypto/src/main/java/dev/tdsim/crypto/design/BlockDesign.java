package dev.tdsim.crypto.design;

import dev.tdsim.crypto.Workers;
import dev.tdsim.crypto.random.StrongRandom;
import dev.tdsim.crypto.tpke.Committee;
import dev.tdsim.crypto.tpke.KeySet;
import java.util.Optional;

/**
 * One threshold-decryption design for a block of encrypted transactions: how clients seal, what
 * the proposer publishes, what each validator sends after the commit and how the combiner opens
 * the block. Ferveo's per-transaction designs ({@link dev.tdsim.crypto.variant.CombineVariant})
 * and the one-share-per-block designs are all designs; the simulator and the benchmarks see only
 * this interface. A design knows its own facts: nothing outside compares its name.
 */
public interface BlockDesign {
  /** Stable lower-case name users write (the scenario's {@code crypto.variant}). */
  String name();

  /** One line: what the design does and where it comes from. */
  String description();

  /**
   * What would keep the design, as tdsim runs it, from being deployed (empty: nothing known).
   * Shown with every run of the design.
   */
  default Optional<String> deploymentCaveat() {
    return Optional.empty();
  }

  /**
   * What the design reveals beyond the committed block's own transactions (block-key: every
   * transaction sealed to the block's identity, included or not). Shown with every run.
   */
  default Optional<String> disclosureCaveat() {
    return Optional.empty();
  }

  /**
   * Whether the proposer's {@link DesignKeys#digest} and the combiner's {@link
   * DesignKeys#prepare} do any work (false for Ferveo's designs, whose digest and prepared block
   * are the block itself): the simulator charges the digest to the proposal and the prepare to
   * the combiner only when true.
   */
  default boolean precomputesBlock() {
    return true;
  }

  /**
   * Whether a validator's shares open the key of one block id (the batched designs' C', the
   * block-key designs' identity): such shares are made only for the block committed at that id
   * ({@link ShareLedger}), and a proposer's digest for another id or with a forged point is
   * refused before the prevote (the simulator's {@code forging-proposer} adversary). False for
   * Ferveo's designs, whose shares are per transaction and whose digest is the block itself.
   */
  default boolean sharesBindBlockId() {
    return precomputesBlock();
  }

  /**
   * Whether a client colluding with a validator can seal a payload that opens to two plaintexts
   * ({@link DesignKeys#sealColliding}, {@link DesignKeys#createColludingShares}): the
   * simulator's {@code colluding-encryptor} fault. False: scenarios asking for it are rejected.
   */
  default boolean supportsKeyCollision() {
    return false;
  }

  /**
   * Whether a client seals a transaction for one height (the batched designs: a height and a
   * slot; the block-key designs: a height's identity), so that one not included in that height's
   * block is useless after it and must be sealed again for a later height. False for Ferveo's
   * designs, whose ciphertexts open in any block.
   */
  default boolean sealsToHeight() {
    return false;
  }

  /**
   * The block size, in transactions, whose {@link DesignKeys#prepare} a block of {@code
   * blockSize} costs as much as, on a setup for blocks of up to {@code maxBlockSize} (the cost
   * model's size of that call, fitted on blocks as large as their setup): the block's own size
   * by default. Batched: the FK20 domain, the setup's capacity, when the openings go through
   * FK20, and the domain of the same work when B direct openings are cheaper, so a small block
   * of a large setup (a mempool's block under consensus.max_block_txs) is priced as the work it
   * really does (the cost model fits FK20 on setups as large as their blocks).
   */
  default int prepareWorkSize(int blockSize, int maxBlockSize) {
    return blockSize;
  }

  /**
   * Bytes the proposer's digest adds to a proposal ({@link BlockDigest#wireBytes} of every
   * digest the design makes): 0 for designs whose digest is the block itself.
   */
  default int digestWireBytes() {
    return 0;
  }

  /** Whether a validator's shares depend on the signer set (a changed set needs new shares). */
  boolean sharesDependOnSigners();

  /** How many encoded shares a validator sends for a block of {@code blockSize} transactions. */
  int sharesPerBlock(int blockSize);

  /** Encoded bytes of one of validator {@code validator}'s shares, as it travels. */
  long shareWireBytes(Committee committee, int validator);

  /**
   * The dealer's setup beside the key set, once per run (batched: KZG powers for blocks of up to
   * {@code maxBlockSize} transactions; designs that need nothing more reuse {@code keys}).
   * Every secret comes from {@code random}.
   */
  DesignKeys setup(KeySet keys, int maxBlockSize, StrongRandom random, Workers workers);

  /**
   * Whether {@link #setup} depends on its {@code maxBlockSize} (batched: the KZG powers cover it;
   * false: one setup serves every block size, and a process may reuse it across runs that differ
   * only in block size).
   */
  default boolean setupDependsOnBlockSize() {
    return true;
  }
}
