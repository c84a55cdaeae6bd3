package dev.tdsim.crypto.variant;

import static dev.tdsim.crypto.variant.Fixture.KEYS;
import static dev.tdsim.crypto.variant.Fixture.WORKERS;
import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.tdsim.crypto.curve.G1Point;
import dev.tdsim.crypto.curve.G2Point;
import dev.tdsim.crypto.curve.Pairings;
import dev.tdsim.crypto.random.SeededDrbg;
import dev.tdsim.crypto.random.StrongRandom;
import dev.tdsim.crypto.tpke.Ciphertext;
import dev.tdsim.crypto.tpke.KeyCollision;
import dev.tdsim.crypto.tpke.SecretGroup;
import dev.tdsim.crypto.tpke.SignerSet;
import dev.tdsim.crypto.tpke.Tpke;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * block_propose under attack, for every variant: a payload built to open under two keys with a
 * colluding validator, invalid ciphertexts, missing and malformed shares of a folded signer set,
 * torsion components. The invariant everywhere: an opened payload is exactly what was encrypted.
 */
class BlockProposerSafetyTest {
  /** Variants whose shares fold the signer set: only combinable for the set they were made for. */
  private static final Set<String> FOLDING = Set.of("folded", "precomputed");

  static List<String> variants() {
    return Variants.names();
  }

  private static CombineVariant<?> variant(String name) {
    return Variants.byName(name);
  }

  private static BlockResult propose(String name, List<Ciphertext> cts,
      Map<Integer, List<byte[]>> shares, SignerSet foldedFor, BlockProposer.Reshare reshare,
      StrongRandom random) {
    return BlockProposer.forVariant(name, KEYS, WORKERS)
        .propose(cts, shares, foldedFor, reshare, random);
  }

  /** An opened payload is the expected plaintext; returns whether it was opened. */
  private static boolean openedExactly(BlockResult r, int j, byte[] expected) {
    Optional<byte[]> p = r.plaintexts().get(j);
    p.ifPresent(bytes -> assertArrayEquals(expected, bytes, "message " + j + " opened wrong"));
    return p.isPresent();
  }

  @ParameterizedTest
  @MethodSource("variants")
  void aKeyCollidingPayloadOpensWrongUnderTheAeadAloneButNeverInBlockPropose(String name) {
    CombineVariant<?> v = variant(name);
    StrongRandom random = SeededDrbg.of(101, "test", 0);
    SignerSet signers = Fixture.all();
    int colluder = 0;
    byte[] a = "pay alice 10".getBytes(StandardCharsets.UTF_8);
    KeyCollision.Colliding attack =
        KeyCollision.encrypt(KEYS.publicKey(), a, v.secretGroup(), random);
    List<Ciphertext> cts = List.of(Fixture.encrypt(v, 1, random).get(0), attack.ciphertext());
    Map<Integer, List<byte[]>> shares = Fixture.shares(v, signers, cts);
    shares.put(colluder,
        Fixture.make(v.colludingShareMaker(KEYS, colluder, signers), cts));

    // The attack works against the AEAD alone: the colluder moves the combination to exactly
    // the shifted secret, and the payload opens to B.
    byte[] combined = combineDirectly(v, signers, shares, cts, 1);
    assertArrayEquals(attack.shiftedSecret(), combined, name);
    byte[] b = Tpke.open(cts.get(1), combined).orElseThrow();
    assertArrayEquals(attack.shiftedPlaintext(), b);
    assertFalse(Arrays.equals(attack.honestPlaintext(), b));

    BlockResult r = propose(name, cts, shares, signers, s -> Fixture.shares(v, s, cts), random);
    boolean opened0 = openedExactly(r, 0, Fixture.message(0));
    boolean opened1 = openedExactly(r, 1, attack.honestPlaintext());
    // Every variant names the colluder on its own check (issue 19: precomputed too, by its D).
    assertEquals(List.of(colluder), new ArrayList<>(r.faultyValidators().keySet()), name);
    assertTrue(opened0 && opened1, r.toString());
    assertFalse(r.signersUsed().contains(colluder));
  }

