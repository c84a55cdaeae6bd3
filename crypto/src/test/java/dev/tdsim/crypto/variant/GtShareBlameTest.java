package dev.tdsim.crypto.variant;

import static dev.tdsim.crypto.variant.Fixture.WORKERS;
import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.tdsim.crypto.field.Fr;
import dev.tdsim.crypto.field.Lagrange;
import dev.tdsim.crypto.random.SeededDrbg;
import dev.tdsim.crypto.random.StrongRandom;
import dev.tdsim.crypto.tpke.Ciphertext;
import dev.tdsim.crypto.tpke.Committee;
import dev.tdsim.crypto.tpke.KeySet;
import dev.tdsim.crypto.tpke.SignerSet;
import dev.tdsim.crypto.tpke.Tpke;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * Blame of the GT-family variants by each validator's own check ({@link GtShare#check}): a bad
 * share's validator is named whatever the spare points, the block decrypts when t honest points
 * remain, and too few honest points is a status. A small committee (N = 16, V = 4, 4 points each,
 * t = 8) makes exactly t points two validators.
 */
class GtShareBlameTest {
  private static final KeySet SMALL =
      KeySet.deal(Committee.equal(16, 8, 4), SeededDrbg.of(41, "test", 0), WORKERS);

  private static List<Ciphertext> encrypt(KeySet keys, int count, StrongRandom random) {
    List<Ciphertext> cts = new ArrayList<>();
    for (int j = 0; j < count; j++) {
      cts.add(Tpke.encrypt(keys.publicKey(), Fixture.message(j),
          Variants.byName("simple").secretGroup(), random));
    }
    return cts;
  }

  /** Honest shares of the given validators, in the order given. */
  private static Map<Integer, List<byte[]>> shares(
      String name, KeySet keys, List<Ciphertext> cts, Integer... validators) {
    CombineVariant<?> v = Variants.byName(name);
    SignerSet all = SignerSet.all(keys.committee());
    Map<Integer, List<byte[]>> out = new LinkedHashMap<>();
    for (int validator : validators) {
      out.put(validator, Fixture.make(v.shareMaker(keys, validator, all), cts));
    }
    return out;
  }

  /**
   * Validator's shares of the given messages with their first point's element replaced by the
   * one of the next message's honest share (well-formed, wrong).
   */
  private static void spoil(Map<Integer, List<byte[]>> shares, int validator, int... messages) {
    List<byte[]> honest = List.copyOf(shares.get(validator));
    for (int j : messages) {
      byte[] share = honest.get(j).clone();
      System.arraycopy(honest.get((j + 1) % honest.size()), 0, share, 0, 576);
      shares.get(validator).set(j, share);
    }
  }

  private static void spoilAll(Map<Integer, List<byte[]>> shares, int validator) {
    spoil(shares, validator,
        java.util.stream.IntStream.range(0, shares.get(validator).size()).toArray());
  }

  private static BlockResult propose(String name, KeySet keys, List<Ciphertext> cts,
      Map<Integer, List<byte[]>> shares, StrongRandom random) {
    return BlockProposer.forVariant(name, keys, WORKERS).propose(cts, shares, null, random);
  }

  private static void allOpenedRight(BlockResult r, int count) {
    assertEquals(count, r.openedCount(), r.toString());
    for (int j = 0; j < count; j++) {
      assertArrayEquals(Fixture.message(j), r.plaintexts().get(j).orElseThrow());
    }
  }

  @ParameterizedTest
  @ValueSource(strings = {"simple", "batch"})
  void aBadShareWithOneValidatorsPointsToSpareIsNamedAndTheBlockDecrypts(String name) {
    StrongRandom random = SeededDrbg.of(301, "test", 0);
    List<Ciphertext> cts = encrypt(SMALL, 4, random);
    // 3 validators: 12 points = t + one validator's 4. Validator 1 spoils messages 1 and 3.
    Map<Integer, List<byte[]>> shares = shares(name, SMALL, cts, 0, 1, 2);
    spoil(shares, 1, 1, 3);
    BlockResult r = propose(name, SMALL, cts, shares, random);
    assertEquals(BlockResult.Status.DECRYPTED, r.status(), r.toString());
    assertEquals(List.of(1), new ArrayList<>(r.faultyValidators().keySet()), r.toString());
    assertTrue(r.faultyValidators().get(1).contains("verification key"), r.toString());
    assertEquals(SignerSet.of(SMALL.committee(), List.of(0, 2)), r.signersUsed());
    assertEquals(8, r.pointsAvailable());
    allOpenedRight(r, 4);
    assertTrue(r.cpu().blameNanos() > 0, r.toString());
  }

