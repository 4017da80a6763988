package org.polyheap.parser.hprof;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Arrays;

import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;
import org.polyheap.model.DataLoss;
import org.polyheap.model.SnapshotFormatException;
import org.polyheap.model.spi.ParseOptions;
import org.polyheap.testdata.TestData;

/**
 * Permissive open of a damaged real dump: a damaged record in the middle of the heap data ends the
 * snapshot there, the objects before it kept, and the loss is named as a warning and as facts; the
 * strict parse still refuses with the same error.
 */
class PermissiveTest {
    private static final ParseOptions PERMISSIVE = ParseOptions.NONE.with(ParseOptions.PERMISSIVE, "on");
    private static byte[] whole;
    private static Dumps.Parsed full;
    @TempDir static Path dir;

    @BeforeAll
    static void readWholeDump() throws Exception {
        whole = Dumps.gunzip(TestData.JACKSON_TREE);
        full = Dumps.parse(Files.write(dir.resolve("whole.hprof"), whole));
    }

    /** Object {@code rank} of the whole dump gets an unknown sub-record tag: everything before it is kept. */
    @ParameterizedTest
    @ValueSource(doubles = {0.1, 0.5, 0.9})
    void damagedSubRecordEndsTheSnapshotAtThatRecord(double where) throws Exception {
        int rank = (int) (full.graph().objectCount() * where);
        long at = full.graph().sourceOffset().get(rank);
        byte[] b = whole.clone();
        b[(int) at] = (byte) 0xEE;
        Path file = Files.write(dir.resolve("flip-" + rank + ".hprof"), b);

        var strict = assertThrows(SnapshotFormatException.class, () -> Dumps.parse(file));
        assertEquals(at, strict.offset(), strict.getMessage());
        assertTrue(strict.problem().contains("unknown heap dump sub-record tag 0xEE"), strict.getMessage());

        Dumps.Parsed partial = Dumps.parse(file, PERMISSIVE);
        assertEquals(rank, partial.graph().objectCount(), "the objects before the damaged record, all of them");
        DataLoss loss = DataLoss.of(partial.graph().metadata()).orElseThrow();
        assertEquals(at, loss.offset());
        assertEquals(strict.problem(), loss.problem(), "the problem as the strict parse names it");
        assertEquals(rank, loss.objectsRead());
        assertEquals(-1, loss.objectsDeclared(), "HPROF declares no object count");
        assertTrue(loss.permissive());
        assertTrue(loss.referencesDropped() > 0, "references to the objects after the damage are counted");
        assertEquals(Long.toString(loss.referencesDropped()), partial.graph().metadata().fact("unresolvedReferences", ""));
        String offset = String.format(java.util.Locale.ROOT, "%,d", at);
        assertTrue(partial.warnings().stream().anyMatch(w -> w.contains("byte " + offset) && w.contains("0xEE")), partial.warnings().toString());
    }

    /** A segment length that leaves heap data out: the data read as a record is where reading stops. */
    @Test
    void damagedSegmentLengthStopsAtTheDataItLeftOut() throws Exception {
        int rank = full.graph().objectCount() / 2;
        long at = full.graph().sourceOffset().get(rank);
        // the segment holding object `rank` is cut short just before it: its bytes read as a top-level record
        long segment = segmentStartBefore(at);
        byte[] b = whole.clone();
        java.nio.ByteBuffer.wrap(b).putInt((int) segment + 5, (int) (at - segment - 9));
        Path file = Files.write(dir.resolve("segment.hprof"), b);
        var strict = assertThrows(SnapshotFormatException.class, () -> Dumps.parse(file));
        assertEquals(at, strict.offset(), strict.getMessage());
        Dumps.Parsed partial = Dumps.parse(file, PERMISSIVE);
        assertEquals(rank, partial.graph().objectCount());
        assertEquals(at, DataLoss.of(partial.graph().metadata()).orElseThrow().offset());
    }

    /** Cut off in the heap, strict and permissive agree: the loss is reported, not marked permissive. */
    @ParameterizedTest
    @ValueSource(doubles = {0.4, 0.8})
    void cutOffDumpOpensInBothModesWithTheLossNamed(double where) throws Exception {
        int cut = (int) (whole.length * where);
        Path file = Files.write(dir.resolve("cut.hprof"), Arrays.copyOf(whole, cut));
        for (ParseOptions options : new ParseOptions[] {ParseOptions.NONE, PERMISSIVE}) {
            Dumps.Parsed partial = Dumps.parse(file, options);
            assertTrue(partial.graph().objectCount() > 0 && partial.graph().objectCount() < full.graph().objectCount());
            DataLoss loss = DataLoss.of(partial.graph().metadata()).orElseThrow();
            assertTrue(loss.offset() > 0 && loss.offset() < cut, loss.describe());
            assertFalse(loss.permissive(), "strict parses take a cut-off heap too");
            assertTrue(loss.problem().contains("truncated"), loss.problem());
        }
    }

    @Test
    void wholeDumpHasNoLoss() {
        assertTrue(DataLoss.of(full.graph().metadata()).isEmpty());
    }

    /** The start of the HEAP_DUMP_SEGMENT record whose data holds byte {@code at}. */
    private static long segmentStartBefore(long at) {
        var buf = java.nio.ByteBuffer.wrap(whole);
        int p = whole.length;
        for (int i = 0; i < whole.length; i++) if (whole[i] == 0) { p = i + 1; break; } // header: the version string
        p += 4 + 8; // id size, time
        while (p < whole.length) {
            int tag = whole[p] & 0xff;
            long length = Integer.toUnsignedLong(buf.getInt(p + 5));
            if (tag == HprofTag.HEAP_DUMP_SEGMENT && at < p + 9 + length) return p;
            p += 9 + (int) length;
        }
        throw new AssertionError("no segment holds byte " + at);
    }
}
