package dev.tdsim.crypto.dkg;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.tdsim.crypto.Workers;
import dev.tdsim.crypto.curve.G2Point;
import dev.tdsim.crypto.random.SeededDrbg;
import dev.tdsim.crypto.random.StrongRandom;
import dev.tdsim.crypto.tpke.Committee;
import java.util.ArrayList;
import java.util.List;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.constraints.IntRange;
import net.jqwik.api.lifecycle.AfterContainer;

/**
 * Completeness of the PVSS verifier on the receiver's path (deal, encode, decode, verify) over
 * many small weighted committees, thresholds from 1 to N, random seeds and 1 or 2 worker threads:
 * an honest transcript, alone or aggregated, always verifies, and the same transcript with two
 * encrypted shares of different value swapped (the lying-dealer fault) never does.
 */
class PvssCompletenessProperties {
  private static final Workers TWO = Workers.of(2);
  private static final Workers ONE = Workers.of(1);

  @AfterContainer
  static void closeWorkers() {
    TWO.close();
  }

  @Property(tries = 40)
  void honestTranscriptsVerifyAndSwappedSharesDoNot(
      @ForAll @IntRange(min = 1, max = 5) int logShares,
      @ForAll @IntRange(min = 1, max = 7) int validatorsWanted,
      @ForAll @IntRange(min = 1, max = 1000) int thresholdPerMille,
      @ForAll @IntRange(min = 0, max = 1_000_000) int seed,
      @ForAll boolean twoThreads) {
    int shares = 1 << logShares;
    int validators = Math.min(validatorsWanted, shares);
    int threshold = Math.max(1, Math.min(shares, shares * thresholdPerMille / 1000));
    StrongRandom r = SeededDrbg.of(seed, "pvss.completeness", 0);
    long[] stakes = new long[validators];
    for (int v = 0; v < validators; v++) {
      stakes[v] = 1 + Math.floorMod(r.nextLong(), 9);
    }
    Committee committee = Committee.byStake(shares, threshold, stakes);
    List<PvssKeys> keys = new ArrayList<>();
    for (int v = 0; v < validators; v++) {
      keys.add(PvssKeys.generate(v, r));
    }
    List<G2Point> eks = keys.stream().map(PvssKeys::encryptionKey).toList();
    Workers workers = twoThreads ? TWO : ONE;
    long session = seed;

    List<PvssTranscript> received = new ArrayList<>();
    for (int dealer = 0; dealer < Math.min(2, validators); dealer++) {
      PvssTranscript t = PvssDealer.deal(committee, eks, dealer, session,
          SeededDrbg.of(seed, "pvss.completeness.deal", dealer), workers).transcript();
      PvssTranscript back = PvssTranscript.fromBytes(t.toBytes(), shares, workers);
      assertEquals(t.commitments(), back.commitments());
      assertEquals(t.encryptedShares(), back.encryptedShares());
      PvssVerifier.Verdict v = PvssVerifier.verify(back, committee, eks, session, r, workers);
      assertTrue(v.valid(), committee + ", dealer " + dealer + ": " + v.problem());
      received.add(back);

      List<G2Point> y = new ArrayList<>(back.encryptedShares());
      if (!y.get(0).equals(y.get(1))) {
        G2Point first = y.get(0);
        y.set(0, y.get(1));
        y.set(1, first);
        PvssTranscript lying =
            new PvssTranscript(back.contributions(), back.commitments(), y, back.publicKeyG2());
        assertFalse(PvssVerifier.verify(lying, committee, eks, session, r, workers).valid(),
            committee + ": swapped encrypted shares of dealer " + dealer + " verified");
      }
    }
    if (received.size() == 2) {
      PvssTranscript agg = PvssTranscript.aggregate(received, workers);
      PvssVerifier.Verdict v = PvssVerifier.verify(agg, committee, eks, session, r, workers);
      assertTrue(v.valid(), committee + ", aggregate: " + v.problem());
    }
  }
}
