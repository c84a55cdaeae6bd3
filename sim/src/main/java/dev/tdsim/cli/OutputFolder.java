package dev.tdsim.cli;

import dev.tdsim.input.InputFiles;
import dev.tdsim.report.ReportWriter;
import dev.tdsim.sweep.Sensitivity;
import dev.tdsim.sweep.Sweep;
import dev.tdsim.sweep.SweepCsv;
import dev.tdsim.scenario.InputException;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.FileAlreadyExistsException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.nio.file.StandardOpenOption;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.Set;
import java.util.stream.Stream;

/**
 * The output folder of {@code run} and {@code sweep}: checked before anything runs, and held by
 * a lock while the command writes it.
 *
 * <p>Checks: {@code --out} is not empty, not a file, and, when it exists, holds only what the
 * command itself writes there (a run replaces the whole folder, so {@code --out .} must not
 * replace the working directory). The lock is {@code DIR.lock} beside the folder, created
 * atomically ({@code CREATE_NEW}) and holding the owner's process id; a lock whose process has
 * ended (killed with {@code kill -9}, a crash) is stale and removed by the next command, so it
 * never blocks for long. The lock is removed when the command ends, and by a shutdown hook on
 * Ctrl-C.
 */
final class OutputFolder implements AutoCloseable {
  /** What {@code tdsim run} writes in its folder. */
  static final Set<String> RUN_FILES = Set.of(ReportWriter.SUMMARY, ReportWriter.HEIGHTS,
      ReportWriter.HTML, ReportWriter.SCENARIO);
  /** What {@code tdsim sweep} writes at the top of its folder (with its temporary files). */
  static final Set<String> SWEEP_FILES = Set.of(SweepCsv.FILE, SweepCsv.FILE + ".tmp",
      Sensitivity.FILE, Sensitivity.FILE + ".tmp", Sweep.POINTS, Sweep.PROBES, Sweep.REPORT,
      Sweep.REPORT + ".tmp", ReportWriter.SCENARIO);

  private final Path dir;
  private final Path lockFile;
  private final Thread hook;
  private boolean released;

  private OutputFolder(Path dir, Path lockFile) {
    this.dir = dir;
    this.lockFile = lockFile;
    this.hook = new Thread(this::release, "tdsim-unlock");
    Runtime.getRuntime().addShutdownHook(hook);
  }

  /** The absolute, normalized folder ({@code o/.} is {@code o}, {@code .} the working dir). */
  Path dir() {
    return dir;
  }

  /**
   * Checks {@code out} as the folder of a command writing {@code allowed} names into it, and
   * locks it.
   *
   * @param command {@code run} or {@code sweep}, for messages
   */
  static OutputFolder claim(Path out, String command, Set<String> allowed) {
    if (out.toString().isBlank()) {
      throw new InputException("--out: the folder name is empty; give a folder, e.g. --out"
          + " reports/mine");
    }
    Path dir = out.toAbsolutePath().normalize();
    if (dir.getParent() == null || dir.getFileName() == null) {
      throw new InputException("--out " + out + ": is the root of the file system; give a"
          + " folder of its own");
    }
    for (Path p = dir; p != null; p = p.getParent()) {
      if (Files.exists(p) && !Files.isDirectory(p)) {
        throw new InputException("--out " + out + ": " + (p.equals(dir) ? "is a file"
            : RunCommand.shown(p) + " is a file") + ", not a folder");
      }
    }
    if (Files.isDirectory(dir)) {
      List<String> foreign = foreignEntries(dir, allowed);
      if (!foreign.isEmpty()) {
        throw new InputException("--out " + out + ": the folder holds files tdsim " + command
            + " does not write (" + String.join(", ", foreign) + "); tdsim " + command
            + (command.equals("run") ? " replaces the whole folder" : " writes into it")
            + ", so give a new folder, an empty one, or one an earlier tdsim " + command
            + " wrote");
      }
    }
    return lock(dir, out);
  }

  private static List<String> foreignEntries(Path dir, Set<String> allowed) {
    List<String> out = new ArrayList<>();
    try (Stream<Path> entries = Files.list(dir)) {
      entries.map(p -> p.getFileName().toString()).filter(n -> !allowed.contains(n)).sorted()
          .limit(3).forEach(out::add);
    } catch (IOException e) {
      throw new InputException("--out " + dir + ": cannot list the folder: "
          + InputFiles.describe(e), e);
    }
    return out;
  }

