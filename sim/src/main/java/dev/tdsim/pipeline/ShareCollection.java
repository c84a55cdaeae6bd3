package dev.tdsim.pipeline;

import dev.tdsim.consensus.ProcessingTime;
import dev.tdsim.crypto.tpke.Committee;
import dev.tdsim.crypto.tpke.SignerSet;
import dev.tdsim.engine.Simulation;
import dev.tdsim.faults.FaultPlan;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Collections;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import java.util.stream.Collectors;
import java.util.stream.IntStream;

/**
 * The combiner's side of the share flow, from the commits to the plaintexts: who combines a
 * height, the signer set it announces (variants that fold it into the shares), when enough
 * shares are in or the share timeout ends the wait, and, when a block_propose leaves payloads
 * unopened, the reshare without the validators it named faulty (or the wait for one more
 * validator's shares).
 */
final class ShareCollection {
  /** Why a signer that sent nothing in time is excluded (missing, not proven faulty). */
  static final String NO_SHARE_IN_TIME =
      "no decryption share within crypto.share_timeout";

  /** The combiner's bookkeeping of one height, from the first commit to the plaintexts. */
  private static final class Collecting {
    final int height;
    final long[] commitAt;
    final long[] announcedAt;
    final boolean[] started;
    final List<Integer> arrived = new ArrayList<>();
    /** The shares each arrived validator sent the combiner (current signer set). */
    final Map<Integer, List<byte[]>> sent = new HashMap<>();
    /** Validators named faulty at this height, with the reason. */
    final Map<Integer, String> excluded = new TreeMap<>();
    /** Opened plaintexts by ciphertext index. */
    final Map<Integer, byte[]> plaintexts = new HashMap<>();
    /** Ciphertext indices still to open (all of them until the first block_propose). */
    List<Integer> pending;
    Decision decision;
    int combiner = -1;
    /** The round-0 proposer of the next height, and the validator after it by id. */
    int designated = -1;
    int backup = -1;
    long commitNanos = -1;
    SignerSet signers;
    int generation;
    /**
     * Folded-style designs: the signers left without the missing hold fewer than t points, so
     * the combiner waits for a missing validator to come back (its commit) before it announces
     * again.
     */
    boolean waitingForMissing;
    boolean combining;
    boolean busy;
    boolean done;
    /** The usable shares of the last attempt that found fewer than t honest (not to retry). */
    List<Integer> shortWith = List.of();
    int reshares;
    long sharesCompleteNanos = -1;
    long criticalCreateNanos;
    long reshareFromNanos = -1;

    Collecting(int height, int validators, ProposedBlock block) {
      this.height = height;
      this.commitAt = new long[validators];
      this.announcedAt = new long[validators];
      this.started = new boolean[validators];
      Arrays.fill(commitAt, -1);
      Arrays.fill(announcedAt, -1);
      this.pending = block == null ? null : IntStream.range(0, block.size()).boxed().toList();
    }

    /** Arrived and not named faulty. */
    List<Integer> usable() {
      return arrived.stream().filter(v -> !excluded.containsKey(v)).toList();
    }
  }

  private final PipelineContext ctx;
  private final Simulation sim;
  private final PipelineSettings settings;
  private final ConsensusHost host;
  private final ShareCreation creation;
  private final CombinerBlockPropose blockPropose;
  private final HeightRecorder recorder;
  private final Map<Integer, Collecting> heights = new HashMap<>();
  private final CombinerChoice choice;

  ShareCollection(PipelineContext ctx, CombinerChoice choice, ConsensusHost host,
      HeightRecorder recorder) {
    this.ctx = ctx;
    this.choice = choice;
    this.sim = ctx.sim;
    this.settings = ctx.settings;
    this.host = host;
    this.recorder = recorder;
    this.creation = new ShareCreation(ctx, this::onShareArrival);
    this.blockPropose = new CombinerBlockPropose(ctx);
  }

  private Collecting state(int height) {
    return heights.computeIfAbsent(height,
        h -> new Collecting(h, ctx.committee.validators(), host.proposed(h)));
  }

  CombinerBlockPropose blockPropose() {
    return blockPropose;
  }

  /**
   * Real CPU nanoseconds spent because of share faults: blame, block_propose calls that ran out
   * of honest shares, and every reshare round's honest shares and block_propose.
   */
  long shareFaultCpuNanos() {
    return creation.shareFaultCpuNanos() + blockPropose.shareFaultCpuNanos();
  }

