package dev.tdsim.cli;

import dev.tdsim.scenario.InputException;
import dev.tdsim.bench.Bench;
import dev.tdsim.bench.BenchCsv;
import dev.tdsim.bench.BenchFunction;
import dev.tdsim.bench.BenchSettings;
import dev.tdsim.bench.Progress;
import dev.tdsim.crypto.tpke.Committee;
import dev.tdsim.crypto.design.BlockDesign;
import dev.tdsim.crypto.design.Designs;
import java.io.IOException;
import java.io.PrintWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import dev.tdsim.input.InputFiles;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.ParameterException;
import picocli.CommandLine.Spec;

/** {@code tdsim bench}: options only; the measuring is {@link Bench}. */
@Command(
    name = "bench",
    mixinStandardHelpOptions = true,
    versionProvider = Main.ManifestVersion.class,
    usageHelpAutoWidth = true,
    footerHeading = HelpLayout.EXAMPLES,
    footer = {
        "  tdsim bench --list-variants",
        "  tdsim bench --variant all --msgs 10 --validators 16 --shares 64",
        "  tdsim bench --variant fast,folded --functions block_propose --msgs 100"},
    description = {
      "Times share_combine and block_propose like the original Ferveo benchmark, for any combine"
          + " variant, next to each variant's bare native kernel (limit_s); the steps of the"
          + " one-share-per-block designs (batched, block-key: digest, eval_proofs, share_create,"
          + " share_verify, reconstruct, decrypt_batch, as many as the design has, and their"
          + " block_propose), each next to its own bare kernel; and vote_sign, vote_verify: one"
          + " consensus vote signature call per --scheme.",
      "Prints one table per variant and message size on stdout, progress on stderr, and writes"
          + " every row to a CSV as soon as it is measured.",
      "The default run (fast; 10,100,1000 msgs; 100,1000,10000 B) takes several minutes on 2"
          + " cores. The simple and batch variants create one GT share per key-share point:"
          + " use a small --shares with them.",
      "--functions dkg,threshold_sign (issue 11 D, run on their own): the MPC latency table."
          + " The real Feldman/Pedersen and PVSS DKGs and threshold BLS signing run here; their"
          + " measured compute and real message sizes are put on a simulated network (--latency-ms"
          + " one way, --bandwidth-gbps per link) by an exact round-by-round calculation. Prints"
          + " tdsim's latency, share or signature size and bytes beside the published figures"
          + " (with ratios) and writes reports/bench/mpc.csv unless --out is given. Uses --reps,"
          + " --seed, --mpc-rows and, for the weighted rows, --shares, --validators (stakes"
          + " 1-1000 drawn from --seed, threshold shares*2/3) and --threads (cores of each"
          + " simulated validator, PVSS rows); --threshold is rejected, other options do not"
          + " apply.",
      "--functions sign_overhead (issue 24): the paper's overhead table: each signing scheme's"
          + " single-key signature (median thread CPU of 201 calls) against its threshold"
          + " signing at the paper's compared row on the simulated network, tdsim's factor beside"
          + " the paper's.",
      "--functions frost_sign (issue 24): FROST(Ed25519, SHA-512) signing (RFC 9591, tdsim's"
          + " implementation, every aggregate checked by BouncyCastle's Ed25519 verifier) in the"
          + " same table, beside the published FROST figures; --mpc-rows all adds (14, 21),"
          + " (34, 50) and (67, 100).",
      "--functions cggmp21_sign (issue 24, on its own): CGGMP21 threshold ECDSA, its presigning"
          + " and its online signing as separate rows (2048-bit Paillier), and plain ECDSA."
    })
public final class BenchCommand implements Callable<Integer> {
  @Spec CommandSpec spec;

  @Option(names = {"--functions", "--function"}, split = ",", paramLabel = "F",
      description = "Functions to time: share_combine (Ferveo's variants), block_propose (every"
          + " variant), digest, eval_proofs, share_create, share_verify, reconstruct,"
          + " decrypt_batch (the designs that have them), vote_sign, vote_verify. Each variant"
          + " runs those it has; a function none of them has is an error (default: every"
          + " function each variant has, no vote functions); or dkg, threshold_sign, frost_sign,"
          + " cggmp21_sign, sign_overhead (the MPC table, on their own).")
  List<String> functions;

  @Mixin MpcOptions mpc;

  @Option(names = {"--variant", "--variants"}, split = ",", paramLabel = "NAME",
      defaultValue = "fast",
      description = "Variants and designs, or 'all' (default: ${DEFAULT-VALUE}); see"
          + " --list-variants.")
  List<String> variants;

  @Option(names = {"--scheme", "--schemes"}, split = ",", paramLabel = "NAME",
      defaultValue = "all",
      description = "Vote signature schemes for vote_sign and vote_verify: ed25519, bls, or 'all'"
          + " (default: ${DEFAULT-VALUE}).")
  List<String> schemes;

  @Option(names = "--list-variants",
      description = "Print the variants and designs, one a line (name, then description), and"
          + " exit.")
  boolean listVariants;

  @Option(names = "--msgs", split = ",", paramLabel = "M", defaultValue = "10,100,1000",
      description = "Messages per block, the table columns, each at most "
          + BenchSettings.MAX_MSGS + " (default: ${DEFAULT-VALUE}).")
  List<Integer> msgs;

  @Option(names = "--sizes", split = ",", paramLabel = "BYTES",
      defaultValue = "100,1000,10000",
      description = "Message sizes in bytes (default: ${DEFAULT-VALUE}).")
  List<Integer> sizes;

  @Option(names = "--validators", paramLabel = "V", defaultValue = "150",
      description = "Validators, each owning an equal chunk of the shares (default: "
          + "${DEFAULT-VALUE}).")
  int validators;

