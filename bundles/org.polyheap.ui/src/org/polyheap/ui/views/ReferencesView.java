package org.polyheap.ui.views;

import java.util.List;
import java.util.concurrent.atomic.AtomicInteger;

import org.eclipse.core.runtime.IProgressMonitor;
import org.eclipse.core.runtime.IStatus;
import org.eclipse.core.runtime.Status;
import org.eclipse.core.runtime.jobs.Job;
import org.eclipse.jface.action.Action;
import org.eclipse.jface.action.IAction;
import org.eclipse.jface.viewers.ILazyContentProvider;
import org.eclipse.jface.viewers.TableViewer;
import org.eclipse.jface.viewers.Viewer;
import org.eclipse.swt.SWT;
import org.eclipse.swt.widgets.Composite;
import org.polyheap.analysis.Reference;
import org.polyheap.analysis.References;
import org.polyheap.ui.ObjectRef;
import org.polyheap.ui.editor.ColumnFit;
import org.polyheap.ui.editor.Format;
import org.polyheap.ui.editor.ObjectMenu;

/**
 * References: the objects that point at the selected object (incoming) or that it points at
 * (outgoing), with the reference's name or kind. Listed in a job (incoming scans each source's row)
 * into a virtual table, so an object with a million referrers shows at once. Selecting a row selects
 * the object at the other end.
 */
public final class ReferencesView extends ObjectView {
    public static final String ID = "org.polyheap.ui.views.references";

    /** One reference, seen from the shown object: {@code other} is the object at the far end. */
    public record Row(Reference reference, ObjectRef other) implements ObjectRef.Holder {
        @Override public ObjectRef object() { return other; }

        public String name() {
            String n = reference.name();
            return n == null || n.isEmpty() ? reference.kind().name().toLowerCase(java.util.Locale.ROOT) : n;
        }
    }

    private TableViewer viewer;
    private volatile boolean incoming = true;
    private final AtomicInteger generation = new AtomicInteger();
    private volatile Job listJob;
    private List<Row> rows = List.of();
    private IAction incomingAction;
    private IAction outgoingAction;
    private ColumnFit fit;

    @Override
    public void createPartControl(Composite parent) {
        viewer = new TableViewer(parent, SWT.VIRTUAL | SWT.FULL_SELECTION | SWT.MULTI);
        viewer.getTable().setHeaderVisible(true);
        viewer.getTable().setLinesVisible(true);
        column("Reference", 180, SWT.LEFT, Row::name);
        column("Kind", 90, SWT.LEFT, r -> r.reference().kind().name().toLowerCase(java.util.Locale.ROOT));
        column("Object", 420, SWT.LEFT, r -> r.other().label());
        column("Shallow bytes", 110, SWT.RIGHT, r -> Format.bytes(r.other().shallow()));
        column("Retained bytes", 120, SWT.RIGHT, r -> Format.bytes(r.other().retained()));
        fit = ColumnFit.install(viewer.getTable(), 2);
        viewer.setUseHashlookup(true);
        viewer.setContentProvider(new ILazyContentProvider() {
            @Override public void updateElement(int index) { if (index < rows.size()) viewer.replace(rows.get(index), index); }
            @Override public void inputChanged(Viewer v, Object o, Object n) { }
        });
        incomingAction = new Action("Incoming", IAction.AS_RADIO_BUTTON) {
            @Override public void run() { if (isChecked()) setIncoming(true); }
        };
        incomingAction.setToolTipText("Objects that reference the selected object");
        incomingAction.setImageDescriptor(org.polyheap.ui.Icons.descriptor(org.polyheap.ui.Icons.REFERENCES_IN));
        outgoingAction = new Action("Outgoing", IAction.AS_RADIO_BUTTON) {
            @Override public void run() { if (isChecked()) setIncoming(false); }
        };
        outgoingAction.setToolTipText("Objects the selected object references");
        outgoingAction.setImageDescriptor(org.polyheap.ui.Icons.descriptor(org.polyheap.ui.Icons.REFERENCES_OUT));
        incomingAction.setChecked(true);
        var toolbar = getViewSite().getActionBars().getToolBarManager();
        toolbar.add(incomingAction);
        toolbar.add(outgoingAction);
        getSite().setSelectionProvider(viewer);
        new ObjectMenu(this, viewer).install();
        follow();
    }

    private void column(String title, int width, int align, java.util.function.Function<Row, String> text) {
        TextColumns.add(viewer, title, width, align, Row.class, text);
    }

    @Override
    protected void fitColumns(org.polyheap.ui.LoadedSnapshot snapshot) {
        String bytes = Format.bytes(snapshot.heapBytes());
        fit.number(3, bytes).number(4, bytes);
    }

    /** Lists incoming (true) or outgoing (false) references of the shown object. */
    public void setIncoming(boolean in) {
        if (in == incoming) return;
        setMode(in);
        reshow();
        changed();
    }

    /** Lists the incoming (true) or outgoing (false) references of {@code ref}. */
    public void show(ObjectRef ref, boolean in) {
        if (in != incoming) {
            setMode(in);
            if (ref.equals(shown())) {
                reshow();
                changed();
                return;
            }
        }
        show(ref);
    }

    private void setMode(boolean in) {
        incoming = in;
        incomingAction.setChecked(in);
        outgoingAction.setChecked(!in);
    }

    public boolean incoming() { return incoming; }

    @Override
    protected void clear() {
        generation.incrementAndGet();
        rows = List.of();
        if (!viewer.getControl().isDisposed()) {
            viewer.getTable().clearAll();
            viewer.setItemCount(0);
        }
    }

    @Override
    protected void showObject(ObjectRef ref) {
        int mine = generation.incrementAndGet();
        boolean in = incoming;
        describe(ref, (in ? "Incoming" : "Outgoing") + " references of " + ref.className() + " " + ref.displayId() + ": listing\u2026");
        var display = viewer.getControl().getDisplay();
        var job = new Job("References of " + ref.displayId()) {
            @Override protected IStatus run(IProgressMonitor monitor) {
                var g = ref.snapshot().graph();
                List<Row> list;
                try {
                    List<Reference> refs = in ? References.incoming(g, ref.objectId()) : References.outgoing(g, ref.objectId());
                    list = refs.stream().map(r -> new Row(r, new ObjectRef(ref.snapshot(), in ? r.from() : r.to()))).toList();
                } catch (IllegalStateException closed) {
                    if (ref.snapshot().isClosed()) return Status.CANCEL_STATUS; // its editor was closed meanwhile
                    throw closed;
                }
                display.asyncExec(() -> {
                    if (viewer.getControl().isDisposed() || generation.get() != mine || ref.snapshot().isClosed()) return;
                    rows = list;
                    viewer.getTable().clearAll();
                    viewer.setItemCount(list.size());
                    viewer.refresh();
                    describe(ref, Format.count(list.size()) + (in ? " incoming" : " outgoing") + " references of "
                            + ref.className() + " " + ref.displayId());
                });
                return Status.OK_STATUS;
            }
        };
        job.setSystem(true);
        listJob = job;
        job.schedule();
    }

    public List<Row> rows() { return rows; }

    public Job listJob() { return listJob; }

    public TableViewer viewer() { return viewer; }

    @Override
    public void setFocus() { viewer.getControl().setFocus(); }
}
