package dev.tdsim.network;

import java.util.ArrayList;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;

/**
 * One-way latency between AWS regions from measured round-trip times: one-way = RTT / 2.
 *
 * <p>Source: the CloudPing (https://www.cloudping.co/grid, code at github.com/mda590/cloudping.co)
 * AWS inter-region latency grid, 50th percentile, as embedded in jvm-libp2p's gossip simulator:
 * {@code libp2p/jvm-libp2p, tools/simulator/src/main/kotlin/io/libp2p/simulate/delay/latency/aws/
 * AwsLatencies.kt} ("thanks https://www.cloudping.co for the sample") at commit
 * 267a4d46b6899512f4d3ad8377afe6f94cc21033, region order from {@code AwsRegion.kt} in the same
 * directory. CloudPing measures every pair every 6 hours with a TCP round trip from a Lambda in one
 * region to the DynamoDB endpoint of the other. The snapshot carries no measurement date. Its
 * region set (it has af-south-1 and eu-south-1, opened April 2020, and ap-northeast-3; it lacks
 * ap-southeast-3, opened December 2021, and every later region) suggests 2020-2021; that is an
 * inference, not a date given by the source.
 *
 * <p>Cross-check: CometBFT's QA latency emulation table ({@code cometbft/cometbft,
 * test/e2e/pkg/files/aws-latencies.csv}, "average latencies between different AWS data centers"
 * per the CometBFT v1 QA report, applied as one-way netem delays) gives N. Virginia-Tokyo 73 ms
 * and N. Virginia-Ireland 33 ms one-way; this matrix gives 73 ms and 34.75 ms.
 *
 * <p>Processing: row = from, column = to. CloudPing's two directions of a pair differ by at most
 * 7 ms; the matrix is symmetrised by taking the mean of both directions, because a consensus
 * message and its reply travel the same path and asymmetry within the measurement spread is
 * noise. The diagonal is CloudPing's intra-region RTT (1-4 ms; it includes the DynamoDB front end,
 * so it is higher than the ~0.1-1 ms between two EC2 instances of one region) and is kept as the
 * source gives it, which keeps every intra-region link the shortest link of its row. The matrix
 * does not obey the triangle inequality (af-south-1 to ap-northeast-1 is 355.5 ms RTT direct but
 * 271.5 ms via ap-southeast-1): that is the real Internet, and it lets gossip relays beat a direct
 * send.
 *
 * <p>Names: the AWS codes ({@code us-east-1}) and short aliases ({@code us-east} = us-east-1 N.
 * Virginia, {@code us-west} = us-west-2 Oregon, {@code eu-west} = eu-west-1 Ireland, {@code
 * eu-central} = eu-central-1 Frankfurt, {@code ap-northeast} = ap-northeast-1 Tokyo, {@code
 * ap-southeast} = ap-southeast-1 Singapore, {@code sa-east} = sa-east-1 Sao Paulo, and the other
 * "-1" regions without the suffix).
 */
public final class RegionLatency implements LatencyModel {

  public static final String NAME = "regions";

  /** AWS region codes in the source's (alphabetical) order: the matrix indices. */
  private static final List<String> CODES = List.of(
      "af-south-1", "ap-east-1", "ap-northeast-1", "ap-northeast-2", "ap-northeast-3",
      "ap-south-1", "ap-southeast-1", "ap-southeast-2", "ca-central-1", "eu-central-1",
      "eu-north-1", "eu-south-1", "eu-west-1", "eu-west-2", "eu-west-3", "me-south-1",
      "sa-east-1", "us-east-1", "us-east-2", "us-west-1", "us-west-2");

