package org.polyheap.index.column;

import java.io.Closeable;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;

import org.polyheap.model.IntColumn;
import org.polyheap.model.LongColumn;

/**
 * Streams a 1:N index: lists of ints, one per object, appended in object order. The body (all
 * values, a 1:1 int index) goes to the file as it comes; the header (start of each list, a 1:1
 * long index with lists + 1 entries) goes to a side file and is appended at {@link #close}.
 * <pre>
 * body section    1:1 int index of every value
 * header section  1:1 long index: start[0..lists], start[lists] = value count
 * long  bodyBytes length of the body section = offset of the header section
 * int   magic 'PH1N'
 * </pre>
 * Memory: two pages. Not thread-safe.
 */
public final class OneToManyWriter implements Closeable {
    static final int MAGIC = 0x5048314e; // "PH1N"
    static final int TAIL_BYTES = 12;

    private final Path file;
    private final Path headerFile;
    private final IndexOutput body;
    private final IndexOutput header;
    private final PageStreamer values;
    private final PageStreamer starts;
    private long lists;
    private boolean closed;

    public OneToManyWriter(Path file) throws IOException { this(file, null); }

    /** @param encoders a pool that encodes full pages while the caller goes on, or null to encode inline */
    public OneToManyWriter(Path file, java.util.concurrent.Executor encoders) throws IOException {
        this.file = file;
        this.headerFile = file.resolveSibling(file.getFileName() + ".header");
        this.body = new IndexOutput(file);
        this.header = new IndexOutput(headerFile);
        this.values = new PageStreamer(body, ValueKind.INT, PageStreamer.DEFAULT_PAGE_SHIFT, encoders);
        this.starts = new PageStreamer(header, ValueKind.LONG, PageStreamer.DEFAULT_PAGE_SHIFT, encoders);
        starts.add(0);
    }

    /** Appends a value to the current (last open) list. */
    public void add(int value) throws IOException { values.add(value); }

    /** Appends {@code values[from, from + length)} to the current list. */
    public void addAll(int[] values, int from, int length) throws IOException { this.values.addAll(values, from, length); }

    /** Ends the current list and opens the next one. */
    public void endList() throws IOException {
        starts.add(values.count());
        lists++;
    }

    public long lists() { return lists; }

    public long valueCount() { return values.count(); }

    /** Completes the file (see the class comment); a second call does nothing. */
    @Override
    public void close() throws IOException {
        if (closed) return;
        closed = true;
        try {
            long bodyBytes = values.finish();
            starts.finish();
            header.close();
            body.append(headerFile);
            body.writeLong(bodyBytes);
            body.writeInt(MAGIC);
        } finally {
            body.close();
            header.close();
            Files.deleteIfExists(headerFile);
        }
    }

    /** Writes CSR columns (starts of size lists + 1, values) as a 1:N index file. */
    public static void write(Path file, LongColumn starts, IntColumn values) throws IOException {
        long lists = starts.size() - 1;
        if (lists < 0 || starts.get(0) != 0 || starts.get(lists) != values.size()) {
            throw new IllegalArgumentException("starts do not describe the values (" + starts.size() + " starts, "
                    + values.size() + " values)");
        }
        try (var w = new OneToManyWriter(file)) { // whole pages at a time, not a call per value and per list
            writeValues(w, values);
            writeEnds(w, starts, lists);
            w.lists = lists;
        }
    }

    // the two loops of write() are methods of their own: each is compiled alone when it gets hot (an
    // on-stack replacement of one method compiled both, and the JIT's queue waited behind it)

    private static void writeValues(OneToManyWriter w, IntColumn values) throws IOException {
        int[] block = new int[1 << PageStreamer.DEFAULT_PAGE_SHIFT];
        for (long at = 0; at < values.size(); at += block.length) {
            int len = (int) Math.min(block.length, values.size() - at);
            values.copyTo(at, block, 0, len);
            w.values.addAll(block, 0, len);
        }
    }

    /** Each list's end, {@code starts[1..lists]}, checked not to decrease. */
    private static void writeEnds(OneToManyWriter w, LongColumn starts, long lists) throws IOException {
        long[] ends = new long[1 << PageStreamer.DEFAULT_PAGE_SHIFT];
        long previous = 0;
        for (long list = 0; list < lists; list += ends.length) {
            int len = (int) Math.min(ends.length, lists - list);
            starts.copyTo(list + 1, ends, 0, len);
            for (int i = 0; i < len; i++) {
                if (ends[i] < previous) throw new IllegalArgumentException("starts decrease at list " + (list + i));
                previous = ends[i];
            }
            w.starts.addAll(ends, 0, len);
        }
    }
}
