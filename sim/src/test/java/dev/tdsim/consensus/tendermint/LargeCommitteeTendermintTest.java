package dev.tdsim.consensus.tendermint;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.tdsim.consensus.Block;
import dev.tdsim.consensus.BlockSource;
import dev.tdsim.consensus.ConsensusProtocol;
import dev.tdsim.consensus.NodeCosts;
import dev.tdsim.consensus.ProtocolContext;
import dev.tdsim.consensus.Protocols;
import dev.tdsim.consensus.Transport;
import dev.tdsim.engine.Simulation;
import dev.tdsim.network.DirectDissemination;
import dev.tdsim.network.NetworkModel;
import dev.tdsim.network.NoJitter;
import dev.tdsim.network.UniformLatency;
import dev.tdsim.network.UplinkSharing;
import dev.tdsim.pipeline.HeightRecord;
import dev.tdsim.random.RandomStreams;
import dev.tdsim.runner.ScenarioRunner;
import dev.tdsim.scenario.ScenarioLoader;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Collections;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * The large-committee model follows the exact model's rounds and timeouts: the same timings as
 * {@link TendermintProtocolTest} on a world where both are exact, and extra rounds when the
 * timeouts are too short for the network at 520 validators.
 */
class LargeCommitteeTendermintTest {
  private static final long MS = 1_000_000L;
  /** Below a microsecond: the world's links add 1 ns of serialization per message. */
  private static final long SLACK_NANOS = 1_000;

  /** One commit of one validator. */
  private record Commit(int validator, int height, int round, long atNanos) {}

  /** V validators 10 ms apart, no jitter, no bandwidth limit, no costs; one proposer may be mute. */
  private static final class World {
    final Simulation sim = new Simulation();
    final int validators;
    TendermintSettings settings = Harness.noPause(TendermintSettings.cometBftDefaults());
    int heights = 1;
    int muteProposer = -1;
    final List<Commit> commits = new ArrayList<>();
    ConsensusProtocol protocol;

    World(int validators) {
      this.validators = validators;
    }

    ConsensusProtocol build() {
      TendermintSettings s = settings;
      TendermintSettings large = new TendermintSettings(s.timeoutProposeNanos(),
          s.timeoutProposeDeltaNanos(), s.timeoutPrevoteNanos(), s.timeoutPrevoteDeltaNanos(),
          s.timeoutPrecommitNanos(), s.timeoutPrecommitDeltaNanos(), s.timeoutCommitNanos(),
          s.skipTimeoutCommit(), s.blockPartSizeBytes(), 0, dev.tdsim.consensus.tendermint.SimulationMode.LARGE, 1);
      NetworkModel network = new NetworkModel(new UniformLatency(10 * MS), new NoJitter(),
          1_000_000_000_000_000L, UplinkSharing.PER_LINK, Collections.nCopies(validators, "dc"));
      BlockSource blocks = new BlockSource() {
        @Override
        public Block blockFor(int height, int round, int proposer) {
          return new Block(height, 1, 2048);
        }

        @Override
        public void whenMayPropose(int proposer, int height, Runnable propose) {
          if (proposer != muteProposer) {
            propose.run();
          }
        }

        @Override
        public long validationNanos(int height, int validator) {
          return 0;
        }
      };
      Transport unused = new Transport() {
        @Override
        public void broadcast(int sender, dev.tdsim.consensus.Message m, Receiver r) {
          throw new AssertionError("the large-committee model sends no message events");
        }

        @Override
        public void send(int sender, int to, dev.tdsim.consensus.Message m, Receiver r) {
          throw new AssertionError("the large-committee model sends no message events");
        }
      };
      long[] stake = new long[validators];
      Arrays.fill(stake, 1);
      protocol = Protocols.create(Tendermint.NAME, new ProtocolContext(sim, stake, heights, large,
          NodeCosts.FREE, blocks, unused,
          (v, h, r, at, signers, c) -> commits.add(new Commit(v, h, r, at)),
          new DirectDissemination(network), new RandomStreams(1)));
      return protocol;
    }

    World run() {
      build().start(0);
      sim.run();
      return this;
    }

    long firstCommitNanos(int height) {
      return commits.stream().filter(c -> c.height() == height).mapToLong(Commit::atNanos).min()
          .orElseThrow();
    }
  }

  private static void assertNear(long expectedNanos, long actualNanos, String what) {
    assertTrue(Math.abs(expectedNanos - actualNanos) <= SLACK_NANOS,
        what + ": expected " + expectedNanos / 1e6 + " ms, got " + actualNanos / 1e6 + " ms");
  }

