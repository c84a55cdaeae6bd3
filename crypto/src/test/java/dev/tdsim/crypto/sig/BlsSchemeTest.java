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
  void aValidatedKeySetGivesTheSameAnswersAsTheKeysThemselves() {
    AggregateSignatureScheme bls = (AggregateSignatureScheme) scheme();
    byte[] msg = "vote r=4".getBytes(StandardCharsets.US_ASCII);
    List<byte[]> pks = new ArrayList<>();
    List<byte[]> sigs = new ArrayList<>();
    for (int i = 0; i < 6; i++) {
      VoteKeyPair k = bls.keyPair(SeededDrbg.of(5, "keyset", i));
      pks.add(k.publicKey());
      sigs.add(bls.sign(k.secretKey(), msg));
    }
    AggregateSignatureScheme.KeySet keys = bls.keySet(pks);
    assertEquals(6, keys.size());
    // Every subset of signers, against the aggregate of every subset: the answers agree.
    for (int signed = 1; signed < 64; signed++) {
      byte[] agg = bls.aggregate(subset(sigs, signed));
      for (int claimed = 1; claimed < 64; claimed += 5) {
        List<Integer> who = indices(claimed);
        assertEquals(bls.verifyAggregate(subset(pks, claimed), msg, agg),
            bls.verifyAggregate(keys, who, msg, agg), signed + " signed, " + who + " claimed");
        assertEquals(signed == claimed, bls.verifyAggregate(keys, who, msg, agg));
      }
    }
    byte[] all = bls.aggregate(sigs);
    assertFalse(bls.verifyAggregate(keys, List.of(), msg, all));
    assertFalse(bls.verifyAggregate(keys, List.of(0, 1, 2, 3, 4, 6), msg, all), "out of range");
    assertFalse(bls.verifyAggregate(keys, List.of(-1, 1, 2, 3, 4, 5), msg, all), "negative");
    assertFalse(bls.verifyAggregate(keys, indices(63), msg, new byte[96]));
    assertFalse(bls.verifyAggregate(() -> 6, indices(63), msg, all), "another scheme's key set");
    List<byte[]> bad = new ArrayList<>(pks);
    bad.set(3, new byte[96]);
    IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
        () -> bls.keySet(bad));
    assertTrue(e.getMessage().contains("public key 3"), e.getMessage());
  }

  private static <T> List<T> subset(List<T> all, int mask) {
    List<T> out = new ArrayList<>();
    for (int i = 0; i < all.size(); i++) {
      if ((mask & (1 << i)) != 0) {
        out.add(all.get(i));
      }
    }
    return out;
  }

  private static List<Integer> indices(int mask) {
    List<Integer> out = new ArrayList<>();
    for (int i = 0; i < 6; i++) {
      if ((mask & (1 << i)) != 0) {
        out.add(i);
      }
    }
    return out;
  }

  @Test
  void sizesAreCometBftsBls12381() {
    assertEquals(96, scheme().signatureBytes());
    assertEquals(96, scheme().publicKeyBytes());
  }
}
