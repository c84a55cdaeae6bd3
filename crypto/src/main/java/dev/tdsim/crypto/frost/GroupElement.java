package dev.tdsim.crypto.frost;

import dev.tdsim.crypto.CryptoException;
import java.math.BigInteger;
import java.util.Arrays;
import java.util.List;
import org.bouncycastle.math.ec.rfc7748.X25519Field;

/**
 * A point of edwards25519 (RFC 8032 section 5.1; RFC 9591 section 6.1's group), immutable, in
 * extended coordinates (X : Y : Z : T) with x = X/Z, y = Y/Z, xy = T/Z.
 *
 * <p>Why this class exists: BouncyCastle 1.82's {@code org.bouncycastle.math.ec.rfc8032.Ed25519}
 * exposes key generation, signing, verification and public-key validation, but no point addition
 * or multiplication by an arbitrary scalar (its point type and group law are private; its only
 * public scalar multiplication, {@code scalarMultBaseYZ}, needs an {@code X25519.Friend} that only
 * BouncyCastle can create). Its field arithmetic mod 2^255 - 19, {@link X25519Field}, is public, so
 * the group law is written here on top of it: the complete addition and doubling formulas of
 * RFC 8032 section 5.1.4 (Hisil-Wong-Carter-Dawson 2008, a = -1), decoding and encoding of RFC
 * 8032 sections 5.1.2-5.1.3. This is the only class of tdsim with the curve's formulas.
 *
 * <p>Scalar multiplication uses signed radix-16 digits (64 digits in [-8, 8]): by the base point,
 * a precomputed table of j 16^i B (64 x 8 points) with constant-time selection (its scalars are
 * nonces and secret shares); by any other point, a table of 1..8 P and 252 doublings, variable
 * time (only public scalars: binding factors, challenges, Lagrange coefficients); several points
 * at once by Straus' method, sharing the doublings.
 */
public final class GroupElement {
  public static final int ENCODED_BYTES = 32;

  private static final BigInteger P = BigInteger.TWO.pow(255).subtract(BigInteger.valueOf(19));
  private static final int[] D2 = field(BigInteger.valueOf(-121665)
      .multiply(BigInteger.valueOf(121666).modInverse(P)).shiftLeft(1).mod(P));
  private static final int[] D = field(BigInteger.valueOf(-121665)
      .multiply(BigInteger.valueOf(121666).modInverse(P)).mod(P));

  /** The identity (0, 1). */
  public static final GroupElement IDENTITY = new GroupElement(field(BigInteger.ZERO),
      field(BigInteger.ONE), field(BigInteger.ONE), field(BigInteger.ZERO));

  /** The base point B of RFC 8032 (y = 4/5, x even). */
  public static final GroupElement BASE = decodeUnchecked(hex(
      "5866666666666666666666666666666666666666666666666666666666666666"));

  /** j 16^i B for i < 64, j = 1..8, as cached points: the fixed-base table. */
  private static final Cached[][] BASE_TABLE = baseTable();

  /** L as 32 bytes little-endian: [L]P is the identity exactly for P in the subgroup. */
  private static final byte[] ORDER_BYTES = Scalar.toLittleEndian(Scalar.ORDER, 32);

  private final int[] x;
  private final int[] y;
  private final int[] z;
  private final int[] t;

  /**
   * The encoding, computed once (an inversion, about as costly as 30 additions): binding factors
   * and challenges hash every commitment's encoding, and a decoded point already has it. Benign
   * race: threads that compute it concurrently store equal arrays.
   */
  private volatile byte[] encoded;

  private GroupElement(int[] x, int[] y, int[] z, int[] t) {
    this.x = x;
    this.y = y;
    this.z = z;
    this.t = t;
  }

