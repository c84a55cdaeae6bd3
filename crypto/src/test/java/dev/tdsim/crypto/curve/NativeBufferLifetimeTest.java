package dev.tdsim.crypto.curve;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;

import com.sun.jna.Memory;
import com.sun.jna.Native;
import com.sun.jna.Pointer;
import dev.tdsim.crypto.field.Fr;
import dev.tdsim.crypto.random.SeededDrbg;
import dev.tdsim.crypto.random.StrongRandom;
import java.lang.ref.Reference;
import java.lang.ref.WeakReference;
import java.math.BigInteger;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.function.BooleanSupplier;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.condition.EnabledIfSystemProperty;

/**
 * JNA frees a {@link Memory} when the object becomes unreachable. The bulk native calls pass blst
 * a pointer array that points at a buffer of points or scalars; if nothing on the Java side keeps
 * that buffer reachable, a collection during the call frees it while blst reads it, and the
 * result is silently wrong (seen as honest PVSS transcripts rejected by the pairing check at 150
 * validators and 8192 shares).
 */
class NativeBufferLifetimeTest {

  /** The root cause, deterministically: the pointer array must keep its buffer alive. */
  @Test
  void aPointerArrayKeepsTheBufferItPointsAtReachable() {
    Memory base = new Memory(96);
    WeakReference<Memory> baseRef = new WeakReference<>(base);
    Memory array = NativeBlst.contiguous(base);
    assertEquals(Pointer.nativeValue(base), Pointer.nativeValue(array.getPointer(0)));
    assertNull(array.getPointer(Native.POINTER_SIZE));
    base = null;
    collectGarbage();
    assertNotNull(baseRef.get(), "the buffer was collected (and freed) while a pointer array"
        + " to it was still in use");
    Reference.reachabilityFence(array);
  }

  /**
   * End to end: the bulk calls give the serially computed result while another thread forces
   * collections. Probabilistic (a collection must land inside a native call of code the JIT has
   * compiled) and about a minute long, so it runs only on request: {@code mvn -B -o -pl crypto
   * test -Dtest=NativeBufferLifetimeTest -Dtdsim.stress=true}. Before the fix it reported wrong
   * results of the G1 and G2 MSMs, the fixed-base MSM and the n-pair Miller loop (see
   * docs/CRYPTO.md, "Native buffers and the garbage collector"); a correct implementation cannot
   * fail it.
   */
  @Test
  @EnabledIfSystemProperty(named = "tdsim.stress", matches = "true")
  void bulkCallsAreCorrectWhileCollectionsRun() throws InterruptedException {
    int n = 48;
    StrongRandom r = SeededDrbg.of(7, "native-buffer-lifetime", 0);
    List<G1Point> ps = new ArrayList<>();
    List<G2Point> qs = new ArrayList<>();
    List<Fr> scalars = new ArrayList<>();
    long[] shorts = new long[n];
    G1Point msm = G1Point.identity();
    G1Point msmShort = G1Point.identity();
    G1Point sum = G1Point.identity();
    G2Point msm2Short = G2Point.identity();
    for (int i = 0; i < n; i++) {
      ps.add(G1Point.generator().multiply(Fr.random(r)));
      qs.add(G2Point.generator().multiply(Fr.random(r)));
      scalars.add(Fr.random(r));
      shorts[i] = r.nextLong();
      Fr s = Fr.of(new BigInteger(Long.toUnsignedString(shorts[i])));
      msm = msm.add(ps.get(i).multiply(scalars.get(i)));
      msmShort = msmShort.add(ps.get(i).multiply(s));
      sum = sum.add(ps.get(i));
      msm2Short = msm2Short.add(qs.get(i).multiply(s));
    }
    // e(P0, Q0) e(-P0, Q0) e(P1, Q1) e(-P1, Q1) == 1
    List<G1Point> pairP = List.of(ps.get(0), ps.get(0).negate(), ps.get(1), ps.get(1).negate());
    List<G2Point> pairQ = List.of(qs.get(0), qs.get(0), qs.get(1), qs.get(1));
    List<G2Prepared> prepared = pairQ.stream().map(G2Point::prepare).toList();
    G2FixedBases fixed = new G2FixedBases(qs, 4);
    G1Point eMsm = msm;
    G1Point eMsmShort = msmShort;
    G1Point eSum = sum;
    G2Point eMsm2Short = msm2Short;
    List<BooleanSupplier> checks = List.of(
        () -> G1Point.msm(ps, scalars).equals(eMsm),
        () -> G1Point.msmShort(ps, shorts).equals(eMsmShort),
        () -> G1Point.sum(ps).equals(eSum),
        () -> G2Point.msmShort(qs, shorts).equals(eMsm2Short),
        () -> fixed.msmShort(shorts).equals(eMsm2Short),
        () -> Pairings.productIsOne(pairP, pairQ),
        () -> Pairings.millerLoopPrepared(pairP, prepared).finalExponentiation().isOne());

    AtomicBoolean done = new AtomicBoolean();
    AtomicInteger wrong = new AtomicInteger();
    Thread collector = new Thread(() -> {
      while (!done.get()) {
        System.gc();
        try {
          Thread.sleep(2);
        } catch (InterruptedException e) {
          return;
        }
      }
    });
    collector.start();
    List<Thread> callers = new ArrayList<>();
    for (int t = 0; t < 2; t++) {
      Thread caller = new Thread(() -> {
        for (int round = 0; round < 1500; round++) {
          for (BooleanSupplier check : checks) {
            if (!check.getAsBoolean()) {
              wrong.incrementAndGet();
            }
          }
        }
      });
      caller.start();
      callers.add(caller);
    }
    for (Thread caller : callers) {
      caller.join();
    }
    done.set(true);
    collector.join();
    assertEquals(0, wrong.get(), "wrong results of bulk native calls under collections");
  }

  /** Full collections until a fresh weakly reachable object is gone (at least one happened). */
  private static void collectGarbage() {
    WeakReference<Object> sentinel = new WeakReference<>(new Object());
    for (int i = 0; i < 20 && sentinel.get() != null; i++) {
      System.gc();
    }
    assertNull(sentinel.get(), "System.gc() collected nothing: the test needs explicit GC");
  }
}
