package org.polyheap.index.sort;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import java.nio.file.Path;
import java.util.Arrays;
import java.util.Random;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The radix sort of a run orders pairs exactly as a full sort does, given sources in order. */
class InboundSorterTest {
    @TempDir Path dir;

    @Test
    void radixSortByTargetEqualsAFullSortWhenSourcesComeInOrder() {
        var r = new Random(3);
        for (int bits : new int[] {0, 1, 15, 16, 17, 24, 31}) {
            int n = 1 + r.nextInt(200_000);
            long[] pairs = new long[n];
            int source = 0;
            for (int i = 0; i < n; i++) {
                if (r.nextInt(4) == 0) source += r.nextInt(3);
                long target = bits == 0 ? 0 : r.nextLong(1L << bits);
                pairs[i] = target << 32 | source;
            }
            long[] expected = pairs.clone();
            Arrays.sort(expected);
            InboundSorter.sortByTarget(pairs, n, new long[n]);
            assertArrayEquals(expected, pairs, bits + " bits of target");
        }
    }

    @Test
    void sourcesOutOfOrderAreRefused() throws Exception {
        try (var sorter = new InboundSorter(dir, 16)) {
            sorter.add(3, 5);
            assertThrows(IllegalArgumentException.class, () -> sorter.add(1, 4));
            assertThrows(IllegalArgumentException.class, () -> sorter.addAll(new int[] {1, 2}, new int[] {6, 5}, 2));
        }
    }
}
