package dev.tdsim.crypto.design.batched;

import dev.tdsim.crypto.SealedTx;
import dev.tdsim.crypto.Workers;
import dev.tdsim.crypto.curve.G1Point;
import dev.tdsim.crypto.design.BlockId;
import dev.tdsim.crypto.design.Designs;
import dev.tdsim.crypto.random.SeededDrbg;
import dev.tdsim.crypto.random.StrongRandom;
import dev.tdsim.crypto.tpke.Committee;
import dev.tdsim.crypto.tpke.KeySet;
import dev.tdsim.crypto.tpke.SignerSet;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/** A small committee (N = 64 points over V = 8 validators, t = 42) and a batched setup for 16. */
final class BatchedFixture {
  static final Workers WORKERS = Workers.of(2);
  static final KeySet KEYS = KeySet.deal(
      Committee.equal(64, Committee.defaultThreshold(64), 8), SeededDrbg.of(41, "batched", 0),
      WORKERS);
  static final BatchedKeys BATCHED = (BatchedKeys) Designs.byName("batched")
      .setup(KEYS, 16, SeededDrbg.of(41, "batched", 1), WORKERS);

  private BatchedFixture() {}

  static byte[] message(int j) {
    return ("tx " + j + " ").repeat(j + 1).getBytes(StandardCharsets.UTF_8);
  }

  static List<SealedTx> seal(BatchedKeys keys, BlockId block, int count, StrongRandom random) {
    List<SealedTx> txs = new ArrayList<>();
    for (int j = 0; j < count; j++) {
      txs.add(keys.encrypt(block, j, message(j), random));
    }
    return txs;
  }

  static BatchedBlock prepared(BatchedKeys keys, BlockId block, List<SealedTx> txs) {
    return keys.prepare(keys.digest(block, txs, WORKERS), txs, WORKERS);
  }

  /** Replaces validator {@code v}'s share by the honest one plus G: well-formed, wrong. */
  static void shift(Map<Integer, List<byte[]>> shares, int v) {
    G1Point honest = G1Point.fromBytes(shares.get(v).get(0));
    shares.put(v, List.of(honest.add(G1Point.generator()).toUncompressed()));
  }

  /** Every signer's honest share (a mutable map, to corrupt). */
  static Map<Integer, List<byte[]>> shares(
      BatchedKeys keys, SignerSet signers, BatchedBlock block) {
    Map<Integer, List<byte[]>> out = new LinkedHashMap<>();
    for (int v : signers.validators()) {
      out.put(v, new ArrayList<>(keys.createShares(v, signers, block)));
    }
    return out;
  }
}
