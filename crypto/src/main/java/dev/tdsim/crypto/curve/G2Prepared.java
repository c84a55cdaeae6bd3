package dev.tdsim.crypto.curve;

import com.sun.jna.Memory;

/**
 * A G2 point with its Miller-loop lines precomputed (68 fp6 values, about 19.6 kB native), so
 * that each later pairing against it skips the G2 arithmetic. Immutable once built.
 */
public final class G2Prepared {
  private final G2Point point;
  private final boolean atInfinity;
  final Memory lines;

  G2Prepared(G2Point point) {
    this.point = point;
    this.atInfinity = point.isIdentity();
    this.lines = new Memory(NativeBlst.LINES_BYTES);
    NativeBlst.blst_precompute_lines(lines, NativeBlst.data(point.affine));
  }

  public G2Point point() {
    return point;
  }

  /** Whether the point is the point at infinity (read once: pairings ask at every loop). */
  public boolean isIdentity() {
    return atInfinity;
  }
}
