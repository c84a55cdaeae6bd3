package dev.tdsim.docs;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.tdsim.crypto.design.Designs;
import dev.tdsim.scenario.Scenario;
import dev.tdsim.scenario.ScenarioKeys;
import dev.tdsim.scenario.ScenarioLoader;
import dev.tdsim.sweep.SweepPlan;
import dev.tdsim.sweep.SweepSpec;
import dev.tdsim.timing.CostModel;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;

/**
 * The structural facts README.md and docs/*.md quote stay true without rerunning anything long:
 * the files they name exist, the paths they give to {@code --set} and {@code --vary} are keys the
 * loader takes, the number of runs they quote for a sweep without search is its grid, figures
 * that depend on the machine carry the date they were measured, and the shipped scenarios' own
 * comments do not claim what the tool no longer needs. Figures only a rerun can give (a sweep's
 * answer, its search probes and time) are produced by {@code make docs} instead
 * (scripts/docs-sweep-example.sh, the block between the {@code docs:sweep-example} markers).
 */
class DocsDriftTest {

  /** A file name a doc uses for "your file" (x.yaml, NAME.yaml), not a shipped one. */
  private static final Pattern PLACEHOLDER = Pattern.compile("(.*/)?([a-z]|[A-Z]+)\\.yaml");

  @Test
  void everyScenarioFileTheDocsNameExists() {
    Pattern named = Pattern.compile(
        "(?:scenarios|sim/src/test/resources)/[A-Za-z0-9_./*-]+\\.yaml");
    List<String> missing = new ArrayList<>();
    for (String doc : RepoFiles.readmeAndDocs()) {
      Matcher m = named.matcher(RepoFiles.read(doc));
      while (m.find()) {
        String file = m.group();
        if (!PLACEHOLDER.matcher(file).matches() && !exists(file)) {
          missing.add(doc + ": " + file);
        }
      }
    }
    assertEquals(List.of(), missing, "files the docs name that the repository does not have");
  }

  /** A path, or a glob whose last part has a {@code *} (scenarios/faults/*.yaml). */
  private static boolean exists(String file) {
    Path path = RepoFiles.root().resolve(file);
    if (!file.contains("*")) {
      return Files.isRegularFile(path);
    }
    Pattern glob = Pattern.compile(Pattern.quote(path.getFileName().toString())
        .replace("*", "\\E.*\\Q"));
    try (var files = Files.list(path.getParent())) {
      return files.anyMatch(f -> glob.matcher(f.getFileName().toString()).matches());
    } catch (java.io.IOException e) {
      return false;
    }
  }

  @Test
  void everyPathTheDocsSetOrVaryIsOneTheLoaderTakes() {
    Pattern option = Pattern.compile(
        "--(?:set|vary)\\s+['\"]?([a-z_]+(?:\\.[a-z_0-9]+|\\[\\d+\\]\\.[a-z_]+)*)=");
    List<String> unknown = new ArrayList<>();
    int seen = 0;
    for (String doc : RepoFiles.readmeAndDocs()) {
      Matcher m = option.matcher(RepoFiles.read(doc));
      while (m.find()) {
        seen++;
        if (!settable(m.group(1))) {
          unknown.add(doc + ": " + m.group());
        }
      }
    }
    assertTrue(seen > 20, "the docs quote --set and --vary far more often; the pattern broke");
    assertEquals(List.of(), unknown, "--set/--vary paths the loader would refuse");
  }

  /**
   * What {@code --set PATH=} accepts (ScenarioLoader's override rules): a key of a section, a
   * former key name, {@code faults[I].KEY}, a whole top-level entry, or anything below
   * {@code sweep.} (the sweep section is free-form).
   */
  private static boolean settable(String path) {
    return ScenarioKeys.isPath(path) || ScenarioKeys.TOP.contains(path)
        || path.startsWith(ScenarioKeys.SWEEP + ".");
  }

