package dev.tdsim.epochs;

import dev.tdsim.consensus.Messenger;
import dev.tdsim.cpu.NodeCpu;
import dev.tdsim.crypto.tpke.Committee;
import dev.tdsim.engine.Simulation;
import dev.tdsim.faults.FaultPlan;
import dev.tdsim.pipeline.KeyGate;
import dev.tdsim.scenario.KeysConfig;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;

/**
 * The key epochs' DKGs over the simulated network, message by message, concurrently with
 * consensus (docs/SCENARIOS.md, keys). Per epoch that has a DKG:
 *
 * <ol>
 *   <li>at the start (time 0 for the first key set under {@code keys.setup: dkg}; for epoch e >=
 *       1, when height e * epoch_length - dkg_lead is first committed) every dealer that is not
 *       crashed deals (its measured deal, on its own hardware), then broadcasts its transcript and
 *       sends each other validator its private evaluations (wire sizes of {@link
 *       DkgComputation});
 *   <li>each validator, once it has a dealer's transcript and its own evaluations from it,
 *       verifies the transcript (the measured verification, on its own hardware, one at a time);
 *   <li>once it has handled every dealer, or at {@code keys.dkg_timeout} after the start for
 *       dealers that sent nothing, and it has handled every dealer that dealt, it aggregates the
 *       valid transcripts and checks its evaluations (measured), and holds the key.
 * </ol>
 *
 * <p>Every validator aggregates the same set (the dealers whose transcripts are valid): tdsim
 * assumes that set is agreed (in Ferveo it is fixed on chain). A validator's DKG calls run one
 * after another on the background worker pool of its {@link NodeCpu}, on the same cores as its
 * consensus thread: while consensus is busy the two share the cores (the DKG slows consensus and
 * consensus slows the DKG, docs/COSTS.md, "CPU model"). What a call costs is {@link DkgCosts}'s
 * business (the run's timing model: the cost model under {@code timing: model}, the one real
 * computation's measured CPU under {@code timing: measured}, with the calibrated serial
 * fraction).
 */
public final class NetworkDkg implements KeyGate {
  /** One epoch's simulated DKG as it happened. */
  private final class Epoch {
    final int epoch;
    final DkgComputation real;
    long startNanos = -1;
    int startHeight;
    final boolean[][] haveTranscript;
    final boolean[][] havePrivate;
    final int[] handled;
    final boolean[] timedOut;
    final long[] readyNanos;
    final List<List<Runnable>> waiting = new ArrayList<>();
    long bytes;
    final List<Integer> dealt = new ArrayList<>();

    Epoch(int epoch, DkgComputation real) {
      this.epoch = epoch;
      this.real = real;
      int v = validators;
      haveTranscript = new boolean[v][v];
      havePrivate = new boolean[v][v];
      handled = new int[v];
      timedOut = new boolean[v];
      readyNanos = new long[v];
      Arrays.fill(readyNanos, -1);
      for (int i = 0; i < v; i++) {
        waiting.add(new ArrayList<>());
      }
    }
  }

  private final Simulation sim;
  private final Messenger net;
  private final KeysConfig keys;
  private final Committee committee;
  /** Each validator's cores, shared with its consensus thread. */
  private final NodeCpu[] cpus;
  private final FaultPlan faults;
  private final int validators;
  private final EpochKeys epochKeys;
  /** Each epoch's DKG once started (null before, and for a dealer's key set). */
  private final Epoch[] epochs;
  private final DkgCosts costs;

  /**
   * @param keys the scenario's keys section (epochs, lead, timeout)
   * @param epochKeys computes each epoch's real DKG when it starts and holds its key set
   * @param costs what each DKG call costs (the run's timing model)
   */
  public NetworkDkg(Simulation sim, Messenger net, KeysConfig keys, EpochKeys epochKeys,
      NodeCpu[] cpus, FaultPlan faults, DkgCosts costs) {
    this.sim = sim;
    this.net = net;
    this.keys = keys;
    this.epochKeys = epochKeys;
    this.committee = epochKeys.committee();
    this.cpus = cpus;
    this.faults = faults;
    this.validators = committee.validators();
    this.epochs = new Epoch[epochKeys.epochs()];
    this.costs = costs;
  }

  /** Starts the first key set's DKG at time 0 under {@code keys.setup: dkg}. */
  public void start() {
    if (epochKeys.byDkg(0)) {
      begin(0, 0);
    }
  }

  @Override
  public void firstCommit(int height, long atNanos) {
    if (keys.epochLength() == 0) {
      return;
    }
    // The DKG of epoch e starts when height e * L - lead is first committed.
    int lead = keys.dkgLead();
    if ((height + lead) % keys.epochLength() == 0) {
      int e = (height + lead) / keys.epochLength();
      if (e < epochs.length && epochs[e] == null && epochKeys.byDkg(e)) {
        begin(e, atNanos).startHeight = height;
      }
    }
  }

  @Override
  public boolean holdsOrWait(int validator, int height, Runnable action) {
    int e = Math.min(keys.epochOf(height), epochs.length - 1);
    if (!epochKeys.byDkg(e)) {
      return true;
    }
    Epoch ep = epochs[e];
    if (ep == null) {
      throw new IllegalStateException("height " + height + " needs the key of epoch " + e
          + ", whose DKG has not started");
    }
    if (ep.readyNanos[validator] >= 0) {
      return true;
    }
    ep.waiting.get(validator).add(action);
    return false;
  }

