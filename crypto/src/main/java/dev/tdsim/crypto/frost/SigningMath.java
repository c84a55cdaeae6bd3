package dev.tdsim.crypto.frost;

import dev.tdsim.crypto.CryptoException;
import java.io.ByteArrayOutputStream;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * RFC 9591 section 4's helper functions, shared by signers and the coordinator: binding factors,
 * the group commitment, the challenge and the Lagrange coefficient.
 */
final class SigningMath {
  private SigningMath() {}

  /** Everything a signer and the coordinator both derive from a signing package. */
  record Context(Map<Identifier, Scalar> bindingFactors, GroupElement groupCommitment,
      Scalar challenge) {}

  static Context context(GroupElement groupPublicKey, SigningPackage pkg) {
    Map<Identifier, Scalar> rho = bindingFactors(groupPublicKey, pkg);
    GroupElement r = groupCommitment(pkg, rho);
    return new Context(rho, r, challenge(r, groupPublicKey, pkg.message()));
  }

  /** RFC 9591 section 4.3: identifier || D || E per entry, in list order. */
  static byte[] encodeCommitmentList(SigningPackage pkg) {
    ByteArrayOutputStream out = new ByteArrayOutputStream();
    for (SigningCommitments c : pkg.commitments()) {
      out.writeBytes(c.encode());
    }
    return out.toByteArray();
  }

  /** RFC 9591 section 4.4's compute_binding_factors, by identifier in list order. */
  static Map<Identifier, Scalar> bindingFactors(GroupElement groupPublicKey, SigningPackage pkg) {
    byte[] prefix = bindingFactorPrefix(groupPublicKey, pkg);
    Map<Identifier, Scalar> out = new LinkedHashMap<>();
    for (SigningCommitments c : pkg.commitments()) {
      out.put(c.identifier(), Ciphersuite.h1(prefix, c.identifier().encode()));
    }
    return out;
  }

  /** group_public_key_enc || H4(msg) || H5(encoded commitment list). */
  static byte[] bindingFactorPrefix(GroupElement groupPublicKey, SigningPackage pkg) {
    ByteArrayOutputStream out = new ByteArrayOutputStream();
    out.writeBytes(groupPublicKey.encode());
    out.writeBytes(Ciphersuite.h4(pkg.message()));
    out.writeBytes(Ciphersuite.h5(encodeCommitmentList(pkg)));
    return out.toByteArray();
  }

  /**
   * RFC 9591 section 4.5: sum of D_i + [rho_i]E_i, as sum D_i plus one multi-scalar
   * multiplication (the same point, fewer doublings).
   */
  static GroupElement groupCommitment(SigningPackage pkg, Map<Identifier, Scalar> rho) {
    List<Scalar> scalars = new ArrayList<>();
    List<GroupElement> points = new ArrayList<>();
    List<GroupElement> hiding = new ArrayList<>();
    for (SigningCommitments c : pkg.commitments()) {
      hiding.add(c.hiding());
      scalars.add(rho.get(c.identifier()));
      points.add(c.binding());
    }
    hiding.add(GroupElement.multiScalar(scalars, points));
    return GroupElement.sum(hiding);
  }

  /** RFC 9591 section 4.6: H2(R || PK || msg). */
  static Scalar challenge(GroupElement r, GroupElement groupPublicKey, byte[] message) {
    return Ciphersuite.h2(r.encode(), groupPublicKey.encode(), message);
  }

  /**
   * RFC 9591 section 4.2's derive_interpolating_value: the Lagrange coefficient of {@code x} at 0
   * over {@code participants} (which must hold x once and no repeats).
   */
  static Scalar lagrangeAtZero(List<Identifier> participants, Identifier x) {
    if (!participants.contains(x)) {
      throw new CryptoException("FROST Lagrange coefficient", "identifier " + x.value()
          + " is not among the participants");
    }
    if (participants.stream().distinct().count() != participants.size()) {
      throw new CryptoException("FROST Lagrange coefficient", "repeated identifier");
    }
    Scalar numerator = Scalar.ONE;
    Scalar denominator = Scalar.ONE;
    for (Identifier j : participants) {
      if (!j.equals(x)) {
        numerator = numerator.multiply(j.scalar());
        denominator = denominator.multiply(j.scalar().subtract(x.scalar()));
      }
    }
    return numerator.multiply(denominator.invert());
  }
}
