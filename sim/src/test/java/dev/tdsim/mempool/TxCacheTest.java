package dev.tdsim.mempool;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.LinkedHashSet;
import java.util.SplittableRandom;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.constraints.IntRange;
import org.junit.jupiter.api.Test;

class TxCacheTest {

  @Test
  void aPushOfAHeldKeyRefreshesItSoTheLeastRecentlyPushedIsEvicted() {
    TxCache cache = new TxCache(2);
    assertTrue(cache.push(1));
    assertTrue(cache.push(2));
    assertFalse(cache.push(1)); // held: moved to the back
    assertTrue(cache.push(3)); // evicts 2, the least recently pushed
    assertTrue(cache.contains(1));
    assertFalse(cache.contains(2));
    assertTrue(cache.contains(3));
    assertEquals(2, cache.size());
  }

  @Test
  void capacityZeroRemembersNothing() {
    TxCache cache = new TxCache(0);
    assertTrue(cache.push(7));
    assertTrue(cache.push(7));
    assertFalse(cache.contains(7));
  }

  @Test
  void aRemovedKeyIsNewAgain() {
    TxCache cache = new TxCache(4);
    cache.push(5);
    cache.remove(5);
    assertFalse(cache.contains(5));
    assertTrue(cache.push(5));
    assertEquals(1, cache.size());
  }

  /** Against a LinkedHashSet kept in recency order, over random pushes and removals. */
  @Property(tries = 200)
  void behavesAsAnLruOfItsCapacity(@ForAll @IntRange(min = 1, max = 50) int capacity,
      @ForAll long seed) {
    TxCache cache = new TxCache(capacity);
    LinkedHashSet<Integer> reference = new LinkedHashSet<>();
    SplittableRandom random = new SplittableRandom(seed);
    for (int step = 0; step < 2000; step++) {
      int id = random.nextInt(3 * capacity + 10);
      if (random.nextInt(10) == 0) {
        cache.remove(id);
        reference.remove(id);
      } else {
        boolean fresh = !reference.remove(id);
        if (fresh && reference.size() >= capacity) {
          reference.remove(reference.iterator().next());
        }
        reference.add(id);
        assertEquals(fresh, cache.push(id), "push " + id + " at step " + step);
      }
      assertEquals(reference.size(), cache.size());
    }
    for (int id = 0; id < 3 * capacity + 10; id++) {
      assertEquals(reference.contains(id), cache.contains(id));
    }
  }
}
