package org.polyheap.report;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;

import org.polyheap.model.format.SnapshotFormat;
import org.polyheap.model.spi.Probe;
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

    /**
     * The format of the parser that accepts {@code file}, or null when none does or it is no regular
     * file (a FIFO or device is never opened here: the store says what it is). Reads 4 KiB.
     */
    public static SnapshotFormat detect(Path file) throws IOException {
        if (!Files.isRegularFile(file)) return null;
        Probe probe = Probe.of(file);
        for (SnapshotParser p : all()) if (p.accepts(probe)) return p.format();
        return null;
    }

    /**
     * True when {@code file} is of a format whose parser can open it permissively (what it read before
     * a damage): the hint a refusal offers. Reads 4 KiB; false when the file cannot be read.
     */
    public static boolean readsWhatItCan(Path file) {
        try {
            SnapshotFormat format = file == null ? null : detect(file);
            return format != null && format.readsWhatItCan();
        } catch (IOException unreadable) {
            return false;
        }
    }
}
