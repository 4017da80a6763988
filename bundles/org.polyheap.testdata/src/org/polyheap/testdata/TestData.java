package org.polyheap.testdata;

import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.util.zip.GZIPInputStream;

/**
 * The one place the test fragments get their snapshot fixtures from: {@code data/<format>/} of this
 * bundle, read in place (the files are not packed into the jar; several are memory-mapped or copied by
 * path). Every test runtime starts in a folder of the source tree: Tycho surefire and
 * {@code dev/quicktest.sh} in the fragment's folder, the benchmarks in the top folder; the data folder
 * is found from there, or named by the system property {@code polyheap.testdata}. The path methods
 * do no I/O but the one lookup of the folder; the copy methods copy files. Thread-safe.
 */
public final class TestData {
    /** A real JVM's dump (HPROF, jackson-tree): the fixture most window and command tests open. */
    public static final Path JACKSON_TREE = hprof("jackson-tree.hprof.gz");
    /** A second HPROF dump (gen-40), e.g. the other side of a comparison. */
    public static final Path GEN_40 = hprof("gen-40.hprof.gz");
    /** A Chromium page's V8 heap snapshot. */
    public static final Path CHROME_TODO = v8("chrome-todo.heapsnapshot.gz");
    /** A Node.js V8 heap snapshot with marked objects. */
    public static final Path NODE_MARKED = v8("node-marked.heapsnapshot.gz");
    /** The smaller real Dart VM snapshot (dart-sass, 32-bit). */
    public static final Path DART_TINY = dart("dart-sass-ia32-a-tiny.dartheap.gz");
    /** The later snapshot of the dart-sass process of {@link #DART_TINY}: the other side of a Dart comparison. */
    public static final Path DART_AFTER_GC = dart("dart-sass-ia32-d-after-gc.dartheap.gz");
    /**
     * Two snapshots of one Node.js process ({@code node-sessions.js}): between them it adds 2,000
     * {@code Session} objects and lets 200 of its 500 earlier ones go.
     */
    public static final Path NODE_SESSIONS_BEFORE = v8("node-sessions-a.heapsnapshot.gz"),
            NODE_SESSIONS_AFTER = v8("node-sessions-b.heapsnapshot.gz");
    /** A Fuchsia heapdump in ffx's layout, with its contents folder beside it ({@code sample-tree.contents}). */
    public static final Path FUCHSIA_TREE = fuchsia("sample-tree.pb");
    /** A multi-process Fuchsia profile, with {@code sample-multi.contents} beside it. */
    public static final Path FUCHSIA_MULTI = fuchsia("sample-multi.pb");

    private TestData() { }

    /** A file (or folder) of the HPROF fixtures. */
    public static Path hprof(String name) { return folder().resolve("hprof").resolve(name); }

    /** A file of the V8 fixtures (snapshots and Chrome DevTools' answers for them). */
    public static Path v8(String name) { return folder().resolve("v8").resolve(name); }

    /** A file of the Dart fixtures (snapshots and {@code decode.js}'s facts about them). */
    public static Path dart(String name) { return folder().resolve("dart").resolve(name); }

    /** A file or folder of the Fuchsia fixtures. */
    public static Path fuchsia(String name) { return folder().resolve("fuchsia").resolve(name); }

    /** The source of a Java test program that writes a heap dump when run ({@code java NAME.java FILE.hprof}). */
    public static Path javaProgram(String name) { return folder().resolve("java").resolve(name + ".java"); }

    /** Copies a fixture as it is into {@code dir} (so its index is written there, not into the sources); the copy. */
    public static Path copy(Path fixture, Path dir) throws IOException {
        Path target = dir.resolve(fixture.getFileName());
        Files.copy(fixture, target, StandardCopyOption.REPLACE_EXISTING);
        return target;
    }

    /**
     * Copies a fixture into {@code dir} uncompressed, as users mostly have their snapshots (the parser
     * tests cover gzip), with a Fuchsia heapdump's contents folder beside it; the copy.
     */
    public static Path copyUncompressed(Path fixture, Path dir) throws IOException {
        String name = fixture.getFileName().toString();
        Path target = dir.resolve(name.replaceAll("\\.gz$", ""));
        if (name.endsWith(".gz")) {
            try (InputStream in = new GZIPInputStream(Files.newInputStream(fixture)); OutputStream out = Files.newOutputStream(target)) {
                in.transferTo(out);
            }
        } else {
            Files.copy(fixture, target, StandardCopyOption.REPLACE_EXISTING);
        }
        Path contents = fixture.resolveSibling(name.replaceAll("\\.pb$", "") + ".contents");
        if (name.endsWith(".pb") && Files.isDirectory(contents)) copyFolder(contents, dir.resolve(contents.getFileName()));
        return target;
    }

    /** Copies a folder's files (not recursively) into {@code target}, e.g. a Fuchsia contents folder; the target. */
    public static Path copyFolder(Path source, Path target) throws IOException {
        Files.createDirectories(target);
        try (var files = Files.list(source)) {
            for (Path f : files.toList()) Files.copy(f, target.resolve(f.getFileName()), StandardCopyOption.REPLACE_EXISTING);
        }
        return target;
    }

    /** The data folder, absolute. */
    public static Path folder() { return Folder.PATH; }

    private static final class Folder {
        static final Path PATH = locate();

        private static Path locate() {
            String named = System.getProperty("polyheap.testdata");
            if (named != null) return Path.of(named).toAbsolutePath().normalize();
            Path start = Path.of("").toAbsolutePath();
            for (Path dir = start; dir != null; dir = dir.getParent()) {
                for (Path candidate : new Path[] { dir.resolve("org.polyheap.testdata/data"), dir.resolve("bundles/org.polyheap.testdata/data") }) {
                    if (Files.isDirectory(candidate)) return candidate.normalize();
                }
            }
            throw new IllegalStateException("no bundles/org.polyheap.testdata/data above " + start
                    + " (run the tests from the source tree, or set -Dpolyheap.testdata=FOLDER)");
        }
    }
}
