package dev.tdsim.consensus.tendermint;

import static dev.tdsim.consensus.tendermint.Harness.MS;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.tdsim.consensus.NodeCosts;
import dev.tdsim.consensus.ProcessingTime;
import java.util.List;
import java.util.function.Consumer;
import org.junit.jupiter.api.Test;

/**
 * The large-committee model against hand-computed times and against the exact model, on small
 * worlds where validators do not move in lock-step: per-link latencies (validator 3 far from the
 * others), proposers that may propose late or not at all, per-step timeout deltas, costs. Where
 * the large model's simplifications do not apply (no vote verification cost, no round skipping
 * needed), both models must give every validator the same commit times.
 */
class LargeModelTimingTest {
  /** The large model's links add a few ns of serialization per message. */
  private static final long SLACK_NANOS = 1_000;

  /** 10 ms between validators 0-2, {@code far} ms to and from validator 3. */
  private static long[][] farThird(long far) {
    long[][] ms = new long[4][4];
    for (int i = 0; i < 4; i++) {
      for (int j = 0; j < 4; j++) {
        ms[i][j] = i == j ? 0 : i == 3 || j == 3 ? far : 10;
      }
    }
    return ms;
  }

  private static Harness run(boolean large, Consumer<Harness> setup) {
    Harness w = new Harness(4);
    w.heights = 1;
    setup.accept(w);
    if (large) {
      w.large();
    }
    w.run();
    assertEquals(large ? "large-committee" : "exact", w.protocol.stats().mode());
    return w;
  }

  private static Harness.Commit commitOf(Harness w, int validator, int height) {
    return w.commitsOf(height).stream().filter(c -> c.validator() == validator).findFirst()
        .orElseThrow(() -> new AssertionError(validator + " did not commit " + height + ": "
            + w.commits));
  }

  /** Both models: validator v commits height h at expectedMs[h - 1][v], in round rounds[h - 1]. */
  private static void assertBoth(Consumer<Harness> setup, long[][] expectedMs, int[] rounds) {
    for (boolean large : new boolean[] {false, true}) {
      Harness w = run(large, setup);
      String model = large ? "large" : "exact";
      assertEquals(4 * expectedMs.length, w.commits.size(), model + ": " + w.commits);
      for (int h = 1; h <= expectedMs.length; h++) {
        for (int v = 0; v < 4; v++) {
          Harness.Commit c = commitOf(w, v, h);
          long expected = expectedMs[h - 1][v] * MS;
          assertTrue(Math.abs(c.atNanos() - expected) <= SLACK_NANOS, model + ", height " + h
              + ", validator " + v + ": expected " + expectedMs[h - 1][v] + " ms, got "
              + c.atNanos() / 1e6 + " ms");
          assertEquals(rounds[h - 1], c.round(), model + ", height " + h + ", validator " + v);
        }
      }
    }
  }

  @Test
  void aFarValidatorCommitsAtItsOwnTime() {
    // 3 is 40 ms from everyone: the proposal reaches it at 40, the others' prevotes (sent at 10)
    // at 50, their precommits (sent at 20) at 60.
    assertBoth(w -> w.links(farThird(40)), new long[][] {{30, 30, 30, 60}}, new int[] {0});
  }

  @Test
  void aLateProposalShiftsTheRound() {
    // the proposer may propose only 50 ms after it asks
    assertBoth(w -> {
      w.links(farThird(40));
      w.proposeAfterMs = (p, h) -> 50;
    }, new long[][] {{80, 80, 80, 110}}, new int[] {0});
  }

  @Test
  void aProposalAllowedAfterThePropose_timeoutLosesTheRound() {
    // Height 1's first proposer may propose only at 3.5 s, after its 3 s propose timeout: round
    // 0 fails as with a mute proposer. Validators 0-2: nil prevotes at 3000, +2/3 at 3010 (a nil
    // polka: nil precommits at once), +2/3 nil precommits at 3020, 1 s precommit timeout: round 1
    // at 4020, committed at 4050. Validator 3 (40 ms away) sees +2/3 nil prevotes at 3040 and
    // precommits nil then; the others' precommits (3010) reach it at 3050: round 1 at 4050;
    // round 1's proposal reaches it at 4060, the others' precommits (sent 4040) at 4080.
    int p0 = new Harness(4).build().proposer(1, 0);
    assertBoth(w -> {
      w.links(farThird(40));
      w.proposeAfterMs = (p, h) -> p == p0 && h == 1 ? 3500 : 0;
    }, new long[][] {{4050, 4050, 4050, 4080}}, new int[] {1});
  }

