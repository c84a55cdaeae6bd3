package dev.tdsim.scenario;

import static dev.tdsim.scenario.YamlNodes.describe;
import static dev.tdsim.scenario.YamlNodes.duration;
import static dev.tdsim.scenario.YamlNodes.flowList;
import static dev.tdsim.scenario.YamlNodes.num;
import static dev.tdsim.scenario.YamlNodes.put;
import static dev.tdsim.scenario.YamlNodes.real;
import static dev.tdsim.scenario.YamlNodes.str;

import dev.tdsim.faults.FaultException;
import dev.tdsim.faults.FaultField;
import dev.tdsim.faults.FaultKind;
import dev.tdsim.faults.FaultKinds;
import dev.tdsim.faults.FaultSpec;
import dev.tdsim.faults.FaultTarget;
import dev.tdsim.faults.FaultWindow;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.function.Supplier;
import org.snakeyaml.engine.v2.common.FlowStyle;
import org.snakeyaml.engine.v2.nodes.MappingNode;
import org.snakeyaml.engine.v2.nodes.Node;
import org.snakeyaml.engine.v2.nodes.NodeTuple;
import org.snakeyaml.engine.v2.nodes.ScalarNode;
import org.snakeyaml.engine.v2.nodes.SequenceNode;
import org.snakeyaml.engine.v2.nodes.Tag;

/**
 * The {@code faults:} list: one mapping per fault, its keys depending on its kind ({@link
 * FaultKind#fields()} declares a kind's own keys, their types and choices).
 */
final class FaultsYaml implements ValueType<FaultsConfig> {
  static final FaultsYaml TYPE = new FaultsYaml();

  private FaultsYaml() {}

  @Override
  public String doc() {
    return "list of faults";
  }

  // ------------------------------------------------------------ reading

  @Override
  public FaultsConfig parse(FieldReader r, String field, Node n) {
    if (YamlNodes.isNull(n)) {
      return FaultsConfig.NONE;
    }
    return new FaultsConfig(
        r.listOf(field, n, "[{kind: crash, validators: [3]}]", (f, m) -> fault(r, f, m)));
  }

  private static FaultSpec fault(FieldReader r, String field, Node n) {
    if (!(n instanceof MappingNode m)) {
      throw r.error(field, "expected a fault (a mapping with kind and its keys), got "
          + describe(n));
    }
    FaultKind kind = kind(r, field, m);
    String p = field + ".";
    Map<String, NodeTuple> e = r.entries(m, p, ScenarioKeys.faultKeys(kind));
    List<String> targets = new ArrayList<>();
    for (String t : List.of("validators", "region", "stake")) {
      if (e.containsKey(t)) {
        targets.add(t);
      }
    }
    if (targets.size() > 1) {
      throw r.error(p + targets.get(1), "give one of validators, region or stake, not "
          + String.join(" and ", targets));
    }
    List<ReadField<?>> read = new ArrayList<>();
    FaultTarget target = FaultTarget.ALL;
    // Each target is built where its key is read, so that what the target itself refuses (a
    // validator listed twice, a negative id) is a located error of that key like any other.
    if (e.containsKey("validators")) {
      target = keep(read, r.field(e, p, "validators", target, (f, v) -> {
        List<Integer> ids = r.listOf(f, v, "[0, 3]", (g, o) -> ValueTypes.int32(r, g, o));
        return located(r, p, f, () -> new FaultTarget.Validators(ids));
      })).v();
    } else if (e.containsKey("region")) {
      target = keep(read, r.field(e, p, "region", target, (f, v) -> new FaultTarget.Region(
          ValueTypes.string(r, f, v).strip()))).v();
    } else if (e.containsKey("stake")) {
      target = keep(read, r.field(e, p, "stake", target, (f, v) -> {
        double share = ValueTypes.share(r, f, v);
        return located(r, p, f, () -> new FaultTarget.Stake(share));
      })).v();
    }
    FaultWindow w = FaultWindow.ALWAYS;
    ReadField<Long> from = keep(read, r.field(e, p, "from", w.fromNanos(),
        (f, v) -> ValueTypes.duration(r, f, v, true)));
    ReadField<Long> until = keep(read, r.field(e, p, "until", w.untilNanos(),
        (f, v) -> ValueTypes.duration(r, f, v, false)));
    ReadField<Integer> fromHeight = keep(read, r.field(e, p, "from_height",
        w.fromHeight(), (f, v) -> ValueTypes.int32(r, f, v)));
    ReadField<Integer> untilHeight = keep(read, r.field(e, p, "until_height",
        w.untilHeight(), (f, v) -> ValueTypes.int32(r, f, v)));
    Map<String, Object> params = new LinkedHashMap<>();
    for (FaultField ff : kind.fields()) {
      if (e.containsKey(ff.key())) {
        ReadField<Object> v =
            keep(read, r.field(e, p, ff.key(), null, (f, o) -> value(r, f, o, ff)));
        params.put(ff.key(), v.v());
      }
    }
    if (read.stream().anyMatch(f -> f.reset)) {
      throw new FieldReader.Reported(); // a value of this fault is wrong (reported): not built
    }
    FaultTarget hit = target;
    return located(r, p, field, () -> new FaultSpec(kind, hit,
        new FaultWindow(from.v(), until.v(), fromHeight.v(), untilHeight.v()), params));
  }