  /** share_combine alone for message j, as the old AEAD-only pipeline trusted it. */
  @SuppressWarnings("unchecked")
  private static <S> byte[] combineDirectly(CombineVariant<S> v, SignerSet signers,
      Map<Integer, List<byte[]>> shares, List<Ciphertext> cts, int j) {
    CombineVariant.Combiner<S> c = v.prepare(KEYS, signers, WORKERS);
    List<S> row = new ArrayList<>();
    for (int validator : signers.validators()) {
      row.add(v.decodeShare(shares.get(validator).get(j)));
    }
    return c.combine(cts.get(j), row);
  }

  @ParameterizedTest
  @MethodSource("variants")
  void invalidCiphertextsAreExcludedAndReported(String name) {
    CombineVariant<?> v = variant(name);
    StrongRandom random = SeededDrbg.of(103, "test", 0);
    List<Ciphertext> cts = new ArrayList<>(Fixture.encrypt(v, 3, random));
    Ciphertext first = cts.get(0);
    Ciphertext second = cts.get(1);
    // W of another ciphertext: well-formed, invalid.
    cts.set(1, new Ciphertext(second.group(), second.u(), second.payload(), first.w()));
    // A valid ciphertext of the other secret group: no share of this variant opens it.
    SecretGroup other = v.secretGroup() == SecretGroup.G1 ? SecretGroup.GT : SecretGroup.G1;
    cts.add(Tpke.encrypt(KEYS.publicKey(), Fixture.message(3), other, random));
    Map<Integer, List<byte[]>> shares = Fixture.shares(v, Fixture.all(), cts);
    BlockResult r = propose(name, cts, shares, null, null, random);
    assertEquals(List.of(1, 3), r.invalidCiphertexts(), name);
    assertTrue(r.plaintexts().get(1).isEmpty());
    assertTrue(r.plaintexts().get(3).isEmpty());
    assertTrue(openedExactly(r, 0, Fixture.message(0)));
    assertTrue(openedExactly(r, 2, Fixture.message(2)));
    assertTrue(r.faultyValidators().isEmpty());
  }

  @ParameterizedTest
  @MethodSource("variants")
  void withoutReshareOnlyTheMalformedValidatorIsNamed(String name) {
    CombineVariant<?> v = variant(name);
    StrongRandom random = SeededDrbg.of(107, "test", 0);
    List<Ciphertext> cts = Fixture.encrypt(v, 2, random);
    SignerSet all = Fixture.all();
    Map<Integer, List<byte[]>> shares = Fixture.shares(v, all, cts);
    byte[] garbage = shares.get(2).get(1).clone();
    garbage[garbage.length - 1] ^= 0x55;
    shares.get(2).set(1, garbage);
    BlockResult r = propose(name, cts, shares, all, null, random);
    assertEquals(List.of(2), new ArrayList<>(r.faultyValidators().keySet()), r.toString());
    assertTrue(r.faultyValidators().get(2).startsWith("malformed share"));
    assertFalse(r.signersUsed().contains(2));
    // Folded shares of the full set cannot be combined without validator 2: unopened, no
    // exception; shares that do not fold the set still open every message.
    long expected = FOLDING.contains(name) ? 0 : 2;
    assertEquals(expected, r.openedCount(), r.toString());
    for (int j = 0; j < 2; j++) {
      openedExactly(r, j, Fixture.message(j));
    }
  }

  @ParameterizedTest
  @MethodSource("variants")
  void withoutReshareAWrongShareNamesOnlyItsValidator(String name) {
    CombineVariant<?> v = variant(name);
    StrongRandom random = SeededDrbg.of(109, "test", 0);
    List<Ciphertext> cts = Fixture.encrypt(v, 3, random);
    SignerSet all = Fixture.all();
    Map<Integer, List<byte[]>> shares = Fixture.shares(v, all, cts);
    shares.put(5, shares.get(6)); // well-formed, wrong
    BlockResult r = propose(name, cts, shares, all, null, random);
    for (int j = 0; j < 3; j++) {
      openedExactly(r, j, Fixture.message(j));
    }
    assertEquals(List.of(5), new ArrayList<>(r.faultyValidators().keySet()), r.toString());
    assertEquals(FOLDING.contains(name) ? 0 : 3, r.openedCount(), r.toString());
    assertEquals(FOLDING.contains(name) ? BlockResult.Status.NEEDS_RESHARE
        : BlockResult.Status.DECRYPTED, r.status(), r.toString());
  }