  @Test
  void eachStepsTimeoutGrowsByItsOwnDeltaCountedFromEachValidatorsOwnQuorum() {
    // The first two proposers of height 1 are mute. Timeouts: propose 100 ms + 1000 per round,
    // prevote 50 + 7, precommit 50 + 3. Validator 3 is 100 ms from everyone.
    // Every +2/3 nil prevotes (a nil polka) precommits nil at once: no prevote timeout runs.
    // 0-2, round 0: nil prevotes at 100, +2/3 at 110, precommits then, +2/3 at 120, +50: round 1
    //   at 170; round 1: nil prevotes at 1270, +2/3 at 1280, precommits then, +2/3 at 1290,
    //   +53: round 2 at 1343, whose proposer's block commits at 1373.
    // 3, round 0: own prevote at 100, the others' at 200: precommit; the others' precommits
    //   (110) at 210, +50: round 1 at 260; round 1: own nil prevote at 1360, the others' (1270)
    //   at 1370: precommit; theirs (1280) at 1380, +53: round 2 at 1433; the proposal (1343) at
    //   1443, the others' precommits (1363) at 1463.
    TendermintSettings s = new TendermintSettings(100 * MS, 1000 * MS, 50 * MS, 7 * MS, 50 * MS,
        3 * MS, 0, false, 65536, 0, dev.tdsim.consensus.tendermint.SimulationMode.EXACT, 1000);
    Harness probe = new Harness(4);
    probe.settings = s;
    probe.build();
    int p0 = probe.protocol.proposer(1, 0);
    int p1 = probe.protocol.proposer(1, 1);
    assertTrue(probe.protocol.proposer(1, 2) != 3);
    assertBoth(w -> {
      w.settings = s;
      w.links(farThird(100));
      w.proposeAfterMs = (p, h) -> p == p0 || p == p1 ? -1 : 0;
    }, new long[][] {{1373, 1373, 1373, 1463}}, new int[] {2});
    for (boolean large : new boolean[] {false, true}) {
      Harness w = run(large, x -> {
        x.settings = s;
        x.links(farThird(100));
        x.proposeAfterMs = (p, h) -> p == p0 || p == p1 ? -1 : 0;
      });
      assertEquals(2, w.protocol.stats().maxRound());
      assertEquals(2, w.protocol.stats().extraRounds());
    }
  }

  @Test
  void skipTimeoutCommitStartsEachValidatorWhenItHoldsEveryPrecommit() {
    // 3 is 100 ms away. Height 1: 0-2 commit at 30, 3 at 120; 3's precommit (sent 110) reaches
    // the others at 210, when they start height 2; 3 holds all four at 120. Height 2's proposer
    // (1) proposes at 210: 0-2 commit at 240; 3 gets the proposal at 310, prevotes (the others'
    // at 310-320) and the others' precommits (230) at 330.
    assertBoth(w -> {
      w.heights = 2;
      w.settings = Harness.with(TendermintSettings.cometBftDefaults(), 1000 * MS, true, 65536);
      w.links(farThird(100));
    }, new long[][] {{30, 30, 30, 120}, {240, 240, 240, 330}}, new int[] {0, 0});
    // without skip: 0-2 start height 2 at 30 + 1000, 3 at 120 + 1000; height 2's precommits
    // (sent at 1050) reach 3 at 1150, after it started height 2
    assertBoth(w -> {
      w.heights = 2;
      w.settings = Harness.with(TendermintSettings.cometBftDefaults(), 1000 * MS, false, 65536);
      w.links(farThird(100));
    }, new long[][] {{30, 30, 30, 120}, {1060, 1060, 1060, 1150}}, new int[] {0, 0});
  }

