package dev.tdsim.pipeline;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/**
 * Key epochs ({@link DecryptionPipeline#keyEpochs}): a validator that commits a height before it
 * holds its epoch's key makes its shares only once it holds it; consensus is not held back, the
 * height's decision is its first commit, and the longest wait is recorded. Height 1 is proposed
 * by 1 and combined by 2 over 10 ms links.
 */
class KeyGateTest {
  private static final long MS = 1_000_000L;

  /** A gate under which {@code late} holds the key only from {@code keyAt} on. */
  private static final class ScriptedGate implements KeyGate {
    private final PipelineFixture f;
    private final int late;
    private final long keyAt;
    final List<long[]> firstCommits = new ArrayList<>();
    final List<Integer> asked = new ArrayList<>();

    ScriptedGate(PipelineFixture f, int late, long keyAt) {
      this.f = f;
      this.late = late;
      this.keyAt = keyAt;
    }

    @Override
    public boolean holdsOrWait(int validator, int height, Runnable action) {
      asked.add(validator);
      if (validator != late || f.sim.nowNanos() >= keyAt) {
        return true;
      }
      f.sim.schedule(keyAt, s -> action.run());
      return false;
    }

    @Override
    public void firstCommit(int height, long atNanos) {
      firstCommits.add(new long[] {height, atNanos});
    }
  }

  private static PipelineFixture withGate(ScriptedGate[] gate, int late, long keyAt) {
    PipelineFixture f = PipelineFixture.builder("simple").build();
    gate[0] = new ScriptedGate(f, late, keyAt);
    f.pipeline.keyEpochs(h -> f.crypto, gate[0]);
    return f;
  }

  @Test
  void theCombinerThatLacksTheKeyCombinesOnceItHoldsItAndTheWaitIsRecorded() {
    ScriptedGate[] gate = new ScriptedGate[1];
    PipelineFixture f = withGate(gate, 2, 500 * MS);
    f.propose(1, 0);
    f.commitAll(1, 10 * MS, 20 * MS, 30 * MS, 40 * MS);
    f.run();

    HeightRecord r = f.record(1);
    assertEquals(10 * MS, r.decidedNanos(), "decided by the first commit, not held back");
    assertEquals(500 * MS, r.commitNanos(), "the combiner joins once it holds the key");
    assertEquals(3, r.opened());
    assertEquals(0, f.pipeline.mismatches());
    assertEquals(Map.of(1, 470 * MS), f.pipeline.keyWaitNanos(),
        "the combiner's wait from its commit (30 ms) to the key (500 ms)");
    assertEquals(1, gate[0].firstCommits.size(), "the first commit only");
    assertEquals(List.of(1L, 10 * MS), List.of(gate[0].firstCommits.get(0)[0],
        gate[0].firstCommits.get(0)[1]));
    assertEquals(List.of(0, 1, 2, 3), gate[0].asked, "every commit asks the gate");
    // The combiner's share left when it held the key: after those of 0, 1 and 3.
    List<Integer> senders = f.net.shares().stream().map(PipelineFixture.Sent::from).toList();
    assertEquals(List.of(0, 1, 3), senders, "enough shares were in before it could combine");
    assertTrue(r.decryptionLatencyNanos() > 490 * MS, "waited for the key: " + r);
  }

  @Test
  void validatorsHoldingTheKeyShareAtTheirCommitAndNothingIsRecordedAsWaiting() {
    ScriptedGate[] gate = new ScriptedGate[1];
    PipelineFixture f = withGate(gate, 2, 0);
    f.propose(1, 0);
    f.commitAll(1, 10 * MS, 20 * MS, 30 * MS, 40 * MS);
    f.run();
    HeightRecord r = f.record(1);
    assertEquals(30 * MS, r.commitNanos());
    assertEquals(3, r.opened());
    assertTrue(f.pipeline.keyWaitNanos().isEmpty());
    assertEquals(1, gate[0].firstCommits.size());
  }

  @Test
  void theLongestWaitOfAHeightIsKept() {
    // Validator 0 (the first to commit, at 10 ms) and the combiner 2 both lack the key until
    // 300 ms: 0 waited 290 ms, 2 waited 270 ms.
    PipelineFixture f = PipelineFixture.builder("simple").build();
    KeyGate gate = new KeyGate() {
      @Override
      public boolean holdsOrWait(int validator, int height, Runnable action) {
        if ((validator == 0 || validator == 2) && f.sim.nowNanos() < 300 * MS) {
          f.sim.schedule(300 * MS, s -> action.run());
          return false;
        }
        return true;
      }

      @Override
      public void firstCommit(int height, long atNanos) {}
    };
    f.pipeline.keyEpochs(h -> f.crypto, gate);
    f.propose(1, 0);
    f.commitAll(1, 10 * MS, 20 * MS, 30 * MS, 40 * MS);
    f.run();
    assertEquals(Map.of(1, 290 * MS), f.pipeline.keyWaitNanos());
    assertEquals(10 * MS, f.record(1).decidedNanos());
  }

  /** Each height's real calls are its key epoch's crypto's (here another instance). */
  @Test
  void aHeightIsSealedAndDecryptedWithItsEpochsCrypto() {
    PipelineFixture f = PipelineFixture.builder("simple").build();
    RealCrypto epoch = RealCrypto.of(dev.tdsim.crypto.design.Designs.byName("simple"),
        PipelineFixture.keys(), 3, dev.tdsim.crypto.Workers.of(1));
    ScriptedGate gate = new ScriptedGate(f, 2, 0);
    f.pipeline.keyEpochs(h -> epoch, gate);
    long before = f.crypto.calls();
    f.propose(1, 0);
    f.commitAll(1, 10 * MS, 20 * MS, 30 * MS, 40 * MS);
    f.run();
    assertEquals(3, f.record(1).opened());
    assertTrue(epoch.calls() > 0, "the epoch's crypto ran the height");
    assertEquals(before, f.crypto.calls(), "the run's first crypto did not");
  }
}