  /**
   * RFC 9591's DeserializeElement for FROST(Ed25519, SHA-512): RFC 8032 section 5.1.3's decoding
   * (y canonical, below p; x recovered by a square root, which must exist; the encoding of x = 0
   * with the sign bit set rejected), then rejected if the point is the identity or outside the
   * prime-order subgroup ([L]P must be the identity).
   *
   * @param what names the value in the error, e.g. "hiding commitment of signer 3"
   */
  public static GroupElement decode(byte[] encoded, String what) {
    GroupElement p = decodeOnCurve(encoded, what);
    if (p.isIdentity()) {
      throw new CryptoException("FROST point decoding", what + ": the identity element");
    }
    if (!p.multiplyRaw(ORDER_BYTES).isIdentity()) {
      throw new CryptoException("FROST point decoding", what
          + ": not in the prime-order subgroup (has a small-order component)");
    }
    return p;
  }

  /** RFC 8032 section 5.1.3 only: canonical, on the curve; the identity and torsion accepted. */
  static GroupElement decodeOnCurve(byte[] encoded, String what) {
    if (encoded == null || encoded.length != ENCODED_BYTES) {
      throw new CryptoException("FROST point decoding", what + ": expected " + ENCODED_BYTES
          + " bytes, got " + (encoded == null ? "null" : encoded.length));
    }
    byte[] yBytes = encoded.clone();
    int sign = (yBytes[31] >> 7) & 1;
    yBytes[31] &= 0x7F;
    if (Scalar.fromLittleEndian(yBytes).compareTo(P) >= 0) {
      throw new CryptoException("FROST point decoding", what
          + ": non-canonical encoding (y >= 2^255 - 19)");
    }
    GroupElement p = recover(yBytes, sign);
    if (p == null) {
      throw new CryptoException("FROST point decoding", what + ": not a point of the curve");
    }
    p.encoded = encoded.clone(); // canonical, so it is the point's encoding
    return p;
  }

  private static GroupElement decodeUnchecked(byte[] encoded) {
    byte[] yBytes = encoded.clone();
    int sign = (yBytes[31] >> 7) & 1;
    yBytes[31] &= 0x7F;
    return recover(yBytes, sign);
  }

  /** x from y and its sign bit: x^2 = (y^2 - 1) / (d y^2 + 1); null if no point or -0. */
  private static GroupElement recover(byte[] yBytes, int sign) {
    int[] y = X25519Field.create();
    X25519Field.decode(yBytes, 0, y);
    int[] yy = X25519Field.create();
    X25519Field.sqr(y, yy);
    int[] u = X25519Field.create();
    X25519Field.copy(yy, 0, u, 0);
    X25519Field.subOne(u);
    int[] v = X25519Field.create();
    X25519Field.mul(yy, D, v);
    X25519Field.addOne(v);
    int[] x = X25519Field.create();
    if (!X25519Field.sqrtRatioVar(u, v, x)) {
      return null;
    }
    X25519Field.normalize(x);
    boolean zero = X25519Field.isZeroVar(x);
    if (zero && sign == 1) {
      return null;
    }
    byte[] xb = new byte[32];
    X25519Field.encode(x, xb, 0);
    if ((xb[0] & 1) != sign) {
      X25519Field.negate(x, x);
      X25519Field.normalize(x);
    }
    int[] one = X25519Field.create();
    X25519Field.one(one);
    int[] t = X25519Field.create();
    X25519Field.mul(x, y, t);
    return new GroupElement(x, y, one, t);
  }

  /** RFC 8032 section 5.1.2: y little-endian with x's low bit in the top bit. */
  public byte[] encode() {
    byte[] e = encoded;
    if (e == null) {
      e = computeEncoding();
      encoded = e;
    }
    return e.clone();
  }

  private byte[] computeEncoding() {
    int[] zInv = X25519Field.create();
    X25519Field.inv(z, zInv);
    int[] ax = X25519Field.create();
    int[] ay = X25519Field.create();
    X25519Field.mul(x, zInv, ax);
    X25519Field.mul(y, zInv, ay);
    X25519Field.normalize(ax);
    X25519Field.normalize(ay);
    byte[] out = new byte[32];
    byte[] xb = new byte[32];
    X25519Field.encode(ay, out, 0);
    X25519Field.encode(ax, xb, 0);
    out[31] |= (byte) ((xb[0] & 1) << 7);
    return out;
  }

