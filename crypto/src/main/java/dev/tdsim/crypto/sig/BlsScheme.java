package dev.tdsim.crypto.sig;

import dev.tdsim.crypto.curve.BlsSignatures;
import dev.tdsim.crypto.random.StrongRandom;
import java.util.List;
import java.util.Objects;

/**
 * BLS on BLS12-381 as CometBFT's {@code crypto/bls12381} key type does it (blst underneath):
 * minimal public key size (keys in G1, 96 bytes uncompressed as CometBFT's {@code PubKey.Bytes()};
 * signatures in G2, 96 bytes compressed), the message hashed to G2 by RFC 9380 under the basic
 * scheme's tag {@code BLS_SIG_BLS12381G2_XMD:SHA-256_SSWU_RO_NUL_}, keys from IETF KeyGen over 32
 * random bytes. Ethereum's consensus layer uses the same curve and groups with the
 * proof-of-possession tag ({@code ..._POP_}); the tests check this code against Ethereum's vectors
 * under that tag.
 */
final class BlsScheme implements AggregateSignatureScheme {
  static final String NAME = "bls";
  /** CometBFT's {@code dstMinPk} (crypto/bls12381/key_bls12381.go). */
  static final String COMETBFT_DST = "BLS_SIG_BLS12381G2_XMD:SHA-256_SSWU_RO_NUL_";
  /** Ethereum's signature tag (consensus-specs phase0, "BLS signatures"): for test vectors. */
  static final String ETHEREUM_DST = "BLS_SIG_BLS12381G2_XMD:SHA-256_SSWU_RO_POP_";

  private final String dst;

  BlsScheme() {
    this(COMETBFT_DST);
  }

  BlsScheme(String dst) {
    this.dst = Objects.requireNonNull(dst, "dst");
  }

  @Override
  public String name() {
    return NAME;
  }

  @Override
  public String description() {
    return "BLS12-381 min-pk (blst), CometBFT's bls12381 key: 96 B signatures, aggregatable";
  }

  @Override
  public VoteKeyPair keyPair(StrongRandom random) {
    byte[] sk = BlsSignatures.keyGen(random.nextBytes(32));
    return new VoteKeyPair(sk, BlsSignatures.publicKey(sk));
  }

  @Override
  public byte[] sign(byte[] secretKey, byte[] message) {
    return BlsSignatures.sign(secretKey, message, dst);
  }

  @Override
  public boolean verify(byte[] publicKey, byte[] message, byte[] signature) {
    try {
      return BlsSignatures.verify(publicKey, message, signature, dst);
    } catch (RuntimeException e) {
      return false;
    }
  }

  @Override
  public byte[] aggregate(List<byte[]> signatures) {
    byte[] sum = BlsSignatures.aggregate(signatures);
    if (sum == null) {
      throw new IllegalArgumentException(
          "cannot aggregate: no signatures, or a malformed one among them");
    }
    return sum;
  }

  @Override
  public boolean verifyAggregate(List<byte[]> publicKeys, byte[] message, byte[] aggregate) {
    try {
      return BlsSignatures.fastAggregateVerify(publicKeys, message, aggregate, dst);
    } catch (RuntimeException e) {
      return false;
    }
  }

  private record BlsKeySet(BlsSignatures.KeySet keys) implements KeySet {
    @Override
    public int size() {
      return keys.size();
    }
  }

  @Override
  public KeySet keySet(List<byte[]> publicKeys) {
    return new BlsKeySet(BlsSignatures.keySet(publicKeys));
  }

  @Override
  public boolean verifyAggregate(KeySet keys, List<Integer> signers, byte[] message,
      byte[] aggregate) {
    if (!(keys instanceof BlsKeySet bls)) {
      return false;
    }
    try {
      return BlsSignatures.fastAggregateVerify(bls.keys(), signers, message, aggregate, dst);
    } catch (RuntimeException e) {
      return false;
    }
  }

  @Override
  public int signatureBytes() {
    return BlsSignatures.SIGNATURE_BYTES;
  }

  @Override
  public int publicKeyBytes() {
    return BlsSignatures.PUBLIC_KEY_BYTES;
  }
}
