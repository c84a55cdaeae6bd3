package dev.tdsim.crypto.cert;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.tdsim.crypto.Workers;
import dev.tdsim.crypto.random.SeededDrbg;
import dev.tdsim.crypto.sig.VoteSignatureSchemes;
import dev.tdsim.crypto.tpke.Committee;
import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/** The same contract for every certificate scheme: round trip, blame, sizes, foreign messages. */
class CertificateSchemesTest {
  private static final Workers WORKERS = Workers.of(2);
  private static final Committee COMMITTEE = Committee.equal(64, 42, 8); // 8 points each
  private static final byte[] MESSAGE = "precommit h=3 r=0".getBytes(StandardCharsets.UTF_8);

  private static CommitteeCertifier certifier(String name) {
    return CertificateSchemes.byName(name).setUp(new CertificateSetup(COMMITTEE,
        VoteSignatureSchemes.byName("ed25519"), SeededDrbg.of(5, name, 0), WORKERS));
  }

  private static Map<Integer, byte[]> votes(CommitteeCertifier c, List<Integer> signers) {
    Map<Integer, byte[]> out = new TreeMap<>();
    for (int v : signers) {
      byte[] vote = c.sign(v, MESSAGE);
      assertEquals(c.voteBytes(v), vote.length);
      assertTrue(c.verifyVote(v, MESSAGE, vote));
      out.put(v, vote);
    }
    return out;
  }

  @ParameterizedTest
  @ValueSource(strings = {"votes", "bls-aggregate", "threshold-bls"})
  void aQuorumCertifiesTheMessageAndOnlyIt(String name) {
    CommitteeCertifier c = certifier(name);
    assertEquals(name, c.scheme());
    List<Integer> signers = List.of(0, 1, 2, 4, 5, 7); // 48 of 64 points, t = 42
    CertifyResult r = c.combine(MESSAGE, votes(c, signers));
    Certificate cert = r.certificate().orElseThrow();
    assertTrue(r.blamed().isEmpty());
    assertTrue(c.verify(MESSAGE, cert));
    assertFalse(c.verify("another".getBytes(StandardCharsets.UTF_8), cert));
    int expectedBytes = switch (name) {
      case "votes" -> 64 * signers.size() + 1;
      case "bls-aggregate" -> 96 + 1;
      default -> 48;
    };
    assertEquals(expectedBytes, cert.wireBytes());
    if (!name.equals("threshold-bls")) {
      assertEquals(signers, cert.signers());
      // Claiming one more signer than signed breaks it.
      Certificate inflated = new Certificate(name, cert.signature(), List.of(0, 1, 2, 3, 4, 5, 7),
          cert.wireBytes());
      assertFalse(c.verify(MESSAGE, inflated));
    } else {
      // The first t = 42 points: five full chunks and two points of validator 7.
      assertEquals(signers, cert.signers());
    }
  }

  @ParameterizedTest
  @ValueSource(strings = {"votes", "bls-aggregate", "threshold-bls"})
  void badAndMalformedVotesAreNamedAndLeftOut(String name) {
    CommitteeCertifier c = certifier(name);
    Map<Integer, byte[]> votes = votes(c, List.of(0, 1, 2, 3, 4, 5, 6, 7)); // 48 good points
    votes.put(1, c.sign(1, "something else".getBytes(StandardCharsets.UTF_8)));
    votes.put(3, new byte[] {1, 2, 3});
    assertFalse(c.verifyVote(1, MESSAGE, votes.get(1)));
    assertFalse(c.verifyVote(3, MESSAGE, votes.get(3)));
    CertifyResult r = c.combine(MESSAGE, votes);
    assertEquals(List.of(1, 3), r.blamed());
    Certificate cert = r.certificate().orElseThrow();
    assertTrue(c.verify(MESSAGE, cert));
    assertFalse(cert.signers().contains(1) || cert.signers().contains(3));
  }

