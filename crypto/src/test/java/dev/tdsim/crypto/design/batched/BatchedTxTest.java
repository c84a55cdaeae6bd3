package dev.tdsim.crypto.design.batched;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.tdsim.crypto.CryptoException;
import dev.tdsim.crypto.curve.G1Point;
import dev.tdsim.crypto.curve.G2Point;
import dev.tdsim.crypto.design.BlockId;
import java.nio.ByteBuffer;
import java.util.Arrays;
import org.junit.jupiter.api.Test;

/**
 * A batched ciphertext's own checks, without any key: its parts, its wire size and the refusals
 * of a malformed encoding, each naming what is wrong.
 */
class BatchedTxTest {
  private static final BlockId BLOCK = new BlockId("chain", 9);
  private static final G2Point A = G2Point.generator();
  private static final G2Point B = A.add(A);
  private static final G1Point W = G1Point.generator();
  /** Offset of the chain-name length, the height and the slot in {@link #BLOCK}'s encoding. */
  private static final int HEIGHT_AT = 1 + 4 + 5;
  private static final int SLOT_AT = HEIGHT_AT + 8;
  private static final int LENGTH_AT = SLOT_AT + 4 + 96 + 96 + 48;

  private static BatchedTx tx(int slot, int messageBytes) {
    return new BatchedTx(BLOCK, slot, A, B, W, new byte[messageBytes + BatchedTx.TAG_BYTES]);
  }

  private static String refusal(Runnable r) {
    return assertThrows(CryptoException.class, r::run).getMessage();
  }

  @Test
  void thePartsMustBeThereAndTheSlotNotNegative() {
    byte[] body = new byte[16];
    assertEquals("batched ciphertext: block, A, B, W and body are all required",
        refusal(() -> new BatchedTx(null, 0, A, B, W, body)));
    refusal(() -> new BatchedTx(BLOCK, 0, null, B, W, body));
    refusal(() -> new BatchedTx(BLOCK, 0, A, null, W, body));
    refusal(() -> new BatchedTx(BLOCK, 0, A, B, null, body));
    refusal(() -> new BatchedTx(BLOCK, 0, A, B, W, null));
    assertEquals("batched ciphertext: slot -1 < 0", refusal(() -> tx(-1, 0)));
    assertEquals(0, tx(0, 0).slot());
    assertEquals("batched ciphertext: body shorter than its 16-byte tag",
        refusal(() -> new BatchedTx(BLOCK, 0, A, B, W, new byte[15])));
    // randomness r = 0 makes every point the point at infinity and the key public
    assertEquals("batched ciphertext: A is the point at infinity (randomness r = 0: anyone could"
        + " open it)", refusal(() -> new BatchedTx(BLOCK, 0, G2Point.identity(), B, W, body)));
    assertTrue(refusal(() -> new BatchedTx(BLOCK, 0, A, G2Point.identity(), W, body))
        .startsWith("batched ciphertext: B is the point at infinity"));
    assertTrue(refusal(() -> new BatchedTx(BLOCK, 0, A, B, G1Point.identity(), body))
        .startsWith("batched ciphertext: W is the point at infinity"));
    assertEquals(0, tx(0, 0).messageBytes());
  }

  @Test
  void theWireSizeIsTheHeaderThePointsAndTheBody() {
    BatchedTx t = tx(3, 10);
    assertEquals(10, t.messageBytes());
    int expected = 1 + (4 + 5 + 8) + 4 + 96 + 96 + 48 + 4 + 26;
    assertEquals(expected, t.encodedBytes());
    byte[] bytes = t.toBytes();
    assertEquals(expected, bytes.length);
    assertEquals('B', bytes[0]);
    assertEquals(9, ByteBuffer.wrap(bytes).getLong(HEIGHT_AT));
    assertEquals(3, ByteBuffer.wrap(bytes).getInt(SLOT_AT));
    assertEquals(26, ByteBuffer.wrap(bytes).getInt(LENGTH_AT));
    assertEquals(t, BatchedTx.fromBytes(bytes));
    assertEquals(tx(0, 0), BatchedTx.fromBytes(tx(0, 0).toBytes()));
    assertEquals("BatchedTx[" + BLOCK + ", slot 3, 10 B]", t.toString());
  }

