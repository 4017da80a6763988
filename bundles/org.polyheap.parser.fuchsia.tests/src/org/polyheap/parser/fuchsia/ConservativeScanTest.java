package org.polyheap.parser.fuchsia;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.polyheap.parser.fuchsia.ExampleProcess.*;
import static org.polyheap.parser.fuchsia.FfxProfileWriter.words;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.polyheap.model.HeapGraph;
import org.polyheap.model.ReferenceKind;
import org.polyheap.model.RootKind;
import org.polyheap.model.spi.ParseOptions;
import org.polyheap.parser.fuchsia.FfxProfileWriter.Allocation;

class ConservativeScanTest {
    @TempDir Path dir;

    /** Writes a tagged profile of the given blocks and their contents to snap.pb + snap.contents/. */
    private Heaps.Parsed heap(long[] addresses, long[] sizes, byte[][] contents, ParseOptions options) throws Exception {
        var allocations = new ArrayList<Allocation>();
        for (int i = 0; i < addresses.length; i++) {
            allocations.add(Allocation.of(addresses[i], sizes[i], viaMalloc(i % 2 == 0 ? MAKE_PC : BUILD_PC)));
            if (contents[i] != null) FfxProfileWriter.content(dir.resolve("snap.contents"), -1, addresses[i], contents[i]);
        }
        byte[] profile = new FfxProfileWriter().write(List.of(process("example.cm", 42, allocations.toArray(Allocation[]::new))), true, false);
        return Heaps.parse(FfxProfileWriter.save(dir.resolve("snap.pb"), profile, false), options);
    }

    private static int[] targets(HeapGraph g, int o) {
        int from = (int) g.outStart().get(o), to = (int) g.outStart().get(o + 1);
        int[] t = new int[to - from];
        g.outTarget().copyTo(from, t, 0, t.length);
        return t;
    }

    private static List<String> roots(HeapGraph g) {
        return g.gcRoots().stream().map(r -> r.object() + ":" + r.kind()).toList();
    }

    @Test
    void linkedListIsAChainOfPointersRootedAtItsHead() throws Exception {
        long a = HEAP + 0x1000, b = HEAP + 0x2000, c = HEAP + 0x3000;
        var p = heap(new long[] {a, b, c}, new long[] {16, 16, 16},
                new byte[][] {words(b, 7), words(c, 7), words(0, 7)}, ParseOptions.NONE);
        var g = p.graph();
        assertArrayEquals(new int[] {1}, targets(g, 0));
        assertArrayEquals(new int[] {2}, targets(g, 1));
        assertArrayEquals(new int[] {}, targets(g, 2));
        assertEquals(ReferenceKind.POINTER.code(), g.outKind().get(0));
        assertEquals("+0x0", g.string(g.outName().get(0)));
        assertEquals(List.of("0:" + RootKind.NO_INCOMING), roots(g));
        int[] idom = Heaps.naiveIdom(g);
        assertArrayEquals(new int[] {-1, 0, 1}, idom);
        assertEquals(48, Heaps.retained(g, idom)[0]);
        assertEquals("8", g.facts().get("wordSize"));
        assertEquals("3", g.facts().get("blocksScanned"));
    }

    @Test
    void dominatorOfSharedBlockIsTheCommonParent() throws Exception {
        long r = HEAP, x = HEAP + 0x100, y = HEAP + 0x200, s = HEAP + 0x300, leaf = HEAP + 0x400;
        var p = heap(new long[] {r, x, y, s, leaf}, new long[] {32, 16, 16, 64, 8},
                new byte[][] {words(x, y, 0, 0), words(s, 0), words(s, leaf), words(0, 0, 0, 0, 0, 0, 0, 0), words(0)},
                ParseOptions.NONE);
        var g = p.graph();
        int[] idom = Heaps.naiveIdom(g);
        assertEquals(0, idom[p.byAddress(s)], "s is reached through x and y, so r dominates it");
        assertEquals(p.byAddress(y), idom[p.byAddress(leaf)]);
        long[] retained = Heaps.retained(g, idom);
        assertEquals(16, retained[p.byAddress(x)]);
        assertEquals(24, retained[p.byAddress(y)]);
        assertEquals(32 + 16 + 16 + 64 + 8, retained[0]);
        assertEquals(List.of("0:" + RootKind.NO_INCOMING), roots(g));
    }

    @Test
    void unreachableCycleGetsOneRepresentativeAndCyclesBelowItGetNone() throws Exception {
        // r -> u <-> v (cycle below a root); m <-> n -> p <-> q -> t (only m/n is a source group)
        long r = HEAP, u = HEAP + 0x100, v = HEAP + 0x200, m = HEAP + 0x300, n = HEAP + 0x400,
                pp = HEAP + 0x500, q = HEAP + 0x600, t = HEAP + 0x700;
        var p = heap(new long[] {r, u, v, m, n, pp, q, t}, new long[] {8, 8, 8, 8, 16, 8, 16, 104},
                new byte[][] {words(u), words(v), words(u), words(n), words(m, pp), words(q), words(pp, t), new byte[104]},
                ParseOptions.NONE);
        var g = p.graph();
        assertEquals(List.of("0:" + RootKind.NO_INCOMING, "3:" + RootKind.CYCLE_REPRESENTATIVE), roots(g));
        int[] idom = Heaps.naiveIdom(g);
        for (int o = 1; o < g.objectCount(); o++) {
            if (o != 3) assertTrue(idom[o] >= 0, "every block is reachable from a root: " + o);
        }
        assertEquals(16 + 8 + 16 + 104, Heaps.retained(g, idom)[4], "n retains the p/q cycle and t");
        assertTrue(g.facts().get("rootModel").startsWith("conservative"));
        assertTrue(p.warnings().isEmpty(), p.warnings().toString());
    }

