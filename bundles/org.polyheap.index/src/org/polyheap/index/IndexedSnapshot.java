package org.polyheap.index;

import java.io.IOException;
import java.lang.foreign.Arena;
import java.lang.foreign.MemorySegment;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.function.Consumer;

import org.polyheap.index.column.IndexDamagedException;
import org.polyheap.index.column.IntIndexReader;
import org.polyheap.index.column.LongIndexReader;
import org.polyheap.index.column.MappedFile;
import org.polyheap.index.column.OneToManyIndex;
import org.polyheap.index.column.Origin;
import org.polyheap.index.sort.InboundSorter;
import org.polyheap.index.table.ClassTable;
import org.polyheap.index.table.MetadataFile;
import org.polyheap.index.table.RootTable;
import org.polyheap.index.table.StringTable;
import org.polyheap.model.ClassInfo;
import org.polyheap.model.GcRoot;
import org.polyheap.model.HeapGraph;
import org.polyheap.model.IntColumn;
import org.polyheap.model.LongColumn;
import org.polyheap.model.ObjectAttribute;
import org.polyheap.model.Progress;
import org.polyheap.model.SnapshotMetadata;

/**
 * A snapshot read from its index folder through memory mapping. Opening maps every file and checks
 * its structure (see {@link #open}); afterwards every call is thread-safe and does no I/O beyond
 * touching mapped pages (the first read of a page also checks its CRC32C), except the first use of
 * the inbound columns, which may build them ({@link #prepareInbound}, kept by {@link InboundIndex}).
 * The analysis' stored results are its {@link #results()}. {@link #close} unmaps everything at once
 * (results too); columns must not be used afterwards. A damaged page found after opening is reported
 * to the store ({@link SnapshotStore#invalidate}); the snapshot itself deletes nothing.
 */
public final class IndexedSnapshot implements HeapGraph {
    /**
     * Files up to this size get their CRC32C checked when the snapshot opens; in larger ones each page
     * is checked when first read (and all by {@link #verifyChecksums}). The system property
     * {@code polyheap.index.verifyOnOpenBytes} overrides it (tests set 0 to exercise the lazy checks).
     */
    public static final long VERIFY_ON_OPEN_BYTES = 16L << 20;

    static long verifyOnOpenBytes() { return Long.getLong("polyheap.index.verifyOnOpenBytes", VERIFY_ON_OPEN_BYTES); }

    private final Path folder;
    private final Manifest manifest;
    private final Arena arena = Arena.ofShared();
    private final AtomicBoolean closed = new AtomicBoolean();
    private final MetadataFile.Contents metadata;
    private final IntIndexReader objectClass, objectLabel, objectType;
    private final LongIndexReader shallowSize, identity, sourceOffset;
    private final OneToManyIndex outbound;
    private final InboundIndex inbound;
    private final IntIndexReader outKind, outName;
    private final List<GcRoot> roots;
    private final List<ClassInfo> classes;
    private final StringTable strings;
    private final Map<String, ObjectAttribute> attributes;
    private final ResultGroups results;
    private final StoredSourceCache sourceCache;
    private final List<Consumer<IndexDamagedException>> damageListeners = new java.util.concurrent.CopyOnWriteArrayList<>();

    private IndexedSnapshot(Path folder, Manifest manifest) throws IOException {
        this.folder = folder;
        this.manifest = manifest;
        this.results = new ResultGroups(folder, arena, this::damaged);
        this.sourceCache = new StoredSourceCache(results);
        this.inbound = new InboundIndex(this, manifest.references(), results);
        try {
            metadata = MetadataFile.read(map(IndexFiles.METADATA));
            objectClass = objectInts(IndexFiles.OBJECT_CLASS);
            objectLabel = objectInts(IndexFiles.OBJECT_LABEL);
            objectType = objectInts(IndexFiles.OBJECT_TYPE);
            shallowSize = objectLongs(IndexFiles.OBJECT_SIZE);
            identity = objectLongs(IndexFiles.OBJECT_IDENTITY);
            sourceOffset = objectLongs(IndexFiles.OBJECT_OFFSET);
            outbound = references(IndexFiles.OUTBOUND);
            outKind = ints(IndexFiles.OUTBOUND_KIND);
            outName = ints(IndexFiles.OUTBOUND_NAME);
            if (outKind.size() != manifest.references() || outName.size() != manifest.references()) {
                throw new IndexDamagedException(folder, "reference kind or name index has the wrong length");
            }
            roots = RootTable.view(map(IndexFiles.ROOTS));
            classes = ClassTable.read(map(IndexFiles.CLASSES));
            strings = new StringTable(map(IndexFiles.STRINGS), longs(IndexFiles.STRING_OFFSETS));
            if (roots.size() != manifest.roots() || classes.size() != manifest.classes() || strings.count() != manifest.strings()) {
                throw new IndexDamagedException(folder, "root, class or string count differs from the manifest");
            }
            var attrs = new java.util.LinkedHashMap<String, ObjectAttribute>();
            for (var f : manifest.files()) {
                String name = MappedAttribute.nameOf(f.name());
                if (name != null) attrs.put(name, MappedAttribute.open(name, this));
            }
            attributes = java.util.Collections.unmodifiableMap(attrs);
        } catch (IOException | RuntimeException e) {
            arena.close();
            throw e;
        }
    }

