package org.polyheap.index;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;
import org.polyheap.model.ClassInfo;
import org.polyheap.model.HeapGraph;
import org.polyheap.model.Progress;
import org.polyheap.model.ReferenceKind;
import org.polyheap.model.format.SnapshotFormat;
import org.polyheap.model.memory.HeapGraphBuilder;

class IndexBuilderTest {
    @TempDir Path dir;

    static void assertSameGraph(HeapGraph expected, HeapGraph actual) {
        assertEquals(expected.metadata(), actual.metadata());
        assertEquals(expected.objectCount(), actual.objectCount());
        assertArrayEquals(expected.objectClass().toArray(), actual.objectClass().toArray(), "object class");
        assertArrayEquals(expected.shallowSize().toArray(), actual.shallowSize().toArray(), "shallow size");
        assertArrayEquals(expected.identity().toArray(), actual.identity().toArray(), "identity");
        assertArrayEquals(expected.sourceOffset().toArray(), actual.sourceOffset().toArray(), "source offset");
        assertArrayEquals(expected.objectLabel().toArray(), actual.objectLabel().toArray(), "label");
        assertArrayEquals(expected.objectType().toArray(), actual.objectType().toArray(), "type");
        assertArrayEquals(expected.outStart().toArray(), actual.outStart().toArray(), "out start");
        assertArrayEquals(expected.outTarget().toArray(), actual.outTarget().toArray(), "out target");
        assertArrayEquals(expected.outKind().toArray(), actual.outKind().toArray(), "out kind");
        assertArrayEquals(expected.outName().toArray(), actual.outName().toArray(), "out name");
        assertArrayEquals(expected.inStart().toArray(), actual.inStart().toArray(), "in start");
        assertArrayEquals(expected.inSource().toArray(), actual.inSource().toArray(), "in source");
        assertEquals(expected.gcRoots(), actual.gcRoots());
        assertEquals(expected.classes(), actual.classes());
        assertEquals(expected.stringCount(), actual.stringCount());
        for (int i = 0; i < expected.stringCount(); i++) {
            assertEquals(expected.string(i), actual.string(i));
            assertEquals(expected.stringUtf8Length(i), actual.stringUtf8Length(i), "UTF-8 length of string " + i); // the index's, from offsets
        }
        assertEquals(expected.attributes().keySet(), actual.attributes().keySet(), "attribute names");
        for (var e : expected.attributes().values()) {
            var a = actual.attribute(e.name()).orElseThrow();
            assertEquals(e.count(), a.count(), e.name());
            for (long k = 0; k < e.count(); k++) {
                assertEquals(e.object(k), a.object(k), e.name() + " object");
                assertEquals(e.value(k), a.value(k), e.name() + " value");
                assertEquals(e.value(k), a.get(e.object(k), -1), e.name() + " lookup");
                if (k > 0) assertTrue(a.object(k) > a.object(k - 1), "ascending, each object once");
            }
        }
        for (int o = 0; o < expected.objectCount(); o += 1 + o / 3) { // random access through the page cache
            assertEquals(expected.objectClass().get(o), actual.objectClass().get(o));
            assertEquals(expected.inStart().get(o + 1), actual.inStart().get(o + 1));
        }
    }

    private IndexedSnapshot build(Path folder, long seed, int objects, int maxOut, int sortPairs, HeapGraphBuilder memory)
            throws IOException {
        try (var builder = new IndexBuilder(folder, Progress.NONE, (int) (seed % 3))) { // 0-2 encoder threads
            RandomGraphs.feed(seed, objects, maxOut, memory, builder);
            builder.finish();
        }
        var s = IndexedSnapshot.open(folder);
        s.prepareInbound(sortPairs, Progress.NONE);
        return s;
    }

