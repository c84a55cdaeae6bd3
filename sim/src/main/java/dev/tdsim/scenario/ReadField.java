package dev.tdsim.scenario;

/**
 * One field's value: the user's, parsed, or the default when the user did not write it or
 * wrote something wrong (then reported and marked reset), so that checking goes on.
 */
final class ReadField<T> {
  final String path;
  final T otherwise;
  final boolean given;
  T value;
  boolean reset;

  ReadField(String path, T otherwise, boolean given, T value, boolean reset) {
    this.path = path;
    this.otherwise = otherwise;
    this.given = given;
    this.value = value;
    this.reset = reset;
  }

  T v() {
    return value;
  }

  /** Whether a problem about {@code f} is about this field (or a part of it). */
  boolean covers(String f) {
    return f != null && (f.equals(path) || f.startsWith(path + ".") || f.startsWith(path + "["));
  }

  void toDefault() {
    value = otherwise;
    reset = true;
  }
}
