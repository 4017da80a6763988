package org.polyheap.ui.editor;

import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Locale;
import java.util.Set;

import org.eclipse.core.runtime.IProgressMonitor;
import org.eclipse.core.runtime.IStatus;
import org.eclipse.core.runtime.Status;
import org.eclipse.core.runtime.jobs.Job;
import org.eclipse.jface.bindings.keys.KeyStroke;
import org.eclipse.jface.fieldassist.ContentProposal;
import org.eclipse.jface.fieldassist.ContentProposalAdapter;
import org.eclipse.jface.fieldassist.IContentProposal;
import org.eclipse.jface.fieldassist.IControlContentAdapter;
import org.eclipse.jface.viewers.ColumnViewer;
import org.eclipse.jface.viewers.ILazyContentProvider;
import org.eclipse.jface.viewers.TableViewer;
import org.eclipse.jface.viewers.Viewer;
import org.eclipse.swt.SWT;
import org.eclipse.swt.custom.SashForm;
import org.eclipse.swt.custom.StyleRange;
import org.eclipse.swt.custom.StyledText;
import org.eclipse.swt.graphics.Point;
import org.eclipse.swt.graphics.Rectangle;
import org.eclipse.swt.layout.GridData;
import org.eclipse.swt.layout.GridLayout;
import org.eclipse.swt.widgets.Button;
import org.eclipse.swt.widgets.Combo;
import org.eclipse.swt.widgets.Composite;
import org.eclipse.swt.widgets.Control;
import org.eclipse.swt.widgets.Label;
import org.polyheap.ui.LoadedSnapshot;
import org.polyheap.ui.ObjectRef;
import org.polyheap.report.query.Oql;
import org.polyheap.report.query.QueryException;
import org.polyheap.report.query.QueryResult;
import org.polyheap.report.query.SnapshotQuery;
import org.polyheap.report.table.Column;
import org.polyheap.report.table.Table;

/**
 * The Query page: SQL over the snapshot's tables, or MAT's OQL (docs/query.md). A statement editor with
 * highlighting and completion (Ctrl+Space: tables, columns, functions, keywords, class names), Ctrl+Enter
 * or Run to run it in a job, Cancel, and the statements run before; the result in a virtual table whose
 * rows with an object id stand for that object (the views follow them, the object menu acts on them).
 * A bad statement, a time limit passed or a cancel is one line under the editor. UI thread.
 */
public final class QueryPage implements EditorPage {
    /** A result row and the object of its first object-id column (null when it has none). */
    public record Row(Object[] cells, ObjectRef object) implements ObjectRef.Holder { }

    /** Rows a result keeps (the table is virtual: only the rows in sight are made into items). */
    public static final int ROW_LIMIT = 100_000;
    /** A statement running longer is stopped. */
    public static final long TIME_LIMIT_MS = 60_000;
    static final String FIRST_STATEMENT = "SELECT class, count(*) AS objects, sum(retained) AS retained\nFROM objects\n"
            + "GROUP BY class ORDER BY 3 DESC LIMIT 100";
    private static final Set<String> KEYWORDS = Set.of("select", "from", "where", "and", "or", "not", "group", "by", "order",
            "having", "limit", "as", "join", "on", "left", "inner", "outer", "distinct", "like", "in", "is", "null", "desc", "asc",
            "count", "sum", "avg", "min", "max", "case", "when", "then", "else", "end", "instanceof", "union", "cast", "explain",
            "plan", "for", "between", "exists", "true", "false");

    private final LoadedSnapshot snapshot;
    private volatile SnapshotQuery query;
    private final Object starting = new Object(); // held while the engine starts (seconds), never by the UI thread
    private boolean closed;
    private StyledText statement;
    private Button run, cancel, oql;
    private Combo history;
    private Label status;
    private TableViewer viewer;
    private List<Row> rows = List.of();
    private QueryResult result;
    private volatile Job job;

    public QueryPage(LoadedSnapshot snapshot) { this.snapshot = snapshot; }

