package dev.tdsim.faults;

import java.util.Objects;

/**
 * A share fault active for one validator at one height.
 *
 * @param type what the validator does to its shares
 * @param faultIndex the fault's position in the scenario's {@code faults:} list (its id in the
 *     report's fault timeline)
 * @param spec the fault as written
 */
public record ShareFault(ShareFaultType type, int faultIndex, FaultSpec spec) {
  public ShareFault {
    Objects.requireNonNull(type, "type");
    Objects.requireNonNull(spec, "spec");
  }
}
