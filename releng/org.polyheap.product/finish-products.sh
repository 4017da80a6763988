#!/usr/bin/env bash
# Finishes the installed products after p2 has materialized them and before archive-products zips
# them (pom.xml of this folder; docs/build.md, "The products"). Run by Maven in the package phase:
#   finish-products.sh PRODUCTS_DIR JAVA_HOME VERSION
# PRODUCTS_DIR is target/products/org.polyheap.product (one <os>/<ws>/<arch>/ folder per platform),
# JAVA_HOME the JDK running the build (its jlink and jmods make the runtime), VERSION the project's.
#   every platform       README.txt (readme/<os>.<ws>.<arch>.txt) in the folder the zip unpacks to
#   linux/gtk/x86_64     runtime/: a Java runtime made with jlink holding only $modules (no JDK needed)
#   macosx/cocoa/*       Polyheap.app/Contents/{Info.plist, MacOS/polyheap, Resources/polyheap.icns}
#                        around the product p2 installed in Contents/Eclipse; README.txt beside the app
set -euo pipefail
here=$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)
products=$1 jdk=$2 version=${3%-SNAPSHOT}

# What the product uses, from `jdeps --print-module-deps` over its plugins (docs/build.md, "The
# runtime"): java.desktop (SWT, jsvg, Batik), java.xml and jdk.xml.dom (Equinox, e4 CSS), java.sql
# (EMF), java.logging, java.management and jdk.management (jobs, felix.scr, the analysis's free
# memory), jdk.unsupported (protobuf's Unsafe), java.net.http and jdk.attach (acquire: inspectors'
# WebSockets, the Attach API), java.compiler, java.scripting and java.security.jgss (the query engine's
# libraries: error-prone's annotations, commons-text, Avatica); and what jdeps cannot see: jdk.zipfs
# (zip and jar file systems), jdk.charsets (legacy encodings of file names and reports).
modules=java.base,java.compiler,java.desktop,java.logging,java.management,java.net.http,java.scripting,java.security.jgss,java.sql,java.xml,jdk.attach,jdk.charsets,jdk.management,jdk.unsupported,jdk.xml.dom,jdk.zipfs

for dir in "$products"/*/*/*; do
  platform=$(cd "$dir" && pwd | awk -F/ '{ print $(NF-2) "." $(NF-1) "." $NF }') # e.g. linux.gtk.x86_64
  case $platform in
    macosx.*)
      app=$dir/Polyheap.app/Contents
      mkdir -p "$app/MacOS" "$app/Resources"
      sed "s/@VERSION@/$version/g" "$here/macosx/Info.plist" > "$app/Info.plist"
      install -m 755 "$here/macosx/polyheap" "$app/MacOS/polyheap"
      install -m 644 "$here/macosx/polyheap.icns" "$app/Resources/polyheap.icns"
      install -m 644 "$here/readme/macosx.txt" "$dir/README.txt"
      ;;
    *)
      install -m 644 "$here/readme/$platform.txt" "$dir/polyheap/README.txt"
      ;;
  esac
done

runtime=$products/linux/gtk/x86_64/polyheap/runtime
rm -rf "$runtime"
# not --compress=zip-6: the jimage would be smaller unpacked (64 MB instead of 94, measured with 11
# modules) but the product zip bigger (deflate does better on the whole file than on each resource:
# the runtime zipped 40 MB instead of 33)
"$jdk/bin/jlink" --add-modules "$modules" --output "$runtime" --strip-debug --no-header-files --no-man-pages
echo "finish-products: runtime of linux.gtk.x86_64: $(du -sh "$runtime" | cut -f1) ($modules)"

# The headless command's classes loaded and linked ahead of time (JDK 25's AOT cache, JEP 483/514),
# made by the runtime that ships with it, trained on a small HPROF dump: 0.2-0.4 s less per command,
# a third of its CPU on a small file (docs/benchmarks.md, "Start-up"). `query` has a cache of its own,
# trained on SQL statements (AotTraining): its first statement starts 1.6 s sooner; one cache trained on
# both made the other commands twice as slow. The launcher uses them only with this runtime; a JDK the
# user chooses has no cache.
aot=$runtime/lib/polyheap-headless.aot
# A cache holds its jars' modification times and refuses jars whose time differs; a zip keeps times to
# 2 s (DOS time), so the unpacked jars would differ by a fraction of a second: whole even seconds first.
even=$(( $(date +%s) / 2 * 2 ))
find "$products/linux/gtk/x86_64/polyheap/plugins" -maxdepth 1 -name '*.jar' -exec touch -d "@$even" {} +
train=$(mktemp -d)
trap 'rm -rf "$train"' EXIT
cp "$here/../../bundles/org.polyheap.testdata/data/hprof/jackson-tree.hprof.gz" "$train/"
gunzip -c "$here/../../bundles/org.polyheap.testdata/data/v8/node-marked.heapsnapshot.gz" > "$train/node-marked.heapsnapshot"
# the headless cache keeps the training run's method profiles (JEP 515): the JIT starts from them. They
# once slowed big dumps, whose work arrays were then native memory where the training's were heap
# arrays; since most analyses keep their arrays on the heap they help (javac heap 3.56-3.75 ->
# 3.23-3.53 s; docs/benchmarks.md). Trained on a first open of an HPROF dump and of a plain V8
# snapshot (AotTraining). The query cache holds classes only: its profiles were not measured.
nothing_but_classes="-XX:+UnlockDiagnosticVMOptions -XX:-AOTRecordTraining"
POLYHEAP_JAVA_OPTS="-XX:AOTCacheOutput=$aot -Xlog:disable" POLYHEAP_HEADLESS_MAIN=org.polyheap.report.cli.AotTraining \
  "$products/linux/gtk/x86_64/polyheap/polyheap" overview "$train/jackson-tree.hprof.gz" "$train/node-marked.heapsnapshot" > /dev/null
rm -rf "$train/jackson-tree.hprof.gz.polyheap" "$train/node-marked.heapsnapshot"*
POLYHEAP_JAVA_OPTS="-XX:AOTCacheOutput=$runtime/lib/polyheap-query.aot -Xlog:disable $nothing_but_classes" POLYHEAP_HEADLESS_MAIN=org.polyheap.report.cli.AotTraining \
  "$products/linux/gtk/x86_64/polyheap/polyheap" query "$train/jackson-tree.hprof.gz" > /dev/null
echo "finish-products: AOT caches of the headless command: $(du -sh "$aot" | cut -f1), of query: $(du -sh "$runtime/lib/polyheap-query.aot" | cut -f1)"
