package dev.tdsim.crypto.cggmp21;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.tdsim.crypto.cggmp21.PresignHarness.Tamper;
import dev.tdsim.crypto.cggmp21.PresignMessages.Round1;
import dev.tdsim.crypto.cggmp21.PresignMessages.Round2;
import dev.tdsim.crypto.cggmp21.PresignMessages.Round3;
import dev.tdsim.crypto.cggmp21.Signing.SignatureShare;
import java.math.BigInteger;
import java.security.MessageDigest;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.function.Supplier;
import org.bouncycastle.math.ec.ECPoint;
import org.junit.jupiter.api.Test;

/** Full t-of-n presign + sign, checked with BouncyCastle; identifiable abort; malformed input. */
class Cggmp21ProtocolTest {
  private static final int T = 2;
  private static final int N = 3;
  private static final int[] SIGNERS = {0, 2};

  private static byte[] sha256(String s) throws Exception {
    return MessageDigest.getInstance("SHA-256").digest(PresignHarness.bytes(s));
  }

  private static EcdsaSignature sign(Map<Integer, Presignature> pre, byte[] hash) {
    List<SignatureShare> shares = pre.values().stream().map(p -> Signing.share(p, hash)).toList();
    return Signing.combine(pre.get(SIGNERS[0]), hash, shares);
  }

  @Test
  void thresholdSignatureVerifiesAsPlainEcdsaWithBouncyCastle() throws Exception {
    List<KeyShare> keys = PresignHarness.keys(T, N);
    ECPoint x = keys.get(0).publicKey();
    for (KeyShare k : keys) {
      assertEquals(x, k.publicKey());
      assertEquals(Secp256k1.mulBase(k.secretShare()), k.publicShares().get(k.party()));
    }
    Map<Integer, Presignature> pre = PresignHarness.presign(keys, SIGNERS, "honest",
        Tamper.NONE);
    assertEquals(pre.get(0).bigR(), pre.get(2).bigR());
    byte[] hash = sha256("block 1");
    EcdsaSignature sig = sign(pre, hash);
    assertTrue(sig.verify(x, hash));
    assertTrue(sig.s().compareTo(Secp256k1.Q.shiftRight(1)) <= 0, "low s");
    assertEquals(65, sig.toBytes().length);
    assertEquals(x, sig.recoverPublicKey(hash));
    // the same key signs from another signing set, and the signature is for this hash only
    Map<Integer, Presignature> other = PresignHarness.presign(keys, new int[] {1, 2}, "other",
        Tamper.NONE);
    byte[] hash2 = sha256("block 2");
    EcdsaSignature sig2 = Signing.combine(other.get(1), hash2, other.values().stream()
        .map(p -> Signing.share(p, hash2)).toList());
    assertTrue(sig2.verify(x, hash2));
    assertTrue(!sig2.verify(x, hash));
  }

  @Test
  void allThreeSignersOfThreeAlsoSign() throws Exception {
    List<KeyShare> keys = PresignHarness.keys(T, N);
    int[] all = {0, 1, 2};
    Map<Integer, Presignature> pre = PresignHarness.presign(keys, all, "three", Tamper.NONE);
    byte[] hash = sha256("three");
    EcdsaSignature sig = Signing.combine(pre.get(1), hash, pre.values().stream()
        .map(p -> Signing.share(p, hash)).toList());
    assertTrue(sig.verify(keys.get(0).publicKey(), hash));
  }

  private static void assertBlames(int culprit, String words, Supplier<?> run) {
    ProtocolAbort abort = assertThrows(ProtocolAbort.class, run::get);
    assertEquals(culprit, abort.culprit().orElse(-1), abort.getMessage());
    assertTrue(abort.getMessage().contains(words), abort.getMessage());
  }

