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
        var arrayBufferData = stringIds(g, ARRAY_BUFFER_DATA);
        var array = stringIds(g, "Array");
        var elements = stringIds(g, "elements");
        // an Array's elements store counts only when it has one retainer: mark the stores, then count their referrers
        byte[] store = new byte[n]; // 0: no store; 1: one referrer so far; 2: a store; 3: more than one referrer
        var arrays = new it.unimi.dsi.fastutil.ints.IntArrayList();
        var stores = new it.unimi.dsi.fastutil.ints.IntArrayList();
        long nativeTotal = extra, typed = 0, code = 0, strings = 0, system = 0;
        for (int o = 0; o < n; o++) {
            if ((o & 0xffff) == 0) progress.checkCanceled();
            V8NodeType t = types.type(g.objectType().get(o));
            long size = shallow.get(o);
            switch (t) {
                case HIDDEN -> system += size;
                case NATIVE -> {
                    nativeTotal += size;
                    if (has(arrayBufferData, g.objectLabel().get(o))) typed += size;
                }
                case CODE -> code += size;
                case STRING, CONCATENATED_STRING, SLICED_STRING -> strings += size;
                default -> {
                    if (has(array, g.objectLabel().get(o))) {
                        arrays.add(o);
                        int s = elementsOf(g, o, elements);
                        stores.add(s);
                        if (s >= 0) store[s] = 2;
                    }
                }
            }
        }
        if (!arrays.isEmpty()) countReferrers(g, store, progress);
        long jsArrays = 0;
        for (int i = 0; i < arrays.size(); i++) {
            int a = arrays.getInt(i), s = stores.getInt(i);
            jsArrays += shallow.get(a);
            if (s >= 0 && store[s] == 1) jsArrays += shallow.get(s);
        }
        long total = sum(shallow, n) + extra;
        return new V8Statistics(total, nativeTotal, typed, total - nativeTotal, code, strings, jsArrays, system);
    }

    /** The target of the first internal reference named {@code elements}, or -1 (DevTools looks at the first only). */
    private static int elementsOf(HeapGraph g, int o, java.util.BitSet elements) {
        int internal = ReferenceKind.INTERNAL.code();
        for (long r = g.outStart().get(o), end = g.outStart().get(o + 1L); r < end; r++) {
            if (g.outKind().get(r) == internal && has(elements, g.outName().get(r))) return g.outTarget().get(r);
        }
        return -1;
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

    private static long sum(LongColumn c, int n) {
        long s = 0;
        for (int o = 0; o < n; o++) s += c.get(o);
        return s;
    }

    /** The ids of the strings equal to {@code text} in the graph's string table. O(strings). */
    static java.util.BitSet stringIds(HeapGraph g, String text) {
        var ids = new java.util.BitSet();
        for (int i = 0, k = g.stringCount(); i < k; i++) if (g.string(i).equals(text)) ids.set(i);
        return ids;
    }

    static boolean has(java.util.BitSet ids, int id) { return id >= 0 && ids.get(id); }
}