  public boolean isIdentity() {
    // x = 0 and y = 1, i.e. X = 0 and Y = Z.
    int[] d = X25519Field.create();
    X25519Field.sub(y, z, d);
    X25519Field.normalize(d);
    int[] xx = x.clone();
    X25519Field.normalize(xx);
    return X25519Field.isZeroVar(xx) && X25519Field.isZeroVar(d);
  }

  public GroupElement add(GroupElement o) {
    Acc a = new Acc(this);
    a.add(Cached.of(o), false);
    return a.toElement();
  }

  public GroupElement subtract(GroupElement o) {
    Acc a = new Acc(this);
    a.add(Cached.of(o), true);
    return a.toElement();
  }

  public GroupElement negate() {
    int[] nx = X25519Field.create();
    int[] nt = X25519Field.create();
    X25519Field.negate(x, nx);
    X25519Field.negate(t, nt);
    X25519Field.carry(nx);
    X25519Field.carry(nt);
    return new GroupElement(nx, y.clone(), z.clone(), nt);
  }

  /** The sum of {@code points}, in one accumulator (no intermediate points). */
  public static GroupElement sum(List<GroupElement> points) {
    Acc acc = new Acc(IDENTITY);
    for (GroupElement p : points) {
      acc.add(Cached.of(p), false);
    }
    return acc.toElement();
  }

  /** [k]this, variable time (for public scalars). */
  public GroupElement multiply(Scalar k) {
    return multiplyRaw(k.encode());
  }

  /** [k]B, with a constant-time table lookup (for secret scalars: nonces, shares). */
  public static GroupElement multiplyBase(Scalar k) {
    byte[] digits = signedRadix16(k.encode());
    Acc acc = new Acc(IDENTITY);
    Cached chosen = new Cached(true);
    for (int i = 0; i < 64; i++) {
      chosen.selectFrom(BASE_TABLE[i], digits[i]);
      acc.add(chosen, false);
    }
    return acc.toElement();
  }

  /** sum of [k_i]P_i by Straus' method: 252 shared doublings; variable time (public scalars). */
  public static GroupElement multiScalar(List<Scalar> scalars, List<GroupElement> points) {
    if (scalars.size() != points.size()) {
      throw new IllegalArgumentException(scalars.size() + " scalars for " + points.size()
          + " points");
    }
    int n = points.size();
    byte[][] digits = new byte[n][];
    Cached[][] tables = new Cached[n][];
    for (int i = 0; i < n; i++) {
      digits[i] = signedRadix16(scalars.get(i).encode());
      tables[i] = multiplesOf(points.get(i));
    }
    return straus(digits, tables);
  }

  private GroupElement multiplyRaw(byte[] k32) {
    return straus(new byte[][] {signedRadix16(k32)}, new Cached[][] {multiplesOf(this)});
  }

  private static GroupElement straus(byte[][] digits, Cached[][] tables) {
    Acc acc = new Acc(IDENTITY);
    for (int i = 63; i >= 0; i--) {
      if (i < 63) {
        acc.twice(false);
        acc.twice(false);
        acc.twice(false);
        acc.twice(true);
      }
      for (int k = 0; k < digits.length; k++) {
        int d = digits[k][i];
        if (d != 0) {
          acc.add(tables[k][Math.abs(d) - 1], d < 0);
        }
      }
    }
    return acc.toElement();
  }

  /** 1P .. 8P. */
  private static Cached[] multiplesOf(GroupElement p) {
    Cached[] table = new Cached[8];
    Cached one = Cached.of(p);
    table[0] = one;
    Acc acc = new Acc(p);
    for (int j = 1; j < 8; j++) {
      acc.add(one, false);
      table[j] = Cached.of(acc.toElement());
    }
    return table;
  }

  /**
   * Built at class load: 512 points, each made affine (one inversion each, a few ms in all) so
   * that an addition needs 7 multiplications instead of 8 and an entry 3 field elements, not 4.
   */
  private static Cached[][] baseTable() {
    Cached[][] table = new Cached[64][];
    GroupElement p = BASE;
    for (int i = 0; i < 64; i++) {
      table[i] = new Cached[8];
      GroupElement multiple = p;
      for (int j = 0; j < 8; j++) {
        table[i][j] = Cached.affine(multiple);
        multiple = multiple.add(p);
      }
      Acc a = new Acc(p);
      a.twice(false);
      a.twice(false);
      a.twice(false);
      a.twice(true);
      p = a.toElement();
    }
    return table;
  }

