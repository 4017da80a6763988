#!/usr/bin/env bash
# Times the analysis alone on an existing index folder: dev/bench/analysis.sh INDEX_FOLDER [runs] [classes]
# (classes: a dev/quicktest.sh output folder, default target/quicktest/main; JAVA_OPTS for -Xmx etc.)
set -euo pipefail
top=$(cd "$(dirname "$0")/../.." && pwd)
jdk=${JAVA_HOME:-$(ls -d /usr/lib/jvm/temurin-25* | head -1)}
cls=${3:-$top/target/quicktest/main}
cp=$cls:$HOME/.m2/repository/it/unimi/dsi/fastutil/8.5.19/fastutil-8.5.19.jar
# shellcheck disable=SC2086 # JAVA_OPTS is a list of options
/usr/bin/time -f "process: wall %e s, user %U s, sys %S s, max RSS %M KB" \
  "$jdk/bin/java" ${JAVA_OPTS:-} --enable-native-access=ALL-UNNAMED -cp "$cp" "$top/dev/bench/AnalysisBench.java" "$1" "${2:-3}"
