# tdsim: `make run` builds if needed and runs the default job; `make test` runs all tests.
# No colour codes in the output: -Dstyle.color=never (Maven 3.9+); Maven 3.8's jansi still writes
# ESC[0m resets when it exits unless told not to (-Djansi.noreset=true, read at JVM start, so it
# goes in MAVEN_OPTS; whatever MAVEN_OPTS the caller has is kept).
MVN ?= MAVEN_OPTS="$$MAVEN_OPTS -Djansi.noreset=true" mvn -B -q -Dstyle.color=never
JAR := sim/target/tdsim.jar
SOURCES := $(shell find crypto/src/main sim/src/main -type f 2>/dev/null) pom.xml crypto/pom.xml sim/pom.xml

.PHONY: build run test bench model-check jmh mutation screenshots spark docs clean

build: $(JAR)

# The core jar only (crypto and sim): the Spark module (sweep-spark/) is built by `make spark`
# and by `make test`, never here, so `make build` and `make run` stay as small and fast.
$(JAR): $(SOURCES)
	@echo "make: building tdsim (modules crypto and sim, tests skipped); the first build also fetches the Maven dependencies: a minute or two, quiet until done" >&2
	@start=$$(date +%s); $(MVN) -DskipTests -pl sim -am install \
	  && echo "make: built $(JAR) in $$(( $$(date +%s) - start )) s" >&2

run: $(JAR)
	@echo "make: running scenarios/default.yaml (real crypto at every height; progress below)" >&2
	./tdsim run scenarios/default.yaml

# Every module, the Spark one included: its tests run sweeps on embedded Spark and on a real
# standalone cluster (Master and Worker started on localhost from the Maven jars). Ends with the
# totals and every skipped test with its reason (scripts/test-summary.sh, from the XML reports).
test:
	$(MVN) install
	@scripts/test-summary.sh crypto/target/surefire-reports sim/target/surefire-reports \
	  sweep-spark/target/surefire-reports sweep-spark/target/failsafe-reports

# The spark sweep engine: sweep-spark/target/tdsim-spark.jar (for spark-submit; Spark not inside)
# and target/classpath.txt (Spark's jars in ~/.m2, for ./tdsim-spark). docs/SPARK.md.
spark:
	$(MVN) -DskipTests -pl sweep-spark -am package

# The README's figures that only a rerun can give (issue 23): reruns its sweep example (model
# timing, a few minutes on 2 cores) and rewrites the block between its docs:sweep-example markers
# with the command, its run count, time and answer. Not part of `make test`, which checks the
# figures that need no rerun (DocsDriftTest). Commit the README it rewrites.
docs: $(JAR)
	scripts/docs-sweep-example.sh README.md

bench: $(JAR)
	./tdsim bench

# The builtin cost model against this machine's measurement of one scaled-down default run (about
# a minute; docs/PERFORMANCE.md "Model against measurement"). A benchmark, not part of `make
# test`: run it on a quiet machine; it exits 1 when the model leaves its band.
model-check: $(JAR)
	java -cp $(JAR) sim/src/test/java/dev/tdsim/runner/ModelAgreement.java

# Engine micro-benchmarks (JMH, module jmh/; docs/PERFORMANCE.md "Engine"). Pick benchmarks and
# options with JMH_ARGS, e.g. make jmh JMH_ARGS='QueueBench -f 1 -wi 2 -i 3'.
JMH_ARGS ?=
jmh:
	$(MVN) -DskipTests -pl jmh -am package
	java -cp jmh/target/classes:$$(cat jmh/target/classpath.txt) org.openjdk.jmh.Main $(JMH_ARGS)

# Mutation testing with PIT (not part of `make test`): sim module by default, narrow it with
# PIT_CLASSES='dev.tdsim.network.*' (comma-separated globs); PIT_CRYPTO=1 adds the crypto module.
# Reports: sim/target/pit-reports/index.html (and crypto/target/pit-reports/ with PIT_CRYPTO=1).
PIT_CLASSES ?= dev.tdsim.*
COMMA := ,
mutation:
	@rm -rf sim/target/pit-reports crypto/target/pit-reports
	@echo "PIT on $(PIT_CLASSES)$(if $(PIT_CRYPTO), and the crypto module): several minutes, quiet until done"
	$(MVN) -P mutation$(if $(PIT_CRYPTO),$(COMMA)mutation-crypto) test -Dpit.targetClasses='$(PIT_CLASSES)'
	@for f in crypto/target/pit-reports/mutations.csv sim/target/pit-reports/mutations.csv; do \
	  [ -f $$f ] && awk -F, '{c=$$2; sub(/\.[^.]*$$/, "", c); n[c]++; \
	    if ($$6 ~ /^(KILLED|TIMED_OUT|MEMORY_ERROR|RUN_ERROR)$$/) k[c]++} \
	    END {for (p in n) printf "%-26s %5d/%-5d killed  %5.1f%%\n", p, k[p], n[p], 100 * k[p] / n[p]}' $$f \
	    | sort; \
	done; echo "report: sim/target/pit-reports/index.html"

# The screenshot check of both HTML reports in real headless Chromium (not part of `make test`:
# it needs Chromium, which a fresh clone does not have; README "The reports in a browser"). Runs
# a small scenario and two small sweeps (model timing, about a minute), then loads each report.html
# at 1280x800 over the DevTools protocol: no horizontal overflow, every chart drawn, the headline
# on the first screen, no console errors; full-page PNGs go to reports/screenshots/.
CHROMIUM ?= /usr/bin/chromium
SHOTS := reports/screenshots
screenshots: $(JAR)
	@if [ ! -x "$(CHROMIUM)" ]; then \
	  echo "make screenshots: needs Chromium ($(CHROMIUM) not found); on Debian: apt-get install -y chromium (or make screenshots CHROMIUM=/path/to/chromium)" >&2; \
	  exit 2; fi
	rm -rf $(SHOTS)
	./tdsim run sim/src/test/resources/screenshots/run.yaml --out $(SHOTS)/run --quiet
	./tdsim sweep sim/src/test/resources/screenshots/sweep.yaml --out $(SHOTS)/sweep --quiet
	./tdsim sweep sim/src/test/resources/screenshots/sweep-points.yaml --out $(SHOTS)/sweep-points --quiet
	java -cp $(JAR) sim/src/test/java/dev/tdsim/report/screenshots/ReportScreenshots.java \
	  --chromium $(CHROMIUM) --out $(SHOTS) \
	  $(SHOTS)/run/report.html $(SHOTS)/sweep/report.html $(SHOTS)/sweep-points/report.html

clean:
	$(MVN) clean
