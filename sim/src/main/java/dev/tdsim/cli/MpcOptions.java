package dev.tdsim.cli;

import dev.tdsim.bench.Progress;
import dev.tdsim.bench.mpc.MpcBench;
import dev.tdsim.bench.mpc.MpcCsv;
import dev.tdsim.bench.mpc.MpcFunction;
import dev.tdsim.bench.mpc.MpcNetwork;
import dev.tdsim.bench.mpc.MpcSettings;
import dev.tdsim.input.InputFiles;
import dev.tdsim.scenario.InputException;
import java.io.IOException;
import java.io.PrintWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.util.ArrayList;
import java.util.List;
import picocli.CommandLine.Option;

/**
 * The options of {@code tdsim bench --functions dkg,threshold_sign} (issue 11 D), mixed into
 * {@link BenchCommand}, and the run: its own CSV (default {@value #DEFAULT_OUT}), written to a
 * .partial file first like the other bench output.
 */
final class MpcOptions {
  static final String DEFAULT_OUT = "reports/bench/mpc.csv";

  @Option(names = "--mpc-rows", paramLabel = "paper|all", defaultValue = "all",
      description = "dkg, threshold_sign: only the paper's (t, n) rows, or also (100, 150) and"
          + " --shares weighted shares over --validators (default: ${DEFAULT-VALUE}; 'all' took"
          + " 1.5-3 minutes at 3 reps on 2 shared cores, 'paper' a few seconds).")
  String rows;

  @Option(names = "--latency-ms", paramLabel = "MS", defaultValue = "0.5",
      description = "dkg, threshold_sign: one-way latency per message (default: ${DEFAULT-VALUE},"
          + " i.e. a 1 ms round trip).")
  double latencyMillis;

  @Option(names = "--regions", description = "MPC functions: place the parties on the seven"
      + " default regions in turn (party i in region i mod 7) and take each message's latency"
      + " from the region matrix (CloudPing medians, as `network.model: regions`) instead of"
      + " --latency-ms.")
  boolean regions;

  @Option(names = "--bandwidth-gbps", paramLabel = "GBPS", defaultValue = "1",
      description = "dkg, threshold_sign: each party's link, uplink and downlink (default:"
          + " ${DEFAULT-VALUE}).")
  double bandwidthGbps;

  /** Whether the --functions are MPC ones; a mix of MPC and other functions is an error. */
  static boolean wanted(List<String> functions) {
    if (functions == null) {
      return false; // no --functions given (some bench versions have no default list)
    }
    boolean any = functions.stream().anyMatch(MpcFunction::isName);
    if (any && !functions.stream().allMatch(MpcFunction::isName)) {
      throw new IllegalArgumentException("--functions: the MPC functions ("
          + String.join(", ", MpcFunction.names()) + ") run on their own, not with "
          + String.join(",", functions.stream()
              .filter(f -> !MpcFunction.isName(f)).toList()));
    }
    return any;
  }

  MpcSettings settings(List<String> functions, int shares, int validators, Integer threads,
      int reps, long seed, Path out) {
    List<MpcFunction> fs = new ArrayList<>();
    for (String f : functions) {
      MpcFunction m = MpcFunction.byName(f);
      if (!fs.contains(m)) {
        fs.add(m);
      }
    }
    if (!(latencyMillis >= 0 && latencyMillis <= 60_000)) {
      throw new IllegalArgumentException("--latency-ms must be in [0, 60000], got "
          + latencyMillis);
    }
    if (!(bandwidthGbps >= 1e-6 && bandwidthGbps <= 1e6)) {
      throw new IllegalArgumentException("--bandwidth-gbps must be in [1e-6, 1e6], got "
          + bandwidthGbps);
    }
    MpcNetwork net = regions
        ? MpcNetwork.onRegions(dev.tdsim.scenario.ValidatorsConfig.DEFAULT_REGIONS,
            Math.round(bandwidthGbps * 1e9))
        : new MpcNetwork(Math.round(latencyMillis * 1e6), Math.round(bandwidthGbps * 1e9));
    int k = threads != null ? threads : Runtime.getRuntime().availableProcessors();
    return new MpcSettings(fs, MpcSettings.extendedScale(rows), shares, validators, k, reps, seed,
        net, out);
  }

  static int run(MpcSettings settings, PrintWriter stdout, PrintWriter stderr) throws IOException {
    Path target = settings.out();
    Path partial = target.resolveSibling(target.getFileName() + ".partial");
    MpcCsv csv;
    try {
      csv = MpcCsv.create(partial, settings);
    } catch (IOException e) {
      throw new InputException("--out " + target + ": cannot write it: "
          + InputFiles.describe(e), e);
    }
    try (csv) {
      new MpcBench(settings, stdout, Progress.to(stderr)).run(csv);
    }
    Files.move(partial, target, StandardCopyOption.REPLACE_EXISTING,
        StandardCopyOption.ATOMIC_MOVE);
    return Main.EXIT_OK;
  }
}
