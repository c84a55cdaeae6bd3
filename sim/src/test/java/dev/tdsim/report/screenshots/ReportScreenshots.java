package dev.tdsim.report.screenshots;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.tdsim.chart.ChartJson;
import dev.tdsim.chart.ChartLayout;
import dev.tdsim.chart.ChartLayout.Box;
import dev.tdsim.chart.ChartLegibility;
import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStreamReader;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.net.http.WebSocket;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Base64;
import java.util.Comparator;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionStage;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * The screenshot check of tdsim's HTML reports ({@code make screenshots}): loads each {@code
 * report.html} in real headless Chromium at a 1280x800 viewport, driven over the DevTools
 * protocol (a WebSocket, {@code java.net.http}), and checks what a reader on a laptop would see:
 *
 * <ul>
 *   <li>no horizontal overflow: {@code document.documentElement.scrollWidth <= 1280} (the
 *       elements sticking out are named when it fails);
 *   <li>every chart (each {@code img} and {@code svg}) loaded and drawn with a nonzero size, and
 *       at least one chart unless the page says why not (an element of class {@code nochart},
 *       e.g. a chain that halted before its first height);
 *   <li>the headline ({@code .headline}) present, not empty, inside the first screen and above
 *       every chart;
 *   <li>no console errors, uncaught exceptions or failed loads;
 *   <li>every chart that embeds its layout ({@code svg[data-chart]}) legible by {@link
 *       ChartLegibility}'s rules, and its budget labels apart and inside it as drawn.
 * </ul>
 *
 * <p>The width is checked twice: as the page opens, and with every collapsed {@code <details>}
 * section opened (the sweep's sweep.csv table must scroll inside the page, not widen it).
 *
 * <p>It saves a full-page PNG of each report ({@code NAME.png}, NAME the report's folder name) and
 * of its first screen ({@code NAME-top.png}, what a reader sees before scrolling) to the output
 * folder, also when a check fails, so the failure can be looked at.
 *
 * <p>A single file with no dependency but the JDK, Jackson and tdsim's chart check ({@code
 * dev.tdsim.chart}), so that the make target runs it with Java's source launcher on the tdsim
 * jar's classpath ({@code java -cp sim/target/tdsim.jar ReportScreenshots.java ...}); {@code ReportScreenshotsTest} runs it when Chromium is installed.
 * Not part of tdsim itself.
 *
 * <p>Usage: {@code ReportScreenshots [--chromium PATH] [--out DIR] REPORT.html...}. Exit codes: 0
 * every check passed, 1 a check failed (one line per failure on stderr), 2 bad usage or Chromium
 * missing (with how to install it).
 */
public final class ReportScreenshots {
  /** The viewport: a common laptop window. */
  public static final int WIDTH_PX = 1280;

  public static final int HEIGHT_PX = 800;

  /** Debian's Chromium (package {@code chromium}). */
  public static final Path DEFAULT_CHROMIUM = Path.of("/usr/bin/chromium");

  /**
   * Flags without which headless Chromium tries to reach Google's servers at start (and fails on
   * a closed network, many connections at a time) or needs a sandbox root cannot give it.
   */
  static final List<String> FLAGS = List.of("--headless", "--no-sandbox", "--disable-gpu",
      "--disable-quic", "--no-first-run", "--disable-background-networking",
      "--disable-component-update", "--disable-sync", "--disable-default-apps",
      "--disable-extensions", "--mute-audio", "--hide-scrollbars",
      "--remote-debugging-port=0");

  private static final ObjectMapper JSON = new ObjectMapper();
  private static final Duration TIMEOUT = Duration.ofSeconds(60);

  /** What was found on one report: its failures (empty when it passed) and its screenshot. */
  public record Result(Path report, Path screenshot, List<String> failures, String summary) {}

