package org.polyheap.analysis;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Path;
import java.util.HashSet;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.polyheap.index.IndexBuilder;
import org.polyheap.index.IndexedSnapshot;
import org.polyheap.model.HeapGraph;
import org.polyheap.model.Progress;
import org.polyheap.model.spi.SnapshotParser;
import org.polyheap.parser.dart.DartSnapshotParser;
import org.polyheap.parser.hprof.HprofParser;
import org.polyheap.parser.v8.V8SnapshotParser;
import org.polyheap.testdata.TestData;

/** Objects by identity in O(log n), the order made once and kept in the index for later runs. */
class IdentityLookupTest {

    private static Path index(Path dir, SnapshotParser parser, Path file) throws Exception {
        Path folder = dir.resolve("index");
        try (var builder = new IndexBuilder(folder, Progress.NONE)) {
            parser.parse(file, builder, Progress.NONE);
            builder.finish();
        }
        return folder;
    }

    /** Every object is found by its identity (the first of equal ones), and absent identities are not. */
    private static void findsEveryObject(HeapGraph g, IdentityLookup lookup) {
        var seen = new HashSet<Long>();
        for (int o = 0; o < g.objectCount(); o++) {
            long identity = g.identity().get(o);
            int found = lookup.find(identity);
            if (seen.add(identity)) assertEquals(identity, g.identity().get(found), "object " + o);
            assertTrue(found >= 0);
        }
        long absent = Long.MIN_VALUE + 7;
        while (seen.contains(absent)) absent++;
        assertEquals(-1, lookup.find(absent));
    }

    @Test
    void aHprofDumpOutOfAddressOrderIsSortedOnceAndMappedOnReopen(@TempDir Path dir) throws Exception {
        Path folder = index(dir, new HprofParser(), TestData.GEN_40);
        try (var snapshot = IndexedSnapshot.open(folder)) {
            var a = HeapAnalysis.run(snapshot, snapshot.results(), Progress.NONE);
            assertEquals(null, a.identityLookupIfMade(), "made on first use, not by opening");
            var lookup = a.identityLookup();
            assertSame(lookup, a.identityLookupIfMade());
            assertFalse(lookup.inPlace(), "this generated dump's records are not in address order");
            findsEveryObject(snapshot, lookup);
            var kept = snapshot.results().result(IdentityLookup.GROUP, IdentityLookup.VERSION);
            assertTrue(kept.isPresent(), "the order is kept in the index");
            assertEquals(snapshot.objectCount(), kept.get().intColumn("objects").size());
        }
        try (var snapshot = IndexedSnapshot.open(folder)) {
            var a = HeapAnalysis.run(snapshot, snapshot.results(), Progress.NONE);
            var lookup = a.identityLookup();
            assertFalse(lookup.inPlace());
            findsEveryObject(snapshot, lookup);
        }
    }

    @Test
    void aV8SnapshotsNodeIdsAreFound(@TempDir Path dir) throws Exception {
        Path folder = index(dir, new V8SnapshotParser(), TestData.CHROME_TODO);
        try (var snapshot = IndexedSnapshot.open(folder)) {
            var lookup = HeapAnalysis.run(snapshot, snapshot.results(), Progress.NONE).identityLookup();
            findsEveryObject(snapshot, lookup);
            assertTrue(snapshot.results().result(IdentityLookup.GROUP, IdentityLookup.VERSION).isPresent());
        }
    }

    @Test
    void ascendingIdentitiesAreSearchedInPlaceAndTheCheckIsKept(@TempDir Path dir) throws Exception {
        Path folder = dir.resolve("index");
        try (var builder = new IndexBuilder(folder, Progress.NONE)) {
            builder.format(org.polyheap.model.format.SnapshotFormat.GENERIC);
            int c = builder.addClass(org.polyheap.model.ClassInfo.named("Node"));
            for (int i = 0; i < 5_000; i++) builder.addObject(c, 16, 0x1000 + 24L * i, -1, -1);
            for (int i = 0; i < 5_000; i++) builder.addRoot(new org.polyheap.model.GcRoot(i, org.polyheap.model.RootKind.UNKNOWN, -1, -1));
            builder.finish();
        }
        try (var snapshot = IndexedSnapshot.open(folder)) {
            var lookup = HeapAnalysis.run(snapshot, snapshot.results(), Progress.NONE).identityLookup();
            assertTrue(lookup.inPlace());
            findsEveryObject(snapshot, lookup);
            assertEquals(-1, lookup.find(0x1000 + 24L * 5_000));
            assertEquals(-1, lookup.find(0x1000 + 1));
            var kept = snapshot.results().result(IdentityLookup.GROUP, IdentityLookup.VERSION);
            assertEquals("true", kept.orElseThrow().facts().get("ascending"), "the check is kept too, so a reopen skips it");
        }
    }

    @Test
    void permuteFollowsCycles() {
        var random = new java.util.Random(7);
        for (int n : new int[] {0, 1, 2, 17, 1000}) {
            long[] values = random.longs(n).toArray();
            int[] order = new int[n];
            for (int i = 0; i < n; i++) order[i] = i;
            for (int i = n - 1; i > 0; i--) { int j = random.nextInt(i + 1); int t = order[i]; order[i] = order[j]; order[j] = t; }
            long[] expected = new long[n];
            for (int i = 0; i < n; i++) expected[i] = values[order[i]];
            int[] before = order.clone();
            IdentityLookup.permute(values, order);
            org.junit.jupiter.api.Assertions.assertArrayEquals(expected, values);
            org.junit.jupiter.api.Assertions.assertArrayEquals(before, order, "the order is restored");
        }
    }

    @Test
    void withoutAStoreTheOrderLivesInMemory() throws Exception {
        var builder = new org.polyheap.model.memory.HeapGraphBuilder();
        new DartSnapshotParser().parse(TestData.DART_TINY, builder, Progress.NONE);
        var g = builder.build();
        var lookup = HeapAnalysis.run(g, Progress.NONE).identityLookup();
        findsEveryObject(g, lookup);
    }
}
