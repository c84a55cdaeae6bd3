package dev.tdsim.crypto.sig;

import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;

/** The vote signature schemes by the names users write in {@code consensus.vote_signature}. */
public final class VoteSignatureSchemes {
  /** CometBFT's default validator key type. */
  public static final String DEFAULT = Ed25519Scheme.NAME;

  private static final Map<String, VoteSignatureScheme> SCHEMES = new LinkedHashMap<>();

  static {
    register(new Ed25519Scheme());
    register(new BlsScheme());
  }

  private VoteSignatureSchemes() {}

  private static void register(VoteSignatureScheme scheme) {
    SCHEMES.put(scheme.name(), scheme);
  }

  /**
   * The scheme of that name (any case, surrounding blanks ignored).
   *
   * @throws IllegalArgumentException naming the known schemes, for an unknown name
   */
  public static VoteSignatureScheme byName(String name) {
    String key = name == null ? "" : name.trim().toLowerCase(Locale.ROOT);
    VoteSignatureScheme scheme = SCHEMES.get(key);
    if (scheme == null) {
      throw new IllegalArgumentException("unknown vote signature scheme '" + name + "'; known: "
          + String.join(", ", names()));
    }
    return scheme;
  }

  /** The names, in registration order. */
  public static List<String> names() {
    return List.copyOf(SCHEMES.keySet());
  }

  public static List<VoteSignatureScheme> all() {
    return List.copyOf(SCHEMES.values());
  }
}
