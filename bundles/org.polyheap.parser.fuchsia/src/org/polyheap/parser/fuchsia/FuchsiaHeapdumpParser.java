package org.polyheap.parser.fuchsia;

import java.io.IOException;
import java.nio.file.Path;

import org.polyheap.model.HeapGraph;
import org.polyheap.model.ObjectInspector;
import org.polyheap.model.Progress;
import org.polyheap.model.SnapshotFormatException;
import org.polyheap.model.SnapshotSink;
import org.polyheap.model.spi.ParseOptions;
import org.polyheap.model.spi.Probe;
import org.polyheap.model.spi.SnapshotParser;

/**
 * Fuchsia heapdump snapshots ({@code ffx profile heapdump snapshot|download}) and other pprof heap
 * profiles. Objects are allocation blocks (identity = block address), classes are allocation sites,
 * references come from a conservative scan of the block contents folder when there is one. See
 * docs/formats/fuchsia.md for the model and the options {@code contents}, {@code process},
 * {@code siteFrames}, {@code sampleType} and {@code wordSize}. Stateless and thread-safe.
 */
public final class FuchsiaHeapdumpParser implements SnapshotParser {

    @Override public String format() { return "fuchsia"; }

    @Override public String displayName() { return "Fuchsia heapdump / pprof heap profile"; }

    /** Checks the protobuf structure of the head (pprof has no magic); no I/O. */
    @Override public boolean accepts(Probe probe) { return ProfileShape.looksLikeProfile(probe.head()); }

    @Override
    public void parse(Path file, SnapshotSink sink, Progress progress) throws IOException, SnapshotFormatException {
        parse(file, sink, progress, ParseOptions.NONE);
    }

    /**
     * Decodes the profile (memory about 60 bytes per sample plus the tables), adds the objects, then
     * scans the contents folder, reading each block file once. Runs on the calling thread.
     */
    @Override
    public void parse(Path file, SnapshotSink sink, Progress progress, ParseOptions options)
            throws IOException, SnapshotFormatException {
        Profile profile = ProfileDecoder.decode(file, true, progress);
        new HeapdumpImport(file, profile, options, sink, progress).run();
    }

    /**
     * Opens an inspector that shows an allocation's thread, timestamp, labels, full stack and scanned
     * pointers. Opening decodes the profile's tables once (one read of the file, samples skipped).
     */
    @Override
    public ObjectInspector inspector(Path file, HeapGraph graph) throws IOException {
        try {
            return new HeapdumpInspector(file, graph, ProfileDecoder.decode(file, false, Progress.NONE));
        } catch (SnapshotFormatException e) {
            throw new IOException(e.getMessage(), e);
        }
    }
}
