package dev.tdsim.crypto.design.batched;

import dev.tdsim.crypto.Workers;
import dev.tdsim.crypto.curve.G1Point;
import dev.tdsim.crypto.design.BlockDesign;
import dev.tdsim.crypto.random.StrongRandom;
import dev.tdsim.crypto.tpke.Committee;
import dev.tdsim.crypto.tpke.KeySet;
import java.util.Optional;

/**
 * {@code batched}: batched threshold encryption with a one-time setup, after Choudhuri, Garg, Piet
 * and Policharla (ePrint 2024/669), its follow-up ePrint 2024/1516, and TrX/FPTX (ePrint
 * 2025/2032): the proposer commits to the block's ciphertext tags with one KZG commitment, every
 * validator sends one G1 element per block, and the combiner opens B transactions with B 2-pair
 * pairing products after computing all openings by FK20. See docs/CRYPTO.md, "batched".
 */
public final class BatchedDesign implements BlockDesign {
  @Override
  public String name() {
    return "batched";
  }

  @Override
  public String description() {
    return "batched threshold encryption: KZG digest of the block's tags, one G1 key share per"
        + " validator per block, FK20 openings, one 2-pair pairing per transaction"
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
    return true;
  }

  @Override
  public int sharesPerBlock(int blockSize) {
    return 1;
  }

  /** One uncompressed G1 point (96 bytes: decoding it is ~45x cheaper than a compressed one). */
  @Override
  public long shareWireBytes(Committee committee, int validator) {
    return G1Point.UNCOMPRESSED_BYTES;
  }

  @Override
  public BatchedKeys setup(KeySet keys, int maxBlockSize, StrongRandom random, Workers workers) {
    BatchedSetup setup = BatchedSetup.deal(keys, maxBlockSize, random, workers);
    return new BatchedKeys(this, keys, setup, workers, random);
  }
}
