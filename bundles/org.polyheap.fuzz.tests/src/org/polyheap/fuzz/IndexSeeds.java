package org.polyheap.fuzz;

import java.nio.file.Files;
import java.nio.file.Path;

/**
 * Writes the index target's seeds (each file of the freshly built index, as {@link IndexFuzz} takes it)
 * into a folder: {@code dev/fuzz.sh} runs it before fuzzing the index. They are made, not kept, so
 * they follow the index format.
 */
public final class IndexSeeds {
    private IndexSeeds() { }

    public static void main(String[] args) throws Exception {
        Path dir = Files.createDirectories(Path.of(args[0]));
        for (String f : IndexFuzz.base().files()) Files.write(dir.resolve("seed-" + f), IndexFuzz.seed(f));
    }
}
