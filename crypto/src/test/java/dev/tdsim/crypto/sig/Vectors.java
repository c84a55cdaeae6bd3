package dev.tdsim.crypto.sig;

import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStream;
import java.io.InputStreamReader;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.HexFormat;
import java.util.List;

/** Reads the whitespace-separated hex test vector files under resources/sig. */
final class Vectors {
  private Vectors() {}

  static List<byte[][]> read(String resource) {
    List<byte[][]> rows = new ArrayList<>();
    try (InputStream in = Vectors.class.getResourceAsStream("/sig/" + resource)) {
      if (in == null) {
        throw new IllegalStateException("missing test resource /sig/" + resource);
      }
      BufferedReader r = new BufferedReader(new InputStreamReader(in, StandardCharsets.US_ASCII));
      for (String line; (line = r.readLine()) != null; ) {
        line = line.strip();
        if (line.isEmpty() || line.startsWith("#")) {
          continue;
        }
        String[] cols = line.split("\\s+");
        byte[][] row = new byte[cols.length][];
        for (int i = 0; i < cols.length; i++) {
          row[i] = cols[i].equals("-") ? new byte[0] : HexFormat.of().parseHex(cols[i]);
        }
        rows.add(row);
      }
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
    if (rows.isEmpty()) {
      throw new IllegalStateException("no vectors in /sig/" + resource);
    }
    return rows;
  }
}
