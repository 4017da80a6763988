package org.polyheap.ui.views;

import java.util.List;

import org.polyheap.analysis.DetachedDom;
import org.polyheap.model.Progress;
import org.polyheap.report.Documents;
import org.polyheap.report.V8Queries;
import org.polyheap.ui.LoadedSnapshot;
import org.polyheap.ui.editor.Format;

/**
 * Detached Elements: the detached DOM subtrees of a page's V8 snapshot by class, with the JavaScript
 * objects that keep them (top), and the biggest roots with their retainers (bottom) — the rows of
 * {@code polyheap detached}. A group row acts on its biggest root. Says so for snapshots without DOM.
 */
public final class DetachedElementsView extends SnapshotTablesView {
    public static final String ID = "org.polyheap.ui.views.detached";

    @Override protected int tableCount() { return 2; }

    @Override
    protected String notApplicable(LoadedSnapshot s) {
        return V8Queries.applies(s.analyzed()) ? null
                : "detached elements are found in V8 snapshots of web pages; this is a " + s.analyzed().format().title() + ".";
    }

    private volatile boolean dom; // of the last snapshot queried

    @Override
    protected List<Shown> query(LoadedSnapshot s, Progress progress) throws Exception {
        dom = DetachedDom.hasDom(s.graph()); // a scan of every object: not on the UI thread
        var d = V8Queries.detached(s.analyzed(), Documents.DETACHED_TOP, progress);
        return List.of(new Shown(d.groups(), d.groupExamples()), new Shown(d.roots(), d.rootObjects()));
    }

    @Override
    protected String describe(LoadedSnapshot s, List<Shown> shown) {
        int groups = shown.get(0).table().rows().size();
        if (groups == 0) return s.fileName() + (dom ? ": no detached DOM." : ": this V8 snapshot records no DOM (not a page's: a Node.js process?).");
        long roots = 0;
        for (Object[] row : shown.get(0).table().rows()) roots += (Long) row[1];
        return s.fileName() + ": " + Format.count(roots) + " detached subtrees in " + Format.count(groups)
                + " classes (a class row acts on its biggest root); below, the biggest roots and the JS objects that keep them";
    }
}
