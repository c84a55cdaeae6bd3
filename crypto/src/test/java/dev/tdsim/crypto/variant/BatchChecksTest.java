package dev.tdsim.crypto.variant;

import static dev.tdsim.crypto.variant.Fixture.KEYS;
import static dev.tdsim.crypto.variant.Fixture.WORKERS;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.tdsim.crypto.CryptoException;
import dev.tdsim.crypto.curve.G1Point;
import dev.tdsim.crypto.curve.G2Point;
import dev.tdsim.crypto.curve.GtElement;
import dev.tdsim.crypto.field.Fr;
import dev.tdsim.crypto.random.SeededDrbg;
import dev.tdsim.crypto.random.StrongRandom;
import dev.tdsim.crypto.tpke.Ciphertext;
import dev.tdsim.crypto.tpke.KeyCollision;
import dev.tdsim.crypto.tpke.SecretGroup;
import dev.tdsim.crypto.tpke.SignerSet;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;

/**
 * The batched checks find exactly the wrong items, and a batch whose weights are broken fails
 * loudly instead of falling back to per-item checks for every block.
 */
class BatchChecksTest {
  /** True secrets of honest ciphertexts, combined from honest shares. */
  private static List<byte[]> honestSecrets(String variantName, List<Ciphertext> cts) {
    CombineVariant<?> v = Variants.byName(variantName);
    return secrets(v, cts);
  }

  private static <S> List<byte[]> secrets(CombineVariant<S> v, List<Ciphertext> cts) {
    SignerSet all = Fixture.all();
    Map<Integer, List<byte[]>> shares = Fixture.shares(v, all, cts);
    CombineVariant.Combiner<S> c = v.prepare(KEYS, all, WORKERS);
    List<byte[]> out = new ArrayList<>();
    for (int j = 0; j < cts.size(); j++) {
      List<S> row = new ArrayList<>();
      for (int validator : all.validators()) {
        row.add(v.decodeShare(shares.get(validator).get(j)));
      }
      out.add(c.combine(cts.get(j), row));
    }
    return out;
  }

  private static List<Integer> range(int n) {
    List<Integer> out = new ArrayList<>();
    for (int i = 0; i < n; i++) {
      out.add(i);
    }
    return out;
  }

  @ParameterizedTest
  @EnumSource(SecretGroup.class)
  void theCombinedCheckFindsExactlyTheWrongSecrets(SecretGroup group) {
    String name = group == SecretGroup.G1 ? "folded" : "precomputed";
    StrongRandom random = SeededDrbg.of(201, "test", 0);
    List<Ciphertext> cts = Fixture.encrypt(Variants.byName(name), 9, random);
    List<byte[]> secrets = honestSecrets(name, cts);
    CombinedCheck<?> check = CombinedCheck.of(group, KEYS, WORKERS);
    assertEquals(List.of(), check.failing(cts, range(9), secrets, random));

    List<byte[]> wrong = new ArrayList<>(secrets);
    wrong.set(2, shifted(group, secrets.get(2)));
    wrong.set(7, shifted(group, secrets.get(7)));
    byte[] garbage = secrets.get(4).clone();
    garbage[garbage.length - 1] ^= 1;
    wrong.set(4, garbage);
    wrong.set(5, secrets.get(6)); // a true secret, of another message
    assertEquals(List.of(2, 4, 5, 7), check.failing(cts, range(9), wrong, random));
    // One wrong secret among many (the sparse path of the search), at either end.
    for (int bad : new int[] {0, 8}) {
      List<byte[]> one = new ArrayList<>(secrets);
      one.set(bad, shifted(group, secrets.get(bad)));
      assertEquals(List.of(bad), check.failing(cts, range(9), one, random));
    }
    // A block of one message: a wrong secret is found alone, a right one passes.
    assertEquals(List.of(3), check.failing(cts, List.of(3), List.of(wrong.get(2)), random));
    assertEquals(List.of(), check.failing(cts, List.of(3), List.of(secrets.get(3)), random));
    // Indices are the caller's: a subset of the block, secrets aligned with it.
    assertEquals(List.of(7), check.failing(cts, List.of(6, 7, 8),
        List.of(secrets.get(6), wrong.get(7), secrets.get(8)), random));
  }

  private static byte[] shifted(SecretGroup group, byte[] secret) {
    return group == SecretGroup.G1
        ? G1Point.fromBytes(secret).add(KeyCollision.g1Shift()).toCompressed()
        : GtElement.fromBytes(secret).multiply(KeyCollision.gtShift()).toBytes();
  }

