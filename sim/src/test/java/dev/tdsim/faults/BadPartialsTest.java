package dev.tdsim.faults;

import static org.junit.jupiter.api.Assertions.assertEquals;

import dev.tdsim.consensus.CertificateCosts;
import dev.tdsim.consensus.PointQuorum;
import dev.tdsim.crypto.Workers;
import dev.tdsim.crypto.cert.CertificateSchemes;
import dev.tdsim.crypto.cert.CertificateSetup;
import dev.tdsim.crypto.cert.CommitteeCertifier;
import dev.tdsim.crypto.random.SeededDrbg;
import dev.tdsim.crypto.sig.VoteSignatureSchemes;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** bad-partial on the real threshold-BLS certificate of 8 validators of 8 points, t = 43. */
class BadPartialsTest {
  static final CertificateCosts COSTS = new CertificateCosts("threshold-bls", 1, 10, 768,
      100, 5, 48, 48, PointQuorum.NONE);

  private static BadPartials attackFromHeight3By(Integer... attackers) {
    FaultPlan plan = FaultPlan.resolve(List.of(new FaultSpec(FaultKinds.BAD_PARTIAL,
        new FaultTarget.Validators(List.of(attackers)),
        new FaultWindow(0, FaultWindow.FOREVER_NANOS, 3, Integer.MAX_VALUE), Map.of())),
        Committee.equal(8));
    return new BadPartials(plan, certifier());
  }

  /** Threshold-BLS certificate keys of 8 validators of 8 points each, t = 43. */
  static CommitteeCertifier certifier() {
    try (Workers one = Workers.of(1)) {
      return CertificateSchemes.byName("threshold-bls").setUp(
          new CertificateSetup(dev.tdsim.crypto.tpke.Committee.equal(64, 43, 8),
              VoteSignatureSchemes.byName(VoteSignatureSchemes.DEFAULT),
              SeededDrbg.of(7L, "test.certificate_keys", 0), one));
    }
  }

  @Test
  void theRealCombinationNamesTheAttackersOnlyAndChargesTheBlamePath() {
    BadPartials bad = attackFromHeight3By(1, 4);
    List<Integer> seven = List.of(6, 0, 1, 2, 3, 4, 5); // in arrival order
    // height 2: the fault is not active yet; the optimistic combination verifies
    assertEquals(seven, bad.good(2, seven, 0));
    assertEquals(0, bad.extraNanos(2, seven, 0, COSTS));
    assertEquals(List.of(), bad.named());
    // height 3: the combination fails, each partial is checked alone, 1 and 4 are named
    assertEquals(List.of(6, 0, 2, 3, 5), bad.good(3, seven, 0));
    assertEquals(7 * 10 + 100, bad.extraNanos(3, seven, 0, COSTS));
    assertEquals(List.of(1, 4), bad.named());
  }

  @Test
  void tooFewGoodPointsLeaveTheGoodPrecommittersShortOfT() {
    BadPartials bad = attackFromHeight3By(0);
    // 6 precommitters hold 48 points; without validator 0 the 5 good ones hold 40 < 43: the
    // combiner (TendermintNode.certificateShort) waits for late precommits
    assertEquals(List.of(1, 2, 3, 4, 5), bad.good(3, List.of(0, 1, 2, 3, 4, 5), 0));
    assertEquals(List.of(0), bad.named());
  }
}
