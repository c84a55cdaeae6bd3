package dev.tdsim.scenario;

import static dev.tdsim.scenario.ValueTypes.INT;
import static dev.tdsim.scenario.ValueTypes.STRING;

import dev.tdsim.signing.SigningSchemes;
import dev.tdsim.signing.SigningStart;
import java.util.List;

/**
 * The keys of the {@code signing} section (issue 24 D): a threshold signing committee among the
 * validators. The section absent: no committee signs.
 */
final class SigningSchema {
  private SigningSchema() {}

  static final Setting<SigningConfig, String> SCHEME = Setting.of("scheme", STRING,
      SigningConfig.DEFAULT_SCHEME, Setting.names(SigningSchemes.names(), "SigningSchemes.names()"),
      "scheme", SigningConfig::scheme);
  static final Setting<SigningConfig, Integer> THRESHOLD = Setting.of("threshold", INT,
      SigningConfig.DEFAULT_THRESHOLD, "the scheme's least (" + SigningSchemes.minThresholdWords()
          + ") .. `parties` (signers a signature needs)", "threshold",
      SigningConfig::threshold);
  static final Setting<SigningConfig, Integer> PARTIES = Setting.of("parties", INT,
      SigningConfig.DEFAULT_PARTIES, "1 .. `validators.count` (the committee: the first n"
          + " validators, one region after the other)", "parties", SigningConfig::parties);
  static final Setting<SigningConfig, String> START = Setting.of("start", STRING,
      SigningConfig.DEFAULT_START, Setting.names(SigningStart.names(), null), "start",
      SigningConfig::start);

  static final Section<SigningConfig> SECTION = new Section<>("signing",
      List.of(SCHEME, THRESHOLD, PARTIES, START),
      v -> new SigningConfig(v.get(SCHEME), v.get(THRESHOLD), v.get(PARTIES), v.get(START)),
      SigningConfig::defaults);
}
