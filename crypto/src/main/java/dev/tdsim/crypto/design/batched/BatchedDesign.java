package dev.tdsim.crypto.design.batched;

import dev.tdsim.crypto.Workers;
import dev.tdsim.crypto.curve.G1Point;
import dev.tdsim.crypto.design.BlockDesign;
import dev.tdsim.crypto.design.ShareForm;
import dev.tdsim.crypto.random.StrongRandom;
import dev.tdsim.crypto.tpke.Committee;
import dev.tdsim.crypto.tpke.KeySet;
import java.util.Optional;

/**
 * {@code batched}: batched threshold encryption with a one-time setup, after Choudhuri, Garg, Piet
 * and Policharla (ePrint 2024/669), its follow-up ePrint 2024/1516, and TrX/FPTX (ePrint
 * 2025/2032): the proposer commits to the block's ciphertext tags with one KZG commitment, every
 * validator sends one G1 element per block, and the combiner opens B transactions with B 2-pair
 * pairing products after computing all openings by FK20. See docs/CRYPTO.md, "batched". In the
 * {@link ShareForm#PER_POINT} form ({@code batched-points}, FPTX's own) each validator sends
 * [f(omega^k)]C' for each of its points and the combiner interpolates t of them (FPTX's
 * reconstruct): no signer set, no reshare.
 */
public final class BatchedDesign implements BlockDesign {
  /** A transaction is sealed for one height (see {@link BlockDesign#sealsToHeight}). */
  @Override
  public boolean sealsToHeight() {
    return true;
  }

  private final ShareForm form;

  /** The folded form, {@code batched}. */
  public BatchedDesign() {
    this(ShareForm.FOLDED);
  }

  public BatchedDesign(ShareForm form) {
    this.form = form;
  }

  public ShareForm form() {
    return form;
  }

  @Override
  public String name() {
    return form.name("batched");
  }

  @Override
  public String description() {
    return "batched threshold encryption: KZG digest of the block's tags, "
        + (form == ShareForm.FOLDED ? "one folded G1 key share per validator per block"
            : "one G1 key share per key-share point, interpolated by the combiner")
        + ", FK20 openings, one 2-pair pairing per transaction"
        + " (ePrint 2024/669, 2024/1516, 2025/2032)";
  }

  @Override
  public Optional<String> deploymentCaveat() {
    return Optional.of("the KZG powers and the key come from one trusted dealer in tdsim (a"
        + " deployment needs a powers-of-tau ceremony and a DKG), and each ciphertext is sealed"
        + " for a known block height and slot");
  }

  @Override
  public boolean sharesDependOnSigners() {
    return form.dependsOnSigners();
  }

  @Override
  public int digestWireBytes() {
    return G1Point.COMPRESSED_BYTES;
  }

  @Override
  public int prepareWorkSize(int blockSize, int maxBlockSize) {
    return Kzg.equivalentDomain(blockSize,
        BatchedSetup.capacityFor(Math.max(1, Math.max(blockSize, maxBlockSize))));
  }

  @Override
  public int sharesPerBlock(int blockSize) {
    return 1;
  }

  /**
   * Uncompressed G1 points (96 bytes each: decoding is ~45x cheaper than a compressed one): one,
   * or one per key-share point.
   */
  @Override
  public long shareWireBytes(Committee committee, int validator) {
    return form.wireBytes(committee, validator);
  }

  @Override
  public BatchedKeys setup(KeySet keys, int maxBlockSize, StrongRandom random, Workers workers) {
    BatchedSetup setup = BatchedSetup.deal(keys, maxBlockSize, random, workers);
    return new BatchedKeys(this, keys, setup, workers, random);
  }
}
