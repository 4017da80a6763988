package org.polyheap.parser.v8;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * DevTools' "interfaces" for plain {@code Object}s: a property list shared by enough objects
 * becomes a Summary class named like {@code {type, raw, text}}; each plain object then takes the
 * interface with the most properties that its property set contains (earlier, more popular
 * interfaces win ties). Cost: linear in plain objects' property edges, plus sorting each object's
 * names. Single-threaded.
 */
final class PlainObjectInterfaces {
    // DevTools' constants: interface names stop growing past 120 chars after the first property;
    // an interface must cover at least 2 objects and 1 in 1000 plain objects
    private static final int MAX_NAME_LENGTH = 120;
    private static final int MIN_OBJECTS = 2;
    private static final int MIN_PROPORTION = 1000;

    private record Definition(String name, List<String> properties, int index) { }

    private static final class TreeNode {
        final Map<String, TreeNode> next = new HashMap<>();
        Definition match;
        String greatestNext;
    }

    private PlainObjectInterfaces() { }

    /**
     * Returns, per plain object (index into {@code evidence.plainNodes}), its interface name, or
     * null when it stays {@code Object}.
     */
    static String[] classify(EdgeEvidence evidence, List<String> strings) {
        int plain = evidence.plainNodes.length;
        int[] start = new int[plain + 1];
        for (int i = 0; i < plain; i++) start[i + 1] = start[i] + evidence.plainPropertyCount[i];
        int[] ids = evidence.plainProperties.elements();
        List<Definition> definitions = infer(plain, start, ids, strings);
        TreeNode root = tree(definitions);
        String[] result = new String[plain];
        var names = new java.util.HashMap<Integer, String>(); // property names repeat: each string read once
        for (int i = 0; i < plain; i++) {
            String[] properties = new String[start[i + 1] - start[i]];
            for (int k = 0; k < properties.length; k++) properties[k] = names.computeIfAbsent(ids[start[i] + k], strings::get);
            Definition best = bestMatch(root, properties);
            result[i] = best == null ? null : best.name();
        }
        return result;
    }

    /** The interface with the most properties (the earlier on a tie) whose properties all appear in {@code properties}. */
    private static Definition bestMatch(TreeNode root, String[] properties) {
        Arrays.sort(properties);
        Definition best = root.match;
        var states = new ArrayList<TreeNode>();
        states.add(root);
        var nextStates = new ArrayList<TreeNode>();
        for (String property : properties) {
            // each state is kept while a later property can still extend it (DevTools' walk of its tree)
            nextStates.clear();
            for (TreeNode state : states) {
                if (state.greatestNext != null && property.compareTo(state.greatestNext) < 0) addOnce(nextStates, state);
                TreeNode next = state.next.get(property);
                if (next != null) {
                    addOnce(nextStates, next);
                    best = better(best, next.match);
                }
            }
            var t = states;
            states = nextStates;
            nextStates = t;
        }
        return best;
    }

    private static void addOnce(List<TreeNode> states, TreeNode state) {
        if (!states.contains(state)) states.add(state);
    }

    private static Definition better(Definition a, Definition b) {
        if (a == null) return b;
        if (b == null) return a;
        if (a.properties().size() != b.properties().size()) return a.properties().size() > b.properties().size() ? a : b;
        return a.index() <= b.index() ? a : b;
    }

    private static List<Definition> infer(int plain, int[] start, int[] names, List<String> strings) {
        record Candidate(String name, List<String> properties, int[] count) { }
        Map<String, Candidate> candidates = new LinkedHashMap<>();
        for (int i = 0; i < plain; i++) {
            var name = new StringBuilder("{");
            var properties = new ArrayList<String>();
            for (int k = start[i]; k < start[i + 1]; k++) {
                String property = strings.get(names[k]);
                if (property.equals("__proto__")) continue;
                String shown = formatPropertyName(property);
                if (name.length() > 1 && name.length() + shown.length() > MAX_NAME_LENGTH) break;
                if (name.length() != 1) name.append(", ");
                name.append(shown);
                properties.add(property);
            }
            if (properties.isEmpty()) continue;
            name.append('}');
            candidates.computeIfAbsent(name.toString(), n -> new Candidate(n, properties, new int[1])).count()[0]++;
        }
        var sorted = new ArrayList<>(candidates.values());
        sorted.sort((a, b) -> Integer.compare(b.count()[0], a.count()[0])); // stable, like Array.prototype.sort
        double minCount = Math.max(MIN_OBJECTS, plain / (double) MIN_PROPORTION);
        var result = new ArrayList<Definition>();
        for (Candidate c : sorted) {
            if (c.count()[0] < minCount) break;
            result.add(new Definition(c.name(), c.properties(), result.size()));
        }
        return result;
    }

    private static TreeNode tree(List<Definition> definitions) {
        var root = new TreeNode();
        for (Definition d : definitions) {
            var properties = new ArrayList<>(d.properties());
            properties.sort(null);
            TreeNode node = root;
            for (String p : properties) {
                TreeNode next = node.next.get(p);
                if (next == null) {
                    next = new TreeNode();
                    node.next.put(p, next);
                    if (node.greatestNext == null || node.greatestNext.compareTo(p) < 0) node.greatestNext = p;
                }
                node = next;
            }
            if (node.match == null) node.match = d;
        }
        return root;
    }

    /** Quotes names holding {@code , ' " { }} as a JSON string, as DevTools does. */
    static String formatPropertyName(String name) {
        for (int i = 0; i < name.length(); i++) {
            char c = name.charAt(i);
            if (c == ',' || c == '\'' || c == '"' || c == '{' || c == '}') return jsonQuote(name);
        }
        return name;
    }

    private static String jsonQuote(String s) {
        var b = new StringBuilder(s.length() + 2).append('"');
        for (int i = 0; i < s.length(); i++) {
            char c = s.charAt(i);
            switch (c) {
                case '"' -> b.append("\\\"");
                case '\\' -> b.append("\\\\");
                case '\b' -> b.append("\\b");
                case '\f' -> b.append("\\f");
                case '\n' -> b.append("\\n");
                case '\r' -> b.append("\\r");
                case '\t' -> b.append("\\t");
                default -> {
                    boolean lone = Character.isSurrogate(c) && !(Character.isHighSurrogate(c) && i + 1 < s.length()
                            && Character.isLowSurrogate(s.charAt(i + 1)))
                            && !(Character.isLowSurrogate(c) && i > 0 && Character.isHighSurrogate(s.charAt(i - 1)));
                    if (c < 0x20 || lone) b.append(String.format("\\u%04x", (int) c));
                    else b.append(c);
                }
            }
        }
        return b.append('"').toString();
    }
}
