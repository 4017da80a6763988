package org.polyheap.analysis;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.List;
import java.util.Random;
import java.util.regex.Pattern;

import org.junit.jupiter.api.Test;

/** The hand-written WeakMap edge name reader answers as DevTools' regular expression does. */
class WeakMapEdgeNameTest {
    private static final Pattern DEVTOOLS = Pattern.compile(
            "^\\d+ / part of key \\(.*? @\\d+\\) -> value \\(.*? @\\d+\\) pair in WeakMap \\(table @(\\d+)\\)$");

    private static long expected(String name) {
        var m = DEVTOOLS.matcher(name);
        if (!m.matches()) return WeakMapEdgeName.NONE;
        try {
            return Long.parseLong(m.group(1));
        } catch (NumberFormatException e) {
            return WeakMapEdgeName.NONE;
        }
    }

    @Test
    void namesV8WritesAndTheirNearMissesReadAsTheRegexReadsThem() {
        var names = new ArrayList<>(List.of(
                "1 / part of key (Object @23) -> value (Array @25) pair in WeakMap (table @27)",
                "12 / part of key (system / Context @3) -> value (Node @5) pair in WeakMap (table @7)",
                "3 / part of key ( @1) -> value ( @2) pair in WeakMap (table @9)",
                "3 / part of key (a) -> value (b @1) @2) -> value (c @3) pair in WeakMap (table @4)",
                "3 / part of key (x @1) -> value (y @2) pair in WeakMap (table @5) pair in WeakMap (table @6)",
                "3 / part of key (x @1) -> value (@2) pair in WeakMap (table @5)",
                "3 / part of key (x@1) -> value (y @2) pair in WeakMap (table @5)",
                "3 / part of key (x @1) -> value (y @2) pair in WeakMap (table @)",
                "3 / part of key (x @1) -> value (y @2) pair in WeakMap (table @5x)",
                "3 / part of key (x\n @1) -> value (y @2) pair in WeakMap (table @5)",
                "3 / part of key (x @1) -> value (y\u2028 @2) pair in WeakMap (table @5)",
                " / part of key (x @1) -> value (y @2) pair in WeakMap (table @5)",
                "3 / part of key (x @1) -> value (y @2) pair in WeakMap (table @99999999999999999999)",
                "elements", "", "3", "map", "1 / part of key"));
        var random = new Random(8);
        String[] pieces = {"1", "23", " @", ")", "(", " -> value (", " / part of key (", " pair in WeakMap (table @", "x", " ", "\n"};
        for (int i = 0; i < 20_000; i++) { // random names built from the grammar's pieces
            var b = new StringBuilder(random.nextBoolean() ? "7 / part of key (" : "");
            for (int k = random.nextInt(12); k > 0; k--) b.append(pieces[random.nextInt(pieces.length)]);
            if (random.nextBoolean()) b.append(" @4) -> value (v @5) pair in WeakMap (table @").append(random.nextInt(100)).append(')');
            names.add(b.toString());
        }
        int matches = 0;
        for (String name : names) {
            assertEquals(expected(name), WeakMapEdgeName.tableId(name), name);
            if (expected(name) != WeakMapEdgeName.NONE) {
                matches++;
                assertTrue(name.length() >= WeakMapEdgeName.SHORTEST, name); // callers skip shorter names undecoded
            }
        }
        assertTrue(matches > 1000, "the random names cover matches too: " + matches);
    }

    @Test
    void theShortestNameHasTheLengthCallersFilterOn() {
        String shortest = "0 / part of key ( @0) -> value ( @0) pair in WeakMap (table @0)";
        assertEquals(WeakMapEdgeName.SHORTEST, shortest.length());
        assertEquals(0, WeakMapEdgeName.tableId(shortest));
        assertEquals(expected(shortest), WeakMapEdgeName.tableId(shortest));
        for (int cut = 1; cut < shortest.length(); cut++) { // one char less anywhere is no such name
            String shorter = shortest.substring(0, cut) + shortest.substring(cut + 1);
            assertEquals(WeakMapEdgeName.NONE, WeakMapEdgeName.tableId(shorter), shorter);
        }
    }
}
