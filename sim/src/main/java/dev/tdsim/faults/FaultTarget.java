package dev.tdsim.faults;

import java.util.List;
import java.util.Objects;

/**
 * Whom a fault hits. Written as one of {@code validators: [ids]}, {@code region: name} or {@code
 * stake: 20%}; none of them means every validator.
 */
public sealed interface FaultTarget {

  /** Every validator (no target key written). */
  record All() implements FaultTarget {}

  /** The listed validator ids (0-based; duplicates are an error, empty hits nobody). */
  record Validators(List<Integer> ids) implements FaultTarget {
    public Validators {
      ids = List.copyOf(ids);
      for (int i = 0; i < ids.size(); i++) {
        if (ids.get(i) < 0) {
          throw new FaultException("validators[" + i + "]",
              "validator ids are 0-based and non-negative, got " + ids.get(i));
        }
        if (ids.indexOf(ids.get(i)) != i) {
          throw new FaultException("validators[" + i + "]",
              "validator " + ids.get(i) + " is listed twice");
        }
      }
    }
  }

  /** Every validator of one region of {@code validators.regions}. */
  record Region(String name) implements FaultTarget {
    public Region {
      Objects.requireNonNull(name, "name");
    }
  }

  /**
   * A share of the total voting power, in [0, 1]. Resolved deterministically, without random
   * draws: validators are taken from the highest index down, each one whose stake still fits
   * under the share (a validator that would overshoot it is skipped and lower ones are tried), so
   * the hit stake never exceeds the share. With equal stake, {@code stake: 20%} of 16 validators
   * hits validators 15, 14 and 13 (3/16 = 18.75%).
   */
  record Stake(double fraction) implements FaultTarget {
    public Stake {
      if (!(fraction >= 0 && fraction <= 1)) {
        throw new FaultException("stake", "a share of voting power is between 0% and 100%, got "
            + fraction * 100 + "%");
      }
    }
  }

  FaultTarget ALL = new All();
}