  /**
   * k (32 bytes little-endian, below 2^255) as 64 digits e_i in [-8, 8] with k = sum e_i 16^i.
   */
  private static byte[] signedRadix16(byte[] k) {
    if ((k[31] & 0x80) != 0) {
      throw new IllegalArgumentException("scalar must be below 2^255");
    }
    byte[] e = new byte[64];
    for (int i = 0; i < 32; i++) {
      e[2 * i] = (byte) (k[i] & 15);
      e[2 * i + 1] = (byte) ((k[i] >> 4) & 15);
    }
    int carry = 0;
    for (int i = 0; i < 63; i++) {
      int v = e[i] + carry;
      carry = (v + 8) >> 4;
      e[i] = (byte) (v - (carry << 4));
    }
    e[63] = (byte) (e[63] + carry);
    return e;
  }

  @Override
  public boolean equals(Object o) {
    if (!(o instanceof GroupElement q)) {
      return false;
    }
    // x1/z1 = x2/z2 and y1/z1 = y2/z2, without inversions.
    return crossEqual(x, q.z, q.x, z) && crossEqual(y, q.z, q.y, z);
  }

  private static boolean crossEqual(int[] a, int[] b, int[] c, int[] d) {
    int[] l = X25519Field.create();
    int[] r = X25519Field.create();
    X25519Field.mul(a, b, l);
    X25519Field.mul(c, d, r);
    X25519Field.sub(l, r, l);
    X25519Field.normalize(l);
    return X25519Field.isZeroVar(l);
  }

  @Override
  public int hashCode() {
    return Arrays.hashCode(encode());
  }

  @Override
  public String toString() {
    return "GroupElement(" + java.util.HexFormat.of().formatHex(encode()) + ")";
  }

  private static int[] field(BigInteger v) {
    int[] f = X25519Field.create();
    X25519Field.decode(Scalar.toLittleEndian(v.mod(P), 32), 0, f);
    return f;
  }

  static byte[] hex(String s) {
    return java.util.HexFormat.of().parseHex(s);
  }

  /**
   * A point prepared for addition: (Y + X, Y - X, 2Z, 2dT), or, when {@code z2} is null, the
   * affine form (y + x, y - x, 2dxy) with Z = 1.
   */
  private static final class Cached {
    final int[] yPlusX = X25519Field.create();
    final int[] yMinusX = X25519Field.create();
    final int[] z2;
    final int[] t2d = X25519Field.create();

    Cached() {
      this(false);
    }

    private Cached(boolean affine) {
      z2 = affine ? null : X25519Field.create();
    }

    static Cached affine(GroupElement p) {
      int[] zInv = X25519Field.create();
      X25519Field.inv(p.z, zInv);
      int[] ax = X25519Field.create();
      int[] ay = X25519Field.create();
      X25519Field.mul(p.x, zInv, ax);
      X25519Field.mul(p.y, zInv, ay);
      Cached c = new Cached(true);
      X25519Field.apm(ay, ax, c.yPlusX, c.yMinusX);
      X25519Field.carry(c.yPlusX);
      X25519Field.carry(c.yMinusX);
      X25519Field.mul(ax, ay, c.t2d);
      X25519Field.mul(c.t2d, D2, c.t2d);
      return c;
    }

    static Cached of(GroupElement p) {
      Cached c = new Cached();
      X25519Field.apm(p.y, p.x, c.yPlusX, c.yMinusX);
      X25519Field.carry(c.yPlusX);
      X25519Field.carry(c.yMinusX);
      X25519Field.add(p.z, p.z, c.z2);
      X25519Field.carry(c.z2);
      X25519Field.mul(p.t, D2, c.t2d);
      return c;
    }