  /** A missing or empty point from a peer is refused with the point named, not BouncyCastle's
   * NullPointer or ArrayIndexOutOfBounds. */
  @Test
  void aMissingOrEmptyPointEncodingIsRefusedByName() {
    for (byte[] encoded : new byte[][] {null, new byte[0], new byte[] {0x02}}) {
      dev.tdsim.crypto.CryptoException e = assertThrows(dev.tdsim.crypto.CryptoException.class,
          () -> Secp256k1.decode(encoded, "commitment of party 2"));
      assertTrue(e.getMessage().contains("commitment of party 2"), e.getMessage());
    }
  }

  @Test
  void aBadPiEncNamesItsSender() {
    List<KeyShare> keys = PresignHarness.keys(T, N);
    // party 2 sends party 0 the proof it made for its K with its G in K's place
    Tamper t = new Tamper(m -> m.from() == 2 ? new Round1(m.from(), m.to(), m.bigG(), m.bigK(),
        m.psi()) : m, m -> m, m -> m);
    assertBlames(2, "Pi-enc", () -> PresignHarness.presign(keys, SIGNERS, "bad enc", t));
  }

  @Test
  void aWrongMtaAnswerNamesItsSender() {
    List<KeyShare> keys = PresignHarness.keys(T, N);
    // party 0 adds 1 to the plaintext of its γ-MtA answer D to party 2 (a wrong share of δ)
    Tamper t = new Tamper(m -> m, m -> {
      if (m.from() != 0) {
        return m;
      }
      var key = keys.get(2).paillierKeys().get(2).publicKey();
      BigInteger d = key.add(m.d(), key.onePlusNPow(BigInteger.ONE));
      return new Round2(m.from(), m.to(), m.bigGamma(), d, m.f(), m.dHat(), m.fHat(), m.psi(),
          m.psiHat(), m.psiPrime(), m.echo());
    }, m -> m);
    assertBlames(0, "Pi-aff-g proof (γ MtA)", () -> PresignHarness.presign(keys, SIGNERS, "bad D", t));
  }

  @Test
  void aWrongGammaNamesItsSender() {
    List<KeyShare> keys = PresignHarness.keys(T, N);
    Tamper t = new Tamper(m -> m, m -> m.from() == 2 ? new Round2(m.from(), m.to(),
        Secp256k1.add(m.bigGamma(), Secp256k1.CURVE.getG()), m.d(), m.f(), m.dHat(), m.fHat(),
        m.psi(), m.psiHat(), m.psiPrime(), m.echo()) : m, m -> m);
    assertBlames(2, "Pi-aff-g", () -> PresignHarness.presign(keys, SIGNERS, "bad Γ", t));
  }

  @Test
  void aWrongKeyMtaNamesItsSender() {
    List<KeyShare> keys = PresignHarness.keys(T, N);
    Tamper t = new Tamper(m -> m, m -> m.from() == 0 ? new Round2(m.from(), m.to(),
        m.bigGamma(), m.d(), m.f(), m.dHat(), m.f(), m.psi(), m.psiHat(), m.psiPrime(), m.echo()) : m,
        m -> m);
    assertBlames(0, "key MtA", () -> PresignHarness.presign(keys, SIGNERS, "bad D̂", t));
  }

  @Test
  void equivocationInRoundOneIsCaughtByTheEcho() {
    List<KeyShare> keys = PresignHarness.keys(T, N);
    // party 0 sends party 2 another G than party 1 gets (G carries no proof in round 1)
    Tamper t = new Tamper(m -> {
      if (m.from() != 0 || m.to() != 2) {
        return m;
      }
      var key = keys.get(0).paillier();
      BigInteger otherG = key.add(m.bigG(), key.onePlusNPow(BigInteger.ONE));
      return new Round1(m.from(), m.to(), m.bigK(), otherG, m.psi());
    }, m -> m, m -> m);
    ProtocolAbort abort = assertThrows(ProtocolAbort.class,
        () -> PresignHarness.presign(keys, new int[] {0, 1, 2}, "equivocation", t));
    // the first signer to finish round 3 (party 0 in the harness) sees party 2's echo differ;
    // without the echo, party 2 would instead fail party 0's Pi-log* against the other G
    assertTrue(abort.getMessage().contains("party 2 received different round-1 K or G"),
        abort.getMessage());
    assertTrue(abort.culprit().isEmpty());
  }

