package dev.tdsim.runner;

import dev.tdsim.pipeline.HeightRecord;
import java.util.function.UnaryOperator;

/**
 * A run that continues a stopped one ({@code tdsim run --resume} with {@code crypto.timing:
 * model}): its first {@code keptHeights} heights already ran the real crypto in the stopped run,
 * so this run replays them without the real calls (with model timing their durations are the
 * cost model's whether or not the calls run) and hands each replayed height to {@code kept},
 * which checks it against the stopped run's row and returns it with that run's crypto outcome.
 *
 * @param keptHeights heights 1..keptHeights are replayed
 * @param kept applied to every height's record before anyone sees it (the identity beyond them)
 */
public record Continuation(int keptHeights, UnaryOperator<HeightRecord> kept) {
  /** A run from height 1 with the real crypto wherever the scenario samples it. */
  public static final Continuation NONE = new Continuation(0, UnaryOperator.identity());

  public Continuation {
    if (keptHeights < 0) {
      throw new IllegalArgumentException("keptHeights < 0: " + keptHeights);
    }
  }
}
