package org.polyheap.ui.export;

import java.nio.file.Path;

import org.eclipse.jface.dialogs.Dialog;
import org.eclipse.jface.dialogs.IDialogConstants;
import org.eclipse.swt.SWT;
import org.eclipse.swt.layout.GridData;
import org.eclipse.swt.layout.GridLayout;
import org.eclipse.swt.widgets.Button;
import org.eclipse.swt.widgets.Composite;
import org.eclipse.swt.widgets.Control;
import org.eclipse.swt.widgets.FileDialog;
import org.eclipse.swt.widgets.Label;
import org.eclipse.swt.widgets.Shell;
import org.eclipse.swt.widgets.Text;

/** Asks what to export and where: one radio button per {@link SnapshotExport.What} and a file name. */
public final class ExportDialog extends Dialog {
    private final Path snapshotFile;
    private SnapshotExport.What what = SnapshotExport.What.HISTOGRAM_CSV;
    private Path target;
    private Text fileText;

    public ExportDialog(Shell parent, Path snapshotFile) {
        super(parent);
        this.snapshotFile = snapshotFile;
    }

    @Override
    protected void configureShell(Shell shell) {
        super.configureShell(shell);
        shell.setText("Export " + snapshotFile.getFileName());
    }

    @Override
    protected Control createDialogArea(Composite parent) {
        var area = (Composite) super.createDialogArea(parent);
        area.setLayout(new GridLayout(3, false));
        var intro = new Label(area, SWT.WRAP);
        intro.setText("Writes the same rows as the headless command (polyheap histogram --csv, dominators, report); a histogram "
                + "that shows a set of objects (a retained set, immediate dominators) is written as shown.");
        var introLayout = new GridData(SWT.FILL, SWT.TOP, true, false, 3, 1);
        introLayout.widthHint = convertWidthInCharsToPixels(72); // a wrapping label is as wide as its text otherwise
        intro.setLayoutData(introLayout);
        for (var w : SnapshotExport.What.values()) {
            var radio = new Button(area, SWT.RADIO);
            radio.setText(w.title);
            radio.setSelection(w == what);
            radio.setLayoutData(new GridData(SWT.LEFT, SWT.TOP, false, false, 3, 1));
            radio.addListener(SWT.Selection, e -> {
                if (radio.getSelection()) {
                    what = w;
                    fileText.setText(defaultFile(w).toString());
                }
            });
        }
        new Label(area, SWT.NONE).setText("File:");
        fileText = new Text(area, SWT.BORDER);
        var data = new GridData(SWT.FILL, SWT.CENTER, true, false);
        data.widthHint = 420;
        fileText.setLayoutData(data);
        fileText.setText(defaultFile(what).toString());
        var browse = new Button(area, SWT.PUSH);
        browse.setText("Browse\u2026");
        browse.addListener(SWT.Selection, e -> {
            var d = new FileDialog(getShell(), SWT.SAVE);
            d.setOverwrite(true);
            d.setFileName(Path.of(fileText.getText()).getFileName().toString());
            d.setFilterPath(Path.of(fileText.getText()).toAbsolutePath().getParent().toString());
            String chosen = d.open();
            if (chosen != null) fileText.setText(chosen);
        });
        return area;
    }

    private Path defaultFile(SnapshotExport.What w) {
        String stem = snapshotFile.getFileName().toString().replaceFirst("\\.gz$", "");
        String part = switch (w) {
            case HISTOGRAM_CSV, HISTOGRAM_JSON -> ".histogram";
            case DOMINATORS_CSV, DOMINATORS_JSON -> ".dominators";
            case HTML_REPORT -> ".report";
        };
        return snapshotFile.resolveSibling(stem + part + "." + w.extension);
    }

    @Override
    protected void buttonPressed(int id) {
        if (id == IDialogConstants.OK_ID) target = Path.of(fileText.getText().strip());
        super.buttonPressed(id);
    }

    public SnapshotExport.What what() { return what; }

    /** The chosen file, or null when canceled. */
    public Path target() { return target; }
}