  /**
   * What {@code make} builds, or its {@link FaultException} as a located error: at the key it
   * names inside the fault ({@code p} + its field), else at {@code field}.
   */
  private static <T> T located(FieldReader r, String p, String field, Supplier<T> make) {
    try {
      return make.get();
    } catch (FaultException x) {
      String at = x.field() == null ? field : p + x.field();
      FieldReader.Loc loc = r.whereIs(at);
      if (loc == null) {
        loc = r.whereIs(field);
        at = x.field() == null ? field : at;
      }
      throw new ScenarioException(loc.file(), loc.line(), at, x.problem());
    }
  }

  /** The fault's kind, which says what other keys it has. */
  private static FaultKind kind(FieldReader r, String field, MappingNode m) {
    FaultKind kind = null;
    for (NodeTuple t : m.getValue()) {
      if (t.getKeyNode() instanceof ScalarNode k && k.getValue().equals("kind")) {
        r.locateAt(field + ".kind", t.getKeyNode());
        String name = ValueTypes.string(r, field + ".kind", t.getValueNode()).strip();
        kind = FaultKinds.find(name).orElseThrow(() -> r.error(field + ".kind",
            "unknown fault kind '" + name + "'; known: " + String.join(", ", FaultKinds.names())
                + Checks.didYouMean(name, FaultKinds.names())));
      }
    }
    if (kind == null) {
      throw r.error(field, "a fault needs a kind: one of "
          + String.join(", ", FaultKinds.names()));
    }
    return kind;
  }

  private static <F extends ReadField<?>> F keep(List<ReadField<?>> read, F f) {
    read.add(f);
    return f;
  }

  /** The value of a kind's own field, by its type. */
  private static Object value(FieldReader r, String field, Node n, FaultField f) {
    return switch (f.type()) {
      case DURATION -> {
        long nanos = ValueTypes.duration(r, field, n, true);
        if (nanos > FaultField.MAX_DURATION_NANOS) {
          throw r.error(field, "at most 1 h, got " + Units.formatDuration(nanos)
              + " (a fault that cuts links for good is a partition)");
        }
        yield nanos;
      }
      case PROBABILITY -> ValueTypes.share(r, field, n);
      case FACTOR -> ValueTypes.real(r, field, n);
      case CHOICE -> {
        String v = ValueTypes.string(r, field, n).strip();
        if (!f.choices().contains(v)) {
          throw r.error(field, "'" + v + "' is not one of " + String.join(", ", f.choices()));
        }
        yield v;
      }
      case GROUPS -> r.listOf(field, n, "[[0, 1], [2, 3]]", (g, m) -> r.listOf(g, m,
          "[0, us-east]", (x, o) -> {
            String text = ValueTypes.string(r, x, o).strip();
            if (text.isEmpty()) {
              throw r.error(x, "expected a validator id or a region name");
            }
            return text.startsWith("+") ? text.substring(1) : text;
          }));
    };
  }

  // ------------------------------------------------------------ writing

  /** The faults as a block list of mappings; an empty list in flow style. */
  @Override
  public Node node(FaultsConfig faults) {
    List<Node> out = new ArrayList<>();
    for (FaultSpec f : faults.list()) {
      List<NodeTuple> m = new ArrayList<>();
      put(m, "kind", str(f.kind().name()));
      FaultTarget t = f.target();
      if (t instanceof FaultTarget.Validators v) {
        put(m, "validators", flowList(v.ids(), id -> num(id)));
      } else if (t instanceof FaultTarget.Region region) {
        put(m, "region", str(region.name()));
      } else if (t instanceof FaultTarget.Stake st) {
        put(m, "stake", share(st.fraction()));
      }
      FaultWindow w = f.window();
      if (w.hasFrom()) {
        put(m, "from", duration(w.fromNanos()));
      }
      if (w.hasUntil()) {
        put(m, "until", duration(w.untilNanos()));
      }
      if (w.hasFromHeight()) {
        put(m, "from_height", num(w.fromHeight()));
      }
      if (w.hasUntilHeight()) {
        put(m, "until_height", num(w.untilHeight()));
      }
      for (FaultField ff : f.kind().fields()) {
        Object v = f.params().get(ff.key());
        put(m, ff.key(), switch (ff.type()) {
          case DURATION -> duration((Long) v);
          case PROBABILITY, FACTOR -> real((Double) v);
          case CHOICE -> str((String) v);
          case GROUPS -> flowList(f.groups(ff.key()), g -> flowList(g,
              x -> x.matches("\\d+") ? num(Long.parseLong(x)) : str(x)));
        });
      }
      out.add(YamlNodes.block(m));
    }
    return new SequenceNode(Tag.SEQ, out, out.isEmpty() ? FlowStyle.FLOW : FlowStyle.BLOCK);
  }

  /** A share of stake as a percentage when that reads back exactly, else as a fraction. */
  static ScalarNode share(double fraction) {
    String pct = Units.formatPercent(fraction);
    if (Units.parsePercent(pct) == fraction) {
      return str(pct);
    }
    return real(fraction);
  }
}
