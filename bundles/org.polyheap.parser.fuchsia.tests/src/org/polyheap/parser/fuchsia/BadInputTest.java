package org.polyheap.parser.fuchsia;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTimeoutPreemptively;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.polyheap.parser.fuchsia.ExampleProcess.*;
import static org.polyheap.parser.fuchsia.FfxProfileWriter.words;

import java.io.ByteArrayOutputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.Arrays;
import java.util.List;
import java.util.Map;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.polyheap.model.SnapshotFormatException;
import org.polyheap.model.spi.ParseOptions;
import org.polyheap.parser.fuchsia.FfxProfileWriter.Allocation;

import com.google.protobuf.CodedOutputStream;

class BadInputTest {
    @TempDir Path dir;

    /** sample_type {type: 1, unit: 2}: the smallest valid head, 6 bytes. */
    private static final byte[] HEAD = {0x0a, 0x04, 0x08, 0x01, 0x10, 0x02};

    private SnapshotFormatException failure(byte[] content, boolean gzip) throws Exception {
        Path file = FfxProfileWriter.save(dir.resolve(gzip ? "bad.pb.gz" : "bad.pb"), content, gzip);
        var e = assertThrows(SnapshotFormatException.class, () -> Heaps.parse(file, ParseOptions.NONE));
        assertEquals(file, e.file());
        return e;
    }

    private static byte[] concat(byte[]... parts) {
        var out = new ByteArrayOutputStream();
        for (byte[] p : parts) out.writeBytes(p);
        return out.toByteArray();
    }

    @Test
    void malformedVarintIsAFormatErrorAtItsOffset() throws Exception {
        byte[] tenContinuations = new byte[11];
        Arrays.fill(tenContinuations, (byte) 0xff);
        var e = failure(concat(HEAD, new byte[] {0x12}, tenContinuations), false);
        assertTrue(e.offset() >= HEAD.length, e.getMessage());
        assertTrue(e.getMessage().contains("varint"), e.getMessage());
    }

    @Test
    void lengthBeyondTheEndOfTheFileIsRejectedBeforeReading() throws Exception {
        var e = failure(concat(HEAD, new byte[] {0x12, (byte) 0xc0, (byte) 0x84, 0x3d, 1, 2, 3}), false);
        assertEquals(HEAD.length + 4, e.offset());
        assertTrue(e.problem().contains("1000000") && e.problem().contains("past the end"), e.getMessage());
    }

    @Test
    void hostileStringLengthInAGzipProfileEndsAsTruncationNotAllocation() throws Exception {
        // string_table entry claiming 2 GiB; the gzip stream holds 3 bytes of it
        byte[] hostile = concat(HEAD, new byte[] {0x32, (byte) 0xf0, (byte) 0xff, (byte) 0xff, (byte) 0xff, 0x07, 'a', 'b', 'c'});
        var e = assertTimeoutPreemptively(Duration.ofSeconds(10), () -> failure(hostile, true));
        assertTrue(e.offset() >= HEAD.length, e.getMessage());
    }

    @Test
    void labelOnAMissingStringIndexNamesTheSampleOffset() throws Exception {
        byte[] label = {0x1a, 0x04, 0x08, 0x63, 0x10, 0x01}; // label {key: 99, str: 1}
        var body = new ByteArrayOutputStream();
        body.writeBytes(new byte[] {0x12, 0x02, 0x01, 0x08}); // value [1, 8], packed
        body.writeBytes(label);
        var file = new ByteArrayOutputStream();
        var o = CodedOutputStream.newInstance(file);
        o.writeRawBytes(HEAD);
        o.writeByteArray(2, body.toByteArray());
        for (String str : List.of("", "objects", "count")) o.writeString(6, str);
        o.flush();
        var e = failure(file.toByteArray(), false);
        assertEquals(HEAD.length, e.offset(), "the offset of the sample");
        assertTrue(e.problem().contains("string index 99"), e.getMessage());
    }