  @Test
  void finalizingOverlapsTheCommitPauseInBothModels() {
    // See ExactModelTimingTest: 3 ms of ValidateBlock before every vote and 16 ms to finalize.
    long[] pauses = {0, 10, 30};
    long[] start = {16, 16, 30};
    for (int i = 0; i < pauses.length; i++) {
      long pause = pauses[i];
      long h2 = 36 + start[i] + 36;
      assertBoth(w -> {
        w.heights = 2;
        w.settings = Harness.with(TendermintSettings.cometBftDefaults(), pause * MS, false, 65536);
        w.costs = new NodeCosts(0, 0, 3 * MS, 0, 0, 6 * MS, 7 * MS, 64);
      }, new long[][] {{36, 36, 36, 36}, {h2, h2, h2, h2}}, new int[] {0, 0});
    }
  }

  @Test
  void costsAreChargedAsInTheExactModel() {
    // signing 1 ms, syncs 2 ms per signed message and 5 ms per own block part (4 parts),
    // ValidateBlock 3 ms, ciphertext checks 7 ms (not the proposer's own block), no verification
    // cost: proposer at 1 + 2 + 20 = 23 sends; the others validate 10 ms from 33 and prevote at
    // 46, the proposer at 23 + 3 + 3 = 29; prevote quorums at 56, precommits at 56 + 3 + 3 = 62,
    // commits at 72.
    Consumer<Harness> setup = w -> {
      w.blockBytes = 200_000;
      w.validationNanos = 7 * MS;
      w.costs = new NodeCosts(1 * MS, 0, 3 * MS, 2 * MS, 5 * MS, 0, 0, 64);
    };
    assertBoth(setup, new long[][] {{72, 72, 72, 72}}, new int[] {0});
    for (boolean large : new boolean[] {false, true}) {
      Harness w = run(large, setup);
      int p = w.protocol.proposer(1, 0);
      for (int v = 0; v < 4; v++) {
        // proposer: sign 3 x 1, syncs 3 x 2 + 4 x 5, validation 3 + 3; others: 2 x 1, 2 x 2,
        // 3 + 7 + 3
        ProcessingTime expected = v == p ? new ProcessingTime(6 * MS, 3 * MS, 26 * MS)
            : new ProcessingTime(13 * MS, 2 * MS, 4 * MS);
        assertEquals(expected, commitOf(w, v, 1).costs(),
            (large ? "large" : "exact") + ", validator " + v);
      }
    }
  }

  @Test
  void theNextProposerListsThePrecommitsThatFormedItsQuorumInArrivalOrder() {
    // Height 2's proposer (1) combines height 1. Precommits reach 1 from 2 after 5 ms, from 0
    // after 8 and from 3 after 30: its quorum is its own, 2's and 0's.
    long[][] ms = farThird(10);
    ms[2][1] = 5;
    ms[0][1] = 8;
    ms[3][1] = 30;
    for (boolean large : new boolean[] {false, true}) {
      Harness w = run(large, x -> {
        x.heights = 2;
        x.links(ms);
      });
      assertEquals(1, w.protocol.proposer(2, 0));
      assertEquals(List.of(1, 2, 0), commitOf(w, 1, 1).signers(), large ? "large" : "exact");
    }
  }

  @Test
  void messagesAndNotes() {
    Harness exact = run(false, w -> { });
    Harness large = run(true, w -> { });
    // a proposal, one part, 4 prevotes and 4 precommits, each to 4 validators
    assertEquals(40, exact.protocol.stats().messages());
    assertEquals(40, large.protocol.stats().messages());
    List<String> notes = large.protocol.stats().notes();
    assertEquals(2, notes.size());
    assertTrue(notes.get(0).startsWith("4 validators: consensus votes computed in aggregate"),
        notes.get(0));
    assertTrue(notes.get(0).contains("instead of 32 vote messages per round"), notes.get(0));
    Harness muted = run(true, w -> {
      int p0 = new Harness(4).build().proposer(1, 0);
      w.proposeAfterMs = (p, h) -> p == p0 ? -1 : 0;
    });
    assertEquals(3, muted.protocol.stats().notes().size());
    assertEquals("1 round(s) had no proposal before the proposer's propose timeout",
        muted.protocol.stats().notes().get(2));
  }

