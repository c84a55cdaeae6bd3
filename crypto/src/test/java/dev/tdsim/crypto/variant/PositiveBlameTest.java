package dev.tdsim.crypto.variant;

import static dev.tdsim.crypto.variant.Fixture.WORKERS;
import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.tdsim.crypto.curve.GtElement;
import dev.tdsim.crypto.field.Fr;
import dev.tdsim.crypto.random.SeededDrbg;
import dev.tdsim.crypto.random.StrongRandom;
import dev.tdsim.crypto.tpke.Ciphertext;
import dev.tdsim.crypto.tpke.Committee;
import dev.tdsim.crypto.tpke.KeyCollision;
import dev.tdsim.crypto.tpke.KeySet;
import dev.tdsim.crypto.tpke.SignerSet;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * Issue 19, items 9, 4 and 10: blame of the GT-family variants on positive evidence only. An
 * attacker's chosen polynomial error can no longer get an honest validator named (it framed one
 * under blame by exclusion); up to f faulty validators of 16 are all named and every block opens;
 * a share from an index outside the committee names its sender.
 */
class PositiveBlameTest {
  /** 16 validators of 4 points each, t = 42: 11 validators hold t points, f = 5. */
  private static final KeySet SIXTEEN = KeySet.deal(
      Committee.equal(64, Committee.defaultThreshold(64), 16), SeededDrbg.of(43, "test", 0),
      WORKERS);

  private static void allOpenedRight(BlockResult r, int count) {
    assertEquals(count, r.openedCount(), r.toString());
    for (int j = 0; j < count; j++) {
      assertArrayEquals(Fixture.message(j), r.plaintexts().get(j).orElseThrow());
    }
  }

  /** p(x) = x prod_{h in H} (x - h) at each of the attacker's points (the audit's error). */
  private static Fr[] auditError(int attacker, int[] h) {
    Committee committee = Fixture.KEYS.committee();
    int first = committee.firstPointOf(attacker);
    Fr[] error = new Fr[committee.pointsOf(attacker)];
    for (int k = 0; k < error.length; k++) {
      Fr x = Fixture.KEYS.domain().element(first + k);
      Fr p = x;
      for (int point : h) {
        p = p.mul(x.sub(Fixture.KEYS.domain().element(point)));
      }
      assertFalse(p.isZero());
      error[k] = p;
    }
    return error;
  }

  /** The validator's shares with every point element k multiplied by e(G, H)^(error[k]). */
  static List<byte[]> withError(List<byte[]> honest, Fr[] error) {
    GtElement g = KeyCollision.gtShift();
    List<byte[]> out = new ArrayList<>();
    for (byte[] share : honest) {
      byte[] bad = share.clone();
      for (int k = 0; k < error.length; k++) {
        int off = k * GtElement.BYTES;
        byte[] shifted = GtElement.fromBytes(Arrays.copyOfRange(bad, off, off + GtElement.BYTES))
            .multiply(g.pow(error[k])).toBytes();
        System.arraycopy(shifted, 0, bad, off, GtElement.BYTES);
      }
      out.add(bad);
    }
    return out;
  }

  /**
   * The audit's framing (issue 19, item 9): 7 of 8 signers (N = 64, t = 42, 8 points each), the
   * attacker 3 (among the first t points) puts p(x) = x prod_{h in H} (x - h) on its points, H the 40 = t - 2 points of the
   * honest signers other than the target 0. p has degree t - 1, p(0) = 0 and p vanishes on H:
   * without 0 the shares lie on f + p, whose value at 0 is right, so "exclude 0" passes the
   * combined-result check and the consistency check, and blame by exclusion named 0. The
   * attacker must be named and the honest target not.
   */
  @ParameterizedTest
  @ValueSource(strings = {"simple", "batch"})
  void aPolynomialErrorCannotFrameAnHonestValidator(String name) {
    StrongRandom random = SeededDrbg.of(401, "test", 0);
    CombineVariant<?> v = Variants.byName(name);
    List<Ciphertext> cts = Fixture.encrypt(v, 2, random);
    SignerSet signers = Fixture.signers(0, 1, 2, 3, 4, 5, 6);
    Map<Integer, List<byte[]>> shares = Fixture.shares(v, signers, cts);
    int attacker = 3;
    int target = 0;
    Committee committee = Fixture.KEYS.committee();
    List<Integer> honestRest = new ArrayList<>(signers.validators());
    honestRest.removeAll(List.of(attacker, target));
    int[] h = committee.pointsOf(honestRest);
    assertEquals(committee.threshold() - 2, h.length);
    shares.put(attacker, withError(shares.get(attacker), auditError(attacker, h)));
    BlockResult r =
        BlockProposer.forVariant(name, Fixture.KEYS, WORKERS).propose(cts, shares, null, random);
    assertFalse(r.faultyValidators().containsKey(target), r.toString());
    assertEquals(List.of(attacker), new ArrayList<>(r.faultyValidators().keySet()), r.toString());
    assertEquals(BlockResult.Status.DECRYPTED, r.status(), r.toString());
    allOpenedRight(r, 2);
  }

