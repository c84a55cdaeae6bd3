package dev.tdsim.scenario;

import java.util.ArrayList;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * The YAML keys of a scenario file, in canonical order: the one list the loader checks unknown keys
 * against, the writer follows, and {@code --set} paths are validated with.
 */
public final class ScenarioKeys {
  private ScenarioKeys() {}

  /** Top-level keys. */
  public static final List<String> TOP = List.of("name", "seed", "heights", "validators", "keys",
      "network", "workload", "consensus", "crypto", "budgets", "faults", "sweep");

  /** The list of faults (each entry's keys depend on its kind: {@link #faultKeys}). */
  public static final String FAULTS = "faults";

  /** The keys every fault entry may have, before its kind's own. */
  public static final List<String> FAULT_COMMON = List.of("kind", "validators", "region",
      "stake", "from", "until", "from_height", "until_height");

  /** The keys a fault of this kind may have. */
  public static List<String> faultKeys(dev.tdsim.faults.FaultKind kind) {
    List<String> out = new ArrayList<>(FAULT_COMMON);
    kind.fields().forEach(f -> out.add(f.key()));
    return List.copyOf(out);
  }

  /** A key of one fault: {@code faults[2].stake}. */
  public static final java.util.regex.Pattern FAULT_PATH =
      java.util.regex.Pattern.compile("faults\\[(\\d{1,6})\\]\\.([a-z_]+)");

  /** Every key a fault of some kind may have. */
  public static List<String> allFaultKeys() {
    List<String> out = new ArrayList<>(FAULT_COMMON);
    for (dev.tdsim.faults.FaultKind k : dev.tdsim.faults.FaultKinds.all()) {
      k.fields().forEach(f -> {
        if (!out.contains(f.key())) {
          out.add(f.key());
        }
      });
    }
    return List.copyOf(out);
  }

  /**
   * Whether {@code --set} (and so {@code tdsim sweep --vary}) takes this path: one of {@link
   * #paths()}, or a key of one fault of the list, {@code faults[I].KEY} (e.g. {@code
   * faults[0].stake}), which changes that key of the I-th fault the scenario already has.
   */
  public static boolean isPath(String path) {
    if (paths().contains(path)) {
      return true;
    }
    java.util.regex.Matcher m = FAULT_PATH.matcher(path);
    return m.matches() && allFaultKeys().contains(m.group(2));
  }

  /** The free-form section kept raw. */
  public static final String SWEEP = "sweep";

  /** The keys of every section (top-level keys whose value is a mapping of known keys). */
  public static final Map<String, List<String>> SECTIONS;

  static {
    Map<String, List<String>> s = new LinkedHashMap<>();
    s.put("validators", List.of("count", "stake", "cores", "speed", "regions"));
    s.put("keys", List.of("shares", "threshold", "setup", "epoch_length", "dkg_lead",
        "dkg_timeout", "epoch_stakes"));
    s.put("network", List.of("model", "latency", "jitter", "jitter_sigma", "bandwidth",
        "dissemination", "gossip_fanout", "peer_send_rate", "flush_throttle_timeout"));
    s.put("workload", List.of("msgs_per_block", "rate", "msg_size", "msg_size_distribution"));
    s.put("consensus", List.of("protocol", "timeout_propose", "timeout_propose_delta",
        "timeout_prevote", "timeout_prevote_delta", "timeout_precommit", "timeout_precommit_delta",
        "timeout_commit", "skip_timeout_commit", "block_part_size", "peer_gossip_sleep_duration",
        "simulation", "exact_max_validators", "vote_signature", "wal_fsync",
        "wal_fsync_block_parts", "privval_fsync", "execution_per_tx", "execution_per_block",
        "max_block_txs", "max_block_bytes", "halt_after", "certificate"));
    s.put("crypto", List.of("variant", "timing", "calibration", "sample_heights", "schedule",
        "threads", "share_timeout"));
    SECTIONS = Collections.unmodifiableMap(s);
  }

  /**
   * Every settable dotted path ({@code heights}, {@code keys.shares}, ...), excluding the free-form
   * {@code sweep}: the paths {@code --set} accepts besides {@code sweep} and {@code sweep.KEY}.
   */
  public static List<String> paths() {
    List<String> out = new ArrayList<>();
    for (String top : TOP) {
      List<String> keys = SECTIONS.get(top);
      if (keys == null) {
        if (!top.equals(SWEEP)) {
          out.add(top);
        }
      } else {
        for (String k : keys) {
          out.add(top + "." + k);
        }
      }
    }
    return List.copyOf(out);
  }
}
