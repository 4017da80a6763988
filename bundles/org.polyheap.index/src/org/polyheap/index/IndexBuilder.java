package org.polyheap.index;

import java.io.Closeable;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;

import org.polyheap.index.column.IndexOutput;
import org.polyheap.index.column.IntIndexWriter;
import org.polyheap.index.column.LongIndexWriter;
import org.polyheap.index.column.OneToManyWriter;
import org.polyheap.index.table.ClassTable;
import org.polyheap.index.table.MetadataFile;
import org.polyheap.index.table.RootTable;
import org.polyheap.index.table.StringTableWriter;
import org.polyheap.model.ClassInfo;
import org.polyheap.model.GcRoot;
import org.polyheap.model.Progress;
import org.polyheap.model.ReferenceKind;
import org.polyheap.model.SnapshotMetadata;
import org.polyheap.model.SnapshotSink;
import org.polyheap.model.Tasks;
import org.polyheap.model.format.SnapshotFormat;
import org.polyheap.model.memory.AttributeEntries;
import org.polyheap.model.spi.ParseOptions;

/**
 * The on-disk {@link SnapshotSink}: streams a parser's output into index files in a folder, with
 * memory bounded independently of the snapshot (page buffers, the class table and at most {@value #MAX_WARNINGS} warnings). Not thread-safe: one parser thread.
 *
 * <p>Call order, relaxed from the sink's javadoc: calls may interleave freely, except that
 * references come grouped by source in non-decreasing source id. Ids a reference, object or root
 * uses (objects, classes, strings) need only exist by {@link #finish}, which checks them all.
 * I/O errors surface as {@link UncheckedIOException} from the sink methods.
 */
public final class IndexBuilder implements SnapshotSink, Closeable {
    static final int MAX_WARNINGS = 10_000;
    /** One encoder thread beside the parser paid even on 2 loaded cores (docs/benchmarks.md). */
    static final int DEFAULT_ENCODER_THREADS = Runtime.getRuntime().availableProcessors() >= 2 ? 1 : 0;

    private final Path folder;
    private final Progress progress;
    private final ExecutorService encoderPool;
    private SnapshotFormat format = SnapshotFormat.GENERIC;
    private final Map<String, String> facts = new LinkedHashMap<>();
    private final List<String> warnings = new ArrayList<>();
    private long droppedWarnings;
    private final List<ClassInfo> classes = new ArrayList<>();
    private final StringTableWriter strings;
    private final IntIndexWriter objectClass, objectLabel, objectType;
    private final LongIndexWriter objectSize, objectIdentity, objectOffset;
    private final OneToManyWriter outbound;
    private final IntIndexWriter outKind, outName;
    private final IndexOutput roots;
    private final AttributeEntries attributes = new AttributeEntries();
    private int objects;
    private long rootCount;
    private int lastFrom = -1;
    private int openList; // the outbound list references are appended to (lists before it may still be batched)
    // Objects and references are batched here and handed to their columns a batch at a time: per value,
    // an array store instead of a page writer's bookkeeping (half of the sink's cost in an HPROF parse:
    // docs/benchmarks.md). A batch is a few hundred KiB, reused.
    private static final int BATCH = 1 << 12;
    private final int[] batchClass = new int[BATCH], batchLabel = new int[BATCH], batchType = new int[BATCH];
    private final long[] batchSize = new long[BATCH], batchIdentity = new long[BATCH], batchOffset = new long[BATCH];
    private int batchedObjects;
    private final int[] batchTo = new int[BATCH], batchKind = new int[BATCH], batchName = new int[BATCH];
    private int batchedReferences;
    private final int[] batchListEnds = new int[BATCH]; // where each list ended in the batch, in list order
    private int batchedListEnds;
    // ranges of ids seen, checked in finish() once every table is complete
    private int minClass = 0, maxClass = -1, maxLabel = -1, maxName = -1, maxTarget = -1;
    private int maxRootObject = -1, maxRootContext = -1;
    private SourceStamp source = SourceStamp.NONE;
    private String sourcePath = "";
    private String parser = "";
    private ParseOptions options = ParseOptions.NONE;
    private boolean finished;
    private boolean closed;