    /** Issue 18 E: references out of the tables named no byte offset. Each names the message that holds it. */
    @Test
    void badReferencesOfMappingsLocationsAndFunctionsNameTheirMessage() throws Exception {
        for (String which : List.of("mapping", "location", "function", "default")) {
            var file = new ByteArrayOutputStream();
            var o = CodedOutputStream.newInstance(file);
            o.writeRawBytes(HEAD);
            o.flush();
            int at = file.size();
            switch (which) {
                case "mapping" -> o.writeByteArray(3, new byte[] {0x08, 0x01, 0x28, 0x2a}); // mapping {id 1, filename 42}
                case "location" -> o.writeByteArray(4, new byte[] {0x08, 0x01, 0x10, 0x07}); // location {id 1, mapping_id 7}
                case "function" -> o.writeByteArray(5, new byte[] {0x08, 0x01, 0x10, 0x2a}); // function {id 1, name 42}
                default -> o.writeInt64(14, 42); // default_sample_type 42
            }
            for (String str : List.of("", "objects", "count")) o.writeString(6, str);
            o.flush();
            var e = failure(file.toByteArray(), false);
            assertEquals(at, e.offset(), which + ": " + e.getMessage());
        }
    }

    @Test
    void truncatedProfileAndCorruptGzipAreFormatErrors() throws Exception {
        byte[] good = new FfxProfileWriter().write(List.of(process("a", 1, Allocation.of(HEAP, 8, viaMalloc(MAKE_PC)))), true, false);
        var cut = failure(Arrays.copyOf(good, good.length / 2), false);
        assertTrue(cut.offset() > 0, cut.getMessage());
        byte[] gz = Files.readAllBytes(FfxProfileWriter.save(dir.resolve("g.pb.gz"), good, true));
        for (int i = 20; i < gz.length - 8; i++) gz[i] ^= 0x5a;
        Path corrupt = dir.resolve("corrupt.pb.gz");
        Files.write(corrupt, gz);
        assertThrows(SnapshotFormatException.class, () -> Heaps.parse(corrupt, ParseOptions.NONE));
    }

    @Test
    void contentsFileOfAnotherSizeWarnsAndScansTheCommonPart() throws Exception {
        long a = HEAP + 0x1000, b = HEAP + 0x2000, c = HEAP + 0x3000;
        byte[] profile = new FfxProfileWriter().write(List.of(process("a", 1, Allocation.of(a, 16, viaMalloc(MAKE_PC)),
                Allocation.of(b, 32, viaMalloc(MAKE_PC)), Allocation.of(c, 8, viaMalloc(MAKE_PC)))), true, false);
        Path folder = dir.resolve("snap.contents");
        FfxProfileWriter.content(folder, -1, a, words(0, c, b)); // longer: the pointer to b lies past the block
        FfxProfileWriter.content(folder, -1, b, words(c));       // shorter: its one word is still scanned
        var p = Heaps.parse(FfxProfileWriter.save(dir.resolve("snap.pb"), profile, false), ParseOptions.NONE);
        var g = p.graph();
        assertEquals(1, g.outStart().get(1) - g.outStart().get(0));
        assertEquals(2, g.outTarget().get(0));
        assertEquals(1, g.outStart().get(2) - g.outStart().get(1));
        assertTrue(p.warnings().stream().anyMatch(w -> w.contains("has 24 bytes but the allocation has 16")), p.warnings().toString());
        assertTrue(p.warnings().stream().anyMatch(w -> w.contains("has 8 bytes but the allocation has 32")), p.warnings().toString());
        assertEquals("2", g.facts().get("contentsSizeMismatches"));
    }

    @Test
    void fileNamesThatAreNotAddressesAreIgnoredWithAWarning() throws Exception {
        long a = HEAP + 0x1000, b = HEAP + 0x2000;
        byte[] profile = new FfxProfileWriter().write(List.of(process("a", 1, Allocation.of(a, 8, viaMalloc(MAKE_PC)),
                Allocation.of(b, 8, viaMalloc(MAKE_PC)))), true, false);
        Path folder = dir.resolve("snap.contents");
        FfxProfileWriter.content(folder, -1, a, words(b));
        for (String bad : List.of("README", "0xzz", "0x", "3a0000002000")) Files.write(folder.resolve(bad), words(a));
        var p = Heaps.parse(FfxProfileWriter.save(dir.resolve("snap.pb"), profile, false), ParseOptions.NONE);
        assertEquals(1, p.graph().outTarget().size());
        assertTrue(p.warnings().stream().anyMatch(w -> w.startsWith("4 file(s)") && w.contains("not named 0x<hex>")), p.warnings().toString());
    }

