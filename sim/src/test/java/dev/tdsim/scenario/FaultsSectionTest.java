package dev.tdsim.scenario;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.tdsim.faults.FaultKinds;
import dev.tdsim.faults.FaultPlan;
import dev.tdsim.faults.FaultSpec;
import dev.tdsim.faults.FaultTarget;
import dev.tdsim.faults.ShareFaultType;
import java.util.List;
import org.junit.jupiter.api.Test;

/** The faults: list is read with located errors, written back, and resolved to a plan. */
class FaultsSectionTest {

  private static final String SMALL = """
      validators:
        count: 16
        regions: [us-east, eu-west]
      keys:
        shares: 64
      """;

  private static Scenario parse(String yaml, String... overrides) {
    return ScenarioLoader.parse(yaml, "t.yaml", List.of(overrides));
  }

  private static ScenarioException fail(String yaml, String... overrides) {
    return assertThrows(ScenarioException.class, () -> parse(yaml, overrides));
  }

  private static void assertAt(ScenarioException e, int line, String field, String fragment) {
    assertEquals("t.yaml", e.getFile(), e.getMessage());
    assertEquals(line, e.getLine(), e.getMessage());
    assertEquals(field, e.getField(), e.getMessage());
    assertTrue(e.getMessage().startsWith("t.yaml:" + line + ": " + field + ": "), e.getMessage());
    assertTrue(e.getProblem().contains(fragment), e.getMessage());
  }

  /** bad-partial acts on threshold-BLS partials: refused at its kind's line without them. */
  @Test
  void badPartialNeedsAThresholdBlsCertificateAndIsRefusedAtItsLine() {
    String yaml = SMALL + """
        faults:
          - kind: bad-partial
            validators: [3]
        """;
    int line = (int) SMALL.lines().count() + 2;
    assertAt(fail(yaml), line, "faults[0].kind", "consensus.certificate: threshold-bls");
    assertAt(fail(yaml, "consensus.certificate=bls-aggregate"), line, "faults[0].kind",
        "(not bls-aggregate)");
    assertEquals("bad-partial", parse(yaml, "consensus.certificate=threshold-bls").faults()
        .list().get(0).kind().name());
  }

  @Test
  void everyKindParsesWithItsFieldsAndRoundTrips() {
    Scenario s = parse(SMALL + """
        faults:
          - kind: crash
            validators: [14, 15]
            from: 5 s
            until: 20 s
          - kind: slow
            region: eu-west
            cpu_factor: 4
            extra_delay: 50 ms
          - kind: silent-proposer
            validators: [3]
            from_height: 2
            until_height: 5
          - kind: partition
            groups: [[1, 3], [us-east, 5]]
            until: 10 s
          - kind: loss
            stake: 20%
            probability: 5%
          - kind: delay
            extra: 30 ms
          - kind: equivocate
            validators: [2]
            role: proposer
          - kind: bad-share
            validators: [1]
          - kind: malformed-share
            validators: [1]
          - kind: withhold-share
            stake: 0.1
          - kind: equivocate-share
            validators: [4]
          - kind: colluding-encryptor
            validators: [6]
          - kind: framing-shares
            validators: [9]
          - kind: crashed-dealer
            validators: [7]
          - kind: lying-dealer
            validators: [8]
            from_height: 11
          - kind: split-vote
            validators: [9, 10, 11, 12, 13, 14]
            from_height: 2
            until_height: 3
          - kind: bad-partial
            validators: [3]
        """, "keys.setup=dkg", "crypto.design=simple", "consensus.certificate=threshold-bls");
        // dealer faults need a DKG; framing per-point shares; bad-partial threshold-BLS partials
    List<FaultSpec> f = s.faults().list();
    // forging-proposer needs a design with a digest, colluding-encryptor a Ferveo one: the
    // former is parsed in its own test below.
    assertEquals(FaultKinds.names().stream()
            .filter(n -> !n.equals(FaultKinds.FORGING_PROPOSER.name())).toList(),
        f.stream().map(x -> x.kind().name()).toList());
    assertEquals(new FaultTarget.Validators(List.of(14, 15)), f.get(0).target());
    assertEquals(5_000_000_000L, f.get(0).window().fromNanos());
    assertEquals(20_000_000_000L, f.get(0).window().untilNanos());
    assertEquals(4.0, f.get(1).real("cpu_factor"));
    assertEquals(50_000_000L, f.get(1).durationNanos("extra_delay"));
    assertEquals(new FaultTarget.Stake(0.2), f.get(4).target());
    assertEquals(0.05, f.get(4).real("probability"));
    assertEquals(List.of(List.of("1", "3"), List.of("us-east", "5")),
        f.get(3).groups("groups"));
    assertEquals("proposer", f.get(6).choice("role"));
    assertEquals(new FaultTarget.Stake(0.1), f.get(9).target());

    String yaml = s.toYaml();
    assertTrue(yaml.contains("stake: 20%"), yaml);
    assertTrue(yaml.contains("groups: [[1, 3], [us-east, 5]]"), yaml);
    Scenario back = ScenarioLoader.parse(yaml, "dump.yaml", List.of());
    assertEquals(s, back);
    assertEquals(yaml, back.toYaml());
    assertEquals(s.hash(), back.hash());

    FaultPlan plan = s.faults().plan(s.validators());
    assertEquals(List.of(14, 15), plan.faults().get(0).validators());
    assertEquals(List.of(1, 3, 5, 7, 9, 11, 13, 15), plan.faults().get(1).validators());
    // 20% of 16 equal validators: the highest indices whose stake fits, 3/16
    assertEquals(List.of(13, 14, 15), plan.faults().get(4).validators());
    assertEquals(ShareFaultType.BAD_VALUE,
        plan.shareFault(1, 3, 0).orElseThrow().type());
    assertTrue(plan.shareFault(0, 3, 0).isEmpty());
    assertEquals(false, plan.dealerFault(7, 1, 0).orElseThrow().lies());
    assertTrue(plan.dealerFault(8, 1, 0).isEmpty(), "lying from the DKG of height 11 on");
    assertEquals(true, plan.dealerFault(8, 11, 0).orElseThrow().lies());
    assertEquals(14, plan.dealerFault(8, 21, 0).orElseThrow().fault());
    assertEquals(ShareFaultType.FRAMING, plan.shareFault(9, 1, 0).orElseThrow().type());
  }

