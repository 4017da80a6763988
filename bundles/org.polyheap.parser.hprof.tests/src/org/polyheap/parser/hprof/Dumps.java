package org.polyheap.parser.hprof;

import java.io.IOException;
import java.io.InputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.HashMap;
import java.util.Map;
import java.util.zip.GZIPInputStream;

import org.polyheap.model.HeapGraph;
import org.polyheap.model.Progress;
import org.polyheap.model.SnapshotFormatException;
import org.polyheap.model.memory.HeapGraphBuilder;
import org.polyheap.model.spi.ParseOptions;

/** Test helpers: parse into the in-memory builder, count instances by class name, find objects by address. */
final class Dumps {
    private Dumps() { }

    record Parsed(HeapGraph graph, java.util.List<String> warnings) { }

    static Parsed parse(Path file) throws IOException, SnapshotFormatException {
        return parse(file, ParseOptions.NONE);
    }

    static Parsed parse(Path file, ParseOptions options) throws IOException, SnapshotFormatException {
        HeapGraphBuilder builder = new HeapGraphBuilder();
        new HprofParser().parse(file, builder, Progress.NONE, options);
        return new Parsed(builder.build(), builder.warnings());
    }

    static String className(HeapGraph g, int object) {
        return g.classes().get(g.objectClass().get(object)).name();
    }

    /** Instances and shallow bytes per class name, class objects left out (they count as "java.lang.Class"). */
    static Map<String, long[]> histogram(HeapGraph g) {
        Map<String, long[]> h = new HashMap<>();
        for (int i = 0; i < g.objectCount(); i++) {
            long[] e = h.computeIfAbsent(className(g, i), k -> new long[2]);
            e[0]++;
            e[1] += g.shallowSize().get(i);
        }
        return h;
    }

    static int objectAt(HeapGraph g, long address) {
        for (int i = 0; i < g.objectCount(); i++) if (g.identity().get(i) == address) return i;
        return -1;
    }

    static byte[] gunzip(Path gz) throws IOException {
        try (InputStream in = new GZIPInputStream(Files.newInputStream(gz))) {
            return in.readAllBytes();
        }
    }
}
