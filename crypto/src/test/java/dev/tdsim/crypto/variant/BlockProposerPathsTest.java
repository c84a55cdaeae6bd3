package dev.tdsim.crypto.variant;

import static dev.tdsim.crypto.variant.Fixture.KEYS;
import static dev.tdsim.crypto.variant.Fixture.WORKERS;
import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.tdsim.crypto.CryptoException;
import dev.tdsim.crypto.Workers;
import dev.tdsim.crypto.curve.G1Point;
import dev.tdsim.crypto.random.SeededDrbg;
import dev.tdsim.crypto.random.StrongRandom;
import dev.tdsim.crypto.tpke.Ciphertext;
import dev.tdsim.crypto.tpke.Committee;
import dev.tdsim.crypto.tpke.KeySet;
import dev.tdsim.crypto.tpke.SignerSet;
import dev.tdsim.crypto.tpke.Tpke;
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
 * block_propose's bookkeeping and edge paths: which signers are used when the fold set and the
 * senders differ, the prepare cache, an empty block, a truncated simple share, and which phase
 * a piece of work is charged to (checked with lower bounds from sleeps in an {@link
 * Instrumented} variant, or with the CPU the call used as an upper bound; never with speeds).
 */
class BlockProposerPathsTest {
  /** Variants whose shares fold the signer set (docs/CRYPTO.md, block_propose step 3). */
  private static final Set<String> FOLDING = Set.of("folded", "precomputed");
  private static final long SLEEP_MILLIS = 150;
  private static final long SLEEP_NANOS = SLEEP_MILLIS * 1_000_000;

  static List<String> variants() {
    return Variants.names();
  }

  @ParameterizedTest
  @MethodSource("variants")
  void aSenderOutsideTheFoldSetIsIgnoredOnlyByVariantsWhoseSharesFoldIt(String name) {
    CombineVariant<?> v = Variants.byName(name);
    StrongRandom random = SeededDrbg.of(301, "test", 0);
    List<Ciphertext> cts = Fixture.encrypt(v, 2, random);
    SignerSet foldSet = Fixture.signers(0, 1, 2, 3, 4, 5, 6);
    // The commit's signers made their shares for the fold set; validator 7 (not in the commit)
    // sends shares for the full set anyway.
    Map<Integer, List<byte[]>> shares = Fixture.shares(v, foldSet, cts);
    shares.put(7, Fixture.shares(v, Fixture.all(), cts).get(7));
    int[] reshares = {0};
    BlockResult r = BlockProposer.forVariant(name, KEYS, WORKERS).propose(cts, shares, foldSet,
        s -> {
          reshares[0]++;
          return Fixture.shares(v, s, cts);
        }, random);
    assertEquals(FOLDING.contains(name), v.sharesDependOnSigners(), name);
    assertEquals(FOLDING.contains(name) ? foldSet : Fixture.all(), r.signersUsed(), name);
    assertEquals(0, reshares[0], name);
    assertTrue(r.faultyValidators().isEmpty(), r.toString());
    for (int j = 0; j < 2; j++) {
      assertArrayEquals(Fixture.message(j), r.plaintexts().get(j).orElseThrow(), name);
    }
  }

  /** N = 64, t = 40, 8 points per validator: five validators hold exactly t points. */
  private static final KeySet EXACT =
      KeySet.deal(Committee.equal(64, 40, 8), SeededDrbg.of(43, "test", 0), WORKERS);

  @ParameterizedTest
  @MethodSource("variants")
  void exactlyThresholdPointsOpenAndOneFaultySignerFewerFailsNamingIt(String name) {
    CombineVariant<?> v = Variants.byName(name);
    StrongRandom random = SeededDrbg.of(315, "test", 0);
    List<Ciphertext> cts = new ArrayList<>();
    for (int j = 0; j < 2; j++) {
      cts.add(Tpke.encrypt(EXACT.publicKey(), Fixture.message(j), v.secretGroup(), random));
    }
    SignerSet five = SignerSet.of(EXACT.committee(), List.of(0, 2, 3, 5, 7));
    Map<Integer, List<byte[]>> shares = new java.util.LinkedHashMap<>();
    for (int validator : five.validators()) {
      CombineVariant.ShareMaker maker = v.shareMaker(EXACT, validator, five);
      shares.put(validator, new ArrayList<>(cts.stream().map(maker::create).toList()));
    }
    BlockProposer<?> p = BlockProposer.forVariant(name, EXACT, WORKERS);
    BlockResult r = p.propose(cts, shares, five, null, random);
    assertEquals(five, r.signersUsed());
    for (int j = 0; j < 2; j++) {
      assertArrayEquals(Fixture.message(j), r.plaintexts().get(j).orElseThrow(), name);
    }
    shares.get(3).set(1, new byte[7]);
    BlockResult shortOfOne = p.propose(cts, shares, five, null, random);
    assertEquals(BlockResult.Status.NOT_ENOUGH_HONEST_SHARES, shortOfOne.status(), name);
    assertTrue(shortOfOne.faultyValidators().get(3).startsWith("malformed share"),
        shortOfOne.faultyValidators().toString());
    assertEquals(Set.of(3), shortOfOne.faultyValidators().keySet(), name);
    assertTrue(shortOfOne.plaintexts().stream().allMatch(Optional::isEmpty), name);
  }

