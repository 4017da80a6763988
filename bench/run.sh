#!/usr/bin/env bash
# End-to-end benchmark: makes the standard inputs with ../shared/tools, runs Polyheap's headless
# command and the reference tools on the same files in the same run, and appends one row per
# (input, tool) to the results table of docs/benchmarks.md: wall time, CPU time (user + sys), peak
# RSS (GNU time -v) and the ratio to the reference tool's run on the same file in the same round.
#
#   bench/run.sh [--set fixtures|standard|large|none] [--input FORMAT:FILE]... [--subcommand NAME]
#                [--rounds N] [--keep-index] [--no-reference] [--no-polyheap] [--quicktest]
#
#   fixtures  the snapshots in ../shared/fixtures (uncompressed into bench/out/inputs)
#   standard  fixtures + generated: Gen.java 200 MB HPROF, gen-v8.js 200 MB V8   (default)
#   large     standard + Gen.java 1024 MB HPROF, gen-v8.js 1024 MB V8
#   none      only the --input files (FORMAT: hprof, v8, dart, fuchsia)
# Polyheap is run as: polyheap <subcommand> $BENCH_ARGS FILE, by default `dominators --top 20
# --quiet` (parse + index + dominator tree + retained sizes, as the reference tools compute), on a
# fresh index each time (FILE.polyheap/ is removed first, unless --keep-index). Each round runs the
# reference, then Polyheap, per input (interleaved). --quicktest runs the classes of
# dev/quicktest.sh (target/quicktest/main) through the product's own launcher script instead of the
# Tycho-built product. Polyheap's stderr phase lines get a time stamp: bench/out/runs/*.phases.
# POLYHEAP_XMX / POLYHEAP_JAVA_OPTS are passed to the launcher. Reference tools: NetBeans heap library (HPROF), Chrome DevTools'
# heap snapshot worker (V8), the independent Dart decoder (Dart). Needs Node 20+ and Maven Central
# / the npm registry the first time (tools set themselves up); ../shared must exist beside the repo.
set -euo pipefail
top=$(cd "$(dirname "$(readlink -f "${BASH_SOURCE[0]}")")/.." && pwd)
tools=${POLYHEAP_TOOLS:-$top/../shared/tools}
fixtures=${POLYHEAP_FIXTURES:-$top/../shared/fixtures}
out=$top/bench/out
results=$top/docs/benchmarks.md
set_name=standard subcommand=${BENCH_SUBCOMMAND:-dominators} reference=1 polyheap=1 rounds=1
keep_index=0 quicktest=0 extra_inputs=()
while [ $# -gt 0 ]; do
  case $1 in
    --set) set_name=$2; shift 2 ;;
    --input) extra_inputs+=("${2%%:*} $(readlink -f "${2#*:}")"); shift 2 ;;
    --subcommand) subcommand=$2; shift 2 ;;
    --rounds) rounds=$2; shift 2 ;;
    --keep-index) keep_index=1; shift ;;
    --no-reference) reference=0; shift ;;
    --no-polyheap) polyheap=0; shift ;;
    --quicktest) quicktest=1; shift ;;
    -h|--help) sed -n '2,24s/^# \{0,1\}//p' "$0"; exit 0 ;;
    *) echo "bench: unknown option $1" >&2; exit 2 ;;
  esac
done
[ -d "$tools" ] || { echo "bench: $tools not found (set POLYHEAP_TOOLS)" >&2; exit 1; }
# The shared tools folder is read-only: work on a copy (their builds and npm installs land there).
mkdir -p "$top/bench/out/tools"
for t in hprof hprof-reference v8 v8-devtools-reference dart; do
  [ -d "$top/bench/out/tools/$t" ] || cp -r "$tools/$t" "$top/bench/out/tools/$t"
done
chmod -R u+w "$top/bench/out/tools"
tools=$top/bench/out/tools
[ -x /usr/bin/time ] || { echo "bench: needs GNU time: apt-get install -y time" >&2; exit 1; }
. "$top/features/org.polyheap.feature/rootfiles/lib/jdk.sh"
polyheap_find_jdk 25 || exit 1
export JAVA_HOME=$POLYHEAP_JDK PATH=$POLYHEAP_JDK/bin:$PATH
mkdir -p "$out/inputs" "$out/runs"

log() { echo "bench: $*" >&2; }

