package dev.tdsim.bench;

import dev.tdsim.crypto.SealedTx;
import dev.tdsim.crypto.Workers;
import dev.tdsim.crypto.design.BlockDesign;
import dev.tdsim.crypto.design.BlockId;
import dev.tdsim.crypto.design.DesignKeys;
import dev.tdsim.crypto.design.PreparedBlock;
import dev.tdsim.crypto.design.bench.DesignBench;
import dev.tdsim.crypto.design.bench.DesignBenches;
import dev.tdsim.crypto.design.bench.DesignFunction;
import dev.tdsim.crypto.random.SeededDrbg;
import dev.tdsim.crypto.random.StrongRandom;
import dev.tdsim.crypto.tpke.KeySet;
import dev.tdsim.crypto.tpke.SignerSet;
import dev.tdsim.crypto.variant.BlockResult;
import java.io.PrintWriter;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.EnumMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.OptionalDouble;
import java.util.Random;

/**
 * The rows of one one-share-per-block design: each of its own steps (digest, eval_proofs,
 * share_create, share_verify, reconstruct, decrypt_batch, as many as the design has: {@link
 * DesignBenches#functions}) beside the bare kernel the design names for it, and block_propose
 * (the combiner's whole call on every validator's share) beside decrypt_batch's kernel.
 *
 * <p>Setup is untimed: per size and message count m, the design's setup for blocks of exactly m
 * transactions on the bench's key set (as a run with m per block sets it up: batched's KZG
 * domain and its choice of FK20 or direct openings follow it), m payloads sealed (block {@code
 * ("bench", size index)}), and a fixture ({@link DesignBench#fixture}: digest, prepared block, every validator's
 * share, the block key, each step run once and checked). Each rep of a step is followed (or, on
 * odd reps, preceded) by a rep of its kernel, on the same threads, and every result is checked
 * after its timing. block_propose runs on the set-up keys, whose per-signer-set preparation is
 * made by an untimed first call (the rows leave it out; {@code tdsim calibrate} measures it as
 * PREPARE).
 */
final class DesignBenchRun {
  private final BenchSettings settings;
  private final BlockDesign design;
  private final KeySet keys;
  private final Workers workers;
  private final PrintWriter out;
  private final Progress progress;

  DesignBenchRun(BenchSettings settings, BlockDesign design, KeySet keys, Workers workers,
      PrintWriter out, Progress progress) {
    this.settings = settings;
    this.design = design;
    this.keys = keys;
    this.workers = workers;
    this.out = out;
    this.progress = progress;
  }

