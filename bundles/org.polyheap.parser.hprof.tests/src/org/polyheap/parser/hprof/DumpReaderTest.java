package org.polyheap.parser.hprof;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.InputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Random;
import java.util.zip.GZIPInputStream;

import org.junit.jupiter.api.Test;

import org.polyheap.testdata.TestData;

/** Random reads in a real dump gzipped as one member (the fixture, gzip -9) equal the plain bytes, at bounded cost. */
class DumpReaderTest {
    private static final Path FIXTURE = TestData.JACKSON_TREE;

    @Test
    void backwardReadsInOneBigMemberDecodeAtMostOneCheckpointSpan() throws Exception {
        byte[] plain;
        try (InputStream in = new GZIPInputStream(Files.newInputStream(FIXTURE))) {
            plain = in.readAllBytes();
        }
        var r = new Random(5);
        try (var reader = new DumpReader(org.polyheap.model.spi.SnapshotSource.of(FIXTURE))) {
            byte[] buf = new byte[5000];
            // the first read near the end passes the whole member once, leaving checkpoints behind
            long last = plain.length - 3000;
            assertEquals(3000, reader.read(last, buf, 5000));
            assertArrayEquals(java.util.Arrays.copyOfRange(plain, (int) last, plain.length), java.util.Arrays.copyOf(buf, 3000));
            long afterFirst = reader.decodedBytes();
            int reads = 200;
            for (int i = 0; i < reads; i++) { // backwards and forwards, over the whole file
                long at = r.nextLong(plain.length);
                int n = reader.read(at, buf, buf.length);
                assertEquals(Math.min(buf.length, plain.length - at), n);
                assertArrayEquals(java.util.Arrays.copyOfRange(plain, (int) at, (int) at + n), java.util.Arrays.copyOf(buf, n), "at " + at);
            }
            long perRead = (reader.decodedBytes() - afterFirst) / reads;
            assertTrue(perRead <= DumpReader.CHECKPOINT_EVERY + 2 * 65536,
                    "a read decodes at most one checkpoint span plus two blocks; on average " + perRead);
        }
    }
}
