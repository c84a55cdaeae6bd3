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
import java.util.Collections;
import java.util.List;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.constraints.IntRange;
import org.bouncycastle.math.ec.rfc8032.Ed25519;
import org.junit.jupiter.api.Test;

/** Signing end to end: random (t, n) and signer sets, bad shares named, malformed input refused. */
class FrostSigningTest {
  private static final byte[] MESSAGE = "block 42".getBytes(StandardCharsets.UTF_8);

  /** t-of-n dealt keys and one signing session over {@code signers} (identifiers). */
  record Session(TrustedDealer.Dealt keys, FrostCoordinator coordinator, SigningPackage pkg,
      List<FrostSigner> signers) {
    static Session of(TrustedDealer.Dealt keys, List<Integer> ids, byte[] message,
        StrongRandom random) {
      List<FrostSigner> signers = new ArrayList<>();
      List<SigningCommitments> commitments = new ArrayList<>();
      for (int id : ids) {
        FrostSigner s = new FrostSigner(keys.keyPackages().get(id - 1));
        commitments.add(s.commit(random));
        signers.add(s);
      }
      FrostCoordinator c = new FrostCoordinator(keys.publicKeys());
      return new Session(keys, c, c.signingPackage(commitments, message), signers);
    }

    List<SignatureShare> sign() {
      List<SignatureShare> shares = new ArrayList<>();
      for (FrostSigner s : signers) {
        // Through the wire encodings, as a signer and the coordinator would see them.
        SigningPackage received = SigningPackage.decode(pkg.encode());
        shares.add(SignatureShare.decode(s.sign(received).encode()));
      }
      return shares;
    }
  }

  private static List<Integer> randomSubset(int n, int size, long seed) {
    List<Integer> all = new ArrayList<>();
    for (int i = 1; i <= n; i++) {
      all.add(i);
    }
    Collections.shuffle(all, new java.util.Random(seed)); // test data only, not key material
    return all.subList(0, size);
  }

  private static boolean bouncyCastleVerifies(GroupElement key, byte[] sig, byte[] message) {
    return Ed25519.verify(sig, 0, key.encode(), 0, message, 0, message.length);
  }

  @Property(tries = 25)
  void everyAggregateIsAPlainEd25519Signature(@ForAll @IntRange(min = 2, max = 9) int t,
      @ForAll @IntRange(min = 0, max = 4) int extraParties, @ForAll @IntRange(min = 0, max = 4)
      int extraSigners, @ForAll long seed) {
    int n = t + extraParties;
    int size = Math.min(n, t + extraSigners);
    StrongRandom random = SeededDrbg.of(seed, "frost.sign.test", 0);
    TrustedDealer.Dealt keys = TrustedDealer.deal(t, n, random);
    byte[] message = random.nextBytes(1 + (int) Math.floorMod(seed, 100L));
    Session s = Session.of(keys, randomSubset(n, size, seed), message, random);
    AggregateResult r = s.coordinator().aggregate(s.pkg(), s.sign());
    assertTrue(r.signed(), "(t, n) = (" + t + ", " + n + ")");
    byte[] sig = r.signature().orElseThrow().encode();
    assertTrue(bouncyCastleVerifies(keys.publicKeys().groupPublicKey(), sig, message));
    assertFalse(bouncyCastleVerifies(keys.publicKeys().groupPublicKey(), sig,
        "another message".getBytes(StandardCharsets.UTF_8)));
  }

  @Property(tries = 15)
  void aCorruptedShareIsRejectedAndItsSignerNamed(@ForAll @IntRange(min = 2, max = 7) int t,
      @ForAll @IntRange(min = 0, max = 3) int extra, @ForAll long seed) {
    StrongRandom random = SeededDrbg.of(seed, "frost.blame.test", 0);
    int n = t + extra;
    Session s = Session.of(TrustedDealer.deal(t, n, random), randomSubset(n, t, seed), MESSAGE,
        random);
    List<SignatureShare> shares = new ArrayList<>(s.sign());
    int victim = (int) Math.floorMod(seed, (long) shares.size());
    SignatureShare honest = shares.get(victim);
    shares.set(victim, new SignatureShare(honest.identifier(), honest.share().add(Scalar.ONE)));
    AggregateResult r = s.coordinator().aggregate(s.pkg(), shares);
    assertFalse(r.signed());
    assertEquals(List.of(honest.identifier()), r.badSigners());
    assertTrue(s.coordinator().verifySignatureShare(honest, s.pkg()));
  }

  @Test
  void aShareOfAnotherSessionIsNamedToo() {
    StrongRandom random = SeededDrbg.of(1, "frost.replay.test", 0);
    TrustedDealer.Dealt keys = TrustedDealer.deal(2, 3, random);
    Session first = Session.of(keys, List.of(1, 2), MESSAGE, random);
    Session second = Session.of(keys, List.of(1, 2), MESSAGE, random);
    List<SignatureShare> mixed = List.of(first.sign().get(0), second.sign().get(1));
    AggregateResult r = second.coordinator().aggregate(second.pkg(), mixed);
    assertEquals(List.of(new Identifier(1)), r.badSigners());
  }

