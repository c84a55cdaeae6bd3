package dev.tdsim.crypto.frost;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.tdsim.crypto.CryptoException;
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
  /**
   * n participants whose messages the test delivers, each with its authenticated sender (the
   * channel names the sender; a message names a dealer).
   */
  private static final class Run {
    final List<DkgParticipant> parties = new ArrayList<>();
    final List<DkgRound1Package> packages = new ArrayList<>();
    final List<DkgShare> shares = new ArrayList<>();

    Run(int t, int n, long seed) {
      StrongRandom random = SeededDrbg.of(seed, "frost.dkg.test", 0);
      for (int i = 1; i <= n; i++) {
        DkgParticipant p = new DkgParticipant(new Identifier(i), t, n, random.split());
        parties.add(p);
        packages.add(p.round1());
      }
    }

    DkgParticipant party(int i) {
      return parties.get(i - 1);
    }

    /** Every dealer's package to every other participant, altered in flight by {@code tamper}. */
    void broadcast(UnaryOperator<DkgRound1Package> tamper) {
      for (DkgRound1Package p : packages) {
        DkgRound1Package sent = tamper.apply(p);
        for (DkgParticipant q : parties) {
          if (!q.identifier().equals(p.dealer())) {
            q.receive(p.dealer(), sent);
          }
        }
      }
    }

    /** Round 2 at every participant, then every share to its recipient through {@code tamper}. */
    void sendShares(UnaryOperator<DkgShare> tamper) {
      for (DkgParticipant p : parties) {
        shares.addAll(p.round2());
      }
      for (DkgShare s : shares) {
        party(s.recipient().value()).receive(s.dealer(), tamper.apply(s));
      }
    }

    DkgShare share(int dealer, int recipient) {
      return shares.stream().filter(s -> s.dealer().value() == dealer
          && s.recipient().value() == recipient).findFirst().orElseThrow();
    }

    /** Every participant's echo to every other, then every participant's finish. */
    List<DkgOutcome> finish() {
      sendEchoes();
      return parties.stream().map(DkgParticipant::finish).toList();
    }

    void sendEchoes() {
      for (DkgParticipant p : parties) {
        DkgEcho echo = p.echo();
        for (DkgParticipant q : parties) {
          if (q != p) {
            q.receive(p.identifier(), echo);
          }
        }
      }
    }
  }

  /** Runs the DKG for all n parties; {@code tamper} may alter round-one packages and shares. */
  private static List<DkgOutcome> run(int t, int n, long seed,
      UnaryOperator<DkgRound1Package> tamperRound1, UnaryOperator<DkgShare> tamperShare) {
    Run run = new Run(t, n, seed);
    run.broadcast(tamperRound1);
    run.sendShares(tamperShare);
    return run.finish();
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

  private static void assertAllSucceedWithOneKey(List<DkgOutcome> outcomes) {
    for (DkgOutcome o : outcomes) {
      assertTrue(o.succeeded(), "blamed " + o.reasons());
      assertEquals(outcomes.get(0).publicKeys(), o.publicKeys());
    }
  }

  /**
   * Audit F1 (cases A, B, D): an identical retransmission of a package or a share, and a
   * participant's own package coming back to it, are no evidence against anyone; the old code
   * blamed the dealer (or the participant itself) and aborted.
   */
  @Test
  void retransmissionsAndOwnEchoesAreNotBlamed() {
    Run run = new Run(2, 3, 21);
    run.broadcast(UnaryOperator.identity());
    DkgParticipant one = run.party(1);
    one.receive(new Identifier(2), run.packages.get(1)); // dealer 2's package, again
    one.receive(new Identifier(1), run.packages.get(0)); // party 1's own, echoed back
    run.sendShares(UnaryOperator.identity());
    one.receive(new Identifier(2), run.share(2, 1)); // dealer 2's share to 1, again
    assertAllSucceedWithOneKey(run.finish());
  }

  /**
   * Audit F1 (cases C, E): a share or a package that party 3 sends in dealer 2's name is refused
   * and held against party 3, the authenticated sender, never against dealer 2; dealer 2's own
   * messages are still used.
   */
  @Test
  void aMessageInAnotherDealersNameIsHeldAgainstItsSenderOnly() {
    Identifier two = new Identifier(2);
    Identifier three = new Identifier(3);
    // C: party 3 forwards to party 1 the share dealer 2 sent party 3 (and one addressed to 1)
    Run forwarded = new Run(2, 3, 22);
    forwarded.broadcast(UnaryOperator.identity());
    forwarded.sendShares(UnaryOperator.identity());
    forwarded.party(1).receive(three, forwarded.share(2, 3));
    forwarded.party(1).receive(three, new DkgShare(two, new Identifier(1),
        forwarded.share(2, 1).value().add(Scalar.ONE)));
    List<DkgOutcome> c = forwarded.finish();
    assertEquals(List.of(three), c.get(0).blamed());
    assertTrue(c.get(0).reasons().get(three).contains("in the name of dealer 2"),
        c.get(0).reasons().toString());
    assertTrue(c.get(1).succeeded() && c.get(2).succeeded());

    // E: party 3's valid-looking package in dealer 2's name reaches party 1 before dealer 2's
    Run forged = new Run(2, 3, 23);
    DkgRound1Package fake = new DkgParticipant(two, 2, 3, SeededDrbg.of(99, "forger", 0))
        .round1();
    assertTrue(fake.proofVerifies()); // the proof binds an identifier, not a sender
    forged.party(1).receive(three, fake);
    forged.broadcast(UnaryOperator.identity());
    forged.sendShares(UnaryOperator.identity());
    List<DkgOutcome> e = forged.finish();
    assertEquals(List.of(three), e.get(0).blamed());
    assertTrue(e.get(1).succeeded() && e.get(2).succeeded());
  }

  /** Two different packages, or two different shares, from one sender are its equivocation. */
  @Test
  void twoDifferentMessagesFromOneSenderAreEquivocation() {
    Identifier two = new Identifier(2);
    Run packages = new Run(2, 3, 24);
    packages.broadcast(UnaryOperator.identity());
    DkgRound1Package other = new DkgParticipant(two, 2, 3, SeededDrbg.of(98, "second", 0))
        .round1();
    assertTrue(other.proofVerifies());
    packages.party(1).receive(two, other);
    packages.sendShares(UnaryOperator.identity());
    DkgOutcome p = packages.finish().get(0);
    assertEquals(List.of(two), p.blamed());
    assertTrue(p.reasons().get(two).contains("two different round-1 packages"), p.reasons()
        .toString());

    Run shares = new Run(2, 3, 25);
    shares.broadcast(UnaryOperator.identity());
    shares.sendShares(UnaryOperator.identity());
    DkgShare first = shares.share(2, 1);
    shares.party(1).receive(two, new DkgShare(two, first.recipient(),
        first.value().add(Scalar.ONE)));
    DkgOutcome s = shares.finish().get(0);
    assertEquals(List.of(two), s.blamed());
    assertTrue(s.reasons().get(two).contains("two different shares"), s.reasons().toString());
  }

  @Test
  void aSenderOutsideTheGroupIsTheCallersError() {
    Run run = new Run(2, 3, 26);
    CryptoException e = assertThrows(CryptoException.class,
        () -> run.party(1).receive(new Identifier(4), run.packages.get(1)));
    assertTrue(e.getMessage().contains("not a participant"), e.getMessage());
  }

  /**
   * Audit F4: dealer 3 sends participant 1 its package and participant 2 another valid one, each
   * with matching shares. Before, both derived keys, for different group keys, and the first
   * signing blamed an honest signer. Now the echoes differ and neither derives a key; no one is
   * blamed (an echo cannot tell an equivocating dealer from a lying echo), the dealer is named in
   * the reason.
   */
  @Test
  void aDealerSendingDifferentPackagesToDifferentParticipantsStopsTheDkg() {
    Identifier three = new Identifier(3);
    Run run = new Run(2, 3, 27);
    DkgParticipant other = new DkgParticipant(three, 2, 3, SeededDrbg.of(97, "other", 0));
    DkgRound1Package otherPackage = other.round1();
    for (DkgRound1Package p : run.packages) {
      for (DkgParticipant q : run.parties) {
        if (!q.identifier().equals(p.dealer())) {
          boolean twoSeesOther = p.dealer().equals(three) && q.identifier().value() == 2;
          q.receive(p.dealer(), twoSeesOther ? otherPackage : p);
        }
      }
    }
    for (DkgParticipant p : run.parties) {
      run.shares.addAll(p.round2());
    }
    List<DkgShare> otherShares = other.round2();
    for (DkgShare s : run.shares) {
      DkgShare sent = s.dealer().equals(three) && s.recipient().value() == 2
          ? otherShares.stream().filter(o -> o.recipient().value() == 2).findFirst().orElseThrow()
          : s;
      run.party(s.recipient().value()).receive(s.dealer(), sent);
    }
    List<DkgOutcome> outcomes = run.finish();
    for (int i : new int[] {1, 2}) {
      DkgOutcome o = outcomes.get(i - 1);
      assertFalse(o.succeeded());
      assertEquals(List.of(), o.blamed());
      assertTrue(o.unidentifiedAbort().orElseThrow().contains("package of dealer 3"),
          o.unidentifiedAbort().toString());
    }
  }

  /** A participant that sends no echo, or a malformed one, is blamed (as for packages and shares). */
  @Test
  void aMissingOrMalformedEchoIsBlamedOnItsSender() {
    Run run = new Run(2, 3, 28);
    run.broadcast(UnaryOperator.identity());
    run.sendShares(UnaryOperator.identity());
    DkgParticipant one = run.party(1);
    one.receive(new Identifier(2), run.party(2).echo()); // participant 3's echo never comes
    DkgOutcome o = one.finish();
    assertEquals(List.of(new Identifier(3)), o.blamed());
    assertTrue(o.reasons().get(new Identifier(3)).contains("no echo"), o.reasons().toString());

    Run malformed = new Run(2, 3, 29);
    malformed.broadcast(UnaryOperator.identity());
    malformed.sendShares(UnaryOperator.identity());
    DkgParticipant first = malformed.party(1);
    first.receive(new Identifier(2), malformed.party(2).echo());
    first.receive(new Identifier(3), new DkgEcho(new Identifier(3),
        List.of(new byte[32], new byte[31], new byte[32])));
    DkgOutcome m = first.finish();
    assertEquals(List.of(new Identifier(3)), m.blamed());
    assertTrue(m.reasons().get(new Identifier(3)).contains("malformed echo"),
        m.reasons().toString());
  }
}
