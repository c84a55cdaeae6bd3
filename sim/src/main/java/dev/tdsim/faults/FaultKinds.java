package dev.tdsim.faults;

import static dev.tdsim.faults.FaultField.Type.DURATION;
import static dev.tdsim.faults.FaultField.Type.FACTOR;
import static dev.tdsim.faults.FaultField.Type.GROUPS;
import static dev.tdsim.faults.FaultField.Type.PROBABILITY;

import dev.tdsim.registry.Registry;
import java.util.List;
import java.util.Optional;

/**
 * The registry of fault kinds, keyed by the lower-case name a scenario writes in {@code
 * faults[i].kind}. Adding a kind is one entry here (its fields, its facts and the effects it adds
 * to a {@link FaultPlan}). docs/SCENARIOS.md, section {@code faults}, documents each.
 */
public final class FaultKinds {
  private FaultKinds() {}

  /** Adds a kind's effects to a plan. */
  @FunctionalInterface
  interface Effect {
    void apply(int index, FaultSpec spec, int[] validators, Committee committee,
        FaultPlan.Builder plan);
  }

  /** Checks a kind's fields together. */
  @FunctionalInterface
  interface Check {
    void check(FaultSpec.FaultSpecView params);
  }

  /** One registered kind. */
  private record Kind(String name, String summary, List<FaultField> fields, boolean takesTarget,
      boolean actsOnMessages, Optional<ShareFaultType> shareType, boolean forgesPartials,
      Check checker, Effect effect) implements FaultKind {
    @Override
    public void check(FaultSpec.FaultSpecView params) {
      checker.check(params);
    }

    @Override
    public void apply(int index, FaultSpec spec, int[] validators, Committee committee,
        FaultPlan.Builder plan) {
      effect.apply(index, spec, validators, committee, plan);
    }

    @Override
    public String toString() {
      return name;
    }
  }

  private static final Check NO_CHECK = p -> {};
  /** Filled by the kinds' declarations below, in order; {@link #KINDS} is built after the last. */
  private static final Registry.Builder<FaultKind> DECLARED = Registry.builder("fault kind");

  public static final FaultKind CRASH = consensus("crash",
      "stops sending, receiving and acting; at 'until' it recovers and catches up", List.of(),
      NO_CHECK, (i, s, v, c, plan) -> plan.crash(i, v, s.window()));

  public static final FaultKind SLOW = consensus("slow",
      "multiplies the validator's CPU costs by cpu_factor and delays its messages by extra_delay",
      List.of(FaultField.optional("cpu_factor", FACTOR, 1.0,
              "CPU costs (signatures, validation, execution, fsyncs) are multiplied by this, >= 1"),
          FaultField.optional("extra_delay", DURATION, 0L,
              "latency added to every message it sends or receives, >= 0")),
      p -> {
        if (p.real("cpu_factor") == 1.0 && p.durationNanos("extra_delay") == 0) {
          throw new FaultException(null,
              "a slow fault needs cpu_factor above 1 or extra_delay above 0");
        }
      },
      (i, s, v, c, plan) -> {
        plan.cpu(i, v, s.window(), s.real("cpu_factor"));
        plan.delay(i, v, s.window(), s.durationNanos("extra_delay"));
      });

  public static final FaultKind SILENT_PROPOSER = consensus("silent-proposer",
      "never proposes when it is the proposer (the others time out and move to the next round)",
      List.of(), NO_CHECK, (i, s, v, c, plan) -> plan.silentProposer(i, v, s.window()));

  public static final FaultKind PARTITION = register(new Kind("partition",
      "groups of validators cannot reach each other until 'until' (validators in no group form "
          + "one more group)",
      List.of(FaultField.required("groups", GROUPS,
          "lists of validator ids or region names, e.g. [[0, 1], [us-east, 5]]")),
      false, true, Optional.empty(), false, NO_CHECK,
      (i, s, v, c, plan) -> {
        List<List<String>> groups = s.groups("groups");
        int[][] members = new int[groups.size()][];
        int[] groupOf = new int[c.size()];
        java.util.Arrays.fill(groupOf, -1);
        for (int g = 0; g < groups.size(); g++) {
          members[g] = c.members("groups[" + g + "]", groups.get(g));
          for (int m : members[g]) {
            if (groupOf[m] >= 0) {
              throw new FaultException("groups[" + g + "]", "validator " + m + " is in groups "
                  + groupOf[m] + " and " + g + " (by id or region)");
            }
            groupOf[m] = g;
          }
        }
        plan.partition(i, s.window(), members);
      }));

  public static final FaultKind LOSS = consensus("loss",
      "loses each message it sends or receives with the given probability",
      List.of(FaultField.required("probability", PROBABILITY,
          "chance that one message is lost, 0 to 1 or 0% to 100%")),
      NO_CHECK, (i, s, v, c, plan) -> plan.loss(i, v, s.window(), s.real("probability")));

  public static final FaultKind DELAY = consensus("delay",
      "adds latency to every message it sends or receives",
      List.of(FaultField.required("extra", DURATION, "latency added per message, > 0")),
      p -> {
        if (p.durationNanos("extra") == 0) {
          throw new FaultException("extra", "a delay fault needs extra above 0");
        }
      },
      (i, s, v, c, plan) -> plan.delay(i, v, s.window(), s.durationNanos("extra")));

