package dev.tdsim.sweep.engine;

/**
 * Where a sweep's points run: the {@code local} engine (a thread pool in this JVM, the default)
 * or a plug-in found on the class path (the {@code spark} engine of the {@code sweep-spark}
 * module). Chosen by its lower-case name with {@code tdsim sweep --engine NAME} through {@link
 * SweepEngines}. An engine only runs points; the sweep (its plan, the point folders, sweep.csv,
 * the search and the reports) stays in the driver, so every engine writes the same files.
 */
public interface SweepEngine {
  /** The lower-case name users write after {@code --engine}. */
  String name();

  /** One line for {@code --help} and error messages. */
  String description();

  /**
   * Starts the engine (a thread pool, a Spark context) for one sweep.
   *
   * @throws EngineException for options this engine refuses (a clear one-line message)
   */
  PointExecutor open(EngineOptions options);
}