  @ParameterizedTest
  @MethodSource("variants")
  void aSilentSignerOfTheFoldSetLeadsToAReshareNotToBlame(String name) {
    CombineVariant<?> v = variant(name);
    StrongRandom random = SeededDrbg.of(113, "test", 0);
    List<Ciphertext> cts = Fixture.encrypt(v, 2, random);
    SignerSet foldSet = Fixture.all();
    Map<Integer, List<byte[]>> shares = Fixture.shares(v, foldSet, cts);
    shares.remove(7); // silent, not faulty
    int[] reshares = {0};
    BlockResult r = propose(name, cts, shares, foldSet, s -> {
      reshares[0]++;
      return Fixture.shares(v, s, cts);
    }, random);
    assertTrue(r.faultyValidators().isEmpty(), r.toString());
    assertEquals(2, r.openedCount(), r.toString());
    for (int j = 0; j < 2; j++) {
      assertTrue(openedExactly(r, j, Fixture.message(j)));
    }
    assertEquals(Fixture.signers(0, 1, 2, 3, 4, 5, 6), r.signersUsed());
    assertEquals(FOLDING.contains(name) ? 1 : 0, reshares[0]);
  }

  @ParameterizedTest
  @MethodSource("variants")
  void aSilentSignerAndAWrongShareWithReshare(String name) {
    CombineVariant<?> v = variant(name);
    StrongRandom random = SeededDrbg.of(127, "test", 0);
    List<Ciphertext> cts = Fixture.encrypt(v, 2, random);
    SignerSet foldSet = Fixture.all();
    Map<Integer, List<byte[]>> shares = Fixture.shares(v, foldSet, cts);
    shares.remove(7);
    // Validator 1 keeps sending validator 3's shares, in the reshare round too.
    BlockProposer.Reshare reshare = s -> {
      Map<Integer, List<byte[]>> fresh = Fixture.shares(v, s, cts);
      fresh.put(1, fresh.get(3));
      return fresh;
    };
    shares.put(1, shares.get(3));
    BlockResult r = propose(name, cts, shares, foldSet, reshare, random);
    for (int j = 0; j < 2; j++) {
      openedExactly(r, j, Fixture.message(j));
    }
    assertEquals(List.of(1), new ArrayList<>(r.faultyValidators().keySet()), r.toString());
    assertEquals(2, r.openedCount(), r.toString());
    assertEquals(Fixture.signers(0, 2, 3, 4, 5, 6), r.signersUsed());
  }

  @Test
  void aFoldedShareWithATorsionComponentIsRejectedAndItsValidatorNamed() {
    CombineVariant<?> v = variant("folded");
    StrongRandom random = SeededDrbg.of(131, "test", 0);
    List<Ciphertext> cts = Fixture.encrypt(v, 2, random);
    SignerSet all = Fixture.all();
    G1Point torsion = Fixture.torsion();
    assertFalse(torsion.isIdentity());
    assertFalse(torsion.isInSubgroup());
    // The pairing cannot see T: e(T, H) = 1. The sum's subgroup check is what catches it.
    assertTrue(Pairings.pair(torsion, G2Point.generator()).isOne());
    for (G1Point offset : List.of(torsion, Fixture.onCurveOutsideG1())) {
      Map<Integer, List<byte[]>> shares = Fixture.shares(v, all, cts);
      List<byte[]> bad = new ArrayList<>();
      for (byte[] share : shares.get(3)) {
        bad.add(G1Point.fromBytes(share).add(offset).toUncompressed());
      }
      shares.put(3, bad);
      BlockResult r = propose("folded", cts, shares, all, s -> Fixture.shares(v, s, cts), random);
      assertEquals(List.of(3), new ArrayList<>(r.faultyValidators().keySet()), r.toString());
      assertEquals(2, r.openedCount(), r.toString());
      for (int j = 0; j < 2; j++) {
        assertTrue(openedExactly(r, j, Fixture.message(j)));
      }
    }
  }