  /**
   * bad-partial (issue 19, D): the framing error that steered blame by exclusion in the TPKE
   * variants, on threshold-BLS partials: validator 3 adds [p(x_k)] H1(m) to each of its points,
   * p(x) = x prod_{h in H} (x - h) with H the 40 = t - 2 points of 1, 2, 4, 5, 6, so without
   * validator 0 the points lie on a polynomial with the right value at 0. Each partial is checked
   * on its own against the public key shares: 3 is named, 0 is not, and the certificate is formed
   * from the honest partials.
   */
  @Test
  void aFramingErrorOnAPartialNamesOnlyItsSenderAndTheCertificateFormsFromTheOthers() {
    CommitteeCertifier c = certifier("threshold-bls");
    Map<Integer, byte[]> votes = votes(c, List.of(0, 1, 2, 3, 4, 5, 6));
    dev.tdsim.crypto.field.Domain domain = dev.tdsim.crypto.field.Domain.of(64);
    int[] h = COMMITTEE.pointsOf(List.of(1, 2, 4, 5, 6));
    assertEquals(COMMITTEE.threshold() - 2, h.length);
    dev.tdsim.crypto.curve.G1Point hashed = dev.tdsim.crypto.curve.G1Point.hashTo(MESSAGE,
        dev.tdsim.crypto.tbls.ThresholdBls.DST);
    dev.tdsim.crypto.tbls.PartialSignature honest =
        dev.tdsim.crypto.tbls.PartialSignature.decode(COMMITTEE, 3, votes.get(3));
    List<dev.tdsim.crypto.curve.G1Point> framed = new java.util.ArrayList<>();
    for (int k = 0; k < honest.points().size(); k++) {
      dev.tdsim.crypto.field.Fr x = domain.element(COMMITTEE.firstPointOf(3) + k);
      dev.tdsim.crypto.field.Fr p = x;
      for (int point : h) {
        p = p.mul(x.sub(domain.element(point)));
      }
      framed.add(honest.points().get(k).add(hashed.multiply(p)));
    }
    votes.put(3, new dev.tdsim.crypto.tbls.PartialSignature(3, framed).encodeUncompressed());
    assertFalse(c.verifyVote(3, MESSAGE, votes.get(3)));
    CertifyResult r = c.combine(MESSAGE, votes);
    assertEquals(List.of(3), r.blamed());
    Certificate cert = r.certificate().orElseThrow();
    assertTrue(c.verify(MESSAGE, cert));
    assertFalse(cert.signers().contains(3));
  }

  @Test
  void thresholdBlsNeedsItsThresholdOfPoints() {
    CommitteeCertifier c = certifier("threshold-bls");
    CertifyResult r = c.combine(MESSAGE, votes(c, List.of(0, 1, 2, 3, 4))); // 40 < 42 points
    assertTrue(r.certificate().isEmpty());
    assertTrue(r.blamed().isEmpty());
  }

  @ParameterizedTest
  @ValueSource(strings = {"votes", "bls-aggregate", "threshold-bls"})
  void pointsNeededSaysWhetherAStakeQuorumIsEnough(String name) {
    CommitteeCertifier c = certifier(name);
    int needed = c.pointsNeeded();
    assertEquals(name.equals("threshold-bls") ? 42 : 0, needed);
    // What it says holds: one point short of it no certificate, at it one.
    if (needed > 0) {
      Map<Integer, byte[]> votes = votes(c, List.of(0, 1, 2, 3, 4, 5)); // 48 points
      assertTrue(c.combine(MESSAGE, votes).certificate().isPresent());
      votes.remove(5); // 40 points
      assertTrue(c.combine(MESSAGE, votes).certificate().isEmpty());
    }
    assertEquals(name.equals("bls-aggregate") ? "bls" : "",
        c.partsSignedAs().orElse(""));
  }

  @Test
  void unknownNamesListTheKnownOnes() {
    IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
        () -> CertificateSchemes.byName("multisig"));
    assertEquals("unknown certificate scheme 'multisig'; known: votes, bls-aggregate, "
        + "threshold-bls", e.getMessage());
    assertEquals("threshold-bls", CertificateSchemes.byName(" Threshold-BLS ").name());
  }
}
