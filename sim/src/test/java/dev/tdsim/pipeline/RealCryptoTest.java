package dev.tdsim.pipeline;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.tdsim.crypto.SealedTx;
import dev.tdsim.crypto.Workers;
import dev.tdsim.crypto.design.Designs;
import dev.tdsim.crypto.curve.G1Point;
import dev.tdsim.crypto.random.SeededDrbg;
import dev.tdsim.crypto.random.StrongRandom;
import dev.tdsim.crypto.tpke.Ciphertext;
import dev.tdsim.crypto.tpke.SignerSet;
import dev.tdsim.crypto.variant.BlockResult;
import java.util.Arrays;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import org.junit.jupiter.api.Test;

/** The simulator's door to the real crypto: fresh randomness, call counts, CPU times. */
class RealCryptoTest {
  private static StrongRandom stream(int index) {
    return SeededDrbg.of(index, "test.realcrypto", 0);
  }

  @Test
  void everyCiphertextGetsItsOwnRandomnessAndTheCallsAreCounted() {
    RealCrypto crypto = RealCrypto.of(Designs.byName("simple"), PipelineFixture.keys(), 16,
        Workers.of(1));
    assertEquals(1, crypto.threads());
    long[] admission = {5};
    long thread0 = PipelineFixture.threadCpuNanos();
    long process0 = PipelineFixture.processCpuNanos();
    byte[] same = new byte[40];
    RealCrypto.Timed<List<SealedTx>> enc =
        crypto.encryptAndAdmit(List.of(same, same, same), stream(1), admission);
    List<SealedTx> cts = enc.value();
    assertEquals(3, cts.size());
    // Equal payloads, distinct ciphertexts: each encryption drew its own randomness.
    assertFalse(Arrays.equals(cts.get(0).toBytes(), cts.get(1).toBytes()));
    assertFalse(Arrays.equals(cts.get(1).toBytes(), cts.get(2).toBytes()));
    assertEquals(6, crypto.calls(), "3 encryptions + 3 validity checks");

    SignerSet signers = SignerSet.of(PipelineFixture.keys().committee(), List.of(0, 2, 3));
    List<RealCrypto.Timed<List<byte[]>>> made = crypto.createShares(List.of(0, 2, 3), signers,
        cts);
    assertEquals(9, crypto.calls(), "+ one share batch per validator");
    Map<Integer, List<byte[]>> shares = new TreeMap<>();
    for (int i = 0; i < 3; i++) {
      shares.put(List.of(0, 2, 3).get(i), made.get(i).value());
      assertEquals(3, made.get(i).value().size());
    }
    RealCrypto.Timed<BlockResult> result = crypto.blockPropose(1, cts, shares, null,
        SeededDrbg.of(2, "test.realcrypto", 0));
    assertEquals(10, crypto.calls(), "+ one block_propose");
    assertEquals(3, result.value().openedCount());
    for (int j = 0; j < 3; j++) {
      assertTrue(Arrays.equals(same, result.value().plaintexts().get(j).orElseThrow()));
    }
    // Each call's CPU time is part of the test's, on the same clock (thread CPU for the work on
    // this thread; process CPU, which may tick in 10 ms steps, for block_propose).
    long threadBound = PipelineFixture.threadCpuNanos() - thread0;
    long processBound = PipelineFixture.processCpuNanos() - process0;
    assertTrue(enc.cpuNanos() > 0 && enc.cpuNanos() <= threadBound, "encrypt " + enc.cpuNanos());
    assertTrue(admission[0] > 5 && admission[0] <= 5 + threadBound, "admission is added");
    assertTrue(result.cpuNanos() >= 0 && result.cpuNanos() <= processBound,
        "block_propose " + result.cpuNanos() + " of " + processBound);
    for (RealCrypto.Timed<List<byte[]>> m : made) {
      assertTrue(m.cpuNanos() > 0 && m.cpuNanos() <= threadBound);
    }
  }

  @Test
  void warmUpLeavesNoCallsAndNoPreparedSignerSet() {
    RealCrypto crypto = RealCrypto.of(Designs.byName("simple"), PipelineFixture.keys(), 16,
        Workers.of(1));
    crypto.warmUp(SeededDrbg.of(3, "test.realcrypto", 0));
    assertEquals(0, crypto.calls());
    List<SealedTx> cts = crypto.encryptAndAdmit(List.of(new byte[8]), stream(4), new long[1])
        .value();
    SignerSet all = SignerSet.all(PipelineFixture.keys().committee());
    List<RealCrypto.Timed<List<byte[]>>> made = crypto.createShares(all.validators(), all, cts);
    Map<Integer, List<byte[]>> shares = new TreeMap<>();
    for (int i = 0; i < made.size(); i++) {
      shares.put(all.validator(i), made.get(i).value());
    }
    assertTrue(crypto.blockPropose(0, cts, shares, null, stream(5)).value().ranPrepare(),
        "the warm-up's prepare_combine is not cached for the real combiners");
    assertFalse(crypto.blockPropose(0, cts, shares, null, stream(5)).value().ranPrepare(),
        "each combiner caches its own");
    assertTrue(crypto.blockPropose(1, cts, shares, null, stream(5)).value().ranPrepare());
  }

