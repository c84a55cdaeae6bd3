package dev.tdsim.crypto.dkg;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.tdsim.crypto.CryptoException;
import dev.tdsim.crypto.curve.G1Point;
import dev.tdsim.crypto.curve.G2Point;
import dev.tdsim.crypto.field.Fr;
import dev.tdsim.crypto.random.SeededDrbg;
import dev.tdsim.crypto.random.StrongRandom;
import dev.tdsim.crypto.tpke.Committee;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.function.UnaryOperator;
import org.junit.jupiter.api.Test;

class PvssDkgTest {
  private static final Committee COMMITTEE =
      Committee.byStake(64, 42, new long[] {9, 3, 5, 1, 7, 2, 4, 6});
  private static final long SESSION = 77;
  private static final List<PvssKeys> KEYS = keys();
  private static final List<G2Point> EKS =
      KEYS.stream().map(PvssKeys::encryptionKey).toList();

  private static List<PvssKeys> keys() {
    StrongRandom r = SeededDrbg.of(1, "pvss.keys", 0);
    List<PvssKeys> out = new ArrayList<>();
    for (int v = 0; v < COMMITTEE.validators(); v++) {
      out.add(PvssKeys.generate(v, r));
    }
    return out;
  }

  private static PvssDealer.Dealt deal(int dealer, int seed) {
    return PvssDealer.deal(COMMITTEE, EKS, dealer, SESSION, SeededDrbg.of(seed, "deal", dealer),
        TpkeCheck.WORKERS);
  }

  private static PvssVerifier.Verdict verify(PvssTranscript t) {
    return PvssVerifier.verify(t, COMMITTEE, EKS, SESSION, SeededDrbg.of(5, "verify", 0),
        TpkeCheck.WORKERS);
  }

  @Test
  void honestDkgGivesAKeySetThatDecryptsWithTheTranscriptsBlindedShares() {
    PvssDkg.Result r = PvssDkg.run(COMMITTEE, KEYS, List.of(0, 2, 5, 7), null, SESSION,
        SeededDrbg.of(2, "dkg", 0), TpkeCheck.WORKERS);
    assertTrue(r.rejected().isEmpty());
    assertEquals(List.of(0, 2, 5, 7), r.aggregate().dealers());
    assertEquals(r.aggregate().publicKey(), r.keySet().publicKey());
    assertEquals(r.aggregate().publicKeyG2(), r.keySet().publicKeyG2());
    // The aggregate's encrypted shares are the fast variant's blinded shares, up to -1/omega^k.
    for (int k : new int[] {0, 17, 63}) {
      Fr c = r.keySet().domain().element(k).inverse().neg();
      assertEquals(r.keySet().blindedShares().get(k),
          r.aggregate().encryptedShares().get(k).multiply(c));
    }
    // A validator's decrypted G2 shares are the key set's Z_k.
    List<G2Point> z = PvssDkg.decryptShares(r.aggregate(), COMMITTEE, KEYS.get(4));
    int first = COMMITTEE.firstPointOf(4);
    assertEquals(r.keySet().keyShares().subList(first, first + z.size()), z);
    TpkeCheck.decrypts(r.keySet(), "fast", List.of(0, 1, 2, 4, 7), SeededDrbg.of(3, "enc", 0));
    TpkeCheck.decrypts(r.keySet(), "folded", List.of(0, 2, 4, 6, 7), SeededDrbg.of(4, "enc", 0));
  }

  @Test
  void singleAndAggregatedTranscriptsVerify() {
    PvssTranscript a = deal(1, 10).transcript();
    PvssTranscript b = deal(3, 11).transcript();
    PvssTranscript c = deal(6, 12).transcript();
    assertTrue(verify(a).valid(), verify(a).problem());
    PvssTranscript ab = PvssTranscript.aggregate(List.of(a, b), TpkeCheck.WORKERS);
    PvssTranscript abc = PvssTranscript.aggregate(List.of(ab, c), TpkeCheck.WORKERS);
    assertTrue(verify(abc).valid(), verify(abc).problem());
    assertEquals(a.publicKey().add(b.publicKey()).add(c.publicKey()), abc.publicKey());
    assertThrows(CryptoException.class,
        () -> PvssTranscript.aggregate(List.of(ab, a), TpkeCheck.WORKERS));
  }

  private static PvssTranscript with(PvssTranscript t, List<PvssTranscript.Contribution> cs,
      List<G1Point> a, List<G2Point> y, G2Point y2) {
    return new PvssTranscript(cs == null ? t.contributions() : cs,
        a == null ? t.commitments() : a, y == null ? t.encryptedShares() : y,
        y2 == null ? t.publicKeyG2() : y2);
  }