  public static void main(String[] args) throws Exception {
    Path chromium = DEFAULT_CHROMIUM;
    Path out = Path.of("reports", "screenshots");
    List<Path> reports = new ArrayList<>();
    for (int i = 0; i < args.length; i++) {
      switch (args[i]) {
        case "--chromium", "--out" -> {
          if (i + 1 == args.length) {
            usage(args[i] + " needs a value");
          }
          Path p = Path.of(args[++i]);
          if (args[i - 1].equals("--chromium")) {
            chromium = p;
          } else {
            out = p;
          }
        }
        default -> reports.add(Path.of(args[i]));
      }
    }
    if (reports.isEmpty()) {
      usage("give at least one report.html");
    }
    for (Path r : reports) {
      if (!Files.isRegularFile(r)) {
        usage(r + ": no such file (run the report first)");
      }
    }
    if (!Files.isExecutable(chromium)) {
      System.err.println("screenshots: Chromium is missing (" + chromium + " not found); on"
          + " Debian install it with: apt-get install -y chromium (or give --chromium PATH)");
      System.exit(2);
    }
    List<Result> results = check(chromium, reports, out);
    int failed = 0;
    for (Result r : results) {
      System.out.println("screenshots: " + r.report() + ": " + r.summary() + "; "
          + r.screenshot());
      for (String f : r.failures()) {
        System.err.println("screenshots: " + r.report() + ": FAILED: " + f);
        failed++;
      }
    }
    System.out.println(failed == 0 ? "screenshots: every check passed"
        : "screenshots: " + failed + " check(s) failed");
    System.exit(failed == 0 ? 0 : 1);
  }

  private static void usage(String problem) {
    System.err.println("screenshots: " + problem + " (usage: ReportScreenshots [--chromium PATH]"
        + " [--out DIR] REPORT.html...)");
    System.exit(2);
  }

  /** Checks every report in one Chromium and writes DIR/NAME.png for each. */
  public static List<Result> check(Path chromium, List<Path> reports, Path out)
      throws IOException, InterruptedException {
    Files.createDirectories(out);
    Path profile = Files.createTempDirectory("tdsim-chromium-");
    List<String> command = new ArrayList<>();
    command.add(chromium.toString());
    command.addAll(FLAGS);
    command.add("--user-data-dir=" + profile);
    command.add("--window-size=" + WIDTH_PX + "," + HEIGHT_PX);
    command.add("about:blank");
    Process browser = new ProcessBuilder(command).redirectOutput(ProcessBuilder.Redirect.DISCARD)
        .start();
    try {
      int port = devToolsPort(browser);
      List<Result> results = new ArrayList<>();
      for (Path report : reports) {
        results.add(checkOne(port, report, out));
      }
      return results;
    } finally {
      browser.destroy();
      if (!browser.waitFor(10, TimeUnit.SECONDS)) {
        browser.destroyForcibly();
      }
      deleteTree(profile);
    }
  }

  /** The port Chromium prints on stderr as {@code DevTools listening on ws://HOST:PORT/...}. */
  private static int devToolsPort(Process browser) throws IOException {
    Pattern listening = Pattern.compile("DevTools listening on ws://[^:]+:(\\d+)/");
    BufferedReader err = new BufferedReader(
        new InputStreamReader(browser.getErrorStream(), StandardCharsets.UTF_8));
    List<String> seen = new ArrayList<>();
    CompletableFuture<Integer> port = CompletableFuture.supplyAsync(() -> {
      try {
        for (String line; (line = err.readLine()) != null; ) {
          Matcher m = listening.matcher(line);
          if (m.find()) {
            Thread drain = new Thread(() -> { // keep reading, or Chromium blocks on a full pipe
              try {
                while (err.readLine() != null) {
                  // discard
                }
              } catch (IOException e) {
                // the browser ended
              }
            });
            drain.setDaemon(true);
            drain.start();
            return Integer.parseInt(m.group(1));
          }
          if (seen.size() < 20) {
            seen.add(line);
          }
        }
      } catch (IOException e) {
        // fall through: no port
      }
      return -1;
    });
    int p;
    try {
      p = port.get(TIMEOUT.toSeconds(), TimeUnit.SECONDS);
    } catch (Exception e) {
      p = -1;
    }
    if (p < 0) {
      throw new IOException("Chromium did not start its DevTools server; it said: "
          + String.join(" | ", seen));
    }
    return p;
  }

