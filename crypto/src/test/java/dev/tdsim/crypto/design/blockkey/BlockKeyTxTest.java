package dev.tdsim.crypto.design.blockkey;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.tdsim.crypto.CryptoException;
import dev.tdsim.crypto.curve.G2Point;
import java.nio.ByteBuffer;
import java.util.Arrays;
import org.junit.jupiter.api.Test;

/**
 * A block-key transaction's own checks, without any key: the sizes of its parts, its wire size
 * and the refusals of a malformed encoding, each naming what is wrong.
 */
class BlockKeyTxTest {
  private static final G2Point U = G2Point.generator();

  private static BlockKeyTx tx(int messageBytes) {
    byte[] payload = new byte[messageBytes + BlockKeyTx.TAG_BYTES];
    Arrays.fill(payload, (byte) 7);
    return new BlockKeyTx(U, new byte[BlockKeyTx.SEED_BYTES], payload);
  }

  private static String refusal(Runnable r) {
    return assertThrows(CryptoException.class, r::run).getMessage();
  }

  @Test
  void thePartsMustHaveTheirSizes() {
    assertEquals("block-key transaction: U, V and the payload are all required",
        refusal(() -> new BlockKeyTx(null, new byte[32], new byte[16])));
    refusal(() -> new BlockKeyTx(U, null, new byte[16]));
    refusal(() -> new BlockKeyTx(U, new byte[32], null));
    assertEquals("block-key transaction: V must have 32 bytes, got 31",
        refusal(() -> new BlockKeyTx(U, new byte[31], new byte[16])));
    refusal(() -> new BlockKeyTx(U, new byte[33], new byte[16]));
    assertTrue(refusal(() -> new BlockKeyTx(U, new byte[32], new byte[15]))
        .contains("payload shorter than its 16-byte tag"));
    assertEquals(0, tx(0).messageBytes()); // just the tag: an empty message
  }

  @Test
  void theWireSizeIsTheHeaderThePayloadAndItsTag() {
    assertEquals(149, BlockKeyTx.OVERHEAD_BYTES);
    BlockKeyTx t = tx(10);
    assertEquals(10, t.messageBytes());
    assertEquals(159, t.encodedBytes());
    byte[] bytes = t.toBytes();
    assertEquals(159, bytes.length);
    assertEquals(BlockKeyTx.VERSION, bytes[0]);
    assertEquals(26, ByteBuffer.wrap(bytes, 1 + 96 + 32, 4).getInt());
    assertEquals(t, BlockKeyTx.fromBytes(bytes));
    assertEquals(tx(0), BlockKeyTx.fromBytes(tx(0).toBytes())); // the shortest encoding
    assertEquals("BlockKeyTx[" + U + ", 10 B]", t.toString());
  }

  @Test
  void theAccessorsAndEqualityAreByValue() {
    byte[] mask = new byte[32];
    mask[0] = 1;
    byte[] payload = new byte[20];
    BlockKeyTx t = new BlockKeyTx(U, mask, payload);
    mask[0] = 2;
    payload[0] = 2;
    assertEquals(1, t.mask()[0], "the record keeps its own copy");
    assertEquals(0, t.payload()[0]);
    t.mask()[0] = 3;
    t.payload()[0] = 3;
    assertEquals(1, t.mask()[0], "and hands out copies");
    assertEquals(0, t.payload()[0]);
    assertArrayEquals(t.mask(), t.maskView());
    assertArrayEquals(t.payload(), t.payloadView());
    BlockKeyTx same = new BlockKeyTx(U, t.mask(), t.payload());
    assertEquals(t, same);
    assertEquals(t.hashCode(), same.hashCode());
    assertNotEquals(t, new BlockKeyTx(U, new byte[32], t.payload()));
    assertNotEquals(t, new BlockKeyTx(U, t.mask(), new byte[21]));
    assertNotEquals(t, new BlockKeyTx(U.add(U), t.mask(), t.payload()));
    assertNotEquals(t, "not a transaction");
    // the hash spreads over U and the payload (these differ in one part each)
    assertNotEquals(t.hashCode(), new BlockKeyTx(U.add(U), t.mask(), t.payload()).hashCode());
    assertNotEquals(t.hashCode(), new BlockKeyTx(U, t.mask(), new byte[21]).hashCode());
  }

  @Test
  void aMalformedEncodingIsRefusedWithItsReason() {
    byte[] bytes = tx(3).toBytes();
    assertEquals("decoding block-key transaction: expected at least 149 bytes, got null",
        refusal(() -> BlockKeyTx.fromBytes(null)));
    assertEquals("decoding block-key transaction: expected at least 149 bytes, got 148",
        refusal(() -> BlockKeyTx.fromBytes(Arrays.copyOf(tx(0).toBytes(), 148))));
    byte[] version = bytes.clone();
    version[0] = 0x41;
    assertEquals("decoding block-key transaction: version byte 65 is not 66 (sealed for another"
        + " design?)", refusal(() -> BlockKeyTx.fromBytes(version)));
    byte[] longer = Arrays.copyOf(bytes, bytes.length + 1);
    assertEquals("decoding block-key transaction: payload length field says 19 but 20 bytes"
        + " follow", refusal(() -> BlockKeyTx.fromBytes(longer)));
    byte[] lying = bytes.clone();
    ByteBuffer.wrap(lying).putInt(1 + 96 + 32, 18);
    assertTrue(refusal(() -> BlockKeyTx.fromBytes(lying)).contains("says 18 but 19"));
  }
}
