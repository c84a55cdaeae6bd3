package dev.tdsim.crypto.curve;

import com.sun.jna.Memory;
import com.sun.jna.Native;
import com.sun.jna.NativeLibrary;
import com.sun.jna.Pointer;
import dev.tdsim.crypto.CryptoException;
import java.io.IOException;
import java.io.InputStream;
import java.lang.invoke.MethodHandle;
import java.lang.invoke.MethodHandles;
import java.lang.invoke.MethodType;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import supranational.blst.P1;
import supranational.blst.P1_Affine;
import supranational.blst.P2;
import supranational.blst.P2_Affine;
import supranational.blst.PT;

/**
 * The single place where tdsim calls native code that jblst does not wrap (Pippenger MSM,
 * batch-affine sums, n-pair and precomputed-line Miller loops, raw GT arithmetic), through JNA
 * direct mapping on the very {@code libblst} that jblst loaded.
 *
 * <p>jblst keeps each object's blst struct in a private {@code long[]} (blst's Montgomery form):
 * this class reads and creates those arrays through method handles, so that points flow between
 * jblst and the bulk functions without re-encoding.
 */
final class NativeBlst {
  static final int P1_AFFINE_LONGS = 12;
  static final int P1_LONGS = 18;
  static final int P2_AFFINE_LONGS = 24;
  static final int P2_LONGS = 36;
  static final int FP12_LONGS = 72;
  /** blst_precompute_lines fills 68 fp6 values of 288 bytes each. */
  static final int LINES_BYTES = 68 * 288;

  private static final MethodHandle P1_AFFINE_DATA;
  private static final MethodHandle P1_AFFINE_NEW;
  private static final MethodHandle P1_DATA;
  private static final MethodHandle P1_NEW;
  private static final MethodHandle P2_DATA;
  private static final MethodHandle P2_NEW;
  private static final MethodHandle P2_AFFINE_DATA;
  private static final MethodHandle P2_AFFINE_NEW;
  private static final MethodHandle PT_DATA;
  private static final MethodHandle PT_NEW;

  static {
    String platform = System.getProperty("os.name") + "/" + System.getProperty("os.arch");
    try {
      // Loading a jblst class extracts and loads libblst; JNA then binds to the same file.
      P1_Affine.generator();
      NativeLibrary lib = NativeLibrary.getInstance(locateLibrary().toString());
      Native.register(NativeBlst.class, lib);
      P1_AFFINE_DATA = dataGetter(P1_Affine.class);
      P1_AFFINE_NEW = constructor(P1_Affine.class);
      P1_DATA = dataGetter(P1.class);
      P1_NEW = constructor(P1.class);
      P2_DATA = dataGetter(P2.class);
      P2_NEW = constructor(P2.class);
      P2_AFFINE_DATA = dataGetter(P2_Affine.class);
      P2_AFFINE_NEW = constructor(P2_Affine.class);
      PT_DATA = dataGetter(PT.class);
      PT_NEW = constructor(PT.class);
    } catch (Throwable e) {
      throw new CryptoException(
          "loading native blst",
          "cannot use libblst from tech.pegasys:jblst on " + platform + " (" + e + ")",
          e);
    }
  }

  private NativeBlst() {}

  /** Forces the static initialiser, so that a platform problem shows up early with one message. */
  static void ensureLoaded() {}

  private static Path locateLibrary() throws IOException {
    Path maps = Path.of("/proc/self/maps");
    if (Files.isReadable(maps)) {
      for (String line : Files.readAllLines(maps)) {
        int slash = line.indexOf('/');
        if (slash >= 0 && line.contains("blst")) {
          Path p = Path.of(line.substring(slash).trim());
          if (Files.isRegularFile(p)) {
            return p;
          }
        }
      }
    }
    return extractFromJar();
  }

  /** Fallback where /proc is missing: copy jblst's bundled library the way jblst does. */
  private static Path extractFromJar() throws IOException {
    String os = System.getProperty("os.name");
    String arch = System.getProperty("os.arch").replace("x86_64", "amd64");
    String dir;
    String file;
    if (os.startsWith("Linux")) {
      dir = "Linux/" + arch;
      file = "libblst.so";
    } else if (os.startsWith("Mac")) {
      dir = "Mac/" + (arch.equals("amd64") ? "x86_64" : arch);
      file = "libblst.dylib";
    } else {
      dir = "Windows/" + arch;
      file = "blst.dll";
    }
    String resource = "/supranational/blst/" + dir + "/" + file;
    try (InputStream in = P1.class.getResourceAsStream(resource)) {
      if (in == null) {
        throw new IOException("jblst has no native library " + resource);
      }
      Path tmp = Files.createTempDirectory("tdsim-blst");
      Path target = tmp.resolve(file);
      Files.copy(in, target, StandardCopyOption.REPLACE_EXISTING);
      target.toFile().deleteOnExit();
      tmp.toFile().deleteOnExit();
      return target;
    }
  }

