package dev.tdsim.input;

import java.io.IOException;
import java.io.InputStream;
import java.nio.ByteBuffer;
import java.nio.CharBuffer;
import java.nio.charset.CharsetDecoder;
import java.nio.charset.CoderResult;
import java.nio.charset.StandardCharsets;
import java.nio.file.AccessDeniedException;
import java.nio.file.FileSystemException;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.NotDirectoryException;
import java.nio.file.Path;
import java.util.HashSet;
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
  /**
   * The most aliases of collections a YAML text may hold: snakeyaml's own guard against alias
   * bombs (a billion laughs), checked here first so that the error names the line.
   */
  public static final int MAX_YAML_COLLECTION_ALIASES =
      LoadSettings.builder().build().getMaxAliasesForCollections();
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
    ByteBuffer in = ByteBuffer.wrap(bytes);
    CharBuffer out = CharBuffer.allocate(bytes.length);
    CharsetDecoder decoder = StandardCharsets.UTF_8.newDecoder();
    CoderResult result = decoder.decode(in, out, true);
    if (!result.isError()) {
      result = decoder.flush(out);
    }
    if (result.isError()) {
      throw new InputProblem(lineAt(bytes, in.position()), "is not UTF-8 text (is it a " + what
          + "?): byte 0x" + String.format("%02x", bytes[in.position()] & 0xff) + " at offset "
          + in.position());
    }
    return out.flip().toString();
  }

  /** The 1-based line of a byte offset in a text's bytes. */
  private static int lineAt(byte[] bytes, int offset) {
    int line = 1;
    for (int i = 0; i < offset; i++) {
      if (bytes[i] == '\n') {
        line++;
      }
    }
    return line;
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
    checkCharacters(text);
    LoadSettings settings = LoadSettings.builder().setCodePointLimit(MAX_FILE_BYTES + 1).build();
    Iterator<Event> events = new Parse(settings).parseString(text).iterator();
    int depth = 0;
    Set<String> collectionAnchors = new HashSet<>();
    int collectionAliases = 0;
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
      if (e instanceof AliasEvent a && collectionAnchors.contains(a.getAlias().getValue())
          && ++collectionAliases > MAX_YAML_COLLECTION_ALIASES) {
        throw new InputProblem(line(e), "more than " + MAX_YAML_COLLECTION_ALIASES
            + " aliases of mappings or lists (a guard against alias bombs): write the values out");
      }
      if (e instanceof MappingStartEvent || e instanceof SequenceStartEvent) {
        ((NodeEvent) e).getAnchor().ifPresent(x -> collectionAnchors.add(x.getValue()));
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

  /**
   * Refuses a character YAML does not allow (its c-printable set: tab, line breaks and printable
   * Unicode), such as NUL or another control character, at its line and column: the YAML
   * reader's own error has no position.
   */
  private static void checkCharacters(String text) {
    int line = 1;
    int column = 1;
    for (int i = 0; i < text.length(); ) {
      int c = text.codePointAt(i);
      if (!printable(c)) {
        throw new InputProblem(line, String.format("the character U+%04X (column %d) is not"
            + " allowed in YAML: only tabs, line breaks and printable characters are", c, column));
      }
      if (c == '\n') {
        line++;
        column = 1;
      } else {
        column++;
      }
      i += Character.charCount(c);
    }
  }

  private static boolean printable(int c) {
    return c == '\t' || c == '\n' || c == '\r' || (c >= 0x20 && c <= 0x7e) || c == 0x85
        || (c >= 0xa0 && c <= 0xd7ff) || (c >= 0xe000 && c <= 0xfffd)
        || (c >= 0x10000 && c <= 0x10ffff);
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
