package org.polyheap.model.format;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;

import org.junit.jupiter.api.Test;

/** {@link JavaStackFrame} lines as the parser writes and the report reads them; {@link JavaThreadState} from JVMTI bits. */
class JavaThreadFactsTest {
    @Test
    void frameLinesReadBackAsWritten() {
        var f = JavaStackFrame.of("com.example.Main", "run", "Main.java", 42);
        assertEquals("at com.example.Main.run(Main.java:42)", f.text());
        assertEquals(f, JavaStackFrame.parse(f.text()));
        assertEquals(42, f.line());
        assertEquals("Main.java", f.sourceFile());
        var lambda = JavaStackFrame.of("p.Q$$Lambda/0x0000000801001234", "run", null, JavaStackFrame.UNKNOWN_LINE);
        assertEquals(lambda, JavaStackFrame.parse(lambda.text()));
        assertEquals(-1, lambda.line());
        assertNull(lambda.sourceFile());
        var nat = JavaStackFrame.parse(JavaStackFrame.of("java.lang.Object", "wait0", "Object.java", JavaStackFrame.NATIVE).text());
        assertEquals("Native Method", nat.location());
        assertNull(JavaStackFrame.parse("... 3 more"));
        assertNull(JavaStackFrame.parse("at <unknown frame>"));
    }

    @Test
    void statesFollowTheJvmtiBitsAsThreadGetStateReadsThem() {
        assertEquals(JavaThreadState.NEW, JavaThreadState.of(0));
        assertEquals(JavaThreadState.RUNNABLE, JavaThreadState.of(0x0005));
        assertEquals(JavaThreadState.BLOCKED, JavaThreadState.of(0x0401));
        assertEquals(JavaThreadState.WAITING, JavaThreadState.of(0x0001 | 0x0080 | 0x0010 | 0x0200)); // parked
        assertEquals(JavaThreadState.TIMED_WAITING, JavaThreadState.of(0x0001 | 0x0080 | 0x0020 | 0x0040)); // sleeping
        assertEquals(JavaThreadState.TERMINATED, JavaThreadState.of(0x0002));
        assertEquals(JavaThreadState.UNKNOWN, JavaThreadState.of(-1));
    }
}
