package org.polyheap.report;

import java.util.List;

import org.polyheap.model.spi.SnapshotParser;
import org.polyheap.parser.dart.DartSnapshotParser;
import org.polyheap.parser.fuchsia.FuchsiaHeapdumpParser;
import org.polyheap.parser.hprof.HprofParser;
import org.polyheap.parser.v8.V8SnapshotParser;

/**
 * The formats the product reads, listed explicitly so the same list serves a plain JVM (headless
 * command) and OSGi (the window) without a service registry. Order matters only for files two parsers
 * would both accept: the ones with a magic come first, pprof (no magic) last.
 */
public final class Parsers {
    private Parsers() { }

    public static List<SnapshotParser> all() {
        return List.of(new HprofParser(), new DartSnapshotParser(), new V8SnapshotParser(), new FuchsiaHeapdumpParser());
    }
}
