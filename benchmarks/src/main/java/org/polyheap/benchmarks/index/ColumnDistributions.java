package org.polyheap.benchmarks.index;

import java.util.SplittableRandom;

/** Value distributions seen in real indexes, generated reproducibly. */
final class ColumnDistributions {
    private ColumnDistributions() { }

    /** Ascending object ids with small gaps: inbound sources, dominator children, 1:N bodies. */
    static long[] sortedIds(int n, long seed) {
        var r = new SplittableRandom(seed);
        long[] a = new long[n];
        long id = 0;
        for (int i = 0; i < n; i++) a[i] = id += 1 + (r.nextInt(8) == 0 ? r.nextInt(200) : r.nextInt(3));
        return a;
    }

    /** Class ids: a few thousand classes, a handful of them (String, byte[], HashMap$Node) very common. */
    static long[] classIds(int n, long seed) {
        var r = new SplittableRandom(seed);
        long[] a = new long[n];
        for (int i = 0; i < n; i++) {
            double u = r.nextDouble();
            a[i] = u < 0.5 ? r.nextInt(8) : u < 0.9 ? r.nextInt(300) : r.nextInt(6000);
        }
        return a;
    }

    /** Shallow sizes: mostly small 8-aligned objects, some arrays, rare huge ones. */
    static long[] sizes(int n, long seed) {
        var r = new SplittableRandom(seed);
        long[] a = new long[n];
        for (int i = 0; i < n; i++) {
            double u = r.nextDouble();
            a[i] = u < 0.9 ? 16 + 8L * r.nextInt(8) : u < 0.999 ? 16 + 8L * r.nextInt(512) : 16 + 8L * r.nextInt(1 << 22);
        }
        return a;
    }

    /** HPROF object addresses: ascending, 8-aligned, above 4 GiB. */
    static long[] addresses(int n, long seed) {
        var r = new SplittableRandom(seed);
        long[] a = new long[n];
        long at = 0x7_0000_0000L;
        for (int i = 0; i < n; i++) a[i] = at += 8L * (2 + r.nextInt(6));
        return a;
    }

    static long[] of(String name, int n) {
        return switch (name) {
            case "sortedIds" -> sortedIds(n, 1);
            case "classIds" -> classIds(n, 2);
            case "sizes" -> sizes(n, 3);
            case "addresses" -> addresses(n, 4);
            default -> throw new IllegalArgumentException(name);
        };
    }
}
