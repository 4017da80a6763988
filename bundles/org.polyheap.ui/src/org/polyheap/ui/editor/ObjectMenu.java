package org.polyheap.ui.editor;

import java.util.ArrayList;
import java.util.List;

import org.eclipse.jface.action.Action;
import org.eclipse.jface.action.IMenuManager;
import org.eclipse.jface.action.MenuManager;
import org.eclipse.jface.action.Separator;
import org.eclipse.jface.viewers.CellLabelProvider;
import org.eclipse.jface.viewers.ColumnLabelProvider;
import org.eclipse.jface.viewers.ColumnViewer;
import org.eclipse.jface.viewers.IStructuredSelection;
import org.eclipse.swt.dnd.Clipboard;
import org.eclipse.swt.dnd.TextTransfer;
import org.eclipse.swt.dnd.Transfer;
import org.eclipse.ui.IEditorReference;
import org.eclipse.ui.IWorkbenchPage;
import org.eclipse.ui.IWorkbenchPart;
import org.eclipse.ui.PartInitException;
import org.polyheap.analysis.HistogramRow;
import org.polyheap.analysis.JavaCollections;
import org.polyheap.ui.Icons;
import org.polyheap.ui.LoadedSnapshot;
import org.polyheap.ui.ObjectRef;
import org.polyheap.ui.views.EntriesView;
import org.polyheap.ui.views.ObjectView;
import org.polyheap.ui.views.PathsView;
import org.polyheap.ui.views.ReferencesView;

/**
 * The context menu of rows. On object rows: Paths to GC Roots, List Incoming / Outgoing References,
 * Show Entries (on one Java collection or array of references),
 * Retained Set, Immediate Dominators, Open in Dominator Tree, and Copy (id, class name, value, rows
 * as CSV). On histogram rows, and on the class or group rows of other pages ({@link ClassRef}): List
 * Objects (in the Objects view), Retained Set and Immediate Dominators of the row's objects, and Copy
 * (name, rows as CSV). Retained Set and Immediate Dominators take every selected object or row.
 * Built each time it opens, from the selection. UI thread.
 */
public final class ObjectMenu {
    /** Menu texts, also what tests look for. */
    public static final String PATHS = "Paths to GC Roots", INCOMING = "List Incoming References",
            OUTGOING = "List Outgoing References", RETAINED_SET = "Retained Set", DOMINATORS = "Immediate Dominators",
            OPEN_IN_TREE = "Open in Dominator Tree", COPY = "Copy", COPY_ID = "Id", COPY_CLASS = "Class Name",
            COPY_VALUE = "Value", COPY_NAME = "Name", COPY_CSV = "Rows as CSV", LIST_OBJECTS = "List Objects", SHOW_ENTRIES = "Show Entries";

    /** Characters of a value copied at most. */
    static final int MAX_VALUE_CHARS = 100_000;

    private final IWorkbenchPart part;
    private final ColumnViewer viewer;

    public ObjectMenu(IWorkbenchPart part, ColumnViewer viewer) {
        this.part = part;
        this.viewer = viewer;
    }

    public void install() {
        var manager = new MenuManager();
        manager.setRemoveAllWhenShown(true);
        manager.addMenuListener(this::fill);
        viewer.getControl().setMenu(manager.createContextMenu(viewer.getControl()));
    }

