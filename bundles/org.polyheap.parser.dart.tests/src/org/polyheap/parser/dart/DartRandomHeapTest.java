package org.polyheap.parser.dart;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Random;

import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;
import org.polyheap.model.HeapGraph;
import org.polyheap.model.ReferenceKind;

/** Random heaps through the VM-style encoder: every object, size, hash and reference comes back. */
class DartRandomHeapTest {
    @TempDir Path dir;

    record Obj(int cls, long size, long hash, long[] refs) { }

    @ParameterizedTest
    @ValueSource(longs = { 1, 2, 3, 42 })
    void randomHeapRoundTrips(long seed) throws Exception {
        var rnd = new Random(seed);
        var w = new DartHeapWriter();
        w.addClass("Root", "", "");
        w.addClass("Read-Only Pages", "", "");
        w.addClass("Isolate", "", "", 0, "a", 1, "b");
        int classCount = 3 + rnd.nextInt(20);
        List<int[]> slots = new ArrayList<>();
        slots.add(new int[0]);
        slots.add(new int[0]);
        slots.add(new int[] { 0, 1 });
        for (int c = 4; c <= classCount; c++) {
            int n = rnd.nextInt(4);
            Object[] fields = new Object[2 * n];
            int[] s = new int[n];
            for (int i = 0; i < n; i++) {
                s[i] = i;
                fields[2 * i] = i;
                fields[2 * i + 1] = "f" + c + "_" + i;
            }
            w.addClass("C" + c, "lib" + c, "package:x/c" + c + ".dart", fields);
            slots.add(s);
        }
        int objectCount = 3 + rnd.nextInt(2000);
        var objs = new ArrayList<Obj>();
        for (int o = 1; o <= objectCount; o++) {
            int cls = o <= 3 ? o : 4 + rnd.nextInt(classCount - 3);
            long[] refs = new long[rnd.nextInt(6)];
            for (int i = 0; i < refs.length; i++) refs[i] = rnd.nextInt(4) == 0 ? 0 : 1 + rnd.nextInt(objectCount);
            long size = rnd.nextBoolean() ? rnd.nextInt(100) : rnd.nextLong(1L << 40);
            long hash = rnd.nextBoolean() ? 0 : rnd.nextLong(1L << 32);
            byte[] data = switch (rnd.nextInt(6)) {
                case 0 -> DartHeapWriter.noData();
                case 1 -> DartHeapWriter.lengthData(rnd.nextLong(1L << 50));
                case 2 -> DartHeapWriter.nameData("n\u00e4me" + o);
                case 3 -> DartHeapWriter.latin1Data("s".repeat(rnd.nextInt(300)), 128);
                case 4 -> DartHeapWriter.doubleData(rnd.nextDouble());
                default -> DartHeapWriter.utf16Data("\u4e2d".repeat(rnd.nextInt(200)), 128);
            };
            w.addObject(cls, size, data, hash, refs);
            objs.add(new Obj(cls, size, hash, refs));
        }
        Path file = dir.resolve("random.dartheap");
        Files.write(file, w.bytes(true));
        HeapGraph g = DartRoundTripTest.parse(file);

        assertEquals(objectCount, g.objectCount());
        for (int o = 0; o < objectCount; o++) {
            Obj expected = objs.get(o);
            assertEquals(expected.cls(), g.objectClass().get(o));
            assertEquals(expected.size(), g.shallowSize().get(o));
            assertEquals(expected.hash(), g.identity().get(o));
            int[] declared = slots.get(expected.cls() - 1);
            var want = new ArrayList<DartRoundTripTest.Ref>();
            for (int slot = 0; slot < expected.refs().length; slot++) {
                if (expected.refs()[slot] == 0) continue;
                boolean field = slot < declared.length;
                String fieldName = expected.cls() == 3 ? (slot == 0 ? "a" : "b") : "f" + expected.cls() + "_" + slot;
                want.add(new DartRoundTripTest.Ref((int) expected.refs()[slot],
                        field ? ReferenceKind.FIELD : ReferenceKind.ELEMENT,
                        field ? fieldName : "[" + (slot - declared.length) + "]"));
            }
            assertEquals(want, DartRoundTripTest.refs(g, o + 1), "object " + (o + 1));
        }
    }
}
