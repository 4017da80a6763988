package org.polyheap.acquire;

import java.io.IOException;
import java.net.URI;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeSet;
import java.util.stream.Stream;

/**
 * Node.js processes on this machine (Linux {@code /proc}) and their inspectors: of the loopback ports each
 * listens on (its socket inodes in {@code /proc/net/tcp}, {@code tcp6}), the one its {@code --inspect}
 * option names ({@link #inspectorPorts}) is asked for {@code /json/list}.
 * A Node process without an inspector is listed as not ready; {@link #signal} sends it SIGUSR1, Node's
 * own switch that opens the inspector on 127.0.0.1:9229, once the user agreed.
 */
final class NodeProcesses {
    private NodeProcesses() { }

    private static final Path PROC = Path.of("/proc");
    private static final Duration ASK = Duration.ofSeconds(2);

    /** Every Node process we can see, with an inspector target each when it has one. */
    static List<Target> list() {
        var targets = new ArrayList<Target>();
        if (!Files.isDirectory(PROC)) return targets;
        Map<Long, Integer> loopbackPorts = listeningLoopbackPorts();
        try (Stream<Path> ps = Files.list(PROC)) {
            for (Path p : (Iterable<Path>) ps::iterator) {
                String name = p.getFileName().toString();
                if (!name.chars().allMatch(Character::isDigit)) continue;
                long pid = Long.parseLong(name);
                if (pid == ProcessHandle.current().pid() || !isNode(pid)) continue;
                targets.addAll(of(pid, loopbackPorts));
            }
        } catch (IOException e) {
            // /proc unreadable: no Node processes to offer
        }
        return targets;
    }

    /** True when process {@code pid}'s executable is {@code node} or {@code nodejs}. */
    static boolean isNode(long pid) {
        String exe = executable(pid);
        return exe.equals("node") || exe.equals("nodejs");
    }

    private static String executable(long pid) {
        try {
            return Files.readSymbolicLink(PROC.resolve(pid + "/exe")).getFileName().toString();
        } catch (IOException | UnsupportedOperationException e) {
            try {
                return Files.readString(PROC.resolve(pid + "/comm")).strip();
            } catch (IOException e2) {
                return "";
            }
        }
    }

    /** The inspector targets of Node process {@code pid}, or one not-ready target when it has no inspector. */
    static List<Target> of(long pid) {
        return of(pid, listeningLoopbackPorts());
    }

    private static List<Target> of(long pid, Map<Long, Integer> loopbackPorts) {
        var found = new ArrayList<Target>();
        for (int port : inspectorPorts(pid, portsOf(pid, loopbackPorts))) {
            try {
                for (Target t : Cdp.list(URI.create("http://127.0.0.1:" + port), Target.Kind.NODE, pid, ASK)) {
                    // the script by its name, as for a process without an inspector (the inspector's title is the path as typed)
                    found.add(new Target(t.kind(), pid, script(pid), t.detail(), t.endpoint(), t.targetId(), true));
                }
            } catch (AcquireException notAnInspector) {
                // the program's own server, say
            }
        }
        if (found.isEmpty()) {
            found.add(new Target(Target.Kind.NODE, pid, script(pid), "no inspector: SIGUSR1 opens one", null, "", false));
        }
        return found;
    }

    /** Node's default inspector port (SIGUSR1, {@code --inspect} without a port). */
    static final int DEFAULT_INSPECTOR_PORT = 9229;

    /**
     * Which of the process's loopback ports may be its inspector, from its {@code --inspect} options (on
     * its command line or in {@code NODE_OPTIONS}), so the program's own servers are not asked: the port
     * given, 9229 without one or without the option (an inspector opened by SIGUSR1), and every
     * loopback port only for {@code --inspect=…:0} (a random port).
     */
    static java.util.SortedSet<Integer> inspectorPorts(long pid, TreeSet<Integer> listening) {
        var options = new ArrayList<String>(arguments(pid));
        String nodeOptions = environment(pid, "NODE_OPTIONS");
        if (!nodeOptions.isBlank()) options.addAll(List.of(nodeOptions.strip().split("\\s+")));
        int port = DEFAULT_INSPECTOR_PORT;
        for (String o : options) {
            if (!o.matches("--(inspect|inspect-brk|inspect-wait|inspect-port|debug-port)(=.*)?")) continue;
            int eq = o.indexOf('=');
            if (eq < 0) continue;
            String value = o.substring(eq + 1);
            String digits = value.substring(value.lastIndexOf(':') + 1);
            if (digits.matches("\\d{1,5}")) port = Integer.parseInt(digits);
        }
        if (port == 0) return listening;
        var one = new TreeSet<Integer>();
        if (listening.contains(port)) one.add(port);
        return one;
    }