  /**
   * A sweep command in a code block whose comment says how many runs it makes ({@code # 30
   * runs}) with {@code --no-search} runs exactly its grid: the comment must be that grid's size
   * as the sweep builds it from the file's {@code sweep:} section and the command's options.
   */
  @Test
  void aSweepWithoutSearchRunsTheNumberOfPointsItsCommentSays() {
    Pattern commented = Pattern.compile("#\\s*(\\d+) runs\\b");
    int checked = 0;
    List<String> wrong = new ArrayList<>();
    for (String doc : RepoFiles.readmeAndDocs()) {
      for (String command : codeBlockCommands(RepoFiles.read(doc))) {
        int hash = command.indexOf(" #");
        if (!command.startsWith("./tdsim sweep ") || hash < 0
            || !command.contains("--no-search")) {
          continue;
        }
        Matcher quoted = commented.matcher(command.substring(hash));
        if (!quoted.lookingAt() && !quoted.find()) {
          continue;
        }
        checked++;
        try {
          int points = gridPoints(command.substring(0, hash));
          if (points != Integer.parseInt(quoted.group(1))) {
            wrong.add(doc + ": '" + command + "' makes " + points + " runs");
          }
        } catch (RuntimeException e) {
          // a command the docs show that tdsim refuses is drift too (exit 2 for the reader)
          wrong.add(doc + ": '" + command + "' is refused: " + e.getMessage());
        }
      }
    }
    assertTrue(checked >= 1, "no sweep command with a '# N runs' comment found");
    assertEquals(List.of(), wrong);
  }

  /** The commands of the docs' code blocks, continuation lines joined. */
  static List<String> codeBlockCommands(String doc) {
    List<String> out = new ArrayList<>();
    boolean inBlock = false;
    StringBuilder current = null;
    for (String line : doc.split("\n", -1)) {
      if (line.startsWith("```")) {
        inBlock = !inBlock;
        continue;
      }
      if (!inBlock) {
        continue;
      }
      String text = line.strip();
      if (current != null) {
        current.append(' ').append(text);
      } else {
        current = new StringBuilder(text);
      }
      // a continuation: `\` at the end of the command part (before any comment)
      String code = current.toString();
      int hash = code.indexOf(" #");
      String beforeComment = hash < 0 ? code : code.substring(0, hash);
      if (beforeComment.endsWith("\\")) {
        current = new StringBuilder(beforeComment.substring(0, beforeComment.length() - 1)
            .strip());
        continue;
      }
      out.add(code.replaceAll("\\s+", " "));
      current = null;
    }
    return out;
  }

  /**
   * The points {@code tdsim sweep} would run for this command line, built as SweepCommand
   * builds them (the file's sweep section, then --vary, --zip, --replicates), without running.
   */
  static int gridPoints(String commandLine) {
    List<String> words = shellWords(commandLine);
    assertEquals(List.of("./tdsim", "sweep"), words.subList(0, 2), commandLine);
    Path file = RepoFiles.root().resolve(words.get(2));
    List<String> sets = new ArrayList<>();
    List<String> varies = new ArrayList<>();
    boolean zip = false;
    Integer replicates = null;
    for (int i = 3; i < words.size(); i++) {
      switch (words.get(i)) {
        case "--set" -> sets.add(words.get(++i));
        case "--vary" -> varies.add(words.get(++i));
        case "--zip" -> zip = true;
        case "--replicates" -> replicates = Integer.parseInt(words.get(++i));
        case "--out", "--parallel", "--max-probes", "--search-width", "--engine" -> i++;
        default -> { }
      }
    }
    SweepPlan.Source source = overrides -> ScenarioLoader.load(file, overrides);
    Scenario base = SweepPlan.loadBase(source, sets);
    SweepSpec spec = SweepSpec.fromSection(base.sweep(), file.toString()).withSearch(false);
    for (String v : varies) {
      spec = spec.withVary(SweepSpec.parseVary(v));
    }
    if (zip) {
      spec = spec.withZip(true);
    }
    if (replicates != null) {
      spec = spec.withReplicates(replicates);
    }
    return SweepPlan.build(source, sets, base, spec).points().size();
  }

