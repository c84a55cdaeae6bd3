package dev.tdsim.runner;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.tdsim.crypto.design.Designs;
import dev.tdsim.pipeline.HeightRecord;
import dev.tdsim.scenario.ScenarioLoader;
import java.util.List;
import java.util.function.UnaryOperator;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * The premise of {@code run --resume} and of {@code sweep --plan}'s replay: under model timing a
 * run without any crypto call gives every design's heights exactly as the run with the real
 * crypto at every height, but for what says whether the crypto ran ({@code opened}, {@code
 * real_crypto}).
 */
class ReplayTest {
  static List<String> designs() {
    return Designs.names();
  }

  /** A model-timing scenario of {@code design}: {@code lines} after its name, then the crypto. */
  private static dev.tdsim.scenario.Scenario scenario(String design, String... lines)
      throws Exception {
    return ScenarioLoader.parse("name: replay\n" + String.join("\n", lines)
        + "\nworkload: {msgs_per_block: 3, msg_size: 100 B}\ncrypto: {design: " + design
        + ", timing: model}\n", "t.yaml", List.of());
  }

  /** The rows but for what says whether the crypto ran. */
  private static List<HeightRecord> timings(List<HeightRecord> rows) {
    return rows.stream().map(h -> h.withRealCryptoFromEarlierRun(0)).toList();
  }

  @ParameterizedTest
  @MethodSource("designs")
  void aRunWithoutCryptoCallsGivesTheHeightsOfTheRealRun(String design) throws Exception {
    var s = scenario(design, "heights: 3", "validators: {count: 4}", "keys: {shares: 8}");
    ScenarioRunner runner = new ScenarioRunner(l -> { });
    List<HeightRecord> real = runner.run(s).rows();
    List<HeightRecord> replayed = runner.run(s, h -> { },
        Continuation.planningReplay(s.heights())).rows();
    assertEquals(3, real.size());
    assertTrue(real.stream().allMatch(h -> h.realCrypto() && h.opened() == 3), design);
    assertTrue(replayed.stream().noneMatch(HeightRecord::realCrypto), design);
    assertEquals(timings(real), timings(replayed), design);
  }

  /**
   * Long enough for a combiner to see more signer sets than it keeps prepared (7 validators over
   * the regions, 16 heights): whether it prepares again is simulated state, so a run whose heights
   * were replayed without their calls (--resume) charges the same prepare_combine as the real run
   * (it once asked the real BlockProposer, whose cache the replayed heights had left cold).
   */
  @ParameterizedTest
  @org.junit.jupiter.params.provider.ValueSource(strings = {"fast", "folded", "precomputed"})
  void aCombinersPreparedSignerSetsAreTheSameWithOrWithoutTheCryptoCalls(String design)
      throws Exception {
    var s = scenario(design, "heights: 16", "validators: {count: 7}", "keys: {shares: 64}",
        "network: {model: regions, jitter: lognormal}");
    ScenarioRunner runner = new ScenarioRunner(l -> { });
    List<HeightRecord> real = timings(runner.run(s).rows());
    assertEquals(real, timings(runner.run(s, h -> { },
        Continuation.planningReplay(s.heights())).rows()), design);
    for (int kept : new int[] {3, 6}) {
      assertEquals(real, timings(runner.run(s, h -> { },
          Continuation.after(kept, UnaryOperator.identity())).rows()),
          design + ", resumed after " + kept);
    }
  }
}
