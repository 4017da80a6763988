package org.polyheap.acquire;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.net.StandardProtocolFamily;
import java.net.UnixDomainSocketAddress;
import java.nio.ByteBuffer;
import java.nio.channels.SocketChannel;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CancellationException;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;

import org.polyheap.model.Progress;

/**
 * Local HotSpot JVMs through the Attach API ({@code jdk.attach}): {@code VirtualMachine.list()} finds them,
 * {@code VirtualMachine.attach} starts the target's attach listener (and checks it is ours to attach to:
 * same user, attach enabled), and the dump is the diagnostic command {@code GC.heap_dump} sent on the
 * listener's socket as jcmd sends it (the HotSpot attach protocol, version 1: the public API has no call
 * for diagnostic commands). The target JVM writes the file itself, to the part file's name; we rename it
 * when the command says it is complete.
 */
final class JvmAttach {
    private JvmAttach() { }

    /** The local JVMs we may attach to, but not this one. Empty when this Java has no {@code jdk.attach}. */
    static List<Target> list() {
        var targets = new ArrayList<Target>();
        try {
            for (var d : com.sun.tools.attach.VirtualMachine.list()) {
                long pid;
                try {
                    pid = Long.parseLong(d.id());
                } catch (NumberFormatException e) {
                    continue;
                }
                if (pid == ProcessHandle.current().pid()) continue;
                targets.add(target(pid, d.displayName()));
            }
        } catch (LinkageError noAttachModule) {
            // a runtime without jdk.attach: no JVMs to list (take() says why)
        }
        return targets;
    }

    private static Target target(long pid, String displayName) {
        String main = displayName == null || displayName.isBlank() ? "(main class unknown)" : title(displayName);
        String version = javaVersion(pid);
        return new Target(Target.Kind.JVM, pid, main, version.isEmpty() ? "" : "JDK " + version, null, "", true);
    }

    /**
     * What a user recognizes of a JVM's command ({@code sun.java.command}, as jps shows it): the main class
     * without its module ({@code app/com.example.Main} → {@code com.example.Main}), a jar or a source file
     * by its name ({@code /opt/app/app.jar} → {@code app.jar}; {@code java Hello.java} → {@code Hello.java}),
     * then the arguments.
     */
    static String title(String command) {
        String c = command.strip();
        String sourceLauncher = "jdk.compiler/com.sun.tools.javac.launcher.";
        if (c.startsWith(sourceLauncher) && c.indexOf(' ') > 0) c = c.substring(c.indexOf(' ') + 1).strip();
        int space = c.indexOf(' ');
        String first = space < 0 ? c : c.substring(0, space);
        String rest = space < 0 ? "" : c.substring(space);
        if (first.matches("[\\w.]+/[\\w.$]+")) first = first.substring(first.indexOf('/') + 1); // module/class
        else if (first.contains("/")) first = first.substring(first.lastIndexOf('/') + 1); // a path: its name
        return first + rest;
    }

    /** The target for JVM {@code pid}, or NOT_FOUND when no such process or it is no JVM. */
    static Target of(long pid) throws AcquireException {
        if (ProcessHandle.of(pid).isEmpty()) throw new AcquireException(AcquireException.Reason.NOT_FOUND, "pid " + pid + ": no such process");
        for (Target t : list()) if (t.pid() == pid) return t;
        if (isJvm(pid)) return target(pid, mainOf(pid));
        throw new AcquireException(AcquireException.Reason.NOT_FOUND, "pid " + pid + ": not a JVM (nor a Node.js process)");
    }

    /** True when the process maps a libjvm: a HotSpot JVM even when {@code -XX:-UsePerfData} hides it from the list. */
    static boolean isJvm(long pid) {
        try (var lines = Files.lines(Path.of("/proc", Long.toString(pid), "maps"))) {
            return lines.anyMatch(l -> l.endsWith("/libjvm.so"));
        } catch (IOException | java.io.UncheckedIOException e) {
            return false;
        }
    }

