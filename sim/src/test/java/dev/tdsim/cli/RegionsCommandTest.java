package dev.tdsim.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.tdsim.network.RegionLatency;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashSet;
import java.util.List;
import org.junit.jupiter.api.Test;

/** {@code tdsim regions}: every name a scenario accepts, with the latencies' source. */
class RegionsCommandTest {

  @Test
  void listsEveryAcceptedNameOnceWithTheSource() {
    CliRun r = CliRun.of("regions");
    assertEquals(0, r.exitCode(), r.err());
    assertTrue(r.out().startsWith("Latency source: CloudPing AWS inter-region grid"), r.out());
    List<String> rows = r.out().lines().filter(l -> l.matches("[a-z]+-[a-z]+-\\d .*")).toList();
    assertEquals(RegionLatency.codes().size(), rows.size(), r.out());
    List<String> named = new ArrayList<>();
    for (String row : rows) {
      String[] cols = row.split("\\s{2,}|\\s(?=\\S)", 3);
      named.add(cols[0]);
      String shortNames = row.substring(17, 32).strip();
      if (!shortNames.equals("-")) {
        named.addAll(Arrays.asList(shortNames.split(",\\s*")));
      }
    }
    assertEquals(new HashSet<>(RegionLatency.knownRegionNames()), new HashSet<>(named));
    assertEquals(RegionLatency.knownRegionNames().size(), named.size(), "each name once");
    assertTrue(r.out().contains("us-east-1        us-east        N. Virginia"), r.out());
  }

  @Test
  void theMatrixIsSymmetricWithTheSourcesValues() {
    CliRun r = CliRun.of("regions", "--matrix");
    assertEquals(0, r.exitCode(), r.err());
    List<String[]> rows = r.out().lines().map(l -> l.split(",")).toList();
    int n = RegionLatency.codes().size();
    assertEquals(n + 1, rows.size());
    assertEquals(RegionLatency.codes(), Arrays.asList(rows.get(0)).subList(1, n + 1));
    for (int i = 1; i <= n; i++) {
      assertEquals(n + 1, rows.get(i).length);
      for (int j = 1; j <= n; j++) {
        assertEquals(rows.get(i)[j], rows.get(j)[i], "symmetric");
      }
    }
    int east = RegionLatency.codes().indexOf("us-east-1") + 1;
    int tokyo = RegionLatency.codes().indexOf("ap-northeast-1") + 1;
    int ireland = RegionLatency.codes().indexOf("eu-west-1") + 1;
    // the class Javadoc's cross-check with CometBFT's table: 73 ms and 34.75 ms one-way
    assertEquals("73", rows.get(east)[tokyo]);
    assertEquals("34.75", rows.get(east)[ireland]);
  }
}
