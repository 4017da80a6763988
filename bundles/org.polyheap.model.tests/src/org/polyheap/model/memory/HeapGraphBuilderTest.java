package org.polyheap.model.memory;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import org.junit.jupiter.api.Test;
import org.polyheap.model.HeapGraph;
import org.polyheap.model.ReferenceKind;

class HeapGraphBuilderTest {

    @Test
    void inboundListsAreSortedSourcesOfEachTarget() {
        var b = new HeapGraphBuilder();
        int a = b.addObject(16), c = b.addObject(24), d = b.addObject(32);
        b.addReference(a, d);
        b.addReference(a, c, ReferenceKind.ELEMENT, 0);
        b.addReference(c, d);
        b.addReference(d, d);
        HeapGraph g = b.build();
        assertEquals(3, g.objectCount());
        assertArrayEquals(new long[] {0, 2, 3, 4}, g.outStart().toArray());
        assertArrayEquals(new int[] {d, c, d, d}, g.outTarget().toArray());
        assertEquals(ReferenceKind.ELEMENT.code(), g.outKind().get(1));
        assertArrayEquals(new long[] {0, 0, 1, 4}, g.inStart().toArray());
        assertArrayEquals(new int[] {a, a, c, d}, g.inSource().toArray());
    }

    @Test
    void referencesOutOfSourceOrderAreRejected() {
        var b = new HeapGraphBuilder();
        int a = b.addObject(1), c = b.addObject(1);
        b.addReference(c, a);
        assertThrows(IllegalStateException.class, () -> b.addReference(a, c));
    }
}