  @Test
  void aSignerRefusesPackagesThatDoNotCarryItsCommitmentAndNeverSignsTwice() {
    StrongRandom random = SeededDrbg.of(2, "frost.refuse.test", 0);
    TrustedDealer.Dealt keys = TrustedDealer.deal(2, 3, random);
    Session s = Session.of(keys, List.of(1, 3), MESSAGE, random);
    FrostSigner one = s.signers().get(0);
    SigningCommitments other = new FrostSigner(keys.keyPackages().get(0)).commit(random);
    SigningPackage swapped = new SigningPackage(List.of(other, s.pkg().commitments().get(1)),
        MESSAGE);
    assertThrows(CryptoException.class, () -> one.sign(swapped));
    one.sign(s.pkg());
    CryptoException twice = assertThrows(CryptoException.class, () -> one.sign(s.pkg()));
    assertTrue(twice.getMessage().contains("signs once"), twice.getMessage());
    SigningPackage lonely = new SigningPackage(List.of(s.pkg().commitments().get(1)), MESSAGE);
    assertThrows(CryptoException.class, () -> s.signers().get(1).sign(lonely));
  }

  @Test
  void malformedPackagesAndIdentifiersAreRefused() {
    StrongRandom random = SeededDrbg.of(3, "frost.malformed.test", 0);
    TrustedDealer.Dealt keys = TrustedDealer.deal(2, 3, random);
    FrostCoordinator c = new FrostCoordinator(keys.publicKeys());
    SigningCommitments a = new FrostSigner(keys.keyPackages().get(0)).commit(random);
    SigningCommitments b = new FrostSigner(keys.keyPackages().get(1)).commit(random);
    assertThrows(IllegalArgumentException.class,
        () -> new SigningPackage(List.of(b, a), MESSAGE)); // unsorted
    assertThrows(IllegalArgumentException.class,
        () -> new SigningPackage(List.of(a, a), MESSAGE)); // repeated
    assertThrows(CryptoException.class, () -> c.signingPackage(List.of(a, a), MESSAGE));
    assertThrows(CryptoException.class, () -> c.signingPackage(List.of(a), MESSAGE));
    SigningCommitments stranger = new SigningCommitments(new Identifier(9), a.hiding(),
        a.binding());
    assertThrows(CryptoException.class, () -> c.signingPackage(List.of(a, stranger), MESSAGE));
    assertThrows(IllegalArgumentException.class, () -> new Identifier(0));
    assertThrows(IllegalArgumentException.class, () -> new Identifier(Identifier.MAX + 1));
    assertThrows(CryptoException.class, () -> Identifier.decode(Scalar.ZERO.encode(), "id"));
    assertThrows(CryptoException.class,
        () -> Identifier.decode(Scalar.of(Identifier.MAX + 1).encode(), "id"));

    byte[] wire = a.encode();
    byte[] identityHiding = wire.clone();
    System.arraycopy(GroupElement.IDENTITY.encode(), 0, identityHiding, 32, 32);
    CryptoException e = assertThrows(CryptoException.class,
        () -> SigningCommitments.decode(identityHiding));
    assertTrue(e.getMessage().contains("hiding commitment of 1"), e.getMessage());
    byte[] torsion = wire.clone();
    System.arraycopy(GroupElement.decodeOnCurve(new byte[32], "T4").encode(), 0, torsion, 64, 32);
    assertThrows(CryptoException.class, () -> SigningCommitments.decode(torsion));
    byte[] badShare = new SignatureShare(new Identifier(1), Scalar.ONE).encode();
    System.arraycopy(Scalar.toLittleEndian(Scalar.ORDER, 32), 0, badShare, 32, 32);
    assertThrows(CryptoException.class, () -> SignatureShare.decode(badShare));
    assertThrows(CryptoException.class, () -> SigningPackage.decode(new byte[] {0, 0, 0, 5}));

    SigningPackage pkg = c.signingPackage(List.of(b, a), MESSAGE);
    assertEquals(List.of(new Identifier(1), new Identifier(2)), pkg.signers());
    SignatureShare fromStranger = new SignatureShare(new Identifier(3), Scalar.ONE);
    assertThrows(CryptoException.class, () -> c.aggregate(pkg, List.of(fromStranger)));
  }

  /** Audit F5: a received package naming a signer outside the key package once raised an NPE. */
  @Test
  void aReceivedPackageNamingAnUnknownSignerIsRefusedWithItsIdentifier() {
    StrongRandom random = SeededDrbg.of(4, "frost.unknown.test", 0);
    TrustedDealer.Dealt keys = TrustedDealer.deal(2, 3, random);
    FrostCoordinator c = new FrostCoordinator(keys.publicKeys());
    FrostSigner one = new FrostSigner(keys.keyPackages().get(0));
    FrostSigner two = new FrostSigner(keys.keyPackages().get(1));
    SigningCommitments c1 = one.commit(random);
    SigningCommitments c2 = two.commit(random);
    SigningCommitments c7 = new SigningCommitments(new Identifier(7), c2.hiding(), c2.binding());
    SigningPackage received = SigningPackage.decode(
        new SigningPackage(List.of(c1, c2, c7), MESSAGE).encode());
    List<SignatureShare> shares = List.of(one.sign(received), two.sign(received),
        new SignatureShare(new Identifier(7), Scalar.ONE));
    CryptoException agg = assertThrows(CryptoException.class, () -> c.aggregate(received, shares));
    assertTrue(agg.getMessage().contains("unknown signer 7"), agg.getMessage());
    CryptoException share = assertThrows(CryptoException.class,
        () -> c.verifySignatureShare(shares.get(2), received));
    assertTrue(share.getMessage().contains("unknown signer 7"), share.getMessage());
  }
}
