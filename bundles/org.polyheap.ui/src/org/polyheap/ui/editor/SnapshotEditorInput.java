package org.polyheap.ui.editor;

import java.nio.file.Path;

import org.eclipse.core.runtime.IPath;
import org.eclipse.jface.resource.ImageDescriptor;
import org.eclipse.ui.IPathEditorInput;
import org.eclipse.ui.IPersistableElement;
import org.polyheap.ui.LoadedSnapshot;
import org.polyheap.ui.OpenRequest;

/**
 * A snapshot file on disk, the options it was opened with, and, once the open job finished, its
 * analysed snapshot until its editor closes ({@link #release}: the workbench keeps the inputs of
 * closed editors in its editor history, and a snapshot holds its analysis' arrays). Two inputs are
 * equal when they name the same absolute, normalized path, so opening a file twice brings its editor
 * to the front (one editor per file).
 */
public final class SnapshotEditorInput implements IPathEditorInput {
    private final OpenRequest request;
    private final Path file;
    private volatile LoadedSnapshot snapshot;

    public SnapshotEditorInput(OpenRequest request, LoadedSnapshot snapshot) {
        this.request = request;
        this.file = request.file();
        this.snapshot = snapshot;
    }

    public SnapshotEditorInput(Path file, LoadedSnapshot snapshot) {
        this(OpenRequest.of(file), snapshot);
    }

    /** An input to look an open editor up by; it has no snapshot. */
    public SnapshotEditorInput(Path file) {
        this(file, null);
    }

    public Path file() {
        return file;
    }

    /** The file and the options chosen for it when it was opened (a re-analysis keeps them). */
    public OpenRequest request() {
        return request;
    }

    /** The analysed snapshot, or null for a look-up input and once its editor has closed. */
    public LoadedSnapshot snapshot() {
        return snapshot;
    }

    /** Lets go of the snapshot: its editor has closed it (the input may live on in the editor history). */
    void release() {
        snapshot = null;
    }

    @Override public boolean exists() { return java.nio.file.Files.exists(file); }
    @Override public ImageDescriptor getImageDescriptor() { return org.polyheap.ui.Icons.descriptor(org.polyheap.ui.Icons.SNAPSHOT); }
    @Override public String getName() { return file.getFileName().toString(); }
    @Override public IPersistableElement getPersistable() { return null; }
    @Override public String getToolTipText() { return file.toString(); }
    @Override public IPath getPath() { return IPath.fromPath(file); }
    @Override public <T> T getAdapter(Class<T> adapter) { return null; }

    @Override
    public boolean equals(Object o) {
        return o instanceof SnapshotEditorInput other && other.file.equals(file);
    }

    @Override
    public int hashCode() {
        return file.hashCode();
    }
}
