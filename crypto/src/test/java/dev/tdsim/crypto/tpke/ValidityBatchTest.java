package dev.tdsim.crypto.tpke;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.tdsim.crypto.Workers;
import dev.tdsim.crypto.curve.G1Point;
import dev.tdsim.crypto.curve.G2Point;
import dev.tdsim.crypto.field.Fr;
import dev.tdsim.crypto.random.SeededDrbg;
import dev.tdsim.crypto.random.StrongRandom;
import java.util.ArrayList;
import java.util.List;
import java.util.TreeSet;
import java.util.function.UnaryOperator;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.constraints.IntRange;
import net.jqwik.api.lifecycle.BeforeContainer;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/**
 * The batched validity check of many ciphertexts ({@link ValidityBatch}): an honest block passes;
 * one, two or many bad ciphertexts of every kind, at any position, are named exactly (by the
 * bisection search), also when their errors would cancel in an unweighted sum; on one worker
 * and split over two.
 */
class ValidityBatchTest {
  private static final int BLOCK = 40;
  private static KeySet keys;
  private static List<Ciphertext> honest;
  private static Workers two;

  @BeforeAll
  @BeforeContainer
  static void setUp() {
    if (keys != null) {
      return;
    }
    keys = KeySet.deal(Committee.equal(16, 10, 4), SeededDrbg.of(30, "test.batch-validity", 0),
        Workers.of(1));
    StrongRandom enc = SeededDrbg.of(31, "test.batch-validity", 0);
    honest = new ArrayList<>();
    for (int i = 0; i < BLOCK; i++) {
      honest.add(Tpke.encrypt(keys.publicKey(), ("message " + i).getBytes(),
          i % 3 == 0 ? SecretGroup.G1 : SecretGroup.GT, enc));
    }
    two = Workers.of(2);
  }

  /** The kinds of bad ciphertext: each keeps the encoding valid and breaks the equation. */
  enum Fault {
    BAD_W(ct -> new Ciphertext(ct.group(), ct.u(), ct.payload(), ct.w().add(G2Point.generator()))),
    PAYLOAD_ALTERED(ct -> {
      byte[] p = ct.payload();
      p[p.length / 2] ^= 0x20;
      return new Ciphertext(ct.group(), ct.u(), p, ct.w());
    }),
    U_ALTERED(ct -> new Ciphertext(ct.group(), ct.u().add(G1Point.generator()), ct.payload(),
        ct.w())),
    /** Relabelled to the other secret group: the hash input's group tag changes. */
    OTHER_GROUP(ct -> new Ciphertext(ct.group() == SecretGroup.GT ? SecretGroup.G1 : SecretGroup.GT,
        ct.u(), ct.payload(), ct.w())),
    /** Another ciphertext's tag. */
    FOREIGN_W(ct -> new Ciphertext(ct.group(), ct.u(), ct.payload(), honest.get(0).w()));

    final UnaryOperator<Ciphertext> apply;

    Fault(UnaryOperator<Ciphertext> apply) {
      this.apply = apply;
    }
  }

  private static List<Ciphertext> withBad(TreeSet<Integer> bad, Fault fault) {
    List<Ciphertext> cts = new ArrayList<>(honest);
    for (int j : bad) {
      Fault f = fault == Fault.FOREIGN_W && j == 0 ? Fault.BAD_W : fault;
      cts.set(j, f.apply.apply(cts.get(j)));
    }
    return cts;
  }

  private static StrongRandom weights(int i) {
    return SeededDrbg.of(32, "test.batch-validity.weights", i);
  }

  @Test
  void anHonestBlockPassesOnOneAndTwoWorkers() {
    assertTrue(ValidityBatch.allValid(honest, weights(0), Workers.of(1)));
    assertTrue(ValidityBatch.allValid(honest, weights(1), two));
    assertEquals(List.of(), ValidityBatch.invalid(honest, weights(2), two));
    assertEquals(List.of(), ValidityBatch.invalid(List.of(), weights(3), two));
    assertTrue(Tpke.areAllValid(honest.subList(0, 1), weights(4)));
  }

