package dev.tdsim.crypto.cggmp21.zk;

import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.tdsim.crypto.cggmp21.Cggmp21Fixture;
import dev.tdsim.crypto.cggmp21.Secp256k1;
import dev.tdsim.crypto.cggmp21.SecurityParams;
import dev.tdsim.crypto.cggmp21.paillier.PaillierPublicKey;
import dev.tdsim.crypto.cggmp21.paillier.PaillierSecretKey;
import dev.tdsim.crypto.cggmp21.paillier.RandomInts;
import dev.tdsim.crypto.random.SeededDrbg;
import java.math.BigInteger;
import java.nio.charset.StandardCharsets;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import org.bouncycastle.math.ec.ECPoint;
import org.junit.jupiter.api.Test;

/**
 * Every proof accepts an honest witness and rejects a wrong one (statement not matching the
 * witness), a tampered response, and a proof replayed under another session or prover.
 */
class ProofsPropertiesTest {
  private static final SecurityParams SP = SecurityParams.TEST;
  private static final PaillierSecretKey PROVER = Cggmp21Fixture.key(0);
  private static final PaillierSecretKey VERIFIER = Cggmp21Fixture.key(1);
  /** The verifier's parameters as the prover sees them, and as the verifier (CRT) uses them. */
  private static final RingPedersen VERIFIER_RP = Cggmp21Fixture.pedersen(1).params()
      .publicParams();
  private static final RingPedersen VERIFIER_OWN = VERIFIER_RP.ownedBy(VERIFIER);
  private static final ProofContext CTX =
      new ProofContext("sid".getBytes(StandardCharsets.UTF_8), 0);
  private static final ProofContext OTHER_SESSION =
      new ProofContext("sid2".getBytes(StandardCharsets.UTF_8), 0);
  private static final ProofContext OTHER_PROVER =
      new ProofContext("sid".getBytes(StandardCharsets.UTF_8), 1);

  private static PaillierPublicKey proverPublic() {
    return PROVER.publicKey();
  }

  @Property(tries = 8)
  void encAcceptsHonestAndRejectsWrongWitness(@ForAll long seed) {
    var random = SeededDrbg.of(seed, "enc", 0);
    BigInteger k = RandomInts.below(Secp256k1.Q, random);
    var enc = proverPublic().encrypt(k, random);
    EncProof proof = EncProof.prove(CTX, SP, PROVER, VERIFIER_RP, enc.ciphertext(), k,
        enc.nonce(), random);
    assertTrue(proof.verify(CTX, SP, proverPublic(), VERIFIER_OWN, enc.ciphertext()));
    assertTrue(proof.verify(CTX, SP, proverPublic(), VERIFIER_RP, enc.ciphertext()));
    assertFalse(proof.verify(OTHER_SESSION, SP, proverPublic(), VERIFIER_OWN, enc.ciphertext()));
    assertFalse(proof.verify(OTHER_PROVER, SP, proverPublic(), VERIFIER_OWN, enc.ciphertext()));
    // a proof made with a wrong witness (k + 1 for K = enc(k)) does not verify
    EncProof wrong = EncProof.prove(CTX, SP, PROVER, VERIFIER_RP, enc.ciphertext(),
        k.add(BigInteger.ONE), enc.nonce(), random);
    assertFalse(wrong.verify(CTX, SP, proverPublic(), VERIFIER_OWN, enc.ciphertext()));
    EncProof tampered = new EncProof(proof.S(), proof.A(), proof.C(),
        proof.z1().add(BigInteger.ONE), proof.z2(), proof.z3());
    assertFalse(tampered.verify(CTX, SP, proverPublic(), VERIFIER_OWN, enc.ciphertext()));
  }

  @Test
  void encRejectsAnOutOfRangePlaintext() {
    var random = SeededDrbg.of(3, "enc.range", 0);
    // k far beyond ±2^(ℓ+ε): the response z1 is out of range, whatever the challenge
    BigInteger k = BigInteger.ONE.shiftLeft(SP.ell() + SP.epsilon() + 300);
    var enc = proverPublic().encrypt(k, random);
    EncProof proof = EncProof.prove(CTX, SP, PROVER, VERIFIER_RP, enc.ciphertext(), k,
        enc.nonce(), random);
    assertFalse(proof.verify(CTX, SP, proverPublic(), VERIFIER_OWN, enc.ciphertext()));
  }

