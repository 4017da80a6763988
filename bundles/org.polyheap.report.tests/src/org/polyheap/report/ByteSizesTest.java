package org.polyheap.report;

import static org.junit.jupiter.api.Assertions.assertEquals;

import org.junit.jupiter.api.Test;

class ByteSizesTest {
    @Test
    void binaryUnitsWithIecNames() {
        assertEquals("0 B", ByteSizes.human(0));
        assertEquals("1023 B", ByteSizes.human(1023));
        assertEquals("1.0 KiB", ByteSizes.human(1024));
        assertEquals("6.9 MiB", ByteSizes.human(7_211_090), "the bundled sample's heap: 7.2 MB in decimal units");
        assertEquals("8.0 GiB", ByteSizes.human(8L << 30), "what POLYHEAP_XMX=8g gives");
        assertEquals("-2.0 KiB", ByteSizes.human(-2048), "deltas of a comparison");
        assertEquals("8.0 EiB", ByteSizes.human(Long.MAX_VALUE));
    }
}
