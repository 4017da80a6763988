package org.polyheap.index;

import java.io.IOException;
import java.nio.file.Path;
import java.util.List;

import org.polyheap.index.column.IndexDamagedException;
import org.polyheap.index.column.IntIndexReader;
import org.polyheap.index.column.IntIndexWriter;
import org.polyheap.index.column.LongIndexReader;
import org.polyheap.index.column.LongIndexWriter;
import org.polyheap.model.IntColumn;
import org.polyheap.model.LongColumn;
import org.polyheap.model.ObjectAttribute;
import org.polyheap.model.memory.AttributeEntries;

/**
 * A sparse per-object attribute in the index folder: two 1:1 indexes of equal length,
 * {@code attribute-<name>.objects.index} (ascending object ids) and {@code attribute-<name>.values.index}.
 * Thread-safe; valid while the snapshot is open.
 */
final class MappedAttribute implements ObjectAttribute {
    static final String PREFIX = "attribute-";
    static final String OBJECTS = ".objects.index";
    static final String VALUES = ".values.index";

    private final String name;
    private final IntIndexReader objects;
    private final LongIndexReader values;

    private MappedAttribute(String name, IntIndexReader objects, LongIndexReader values) {
        this.name = name;
        this.objects = objects;
        this.values = values;
    }

    /** The attribute name an index file belongs to, or null when the file is not an attribute's objects file. */
    static String nameOf(String fileName) {
        if (!fileName.startsWith(PREFIX) || !fileName.endsWith(OBJECTS)) return null;
        String name = fileName.substring(PREFIX.length(), fileName.length() - OBJECTS.length());
        return ObjectAttribute.isValidName(name) ? name : null;
    }

    /** Writes one sorted attribute; returns the two file names, objects first. */
    static List<String> write(Path folder, AttributeEntries.Sorted sorted) throws IOException {
        String objectsFile = PREFIX + sorted.name() + OBJECTS, valuesFile = PREFIX + sorted.name() + VALUES;
        IntIndexWriter.write(folder.resolve(objectsFile), IntColumn.of(sorted.objects()));
        LongIndexWriter.write(folder.resolve(valuesFile), LongColumn.of(sorted.values()));
        return List.of(objectsFile, valuesFile);
    }

    /**
     * Opens an attribute from its mapped files; checks the lengths agree and the first and last
     * objects are in range (the order in between is trusted: the CRC guards it).
     */
    static MappedAttribute open(String name, IndexedSnapshot snapshot) throws IOException {
        var objects = snapshot.ints(PREFIX + name + OBJECTS);
        var values = snapshot.longs(PREFIX + name + VALUES);
        long n = objects.size();
        if (values.size() != n || (n > 0 && (objects.get(0) < 0 || objects.get(n - 1) >= snapshot.objectCount()))) {
            throw new IndexDamagedException(snapshot.folder(), "attribute " + name + " does not fit the snapshot");
        }
        return new MappedAttribute(name, objects, values);
    }

    @Override public String name() { return name; }
    @Override public long count() { return objects.size(); }
    @Override public int object(long k) { return objects.get(k); }
    @Override public long value(long k) { return values.get(k); }
}
