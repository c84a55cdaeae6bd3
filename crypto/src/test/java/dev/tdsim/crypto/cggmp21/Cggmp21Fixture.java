package dev.tdsim.crypto.cggmp21;

import dev.tdsim.crypto.cggmp21.paillier.PaillierSecretKey;
import dev.tdsim.crypto.cggmp21.zk.RingPedersen;
import dev.tdsim.crypto.random.SeededDrbg;
import java.util.concurrent.ConcurrentHashMap;

/**
 * Test keys, generated once per JVM from fixed seeds at {@link SecurityParams#TEST}'s 1024 bits
 * (two 512-bit Blum primes: tens of milliseconds each), shared by every test class.
 */
public final class Cggmp21Fixture {
  private Cggmp21Fixture() {}

  private static final ConcurrentHashMap<Integer, PaillierSecretKey> KEYS =
      new ConcurrentHashMap<>();
  private static final ConcurrentHashMap<Integer, RingPedersen.Generated> PEDERSEN =
      new ConcurrentHashMap<>();

  /** The i-th test Paillier key (same for every run). */
  public static PaillierSecretKey key(int i) {
    return KEYS.computeIfAbsent(i, k -> PaillierSecretKey.generate(
        SecurityParams.TEST.paillierBits(), SeededDrbg.of(24, "cggmp21.test.paillier", k)));
  }

  /** The i-th test ring-Pedersen parameters, on {@link #key}(i). */
  public static RingPedersen.Generated pedersen(int i) {
    return PEDERSEN.computeIfAbsent(i, k -> RingPedersen.generate(key(k),
        SeededDrbg.of(24, "cggmp21.test.pedersen", k)));
  }
}
