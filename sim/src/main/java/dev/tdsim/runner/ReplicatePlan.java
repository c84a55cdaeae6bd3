package dev.tdsim.runner;

import static dev.tdsim.format.Durations.budget;
import static dev.tdsim.format.Durations.roundedMs;

import dev.tdsim.scenario.Scenario;
import dev.tdsim.random.Seeds;
import dev.tdsim.timing.TimingModels;
import java.util.Optional;

/**
 * How many times {@code tdsim run} runs a scenario, decided after the first run.
 *
 * <p>With {@code replicates: N} in the scenario (or {@code run --replicates N}), N. Without it,
 * one, unless the first run's judged p95 lies within {@value #NEAR_PERCENT}% of a budget (where
 * the verdict could turn with other draws) and the timing comes from the cost model: then {@value
 * #AUTOMATIC} in all. Why not under measured timing: there every replicate is a whole run with
 * the real crypto timed at every height (the default scenario's 24 s), and {@code make run}
 * would take three times as long for a verdict the headline already marks borderline when the
 * bootstrap interval over the first run's heights says so; the plan then only suggests {@code
 * --replicates}. Under model timing the extra replicates run the real crypto at one sampled
 * height, as sweeps do ({@link SweepPlan#samplesRealCrypto}), so they cost their setup and
 * simulation only.
 *
 * @param count replicates in all, the first included
 * @param why why more than one runs (for the report); null with one
 * @param hint a suggestion when more replicates would help but were not run automatically
 */
public record ReplicatePlan(int count, String why, Optional<String> hint) {
  /** The distance from a budget, in percent of it, within which a verdict is worth replicating. */
  public static final int NEAR_PERCENT = 10;
  /** Replicates in all when they are added automatically. */
  public static final int AUTOMATIC = 3;

  /** The plan for {@code s} after its first run judged p95 {@code firstJudgedP95Ms}. */
  public static ReplicatePlan after(Scenario s, double firstJudgedP95Ms) {
    if (s.replicates() != null) {
      return new ReplicatePlan(s.replicates(), "replicates: " + s.replicates() + " set",
          Optional.empty());
    }
    Optional<Long> near = s.budgetsNanos().stream()
        .filter(b -> Math.abs(firstJudgedP95Ms - b / 1e6) <= NEAR_PERCENT / 100.0 * (b / 1e6))
        .min(java.util.Comparator.comparingDouble(b -> Math.abs(firstJudgedP95Ms - b / 1e6)
            / (b / 1e6))); // the nearest, relative to the budget, is the one to name
    if (near.isEmpty() || Double.isNaN(firstJudgedP95Ms)) {
      return new ReplicatePlan(1, null, Optional.empty());
    }
    String closeTo = roundedMs(firstJudgedP95Ms) + " is within " + NEAR_PERCENT + "% of "
        + budget(near.get() / 1e6);
    if (TimingModels.fromCostModel(s.crypto().timing())) {
      return new ReplicatePlan(AUTOMATIC, (AUTOMATIC - 1) + " more replicates because "
          + closeTo, Optional.empty());
    }
    return new ReplicatePlan(1, null, Optional.of("the judged p95 " + closeTo + ": '--replicates "
        + AUTOMATIC + "' reruns it with " + (AUTOMATIC - 1) + " other seeds (not automatic"
        + " under measured timing, where each replicate is a whole run)"));
  }

  /**
   * Replicate {@code r} of {@code s}: its seed derived as sweeps derive theirs ({@link
   * Seeds#derive}: replicate 0 is {@code s} itself), and for r > 0 under model timing the real
   * crypto at one sampled height ({@link CryptoSampling#oneHeightSuffices}: the latencies are the
   * cost model's either way).
   */
  public static Scenario replicate(Scenario s, int r) {
    if (r == 0) {
      return s;
    }
    Scenario seeded = s.withSeed(Seeds.derive(s.seed(), r));
    return CryptoSampling.atOneHeightWherePossible(seeded);
  }
}
