package dev.tdsim.report;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;

import com.fasterxml.jackson.core.json.JsonReadFeature;
import com.fasterxml.jackson.databind.DeserializationFeature;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.tdsim.runner.ScenarioRunner;
import dev.tdsim.scenario.ScenarioLoader;
import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * summary.json with the typed faults and dkg sections is byte for byte what the string-keyed maps
 * wrote before: the files under resources/dev/tdsim/report are summaries the earlier code wrote
 * (a halt, a stall that resumed, share faults, DKGs with crashed and lying dealers). Read back
 * into a {@link RunSummary} as a sweep reads a reused point, each writes again unchanged, and the
 * console lines read from the records are those of the fresh run.
 */
class SummaryJsonTest {
  /** As the sweep's point store reads summary.json. */
  private static final ObjectMapper READER = ReportWriter.json()
      .enable(JsonReadFeature.ALLOW_NON_NUMERIC_NUMBERS.mappedFeature())
      .disable(DeserializationFeature.FAIL_ON_UNKNOWN_PROPERTIES);

  private static String expected(String name) throws IOException {
    try (InputStream in = SummaryJsonTest.class.getResourceAsStream("summary-" + name + ".json")) {
      assertNotNull(in, name);
      return new String(in.readAllBytes(), StandardCharsets.UTF_8);
    }
  }

  @ParameterizedTest
  @ValueSource(strings = {"faults-halt", "faults-crash-recovery", "faults-bad-share", "epochs"})
  void aSummaryReadBackWritesTheSameBytes(String name) throws IOException {
    String json = expected(name);
    RunSummary s = READER.readValue(json, RunSummary.class);
    assertEquals(json, ReportWriter.json().writeValueAsString(s));
  }

  @Test
  void theRecordsHoldWhatTheSectionsSay() throws IOException {
    RunSummary halt = READER.readValue(expected("faults-halt"), RunSummary.class);
    assertEquals(1, halt.faults().halted().height());
    assertEquals(halt.faults().halted().height(), halt.headline().haltedAtHeight());
    assertNull(halt.dkg());

    FaultsReport.Stall stall =
        READER.readValue(expected("faults-crash-recovery"), RunSummary.class).faults().stalls()
            .get(0);
    assertEquals(3, stall.height());
    assertEquals(12_000.0, stall.quorumBackMs());

    FaultsReport.ShareFaultCost bad = READER.readValue(expected("faults-bad-share"),
        RunSummary.class).faults().shareFaults().get(0);
    assertEquals("bad-share", bad.kind());
    assertEquals(List.of(14), bad.namedFaulty());

    DkgReport dkg = READER.readValue(expected("epochs"), RunSummary.class).dkg();
    assertEquals(3, dkg.epochs().size());
    assertEquals(List.of(3), dkg.epochs().get(0).dealersCrashed());
    assertEquals(List.of("5"), List.copyOf(dkg.epochs().get(0).dealersRejected().keySet()));
  }

  /** A fresh run of scenarios/faults/halt.yaml writes the faults section the earlier code did. */
  @Test
  void aFreshHaltRunWritesTheSameFaultsSection() throws Exception {
    ScenarioRunner.Result r = new ScenarioRunner(line -> { })
        .run(ScenarioLoader.load(scenario("halt.yaml"), List.of()));
    RunSummary fresh = Summaries.of(r, "test");
    JsonNode written = ReportWriter.json().readTree(ReportWriter.json().writeValueAsString(fresh));
    JsonNode before = ReportWriter.json().readTree(expected("faults-halt"));
    // Issue 19 added one field: the cost compares heights from 2 on (like with like).
    com.fasterxml.jackson.databind.node.ObjectNode freshFaults =
        (com.fasterxml.jackson.databind.node.ObjectNode) written.get("faults").deepCopy();
    assertEquals(2, freshFaults.get("cost").get("compared_from_height").asInt());
    ((com.fasterxml.jackson.databind.node.ObjectNode) freshFaults.get("cost"))
        .remove("compared_from_height");
    assertEquals(ReportWriter.json().writeValueAsString(before.get("faults")),
        ReportWriter.json().writeValueAsString(freshFaults));
    assertEquals(before.get("headline").toString(), written.get("headline").toString());
    RunSummary readBack = READER.readValue(expected("faults-halt"), RunSummary.class);
    assertEquals(FaultSummary.lines(readBack.faults()), FaultSummary.lines(fresh.faults())
        .stream().map(l -> l.replace(" (heights from 2 on, each interval holding one commit"
            + " pause)", "")).toList());
  }

  private static Path scenario(String file) {
    for (Path p : List.of(Path.of("../scenarios/faults"), Path.of("scenarios/faults"))) {
      if (Files.isDirectory(p)) {
        return p.resolve(file);
      }
    }
    throw new AssertionError("scenarios/faults not found from " + Path.of("").toAbsolutePath());
  }
}
