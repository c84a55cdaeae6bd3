package dev.tdsim.calibration;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import java.time.format.DateTimeParseException;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;

/**
 * What a calibration file says about the machine it was measured on, and the one place that
 * decides whether a file describes this machine: the {@code machine:} map of a cost model.
 *
 * <p>A file is <em>foreign</em> when its CPU model, core count, OS, architecture, Java version or
 * jblst version differs from this machine's; it is <em>stale</em> when it is older than
 * {@link #MAX_AGE} or was made by another tdsim version. Either way its durations may not be this
 * machine's, so a run that uses it says so (see {@link #warnings}).
 *
 * @param cpu CPU model ({@code model name} of /proc/cpuinfo), or "unknown (ARCH)"
 * @param cores processors available to the JVM
 * @param os operating system name
 * @param arch CPU architecture as Java reports it
 * @param java Java runtime version
 * @param jblst version of the jblst library that binds blst
 * @param tdsim tdsim version from the jar manifest, "dev" when run from classes
 * @param created when the calibration was made
 */
public record MachineFingerprint(
    String cpu,
    int cores,
    String os,
    String arch,
    String java,
    String jblst,
    String tdsim,
    Instant created) {
  /** A calibration older than this is stale. */
  public static final Duration MAX_AGE = Duration.ofDays(30);

  /** The jblst version tdsim is built against (crypto/pom.xml), when the jar name cannot tell. */
  static final String JBLST_VERSION = "0.3.17";

  /** What {@code machine.source} says in a file written by {@code tdsim calibrate}. */
  public static final String SOURCE = "tdsim calibrate";

  public MachineFingerprint {
    Objects.requireNonNull(created, "created");
  }

  /** This machine, now. */
  public static MachineFingerprint current() {
    return current(Instant.now());
  }

  /** This machine, with the given creation time. */
  public static MachineFingerprint current(Instant created) {
    return new MachineFingerprint(cpuModel(Path.of("/proc/cpuinfo")),
        Runtime.getRuntime().availableProcessors(), System.getProperty("os.name", "unknown"),
        System.getProperty("os.arch", "unknown"), System.getProperty("java.version", "unknown"),
        jblstVersion(), tdsimVersion(), created);
  }

  /** The {@code machine:} map of a calibration file. */
  public Map<String, Object> toMap() {
    Map<String, Object> m = new LinkedHashMap<>();
    m.put("source", SOURCE);
    m.put("cpu", cpu);
    m.put("cores", cores);
    m.put("os", os);
    m.put("arch", arch);
    m.put("java", java);
    m.put("jblst", jblst);
    m.put("tdsim", tdsim);
    m.put("created", created.toString());
    return m;
  }

  /**
   * Why the cost model whose {@code machine:} map is given may not describe this machine today:
   * one sentence per reason (foreign, stale, or no fingerprint at all); empty when it is this
   * machine's, made by this tdsim within {@link #MAX_AGE}.
   *
   * @param origin how to name the file in the sentences (its path)
   * @param recorded the file's {@code machine:} map
   * @param here this machine (its {@code created} is not used)
   * @param now the time to judge the age against
   */
  public static List<String> warnings(
      String origin, Map<String, ?> recorded, MachineFingerprint here, Instant now) {
    List<String> out = new ArrayList<>();
    List<String> differences = new ArrayList<>();
    List<String> missing = new ArrayList<>();
    compare("cpu", recorded.get("cpu"), here.cpu, differences, missing);
    compare("cores", recorded.get("cores"), here.cores, differences, missing);
    compare("os", recorded.get("os"), here.os, differences, missing);
    compare("arch", recorded.get("arch"), here.arch, differences, missing);
    compare("java", recorded.get("java"), here.java, differences, missing);
    compare("jblst", recorded.get("jblst"), here.jblst, differences, missing);
    if (!differences.isEmpty()) {
      out.add("calibration file " + origin + " is foreign: it was measured on another machine ("
          + String.join("; ", differences) + "), so its durations describe that machine, not"
          + " this one; run 'tdsim calibrate' here for a model of this machine");
    }
    List<String> stale = new ArrayList<>();
    Object createdValue = recorded.get("created");
    Instant created = null;
    if (createdValue == null) {
      missing.add("created");
    } else {
      try {
        created = Instant.parse(String.valueOf(createdValue));
      } catch (DateTimeParseException e) {
        stale.add("its creation time '" + createdValue + "' is not an ISO-8601 instant");
      }
    }
    if (created != null && created.isAfter(now.plus(Duration.ofHours(1)))) {
      stale.add("it is dated in the future (" + created + ", now is " + now
          + "): its machine fingerprint is not to be trusted");
    }
    if (created != null && Duration.between(created, now).compareTo(MAX_AGE) > 0) {
      stale.add("made " + Duration.between(created, now).toDays() + " days ago (" + created
          + "), more than " + MAX_AGE.toDays() + " days");
    }
    Object version = recorded.get("tdsim");
    if (version == null) {
      missing.add("tdsim");
    } else if (!String.valueOf(version).equals(here.tdsim)) {
      stale.add("made by tdsim " + version + ", this is tdsim " + here.tdsim);
    }
    if (!stale.isEmpty()) {
      out.add("calibration file " + origin + " is stale: " + String.join("; ", stale)
          + "; run 'tdsim calibrate' again");
    }
    if (!missing.isEmpty()) {
      out.add("calibration file " + origin + " has no " + String.join(", ", missing)
          + " in its machine fingerprint, so tdsim cannot tell whether it describes this machine"
          + " and this tdsim; files written by 'tdsim calibrate' have them");
    }
    return out;
  }

  private static void compare(
      String key, Object recorded, Object here, List<String> differences, List<String> missing) {
    if (recorded == null) {
      missing.add(key);
    } else if (!String.valueOf(recorded).equals(String.valueOf(here))) {
      differences.add(key + " '" + recorded + "' there, '" + here + "' here");
    }
  }

  /** The first {@code model name} of a cpuinfo file; "unknown (ARCH)" without one. */
  static String cpuModel(Path cpuinfo) {
    String unknown = "unknown (" + System.getProperty("os.arch", "?") + ")";
    if (!Files.isReadable(cpuinfo)) {
      return unknown;
    }
    try (Stream<String> lines = Files.lines(cpuinfo)) {
      return lines
          .filter(l -> l.startsWith("model name") || l.startsWith("Model")
              || l.startsWith("cpu model"))
          .map(l -> l.substring(l.indexOf(':') + 1).strip().replaceAll("\\s+", " "))
          .filter(s -> !s.isEmpty())
          .findFirst()
          .orElse(unknown);
    } catch (IOException | java.io.UncheckedIOException e) {
      return unknown;
    }
  }

  /** From the jblst jar's file name when tdsim runs from a class path, else the built version. */
  static String jblstVersion() {
    try {
      Class<?> blst = Class.forName("supranational.blst.P1", false,
          MachineFingerprint.class.getClassLoader());
      var source = blst.getProtectionDomain().getCodeSource();
      if (source != null && source.getLocation() != null) {
        Matcher m = Pattern.compile("jblst-([0-9][0-9A-Za-z.\\-]*)\\.jar$")
            .matcher(source.getLocation().getPath());
        if (m.find()) {
          return m.group(1);
        }
      }
    } catch (ClassNotFoundException | SecurityException e) {
      // fall through: the version tdsim is built against
    }
    return JBLST_VERSION;
  }

  /** Implementation-Version of the tdsim jar; "dev" when run from classes (as tests do). */
  static String tdsimVersion() {
    String v = MachineFingerprint.class.getPackage().getImplementationVersion();
    return v == null || v.isBlank() ? "dev" : v;
  }
}