# ---- inputs --------------------------------------------------------------------------------
inputs=() # "format path"
fixture() { # gz fixture -> uncompressed copy (reference tools want plain files)
  local gz=$fixtures/$1 f=$out/inputs/$(basename "${1%.gz}")
  [ -f "$f" ] || { log "gunzip $1"; gunzip -c "$gz" > "$f.tmp" && mv "$f.tmp" "$f"; }
  inputs+=("$2 $f")
}
gen_hprof() {
  local f=$out/inputs/gen-$1.hprof
  [ -f "$f" ] || { log "java Gen.java $1 (HPROF)"; java "$tools/hprof/Gen.java" "$1" "$f" >&2; }
  inputs+=("hprof $f")
}
gen_v8() {
  local f=$out/inputs/gen-v8-$1.heapsnapshot
  [ -f "$f" ] || { log "node gen-v8.js $1 (V8)"; node "$tools/v8/gen-v8.js" "$1" "$f" >&2; }
  inputs+=("v8 $f")
}
fixtures() {
  fixture hprof/gen-40.hprof.gz hprof
  fixture hprof/jackson-tree.hprof.gz hprof
  fixture v8/chrome-todo.heapsnapshot.gz v8
  fixture v8/gen-v8-20.heapsnapshot.gz v8
  fixture v8/node-marked.heapsnapshot.gz v8
  fixture dart/dart-sass-ia32-a-tiny.dartheap.gz dart
  fixture dart/dart-sass-ia32-d-after-gc.dartheap.gz dart
}
case $set_name in
  none) ;;
  fixtures) fixtures ;;
  standard) fixtures; gen_hprof 200; gen_v8 200 ;;
  large) fixtures; gen_hprof 200; gen_v8 200; gen_hprof 1024; gen_v8 1024 ;;
  *) echo "bench: unknown set $set_name" >&2; exit 2 ;;
esac
for e in "${extra_inputs[@]}"; do
  [ -f "${e#* }" ] || { echo "bench: no such input ${e#* }" >&2; exit 2; }
  inputs+=("$e")
