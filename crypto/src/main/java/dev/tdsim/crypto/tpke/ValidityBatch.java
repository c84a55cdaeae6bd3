package dev.tdsim.crypto.tpke;

import dev.tdsim.crypto.BatchSearch;
import dev.tdsim.crypto.CryptoException;
import dev.tdsim.crypto.Workers;
import dev.tdsim.crypto.curve.G1Point;
import dev.tdsim.crypto.curve.G2Point;
import dev.tdsim.crypto.curve.GtElement;
import dev.tdsim.crypto.curve.Pairings;
import dev.tdsim.crypto.random.StrongRandom;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;

/**
 * The CCA validity check of many ciphertexts at once (a block at block_propose, a batch at
 * admission), and the search for the bad ones when it fails.
 *
 * <p>Check of a set S: with independent uniform non-zero 64-bit weights alpha_j drawn from a
 * {@link StrongRandom} after the ciphertexts are fixed,
 *
 * <pre>  prod_{j in S} e([alpha_j] U_j, H(U_j || V_j)) * e(-G, sum_{j in S} [alpha_j] W_j) == 1</pre>
 *
 * i.e. |S| + 1 Miller-loop pairs and one final exponentiation. Soundness (the small-exponent
 * test, Bellare, Garay and Rabin, "Fast batch verification for modular exponentiation and digital
 * signatures", Eurocrypt 1998, section 3.3): each ciphertext's equation is a value e_j of GT,
 * a group of prime order r > 2^64, which is 1 exactly when the ciphertext is valid, and the
 * check tests prod e_j^alpha_j == 1. If some e_k != 1, then for any values of the other weights
 * at most one alpha_k modulo r passes, so a set holding an invalid ciphertext passes with
 * probability at most 1 / (2^64 - 1). Unweighted (as in the original code) two bad tags could
 * cancel. U_j and W_j must be subgroup members (ciphertext decoding checks), else e_j would not
 * lie in GT.
 *
 * <p>Speed: per ciphertext one hash to G2, one 64-bit G1 multiplication and one Miller-loop
 * pair; the ciphertexts are split into contiguous ranges on the {@link Workers}, each range
 * hashes, weights and runs its own multi-Miller loop and its share of the W sum (a 64-bit G2
 * MSM); the ranges' loop values are multiplied in GT before the single final exponentiation.
 * Points are normalised to affine per range with one inversion.
 *
 * <p>When the set fails, the bad ciphertexts are found by {@link BatchSearch} (bisection, fresh
 * weights for every check, the hashes of the first pass reused; small or dense failing sets one
 * ciphertext at a time by the exact 2-pair equation, which alone names a ciphertext).
 */
public final class ValidityBatch {
  private ValidityBatch() {}

  /** Whether every ciphertext is valid, by one weighted check (see the class comment). */
  public static boolean allValid(List<Ciphertext> cts, StrongRandom random, Workers workers) {
    return cts.isEmpty() || (cts.size() == 1 ? Tpke.isValid(cts.get(0))
        : firstPass(cts, random, workers).holds());
  }

  /**
   * The positions (ascending) of the invalid ciphertexts: one weighted check of all, and only if
   * it fails the bisection search of the class comment.
   *
   * @throws CryptoException when the check of all fails but the search finds no invalid
   *     ciphertext: only a false pass of a half (probability 2^-64) or a bug can cause that
   */
  public static List<Integer> invalid(List<Ciphertext> cts, StrongRandom random, Workers workers) {
    if (cts.isEmpty()) {
      return List.of();
    }
    if (cts.size() == 1) { // the exact check: no weights, no weighting multiplication
      return Tpke.isValid(cts.get(0)) ? List.of() : List.of(0);
    }
    FirstPass first = firstPass(cts, random, workers);
    if (first.holds()) {
      return List.of();
    }
    List<G2Point> hashes = first.hashes();
    List<Integer> bad = BatchSearch.failing(cts.size(),
        set -> holds(cts, hashes, set, random, workers),
        j -> holdsAlone(cts.get(j), hashes.get(j)), workers);
    if (bad.isEmpty()) {
      throw new CryptoException("ciphertext validity", "the batched check of " + cts.size()
          + " ciphertexts failed but the search found no invalid one (a bug)");
    }
    return bad;
  }

  /** The weighted check of a subset, with fresh weights and the hashes of the first pass. */
  private static boolean holds(List<Ciphertext> cts, List<G2Point> hashes, int[] set,
      StrongRandom random, Workers workers) {
    long[] alpha = random.nextNonZeroLongs(set.length);
    List<Part> parts = workers.mapRanges(set.length, Pairings.MIN_CHUNK, (from, to) -> {
      List<Ciphertext> sub = new ArrayList<>(to - from);
      List<G2Point> hs = new ArrayList<>(to - from);
      for (int i = from; i < to; i++) {
        sub.add(cts.get(set[i]));
        hs.add(hashes.get(set[i]));
      }
      return part(sub, hs, Arrays.copyOfRange(alpha, from, to));
    });
    return holds(parts);
  }

  /** The exact single check e(U, H) * e(-G, W) == 1, with H = H(U || V) already computed. */
  static boolean holdsAlone(Ciphertext ct, G2Point h) {
    return Pairings.productIsOne(List.of(ct.u(), G1Point.generator().negate()), List.of(h, ct.w()));
  }

  private record FirstPass(boolean holds, List<G2Point> hashes) {}

  /** One range's part of a weighted check: its Miller-loop value and its weighted W sum. */
  private record Part(GtElement loop, G2Point wSum, List<G2Point> hashes) {}

  /** The check of all, with the hashes computed on the way (kept for the search). */
  private static FirstPass firstPass(List<Ciphertext> cts, StrongRandom random, Workers workers) {
    long[] alpha = random.nextNonZeroLongs(cts.size());
    List<Part> parts = workers.mapRanges(cts.size(), Pairings.MIN_CHUNK, (from, to) -> {
      List<byte[]> messages = new ArrayList<>(to - from);
      for (int j = from; j < to; j++) {
        Ciphertext ct = cts.get(j);
        messages.add(Tpke.hashInput(ct.u(), ct.group(), ct.payloadView()));
      }
      List<G2Point> hashes = G2Point.hashEachTo(messages, Tpke.HASH_DST);
      return part(cts.subList(from, to), hashes, Arrays.copyOfRange(alpha, from, to));
    });
    List<G2Point> hashes = new ArrayList<>(cts.size());
    parts.forEach(p -> hashes.addAll(p.hashes()));
    return new FirstPass(holds(parts), hashes);
  }

  private static Part part(List<Ciphertext> cts, List<G2Point> hashes, long[] alpha) {
    List<G1Point> us = new ArrayList<>(cts.size());
    List<G2Point> ws = new ArrayList<>(cts.size());
    for (Ciphertext ct : cts) {
      us.add(ct.u());
      ws.add(ct.w());
    }
    GtElement loop = Pairings.millerLoop(G1Point.multiplyEachShort(us, alpha), hashes);
    return new Part(loop, G2Point.msmShort(ws, alpha), hashes);
  }

  /** prod of the parts' loops * ML(-G, sum of their W sums), reduced, == 1. */
  private static boolean holds(List<Part> parts) {
    G2Point wSum = G2Point.identity();
    List<GtElement> loops = new ArrayList<>(parts.size() + 1);
    for (Part p : parts) {
      wSum = wSum.add(p.wSum());
      loops.add(p.loop());
    }
    loops.add(Pairings.millerLoop(G1Point.generator().negate(), wSum));
    return Pairings.product(loops).finalExponentiation().isOne();
  }
}