    /**
     * Opens an index folder. Checks: the manifest's own CRC32C and format version; every file's
     * presence and size; the CRC32C of each table and of the metadata whatever their size, and of each
     * paged index up to {@value #VERIFY_ON_OPEN_BYTES} bytes; the
     * structure of every index (trailers, page tables) and that lengths agree with the counts. Each
     * page's header and CRC32C are checked when the page is first read; a damaged one then throws
     * {@link java.io.UncheckedIOException} wrapping an {@link IndexDamagedException} and invalidates
     * the index ({@link SnapshotStore#invalidate}: the next open rebuilds it). Costs one read of the
     * page tables (8 bytes per 4096 values) and of the small files; call off the UI thread.
     *
     * @throws IndexDamagedException when any check fails (the store then rebuilds)
     */
    public static IndexedSnapshot open(Path folder) throws IOException {
        return open(folder, Manifest.read(folder.resolve(IndexFiles.MANIFEST)));
    }

    static IndexedSnapshot open(Path folder, Manifest manifest) throws IOException {
        return open(folder, manifest, true);
    }

    /**
     * As {@link #open(Path)}, for a folder this process has just built and checksummed: the files'
     * CRC32C are not read again (the other checks are made).
     */
    static IndexedSnapshot openBuilt(Path folder, Manifest manifest) throws IOException {
        return open(folder, manifest, false);
    }

    private static IndexedSnapshot open(Path folder, Manifest manifest, boolean checksums) throws IOException {
        if (manifest.objects() > Integer.MAX_VALUE) throw new IndexDamagedException(folder, "object count out of range");
        for (var f : manifest.files()) {
            Path p = folder.resolve(f.name());
            if (!Files.isRegularFile(p)) throw new IndexDamagedException(p, "index file missing");
            if (Files.size(p) != f.size()) throw new IndexDamagedException(p, "size " + Files.size(p) + ", manifest says " + f.size());
            // paged indexes check each page when first read; tables and metadata have no pages: always whole
            boolean whole = f.size() <= verifyOnOpenBytes() || !f.name().endsWith(".index");
            if (checksums && whole && Checksums.crc32c(p) != f.crc32c()) {
                throw new IndexDamagedException(p, "checksum mismatch");
            }
        }
        return new IndexedSnapshot(folder, manifest);
    }

    /** Checks the CRC32C of every file against the manifest; reads the whole index once. */
    public void verifyChecksums() throws IOException {
        for (var f : manifest.files()) {
            if (Checksums.crc32c(folder.resolve(f.name())) != f.crc32c()) throw new IndexDamagedException(folder.resolve(f.name()), "checksum mismatch");
        }
    }

    MemorySegment map(String name) throws IOException {
        if (manifest.file(name).isEmpty()) throw new IndexDamagedException(folder, "manifest does not list " + name);
        return MappedFile.map(folder.resolve(name), arena);
    }

    IntIndexReader ints(String name) throws IOException { return IntIndexReader.open(map(name), origin(folder.resolve(name))); }

    LongIndexReader longs(String name) throws IOException { return LongIndexReader.open(map(name), origin(folder.resolve(name))); }

    /** A file of the index proper: damage found in it later invalidates the whole index. */
    Origin origin(Path file) {
        return Origin.of(file, damage -> {
            SnapshotStore.invalidate(folder);
            damaged(damage);
        });
    }

    /**
     * Calls {@code listener} with each damaged page found from now on (in the index proper or in a stored
     * result), after the damage is invalidated and before the reader throws, on the reading thread. The
     * window uses it to reopen the snapshot, whichever code met the damage and however it reported it.
     */
    public void onDamage(Consumer<IndexDamagedException> listener) { damageListeners.add(listener); }

