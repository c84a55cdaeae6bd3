package dev.tdsim.pipeline;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.tdsim.crypto.Workers;
import dev.tdsim.crypto.design.BlockDesign;
import dev.tdsim.crypto.design.DesignKeys;
import dev.tdsim.crypto.design.Designs;
import java.lang.reflect.Proxy;
import java.util.List;
import java.util.function.IntUnaryOperator;
import org.junit.jupiter.api.Test;

/**
 * Whether a design's shares are per transaction (one share per transaction for every block
 * size, Ferveo's designs: shares then cover only what is still to open) or per block.
 */
class PipelineContextTest {

  private static boolean perTransaction(RealCrypto crypto) {
    PipelineContext ctx = new PipelineContext(null, null, crypto, null, null, null);
    return ctx.covered(null, List.of()).perTransaction();
  }

  /** A design that answers only sharesPerBlock (as {@code sharesPerBlock}) and its name. */
  private static RealCrypto withSharesPerBlock(IntUnaryOperator sharesPerBlock) {
    ClassLoader loader = PipelineContextTest.class.getClassLoader();
    BlockDesign design = (BlockDesign) Proxy.newProxyInstance(loader,
        new Class<?>[] {BlockDesign.class}, (proxy, method, args) -> switch (method.getName()) {
          case "sharesPerBlock" -> sharesPerBlock.applyAsInt((Integer) args[0]);
          case "name" -> "scripted";
          default -> throw new UnsupportedOperationException(method.getName());
        });
    DesignKeys keys = (DesignKeys) Proxy.newProxyInstance(loader,
        new Class<?>[] {DesignKeys.class}, (proxy, method, args) -> switch (method.getName()) {
          case "design" -> design;
          case "keys" -> PipelineFixture.keys();
          default -> throw new UnsupportedOperationException(method.getName());
        });
    return new RealCrypto(keys, Workers.of(1), "test");
  }

  @Test
  void ferveosDesignsSharePerTransactionTheOthersPerBlock() {
    assertTrue(perTransaction(RealCrypto.of(Designs.byName("simple"), PipelineFixture.keys(), 2,
        Workers.of(1))));
    assertFalse(perTransaction(RealCrypto.of(Designs.byName("batched"), PipelineFixture.keys(),
        2, Workers.of(1))));
  }

  @Test
  void oneSharePerTransactionMustHoldForEveryBlockSizeChecked() {
    assertTrue(perTransaction(withSharesPerBlock(n -> n)));
    assertFalse(perTransaction(withSharesPerBlock(n -> n == 1 ? 2 : n)), "wrong for 1 tx");
    assertFalse(perTransaction(withSharesPerBlock(n -> n == 2 ? 1 : n)), "wrong for 2 txs");
    assertFalse(perTransaction(withSharesPerBlock(n -> n == 3 ? 1 : n)), "wrong for 3 txs");
  }

  /** A block of payloads of 5, 7 and 11 bytes, of which the second is still to open. */
  @Test
  void sharesPerTransactionCoverWhatIsStillToOpenSharesPerBlockTheWholeBlock() {
    ProposedBlock block = new ProposedBlock(1, 0, List.of(new byte[5], new byte[7], new byte[11]),
        null, null, -1, null, 0, 0, 0, 0);
    Covered perTx = new Covered(block, List.of(1), true);
    assertEquals(1, perTx.count());
    assertEquals(List.of(1), perTx.indices());
    assertEquals(7, perTx.bytes());
    Covered perBlock = new Covered(block, List.of(1), false);
    assertEquals(3, perBlock.count());
    assertEquals(List.of(0, 1, 2), perBlock.indices());
    assertEquals(23, perBlock.bytes());
  }

  @Test
  void aDecryptedBlockDropsOnlyItsSealedTransactions() {
    List<byte[]> payloads = List.of(new byte[5]);
    ProposedBlock block = new ProposedBlock(4, 9, payloads, List.of(), null, 2, null, 1, 2, 3, 80);
    ProposedBlock dropped = block.withoutCiphertexts();
    assertEquals(null, dropped.cts());
    assertEquals(new ProposedBlock(4, 9, payloads, null, null, 2, null, 1, 2, 3, 80), dropped);
  }
}
