package dev.tdsim.network;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.Comparator;
import java.util.PriorityQueue;
import java.util.SplittableRandom;
import java.util.stream.IntStream;
import org.junit.jupiter.api.Test;

/** PairSort and TimeNodeHeap against straightforward references, on random inputs with ties. */
class PrimitiveStructuresTest {

  @Test
  void pairSortIsAStableSortOfEveryLength() {
    SplittableRandom rng = new SplittableRandom(42);
    for (int n = 0; n <= 130; n++) {
      for (int rep = 0; rep < 3; rep++) {
        long[] keys = new long[n + 2]; // a longer array: only the prefix n is sorted
        long[] values = new long[n + 2];
        for (int i = 0; i < keys.length; i++) {
          keys[i] = rng.nextInt(Math.max(1, n / 3)); // many ties
          values[i] = i; // the original position, to check stability
        }
        keys[keys.length - 1] = -1;
        keys[keys.length - 2] = -2;
        long[] k = keys.clone();
        long[] v = values.clone();
        PairSort.sort(k, v, n);
        Integer[] order = IntStream.range(0, n).boxed().toArray(Integer[]::new);
        java.util.Arrays.sort(order, Comparator.comparingLong(i -> keys[i])); // stable
        for (int i = 0; i < n; i++) {
          assertEquals(keys[order[i]], k[i], "n=" + n + " key at " + i);
          assertEquals((long) order[i], v[i], "n=" + n + " stability at " + i);
        }
        assertEquals(-2, k[n]);
        assertEquals(-1, k[n + 1], "the tail beyond n is left alone");
      }
    }
  }

  @Test
  void pairSortSortsTwoReversedElements() {
    long[] k = {5, 3};
    long[] v = {0, 1};
    PairSort.sort(k, v, 2);
    assertArrayEquals(new long[] {3, 5}, k);
    assertArrayEquals(new long[] {1, 0}, v);
  }

  @Test
  void heapPopsInTimeThenNodeOrderLikeAPriorityQueue() {
    SplittableRandom rng = new SplittableRandom(7);
    for (int round = 0; round < 50; round++) {
      TimeNodeHeap heap = new TimeNodeHeap(1); // starts at 4 and must grow
      PriorityQueue<long[]> reference = new PriorityQueue<>(
          Comparator.<long[]>comparingLong(e -> e[0]).thenComparingLong(e -> e[1]));
      int ops = 10 + rng.nextInt(200);
      for (int op = 0; op < ops; op++) {
        if (reference.isEmpty() || rng.nextInt(3) > 0) {
          long time = rng.nextInt(20); // many equal times: ties break by node
          int node = rng.nextInt(30);
          heap.add(time, node);
          reference.add(new long[] {time, node});
        } else {
          long[] expected = reference.poll();
          assertEquals(expected[0], heap.peekTime());
          assertEquals(expected[1], heap.peekNode());
          heap.removeFirst();
        }
      }
      while (!reference.isEmpty()) {
        assertFalse(heap.isEmpty());
        long[] expected = reference.poll();
        assertEquals(expected[0], heap.peekTime(), "round " + round);
        assertEquals(expected[1], heap.peekNode(), "round " + round);
        heap.removeFirst();
      }
      assertTrue(heap.isEmpty());
    }
  }

  @Test
  void equalTimesComeOutByNodeId() {
    TimeNodeHeap heap = new TimeNodeHeap(8);
    int[] nodes = {5, 2, 9, 0, 7};
    for (int n : nodes) {
      heap.add(100, n);
    }
    heap.add(99, 8);
    int[] out = new int[6];
    for (int i = 0; i < out.length; i++) {
      out[i] = heap.peekNode();
      heap.removeFirst();
    }
    assertArrayEquals(new int[] {8, 0, 2, 5, 7, 9}, out);
  }
}