    private static String mainOf(long pid) {
        return ProcessHandle.of(pid).flatMap(h -> h.info().arguments()).map(a -> a.length == 0 ? "" : a[a.length - 1]).orElse("");
    }

    /** The Java version of process {@code pid} from its JDK's {@code release} file ({@code JAVA_VERSION="25"}), or "". */
    static String javaVersion(long pid) {
        try {
            Path exe = Files.readSymbolicLink(Path.of("/proc", Long.toString(pid), "exe"));
            for (Path home = exe.getParent(); home != null; home = home.getParent()) {
                Path release = home.resolve("release");
                if (Files.isRegularFile(release)) {
                    for (String line : Files.readAllLines(release)) {
                        if (line.startsWith("JAVA_VERSION=")) return line.substring(13).replace("\"", "");
                    }
                    return "";
                }
            }
        } catch (IOException | RuntimeException e) {
            // another user's process, or gone
        }
        return "";
    }

    /**
     * Dumps the heap of JVM {@code pid} into {@code part}: live objects only unless {@code all}, gzip-compressed
     * ({@code -gz=1}) when asked. Blocks until the JVM has written the file; progress is its size so far.
     */
    static void dump(long pid, PartFile part, boolean all, boolean gzip, Progress progress) throws IOException {
        String what = "pid " + pid;
        progress.phase("Attaching to JVM " + pid, -1);
        attach(pid);
        Path socket = socketOf(pid);
        String command = "GC.heap_dump" + (all ? " -all" : "") + (gzip ? " -gz=1" : "") + " " + part.path();
        var answer = new CompletableFuture<String>();
        Thread.ofPlatform().daemon().name("polyheap-attach-" + pid).start(() -> {
            try {
                answer.complete(jcmd(socket, command));
            } catch (Throwable t) {
                answer.completeExceptionally(t);
            }
        });
        progress.phase("Dumping the heap of JVM " + pid, -1);
        long reported = 0;
        String output;
        while (true) {
            if (progress.isCanceled()) {
                // the JVM goes on writing: delete the file once it is done (its own thread ends with it)
                answer.whenComplete((o, e) -> deleteQuietly(part.path()));
                throw new CancellationException("canceled");
            }
            try {
                output = answer.get(200, TimeUnit.MILLISECONDS);
                break;
            } catch (TimeoutException e) {
                long size = part.size();
                if (size > reported) progress.worked(size - reported);
                reported = Math.max(reported, size);
            } catch (ExecutionException e) {
                if (ProcessHandle.of(pid).map(ProcessHandle::isAlive).orElse(false) == false) {
                    throw new AcquireException(AcquireException.Reason.TARGET_GONE, what + ": the JVM exited during the dump");
                }
                throw new AcquireException(AcquireException.Reason.TARGET_GONE, what + ": the attach connection broke: "
                        + RpcSocket.message(e.getCause()), e.getCause());
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                throw new CancellationException("interrupted");
            }
        }
        if (!output.contains("Heap dump file created") || !Files.isRegularFile(part.path())) {
            if (ProcessHandle.of(pid).map(ProcessHandle::isAlive).orElse(false) == false) {
                throw new AcquireException(AcquireException.Reason.TARGET_GONE, what + ": the JVM exited during the dump");
            }
            String said = output.strip().replace(part.path().toString(), part.target().toString()).replaceAll("\\s*\\n\\s*", "; ");
            throw new AcquireException(AcquireException.Reason.REFUSED, what + ": GC.heap_dump failed: " + (said.isEmpty() ? "no answer" : said));
        }
        long size = part.size();
        if (size > reported) progress.worked(size - reported);
    }

    private static void deleteQuietly(Path p) {
        try {
            Files.deleteIfExists(p);
        } catch (IOException e) {
            // nothing better to do
        }
    }