    @Test
    void pointerIntoTheMiddleOfABlockIsAnInteriorPointerNamedByItsOffset() throws Exception {
        long a = HEAP + 0x1000, b = HEAP + 0x2000;
        var p = heap(new long[] {a, b}, new long[] {24, 32},
                new byte[][] {words(0x1234, b + 16, b + 31), words(b + 8, b + 32, 0, 0)}, ParseOptions.NONE);
        var g = p.graph();
        assertArrayEquals(new int[] {1, 1}, targets(g, 0));
        assertEquals(ReferenceKind.INTERIOR_POINTER.code(), g.outKind().get(0));
        assertEquals("+0x8", g.string(g.outName().get(0)));
        assertEquals("+0x10", g.string(g.outName().get(1)));
        assertArrayEquals(new int[] {}, targets(g, 1), "a pointer into its own block or just past it is no edge");
    }

    @Test
    void thirtyTwoBitBlocksAreScannedInFourByteWords() throws Exception {
        long a = 0x1000_0000L, b = 0x1000_0100L, c = 0x1000_0200L;
        var bytes = java.nio.ByteBuffer.allocate(12).order(java.nio.ByteOrder.LITTLE_ENDIAN).putInt(0).putInt((int) b).putInt((int) c).array();
        var p = heap(new long[] {a, b, c}, new long[] {12, 4, 4}, new byte[][] {bytes, null, null}, ParseOptions.NONE);
        assertEquals("4", p.graph().facts().get("wordSize"));
        assertArrayEquals(new int[] {1, 2}, targets(p.graph(), 0));
        assertEquals("+0x4", p.graph().string(p.graph().outName().get(0)));
        var wide = heap(new long[] {a, b, c}, new long[] {12, 4, 4}, new byte[][] {bytes, null, null},
                new ParseOptions(Map.of("wordSize", "8")));
        assertArrayEquals(new int[] {}, targets(wide.graph(), 0), "as 8-byte words the pointers are not aligned");
    }

    @Test
    void contentsOptionAndMultiProcessKoidPrefixSelectTheFiles() throws Exception {
        long a = HEAP + 0x1000, b = HEAP + 0x2000;
        byte[] profile = new FfxProfileWriter().write(List.of(
                process("one.cm", 100, Allocation.of(a, 8, viaMalloc(MAKE_PC)), Allocation.of(b, 8, viaMalloc(MAKE_PC))),
                process("two.cm", 200, Allocation.of(a, 8, viaMalloc(MAKE_PC)), Allocation.of(b, 8, viaMalloc(MAKE_PC)))),
                true, true);
        Path folder = dir.resolve("dump");
        FfxProfileWriter.content(folder, 100, a, words(b));
        FfxProfileWriter.content(folder, 200, b, words(a));
        Path file = FfxProfileWriter.save(dir.resolve("x.pb"), profile, false);
        var one = Heaps.parse(file, new ParseOptions(Map.of("contents", folder.toString(), "process", "100"))).graph();
        assertArrayEquals(new int[] {1}, targets(one, 0));
        assertArrayEquals(new int[] {}, targets(one, 1));
        var two = Heaps.parse(file, new ParseOptions(Map.of("contents", folder.toString(), "process", "200"))).graph();
        assertArrayEquals(new int[] {}, targets(two, 0));
        assertArrayEquals(new int[] {0}, targets(two, 1));
    }

    @Test
    void siblingFolderNamedContentsIsFoundAndNoneTurnsTheScanOff() throws Exception {
        long a = HEAP + 0x1000, b = HEAP + 0x2000;
        byte[] profile = new FfxProfileWriter().write(List.of(process("one.cm", 100,
                Allocation.of(a, 8, viaMalloc(MAKE_PC)), Allocation.of(b, 8, viaMalloc(MAKE_PC)))), true, false);
        FfxProfileWriter.content(dir.resolve("contents"), -1, a, words(b));
        Path file = FfxProfileWriter.save(dir.resolve("heap.pb.gz"), profile, true);
        var scanned = Heaps.parse(file, ParseOptions.NONE).graph();
        assertArrayEquals(new int[] {1}, targets(scanned, 0));
        assertEquals(dir.resolve("contents").toString(), scanned.facts().get("contents"));
        var off = Heaps.parse(file, new ParseOptions(Map.of("contents", "none"))).graph();
        assertEquals(0, off.outTarget().size());
        assertEquals(2, off.gcRoots().size());
    }
}