    /** Fills {@code menu} for the viewer's selection now. */
    void fill(IMenuManager menu) {
        var selection = (IStructuredSelection) viewer.getSelection();
        List<ObjectRef> objects = objects(selection);
        var copy = new MenuManager(COPY);
        if (!objects.isEmpty()) {
            ObjectRef ref = objects.getFirst();
            SnapshotEditor editor = editorOf(part.getSite().getPage(), ref.snapshot());
            menu.add(action(PATHS, Icons.PATHS, () -> show(PathsView.ID, null, ref)));
            menu.add(action(INCOMING, Icons.REFERENCES_IN, () -> show(ReferencesView.ID, true, ref)));
            menu.add(action(OUTGOING, Icons.REFERENCES_OUT, () -> show(ReferencesView.ID, false, ref)));
            if (objects.size() == 1 && isCollection(ref)) {
                menu.add(action(SHOW_ENTRIES, Icons.COLLECTIONS, () -> show(EntriesView.ID, null, ref)));
            }
            if (editor != null) {
                var subject = SetQueries.Subject.of(objects.size() == 1 ? ref.className() + " " + ref.displayId()
                        : Format.count(objects.size()) + " objects", ids(objects));
                menu.add(new Separator());
                menu.add(action(RETAINED_SET, () -> SetQueries.retainedSet(editor, subject)));
                menu.add(action(DOMINATORS, () -> SetQueries.immediateDominators(editor, subject)));
                if (!(part == editor && editor.activePage() == SnapshotEditor.DOMINATORS && objects.size() == 1)) {
                    menu.add(action(OPEN_IN_TREE, Icons.DOMINATORS, () -> openInDominatorTree(part.getSite().getPage(), ref)));
                }
            }
            copy.add(action(COPY_ID, () -> copy(join(objects, ObjectRef::displayId))));
            copy.add(action(COPY_CLASS, () -> copy(join(objects, ObjectRef::className))));
            copy.add(action(COPY_VALUE, () -> copy(join(objects, ObjectMenu::value))));
        } else if (part instanceof SnapshotEditor editor && classRow(editor, selection.getFirstElement()) instanceof ClassRow row) {
            var subject = SetQueries.Subject.row(row.grouping(), row.name(), row.scope().objects());
            menu.add(action(LIST_OBJECTS, Icons.HISTOGRAM, () -> listObjects(editor, row.grouping(), row.name(), row.scope())));
            menu.add(new Separator());
            menu.add(action(RETAINED_SET, () -> SetQueries.retainedSet(editor, subject)));
            menu.add(action(DOMINATORS, () -> SetQueries.immediateDominators(editor, subject)));
            copy.add(action(COPY_NAME, () -> copy(join(names(editor, selection), s -> s))));
        }
        if (!selection.isEmpty()) {
            copy.add(action(COPY_CSV, () -> copy(rowsAsCsv(selection))));
            menu.add(new Separator());
            menu.add(copy);
        }
    }

    private static List<ObjectRef> objects(IStructuredSelection selection) {
        var out = new ArrayList<ObjectRef>();
        for (Object e : selection.toList()) {
            ObjectRef.first(new org.eclipse.jface.viewers.StructuredSelection(e)).ifPresent(out::add);
        }
        return out;
    }

    /** A class or group row: its grouping, name, and the set it counts within (the whole heap but on the Histogram). */
    private record ClassRow(org.polyheap.analysis.Grouping grouping, String name, HistogramPage.Scope scope) { }

    /** The Histogram page's row (in that page's grouping and set) or another page's {@link ClassRef}; null for other rows. */
    private static ClassRow classRow(SnapshotEditor editor, Object element) {
        if (element instanceof HistogramRow row) {
            var page = editor.histogram();
            return new ClassRow(page.grouping(), row.name(), page.scope());
        }
        if (element instanceof PackageTreeRows.Row row && row.className() != null) { // a class in the Histogram's package tree
            return new ClassRow(org.polyheap.analysis.Grouping.CLASS, row.className(), editor.histogram().scope());
        }
        if (element instanceof ClassRef.Holder h && h.classRef() != null) {
            return new ClassRow(h.classRef().grouping(), h.classRef().name(), HistogramPage.Scope.WHOLE_HEAP);
        }
        return null;
    }

    private static List<String> names(SnapshotEditor editor, IStructuredSelection selection) {
        var out = new ArrayList<String>();
        for (Object e : selection.toList()) if (classRow(editor, e) instanceof ClassRow r) out.add(r.name());
        return out;
    }

    /** True for a Java list, map, set, deque or array of references ({@link JavaCollections} knows how to list it). */
    private static boolean isCollection(ObjectRef ref) {
        var g = ref.snapshot().graph();
        return g.metadata().format() == org.polyheap.model.format.SnapshotFormat.HPROF
                && new JavaCollections(g, null).kind(ref.objectId()) != null;
    }

    private static int[] ids(List<ObjectRef> objects) {
        return objects.stream().mapToInt(ObjectRef::objectId).distinct().sorted().toArray();
    }