  @Test
  void badTranscriptsAreRejected() {
    PvssTranscript t = deal(2, 20).transcript();
    List<G2Point> y = new ArrayList<>(t.encryptedShares());
    y.set(9, y.get(9).add(G2Point.generator()));
    PvssVerifier.Verdict badShare = verify(with(t, null, null, y, null));
    assertFalse(badShare.valid());
    assertTrue(badShare.problem().contains("pairing"), badShare.problem());

    // A consistent change of one point: shares still match commitments, but degree is too high.
    List<G1Point> a = new ArrayList<>(t.commitments());
    List<G2Point> y2 = new ArrayList<>(t.encryptedShares());
    int owner = PvssDealer.owners(COMMITTEE)[30];
    a.set(30, a.get(30).add(G1Point.generator()));
    y2.set(30, y2.get(30).add(EKS.get(owner)));
    PvssVerifier.Verdict highDegree = verify(with(t, null, a, y2, null));
    assertFalse(highDegree.valid());
    assertTrue(highDegree.problem().contains("low-degree"), highDegree.problem());

    PvssVerifier.Verdict badY2 =
        verify(with(t, null, null, null, t.publicKeyG2().add(G2Point.generator())));
    assertFalse(badY2.valid());

    PvssTranscript.Contribution c = t.contributions().get(0);
    PvssVerifier.Verdict stolen = verify(with(t,
        List.of(new PvssTranscript.Contribution(5, c.publicKey(), c.proof())), null, null, null));
    assertFalse(stolen.valid());
    assertTrue(stolen.problem().contains("dealer 5"), stolen.problem());

    CryptoException e = assertThrows(CryptoException.class, () -> PvssVerifier.requireValid(
        with(t, null, null, y, null), COMMITTEE, EKS, SESSION, SeededDrbg.of(1, "v", 0),
        TpkeCheck.WORKERS));
    assertTrue(e.getMessage().contains("dealer 2"), e.getMessage());

    // An aggregate with one bad part fails as a whole.
    PvssTranscript good = deal(4, 21).transcript();
    assertFalse(verify(PvssTranscript.aggregate(
        List.of(good, with(t, null, null, y, null)), TpkeCheck.WORKERS)).valid());
  }

  @Test
  void cheatingDealersAreLeftOutAndTheKeyStillWorks() {
    UnaryOperator<PvssDealer.Dealt> badShare = d -> {
      List<G2Point> y = new ArrayList<>(d.transcript().encryptedShares());
      y.set(3, y.get(3).add(G2Point.generator()));
      return new PvssDealer.Dealt(with(d.transcript(), null, null, y, null), d.evaluations());
    };
    UnaryOperator<PvssDealer.Dealt> badPrivate = d -> {
      Fr[] s = d.evaluations().clone();
      s[COMMITTEE.firstPointOf(6)] = s[COMMITTEE.firstPointOf(6)].add(Fr.one());
      return new PvssDealer.Dealt(d.transcript(), s);
    };
    PvssDkg.Result r = PvssDkg.run(COMMITTEE, KEYS, List.of(0, 1, 3, 4, 6),
        Map.of(1, badShare, 4, badPrivate), SESSION, SeededDrbg.of(6, "dkg", 0), TpkeCheck.WORKERS);
    assertEquals(List.of(0, 3, 6), r.aggregate().dealers());
    assertEquals(List.of(1, 4), List.copyOf(r.rejected().keySet()));
    assertTrue(r.rejected().get(4).contains("validator 6"), r.rejected().get(4));
    TpkeCheck.decrypts(r.keySet(), "fast", List.of(0, 2, 4, 6, 7), SeededDrbg.of(7, "enc", 0));
  }

  @Test
  void wireEncodingRoundTripsAndNamesTheDealerOnBadInput() {
    PvssTranscript t = deal(3, 30).transcript();
    byte[] bytes = t.toBytes();
    assertEquals(t.wireBytes(), bytes.length);
    PvssTranscript back = PvssTranscript.fromBytes(bytes, 64, TpkeCheck.WORKERS);
    assertEquals(t.commitments(), back.commitments());
    assertEquals(t.encryptedShares(), back.encryptedShares());
    assertTrue(verify(back).valid());

    CryptoException len = assertThrows(CryptoException.class,
        () -> PvssTranscript.fromBytes(java.util.Arrays.copyOf(bytes, bytes.length - 1), 64,
            TpkeCheck.WORKERS));
    assertTrue(len.getMessage().contains("dealer 3"), len.getMessage());
    byte[] bad = bytes.clone();
    int aStart = 4 + PvssTranscript.Contribution.BYTES + 4;
    bad[aStart + 5 * 96 + 50] ^= 0x01; // commitment 5: off the curve
    CryptoException point = assertThrows(CryptoException.class,
        () -> PvssTranscript.fromBytes(bad, 64, TpkeCheck.WORKERS));
    assertTrue(point.getMessage().contains("dealer 3"), point.getMessage());
    assertTrue(point.getMessage().contains("commitment 5"), point.getMessage());
    assertThrows(CryptoException.class, () -> PvssTranscript.fromBytes(bytes, 128,
        TpkeCheck.WORKERS));
  }

  @Test
  void batchSumHandlesEqualPointsAndIdentity() {
    G1Point p = G1Point.generator().multiply(Fr.of(5));
    assertEquals(p.add(p), G1Point.sum(List.of(p, p)));
    assertEquals(p, G1Point.sum(List.of(p, G1Point.identity())));
    assertTrue(G1Point.sum(List.of(p, p.negate())).isIdentity());
  }

