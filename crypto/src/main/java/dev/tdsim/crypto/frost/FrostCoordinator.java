package dev.tdsim.crypto.frost;

import dev.tdsim.crypto.CryptoException;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;
import java.util.Set;
import org.bouncycastle.math.ec.rfc8032.Ed25519;

/**
 * The FROST coordinator (RFC 9591 section 5): builds the signing package from the signers'
 * commitments, aggregates their shares and verifies the result as a plain Ed25519 signature with
 * BouncyCastle's verifier; only when that fails does it check each share (section 5.4) to name the
 * bad signers, the RFC's suggested order (an honest run pays for one verification, not t).
 */
public final class FrostCoordinator {
  private final PublicKeyPackage keys;

  public FrostCoordinator(PublicKeyPackage keys) {
    this.keys = Objects.requireNonNull(keys, "keys");
  }

  /**
   * The package for {@code commitments} (any order; sorted here) and {@code message}: every
   * identifier a known signer, no repeats, at least t of them.
   */
  public SigningPackage signingPackage(List<SigningCommitments> commitments, byte[] message) {
    Set<Identifier> seen = new HashSet<>();
    for (SigningCommitments c : commitments) {
      requireKnownSigner(c.identifier(), "FROST signing package");
      if (!seen.add(c.identifier())) {
        throw new CryptoException("FROST signing package", "signer " + c.identifier().value()
            + " committed twice");
      }
    }
    if (commitments.size() < keys.minSigners()) {
      throw new CryptoException("FROST signing package", commitments.size()
          + " commitments, fewer than the threshold " + keys.minSigners());
    }
    List<SigningCommitments> sorted = new ArrayList<>(commitments);
    sorted.sort(Comparator.comparing(SigningCommitments::identifier));
    return new SigningPackage(sorted, message);
  }

  /**
   * Aggregates one share per signer of {@code pkg} (RFC 9591 section 5.3) and verifies the result;
   * if it does not verify, names every signer whose share fails section 5.4's check.
   */
  public AggregateResult aggregate(SigningPackage pkg, List<SignatureShare> shares) {
    requireKnownSigners(pkg, "FROST aggregate");
    Map<Identifier, Scalar> byId = new HashMap<>();
    for (SignatureShare s : shares) {
      if (pkg.commitmentsOf(s.identifier()) == null) {
        throw new CryptoException("FROST aggregate", "share from signer "
            + s.identifier().value() + ", who is not in the signing package");
      }
      if (byId.put(s.identifier(), s.share()) != null) {
        throw new CryptoException("FROST aggregate", "two shares from signer "
            + s.identifier().value());
      }
    }
    if (byId.size() != pkg.commitments().size()) {
      throw new CryptoException("FROST aggregate", byId.size() + " shares for "
          + pkg.commitments().size() + " signers in the package");
    }
    SigningMath.Context ctx = SigningMath.context(keys.groupPublicKey(), pkg);
    Scalar z = Scalar.ZERO;
    for (Scalar s : byId.values()) {
      z = z.add(s);
    }
    FrostSignature signature = new FrostSignature(ctx.groupCommitment(), z);
    if (verifies(signature, pkg.message())) {
      return new AggregateResult(Optional.of(signature), List.of());
    }
    List<Identifier> bad = new ArrayList<>();
    for (SigningCommitments c : pkg.commitments()) {
      if (!verifyShare(c, byId.get(c.identifier()), pkg, ctx)) {
        bad.add(c.identifier());
      }
    }
    return new AggregateResult(Optional.empty(), bad);
  }

  /**
   * RFC 9591 section 5.4's verify_signature_share: false for a share whose signer is not in the
   * package; a package naming a signer outside the key package is refused with a
   * {@link CryptoException} (its Lagrange coefficients and binding factors mean nothing for this
   * key).
   */
  public boolean verifySignatureShare(SignatureShare share, SigningPackage pkg) {
    requireKnownSigners(pkg, "FROST signature share verification");
    SigningCommitments c = pkg.commitmentsOf(share.identifier());
    if (c == null) {
      return false;
    }
    return verifyShare(c, share.share(), pkg, SigningMath.context(keys.groupPublicKey(), pkg));
  }

  /**
   * A package that arrives from elsewhere (a relayer, a decoded message) is checked here, because
   * {@link SigningPackage#decode} validates format only: every signer must have a verifying share.
   */
  private void requireKnownSigners(SigningPackage pkg, String operation) {
    for (Identifier id : pkg.signers()) {
      requireKnownSigner(id, operation);
    }
  }

  private void requireKnownSigner(Identifier id, String operation) {
    if (!keys.verifyingShares().containsKey(id)) {
      throw new CryptoException(operation, "unknown signer " + id.value() + " (known: "
          + keys.verifyingShares().keySet().stream().map(i -> String.valueOf(i.value()))
              .toList() + ")");
    }
  }

  private boolean verifyShare(SigningCommitments c, Scalar z, SigningPackage pkg,
      SigningMath.Context ctx) {
    GroupElement pk = keys.verifyingShares().get(c.identifier());
    Scalar lambda = SigningMath.lagrangeAtZero(pkg.signers(), c.identifier());
    // [z_i]B == D_i + [rho_i]E_i + [c lambda_i]PK_i
    GroupElement right = c.hiding().add(GroupElement.multiScalar(
        List.of(ctx.bindingFactors().get(c.identifier()), ctx.challenge().multiply(lambda)),
        List.of(c.binding(), pk)));
    return GroupElement.multiplyBase(z).equals(right);
  }

  /** The aggregate checked by BouncyCastle's RFC 8032 verifier under the group public key. */
  public boolean verifies(FrostSignature signature, byte[] message) {
    return Ed25519.verify(signature.encode(), 0, keys.groupPublicKey().encode(), 0, message, 0,
        message.length);
  }

  public PublicKeyPackage keys() {
    return keys;
  }
}