  @ParameterizedTest
  @ValueSource(strings = {"simple", "batch"})
  void withExactlyTPointsTheBadValidatorIsNamedAndMoreSharesOpenTheRest(String name) {
    StrongRandom random = SeededDrbg.of(303, "test", 0);
    List<Ciphertext> cts = encrypt(SMALL, 3, random);
    Map<Integer, List<byte[]>> shares = shares(name, SMALL, cts, 0, 3);
    spoil(shares, 0, 0);
    BlockResult r = propose(name, SMALL, cts, shares, random);
    // Named on its own check, even with no spare point (exclusion could not name it here).
    assertEquals(BlockResult.Status.NOT_ENOUGH_HONEST_SHARES, r.status(), r.toString());
    assertEquals(List.of(0), new ArrayList<>(r.faultyValidators().keySet()), r.toString());
    assertEquals(4, r.pointsAvailable());
    // The proven messages open, the spoiled one does not (and never opens wrong).
    assertTrue(r.plaintexts().get(0).isEmpty(), r.toString());
    assertArrayEquals(Fixture.message(1), r.plaintexts().get(1).orElseThrow());
    assertArrayEquals(Fixture.message(2), r.plaintexts().get(2).orElseThrow());

    // The caller waits for more validators and calls again with all shares that arrived.
    shares.putAll(shares(name, SMALL, cts, 1, 2));
    BlockResult again = propose(name, SMALL, cts, shares, random);
    assertEquals(BlockResult.Status.DECRYPTED, again.status(), again.toString());
    assertEquals(List.of(0), new ArrayList<>(again.faultyValidators().keySet()));
    allOpenedRight(again, 3);
  }

  @ParameterizedTest
  @ValueSource(strings = {"simple", "batch"})
  void fewerSparePointsThanABadValidatorOwnsStillNamesIt(String name) {
    // Fixture: 8 points each, t = 42; 6 validators hold 48 points, 6 spare < 8.
    StrongRandom random = SeededDrbg.of(305, "test", 0);
    CombineVariant<?> v = Variants.byName(name);
    List<Ciphertext> cts = Fixture.encrypt(v, 2, random);
    Map<Integer, List<byte[]>> shares = Fixture.shares(v, Fixture.signers(0, 1, 2, 3, 4, 5), cts);
    spoilAll(shares, 4);
    BlockResult r = propose(name, Fixture.KEYS, cts, shares, random);
    assertEquals(BlockResult.Status.NOT_ENOUGH_HONEST_SHARES, r.status(), r.toString());
    assertEquals(List.of(4), new ArrayList<>(r.faultyValidators().keySet()), r.toString());
    assertEquals(40, r.pointsAvailable());
    assertEquals(0, r.openedCount());
  }

  /** A D that fails its blinding key is evidence too: another validator's D, sent as its own. */
  @ParameterizedTest
  @ValueSource(strings = {"simple", "batch", "precomputed"})
  void aBlindedShareThatFailsItsBlindingKeyIsNamed(String name) {
    StrongRandom random = SeededDrbg.of(317, "test", 0);
    CombineVariant<?> v = Variants.byName(name);
    List<Ciphertext> cts = Fixture.encrypt(v, 2, random);
    Map<Integer, List<byte[]>> shares = Fixture.shares(v, Fixture.all(), cts);
    // Its own elements, the first times e(G, H), with validator 5's D: both wrong.
    shares.put(2, PositiveBlameTest.withError(withBlindedSharesOf(shares, 2, 5),
        new Fr[] {Fr.one()}));
    BlockResult r = BlockProposer.forVariant(name, Fixture.KEYS, WORKERS)
        .propose(cts, shares, Fixture.all(), s -> Fixture.shares(v, s, cts), random);
    assertEquals(List.of(2), new ArrayList<>(r.faultyValidators().keySet()), r.toString());
    assertEquals(BlockResult.Status.DECRYPTED, r.status(), r.toString());
    allOpenedRight(r, 2);
  }

