package org.polyheap.index;

import java.io.IOException;
import java.lang.foreign.Arena;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.zip.CRC32C;

import org.polyheap.index.column.IndexDamagedException;
import org.polyheap.index.column.IndexOutput;
import org.polyheap.index.column.MappedFile;
import org.polyheap.index.table.SegmentInput;

/**
 * The manifest of one result group, {@code results/<group>.manifest}:
 * <pre>
 * int magic 'PHRS', int formatVersion, str group, int version, str folder,
 * int factCount, (str key, str value)*, int fileCount, (str name, byte kind, long size, int crc32c)*,
 * int crc32c of all bytes before
 * </pre>
 */
record ResultManifest(int formatVersion, String group, int version, String folder, Map<String, String> facts,
        List<Entry> entries) {
    static final int MAGIC = 0x50485253; // "PHRS"

    /** A column's kind; its ordinal is the stored code. */
    enum Kind {
        INT, LONG, ONE_TO_MANY,
        /** Bytes of the writer's own layout, not paged: checked whole when first opened. */
        BYTES;

        /** The column's file in the group's folder. */
        String fileName(String column) { return column + (this == BYTES ? ".bytes" : ".index"); }
    }

    record Entry(String name, Kind kind, long size, int crc32c) { }

    void write(Path file) throws IOException {
        Path tmp = file.resolveSibling(Leftovers.temp(file.getFileName().toString()));
        try (var out = new IndexOutput(tmp)) {
            var body = new java.io.ByteArrayOutputStream();
            var d = new java.io.DataOutputStream(body);
            d.writeInt(MAGIC);
            d.writeInt(formatVersion);
            writeString(d, group);
            d.writeInt(version);
            writeString(d, folder);
            d.writeInt(facts.size());
            for (var e : facts.entrySet()) {
                writeString(d, e.getKey());
                writeString(d, e.getValue());
            }
            d.writeInt(entries.size());
            for (Entry e : entries) {
                writeString(d, e.name());
                d.writeByte(e.kind().ordinal());
                d.writeLong(e.size());
                d.writeInt(e.crc32c());
            }
            byte[] bytes = body.toByteArray();
            var crc = new CRC32C();
            crc.update(bytes);
            out.write(bytes, 0, bytes.length);
            out.writeInt((int) crc.getValue());
        }
        Files.move(tmp, file, StandardCopyOption.ATOMIC_MOVE, StandardCopyOption.REPLACE_EXISTING);
    }

    private static void writeString(java.io.DataOutputStream d, String s) throws IOException {
        byte[] b = s.getBytes(java.nio.charset.StandardCharsets.UTF_8);
        d.writeInt(b.length);
        d.write(b);
    }

    static ResultManifest read(Path file) throws IOException {
        try (Arena arena = Arena.ofConfined()) {
            var seg = MappedFile.map(file, arena);
            if (seg.byteSize() < 8) throw new IndexDamagedException(file, "result manifest truncated");
            var crc = new CRC32C();
            crc.update(seg.asSlice(0, seg.byteSize() - 4).asByteBuffer());
            if (new SegmentInput(seg.asSlice(seg.byteSize() - 4), "result manifest").readInt() != (int) crc.getValue()) {
                throw new IndexDamagedException(file, "result manifest checksum mismatch");
            }
            var in = new SegmentInput(seg.asSlice(0, seg.byteSize() - 4), "result manifest");
            in.expectMagic(MAGIC);
            int format = in.readInt();
            String group = in.readString();
            int version = in.readInt();
            String folder = in.readString();
            int n = in.readCount(8);
            Map<String, String> facts = new LinkedHashMap<>();
            for (int i = 0; i < n; i++) facts.put(in.readString(), in.readString());
            int m = in.readCount(17);
            List<Entry> entries = new ArrayList<>(m);
            for (int i = 0; i < m; i++) {
                String name = in.readString();
                int kind = in.readByte();
                if (kind >= Kind.values().length) throw new IndexDamagedException(file, "unknown result kind " + kind);
                entries.add(new Entry(name, Kind.values()[kind], in.readLong(), in.readInt()));
            }
            in.expectEnd();
            return new ResultManifest(format, group, version, folder, facts, entries);
        }
    }
}