  /**
   * Starts epoch e's DKG: its real computation ({@link EpochKeys#dkgAt}, which decides who deals
   * at this moment) and its messages and computations over the simulated network. The deals are
   * queued on the dealers' cores now (the large-committee consensus model reports a commit after
   * its time, {@code atNanos}: its deals then start that much late).
   */
  private Epoch begin(int e, long atNanos) {
    Epoch ep = new Epoch(e, epochKeys.dkgAt(e, atNanos));
    epochs[e] = ep;
    ep.startNanos = atNanos;
    for (DkgComputation.Dealer d : ep.real.dealers()) {
      int dealer = d.dealer();
      if (!d.dealt()) {
        continue; // no transcript
      }
      ep.dealt.add(dealer);
      cpus[dealer].background(costs.deal(ep.real, d), () -> publish(ep, d));
    }
    for (int v = 0; v < validators; v++) {
      int validator = v;
      sim.schedule(atNanos + keys.dkgTimeoutNanos(), s -> {
        ep.timedOut[validator] = true;
        maybeFinish(ep, validator);
      });
    }
    return ep;
  }

  /** The dealer's transcript to everyone, its evaluations to each validator. */
  private void publish(Epoch ep, DkgComputation.Dealer d) {
    int dealer = d.dealer();
    ep.bytes += d.transcriptBytes() * (validators - 1);
    ep.havePrivate[dealer][dealer] = true;
    net.broadcast(dealer, d.transcriptBytes(), to -> {
      ep.haveTranscript[to][dealer] = true;
      received(ep, to, d);
    });
    for (int v = 0; v < validators; v++) {
      if (v == dealer) {
        continue;
      }
      int to = v;
      long bytes = DkgComputation.privateBytes(ep.real.keySet().committee(), to);
      ep.bytes += bytes;
      net.send(dealer, to, bytes, () -> {
        ep.havePrivate[to][dealer] = true;
        received(ep, to, d);
      });
    }
  }

  private void received(Epoch ep, int v, DkgComputation.Dealer d) {
    int dealer = d.dealer();
    if (!ep.haveTranscript[v][dealer] || !ep.havePrivate[v][dealer]) {
      return;
    }
    Runnable handled = () -> {
      ep.handled[v]++;
      maybeFinish(ep, v);
    };
    if (v == dealer) {
      sim.schedule(sim.nowNanos(), s -> handled.run()); // its own needs no verification
    } else {
      cpus[v].background(costs.verify(ep.real, d, v), handled);
    }
  }

  private void maybeFinish(Epoch ep, int v) {
    if (ep.readyNanos[v] >= 0 || ep.readyNanos[v] == -2) {
      return;
    }
    boolean all = ep.handled[v] == validators;
    boolean dealtHandled = ep.handled[v] == ep.dealt.size();
    if (!(all || (ep.timedOut[v] && dealtHandled))) {
      return;
    }
    ep.readyNanos[v] = -2; // aggregating
    cpus[v].background(costs.aggregate(ep.real, v), () -> {
      ep.readyNanos[v] = sim.nowNanos();
      List<Runnable> w = new ArrayList<>(ep.waiting.get(v));
      ep.waiting.get(v).clear();
      w.forEach(Runnable::run);
    });
  }

  /** What each epoch's DKG did, for the report (a dealer's key set is left out). */
  public List<DkgOutcome.Epoch> outcome() {
    List<DkgOutcome.Epoch> out = new ArrayList<>();
    for (Epoch ep : epochs) {
      if (ep == null) {
        continue;
      }
      List<Integer> crashed = new ArrayList<>();
      java.util.Map<Integer, String> rejected = new java.util.TreeMap<>();
      for (DkgComputation.Dealer d : ep.real.dealers()) {
        if (!d.dealt()) {
          crashed.add(d.dealer());
        } else if (d.problem() != null) {
          rejected.put(d.dealer(), d.problem());
        }
      }
      out.add(new DkgOutcome.Epoch(ep.epoch, ep.startHeight, ep.startNanos,
          ep.readyNanos.clone(), thresholdReadyNanos(ep), ep.dealt.size() - rejected.size(),
          crashed, rejected, ep.bytes, java.util.HexFormat.of().formatHex(
              ep.real.keySet().publicKey().toCompressed()),
          java.util.stream.IntStream.range(0, validators)
              .map(ep.real.keySet().committee()::pointsOf).boxed().toList()));
    }
    return out;
  }

  /** When validators holding at least t shares held the key (-1: never). */
  private long thresholdReadyNanos(Epoch ep) {
    Integer[] order = new Integer[validators];
    for (int v = 0; v < validators; v++) {
      order[v] = v;
    }
    Arrays.sort(order, (a, b) -> Long.compare(rank(ep.readyNanos[a]), rank(ep.readyNanos[b])));
    int points = 0;
    for (int v : order) {
      if (ep.readyNanos[v] < 0) {
        return -1;
      }
      points += ep.real.keySet().committee().pointsOf(v);
      if (points >= committee.threshold()) {
        return ep.readyNanos[v];
      }
    }
    return -1;
  }

  private static long rank(long readyNanos) {
    return readyNanos < 0 ? Long.MAX_VALUE : readyNanos;
  }
}
