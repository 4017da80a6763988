package org.polyheap.parser.v8;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.Random;

import org.junit.jupiter.api.Test;

/** The division-free quotient and divisibility against Java's operators, at the edges of their range. */
class RowDividerTest {
    @Test
    void quotientAndDivisibilityAreThoseOfTheOperators() {
        var random = new Random(7);
        for (int d : new int[] {1, 2, 3, 5, 6, 7, 8, 9, 10, 11, 12, 13, 16, 31, 100, 1000, 65_535, Integer.MAX_VALUE}) {
            var rows = new RowDivider(d);
            long[] edges = {0, 1, d - 1L, d, d + 1L, 2L * d, RowDivider.MAX - 1, RowDivider.MAX, RowDivider.MAX + 1,
                    RowDivider.MAX / d * d, (RowDivider.MAX / d - 1) * d, Long.MAX_VALUE / 2};
            for (long n : edges) check(rows, d, n);
            for (int i = 0; i < 200_000; i++) {
                long n = random.nextInt(4) == 0 ? random.nextLong(RowDivider.MAX + 1) / d * d : random.nextLong(RowDivider.MAX + 1);
                check(rows, d, n);
            }
        }
    }

    private static void check(RowDivider rows, int d, long n) {
        assertEquals(n / d, rows.quotient(n), n + " / " + d);
        assertEquals(n % d == 0, rows.divides(n), n + " % " + d);
    }
}
