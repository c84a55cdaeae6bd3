#!/usr/bin/env bash
# Runs the vote pattern on Wittgenstein's engine: run.sh V HEIGHTS RUNS (JVM options in JAVA_OPTS).
set -euo pipefail
here="$(cd "$(dirname "$0")" && pwd)"
source "$here/libs.sh"
exec java ${JAVA_OPTS:-} -cp "$here/classes:$LIBS:$TDSIM_JAR" WittVotePattern "$@"
