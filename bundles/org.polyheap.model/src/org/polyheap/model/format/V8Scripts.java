package org.polyheap.model.format;

import java.util.HashMap;
import java.util.Map;

import org.polyheap.model.HeapGraph;

/**
 * V8 scripts as a parsed snapshot keeps them: per-object location attributes and the {@code Script}
 * nodes marked with their script id (written by the V8 parser; docs/formats/v8.md), and a class's
 * location key {@code "scriptId,line,column"} in {@link org.polyheap.model.ClassInfo#library()}, as
 * DevTools keys its Summary classes. Names a script as DevTools' Sources panel does: its URL or path,
 * or {@code script N} when the snapshot does not name it. Stateless.
 */
public final class V8Scripts {
    /** Attribute: a located object's script id. */
    public static final String SCRIPT_ID = "v8.location.script-id";
    /** Attribute: a located object's {@code line << 32 | column}, both 0-based unsigned 32-bit. */
    public static final String LINE_COLUMN = "v8.location.line-column";
    /** Attribute: on a {@code Script} node, the script id it is. */
    public static final String SCRIPT = "v8.script.id";
    private static final String CHROMIUM_SCRIPT = "system / Script";

    private V8Scripts() { }

    /** The name a Script node's label gives its script, or "" when it has none (Chromium's {@code system / Script}). */
    public static String scriptName(String label) {
        if (label.equals(CHROMIUM_SCRIPT)) return "";
        return label.startsWith(CHROMIUM_SCRIPT + " / ") ? label.substring(CHROMIUM_SCRIPT.length() + 3) : label;
    }

    /** Script id → name, for the scripts whose Script node has a name. One pass over the marked Script nodes. */
    public static Map<Integer, String> names(HeapGraph graph) {
        var names = new HashMap<Integer, String>();
        graph.attribute(SCRIPT).ifPresent(a -> {
            for (long k = 0, n = a.count(); k < n; k++) {
                int label = graph.objectLabel().get(a.object(k));
                String name = label < 0 ? "" : scriptName(graph.string(label));
                if (!name.isEmpty()) names.put((int) a.value(k), name);
            }
        });
        return names;
    }

    /** The script as users know it: its name, else {@code script N}. */
    public static String label(int scriptId, Map<Integer, String> names) {
        return names.getOrDefault(scriptId, "script " + scriptId);
    }

    /** The script id of a class's location key {@code "scriptId,line,column"}, or -1 for another text ("" : no location). */
    public static int scriptOfClassKey(String library) {
        int comma = library.indexOf(',');
        if (comma <= 0) return -1;
        try {
            return Integer.parseInt(library, 0, comma, 10);
        } catch (NumberFormatException notAKey) {
            return -1;
        }
    }
}
