package dev.tdsim.input;

import java.io.IOException;
import java.io.InputStream;
import java.nio.ByteBuffer;
import java.nio.charset.CharacterCodingException;
import java.nio.charset.StandardCharsets;
import java.nio.file.AccessDeniedException;
import java.nio.file.FileSystemException;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.NotDirectoryException;
import java.nio.file.Path;
import java.util.Iterator;
import java.util.Optional;
import java.util.Set;
import org.snakeyaml.engine.v2.api.LoadSettings;
import org.snakeyaml.engine.v2.api.lowlevel.Parse;
import org.snakeyaml.engine.v2.events.AliasEvent;
import org.snakeyaml.engine.v2.events.CollectionEndEvent;
import org.snakeyaml.engine.v2.events.Event;
import org.snakeyaml.engine.v2.events.MappingStartEvent;
import org.snakeyaml.engine.v2.events.NodeEvent;
import org.snakeyaml.engine.v2.events.ScalarEvent;
import org.snakeyaml.engine.v2.events.SequenceStartEvent;
import org.snakeyaml.engine.v2.exceptions.Mark;
import org.snakeyaml.engine.v2.exceptions.YamlEngineException;

/**
 * The one place for the limits on files a user gives tdsim (scenarios, {@code --set} values,
 * calibration files, the scenario.yaml and summary.json that {@code compare} reads): their size,
 * the nesting depth and tags of their YAML, and the wording of I/O errors.
 *
 * <p>Why: snakeyaml composes nested collections recursively, so a few thousand nested brackets
 * overflow the thread stack; a file is read whole before any YAML limit applies, so {@code
 * /dev/zero} or a multi-megabyte file would exhaust memory or take minutes; and snakeyaml ignores
 * tags it cannot resolve ({@code !!java.lang.Runtime}, {@code !custom}), which would silently read
 * a value the user meant as something else. Every problem is an {@link InputProblem} whose message
 * is words (no exception class names), for the caller to locate in its own error format.
 */
public final class InputFiles {
  /** The largest input file tdsim reads: scenarios and calibration files are a few KiB. */
  public static final int MAX_FILE_BYTES = 1 << 20;
  /** The deepest nesting of YAML collections accepted (scenarios nest 3 levels). */
  public static final int MAX_YAML_DEPTH = 64;
  /** The tags a YAML file may write explicitly: the core schema's. */
  private static final Set<String> CORE_TAGS = Set.of("tag:yaml.org,2002:str",
      "tag:yaml.org,2002:int", "tag:yaml.org,2002:float", "tag:yaml.org,2002:bool",
      "tag:yaml.org,2002:null", "tag:yaml.org,2002:map", "tag:yaml.org,2002:seq");

  private InputFiles() {}

  /**
   * A problem with an input file or text: what is wrong in words, and the 1-based line when it is
   * about a place in a YAML text (0 otherwise).
   */
  public static final class InputProblem extends RuntimeException {
    private static final long serialVersionUID = 1L;
    private final int line;

    public InputProblem(int line, String problem) {
      super(problem);
      this.line = line;
    }

    /** The 1-based line of the problem in the text, 0 when it is about the whole file. */
    public int line() {
      return line;
    }
  }

  /**
   * Reads a UTF-8 text file of at most {@link #MAX_FILE_BYTES}, refusing a larger one before
   * reading it whole: a regular file by its size, anything else (a pipe, {@code /dev/zero}) by
   * reading at most one byte more than the limit.
   *
   * @param what what the file should be, for messages ({@code "scenario file"})
   */
  public static String readText(Path file, String what) {
    if (Files.isDirectory(file)) {
      throw new InputProblem(0, "is a directory, not a " + what);
    }
    byte[] bytes;
    try {
      if (Files.isRegularFile(file)) {
        long size = Files.size(file);
        if (size > MAX_FILE_BYTES) {
          throw tooLarge(what, size);
        }
      }
      try (InputStream in = Files.newInputStream(file)) {
        bytes = in.readNBytes(MAX_FILE_BYTES + 1);
      }
    } catch (IOException e) {
      throw new InputProblem(0, describe(e));
    }
    if (bytes.length > MAX_FILE_BYTES) {
      throw tooLarge(what, -1);
    }
    try {
      return StandardCharsets.UTF_8.newDecoder().decode(ByteBuffer.wrap(bytes)).toString();
    } catch (CharacterCodingException e) {
      throw new InputProblem(0, "is not UTF-8 text (is it a " + what + "?)");
    }
  }

