package org.polyheap.ui.acquire;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CancellationException;

import org.eclipse.core.runtime.IProgressMonitor;
import org.eclipse.core.runtime.IStatus;
import org.eclipse.core.runtime.Status;
import org.eclipse.core.runtime.jobs.Job;
import org.eclipse.jface.dialogs.IDialogConstants;
import org.eclipse.jface.dialogs.MessageDialog;
import org.eclipse.jface.dialogs.TitleAreaDialog;
import org.eclipse.swt.SWT;
import org.eclipse.swt.layout.GridData;
import org.eclipse.swt.layout.GridLayout;
import org.eclipse.swt.widgets.Button;
import org.eclipse.swt.widgets.Composite;
import org.eclipse.swt.widgets.Control;
import org.eclipse.swt.widgets.DirectoryDialog;
import org.eclipse.swt.widgets.Label;
import org.eclipse.swt.widgets.ProgressBar;
import org.eclipse.swt.widgets.Shell;
import org.eclipse.swt.widgets.Table;
import org.eclipse.swt.widgets.TableColumn;
import org.eclipse.swt.widgets.TableItem;
import org.eclipse.swt.widgets.Text;
import org.eclipse.ui.IWorkbenchWindow;
import org.polyheap.acquire.Acquire;
import org.polyheap.acquire.AcquireException;
import org.polyheap.acquire.Target;
import org.polyheap.model.Progress;
import org.polyheap.ui.editor.Format;
import org.polyheap.ui.open.InteractiveOpen;

/**
 * File ▸ Acquire Snapshot…: the local JVMs (pid, main class or jar, JDK version) and Node.js processes
 * (with their inspector, or none yet), the pages of a browser's remote-debugging port the user gives, and a
 * Dart VM service URI the user pastes. The user picks one and a folder; <b>Take Snapshot</b> streams it to a
 * temporary name there with progress (Cancel stops it and deletes the file), renames it when complete,
 * closes the dialog and opens the snapshot as File ▸ Open does. A Node.js process without an inspector is
 * sent SIGUSR1 only after the user agrees. Failures are one line in the dialog's message area. Listing and
 * taking run in jobs; the UI thread only shows. UI thread.
 */
public final class AcquireSnapshotDialog extends TitleAreaDialog {
    public static final String TITLE = "Acquire Snapshot";
    public static final String TAKE_LABEL = "&Take Snapshot";
    public static final String SIGNAL_TITLE = "Open the Node.js Inspector";
    public static final int REFRESH_ID = IDialogConstants.CLIENT_ID + 1;
    public static final int LIST_PAGES_ID = IDialogConstants.CLIENT_ID + 2;
    public static final int ADD_DART_ID = IDialogConstants.CLIENT_ID + 3;
    public static final int BROWSE_ID = IDialogConstants.CLIENT_ID + 4;
    static final String[] COLUMNS = { "Kind", "PID", "What", "Detail" };

    /** The folder last used, for the next time in this session. */
    private static Path lastFolder;

    private final IWorkbenchWindow window;
    private final List<Target> local = new ArrayList<>();
    private final List<Target> added = new ArrayList<>();
    private Table table;
    private Text browser;
    private Text dartUri;
    private Text folder;
    private Button liveOnly;
    private Button gzip;
    private ProgressBar bar;
    private Label status;
    private volatile Job taking;
    private Path taken;

    public AcquireSnapshotDialog(IWorkbenchWindow window) {
        super(window.getShell());
        this.window = window;
        setShellStyle(getShellStyle() | SWT.RESIZE);
    }

    @Override
    protected void configureShell(Shell shell) {
        super.configureShell(shell);
        shell.setText(TITLE);
    }

    @Override
    protected boolean isResizable() { return true; }

