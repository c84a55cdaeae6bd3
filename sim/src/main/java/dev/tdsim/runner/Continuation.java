package dev.tdsim.runner;

import dev.tdsim.pipeline.HeightRecord;
import java.util.function.UnaryOperator;

/**
 * A run whose first {@code keptHeights} heights do not call the real crypto, with {@code
 * crypto.timing: model} only, where that changes no duration (every duration is the cost model's
 * whether or not the calls run, so those heights come out as they would with the calls).
 *
 * <ul>
 *   <li>{@link #after}: {@code tdsim run --resume} continuing a stopped run, whose real crypto ran
 *       at those heights; each replayed height goes to {@code kept}, which checks it against the
 *       stopped run's row and returns it with that run's crypto outcome.
 *   <li>{@link #planningReplay}: {@code tdsim sweep --plan} placing the search's probes before
 *       anything runs; no height calls the crypto, and the run is never a result.
 * </ul>
 *
 * @param keptHeights heights 1..keptHeights make no real crypto calls in this run
 * @param kept applied to every height's record before anyone sees it (the identity beyond them)
 * @param note what the run's notes say about it
 */
public record Continuation(int keptHeights, UnaryOperator<HeightRecord> kept, String note) {
  /** A run from height 1 with the real crypto wherever the scenario samples it. */
  public static final Continuation NONE = new Continuation(0, UnaryOperator.identity(), "");

  public Continuation {
    if (keptHeights < 0) {
      throw new IllegalArgumentException("keptHeights < 0: " + keptHeights);
    }
  }

  /** Continues a stopped run after its {@code keptHeights} finished heights. */
  public static Continuation after(int keptHeights, UnaryOperator<HeightRecord> kept) {
    return new Continuation(keptHeights, kept, "continued a stopped run (--resume): heights 1-"
        + keptHeights + " ran their real crypto in that run and were replayed here with the cost"
        + " model's durations, each checked against that run's row; the real crypto ran here"
        + " from height " + (keptHeights + 1));
  }

  /** All {@code heights} without the crypto calls: a sweep plan's replay, never a result. */
  public static Continuation planningReplay(int heights) {
    return new Continuation(heights, UnaryOperator.identity(), "a sweep plan's replay with the"
        + " cost model's durations and no crypto calls (not a result)");
  }
}