  /** Validator {@code own}'s shares with validator {@code other}'s D (the last 96 bytes). */
  private static List<byte[]> withBlindedSharesOf(
      Map<Integer, List<byte[]>> shares, int own, int other) {
    List<byte[]> out = new ArrayList<>();
    for (int j = 0; j < shares.get(own).size(); j++) {
      byte[] mine = shares.get(own).get(j).clone();
      byte[] theirs = shares.get(other).get(j);
      System.arraycopy(theirs, theirs.length - 96, mine, mine.length - 96, 96);
      out.add(mine);
    }
    return out;
  }

  /** Right elements with a wrong D: nothing to blame, the block opens (D is read only by blame). */
  @ParameterizedTest
  @ValueSource(strings = {"simple", "precomputed"})
  void aWrongBlindedShareWithRightElementsChangesNothing(String name) {
    StrongRandom random = SeededDrbg.of(319, "test", 0);
    CombineVariant<?> v = Variants.byName(name);
    List<Ciphertext> cts = Fixture.encrypt(v, 2, random);
    Map<Integer, List<byte[]>> shares = Fixture.shares(v, Fixture.all(), cts);
    shares.put(2, withBlindedSharesOf(shares, 2, 5));
    BlockResult r = BlockProposer.forVariant(name, Fixture.KEYS, WORKERS)
        .propose(cts, shares, Fixture.all(), null, random);
    assertTrue(r.faultyValidators().isEmpty(), r.toString());
    assertEquals(BlockResult.Status.DECRYPTED, r.status(), r.toString());
    allOpenedRight(r, 2);
  }

  @ParameterizedTest
  @ValueSource(strings = {"simple", "batch"})
  void twoBadValidatorsAreNamed(String name) {
    // All 8 validators (64 points, 22 spare); the first t = 42 points are validators 0-5. Bad:
    // validator 1 (message 0) and validator 6, whose points enter only when one is left out.
    StrongRandom random = SeededDrbg.of(307, "test", 0);
    CombineVariant<?> v = Variants.byName(name);
    List<Ciphertext> cts = Fixture.encrypt(v, 3, random);
    Map<Integer, List<byte[]>> shares = Fixture.shares(v, Fixture.all(), cts);
    spoil(shares, 1, 0);
    spoilAll(shares, 6);
    BlockResult r = propose(name, Fixture.KEYS, cts, shares, random);
    assertEquals(BlockResult.Status.DECRYPTED, r.status(), r.toString());
    assertEquals(List.of(1, 6), new ArrayList<>(r.faultyValidators().keySet()), r.toString());
    assertFalse(r.signersUsed().contains(1) || r.signersUsed().contains(6));
    allOpenedRight(r, 3);
  }

  @ParameterizedTest
  @ValueSource(strings = {"simple", "batch"})
  void twoBadValidatorsWithRoomForOnlyOneAreBothNamed(String name) {
    // 7 validators, 56 points: both bad ones are named, 40 honest points < t = 42 remain.
    StrongRandom random = SeededDrbg.of(309, "test", 0);
    CombineVariant<?> v = Variants.byName(name);
    List<Ciphertext> cts = Fixture.encrypt(v, 2, random);
    Map<Integer, List<byte[]>> shares =
        Fixture.shares(v, Fixture.signers(0, 1, 2, 3, 4, 5, 6), cts);
    spoilAll(shares, 0);
    spoilAll(shares, 2);
    BlockResult r = propose(name, Fixture.KEYS, cts, shares, random);
    assertEquals(BlockResult.Status.NOT_ENOUGH_HONEST_SHARES, r.status(), r.toString());
    assertEquals(0, r.openedCount());
    assertEquals(List.of(0, 2), new ArrayList<>(r.faultyValidators().keySet()), r.toString());
  }