  List<BenchRow> run(BenchCsv csv) {
    String name = design.name();
    // The design's steps in block order, then its whole block_propose.
    List<BenchFunction> functions = new ArrayList<>(settings.functionsOf(design));
    if (functions.remove(BenchFunction.BLOCK_PROPOSE)) {
      functions.add(BenchFunction.BLOCK_PROPOSE);
    }
    SignerSet signers = SignerSet.all(keys.committee());
    Map<DesignFunction, String> kernels = new EnumMap<>(DesignFunction.class);
    List<BenchRow> rows = new ArrayList<>();
    List<Integer> sizes = settings.sizesBytes();
    for (int s = 0; s < sizes.size(); s++) {
      int size = sizes.get(s);
      String label = name + " " + size + " B";
      BlockId id = new BlockId("bench", s + 1L);
      Random random = new Random(settings.seed() * 1_000_003L + size * 31L);
      List<byte[]> payloads = new ArrayList<>(settings.maxMsgs());
      for (int j = 0; j < settings.maxMsgs(); j++) {
        byte[] p = new byte[size];
        random.nextBytes(p);
        payloads.add(p);
      }
      List<BenchRow> blockRows = new ArrayList<>();
      for (int m : settings.msgs()) {
        // Set up for blocks of exactly m, as a run with m transactions per block sets the design
        // up (batched: its KZG domain and its choice of FK20 or direct openings follow the
        // setup's capacity), and the block sealed for it.
        long t0 = System.nanoTime();
        DesignKeys dk = design.setup(keys, m,
            SeededDrbg.of(settings.seed(), "bench.design-dealer/" + name, m), workers);
        Optional<DesignBench> bench = DesignBenches.of(dk, workers);
        StrongRandom sealing = SeededDrbg.of(settings.seed(), "bench.seal/" + name + "/" + m,
            size);
        StrongRandom[] streams = new StrongRandom[m];
        for (int j = 0; j < m; j++) {
          streams[j] = sealing.split();
        }
        List<SealedTx> txs = List.copyOf(workers.map(m,
            j -> dk.encrypt(id, j, payloads.get(j), streams[j])));
        List<byte[]> mine = payloads.subList(0, m);
        progress.step(String.format(Locale.ROOT, "%s, %d msgs: setup for blocks of %d and %d"
            + " payloads sealed (untimed)", label, m, m, m), System.nanoTime() - t0);
        StrongRandom weights = SeededDrbg.of(settings.seed(), "bench.weights/" + name, m);
        long f0 = System.nanoTime();
        Optional<DesignBench.Fixture> fixture =
            bench.map(b -> b.fixture(id, txs, mine, signers, weights));
        fixture.ifPresent(f -> {
          for (DesignFunction df : DesignBenches.functions(design)) {
            f.kernel(df); // warm-up
            kernels.put(df, f.kernelDescription(df));
          }
        });
        progress.step(String.format(Locale.ROOT, "%s, %d msgs: fixture (untimed)", label, m),
            System.nanoTime() - f0);
        Samples decryptKernel = null;
        for (BenchFunction f : functions) {
          long start = System.nanoTime();
          BenchRow row;
          if (f == BenchFunction.BLOCK_PROPOSE) {
            row = blockPropose(dk, id, txs, mine, signers, weights, size,
                fixture.filter(x -> DesignBenches.functions(design)
                    .contains(DesignFunction.DECRYPT_BATCH)).orElse(null), decryptKernel);
          } else {
            DesignFunction df = f.designFunction().orElseThrow();
            row = step(f, fixture.orElseThrow(), df, m, size);
            if (df == DesignFunction.DECRYPT_BATCH) {
              decryptKernel = row.limit();
            }
          }
          csv.write(row);
          blockRows.add(row);
          progress.step(String.format(Locale.ROOT,
              "%s %s, %d msgs: median %s s, limit %s s, x%.2f", f.cliName(), label, m,
              BenchTable.seconds(row.medianSeconds()), BenchTable.seconds(row.limitSeconds()),
              row.ratio()), System.nanoTime() - start);
        }
      }
      BenchTable.printBlock(out, settings, name, size, blockRows, functions);
      rows.addAll(blockRows);
    }
    printKernels(name, functions, kernels);
    return rows;
  }

  /** One step's reps, each paired with a rep of its kernel in alternating order. */
  private BenchRow step(BenchFunction f, DesignBench.Fixture fixture, DesignFunction df, int m,
      int size) {
    long[] nanos = new long[settings.reps()];
    long[] kernel = new long[settings.reps()];
    for (int r = 0; r < settings.reps(); r++) {
      Runnable check;
      if (r % 2 == 0) {
        long t0 = System.nanoTime();
        check = fixture.run(df);
        nanos[r] = System.nanoTime() - t0;
        kernel[r] = timeKernel(fixture, df);
      } else {
        kernel[r] = timeKernel(fixture, df);
        long t0 = System.nanoTime();
        check = fixture.run(df);
        nanos[r] = System.nanoTime() - t0;
      }
      try {
        check.run();
      } catch (IllegalStateException e) {
        throw new IllegalStateException(String.format(Locale.ROOT, "%s with design %s, %d msgs:"
            + " %s", f.cliName(), design.name(), m, e.getMessage()), e);
      }
    }
    return row(f, m, size, new Samples(nanos), new Samples(kernel), Optional.empty());
  }

  private static long timeKernel(DesignBench.Fixture fixture, DesignFunction df) {
    long t0 = System.nanoTime();
    fixture.kernel(df);
    return System.nanoTime() - t0;
  }

