import java.nio.file.Path;

import org.polyheap.model.Progress;
import org.polyheap.model.memory.HeapGraphBuilder;
import org.polyheap.model.spi.ParseOptions;
import org.polyheap.parser.fuchsia.FuchsiaHeapdumpParser;

/**
 * Parses a heapdump (with its contents folder) into the in-memory graph builder and prints wall
 * time and counts. Run under /usr/bin/time -v for the peak RSS.
 *
 *   java -cp <quicktest classes>:<fastutil>:<protobuf> HeapdumpBenchmark.java PROFILE.pb CONTENTS_DIR
 */
public class HeapdumpBenchmark {
    public static void main(String[] args) throws Exception {
        long t0 = System.nanoTime();
        var builder = new HeapGraphBuilder();
        new FuchsiaHeapdumpParser().parse(Path.of(args[0]), builder, Progress.NONE,
                new ParseOptions(java.util.Map.of("contents", args[1])));
        long t1 = System.nanoTime();
        var g = builder.build();
        long t2 = System.nanoTime();
        System.out.printf("objects %d, references %d, roots %d, sites %d; parse+scan %.1f s, build %.1f s%n",
                g.objectCount(), g.outTarget().size(), g.gcRoots().size(), g.classes().size(),
                (t1 - t0) / 1e9, (t2 - t1) / 1e9);
        System.out.println(g.facts());
        builder.warnings().forEach(w -> System.out.println("warning: " + w));
    }
}