  // Round-trip times in milliseconds, CloudPing AWS inter-region grid, p50 (see class Javadoc for
  // the source, commit and period). Row = from, column = to, in CODES order.
  private static final int[][] RTT_MILLIS = {
      {3, 240, 353, 381, 360, 155, 201, 411, 224, 159, 176, 168, 158, 146, 150, 143, 342, 231, 241, 290, 273},
      {241, 1, 46, 37, 39, 87, 36, 126, 186, 189, 211, 180, 211, 204, 197, 121, 299, 188, 175, 145, 136},
      {358, 46, 4, 34, 10, 123, 68, 104, 144, 223, 243, 213, 201, 211, 216, 161, 257, 146, 135, 108, 98},
      {385, 38, 33, 2, 24, 126, 70, 142, 172, 223, 241, 212, 229, 238, 244, 156, 285, 174, 162, 128, 118},
      {364, 39, 10, 24, 2, 131, 75, 119, 150, 231, 248, 220, 207, 217, 221, 166, 262, 151, 138, 111, 99},
      {162, 91, 126, 124, 131, 1, 54, 145, 186, 110, 131, 102, 120, 111, 104, 35, 298, 185, 194, 228, 218},
      {205, 39, 69, 69, 75, 58, 4, 93, 209, 157, 177, 148, 182, 171, 166, 85, 322, 213, 200, 172, 162},
      {412, 128, 109, 141, 118, 146, 93, 1, 198, 249, 294, 238, 256, 264, 279, 176, 312, 198, 187, 138, 140},
      {225, 186, 143, 172, 149, 187, 210, 197, 2, 92, 107, 99, 70, 78, 83, 162, 125, 14, 24, 79, 60},
      {162, 189, 223, 223, 230, 110, 158, 249, 92, 2, 22, 12, 26, 17, 12, 87, 204, 91, 102, 151, 141},
      {179, 210, 243, 242, 249, 130, 178, 295, 108, 22, 2, 31, 41, 33, 30, 105, 215, 112, 121, 175, 159},
      {171, 179, 214, 214, 220, 101, 150, 238, 101, 11, 31, 1, 35, 25, 20, 77, 212, 101, 110, 160, 151},
      {158, 212, 201, 230, 207, 120, 181, 256, 70, 27, 42, 34, 1, 13, 18, 95, 176, 69, 79, 128, 119},
      {148, 202, 210, 238, 216, 111, 171, 265, 78, 17, 32, 25, 13, 1, 9, 87, 186, 76, 86, 147, 128},
      {151, 197, 215, 246, 221, 104, 167, 279, 84, 12, 30, 20, 18, 10, 1, 80, 195, 83, 92, 143, 134},
      {147, 122, 162, 159, 168, 35, 87, 179, 163, 85, 105, 78, 96, 87, 79, 1, 271, 160, 170, 220, 212},
      {343, 299, 256, 285, 263, 297, 322, 311, 125, 204, 215, 214, 177, 186, 194, 273, 1, 113, 124, 173, 174},
      {232, 188, 146, 174, 150, 186, 211, 199, 15, 92, 111, 102, 70, 76, 82, 160, 114, 4, 13, 62, 64},
      {242, 176, 133, 161, 138, 197, 200, 187, 25, 102, 121, 111, 79, 86, 93, 170, 124, 12, 4, 53, 52},
      {292, 146, 108, 128, 109, 227, 171, 139, 79, 151, 173, 160, 128, 147, 142, 220, 171, 62, 50, 3, 22},
      {274, 136, 97, 120, 99, 217, 161, 140, 60, 140, 156, 150, 119, 128, 134, 211, 174, 63, 51, 22, 3},
  };

  private static final Map<String, String> ALIASES = aliases();

  /** Where each region of {@link #CODES} is (AWS's own names for them), for listings. */
  private static final List<String> LOCATIONS = List.of(
      "Cape Town", "Hong Kong", "Tokyo", "Seoul", "Osaka", "Mumbai", "Singapore", "Sydney",
      "Canada Central (Montreal)", "Frankfurt", "Stockholm", "Milan", "Ireland", "London",
      "Paris", "Bahrain", "Sao Paulo", "N. Virginia", "Ohio", "N. California", "Oregon");

