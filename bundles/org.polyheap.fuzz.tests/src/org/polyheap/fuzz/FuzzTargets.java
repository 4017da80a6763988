package org.polyheap.fuzz;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.Stream;

/**
 * The fuzz targets, by the name of their corpus folders: {@code corpus/<name>/} holds the seeds made
 * from real snapshots, {@code regressions/<name>/} every input that ever made the target fail. Both are
 * replayed by {@link CorpusReplayTest} and given to Jazzer by {@code dev/fuzz.sh}.
 */
public enum FuzzTargets {
    HPROF(ParserFuzz.class), V8(ParserFuzz.class), DART(ParserFuzz.class), FUCHSIA(ParserFuzz.class), INDEX(IndexFuzz.class);

    /** Interface of a target: Jazzer's {@code fuzzerTestOneInput(byte[])}. */
    interface Body { void run(byte[] input) throws Exception; }

    final Class<?> targetClass;

    FuzzTargets(Class<?> targetClass) { this.targetClass = targetClass; }

    String folderName() { return name().toLowerCase(java.util.Locale.ROOT); }

    Body body() {
        return switch (this) {
            case HPROF, V8, DART, FUCHSIA -> ParserTarget.of(folderName())::run;
            case INDEX -> IndexFuzz::fuzzerTestOneInput;
        };
    }

    /** Seeds and regressions of this target, relative to the bundle folder; the index's seeds are made at run time. */
    List<Path> inputs() throws IOException {
        List<Path> all = new ArrayList<>();
        for (String root : new String[] {"corpus", "regressions"}) {
            Path dir = Path.of(root, folderName());
            if (!Files.isDirectory(dir)) continue;
            try (Stream<Path> s = Files.list(dir)) {
                s.filter(Files::isRegularFile).filter(p -> !p.getFileName().toString().startsWith(".")).sorted().forEach(all::add);
            }
        }
        return all;
    }
}
