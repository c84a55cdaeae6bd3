package dev.tdsim.faults;

import dev.tdsim.consensus.NodeFaults;
import java.util.ArrayList;
import java.util.List;
import java.util.TreeSet;

/**
 * The faults of one run as it goes: the immutable {@link FaultPlan} plus the chain's height (for
 * faults bounded by heights) and what the protocol reported (evidence, conflicting commits). The
 * consensus protocol asks it through {@link NodeFaults}; the fault transports ask the plan with
 * {@link #chainHeight()}. One per run; not thread-safe (the event loop is single-threaded).
 */
public final class ActiveFaults implements NodeFaults {
  private final FaultPlan plan;
  private final long[] changes;
  private final boolean any;
  private int chainHeight = 1;
  private long evidence;
  private final TreeSet<Long> equivocations = new TreeSet<>();
  private final TreeSet<Integer> equivocators = new TreeSet<>();
  private final List<Integer> conflictingHeights = new ArrayList<>();
  /** Null unless some validator sends bad threshold-BLS partials ({@link #certifyWith}). */
  private BadPartials badPartials;

  public ActiveFaults(FaultPlan plan) {
    this.plan = plan;
    this.changes = plan.changeTimesNanos();
    this.any = plan.actsOnMessages();
  }

  public FaultPlan plan() {
    return plan;
  }

  /**
   * The run's commit certificate keys, for the faults that send bad threshold-BLS partials
   * (only set when some fault's kind {@link FaultKind#forgesPartials}).
   */
  public void certifyWith(dev.tdsim.crypto.cert.CommitteeCertifier certifier) {
    badPartials = new BadPartials(plan, certifier);
  }

  /** Whether some fault sends bad threshold-BLS partials (then {@link #certifyWith} is due). */
  public boolean forgesPartials() {
    return plan.faults().stream().anyMatch(f -> f.kind().forgesPartials());
  }

  /** The height the chain is deciding: one above the highest height committed so far. */
  public int chainHeight() {
    return chainHeight;
  }

  /** Called when some validator first commits {@code height}. */
  public void committed(int height) {
    chainHeight = Math.max(chainHeight, height + 1);
  }

  @Override
  public boolean isCrashed(int validator, long atNanos) {
    return plan.isCrashed(validator, chainHeight, atNanos);
  }

  @Override
  public boolean isSilentProposer(int validator, long atNanos) {
    return plan.isSilentProposer(validator, chainHeight, atNanos);
  }

  @Override
  public boolean equivocatesAsProposer(int validator, long atNanos) {
    return plan.equivocatesAsProposer(validator, chainHeight, atNanos);
  }

  @Override
  public boolean equivocatesAsVoter(int validator, long atNanos) {
    return plan.equivocatesAsVoter(validator, chainHeight, atNanos);
  }

  @Override
  public dev.tdsim.consensus.SplitVote splitVote(int validator, long atNanos) {
    return plan.splitVote(validator, chainHeight, atNanos);
  }

  @Override
  public boolean hasSplitVotes() {
    return plan.hasSplitVotes();
  }

  @Override
  public List<Integer> goodCertificateParts(int height, List<Integer> precommitters,
      long atNanos) {
    return badPartials == null || precommitters.isEmpty() ? precommitters
        : badPartials.good(height, precommitters, atNanos);
  }

  @Override
  public long extraCombineNanos(int height, List<Integer> precommitters, long atNanos,
      dev.tdsim.consensus.CertificateCosts certificate) {
    return badPartials == null || precommitters.isEmpty() ? 0
        : badPartials.extraNanos(height, precommitters, atNanos, certificate);
  }

  @Override
  public double cpuFactor(int validator, long atNanos) {
    return plan.cpuFactor(validator, chainHeight, atNanos);
  }

  @Override
  public long[] changeTimesNanos() {
    return changes.clone();
  }

  @Override
  public boolean any() {
    return any;
  }

  @Override
  public void onEvidence(int detector, int culprit, int height, int round) {
    evidence++;
    equivocators.add(culprit);
    equivocations.add(((long) culprit << 40) | ((long) height << 16) | (round & 0xffff));
  }

  @Override
  public void onConflictingCommit(int height) {
    conflictingHeights.add(height);
  }

  /** How many times an honest validator held two conflicting votes of one validator. */
  public long evidenceDetections() {
    return evidence;
  }

  /** Distinct (validator, height, round) at which conflicting votes were detected. */
  public int equivocationsDetected() {
    return equivocations.size();
  }

  /** The validators caught equivocating, ascending. */
  public List<Integer> equivocators() {
    return List.copyOf(equivocators);
  }

  /** The validators a certificate's combiner named for bad threshold-BLS partials, ascending. */
  public List<Integer> namedForBadPartials() {
    return badPartials == null ? List.of() : badPartials.named();
  }

  /** Heights at which two validators committed different blocks (must stay empty). */
  public List<Integer> conflictingCommits() {
    return List.copyOf(conflictingHeights);
  }
}
