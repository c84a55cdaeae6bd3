package dev.tdsim.report;

import dev.tdsim.pipeline.HeightRecord;
import dev.tdsim.scenario.InputException;
import java.io.IOException;
import java.io.Reader;
import java.io.StringReader;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Optional;
import java.util.function.UnaryOperator;
import org.apache.commons.csv.CSVFormat;
import org.apache.commons.csv.CSVParser;
import org.apache.commons.csv.CSVRecord;

/**
 * The finished heights a stopped run left in its {@code heights.csv}, for {@code tdsim run
 * --resume} with {@code crypto.timing: model}: the resumed run replays them without the real
 * crypto calls, and each replayed height must give its kept row again, column for column, except
 * the two that say what the crypto did in this process ({@code real_crypto}, {@code opened});
 * the height then keeps the stopped run's outcome of its real crypto. A replay that differs is
 * not the same run (another tdsim version, an edited cost model) and stops the resumed run.
 */
public final class KeptHeights implements UnaryOperator<HeightRecord> {
  private static final int OPENED = List.of(HeightsCsv.COLUMNS).indexOf("opened");
  private static final int REAL_CRYPTO = List.of(HeightsCsv.COLUMNS).indexOf("real_crypto");

  /** The header and the kept rows, as the stopped run wrote them. */
  private final String file;
  private final List<List<String>> rows;
  private final boolean committee;
  private final String shown;

  private KeptHeights(String file, List<List<String>> rows, boolean committee, String shown) {
    this.file = file;
    this.rows = rows;
    this.committee = committee;
    this.shown = shown;
  }

  /**
   * The heights {@code dir/heights.csv} holds, 1, 2, ... up to the first missing, unreadable or
   * cut-off row; empty when there is no such file or its header is not the one this tdsim writes
   * for the run ({@code committee}: with a signing committee's column).
   *
   * @param shown the folder as the user would write it, for messages
   */
  public static Optional<KeptHeights> read(Path dir, boolean committee, String shown) {
    Path csv = dir.resolve(ReportWriter.HEIGHTS);
    String text;
    try {
      text = Files.isRegularFile(csv) ? Files.readString(csv) : null;
    } catch (IOException e) {
      text = null;
    }
    if (text == null) {
      return Optional.empty();
    }
    List<String> header = new ArrayList<>(Arrays.asList(HeightsCsv.COLUMNS));
    if (committee) {
      header.add(HeightsCsv.COMMITTEE_SIGN);
    }
    // A row is complete only with its line break: a run stopped while writing leaves a cut one.
    String whole = text.substring(0, text.lastIndexOf('\n') + 1);
    List<List<String>> rows = new ArrayList<>();
    long end = whole.length(); // where the last good row ends
    try (Reader in = new StringReader(whole);
        CSVParser parser = CSVFormat.DEFAULT.parse(in)) {
      boolean first = true;
      for (CSVRecord r : parser) {
        List<String> values = r.toList();
        if (first) {
          if (!values.equals(header)) {
            return Optional.empty();
          }
          first = false;
        } else if (values.size() != header.size()
            || !values.get(0).equals(String.valueOf(rows.size() + 1))) {
          end = r.getCharacterPosition();
          break;
        } else {
          rows.add(values);
        }
      }
    } catch (IOException | RuntimeException e) {
      return Optional.empty();
    }
    return Optional.of(new KeptHeights(whole.substring(0, (int) end), rows, committee, shown));
  }

  /** How many heights, from height 1, the stopped run finished. */
  public int count() {
    return rows.size();
  }

  /**
   * A replayed height with the stopped run's outcome of its real crypto, after checking that
   * the replay gave its row; heights beyond the kept ones are returned as they are.
   *
   * @throws InputException when the replay differs from the kept row
   */
  @Override
  public HeightRecord apply(HeightRecord replayed) {
    int h = replayed.height();
    if (h < 1 || h > rows.size()) {
      return replayed;
    }
    List<String> kept = rows.get(h - 1);
    List<Object> now = HeightsCsv.row(replayed, committee);
    for (int i = 0; i < kept.size(); i++) {
      String value = now.get(i) == null ? "" : String.valueOf(now.get(i));
      if (i != OPENED && i != REAL_CRYPTO && !value.equals(kept.get(i))) {
        String column = i < HeightsCsv.COLUMNS.length ? HeightsCsv.COLUMNS[i]
            : HeightsCsv.COMMITTEE_SIGN;
        throw new InputException("--resume: height " + h + " replayed differs from the row "
            + shown + " kept for it (" + column + ": kept " + kept.get(i) + ", replayed " + value
            + "), so the stopped run is not this run (another tdsim version or cost model?);"
            + " its rows are left as they were; rerun without --resume to run from height 1");
      }
    }
    return Boolean.parseBoolean(kept.get(REAL_CRYPTO))
        ? replayed.withRealCryptoFromEarlierRun(Integer.parseInt(kept.get(OPENED)))
        : replayed;
  }

  /**
   * Writes the stopped run's header and kept rows as {@code dir/heights.csv} (a row the stop cut
   * off left out), for the resumed run to append its new heights to.
   */
  public void restore(Path dir) throws IOException {
    Files.createDirectories(dir);
    Files.writeString(dir.resolve(ReportWriter.HEIGHTS), file);
  }
}
