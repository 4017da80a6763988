#!/usr/bin/env bash
# Installs the runtimes the tests start on loopback (docs/build.md, "Test runtimes"): Node.js and npm,
# headless Chromium, and a Dart VM with its service — the non-product JIT `dart` of the npm package
# sass-embedded-linux-ia32@1.89.0 (a 32-bit build: it needs Debian's libc6-i386), unpacked into
# ~/.cache/polyheap/runtimes/. ./polyheap test runs this first; tests that miss a runtime fail and say so.
# Debian packages are installed when root, otherwise the script says what to install and exits 1.
#   dev/runtimes.sh            install what is missing; prints the Dart VM's path last
set -euo pipefail
dart_package=sass-embedded-linux-ia32
dart_version=1.89.0
runtimes=${POLYHEAP_RUNTIMES:-$HOME/.cache/polyheap/runtimes}
dart=$runtimes/$dart_package-$dart_version/package/dart-sass/src/dart

missing=()
for tool in node:nodejs npm:npm chromium:chromium; do
  command -v "${tool%%:*}" >/dev/null 2>&1 || missing+=("${tool#*:}")
done
[ -e /lib/ld-linux.so.2 ] || missing+=(libc6-i386) # the 32-bit loader the ia32 Dart VM needs
if [ ${#missing[@]} -gt 0 ]; then
  if [ "$(id -u)" -ne 0 ]; then
    echo "runtimes: the tests need ${missing[*]}; install: sudo apt-get install -y ${missing[*]}" >&2
    exit 1
  fi
  echo "runtimes: installing ${missing[*]} ..." >&2
  apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq "${missing[@]}" >/dev/null
fi

if [ ! -x "$dart" ]; then
  echo "runtimes: fetching the Dart VM ($dart_package@$dart_version from the npm registry) ..." >&2
  work=$(mktemp -d)
  trap 'rm -rf "$work"' EXIT
  (cd "$work" && npm pack --silent "$dart_package@$dart_version" >/dev/null) # npm checks the registry's integrity hash
  mkdir -p "$work/unpacked"
  tar xzf "$work/$dart_package-$dart_version.tgz" -C "$work/unpacked"
  mkdir -p "$runtimes"
  rm -rf "$runtimes/$dart_package-$dart_version"
  mv "$work/unpacked" "$runtimes/$dart_package-$dart_version"
fi
"$dart" --version >/dev/null 2>&1 || { echo "runtimes: $dart does not run (is libc6-i386 installed?)" >&2; exit 1; }
echo "$dart"