  private static InputProblem tooLarge(String what, long size) {
    return new InputProblem(0, (size >= 0 ? "is " + size + " bytes, " : "is ")
        + "larger than the " + (MAX_FILE_BYTES >> 20) + " MiB a " + what + " may have");
  }

  /**
   * Checks a YAML text before it is composed: collections nested at most {@link #MAX_YAML_DEPTH}
   * deep and no explicit tag other than the core schema's ({@code !!str}, {@code !!int}, {@code
   * !!float}, {@code !!bool}, {@code !!null}, {@code !!map}, {@code !!seq}). Reads the text as a
   * stream of parser events, which uses no recursion. YAML syntax errors are left to the caller's
   * own parse, which reports them with more context.
   */
  public static void checkYaml(String text) {
    LoadSettings settings = LoadSettings.builder().setCodePointLimit(MAX_FILE_BYTES + 1).build();
    Iterator<Event> events = new Parse(settings).parseString(text).iterator();
    int depth = 0;
    while (true) {
      Event e;
      try {
        if (!events.hasNext()) {
          return;
        }
        e = events.next();
      } catch (YamlEngineException syntax) {
        return;
      }
      if (e instanceof NodeEvent && !(e instanceof AliasEvent)) {
        Optional<String> tag = e instanceof ScalarEvent s ? s.getTag()
            : e instanceof MappingStartEvent m ? m.getTag()
            : e instanceof SequenceStartEvent q ? q.getTag() : Optional.empty();
        if (tag.isPresent() && !CORE_TAGS.contains(tag.get())) {
          throw new InputProblem(line(e), "the tag '" + shortTag(tag.get()) + "' is not"
              + " allowed; only the standard tags !!str, !!int, !!float, !!bool, !!null,"
              + " !!map and !!seq are (and none is needed: remove it)");
        }
      }
      if (e instanceof MappingStartEvent || e instanceof SequenceStartEvent) {
        depth++;
        if (depth > MAX_YAML_DEPTH) {
          throw new InputProblem(line(e), "collections are nested more than "
              + MAX_YAML_DEPTH + " levels deep");
        }
      } else if (e instanceof CollectionEndEvent) {
        depth--;
      }
    }
  }

  private static int line(Event e) {
    return e.getStartMark().map(Mark::getLine).map(l -> l + 1).orElse(0);
  }

  private static String shortTag(String tag) {
    return tag.startsWith("tag:yaml.org,2002:") ? "!!" + tag.substring(18) : tag;
  }

  /** An I/O error in words: "no such file", "permission denied", ... (no class names). */
  public static String describe(IOException e) {
    if (e instanceof NoSuchFileException) {
      return "no such file";
    }
    if (e instanceof AccessDeniedException) {
      return "permission denied";
    }
    if (e instanceof NotDirectoryException) {
      return "a part of the path is a file, not a folder";
    }
    if (e instanceof java.nio.file.DirectoryNotEmptyException) {
      return "the folder is not empty";
    }
    if (e instanceof java.nio.file.FileAlreadyExistsException) {
      return "it already exists";
    }
    if (e instanceof FileSystemException f && f.getReason() != null && !f.getReason().isBlank()) {
      return f.getReason().strip().toLowerCase(java.util.Locale.ROOT);
    }
    String m = e.getMessage();
    if (m != null && !m.isBlank()) {
      return m.strip().toLowerCase(java.util.Locale.ROOT);
    }
    return "an input/output error";
  }
}
