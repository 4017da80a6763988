package org.polyheap.analysis;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import java.util.List;

import org.junit.jupiter.api.Test;
import org.polyheap.model.ClassInfo;
import org.polyheap.model.GcRoot;
import org.polyheap.model.Progress;
import org.polyheap.model.ReferenceKind;
import org.polyheap.model.RootKind;
import org.polyheap.model.format.SnapshotFormat;
import org.polyheap.model.memory.HeapGraphBuilder;

class DuplicateStringsTest {

    /** A V8-like graph: a root holding string nodes whose labels are their values, and one non-string. */
    private static HeapAnalysis strings(String... values) {
        var b = new HeapGraphBuilder();
        b.format(SnapshotFormat.V8);
        int root = b.addClass(ClassInfo.named("(synthetic)"));
        int string = b.addClass(ClassInfo.named("(string)"));
        int object = b.addClass(ClassInfo.named("Object"));
        b.addObject(root, 0, 1, -1, -1);
        for (int i = 0; i < values.length; i++) b.addObject(string, 16 + 2L * values[i].length(), 3 + 2L * i, -1, b.addString(values[i]));
        b.addObject(object, 12, 999, -1, b.addString("a")); // labelled like a string, but not of a string class
        for (int i = 1; i <= values.length + 1; i++) b.addReference(0, i, ReferenceKind.PROPERTY, -1);
        b.addRoot(new GcRoot(0, RootKind.V8_SYNTHETIC_ROOT, -1, -1));
        return HeapAnalysis.run(b.build(), Progress.NONE);
    }

    @Test
    void groupsOfAtLeastTheMinimumBiggestWasteFirst() {
        var a = strings("a", "bbbbbbbbbbbbbbbbbbbb", "a", "c", "bbbbbbbbbbbbbbbbbbbb", "a", "");
        var groups = a.duplicateStrings(null, 2, Progress.NONE);
        assertEquals(List.of("bbbbbbbbbbbbbbbbbbbb", "a"), groups.stream().map(DuplicateStrings.Group::value).toList());
        assertArrayEquals(new int[] {2, 5}, groups.get(0).objects());
        assertArrayEquals(new int[] {1, 3, 6}, groups.get(1).objects(), "the Object labelled \"a\" is no string");
        assertEquals(3 * 18, groups.get(1).shallow());
        assertEquals(2 * 18, groups.get(1).wasted(), "all copies but one");
        assertEquals(List.of("a"), a.duplicateStrings(null, 3, Progress.NONE).stream().map(DuplicateStrings.Group::value).toList());
    }

    @Test
    void aMinimumBelowTwoIsRefused() {
        assertThrows(IllegalArgumentException.class, () -> strings("a", "a").duplicateStrings(null, 1, Progress.NONE));
    }

    @Test
    void hashTellsLengthAndCharacterOrderApart() {
        assertNotEquals(DuplicateStrings.hash("ab"), DuplicateStrings.hash("ba"));
        assertNotEquals(DuplicateStrings.hash(""), DuplicateStrings.hash("\0"));
        assertNotEquals(DuplicateStrings.hash("\u0100"), DuplicateStrings.hash("\u0001\u0000"));
    }
}