  /** The source of the matrix in one line (the class Javadoc has the details), for listings. */
  public static final String SOURCE = "CloudPing AWS inter-region grid (cloudping.co), 50th"
      + " percentile round-trip times as embedded in jvm-libp2p's simulator (AwsLatencies.kt at"
      + " commit 267a4d46), undated, by its region set about 2020-2021; one-way = the mean of"
      + " both directions / 2";

  private final long[][] oneWayNanos;

  public RegionLatency() {
    int n = CODES.size();
    oneWayNanos = new long[n][n];
    for (int i = 0; i < n; i++) {
      for (int j = 0; j < n; j++) {
        // mean of both directions, halved: (a + b) / 2 / 2 ms = (a + b) * 250_000 ns, exact
        oneWayNanos[i][j] = (long) (RTT_MILLIS[i][j] + RTT_MILLIS[j][i]) * 250_000L;
      }
    }
  }

  @Override
  public String name() {
    return NAME;
  }

  /** The AWS codes and the aliases this model accepts, codes first. */
  public static List<String> knownRegionNames() {
    List<String> names = new ArrayList<>(CODES);
    names.addAll(ALIASES.keySet());
    return Collections.unmodifiableList(names);
  }

  /** The AWS region codes of the matrix, in its (alphabetical) order. */
  public static List<String> codes() {
    return CODES;
  }

  /** The short names of an AWS code ({@code us-east} for {@code us-east-1}), possibly none. */
  public static List<String> aliasesOf(String code) {
    List<String> out = new ArrayList<>();
    ALIASES.forEach((alias, c) -> {
      if (c.equals(code)) {
        out.add(alias);
      }
    });
    return out;
  }

  /** Where an AWS code's region is ({@code N. Virginia} for {@code us-east-1}). */
  public static String location(String code) {
    return LOCATIONS.get(index(code));
  }

  /** The one-way latency between two regions (codes or short names), milliseconds. */
  public static double oneWayMillis(String from, String to) {
    return (RTT_MILLIS[index(from)][index(to)] + RTT_MILLIS[index(to)][index(from)]) / 4.0;
  }

  /** The measured round-trip time of the source, milliseconds, before symmetrising. */
  public static int sourceRttMillis(String from, String to) {
    return RTT_MILLIS[index(from)][index(to)];
  }

  @Override
  public int regionIndex(String region) {
    return index(region);
  }

  @Override
  public List<String> regionNames() {
    return CODES;
  }

  @Override
  public long oneWayLatencyNanos(int fromRegion, int toRegion) {
    return oneWayNanos[fromRegion][toRegion];
  }

  private static int index(String region) {
    String key = region == null ? "" : region.trim().toLowerCase(Locale.ROOT);
    int i = CODES.indexOf(ALIASES.getOrDefault(key, key));
    if (i < 0) {
      throw new IllegalArgumentException("unknown region '" + region + "' for latency model '"
          + NAME + "'; known: " + String.join(", ", knownRegionNames()));
    }
    return i;
  }

  private static Map<String, String> aliases() {
    Map<String, String> a = new LinkedHashMap<>();
    a.put("us-east", "us-east-1");
    a.put("us-west", "us-west-2");
    a.put("eu-west", "eu-west-1");
    a.put("eu-central", "eu-central-1");
    a.put("ap-northeast", "ap-northeast-1");
    a.put("ap-southeast", "ap-southeast-1");
    a.put("sa-east", "sa-east-1");
    a.put("af-south", "af-south-1");
    a.put("ap-east", "ap-east-1");
    a.put("ap-south", "ap-south-1");
    a.put("ca-central", "ca-central-1");
    a.put("eu-north", "eu-north-1");
    a.put("eu-south", "eu-south-1");
    a.put("me-south", "me-south-1");
    return Collections.unmodifiableMap(a);
  }

  @Override
  public String toString() {
    return "RegionLatency[" + CODES.size() + " AWS regions, CloudPing p50]";
  }
}