  /**
   * block_propose on every validator's share: the combiner decodes, verifies, reconstructs and
   * opens every transaction. Limit: decrypt_batch's kernel (reused when that row measured it).
   */
  private BenchRow blockPropose(DesignKeys dk, BlockId id, List<SealedTx> txs,
      List<byte[]> payloads, SignerSet signers, StrongRandom random, int size,
      DesignBench.Fixture fixture, Samples knownKernel) {
    int m = txs.size();
    PreparedBlock block = dk.prepare(dk.digest(id, txs, workers), txs, workers);
    List<List<byte[]>> made = workers.map(signers.size(),
        pos -> dk.createShares(signers.validator(pos), signers, block));
    Map<Integer, List<byte[]>> shares = new LinkedHashMap<>();
    for (int pos = 0; pos < signers.size(); pos++) {
      shares.put(signers.validator(pos), made.get(pos));
    }
    DesignKeys combiner = dk.forCombiner();
    check(combiner.propose(block, shares, null, null, random), payloads); // untimed: prepares
    long[] nanos = new long[settings.reps()];
    long[] kernel = new long[settings.reps()];
    BlockResult.PhaseTimings[] phases = new BlockResult.PhaseTimings[settings.reps()];
    for (int r = 0; r < settings.reps(); r++) {
      if (fixture != null && knownKernel == null && r % 2 == 1) {
        kernel[r] = timeKernel(fixture, DesignFunction.DECRYPT_BATCH);
      }
      long t0 = System.nanoTime();
      BlockResult result = combiner.propose(block, shares, null, null, random);
      nanos[r] = System.nanoTime() - t0;
      if (fixture != null && knownKernel == null && r % 2 == 0) {
        kernel[r] = timeKernel(fixture, DesignFunction.DECRYPT_BATCH);
      }
      phases[r] = result.timings();
      check(result, payloads);
    }
    Samples time = new Samples(nanos);
    Samples limit = knownKernel != null ? knownKernel
        : fixture != null ? new Samples(kernel) : null;
    return row(BenchFunction.BLOCK_PROPOSE, m, size, time, limit,
        Optional.of(phases[time.medianIndex()]));
  }

  private void check(BlockResult result, List<byte[]> payloads) {
    int m = payloads.size();
    if (result.openedCount() != m || !result.faultyValidators().isEmpty()) {
      throw new IllegalStateException(String.format(Locale.ROOT,
          "block_propose with design %s opened %d of %d payloads (faulty validators: %s,"
              + " invalid transactions: %s)", design.name(), result.openedCount(), m,
          result.faultyValidators(), result.invalidCiphertexts()));
    }
    for (int j = 0; j < m; j++) {
      if (!Arrays.equals(result.plaintexts().get(j).orElseThrow(), payloads.get(j))) {
        throw new IllegalStateException(String.format(Locale.ROOT,
            "block_propose with design %s returned a wrong plaintext for transaction %d",
            design.name(), j));
      }
    }
  }

  private BenchRow row(BenchFunction f, int m, int size, Samples time, Samples limit,
      Optional<BlockResult.PhaseTimings> phases) {
    return new BenchRow(f, design.name(), settings.validators(), settings.shares(),
        settings.threshold(), m, size, settings.threads(), time, limit, OptionalDouble.empty(),
        phases);
  }

  private void printKernels(String name, List<BenchFunction> functions,
      Map<DesignFunction, String> kernels) {
    out.println();
    out.println(name + ": xR = median / limit_s, the same-run time of each step's bare kernel"
        + " (same block, same threads, reps interleaved):");
    for (BenchFunction f : functions) {
      Optional<DesignFunction> df = f == BenchFunction.BLOCK_PROPOSE
          ? Optional.of(DesignFunction.DECRYPT_BATCH) : f.designFunction();
      String k = df.map(kernels::get).orElse(null);
      out.println("  " + f.cliName() + ": " + (k == null ? "no kernel" : k)
          + (f == BenchFunction.BLOCK_PROPOSE && k != null ? " (decrypt_batch's kernel)" : ""));
    }
    out.flush();
  }
}
