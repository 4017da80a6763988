package org.polyheap.ui.editor;

import java.io.IOException;
import java.nio.file.AccessDeniedException;
import java.nio.file.FileSystemException;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.util.ArrayList;

import org.eclipse.core.runtime.IProgressMonitor;
import org.eclipse.swt.SWT;
import org.eclipse.swt.layout.FillLayout;
import org.eclipse.swt.layout.GridData;
import org.eclipse.swt.layout.GridLayout;
import org.eclipse.swt.widgets.Composite;
import org.eclipse.ui.IEditorInput;
import org.eclipse.ui.IEditorSite;
import org.eclipse.ui.PartInitException;
import org.eclipse.ui.part.MultiPageEditorPart;
import org.polyheap.model.DataLoss;
import org.polyheap.ui.Icons;
import org.polyheap.ui.LoadedSnapshot;
import org.polyheap.ui.jobs.InboundIndexJob;
import org.polyheap.ui.navigation.NavigationHistory;

/**
 * One open snapshot, in pages ({@link EditorPage}): Overview, Histogram, Dominator Tree, Duplicate Strings,
 * Leak Suspects, Top Consumers, Collections, Threads, Reference Kinds, Class Loaders and Big Drops. The input carries the snapshot already parsed and analysed by the open job, so creating the pages does no analysis; the
 * pages' widgets are made one page per turn of the event loop (or when first asked for), so the
 * window keeps answering while an editor opens. When the last page is made, the editor starts the
 * background build of the incoming references if the index has none ({@link InboundIndexJob}).
 * Closing the editor closes the snapshot (unmaps its index). A snapshot that lost data (a damaged or
 * cut-off file) shows a {@link DataLossBanner} above the pages.
 */
public final class SnapshotEditor extends MultiPageEditorPart {
    public static final int OVERVIEW = 0;
    public static final int HISTOGRAM = 1;
    public static final int DOMINATORS = 2;
    public static final int DUPLICATES = 3;
    public static final int LEAK_SUSPECTS = 4;
    public static final int TOP_CONSUMERS = 5;
    public static final int COLLECTIONS = 6;
    public static final int THREADS = 7;
    public static final int REFERENCE_KINDS = 8;
    public static final int CLASS_LOADERS = 9;
    public static final int BIG_DROPS = 10;
    public static final int QUERY = 11;
    /** Key-binding context active while a snapshot editor is (Ctrl+F). */
    public static final String CONTEXT_ID = "org.polyheap.ui.snapshotEditorContext";

    private static final String[] TITLES = { "Overview", "Histogram", "Dominator Tree", "Duplicate Strings", "Leak Suspects",
            "Top Consumers", "Collections", "Threads", "Reference Kinds", "Class Loaders",
            "Big Drops", "Query" };
    private static final String[] ICONS = { Icons.OVERVIEW, Icons.HISTOGRAM, Icons.DOMINATORS, Icons.DUPLICATES,
            Icons.LEAK_SUSPECTS, Icons.TOP_CONSUMERS, Icons.COLLECTIONS, Icons.THREADS, Icons.REFERENCE_KINDS, Icons.CLASS_LOADERS,
            Icons.BIG_DROPS, Icons.INSPECTOR };