    @Override
    public Composite create(Composite parent) {
        var sash = new SashForm(parent, SWT.VERTICAL);
        var top = new Composite(sash, SWT.NONE);
        top.setLayout(new GridLayout(5, false));
        statement = new StyledText(top, SWT.MULTI | SWT.BORDER | SWT.V_SCROLL | SWT.WRAP);
        statement.setLayoutData(new GridData(SWT.FILL, SWT.FILL, true, true, 5, 1));
        statement.setText(FIRST_STATEMENT);
        statement.addLineStyleListener(e -> e.styles = highlight(e.lineText, e.lineOffset));
        statement.addModifyListener(e -> statement.redraw()); // a quote may change the styles of the lines after it
        statement.addVerifyKeyListener(e -> { // before the editor takes the key: Ctrl+Enter runs, it breaks no line
            if ((e.keyCode == SWT.CR || e.keyCode == SWT.KEYPAD_CR) && (e.stateMask & SWT.MOD1) != 0) {
                e.doit = false;
                run();
            }
        });
        new ContentProposalAdapter(statement, new StyledTextContent(), this::proposals, KeyStroke.getInstance(SWT.MOD1, ' '), null)
                .setProposalAcceptanceStyle(ContentProposalAdapter.PROPOSAL_INSERT);
        run = button(top, "Run (Ctrl+Enter)", this::run);
        cancel = button(top, "Cancel", this::cancel);
        cancel.setEnabled(false);
        oql = new Button(top, SWT.CHECK);
        oql.setText("MAT OQL");
        oql.setToolTipText("Read the statement as Eclipse MAT's OQL (SELECT * FROM java.lang.String s WHERE ...)");
        history = new Combo(top, SWT.READ_ONLY | SWT.DROP_DOWN);
        history.setToolTipText("Statements run before");
        history.setLayoutData(new GridData(SWT.FILL, SWT.CENTER, true, false));
        history.addListener(SWT.Selection, e -> {
            int i = history.getSelectionIndex();
            if (i >= 0) statement.setText(history.getItem(i));
        });
        status = new Label(top, SWT.WRAP);
        status.setLayoutData(new GridData(SWT.FILL, SWT.CENTER, true, false));
        status.setText("Tables objects, refs, classes, roots" + (snapshot.graph().metadata().format()
                == org.polyheap.model.format.SnapshotFormat.HPROF ? ", threads, frames" : "") + " (Ctrl+Space completes)");
        viewer = new TableViewer(sash, SWT.VIRTUAL | SWT.FULL_SELECTION | SWT.MULTI | SWT.BORDER);
        viewer.getTable().setHeaderVisible(true);
        viewer.getTable().setLinesVisible(true);
        viewer.setUseHashlookup(true);
        viewer.setContentProvider(new ILazyContentProvider() {
            @Override public void updateElement(int index) {
                if (index < rows.size()) viewer.replace(rows.get(index), index); // an item of a result being replaced
            }
            @Override public void inputChanged(Viewer v, Object oldInput, Object newInput) { }
            @Override public void dispose() { }
        });
        sash.setWeights(1, 3);
        snapshot.onClose(this::close);
        warmUp();
        sash.addDisposeListener(e -> cancel());
        return sash;
    }

    private static Button button(Composite parent, String text, Runnable action) {
        var b = new Button(parent, SWT.PUSH);
        b.setText(text);
        b.addListener(SWT.Selection, e -> action.run());
        return b;
    }

    /** Sets the statement, as typing it would. */
    public void setStatement(String text) { statement.setText(text); }

    /** Reads the statement as MAT's OQL, or as SQL. */
    public void setOql(boolean on) { oql.setSelection(on); }

    /** Runs the statement in the editor in a job; a statement still running is canceled first. */
    public void run() {
        String text = statement.getText().strip();
        if (text.isEmpty()) return;
        cancel();
        remember(text);
        boolean asOql = oql.getSelection();
        status.setText("Running\u2026");
        run.setEnabled(false);
        cancel.setEnabled(true);
        var display = statement.getDisplay();
        var j = new Job("Query " + snapshot.fileName()) {
            @Override
            protected IStatus run(IProgressMonitor monitor) {
                QueryResult r = null;
                QueryException failure = null;
                try {
                    SnapshotQuery q = engine();
                    String sql = asOql ? Oql.toSql(text, snapshot.graph().classes()) : text;
                    r = q.run(sql, ROW_LIMIT, TIME_LIMIT_MS);
                } catch (QueryException e) {
                    failure = e;
                } catch (RuntimeException e) {
                    failure = new QueryException(QueryException.Reason.FAILED, "the query failed: " + e.getMessage());
                }
                List<Row> made = r == null ? List.of() : rows(r);
                QueryResult found = r;
                QueryException error = failure;
                Job self = this;
                if (!display.isDisposed()) display.asyncExec(() -> finished(self, found, made, error));
                return Status.OK_STATUS; // a failed statement is the page's news, not an error dialog
            }

            @Override
            protected void canceling() { QueryPage.this.cancelEngine(); }
        };
        j.setSystem(false);
        job = j;
        j.schedule();
    }

