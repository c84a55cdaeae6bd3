package dev.tdsim.sweep;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.tdsim.scenario.Scenario;
import org.junit.jupiter.api.Test;

/** The plan's expected search time: what it counts and where it prices the probes. */
class SweepEstimateTest {
  @Test
  void interpolationIsExpectedToTakeHalfTheBisections() {
    assertEquals(0, SweepEstimate.interpolatedRounds(0));
    assertEquals(1, SweepEstimate.interpolatedRounds(1));
    assertEquals(1, SweepEstimate.interpolatedRounds(2));
    assertEquals(5, SweepEstimate.interpolatedRounds(10));
    assertEquals(6, SweepEstimate.interpolatedRounds(11));
  }

  /** Probes at bin edges: three rounds at most, never more than interpolation's. */
  @Test
  void edgeProbesAreExpectedToTakeThreeRoundsAtMost() {
    assertEquals(0, SweepEstimate.edgeRounds(0));
    assertEquals(1, SweepEstimate.edgeRounds(2));
    assertEquals(2, SweepEstimate.edgeRounds(4));
    assertEquals(3, SweepEstimate.edgeRounds(9));
    assertEquals(3, SweepEstimate.edgeRounds(40));
  }

  /**
   * Grid 10, 100, 1000 messages: the widest gap (100..1000) takes 10 bisections to one message,
   * so 5 interpolated rounds per budget, each probe priced at the grid's geometric middle (100
   * messages); the budgets' rounds share the engine's slots.
   */
  @Test
  void expectedSearchCountsEveryBudgetAtTheGridsGeometricMiddle() {
    SweepPlan plan = SweepPlanTest.plan(SweepPlanTest.TINY,
        SweepPlanTest.vary("workload.msgs_per_block=10,100,1000"));
    SweepEstimate parallel = new SweepEstimate(plan, 2, 2);
    Scenario middle = plan.cells().get(1).points().get(0).scenario();
    int budgets = plan.base().budgetsNanos().size();
    double probe = parallel.probeSeconds(middle, 100L);
    assertEquals(budgets * 5 * probe / 2, parallel.expectedSearchSeconds(), 1e-9);
    // serial: every bisection of the widest gap, one probe at a time: 9 with the default 5%
    // tolerance (to half a bin, 2.5 messages at 100), 10 to one message
    SweepEstimate serial = new SweepEstimate(plan, 1, 1);
    assertEquals(budgets * 9 * probe, serial.expectedSearchSeconds(), 1e-9);
    SweepEstimate exact = new SweepEstimate(SweepPlanTest.plan(SweepPlanTest.TINY,
        SweepPlanTest.vary("workload.msgs_per_block=10,100,1000").withTolerance(0)), 1, 1);
    assertEquals(budgets * 10 * probe, exact.expectedSearchSeconds(), 1e-9);
    // a probe at the geometric middle costs more than one at the grid's smallest value
    assertTrue(probe > parallel.probeSeconds(middle, 10L), probe + " s");
  }

  @Test
  void roundsAreCappedByMaxProbes() {
    SweepPlan plan = SweepPlanTest.plan(SweepPlanTest.TINY,
        SweepPlanTest.vary("workload.msgs_per_block=10,100,1000").withMaxProbes(3));
    SweepEstimate serial = new SweepEstimate(plan, 1, 1);
    Scenario middle = plan.cells().get(1).points().get(0).scenario();
    int budgets = plan.base().budgetsNanos().size();
    assertEquals(budgets * 3 * serial.probeSeconds(middle, 100L), serial.expectedSearchSeconds(),
        1e-9);
  }

  /** A signing committee signs at every height (serial seconds) and sets up its keys once. */
  @Test
  void aCommitteeIsPricedAtEveryHeightBesideTheCrypto() {
    Scenario plain = dev.tdsim.scenario.ScenarioLoader.parse(SweepPlanTest.TINY
        .replace("timing: model", "timing: measured"), "t.yaml", java.util.List.of());
    assertEquals(0, RunCost.committeeSeconds(plain));
    Scenario ecdsa = dev.tdsim.scenario.ScenarioLoader.parse(SweepPlanTest.TINY
        .replace("timing: model", "timing: measured").replace("count: 4", "count: 5")
        + "signing: {scheme: cggmp21-ecdsa, threshold: 3, parties: 5}\n", "t.yaml",
        java.util.List.of());
    // 2 heights x 3 signers x 2 others x 0.37 s, and five 2048-bit Paillier keys at 1.7 s
    assertEquals(2 * 0.37 * 3 * 2 + 5 * 1.7, RunCost.committeeSeconds(ecdsa), 1e-9);
    SweepPlan plan = SweepPlanTest.plan(SweepPlanTest.TINY, SweepPlanTest.vary(
        "workload.msgs_per_block=1,2"));
    SweepEstimate estimate = new SweepEstimate(plan, 1, 1);
    assertEquals(estimate.seconds(plain) + RunCost.committeeSeconds(ecdsa),
        estimate.seconds(ecdsa), 1.0); // the committee's serial seconds on top
  }
}
