package org.polyheap.parser.dart;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTimeoutPreemptively;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.OutputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.Arrays;
import java.util.zip.GZIPOutputStream;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;
import org.polyheap.model.Progress;
import org.polyheap.model.SnapshotFormatException;
import org.polyheap.model.memory.HeapGraphBuilder;

/** Damaged and hostile files end in a {@link SnapshotFormatException} with the byte offset: no OOM, no hang. */
class DartBadInputTest {
    @TempDir Path dir;

    SnapshotFormatException failure(byte[] content, boolean gzip) throws IOException {
        Path f = dir.resolve("bad-" + System.nanoTime());
        if (gzip) {
            try (OutputStream out = new GZIPOutputStream(Files.newOutputStream(f))) {
                out.write(content);
            }
        } else {
            Files.write(f, content);
        }
        return assertTimeoutPreemptively(Duration.ofSeconds(10), () -> assertThrows(SnapshotFormatException.class,
                () -> new DartSnapshotParser().parse(f, new HeapGraphBuilder(), Progress.NONE)));
    }

    /** The stream up to the class count: magic, flags, name, three sizes. */
    static ByteArrayOutputStream header() {
        var out = new ByteArrayOutputStream();
        out.writeBytes("dartheap".getBytes(StandardCharsets.ISO_8859_1));
        DartHeapWriter.uleb(out, 0);
        DartHeapWriter.utf8(out, "main");
        DartHeapWriter.uleb(out, 100);
        DartHeapWriter.uleb(out, 200);
        DartHeapWriter.uleb(out, 0);
        return out;
    }

    @Test
    void truncationAnywhereIsReportedAtOrBeforeTheCut() throws Exception {
        byte[] whole = DartRoundTripTest.sample(8).bytes(true);
        int hashesStart = DartRoundTripTest.sample(8).bytes(false).length; // a file may end there: old VMs
        for (int cut = 0; cut < whole.length; cut++) {
            if (cut == hashesStart) continue;
            var e = failure(Arrays.copyOf(whole, cut), false);
            assertTrue(e.offset() >= 0 && e.offset() <= cut, "cut " + cut + ": " + e.getMessage());
            assertTrue(e.getMessage().contains("at byte " + e.offset()), e.getMessage());
        }
    }

    @Test
    void truncatedGzipIsAFormatError() throws Exception {
        var bytes = new ByteArrayOutputStream();
        try (OutputStream out = new GZIPOutputStream(bytes)) {
            out.write(DartRoundTripTest.sample(8).bytes(true));
        }
        Path f = dir.resolve("cut.gz");
        Files.write(f, Arrays.copyOf(bytes.toByteArray(), bytes.size() / 2));
        var e = assertThrows(SnapshotFormatException.class,
                () -> new DartSnapshotParser().parse(f, new HeapGraphBuilder(), Progress.NONE));
        assertTrue(e.offset() >= 0, e.getMessage());
    }

    @Test
    void lebOfElevenBytesIsRejectedWhereItStarts() throws Exception {
        var out = new ByteArrayOutputStream();
        out.writeBytes("dartheap".getBytes(StandardCharsets.ISO_8859_1));
        for (int i = 0; i < 11; i++) out.write(0x80);
        out.write(0);
        var e = failure(out.toByteArray(), false);
        assertEquals(8, e.offset());
        assertTrue(e.problem().contains("longer than 10 bytes"), e.problem());
    }

    @Test
    void missingMagicIsRejected() throws Exception {
        var e = failure("JAVA PROFILE 1.0.2\0".getBytes(StandardCharsets.ISO_8859_1), false);
        assertEquals(0, e.offset());
    }

    @ParameterizedTest
    @ValueSource(booleans = { false, true })
    void classIdBeyondTheClassCountIsRejected(boolean gzip) throws Exception {
        var w = DartRoundTripTest.sample(8);
        int id = w.addObject(99, 8, DartHeapWriter.noData(), 0);
        byte[] bytes = w.bytes(true);
        var e = failure(bytes, gzip);
        assertTrue(e.problem().contains("object " + id + " has class id 99 outside 1..18"), e.problem());
        assertEquals(99, bytes[(int) e.offset()], "the offset is the record's, which starts with the class id");
    }

