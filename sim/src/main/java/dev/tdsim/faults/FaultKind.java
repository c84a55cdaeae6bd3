package dev.tdsim.faults;

import java.util.List;
import java.util.Optional;

/**
 * One kind of fault a scenario can name in {@code faults[i].kind}: it knows its YAML name, its own
 * fields and what it does to a run, which it says by adding its effects to a {@link
 * FaultPlan.Builder}. Kinds are registered in {@link FaultKinds}; nothing else compares kind
 * names.
 */
public interface FaultKind {
  /** The lower-case name a scenario writes. */
  String name();

  /** What the fault does, in one line (for docs, errors and the report). */
  String summary();

  /** The kind's own keys, in canonical order. */
  List<FaultField> fields();

  /** Whether it hits the validators of {@code validators}/{@code region}/{@code stake}. */
  boolean takesTarget();

  /**
   * Whether it acts on consensus's single messages and nodes (drops, delays, forges, crashes), so
   * it needs a protocol simulated message by message (the protocol says where it is: {@link
   * dev.tdsim.consensus.ProtocolSettings#refusesMessageFaults}); false for faults that only touch
   * decryption shares.
   */
  boolean actsOnMessages();

  /**
   * Whether it puts bad threshold-BLS partials in commit certificates: it needs a certificate
   * scheme whose combiner checks partials alone ({@code CertificateScheme#checksPartialsAlone}).
   */
  boolean forgesPartials();

  /** For faults on decryption shares: what the faulty validator does to its shares. */
  Optional<ShareFaultType> shareType();

  /** Checks the fields together; throws {@link FaultException} naming the field. */
  void check(FaultSpec.FaultSpecView params);

  /**
   * Adds the fault's effects to a plan.
   *
   * @param index the fault's position in the scenario's list
   * @param validators whom it hits (sorted ascending)
   */
  void apply(int index, FaultSpec spec, int[] validators, Committee committee,
      FaultPlan.Builder plan);
}
