package org.polyheap.report.reference;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assertions.fail;

import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.TimeUnit;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.polyheap.report.cli.JsonAccess;
import org.polyheap.report.cli.Main;
import org.polyheap.testdata.TestData;

/**
 * {@code polyheap threads} on a dump that a real JVM writes at test time from {@code ParkedThreads.java}
 * (testdata), whose threads the program itself waited to see parked in known states at known lines:
 * names, states, daemon flags, frames, the local that holds the program's {@code byte[]}, and what the
 * thread retains with and without {@code --stack-roots thread}.
 */
class ParkedThreadsTest {
    private static final Path PROGRAM = TestData.javaProgram("ParkedThreads");
    @TempDir
    static Path dir;
    private static Path dump;
    private static int heldBytes;
    private static int parkLine;

    @BeforeAll
    static void runTheProgram() throws Exception {
        List<String> source = Files.readAllLines(PROGRAM);
        heldBytes = Integer.parseInt(find(source, Pattern.compile("HELD_BYTES = ([\\d_]+);")).group(1).replace("_", ""));
        parkLine = lineOf(source, "// HOLDER-PARKS");
        dump = dir.resolve("parked.hprof");
        String java = Path.of(System.getProperty("java.home"), "bin", "java").toString();
        var command = new ProcessBuilder(java, "-Xmx256m", PROGRAM.toAbsolutePath().toString(), dump.toString())
                .redirectErrorStream(true).redirectOutput(dir.resolve("child.log").toFile());
        command.environment().keySet().removeAll(Set.of("JAVA_TOOL_OPTIONS", "_JAVA_OPTIONS", "JDK_JAVA_OPTIONS"));
        Process child = command.start();
        if (!child.waitFor(60, TimeUnit.SECONDS)) {
            child.destroyForcibly();
            fail("the program did not end within 60 s: " + Files.readString(dir.resolve("child.log")));
        }
        assertEquals(0, child.exitValue(), Files.readString(dir.resolve("child.log")));
    }

    @Test
    void threadsHaveTheirNamesStatesAndDaemonFlags() throws Exception {
        var threads = threads(json("threads", dump.toString(), "--json", "--quiet"));
        assertEquals("WAITING", threads.get("holder-1").get("state"));
        assertEquals("TIMED_WAITING", threads.get("sleeper-1").get("state"));
        assertEquals("BLOCKED", threads.get("blocked-1").get("state"));
        assertEquals("WAITING", threads.get("main").get("state"), "main joins the dumper");
        assertEquals("RUNNABLE", threads.get("dumper").get("state"));
        for (String daemon : List.of("holder-1", "sleeper-1", "blocked-1")) assertEquals(true, threads.get(daemon).get("daemon"), daemon);
        assertEquals(false, threads.get("main").get("daemon"));
        assertEquals(false, threads.get("dumper").get("daemon"));
    }

    @Test
    void framesNameTheMethodsTheThreadsAreIn() throws Exception {
        var threads = threads(json("threads", dump.toString(), "--json", "--quiet"));
        assertTrue(methods(threads.get("sleeper-1")).containsAll(List.of("java.lang.Thread.sleep", "ParkedThreads.sleep")),
                methods(threads.get("sleeper-1")).toString());
        assertEquals("ParkedThreads.enter", methods(threads.get("blocked-1")).get(0), "blocked on entering the lock");
        assertTrue(methods(threads.get("main")).containsAll(List.of("java.lang.Thread.join", "ParkedThreads.main")));
        assertTrue(methods(threads.get("dumper")).contains("ParkedThreads.dump"));
    }