    /**
     * Starts the engine in the background as the page opens (Calcite's first statement costs seconds of
     * class loading and code generation; a first lookup by id may sort the ids): a statement run before it
     * ends waits for it, as it would have done the same work.
     */
    private void warmUp() {
        var j = Job.createSystem("Preparing queries on " + snapshot.fileName(), monitor -> {
            try {
                engine().warmUp();
            } catch (QueryException | RuntimeException e) {
                // the user's own statement meets the same problem and shows it
            }
        });
        j.setPriority(Job.DECORATE);
        j.schedule();
    }

    /** Stops the statement running, if any. */
    public void cancel() {
        Job j = job;
        if (j != null) j.cancel();
        cancelEngine();
    }

    private void cancelEngine() {
        SnapshotQuery q = query;
        if (q != null) q.cancel();
    }

    private SnapshotQuery engine() throws QueryException {
        synchronized (starting) {
            if (closed) throw new QueryException(QueryException.Reason.CANCELED, "the snapshot is closed");
            if (query == null) query = new SnapshotQuery(snapshot.analyzed());
            return query;
        }
    }

    private void close() {
        SnapshotQuery q = query;
        if (q != null) q.cancel();
        synchronized (starting) {
            closed = true;
            if (query != null) query.close();
            query = null;
        }
    }

    private List<Row> rows(QueryResult r) {
        int idColumn = r.firstObjectColumn();
        var out = new ArrayList<Row>(r.rows().size());
        SnapshotQuery q = query;
        for (Object[] cells : r.rows()) {
            int o = idColumn >= 0 && cells[idColumn] instanceof String id && q != null ? q.find(id) : -1;
            out.add(new Row(cells, o >= 0 ? new ObjectRef(snapshot, o) : null));
        }
        return out;
    }

    private void finished(Job which, QueryResult r, List<Row> made, QueryException error) {
        if (viewer.getTable().isDisposed() || which != job) return; // a newer statement replaced this one
        job = null;
        run.setEnabled(true);
        cancel.setEnabled(false);
        if (error != null) {
            status.setText(error.getMessage());
            if (error.line() > 0) statement.setSelection(offset(error.line(), error.column()));
            status.getParent().layout(true);
            return;
        }
        result = r;
        viewer.setItemCount(0); // the old rows go before the columns change (a relayout asks for items)
        rows = made;
        var columns = new Column[r.columns().size()];
        for (int i = 0; i < columns.length; i++) {
            String name = r.columns().get(i);
            columns[i] = r.types().get(i).matches("BIGINT|INTEGER|SMALLINT|TINYINT") ? Column.count(name, name) : Column.text(name, name);
        }
        var table = new Table.Builder("rows", columns).build();
        viewer.getTable().setRedraw(false);
        try {
            viewer.setInput(null);
            ReportColumns.show(viewer, table, e -> e instanceof Row row ? row.cells() : null);
            viewer.setInput(rows);
            viewer.setItemCount(rows.size());
        } finally {
            viewer.getTable().setRedraw(true);
        }
        status.setText(String.format(Locale.ROOT, "%s row%s%s in %s ms%s", Format.count(rows.size()), rows.size() == 1 ? "" : "s",
                r.truncated() ? " (the first; more not read)" : "", Format.count(r.millis()),
                r.firstObjectColumn() >= 0 ? " \u2014 a row acts on the object in its " + r.columns().get(r.firstObjectColumn()) + " column" : ""));
        status.getParent().layout(true);
    }

    /** The offset of a 1-based line and column of the statement (as the engine counts them: lines end at \n). */
    private int offset(int line, int column) {
        String text = statement.getText();
        int at = 0;
        for (int l = 1; l < line && at >= 0; l++) at = text.indexOf('\n', at) + 1;
        if (at <= 0 && line > 1) at = text.length();
        return Math.min(text.length(), at + Math.max(0, column - 1));
    }

    private void remember(String text) {
        int at = history.indexOf(text);
        if (at >= 0) history.remove(at);
        history.add(text, 0);
        if (history.getItemCount() > 50) history.remove(50);
    }

