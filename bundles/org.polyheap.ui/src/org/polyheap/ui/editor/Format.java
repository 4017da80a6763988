package org.polyheap.ui.editor;

import java.util.Locale;

import org.polyheap.report.ByteSizes;

/** How the window writes numbers: grouped digits, and a one-decimal percentage. */
public final class Format {
    private Format() { }

    public static String count(long n) { return String.format(Locale.ROOT, "%,d", n); }

    /** Bytes as an exact grouped integer ("1,234,567"): sizes are compared digit by digit. */
    public static String bytes(long n) { return count(n); }

    /** "≥ 1,234" for a lower bound. */
    public static String bytes(long n, boolean lowerBound) { return (lowerBound ? "\u2265 " : "") + count(n); }

    public static String percent(long part, long whole) {
        return String.format(Locale.ROOT, "%.1f %%", whole <= 0 ? 0.0 : part * 100.0 / whole);
    }

    /** "12.3 MiB": for charts and summaries, in the units of the reports ({@link ByteSizes}). */
    public static String human(long bytes) { return ByteSizes.human(bytes); }
}
