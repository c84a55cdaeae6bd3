package dev.tdsim.sweep.engine;

/** An engine that is missing, or options it refuses: bad input, one line (exit 2). */
public final class EngineException extends RuntimeException {
  private static final long serialVersionUID = 1L;

  public EngineException(String message) {
    super(message);
  }

  public EngineException(String message, Throwable cause) {
    super(message, cause);
  }
}
