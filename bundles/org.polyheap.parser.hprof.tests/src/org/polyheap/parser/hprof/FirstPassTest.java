package org.polyheap.parser.hprof;

import static org.junit.jupiter.api.Assertions.assertEquals;

import org.junit.jupiter.api.Test;

/** The first pass's guess at the object count, which sizes its address list up front. */
class FirstPassTest {
    private static final long MB = 1L << 20, GB = 1L << 30;

    @Test
    void theGuessFollowsTheFileSizeWithinASixteenthOfTheHeap() {
        assertEquals(1024, FirstPass.expectedObjects(-1, GB), "size unknown");
        assertEquals(16, FirstPass.expectedObjects(100, GB), "a tiny file");
        assertEquals(262 * MB / 64, FirstPass.expectedObjects(262 * MB, GB), "a javac heap: 64 bytes a record");
        assertEquals(512 * MB / 16 / 8, FirstPass.expectedObjects(64 * GB, 512 * MB), "a huge file, a small heap");
        assertEquals(Integer.MAX_VALUE - 8, FirstPass.expectedObjects(Long.MAX_VALUE, Long.MAX_VALUE), "never past an array's limit");
    }
}
