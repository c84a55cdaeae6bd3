package dev.tdsim.timing;

import dev.tdsim.registry.Registry;
import java.util.List;

/**
 * The registry of timing models by the name a scenario writes in {@code crypto.timing}:
 * {@code measured} (each real call's CPU time here, scaled to the validator) and {@code model}
 * (the fitted cost model, reproducible from the seed).
 */
public final class TimingModels {
  /** Creates a timing model for one run. */
  public interface Factory {
    TimingModel create(CostModel costs, String design, int threadsHere);
  }

  /** A registered model: how to make it, and whether its durations come from the cost model. */
  private record Entry(Factory factory, boolean fromCostModel) {}

  private static final Registry<Entry> FACTORIES = Registry.<Entry>builder("timing")
      .add(MeasuredTiming.NAME, new Entry(MeasuredTiming::new, false))
      .add(ModelTiming.NAME,
          new Entry((costs, design, threads) -> new ModelTiming(costs, design), true))
      .build();

  /**
   * Whether the named model takes durations from the cost model (reproducible from the seed, and
   * reading the scenario's calibration file) rather than from this machine's clock.
   */
  public static boolean fromCostModel(String name) {
    return FACTORIES.get(name).fromCostModel();
  }

  private TimingModels() {}

  public static List<String> names() {
    return FACTORIES.names();
  }

  /** @throws IllegalArgumentException for an unknown name, listing the known ones */
  public static TimingModel create(String name, CostModel costs, String design,
      int threadsHere) {
    return FACTORIES.get(name).factory().create(costs, design, threadsHere);
  }
}
