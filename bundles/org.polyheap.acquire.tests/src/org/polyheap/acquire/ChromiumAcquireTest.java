package org.polyheap.acquire;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Path;
import java.util.List;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.polyheap.testdata.LiveRuntimes;

/**
 * Headless Chromium with {@code --remote-debugging-port=0} on a local page: its targets listed from
 * {@code /json/list}, the page's heap snapshot taken over CDP.
 */
class ChromiumAcquireTest {
    @TempDir
    Path dir;

    /** The test page among the browser's targets, once it has loaded (its title is set). */
    static Target testPage(String address) throws Exception {
        long until = System.currentTimeMillis() + 60_000;
        List<Target> targets = List.of();
        while (System.currentTimeMillis() < until) {
            targets = Acquire.listCdp(address);
            for (Target t : targets) if (t.title().equals("Polyheap acquire test page")) return t;
            Thread.sleep(100);
        }
        throw new AssertionError("no test page in " + targets);
    }

    @Test
    void aPageOfAHeadlessChromium() throws Exception {
        try (var chromium = LiveRuntimes.chromium(dir)) {
            Target page = testPage(chromium.address());
            assertEquals(Target.Kind.CDP, page.kind());
            assertTrue(page.detail().startsWith("page: file:"), page.detail());
            assertEquals("--cdp " + chromium.address() + " --target " + page.targetId(), page.commandLine());
            assertEquals(page, Acquire.cdp(chromium.address(), page.targetId()));

            Path out = dir.resolve("page.heapsnapshot");
            Acquire.take(page, out, Acquire.Options.DEFAULT, new RecordingProgress());
            assertTrue(Files2.head(out, 40).startsWith("{\"snapshot\":{\"meta\":"));
            assertTrue(Files2.contains(out, "\"KnownPageItem\""), "the page's class");
        }
    }
}
