package org.polyheap.acquire;

import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.function.Consumer;

import org.polyheap.model.Progress;

/** Records the phases and work reported; an action may run on each report (to cancel, or end the target, mid-way). */
final class RecordingProgress implements Progress {
    final List<String> phases = new CopyOnWriteArrayList<>();
    volatile long worked;
    volatile boolean canceled;
    private final Consumer<RecordingProgress> onWork;

    RecordingProgress() { this(p -> { }); }

    RecordingProgress(Consumer<RecordingProgress> onWork) { this.onWork = onWork; }

    @Override
    public void phase(String name, long totalWork) { phases.add(name); }

    @Override
    public void worked(long units) {
        worked += units;
        onWork.accept(this);
    }

    @Override
    public boolean isCanceled() { return canceled; }
}
