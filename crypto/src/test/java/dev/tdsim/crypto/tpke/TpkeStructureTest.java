package dev.tdsim.crypto.tpke;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.tdsim.crypto.CryptoException;
import dev.tdsim.crypto.Workers;
import dev.tdsim.crypto.curve.G2Point;
import dev.tdsim.crypto.random.SeededDrbg;
import java.util.List;
import org.junit.jupiter.api.Test;

/** The boundaries of committees, signer sets, key sets and the ciphertext encoding. */
class TpkeStructureTest {

  @Test
  void theSmallestSetWithAValidatorTakesTheLowestOthersUpToTheThreshold() {
    Committee c = Committee.equal(8, 5, 4); // 2 points each: any 3 validators reach 5
    assertEquals(List.of(0, 1, 3), SignerSet.smallestWith(c, 3).validators());
    assertEquals(List.of(0, 1, 2), SignerSet.smallestWith(c, 0).validators());
    assertEquals(List.of(0, 1), SignerSet.smallestWith(Committee.equal(8, 3, 4), 1).validators());
  }

  @Test
  void committeeBoundaries() {
    assertEquals(2, new Committee(2, 2, new int[] {0, 2}).shares());
    assertEquals(1, new Committee(2, 1, new int[] {0, 1, 2}).threshold());
    assertThrows(CryptoException.class, () -> new Committee(1, 1, new int[] {0, 1}));
    assertThrows(CryptoException.class, () -> new Committee(6, 2, new int[] {0, 6}));
    assertThrows(CryptoException.class, () -> new Committee(8, 0, new int[] {0, 8}));
    assertEquals(8, new Committee(8, 8, new int[] {0, 8}).threshold());
    assertThrows(CryptoException.class, () -> new Committee(8, 9, new int[] {0, 8}));
    assertThrows(CryptoException.class, () -> new Committee(8, 4, new int[] {0}));
    assertThrows(CryptoException.class, () -> new Committee(8, 4, new int[] {1, 8}));
    assertThrows(CryptoException.class, () -> new Committee(8, 4, new int[] {0, 7}));
    CryptoException empty = assertThrows(CryptoException.class,
        () -> new Committee(8, 4, new int[] {0, 4, 4, 8}));
    assertTrue(empty.getMessage().contains("validator 1 owns no share"), empty.getMessage());
    assertThrows(CryptoException.class, () -> new Committee(8, 4, new int[] {0, 5, 4, 8}));

    // One point each, the most validators a committee can have.
    Committee full = Committee.equal(8, 5, 8);
    assertEquals(8, full.validators());
    for (int v = 0; v < 8; v++) {
      assertEquals(1, full.pointsOf(v));
      assertEquals(v, full.firstPointOf(v));
    }
    assertEquals(1, Committee.equal(8, 5, 1).validators());
    assertThrows(CryptoException.class, () -> Committee.equal(8, 5, 0));
    assertThrows(CryptoException.class, () -> Committee.equal(8, 5, 9));
    assertThrows(CryptoException.class, () -> Committee.byStake(8, 5, new long[0]));
    assertThrows(CryptoException.class, () -> Committee.byStake(2, 1, new long[] {1, 1, 1}));
    assertThrows(CryptoException.class, () -> Committee.byStake(8, 5, new long[] {3, -1}));
  }

  @Test
  void stakeSplitIsLargestRemainderWithTiesToTheLowerIndex() {
    // 8 points, 2 reserved; 6 split 1:3 = 1.5 and 4.5; the tie goes to validator 0.
    assertArrayEquals(new int[] {0, 3, 8}, Committee.byStake(8, 5, new long[] {1, 3}).firstPoint());
    // 16 points, 3 reserved; 13 split 1:1:2 = 3.25, 3.25, 6.5: the extra point goes to 2.
    assertArrayEquals(new int[] {0, 4, 8, 16},
        Committee.byStake(16, 10, new long[] {1, 1, 2}).firstPoint());
    // Equal split of 10... N=16 over 3: 6, 5, 5.
    assertArrayEquals(new int[] {0, 6, 11, 16}, Committee.equal(16, 10, 3).firstPoint());
    Committee c = Committee.equal(16, 10, 3);
    assertArrayEquals(new int[] {0, 1, 2, 3, 4, 5, 11, 12, 13, 14, 15},
        c.pointsOf(List.of(2, 0)));
    int[] copy = c.firstPoint();
    copy[1] = 99;
    assertEquals(6, c.firstPointOf(1), "firstPoint() hands out a copy");
  }

  @Test
  void committeeEqualityIsByValue() {
    Committee a = Committee.equal(16, 10, 3);
    Committee b = Committee.byStake(16, 10, new long[] {7, 7, 7});
    assertEquals(a, b);
    assertEquals(a.hashCode(), b.hashCode());
    assertNotEquals(a, Committee.equal(16, 11, 3));
    assertNotEquals(a, Committee.equal(32, 10, 3));
    assertNotEquals(a, Committee.equal(16, 10, 4));
    assertNotEquals(a.hashCode(), Committee.equal(16, 11, 3).hashCode());
    assertNotEquals(a, "committee");
    assertTrue(a.toString().contains("validators=3"), a.toString());
  }

