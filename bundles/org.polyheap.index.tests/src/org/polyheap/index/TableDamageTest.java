package org.polyheap.index;

import java.io.IOException;
import java.lang.foreign.Arena;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Random;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.polyheap.index.column.IndexDamagedException;
import org.polyheap.index.column.MappedFile;
import org.polyheap.index.table.ClassTable;
import org.polyheap.index.table.MetadataFile;
import org.polyheap.model.ClassInfo;
import org.polyheap.model.FieldInfo;
import org.polyheap.model.FieldType;
import org.polyheap.model.SnapshotMetadata;
import org.polyheap.model.format.SnapshotFormat;

/** Hostile lengths in the binary tables are refused before anything is allocated from them. */
class TableDamageTest {
    @TempDir Path dir;

    interface Reader { void read(java.lang.foreign.MemorySegment seg) throws IOException; }

    private void damage(Path f, Reader reader, long seed) throws IOException {
        byte[] good = Files.readAllBytes(f);
        var r = new Random(seed);
        for (int round = 0; round < 200; round++) {
            byte[] bad = good.clone();
            int at = r.nextInt(bad.length);
            bad[at] = (byte) (r.nextBoolean() ? 0x7f : bad[at] ^ (1 << r.nextInt(8))); // 0x7f: a huge length
            Files.write(f, bad);
            try (Arena arena = Arena.ofConfined()) {
                reader.read(MappedFile.map(f, arena));
            } catch (IndexDamagedException refused) {
                // fine: anything else (OOM, IndexOutOfBounds, NegativeArraySize) fails the test
            }
        }
    }

    @Test
    void damagedClassTableIsRefusedWithoutHugeAllocations() throws IOException {
        Path f = dir.resolve("classes.table");
        ClassTable.write(f, List.of(ClassInfo.named("a"), new ClassInfo("java.util.HashMap", 0, 3, -1, "lib", 48,
                List.of(new FieldInfo("table", FieldType.OBJECT), new FieldInfo("size", FieldType.INT)))));
        damage(f, ClassTable::read, 1);
    }

    @Test
    void damagedMetadataIsRefusedWithoutHugeAllocations() throws IOException {
        Path f = dir.resolve("metadata");
        MetadataFile.write(f, new MetadataFile.Contents(new SnapshotMetadata(SnapshotFormat.HPROF, java.util.Map.of("idSize", "8")),
                List.of("skipped 3 records"), 0));
        damage(f, MetadataFile::read, 2);
    }
}
