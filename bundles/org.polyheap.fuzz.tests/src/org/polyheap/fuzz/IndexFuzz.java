package org.polyheap.fuzz;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.stream.Stream;

import org.polyheap.analysis.HeapAnalysis;
import org.polyheap.index.IndexedSnapshot;
import org.polyheap.index.SnapshotStore;
import org.polyheap.index.column.IndexDamagedException;
import org.polyheap.model.HeapGraph;
import org.polyheap.model.IntColumn;
import org.polyheap.model.LongColumn;
import org.polyheap.model.Progress;
import org.polyheap.model.spi.ParseOptions;
import org.polyheap.parser.fuchsia.FuchsiaHeapdumpParser;
import org.polyheap.testdata.TestData;

/**
 * Fuzz target: opening a damaged index folder. The real builder indexes a small fixture once; each
 * input replaces one of its files: the first byte chooses the file (in name order), the rest is its
 * new content. The index is then opened and everything is read (all columns, roots, classes, strings,
 * the inbound index, the analysis). An {@link IndexDamagedException} (itself, or wrapped in an
 * {@link UncheckedIOException} when a page fails its check) is the clean answer; anything else escapes.
 * Open-time checksums are off (as for files above the open-time limit), so the structure checks and
 * the lazy page checks are what stands between the bytes and the readers.
 */
public final class IndexFuzz {
    /** The fixture the base index is built from (the shared Fuchsia sample unless the property names another). */
    static final Path FIXTURE = System.getProperty("polyheap.fuzz.indexFixture") != null
            ? Path.of(System.getProperty("polyheap.fuzz.indexFixture")) : TestData.FUCHSIA_TREE;
    private static Base base;

    private IndexFuzz() { }

    /** The built index: its folder, its file names in order, and a scratch folder for damaged copies. */
    record Base(Path folder, List<String> files, Path scratch) { }

    static synchronized Base base() throws IOException {
        if (base == null) {
            System.setProperty("polyheap.index.verifyOnOpenBytes", "0");
            Path dir = Files.createTempDirectory("polyheap-fuzz-index");
            Path file = Files.copy(FIXTURE, dir.resolve(FIXTURE.getFileName()));
            Path folder;
            try (var opened = new SnapshotStore(dir.resolve("cache")).open(file, List.of(new FuchsiaHeapdumpParser()),
                    ParseOptions.NONE, Progress.NONE)) {
                folder = opened.snapshot().folder();
            } catch (org.polyheap.model.SnapshotFormatException e) {
                throw new IOException(e);
            }
            List<String> files;
            try (Stream<Path> s = Files.list(folder)) {
                files = s.filter(Files::isRegularFile).map(p -> p.getFileName().toString()).sorted().toList();
            }
            base = new Base(folder, files, dir.resolve("damaged"));
        }
        return base;
    }

    /** A seed: {@code file}'s index as {@link #fuzzerTestOneInput} expects it (selector byte, content). */
    static byte[] seed(String file) throws IOException {
        Base b = base();
        byte[] content = Files.readAllBytes(b.folder().resolve(file));
        byte[] input = new byte[content.length + 1];
        input[0] = (byte) b.files().indexOf(file);
        System.arraycopy(content, 0, input, 1, content.length);
        return input;
    }

    /** Builds the base index and opens each undamaged file once, so the classes are instrumented before Jazzer times inputs. */
    public static void fuzzerInitialize() throws Exception {
        for (String f : base().files()) fuzzerTestOneInput(seed(f));
    }

    public static void fuzzerTestOneInput(byte[] input) throws Exception {
        if (input.length == 0) return;
        Base b = base();
        Path folder = b.scratch();
        if (Files.exists(folder)) {
            try (Stream<Path> s = Files.walk(folder)) {
                for (Path p : s.sorted(java.util.Comparator.reverseOrder()).toList()) Files.delete(p);
            }
        }
        Files.createDirectories(folder);
        String damaged = b.files().get(Byte.toUnsignedInt(input[0]) % b.files().size());
        for (String f : b.files()) {
            if (f.equals(damaged)) Files.write(folder.resolve(f), java.util.Arrays.copyOfRange(input, 1, input.length));
            else Files.copy(b.folder().resolve(f), folder.resolve(f));
        }
        try (IndexedSnapshot snapshot = IndexedSnapshot.open(folder)) {
            readAll(snapshot);
            snapshot.prepareInbound(Progress.NONE);
            readAll(snapshot);
            HeapAnalysis.run(snapshot, snapshot.results(), Progress.NONE);
        } catch (IndexDamagedException expected) {
            // refused at open
        } catch (UncheckedIOException e) {
            if (IndexDamagedException.of(e).isEmpty()) throw e; // a page failed its check while read
        }
    }

    private static void readAll(HeapGraph g) {
        long sum = 0;
        for (IntColumn c : new IntColumn[] {g.objectClass(), g.objectLabel(), g.objectType(), g.outTarget(), g.outKind(), g.outName()}) {
            for (long i = 0; i < c.size(); i++) sum += c.get(i);
        }
        for (LongColumn c : new LongColumn[] {g.shallowSize(), g.identity(), g.sourceOffset(), g.outStart()}) {
            for (long i = 0; i < c.size(); i++) sum += c.get(i);
        }
        if (g instanceof IndexedSnapshot s && s.inboundReady()) {
            for (long i = 0; i < g.inStart().size(); i++) sum += g.inStart().get(i);
            for (long i = 0; i < g.inSource().size(); i++) sum += g.inSource().get(i);
        }
        sum += g.gcRoots().size() + g.classes().size() + g.metadata().facts().size();
        for (int i = 0; i < g.stringCount(); i++) sum += g.string(i).length();
        if (sum == 42) Thread.onSpinWait(); // keeps the reads
    }
}
