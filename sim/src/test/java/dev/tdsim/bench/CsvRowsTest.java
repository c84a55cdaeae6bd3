package dev.tdsim.bench;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** A bench CSV: header, each line on disk as soon as it is written, and its cell formats. */
class CsvRowsTest {
  @TempDir Path tmp;

  @Test
  void headerThenFlushedLinesInNewDirectories() throws Exception {
    Path file = tmp.resolve("a/b/bench.csv");
    try (CsvRows rows = CsvRows.create(file, List.of("x", "y"), "the test CSV")) {
      assertEquals(List.of("x,y"), Files.readAllLines(file));
      rows.write(List.of("1", ""));
      assertEquals(List.of("x,y", "1,"), Files.readAllLines(file), "flushed before close");
    }
  }

  @Test
  void secondsAndRatios() {
    assertEquals("1.500000000", CsvRows.seconds(1.5e9));
    assertEquals("1.2346", CsvRows.ratio(1.23456));
    assertEquals("", CsvRows.ratio(Double.NaN));
    assertEquals("", CsvRows.ratio(Double.POSITIVE_INFINITY));
  }
}
