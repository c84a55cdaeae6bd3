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
    footerHeading = HelpLayout.EXAMPLES,
    footer = {
        "  tdsim calibrate --quick",
        "  tdsim calibrate --variant folded --quick --out reports/folded-model.yaml",
        "  tdsim calibrate --variant none --dkg --certificates"},
    description = {
      "Measures every real crypto call the simulator charges (encrypt, admission check, share"
          + " creation, and each block_propose phase; for the one-share-per-block designs also"
          + " the proposer's digest and the combiner's evaluation proofs) for each combine"
          + " variant and design on this machine,"
          + " over a grid of key sets (validators x shares), message counts and payload sizes,"
          + " at 1 thread and at every thread count up to --max-threads, in interleaved rounds"
          + " (medians kept), and fits the cost model of 'crypto.timing: model' to it: single-core"
          + " CPU time (OLS on relative errors, no negative coefficient) and, per operation,"
          + " Amdahl's serial fraction, which scales a call to a validator's cores.",
      "Prints the fit quality per variant and operation (R^2, largest relative error on the"
          + " grid) on stdout and progress with time remaining on stderr; writes the cost model"
          + " (with this machine's fingerprint) and a CSV of every measurement next to it.",
      "The default grid (5 rounds) takes about 5 minutes on 2 cores (longer on a busy machine):"
          + " fast,"
          + " precomputed and folded on key sets 4x64 .. 150x8192 and 1-32 messages; simple and"
          + " batch create one GT share per key-share point (one pairing each), so they are"
          + " measured at small N only (4x16 .. 8x256, 1-8 messages) and their model is"
          + " extrapolated beyond. batched and block-key: key sets 16x64, 150x8192, 1000x8192 and"
          + " 16-512 transactions per block, about 7 minutes more (399 s at load average 7-12)."
          + " --quick (3 rounds) takes about 40 seconds, plus about 1 minute for the designs.",
      "With --dkg (the default with --variant all) it also measures the key setup's PVSS DKG"
          + " (a deal, one transcript's decoding and verification, the aggregation of D"
          + " transcripts and a validator's own check) on key sets 16x256 .. 150x4096, about"
          + " 3 minutes more (172 s at load average 10-11); 'timing: model' prices a scenario's DKG (keys.setup: dkg,"
          + " keys.epoch_length) with it. '--variant none --dkg' measures the DKG only.",
      "With --certificates (the default with --variant all) it also measures the aggregating"
          + " commit certificates (bls-aggregate, threshold-bls: sign, verify, batch verify,"
          + " combine, check) on committees 16x64 .. 150x8192 (about 90 s) and fits each call to"
          + " its signers and key points; 'timing: model' then prices a scenario's certificates from the file"
          + " instead of measuring them in every run.",
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
      description = "Combine variants and designs to calibrate, or 'all' (default:"
          + " ${DEFAULT-VALUE}).")
  List<String> variants;

  @Option(names = "--dkg", negatable = true,
      description = "Also calibrate the key setup's DKG (the file's key_setup section; default:"
          + " on with --variant all, off otherwise). --no-dkg leaves it out.")
  Boolean dkg;

  @Option(names = "--dkg-key-sets", split = ",", paramLabel = "VxN",
      description = "Replace the DKG's key sets (default 16x256,64x256,64x1024,16x2048,"
          + "150x2048,150x4096); implies --dkg.")
  List<String> dkgKeySets;

  @Option(names = "--certificates", negatable = true,
      description = "Also calibrate the aggregating commit certificates (bls-aggregate,"
          + " threshold-bls: the file's certificates section; default: on with --variant all,"
          + " off otherwise). Without it 'timing: model' measures their costs in every run, so"
          + " consensus times differ from run to run. --no-certificates leaves it out.")
  Boolean certificates;

  @Option(names = "--certificate-committees", split = ",", paramLabel = "VxN",
      description = "Replace the certificates' committees (validators x key points; default"
          + " 16x64,64x256,150x256,16x2048,150x2048,150x8192); implies --certificates.")
  List<String> certificateCommittees;

  @Option(names = "--quick",
      description = "A smaller grid (about 40 s): key sets up to 64x2048, 3 rounds.")
  boolean quick;

  @Option(names = "--threads", paramLabel = "K",
      description = "Threads for the untimed setup: keys, tables, the untimed validators' shares"
          + " (default: all cores).")
  Integer threads;

  @Option(names = "--max-threads", paramLabel = "K",
      description = "Measure every call on 1, 2, ..., K threads to fit its parallel scaling"
          + " (default: all cores; 1 measures single-core costs only and writes no scaling).")
  Integer maxThreads;

  @Option(names = "--seed", paramLabel = "S", defaultValue = "1",
      description = "Seed of keys, payloads and verification weights (default: ${DEFAULT-VALUE}).")
  long seed;

  @Option(names = "--reps", paramLabel = "R",
      description = "Rounds: each measures every grid point once at every thread count, in a"
          + " shuffled order; the median per point is kept (default: 5; 3 with --quick).")
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
    err.printf("[calibrate] %d grid points over %s, at 1..%d threads, %d rounds; writing %s%n",
        settings.points(), settings.grids().keySet(), settings.maxThreads(), settings.reps(),
        settings.out());
    err.flush();
    Calibrator.Result result = new Calibrator(settings, err).run();
    CalibrationOutput.writeModel(settings.out(), result, settings, commandLine());
    CalibrationOutput.writeSamples(samples, result);
    CalibrationOutput.writeScalingSamples(CalibrationOutput.scalingSamplesPath(settings.out()),
        result);
    CalibrationOutput.printTable(stdout, result.model());
    CalibrationOutput.printScalingTable(stdout, result);
    stdout.printf(java.util.Locale.ROOT, "wrote %s, %s and %s (%.0f s; load average %.2f at the"
        + " start, %.2f at the end)%n", settings.out(), samples,
        CalibrationOutput.scalingSamplesPath(settings.out()), result.elapsedNanos() / 1e9,
        result.loadBefore(), result.loadAfter());
    stdout.flush();
    return Main.EXIT_OK;
  }

  /** The validated settings; a bad value is a usage error (exit 2) naming the option. */
  CalibrationSettings settings() {
    try {
      List<CalibrationSettings.KeySpec> ks =
          keySets == null ? null : parseKeySets("--key-sets", keySets);
      if (out.getFileName() == null || Files.isDirectory(out)) {
        throw new IllegalArgumentException("--out must name a file, got '" + out + "'");
      }
      int cores = Runtime.getRuntime().availableProcessors();
      int k = threads != null ? threads : cores;
      boolean all = variants.size() == 1
          && variants.get(0).trim().equalsIgnoreCase(dev.tdsim.bench.BenchSettings.ALL_VARIANTS);
      if (Boolean.FALSE.equals(dkg) && dkgKeySets != null) {
        throw new IllegalArgumentException("--dkg-key-sets needs the DKG: drop --no-dkg");
      }
      boolean withDkg = dkg != null ? dkg : (all || dkgKeySets != null);
      CalibrationSettings.DkgGrid dkgGrid = null;
      if (withDkg) {
        dkgGrid = dkgKeySets == null
            ? (quick ? CalibrationSettings.QUICK_DKG : CalibrationSettings.DEFAULT_DKG)
            : new CalibrationSettings.DkgGrid(parseKeySets("--dkg-key-sets", dkgKeySets));
      }
      if (Boolean.FALSE.equals(certificates) && certificateCommittees != null) {
        throw new IllegalArgumentException("--certificate-committees needs the certificates:"
            + " drop --no-certificates");
      }
      CalibrationSettings.CertificateGrid certificateGrid = null;
      if (certificates != null ? certificates : (all || certificateCommittees != null)) {
        certificateGrid = certificateCommittees == null
            ? (quick ? CalibrationSettings.QUICK_CERTIFICATES
                : CalibrationSettings.DEFAULT_CERTIFICATES)
            : new CalibrationSettings.CertificateGrid(
                parseKeySets("--certificate-committees", certificateCommittees));
      }
      return CalibrationSettings.of(variants, quick, ks, msgs, sizes, maxValidators, maxShares,
          reps, k, maxThreads != null ? maxThreads : cores, seed, out, dkgGrid, certificateGrid);
    } catch (IllegalArgumentException e) {
      throw new ParameterException(spec.commandLine(), e.getMessage(), e);
    }
  }

  private static List<CalibrationSettings.KeySpec> parseKeySets(String option,
      List<String> texts) {
    List<CalibrationSettings.KeySpec> out = new ArrayList<>();
    for (String t : texts) {
      try {
        out.add(CalibrationSettings.KeySpec.parse(t));
      } catch (IllegalArgumentException e) {
        throw new IllegalArgumentException(option + ": " + e.getMessage(), e);
      }
    }
    return out;
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
          + dev.tdsim.input.InputFiles.describe(e), e);
    }
  }

  private String commandLine() {
    List<String> args = spec.commandLine().getParseResult().originalArgs();
    return "tdsim " + String.join(" ", args);
  }
}
