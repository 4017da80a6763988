package org.polyheap.model;

import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * The read side of a parsed snapshot: a graph of objects with dense int ids {@code 0..n-1}, stored
 * as flat columns (compressed sparse rows for references). Implemented by the index store
 * (memory-mapped files) and by {@link org.polyheap.model.memory.HeapGraphBuilder} (arrays, for
 * tests and small graphs). All calls are thread-safe and do no parsing; column calls do no I/O
 * beyond touching mapped pages, except that the index store builds the inbound columns on their
 * first use (seconds for a big graph: call {@link #inStart()} off the UI thread).
 */
public interface HeapGraph extends AutoCloseable {

    /** Format name and key/value facts for the overview (size model, header fields, ...). */
    SnapshotMetadata metadata();

    int objectCount();

    /** Object id → class id ({@link #classes()} index). */
    IntColumn objectClass();

    /** Object id → shallow size in bytes. */
    LongColumn shallowSize();

    /** Object id → stable identity: HPROF address, V8 node id, Dart identity hash (0 = none), block address. */
    LongColumn identity();

    /** Object id → byte offset of its record in the (decompressed) source, or -1: for lazy field values. */
    LongColumn sourceOffset();

    /** Object id → string id of a short label (V8 node name, Dart string value), or -1. */
    IntColumn objectLabel();

    /** Object id → format-specific type code given by the parser (0 when the format has none). */
    IntColumn objectType();

    /**
     * Outbound references in compressed-sparse-row form: the references of object {@code o} are
     * positions {@code outStart().get(o)} up to {@code outStart().get(o + 1)}; size = objectCount + 1.
     */
    LongColumn outStart();

    /** Reference position → target object id. */
    IntColumn outTarget();

    /** Reference position → {@link ReferenceKind#code()}. */
    IntColumn outKind();

    /** Reference position → name: a string id, the slot index for {@link ReferenceKind#ELEMENT}, or -1. */
    IntColumn outName();

    /** Inbound references, CSR like {@link #outStart()}; each source appears once per reference. */
    LongColumn inStart();

    /** Inbound position → source object id, sorted ascending within one object. */
    IntColumn inSource();

    List<GcRoot> gcRoots();

    /** Class table, by class id. */
    List<ClassInfo> classes();

    /** String table lookup; ids come from {@link SnapshotSink#addString}. */
    String string(int id);

    /**
     * The length of string {@code id} in UTF-8 bytes, which bounds its length in chars: a test a caller
     * can make before paying for {@link #string}. Mapped string tables answer without decoding.
     */
    default int stringUtf8Length(int id) { return string(id).getBytes(java.nio.charset.StandardCharsets.UTF_8).length; }

    int stringCount();

    /** The sparse per-object attributes the parser recorded, by name (see {@link ObjectAttribute}); often none. */
    default Map<String, ObjectAttribute> attributes() { return Map.of(); }

    /** One attribute by name, if the parser recorded it. */
    default Optional<ObjectAttribute> attribute(String name) {
        return Optional.ofNullable(attributes().get(name));
    }

    /**
     * Where an inspector keeps what it learned about the snapshot file between sessions (gzip
     * checkpoints): the index store's, beside the index; {@link org.polyheap.model.spi.SourceCache#NONE}
     * (keeps nothing) by default.
     */
    default org.polyheap.model.spi.SourceCache sourceCache() { return org.polyheap.model.spi.SourceCache.NONE; }

    /** Releases mapped files. Columns must not be used afterwards. */
    @Override
    void close();

    /** Convenience: the facts as a map, in insertion order. */
    default Map<String, String> facts() { return metadata().facts(); }
}
