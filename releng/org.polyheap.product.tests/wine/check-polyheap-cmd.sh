#!/usr/bin/env bash
# Runs the Windows launcher polyheap.cmd under Wine's cmd.exe with a stand-in java.exe (fakejava.c,
# built with mingw-w64) and checks the command line it starts against what the Linux launcher does
# (docs/build.md, "The launchers"). By hand, not in the build: it needs
#   apt-get install wine64 gcc-mingw-w64-x86-64     (about 1 GB)
# and the Windows zip: ./mvnw -B -q -pl releng/org.polyheap.product -am verify -DskipTests.
#   check-polyheap-cmd.sh [ZIP]
# Prints one line per case and "N passed, N failed"; exit 1 when one failed. Wine's own limits
# (not Windows'): `call x.cmd` loses the exit code, so cases run as `cmd /c`.
set -euo pipefail
here=$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)
zips=("$here"/../../org.polyheap.product/target/products/polyheap-*-win32.win32.x86_64.zip)
zip=${1:-${zips[0]}}
[ -f "$zip" ] || { echo "no $zip: build the products first" >&2; exit 1; }
work=$here/../target/wine
export WINEPREFIX=$work/prefix WINEDEBUG=-all WINEDLLOVERRIDES="mscoree,mshtml="
c=$WINEPREFIX/drive_c
user=$(id -un) # Wine names the Windows user after the Unix one
mkdir -p "$work"
x86_64-w64-mingw32-gcc -O1 -o "$work/java.exe" "$here/fakejava.c"
[ -d "$c" ] || wine cmd /c exit >/dev/null 2>&1 || true

# Java homes: 25 with a release file, 25 without one, 17; a vendor folder under Program Files
jdk() { # $1: folder under C:\, $2: JAVA_VERSION or "" for none
  mkdir -p "$c/$1/bin"
  cp "$work/java.exe" "$c/$1/bin/java.exe"
  cp "$work/java.exe" "$c/$1/bin/javaw.exe"
  if [ -n "$2" ]; then printf 'JAVA_VERSION="%s"\n' "$2" > "$c/$1/release"; else rm -f "$c/$1/release"; fi
}
jdk jdk25 25.0.1
jdk jdknorelease ""
jdk jdk17 17.0.2
jdk "Program Files/Eclipse Adoptium/jdk-17.0.2-hotspot" 17.0.2
jdk "Program Files/Eclipse Adoptium/jdk-25.0.1.8-hotspot" 25.0.1
# the product where paths have spaces and parentheses
rm -rf "$c/Program Files (x86)/polyheap"
(cd "$c/Program Files (x86)" && unzip -q "$zip")
cp "$c/jdk25/release" "$c/existing.hprof"
rm -rf "$c/users/$user/.config/polyheap" "$c/xdg"
mkdir -p "$c/xdg/polyheap"

passed=0 failed=0
# case NAME EXPECTED-LINES(regex, one per line) -- cmd.exe lines to run
case_() {
  local name=$1 expect=$2 out
  shift 2
  printf '@echo off\r\nset FAKE_LOG=C:\\fake.log\r\n' > "$c/case.cmd"
  printf '%s\r\n' "$@" >> "$c/case.cmd"
  printf 'echo rc=%%ERRORLEVEL%%\r\n' >> "$c/case.cmd"
  rm -f "$c/fake.log"
  out=$(wine cmd /c 'C:\case.cmd' 2>&1 | tr -d '\r' || true) # (cmd's exit code is in the output)
  sleep 1 # start javaw: the log is written by a process cmd does not wait for
  [ -f "$c/fake.log" ] && out+=$'\n'$(tr -d '\r' < "$c/fake.log")
  local line ok=1
  while IFS= read -r line; do
    [ -z "$line" ] && continue
    grep -qE -- "$line" <<<"$out" || { ok=0; echo "  missing: $line"; }
  done <<<"$expect"
  if [ $ok -eq 1 ]; then passed=$((passed + 1)); echo "ok   $name"; else failed=$((failed + 1)); echo "FAIL $name"; echo "$out" | sed 's/^/  | /' | grep -v 'plugins.*;' ; fi
}
P='"C:\Program Files (x86)\polyheap\polyheap.cmd"'
J25='set JAVA_HOME=C:\jdk25'
case_ "--help: headless on JAVA_HOME" $'ARG\\[0\\]=C:\\\\jdk25\\\\bin\\\\java.exe\nARG\\[1\\]=-XX:\\+UseParallelGC\nARG\\[2\\]=-XX:InitialRAMPercentage=4\nARG\\[3\\]=-XX:LoopUnrollLimit=16\nARG\\[4\\]=-XX:-PartialPeelLoop\nARG\\[5\\]=-XX:FreqInlineSize=200\nARG\\[6\\]=-XX:MaxRAMPercentage=70\nARG\\[7\\]=--enable-native-access=ALL-UNNAMED\norg.polyheap.report.cli.Main\nARG\\[[0-9]+\\]=--help\nrc=0' "$J25" "cmd /c \"$P --help\""
case_ "class path: our jars but ui, fastutil, protobuf" $'plugins\\\\org.polyheap.model_[^;]*.jar;\nit.unimi.dsi.fastutil_[^;]*.jar;C:.*com.google.protobuf_' "$J25" "cmd /c \"$P -h\""
case_ "help word" 'ARG\[[0-9]+\]=--help' "$J25" "cmd /c \"$P help\""
case_ "subcommand exit code 3" $'ARG\\[[0-9]+\\]=overview\nrc=3' "$J25" "cmd /c \"$P overview C:\\nothing.hprof\""
case_ "top-consumers is a subcommand" $'cli.Main\nARG\\[[0-9]+\\]=top-consumers' "$J25" "cmd /c \"$P top-consumers x\""
for w in Overview 2abc a_b 'C:\existing.hprof'; do
  case_ "$w opens the window" $'javaw.exe\nARG\\[[0-9]+\\]=--\nARG\\[[0-9]+\\]=.*'"${w//\\/\\\\}"$'\nrc=0' "$J25" "cmd /c \"$P $w\""
