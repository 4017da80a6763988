package org.polyheap.testdata;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * Real runtimes started by tests, on loopback only: a child JVM, Node.js (with or without an inspector),
 * a Dart VM with its service, headless Chromium with a remote-debugging port, each running one of the known
 * programs of {@code data/live/}. A runtime this machine lacks is an error naming how to install it
 * ({@code dev/runtimes.sh}, which {@code ./polyheap test} runs), never a silent skip. Each child's output
 * goes to a log file in the test's folder; {@link Child#close()} ends it.
 */
public final class LiveRuntimes {
    /** The npm package whose non-product JIT {@code dart} has the VM service and the heap snapshot writer. */
    public static final String DART_PACKAGE = "sass-embedded-linux-ia32-1.89.0";

    private static final long START_TIMEOUT_MS = 120_000;

    private LiveRuntimes() { }

    /** A started runtime: its process, the address it printed (an inspector's ws:// URL, a service URI), its log. */
    public static final class Child implements AutoCloseable {
        private final Process process;
        private final Path log;
        private final String address;

        Child(Process process, Path log, String address) {
            this.process = process;
            this.log = log;
            this.address = address;
        }

        public long pid() { return process.pid(); }

        public Process process() { return process; }

        /** What the runtime printed as its address: {@code ws://127.0.0.1:…/<uuid>}, {@code http://127.0.0.1:…/}; "" for none. */
        public String address() { return address; }

        /** Everything it printed so far. */
        public String log() {
            try {
                return read(log);
            } catch (IOException e) {
                return "(no log: " + e.getMessage() + ")";
            }
        }

        /** Closes its standard input (the known programs then end) and ends it if it has not ended in 5 s. */
        @Override
        public void close() {
            try {
                process.getOutputStream().close();
            } catch (IOException e) {
                // ended already
            }
            try {
                if (!process.waitFor(5, java.util.concurrent.TimeUnit.SECONDS)) {
                    process.descendants().forEach(ProcessHandle::destroyForcibly);
                    process.destroyForcibly();
                    process.waitFor(10, java.util.concurrent.TimeUnit.SECONDS);
                }
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
            }
        }
    }

    /** A file of {@code data/live/}: KnownObjects.java, known.js, big.js, page.html. */
    public static Path program(String name) {
        return TestData.folder().resolve("live").resolve(name);
    }

    /** {@code KnownObjects.java} in a child JVM of the JDK running the tests, once it printed "ready". */
    public static Child java(Path dir, String... jvmOptions) throws IOException {
        String java = ProcessHandle.current().info().command().orElse("java");
        var command = new ArrayList<String>(List.of(java, "-Xmx256m"));
        command.addAll(List.of(jvmOptions));
        command.add(program("KnownObjects.java").toString());
        return start(command, dir, "java", Pattern.compile("^ready$", Pattern.MULTILINE));
    }

    /**
     * {@code node} running {@code script} of {@code data/live/}; with {@code inspector}, {@code --inspect=127.0.0.1:0}
     * and the inspector's ws:// URL as the address (from "Debugger listening on ws://…").
     */
    public static Child node(Path dir, String script, boolean inspector) throws IOException {
        var command = new ArrayList<String>(List.of(require("node", "node", "apt-get install nodejs")));
        if (inspector) command.add("--inspect=127.0.0.1:0");
        command.add(program(script).toString());
        Child c = start(command, dir, "node", Pattern.compile("^ready", Pattern.MULTILINE));
        if (!inspector) return c;
        return new Child(c.process, c.log, waitFor(c.process, c.log, Pattern.compile("Debugger listening on (ws://\\S+)"), "node's inspector"));
    }

    /** The Dart VM of {@link #DART_PACKAGE}: {@code POLYHEAP_DART_VM}, or where {@code dev/runtimes.sh} unpacks it. */
    public static Path dartExecutable() {
        String env = System.getenv("POLYHEAP_DART_VM");
        Path dart = env != null && !env.isBlank() ? Path.of(env)
                : Path.of(System.getProperty("user.home"), ".cache", "polyheap", "runtimes", DART_PACKAGE, "package", "dart-sass", "src", "dart");
        if (!Files.isExecutable(dart)) {
            throw new AssertionError("a Dart VM is needed (" + dart + " is missing): dev/runtimes.sh installs it (npm package "
                    + DART_PACKAGE.replace("-1.89.0", "@1.89.0") + " and libc6-i386); ./polyheap test runs it");
        }
        return dart;
    }

