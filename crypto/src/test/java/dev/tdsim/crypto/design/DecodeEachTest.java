package dev.tdsim.crypto.design;

import static org.junit.jupiter.api.Assertions.assertEquals;

import dev.tdsim.crypto.CryptoException;
import dev.tdsim.crypto.Workers;
import dev.tdsim.crypto.tpke.Committee;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import org.junit.jupiter.api.Test;

/**
 * How every one-share design reads the shares it got ({@link PointShares#decodeEach}): one
 * message per validator of the committee, decoded in the senders' order; anything else names
 * the sender and the reason, and the others go on.
 */
class DecodeEachTest {
  private static final Committee COMMITTEE = Committee.equal(8, 6, 4);

  /** "Decodes" a message into its first byte; an empty one is malformed. */
  private static Integer firstByte(Integer validator, byte[] bytes) {
    if (bytes.length == 0) {
      throw new CryptoException("decoding", "empty");
    }
    return validator * 1000 + bytes[0];
  }

  private static Map<Integer, Integer> decode(Map<Integer, List<byte[]>> encoded,
      Map<Integer, String> faulty, int threads) {
    return PointShares.decodeEach(encoded, COMMITTEE, Workers.of(threads),
        DecodeEachTest::firstByte, "share", faulty);
  }

  @Test
  void everyWrongSenderIsNamedWithItsReasonAndTheRestDecode() {
    Map<Integer, List<byte[]>> encoded = new LinkedHashMap<>();
    encoded.put(3, List.<byte[]>of(new byte[] {7}));
    encoded.put(-1, List.<byte[]>of(new byte[] {1}));
    encoded.put(4, List.<byte[]>of(new byte[] {1}));
    encoded.put(0, List.<byte[]>of(new byte[] {1}, new byte[] {2}));
    encoded.put(1, List.of());
    encoded.put(2, List.<byte[]>of(new byte[0]));
    List<byte[]> none = null;
    Map<Integer, List<byte[]>> withNull = new LinkedHashMap<>(encoded);
    withNull.put(1, none);
    for (int threads : new int[] {1, 2}) {
      for (Map<Integer, List<byte[]>> in : List.of(encoded, withNull)) {
        Map<Integer, String> faulty = new TreeMap<>();
        Map<Integer, Integer> decoded = decode(in, faulty, threads);
        assertEquals(Map.of(3, 3007), decoded);
        assertEquals("not a validator of the committee", faulty.get(-1));
        assertEquals("not a validator of the committee", faulty.get(4));
        assertEquals("sent 2 shares for a block (expected 1)", faulty.get(0));
        assertEquals("sent 0 shares for a block (expected 1)", faulty.get(1));
        assertEquals("malformed share (decoding: empty)", faulty.get(2));
        assertEquals(5, faulty.size());
      }
    }
  }

  @Test
  void theDecodedKeepTheSendersOrder() {
    Map<Integer, List<byte[]>> encoded = new LinkedHashMap<>();
    for (int v : new int[] {2, 0, 3, 1}) {
      encoded.put(v, List.<byte[]>of(new byte[] {(byte) (v + 10)}));
    }
    Map<Integer, String> faulty = new TreeMap<>();
    Map<Integer, Integer> decoded = decode(encoded, faulty, 2);
    assertEquals(List.of(2, 0, 3, 1), new ArrayList<>(decoded.keySet()));
    assertEquals(Arrays.asList(2012, 10, 3013, 1011), new ArrayList<>(decoded.values()));
    assertEquals(Map.of(), faulty);
  }
}