    @Test
    void holdersFrameHoldsItsArrayAtTheLineWhereItParks() throws Exception {
        var holder = threads(json("threads", dump.toString(), "--json", "--quiet")).get("holder-1");
        Map<String, Object> hold = frames(holder).stream().filter(f -> f.get("method").equals("hold")).findFirst().orElseThrow();
        assertEquals("ParkedThreads", hold.get("class"));
        assertEquals((long) parkLine, hold.get("line"));
        @SuppressWarnings("unchecked")
        var locals = (List<Map<String, Object>>) hold.get("locals");
        var array = locals.stream().filter(l -> l.get("class").equals("byte[]")).findFirst().orElseThrow();
        assertEquals("Java local", array.get("rootKind"));
        assertTrue((Long) array.get("retained") >= heldBytes, array.toString());
        assertTrue((Long) hold.get("localsRetained") >= heldBytes);
        // by default a stack root is a root of its own: the thread object does not retain it
        assertTrue((Long) holder.get("retained") < heldBytes, holder.get("retained").toString());
    }

    @Test
    void underItsThreadTheStackHeldArrayIsRetainedByTheThread() throws Exception {
        var doc = json("threads", dump.toString(), "--json", "--quiet", "--stack-roots", "thread");
        assertEquals("thread", doc.get("stackRoots"));
        var holder = threads(doc).get("holder-1");
        long retained = (Long) holder.get("retained");
        assertTrue(retained >= heldBytes, "holder-1 retains " + retained);
        for (String other : List.of("sleeper-1", "blocked-1", "dumper")) {
            assertTrue((Long) threads(doc).get(other).get("retained") < heldBytes, other);
        }
        // and the dominator tree says the same: the thread is the biggest object, the array its child
        var top = rows(json("dominators", dump.toString(), "--json", "--quiet", "--stack-roots", "thread", "--top", "1"));
        assertEquals(holder.get("id"), top.get(0).get("id"));
        var children = rows(json("dominators", dump.toString(), "--json", "--quiet", "--stack-roots", "thread",
                "--of", (String) holder.get("id")));
        assertFalse(children.isEmpty());
        assertEquals("byte[]", children.get(0).get("class"));
    }

    @Test
    void snapshotsWithoutThreadStacksListNoThreads() throws Exception {
        Path v8 = TestData.copy(TestData.CHROME_TODO, dir);
        assertTrue(threads(json("threads", v8.toString(), "--json", "--quiet")).isEmpty());
    }

    @SuppressWarnings("unchecked")
    private static Map<String, Map<String, Object>> threads(Map<String, Object> doc) {
        var byName = new java.util.HashMap<String, Map<String, Object>>();
        for (var t : (List<Map<String, Object>>) doc.get("threads")) byName.put((String) t.get("name"), t);
        return byName;
    }

    @SuppressWarnings("unchecked")
    private static List<Map<String, Object>> frames(Map<String, Object> thread) {
        return (List<Map<String, Object>>) thread.get("frames");
    }

    private static List<String> methods(Map<String, Object> thread) {
        return frames(thread).stream().map(f -> f.get("class") + "." + f.get("method")).toList();
    }

    @SuppressWarnings("unchecked")
    private static List<Map<String, Object>> rows(Map<String, Object> doc) {
        return (List<Map<String, Object>>) doc.get("objects");
    }

    @SuppressWarnings("unchecked")
    private static Map<String, Object> json(String... args) throws Exception {
        var out = new ByteArrayOutputStream();
        var err = new ByteArrayOutputStream();
        int code = Main.run(List.of(args), new PrintStream(out, true, StandardCharsets.UTF_8), new PrintStream(err, true, StandardCharsets.UTF_8));
        assertEquals(0, code, err.toString(StandardCharsets.UTF_8));
        return (Map<String, Object>) JsonAccess.parse(out.toString(StandardCharsets.UTF_8));
    }

    private static Matcher find(List<String> lines, Pattern p) {
        for (String line : lines) {
            Matcher m = p.matcher(line);
            if (m.find()) return m;
        }
        throw new AssertionError("the program has no line matching " + p);
    }

    /** The 1-based number of the line with {@code marker}. */
    private static int lineOf(List<String> lines, String marker) {
        for (int i = 0; i < lines.size(); i++) if (lines.get(i).contains(marker)) return i + 1;
        throw new AssertionError("the program has no " + marker);
    }
}