    @Test
    void symlinkLeadingOutsideTheContentsFolderIsNeverRead() throws Exception {
        long a = HEAP + 0x1000, b = HEAP + 0x2000;
        byte[] profile = new FfxProfileWriter().write(List.of(process("a", 1, Allocation.of(a, 8, viaMalloc(MAKE_PC)),
                Allocation.of(b, 8, viaMalloc(MAKE_PC)))), true, false);
        Path folder = dir.resolve("snap.contents");
        Files.createDirectories(folder);
        Path secret = Files.write(Files.createDirectories(dir.resolve("outside")).resolve("secret"), words(b));
        Files.createSymbolicLink(folder.resolve("0x" + Long.toHexString(a)), secret);
        Files.createSymbolicLink(folder.resolve("0x" + Long.toHexString(b)), Path.of("../outside/secret"));
        var p = Heaps.parse(FfxProfileWriter.save(dir.resolve("snap.pb"), profile, false), ParseOptions.NONE);
        assertEquals(0, p.graph().outTarget().size(), "the pointer in the outside file must not be seen");
        assertTrue(p.warnings().stream().anyMatch(w -> w.startsWith("2 contents file(s) are links leading outside")), p.warnings().toString());
        assertEquals("0", p.graph().facts().get("blocksScanned"));
    }

    @Test
    void contentsOptionNamingAMissingFolderIsAClearError() throws Exception {
        byte[] profile = new FfxProfileWriter().write(List.of(process("a", 1, Allocation.of(HEAP, 8, viaMalloc(MAKE_PC)))), true, false);
        Path file = FfxProfileWriter.save(dir.resolve("snap.pb"), profile, false);
        var e = assertThrows(SnapshotFormatException.class,
                () -> Heaps.parse(file, new ParseOptions(Map.of("contents", dir.resolve("nope").toString()))));
        assertTrue(e.getMessage().contains("contents folder does not exist"), e.getMessage());
        var e2 = assertThrows(SnapshotFormatException.class,
                () -> Heaps.parse(file, new ParseOptions(Map.of("siteFrames", "0"))));
        assertTrue(e2.getMessage().contains("siteFrames"), e2.getMessage());
    }

    @Test
    void textFileIsNotAProfile() throws Exception {
        var e = failure("hello, this is not a heap profile\n".getBytes(), false);
        assertTrue(e.offset() >= 0 || e.problem().contains("no sample types"), e.getMessage());
    }

    @Test
    void profileThatWouldExpandBeyondTheHeapBudgetIsRefusedNotAnOutOfMemoryError() throws Exception {
        var oneHugeSample = new ByteArrayOutputStream();
        oneHugeSample.writeBytes(HEAD);
        var ids = new byte[500_000];
        Arrays.fill(ids, (byte) 1); // 500,000 location ids of one byte each: 2 MB as ints
        var o = CodedOutputStream.newInstance(oneHugeSample);
        var body = new ByteArrayOutputStream();
        var b = CodedOutputStream.newInstance(body);
        b.writeByteArray(1, ids);
        b.flush();
        o.writeByteArray(2, body.toByteArray());
        o.flush();
        Path huge = FfxProfileWriter.save(dir.resolve("huge.pb"), oneHugeSample.toByteArray(), false);
        var e = assertThrows(SnapshotFormatException.class,
                () -> ProfileDecoder.decode(org.polyheap.model.spi.SnapshotSource.of(huge), true, org.polyheap.model.Progress.NONE, 1 << 20));
        assertTrue(e.problem().contains("more than 1 MiB"), e.getMessage());

        var manyEmptySamples = new ByteArrayOutputStream();
        manyEmptySamples.writeBytes(HEAD);
        for (int i = 0; i < 200_000; i++) manyEmptySamples.writeBytes(new byte[] {0x12, 0x00});
        Path many = FfxProfileWriter.save(dir.resolve("many.pb"), manyEmptySamples.toByteArray(), false);
        var e2 = assertThrows(SnapshotFormatException.class,
                () -> ProfileDecoder.decode(org.polyheap.model.spi.SnapshotSource.of(many), true, org.polyheap.model.Progress.NONE, 1 << 20));
        assertTrue(e2.problem().contains("200000 samples"), e2.getMessage());
    }

    @Test
    void deeplyNestedGroupsAreRejectedWithoutRecursion() throws Exception {
        byte[] groups = new byte[200_000];
        Arrays.fill(groups, (byte) 0x3b); // start-group tag of field 7, over and over
        var e = failure(concat(HEAD, groups), false);
        assertEquals(HEAD.length + 1, e.offset());
        assertTrue(e.problem().contains("group"), e.getMessage());
    }
}