  private static Result checkOne(int port, Path report, Path out)
      throws IOException, InterruptedException {
    String name = report.toAbsolutePath().getParent().getFileName().toString();
    Path png = out.resolve(name + ".png");
    List<String> failures = new ArrayList<>();
    try (Cdp page = Cdp.open(port)) {
      page.call("Page.enable", null);
      page.call("Runtime.enable", null);
      page.call("Log.enable", null);
      ObjectNode metrics = JSON.createObjectNode().put("width", WIDTH_PX).put("height", HEIGHT_PX)
          .put("deviceScaleFactor", 1).put("mobile", false);
      page.call("Emulation.setDeviceMetricsOverride", metrics);
      CompletableFuture<JsonNode> loaded = page.next("Page.loadEventFired");
      JsonNode nav = page.call("Page.navigate", JSON.createObjectNode()
          .put("url", report.toAbsolutePath().toUri().toString()));
      if (nav.hasNonNull("errorText")) {
        failures.add("did not load: " + nav.get("errorText").asText());
      }
      try {
        loaded.get(TIMEOUT.toSeconds(), TimeUnit.SECONDS);
      } catch (Exception e) {
        failures.add("no load event within " + TIMEOUT.toSeconds() + " s");
      }
      JsonNode page0 = evaluate(page, INSPECT);
      int scrollWidth = page0.get("scrollWidth").asInt();
      if (scrollWidth > WIDTH_PX) {
        failures.add("horizontal overflow: the page is " + scrollWidth + " px wide in a "
            + WIDTH_PX + " px window; sticking out: " + page0.get("wide").toString());
      }
      JsonNode opened = evaluate(page, OPEN_DETAILS);
      if (opened.get("details").asInt() > 0 && opened.get("scrollWidth").asInt() > WIDTH_PX) {
        failures.add("horizontal overflow with the " + opened.get("details").asInt()
            + " collapsed section(s) opened: the page is " + opened.get("scrollWidth").asInt()
            + " px wide; sticking out: " + opened.get("wide"));
      }
      int charts = 0;
      for (JsonNode c : page0.get("charts")) {
        charts++;
        if (!c.get("loaded").asBoolean() || c.get("width").asDouble() <= 0
            || c.get("height").asDouble() <= 0) {
          failures.add("chart '" + c.get("name").asText() + "' not drawn: " + c);
        }
      }
      if (charts == 0 && !page0.get("noChart").asBoolean()) {
        failures.add("no chart on the page (and no .nochart note saying why)");
      }
      JsonNode headline = page0.get("headline");
      if (headline.isNull()) {
        failures.add("no headline (an element of class 'headline')");
      } else {
        if (headline.get("text").asText().isBlank()) {
          failures.add("the headline is empty");
        }
        if (headline.get("top").asDouble() >= HEIGHT_PX) {
          failures.add("the headline starts at y = " + headline.get("top").asInt()
              + " px, below the first screen (" + HEIGHT_PX + " px)");
        }
        if (headline.get("chartsBefore").asInt() > 0) {
          failures.add("the headline comes after " + headline.get("chartsBefore").asInt()
              + " chart(s)");
        }
      }
      for (String e : page.errors) {
        failures.add("console: " + e);
      }
      failures.addAll(chartLegibility(page0.get("models")));
      JsonNode top = page.call("Page.captureScreenshot", JSON.createObjectNode()
          .put("format", "png"));
      Files.write(out.resolve(name + "-top.png"),
          Base64.getDecoder().decode(top.get("data").asText()));
      JsonNode layout = page.call("Page.getLayoutMetrics", null);
      JsonNode size = layout.has("cssContentSize") ? layout.get("cssContentSize")
          : layout.get("contentSize");
      double heightPx = Math.max(HEIGHT_PX, Math.ceil(size.get("height").asDouble()));
      ObjectNode shot = JSON.createObjectNode().put("format", "png")
          .put("captureBeyondViewport", true);
      shot.putObject("clip").put("x", 0).put("y", 0).put("width", WIDTH_PX)
          .put("height", heightPx).put("scale", 1);
      JsonNode picture = page.call("Page.captureScreenshot", shot);
      Files.write(png, Base64.getDecoder().decode(picture.get("data").asText()));
      String summary = String.format(java.util.Locale.ROOT, "%d charts, page %dx%.0f px,"
          + " headline '%s'", charts, scrollWidth, heightPx,
          headline.isNull() ? "" : abbreviate(headline.get("text").asText(), 70));
      return new Result(report, png, List.copyOf(failures), summary);
    }
  }

