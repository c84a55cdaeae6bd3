package dev.tdsim.bench;

import dev.tdsim.crypto.Workers;
import dev.tdsim.crypto.random.SeededDrbg;
import dev.tdsim.crypto.random.StrongRandom;
import dev.tdsim.crypto.tpke.Ciphertext;
import dev.tdsim.crypto.tpke.Committee;
import dev.tdsim.crypto.tpke.KeySet;
import dev.tdsim.crypto.tpke.SecretGroup;
import dev.tdsim.crypto.tpke.SignerSet;
import dev.tdsim.crypto.tpke.Tpke;
import dev.tdsim.crypto.variant.BlockProposer;
import dev.tdsim.crypto.variant.BlockResult;
import dev.tdsim.crypto.variant.CombineVariant;
import dev.tdsim.crypto.design.BlockDesign;
import dev.tdsim.crypto.design.Designs;
import dev.tdsim.crypto.design.FerveoDesign;
import java.io.PrintWriter;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.Random;

/**
 * {@code tdsim bench}: the original Ferveo table (share_combine and block_propose over blocks of
 * 10, 100 and 1000 messages) for any combine variant, each row next to its native lower bound.
 *
 * <p>Setup is untimed: keys are dealt once; per variant and message size, max(msgs) payloads are
 * encrypted and every validator creates its share of each (all validators sign); smaller blocks
 * use prefixes. Every timed result is checked to open its payload, outside the timing, so a fast
 * but wrong combine fails the run instead of printing a number.
 *
 * <p>Cost: share_combine and block_propose each combine every message of a row {@code reps}
 * times, and the limit of each message count is timed once per variant ({@code reps} kernel runs,
 * interleaved with the first size's share_combine). The kernel is the bulk of both functions, so
 * a run costs about (2 * reps * sizes + reps) * sum(msgs) kernel calls.
 */
public final class Bench {
  private final BenchSettings settings;
  private final PrintWriter out;
  private final Progress progress;
  /** Ciphertexts and their payloads per secret group and size, shared by the variants. */
  private final Map<String, Block> blocks = new HashMap<>();

  private Workers workers;
  private KeySet keys;
  private SignerSet signers;

  /**
   * @param out where the table goes (stdout)
   * @param progress where progress lines go (stderr)
   */
  public Bench(BenchSettings settings, PrintWriter out, Progress progress) {
    this.settings = settings;
    this.out = out;
    this.progress = progress;
  }

  /**
   * Runs every row, writing the CSV row by row and the table block by block.
   *
   * @param csv the open CSV (header written), which the caller closes
   */
  public List<BenchRow> run(BenchCsv csv) {
    List<BenchRow> rows = new ArrayList<>();
    if (settings.hasCombineFunctions()) {
      rows.addAll(runCombine(csv));
    }
    if (!settings.voteFunctions().isEmpty()) {
      rows.addAll(new VoteBench(settings, out, progress).run(csv));
    }
    progress.step("done: " + rows.size() + " rows written to " + settings.out());
    return rows;
  }

  /** The Ferveo functions: deal keys once, then every variant. */
  private List<BenchRow> runCombine(BenchCsv csv) {
    List<BenchRow> rows = new ArrayList<>();
    try (Workers w = Workers.of(settings.threads())) {
      workers = w;
      long t0 = System.nanoTime();
      Committee committee = Committee.equal(
          settings.shares(), settings.threshold(), settings.validators());
      keys = KeySet.deal(committee, SeededDrbg.of(settings.seed(), "bench.dealer", 0), workers);
      signers = SignerSet.all(committee);
      progress.step(String.format(Locale.ROOT,
          "dealt keys: V=%d validators, N=%d shares, t=%d, %d threads",
          settings.validators(), settings.shares(), settings.threshold(), settings.threads()),
          System.nanoTime() - t0);
      for (String name : settings.variants()) {
        BlockDesign design = Designs.byName(name);
        Optional<CombineVariant<?>> variant = FerveoDesign.variantOf(design);
        rows.addAll(variant.isPresent() ? runVariant(variant.get(), csv)
            : new DesignBenchRun(settings, design, keys, workers, out, progress).run(csv));
      }
      if (settings.variants().stream()
          .anyMatch(v -> FerveoDesign.variantOf(Designs.byName(v)).isPresent())) {
        BenchTable.printLegend(out, settings.reps());
      }
    } finally {
      workers = null;
      keys = null;
      signers = null;
      blocks.clear();
    }
    return rows;
  }

