package dev.tdsim.pipeline;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;

import dev.tdsim.consensus.ProcessingTime;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * Heights whose plaintexts were never ready when the run ended ({@link
 * DecryptionPipeline#notDecrypted}): each keeps a row with its consensus fields, no decryption,
 * and why. Height 1 decrypts late (its combiner, 2, commits at 900 ms); height 2 is proposed
 * when height 1 is ready (before-next) and committed by validator 0 only, so its combiner (3)
 * never combines; height 3 (priced by the cost model) is proposed and never committed.
 */
class HeightOutcomesTest {
  private static final long MS = 1_000_000L;
  private static final List<Integer> ALL = List.of(0, 1, 2, 3);

  @Test
  void committedAndProposedHeightsThatNeverDecryptedKeepTheirConsensusFieldsAndWhy() {
    PipelineFixture f = PipelineFixture.builder("simple").realCryptoAt(h -> h != 3).build();
    f.propose(1, 0);
    f.commitAll(1, 10 * MS, 10 * MS, 900 * MS, 10 * MS);
    f.sim.schedule(500 * MS, s -> f.pipeline.whenMayPropose(2, 2,
        () -> f.pipeline.blockFor(2, 0, 2)));
    f.commit(0, 2, 1, 2000 * MS, ALL, new ProcessingTime(1, 2, 3));
    f.propose(3, 3000 * MS);
    f.run();

    HeightRecord one = f.record(1);
    long ready1 = one.decidedNanos() + one.decryptionLatencyNanos();
    assertEquals(1, f.pipeline.decryptedHeights());
    assertNull(f.pipeline.record(2), "not decrypted");
    List<HeightRecord> open = f.pipeline.notDecrypted("the run ended");
    assertEquals(List.of(2, 3), open.stream().map(HeightRecord::height).toList());

    HeightRecord two = open.get(0);
    assertEquals(new HeightRecord(2, 1, 3, one.blockBytes(), -1, ready1, 2000 * MS, -1,
        2000 * MS - ready1, 1, 2, 3, 0, 0, 0, 0, 0, 0, ready1 - 500 * MS, 0, 0, true, List.of(),
        0, 0, 0, 0, "", 0, 0, List.of(), HeightStatus.NOT_DECRYPTED, 3, 0,
        "committed, its plaintexts never ready: the run ended"), two);

    HeightRecord three = open.get(1);
    assertEquals(new HeightRecord(3, -1, 3, one.blockBytes(), -1, 3000 * MS, -1, -1, 0, 0, 0, 0,
        0, 0, 0, 0, 0, 0, 0, 0, 0, false, List.of(), 0, 0, 0, 0, "", 0, 0, List.of(),
        HeightStatus.NOT_COMMITTED, 0, 0, "proposed, never committed: the run ended"), three);
  }

  @Test
  void aRunWhoseHeightsAllDecryptedHasNoneLeft() {
    PipelineFixture f = PipelineFixture.builder("simple").realCryptoAt(h -> false).build();
    f.propose(1, 0);
    f.commitAll(1, 10 * MS, 10 * MS, 10 * MS, 10 * MS);
    f.run();
    assertEquals(List.of(), f.pipeline.notDecrypted("the run ended"));
  }

  /** The fixture's run has 10 heights: its last counts, a block made beyond it does not. */
  @Test
  void theRunsLastHeightIsReportedAndNothingBeyondIt() {
    PipelineFixture f = PipelineFixture.builder("simple").realCryptoAt(h -> false).build();
    f.propose(10, 0);
    f.propose(11, 0);
    f.run();
    assertEquals(List.of(10), f.pipeline.notDecrypted("the run ended").stream()
        .map(HeightRecord::height).toList());
  }
}
