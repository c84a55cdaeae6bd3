package dev.tdsim.scenario;

import java.util.List;

/**
 * The one error of the scenario layer: a bad scenario file, a bad {@code --set} override or an
 * impossible combination of values. The message is one line a user can act on:
 *
 * <pre>
 * FILE:LINE: FIELD: problem   scenarios/x.yaml:12: keys.threshold: 9000 is above keys.shares (8192)
 * --set FIELD: problem        --set keys.shares: 100 is not a power of two ...
 * FILE:LINE: problem          scenarios/x.yaml:4: invalid YAML: ...   (a syntax error: no field)
 * FIELD: problem              keys.threshold: ...   (a record built in code: no file)
 * </pre>
 *
 * <p>Loading a file finds every error in it: the exception thrown is the first (in file order)
 * and {@link #getErrors()} lists them all.
 *
 * <p>Records validate themselves and throw an <em>unlocated</em> exception (no file); {@link
 * ScenarioLoader} catches it and throws a located copy pointing at the line of the field (or, for a
 * problem between two fields, of the one the user actually wrote).
 */
public final class ScenarioException extends RuntimeException {
  private static final long serialVersionUID = 1L;

  /** The pseudo file name of errors in {@code --set} overrides. */
  public static final String OVERRIDE = "--set";

  private final String file;
  private final int line;
  private final String field;
  private final String problem;
  private final List<String> relatedFields;
  /** The errors found with this one, after it (a load reports every error of a file). */
  private final List<ScenarioException> others;

  /**
   * A located error.
   *
   * @param file the scenario file as the user named it, {@link #OVERRIDE}, or null
   * @param line 1-based line, 0 when unknown (always 0 for overrides)
   * @param field dotted path of the field ({@code keys.threshold}, {@code budgets[2]}), or null
   * @param problem what is wrong, and if possible how to fix it
   */
  public ScenarioException(String file, int line, String field, String problem) {
    this(file, line, field, problem, List.of(), null);
  }

  /**
   * An unlocated error about {@code field}, thrown by the records' validation.
   *
   * @param relatedFields other fields the problem involves, in order of preference for locating it
   *     when {@code field} was not written by the user (it has its default)
   */
  public ScenarioException(String field, String problem, String... relatedFields) {
    this(null, 0, field, problem, List.of(relatedFields), null);
  }

  /** A located error with a cause (an I/O or YAML error). */
  public ScenarioException(String file, int line, String field, String problem, Throwable cause) {
    this(file, line, field, problem, List.of(), cause);
  }

  private ScenarioException(String file, int line, String field, String problem,
      List<String> relatedFields, Throwable cause) {
    this(file, line, field, problem, relatedFields, cause, List.of());
  }

  private ScenarioException(String file, int line, String field, String problem,
      List<String> relatedFields, Throwable cause, List<ScenarioException> others) {
    super(format(file, line, field, problem), cause);
    this.file = file;
    this.line = line;
    this.field = field;
    this.problem = problem;
    this.relatedFields = List.copyOf(relatedFields);
    this.others = List.copyOf(others);
  }

  /**
   * Several errors as one exception: the first one (its message, file, line and field) carrying
   * the others, so that a caller wanting one error sees the first and {@link #getErrors()} gives
   * them all.
   *
   * @param errors at least one, in the order to report them
   */
  public static ScenarioException all(List<ScenarioException> errors) {
    if (errors.isEmpty()) {
      throw new IllegalArgumentException("no errors");
    }
    ScenarioException first = errors.get(0);
    if (errors.size() == 1) {
      return first;
    }
    return new ScenarioException(first.file, first.line, first.field, first.problem,
        first.relatedFields, first.getCause(), errors.subList(1, errors.size()));
  }

  /**
   * Every error of the load, this one first, each a single {@code FILE:LINE: FIELD: problem}:
   * a scenario file's errors in file order, then those of {@code --set} overrides.
   */
  public List<ScenarioException> getErrors() {
    List<ScenarioException> all = new java.util.ArrayList<>(1 + others.size());
    all.add(this);
    all.addAll(others);
    return List.copyOf(all);
  }

  private static String format(String file, int line, String field, String problem) {
    StringBuilder sb = new StringBuilder();
    if (OVERRIDE.equals(file)) {
      sb.append(OVERRIDE).append(field == null ? ": " : " ");
    } else if (file != null) {
      sb.append(file);
      if (line > 0) {
        sb.append(':').append(line);
      }
      sb.append(": ");
    }
    if (field != null) {
      sb.append(field).append(": ");
    }
    return sb.append(problem).toString();
  }

  /** The file as the user named it, {@link #OVERRIDE} for a {@code --set} error, null if none. */
  public String getFile() {
    return file;
  }

  /** The 1-based line in {@link #getFile()}, or 0 when there is none. */
  public int getLine() {
    return line;
  }

  /** The dotted path of the field, or null (YAML syntax errors, unreadable files). */
  public String getField() {
    return field;
  }

  /** The problem alone, without location and field. */
  public String getProblem() {
    return problem;
  }

  /** Whether the error is in a {@code --set} override rather than in the file. */
  public boolean isOverride() {
    return OVERRIDE.equals(file);
  }

  /** Other fields the problem involves (for unlocated errors from the records). */
  public List<String> getRelatedFields() {
    return relatedFields;
  }

  /** Whether the error carries a file or override location. */
  public boolean isLocated() {
    return file != null;
  }
}