  @Option(names = "--shares", paramLabel = "N", defaultValue = "8192",
      description = "Key shares, a power of two (default: ${DEFAULT-VALUE}).")
  int shares;

  @Option(names = "--threshold", paramLabel = "T",
      description = "Shares needed to decrypt (default: shares*2/3).")
  Integer threshold;

  @Option(names = "--threads", paramLabel = "K",
      description = "Worker threads, at most " + BenchSettings.MAX_THREADS
          + " (default: all cores).")
  Integer threads;

  @Option(names = "--reps", paramLabel = "R", defaultValue = "3",
      description = "Timed repetitions per row; the median is reported (default: "
          + "${DEFAULT-VALUE}).")
  int reps;

  @Option(names = "--seed", paramLabel = "S", defaultValue = "1",
      description = "Seed of keys, payloads and verification weights (default: "
          + "${DEFAULT-VALUE}).")
  long seed;

  @Option(names = "--out", paramLabel = "CSV", defaultValue = "reports/bench/bench.csv",
      description = "CSV file to write; a directory gets bench.csv inside it (default: "
          + "${DEFAULT-VALUE}).")
  Path out;

  @Override
  public Integer call() throws IOException {
    PrintWriter stdout = spec.commandLine().getOut();
    if (listVariants) {
      listVariants(stdout);
      return Main.EXIT_OK;
    }
    if (mpcWanted()) {
      return MpcOptions.run(mpcSettings(), stdout, spec.commandLine().getErr());
    }
    BenchSettings settings = settings();
    // Every option is checked above; the rows go to CSV.partial and replace CSV only when the
    // bench is complete, so a bad option or a stopped bench never truncates an older CSV.
    Path target = settings.out();
    Path partial = target.resolveSibling(target.getFileName() + ".partial");
    BenchCsv csv;
    try {
      csv = BenchCsv.create(partial);
    } catch (IOException e) {
      throw new InputException("--out " + target + ": cannot write it: "
          + InputFiles.describe(e), e);
    }
    try (csv) {
      new Bench(settings, stdout, Progress.to(spec.commandLine().getErr())).run(csv);
    }
    Files.move(partial, target, StandardCopyOption.REPLACE_EXISTING,
        StandardCopyOption.ATOMIC_MOVE);
    return Main.EXIT_OK;
  }

  private static void listVariants(PrintWriter out) {
    int width = Designs.names().stream().mapToInt(String::length).max().orElse(0);
    for (BlockDesign d : Designs.all()) {
      out.println(d.name() + " ".repeat(width - d.name().length() + 2) + d.description());
    }
    out.flush();
  }

  /** The validated settings; a bad value is a usage error (exit 2) naming the option. */
  BenchSettings settings() {
    try {
      List<BenchFunction> fs = new ArrayList<>();
      if (functions == null) {
        // Every function a chosen variant has (no vote functions).
        List<String> chosen = BenchSettings.resolveVariants(variants);
        for (BenchFunction f : BenchFunction.values()) {
          if (!f.voteFunction()
              && chosen.stream().anyMatch(v -> BenchSettings.has(Designs.byName(v), f))) {
            fs.add(f);
          }
        }
      }
      for (String f : functions == null ? List.<String>of() : functions) {
        try {
          fs.add(BenchFunction.byName(f));
        } catch (IllegalArgumentException e) {
          throw new IllegalArgumentException("--functions: " + e.getMessage() + ", "
              + String.join(", ", dev.tdsim.bench.mpc.MpcFunction.names()), e);
        }
      }
      int t = threshold != null ? threshold : Committee.defaultThreshold(shares);
      int k = threads != null ? threads : Runtime.getRuntime().availableProcessors();
      return new BenchSettings(fs, variants, schemes, msgs, sizes, validators, shares, t, k, reps, seed,
          csvPath(out));
    } catch (IllegalArgumentException e) {
      throw new ParameterException(spec.commandLine(), e.getMessage(), e);
    }
  }

  /** Whether --functions asks for the MPC table (dkg, threshold_sign); a bad mix is exit 2. */
  boolean mpcWanted() {
    try {
      return MpcOptions.wanted(functions);
    } catch (IllegalArgumentException e) {
      throw new ParameterException(spec.commandLine(), e.getMessage(), e);
    }
  }

  /** The MPC table's validated settings; its CSV is mpc.csv unless --out is given. */
  dev.tdsim.bench.mpc.MpcSettings mpcSettings() {
    try {
      boolean outGiven = spec.commandLine().getParseResult() != null
          && spec.commandLine().getParseResult().hasMatchedOption("--out");
      if (threshold != null) {
        throw new IllegalArgumentException("--threshold does not apply to dkg, threshold_sign"
            + " (their rows fix t; the weighted rows use shares*2/3)");
      }
      Path csv = csvPath(outGiven ? out : Path.of(MpcOptions.DEFAULT_OUT));
      return mpc.settings(functions, shares, validators, threads, reps, seed, csv);
    } catch (IllegalArgumentException e) {
      throw new ParameterException(spec.commandLine(), e.getMessage(), e);
    }
  }

  private static Path csvPath(Path out) {
    if (out.toString().isBlank()) {
      throw new IllegalArgumentException("--out: the file name is empty");
    }
    if (Files.isDirectory(out)) {
      return out.resolve("bench.csv");
    }
    if (out.getFileName() == null) {
      throw new IllegalArgumentException("--out must name a file, got '" + out + "'");
    }
    for (Path p = out.toAbsolutePath().getParent(); p != null; p = p.getParent()) {
      if (Files.exists(p) && !Files.isDirectory(p)) {
        throw new IllegalArgumentException("--out " + out + ": " + p + " is a file, not a"
            + " folder");
      }
    }
    return out;
  }
}