  @Test
  void aWrongDeltaPointNamesItsSender() {
    List<KeyShare> keys = PresignHarness.keys(T, N);
    Tamper t = new Tamper(m -> m, m -> m, m -> m.from() == 2 ? new Round3(m.from(), m.to(),
        m.delta(), Secp256k1.add(m.bigDelta(), Secp256k1.CURVE.getG()), m.bigS(), m.psi()) : m);
    assertBlames(2, "Pi-log* proof for Δ",
        () -> PresignHarness.presign(keys, SIGNERS, "bad Δ", t));
  }

  @Test
  void aWrongDeltaScalarAbortsWithoutANameAsDocumented() {
    List<KeyShare> keys = PresignHarness.keys(T, N);
    Tamper t = new Tamper(m -> m, m -> m, m -> m.from() == 2 ? new Round3(m.from(), m.to(),
        m.delta().add(BigInteger.ONE).mod(Secp256k1.Q), m.bigDelta(), m.bigS(), m.psi()) : m);
    ProtocolAbort abort = assertThrows(ProtocolAbort.class,
        () -> PresignHarness.presign(keys, SIGNERS, "bad δ", t));
    assertTrue(abort.culprit().isEmpty());
    assertTrue(abort.getMessage().contains("δ·G differs"), abort.getMessage());
  }

  @Test
  void aWrongSignatureShareNamesItsSender() throws Exception {
    List<KeyShare> keys = PresignHarness.keys(T, N);
    Map<Integer, Presignature> pre = PresignHarness.presign(keys, SIGNERS, "bad σ", Tamper.NONE);
    byte[] hash = sha256("bad share");
    List<SignatureShare> shares = new ArrayList<>();
    for (Presignature p : pre.values()) {
      SignatureShare s = Signing.share(p, hash);
      shares.add(p.party() == 2 ? new SignatureShare(2, s.sigma().add(BigInteger.ONE)
          .mod(Secp256k1.Q)) : s);
    }
    assertBlames(2, "σ share", () -> Signing.combine(pre.get(0), hash, shares));
    List<SignatureShare> missing = shares.subList(0, 1);
    assertBlames(2, "no signature share", () -> Signing.combine(pre.get(0), hash, missing));
  }

  @Test
  void malformedInputsAreRejectedNamingTheSender() {
    List<KeyShare> keys = PresignHarness.keys(T, N);
    // a K outside Z*_{N^2} (a multiple of nothing: zero)
    Tamper zeroK = new Tamper(m -> m.from() == 0 ? new Round1(m.from(), m.to(), BigInteger.ZERO,
        m.bigG(), m.psi()) : m, m -> m, m -> m);
    assertBlames(0, "outside Z*_{N^2}",
        () -> PresignHarness.presign(keys, SIGNERS, "zero K", zeroK));
    // a Γ off the curve
    ECPoint offCurve = Secp256k1.CURVE.getCurve().createPoint(BigInteger.ONE, BigInteger.ONE);
    Tamper badPoint = new Tamper(m -> m, m -> m.from() == 2 ? new Round2(m.from(), m.to(),
        offCurve, m.d(), m.f(), m.dHat(), m.fHat(), m.psi(), m.psiHat(), m.psiPrime(), m.echo()) : m,
        m -> m);
    assertBlames(2, "malformed Γ",
        () -> PresignHarness.presign(keys, SIGNERS, "off curve", badPoint));
    Tamper infinity = new Tamper(m -> m, m -> m, m -> m.from() == 0 ? new Round3(m.from(),
        m.to(), m.delta(), m.bigDelta(), Secp256k1.CURVE.getCurve().getInfinity(), m.psi()) : m);
    assertBlames(0, "malformed S",
        () -> PresignHarness.presign(keys, SIGNERS, "infinity", infinity));
    assertThrows(IllegalArgumentException.class,
        () -> new PresignParty(keys.get(0), new int[] {0}, new byte[1],
            dev.tdsim.crypto.random.SeededDrbg.of(1, "x", 0)));
  }

