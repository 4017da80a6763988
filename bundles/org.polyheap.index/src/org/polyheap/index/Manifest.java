package org.polyheap.index;

import java.io.IOException;
import java.lang.foreign.Arena;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.zip.CRC32C;

import org.polyheap.index.column.IndexDamagedException;
import org.polyheap.index.column.IndexOutput;
import org.polyheap.index.column.MappedFile;
import org.polyheap.index.table.SegmentInput;
import org.polyheap.model.spi.ParseOptions;

/**
 * The index folder's manifest: written last, so a folder without a valid one is never used.
 * Binary, big-endian, ending with a CRC32C of everything before it (layout in docs/index-format.md).
 *
 * @param files every other file of the index with its size and CRC32C, in writing order
 */
public record Manifest(int formatVersion, String sourcePath, SourceStamp source, String parser, ParseOptions options,
        long objects, long references, int classes, int strings, int roots, List<FileEntry> files) {

    /** Bumped on any change of any file's layout; an index of another version is rebuilt. */
    public static final int FORMAT_VERSION = 4;
    static final int MAGIC = 0x50484958; // "PHIX"

    /** One file of the index: name relative to the folder, size in bytes, CRC32C of its content. */
    public record FileEntry(String name, long size, int crc32c) { }

    public Manifest {
        files = List.copyOf(files);
    }

    public Optional<FileEntry> file(String name) {
        return files.stream().filter(f -> f.name().equals(name)).findFirst();
    }

    /** Writes to a temp name and renames it over {@code file}. */
    public void write(Path file) throws IOException {
        Path tmp = file.resolveSibling(file.getFileName() + ".tmp");
        try (var out = new IndexOutput(tmp)) {
            out.writeInt(MAGIC);
            out.writeInt(formatVersion);
            out.writeString(sourcePath);
            out.writeLong(source.size());
            out.writeLong(source.modifiedMillis());
            out.writeString(source.fingerprint());
            out.writeString(parser);
            out.writeInt(options.values().size());
            for (var e : options.values().entrySet()) {
                out.writeString(e.getKey());
                out.writeString(e.getValue());
            }
            out.writeLong(objects);
            out.writeLong(references);
            out.writeInt(classes);
            out.writeInt(strings);
            out.writeInt(roots);
            out.writeInt(files.size());
            for (FileEntry f : files) {
                out.writeString(f.name());
                out.writeLong(f.size());
                out.writeInt(f.crc32c());
            }
        }
        int crc = Checksums.crc32c(tmp);
        try (var out = new AppendOutput(tmp)) { out.writeInt(crc); }
        Files.move(tmp, file, java.nio.file.StandardCopyOption.ATOMIC_MOVE, java.nio.file.StandardCopyOption.REPLACE_EXISTING);
    }

    /** Reads and checks a manifest: CRC first, then magic and version. */
    public static Manifest read(Path file) throws IOException {
        try (Arena arena = Arena.ofConfined()) {
            var seg = MappedFile.map(file, arena);
            if (seg.byteSize() < 12) throw new IndexDamagedException(file, "manifest is truncated");
            var crc = new CRC32C();
            crc.update(seg.asSlice(0, seg.byteSize() - 4).asByteBuffer());
            var in = new SegmentInput(seg, "manifest");
            in.expectMagic(MAGIC);
            int version = in.readInt();
            if (version != FORMAT_VERSION) throw new IndexDamagedException(file, "index format version " + version + ", this build reads " + FORMAT_VERSION);
            var tail = new SegmentInput(seg.asSlice(seg.byteSize() - 4), "manifest checksum");
            if (tail.readInt() != (int) crc.getValue()) throw new IndexDamagedException(file, "manifest checksum mismatch");
            String path = in.readString();
            var source = new SourceStamp(in.readLong(), in.readLong(), in.readString());
            String parser = in.readString();
            int n = in.readCount(8);
            Map<String, String> options = new LinkedHashMap<>();
            for (int i = 0; i < n; i++) options.put(in.readString(), in.readString());
            long objects = in.readLong(), references = in.readLong();
            int classes = in.readInt(), strings = in.readInt(), roots = in.readInt();
            int fileCount = in.readCount(16);
            List<FileEntry> files = new ArrayList<>(fileCount);
            for (int i = 0; i < fileCount; i++) files.add(new FileEntry(in.readString(), in.readLong(), in.readInt()));
            if (in.remaining() != 4) throw new IndexDamagedException(file, "manifest has unexpected bytes");
            return new Manifest(version, path, source, parser, new ParseOptions(options), objects, references, classes,
                    strings, roots, files);
        }
    }

    /** Appends to an existing file (the manifest's own checksum). */
    private static final class AppendOutput implements AutoCloseable {
        private final java.nio.channels.FileChannel ch;

        AppendOutput(Path file) throws IOException {
            ch = java.nio.channels.FileChannel.open(file, java.nio.file.StandardOpenOption.APPEND);
        }

        void writeInt(int v) throws IOException { ch.write(java.nio.ByteBuffer.allocate(4).putInt(0, v)); }

        @Override public void close() throws IOException { ch.close(); }
    }
}
