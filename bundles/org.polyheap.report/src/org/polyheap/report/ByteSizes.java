package org.polyheap.report;

import java.util.Locale;

/**
 * How every surface (window, HTML report, headless text output) abbreviates byte counts: binary
 * units with their IEC names, 1 KiB = 1,024 bytes, one decimal. Binary because heap limits are
 * (POLYHEAP_XMX=8g is 8 GiB, and the window's status line compares against it); IEC names so a
 * reader used to DevTools' decimal kB is not misled. Exact byte counts stay grouped integers.
 */
public final class ByteSizes {
    private static final String[] UNITS = {"KiB", "MiB", "GiB", "TiB", "PiB", "EiB"};

    private ByteSizes() { }

    /** "512 B", "1.5 KiB", "6.9 MiB". O(1). */
    public static String human(long bytes) {
        if (Math.abs(bytes) < 1024) return bytes + " B";
        double v = bytes;
        int u = -1;
        while (Math.abs(v) >= 1024 && u < UNITS.length - 1) {
            v /= 1024;
            u++;
        }
        return String.format(Locale.ROOT, "%.1f %s", v, UNITS[u]);
    }
}