  /**
   * The legibility of every chart that carries its layout ({@code svg[data-chart]}, the sweep's
   * charts): the rules of {@link ChartLegibility} on the layout the report embedded (budget lines
   * inside the plot, labels apart, no more series than colours, log past a decade), then the
   * budget labels as Chromium drew them (their real text boxes): apart and inside the chart, so
   * that a font wider than the layout's estimate is caught too.
   */
  static List<String> chartLegibility(JsonNode models) {
    List<String> out = new ArrayList<>();
    for (JsonNode m : models) {
      String name = "chart '" + m.get("name").asText() + "': ";
      ChartLayout layout;
      try {
        layout = ChartJson.read(m.get("model").asText());
      } catch (RuntimeException e) {
        out.add(name + "unreadable data-chart: " + e.getMessage());
        continue;
      }
      for (String p : ChartLegibility.problems(layout)) {
        out.add(name + p);
      }
      List<JsonNode> drawn = new ArrayList<>();
      m.get("budgets").forEach(drawn::add);
      for (int i = 0; i < drawn.size(); i++) {
        Box a = drawnBox(drawn.get(i));
        if (!new Box(0, 0, m.get("width").asDouble(), m.get("height").asDouble()).contains(a)) {
          out.add(name + "budget label " + drawn.get(i).get("label").asText()
              + " is drawn outside the chart");
        }
        for (int j = i + 1; j < drawn.size(); j++) {
          if (a.overlaps(drawnBox(drawn.get(j)))) {
            out.add(name + "budget labels " + drawn.get(i).get("label").asText() + " and "
                + drawn.get(j).get("label").asText() + " are drawn overlapping");
          }
        }
      }
    }
    return out;
  }

  private static Box drawnBox(JsonNode b) {
    return new Box(b.get("x").asDouble(), b.get("y").asDouble(), b.get("w").asDouble(),
        b.get("h").asDouble());
  }

  /** What the page shows, measured in the browser (returned as one JSON value). */
  private static final String INSPECT = String.join("\n",
      "(() => {",
      "  const W = " + WIDTH_PX + ";",
      "  const rect = e => e.getBoundingClientRect();",
      "  const label = e => e.tagName.toLowerCase()",
      "      + (typeof e.className === 'string' && e.className ? '.' + e.className : '')",
      "      + (e.alt ? '[' + e.alt + ']' : '');",
      "  const wide = [...document.body.querySelectorAll('*')]",
      "      .filter(e => rect(e).right > W + 0.5)",
      "      .filter(e => !e.parentElement || rect(e.parentElement).right <= W + 0.5)",
      "      .slice(0, 5).map(e => label(e) + ' ' + Math.round(rect(e).width) + ' px');",
      "  const charts = [...document.querySelectorAll('img, svg')].map(e => ({",
      "      name: label(e),",
      "      loaded: e.tagName.toLowerCase() === 'img' ? e.complete && e.naturalWidth > 0 : true,",
      "      width: rect(e).width, height: rect(e).height}));",
      "  const models = [...document.querySelectorAll('svg[data-chart]')].map(s => ({",
      "      name: s.getAttribute('aria-label') || 'svg', model: s.dataset.chart,",
      "      width: s.viewBox.baseVal.width, height: s.viewBox.baseVal.height,",
      "      budgets: [...s.querySelectorAll('text.budget')].map(t => { const b = t.getBBox();",
      "          return {label: t.textContent, x: b.x, y: b.y, w: b.width, h: b.height}; })}));",
      "  const h = document.querySelector('.headline');",
      "  let headline = null;",
      "  if (h) {",
      "    const all = [...document.querySelectorAll('img, svg')];",
      "    headline = {text: h.innerText.trim(), top: rect(h).top + window.scrollY,",
      "        chartsBefore: all.filter(c => h.compareDocumentPosition(c)",
      "            & Node.DOCUMENT_POSITION_PRECEDING).length};",
      "  }",
      "  return {scrollWidth: document.documentElement.scrollWidth, wide, charts, headline, models,",
      "      noChart: document.querySelector('.nochart') !== null};",
      "})()");