  /** simple's combiner takes exactly the first t point shares, and refuses fewer. */
  @Test
  void simpleCombinesTheFirstThresholdPointsAndRefusesFewer() {
    CombineVariant<?> v = Variants.byName("simple");
    Ciphertext ct = Tpke.encrypt(EXACT.publicKey(), Fixture.message(0), v.secretGroup(),
        SeededDrbg.of(317, "test", 0));
    SignerSet six = SignerSet.of(EXACT.committee(), List.of(0, 1, 2, 3, 4, 5));
    assertArrayEquals(Fixture.message(0), Tpke.open(ct, combine(v, six, 6, ct)).orElseThrow());
    assertArrayEquals(Fixture.message(0), Tpke.open(ct, combine(v, six, 5, ct)).orElseThrow());
    CryptoException e = assertThrows(CryptoException.class, () -> combine(v, six, 4, ct));
    assertTrue(e.getMessage().contains("got 32 point shares, need 40"), e.getMessage());
  }

  /** share_combine for {@code signers} from the shares of its first {@code count} validators. */
  private static <S> byte[] combine(CombineVariant<S> v, SignerSet signers, int count,
      Ciphertext ct) {
    List<S> row = new ArrayList<>();
    for (int pos = 0; pos < count; pos++) {
      int validator = signers.validator(pos);
      row.add(v.decodeShare(v.shareMaker(EXACT, validator, signers).create(ct)));
    }
    return v.prepare(EXACT, signers, WORKERS).combine(ct, row);
  }

  @ParameterizedTest
  @MethodSource("variants")
  void prepareRunsOncePerSignerSetAndAnEmptyBlockOpensNothing(String name) {
    CombineVariant<?> v = Variants.byName(name);
    StrongRandom random = SeededDrbg.of(303, "test", 0);
    List<Ciphertext> cts = Fixture.encrypt(v, 1, random);
    BlockProposer<?> p = BlockProposer.forVariant(name, KEYS, WORKERS);
    assertEquals(name, p.variant().name());
    SignerSet all = Fixture.all();
    assertTrue(p.propose(cts, Fixture.shares(v, all, cts), null, random).ranPrepare());
    BlockResult again = p.propose(cts, Fixture.shares(v, all, cts), null, random);
    assertFalse(again.ranPrepare(), again.toString());
    assertArrayEquals(Fixture.message(0), again.plaintexts().get(0).orElseThrow());
    assertEquals(all, p.combinerFor(all).signers());

    BlockResult empty = p.propose(List.of(), Fixture.shares(v, all, List.of()), null, random);
    assertEquals(List.of(), empty.plaintexts());
    assertEquals(List.of(), empty.invalidCiphertexts());
    assertTrue(empty.faultyValidators().isEmpty(), empty.toString());
    assertEquals(all, empty.signersUsed());
    assertEquals(0, empty.timings().verifyNanos());
  }

  @Test
  void aSimpleShareWithTooFewOrTooManyPointElementsIsMalformedAndNamed() {
    // Each validator holds 8 points, so an honest simple share has 8 GT elements. Before the
    // per-validator length check, a truncated share took other points' places in the
    // combination: every message stayed unopened with nobody named, and with fewer senders
    // combine threw instead of naming the senders of short shares.
    for (String name : List.of("simple", "batch")) {
      CombineVariant<?> v = Variants.byName(name);
      StrongRandom random = SeededDrbg.of(305, "test", 0);
      List<Ciphertext> cts = Fixture.encrypt(v, 2, random);
      Map<Integer, List<byte[]>> shares = Fixture.shares(v, Fixture.all(), cts);
      shares.put(0, shares.get(0).stream().map(s -> Arrays.copyOf(s, 576)).toList());
      List<byte[]> longer = new ArrayList<>();
      for (byte[] s : shares.get(5)) {
        byte[] out = Arrays.copyOf(s, s.length + 576);
        System.arraycopy(s, 0, out, s.length, 576);
        longer.add(out);
      }
      shares.put(5, longer);
      BlockResult r = BlockProposer.forVariant(name, KEYS, WORKERS)
          .propose(cts, shares, null, random);
      assertEquals(List.of(0, 5), new ArrayList<>(r.faultyValidators().keySet()), r.toString());
      assertTrue(r.faultyValidators().get(0).contains("validator 0 holds 8 points: expected 4704"
          + " bytes, got 576"), r.faultyValidators().get(0));
      assertTrue(r.faultyValidators().get(5).contains("got 5280"), r.faultyValidators().get(5));
      assertEquals(Fixture.signers(1, 2, 3, 4, 6, 7), r.signersUsed());
      for (int j = 0; j < 2; j++) {
        assertArrayEquals(Fixture.message(j), r.plaintexts().get(j).orElseThrow(), name);
      }
    }
  }

