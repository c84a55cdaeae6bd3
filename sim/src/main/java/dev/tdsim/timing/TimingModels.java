package dev.tdsim.timing;

import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

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

  private static final Map<String, Entry> FACTORIES = new LinkedHashMap<>();

  static {
    FACTORIES.put(MeasuredTiming.NAME, new Entry(MeasuredTiming::new, false));
    FACTORIES.put(ModelTiming.NAME,
        new Entry((costs, design, threads) -> new ModelTiming(costs, design), true));
  }

  /**
   * Whether the named model takes durations from the cost model (reproducible from the seed, and
   * reading the scenario's calibration file) rather than from this machine's clock.
   */
  public static boolean fromCostModel(String name) {
    return entry(name).fromCostModel();
  }

  private static Entry entry(String name) {
    Entry e = FACTORIES.get(name);
    if (e == null) {
      throw new IllegalArgumentException("unknown timing '" + name + "'; known: " + names());
    }
    return e;
  }

  private TimingModels() {}

  public static List<String> names() {
    return List.copyOf(FACTORIES.keySet());
  }

  /** @throws IllegalArgumentException for an unknown name, listing the known ones */
  public static TimingModel create(String name, CostModel costs, String design,
      int threadsHere) {
    return entry(name).factory().create(costs, design, threadsHere);
  }
}
