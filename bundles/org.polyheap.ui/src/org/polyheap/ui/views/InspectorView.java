package org.polyheap.ui.views;

import java.util.ArrayList;
import java.util.List;
import java.util.TreeSet;
import java.util.concurrent.atomic.AtomicInteger;

import org.eclipse.core.runtime.IProgressMonitor;
import org.eclipse.core.runtime.IStatus;
import org.eclipse.core.runtime.Status;
import org.eclipse.core.runtime.jobs.Job;
import org.eclipse.jface.viewers.ArrayContentProvider;
import org.eclipse.jface.viewers.ColumnLabelProvider;
import org.eclipse.jface.viewers.IStructuredSelection;
import org.eclipse.jface.viewers.TableViewer;
import org.eclipse.jface.viewers.TableViewerColumn;
import org.eclipse.swt.SWT;
import org.eclipse.swt.widgets.Composite;
import org.polyheap.analysis.DominatorTree;
import org.polyheap.model.FieldValue;
import org.polyheap.model.GcRoot;
import org.polyheap.ui.ObjectRef;
import org.polyheap.ui.editor.ColumnFit;
import org.polyheap.ui.editor.Format;

/**
 * Inspector: the selected object's class, id, sizes (and native memory, where the snapshot records it),
 * dominator and GC-root kinds, then its fields
 * with values. Field values are read from the snapshot file by the parser's inspector in a job (a few
 * KB of I/O); double-clicking a reference field inspects its target.
 */
public final class InspectorView extends ObjectView {
    public static final String ID = "org.polyheap.ui.views.inspector";

    /** One row: a name, its value, the declared type (fields only), and the object it points to, if any. */
    /** Fields listed at most (a byte[] has millions of slots; the table is not virtual). */
    public static final int MAX_FIELDS = 1000;

    public record Line(String name, String value, String type, ObjectRef target) implements ObjectRef.Holder {
        @Override public ObjectRef object() { return target; }
    }

    private TableViewer viewer;
    private final AtomicInteger generation = new AtomicInteger();
    private volatile Job fieldsJob;

    @Override
    public void createPartControl(Composite parent) {
        viewer = new TableViewer(parent, SWT.FULL_SELECTION | SWT.MULTI);
        viewer.getTable().setHeaderVisible(true);
        viewer.getTable().setLinesVisible(true);
        column("Name", 120, Line::name);
        column("Value", 300, Line::value);
        column("Type", 120, Line::type);
        ColumnFit.install(viewer.getTable(), 1); // values (class names, strings) take the free width
        viewer.setContentProvider(ArrayContentProvider.getInstance());
        viewer.addDoubleClickListener(e -> {
            if (((IStructuredSelection) e.getSelection()).getFirstElement() instanceof Line l && l.target() != null) show(l.target());
        });
        getSite().setSelectionProvider(viewer);
        new org.polyheap.ui.editor.ObjectMenu(this, viewer).install(); // on the rows of fields that point to an object
        follow();
    }

    private void column(String title, int width, java.util.function.Function<Line, String> text) {
        var c = new TableViewerColumn(viewer, SWT.LEFT);
        c.getColumn().setText(title);
        c.getColumn().setWidth(width);
        c.setLabelProvider(new ColumnLabelProvider() {
            @Override public String getText(Object e) { return e instanceof Line l ? text.apply(l) : ""; }
        });
    }

    @Override
    protected void clear() {
        generation.incrementAndGet();
        if (!viewer.getControl().isDisposed()) viewer.setInput(List.of());
    }

    @Override
    protected void showObject(ObjectRef ref) {
        var lines = new ArrayList<>(summary(ref));
        lines.add(new Line("Fields", "reading\u2026", "", null));
        viewer.setInput(lines);
        describe(ref, ref.className() + " " + ref.displayId());
        int mine = generation.incrementAndGet();
        var display = viewer.getControl().getDisplay();
        var job = new Job("Reading fields of " + ref.displayId()) {
            @Override protected IStatus run(IProgressMonitor monitor) {
                List<Line> fields;
                try {
                    fields = fields(ref);
                } catch (Exception e) {
                    fields = List.of(new Line("Fields", "cannot read: " + e.getMessage(), "", null));
                }
                var result = fields;
                display.asyncExec(() -> {
                    if (viewer.getControl().isDisposed() || generation.get() != mine || ref.snapshot().isClosed()) return;
                    var all = new ArrayList<>(summary(ref));
                    all.addAll(result);
                    viewer.setInput(all);
                });
                return Status.OK_STATUS;
            }
        };
        job.setSystem(true);
        fieldsJob = job;
        job.schedule();
    }