    @Test
    void randomGraphsEqualTheInMemoryBuilder() throws IOException {
        var r = new java.util.Random(11);
        for (int seed = 0; seed < 30; seed++) {
            int objects = seed < 3 ? seed : r.nextInt(seed < 25 ? 300 : 20_000);
            var memory = new HeapGraphBuilder();
            // tiny sort buffers force many spilled runs through the merge
            try (var indexed = build(dir.resolve("g" + seed), seed, objects, 1 + r.nextInt(8), 300 + r.nextInt(5000), memory)) {
                assertSameGraph(memory.build(), indexed);
                assertEquals(memory.warnings(), indexed.warnings());
            }
        }
    }

    @Test
    void referencesAddedInBatchesGiveTheSameIndex() throws IOException {
        var r = new java.util.Random(13);
        for (int seed = 0; seed < 12; seed++) {
            var memory = new HeapGraphBuilder();
            Path folder = dir.resolve("b" + seed);
            int sortPairs = 200 + r.nextInt(3000);
            try (var builder = new IndexBuilder(folder, Progress.NONE, seed % 2)) {
                var batches = new BatchingSink(builder, 1 + r.nextInt(seed < 6 ? 5 : 5000));
                RandomGraphs.feed(seed, seed == 0 ? 0 : r.nextInt(8000), 1 + r.nextInt(8), memory, batches);
                batches.flush();
                builder.finish();
            }
            try (var indexed = IndexedSnapshot.open(folder)) {
                indexed.prepareInbound(sortPairs, Progress.NONE);
                assertSameGraph(memory.build(), indexed);
            }
        }
    }

    /**
     * The builder batches objects and references itself: runs of empty lists longer than a batch, a list
     * longer than a batch, and single references mixed with addReferences' batches keep their order.
     */
    @Test
    void batchBoundariesKeepListsInOrder() throws IOException {
        var memory = new HeapGraphBuilder();
        Path folder = dir.resolve("boundaries");
        int objects = 12_000;
        try (var builder = new IndexBuilder(folder, Progress.NONE)) {
            var batches = new BatchingSink(builder, 1000);
            for (var s : List.of(memory, builder)) {
                s.format(SnapshotFormat.GENERIC);
                s.addClass(ClassInfo.named("C"));
                s.addString("field");
            }
            for (int o = 0; o < objects; o++) {
                memory.addObject(0, 16 + o, 0x1000L + 16L * o, o, o % 7 == 0 ? 0 : -1, o % 3);
                builder.addObject(0, 16 + o, 0x1000L + 16L * o, o, o % 7 == 0 ? 0 : -1, o % 3);
            }
            for (int k = 0; k < 3; k++) { // then objects 6 to 9,999 have none: more empty lists than a batch
                memory.addReference(5, k, ReferenceKind.FIELD, 0);
                builder.addReference(5, k, ReferenceKind.FIELD, 0);
            }
            for (int k = 0; k < 9_000; k++) { // a list longer than a batch, half of it through addReferences
                memory.addReference(10_000, k, ReferenceKind.ELEMENT, k);
                if (k < 4_500) builder.addReference(10_000, k, ReferenceKind.ELEMENT, k);
                else batches.addReference(10_000, k, ReferenceKind.ELEMENT, k);
            }
            batches.flush();
            for (int o = 10_001; o < objects; o++) { // one each, singly and in batches by turns
                memory.addReference(o, o - 1, ReferenceKind.FIELD, 0);
                if (o % 500 < 250) {
                    batches.flush();
                    builder.addReference(o, o - 1, ReferenceKind.FIELD, 0);
                } else {
                    batches.addReference(o, o - 1, ReferenceKind.FIELD, 0);
                }
            }
            batches.flush();
            builder.finish();
        }
        try (var indexed = IndexedSnapshot.open(folder)) {
            indexed.prepareInbound(Progress.NONE);
            assertSameGraph(memory.build(), indexed);
            assertEquals(9_000, indexed.outStart().get(10_001) - indexed.outStart().get(10_000));
        }
    }

    /** Passes everything on, but references in batches of up to {@code size} through addReferences. */
    private static final class BatchingSink implements org.polyheap.model.SnapshotSink {
        private final IndexBuilder target;
        private final int[] from, to, names;
        private final ReferenceKind[] kinds;
        private int count;

