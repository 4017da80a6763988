package org.polyheap.ui.editor;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;

import org.polyheap.model.spi.Probe;

/**
 * What the placeholder editor shows about a file before any parsing: size, compression and the
 * format its first bytes look like. Reads at most {@link Probe#HEAD_BYTES} (decompressed) bytes.
 *
 * @param size   file size on disk in bytes
 * @param gzip   whether the file is gzip-compressed
 * @param format human name of the detected format, or {@code "not recognised"}
 */
public record SnapshotFileFacts(long size, boolean gzip, String format) {

    public static SnapshotFileFacts of(Path file) throws IOException {
        long size = Files.size(file);
        Probe probe = Probe.of(file);
        return new SnapshotFileFacts(size, probe.gzip(), formatOf(probe));
    }

    /**
     * Magic-byte check for the four formats. Stands in until the parser bundles register their
     * {@code SnapshotParser}s, whose {@code accepts(Probe)} then decides (Fuchsia pprof needs a parser).
     */
    static String formatOf(Probe probe) {
        if (probe.startsWith("JAVA PROFILE 1.0.")) return "Java HPROF heap dump";
        if (probe.startsWith("dartheap")) return "Dart VM heap snapshot";
        if (startsWithJsonKey(probe.head(), "snapshot")) return "V8 heap snapshot";
        return "not recognised";
    }

    /** True when the bytes are a JSON object whose first key is {@code key} (whitespace allowed). */
    private static boolean startsWithJsonKey(byte[] head, String key) {
        int i = skipSpace(head, 0);
        if (i >= head.length || head[i] != '{') return false;
        i = skipSpace(head, i + 1);
        String quoted = '"' + key + '"';
        if (head.length - i < quoted.length()) return false;
        for (int k = 0; k < quoted.length(); k++) {
            if (head[i + k] != quoted.charAt(k)) return false;
        }
        return true;
    }

    private static int skipSpace(byte[] b, int i) {
        while (i < b.length && (b[i] == ' ' || b[i] == '\n' || b[i] == '\r' || b[i] == '\t')) i++;
        return i;
    }

    /** "1.3 MB (1,345,678 bytes)". */
    public String sizeText() {
        String[] units = {"bytes", "KB", "MB", "GB", "TB"};
        double v = size;
        int u = 0;
        while (v >= 1024 && u < units.length - 1) { v /= 1024; u++; }
        String exact = String.format("%,d bytes", size);
        return u == 0 ? exact : String.format("%.1f %s (%s)", v, units[u], exact);
    }
}
