package dev.tdsim.crypto.curve;

import com.sun.jna.Memory;
import dev.tdsim.crypto.field.Fr;
import java.util.List;
import supranational.blst.Scalar;

/** Conversions of tdsim's field elements into blst's scalar layouts (32 bytes, little-endian). */
final class Scalars {
  static final int FULL_BITS = 255;
  static final int BYTES = 32;

  private Scalars() {}

  static Scalar toBlst(Fr s) {
    return new Scalar().from_lendian(s.toBytesLE());
  }

  static byte[] toBytes(Fr s) {
    return s.toBytesLE();
  }

  static Memory pack(List<Fr> scalars) {
    return pack(scalars, FULL_BITS);
  }

  /**
   * Scalars below 2^bits, contiguous: blst's bulk calls read contiguous scalars with a stride of
   * ceil(bits / 8) bytes, so each takes only its low bytes.
   */
  static Memory pack(List<Fr> scalars, int bits) {
    int stride = (bits + 7) / 8;
    byte[] all = new byte[Math.max(1, scalars.size() * stride)];
    byte[] one = new byte[BYTES];
    for (int i = 0; i < scalars.size(); i++) {
      scalars.get(i).toBytesLE(one, 0);
      System.arraycopy(one, 0, all, i * stride, stride);
    }
    Memory mem = new Memory(all.length);
    mem.write(0, all, 0, all.length);
    return mem;
  }

  /** Short scalars as 8-byte little-endian words, read by blst with nbits <= 64. */
  static Memory packShort(long[] scalars) {
    Memory mem = new Memory((long) scalars.length * Long.BYTES);
    // JNA writes longs in native byte order, which is little-endian on every platform jblst ships.
    mem.write(0, scalars, 0, scalars.length);
    return mem;
  }
}
