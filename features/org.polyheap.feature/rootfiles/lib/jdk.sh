# shellcheck shell=bash
# Finds a Java runtime >= a feature version, for the polyheap scripts (sourced, not run).
# Looks at $JAVA_HOME, then `java` on PATH, then /usr/lib/jvm/* (newest first).
# polyheap_find_jdk [MAJOR]: sets POLYHEAP_JDK to the Java home and returns 0, or says what to
# install on stderr and returns 1.

polyheap_java_major() { # $1: a Java home. Prints its feature version (0 when unknown).
  local v=""
  if [ -r "$1/release" ]; then
    v=$(sed -n 's/^JAVA_VERSION="\([0-9]*\).*/\1/p' "$1/release")
  fi
  if [ -z "$v" ] && [ -x "$1/bin/java" ]; then
    v=$("$1/bin/java" -version 2>&1 | sed -n '1s/.*version "\([0-9]*\).*/\1/p')
  fi
  echo "${v:-0}"
}

polyheap_find_jdk() {
  local need=${1:-25} c java
  local candidates=()
  [ -n "${JAVA_HOME:-}" ] && candidates+=("$JAVA_HOME")
  if java=$(command -v java 2>/dev/null); then
    candidates+=("$(dirname "$(dirname "$(readlink -f "$java")")")")
  fi
  # shellcheck disable=SC2012 # JDK folder names: no newlines; sort -V orders their versions
  while IFS= read -r c; do candidates+=("${c%/}"); done < <(ls -d /usr/lib/jvm/*/ 2>/dev/null | sort -rV)
  for c in "${candidates[@]}"; do
    [ -x "$c/bin/java" ] || continue
    if [ "$(polyheap_java_major "$c")" -ge "$need" ]; then
      # shellcheck disable=SC2034 # read by the scripts that source this file
      POLYHEAP_JDK=$c
      return 0
    fi
  done
  cat >&2 <<EOT
polyheap: needs Java $need or newer (a JDK to build, a JDK or JRE to run); none found in
  \$JAVA_HOME (${JAVA_HOME:-unset}), on PATH ($(command -v java || echo "no java")), or under /usr/lib/jvm.
Install Eclipse Temurin $need, for example on Debian/Ubuntu (as root):
  apt-get install -y wget apt-transport-https gpg
  wget -qO - https://packages.adoptium.net/artifactory/api/gpg/key/public | gpg --dearmor > /etc/apt/trusted.gpg.d/adoptium.gpg
  echo "deb https://packages.adoptium.net/artifactory/deb \$(. /etc/os-release; echo \$VERSION_CODENAME) main" > /etc/apt/sources.list.d/adoptium.list
  apt-get update && apt-get install -y temurin-$need-jdk
or unpack a JDK $need from https://adoptium.net and set JAVA_HOME to it.
EOT
  return 1
}
