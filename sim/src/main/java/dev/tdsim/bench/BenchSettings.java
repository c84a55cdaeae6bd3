package dev.tdsim.bench;

import dev.tdsim.crypto.CryptoException;
import dev.tdsim.crypto.sig.VoteSignatureSchemes;
import dev.tdsim.crypto.design.BlockDesign;
import dev.tdsim.crypto.design.Designs;
import dev.tdsim.crypto.design.FerveoDesign;
import dev.tdsim.crypto.design.bench.DesignBenches;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Objects;
import java.util.TreeSet;

/**
 * What one {@code tdsim bench} run measures. Validated here, so a bad value fails before any key
 * is dealt, with a message naming the option, the value and the allowed range.
 *
 * @param functions the functions to time, in table row order
 * @param variants design names: Ferveo's combine variants and the one-share-per-block designs
 *     (the word {@code all} expands to every one)
 * @param schemes vote signature scheme names for vote_sign and vote_verify ({@code all} expands
 *     to every scheme)
 * @param msgs message counts per block (sorted, duplicates removed): the table columns
 * @param sizesBytes payload sizes in bytes (sorted, duplicates removed)
 * @param validators V, in [1, shares]
 * @param shares N, a power of two >= 2
 * @param threshold t, in [1, shares]
 * @param threads worker threads, >= 1
 * @param reps timed repetitions per row (the median is reported), >= 1
 * @param seed seed of keys, payloads and verification weights
 * @param out the CSV file written row by row
 */