  @Test
  void keyGenerationNamesADealerWithABadShareOrProof() {
    List<dev.tdsim.crypto.cggmp21.paillier.PaillierSecretKey> paillier = List.of(
        Cggmp21Fixture.key(0), Cggmp21Fixture.key(1), Cggmp21Fixture.key(2));
    var random = dev.tdsim.crypto.random.SeededDrbg.of(9, "keygen.bad", 0);
    byte[] sid = PresignHarness.bytes("keygen bad");
    List<KeyGen.Party> ps = new ArrayList<>();
    for (int i = 0; i < 3; i++) {
      ps.add(new KeyGen.Party(i, 3, 2, SecurityParams.TEST, sid, paillier.get(i),
          random.split()));
    }
    List<KeyGen.Dealing> honest = ps.stream().map(KeyGen.Party::deal).toList();
    List<KeyGen.Echo> echoesTo0 = List.of(ps.get(1).echo(honest), ps.get(2).echo(honest));
    KeyGen.Dealing d1 = honest.get(1);
    List<BigInteger> badShares = new ArrayList<>(d1.shares());
    badShares.set(0, badShares.get(0).add(BigInteger.ONE));
    List<KeyGen.Dealing> withBadShare = new ArrayList<>(honest);
    withBadShare.set(1, new KeyGen.Dealing(1, d1.commitments(), badShares, d1.paillierN(),
        d1.pedersenS(), d1.pedersenT(), d1.mod(), d1.prm()));
    assertBlames(1, "does not match its commitments", () -> ps.get(0).finish(withBadShare,
        echoesTo0, true));
    // party 2 presents party 1's Pi-mod as its own
    KeyGen.Dealing d2 = honest.get(2);
    List<KeyGen.Dealing> withBadProof = new ArrayList<>(honest);
    withBadProof.set(2, new KeyGen.Dealing(2, d2.commitments(), d2.shares(), d2.paillierN(),
        d2.pedersenS(), d2.pedersenT(), d1.mod(), d2.prm()));
    assertBlames(2, "Pi-mod", () -> ps.get(0).finish(withBadProof, echoesTo0, true));
    List<KeyGen.Dealing> withBadPrm = new ArrayList<>(honest);
    withBadPrm.set(2, new KeyGen.Dealing(2, d2.commitments(), d2.shares(), d2.paillierN(),
        d2.pedersenS(), d2.pedersenT(), d2.mod(), d1.prm()));
    assertBlames(2, "Pi-prm", () -> ps.get(0).finish(withBadPrm, echoesTo0, true));
    byte[] notAPoint = new byte[33];
    notAPoint[0] = 2;
    notAPoint[32] = 5;
    List<KeyGen.ECPointBytes> badCommitments = new ArrayList<>(d1.commitments());
    badCommitments.set(0, new KeyGen.ECPointBytes(notAPoint));
    List<KeyGen.Dealing> withBadPoint = new ArrayList<>(honest);
    withBadPoint.set(1, new KeyGen.Dealing(1, badCommitments, d1.shares(), d1.paillierN(),
        d1.pedersenS(), d1.pedersenT(), d1.mod(), d1.prm()));
    assertBlames(1, "malformed commitment", () -> ps.get(0).finish(withBadPoint, echoesTo0, true));
    // honest dealings give every party the same key
    KeyShare a = ps.get(0).finish(honest, echoesTo0, true);
    KeyShare b = ps.get(1).finish(honest, List.of(ps.get(0).echo(honest), ps.get(2).echo(honest)),
        true);
    assertEquals(a.publicKey(), b.publicKey());
    assertArrayEquals(Secp256k1.encode(a.publicShares().get(1)),
        Secp256k1.encode(Secp256k1.mulBase(b.secretShare())));
  }

