package dev.tdsim.calibration;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.tdsim.crypto.tpke.Committee;
import dev.tdsim.crypto.tpke.SignerSet;
import dev.tdsim.timing.OpSize;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** What the cells of one design on one key set are made of, and the run-queue correction. */
class KeySetGridTest {
  private static final CalibrationSettings.Grid GRID =
      new CalibrationSettings.Grid(CalibrationSettings.keys("2x16,4x16"), List.of(1, 3));
  private static final CalibrationSettings SETTINGS = new CalibrationSettings(
      Map.of("folded", GRID), List.of(64, 256), 2, 1, 1, 5, Path.of("unused.yaml"));

  /** 4 validators of 4 points each, threshold 10: three validators reach it. */
  private static final Committee FOUR = Committee.equal(16, 10, 4);

  @Test
  void signersAreTheFewestReachingTheThresholdAndBlameAddsTheNext() {
    KeySetGrid grid = new KeySetGrid(SETTINGS, "folded", FOUR, GRID);
    assertEquals(List.of(0, 1, 2), grid.makers);
    assertEquals(List.of(0, 1, 2, 3), grid.blameSigners().orElseThrow().validators());
    Committee two = Committee.equal(16, 10, 2);
    assertTrue(new KeySetGrid(SETTINGS, "folded", two, GRID).blameSigners().isEmpty(),
        "both validators are needed: no one is left to add");
    assertEquals("folded on 4x16: ready in 1.5 s",
        grid.setupLine("ready in %.1f s", 1.5));
  }

  @Test
  void pointsAlternateSizesAndRepeatTheirPayloads() {
    KeySetGrid grid = new KeySetGrid(SETTINGS, "folded", FOUR, GRID);
    assertEquals(2, grid.size());
    KeySetGrid.Point first = grid.point(0);
    KeySetGrid.Point second = grid.point(1);
    // 4x16 is the grid's second key set: sizes (1 + j) mod 2.
    assertEquals(256, first.payloadBytes());
    assertEquals(64, second.payloadBytes());
    assertEquals(3, second.payloads().size());
    assertArrayEquals(second.payloads().get(2), grid.point(1).payloads().get(2),
        "the same seed gives the same payloads");
    assertEquals(new OpSize(3, 3, 12, 3 * 64), grid.block(second));
    SignerSet blame = grid.blameSigners().orElseThrow();
    assertEquals(new OpSize(3, 4, 16, 3 * 64), grid.blameSize(blame, second));
  }

  @Test
  void timedMakersAreFirstMiddleAndLast() {
    assertEquals(List.of(0, 4, 9), KeySetGrid.timedMakers(List.of(0, 1, 2, 3, 4, 5, 6, 7, 8, 9)));
    assertEquals(List.of(0, 1), KeySetGrid.timedMakers(List.of(0, 1)));
    assertEquals(List.of(5), KeySetGrid.timedMakers(List.of(5)));
  }

  @Test
  void rotatedSignersStartSevenFurtherEachVisit() {
    assertEquals(List.of(0, 1, 2), KeySetGrid.rotatedSigners(FOUR, 0).validators());
    // visit 1 starts at 7 mod 4 = 3 and wraps.
    assertEquals(List.of(0, 1, 3), KeySetGrid.rotatedSigners(FOUR, 1).validators());
  }

  @Test
  void unqueuedTakesTheThreadsMeanDelayOutKeepingAtLeastFivePercent() {
    assertEquals(800, RunQueueProbe.unqueued(1000, 100, 500, 2));
    assertEquals(1000, RunQueueProbe.unqueued(1000, -1, 500, 2), "no schedstat: as measured");
    assertEquals(50, RunQueueProbe.unqueued(1000, 0, 10_000, 1));
  }
}