  @Test
  void shortG2MsmMatchesTheFullOne() {
    StrongRandom r = SeededDrbg.of(40, "msm", 0);
    List<G2Point> ps = new ArrayList<>();
    List<Fr> full = new ArrayList<>();
    long[] w = r.nextLongs(37);
    w[0] = -1L; // the largest unsigned 64-bit weight
    for (int i = 0; i < w.length; i++) {
      ps.add(G2Point.generator().multiply(Fr.random(r)));
      full.add(Fr.of(new java.math.BigInteger(Long.toUnsignedString(w[i]))));
    }
    assertEquals(G2Point.msm(ps, full), G2Point.msmShort(ps, w));
    assertEquals(G2Point.msm(ps, full),
        PvssVerifier.parallelG2MsmShort(ps, w, TpkeCheck.WORKERS));
  }

  @Test
  void transcriptForAnotherCommitteeIsRejected() {
    Committee other = Committee.byStake(128, 85, new long[] {9, 3, 5, 1, 7, 2, 4, 6});
    PvssTranscript t = PvssDealer.deal(other, EKS, 0, SESSION, SeededDrbg.of(41, "d", 0),
        TpkeCheck.WORKERS).transcript();
    assertTrue(PvssVerifier.verify(t, other, EKS, SESSION, SeededDrbg.of(1, "v", 0),
        TpkeCheck.WORKERS).valid());
    assertFalse(verify(t).valid());
    // Same size but a higher threshold than the verifier's: the low-degree check fails.
    Committee looser = Committee.byStake(64, 50, new long[] {9, 3, 5, 1, 7, 2, 4, 6});
    PvssTranscript high = PvssDealer.deal(looser, EKS, 0, SESSION, SeededDrbg.of(42, "d", 0),
        TpkeCheck.WORKERS).transcript();
    assertTrue(verify(high).problem().contains("low-degree"), verify(high).problem());
  }

  /** Dealer 1's honest polynomial, published as if dealer 0 had dealt it (audit F2). */
  private static final Map<Integer, UnaryOperator<PvssDealer.Dealt>> ONE_POSES_AS_ZERO =
      Map.of(1, d -> deal(0, 50));

  /**
   * Audit F2: a transcript counts only for the dealer that published it. Dealer 1 publishing a
   * valid transcript under dealer 0's index is rejected and named, and honest dealer 0 is neither
   * blamed nor (when silent) credited. Before, (a) the run threw "dealer 0 contributes twice" and
   * (b) the aggregate credited dealer 0 and not dealer 1.
   */
  @Test
  void aTranscriptUnderAnotherDealersIndexIsRejectedAndBlamedOnItsPublisher() {
    PvssTranscript relabelled = deal(0, 50).transcript();
    assertTrue(verify(relabelled).valid()); // the proof of knowledge alone cannot tell
    PvssVerifier.Verdict asPublished = PvssVerifier.verifyPublished(relabelled, 1, COMMITTEE, EKS,
        SESSION, SeededDrbg.of(5, "verify", 0), TpkeCheck.WORKERS);
    assertFalse(asPublished.valid());
    assertTrue(asPublished.problem().contains("published by dealer 1"), asPublished.problem());

    PvssDkg.Result all = PvssDkg.run(COMMITTEE, KEYS, List.of(0, 1, 2), ONE_POSES_AS_ZERO,
        SESSION, SeededDrbg.of(8, "dkg", 0), TpkeCheck.WORKERS);
    assertEquals(List.of(0, 2), all.aggregate().dealers());
    assertEquals(List.of(1), List.copyOf(all.rejected().keySet()));
    assertTrue(all.rejected().get(1).contains("under dealer 0"), all.rejected().get(1));

    PvssDkg.Result zeroSilent = PvssDkg.run(COMMITTEE, KEYS, List.of(1, 2), ONE_POSES_AS_ZERO,
        SESSION, SeededDrbg.of(9, "dkg", 0), TpkeCheck.WORKERS);
    assertEquals(List.of(2), zeroSilent.aggregate().dealers());
    assertEquals(List.of(1), List.copyOf(zeroSilent.rejected().keySet()));
  }

  /** The proof of knowledge binds the key registered at the dealer's index, not just the index. */
  @Test
  void theProofOfKnowledgeBindsTheDealersRegisteredKey() {
    PvssTranscript t = deal(3, 51).transcript();
    PvssTranscript.Contribution c = t.contributions().get(0);
    assertTrue(c.proof().verifies(c.publicKey(), SESSION, 3, EKS.get(3)));
    assertFalse(c.proof().verifies(c.publicKey(), SESSION, 3, EKS.get(4)));
    assertFalse(c.proof().verifies(c.publicKey(), SESSION + 1, 3, EKS.get(3)));
    assertFalse(c.proof().verifies(c.publicKey(), SESSION, 4, EKS.get(3)));
  }
}
