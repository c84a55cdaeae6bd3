package dev.tdsim.report;

import dev.tdsim.crypto.design.Designs;
import dev.tdsim.pipeline.HeightRecord;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

/**
 * The report's "Why this cost" notes: for each phase whose time is dominated by a computation
 * made once and then cached (the signer set's Lagrange coefficients in share creation,
 * prepare_combine in combine, the key tables), what that computation is and what this run paid
 * for it. A phase gets a note when it takes at least {@link #NOTABLE_SHARE} of the mean judged
 * time, or at least {@link #SPREAD_FLOOR} with per-height times spread by a factor {@link
 * #SPREAD} or more (the mark of a one-time cost). The key tables always get one. Each note has a
 * one-line {@link Note#brief() brief} form for the console ({@code why: ...} lines) and the full
 * {@link Note#text() text} of the report.
 */
public final class WhyThisCost {
  /** A phase worth explaining takes at least this share of the mean judged time. */
  static final double NOTABLE_SHARE = 0.10;
  /** ... or its slowest height takes at least this many times its fastest ... */
  static final double SPREAD = 3;
  /** ... and it takes at least this share of the mean judged time. */
  static final double SPREAD_FLOOR = 0.02;

  private WhyThisCost() {}

  /**
   * One note: {@code brief} a line for the console (the phase, its mean and range, the cause in a
   * few words), {@code text} the report's paragraph.
   */
  public record Note(String brief, String text) {}

  /** The report's notes for a run, in critical-path order (none when nothing notable). */
  public static List<String> notes(RunSummary s, List<HeightRecord> heights) {
    return all(s, heights).stream().map(Note::text).toList();
  }

  /** The console's lines: each note's brief, in the same order as {@link #notes}. */
  public static List<String> briefs(RunSummary s, List<HeightRecord> heights) {
    return all(s, heights).stream().map(Note::brief).toList();
  }

  /** Every note of a run, in critical-path order. */
  public static List<Note> all(RunSummary s, List<HeightRecord> heights) {
    List<Note> out = new ArrayList<>();
    if (heights.isEmpty()) {
      return out;
    }
    CriticalPath c = s.criticalPath();
    double judged = c.consensusMs() + c.decryptionLatencyMs()
        + (s.chain() == null ? 0 : s.chain().executionMs());
    boolean folds = folds(s.variant());
    double[] create = heights.stream().mapToDouble(h -> h.shareCreateNanos() / 1e6).toArray();
    if (folds && notable(c.shareCreationMs(), judged, create)) {
      String range = range("share creation", c.shareCreationMs(), create);
      out.add(new Note(range + ": " + s.variant() + " shares need the signer set's Lagrange"
          + " coefficients, computed once per new signer set by each validator",
          String.format(Locale.ROOT, "share creation (%.1f ms mean, %.1f to %.1f ms per"
          + " height): %s folds the signer set into each share, so each validator first needs"
          + " the Lagrange coefficients of the set the combiner announced (a vanishing polynomial"
          + " and FFTs over the committee's shares). They are computed once per signer set: every"
          + " validator pays them on its own machine when the set differs from the last one it"
          + " folded for (a new set, e.g. other commit signers or a reshare after blame), and"
          + " reuses them otherwise; the share itself is one point multiplication per message. %s",
          c.shareCreationMs(), min(create), max(create), s.variant(),
          "model".equals(s.timing()) ? "Under timing: model the cost model prices them as"
              + " their own operation (SIGNER_COEFFICIENTS), charged to each validator whose set"
              + " is new, beside the share multiplications (SHARE_CREATE)."
              : "The slow heights are those whose signer set was new to the validator whose"
              + " share completed the combiner's set.")));
    }
    double[] combine = heights.stream().mapToDouble(h -> h.combineOnlyNanos() / 1e6).toArray();
    if (notable(c.combineMs(), judged, combine)) {
      out.add(new Note(range("combine", c.combineMs(), combine) + ": prepare_combine runs once"
          + " per signer set on each combiner, cached afterwards", String.format(Locale.ROOT,
          "combine (%.1f ms mean, %.1f to %.1f ms per height):"
          + " the first block_propose of a height runs prepare_combine when its combiner meets a"
          + " signer set for the first time (per-set tables: %s); each combiner caches it per"
          + " set, so heights whose combiner already prepared the set pay only decode, checks and"
          + " the combination itself.", c.combineMs(), min(combine), max(combine),
          folds ? "each signer's folded G2 key for verification" : "the set's Lagrange"
              + " coefficients and what the variant derives from them")));
    }
    Object setup = s.speed() == null ? null : s.speed().get("setup_s");
    String took = setup instanceof Number n ? String.format(Locale.ROOT, "%.1f s", n.doubleValue())
        : null;
    out.add(new Note("key tables: built once at setup" + (took == null ? "" : " (" + took + ")")
        + ", in no height's time", String.format(Locale.ROOT, "key tables: the %s variant's"
        + " tables per key set (key dealing, G2 key shares, precomputed tables) are built once at"
        + " setup%s and are in no height's time, as a chain would build them once per key epoch.",
        s.variant(), took == null ? "" : " (setup took " + took + " of wall clock here)")));
    return out;
  }

  /** {@code share creation 1278.3 ms mean (35.0 to 2000.0 ms per height)}. */
  private static String range(String phase, double meanMs, double[] perHeight) {
    return String.format(Locale.ROOT, "%s %.1f ms mean (%.1f to %.1f ms per height)", phase,
        meanMs, min(perHeight), max(perHeight));
  }

  private static boolean folds(String variant) {
    try {
      return Designs.byName(variant).sharesDependOnSigners();
    } catch (RuntimeException e) {
      return false; // a summary of a variant this build does not know
    }
  }

  private static boolean notable(double meanMs, double judgedMs, double[] perHeight) {
    double share = judgedMs > 0 ? meanMs / judgedMs : 0;
    return share >= NOTABLE_SHARE
        || share >= SPREAD_FLOOR && max(perHeight) >= SPREAD * Math.max(min(perHeight), 1e-3);
  }

  private static double min(double[] xs) {
    return java.util.Arrays.stream(xs).min().orElse(0);
  }

  private static double max(double[] xs) {
    return java.util.Arrays.stream(xs).max().orElse(0);
  }
}
