package dev.tdsim.cli;

/**
 * Bad input found after parsing (an unwritable output path, a bad file): the CLI prints the
 * message as one line and exits with {@link Main#EXIT_USAGE}, without a stack trace.
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