  @Test
  void aPayloadCollidingUnderATorsionShiftNeverOpensWrong() {
    CombineVariant<?> v = variant("folded");
    StrongRandom random = SeededDrbg.of(137, "test", 0);
    SignerSet all = Fixture.all();
    G1Point torsion = Fixture.torsion();
    KeyCollision.Colliding attack = KeyCollision.encryptG1(
        KEYS.publicKey(), "pay bob 99".getBytes(StandardCharsets.UTF_8), torsion, random);
    List<Ciphertext> cts = List.of(attack.ciphertext());
    Map<Integer, List<byte[]>> shares = Fixture.shares(v, all, cts);
    shares.put(4, List.of(
        G1Point.fromBytes(shares.get(4).get(0)).add(torsion).toUncompressed()));
    // The AEAD alone would open B; the pairing equation alone would accept the sum.
    byte[] combined = combineDirectly(v, all, shares, cts, 0);
    assertArrayEquals(attack.shiftedSecret(), combined);
    assertArrayEquals(attack.shiftedPlaintext(), Tpke.open(cts.get(0), combined).orElseThrow());

    BlockResult r = propose("folded", cts, shares, all, s -> Fixture.shares(v, s, cts), random);
    assertEquals(List.of(4), new ArrayList<>(r.faultyValidators().keySet()), r.toString());
    assertTrue(openedExactly(r, 0, attack.honestPlaintext()));
  }

  @ParameterizedTest
  @MethodSource("variants")
  void everyPhaseThatRunsIsChargedToItself(String name) {
    CombineVariant<?> v = variant(name);
    StrongRandom random = SeededDrbg.of(139, "test", 0);
    List<Ciphertext> cts = Fixture.encrypt(v, 2, random);
    SignerSet all = Fixture.all();
    BlockResult ok = propose(name, cts, Fixture.shares(v, all, cts), all, null, random);
    boolean verified = name.equals("fast");
    BlockResult.PhaseTimings t = ok.timings();
    assertTrue(t.decodeNanos() > 0 && t.validityNanos() > 0 && t.prepareNanos() > 0
        && t.combineNanos() > 0 && t.decryptNanos() > 0, t.toString());
    assertEquals(verified, t.verifyNanos() > 0, t.toString());
    if (!verified) {
      assertTrue(t.checkNanos() > 0, t.toString());
    }
    // A wrong share: the repair is charged to blame (and the first combine still to combine).
    Map<Integer, List<byte[]>> shares = Fixture.shares(v, all, cts);
    shares.put(2, shares.get(4));
    BlockResult bad = propose(name, cts, shares, all, s -> Fixture.shares(v, s, cts), random);
    if (!verified) {
      assertTrue(bad.cpu().blameNanos() > bad.cpu().combineNanos(), bad.toString());
    }
  }

  @ParameterizedTest
  @MethodSource("variants")
  void aMissingShareListAndACiphertextOfTheOtherGroupAlone(String name) {
    CombineVariant<?> v = variant(name);
    StrongRandom random = SeededDrbg.of(149, "test", 0);
    List<Ciphertext> cts = new ArrayList<>(Fixture.encrypt(v, 2, random));
    SecretGroup other = v.secretGroup() == SecretGroup.G1 ? SecretGroup.GT : SecretGroup.G1;
    cts.add(0, Tpke.encrypt(KEYS.publicKey(), Fixture.message(9), other, random));
    Map<Integer, List<byte[]>> shares = Fixture.shares(v, Fixture.all(), cts);
    shares.put(6, null);
    BlockResult r = propose(name, cts, shares, null, s -> Fixture.shares(v, s, cts), random);
    assertEquals(List.of(0), r.invalidCiphertexts(), r.toString());
    assertEquals("sent 0 shares for 3 ciphertexts", r.faultyValidators().get(6));
    assertTrue(openedExactly(r, 1, Fixture.message(0)));
    assertTrue(openedExactly(r, 2, Fixture.message(1)));
  }

  @ParameterizedTest
  @MethodSource("variants")
  void theCheckRunsExactlyForCombinersWhoseSharesAreNotVerified(String name) {
    // The variant fact that lets fast skip the combined-result check.
    BlockProposer<?> p = BlockProposer.forVariant(name, KEYS, WORKERS);
    assertEquals(name.equals("fast"), p.combinerFor(Fixture.all()).verifiesShares());
  }
}