  /** Words as a POSIX shell splits them, for the quoting the docs use ('...', "..."). */
  static List<String> shellWords(String line) {
    List<String> words = new ArrayList<>();
    StringBuilder word = null;
    char quote = 0;
    for (char c : line.toCharArray()) {
      if (quote != 0) {
        if (c == quote) {
          quote = 0;
        } else {
          word.append(c);
        }
      } else if (c == '\'' || c == '"') {
        quote = c;
        word = word == null ? new StringBuilder() : word;
      } else if (Character.isWhitespace(c)) {
        if (word != null) {
          words.add(word.toString());
          word = null;
        }
      } else {
        word = word == null ? new StringBuilder() : word;
        word.append(c);
      }
    }
    if (word != null) {
      words.add(word.toString());
    }
    return words;
  }

  /**
   * A test count (or the time of {@code make test}, which grows with it) is true on one day: the
   * README's paragraph or table row that quotes one says when it was measured.
   */
  @Test
  void everyTestCountTheReadmeQuotesIsDated() {
    Pattern count = Pattern.compile("\\b\\d{3,5} (tests|passed)\\b|\\(\\d{3,5} tests");
    Pattern date = Pattern.compile("\\b20\\d\\d-\\d\\d-\\d\\d\\b");
    List<String> undated = new ArrayList<>();
    int counts = 0;
    for (String paragraph : paragraphsAndRows(RepoFiles.read("README.md"))) {
      if (count.matcher(paragraph).find()) {
        counts++;
        if (!date.matcher(paragraph).find()) {
          undated.add(paragraph);
        }
      }
    }
    assertTrue(counts > 0, "the README quotes no test count: drop this test or the pattern broke");
    assertEquals(List.of(), undated, "test counts without the date they were counted");
  }

  /** Paragraphs separated by blank lines; each table row on its own (a row is its own claim). */
  static List<String> paragraphsAndRows(String text) {
    List<String> out = new ArrayList<>();
    for (String paragraph : text.split("\n\\s*\n")) {
      if (paragraph.strip().startsWith("|")) {
        out.addAll(List.of(paragraph.strip().split("\n")));
      } else {
        out.add(paragraph.strip());
      }
    }
    return out;
  }

  /**
   * Every design the registry has is priced by the builtin cost model, so model timing needs no
   * calibration run; a shipped scenario's comment saying otherwise (as batched.yaml's did) sends
   * users to a 15-minute calibration for nothing.
   */
  @Test
  void noShippedScenarioSaysModelTimingNeedsACalibration() {
    for (String design : Designs.names()) {
      assertTrue(CostModel.builtin().coefficients().containsKey(design),
          "the builtin cost model lacks design " + design
              + ": then the scenarios may say model timing needs 'tdsim calibrate'");
    }
    Pattern claim = Pattern.compile("(?i)model timing needs|needs .{0,40}entries in the cost"
        + " model|until `?tdsim calibrate`? has measured");
    List<String> stale = new ArrayList<>();
    for (String file : RepoFiles.shippedScenarios()) {
      String[] lines = RepoFiles.read(file).split("\n");
      for (int i = 0; i < lines.length; i++) {
        int at = lines[i].indexOf('#');
        if (at < 0) {
          continue;
        }
        // a claim may wrap onto the next comment line; it belongs to the line it starts on
        String comment = lines[i].substring(at);
        String next = i + 1 < lines.length ? lines[i + 1].strip() : "";
        Matcher m = claim.matcher(comment + (next.startsWith("#") ? " " + next : ""));
        if (m.find() && m.start() < comment.length()) {
          stale.add(file + ":" + (i + 1) + ": " + lines[i].strip());
        }
      }
    }
    assertEquals(List.of(), stale);
  }

