package org.polyheap.ui;

import java.nio.file.Path;

import org.polyheap.ui.editor.SnapshotOpener;

/** Opening a file that is already open brings its editor to the front, without a second job. */
final class SnapshotOpenerProbe {
    private SnapshotOpenerProbe() { }

    static boolean openTwiceGivesOneEditor(Path file) {
        var job = SnapshotOpener.open(UiTestSupport.window(), file);
        UiTestSupport.drainEvents();
        return job == null && UiTestSupport.window().getActivePage().getEditorReferences().length == 1;
    }
}
