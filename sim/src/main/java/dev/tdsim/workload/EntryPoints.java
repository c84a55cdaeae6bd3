package dev.tdsim.workload;

import java.util.List;
import java.util.stream.IntStream;

/**
 * Where clients submit their transactions (YAML {@code entry}): each submission goes to one
 * validator drawn uniformly from these. Validator i is in region {@code regions[i mod
 * regions.size()]}, as the validators are placed.
 */
public sealed interface EntryPoints {
  /** Every validator ({@code entry: all}, the default). */
  EntryPoints ALL = new All();

  /** The YAML spelling of {@link #ALL}. */
  String ALL_NAME = "all";

  /** The validators a submission is drawn among, ascending, never empty. */
  int[] validators(int count, List<String> regions);

  /** The value as YAML writes it: {@code all}, a validator index, or a region name. */
  String yaml();

  /** Every validator. */
  record All() implements EntryPoints {
    @Override
    public int[] validators(int count, List<String> regions) {
      return IntStream.range(0, count).toArray();
    }

    @Override
    public String yaml() {
      return ALL_NAME;
    }
  }

  /**
   * One validator receives all the load, as in CometBFT's QA ("one target node (a validator)
   * that receives all the load").
   *
   * @param index the validator, in [0, validators.count)
   */
  record Validator(int index) implements EntryPoints {
    @Override
    public int[] validators(int count, List<String> regions) {
      if (index < 0 || index >= count) {
        throw new IllegalArgumentException("validator " + index + " is not among " + count);
      }
      return new int[] {index};
    }

    @Override
    public String yaml() {
      return Integer.toString(index);
    }
  }

  /**
   * The validators placed in one region.
   *
   * @param name a region of {@code validators.regions} that has a validator
   */
  record Region(String name) implements EntryPoints {
    @Override
    public int[] validators(int count, List<String> regions) {
      int[] in = IntStream.range(0, count)
          .filter(i -> regions.get(i % regions.size()).equals(name)).toArray();
      if (in.length == 0) {
        throw new IllegalArgumentException("no validator is placed in region " + name);
      }
      return in;
    }

    @Override
    public String yaml() {
      return name;
    }
  }
}