public record BenchSettings(
    List<BenchFunction> functions,
    List<String> variants,
    List<String> schemes,
    List<Integer> msgs,
    List<Integer> sizesBytes,
    int validators,
    int shares,
    int threshold,
    int threads,
    int reps,
    long seed,
    Path out) {

  public static final String ALL_VARIANTS = "all";
  /**
   * The most messages per block: setup encrypts max(msgs) payloads per size before anything is
   * timed (about a millisecond each), so 100,000 already takes minutes of setup.
   */
  public static final int MAX_MSGS = 100_000;
  /** The most worker threads, as crypto.threads of a scenario. */
  public static final int MAX_THREADS = 4096;
  /** The most payload bytes of one block held in memory: max(msgs) * max(sizes). */
  public static final long MAX_BLOCK_BYTES = 1L << 30;

  public BenchSettings {
    Objects.requireNonNull(out, "out");
    if (functions == null || functions.isEmpty()) {
      throw new IllegalArgumentException("--functions: give at least one of "
          + String.join(", ", BenchFunction.names()));
    }
    functions = List.copyOf(new LinkedHashSet<>(functions));
    variants = resolveVariants(variants);
    schemes = resolveSchemes(schemes);
    msgs = positiveSorted("--msgs", msgs);
    sizesBytes = positiveSorted("--sizes", sizesBytes);
    if (shares < 2 || Integer.bitCount(shares) != 1) {
      throw new IllegalArgumentException(
          "--shares must be a power of two >= 2, got " + shares);
    }
    if (validators < 1 || validators > shares) {
      throw new IllegalArgumentException(
          "--validators must be in [1, shares=" + shares + "], got " + validators);
    }
    if (threshold < 1 || threshold > shares) {
      throw new IllegalArgumentException(
          "--threshold must be in [1, shares=" + shares + "], got " + threshold);
    }
    if (threads < 1 || threads > MAX_THREADS) {
      throw new IllegalArgumentException("--threads must be in [1, " + MAX_THREADS + "], got "
          + threads);
    }
    int mostMsgs = msgs.get(msgs.size() - 1);
    if (mostMsgs > MAX_MSGS) {
      throw new IllegalArgumentException("--msgs values must be at most " + MAX_MSGS
          + " (setup encrypts that many payloads per size before timing anything), got "
          + mostMsgs);
    }
    long blockBytes = (long) mostMsgs * sizesBytes.get(sizesBytes.size() - 1);
    if (blockBytes > MAX_BLOCK_BYTES) {
      throw new IllegalArgumentException("--msgs times --sizes must be at most 1 GiB (the"
          + " payloads of a block are held in memory), got " + mostMsgs + " x "
          + sizesBytes.get(sizesBytes.size() - 1) + " B");
    }
    if (reps < 1) {
      throw new IllegalArgumentException("--reps must be >= 1, got " + reps);
    }
    for (BenchFunction f : functions) {
      if (!f.voteFunction() && variants.stream().noneMatch(v -> has(Designs.byName(v), f))) {
        throw new IllegalArgumentException("--functions: " + f.cliName() + " is a function of "
            + String.join(", ", Designs.names().stream()
                .filter(v -> has(Designs.byName(v), f)).toList())
            + ", not of " + String.join(", ", variants));
      }
    }
  }

  /**
   * Whether {@code design} has function {@code f}: share_combine for Ferveo's variants,
   * block_propose for every design, and each one-share-per-block design's own steps (as the
   * design says, {@link DesignBenches#functions}).
   */
  public static boolean has(BlockDesign design, BenchFunction f) {
    if (f.voteFunction() || f == BenchFunction.BLOCK_PROPOSE) {
      return true;
    }
    if (f == BenchFunction.SHARE_COMBINE) {
      return FerveoDesign.variantOf(design).isPresent();
    }
    return f.designFunction().map(DesignBenches.functions(design)::contains).orElse(false);
  }

  /** The combine functions asked for that {@code design} has, in order. */
  public List<BenchFunction> functionsOf(BlockDesign design) {
    return combineFunctions().stream().filter(f -> has(design, f)).toList();
  }

  /** The largest message count: setup encrypts this many payloads per size. */
  public int maxMsgs() {
    return msgs.get(msgs.size() - 1);
  }

  /**
   * Design names as given on a command line (any case; {@code all} expands to every design:
   * Ferveo's variants, then the one-share-per-block designs),
   * checked against the registry, duplicates removed; shared with {@code tdsim calibrate}.
   */
  public static List<String> resolveVariants(List<String> names) {
    if (names == null || names.isEmpty()) {
      throw new IllegalArgumentException("--variant: give at least one of " + Designs.names()
          + " or '" + ALL_VARIANTS + "'");
    }
    LinkedHashSet<String> out = new LinkedHashSet<>();
    for (String raw : names) {
      String name = raw == null ? "" : raw.trim().toLowerCase();
      if (name.equals(ALL_VARIANTS)) {
        out.addAll(Designs.names());
        continue;
      }
      try {
        out.add(Designs.byName(name).name());
      } catch (CryptoException e) {
        throw new IllegalArgumentException("--variant: " + e.getMessage() + " or '"
            + ALL_VARIANTS + "'", e);
      }
    }
    return List.copyOf(out);
  }

  /** Whether any combine function (share_combine, block_propose) is asked for: keys are dealt. */
  public boolean hasCombineFunctions() {
    return functions.stream().anyMatch(f -> !f.voteFunction());
  }

  /** The vote functions asked for, in order. */
  public List<BenchFunction> voteFunctions() {
    return functions.stream().filter(BenchFunction::voteFunction).toList();
  }

  /** The combine functions asked for, in order. */
  public List<BenchFunction> combineFunctions() {
    return functions.stream().filter(f -> !f.voteFunction()).toList();
  }

  /** Scheme names as given (any case; {@code all} expands), checked, duplicates removed. */
  public static List<String> resolveSchemes(List<String> names) {
    if (names == null || names.isEmpty()) {
      throw new IllegalArgumentException("--scheme: give at least one of "
          + String.join(", ", VoteSignatureSchemes.names()) + " or '" + ALL_VARIANTS + "'");
    }
    LinkedHashSet<String> out = new LinkedHashSet<>();
    for (String raw : names) {
      String name = raw == null ? "" : raw.trim().toLowerCase();
      if (name.equals(ALL_VARIANTS)) {
        out.addAll(VoteSignatureSchemes.names());
        continue;
      }
      try {
        out.add(VoteSignatureSchemes.byName(name).name());
      } catch (IllegalArgumentException e) {
        throw new IllegalArgumentException("--scheme: " + e.getMessage(), e);
      }
    }
    return List.copyOf(out);
  }

  /** Positive values, sorted, duplicates removed; an error names the option. */
  public static List<Integer> positiveSorted(String option, List<Integer> values) {
    if (values == null || values.isEmpty()) {
      throw new IllegalArgumentException(option + ": give at least one value");
    }
    for (Integer v : values) {
      if (v == null || v < 1) {
        throw new IllegalArgumentException(option + " values must be >= 1, got " + v);
      }
    }
    return List.copyOf(new ArrayList<>(new TreeSet<>(values)));
  }
}
