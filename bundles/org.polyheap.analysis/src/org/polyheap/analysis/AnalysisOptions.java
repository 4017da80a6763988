package org.polyheap.analysis;

import org.polyheap.model.HeapGraph;

/**
 * How to analyse a snapshot.
 *
 * @param semantics     which references retain (see {@link Semantics})
 * @param devtoolsSizes V8 only: move the self size of {@code hidden}, {@code array} and
 *                      {@code system / ExternalStringData} nodes that have a single owner into that owner
 *                      before computing retained sizes, as DevTools does; false keeps the file's sizes ("raw")
 * @param stackRootsUnderThread Java only: a Java-frame or JNI-local root whose thread is known is a
 *                      reference from that thread instead of a root of its own, as MAT counts it, so a
 *                      thread retains what only its stack holds (see {@link StackRoots})
 */
public record AnalysisOptions(Semantics semantics, boolean devtoolsSizes, boolean stackRootsUnderThread) {
    public AnalysisOptions {
        if (semantics == null) throw new IllegalArgumentException("semantics required");
    }

    /** Stack roots stay roots. */
    public AnalysisOptions(Semantics semantics, boolean devtoolsSizes) { this(semantics, devtoolsSizes, false); }

    /** The defaults for the graph's format: DevTools semantics and sizes for V8; stack roots stay roots. */
    public static AnalysisOptions forGraph(HeapGraph graph) {
        Semantics s = Semantics.forFormat(graph.metadata().format());
        return new AnalysisOptions(s, s == Semantics.V8_DEVTOOLS, false);
    }

    public AnalysisOptions withSemantics(Semantics s) { return new AnalysisOptions(s, devtoolsSizes, stackRootsUnderThread); }

    public AnalysisOptions withDevtoolsSizes(boolean on) { return new AnalysisOptions(semantics, on, stackRootsUnderThread); }

    public AnalysisOptions withStackRootsUnderThread(boolean on) { return new AnalysisOptions(semantics, devtoolsSizes, on); }
}
