package dev.tdsim.cli;

import dev.tdsim.report.ReportWriter;
import dev.tdsim.scenario.InputException;
import dev.tdsim.scenario.Scenario;
import dev.tdsim.scenario.ScenarioException;
import dev.tdsim.scenario.ScenarioLoader;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Locale;
import java.util.stream.Stream;

/**
 * {@code tdsim run --resume}: what a stopped run left in {@code DIR.partial} and what this run
 * does with it, said plainly.
 *
 * <p>A run cannot continue mid-way: the state at a height (every validator's CPU timeline, the
 * messages in flight, the mempools, the keys of an epoch) is not saved, only the finished rows
 * of {@code heights.csv}, so a resumed run simulates again from height 1. What {@code --resume}
 * guarantees is that the folder it replaces belongs to this very run: {@code DIR.partial} holds
 * the run's {@code scenario.yaml} from its start, and a partial folder of another scenario (its
 * hash, which covers the seed and every override) is refused rather than replaced. With {@code
 * crypto.timing: model} the rerun is deterministic and gives the kept heights again, row for row;
 * with {@code measured} they are timed anew.
 */
final class PartialRun {
  private PartialRun() {}

  /**
   * The line a run with {@code --resume} prints before it starts, or an {@link InputException}
   * (exit 2, nothing deleted) when {@code work} is the partial folder of another scenario.
   *
   * @param work the {@code DIR.partial} folder
   * @param shown that folder as the user would write it
   */
  static String resume(Path work, Path shown, Scenario s) {
    if (!Files.isDirectory(work)) {
      return "tdsim run: --resume: there is no " + shown + " (no stopped run of this scenario);"
          + " running from height 1";
    }
    Path yaml = work.resolve(ReportWriter.SCENARIO);
    Scenario kept;
    try {
      kept = Files.isRegularFile(yaml) ? ScenarioLoader.load(yaml) : null;
    } catch (ScenarioException e) {
      kept = null;
    }
    if (kept == null) {
      throw new InputException("--resume: " + shown + " does not say which scenario it is of"
          + " (no readable " + ReportWriter.SCENARIO + "; a run of an older tdsim, or not a"
          + " run's folder); rerun without --resume to replace it");
    }
    if (!kept.hash().equals(s.hash())) {
      throw new InputException(String.format(Locale.ROOT, "--resume: %s is of another scenario"
          + " (seed %d, hash %s; this run: seed %d, hash %s); give the same scenario file and"
          + " --set overrides, or rerun without --resume to replace it", shown, kept.seed(),
          shortHash(kept), s.seed(), shortHash(s)));
    }
    long heights = heightsIn(work);
    boolean deterministic = s.crypto().timing().equals("model");
    return String.format(Locale.ROOT, "tdsim run: --resume: %s holds %d of %d heights of this"
        + " scenario (seed %d, hash %s); a run cannot continue mid-way (the validators', network's"
        + " and mempools' state is not saved), so it runs again from height 1 and replaces them:"
        + " %s", shown, heights, s.heights(), s.seed(), shortHash(s), deterministic
            ? "with crypto.timing: model the same heights come out again, row for row"
            : "with crypto.timing: measured those heights are timed anew");
  }

  private static String shortHash(Scenario s) {
    return s.hash().substring(0, 12);
  }

  /** The finished heights in the folder's heights.csv (its rows after the header). */
  static long heightsIn(Path work) {
    Path csv = work.resolve(ReportWriter.HEIGHTS);
    if (!Files.isRegularFile(csv)) {
      return 0;
    }
    try (Stream<String> lines = Files.lines(csv)) {
      return Math.max(0, lines.filter(l -> !l.isBlank()).count() - 1);
    } catch (IOException | UncheckedIOException e) {
      return 0;
    }
  }
}
