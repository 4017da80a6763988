package org.polyheap.parser.dart;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTimeoutPreemptively;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.InputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.Arrays;
import java.util.Locale;
import java.util.zip.GZIPInputStream;

import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;
import org.polyheap.model.DataLoss;
import org.polyheap.model.HeapGraph;
import org.polyheap.model.Progress;
import org.polyheap.model.SnapshotFormatException;
import org.polyheap.model.memory.HeapGraphBuilder;
import org.polyheap.model.spi.ParseOptions;
import org.polyheap.testdata.TestData;

/**
 * Permissive open of a cut-off or damaged real Dart snapshot: the objects read before the damage, the
 * references between them (those to objects never read dropped and counted), the loss named.
 */
class DartPermissiveTest {
    private static final ParseOptions PERMISSIVE = ParseOptions.NONE.with(ParseOptions.PERMISSIVE, "on");
    private static byte[] whole;
    private static HeapGraph full;
    @TempDir static Path dir;

    record Parsed(HeapGraph graph, java.util.List<String> warnings) { }

    @BeforeAll
    static void readWholeSnapshot() throws Exception {
        try (InputStream in = new GZIPInputStream(Files.newInputStream(TestData.DART_TINY))) {
            whole = in.readAllBytes();
        }
        full = parse(Files.write(dir.resolve("whole.dartheap"), whole), PERMISSIVE).graph();
    }

    static Parsed parse(Path file, ParseOptions options) throws Exception {
        return assertTimeoutPreemptively(Duration.ofSeconds(60), () -> {
            var builder = new HeapGraphBuilder();
            new DartSnapshotParser().parse(file, builder, Progress.NONE, options);
            return new Parsed(builder.build(), builder.warnings());
        });
    }

    @Test
    void wholeSnapshotOpenedPermissivelyIsTheSameAndLostNothing() throws Exception {
        assertTrue(DataLoss.of(full.metadata()).isEmpty());
        HeapGraph strict = parse(Files.write(dir.resolve("strict.dartheap"), whole), ParseOptions.NONE).graph();
        assertEquals(strict.objectCount(), full.objectCount());
        assertEquals(strict.outStart().get(strict.objectCount()), full.outStart().get(full.objectCount()), "every reference, held then sent");
    }

    @ParameterizedTest
    @ValueSource(doubles = {0.3, 0.6, 0.8})
    void cutOffSnapshotOpensWithTheObjectsBeforeTheCut(double where) throws Exception {
        int cut = (int) (whole.length * where);
        Path file = Files.write(dir.resolve("cut.dartheap"), Arrays.copyOf(whole, cut));
        var strict = assertThrows(SnapshotFormatException.class, () -> parse(file, ParseOptions.NONE));
        assertTrue(strict.offset() >= 0 && strict.offset() <= cut, strict.getMessage());

        Parsed partial = parse(file, PERMISSIVE);
        HeapGraph g = partial.graph();
        DataLoss loss = DataLoss.of(g.metadata()).orElseThrow();
        assertTrue(g.objectCount() > 0 && g.objectCount() < full.objectCount(), g.objectCount() + " objects");
        assertEquals(full.objectCount(), loss.objectsDeclared());
        assertEquals(g.objectCount(), loss.objectsRead());
        assertTrue(loss.offset() > 0 && loss.offset() <= cut, loss.describe());
        assertTrue(loss.referencesDropped() > 0, loss.describe());
        String offset = String.format(Locale.ROOT, "%,d", loss.offset());
        assertTrue(partial.warnings().stream().anyMatch(w -> w.contains("byte " + offset)), partial.warnings().toString());
    }

    /** Cut in the identity hashes, the last section: every object, without the hashes not read. */
    @Test
    void cutInTheIdentityHashesKeepsEveryObject() throws Exception {
        Path file = Files.write(dir.resolve("hashes.dartheap"), Arrays.copyOf(whole, whole.length - 1000));
        assertThrows(SnapshotFormatException.class, () -> parse(file, ParseOptions.NONE));
        HeapGraph g = parse(file, PERMISSIVE).graph();
        DataLoss loss = DataLoss.of(g.metadata()).orElseThrow();
        assertEquals(full.objectCount(), g.objectCount());
        assertEquals(0, loss.referencesDropped());
        assertTrue(loss.missing().contains("identity hashes"), loss.describe());
        assertEquals(full.identity().get(0), g.identity().get(0), "the hashes read are kept");
        assertEquals(0, g.identity().get(g.objectCount() - 1), "those not read are none");
    }

    /** Object {@code rank}'s class id made 0: the objects before it, exactly. */
    @Test
    void damagedRecordEndsTheSnapshotThere() throws Exception {
        int rank = full.objectCount() / 2;
        long at = full.sourceOffset().get(rank);
        byte[] b = whole.clone();
        b[(int) at] = 0;
        Path file = Files.write(dir.resolve("flip.dartheap"), b);
        var strict = assertThrows(SnapshotFormatException.class, () -> parse(file, ParseOptions.NONE));
        assertEquals(at, strict.offset(), strict.getMessage());
        HeapGraph g = parse(file, PERMISSIVE).graph();
        DataLoss loss = DataLoss.of(g.metadata()).orElseThrow();
        assertEquals(rank, g.objectCount());
        assertEquals(at, loss.offset());
        assertEquals(strict.problem(), loss.problem());
    }
}
