package dev.tdsim.pipeline;

import dev.tdsim.consensus.ConsensusProtocol;
import dev.tdsim.consensus.ProcessingTime;
import dev.tdsim.crypto.tpke.Committee;
import dev.tdsim.crypto.tpke.SignerSet;
import dev.tdsim.engine.Simulation;
import dev.tdsim.faults.FaultPlan;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.function.IntUnaryOperator;

/**
 * The combiner's side of the share flow, from the commits to the plaintexts: who combines a
 * height, the signer set it announces (variants that fold it into the shares), when enough
 * shares are in or the share timeout ends the wait, and, when a block_propose leaves payloads
 * unopened, the reshare without the validators it named faulty (or the wait for one more
 * validator's shares).
 */
final class ShareCollection {
  private final PipelineContext ctx;
  private final Simulation sim;
  private final Messenger net;
  private final DecryptionPipeline.Settings settings;
  private final Committee committee;
  private final ShareCreation creation;
  private final CombinerBlockPropose blockPropose;
  private final HeightRecorder recorder;
  private ConsensusProtocol consensus;
  private IntUnaryOperator combinerOf;

  ShareCollection(PipelineContext ctx, HeightRecorder recorder) {
    this.ctx = ctx;
    this.sim = ctx.sim;
    this.net = ctx.net;
    this.settings = ctx.settings;
    this.committee = ctx.committee;
    this.recorder = recorder;
    this.creation = new ShareCreation(ctx, this::onShareArrival);
    this.blockPropose = new CombinerBlockPropose(ctx, this::afterAttempt);
  }

  /** The consensus model, asked for the next height's proposers. */
  void attach(ConsensusProtocol consensus) {
    this.consensus = consensus;
  }

  /** See {@link DecryptionPipeline#combinerRule}. */
  void combinerRule(IntUnaryOperator combinerOfHeight) {
    this.combinerOf = combinerOfHeight;
  }

  CombinerBlockPropose blockPropose() {
    return blockPropose;
  }

  ShareCreation creation() {
    return creation;
  }

  /**
   * {@code validator} committed {@code height}: the first commit fixes the combiner; the
   * combiner's own commit announces the signer set (variants that fold it) or tries to combine;
   * every validator then makes its shares.
   */
  void onCommit(int validator, int height, int round, long atNanos, List<Integer> signers,
      ProcessingTime costs) {
    HeightState st = state(height);
    st.commitAt[validator] = atNanos;
    if (st.decidedNanos < 0) {
      st.decidedNanos = atNanos;
      st.decidedRound = round;
      st.processing = costs;
    }
    if (st.combiner < 0) {
      // The runner's rule when faults may keep the round-0 proposer from proposing; else the
      // designated combiner, or the next live one when it is crashed.
      st.combiner = combinerOf != null ? combinerOf.applyAsInt(height)
          : designatedCombiner(height, atNanos);
      // Asked of the rotation only for round 0 (always reached): asking a later round ahead of
      // time would shift the proposer rotation.
      st.designated = consensus.proposer(height + 1, 0);
      st.backup = (st.designated + 1) % committee.validators();
    }
    boolean folding = folding();
    if (!folding && st.signers == null) {
      st.signers = SignerSet.all(ctx.committee(height));
    }
    if (st.waitingForMissing && validator != st.combiner
        && HeightState.NO_SHARE_IN_TIME.equals(st.excluded.get(validator))) {
      announceAgain(st); // a missing signer committed late: it can share now
      return;
    }
    if (validator == st.combiner) {
      st.round = round;
      st.commitNanos = atNanos;
      if (folding) {
        // The combiner announces the signer set: validators fold it into their shares.
        announce(st, signerSetFrom(ctx.committee(height), signers, st.excluded.keySet()));
        if (st.signers == null) {
          return;
        }
      } else {
        tryCombine(st);
      }
    }
    startShares(st, validator);
  }

  /**
   * The combiner of {@code height}: the proposer of height + 1 in round 0, or, when that one is
   * crashed at the first commit, the proposer of the first later round who is not (the one that
   * will propose height + 1).
   */
  private int designatedCombiner(int height, long atNanos) {
    FaultPlan plan = settings.faults();
    if (plan.isEmpty()) {
      return consensus.proposer(height + 1, 0);
    }
    for (int r = 0; r < committee.validators(); r++) {
      int p = consensus.proposer(height + 1, r);
      if (!plan.isCrashed(p, height + 1, atNanos)) {
        return p;
      }
    }
    return consensus.proposer(height + 1, 0);
  }