  private <S> List<BenchRow> runVariant(CombineVariant<S> variant, BenchCsv csv) {
    String name = variant.name();
    long t0 = System.nanoTime();
    // Untimed prepare_combine for the share_combine rows and the limits; it also computes the
    // key set's lazily derived public points, which are part of the keys, not of a block.
    CombineVariant.Combiner<S> combiner = variant.prepare(keys, signers, workers);
    progress.step(name + ": prepare_combine for " + signers.size() + " signers (untimed)",
        System.nanoTime() - t0);
    Workers combineWorkers = variant.parallel() ? workers : Workers.of(1);
    // The kernel never reads the payload, so its time depends on the message count only: it is
    // measured once per count (with the first size, interleaved with share_combine) and is the
    // limit of that count's rows at every size.
    Map<Integer, Samples> limits = new HashMap<>();
    List<BenchRow> rows = new ArrayList<>();
    for (int size : settings.sizesBytes()) {
      String label = name + " " + size + " B";
      Block block = block(variant.secretGroup(), size, label);
      List<List<byte[]>> encoded = createShares(variant, block.cts, label);
      List<List<S>> decoded = decode(variant, encoded, block.cts.size(), label);
      Cell<S> cell =
          new Cell<>(variant, combiner, combineWorkers, block, encoded, decoded, limits);
      cell.warmUp();
      List<BenchRow> blockRows = new ArrayList<>();
      for (BenchFunction f : settings.functionsOf(new FerveoDesign(variant))) {
        for (int m : settings.msgs()) {
          long start = System.nanoTime();
          BenchRow row = f == BenchFunction.SHARE_COMBINE
              ? cell.shareCombine(m, size) : cell.blockPropose(m, size);
          csv.write(row);
          blockRows.add(row);
          progress.step(String.format(Locale.ROOT,
              "%s %s, %d msgs: median %s s, limit %s s, x%.2f",
              f.cliName(), label, m, BenchTable.seconds(row.medianSeconds()),
              BenchTable.seconds(row.limitSeconds()), row.ratio()),
              System.nanoTime() - start);
        }
      }
      BenchTable.printBlock(out, settings, name, size, blockRows,
          settings.functionsOf(new FerveoDesign(variant)));
      rows.addAll(blockRows);
    }
    return rows;
  }

  /** The payloads and ciphertexts of one size, encrypted in parallel from per-message seeds. */
  private Block block(SecretGroup group, int size, String label) {
    String key = group + "/" + size;
    Block cached = blocks.get(key);
    if (cached != null) {
      return cached;
    }
    long t0 = System.nanoTime();
    int count = settings.maxMsgs();
    Random random = new Random(settings.seed() * 1_000_003L + size * 31L + group.ordinal());
    // One child stream per message, split off in order (see RealCrypto.encryptAndAdmit: r never
    // repeats); payload bytes are not secret and keep their cheap generator.
    StrongRandom encryption = SeededDrbg.of(settings.seed(), "bench.encrypt/" + group, size);
    byte[][] payloads = new byte[count][size];
    StrongRandom[] streams = new StrongRandom[count];
    for (int j = 0; j < count; j++) {
      random.nextBytes(payloads[j]);
      streams[j] = encryption.split();
    }
    List<Ciphertext> cts = List.copyOf(workers.map(count,
        j -> Tpke.encrypt(keys.publicKey(), payloads[j], group, streams[j])));
    Block block = new Block(cts, payloads);
    blocks.put(key, block);
    progress.step(label + ": encrypted " + count + " payloads", System.nanoTime() - t0);
    return block;
  }

