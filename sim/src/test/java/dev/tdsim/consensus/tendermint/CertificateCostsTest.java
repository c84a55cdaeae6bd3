package dev.tdsim.consensus.tendermint;

import static dev.tdsim.consensus.tendermint.Harness.MS;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.tdsim.consensus.CertificateCosts;
import dev.tdsim.consensus.PointQuorum;
import dev.tdsim.consensus.NodeCosts;
import dev.tdsim.consensus.ProcessingTime;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * The commit certificate's costs ({@code consensus.certificate}) land where the protocol pays
 * them: a precommit's own sign and bytes at its sender, its verification at each receiver, the
 * combine on the next proposer's timeline before its proposal, the certificate's check at every
 * validator that validates the block, its bytes in the block. Times worked out by hand from 10 ms
 * links (see {@link ExactModelTimingTest} for the unit timeline).
 */
class CertificateCostsTest {

  private static NodeCosts costs(long checkNanos, CertificateCosts cert) {
    return new NodeCosts(0, 0, checkNanos, 0, 0, 0, 0, 64, cert);
  }

  private static CertificateCosts tbls(long sign, long verify, long combine, long check) {
    return new CertificateCosts("threshold-bls", sign, verify, 192, combine, check, 48, 48,
        PointQuorum.NONE);
  }

  private static Harness.Commit commitOf(Harness w, int validator, int height) {
    return w.commitsOf(height).stream().filter(c -> c.validator() == validator).findFirst()
        .orElseThrow();
  }

  @Test
  void precommitsAreSignedVerifiedAndSizedAsTheCertificatesParts() {
    // Prevotes cost nothing. Precommits: signed at 20 ms (4 ms: sent at 24), arrive at 34 and are
    // verified one a millisecond (35, 36, 37): the third of the quorum of 3 (own + 2) is in at 36.
    Harness w = new Harness(4);
    w.heights = 1;
    w.costs = costs(0, tbls(4 * MS, MS, 0, 0));
    w.run();
    for (int v = 0; v < 4; v++) {
      Harness.Commit c = commitOf(w, v, 1);
      assertEquals(36 * MS, c.atNanos(), "validator " + v);
      // own precommit 4 ms, three received precommits 1 ms each
      assertEquals(new ProcessingTime(0, 7 * MS, 0), c.costs(), "validator " + v);
    }
    List<Vote> votes = w.sent.stream().filter(m -> m instanceof Vote).map(m -> (Vote) m)
        .toList();
    assertTrue(votes.stream().anyMatch(x -> x.type() == Vote.Type.PREVOTE));
    for (Vote x : votes) {
      assertEquals(x.type() == Vote.Type.PRECOMMIT ? 192 : 64, x.signatureBytes(), x.toString());
    }
  }

  @Test
  void theNextProposerCombinesBeforeItProposesAndOnlyIt() {
    for (boolean large : new boolean[] {false, true}) {
      Harness plain = new Harness(4);
      plain.heights = 2;
      plain.costs = costs(3 * MS, tbls(0, 0, 0, 3 * MS));
      Harness combining = new Harness(4);
      combining.heights = 2;
      combining.costs = costs(3 * MS, tbls(0, 0, 5 * MS, 3 * MS));
      if (large) {
        plain.large();
        combining.large();
      }
      plain.run();
      combining.run();
      String model = large ? "large" : "exact";
      assertEquals(plain.firstCommitNanos(1), combining.firstCommitNanos(1),
          model + ": height 1 carries no certificate");
      assertEquals(plain.firstCommitNanos(2) + 5 * MS, combining.firstCommitNanos(2),
          model + ": height 2's proposer combines 5 ms before proposing");
      if (!large) {
        int p = combining.protocol.proposer(2, 0);
        for (int v = 0; v < 4; v++) {
          assertEquals(v == p ? 5 * MS : 0, commitOf(combining, v, 2).costs().signatureNanos(),
              "validator " + v);
          // the certificate's check before the prevote and before the precommit, everywhere
          assertEquals(6 * MS, commitOf(combining, v, 2).costs().validationNanos(),
              "validator " + v);
        }
      }
    }
  }

  @Test
  void theCertificateTravelsInTheBlockFromHeightTwoOn() {
    Harness w = new Harness(4);
    w.heights = 2;
    w.costs = costs(0, tbls(0, 0, 0, 0));
    w.run();
    for (int h = 1; h <= 2; h++) {
      int height = h;
      long bytes = w.sent.stream().filter(m -> m instanceof BlockPart b && b.height() == height)
          .mapToLong(m -> ((BlockPart) m).bytes()).sum();
      assertEquals(h == 1 ? 2048 : 2048 + 48, bytes, "height " + h);
    }
  }

  @Test
  void theVotesCertificateIsTheOldCosts() {
    NodeCosts old = new NodeCosts(2, 3, 300, 0, 0, 0, 0, 64);
    assertEquals(CertificateCosts.VOTES, old.certificate().scheme());
    assertEquals(2, old.precommitSignNanos());
    assertEquals(3, old.precommitVerifyNanos());
    assertEquals(64, old.precommitSignatureBytes());
    assertEquals(300, old.certificate().checkNanos());
    assertEquals(0, old.certificate().blockExtraBytes());
    assertTrue(!old.certificate().combines());
  }
}