    private static <T> String join(List<T> items, java.util.function.Function<T, String> text) {
        return String.join("\n", items.stream().map(text).toList());
    }

    /** A string's text (read from the snapshot file for HPROF), an array's length, a V8 or Dart name. */
    private static String value(ObjectRef o) {
        try {
            return o.snapshot().value(o.objectId(), MAX_VALUE_CHARS);
        } catch (java.io.IOException e) {
            return "";
        }
    }

    private static Action action(String text, Runnable run) {
        return new Action(text) {
            @Override public void run() { run.run(); }
        };
    }

    private static Action action(String text, String icon, Runnable run) {
        Action a = action(text, run);
        a.setImageDescriptor(Icons.descriptor(icon));
        return a;
    }

    private void show(String viewId, Boolean incoming, ObjectRef ref) {
        try {
            var view = part.getSite().getPage().showView(viewId);
            if (view instanceof ReferencesView refs && incoming != null) refs.show(ref, incoming);
            else if (view instanceof ObjectView objects) objects.show(ref);
            else if (view instanceof EntriesView entries) entries.show(ref);
        } catch (PartInitException e) {
            org.eclipse.core.runtime.ILog.of(ObjectMenu.class).error("Cannot show " + viewId, e);
        }
    }

    /** Lists a histogram row's objects (within the page's set, if it shows one) in the Objects view. */
    private void listObjects(SnapshotEditor editor, org.polyheap.analysis.Grouping grouping, String name, HistogramPage.Scope scope) {
        try {
            var view = (org.polyheap.ui.views.ObjectsView) part.getSite().getPage().showView(org.polyheap.ui.views.ObjectsView.ID);
            var snapshot = editor.snapshot();
            String what = (name.isEmpty() ? "(none)" : name) + (scope.isWholeHeap() ? "" : " in " + scope.title());
            view.show(snapshot, what, () -> org.polyheap.analysis.ObjectSets.members(snapshot.graph(),
                    snapshot.analyzed().analysis().dominatorTree(), grouping, name, scope.objects()));
        } catch (PartInitException e) {
            org.eclipse.core.runtime.ILog.of(ObjectMenu.class).error("Cannot show the Objects view", e);
        }
    }

    /** The open editor of a snapshot, or null. */
    public static SnapshotEditor editorOf(IWorkbenchPage page, LoadedSnapshot snapshot) {
        for (IEditorReference r : page.getEditorReferences()) {
            if (r.getEditor(false) instanceof SnapshotEditor editor && editor.snapshot() == snapshot) return editor;
        }
        return null;
    }

    /** Activates the editor of the object's snapshot and reveals the object in its dominator tree. */
    public static void openInDominatorTree(IWorkbenchPage page, ObjectRef ref) {
        SnapshotEditor editor = editorOf(page, ref.snapshot());
        if (editor == null) return;
        page.activate(editor);
        editor.showInDominatorTree(ref.objectId());
    }

    private void copy(String text) {
        var clipboard = new Clipboard(viewer.getControl().getDisplay());
        try {
            clipboard.setContents(new Object[] { text }, new Transfer[] { TextTransfer.getInstance() });
        } finally {
            clipboard.dispose();
        }
    }

    /** The selected rows as the viewer shows them, one CSV line each. */
    String rowsAsCsv(IStructuredSelection selection) {
        var lines = new ArrayList<String>();
        for (Object element : selection.toList()) {
            var cells = new ArrayList<String>();
            for (int i = 0; i < columnCount(); i++) {
                CellLabelProvider p = viewer.getLabelProvider(i);
                cells.add(p instanceof ColumnLabelProvider c ? quote(c.getText(element)) : "");
            }
            lines.add(String.join(",", cells));
        }
        return String.join("\n", lines);
    }

    private int columnCount() {
        return switch (viewer.getControl()) {
            case org.eclipse.swt.widgets.Table t -> t.getColumnCount();
            case org.eclipse.swt.widgets.Tree t -> t.getColumnCount();
            default -> 0;
        };
    }

    static String quote(String s) {
        return s.contains(",") || s.contains("\"") || s.contains("\n") ? '"' + s.replace("\"", "\"\"") + '"' : s;
    }
}
