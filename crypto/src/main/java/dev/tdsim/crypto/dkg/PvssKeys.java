package dev.tdsim.crypto.dkg;

import dev.tdsim.crypto.curve.G2Point;
import dev.tdsim.crypto.field.Fr;
import dev.tdsim.crypto.random.StrongRandom;

/**
 * A validator's PVSS session key pair (Ferveo's "session keypair"): the decryption key dk (secret,
 * nonzero) and the encryption key ek = [dk]H in G2 it publishes before the DKG. tdsim also uses dk
 * as the validator's TPKE blinding scalar b, so that ek is its blinding key P = [b]H and the
 * aggregate's encrypted shares, times -1/omega^k, are exactly the blinded key shares B_k the fast
 * variant combines with (as in Ferveo).
 */
public record PvssKeys(int validator, Fr decryptionKey, G2Point encryptionKey) {
  public static PvssKeys generate(int validator, StrongRandom random) {
    Fr dk;
    do {
      dk = Fr.random(random);
    } while (dk.isZero());
    return new PvssKeys(validator, dk, G2Point.generator().multiply(dk));
  }

  @Override
  public String toString() {
    return "PvssKeys[validator=" + validator + ", ek=" + encryptionKey + "]";
  }
}
