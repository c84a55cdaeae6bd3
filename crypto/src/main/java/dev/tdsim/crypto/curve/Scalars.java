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
    byte[] all = new byte[scalars.size() * BYTES];
    for (int i = 0; i < scalars.size(); i++) {
      scalars.get(i).toBytesLE(all, i * BYTES);
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
