package dev.tdsim.crypto.curve;

import com.sun.jna.Memory;
import dev.tdsim.crypto.field.Fr;
import java.util.List;

/**
 * A fixed list of G2 points with blst's windowed precomputation tables, for repeated
 * multi-scalar multiplications over the same bases with new scalars (prepare_combine for each new
 * signer set). Tables take npoints * 2^(wbits-1) * 192 bytes of native memory; in exchange each
 * point costs about 255/wbits mixed additions per MSM instead of Pippenger's bucket work.
 */
public final class G2FixedBases {
  private final int count;
  private final int wbits;
  private final Memory table;

  public G2FixedBases(List<G2Point> points, int wbits) {
    if (wbits < 2 || wbits > 10) {
      throw new IllegalArgumentException("wbits must be in [2, 10], got " + wbits);
    }
    this.count = points.size();
    this.wbits = wbits;
    Memory packed = new Memory((long) Math.max(1, count) * NativeBlst.P2_AFFINE_LONGS * Long.BYTES);
    long offset = 0;
    for (G2Point p : points) {
      packed.write(offset, NativeBlst.data(p.affine), 0, NativeBlst.P2_AFFINE_LONGS);
      offset += NativeBlst.P2_AFFINE_LONGS * Long.BYTES;
    }
    this.table = new Memory(Math.max(8, NativeBlst.blst_p2s_mult_wbits_precompute_sizeof(wbits, count)));
    NativeBlst.blst_p2s_mult_wbits_precompute(table, wbits, NativeBlst.contiguous(packed), count);
  }

  public int size() {
    return count;
  }

  /**
   * sum [s_i] P_i with 64-bit scalars (read as unsigned), for random-linear-combination checks
   * against fixed keys.
   */
  public G2Point msmShort(long[] scalars) {
    G1Point.requireSameSize(count, scalars.length, "G2 fixed-base short multi-scalar multiplication");
    return G2Point.fromJacobian(NativeBlst.p2(msmRaw(Scalars.packShort(scalars), Long.SIZE)));
  }

  /** sum [s_i] P_i over all bases. */
  public G2Point msm(List<Fr> scalars) {
    G1Point.requireSameSize(count, scalars.size(), "G2 fixed-base multi-scalar multiplication");
    return G2Point.fromJacobian(NativeBlst.p2(msmRaw(Scalars.pack(scalars), Scalars.FULL_BITS)));
  }

  /**
   * sum [s_i] P_i as a raw Jacobian point, the scalars contiguous with a stride of ceil(nbits / 8)
   * bytes, little-endian.
   */
  long[] msmRaw(Memory scalars, int nbits) {
    Memory scratch = new Memory(Math.max(8, NativeBlst.blst_p2s_mult_wbits_scratch_sizeof(count)));
    long[] out = new long[NativeBlst.P2_LONGS];
    NativeBlst.blst_p2s_mult_wbits(out, table, wbits, count, NativeBlst.contiguous(scalars), nbits,
        scratch);
    return out;
  }
}
