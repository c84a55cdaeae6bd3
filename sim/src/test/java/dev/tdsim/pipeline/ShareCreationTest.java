package dev.tdsim.pipeline;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.tdsim.crypto.design.Designs;
import dev.tdsim.crypto.tpke.SignerSet;
import dev.tdsim.engine.Simulation;
import dev.tdsim.timing.CryptoOp;
import dev.tdsim.workload.MsgSizeDistribution;
import dev.tdsim.workload.Workload;
import java.util.ArrayList;
import java.util.List;
import java.util.SplittableRandom;
import org.junit.jupiter.api.Test;

/**
 * {@link ShareCreation} alone, for a design that folds the signer set ({@code folded}) at a real
 * height: the honest shares of a signer set, priced on each validator's hardware, and the real
 * CPU time of a reshare's shares (a signer set after the first) counted as spent because of
 * share faults.
 */
class ShareCreationTest {
  private static final int COMBINER = 2;

  private final Simulation sim = new Simulation();
  private final PipelineFixture.ScriptedNetwork net =
      new PipelineFixture.ScriptedNetwork(sim, PipelineFixture.uniformDelays(10_000_000L));
  private final PipelineFixture.KnownTiming timing =
      new PipelineFixture.KnownTiming(PipelineFixture.realBases());
  private final PipelineContext ctx = PipelineFixture.context(Designs.byName("folded"), sim, net,
      PipelineFixture.settings(Schedule.BEFORE_NEXT, h -> true, 0), timing);
  private final ConsensusHost host = new ConsensusHost(ctx, new Workload(3, 0, 64,
      MsgSizeDistribution.FIXED, 10_000, Long.MAX_VALUE, ctx.crypto.txOverheadBytes(),
      new SplittableRandom(5)));
  /** (validator, generation) of each arrival at the combiner. */
  private final List<List<Integer>> arrived = new ArrayList<>();
  private final ShareCreation creation = new ShareCreation(ctx,
      (height, gen, combiner, validator, shares, readyAt, createNanos) ->
          arrived.add(List.of(validator, gen)),
      (height, validator, combiner) -> { });

  /** Height 1's block, proposed and committed. */
  private ProposedBlock block() {
    sim.schedule(0, s -> host.blockFor(1, 0, 1));
    sim.run();
    host.committed(1);
    return host.proposed(1);
  }

  private void shares(ProposedBlock block, int generation, SignerSet signers) {
    for (int v : signers.validators()) {
      creation.startShares(new ShareCreation.Request(1, generation, v, signers, COMBINER,
          COMBINER, COMBINER + 1, 0, ctx.covered(block, List.of(0, 1, 2))));
    }
    sim.run();
  }

  private static SignerSet set(Integer... validators) {
    return SignerSet.of(PipelineFixture.keys().committee(), List.of(validators));
  }

  /** The real CPU time of the priced honest share calls (shares and coefficients) from index. */
  private long pricedShareCpu(int fromCall) {
    List<PipelineFixture.Priced> calls = timing.calls.subList(fromCall, timing.calls.size());
    return calls.stream().filter(c -> c.op() == CryptoOp.SHARE_CREATE
            || c.op() == CryptoOp.SIGNER_COEFFICIENTS)
        .mapToLong(PipelineFixture.Priced::measuredCpuNanos).sum();
  }

  @Test
  void theFirstSignerSetsSharesAreNoFaultsCostAReshareSharesAre() {
    ProposedBlock block = block();
    shares(block, 1, set(0, 1, 2, 3));
    assertEquals(4, arrived.size());
    assertEquals(0, creation.shareFaultCpuNanos(), "the first signer set's shares");

    int before = timing.calls.size();
    shares(block, 2, set(1, 2, 3));
    assertEquals(List.of(List.of(1, 2), List.of(2, 2), List.of(3, 2)),
        arrived.subList(4, 7).stream().sorted((a, b) -> a.get(0) - b.get(0)).toList());
    long reshareCpu = pricedShareCpu(before);
    assertTrue(reshareCpu > 0);
    assertEquals(reshareCpu, creation.shareFaultCpuNanos(),
        "the reshare's shares and their new set's coefficients, all of their CPU time");
  }
}
