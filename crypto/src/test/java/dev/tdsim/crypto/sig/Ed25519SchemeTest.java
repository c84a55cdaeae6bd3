package dev.tdsim.crypto.sig;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import org.junit.jupiter.api.Test;

class Ed25519SchemeTest extends VoteSignatureSchemeContract {
  @Override
  VoteSignatureScheme scheme() {
    return VoteSignatureSchemes.byName("ed25519");
  }

  @Test
  void rfc8032TestVectorsOneToThree() {
    List<byte[][]> vectors = Vectors.read("rfc8032-ed25519.txt");
    assertEquals(3, vectors.size());
    for (byte[][] v : vectors) {
      byte[] seed = v[0];
      byte[] pk = v[1];
      byte[] msg = v[2];
      byte[] sig = v[3];
      assertArrayEquals(sig, scheme().sign(seed, msg), "RFC 8032 signature");
      assertTrue(scheme().verify(pk, msg, sig));
      byte[] other = msg.length == 0 ? new byte[] {0} : new byte[0];
      assertFalse(scheme().verify(pk, other, sig));
    }
  }

  @Test
  void sizesAreCometBftsEd25519() {
    assertEquals(64, scheme().signatureBytes());
    assertEquals(32, scheme().publicKeyBytes());
  }
}
