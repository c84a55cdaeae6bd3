package dev.tdsim.crypto.design.batched;

import static dev.tdsim.crypto.design.batched.BatchedFixture.BATCHED;
import static dev.tdsim.crypto.design.batched.BatchedFixture.KEYS;
import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.tdsim.crypto.SealedTx;
import dev.tdsim.crypto.curve.G1Point;
import dev.tdsim.crypto.curve.GtElement;
import dev.tdsim.crypto.curve.Pairings;
import dev.tdsim.crypto.design.BlockId;
import dev.tdsim.crypto.field.Fr;
import dev.tdsim.crypto.random.SeededDrbg;
import dev.tdsim.crypto.tpke.SignerSet;
import dev.tdsim.crypto.variant.BlockResult;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.constraints.IntRange;

/**
 * Threshold behaviour on the fixture's committee (64 points over 8 validators, t = 42): any signer
 * set holding at least t points (6 or more validators) decrypts the whole block, fewer open
 * nothing; and any t-1 points, folded with their own Lagrange coefficients, combine to something
 * other than sk C' that fails the key check and opens no transaction.
 */
class BatchedThresholdProperties {
  private static final BlockId BLOCK = new BlockId("prop", 3);
  private static final List<SealedTx> TXS =
      BatchedFixture.seal(BATCHED, BLOCK, 3, SeededDrbg.of(20, "prop", 0));
  private static final BatchedBlock PREPARED = BatchedFixture.prepared(BATCHED, BLOCK, TXS);

  @Property(tries = 30)
  void anySetWithTheThresholdOfPointsDecrypts(
      @ForAll @IntRange(min = 0, max = 7) int a,
      @ForAll @IntRange(min = 0, max = 7) int b,
      @ForAll @IntRange(min = 0, max = 8) int c) {
    List<Integer> members = new ArrayList<>();
    for (int v = 0; v < KEYS.committee().validators(); v++) {
      if (v != a && v != b && v != c) {
        members.add(v);
      }
    }
    int points = KEYS.committee().pointsOf(members).length;
    SignerSet all = SignerSet.all(KEYS.committee());
    if (points < KEYS.committee().threshold()) {
      // Their honest shares (folded for the whole committee) are too few points to combine.
      Map<Integer, List<byte[]>> some = new java.util.HashMap<>();
      members.forEach(v -> some.put(v, BATCHED.createShares(v, all, PREPARED)));
      BlockResult r = BATCHED.propose(PREPARED, some, null, null, SeededDrbg.of(a, "p", b));
      assertEquals(BlockResult.Status.NOT_ENOUGH_HONEST_SHARES, r.status());
      assertTrue(r.plaintexts().stream().allMatch(java.util.Optional::isEmpty));
      return;
    }
    SignerSet set = SignerSet.of(KEYS.committee(), members);
    BlockResult r = BATCHED.propose(PREPARED, BatchedFixture.shares(BATCHED, set, PREPARED),
        set, null, SeededDrbg.of(a, "p", 8 * b + c));
    assertEquals(BlockResult.Status.DECRYPTED, r.status());
    for (int j = 0; j < TXS.size(); j++) {
      assertArrayEquals(BatchedFixture.message(j), r.plaintexts().get(j).orElseThrow());
    }
  }

  /**
   * t-1 points: the validators' own shares folded with the Lagrange coefficients of exactly the
   * points they hold (interpolating through t-1 points) sum to something other than sk C', which
   * fails the key check and decrypts no transaction.
   */
  @Property(tries = 10)
  void oneLessThanTheThresholdOpensNothing(@ForAll @IntRange(min = 0, max = 1000) int seed) {
    int t = KEYS.committee().threshold();
    // Points 0..t-2 (t-1 points) held by whole validators plus part of one: interpolate on them.
    int[] points = new int[t - 1];
    for (int k = 0; k < t - 1; k++) {
      points[k] = (k * 7 + seed) % 64;
    }
    java.util.Arrays.sort(points);
    points = java.util.Arrays.stream(points).distinct().toArray();
    if (points.length != t - 1) {
      return; // 7 is a unit mod 64, so this does not happen; kept as a guard
    }
    Fr[] lambdas = dev.tdsim.crypto.field.Lagrange.atZero(KEYS.domain(), points);
    Fr folded = Fr.zero();
    for (int i = 0; i < points.length; i++) {
      folded = folded.add(lambdas[i].mul(KEYS.validatorScalarShare(points[i])));
    }
    G1Point key = PREPARED.digest().point().multiply(folded);
    BatchedCombiner c = BATCHED.combiner();
    assertFalse(c.checkKey(PREPARED.digest().point(), key));
    for (int j = 0; j < TXS.size(); j++) {
      BatchedTx tx = PREPARED.batchedTxs().get(j);
      GtElement k = Pairings.millerLoop(List.of(key, PREPARED.negatedProofs()[j]),
          List.of(tx.a(), tx.b())).finalExponentiation();
      assertTrue(Cipher.open(Cipher.kdf(k, PREPARED.tags()[j]), tx.header(), tx.bodyView())
          .isEmpty());
    }
  }
}
