package org.polyheap.analysis;

import org.polyheap.model.HeapGraph;
import org.polyheap.model.LongColumn;
import org.polyheap.model.Progress;
import org.polyheap.model.ReferenceKind;
import org.polyheap.model.format.V8NodeType;
import org.polyheap.model.format.V8ObjectTypes;

/**
 * The Statistics breakdown of the Chrome DevTools Memory panel for a V8 snapshot, computed from the
 * facts of its heap-snapshot worker: every node's (re-attributed) self size falls in one category by
 * its type — hidden → system, native → native (typed arrays: natives named
 * {@code system / JSArrayBufferData}), code → code, the three string types → strings — and a node named
 * {@code Array} counts its own size plus its {@code elements} store when nothing else refers to that
 * store. {@code total} adds the header's {@code extra_native_bytes} (as {@code native} does); what is
 * left of the V8 heap is "other JS objects".
 *
 * @param total       every node's self size plus the extra native bytes
 * @param nativeTotal native nodes plus the extra native bytes (outside the V8 heap)
 * @param typedArrays the backing stores of array buffers (part of {@code nativeTotal})
 * @param v8Heap      {@code total - nativeTotal}
 * @param code        compiled code
 * @param strings     strings of any representation
 * @param jsArrays    JS arrays with their own elements stores
 * @param system      hidden (system) nodes
 */
public record V8Statistics(long total, long nativeTotal, long typedArrays, long v8Heap, long code, long strings,
        long jsArrays, long system) {
    /** The fact the V8 parser records the header's {@code extra_native_bytes} in. */
    public static final String EXTRA_NATIVE_FACT = "extraNativeBytes";
    private static final String ARRAY_BUFFER_DATA = "system / JSArrayBufferData";

    /** What DevTools' pie calls "Other JS objects": the V8 heap less the named categories. */
    public long otherJs() { return v8Heap - code - strings - jsArrays - system; }

    /** Native memory that is not an array buffer's ("Other non-JS objects"). */
    public long otherNative() { return nativeTotal - typedArrays; }

    /**
     * The statistics of a V8 snapshot with the self sizes {@code shallow} (the dominator tree's, so
     * DevTools' re-attributed sizes when the analysis uses them). Two sequential passes over the nodes
     * and one over the references; 1 byte per node. Cancellable.
     */
    public static V8Statistics of(HeapGraph g, LongColumn shallow, Progress progress) {
        var types = V8ObjectTypes.of(g);
        int n = g.objectCount();
        long extra = Long.parseLong(g.metadata().fact(EXTRA_NATIVE_FACT, "0"));
        var ids = stringIds(g, ARRAY_BUFFER_DATA, "Array", "elements"); // one pass over the strings
        var arrayBufferData = ids[0];
        var array = ids[1];
        var elements = ids[2];
        // an Array's elements store counts only when it has one retainer: mark the stores, then count their referrers
        byte[] store = new byte[n]; // 0: no store; 1: one referrer so far; 2: a store; 3: more than one referrer
        var arrays = new it.unimi.dsi.fastutil.ints.IntArrayList();
        var stores = new it.unimi.dsi.fastutil.ints.IntArrayList();
        long nativeTotal = extra, typed = 0, code = 0, strings = 0, system = 0, total = extra;
        // the node columns are copied a chunk at a time (a get per node looked its page up each time:
        // most of the step's 0.4-0.65 s on a 254 MB snapshot, which the window computes in every open)
        int[] typeChunk = new int[CHUNK], labelChunk = new int[CHUNK];
        long[] sizeChunk = new long[CHUNK];
        var row = new Row(g, elements);
        for (int from = 0; from < n; from += CHUNK) {
            progress.checkCanceled();
            int len = Math.min(CHUNK, n - from);
            g.objectType().copyTo(from, typeChunk, 0, len);
            g.objectLabel().copyTo(from, labelChunk, 0, len);
            shallow.copyTo(from, sizeChunk, 0, len);
            for (int i = 0; i < len; i++) {
                int o = from + i;
                long size = sizeChunk[i];
                total += size;
                switch (types.type(typeChunk[i])) {
                    case HIDDEN -> system += size;
                    case NATIVE -> {
                        nativeTotal += size;
                        if (has(arrayBufferData, labelChunk[i])) typed += size;
                    }
                    case CODE -> code += size;
                    case STRING, CONCATENATED_STRING, SLICED_STRING -> strings += size;
                    default -> {
                        if (has(array, labelChunk[i])) {
                            arrays.add(o);
                            int st = row.elementsOf(o);
                            stores.add(st);
                            if (st >= 0) store[st] = 2;
                        }
                    }
                }
            }
        }
        if (!arrays.isEmpty()) countReferrers(g, store, progress);
        long jsArrays = 0;
        for (int i = 0; i < arrays.size(); i++) {
            int a = arrays.getInt(i), st = stores.getInt(i);
            jsArrays += shallow.get(a);
            if (st >= 0 && store[st] == 1) jsArrays += shallow.get(st);
        }
        return new V8Statistics(total, nativeTotal, typed, total - nativeTotal, code, strings, jsArrays, system);
    }

    private static final int CHUNK = 1 << 14;

    /** A node's references, copied a row at a time to find its elements store. */
    private static final class Row {
        private final HeapGraph g;
        private final java.util.BitSet elements;
        private final int internal = ReferenceKind.INTERNAL.code();
        private final RowBuffer kinds, names;

        Row(HeapGraph g, java.util.BitSet elements) {
            this.g = g;
            this.elements = elements;
            kinds = new RowBuffer(g.outKind());
            names = new RowBuffer(g.outName());
        }

        /** The target of the first internal reference named {@code elements}, or -1 (DevTools looks at the first only). */
        int elementsOf(int o) {
            long begin = g.outStart().get(o);
            int length = (int) (g.outStart().get(o + 1L) - begin);
            int[] kind = kinds.copy(begin, length), name = names.copy(begin, length);
            for (int i = 0; i < length; i++) {
                if (kind[i] == internal && has(elements, name[i])) return g.outTarget().get(begin + i);
            }
            return -1;
        }
    }

    /** Turns each marked store's 2 into 1 (one referrer) or 3 (several), by one pass over every reference. */
    private static void countReferrers(HeapGraph g, byte[] store, Progress progress) {
        var targets = g.outTarget();
        long m = targets.size();
        int[] chunk = new int[1 << 16];
        for (long from = 0; from < m; from += chunk.length) {
            progress.checkCanceled();
            int len = (int) Math.min(chunk.length, m - from);
            targets.copyTo(from, chunk, 0, len);
            for (int i = 0; i < len; i++) {
                int t = chunk[i];
                if (store[t] == 2) store[t] = 1;
                else if (store[t] == 1) store[t] = 3;
            }
        }
    }

    /** Per text, the ids of the strings equal to it, in one pass over the string table. O(strings). */
    static java.util.BitSet[] stringIds(HeapGraph g, String... texts) {
        var ids = new java.util.BitSet[texts.length];
        for (int t = 0; t < texts.length; t++) ids[t] = new java.util.BitSet();
        for (int i = 0, k = g.stringCount(); i < k; i++) {
            String s = g.string(i);
            for (int t = 0; t < texts.length; t++) if (s.equals(texts[t])) ids[t].set(i);
        }
        return ids;
    }

    static boolean has(java.util.BitSet ids, int id) { return id >= 0 && ids.get(id); }
}
