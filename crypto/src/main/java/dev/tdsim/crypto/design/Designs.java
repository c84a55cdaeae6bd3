package dev.tdsim.crypto.design;

import dev.tdsim.crypto.CryptoException;
import dev.tdsim.crypto.design.batched.BatchedDesign;
import dev.tdsim.crypto.design.blockkey.BlockKeyDesign;
import dev.tdsim.crypto.variant.Variants;
import dev.tdsim.registry.Registry;
import java.util.ArrayList;
import java.util.List;

/**
 * The registry of every design a scenario's {@code crypto.variant} may name, keyed by the
 * lower-case names users write: Ferveo's combine variants ({@link Variants}) through {@link
 * FerveoDesign}, then the one-share-per-block designs.
 */
public final class Designs {
  private static final Registry<BlockDesign> REGISTRY = registry();

  private Designs() {}

  private static Registry<BlockDesign> registry() {
    Registry.Builder<BlockDesign> designs = Registry.<BlockDesign>builder("design")
        .matchingAnyCase();
    Variants.all().forEach(v -> designs.add(v.name(), new FerveoDesign(v)));
    return designs.addAll(BlockDesign::name, List.of(new BatchedDesign(), new BlockKeyDesign(),
            new BatchedDesign(ShareForm.PER_POINT), new BlockKeyDesign(ShareForm.PER_POINT)))
        .build();
  }

  /** The design of that name (any case, blanks ignored); unknown names list the known ones. */
  public static BlockDesign byName(String name) {
    return REGISTRY.find(name)
        .orElseThrow(() -> new CryptoException("choosing design", REGISTRY.unknown(name)));
  }

  public static boolean isDesign(String name) {
    return name != null && REGISTRY.contains(name);
  }

  public static List<BlockDesign> all() {
    return new ArrayList<>(REGISTRY.all());
  }

  public static List<String> names() {
    return new ArrayList<>(REGISTRY.names());
  }
}
