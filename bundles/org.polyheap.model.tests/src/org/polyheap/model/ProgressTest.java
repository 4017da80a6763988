package org.polyheap.model;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CancellationException;

import org.junit.jupiter.api.Test;

/** Work beside a phase reports nothing of its own and stops when the user cancels. */
class ProgressTest {

    @Test
    void besideKeepsTheCallersPhaseAndFollowsItsCancellation() {
        List<String> phases = new ArrayList<>();
        boolean[] canceled = {false};
        Progress owner = new Progress() {
            @Override public void phase(String name, long totalWork) { phases.add(name); }
            @Override public void worked(long units) { phases.add("worked " + units); }
            @Override public boolean isCanceled() { return canceled[0]; }
        };
        owner.phase("Numbering objects depth-first", 10);
        Progress beside = owner.beside();
        beside.phase("Classifying reachability", 10);
        beside.worked(5);
        assertEquals(List.of("Numbering objects depth-first"), phases);
        assertFalse(beside.isCanceled());
        beside.checkCanceled();
        canceled[0] = true;
        assertTrue(beside.isCanceled());
        assertThrows(CancellationException.class, beside::checkCanceled);
    }
}
