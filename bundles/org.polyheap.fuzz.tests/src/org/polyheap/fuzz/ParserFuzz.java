package org.polyheap.fuzz;

/**
 * Fuzz target for one parser, named by the system property {@code polyheap.fuzz.target} ({@code hprof},
 * {@code v8}, {@code dart}, {@code fuchsia}; {@code dev/fuzz.sh} sets it). Entry points in Jazzer's
 * convention; see {@link ParserTarget}.
 */
public final class ParserFuzz {
    private static ParserTarget target;

    private ParserFuzz() { }

    public static void fuzzerInitialize() {
        String format = System.getProperty("polyheap.fuzz.target", "");
        target = ParserTarget.of(format);
        target.warmUp(format);
    }

    public static void fuzzerTestOneInput(byte[] input) throws Exception {
        target.run(input);
    }
}
