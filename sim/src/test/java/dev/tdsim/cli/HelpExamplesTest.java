package dev.tdsim.cli;

import static org.junit.jupiter.api.Assertions.assertDoesNotThrow;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;
import picocli.CommandLine;

/**
 * The examples at the end of every {@code --help} are real: each parses as the command line it
 * shows, its scenario file is shipped, and that scenario with the example's {@code --set}
 * overrides validates.
 */
class HelpExamplesTest {
  /** Where the examples' relative paths (scenarios/...) are: the repository, above sim/. */
  private static final Path ROOT = Files.isDirectory(Path.of("../scenarios")) ? Path.of("..")
      : Path.of(".");

  @Test
  void everyCommandShowsTwoOrThreeExamplesThatParseAndValidate() {
    CommandLine main = Main.commandLine();
    List<CommandLine> commands = new ArrayList<>(List.of(main));
    commands.addAll(main.getSubcommands().values());
    for (CommandLine command : commands) {
      List<String> examples = examples(command);
      String name = command.getCommandSpec().qualifiedName();
      assertTrue(examples.size() >= 2 && examples.size() <= 3, name + ": " + examples);
      assertTrue(command.getUsageMessage().contains("Examples:\n  tdsim "), name);
      for (String example : examples) {
        // one line at the narrowest help (80 columns): a wrapped command cannot be copied
        assertTrue(example.length() + 2 <= 80, name + ": longer than 78: " + example);
        checkExample(example);
      }
    }
  }

  /** The footer's lines that are commands ({@code   tdsim ...}). */
  private static List<String> examples(CommandLine command) {
    List<String> out = new ArrayList<>();
    for (String line : command.getCommandSpec().usageMessage().footer()) {
      if (line.startsWith("  tdsim ")) {
        out.add(line.strip());
      }
    }
    return out;
  }

  private static void checkExample(String example) {
    List<String> args = words(example.substring("tdsim ".length()));
    assertDoesNotThrow(() -> Main.commandLine().parseArgs(args.toArray(String[]::new)),
        example);
    List<String> validate = new ArrayList<>(List.of("validate"));
    for (int i = 1; i < args.size(); i++) {
      String a = args.get(i);
      if (a.endsWith(".yaml") && (i == 1 || !args.get(i - 1).startsWith("--"))) {
        Path file = ROOT.resolve(a);
        assertTrue(Files.isRegularFile(file), example + ": " + a + " is not shipped");
        validate.add(1, file.toString());
      } else if (a.equals("--set")) {
        validate.add(a);
        validate.add(args.get(i + 1));
      }
    }
    if (validate.size() > 1 && validate.get(1).endsWith(".yaml")) {
      CliRun run = CliRun.of(validate.toArray(String[]::new));
      assertEquals(0, run.exitCode(), example + ": " + run.err());
    }
  }

  /** Splits as a shell would: at spaces, with single quotes keeping a value whole. */
  static List<String> words(String line) {
    List<String> out = new ArrayList<>();
    StringBuilder word = new StringBuilder();
    boolean quoted = false;
    boolean any = false;
    for (char c : line.toCharArray()) {
      if (c == '\'') {
        quoted = !quoted;
        any = true;
      } else if (c == ' ' && !quoted) {
        if (any) {
          out.add(word.toString());
        }
        word.setLength(0);
        any = false;
      } else {
        word.append(c);
        any = true;
      }
    }
    if (any) {
      out.add(word.toString());
    }
    return out;
  }

  @Test
  void compareComparesTheFoldersItsRunExamplesWrite() {
    List<String> examples = examples(Main.commandLine().getSubcommands().get("compare"));
    List<String> written = new ArrayList<>();
    for (String example : examples.subList(0, examples.size() - 1)) {
      List<String> args = words(example.substring("tdsim ".length()));
      List<String> overrides = new ArrayList<>();
      for (int i = 0; i < args.size(); i++) {
        if (args.get(i).equals("--set")) {
          overrides.add(args.get(i + 1));
        }
      }
      written.add(RunCommand.defaultOut(dev.tdsim.scenario.ScenarioLoader.load(
          ROOT.resolve(args.get(1)), overrides), overrides).toString().replace('\\', '/'));
    }
    List<String> compare = words(examples.get(examples.size() - 1));
    assertEquals(written, compare.subList(2, compare.size()));
  }

  @Test
  void quotedValuesStayWhole() {
    assertEquals(List.of("run", "f.yaml", "--set", "network.latency=80 ms"),
        words("run f.yaml --set 'network.latency=80 ms'"));
  }
}
