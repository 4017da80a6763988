#!/usr/bin/env bash
# Coverage-guided fuzzing of the parsers and of index opening with Jazzer (libFuzzer in a plain JVM,
# classes compiled by dev/quicktest.sh). docs/robustness.md describes the targets and the findings.
#   dev/fuzz.sh [-t SECONDS] [TARGET...]     TARGET: hprof v8 dart fuchsia index (default: all)
# Targets run in parallel, one JVM each, at most FUZZ_JOBS (default: the number of CPUs) at a time.
# FUZZ_ARGS: more libFuzzer options for every target (e.g. FUZZ_ARGS=-max_len=4096 for a faster long run).
# Each target's corpus grows in target/fuzz/<target>/corpus (seeds: bundles/org.polyheap.fuzz.tests/corpus).
# A finding (crash, hang over 20 s, out of memory) is copied into the bundle's regressions/<target>/,
# which the normal test suite replays; the script then exits 1.
set -euo pipefail
top=$(cd "$(dirname "$0")/.." && pwd)
seconds=600
[ "${1:-}" = "-t" ] && { seconds=$2; shift 2; }
targets=("$@"); [ ${#targets[@]} -gt 0 ] || targets=(hprof v8 dart fuchsia index)
jazzer_version=0.30.0
. "$top/dev/jars.sh"
jazzer_cp=$(maven_jar com.code-intelligence jazzer $jazzer_version):$(maven_jar com.code-intelligence jazzer-api $jazzer_version)
# compiles everything and replays the kept inputs first: a known finding is not fuzzed again
"$top/dev/quicktest.sh" org.polyheap.fuzz.tests -- --select-class org.polyheap.fuzz.CorpusReplayTest --details=summary >&2
. "$top/features/org.polyheap.feature/rootfiles/lib/jdk.sh"
polyheap_find_jdk 25
q=$top/target/quicktest
cp="$q/test/org.polyheap.fuzz.tests:$q/main:$(library_jars):$jazzer_cp"
bundle=$top/bundles/org.polyheap.fuzz.tests
tmp=/tmp; [ -w /dev/shm ] && tmp=/dev/shm   # the targets write each input to a file
declare -A class=([hprof]=ParserFuzz [v8]=ParserFuzz [dart]=ParserFuzz [fuchsia]=ParserFuzz [index]=IndexFuzz)
jobs_max=${FUZZ_JOBS:-$(nproc)}
# Stopping this script stops the fuzzers with SIGINT, which libFuzzer ends cleanly ("run interrupted",
# final figures); a JVM killed by SIGTERM exits through libFuzzer's exit hook, which writes the input
# of the moment as a crash-… artifact ("fuzz target exited") that is not a finding
fuzzers=() stopping=0
trap 'stopping=1; kill -INT "${fuzzers[@]}" 2>/dev/null; wait' TERM INT
for t in "${targets[@]}"; do
  [ $stopping -eq 0 ] || break
  [ -n "${class[$t]:-}" ] || { echo "fuzz: unknown target $t" >&2; exit 2; }
  work=$top/target/fuzz/$t; mkdir -p "$work/corpus" "$work/findings"
  seeds=$bundle/corpus/$t
  if [ "$t" = index ]; then
    seeds=$work/seeds; (cd "$bundle" && "$POLYHEAP_JDK/bin/java" -cp "$cp" org.polyheap.fuzz.IndexSeeds "$seeds")
  fi
  while [ $stopping -eq 0 ] && [ "$(jobs -rp | wc -l)" -ge "$jobs_max" ]; do wait -n || true; done
  [ $stopping -eq 0 ] || break
  echo "fuzz: $t for ${seconds}s, log target/fuzz/$t/log" >&2
  (cd "$bundle" && exec "$POLYHEAP_JDK/bin/java" -Xmx2g -Xss4m -XX:+EnableDynamicAgentLoading --enable-native-access=ALL-UNNAMED \
      -Djava.io.tmpdir=$tmp -Dpolyheap.fuzz.target="$t" -cp "$cp" com.code_intelligence.jazzer.Jazzer \
      --target_class=org.polyheap.fuzz.${class[$t]} --instrumentation_includes='org.polyheap.**' \
      -max_total_time="$seconds" -timeout=20 -rss_limit_mb=4096 -print_final_stats=1 \
      -artifact_prefix="$work/findings/" ${FUZZ_ARGS:-} "$work/corpus" "$seeds" "$bundle/regressions/$t" >"$work/log" 2>&1) &
  fuzzers+=($!)
done
wait || true
status=0
for t in "${targets[@]}"; do
  work=$top/target/fuzz/$t
  runs=$(sed -n 's/^stat::number_of_executed_units: *//p' "$work/log" | tail -1)
  rate=$(sed -n 's/^stat::average_exec_per_sec: *//p' "$work/log" | tail -1)
  echo "fuzz: $t: ${runs:-?} executions, ${rate:-?}/s"
  for f in "$work"/findings/*; do
    [ -f "$f" ] || continue
    case "$(basename "$f")" in slow-unit-*) continue;; esac   # slow but not a hang: libFuzzer's note
    cp "$f" "$bundle/regressions/$t/"; echo "fuzz: $t: FINDING $(basename "$f") ($(stat -c %s "$f") bytes), kept in regressions/$t" ; status=1
  done
  [ $status -eq 0 ] || grep -m1 -A12 '== Java Exception\|ERROR: libFuzzer' "$work/log" || true
done
exit $status
