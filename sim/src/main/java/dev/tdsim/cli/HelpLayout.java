package dev.tdsim.cli;

import java.util.ArrayList;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import picocli.CommandLine;
import picocli.CommandLine.Help;
import picocli.CommandLine.IHelpSectionRenderer;
import picocli.CommandLine.Model.UsageMessageSpec;

/**
 * Wraps {@code --help} text at spaces only. Picocli wraps with the JDK's line {@link
 * java.text.BreakIterator}, which breaks after a '.' inside a word, so scenario paths came out
 * split over two lines ({@code workload.} / {@code msgs_per_block=200}), which cannot be copied.
 * Each section is rendered by picocli at an unbounded width (one line per paragraph or option)
 * and wrapped here to the usage width, continuation lines indented as picocli indents them.
 */
final class HelpLayout {
  private static final Pattern ANSI = Pattern.compile("\u001B\\[[0-9;]*m");
  /** Wide enough that picocli never wraps a description. */
  private static final int UNBOUNDED = 10_000;

  /**
   * The heading of every command's examples (its {@code footer}): real commands on shipped
   * scenario files, each checked to parse and its scenario to validate (HelpExamplesTest).
   */
  static final String EXAMPLES = "%nExamples:%n";

  private HelpLayout() {}

  /** Installs the wrapping on {@code cl} and every subcommand. */
  static void install(CommandLine cl) {
    cl.getHelpSectionMap().put(UsageMessageSpec.SECTION_KEY_DESCRIPTION,
        help -> wide(help, Help::description, 0));
    cl.getHelpSectionMap().put(UsageMessageSpec.SECTION_KEY_PARAMETER_LIST,
        help -> wide(help, h -> h.parameterList(), descriptionColumn(help) + 2));
    cl.getHelpSectionMap().put(UsageMessageSpec.SECTION_KEY_OPTION_LIST,
        help -> wide(help, h -> h.optionList(), descriptionColumn(help) + 2));
    // an example too long for the width goes on at a deeper indent, never split inside a path
    cl.getHelpSectionMap().put(UsageMessageSpec.SECTION_KEY_FOOTER,
        help -> wide(help, h -> h.footer(), 4));
    for (CommandLine sub : cl.getSubcommands().values()) {
      install(sub);
    }
  }

  /** The column where option descriptions start (picocli's default layout). */
  private static int descriptionColumn(Help help) {
    Help.Column[] columns = help.createDefaultLayout().textTable().columns();
    int c = 0;
    for (int i = 0; i < columns.length - 1; i++) {
      c += columns[i].width;
    }
    return c + columns[columns.length - 1].indent;
  }

  /** A section rendered by picocli without wrapping, then wrapped at spaces. */
  private static String wide(Help help, IHelpSectionRenderer section, int continuation) {
    UsageMessageSpec usage = help.commandSpec().usageMessage();
    int width = usage.width();
    boolean auto = usage.autoWidth();
    String text;
    try {
      usage.autoWidth(false);
      usage.width(UNBOUNDED);
      text = section.render(new Help(help.commandSpec(), help.colorScheme()));
    } finally {
      usage.width(width);
      usage.autoWidth(auto);
    }
    return wrap(text, width, continuation);
  }

  /**
   * Wraps each line of {@code text} longer than {@code width} (visible characters: ANSI colour
   * codes do not count) at spaces; continuation lines start at column {@code continuation}, or
   * at the line's own indentation when that is deeper. A word longer than the room stays whole.
   */
  static String wrap(String text, int width, int continuation) {
    StringBuilder out = new StringBuilder();
    for (String line : text.split("\n", -1)) {
      if (out.length() > 0) {
        out.append('\n');
      }
      out.append(wrapLine(line, width, continuation));
    }
    return out.toString();
  }

  private static String wrapLine(String line, int width, int continuation) {
    if (visible(line) <= width) {
      return line;
    }
    String plain = ANSI.matcher(line).replaceAll("");
    int indent = 0;
    while (indent < plain.length() && plain.charAt(indent) == ' ') {
      indent++;
    }
    int next = Math.max(continuation, indent);
    if (next >= width - 10) {
      next = indent;
    }
    List<String> lines = new ArrayList<>();
    StringBuilder current = new StringBuilder();
    int currentWidth = 0;
    int i = 0;
    while (i < line.length()) {
      int end = i;
      while (end < line.length() && line.charAt(end) != ' ') {
        end++;
      }
      String word = line.substring(i, end);
      int spaces = 0;
      while (end + spaces < line.length() && line.charAt(end + spaces) == ' ') {
        spaces++;
      }
      if (!word.isEmpty() && currentWidth > next && currentWidth + visible(word) > width) {
        lines.add(current.toString().stripTrailing());
        current = new StringBuilder(" ".repeat(next));
        currentWidth = next;
      }
      current.append(word).append(" ".repeat(spaces));
      currentWidth += visible(word) + spaces;
      i = end + spaces;
    }
    lines.add(current.toString().stripTrailing());
    return String.join("\n", lines);
  }

  private static int visible(String s) {
    Matcher m = ANSI.matcher(s);
    return m.find() ? m.reset().replaceAll("").length() : s.length();
  }
}
