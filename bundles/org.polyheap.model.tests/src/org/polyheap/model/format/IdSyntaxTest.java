package org.polyheap.model.format;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import org.junit.jupiter.api.Test;
import org.polyheap.model.HeapGraph;
import org.polyheap.model.memory.HeapGraphBuilder;

class IdSyntaxTest {

    private static HeapGraph graph(SnapshotFormat format) {
        var b = new HeapGraphBuilder();
        b.format(format);
        int c = b.addClass(org.polyheap.model.ClassInfo.named("C"));
        b.addObject(c, 16, 0x7f3a10L, -1, -1, 0);
        b.addObject(c, 16, 12345L, -1, -1, 0);
        return b.build();
    }

    @Test
    void eachFormatWritesIdsAsItsOwnToolsDo() {
        assertEquals("0x7f3a10", SnapshotFormat.HPROF.ids().display(graph(SnapshotFormat.HPROF), 0));
        assertEquals("@12345", SnapshotFormat.V8.ids().display(graph(SnapshotFormat.V8), 1));
        assertEquals("#2", SnapshotFormat.DART.ids().display(graph(SnapshotFormat.DART), 1));
        assertEquals("0x3039", SnapshotFormat.FUCHSIA.ids().display(graph(SnapshotFormat.FUCHSIA), 1));
    }

    @Test
    void everySyntaxFindsItsObject() {
        HeapGraph g = graph(SnapshotFormat.HPROF);
        assertEquals(0, IdSyntax.find(g, "0x7F3A10"));
        assertEquals(1, IdSyntax.find(g, "@12345"));
        assertEquals(1, IdSyntax.find(g, " #2 "));
        assertEquals(-1, IdSyntax.find(g, "#3"));
        assertEquals(-1, IdSyntax.find(g, "0x1"));
        assertThrows(IllegalArgumentException.class, () -> IdSyntax.find(g, "12345"));
        assertThrows(IllegalArgumentException.class, () -> IdSyntax.find(g, "0xZZ"));
    }

    @Test
    void formatsAreStoredByKey() {
        for (SnapshotFormat f : SnapshotFormat.values()) assertEquals(f, SnapshotFormat.ofKey(f.key()));
        assertThrows(IllegalArgumentException.class, () -> SnapshotFormat.ofKey("text"));
    }
}