  private static OutputFolder lock(Path dir, Path shown) {
    Path lockFile = dir.resolveSibling(dir.getFileName() + ".lock");
    try {
      Files.createDirectories(dir.getParent());
    } catch (IOException e) {
      throw new InputException("--out " + shown + ": cannot create the folder "
          + dir.getParent() + ": " + InputFiles.describe(e), e);
    }
    long me = ProcessHandle.current().pid();
    for (int attempt = 0; attempt < 5; attempt++) {
      try {
        Files.writeString(lockFile, me + "\n", StandardCharsets.US_ASCII,
            StandardOpenOption.CREATE_NEW, StandardOpenOption.WRITE);
        return new OutputFolder(dir, lockFile);
      } catch (FileAlreadyExistsException e) {
        Owner owner = owner(lockFile);
        if (owner.holds()) {
          throw busy(shown, lockFile, owner.pid());
        }
        removeStale(lockFile, owner);
      } catch (IOException e) {
        throw new InputException("--out " + shown + ": cannot write in " + dir.getParent()
            + ": " + InputFiles.describe(e), e);
      }
    }
    throw busy(shown, lockFile, -1);
  }

  /**
   * Who holds a lock file: its process id, and whether that process still runs (a process that
   * started after the file was written only reuses a dead owner's id). A file without an id is
   * being written now, unless it is older than a few seconds.
   */
  private record Owner(long pid, boolean holds) {}

  private static Owner owner(Path lockFile) {
    String text;
    Instant written;
    try {
      text = Files.readString(lockFile, StandardCharsets.US_ASCII).strip();
      written = Files.getLastModifiedTime(lockFile).toInstant();
    } catch (IOException e) {
      return new Owner(-1, !(e instanceof java.nio.file.NoSuchFileException));
    }
    long pid;
    try {
      pid = Long.parseLong(text);
    } catch (NumberFormatException e) {
      return new Owner(-1, written.isAfter(Instant.now().minusSeconds(10)));
    }
    if (pid == ProcessHandle.current().pid()) {
      return new Owner(pid, true); // this very process writes the folder already
    }
    Optional<ProcessHandle> p = ProcessHandle.of(pid);
    boolean alive = p.map(ProcessHandle::isAlive).orElse(false)
        && p.flatMap(h -> h.info().startInstant())
            .map(start -> !start.isAfter(written.plusSeconds(1))).orElse(true);
    return new Owner(pid, alive);
  }

  /**
   * Removes a stale lock file by renaming it away first (atomic: of two processes cleaning the
   * same stale file only one succeeds); if what was renamed turns out to be a live owner's fresh
   * file, it is put back.
   */
  private static void removeStale(Path lockFile, Owner stale) {
    Path aside = lockFile.resolveSibling(lockFile.getFileName() + ".stale."
        + ProcessHandle.current().pid());
    try {
      Files.move(lockFile, aside, StandardCopyOption.ATOMIC_MOVE);
    } catch (IOException e) {
      return; // someone else removed it: try again
    }
    Owner moved = owner(aside);
    if (moved.pid() != stale.pid() && moved.holds()) {
      try {
        Files.move(aside, lockFile, StandardCopyOption.ATOMIC_MOVE);
      } catch (IOException e) {
        // a newer lock is in place already: it protects the folder
      }
    }
    try {
      Files.deleteIfExists(aside);
    } catch (IOException e) {
      // left over, harmless
    }
  }

  private static InputException busy(Path shown, Path lockFile, long owner) {
    return new InputException("--out " + shown + ": another tdsim"
        + (owner > 0 ? " (process " + owner + ")" : "") + " is writing this folder (lock file "
        + lockFile + "); wait for it to finish or give another --out");
  }

  private synchronized void release() {
    if (released) {
      return;
    }
    released = true;
    try {
      Files.deleteIfExists(lockFile);
    } catch (IOException ignored) {
      // a lock file left behind names a process that has ended: the next run removes it
    }
  }

  /** Removes the lock (the shutdown hook does the same on Ctrl-C). */
  @Override
  public void close() {
    release();
    try {
      Runtime.getRuntime().removeShutdownHook(hook);
    } catch (IllegalStateException shuttingDown) {
      // the hook is running or has run
    }
  }
}
