package org.polyheap.parser.hprof;

import org.polyheap.model.SnapshotSink;

import it.unimi.dsi.fastutil.objects.Object2IntOpenHashMap;

/** Adds each distinct string to the sink once and hands out its id. One thread. */
final class StringPool {
    private final SnapshotSink sink;
    private final Object2IntOpenHashMap<String> ids = new Object2IntOpenHashMap<>();

    StringPool(SnapshotSink sink) {
        this.sink = sink;
        ids.defaultReturnValue(-1);
    }

    int id(String value) {
        int id = ids.getInt(value);
        if (id < 0) {
            id = sink.addString(value);
            ids.put(value, id);
        }
        return id;
    }
}
