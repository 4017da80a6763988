package org.polyheap.ui.editor;

import java.nio.file.Path;

import org.eclipse.core.runtime.IPath;
import org.eclipse.jface.resource.ImageDescriptor;
import org.eclipse.ui.IPathEditorInput;
import org.eclipse.ui.IPersistableElement;
import org.polyheap.ui.LoadedSnapshot;

/**
 * A snapshot file on disk and, once the open job finished, its analysed snapshot. Two inputs are
 * equal when they name the same absolute, normalized path, so opening a file twice brings its
 * editor to the front.
 */
public final class SnapshotEditorInput implements IPathEditorInput {
    private final Path file;
    private final LoadedSnapshot snapshot;

    public SnapshotEditorInput(Path file, LoadedSnapshot snapshot) {
        this.file = file.toAbsolutePath().normalize();
        this.snapshot = snapshot;
    }

    /** An input to look an open editor up by; it has no snapshot. */
    public SnapshotEditorInput(Path file) {
        this(file, null);
    }

    public Path file() {
        return file;
    }

    /** The analysed snapshot, or null for a look-up input. */
    public LoadedSnapshot snapshot() {
        return snapshot;
    }

    @Override public boolean exists() { return java.nio.file.Files.exists(file); }
    @Override public ImageDescriptor getImageDescriptor() { return ImageDescriptor.getMissingImageDescriptor(); }
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
