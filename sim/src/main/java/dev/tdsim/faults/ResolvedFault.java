package dev.tdsim.faults;

import java.util.List;

/**
 * A fault of the scenario with the validators it hits: one row of the report's fault timeline.
 *
 * @param index position in the scenario's {@code faults:} list
 * @param spec the fault as written
 * @param validators whom it hits, ascending (for a partition: every validator of a group)
 * @param stakeShare their share of the total voting power, in [0, 1]
 */
public record ResolvedFault(int index, FaultSpec spec, List<Integer> validators,
    double stakeShare) {
  public ResolvedFault {
    validators = List.copyOf(validators);
  }

  public FaultKind kind() {
    return spec.kind();
  }

  public FaultWindow window() {
    return spec.window();
  }
}
