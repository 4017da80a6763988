package org.polyheap.index;

import java.io.BufferedReader;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.concurrent.atomic.AtomicInteger;

import org.polyheap.model.ClassInfo;
import org.polyheap.model.GcRoot;
import org.polyheap.model.Progress;
import org.polyheap.model.ReferenceKind;
import org.polyheap.model.RootKind;
import org.polyheap.model.SnapshotFormatException;
import org.polyheap.model.SnapshotSink;
import org.polyheap.model.format.SnapshotFormat;
import org.polyheap.model.spi.ParseOptions;
import org.polyheap.model.spi.Probe;
import org.polyheap.model.spi.SnapshotParser;
import org.polyheap.model.spi.SnapshotSource;

/**
 * A real parser of a trivial text format, for the store's tests. Lines:
 * <pre>
 * polyheap-text                      (first line, the magic)
 * class NAME | string TEXT | object CLASS SIZE IDENTITY | ref FROM TO | root OBJECT
 * </pre>
 * Reports one unit of progress per line, so a test can stop it halfway.
 */
final class TextSnapshotParser implements SnapshotParser {
    static final String MAGIC = "polyheap-text";
    final AtomicInteger parses = new AtomicInteger();

    @Override public SnapshotFormat format() { return SnapshotFormat.GENERIC; }

    @Override public boolean accepts(Probe probe) { return probe.startsWith(MAGIC + "\n"); }

    @Override
    public void parse(SnapshotSource source, SnapshotSink sink, Progress progress, ParseOptions options)
            throws IOException, SnapshotFormatException {
        Path file = source.file();
        parses.incrementAndGet();
        progress.phase("Parsing", Files.size(file));
        sink.format(format());
        long offset = 0;
        try (BufferedReader in = Files.newBufferedReader(file, StandardCharsets.UTF_8)) {
            String line = in.readLine();
            offset += line.length() + 1;
            while ((line = in.readLine()) != null) {
                progress.checkCanceled();
                String[] f = line.split(" ", 2);
                try {
                    switch (f[0]) {
                        case "class" -> sink.addClass(ClassInfo.named(f[1]));
                        case "string" -> sink.addString(f[1]);
                        case "object" -> {
                            String[] a = f[1].split(" ");
                            sink.addObject(Integer.parseInt(a[0]), Long.parseLong(a[1]), Long.parseLong(a[2]), offset, -1);
                        }
                        case "ref" -> {
                            String[] a = f[1].split(" ");
                            sink.addReference(Integer.parseInt(a[0]), Integer.parseInt(a[1]), ReferenceKind.FIELD, -1);
                        }
                        case "root" -> sink.addRoot(new GcRoot(Integer.parseInt(f[1]), RootKind.UNKNOWN, -1, -1));
                        default -> throw new SnapshotFormatException(file, offset, "unknown line kind " + f[0]);
                    }
                } catch (RuntimeException e) {
                    if (e instanceof java.util.concurrent.CancellationException || e instanceof java.io.UncheckedIOException) throw e;
                    throw new SnapshotFormatException(file, offset, "bad line: " + line, e);
                }
                offset += line.getBytes(StandardCharsets.UTF_8).length + 1;
                progress.worked(1);
            }
        }
    }

    /** Writes a chain-with-shortcuts snapshot of {@code objects} objects. */
    static void write(Path file, int objects) throws IOException {
        var sb = new StringBuilder(MAGIC).append('\n');
        sb.append("class java.lang.Object\nclass byte[]\n");
        for (int i = 0; i < objects; i++) sb.append("object ").append(i % 2).append(' ').append(16 + i % 7 * 8).append(' ').append(0x1000 + 16L * i).append('\n');
        for (int i = 0; i < objects; i++) {
            if (i + 1 < objects) sb.append("ref ").append(i).append(' ').append(i + 1).append('\n');
            if (i % 3 == 0 && i > 0) sb.append("ref ").append(i).append(' ').append(i / 3).append('\n');
        }
        sb.append("root 0\nstring done\n");
        Files.writeString(file, sb, StandardCharsets.UTF_8);
    }
}