  /** A private field of a party: the malicious party reading its own state. */
  private static BigInteger stateOf(PresignParty party, String field) {
    try {
      java.lang.reflect.Field f = PresignParty.class.getDeclaredField(field);
      f.setAccessible(true);
      return (BigInteger) f.get(party);
    } catch (ReflectiveOperationException e) {
      throw new AssertionError(e);
    }
  }

  /**
   * Audit F3: party 2 sends a Π^log* (for Γ) or a Π^aff-g (γ MtA) whose every Paillier and
   * ring-Pedersen equation holds but whose group commitment lies on secp256r1; before, BouncyCastle
   * threw a ClassCastException out of round 3, now the proof fails and party 2 is named.
   */
  @Test
  void aProofPointOnAnotherCurveNamesItsSender() {
    List<KeyShare> keys = PresignHarness.keys(T, N);
    KeyShare evil = keys.get(2);
    var context = new dev.tdsim.crypto.cggmp21.zk.ProofContext(PresignHarness.bytes("foreign Y"),
        2);
    assertBlames(2, "Pi-log* proof for Γ", () -> PresignHarness.presign(keys, SIGNERS,
        "foreign Y", parties -> new Tamper(m -> m, m -> {
          if (m.from() != 2) {
            return m;
          }
          PresignParty p = parties.get(2);
          var psiPrime = dev.tdsim.crypto.cggmp21.zk.MaliciousProofs.logStarWithForeignY(context,
              evil.params(), evil.paillier().publicKey(), evil.pedersenParams().get(m.to()),
              stateOf(p, "bigG"), m.bigGamma(), Secp256k1.CURVE.getG(), stateOf(p, "gamma"),
              stateOf(p, "gammaNonce"), dev.tdsim.crypto.random.SeededDrbg.of(9, "evil", 0));
          return new Round2(m.from(), m.to(), m.bigGamma(), m.d(), m.f(), m.dHat(), m.fHat(),
              m.psi(), m.psiHat(), psiPrime, m.echo());
        }, m -> m)));

    var contextBx = new dev.tdsim.crypto.cggmp21.zk.ProofContext(
        PresignHarness.bytes("foreign Bx"), 2);
    Map<Integer, BigInteger> roundOneK = new java.util.HashMap<>();
    assertBlames(2, "Pi-aff-g proof (γ MtA)", () -> PresignHarness.presign(keys, SIGNERS,
        "foreign Bx", parties -> new Tamper(m -> {
          roundOneK.put(m.from(), m.bigK());
          return m;
        }, m -> {
          if (m.from() != 2) {
            return m;
          }
          // a fresh, correct γ-MtA answer to the receiver's K, proven with Bx on secp256r1
          var random = dev.tdsim.crypto.random.SeededDrbg.of(10, "evil", 0);
          var receiverKey = evil.paillierKeys().get(m.to()).publicKey();
          var ownKey = evil.paillier().publicKey();
          BigInteger gamma = stateOf(parties.get(2), "gamma");
          BigInteger beta = dev.tdsim.crypto.cggmp21.paillier.RandomInts.signedBits(
              evil.params().ellPrime(), random);
          BigInteger s = dev.tdsim.crypto.cggmp21.paillier.RandomInts.unit(receiverKey.n(),
              random);
          BigInteger r = dev.tdsim.crypto.cggmp21.paillier.RandomInts.unit(ownKey.n(), random);
          BigInteger k = roundOneK.get(m.to());
          BigInteger d = receiverKey.add(receiverKey.multiply(k, gamma),
              receiverKey.encrypt(beta, s));
          BigInteger f = ownKey.encrypt(beta, r);
          var st = new dev.tdsim.crypto.cggmp21.zk.AffGProof.Statement(receiverKey, ownKey, k, d,
              f, m.bigGamma());
          var psi = dev.tdsim.crypto.cggmp21.zk.MaliciousProofs.affGWithForeignBx(contextBx,
              evil.params(), st, evil.pedersenParams().get(m.to()), gamma, beta, s, r, random);
          return new Round2(m.from(), m.to(), m.bigGamma(), d, f, m.dHat(), m.fHat(), psi,
              m.psiHat(), m.psiPrime(), m.echo());
        }, m -> m)));
  }