    /**
     * This := |digit| entry of {@code row} (identity for 0), negated if the digit is negative,
     * reading every entry so that the memory access does not depend on the digit.
     */
    void selectFrom(Cached[] row, int digit) {
      int sign = (digit >> 31) & 1;
      int abs = (digit ^ -sign) + sign;
      X25519Field.one(yPlusX);
      X25519Field.one(yMinusX);
      X25519Field.zero(t2d);
      for (int j = 0; j < 8; j++) {
        int cond = ((abs ^ (j + 1)) - 1) >> 31; // -1 when abs == j + 1, else 0
        X25519Field.cmov(cond, row[j].yPlusX, 0, yPlusX, 0);
        X25519Field.cmov(cond, row[j].yMinusX, 0, yMinusX, 0);
        X25519Field.cmov(cond, row[j].t2d, 0, t2d, 0);
      }
      X25519Field.cswap(sign, yPlusX, yMinusX);
      X25519Field.cnegate(sign, t2d);
    }
  }

  /** A mutable accumulator in extended coordinates, with its own scratch space. */
  private static final class Acc {
    final int[] x = X25519Field.create();
    final int[] y = X25519Field.create();
    final int[] z = X25519Field.create();
    final int[] t = X25519Field.create();
    private final int[] a = X25519Field.create();
    private final int[] b = X25519Field.create();
    private final int[] c = X25519Field.create();
    private final int[] d = X25519Field.create();
    private final int[] e = X25519Field.create();
    private final int[] f = X25519Field.create();
    private final int[] g = X25519Field.create();
    private final int[] h = X25519Field.create();

    Acc(GroupElement p) {
      X25519Field.copy(p.x, 0, x, 0);
      X25519Field.copy(p.y, 0, y, 0);
      X25519Field.copy(p.z, 0, z, 0);
      X25519Field.copy(p.t, 0, t, 0);
    }

    /** RFC 8032 section 5.1.4's addition, with q cached (or -q when {@code negate}). */
    void add(Cached q, boolean negate) {
      X25519Field.apm(y, x, b, a); // b = Y1 + X1, a = Y1 - X1
      X25519Field.mul(a, negate ? q.yPlusX : q.yMinusX, a);
      X25519Field.mul(b, negate ? q.yMinusX : q.yPlusX, b);
      X25519Field.mul(t, q.t2d, c);
      if (negate) {
        X25519Field.negate(c, c);
      }
      if (q.z2 == null) {
        X25519Field.add(z, z, d); // Z2 = 1: D = 2 Z1
      } else {
        X25519Field.mul(z, q.z2, d);
      }
      X25519Field.apm(b, a, h, e); // h = B + A, e = B - A
      X25519Field.apm(d, c, g, f); // g = D + C, f = D - C
      if (q.z2 == null) {
        X25519Field.carry(g); // D was a sum, not a product
        X25519Field.carry(f);
      }
      X25519Field.mul(e, f, x);
      X25519Field.mul(g, h, y);
      X25519Field.mul(e, h, t);
      X25519Field.mul(f, g, z);
    }

    /**
     * RFC 8032 section 5.1.4's doubling; T only when {@code withT} (doubling does not read T, so
     * only the last doubling before an addition needs it: one multiplication of eight saved).
     */
    void twice(boolean withT) {
      X25519Field.sqr(x, a); // A = X^2
      X25519Field.sqr(y, b); // B = Y^2
      X25519Field.sqr(z, c);
      X25519Field.add(c, c, c); // C = 2 Z^2
      X25519Field.apm(a, b, h, g); // H = A + B, G = A - B
      X25519Field.add(x, y, e);
      X25519Field.sqr(e, e);
      X25519Field.sub(h, e, e); // E = H - (X + Y)^2
      X25519Field.add(c, g, f); // F = C + G
      X25519Field.carry(f);
      X25519Field.carry(e);
      X25519Field.mul(e, f, x);
      X25519Field.mul(g, h, y);
      if (withT) {
        X25519Field.mul(e, h, t);
      }
      X25519Field.mul(f, g, z);
    }

    GroupElement toElement() {
      return new GroupElement(x.clone(), y.clone(), z.clone(), t.clone());
    }
  }
}