  @Property(tries = 8)
  void logStarAcceptsHonestAndRejectsWrongWitness(@ForAll long seed) {
    var random = SeededDrbg.of(seed, "logstar", 0);
    BigInteger x = RandomInts.below(Secp256k1.Q, random);
    ECPoint base = Secp256k1.mulBase(RandomInts.below(Secp256k1.Q, random).add(BigInteger.ONE));
    ECPoint bigX = Secp256k1.mul(base, x);
    var enc = proverPublic().encrypt(x, random);
    LogStarProof proof = LogStarProof.prove(CTX, SP, PROVER, VERIFIER_RP, enc.ciphertext(),
        bigX, base, x, enc.nonce(), random);
    assertTrue(proof.verify(CTX, SP, proverPublic(), VERIFIER_OWN, enc.ciphertext(), bigX,
        base));
    assertFalse(proof.verify(CTX, SP, proverPublic(), VERIFIER_OWN, enc.ciphertext(),
        Secp256k1.mulBase(x), base.equals(Secp256k1.CURVE.getG()) ? bigX : base));
    assertFalse(proof.verify(OTHER_SESSION, SP, proverPublic(), VERIFIER_OWN, enc.ciphertext(),
        bigX, base));
    // X does not match the encrypted x
    ECPoint wrongX = Secp256k1.mul(base, x.add(BigInteger.ONE));
    LogStarProof wrong = LogStarProof.prove(CTX, SP, PROVER, VERIFIER_RP, enc.ciphertext(),
        wrongX, base, x, enc.nonce(), random);
    assertFalse(wrong.verify(CTX, SP, proverPublic(), VERIFIER_OWN, enc.ciphertext(), wrongX,
        base));
  }

  @Property(tries = 6)
  void affGAcceptsHonestAndRejectsWrongWitness(@ForAll long seed) {
    var random = SeededDrbg.of(seed, "affg", 0);
    PaillierPublicKey verifierPublic = VERIFIER.publicKey();
    BigInteger k = RandomInts.below(Secp256k1.Q, random);
    BigInteger c = verifierPublic.encrypt(k, random).ciphertext();
    BigInteger x = RandomInts.below(Secp256k1.Q, random);
    BigInteger beta = RandomInts.signedBits(SP.ellPrime(), random);
    BigInteger s = RandomInts.unit(verifierPublic.n(), random);
    BigInteger d = verifierPublic.add(verifierPublic.pow(c, x), verifierPublic.encrypt(beta, s));
    var f = PROVER.encrypt(beta, random);
    var st = new AffGProof.Statement(verifierPublic, proverPublic(), c, d, f.ciphertext(),
        Secp256k1.mulBase(x));
    AffGProof proof = AffGProof.prove(CTX, SP, st, VERIFIER_RP, x, beta, s, f.nonce(), random);
    var stAtVerifier = new AffGProof.Statement(VERIFIER, proverPublic(), c, d, f.ciphertext(),
        Secp256k1.mulBase(x));
    assertTrue(proof.verify(CTX, SP, stAtVerifier, VERIFIER_OWN));
    assertTrue(proof.verify(CTX, SP, st, VERIFIER_RP));
    // the answer decrypts to x·k + β: the MtA the proof is about
    org.junit.jupiter.api.Assertions.assertEquals(x.multiply(k).add(beta), VERIFIER.decrypt(d));
    assertFalse(proof.verify(OTHER_PROVER, SP, stAtVerifier, VERIFIER_OWN));
    // X = (x + 1)·G while D uses x: rejected
    var wrongSt = new AffGProof.Statement(VERIFIER, proverPublic(), c, d, f.ciphertext(),
        Secp256k1.mulBase(x.add(BigInteger.ONE)));
    assertFalse(AffGProof.prove(CTX, SP, wrongSt, VERIFIER_RP, x, beta, s, f.nonce(), random)
        .verify(CTX, SP, wrongSt, VERIFIER_OWN));
    // Y encrypts another β than D carries: rejected
    var otherY = PROVER.encrypt(beta.add(BigInteger.ONE), random);
    var wrongY = new AffGProof.Statement(VERIFIER, proverPublic(), c, d, otherY.ciphertext(),
        Secp256k1.mulBase(x));
    assertFalse(AffGProof.prove(CTX, SP, wrongY, VERIFIER_RP, x, beta, s, otherY.nonce(),
        random).verify(CTX, SP, wrongY, VERIFIER_OWN));
  }

  @Test
  void modAcceptsABlumModulusAndRejectsOthers() {
    var random = SeededDrbg.of(5, "mod", 0);
    ModProof proof = ModProof.prove(CTX, PROVER, SP.statisticalRounds(), random);
    assertTrue(proof.verify(CTX, PROVER.n(), SP.statisticalRounds()));
    assertFalse(proof.verify(OTHER_SESSION, PROVER.n(), SP.statisticalRounds()));
    assertFalse(proof.verify(CTX, VERIFIER.n(), SP.statisticalRounds()));
    assertFalse(proof.verify(CTX, PROVER.n(), SP.statisticalRounds() + 1));
    ModProof.Answer first = proof.answers().get(0);
    var answers = new java.util.ArrayList<>(proof.answers());
    answers.set(0, new ModProof.Answer(first.x(), first.a(), first.b(),
        first.z().add(BigInteger.ONE)));
    assertFalse(new ModProof(proof.w(), answers).verify(CTX, PROVER.n(),
        SP.statisticalRounds()));
  }