  @Test
  void everyKindOfBadCiphertextIsNamedAloneInPairsAndMany() {
    int run = 10;
    for (Fault fault : Fault.values()) {
      for (TreeSet<Integer> bad : List.of(new TreeSet<>(List.of(17)),
          new TreeSet<>(List.of(0, BLOCK - 1)), new TreeSet<>(List.of(2, 3, 5, 11, 19, 20, 31)))) {
        List<Ciphertext> cts = withBad(bad, fault);
        assertFalse(ValidityBatch.allValid(cts, weights(run++), two), fault + " " + bad);
        assertEquals(List.copyOf(bad), ValidityBatch.invalid(cts, weights(run++), two),
            fault + " " + bad);
        assertEquals(List.copyOf(bad), ValidityBatch.invalid(cts, weights(run++), Workers.of(1)),
            fault + " " + bad + ", one worker");
      }
    }
  }

  @Test
  void aBlockOfOnlyBadCiphertextsIsNamedWhole() {
    TreeSet<Integer> all = new TreeSet<>();
    for (int j = 0; j < BLOCK; j++) {
      all.add(j);
    }
    assertEquals(List.copyOf(all), ValidityBatch.invalid(withBad(all, Fault.BAD_W), weights(7), two));
  }

  @Property(tries = 12)
  void oneBadCiphertextIsNamedAtAnyPosition(@ForAll @IntRange(min = 0, max = BLOCK - 1) int at,
      @ForAll @IntRange(min = 0, max = 4) int kind) {
    setUp();
    TreeSet<Integer> bad = new TreeSet<>(List.of(at));
    List<Ciphertext> cts = withBad(bad, Fault.values()[kind]);
    assertEquals(List.of(at), ValidityBatch.invalid(cts, weights(100 + at), two));
  }

  @Property(tries = 8)
  void twoBadCiphertextsAreNamedAtAnyPositions(
      @ForAll @IntRange(min = 0, max = BLOCK - 1) int a,
      @ForAll @IntRange(min = 0, max = BLOCK - 1) int b) {
    setUp();
    TreeSet<Integer> bad = new TreeSet<>(List.of(a, b));
    assertEquals(List.copyOf(bad),
        ValidityBatch.invalid(withBad(bad, Fault.PAYLOAD_ALTERED), weights(200 + a * BLOCK + b), two));
  }

  /** W_a + D and W_b - D: the W sum, so the unweighted check, is unchanged. */
  @Test
  void twoBadTagsThatCancelUnweightedAreNamed() {
    for (int[] ab : new int[][] {{4, 6}, {0, BLOCK - 1}, {20, 21}}) {
      List<Ciphertext> cts = new ArrayList<>(honest);
      G2Point d = G2Point.generator().multiply(Fr.of(123_456_789L + ab[0]));
      Ciphertext a = cts.get(ab[0]);
      Ciphertext b = cts.get(ab[1]);
      cts.set(ab[0], new Ciphertext(a.group(), a.u(), a.payload(), a.w().add(d)));
      cts.set(ab[1], new Ciphertext(b.group(), b.u(), b.payload(), b.w().add(d.negate())));
      G2Point sumBefore = G2Point.identity();
      G2Point sumAfter = G2Point.identity();
      for (int j = 0; j < BLOCK; j++) {
        sumBefore = sumBefore.add(honest.get(j).w());
        sumAfter = sumAfter.add(cts.get(j).w());
      }
      assertEquals(sumBefore, sumAfter);
      assertFalse(ValidityBatch.allValid(cts, weights(300 + ab[0]), two));
      assertEquals(List.of(ab[0], ab[1]), ValidityBatch.invalid(cts, weights(400 + ab[0]), two));
    }
    // Swapped tags: the sum is unchanged too.
    List<Ciphertext> cts = new ArrayList<>(honest);
    Ciphertext a = cts.get(8);
    Ciphertext b = cts.get(9);
    cts.set(8, new Ciphertext(a.group(), a.u(), a.payload(), b.w()));
    cts.set(9, new Ciphertext(b.group(), b.u(), b.payload(), a.w()));
    assertEquals(List.of(8, 9), ValidityBatch.invalid(cts, weights(500), two));
  }

  @Test
  void theSingleCheckAgreesWithTheBatch() {
    for (Fault fault : Fault.values()) {
      Ciphertext bad = fault.apply.apply(honest.get(5));
      assertFalse(Tpke.isValid(bad), fault.name());
      assertFalse(Tpke.areAllValid(List.of(bad), weights(600 + fault.ordinal())), fault.name());
    }
    assertTrue(Tpke.isValid(honest.get(5)));
  }
}
