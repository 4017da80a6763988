package org.polyheap.parser.v8;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

import it.unimi.dsi.fastutil.ints.IntArrayList;

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
     * null when it stays {@code Object}. Objects with the same property list (most of them: they share
     * a few shapes) are named and matched once per list.
     */
    static String[] classify(EdgeEvidence evidence, List<String> strings) {
        int plain = evidence.plainNodes.length;
        int[] start = new int[plain + 1];
        for (int i = 0; i < plain; i++) start[i + 1] = start[i] + evidence.plainPropertyCount[i];
        int[] ids = evidence.plainProperties.elements();
        var shapes = new PropertyLists(plain, start, ids);
        List<Definition> definitions = infer(shapes, strings);
        TreeNode root = tree(definitions);
        String[] byShape = new String[shapes.count()];
        for (int k = 0; k < byShape.length; k++) {
            int first = shapes.first(k);
            String[] properties = new String[start[first + 1] - start[first]];
            for (int j = 0; j < properties.length; j++) properties[j] = strings.get(ids[start[first] + j]);
            Definition best = bestMatch(root, properties);
            byShape[k] = best == null ? null : best.name();
        }
        String[] result = new String[plain];
        for (int i = 0; i < plain; i++) result[i] = byShape[shapes.of(i)];
        return result;
    }

    /**
     * The distinct property lists (sequences of name ids) of the plain objects, numbered in the order
     * each first occurs: per object its list's number, per list its first object and how many objects
     * have it. 8 bytes per plain object while classifying.
     */
    static final class PropertyLists {
        private final int[] shapeOf;
        final int[] start, ids;
        private final IntArrayList first = new IntArrayList(), count = new IntArrayList();

        PropertyLists(int objects, int[] start, int[] ids) {
            this.start = start;
            this.ids = ids;
            shapeOf = new int[objects];
            int[] slots = new int[64]; // shape + 1, 0 = free; at most half full
            for (int i = 0; i < objects; i++) {
                int from = start[i], to = start[i + 1];
                int mask = slots.length - 1, slot = hash(from, to) & mask;
                while (true) {
                    int shape = slots[slot] - 1;
                    if (shape < 0) {
                        shape = first.size();
                        first.add(i);
                        count.add(0);
                        slots[slot] = shape + 1;
                        if (first.size() * 2 > slots.length && slots.length < 1 << 30) slots = rehash(slots.length * 2);
                    } else {
                        int f = first.getInt(shape);
                        if (!Arrays.equals(ids, start[f], start[f + 1], ids, from, to)) {
                            slot = (slot + 1) & mask;
                            continue;
                        }
                    }
                    shapeOf[i] = shape;
                    count.set(shape, count.getInt(shape) + 1);
                    break;
                }
            }
        }

        private int hash(int from, int to) {
            int h = 1;
            for (int k = from; k < to; k++) h = 31 * h + ids[k];
            return it.unimi.dsi.fastutil.HashCommon.mix(h);
        }

        private int[] rehash(int size) {
            int[] slots = new int[size];
            for (int shape = 0; shape < first.size(); shape++) {
                int f = first.getInt(shape), slot = hash(start[f], start[f + 1]) & (size - 1);
                while (slots[slot] != 0) slot = (slot + 1) & (size - 1);
                slots[slot] = shape + 1;
            }
            return slots;
        }

        int count() { return first.size(); }

        /** The first object with list {@code shape}. */
        int first(int shape) { return first.getInt(shape); }

        /** The number of objects with list {@code shape}. */
        int objects(int shape) { return count.getInt(shape); }

        /** The list number of object {@code i}. */
        int of(int i) { return shapeOf[i]; }
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

    private static List<Definition> infer(PropertyLists shapes, List<String> strings) {
        record Candidate(String name, List<String> properties, int[] count) { }
        Map<String, Candidate> candidates = new LinkedHashMap<>();
        int plain = 0;
        for (int shape = 0; shape < shapes.count(); shape++) { // in first-occurrence order: as object by object
            int i = shapes.first(shape), objects = shapes.objects(shape);
            plain += objects;
            var name = new StringBuilder("{");
            var properties = new ArrayList<String>();
            for (int k = shapes.start[i]; k < shapes.start[i + 1]; k++) {
                String property = strings.get(shapes.ids[k]);
                if (property.equals("__proto__")) continue;
                String shown = formatPropertyName(property);
                if (name.length() > 1 && name.length() + shown.length() > MAX_NAME_LENGTH) break;
                if (name.length() != 1) name.append(", ");
                name.append(shown);
                properties.add(property);
            }
            if (properties.isEmpty()) continue;
            name.append('}');
            candidates.computeIfAbsent(name.toString(), n -> new Candidate(n, properties, new int[1])).count()[0] += objects;
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
