package dev.tdsim.crypto.design.blockkey;

import dev.tdsim.crypto.SealedTx;
import dev.tdsim.crypto.Workers;
import dev.tdsim.crypto.design.BlockId;
import dev.tdsim.crypto.design.DesignKeys;
import dev.tdsim.crypto.design.Designs;
import dev.tdsim.crypto.design.PreparedBlock;
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

/** A small key set (N = 64 points over V = 8 validators, t = 42) set up for block-key. */
final class BlockKeyFixture {
  static final Workers WORKERS = Workers.of(2);
  static final KeySet KEYS = KeySet.deal(
      Committee.equal(64, Committee.defaultThreshold(64), 8), SeededDrbg.of(41, "blockkey", 0),
      WORKERS);
  static final DesignKeys DESIGN =
      Designs.byName("block-key").setup(KEYS, 64, SeededDrbg.of(41, "blockkey", 1), WORKERS);

  private BlockKeyFixture() {}

  static BlockId block(long height) {
    return new BlockId("test-chain", height);
  }

  static byte[] message(int j) {
    return ("tx " + j + " ").repeat(j + 1).getBytes(StandardCharsets.UTF_8);
  }

  static List<SealedTx> seal(DesignKeys keys, BlockId block, int count, StrongRandom random) {
    List<SealedTx> txs = new ArrayList<>();
    for (int j = 0; j < count; j++) {
      txs.add(keys.encrypt(block, j, message(j), random));
    }
    return txs;
  }

  static PreparedBlock prepare(DesignKeys keys, BlockId block, List<SealedTx> txs) {
    return keys.prepare(keys.digest(block, txs, WORKERS), txs, WORKERS);
  }

  /** Every signer's honest shares (a mutable map, to corrupt). */
  static Map<Integer, List<byte[]>> shares(DesignKeys keys, SignerSet signers, PreparedBlock b) {
    Map<Integer, List<byte[]>> out = new LinkedHashMap<>();
    for (int v : signers.validators()) {
      out.put(v, new ArrayList<>(keys.createShares(v, signers, b)));
    }
    return out;
  }

  static SignerSet all() {
    return SignerSet.all(KEYS.committee());
  }
}