    private LoadedSnapshot snapshot;
    private final SelectionRelay selection = new SelectionRelay();
    private final Composite[] holders = new Composite[TITLES.length];
    private final boolean[] made = new boolean[TITLES.length];
    private boolean creating;
    /** The pages, by their index (OVERVIEW ... QUERY), those of other formats too. */
    private EditorPage[] pages;
    /** Page index → its tab, or -1 for a page of another format; and tab → page index. */
    private final int[] tabOfPage = new int[TITLES.length];
    private int[] pageOfTab;
    private OverviewPage overview;
    private HistogramPage histogram;
    private DominatorPage dominators;
    private DuplicatesPage duplicates;
    private LeakSuspectsPage suspects;
    private TopConsumersPage consumers;
    private CollectionsPage collections;
    private ThreadsPage threads;
    private ReferencesPage referenceKinds;
    private ClassLoadersPage classLoaders;
    private BigDropsPage bigDrops;
    private QueryPage query;
    private InboundIndexJob inboundJob;
    private Composite banner;

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
        histogram = new HistogramPage(snapshot);
        dominators = new DominatorPage(snapshot);
        duplicates = new DuplicatesPage(snapshot);
        suspects = new LeakSuspectsPage(snapshot);
        consumers = new TopConsumersPage(snapshot);
        collections = new CollectionsPage(snapshot);
        threads = new ThreadsPage(snapshot);
        referenceKinds = new ReferencesPage(snapshot);
        classLoaders = new ClassLoadersPage(snapshot);
        bigDrops = new BigDropsPage(snapshot);
        query = new QueryPage(snapshot);
        pages = new EditorPage[] { overview, histogram, dominators, duplicates, suspects, consumers, collections, threads,
            referenceKinds, classLoaders, bigDrops, query };
        var format = snapshot.graph().metadata().format();
        var tabs = new java.util.ArrayList<Integer>();
        for (int page = 0; page < TITLES.length; page++) {
            tabOfPage[page] = -1;
            if (!pages[page].appliesTo(format)) continue; // a Java page has nothing to show for V8, Dart or Fuchsia
            holders[page] = new Composite(getContainer(), SWT.NONE);
            holders[page].setLayout(new FillLayout());
            int index = addPage(holders[page]);
            setPageText(index, TITLES[page]);
            setPageImage(index, Icons.image(ICONS[page]));
            tabOfPage[page] = index;
            tabs.add(page);
        }
        pageOfTab = tabs.stream().mapToInt(Integer::intValue).toArray();
        getSite().setSelectionProvider(selection);
        retitleEditors(false);
        getSite().getService(org.eclipse.ui.contexts.IContextService.class).activateContext(CONTEXT_ID);
        // the other pages' widgets, one page per turn of the event loop (each turn asks for the next, so
        // input and paints queued meanwhile come first): opening never holds the window for long
        makeLater(OVERVIEW);
    }

    private void makeLater(int page) {
        if (page >= TITLES.length) { // every page is made: background work may start now
            inboundJob = InboundIndexJob.scheduleIfNeeded(snapshot, InboundIndexJob.START_DELAY_MS);
            return;
        }
        getContainer().getDisplay().asyncExec(() -> {
            if (getContainer().isDisposed()) return;
            make(page);
            makeLater(page + 1);
        });
    }

    /** Makes a page's widgets if not yet made (the first time it is shown or asked for). */
    private void make(int page) {
        if (made[page] || holders[page] == null || holders[page].isDisposed()) return;
        made[page] = true;
        EditorPage p = pages[page];
        p.create(holders[page]);
        for (var viewer : p.viewers()) {
            selection.watch(viewer);
            new ObjectMenu(this, viewer).install();
        }
        if (page == HISTOGRAM) {
            var history = NavigationHistory.of(getSite().getWorkbenchWindow());
            histogram.onChange(c -> history.mark(c == HistogramPage.Change.FILTER ? NavigationHistory.Kind.FILTER : NavigationHistory.Kind.STEP));
        }
        holders[page].layout(true, true);
    }

    /** The background build of the incoming references this editor started, or null (not yet, or not needed). */
    public InboundIndexJob inboundJob() { return inboundJob; }

    /** True when a page's widgets are made (asking for the page makes them). */
    public boolean isMade(int page) { return made[page]; }

    @Override
    public void createPartControl(Composite parent) {
        creating = true; // the first page's widgets come in the next turn too
        try {
            var loss = DataLoss.of(snapshot.graph().metadata());
            if (loss.isEmpty()) {
                super.createPartControl(parent);
                return;
            }
            // a snapshot that lost data says so above every page
            var frame = new Composite(parent, SWT.NONE);
            var layout = new GridLayout(1, false);
            layout.marginWidth = layout.marginHeight = layout.verticalSpacing = 0;
            frame.setLayout(layout);
            banner = DataLossBanner.create(frame, loss.get());
            var pages = new Composite(frame, SWT.NONE);
            pages.setLayout(new FillLayout());
            pages.setLayoutData(new GridData(SWT.FILL, SWT.FILL, true, true));
            super.createPartControl(pages);
        } finally {
            creating = false;
        }
    }

    /** The strip naming what the snapshot lacks, or null for a complete snapshot. */
    public Composite banner() { return banner; }

    @Override
    protected void pageChange(int newPageIndex) {
        int page = pageOfTab[newPageIndex];
        if (!creating) make(page);
        if (made[page]) pages[page].shown(); // a page finds what it shows only when first shown
        super.pageChange(newPageIndex);
    }

    /** Shows the Dominator Tree page with {@code object} revealed and selected. UI thread. */
    public void showInDominatorTree(int object) {
        showPage(DOMINATORS);
        dominators().reveal(object);
    }

    /** Shows the Histogram page with the cursor in its filter (Ctrl+F). */
    public void focusFilter() {
        showPage(HISTOGRAM);
        histogram().focusFilter();
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

    /** Switches page (OVERVIEW, HISTOGRAM, DOMINATORS, DUPLICATES, LEAK_SUSPECTS, TOP_CONSUMERS, COLLECTIONS, THREADS,
     * REFERENCE_KINDS, CLASS_LOADERS, BIG_DROPS, QUERY). */
    public void showPage(int page) {
        if (hasPage(page)) setActivePage(tabOfPage[page]);
    }

    /** True when this snapshot's format has the page (the Java pages are for HPROF dumps only). */
    public boolean hasPage(int page) { return tabOfPage[page] >= 0; }

    /** A page's title, as its tab shows it ("Leak Suspects"). */
    public static String pageTitle(int page) { return TITLES[page]; }

    /** A page's icon ({@link Icons}). */
    public static String pageIcon(int page) { return ICONS[page]; }

    /** How many pages an editor can have (some are of one format only: {@link #hasPage}). */
    public static int pageCount() { return TITLES.length; }

    /** The page shown (OVERVIEW ...), or -1 before the first. */
    public int activePage() {
        int tab = getActivePage();
        return tab < 0 ? -1 : pageOfTab[tab];
    }

    public LoadedSnapshot snapshot() { return snapshot; }

    /** The Overview page, its widgets made if not yet. */
    public OverviewPage overview() {
        make(OVERVIEW);
        return overview;
    }

    /** The Histogram page, its widgets made if not yet. */
    public HistogramPage histogram() {
        make(HISTOGRAM);
        return histogram;
    }

    /** The Dominator Tree page, its widgets made if not yet. */
    public DominatorPage dominators() {
        make(DOMINATORS);
        return dominators;
    }

    /** The Duplicate Strings page, its widgets made if not yet (its rows are looked for when it is shown). */
    public DuplicatesPage duplicates() {
        make(DUPLICATES);
        return duplicates;
    }

    /** The Leak Suspects page, its widgets made if not yet (the suspects are looked for when it is shown). */
    public LeakSuspectsPage leakSuspects() {
        make(LEAK_SUSPECTS);
        return suspects;
    }

    /** The Top Consumers page, its widgets made if not yet (its rows are made when it is shown). */
    public TopConsumersPage topConsumers() {
        make(TOP_CONSUMERS);
        return consumers;
    }

    /** The Collections page, its widgets made if not yet (its rows are read when it is shown). */
    public CollectionsPage collections() {
        make(COLLECTIONS);
        return collections;
    }

    /** The Threads page, its widgets made if not yet (the threads are listed when it is shown). */
    public ThreadsPage threads() {
        make(THREADS);
        return threads;
    }

    /** The Reference Kinds page, its widgets made if not yet (the references are counted when it is shown). */
    public ReferencesPage referenceKinds() {
        make(REFERENCE_KINDS);
        return referenceKinds;
    }

    /** The Query page, its widgets made if not yet (the query engine starts with the first statement run). */
    public QueryPage query() {
        make(QUERY);
        return query;
    }

    /** The Class Loaders page, its widgets made if not yet (the loaders are listed when it is shown). */
    public ClassLoadersPage classLoaders() {
        make(CLASS_LOADERS);
        return classLoaders;
    }

    /** The Big Drops page, its widgets made if not yet (the drops are looked for when it is shown). */
    public BigDropsPage bigDrops() {
        make(BIG_DROPS);
        return bigDrops;
    }

    @Override
    public void setFocus() {
        int page = activePage();
        if (page >= 0) make(page);
        if (page >= 0 && !pages[page].viewers().isEmpty()) {
            pages[page].viewers().getFirst().getControl().setFocus();
        } else {
            super.setFocus();
        }
    }

    @Override
    public void dispose() {
        retitleEditors(true);
        var input = getEditorInput();
        super.dispose();
        snapshot.close();
        // the workbench keeps closed editors' inputs (its editor history): without this, every snapshot
        // opened and closed stayed in memory with its analysis (the UI tests' JVM filled 1.8 of 2 GB)
        if (input instanceof SnapshotEditorInput in) in.release();
    }

    /** Titles the page's snapshot editors (this one closing or not) so that no two tabs read alike ({@link TabTitles}). */
    private void retitleEditors(boolean closing) {
        var editors = new ArrayList<SnapshotEditor>();
        for (var ref : getSite().getPage().getEditorReferences()) {
            if (ref.getEditor(false) instanceof SnapshotEditor e && e != this) editors.add(e);
        }
        if (!closing) editors.add(this);
        var files = editors.stream().map(SnapshotEditor::file).toList();
        for (var e : editors) e.setPartName(TabTitles.title(e.file(), files));
    }

    /** The snapshot file this editor shows. */
    public Path file() { return ((SnapshotEditorInput) getEditorInput()).file(); }

    @Override public void doSave(IProgressMonitor monitor) { }
    @Override public void doSaveAs() { }
    @Override public boolean isDirty() { return false; }
    @Override public boolean isSaveAsAllowed() { return false; }
}