  /**
   * Opens every {@code <details>} (the sweep's collapsed sweep.csv table), measures the width and
   * closes them again, so the screenshot shows the page as it opens.
   */
  private static final String OPEN_DETAILS = String.join("\n",
      "(() => {",
      "  const W = " + WIDTH_PX + ";",
      "  const ds = [...document.querySelectorAll('details')].filter(d => !d.open);",
      "  ds.forEach(d => d.open = true);",
      "  const scrollWidth = document.documentElement.scrollWidth;",
      "  const wide = [...document.body.querySelectorAll('*')]",
      "      .filter(e => e.getBoundingClientRect().right > W + 0.5)",
      "      .slice(0, 3).map(e => e.tagName.toLowerCase() + ' '",
      "          + Math.round(e.getBoundingClientRect().width) + ' px');",
      "  ds.forEach(d => d.open = false);",
      "  return {details: ds.length, scrollWidth, wide};",
      "})()");

  private static JsonNode evaluate(Cdp page, String expression)
      throws IOException, InterruptedException {
    JsonNode r = page.call("Runtime.evaluate", JSON.createObjectNode()
        .put("expression", expression).put("returnByValue", true));
    if (r.has("exceptionDetails")) {
      throw new IOException("the page check script failed: " + r.get("exceptionDetails"));
    }
    return r.get("result").get("value");
  }

  private static String abbreviate(String s, int max) {
    String one = s.replaceAll("\\s+", " ");
    return one.length() <= max ? one : one.substring(0, max - 3) + "...";
  }

  /** Deletes Chromium's profile; its last helper processes may still write for a moment. */
  private static void deleteTree(Path p) throws InterruptedException {
    for (int attempt = 0; attempt < 5 && Files.exists(p); attempt++) {
      try (var files = Files.walk(p)) {
        for (Path f : files.sorted(Comparator.reverseOrder()).toList()) {
          Files.deleteIfExists(f);
        }
      } catch (IOException | java.io.UncheckedIOException e) {
        Thread.sleep(200); // a file written meanwhile: walk again
      }
    }
  }

  /** A DevTools protocol session with one page target over a WebSocket. */
  private static final class Cdp implements WebSocket.Listener, AutoCloseable {
    private final AtomicInteger ids = new AtomicInteger();
    private final Map<Integer, CompletableFuture<JsonNode>> pending = new ConcurrentHashMap<>();
    private final Map<String, CompletableFuture<JsonNode>> awaited = new ConcurrentHashMap<>();
    private final StringBuilder frame = new StringBuilder();
    /** Console errors, uncaught exceptions and failed loads, in the order they came. */
    final List<String> errors = new CopyOnWriteArrayList<>();
    private final HttpClient http = HttpClient.newHttpClient();
    private final String targetId;
    private final int port;
    private WebSocket socket;

    private Cdp(int port, String targetId) {
      this.port = port;
      this.targetId = targetId;
    }

    /** A new page (tab) and a session with it. */
    static Cdp open(int port) throws IOException, InterruptedException {
      HttpClient http = HttpClient.newHttpClient();
      HttpResponse<String> created = http.send(HttpRequest.newBuilder(
          URI.create("http://127.0.0.1:" + port + "/json/new?about:blank"))
          .method("PUT", HttpRequest.BodyPublishers.noBody()).timeout(TIMEOUT).build(),
          HttpResponse.BodyHandlers.ofString());
      if (created.statusCode() != 200) {
        throw new IOException("Chromium refused a new page: HTTP " + created.statusCode() + " "
            + created.body());
      }
      JsonNode target = JSON.readTree(created.body());
      Cdp cdp = new Cdp(port, target.get("id").asText());
      try {
        cdp.socket = http.newWebSocketBuilder().connectTimeout(TIMEOUT)
            .buildAsync(URI.create(target.get("webSocketDebuggerUrl").asText()), cdp)
            .get(TIMEOUT.toSeconds(), TimeUnit.SECONDS);
      } catch (Exception e) {
        throw new IOException("cannot connect to Chromium's page: " + e, e);
      }
      return cdp;
    }

