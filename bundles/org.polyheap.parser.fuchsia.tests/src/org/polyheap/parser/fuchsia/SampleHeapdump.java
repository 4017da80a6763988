package org.polyheap.parser.fuchsia;

import static org.polyheap.parser.fuchsia.ExampleProcess.BUILD_PC;
import static org.polyheap.parser.fuchsia.ExampleProcess.HEAP;
import static org.polyheap.parser.fuchsia.ExampleProcess.MAKE_PC;
import static org.polyheap.parser.fuchsia.ExampleProcess.process;
import static org.polyheap.parser.fuchsia.ExampleProcess.viaMalloc;
import static org.polyheap.parser.fuchsia.FfxProfileWriter.words;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

import org.polyheap.parser.fuchsia.FfxProfileWriter.Allocation;
import org.polyheap.testdata.TestData;

/**
 * Writes {@code sample-tree.pb} and {@code sample-tree.contents/}: a heapdump in the ffx
 * layout (tags, contents) of a tree of blocks — a root holding 3 nodes, each holding 4 leaves, one
 * leaf pointing back into the middle of its parent, plus a two-block cycle nothing points to. Other
 * fragments (the headless command's tests) use it as their Fuchsia input. Also writes
 * {@code sample-multi.pb} and {@code sample-multi.contents/}: the same layout with
 * {@code --multi-process}, two processes (koid 100 a chain of three blocks, koid 200 a pair
 * pointing at each other plus one more block), contents files named {@code <koid>-0x<hex>}. The
 * window's tests open both. Run it by hand when the layout changes:
 * {@code java … org.polyheap.parser.fuchsia.SampleHeapdump} (writes into the Fuchsia folder of {@code TestData}).
 */
public final class SampleHeapdump {
    private SampleHeapdump() { }

    public static void main(String[] args) throws Exception {
        Path data = args.length > 0 ? Path.of(args[0]) : TestData.fuchsia("");
        Path contents = data.resolve("sample-tree.contents");
        Files.createDirectories(contents);
        var allocations = new ArrayList<Allocation>();
        long root = HEAP + 0x10000;
        long[] nodes = new long[3];
        for (int i = 0; i < 3; i++) nodes[i] = HEAP + 0x20000 + 0x1000L * i;
        allocations.add(Allocation.of(root, 32, viaMalloc(MAKE_PC)));
        FfxProfileWriter.content(contents, -1, root, words(nodes[0], nodes[1], nodes[2], 0));
        for (int i = 0; i < 3; i++) {
            long[] leaves = new long[4];
            for (int k = 0; k < 4; k++) leaves[k] = HEAP + 0x40000 + 0x1000L * (4 * i + k);
            allocations.add(Allocation.of(nodes[i], 48, viaMalloc(BUILD_PC)));
            FfxProfileWriter.content(contents, -1, nodes[i], words(leaves[0], leaves[1], leaves[2], leaves[3], 0, 0));
            for (int k = 0; k < 4; k++) {
                long back = k == 3 ? nodes[i] + 16 : 0; // an interior pointer into the parent
                allocations.add(Allocation.of(leaves[k], 64, viaMalloc(MAKE_PC)));
                FfxProfileWriter.content(contents, -1, leaves[k], words(k, back, 0, 0, 0, 0, 0, 0));
            }
        }
        long c1 = HEAP + 0x90000, c2 = HEAP + 0x91000;
        allocations.add(Allocation.of(c1, 16, viaMalloc(BUILD_PC)));
        allocations.add(Allocation.of(c2, 16, viaMalloc(BUILD_PC)));
        FfxProfileWriter.content(contents, -1, c1, words(c2, 0));
        FfxProfileWriter.content(contents, -1, c2, words(c1, 0));
        byte[] profile = new FfxProfileWriter().write(List.of(process("sample.cm", 42,
                allocations.toArray(Allocation[]::new))), true, false);
        FfxProfileWriter.save(data.resolve("sample-tree.pb"), profile, false);
        writeMultiProcess(data);
    }

    private static void writeMultiProcess(Path data) throws Exception {
        Path contents = data.resolve("sample-multi.contents");
        Files.createDirectories(contents);
        long a = HEAP + 0x1000, b = HEAP + 0x2000, c = HEAP + 0x3000;
        FfxProfileWriter.content(contents, 100, a, words(b, 0));
        FfxProfileWriter.content(contents, 100, b, words(c, 0));
        FfxProfileWriter.content(contents, 100, c, words(0, 0, 0, 0));
        FfxProfileWriter.content(contents, 200, a, words(b));
        FfxProfileWriter.content(contents, 200, b, words(a));
        FfxProfileWriter.content(contents, 200, c, words(0, 0, 0, 0, 0, 0, 0, 0));
        byte[] profile = new FfxProfileWriter().write(List.of(
                process("chain.cm", 100, Allocation.of(a, 16, viaMalloc(MAKE_PC)), Allocation.of(b, 16, viaMalloc(BUILD_PC)),
                        Allocation.of(c, 32, viaMalloc(BUILD_PC))),
                process("pair.cm", 200, Allocation.of(a, 8, viaMalloc(MAKE_PC)), Allocation.of(b, 8, viaMalloc(MAKE_PC)),
                        Allocation.of(c, 64, viaMalloc(BUILD_PC)))),
                true, true);
        FfxProfileWriter.save(data.resolve("sample-multi.pb"), profile, false);
    }
}