  @Test
  void happyPathCommitsAfterThreeMessageDelaysAsTheExactModel() {
    for (int v : new int[] {4, 520}) {
      World w = new World(v).run();
      assertEquals("large-committee", w.protocol.stats().mode());
      assertEquals(v, w.commits.size(), "every validator commits");
      for (Commit c : w.commits) {
        assertNear(30 * MS, c.atNanos(), v + " validators, validator " + c.validator());
        assertEquals(0, c.round());
      }
      assertEquals(0, w.protocol.stats().maxRound());
    }
  }

  @Test
  void aMuteProposerCostsTheProposeTimeoutAndARound() {
    for (int v : new int[] {4, 520}) {
      World w = new World(v);
      w.muteProposer = new World(v).build().proposer(1, 0);
      w.run();
      // As TendermintProtocolTest: 3 s propose timeout, nil prevotes (10 ms): a nil polka, so
      // nil precommits at once (10 ms), 1 s precommit timeout; round 1's block commits 30 ms on.
      assertEquals(1, w.protocol.stats().maxRound(), v + " validators");
      assertEquals(1, w.protocol.stats().extraRounds());
      assertTrue(w.commits.stream().allMatch(c -> c.round() == 1));
      assertEquals(v, w.commits.size());
      long round1 = (3000 + 10 + 10 + 1000) * MS;
      assertNear(round1 + 30 * MS, w.firstCommitNanos(1), v + " validators");
      assertTrue(w.protocol.stats().notes().stream().anyMatch(n -> n.contains("no proposal")));
    }
  }

  @Test
  void timeoutCommitPausesBeforeTheNextHeight() {
    World w = new World(4);
    w.heights = 2;
    w.settings = Harness.with(TendermintSettings.cometBftDefaults(), 1000 * MS, false, 65536);
    w.run();
    // every validator committed height 1 at 30 ms; height 2 starts 1 s later
    assertNear(30 * MS + 1000 * MS + 30 * MS, w.firstCommitNanos(2), "height 2");
    World skip = new World(4);
    skip.heights = 2;
    skip.settings = Harness.with(TendermintSettings.cometBftDefaults(), 1000 * MS, true, 65536);
    skip.run();
    // all precommits are in at 30 ms: skip_timeout_commit starts height 2 at once
    assertNear(30 * MS + 30 * MS, skip.firstCommitNanos(2), "height 2 with skip");
  }

  private static final String WIDE = String.join("\n",
      "name: wide-timeouts", "seed: 11", "heights: 2", "validators: {count: 520}",
      "keys: {shares: 1024}", "workload: {msgs_per_block: 2, msg_size: 100 B}",
      "consensus: {simulation: large}",
      "crypto: {variant: folded, timing: model, sample_heights: 1}", "");

  private static ScenarioRunner.Result wide(String... overrides) throws Exception {
    return new ScenarioRunner(line -> { })
        .run(ScenarioLoader.parse(WIDE, "wide.yaml", List.of(overrides)));
  }

  @Test
  void shortTimeoutsCauseExtraRoundsAt520Validators() throws Exception {
    // On the regions matrix a proposal takes 100+ ms to reach most validators: a 50 ms propose
    // timeout makes them prevote nil; round 1's timeout (50 + 500 ms delta) is long enough.
    ScenarioRunner.Result shortTimeouts = wide("consensus.timeout_propose=50 ms");
    ScenarioRunner.Result defaults = wide("consensus.timeout_propose=3 s");
    assertEquals("large-committee", shortTimeouts.consensusMode());
    assertTrue(shortTimeouts.maxRound() >= 1, "max round " + shortTimeouts.maxRound());
    assertTrue(shortTimeouts.consensus().extraRounds() >= 1);
    assertEquals(0, defaults.maxRound());
    assertEquals(0, defaults.consensus().extraRounds());
    assertEquals(2, shortTimeouts.heights().size());
    assertEquals(0, shortTimeouts.mismatches());
    // the failed round costs its timeouts: at least 50 ms + 1 s precommit more (its nil polka
    // precommits nil at once, without the prevote timeout)
    long slow = shortTimeouts.heights().get(0).consensusNanos();
    long fast = defaults.heights().get(0).consensusNanos();
    assertTrue(slow > fast + 1000 * MS, slow / 1e6 + " ms vs " + fast / 1e6 + " ms");
    assertNotEquals(shortTimeouts.heights(), defaults.heights());
    for (HeightRecord h : shortTimeouts.heights()) {
      assertTrue(h.round() >= 1, "height " + h.height() + " decided in round " + h.round());
    }
  }
}