  private static MethodHandle dataGetter(Class<?> type) throws ReflectiveOperationException {
    return MethodHandles.privateLookupIn(type, MethodHandles.lookup())
        .findGetter(type, "swigCPtr", long[].class);
  }

  private static MethodHandle constructor(Class<?> type) throws ReflectiveOperationException {
    return MethodHandles.privateLookupIn(type, MethodHandles.lookup())
        .findConstructor(type, MethodType.methodType(void.class, long[].class));
  }

  // ---- raw data of jblst objects (shared, not copied: callers must not mutate) ----

  static long[] data(P1_Affine p) {
    try {
      return (long[]) P1_AFFINE_DATA.invokeExact(p);
    } catch (Throwable e) {
      throw new AssertionError(e);
    }
  }

  static P1_Affine p1Affine(long[] raw) {
    try {
      return (P1_Affine) P1_AFFINE_NEW.invokeExact(raw);
    } catch (Throwable e) {
      throw new AssertionError(e);
    }
  }

  static long[] data(P1 p) {
    try {
      return (long[]) P1_DATA.invokeExact(p);
    } catch (Throwable e) {
      throw new AssertionError(e);
    }
  }

  static P1 p1(long[] raw) {
    try {
      return (P1) P1_NEW.invokeExact(raw);
    } catch (Throwable e) {
      throw new AssertionError(e);
    }
  }

  static long[] data(P2 p) {
    try {
      return (long[]) P2_DATA.invokeExact(p);
    } catch (Throwable e) {
      throw new AssertionError(e);
    }
  }

  static P2 p2(long[] raw) {
    try {
      return (P2) P2_NEW.invokeExact(raw);
    } catch (Throwable e) {
      throw new AssertionError(e);
    }
  }

  static long[] data(P2_Affine p) {
    try {
      return (long[]) P2_AFFINE_DATA.invokeExact(p);
    } catch (Throwable e) {
      throw new AssertionError(e);
    }
  }

  static P2_Affine p2Affine(long[] raw) {
    try {
      return (P2_Affine) P2_AFFINE_NEW.invokeExact(raw);
    } catch (Throwable e) {
      throw new AssertionError(e);
    }
  }

  static long[] data(PT p) {
    try {
      return (long[]) PT_DATA.invokeExact(p);
    } catch (Throwable e) {
      throw new AssertionError(e);
    }
  }

  static PT pt(long[] raw) {
    try {
      return (PT) PT_NEW.invokeExact(raw);
    } catch (Throwable e) {
      throw new AssertionError(e);
    }
  }

  /**
   * A native "pointer array" {base, NULL}, which blst reads as "contiguous from base". It holds
   * {@code base} strongly: JNA frees a {@link Memory} once the object is unreachable, and a caller
   * that passes only this array to native code (as every bulk call here does) leaves nothing else
   * referring to the buffer of points or scalars. Without that reference a collection during the
   * native call could free the buffer that blst is reading (a use after free: the allocator's
   * bookkeeping overwrites its first bytes, so an MSM or a pairing product silently comes out
   * wrong). The array itself stays reachable during the call because it is the call's argument.
   */
  static Memory contiguous(Pointer base) {
    return new PointerArray(base);
  }

  private static final class PointerArray extends Memory {
    /** Keeps the buffer that the array points at alive as long as the array. */
    @SuppressWarnings({"unused", "FieldCanBeLocal"})
    private final Pointer base;

    PointerArray(Pointer base) {
      super(2L * Native.POINTER_SIZE);
      this.base = base;
      setPointer(0, base);
      setPointer(Native.POINTER_SIZE, Pointer.NULL);
    }
  }

  // ---- bulk operations composed of the functions below ----

  /** sum [s_i] P_i over n contiguous affine points and n contiguous little-endian scalars. */
  static P1 g1Msm(Memory points, Memory scalars, int n, int bits) {
    Memory scratch = new Memory(Math.max(8, blst_p1s_mult_pippenger_scratch_sizeof(n)));
    long[] out = new long[P1_LONGS];
    blst_p1s_mult_pippenger(out, contiguous(points), n, contiguous(scalars), bits, scratch);
    return p1(out);
  }