  @Test
  void aForgingProposerParsesWithItsForgeryAndRoundTrips() {
    Scenario s = parse(SMALL + """
        crypto:
          design: block-key
        faults:
          - kind: forging-proposer
            validators: [5]
            forge: future-height
        """);
    FaultSpec f = s.faults().list().get(0);
    assertEquals(FaultKinds.FORGING_PROPOSER, f.kind());
    assertEquals("future-height", f.choice("forge"));
    assertEquals(s, ScenarioLoader.parse(s.toYaml(), "dump.yaml", List.of()));
    assertEquals(ShareFaultType.FORGING_PROPOSER,
        s.faults().plan(s.validators()).shareFault(5, 2, 0).orElseThrow().type());
    assertEquals("point", parse(SMALL, "crypto.design=batched",
        "faults=[{kind: forging-proposer, validators: [5]}]").faults().list().get(0)
        .choice("forge"));
    ScenarioException e = fail(SMALL + """
        faults:
          - kind: forging-proposer
            forge: yesterday
        """, "crypto.design=batched");
    assertTrue(e.getMessage().startsWith("t.yaml:"), e.getMessage());
    assertTrue(e.getMessage().contains("forge"), e.getMessage());
  }

  @Test
  void theSetOverrideTakesAList() {
    Scenario s = parse(SMALL, "faults=[{kind: crash, validators: [1]}]");
    assertEquals(FaultKinds.CRASH, s.faults().list().get(0).kind());
  }

  @Test
  void theSetOverrideChangesOneKeyOfAFault() {
    String one = SMALL + "faults:\n  - kind: crash\n    stake: 10%\n";
    Scenario s = parse(one, "faults[0].stake=30%");
    assertEquals(new FaultTarget.Stake(0.3), s.faults().list().get(0).target());
    assertEquals(8_000_000_000L,
        parse(one, "faults[0].until=8 s").faults().list().get(0).window().untilNanos());
    assertTrue(ScenarioKeys.isPath("faults[0].stake"));
    assertTrue(ScenarioKeys.isPath("faults[12].probability"));
    assertTrue(!ScenarioKeys.isPath("faults[0].stak") && !ScenarioKeys.isPath("faults.stake"));
    ScenarioException e = fail(one, "faults[1].stake=30%");
    assertTrue(e.isOverride() && e.getMessage().startsWith("--set faults[1].stake: the scenario"
        + " has 1 fault(s)"), e.getMessage());
    e = fail(one, "faults[0].stak=30%");
    assertTrue(e.getMessage().contains("did you mean 'stake'?"), e.getMessage());
    // a key the kind does not take is reported where the fault is
    e = fail(one, "faults[0].probability=5%");
    assertEquals("faults[0].probability", e.getField(), e.getMessage());
    assertTrue(e.getProblem().contains("unknown key 'probability'"), e.getMessage());
  }

