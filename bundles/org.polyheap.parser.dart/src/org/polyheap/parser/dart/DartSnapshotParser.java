package org.polyheap.parser.dart;

import java.io.IOException;
import java.nio.file.Path;

import org.polyheap.model.HeapGraph;
import org.polyheap.model.ObjectInspector;
import org.polyheap.model.Progress;
import org.polyheap.model.SnapshotFormatException;
import org.polyheap.model.SnapshotSink;
import org.polyheap.model.format.SnapshotFormat;
import org.polyheap.model.spi.ParseOptions;
import org.polyheap.model.spi.Probe;
import org.polyheap.model.spi.SnapshotParser;
import org.polyheap.model.spi.SnapshotSource;

/**
 * Dart VM heap snapshots ({@code dartheap}, written by {@code HeapSnapshotWriter} over the VM service or
 * by {@code NativeRuntime.writeHeapSnapshotToFile}), plain or gzip. Stateless and thread-safe.
 *
 * <p>What lands in the sink: object id = the file's 1-origin object id - 1 (0 = Root, 1 = Read-Only
 * Pages, 2.. isolates); class id = the file's class id (VM class id + 3; class 0 is an unused
 * placeholder); identity = identity hash (0 = none); shallow size = the VM's; object type = the data
 * tag; label = a string's or name's text; attributes {@code dart.external-size} and
 * {@code dart.external-names} for objects with external properties. See docs/formats/dart.md.
 */
public final class DartSnapshotParser implements SnapshotParser {

    @Override public SnapshotFormat format() { return SnapshotFormat.DART; }

    /** True when the content starts with {@code dartheap}. No I/O. */
    @Override public boolean accepts(Probe probe) { return probe.startsWith(DartHeapReader.MAGIC); }

    /**
     * Reads the file in one streaming pass (gzip decompressed on the way). Memory: about 25 bytes per
     * object besides the sink, independent of the number of references. Checks cancellation every 4096 objects.
     */
    @Override
    public void parse(SnapshotSource source, SnapshotSink sink, Progress progress, ParseOptions options)
            throws IOException, SnapshotFormatException {
        new DartHeapReader(source, sink, progress == null ? Progress.NONE : progress, options.permissive()).read();
    }

    /**
     * Values the graph does not keep (string text, ints, doubles, lengths, names), read from each object's
     * record. Opening a gzip file decompresses it once into a temporary file, deleted on close.
     */
    @Override
    public ObjectInspector inspector(Path file, HeapGraph graph) throws IOException {
        return DartInspector.open(file, graph);
    }
}
