package dev.tdsim.compare;

/**
 * A folder given to {@code tdsim compare} that cannot be compared: missing, not a run or sweep
 * folder, unreadable JSON, CSV or YAML. The message is one line that names the file.
 */
public final class CompareException extends RuntimeException {
  private static final long serialVersionUID = 1L;

  CompareException(String message) {
    super(message);
  }

  CompareException(String message, Throwable cause) {
    super(message, cause);
  }
}
