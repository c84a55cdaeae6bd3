package dev.tdsim.crypto.curve;

import com.sun.jna.Memory;
import dev.tdsim.crypto.CryptoException;
import dev.tdsim.crypto.Workers;
import java.util.List;
import supranational.blst.PT;

/** Pairings e: G1 x G2 -> GT, single and as multi-Miller loops sharing one final exponentiation. */
public final class Pairings {
  private Pairings() {}

  /** The full pairing e(p, q). */
  public static GtElement pair(G1Point p, G2Point q) {
    return millerLoop(p, q).finalExponentiation();
  }

  /** The unreduced Miller loop of one pair (jblst's own). */
  public static GtElement millerLoop(G1Point p, G2Point q) {
    return new GtElement(NativeBlst.data(new PT(p.affine, q.affine)).clone());
  }

  /**
   * prod_i ML(p_i, q_i) by blst's n-pair Miller loop (shared squarings), unreduced. A pair with
   * the point at infinity on either side is left out (e(O, q) = e(p, O) = 1): blst's n-pair loop
   * does not treat an infinite G2 point, and the decoders accept infinity where a party may send
   * it.
   */
  public static GtElement millerLoop(List<G1Point> ps, List<G2Point> qs) {
    requirePairs(ps.size(), qs.size());
    Finite<G2Point> finite = Finite.of(ps, qs, G2Point::isIdentity);
    if (finite != null) {
      return millerLoop(finite.ps(), finite.qs());
    }
    if (ps.isEmpty()) {
      return GtElement.one();
    }
    Memory q = new Memory((long) qs.size() * NativeBlst.P2_AFFINE_LONGS * Long.BYTES);
    long offset = 0;
    for (G2Point point : qs) {
      q.write(offset, NativeBlst.data(point.affine), 0, NativeBlst.P2_AFFINE_LONGS);
      offset += NativeBlst.P2_AFFINE_LONGS * Long.BYTES;
    }
    Memory p = G1Point.packAffine(ps);
    long[] out = new long[NativeBlst.FP12_LONGS];
    NativeBlst.blst_miller_loop_n(
        out, NativeBlst.contiguous(q), NativeBlst.contiguous(p), ps.size());
    return new GtElement(out);
  }

  /**
   * The same product as {@link #millerLoop(List, List)}, split into contiguous chunks (a few per
   * worker, for balance on a shared machine) whose n-pair loops run on {@code workers} and are
   * multiplied in GT, still unreduced: the caller makes ONE final exponentiation. Each chunk
   * repeats the loop's 68 Fp12 squarings (~0.1 ms), so chunks are at least {@value #MIN_CHUNK}
   * pairs.
   */
  public static GtElement millerLoop(List<G1Point> ps, List<G2Point> qs, Workers workers) {
    requirePairs(ps.size(), qs.size());
    List<GtElement> parts = workers.mapRanges(ps.size(), MIN_CHUNK,
        (from, to) -> millerLoop(ps.subList(from, to), qs.subList(from, to)));
    return product(parts);
  }

  /** Smallest chunk of a split multi-Miller loop. */
  public static final int MIN_CHUNK = 16;

  /** The product of unreduced Miller-loop values (or GT elements), in order. */
  public static GtElement product(List<GtElement> parts) {
    GtElement acc = GtElement.one();
    for (GtElement part : parts) {
      acc = acc.multiply(part);
    }
    return acc;
  }

  /**
   * prod_i ML(p_i, q_i) against precomputed lines, as one multi-Miller loop whose squarings are
   * shared by all pairs ({@link SharedLinesMillerLoop}).
   */
  public static GtElement millerLoopPrepared(List<G1Point> ps, List<G2Prepared> qs) {
    requirePairs(ps.size(), qs.size());
    Finite<G2Prepared> finite = Finite.of(ps, qs, G2Prepared::isIdentity);
    if (finite != null) {
      return millerLoopPrepared(finite.ps(), finite.qs());
    }
    if (ps.isEmpty()) {
      return GtElement.one();
    }
    return new GtElement(SharedLinesMillerLoop.run(ps, qs));
  }

  /** The same product as V separate single-pair line loops (blst_miller_loop_lines) and V-1 GT
   * products: kept to compare against. */
  static GtElement millerLoopPreparedPairwise(List<G1Point> ps, List<G2Prepared> qs) {
    requirePairs(ps.size(), qs.size());
    Finite<G2Prepared> finite = Finite.of(ps, qs, G2Prepared::isIdentity);
    if (finite != null) {
      return millerLoopPreparedPairwise(finite.ps(), finite.qs());
    }
    Memory p = G1Point.packAffine(ps);
    long[] acc = null;
    for (int i = 0; i < ps.size(); i++) {
      long[] f = new long[NativeBlst.FP12_LONGS];
      NativeBlst.blst_miller_loop_lines(
          f, qs.get(i).lines, p.share((long) i * NativeBlst.P1_AFFINE_LONGS * Long.BYTES));
      if (acc == null) {
        acc = f;
      } else {
        long[] prod = new long[NativeBlst.FP12_LONGS];
        NativeBlst.blst_fp12_mul(prod, acc, f);
        acc = prod;
      }
    }
    return acc == null ? GtElement.one() : new GtElement(acc);
  }

  /** Whether prod_i e(p_i, q_i) == 1, with one shared final exponentiation. */
  public static boolean productIsOne(List<G1Point> ps, List<G2Point> qs) {
    return millerLoop(ps, qs).finalExponentiation().isOne();
  }

  /**
   * The pairs without the point at infinity on either side, in order; null when there is none to
   * leave out (one pass, lists built only when needed).
   */
  private record Finite<Q>(List<G1Point> ps, List<Q> qs) {
    static <Q> Finite<Q> of(List<G1Point> ps, List<Q> qs,
        java.util.function.Predicate<Q> atInfinity) {
      Finite<Q> kept = null;
      for (int i = 0; i < ps.size(); i++) {
        boolean drop = ps.get(i).isIdentity() || atInfinity.test(qs.get(i));
        if (drop && kept == null) {
          kept = new Finite<>(new java.util.ArrayList<>(ps.subList(0, i)),
              new java.util.ArrayList<>(qs.subList(0, i)));
        } else if (!drop && kept != null) {
          kept.ps().add(ps.get(i));
          kept.qs().add(qs.get(i));
        }
      }
      return kept;
    }
  }

  private static void requirePairs(int p, int q) {
    if (p != q) {
      throw new CryptoException("multi-Miller loop", p + " G1 points but " + q + " G2 points");
    }
  }
}
