package dev.tdsim.crypto.dkg;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.tdsim.crypto.CryptoException;
import dev.tdsim.crypto.curve.G1Point;
import dev.tdsim.crypto.dkg.FeldmanFault.Kind;
import dev.tdsim.crypto.dkg.FeldmanMessage.Dealing;
import dev.tdsim.crypto.dkg.FeldmanMessage.PrivateShares;
import dev.tdsim.crypto.field.Fr;
import dev.tdsim.crypto.random.SeededDrbg;
import dev.tdsim.crypto.tpke.Committee;
import dev.tdsim.crypto.tpke.KeySet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;

class FeldmanDkgTest {
  /** 8 validators, one point each, threshold 5. */
  private static final ShareLayout EIGHT = ShareLayout.of(Committee.equal(8, 5, 8));

  @Test
  void honestDkgGivesAKeySetThatDecrypts() {
    FeldmanDkg.Run run = FeldmanDkg.run(EIGHT, Map.of(), SeededDrbg.of(1, "dkg", 0));
    for (FeldmanResult r : run.results()) {
      assertEquals(Set.of(0, 1, 2, 3, 4, 5, 6, 7), r.qualified());
      assertEquals(run.results().get(0).publicKey(), r.publicKey());
    }
    KeySet keys = FeldmanDkg.keySet(EIGHT, run.results(), TpkeCheck.WORKERS);
    TpkeCheck.decrypts(keys, "fast", List.of(0, 2, 3, 5, 7), SeededDrbg.of(2, "enc", 0));
    TpkeCheck.decrypts(keys, "folded", List.of(1, 2, 4, 6, 7), SeededDrbg.of(3, "enc", 0));
    // Honest run: no complaint, no justification.
    assertEquals(0, run.sent().stream().filter(s -> s.round() > 1).count());
  }

  @Test
  void weightedLayoutWorksToo() {
    ShareLayout layout = ShareLayout.of(Committee.byStake(16, 10, new long[] {5, 1, 3, 2, 1}));
    FeldmanDkg.Run run = FeldmanDkg.run(layout, Map.of(), SeededDrbg.of(4, "dkg", 0));
    KeySet keys = FeldmanDkg.keySet(layout, run.results(), TpkeCheck.WORKERS);
    TpkeCheck.decrypts(keys, "fast", List.of(0, 2, 3), SeededDrbg.of(5, "enc", 0));
  }

  @ParameterizedTest
  @EnumSource(value = Kind.class, names = {"BAD_SHARE_REPEATED_ON_COMPLAINT",
      "BAD_SHARE_SILENT_ON_COMPLAINT", "BAD_COMMITMENT", "NO_DEALING"})
  void cheatingDealerIsExcludedAndTheKeyStillWorks(Kind kind) {
    FeldmanDkg.Run run = FeldmanDkg.run(
        EIGHT, Map.of(3, FeldmanFault.of(kind, 6)), SeededDrbg.of(6, "dkg", kind.ordinal()));
    for (FeldmanResult r : run.results()) {
      assertFalse(r.qualified().contains(3), () -> kind + " " + r);
      assertEquals(7, r.qualified().size());
      assertTrue(r.disqualified().containsKey(3));
    }
    KeySet keys = FeldmanDkg.keySet(EIGHT, run.results(), TpkeCheck.WORKERS);
    // The victim's share is the QUAL sum: it decrypts with the others.
    TpkeCheck.decrypts(keys, "fast", List.of(0, 1, 3, 6, 7), SeededDrbg.of(7, "enc", 0));
  }

  @Test
  void dealerThatFixesTheShareOnComplaintStaysIn() {
    FeldmanDkg.Run run = FeldmanDkg.run(EIGHT,
        Map.of(2, FeldmanFault.of(Kind.BAD_SHARE_FIXED_ON_COMPLAINT, 5)), SeededDrbg.of(8, "dkg", 0));
    assertEquals(1, run.sent().stream().filter(s -> s.round() == 2).count());
    assertEquals(1, run.sent().stream().filter(s -> s.round() == 3).count());
    for (FeldmanResult r : run.results()) {
      assertEquals(8, r.qualified().size());
    }
    KeySet keys = FeldmanDkg.keySet(EIGHT, run.results(), TpkeCheck.WORKERS);
    TpkeCheck.decrypts(keys, "fast", List.of(1, 2, 4, 5, 6), SeededDrbg.of(9, "enc", 0));
  }

  @Test
  void keySetRejectsInconsistentShares() {
    FeldmanDkg.Run run = FeldmanDkg.run(EIGHT, Map.of(), SeededDrbg.of(10, "dkg", 0));
    FeldmanResult r = run.results().get(4);
    List<FeldmanResult> tampered = new java.util.ArrayList<>(run.results());
    tampered.set(4, new FeldmanResult(4, r.qualified(), r.disqualified(), r.publicKey(),
        r.commitments(), List.of(r.shares().get(0).add(Fr.one())), r.blinding(), r.blindingKeys()));
    CryptoException e = assertThrows(CryptoException.class,
        () -> FeldmanDkg.keySet(EIGHT, tampered, TpkeCheck.WORKERS));
    assertTrue(e.getMessage().contains("degree"), e.getMessage());
  }

  @Test
  void shareCheckNamesTheDealer() {
    Fr[] coef = {Fr.of(3), Fr.of(5), Fr.of(7)};
    List<G1Point> cs = FeldmanVss.commit(coef);
    Fr x = Fr.of(11);
    Fr good = Fr.of(3 + 5 * 11 + 7 * 121);
    FeldmanVss.requireValid(new FeldmanVss.Claim(4, cs, new Fr[] {x}, List.of(good)),
        SeededDrbg.of(1, "w", 0));
    CryptoException e = assertThrows(CryptoException.class, () -> FeldmanVss.requireValid(
        new FeldmanVss.Claim(4, cs, new Fr[] {x}, List.of(good.add(Fr.one()))),
        SeededDrbg.of(1, "w", 0)));
    assertTrue(e.getMessage().contains("dealer 4"), e.getMessage());
    assertEquals(G1Point.generator().multiply(good), FeldmanVss.evaluate(cs, x));
  }

