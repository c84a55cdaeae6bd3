package dev.tdsim.compare;

import dev.tdsim.report.CriticalPath;
import dev.tdsim.report.ReportWriter;
import dev.tdsim.report.RunSummary;
import dev.tdsim.report.Verdict;
import dev.tdsim.scenario.ScenarioLoader;
import dev.tdsim.scenario.ScenarioWriter;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

/** Run and sweep folders written without simulating: real summary and scenario writers. */
final class Fixtures {
  private Fixtures() {}

  /**
   * A run folder: summary.json through {@link ReportWriter} with verdicts at 100 ms and 1 s
   * (p95 = P95_MS), and scenario.yaml through {@link ScenarioWriter} from the defaults and SETS.
   */
  static Path run(Path dir, double p95Ms, List<String> sets) throws IOException {
    var scenario = ScenarioLoader.defaults(sets);
    List<Verdict> verdicts = List.of(
        new Verdict(100, false, p95Ms / 2, p95Ms, p95Ms * 1.1, p95Ms + 50, 0.25),
        new Verdict(1000, true, p95Ms / 2, p95Ms, p95Ms * 1.1, p95Ms + 50, 1.0));
    RunSummary s = new RunSummary(scenario.name(), scenario.seed(), scenario.hash(), "test",
        Map.of(), scenario.crypto().design(), scenario.crypto().timing(),
        scenario.crypto().schedule(), "exact", List.of(1, 2), Map.of("heights", 2L), Map.of(),
        verdicts, new CriticalPath(300, 1.5, 20, p95Ms / 4, 0.25),
        new dev.tdsim.report.ChainTiming(250, 20, 20, 10, 0.5, 1000, 1400, 0), List.of());
    ReportWriter.writeSummary(dir, s);
    Files.writeString(dir.resolve(ReportWriter.SCENARIO), ScenarioWriter.toYaml(scenario));
    return dir;
  }

  /**
   * A sweep folder varying PATH over VALUES as {@code tdsim sweep} writes it: sweep.csv with a
   * {@code point} id column (p95 of value v is P95_PER_UNIT * v) and one run folder per point
   * under points/&lt;id&gt;__r0/ with the point's scenario.
   */
  static Path sweep(Path dir, String path, List<Integer> values, double p95PerUnit,
      List<String> sets) throws IOException {
    return sweep(dir, path, values, p95PerUnit, sets, true);
  }

  /** As above; without IDS, no point column and point folders p0, p1, ... (matched by value). */
  static Path sweep(Path dir, String path, List<Integer> values, double p95PerUnit,
      List<String> sets, boolean ids) throws IOException {
    Files.createDirectories(dir);
    StringBuilder csv = new StringBuilder((ids ? "point," : "") + path
        + ",replicates,block_time_ms,fits,replicates_fitting,share_of_heights_fitting,p50_ms,"
        + "p95_ms,p99_ms,judged_p95_ms\n");
    for (int i = 0; i < values.size(); i++) {
      int v = values.get(i);
      String id = "shares-" + v;
      double p95 = p95PerUnit * v;
      for (String budget : List.of("100,false,0,0.2500", "1000,true,1,1.0000")) {
        csv.append(ids ? id + "," : "").append(v).append(",1,").append(budget).append(',')
            .append(p95 / 2).append(',').append(p95).append(',').append(p95 * 1.1).append(',')
            .append(p95 + 50).append('\n');
      }
      List<String> pointSets = new ArrayList<>(sets);
      pointSets.add(path + "=" + v);
      run(dir.resolve("points").resolve(ids ? id + "__r0" : "p" + i), p95, pointSets);
    }
    Files.writeString(dir.resolve("sweep.csv"), csv);
    return dir;
  }
}
