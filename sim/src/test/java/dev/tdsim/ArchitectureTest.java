package dev.tdsim;

import static com.tngtech.archunit.library.dependencies.SlicesRuleDefinition.slices;
import static org.junit.jupiter.api.Assertions.assertEquals;

import com.tngtech.archunit.core.domain.Dependency;
import com.tngtech.archunit.core.domain.JavaClass;
import com.tngtech.archunit.core.domain.JavaClasses;
import com.tngtech.archunit.core.importer.ClassFileImporter;
import com.tngtech.archunit.core.importer.ImportOption;
import java.util.ArrayList;
import java.util.List;
import java.util.TreeSet;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/**
 * The layers of tdsim (docs/ARCHITECTURE.md): a class may depend on classes of its own layer and
 * the layers below it, never above; and no two components depend on each other in a cycle. The
 * layers are listed bottom first; a package belongs to the entry that is its longest prefix, so a
 * new package must be placed here (and in the docs) before its first class compiles into a green
 * build.
 */
class ArchitectureTest {

  /** Bottom first; each row one layer, its packages relative to {@code dev.tdsim}. */
  static final List<List<String>> LAYERS = List.of(
      // the crypto module: the schemes on BLS12-381, below everything the simulator does
      List.of("crypto", "crypto.random", "registry"),
      List.of("crypto.field"),
      List.of("crypto.curve"),
      List.of("crypto.sig", "crypto.tpke", "crypto.cggmp21"),
      List.of("crypto.tbls", "crypto.variant", "crypto.dkg"),
      List.of("crypto.cert", "crypto.design"),
      List.of("crypto.design.bench"),
      // the simulator: seeded streams and text helpers, then the event loop and the models
      List.of("random", "input", "progress", "format", "chart"),
      List.of("engine", "timing", "network", "workload"),
      List.of("cpu"),
      List.of("consensus"),
      List.of("mempool"),
      List.of("costs", "faults", "signing"),
      List.of("pipeline"),
      List.of("transport"),
      List.of("scenario"),
      List.of("epochs", "bench"),
      List.of("calibration"),
      List.of("runner"),
      List.of("report"),
      List.of("sweep.engine", "compare"),
      List.of("sweep"),
      List.of("cli"));

  private static JavaClasses classes;

  @BeforeAll
  static void importClasses() {
    classes = new ClassFileImporter()
        .withImportOption(ImportOption.Predefined.DO_NOT_INCLUDE_TESTS)
        .importPackages("dev.tdsim");
  }

  /** The layer of a package: the row holding its longest prefix, or -1 when no row holds one. */
  static int layerOf(String javaPackage) {
    int best = -1;
    int bestLength = -1;
    for (int layer = 0; layer < LAYERS.size(); layer++) {
      for (String relative : LAYERS.get(layer)) {
        String prefix = "dev.tdsim." + relative;
        boolean holds = javaPackage.equals(prefix) || javaPackage.startsWith(prefix + ".");
        if (holds && prefix.length() > bestLength) {
          best = layer;
          bestLength = prefix.length();
        }
      }
    }
    return best;
  }

  @Test
  void everyPackageHasALayer() {
    TreeSet<String> unplaced = new TreeSet<>();
    for (JavaClass c : classes) {
      if (layerOf(c.getPackageName()) < 0) {
        unplaced.add(c.getPackageName());
      }
    }
    assertEquals(List.of(), List.copyOf(unplaced),
        "packages in no layer: add them to ArchitectureTest.LAYERS and docs/ARCHITECTURE.md");
  }

  @Test
  void noImportRunsUpTheLayers() {
    TreeSet<String> upward = new TreeSet<>();
    for (JavaClass c : classes) {
      int from = layerOf(c.getPackageName());
      for (Dependency d : c.getDirectDependenciesFromSelf()) {
        JavaClass target = d.getTargetClass();
        if (!target.getPackageName().startsWith("dev.tdsim")) {
          continue;
        }
        int to = layerOf(target.getPackageName());
        if (from >= 0 && to > from) {
          upward.add(c.getName() + " (layer " + from + ") -> " + target.getName()
              + " (layer " + to + ")");
        }
      }
    }
    assertEquals(List.of(), List.copyOf(upward), "imports that run up the layers");
  }

  @Test
  void noCycleBetweenComponents() {
    slices().matching("dev.tdsim.(*)..").should().beFreeOfCycles().check(classes);
    slices().matching("dev.tdsim.crypto.(*)..").should().beFreeOfCycles().check(classes);
    slices().matching("dev.tdsim.sweep.(*)..").should().beFreeOfCycles().check(classes);
  }

  @Test
  void theLayerTableItselfIsConsistent() {
    List<String> seen = new ArrayList<>();
    for (List<String> layer : LAYERS) {
      for (String p : layer) {
        assertEquals(false, seen.contains(p), p + " is listed twice");
        seen.add(p);
      }
    }
    // a class in a subpackage lands in its own row, not its parent's
    assertEquals(LAYERS.indexOf(List.of("crypto.design.bench")),
        layerOf("dev.tdsim.crypto.design.bench"));
    assertEquals(layerOf("dev.tdsim.crypto.design"), layerOf("dev.tdsim.crypto.design.batched"));
    assertEquals(-1, layerOf("dev.tdsimx.other"));
  }
}
