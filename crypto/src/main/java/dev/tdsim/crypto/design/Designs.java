package dev.tdsim.crypto.design;

import dev.tdsim.crypto.CryptoException;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * The registry of every design a scenario's {@code crypto.variant} may name, keyed by the
 * lower-case names users write: Ferveo's combine variants ({@link
 * dev.tdsim.crypto.variant.Variants}) through {@link FerveoDesign}, then the one-share-per-block
 * designs.
 */
public final class Designs {
  private static final Map<String, BlockDesign> BY_NAME = new LinkedHashMap<>();

  static {
    dev.tdsim.crypto.variant.Variants.all().forEach(v -> register(new FerveoDesign(v)));
    register(new dev.tdsim.crypto.design.batched.BatchedDesign());
    register(new dev.tdsim.crypto.design.blockkey.BlockKeyDesign());
    register(new dev.tdsim.crypto.design.batched.BatchedDesign(ShareForm.PER_POINT));
    register(new dev.tdsim.crypto.design.blockkey.BlockKeyDesign(ShareForm.PER_POINT));
  }

  private Designs() {}

  private static void register(BlockDesign design) {
    BY_NAME.put(design.name(), design);
  }

  /** The design of that name; unknown names fail with the list of known ones. */
  public static BlockDesign byName(String name) {
    BlockDesign d = BY_NAME.get(name == null ? null : name.trim().toLowerCase());
    if (d == null) {
      throw new CryptoException(
          "choosing design", "unknown design '" + name + "'; known: " + names());
    }
    return d;
  }

  public static boolean isDesign(String name) {
    return name != null && BY_NAME.containsKey(name.trim().toLowerCase());
  }

  public static List<BlockDesign> all() {
    return new ArrayList<>(BY_NAME.values());
  }

  public static List<String> names() {
    return new ArrayList<>(BY_NAME.keySet());
  }
}
