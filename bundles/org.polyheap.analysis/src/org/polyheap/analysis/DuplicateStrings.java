package org.polyheap.analysis;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.Set;

import org.polyheap.model.HeapGraph;
import org.polyheap.model.ObjectInspector;
import org.polyheap.model.Progress;

import it.unimi.dsi.fastutil.longs.LongArrays;

/**
 * String objects grouped by value, the groups with at least {@code minCount} copies biggest waste
 * first: MAT's "Duplicate Strings" query and memlab's duplicated-strings analysis.
 *
 * <p>Which objects are strings comes from the format's class names ({@link #isStringClass}); a value
 * is the inspector's text for the object (read from the source: HPROF {@code String.value}, Dart
 * string data), else the object's label (V8, whose node name is the string). Values are compared
 * through a 64-bit hash of their text and length (two different strings share a group with odds of
 * about n²/2^65 for n strings: 3·10^-6 for 10 million) and on their first {@link #MAX_CHARS}
 * characters, which is all the inspector reads of longer strings.
 *
 * <p>Cost: one inspector read per string, in source order (sequential I/O); memory 12 bytes per
 * string plus the kept groups. Cancellable; never on the UI thread.
 */
public final class DuplicateStrings {
    /** Characters of a string read and compared; a longer string counts as its prefix. */
    public static final int MAX_CHARS = 1 << 20;
    /** Characters of a group's value kept for display. */
    public static final int SHOWN_CHARS = 200;

    /**
     * One value held by several string objects.
     *
     * @param value    the text, cut to {@link #SHOWN_CHARS} (with "…" when cut)
     * @param objects  the objects holding it, ascending
     * @param shallow  sum of their shallow sizes
     * @param retained sum of their retained sizes (a string's character array included where it retains it)
     */
    public record Group(String value, int[] objects, long shallow, long retained) {
        public int count() { return objects.length; }

        /** What the copies beyond the first retain: the memory a shared instance would save. */
        public long wasted() { return retained - retained / objects.length; }
    }

    private static final Set<String> STRING_CLASSES = Set.of(
            "java.lang.String", // HPROF
            // V8: only flat strings carry their text as the node name; concatenated and sliced strings
            // are named by their type and nest (their retained sizes would count twice)
            "(string)",
            "_OneByteString", "_TwoByteString", "_ExternalOneByteString", "_ExternalTwoByteString"); // Dart

    private DuplicateStrings() { }

    /** True when objects of this class hold a string value in some format. */
    public static boolean isStringClass(String className) { return STRING_CLASSES.contains(className); }

    /**
     * Finds the groups of at least {@code minCount} (≥ 2) string objects that hold the same value,
     * sorted by {@link Group#wasted()} descending, then by count.
     *
     * @param inspector the format's lazy values, or null to use labels only
     */
    public static List<Group> find(HeapGraph graph, DominatorTree tree, ObjectInspector inspector, int minCount,
            Progress progress) {
        if (minCount < 2) throw new IllegalArgumentException("a duplicate needs at least 2 copies, not " + minCount);
        int[] strings = stringObjects(graph);
        progress.phase("Reading string values", strings.length);
        long[] hashes = new long[strings.length];
        for (int i = 0; i < strings.length; i++) {
            if ((i & 0xfff) == 0xfff) {
                progress.checkCanceled();
                progress.worked(0x1000);
            }
            hashes[i] = hash(value(graph, inspector, strings[i], MAX_CHARS));
        }
        progress.phase("Grouping equal strings", -1);
        int[] order = identity(strings.length);
        LongArrays.radixSortIndirect(order, hashes, true); // equal hashes side by side
        var groups = new ArrayList<Group>();
        for (int from = 0; from < order.length; ) {
            long h = hashes[order[from]];
            int to = from + 1;
            while (to < order.length && hashes[order[to]] == h) to++;
            if (to - from >= minCount) {
                int[] objects = new int[to - from];
                for (int k = from; k < to; k++) objects[k - from] = strings[order[k]];
                java.util.Arrays.sort(objects);
                long shallow = 0, retained = 0;
                for (int o : objects) {
                    shallow += graph.shallowSize().get(o);
                    retained += tree.retained().get(o);
                }
                groups.add(new Group(shown(value(graph, inspector, objects[0], SHOWN_CHARS + 1)), objects, shallow, retained));
            }
            from = to;
        }
        groups.sort((a, b) -> a.wasted() != b.wasted() ? Long.compare(b.wasted(), a.wasted())
                : a.count() != b.count() ? Integer.compare(b.count(), a.count()) : a.value().compareTo(b.value()));
        return groups;
    }

    /** Objects whose class is a string class, in source order (so that reading them is sequential). */
    static int[] stringObjects(HeapGraph graph) {
        var classes = graph.classes();
        boolean[] isString = new boolean[classes.size()];
        for (int c = 0; c < isString.length; c++) isString[c] = isStringClass(classes.get(c).name());
        return SourceOrder.objectsOf(graph, isString);
    }

    private static int[] identity(int n) {
        int[] a = new int[n];
        for (int i = 0; i < n; i++) a[i] = i;
        return a;
    }

    private static String value(HeapGraph graph, ObjectInspector inspector, int object, int maxChars) {
        if (inspector != null) {
            try {
                Optional<String> text = inspector.valueHint(object, maxChars);
                if (text.isPresent()) return text.get();
            } catch (IOException e) {
                throw new UncheckedIOException("cannot read the value of object " + object, e);
            }
        }
        int label = graph.objectLabel().get(object);
        return label < 0 || label >= graph.stringCount() ? "" : graph.string(label);
    }

    private static String shown(String value) {
        return value.length() > SHOWN_CHARS ? value.substring(0, SHOWN_CHARS) + "…" : value;
    }

    /** 64-bit FNV-1a over the UTF-16 units, then the length, finished by a 64-bit mix (SplitMix64's). */
    static long hash(String s) {
        long h = 0xcbf29ce484222325L;
        for (int i = 0, n = s.length(); i < n; i++) {
            char c = s.charAt(i);
            h = (h ^ (c & 0xff)) * 0x100000001b3L;
            h = (h ^ (c >>> 8)) * 0x100000001b3L;
        }
        h ^= s.length();
        h = (h ^ (h >>> 30)) * 0xbf58476d1ce4e5b9L;
        h = (h ^ (h >>> 27)) * 0x94d049bb133111ebL;
        return h ^ (h >>> 31);
    }
}
