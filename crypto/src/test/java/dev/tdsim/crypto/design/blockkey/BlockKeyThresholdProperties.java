package dev.tdsim.crypto.design.blockkey;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.tdsim.crypto.SealedTx;
import dev.tdsim.crypto.curve.G1Point;
import dev.tdsim.crypto.design.BlockId;
import dev.tdsim.crypto.design.DesignKeys;
import dev.tdsim.crypto.design.PreparedBlock;
import dev.tdsim.crypto.random.SeededDrbg;
import dev.tdsim.crypto.tpke.Committee;
import dev.tdsim.crypto.tpke.KeySet;
import dev.tdsim.crypto.tpke.SignerSet;
import dev.tdsim.crypto.variant.BlockResult;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Map;
import java.util.Random;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.constraints.IntRange;

/**
 * The threshold, on committees whose validators own unequal numbers of points: any set of
 * validators holding exactly t points opens the block, and the same set without a validator that
 * owns one point (t - 1 points) opens nothing, and the sum of its shares is not the block key.
 */
class BlockKeyThresholdProperties {
  private static final int SHARES = 64;
  private static final int THRESHOLD = Committee.defaultThreshold(SHARES); // 42

  /** Chunk sizes: a 1-point validator plus parts of t - 1 (the set A), then parts of N - t. */
  private static int[] chunks(Random rnd, int partsOfA, int partsOfRest, List<Integer> inA) {
    List<Integer> a = split(rnd, THRESHOLD - 1, partsOfA);
    a.add(0, 1);
    List<Integer> rest = split(rnd, SHARES - THRESHOLD, partsOfRest);
    List<int[]> all = new ArrayList<>(); // {size, inA}
    a.forEach(s -> all.add(new int[] {s, 1}));
    rest.forEach(s -> all.add(new int[] {s, 0}));
    Collections.shuffle(all, rnd);
    int[] sizes = new int[all.size()];
    for (int i = 0; i < sizes.length; i++) {
      sizes[i] = all.get(i)[0];
      if (all.get(i)[1] == 1) {
        inA.add(i);
      }
    }
    return sizes;
  }

  private static List<Integer> split(Random rnd, int total, int parts) {
    List<Integer> cuts = new ArrayList<>();
    while (cuts.size() < parts - 1) {
      int c = 1 + rnd.nextInt(total - 1);
      if (!cuts.contains(c)) {
        cuts.add(c);
      }
    }
    Collections.sort(cuts);
    List<Integer> out = new ArrayList<>();
    int prev = 0;
    for (int c : cuts) {
      out.add(c - prev);
      prev = c;
    }
    out.add(total - prev);
    return out;
  }

  @Property(tries = 12)
  void exactlyTheThresholdOpensAndOneLessDoesNot(
      @ForAll @IntRange(min = 1, max = 6) int partsOfA,
      @ForAll @IntRange(min = 1, max = 5) int partsOfRest,
      @ForAll long seed) {
    Random rnd = new Random(seed);
    List<Integer> setA = new ArrayList<>();
    int[] sizes = chunks(rnd, partsOfA, partsOfRest, setA);
    int[] first = new int[sizes.length + 1];
    for (int i = 0; i < sizes.length; i++) {
      first[i + 1] = first[i] + sizes[i];
    }
    Committee committee = new Committee(SHARES, THRESHOLD, first);
    KeySet keys = KeySet.deal(committee, SeededDrbg.of(seed, "prop-keys", 0),
        BlockKeyFixture.WORKERS);
    DesignKeys design = new BlockKeyDesign().setup(keys, 8, SeededDrbg.of(seed, "prop", 1),
        BlockKeyFixture.WORKERS);
    SeededDrbg random = SeededDrbg.of(seed, "prop", 2);
    BlockId id = new BlockId("prop", 1 + rnd.nextInt(1000));
    List<SealedTx> txs = BlockKeyFixture.seal(design, id, 2, random);
    PreparedBlock block = BlockKeyFixture.prepare(design, id, txs);

    SignerSet a = SignerSet.of(committee, setA);
    assertEquals(THRESHOLD, a.pointCount());
    Map<Integer, List<byte[]>> shares = BlockKeyFixture.shares(design, a, block);
    BlockResult opened = design.propose(block, shares, a, null, random);
    assertEquals(BlockResult.Status.DECRYPTED, opened.status());
    for (int j = 0; j < txs.size(); j++) {
      assertArrayEquals(BlockKeyFixture.message(j), opened.plaintexts().get(j).orElseThrow());
    }

    int onePoint = setA.stream().filter(v -> committee.pointsOf(v) == 1).findFirst().orElseThrow();
    shares.remove(onePoint); // t - 1 points left
    BlockResult shut = design.propose(block, shares, a, null, random);
    assertEquals(BlockResult.Status.NOT_ENOUGH_HONEST_SHARES, shut.status());
    assertEquals(THRESHOLD - 1, shut.pointsAvailable());
    assertTrue(shut.plaintexts().stream().allMatch(java.util.Optional::isEmpty));
    List<G1Point> rest = shares.values().stream().map(s -> G1Point.fromBytes(s.get(0))).toList();
    assertFalse(BlockKeyOps.checkKey(
        G1Point.sum(rest), BlockKeyCipher.identity(id), keys.publicKeyG2().prepare()));
  }

  /** Any random signer set: it opens the block exactly when it holds t points or more. */
  @Property(tries = 10)
  void anySetOpensExactlyWhenItHoldsTheThreshold(@ForAll long seed) {
    Random rnd = new Random(seed);
    DesignKeys design = BlockKeyFixture.DESIGN;
    Committee committee = BlockKeyFixture.KEYS.committee();
    List<Integer> chosen = new ArrayList<>();
    for (int v = 0; v < committee.validators(); v++) {
      if (rnd.nextInt(4) != 0) {
        chosen.add(v);
      }
    }
    SeededDrbg random = SeededDrbg.of(seed, "any", 0);
    BlockId id = BlockKeyFixture.block(100 + rnd.nextInt(100));
    List<SealedTx> txs = BlockKeyFixture.seal(design, id, 1, random);
    PreparedBlock block = BlockKeyFixture.prepare(design, id, txs);
    int points = committee.pointsOf(chosen).length;
    SignerSet all = BlockKeyFixture.all();
    Map<Integer, List<byte[]>> shares = BlockKeyFixture.shares(design, all, block);
    shares.keySet().retainAll(chosen);
    // Shares were made for all validators; the chosen ones re-share for themselves.
    BlockResult r = design.propose(block, shares, all,
        s -> BlockKeyFixture.shares(design, s, block), random);
    if (points >= THRESHOLD) {
      assertEquals(BlockResult.Status.DECRYPTED, r.status());
      assertArrayEquals(BlockKeyFixture.message(0), r.plaintexts().get(0).orElseThrow());
    } else {
      assertEquals(BlockResult.Status.NOT_ENOUGH_HONEST_SHARES, r.status());
      assertTrue(r.plaintexts().get(0).isEmpty());
    }
  }
}