  @Test
  void signerSetsAtTheThreshold() {
    Committee c = Committee.equal(16, 10, 4); // 4 points each
    SignerSet three = SignerSet.of(c, List.of(3, 0, 1)); // 12 points
    assertEquals(List.of(0, 1, 3), three.validators());
    assertEquals(12, three.pointCount());
    assertTrue(three.contains(0) && three.contains(3));
    assertFalse(three.contains(2) || three.contains(-1) || three.contains(4));
    Committee exact = Committee.equal(16, 12, 4);
    assertEquals(12, SignerSet.of(exact, List.of(0, 1, 2)).pointCount(), "exactly t points");
    assertThrows(CryptoException.class, () -> SignerSet.of(Committee.equal(16, 13, 4),
        List.of(0, 1, 2)));
    assertThrows(CryptoException.class, () -> SignerSet.of(c, List.of(0, 1, -1)));
    assertThrows(CryptoException.class, () -> SignerSet.of(c, List.of(0, 1, 4)));
    assertEquals(three, SignerSet.all(c).without(List.of(2)));
    assertEquals(three.hashCode(), SignerSet.of(c, List.of(0, 1, 3)).hashCode());
    assertNotEquals(three, SignerSet.all(c));
    assertNotEquals(three.hashCode(), SignerSet.of(c, List.of(0, 2, 3)).hashCode());
    assertNotEquals(three, SignerSet.of(Committee.equal(16, 9, 4), List.of(0, 1, 3)));
    assertTrue(three.toString().contains("3 validators, 12 points"), three.toString());
    assertThrows(CryptoException.class, () -> three.lambdasOf(2));
    assertEquals(4, three.lambdasOf(3).length);
    assertEquals(three.lambdas()[8], three.lambdasOf(3)[0]);
  }

  @Test
  void keySetPublishesTheBlindingKeysAndFindsEachPointsOwner() {
    Committee c = Committee.byStake(32, 20, new long[] {1, 5, 2, 9, 1});
    KeySet keys = KeySet.deal(c, SeededDrbg.of(30, "test.structure", 0), Workers.of(1));
    for (int v = 0; v < c.validators(); v++) {
      assertEquals(G2Point.generator().multiply(keys.validatorBlinding(v)), keys.blindingKey(v));
      for (int k = c.firstPointOf(v); k < c.firstPointOf(v) + c.pointsOf(v); k++) {
        assertEquals(v, keys.validatorOf(k), "point " + k);
      }
    }
    assertEquals(1, keys.workers().threads());
    assertEquals(c, keys.committee());
  }

  @Test
  void ciphertextEqualityAndEncodingEdges() {
    KeySet keys = KeySet.deal(Committee.equal(16, 10, 4), SeededDrbg.of(31, "test.structure", 0),
        Workers.of(1));
    var r = SeededDrbg.of(32, "test.structure", 0);
    Ciphertext a = Tpke.encrypt(keys.publicKey(), new byte[3], SecretGroup.GT, r);
    Ciphertext b = Tpke.encrypt(keys.publicKey(), new byte[3], SecretGroup.GT, r);
    assertNotEquals(a, b);
    assertNotEquals(a, new Ciphertext(SecretGroup.G1, a.u(), a.payload(), a.w()));
    assertNotEquals(a, new Ciphertext(a.group(), a.u(), a.payload(), b.w()));
    assertNotEquals(a, new Ciphertext(a.group(), a.u(), b.payload(), a.w()));
    assertNotEquals(a, "ciphertext");
    Ciphertext back = Ciphertext.fromBytes(a.toBytes());
    assertEquals(a, back);
    assertEquals(a.hashCode(), back.hashCode());
    assertEquals(2, new java.util.HashSet<>(List.of(a, b, back)).size());
    assertEquals(Ciphertext.OVERHEAD_BYTES + 3, a.encodedBytes());
    assertEquals(a.encodedBytes(), a.toBytes().length);
    assertTrue(a.toString().contains("3 B"), a.toString());
    CryptoException nul = assertThrows(CryptoException.class, () -> Ciphertext.fromBytes(null));
    assertTrue(nul.getMessage().contains("got null"), nul.getMessage());
    // The shortest encoding is an empty message: header + tag.
    byte[] shortest = Tpke.encrypt(keys.publicKey(), new byte[0], SecretGroup.G1, r).toBytes();
    assertEquals(Ciphertext.OVERHEAD_BYTES, shortest.length);
    assertEquals(0, Ciphertext.fromBytes(shortest).messageBytes());
    CryptoException cut = assertThrows(CryptoException.class,
        () -> Ciphertext.fromBytes(java.util.Arrays.copyOf(shortest, shortest.length - 1)));
    assertTrue(cut.getMessage().contains("got " + (shortest.length - 1)), cut.getMessage());
    assertThrows(CryptoException.class,
        () -> new Ciphertext(SecretGroup.GT, a.u(), new byte[15], a.w()));
    assertThrows(CryptoException.class, () -> new Ciphertext(null, a.u(), a.payload(), a.w()));
    byte[] payload = a.payload();
    payload[0] ^= 1;
    assertNotEquals(a.payload()[0], payload[0], "payload() hands out a copy");
  }
}