    /** Styles of one line: keywords bold, strings and numbers in colour (a string spans no line break). */
    private StyleRange[] highlight(String line, int offset) {
        var styles = new ArrayList<StyleRange>();
        var display = statement.getDisplay();
        int n = line.length();
        for (int i = 0; i < n;) {
            char c = line.charAt(i);
            if (c == '\'' || c == '"') {
                int end = line.indexOf(c, i + 1);
                end = end < 0 ? n : end + 1;
                styles.add(new StyleRange(offset + i, end - i, display.getSystemColor(c == '\'' ? SWT.COLOR_DARK_GREEN : SWT.COLOR_DARK_MAGENTA), null));
                i = end;
            } else if (Character.isJavaIdentifierStart(c)) {
                int end = i;
                while (end < n && Character.isJavaIdentifierPart(line.charAt(end))) end++;
                if (KEYWORDS.contains(line.substring(i, end).toLowerCase(Locale.ROOT))) {
                    var s = new StyleRange(offset + i, end - i, display.getSystemColor(SWT.COLOR_DARK_BLUE), null);
                    s.fontStyle = SWT.BOLD;
                    styles.add(s);
                }
                i = end;
            } else if (Character.isDigit(c)) {
                int end = i;
                while (end < n && (Character.isLetterOrDigit(line.charAt(end)) || line.charAt(end) == '.')) end++;
                styles.add(new StyleRange(offset + i, end - i, display.getSystemColor(SWT.COLOR_DARK_CYAN), null));
                i = end;
            } else {
                i++;
            }
        }
        return styles.toArray(StyleRange[]::new);
    }

    /** Completions of the word before the caret: tables, columns, functions, keywords, then class names (quoted). */
    IContentProposal[] proposals(String contents, int position) {
        int start = position;
        while (start > 0 && (Character.isJavaIdentifierPart(contents.charAt(start - 1)) || contents.charAt(start - 1) == '.'
                || contents.charAt(start - 1) == '$')) start--;
        String prefix = contents.substring(start, position);
        boolean quoted = start > 0 && contents.charAt(start - 1) == '\'';
        var words = new LinkedHashSet<String>();
        if (!quoted) {
            words.addAll(SnapshotQuery.TABLES);
            for (String t : List.of("objects", "refs", "classes", "roots", "threads", "frames")) words.addAll(tableColumns(t));
            words.addAll(SnapshotQuery.FUNCTIONS);
            KEYWORDS.stream().sorted().map(k -> k.toUpperCase(Locale.ROOT)).forEach(words::add);
        }
        var out = new ArrayList<IContentProposal>();
        String lower = prefix.toLowerCase(Locale.ROOT);
        for (String w : words) {
            if (w.toLowerCase(Locale.ROOT).startsWith(lower) && !w.equalsIgnoreCase(prefix)) out.add(new ContentProposal(w.substring(prefix.length()), w, null));
        }
        if (!prefix.isEmpty() || quoted) {
            for (var c : snapshot.graph().classes()) {
                String name = c.name();
                if (out.size() >= 200) break;
                if (name.startsWith(prefix) && !name.equals(prefix)) out.add(new ContentProposal(name.substring(prefix.length()) + (quoted ? "'" : ""), name, "a class"));
            }
        }
        return out.toArray(IContentProposal[]::new);
    }

    private List<String> tableColumns(String table) {
        SnapshotQuery q = query;
        if (q != null) return q.columns(table);
        return switch (table) { // before the engine is started, the documented columns
            case "objects" -> List.of("id", "class", "shallow", "retained", "dominator", "label", "reachability", "root_kind", "address");
            case "refs" -> List.of("source", "target", "kind", "name");
            case "classes" -> List.of("name", "count", "shallow", "retained", "retained_is_lower_bound");
            case "roots" -> List.of("id", "kind", "thread");
            default -> List.of();
        };
    }

    /** Completion's view of the statement editor. */
    private static final class StyledTextContent implements IControlContentAdapter {
        @Override
        public void setControlContents(Control control, String text, int cursorPosition) {
            ((StyledText) control).setText(text);
            ((StyledText) control).setSelection(cursorPosition);
        }

        @Override
        public void insertControlContents(Control control, String text, int cursorPosition) {
            var t = (StyledText) control;
            Point selection = t.getSelection();
            t.insert(text);
            t.setSelection(selection.x + cursorPosition);
        }

        @Override public String getControlContents(Control control) { return ((StyledText) control).getText(); }

        @Override public int getCursorPosition(Control control) { return ((StyledText) control).getCaretOffset(); }

        @Override
        public Rectangle getInsertionBounds(Control control) {
            var t = (StyledText) control;
            Point p = t.getLocationAtOffset(t.getCaretOffset());
            return new Rectangle(p.x, p.y, 1, t.getLineHeight());
        }

        @Override public void setCursorPosition(Control control, int index) { ((StyledText) control).setSelection(index); }
    }

    /** The last result shown, or null. */
    public QueryResult result() { return result; }

    /** The rows shown. */
    public List<Row> rows() { return rows; }

    /** The line under the editor: the count of rows and time, or why the statement did not run. */
    public String status() { return status.getText(); }

    /** The statement running, or null. */
    public Job job() { return job; }

    public TableViewer viewer() { return viewer; }

    public StyledText statement() { return statement; }

    @Override
    public List<? extends ColumnViewer> viewers() { return List.of(viewer); }
}
