package org.polyheap.parser.v8;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.concurrent.CompletableFuture;

import org.polyheap.model.DataLoss;
import org.polyheap.model.GcRoot;
import org.polyheap.model.HeapGraph;
import org.polyheap.model.ObjectInspector;
import org.polyheap.model.Progress;
import org.polyheap.model.ReferenceKind;
import org.polyheap.model.RootKind;
import org.polyheap.model.SnapshotFormatException;
import org.polyheap.model.SnapshotSink;
import org.polyheap.model.Tasks;
import org.polyheap.model.format.SnapshotFormat;
import org.polyheap.model.format.V8ObjectTypes;
import org.polyheap.model.spi.Probe;
import org.polyheap.model.spi.ParseOptions;
import org.polyheap.model.spi.SnapshotParser;
import org.polyheap.model.spi.SnapshotSource;


/**
 * V8 {@code .heapsnapshot} files (Chrome, Node, Electron, Deno), plain or gzip. Streams the JSON
 * in up to three passes (sections, then edges twice: once for what class naming needs, when the
 * snapshot has plain objects or DOM state, and once into the sink), never holding a section as text or the edges in memory: about 30 bytes per node plus
 * the strings. See {@code docs/formats/v8.md} for what goes where in the sink. With
 * {@link ParseOptions#PERMISSIVE} a damaged or cut-off file gives the nodes, edges and strings read
 * before the damage and a {@link DataLoss}. Stateless and thread-safe.
 */
public final class V8SnapshotParser implements SnapshotParser {

    @Override public SnapshotFormat format() { return SnapshotFormat.V8; }

    /** A JSON object whose first bytes name a heap-snapshot section. No I/O. */
    @Override
    public boolean accepts(Probe probe) {
        String head = new String(probe.head(), StandardCharsets.ISO_8859_1).stripLeading();
        if (!head.startsWith("{")) return false;
        return head.contains("\"node_fields\"") || head.contains("\"snapshot\":{\"meta\"")
                || head.matches("(?s)\\{\\s*\"(snapshot|nodes|edges|strings)\"\\s*:.*");
    }

