package dev.tdsim.pipeline;

import dev.tdsim.consensus.ProcessingTime;
import dev.tdsim.crypto.tpke.Committee;
import dev.tdsim.crypto.tpke.SignerSet;
import dev.tdsim.engine.Simulation;
import dev.tdsim.faults.FaultPlan;
import java.util.Arrays;
import java.util.Collections;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import java.util.stream.Collectors;

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

  private final PipelineContext ctx;
  private final Simulation sim;
  private final PipelineSettings settings;
  private final ConsensusHost host;
  private final ShareCreation creation;
  private final CombinerBlockPropose blockPropose;
  private final HeightRecorder recorder;
  private final Map<Integer, HeightShares> heights = new HashMap<>();
  private final CombinerChoice choice;

  ShareCollection(PipelineContext ctx, CombinerChoice choice, ConsensusHost host,
      HeightRecorder recorder) {
    this.ctx = ctx;
    this.choice = choice;
    this.sim = ctx.sim;
    this.settings = ctx.settings;
    this.host = host;
    this.recorder = recorder;
    this.creation = new ShareCreation(ctx, this::onShareArrival, this::onSharesSent);
    this.blockPropose = new CombinerBlockPropose(ctx);
  }

  private HeightShares state(int height) {
    return heights.computeIfAbsent(height, h -> new HeightShares(h, ctx.committee.validators()));
  }

  /** {@code combiner}'s collection of {@code h}'s shares, begun on first use. */
  private CombinerShares collecting(HeightShares h, int combiner) {
    return h.byCombiner.computeIfAbsent(combiner, c -> {
      CombinerShares st = new CombinerShares(h, c, host.proposed(h.height));
      if (!ctx.folding()) {
        st.signers = SignerSet.all(ctx.committee(h.height));
      }
      return st;
    });
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
    HeightShares h = state(height);
    if (h.decision != null) {
      return false;
    }
    h.decision = new Decision(round, atNanos, costs);
    recorder.decided(height, h.decision);
    return true;
  }

  /**
   * {@code validator} committed {@code height}: the first commit fixes the designated combiner
   * (and the failover order); with every validator combining, the validator tries to combine
   * and broadcasts its shares; else it joins the candidate combiner the others have reached.
   */
  void onCommit(int validator, int height, int round, long atNanos, List<Integer> signers,
      ProcessingTime costs) {
    HeightShares h = state(height);
    h.commitAt[validator] = atNanos;
    if (!h.done) {
      h.commitSigners.set(validator, signers);
    }
    decided(height, round, atNanos, costs);
    HeightShares executed = heights.get(host.plaintextsKnownAtCommitOf(height));
    if (executed != null && executed.failover != null) {
      executed.failover.learned(validator); // this block was proposed on those plaintexts
    }
    if (h.combiners == null) {
      CombinerChoice.Combiners c = choice.at(height, atNanos);
      h.combiners = c;
      if (!settings.combiner().everyValidatorCombines()) {
        h.failover = new CombinerFailover(sim, settings.combinerTimeoutNanos(),
            settings.faults().changeTimesNanos(),
            CombinerChoice.candidates(c, ctx.committee.validators()),
            ctx.committee.validators(), (v, i) -> enter(h, v, i));
      }
    }
    if (h.failover == null) {
      CombinerShares own = collecting(h, validator);
      own.began = true;
      tryCombine(own);
      broadcastShares(h, validator);
      return;
    }
    enter(h, validator, h.failover.joinIndex());
  }

  /**
   * {@code validator} (committed) sends its shares to the candidate combiner at {@code index}:
   * the combiner itself announces its signer set (variants that fold it) or tries to combine.
   */
  private void enter(HeightShares h, int validator, int index) {
    if (h.done) {
      return;
    }
    h.failover.entered(validator, index);
    CombinerShares st = collecting(h, h.failover.candidate(index));
    if (index >= h.failover.candidates()) {
      st.started[validator] = false; // a later pass: its earlier shares may have been lost
    }
    if (st.waitingForMissing && validator != st.combiner
        && NO_SHARE_IN_TIME.equals(st.excluded.get(validator))) {
      announceAgain(st); // a missing signer committed late: it can share now
      return;
    }
    if (failoverArmed()) {
      h.failover.arm(validator); // restarted when its shares leave
    }
    if (validator == st.combiner && !st.began) {
      st.began = true;
      if (ctx.folding()) {
        // The combiner announces the signer set: validators fold it into their shares.
        // (no set: the height is done, and startShares sends nothing)
        announce(st, CombinerChoice.signerSet(ctx.committee(h.height),
            h.commitSigners.get(validator), st.excluded.keySet()));
      } else {
        tryCombine(st);
      }
    }
    startShares(st, validator);
  }

  /** Whether the combiner is crashed now: it combines nothing, its results are lost. */
  private boolean crashed(CombinerShares st) {
    return !settings.faults().isEmpty()
        && settings.faults().isCrashed(st.combiner, st.height, sim.nowNanos());
  }

  /**
   * Whether validators fail over: only with faults that can keep a combiner from delivering
   * (node and network faults: those that change consensus). Without them the designated
   * combiner always finishes; share and dealer faults leave it live and reachable.
   */
  private boolean failoverArmed() {
    return settings.faults().actsOnMessages();
  }

  /** {@code validator}'s shares left for {@code combiner}: its wait for the plaintexts starts. */
  private void onSharesSent(int height, int validator, int combiner) {
    HeightShares h = state(height);
    if (h.failover != null && failoverArmed() && !h.done
        && h.failover.candidate(h.failover.index(validator)) == combiner) {
      h.failover.arm(validator);
    }
  }

  /** With every validator combining: {@code validator} sends its shares to all, once. */
  private void broadcastShares(HeightShares h, int validator) {
    if (h.done || h.broadcast[validator]) {
      return;
    }
    h.broadcast[validator] = true;
    creation.startShares(new ShareCreation.Request(h.height, 0, validator,
        SignerSet.all(ctx.committee(h.height)), ShareCreation.TO_ALL, h.combiners.designated(), h.combiners.backup(),
        h.commitAt[validator], ctx.covered(host.proposed(h.height),
            collecting(h, validator).pending)));
  }

  /**
   * Waits for the first fault change after {@code afterNanos} (a crash ends, a partition heals)
   * at which a missing signer can reach the combiner again, then announces again. With no such
   * change ahead the height stays undecrypted, as on a real chain.
   */
  private void awaitMissingAfter(CombinerShares st, long afterNanos) {
    for (long change : settings.faults().changeTimesNanos()) {
      if (change > afterNanos) {
        sim.schedule(change, s -> {
          if (!st.waitingForMissing || st.h.done) {
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

  private boolean aMissingSignerIsBack(CombinerShares st, long atNanos) {
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
  private void announceAgain(CombinerShares st) {
    st.waitingForMissing = false;
    st.excluded.values().removeIf(NO_SHARE_IN_TIME::equals);
    announce(st, CombinerChoice.signerSet(ctx.committee(st.height), List.of(),
        st.excluded.keySet()));
  }

  /** The validators excluded for a proven fault (not merely for sending nothing in time). */
  private static Set<Integer> faultyOnly(CombinerShares st) {
    return st.excluded.entrySet().stream().filter(e -> !NO_SHARE_IN_TIME.equals(e.getValue()))
        .map(Map.Entry::getKey).collect(Collectors.toSet());
  }

  /**
   * The combiner announces the signer set whose shares it will combine (variants that fold the
   * set into their shares): at the combiner's commit, and again after blame without the faulty
   * (a reshare; the message then also lists the ciphertexts still to open).
   */
  private void announce(CombinerShares st, SignerSet set) {
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
      if (st.generation == gen && !st.h.done) {
        st.announcedAt[receiver] = sim.nowNanos();
        startShares(st, receiver);
      }
    });
    if (!settings.faults().isEmpty()) {
      sim.scheduleAfter(settings.shareTimeoutNanos(), s -> onShareTimeout(st, gen));
    }
  }

  private void onShareArrival(int height, int gen, int combiner, int validator,
      List<byte[]> shares, long readyAt, long createNanos) {
    HeightShares h = state(height);
    if (h.done) {
      return;
    }
    CombinerShares st = collecting(h, combiner);
    if (gen != st.generation || (st.combining && !settings.faults().hasShareFaults())
        || st.sent.containsKey(validator)) {
      // shares for an older signer set cannot be combined with the new one; a failover pass
      // that sent them again adds nothing
      return;
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
  private boolean enough(CombinerShares st) {
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
  private void onShareTimeout(CombinerShares st, int gen) {
    if (st.h.done || gen != st.generation || st.busy || st.combining) {
      return;
    }
    st.combining = true;
    if (st.sharesCompleteNanos < 0) {
      st.sharesCompleteNanos = sim.nowNanos();
    }
    tryCombine(st);
  }

  private void tryCombine(CombinerShares st) {
    if (st.h.done || st.busy || st.commitNanos() < 0 || st.signers == null || crashed(st)) {
      return;
    }
    boolean ready = ctx.folding() ? st.combining : enough(st);
    if (ready) {
      if (st.sharesCompleteNanos < 0) {
        st.sharesCompleteNanos = sim.nowNanos();
      }
      attempt(st);
    } else if (st.shortWith != null && soleCombiner() && allSharesIn(st)) {
      // After a short block_propose (a design that does not fold the set: it waits for more
      // shares) the last shares came and still fall short of t honest points: nothing more can
      // come, those stay unopened.
      finish(st);
    }
  }

  /** Every validator's shares reached the combiner (for its current signer set). */
  private boolean allSharesIn(CombinerShares st) {
    return st.arrived.size() == ctx.committee.validators();
  }

  /**
   * Whether a height's designated combiner is the only one that ever gets its shares: no
   * validator combines on its own and none fails over (no fault acts on messages). Otherwise a
   * combiner short of honest shares leaves the height to the others (an equivocator's correct
   * shares go to them), or to the failover.
   */
  private boolean soleCombiner() {
    return !settings.combiner().everyValidatorCombines() && !failoverArmed();
  }

  /** What the combiner does when a block_propose ends: done, reshare, or wait for more shares. */
  private void afterAttempt(CombinerShares st, boolean wasShort, List<Integer> usedSet) {
    st.busy = false;
    if (st.h.done || crashed(st)) {
      return; // another combiner finished first, or this one crashed while it combined
    }
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
      Committee committee = ctx.committee(st.height);
      // The set without the excluded (signerSet leaves them out), widened if short of t.
      SignerSet next = CombinerChoice.signerSet(committee, st.signers.validators(),
          st.excluded.keySet());
      if (next == null && CombinerChoice.signerSet(committee, List.of(), faultyOnly(st)) != null) {
        // Short of t only because validators are missing (crashed, cut off), not faulty: their
        // shares can still come, so wait for one of them to commit again rather than give up.
        st.waitingForMissing = true;
        awaitMissingAfter(st, sim.nowNanos());
        return;
      }
      announce(st, next);
    } else if (wasShort) {
      // Fewer than t honest among them: wait for one more validator's shares, then retry (none
      // left to come, or nothing new to try: those stay unopened).
      st.shortWith = usedSet;
      if (allSharesIn(st) && (soleCombiner() ? !enough(st) : st.usable().equals(usedSet))) {
        finish(st);
        return;
      }
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
  private void startShares(CombinerShares st, int validator) {
    // Without share faults, validators that commit after the combiner already has enough shares
    // send none (they would change nothing); with them every validator sends.
    if (st.h.done || (st.combining && !settings.faults().hasShareFaults()) || st.signers == null
        || st.started[validator] || st.h.commitAt[validator] < 0
        || !st.signers.contains(validator)
        || (ctx.folding() && st.announcedAt[validator] < 0)) {
      return;
    }
    st.started[validator] = true;
    creation.startShares(new ShareCreation.Request(st.height, st.generation, validator,
        st.signers, st.combiner, st.h.combiners.designated(), st.h.combiners.backup(),
        st.h.commitAt[validator],
        covered(st)));
  }

  private Covered covered(CombinerShares st) {
    return ctx.covered(host.proposed(st.height), st.pending);
  }

  /**
   * One block_propose over the shares the combiner has: the validators it names are excluded
   * and what it opens is kept at once; what follows from it comes when its time has passed.
   */
  private void attempt(CombinerShares st) {
    st.busy = true;
    List<Integer> senders = ctx.folding() ? st.arrived : st.usable();
    CombinerBlockPropose.Outcome o = blockPropose.attempt(st.height, new CombinerBlockPropose.Input(
        st.combiner, host.heldBlockAt(st.height, st.combiner), st.commitNanos(), st.signers,
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
  private void finish(CombinerShares st) {
    HeightShares h = st.h;
    h.done = true;
    for (CombinerShares other : h.byCombiner.values()) {
      other.sent.clear();
    }
    Collections.fill(h.commitSigners, null); // no candidate announces a set any more
    creation.forget(st.height);
    blockPropose.forget(st.height);
    if (h.failover != null && failoverArmed()) {
      announcePlaintexts(st);
    }
    recorder.finish(new HeightRecorder.Decrypted(host.proposed(st.height), h.decision,
        st.combiner, st.commitNanos(), st.sharesCompleteNanos, st.criticalCreateNanos,
        Collections.unmodifiableMap(st.excluded), st.reshares, st.reshareFromNanos,
        Map.copyOf(st.plaintexts), blockPropose.tally(st.height, st.combiner)));
  }

  /**
   * The combiner that finished tells every validator (failover with faults), so that they stop
   * failing over: the height and what opens the block, one combined share per share a validator
   * sends (the same group elements), with a header as the signer-set announcement's.
   */
  private void announcePlaintexts(CombinerShares st) {
    Covered covered = covered(st);
    long bytes = 64 + (long) ctx.design.sharesPerBlock(covered.block().size())
        * ctx.design.shareWireBytes(ctx.committee(st.height), st.combiner);
    CombinerFailover failover = st.h.failover;
    ctx.net.broadcast(st.combiner, bytes, failover::learned);
  }
}
