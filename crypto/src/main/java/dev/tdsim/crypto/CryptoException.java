package dev.tdsim.crypto;

/**
 * The one unchecked exception of the crypto module: a malformed encoding, a native failure or a
 * misuse, with the operation named in the message so that a user can act on it.
 */
public final class CryptoException extends RuntimeException {
  private static final long serialVersionUID = 1L;

  public CryptoException(String operation, String problem) {
    super(operation + ": " + problem);
  }

  public CryptoException(String operation, String problem, Throwable cause) {
    super(operation + ": " + problem, cause);
  }
}
