package dev.tdsim.crypto.curve;

import com.sun.jna.Memory;

/**
 * Normalises many jacobian points to affine form at once: one field inversion for the lot
 * (blst_p1s_to_affine / blst_p2s_to_affine, Montgomery's trick) instead of one per point, which
 * is what a per-point {@code to_affine} costs (~10-15 us in G2).
 */
final class BatchAffine {
  private BatchAffine() {}

  /**
   * The affine raw arrays of raw jacobian points of one group ({@code g1}: blst_p1, 18 longs;
   * else blst_p2, 36 longs), in order; null where the point is the identity (kept out of the
   * batch, whose shared product of Z coordinates a zero would spoil).
   */
  static long[][] of(long[][] jacobian, boolean g1) {
    int jacLongs = g1 ? NativeBlst.P1_LONGS : NativeBlst.P2_LONGS;
    int affLongs = g1 ? NativeBlst.P1_AFFINE_LONGS : NativeBlst.P2_AFFINE_LONGS;
    long[][] out = new long[jacobian.length][];
    int finite = 0;
    for (long[] p : jacobian) {
      finite += NativeBlst.isInfinity(p) ? 0 : 1;
    }
    if (finite == 0) {
      return out;
    }
    Memory packed = new Memory((long) finite * jacLongs * Long.BYTES);
    long offset = 0;
    for (long[] p : jacobian) {
      if (!NativeBlst.isInfinity(p)) {
        packed.write(offset, p, 0, jacLongs);
        offset += (long) jacLongs * Long.BYTES;
      }
    }
    Memory affine = NativeBlst.toAffine(packed, finite, g1);
    offset = 0;
    for (int i = 0; i < jacobian.length; i++) {
      if (!NativeBlst.isInfinity(jacobian[i])) {
        long[] a = new long[affLongs];
        affine.read(offset, a, 0, affLongs);
        offset += (long) affLongs * Long.BYTES;
        out[i] = a;
      }
    }
    return out;
  }
}
