# Class path of the Wittgenstein driver: its libraries from ~/.m2 and tdsim's jar.
M=$HOME/.m2/repository
LIBS=$M/com/fasterxml/jackson/core/jackson-databind/2.22.3/jackson-databind-2.22.3.jar
LIBS=$LIBS:$M/com/fasterxml/jackson/core/jackson-core/2.22.3/jackson-core-2.22.3.jar
LIBS=$LIBS:$M/com/fasterxml/jackson/core/jackson-annotations/2.22/jackson-annotations-2.22.jar
LIBS=$LIBS:$M/com/google/guava/guava/33.5.0-jre/guava-33.5.0-jre.jar
LIBS=$LIBS:$M/org/apache/commons/commons-csv/1.14.1/commons-csv-1.14.1.jar
TDSIM_JAR="$(cd "$(dirname "${BASH_SOURCE[0]}")/../.." && pwd)/sim/target/tdsim.jar"
