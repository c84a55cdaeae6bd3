package dev.tdsim.mempool;

/**
 * Ints keyed by transaction id (dense, growing with time), 0 when absent: pages of {@value
 * #PAGE} ids allocated on first write and dropped when their last non-zero value is cleared, so a
 * validator's memory follows the transactions it currently knows, not every transaction of the
 * run.
 */
final class PagedInts {
  private static final int SHIFT = 12;
  private static final int PAGE = 1 << SHIFT;
  private static final int MASK = PAGE - 1;
  private int[][] pages = new int[16][];
  private int[] nonZero = new int[16];

  int get(int id) {
    int p = id >>> SHIFT;
    if (p >= pages.length) {
      return 0;
    }
    int[] page = pages[p];
    return page == null ? 0 : page[id & MASK];
  }

  void set(int id, int value) {
    int p = id >>> SHIFT;
    if (p >= pages.length) {
      if (value == 0) {
        return;
      }
      int n = Math.max(pages.length * 2, p + 1);
      pages = java.util.Arrays.copyOf(pages, n);
      nonZero = java.util.Arrays.copyOf(nonZero, n);
    }
    int[] page = pages[p];
    if (page == null) {
      if (value == 0) {
        return;
      }
      page = new int[PAGE];
      pages[p] = page;
    }
    int old = page[id & MASK];
    page[id & MASK] = value;
    if (old == 0 && value != 0) {
      nonZero[p]++;
    } else if (old != 0 && value == 0 && --nonZero[p] == 0) {
      pages[p] = null;
    }
  }
}
