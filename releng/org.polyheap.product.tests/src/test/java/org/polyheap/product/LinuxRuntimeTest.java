package org.polyheap.product;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;

import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.polyheap.product.Products.Run;

/**
 * The Linux x86-64 archive, unpacked, on a machine whose only Java is its own runtime: the
 * environment holds no JAVA_HOME and a PATH with the shell tools but no java. The headless command
 * and the window (under Xvfb: the test needs DISPLAY, as `./polyheap test` gives it) both run on
 * runtime/bin/java.
 */
class LinuxRuntimeTest {
    @TempDir static Path dir;
    static Path product;
    static Map<String, String> env;
    static Path sample;

    @BeforeAll
    static void unpack() throws IOException {
        Products.unpack(Products.LINUX_X86_64, dir);
        product = dir.resolve("polyheap");
        env = Products.cleanEnvironment(dir, Products.toolsWithoutJava());
        try (Stream<Path> ui = Files.list(product.resolve("plugins"))) {
            Path bundle = ui.filter(p -> p.getFileName().toString().startsWith("org.polyheap.ui_")).findFirst().orElseThrow();
            sample = Files.copy(bundle.resolve("samples/chrome-todo.heapsnapshot.gz"), dir.resolve("chrome-todo.heapsnapshot.gz"));
        }
    }

    @Test
    void theEnvironmentHasNoJava() throws Exception {
        Run r = Products.run(env, 30, "/usr/bin/env", "bash", "-c", "command -v java || echo none; echo \"${JAVA_HOME:-unset}\"");
        assertEquals("none\nunset\n", r.out(), r.toString());
    }

    @Test
    void headlessCommandRunsOnTheBundledRuntime() throws Exception {
        Map<String, String> e = new HashMap<>(env);
        e.put("POLYHEAP_JAVA_OPTS", "-XshowSettings:properties"); // the JVM prints its properties on stderr
        Run help = Products.run(e, 120, product.resolve("polyheap").toString(), "--help");
        assertEquals(0, help.code(), help.toString());
        assertTrue(help.out().contains("Usage: polyheap"), help.toString());
        assertEquals(product.resolve("runtime").toString(), javaHome(help.err()), help.toString());

        Run overview = Products.run(env, 300, product.resolve("polyheap").toString(), "overview", sample.toString());
        assertEquals(0, overview.code(), overview.toString());
        assertTrue(overview.out().matches("(?s).*format\\s+v8.*objects\\s+107,659.*"), overview.toString());

        Run missing = Products.run(env, 120, product.resolve("polyheap").toString(), "overview", dir.resolve("nothing.hprof").toString());
        assertEquals(3, missing.code(), "bad input: exit code 3\n" + missing);
    }

    /** The headless command's own classes come from the runtime's AOT cache, made at build time, wherever the zip is unpacked. */
    @Test
    void headlessClassesComeFromTheAheadOfTimeCache() throws Exception {
        assertTrue(java.nio.file.Files.isRegularFile(product.resolve("runtime/lib/polyheap-headless.aot")), "the cache ships");
        Map<String, String> e = new HashMap<>(env);
        e.put("POLYHEAP_JAVA_OPTS", "-Xlog:class+load=info:stderr");
        Run r = Products.run(e, 300, product.resolve("polyheap").toString(), "overview", sample.toString());
        assertEquals(0, r.code(), r.toString());
        long cached = r.err().lines().filter(l -> l.contains(" org.polyheap.") && l.contains("shared objects file")).count();
        long loaded = r.err().lines().filter(l -> l.contains(" org.polyheap.") && l.contains("source: ")).count();
        assertTrue(cached > 50, cached + " of " + loaded + " Polyheap classes from the cache\n" + r.err().lines().limit(40).toList());
    }

    /** {@code query} has its own cache, with the SQL engine's classes (Calcite's start took 1.6 s of a first statement). */
    @Test
    void theQueryEnginesClassesComeFromTheQueryCache() throws Exception {
        assertTrue(java.nio.file.Files.isRegularFile(product.resolve("runtime/lib/polyheap-query.aot")), "the cache ships");
        Map<String, String> e = new HashMap<>(env);
        e.put("POLYHEAP_JAVA_OPTS", "-Xlog:class+load=info:stderr");
        Run r = Products.run(e, 300, product.resolve("polyheap").toString(), "query", sample.toString(), "SELECT count(*) FROM objects");
        assertEquals(0, r.code(), r.toString());
        assertTrue(r.out().contains("107,659") || r.out().contains("107659"), r.toString());
        long cached = r.err().lines().filter(l -> l.contains(" org.apache.calcite.") && l.contains("shared objects file")).count();
        long loaded = r.err().lines().filter(l -> l.contains(" org.apache.calcite.") && l.contains("source: ")
                && !l.contains("shared objects file")).count();
        assertTrue(cached > 500 && cached > 4 * loaded, cached + " Calcite classes from the cache, " + loaded + " loaded from jars");
    }

