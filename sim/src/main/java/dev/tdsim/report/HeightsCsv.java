package dev.tdsim.report;

import static dev.tdsim.format.Durations.csvMs;

import dev.tdsim.pipeline.HeightRecord;
import java.io.Closeable;
import java.io.IOException;
import java.io.Writer;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.apache.commons.csv.CSVFormat;
import org.apache.commons.csv.CSVPrinter;

/**
 * heights.csv, one row per height in simulated milliseconds, appended as heights finish: each row
 * is written and flushed once, so a long run costs O(heights) in total and an interrupted run
 * keeps every finished height.
 */
public final class HeightsCsv implements Closeable {
  static final String[] COLUMNS = {"height", "round", "msgs", "block_bytes", "combiner", "signers",
      "opened", "real_crypto", "propose_ms", "decided_ms", "commit_ms", "consensus_ms",
      "validation_ms", "signature_ms", "wal_ms", "share_create_ms", "share_gossip_ms",
      "combine_ms", "decrypt_ms", "decryption_latency_ms", "execution_ms", "proposal_wait_ms",
      // Share faults (added at the end, so readers of older files by position still work):
      // validators named faulty (ids separated by spaces), the combiner's blame and check time,
      // the time from the first block_propose to the plaintexts when it could not open
      // everything (reshare or retry), its rounds, and a key-colliding payload's outcome.
      "faulty", "blame_ms", "check_ms", "reshare_ms", "reshares", "colliding_payload",
      // What became of the height (added at the end too): validators left out only because
      // their shares did not arrive in time (missing, not faulty), the status (decrypted,
      // refused, opened-wrong, not-decrypted, not-committed), payloads correctly refused and
      // opened wrong, and why payloads were refused or the height never decrypted.
      "missing", "status", "refused", "opened_wrong", "why"};
  /**
   * With a signing committee (scenario section {@code signing}) one more column at the end: its
   * signature's time after decided_ms ({@code committeeSignNanos}). Without one the file is as
   * before committees existed.
   */
  static final String COMMITTEE_SIGN = "committee_sign_ms";

  private final Writer writer;
  private final CSVPrinter csv;
  private final boolean committee;

  private HeightsCsv(Path file, boolean committee, boolean append) throws IOException {
    Files.createDirectories(file.toAbsolutePath().getParent());
    this.committee = committee;
    String[] header = COLUMNS;
    if (committee) {
      header = java.util.Arrays.copyOf(COLUMNS, COLUMNS.length + 1);
      header[COLUMNS.length] = COMMITTEE_SIGN;
    }
    this.writer = append ? Files.newBufferedWriter(file, java.nio.file.StandardOpenOption.APPEND)
        : Files.newBufferedWriter(file);
    this.csv = new CSVPrinter(writer, append ? CSVFormat.DEFAULT
        : CSVFormat.DEFAULT.builder().setHeader(header).get());
    writer.flush();
  }

  /**
   * Starts {@code dir/heights.csv} with its header (replacing an existing file); {@code
   * committee}: the run has a signing committee (one more column).
   */
  public static HeightsCsv create(Path dir, boolean committee) throws IOException {
    return new HeightsCsv(dir.resolve(ReportWriter.HEIGHTS), committee, false);
  }

  /**
   * Appends rows to the existing {@code dir/heights.csv} (a resumed run's, after its kept rows:
   * {@link KeptHeights}).
   */
  public static HeightsCsv appendTo(Path dir, boolean committee) throws IOException {
    return new HeightsCsv(dir.resolve(ReportWriter.HEIGHTS), committee, true);
  }

  /** Writes the whole file at once. */
  public static void write(Path dir, List<HeightRecord> heights, boolean committee)
      throws IOException {
    try (HeightsCsv out = create(dir, committee)) {
      for (HeightRecord h : heights) {
        out.append(h);
      }
    }
  }

  /**
   * Writes one height's row. A height whose plaintexts were never ready keeps its row: its
   * consensus columns as far as it got, its decryption columns and unknown times empty.
   */
  public void append(HeightRecord h) throws IOException {
    csv.printRecord(row(h, committee));
    csv.flush();
  }

  /** One height's row as {@link #append} writes it, column by column. */
  static List<Object> row(HeightRecord h, boolean committee) {
    boolean ready = h.status().plaintextsReady();
    List<Object> row = new java.util.ArrayList<>(List.of(h.height(), known(h.round()), h.txCount(), h.blockBytes(), known(h.combiner()),
        h.signers(), h.opened(), h.realCrypto(), csvMs(h.proposeNanos()), time(h.decidedNanos()),
        time(h.commitNanos()), csvMs(h.consensusNanos()), csvMs(h.validationNanos()),
        csvMs(h.signatureNanos()), csvMs(h.walNanos()), phase(ready, h.shareCreateNanos()),
        phase(ready, h.shareGossipNanos()), phase(ready, h.combineNanos()),
        phase(ready, h.decryptNanos()), phase(ready, h.decryptionLatencyNanos()),
        phase(ready, h.executionNanos()), csvMs(h.proposalWaitNanos()), ids(h.faulty()),
        csvMs(h.blameNanos()), csvMs(h.checkNanos()), csvMs(h.reshareNanos()), h.reshares(),
        h.collidingPayload(), ids(h.missing()), h.status().csvName(), h.refused(),
        h.openedWrong(), h.why()));
    if (committee) {
      row.add(phase(ready, h.committeeSignNanos()));
    }
    return row;
  }

  private static String ids(List<Integer> validators) {
    return validators.stream().map(String::valueOf)
        .collect(java.util.stream.Collectors.joining(" "));
  }

  /** A validator id or round, or empty when there is none (-1: never combined, never decided). */
  private static String known(int validator) {
    return validator < 0 ? "" : String.valueOf(validator);
  }

  /** A moment of simulated time, or empty when it never came (-1). */
  private static String time(long nanos) {
    return nanos < 0 ? "" : csvMs(nanos);
  }

  /** A decryption phase, empty for a height whose plaintexts were never ready. */
  private static String phase(boolean ready, long nanos) {
    return ready ? csvMs(nanos) : "";
  }

  @Override
  public void close() throws IOException {
    csv.close();
  }
}