  /** Every validator's encoded share of every ciphertext, shares.get(validator).get(message). */
  private <S> List<List<byte[]>> createShares(
      CombineVariant<S> variant, List<Ciphertext> cts, String label) {
    long t0 = System.nanoTime();
    List<List<byte[]>> shares = workers.map(settings.validators(), v -> {
      CombineVariant.ShareMaker maker = variant.shareMaker(keys, v, signers);
      List<byte[]> mine = new ArrayList<>(cts.size());
      for (Ciphertext ct : cts) {
        mine.add(maker.create(ct));
      }
      return List.copyOf(mine);
    });
    progress.step(String.format(Locale.ROOT, "%s: created %d x %d decryption shares",
        label, settings.validators(), cts.size()), System.nanoTime() - t0);
    return List.copyOf(shares);
  }

  /** Decoded shares per message in signer order, decoded.get(message).get(signer position). */
  private <S> List<List<S>> decode(
      CombineVariant<S> variant, List<List<byte[]>> encoded, int messages, String label) {
    long t0 = System.nanoTime();
    List<List<S>> byValidator = workers.map(signers.size(), pos -> {
      List<byte[]> mine = encoded.get(signers.validator(pos));
      List<S> out = new ArrayList<>(mine.size());
      for (byte[] share : mine) {
        out.add(variant.decodeShare(share));
      }
      return out;
    });
    List<List<S>> byMessage = new ArrayList<>(messages);
    for (int j = 0; j < messages; j++) {
      List<S> row = new ArrayList<>(signers.size());
      for (List<S> mine : byValidator) {
        row.add(mine.get(j));
      }
      byMessage.add(List.copyOf(row));
    }
    progress.step(String.format(Locale.ROOT, "%s: decoded %d shares", label,
        (long) messages * signers.size()), System.nanoTime() - t0);
    return byMessage;
  }

  private record Block(List<Ciphertext> cts, byte[][] payloads) {}

  /** The measurements of one variant and one message size. */
  private final class Cell<S> {
    private final CombineVariant<S> variant;
    private final CombineVariant.Combiner<S> combiner;
    private final Workers combineWorkers;
    private final Block block;
    private final List<List<byte[]>> encoded;
    private final List<List<S>> decoded;
    /** Kernel timings per message count, measured once per variant and shared by all rows. */
    private final Map<Integer, Samples> limits;

    Cell(CombineVariant<S> variant, CombineVariant.Combiner<S> combiner, Workers combineWorkers,
        Block block, List<List<byte[]>> encoded, List<List<S>> decoded,
        Map<Integer, Samples> limits) {
      this.variant = variant;
      this.combiner = combiner;
      this.combineWorkers = combineWorkers;
      this.block = block;
      this.encoded = encoded;
      this.decoded = decoded;
      this.limits = limits;
    }

    /**
     * A few untimed combines and kernels (one batch per worker thread), so that the first timed
     * repetition does not pay for class loading and the JIT.
     */
    void warmUp() {
      int m = Math.min(block.cts.size(), 2 * combineWorkers.threads());
      timeCombine(m, new byte[m][]);
      timeKernel(m);
    }

    /**
     * share_combine of m messages. While the limit of m is not yet known, each rep is paired with
     * a kernel rep on the same messages, in alternating order so that neither always runs first.
     */
    BenchRow shareCombine(int m, int size) {
      List<Ciphertext> cts = block.cts;
      byte[][] secrets = new byte[m][];
      boolean measureKernel = !limits.containsKey(m);
      long[] combineNanos = new long[settings.reps()];
      long[] kernelNanos = new long[settings.reps()];
      for (int r = 0; r < settings.reps(); r++) {
        if (!measureKernel) {
          combineNanos[r] = timeCombine(m, secrets);
        } else if (r % 2 == 0) {
          combineNanos[r] = timeCombine(m, secrets);
          kernelNanos[r] = timeKernel(m);
        } else {
          kernelNanos[r] = timeKernel(m);
          combineNanos[r] = timeCombine(m, secrets);
        }
      }
      for (int j = 0; j < m; j++) {
        Optional<byte[]> plain = Tpke.open(cts.get(j), secrets[j]);
        if (plain.isEmpty() || !Arrays.equals(plain.get(), block.payloads[j])) {
          throw new IllegalStateException(String.format(Locale.ROOT,
              "share_combine with variant %s: the combined secret of message %d of %d does not"
                  + " open its payload", variant.name(), j, m));
        }
      }
      if (measureKernel) {
        limits.put(m, new Samples(kernelNanos));
      }
      return row(BenchFunction.SHARE_COMBINE, m, size, new Samples(combineNanos), limits.get(m),
          Optional.empty());
    }