    @Test
    void windowWithoutDisplaySaysSoAndExits1() throws Exception {
        Run r = Products.run(env, 60, product.resolve("polyheap").toString());
        assertEquals(1, r.code(), r.toString());
        assertTrue(r.err().contains("no display"), r.toString());
    }

    @Test
    void windowOpensOnTheBundledRuntime() throws Exception {
        String display = System.getenv("DISPLAY");
        Assumptions.assumeTrue(display != null && !display.isEmpty(), "no DISPLAY: run under xvfb-run (./polyheap test does)");
        for (String tool : List.of("xwininfo", "xprop")) {
            assertTrue(Files.isExecutable(Path.of("/usr/bin", tool)), tool + " is needed: apt-get install x11-utils (./polyheap test installs it)");
        }
        Map<String, String> e = new HashMap<>(env);
        e.put("DISPLAY", display);
        if (System.getenv("XAUTHORITY") != null) e.put("XAUTHORITY", System.getenv("XAUTHORITY"));
        ProcessBuilder pb = new ProcessBuilder(product.resolve("polyheap").toString(), sample.toString());
        pb.environment().clear();
        pb.environment().putAll(e);
        pb.redirectErrorStream(true);
        Process p = pb.start();
        Products.Drain log = Products.drain(p.getInputStream());
        try {
            // the script execs java: the process is the JVM, whose window carries its pid (_NET_WM_PID)
            long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(240);
            boolean shown = false;
            while (!shown && p.isAlive() && System.nanoTime() < deadline) {
                shown = polyheapWindowOf(p.pid(), display);
                if (!shown) Thread.sleep(500);
            }
            assertTrue(shown, "no Polyheap window of pid " + p.pid() + " (alive: " + p.isAlive() + ")\n" + log.text());
            assertEquals(product.resolve("runtime/bin/java").toRealPath(), Path.of("/proc/" + p.pid() + "/exe").toRealPath(),
                    "the window's process runs the bundled java");
        } finally {
            p.destroy();
            if (!p.waitFor(30, TimeUnit.SECONDS)) p.destroyForcibly().waitFor();
        }
    }

    /**
     * The runtime holds every JDK module the product's plugins use (jdeps), so that a new bundle or
     * library needing another module fails here, not on a user's machine: add the module to
     * finish-products.sh. jdk.javadoc is left out on purpose: only ICU4J's doclet uses it.
     */
    @Test
    void runtimeHasTheModulesThePluginsUse() throws Exception {
        List<String> command = new java.util.ArrayList<>(List.of(Path.of(System.getProperty("java.home"), "bin", "jdeps").toString(),
                "--multi-release", "25", "--ignore-missing-deps", "--print-module-deps", "-q"));
        try (Stream<Path> plugins = Files.list(product.resolve("plugins"))) {
            plugins.filter(p -> p.toString().endsWith(".jar") || Files.isDirectory(p)).map(Path::toString).sorted().forEach(command::add);
        }
        Run jdeps = Products.run(Map.of("PATH", "/usr/bin:/bin"), 300, command.toArray(String[]::new));
        assertEquals(0, jdeps.code(), jdeps.toString());
        java.util.Set<String> used = new java.util.TreeSet<>(List.of(jdeps.out().strip().split(",")));
        used.remove("jdk.javadoc");
        java.util.Properties release = new java.util.Properties();
        try (var r = Files.newBufferedReader(product.resolve("runtime/release"))) {
            release.load(r);
        }
        List<String> inRuntime = List.of(release.getProperty("MODULES").replace("\"", "").split(" "));
        used.removeAll(inRuntime);
        assertEquals(java.util.Set.of(), used, "JDK modules the plugins use that runtime/ lacks: add them to "
                + "releng/org.polyheap.product/finish-products.sh (jdeps said " + jdeps.out().strip() + ")");
    }

    /** Whether a top-level window titled Polyheap of this process is on the display. */
    static boolean polyheapWindowOf(long pid, String display) throws Exception {
        Map<String, String> x = Map.of("DISPLAY", display, "XAUTHORITY", System.getenv().getOrDefault("XAUTHORITY", ""));
        Run tree = Products.run(x, 30, "/usr/bin/xwininfo", "-root", "-tree");
        Matcher m = Pattern.compile("(?m)^\\s*(0x[0-9a-f]+) \"Polyheap\": \\(\"Polyheap\" \"Polyheap\"\\)").matcher(tree.out());
        while (m.find()) {
            Run prop = Products.run(x, 30, "/usr/bin/xprop", "-id", m.group(1), "_NET_WM_PID");
            if (prop.out().trim().endsWith("= " + pid)) return true;
        }
        return false;
    }

    /** The java.home of -XshowSettings:properties output. */
    static String javaHome(String settings) {
        Matcher m = Pattern.compile("(?m)^\\s*java\\.home = (.*)$").matcher(settings);
        return m.find() ? m.group(1).trim() : null;
    }
}