  /**
   * The framing share maker (what the simulator's framing-shares fault sends) puts exactly the
   * audit's error on the attacker's points, and the attacker is named.
   */
  @ParameterizedTest
  @ValueSource(strings = {"simple", "batch"})
  void theFramingShareMakerPutsThatErrorOnTheAttackersPointsAndIsNamed(String name) {
    StrongRandom random = SeededDrbg.of(411, "test", 0);
    CombineVariant<?> v = Variants.byName(name);
    assertTrue(v.takesPointErrors());
    List<Ciphertext> cts = Fixture.encrypt(v, 2, random);
    SignerSet signers = Fixture.signers(0, 1, 2, 3, 4, 5, 6);
    Map<Integer, List<byte[]>> shares = Fixture.shares(v, signers, cts);
    Committee committee = Fixture.KEYS.committee();
    int[] h = committee.pointsOf(List.of(1, 2, 4, 5, 6));
    assertArrayEquals(h, PointErrors.vanishing(committee, 3, 0, signers));
    Fr[] error = auditError(3, h);
    assertArrayEquals(error, PointErrors.errors(Fixture.KEYS, 3, h));
    List<byte[]> framing = Fixture.make(v.framingShareMaker(Fixture.KEYS, 3, 0, signers), cts);
    List<byte[]> expected = withError(shares.get(3), error);
    for (int j = 0; j < cts.size(); j++) {
      assertArrayEquals(expected.get(j), framing.get(j));
    }
    shares.put(3, framing);
    BlockResult r =
        BlockProposer.forVariant(name, Fixture.KEYS, WORKERS).propose(cts, shares, null, random);
    assertEquals(List.of(3), new ArrayList<>(r.faultyValidators().keySet()), r.toString());
    allOpenedRight(r, 2);
  }

  /** H fills t - 2 points at most, in signer order; the framing needs two distinct signers. */
  @org.junit.jupiter.api.Test
  void theVanishingPointsFitInTMinusTwoAndTheAttackerMustBeASigner() {
    Committee committee = Fixture.KEYS.committee(); // 8 points each, t = 42: 5 validators fit
    int[] all = PointErrors.vanishing(committee, 7, 2, Fixture.all());
    assertArrayEquals(committee.pointsOf(List.of(0, 1, 3, 4, 5)), all);
    org.junit.jupiter.api.Assertions.assertThrows(dev.tdsim.crypto.CryptoException.class,
        () -> PointErrors.vanishing(committee, 7, 7, Fixture.all()));
    org.junit.jupiter.api.Assertions.assertThrows(dev.tdsim.crypto.CryptoException.class,
        () -> PointErrors.vanishing(committee, 7, 2, Fixture.signers(0, 1, 2, 3, 4, 5)));
    // Exactly t - 2 = 40 points when validators hold 4 each: 10 of the 14 others.
    List<Integer> ten = List.of(0, 1, 2, 3, 4, 5, 6, 7, 8, 9);
    assertArrayEquals(SIXTEEN.committee().pointsOf(ten), PointErrors.vanishing(
        SIXTEEN.committee(), 15, 14, SignerSet.all(SIXTEEN.committee())));
    for (String name : List.of("fast", "precomputed", "folded")) {
      CombineVariant<?> v = Variants.byName(name);
      assertFalse(v.takesPointErrors(), name);
      org.junit.jupiter.api.Assertions.assertThrows(dev.tdsim.crypto.CryptoException.class,
          () -> v.framingShareMaker(Fixture.KEYS, 3, 0, Fixture.all()), name);
    }
  }

