package dev.tdsim.scenario;

/**
 * Bad input found after parsing (an unwritable output path, a bad file): the CLI prints the
 * message as one line and exits with code 2, without a stack trace.
 */
public final class InputException extends RuntimeException {
  private static final long serialVersionUID = 1L;

  public InputException(String message) {
    super(message);
  }

  public InputException(String message, Throwable cause) {
    super(message, cause);
  }
}
