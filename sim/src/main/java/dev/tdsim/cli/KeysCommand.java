package dev.tdsim.cli;

import dev.tdsim.registry.DidYouMean;
import dev.tdsim.scenario.InputException;
import dev.tdsim.scenario.ScenarioKeys;
import java.io.PrintWriter;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.Spec;

/**
 * {@code tdsim keys [PREFIX]}: every scenario path {@code --set} and {@code --vary} take, with its
 * type and default, listed from the declarations the loader reads ({@link ScenarioKeys#describe}),
 * so the list cannot drift from what a scenario accepts.
 */
@Command(name = "keys", mixinStandardHelpOptions = true, usageHelpAutoWidth = true,
    description = "List every settable scenario path (what --set and --vary take, and the keys"
        + " of a scenario file) with its type and default, in the canonical order of"
        + " --dump-config; docs/SCENARIOS.md explains each.",
    footerHeading = HelpLayout.EXAMPLES,
    footer = {
        "  tdsim keys",
        "  tdsim keys network --allowed",
        "  tdsim keys crypto.design --allowed"})
final class KeysCommand implements Callable<Integer> {
  @Parameters(index = "0", arity = "0..1", paramLabel = "PREFIX",
      description = "Only the paths in this section or starting with this path, e.g. network"
          + " or workload.msg_size.")
  String prefix;

  @Option(names = "--allowed", description = "Add the values each path allows, with units.")
  boolean allowed;

  @Spec CommandSpec spec;

  @Override
  public Integer call() {
    List<ScenarioKeys.Key> keys = selected();
    PrintWriter out = spec.commandLine().getOut();
    int pathWidth = Math.max(4, keys.stream().mapToInt(k -> k.path().length()).max().orElse(0));
    int typeWidth = Math.max(4, keys.stream().mapToInt(k -> k.type().length()).max().orElse(0));
    String row = "%-" + pathWidth + "s  %-" + typeWidth + "s  %s%n";
    out.printf(Locale.ROOT, row, "path", "type", "default");
    for (ScenarioKeys.Key k : keys) {
      out.printf(Locale.ROOT, row, k.path(), k.type(), k.defaultValue().isEmpty() ? "-"
          : k.defaultValue());
      if (allowed) {
        out.printf(Locale.ROOT, "%-" + pathWidth + "s  allowed: %s%n", "", k.allowed());
      }
    }
    if (keys.stream().anyMatch(k -> k.path().equals(ScenarioKeys.FAULTS))) {
      out.println();
      out.println("faults[I].KEY (e.g. faults[0].stake) sets a key of the scenario's I-th fault;"
          + " the keys of each fault kind: docs/SCENARIOS.md, faults.");
    }
    out.flush();
    return Main.EXIT_OK;
  }

  /** The paths under {@link #prefix} (all without one); an unknown prefix is a usage error. */
  private List<ScenarioKeys.Key> selected() {
    List<ScenarioKeys.Key> all = ScenarioKeys.describe();
    if (prefix == null || prefix.isBlank()) {
      return all;
    }
    String p = prefix.strip();
    List<ScenarioKeys.Key> out = all.stream()
        .filter(k -> k.path().equals(p) || k.path().startsWith(p.endsWith(".") ? p : p + "."))
        .toList();
    if (out.isEmpty()) {
      List<String> names = new ArrayList<>();
      all.forEach(k -> {
        names.add(k.path());
        String section = k.path().split("\\.")[0];
        if (!names.contains(section)) {
          names.add(section);
        }
      });
      throw new InputException("no scenario path starts with '" + p + "'"
          + DidYouMean.closest(p, names).map(g -> "; did you mean '" + g + "'?").orElse("")
          + " ('tdsim keys' lists them all)");
    }
    return out;
  }
}
