package org.polyheap.ui;

import org.junit.jupiter.api.BeforeEach;

/** What the tests that record figures share: the harness's own bundles started first, and milliseconds since a nanoTime. */
abstract class MeasuredWindowTest extends WindowTest {
    @BeforeEach
    void startHarnessOnlyBundles() throws Exception {
        UiTestSupport.startHarnessOnlyBundles();
    }

    static double ms(long since) {
        return (System.nanoTime() - since) / 1e6;
    }
}