  @ParameterizedTest
  @EnumSource(SecretGroup.class)
  void invalidCiphertextsAreFoundAtEitherEndAndAlone(SecretGroup group) {
    StrongRandom random = SeededDrbg.of(209, "test", 0);
    String name = group == SecretGroup.G1 ? "folded" : "simple";
    List<Ciphertext> cts = new ArrayList<>(Fixture.encrypt(Variants.byName(name), 4, random));
    assertEquals(List.of(), Validity.invalid(cts, group, random, WORKERS));
    assertEquals(List.of(), Validity.invalid(List.of(), group, random, WORKERS));
    Ciphertext first = cts.get(0);
    Ciphertext last = cts.get(3);
    // Swapped tags: each W is well-formed and binds the other ciphertext.
    cts.set(0, new Ciphertext(first.group(), first.u(), first.payload(), last.w()));
    cts.set(3, new Ciphertext(last.group(), last.u(), last.payload(), first.w()));
    assertEquals(List.of(0, 3), Validity.invalid(cts, group, random, WORKERS));
    assertEquals(List.of(0), Validity.invalid(cts.subList(0, 1), group, random, WORKERS));
    // Every ciphertext of the other group is invalid for this one, the bad tags too.
    SecretGroup other = group == SecretGroup.G1 ? SecretGroup.GT : SecretGroup.G1;
    assertEquals(List.of(0, 1, 2, 3), Validity.invalid(cts, other, random, WORKERS));
  }

  @Test
  void aG1SecretWithATorsionComponentFailsThoughThePairingCannotSeeIt() {
    StrongRandom random = SeededDrbg.of(203, "test", 0);
    List<Ciphertext> cts = Fixture.encrypt(Variants.byName("folded"), 3, random);
    List<byte[]> secrets = new ArrayList<>(honestSecrets("folded", cts));
    secrets.set(1, G1Point.fromBytes(secrets.get(1)).add(Fixture.torsion()).toCompressed());
    CombinedCheck<?> check = CombinedCheck.of(SecretGroup.G1, KEYS, WORKERS);
    assertEquals(List.of(1), check.failing(cts, range(3), secrets, random));
  }

  @Test
  void aBatchThatFailsWhileBothHalvesPassIsABug() {
    // A family whose batch equation fails for every batch (broken weights) but holds for single
    // items: the search must raise, not report nothing wrong, for sparse and dense paths alike.
    CombinedCheck.Family<GtElement> broken = new CombinedCheck.Family<>() {
      @Override
      public GtElement decode(byte[] secret) {
        return GtElement.fromBytes(secret);
      }

      @Override
      public boolean holds(List<GtElement> s, long[] rho, G1Point weightedU, G2Point y2) {
        return false;
      }

      @Override
      public boolean holdsAlone(GtElement s, G1Point u, G2Point y2) {
        return true;
      }
    };
    StrongRandom random = SeededDrbg.of(205, "test", 0);
    List<Ciphertext> cts = Fixture.encrypt(Variants.byName("precomputed"), 6, random);
    List<byte[]> secrets = honestSecrets("precomputed", cts);
    CombinedCheck<GtElement> check = new CombinedCheck<>(broken, KEYS, WORKERS);
    for (int m : new int[] {2, 6}) {
      CryptoException e = assertThrows(CryptoException.class,
          () -> check.failing(cts.subList(0, m), range(m), secrets.subList(0, m), random));
      assertTrue(e.getMessage().contains("inconsistent"), e.getMessage());
    }
  }

  @Test
  void fastVerificationWithBrokenBatchWeightsRaisesInsteadOfFallingBack() {
    CombineVariant<?> v = Variants.byName("fast");
    StrongRandom random = SeededDrbg.of(207, "test", 0);
    List<Ciphertext> cts = Fixture.encrypt(v, 3, random);
    SignerSet all = Fixture.all();
    Map<Integer, List<byte[]>> shares = Fixture.shares(v, all, cts);
    FastVariant.FastCombiner c = (FastVariant.FastCombiner) v.prepare(KEYS, all, WORKERS);
    List<List<G1Point>> rows = new ArrayList<>();
    for (int j = 0; j < cts.size(); j++) {
      List<G1Point> row = new ArrayList<>();
      for (int validator : all.validators()) {
        row.add(G1Point.fromBytes(shares.get(validator).get(j)));
      }
      rows.add(row);
    }
    long[][] weights = Shares.weights(all.size(), cts.size(), random);
    List<Fr> uWeights = new ArrayList<>();
    for (int j = 0; j < cts.size(); j++) {
      Fr sum = Fr.zero();
      for (long[] w : weights) {
        sum = sum.add(Shares.unsigned(w[j]));
      }
      uWeights.add(sum);
    }
    assertEquals(List.of(), c.verify(cts, rows, weights, uWeights));

    List<Fr> broken = new ArrayList<>(uWeights);
    broken.set(1, broken.get(1).add(Fr.one()));
    CryptoException e = assertThrows(CryptoException.class,
        () -> c.verify(cts, rows, weights, broken));
    assertTrue(e.getMessage().contains("inconsistent"), e.getMessage());

    // With a really wrong share, the per-validator checks name it (no exception).
    List<List<G1Point>> bad = new ArrayList<>();
    for (List<G1Point> row : rows) {
      List<G1Point> copy = new ArrayList<>(row);
      copy.set(6, copy.get(6).add(G1Point.generator()));
      bad.add(copy);
    }
    assertEquals(List.of(6), c.verify(cts, bad, weights, uWeights));
    assertEquals(List.of(6), c.verify(cts, bad, random));
  }
}
