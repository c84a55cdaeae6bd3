package dev.tdsim.pipeline;

import static org.junit.jupiter.api.Assertions.assertEquals;

import dev.tdsim.faults.FaultKinds;
import dev.tdsim.faults.FaultPlan;
import dev.tdsim.faults.FaultSpec;
import dev.tdsim.faults.FaultTarget;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * A {@code forging-proposer} (validator 1, the round-0 proposer of height 1) in the pipeline:
 * the other validators refuse its round's proposal, the next round's honest proposer's block is
 * committed, and the forger is named at the height. At a real height the forged digest and its
 * refusal are really computed.
 */
class ForgedProposalTest {
  private static final long MS = 1_000_000L;
  private static final List<Integer> ALL = List.of(0, 1, 2, 3);

  private static PipelineFixture forgedAtRoundZero(boolean real, List<Boolean> votes,
      long[] calls) {
    FaultPlan plan = FaultPlan.resolve(List.of(FaultSpec.of(FaultKinds.FORGING_PROPOSER,
        new FaultTarget.Validators(List.of(1)))), dev.tdsim.faults.Committee.equal(4));
    PipelineFixture f = PipelineFixture.builder("block-key").faults(plan)
        .realCryptoAt(h -> real).build();
    f.sim.schedule(0, s -> {
      votes.add(f.pipeline.accepts(1, 0, 1, 0)); // nothing proposed yet
      long before = f.crypto.calls();
      f.pipeline.blockFor(1, 0, 1);
      calls[0] = f.crypto.calls() - before;
      for (int v = 0; v < 4; v++) {
        votes.add(f.pipeline.accepts(1, 0, 1, v));
      }
      votes.add(f.pipeline.accepts(1, 1, 1, 0)); // another round's proposal by 1
    });
    f.sim.schedule(50 * MS, s -> {
      f.pipeline.blockFor(1, 1, 2);
      votes.add(f.pipeline.accepts(1, 1, 2, 0));
    });
    for (int v = 0; v < 4; v++) {
      f.commit(v, 1, 1, 100 * MS, ALL);
    }
    f.run();
    return f;
  }

  @Test
  void theForgersRoundIsRefusedByTheOthersAndTheForgerIsNamed() {
    List<Boolean> votes = new ArrayList<>();
    long[] calls = new long[1];
    PipelineFixture f = forgedAtRoundZero(true, votes, calls);
    assertEquals(List.of(true, false, true, false, false, true, true), votes,
        "all but the forger itself refuse round 0; other rounds are not refused");
    HeightRecord r = f.record(1);
    assertEquals(List.of(1), r.faulty());
    assertEquals(3, r.opened());
    assertEquals(0, f.pipeline.mismatches());
    // sealing (2 per payload), digest and prepare, then the forged digest and its refusal
    assertEquals(2 * 3 + 2 + 2, calls[0]);
  }

  @Test
  void atAHeightPricedByTheCostModelTheForgerIsNamedWithoutRealCalls() {
    List<Boolean> votes = new ArrayList<>();
    long[] calls = new long[1];
    PipelineFixture f = forgedAtRoundZero(false, votes, calls);
    assertEquals(List.of(true, false, true, false, false, true, true), votes);
    assertEquals(List.of(1), f.record(1).faulty());
    assertEquals(0, calls[0]);
  }
}
