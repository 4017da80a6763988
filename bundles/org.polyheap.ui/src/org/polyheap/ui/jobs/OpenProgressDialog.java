package org.polyheap.ui.jobs;

import java.util.List;
import java.util.Locale;

import org.eclipse.jface.dialogs.Dialog;
import org.eclipse.jface.dialogs.IDialogConstants;
import org.eclipse.jface.resource.JFaceResources;
import org.eclipse.swt.SWT;
import org.eclipse.swt.layout.GridData;
import org.eclipse.swt.layout.GridLayout;
import org.eclipse.swt.widgets.Button;
import org.eclipse.swt.widgets.Composite;
import org.eclipse.swt.widgets.Control;
import org.eclipse.swt.widgets.Label;
import org.eclipse.swt.widgets.ProgressBar;
import org.eclipse.swt.widgets.Shell;
import org.eclipse.swt.widgets.Table;
import org.eclipse.swt.widgets.TableColumn;
import org.eclipse.swt.widgets.TableItem;

/**
 * The phases of one snapshot open, while it runs (as MAT's progress dialog): the phase running now
 * and its bar, the phases met so far with the time each took, and two buttons — <b>Run in
 * Background</b> (or Escape) closes the dialog and leaves the job to the status line's progress,
 * <b>Cancel</b> cancels it. It opens only when the open is still running after {@link #DELAY_MS},
 * so reusing an index (a fraction of a second) shows no dialog, and closes itself when the job ends.
 * Modeless: the window stays usable. Reads the job's phases ten times a second on the UI thread
 * (a copy of a dozen names). UI thread.
 */
public final class OpenProgressDialog extends Dialog {
    /** How long an open runs before its dialog shows: about Eclipse's "long operation" time. */
    public static final int DELAY_MS = 800;

    /**
     * The delay in force: {@link #DELAY_MS}, or the system property {@code polyheap.openProgressDelayMs}
     * (tests set 0, so the dialog of any open that is not instant shows whatever the machine's speed).
     */
    static int delayMs() { return Integer.getInteger("polyheap.openProgressDelayMs", DELAY_MS); }
    static final int REFRESH_MS = 100;
    public static final int BACKGROUND_ID = IDialogConstants.CLIENT_ID + 1;

    private final OpenSnapshotJob job;
    private Label phase;
    private ProgressBar bar;
    private Table phases;
    private Button cancel;

    OpenProgressDialog(Shell parent, OpenSnapshotJob job) {
        super(parent);
        this.job = job;
        setShellStyle(SWT.DIALOG_TRIM | SWT.RESIZE | SWT.MODELESS);
        setBlockOnOpen(false);
    }

    /** Shows the dialog of {@code job} if it still runs in {@link #delayMs()}. */
    public static void showWhenLong(Shell parent, OpenSnapshotJob job) {
        parent.getDisplay().timerExec(delayMs(), () -> {
            if (!parent.isDisposed() && job.getResult() == null) new OpenProgressDialog(parent, job).open();
        });
    }

    /** The title of the dialog of {@code job}: "Opening FILE". */
    public static String title(OpenSnapshotJob job) { return job.getName(); }

    @Override
    protected void configureShell(Shell shell) {
        super.configureShell(shell);
        shell.setText(title(job));
    }

    @Override
    protected Control createDialogArea(Composite parent) {
        var area = (Composite) super.createDialogArea(parent);
        area.setLayout(new GridLayout(1, false));
        var file = new Label(area, SWT.WRAP);
        file.setText(job.file().toString());
        file.setFont(JFaceResources.getBannerFont());
        phase = new Label(area, SWT.NONE);
        phase.setLayoutData(new GridData(SWT.FILL, SWT.CENTER, true, false));
        bar = new ProgressBar(area, SWT.HORIZONTAL | SWT.SMOOTH);
        bar.setMaximum(1000);
        bar.setLayoutData(new GridData(SWT.FILL, SWT.CENTER, true, false));
        phases = new Table(area, SWT.BORDER | SWT.FULL_SELECTION | SWT.NO_FOCUS);
        phases.setHeaderVisible(true);
        var name = new TableColumn(phases, SWT.LEFT);
        name.setText("Phase");
        name.setWidth(400);
        var time = new TableColumn(phases, SWT.RIGHT);
        time.setText("Time");
        time.setWidth(90);
        var data = new GridData(SWT.FILL, SWT.FILL, true, true);
        data.heightHint = phases.getItemHeight() * 9;
        data.widthHint = 520;
        phases.setLayoutData(data);
        refresh();
        return area;
    }

    @Override
    protected void createButtonsForButtonBar(Composite parent) {
        createButton(parent, BACKGROUND_ID, "Run in &Background", true);
        cancel = createButton(parent, IDialogConstants.CANCEL_ID, IDialogConstants.CANCEL_LABEL, false);
    }

    @Override
    protected void buttonPressed(int id) {
        if (id == BACKGROUND_ID) close();
        else super.buttonPressed(id);
    }

    /** Cancel stops the job at its next check; the dialog stays until the job has ended. */
    @Override
    protected void cancelPressed() {
        job.cancel();
        cancel.setEnabled(false);
        phase.setText("Canceling\u2026");
    }

    /** Shows the job's phases now, then again in {@link #REFRESH_MS}; closes once the job has ended. */
    private void refresh() {
        if (getShell() == null || getShell().isDisposed()) return;
        if (job.getResult() != null) {
            close();
            return;
        }
        List<MonitorProgress.Phase> met = job.phases();
        long now = System.nanoTime();
        if (cancel == null || cancel.isEnabled()) phase.setText(met.isEmpty() ? "Waiting to start\u2026" : met.getLast().name());
        bar.setSelection((int) Math.round(job.fraction() * 1000));
        for (int i = 0; i < met.size(); i++) {
            var item = i < phases.getItemCount() ? phases.getItem(i) : new TableItem(phases, SWT.NONE);
            long end = i + 1 < met.size() ? met.get(i + 1).startNanos() : now;
            item.setText(0, met.get(i).name());
            item.setText(1, seconds(end - met.get(i).startNanos()) + (i + 1 < met.size() ? "" : " \u2026"));
        }
        if (!met.isEmpty()) phases.showItem(phases.getItem(met.size() - 1));
        getShell().getDisplay().timerExec(REFRESH_MS, this::refresh);
    }

    private static String seconds(long nanos) {
        return String.format(Locale.ROOT, "%.1f s", nanos / 1e9);
    }
}