  /**
   * A block_propose that names a validator (its shares are another's) but still opens every
   * payload from t honest points is not short: nobody is "named before short", and its CPU
   * time is part of the process's over the call.
   */
  @Test
  void aCallThatNamesAValidatorAndOpensEverythingIsNotShort() {
    RealCrypto crypto = RealCrypto.of(Designs.byName("simple"), PipelineFixture.keys(), 16,
        Workers.of(1));
    List<SealedTx> cts = crypto.encryptAndAdmit(List.of(new byte[8], new byte[8]), stream(6),
        new long[1]).value();
    SignerSet all = SignerSet.all(PipelineFixture.keys().committee());
    List<RealCrypto.Timed<List<byte[]>>> made = crypto.createShares(all.validators(), all, cts);
    Map<Integer, List<byte[]>> shares = new TreeMap<>();
    for (int i = 0; i < made.size(); i++) {
      shares.put(all.validator(i), made.get(i).value());
    }
    shares.put(0, made.get(1).value()); // 0 sends 1's shares: wrong for its points
    long process0 = PipelineFixture.processCpuNanos();
    RealCrypto.Attempt a = crypto.tryBlockPropose(2, crypto.plainBlock(1, cts), shares, null,
        stream(7));
    long processBound = PipelineFixture.processCpuNanos() - process0;
    assertFalse(a.isShort());
    assertEquals(Set.of(0), a.result().faultyValidators().keySet());
    assertEquals(2, a.result().openedCount());
    assertEquals(List.of(), a.namedBeforeShort());
    assertTrue(a.cpuNanos() >= 0 && a.cpuNanos() <= processBound,
        "block_propose " + a.cpuNanos() + " of " + processBound);
  }

  /** A design that folds the signer set: the warm-up's set is no validator's last one. */
  @Test
  void warmUpLeavesNoValidatorsCoefficients() {
    RealCrypto crypto = RealCrypto.of(Designs.byName("folded"), PipelineFixture.keys(), 16,
        Workers.of(1));
    crypto.warmUp(SeededDrbg.of(3, "test.realcrypto", 0));
    SignerSet all = SignerSet.all(PipelineFixture.keys().committee());
    assertEquals(0, crypto.recordedCoefficientsCpuNanos(all), "no cost kept for its set");
    for (int v = 0; v < PipelineFixture.VALIDATORS; v++) {
      assertTrue(crypto.foldsForNewSet(v, all), "validator " + v + " computes them anew");
    }
  }

  @Test
  void encryptionIsReproducibleFromItsStreamAndNeverReusesR() {
    byte[] same = new byte[8];
    List<byte[]> payloads = List.of(same, same, same, same);
    try (Workers two = Workers.of(2)) {
      RealCrypto crypto = RealCrypto.of(Designs.byName("simple"), PipelineFixture.keys(), 16,
        two);
      // Same stream, same ciphertexts, whichever thread encrypts which message.
      assertEquals(crypto.encryptAndAdmit(payloads, stream(7), new long[1]).value(),
          crypto.encryptAndAdmit(payloads, stream(7), new long[1]).value());
      // One stream over several calls: every encryption has its own r (so its own U).
      StrongRandom one = stream(8);
      Set<G1Point> us = new HashSet<>();
      for (int call = 0; call < 3; call++) {
        crypto.encryptAndAdmit(payloads, one, new long[1]).value().forEach(ct -> us.add(((Ciphertext) ct).u()));
      }
      assertEquals(12, us.size());
    }
  }

  @Test
  void everyFoldingValidatorPaysTheSignerSetCoefficientsOnceItsSetIsNew() {
    try (Workers two = Workers.of(2)) {
      RealCrypto crypto = RealCrypto.of(Designs.byName("folded"), PipelineFixture.keys(), 16,
        two);
      var committee = PipelineFixture.keys().committee();
      List<SealedTx> cts = crypto.encryptAndAdmit(List.of(new byte[8]), stream(9), new long[1])
          .value();
      List<Integer> makers = List.of(0, 1, 2, 3);
      SignerSet set = SignerSet.of(committee, makers);
      List<RealCrypto.Timed<List<byte[]>>> made = crypto.createShares(makers, set, cts);
      // The coefficients were computed once (on this thread) and measured then. (Asking
      // coefficientsCpuNanos again would measure again, and the JVM's other threads, JIT and GC,
      // can raise that second reading: the cost recorded at the charge is what each paid.)
      long cost = crypto.recordedCoefficientsCpuNanos(set);
      assertTrue(cost > 0, "measured cost " + cost);
      long[] parts = crypto.lastCoefficientCharges();
      for (int i = 0; i < makers.size(); i++) {
        assertTrue(made.get(i).cpuNanos() >= cost, "validator " + makers.get(i) + " paid "
            + made.get(i).cpuNanos() + " ns, below the coefficients' " + cost + " ns");
        assertEquals(cost, parts[i], "the coefficients' part of validator " + makers.get(i));
      }
      // An equal set (a new object, as each height's announcement is): nobody pays again; a
      // validator whose last set was another pays it.
      SignerSet again = SignerSet.of(committee, makers);
      SignerSet other = SignerSet.of(committee, List.of(0, 1, 2));
      assertEquals(List.of(0L, 0L, 0L, 0L),
          Arrays.stream(crypto.coefficientCharges(makers, again)).boxed().toList());
      long[] charged = crypto.coefficientCharges(List.of(0, 1), other);
      assertTrue(charged[0] > 0 && charged[0] == charged[1], Arrays.toString(charged));
      long[] back = crypto.coefficientCharges(List.of(0, 3), again);
      assertTrue(back[0] > 0, "0 folded for another set since");
      assertEquals(0, back[1], "3 still holds this set's coefficients");
    }
  }

