package org.polyheap.parser.v8;

/**
 * Divides flat array indexes by the fields per row without a division instruction, for the per-edge
 * {@code to_node} check and conversion (a 64-bit division per edge was a tenth of the edges thread's
 * time). For values below 2^32, with {@code m} = ceil(2^64 / d): the quotient is the high 64 bits of
 * {@code m * n}, and d divides n exactly when the low 64 bits are at most {@code m - 1} (unsigned)
 * (Lemire, Kaser and Kurz, "Faster remainder by direct computation", 2019). Immutable.
 */
final class RowDivider {
    /** The largest value the fast forms take; larger ones divide the usual way. */
    static final long MAX = 0xFFFF_FFFFL;
    private final int divisor;
    private final long m;

    RowDivider(int divisor) {
        if (divisor < 1) throw new IllegalArgumentException("divisor " + divisor);
        this.divisor = divisor;
        this.m = divisor == 1 ? 0 : Long.divideUnsigned(-1L, divisor) + 1;
    }

    /** Whether {@code n} (non-negative) is a multiple of the divisor. */
    boolean divides(long n) {
        if (n > MAX) return n % divisor == 0;
        return divisor == 1 || Long.compareUnsigned(m * n, m - 1) <= 0;
    }

    /** {@code n / divisor} for a non-negative {@code n}. */
    long quotient(long n) {
        if (n > MAX || divisor == 1) return n / divisor;
        return Math.unsignedMultiplyHigh(m, n);
    }
}
