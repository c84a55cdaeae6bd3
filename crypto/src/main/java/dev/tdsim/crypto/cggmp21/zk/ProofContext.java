package dev.tdsim.crypto.cggmp21.zk;

/**
 * What every proof's Fiat-Shamir challenge binds besides the statement: the session id (the
 * protocol instance: key generation or one presigning) and the prover's index, so a proof cannot
 * be replayed in another session or claimed by another party (CGGMP21 hashes sid and i into
 * every challenge).
 */
public record ProofContext(byte[] sessionId, int prover) {
  public ProofContext {
    sessionId = sessionId.clone();
    if (prover < 0) {
      throw new IllegalArgumentException("prover index must be >= 0, got " + prover);
    }
  }

  @Override
  public byte[] sessionId() {
    return sessionId.clone();
  }
}
