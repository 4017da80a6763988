package org.polyheap.ui.editor;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;

import org.polyheap.model.GcRoot;
import org.polyheap.model.HeapGraph;
import org.polyheap.model.RootKind;

/**
 * The Overview lines only a Fuchsia heapdump has: which process, which contents folder, the roots
 * model in words with its counts, and, when no pointers could be scanned, why the dominator tree
 * is flat. Read from the importer's facts and the root kinds; O(roots).
 */
final class FuchsiaFacts {
    /** One Overview line. */
    record Line(String name, String value) { }

    private FuchsiaFacts() { }

    static List<Line> of(HeapGraph g) {
        Map<String, String> facts = g.facts();
        var lines = new ArrayList<Line>();
        String process = facts.get("process");
        if (process != null) {
            String of = facts.getOrDefault("processes", "1");
            lines.add(new Line("Process", process + ("1".equals(of) ? "" : " (one of " + of + " in the profile)")));
        }
        String contents = facts.get("contents");
        if (contents == null) {
            lines.add(new Line("Contents", "none"));
            boolean addresses = facts.getOrDefault("profileKind", "").contains("one sample per allocation");
            lines.add(new Line("Dominator tree", "flat: every allocation hangs directly under the root, because "
                    + (addresses ? "no contents folder was given or found beside the file, so no pointers between blocks are known. "
                            + "Open it again with File > Open\u2026 and choose the folder ffx wrote with --output-contents-dir."
                            : "the profile has no block addresses (ffx wrote it without --with-tags), so its blocks cannot be scanned.")));
            lines.add(new Line("Roots", "every allocation is its own root (no references are known)"));
            return lines;
        }
        lines.add(new Line("Contents", contents + " (" + facts.getOrDefault("blocksScanned", "?") + " blocks scanned, "
                + facts.getOrDefault("references", "?") + " pointers found)"));
        long noIncoming = 0, cycles = 0;
        for (GcRoot r : g.gcRoots()) {
            if (r.kind() == RootKind.NO_INCOMING) noIncoming++;
            else if (r.kind() == RootKind.CYCLE_REPRESENTATIVE) cycles++;
        }
        lines.add(new Line("Roots", "conservative: the blocks no scanned pointer reaches (" + Format.count(noIncoming)
                + "), plus one block of each pointer cycle that nothing else reaches (" + Format.count(cycles)
                + "). A word counts as a pointer when it holds an address inside another block; stacks, globals and "
                + "registers are not in the dump."));
        return lines;
    }
}
