package dev.tdsim.crypto.frost;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.tdsim.crypto.random.SeededDrbg;
import java.io.IOException;
import java.io.InputStream;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.HexFormat;
import java.util.List;
import java.util.Properties;
import org.junit.jupiter.api.Test;

/**
 * The DKG against the Zcash Foundation implementation's FROST(Ed25519, SHA-512) DKG vector: the
 * same commitments and shares from the same polynomials, their proofs of knowledge verify under
 * tdsim's challenge (so the "dkg" hash is built the same way), and each participant ends with the
 * published verifying shares and group key.
 */
class ZcashDkgVectorsTest {
  private static final HexFormat HEX = HexFormat.of();
  private final Properties v = load();
  private final int n = Integer.parseInt(v.getProperty("max_participants"));
  private final int t = Integer.parseInt(v.getProperty("min_participants"));

  private static Properties load() {
    try (InputStream in = ZcashDkgVectorsTest.class.getResourceAsStream(
        "/frost/zcash-frost-ed25519-dkg.properties")) {
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

  private List<Scalar> polynomial(int i) {
    return List.of(Scalar.decode(bytes(i + ".signing_key")),
        Scalar.decode(bytes(i + ".coefficient")));
  }

  /** The published round-one package of dealer i, decoded with every check. */
  private DkgRound1Package published(int i) {
    List<GroupElement> c = new ArrayList<>();
    for (String e : v.getProperty(i + ".vss_commitments").split(",")) {
      c.add(GroupElement.decode(HEX.parseHex(e.trim()), "commitment of " + i));
    }
    byte[] pok = bytes(i + ".proof_of_knowledge");
    return new DkgRound1Package(new Identifier(i), new VssCommitment(c),
        GroupElement.decode(Arrays.copyOfRange(pok, 0, 32), "R of " + i),
        Scalar.decode(Arrays.copyOfRange(pok, 32, 64)));
  }

  @Test
  void commitmentsSharesProofsAndKeysMatch() {
    List<DkgParticipant> parties = new ArrayList<>();
    for (int i = 1; i <= n; i++) {
      DkgParticipant p = new DkgParticipant(new Identifier(i), t, n,
          SeededDrbg.of(i, "frost.zcash.dkg", 0));
      DkgRound1Package mine = p.round1(polynomial(i), Scalar.of(12345 + i));
      assertEquals(published(i).commitment(), mine.commitment(), "commitment of " + i);
      assertTrue(mine.proofVerifies());
      assertTrue(published(i).proofVerifies(), "the published proof of " + i);
      DkgRound1Package tampered = new DkgRound1Package(new Identifier(i),
          published(i).commitment(), published(i).proofCommitment(),
          published(i).proofResponse().add(Scalar.ONE));
      assertFalse(tampered.proofVerifies());
      parties.add(p);
    }
    for (DkgParticipant p : parties) {
      for (int i = 1; i <= n; i++) {
        if (i != p.identifier().value()) {
          p.receive(new Identifier(i), published(i)); // the published proofs, not our own
        }
      }
    }
    List<DkgShare> shares = new ArrayList<>();
    for (DkgParticipant p : parties) {
      for (DkgShare s : p.round2()) {
        assertArrayEquals(bytes(s.recipient().value() + ".received." + s.dealer().value()),
            s.value().encode(), "share " + s);
        shares.add(s);
      }
    }
    for (DkgShare s : shares) {
      parties.get(s.recipient().value() - 1).receive(s.dealer(), s);
    }
    for (DkgParticipant p : parties) {
      DkgEcho echo = p.echo();
      for (DkgParticipant q : parties) {
        q.receive(p.identifier(), echo); // its own echo is ignored
      }
    }
    for (DkgParticipant p : parties) {
      int i = p.identifier().value();
      DkgOutcome o = p.finish();
      assertTrue(o.succeeded(), "blamed " + o.blamed());
      KeyPackage k = o.key().orElseThrow();
      assertArrayEquals(bytes(i + ".verifying_share"), k.verifyingShare().encode());
      assertEquals(GroupElement.multiplyBase(k.signingShare()), k.verifyingShare());
      assertArrayEquals(bytes("verifying_key"), k.groupPublicKey().encode());
      for (int j = 1; j <= n; j++) {
        assertArrayEquals(bytes(j + ".verifying_share"),
            o.publicKeys().orElseThrow().verifyingShares().get(new Identifier(j)).encode());
      }
    }
  }
}
