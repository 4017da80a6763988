package org.polyheap.index;

import java.util.List;
import java.util.Random;

import org.polyheap.model.ClassInfo;
import org.polyheap.model.FieldInfo;
import org.polyheap.model.FieldType;
import org.polyheap.model.GcRoot;
import org.polyheap.model.ReferenceKind;
import org.polyheap.model.RootKind;
import org.polyheap.model.SnapshotSink;
import org.polyheap.model.format.SnapshotFormat;

/** Feeds the same random snapshot into any number of sinks, in a parser-like interleaved order. */
final class RandomGraphs {
    private RandomGraphs() { }

    static void feed(long seed, int objects, int maxOut, SnapshotSink... sinks) {
        var r = new Random(seed);
        int classes = 1 + r.nextInt(12);
        int strings = 1 + r.nextInt(50);
        for (SnapshotSink s : sinks) s.format(SnapshotFormat.GENERIC);
        for (SnapshotSink s : sinks) s.fact("seed", Long.toString(seed));
        for (int c = 0; c < classes; c++) {
            var info = ClassInfo.named("C" + c + "\u00e9\u4e2d");
            for (SnapshotSink s : sinks) s.addClass(info);
        }
        for (int o = 0; o < objects; o++) {
            int cls = r.nextInt(classes);
            long size = r.nextInt(10) == 0 ? r.nextLong() & Long.MAX_VALUE : 16 + 8L * r.nextInt(100);
            long identity = 0x7_0000_0000L + 16L * o + r.nextInt(3);
            long offset = r.nextBoolean() ? -1 : r.nextLong(1L << 40);
            int label = r.nextInt(3) == 0 ? -1 : r.nextInt(strings); // strings are added later, as V8 does
            int type = r.nextInt(8) - 1;
            for (SnapshotSink s : sinks) s.addObject(cls, size, identity, offset, label, type);
        }
        for (int o = 0; o < objects; o++) {
            int n = r.nextInt(maxOut + 1);
            for (int k = 0; k < n; k++) {
                int to = r.nextInt(objects);
                ReferenceKind kind = ReferenceKind.ofCode(r.nextInt(ReferenceKind.values().length));
                int name = kind.isIndexed() ? k : r.nextInt(strings + 1) - 1;
                for (SnapshotSink s : sinks) s.addReference(o, to, kind, name);
            }
            if (r.nextInt(20) == 0) {
                var root = new GcRoot(o, RootKind.ofCode(r.nextInt(RootKind.values().length)),
                        r.nextBoolean() ? -1 : r.nextInt(objects), r.nextInt(5) - 1);
                for (SnapshotSink s : sinks) s.addRoot(root);
            }
        }
        if (objects > 0) { // sparse attributes in random order, some objects set twice (the last value wins)
            int entries = r.nextInt(objects / 4 + 2);
            for (int i = 0; i < entries; i++) {
                int o = r.nextInt(objects);
                long v = r.nextInt(4) == 0 ? r.nextLong() : r.nextInt(1000);
                String attribute = i % 3 == 0 ? "test.location" : "test.external-size";
                for (SnapshotSink s : sinks) s.addAttribute(attribute, o, v);
            }
            // values given at once: the first sink takes them one by one, the others as arrays; to a new
            // attribute and to one that has values already
            int count = r.nextInt(objects / 4 + 2);
            int[] ids = new int[count];
            long[] values = new long[count];
            for (int i = 0; i < count; i++) {
                ids[i] = r.nextInt(objects);
                values[i] = r.nextLong();
            }
            for (String attribute : new String[] {"test.bulk", "test.location"}) {
                for (int i = 0; i < count; i++) sinks[0].addAttribute(attribute, ids[i], values[i]);
                for (int k = 1; k < sinks.length; k++) sinks[k].addAttributes(attribute, ids.clone(), values.clone(), count);
            }
        }
        for (int i = 0; i < strings; i++) {
            String text = i % 7 == 0 ? "" : "s" + i + "\ud83d\ude00" + "x".repeat(r.nextInt(30));
            for (SnapshotSink s : sinks) s.addString(text);
        }
        if (objects > 0) { // a class learned late, with fields and a class object
            var late = new ClassInfo("Late", classes > 1 ? 1 : -1, r.nextInt(objects), -1, "lib:x", 24,
                    List.of(new FieldInfo("next", FieldType.OBJECT), new FieldInfo("n", FieldType.INT, 3)));
            for (SnapshotSink s : sinks) s.replaceClass(0, late);
        }
        for (SnapshotSink s : sinks) s.warning("warning " + seed);
    }
}
