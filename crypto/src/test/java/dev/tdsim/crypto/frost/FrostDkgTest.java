package dev.tdsim.crypto.frost;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.tdsim.crypto.random.SeededDrbg;
import dev.tdsim.crypto.random.StrongRandom;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.function.UnaryOperator;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.constraints.IntRange;
import org.bouncycastle.math.ec.rfc8032.Ed25519;
import org.junit.jupiter.api.Test;

/** The Pedersen DKG: honest runs sign; a cheating dealer is named by those it cheated. */
class FrostDkgTest {
  /** Runs the DKG for all n parties; {@code tamper} may alter round-one packages and shares. */
  private static List<DkgOutcome> run(int t, int n, long seed,
      UnaryOperator<DkgRound1Package> tamperRound1, UnaryOperator<DkgShare> tamperShare) {
    StrongRandom random = SeededDrbg.of(seed, "frost.dkg.test", 0);
    List<DkgParticipant> parties = new ArrayList<>();
    List<DkgRound1Package> round1 = new ArrayList<>();
    for (int i = 1; i <= n; i++) {
      DkgParticipant p = new DkgParticipant(new Identifier(i), t, n, random.split());
      parties.add(p);
      round1.add(tamperRound1.apply(p.round1()));
    }
    List<DkgShare> shares = new ArrayList<>();
    for (DkgParticipant p : parties) {
      List<DkgRound1Package> others = round1.stream()
          .filter(r -> !r.dealer().equals(p.identifier())).toList();
      for (DkgShare s : p.round2(others)) {
        shares.add(tamperShare.apply(s));
      }
    }
    List<DkgOutcome> out = new ArrayList<>();
    for (DkgParticipant p : parties) {
      out.add(p.finish(shares.stream().filter(s -> s.recipient().equals(p.identifier()))
          .toList()));
    }
    return out;
  }

  @Property(tries = 8)
  void honestRunsAgreeAndTheirKeysSign(@ForAll @IntRange(min = 2, max = 5) int t,
      @ForAll @IntRange(min = 0, max = 3) int extra, @ForAll long seed) {
    int n = t + extra;
    List<DkgOutcome> outcomes = run(t, n, seed, UnaryOperator.identity(),
        UnaryOperator.identity());
    PublicKeyPackage publicKeys = outcomes.get(0).publicKeys().orElseThrow();
    List<KeyPackage> keys = new ArrayList<>();
    for (DkgOutcome o : outcomes) {
      assertTrue(o.succeeded(), "blamed " + o.blamed());
      assertEquals(publicKeys, o.publicKeys().orElseThrow());
      KeyPackage k = o.key().orElseThrow();
      assertEquals(publicKeys.verifyingShares().get(k.identifier()), k.verifyingShare());
      keys.add(k);
    }
    // The first t shares interpolate to the group secret: [s]B = PK.
    List<Identifier> ids = keys.subList(0, t).stream().map(KeyPackage::identifier).toList();
    Scalar secret = Scalar.ZERO;
    for (KeyPackage k : keys.subList(0, t)) {
      secret = secret.add(SigningMath.lagrangeAtZero(ids, k.identifier())
          .multiply(k.signingShare()));
    }
    assertEquals(publicKeys.groupPublicKey(), GroupElement.multiplyBase(secret));
    // And they sign: the last t parties, through the coordinator, verified by BouncyCastle.
    StrongRandom random = SeededDrbg.of(seed, "frost.dkg.sign", 0);
    byte[] message = "epoch 7".getBytes(StandardCharsets.UTF_8);
    List<FrostSigner> signers = new ArrayList<>();
    List<SigningCommitments> commitments = new ArrayList<>();
    for (KeyPackage k : keys.subList(n - t, n)) {
      FrostSigner s = new FrostSigner(k);
      signers.add(s);
      commitments.add(s.commit(random));
    }
    FrostCoordinator c = new FrostCoordinator(publicKeys);
    SigningPackage pkg = c.signingPackage(commitments, message);
    List<SignatureShare> shares = signers.stream().map(s -> s.sign(pkg)).toList();
    byte[] sig = c.aggregate(pkg, shares).signature().orElseThrow().encode();
    assertTrue(Ed25519.verify(sig, 0, publicKeys.groupPublicKey().encode(), 0, message, 0,
        message.length));
  }

  @Test
  void aDealerWithABadProofOfKnowledgeIsNamedByEveryone() {
    Identifier cheat = new Identifier(2);
    List<DkgOutcome> outcomes = run(3, 5, 11, p -> p.dealer().equals(cheat)
        ? new DkgRound1Package(p.dealer(), p.commitment(), p.proofCommitment(),
            p.proofResponse().add(Scalar.ONE))
        : p, UnaryOperator.identity());
    for (int i = 1; i <= 5; i++) {
      if (i != cheat.value()) {
        assertFalse(outcomes.get(i - 1).succeeded());
        assertEquals(List.of(cheat), outcomes.get(i - 1).blamed());
      }
    }
    assertTrue(outcomes.get(cheat.value() - 1).succeeded()); // the cheat sees honest dealers
  }

  @Test
  void aDealerSendingABadShareIsNamedByItsVictimOnly() {
    Identifier cheat = new Identifier(4);
    Identifier victim = new Identifier(1);
    List<DkgOutcome> outcomes = run(3, 5, 12, UnaryOperator.identity(),
        s -> s.dealer().equals(cheat) && s.recipient().equals(victim)
            ? new DkgShare(s.dealer(), s.recipient(), s.value().add(Scalar.ONE)) : s);
    for (int i = 1; i <= 5; i++) {
      DkgOutcome o = outcomes.get(i - 1);
      if (i == victim.value()) {
        assertFalse(o.succeeded());
        assertEquals(List.of(cheat), o.blamed());
      } else {
        assertTrue(o.succeeded(), "party " + i + " blamed " + o.blamed());
      }
    }
  }

  @Test
  void aDealerWhoseCommitmentHasTheWrongDegreeIsNamed() {
    Identifier cheat = new Identifier(3);
    List<DkgOutcome> outcomes = run(2, 3, 13, p -> p.dealer().equals(cheat)
        ? new DkgRound1Package(p.dealer(), new VssCommitment(List.of(p.commitment()
            .constantTerm())), p.proofCommitment(), p.proofResponse())
        : p, UnaryOperator.identity());
    assertEquals(List.of(cheat), outcomes.get(0).blamed());
    assertEquals(List.of(cheat), outcomes.get(1).blamed());
  }
}
