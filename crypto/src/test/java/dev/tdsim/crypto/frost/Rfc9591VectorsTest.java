package dev.tdsim.crypto.frost;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.io.InputStream;
import java.util.ArrayList;
import java.util.HexFormat;
import java.util.List;
import java.util.Properties;
import org.bouncycastle.math.ec.rfc8032.Ed25519;
import org.junit.jupiter.api.Test;

/** RFC 9591 Appendix E.1 (FROST(Ed25519, SHA-512)), every intermediate value byte for byte. */
class Rfc9591VectorsTest {
  private static final HexFormat HEX = HexFormat.of();
  private final Properties v = load();

  private static Properties load() {
    try (InputStream in = Rfc9591VectorsTest.class.getResourceAsStream(
        "/frost/rfc9591-ed25519-sha512.properties")) {
      Properties p = new Properties();
      p.load(in);
      return p;
    } catch (IOException e) {
      throw new IllegalStateException(e);
    }
  }

  private byte[] bytes(String key) {
    String s = v.getProperty(key);
    if (s == null) {
      throw new IllegalStateException("vector file lacks " + key);
    }
    return HEX.parseHex(s);
  }

  private int[] participants() {
    String[] parts = v.getProperty("participant_list").split(",");
    int[] ids = new int[parts.length];
    for (int i = 0; i < parts.length; i++) {
      ids[i] = Integer.parseInt(parts[i].trim());
    }
    return ids;
  }

  private TrustedDealer.Dealt dealt() {
    Scalar secret = Scalar.decode(bytes("group_secret_key"));
    Scalar a1 = Scalar.decode(bytes("share_polynomial_coefficients"));
    return TrustedDealer.share(List.of(secret, a1),
        Integer.parseInt(v.getProperty("max_participants")));
  }

  @Test
  void dealerReproducesGroupKeyAndShares() {
    TrustedDealer.Dealt d = dealt();
    assertArrayEquals(bytes("group_public_key"), d.publicKeys().groupPublicKey().encode());
    assertEquals(Integer.parseInt(v.getProperty("min_participants")), d.publicKeys().minSigners());
    for (KeyPackage k : d.keyPackages()) {
      assertArrayEquals(bytes("participant_share." + k.identifier().value()),
          k.signingShare().encode(), "share of " + k.identifier().value());
      assertTrue(d.commitment().verifies(k.identifier(), k.signingShare()));
      assertEquals(d.commitment().evaluate(k.identifier()), k.verifyingShare());
    }
  }

  @Test
  void bothRoundsAndAggregateMatchByteForByte() {
    TrustedDealer.Dealt d = dealt();
    byte[] message = bytes("message");
    List<FrostSigner> signers = new ArrayList<>();
    List<SigningCommitments> commitments = new ArrayList<>();
    for (int id : participants()) {
      FrostSigner s = new FrostSigner(d.keyPackages().get(id - 1));
      KeyPackage key = d.keyPackages().get(id - 1);
      assertArrayEquals(bytes("hiding_nonce." + id), FrostSigner.nonceGenerate(
          bytes("hiding_nonce_randomness." + id), key.signingShare()).encode());
      assertArrayEquals(bytes("binding_nonce." + id), FrostSigner.nonceGenerate(
          bytes("binding_nonce_randomness." + id), key.signingShare()).encode());
      SigningCommitments c = s.commit(bytes("hiding_nonce_randomness." + id),
          bytes("binding_nonce_randomness." + id));
      assertArrayEquals(bytes("hiding_nonce_commitment." + id), c.hiding().encode());
      assertArrayEquals(bytes("binding_nonce_commitment." + id), c.binding().encode());
      signers.add(s);
      commitments.add(c);
    }
    FrostCoordinator coordinator = new FrostCoordinator(d.publicKeys());
    SigningPackage pkg = coordinator.signingPackage(commitments, message);
    GroupElement groupKey = d.publicKeys().groupPublicKey();
    var rho = SigningMath.bindingFactors(groupKey, pkg);
    byte[] prefix = SigningMath.bindingFactorPrefix(groupKey, pkg);
    List<SignatureShare> shares = new ArrayList<>();
    for (FrostSigner s : signers) {
      int id = s.identifier().value();
      byte[] input = new byte[prefix.length + 32];
      System.arraycopy(prefix, 0, input, 0, prefix.length);
      System.arraycopy(s.identifier().encode(), 0, input, prefix.length, 32);
      assertArrayEquals(bytes("binding_factor_input." + id), input);
      assertArrayEquals(bytes("binding_factor." + id), rho.get(s.identifier()).encode());
      SignatureShare share = s.sign(pkg);
      assertArrayEquals(bytes("sig_share." + id), share.share().encode());
      assertTrue(coordinator.verifySignatureShare(share, pkg));
      shares.add(share);
    }
    AggregateResult result = coordinator.aggregate(pkg, shares);
    assertTrue(result.signed());
    byte[] sig = result.signature().orElseThrow().encode();
    assertArrayEquals(bytes("sig"), sig);
    assertTrue(Ed25519.verify(sig, 0, bytes("group_public_key"), 0, message, 0, message.length));
  }
}
