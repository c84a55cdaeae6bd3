package dev.tdsim.crypto.design.bench;

import dev.tdsim.crypto.Workers;
import dev.tdsim.crypto.design.BlockDesign;
import dev.tdsim.crypto.design.DesignKeys;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.function.BiFunction;

/**
 * Where a design's {@link DesignBench} comes from. A design that implements {@link Source} gives
 * its own; until the designs do, the adapters of this package (written against each design's
 * public operations: {@code BlockKeyOps}, {@code BatchedOps}) are registered here by the
 * design's class. Ferveo's per-transaction designs have none (their functions are share_combine
 * and block_propose). Nothing here or in the benchmarks compares design names.
 */
public final class DesignBenches {
  /** A design that knows its own bench functions. */
  public interface Source {
    /** The functions the design has (known without setting it up). */
    List<DesignFunction> benchFunctions();

    /** The bench of {@code keys} (this design's, set up), run on {@code workers}. */
    DesignBench bench(DesignKeys keys, Workers workers);
  }

  private record Adapter(List<DesignFunction> functions,
      BiFunction<DesignKeys, Workers, DesignBench> make) {}

  private static final Map<Class<? extends BlockDesign>, Adapter> ADAPTERS =
      new LinkedHashMap<>();

  static {
    ADAPTERS.put(dev.tdsim.crypto.design.blockkey.BlockKeyDesign.class,
        new Adapter(BlockKeyDesignBench.FUNCTIONS, BlockKeyDesignBench::new));
    ADAPTERS.put(dev.tdsim.crypto.design.batched.BatchedDesign.class,
        new Adapter(BatchedDesignBench.FUNCTIONS, BatchedDesignBench::new));
  }

  private DesignBenches() {}

  /** The functions {@code design} has, in block order (empty: none, e.g. Ferveo's variants). */
  public static List<DesignFunction> functions(BlockDesign design) {
    if (design instanceof Source s) {
      return List.copyOf(s.benchFunctions());
    }
    Adapter a = ADAPTERS.get(design.getClass());
    return a == null ? List.of() : a.functions();
  }

  /** The bench functions of {@code keys}' design, run on {@code workers}; empty if it has none. */
  public static Optional<DesignBench> of(DesignKeys keys, Workers workers) {
    if (keys.design() instanceof Source s) {
      return Optional.of(s.bench(keys, workers));
    }
    Adapter a = ADAPTERS.get(keys.design().getClass());
    return a == null ? Optional.empty() : Optional.of(a.make().apply(keys, workers));
  }
}
