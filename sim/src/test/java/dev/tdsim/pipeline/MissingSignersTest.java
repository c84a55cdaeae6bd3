package dev.tdsim.pipeline;

import static org.junit.jupiter.api.Assertions.assertEquals;

import dev.tdsim.faults.FaultKinds;
import dev.tdsim.faults.FaultPlan;
import dev.tdsim.faults.FaultSpec;
import dev.tdsim.faults.FaultTarget;
import dev.tdsim.faults.FaultWindow;
import dev.tdsim.pipeline.PipelineFixture.Sent;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/**
 * A design that folds the signer set ({@code folded}) when signers go missing: validators 0 and
 * 1 are crashed until {@code until}. Height 1's combiner, 2, commits at 20 ms on precommits of
 * 1, 2 and 3 and announces that set; 1 sends nothing, so after the 100 ms share timeout the
 * combiner reshares for {0, 2, 3}; 0 sends nothing either, and with only 2 and 3 left (4 of the 6
 * points) the combiner waits for a missing signer to come back rather than give up.
 */
class MissingSignersTest {
  private static final long MS = 1_000_000L;
  private static final List<Integer> SIGNERS = List.of(1, 2, 3);

  private static FaultSpec crash(List<Integer> validators, long fromNanos, long untilNanos) {
    return new FaultSpec(FaultKinds.CRASH, new FaultTarget.Validators(validators),
        new FaultWindow(fromNanos, untilNanos, 1, FaultWindow.NO_LAST_HEIGHT), Map.of());
  }

  private static PipelineFixture crashedUntil(long untilNanos, FaultSpec... others) {
    List<FaultSpec> specs = new java.util.ArrayList<>(List.of(others));
    specs.add(0, crash(List.of(0, 1), 0, untilNanos));
    FaultPlan plan = FaultPlan.resolve(specs,
        dev.tdsim.faults.Committee.equal(PipelineFixture.VALIDATORS));
    PipelineFixture f = PipelineFixture.builder("folded").faults(plan).shareTimeout(100 * MS)
        .build();
    f.propose(1, 0);
    f.commit(3, 1, 0, 10 * MS, SIGNERS);
    f.commit(2, 1, 0, 20 * MS, SIGNERS);
    return f;
  }

  private static List<Long> bytes(List<Sent> messages) {
    return messages.stream().map(Sent::bytes).toList();
  }

  @Test
  void theCombinerAnnouncesAgainWhenTheMissingAreBackAndDecryptsWithThem() {
    PipelineFixture f = crashedUntil(500 * MS);
    // both commit once back, and share within the 100 ms share timeout of the new set
    f.commit(0, 1, 0, 520 * MS, SIGNERS);
    f.commit(1, 1, 0, 530 * MS, SIGNERS);
    f.run();
    HeightRecord r = f.record(1);
    assertEquals(2, r.combiner());
    assertEquals(3, r.opened());
    assertEquals(0, f.pipeline.mismatches());
    assertEquals(List.of(), r.faulty());
    assertEquals(List.of(), r.missing(), "announced again to the missing, which then shared");
    assertEquals(2, r.reshares());
    List<Sent> announced = f.net.broadcasts();
    assertEquals(List.of(2, 2, 2, 2), announced.stream().map(Sent::from).toList());
    assertEquals(20 * MS, announced.get(0).atNanos());
    assertEquals(500 * MS, announced.get(2).atNanos(), "when the crash ends");
    // 3 signers; a reshare also lists the 3 ciphertexts still to open
    assertEquals(List.of(64L + 12, 64L + 12 + 12, 64L + 12 + 12), bytes(announced.subList(0, 3)));
    // the set announced at 500 ms is {0, 1, 2}: 3 is not asked again
    List<Integer> lastShares = f.net.shares().stream().filter(s -> s.atNanos() > 500 * MS)
        .map(Sent::from).toList();
    assertEquals(List.of(2, 0, 1), lastShares);
  }

  @Test
  void aMissingSignerThatCommitsWhileTheCombinerWaitsIsAskedAtOnce() {
    PipelineFixture f = crashedUntil(5000 * MS);
    f.commit(0, 1, 0, 1000 * MS, SIGNERS); // the combiner waits since about 300 ms
    f.run();
    HeightRecord r = f.record(1);
    assertEquals(3, r.opened());
    assertEquals(0, f.pipeline.mismatches());
    List<Sent> announced = f.net.broadcasts();
    assertEquals(1000 * MS, announced.get(2).atNanos(), "at 0's commit");
    // {0, 1, 2} asked at 1 s; 1 stays missing: {0, 2, 3} after the timeout
    assertEquals(List.of(1), r.missing());
    assertEquals(List.of(), r.faulty());
    assertEquals(3, r.reshares());
    assertEquals(5, announced.size(), "four signer sets, then the plaintexts");
  }

  @Test
  void withNoChangeAheadTheHeightStaysUndecrypted() {
    PipelineFixture f = crashedUntil(FaultWindow.FOREVER_NANOS);
    f.run();
    assertEquals(0, f.pipeline.decryptedHeights());
    List<HeightRecord> open = f.pipeline.notDecrypted("end");
    assertEquals(1, open.size());
    assertEquals(HeightStatus.NOT_DECRYPTED, open.get(0).status());
    // the first set and the reshare, no more; then 3 (failing over after 3 s) tries the same
    assertEquals(List.of(2, 2, 3, 3), f.net.broadcasts().stream().map(Sent::from).toList());
  }

  /**
   * Fault changes while the combiner waits at which no missing signer is back (3 crashes from
   * 400 to 450 ms) do not end the wait: the combiner announces again only at 500 ms, when 0 and
   * 1 are back.
   */
  @Test
  void aChangeThatBringsNoMissingSignerBackKeepsTheCombinerWaiting() {
    PipelineFixture f = crashedUntil(500 * MS, crash(List.of(3), 400 * MS, 450 * MS));
    f.commit(0, 1, 0, 520 * MS, SIGNERS);
    f.commit(1, 1, 0, 530 * MS, SIGNERS);
    f.run();
    HeightRecord r = f.record(1);
    assertEquals(3, r.opened());
    assertEquals(2, r.reshares());
    List<Sent> announced = f.net.broadcasts();
    assertEquals(500 * MS, announced.get(2).atNanos(), "when the missing are back");
  }
}