        BatchingSink(IndexBuilder target, int size) {
            this.target = target;
            from = new int[size];
            to = new int[size];
            names = new int[size];
            kinds = new ReferenceKind[size];
        }

        void flush() {
            target.addReferences(from, to, kinds, names, count);
            count = 0;
        }

        @Override public void addReference(int f, int t, ReferenceKind kind, int name) {
            from[count] = f;
            to[count] = t;
            kinds[count] = kind;
            names[count++] = name;
            if (count == from.length) flush();
        }

        @Override public void format(SnapshotFormat format) { target.format(format); }
        @Override public void fact(String key, String value) { target.fact(key, value); }
        @Override public int addString(String value) { return target.addString(value); }
        @Override public int addClass(ClassInfo info) { return target.addClass(info); }
        @Override public void replaceClass(int classId, ClassInfo info) { target.replaceClass(classId, info); }
        @Override public int addObject(int classId, long shallowSize, long identity, long sourceOffset, int label, int type) {
            return target.addObject(classId, shallowSize, identity, sourceOffset, label, type);
        }
        @Override public void addRoot(org.polyheap.model.GcRoot root) { target.addRoot(root); }
        @Override public void addAttribute(String attribute, int object, long value) { target.addAttribute(attribute, object, value); }
        @Override public void warning(String message) { target.warning(message); }
    }

    @Test
    void attributeKeepsTheLastValuePerObjectAndAnswersAbsentOtherwise() throws IOException {
        try (var b = new IndexBuilder(dir, Progress.NONE)) {
            b.addClass(ClassInfo.named("A"));
            for (int i = 0; i < 6; i++) b.addObject(0, 8, i, -1, -1);
            b.addAttribute("dart.external-size", 4, 100);
            b.addAttribute("dart.external-size", 1, 7);
            b.addAttribute("dart.external-size", 4, 250);
            b.finish();
        }
        try (var s = IndexedSnapshot.open(dir)) {
            var a = s.attribute("dart.external-size").orElseThrow();
            assertEquals(2, a.count());
            assertEquals(7, a.get(1, -1));
            assertEquals(250, a.get(4, -1));
            assertEquals(-1, a.get(0, -1));
            assertEquals(-1, a.get(5, -1));
            assertEquals(257, a.sum());
            assertTrue(s.attribute("v8.location").isEmpty());
        }
    }

    @Test
    void attributeOnAMissingObjectOrWithABadNameIsRefused() throws IOException {
        try (var b = new IndexBuilder(dir, Progress.NONE)) {
            b.addClass(ClassInfo.named("A"));
            b.addObject(0, 8, 0, -1, -1);
            assertThrows(IllegalArgumentException.class, () -> b.addAttribute("../escape", 0, 1));
            assertThrows(IllegalArgumentException.class, () -> b.addAttribute("Upper", 0, 1));
            b.addAttribute("ok", 3, 1);
            var e = assertThrows(IllegalStateException.class, b::finish);
            assertTrue(e.getMessage().contains("attribute"), e.getMessage());
        }
    }

    @Test
    void objectsWithoutReferencesAfterTheLastSourceGetEmptyLists() throws IOException {
        try (var b = new IndexBuilder(dir, Progress.NONE)) {
            b.addClass(ClassInfo.named("A"));
            for (int i = 0; i < 5; i++) b.addObject(0, 8, i, -1, -1);
            b.addReference(1, 4, ReferenceKind.FIELD, -1);
            b.addReference(1, 4, ReferenceKind.FIELD, -1); // duplicates are kept, once per reference
            b.finish();
        }
        try (var s = IndexedSnapshot.open(dir)) {
            assertArrayEquals(new long[] {0, 0, 2, 2, 2, 2}, s.outStart().toArray());
            assertArrayEquals(new long[] {0, 0, 0, 0, 0, 2}, s.inStart().toArray());
            assertArrayEquals(new int[] {1, 1}, s.inSource().toArray());
        }
    }

