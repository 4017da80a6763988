package org.polyheap.fuzz;

import org.polyheap.parser.dart.DartSnapshotParser;

/** Fuzz target: {@link DartSnapshotParser} on any bytes. Entry point in Jazzer's convention. */
public final class DartFuzz {
    private static final ParserTarget TARGET = new ParserTarget(new DartSnapshotParser(), "input.dartheap");

    private DartFuzz() { }

    public static void fuzzerInitialize() {
        TARGET.warmUp("dart");
    }

    public static void fuzzerTestOneInput(byte[] input) throws Exception {
        TARGET.run(input);
    }
}
