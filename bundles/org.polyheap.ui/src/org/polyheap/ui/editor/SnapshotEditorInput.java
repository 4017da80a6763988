package org.polyheap.ui.editor;

import java.nio.file.Path;

import org.eclipse.core.runtime.IPath;
import org.eclipse.jface.resource.ImageDescriptor;
import org.eclipse.ui.IPathEditorInput;
import org.eclipse.ui.IPersistableElement;

/** A snapshot file on disk. Two inputs are equal when they name the same absolute, normalized path. */
public final class SnapshotEditorInput implements IPathEditorInput {
    private final Path file;

    public SnapshotEditorInput(Path file) {
        this.file = file.toAbsolutePath().normalize();
    }

    public Path file() {
        return file;
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