  @Test
  void rePreparingAfterAFailedShareVerificationIsChargedToPrepare() {
    SignerSet all = Fixture.all();
    // prepare_combine is slow only for the set without the faulty validator, i.e. only after
    // verification failed; the first set is prepared before the block.
    Instrumented<?> v = Instrumented.of("fast", s -> !s.equals(all), SLEEP_MILLIS, 0);
    StrongRandom random = SeededDrbg.of(307, "test", 0);
    List<Ciphertext> cts = Fixture.encrypt(v, 2, random);
    Map<Integer, List<byte[]>> shares = Fixture.shares(v, all, cts);
    shares.put(6, shares.get(6).stream()
        .map(s -> G1Point.fromBytes(s).add(G1Point.generator()).toUncompressed()).toList());
    BlockProposer<?> p = new BlockProposer<>(v, KEYS, WORKERS);
    p.combinerFor(all);
    BlockResult r = p.propose(cts, shares, null, random);
    assertEquals(List.of(6), new ArrayList<>(r.faultyValidators().keySet()), r.toString());
    assertEquals("decryption share failed verification", r.faultyValidators().get(6));
    assertEquals(2, r.openedCount());
    assertTrue(r.timings().prepareNanos() >= SLEEP_NANOS, r.timings().toString());
    assertTrue(r.timings().verifyNanos() > 0, r.timings().toString());
  }

  @Test
  void blameIsChargedToBlame() {
    Instrumented<?> v = Instrumented.of("precomputed", s -> false, 0, SLEEP_MILLIS);
    StrongRandom random = SeededDrbg.of(309, "test", 0);
    List<Ciphertext> cts = Fixture.encrypt(v, 2, random);
    SignerSet all = Fixture.all();
    Map<Integer, List<byte[]>> shares = Fixture.shares(v, all, cts);
    shares.put(3, shares.get(4)); // well-formed, wrong: its own check names it
    BlockResult r = new BlockProposer<>(v, KEYS, WORKERS).propose(cts, shares, all, null, random);
    assertEquals(0, r.openedCount(), r.toString());
    assertEquals(List.of(3), new ArrayList<>(r.faultyValidators().keySet()), r.toString());
    assertEquals(BlockResult.Status.NEEDS_RESHARE, r.status(), r.toString());
    assertTrue(r.timings().blameNanos() >= SLEEP_NANOS, r.timings().toString());
    assertEquals(0, r.timings().verifyNanos(), r.timings().toString());
  }

  @Test
  void aSerialVariantCombinesOnTheCallingThread() {
    Instrumented<?> v = Instrumented.of("simple", s -> false, 0, 0);
    assertFalse(v.parallel());
    StrongRandom random = SeededDrbg.of(311, "test", 0);
    List<Ciphertext> cts = Fixture.encrypt(v, 4, random);
    BlockResult r = new BlockProposer<>(v, KEYS, WORKERS)
        .propose(cts, Fixture.shares(v, Fixture.all(), cts), null, random);
    assertEquals(4, r.openedCount());
    assertEquals(Set.of(Thread.currentThread()), v.combineThreads);
  }

  /**
   * The CPU charged to the phases is CPU the call used on the caller's thread and on the pool's
   * threads, each counted once: their sum is at most what those threads used over the call.
   */
  @ParameterizedTest
  @MethodSource("variants")
  void theCpuChargedToThePhasesIsCountedOnce(String name) {
    CombineVariant<?> v = Variants.byName(name);
    StrongRandom random = SeededDrbg.of(313, "test", 0);
    List<Ciphertext> cts = Fixture.encrypt(v, 3, random);
    Map<Integer, List<byte[]>> shares = Fixture.shares(v, Fixture.all(), cts);
    shares.put(2, shares.get(4));
    try (Workers own = Workers.of(2)) {
      BlockProposer<?> p = BlockProposer.forVariant(name, KEYS, own);
      long before = Workers.callerCpuNanos() + own.poolCpuNanos();
      BlockResult r = p.propose(cts, shares, null, s -> Fixture.shares(v, s, cts), random);
      long used = Workers.callerCpuNanos() + own.poolCpuNanos() - before;
      BlockResult.PhaseTimings c = r.cpu();
      for (long phase : new long[] {c.decodeNanos(), c.validityNanos(), c.verifyNanos(),
          c.prepareNanos(), c.combineNanos(), c.checkNanos(), c.decryptNanos(),
          c.blameNanos()}) {
        assertTrue(phase >= 0, c.toString());
      }
      assertTrue(c.totalNanos() <= used, c + " > " + used);
    }
  }
}
