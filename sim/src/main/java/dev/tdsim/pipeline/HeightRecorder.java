package dev.tdsim.pipeline;

import dev.tdsim.consensus.ProcessingTime;
import dev.tdsim.engine.Simulation;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import java.util.function.IntConsumer;

/**
 * Ends each height: checks every plaintext against what its client sent (counting mismatches
 * and key-colliding payloads opened wrong), charges execution, and turns the height's state
 * into its {@link HeightRecord}.
 */
final class HeightRecorder {
  /**
   * What the combiner knows of a height when it is done (every payload opened, or nothing more
   * can be opened).
   *
   * @param commitNanos when the combiner committed it
   * @param sharesCompleteNanos when the shares it combined first were in (-1: never)
   * @param criticalCreateNanos creation time of the share that completed that set
   * @param faulty the validators it named faulty, ascending: a read-only view, read when the
   *     record is written (a missing signer that commits late may still be readmitted until then)
   * @param reshareFromNanos when the first block_propose that left payloads unopened ended (-1:
   *     none did)
   * @param plaintexts what it opened, by index into the block
   */
  record Decrypted(ProposedBlock block, Decision decision, int combiner, long commitNanos,
      long sharesCompleteNanos, long criticalCreateNanos, Set<Integer> faulty, int reshares,
      long reshareFromNanos, Map<Integer, byte[]> plaintexts, CombineTally tally) {}

  private final Simulation sim;
  private final PipelineSettings settings;
  private final ConsensusHost host;
  private final TreeMap<Integer, HeightRecord> records = new TreeMap<>();
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

  /** See {@link DecryptionPipeline#mismatches()}. */
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
    String collision = "";
    if (real) {
      for (int j = 0; j < m; j++) {
        byte[] p = d.plaintexts().get(j);
        boolean colliding = block.colliding() != null && j == 0;
        if (colliding) {
          if (p == null) {
            collision = "unopened";
          } else if (Arrays.equals(p, block.payloads().get(0))) {
            collision = "honest";
            opened++;
          } else {
            collision = Arrays.equals(p, block.colliding().shiftedPlaintext()) ? "shifted"
                : "other";
            collidingOpenedShifted++;
            mismatches++;
          }
        } else if (p != null && Arrays.equals(p, block.payloads().get(j))) {
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
          host.withNamedProposers(height, d.faulty()), t.blameNanos(), t.checkNanos(), reshareNanos, d.reshares(),
          collisionFinal, t.firstBlameNanos(), t.firstCheckNanos()));
      onDecrypted.accept(height);
      host.releaseAfterDecrypted(height);
    });
  }
}
