package org.polyheap.ui.views;

import java.util.List;

import org.polyheap.model.Progress;
import org.polyheap.report.Documents;
import org.polyheap.report.V8Queries;
import org.polyheap.ui.LoadedSnapshot;
import org.polyheap.ui.editor.Format;

/**
 * Closures: the closures of a V8 snapshot grouped by function name and source location, biggest
 * retained first — the rows of {@code polyheap closures}. A row acts on its biggest closure.
 */
public final class ClosuresView extends SnapshotTablesView {
    public static final String ID = "org.polyheap.ui.views.closures";

    private volatile int lastCount; // functions in all, of the last snapshot queried

    @Override protected int tableCount() { return 1; }

    @Override
    protected String notApplicable(LoadedSnapshot s) {
        return V8Queries.applies(s.analyzed()) ? null
                : "closures by source location are V8's; this is a " + s.analyzed().format().title() + ".";
    }

    @Override
    protected List<Shown> query(LoadedSnapshot s, Progress progress) throws Exception {
        var c = V8Queries.closures(s.analyzed(), Documents.CLOSURES_MIN, Documents.CLOSURES_TOP, progress);
        lastCount = c.groups();
        return List.of(new Shown(c.table(), c.examples()));
    }

    @Override
    protected String describe(LoadedSnapshot s, List<Shown> shown) {
        return s.fileName() + ": the " + Format.count(shown.get(0).table().rows().size()) + " functions (of "
                + Format.count(lastCount) + ") whose closures retain the most (a row acts on its biggest closure)";
    }
}
