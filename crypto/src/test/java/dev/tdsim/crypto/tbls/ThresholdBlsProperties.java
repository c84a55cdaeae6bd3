package dev.tdsim.crypto.tbls;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.tdsim.crypto.curve.G1Point;
import dev.tdsim.crypto.random.SeededDrbg;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Random;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.constraints.IntRange;

/**
 * The threshold on the small committee (64 points, 8 validators of unequal weight, t = 42): any t
 * points' partials interpolate the one signature [f(0)] H1(m); any t - 1 points give a point that
 * does not verify; and combining any set of validators signs exactly when it holds t points.
 */
class ThresholdBlsProperties {
  private static final ThresholdBls TBLS = TblsFixture.TBLS;
  private static final G1Point EXPECTED_BASE = TBLS.hash(bytes("property message"));
  private static final G1Point EXPECTED =
      EXPECTED_BASE.multiply(TblsFixture.secret(TblsFixture.KEYS));
  private static final List<PartialSignature> ALL =
      TblsFixture.signAll(TBLS, EXPECTED_BASE);

  private static byte[] bytes(String s) {
    return s.getBytes(StandardCharsets.UTF_8);
  }

  private static List<Integer> shuffledPoints(long seed) {
    List<Integer> pts = new ArrayList<>();
    for (int k = 0; k < TblsFixture.SHARES; k++) {
      pts.add(k);
    }
    Collections.shuffle(pts, new Random(seed));
    return pts;
  }

  private static G1Point interpolate(List<Integer> chosen) {
    int[] idx = chosen.stream().mapToInt(Integer::intValue).toArray();
    List<G1Point> sigmas = new ArrayList<>();
    for (int k : idx) {
      int v = TblsFixture.KEYS.validatorOf(k);
      sigmas.add(ALL.get(v).points().get(k - TblsFixture.COMMITTEE.firstPointOf(v)));
    }
    return TBLS.interpolatePoints(idx, sigmas);
  }

  @Property(tries = 25)
  void anyThresholdOfPointsGivesTheSameSignature(@ForAll long seed,
      @ForAll @IntRange(min = 0, max = 22) int extra) {
    List<Integer> pts = shuffledPoints(seed);
    G1Point sigma = interpolate(pts.subList(0, TblsFixture.THRESHOLD + extra));
    assertEquals(EXPECTED, sigma);
    assertTrue(TBLS.verify(EXPECTED_BASE, sigma));
  }

  @Property(tries = 25)
  void oneFewerPointDoesNotVerify(@ForAll long seed,
      @ForAll @IntRange(min = 1, max = 20) int fewer) {
    List<Integer> pts = shuffledPoints(seed);
    G1Point sigma = interpolate(pts.subList(0, TblsFixture.THRESHOLD - fewer));
    assertNotEquals(EXPECTED, sigma);
    assertFalse(TBLS.verify(EXPECTED_BASE, sigma));
  }

  @Property(tries = 25)
  void combineSignsExactlyWhenTheValidatorsHoldTheThreshold(@ForAll long seed) {
    Random rnd = new Random(seed);
    List<PartialSignature> chosen = new ArrayList<>();
    int points = 0;
    for (PartialSignature p : ALL) {
      if (rnd.nextInt(3) != 0) {
        chosen.add(p);
        points += p.points().size();
      }
    }
    Collections.shuffle(chosen, rnd);
    CombineResult r = TBLS.combine(EXPECTED_BASE, chosen, SeededDrbg.of(seed, "w", 0));
    assertTrue(r.blamed().isEmpty());
    if (points >= TblsFixture.THRESHOLD) {
      assertEquals(EXPECTED, r.signature().orElseThrow());
      assertTrue(TBLS.verify(bytes("property message"), r.signature().get().toCompressed()));
      int used = r.signers().stream().mapToInt(TblsFixture.COMMITTEE::pointsOf).sum();
      assertTrue(used >= TblsFixture.THRESHOLD, "signers hold t points");
    } else {
      assertFalse(r.signed());
      assertEquals(0, r.combinations());
    }
  }
}