    /** Creates the index files in {@code folder} (created if missing). */
    public IndexBuilder(Path folder, Progress progress) throws IOException {
        this(folder, progress, DEFAULT_ENCODER_THREADS);
    }

    /**
     * @param encoderThreads threads that encode full pages while the parser goes on; 0 encodes on
     *                       the parser's thread (see docs/benchmarks.md for when it pays)
     */
    public IndexBuilder(Path folder, Progress progress, int encoderThreads) throws IOException {
        this.folder = Files.createDirectories(folder);
        this.progress = progress;
        this.encoderPool = encoderThreads <= 0 ? null : Executors.newFixedThreadPool(encoderThreads, r -> {
            Thread t = new Thread(r, "polyheap-index-encoder");
            t.setDaemon(true);
            return t;
        });
        var encoders = encoderPool;
        strings = new StringTableWriter(folder.resolve(IndexFiles.STRINGS), folder.resolve(IndexFiles.STRING_OFFSETS));
        objectClass = new IntIndexWriter(folder.resolve(IndexFiles.OBJECT_CLASS), encoders);
        objectSize = new LongIndexWriter(folder.resolve(IndexFiles.OBJECT_SIZE), encoders);
        objectIdentity = new LongIndexWriter(folder.resolve(IndexFiles.OBJECT_IDENTITY), encoders);
        objectOffset = new LongIndexWriter(folder.resolve(IndexFiles.OBJECT_OFFSET), encoders);
        objectLabel = new IntIndexWriter(folder.resolve(IndexFiles.OBJECT_LABEL), encoders);
        objectType = new IntIndexWriter(folder.resolve(IndexFiles.OBJECT_TYPE), encoders);
        outbound = new OneToManyWriter(folder.resolve(IndexFiles.OUTBOUND), encoders);
        outKind = new IntIndexWriter(folder.resolve(IndexFiles.OUTBOUND_KIND), encoders);
        outName = new IntIndexWriter(folder.resolve(IndexFiles.OUTBOUND_NAME), encoders);
        roots = new IndexOutput(folder.resolve(IndexFiles.ROOTS));
    }

    /** Records what the index was built from, for the manifest; the store calls it before parsing. */
    public void source(Path file, SourceStamp stamp, String parserFormat, ParseOptions parseOptions) {
        this.sourcePath = file == null ? "" : file.toString();
        this.source = stamp;
        this.parser = parserFormat;
        this.options = parseOptions;
    }

    @Override public void format(SnapshotFormat format) { this.format = format; }

    @Override public void fact(String key, String value) { facts.put(key, value); }

