package dev.tdsim.crypto.design.batched;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.tdsim.crypto.design.Designs;
import org.junit.jupiter.api.Test;

/**
 * The size the cost model prices a batched block's openings at: the FK20 the prepare really runs
 * over the setup's whole domain, or the FK20 domain of the same work (in G1 FFT butterflies,
 * {@link Kzg#directButterflies}) when direct openings are cheaper.
 */
class PrepareWorkSizeTest {
  private static final BatchedDesign BATCHED = (BatchedDesign) Designs.byName("batched");

  /** A block as large as its setup (how the cost model was calibrated) is its own size. */
  @Test
  void aBlockAsLargeAsItsSetupIsPricedAtItsOwnSize() {
    for (int b : new int[] {16, 128, 512, 4096}) {
      assertEquals(b, BATCHED.prepareWorkSize(b, b), "B = " + b);
    }
  }

  /** A mempool's block under a setup for 10000 transactions (capacity 16384). */
  @Test
  void aSmallBlockOfALargeSetupIsPricedAsTheWorkItDoes() {
    // FK20 over all 16384 slots, however few transactions the block holds
    assertEquals(16384, BATCHED.prepareWorkSize(2510, 10000));
    assertEquals(16384, BATCHED.prepareWorkSize(1500, 10000));
    // 1144 and 452 direct openings: priced as FK20 over the smallest domain of at least their
    // work, which is less than the setup's and more than the block
    for (int b : new int[] {1144, 452, 30}) {
      int w = BATCHED.prepareWorkSize(b, 10000);
      assertTrue(w > b && w < 16384, "B = " + b + ": " + w);
      assertTrue(Kzg.fk20Butterflies(w) >= Kzg.directButterflies(b), "B = " + b);
      assertTrue(Kzg.fk20Butterflies(w - 1) < Kzg.directButterflies(b), "B = " + b);
    }
    // 1144 direct openings measured 26.0 s, FK20 over 16384 38.7 s: the price keeps the order
    assertTrue(BATCHED.prepareWorkSize(1144, 10000) < 16384);
    // one transaction: one slot; an empty block (the first heights of a mempool run) opens
    // nothing and costs nothing, on any setup
    assertEquals(1, BATCHED.prepareWorkSize(1, 1));
    assertEquals(0, BATCHED.prepareWorkSize(0, 10000));
    assertTrue(Kzg.directIsCheaper(0, 16384));
    assertEquals(0, Kzg.directButterflies(0));
  }

  @Test
  void otherDesignsPriceTheirOwnBlock() {
    assertEquals(452, Designs.byName("fast").prepareWorkSize(452, 10000));
    assertEquals(452, Designs.byName("block-key").prepareWorkSize(452, 10000));
  }

  /** The prepare's choice and the price agree at the boundary. */
  @Test
  void thePriceFollowsTheOpeningsChoice() {
    int n = 16384;
    int last = 1;
    while (Kzg.directIsCheaper(last + 1, n)) {
      last++;
    }
    assertTrue(last > 1144 && last < 2510, "crossover at " + last);
    assertTrue(Kzg.equivalentDomain(last, n) <= n);
    assertEquals(n, Kzg.equivalentDomain(last + 1, n));
  }
}
