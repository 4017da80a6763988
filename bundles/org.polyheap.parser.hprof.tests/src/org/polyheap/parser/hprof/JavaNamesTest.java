package org.polyheap.parser.hprof;

import static org.junit.jupiter.api.Assertions.assertEquals;

import org.junit.jupiter.api.Test;

class JavaNamesTest {
    @Test
    void internalNamesBecomeJavaNames() {
        assertEquals("java.util.HashMap$Node", JavaNames.display("java/util/HashMap$Node"));
        assertEquals("java.lang.String[]", JavaNames.display("[Ljava/lang/String;"));
        assertEquals("int[][]", JavaNames.display("[[I"));
        assertEquals("byte[]", JavaNames.display("[B"));
        assertEquals("Foo$$Lambda/0x000000008216a400", JavaNames.display("Foo$$Lambda+0x000000008216a400"));
        assertEquals("a.B+C", JavaNames.display("a/B+C"));
    }
}