    private void damaged(IndexDamagedException damage) {
        for (var l : damageListeners) {
            try {
                l.accept(damage);
            } catch (RuntimeException listenerFault) {
                // a listener's fault must not replace the damage the reader is about to report
            }
        }
    }

    private IntIndexReader objectInts(String name) throws IOException {
        var r = ints(name);
        if (r.size() != manifest.objects()) throw new IndexDamagedException(folder.resolve(name), "holds " + r.size() + " values for " + manifest.objects() + " objects");
        return r;
    }

    private LongIndexReader objectLongs(String name) throws IOException {
        var r = longs(name);
        if (r.size() != manifest.objects()) throw new IndexDamagedException(folder.resolve(name), "holds " + r.size() + " values for " + manifest.objects() + " objects");
        return r;
    }

    private OneToManyIndex references(String name) throws IOException {
        var r = OneToManyIndex.open(map(name), origin(folder.resolve(name)));
        if (r.lists() != manifest.objects() || r.values().size() != manifest.references()) {
            throw new IndexDamagedException(folder.resolve(name), "does not match the manifest's object and reference counts");
        }
        return r;
    }

    public Path folder() { return folder; }

    public Manifest manifest() { return manifest; }

    /** The parser's warnings as kept (at most 10,000), in order. */
    public List<String> warnings() { return metadata.warnings(); }

    /** Warnings beyond the kept ones, counted only. */
    public long warningsDropped() { return metadata.dropped(); }

    @Override public SnapshotMetadata metadata() { return metadata.metadata(); }
    @Override public int objectCount() { return (int) manifest.objects(); }
    @Override public IntColumn objectClass() { return objectClass; }
    @Override public LongColumn shallowSize() { return shallowSize; }
    @Override public LongColumn identity() { return identity; }
    @Override public LongColumn sourceOffset() { return sourceOffset; }
    @Override public IntColumn objectLabel() { return objectLabel; }
    @Override public IntColumn objectType() { return objectType; }
    @Override public LongColumn outStart() { return outbound.starts(); }
    @Override public IntColumn outTarget() { return outbound.values(); }
    @Override public IntColumn outKind() { return outKind; }
    @Override public IntColumn outName() { return outName; }
    /** Inbound references; the first call may build the inbound index (see {@link #prepareInbound}). */
    @Override public LongColumn inStart() { return inbound.columns().starts(); }
    @Override public IntColumn inSource() { return inbound.columns().values(); }

    /**
     * Makes the inbound index ready: maps the stored one, or builds it from the outbound index and
     * stores it beside the index (result group {@code inbound}). The build reads every reference once
     * and sorts them by target: seconds for millions of references, so call it off the UI thread;
     * cancellable through {@code progress}. Concurrent callers wait for one build. Cheap once done.
     */
    public void prepareInbound(Progress progress) throws IOException {
        prepareInbound(InboundSorter.DEFAULT_RUN_PAIRS, progress);
    }

    /** {@link #prepareInbound(Progress)} with the sort's run size (pairs of 8 bytes held in memory). */
    public void prepareInbound(int sortPairs, Progress progress) throws IOException { inbound.prepare(sortPairs, progress); }

    /** True when the inbound index is mapped (stored by an earlier run, or built here). No I/O. */
    public boolean inboundReady() { return inbound.ready(); }
    @Override public List<GcRoot> gcRoots() { return roots; }
    @Override public List<ClassInfo> classes() { return classes; }
    @Override public String string(int id) { return strings.get(id); }

    @Override public int stringUtf8Length(int id) { return strings.utf8Length(id); }
    @Override public int stringCount() { return strings.count(); }
    @Override public Map<String, ObjectAttribute> attributes() { return attributes; }

    /**
     * The analysis' result groups kept beside this index (dominator trees, histograms, the inbound
     * index), mapped in this snapshot's arena. No I/O until used.
     */
    public ResultStore results() { return results; }

    /** Entries {@code source-<name>} of {@link #results()}: see {@link StoredSourceCache}. */
    @Override
    public org.polyheap.model.spi.SourceCache sourceCache() { return sourceCache; }

    /** Unmaps every file (also results); idempotent. Columns fail with IllegalStateException afterwards. */
    @Override
    public void close() {
        if (closed.compareAndSet(false, true)) arena.close();
    }
}
