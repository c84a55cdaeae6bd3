package dev.tdsim.crypto.curve;

import com.sun.jna.Memory;
import dev.tdsim.crypto.Workers;
import dev.tdsim.crypto.field.Fr;
import java.util.ArrayList;
import java.util.List;

/**
 * [s]G for the generator G of G2 from a fixed table: the scalar's 32 bytes are the digits of s in
 * base 256, so [s]G = sum_i [byte_i] (256^i G), one 32-point multi-scalar multiplication with
 * 8-bit scalars over blst's windowed tables of the bases 256^i G (786 KB, built once). That is
 * about 32 mixed additions instead of the ~64 doublings and additions of blst's GLS
 * multiplication: about 2x faster on this project's machine (docs/PERFORMANCE.md, "Dealing
 * keys"). For dealing keys, where every validator's key points are multiples of G.
 */
public final class G2GeneratorTable {
  private static final int DIGIT_BITS = 8;
  private static final int DIGITS = Scalars.BYTES;
  /** Points per batch normalisation: enough to share the inversion, small for balance. */
  private static final int MIN_RANGE = 64;

  private G2GeneratorTable() {}

  /** [s]G, equal to {@code G2Point.generator().multiply(s)}. */
  public static G2Point multiply(Fr s) {
    return G2Point.fromJacobian(NativeBlst.p2(raw(s)));
  }

  /** [s_i]G for every scalar, normalised to affine together (one Fp2 inversion for the lot). */
  public static List<G2Point> multiplyEach(List<Fr> scalars) {
    long[][] jacobian = new long[scalars.size()][];
    for (int i = 0; i < jacobian.length; i++) {
      jacobian[i] = raw(scalars.get(i));
    }
    List<G2Point> out = new ArrayList<>(jacobian.length);
    for (long[] affine : BatchAffine.of(jacobian, false)) {
      out.add(affine == null ? G2Point.identity() : new G2Point(NativeBlst.p2Affine(affine)));
    }
    return out;
  }

  /** {@link #multiplyEach(List)} in ranges on {@code workers}, in order. */
  public static List<G2Point> multiplyEach(List<Fr> scalars, Workers workers) {
    List<G2Point> out = new ArrayList<>(scalars.size());
    for (List<G2Point> range : workers.mapRanges(scalars.size(), MIN_RANGE,
        (from, to) -> multiplyEach(scalars.subList(from, to)))) {
      out.addAll(range);
    }
    return out;
  }

  private static long[] raw(Fr s) {
    Memory digits = new Memory(DIGITS);
    digits.write(0, Scalars.toBytes(s), 0, DIGITS);
    return Holder.BASES.msmRaw(digits, DIGIT_BITS);
  }

  /** Built on first use (class initialisation is thread-safe). */
  private static final class Holder {
    static final G2FixedBases BASES = build();

    private static G2FixedBases build() {
      List<G2Point> bases = new ArrayList<>(DIGITS);
      G2Point base = G2Point.generator();
      Fr radix = Fr.of(1L << DIGIT_BITS);
      for (int i = 0; i < DIGITS; i++) {
        bases.add(base);
        base = base.multiply(radix);
      }
      return new G2FixedBases(bases, DIGIT_BITS);
    }
  }
}