  /**
   * Issue 19, item 4: 1 to f = 5 of 16 validators send bad shares (every element shifted), all 16
   * send: every block opens and exactly the bad ones are named. Blame by exclusion gave up at 3.
   */
  @ParameterizedTest
  @ValueSource(ints = {1, 2, 3, 4, 5})
  void upToFBadValidatorsOfSixteenAreNamedAndEveryMessageOpens(int bad) {
    for (String name : List.of("simple", "batch")) {
      StrongRandom random = SeededDrbg.of(403 + bad, "test", 0);
      CombineVariant<?> v = Variants.byName(name);
      List<Ciphertext> cts = new ArrayList<>();
      for (int j = 0; j < 2; j++) {
        cts.add(dev.tdsim.crypto.tpke.Tpke.encrypt(SIXTEEN.publicKey(), Fixture.message(j),
            v.secretGroup(), random));
      }
      SignerSet all = SignerSet.all(SIXTEEN.committee());
      Map<Integer, List<byte[]>> shares = new java.util.LinkedHashMap<>();
      for (int validator : all.validators()) {
        shares.put(validator, Fixture.make(v.shareMaker(SIXTEEN, validator, all), cts));
      }
      // The bad validators are spread over the first t points (ids 1, 3, 5, 7, 9).
      List<Integer> liars = new ArrayList<>();
      Fr[] shift = new Fr[SIXTEEN.committee().pointsOf(0)];
      Arrays.fill(shift, Fr.one());
      for (int i = 0; i < bad; i++) {
        int liar = 2 * i + 1;
        liars.add(liar);
        shares.put(liar, withError(shares.get(liar), shift));
      }
      BlockResult r =
          BlockProposer.forVariant(name, SIXTEEN, WORKERS).propose(cts, shares, null, random);
      assertEquals(liars, new ArrayList<>(r.faultyValidators().keySet()), name + " " + r);
      assertEquals(BlockResult.Status.DECRYPTED, r.status(), name + " " + r);
      allOpenedRight(r, 2);
    }
  }

  /**
   * precomputed (issue 19, item 4: it could name nobody, already at 1 bad validator): 1 to f = 5
   * of 16 send shares shifted by e(G, H); each signer is checked against its fold, the bad ones
   * are named at once and the others reshare for the set without them: every message opens.
   */
  @ParameterizedTest
  @ValueSource(ints = {1, 2, 3, 4, 5})
  void precomputedNamesUpToFBadValidatorsOfSixteenAndOpensAfterOneReshare(int bad) {
    StrongRandom random = SeededDrbg.of(421 + bad, "test", 0);
    CombineVariant<?> v = Variants.byName("precomputed");
    List<Ciphertext> cts = new ArrayList<>();
    for (int j = 0; j < 2; j++) {
      cts.add(dev.tdsim.crypto.tpke.Tpke.encrypt(SIXTEEN.publicKey(), Fixture.message(j),
          v.secretGroup(), random));
    }
    SignerSet all = SignerSet.all(SIXTEEN.committee());
    List<Integer> liars = new ArrayList<>();
    for (int i = 0; i < bad; i++) {
      liars.add(3 * i + 1);
    }
    BlockProposer.Reshare honestOrShifted = s -> {
      Map<Integer, List<byte[]>> out = new java.util.LinkedHashMap<>();
      for (int validator : s.validators()) {
        CombineVariant.ShareMaker maker = liars.contains(validator)
            ? v.colludingShareMaker(SIXTEEN, validator, s) : v.shareMaker(SIXTEEN, validator, s);
        out.put(validator, Fixture.make(maker, cts));
      }
      return out;
    };
    int[] reshares = {0};
    BlockResult r = BlockProposer.forVariant("precomputed", SIXTEEN, WORKERS).propose(cts,
        honestOrShifted.sharesFor(all), all, s -> {
          reshares[0]++;
          return honestOrShifted.sharesFor(s);
        }, random);
    assertEquals(liars, new ArrayList<>(r.faultyValidators().keySet()), r.toString());
    assertEquals(BlockResult.Status.DECRYPTED, r.status(), r.toString());
    assertEquals(1, reshares[0], "one reshare for the set without all of them");
    allOpenedRight(r, 2);
  }

  /** Issue 19, item 10: a share from an index outside the committee names its sender. */
  @ParameterizedTest
  @ValueSource(strings = {"simple", "batch", "fast", "precomputed", "folded"})
  void aShareFromAnIndexOutsideTheCommitteeNamesItsSender(String name) {
    StrongRandom random = SeededDrbg.of(409, "test", 0);
    CombineVariant<?> v = Variants.byName(name);
    List<Ciphertext> cts = Fixture.encrypt(v, 2, random);
    Map<Integer, List<byte[]>> shares = Fixture.shares(v, Fixture.all(), cts);
    shares.put(8, shares.get(7));
    shares.put(-1, shares.get(6));
    BlockResult r = BlockProposer.forVariant(name, Fixture.KEYS, WORKERS)
        .propose(cts, shares, Fixture.all(), null, random);
    assertEquals(List.of(-1, 8), new ArrayList<>(r.faultyValidators().keySet()), r.toString());
    assertTrue(r.faultyValidators().get(8).contains("validator 8"), r.toString());
    assertTrue(r.faultyValidators().get(8).contains("not in the committee of 8"), r.toString());
    assertEquals(BlockResult.Status.DECRYPTED, r.status(), r.toString());
    allOpenedRight(r, 2);
  }
}
