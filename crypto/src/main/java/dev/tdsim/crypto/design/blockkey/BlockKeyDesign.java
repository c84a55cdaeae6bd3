package dev.tdsim.crypto.design.blockkey;

import dev.tdsim.crypto.CryptoException;
import dev.tdsim.crypto.Workers;
import dev.tdsim.crypto.design.BlockDesign;
import dev.tdsim.crypto.design.DesignKeys;
import dev.tdsim.crypto.design.ShareForm;
import dev.tdsim.crypto.random.StrongRandom;
import dev.tdsim.crypto.tpke.Committee;
import dev.tdsim.crypto.tpke.KeySet;
import java.util.Optional;

/**
 * {@code block-key}: threshold identity-based encryption with one identity per block (Shutter's
 * design; Boneh-Franklin IBE on BLS12-381). Clients seal to the block's identity; after the
 * commit each validator sends one G1 element, its key-share points folded with the signer set's
 * Lagrange coefficients times H1(id); the combiner verifies them in one batch, sums them into the
 * block key K = [s]H1(id) (a threshold BLS signature on the identity), checks K against the
 * public key, and opens each transaction with one pairing. See docs/CRYPTO.md, "block-key".
 * In the {@link ShareForm#PER_POINT} form ({@code block-key-points}, Shutter's keypers' own) each
 * validator sends [f(omega^k)]H1(id) for each of its points and the combiner interpolates t of
 * them: no signer set, no reshare.
 */
public final class BlockKeyDesign implements BlockDesign {
  /** A transaction is sealed for one height (see {@link BlockDesign#sealsToHeight}). */
  @Override
  public boolean sealsToHeight() {
    return true;
  }

  public static final String NAME = "block-key";

  private final ShareForm form;

  /** The folded form, {@code block-key}. */
  public BlockKeyDesign() {
    this(ShareForm.FOLDED);
  }

  public BlockKeyDesign(ShareForm form) {
    this.form = form;
  }

  public ShareForm form() {
    return form;
  }

  @Override
  public String name() {
    return form.name(NAME);
  }

  @Override
  public String description() {
    return "threshold IBE, one identity per block (Shutter; Boneh-Franklin FullIdent on BLS12-381):"
        + (form == ShareForm.FOLDED ? " one folded G1 share per validator per block"
            : " one G1 share per key-share point, interpolated by the combiner")
        + ", one pairing per transaction";
  }

  @Override
  public Optional<String> disclosureCaveat() {
    return Optional.of("block-key releases the key of the block identity: every transaction sealed"
        + " to that block, included or not, can be decrypted by anyone once the block commits");
  }

  @Override
  public boolean sharesDependOnSigners() {
    return form.dependsOnSigners();
  }

  @Override
  public int sharesPerBlock(int blockSize) {
    return 1;
  }

  /** Uncompressed G1 points (decode without a square root): one, or one per key-share point. */
  @Override
  public long shareWireBytes(Committee committee, int validator) {
    return form.wireBytes(committee, validator);
  }

  /** The key tables do not depend on the block size. */
  @Override
  public boolean setupDependsOnBlockSize() {
    return false;
  }

  /**
   * Nothing is dealt beyond the key set: the block key is a threshold signature under f(0). Any
   * block size can be opened ({@code maxBlockSize} is only checked to be positive).
   */
  @Override
  public DesignKeys setup(KeySet keys, int maxBlockSize, StrongRandom random, Workers workers) {
    if (maxBlockSize < 1) {
      throw new CryptoException("block-key setup", "maxBlockSize must be >= 1, got " + maxBlockSize);
    }
    return new BlockKeyKeys(this, keys, workers);
  }

  @Override
  public String toString() {
    return name();
  }
}