  @Test
  void errorsNameTheFileLineAndField() {
    assertAt(fail(SMALL + "faults:\n  - kind: crsh\n"), 7, "faults[0].kind",
        "unknown fault kind 'crsh'; known: crash, slow");
    assertAt(fail(SMALL + "faults:\n  - validators: [1]\n"), 7, "faults[0]",
        "a fault needs a kind");
    assertAt(fail(SMALL + "faults:\n  - kind: crash\n    probability: 5%\n"), 8,
        "faults[0].probability", "unknown key 'probability'");
    assertAt(fail(SMALL + "faults:\n  - kind: loss\n    probability: 150%\n"), 8,
        "faults[0].probability", "between 0% and 100%");
    assertAt(fail(SMALL + "faults:\n  - kind: loss\n"), 7, "faults[0]",
        "needs 'probability'");
    assertAt(fail(SMALL + "faults:\n  - kind: crash\n    validators: [1, 16]\n"), 8,
        "faults[0].validators[1]", "validator 16 does not exist");
    assertAt(fail(SMALL + "faults:\n  - kind: crash\n    region: ap-south\n"), 8,
        "faults[0].region", "no validator is in region 'ap-south'");
    assertAt(fail(SMALL + "faults:\n  - kind: crash\n    validators: [1]\n    stake: 5%\n"), 9,
        "faults[0].stake", "give one of validators, region or stake");
    assertAt(fail(SMALL + "faults:\n  - kind: crash\n    from: 5 s\n    until: 2 s\n"), 9,
        "faults[0].until", "must be after from");
    assertAt(fail(SMALL + "faults:\n  - kind: slow\n    validators: [1]\n"), 7, "faults[0]",
        "cpu_factor above 1 or extra_delay above 0");
    assertAt(fail(SMALL + "faults:\n  - kind: slow\n    cpu_factor: 0.5\n"), 8,
        "faults[0].cpu_factor", "from 1 (unchanged) to 1000");
    assertAt(fail(SMALL + "faults:\n  - kind: partition\n    groups: [[0], [0]]\n"), 8,
        "faults[0].groups[1]", "in two groups");
    assertAt(fail(SMALL + "faults:\n  - kind: partition\n    groups: [[0], [99]]\n"), 8,
        "faults[0].groups[1][0]", "validator 99 does not exist");
    assertAt(fail(SMALL + "faults:\n  - kind: partition\n    validators: [1]\n"
        + "    groups: [[0], [1]]\n"), 7, "faults[0]", "takes no validators");
    assertAt(fail(SMALL + "faults:\n  - kind: equivocate\n    role: liar\n"), 8,
        "faults[0].role", "not one of proposer, voter, both");
    assertAt(fail(SMALL + "faults:\n  - kind: crash\n    until_height: 1\n"), 8,
        "faults[0].until_height", "must be above from_height");
    // what the target refuses is located too (it used to escape as an internal error, exit 1)
    assertAt(fail(SMALL + "faults:\n  - kind: crash\n    validators: [3, 3]\n"), 8,
        "faults[0].validators[1]", "validator 3 is listed twice");
    assertAt(fail(SMALL + "faults:\n  - kind: crash\n    validators: [-1]\n"), 8,
        "faults[0].validators[0]", "0-based and non-negative, got -1");
    assertAt(fail(SMALL + "faults:\n  - kind: delay\n    extra: 100000 h\n"), 8,
        "faults[0].extra", "at most 1 h, got 100000 h");
    assertAt(fail(SMALL + "faults:\n  - kind: slow\n    extra_delay: 2 h\n"), 8,
        "faults[0].extra_delay", "at most 1 h");
    assertEquals(3_600_000_000_000L, parse(SMALL + "faults:\n  - kind: delay\n    extra: 1 h\n")
        .faults().list().get(0).durationNanos("extra"));
    assertAt(fail(SMALL + "faults: 3\n"), 6, "faults", "expected a list");
    assertAt(fail(SMALL + "faults:\n  - crash\n"), 7, "faults[0]", "expected a fault");
  }

  @Test
  void consensusFaultsNeedTheExactModel() {
    assertAt(fail(SMALL + "consensus:\n  simulation: large\nfaults:\n  - kind: crash\n"), 8,
        "faults", "consensus.simulation is 'large'");
    assertAt(fail(SMALL + "consensus:\n  exact_max_validators: 8\nfaults:\n  - kind: crash\n"),
        8, "faults", "above consensus.exact_max_validators (8)");
    // share faults alone do not touch consensus
    Scenario s = parse(SMALL + "consensus:\n  simulation: large\nfaults:\n"
        + "  - kind: withhold-share\n    validators: [1]\n");
    assertEquals(1, s.faults().list().size());
  }

  @Test
  void haltAfterIsAConsensusDuration() {
    assertEquals(ConsensusConfig.DEFAULT_HALT_AFTER_NANOS,
        parse("").consensus().haltAfterNanos());
    assertEquals(30_000_000_000L, parse("consensus:\n  halt_after: 30 s\n").consensus()
        .haltAfterNanos());
  }
}
