package dev.tdsim.crypto.design;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.tdsim.crypto.SealedTx;
import dev.tdsim.crypto.Workers;
import dev.tdsim.crypto.random.SeededDrbg;
import dev.tdsim.crypto.tpke.Committee;
import dev.tdsim.crypto.tpke.KeySet;
import dev.tdsim.crypto.tpke.SignerSet;
import dev.tdsim.crypto.variant.BlockResult;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * The phase timings a one-share design reports for a block (what the simulator charges and the
 * report shows): an honest block pays decode, verify, combine and decrypt and nothing to blame;
 * a block with a wrong share pays for finding it under blame.
 */
class DesignTimingsTest {
  private static final Workers WORKERS = Workers.of(1);
  private static final Committee COMMITTEE =
      Committee.equal(16, Committee.defaultThreshold(16), 4);
  private static final KeySet KEYS =
      KeySet.deal(COMMITTEE, SeededDrbg.of(17, "timings", 0), WORKERS);

  private static BlockResult open(String name, boolean oneWrong) {
    DesignKeys design = Designs.byName(name).setup(KEYS, 4, SeededDrbg.of(17, "timings", 1),
        WORKERS);
    BlockId id = new BlockId("timings", 3);
    List<SealedTx> txs = new ArrayList<>();
    for (int j = 0; j < 3; j++) {
      txs.add(design.encrypt(id, j, new byte[] {(byte) j, 1, 2}, SeededDrbg.of(17, "seal", j)));
    }
    PreparedBlock block = design.prepare(design.digest(id, txs, WORKERS), txs, WORKERS);
    SignerSet all = SignerSet.all(COMMITTEE);
    Map<Integer, List<byte[]>> shares = new LinkedHashMap<>();
    for (int v : all.validators()) {
      shares.put(v, oneWrong && v == 2 ? design.createWrongShares(v, all, block)
          : design.createShares(v, all, block));
    }
    // a reshare from the honest rest, for the folded designs
    return design.forCombiner().propose(block, shares, all, signers -> {
      Map<Integer, List<byte[]>> fresh = new LinkedHashMap<>();
      for (int v : signers.validators()) {
        fresh.put(v, design.createShares(v, signers, block));
      }
      return fresh;
    }, SeededDrbg.of(17, "propose", oneWrong ? 1 : 0));
  }

  @ParameterizedTest
  @ValueSource(strings = {"batched", "block-key", "batched-points", "block-key-points"})
  void anHonestBlockPaysItsPhasesAndNothingToBlame(String name) {
    BlockResult r = open(name, false);
    assertEquals(BlockResult.Status.DECRYPTED, r.status(), r.faultyValidators().toString());
    BlockResult.PhaseTimings t = r.timings();
    assertEquals(0, t.blameNanos(), t.toString());
    assertTrue(t.decodeNanos() > 0 && t.verifyNanos() > 0 && t.combineNanos() > 0
        && t.decryptNanos() > 0, t.toString());
    assertTrue(r.cpu().verifyNanos() > 0 && r.cpu().decryptNanos() > 0, r.cpu().toString());
    assertEquals(0, r.cpu().blameNanos(), r.cpu().toString());
    assertEquals(16, r.pointsAvailable());
  }

  @ParameterizedTest
  @ValueSource(strings = {"batched", "block-key", "batched-points", "block-key-points"})
  void aWrongSharePaysForFindingIt(String name) {
    BlockResult r = open(name, true);
    assertEquals(BlockResult.Status.DECRYPTED, r.status(), r.faultyValidators().toString());
    assertEquals(List.of(2), new ArrayList<>(r.faultyValidators().keySet()));
    assertTrue(r.faultyValidators().get(2).contains("failed verification"),
        r.faultyValidators().get(2));
    assertEquals(12, r.pointsAvailable(), "the three honest validators' 4 points each");
    assertTrue(r.timings().decodeNanos() > 0 && r.timings().verifyNanos() > 0,
        r.timings().toString());
    assertTrue(r.timings().blameNanos() > 0, r.timings().toString());
    assertTrue(r.cpu().blameNanos() > 0, r.cpu().toString());
  }
}
