package dev.tdsim.crypto.variant;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.tdsim.crypto.CryptoException;
import dev.tdsim.crypto.Workers;
import dev.tdsim.crypto.random.SeededDrbg;
import dev.tdsim.crypto.random.StrongRandom;
import dev.tdsim.crypto.tpke.Ciphertext;
import dev.tdsim.crypto.tpke.Committee;
import dev.tdsim.crypto.tpke.KeySet;
import dev.tdsim.crypto.tpke.SignerSet;
import dev.tdsim.crypto.tpke.Tpke;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.stream.IntStream;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

/** Every variant, end to end through block_propose, on a small committee (N=64, V=8, t=42). */
class VariantRoundTripTest {
  private static KeySet keys;
  private static final Workers WORKERS = Workers.of(2);

  @BeforeAll
  static void deal() {
    keys = KeySet.deal(Committee.equal(64, Committee.defaultThreshold(64), 8), SeededDrbg.of(1, "test", 0),
        WORKERS);
  }

  static List<String> variants() {
    return Variants.names();
  }

  private static List<Ciphertext> encrypt(CombineVariant<?> v, int count, StrongRandom random) {
    List<Ciphertext> cts = new ArrayList<>();
    for (int j = 0; j < count; j++) {
      byte[] msg = ("message " + j + " ").repeat(j + 1).getBytes(StandardCharsets.UTF_8);
      cts.add(Tpke.encrypt(keys.publicKey(), msg, v.secretGroup(), random));
    }
    return cts;
  }

  static Map<Integer, List<byte[]>> shares(
      CombineVariant<?> v, SignerSet signers, List<Ciphertext> cts) {
    Map<Integer, List<byte[]>> out = new LinkedHashMap<>();
    for (int validator : signers.validators()) {
      CombineVariant.ShareMaker maker = v.shareMaker(keys, validator, signers);
      out.put(validator, cts.stream().map(maker::create).toList());
    }
    return out;
  }

  @ParameterizedTest
  @MethodSource("variants")
  void everyPayloadDecrypts(String name) {
    CombineVariant<?> v = Variants.byName(name);
    StrongRandom random = SeededDrbg.of(7, "test", 0);
    List<Ciphertext> cts = encrypt(v, 3, random);
    SignerSet signers = SignerSet.of(keys.committee(), List.of(0, 1, 2, 3, 4, 6, 7));
    BlockResult r = BlockProposer.forVariant(name, keys, WORKERS)
        .propose(cts, shares(v, signers, cts), null, random);
    assertEquals(3, r.openedCount(), () -> name + " " + r);
    for (int j = 0; j < 3; j++) {
      byte[] expected = ("message " + j + " ").repeat(j + 1).getBytes(StandardCharsets.UTF_8);
      assertArrayEquals(expected, r.plaintexts().get(j).orElseThrow());
    }
    assertTrue(r.faultyValidators().isEmpty());
    assertTrue(r.invalidCiphertexts().isEmpty());
    assertEquals(signers, r.signersUsed());
    assertTrue(r.ranPrepare());
  }

  @ParameterizedTest
  @MethodSource("variants")
  void fewerThanThresholdIsAStatusNotAnException(String name) {
    CombineVariant<?> v = Variants.byName(name);
    List<Ciphertext> cts = encrypt(v, 1, SeededDrbg.of(3, "test", 0));
    // 5 of 8 validators hold 40 points < t = 42: a status, not an exception
    BlockResult r = BlockProposer.forVariant(name, keys, WORKERS).propose(cts,
        shares(v, SignerSet.all(keys.committee()), cts).entrySet().stream()
            .filter(en -> en.getKey() < 5)
            .collect(java.util.stream.Collectors.toMap(Map.Entry::getKey, Map.Entry::getValue)),
        null, SeededDrbg.of(3, "test", 0));
    assertEquals(BlockResult.Status.NOT_ENOUGH_HONEST_SHARES, r.status(), r.toString());
    assertEquals(40, r.pointsAvailable());
    assertEquals(0, r.openedCount());
    assertNull(r.signersUsed());
  }

  @ParameterizedTest
  @MethodSource("variants")
  void aWrongShareNeverYieldsAWrongPlaintext(String name) {
    CombineVariant<?> v = Variants.byName(name);
    StrongRandom random = SeededDrbg.of(11, "test", 0);
    List<Ciphertext> cts = encrypt(v, 2, random);
    SignerSet all = SignerSet.all(keys.committee());
    Map<Integer, List<byte[]>> shares = shares(v, all, cts);
    // Validator 5 sends validator 6's shares (well-formed, wrong).
    shares.put(5, shares.get(6));
    BlockProposer.Reshare reshare = s -> shares(v, s, cts);
    BlockResult r = BlockProposer.forVariant(name, keys, WORKERS)
        .propose(cts, shares, reshare, random);
    for (int j = 0; j < 2; j++) {
      byte[] expected = ("message " + j + " ").repeat(j + 1).getBytes(StandardCharsets.UTF_8);
      r.plaintexts().get(j).ifPresent(p -> assertArrayEquals(expected, p, name));
    }
    // Every variant checks a validator's share on its own (GT family: against its D, GtShare).
    assertEquals(List.of(5), new ArrayList<>(r.faultyValidators().keySet()), r.toString());
    assertEquals(2, r.openedCount());
    assertFalse(r.signersUsed().contains(5));
  }

  @ParameterizedTest
  @MethodSource("variants")
  void allVariantsAgreeOnThePlaintextAcrossSignerSets(String name) {
    CombineVariant<?> v = Variants.byName(name);
    StrongRandom random = SeededDrbg.of(5, "test", 0);
    List<Ciphertext> cts = encrypt(v, 1, random);
    for (List<Integer> set : List.of(List.of(0, 1, 2, 3, 4, 5), List.of(2, 3, 4, 5, 6, 7),
        IntStream.range(0, 8).boxed().toList())) {
      SignerSet s = SignerSet.of(keys.committee(), set);
      BlockResult r = BlockProposer.forVariant(name, keys, WORKERS)
          .propose(cts, shares(v, s, cts), null, random);
      assertArrayEquals("message 0 ".getBytes(StandardCharsets.UTF_8),
          r.plaintexts().get(0).orElseThrow(), set.toString());
    }
  }

  @ParameterizedTest
  @MethodSource("variants")
  void aMalformedShareIsRejectedAndItsValidatorNamed(String name) {
    CombineVariant<?> v = Variants.byName(name);
    StrongRandom random = SeededDrbg.of(13, "test", 0);
    List<Ciphertext> cts = encrypt(v, 2, random);
    Map<Integer, List<byte[]>> shares = shares(v, SignerSet.all(keys.committee()), cts);
    byte[] garbage = shares.get(2).get(1).clone();
    garbage[garbage.length - 1] ^= 0x55;
    shares.put(2, List.of(shares.get(2).get(0), garbage));
    shares.put(4, List.of(shares.get(4).get(0))); // one share short
    BlockProposer.Reshare reshare = s -> shares(v, s, cts);
    BlockResult r = BlockProposer.forVariant(name, keys, WORKERS)
        .propose(cts, shares, reshare, random);
    assertEquals(List.of(2, 4), new ArrayList<>(r.faultyValidators().keySet()), r.toString());
    assertTrue(r.faultyValidators().get(2).startsWith("malformed share"));
    assertEquals(2, r.openedCount(), r.toString());
  }
}
