package dev.tdsim.compare;

import com.fasterxml.jackson.core.JsonLocation;
import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.tdsim.report.CriticalPath;
import dev.tdsim.report.RunSummary;
import dev.tdsim.report.Verdict;
import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;

/**
 * Reads the parts of a run's {@code summary.json} ({@link RunSummary}) that a comparison shows.
 * Read as a JSON tree rather than bound to the record, so a summary written by an older or newer
 * tdsim with more or fewer fields still compares: keys are found in camelCase ({@code p95Ms}, as
 * the record names them) or snake_case ({@code p95_ms}); a field it lacks reads as {@code NaN}.
 */
final class SummaryFile {
  private static final ObjectMapper MAPPER = new ObjectMapper();

  private SummaryFile() {}

  /** What a comparison needs from one summary.json. */
  record Summary(
      String variant,
      String timing,
      String schedule,
      String consensusMode,
      long heights,
      List<BudgetRow> budgets,
      CriticalPath criticalPath) {

    /** {@code timing model, before-next, exact consensus, 3 heights}. */
    String description() {
      List<String> parts = new ArrayList<>();
      if (timing != null) {
        parts.add("timing " + timing);
      }
      if (schedule != null) {
        parts.add(schedule);
      }
      if (consensusMode != null) {
        parts.add(consensusMode + " consensus");
      }
      if (heights >= 0) {
        parts.add(heights + (heights == 1 ? " height" : " heights"));
      }
      return String.join(", ", parts);
    }
  }

  static Summary read(Path file) {
    JsonNode root;
    try {
      root = MAPPER.readTree(dev.tdsim.input.InputFiles.readText(file, "run summary"));
    } catch (com.fasterxml.jackson.core.exc.StreamConstraintsException e) {
      throw new CompareException(file + ": unreadable JSON: nested or sized beyond what a run"
          + " summary can be (at most 1000 levels deep)", e);
    } catch (JsonProcessingException e) {
      JsonLocation at = e.getLocation();
      String where = at == null ? "" : " (line " + at.getLineNr() + ", column "
          + at.getColumnNr() + ")";
      throw new CompareException(file + ": unreadable JSON: "
          + Flattener.firstLine(e.getOriginalMessage()) + where, e);
    } catch (IOException e) {
      throw new CompareException(file + ": cannot read: "
          + dev.tdsim.input.InputFiles.describe(e), e);
    } catch (dev.tdsim.input.InputFiles.InputProblem e) {
      throw new CompareException(file + ": " + e.getMessage(), e);
    }
    if (root == null || !root.isObject()) {
      throw new CompareException(file + ": unreadable JSON: expected an object, got "
          + (root == null || root.isMissingNode() ? "an empty file" : root.getNodeType()
              .toString().toLowerCase(java.util.Locale.ROOT)));
    }
    JsonNode verdicts = field(root, "verdicts");
    if (verdicts == null || !verdicts.isArray()) {
      throw new CompareException(file + ": not a tdsim run summary (no 'verdicts' list)");
    }
    List<BudgetRow> budgets = new ArrayList<>();
    for (JsonNode v : verdicts) {
      budgets.add(verdict(file, v));
    }
    budgets.sort(Comparator.comparingDouble(BudgetRow::blockTimeMs));
    JsonNode c = field(root, "criticalPath");
    CriticalPath path = c.isObject() ? criticalPath(c) : null;
    JsonNode heights = field(field(root, "counts"), "heights");
    return new Summary(text(root, "variant"), text(root, "timing"), text(root, "schedule"),
        text(root, "consensusMode"), heights.isNumber() ? heights.asLong() : -1, budgets, path);
  }

  /** One element of {@code verdicts}: the fields of {@link Verdict}. */
  private static BudgetRow verdict(Path file, JsonNode v) {
    double budget = num(v, "blockTimeMs");
    if (!v.isObject() || Double.isNaN(budget)) {
      throw new CompareException(file + ": not a tdsim run summary (a verdict without"
          + " 'block_time_ms')");
    }
    JsonNode fits = field(v, "fits");
    String fitsText = fits.isBoolean() ? (fits.asBoolean() ? "yes" : "no")
        : fits.isMissingNode() || fits.isNull() ? "-" : fits.asText();
    return new BudgetRow(budget, fitsText, 100 * num(v, "shareOfHeightsFitting"),
        num(v, "p50Ms"), num(v, "p95Ms"), num(v, "p99Ms"), num(v, "judgedP95Ms"));
  }

  /** A number field; Jackson writes NaN as the string "NaN". Missing or not a number: NaN. */
  private static double num(JsonNode parent, String field) {
    JsonNode n = field(parent, field);
    if (n.isNumber()) {
      return n.asDouble();
    }
    if (n.isTextual()) {
      try {
        return Double.parseDouble(n.asText().strip());
      } catch (NumberFormatException e) {
        return Double.NaN;
      }
    }
    return Double.NaN;
  }

  private static String text(JsonNode parent, String field) {
    JsonNode n = field(parent, field);
    return n.isValueNode() && !n.isNull() ? n.asText() : null;
  }

  /** The field named CAMEL ({@code shareOfHeightsFitting}) or its snake_case form; else missing. */
  static JsonNode field(JsonNode parent, String camel) {
    JsonNode n = parent.path(camel);
    return n.isMissingNode() ? parent.path(snake(camel)) : n;
  }

  /** {@code judgedP95Ms} to {@code judged_p95_ms}, as Jackson's SNAKE_CASE names it. */
  static String snake(String camel) {
    StringBuilder b = new StringBuilder();
    for (char ch : camel.toCharArray()) {
      if (Character.isUpperCase(ch)) {
        b.append('_').append(Character.toLowerCase(ch));
      } else {
        b.append(ch);
      }
    }
    return b.toString();
  }

  /**
   * The critical path of a summary; summaries written before check, blame and reshare were
   * phases have none of them (0) and no decryption latency (the sum of their phases).
   */
  private static CriticalPath criticalPath(JsonNode c) {
    CriticalPath older = new CriticalPath(num(c, "consensusMs"), num(c, "shareCreationMs"),
        num(c, "shareGossipMs"), num(c, "combineMs"), num(c, "decryptMs"));
    if (field(c, "decryptionLatencyMs").isMissingNode()) {
      return older;
    }
    return new CriticalPath(older.consensusMs(), older.shareCreationMs(), older.shareGossipMs(),
        older.combineMs(), num(c, "checkMs"), num(c, "blameMs"), older.decryptMs(),
        num(c, "reshareMs"), num(c, "decryptionLatencyMs"));
  }
}