    /** Sends a command and waits for its result (a protocol error is an IOException). */
    JsonNode call(String method, JsonNode params) throws IOException, InterruptedException {
      int id = ids.incrementAndGet();
      ObjectNode msg = JSON.createObjectNode().put("id", id).put("method", method);
      if (params != null) {
        msg.set("params", params);
      }
      CompletableFuture<JsonNode> reply = new CompletableFuture<>();
      pending.put(id, reply);
      socket.sendText(JSON.writeValueAsString(msg), true).join();
      JsonNode r;
      try {
        r = reply.get(TIMEOUT.toSeconds(), TimeUnit.SECONDS);
      } catch (java.util.concurrent.ExecutionException | java.util.concurrent.TimeoutException e) {
        throw new IOException(method + ": no answer from Chromium within " + TIMEOUT.toSeconds()
            + " s", e);
      }
      if (r.has("error")) {
        throw new IOException(method + ": " + r.get("error"));
      }
      return r.get("result");
    }

    /** The next event of this name (register before the command that causes it). */
    CompletableFuture<JsonNode> next(String event) {
      return awaited.computeIfAbsent(event, k -> new CompletableFuture<>());
    }

    @Override
    public void onOpen(WebSocket webSocket) {
      webSocket.request(1);
    }

    @Override
    public CompletionStage<?> onText(WebSocket webSocket, CharSequence data, boolean last) {
      frame.append(data);
      if (last) {
        String text = frame.toString();
        frame.setLength(0);
        try {
          dispatch(JSON.readTree(text));
        } catch (IOException e) {
          errors.add("unreadable DevTools message: " + e.getMessage());
        }
      }
      webSocket.request(1);
      return null;
    }

    private void dispatch(JsonNode msg) {
      if (msg.has("id")) {
        CompletableFuture<JsonNode> f = pending.remove(msg.get("id").asInt());
        if (f != null) {
          f.complete(msg);
        }
        return;
      }
      String method = msg.path("method").asText();
      JsonNode p = msg.path("params");
      switch (method) {
        case "Runtime.consoleAPICalled" -> {
          if (p.path("type").asText().equals("error")) {
            List<String> parts = new ArrayList<>();
            for (JsonNode a : p.path("args")) {
              parts.add(a.has("value") ? a.get("value").asText() : a.path("description").asText());
            }
            errors.add("console.error: " + String.join(" ", parts));
          }
        }
        case "Runtime.exceptionThrown" -> errors.add("uncaught: "
            + p.path("exceptionDetails").path("exception").path("description").asText(
                p.path("exceptionDetails").path("text").asText()));
        case "Log.entryAdded" -> {
          JsonNode e = p.path("entry");
          if (e.path("level").asText().equals("error")) {
            errors.add(e.path("source").asText() + ": " + e.path("text").asText()
                + (e.has("url") ? " (" + e.get("url").asText() + ")" : ""));
          }
        }
        default -> { }
      }
      CompletableFuture<JsonNode> f = awaited.remove(method);
      if (f != null) {
        f.complete(p);
      }
    }

    @Override
    public void close() {
      try {
        socket.sendClose(WebSocket.NORMAL_CLOSURE, "").get(5, TimeUnit.SECONDS);
      } catch (Exception e) {
        socket.abort();
      }
      try {
        http.send(HttpRequest.newBuilder(URI.create("http://127.0.0.1:" + port + "/json/close/"
            + targetId)).timeout(Duration.ofSeconds(5)).build(),
            HttpResponse.BodyHandlers.discarding());
      } catch (IOException | InterruptedException e) {
        // the browser is stopped next anyway
      }
    }
  }
}