  @Test
  void atModelPricedHeightsAFoldingValidatorPaysTheCoefficientsOnlyForASetNewToIt() {
    RealCrypto folded = RealCrypto.of(Designs.byName("folded"), PipelineFixture.keys(), 16,
        Workers.of(1));
    var committee = PipelineFixture.keys().committee();
    SignerSet set = SignerSet.of(committee, List.of(0, 1, 2));
    assertTrue(folded.foldsForNewSet(0, set));
    assertFalse(folded.foldsForNewSet(0, SignerSet.of(committee, List.of(0, 1, 2))),
        "an equal set: coefficients kept");
    assertTrue(folded.foldsForNewSet(0, SignerSet.of(committee, List.of(0, 1, 3))));
    assertTrue(folded.foldsForNewSet(1, set), "each validator on its own machine");
    RealCrypto fast = RealCrypto.of(Designs.byName("fast"), PipelineFixture.keys(), 16,
        Workers.of(1));
    assertFalse(fast.foldsForNewSet(0, set), "fast does not fold the signer set");
  }

  @Test
  void variantsThatDoNotFoldPayNoCoefficients() {
    RealCrypto crypto = RealCrypto.of(Designs.byName("fast"), PipelineFixture.keys(), 16,
        Workers.of(1));
    SignerSet set = SignerSet.of(PipelineFixture.keys().committee(), List.of(0, 1, 2));
    assertEquals(List.of(0L, 0L, 0L),
        Arrays.stream(crypto.coefficientCharges(List.of(0, 1, 2), set)).boxed().toList());
  }

  @Test
  void aValidatorsOwnShareMakingAndAKeyCollidingPayloadAreCountedAndTimed() {
    RealCrypto crypto = RealCrypto.of(Designs.byName("fast"), PipelineFixture.keys(), 4,
        Workers.of(1));
    long thread0 = PipelineFixture.threadCpuNanos();
    RealCrypto.Timed<List<byte[]>> made = crypto.createWith(() -> {
      SeededDrbg.of(9, "test.realcrypto.work", 0).nextBytes(new byte[1 << 16]);
      return List.of(new byte[] {7});
    });
    assertEquals(1, crypto.calls());
    assertEquals(7, made.value().get(0)[0]);
    RealCrypto.Timed<dev.tdsim.crypto.design.DesignKeys.Colliding> c =
        crypto.colliding(2, 0, new byte[16], stream(4));
    assertEquals(2, crypto.calls());
    long bound = PipelineFixture.threadCpuNanos() - thread0;
    assertTrue(made.cpuNanos() >= 0 && made.cpuNanos() <= bound, "shares " + made.cpuNanos());
    assertTrue(c.cpuNanos() > 0 && c.cpuNanos() <= bound, "colliding " + c.cpuNanos());
    assertTrue(crypto.designKeys().isValid(c.value().tx()));
  }

  @Test
  void eachPhaseOfBlockProposeIsPricedAsItsOperation() {
    Map<dev.tdsim.timing.CryptoOp, Long> byOp =
        RealCrypto.byOp(new BlockResult.PhaseTimings(1, 2, 3, 4, 5, 6, 7, 8));
    assertEquals(Map.of(dev.tdsim.timing.CryptoOp.DECODE, 1L,
        dev.tdsim.timing.CryptoOp.VALIDITY, 2L, dev.tdsim.timing.CryptoOp.VERIFY, 3L,
        dev.tdsim.timing.CryptoOp.PREPARE, 4L, dev.tdsim.timing.CryptoOp.COMBINE, 5L,
        dev.tdsim.timing.CryptoOp.CHECK, 6L, dev.tdsim.timing.CryptoOp.DECRYPT, 7L,
        dev.tdsim.timing.CryptoOp.BLAME, 8L), byOp);
  }

  /** fast's combiner verifies each share (a VERIFY phase); simple checks the combined result. */
  @Test
  void whetherTheCombinerVerifiesSharesIsTheDesigns() {
    assertTrue(RealCrypto.of(Designs.byName("fast"), PipelineFixture.keys(), 1, Workers.of(1))
        .verifiesShares());
    assertFalse(RealCrypto.of(Designs.byName("simple"), PipelineFixture.keys(), 1,
        Workers.of(1)).verifiesShares());
  }
}