  /**
   * Audit F6: two presignings under one session id; in the second, party 0 gets party 2's round-1
   * message of the first (the network replays it). Every proof of that message verifies (same
   * id), so before, round 3's proof checks ran on inconsistent round-1 values and each honest
   * party named the other. The echo is now compared first: the abort names no one.
   */
  @Test
  void aRoundOneMessageReplayedUnderTheSameSessionIdBlamesNoOne() {
    List<KeyShare> keys = PresignHarness.keys(T, N);
    List<Round1> first = new ArrayList<>();
    PresignHarness.presign(keys, SIGNERS, "same id", "first presigning",
        parties -> new Tamper(m -> {
          first.add(m);
          return m;
        }, m -> m, m -> m));
    Round1 old = first.stream().filter(m -> m.from() == 2 && m.to() == 0).findFirst()
        .orElseThrow();
    ProtocolAbort abort = assertThrows(ProtocolAbort.class, () -> PresignHarness.presign(keys,
        SIGNERS, "same id", "second presigning", parties -> new Tamper(
            m -> m.from() == 2 && m.to() == 0 ? old : m, m -> m, m -> m)));
    assertTrue(abort.culprit().isEmpty(), abort.getMessage());
    assertTrue(abort.getMessage().contains("received different round-1 K or G"),
        abort.getMessage());
  }

  /**
   * Audit F4: dealer 2 sends party 0 one dealing and party 1 another, each self-consistent. Before,
   * both finished with different public keys and no error, and their first presigning named
   * honest parties. Now the echo round shows the difference and key generation aborts, naming no
   * one (the echo cannot tell an equivocating dealer from a lying echo) but the dealer in
   * question.
   */
  @Test
  void keyGenerationAbortsWhenADealerSendsDifferentBroadcasts() {
    List<dev.tdsim.crypto.cggmp21.paillier.PaillierSecretKey> paillier = List.of(
        Cggmp21Fixture.key(0), Cggmp21Fixture.key(1), Cggmp21Fixture.key(2));
    byte[] sid = PresignHarness.bytes("keygen equivocation");
    var random = dev.tdsim.crypto.random.SeededDrbg.of(10, "keygen.equivocation", 0);
    KeyGen.Party p0 = new KeyGen.Party(0, 3, 2, SecurityParams.TEST, sid, paillier.get(0),
        random.split());
    KeyGen.Party p1 = new KeyGen.Party(1, 3, 2, SecurityParams.TEST, sid, paillier.get(1),
        random.split());
    KeyGen.Party twoForZero = new KeyGen.Party(2, 3, 2, SecurityParams.TEST, sid,
        paillier.get(2), random.split());
    KeyGen.Party twoForOne = new KeyGen.Party(2, 3, 2, SecurityParams.TEST, sid,
        paillier.get(2), random.split());
    List<KeyGen.Dealing> seenBy0 = List.of(p0.deal(), p1.deal(), twoForZero.deal());
    List<KeyGen.Dealing> seenBy1 = List.of(seenBy0.get(0), seenBy0.get(1), twoForOne.deal());
    KeyGen.Echo echo2 = twoForZero.echo(seenBy0);
    for (var run : List.<Supplier<KeyShare>>of(
        () -> p0.finish(seenBy0, List.of(p1.echo(seenBy1), echo2), true),
        () -> p1.finish(seenBy1, List.of(p0.echo(seenBy0), echo2), true))) {
      ProtocolAbort abort = assertThrows(ProtocolAbort.class, run::get);
      assertTrue(abort.culprit().isEmpty(), abort.getMessage());
      assertTrue(abort.getMessage().contains("from dealer 2"), abort.getMessage());
    }
    // a missing echo names its silent party
    assertBlames(1, "no echo", () -> p0.finish(seenBy0, List.of(echo2), true));
  }
}
