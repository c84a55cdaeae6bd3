package dev.tdsim.crypto;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import org.junit.jupiter.api.Test;

/** {@link Workers#mapRanges}: contiguous ranges in order that cover [0, n) exactly once. */
class WorkersRangesTest {
  @Test
  void rangesCoverTheIndicesInOrder() {
    for (int threads : new int[] {1, 2, 3}) {
      try (Workers w = Workers.of(threads)) {
        for (int n : new int[] {0, 1, 7, 16, 17, 63, 64, 65, 1000}) {
          List<int[]> ranges = w.mapRanges(n, 16, (from, to) -> new int[] {from, to});
          int next = 0;
          for (int[] r : ranges) {
            assertEquals(next, r[0], n + " on " + threads);
            assertTrue(r[1] > r[0]);
            assertTrue(threads == 1 || r[1] - r[0] >= Math.min(16, n) || r[1] == n);
            next = r[1];
          }
          assertEquals(n, next);
          assertTrue(ranges.size() <= Math.max(1, 4 * threads));
          if (threads == 1) {
            assertTrue(ranges.size() <= 1);
          }
        }
      }
    }
  }
}