  /**
   * Consensus decided {@code height} (a validator committed it): the first time, its decision
   * is these; returns whether this was the first.
   */
  boolean decided(int height, int round, long atNanos, ProcessingTime costs) {
    Collecting st = state(height);
    if (st.decision != null) {
      return false;
    }
    st.decision = new Decision(round, atNanos, costs);
    recorder.decided(height, st.decision);
    return true;
  }

  /**
   * {@code validator} committed {@code height}: the first commit fixes the combiner; the
   * combiner's own commit announces the signer set (variants that fold it) or tries to combine;
   * every validator then makes its shares.
   */
  void onCommit(int validator, int height, int round, long atNanos, List<Integer> signers,
      ProcessingTime costs) {
    Collecting st = state(height);
    st.commitAt[validator] = atNanos;
    decided(height, round, atNanos, costs);
    if (st.combiner < 0) {
      CombinerChoice.Combiners c = choice.at(height, atNanos);
      st.combiner = c.combiner();
      st.designated = c.designated();
      st.backup = c.backup();
    }
    boolean folding = ctx.folding();
    if (!folding && st.signers == null) {
      st.signers = SignerSet.all(ctx.committee(height));
    }
    if (st.waitingForMissing && validator != st.combiner
        && NO_SHARE_IN_TIME.equals(st.excluded.get(validator))) {
      announceAgain(st); // a missing signer committed late: it can share now
      return;
    }
    if (validator == st.combiner) {
      st.commitNanos = atNanos;
      if (folding) {
        // The combiner announces the signer set: validators fold it into their shares.
        announce(st, CombinerChoice.signerSet(ctx.committee(height), signers, st.excluded.keySet()));
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
   * Waits for the first fault change after {@code afterNanos} (a crash ends, a partition heals)
   * at which a missing signer can reach the combiner again, then announces again. With no such
   * change ahead the height stays undecrypted, as on a real chain.
   */
  private void awaitMissingAfter(Collecting st, long afterNanos) {
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

  private boolean aMissingSignerIsBack(Collecting st, long atNanos) {
    FaultPlan plan = settings.faults();
    for (var e : st.excluded.entrySet()) {
      int v = e.getKey();
      if (NO_SHARE_IN_TIME.equals(e.getValue())
          && !plan.isCrashed(v, st.height, atNanos)
          && plan.canReach(v, st.combiner, st.height, atNanos)) {
        return true;
      }
    }
    return false;
  }

  /** Announces again to every validator not proven faulty (the missing may share now). */
  private void announceAgain(Collecting st) {
    st.waitingForMissing = false;
    st.excluded.values().removeIf(NO_SHARE_IN_TIME::equals);
    announce(st, CombinerChoice.signerSet(ctx.committee(st.height), List.of(),
        st.excluded.keySet()));
  }

  /** The validators excluded for a proven fault (not merely for sending nothing in time). */
  private static Set<Integer> faultyOnly(Collecting st) {
    return st.excluded.entrySet().stream().filter(e -> !NO_SHARE_IN_TIME.equals(e.getValue()))
        .map(Map.Entry::getKey).collect(Collectors.toSet());
  }

  /**
   * The combiner announces the signer set whose shares it will combine (variants that fold the
   * set into their shares): at the combiner's commit, and again after blame without the faulty
   * (a reshare; the message then also lists the ciphertexts still to open).
   */
  private void announce(Collecting st, SignerSet set) {
    st.generation++;
    st.signers = set;
    st.arrived.clear();
    st.sent.clear();
    st.combining = false;
    Arrays.fill(st.announcedAt, -1);
    Arrays.fill(st.started, false);
    if (set == null) {
      finish(st); // more than n - t of the key shares are faulty or missing: nothing to combine
      return;
    }
    int gen = st.generation;
    long bytes = 64 + 4L * set.size() + (gen > 1 ? 4L * st.pending.size() : 0);
    ctx.net.broadcast(st.combiner, bytes, receiver -> {
      if (st.generation == gen && !st.done) {
        st.announcedAt[receiver] = sim.nowNanos();
        startShares(st, receiver);
      }
    });
    if (!settings.faults().isEmpty()) {
      sim.scheduleAfter(settings.shareTimeoutNanos(), s -> onShareTimeout(st, gen));
    }
  }

  private void onShareArrival(int height, int gen, int validator, List<byte[]> shares,
      long readyAt, long createNanos) {
    Collecting st = state(height);
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
  private boolean enough(Collecting st) {
    if (ctx.folding()) {
      return st.arrived.size() == st.signers.size();
    }
    List<Integer> usable = st.usable();
    Committee committee = ctx.committee(st.height);
    return usable.stream().mapToInt(committee::pointsOf).sum() >= committee.threshold()
        && !usable.equals(st.shortWith);
  }

  /**
   * A variant that folds the signer set: the combiner stops waiting for the announced set's
   * shares and combines what it has (block_propose then finds the set incomplete, and the
   * combiner reshares without the missing signers).
   */
  private void onShareTimeout(Collecting st, int gen) {
    if (st.done || gen != st.generation || st.busy || st.combining) {
      return;
    }
    st.combining = true;
    if (st.sharesCompleteNanos < 0) {
      st.sharesCompleteNanos = sim.nowNanos();
    }
    tryCombine(st);
  }

  private void tryCombine(Collecting st) {
    if (st.done || st.busy || st.commitNanos < 0 || st.signers == null) {
      return;
    }
    boolean ready = ctx.folding() ? st.combining : enough(st);
    if (ready) {
      if (st.sharesCompleteNanos < 0) {
        st.sharesCompleteNanos = sim.nowNanos();
      }
      attempt(st);
    }
  }

  /** What the combiner does when a block_propose ends: done, reshare, or wait for more shares. */
  private void afterAttempt(Collecting st, boolean wasShort, List<Integer> usedSet) {
    st.busy = false;
    st.pending = settings.real(st.height)
        ? st.pending.stream().filter(j -> !st.plaintexts.containsKey(j)).toList()
        : List.of();
    if (st.pending.isEmpty()) {
      finish(st);
      return;
    }
    if (st.reshareFromNanos < 0) {
      st.reshareFromNanos = sim.nowNanos();
    }
    if (ctx.folding()) {
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
      SignerSet next = CombinerChoice.signerSet(committee, keep, st.excluded.keySet());
      if (next == null && CombinerChoice.signerSet(committee, List.of(), faultyOnly(st)) != null) {
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
      if (st.arrived.size() == ctx.committee.validators() && st.usable().equals(usedSet)) {
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

  /**
   * {@code validator} makes its shares for the current signer set and sends them to the
   * combiner, once it has committed, is in the set and (variants that fold the set) has the
   * combiner's announcement; once per signer set.
   */
  private void startShares(Collecting st, int validator) {
    // Without share faults, validators that commit after the combiner already has enough shares
    // send none (they would change nothing); with them every validator sends.
    if (st.done || (st.combining && !settings.faults().hasShareFaults()) || st.signers == null
        || st.started[validator] || st.commitAt[validator] < 0
        || !st.signers.contains(validator)
        || (ctx.folding() && st.announcedAt[validator] < 0)) {
      return;
    }
    st.started[validator] = true;
    creation.startShares(new ShareCreation.Request(st.height, st.generation, validator,
        st.signers, st.combiner, st.designated, st.backup, st.commitAt[validator],
        covered(st)));
  }

  private Covered covered(Collecting st) {
    return ctx.covered(host.proposed(st.height), st.pending);
  }

  /**
   * One block_propose over the shares the combiner has: the validators it names are excluded
   * and what it opens is kept at once; what follows from it comes when its time has passed.
   */
  private void attempt(Collecting st) {
    st.busy = true;
    List<Integer> senders = ctx.folding() ? st.arrived : st.usable();
    CombinerBlockPropose.Outcome o = blockPropose.attempt(st.height, new CombinerBlockPropose.Input(
        st.combiner, host.heldBlockAt(st.height, st.combiner), st.commitNanos, st.signers,
        List.copyOf(senders), new HashMap<>(st.sent), covered(st)));
    st.plaintexts.putAll(o.opened());
    Map<Integer, String> named = new TreeMap<>(o.named());
    if (ctx.folding()) {
      for (int v : st.signers.validators()) {
        if (!senders.contains(v)) {
          named.put(v, NO_SHARE_IN_TIME);
        }
      }
    }
    named.forEach(st.excluded::putIfAbsent);
    // The set tried, in arrival order less the named (what usable() gives when nothing changed).
    List<Integer> tried = (ctx.folding() ? st.arrived : st.usable()).stream()
        .filter(v -> !st.excluded.containsKey(v)).toList();
    boolean wasShort = o.wasShort();
    sim.scheduleAfter(o.nanos(), s -> afterAttempt(st, wasShort, tried));
  }

  /** The height is done: every payload opened, or nothing more can be opened. */
  private void finish(Collecting st) {
    st.done = true;
    st.sent.clear();
    creation.forget(st.height);
    recorder.finish(new HeightRecorder.Decrypted(host.proposed(st.height), st.decision,
        st.combiner, st.commitNanos, st.sharesCompleteNanos, st.criticalCreateNanos,
        Collections.unmodifiableMap(st.excluded), st.reshares, st.reshareFromNanos,
        Map.copyOf(st.plaintexts), blockPropose.tally(st.height)));
  }
}
