package org.polyheap.report.cli;

import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.zip.GZIPInputStream;

/**
 * Real snapshots shared with the parser fragments (their {@code data/} folders, beside this one in
 * the repository), copied into a test's temp folder so indexes are built there, not in the sources.
 */
final class Fixtures {
    static final Path HPROF = Path.of("../org.polyheap.parser.hprof.tests/data/jackson-tree.hprof.gz");
    static final Path V8 = Path.of("../org.polyheap.parser.v8.tests/data/chrome-todo.heapsnapshot.gz");
    static final Path V8_DEVTOOLS = Path.of("../org.polyheap.parser.v8.tests/data/chrome-todo.devtools.json");
    static final Path DART = Path.of("../org.polyheap.parser.dart.tests/data/dart-sass-ia32-a-tiny.dartheap.gz");
    /** Made by the Fuchsia fragment's ffx-layout encoder (no real heapdump is public); with its contents folder. */
    static final Path FUCHSIA = Path.of("../org.polyheap.parser.fuchsia.tests/data/sample-tree.pb");

    private Fixtures() { }

    /** Copies a fixture as it is (gzip: the parsers read it by magic). */
    static Path copy(Path fixture, Path dir) throws IOException {
        Path target = dir.resolve(fixture.getFileName().toString().replace(".gz", ""));
        if (fixture.toString().endsWith(".gz")) {
            // uncompressed, as users mostly have them; the gzip path is covered by the parser tests
            try (InputStream in = new GZIPInputStream(Files.newInputStream(fixture));
                 OutputStream out = Files.newOutputStream(target)) {
                in.transferTo(out);
            }
        } else {
            Files.copy(fixture, target);
        }
        Path contents = fixture.resolveSibling(fixture.getFileName().toString().replaceAll("\\.pb$", "") + ".contents");
        if (Files.isDirectory(contents)) { // a Fuchsia heapdump's block contents go beside it
            Path targetContents = Files.createDirectories(dir.resolve(contents.getFileName()));
            try (var files = Files.list(contents)) {
                for (Path f : (Iterable<Path>) files::iterator) Files.copy(f, targetContents.resolve(f.getFileName()));
            }
        }
        return target;
    }
}