    @Test
    void undefinedIdsAreReportedAtFinish() throws IOException {
        record Case(String expected, java.util.function.Consumer<IndexBuilder> feed) { }
        var cases = List.of(
                new Case("class id 3", b -> b.addObject(3, 8, 0, -1, -1)),
                new Case("points to object 9", b -> { b.addObject(0, 8, 0, -1, -1); b.addReference(0, 9, ReferenceKind.FIELD, -1); }),
                new Case("label string 0", b -> b.addObject(0, 8, 0, -1, 0)),
                new Case("GC root names object 2", b -> b.addRoot(new org.polyheap.model.GcRoot(2, org.polyheap.model.RootKind.UNKNOWN, -1, -1))),
                new Case("comes from object 1", b -> { b.addObject(0, 8, 0, -1, -1); b.addReference(1, 0, ReferenceKind.FIELD, -1); }));
        int i = 0;
        for (Case c : cases) {
            try (var b = new IndexBuilder(dir.resolve("bad" + i++), Progress.NONE)) {
                b.addClass(ClassInfo.named("A"));
                c.feed().accept(b);
                var e = assertThrows(IllegalStateException.class, b::finish);
                assertTrue(e.getMessage().contains(c.expected()), e.getMessage());
            }
        }
    }

    @Test
    void referencesOutOfSourceOrderAreRefusedAtOnce() throws IOException {
        try (var b = new IndexBuilder(dir, Progress.NONE)) {
            b.addReference(2, 0, ReferenceKind.FIELD, -1);
            assertThrows(IllegalStateException.class, () -> b.addReference(1, 0, ReferenceKind.FIELD, -1));
        }
    }

    @ParameterizedTest
    @ValueSource(ints = {64, 1000, 1 << 20})
    void inboundMergeLeavesNoRunFiles(int sortPairs) throws IOException {
        var memory = new HeapGraphBuilder();
        try (var s = build(dir, 5, 3000, 6, sortPairs, memory)) {
            assertSameGraph(memory.build(), s);
        }
        try (var files = Files.walk(dir)) { // run files and the result's temp folder are gone
            var left = files.map(p -> dir.relativize(p).toString()).filter(n -> n.endsWith(".tmp") || n.contains("tmp-")).toList();
            assertEquals(List.of(), left);
        }
        try (var again = IndexedSnapshot.open(dir)) { // a later open maps the stored inbound index
            again.prepareInbound(Progress.NONE);
            assertTrue(again.inboundReady());
            assertSameGraph(memory.build(), again);
        }
    }

    @Test
    void inboundIndexIsBuiltOnFirstUseStoredAndRebuiltWhenDamaged() throws Exception {
        var memory = new HeapGraphBuilder();
        try (var builder = new IndexBuilder(dir, Progress.NONE)) {
            RandomGraphs.feed(7, 5000, 6, memory, builder);
            builder.finish();
        }
        var expected = memory.build();
        try (var s = IndexedSnapshot.open(dir)) {
            assertFalse(s.inboundReady(), "a parse does not build the inbound index");
            var threads = new ArrayList<Thread>(); // concurrent first readers wait for one build
            var failures = new java.util.concurrent.ConcurrentLinkedQueue<Throwable>();
            for (int t = 0; t < 4; t++) {
                threads.add(Thread.ofPlatform().start(() -> {
                    try {
                        assertArrayEquals(expected.inSource().toArray(), s.inSource().toArray());
                    } catch (Throwable e) {
                        failures.add(e);
                    }
                }));
            }
            for (var t : threads) t.join();
            assertEquals(List.of(), List.copyOf(failures));
            assertTrue(s.inboundReady());
        }
        Path stored;
        try (var files = Files.walk(dir.resolve("results"))) {
            stored = files.filter(p -> p.getFileName().toString().equals("inbound.index")).findFirst().orElseThrow();
        }
        byte[] bytes = Files.readAllBytes(stored);
        bytes[bytes.length / 3] ^= 0x5A;
        Files.write(stored, bytes);
        try (var s = IndexedSnapshot.open(dir)) { // the base index is intact; the damaged result reads as absent
            s.prepareInbound(Progress.NONE);
            assertSameGraph(expected, s);
        }
    }
}
