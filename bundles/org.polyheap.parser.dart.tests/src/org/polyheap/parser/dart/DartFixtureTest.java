package org.polyheap.parser.dart;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;

import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;
import org.polyheap.model.ClassInfo;
import org.polyheap.model.HeapGraph;
import org.polyheap.model.ObjectInspector;
import org.polyheap.model.memory.HeapGraphBuilder;
import org.polyheap.testdata.TestData;

/**
 * The real dart-sass snapshots (32-bit Dart 3.7.3 VM) against the facts of the independent decoder,
 * {@code decode.js}, in {@code data/*.facts.txt}.
 */
class DartFixtureTest {
    private static final Map<String, HeapGraph> GRAPHS = new ConcurrentHashMap<>();

    static Path snapshot(String name) { return TestData.dart(name + ".dartheap.gz"); }

    static HeapGraph graph(String name) {
        return GRAPHS.computeIfAbsent(name, n -> {
            try {
                var builder = new HeapGraphBuilder();
                new DartSnapshotParser().parse(snapshot(n), builder, null);
                assertTrue(builder.warnings().isEmpty(), builder.warnings().toString());
                return builder.build();
            } catch (Exception e) {
                throw new AssertionError(e);
            }
        });
    }

    static ReferenceFacts facts(String name) throws Exception { return ReferenceFacts.of(TestData.dart(name + ".facts.txt")); }

    @ParameterizedTest
    @ValueSource(strings = { "dart-sass-ia32-a-tiny", "dart-sass-ia32-d-after-gc" })
    void countsMatchTheReferenceDecoder(String name) throws Exception {
        HeapGraph g = graph(name);
        ReferenceFacts f = facts(name);
        assertEquals(f.number("^objectCount: ([\\d,]+)"), g.objectCount());
        assertEquals(f.number("^classCount: ([\\d,]+)"), g.classes().size() - 1, "placeholder class 0 aside");
        assertEquals(f.number("\\(fields total: ([\\d,]+)\\)"), g.classes().stream().mapToLong(c -> c.fields().size()).sum());
        assertEquals(f.number("^empty \\(unused cid\\) class entries: (\\d+)"),
                g.classes().stream().skip(1).filter(c -> c.name().isEmpty()).count());
        assertEquals(f.string("^external property names: \"(.*)\" x"), g.facts().get("externalPropertyNames").replaceAll(" x\\d+$", ""));
        assertEquals(f.number("^external property names: \".*\" x(\\d+)$"),
                Long.parseLong(g.facts().get("externalPropertyNames").replaceAll(".* x", "")));
        assertEquals(f.number("^referenceCount \\(header\\): ([\\d,]+)"), Long.parseLong(g.facts().get("referenceCount")));
        long nonZero = f.number("^non-zero references: ([\\d,]+)");
        assertEquals(nonZero, g.outStart().get(g.objectCount()));
        assertEquals(nonZero, Long.parseLong(g.facts().get("references")));
        assertEquals(f.number("zero references: ([\\d,]+)  out-of-range"), Long.parseLong(g.facts().get("omittedReferences")));
        assertEquals(f.number("^external property count: ([\\d,]+)"), Long.parseLong(g.facts().get("externalProperties")));
        assertEquals(f.number("sum of external sizes: ([\\d,]+)"), Long.parseLong(g.facts().get("externalPropertySize")));
        assertEquals(f.number("objects with non-zero identity hash: ([\\d,]+)"), Long.parseLong(g.facts().get("hashedObjects")));
        long hashed = 0, zeroSize = 0, shallow = 0;
        for (int o = 0; o < g.objectCount(); o++) {
            if (g.identity().get(o) != 0) hashed++;
            if (g.shallowSize().get(o) == 0) zeroSize++;
            shallow += g.shallowSize().get(o);
        }
        assertEquals(f.number("objects with non-zero identity hash: ([\\d,]+)"), hashed);
        assertEquals(f.number("^sum of object shallow sizes: ([\\d,]+)"), shallow);
        assertEquals(f.number("zero-size objects: ([\\d,]+)"), zeroSize);
    }

    @ParameterizedTest
    @ValueSource(strings = { "dart-sass-ia32-a-tiny", "dart-sass-ia32-d-after-gc" })
    void headerFactsMatch(String name) throws Exception {
        var facts = graph(name).facts();
        ReferenceFacts f = facts(name);
        assertEquals(f.string("^name: \"(.*)\"$"), facts.get("name"));
        assertEquals(f.number("^shallowSize \\(header\\): ([\\d,]+)"), Long.parseLong(facts.get("headerShallowSize")));
        assertEquals(f.number("^capacity: ([\\d,]+)"), Long.parseLong(facts.get("headerCapacity")));
        assertEquals(f.number("^externalSize: ([\\d,]+)"), Long.parseLong(facts.get("externalSize")));
        assertEquals(f.number("^flags: (\\d+)"), Long.parseLong(facts.get("flags")));
        assertEquals("4", facts.get("wordSize"), "the fixtures come from the ia32 VM");
        assertEquals("present", facts.get("identityHashes"));
        assertEquals("Dart VM", facts.get("writer"));
    }