    @Override
    protected Control createDialogArea(Composite parent) {
        setTitle("Take a heap snapshot of a running process");
        setMessage("Pick a JVM, Node.js process, page or Dart VM on this machine. The snapshot opens when it is complete.");
        var area = (Composite) super.createDialogArea(parent);
        var body = new Composite(area, SWT.NONE);
        body.setLayoutData(new GridData(SWT.FILL, SWT.FILL, true, true));
        body.setLayout(new GridLayout(3, false));

        table = new Table(body, SWT.BORDER | SWT.FULL_SELECTION | SWT.SINGLE);
        table.setHeaderVisible(true);
        table.setLinesVisible(true);
        int[] widths = { 80, 70, 330, 260 };
        for (int c = 0; c < COLUMNS.length; c++) {
            var column = new TableColumn(table, c == 1 ? SWT.RIGHT : SWT.LEFT);
            column.setText(COLUMNS[c]);
            column.setWidth(widths[c]);
        }
        var tableData = new GridData(SWT.FILL, SWT.FILL, true, true, 2, 1);
        tableData.heightHint = 220;
        table.setLayoutData(tableData);
        table.addListener(SWT.Selection, e -> updateButtons());
        table.addListener(SWT.DefaultSelection, e -> okPressed());
        var refresh = button(body, REFRESH_ID, "&Refresh");
        refresh.setLayoutData(new GridData(SWT.FILL, SWT.TOP, false, false));

        browser = row(body, "&Browser debugging port:", "127.0.0.1:9222", LIST_PAGES_ID, "&List Pages");
        browser.setToolTipText("Chrome, Edge or Electron started with --remote-debugging-port=9222");
        dartUri = row(body, "&Dart VM service URI:", "", ADD_DART_ID, "&Add");
        dartUri.setMessage("http://127.0.0.1:8181/AbCdEf=/ (printed by dart run --observe, flutter run)");
        folder = row(body, "&Save in:", String.valueOf(lastFolder != null ? lastFolder : defaultFolder()), BROWSE_ID, "B&rowse\u2026");

        var options = new Composite(body, SWT.NONE);
        options.setLayoutData(new GridData(SWT.FILL, SWT.TOP, true, false, 3, 1));
        options.setLayout(new GridLayout(2, false));
        liveOnly = new Button(options, SWT.CHECK);
        liveOnly.setText("Live objects only (JVM: a full GC first)");
        liveOnly.setSelection(true);
        gzip = new Button(options, SWT.CHECK);
        gzip.setText("Compress (gzip)");

        bar = new ProgressBar(body, SWT.HORIZONTAL | SWT.SMOOTH);
        bar.setLayoutData(new GridData(SWT.FILL, SWT.CENTER, true, false, 3, 1));
        status = new Label(body, SWT.NONE);
        status.setLayoutData(new GridData(SWT.FILL, SWT.CENTER, true, false, 3, 1));
        status.setText("");
        refreshLocal();
        return area;
    }

    private Text row(Composite body, String label, String value, int buttonId, String buttonLabel) {
        new Label(body, SWT.NONE).setText(label);
        var text = new Text(body, SWT.BORDER | SWT.SINGLE);
        text.setText(value);
        text.setLayoutData(new GridData(SWT.FILL, SWT.CENTER, true, false));
        button(body, buttonId, buttonLabel).setLayoutData(new GridData(SWT.FILL, SWT.CENTER, false, false));
        return text;
    }

    private Button button(Composite parent, int id, String label) {
        var b = new Button(parent, SWT.PUSH);
        b.setText(label);
        b.setData(Integer.valueOf(id));
        b.addListener(SWT.Selection, e -> buttonPressed(id));
        return b;
    }

    private static Path defaultFolder() {
        return Path.of(System.getProperty("user.home"));
    }

    @Override
    protected void createButtonsForButtonBar(Composite parent) {
        createButton(parent, IDialogConstants.OK_ID, TAKE_LABEL, true).setEnabled(false);
        createButton(parent, IDialogConstants.CANCEL_ID, IDialogConstants.CANCEL_LABEL, false);
    }

