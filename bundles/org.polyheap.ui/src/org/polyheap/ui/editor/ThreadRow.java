package org.polyheap.ui.editor;

import java.util.List;

import org.polyheap.report.JavaThreads;
import org.polyheap.ui.LoadedSnapshot;
import org.polyheap.ui.ObjectRef;

/**
 * A row of the Threads page: a thread (its {@code java.lang.Thread} object), a stack frame (no object),
 * or a local object a frame holds. Thread and local rows stand for their object, so they have the object
 * menu and select the object in the views. Immutable.
 *
 * @param text     the first column: thread name and id, frame line, or local's class and id
 * @param detail   state and daemon for a thread, the root kind for a local, empty for a frame
 * @param retained bytes: the thread object's, the sum of a frame's locals', a local's; -1 for none
 */
public record ThreadRow(String text, String detail, long retained, ObjectRef object, List<ThreadRow> children)
        implements ObjectRef.Holder {

    /** The rows of {@code threads}: thread → frames → locals; frames without locals have no children. */
    static List<ThreadRow> of(LoadedSnapshot snapshot, List<JavaThreads.JavaThread> threads) {
        return threads.stream().map(t -> thread(snapshot, t)).toList();
    }

    private static ThreadRow thread(LoadedSnapshot snapshot, JavaThreads.JavaThread t) {
        var frames = t.frames().stream().map(f -> new ThreadRow(f.frame().text(),
                f.locals().isEmpty() ? "" : Format.count(f.locals().size()) + (f.locals().size() == 1 ? " local" : " locals"),
                f.locals().isEmpty() ? -1 : f.localsRetained(), null,
                f.locals().stream().map(l -> local(snapshot, l)).toList())).toList();
        String detail = t.state() + (Boolean.TRUE.equals(t.daemon()) ? ", daemon" : "");
        return new ThreadRow("\"" + t.name() + "\" " + t.id(), detail, t.retained(), new ObjectRef(snapshot, t.object()), frames);
    }

    private static ThreadRow local(LoadedSnapshot snapshot, JavaThreads.Local l) {
        return new ThreadRow(l.className() + " " + l.id(), l.kind(), l.retained(), new ObjectRef(snapshot, l.object()), List.of());
    }
}