    /** Reachability from object 1 over every non-zero reference, weak ones included, as decode.js counts it. */
    @ParameterizedTest
    @ValueSource(strings = { "dart-sass-ia32-a-tiny", "dart-sass-ia32-d-after-gc" })
    void reachabilityFromTheRootMatches(String name) throws Exception {
        HeapGraph g = graph(name);
        ReferenceFacts f = facts(name);
        long[] start = g.outStart().toArray();
        int[] target = g.outTarget().toArray();
        boolean[] seen = new boolean[g.objectCount()];
        int[] queue = new int[g.objectCount()];
        int head = 0, tail = 0;
        long bytes = 0;
        int root = g.gcRoots().getFirst().object();
        seen[root] = true;
        queue[tail++] = root;
        while (head < tail) {
            int o = queue[head++];
            bytes += g.shallowSize().get(o);
            for (int i = (int) start[o]; i < start[o + 1]; i++) {
                if (!seen[target[i]]) {
                    seen[target[i]] = true;
                    queue[tail++] = target[i];
                }
            }
        }
        assertEquals(f.number("^reachable from object 1 \\(BFS over non-zero refs\\): ([\\d,]+) objects"), tail);
        assertEquals(f.number("objects, shallow total ([\\d,]+) bytes"), bytes);
    }

    @ParameterizedTest
    @ValueSource(strings = { "dart-sass-ia32-a-tiny", "dart-sass-ia32-d-after-gc" })
    void topClassesByShallowSizeMatch(String name) throws Exception {
        HeapGraph g = graph(name);
        List<ReferenceFacts.TopClass> expected = facts(name).topClasses();
        assertEquals(25, expected.size());
        long[] count = new long[g.classes().size()];
        long[] bytes = new long[g.classes().size()];
        for (int o = 0; o < g.objectCount(); o++) {
            int c = g.objectClass().get(o);
            count[c]++;
            bytes[c] += g.shallowSize().get(o);
        }
        var actual = new ArrayList<ReferenceFacts.TopClass>();
        for (int c = 0; c < count.length; c++) {
            ClassInfo info = g.classes().get(c);
            if (count[c] > 0) actual.add(new ReferenceFacts.TopClass(c, info.name(), info.library(), count[c], bytes[c]));
        }
        actual.sort(Comparator.comparingLong(ReferenceFacts.TopClass::bytes).reversed()
                .thenComparing(Comparator.comparingLong(ReferenceFacts.TopClass::count).reversed()));
        assertEquals(expected, actual.subList(0, 25));
        assertEquals(facts(name).number("^distinct classes with instances: (\\d+)"), actual.size());
    }

    @ParameterizedTest
    @ValueSource(strings = { "dart-sass-ia32-a-tiny", "dart-sass-ia32-d-after-gc" })
    void dataTagsAndSyntheticObjectsMatch(String name) throws Exception {
        HeapGraph g = graph(name);
        ReferenceFacts f = facts(name);
        long[] tags = new long[9];
        for (int o = 0; o < g.objectCount(); o++) tags[g.objectType().get(o)]++;
        assertEquals(java.util.Arrays.toString(f.tagCounts()), java.util.Arrays.toString(tags));
        assertEquals("Root", g.classes().get(g.objectClass().get(0)).name());
        assertEquals(f.number("^object 1: class \"Root\", (\\d+) refs"), g.outStart().get(1) - g.outStart().get(0));
        assertEquals("Read-Only Pages", g.classes().get(g.objectClass().get(1)).name());
        assertEquals("Isolate", g.classes().get(g.objectClass().get(2)).name());
        assertEquals(f.string("isolate objects \\(NameData = main port\\): \\[\"(\\d+)\"\\]"), g.string(g.objectLabel().get(2)));
        assertEquals(f.number("Isolate field count (\\d+)"), g.classes().get(3).fields().size());
    }

    /** A real {@code _List}'s element slots are {@code [0]..[length-1]}, after its two declared fields. */
    @ParameterizedTest
    @ValueSource(strings = { "dart-sass-ia32-a-tiny", "dart-sass-ia32-d-after-gc" })
    void listElementsAreNamedByIndexUpToTheirLength(String name) throws Exception {
        HeapGraph g = graph(name);
        int checked = 0;
        try (ObjectInspector inspector = new DartSnapshotParser().inspector(snapshot(name), g)) {
            for (int o = 0; o < g.objectCount() && checked < 3000; o++) {
                ClassInfo cls = g.classes().get(g.objectClass().get(o));
                if (!cls.name().equals("_List") || !cls.library().equals("dart:core")) continue;
                long length = Long.parseLong(inspector.valueHint(o, 40).orElseThrow().replace("length ", ""));
                List<String> names = new ArrayList<>();
                for (long i = g.outStart().get(o); i < g.outStart().get(o + 1); i++) {
                    var kind = org.polyheap.model.ReferenceKind.ofCode(g.outKind().get(i));
                    names.add(kind.isIndexed() ? "[" + g.outName().get(i) + "]" : g.string(g.outName().get(i)));
                }
                var expected = new ArrayList<String>(List.of("type_arguments_", "length_"));
                for (int e = 0; e < length; e++) expected.add("[" + e + "]");
                assertEquals(expected, names, "object " + (o + 1));
                checked++;
            }
        }
        assertEquals(3000, checked);
    }

