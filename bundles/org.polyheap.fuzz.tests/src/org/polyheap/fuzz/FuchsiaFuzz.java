package org.polyheap.fuzz;

import org.polyheap.parser.fuchsia.FuchsiaHeapdumpParser;

/** Fuzz target: {@link FuchsiaHeapdumpParser} on any bytes. Entry point in Jazzer's convention. */
public final class FuchsiaFuzz {
    private static final ParserTarget TARGET = new ParserTarget(new FuchsiaHeapdumpParser(), "input.pb");

    private FuchsiaFuzz() { }

    public static void fuzzerInitialize() {
        TARGET.warmUp("fuchsia");
    }

    public static void fuzzerTestOneInput(byte[] input) throws Exception {
        TARGET.run(input);
    }
}