done
case_ "no argument: window on javaw" $'ARG\\[0\\]=C:\\\\jdk25\\\\bin\\\\javaw.exe\n-jar\norg.eclipse.equinox.launcher_.*.jar\nARG\\[[0-9]+\\]=C:\\\\Program Files \\(x86\\)\\\\polyheap$\nAppData.Local.polyheap.workspace\n-nosplash' "$J25" "cmd /c \"$P\""
case_ "-consoleLog: java.exe in the console" $'ARG\\[0\\]=C:\\\\jdk25\\\\bin\\\\java.exe\n-nosplash\nARG\\[[0-9]+\\]=-consoleLog\nARG\\[[0-9]+\\]=--\nARG\\[[0-9]+\\]=C:.a dir.x y.hprof' "$J25" "cmd /c \"$P -consoleLog -- \"C:\\a dir\\x y.hprof\"\""
case_ "JAVA_HOME 17 passed over for java on PATH" 'ARG\[0\]=C:\\jdk25\\bin\\java.exe' 'set JAVA_HOME=C:\jdk17' 'set FAKE_JAVA_HOME=C:\jdk25' 'set "PATH=C:\jdk25\bin;%PATH%"' "cmd /c \"$P overview y\""
case_ "then for Program Files (17 before 25)" 'ARG\[0\]=C:\\Program Files\\Eclipse Adoptium\\jdk-25.0.1.8-hotspot\\bin\\java.exe' 'set JAVA_HOME=C:\jdk17' "cmd /c \"$P overview y\""
case_ "a home without release: java -version" 'ARG\[0\]=C:\\jdknorelease\\bin\\java.exe' 'set JAVA_HOME=C:\jdknorelease' "cmd /c \"$P overview y\""
case_ "POLYHEAP_JAVA_OPTS, POLYHEAP_XMX" $'ARG\\[4\\]=-Xss4m\nARG\\[5\\]=-Dx=y\nARG\\[6\\]=--enable-native-access=ALL-UNNAMED\nARG\\[7\\]=-Xmx6g' "$J25" 'set "POLYHEAP_JAVA_OPTS=-Xss4m -Dx=y"' 'set POLYHEAP_XMX=6g' "cmd /c \"$P overview y\""
for v in "bad:" "0g:" "08g:" "8gg:" "g:" "1g -XX:+Foo:" "512:-Xmx512" "4t:-Xmx4t"; do
  printf '# written by the window\r\nPOLYHEAP_XMX=%s\r\n' "${v%:*}" > "$c/xdg/polyheap/polyheap.conf"
  want=${v##*:}
  if [ -n "$want" ]; then
    case_ "polyheap.conf ${v%:*} -> $want" "ARG\\[8\\]=$want" "$J25" 'set XDG_CONFIG_HOME=C:\xdg' "cmd /c \"$P overview y\""
  else
    case_ "polyheap.conf ${v%:*} skipped" $'ARG\\[8\\]=-cp' "$J25" 'set XDG_CONFIG_HOME=C:\xdg' "cmd /c \"$P overview y\""
  fi
done
mkdir -p "$c/users/$user/.config/polyheap"
printf 'POLYHEAP_XMX=2g\r\nPOLYHEAP_XMX=300m  \r\n' > "$c/users/$user/.config/polyheap/polyheap.conf"
case_ "%USERPROFILE%\\.config\\polyheap\\polyheap.conf, last line" 'ARG\[8\]=-Xmx300m' "$J25" "cmd /c \"$P overview y\""
rm -rf "$c/users/$user/.config/polyheap"
mv "$c/Program Files/Eclipse Adoptium" "$c/Program Files/EA.off"
case_ "no Java: message, exit 1" $'needs Java 25 or newer\nrc=1' 'set JAVA_HOME=C:\jdk17' "cmd /c \"$P overview y\""
mv "$c/Program Files/EA.off" "$c/Program Files/Eclipse Adoptium"
echo "$passed passed, $failed failed"
[ "$failed" -eq 0 ]
