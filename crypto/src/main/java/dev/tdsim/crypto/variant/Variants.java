package dev.tdsim.crypto.variant;

import dev.tdsim.crypto.CryptoException;
import dev.tdsim.registry.Registry;
import java.util.ArrayList;
import java.util.List;

/** The registry of combine variants, keyed by the lower-case names users write. */
public final class Variants {
  private static final Registry<CombineVariant<?>> REGISTRY =
      Registry.<CombineVariant<?>>builder("variant").matchingAnyCase()
          .addAll(CombineVariant::name, List.of(new SimpleVariant(), new BatchVariant(),
              new FastVariant(), new PrecomputedVariant(), new FoldedVariant()))
          .build();

  private Variants() {}

  /** The variant of that name (any case, blanks ignored); unknown names list the known ones. */
  public static CombineVariant<?> byName(String name) {
    return REGISTRY.find(name).orElseThrow(
        () -> new CryptoException("choosing combine variant", REGISTRY.unknown(name)));
  }

  public static List<CombineVariant<?>> all() {
    return new ArrayList<>(REGISTRY.all());
  }

  public static List<String> names() {
    return new ArrayList<>(REGISTRY.names());
  }
}
