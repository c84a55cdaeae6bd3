package dev.tdsim.bench;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.OptionalDouble;
import org.junit.jupiter.api.Test;

class BenchPartsTest {
  @Test
  void medianOfOddAndEvenCounts() {
    Samples odd = new Samples(new long[] {30, 10, 20});
    assertEquals(20.0, odd.medianNanos());
    assertEquals(2, odd.medianIndex());
    assertEquals(10, odd.minNanos());
    assertEquals(30, odd.maxNanos());
    Samples even = new Samples(new long[] {40, 10, 30, 20});
    assertEquals(25.0, even.medianNanos());
    assertEquals(3, even.medianIndex(), "the lower middle sample");
    assertThrows(IllegalArgumentException.class, () -> new Samples(new long[0]));
  }

  @Test
  void secondsKeepThreeSignificantDigits() {
    assertEquals("0.477", BenchTable.seconds(0.4771));
    assertEquals("4.77", BenchTable.seconds(4.7749));
    assertEquals("47.8", BenchTable.seconds(47.79));
    assertEquals("17.0", BenchTable.seconds(17.0));
    assertEquals("0.000123", BenchTable.seconds(0.0001234));
    assertEquals("1234", BenchTable.seconds(1234.4));
  }

  @Test
  void rustTimesOnlyForTheOriginalConfiguration() {
    assertEquals(OptionalDouble.of(47.8),
        RustReference.seconds(BenchFunction.SHARE_COMBINE, 150, 8192, 5461, 1000));
    assertEquals(OptionalDouble.of(9.42),
        RustReference.seconds(BenchFunction.BLOCK_PROPOSE, 150, 8192, 5461, 10));
    assertTrue(RustReference.seconds(BenchFunction.SHARE_COMBINE, 150, 8192, 5461, 50).isEmpty());
    assertTrue(RustReference.seconds(BenchFunction.SHARE_COMBINE, 100, 8192, 5461, 10).isEmpty());
  }

  @Test
  void functionNames() {
    assertEquals(BenchFunction.BLOCK_PROPOSE, BenchFunction.byName(" Block_Propose "));
    IllegalArgumentException e =
        assertThrows(IllegalArgumentException.class, () -> BenchFunction.byName("x"));
    assertTrue(e.getMessage().contains("share_combine, block_propose"), e.getMessage());
  }
}
