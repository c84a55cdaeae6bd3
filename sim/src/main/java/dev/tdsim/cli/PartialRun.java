package dev.tdsim.cli;

import dev.tdsim.report.KeptHeights;
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
import java.util.Optional;
import java.util.stream.Stream;

/**
 * {@code tdsim run --resume}: what a stopped run left in {@code DIR.partial} and what this run
 * does with it, said plainly.
 *
 * <p>The state at a height (every validator's CPU timeline, the messages in flight, the
 * mempools, the keys of an epoch) is not saved, only the finished rows of {@code heights.csv}.
 * With {@code crypto.timing: model} that is enough to continue: every duration is the cost
 * model's whether or not the real crypto runs, so the resumed run replays the kept heights
 * without their crypto calls (the stopped run made them), checks each against its kept row
 * ({@link KeptHeights}) and runs the real crypto from the first height the stopped run did not
 * finish. With {@code measured} timing (durations are the calls' own), faults (share faults act
 * through the real crypto) or a signing committee (it signs for real at every height) it runs
 * again from height 1. Either way the folder it replaces must belong to this very run: {@code
 * DIR.partial} holds the run's {@code scenario.yaml} from its start, and a partial folder of
 * another scenario (its hash, which covers the seed and every override) is refused rather than
 * replaced.
 */
final class PartialRun {
  private PartialRun() {}

  /**
   * What --resume does: the line it prints, and the kept heights the run continues after (empty:
   * it runs from height 1).
   */
  record Resume(String line, Optional<KeptHeights> kept) {}

  /**
   * What a run with {@code --resume} does, or an {@link InputException} (exit 2, nothing
   * deleted) when {@code work} is the partial folder of another scenario.
   *
   * @param work the {@code DIR.partial} folder
   * @param shown that folder as the user would write it
   */
  static Resume resume(Path work, Path shown, Scenario s) {
    if (!Files.isDirectory(work)) {
      return new Resume("tdsim run: --resume: there is no " + shown + " (no stopped run of this"
          + " scenario); running from height 1", Optional.empty());
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
    String why = whyNotContinued(s);
    Optional<KeptHeights> rows = why != null ? Optional.empty()
        : KeptHeights.read(work, s.signing().isPresent(), shown.toString())
            .filter(k -> k.count() > 0);
    String holds = String.format(Locale.ROOT, "tdsim run: --resume: %s holds %d of %d heights"
        + " of this scenario (seed %d, hash %s)", shown,
        rows.map(KeptHeights::count).orElse((int) heightsIn(work)), s.heights(), s.seed(),
        shortHash(s));
    if (rows.isPresent()) {
      int k = rows.get().count();
      return new Resume(String.format(Locale.ROOT, "%s; continuing at height %d: heights 1-%d"
          + " are replayed without their crypto calls, which the stopped run made (with"
          + " crypto.timing: model their durations are the cost model's either way), and each is"
          + " checked against its kept row", holds, k + 1, k), rows);
    }
    return new Resume(String.format(Locale.ROOT, "%s; it runs again from height 1 and replaces"
        + " them: %s", holds, why != null ? why : "no complete row of this tdsim's heights.csv"
            + " to continue after"), Optional.empty());
  }

  /** Why a run of {@code s} cannot continue a stopped one mid-way, or null when it can. */
  private static String whyNotContinued(Scenario s) {
    if (!dev.tdsim.timing.TimingModels.fromCostModel(s.crypto().timing())) {
      return "with crypto.timing: measured a height's durations are its calls' own and the"
          + " state they led to is not saved, so those heights are timed anew (with model"
          + " timing a run continues where it stopped)";
    }
    if (!s.faults().isEmpty()) {
      return "a scenario with faults runs the real crypto at every height (share faults act"
          + " through it), so the kept heights are run again";
    }
    if (s.signing().isPresent()) {
      return "a signing committee signs for real at every height, so the kept heights are run"
          + " again";
    }
    return null;
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