  @Test
  void jacobiSymbolMatchesEulerOnPrimes() {
    BigInteger p = PROVER.p();
    for (int a = 2; a < 40; a++) {
      BigInteger v = BigInteger.valueOf(a);
      int euler = v.modPow(p.shiftRight(1), p).equals(BigInteger.ONE) ? 1 : -1;
      org.junit.jupiter.api.Assertions.assertEquals(euler, ModProof.jacobi(v, p));
    }
  }

  @Test
  void prmAcceptsHonestParametersAndRejectsAWrongTrapdoor() {
    var random = SeededDrbg.of(6, "prm", 0);
    RingPedersen.Generated gen = Cggmp21Fixture.pedersen(0);
    PrmProof proof = PrmProof.prove(CTX, PROVER, gen.params(), gen.lambda(),
        SP.statisticalRounds(), random);
    RingPedersen received = RingPedersen.of(gen.params().n(), gen.params().s(),
        gen.params().t());
    assertTrue(proof.verify(CTX, received, SP.statisticalRounds()));
    assertFalse(proof.verify(OTHER_PROVER, received, SP.statisticalRounds()));
    PrmProof wrong = PrmProof.prove(CTX, PROVER, gen.params(), gen.lambda().add(BigInteger.ONE),
        SP.statisticalRounds(), random);
    assertFalse(wrong.verify(CTX, received, SP.statisticalRounds()));
  }

  /**
   * Audit F3: a point of another curve (secp256r1) in a proof or its statement is refused by
   * verify, never a ClassCastException from BouncyCastle's point addition, and never accepted.
   */
  @Test
  void aPointOfAnotherCurveIsRefusedByEveryProofThatTakesPoints() {
    var random = SeededDrbg.of(7, "foreign.point", 0);
    BigInteger x = RandomInts.below(Secp256k1.Q, random);
    var enc = proverPublic().encrypt(x, random);
    ECPoint bigX = Secp256k1.mulBase(x);
    ECPoint g = Secp256k1.CURVE.getG();
    // Y on secp256r1, every Paillier and ring-Pedersen equation valid
    LogStarProof foreignY = MaliciousProofs.logStarWithForeignY(CTX, SP, proverPublic(),
        VERIFIER_RP, enc.ciphertext(), bigX, g, x, enc.nonce(), random);
    assertFalse(foreignY.verify(CTX, SP, proverPublic(), VERIFIER_OWN, enc.ciphertext(), bigX, g));
    // an honest proof for a statement that lives on secp256r1 altogether
    ECPoint foreignBase = MaliciousProofs.foreignPoint();
    ECPoint foreignX = foreignBase.multiply(x).normalize();
    LogStarProof foreignStatement = LogStarProof.prove(CTX, SP, PROVER, VERIFIER_RP,
        enc.ciphertext(), foreignX, foreignBase, x, enc.nonce(), random);
    assertFalse(foreignStatement.verify(CTX, SP, proverPublic(), VERIFIER_OWN, enc.ciphertext(),
        foreignX, foreignBase));

    PaillierPublicKey verifierPublic = VERIFIER.publicKey();
    BigInteger c = verifierPublic.encrypt(RandomInts.below(Secp256k1.Q, random), random)
        .ciphertext();
    BigInteger beta = RandomInts.signedBits(SP.ellPrime(), random);
    BigInteger s = RandomInts.unit(verifierPublic.n(), random);
    BigInteger d = verifierPublic.add(verifierPublic.pow(c, x), verifierPublic.encrypt(beta, s));
    var f = PROVER.encrypt(beta, random);
    var st = new AffGProof.Statement(verifierPublic, proverPublic(), c, d, f.ciphertext(), bigX);
    var stAtVerifier = new AffGProof.Statement(VERIFIER, proverPublic(), c, d, f.ciphertext(),
        bigX);
    AffGProof foreignBx = MaliciousProofs.affGWithForeignBx(CTX, SP, st, VERIFIER_RP, x, beta, s,
        f.nonce(), random);
    assertFalse(foreignBx.verify(CTX, SP, stAtVerifier, VERIFIER_OWN));
    var foreignSt = new AffGProof.Statement(verifierPublic, proverPublic(), c, d, f.ciphertext(),
        foreignX);
    AffGProof honestForForeignX = AffGProof.prove(CTX, SP, foreignSt, VERIFIER_RP, x, beta, s,
        f.nonce(), random);
    assertFalse(honestForForeignX.verify(CTX, SP, new AffGProof.Statement(VERIFIER,
        proverPublic(), c, d, f.ciphertext(), foreignX), VERIFIER_OWN));
  }
}
