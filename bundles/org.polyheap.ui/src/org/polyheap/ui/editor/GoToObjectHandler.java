package org.polyheap.ui.editor;

import org.eclipse.core.commands.AbstractHandler;
import org.eclipse.core.commands.ExecutionEvent;
import org.eclipse.jface.dialogs.InputDialog;
import org.eclipse.jface.window.Window;
import org.eclipse.ui.handlers.HandlerUtil;
import org.polyheap.model.HeapGraph;
import org.polyheap.report.ObjectNames;
import org.polyheap.ui.LoadedSnapshot;
import org.polyheap.ui.ObjectRef;

/**
 * Navigate ▸ Go to Object (Ctrl+G): asks for an object id in the format's own syntax ({@code 0x7f3a…},
 * {@code @12345}, {@code #123}; {@link ObjectNames#find}) and reveals the object in the active
 * snapshot's Dominator Tree, so the views follow. The dialog says what is wrong with the text while it
 * is typed: its syntax, or that the file has no such object. UI thread.
 */
public final class GoToObjectHandler extends AbstractHandler {
    public static final String COMMAND_ID = "org.polyheap.ui.goToObject";
    /** The dialog's title, also what tests look for. */
    public static final String TITLE = "Go to Object";

    @Override
    public Object execute(ExecutionEvent event) {
        if (!(HandlerUtil.getActiveEditor(event) instanceof SnapshotEditor editor)) return null;
        var lookup = new Lookup(editor.snapshot());
        // the O(log n) lookup may need a sort first (once per snapshot, then kept in its index): off the UI thread
        var analysis = editor.snapshot().analyzed().analysis();
        if (analysis.identityLookupIfMade() == null) {
            org.eclipse.core.runtime.jobs.Job.createSystem("Object ids of " + editor.snapshot().analyzed().file().getFileName(),
                    monitor -> { analysis.identityLookup(); }).schedule();
        }
        var dialog = new InputDialog(HandlerUtil.getActiveShell(event), TITLE, prompt(editor.snapshot().graph()), "",
                lookup::problem);
        int object = dialog.open() == Window.OK ? lookup.find(dialog.getValue()) : -1;
        if (object >= 0) ObjectMenu.openInDominatorTree(editor.getSite().getPage(), new ObjectRef(editor.snapshot(), object));
        return null;
    }

    /** Names the syntax by an id of this very file, as the tree shows ids. */
    private static String prompt(HeapGraph g) {
        String example = g.objectCount() > 0 ? ", e.g. " + ObjectNames.id(g, 0) : "";
        return "Object id as the Dominator Tree shows it" + example + " (or #n, the file's n-th object):";
    }

    /**
     * Typed text to object. Finding an address or node id takes the analysis' identity lookup (O(log n))
     * when it is made, else scans the identity column (O(objects)); the dialog asks on every key and again
     * for OK, so the last answer is kept.
     */
    static final class Lookup {
        private final LoadedSnapshot snapshot;
        private String text;
        private int object = -1;
        private String problem;

        Lookup(LoadedSnapshot snapshot) { this.snapshot = snapshot; }

        /** Why {@code typed} names no object: its syntax, or the file lacks it; "" for empty text, null when it names one. */
        String problem(String typed) {
            resolve(typed);
            return problem;
        }

        /** The object {@code typed} names, or -1. */
        int find(String typed) {
            resolve(typed);
            return object;
        }

        private void resolve(String typed) {
            if (typed.equals(text)) return;
            text = typed;
            object = -1;
            if (typed.isBlank()) {
                problem = ""; // nothing typed yet: OK stays off, no complaint
                return;
            }
            try {
                var made = snapshot.analyzed().analysis().identityLookupIfMade();
                object = made != null ? org.polyheap.model.format.IdSyntax.find(snapshot.graph(), typed, made::find)
                        : ObjectNames.find(snapshot.graph(), typed);
                problem = object >= 0 ? null
                        : "no object " + typed.strip() + " in " + snapshot.analyzed().file().getFileName();
            } catch (IllegalArgumentException e) {
                problem = e.getMessage();
            }
        }
    }
}
