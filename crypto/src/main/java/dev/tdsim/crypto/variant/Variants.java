package dev.tdsim.crypto.variant;

import dev.tdsim.crypto.CryptoException;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/** The registry of combine variants, keyed by the lower-case names users write. */
public final class Variants {
  private static final Map<String, CombineVariant<?>> BY_NAME = new LinkedHashMap<>();

  static {
    register(new SimpleVariant());
    register(new BatchVariant());
    register(new FastVariant());
    register(new PrecomputedVariant());
    register(new FoldedVariant());
  }

  private Variants() {}

  private static void register(CombineVariant<?> variant) {
    BY_NAME.put(variant.name(), variant);
  }

  /** The variant of that name; unknown names fail with the list of known ones. */
  public static CombineVariant<?> byName(String name) {
    CombineVariant<?> v = BY_NAME.get(name == null ? null : name.trim().toLowerCase());
    if (v == null) {
      throw new CryptoException(
          "choosing combine variant", "unknown variant '" + name + "'; known: " + names());
    }
    return v;
  }

  public static List<CombineVariant<?>> all() {
    return new ArrayList<>(BY_NAME.values());
  }

  public static List<String> names() {
    return new ArrayList<>(BY_NAME.keySet());
  }
}
