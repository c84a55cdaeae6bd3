package dev.tdsim.sweep;

import java.util.List;

/**
 * A bad sweep definition (an unknown path, a bad value at some point, unequal zip lengths, a bad
 * {@code sweep:} entry): found before anything runs. The message is one line naming the path and,
 * where it applies, the point; when several points are bad, {@link #errors()} has one such line
 * per distinct problem and the message is the first.
 */
public final class SweepException extends RuntimeException {
  private static final long serialVersionUID = 1L;

  private final List<String> errors;

  public SweepException(String message) {
    super(message);
    this.errors = List.of(message);
  }

  public SweepException(String message, Throwable cause) {
    super(message, cause);
    this.errors = List.of(message);
  }

  /** Several errors (at least one), in the order to report them. */
  public SweepException(List<String> errors) {
    super(errors.get(0));
    this.errors = List.copyOf(errors);
  }

  /** Every error, one line each; the first is the message. */
  public List<String> errors() {
    return errors;
  }
}
