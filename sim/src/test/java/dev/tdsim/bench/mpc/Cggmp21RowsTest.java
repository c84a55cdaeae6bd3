package dev.tdsim.bench.mpc;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.tdsim.crypto.cggmp21.SecurityParams;
import dev.tdsim.crypto.random.SeededDrbg;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * The CGGMP21 rows with the real protocol at the test parameters (1024-bit Paillier; the bench
 * uses 2048): presigning and signing apart, real sizes, the paper's figure beside.
 */
class Cggmp21RowsTest {
  @Test
  void presignAndSignRowsOfTheFirstPaperRow() {
    var random = SeededDrbg.of(3, "cggmp21 rows", 0);
    var pool = new Cggmp21Rows.KeyPool(SecurityParams.TEST, random.split());
    List<MpcRow> rows = Cggmp21Rows.run(3, 5, 1, MpcNetwork.PAPER, pool, random.split());
    assertEquals(2, rows.size());
    MpcRow presign = rows.get(0);
    MpcRow sign = rows.get(1);
    assertEquals("cggmp21-presign", presign.protocol());
    assertEquals("cggmp21-sign", sign.protocol());
    assertEquals(MpcFunction.CGGMP21_SIGN, presign.function());
    assertEquals("(3, 5)", MpcTable.tn(presign));
    assertEquals(3, presign.rounds());
    assertEquals(1, sign.rounds());
    for (MpcRow r : rows) {
      assertEquals(65, r.sizeBytes());
      assertEquals(4.2, r.paper().orElseThrow().latencyMillis());
      assertTrue(r.latencyNanos() >= r.computeNanos(), r.toString());
      assertTrue(r.latencyNanos() > MpcNetwork.PAPER.oneWayLatencyNanos(), r.toString());
    }
    // three all-to-all rounds: each of the t (t - 1) ordered pairs gets one message per round
    // (K, G and Pi-enc are two ciphertexts of N^2 and more), and presigning waits 3 latencies
    assertTrue(presign.communicationBytes() > 3L * 2 * 3 * 256, presign.toString());
    assertTrue(presign.latencyNanos() >= 3 * MpcNetwork.PAPER.oneWayLatencyNanos());
    // online: t - 1 shares of 36 bytes to the combiner
    assertEquals(2L * 36, sign.communicationBytes());
    assertTrue(sign.latencyNanos() < presign.latencyNanos());
  }

  @Test
  void plainEcdsaRowAndFunctionName() {
    MpcRow r = Cggmp21Rows.plainEcdsa(20, SeededDrbg.of(1, "ecdsa", 0));
    assertEquals("ecdsa-single-key", r.protocol());
    assertEquals(0.018, r.paper().orElseThrow().latencyMillis());
    assertTrue(r.latencyNanos() > 0);
    assertEquals(MpcFunction.CGGMP21_SIGN, MpcFunction.byName(" CGGMP21_Sign "));
  }
}
