package org.polyheap.report.cli;

import java.io.OutputStream;
import java.io.PrintStream;
import java.util.List;

/**
 * The training runs of the product's ahead-of-time caches (JDK 25, {@code -XX:AOTCacheOutput}), by
 * the first argument (the launcher needs a subcommand there to take the headless path):
 * <ul>
 * <li>{@code query FILE}: the cache of {@code polyheap query}: the SQL engine's classes, which cost a
 *     first statement 1.6 s of loading and linking in a new JVM, recorded from the statements users
 *     start with, on a small dump. A separate cache from the other commands' one: trained on both, the
 *     cache made {@code overview} twice as slow (0.44 s of CPU against 0.22 s; docs/benchmarks.md,
 *     "Start-up").</li>
 * <li>{@code overview FILE...}: the other commands' cache, classes and method profiles of a first
 *     open (parse, index, dominators) of each file: one snapshot per format whose first open should start
 *     with compiled code (an HPROF dump and a plain V8 snapshot, whose nodes are then read on a thread
 *     of their own as in a big one); then {@code dominators --top 20} of each, so that the top-level
 *     list's and the table's lambdas are in the cache too (else linked at first use).</li>
 * </ul>
 * Run by the product build ({@code finish-products.sh}) through the launcher with
 * {@code POLYHEAP_HEADLESS_MAIN}, so that the class path is the launcher's own (a cache serves only the
 * class path it was made with). Output is dropped; exits 1 when a command fails, so a broken training
 * fails the build rather than making a thin cache.
 */
public final class AotTraining {
    private AotTraining() { }

    public static void main(String[] args) {
        var quiet = new PrintStream(OutputStream.nullOutputStream());
        List<List<String>> commands = args[0].equals("query") ? queries(args[args.length - 1])
                : java.util.Arrays.stream(args, 1, args.length)
                        .flatMap(f -> java.util.stream.Stream.of(List.of("overview", f), List.of("dominators", "--top", "20", f))).toList();
        for (var command : commands) {
            int code = Main.run(command, quiet, quiet);
            if (code != 0) {
                System.err.println("aot training: polyheap " + String.join(" ", command) + " exited " + code);
                System.exit(1);
            }
        }
        System.exit(0);
    }

    private static List<List<String>> queries(String file) {
        return List.of(
                List.of("query", file, "SELECT class, count(*), sum(retained) FROM objects WHERE shallow > 100 GROUP BY class ORDER BY 3 DESC LIMIT 20"),
                List.of("query", file, "SELECT * FROM objects WHERE id = '#1'"),
                List.of("query", file, "--json", "SELECT r.name, count(*) FROM objects o JOIN refs r ON r.source = o.id "
                        + "WHERE o.class = 'java.lang.String' GROUP BY r.name"),
                List.of("query", file, "--oql", "SELECT s.value.@length FROM java.lang.String s WHERE s.@retainedHeapSize > 100"));
    }
}
