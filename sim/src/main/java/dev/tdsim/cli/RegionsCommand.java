package dev.tdsim.cli;

import dev.tdsim.format.Durations;
import dev.tdsim.network.RegionLatency;
import dev.tdsim.scenario.ValidatorsConfig;
import java.io.PrintWriter;
import java.util.List;
import java.util.Locale;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Spec;

/**
 * {@code tdsim regions}: the region names a scenario's {@code validators.regions} may use, with
 * the source of their latencies ({@link RegionLatency}); {@code --matrix} prints the one-way
 * latencies themselves.
 */
@Command(name = "regions", mixinStandardHelpOptions = true, usageHelpAutoWidth = true,
    footerHeading = HelpLayout.EXAMPLES,
    footer = {
        "  tdsim regions",
        "  tdsim regions --matrix"},
    description = "List the region names validators.regions accepts (AWS codes and their short"
        + " names), where each region is, and the source of the latencies between them"
        + " (network.model: regions; the uniform model ignores regions).")
final class RegionsCommand implements Callable<Integer> {
  @Option(names = "--matrix",
      description = "Print the one-way latency matrix in milliseconds as CSV instead.")
  boolean matrix;

  @Spec CommandSpec spec;

  @Override
  public Integer call() {
    PrintWriter out = spec.commandLine().getOut();
    List<String> codes = RegionLatency.codes();
    if (matrix) {
      out.println("from\\to," + String.join(",", codes));
      for (String from : codes) {
        StringBuilder row = new StringBuilder(from);
        for (String to : codes) {
          row.append(',').append(Durations.exactMs(RegionLatency.oneWayMillis(from, to)));
        }
        out.println(row);
      }
      out.flush();
      return Main.EXIT_OK;
    }
    out.println("Latency source: " + RegionLatency.SOURCE + ".");
    out.println("Default regions: " + String.join(", ", ValidatorsConfig.DEFAULT_REGIONS) + ".");
    out.println();
    out.printf(Locale.ROOT, "%-16s %-14s %-26s %s%n", "code", "short name", "location",
        "one-way to us-east-1 (ms)");
    for (String code : codes) {
      List<String> aliases = RegionLatency.aliasesOf(code);
      out.printf(Locale.ROOT, "%-16s %-14s %-26s %s%n", code,
          aliases.isEmpty() ? "-" : String.join(", ", aliases), RegionLatency.location(code),
          Durations.exactMs(RegionLatency.oneWayMillis(code, "us-east-1")));
    }
    out.println();
    out.println("All pairs: tdsim regions --matrix (CSV). Details: docs/SCENARIOS.md, validators.");
    out.flush();
    return Main.EXIT_OK;
  }
}
