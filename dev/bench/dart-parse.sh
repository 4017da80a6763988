#!/usr/bin/env bash
# Times the Dart parser on one snapshot with -Xmx1g: dev/bench/dart-parse.sh FILE [count|builder|index] [runs]
# Compile first with dev/quicktest.sh (any fragment); uses its output in target/quicktest/main and
# compiles DartParseBench.java beside it (not in source-file mode: javac would run in the measured JVM).
# BENCH_JAVA_OPTS adds JVM options (e.g. -XX:StartFlightRecording=...); TMPDIR is where "index" builds.
set -euo pipefail
top=$(cd "$(dirname "$0")/../.." && pwd)
jdk=${JAVA_HOME:-$(ls -d /usr/lib/jvm/temurin-25* | head -1)}
cp=$top/target/quicktest/main:$HOME/.m2/repository/it/unimi/dsi/fastutil/8.5.19/fastutil-8.5.19.jar
bench=$top/target/quicktest/bench
if [ ! -f "$bench/DartParseBench.class" ] || [ "$top/dev/bench/DartParseBench.java" -nt "$bench/DartParseBench.class" ]; then
  mkdir -p "$bench" && "$jdk/bin/javac" -nowarn -d "$bench" -cp "$cp" "$top/dev/bench/DartParseBench.java" \
    "$top/benchmarks/src/main/java/org/polyheap/benchmarks/CountingSink.java"
fi
/usr/bin/time -f "process: wall %e s, user %U s, sys %S s, max RSS %M KB" \
  "$jdk/bin/java" -Xmx1g -Djava.io.tmpdir="${TMPDIR:-/tmp}" ${BENCH_JAVA_OPTS:-} -cp "$bench:$cp" DartParseBench "$@"