    /**
     * Reads the file into the sink (see the class comment for cost). Objects are nodes in node
     * order, references edges in file order.
     */
    @Override
    public void parse(SnapshotSource source, SnapshotSink sink, Progress progress, ParseOptions options)
            throws IOException, SnapshotFormatException {
        sink.format(format());
        progress.phase("Reading nodes and strings", -1);
        progress.checkCanceled();
        int[] nextString = {0};
        boolean permissive = options.permissive();
        var scan = SectionScan.scan(source, progress, text -> {
            // labels and edge names are the file's string indexes, so the sink's ids must be the same
            int id = sink.addString(text);
            if (id != nextString[0]++) throw new IllegalStateException("sink gave string id " + id + " for string " + (nextString[0] - 1));
        }, permissive);
        SnapshotMeta meta = scan.meta;
        NodeTable nodes = scan.nodes;
        int root = rootOrdinal(scan);

        // DOM state and interface names need edges, so read them once before objects go to the sink
        byte[] domState = nodes.detachedness; // seeds the propagation, which works in place
        boolean hasDetachedness = meta.nodeField("detachedness") >= 0;
        int nativeType = meta.nodeType("native");
        if (!hasDetachedness) {
            // older V8 has no detachedness field: DevTools takes native "Detached ..." names as detached
            for (int i = 0; i < nodes.count; i++) {
                if (nodes.type[i] == nativeType && scan.strings.get(nodes.name[i]).startsWith("Detached ")) {
                    domState[i] = DomState.DETACHED;
                }
            }
        }
        boolean needDom = false;
        if (hasDetachedness) {
            for (int i = 0; i < nodes.count && !needDom; i++) needDom = domState[i] != DomState.UNKNOWN;
        }
        int[] plain = SummaryClasses.plainObjects(meta, nodes, scan.strings);
        var evidence = new EdgeEvidence(meta, nodes, plain, needDom);
        var scripts = new ScriptNodes(meta, nodes, scan.locations, scan.strings);

        // one pass over the edges: into the sink (which takes references before the objects they
        // name), and what class naming and script names need from them
        progress.phase("Reading edges", meta.edgeCount());
        progress.checkCanceled();
        ReferenceKind[] kindOfType = meta.edgeTypes().stream().map(V8SnapshotParser::kind).toArray(ReferenceKind[]::new);
        ReferenceKind[][] kinds = {new ReferenceKind[0]}; // grown to the batches' size (small contents have small ones)
        EdgeSection.Result edges = scan.edgesOffset < 0 ? new EdgeSection.Result(0, 0, 0, null) // permissive: cut off before them
                : EdgeSection.read(scan.source, scan.edgesOffset, meta, nodes, scan.stringsRead,
                        permissive ? scan.stringsRead : -1, progress, (from, type, name, to, count) -> {
                            evidence.edges(from, type, name, to, count);
                            scripts.edges(from, type, name, to, count);
                            if (kinds[0].length < count) kinds[0] = new ReferenceKind[count];
                            for (int i = 0; i < count; i++) kinds[0][i] = kindOfType[type[i]];
                            sink.addReferences(from, to, kinds[0], name, count);
                        });
        nodes.edgeCount = null; // only the edge pass needs it: 4 bytes per node less from here
        if (needDom) DomState.propagate(domState, nodes.type, nativeType, evidence.domFrom, evidence.domTo);
        String[] interfaces = PlainObjectInterfaces.classify(evidence, scan.strings);
        int[] entryOfNode = scan.locations.entryOfNode(nodes.count);
        var classes = new SummaryClasses(meta, nodes, scan.strings, scan.locations, entryOfNode, domState, plain, interfaces);
        // the location attributes are gathered on the common pool while this thread writes the objects
        var locationColumns = CompletableFuture.supplyAsync(() -> SourceLocations.columns(scan.locations, entryOfNode, scripts));

        progress.phase("Writing objects", nodes.count);
        progress.checkCanceled();
        long totalSelf = nodes.totalSelf; // checked against overflow as the nodes were read
        writeObjects(sink, nodes, classes, domState, progress);
        sink.addRoot(new GcRoot(root, RootKind.V8_SYNTHETIC_ROOT, -1, -1));
        SourceLocations.write(sink, Tasks.join(locationColumns));
        facts(sink, scan, totalSelf, root);
        if (permissive) loss(scan, edges).ifPresent(l -> l.report(sink));
    }

    /**
     * Each node as an object of its summary class, classes added as they are first met (so the sink's
     * class ids are the same). A method of its own so that the JIT compiles this loop alone, not all of
     * {@link #parse} for it.
     */
    private static void writeObjects(SnapshotSink sink, NodeTable nodes, SummaryClasses classes, byte[] domState,
            Progress progress) {
        int classesAdded = 0;
        for (int i = 0; i < nodes.count; i++) {
            int classId = classes.classOf(i);
            while (classesAdded < classes.classes.size()) sink.addClass(classes.classes.get(classesAdded++)); // ids stay equal
            sink.addObject(classId, nodes.selfSize[i], nodes.identity(i), -1, nodes.name[i],
                    V8ObjectTypes.pack(nodes.type[i], domState[i]));
            if ((i & 0xFFFF) == 0xFFFF) {
                progress.worked(0x10000);
                progress.checkCanceled();
            }
        }
    }

