package dev.tdsim.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.io.PrintWriter;
import java.io.StringWriter;
import java.util.List;
import org.junit.jupiter.api.Test;

class HeartbeatTest {
  @Test
  void aLongSilentStepGetsAReminderEveryThirtySecondsAndNotBefore() {
    long[] now = {0};
    StringWriter out = new StringWriter();
    Heartbeat h = new Heartbeat(new PrintWriter(out, true), "[tdsim] ", () -> now[0], null);
    h.accept("dealing keys: 1048576 shares");
    now[0] = 29_000_000_000L;
    h.tick();
    now[0] = 30_000_000_000L;
    h.tick();
    now[0] = 45_000_000_000L;
    h.tick();
    now[0] = 95_000_000_000L;
    h.tick();
    h.accept("setup done");
    now[0] = 100_000_000_000L;
    h.tick();
    assertEquals(List.of("[tdsim] dealing keys: 1048576 shares",
        "[tdsim] still working after: dealing keys: 1048576 shares (30s since)",
        "[tdsim] still working after: dealing keys: 1048576 shares (1m 35s since)",
        "[tdsim] setup done"), out.toString().lines().toList());
  }
}
