package dev.tdsim.crypto.sig;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.tdsim.crypto.curve.BlsSignatures;
import dev.tdsim.crypto.random.SeededDrbg;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.HexFormat;
import java.util.List;
import org.junit.jupiter.api.Test;

class BlsSchemeTest extends VoteSignatureSchemeContract {
  private static final BlsScheme ETHEREUM = new BlsScheme(BlsScheme.ETHEREUM_DST);

  @Override
  VoteSignatureScheme scheme() {
    return VoteSignatureSchemes.byName("bls");
  }

  @Test
  void ethereumSignVectorsUnderTheirTag() {
    List<byte[][]> vectors = Vectors.read("eth-bls-sign.txt");
    assertEquals(9, vectors.size());
    for (byte[][] v : vectors) {
      byte[] sk = v[0];
      byte[] msg = v[1];
      byte[] sig = v[2];
      assertArrayEquals(sig, ETHEREUM.sign(sk, msg));
      byte[] pk = BlsSignatures.publicKey(sk);
      assertTrue(ETHEREUM.verify(pk, msg, sig));
      // CometBFT's basic-scheme tag hashes to another point: same key, another signature.
      assertFalse(scheme().verify(pk, msg, sig));
      assertNotEquals(HexFormat.of().formatHex(sig),
          HexFormat.of().formatHex(scheme().sign(sk, msg)));
    }
  }

  @Test
  void ethereumPublicKeysCompressedAndUncompressed() {
    for (byte[][] v : Vectors.read("eth-bls-pubkeys.txt")) {
      byte[] uncompressed = BlsSignatures.publicKey(v[0]);
      assertEquals(96, uncompressed.length);
      byte[] msg = "vote".getBytes(StandardCharsets.US_ASCII);
      byte[] sig = scheme().sign(v[0], msg);
      assertTrue(scheme().verify(uncompressed, msg, sig));
      assertTrue(scheme().verify(v[1], msg, sig), "the published 48-byte key verifies too");
    }
  }

  @Test
  void theIdentityPublicKeyAndSignatureAreRejected() {
    byte[] infinityG1 = new byte[48];
    infinityG1[0] = (byte) 0xc0;
    byte[] infinityG2 = new byte[96];
    infinityG2[0] = (byte) 0xc0;
    byte[] msg = new byte[32];
    assertFalse(scheme().verify(infinityG1, msg, infinityG2));
    byte[] pk = scheme().keyPair(SeededDrbg.of(1, "t", 0)).publicKey();
    assertFalse(scheme().verify(pk, msg, infinityG2));
  }

  @Test
  void secretKeysOutsideTheGroupOrderAreRefused() {
    byte[] zero = new byte[32];
    byte[] tooLarge = VoteSignatureSchemeContract.filled(32, 0xff);
    assertThrows(IllegalArgumentException.class, () -> scheme().sign(zero, new byte[1]));
    assertThrows(IllegalArgumentException.class, () -> scheme().sign(tooLarge, new byte[1]));
  }

  @Test
  void aggregateOfOneMessageVerifiesAgainstExactlyItsSigners() {
    AggregateSignatureScheme bls = (AggregateSignatureScheme) scheme();
    byte[] msg = "precommit h=9".getBytes(StandardCharsets.US_ASCII);
    List<byte[]> pks = new ArrayList<>();
    List<byte[]> sigs = new ArrayList<>();
    for (int i = 0; i < 5; i++) {
      VoteKeyPair k = bls.keyPair(SeededDrbg.of(3, "agg", i));
      pks.add(k.publicKey());
      sigs.add(bls.sign(k.secretKey(), msg));
    }
    byte[] agg = bls.aggregate(sigs);
    assertEquals(96, agg.length);
    assertTrue(bls.verifyAggregate(pks, msg, agg));
    assertFalse(bls.verifyAggregate(pks.subList(0, 4), msg, agg), "a missing signer");
    assertFalse(bls.verifyAggregate(pks, "precommit h=8".getBytes(StandardCharsets.US_ASCII),
        agg));
    assertFalse(bls.verifyAggregate(pks, msg, bls.aggregate(sigs.subList(0, 4))));
    assertFalse(bls.verifyAggregate(List.of(), msg, agg));
    assertFalse(bls.verifyAggregate(pks, msg, new byte[96]));
    assertFalse(bls.verifyAggregate(List.of(new byte[3]), msg, agg));
    assertThrows(IllegalArgumentException.class, () -> bls.aggregate(List.of()));
    assertThrows(IllegalArgumentException.class,
        () -> bls.aggregate(List.of(sigs.get(0), Arrays.copyOf(sigs.get(1), 95))));
  }

  @Test
  void sizesAreCometBftsBls12381() {
    assertEquals(96, scheme().signatureBytes());
    assertEquals(96, scheme().publicKeyBytes());
  }
}