    @Override
    protected void buttonPressed(int id) {
        switch (id) {
            case REFRESH_ID -> refreshLocal();
            case LIST_PAGES_ID -> {
                String address = browser.getText().strip(); // read here: the job may not touch widgets
                addRemote("Listing the pages of " + address, () -> Acquire.listCdp(address));
            }
            case ADD_DART_ID -> {
                String uri = dartUri.getText().strip();
                addRemote("Asking the Dart VM service " + uri, () -> List.of(Acquire.dartVm(uri)));
            }
            case BROWSE_ID -> {
                var d = new DirectoryDialog(getShell());
                d.setFilterPath(folder.getText());
                String chosen = d.open();
                if (chosen != null) folder.setText(chosen);
            }
            default -> super.buttonPressed(id);
        }
    }

    /** The local targets, found in a job (a second or so: it asks each Node process's loopback ports). */
    private void refreshLocal() {
        status.setText("Looking for JVMs and Node.js processes\u2026");
        inJob("Looking for JVMs and Node.js processes", Acquire::listLocal, found -> {
            local.clear();
            local.addAll(found);
            status.setText(found.isEmpty() ? "No JVMs or Node.js processes found on this machine." : "");
            fill();
        });
    }

    private interface Lister { List<Target> list() throws IOException; }

    private void addRemote(String what, Lister lister) {
        setErrorMessage(null);
        status.setText(what + "\u2026");
        inJob(what, lister, found -> {
            added.removeIf(t -> found.stream().anyMatch(f -> f.endpoint().equals(t.endpoint())));
            added.addAll(found);
            status.setText(found.isEmpty() ? "No pages or workers there." : "");
            fill();
        });
    }

    private void inJob(String name, Lister lister, java.util.function.Consumer<List<Target>> then) {
        var display = getShell().getDisplay();
        var job = new Job(name) {
            @Override
            protected IStatus run(IProgressMonitor monitor) {
                try {
                    List<Target> found = lister.list();
                    display.asyncExec(() -> {
                        if (!table.isDisposed()) then.accept(found);
                    });
                } catch (IOException e) {
                    display.asyncExec(() -> {
                        if (table.isDisposed()) return;
                        status.setText("");
                        setErrorMessage(e.getMessage());
                    });
                }
                return Status.OK_STATUS;
            }
        };
        job.setSystem(true);
        job.schedule();
    }

    /** The table from the local and the added targets, keeping the selection. */
    private void fill() {
        Target selected = selected();
        table.removeAll();
        var all = new ArrayList<>(local);
        all.addAll(added);
        for (Target t : all) {
            var item = new TableItem(table, SWT.NONE);
            item.setText(new String[] { t.kind().label(), t.pid() > 0 ? Long.toString(t.pid()) : "", t.title(), t.detail() });
            item.setData(t);
            if (t.equals(selected)) table.setSelection(item);
        }
        updateButtons();
    }

    private Target selected() {
        var items = table.getSelection();
        return items.length == 1 && items[0].getData() instanceof Target t ? t : null;
    }

    private void updateButtons() {
        var ok = getButton(IDialogConstants.OK_ID);
        if (ok != null) ok.setEnabled(selected() != null && taking == null);
    }

    /** Take Snapshot: runs the take in a job and keeps the dialog open until it is complete. */
    @Override
    protected void okPressed() {
        Target target = selected();
        if (target == null || taking != null) return;
        setErrorMessage(null);
        Path dir = Path.of(folder.getText().strip().isEmpty() ? "." : folder.getText().strip()).toAbsolutePath();
        if (!Files.isDirectory(dir)) {
            setErrorMessage(dir + ": no such folder");
            return;
        }
        boolean signal = false;
        if (!target.ready()) {
            signal = MessageDialog.openQuestion(getShell(), SIGNAL_TITLE, "Node.js process " + target.pid() + " (" + target.title()
                    + ") has no inspector. Send it SIGUSR1, Node's own switch, so it opens one on 127.0.0.1:9229?\n\n"
                    + "The inspector stays open until the process exits; any local user's program can connect to it meanwhile.");
            if (!signal) return;
        }
        lastFolder = dir;
        var options = new Acquire.Options(!liveOnly.getSelection(), gzip.getSelection(), "");
        start(target, dir, options, signal);
    }

