package org.polyheap.index.column;

import java.nio.file.Path;
import java.util.function.Consumer;

/**
 * Where a mapped index section comes from: the file and the section's offset in it, named by damage
 * messages, and who to tell when a page turns out damaged after opening (the snapshot, which then
 * invalidates the index so the next open rebuilds it).
 *
 * @param file     the file, or null when unknown
 * @param offset   of the section in the file
 * @param onDamage called once per damaged page found, before the reader throws; may be null
 */
public record Origin(Path file, long offset, Consumer<IndexDamagedException> onDamage) {
    public static final Origin UNKNOWN = new Origin(null, 0, null);

    /** A whole file, with a damage hook. */
    public static Origin of(Path file, Consumer<IndexDamagedException> onDamage) { return new Origin(file, 0, onDamage); }

    /** The same file, a section {@code delta} bytes further. */
    Origin plus(long delta) { return new Origin(file, offset + delta, onDamage); }

    IndexDamagedException damaged(long at, String problem) {
        String what = problem + " (byte " + (offset + at) + ")";
        return file == null ? new IndexDamagedException(what) : new IndexDamagedException(file, what);
    }
}
