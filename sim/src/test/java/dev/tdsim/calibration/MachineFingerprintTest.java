package dev.tdsim.calibration;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class MachineFingerprintTest {
  private static final Instant NOW = Instant.parse("2026-11-30T05:00:00Z");

  @TempDir Path tmp;

  private static Map<String, Object> recorded(MachineFingerprint f) {
    return new LinkedHashMap<>(f.toMap());
  }

  @Test
  void aFreshFileOfThisMachineHasNoWarning() {
    MachineFingerprint here = MachineFingerprint.current(NOW.minus(Duration.ofDays(2)));
    assertEquals(List.of(), MachineFingerprint.warnings("c.yaml", recorded(here), here, NOW));
  }

  @Test
  void anotherCpuOrCoreCountIsForeign() {
    MachineFingerprint here = MachineFingerprint.current(NOW);
    Map<String, Object> there = recorded(here);
    there.put("cpu", "Imaginary CPU 9000");
    there.put("cores", here.cores() + 6);
    List<String> w = MachineFingerprint.warnings("c.yaml", there, here, NOW);
    assertEquals(1, w.size(), w.toString());
    assertTrue(w.get(0).contains("c.yaml is foreign"), w.get(0));
    assertTrue(w.get(0).contains("cpu 'Imaginary CPU 9000' there, '" + here.cpu() + "' here"),
        w.get(0));
    assertTrue(w.get(0).contains("cores"), w.get(0));
  }

  @Test
  void olderThanThirtyDaysOrAnotherTdsimIsStale() {
    MachineFingerprint here = MachineFingerprint.current(NOW);
    Map<String, Object> old = recorded(here);
    old.put("created", NOW.minus(Duration.ofDays(45)).toString());
    List<String> w = MachineFingerprint.warnings("c.yaml", old, here, NOW);
    assertEquals(1, w.size(), w.toString());
    assertTrue(w.get(0).contains("is stale: made 45 days ago"), w.get(0));

    Map<String, Object> other = recorded(here);
    other.put("tdsim", "0.0.1-other");
    w = MachineFingerprint.warnings("c.yaml", other, here, NOW);
    assertEquals(1, w.size(), w.toString());
    assertTrue(w.get(0).contains("made by tdsim 0.0.1-other, this is tdsim " + here.tdsim()),
        w.get(0));

    Map<String, Object> edge = recorded(here);
    edge.put("created", NOW.minus(Duration.ofDays(30)).toString());
    assertEquals(List.of(), MachineFingerprint.warnings("c.yaml", edge, here, NOW));
  }

  @Test
  void aFileDatedInTheFutureGetsAWarning() {
    MachineFingerprint here = MachineFingerprint.current(NOW);
    Map<String, Object> future = recorded(here);
    future.put("created", NOW.plus(Duration.ofDays(400)).toString());
    List<String> w = MachineFingerprint.warnings("c.yaml", future, here, NOW);
    assertEquals(1, w.size(), w.toString());
    assertTrue(w.get(0).contains("is stale: it is dated in the future"), w.get(0));
    // a few minutes of clock difference between machines is not the future
    Map<String, Object> skew = recorded(here);
    skew.put("created", NOW.plus(Duration.ofMinutes(10)).toString());
    assertEquals(List.of(), MachineFingerprint.warnings("c.yaml", skew, here, NOW));
  }

  @Test
  void aFileWithoutFingerprintSaysItCannotTell() {
    MachineFingerprint here = MachineFingerprint.current(NOW);
    List<String> w = MachineFingerprint.warnings("b.yaml",
        Map.of("source", "builtin", "cores", here.cores()), here, NOW);
    assertEquals(1, w.size(), w.toString());
    assertTrue(w.get(0).contains("has no cpu, os, arch, java, jblst, created, tdsim"), w.get(0));
  }

  @Test
  void readsTheCpuModelFromCpuinfo() throws Exception {
    Path info = tmp.resolve("cpuinfo");
    Files.writeString(info, "processor\t: 0\nvendor_id\t: AuthenticAMD\n"
        + "model name\t: AMD EPYC  7B13 64-Core Processor\nprocessor\t: 1\n"
        + "model name\t: AMD EPYC 7B13 64-Core Processor\n");
    assertEquals("AMD EPYC 7B13 64-Core Processor", MachineFingerprint.cpuModel(info));
    assertTrue(MachineFingerprint.cpuModel(tmp.resolve("missing")).startsWith("unknown ("));
  }

  @Test
  void theFingerprintNamesJblstAndTdsim() {
    MachineFingerprint f = MachineFingerprint.current(NOW);
    // Under Maven the version comes from the jblst jar's name: a pom bump that leaves the
    // fallback constant behind fails here.
    assertEquals(MachineFingerprint.JBLST_VERSION, f.jblst(),
        "update MachineFingerprint.JBLST_VERSION to the jblst version of crypto/pom.xml");
    assertEquals("dev", f.tdsim());
    assertEquals(NOW.toString(), f.toMap().get("created"));
    assertEquals(MachineFingerprint.SOURCE, f.toMap().get("source"));
  }
}