    /** Starts the target's attach listener through the Attach API; refusals as one line. */
    private static void attach(long pid) throws AcquireException {
        String what = "pid " + pid;
        if (ProcessHandle.of(pid).isEmpty()) throw new AcquireException(AcquireException.Reason.NOT_FOUND, what + ": no such process");
        com.sun.tools.attach.VirtualMachine vm;
        try {
            vm = com.sun.tools.attach.VirtualMachine.attach(Long.toString(pid));
        } catch (LinkageError e) {
            throw new AcquireException(AcquireException.Reason.REFUSED, what + ": this Java has no Attach API (module jdk.attach): run Polyheap on a full JDK");
        } catch (com.sun.tools.attach.AttachNotSupportedException e) {
            String why = refusal(e);
            throw new AcquireException(AcquireException.Reason.REFUSED, what + ": attach refused: " + why
                    + (why.contains("DisableAttach") ? "" : " (not a HotSpot JVM, or another user's?)"), e);
        } catch (IOException e) {
            String m = RpcSocket.message(e);
            throw new AcquireException(AcquireException.Reason.REFUSED, what + ": attach refused: " + m
                    + (m.contains("ermission") || m.contains("not secure") || m.contains("owner") ? " (another user's JVM: run Polyheap as that user)" : ""), e);
        } catch (SecurityException e) {
            throw new AcquireException(AcquireException.Reason.REFUSED, what + ": attach refused: " + RpcSocket.message(e), e);
        }
        try {
            vm.detach();
        } catch (IOException e) {
            // the listener is started; detaching only forgets the handle
        }
    }

    private static String refusal(Exception e) {
        String m = RpcSocket.message(e);
        if (m.contains("does not support the attach mechanism")) return "the JVM was started with -XX:+DisableAttachMechanism";
        int colon = m.indexOf(": target process");
        return colon > 0 ? "the JVM does not answer" : m;
    }

    /**
     * The attach listener's socket: {@code /tmp/.java_pid<pid>} as the target sees it (through
     * {@code /proc/<pid>/root}, with its namespace pid, for a JVM in a container).
     */
    private static Path socketOf(long pid) {
        long nsPid = pid;
        try {
            for (String line : Files.readAllLines(Path.of("/proc", Long.toString(pid), "status"))) {
                if (line.startsWith("NSpid:")) {
                    String[] f = line.substring(6).strip().split("\\s+");
                    nsPid = Long.parseLong(f[f.length - 1]);
                }
            }
        } catch (IOException | RuntimeException e) {
            // no /proc: the plain path
        }
        Path inRoot = Path.of("/proc", Long.toString(pid), "root", "tmp", ".java_pid" + nsPid);
        return Files.exists(inRoot) ? inRoot : Path.of("/tmp", ".java_pid" + pid);
    }

    /** Sends one diagnostic command (protocol 1: "1", "jcmd", the command, two empty arguments); its output. */
    private static String jcmd(Path socket, String command) throws IOException {
        try (var channel = SocketChannel.open(StandardProtocolFamily.UNIX)) {
            channel.connect(UnixDomainSocketAddress.of(socket));
            var request = new ByteArrayOutputStream();
            for (String part : new String[] { "1", "jcmd", command, "", "" }) {
                request.write(part.getBytes(StandardCharsets.UTF_8));
                request.write(0);
            }
            channel.write(ByteBuffer.wrap(request.toByteArray()));
            var response = new ByteArrayOutputStream();
            ByteBuffer buffer = ByteBuffer.allocate(8192);
            while (channel.read(buffer) >= 0) {
                response.write(buffer.array(), 0, buffer.position());
                buffer.clear();
            }
            String text = response.toString(StandardCharsets.UTF_8);
            int newline = text.indexOf('\n');
            String status = (newline < 0 ? text : text.substring(0, newline)).strip();
            String output = newline < 0 ? "" : text.substring(newline + 1);
            if (!status.equals("0")) return "(status " + status + ") " + output;
            return output;
        }
    }
}
