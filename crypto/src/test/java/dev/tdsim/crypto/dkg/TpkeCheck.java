package dev.tdsim.crypto.dkg;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;

import dev.tdsim.crypto.Workers;
import dev.tdsim.crypto.random.StrongRandom;
import dev.tdsim.crypto.tpke.Ciphertext;
import dev.tdsim.crypto.tpke.KeySet;
import dev.tdsim.crypto.tpke.SignerSet;
import dev.tdsim.crypto.tpke.Tpke;
import dev.tdsim.crypto.variant.BlockProposer;
import dev.tdsim.crypto.variant.BlockResult;
import dev.tdsim.crypto.variant.CombineVariant;
import dev.tdsim.crypto.variant.Variants;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/** Encrypts to a DKG-made key set and decrypts through block_propose of a TPKE variant. */
final class TpkeCheck {
  static final Workers WORKERS = Workers.of(2);

  private TpkeCheck() {}

  static void decrypts(KeySet keys, String variant, List<Integer> signerList, StrongRandom random) {
    CombineVariant<?> v = Variants.byName(variant);
    List<Ciphertext> cts = new ArrayList<>();
    List<byte[]> msgs = new ArrayList<>();
    for (int j = 0; j < 2; j++) {
      byte[] m = ("dkg message " + j).getBytes(StandardCharsets.UTF_8);
      msgs.add(m);
      cts.add(Tpke.encrypt(keys.publicKey(), m, v.secretGroup(), random));
    }
    SignerSet signers = SignerSet.of(keys.committee(), signerList);
    Map<Integer, List<byte[]>> shares = new LinkedHashMap<>();
    for (int validator : signers.validators()) {
      CombineVariant.ShareMaker maker = v.shareMaker(keys, validator, signers);
      shares.put(validator, cts.stream().map(maker::create).toList());
    }
    BlockResult r = BlockProposer.forVariant(variant, keys, WORKERS)
        .propose(cts, shares, null, random);
    assertEquals(BlockResult.Status.DECRYPTED, r.status(), () -> variant + " " + r);
    for (int j = 0; j < cts.size(); j++) {
      assertArrayEquals(msgs.get(j), r.plaintexts().get(j).orElseThrow(), variant);
    }
  }
}