  /**
   * Waits for the first fault change after {@code afterNanos} (a crash ends, a partition heals)
   * at which a missing signer can reach the combiner again, then announces again. With no such
   * change ahead the height stays undecrypted, as on a real chain.
   */
  private void awaitMissingAfter(HeightState st, long afterNanos) {
    for (long change : settings.faults().changeTimesNanos()) {
      if (change > afterNanos) {
        sim.schedule(change, s -> {
          if (!st.waitingForMissing || st.done) {
            return;
          }
          if (aMissingSignerIsBack(st, change)) {
            announceAgain(st);
          } else {
            awaitMissingAfter(st, change);
          }
        });
        return;
      }
    }
  }

  private boolean aMissingSignerIsBack(HeightState st, long atNanos) {
    FaultPlan plan = settings.faults();
    for (var e : st.excluded.entrySet()) {
      int v = e.getKey();
      if (HeightState.NO_SHARE_IN_TIME.equals(e.getValue())
          && !plan.isCrashed(v, st.height, atNanos)
          && plan.canReach(v, st.combiner, st.height, atNanos)) {
        return true;
      }
    }
    return false;
  }

  /** Announces again to every validator not proven faulty (the missing may share now). */
  private void announceAgain(HeightState st) {
    st.waitingForMissing = false;
    st.excluded.values().removeIf(HeightState.NO_SHARE_IN_TIME::equals);
    announce(st, signerSetFrom(ctx.committee(st.height), List.of(),
        st.excluded.keySet()));
  }

  /** The validators excluded for a proven fault (not merely for sending nothing in time). */
  private static java.util.Set<Integer> faultyOnly(HeightState st) {
    java.util.Set<Integer> faulty = new java.util.TreeSet<>();
    st.excluded.forEach((v, why) -> {
      if (!HeightState.NO_SHARE_IN_TIME.equals(why)) {
        faulty.add(v);
      }
    });
    return faulty;
  }

  /**
   * The commit's signers without the excluded, widened in index order (skipping the excluded) if
   * their points fall short of t; null when even every validator left is short of t.
   */
  private static SignerSet signerSetFrom(Committee committee, List<Integer> commitSigners,
      java.util.Set<Integer> excluded) {
    List<Integer> chosen = new ArrayList<>();
    for (int v : commitSigners) {
      if (!excluded.contains(v)) {
        chosen.add(v);
      }
    }
    int points = chosen.stream().mapToInt(committee::pointsOf).sum();
    for (int v = 0; v < committee.validators() && points < committee.threshold(); v++) {
      if (!chosen.contains(v) && !excluded.contains(v)) {
        chosen.add(v);
        points += committee.pointsOf(v);
      }
    }
    return points < committee.threshold() ? null : SignerSet.of(committee, chosen);
  }

  /**
   * The combiner announces the signer set whose shares it will combine (variants that fold the
   * set into their shares): at the combiner's commit, and again after blame without the faulty
   * (a reshare; the message then also lists the ciphertexts still to open).
   */
  private void announce(HeightState st, SignerSet set) {
    st.generation++;
    st.signers = set;
    st.arrived.clear();
    st.sent.clear();
    st.genShares = null;
    st.combining = false;
    Arrays.fill(st.announcedAt, -1);
    Arrays.fill(st.started, false);
    if (set == null) {
      finish(st); // more than n - t of the key shares are faulty or missing: nothing to combine
      return;
    }
    int gen = st.generation;
    long bytes = 64 + 4L * set.size() + (gen > 1 ? 4L * st.pending.size() : 0);
    net.broadcast(st.combiner, bytes, receiver -> {
      if (st.generation == gen && !st.done) {
        st.announcedAt[receiver] = sim.nowNanos();
        startShares(st, receiver);
      }
    });
    if (!settings.faults().isEmpty()) {
      sim.scheduleAfter(settings.shareTimeoutNanos(), s -> onShareTimeout(st, gen));
    }
  }

