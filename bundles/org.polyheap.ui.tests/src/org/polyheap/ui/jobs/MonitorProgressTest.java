package org.polyheap.ui.jobs;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CancellationException;

import org.eclipse.core.runtime.NullProgressMonitor;
import org.junit.jupiter.api.Test;

class MonitorProgressTest {

    /** Records what a progress dialog would show. */
    static final class RecordingMonitor extends NullProgressMonitor {
        final List<String> subTasks = new ArrayList<>();
        int total;
        long worked;

        @Override public void beginTask(String name, int totalWork) { total = totalWork; }
        @Override public void subTask(String name) { subTasks.add(name); }
        @Override public void worked(int work) { worked += work; }
    }

    @Test
    void phasesAreNamedAndWorkNeverExceedsTheTotal() {
        var monitor = new RecordingMonitor();
        var progress = MonitorProgress.begin(monitor, "Opening x");
        progress.phase("Reading objects", 1000);
        for (int i = 0; i < 2000; i++) progress.worked(1); // more than announced: capped
        progress.phase("Computing dominators", -1);
        progress.worked(50);
        progress.phase("Sorting", 10);
        progress.worked(10);
        assertEquals(List.of("Reading objects", "Computing dominators", "Sorting"), monitor.subTasks);
        assertEquals("Sorting", progress.phaseName());
        assertTrue(monitor.worked > 0 && monitor.worked <= monitor.total, monitor.worked + " of " + monitor.total);
        // the first phase, done, filled half the bar
        assertTrue(monitor.worked >= monitor.total / 2, "worked " + monitor.worked);
    }

    @Test
    void cancelOnTheMonitorCancelsTheWork() {
        var monitor = new RecordingMonitor();
        var progress = MonitorProgress.begin(monitor, "Opening x");
        progress.checkCanceled();
        monitor.setCanceled(true);
        assertTrue(progress.isCanceled());
        assertThrows(CancellationException.class, progress::checkCanceled);
    }
}
