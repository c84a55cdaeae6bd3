# tdsim: `make run` builds if needed and runs the default job; `make test` runs all tests.
MVN ?= mvn -B -q
JAR := sim/target/tdsim.jar
SOURCES := $(shell find crypto/src/main sim/src/main -type f 2>/dev/null) pom.xml crypto/pom.xml sim/pom.xml

.PHONY: build run test bench jmh clean

build: $(JAR)

$(JAR): $(SOURCES)
	$(MVN) -DskipTests install

run: $(JAR)
	./tdsim run scenarios/default.yaml

test:
	$(MVN) install
	@cat crypto/target/surefire-reports/*.txt sim/target/surefire-reports/*.txt \
	  | awk -F'[ ,]+' '/Tests run:/ {t+=$$3; f+=$$5+$$7; s+=$$9} END {printf "tests: %d passed, %d failed, %d skipped\n", t-f-s, f, s}'

bench: $(JAR)
	./tdsim bench

# Engine micro-benchmarks (JMH, module jmh/; docs/PERFORMANCE.md "Engine"). Pick benchmarks and
# options with JMH_ARGS, e.g. make jmh JMH_ARGS='QueueBench -f 1 -wi 2 -i 3'.
JMH_ARGS ?=
jmh:
	$(MVN) -DskipTests -pl jmh -am package
	java -cp jmh/target/classes:$$(cat jmh/target/classpath.txt) org.openjdk.jmh.Main $(JMH_ARGS)

clean:
	$(MVN) clean
