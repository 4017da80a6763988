#!/usr/bin/env bash
# Times the Dart parser on one snapshot with -Xmx1g: dev/bench/dart-parse.sh FILE [count|builder] [runs]
# Compile first with dev/quicktest.sh (any fragment); uses its output in target/quicktest/main.
set -euo pipefail
top=$(cd "$(dirname "$0")/../.." && pwd)
jdk=${JAVA_HOME:-$(ls -d /usr/lib/jvm/temurin-25* | head -1)}
cp=$top/target/quicktest/main:$HOME/.m2/repository/it/unimi/dsi/fastutil/8.5.19/fastutil-8.5.19.jar
/usr/bin/time -f "process: wall %e s, user %U s, sys %S s, max RSS %M KB" \
  "$jdk/bin/java" -Xmx1g -cp "$cp" "$top/dev/bench/DartParseBench.java" "$@"