done
[ ${#inputs[@]} -gt 0 ] || { echo "bench: no inputs" >&2; exit 2; }

# ---- tools ---------------------------------------------------------------------------------
if [ $quicktest -eq 1 ]; then
  # the launcher script on a plugins/ folder made of the quicktest classes and the ~/.m2 jars
  m2=${M2_REPO:-$HOME/.m2/repository} product=$out/quicktest-product
  [ -d "$top/target/quicktest/main/org" ] || { echo "bench: run dev/quicktest.sh org.polyheap.model.tests first" >&2; exit 1; }
  rm -rf "$product"; mkdir -p "$product/plugins"
  cp -r "$top/features/org.polyheap.feature/rootfiles/." "$product/"
  "$JAVA_HOME/bin/jar" --create --file "$product/plugins/org.polyheap.quicktest_0.jar" -C "$top/target/quicktest/main" .
  ln -s "$m2/it/unimi/dsi/fastutil/8.5.19/fastutil-8.5.19.jar" "$product/plugins/it.unimi.dsi.fastutil_8.5.19.jar"
  while read -r j; do # dev/quicktest.jars: jackson-core, protobuf-java
    [ -n "$j" ] || continue
    case $j in
      */jackson-core/*) ln -s "$m2/$j" "$product/plugins/com.fasterxml.jackson.core.jackson-core_$(basename "$j")" ;;
      */protobuf-java/*) ln -s "$m2/$j" "$product/plugins/com.google.protobuf_$(basename "$j")" ;;
    esac
  done < "$top/dev/quicktest.jars"
else
  product=$top/releng/org.polyheap.product/target/products/org.polyheap.product/linux/gtk/x86_64/polyheap
  [ -x "$product/polyheap" ] || (cd "$top" && ./polyheap --help >/dev/null) # builds the product when missing
fi
hprof_ref=$tools/hprof-reference/target/hprof-reference.jar
if [ $reference -eq 1 ] && [ ! -f "$hprof_ref" ]; then
  log "building the HPROF reference tool (once)"
  "$top/mvnw" -q -B -f "$tools/hprof-reference/pom.xml" package >&2
fi
if [ $reference -eq 1 ] && [ ! -f "$tools/v8-devtools-reference/devtools-heap.mjs" ]; then
  log "setting up the DevTools reference (once: npm ci + bundle)" # not inside a measured run
  (cd "$tools/v8-devtools-reference" && npm ci --no-audit --no-fund --loglevel=error && node build.mjs) >&2
fi
# The placeholder Main answers "unknown subcommand" (exit 2) for everything but --help.
headless_ok=1
if [ $polyheap -eq 0 ]; then
  headless_ok=0
elif ! "$product/polyheap" "$subcommand" --help >/dev/null 2>&1; then
  headless_ok=0
  log "the headless command has no '$subcommand' subcommand yet: Polyheap's rows say n/a"
fi

# measure TAG CMD... -> "wall_seconds cpu_seconds peak_rss_MB status"; output kept in
# bench/out/runs/TAG.{out,err,phases} (phases: stderr lines with seconds since the start)
measure() {
  local tag=$1 tf status=ok wall cpu rss
  shift
  tf=$(mktemp "$out/runs/time.XXXX")
  /usr/bin/time -v -o "$tf" "$@" > "$out/runs/$tag.out" 2> >(tee "$out/runs/$tag.err" | \
    perl -MTime::HiRes=time -ne 'BEGIN { $t0 = time } printf "%8.2f %s", time - $t0, $_' > "$out/runs/$tag.phases") \
    || status="exit $?"
  wall=$(awk -F': ' '/Elapsed \(wall clock\)/ { n = split($2, p, ":"); s = 0; for (i = 1; i <= n; i++) s = s * 60 + p[i]; print s }' "$tf")
  cpu=$(awk -F': ' '/User time|System time/ { s += $2 } END { printf "%.1f", s }' "$tf")
  rss=$(awk -F': ' '/Maximum resident set size/ { printf "%.0f", $2 / 1024 }' "$tf")
  rm -f "$tf"
  echo "${wall:-0} ${cpu:-0} ${rss:-0} ${status// /_}"
}

# ---- run -----------------------------------------------------------------------------------
commit=$(git -C "$top" rev-parse --short HEAD 2>/dev/null || echo "?")
day=$(date -u +%Y-%m-%d)
host() { echo "$(nproc) cores, load $(cut -d' ' -f1 /proc/loadavg)"; }
scratch=$(mktemp -d "$out/runs/scratch.XXXX")
trap 'rm -rf "$scratch"' EXIT
rows=()
ratio() { # polyheap vs reference: wall / CPU / RSS
  awk -v w="$1" -v c="$2" -v r="$3" -v rw="$4" -v rc="$5" -v rr="$6" 'function q(a, b) { return b > 0 ? sprintf("%.2f", a / b) : "?" }
    BEGIN { printf "%s / %s / %s", q(w, rw), q(c, rc), q(r, rr) }'
}
for round in $(seq 1 "$rounds"); do
for entry in "${inputs[@]}"; do
  fmt=${entry%% *} file=${entry#* }
  name=$(basename "$file") mb=$(( $(stat -c %s "$file") / 1048576 ))
  ref_wall="" ref_cpu="" ref_rss="" objects="?"
  tag=$name.r$round
  if [ $reference -eq 1 ] && [ "$fmt" != fuchsia ]; then
    case $fmt in
      hprof) ref_name="NetBeans heap lib" # writes a cache next to the dump: run on a link in scratch
             rm -rf "$scratch/$name.d"; mkdir -p "$scratch/$name.d"; ln -sf "$file" "$scratch/$name.d/$name"
             ref_cmd=(java -Xmx"${REF_XMX:-8g}" -jar "$hprof_ref" "$scratch/$name.d/$name" --out "$out/runs/$tag.netbeans.json") ;;
      v8)    ref_name="DevTools worker"; ref_cmd=("$tools/v8-devtools-reference/run.sh" "$file" --json) ;;
      dart)  ref_name="dart decode.js"; ref_cmd=(node "$tools/dart/decode.js" "$file") ;;
    esac
    log "round $round, $name: $ref_name"
    read -r ref_wall ref_cpu ref_rss ref_status < <(measure "$tag.ref" "${ref_cmd[@]}")
    rm -rf "$scratch/$name.d" # NetBeans' cache of a 1 GB dump is large
    objects=$(grep -ohE '"?(objectCount|node_count|nodeCount|objects)"? *: *[0-9,]+' "$out/runs/$tag.ref.out" "$out/runs/$tag.netbeans.json" 2>/dev/null \
      | head -n 1 | grep -oE '[0-9,]+$' | tr -d , || true)
    rows+=("| $day | $commit | $name | $mb | ${objects:-?} | $ref_name | $ref_wall | $ref_cpu | $ref_rss | reference | r$round, $ref_status, $(host) |")
  fi
  if [ $headless_ok -eq 1 ]; then
    log "round $round, $name: polyheap $subcommand"
    [ $keep_index -eq 1 ] || rm -rf "$file.polyheap" # measure parse + index + analysis, not a reused index
    # shellcheck disable=SC2086 # BENCH_ARGS is a list of words
    read -r wall cpu rss status < <(measure "$tag.polyheap" "$product/polyheap" "$subcommand" ${BENCH_ARGS---top 20 --quiet} "$file")
    [ "${objects:-?}" != "?" ] || objects=$(awk '$1 == "objects" { gsub(",", "", $2); print $2; exit }' "$out/runs/$tag.polyheap.out")
    r="n/a"
    [ -n "$ref_wall" ] && r=$(ratio "$wall" "$cpu" "$rss" "$ref_wall" "$ref_cpu" "$ref_rss")
    heap=${POLYHEAP_XMX:+, -Xmx$POLYHEAP_XMX}
    rows+=("| $day | $commit | $name | $mb | ${objects:-?} | polyheap $subcommand${heap} | $wall | $cpu | $rss | $r | r$round, $status, $(host) |")
  elif [ $polyheap -eq 1 ]; then
    rows+=("| $day | $commit | $name | $mb | ${objects:-?} | polyheap $subcommand | n/a | n/a | n/a | n/a | not run |")
  fi
done
done

# rows go above the marker line that ends the results table (other sections may follow it)
marker='<!-- bench/run.sh inserts rows above this line -->'
grep -qF "$marker" "$results" || { echo "bench: $results has no line '$marker'" >&2; exit 1; }
printf '%s\n' "${rows[@]}" > "$scratch/rows"
awk -v m="$marker" -v rows="$scratch/rows" '$0 == m { while ((getline r < rows) > 0) print r } { print }' \
  "$results" > "$scratch/results" && cat "$scratch/results" > "$results"
printf '%s\n' "${rows[@]}"
log "added ${#rows[@]} rows to ${results#"$top"/}"
