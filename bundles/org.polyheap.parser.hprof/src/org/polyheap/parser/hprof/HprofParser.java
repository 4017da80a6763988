package org.polyheap.parser.hprof;

import java.io.IOException;
import java.nio.file.Path;
import java.time.Instant;

import org.polyheap.model.DataLoss;
import org.polyheap.model.GcRoot;
import org.polyheap.model.HeapGraph;
import org.polyheap.model.ObjectInspector;
import org.polyheap.model.Progress;
import org.polyheap.model.SnapshotFormatException;
import org.polyheap.model.SnapshotSink;
import org.polyheap.model.format.SnapshotFormat;
import org.polyheap.model.spi.ParseOptions;
import org.polyheap.model.spi.Probe;
import org.polyheap.model.spi.SnapshotParser;
import org.polyheap.model.spi.SnapshotSource;

/**
 * Java HPROF heap dumps (HotSpot and Android; plain, gzip, or HotSpot's multi-member
 * {@code jcmd GC.heap_dump -gz}). Two streaming passes: the first collects classes, roots and every
 * object's address; the second writes objects and references to the sink. Heap use is about
 * 20 bytes per object at peak (addresses and the address index) plus the class table and the
 * dump's strings. Stateless and thread-safe.
 *
 * <p>A file cut off inside its heap data opens with the objects before the cut and a {@link DataLoss};
 * with {@link ParseOptions#PERMISSIVE} a damaged heap record does the same (the records before it are kept).
 *
 * <p>Option {@code sizeModel}: {@code auto} (default), {@code compressed-oops},
 * {@code no-compressed-oops} or {@code 32-bit}; see {@link SizeModel}.
 */
public final class HprofParser implements SnapshotParser {
    public static final String SIZE_MODEL = "sizeModel";

    @Override public SnapshotFormat format() { return SnapshotFormat.HPROF; }

    @Override
    public boolean accepts(Probe probe) {
        return probe.startsWith(HprofHeader.MAGIC);
    }

    @Override
    public void parse(SnapshotSource source, SnapshotSink sink, Progress progress, ParseOptions options)
            throws IOException, SnapshotFormatException {
        String modelOption = options.get(SIZE_MODEL, "auto");
        SizeModel.choose(modelOption, 8, 0); // reject a bad option before reading
        Path file = source.file();
        long fileSize = source.size();
        sink.format(format());

        progress.phase("Reading HPROF: classes, roots, addresses", fileSize);
        FirstPass scan;
        long truncatedAt;
        try (RecordInput in = RecordInput.open(source)) {
            scan = new FirstPass(file, in, fileSize, progress);
            truncatedAt = scan.walk(Long.MAX_VALUE, options.permissive());
        }
        HprofHeader header = scan.header;
        if (scan.addresses.isEmpty() && truncatedAt < 0 && scan.classDumps.isEmpty()) {
            throw new SnapshotFormatException(file, header.length(), "no heap dump in this HPROF file");
        }
        AddressIndex index = AddressIndex.of(scan.addresses.elements(), scan.addresses.size());
        int objectCount = scan.addresses.size();
        scan.addresses.trim(0);
        SizeModel model = SizeModel.choose(modelOption, header.idSize(), scan.maxAddress);

        StringPool names = new StringPool(sink);
        ClassTable classes = new ClassTable(scan, index, model, names, sink);
        long unresolvedRoots = addRoots(scan, index, sink);

        progress.phase("Reading HPROF: objects and references", fileSize);
        SecondPass objects;
        try (RecordInput in = RecordInput.open(source)) {
            objects = new SecondPass(file, in, fileSize, progress, sink, scan, index, classes, model, names);
            objects.walk(truncatedAt < 0 ? Long.MAX_VALUE : truncatedAt, false);
        }
        if (objects.objectsAdded() != objectCount) {
            throw new SnapshotFormatException(file, -1, "file changed between the two passes");
        }

        sink.fact("hprofVersion", header.version());
        sink.fact("idSize", Integer.toString(header.idSize()));
        sink.fact("timestamp", Instant.ofEpochMilli(header.timestamp()).toString());
        sink.fact("sizeModel", model.name() + (modelOption.equals("auto") ? " (auto)" : ""));
        sink.fact("compressedOops", Boolean.toString(model.compressedOops()));
        sink.fact("compressed", source.gzip() ? "gzip" : "none");
        sink.fact("classDumps", Integer.toString(scan.classDumps.size()));
        sink.fact("unresolvedReferences", Long.toString(objects.unresolved));
        sink.fact("unresolvedGcRoots", Long.toString(unresolvedRoots));
        new ThreadStacks(scan, index).addFacts(sink);
        for (String w : scan.warnings) sink.warning(w);
        if (index.duplicates() > 0) sink.warning(index.duplicates() + " object records repeat an address; references go to the first");
        if (objects.lengthMismatches > 0) {
            sink.warning(objects.lengthMismatches + " instances have a data length that does not match their class's fields");
        }
        if (truncatedAt < 0 && scan.sawSegment && !scan.sawHeapDumpEnd) {
            sink.warning("the file ends without the HEAP_DUMP_END record that follows heap dump segments: it may be truncated");
        }
        if (truncatedAt >= 0) {
            // HPROF declares no object count: what is missing is whatever followed the record
            String problem = scan.damage != null ? scan.damage.problem()
                    : "the file is truncated: heap data ends inside this record";
            // HotSpot writes the GC roots after the objects: a dump cut early has none, and every object is unreachable
            String missing = scan.rootAddress.isEmpty() ? "the GC roots (written after the objects read), so every object counts as unreachable" : "";
            new DataLoss(truncatedAt, problem, objectCount, -1, objects.unresolved, missing, scan.damage != null).report(sink);
        }
    }

    @Override
    public ObjectInspector inspector(Path file, HeapGraph graph) throws IOException {
        return new HprofInspector(file, graph);
    }

    private static long addRoots(FirstPass scan, AddressIndex index, SnapshotSink sink) {
        long unresolved = 0;
        for (int i = 0; i < scan.rootAddress.size(); i++) {
            int object = index.idOf(scan.rootAddress.getLong(i));
            if (object < 0) {
                unresolved++;
                continue;
            }
            int serial = scan.rootThread.getInt(i);
            int context = serial != 0 && scan.threadObject.containsKey(serial) ? index.idOf(scan.threadObject.get(serial)) : -1;
            sink.addRoot(new GcRoot(object, scan.rootKind.get(i), context, scan.rootDepth.getInt(i)));
        }
        return unresolved;
    }
}
