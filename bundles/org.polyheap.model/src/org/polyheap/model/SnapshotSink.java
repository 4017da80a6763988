package org.polyheap.model;

import org.polyheap.model.format.SnapshotFormat;

/**
 * Where a parser writes the snapshot: implemented by the index store's writer (streaming to disk)
 * and by the in-memory {@link org.polyheap.model.memory.HeapGraphBuilder}. Not thread-safe: one
 * parser thread calls it (a parser that works in parallel funnels its results through one thread).
 *
 * <p>Order contract: objects get dense ids in the order of {@link #addObject}; references are added
 * grouped by source object in non-decreasing source id (all references of one object together,
 * in their natural order: field order, array index order, edge order). References may come before
 * the objects they name (the Dart parser sends them first, its objects wait for identity hashes at the
 * end of the file): every id must exist only once the parse is complete.
 */
public interface SnapshotSink {

    /** Sets the format; call once, first. */
    void format(SnapshotFormat format);

    /** Adds or replaces a fact for the overview (see {@link SnapshotMetadata#facts()}). */
    void fact(String key, String value);

    /**
     * Stores a string and returns its id (dense, in call order). Does not intern: callers that repeat
     * strings keep their own map.
     */
    int addString(String value);

    /** Adds a class and returns its id (dense, in call order). */
    int addClass(ClassInfo info);

    /** Replaces a class added earlier, for formats that learn a class's details after first use. */
    void replaceClass(int classId, ClassInfo info);

    /**
     * Adds an object and returns its id (dense, in call order).
     *
     * @param classId      an id from {@link #addClass} (may be added later but before {@link #finish})
     * @param shallowSize  bytes, exact (may exceed 4 GiB)
     * @param identity     stable identity (see {@link HeapGraph#identity()})
     * @param sourceOffset byte offset of the object's record in the source, or -1
     * @param label        string id of a short label, or -1
     * @param type         format-specific object type code (V8: node type index and detachedness,
     *                     see the format's docs), 0 when the format has none
     */
    int addObject(int classId, long shallowSize, long identity, long sourceOffset, int label, int type);

    /** {@link #addObject(int, long, long, long, int, int)} with type 0. */
    default int addObject(int classId, long shallowSize, long identity, long sourceOffset, int label) {
        return addObject(classId, shallowSize, identity, sourceOffset, label, 0);
    }

    /** Adds a reference; {@code from} must not decrease between calls (see the order contract). */
    void addReference(int from, int to, ReferenceKind kind, int name);

    /**
     * Adds {@code count} references at once, {@code from[i] -> to[i]} of kind {@code kinds[i]} named
     * {@code names[i]}, under the rules of {@link #addReference}. The default calls addReference for
     * each (the index store batches single references itself, so none overrides it now).
     */
    default void addReferences(int[] from, int[] to, ReferenceKind[] kinds, int[] names, int count) {
        for (int i = 0; i < count; i++) addReference(from[i], to[i], kinds[i], names[i]);
    }

    /** Marks an object as a GC root; an object may be added several times with different kinds. */
    void addRoot(GcRoot root);

    /**
     * Sets a sparse per-object attribute (see {@link ObjectAttribute}): objects in any order, ids may
     * be defined until the end; a second value for the same object replaces the first. Sinks that keep
     * no attributes (counting sinks in benchmarks) ignore the call.
     *
     * @param attribute a name for which {@link ObjectAttribute#isValidName} holds
     */
    default void addAttribute(String attribute, int object, long value) { }

    /**
     * Sets {@code count} values of one attribute at once, {@code objects[i]} to {@code values[i]}, under
     * the rules of {@link #addAttribute}. The sink may keep the arrays: the caller hands them over. The
     * default calls addAttribute for each.
     */
    default void addAttributes(String attribute, int[] objects, long[] values, int count) {
        for (int i = 0; i < count; i++) addAttribute(attribute, objects[i], values[i]);
    }

    /** Adds a warning for the user (skipped records, truncation) to the overview. */
    void warning(String message);
}
