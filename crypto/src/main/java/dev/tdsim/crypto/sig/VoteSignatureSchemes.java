package dev.tdsim.crypto.sig;

import dev.tdsim.registry.Registry;
import java.util.List;

/** The vote signature schemes by the names users write in {@code consensus.vote_signature}. */
public final class VoteSignatureSchemes {
  /** CometBFT's default validator key type. */
  public static final String DEFAULT = Ed25519Scheme.NAME;

  private static final Registry<VoteSignatureScheme> SCHEMES =
      Registry.<VoteSignatureScheme>builder("vote signature scheme").matchingAnyCase()
          .addAll(VoteSignatureScheme::name, List.of(new Ed25519Scheme(), new BlsScheme()))
          .build();

  private VoteSignatureSchemes() {}

  /**
   * The scheme of that name (any case, surrounding blanks ignored).
   *
   * @throws IllegalArgumentException naming the known schemes, for an unknown name
   */
  public static VoteSignatureScheme byName(String name) {
    return SCHEMES.get(name);
  }

  /** The names, in registration order. */
  public static List<String> names() {
    return SCHEMES.names();
  }

  public static List<VoteSignatureScheme> all() {
    return SCHEMES.all();
  }
}
