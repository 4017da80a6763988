package org.polyheap.fuzz;

import org.polyheap.parser.v8.V8SnapshotParser;

/** Fuzz target: {@link V8SnapshotParser} on any bytes. Entry point in Jazzer's convention. */
public final class V8Fuzz {
    private static final ParserTarget TARGET = new ParserTarget(new V8SnapshotParser(), "input.heapsnapshot");

    private V8Fuzz() { }

    public static void fuzzerInitialize() {
        TARGET.warmUp("v8");
    }

    public static void fuzzerTestOneInput(byte[] input) throws Exception {
        TARGET.run(input);
    }
}
