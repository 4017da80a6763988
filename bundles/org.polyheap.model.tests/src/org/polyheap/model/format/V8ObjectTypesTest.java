package org.polyheap.model.format;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import java.util.List;
import java.util.Map;

import org.junit.jupiter.api.Test;
import org.polyheap.model.SnapshotMetadata;
import org.polyheap.model.memory.HeapGraphBuilder;

class V8ObjectTypesTest {

    private static SnapshotMetadata recorded(List<String> fileTypes) {
        var b = new HeapGraphBuilder();
        b.format(SnapshotFormat.V8);
        V8ObjectTypes.record(b, fileTypes);
        return b.build().metadata();
    }

    @Test
    void whatThePackerWritesTheDecoderReadsBack() {
        var types = V8ObjectTypes.of(recorded(List.of("hidden", "array", "string", "object", "code", "closure", "regexp",
                "number", "native", "synthetic")));
        int packed = V8ObjectTypes.pack(8, V8ObjectTypes.DOM_DETACHED);
        assertEquals(V8NodeType.NATIVE, types.type(packed));
        assertEquals(V8ObjectTypes.DOM_DETACHED, V8ObjectTypes.domState(packed));
        assertEquals(8, V8ObjectTypes.code(packed));
        assertEquals("native", types.typeName(packed));
    }

    @Test
    void aFileWithItsOwnOrderAndAnUnknownTypeIsReadByName() {
        var types = V8ObjectTypes.of(recorded(List.of("synthetic", "trusted object", "string")));
        assertEquals(V8NodeType.SYNTHETIC, types.type(V8ObjectTypes.pack(0, V8ObjectTypes.DOM_UNKNOWN)));
        assertEquals(V8NodeType.OTHER, types.type(V8ObjectTypes.pack(1, V8ObjectTypes.DOM_UNKNOWN)));
        assertEquals("trusted object", types.typeName(1));
        assertEquals(0, types.code(V8NodeType.SYNTHETIC));
        assertEquals(-1, types.code(V8NodeType.HIDDEN), "a type the file does not list has no code");
        assertEquals(V8NodeType.OTHER, types.type(7), "a code beyond the file's list");
        assertEquals("", types.typeName(7));
    }

    @Test
    void withoutTheFactV8sOwnOrderIsAssumed() {
        var types = V8ObjectTypes.of(new SnapshotMetadata(SnapshotFormat.V8, Map.of()));
        assertEquals(9, types.code(V8NodeType.SYNTHETIC));
        assertEquals(V8NodeType.OBJECT_SHAPE, types.type(14));
    }

    @Test
    void aTypeCodeThatDoesNotFitIsRefused() {
        assertThrows(IllegalArgumentException.class, () -> V8ObjectTypes.pack(256, V8ObjectTypes.DOM_UNKNOWN));
    }

    @Test
    void summaryClassesAreDevtoolsNames() {
        assertEquals("(system)", V8NodeType.summaryClass("hidden"));
        assertEquals("Function", V8NodeType.summaryClass("closure"));
        assertEquals("(trusted object)", V8NodeType.summaryClass("trusted object"));
    }
}
