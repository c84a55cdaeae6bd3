package dev.tdsim.crypto.design.bench;

import dev.tdsim.crypto.Workers;
import dev.tdsim.crypto.curve.G1Point;
import dev.tdsim.crypto.design.BlockDesign;
import dev.tdsim.crypto.design.BlockDigest;
import dev.tdsim.crypto.design.DesignKeys;
import dev.tdsim.crypto.design.ShareForm;
import dev.tdsim.crypto.design.batched.BatchedDesign;
import dev.tdsim.crypto.design.batched.BatchedDigest;
import dev.tdsim.crypto.design.blockkey.BlockKeyDesign;
import dev.tdsim.crypto.design.blockkey.BlockKeyDigest;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.function.BiFunction;
import java.util.function.Function;

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
      BiFunction<DesignKeys, Workers, DesignBench> make) {
    /** The same design in its per-point form, on the block's base point X. */
    Adapter perPoint(Function<BlockDigest, G1Point> base) {
      return new Adapter(functions,
          (keys, workers) -> new PointsDesignBench(make.apply(keys, workers), keys, workers, base));
    }
  }

  private record Key(Class<? extends BlockDesign> design, ShareForm form) {}

  private static final Map<Key, Adapter> ADAPTERS = new LinkedHashMap<>();

  static {
    Adapter blockKey = new Adapter(BlockKeyDesignBench.FUNCTIONS, BlockKeyDesignBench::new);
    Adapter batched = new Adapter(BatchedDesignBench.FUNCTIONS, BatchedDesignBench::new);
    ADAPTERS.put(new Key(BlockKeyDesign.class, ShareForm.FOLDED), blockKey);
    ADAPTERS.put(new Key(BatchedDesign.class, ShareForm.FOLDED), batched);
    ADAPTERS.put(new Key(BlockKeyDesign.class, ShareForm.PER_POINT),
        blockKey.perPoint(d -> ((BlockKeyDigest) d).identity()));
    ADAPTERS.put(new Key(BatchedDesign.class, ShareForm.PER_POINT),
        batched.perPoint(d -> ((BatchedDigest) d).point()));
  }

  private static Adapter adapter(BlockDesign design) {
    ShareForm form = design instanceof BlockKeyDesign b ? b.form()
        : design instanceof BatchedDesign b ? b.form() : ShareForm.FOLDED;
    return ADAPTERS.get(new Key(design.getClass(), form));
  }

  private DesignBenches() {}

  /** The functions {@code design} has, in block order (empty: none, e.g. Ferveo's variants). */
  public static List<DesignFunction> functions(BlockDesign design) {
    if (design instanceof Source s) {
      return List.copyOf(s.benchFunctions());
    }
    Adapter a = adapter(design);
    return a == null ? List.of() : a.functions();
  }

  /** The bench functions of {@code keys}' design, run on {@code workers}; empty if it has none. */
  public static Optional<DesignBench> of(DesignKeys keys, Workers workers) {
    if (keys.design() instanceof Source s) {
      return Optional.of(s.bench(keys, workers));
    }
    Adapter a = adapter(keys.design());
    return a == null ? Optional.empty() : Optional.of(a.make().apply(keys, workers));
  }
}