    private static List<String> arguments(long pid) {
        try {
            return List.of(new String(Files.readAllBytes(PROC.resolve(pid + "/cmdline")), StandardCharsets.UTF_8).split("\0"));
        } catch (IOException e) {
            return List.of();
        }
    }

    private static String environment(long pid, String name) {
        try {
            for (String v : new String(Files.readAllBytes(PROC.resolve(pid + "/environ")), StandardCharsets.UTF_8).split("\0")) {
                if (v.startsWith(name + "=")) return v.substring(name.length() + 1);
            }
        } catch (IOException e) {
            // another user's process
        }
        return "";
    }

    /** The script a Node process runs, by its file name: its first argument that is not an option, else "node". */
    static String script(long pid) {
        List<String> args = arguments(pid);
        for (int i = 1; i < args.size(); i++) {
            String a = args.get(i);
            if (!a.startsWith("-")) return a.substring(a.lastIndexOf('/') + 1);
        }
        return "node";
    }

    /** The loopback TCP ports process {@code pid} listens on, lowest first. */
    private static TreeSet<Integer> portsOf(long pid, Map<Long, Integer> loopbackPorts) {
        var ports = new TreeSet<Integer>();
        try (Stream<Path> fds = Files.list(PROC.resolve(pid + "/fd"))) {
            for (Path fd : (Iterable<Path>) fds::iterator) {
                try {
                    String link = Files.readSymbolicLink(fd).toString();
                    if (link.startsWith("socket:[")) {
                        Integer port = loopbackPorts.get(Long.parseLong(link.substring(8, link.length() - 1)));
                        if (port != null) ports.add(port);
                    }
                } catch (IOException | NumberFormatException e) {
                    // closed meanwhile
                }
            }
        } catch (IOException e) {
            // another user's process, or gone
        }
        return ports;
    }

    /** Socket inode → port of every TCP socket listening on a loopback address (IPv4 and IPv6). */
    static Map<Long, Integer> listeningLoopbackPorts() {
        var ports = new HashMap<Long, Integer>();
        for (String table : List.of("tcp", "tcp6")) {
            try {
                for (String line : Files.readAllLines(PROC.resolve("net").resolve(table))) {
                    String[] f = line.strip().split("\\s+");
                    if (f.length < 10 || !f[3].equals("0A")) continue; // 0A: LISTEN
                    String[] local = f[1].split(":");
                    if (!loopbackHex(local[0])) continue;
                    ports.put(Long.parseLong(f[9]), Integer.parseInt(local[1], 16));
                }
            } catch (IOException | RuntimeException e) {
                // no such table
            }
        }
        return ports;
    }

    /** 127.x.x.x as /proc/net/tcp writes it (little-endian hex), ::1, and ::ffff:127.x.x.x. */
    private static boolean loopbackHex(String a) {
        if (a.length() == 8) return a.endsWith("7F");
        return a.equals("00000000000000000000000001000000") || a.startsWith("0000000000000000FFFF0000") && a.endsWith("7F");
    }

    /**
     * Sends SIGUSR1 to Node process {@code pid} (Node opens its inspector on 127.0.0.1:9229) and waits up to
     * 10 s for the inspector; its targets.
     */
    static List<Target> signal(long pid) throws AcquireException {
        if (!isNode(pid)) throw new AcquireException(AcquireException.Reason.NOT_FOUND, "pid " + pid + ": not a Node.js process");
        try {
            Process kill = new ProcessBuilder("kill", "-USR1", Long.toString(pid)).redirectErrorStream(true).start();
            String out = new String(kill.getInputStream().readAllBytes(), StandardCharsets.UTF_8).strip();
            if (kill.waitFor() != 0) throw new AcquireException(AcquireException.Reason.REFUSED, "pid " + pid + ": SIGUSR1 refused: " + out);
        } catch (IOException e) {
            throw new AcquireException(AcquireException.Reason.REFUSED, "pid " + pid + ": cannot send SIGUSR1: " + RpcSocket.message(e), e);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new java.util.concurrent.CancellationException("interrupted");
        }
        long until = System.nanoTime() + 10_000_000_000L;
        while (System.nanoTime() < until) {
            var targets = of(pid);
            if (targets.getFirst().ready()) return targets;
            if (ProcessHandle.of(pid).map(ProcessHandle::isAlive).orElse(false) == false) {
                throw new AcquireException(AcquireException.Reason.TARGET_GONE, "pid " + pid + ": the process exited");
            }
            try {
                Thread.sleep(100);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                throw new java.util.concurrent.CancellationException("interrupted");
            }
        }
        throw new AcquireException(AcquireException.Reason.REFUSED, "pid " + pid
                + ": no inspector 10 s after SIGUSR1 (port 9229 taken by another process? started with --disable-sigusr1?)");
    }
}
