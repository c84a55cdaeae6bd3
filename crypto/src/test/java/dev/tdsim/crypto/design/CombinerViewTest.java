package dev.tdsim.crypto.design;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotSame;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.tdsim.crypto.SealedTx;
import dev.tdsim.crypto.Workers;
import dev.tdsim.crypto.random.SeededDrbg;
import dev.tdsim.crypto.tpke.Committee;
import dev.tdsim.crypto.tpke.KeySet;
import dev.tdsim.crypto.tpke.SignerSet;
import dev.tdsim.crypto.variant.BlockResult;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * Every design whose combiner keeps per-signer-set work gives each combiner its own cache
 * ({@link DesignKeys#forCombiner()}): a second combiner pays its own prepare for a signer set the
 * first already prepared, as each validator's machine would (the simulator charges each node the
 * work it really does, so a shared cache would leave the cost on the first combiner only).
 */
class CombinerViewTest {
  private static final Workers WORKERS = Workers.of(1);
  private static final KeySet KEYS = KeySet.deal(Committee.equal(16, 11, 4),
      SeededDrbg.of(1, "test.combiner-view", 0), WORKERS);

  static List<String> designsWithSignerSetWork() {
    return Designs.all().stream().filter(BlockDesign::sharesDependOnSigners)
        .map(BlockDesign::name).toList();
  }

  @ParameterizedTest
  @MethodSource("designsWithSignerSetWork")
  void eachCombinerPreparesTheSignerSetItself(String name) {
    BlockDesign design = Designs.byName(name);
    DesignKeys keys = design.setup(KEYS, 4, SeededDrbg.of(2, "test.combiner-view", 0), WORKERS);
    BlockId id = new BlockId("view", 1);
    List<SealedTx> txs = new ArrayList<>();
    for (int i = 0; i < 2; i++) {
      txs.add(keys.encrypt(id, i, new byte[] {(byte) i, 7},
          SeededDrbg.of(3 + i, "test.combiner-view", 0)));
    }
    PreparedBlock block = keys.prepare(keys.digest(id, txs, WORKERS), txs, WORKERS);
    SignerSet signers = SignerSet.all(KEYS.committee());
    Map<Integer, List<byte[]>> shares = new TreeMap<>();
    for (int v : signers.validators()) {
      shares.put(v, keys.createShares(v, signers, block));
    }
    DesignKeys first = keys.forCombiner();
    DesignKeys second = keys.forCombiner();
    assertNotSame(first, second);
    BlockResult a = first.propose(block, shares, signers, null,
        SeededDrbg.of(10, "test.combiner-view", 0));
    assertEquals(BlockResult.Status.DECRYPTED, a.status());
    assertTrue(a.ranPrepare(), name);
    assertFalse(first.propose(block, shares, signers, null,
        SeededDrbg.of(11, "test.combiner-view", 0)).ranPrepare(), name + ": cached in its view");
    assertTrue(second.propose(block, shares, signers, null,
        SeededDrbg.of(12, "test.combiner-view", 0)).ranPrepare(), name + ": its own cache");
  }
}
