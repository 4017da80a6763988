package org.polyheap.parser.fuchsia;

import java.io.IOException;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;

import org.polyheap.model.FieldType;
import org.polyheap.model.FieldValue;
import org.polyheap.model.HeapGraph;
import org.polyheap.model.ObjectInspector;
import org.polyheap.model.SnapshotFormatException;
import org.polyheap.model.spi.SnapshotSource;

import com.google.protobuf.CodedInputStream;

/**
 * Field view of an allocation: its labels (address, thread, timestamp, process), its sample values,
 * its whole stack (one field per frame, leaf first, allocator frames included) and the pointers the
 * scan found. Each call re-reads the allocation's {@code Sample} message at the object's source
 * offset (a few hundred bytes); a gzip profile is decompressed once, at the first call
 * ({@link SnapshotSource#openRandomAccess}), into a temporary file deleted on {@link #close()}.
 * Thread-safe (calls are serialized).
 */
final class HeapdumpInspector implements ObjectInspector {
    private final SnapshotSource source;
    private final HeapGraph graph;
    private final Profile tables;
    private final StackFrames frames;
    private SnapshotSource.RandomAccess content;

    HeapdumpInspector(SnapshotSource source, HeapGraph graph, Profile tables) {
        this.source = source;
        this.graph = graph;
        this.tables = tables;
        this.frames = new StackFrames(tables);
    }

    @Override
    public synchronized List<FieldValue> fields(int objectId) throws IOException {
        Profile one = sample(objectId);
        List<FieldValue> out = new ArrayList<>();
        if (one == null) return out;
        for (int l = 0; l < one.labelKey.size(); l++) {
            String key = one.string(one.labelKey.getInt(l));
            int str = one.labelStr.getInt(l);
            out.add(str != 0 ? new FieldValue(key, FieldType.OBJECT, one.string(str), false)
                    : new FieldValue(key, FieldType.LONG, one.labelNum.getLong(l), false));
        }
        for (int c = 0; c < one.sampleValues.size() && 2 * c + 1 < tables.sampleTypes.size(); c++) {
            String name = tables.string(tables.sampleTypes.getInt(2 * c)) + " (" + tables.string(tables.sampleTypes.getInt(2 * c + 1)) + ")";
            out.add(new FieldValue(name, FieldType.LONG, one.sampleValues.getLong(c), false));
        }
        int depth = 0;
        for (int k = 0; k < one.sampleLocIds.size(); k++) {
            int loc = tables.locationIndex.get(one.sampleLocIds.getInt(k));
            if (loc < 0) continue;
            for (String f : frames.frames(loc)) out.add(new FieldValue("frame " + depth++, FieldType.OBJECT, f, false));
        }
        for (long e = graph.outStart().get(objectId), end = graph.outStart().get(objectId + 1); e < end; e++) {
            int name = graph.outName().get(e);
            out.add(new FieldValue(name >= 0 ? graph.string(name) : "?", FieldType.OBJECT,
                    new FieldValue.ObjectRef(graph.outTarget().get(e)), false));
        }
        return out;
    }

    /** The thread for single allocations, "N allocations" for merged samples. */
    @Override
    public synchronized Optional<String> valueHint(int objectId, int maxChars) throws IOException {
        Profile one = sample(objectId);
        if (one == null) return Optional.empty();
        String hint = null;
        if (one.sampleValues.size() > 1 && one.sampleValues.getLong(0) != 1) hint = one.sampleValues.getLong(0) + " allocations";
        for (int l = 0; l < one.labelKey.size() && hint == null; l++) {
            if (one.string(one.labelKey.getInt(l)).equals("thread")) hint = one.string(one.labelStr.getInt(l));
        }
        if (hint == null) return Optional.empty();
        return Optional.of(hint.length() > maxChars ? hint.substring(0, Math.max(0, maxChars)) : hint);
    }

    private Profile sample(int objectId) throws IOException {
        long offset = graph.sourceOffset().get(objectId);
        if (offset < 0) return null;
        if (content == null) content = source.openRandomAccess();
        var one = new Profile();
        one.strings = tables.strings;
        try {
            ProfileDecoder.readSampleAt(source, CodedInputStream.newInstance(content.streamAt(offset, 4096), 4096), one, offset);
        } catch (SnapshotFormatException e) {
            throw new IOException(e.getMessage(), e);
        }
        // Labels were checked when the snapshot was parsed; a changed file shows up here.
        for (int l = 0; l < one.labelKey.size(); l++) {
            if (one.labelKey.getInt(l) >= one.strings.length || one.labelStr.getInt(l) >= one.strings.length) {
                throw new IOException(source.fail(offset, "the profile changed since it was parsed").getMessage());
            }
        }
        return one;
    }

    @Override
    public synchronized void close() throws IOException {
        if (content != null) content.close();
        content = null;
    }
}