    /** Class, id, sizes (native memory where the format records it), dominator, root kinds. O(roots) for the root kinds. */
    static List<Line> summary(ObjectRef ref) {
        var g = ref.snapshot().graph();
        var tree = ref.snapshot().analyzed().analysis().dominatorTree();
        var lines = new ArrayList<Line>();
        lines.add(new Line("Class", ref.className(), "", null));
        lines.add(new Line("Id", ref.displayId(), "", null));
        String label = org.polyheap.report.ObjectNames.label(g, ref.objectId());
        if (!label.isEmpty() && !label.equals(ref.className())) lines.add(new Line("Label", label, "", null));
        lines.add(new Line("Shallow size", Format.bytes(ref.shallow()) + " bytes", "", null));
        lines.add(new Line("Retained size", Format.bytes(ref.retained()) + " bytes ("
                + Format.percent(ref.retained(), ref.snapshot().heapBytes()) + " of heap)", "", null));
        long nativeBytes = org.polyheap.report.NativeMemory.bytes(g, ref.objectId());
        if (nativeBytes > 0) {
            String holders = org.polyheap.report.NativeMemory.holders(g, ref.objectId());
            lines.add(new Line("Native memory", Format.bytes(nativeBytes) + " bytes"
                    + (holders.isEmpty() ? "" : " (" + holders + ")"), "", null));
        }
        int dom = tree.dominator().get(ref.objectId());
        lines.add(new Line("Reachability", tree.reachabilityOf(ref.objectId()).label(), "", null));
        if (ref.snapshot().distances() != null) lines.add(new Line("Distance", distance(ref.snapshot().distances().of(ref.objectId())), "", null));
        if (dom == DominatorTree.UNREACHABLE) {
            lines.add(new Line("Dominator", "none: outside the tree", "", null));
        } else if (tree.isGroup(dom)) {
            lines.add(new Line("Dominator", "the group \u201c" + tree.groupOf(dom).label() + "\u201d: no strong path holds it", "", null));
        } else if (dom == DominatorTree.VIRTUAL_ROOT) {
            lines.add(new Line("Dominator", "the GC roots", "", null));
        } else {
            var d = new ObjectRef(ref.snapshot(), dom);
            lines.add(new Line("Dominator", d.className() + " " + d.displayId(), "", d));
        }
        var kinds = new TreeSet<String>();
        for (GcRoot r : g.gcRoots()) if (r.object() == ref.objectId()) kinds.add(r.kind().label());
        if (!kinds.isEmpty()) lines.add(new Line("GC root", String.join(", ", kinds), "", null));
        return lines;
    }

    /** A V8 node's distance in words: DevTools' number, and what a big or missing one means. */
    static String distance(int d) {
        if (d == org.polyheap.analysis.V8Distances.NONE) return "none: no walk from the roots reaches it";
        if (d >= org.polyheap.analysis.V8Distances.SYSTEM) {
            return d + " (only the synthetic root reaches it: " + (d - org.polyheap.analysis.V8Distances.SYSTEM)
                    + " edges from it, plus DevTools' 100,000,000)";
        }
        return d + " (edges from the page's roots, as DevTools counts them)";
    }

    /** The object's format-specific facts (V8: its location), then its fields, as lines; file I/O. */
    static List<Line> fields(ObjectRef ref) throws java.io.IOException {
        var lines = new ArrayList<Line>();
        ref.snapshot().facts(ref.objectId()).forEach((name, value) -> lines.add(new Line(name, value, "", null)));
        List<FieldValue> fields = ref.snapshot().fields(ref.objectId());
        if (fields.isEmpty()) lines.add(new Line("Fields", "none recorded in this snapshot format", "", null));
        for (FieldValue f : fields.subList(0, Math.min(fields.size(), MAX_FIELDS))) {
            String name = (f.isStatic() ? "static " : "") + f.name();
            String type = f.type().toString().toLowerCase(java.util.Locale.ROOT);
            switch (f.value()) {
                case null -> lines.add(new Line(name, "null", type, null));
                case FieldValue.ObjectRef r -> {
                    var target = new ObjectRef(ref.snapshot(), r.objectId());
                    if (org.polyheap.report.ObjectNames.isSmi(ref.snapshot().graph(), r.objectId())) {
                        // a small integer: its value (the label, or read from the file for an index made before Smis had labels)
                        lines.add(new Line(name, ref.snapshot().value(r.objectId(), 40), "int (Smi " + target.displayId() + ")", target));
                    } else {
                        lines.add(new Line(name, target.className() + " " + target.displayId(), type, target));
                    }
                }
                case String s -> lines.add(new Line(name, '"' + (s.length() > 200 ? s.substring(0, 199) + "\u2026" : s) + '"', type, null));
                default -> lines.add(new Line(name, String.valueOf(f.value()), type, null));
            }
        }
        if (fields.size() > MAX_FIELDS) {
            lines.add(new Line("\u2026", Format.count(fields.size() - MAX_FIELDS) + " more not listed", "", null));
        }
        return lines;
    }

    /** The rows shown now. */
    @SuppressWarnings("unchecked")
    public List<Line> lines() {
        return viewer.getInput() instanceof List<?> l ? (List<Line>) l : List.of();
    }

    /** The job reading the last object's fields, or null; for tests to wait on. */
    public Job fieldsJob() { return fieldsJob; }

    @Override
    public void setFocus() { viewer.getControl().setFocus(); }
}
