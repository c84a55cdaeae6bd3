#!/usr/bin/env bash
# Builds the Wittgenstein side of the engine comparison (docs/PERFORMANCE.md, "Whole runs against
# Wittgenstein"): Wittgenstein's core sources at the commit below plus WittVotePattern.java, into
# peers/wittgenstein/classes. Needs tdsim's jar (make build: RegionLatency comes from it) and
# Wittgenstein's libraries in ~/.m2 (Jackson, Guava, commons-csv; versions in libs.sh).
# Usage: peers/wittgenstein/build.sh [WITTGENSTEIN_CHECKOUT]   (default: clone it into ./src)
set -euo pipefail
here="$(cd "$(dirname "$0")" && pwd)"
cd "$here"
source ./libs.sh
commit=fe0414c02f0ef576c9a0c7ccb29581be58862acf
src="${1:-$here/src}"
if [ ! -d "$src/core/src/main/java" ]; then
  git clone -q https://github.com/ConsenSys/wittgenstein.git "$src"
fi
git -C "$src" checkout -q "$commit" 2>/dev/null || echo "build.sh: $src is not a git checkout; using it as it is" >&2
rm -rf classes && mkdir -p classes
# Left out: tools/Graph.java needs xchart, core/ProgressPerTime.java uses Graph; neither is engine.
find "$src/core/src/main/java" -name '*.java' \
  | grep -v -E 'tools/Graph\.java$|core/ProgressPerTime\.java$' | sort > classes/files.txt
javac -nowarn -Xlint:none --release 17 -d classes -cp "$LIBS" @classes/files.txt
javac --release 17 -d classes -cp "classes:$LIBS:$TDSIM_JAR" WittVotePattern.java
echo "built $(find classes -name '*.class' | wc -l) classes into $here/classes"
