package org.polyheap.parser.fuchsia;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Optional;

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
 * Fuchsia heapdump snapshots ({@code ffx profile heapdump snapshot|download}) and other pprof heap
 * profiles. Objects are allocation blocks (identity = block address), classes are allocation sites,
 * references come from a conservative scan of the block contents folder when there is one. See
 * docs/formats/fuchsia.md for the model and the options {@code contents}, {@code process},
 * {@code siteFrames}, {@code sampleType} and {@code wordSize}. Stateless and thread-safe.
 */
public final class FuchsiaHeapdumpParser implements SnapshotParser {
    /** Option: the block contents folder; {@link #NO_CONTENTS} turns the scan off. */
    public static final String CONTENTS = "contents";
    /** Value of {@link #CONTENTS} that means: no contents, no scan. */
    public static final String NO_CONTENTS = "none";
    /** Option: the koid of the process a multi-process profile shows. */
    public static final String PROCESS = "process";
    /** Option: how many frames outside the allocator name an allocation site (default 1). */
    public static final String SITE_FRAMES = "siteFrames";

    @Override public SnapshotFormat format() { return SnapshotFormat.FUCHSIA; }

    /** Checks the protobuf structure of the head (pprof has no magic); no I/O. */
    @Override public boolean accepts(Probe probe) { return ProfileShape.looksLikeProfile(probe.head()); }

    /**
     * Decodes the profile (memory about 60 bytes per sample plus the tables), adds the objects, then
     * scans the contents folder, reading each block file once; bytes in memory have no sibling
     * contents folder. Runs on the calling thread.
     */
    @Override
    public void parse(SnapshotSource source, SnapshotSink sink, Progress progress, ParseOptions options)
            throws IOException, SnapshotFormatException {
        Profile profile = ProfileDecoder.decode(source, true, progress);
        if (source.inMemory() && options.get(CONTENTS, null) == null) options = options.with(CONTENTS, NO_CONTENTS);
        new HeapdumpImport(source.file(), profile, options, sink, progress).run();
    }

    /**
     * The contents folder used when the {@link #CONTENTS} option is absent: a sibling folder
     * {@code <stem>.contents} (stem = file name without a trailing {@code .gz} and its last
     * extension: {@code snap.pb.gz} → {@code snap.contents}), else a sibling folder {@code contents}.
     * Two {@code stat} calls; thread-safe.
     */
    public static Optional<Path> siblingContentsFolder(Path file) {
        Path parent = file.toAbsolutePath().getParent();
        if (parent == null) return Optional.empty();
        String stem = file.getFileName().toString();
        if (stem.endsWith(".gz")) stem = stem.substring(0, stem.length() - 3);
        int dot = stem.lastIndexOf('.');
        if (dot > 0) stem = stem.substring(0, dot);
        for (Path candidate : List.of(parent.resolve(stem + ".contents"), parent.resolve("contents"))) {
            if (Files.isDirectory(candidate)) return Optional.of(candidate);
        }
        return Optional.empty();
    }

    /**
     * The processes of a multi-process profile, in file order, with their samples and bytes; empty
     * for a single-process profile. Decodes the whole profile (as a parse does, without the scan):
     * about 60 bytes of heap per sample while it runs; call it off the UI thread.
     */
    public static List<ProfileProcess> processes(Path file, Progress progress) throws IOException, SnapshotFormatException {
        Profile profile = ProfileDecoder.decode(SnapshotSource.of(file), true, progress);
        var columns = SampleColumns.of(profile, null, file);
        var choice = ProcessChoice.of(file, profile, columns.size(), null);
        return choice.multiProcess() ? choice.processes() : List.of();
    }

    /**
     * Opens an inspector that shows an allocation's thread, timestamp, labels, full stack and scanned
     * pointers. Opening decodes the profile's tables once (one read of the file, samples skipped).
     */
    @Override
    public ObjectInspector inspector(Path file, HeapGraph graph) throws IOException {
        try {
            var source = SnapshotSource.of(file);
            return new HeapdumpInspector(source, graph, ProfileDecoder.decode(source, false, Progress.NONE));
        } catch (SnapshotFormatException e) {
            throw new IOException(e.getMessage(), e);
        }
    }
}