    @ParameterizedTest
    @ValueSource(booleans = { false, true })
    void referenceBeyondTheObjectCountIsRejected(boolean gzip) throws Exception {
        var w = DartRoundTripTest.sample(8);
        w.addObject(1, 8, DartHeapWriter.noData(), 0, 3, 77);
        byte[] bytes = w.bytes(true);
        var e = failure(bytes, gzip);
        assertTrue(e.problem().contains("refers to object 77 outside 1..19"), e.problem());
        assertEquals(77, bytes[(int) e.offset()]);
    }

    /** Issue 18 B: four objects of 2^62 + 12345 bytes summed to a plausible 16,646,332. */
    @ParameterizedTest
    @ValueSource(booleans = { false, true })
    void sizeNoRuntimeWritesIsRejectedWhereItIsRead(boolean gzip) throws Exception {
        var w = DartRoundTripTest.sample(8);
        for (int i = 0; i < 4; i++) w.addObject(1, (1L << 62) + 12345, DartHeapWriter.noData(), 0);
        var e = failure(w.bytes(true), gzip);
        assertTrue(e.problem().contains("shallow size: object size 4611686018427400249 bytes"), e.problem());
        assertTrue(e.offset() > 0, "names the byte offset");
    }

    @Test
    void sizesWhoseSumNoLongHoldsAreRejected() throws Exception {
        var w = DartRoundTripTest.sample(8);
        for (int i = 0; i < 40_000; i++) w.addObject(1, org.polyheap.model.ObjectSizes.MAX_OBJECT_BYTES, DartHeapWriter.noData(), 0);
        var e = failure(w.bytes(true), false);
        assertTrue(e.problem().contains("sum beyond 2^63"), e.problem());
    }

    @Test
    void externalPropertyOfAMissingObjectIsRejected() throws Exception {
        var w = DartRoundTripTest.sample(8);
        w.addExternal(1000, 8, "x");
        var e = failure(w.bytes(true), false);
        assertTrue(e.problem().contains("external property of object 1000"), e.problem());
    }

    @Test
    void unknownDataTagAndOverlongStringAreRejected() throws Exception {
        var w = DartRoundTripTest.sample(8);
        w.addObject(8, 16, new byte[] { 9 }, 0);
        assertTrue(failure(w.bytes(true), false).problem().contains("unknown data tag 9"));
        var v = DartRoundTripTest.sample(8);
        v.addObject(8, 16, new byte[] { 5, 3, 4, 'a', 'b', 'c', 'd' }, 0);
        assertTrue(failure(v.bytes(true), false).problem().contains("string of length 3 has 4 units"));
    }

    /** Counts no file could hold: rejected at the count in a plain file, at the end of data in gzip (size unknown). */
    @ParameterizedTest
    @ValueSource(booleans = { false, true })
    void hostileCountsNeitherAllocateNorHang(boolean gzip) throws Exception {
        long[] hostile = { (1L << 31) - 9, 1L << 40, -1L };
        for (long n : hostile) {
            var classes = header();
            long countAt = classes.size();
            DartHeapWriter.uleb(classes, n);
            var e = failure(classes.toByteArray(), gzip);
            if (!gzip) assertEquals(countAt, e.offset(), e.getMessage());

            var objects = header();
            DartHeapWriter.uleb(objects, 0); // no classes
            DartHeapWriter.uleb(objects, 0); // reference count
            long objectsAt = objects.size();
            DartHeapWriter.uleb(objects, n); // object count
            objects.writeBytes(new byte[64]);
            e = failure(objects.toByteArray(), gzip);
            if (!gzip) assertEquals(objectsAt, e.offset(), e.getMessage());

            var name = new ByteArrayOutputStream();
            name.writeBytes("dartheap".getBytes(StandardCharsets.ISO_8859_1));
            DartHeapWriter.uleb(name, 0);
            DartHeapWriter.uleb(name, n); // name length
            name.writeBytes(new byte[64]);
            e = failure(name.toByteArray(), gzip);
            if (!gzip) assertEquals(9, e.offset(), e.getMessage());

            var refs = new DartHeapWriter();
            refs.addClass("Root", "", "");
            refs.addObject(1, 0, DartHeapWriter.noData(), 0);
            byte[] one = refs.bytes(false);
            // the single object's reference count (last byte before the external-property count) made hostile
            var r = new ByteArrayOutputStream();
            r.write(one, 0, one.length - 2);
            DartHeapWriter.uleb(r, n);
            r.writeBytes(new byte[64]);
            e = failure(r.toByteArray(), gzip);
            if (!gzip) assertEquals(one.length - 2, e.offset(), e.getMessage());
        }
    }
}
