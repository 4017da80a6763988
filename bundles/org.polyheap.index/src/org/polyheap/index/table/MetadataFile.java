package org.polyheap.index.table;

import java.io.IOException;
import java.lang.foreign.MemorySegment;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

import org.polyheap.index.column.IndexDamagedException;
import org.polyheap.index.column.IndexOutput;
import org.polyheap.model.SnapshotMetadata;
import org.polyheap.model.format.SnapshotFormat;

/**
 * What the parser said about the snapshot as a whole.
 * <pre>
 * int magic 'PHMD', str format, int factCount, (str key, str value)*, int warningCount, str*,
 * long warningsDropped
 * </pre>
 */
public final class MetadataFile {
    static final int MAGIC = 0x50484d44; // "PHMD"

    /** @param warnings the kept warnings; {@code dropped} more were not kept (see the builder's cap) */
    public record Contents(SnapshotMetadata metadata, List<String> warnings, long dropped) { }

    private MetadataFile() { }

    public static void write(Path file, Contents c) throws IOException {
        try (var out = new IndexOutput(file)) {
            out.writeInt(MAGIC);
            out.writeString(c.metadata().format().key());
            out.writeInt(c.metadata().facts().size());
            for (var e : c.metadata().facts().entrySet()) {
                out.writeString(e.getKey());
                out.writeString(e.getValue());
            }
            out.writeInt(c.warnings().size());
            for (String w : c.warnings()) out.writeString(w);
            out.writeLong(c.dropped());
        }
    }

    public static Contents read(MemorySegment file) throws IndexDamagedException {
        var in = new SegmentInput(file, "metadata");
        in.expectMagic(MAGIC);
        String formatKey = in.readString();
        int n = in.readCount(8);
        Map<String, String> facts = new LinkedHashMap<>();
        for (int i = 0; i < n; i++) facts.put(in.readString(), in.readString());
        int w = in.readCount(4);
        List<String> warnings = new ArrayList<>(w);
        for (int i = 0; i < w; i++) warnings.add(in.readString());
        long dropped = in.readLong();
        in.expectEnd();
        SnapshotFormat format;
        try {
            format = SnapshotFormat.ofKey(formatKey);
        } catch (IllegalArgumentException e) {
            throw new IndexDamagedException("metadata names an unknown format '" + formatKey + "'");
        }
        return new Contents(new SnapshotMetadata(format, facts), List.copyOf(warnings), dropped);
    }
}
