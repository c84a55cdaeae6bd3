package dev.tdsim.crypto.design;

import dev.tdsim.crypto.Workers;
import dev.tdsim.crypto.random.StrongRandom;
import dev.tdsim.crypto.tpke.Committee;
import dev.tdsim.crypto.tpke.KeySet;
import dev.tdsim.crypto.variant.CombineVariant;
import dev.tdsim.crypto.variant.ShareWork;
import java.util.Objects;
import java.util.Optional;

/**
 * One of Ferveo's combine variants as a {@link BlockDesign}: every validator sends one share per
 * transaction ({@link #sharesPerBlock} = the block's size), the proposer's digest and the
 * combiner's prepared block are the block itself (nothing on the wire, nothing computed ahead),
 * and the combiner runs the variant's {@link dev.tdsim.crypto.variant.BlockProposer}. The
 * variant's own facts (how its work grows with the key set, its key tables, its colluding share
 * maker) stay reachable through {@link #variant()} for the code that needs them (calibration,
 * benchmarks).
 */
public final class FerveoDesign implements BlockDesign {
  private final CombineVariant<?> variant;

  public FerveoDesign(CombineVariant<?> variant) {
    this.variant = Objects.requireNonNull(variant, "variant");
  }

  /** The Ferveo variant behind {@code design}, if it is one. */
  public static Optional<CombineVariant<?>> variantOf(BlockDesign design) {
    return design instanceof FerveoDesign f ? Optional.of(f.variant) : Optional.empty();
  }

  public CombineVariant<?> variant() {
    return variant;
  }

  /** How the variant's work grows with the key set (what its cost model fits). */
  public ShareWork shareWork() {
    return variant.shareWork();
  }

  @Override
  public String name() {
    return variant.name();
  }

  @Override
  public String description() {
    return variant.description();
  }

  @Override
  public Optional<String> deploymentCaveat() {
    return variant.deploymentCaveat();
  }

  /** The digest and the prepared block are the block itself. */
  @Override
  public boolean precomputesBlock() {
    return false;
  }

  /** Every variant has a colluding share maker (docs/CRYPTO.md, KeyCollision). */
  @Override
  public boolean supportsKeyCollision() {
    return true;
  }

  @Override
  public boolean sharesDependOnSigners() {
    return variant.sharesDependOnSigners();
  }

  /** One share per transaction. */
  @Override
  public int sharesPerBlock(int blockSize) {
    if (blockSize < 0) {
      throw new IllegalArgumentException("blockSize " + blockSize + " < 0");
    }
    return blockSize;
  }

  @Override
  public long shareWireBytes(Committee committee, int validator) {
    return variant.shareWireBytes(committee, validator);
  }

  /** The key tables do not depend on the block size. */
  @Override
  public boolean setupDependsOnBlockSize() {
    return false;
  }

  /**
   * Nothing beyond the key set: builds the variant's key tables once ({@link
   * CombineVariant#prepareKeyTables}) so that no block pays them. Draws nothing from {@code
   * random}; any block size.
   */
  @Override
  public DesignKeys setup(KeySet keys, int maxBlockSize, StrongRandom random, Workers workers) {
    return FerveoKeys.of(this, variant, keys, workers);
  }

  @Override
  public String toString() {
    return "FerveoDesign[" + name() + "]";
  }
}
