package dev.tdsim.pipeline;

import dev.tdsim.consensus.ProcessingTime;
import dev.tdsim.engine.Simulation;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.function.IntConsumer;

/**
 * Ends each height: checks every plaintext against what its client sent (each payload opened
 * correctly, correctly refused, or opened wrong), charges execution, and turns the height's
 * state into its {@link HeightRecord}; at the end of a run, a record for every height that was
 * committed or proposed but never decrypted.
 */
final class HeightRecorder {
  /**
   * What the combiner knows of a height when it is done (every payload opened, or nothing more
   * can be opened).
   *
   * @param commitNanos when the combiner committed it
   * @param sharesCompleteNanos when the shares it combined first were in (-1: never)
   * @param criticalCreateNanos creation time of the share that completed that set
   * @param excluded the validators it left out, with why: a read-only view, read when the
   *     record is written (a missing signer that commits late may still be readmitted until
   *     then); those excluded for {@link ShareCollection#NO_SHARE_IN_TIME} are missing, the
   *     others named faulty
   * @param reshareFromNanos when the first block_propose that left payloads unopened ended (-1:
   *     none did)
   * @param plaintexts what it opened, by index into the block
   */
  record Decrypted(ProposedBlock block, Decision decision, int combiner, long commitNanos,
      long sharesCompleteNanos, long criticalCreateNanos, Map<Integer, String> excluded, int reshares,
      long reshareFromNanos, Map<Integer, byte[]> plaintexts, CombineTally tally) {}

  private final Simulation sim;
  private final PipelineSettings settings;
  private final ConsensusHost host;
  private final TreeMap<Integer, HeightRecord> records = new TreeMap<>();
  /** Each committed height's decision, kept for the heights never decrypted. */
  private final TreeMap<Integer, Decision> decisions = new TreeMap<>();
  private IntConsumer onDecrypted = h -> { };
  private long mismatches;
  private long collidingOpenedShifted;

  HeightRecorder(PipelineContext ctx, ConsensusHost host) {
    this.sim = ctx.sim;
    this.settings = ctx.settings;
    this.host = host;
  }

  /** Called with each height once its record is written, inside the event that finished it. */
  void onDecrypted(IntConsumer listener) {
    this.onDecrypted = listener;
  }

  List<HeightRecord> records() {
    return new ArrayList<>(records.values());
  }

  /** The record of {@code height}, or null while it is not decrypted. */
  HeightRecord record(int height) {
    return records.get(height);
  }

  int decryptedHeights() {
    return records.size();
  }

  /** {@code height} was committed first with {@code decision}. */
  void decided(int height, Decision decision) {
    decisions.putIfAbsent(height, decision);
  }

  /**
   * At the end of a run, a record for every height up to the run's last that was committed or
   * proposed but whose plaintexts were never ready, in height order: its consensus fields, no
   * decryption, every payload counted as refused, and {@code why} (the run's reason) said.
   */
  List<HeightRecord> notDecrypted(String why) {
    List<HeightRecord> out = new ArrayList<>();
    for (int h = 1; h <= settings.heights(); h++) {
      ProposedBlock block = host.proposed(h);
      if (records.containsKey(h) || block == null) {
        continue;
      }
      Decision d = decisions.get(h);
      boolean real = settings.real(h);
      HeightStatus status = d == null ? HeightStatus.NOT_COMMITTED : HeightStatus.NOT_DECRYPTED;
      String reason = (d == null ? "proposed, never committed: " : "committed, its plaintexts"
          + " never ready: ") + why;
      ProcessingTime p = d == null ? ProcessingTime.NONE : d.costs();
      out.add(new HeightRecord(h, d == null ? -1 : d.round(), block.size(), block.blockBytes(),
          -1, block.proposeNanos(), d == null ? -1 : d.atNanos(), -1,
          d == null ? 0 : d.atNanos() - block.proposeNanos(), p.validationNanos(),
          p.signatureNanos(), p.walNanos(), 0, 0, 0, 0, 0, 0,
          Math.max(0, host.proposalWaitNanos(h)), 0, 0, real, List.of(), 0, 0, 0, 0, "", 0, 0,
          List.of(), status, real ? block.size() : 0, 0, reason));
    }
    return out;
  }

  /** Payloads opened to a plaintext their client did not send: must stay 0. */
  long mismatches() {
    return mismatches;
  }

