package dev.tdsim.runner;

import com.google.common.cache.Cache;
import com.google.common.cache.CacheBuilder;
import dev.tdsim.crypto.Workers;
import dev.tdsim.crypto.design.BlockDesign;
import dev.tdsim.crypto.design.DesignKeys;
import dev.tdsim.crypto.random.StrongRandom;
import dev.tdsim.crypto.tpke.Committee;
import dev.tdsim.crypto.tpke.KeySet;
import java.util.concurrent.ExecutionException;
import java.util.function.Supplier;

/**
 * Dealt key sets and design setups kept between the runs of one process: a sweep's points and
 * probes differ in the block size, not in their keys ({@link
 * dev.tdsim.random.RandomStreams#forKeyMaterial}), and dealing 8192 shares and building their
 * tables took 3-4 s of every run. Setup is in no height's time, so reusing it changes no result;
 * each run gets its own view of the setup ({@link DesignKeys#forCombiner()}: the same tables,
 * caches of its own), so no run sees another's prepare_combine work.
 *
 * <p>Only runs on the shared all-cores pool take part: a key set's lazy tables run on the pool it
 * was dealt with, and a run's own pool is closed when the run ends. Two runs asking at once for
 * the same keys wait for one setup. A few entries are kept (least recently used first out), so
 * a sweep over key sizes holds at most that many.
 */
final class SharedKeys {
  private static final int KEPT = 2;

  /** What a design's setup depends on beyond its key set. */
  private record DesignScope(String keys, String design, int maxBlockSize) {}

  private static final Cache<String, KeySet> KEY_SETS =
      CacheBuilder.newBuilder().maximumSize(KEPT).build();
  private static final Cache<DesignScope, DesignKeys> SETUPS =
      CacheBuilder.newBuilder().maximumSize(2L * KEPT).build();

  private SharedKeys() {}

  /** Whether runs on {@code workers} may share key material (the all-cores pool only). */
  static boolean shareable(Workers workers) {
    return workers == Workers.allCores();
  }

  /** Whether the key set of {@code streamId} is kept from an earlier run. */
  static boolean holds(String streamId) {
    return KEY_SETS.getIfPresent(streamId) != null;
  }

  /**
   * The key set of {@code committee} dealt from {@code dealer}, dealt now or by an earlier run
   * with the same stream ({@code streamId}: the seed and the committee the stream's seed
   * material comes from, so it names the key set).
   */
  static KeySet keySet(Committee committee, String streamId, Supplier<StrongRandom> dealer,
      Workers workers) {
    return get(KEY_SETS, streamId,
        () -> KeySet.deal(committee, dealer.get(), workers));
  }

  /**
   * A fresh view of {@code design} set up on {@code keys} (which {@link #keySet} returned for the
   * same stream): set up now or by an earlier run.
   */
  static DesignKeys setup(BlockDesign design, String streamId, KeySet keys,
      int maxBlockSize, Supplier<StrongRandom> dealer, Workers workers) {
    DesignScope scope = new DesignScope(streamId, design.name(),
        design.setupDependsOnBlockSize() ? maxBlockSize : 0);
    return get(SETUPS, scope, () -> design.setup(keys, maxBlockSize, dealer.get(), workers))
        .forCombiner();
  }

  private static <K, V> V get(Cache<K, V> cache, K key, java.util.concurrent.Callable<V> make) {
    try {
      return cache.get(key, make);
    } catch (ExecutionException | com.google.common.util.concurrent.UncheckedExecutionException e) {
      Throwable cause = e.getCause();
      if (cause instanceof RuntimeException r) {
        throw r;
      }
      if (cause instanceof Error err) {
        throw err;
      }
      throw new IllegalStateException(cause);
    } catch (com.google.common.util.concurrent.ExecutionError e) {
      throw (Error) e.getCause();
    }
  }
}
