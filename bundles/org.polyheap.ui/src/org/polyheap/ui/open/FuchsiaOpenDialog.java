package org.polyheap.ui.open;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;

import org.eclipse.jface.dialogs.IDialogConstants;
import org.eclipse.jface.dialogs.TitleAreaDialog;
import org.eclipse.swt.SWT;
import org.eclipse.swt.layout.GridData;
import org.eclipse.swt.layout.GridLayout;
import org.eclipse.swt.widgets.Button;
import org.eclipse.swt.widgets.Composite;
import org.eclipse.swt.widgets.Control;
import org.eclipse.swt.widgets.DirectoryDialog;
import org.eclipse.swt.widgets.Label;
import org.eclipse.swt.widgets.Shell;
import org.eclipse.swt.widgets.Table;
import org.eclipse.swt.widgets.TableColumn;
import org.eclipse.swt.widgets.TableItem;
import org.eclipse.swt.widgets.Text;
import org.polyheap.parser.fuchsia.FuchsiaHeapdumpParser;
import org.polyheap.parser.fuchsia.ProfileProcess;
import org.polyheap.report.OpenOption;
import org.polyheap.ui.OpenRequest;
import org.polyheap.ui.editor.Format;

/**
 * Asks, before a Fuchsia heapdump is parsed, for the folder of block contents (proposing the one
 * the headless command would use, {@link FuchsiaHeapdumpParser#siblingContentsFolder}) and, for a
 * multi-process profile, which process to show (the one with the most bytes preselected). The
 * answer is an {@link OpenRequest} with the parser's {@code contents} and {@code process} options.
 */
public final class FuchsiaOpenDialog extends TitleAreaDialog {
    private final Path file;
    private final Optional<Path> proposed;
    private final List<ProfileProcess> processes;
    private Text contents;
    private Table processTable;
    private OpenRequest request;

    /**
     * @param proposed  the sibling contents folder, if there is one
     * @param processes the processes of a multi-process profile; empty for a single process
     */
    public FuchsiaOpenDialog(Shell parent, Path file, Optional<Path> proposed, List<ProfileProcess> processes) {
        super(parent);
        this.file = file;
        this.proposed = proposed;
        this.processes = List.copyOf(processes);
    }

    @Override
    protected void configureShell(Shell shell) {
        super.configureShell(shell);
        shell.setText("Open Fuchsia Heapdump");
    }

    @Override
    protected Control createDialogArea(Composite parent) {
        var outer = (Composite) super.createDialogArea(parent);
        setTitle(file.getFileName().toString());
        setMessage("Objects are the allocation blocks. With the blocks' contents (ffx profile heapdump "
                + "--output-contents-dir) pointers between them are found by a conservative scan.");
        var area = new Composite(outer, SWT.NONE);
        area.setLayout(new GridLayout(3, false));
        area.setLayoutData(new GridData(SWT.FILL, SWT.FILL, true, true));

        new Label(area, SWT.NONE).setText("Contents folder:");
        contents = new Text(area, SWT.BORDER);
        contents.setMessage("none: allocation sites only, flat dominator tree");
        var data = new GridData(SWT.FILL, SWT.CENTER, true, false);
        data.widthHint = 420;
        contents.setLayoutData(data);
        proposed.ifPresent(p -> contents.setText(p.toString()));
        contents.addModifyListener(e -> validate());
        var browse = new Button(area, SWT.PUSH);
        browse.setText("Browse\u2026");
        browse.addListener(SWT.Selection, e -> browse());
        var hint = new Label(area, SWT.WRAP);
        hint.setText(proposed.isPresent() ? "Found beside the file." : "None found beside the file (looked for "
                + stem() + ".contents and contents). Without contents there are no references: every block is its own root.");
        var hintData = new GridData(SWT.FILL, SWT.TOP, true, false, 3, 1);
        hintData.widthHint = 520;
        hint.setLayoutData(hintData);

        if (!processes.isEmpty()) {
            var label = new Label(area, SWT.NONE);
            label.setText("This profile holds " + processes.size() + " processes; show:");
            label.setLayoutData(new GridData(SWT.LEFT, SWT.TOP, false, false, 3, 1));
            processTable = new Table(area, SWT.BORDER | SWT.SINGLE | SWT.FULL_SELECTION);
            processTable.setHeaderVisible(true);
            var tableData = new GridData(SWT.FILL, SWT.FILL, true, true, 3, 1);
            tableData.heightHint = Math.min(8, processes.size() + 1) * processTable.getItemHeight() + 8;
            processTable.setLayoutData(tableData);
            column("Process", 220, SWT.LEFT);
            column("koid", 100, SWT.RIGHT);
            column("Allocations", 110, SWT.RIGHT);
            column("Bytes", 130, SWT.RIGHT);
            int biggest = 0;
            for (int i = 0; i < processes.size(); i++) {
                var p = processes.get(i);
                var item = new TableItem(processTable, SWT.NONE);
                item.setText(new String[] { p.name(), Long.toString(p.koid()), Format.count(p.samples()), Format.bytes(p.bytes()) });
                if (p.bytes() > processes.get(biggest).bytes()) biggest = i;
            }
            processTable.select(biggest);
        }
        return outer;
    }

    private void column(String title, int width, int align) {
        var c = new TableColumn(processTable, align);
        c.setText(title);
        c.setWidth(width);
    }

    private String stem() {
        String s = file.getFileName().toString().replaceFirst("\\.gz$", "");
        int dot = s.lastIndexOf('.');
        return dot > 0 ? s.substring(0, dot) : s;
    }

    private void browse() {
        var d = new DirectoryDialog(getShell());
        d.setText("Contents folder of " + file.getFileName());
        d.setFilterPath(contents.getText().isBlank() ? file.toAbsolutePath().getParent().toString() : contents.getText());
        String chosen = d.open();
        if (chosen != null) contents.setText(chosen);
    }

    private void validate() {
        String t = contents.getText().strip();
        boolean ok = t.isEmpty() || Files.isDirectory(Path.of(t));
        setErrorMessage(ok ? null : "Not a folder: " + t);
        var button = getButton(IDialogConstants.OK_ID);
        if (button != null) button.setEnabled(ok);
    }

    @Override
    protected void okPressed() {
        Map<OpenOption, String> options = new HashMap<>();
        String t = contents.getText().strip();
        if (t.isEmpty()) {
            options.put(OpenOption.CONTENTS, FuchsiaHeapdumpParser.NO_CONTENTS);
        } else if (proposed.map(p -> !p.equals(Path.of(t))).orElse(true)) {
            // the proposed folder is the parser's own default: leave it implicit, as the headless command does
            options.put(OpenOption.CONTENTS, Path.of(t).toAbsolutePath().toString());
        }
        if (processTable != null && processTable.getSelectionIndex() >= 0) {
            options.put(OpenOption.PROCESS, Long.toString(processes.get(processTable.getSelectionIndex()).koid()));
        }
        request = new OpenRequest(file, options);
        super.okPressed();
    }

    /** What to open, or null when the dialog was canceled. */
    public OpenRequest request() { return request; }

    /** The contents folder field (for tests: the widgets as the user sees them). */
    public Text contentsText() { return contents; }

    /** The process table, or null for a single-process profile. */
    public Table processTable() { return processTable; }
}