  @Test
  void wireEncodingRoundTripsAndRejectsMalformedInput() {
    FeldmanParty p = new FeldmanParty(EIGHT, 2, SeededDrbg.of(11, "dkg", 0), FeldmanFault.HONEST);
    List<FeldmanMessage> out = p.deal();
    Dealing d = (Dealing) out.get(0);
    assertEquals(4 + 4 + 5 * 48 + 96, d.wireBytes());
    Dealing back = Dealing.fromBytes(d.toBytes(), 5);
    assertEquals(d.commitments(), back.commitments());
    assertEquals(d.blindingKey(), back.blindingKey());

    CryptoException wrongCount = assertThrows(CryptoException.class,
        () -> Dealing.fromBytes(d.toBytes(), 6));
    assertTrue(wrongCount.getMessage().contains("dealer 2"), wrongCount.getMessage());
    byte[] bad = d.toBytes();
    bad[8 + 48 + 5] ^= 0x55; // corrupt the second commitment
    CryptoException badPoint = assertThrows(CryptoException.class, () -> Dealing.fromBytes(bad, 5));
    assertTrue(badPoint.getMessage().contains("dealer 2"), badPoint.getMessage());
    byte[] shortOne = java.util.Arrays.copyOf(d.toBytes(), 100);
    assertThrows(CryptoException.class, () -> Dealing.fromBytes(shortOne, 5));

    PrivateShares s = (PrivateShares) out.get(1);
    assertEquals(s, PrivateShares.fromBytes(s.toBytes(), 1));
    assertEquals(4 + 4 + 32 + 28, s.wireBytes());
    byte[] big = s.toBytes();
    java.util.Arrays.fill(big, 8, 40, (byte) 0xff); // >= r
    CryptoException nonCanonical = assertThrows(CryptoException.class,
        () -> PrivateShares.fromBytes(big, 1));
    assertTrue(nonCanonical.getMessage().contains("dealer 2"), nonCanonical.getMessage());

    FeldmanParty q = new FeldmanParty(EIGHT, 3, SeededDrbg.of(12, "dkg", 0), FeldmanFault.HONEST);
    q.deal();
    assertThrows(CryptoException.class, () -> q.receive(2, s)); // addressed to party 0, not 3
    CryptoException unknown = assertThrows(CryptoException.class,
        () -> q.receive(8, new Dealing(8, d.commitments(), d.blindingKey())));
    assertTrue(unknown.getMessage().contains("party 8"), unknown.getMessage());
    assertThrows(CryptoException.class,
        () -> q.receive(1, new FeldmanMessage.Complaint(1, -1)));
    // a message is taken only from the party it names as its sender
    CryptoException forged = assertThrows(CryptoException.class, () -> q.receive(1, d));
    assertTrue(forged.getMessage().contains("party 1") && forged.getMessage().contains("names"
        + " party 2"), forged.getMessage());
  }

  @Test
  void unweightedLayoutRunsButHasNoKeySet() {
    ShareLayout layout = ShareLayout.unweighted(3, 5);
    FeldmanDkg.Run run = FeldmanDkg.run(layout, Map.of(), SeededDrbg.of(13, "dkg", 0));
    // Any 3 shares interpolate to the secret behind the public key.
    Fr[] xs = new Fr[3];
    Fr[] ys = new Fr[3];
    int[] who = {0, 2, 4};
    for (int i = 0; i < 3; i++) {
      xs[i] = layout.domain().element(who[i]);
      ys[i] = run.results().get(who[i]).shares().get(0);
    }
    Fr secret = Fr.zero();
    for (int i = 0; i < 3; i++) {
      Fr l = Fr.one();
      for (int j = 0; j < 3; j++) {
        if (j != i) {
          l = l.mul(xs[j]).mul(xs[j].sub(xs[i]).inverse());
        }
      }
      secret = secret.add(l.mul(ys[i]));
    }
    assertEquals(run.results().get(0).publicKey(), G1Point.generator().multiply(secret));
    assertThrows(CryptoException.class,
        () -> FeldmanDkg.keySet(layout, run.results(), TpkeCheck.WORKERS));
    assertTrue(run.bytesInRound(1, 5) > 0);
  }

  @Test
  void sameSeedSameKeyAndRoundsInOrder() {
    FeldmanDkg.Run a = FeldmanDkg.run(EIGHT, Map.of(), SeededDrbg.of(14, "dkg", 0));
    FeldmanDkg.Run b = FeldmanDkg.run(EIGHT, Map.of(), SeededDrbg.of(14, "dkg", 0));
    FeldmanDkg.Run c = FeldmanDkg.run(EIGHT, Map.of(), SeededDrbg.of(15, "dkg", 0));
    assertEquals(a.results().get(0).publicKey(), b.results().get(0).publicKey());
    assertEquals(a.results().get(5).shares(), b.results().get(5).shares());
    assertFalse(a.results().get(0).publicKey().equals(c.results().get(0).publicKey()));
    FeldmanParty p = new FeldmanParty(EIGHT, 0, SeededDrbg.of(1, "x", 0), FeldmanFault.HONEST);
    assertThrows(IllegalStateException.class, p::complain);
    p.deal();
    assertThrows(IllegalStateException.class, p::deal);
  }
}
