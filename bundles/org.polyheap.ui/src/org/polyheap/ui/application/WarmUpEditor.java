package org.polyheap.ui.application;

import org.eclipse.core.runtime.IProgressMonitor;
import org.eclipse.jface.resource.ImageDescriptor;
import org.eclipse.swt.SWT;
import org.eclipse.swt.widgets.Composite;
import org.eclipse.ui.IEditorInput;
import org.eclipse.ui.IEditorPart;
import org.eclipse.ui.IEditorSite;
import org.eclipse.ui.IPersistableElement;
import org.eclipse.ui.IWorkbenchPage;
import org.eclipse.ui.PartInitException;
import org.eclipse.ui.part.EditorPart;

/**
 * An empty editor that start-up opens and closes at once, before the event loop runs, so the
 * workbench's one-time work for a first editor (editor registry, E4 part rendering and injection,
 * activation, CSS styling of the editor area) and for its first widgets (a StyledText, as the Overview
 * page makes first) is not done when the user's first snapshot editor opens: that editor's longest
 * stall went from 95-127 ms to 52-74 ms, for 150-210 ms more at start-up (docs/benchmarks.md, UI).
 * Nothing is painted in between. Not in any menu: it has no file extensions and its input does not
 * exist.
 */
public final class WarmUpEditor extends EditorPart {
    public static final String ID = "org.polyheap.ui.warmUpEditor";
    private static volatile boolean warmedUp;

    /** Opens and closes the warm-up editor on {@code page}; a failure only costs the first editor its speed. */
    static void warmUp(IWorkbenchPage page) {
        try {
            IEditorPart part = page.openEditor(new Input(), ID, true);
            warmedUp = page.closeEditor(part, false);
        } catch (PartInitException | RuntimeException e) {
            org.eclipse.core.runtime.ILog.of(WarmUpEditor.class).warn("Editor warm-up failed: " + e);
        }
    }

    /** True once start-up has opened and closed the warm-up editor. */
    public static boolean warmedUp() { return warmedUp; }

    @Override
    public void init(IEditorSite site, IEditorInput input) throws PartInitException {
        if (!(input instanceof Input)) throw new PartInitException("not a warm-up input");
        setSite(site);
        setInput(input);
    }

    /** The widget kinds the snapshot editor's first page makes, so their classes and first-run code are warm too. */
    @Override public void createPartControl(Composite parent) {
        var text = new org.eclipse.swt.custom.StyledText(parent, SWT.READ_ONLY | SWT.WRAP | SWT.V_SCROLL);
        text.setText("warm-up\ttext\n");
        text.setStyleRange(new org.eclipse.swt.custom.StyleRange(0, 4, null, null, SWT.BOLD));
        new org.eclipse.swt.custom.ScrolledComposite(parent, SWT.V_SCROLL);
    }
    @Override public void setFocus() { }
    @Override public void doSave(IProgressMonitor monitor) { }
    @Override public void doSaveAs() { }
    @Override public boolean isDirty() { return false; }
    @Override public boolean isSaveAsAllowed() { return false; }

    private static final class Input implements IEditorInput {
        @Override public boolean exists() { return false; }
        @Override public ImageDescriptor getImageDescriptor() { return ImageDescriptor.getMissingImageDescriptor(); }
        @Override public String getName() { return "warm-up"; }
        @Override public IPersistableElement getPersistable() { return null; }
        @Override public String getToolTipText() { return "warm-up"; }
        @Override public <T> T getAdapter(Class<T> adapter) { return null; }
    }
}