    /**
     * A real Dart VM (dart-sass reading its standard input, so it waits) with the VM service on a random
     * loopback port and no auth codes; the service URI as the address.
     */
    public static Child dartVm(Path dir) throws IOException {
        Path dart = dartExecutable();
        var command = List.of(dart.toString(), "--disable-dart-dev", "--no-dds", "--enable-vm-service=0/127.0.0.1",
                "--disable-service-auth-codes", dart.resolveSibling("sass.snapshot").toString(), "--stdin");
        Child c = start(command, dir, "dart", Pattern.compile("The Dart VM service is listening on (http://\\S+)"));
        Matcher m = Pattern.compile("The Dart VM service is listening on (http://\\S+)").matcher(c.log());
        m.find();
        return new Child(c.process, c.log, m.group(1));
    }

    /**
     * Headless Chromium on {@code page.html} with {@code --remote-debugging-port=0}; its DevTools endpoint
     * {@code http://127.0.0.1:PORT} as the address (from "DevTools listening on ws://…").
     */
    public static Child chromium(Path dir) throws IOException {
        String exe = null;
        for (String c : List.of("/usr/bin/chromium", "/usr/bin/chromium-browser", "/usr/bin/google-chrome")) {
            if (Files.isExecutable(Path.of(c))) exe = c;
        }
        if (exe == null) throw new AssertionError("Chromium is needed: apt-get install chromium (dev/runtimes.sh; ./polyheap test runs it)");
        Path profile = Files.createDirectories(dir.resolve("chromium-profile"));
        var command = List.of(exe, "--headless", "--no-sandbox", "--disable-gpu", "--no-first-run", "--disable-extensions",
                "--remote-debugging-port=0", "--user-data-dir=" + profile, program("page.html").toUri().toString());
        Pattern listening = Pattern.compile("DevTools listening on ws://([0-9.]+:\\d+)/");
        Child c = start(command, dir, "chromium", listening);
        Matcher m = listening.matcher(c.log());
        m.find();
        return new Child(c.process, c.log, "http://" + m.group(1));
    }

    /** A log as text; bytes that are no UTF-8 (a browser's) replaced. */
    static String read(Path log) throws IOException {
        return new String(Files.readAllBytes(log), java.nio.charset.StandardCharsets.UTF_8);
    }

    private static String require(String tool, String name, String install) {
        for (String d : System.getenv().getOrDefault("PATH", "/usr/bin").split(":")) {
            if (Files.isExecutable(Path.of(d, tool))) return Path.of(d, tool).toString();
        }
        throw new AssertionError(name + " is needed on PATH: " + install + " (dev/runtimes.sh; ./polyheap test runs it)");
    }

    private static Child start(List<String> command, Path dir, String name, Pattern ready) throws IOException {
        Path log = Files.createTempFile(dir, name + "-", ".log");
        Process p = new ProcessBuilder(command).directory(dir.toFile()).redirectErrorStream(true).redirectOutput(log.toFile()).start();
        waitFor(p, log, ready, name);
        return new Child(p, log, "");
    }

    /** Waits until the log has a match of {@code pattern}; its group 1 (or the match). Fails when the process ends first. */
    private static String waitFor(Process p, Path log, Pattern pattern, String what) throws IOException {
        long until = System.currentTimeMillis() + START_TIMEOUT_MS;
        while (System.currentTimeMillis() < until) {
            Matcher m = pattern.matcher(read(log));
            if (m.find()) return m.groupCount() > 0 ? m.group(1) : m.group();
            if (!p.isAlive()) throw new AssertionError(what + " ended (exit " + p.exitValue() + ") before it was ready: " + read(log));
            try {
                Thread.sleep(50);
            } catch (InterruptedException e) {
                p.destroyForcibly();
                Thread.currentThread().interrupt();
                throw new IOException("interrupted");
            }
        }
        p.destroyForcibly();
        throw new AssertionError(what + " was not ready within " + START_TIMEOUT_MS / 1000 + " s: " + read(log));
    }
}