    /** What a permissive read lost, or empty when the file was whole. */
    private static java.util.Optional<DataLoss> loss(SectionScan scan, EdgeSection.Result edges) {
        SnapshotFormatException damage = scan.damage;
        if (edges.damage() != null && (damage == null || edges.damage().offset() < damage.offset())) damage = edges.damage();
        long names = scan.namesMissing + edges.namesMissing();
        if (damage == null && names == 0 && edges.dropped() == 0) return java.util.Optional.empty();
        SnapshotMeta meta = scan.meta;
        var missing = new java.util.ArrayList<String>();
        if (edges.edgesRead() + edges.dropped() < meta.edgeCount()) {
            missing.add(String.format(java.util.Locale.ROOT, "%,d of %,d edges not read", meta.edgeCount() - edges.edgesRead() - edges.dropped(), meta.edgeCount()));
        }
        if (names > 0) missing.add(String.format(java.util.Locale.ROOT, "%,d names (strings never read; shown as %s)", names, DataLoss.NAME_MISSING));
        return java.util.Optional.of(new DataLoss(damage == null ? -1 : damage.offset(),
                damage == null ? "names or references point past what the file holds" : damage.problem(),
                scan.nodes.count, meta.nodeCount(), edges.dropped(), String.join("; ", missing), true));
    }

    private static int rootOrdinal(SectionScan scan) throws SnapshotFormatException {
        if (scan.nodes.count == 0) throw new SnapshotFormatException(scan.file, scan.nodes.sectionOffset, "snapshot has no nodes, not even the root");
        long index = scan.meta.rootIndex();
        if (index < 0) return 0; // V8 always writes the root first; only the header may say otherwise
        int fields = scan.meta.nodeFieldCount();
        if (index % fields != 0 || index / fields >= scan.nodes.count) {
            throw new SnapshotFormatException(scan.file, scan.metaOffset, "snapshot.root_index " + index + " is not a node index");
        }
        return (int) (index / fields);
    }

    static ReferenceKind kind(String edgeType) {
        return switch (edgeType) {
            case "context" -> ReferenceKind.CONTEXT;
            case "element" -> ReferenceKind.ELEMENT;
            case "property" -> ReferenceKind.PROPERTY;
            case "internal" -> ReferenceKind.INTERNAL;
            case "hidden" -> ReferenceKind.HIDDEN;
            case "shortcut" -> ReferenceKind.SHORTCUT;
            case "weak" -> ReferenceKind.WEAK;
            default -> ReferenceKind.OTHER;
        };
    }

    private static void facts(SnapshotSink sink, SectionScan scan, long totalSelf, int root) {
        SnapshotMeta meta = scan.meta;
        sink.fact("nodeCount", Long.toString(meta.nodeCount()));
        sink.fact("edgeCount", Long.toString(meta.edgeCount()));
        sink.fact("totalSelfSize", Long.toString(totalSelf));
        sink.fact("extraNativeBytes", Long.toString(Math.max(0, meta.extraNativeBytes())));
        sink.fact("rootOrdinal", Integer.toString(root));
        sink.fact("stringCount", Integer.toString(scan.stringsRead));
        sink.fact("locationCount", Integer.toString(scan.locations.size()));
        if (meta.traceFunctionCount() >= 0) sink.fact("traceFunctionCount", Long.toString(meta.traceFunctionCount()));
        if (meta.title() != null) sink.fact("title", meta.title());
        if (meta.uid() != null) sink.fact("uid", meta.uid());
        sink.fact("compressed", scan.source.gzip() ? "gzip" : "no");
        sink.fact("v8.nodeFields", String.join(",", meta.nodeFields()));
        V8ObjectTypes.record(sink, meta.nodeTypes());
        sink.fact("v8.edgeFields", String.join(",", meta.edgeFields()));
        sink.fact("v8.edgeTypes", String.join(",", meta.edgeTypes()));
        sink.fact("v8.locationFields", String.join(",", meta.locationFields()));
    }

    /** Edge names and value hints from the graph itself; no file I/O (see {@link V8Inspector}). */
    @Override
    public ObjectInspector inspector(Path file, HeapGraph graph) {
        return new V8Inspector(graph);
    }
}
