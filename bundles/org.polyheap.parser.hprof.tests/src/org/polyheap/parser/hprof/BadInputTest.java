package org.polyheap.parser.hprof;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTimeoutPreemptively;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.ByteArrayOutputStream;
import java.io.InputStream;
import java.nio.ByteBuffer;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.Arrays;
import java.util.zip.GZIPInputStream;
import java.util.zip.GZIPOutputStream;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.polyheap.model.SnapshotFormatException;
import org.polyheap.testdata.TestData;

/**
 * Broken files end in a {@link SnapshotFormatException} naming the byte offset, or (cut off inside the
 * heap dump) in a partial snapshot with a warning; never another exception, an OOM or a hang.
 */
class BadInputTest {
    @TempDir Path dir;

    private Path write(String name, byte[] content) throws Exception {
        Path p = dir.resolve(name);
        Files.write(p, content);
        return p;
    }

    private SnapshotFormatException fails(Path file) {
        return assertTimeoutPreemptively(Duration.ofSeconds(20), () -> assertThrows(SnapshotFormatException.class, () -> Dumps.parse(file)));
    }

    @Test
    void truncatedAtEveryByteFailsCleanlyOrWarns() throws Exception {
        byte[] whole = new SyntheticDump(8, "1.0.2").write();
        int heapStart = new SyntheticDump(8, "1.0.2").withWrite().segmentLengthAt + 4;
        for (int cut = 0; cut < whole.length; cut++) {
            Path file = write("cut.hprof", Arrays.copyOf(whole, cut));
            if (cut < heapStart) {
                SnapshotFormatException e = fails(file);
                assertTrue(e.offset() >= 0 && e.offset() <= cut, cut + ": " + e.getMessage());
            } else {
                Dumps.Parsed partial = Dumps.parse(file);
                assertTrue(partial.warnings().stream().anyMatch(w -> w.contains("truncated")), cut + ": " + partial.warnings());
                assertTrue(partial.graph().objectCount() <= 10);
            }
        }
    }

    @Test
    void realDumpTruncatedInsideTheHeapGivesPartialSnapshot() throws Exception {
        byte[] head;
        try (InputStream in = new GZIPInputStream(Files.newInputStream(TestData.JACKSON_TREE))) {
            head = in.readNBytes(8_000_000); // the heap dump starts after about 3.5 MB of strings and classes
        }
        for (int cut : new int[] {7_999_999, 5_000_001}) {
            Dumps.Parsed partial = Dumps.parse(write("real-cut.hprof", Arrays.copyOf(head, cut)));
            assertTrue(partial.graph().objectCount() > 1000, "objects before the cut are kept");
            assertTrue(partial.warnings().stream().anyMatch(w -> w.contains("truncated")));
        }
        // gzip cut off mid-stream: the same, through the decompressor
        ByteArrayOutputStream gz = new ByteArrayOutputStream();
        try (GZIPOutputStream out = new GZIPOutputStream(gz)) {
            out.write(head);
        }
        byte[] cutGz = Arrays.copyOf(gz.toByteArray(), gz.size() / 2);
        Dumps.Parsed partial = Dumps.parse(write("real-cut.hprof.gz", cutGz));
        assertTrue(partial.warnings().stream().anyMatch(w -> w.contains("truncated")));
    }

    @Test
    void corruptRecordLengthNamesTheRecord() throws Exception {
        SyntheticDump d = new SyntheticDump(8, "1.0.2");
        byte[] b = d.write();
        ByteBuffer.wrap(b).putInt(d.utf8LengthAt, 0x7fff_0000); // first string claims 2 GB
        SnapshotFormatException e = fails(write("len.hprof", b));
        assertEquals(d.utf8LengthAt - 5, e.offset(), e.getMessage());
    }

    @Test
    void segmentLengthTooShortIsReported() throws Exception {
        SyntheticDump d = new SyntheticDump(8, "1.0.2");
        byte[] b = d.write();
        ByteBuffer.wrap(b).putInt(d.segmentLengthAt, 40); // ends inside a class dump
        SnapshotFormatException e = fails(write("short.hprof", b));
        assertTrue(e.offset() > d.segmentLengthAt, e.getMessage());
    }

    /** Issue 18 E: a segment of length 0 made the heap data read as records: 0 objects, exit 0, a "truncated" warning. */
    @Test
    void segmentLengthZeroIsAnErrorAtTheDataItLeftOut() throws Exception {
        SyntheticDump d = new SyntheticDump(8, "1.0.2");
        byte[] b = d.write();
        ByteBuffer.wrap(b).putInt(d.segmentLengthAt, 0);
        SnapshotFormatException e = fails(write("zero.hprof", b));
        assertEquals(d.segmentLengthAt + 4, e.offset(), e.getMessage());
        assertTrue(e.problem().contains("no HPROF record has tag"), e.getMessage());
    }

    @Test
    void identifierSizeThreeIsRejected() throws Exception {
        byte[] b = new SyntheticDump(8, "1.0.2").write();
        ByteBuffer.wrap(b).putInt(19, 3);
        SnapshotFormatException e = fails(write("id3.hprof", b));
        assertEquals(19, e.offset());
        assertTrue(e.problem().contains("identifier size 3"));
    }

    @Test
    void negativeArrayLengthIsRejected() throws Exception {
        SyntheticDump d = new SyntheticDump(8, "1.0.2");
        byte[] b = d.write();
        ByteBuffer.wrap(b).putInt(d.arrayLengthAt, -5);
        SnapshotFormatException e = fails(write("neg.hprof", b));
        assertEquals(d.arrayLengthAt - 13, e.offset(), "offset of the PRIM_ARRAY_DUMP sub-record");
        assertTrue(e.problem().contains("negative array length"));
    }

    @Test
    void tenGigabyteArrayInOneMegabyteFileIsRejected() throws Exception {
        SyntheticDump d = new SyntheticDump(8, "1.0.2");
        byte[] b = Arrays.copyOf(d.write(), 1 << 20); // zero padding after HEAP_DUMP_END: empty records
        ByteBuffer buf = ByteBuffer.wrap(b);
        buf.putInt(d.arrayLengthAt, 1_250_000_000);  // 1.25 G elements
        buf.put(d.arrayLengthAt + 4, (byte) 11);      // of long: 10 GB
        SnapshotFormatException e = fails(write("huge.hprof", b));
        assertEquals(d.arrayLengthAt - 13, e.offset());
    }

    @Test
    void notAnHprofFileIsRejected() throws Exception {
        assertEquals(0, fails(write("text.hprof", "{\"snapshot\": {}}".getBytes())).offset());
        assertEquals(0, fails(write("empty.hprof", new byte[0])).offset());
        assertEquals(0, fails(write("version.hprof", "JAVA PROFILE 1.0.9\0\0\0\0\u0008".getBytes())).offset());
        byte[] random = new byte[5000];
        new java.util.Random(3).nextBytes(random);
        fails(write("random.hprof", random));
        ByteArrayOutputStream gz = new ByteArrayOutputStream();
        try (GZIPOutputStream out = new GZIPOutputStream(gz)) {
            out.write(random);
        }
        fails(write("random.hprof.gz", gz.toByteArray()));
        byte[] badGzip = Arrays.copyOf(gz.toByteArray(), 30);
        badGzip[12] ^= 0x55;
        fails(write("bad.hprof.gz", badGzip));
    }
}
