package dev.tdsim.runner;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.tdsim.consensus.NodeFaults;
import dev.tdsim.crypto.cert.CertificateSchemes;
import dev.tdsim.scenario.Scenario;
import dev.tdsim.scenario.ScenarioLoader;
import dev.tdsim.timing.Hardware;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

/** The parts a run is assembled from, each on its own (no simulation, no real crypto). */
class RunPartsTest {
  private static final String SMALL = String.join("\n",
      "name: parts",
      "seed: 7",
      "heights: 10",
      "validators: {count: 8, cores: 4}",
      "keys: {shares: 16}",
      "workload: {msgs_per_block: 4, msg_size: 200 B}",
      "crypto: {variant: fast, timing: model}",
      "");

  private static Scenario scenario(String... overrides) {
    return ScenarioLoader.parse(SMALL, "test.yaml", List.of(overrides));
  }

  @Test
  void sampledHeightsAreSaidInANote() {
    Scenario s = scenario("crypto.sample_heights=2");
    List<String> notes = new ArrayList<>();
    RealCryptoHeights real = RealCryptoHeights.of(s, s.faults().plan(s.validators()),
        Continuation.NONE, notes);
    assertEquals(List.of(3, 8), real.heights());
    assertTrue(real.sampled());
    assertTrue(real.realAt().contains(8) && !real.realAt().contains(5));
    assertEquals(List.of("real crypto ran at 2 of 10 heights [3, 8]; the other heights took"
        + " their durations from the cost model"), notes);
  }

  @Test
  void shareFaultsRunTheRealCryptoAtEveryHeight() {
    Scenario s = scenario("crypto.sample_heights=2",
        "faults=[{kind: bad-share, validators: [1], from_height: 2}]");
    List<String> notes = new ArrayList<>();
    RealCryptoHeights real = RealCryptoHeights.of(s, s.faults().plan(s.validators()),
        Continuation.NONE, notes);
    assertEquals(10, real.heights().size());
    assertFalse(real.sampled());
    assertEquals(1, notes.size());
    assertTrue(notes.get(0).startsWith("crypto.sample_heights ignored"), notes.get(0));
  }

  @Test
  void withoutFaultsEveryPartIsThePlainOne() {
    Scenario s = scenario();
    RunFaults faults = new RunFaults(s.faults().plan(s.validators()));
    assertSame(NodeFaults.NONE, faults.nodeFaults());
    assertFalse(faults.halted());
    assertNull(faults.outcome(new long[] {1, 1, 1, 1, 1, 1, 1, 1}));
    for (Hardware h : faults.hardware(s)) {
      assertEquals(new Hardware(4, 1.0), h);
    }
  }

  @Test
  void slowValidatorsGetSlowerHardware() {
    Scenario s = scenario("faults=[{kind: slow, validators: [2], cpu_factor: 8}]");
    Hardware[] hardware = new RunFaults(s.faults().plan(s.validators())).hardware(s);
    assertEquals(new Hardware(4, 1.0 / 8), hardware[2]);
    assertEquals(new Hardware(4, 1.0), hardware[3]);
  }

  @Test
  void keysComeFromADealerUnlessTheSetupIsADkg() {
    assertTrue(scenario().keys().byDealer());
    assertFalse(scenario("keys.setup=dkg").keys().byDealer());
  }

  @Test
  void onlyTheVotesCertificateIsPricedByItsVotes() {
    assertFalse(CertificateSchemes.byName("votes").aggregates());
    assertTrue(CertificateSchemes.byName("bls-aggregate").aggregates());
    assertTrue(CertificateSchemes.byName("threshold-bls").aggregates());
  }
}
