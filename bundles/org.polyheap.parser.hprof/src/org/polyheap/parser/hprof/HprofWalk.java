package org.polyheap.parser.hprof;

import java.io.EOFException;
import java.io.IOException;
import java.nio.file.Path;

import org.polyheap.model.Progress;
import org.polyheap.model.SnapshotFormatException;

/**
 * The record loop both passes share: header, top-level records, and the sub-records of HEAP_DUMP
 * and HEAP_DUMP_SEGMENT. Subclasses read what they need; every length is checked against the end
 * of its segment (and, for uncompressed files, the file size) before anything is skipped or kept.
 */
abstract class HprofWalk {
    private static final int CANCEL_CHECK = 1 << 14;
    protected final Path file;
    protected final RecordInput in;
    /** Size of the uncompressed file, or -1 for gzip input (the decompressed size is unknown). */
    protected final long fileSize;
    protected final Progress progress;
    protected HprofHeader header;
    /** Whether a HEAP_DUMP_SEGMENT and a HEAP_DUMP_END record were seen. */
    boolean sawSegment, sawHeapDumpEnd;
    /** Permissive: the problem of the damaged heap record the walk stopped at, or null. */
    SnapshotFormatException damage;
    private long reported;

    HprofWalk(Path file, RecordInput in, long fileSize, Progress progress) {
        this.file = file;
        this.in = in;
        this.fileSize = fileSize;
        this.progress = progress;
    }

    /** A top-level record other than a heap dump; must not read past {@code start + 9 + length}. */
    abstract void topRecord(int tag, long start, long length) throws IOException, SnapshotFormatException;

    /** A heap-dump sub-record whose tag byte at {@code start} was read; reads its body exactly. */
    abstract void subRecord(int tag, long start, long segmentEnd) throws IOException, SnapshotFormatException;

    /**
     * Walks the file up to {@code stopAt}. Returns the offset of the first heap-dump record that the
     * data ends in (a truncated dump), or -1 when the file is complete. {@code permissive}: a damaged
     * record after the heap data began ends the walk there too (the problem kept in {@link #damage}).
     */
    final long walk(long stopAt, boolean permissive) throws IOException, SnapshotFormatException {
        try {
            header = HprofHeader.read(in, file);
        } catch (EOFException e) {
            throw new SnapshotFormatException(file, in.position(), "truncated in the HPROF header");
        }
        boolean inHeap = false;
        long start = in.position();
        int count = 0;
        long subStart = -1;
        try {
            while (start < stopAt && !in.atEnd()) {
                int tag = in.u1();
                if (inHeap && !HprofTag.isTopLevel(tag)) {
                    // unknown records are skipped before the heap data, but after it began HotSpot writes only heap
                    // records: this is heap data read as a record, left out by a segment that claims a wrong length
                    throw new SnapshotFormatException(file, start, String.format(java.util.Locale.ROOT,
                            "no HPROF record has tag 0x%02x: the file is corrupt here, or the segment before claims a wrong length", tag));
                }
                in.i4(); // microseconds since the header's time
                long length = in.u4();
                long end = in.position() + length;
                if (tag == HprofTag.HEAP_DUMP_END) sawHeapDumpEnd = true;
                if (tag == HprofTag.HEAP_DUMP || tag == HprofTag.HEAP_DUMP_SEGMENT) {
                    inHeap = true;
                    sawSegment |= tag == HprofTag.HEAP_DUMP_SEGMENT;
                    while ((start = in.position()) < end && start < stopAt) {
                        subStart = start;
                        subRecord(in.u1(), start, end);
                        if (++count % CANCEL_CHECK == 0) tick();
                    }
                    if (start < stopAt && in.position() != end) {
                        start = subStart; // the sub-record that ran past the end
                        throw new SnapshotFormatException(file, start, "sub-record runs past the end of its heap dump segment at byte " + end);
                    }
                } else {
                    if (fileSize >= 0 && end > fileSize && !inHeap) {
                        throw new SnapshotFormatException(file, start, "record length " + length
                                + " runs past the end of the file (" + fileSize + " bytes)");
                    }
                    topRecord(tag, start, length);
                    long at = in.position();
                    if (at > end) throw new SnapshotFormatException(file, start, "record body is longer than its length " + length);
                    in.skip(end - at);
                    tick();
                }
                start = in.position();
            }
            return -1;
        } catch (EOFException e) {
            // a dump cut off after its heap data began is still useful; cut off before, it is not
            if (!inHeap) throw new SnapshotFormatException(file, in.position(), "file ends inside the record at byte " + start);
            truncated(start);
            return start;
        } catch (SnapshotFormatException e) {
            // permissive: the heap records before the damaged one are consistent; the passes both stop there
            if (!permissive || !inHeap) throw e;
            damage = e;
            truncated(start);
            return start;
        }
    }

    /** Called when the data ends inside the record starting at {@code start}: drop what it added. */
    void truncated(long start) { }

    /** Fails unless {@code bytes} more fit into the segment ending at {@code segmentEnd}. */
    final void checkFits(long bytes, long segmentEnd, long start, String what) throws SnapshotFormatException {
        if (bytes < 0 || bytes > segmentEnd - in.position()) {
            throw new SnapshotFormatException(file, start, what + " of " + bytes + " bytes runs past the end of its heap dump segment");
        }
    }

    /** Reads an array's element count, which HPROF stores as a signed u4. */
    final int arrayLength(long start) throws IOException, SnapshotFormatException {
        int n = in.i4();
        if (n < 0) throw new SnapshotFormatException(file, start, "negative array length " + n);
        return n;
    }

    final BasicType basicType(int code, long start) throws SnapshotFormatException {
        BasicType t = BasicType.ofCode(code);
        if (t == null) throw new SnapshotFormatException(file, start, "unknown basic type " + code);
        return t;
    }

    /** Skips a GC-root sub-record body; false when the tag is not a root. */
    final boolean skipRoot(int tag) throws IOException, SnapshotFormatException {
        int id = in.idSize();
        long body = switch (tag) {
            case HprofTag.ROOT_UNKNOWN, HprofTag.ROOT_STICKY_CLASS, HprofTag.ROOT_MONITOR_USED,
                 HprofTag.ROOT_INTERNED_STRING, HprofTag.ROOT_FINALIZING, HprofTag.ROOT_DEBUGGER,
                 HprofTag.ROOT_REFERENCE_CLEANUP, HprofTag.ROOT_VM_INTERNAL, HprofTag.ROOT_UNREACHABLE -> id;
            case HprofTag.ROOT_JNI_GLOBAL -> 2L * id;
            case HprofTag.ROOT_JNI_LOCAL, HprofTag.ROOT_JAVA_FRAME, HprofTag.ROOT_THREAD_OBJECT,
                 HprofTag.ROOT_JNI_MONITOR -> id + 8;
            case HprofTag.ROOT_NATIVE_STACK, HprofTag.ROOT_THREAD_BLOCK, HprofTag.HEAP_DUMP_INFO -> id + 4;
            default -> -1;
        };
        if (body < 0) return false;
        in.skip(body);
        return true;
    }

    private void tick() {
        progress.checkCanceled();
        long at = in.position();
        progress.worked(at - reported);
        reported = at;
    }
}
