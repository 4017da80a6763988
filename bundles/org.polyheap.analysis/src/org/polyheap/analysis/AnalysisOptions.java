package org.polyheap.analysis;

import org.polyheap.model.HeapGraph;

/**
 * How to analyse a snapshot.
 *
 * @param semantics     which references retain (see {@link Semantics})
 * @param devtoolsSizes V8 only: move the self size of {@code hidden}, {@code array} and
 *                      {@code system / ExternalStringData} nodes that have a single owner into that owner
 *                      before computing retained sizes, as DevTools does; false keeps the file's sizes ("raw")
 */
public record AnalysisOptions(Semantics semantics, boolean devtoolsSizes) {
    public AnalysisOptions {
        if (semantics == null) throw new IllegalArgumentException("semantics required");
    }

    /** The defaults for the graph's format: DevTools semantics and sizes for V8. */
    public static AnalysisOptions forGraph(HeapGraph graph) {
        Semantics s = Semantics.forFormat(graph.metadata().format());
        return new AnalysisOptions(s, s == Semantics.V8_DEVTOOLS);
    }

    public AnalysisOptions withSemantics(Semantics s) { return new AnalysisOptions(s, devtoolsSizes); }

    public AnalysisOptions withDevtoolsSizes(boolean on) { return new AnalysisOptions(semantics, on); }
}