  public static final FaultKind EQUIVOCATE = consensus("equivocate",
      "signs two conflicting proposals (as proposer) or votes (as voter) and sends each to half "
          + "of the network",
      List.of(FaultField.choice("role", "both", List.of("proposer", "voter", "both"),
          "proposer: two proposals; voter: two prevotes and precommits; both")),
      NO_CHECK,
      (i, s, v, c, plan) -> {
        String role = s.choice("role");
        plan.equivocate(i, v, s.window(), !role.equals("voter"), !role.equals("proposer"));
      });

  public static final FaultKind BAD_SHARE = share("bad-share",
      "sends decryption shares that are valid points with wrong values", ShareFaultType.BAD_VALUE);
  public static final FaultKind MALFORMED_SHARE = share("malformed-share",
      "sends decryption shares that do not decode", ShareFaultType.MALFORMED);
  public static final FaultKind WITHHOLD_SHARE = share("withhold-share",
      "sends no decryption shares", ShareFaultType.WITHHELD);
  public static final FaultKind EQUIVOCATE_SHARE = share("equivocate-share",
      "sends different decryption shares to different combiners", ShareFaultType.EQUIVOCATED);
  public static final FaultKind COLLUDING_ENCRYPTOR = share("colluding-encryptor",
      "a client submits a key-colliding payload together with this colluding validator",
      ShareFaultType.COLLUDING_ENCRYPTOR);
  public static final FaultKind FRAMING_SHARES = share("framing-shares",
      "sends shares with a polynomial error chosen to get an honest validator blamed by"
          + " exclusion (simple, batch)", ShareFaultType.FRAMING);

  public static final FaultKind FORGING_PROPOSER = register(new Kind("forging-proposer",
      "as proposer, publishes a forged digest (a wrong point, another block's id or a future"
          + " height): every honest validator refuses it before the prevote and names it",
      List.of(FaultField.choice("forge", ProposerForgery.POINT.choice(), ProposerForgery.choices(),
          "point: the next block's hash point; block-id: the previous block's id; future-height:"
              + " the next height")),
      true, true, Optional.of(ShareFaultType.FORGING_PROPOSER), false, NO_CHECK,
      (i, s, v, c, plan) -> plan.share(i, v, s, ShareFaultType.FORGING_PROPOSER)));

  public static final FaultKind CRASHED_DEALER = dealer("crashed-dealer",
      "deals nothing in the key epochs' DKGs (no transcript): the others wait keys.dkg_timeout"
          + " for it and aggregate without it", false);
  public static final FaultKind LYING_DEALER = dealer("lying-dealer",
      "deals a transcript that fails verification in the key epochs' DKGs: every validator"
          + " rejects it, names the dealer and aggregates without it", true);

  public static final FaultKind SPLIT_VOTE = consensus("split-vote",
      "a coalition that acts together: in a round one of it proposes, it sends one block and its"
          + " votes for it to one side of the honest validators and a conflicting block and votes"
          + " to the other (a fork above a third of the stake); it withholds its votes in the"
          + " other rounds",
      List.of(), NO_CHECK, (i, s, v, c, plan) -> plan.splitVote(i, v, s.window(), c));

  public static final FaultKind BAD_PARTIAL = register(new Kind("bad-partial",
      "puts a bad threshold-BLS partial signature (a valid point, a wrong value) in its"
          + " precommits: the next proposer's combination fails, the partials checked alone name"
          + " it and the certificate is combined from the others (consensus.certificate:"
          + " threshold-bls)",
      List.of(), true, true, Optional.empty(), true, NO_CHECK,
      (i, s, v, c, plan) -> plan.badPartial(i, v, s.window())));

  private static final Registry<FaultKind> KINDS = DECLARED.build();

  /** The kinds' names, in registry order. */
  public static List<String> names() {
    return KINDS.names();
  }

  /** Every kind, in registry order. */
  public static List<FaultKind> all() {
    return KINDS.all();
  }

  /** The kind of that name. */
  public static Optional<FaultKind> find(String name) {
    return KINDS.find(name);
  }

  /** @throws IllegalArgumentException for an unknown name, listing the known ones */
  public static FaultKind get(String name) {
    return KINDS.get(name);
  }

  private static FaultKind consensus(String name, String summary, List<FaultField> fields,
      Check check, Effect effect) {
    return register(new Kind(name, summary, fields, true, true, Optional.empty(), false, check,
        effect));
  }

  private static FaultKind share(String name, String summary, ShareFaultType type) {
    return register(new Kind(name, summary, List.of(), true, false, Optional.of(type), false,
        NO_CHECK,
        (i, s, v, c, plan) -> plan.share(i, v, s, type)));
  }

  /** A fault on DKG dealing: needs keys.setup dkg or keys.epoch_length (checked by Scenario). */
  private static FaultKind dealer(String name, String summary, boolean lies) {
    return register(new Kind(name, summary, List.of(), true, false, Optional.empty(), false,
        NO_CHECK,
        (i, s, v, c, plan) -> plan.dealer(i, v, s.window(), lies)));
  }

  /** Whether the kind acts on DKG dealers (the run must have a DKG). */
  public static boolean actsOnDealers(FaultKind kind) {
    return kind == CRASHED_DEALER || kind == LYING_DEALER;
  }

  private static FaultKind register(Kind kind) {
    DECLARED.add(kind.name(), kind);
    return kind;
  }
}
