package org.polyheap.analysis;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.List;
import java.util.regex.Pattern;

import org.junit.jupiter.api.Test;
import org.polyheap.model.ClassInfo;
import org.polyheap.model.FieldInfo;
import org.polyheap.model.GcRoot;
import org.polyheap.model.HeapGraph;
import org.polyheap.model.Progress;
import org.polyheap.model.ReferenceKind;
import org.polyheap.model.RootKind;
import org.polyheap.model.format.SnapshotFormat;
import org.polyheap.model.memory.HeapGraphBuilder;

class BigDropsTest {
    private static final Pattern MAT = Pattern.compile(BigDrops.MAT_SKIP);

    /**
     * Objects (class, size): 0 app.Holder(16) holds 1 java.util.HashMap(48) and 13 app.Big(16); the map holds
     * 2 java.util.HashMap$Node[](1,000), which holds ten 3..12 app.Entry(100); 13 holds 14 byte[](5,000);
     * 15 app.Other(1,000) is a root of its own, as is 0. All bytes: 8,080.
     */
    private static HeapGraph heap() {
        var b = new HeapGraphBuilder();
        b.format(SnapshotFormat.HPROF);
        for (String c : List.of("app.Holder", "java.util.HashMap", "java.util.HashMap$Node[]", "app.Entry", "app.Big", "byte[]", "app.Other")) {
            b.addClass(new ClassInfo(c, -1, -1, -1, "", -1, List.<FieldInfo>of()));
        }
        int[] classOf = { 0, 1, 2, 3, 3, 3, 3, 3, 3, 3, 3, 3, 3, 4, 5, 6 };
        long[] size = { 16, 48, 1000, 100, 100, 100, 100, 100, 100, 100, 100, 100, 100, 16, 5000, 1000 };
        for (int i = 0; i < classOf.length; i++) b.addObject(classOf[i], size[i], 0x1000 + 16L * i, -1, -1);
        int f = b.addString("f");
        b.addReference(0, 1, ReferenceKind.FIELD, f);
        b.addReference(0, 13, ReferenceKind.FIELD, f);
        b.addReference(1, 2, ReferenceKind.FIELD, f);
        for (int e = 3; e <= 12; e++) b.addReference(2, e, ReferenceKind.ELEMENT, e - 3);
        b.addReference(13, 14, ReferenceKind.FIELD, f);
        b.addRoot(new GcRoot(0, RootKind.SYSTEM_CLASS, -1, -1));
        b.addRoot(new GcRoot(15, RootKind.JNI_GLOBAL, -1, -1));
        return b.build();
    }

    private static BigDrops.Result find(HeapGraph g, double percent, Pattern skip) {
        return BigDrops.find(g, TestGraphs.dominators(g), percent, skip, Progress.NONE);
    }

    @Test
    void dropsNestUnderTheDropTheyAreFoundUnderAndWrappersArePassedOver() {
        var r = find(heap(), 10, MAT); // drops of more than 808 bytes
        assertEquals(808, r.thresholdBytes());
        var drops = r.drops();
        assertEquals(List.of(0, 14, 2, 15), drops.stream().map(BigDrops.Drop::object).toList());
        assertEquals(List.of(0, 1, 1, 0), drops.stream().map(BigDrops.Drop::level).toList());
        assertEquals(List.of(-1, 0, 0, -1), drops.stream().map(BigDrops.Drop::parent).toList());
        var holder = drops.get(0);
        assertEquals(8080 - 1000, holder.retained());
        assertEquals(5016, holder.biggestChild(), "its biggest child: app.Big and its array");
        assertEquals(2, holder.children());
        var table = drops.get(2); // app.Big passes its bytes on to its array, the map to its table
        assertEquals(2000, table.retained());
        assertEquals(100, table.biggestChild());
        assertEquals(1900, table.drop());
        assertEquals(10, table.children());
        var array = drops.get(1);
        assertEquals(0, array.children(), "a leaf that retains more than the threshold is a drop");
        assertEquals(5000, array.drop());
    }

    @Test
    void theDominatorShownIsTheFirstOutsideTheSkippedClasses() {
        var drops = find(heap(), 10, MAT).drops();
        assertEquals(0, drops.get(2).dominator(), "the table's and the map's classes are skipped: app.Holder");
        assertEquals(14, drops.get(1).dominator(), "byte[] is not skipped: the array itself");
        assertEquals(2, find(heap(), 10, null).drops().get(2).dominator(), "nothing skipped: the table itself");
        assertEquals(DominatorTree.VIRTUAL_ROOT, find(heap(), 10, Pattern.compile(".*")).drops().get(2).dominator(),
                "everything skipped: the root");
    }

    @Test
    void anObjectStandingInForTheRootIsListed() {
        // above 12.4 % the root is no drop (8,080 - 7,080 = 1,000), so app.Holder stands in for it and, at 50 %
        // (4,040), is no drop either: the walk goes on to app.Big and its array, which is
        var drops = find(heap(), 50, MAT).drops();
        assertEquals(List.of(14), drops.stream().map(BigDrops.Drop::object).toList());
        assertEquals(0, drops.getFirst().level());
    }

    @Test
    void aLongChainOfWrappersIsWalkedWithoutRecursion() {
        int chain = 200_000, leaves = 1_000;
        var b = new HeapGraphBuilder();
        b.format(SnapshotFormat.GENERIC);
        for (int i = 0; i < chain + leaves; i++) b.addObject(8);
        for (int i = 0; i + 1 < chain; i++) b.addReference(i, i + 1);
        for (int l = 0; l < leaves; l++) b.addReference(chain - 1, chain + l);
        b.addRoot(new GcRoot(0, RootKind.UNKNOWN, -1, -1));
        var drops = find(b.build(), 0.1, null).drops(); // 1,608 bytes: each wrapper passes all but 8 on
        assertEquals(1, drops.size());
        assertEquals(chain - 1, drops.getFirst().object(), "the last wrapper, above its thousand leaves");
        assertEquals(leaves, drops.getFirst().children());
    }
}
