package org.polyheap.report.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.polyheap.testdata.LiveRuntimes;

/**
 * {@code polyheap acquire} on real runtimes the tests start on loopback: the snapshot taken opens and
 * shows the known program's instance counts (a child JVM's 4,321 Widgets, a Node script's 2,345
 * KnownGadgets, a page's 3,456 KnownPageItems), in one step with {@code --then}; {@code --list}; the
 * path on stdout for a pipe; exit codes for a wrong target, a wrong URL and usage errors.
 */
class AcquireCommandTest {
    @TempDir
    Path dir;

    /** The count of class {@code name} in {@code histogram --json} output. */
    private static long count(String histogramJson, String name) throws Exception {
        for (Object row : Json.array(Json.object(Json.parse(histogramJson)).get("classes"))) {
            var m = Json.object(row);
            if (m.get("name").equals(name)) return ((Number) m.get("count")).longValue();
        }
        return 0;
    }

    @Test
    void aChildJvmsDumpShowsItsInstanceCounts() throws Exception {
        try (var jvm = LiveRuntimes.java(dir)) {
            Path out = dir.resolve("known.hprof");
            CommandRun r = CommandRun.of("acquire", "--pid", Long.toString(jvm.pid()), "--out", out.toString(),
                    "--then", "histogram", "--filter", "KnownObjects", "--json", "--quiet");
            assertEquals(0, r.code(), r.err());
            assertEquals(4321, count(r.out(), "KnownObjects$Widget"), r.out());
            assertEquals(0, count(r.out(), "KnownObjects$Garbage"), "live objects only: the dropped ones were collected first");
            assertTrue(r.err().contains("polyheap: took JVM " + jvm.pid() + " ("), r.err());
            assertTrue(Files.isRegularFile(out));
        }
    }

    @Test
    void theFilesPathIsPrintedForAPipe() throws Exception {
        try (var jvm = LiveRuntimes.java(dir)) {
            Path out = dir.resolve("sub/known.hprof.gz");
            CommandRun r = CommandRun.of("acquire", "--pid", Long.toString(jvm.pid()), "--out", out.toString(), "--gzip", "--all", "--quiet");
            assertEquals(0, r.code(), r.err());
            assertEquals(out.toAbsolutePath() + System.lineSeparator(), r.out());
            assertEquals("", r.err(), "--quiet");
            CommandRun h = CommandRun.of("histogram", r.out().strip(), "--filter", "Widget", "--json", "--quiet");
            assertEquals(4321, count(h.out(), "KnownObjects$Widget"));
        }
    }

    @Test
    void aNodeScriptsSnapshotShowsItsObjects() throws Exception {
        try (var node = LiveRuntimes.node(dir, "known.js", true)) {
            CommandRun list = CommandRun.of("acquire", "--list", "--json", "--quiet");
            assertEquals(0, list.code(), list.err());
            Map<String, Object> listed = Json.array(Json.object(Json.parse(list.out())).get("targets")).stream().map(Json::object)
                    .filter(t -> Long.valueOf(node.pid()).equals(((Number) t.getOrDefault("pid", -1L)).longValue())).findFirst()
                    .orElseThrow(() -> new AssertionError("node " + node.pid() + " not in " + list.out()));
            assertEquals("node", listed.get("kind"));
            assertEquals("--inspector " + node.address(), listed.get("arguments"));

            CommandRun r = CommandRun.of("acquire", "--pid", Long.toString(node.pid()), "--out", dir.resolve("known.heapsnapshot").toString(),
                    "--then", "histogram", "--filter", "KnownGadget", "--json", "--quiet");
            assertEquals(0, r.code(), r.err());
            assertEquals(2345, count(r.out(), "KnownGadget"), r.out());
        }
    }

