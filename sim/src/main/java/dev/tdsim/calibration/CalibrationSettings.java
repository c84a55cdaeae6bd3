package dev.tdsim.calibration;

import dev.tdsim.bench.BenchSettings;
import dev.tdsim.crypto.tpke.Committee;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import dev.tdsim.crypto.variant.ShareWork;
import dev.tdsim.crypto.design.Designs;
import dev.tdsim.crypto.design.FerveoDesign;
import dev.tdsim.crypto.variant.CombineVariant;
import java.util.Optional;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.TreeSet;

/**
 * What one {@code tdsim calibrate} run measures: per design a grid of key sets (validators x
 * shares, threshold shares*2/3) and message counts, crossed with payload sizes that alternate over
 * the grid, each point timed {@code reps} times. Validated here, so a bad value fails before any
 * key is dealt, with a message naming the option.
 *
 * @param grids the grid of each design (a Ferveo variant or a one-share-per-block design) to
 *     calibrate, in order
 * @param sizesBytes payload sizes; grid point (key set i, message count j) uses size
 *     {@code sizesBytes[(i + j) mod count]}, so every size meets every key set and message count
 *     without multiplying the grid
 * @param reps repetitions of every measurement per point (the smallest is used: contention
 *     from other processes only adds time)
 * @param threads threads for the untimed setup (keys, tables, other validators' shares); every
 *     measurement runs on one thread
 * @param seed seed of keys, payloads and verification weights
 * @param out the cost-model file to write
 * @param dkg the key setup's DKG grid to calibrate too, or null for none
 * @param certificates the commit certificate schemes' committees to calibrate too, or null
 */
