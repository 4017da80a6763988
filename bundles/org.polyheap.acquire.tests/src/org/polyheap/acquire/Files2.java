package org.polyheap.acquire;

import java.io.IOException;
import java.io.InputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.stream.Stream;

/** What the tests look at in a destination folder. */
final class Files2 {
    private Files2() { }

    /** The first {@code n} bytes of {@code file} as Latin-1 text. */
    static String head(Path file, int n) throws IOException {
        try (InputStream in = Files.newInputStream(file)) {
            return new String(in.readNBytes(n), java.nio.charset.StandardCharsets.ISO_8859_1);
        }
    }

    /** The names in {@code dir}, hidden part files included. */
    static List<String> names(Path dir) throws IOException {
        try (Stream<Path> s = Files.list(dir)) {
            return s.map(p -> p.getFileName().toString()).sorted().toList();
        }
    }

    /** True when {@code file} holds {@code text} (read whole: small snapshots only). */
    static boolean contains(Path file, String text) throws IOException {
        return new String(Files.readAllBytes(file), java.nio.charset.StandardCharsets.ISO_8859_1).contains(text);
    }
}
