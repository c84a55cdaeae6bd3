package dev.tdsim.crypto.tpke;

/**
 * Where a ciphertext's shared secret lives, which decides the combine variants that can open it.
 *
 * <ul>
 *   <li>{@code GT}: s = e([r]Y, H), the Baek-Zheng / Ferveo secret (variants simple, batch, fast,
 *       precomputed).
 *   <li>{@code G1}: s = [r]Y, hashed ElGamal in G1 (variant folded): combining is a sum of G1
 *       points, no pairing on the decryption path.
 * </ul>
 */
public enum SecretGroup {
  GT((byte) 1),
  G1((byte) 2);

  final byte tag;

  SecretGroup(byte tag) {
    this.tag = tag;
  }

  static SecretGroup fromTag(byte tag) {
    for (SecretGroup g : values()) {
      if (g.tag == tag) {
        return g;
      }
    }
    return null;
  }
}
