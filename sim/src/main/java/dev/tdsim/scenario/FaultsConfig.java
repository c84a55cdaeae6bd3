package dev.tdsim.scenario;

import dev.tdsim.faults.Committee;
import dev.tdsim.faults.FaultPlan;
import dev.tdsim.faults.FaultSpec;
import dev.tdsim.faults.IndexedFaultException;
import java.util.ArrayList;
import java.util.List;

/**
 * The faults of a scenario: YAML list {@code faults}, one entry per fault (see docs/SCENARIOS.md,
 * section {@code faults}, and {@link dev.tdsim.faults.FaultKinds} for the kinds).
 *
 * @param list the faults in the order written (empty: a fault-free run)
 */
public record FaultsConfig(List<FaultSpec> list) {
  /** No faults. */
  public static final FaultsConfig NONE = new FaultsConfig(List.of());

  public FaultsConfig {
    list = List.copyOf(list);
  }

  public boolean isEmpty() {
    return list.isEmpty();
  }

  /** The faults resolved against the validator set. */
  public FaultPlan plan(ValidatorsConfig validators) {
    if (list.isEmpty()) {
      return FaultPlan.NONE;
    }
    long[] stake = validators.weights().stream().mapToLong(Long::longValue).toArray();
    List<String> regions = new ArrayList<>(validators.count());
    for (int i = 0; i < validators.count(); i++) {
      regions.add(validators.regionOf(i));
    }
    try {
      return FaultPlan.resolve(list, new Committee(stake, regions));
    } catch (IndexedFaultException e) {
      String field = "faults[" + e.index() + "]";
      String full = e.field() == null ? field : field + "." + e.field();
      throw new ScenarioException(full, e.problem(), field);
    }
  }

  /** Whether some fault changes consensus (and so needs the exact model). */
  public boolean actsOnMessages() {
    return list.stream().anyMatch(f -> f.kind().actsOnMessages());
  }
}
