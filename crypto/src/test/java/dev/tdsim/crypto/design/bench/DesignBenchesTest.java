package dev.tdsim.crypto.design.bench;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.tdsim.crypto.SealedTx;
import dev.tdsim.crypto.Workers;
import dev.tdsim.crypto.design.BlockDesign;
import dev.tdsim.crypto.design.BlockId;
import dev.tdsim.crypto.design.DesignKeys;
import dev.tdsim.crypto.design.Designs;
import dev.tdsim.crypto.design.FerveoDesign;
import dev.tdsim.crypto.random.SeededDrbg;
import dev.tdsim.crypto.tpke.Committee;
import dev.tdsim.crypto.tpke.KeySet;
import dev.tdsim.crypto.tpke.SignerSet;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/** The bench functions of the one-share-per-block designs, on a tiny committee. */
class DesignBenchesTest {
  private static Workers workers;
  private static KeySet keys;

  @BeforeAll
  static void deal() {
    workers = Workers.of(2);
    keys = KeySet.deal(Committee.equal(16, 10, 4), SeededDrbg.of(1, "bench-test", 0), workers);
  }

  @AfterAll
  static void close() {
    workers.close();
  }

  @org.junit.jupiter.api.Test
  void eachDesignSaysWhichFunctionsItHas() {
    assertEquals(List.of(DesignFunction.values()),
        DesignBenches.functions(Designs.byName("batched")));
    assertEquals(List.of(DesignFunction.DIGEST, DesignFunction.SHARE_CREATE,
        DesignFunction.SHARE_VERIFY, DesignFunction.RECONSTRUCT, DesignFunction.DECRYPT_BATCH),
        DesignBenches.functions(Designs.byName("block-key")));
    assertEquals(DesignBenches.functions(Designs.byName("block-key")),
        DesignBenches.functions(Designs.byName("block-key-points")));
    assertEquals(List.of(DesignFunction.values()),
        DesignBenches.functions(Designs.byName("batched-points")));
    for (BlockDesign d : Designs.all()) {
      if (FerveoDesign.variantOf(d).isPresent()) {
        assertTrue(DesignBenches.functions(d).isEmpty(), d.name());
      }
    }
    assertEquals(DesignFunction.EVAL_PROOFS, DesignFunction.byName(" Eval_Proofs "));
    IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
        () -> DesignFunction.byName("warp"));
    assertTrue(e.getMessage().contains("digest, eval_proofs"), e.getMessage());
  }

  private record Block(DesignKeys keys, BlockId id, List<SealedTx> txs, List<byte[]> payloads) {}

  private static Block block(String design, int m) {
    DesignKeys dk = Designs.byName(design).setup(keys, m, SeededDrbg.of(2, "dealer", 0), workers);
    BlockId id = new BlockId("bench-test", 7);
    List<byte[]> payloads = new ArrayList<>();
    List<SealedTx> txs = new ArrayList<>();
    SeededDrbg sealing = SeededDrbg.of(3, "seal", 0);
    for (int j = 0; j < m; j++) {
      byte[] p = ("payload " + j).getBytes();
      payloads.add(p);
      txs.add(dk.encrypt(id, j, p, sealing));
    }
    return new Block(dk, id, txs, payloads);
  }

  @ParameterizedTest
  @ValueSource(strings = {"batched", "block-key", "batched-points", "block-key-points"})
  void everyFunctionRunsChecksAndHasAKernel(String design) {
    Block b = block(design, 4);
    DesignBench bench = DesignBenches.of(b.keys(), workers).orElseThrow();
    DesignBench.Fixture f = bench.fixture(b.id(), b.txs(), b.payloads(),
        SignerSet.all(keys.committee()), SeededDrbg.of(4, "weights", 0));
    for (DesignFunction fn : bench.functions()) {
      f.run(fn).run(); // throws when the result is wrong
      f.kernel(fn);
      assertTrue(f.kernelDescription(fn).length() > 5, fn.cliName());
      assertTrue(f.units(fn) >= 1, fn.cliName());
    }
    assertEquals(4, f.units(DesignFunction.DECRYPT_BATCH));
  }

  @ParameterizedTest
  @ValueSource(strings = {"batched", "block-key", "batched-points", "block-key-points"})
  void aFixtureWhosePayloadsDoNotOpenIsRefused(String design) {
    Block b = block(design, 3);
    List<byte[]> wrong = new ArrayList<>(b.payloads());
    wrong.set(1, "another payload".getBytes());
    DesignBench bench = DesignBenches.of(b.keys(), workers).orElseThrow();
    IllegalStateException e = assertThrows(IllegalStateException.class,
        () -> bench.fixture(b.id(), b.txs(), wrong, SignerSet.all(keys.committee()),
            SeededDrbg.of(4, "weights", 0)));
    assertTrue(e.getMessage().contains("transaction 1"), e.getMessage());
  }
}
