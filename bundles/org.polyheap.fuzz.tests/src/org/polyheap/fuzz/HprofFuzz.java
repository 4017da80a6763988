package org.polyheap.fuzz;

import org.polyheap.parser.hprof.HprofParser;

/** Fuzz target: {@link HprofParser} on any bytes. Entry point in Jazzer's convention. */
public final class HprofFuzz {
    private static final ParserTarget TARGET = new ParserTarget(new HprofParser(), "input.hprof");

    private HprofFuzz() { }

    public static void fuzzerInitialize() {
        TARGET.warmUp("hprof");
    }

    public static void fuzzerTestOneInput(byte[] input) throws Exception {
        TARGET.run(input);
    }
}
