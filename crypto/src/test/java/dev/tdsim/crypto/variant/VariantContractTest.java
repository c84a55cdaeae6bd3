package dev.tdsim.crypto.variant;

import static dev.tdsim.crypto.variant.Fixture.KEYS;
import static dev.tdsim.crypto.variant.Fixture.WORKERS;
import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.tdsim.crypto.CryptoException;
import dev.tdsim.crypto.curve.G1Point;
import dev.tdsim.crypto.field.Fr;
import dev.tdsim.crypto.random.SeededDrbg;
import dev.tdsim.crypto.random.StrongRandom;
import dev.tdsim.crypto.tpke.Ciphertext;
import dev.tdsim.crypto.tpke.SecretGroup;
import dev.tdsim.crypto.tpke.SignerSet;
import java.math.BigInteger;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.function.Executable;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * What each variant declares (the table of docs/CRYPTO.md), the registry, share sizes, how
 * shares are decoded and rejected, and the contract of each combiner that block_propose does not
 * reach on its own (fast's blame).
 */
class VariantContractTest {
  /** docs/CRYPTO.md's table: group, shares fold the signer set, combine in parallel, work. */
  private record Declared(
      String name, SecretGroup group, boolean folds, boolean parallel, ShareWork work) {}

  private static final List<Declared> DECLARED = List.of(
      new Declared("simple", SecretGroup.GT, false, false, ShareWork.PER_POINT),
      new Declared("batch", SecretGroup.GT, false, true, ShareWork.PER_POINT),
      new Declared("fast", SecretGroup.GT, false, true, ShareWork.PER_VALIDATOR),
      new Declared("precomputed", SecretGroup.GT, true, true, ShareWork.PER_VALIDATOR_FOLDED),
      new Declared("folded", SecretGroup.G1, true, true, ShareWork.PER_VALIDATOR_FOLDED));

  static List<String> variants() {
    return Variants.names();
  }

  @Test
  void theRegistryHoldsEveryVariantUnderTheNameItReports() {
    assertEquals(DECLARED.stream().map(Declared::name).toList(), Variants.names());
    List<CombineVariant<?>> all = Variants.all();
    assertEquals(Variants.names(), all.stream().map(CombineVariant::name).toList());
    HashSet<String> descriptions = new HashSet<>();
    for (Declared d : DECLARED) {
      CombineVariant<?> v = Variants.byName(d.name());
      assertEquals(d.name(), v.name());
      assertEquals(d, new Declared(v.name(), v.secretGroup(), v.sharesDependOnSigners(),
          v.parallel(), v.shareWork()));
      String text = v.description();
      assertFalse(text.isBlank() || text.contains("\n"), d.name() + ": " + text);
      assertTrue(descriptions.add(text), "two variants described alike: " + text);
    }
    CryptoException e = assertThrows(CryptoException.class, () -> Variants.byName("fastest"));
    assertTrue(e.getMessage().contains("'fastest'") && e.getMessage().contains("folded"),
        e.getMessage());
  }

  @ParameterizedTest
  @MethodSource("variants")
  void theAdvertisedWireSizeIsTheSizeOfTheShareMade(String name) {
    CombineVariant<?> v = Variants.byName(name);
    Ciphertext ct = Fixture.encrypt(v, 1, SeededDrbg.of(401, "test", 0)).get(0);
    SignerSet all = Fixture.all();
    for (int validator : new int[] {0, 7}) {
      byte[] share = v.shareMaker(KEYS, validator, all).create(ct);
      assertEquals(v.shareWireBytes(KEYS.committee(), validator), share.length, name);
      v.decodeShare(share, KEYS.committee(), validator); // and it decodes as its own
    }
    // simple and batch: one 576-byte GT element per point (8 each here); fast and folded: an
    // uncompressed G1 point; precomputed: one GT element; the GT shares then carry D = [1/b]U
    // (96 B, uncompressed), the evidence their blame checks.
    Map<String, Long> bytes =
        Map.of("simple", 4704L, "batch", 4704L, "fast", 96L, "folded", 96L, "precomputed", 672L);
    assertEquals(bytes.get(name), v.shareWireBytes(KEYS.committee(), 0));
  }

  @ParameterizedTest
  @MethodSource("variants")
  void keyTablesAreBuiltAndNamedExceptForFolded(String name) {
    String built = Variants.byName(name).prepareKeyTables(KEYS);
    assertEquals(name.equals("folded"), built.isEmpty(), name + ": '" + built + "'");
  }

  private static void rejects(Executable decode, String... expected) {
    CryptoException e = assertThrows(CryptoException.class, decode);
    for (String part : expected) {
      assertTrue(e.getMessage().contains(part), e.getMessage() + " lacks " + part);
    }
  }

  /** A valid share of this variant, as validator 0 makes it for the full set. */
  private static byte[] validShare(CombineVariant<?> v) {
    Ciphertext ct = Fixture.encrypt(v, 1, SeededDrbg.of(403, "test", 0)).get(0);
    return v.shareMaker(KEYS, 0, Fixture.all()).create(ct);
  }

  @ParameterizedTest
  @MethodSource("variants")
  void decodeShareRejectsWrongLengthsAndBadElements(String name) {
    CombineVariant<?> v = Variants.byName(name);
    byte[] valid = validShare(v);
    rejects(() -> v.decodeShare(null), "null");
    rejects(() -> v.decodeShare(new byte[100]), "100");
    if (v.secretGroup() == SecretGroup.G1 || name.equals("fast")) {
      // G1 shares: 96 bytes on the curve; the subgroup is checked later (see below).
      rejects(() -> v.decodeShare(new byte[0]), "got 0");
      byte[] offCurve = valid.clone();
      offCurve[95] ^= 1; // y no longer matches x
      rejects(() -> v.decodeShare(offCurve), "decoding G1 point");
      byte[] infinity = new byte[96];
      infinity[0] = 0x40;
      assertTrue(((G1Point) v.decodeShare(infinity)).isIdentity());
      assertFalse(((G1Point) v.decodeShare(Fixture.onCurveOutsideG1().toUncompressed()))
          .isInSubgroup());
      return;
    }
    // GT shares: 576 bytes per element, every element canonical and in GT.
    byte[] notCanonical = valid.clone();
    java.util.Arrays.fill(notCanonical, 0, 48, (byte) 0xff);
    rejects(() -> v.decodeShare(notCanonical), "not below the modulus");
    byte[] notInGt = valid.clone();
    notInGt[575] ^= 1;
    rejects(() -> v.decodeShare(notInGt), "not in the order-r subgroup");
    // The blinded share D after the elements: an uncompressed G1 point on the curve.
    byte[] dOffCurve = valid.clone();
    dOffCurve[dOffCurve.length - 1] ^= 1;
    rejects(() -> v.decodeShare(dOffCurve), "decoding G1 point");
    if (name.equals("precomputed")) {
      rejects(() -> v.decodeShare(new byte[0]), "expected 672 bytes", "got 0");
      rejects(() -> v.decodeShare(java.util.Arrays.copyOf(valid, 576)), "got 576");
      return;
    }
    rejects(() -> v.decodeShare(new byte[0]), "multiple of 576 bytes plus 96", "got 0");
    rejects(() -> v.decodeShare(java.util.Arrays.copyOf(valid, 577)), "got 577");
    byte[] lastBad = valid.clone();
    lastBad[lastBad.length - 97] ^= 1; // the validator's last point's element
    rejects(() -> v.decodeShare(lastBad), "not in the order-r subgroup");
    // simple and batch check the element count against the points the sender holds.
    rejects(() -> v.decodeShare(java.util.Arrays.copyOf(valid, 576), KEYS.committee(), 3),
        "validator 3 holds 8 points", "expected 4704 bytes, got 576");
    rejects(() -> v.decodeShare(null, KEYS.committee(), 3), "null");
  }

  /**
   * A G1 share that is the identity (decodable) is wrong for both G1-share variants and its
   * validator is named; a torsion component in a fast share is invisible to the pairing, so the
   * share verifies and combines like the honest one (docs/CRYPTO.md, fast).
   */
  @Test
  void identityG1SharesAreNamedAndFastIgnoresTorsion() {
    byte[] infinity = new byte[96];
    infinity[0] = 0x40;
    for (String name : List.of("fast", "folded")) {
      CombineVariant<?> v = Variants.byName(name);
      StrongRandom random = SeededDrbg.of(405, "test", 0);
      List<Ciphertext> cts = Fixture.encrypt(v, 2, random);
      SignerSet all = Fixture.all();
      Map<Integer, List<byte[]>> shares = Fixture.shares(v, all, cts);
      shares.put(7, List.of(shares.get(7).get(0), infinity)); // the last message's share
      BlockResult r = BlockProposer.forVariant(name, KEYS, WORKERS)
          .propose(cts, shares, all, s -> Fixture.shares(v, s, cts), random);
      assertEquals(List.of(7), new ArrayList<>(r.faultyValidators().keySet()), r.toString());
      for (int j = 0; j < 2; j++) {
        assertArrayEquals(Fixture.message(j), r.plaintexts().get(j).orElseThrow(), name);
      }
    }
    CombineVariant<?> fast = Variants.byName("fast");
    StrongRandom random = SeededDrbg.of(407, "test", 0);
    List<Ciphertext> cts = Fixture.encrypt(fast, 1, random);
    Map<Integer, List<byte[]>> shares = Fixture.shares(fast, Fixture.all(), cts);
    G1Point honest = G1Point.fromBytes(shares.get(2).get(0));
    shares.put(2, List.of(honest.add(Fixture.torsion()).toUncompressed()));
    BlockResult r = BlockProposer.forVariant("fast", KEYS, WORKERS)
        .propose(cts, shares, null, random);
    assertTrue(r.faultyValidators().isEmpty(), r.toString());
    assertArrayEquals(Fixture.message(0), r.plaintexts().get(0).orElseThrow());
  }

  /** fast's blame (never needed by block_propose: its shares are verified) names the forger. */
  @Test
  void fastBlameNamesTheValidatorOfAWrongShare() {
    CombineVariant<?> v = Variants.byName("fast");
    StrongRandom random = SeededDrbg.of(409, "test", 0);
    List<Ciphertext> cts = Fixture.encrypt(v, 2, random);
    SignerSet set = Fixture.signers(0, 1, 2, 3, 5, 6);
    Map<Integer, List<byte[]>> shares = Fixture.shares(v, set, cts);
    @SuppressWarnings("unchecked")
    CombineVariant.Combiner<G1Point> c =
        (CombineVariant.Combiner<G1Point>) v.prepare(KEYS, set, WORKERS);
    assertEquals(set, c.signers());
    List<List<G1Point>> rows = new ArrayList<>();
    for (int j = 0; j < 2; j++) {
      List<G1Point> row = new ArrayList<>();
      for (int validator : set.validators()) {
        G1Point d = G1Point.fromBytes(shares.get(validator).get(j));
        row.add(validator == 5 && j == 1 ? d.add(G1Point.generator()) : d);
      }
      rows.add(row);
    }
    assertEquals(List.of(5), c.blame(cts, rows, random));
    assertEquals(List.of(), c.blame(cts.subList(0, 1), rows.subList(0, 1), random));
  }

  /**
   * The GT-family check compares with e(U, Y2), which is the secret itself: every variant whose
   * combination it alone protects says so, and only those.
   */
  @ParameterizedTest
  @MethodSource("variants")
  void aVariantWhoseCheckNeedsTheDecryptingKeySaysSo(String name) {
    CombineVariant<?> v = Variants.byName(name);
    boolean checkedByY2 = v.secretGroup() == SecretGroup.GT
        && !v.prepare(KEYS, Fixture.signers(1, 2, 3, 4, 5, 6, 7), WORKERS).verifiesShares();
    assertEquals(checkedByY2, v.deploymentCaveat().isPresent(), name);
    v.deploymentCaveat().ifPresent(c -> assertTrue(c.contains("Y2"), c));
  }

  @ParameterizedTest
  @MethodSource("variants")
  void everyCombinerIsForTheSetItWasPreparedFor(String name) {
    SignerSet set = Fixture.signers(1, 2, 3, 4, 5, 6, 7);
    assertEquals(set, Variants.byName(name).prepare(KEYS, set, WORKERS).signers());
  }

  @Test
  void weightsAreReadAsUnsigned64BitNumbers() {
    BigInteger two64 = BigInteger.ONE.shiftLeft(64);
    for (long x : new long[] {0, 1, Long.MAX_VALUE, Long.MIN_VALUE, -1}) {
      BigInteger expected = BigInteger.valueOf(x).mod(two64);
      assertEquals(Fr.of(expected), Shares.unsigned(x), Long.toString(x));
    }
  }
}
