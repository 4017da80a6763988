# Sourced by dev/quicktest.sh and dev/fuzz.sh: Maven jars for plain-JVM runs, fetched into ~/.m2 when
# missing (a fresh machine has only what the Tycho build resolved). The libraries' versions have one
# home, the target platform's "libraries" location.
#   maven_jar GROUP ARTIFACT VERSION     prints the jar's path, fetching it first when missing
#   library_jars                         prints the class path of the bundles' libraries (colon-separated),
#                                        the query engine's (dev/query/pom.xml) included
m2=${M2_REPO:-$HOME/.m2/repository}
jars_top=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)

# Maven runs on JDK 25 (.mvn/jvm.config has options older JDKs refuse), whatever java is on PATH
maven_jdk() {
  if [ -z "${JAVA_HOME:-}" ] || ! "$JAVA_HOME/bin/java" -version 2>&1 | grep -q '"25'; then
    . "$jars_top/features/org.polyheap.feature/rootfiles/lib/jdk.sh"
    polyheap_find_jdk 25 >&2 || return 1
    export JAVA_HOME=$POLYHEAP_JDK
  fi
}

maven_jar() {
  local j="$m2/${1//.//}/$2/$3/$2-$3.jar"
  if [ ! -f "$j" ]; then
    maven_jdk || return 1
    "$jars_top/mvnw" -q -B dependency:get -Dartifact="$1:$2:$3" -Dtransitive=false >&2 || { echo "cannot fetch $1:$2:$3" >&2; return 1; }
  fi
  printf '%s' "$j"
}

# "group artifact version" of each dependency of a target-platform location (by its label)
platform_dependencies() {
  sed -n "/<location [^>]*label=\"$1\"/,/<\/location>/p" "$jars_top/target-platform/polyheap.target" |
    sed -n 's#.*<groupId>\([^<]*\)</groupId><artifactId>\([^<]*\)</artifactId><version>\([^<]*\)</version>.*#\1 \2 \3#p'
}

library_jars() {
  local cp="" g a v
  while read -r g a v; do cp="$cp${cp:+:}$(maven_jar "$g" "$a" "$v")" || return 1; done < <(platform_dependencies libraries)
  cp="$cp:$(query_jars)" || return 1
  printf '%s' "$cp"
}

# the class path of Apache Calcite and what it needs (dev/query/pom.xml), resolved once per pom change
query_jars() {
  local pom="$jars_top/dev/query/pom.xml" list="$jars_top/target/query-classpath.txt"
  if [ ! -s "$list" ] || [ "$pom" -nt "$list" ]; then
    mkdir -p "$jars_top/target"
    maven_jdk || return 1
    "$jars_top/mvnw" -q -B -f "$pom" dependency:build-classpath -Dmdep.outputFile="$list.tmp" >&2 \
      && mv "$list.tmp" "$list" || { echo "cannot resolve the query engine's libraries (dev/query/pom.xml)" >&2; return 1; }
  fi
  cat "$list"
}

# the JUnit version of the target platform's "junit" location
junit_version() { platform_dependencies junit | awk '$2 == "junit-jupiter-api" { print $3 }'; }
