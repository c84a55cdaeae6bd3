package dev.tdsim.crypto.curve;

import dev.tdsim.crypto.CryptoException;
import dev.tdsim.crypto.field.Fr;
import java.math.BigInteger;
import java.util.Arrays;
import java.util.List;

/**
 * An immutable element of GT (the order-r subgroup of Fp12*), or an unreduced Miller-loop value
 * before the final exponentiation. Encoding: 576 bytes, twelve big-endian Fp coefficients in
 * blst's order.
 */
public final class GtElement {
  public static final int BYTES = 576;
  private static final GtElement ONE = new GtElement(oneRaw());

  final long[] raw;

  GtElement(long[] raw) {
    this.raw = raw;
  }

  private static long[] oneRaw() {
    return NativeBlst.data(supranational.blst.PT.one()).clone();
  }

  public static GtElement one() {
    return ONE;
  }

  /** Decodes 576 bytes; each coefficient must be canonical and the value must lie in GT. */
  public static GtElement fromBytes(byte[] bytes) {
    if (bytes == null || bytes.length != BYTES) {
      throw new CryptoException(
          "decoding GT element",
          "expected 576 bytes, got " + (bytes == null ? "null" : bytes.length));
    }
    long[] raw = new long[NativeBlst.FP12_LONGS];
    long[] fp = new long[6];
    byte[] chunk = new byte[48];
    int pos = 0;
    // Inverse of blst_bendian_from_fp12: for i in fp6 index (3), j in fp12 half (2), k in fp2 (2).
    for (int i = 0; i < 3; i++) {
      for (int j = 0; j < 2; j++) {
        for (int k = 0; k < 2; k++) {
          System.arraycopy(bytes, pos, chunk, 0, 48);
          pos += 48;
          NativeBlst.blst_fp_from_bendian(fp, chunk);
          System.arraycopy(fp, 0, raw, ((j * 3 + i) * 2 + k) * 6, 6);
        }
      }
    }
    GtElement e = new GtElement(raw);
    if (!Arrays.equals(e.toBytes(), bytes)) {
      throw new CryptoException("decoding GT element", "a coefficient is not below the modulus");
    }
    if (NativeBlst.blst_fp12_in_group(raw) == 0) {
      throw new CryptoException("decoding GT element", "value is not in the order-r subgroup GT");
    }
    return e;
  }

  public byte[] toBytes() {
    byte[] out = new byte[BYTES];
    NativeBlst.blst_bendian_from_fp12(out, raw);
    return out;
  }

  public GtElement multiply(GtElement other) {
    long[] out = new long[NativeBlst.FP12_LONGS];
    NativeBlst.blst_fp12_mul(out, raw, other.raw);
    return new GtElement(out);
  }

  public GtElement inverse() {
    long[] out = new long[NativeBlst.FP12_LONGS];
    NativeBlst.blst_fp12_inverse(out, raw);
    return new GtElement(out);
  }

  /** The final exponentiation that turns a Miller-loop value into an element of GT. */
  public GtElement finalExponentiation() {
    long[] out = new long[NativeBlst.FP12_LONGS];
    NativeBlst.blst_final_exp(out, raw);
    return new GtElement(out);
  }

  public boolean isOne() {
    return NativeBlst.blst_fp12_is_one(raw) != 0;
  }

  /** this^e for an element of GT (uses cyclotomic squaring, so only valid after final exp). */
  public GtElement pow(Fr exponent) {
    BigInteger e = exponent.toBigInteger();
    long[] acc = ONE.raw.clone();
    long[] tmp = new long[NativeBlst.FP12_LONGS];
    for (int bit = e.bitLength() - 1; bit >= 0; bit--) {
      NativeBlst.blst_fp12_cyclotomic_sqr(tmp, acc);
      long[] swap = acc;
      acc = tmp;
      tmp = swap;
      if (e.testBit(bit)) {
        NativeBlst.blst_fp12_mul(tmp, acc, raw);
        swap = acc;
        acc = tmp;
        tmp = swap;
      }
    }
    return new GtElement(acc);
  }

  /**
   * prod b_i^{e_i} over elements of GT by the bucket (Pippenger) method: about
   * 255/c * (n + 2^(c+1)) multiplications instead of 383 n for separate exponentiations.
   */
  public static GtElement multiExp(List<GtElement> bases, List<Fr> exponents) {
    G1Point.requireSameSize(bases.size(), exponents.size(), "GT multi-exponentiation");
    int n = bases.size();
    if (n == 0) {
      return ONE;
    }
    int c = n < 32 ? 3 : Math.max(4, (int) Math.round(Math.log(n) / Math.log(2)) - 2);
    byte[][] scalars = new byte[n][];
    for (int i = 0; i < n; i++) {
      scalars[i] = exponents.get(i).toBytesLE();
    }
    int windows = (255 + c - 1) / c;
    long[] result = ONE.raw.clone();
    long[] tmp = new long[NativeBlst.FP12_LONGS];
    long[][] buckets = new long[(1 << c) - 1][];
    for (int w = windows - 1; w >= 0; w--) {
      for (int s = 0; s < c; s++) {
        NativeBlst.blst_fp12_cyclotomic_sqr(tmp, result);
        long[] swap = result;
        result = tmp;
        tmp = swap;
      }
      Arrays.fill(buckets, null);
      for (int i = 0; i < n; i++) {
        int digit = window(scalars[i], w * c, c);
        if (digit == 0) {
          continue;
        }
        long[] b = buckets[digit - 1];
        if (b == null) {
          buckets[digit - 1] = bases.get(i).raw.clone();
        } else {
          buckets[digit - 1] = mul(b, bases.get(i).raw);
        }
      }
      // sum_d d * bucket_d as running products: acc_d = prod_{k >= d} bucket_k.
      long[] running = null;
      long[] windowSum = null;
      for (int d = buckets.length - 1; d >= 0; d--) {
        if (buckets[d] != null) {
          if (running == null) {
            running = buckets[d].clone();
          } else {
            running = mul(running, buckets[d]);
          }
        }
        if (running != null) {
          if (windowSum == null) {
            windowSum = running.clone();
          } else {
            windowSum = mul(windowSum, running);
          }
        }
      }
      if (windowSum != null) {
        result = mul(result, windowSum);
      }
    }
    return new GtElement(result);
  }

  /**
   * Product into a fresh array: JNA copies each array argument separately, so an output that
   * aliases an input would be overwritten by the input's copy-back.
   */
  private static long[] mul(long[] a, long[] b) {
    long[] out = new long[NativeBlst.FP12_LONGS];
    NativeBlst.blst_fp12_mul(out, a, b);
    return out;
  }

  private static int window(byte[] le, int bitOffset, int width) {
    int value = 0;
    for (int b = 0; b < width; b++) {
      int bit = bitOffset + b;
      if (bit >= 256) {
        break;
      }
      value |= ((le[bit >>> 3] >>> (bit & 7)) & 1) << b;
    }
    return value;
  }

  @Override
  public boolean equals(Object o) {
    return o instanceof GtElement other && NativeBlst.blst_fp12_is_equal(raw, other.raw) != 0;
  }

  @Override
  public int hashCode() {
    return Arrays.hashCode(toBytes());
  }

  @Override
  public String toString() {
    return "GT(" + new String(G2Point.hex(toBytes(), 8), java.nio.charset.StandardCharsets.US_ASCII)
        + "...)";
  }
}