    private void start(Target chosen, Path dir, Acquire.Options options, boolean signal) {
        var display = getShell().getDisplay();
        var progress = new ShownProgress();
        var job = new Job("Acquiring a snapshot") {
            @Override
            protected IStatus run(IProgressMonitor monitor) {
                try {
                    Target target = signal ? Acquire.signalNode(chosen.pid()) : chosen;
                    Path out = dir.resolve(Acquire.fileName(target, options.gzip()));
                    var result = Acquire.take(target, out, options, progress);
                    display.asyncExec(() -> finished(result.file(), null));
                } catch (CancellationException e) {
                    display.asyncExec(() -> finished(null, "Canceled: no file was written."));
                } catch (AcquireException e) {
                    display.asyncExec(() -> finished(null, e.getMessage()));
                } catch (IOException | RuntimeException e) {
                    display.asyncExec(() -> finished(null, "Cannot write the snapshot into " + dir + ": " + e.getMessage()));
                }
                return Status.OK_STATUS;
            }

            @Override
            protected void canceling() { progress.canceled = true; }
        };
        job.setSystem(true);
        taking = job;
        setControlsEnabled(false);
        updateButtons();
        show(progress);
        job.schedule();
    }

    /** Redraws the bar and the line below it every 100 ms while the take runs. */
    private void show(ShownProgress progress) {
        if (bar.isDisposed() || taking == null) return;
        String phase = progress.phase;
        long total = progress.total;
        long done = progress.done;
        bar.setMaximum(1000);
        bar.setSelection(total > 0 ? (int) Math.min(1000, done * 1000 / total) : 0);
        status.setText(phase.isEmpty() ? "Starting\u2026" : total > 0 ? phase + " (" + Math.min(100, done * 100 / total) + " %)"
                : done > 0 ? phase + ": " + Format.human(done) : phase + "\u2026");
        getShell().getDisplay().timerExec(100, () -> show(progress));
    }

    private void finished(Path file, String failure) {
        taking = null;
        if (getShell() == null || getShell().isDisposed()) return;
        if (file != null) {
            taken = file;
            setReturnCode(OK);
            close();
            InteractiveOpen.open(window, file);
            return;
        }
        bar.setSelection(0);
        status.setText("");
        setControlsEnabled(true);
        updateButtons();
        setErrorMessage(failure);
    }

    private void setControlsEnabled(boolean enabled) {
        for (Control c : new Control[] { table, browser, dartUri, folder, liveOnly, gzip }) c.setEnabled(enabled);
        for (int id : new int[] { REFRESH_ID, LIST_PAGES_ID, ADD_DART_ID, BROWSE_ID }) {
            for (Control c : ((Composite) table.getParent()).getChildren()) {
                if (c instanceof Button b && Integer.valueOf(id).equals(b.getData())) b.setEnabled(enabled);
            }
        }
    }

    /** Cancel: stops a take under way (its file is deleted), else closes. */
    @Override
    protected void cancelPressed() {
        Job job = taking;
        if (job != null) {
            status.setText("Canceling\u2026");
            job.cancel();
            return;
        }
        super.cancelPressed();
    }

    @Override
    public boolean close() {
        Job job = taking;
        if (job != null) { // the window's close box while taking: cancel, and close when it has stopped
            job.cancel();
            return false;
        }
        return super.close();
    }

    /** The snapshot taken (null until one is, or when canceled). */
    public Path taken() { return taken; }

    /** The take's progress as the dialog shows it; written by the job, read by the UI timer. */
    private static final class ShownProgress implements Progress {
        volatile String phase = "";
        volatile long total = -1;
        volatile long done;
        volatile boolean canceled;

        @Override
        public void phase(String name, long totalWork) {
            phase = name;
            total = totalWork;
            done = 0;
        }

        @Override
        public void worked(long units) { done += units; }

        @Override
        public boolean isCanceled() { return canceled; }
    }
}
