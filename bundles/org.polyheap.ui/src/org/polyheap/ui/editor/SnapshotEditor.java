package org.polyheap.ui.editor;

import java.io.IOException;
import java.nio.file.AccessDeniedException;
import java.nio.file.FileSystemException;
import java.nio.file.NoSuchFileException;

import org.eclipse.core.runtime.IProgressMonitor;
import org.eclipse.ui.IEditorInput;
import org.eclipse.ui.IEditorSite;
import org.eclipse.ui.PartInitException;
import org.eclipse.ui.part.MultiPageEditorPart;
import org.polyheap.ui.Icons;
import org.polyheap.ui.LoadedSnapshot;

/**
 * One open snapshot, in three pages: Overview, Histogram and Dominator Tree. The input carries the
 * snapshot already parsed and analysed by the open job, so creating the pages does no analysis;
 * closing the editor closes the snapshot (unmaps its index).
 */
public final class SnapshotEditor extends MultiPageEditorPart {
    public static final int OVERVIEW = 0;
    public static final int HISTOGRAM = 1;
    public static final int DOMINATORS = 2;
    /** Key-binding context active while a snapshot editor is (Ctrl+F). */
    public static final String CONTEXT_ID = "org.polyheap.ui.snapshotEditorContext";

    private LoadedSnapshot snapshot;
    private final SelectionRelay selection = new SelectionRelay();
    private OverviewPage overview;
    private HistogramPage histogram;
    private DominatorPage dominators;

    @Override
    public void init(IEditorSite site, IEditorInput input) throws PartInitException {
        if (!(input instanceof SnapshotEditorInput in) || in.snapshot() == null) {
            throw new PartInitException("Not an opened snapshot: " + input.getName());
        }
        super.init(site, input);
        snapshot = in.snapshot();
        setPartName(input.getName());
        setTitleToolTip(input.getToolTipText());
    }

    @Override
    protected void createPages() {
        overview = new OverviewPage(snapshot);
        page(overview.create(getContainer()), "Overview", Icons.OVERVIEW);
        histogram = new HistogramPage(snapshot);
        page(histogram.create(getContainer()), "Histogram", Icons.HISTOGRAM);
        dominators = new DominatorPage(snapshot);
        page(dominators.create(getContainer()), "Dominator Tree", Icons.DOMINATORS);
        selection.watch(histogram.viewer());
        selection.watch(dominators.viewer());
        getSite().setSelectionProvider(selection);
        getSite().getService(org.eclipse.ui.contexts.IContextService.class).activateContext(CONTEXT_ID);
        new ObjectMenu(this, histogram.viewer()).install();
        new ObjectMenu(this, dominators.viewer()).install();
    }

    private void page(org.eclipse.swt.widgets.Control control, String title, String icon) {
        int index = addPage(control);
        setPageText(index, title);
        setPageImage(index, Icons.image(icon));
    }

    /** Shows the Dominator Tree page with {@code object} revealed and selected. UI thread. */
    public void showInDominatorTree(int object) {
        setActivePage(DOMINATORS);
        dominators.reveal(object);
    }

    /** Shows the Histogram page with the cursor in its filter (Ctrl+F). */
    public void focusFilter() {
        setActivePage(HISTOGRAM);
        histogram.focusFilter();
    }

    /** The reason in words: the JDK's file exceptions carry only the path as their message. */
    public static String describe(IOException e) {
        return switch (e) {
            case NoSuchFileException _ -> "no such file";
            case AccessDeniedException _ -> "permission denied";
            case FileSystemException x when x.getReason() != null -> x.getReason();
            default -> e.getMessage() != null ? e.getMessage() : e.getClass().getSimpleName();
        };
    }

    /** Switches page (OVERVIEW, HISTOGRAM, DOMINATORS). */
    public void showPage(int page) { setActivePage(page); }

    public int activePage() { return getActivePage(); }

    public LoadedSnapshot snapshot() { return snapshot; }

    public OverviewPage overview() { return overview; }

    public HistogramPage histogram() { return histogram; }

    public DominatorPage dominators() { return dominators; }

    @Override
    public void setFocus() {
        switch (getActivePage()) {
            case HISTOGRAM -> histogram.viewer().getControl().setFocus();
            case DOMINATORS -> dominators.viewer().getControl().setFocus();
            default -> super.setFocus();
        }
    }

    @Override
    public void dispose() {
        super.dispose();
        snapshot.close();
    }

    @Override public void doSave(IProgressMonitor monitor) { }
    @Override public void doSaveAs() { }
    @Override public boolean isDirty() { return false; }
    @Override public boolean isSaveAsAllowed() { return false; }
}