  /** Key-colliding payloads that opened to the attacker's second plaintext. */
  long collidingOpenedShifted() {
    return collidingOpenedShifted;
  }

  /**
   * The height is done: checks the plaintexts against what the clients sent, executes the
   * block, then writes its record, tells the listener and releases a proposal waiting for it.
   */
  void finish(Decrypted d) {
    ProposedBlock block = d.block();
    int height = block.height();
    boolean real = settings.real(height);
    int m = block.size();
    int opened = 0;
    int refused = 0;
    int wrong = 0;
    java.util.Set<String> why = new java.util.LinkedHashSet<>();
    String collision = "";
    if (real) {
      for (int j = 0; j < m; j++) {
        byte[] p = d.plaintexts().get(j);
        boolean colliding = block.colliding() != null && j == 0;
        if (p == null) {
          refused++;
          why.add(colliding ? "a key-colliding payload refused" : unopenedWhy(d.tally()));
          collision = colliding ? "unopened" : collision;
        } else if (Arrays.equals(p, block.payloads().get(j))) {
          opened++;
          collision = colliding ? "honest" : collision;
        } else {
          wrong++;
          if (colliding) {
            collision = Arrays.equals(p, block.colliding().shiftedPlaintext()) ? "shifted"
                : "other";
            collidingOpenedShifted++;
          }
        }
      }
    }
    mismatches += wrong;
    HeightStatus status = wrong > 0 ? HeightStatus.OPENED_WRONG
        : refused > 0 ? HeightStatus.REFUSED : HeightStatus.DECRYPTED;
    int refusedFinal = refused;
    int wrongFinal = wrong;
    String whyFinal = String.join("; ", why);
    int openedFinal = opened;
    String collisionFinal = collision;
    long executionNanos = m * settings.executionPerTxNanos();
    sim.scheduleAfter(executionNanos, s -> {
      long readyNanos = s.nowNanos();
      host.plaintextsReady(height, readyNanos);
      long decrypted = readyNanos - executionNanos;
      long commitNanos = d.commitNanos();
      long start = d.sharesCompleteNanos() >= 0 ? Math.max(d.sharesCompleteNanos(), commitNanos)
          : decrypted;
      long wait = Math.max(0, start - commitNanos);
      Decision decision = d.decision();
      long combinerLag = commitNanos - decision.atNanos();
      CombineTally t = d.tally();
      long reshareNanos = t.attempts() > 1 || d.reshareFromNanos() >= 0
          ? Math.max(0, decrypted - (t.firstAttemptNanos() + t.combineNanos() + t.decryptNanos()))
          : 0;
      ProcessingTime p = decision.costs();
      records.put(height, new HeightRecord(height, decision.round(), m, block.blockBytes(),
          d.combiner(), block.proposeNanos(), decision.atNanos(), commitNanos,
          decision.atNanos() - block.proposeNanos(), p.validationNanos(), p.signatureNanos(),
          p.walNanos(), Math.min(wait, d.criticalCreateNanos()),
          combinerLag + Math.max(0, wait - d.criticalCreateNanos()), t.combineNanos(),
          t.decryptNanos(), decrypted - decision.atNanos(), executionNanos,
          Math.max(0, host.proposalWaitNanos(height)), t.signersUsed(), openedFinal, real,
          host.withNamedProposers(height, excluded(d, false)), t.blameNanos(), t.checkNanos(),
          reshareNanos, d.reshares(),
          collisionFinal, t.firstBlameNanos(), t.firstCheckNanos(), excluded(d, true), status,
          refusedFinal, wrongFinal, whyFinal));
      onDecrypted.accept(height);
      host.releaseAfterDecrypted(height);
    });
  }

  /**
   * The validators left out at a height: only missing ones ({@code missing}: their shares did
   * not arrive in time) or those named faulty, ascending.
   */
  private static List<Integer> excluded(Decrypted d, boolean missing) {
    return d.excluded().entrySet().stream()
        .filter(e -> ShareCollection.NO_SHARE_IN_TIME.equals(e.getValue()) == missing)
        .map(Map.Entry::getKey).sorted().toList();
  }

  /** Why a payload other than a key-colliding one stayed unopened when its height finished. */
  private static String unopenedWhy(CombineTally t) {
    return t.attempts() == 0
        ? "fewer than t key shares left once the faulty and missing were excluded: nothing to"
            + " combine"
        : "block_propose could not open it (fewer than t honest shares, or a key that opened"
            + " nothing)";
  }
}
