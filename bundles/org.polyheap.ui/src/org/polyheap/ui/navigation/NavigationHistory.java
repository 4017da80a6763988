package org.polyheap.ui.navigation;

import java.util.ArrayList;
import java.util.List;

import org.eclipse.core.runtime.ListenerList;
import org.eclipse.jface.viewers.ISelection;
import org.eclipse.ui.IPartListener2;
import org.eclipse.ui.ISelectionListener;
import org.eclipse.ui.IWorkbenchPart;
import org.eclipse.ui.IWorkbenchPartReference;
import org.eclipse.ui.IWorkbenchWindow;
import org.polyheap.ui.ObjectRef;
import org.polyheap.ui.PolyheapUi;
import org.polyheap.ui.editor.SnapshotEditor;
import org.polyheap.ui.views.ObjectView;

/**
 * Back and forward across what the window showed, as MAT users know it: every object selected and
 * every query (paths to GC roots, references, retained set, immediate dominators, open in dominator
 * tree, histogram filter, grouping and scope) is a step; going back shows the editor page, histogram,
 * tree selection and views of the step before. One per workbench window. Steps are marked a turn of
 * the event loop after the change (so every view has followed it), typing in the filter makes one
 * step, and steps of a closed editor are dropped. At most {@value #MAX} steps. UI thread only.
 */
public final class NavigationHistory {
    /** Steps kept; older ones are dropped. */
    public static final int MAX = 100;
    private static final String KEY = NavigationHistory.class.getName();

    /** Why a step is marked: a filter edit merges into the filter step before it. */
    public enum Kind { STEP, FILTER }

    private record Entry(Location location, Kind kind) { }

    private final IWorkbenchWindow window;
    private final List<Entry> entries = new ArrayList<>();
    private final ListenerList<Runnable> listeners = new ListenerList<>();
    private int index = -1;
    private Kind pending;          // a mark asked for in this turn of the event loop
    private boolean restoring;

    private NavigationHistory(IWorkbenchWindow window) {
        this.window = window;
    }

    /** The window's history, made (and hooked to its parts and selections) on first use. */
    public static NavigationHistory of(IWorkbenchWindow window) {
        if (window.getShell().getData(KEY) instanceof NavigationHistory h) return h;
        var h = new NavigationHistory(window);
        window.getShell().setData(KEY, h);
        h.hook();
        return h;
    }

    private void hook() {
        ISelectionListener selections = (IWorkbenchPart part, ISelection selection) -> {
            if ((part instanceof SnapshotEditor || part instanceof ObjectView) && ObjectRef.first(selection).isPresent()) mark(Kind.STEP);
        };
        Runnable shown = () -> mark(Kind.STEP);
        IPartListener2 parts = new IPartListener2() {
            @Override public void partActivated(IWorkbenchPartReference ref) {
                if (ref.getPart(false) instanceof SnapshotEditor) mark(Kind.STEP);
            }
            @Override public void partClosed(IWorkbenchPartReference ref) {
                // the editor closes its snapshot when disposed, which may come after this
                if (PolyheapUi.SNAPSHOT_EDITOR_ID.equals(ref.getId())) window.getShell().getDisplay().asyncExec(NavigationHistory.this::purge);
            }
        };
        var page = window.getActivePage();
        window.getSelectionService().addPostSelectionListener(selections);
        window.getPartService().addPartListener(parts);
        ObjectView.onShown(shown);
        window.getShell().addDisposeListener(e -> {
            window.getSelectionService().removePostSelectionListener(selections);
            window.getPartService().removePartListener(parts);
            ObjectView.removeOnShown(shown);
        });
        if (page != null) mark(Kind.STEP);
    }

    /**
     * Marks a step: what the window shows is captured a turn of the event loop later (several marks
     * in one turn make one step). Ignored while going back or forward.
     */
    public void mark(Kind kind) {
        if (restoring || window.getShell().isDisposed()) return;
        boolean scheduled = pending != null;
        pending = pending == Kind.STEP || kind == Kind.STEP ? Kind.STEP : Kind.FILTER;
        if (!scheduled) window.getShell().getDisplay().asyncExec(this::capture);
    }

    private void capture() {
        Kind kind = pending;
        pending = null;
        if (kind == null || restoring || window.getShell().isDisposed() || window.getActivePage() == null) return;
        purge();
        Location now = Location.capture(window.getActivePage());
        if (now == null) return;
        Entry current = index >= 0 ? entries.get(index) : null;
        if (current != null && current.location().equals(now)) return;
        if (current != null && kind == Kind.FILTER && current.kind() == Kind.FILTER && current.location().editor() == now.editor()) {
            entries.set(index, new Entry(now, kind)); // typing: one step per filter, not per key
        } else {
            entries.subList(index + 1, entries.size()).clear();
            entries.add(new Entry(now, kind));
            if (entries.size() > MAX) entries.removeFirst();
            index = entries.size() - 1;
        }
        fire();
    }

    public boolean canGoBack() { return index > 0; }

    public boolean canGoForward() { return index < entries.size() - 1; }

    /** Shows the step before. */
    public void back() {
        purge();
        flush();
        if (canGoBack()) go(index - 1);
    }

    /** Shows the step after (after going back). */
    public void forward() {
        purge();
        flush();
        if (canGoForward()) go(index + 1);
    }

    /** Takes a pending mark now, so going back starts from what the window shows. */
    private void flush() {
        if (pending != null) capture();
    }

    private void go(int to) {
        index = to;
        restoring = true;
        try {
            entries.get(to).location().restore(window.getActivePage());
        } finally {
            // what restoring set off (selection events, views following) arrives in this turn or the next
            window.getShell().getDisplay().asyncExec(() -> {
                restoring = false;
                pending = null;
            });
        }
        fire();
    }

    /** Drops the steps of closed editors. */
    private void purge() {
        if (entries.stream().noneMatch(e -> e.location().editor().snapshot().isClosed())) return;
        Entry current = index >= 0 ? entries.get(index) : null;
        entries.removeIf(e -> e.location().editor().snapshot().isClosed());
        for (int i = entries.size() - 1; i > 0; i--) { // steps of the closed editor may have separated equal ones
            if (entries.get(i).location().equals(entries.get(i - 1).location())) entries.remove(i);
        }
        index = current != null && entries.contains(current) ? entries.indexOf(current) : entries.size() - 1;
        fire();
    }

    /** Runs {@code listener} when steps are added or the position moves (actions update their state). */
    public void addListener(Runnable listener) { listeners.add(listener); }

    private void fire() {
        for (Runnable r : listeners) r.run();
    }

    /** Descriptions of the steps, oldest first, for tests and tool tips. */
    public List<String> steps() {
        return entries.stream().map(e -> e.location().describe()).toList();
    }

    /** The position in {@link #steps()}, -1 when empty. */
    public int position() { return index; }

    /** The description of the step back, or null. */
    public String backStep() { return canGoBack() ? entries.get(index - 1).location().describe() : null; }

    /** The description of the step forward, or null. */
    public String forwardStep() { return canGoForward() ? entries.get(index + 1).location().describe() : null; }
}
