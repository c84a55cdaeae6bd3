package dev.tdsim.cli;

import dev.tdsim.scenario.InputException;
import dev.tdsim.calibration.CalibrationOutput;
import dev.tdsim.calibration.CalibrationSettings;
import dev.tdsim.calibration.Calibrator;
import java.io.IOException;
import java.io.PrintWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.ParameterException;
import picocli.CommandLine.Spec;

/** {@code tdsim calibrate}: options only; the measuring is {@link Calibrator}. */
@Command(
    name = "calibrate",
    mixinStandardHelpOptions = true,
    versionProvider = Main.ManifestVersion.class,
    usageHelpAutoWidth = true,
    description = {
      "Measures every real crypto call the simulator charges (encrypt, admission check, share"
          + " creation, and each block_propose phase) for each combine variant on this machine,"
          + " single-threaded, over a grid of key sets (validators x shares), message counts and"
          + " payload sizes, and fits the cost model of 'crypto.timing: model' to it (OLS on"
          + " relative errors, no negative coefficient).",
      "Prints the fit quality per variant and operation (R^2, largest relative error on the"
          + " grid) on stdout and progress with time remaining on stderr; writes the cost model"
          + " (with this machine's fingerprint) and a CSV of every measurement next to it.",
      "The default grid takes about 1.5 minutes on 2 cores (longer on a busy machine): fast,"
          + " precomputed and folded on key sets 4x64 .. 150x8192 and 1-32 messages; simple and"
          + " batch create one GT share per key-share point (one pairing each), so they are"
          + " measured at small N only (4x16 .. 8x256, 1-8 messages) and their model is"
          + " extrapolated beyond. --quick takes about 15 seconds.",
      "Run it on an otherwise idle machine: other processes slow the measured calls (it warns"
          + " when the load average is above 1).",
      "Use the file with 'crypto: {timing: model, calibration: FILE}' in a scenario."
    })
public final class CalibrateCommand implements Callable<Integer> {
  @Spec CommandSpec spec;

  @Option(names = "--out", paramLabel = "FILE",
      defaultValue = "reports/calibration/cost-model.yaml",
      description = "Cost-model file to write; the samples go to FILE's name with .samples.csv"
          + " (default: ${DEFAULT-VALUE}).")
  Path out;

  @Option(names = {"--variant", "--variants"}, split = ",", paramLabel = "NAME",
      defaultValue = "all",
      description = "Combine variants to calibrate, or 'all' (default: ${DEFAULT-VALUE}).")
  List<String> variants;

  @Option(names = "--quick",
      description = "A smaller grid (about 15 s): key sets up to 64x2048, 2 reps.")
  boolean quick;

  @Option(names = "--threads", paramLabel = "K",
      description = "Threads for the untimed setup: keys, tables, the untimed validators' shares"
          + " (default: all cores). Every measurement runs on one thread.")
  Integer threads;

  @Option(names = "--seed", paramLabel = "S", defaultValue = "1",
      description = "Seed of keys, payloads and verification weights (default: ${DEFAULT-VALUE}).")
  long seed;

  @Option(names = "--reps", paramLabel = "R",
      description = "Repetitions of every measurement per grid point; the smallest is kept, since"
          + " other processes only add time (default: 3; 2 with --quick).")
  Integer reps;

  @Option(names = "--key-sets", split = ",", paramLabel = "VxN",
      description = "Replace every variant's key sets, e.g. 4x16,16x256 (validators x shares,"
          + " threshold shares*2/3).")
  List<String> keySets;

  @Option(names = "--msgs", split = ",", paramLabel = "M",
      description = "Replace every variant's message counts per block.")
  List<Integer> msgs;

  @Option(names = "--sizes", split = ",", paramLabel = "BYTES",
      description = "Payload sizes in bytes, alternating over the grid (default: 128,4096).")
  List<Integer> sizes;

  @Option(names = "--max-validators", paramLabel = "V",
      description = "Leave out key sets with more validators.")
  Integer maxValidators;

  @Option(names = "--max-shares", paramLabel = "N",
      description = "Leave out key sets with more shares.")
  Integer maxShares;

  @Override
  public Integer call() throws IOException {
    CalibrationSettings settings = settings();
    Path samples = CalibrationOutput.samplesPath(settings.out());
    checkWritable(settings.out());
    PrintWriter stdout = spec.commandLine().getOut();
    PrintWriter err = spec.commandLine().getErr();
    err.printf("[calibrate] %d grid points over %s; writing %s%n", settings.points(),
        settings.grids().keySet(), settings.out());
    err.flush();
    Calibrator.Result result = new Calibrator(settings, err).run();
    CalibrationOutput.writeModel(settings.out(), result, settings, commandLine());
    CalibrationOutput.writeSamples(samples, result);
    CalibrationOutput.printTable(stdout, result.model());
    stdout.printf("wrote %s and %s (%.0f s)%n", settings.out(), samples,
        result.elapsedNanos() / 1e9);
    stdout.flush();
    return Main.EXIT_OK;
  }

  /** The validated settings; a bad value is a usage error (exit 2) naming the option. */
  CalibrationSettings settings() {
    try {
      List<CalibrationSettings.KeySpec> ks = null;
      if (keySets != null) {
        ks = new ArrayList<>();
        for (String k : keySets) {
          try {
            ks.add(CalibrationSettings.KeySpec.parse(k));
          } catch (IllegalArgumentException e) {
            throw new IllegalArgumentException("--key-sets: " + e.getMessage(), e);
          }
        }
      }
      if (out.getFileName() == null || Files.isDirectory(out)) {
        throw new IllegalArgumentException("--out must name a file, got '" + out + "'");
      }
      int k = threads != null ? threads : Runtime.getRuntime().availableProcessors();
      return CalibrationSettings.of(variants, quick, ks, msgs, sizes, maxValidators, maxShares,
          reps, k, seed, out);
    } catch (IllegalArgumentException e) {
      throw new ParameterException(spec.commandLine(), e.getMessage(), e);
    }
  }

  /** Fails before measuring when the output cannot be written. */
  private static void checkWritable(Path file) {
    try {
      Path parent = file.toAbsolutePath().getParent();
      Files.createDirectories(parent);
      if (!Files.isWritable(parent) || (Files.exists(file) && !Files.isWritable(file))) {
        throw new IOException("not writable");
      }
    } catch (IOException e) {
      throw new InputException("cannot write --out " + file + ": "
          + e.getClass().getSimpleName() + " " + e.getMessage(), e);
    }
  }

  private String commandLine() {
    List<String> args = spec.commandLine().getParseResult().originalArgs();
    return "tdsim " + String.join(" ", args);
  }
}