public record CalibrationSettings(
    Map<String, Grid> grids, List<Integer> sizesBytes, int reps, int threads, int maxThreads,
    long seed, Path out, DkgGrid dkg, CertificateGrid certificates) {

  /** Without the DKG or the certificates. */
  public CalibrationSettings(Map<String, Grid> grids, List<Integer> sizesBytes, int reps,
      int threads, int maxThreads, long seed, Path out) {
    this(grids, sizesBytes, reps, threads, maxThreads, seed, out, null, null);
  }

  /**
   * The aggregating commit certificate schemes' grid: committees V x N with equal stake (N the
   * key points {@code threshold-bls} deals, t = N*2/3); at each, every scheme's sign, verify,
   * batch verify, combine and check ({@link dev.tdsim.timing.CertificateCost.Op}).
   */
  public record CertificateGrid(List<KeySpec> committees) {
    public CertificateGrid {
      if (committees.isEmpty()) {
        throw new IllegalArgumentException("--certificate-committees: give at least one"
            + " committee");
      }
      committees = List.copyOf(new TreeSet<>(committees));
    }

    /** Cells: one per committee and aggregating scheme. */
    public int points() {
      return committees.size();
    }
  }

  /**
   * The default certificate grid: signers and key points varied apart (a quorum of 11, 43 and
   * 101 signers; 43 to 1408 points), up to the default scenario's 150 validators.
   */
  public static final CertificateGrid DEFAULT_CERTIFICATES =
      new CertificateGrid(keys("16x64,64x256,150x256,16x2048,150x2048,150x8192"));
  /** {@code --quick}'s certificate grid. */
  public static final CertificateGrid QUICK_CERTIFICATES =
      new CertificateGrid(keys("16x64,64x256,16x1024"));

  /**
   * The key setup's grid (the weighted PVSS DKG, {@link dev.tdsim.timing.CryptoOp#keySetup}):
   * key sets V x N (threshold N*2/3); at each a deal, one transcript's decoding and
   * verification, and the aggregation and own check of D transcripts for each D of {@link
   * #transcripts}.
   */
  public record DkgGrid(List<KeySpec> keySets) {
    /**
     * Key-share points dealt (untimed) per key set for the aggregation's transcripts: about 12 s
     * of one core (a deal costs about 0.7 ms per point); so D reaches 64 at N = 256 and 4 at N
     * = 4096, which pins the D x N additions without dealing 150 transcripts of 8192 points.
     */
    public static final int DEALT_POINTS = 16384;

    public DkgGrid {
      if (keySets.isEmpty()) {
        throw new IllegalArgumentException("--dkg-key-sets: give at least one key set");
      }
      for (KeySpec k : keySets) {
        if (k.validators() < 2) {
          throw new IllegalArgumentException("--dkg-key-sets: a DKG needs at least 2"
              + " validators, got " + k);
        }
      }
      keySets = List.copyOf(new TreeSet<>(keySets));
    }

    /** The transcript counts D the aggregation and own check are measured at on {@code k}. */
    public static List<Integer> transcripts(KeySpec k) {
      int most = Math.min(k.validators(), Math.max(2, DEALT_POINTS / k.shares()));
      return most == 2 ? List.of(2) : List.of(2, most);
    }

    /** Cells: one per key set. */
    public int points() {
      return keySets.size();
    }
  }

  /**
   * The default DKG grid: N up to 4096, V up to 150 (the default scenario's committee), V
   * varied at N = 256 and N = 2048; 172 s at 5 rounds on the project's 2 cores (load average
   * 10-11), about a minute of it the untimed dealing.
   */
  public static final DkgGrid DEFAULT_DKG =
      new DkgGrid(keys("16x256,64x256,64x1024,16x2048,150x2048,150x4096"));
  /** {@code --quick}'s DKG grid. */
  public static final DkgGrid QUICK_DKG = new DkgGrid(keys("16x256,64x256,16x1024"));

  /** One key set of the grid: V validators with equal chunks of N shares, t = N*2/3. */
  public record KeySpec(int validators, int shares) implements Comparable<KeySpec> {
    public KeySpec {
      if (shares < 2 || Integer.bitCount(shares) != 1) {
        throw new IllegalArgumentException(
            "shares must be a power of two >= 2, got " + shares + " in " + validators + "x"
                + shares);
      }
      if (validators < 1 || validators > shares) {
        throw new IllegalArgumentException("validators must be in [1, shares=" + shares
            + "], got " + validators + " in " + validators + "x" + shares);
      }
    }

    public int threshold() {
      return Math.max(1, Committee.defaultThreshold(shares));
    }

    /** "VxN", e.g. "150x8192". */
    public static KeySpec parse(String text) {
      String[] parts = text.trim().toLowerCase().split("x");
      try {
        if (parts.length == 2) {
          return new KeySpec(Integer.parseInt(parts[0].trim()), Integer.parseInt(parts[1].trim()));
        }
      } catch (NumberFormatException e) {
        // fall through
      }
      throw new IllegalArgumentException(
          "expected VALIDATORSxSHARES like 16x256, got '" + text + "'");
    }

    @Override
    public int compareTo(KeySpec o) {
      long a = (long) shares * validators;
      long b = (long) o.shares * o.validators;
      return a != b ? Long.compare(a, b)
          : shares != o.shares ? Integer.compare(shares, o.shares)
          : Integer.compare(validators, o.validators);
    }

    @Override
    public String toString() {
      return validators + "x" + shares;
    }
  }

  /** The key sets and message counts of one design. */
  public record Grid(List<KeySpec> keySets, List<Integer> msgs) {
    public Grid {
      if (keySets.isEmpty()) {
        throw new IllegalArgumentException("a grid needs at least one key set");
      }
      keySets = List.copyOf(new TreeSet<>(keySets));
      msgs = BenchSettings.positiveSorted("--msgs", msgs);
    }

    public int points() {
      return keySets.size() * msgs.size();
    }
  }

  /**
   * The default grid of fast, precomputed, folded: up to the default scenario's 150 x 8192 and
   * 100 messages (the per-message cost grows with the block: at 150x8192 a `fast` combine costs
   * 8.7 ms per message at 1-4 messages and 10.3 ms at 32, so a grid ending at 32 predicted the
   * default scenario's 100-message blocks 12% low).
   */
  public static final Grid DEFAULT = new Grid(keys("4x64,16x64,16x512,64x256,64x2048,150x8192"),
      List.of(1, 4, 16, 32, 100));
  /** The default grid of simple and batch (one pairing per key-share point and message). */
  public static final Grid DEFAULT_PER_POINT = new Grid(keys("4x16,4x64,16x64,8x256"),
      List.of(1, 4, 8));
  /** {@code --quick}. */
  public static final Grid QUICK = new Grid(keys("4x64,16x128,64x2048"), List.of(1, 8, 32));
  /** {@code --quick} for simple and batch. */
  public static final Grid QUICK_PER_POINT = new Grid(keys("4x16,8x64"), List.of(1, 4, 8));
  /**
   * The default grid of the one-share-per-block designs (batched, block-key): their share work
   * grows with the signers (150 and 1000 validators, the designs sweep's committees, and a small
   * one) and their block work with the transactions, up to 512 per block. A visit of a 1024-block
   * took 54 s on the shared 2 cores (batched: FK20 about 2.2 ms, the two decryptions of the
   * honest and the BLAME call 2 x 1.3 ms, sealing and admission per transaction), so the grid
   * stops at 512 and larger blocks are extrapolated linearly; batched's FK20 grows as m log m, so
   * its EVAL_PROOFS at 4096 is predicted about a third low by that term (docs/COSTS.md).
   */
  public static final Grid DEFAULT_DESIGN = new Grid(keys("16x64,150x8192,1000x8192"),
      List.of(16, 128, 512));
  /** {@code --quick} for the one-share-per-block designs. */
  public static final Grid QUICK_DESIGN = new Grid(keys("16x64,64x2048"), List.of(16, 64, 128));
  public static final List<Integer> DEFAULT_SIZES = List.of(128, 4096);
  public static final int DEFAULT_REPS = 5;
  public static final int QUICK_REPS = 3;

  public CalibrationSettings {
    Objects.requireNonNull(out, "out");
    if (grids.isEmpty() && dkg == null && certificates == null) {
      throw new IllegalArgumentException("--variant: give at least one variant (or --variant"
          + " none with --dkg or --certificates)");
    }
    grids = java.util.Collections.unmodifiableMap(new LinkedHashMap<>(grids));
    sizesBytes = BenchSettings.positiveSorted("--sizes", sizesBytes);
    if (reps < 1) {
      throw new IllegalArgumentException("--reps must be >= 1, got " + reps);
    }
    if (threads < 1) {
      throw new IllegalArgumentException("--threads must be >= 1, got " + threads);
    }
    if (maxThreads < 1 || maxThreads > 1024) {
      throw new IllegalArgumentException("--max-threads must be in [1, 1024], got "
          + maxThreads);
    }
  }

  /**
   * The settings of the command line: the default (or quick) grid of each design, with the
   * optional overrides applied.
   *
   * @param designs design names ({@code --variant}) or "all"
   * @param keySets replaces every design's key sets (null: the defaults)
   * @param msgs replaces every design's message counts (null: the defaults)
   * @param maxValidators drops key sets with more validators (null: no limit)
   * @param maxShares drops key sets with more shares (null: no limit)
   * @param reps null: {@value #DEFAULT_REPS}, or {@value #QUICK_REPS} with quick
   * @param maxThreads the largest thread count measured (usually this machine's cores)
   */
  public static CalibrationSettings of(List<String> designs, boolean quick,
      List<KeySpec> keySets, List<Integer> msgs, List<Integer> sizes, Integer maxValidators,
      Integer maxShares, Integer reps, int threads, int maxThreads, long seed, Path out) {
    return of(designs, quick, keySets, msgs, sizes, maxValidators, maxShares, reps, threads,
        maxThreads, seed, out, null, null);
  }

  /**
   * {@link #of} with the DKG's grid and the certificates' too ({@code dkg}, {@code
   * certificates} null: not calibrated).
   */
  public static CalibrationSettings of(List<String> designs, boolean quick,
      List<KeySpec> keySets, List<Integer> msgs, List<Integer> sizes, Integer maxValidators,
      Integer maxShares, Integer reps, int threads, int maxThreads, long seed, Path out,
      DkgGrid dkg, CertificateGrid certificates) {
    Map<String, Grid> grids = new LinkedHashMap<>();
    boolean none = designs != null && designs.size() == 1
        && NO_VARIANT.equals(designs.get(0).trim().toLowerCase(java.util.Locale.ROOT));
    for (String design : none ? List.<String>of() : BenchSettings.resolveVariants(designs)) {
      Optional<ShareWork> work = FerveoDesign.variantOf(Designs.byName(design))
          .map(CombineVariant::shareWork);
      boolean perPoint = work.isPresent() && work.get() == ShareWork.PER_POINT;
      Grid base = work.isEmpty() ? (quick ? QUICK_DESIGN : DEFAULT_DESIGN)
          : quick ? (perPoint ? QUICK_PER_POINT : QUICK)
          : (perPoint ? DEFAULT_PER_POINT : DEFAULT);
      List<KeySpec> ks = new ArrayList<>(keySets != null ? keySets : base.keySets());
      ks.removeIf(k -> (maxValidators != null && k.validators() > maxValidators)
          || (maxShares != null && k.shares() > maxShares));
      if (ks.isEmpty()) {
        throw new IllegalArgumentException("--max-validators/--max-shares leave no key set for"
            + " variant " + design + " (its key sets: " + (keySets != null ? keySets : base.keySets())
            + "); raise them or give --key-sets");
      }
      grids.put(design, new Grid(ks, msgs != null ? msgs : base.msgs()));
    }
    return new CalibrationSettings(grids, sizes != null ? sizes : DEFAULT_SIZES,
        reps != null ? reps : (quick ? QUICK_REPS : DEFAULT_REPS), threads, maxThreads, seed,
        out, dkg, certificates);
  }

  /** {@code --variant none}: no design (with {@code --dkg} or {@code --certificates} only). */
  public static final String NO_VARIANT = "none";

  /** The same settings calibrating the DKG on {@code grid} too (null: not). */
  public CalibrationSettings withDkg(DkgGrid grid) {
    return new CalibrationSettings(grids, sizesBytes, reps, threads, maxThreads, seed, out, grid,
        certificates);
  }

  /** Grid points over all designs and the DKG (the certificates report their own progress). */
  public int points() {
    return grids.values().stream().mapToInt(Grid::points).sum()
        + (dkg == null ? 0 : dkg.points());
  }

  /** Every key set of any design, smallest first (small sets also warm the JIT up). */
  public List<KeySpec> allKeySets() {
    TreeSet<KeySpec> all = new TreeSet<>();
    grids.values().forEach(g -> all.addAll(g.keySets()));
    return List.copyOf(all);
  }

  static List<KeySpec> keys(String list) {
    List<KeySpec> out = new ArrayList<>();
    for (String k : list.split(",")) {
      out.add(KeySpec.parse(k));
    }
    return out;
  }
}
