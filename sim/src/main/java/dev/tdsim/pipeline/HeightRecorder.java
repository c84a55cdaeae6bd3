package dev.tdsim.pipeline;

import dev.tdsim.consensus.ProcessingTime;
import dev.tdsim.engine.Simulation;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.TreeMap;
import java.util.function.IntConsumer;

/**
 * Ends each height: checks every plaintext against what its client sent (counting mismatches
 * and key-colliding payloads opened wrong), charges execution, and turns the height's state
 * into its {@link HeightRecord}.
 */
final class HeightRecorder {
  private final PipelineContext ctx;
  private final Simulation sim;
  private final DecryptionPipeline.Settings settings;
  private final TreeMap<Integer, HeightRecord> records = new TreeMap<>();
  private IntConsumer onDecrypted = h -> { };
  private long mismatches;
  private long collidingOpenedShifted;

  HeightRecorder(PipelineContext ctx) {
    this.ctx = ctx;
    this.sim = ctx.sim;
    this.settings = ctx.settings;
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

  /** See {@link DecryptionPipeline#mismatches()}. */
  long mismatches() {
    return mismatches;
  }

  /** Key-colliding payloads that opened to the attacker's second plaintext. */
  long collidingOpenedShifted() {
    return collidingOpenedShifted;
  }

  /**
   * The height is done (every payload opened, or nothing more can be opened): checks the
   * plaintexts against what the clients sent, executes the block, then writes its record, tells
   * the listener and releases a proposal waiting for it.
   */
  void finish(HeightState st) {
    st.done = true;
    int m = st.payloads.size();
    int opened = 0;
    String collision = "";
    if (real(st.height)) {
      for (int j = 0; j < m; j++) {
        byte[] p = st.plaintexts.get(j);
        boolean colliding = st.colliding != null && j == 0;
        if (colliding) {
          if (p == null) {
            collision = "unopened";
          } else if (Arrays.equals(p, st.payloads.get(0))) {
            collision = "honest";
            opened++;
          } else {
            collision = Arrays.equals(p, st.colliding.shiftedPlaintext()) ? "shifted" : "other";
            collidingOpenedShifted++;
            mismatches++;
          }
        } else if (p != null && Arrays.equals(p, st.payloads.get(j))) {
          opened++;
        } else {
          mismatches++;
        }
      }
    }
    int openedFinal = opened;
    String collisionFinal = collision;
    long executionNanos = m * settings.executionPerTxNanos();
    sim.scheduleAfter(executionNanos, s -> {
      st.readyNanos = s.nowNanos();
      long decrypted = st.readyNanos - executionNanos;
      long start = st.sharesCompleteNanos >= 0 ? Math.max(st.sharesCompleteNanos, st.commitNanos)
          : decrypted;
      long wait = Math.max(0, start - st.commitNanos);
      long combinerLag = st.commitNanos - st.decidedNanos;
      long reshareNanos = st.attempts > 1 || st.reshareFromNanos >= 0
          ? Math.max(0, decrypted - (st.firstAttemptNanos + st.combineNanos + st.decryptNanos))
          : 0;
      ProcessingTime p = st.processing;
      records.put(st.height, new HeightRecord(st.height, st.decidedRound, m, st.blockBytes,
          st.combiner, st.proposeNanos, st.decidedNanos, st.commitNanos,
          st.decidedNanos - st.proposeNanos, p.validationNanos(), p.signatureNanos(),
          p.walNanos(), Math.min(wait, st.criticalCreateNanos),
          combinerLag + Math.max(0, wait - st.criticalCreateNanos), st.combineNanos,
          st.decryptNanos, decrypted - st.decidedNanos, executionNanos,
          Math.max(0, st.proposalWaitNanos), st.signersUsed, openedFinal, real(st.height),
          List.copyOf(st.excluded.keySet()), st.blameNanos, st.checkNanos, reshareNanos,
          st.reshares, collisionFinal, st.firstBlameNanos, st.firstCheckNanos));
      onDecrypted.accept(st.height);
      st.cts = null;
      st.genShares = null;
      st.sent.clear();
      for (Runnable r : st.onReady) {
        r.run();
      }
      st.onReady.clear();
    });
  }

  private boolean real(int height) {
    return ctx.real(height);
  }
}