  /** 10 ms between all validators but {@code far}, which is {@code ms} from everyone. */
  private static long[][] farOne(int validators, int far, long ms) {
    long[][] m = new long[validators][validators];
    for (int i = 0; i < validators; i++) {
      for (int j = 0; j < validators; j++) {
        m[i][j] = i == j ? 0 : i == far || j == far ? ms : 10;
      }
    }
    return m;
  }

  @Test
  void heightOneStartsWhenTheProtocolIsStarted() {
    assertBoth(w -> w.startMs = 1000, new long[][] {{1030, 1030, 1030, 1030}}, new int[] {0});
  }

  @Test
  void aFarProposerThatProposesWithinItsOwnTimeoutIsNotMuted() {
    // As eachStepsTimeout...: round 0's proposer (0) is mute, but now validator 1 is the far one
    // (100 ms) and round 1's proposer: it enters round 1 at 260 (the others at 170) and may
    // propose 1050 ms later, at 1310, before its own propose timeout (260 + 1100) though after
    // the others' (1270). Its proposal comes too late for the others, so round 2 decides, as
    // before (0, 2, 3 at 1373; 1, 100 ms away, at 1463); but the round had a proposal: only
    // round 0 counts as muted.
    TendermintSettings s = new TendermintSettings(100 * MS, 1000 * MS, 50 * MS, 7 * MS, 50 * MS,
        3 * MS, 0, false, 65536, 0, dev.tdsim.consensus.tendermint.SimulationMode.EXACT, 1000);
    Consumer<Harness> setup = w -> {
      w.settings = s;
      w.links(farOne(4, 1, 100));
      w.proposeAfterMs = (p, h) -> p == 0 ? -1 : p == 1 ? 1050 : 0;
    };
    Harness probe = new Harness(4);
    probe.settings = s;
    probe.build();
    assertEquals(List.of(0, 1, 2), List.of(probe.protocol.proposer(1, 0),
        probe.protocol.proposer(1, 1), probe.protocol.proposer(1, 2)));
    assertBoth(setup, new long[][] {{1373, 1463, 1373, 1373}}, new int[] {2});
    Harness large = run(true, setup);
    assertEquals("1 round(s) had no proposal before the proposer's propose timeout",
        large.protocol.stats().notes().get(2));
  }

  @Test
  void aBlockSlowerThanItsVotesIsNotRepairedInTheLargeModel() {
    // 7 validators (quorum 5); the proposer's link to validator 6 takes 1500 ms, all others 10.
    // Validator 6 sees +2/3 block prevotes (1-5) at 20 ms and +2/3 block precommits at 30 ms
    // without the block, still in the propose step (it votes only once its proposal is complete
    // or its 3 s timeout comes). The exact model repairs the block from a voter (it commits at 30
    // with everyone); the large model does not repair lost or slow parts, so 6 commits when the
    // block arrives, at 1500 ms, in round 0 (before 2026-12-03 it precommitted nil at 20 and its
    // precommit timeout took it to round 1 meanwhile).
    long[][] ms = farOne(7, -1, 0);
    ms[0][6] = 1500;
    for (boolean large : new boolean[] {false, true}) {
      Harness w = new Harness(7);
      w.heights = 1;
      w.links(ms);
      if (large) {
        w.large();
      }
      w.run();
      assertEquals(7, w.commits.size());
      for (int v = 0; v < 7; v++) {
        Harness.Commit c = commitOf(w, v, 1);
        long expected = large && v == 6 ? 1500 * MS : 30 * MS;
        assertTrue(Math.abs(c.atNanos() - expected) <= SLACK_NANOS,
            (large ? "large" : "exact") + ", validator " + v + ": " + c.atNanos() / 1e6);
        assertEquals(0, c.round());
      }
      assertEquals(0, w.protocol.stats().maxRound(), large ? "large" : "exact");
      assertEquals(0, w.protocol.stats().extraRounds());
    }
  }

