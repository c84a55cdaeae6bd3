package dev.tdsim.faults;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Objects;

/**
 * What fault resolution needs to know about the validators: their stake and region.
 *
 * @param stake voting power by validator, each > 0
 * @param regions region name by validator
 */
public record Committee(long[] stake, List<String> regions) {
  public Committee {
    stake = stake.clone();
    regions = List.copyOf(regions);
    if (stake.length != regions.size()) {
      throw new IllegalArgumentException("one stake and one region per validator");
    }
  }

  /** {@code count} equal validators in one region: for tests. */
  public static Committee equal(int count) {
    long[] s = new long[count];
    Arrays.fill(s, 1);
    return new Committee(s, java.util.Collections.nCopies(count, "r"));
  }

  public int size() {
    return stake.length;
  }

  public long totalStake() {
    long t = 0;
    for (long s : stake) {
      t += s;
    }
    return t;
  }

  /** The validators a target hits, sorted ascending; field names in errors are the target's. */
  int[] resolve(FaultTarget target) {
    Objects.requireNonNull(target, "target");
    if (target instanceof FaultTarget.All) {
      int[] all = new int[size()];
      Arrays.setAll(all, i -> i);
      return all;
    }
    if (target instanceof FaultTarget.Validators v) {
      int[] ids = new int[v.ids().size()];
      for (int i = 0; i < ids.length; i++) {
        ids[i] = checkId("validators[" + i + "]", v.ids().get(i));
      }
      Arrays.sort(ids);
      return ids;
    }
    if (target instanceof FaultTarget.Region r) {
      return region("region", r.name());
    }
    FaultTarget.Stake st = (FaultTarget.Stake) target;
    return byStake(st.fraction());
  }

  /**
   * The highest-index validators whose stake adds up to at most {@code fraction} of the total
   * (see {@link FaultTarget.Stake}).
   */
  int[] byStake(double fraction) {
    double cap = fraction * totalStake() * (1 + 1e-12);
    long hit = 0;
    List<Integer> out = new ArrayList<>();
    for (int i = size() - 1; i >= 0; i--) {
      if (hit + stake[i] <= cap) {
        hit += stake[i];
        out.add(i);
      }
    }
    return out.stream().mapToInt(Integer::intValue).sorted().toArray();
  }

  /** The members of a partition group: validator ids or region names. */
  int[] members(String field, List<String> names) {
    List<Integer> out = new ArrayList<>();
    for (int i = 0; i < names.size(); i++) {
      String n = names.get(i);
      if (n.matches("\\d+")) {
        out.add(checkId(field + "[" + i + "]", Integer.parseInt(n)));
      } else {
        for (int v : region(field + "[" + i + "]", n)) {
          out.add(v);
        }
      }
    }
    return out.stream().mapToInt(Integer::intValue).distinct().sorted().toArray();
  }

  private int checkId(String field, int id) {
    if (id < 0 || id >= size()) {
      throw new FaultException(field, "validator " + id + " does not exist: validators are 0 to "
          + (size() - 1));
    }
    return id;
  }

  private int[] region(String field, String name) {
    if (!regions.contains(name)) {
      throw new FaultException(field, "no validator is in region '" + name + "'; regions: "
          + String.join(", ", regions.stream().distinct().toList()));
    }
    List<Integer> out = new ArrayList<>();
    for (int i = 0; i < size(); i++) {
      if (regions.get(i).equals(name)) {
        out.add(i);
      }
    }
    return out.stream().mapToInt(Integer::intValue).toArray();
  }

  @Override
  public boolean equals(Object o) {
    return o instanceof Committee c && Arrays.equals(stake, c.stake) && regions.equals(c.regions);
  }

  @Override
  public int hashCode() {
    return Objects.hash(Arrays.hashCode(stake), regions);
  }

  @Override
  public String toString() {
    return "Committee[" + size() + " validators]";
  }
}