    @Override
    public int addString(String value) {
        try {
            return strings.add(value);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    @Override
    public int addClass(ClassInfo info) {
        classes.add(info);
        return classes.size() - 1;
    }

    @Override public void replaceClass(int classId, ClassInfo info) { classes.set(classId, info); }

    @Override
    public int addObject(int classId, long shallowSize, long identity, long sourceOffset, int label, int type) {
        if (objects == Integer.MAX_VALUE) throw new IllegalStateException("more than 2^31-1 objects");
        if (label < -1) throw new IllegalArgumentException("object " + objects + " has label " + label);
        int i = batchedObjects;
        batchClass[i] = classId;
        batchSize[i] = shallowSize;
        batchIdentity[i] = identity;
        batchOffset[i] = sourceOffset;
        batchLabel[i] = label;
        batchType[i] = type;
        batchedObjects = i + 1;
        if (classId < minClass) minClass = classId;
        if (classId > maxClass) maxClass = classId;
        if (label > maxLabel) maxLabel = label;
        if (i + 1 == BATCH) flushObjects();
        return objects++;
    }

    private void flushObjects() {
        int n = batchedObjects;
        batchedObjects = 0;
        try {
            objectClass.addAll(batchClass, 0, n);
            objectSize.addAll(batchSize, 0, n);
            objectIdentity.addAll(batchIdentity, 0, n);
            objectOffset.addAll(batchOffset, 0, n);
            objectLabel.addAll(batchLabel, 0, n);
            objectType.addAll(batchType, 0, n);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    @Override
    public void addReference(int from, int to, ReferenceKind kind, int name) {
        if ((from | to) < 0) throw new IllegalArgumentException("reference " + from + " -> " + to + " has a negative id");
        if (from != lastFrom) {
            if (from < lastFrom) {
                throw new IllegalStateException("references must come in non-decreasing source order: " + from + " after " + lastFrom);
            }
            endListsBefore(from);
            lastFrom = from;
        }
        if (!kind.isIndexed()) {
            if (name < -1) throw new IllegalArgumentException("reference " + from + " -> " + to + " has name " + name);
            if (name > maxName) maxName = name;
        }
        if (to > maxTarget) maxTarget = to;
        int i = batchedReferences;
        batchTo[i] = to;
        batchKind[i] = kind.code();
        batchName[i] = name;
        batchedReferences = i + 1;
        if (i + 1 == BATCH) flushReferences();
    }

    /** Ends the open lists before {@code list}'s, in the batch. */
    private void endListsBefore(int list) {
        for (; openList < list; openList++) {
            if (batchedListEnds == BATCH) flushReferences();
            batchListEnds[batchedListEnds++] = batchedReferences;
        }
    }

    /** Hands the batched references and list ends to the outbound columns, in order; the last list stays open. */
    private void flushReferences() {
        int n = batchedReferences, at = 0;
        try {
            for (int e = 0, ends = batchedListEnds; e < ends; e++) {
                int end = batchListEnds[e];
                if (end > at) outbound.addAll(batchTo, at, end - at);
                at = end;
                outbound.endList();
            }
            if (n > at) outbound.addAll(batchTo, at, n - at);
            outKind.addAll(batchKind, 0, n);
            outName.addAll(batchName, 0, n);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        batchedReferences = 0;
        batchedListEnds = 0;
    }

    @Override
    public void addRoot(GcRoot root) {
        try {
            RootTable.write(roots, root);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        if (root.object() < 0 || root.context() < -1) throw new IllegalArgumentException("bad root " + root);
        maxRootObject = Math.max(maxRootObject, root.object());
        maxRootContext = Math.max(maxRootContext, root.context());
        rootCount++;
    }

    /** Kept in memory (12 bytes per entry) and written sorted by {@link #finish}. */
    @Override
    public void addAttribute(String attribute, int object, long value) { attributes.add(attribute, object, value); }

    @Override
    public void addAttributes(String attribute, int[] objectIds, long[] values, int count) {
        attributes.addAll(attribute, objectIds, values, count);
    }

    @Override
    public void warning(String message) {
        if (warnings.size() < MAX_WARNINGS) warnings.add(message);
        else droppedWarnings++;
    }

    public int objectCount() { return objects; }

    /**
     * Checks every id, writes the class table, metadata, the attributes and, last, the manifest with
     * each file's size and CRC32C. Costs one checksum read of the files, on the common fork-join pool
     * beside the attributes. The inbound index is not part of it: {@link IndexedSnapshot} builds it
     * from the outbound one when first asked (paths to GC roots, incoming references), so a parse
     * followed by the dominator tree never pays for it.
     *
     * @throws IllegalStateException with a message naming the bad id when the graph is inconsistent
     */
    public Manifest finish() throws IOException {
        if (finished) throw new IllegalStateException("finish() called twice");
        validate();
        finished = true; // from here on, a failure leaves the folder to be deleted; close() releases what is open
        long references;
        flushObjects();
        try (outbound; outKind; outName) {
            flushReferences();
            for (; openList < objects; openList++) outbound.endList();
            references = outbound.valueCount();
        }
        closeColumns();
        stopEncoders();
        // the common pool checksums the closed files while this thread writes the attributes
        List<String> closedFiles = List.of(IndexFiles.OBJECT_CLASS, IndexFiles.OBJECT_SIZE, IndexFiles.OBJECT_IDENTITY,
                IndexFiles.OBJECT_OFFSET, IndexFiles.OBJECT_LABEL, IndexFiles.OBJECT_TYPE, IndexFiles.OUTBOUND,
                IndexFiles.OUTBOUND_KIND, IndexFiles.OUTBOUND_NAME, IndexFiles.ROOTS, IndexFiles.STRINGS,
                IndexFiles.STRING_OFFSETS);
        var closedSums = CompletableFuture.supplyAsync(() -> entries(closedFiles));
        List<Manifest.FileEntry> files = new ArrayList<>();
        try {
            for (String attribute : attributes.names()) {
                for (String name : MappedAttribute.write(folder, attributes.sorted(attribute))) {
                    files.add(Checksums.entry(folder, name));
                }
                attributes.remove(attribute);
            }
            ClassTable.write(folder.resolve(IndexFiles.CLASSES), classes);
            MetadataFile.write(folder.resolve(IndexFiles.METADATA),
                    new MetadataFile.Contents(new SnapshotMetadata(format, facts), warnings, droppedWarnings));
        } catch (IOException | RuntimeException | Error e) {
            closedSums.handle((done, failed) -> null).join(); // no reads of the folder once the caller deletes it
            throw e;
        }
        progress.phase("Checksumming index files", -1);
        files.addAll(0, Tasks.joinIo(closedSums));
        files.addAll(entries(List.of(IndexFiles.CLASSES, IndexFiles.METADATA)));
        var manifest = new Manifest(Manifest.FORMAT_VERSION, sourcePath, source, parser, options, objects,
                references, classes.size(), strings.count(), (int) rootCount, files);
        manifest.write(folder.resolve(IndexFiles.MANIFEST));
        closed = true;
        return manifest;
    }

    private List<Manifest.FileEntry> entries(List<String> names) {
        var result = new ArrayList<Manifest.FileEntry>(names.size());
        try {
            for (String name : names) result.add(Checksums.entry(folder, name));
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        return result;
    }

    private void validate() {
        int n = objects, c = classes.size(), s = strings.count();
        if (lastFrom >= n) fail("a reference comes from object " + lastFrom);
        if (maxTarget >= n) fail("a reference points to object " + maxTarget);
        if (minClass < 0 || maxClass >= c) fail("an object has class id " + (minClass < 0 ? minClass : maxClass) + " (classes: " + c + ")");
        if (maxLabel >= s) fail("an object has label string " + maxLabel + " (strings: " + s + ")");
        if (maxName >= s) fail("a reference has name string " + maxName + " (strings: " + s + ")");
        if (maxRootObject >= n || maxRootContext >= n) fail("a GC root names object " + Math.max(maxRootObject, maxRootContext));
        if (attributes.maxObject() >= n) fail("an attribute names object " + attributes.maxObject());
        if (rootCount > Integer.MAX_VALUE / RootTable.RECORD_BYTES) fail("too many GC roots: " + rootCount);
        for (int i = 0; i < c; i++) {
            ClassInfo k = classes.get(i);
            if (k == null) fail("class " + i + " is null");
            if (k.superClass() < -1 || k.superClass() >= c) fail("class " + i + " has super class " + k.superClass());
            if (k.classObject() < -1 || k.classObject() >= n) fail("class " + i + " has class object " + k.classObject());
            if (k.loaderObject() < -1 || k.loaderObject() >= n) fail("class " + i + " has loader object " + k.loaderObject());
        }
    }

    private void fail(String problem) {
        throw new IllegalStateException("invalid snapshot graph: " + problem + " (objects: " + objects + ")");
    }

    private void closeColumns() throws IOException {
        try (strings; objectClass; objectSize; objectIdentity; objectOffset; objectLabel; objectType; roots) {
            // closed in reverse order by try-with-resources
        }
    }

    private void stopEncoders() {
        if (encoderPool != null) encoderPool.shutdownNow();
    }

    /** Releases file handles and threads after a failed build (the caller deletes the folder); after a successful finish, does nothing. */
    @Override
    public void close() throws IOException {
        if (closed) return;
        closed = true;
        finished = true;
        try (outbound; outKind; outName) { // each close is idempotent
            closeColumns();
        } finally {
            stopEncoders();
        }
    }
}