  @Test
  void equalityCoversEveryPart() {
    BatchedTx t = tx(2, 4);
    byte[] body = t.body();
    body[0] = 1;
    assertEquals(0, t.body()[0], "hands out copies");
    assertEquals(t, new BatchedTx(BLOCK, 2, A, B, W, t.body()));
    assertEquals(t.hashCode(), new BatchedTx(BLOCK, 2, A, B, W, t.body()).hashCode());
    assertNotEquals(t, new BatchedTx(new BlockId("chain", 10), 2, A, B, W, t.body()));
    assertNotEquals(t, tx(1, 4));
    assertNotEquals(t, new BatchedTx(BLOCK, 2, B, B, W, t.body()));
    assertNotEquals(t, new BatchedTx(BLOCK, 2, A, A, W, t.body()));
    assertNotEquals(t, new BatchedTx(BLOCK, 2, A, B, W.add(W), t.body()));
    assertNotEquals(t, new BatchedTx(BLOCK, 2, A, B, W, body));
    assertNotEquals(t, "not a transaction");
    // the hash spreads over the block, the slot and the body (these differ in one part each)
    assertNotEquals(t.hashCode(), new BatchedTx(new BlockId("chain", 10), 2, A, B, W, t.body())
        .hashCode());
    assertNotEquals(t.hashCode(), tx(1, 4).hashCode());
    assertNotEquals(t.hashCode(), new BatchedTx(BLOCK, 2, A, B, W, body).hashCode());
  }

  /** The edges of the decoder's checks: one byte, a name filling what is left, height 1. */
  @Test
  void theDecodersBoundsAreExact() {
    assertEquals("decoding batched ciphertext: truncated (1 bytes)",
        refusal(() -> BatchedTx.fromBytes(new byte[] {'B'})));
    // a chain-name length equal to the bytes left is a name, then the height is missing
    byte[] nameFillsAll = ByteBuffer.allocate(1 + 4 + 4).put((byte) 'B').putInt(4).array();
    assertEquals("decoding batched ciphertext: truncated (9 bytes)",
        refusal(() -> BatchedTx.fromBytes(nameFillsAll)));
    // an empty chain name is read as one, then the height is checked
    byte[] emptyName = ByteBuffer.allocate(1 + 4 + 8).put((byte) 'B').putInt(0).putLong(0).array();
    assertEquals("decoding batched ciphertext: height 0 < 1",
        refusal(() -> BatchedTx.fromBytes(emptyName)));
    BatchedTx first = new BatchedTx(new BlockId("chain", 1), 0, A, B, W, new byte[16]);
    assertEquals(first, BatchedTx.fromBytes(first.toBytes()));
  }

  @Test
  void aMalformedEncodingIsRefusedWithItsReason() {
    byte[] bytes = tx(1, 3).toBytes();
    String marker = "decoding batched ciphertext: missing the 'B' marker";
    assertEquals(marker, refusal(() -> BatchedTx.fromBytes(null)));
    assertEquals(marker, refusal(() -> BatchedTx.fromBytes(new byte[0])));
    byte[] other = bytes.clone();
    other[0] = 'C';
    assertEquals(marker, refusal(() -> BatchedTx.fromBytes(other)));
    byte[] badName = bytes.clone();
    ByteBuffer.wrap(badName).putInt(1, -1);
    assertEquals("decoding batched ciphertext: bad chain-name length -1",
        refusal(() -> BatchedTx.fromBytes(badName)));
    ByteBuffer.wrap(badName).putInt(1, bytes.length);
    assertTrue(refusal(() -> BatchedTx.fromBytes(badName)).contains("bad chain-name length"));
    byte[] height = bytes.clone();
    ByteBuffer.wrap(height).putLong(HEIGHT_AT, 0);
    assertEquals("decoding batched ciphertext: height 0 < 1",
        refusal(() -> BatchedTx.fromBytes(height)));
    byte[] longer = Arrays.copyOf(bytes, bytes.length + 1);
    assertEquals("decoding batched ciphertext: body length field says 19 but 20 bytes follow",
        refusal(() -> BatchedTx.fromBytes(longer)));
    assertEquals("decoding batched ciphertext: truncated (100 bytes)",
        refusal(() -> BatchedTx.fromBytes(Arrays.copyOf(bytes, 100))));
    byte[] negativeSlot = bytes.clone();
    ByteBuffer.wrap(negativeSlot).putInt(SLOT_AT, -2);
    assertEquals("batched ciphertext: slot -2 < 0",
        refusal(() -> BatchedTx.fromBytes(negativeSlot)));
  }
}
