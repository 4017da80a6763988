package org.polyheap.model;

import java.io.IOException;
import java.util.List;
import java.util.Optional;

/**
 * Reads what the index does not keep, lazily, from the source file: field values and value hints
 * (a string's text, an array's length). Created by {@link org.polyheap.model.spi.SnapshotParser#inspector};
 * each call does file I/O (a few KB), so the UI calls it off the UI thread. Thread-safe.
 */
public interface ObjectInspector extends AutoCloseable {

    /** Instance fields (and for class objects, static fields) of the object, in declaration order. */
    List<FieldValue> fields(int objectId) throws IOException;

    /**
     * Facts about the object that its format keeps beside fields and references, as label → text in
     * display order (V8: the source location of a closure, or of an object's constructor); empty
     * when there are none. Cost: a few index lookups.
     */
    default java.util.Map<String, String> facts(int objectId) throws IOException { return java.util.Map.of(); }

    /** A short value hint for labels: a string's text (cut to {@code maxChars}), "length 12" for arrays. */
    Optional<String> valueHint(int objectId, int maxChars) throws IOException;

    /**
     * The number of slots of an array object (null slots included); empty for other objects or when the
     * format does not say. Cost: one record header read.
     */
    default java.util.OptionalInt arrayLength(int objectId) throws IOException { return java.util.OptionalInt.empty(); }

    /**
     * All elements of an array of primitives; empty for other objects or when the format does not keep
     * them. Cost: reads the whole array from the source (its length × element size).
     */
    default Optional<PrimitiveArray> primitiveArray(int objectId) throws IOException { return Optional.empty(); }

    @Override
    void close() throws IOException;
}
