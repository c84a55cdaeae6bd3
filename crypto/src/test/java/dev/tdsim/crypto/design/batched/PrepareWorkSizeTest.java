package dev.tdsim.crypto.design.batched;

import static org.junit.jupiter.api.Assertions.assertEquals;

import dev.tdsim.crypto.design.Designs;
import org.junit.jupiter.api.Test;

/**
 * The size the cost model prices a batched block's openings at: the FK20 the prepare really runs
 * over the setup's whole domain, or the domain of the same work when direct openings are cheaper.
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
    assertEquals(16384, BATCHED.prepareWorkSize(1145, 10000));
    // 1144 and 452 direct openings (1144^2 <= 80 x 16384): as much work as FK20 over B^2 / 80
    assertEquals(1144 * 1144 / 80, BATCHED.prepareWorkSize(1144, 10000));
    assertEquals(452 * 452 / 80, BATCHED.prepareWorkSize(452, 10000));
    assertEquals(30, BATCHED.prepareWorkSize(30, 10000));
    // never less than the block
    assertEquals(1, BATCHED.prepareWorkSize(1, 10000));
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
    int last = (int) Math.floor(Math.sqrt((double) Kzg.FK20_PER_POINT * n));
    assertEquals(true, Kzg.directIsCheaper(last, n));
    assertEquals(false, Kzg.directIsCheaper(last + 1, n));
    assertEquals((long) last * last / Kzg.FK20_PER_POINT, Kzg.equivalentDomain(last, n));
    assertEquals(n, Kzg.equivalentDomain(last + 1, n));
  }
}
