package dev.tdsim.docs;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.Stream;

/** The repository's own files as the doc tests read them (tests run in sim/, or at the root). */
final class RepoFiles {
  private RepoFiles() {}

  static Path root() {
    for (Path p : List.of(Path.of(".."), Path.of("."))) {
      if (Files.exists(p.resolve("README.md")) && Files.exists(p.resolve("scenarios"))) {
        return p.toAbsolutePath().normalize();
      }
    }
    throw new AssertionError("the repository root (README.md, scenarios/) not found from "
        + Path.of("").toAbsolutePath());
  }

  static String read(String relative) {
    try {
      return Files.readString(root().resolve(relative));
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }

  /** README.md and every docs/*.md, as paths relative to the root. */
  static List<String> readmeAndDocs() {
    List<String> out = new ArrayList<>(List.of("README.md"));
    try (Stream<Path> files = Files.list(root().resolve("docs"))) {
      files.map(f -> "docs/" + f.getFileName()).filter(n -> n.endsWith(".md")).sorted()
          .forEach(out::add);
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
    return out;
  }

  /** Every shipped scenario file (scenarios/ and below), relative to the root. */
  static List<String> shippedScenarios() {
    Path dir = root().resolve("scenarios");
    try (Stream<Path> files = Files.walk(dir)) {
      return files.filter(f -> f.toString().endsWith(".yaml"))
          .map(f -> root().relativize(f).toString().replace('\\', '/')).sorted().toList();
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }
}