  @ParameterizedTest
  @ValueSource(strings = {"simple", "batch", "fast"})
  void notEnoughHonestPointsIsAStatusWithTheNamedValidators(String name) {
    // 6 validators, 48 points; one malformed (simple, batch) or failing verification (fast)
    // leaves 40 < t = 42.
    StrongRandom random = SeededDrbg.of(311, "test", 0);
    CombineVariant<?> v = Variants.byName(name);
    List<Ciphertext> cts = Fixture.encrypt(v, 2, random);
    Map<Integer, List<byte[]>> shares = Fixture.shares(v, Fixture.signers(0, 1, 2, 3, 4, 5), cts);
    if (name.equals("fast")) {
      shares.put(3, shares.get(4));
    } else {
      shares.get(3).set(1, "short".getBytes(StandardCharsets.UTF_8));
    }
    BlockResult r = propose(name, Fixture.KEYS, cts, shares, random);
    assertEquals(BlockResult.Status.NOT_ENOUGH_HONEST_SHARES, r.status(), r.toString());
    assertEquals(List.of(3), new ArrayList<>(r.faultyValidators().keySet()), r.toString());
    assertEquals(40, r.pointsAvailable());
    assertEquals(0, r.openedCount());
    assertNull(r.signersUsed());
  }

  @ParameterizedTest
  @ValueSource(strings = {"precomputed"})
  void precomputedNamesTheLiarAndOpensAfterAReshare(String name) {
    StrongRandom random = SeededDrbg.of(313, "test", 0);
    CombineVariant<?> v = Variants.byName(name);
    List<Ciphertext> cts = Fixture.encrypt(v, 2, random);
    Map<Integer, List<byte[]>> shares = Fixture.shares(v, Fixture.all(), cts);
    shares.put(2, shares.get(5));
    BlockResult r = BlockProposer.forVariant(name, Fixture.KEYS, WORKERS)
        .propose(cts, shares, Fixture.all(), s -> Fixture.shares(v, s, cts), random);
    assertEquals(BlockResult.Status.DECRYPTED, r.status(), r.toString());
    assertEquals(List.of(2), new ArrayList<>(r.faultyValidators().keySet()), r.toString());
    assertFalse(r.signersUsed().contains(2));
    allOpenedRight(r, 2);
  }

  /**
   * A faulty validator owning two combined points that knows the point order can make the
   * check pass without an honest suspect: validator 3 multiplies its points a, b by
   * g^(lambda_b(P0)) and g^(-lambda_a(P0)), g = e(G, H), P0 the first t points without validator
   * 0, so the error cancels in P0 and not in the first t points of everyone. Under blame by
   * exclusion, excluding 0 passed the check (a consistency check kept 0 from being named);
   * each validator's own check names 3 and only 3.
   */
  @ParameterizedTest
  @ValueSource(strings = {"simple", "batch"})
  void aCraftedErrorCannotFrameAnHonestSuspect(String name) {
    StrongRandom random = SeededDrbg.of(315, "test", 0);
    CombineVariant<?> v = Variants.byName(name);
    List<Ciphertext> cts = Fixture.encrypt(v, 2, random);
    Map<Integer, List<byte[]>> shares = Fixture.shares(v, Fixture.all(), cts);
    int t = Fixture.KEYS.committee().threshold();
    int[] p0 = java.util.stream.IntStream.range(8, 8 + t).toArray(); // without validator 0
    Fr[] lambda = Lagrange.atZero(Fixture.KEYS.domain(), p0);
    int a = 24; // validator 3's first two points, positions 16 and 17 in p0
    Fr ea = lambda[a + 1 - 8];
    Fr eb = lambda[a - 8].neg();
    // The crafted errors cancel in P0 and not in the first t points of all.
    Fr[] lambdaAll = Lagrange.atZero(Fixture.KEYS.domain(),
        java.util.stream.IntStream.range(0, t).toArray());
    assertFalse(lambdaAll[a].mul(ea).add(lambdaAll[a + 1].mul(eb)).isZero());
    assertTrue(lambda[a - 8].mul(ea).add(lambda[a + 1 - 8].mul(eb)).isZero());
    shares.put(3, PositiveBlameTest.withError(shares.get(3), new Fr[] {ea, eb}));
    BlockResult r = propose(name, Fixture.KEYS, cts, shares, random);
    assertEquals(BlockResult.Status.DECRYPTED, r.status(), r.toString());
    assertEquals(List.of(3), new ArrayList<>(r.faultyValidators().keySet()), r.toString());
    allOpenedRight(r, 2);
  }
}