  /**
   * Affine forms of n contiguous jacobian points (blst_p1 when {@code g1}, else blst_p2) with
   * one shared inversion (Montgomery's trick). No point may be the identity: blst's batch
   * conversion multiplies the Z coordinates together, so one zero would spoil every result.
   */
  static Memory toAffine(Memory jacobian, int n, boolean g1) {
    Memory out = new Memory(Math.max(8L,
        (long) n * (g1 ? P1_AFFINE_LONGS : P2_AFFINE_LONGS) * Long.BYTES));
    if (g1) {
      blst_p1s_to_affine(out, contiguous(jacobian), n);
    } else {
      blst_p2s_to_affine(out, contiguous(jacobian), n);
    }
    return out;
  }

  /** Whether a raw jacobian point (of either group) is the identity: Z, its last third, is 0. */
  static boolean isInfinity(long[] jacobian) {
    for (int i = 2 * jacobian.length / 3; i < jacobian.length; i++) {
      if (jacobian[i] != 0) {
        return false;
      }
    }
    return true;
  }

  /** The G2 counterpart of {@link #g1Msm}; returns the raw jacobian blst_p2 (36 longs). */
  static long[] g2Msm(Memory points, Memory scalars, int n, int bits) {
    Memory scratch = new Memory(Math.max(8, blst_p2s_mult_pippenger_scratch_sizeof(n)));
    long[] out = new long[P2_LONGS];
    blst_p2s_mult_pippenger(out, contiguous(points), n, contiguous(scalars), bits, scratch);
    return out;
  }

  // ---- blst C functions (JNA direct mapping; size_t is 64-bit on every supported platform) ----

  static native long blst_p1s_mult_pippenger_scratch_sizeof(long npoints);

  static native void blst_p1s_mult_pippenger(
      long[] ret, Pointer points, long npoints, Pointer scalars, long nbits, Pointer scratch);

  static native long blst_p2s_mult_pippenger_scratch_sizeof(long npoints);

  static native void blst_p2s_mult_pippenger(
      long[] ret, Pointer points, long npoints, Pointer scalars, long nbits, Pointer scratch);

  static native long blst_p2s_mult_wbits_precompute_sizeof(long wbits, long npoints);

  static native void blst_p2s_mult_wbits_precompute(
      Pointer table, long wbits, Pointer points, long npoints);

  static native long blst_p2s_mult_wbits_scratch_sizeof(long npoints);

  static native void blst_p2s_mult_wbits(
      long[] ret, Pointer table, long wbits, long npoints, Pointer scalars, long nbits,
      Pointer scratch);

  static native void blst_p1s_add(long[] ret, Pointer points, long npoints);

  static native void blst_p1s_to_affine(Pointer dst, Pointer points, long npoints);

  static native void blst_p2s_to_affine(Pointer dst, Pointer points, long npoints);

  static native void blst_p1_to_affine(long[] out, long[] in);

  static native void blst_p1_mult(long[] out, long[] p, byte[] scalar, long nbits);

  static native void blst_miller_loop_n(long[] ret, Pointer qs, Pointer ps, long n);

  static native void blst_precompute_lines(Pointer lines, long[] q);

  static native void blst_miller_loop_lines(long[] ret, Pointer lines, Pointer p);

  static native void blst_final_exp(long[] ret, long[] f);

  static native void blst_fp12_mul(long[] ret, long[] a, long[] b);

  // Address-based entry points (raw native addresses as long: no array copies, no Pointer
  // objects) for the inner loop of the shared-squaring multi-Miller loop.

  static native void blst_fp_add(long ret, long a, long b);

  static native void blst_fp_cneg(long ret, long a, int negate);

  static native void blst_fp2_mul(long ret, long a, long b);

  static native void blst_fp2_cneg(long ret, long a, int negate);

  static native void blst_fp12_mul_by_xy00z0(long ret, long a, long line);

  static native void blst_fp12_sqr(long ret, long a);

  static native void blst_fp12_conjugate(long a);

  static native void blst_fp12_cyclotomic_sqr(long[] ret, long[] a);

  static native void blst_fp12_inverse(long[] ret, long[] a);

  static native byte blst_fp12_is_equal(long[] a, long[] b);

  static native byte blst_fp12_is_one(long[] a);

  static native byte blst_fp12_in_group(long[] a);

  static native void blst_bendian_from_fp12(byte[] out, long[] a);

  static native void blst_fp_from_bendian(long[] ret, byte[] in);
}
