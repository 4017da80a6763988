#!/usr/bin/env bash
# Fast inner loop for the pure-Java bundles, without Maven/Tycho: compiles every pure-Java bundle's
# src/ with JDK 25's javac, then runs the JUnit tests of the named test fragments with the JUnit
# console launcher, each from its fragment folder (as Tycho does). The real test run is ./polyheap test.
#   dev/quicktest.sh org.polyheap.index.tests [more fragments] [-- extra junit console args]
set -euo pipefail
top=$(cd "$(dirname "$0")/.." && pwd)
. "$top/features/org.polyheap.feature/rootfiles/lib/jdk.sh"
polyheap_find_jdk 25 || exit 1
jdk=$POLYHEAP_JDK
. "$top/dev/jars.sh"
libraries=$(library_jars)
junit=$(maven_jar org.junit.platform junit-platform-console-standalone "$(junit_version)")
out=$top/target/quicktest
rm -rf "$out"; mkdir -p "$out/main" "$out/test"
srcs=()
for b in "$top"/bundles/org.polyheap.*; do
  case "$b" in *.tests|*.ui|*.benchmarks) continue;; esac
  [ -d "$b/src" ] && while IFS= read -r f; do srcs+=("$f"); done < <(find "$b/src" -name '*.java')
done
cp_main=$libraries
"$jdk/bin/javac" -nowarn -d "$out/main" -cp "$cp_main" "${srcs[@]}"
for b in "$top"/bundles/org.polyheap.*; do   # resources; ServiceLoader files of several bundles are joined
  [ -d "$b/resources" ] || continue
  (cd "$b/resources" && find . -type f) | while read -r f; do
    mkdir -p "$(dirname "$out/main/$f")"
    case "$f" in ./META-INF/services/*) cat "$b/resources/$f" >> "$out/main/$f";; *) cp "$b/resources/$f" "$out/main/$f";; esac
  done
done
fragments=(); args=()
while [ $# -gt 0 ]; do
  if [ "$1" = "--" ]; then shift; args=("$@"); break; fi
  fragments+=("$1"); shift
done
status=0
for f in "${fragments[@]}"; do
  dir=$top/bundles/$f
  tsrcs=(); while IFS= read -r s; do tsrcs+=("$s"); done < <(find "$dir/src" -name '*.java')
  "$jdk/bin/javac" -nowarn -d "$out/test/$f" -cp "$out/main:$cp_main:$junit" "${tsrcs[@]}"
  select=(--scan-classpath "$out/test/$f"); [ ${#args[@]} -gt 0 ] && select=("${args[@]}")
  (cd "$dir" && "$jdk/bin/java" -Xmx${QUICKTEST_XMX:-2g} -jar "$junit" execute --disable-banner \
      -cp "$out/test/$f:$out/main:$cp_main" "${select[@]}") || status=1
done
exit $status
