package org.polyheap.model.spi;

import java.io.IOException;
import java.nio.file.Path;

import org.polyheap.model.HeapGraph;
import org.polyheap.model.ObjectInspector;
import org.polyheap.model.Progress;
import org.polyheap.model.SnapshotFormatException;
import org.polyheap.model.SnapshotSink;
import org.polyheap.model.format.SnapshotFormat;

/**
 * A snapshot format. Found through {@link java.util.ServiceLoader} in a plain JVM, or listed by the
 * product; never through the Eclipse extension registry. Implementations are stateless and
 * thread-safe: one instance may parse several files at once.
 */
public interface SnapshotParser {

    /** The format this parser reads; its {@link SnapshotFormat#title()} names it in dialogs. */
    SnapshotFormat format();

    /**
     * True when the file's first bytes (after gzip decompression when {@code probe.gzip()}) are this
     * format. Looks at content, never the file name. Cheap: no I/O.
     */
    boolean accepts(Probe probe);

    /**
     * Reads the whole file into the sink, with no options: {@link #parse(SnapshotSource, SnapshotSink,
     * Progress, ParseOptions)} on the file.
     *
     * @throws SnapshotFormatException the file is not valid, with file and byte offset
     */
    default void parse(Path file, SnapshotSink sink, Progress progress)
            throws IOException, SnapshotFormatException {
        parse(file, sink, progress, ParseOptions.NONE);
    }

    /**
     * Opens lazy access to field values of a parsed snapshot. The default has none: every value the
     * format keeps is already in the graph (labels, references).
     */
    default ObjectInspector inspector(Path file, HeapGraph graph) throws IOException {
        return new ObjectInspector() {
            @Override public java.util.List<org.polyheap.model.FieldValue> fields(int objectId) { return java.util.List.of(); }
            @Override public java.util.Optional<String> valueHint(int objectId, int maxChars) { return java.util.Optional.empty(); }
            @Override public void close() { }
        };
    }

    /** Options a parse can take (size model, contents folder); parsers that take none ignore them. */
    default void parse(Path file, SnapshotSink sink, Progress progress, ParseOptions options)
            throws IOException, SnapshotFormatException {
        parse(SnapshotSource.of(file), sink, progress, options);
    }

    /**
     * Reads a source, a file or bytes in memory, into the sink. Streams: memory bounded by the number
     * of objects, not the file size. Checks {@link Progress#checkCanceled()} regularly. The one method
     * a parser must implement; the {@link Path} overloads open the file as a source.
     *
     * @throws SnapshotFormatException the input is not valid, with file and byte offset
     */
    void parse(SnapshotSource source, SnapshotSink sink, Progress progress, ParseOptions options)
            throws IOException, SnapshotFormatException;
}