    /** block_propose of m messages by a fresh proposer per rep (prepare_combine included). */
    BenchRow blockPropose(int m, int size) {
      Samples kernel = limits.get(m);
      if (kernel == null) {
        long[] kernelNanos = new long[settings.reps()];
        for (int r = 0; r < settings.reps(); r++) {
          kernelNanos[r] = timeKernel(m);
        }
        kernel = new Samples(kernelNanos);
        limits.put(m, kernel);
      }
      List<Ciphertext> cts = block.cts.subList(0, m);
      Map<Integer, List<byte[]>> shares = new LinkedHashMap<>();
      for (int v = 0; v < encoded.size(); v++) {
        shares.put(v, encoded.get(v).subList(0, m));
      }
      long[] nanos = new long[settings.reps()];
      BlockResult.PhaseTimings[] phases = new BlockResult.PhaseTimings[settings.reps()];
      for (int r = 0; r < settings.reps(); r++) {
        BlockProposer<S> proposer = new BlockProposer<>(variant, keys, workers);
        StrongRandom random = SeededDrbg.of(settings.seed(), "bench.weights", r);
        long t0 = System.nanoTime();
        BlockResult result = proposer.propose(cts, shares, null, random);
        nanos[r] = System.nanoTime() - t0;
        phases[r] = result.timings();
        check(result, m);
      }
      Samples time = new Samples(nanos);
      return row(BenchFunction.BLOCK_PROPOSE, m, size, time, kernel,
          Optional.of(phases[time.medianIndex()]));
    }

    private void check(BlockResult result, int m) {
      if (result.openedCount() != m || !result.faultyValidators().isEmpty()) {
        throw new IllegalStateException(String.format(Locale.ROOT,
            "block_propose with variant %s opened %d of %d payloads (faulty validators: %s,"
                + " invalid ciphertexts: %s)", variant.name(), result.openedCount(), m,
            result.faultyValidators(), result.invalidCiphertexts()));
      }
      for (int j = 0; j < m; j++) {
        if (!Arrays.equals(result.plaintexts().get(j).orElseThrow(), block.payloads[j])) {
          throw new IllegalStateException(String.format(Locale.ROOT,
              "block_propose with variant %s returned a wrong plaintext for message %d",
              variant.name(), j));
        }
      }
    }

    private long timeCombine(int m, byte[][] secrets) {
      List<Ciphertext> cts = block.cts;
      long t0 = System.nanoTime();
      combineWorkers.forEach(m, j -> secrets[j] = combiner.combine(cts.get(j), decoded.get(j)));
      return System.nanoTime() - t0;
    }

    private long timeKernel(int m) {
      List<Ciphertext> cts = block.cts;
      long t0 = System.nanoTime();
      combineWorkers.forEach(m, j -> combiner.kernel(cts.get(j), decoded.get(j)));
      return System.nanoTime() - t0;
    }

    private BenchRow row(BenchFunction f, int m, int size, Samples time, Samples limit,
        Optional<BlockResult.PhaseTimings> phases) {
      return new BenchRow(f, variant.name(), settings.validators(), settings.shares(),
          settings.threshold(), m, size, settings.threads(), time, limit,
          RustReference.seconds(f, settings.validators(), settings.shares(),
              settings.threshold(), m),
          phases);
    }
  }
}
