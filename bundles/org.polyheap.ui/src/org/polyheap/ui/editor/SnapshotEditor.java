package org.polyheap.ui.editor;

import java.io.IOException;

import org.eclipse.core.runtime.IProgressMonitor;
import org.eclipse.jface.resource.JFaceResources;
import org.eclipse.swt.SWT;
import org.eclipse.swt.layout.GridData;
import org.eclipse.swt.layout.GridLayout;
import org.eclipse.swt.widgets.Composite;
import org.eclipse.swt.widgets.Label;
import org.eclipse.ui.IEditorInput;
import org.eclipse.ui.IEditorSite;
import org.eclipse.ui.PartInitException;
import org.eclipse.ui.part.EditorPart;

/**
 * One open snapshot. For now a placeholder page with what is known before parsing (name, size,
 * detected format); the Overview, Histogram and Dominator Tree pages replace it.
 */
public final class SnapshotEditor extends EditorPart {
    /** Widget data key of the e4 CSS engine for a CSS class name. */
    private static final String CSS_CLASS = "org.eclipse.e4.ui.css.CssClassName";

    private SnapshotFileFacts facts;
    private String factsError;
    private Composite page;

    @Override
    public void init(IEditorSite site, IEditorInput input) throws PartInitException {
        if (!(input instanceof SnapshotEditorInput snapshot)) {
            throw new PartInitException("Not a snapshot file: " + input.getName());
        }
        setSite(site);
        setInput(input);
        setPartName(input.getName());
        setTitleToolTip(input.getToolTipText());
        try {
            facts = SnapshotFileFacts.of(snapshot.file()); // a 4 KB read: cheap enough for the UI thread
        } catch (IOException e) {
            factsError = e.getMessage();
        }
    }

    public SnapshotEditorInput snapshotInput() {
        return (SnapshotEditorInput) getEditorInput();
    }

    /** Null when the file could not be read; then {@link #factsError()} says why. */
    public SnapshotFileFacts facts() {
        return facts;
    }

    public String factsError() {
        return factsError;
    }

    @Override
    public void createPartControl(Composite parent) {
        page = new Composite(parent, SWT.NONE);
        page.setData(CSS_CLASS, "snapshot-editor");
        page.setLayout(new GridLayout(2, false));

        Label title = new Label(page, SWT.NONE);
        title.setData(CSS_CLASS, "snapshot-editor-title");
        title.setFont(JFaceResources.getHeaderFont());
        title.setText(getEditorInput().getName());
        title.setLayoutData(new GridData(SWT.FILL, SWT.TOP, true, false, 2, 1));

        row("File", snapshotInput().file().toString());
        if (facts != null) {
            row("Size", facts.sizeText());
            row("Compression", facts.gzip() ? "gzip" : "none");
            row("Format", facts.format());
        } else {
            row("Error", factsError);
        }
        Label note = new Label(page, SWT.WRAP);
        note.setText("Overview, Histogram and Dominator Tree pages will appear here once the snapshot is parsed.");
        GridData noteData = new GridData(SWT.FILL, SWT.TOP, true, false, 2, 1);
        noteData.verticalIndent = 16;
        note.setLayoutData(noteData);
    }

    private void row(String name, String value) {
        Label key = new Label(page, SWT.NONE);
        key.setText(name + ":");
        key.setLayoutData(new GridData(SWT.LEFT, SWT.TOP, false, false));
        Label val = new Label(page, SWT.NONE);
        val.setText(value);
        val.setLayoutData(new GridData(SWT.FILL, SWT.TOP, true, false));
    }

    @Override
    public void setFocus() {
        page.setFocus();
    }

    @Override public void doSave(IProgressMonitor monitor) { }
    @Override public void doSaveAs() { }
    @Override public boolean isDirty() { return false; }
    @Override public boolean isSaveAsAllowed() { return false; }
}