  private void onShareArrival(HeightState st, int gen, int validator, List<byte[]> shares,
      long readyAt, long createNanos) {
    if (st.done || gen != st.generation || (st.combining && !settings.faults().hasShareFaults())) {
      return; // shares for an older signer set cannot be combined with the new one
    }
    st.arrived.add(validator);
    st.sent.put(validator, shares);
    if (!st.combining && enough(st)) {
      st.combining = true;
      if (st.sharesCompleteNanos < 0) {
        st.sharesCompleteNanos = sim.nowNanos();
        st.criticalCreateNanos = createNanos;
      }
    }
    tryCombine(st);
  }

  /** The shares the combiner waits for are in (the current attempt's). */
  private boolean enough(HeightState st) {
    if (folding()) {
      return st.arrived.size() == st.signers.size();
    }
    List<Integer> usable = usable(st);
    Committee committee = ctx.committee(st.height);
    return usable.stream().mapToInt(committee::pointsOf).sum() >= committee.threshold()
        && !usable.equals(st.shortWith);
  }

  /**
   * A variant that folds the signer set: the combiner stops waiting for the announced set's
   * shares and combines what it has (block_propose then finds the set incomplete, and the
   * combiner reshares without the missing signers).
   */
  private void onShareTimeout(HeightState st, int gen) {
    if (st.done || gen != st.generation || st.busy || st.combining) {
      return;
    }
    st.combining = true;
    st.timedOut = true;
    if (st.sharesCompleteNanos < 0) {
      st.sharesCompleteNanos = sim.nowNanos();
    }
    tryCombine(st);
  }

  private void tryCombine(HeightState st) {
    if (st.done || st.busy || st.commitNanos < 0 || st.signers == null) {
      return;
    }
    boolean ready = folding() ? st.combining : enough(st);
    if (ready) {
      if (st.sharesCompleteNanos < 0) {
        st.sharesCompleteNanos = sim.nowNanos();
      }
      attempt(st);
    }
  }

  /** What the combiner does when a block_propose ends: done, reshare, or wait for more shares. */
  private void afterAttempt(HeightState st, boolean wasShort, List<Integer> usedSet) {
    st.busy = false;
    st.pending = real(st.height)
        ? st.pending.stream().filter(j -> !st.plaintexts.containsKey(j)).toList()
        : List.of();
    if (st.pending.isEmpty()) {
      finish(st);
      return;
    }
    if (st.reshareFromNanos < 0) {
      st.reshareFromNanos = sim.nowNanos();
    }
    if (folding()) {
      // New shares for the set without the faulty and the missing (a reshare).
      boolean newFaulty = !st.signers.validators().stream()
          .allMatch(v -> !st.excluded.containsKey(v));
      if (!newFaulty) {
        finish(st); // nothing attributable: those payloads stay unopened, never wrong
        return;
      }
      st.reshares++;
      List<Integer> keep = st.signers.validators().stream()
          .filter(v -> !st.excluded.containsKey(v)).toList();
      Committee committee = ctx.committee(st.height);
      SignerSet next = signerSetFrom(committee, keep, st.excluded.keySet());
      if (next == null && signerSetFrom(committee, List.of(), faultyOnly(st)) != null) {
        // Short of t only because validators are missing (crashed, cut off), not faulty: their
        // shares can still come, so wait for one of them to commit again rather than give up.
        st.waitingForMissing = true;
        awaitMissingAfter(st, sim.nowNanos());
        return;
      }
      announce(st, next);
    } else if (wasShort) {
      // Fewer than t honest among them, or a bad share no spare point could attribute: wait for
      // one more validator's shares, then retry (none left to come: those stay unopened).
      if (st.arrived.size() == committee.validators() && usable(st).equals(usedSet)) {
        finish(st);
        return;
      }
      st.shortWith = usedSet;
      st.reshares++;
      st.combining = false;
      tryCombine(st);
    } else {
      finish(st); // nothing attributable: those payloads stay unopened, never wrong
    }
  }

  private void startShares(HeightState st, int validator) {
    creation.startShares(st, validator);
  }

  private void attempt(HeightState st) {
    blockPropose.attempt(st);
  }

  private void finish(HeightState st) {
    recorder.finish(st);
  }

  private HeightState state(int height) {
    return ctx.state(height);
  }

  private boolean real(int height) {
    return ctx.real(height);
  }

  private boolean folding() {
    return ctx.folding();
  }

  private List<Integer> usable(HeightState st) {
    return st.usable();
  }
}