  /**
   * The README's sweep example is written by {@code make docs}; what needs no rerun is checked
   * here: the block is there once, says who wrote it and when, its run counts are its command's
   * grid plus its probes, and its answer is about the designs its command varies. A command
   * edited by hand without rerunning {@code make docs} fails here when its grid changes.
   */
  @Test
  void theReadmesSweepExampleIsWhatItsCommandGives() {
    String readme = RepoFiles.read("README.md");
    String begin = "<!-- docs:sweep-example";
    String end = "<!-- /docs:sweep-example -->";
    int from = readme.indexOf(begin);
    int to = readme.indexOf(end);
    assertTrue(from >= 0 && to > from && readme.indexOf(begin, from + 1) < 0
        && readme.indexOf(end, to + 1) < 0,
        "README.md needs one docs:sweep-example block (scripts/docs-sweep-example.sh fills it)");
    String block = readme.substring(from, to);
    assertTrue(block.contains("`make docs`") && block.contains("scripts/docs-sweep-example.sh"),
        "the block must say make docs wrote it: " + block);
    Matcher when = Pattern.compile("last ran it on (20\\d\\d-\\d\\d-\\d\\d)").matcher(block);
    assertTrue(when.find(), "the block must carry the date make docs ran it: run make docs");

    List<String> commands = codeBlockCommands(block).stream()
        .filter(c -> c.startsWith("./tdsim sweep ")).toList();
    assertEquals(1, commands.size(), "one sweep command in the block: " + commands);
    String command = commands.get(0);

    Matcher counts = Pattern.compile("(\\d+) runs \\((\\d+) grid points, (\\d+) search probes\\)")
        .matcher(block);
    assertTrue(counts.find(), "the block's run counts are missing: " + block);
    int grid = Integer.parseInt(counts.group(2));
    assertEquals(gridPoints(command), grid, "the command's grid, against the block's");
    assertEquals(Integer.parseInt(counts.group(1)), grid + Integer.parseInt(counts.group(3)));

    Matcher varied = Pattern.compile("--vary crypto\\.design=([a-z,-]+)").matcher(command);
    assertTrue(varied.find(), "the example varies the design: " + command);
    String answer = block.substring(block.indexOf("answer:"));
    for (String design : varied.group(1).split(",")) {
      assertTrue(answer.contains("crypto.design=" + design),
          "the answer has no line for " + design + ": rerun make docs");
    }
  }

  /**
   * The README's quickstart copies a shipped scenario and edits three fields with sed: when that
   * scenario changes, a sed expression that no longer matches would silently leave a field as
   * it was. Each expression must change the copy, and the result must load with the values the
   * quickstart's YAML excerpt shows (the quickstart's own --set for speed included).
   */
  @Test
  void theQuickstartsThreeEditsChangeTheScenarioItCopies() {
    String readme = RepoFiles.read("README.md");
    int from = readme.indexOf("## Write your own scenario");
    assertTrue(from >= 0, "README.md has no 'Write your own scenario' section");
    String section = readme.substring(from, readme.indexOf("\n## ", from + 1));
    Matcher copy = Pattern.compile("cp (scenarios/\\S+\\.yaml) my-study\\.yaml").matcher(section);
    assertTrue(copy.find(), "the quickstart's cp command moved");
    String yaml = RepoFiles.read(copy.group(1));
    Matcher edit = Pattern.compile("-e 's/([^/]*)/([^/]*)/'").matcher(section);
    int edits = 0;
    while (edit.find()) {
      // GNU sed's basic regex as the quickstart writes it (^, $, .*) reads the same in Java
      String edited = Pattern.compile(edit.group(1), Pattern.MULTILINE).matcher(yaml)
          .replaceAll(Matcher.quoteReplacement(edit.group(2)));
      assertTrue(!edited.equals(yaml), "sed " + edit.group() + " changes nothing in "
          + copy.group(1) + ": the quickstart no longer matches it");
      yaml = edited;
      edits++;
    }
    assertEquals(3, edits, "the quickstart changes three fields");
    Scenario study = ScenarioLoader.parse(yaml, "my-study.yaml",
        List.of("crypto.timing=model", "heights=3"));
    Matcher shown = Pattern.compile("name: (\\S+)\\s.*?count: (\\d+)\\s.*?msgs_per_block: (\\d+)",
        Pattern.DOTALL).matcher(section.substring(section.indexOf("```yaml")));
    assertTrue(shown.find(), "the quickstart's YAML excerpt moved");
    assertEquals(shown.group(1), study.name());
    assertEquals(Integer.parseInt(shown.group(2)), study.validators().count());
    assertEquals(Integer.valueOf(shown.group(3)), study.workload().msgsPerBlock());
  }
}
