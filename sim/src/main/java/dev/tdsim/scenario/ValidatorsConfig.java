package dev.tdsim.scenario;

import java.util.ArrayList;
import java.util.List;
import java.util.Objects;
import java.util.regex.Pattern;

/**
 * The validator set: YAML section {@code validators}.
 *
 * @param count V, the number of validators, in [1, {@value #MAX_COUNT}] (and at most keys.shares)
 * @param stakeWeights relative stakes, one positive integer per validator (keys are split by
 *     stake); empty means equal stake. YAML key {@code stake}: {@code equal} or a list
 * @param cores physical CPU cores of each validator, in [1, {@value #MAX_CORES}]: the cap of a
 *     crypto call's parallel speedup (Amdahl, with the serial fraction {@code tdsim calibrate}
 *     fitted per operation; thread counts above the calibrating machine's are extrapolated).
 *     Default {@value #DEFAULT_CORES}, a production validator: Celestia (a CometBFT chain)
 *     asks 16 cores of a validator (docs/SCENARIOS.md cites the page)
 * @param speed CPU speed of each validator relative to the machine running tdsim (2.0 = twice as
 *     fast: measured crypto times are divided by it), positive
 * @param regions region names, assigned to validators round-robin (validator i is in region i mod
 *     size); lower-case words joined by '-', no duplicates. The network helper maps names to its
 *     latency matrix; the uniform network model ignores them
 */
public record ValidatorsConfig(
    int count, List<Long> stakeWeights, int cores, double speed, List<String> regions) {

  public static final int DEFAULT_COUNT = 150;
  /**
   * 16 cores: the validator hardware Celestia's node guide asks for (CometBFT-based; 32 GB RAM,
   * 16 cores), within the 8-32 that public validator guides ask for. See docs/SCENARIOS.md.
   */
  public static final int DEFAULT_CORES = 16;
  public static final double DEFAULT_SPEED = 1.0;
  public static final List<String> DEFAULT_REGIONS = List.of(
      "us-east", "us-west", "eu-west", "eu-central", "ap-northeast", "ap-southeast", "sa-east");
  /**
   * 65,536: the largest committee that runs in minutes. Dealing keys, building the share tables
   * and the combine grow linearly with the committee: measured 2026-11-30 on the project's shared
   * 2-core machine (load average 8-17), one height with timing: model took 37 s of CPU and 0.9 GB
   * at 16,384 validators, 155 s of CPU (7 min wall) and 2.7 GB at 65,536; 1,048,576 (the former
   * maximum) would need about 40 minutes of CPU and some 40 GB. See docs/SCENARIOS.md.
   */
  public static final int MAX_COUNT = 1 << 16;
  public static final int MAX_CORES = 1024;
  /** The YAML spelling of equal stake. */
  public static final String EQUAL_STAKE = "equal";

  private static final Pattern REGION = Pattern.compile("[a-z0-9]+(-[a-z0-9]+)*");

  public ValidatorsConfig {
    Checks.inRange("validators.count", count, 1, MAX_COUNT);
    stakeWeights = stakeWeights == null ? List.of() : List.copyOf(stakeWeights);
    if (!stakeWeights.isEmpty()) {
      if (stakeWeights.size() != count) {
        throw new ScenarioException("validators.stake", "has " + stakeWeights.size()
            + " weights but validators.count is " + count
            + "; give one weight per validator, or write 'stake: equal'", "validators.count");
      }
      long total = 0;
      for (int i = 0; i < stakeWeights.size(); i++) {
        long w = stakeWeights.get(i);
        if (w < 1) {
          throw new ScenarioException("validators.stake[" + i + "]",
              "stake weights must be positive integers, got " + w, "validators.stake");
        }
        try {
          total = Math.addExact(total, w);
        } catch (ArithmeticException e) {
          throw new ScenarioException("validators.stake", "the total stake overflows a long");
        }
      }
    }
    Checks.inRange("validators.cores", cores, 1, MAX_CORES);
    Checks.positiveFinite("validators.speed", speed);
    if (speed < Units.MIN_SPEED || speed > Units.MAX_SPEED) {
      throw new ScenarioException("validators.speed", "must be in [" + Units.MIN_SPEED + ", "
          + Units.formatNumber(Units.MAX_SPEED) + "] (a validator at most 1000 times slower or"
          + " faster than this machine; further out, one crypto operation would take more"
          + " simulated time than a run can hold), got " + speed);
    }
    Objects.requireNonNull(regions, "regions");
    regions = List.copyOf(regions);
    if (regions.isEmpty()) {
      throw new ScenarioException("validators.regions", "give at least one region");
    }
    for (int i = 0; i < regions.size(); i++) {
      if (REGION.matcher(regions.get(i)).matches()
          && !dev.tdsim.network.RegionLatency.knownRegionNames().contains(regions.get(i))) {
        throw new ScenarioException("validators.regions[" + i + "]", "unknown region '"
            + regions.get(i) + "'; known: " + String.join(", ",
                dev.tdsim.network.RegionLatency.knownRegionNames()) + Checks.didYouMean(
                    regions.get(i), dev.tdsim.network.RegionLatency.knownRegionNames()),
            "validators.regions");
      }
      if (!REGION.matcher(regions.get(i)).matches()) {
        throw new ScenarioException("validators.regions[" + i + "]", "'" + regions.get(i)
            + "' is not a region name (lower-case letters and digits joined by '-', e.g. us-east)",
            "validators.regions");
      }
    }
    Checks.noDuplicates("validators.regions", regions, r -> "'" + r + "'");
  }

  /** All defaults: 150 equal validators, 16 cores, speed 1.0, the seven default regions. */
  public static ValidatorsConfig defaults() {
    return new ValidatorsConfig(
        DEFAULT_COUNT, List.of(), DEFAULT_CORES, DEFAULT_SPEED, DEFAULT_REGIONS);
  }

  /** Whether all validators have the same stake. */
  public boolean equalStake() {
    return stakeWeights.isEmpty();
  }

  /** The region of validator {@code i} (round-robin). */
  public String regionOf(int validator) {
    Objects.checkIndex(validator, count);
    return regions.get(validator % regions.size());
  }

  /** The stake weight of every validator (all 1 for equal stake). */
  public List<Long> weights() {
    if (!stakeWeights.isEmpty()) {
      return stakeWeights;
    }
    List<Long> ones = new ArrayList<>(count);
    for (int i = 0; i < count; i++) {
      ones.add(1L);
    }
    return List.copyOf(ones);
  }
}
