package dev.tdsim.faults;

/**
 * A fault description that cannot be right: a value out of range or two fields that contradict
 * each other. {@link #field()} is the key within one fault ({@code probability}, {@code
 * groups[1]}), or null for the fault as a whole; the scenario layer turns it into a located
 * {@code FILE:LINE: faults[i].FIELD: problem} error.
 */
public final class FaultException extends RuntimeException {
  private static final long serialVersionUID = 1L;

  private final String field;
  private final String problem;

  public FaultException(String field, String problem) {
    super(field == null ? problem : field + ": " + problem);
    this.field = field;
    this.problem = problem;
  }

  /** The key inside the fault the problem is about, or null. */
  public String field() {
    return field;
  }

  /** What is wrong, and how to fix it. */
  public String problem() {
    return problem;
  }
}