    /**
     * External properties become per-object attributes whose values add up to decode.js' "sum of external
     * sizes"; the objects named below and their sizes were listed with decode.js' {@code decode()} on the
     * same files (its {@code externalProps}, summed by object).
     */
    @ParameterizedTest
    @ValueSource(strings = { "dart-sass-ia32-a-tiny", "dart-sass-ia32-d-after-gc" })
    void externalSizesPerObjectAddUpToTheReferenceDecodersSum(String name) throws Exception {
        HeapGraph g = graph(name);
        ReferenceFacts f = facts(name);
        var sizes = g.attribute(ExternalProperties.SIZE).orElseThrow();
        var names = g.attribute(ExternalProperties.NAMES).orElseThrow();
        assertEquals(f.number("sum of external sizes: ([\\d,]+)"), sizes.sum());
        assertEquals(Long.parseLong(g.facts().get("externalPropertySize")), sizes.sum());
        // every object of these files has one property, so objects with a value = properties
        assertEquals(f.number("^external property count: ([\\d,]+)"), sizes.count());
        assertEquals(sizes.count(), names.count());
        for (long k = 0; k < names.count(); k++) {
            assertEquals(sizes.object(k), names.object(k));
            assertEquals(f.string("^external property names: \"(.*)\" x"), g.string((int) names.value(k)));
        }
        record Known(int fileId, String className, long bytes) { }
        Known known = name.contains("tiny") ? new Known(1689, "_ExternalUint8Array", 64) : new Known(146266, "_NativeSocket", 32);
        int o = known.fileId() - 1;
        assertEquals(known.className(), g.classes().get(g.objectClass().get(o)).name());
        assertEquals(known.bytes(), sizes.get(o, -1));
        assertEquals(-1, sizes.get(0, -1), "the root has no external memory");
    }

    /** Mint ranges, negative Smis and truncated strings, read back through the inspector. */
    @ParameterizedTest
    @ValueSource(strings = { "dart-sass-ia32-a-tiny", "dart-sass-ia32-d-after-gc" })
    void inspectorValuesMatchTheReferenceDecoder(String name) throws Exception {
        HeapGraph g = graph(name);
        ReferenceFacts f = facts(name);
        long mints = 0, negativeMints = 0, negativeSmis = 0, latin1Truncated = 0, utf16Truncated = 0;
        long min = Long.MAX_VALUE, max = Long.MIN_VALUE;
        try (ObjectInspector inspector = new DartSnapshotParser().inspector(snapshot(name), g)) {
            for (int o = 0; o < g.objectCount(); o++) {
                String cls = g.classes().get(g.objectClass().get(o)).name();
                int tag = g.objectType().get(o);
                if (cls.equals("_Mint")) {
                    long v = Long.parseLong(inspector.valueHint(o, 40).orElseThrow());
                    mints++;
                    if (v < 0) negativeMints++;
                    min = Math.min(min, v);
                    max = Math.max(max, v);
                } else if (cls.equals("_Smi")) {
                    if (Long.parseLong(inspector.valueHint(o, 40).orElseThrow()) < 0) negativeSmis++;
                } else if (tag == DartValue.TAG_LATIN1 || tag == DartValue.TAG_UTF16) {
                    boolean truncated = inspector.fields(o).stream().anyMatch(v -> v.name().equals("truncated"));
                    if (truncated && tag == DartValue.TAG_LATIN1) latin1Truncated++;
                    if (truncated && tag == DartValue.TAG_UTF16) utf16Truncated++;
                }
            }
        }
        assertEquals(f.number("^_Mint objects: (\\d+)"), mints);
        assertEquals(f.number("^_Mint objects: \\d+ \\(negative: (\\d+)\\)"), negativeMints);
        assertEquals(f.number("^_Mint value range: (-?\\d+) \\.\\."), min);
        assertEquals(f.number("^_Mint value range: -?\\d+ \\.\\. (-?\\d+);"), max);
        assertEquals(f.number("negative Smis written as word-size two's complement: (\\d+)"), negativeSmis);
        assertEquals(f.number("^Latin1 truncated: (\\d+)"), latin1Truncated);
        assertEquals(f.number("UTF16 truncated: (\\d+)"), utf16Truncated);
    }
}
