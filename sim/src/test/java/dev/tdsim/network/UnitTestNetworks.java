package dev.tdsim.network;

/** The network the unit tests of this package were written against. */
final class UnitTestNetworks {
  private UnitTestNetworks() {}

  /**
   * {@link NetworkConfig#defaults()} with a 5% log-normal jitter and every copy of a broadcast
   * serialized alone on the uplink ({@link UplinkSharing#PER_LINK}), the numbers the tests'
   * expectations were computed with (a scenario's defaults are 20% and fair sharing).
   */
  static NetworkConfig perLink() {
    return NetworkConfig.defaults().withLognormalJitter(0.05)
        .withUplink(NetworkConfig.DEFAULT_UPLINK_BITS_PER_SECOND, UplinkSharing.PER_LINK);
  }
}
