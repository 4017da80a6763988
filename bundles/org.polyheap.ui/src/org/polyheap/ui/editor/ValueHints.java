package org.polyheap.ui.editor;

import java.io.IOException;
import java.util.ArrayDeque;
import java.util.HashMap;
import java.util.HashSet;
import java.util.Map;
import java.util.Set;

import org.eclipse.core.runtime.Status;
import org.eclipse.core.runtime.jobs.Job;
import org.eclipse.jface.viewers.ColumnViewer;
import org.polyheap.report.ObjectNames;
import org.polyheap.ui.LoadedSnapshot;
import org.polyheap.ui.ObjectRef;

/**
 * Object labels with the value hint the index does not have: a Java string's text or an array's
 * length, which the parser's inspector reads from the snapshot file (a few KB per object; more for a
 * gzip dump). A row is painted at once with the index's label ({@link ObjectRef#label}); the hints of
 * the painted rows are read by one background job and the rows repainted when they are there. Formats
 * that keep their values as labels in the index (V8, Dart) never read the file here. UI thread, but
 * for the job.
 */
public final class ValueHints {
    /** Characters of a hint at most. */
    public static final int MAX_CHARS = 80;

    /**
     * A value as a row shows it: control characters escaped ({@code \n}, {@code \t}, {@code \u0000}) —
     * the JDK keeps lookup tables in Strings full of them — and at most {@link #MAX_CHARS} characters,
     * "…" when cut.
     */
    public static String displayable(String value) {
        var out = new StringBuilder(Math.min(value.length(), MAX_CHARS) + 1);
        for (int i = 0; i < value.length(); i++) {
            if (out.length() >= MAX_CHARS) return out.append('\u2026').toString();
            char c = value.charAt(i);
            switch (c) {
                case '\n' -> out.append("\\n");
                case '\t' -> out.append("\\t");
                case '\r' -> out.append("\\r");
                default -> {
                    if (Character.isISOControl(c)) out.append(String.format("\\u%04x", (int) c));
                    else out.append(c);
                }
            }
        }
        return out.toString();
    }

    private final LoadedSnapshot snapshot;
    private final ColumnViewer viewer;
    private final Map<Integer, String> known = new HashMap<>();  // UI thread
    private final Set<Integer> asked = new HashSet<>();          // UI thread
    private final ArrayDeque<Integer> queue = new ArrayDeque<>(); // guarded by itself
    private Job job;

    public ValueHints(LoadedSnapshot snapshot, ColumnViewer viewer) {
        this.snapshot = snapshot;
        this.viewer = viewer;
    }

    /** The object's row label: class, id and the value hint once known (asked for when not yet). */
    public String label(ObjectRef ref) {
        String indexed = ObjectNames.label(snapshot.graph(), ref.objectId());
        if (!indexed.isEmpty()) return ref.labelWith(indexed); // the index has the value: no file read
        String hint = known.get(ref.objectId());
        if (hint == null && asked.add(ref.objectId())) ask(ref.objectId());
        return ref.labelWith(hint == null ? "" : hint);
    }

    private void ask(int objectId) {
        synchronized (queue) {
            queue.add(objectId);
        }
        if (job == null) {
            var display = viewer.getControl().getDisplay();
            job = Job.create("Reading values of " + snapshot.analyzed().file().getFileName(), monitor -> {
                while (!monitor.isCanceled() && !snapshot.isClosed()) {
                    Integer id;
                    synchronized (queue) {
                        id = queue.poll();
                    }
                    if (id == null) break;
                    String hint;
                    try {
                        hint = snapshot.value(id, MAX_CHARS);
                    } catch (IOException | RuntimeException unreadable) { // a damaged record, or the snapshot closing
                        hint = "";
                    }
                    String h = displayable(hint);
                    display.asyncExec(() -> {
                        if (viewer.getControl().isDisposed()) return;
                        known.put(id, h);
                        if (!h.isEmpty()) viewer.update(new ObjectRef(snapshot, id), null);
                    });
                }
                return Status.OK_STATUS;
            });
            job.setSystem(true);
        }
        job.schedule(); // a running job rescheduled runs once more when done: no asked id is left behind
    }
}