  @Test
  void messageSizesCountOnTheSendersLinks() {
    // 1 ns per byte on every link: the proposal (200 B) and its one part (2048 + 200 B) reach
    // the others 2248 ns after the 10 ms, then each vote step adds 100 B of vote body plus the
    // signature: commits at 30 ms + 2248 + 2 x 164 ns with 64-byte signatures, + 2 x 196 with 96.
    for (long signature : new long[] {64, 96}) {
      Harness w = new Harness(4);
      w.heights = 1;
      w.uplinkBitsPerSecond = 8_000_000_000L;
      w.costs = new NodeCosts(0, 0, 0, 0, 0, 0, 0, signature);
      w.large();
      w.run();
      for (Harness.Commit c : w.commits) {
        assertEquals(30 * MS + 2248 + 2 * (100 + signature), c.atNanos(),
            "signature " + signature + " B, validator " + c.validator());
      }
    }
  }

  @Test
  void signatureChecksQueueInArrivalOrderInTheLargeModel() {
    // 2 ms per received signature, verified in arrival order after the proposal's check. The
    // prevotes a validator has not verified when it precommits stay in its queue ahead of the
    // precommits (here they are done before the first precommit arrives). The exact model
    // commits at 42 and 52 ms: there a validator's own vote waits behind the messages that
    // arrived before it, while the large model signs its vote when its quorum stands.
    // 4 validators: a non-proposer checks the proposal (10-12) and prevotes at 12; the
    // proposer's prevote (10) is checked 12-14, the others' (22) 22-26: quorum (own + 2) at 24,
    // precommit at 24; precommits arrive at 34 (the proposer's, sent at 26, at 36): quorum at
    // 38. 7 validators (quorum 5): prevote quorum at 28 (the proposer's at 30), precommits
    // arrive at 38 and 40, quorum at 46.
    long[] expectedMs = {38, 46};
    int[] sizes = {4, 7};
    for (int k = 0; k < 2; k++) {
      int n = sizes[k];
      Harness w = new Harness(n);
      w.heights = 1;
      w.costs = new NodeCosts(0, 2 * MS, 0, 0, 0, 0, 0, 64);
      w.large();
      w.run();
      int p = w.protocol.proposer(1, 0);
      int quorum = n * 2 / 3 + 1;
      for (Harness.Commit c : w.commits) {
        assertTrue(Math.abs(c.atNanos() - expectedMs[k] * MS) <= SLACK_NANOS,
            n + " validators, validator " + c.validator() + ": " + c.atNanos() / 1e6);
        // the proposal (not one's own), all V-1 other prevotes, and the precommits checked
        // until the quorum stood
        long checks = (c.validator() == p ? 0 : 1) + (n - 1) + (quorum - 1);
        assertEquals(checks * 2 * MS, c.costs().signatureNanos(),
            n + " validators, validator " + c.validator());
      }
    }
  }

  @Test
  void theProposalsCheckAndTheLeftoverPrevotesHoldTheQueueInTheLargeModel() {
    // 2 ms per received signature; validator 0 proposes at 0 and is 10 ms from everyone, the
    // other three 1 ms from each other. A non-proposer gets the proposal and 0's prevote at 10:
    // it checks the proposal 10-12, then 0's prevote 12-14 (not 10-12 beside the proposal's
    // check), prevotes at 12; the other two prevotes arrive at 13: 14-16, 16-18, so its quorum
    // (own, 0's, one more) stands at 16 and it precommits at 16. The prevote still queued
    // (16-18) comes before the two precommits arriving at 17: 18-20, 20-22, so its quorum (own
    // and those two; 0's comes at 36) and its commit stand at 22. With each step in a queue of
    // its own it was 20 (prevote quorum 15, precommits 16-18, 18-20); with the prevotes carried
    // over but the proposal's check beside them, 21.
    long[][] ms = {{0, 10, 10, 10}, {10, 0, 1, 1}, {10, 1, 0, 1}, {10, 1, 1, 0}};
    Harness w = run(true, x -> {
      x.links(ms);
      x.costs = new NodeCosts(0, 2 * MS, 0, 0, 0, 0, 0, 64);
    });
    assertEquals(0, w.protocol.proposer(1, 0));
    for (int v = 1; v < 4; v++) {
      Harness.Commit c = commitOf(w, v, 1);
      assertTrue(Math.abs(c.atNanos() - 22 * MS) <= SLACK_NANOS,
          "validator " + v + ": " + c.atNanos() / 1e6 + " ms");
    }
  }
}

