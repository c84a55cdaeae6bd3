package dev.tdsim.faults;

/**
 * A {@link FaultException} of the {@code index}-th fault of a scenario's list: the scenario layer
 * reports it at {@code faults[index].FIELD}.
 */
public final class IndexedFaultException extends RuntimeException {
  private static final long serialVersionUID = 1L;

  private final int index;
  private final FaultException fault;

  public IndexedFaultException(int index, FaultException fault) {
    super("faults[" + index + "]" + (fault.field() == null ? "" : "." + fault.field()) + ": "
        + fault.problem(), fault);
    this.index = index;
    this.fault = fault;
  }

  public int index() {
    return index;
  }

  /** The field within the fault, or null. */
  public String field() {
    return fault.field();
  }

  public String problem() {
    return fault.problem();
  }
}
