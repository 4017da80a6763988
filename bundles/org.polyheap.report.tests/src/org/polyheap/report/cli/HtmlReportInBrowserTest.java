package org.polyheap.report.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import org.polyheap.testdata.TestData;

/**
 * The HTML report as a reader sees it: rendered by headless Chromium (Debian's {@code chromium},
 * installed by {@code ./polyheap test}), checked through the DOM it builds, and saved as a screenshot
 * under target/screenshots/.
 */
class HtmlReportInBrowserTest {

    @Test
    void reportRendersInChromiumWithEverySection(@TempDir Path tmp) throws Exception {
        Path snapshot = TestData.copyUncompressed(TestData.CHROME_TODO, tmp);
        Path out = tmp.resolve("report");
        var err = new ByteArrayOutputStream();
        int code = Main.run(List.of("report", snapshot.toString(), "--out", out.toString(), "--quiet"),
                new PrintStream(new ByteArrayOutputStream()), new PrintStream(err, true, StandardCharsets.UTF_8));
        assertEquals(0, code, err.toString(StandardCharsets.UTF_8));
        Path html = out.resolve("chrome-todo.report.html");
        String source = Files.readString(html);
        assertTrue(!source.contains("<script") && !source.contains("http://") || !source.matches("(?s).*(src|href)=\"https?:.*"),
                "self-contained: no scripts or resources from the network");

        String chromium = findChromium();
        Path profile = Files.createDirectories(tmp.resolve("chromium-profile"));
        String dom = chromium(chromium, profile, "--dump-dom", html.toUri().toString());
        for (String id : List.of("overview", "consumers", "dominators", "suspects", "histogram")) {
            assertTrue(dom.contains("<section id=\"" + id + "\""), "section " + id + " rendered");
        }
        assertTrue(dom.contains("<svg class=\"bars\""), "bar chart");
        assertTrue(dom.contains("<details>"), "expandable dominator tree");
        assertTrue(dom.contains("Window"), "the biggest V8 object, the page's Window, is in the report");
        // issue 19.11: titles for people, not JSON keys; classes without objects left out of the split
        assertTrue(dom.contains("<dt>GC root entries</dt>") && dom.contains("<dt>Heap size (every object)</dt>"), "human titles");
        assertTrue(!dom.contains("<dt>gcRoots</dt>") && !dom.contains("<dt>shallowBytes</dt>"), "no JSON keys as titles");
        assertTrue(dom.contains("<dt>Only weakly reachable objects</dt>") && !dom.contains("<dt>Only softly reachable objects</dt>"),
                "the weak V8 nodes are named, the empty soft class is not");

        Path shots = Files.createDirectories(Path.of("target", "screenshots"));
        Path png = shots.resolve("html-report.png").toAbsolutePath();
        Files.deleteIfExists(png);
        chromium(chromium, profile, "--screenshot=" + png, "--window-size=1200,1600", html.toUri().toString());
        assertTrue(Files.size(png) > 10_000, "a screenshot with content was saved: " + png);
    }

    static String findChromium() {
        for (String c : List.of("/usr/bin/chromium", "/usr/bin/chromium-browser", "/usr/bin/google-chrome")) {
            if (Files.isExecutable(Path.of(c))) return c;
        }
        throw new AssertionError("Chromium is needed to check the HTML report: apt-get install chromium "
                + "(./polyheap test installs it when run as root)");
    }

    private static String chromium(String exe, Path profile, String... args) throws Exception {
        var cmd = new ArrayList<>(List.of(exe, "--headless", "--no-sandbox", "--disable-gpu",
                "--disable-background-networking", "--disable-component-update", "--disable-sync",
                "--no-first-run", "--user-data-dir=" + profile));
        cmd.addAll(List.of(args));
        Process p = new ProcessBuilder(cmd).redirectError(ProcessBuilder.Redirect.DISCARD).start();
        byte[] out = p.getInputStream().readAllBytes();
        assertTrue(p.waitFor(120, TimeUnit.SECONDS), "chromium finished");
        assertEquals(0, p.exitValue(), "chromium exit code");
        return new String(out, StandardCharsets.UTF_8);
    }
}