    @Test
    void aDartVmThenItsOverview() throws Exception {
        try (var vm = LiveRuntimes.dartVm(dir)) {
            CommandRun r = CommandRun.of("acquire", "--dart-vm", vm.address(), "--out", dir.resolve("vm.dartheap.gz").toString(), "--gzip",
                    "--then", "overview", "--json", "--quiet");
            assertEquals(0, r.code(), r.err());
            var overview = Json.object(Json.parse(r.out()));
            assertEquals("dart", overview.get("format"));
            assertTrue(((Number) overview.get("objects")).longValue() > 50_000, r.out());
            assertEquals("32-bit", Json.object(overview.get("facts")).get("vm"));
        }
    }

    @Test
    void aPageOfHeadlessChromium() throws Exception {
        try (var chromium = LiveRuntimes.chromium(dir)) {
            String id = pageId(chromium.address());
            CommandRun r = CommandRun.of("acquire", "--cdp", chromium.address(), "--target", id, "--out", dir.resolve("page.heapsnapshot").toString(),
                    "--then", "histogram", "--filter", "KnownPageItem", "--json", "--quiet");
            assertEquals(0, r.code(), r.err());
            assertEquals(3456, count(r.out(), "KnownPageItem"), r.out());
        }
    }

    /** The test page's target id from {@code --list --cdp}, once the page has loaded. */
    private static String pageId(String address) throws Exception {
        long until = System.currentTimeMillis() + 60_000;
        String last = "";
        while (System.currentTimeMillis() < until) {
            CommandRun list = CommandRun.of("acquire", "--list", "--cdp", address, "--json", "--quiet");
            assertEquals(0, list.code(), list.err());
            last = list.out();
            for (Object o : Json.array(Json.object(Json.parse(last)).get("targets"))) {
                var t = Json.object(o);
                if ("Polyheap acquire test page".equals(t.get("title"))) return (String) t.get("targetId");
            }
            Thread.sleep(100);
        }
        throw new AssertionError("no test page in " + last);
    }

    @Test
    void wrongTargetsAndUsage() {
        CommandRun noProcess = CommandRun.of("acquire", "--pid", "99999999", "--out", dir.resolve("x.hprof").toString());
        assertEquals(3, noProcess.code());
        assertEquals("polyheap: pid 99999999: no such process" + System.lineSeparator(), noProcess.err());
        CommandRun refused = CommandRun.of("acquire", "--inspector", "127.0.0.1:1", "--out", dir.resolve("x.heapsnapshot").toString());
        assertEquals(3, refused.code());
        assertEquals("polyheap: http://127.0.0.1:1/json/list: connection refused (nothing listens there)" + System.lineSeparator(), refused.err());
        CommandRun notUrl = CommandRun.of("acquire", "--dart-vm", "http://", "--out", dir.resolve("x.dartheap").toString());
        assertEquals(3, notUrl.code(), notUrl.err());
        for (List<String> usage : List.of(List.of("acquire", "--out", "x.hprof"), List.of("acquire", "--pid", "1"),
                List.of("acquire", "--pid", "1", "--inspector", "127.0.0.1:9229", "--out", "x"), List.of("acquire", "--pid", "x", "--out", "y"),
                List.of("acquire", "--pid", "1", "--out", "y", "--then"), List.of("acquire", "--pid", "1", "--out", "y", "--then", "acquire"),
                List.of("acquire", "--target", "A", "--pid", "1", "--out", "y"))) {
            CommandRun r = CommandRun.of(usage.toArray(String[]::new));
            assertEquals(2, r.code(), usage + ": " + r.err());
            assertTrue(r.err().startsWith("polyheap acquire: "), r.err());
        }
        assertFalse(Files.exists(dir.resolve("x.hprof")));
    }

    @Test
    void helpNamesTheSubcommand() {
        CommandRun r = CommandRun.of("acquire", "--help");
        assertEquals(0, r.code());
        assertTrue(r.out().startsWith("polyheap acquire --list"), r.out());
        assertTrue(CommandRun.of("--help").out().contains("polyheap acquire"));
    }
}
