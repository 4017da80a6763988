package org.polyheap.parser.v8;

import java.util.List;

import it.unimi.dsi.fastutil.ints.Int2IntLinkedOpenHashMap;
import it.unimi.dsi.fastutil.ints.IntArrayList;
import it.unimi.dsi.fastutil.ints.IntOpenHashSet;

/**
 * Finds the {@code Script} node of each script id that located closures come from, so a location
 * can be shown with its script's name: a closure's internal edge {@code shared} leads to its shared
 * function info, whose internal edge {@code script} (Chromium) or {@code script_or_debug_info}
 * (Node 20) leads to the Script, a {@code code} node named after the script (Chromium:
 * {@code system / Script / URL}). The location's script id is that Script's id (V8 takes both from
 * the function's shared info). Collected during the edge pass; memory 8 bytes per located closure
 * and per shared function info. Not thread-safe.
 */
final class ScriptNodes implements EdgeSection.Visitor {
    private final NodeTable nodes;
    private final List<String> strings;
    private final int internalType, codeType;
    private final long[] locatedClosure;
    private final IntOpenHashSet sharedNames = new IntOpenHashSet(), scriptNames = new IntOpenHashSet();
    /** Located closure → its shared function info; closures ascending (edges come in node order). */
    private final IntArrayList closures = new IntArrayList(), sharedInfos = new IntArrayList();
    /** Shared function info (or any code node) → its script; sources ascending. */
    private final IntArrayList scriptFrom = new IntArrayList(), scriptTo = new IntArrayList();

    ScriptNodes(SnapshotMeta meta, NodeTable nodes, Locations locations, List<String> strings) {
        this.nodes = nodes;
        this.strings = strings;
        this.internalType = meta.edgeType("internal");
        this.codeType = meta.nodeType("code");
        int closureType = meta.nodeType("closure");
        locatedClosure = new long[(nodes.count + 63) >>> 6];
        boolean any = false;
        for (int k = 0; k < locations.size(); k++) {
            int node = locations.node.getInt(k);
            if (nodes.type[node] == closureType) {
                locatedClosure[node >>> 6] |= 1L << node;
                any = true;
            }
        }
        if (!any || internalType < 0 || codeType < 0) return; // nothing to look for: edge() stays a no-op
        for (int id = 0; id < strings.size(); id++) {
            String s = strings.get(id);
            if (s.equals("shared")) sharedNames.add(id);
            else if (s.equals("script") || s.equals("script_or_debug_info")) scriptNames.add(id);
        }
    }

    @Override
    public void edges(int[] from, int[] type, int[] name, int[] to, int count) {
        if (sharedNames.isEmpty()) return;
        for (int i = 0; i < count; i++) {
            if (type[i] != internalType) continue;
            int f = from[i];
            if ((locatedClosure[f >>> 6] & (1L << f)) != 0) {
                if (sharedNames.contains(name[i])) {
                    closures.add(f);
                    sharedInfos.add(to[i]);
                }
            } else if (nodes.type[f] == codeType && scriptNames.contains(name[i])) {
                scriptFrom.add(f);
                scriptTo.add(to[i]);
            }
        }
    }

    /**
     * Script id → Script node, for the closures of {@code locations} whose chain of edges ends at a
     * node that is a Script (not, say, a DebugInfo). The first closure found decides. O(locations · log).
     */
    Int2IntLinkedOpenHashMap scriptNodes(Locations locations) {
        var result = new Int2IntLinkedOpenHashMap();
        int[] closure = closures.elements(), from = scriptFrom.elements();
        for (int k = 0; k < locations.size(); k++) {
            int scriptId = locations.script.getInt(k);
            if (result.containsKey(scriptId)) continue;
            int c = java.util.Arrays.binarySearch(closure, 0, closures.size(), locations.node.getInt(k));
            if (c < 0) continue;
            int s = java.util.Arrays.binarySearch(from, 0, scriptFrom.size(), sharedInfos.getInt(c));
            if (s < 0) continue;
            int script = scriptTo.getInt(s);
            if (nodes.type[script] == codeType && isScriptName(strings.get(nodes.name[script]))) result.put(scriptId, script);
        }
        return result;
    }

    /** Chromium names Script nodes {@code system / Script[ / URL]}, Node 20 by the URL alone; other system objects start "system / ". */
    private static boolean isScriptName(String name) {
        return !name.startsWith("system / ") || name.equals("system / Script") || name.startsWith("system / Script / ");
    }
}
